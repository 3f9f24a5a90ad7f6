/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kern.log text of the simulated kernel: the page allocation failure
 * warning with its stack and show_mem() dump, and printk ratelimiting's
 * "callbacks suppressed" line, from the records of kernel/alloc_fail.c;
 * khungtaskd's hung task report, from kernel/hung_task.c; the OOM
 * killer's lines, from mm/oom_kill.c.  The kernel hands the records over
 * as a struct kstate_log (metrics/kstate.h); nothing here reads it.
 */
#ifndef MMSIM_KERN_LOG_H
#define MMSIM_KERN_LOG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "metrics/kstate.h"

struct kern_log_opts {
	bool timestamps;	/* printk time prefix "[%5lu.%06lu] " on every line */
	bool numa;		/* "Node 0 " before zone names (CONFIG_NUMA kernels) */
};

/*
 * Every function formats records of @log (kstate_log_take() on the
 * kernel side): the field set, the release string and the stack's
 * address width are those of @log's kernel.  @opts may be NULL.
 */

/*
 * One failure: the "callbacks suppressed" line if __ratelimit printed one
 * just before it, the warning, the stack and, when the record has a
 * snapshot, show_mem().  Formats unprinted records too (for debugging);
 * kern_log_write_failures() is what the log would have shown.
 */
void kern_log_alloc_failure(FILE *out, const struct kstate_log *log,
			    const struct alloc_failure *f,
			    const struct kern_log_opts *opts);

/* "__ratelimit: N callbacks suppressed" at time @t (ns). */
void kern_log_ratelimit_suppressed(FILE *out, const struct kstate_log *log,
				   uint64_t t, int missed,
				   const struct kern_log_opts *opts);

/* Every failure that reached the log, in order.  Returns how many. */
size_t kern_log_write_failures(FILE *out, const struct kstate_log *log,
			       const struct kern_log_opts *opts);

/* "INFO: task gitk:7 blocked for more than 120 seconds." and the rest
 * of khungtaskd's report. */
void kern_log_hung_task(FILE *out, const struct kstate_log *log,
			const struct hung_task_record *r,
			const struct kern_log_opts *opts);
/* Every hung task report of the run, in order.  Returns how many. */
size_t kern_log_write_hung_tasks(FILE *out, const struct kstate_log *log,
				 const struct kern_log_opts *opts);

/* One OOM kill: the header (when printk_ratelimit() allowed it: the
 * "invoked oom-killer" line, cpuset line, stack, show_mem(), the task
 * dump with vm.oom_dump_tasks) and the two kill lines. */
void kern_log_oom_kill(FILE *out, const struct kstate_log *log,
		       const struct oom_kill_record *k,
		       const struct kern_log_opts *opts);
/* Every OOM kill of the run, and the panic when there was nothing to
 * kill.  Returns the number of kills. */
size_t kern_log_write_oom(FILE *out, const struct kstate_log *log,
			  const struct kern_log_opts *opts);

/* The run's whole kern.log in time order: failures that reached the log,
 * hung tasks and OOM kills interleaved, then the panic if any. */
void kern_log_write(FILE *out, const struct kstate_log *log,
		    const struct kern_log_opts *opts);

#endif /* MMSIM_KERN_LOG_H */
