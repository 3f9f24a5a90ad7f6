// SPDX-License-Identifier: GPL-2.0
/*
 * The embedded default scenario: Mel Gorman's reproduction from the cover
 * letter of "Reduce GFP_ATOMIC allocation failures, candidate fix V3"
 * (12 Nov 2009), on the x86-64 machine, and its x86 sibling.  Every value
 * says where it comes from: [cover] the cover letter states it; [ref mm N]
 * the kernel's own default or boot-time computation, [ref test] the
 * test's setup as the mail thread gives it (docs/scenario-format.md, "The
 * default scenario", names the kernel function behind each); [seed 005]
 * patch 4 of the series; [assumed] nothing states it, so it is a
 * documented guess, with its alternative where there is an obvious one;
 * [fitted] an [assumed] value set by mmsim calibrate, within its range, to
 * the cover letter's two 2.6.30-0000000-force-highorder rows
 * (docs/calibration.md, "The shipped calibration").
 *
 * The [task] sections use the keys the workload programs define
 * (src/workload/, docs/workloads.md), which check them.
 */
#include "scenario.h"

/* The machine lines both arches share: the same disk, stack and volumes. */
#define COMMON_HZ_DISK_CRYPT \
"; [assumed] Kconfig's default; Mel's config is unknown (100 and 1000 were common)\n" \
"hz = 250\n" \
"; The drive behind /dev/sda5 [cover]: Mel's \"reports for the disk NCQ (depth\n" \
"; 31/32)\" and \"not very high-performance\" [thread: linux-mm, 26 Nov 2009]; no model\n" \
"; is known, so a 2007-09 7200 rpm SATA desktop drive: [datasheet] the class's\n" \
"; specifications and reviews.  Every key, its range and its source: docs/disk.md\n" \
"disk = rotational\n" \
"; [assumed] the partition must hold 5G + 2G of volumes and LVM metadata\n" \
"disk_size = 8G\n" \
"disk_capacity = 233G           ; [assumed] a \"250 GB\" drive (160-500 GB)\n" \
"disk_partition_start = 116G    ; [assumed] half-way in: where sda5 lay is unknown\n" \
"disk_bandwidth = 80M           ; [datasheet] outer zone (60-110 MB/s)\n" \
"disk_bandwidth_inner = 40M     ; [datasheet] inner zone (30-60 MB/s, about half)\n" \
"disk_zones = 30                ; [datasheet] Hitachi 7K500: zones 0-29\n" \
"disk_heads = 4                 ; [assumed] two platters (1-8 heads)\n" \
"disk_seek = 8500us             ; [datasheet] average read seek (8.0-9.5 ms)\n" \
"disk_seek_track = 1ms          ; [datasheet] track to track (0.8-1.2 ms)\n" \
"disk_seek_full = 17ms          ; [datasheet] full stroke (15-20 ms)\n" \
"disk_write_settle = 1ms        ; [datasheet] writes seek 1 ms longer (0.6-1.1 ms)\n" \
"disk_rpm = 7200                ; [assumed] the class: 4.17 ms average latency\n" \
"disk_overhead = 300us          ; [assumed] command overhead (0.1-0.5 ms)\n" \
"disk_queue_depth = 31          ; [thread] NCQ 31/32: libata uses 31 tags\n" \
"disk_ncq_age = 500ms           ; [assumed] bound on NCQ reordering (docs/disk.md)\n" \
"disk_write_cache = on          ; [datasheet] stock drives; ext3 sends no barriers\n" \
"disk_cache_size = 16M          ; [datasheet] 8-32 MB in drives of 2007-09\n" \
"disk_readahead = 512K          ; [assumed] read-ahead per segment (0-2M)\n" \
"disk_read_segments = 4         ; [assumed] read-ahead segments (1-16)\n" \
"disk_link_bandwidth = 286M     ; [datasheet] SATA 3 Gb/s: 300 MB/s\n" \
"disk_max_request = 512K        ; [assumed] max_sectors of a SATA disk of the time\n" \
"crypt = on                     ; [cover] cryptsetup create on /dev/sda5, LVM on top\n"

/* CPU costs are written for one reference CPU; cpu_speed scales them. */
#define COMMON_CRYPT_COST \
"; [assumed] software AES-256-CBC (cryptsetup create's default; no AES-NI\n" \
"; before 2010) on the reference core: 64 MB/s, range 45-110 MB/s\n" \
"; (docs/model.md, Engine: CPU speed)\n" \
"crypt_cost = 64us\n"

