// SPDX-License-Identifier: GPL-2.0
/*
 * Scenario files (see scenario.h and docs/scenario-format.md).
 *
 * libinih splits lines into sections, keys and values and strips comments;
 * everything else happens here.  Our line reader hands libinih one line at
 * a time, so it always knows the current line number (Debian's libinih is
 * built without INI_HANDLER_LINENO), and it looks at each line first to
 * catch what libinih would pass over silently or only report as a bare
 * line number: section headers (so an empty [task X] still counts, and an
 * unknown section is named), a line without '=', a key before any
 * section, over-long lines, NUL bytes.  It also strips leading blanks,
 * which turns off libinih's Python-style continuation lines: an indented
 * line is an ordinary line here.  Parsing stops at the first error.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <ini.h>
#include "param.h"
#include "suggest.h"
#include "workload/workload.h"
#include "hw/disk.h"

#define MAX_FILE_SIZE	(1 << 20)

const char *const scenario_arch_names[] = { "x86", "x86_64", NULL };
const char *const scenario_disk_names[] = { "rotational", "ssd", NULL };
static const char *const scenario_slab_names[] = { "slub", "slab", NULL };

/* ---- the registry ---------------------------------------------------- */

#define SEC	1000000000LL
#define MSEC	1000000LL
#define USEC	1000LL

