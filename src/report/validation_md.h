/* SPDX-License-Identifier: GPL-2.0 */
/*
 * docs/validation.md: what `mmsim validate` found, as Markdown.  The runs,
 * the measures taken from them, the claim rules and their verdicts are
 * experiment/validate.c's; this is how they read: the published tables
 * beside mmsim's, each claim with its rule and evidence, the diagnostics
 * and the likely causes where a claim does not hold.
 */
#ifndef MMSIM_VALIDATION_MD_H
#define MMSIM_VALIDATION_MD_H

#include <stdbool.h>
#include <stdio.h>
#include "stats.h"

#define VALIDATION_NR_ARCH	2	/* x86-64, x86: the cover letter's tables */
#define VALIDATION_NR_ROWS	13	/* the rows of each table */
#define VALIDATION_NR_ZONES	5

/* Row indices of the tables (profile_table_rows order). */
enum {
	R30, R31, R31_REVERT, R31_P12, R31_P123, R31_P1234, R31_P12345,
	R32, R32_REVERT, R32_P12, R32_P123, R32_P1234, R32_P12345,
};

/* Per-run measures the claims need, computed in the run's own process. */
enum validation_measure {
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

/* The claims of the cover letter and the article, by what they test;
 * printed as "Claim 1" .. "Claim 7" in this order. */
enum validation_claim_id {
	CLAIM_RC6_FAILS_SERIES_FIXES,	/* order-2 atomic failures on rc6, fewer with the series */
	CLAIM_RC6_SLOW_REVERT_HELPS,	/* rc6 slower than 2.6.30; reverting 8aa7e847 recovers */
	CLAIM_SERIES_CW_LIKE_2630,	/* congestion_wait after the series closer to 2.6.30's */
	CLAIM_PATCH3_FEWER_STALLS,	/* waiting on both queues: kswapd and direct reclaim stall less */
	CLAIM_PATCH4_ABOVE_HIGH_LONGER,	/* premature-sleep counters; free above high longer */
	CLAIM_PATCH5_FEWER_ORDER2_NAPS,	/* kswapd at order 2 naps less than at order 0 */
	CLAIM_SERIES_SMOOTHER_LATENCY,	/* gitk's p95 and maximum stall lower with the series */
	NR_CLAIMS
};

/* A row of the cover letter's tables. */
struct validation_published {
	const char *name;
	double elapsed[VALIDATION_NR_ARCH];	/* s: x86-64, x86 */
	unsigned int failures[VALIDATION_NR_ARCH];
};

/* One sub-check of a claim: the means of measure a in row a and measure
 * b in row b compared. */
struct validation_cmp {
	double ma, sa, mb, sb;
	struct welch_result w;
	bool less;		/* mean a < mean b (false when equal) */
	bool sig;		/* p < alpha (or no noise and different) */
};

enum validation_evidence_kind {
	EVIDENCE_LESS,		/* a < b: a row of the claim's evidence table */
	EVIDENCE_CLOSER,	/* row a closer to 2.6.30's mean than row b */
	EVIDENCE_ORDERS,	/* kswapd's naps, one order against another */
};

struct validation_evidence {
	enum validation_evidence_kind kind;
	int arch;
	int row_a, measure_a;
	int row_b, measure_b;
	struct validation_cmp cmp;
	double base_mean, base_sd;	/* EVIDENCE_CLOSER: 2.6.30's */
	double dist_a, dist_b;		/* ... and each row's distance from it */
	bool meets;
	bool counts;		/* part of the rule; else shown for information */
	int table;		/* the claim's table it is printed in: 0, 1 */
};

#define VALIDATION_MAX_EVIDENCE	16

struct validation_claim {
	bool holds;
	struct validation_evidence ev[VALIDATION_MAX_EVIDENCE];
	size_t nr_ev;
	/* What the rules decide beyond the evidence rows. */
	bool part_a, part_b;		/* PATCH4: counters; above high */
	double vanilla_failures;	/* RC6_FAILS: rc6's mean printed failures */
	double recovered[VALIDATION_NR_ARCH];	/* RC6_SLOW: (rc6 - revert) / (rc6 - .30) */
};

struct validation {
	const char *command, *date, *commit;
	unsigned int nr_seeds;
	double alpha;
	char interval[24];		/* the sample interval, as text */
	const struct validation_published *published;	/* [VALIDATION_NR_ROWS] */
	/* The booted machines' zones, as zoneinfo shows them. */
	bool populated[VALIDATION_NR_ARCH][VALIDATION_NR_ZONES];
	unsigned long high[VALIDATION_NR_ARCH][VALIDATION_NR_ZONES];
	const char *zone_name[VALIDATION_NR_ARCH][VALIDATION_NR_ZONES];
	/* vals[arch][row][measure][seed] */
	const double *vals;
	struct validation_claim claims[NR_CLAIMS];
	/* Rows 0000000 and 0000012 gave the same measures at every seed,
	 * on both kernels and arches. */
	bool patches12_identical;
};

static inline const double *validation_val(const struct validation *v, int a,
					   int r, int m)
{
	return v->vals + (((size_t)a * VALIDATION_NR_ROWS + (size_t)r) *
			  NR_VMEASURES + (size_t)m) * v->nr_seeds;
}

static inline double validation_mean(const struct validation *v, int a,
				     int r, int m)
{
	return stats_mean(validation_val(v, a, r, m), v->nr_seeds);
}

static inline double validation_sd(const struct validation *v, int a, int r,
				   int m)
{
	return stats_stddev(validation_val(v, a, r, m), v->nr_seeds);
}

/* The whole report. */
void validation_md_write(FILE *f, const struct validation *v);

#endif /* MMSIM_VALIDATION_MD_H */
