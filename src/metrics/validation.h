/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What `mmsim validate` hands its report over in: the public record's
 * data sets and rows (experiment/record.c fills them), the conditions
 * run, each run's claim measures (by the registry's names,
 * experiment/validate.c), the claims and their verdicts.  experiment/
 * decides them and report/validation_md.c prints them, so the model
 * lives below both.
 */
#ifndef MMSIM_METRICS_VALIDATION_H
#define MMSIM_METRICS_VALIDATION_H

#include <stdbool.h>
#include <stddef.h>
#include "stats.h"

#define VALIDATION_NR_ARCH	2	/* x86-64, x86: the cover letter's tables */
#define VALIDATION_NR_ROWS	13	/* the rows of each of its tables */
#define VALIDATION_NR_ZONES	5

enum { VALIDATION_X86_64, VALIDATION_X86 };

/* Row indices of the cover letter's tables (profile_table_rows order). */
enum {
	R30, R31, R31_REVERT, R31_P12, R31_P123, R31_P1234, R31_P12345,
	R32, R32_REVERT, R32_P12, R32_P123, R32_P1234, R32_P12345,
};

/* ---- the public record ---------------------------------------------------- */

/* The data sets `mmsim validate --record` chooses from, in date order. */
enum record_set {
	RECORD_COVER,		/* 12 Nov 2009: the cover letter */
	RECORD_NOV13,		/* dm-crypt patch rows, one run each */
	RECORD_NOV19,		/* repeated runs: mean, stddev, failures summed */
	RECORD_NOV20,		/* no dm-crypt, low_latency 0 and 1 */
	RECORD_NOV26,		/* desktop-net-gitk, low_latency on and off */
	RECORD_NOV27,		/* ... with forced order-2, and with patches 3-5 */
	NR_RECORD_SETS
};

#define RECORD_ALL_SETS	((1u << NR_RECORD_SETS) - 1)

/* The experiment a row was measured in, as a scenario mmsim ships. */
enum record_setup {
	SETUP_REPRODUCTION,	/* the cover letter's: embedded default, per arch */
	SETUP_NO_DM_CRYPT,	/* scenarios/reproduction-no-dm-crypt.ini */
	SETUP_DESKTOP,		/* scenarios/desktop-net-gitk.ini */
	SETUP_DESKTOP_HIGHORDER, /* scenarios/desktop-net-gitk-highorder.ini */
	NR_SETUPS
};

/* What a set's elapsed and failures columns are. */
enum record_summary {
	SUMMARY_ONE_RUN,	/* one run per row */
	SUMMARY_MEAN_SD,	/* mean (stddev) over an unstated number of runs */
	SUMMARY_MMTESTS,	/* min, mean, stddev, max (MMTests' compare) */
};

enum record_failures {
	FAILURES_PER_RUN,	/* the failure reports of the one run's kern.log */
	FAILURES_SUMMED,	/* ... of all the runs together */
	FAILURES_SUMMED_WITH_SUPPRESSED, /* and the printk rate limit's suppressions */
};

struct record_set_info {
	const char *id;		/* --record's name: "cover", "13nov", ... */
	const char *date;	/* "13 Nov 2009" */
	const char *source;	/* author and subject */
	const char *msgid;	/* the message with the tables */
	enum record_summary summary;
	enum record_failures failures;
};

/* One row (or one column of an MMTests table) of the published record. */
struct record_row {
	enum record_set set;
	const char *table;	/* the table in the message: "X86-64", ... */
	const char *msgid;	/* the message that printed the figures */
	const char *name;	/* the row as printed */
	int arch;		/* VALIDATION_X86_64, VALIDATION_X86 */
	/* How mmsim runs it; profile NULL: not modelled, for the reason given. */
	enum record_setup setup;
	const char *profile;
	int low_latency;	/* -1: as the profile has it; 0 or 1: set */
	const char *not_modelled;
	/* Seconds; NAN where the table prints none. */
	double elapsed, stddev, min, max;
	int failures;		/* -1: not printed */
	int failures_first_posted; /* the figure first posted, when corrected; -1 */
};