#define COMMON_VOLUMES \
"fs_size = 5G                   ; [cover] lvcreate -L 5G, ext3 on /scratch\n" \
"swap_size = 2G                 ; [cover] lvcreate -L 2G, the only swap\n" \
"; [cover] \"On a normal partition, I expand a tarball containing test scripts\":\n" \
"; [assumed] plain ext3 at the drive's start (a root partition before the\n" \
"; extended one holding sda5): the harness's logs go there\n" \
"logfs_size = 20G\n" \
"logfs_start = 0\n"

#define COMMON_VM_RUN_TASKS \
"\n" \
"[vm]\n" \
"; [ref mm] the kernels' defaults; the cover letter changes none of them\n" \
"min_free_kbytes = 0            ; [ref mm 1.2] 0: computed at boot, about 2880 kB for 512M\n" \
"swappiness = 60                ; [ref mm 0] default\n" \
"dirty_ratio = 20               ; [ref mm 0] default\n" \
"dirty_background_ratio = 10    ; [ref mm 0] default\n" \
"dirty_expire_centisecs = 3000  ; [ref mm 0] default, 30 s\n" \
"dirty_writeback_centisecs = 500 ; [ref mm 0] default, 5 s\n" \
"nr_requests = 128              ; [ref mm 0] BLKDEV_MAX_RQ\n" \
"; low_latency: not set, the profile's: on in 2.6.32, absent in 2.6.30 and 2.6.31 [ref test]\n" \
"; lowmem_reserve_ratio: not set, the kernel's defaults [ref mm 1.4]\n" \
"percpu_pagelist_fraction = 0   ; [ref mm 3.5] default, unused\n" \
"; kswapd_short_sleep: not set, patch 4's HZ/10 when the profile has patch 4 [seed 005]\n" \
"\n" \
"[kernel]\n" \
"; [cover] the first 2.6.32-rc6 row; mmsim compare runs every row of the table\n" \
"profile = 2.6.32-rc6-0000000-force-highorder\n" \
"\n" \
"[run]\n" \
"seed = 1\n" \
"; [cover] the measure is fake-gitk's elapsed time: the run ends when gitk does\n" \
"until = gitk-done\n" \
"; [assumed] run-test.sh sampled nr_writeback \"at regular intervals\"; 1 s is a guess\n" \
"sample_interval = 1s\n" \
"; [assumed] a safety stop: 1.7 times the slowest published run (21:33)\n" \
"max_time = 1h\n" \
"\n" \
"; The programs and their keys: docs/workloads.md.\n" \
"[task gitk]\n" \
"; [cover] fake gitk: loads all the logs into a large buffer, then builds a parent\n" \
"; to child hash map, prints a line every so many commits, discards it all, repeats\n" \
"program = gitk\n" \
"repo = linux-2.6               ; [cover] git clone ... linux-2.6 on /scratch\n" \
"; [assumed] concurrent processes: at least 4, as Mel graphed \"the fourth instance\n" \
"; of fake-gitk\" (<20091105164832.GB25926@csn.ul.ie>); range 4-6; [fitted]\n" \
"instances = 5\n" \
"; [assumed] started together (0-60 s apart: Frans Pop started his a load apart)\n" \
"stagger = 0\n" \
"; [assumed] how fake gitk got its log: inline (it reads the pack) or, as gitk\n" \
"; does, a git log process writing into a pipe (docs/workloads.md); [fitted]\n" \
"producer = pipe\n" \
"; [assumed] git log's own heap per commit walked (struct commit, tree, parents,\n" \
"; hash slots; it frees each commit's text once printed): 100-250 B\n" \
"git_heap = 144B\n" \
"; [assumed] the second pass walks the buffer forward (as git log printed it) or\n" \
"; backward; the record does not say; [fitted]\n" \
"map_order = forward\n" \
"; [cover] \"The length of time it takes fake-gitk to complete on average\"\n" \
"elapsed = mean\n" \
"; [assumed] linux-2.6.git in early Nov 2009: 168000-172000 commits (Frans Pop\n" \
"; counted 167500 on 19 Oct 2009)\n" \
"commits = 170000\n" \
"; [assumed] a commit object of about 800 bytes, zlib-packed: 350-600 B\n" \
"log_bytes = 400B\n" \
"; [assumed] kept per commit: the text git log --pretty=raw --parents prints for\n" \
"; it, 700-1100 B (docs/workloads.md); [fitted]: 177 MiB of buffer per process\n" \
"decoded_bytes = 1094B\n" \
"hash_entry = 128B              ; [assumed] key, child list and entry: 64-256 B\n" \
"print_every = 1000             ; [assumed] \"a large number of commits\"\n" \
"; [cover] \"a small number of times\"; [assumed] 2-5; [fitted]\n" \
"loops = 4\n" \
"map_pass = on                  ; [cover] \"and then builds a very basic hash map\"\n" \
"pack_access = mmap             ; git maps its packs: sha1_file.c use_pack()\n" \
"read_size = 64K                ; [assumed] pack bytes per batch of faults\n" \
"; [assumed] git log's inflate, parse and print per pack byte: 10-60 ns\n" \
"cpu_per_byte = 20ns\n" \
"; [assumed] fake gitk, a script, reading and appending a commit's ~13 lines:\n" \
"; 2-150 us (a C loop to real gitk's 149 us, Frans Pop, 19 Oct 2009); [fitted]\n" \
"cpu_per_commit = 2140ns\n" \
"map_cpu_per_commit = 5us       ; [assumed] hash one commit: 0.5-50 us\n" \
"\n" \
"[task music]\n" \
"; [cover] fake music player: rsync with a bandwidth limit pulling a music folder\n" \
"program = music\n" \
"net = netrx                    ; its packets arrive through the netrx task\n" \
"folder = music                 ; [cover] mkdir music on /scratch\n" \
"file_size = 5M                 ; [assumed] one track\n" \
"files = 200                    ; [assumed] 1 GB: more than a run pulls at 40 KB/s\n" \
"write_size = 32K               ; [assumed] rsync's IO_BUFFER_SIZE per write()\n" \
"cpu_per_byte = 10ns            ; [assumed] rsync's copy and checksums\n" \
"\n" \
"[task netrx]\n" \
"; [cover] force-highorder: every network receive is an order-2 allocation,\n" \
"; GFP_ATOMIC from softirq; the patched generic skbuff path, not a wireless driver\n" \
"program = netrx\n" \
"; order: not set, the profile's (2 for every force-highorder row) [cover]\n" \
"driver = generic\n" \
"ring = 256                     ; [assumed] RX descriptors: iwlagn's and e1000's 256\n" \
"payload = 1448B                ; [assumed] a TCP segment on a 1500-byte MTU\n" \
"; [assumed] rsync --bwlimit: a 320 kbit/s stream; the letter gives no figure\n" \
"bwlimit = 40K\n" \
"rcvbuf = 256K                  ; [assumed] socket buffer, between tcp_rmem default and max\n" \
"cpu = 0                        ; [assumed] the NIC interrupt on CPU 0\n" \
"\n" \
"; The harness [cover]: run-test.sh runs each program as \"expect_unbuffered\n" \
"; PROGRAM | latency-output\" and samples /proc/vmstat, from the normal partition\n" \
"; (logfs).  Keys and sources: docs/workloads.md, latency-output and monitor.\n" \
"[task latency-gitk]\n" \
"program = latency-output\n" \
"watch = gitk                   ; a pipeline per gitk process\n" \
"expect_cpu = 30us              ; [assumed] expect relaying a line: 10-100 us\n" \
"cpu_per_line = 20us            ; [assumed] the script timing a line: 10-50 us\n" \
"line_bytes = 80B               ; latency-output's line: 40 bytes and gitk's\n" \
"rss = 2M                       ; [assumed] each interpreter's heap: 1-4 MiB\n" \
"hot_pages = 4                  ; [assumed] of it touched per line\n" \
"\n" \
"[task latency-music]\n" \
"program = latency-output\n" \
"watch = music                  ; rsync -v names each file received\n" \
"\n" \
"[task watch-writeback]\n" \
"; [cover] \"records nr_writeback at regular intervals\"\n" \
"program = monitor\n" \
"; [assumed] 1-10 s: MMTests' first config (2010) samples every 10 s\n" \
"interval = 10s\n" \
"cpu = 2ms                      ; [assumed] a shell forking grep and sleep: 0.5-5 ms\n" \
"\n" \
"[task watch-pageio]\n" \
"; [cover] \"tracks Page IO\"\n" \
"program = monitor\n" \
"interval = 10s                 ; [assumed] as watch-writeback\n" \
"cpu = 2ms                      ; [assumed] as watch-writeback\n" \
"; MMTests' watch-pageio.sh: two `grep | awk` substitutions, 3 forks each\n" \
"forks = 6\n" \
"\n" \
"[task watch-swapio]\n" \
"; [cover] \"and Swap IO\"\n" \
"program = monitor\n" \
"interval = 10s                 ; [assumed] as watch-writeback\n" \
"cpu = 2ms                      ; [assumed] as watch-writeback\n" \
"; MMTests' watch-swapio.sh: two `grep | awk` substitutions, 3 forks each\n" \
"forks = 6\n"

