/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Why each allocation failed, in words a kernel developer reads next to
 * the kern.log: which watermark test refused which zone and by how many
 * pages, why the request could not dig deeper or reclaim, what kswapd was
 * doing, and which profile switches shaped the path.  Formats the records
 * of kernel/alloc_fail.c (struct alloc_explain, metrics/kstate.h), which
 * the kernel hands over (kstate_log_take()); the kernel never prints.
 */
#ifndef MMSIM_EXPLAIN_H
#define MMSIM_EXPLAIN_H

#include <stdio.h>
#include "metrics/kstate.h"
#include "metrics/records.h"

/* The "why" paragraph of one failure (a line if it has no explanation),
 * as the kernel of @profile took that path. */
void explain_alloc_failure(FILE *out, const struct kstate_profile *profile,
			   const struct alloc_failure *f);

/* The tally key of a failure: "order-2 atomic: DMA32 failed ...". */
void explain_reason_text(const struct alloc_failure *f, char *buf, size_t len);

/* The numbers of one failure's deciding test, for the tally's example. */
void explain_example_text(const struct alloc_failure *f, char *buf, size_t len);

/*
 * Tally every failure of @log by reason, most frequent first (ties in
 * order of first appearance).  Returns a calloc'd array, *@nr entries.
 */
struct failure_reason *explain_tally(const struct kstate_log *log, size_t *nr);

/* The tallies of several runs (a compare column) summed by reason. */
struct failure_reason *explain_merge_tallies(const struct run_result *runs,
					     size_t nr_runs, size_t *nr);

/* "N failures: ..." then one line per reason. */
void explain_tally_print(FILE *out, const struct failure_reason *reasons,
			 size_t nr);

/*
 * What `mmsim run --explain` prints: one paragraph per failure that
 * reached the kern.log, then the tally of all failures.  Returns the
 * number of paragraphs.
 */
size_t explain_write_failures(FILE *out, const struct kstate_log *log);

#endif /* MMSIM_EXPLAIN_H */