/* ---- the runs and their measures -------------------------------------------- */

/* One simulated condition, run at every seed: a distinct (setup, arch,
 * profile, low_latency) of the chosen sets' modelled rows. */
struct validation_config {
	enum record_setup setup;
	int arch;
	const char *profile;
	int low_latency;	/* -1: the profile's */
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
	VM_FAIL_WARNED,		/* without __GFP_NOWARN: printed + rate-limited */
	VM_DIRECT_CW_TIME,	/* s: sites alloc_retry, high_priority, direct_reclaim */
	VM_WB_MEAN,		/* pages: nr_writeback, mean over the samples */
	VM_WB_PAGE_SECONDS,	/* nr_writeback integrated over the run */
	VM_KSWAPD_AWAKE,	/* fraction of samples with a kswapd awake */
	VM_KSWAPD_STEAL,	/* kswapd_steal: pages kswapd reclaimed */
	VM_HOFAIL_BLOCKS,	/* at order >= 1 atomic failures: free pages in
				 * blocks >= the order (median; NAN: none) */
	VM_HOFAIL_RESERVE,	/* ... of those on MIGRATE_RESERVE lists */
	VM_RESERVE_BLOCKS,	/* MIGRATE_RESERVE pageblocks at the start */
	VM_RESERVE_BLOCKS_END,	/* ... and at the end of the run */
	VM_BROKEN_FALLBACK,	/* order >= 2 blocks __rmqueue_fallback() split */
	NR_VMEASURES
};

/* ---- the claims ------------------------------------------------------------- */

/*
 * The claims of the cover letter, the article and the thread after it, by
 * what they test; printed as "Claim 1" .. in this order, each under its
 * data set.  One list: X(ID, RULE, SET) for each claim, RULE naming both
 * the rule that decides it (experiment/validate.c) and the text that
 * reports it (report/validation_md.c), SET the data set it belongs to.
 */
