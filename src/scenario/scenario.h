/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Scenario files: the machine, its sysctls, the kernel profile, how long to
 * run, and the tasks to run, as an INI file in the spirit of fio job files
 * (read with Debian's libinih).  docs/scenario-format.md describes every
 * key; this header is the contract for the layers that consume them.
 *
 *   [machine]  [vm]  [kernel]  [run]      fixed keys, from the registry below
 *   [task NAME]                          program = gitk|music|...: a
 *                                        workload program (workload.h);
 *                                        every other key belongs to it
 *
 * Every fixed key is described once, by a struct param_spec: its type
 * (size, time, int, double, bool, enum, string, ...), range, default,
 * documentation and the field it is stored in.  Parsing, error messages,
 * scenario_dump() and the documentation table all come from that one
 * description.  Workload programs describe their own task keys with the
 * same descriptor (struct workload_param_spec is the same type) and read
 * them with scenario_task_apply() or the scenario_task_get_*() helpers,
 * which produce the same errors.
 *
 * Errors: one line, "FILE:LINE: what is wrong (what was expected)", in a
 * struct scenario_error; a scenario with an error is not returned at all.
 */
#ifndef MMSIM_SCENARIO_H
#define MMSIM_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "units.h"

#define SCENARIO_ERR_MAX	1024

struct scenario_error {
	int line;			/* 0: not about a line (cannot open, ...) */
	char msg[SCENARIO_ERR_MAX];	/* the whole line, no trailing newline */
};

/* ---- typed key descriptors ------------------------------------------ */

enum param_type {
	PARAM_SIZE,	/* uint64_t bytes; "512M" (see units.h) */
	PARAM_TIME,	/* uint64_t nanoseconds; "100ms" */
	PARAM_INT,	/* int or int64_t, by .size */
	PARAM_DOUBLE,	/* double */
	PARAM_BOOL,	/* bool; on/off, yes/no, true/false, 1/0 */
	PARAM_ENUM,	/* int: index into .words */
	PARAM_STRING,	/* char[.size]: printable text, not empty */
	PARAM_INT_LIST,	/* struct param_int_list: integers separated by blanks */
	PARAM_UNTIL,	/* struct scenario_until: "gitk-done | 600s" */
};

#define PARAM_INT_LIST_MAX	4

struct param_int_list {
	int n;
	int v[PARAM_INT_LIST_MAX];
};

struct param_spec {
	const char *key;
	enum param_type type;
	bool required;
	/* Default, written as in a file; NULL: none, the field stays 0 and the
	 * key counts as not set (see .unset). */
	const char *def;
	/* Range, inclusive: SIZE in bytes, TIME in ns, INT and each INT_LIST
	 * entry as integers. */
	int64_t min, max;
	double dmin, dmax;		/* DOUBLE */
	const char *const *words;	/* ENUM: NULL-terminated */
	uint64_t align;			/* SIZE: a multiple of this (0: any) */
	int max_items;			/* INT_LIST: at most this many */
	size_t offset, size;		/* destination field, see PARAM_FIELD */
	const char *doc;		/* one line: meaning, unit, source */
	const char *unset;		/* no default: what "not set" means */
};

/* Workload programs use the same descriptor for their task keys. */
#define workload_param_spec param_spec

/* Destination of a descriptor: .offset and .size of @field in @type. */
#define PARAM_FIELD(type, field)					\
	.offset = offsetof(type, field), .size = sizeof(((type *)0)->field)

/* ---- the scenario ---------------------------------------------------- */

enum scenario_arch {
	SCENARIO_ARCH_X86,	/* same order as enum sim_arch (mmzone.h) */
	SCENARIO_ARCH_X86_64,
};

enum scenario_disk {
	SCENARIO_DISK_ROTATIONAL,
	SCENARIO_DISK_SSD,
};

extern const char *const scenario_arch_names[];	/* "x86", "x86_64" */
extern const char *const scenario_disk_names[];

struct workload_ops;

struct scenario_machine {
	int arch;			/* enum scenario_arch */
	uint64_t mem;			/* bytes, the mem= boot option */
	int cpus;			/* logical CPUs */
	int threads_per_core;		/* 2: Hyper-Threading siblings */
	double cpu_speed;		/* a core alone, the reference CPU = 1 */
	double smt_speed;		/* a thread while its sibling is busy */
	int hz;
	int disk;			/* enum scenario_disk */
	uint64_t disk_size;		/* the partition under dm-crypt */
	uint64_t disk_capacity;		/* the whole drive */
	uint64_t disk_partition_start;	/* where the partition begins */
	uint64_t disk_bandwidth;	/* bytes/s, outer zone */
	uint64_t disk_bandwidth_inner;	/* bytes/s, inner zone */
	int disk_zones;
	int disk_heads;
	uint64_t disk_seek;		/* ns, average seek; 0: none */
	uint64_t disk_seek_track;	/* ns, one cylinder */
	uint64_t disk_seek_full;	/* ns, full stroke */
	uint64_t disk_write_settle;	/* ns, extra after a write's seek */
	int disk_rpm;			/* 0: no rotational latency */
	uint64_t disk_overhead;		/* ns per command */
	int disk_queue_depth;		/* NCQ tags the kernel uses */
	uint64_t disk_ncq_age;		/* ns; 0: no age bound */
	bool disk_write_cache;
	uint64_t disk_cache_size;	/* bytes */
	uint64_t disk_readahead;	/* bytes per read segment; 0: none */
	int disk_read_segments;
	uint64_t disk_link_bandwidth;	/* bytes/s, the SATA link */
	uint64_t disk_max_request;	/* bytes, max_sectors */
	bool crypt;
	uint64_t crypt_cost;		/* ns of CPU per 4 KiB page, each way */
	uint64_t fs_size;		/* the ext3 logical volume */
	uint64_t swap_size;		/* the swap logical volume */
	int pageblock_order;		/* 0: the architecture's default */
	uint64_t reserved;		/* bytes taken at boot; see scenario_key_given */
	int slab;			/* enum slab_allocator: 0 slub, 1 slab */
	int64_t cached_files;		/* dentries + inodes cached at the start */
	uint64_t logfs_size;		/* the plain partition for logs, 0: none */
	uint64_t logfs_start;		/* where it begins on the drive */
	int nodes;			/* NUMA nodes, 1: UMA */
};

struct scenario_vm {
	int min_free_kbytes;		/* 0: computed at boot */
	int swappiness;
	int dirty_ratio;
	int dirty_background_ratio;
	int dirty_expire_centisecs;
	int dirty_writeback_centisecs;
	int nr_requests;
	bool low_latency;
	struct param_int_list lowmem_reserve_ratio;	/* n = 0: defaults */
	int percpu_pagelist_fraction;	/* 0: unused */
	uint64_t kswapd_short_sleep;	/* ns; 0 (not set): the profile's */
	int vfs_cache_pressure;
};

struct scenario_kernel {
	char profile[96];
	/* NAME=VALUE ... set on the profile at boot ("" : none); room for
	 * every switch of the profile at once (mmsim bisect sets many) */
	char switches[2048];
};

#define SCENARIO_TASK_NAME_MAX	16	/* TASK_COMM_LEN, NUL included */
#define SCENARIO_UNTIL_MAX	8

/* Stop at the first of: a simulated time, or the exit of a named task. */
struct scenario_until {
	uint64_t time;			/* ns; 0: no time condition */
	int nr_tasks;
	char tasks[SCENARIO_UNTIL_MAX][SCENARIO_TASK_NAME_MAX];
};

struct scenario_run {
	int64_t seed;
	struct scenario_until until;	/* nothing set: run to max_time */
	uint64_t sample_interval;	/* ns */
	uint64_t max_time;		/* ns: a hard stop in any case */
};

/* One "key = value" of a task section, in file order. */
struct scenario_kv {
	char *key;
	char *value;
	int line;
	bool used;		/* read by the program's parser */
};

struct scenario_task {
	char name[SCENARIO_TASK_NAME_MAX];
	const struct workload_ops *program;	/* NULL before it is read */
	int line;		/* of the [task NAME] header */
	int program_line;
	struct scenario_kv *kv;	/* every key but program */
	size_t nr_kv;
};

#define SCENARIO_NR_SECTIONS	4	/* machine, vm, kernel, run */
#define SCENARIO_MAX_KEYS	48	/* per section */
#define SCENARIO_MAX_TASKS	256

struct scenario {
	char *filename;
	int nr_lines;
	struct scenario_machine machine;
	struct scenario_vm vm;
	struct scenario_kernel kernel;
	struct scenario_run run;
	struct scenario_task *tasks;
	size_t nr_tasks;
	int section_line[SCENARIO_NR_SECTIONS];		/* 0: absent */
	int key_line[SCENARIO_NR_SECTIONS][SCENARIO_MAX_KEYS];	/* 0: not in the file */
};

/* ---- parsing --------------------------------------------------------- */

struct scenario_parse_opts {
	/* Called for every task once the whole file is read and checked;
	 * returns 0, or -1 with @err filled (the scenario_task_* helpers do). */
	int (*validate_task)(void *ctx, const struct scenario *sc,
			     struct scenario_task *task, struct scenario_error *err);
	/* Checks [kernel] profile; returns 0, or -1 with a reason in @why. */
	int (*validate_profile)(void *ctx, const char *name, char *why, size_t len);
	/* Checks [kernel] switches on that profile, the same way. */
	int (*validate_switches)(void *ctx, const char *profile,
				 const char *switches, char *why, size_t len);
	void *ctx;
};

/* @opts may be NULL.  NULL on error, with @err filled. */
struct scenario *scenario_parse_buffer(const char *text, size_t len,
				       const char *filename,
				       const struct scenario_parse_opts *opts,
				       struct scenario_error *err);
struct scenario *scenario_parse_file(const char *path,
				     const struct scenario_parse_opts *opts,
				     struct scenario_error *err);
void scenario_free(struct scenario *sc);

/* The embedded default (src/scenario/default.c): the Nov 2009
 * reproduction on x86-64, and its x86 (Pentium 4) sibling. */
extern const char scenario_default_text[];
/*
 * Where the shipped scenarios' [fitted] values come from: the
 * calibration's command and the commit it ran at (docs/calibration.md,
 * "The shipped calibration").  Re-run it after a change of mechanism and
 * update this with the values.
 */
extern const char scenario_calibration[];
extern const char scenario_default_x86_text[];
#define SCENARIO_DEFAULT_NAME		"<default>"
#define SCENARIO_DEFAULT_X86_NAME	"<default-x86>"
struct scenario *scenario_parse_default(const struct scenario_parse_opts *opts,
					struct scenario_error *err);

/* The text of a shipped scenario file built into mmsim
 * (src/scenario/shipped.c): @name as "scenarios/desktop-net-gitk.ini".
 * NULL for a file not built in. */
const char *scenario_shipped_text(const char *name);

/* Print @sc back as INI with canonical units; parsing the output gives
 * the same values.  Keys without a value print as comments. */
void scenario_dump(const struct scenario *sc, FILE *f);

/* Every fixed key as a Markdown table (docs/scenario-format.md). */
void scenario_describe_keys(FILE *f);
/* Every key of the fixed sections, for a "did you mean" (suggest.h). */
struct suggest;
void scenario_suggest_keys(struct suggest *sg);

/* Line of a fixed key in the file, 0 when it took its default. */
int scenario_key_line(const struct scenario *sc, const char *section,
		      const char *key);
static inline bool scenario_key_given(const struct scenario *sc,
				      const char *section, const char *key)
{
	return scenario_key_line(sc, section, key) > 0;
}

/* The descriptor of fixed key @key of [@section] ("machine", "vm",
 * "kernel", "run"), or NULL when there is no such key: for commands that
 * work on keys by name (mmsim calibrate fits only numeric ones). */
const struct param_spec *scenario_key_spec(const char *section,
					   const char *key);

/* "FILE:LINE: ..." into @err, for later layers that find a problem with
 * a value (a line of 0 prints as the file's last line).  Returns -1. */
int scenario_errorf(const struct scenario *sc, int line,
		    struct scenario_error *err, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Index of task @name, or -1. */
int scenario_find_task(const struct scenario *sc, const char *name);
/* Does a task run program @name? */
bool scenario_has_program(const struct scenario *sc, const char *name);

/* ---- task keys, for workload programs ------------------------------ */

/* The kv for @key (marking it used), or NULL. */
struct scenario_kv *scenario_task_find(struct scenario_task *task,
				       const char *key);
/* Read one key described by @spec into @dst + spec->offset: default when
 * absent, "missing key" when required, range and unit checks.  0 or -1. */
int scenario_task_get(const struct scenario *sc, struct scenario_task *task,
		      const struct param_spec *spec, void *dst,
		      struct scenario_error *err);
/* Every key of @specs, then refuse any key of the task that none of them
 * names ("unknown key ... (one of ...)").  0 or -1. */
int scenario_task_apply(const struct scenario *sc, struct scenario_task *task,
			const struct param_spec *specs, size_t nr_specs,
			void *dst, struct scenario_error *err);
/* Refuse the first key not yet read; @specs (may be NULL) lists the
 * expected keys in the message. */
int scenario_task_check_unused(const struct scenario *sc,
			       const struct scenario_task *task,
			       const struct param_spec *specs, size_t nr_specs,
			       struct scenario_error *err);

/* One key at a time.  @def is the default as file text; NULL makes the
 * key required.  0 or -1 with @err filled. */
int scenario_task_get_size(const struct scenario *sc, struct scenario_task *task,
			   const char *key, const char *def, uint64_t min,
			   uint64_t max, uint64_t *out, struct scenario_error *err);
int scenario_task_get_time(const struct scenario *sc, struct scenario_task *task,
			   const char *key, const char *def, uint64_t min,
			   uint64_t max, uint64_t *out, struct scenario_error *err);
int scenario_task_get_int(const struct scenario *sc, struct scenario_task *task,
			  const char *key, const char *def, int64_t min,
			  int64_t max, int64_t *out, struct scenario_error *err);
int scenario_task_get_double(const struct scenario *sc, struct scenario_task *task,
			     const char *key, const char *def, double min,
			     double max, double *out, struct scenario_error *err);
int scenario_task_get_bool(const struct scenario *sc, struct scenario_task *task,
			   const char *key, const char *def, bool *out,
			   struct scenario_error *err);
int scenario_task_get_enum(const struct scenario *sc, struct scenario_task *task,
			   const char *key, const char *def,
			   const char *const *words, int *out,
			   struct scenario_error *err);
int scenario_task_get_string(const struct scenario *sc, struct scenario_task *task,
			     const char *key, const char *def, char *buf,
			     size_t len, struct scenario_error *err);

#endif /* MMSIM_SCENARIO_H */