static const struct param_spec machine_keys[] = {
	{ .key = "arch", .type = PARAM_ENUM, .def = "x86_64",
	  .words = scenario_arch_names,
	  PARAM_FIELD(struct scenario_machine, arch),
	  .doc = "architecture: x86 (DMA, Normal, HighMem zones; non-PAE) or x86_64 (DMA, DMA32)" },
	{ .key = "mem", .type = PARAM_SIZE, .required = true,
	  .min = 64 * MiB, .max = 4 * TiB, .align = 4 * KiB,
	  PARAM_FIELD(struct scenario_machine, mem),
	  .doc = "memory, as the mem= boot option; at most 4G on x86 and 1T on x86_64, and its page array must fit in half of this host's memory" },
	{ .key = "cpus", .type = PARAM_INT, .def = "1", .min = 1, .max = 64,
	  PARAM_FIELD(struct scenario_machine, cpus),
	  .doc = "number of logical CPUs (with Hyper-Threading, each thread is one)" },
	{ .key = "threads_per_core", .type = PARAM_INT, .def = "1",
	  .min = 1, .max = 2,
	  PARAM_FIELD(struct scenario_machine, threads_per_core),
	  .doc = "1, or 2 for Hyper-Threading: CPUs 2k and 2k+1 share a core; cpus must be a multiple" },
	{ .key = "cpu_speed", .type = PARAM_DOUBLE, .def = "1",
	  .dmin = 0.05, .dmax = 20,
	  PARAM_FIELD(struct scenario_machine, cpu_speed),
	  .doc = "speed of a core running one thread, relative to the reference CPU every CPU cost is written for (one core of a 2.3 GHz AMD Phenom X4; docs/model.md, Engine)" },
	{ .key = "smt_speed", .type = PARAM_DOUBLE, .def = "0.6",
	  .dmin = 0.3, .dmax = 1,
	  PARAM_FIELD(struct scenario_machine, smt_speed),
	  .doc = "with threads_per_core = 2: each thread's speed while its sibling is busy, relative to the thread alone (0.5: Hyper-Threading gains nothing, 1: two whole cores; 0.6 [assumed], docs/model.md, Engine)" },
	{ .key = "hz", .type = PARAM_INT, .def = "250", .min = 100, .max = 1000,
	  PARAM_FIELD(struct scenario_machine, hz),
	  .doc = "CONFIG_HZ: 100, 250, 300 or 1000 (Kconfig's choices; 250 is its default)" },
	{ .key = "disk", .type = PARAM_ENUM, .def = "rotational",
	  .words = scenario_disk_names,
	  PARAM_FIELD(struct scenario_machine, disk),
	  .doc = "the device model: a rotational disk (seek, rotation, transfer) or an ssd (transfer only)" },
	{ .key = "disk_size", .type = PARAM_SIZE, .def = "8G",
	  .min = 16 * MiB, .max = 1024 * TiB, .align = 4 * KiB,
	  PARAM_FIELD(struct scenario_machine, disk_size),
	  .doc = "size of the partition that holds the volumes" },
	/* The drive's keys: docs/disk.md has each one's source and range. */
	{ .key = "disk_capacity", .type = PARAM_SIZE, .def = "233G",
	  .min = 16 * MiB, .max = 1024 * TiB, .align = 4 * KiB,
	  PARAM_FIELD(struct scenario_machine, disk_capacity),
	  .doc = "the whole drive (rotational); when not set, at least disk_partition_start + disk_size" },
	{ .key = "disk_partition_start", .type = PARAM_SIZE, .def = "116G",
	  .min = 0, .max = 1024 * TiB, .align = 4 * KiB,
	  PARAM_FIELD(struct scenario_machine, disk_partition_start),
	  .doc = "where the partition begins on the drive (LBA 0 is the outer edge)" },
	{ .key = "disk_bandwidth", .type = PARAM_SIZE, .def = "80M",
	  .min = 1 * MiB, .max = 64 * GiB,
	  PARAM_FIELD(struct scenario_machine, disk_bandwidth),
	  .doc = "media transfer rate per second: a rotational drive's outer zone, an ssd's rate" },
	{ .key = "disk_bandwidth_inner", .type = PARAM_SIZE, .def = "40M",
	  .min = 1 * MiB, .max = 64 * GiB,
	  PARAM_FIELD(struct scenario_machine, disk_bandwidth_inner),
	  .doc = "media transfer rate per second of the inner zone, at most disk_bandwidth" },
	{ .key = "disk_zones", .type = PARAM_INT, .def = "30", .min = 1, .max = 1000,
	  PARAM_FIELD(struct scenario_machine, disk_zones),
	  .doc = "recording zones, equal in cylinders, rates falling linearly from outer to inner" },
	{ .key = "disk_heads", .type = PARAM_INT, .def = "4", .min = 1, .max = 32,
	  PARAM_FIELD(struct scenario_machine, disk_heads),
	  .doc = "recording surfaces (tracks per cylinder)" },
	{ .key = "disk_seek", .type = PARAM_TIME, .def = "8500us",
	  .min = 0, .max = 1 * SEC,
	  PARAM_FIELD(struct scenario_machine, disk_seek),
	  .doc = "average seek over random cylinder pairs, between disk_seek_track and disk_seek_full (0: no seek time)" },
	{ .key = "disk_seek_track", .type = PARAM_TIME, .def = "1ms",
	  .min = 0, .max = 1 * SEC,
	  PARAM_FIELD(struct scenario_machine, disk_seek_track),
	  .doc = "seek to the next cylinder, and a head switch" },
	{ .key = "disk_seek_full", .type = PARAM_TIME, .def = "17ms",
	  .min = 0, .max = 1 * SEC,
	  PARAM_FIELD(struct scenario_machine, disk_seek_full),
	  .doc = "full-stroke seek" },
	{ .key = "disk_write_settle", .type = PARAM_TIME, .def = "1ms",
	  .min = 0, .max = 1 * SEC,
	  PARAM_FIELD(struct scenario_machine, disk_write_settle),
	  .doc = "extra settling after a seek before writing" },
	{ .key = "disk_rpm", .type = PARAM_INT, .def = "7200",
	  .min = 0, .max = 30000,
	  PARAM_FIELD(struct scenario_machine, disk_rpm),
	  .doc = "spindle speed for rotational latency (0: none)" },
	{ .key = "disk_overhead", .type = PARAM_TIME, .def = "300us",
	  .min = 0, .max = 1 * SEC,
	  PARAM_FIELD(struct scenario_machine, disk_overhead),
	  .doc = "the drive's time to take up a command (rotational)" },
	{ .key = "disk_queue_depth", .type = PARAM_INT, .def = "31", .min = 1, .max = 32,
	  PARAM_FIELD(struct scenario_machine, disk_queue_depth),
	  .doc = "commands the driver keeps at the drive (NCQ tags; 1: no NCQ)" },
	{ .key = "disk_ncq_age", .type = PARAM_TIME, .def = "500ms",
	  .min = 0, .max = 60 * SEC,
	  PARAM_FIELD(struct scenario_machine, disk_ncq_age),
	  .doc = "a command held this long is served next, whatever its position (0: no bound)" },
	{ .key = "disk_write_cache", .type = PARAM_BOOL, .def = "on",
	  PARAM_FIELD(struct scenario_machine, disk_write_cache),
	  .doc = "write-back cache: writes complete in the drive's buffer (off: on the platter)" },
	{ .key = "disk_cache_size", .type = PARAM_SIZE, .def = "16M",
	  .min = 0, .max = 1 * GiB, .align = 4 * KiB,
	  PARAM_FIELD(struct scenario_machine, disk_cache_size),
	  .doc = "the drive's buffer: the read-ahead segments, the rest for cached writes" },
	{ .key = "disk_readahead", .type = PARAM_SIZE, .def = "512K",
	  .min = 0, .max = 64 * MiB, .align = 4 * KiB,
	  PARAM_FIELD(struct scenario_machine, disk_readahead),
	  .doc = "read-ahead segment: the drive reads on this far after sequential reads (0: no read-ahead)" },
	{ .key = "disk_read_segments", .type = PARAM_INT, .def = "4", .min = 1, .max = 64,
	  PARAM_FIELD(struct scenario_machine, disk_read_segments),
	  .doc = "read-ahead segments (streams the buffer follows)" },
	{ .key = "disk_link_bandwidth", .type = PARAM_SIZE, .def = "286M",
	  .min = 1 * MiB, .max = 64 * GiB,
	  PARAM_FIELD(struct scenario_machine, disk_link_bandwidth),
	  .doc = "the SATA link per second, for data to and from the buffer (286M: 3 Gb/s)" },
	{ .key = "disk_max_request", .type = PARAM_SIZE, .def = "512K",
	  .min = 4 * KiB, .max = 64 * MiB, .align = 4 * KiB,
	  PARAM_FIELD(struct scenario_machine, disk_max_request),
	  .doc = "largest request after merging (the queue's max_sectors)" },
	{ .key = "crypt", .type = PARAM_BOOL, .def = "off",
	  PARAM_FIELD(struct scenario_machine, crypt),
	  .doc = "dm-crypt between the volumes and the disk (kcryptd, kcryptd_io)" },
	{ .key = "crypt_cost", .type = PARAM_TIME, .def = "64us",
	  .min = 0, .max = 1 * MSEC,
	  PARAM_FIELD(struct scenario_machine, crypt_cost),
	  .doc = "CPU time to encrypt or decrypt one 4 KiB page, on the reference CPU (cpu_speed 1)" },
	{ .key = "fs_size", .type = PARAM_SIZE, .def = "5G",
	  .min = 0, .max = 1024 * TiB, .align = 4 * KiB,
	  PARAM_FIELD(struct scenario_machine, fs_size),
	  .doc = "the filesystem (ext3) volume" },
	{ .key = "swap_size", .type = PARAM_SIZE, .def = "2G",
	  .min = 0, .max = 1024 * TiB, .align = 4 * KiB,
	  PARAM_FIELD(struct scenario_machine, swap_size),
	  .doc = "the swap volume, on the same disk (0: no swap)" },
	{ .key = "pageblock_order", .type = PARAM_INT, .def = "0",
	  .min = 0, .max = 10,
	  PARAM_FIELD(struct scenario_machine, pageblock_order),
	  .doc = "0: the architecture's (9 on x86_64 and x86 PAE, 10 on x86 non-PAE)" },
	{ .key = "reserved", .type = PARAM_SIZE,
	  .min = 0, .max = 4 * TiB, .align = 4 * KiB,
	  PARAM_FIELD(struct scenario_machine, reserved),
	  .doc = "memory taken at boot (kernel image, memmap), less than half of mem",
	  .unset = "the architecture's boot-time reservations" },
	{ .key = "slab", .type = PARAM_ENUM, .def = "slub",
	  .words = scenario_slab_names,
	  PARAM_FIELD(struct scenario_machine, slab),
	  .doc = "slab allocator of every kernel object cache (their orders, per-CPU slabs or arrays, docs/model.md \"Slab\"): slub (Kconfig's default) or slab" },
	{ .key = "cached_files", .type = PARAM_INT, .def = "0",
	  .min = 0, .max = 10000000,
	  PARAM_FIELD(struct scenario_machine, cached_files),
	  .doc = "files whose dentry and inode are cached (unused) when the run starts: the desktop's boot and use before the test" },
	{ .key = "logfs_size", .type = PARAM_SIZE, .def = "0",
	  .min = 0, .max = 1024 * TiB, .align = 4 * KiB,
	  PARAM_FIELD(struct scenario_machine, logfs_size),
	  .doc = "a plain ext3 partition on the same drive, outside the encrypted one, where the harness's programs log (0: none)" },
	{ .key = "logfs_start", .type = PARAM_SIZE, .def = "0",
	  .min = 0, .max = 1024 * TiB, .align = 4 * KiB,
	  PARAM_FIELD(struct scenario_machine, logfs_start),
	  .doc = "where that partition begins on the drive; it may not overlap disk_partition_start + disk_size" },
	{ .key = "nodes", .type = PARAM_INT, .def = "1", .min = 1, .max = 8,
	  PARAM_FIELD(struct scenario_machine, nodes),
	  .doc = "NUMA nodes (x86_64): memory and CPUs split evenly, each node with its own zones and kswapd" },
};