const char scenario_calibration[] =
	"mmsim calibrate at commit 84104b8 (fake gitk's structure: git log "
	"through a pipe, 5 processes) on every 2.6.30-0000000-force-highorder "
	"baseline of the record, each machine's mean and its 19 Nov repeats' "
	"standard deviation, seeds 1-10 (x86-64 +5.0% sd 13.6 s, x86 -8.6% sd "
	"26.4 s at the fitted values; docs/calibration.md)";

const char scenario_default_text[] =
"; mmsim default scenario: the Nov 2009 reproduction on x86-64.\n"
"; [cover] cover letter, [ref mm N]/[ref test] mmsim's references, [assumed] a guess,\n"
"; [fitted] an [assumed] value mmsim calibrate set (docs/calibration.md).\n"
"\n"
"[machine]\n"
"arch = x86_64                  ; [cover] \"X86-64 AMD Phenom\"\n"
"mem = 512M                     ; [cover] \"booted with mem=512MB\"\n"
"; <20091119081219.GB1119@csn.ul.ie>: \"the X86-64 machine has twice as many\n"
"; cores as the X86 test machine\", a P4 showing 2 CPUs: a Phenom X4 (an X3\n"
"; has 3: try cpus = 3)\n"
"cpus = 4\n"
"threads_per_core = 1           ; a Phenom has no SMT\n"
"; the reference CPU every CPU cost is written for (crypt_cost, the tasks'\n"
"; cpu_* keys, the kernel's): one core of a 2.3 GHz Phenom X4\n"
"cpu_speed = 1\n"
COMMON_HZ_DISK_CRYPT
COMMON_CRYPT_COST
COMMON_VOLUMES
"pageblock_order = 9            ; [ref mm 3.1] x86-64: HUGETLB_PAGE_ORDER\n"
"; reserved: not set, the architecture's boot-time reservations [ref mm 1.1]\n"
COMMON_VM_RUN_TASKS;