#define VALIDATION_CLAIMS(X) \
	/* order-2 atomic failures on rc6, fewer with the series */ \
	X(CLAIM_RC6_FAILS_SERIES_FIXES, claim_rc6_fails_series_fixes, RECORD_COVER) \
	/* rc6 slower than 2.6.30; reverting 8aa7e847 recovers */ \
	X(CLAIM_RC6_SLOW_REVERT_HELPS, claim_rc6_slow_revert_helps, RECORD_COVER) \
	/* congestion_wait after the series closer to 2.6.30's */ \
	X(CLAIM_SERIES_CW_LIKE_2630, claim_series_cw_like_2630, RECORD_COVER) \
	/* waiting on both queues: kswapd and direct reclaim stall less */ \
	X(CLAIM_PATCH3_FEWER_STALLS, claim_patch3_fewer_stalls, RECORD_COVER) \
	/* premature-sleep counters; free above high longer */ \
	X(CLAIM_PATCH4_ABOVE_HIGH_LONGER, claim_patch4_above_high_longer, RECORD_COVER) \
	/* kswapd at order 2 naps less than at order 0 */ \
	X(CLAIM_PATCH5_FEWER_ORDER2_NAPS, claim_patch5_fewer_order2_naps, RECORD_COVER) \
	/* gitk's p95 and maximum stall lower with the series */ \
	X(CLAIM_SERIES_SMOOTHER_LATENCY, claim_series_smoother_latency, RECORD_COVER) \
	/* the dm-crypt patch: rc6 faster (x86) */ \
	X(CLAIM_NOV13_DMCRYPT_PATCH_SPEEDS_RC6, claim_nov13_dmcrypt_patch_speeds_rc6, RECORD_NOV13) \
	/* ... direct reclaimers wait less */ \
	X(CLAIM_NOV13_DMCRYPT_PATCH_LESS_DIRECT_CW, claim_nov13_dmcrypt_patch_less_direct_cw, RECORD_NOV13) \
	/* rc6's mean elapsed above 2.6.30's */ \
	X(CLAIM_NOV19_RC6_SLOWER_THAN_2630, claim_nov19_rc6_slower_than_2630, RECORD_NOV19) \
	/* rc6's runs vary more than 2.6.30's */ \
	X(CLAIM_NOV19_RC6_SPREAD_LARGER, claim_nov19_rc6_spread_larger, RECORD_NOV19) \
	/* rc6 fails; fewer with patches 1-5 */ \
	X(CLAIM_NOV19_SERIES_FEWER_FAILURES, claim_nov19_series_fewer_failures, RECORD_NOV19) \
	/* the dm-crypt patch changes no mean */ \
	X(CLAIM_NOV19_DMCRYPT_WITHIN_NOISE, claim_nov19_dmcrypt_within_noise, RECORD_NOV19) \
	/* ... but kswapd waits less (x86 rc6) */ \
	X(CLAIM_NOV19_DMCRYPT_PATCH_LESS_KSWAPD_CW, claim_nov19_dmcrypt_patch_less_kswapd_cw, RECORD_NOV19) \
	/* no dm-crypt: low_latency 0 faster, every kernel */ \
	X(CLAIM_NOV20_LL0_FASTER, claim_nov20_ll0_faster, RECORD_NOV20) \
	/* ... and fewer failures */ \
	X(CLAIM_NOV20_LL0_FAILS_LESS, claim_nov20_ll0_fails_less, RECORD_NOV20) \
	/* ... low_latency 1 varies more */ \
	X(CLAIM_NOV20_LL1_SPREAD_LARGER, claim_nov20_ll1_spread_larger, RECORD_NOV20) \
	/* nr_writeback higher for longer with 1 */ \
	X(CLAIM_NOV20_LL1_WRITEBACK_HIGHER_LONGER, claim_nov20_ll1_writeback_higher_longer, RECORD_NOV20) \
	/* desktop-net-gitk faster without low_latency */ \
	X(CLAIM_NOV26_LL0_FASTER, claim_nov26_ll0_faster, RECORD_NOV26) \
	/* forced order-2 receives: faster */ \
	X(CLAIM_NOV27_HIGHORDER_FASTER, claim_nov27_highorder_faster, RECORD_NOV27) \
	/* ... kswapd awake longer, reclaims more */ \
	X(CLAIM_NOV27_HIGHORDER_KSWAPD_HARDER, claim_nov27_highorder_kswapd_harder, RECORD_NOV27) \
	/* patches 3-5 on 2.6.32 */ \
	X(CLAIM_NOV27_PATCHES345_FASTER_FEWER_FAILURES, claim_nov27_patches345_faster_fewer_failures, RECORD_NOV27) \
	/* low_latency 0 fails less, but fails */ \
	X(CLAIM_NOV27_LL0_STILL_FAILS, claim_nov27_ll0_still_fails, RECORD_NOV27)

enum validation_claim_id {
#define CLAIM_ENUM(id, rule, set) id,
	VALIDATION_CLAIMS(CLAIM_ENUM)
#undef CLAIM_ENUM
	NR_CLAIMS
};

struct validation_claim_info {
	const char *id;		/* the rule's name: "claim_nov20_ll0_faster" */
	enum record_set set;	/* evaluated when this set is run */
};

extern const struct validation_claim_info validation_claim_info[NR_CLAIMS];

enum validation_verdict {
	VERDICT_NOT_RUN,	/* its data set was not chosen */
	VERDICT_HOLDS,
	VERDICT_FAILS,
	VERDICT_NOT_MEASURABLE,	/* a measure the rule needs has no value */
};

/* One sub-check of a claim: the means of measure a in row a and measure
 * b in row b compared. */
struct validation_cmp {
	double ma, sa, mb, sb;
	size_t na, nb;		/* the values each mean is over */
	struct welch_result w;
	bool less;		/* mean a < mean b (false when equal) */
	bool sig;		/* p < alpha (or no noise and different) */
};