static const struct param_spec vm_keys[] = {
	{ .key = "min_free_kbytes", .type = PARAM_INT, .def = "0",
	  .min = 0, .max = INT_MAX,
	  PARAM_FIELD(struct scenario_vm, min_free_kbytes),
	  .doc = "vm.min_free_kbytes; 0: computed at boot as the kernel does (sqrt(lowmem_kbytes * 16)); its high watermark (1.5 times) must be below lowmem" },
	{ .key = "swappiness", .type = PARAM_INT, .def = "60", .min = 0, .max = 100,
	  PARAM_FIELD(struct scenario_vm, swappiness),
	  .doc = "vm.swappiness" },
	/* 2.6.32's get_dirty_limits() raises a dirty_ratio below 5 to 5:
	 * refused rather than silently run as 5. */
	{ .key = "dirty_ratio", .type = PARAM_INT, .def = "20", .min = 5, .max = 100,
	  PARAM_FIELD(struct scenario_vm, dirty_ratio),
	  .doc = "vm.dirty_ratio, percent (the kernel uses 5 for anything lower)" },
	{ .key = "dirty_background_ratio", .type = PARAM_INT, .def = "10",
	  .min = 0, .max = 100,
	  PARAM_FIELD(struct scenario_vm, dirty_background_ratio),
	  .doc = "vm.dirty_background_ratio, percent, below dirty_ratio" },
	{ .key = "dirty_expire_centisecs", .type = PARAM_INT, .def = "3000",
	  .min = 0, .max = INT_MAX,
	  PARAM_FIELD(struct scenario_vm, dirty_expire_centisecs),
	  .doc = "vm.dirty_expire_centisecs" },
	{ .key = "dirty_writeback_centisecs", .type = PARAM_INT, .def = "500",
	  .min = 0, .max = INT_MAX,
	  PARAM_FIELD(struct scenario_vm, dirty_writeback_centisecs),
	  .doc = "vm.dirty_writeback_centisecs (0: no periodic writeback)" },
	{ .key = "nr_requests", .type = PARAM_INT, .def = "128", .min = 4, .max = 65536,
	  PARAM_FIELD(struct scenario_vm, nr_requests),
	  .doc = "/sys/block/DEV/queue/nr_requests, per direction (BLKDEV_MIN_RQ is 4)" },
	{ .key = "low_latency", .type = PARAM_BOOL,
	  PARAM_FIELD(struct scenario_vm, low_latency),
	  .doc = "CFQ's low_latency (new in 2.6.32: on is refused for a 2.6.30 or 2.6.31 profile)",
	  .unset = "the profile's: on in 2.6.32, absent in 2.6.30 and 2.6.31" },
	/* The kernel raises a ratio of 0 to 1 (every page of the higher
	 * zones reserved): refused as a likely mistake, as is a ratio above
	 * the machine's page count (which reserves nothing, like any ratio
	 * that large). */
	{ .key = "lowmem_reserve_ratio", .type = PARAM_INT_LIST,
	  .min = 1, .max = INT_MAX, .max_items = 3,
	  PARAM_FIELD(struct scenario_vm, lowmem_reserve_ratio),
	  .doc = "vm.lowmem_reserve_ratio, one ratio per zone but the last, from 1 to the machine's page count",
	  .unset = "the kernel's: 256 256 32 on x86_64, 256 32 32 on x86" },
	{ .key = "percpu_pagelist_fraction", .type = PARAM_INT, .def = "0",
	  .min = 0, .max = INT_MAX,
	  PARAM_FIELD(struct scenario_vm, percpu_pagelist_fraction),
	  .doc = "vm.percpu_pagelist_fraction: 0 (unused) or at least 8" },
	{ .key = "kswapd_short_sleep", .type = PARAM_TIME,
	  .min = 1 * MSEC, .max = 60 * SEC,
	  PARAM_FIELD(struct scenario_vm, kswapd_short_sleep),
	  .doc = "how long kswapd naps before rechecking, with patch 4 of the series",
	  .unset = "the profile's, HZ/10 as patch 4 has it" },
	{ .key = "vfs_cache_pressure", .type = PARAM_INT, .def = "100",
	  .min = 0, .max = 100000,
	  PARAM_FIELD(struct scenario_vm, vfs_cache_pressure),
	  .doc = "vm.vfs_cache_pressure: the dentry and inode shrinkers report (unused / 100) * this" },
};

static const struct param_spec kernel_keys[] = {
	{ .key = "profile", .type = PARAM_STRING, .def = "2.6.32-rc6",
	  PARAM_FIELD(struct scenario_kernel, profile),
	  .doc = "kernel profile, named as the cover letter's rows (\"2.6.31-0000123-congestion-both\")" },
	{ .key = "switches", .type = PARAM_STRING,
	  PARAM_FIELD(struct scenario_kernel, switches),
	  .doc = "profile switches set by hand on whatever profile runs, NAME=VALUE separated by blanks (\"cw_alloc=BOTH cw_direct=BOTH\"; 'mmsim profiles NAME' lists them and marks these \"set by hand\")",
	  .unset = "none: the profile's values" },
};

static const struct param_spec run_keys[] = {
	{ .key = "seed", .type = PARAM_INT, .def = "1", .min = 0, .max = INT64_MAX,
	  PARAM_FIELD(struct scenario_run, seed),
	  .doc = "seed of the simulation's random number generator" },
	{ .key = "until", .type = PARAM_UNTIL,
	  .min = 1 * MSEC, .max = 8760 * 3600 * SEC,
	  PARAM_FIELD(struct scenario_run, until),
	  .doc = "stop at the first of: TASK-done (that task exits), a simulated time",
	  .unset = "run until max_time" },
	{ .key = "sample_interval", .type = PARAM_TIME, .def = "1s",
	  .min = 1 * MSEC, .max = 3600 * SEC,
	  PARAM_FIELD(struct scenario_run, sample_interval),
	  .doc = "period of the time series (free pages, nr_dirty, nr_writeback, ...)" },
	{ .key = "max_time", .type = PARAM_TIME, .def = "1h",
	  .min = 1 * MSEC, .max = 8760 * 3600 * SEC,
	  PARAM_FIELD(struct scenario_run, max_time),
	  .doc = "hard limit on simulated time, whatever until says" },
};

struct section_desc {
	const char *name;
	const struct param_spec *keys;
	size_t nr_keys;
	size_t offset;		/* of the section's struct in struct scenario */
};

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

enum { SEC_MACHINE, SEC_VM, SEC_KERNEL, SEC_RUN };

static const struct section_desc sections[SCENARIO_NR_SECTIONS] = {
	[SEC_MACHINE] = { "machine", machine_keys, ARRAY_SIZE(machine_keys),
			  offsetof(struct scenario, machine) },
	[SEC_VM] = { "vm", vm_keys, ARRAY_SIZE(vm_keys),
		     offsetof(struct scenario, vm) },
	[SEC_KERNEL] = { "kernel", kernel_keys, ARRAY_SIZE(kernel_keys),
			 offsetof(struct scenario, kernel) },
	[SEC_RUN] = { "run", run_keys, ARRAY_SIZE(run_keys),
		      offsetof(struct scenario, run) },
};

_Static_assert(ARRAY_SIZE(machine_keys) <= SCENARIO_MAX_KEYS, "machine keys");
_Static_assert(ARRAY_SIZE(vm_keys) <= SCENARIO_MAX_KEYS, "vm keys");