const char scenario_default_x86_text[] =
"; mmsim default scenario: the Nov 2009 reproduction on x86 (Pentium 4).\n"
"; [cover] cover letter, [ref mm N]/[ref test] mmsim's references, [assumed] a guess,\n"
"; [fitted] an [assumed] value mmsim calibrate set (docs/calibration.md).\n"
"\n"
"[machine]\n"
"arch = x86                     ; [cover] \"X86 P4\"\n"
"mem = 512M                     ; [cover] \"booted with mem=512MB\"\n"
"; [assumed] one P4 core with Hyper-Threading: 2 CPUs, as the x86-64 machine's\n"
"; 4 cores are \"twice as many\" (without HT: cpus = 1, threads_per_core = 1)\n"
"cpus = 2\n"
"threads_per_core = 2\n"
"; [assumed] a 3 GHz P4 thread alone: 1/1.5 to 1/1.1 of a Phenom core\n"
"; (docs/model.md, Engine: CPU speed); [fitted] 1/1.17\n"
"cpu_speed = 0.8532\n"
"; [assumed] each thread while the other is busy: Hyper-Threading adding 20%\n"
"; of throughput (0-30%): 0.6, range 0.5-0.65 (docs/model.md, Engine)\n"
"smt_speed = 0.6\n"
COMMON_HZ_DISK_CRYPT
COMMON_CRYPT_COST
COMMON_VOLUMES
"; [ref mm 3.1] x86 non-PAE: 10 (PAE would be 9; which Mel ran is unknown)\n"
"pageblock_order = 10\n"
"; reserved: not set, the architecture's boot-time reservations [ref mm 1.1]\n"
COMMON_VM_RUN_TASKS;
