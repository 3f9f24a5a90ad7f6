/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The scenario as the workload programs read it: the parsed file (struct
 * scenario: its [machine], [vm], [kernel] and [run] values and its tasks'
 * keys), the typed key descriptors (struct param_spec) with which the
 * programs describe their task keys, and the errors they report.  It is
 * declared here, below scenario/, so that the data flows one way:
 * scenario/ parses files into these structures (scenario.h includes this
 * header), and a program checks its task against them without including
 * scenario/.  The functions declared at the end are defined here too
 * (scenario_types.c): the parser calls a program's validate() with its
 * scenario, and the program looks up keys and tasks and reports errors
 * through them, so a program neither includes nor calls scenario/.
 */
#ifndef MMSIM_WORKLOAD_SCENARIO_TYPES_H
#define MMSIM_WORKLOAD_SCENARIO_TYPES_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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

/* ---- for the programs' checks and the parser (scenario_types.c) ----- */

/* "FILE:LINE: " (or "FILE: " for line 0) and the message; returns -1. */
int scenario_verror(struct scenario_error *err, const char *file, int line,
		    const char *fmt, va_list ap);

/* The file's last line (at least 1): where missing things are blamed. */
int scenario_last_line(const struct scenario *sc);

/* "FILE:LINE: ..." into @err, for later layers that find a problem with
 * a value (a line of 0 prints as the file's last line).  Returns -1. */
int scenario_errorf(const struct scenario *sc, int line,
		    struct scenario_error *err, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Index of task @name, or -1. */
int scenario_find_task(const struct scenario *sc, const char *name);

/* The kv for @key (marking it used), or NULL. */
struct scenario_kv *scenario_task_find(struct scenario_task *task,
				       const char *key);

#endif /* MMSIM_WORKLOAD_SCENARIO_TYPES_H */