#define SECTION_TASK	SCENARIO_NR_SECTIONS

/* The one fixed key of a task section: one of the registered programs. */
static const struct param_spec *program_spec(void)
{
	static struct param_spec spec = {
		.key = "program", .type = PARAM_ENUM, .required = true,
		.size = sizeof(int),
		.doc = "the workload program the task runs",
	};

	spec.words = workload_program_names();
	return &spec;
}

/* ---- the line reader and the key handler ------------------------------ */

struct parse_ctx {
	const char *buf;
	size_t len, pos;
	int lineno;
	bool failed;
	struct scenario *sc;
	struct scenario_error *err;
	int section;		/* SEC_*, SECTION_TASK, or -1 before any */
	size_t task;		/* current task when section == SECTION_TASK */
};

static int fail(struct parse_ctx *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int fail(struct parse_ctx *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	scenario_verror(c->err, c->sc->filename, c->lineno, fmt, ap);
	va_end(ap);
	c->failed = true;
	return 0;
}

void scenario_suggest_keys(struct suggest *sg)
{
	for (int i = 0; i < SCENARIO_NR_SECTIONS; i++)
		for (size_t k = 0; k < sections[i].nr_keys; k++)
			suggest_add(sg, sections[i].keys[k].key);
}

static int find_section(const char *name)
{
	for (int i = 0; i < SCENARIO_NR_SECTIONS; i++)
		if (!strcmp(sections[i].name, name))
			return i;
	return -1;
}

bool scenario_has_program(const struct scenario *sc, const char *name)
{
	for (size_t i = 0; i < sc->nr_tasks; i++)
		if (!strcmp(sc->tasks[i].program->name, name))
			return true;
	return false;
}

static int begin_task(struct parse_ctx *c, const char *name)
{
	struct scenario *sc = c->sc;
	struct scenario_task *t;
	int prev;

	if (!*name)
		return fail(c, "missing task name (expected [task NAME])");
	if (!valid_task_name(name, strlen(name)))
		return fail(c, "bad task name '%s' (letters, digits and '-', "
			    "starting with a letter or digit, at most %d characters)",
			    name, SCENARIO_TASK_NAME_MAX - 1);
	prev = scenario_find_task(sc, name);
	if (prev >= 0)
		return fail(c, "duplicate section [task %s] (first on line %d)",
			    name, sc->tasks[prev].line);
	if (sc->nr_tasks >= SCENARIO_MAX_TASKS)
		return fail(c, "too many tasks (at most %d)", SCENARIO_MAX_TASKS);
	t = realloc(sc->tasks, (sc->nr_tasks + 1) * sizeof(*t));
	if (!t)
		return fail(c, "out of memory");
	sc->tasks = t;
	t = &sc->tasks[sc->nr_tasks];
	memset(t, 0, sizeof(*t));
	strcpy(t->name, name);
	t->program = NULL;
	t->line = c->lineno;
	c->section = SECTION_TASK;
	c->task = sc->nr_tasks++;
	return 1;
}

/* A "[...]" line: the text between the brackets exactly as libinih will
 * take it (up to the first ']' or an inline comment). */
static int section_line(struct parse_ctx *c, const char *s)
{
	char name[64];
	const char *p = s + 1;
	int was_space = 0, sec;
	size_t n;

	while (*p && *p != ']' && !(was_space && *p == ';')) {
		was_space = isspace((unsigned char)*p);
		p++;
	}
	if (*p != ']')
		return fail(c, "unterminated section header (expected [name])");
	n = (size_t)(p - s - 1);
	for (const char *q = p + 1; *q; q++) {
		if (*q == ';' || *q == '#')
			break;
		if (!isspace((unsigned char)*q))
			return fail(c, "text after the section header (expected [name] alone)");
	}
	if (n >= sizeof(name))
		return fail(c, "section name too long (expected [machine], [vm], "
			    "[kernel], [run] or [task NAME])");
	memcpy(name, s + 1, n);
	name[n] = 0;
	if (!strncmp(name, "task", 4) &&
	    (!name[4] || isspace((unsigned char)name[4]))) {
		char *t = name + 4;

		while (isspace((unsigned char)*t))
			t++;
		while (n > 0 && isspace((unsigned char)name[n - 1]))
			name[--n] = 0;
		return begin_task(c, t);
	}
	sec = find_section(name);
	if (sec < 0) {
		struct suggest sg;

		suggest_init(&sg, name);
		for (int i = 0; i < SCENARIO_NR_SECTIONS; i++)
			suggest_add(&sg, sections[i].name);
		return fail(c, "unknown section [%s] (%sexpected [machine], [vm], "
			    "[kernel], [run] or [task NAME])", name, suggest_lead(&sg));
	}
	if (c->sc->section_line[sec])
		return fail(c, "duplicate section [%s] (first on line %d)",
			    name, c->sc->section_line[sec]);
	c->sc->section_line[sec] = c->lineno;
	c->section = sec;
	return 1;
}

/* Whether libinih will find '=' or ':' before an inline comment. */
static bool has_delimiter(const char *s)
{
	int was_space = 0;

	for (; *s; s++) {
		if (*s == '=' || *s == ':')
			return true;
		if (was_space && *s == ';')
			return false;
		was_space = isspace((unsigned char)*s);
	}
	return false;
}

/* ini_reader: one line per call, checked and stripped of leading blanks. */
static char *scenario_reader(char *str, int num, void *stream)
{
	struct parse_ctx *c = stream;
	const char *line, *nl, *s;
	size_t len;

	if (c->failed || c->pos >= c->len)
		return NULL;
	line = c->buf + c->pos;
	nl = memchr(line, '\n', c->len - c->pos);
	len = nl ? (size_t)(nl - line) : c->len - c->pos;
	c->pos += len + (nl ? 1 : 0);
	c->lineno++;
	c->sc->nr_lines = c->lineno;

	if (len && line[len - 1] == '\r')
		len--;
	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)line[i];

		if ((ch < 0x20 && ch != '\t') || ch == 0x7f) {
			fail(c, "control character 0x%02x in the line (expected text)", ch);
			return NULL;
		}
	}
	if (c->lineno == 1 && len >= 3 && !memcmp(line, "\xEF\xBB\xBF", 3)) {
		line += 3;	/* UTF-8 byte order mark */
		len -= 3;
	}
	while (len && (*line == ' ' || *line == '\t')) {
		line++;
		len--;
	}
	if (num < 3 || len + 3 > (size_t)num) {
		fail(c, "line too long (at most %d characters)", num - 3);
		return NULL;
	}
	memcpy(str, line, len);
	str[len] = '\n';
	str[len + 1] = 0;
	s = str;

	str[len] = 0;	/* classify without the newline */
	if (!*s || *s == ';' || *s == '#')
		;
	else if (*s == '[')
		section_line(c, s);
	else if (!has_delimiter(s))
		fail(c, "syntax error (expected [section], key = value, or a ; comment)");
	else if (c->section < 0)
		fail(c, "key outside any section (expected a [section] line first)");
	str[len] = '\n';
	return c->failed ? NULL : str;
}

