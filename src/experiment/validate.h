/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Validation against the cover letter (issue 8): run both published tables'
 * rows at several seeds, set the published figures beside mmsim's, and check
 * the letter's and article's claims, writing docs/validation.md.
 */
#ifndef MMSIM_VALIDATE_H
#define MMSIM_VALIDATE_H

#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

/* The time-series period validate runs with, for claim 5(b): kswapd's
 * HZ/10 nap is the time scale of the claim. */
#define VALIDATE_SAMPLE_INTERVAL_NS	100000000ULL	/* 100 ms */

/* Per-run measures the claims need, computed in the run's own process. */
enum vmeasure {
	VM_ELAPSED,		/* s: gitk's, or the simulated time if unfinished */
	VM_GITK_DONE,		/* 1 or 0 */
	VM_FAIL_PRINTED,	/* kern.log reports: Mel's column */
	VM_FAIL_TOTAL,
	VM_FAIL_ATOMIC2,	/* order 2, no __GFP_WAIT, in interrupt context */
	VM_FAIL_NOWARN,		/* __GFP_NOWARN: counted, never printed */
	VM_CW_TIME,		/* s, every site and queue */
	VM_CW_CALLS,
	VM_KSWAPD_CW_CALLS,	/* site "kswapd" (balance_pgdat nap) */
	VM_KSWAPD_CW_TIME,	/* s */
	VM_CW_BOTH_CALLS,	/* calls asking for BLK_RW_BOTH, any site */
	VM_ALLOCSTALL,
	VM_PAGEOUTRUN,
	VM_PREMATURE,		/* KSWAPD_PREMATURE_FAST + _SLOW */
	VM_LAT_P95,		/* s, gitk progress-line latency */
	VM_LAT_MAX,		/* s */
	VM_ABOVE_HIGH,		/* fraction of samples with every zone >= high */
	VM_LAT_P50,		/* s */
	VM_STALL_SHARE,		/* sum(latency - p50, > 0) / elapsed */
	VM_BOTH_TIMEOUTS,	/* BLK_RW_BOTH calls that ran to their timeout */
	VM_MIN_FREE_WMARK,	/* lowest sampled free / min watermark, largest zone */
	VM_KSWAPD_CW_O0,	/* kswapd's congestion_wait calls at order 0 */
	VM_KSWAPD_CW_O2,	/* ... while balance_pgdat works at order 2 */
	NR_VMEASURES
};

struct validate_opts {
	unsigned int nr_seeds;		/* seeds 1..nr_seeds per row */
	int jobs;			/* processes at once */
	double alpha;			/* Welch's test level */
	const char *command;		/* for the header */
	const char *date;
	const char *commit;
	unsigned int arch_mask;		/* bit 0: x86_64, bit 1: x86 */
	int progress;			/* a count of finished runs on stderr */
	uint64_t sample_interval;	/* ns; 0: VALIDATE_SAMPLE_INTERVAL_NS */
};

/*
 * Run everything and write the markdown report to @out.  0, or -1 with a
 * one-line reason in @err.
 */
int validate_run(const struct validate_opts *o, FILE *out, char *err,
		 size_t len);

#endif