enum validation_evidence_kind {
	EVIDENCE_LESS,		/* a < b: a row of the claim's evidence table */
	EVIDENCE_CLOSER,	/* config a closer to 2.6.30's mean than config b */
	EVIDENCE_ORDERS,	/* kswapd's naps, one order against another */
	EVIDENCE_SUM_LESS,	/* a < b, each seed's sum over the pooled configs */
	EVIDENCE_SPREAD,	/* a's runs closer to their median than b's */
	EVIDENCE_SAME,		/* a and b not different (p >= alpha) */
	EVIDENCE_POSITIVE,	/* mean of a > 0 (no test) */
};

#define VALIDATION_MAX_POOL	8

struct validation_evidence {
	enum validation_evidence_kind kind;
	/* Configs compared: one each, or a pool of nr_pool each (the same
	 * kernels under two conditions) for SUM_LESS and SPREAD. */
	int cfg_a[VALIDATION_MAX_POOL], cfg_b[VALIDATION_MAX_POOL];
	int nr_pool;
	int measure_a, measure_b;
	struct validation_cmp cmp;	/* SPREAD: of the absolute deviations */
	double base_mean, base_sd;	/* CLOSER: 2.6.30's */
	double dist_a, dist_b;		/* ... and each config's distance from it */
	bool measurable;	/* every value there, at least two runs a side */
	bool meets;
	bool counts;		/* part of the rule; else shown for information */
	int table;		/* the claim's table it is printed in: 0, 1 */
};

#define VALIDATION_MAX_EVIDENCE	16

struct validation_claim {
	enum validation_verdict verdict;
	struct validation_evidence ev[VALIDATION_MAX_EVIDENCE];
	size_t nr_ev;
	/* What the rules decide beyond the evidence rows. */
	/* The runs of each condition its verdict was drawn from, and
	 * whether that was at the first look of a sequential validate
	 * (struct validation's first_look). */
	unsigned int seeds;
	bool early;
	/* Set by a rule: a part of it beyond its evidence rows (a ratio of
	 * means, "in every run") could still change with more runs. */
	bool unsettled;
	/* ... or that a part of it failed in a way no run can undo. */
	bool fails_settled;
	bool part_a, part_b;		/* PATCH4: counters; above high */
	bool part_a_arch[VALIDATION_NR_ARCH];	/* ... (a) on each arch */
	double vanilla_failures;	/* RC6_FAILS: rc6's mean printed failures */
	double recovered[VALIDATION_NR_ARCH];	/* RC6_SLOW: (rc6 - revert) / (rc6 - .30) */
	int nr_met;			/* NOV13_..._LESS_DIRECT_CW: pairs that met */
	/* Over the calibration's ensemble: points where it holds, and
	 * points where it could be decided (held or failed). */
	unsigned int ens_holds, ens_decided, ens_points;
};