static int task_key(struct parse_ctx *c, const char *name, const char *value)
{
	struct scenario_task *t = &c->sc->tasks[c->task];
	struct scenario_kv *kv;
	char why[128];

	if (!strcmp(name, "program")) {
		int prog;

		if (t->program_line)
			return fail(c, "duplicate key 'program' in [task %s] "
				    "(first set on line %d)", t->name, t->program_line);
		if (param_parse(program_spec(), value, &prog, why, sizeof(why))) {
			scenario_value_error(c->sc, c->err, c->lineno, program_spec(),
					     value, why);
			c->failed = true;
			return 0;
		}
		t->program = workload_programs()[prog];
		t->program_line = c->lineno;
		return 1;
	}
	for (const char *p = name; *p; p++)
		if (!islower((unsigned char)*p) && !isdigit((unsigned char)*p) && *p != '_')
			return fail(c, "bad key name '%s' in [task %s] "
				    "(lower-case letters, digits and '_')", name, t->name);
	for (size_t i = 0; i < t->nr_kv; i++)
		if (!strcmp(t->kv[i].key, name))
			return fail(c, "duplicate key '%s' in [task %s] (first set on line %d)",
				    name, t->name, t->kv[i].line);
	kv = realloc(t->kv, (t->nr_kv + 1) * sizeof(*kv));
	if (!kv)
		return fail(c, "out of memory");
	t->kv = kv;
	kv = &t->kv[t->nr_kv];
	kv->key = strdup(name);
	kv->value = strdup(value);
	kv->line = c->lineno;
	kv->used = false;
	if (!kv->key || !kv->value) {
		free(kv->key);
		free(kv->value);
		return fail(c, "out of memory");
	}
	t->nr_kv++;
	return 1;
}

static int scenario_key_handler(void *user, const char *section, const char *name,
		       const char *value)
{
	struct parse_ctx *c = user;
	const struct section_desc *sd;
	char why[128], keys[768];
	int sec = c->section;

	(void)section;		/* ours, from scenario_reader, is authoritative */
	if (c->failed)
		return 0;
	if (!*name)
		return fail(c, "missing key name (expected key = value)");
	if (sec == SECTION_TASK)
		return task_key(c, name, value);

	sd = &sections[sec];
	for (size_t i = 0; i < sd->nr_keys; i++) {
		const struct param_spec *sp = &sd->keys[i];

		if (strcmp(sp->key, name))
			continue;
		if (c->sc->key_line[sec][i])
			return fail(c, "duplicate key '%s' in [%s] (first set on line %d)",
				    name, sd->name, c->sc->key_line[sec][i]);
		if (param_parse(sp, value, field_of((char *)c->sc + sd->offset, sp),
				why, sizeof(why))) {
			scenario_value_error(c->sc, c->err, c->lineno, sp, value, why);
			c->failed = true;
			return 0;
		}
		c->sc->key_line[sec][i] = c->lineno;
		return 1;
	}
	param_list_keys(sd->keys, sd->nr_keys, keys, sizeof(keys));
	{
		struct suggest sg;

		suggest_init(&sg, name);
		for (size_t i = 0; i < sd->nr_keys; i++)
			suggest_add(&sg, sd->keys[i].key);
		return fail(c, "unknown key '%s' in [%s] (%sone of %s)", name,
			    sd->name, suggest_lead(&sg), keys);
	}
}

/* ---- checks after the whole file is read --------------------------- */

static int key_index(int sec, const char *key)
{
	for (size_t i = 0; i < sections[sec].nr_keys; i++)
		if (!strcmp(sections[sec].keys[i].key, key))
			return (int)i;
	return -1;
}

int scenario_key_line(const struct scenario *sc, const char *section,
		      const char *key)
{
	int sec = find_section(section), i;

	if (sec < 0)
		return 0;
	i = key_index(sec, key);
	return i < 0 ? 0 : sc->key_line[sec][i];
}

const struct param_spec *scenario_key_spec(const char *section,
					   const char *key)
{
	int sec = find_section(section), i;

	if (sec < 0)
		return NULL;
	i = key_index(sec, key);
	return i < 0 ? NULL : &sections[sec].keys[i];
}

/* The line to blame for a key: where it is set, else its section's
 * header, else the end of the file. */
static int blame_line(const struct scenario *sc, int sec, const char *key)
{
	int i = key_index(sec, key);

	if (i >= 0 && sc->key_line[sec][i])
		return sc->key_line[sec][i];
	if (sc->section_line[sec])
		return sc->section_line[sec];
	return scenario_last_line(sc);
}

static int check_required(const struct scenario *sc, struct scenario_error *err)
{
	char expect[256];

	for (int sec = 0; sec < SCENARIO_NR_SECTIONS; sec++) {
		const struct section_desc *sd = &sections[sec];

		for (size_t i = 0; i < sd->nr_keys; i++) {
			const struct param_spec *sp = &sd->keys[i];

			if (!sp->required || sc->key_line[sec][i])
				continue;
			param_expect(sp, expect, sizeof(expect));
			if (!sc->section_line[sec])
				return scenario_errorf(sc, 0, err, "missing section "
						       "[%s] (it must set %s: %s)",
						       sd->name, sp->key, expect);
			return scenario_errorf(sc, sc->section_line[sec], err,
					       "missing key '%s' in [%s] (%s)",
					       sp->key, sd->name, expect);
		}
	}
	for (size_t i = 0; i < sc->nr_tasks; i++) {
		const struct scenario_task *t = &sc->tasks[i];

		if (t->program)
			continue;
		param_expect(program_spec(), expect, sizeof(expect));
		return scenario_errorf(sc, t->line, err,
				       "missing key 'program' in [task %s] (%s)",
				       t->name, expect);
	}
	if (!sc->nr_tasks)
		return scenario_errorf(sc, 0, err, "no tasks (expected at least "
				       "one [task NAME] section)");
	return 0;
}

