/* SPDX-License-Identifier: GPL-2.0 */
/* One simulated run of a scenario, from boot to result. */
#ifndef MMSIM_RUN_H
#define MMSIM_RUN_H

#include <stdbool.h>
#include <stdint.h>
#include "scenario/scenario.h"
#include "metrics/metrics.h"
#include "sim/sim.h"

/* mmsim's version: the command's, stamped on every result ("mmsim_version")
 * so that merge can tell results of another mmsim apart. */
#define MMSIM_VERSION "0.1.0"

/*
 * The scenario's fingerprint: "fnv1a64:" and 16 hex digits, a hash of
 * its canonical form (scenario_dump() without its first line, which
 * names the file), so the same effective scenario from any file or
 * formatting has the same fingerprint.  Results carry it
 * ("scenario_fingerprint"), experiment.json carries each point's; merge
 * compares them.
 */
#define SCENARIO_FINGERPRINT_LEN 32
void scenario_fingerprint(const struct scenario *sc, char *buf, size_t len);

struct ftrace_sink_opts;
struct monitor_set;

/*
 * --blktrace DIR: blktrace's files of every block device
 * (report/blktrace.h), written when the run ends.  Failing to write
 * them does not fail the run: @error says why (empty: written).
 */
struct run_blktrace {
	const char *dir;
	char error[512];
	unsigned long records;		/* written, over every device */
};

struct run_options {
	const char *profile;		/* NULL: the scenario's [kernel] profile */
	uint64_t seed;
	const char *scenario_name;	/* for the result; NULL: the file name */
	bool check;			/* invariant checks after reclaim passes */
	uint64_t check_interval;	/* with check: also every N engine events */
	sim_time_t check_period;	/* with check: also every T simulated ns */
	long hung_task_timeout;		/* seconds; 0: the kernel's 120, <0: off */
	bool progress;			/* progress line on a terminal */
	const struct ftrace_sink_opts *trace;	/* NULL: no tracing */
	struct run_blktrace *blktrace;		/* NULL: no block trace */
	char **vmstat_text;		/* non-NULL: /proc/vmstat at the end, malloc'd */
	char **slabinfo_text;		/* non-NULL: /proc/slabinfo at the end, malloc'd */
	char **meminfo_text;		/* non-NULL: /proc/meminfo at the end, malloc'd */
	/* Periodic /proc snapshots (experiment/monitor.h); NULL: none.
	 * The caller opens and closes the set. */
	struct monitor_set *monitors;
	/*
	 * The caller reads the run's measures only (validate, bisect,
	 * calibrate keep nothing else): no kern.log and no --explain text
	 * is written, and printed failures skip show_mem's pass over every
	 * page, which only kern.log's "pages RAM" lines read.  Every
	 * measure is the same either way.
	 */
	bool measures_only;
};

/* 0 with @res initialised and filled (the caller frees it), or -1 with a
 * one-line reason in @err and nothing in @res (nothing was run, the
 * machine could not boot, or --check found a violation: mm_violation.hit,
 * and mm_debug_print_violation() has the report). */
int run_scenario(const struct scenario *sc, const struct run_options *opt,
		 struct run_result *res, char *err, size_t len);
/* Async-signal-safe: the run stops at its next sample, marked partial. */
void run_request_stop(void);

#endif
