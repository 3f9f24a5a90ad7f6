// SPDX-License-Identifier: GPL-2.0
/*
 * The embedded default scenario: Mel Gorman's reproduction from the cover
 * letter of "Reduce GFP_ATOMIC allocation failures, candidate fix V3"
 * (12 Nov 2009), on the x86-64 machine, and its x86 sibling.  Every value
 * says where it comes from: [cover] the cover letter states it; [ref mm N]
 * section N of the kernel reference (shared/reference/linux-2.6.32-mm.md)
 * gives it; [ref test] the test and formats reference (test-and-formats.md,
 * from the mail thread) gives it; [seed 005] patch 4 of the series;
 * [assumed] nothing states it, so it is a documented guess, with its
 * alternative where there is an obvious one.
 *
 * DRAFT: the [task] keys are provisional; the workload programs define
 * (and validate) their own keys.
 */
#include "scenario.h"

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
"; [ref test] CFQ's low_latency: new and on by default in 2.6.32 (earlier kernels lack it)\n" \
"low_latency = on\n" \
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
"; PROVISIONAL task keys: the workload programs own and check them.\n" \
"[task gitk]\n" \
"; [cover] fake gitk: loads all the logs into a large buffer, builds a parent to\n" \
"; child hash map, prints a line every so many commits, discards it all, repeats\n" \
"program = gitk\n" \
"; [assumed] linux-2.6.git had roughly 170000 commits in Nov 2009\n" \
"commits = 170000\n" \
"; [assumed] sized so that buffer plus map (about 360M) make a 512M machine swap,\n" \
"; which the cover letter says the test needs; the real size is not stated\n" \
"log_size = 300M\n" \
"hash_entry = 64                ; [assumed] bytes per commit in the hash map\n" \
"print_every = 1000             ; [assumed] \"a large number of commits\"\n" \
"loops = 4                      ; [assumed] \"a small number of times\"\n" \
"; [assumed] CPU to inflate one 4K page of pack data (zlib, about 200 MB/s)\n" \
"decompress_cost = 20us\n" \
"\n" \
"[task music]\n" \
"; [cover] fake music player: rsync with a bandwidth limit pulling a music folder\n" \
"program = music\n" \
"; [assumed] a 320 kbit/s stream is 40 KB/s; the letter does not state --bwlimit\n" \
"bwlimit = 40K\n" \
"file_size = 5M                 ; [assumed] one track\n" \
"folder_size = 1G               ; [assumed] more than a run can pull\n" \
"rx = netrx                     ; its packets arrive through the netrx task\n" \
"\n" \
"[task netrx]\n" \
"; [cover] force-highorder: every network receive is an order-2 allocation,\n" \
"; GFP_ATOMIC from softirq as the iwlagn receive path of bug 14141\n" \
"program = netrx\n" \
"order = 2\n" \
"ring = 256                     ; [assumed] receive ring entries, a common NIC default\n" \
"packet = 1500                  ; [assumed] Ethernet MTU\n"

const char scenario_default_text[] =
"; mmsim default scenario: the Nov 2009 reproduction on x86-64.\n"
"; [cover] cover letter, [ref mm N]/[ref test] mmsim's references, [assumed] a guess.\n"
"\n"
"[machine]\n"
"arch = x86_64                  ; [cover] \"X86-64 AMD Phenom\"\n"
"mem = 512M                     ; [cover] \"booted with mem=512MB\"\n"
"; [assumed] a Phenom X4; the letter gives no count (an X3 has 3: try cpus = 3)\n"
"cpus = 4\n"
"; [assumed] Kconfig's default; Mel's config is unknown (100 and 1000 were common)\n"
"hz = 250\n"
"; [assumed] a 2009 7200 rpm SATA desktop disk behind /dev/sda5 [cover]\n"
"disk = rotational\n"
"; [assumed] the partition must hold 5G + 2G of volumes and LVM metadata\n"
"disk_size = 8G\n"
"disk_bandwidth = 80M           ; [assumed] sequential MB/s of such a disk\n"
"disk_seek = 8ms                ; [assumed] its average seek\n"
"disk_rpm = 7200                ; [assumed]\n"
"disk_max_request = 512K        ; [assumed] max_sectors of a SATA disk of the time\n"
"crypt = on                     ; [cover] cryptsetup create on /dev/sda5, LVM on top\n"
"; [assumed] software AES (no AES-NI before 2010), about 128 MB/s on one core\n"
"crypt_cost = 32us\n"
"fs_size = 5G                   ; [cover] lvcreate -L 5G, ext3 on /scratch\n"
"swap_size = 2G                 ; [cover] lvcreate -L 2G, the only swap\n"
"pageblock_order = 9            ; [ref mm 3.1] x86-64: HUGETLB_PAGE_ORDER\n"
"; reserved: not set, the architecture's boot-time reservations [ref mm 1.1]\n"
COMMON_VM_RUN_TASKS;

const char scenario_default_x86_text[] =
"; mmsim default scenario: the Nov 2009 reproduction on x86 (Pentium 4).\n"
"; [cover] cover letter, [ref mm N]/[ref test] mmsim's references, [assumed] a guess.\n"
"\n"
"[machine]\n"
"arch = x86                     ; [cover] \"X86 P4\"\n"
"mem = 512M                     ; [cover] \"booted with mem=512MB\"\n"
"; [assumed] one P4 core; with Hyper-Threading it shows 2 CPUs (try cpus = 2)\n"
"cpus = 1\n"
"; [assumed] Kconfig's default; Mel's config is unknown (100 and 1000 were common)\n"
"hz = 250\n"
"; [assumed] a 2009 7200 rpm SATA desktop disk behind /dev/sda5 [cover]\n"
"disk = rotational\n"
"; [assumed] the partition must hold 5G + 2G of volumes and LVM metadata\n"
"disk_size = 8G\n"
"disk_bandwidth = 80M           ; [assumed] sequential MB/s of such a disk\n"
"disk_seek = 8ms                ; [assumed] its average seek\n"
"disk_rpm = 7200                ; [assumed]\n"
"disk_max_request = 512K        ; [assumed] max_sectors of a SATA disk of the time\n"
"crypt = on                     ; [cover] cryptsetup create on /dev/sda5, LVM on top\n"
"; [assumed] software AES on a P4 core, about 64 MB/s\n"
"crypt_cost = 64us\n"
"fs_size = 5G                   ; [cover] lvcreate -L 5G, ext3 on /scratch\n"
"swap_size = 2G                 ; [cover] lvcreate -L 2G, the only swap\n"
"; [ref mm 3.1] x86 non-PAE: 10 (PAE would be 9; which Mel ran is unknown)\n"
"pageblock_order = 10\n"
"; reserved: not set, the architecture's boot-time reservations [ref mm 1.1]\n"
COMMON_VM_RUN_TASKS;