/* An error about @key of section @sec, blamed on blame_line(). */
static int key_error(const struct scenario *sc, struct scenario_error *err,
		     int sec, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
static int key_error(const struct scenario *sc, struct scenario_error *err,
		     int sec, const char *key, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	scenario_verror(err, sc->filename, blame_line(sc, sec, key), fmt, ap);
	va_end(ap);
	return -1;
}

/* The first of @a, @b, @c the file sets (@a if none): where to blame. */
static const char *disk_blame(const struct scenario *sc, const char *a,
			      const char *b, const char *c)
{
	if (!scenario_key_given(sc, "machine", a)) {
		if (b && scenario_key_given(sc, "machine", b))
			return b;
		if (c && scenario_key_given(sc, "machine", c))
			return c;
	}
	return a;
}

/* The drive's keys together (docs/disk.md). */
static int check_disk(const struct scenario *sc, struct scenario_error *err)
{
	const struct scenario_machine *m = &sc->machine;
	char a[24], b[24], d[24];
	sim_time_t lo, hi;
	uint64_t reads;

	if (scenario_key_given(sc, "machine", "disk_capacity") &&
	    m->disk_partition_start + m->disk_size > m->disk_capacity) {
		format_size(a, sizeof(a), m->disk_partition_start);
		format_size(b, sizeof(b), m->disk_size);
		format_size(d, sizeof(d), m->disk_capacity);
		return key_error(sc, err, SEC_MACHINE, "disk_capacity",
				 "the partition does not fit on the drive: "
				 "disk_partition_start %s + disk_size %s > "
				 "disk_capacity %s", a, b, d);
	}
	if (m->logfs_size &&
	    m->logfs_start < m->disk_partition_start + m->disk_size &&
	    m->disk_partition_start < m->logfs_start + m->logfs_size) {
		format_size(a, sizeof(a), m->logfs_start);
		format_size(b, sizeof(b), m->logfs_size);
		format_size(d, sizeof(d), m->disk_partition_start);
		return key_error(sc, err, SEC_MACHINE,
				 disk_blame(sc, "logfs_start", "logfs_size", NULL),
				 "the log partition (logfs_start %s, logfs_size "
				 "%s) overlaps the encrypted one (from "
				 "disk_partition_start %s, disk_size long)",
				 a, b, d);
	}
	if (scenario_key_given(sc, "machine", "disk_capacity") &&
	    m->logfs_start + m->logfs_size > m->disk_capacity) {
		format_size(a, sizeof(a), m->logfs_start);
		format_size(b, sizeof(b), m->logfs_size);
		format_size(d, sizeof(d), m->disk_capacity);
		return key_error(sc, err, SEC_MACHINE,
				 disk_blame(sc, "logfs_size", "logfs_start", NULL),
				 "the log partition does not fit on the drive: "
				 "logfs_start %s + logfs_size %s > disk_capacity "
				 "%s", a, b, d);
	}
	if (m->disk != SCENARIO_DISK_ROTATIONAL)
		return 0;
	if (m->disk_bandwidth_inner > m->disk_bandwidth) {
		format_size(a, sizeof(a), m->disk_bandwidth_inner);
		format_size(b, sizeof(b), m->disk_bandwidth);
		return key_error(sc, err, SEC_MACHINE,
				 disk_blame(sc, "disk_bandwidth_inner",
					    "disk_bandwidth", NULL),
				 "disk_bandwidth_inner = %s: faster than the "
				 "outer zone's disk_bandwidth %s", a, b);
	}
	if (m->disk_seek &&
	    !disk_seek_curve_ok(m->disk_seek_track, m->disk_seek,
				m->disk_seek_full, &lo, &hi)) {
		const char *key = disk_blame(sc, "disk_seek", "disk_seek_track",
					     "disk_seek_full");
		char t[24], f[24];

		format_time(a, sizeof(a), m->disk_seek);
		format_time(b, sizeof(b), lo);
		format_time(d, sizeof(d), hi);
		format_time(t, sizeof(t), m->disk_seek_track);
		format_time(f, sizeof(f), m->disk_seek_full);
		return key_error(sc, err, SEC_MACHINE, key,
				 "disk_seek = %s: no seek curve from "
				 "disk_seek_track %s to disk_seek_full %s has "
				 "that average (between %s and %s)", a, t, f, b, d);
	}
	reads = (uint64_t)m->disk_read_segments * m->disk_readahead;
	if (m->disk_write_cache &&
	    m->disk_cache_size < reads + m->disk_max_request) {
		format_size(a, sizeof(a), m->disk_cache_size);
		format_size(b, sizeof(b), reads + m->disk_max_request);
		return key_error(sc, err, SEC_MACHINE,
				 disk_blame(sc, "disk_cache_size",
					    "disk_readahead", "disk_read_segments"),
				 "disk_cache_size = %s: no room for a write "
				 "(at least disk_read_segments x disk_readahead "
				 "+ disk_max_request, %s)", a, b);
	}
	return 0;
}

static int check_machine(const struct scenario *sc, struct scenario_error *err)
{
	const struct scenario_machine *m = &sc->machine;
	char a[24], b[24], d[24];

	if (m->hz != 100 && m->hz != 250 && m->hz != 300 && m->hz != 1000)
		return key_error(sc, err, SEC_MACHINE, "hz",
				 "hz = %d: not a Kconfig choice (100, 250, 300 or 1000)",
				 m->hz);
	if (m->cpus % m->threads_per_core)
		return key_error(sc, err, SEC_MACHINE, "cpus",
				 "cpus = %d: not a multiple of threads_per_core (%d): every core has that many threads",
				 m->cpus, m->threads_per_core);
	if (m->arch == SCENARIO_ARCH_X86 && m->mem > 4 * GiB) {
		format_size(a, sizeof(a), m->mem);
		return key_error(sc, err, SEC_MACHINE, "mem",
				 "mem = %s: too large for x86 (at most 4G: x86 is "
				 "modelled as a non-PAE HIGHMEM4G kernel)", a);
	}
	/* mem_init() (arch/x86/mm/init.c) boots x86_64 machines up to 1 TiB. */
	if (m->arch == SCENARIO_ARCH_X86_64 && m->mem > 1 * TiB) {
		format_size(a, sizeof(a), m->mem);
		return key_error(sc, err, SEC_MACHINE, "mem",
				 "mem = %s: too large for x86_64 (at most 1T, the "
				 "largest machine mmsim boots)", a);
	}
	if (m->fs_size + m->swap_size > m->disk_size) {
		const char *key = "disk_size";

		if (scenario_key_given(sc, "machine", "swap_size"))
			key = "swap_size";
		else if (scenario_key_given(sc, "machine", "fs_size"))
			key = "fs_size";
		format_size(a, sizeof(a), m->fs_size);
		format_size(b, sizeof(b), m->swap_size);
		format_size(d, sizeof(d), m->disk_size);
		return key_error(sc, err, SEC_MACHINE, key,
				 "volumes do not fit on the disk: fs_size %s + "
				 "swap_size %s > disk_size %s (together at most "
				 "disk_size)", a, b, d);
	}
	if (check_disk(sc, err))
		return -1;
	if (scenario_key_given(sc, "machine", "reserved") &&
	    m->reserved >= m->mem / 2) {
		format_size(a, sizeof(a), m->reserved);
		format_size(b, sizeof(b), m->mem / 2);
		return key_error(sc, err, SEC_MACHINE, "reserved",
				 "reserved = %s: too large for mem (less than half "
				 "of mem, %s)", a, b);
	}
	return 0;
}

/* NUMA is modelled on x86-64 only; each node needs a CPU and memory. */
static int check_nodes(const struct scenario *sc, struct scenario_error *err)
{
	const struct scenario_machine *m = &sc->machine;

	if (m->nodes == 1)
		return 0;
	if (m->arch != SCENARIO_ARCH_X86_64)
		return key_error(sc, err, SEC_MACHINE, "nodes",
				 "nodes = %d: NUMA is modelled on x86_64 only",
				 m->nodes);
	if (m->cpus < m->nodes)
		return key_error(sc, err, SEC_MACHINE, "nodes",
				 "nodes = %d: more nodes than cpus (%d); every node needs a CPU",
				 m->nodes, m->cpus);
	if (m->mem / (uint64_t)m->nodes < 32 * MiB)
		return key_error(sc, err, SEC_MACHINE, "nodes",
				 "nodes = %d: less than 32M of memory per node",
				 m->nodes);
	return 0;
}

/* Memory the kernel spreads min_free_kbytes over: all of it on x86_64,
 * the zones below the nominal 896 MiB highmem boundary on x86 (as
 * arch/x86/mm/init.c lays the zones out). */
static uint64_t lowmem_bytes(const struct scenario *sc)
{
	uint64_t mem = sc->machine.mem;

	if (sc->machine.arch == SCENARIO_ARCH_X86 && mem > 896 * MiB)
		return 896 * MiB;
	return mem;
}

/*
 * setup_per_zone_wmarks(): low = min + min/4, high = min + min/2 over
 * lowmem.  A high watermark at or above lowmem can never be met: kswapd
 * would never balance and every allocation would enter the slow path.
 */
static int check_watermarks(const struct scenario *sc, struct scenario_error *err)
{
	uint64_t min = (uint64_t)sc->vm.min_free_kbytes;
	uint64_t high = min + min / 2, low_kb = lowmem_bytes(sc) / KiB;
	char a[24];

	uint64_t most = 2 * low_kb / 3 + 1;

	if (!min || high < low_kb)
		return 0;
	while (most && most + most / 2 >= low_kb)
		most--;
	format_size(a, sizeof(a), lowmem_bytes(sc));
	return key_error(sc, err, SEC_VM, "min_free_kbytes",
			 "min_free_kbytes = %" PRIu64 ": its high watermark %" PRIu64
			 " kB (min + min/2) is not below the %s of lowmem it is "
			 "spread over, so kswapd could never balance (at most %"
			 PRIu64 ")", min, high, a, most);
}

static int check_lowmem_reserve(const struct scenario *sc,
				struct scenario_error *err)
{
	const struct param_int_list *l = &sc->vm.lowmem_reserve_ratio;
	uint64_t pages = sc->machine.mem / (4 * KiB);

	for (int i = 0; i < l->n; i++)
		if ((uint64_t)l->v[i] > pages)
			return key_error(sc, err, SEC_VM, "lowmem_reserve_ratio",
					 "lowmem_reserve_ratio: %d is more than the "
					 "machine's %" PRIu64 " pages, so it reserves "
					 "nothing (from 1 to %" PRIu64 ")", l->v[i],
					 pages, pages);
	return 0;
}

static int check_vm(const struct scenario *sc, struct scenario_error *err)
{
	const struct scenario_vm *vm = &sc->vm;
	uint64_t mem_kbytes = sc->machine.mem / KiB;
	char a[24];

	if ((uint64_t)vm->min_free_kbytes >= mem_kbytes) {
		format_size(a, sizeof(a), sc->machine.mem);
		return key_error(sc, err, SEC_VM, "min_free_kbytes",
				 "min_free_kbytes = %d: not below mem %s (less "
				 "than %" PRIu64 ")", vm->min_free_kbytes, a,
				 mem_kbytes);
	}
	if (check_watermarks(sc, err) || check_lowmem_reserve(sc, err))
		return -1;
	/* get_dirty_limits() quietly halves a background ratio that is not
	 * below dirty_ratio: refused, so that what runs is what was asked. */
	if (vm->dirty_background_ratio >= vm->dirty_ratio)
		return key_error(sc, err, SEC_VM,
				 scenario_key_given(sc, "vm", "dirty_background_ratio") ?
				 "dirty_background_ratio" : "dirty_ratio",
				 "dirty_background_ratio = %d: not below dirty_ratio "
				 "= %d (the kernel would use %d; less than dirty_ratio)",
				 vm->dirty_background_ratio, vm->dirty_ratio,
				 vm->dirty_ratio / 2);
	/* The kernel's sysctl handler refuses 1..7 (min_percpu_pagelist_fract). */
	if (vm->percpu_pagelist_fraction > 0 && vm->percpu_pagelist_fraction < 8)
		return key_error(sc, err, SEC_VM, "percpu_pagelist_fraction",
				 "percpu_pagelist_fraction = %d: out of range "
				 "(0, or at least 8 as the kernel requires)",
				 vm->percpu_pagelist_fraction);
	return 0;
}

static int check_run(const struct scenario *sc, struct scenario_error *err)
{
	const struct scenario_run *r = &sc->run;
	char a[24], b[24];

	for (int i = 0; i < r->until.nr_tasks; i++) {
		char names[256] = "";
		size_t n = 0;

		if (scenario_find_task(sc, r->until.tasks[i]) >= 0)
			continue;
		for (size_t t = 0; t < sc->nr_tasks && n < sizeof(names); t++)
			n += (size_t)snprintf(names + n, sizeof(names) - n, "%s%s",
					      t ? ", " : "", sc->tasks[t].name);
		return key_error(sc, err, SEC_RUN, "until",
				 "until names task '%s', which is not defined "
				 "(one of %s)", r->until.tasks[i], names);
	}
	format_time(b, sizeof(b), r->max_time);
	if (r->until.time > r->max_time) {
		format_time(a, sizeof(a), r->until.time);
		return key_error(sc, err, SEC_RUN, "until",
				 "until %s is beyond max_time %s (at most max_time)",
				 a, b);
	}
	if (r->sample_interval > r->max_time) {
		format_time(a, sizeof(a), r->sample_interval);
		return key_error(sc, err, SEC_RUN, "sample_interval",
				 "sample_interval = %s: longer than max_time %s "
				 "(at most max_time)", a, b);
	}
	return 0;
}

static int apply_defaults(struct scenario *sc, struct scenario_error *err)
{
	char why[128];

	for (int sec = 0; sec < SCENARIO_NR_SECTIONS; sec++) {
		const struct section_desc *sd = &sections[sec];

		for (size_t i = 0; i < sd->nr_keys; i++) {
			const struct param_spec *sp = &sd->keys[i];

			if (sp->def && param_parse(sp, sp->def,
						   field_of((char *)sc + sd->offset, sp),
						   why, sizeof(why)))
				return scenario_error_at(err, sc->filename, 0,
							 "internal error: default of "
							 "[%s] %s: %s", sd->name,
							 sp->key, why);
		}
	}
	return 0;
}

/* ---- entry points ------------------------------------------------------ */

void scenario_free(struct scenario *sc)
{
	if (!sc)
		return;
	for (size_t i = 0; i < sc->nr_tasks; i++) {
		for (size_t k = 0; k < sc->tasks[i].nr_kv; k++) {
			free(sc->tasks[i].kv[k].key);
			free(sc->tasks[i].kv[k].value);
		}
		free(sc->tasks[i].kv);
	}
	free(sc->tasks);
	free(sc->filename);
	free(sc);
}

struct scenario *scenario_parse_buffer(const char *text, size_t len,
				       const char *filename,
				       const struct scenario_parse_opts *opts,
				       struct scenario_error *err)
{
	struct scenario *sc = calloc(1, sizeof(*sc));
	struct parse_ctx c = {
		.buf = text, .len = len, .sc = sc, .err = err, .section = -1,
	};
	int r;

	memset(err, 0, sizeof(*err));
	if (!sc || !(sc->filename = strdup(filename))) {
		free(sc);
		scenario_error_at(err, filename, 0, "out of memory");
		return NULL;
	}
	if (len > MAX_FILE_SIZE) {
		scenario_error_at(err, filename, 0, "file too large (at most 1M)");
		goto fail;
	}
	if (apply_defaults(sc, err))
		goto fail;
	r = ini_parse_stream(scenario_reader, &c, scenario_key_handler, &c);
	if (c.failed)
		goto fail;
	if (r) {
		/* Everything libinih refuses is caught by the reader first;
		 * this is the safety net. */
		scenario_error_at(err, filename, r > 0 ? r : 0, "%s", r > 0 ?
				  "syntax error (expected [section], key = value, "
				  "or a ; comment)" : "cannot parse (out of memory)");
		goto fail;
	}
	if (check_required(sc, err) || check_machine(sc, err) ||
	    check_nodes(sc, err) || check_vm(sc, err) || check_run(sc, err))
		goto fail;
	if (opts && opts->validate_profile) {
		char why[256] = "";

		if (opts->validate_profile(opts->ctx, sc->kernel.profile, why, sizeof(why))) {
			key_error(sc, err, SEC_KERNEL, "profile",
				  "profile = '%s': unknown kernel profile (%s)",
				  sc->kernel.profile, why);
			goto fail;
		}
	}
	if (opts && opts->validate_switches) {
		char why[256] = "";

		if (opts->validate_switches(opts->ctx, sc->kernel.profile,
					    sc->kernel.switches, why, sizeof(why))) {
			key_error(sc, err, SEC_KERNEL, "switches",
				  "switches = '%s': %s", sc->kernel.switches, why);
			goto fail;
		}
	}
	if (opts && opts->validate_task)
		for (size_t i = 0; i < sc->nr_tasks; i++)
			if (opts->validate_task(opts->ctx, sc, &sc->tasks[i], err))
				goto fail;
	return sc;
fail:
	scenario_free(sc);
	return NULL;
}

struct scenario *scenario_parse_file(const char *path,
				     const struct scenario_parse_opts *opts,
				     struct scenario_error *err)
{
	/* "-" is standard input, read once; "" no file at all. */
	bool in = !strcmp(path, "-");
	FILE *f = in ? stdin : *path ? fopen(path, "rb") : NULL;
	struct scenario *sc;
	char *text;
	size_t n;

	memset(err, 0, sizeof(*err));
	if (in)
		path = "<stdin>";
	if (!*path) {
		scenario_error_at(err, "mmsim", 0, "an empty path (expected a scenario "
				  "file, or - for standard input)");
		return NULL;
	}
	if (!f) {
		scenario_error_at(err, path, 0, "cannot open: %s (expected a "
				  "readable scenario file)",
				  strerror(errno));
		return NULL;
	}
	text = malloc(MAX_FILE_SIZE + 1);
	if (!text) {
		fclose(f);
		scenario_error_at(err, path, 0, "out of memory");
		return NULL;
	}
	n = fread(text, 1, MAX_FILE_SIZE + 1, f);
	if (ferror(f)) {
		scenario_error_at(err, path, 0, "cannot read: %s (expected a "
				  "readable scenario file)",
				  strerror(errno));
		sc = NULL;
	} else {
		sc = scenario_parse_buffer(text, n, path, opts, err);
	}
	if (!in)
		fclose(f);
	free(text);
	return sc;
}

struct scenario *scenario_parse_default(const struct scenario_parse_opts *opts,
					struct scenario_error *err)
{
	return scenario_parse_buffer(scenario_default_text,
				     strlen(scenario_default_text),
				     SCENARIO_DEFAULT_NAME, opts, err);
}

/* ---- printing ---------------------------------------------------------- */

/*
 * "key = value", except where that would not read back: libinih takes
 * "key = ;x" for an empty value, and the two blanks could push a line that
 * fitted as "key=value" past the reader's limit.
 */
static void print_kv(FILE *f, const char *key, const char *value)
{
	if (!value[0])
		fprintf(f, "%s =\n", key);
	else if (value[0] == ';' ||
		 strlen(key) + strlen(value) + 3 > INI_MAX_LINE - 3)
		fprintf(f, "%s=%s\n", key, value);
	else
		fprintf(f, "%s = %s\n", key, value);
}

void scenario_dump(const struct scenario *sc, FILE *f)
{
	char buf[512];

	fputs("; mmsim scenario, canonical form of ", f);
	for (const char *p = sc->filename; *p; p++)
		fputc((unsigned char)*p < 0x20 ? '?' : *p, f);
	fputc('\n', f);
	for (int sec = 0; sec < SCENARIO_NR_SECTIONS; sec++) {
		const struct section_desc *sd = &sections[sec];
		const char *base = (const char *)sc + sd->offset;

		fprintf(f, "\n[%s]\n", sd->name);
		for (size_t i = 0; i < sd->nr_keys; i++) {
			const struct param_spec *sp = &sd->keys[i];

			if (!sp->def && !sc->key_line[sec][i]) {
				fprintf(f, "; %s: not set (%s)\n", sp->key, sp->unset);
				continue;
			}
			param_format(sp, cfield_of(base, sp), buf, sizeof(buf));
			print_kv(f, sp->key, buf);
		}
	}
	for (size_t i = 0; i < sc->nr_tasks; i++) {
		const struct scenario_task *t = &sc->tasks[i];

		fprintf(f, "\n[task %s]\n", t->name);
		fprintf(f, "program = %s\n", t->program->name);
		for (size_t k = 0; k < t->nr_kv; k++)
			print_kv(f, t->kv[k].key, t->kv[k].value);
	}
}

/* Markdown table cell text: a '|' would end the cell. */
static void md_cell(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			fputc('\\', f);
		fputc(*s, f);
	}
}

void scenario_describe_keys(FILE *f)
{
	char expect[256];

	for (int sec = 0; sec < SCENARIO_NR_SECTIONS; sec++) {
		const struct section_desc *sd = &sections[sec];

		fprintf(f, "\n### [%s]\n\n", sd->name);
		fprintf(f, "| key | value | default | meaning |\n|---|---|---|---|\n");
		for (size_t i = 0; i < sd->nr_keys; i++) {
			const struct param_spec *sp = &sd->keys[i];

			param_expect(sp, expect, sizeof(expect));
			fprintf(f, "| `%s` | ", sp->key);
			md_cell(f, expect);
			if (sp->required)
				fprintf(f, " | required | ");
			else if (sp->def)
				fprintf(f, " | `%s` | ", sp->def);
			else
				fprintf(f, " | not set: %s | ", sp->unset);
			md_cell(f, sp->doc);
			fprintf(f, " |\n");
		}
	}
}
