/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The replay workload's core: re-issue the page allocations and frees of
 * an ftrace text trace (recorded on a real machine, or by mmsim) in
 * simulated time.
 *
 * - mm_page_alloc events become alloc_pages() with the recorded order and
 *   gfp flags (names parsed back to 2.6.32 bits); if the recorded
 *   migratetype differs from the one the flags give, the flags' mobility
 *   bits are changed to give it.  Flags without __GFP_WAIT are issued in
 *   interrupt context (irq_work on the recorded CPU, modulo the machine's),
 *   the rest by the replay task.
 * - mm_page_free_direct / mm_pagevec_free (and the later mm_page_free /
 *   mm_page_free_batched) free the block whose recorded pfn they name.
 * - Event i is issued at start + (t_i - t_0) * time_scale, t_0 being the
 *   first allocation or free, in file order; a replay task that blocked
 *   (in reclaim, say) issues late events at once, never reorders them.
 * - Everything not re-issued is counted by reason in replay_stats (never
 *   silently dropped), and replay_print_stats() prints it.
 *
 * The file is read twice, both times streaming: replay_open() checks the
 * whole trace so a malformed line stops before the simulation starts
 * ("FILE:LINE: what"), and the task reads it again as it replays.  Memory
 * grows with the blocks the trace holds allocated at once, not with its
 * length.  docs/trace.md describes the semantics.
 */
#ifndef MMSIM_WORKLOAD_REPLAY_H
#define MMSIM_WORKLOAD_REPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "sim/sim.h"

struct replay_opts {
	/* Recorded intervals are multiplied by this (0.5 replays twice as
	 * fast); 0 issues every event back to back.  Default 1. */
	double time_scale;
	/* Simulated time of the first event (or when the task starts, if
	 * later). */
	sim_time_t start;
	const char *comm;		/* the replay task's name; "replay" */
	int prio;			/* its priority; DEFAULT_PRIO */
};

#define REPLAY_MAX_OTHER_NAMES 16

struct replay_stats {
	unsigned long events;		/* event lines read */
	unsigned long allocs;		/* allocations re-issued */
	unsigned long allocs_irq;	/* ... of them in interrupt context */
	unsigned long alloc_failures;	/* ... that failed in the simulation */
	unsigned long trace_failures;	/* failed on the traced machine: re-issued,
					 * and a page obtained is freed at once */
	unsigned long pages_allocated;	/* pages obtained (sum of 2^order) */
	unsigned long frees;		/* blocks freed, matched by pfn */
	unsigned long pages_freed;
	unsigned long frees_of_failed;	/* the allocation failed here: nothing to free */
	unsigned long duplicate_frees;	/* 2.6.32's second mm_page_free_direct of
					 * an order-0 __free_pages */
	unsigned long frees_inferred;	/* a live pfn allocated again: freed first */
	unsigned long migratetype_adjusted;
	unsigned long lost_events;	/* reported lost by the tracer */
	unsigned long live_at_end;	/* blocks still allocated at the end */

	/* Unusable events, by reason. */
	unsigned long unmatched_frees;	/* pfn not allocated within the trace */
	unsigned long order_mismatch;	/* free order differs from the allocation's */
	unsigned long bad_gfp;		/* unknown gfp flag name */
	unsigned long bad_order;	/* order >= MAX_ORDER */
	unsigned long other_events;	/* not an allocation or a free */
	struct {
		char name[48];
		unsigned long count;
	} other[REPLAY_MAX_OTHER_NAMES];	/* by name; the rest under "others" */

	bool done;			/* replayed to the end of the trace */
	char error[512];		/* set: stopped at "FILE:LINE: what" */
};

struct replay;

/* Defaults into @opts. */
void replay_opts_default(struct replay_opts *opts);

/*
 * Open and check @path (a regular file: it is read twice).  NULL with a
 * one-line message ("FILE:LINE: what" for a malformed trace) in @err.
 * @opts may be NULL for the defaults.
 */
struct replay *replay_open(const char *path, const struct replay_opts *opts,
			   char *err, size_t errlen);

/* Start the replay task (kthread_run) in the current simulation. */
struct task_struct *replay_start(struct replay *r);

const struct replay_stats *replay_stats(const struct replay *r);

/* Every count, one per line, for a run's report. */
void replay_print_stats(const struct replay *r, FILE *out);
/*
 * What was replayed, in a few lines for the run's report (task @task):
 * the events and the trace's time span, what was re-issued, what was not
 * and why, and warnings (events the tracer lost; timestamps that go back,
 * which trace tools warn of: the replay keeps file order).
 */
void replay_print_summary(const struct replay *r, const char *task, FILE *out);

/* Free the host-side state; the simulated pages stay as they are.  Call
 * once the task has ended or the simulation is over. */
void replay_close(struct replay *r);

/* The replay program (replay_prog.c): its core's counts, or NULL if @w
 * is not one or has not started. */
struct workload;
const struct replay_stats *replay_program_stats(const struct workload *w);

#endif /* MMSIM_WORKLOAD_REPLAY_H */
