/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Run many independent simulations at once, one forked process each, at
 * most @jobs at a time.  Each simulation stays single-threaded and
 * deterministic; only the scheduling of whole runs is parallel, and
 * outputs are returned by job index, so the order results are reported in
 * never depends on which process finished first.
 */
#ifndef MMSIM_POOL_H
#define MMSIM_POOL_H

#include <stddef.h>

/* Runs in the child: return a malloc'd string (the job's output), or NULL
 * on failure. */
typedef char *(*pool_job_fn)(size_t idx, void *ctx);
/* Called in the parent after each job ends. */
typedef void (*pool_progress_fn)(size_t done, size_t total, void *ctx);

/*
 * outputs[i] receives job i's string (malloc'd) or NULL if it failed.
 * Returns the number of failed jobs, or -1 if processes could not be
 * created at all.
 */
int pool_run(size_t nr_jobs, int jobs, pool_job_fn fn, void *ctx,
	     char **outputs, pool_progress_fn progress);

#endif
