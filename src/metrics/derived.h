/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Figures computed from a run's measures, for the tables of mmsim run,
 * compare and validate: congestion_wait totals, and statistics of the progress-line latencies.
 */
#ifndef MMSIM_METRICS_DERIVED_H
#define MMSIM_METRICS_DERIVED_H

#include <stdbool.h>
#include <stdint.h>
#include "metrics.h"
#include "records.h"

/* "congestion_wait" summed over call site @site and queue @queue, each
 * -1 for every one. */
struct cw_total result_cw_total(const struct run_result *r, int site,
				int queue);
/* Over every call site and queue. */
double result_cw_seconds(const struct run_result *r);
unsigned long result_cw_calls(const struct run_result *r);

/* "latency": lines slower than @ns; a percentile (type 7, linear between
 * the closest ranks) and the maximum, in seconds. */
unsigned long result_stalls_over(const struct run_result *r, uint64_t ns);
double result_latency_percentile(const struct run_result *r, double pct);
double result_latency_max(const struct run_result *r);

/*
 * The classes of the time[] of list measure @processes' records (struct
 * process_time_record), as their declaration gives them (the engine's,
 * workload/gitk.c): how many, and their names in *@names.
 */
unsigned int process_time_classes(const char *processes,
				  const char *const **names);

/*
 * List measure @processes (struct process_time_record: gitk_instances):
 * the processes' time in class @cls ("cpu", "swapin", ...:
 * process_time_classes()), in seconds per process (the sum over the
 * processes divided by their number); 0 without a process.  @share: as a
 * fraction of their elapsed time instead.
 */
double result_process_time(const struct run_result *r, const char *processes,
			   const char *cls, bool share);

/*
 * "disk_io" of class @cls ("sync", "async"): commands completed, their
 * mean latency at the drive in seconds, and the upper bound of the
 * histogram bucket holding the @pct percentile (seconds; infinity for the
 * last bucket).  "disk_active" over the run: the disks' utilisation.
 */
uint64_t result_disk_commands(const struct run_result *r, const char *cls);
double result_disk_mean(const struct run_result *r, const char *cls);
double result_disk_percentile_bound(const struct run_result *r,
				    const char *cls, double pct);
double result_disk_util(const struct run_result *r);

/* Every element of MT_ARRAY @name, or of one column (@col >= 0) of a
 * two-dimension one, summed. */
double result_array_sum(const struct run_result *r, const char *name, int col);

#endif /* MMSIM_METRICS_DERIVED_H */