struct validation {
	const char *command, *date, *commit;
	const char *calibration;	/* where the scenarios' [fitted] values come from */
	/* The ensemble the claims were also judged at (0 points: none). */
	const char *ensemble_source;
	unsigned int ensemble_points, ensemble_seeds;
	unsigned int nr_seeds;		/* seeds 1..nr_seeds at most */
	double alpha;
	/*
	 * Sequential validation: every condition runs first_look seeds;
	 * a claim whose every comparison is significant either way at
	 * alpha_first then (and no other part of its rule could change) is
	 * decided there, and only the conditions of the claims still open
	 * run on to nr_seeds.  0: every condition runs nr_seeds.
	 */
	unsigned int first_look;
	double alpha_first;
	/* ... and one it needs fails there when its conditional power at
	 * nr_seeds is below this (futility; 0: only the wrong way). */
	double futility;
	unsigned int *cfg_seeds;	/* [nr_configs]: runs; NULL: nr_seeds */
	/* While a claim is decided: the seeds and level it is judged at,
	 * and (when not NULL) the configs its rule reads, marked. */
	unsigned int n_eval;
	double alpha_eval;
	bool *touched;
	char interval[24];		/* the sample interval, as text */
	unsigned int sets;		/* 1 << enum record_set: the sets run */
	/* The public record (experiment/record.c). */
	const struct record_set_info *set_info;	/* [NR_RECORD_SETS] */
	const struct record_row *rows;
	size_t nr_rows;
	/* What was run, and for which published row. */
	struct validation_config *configs;
	size_t nr_configs;
	int *row_config;		/* [nr_rows]: config index, -1: none */
	/* The cover letter's tables: config and published row of each. */
	int cover[VALIDATION_NR_ARCH][VALIDATION_NR_ROWS];
	const struct record_row *cover_row[VALIDATION_NR_ARCH][VALIDATION_NR_ROWS];
	/* The reproduction's booted machines' zones, as zoneinfo shows them. */
	bool populated[VALIDATION_NR_ARCH][VALIDATION_NR_ZONES];
	unsigned long high[VALIDATION_NR_ARCH][VALIDATION_NR_ZONES];
	const char *zone_name[VALIDATION_NR_ARCH][VALIDATION_NR_ZONES];
	/* vals[config][measure][seed] */
	const double *vals;
	struct validation_claim claims[NR_CLAIMS];
	/* Rows 0000000 and 0000012 gave the same measures at every seed,
	 * on both kernels and arches. */
	bool patches12_identical;
};

/*
 * The claims asked of an experiment's own runs: what `mmsim compare`
 * opens its report with.  experiment/findings.c fills it (the cover
 * letter's claims decided by validate's rules on the runs of the
 * compare's arch, when its scenario is the reproduction), and
 * report/findings.c words it.
 */
struct validation_findings {
	/* Why no claim could be asked of these runs (a scenario of the
	 * user's own, a sweep, runs cut short); NULL: v holds the claims. */
	char *not_answered;
	int arch;			/* VALIDATION_X86_64 or VALIDATION_X86 */
	struct validation v;		/* the cover set: both arches' configs */
	bool *cfg_run;			/* [v.nr_configs]: every seed of it ran */
	double *vals;			/* v.vals, owned */
	/* Columns whose runs are bit-identical to another's. */
	const char **identical, **identical_to;
	size_t nr_identical;
};

/* Config @cfg's runs of measure @m, without marking it read. */
static inline const double *validation_cval_unmarked(const struct validation *v,
						     int cfg, int m)
{
	return v->vals + ((size_t)cfg * NR_VMEASURES + (size_t)m) * v->nr_seeds;
}

static inline const double *validation_cval(const struct validation *v,
					    int cfg, int m)
{
	if (v->touched)
		v->touched[cfg] = true;
	return validation_cval_unmarked(v, cfg, m);
}

/* The cover letter's row @r on arch @a (the cover set must have run). */
static inline const double *validation_val(const struct validation *v, int a,
					   int r, int m)
{
	return validation_cval(v, v->cover[a][r], m);
}

/* The runs of config @cfg the figures are taken over: those of the
 * claim being decided, else every run it has. */
static inline unsigned int validation_seeds(const struct validation *v,
					    int cfg)
{
	if (v->n_eval)
		return v->n_eval;
	return v->cfg_seeds ? v->cfg_seeds[cfg] : v->nr_seeds;
}

static inline double validation_mean(const struct validation *v, int a,
				     int r, int m)
{
	return stats_mean(validation_val(v, a, r, m),
			  validation_seeds(v, v->cover[a][r]));
}

static inline double validation_sd(const struct validation *v, int a, int r,
				   int m)
{
	return stats_stddev(validation_val(v, a, r, m),
			    validation_seeds(v, v->cover[a][r]));
}

static inline bool validation_has_set(const struct validation *v,
				      enum record_set s)
{
	return v->sets & (1u << s);
}

#endif /* MMSIM_METRICS_VALIDATION_H */
