// SPDX-License-Identifier: GPL-2.0
/*
 * docs/validation.md from a struct validation (validation_md.h): the text
 * of every data set, claim, rule and diagnosis, around the numbers and
 * verdicts experiment/validate.c decided.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "validation_md.h"
#include "metrics/stats.h"
#include "util/xalloc.h"

#define NR_ARCH	VALIDATION_NR_ARCH
#define NR_ROWS	VALIDATION_NR_ROWS

static const char *const arch_titles[NR_ARCH] = { "X86-64", "X86" };

static const char *const measure_names[NR_VMEASURES] = {
	[VM_ELAPSED] = "gitk elapsed (s)",
	[VM_GITK_DONE] = "gitk finished",
	[VM_FAIL_PRINTED] = "failures printed",
	[VM_FAIL_TOTAL] = "failures (all)",
	[VM_FAIL_ATOMIC2] = "order-2 atomic failures in interrupt",
	[VM_FAIL_NOWARN] = "__GFP_NOWARN failures",
	[VM_CW_TIME] = "congestion_wait time (s)",
	[VM_CW_CALLS] = "congestion_wait calls",
	[VM_KSWAPD_CW_CALLS] = "kswapd congestion_wait calls",
	[VM_KSWAPD_CW_TIME] = "kswapd congestion_wait time (s)",
	[VM_CW_BOTH_CALLS] = "congestion_wait calls on BLK_RW_BOTH",
	[VM_ALLOCSTALL] = "allocstall (direct reclaim entries)",
	[VM_PAGEOUTRUN] = "pageoutrun",
	[VM_PREMATURE] = "kswapd_slept_prematurely fast+slow",
	[VM_LAT_P95] = "gitk stall p95 (s)",
	[VM_LAT_MAX] = "gitk stall max (s)",
	[VM_ABOVE_HIGH] = "fraction of samples with all zones >= high",
	[VM_LAT_P50] = "gitk line p50 (s)",
	[VM_STALL_SHARE] = "share of elapsed in gitk lines above p50",
	[VM_BOTH_TIMEOUTS] = "BLK_RW_BOTH calls that timed out",
	[VM_MIN_FREE_WMARK] = "lowest free / min watermark, largest zone",
	[VM_KSWAPD_CW_O0] = "kswapd congestion_wait calls at order 0",
	[VM_KSWAPD_CW_O2] = "kswapd congestion_wait calls at order 2",
	[VM_FAIL_WARNED] = "failures warned (printed + rate-limited)",
	[VM_DIRECT_CW_TIME] = "direct reclaimers' congestion_wait time (s)",
	[VM_WB_MEAN] = "nr_writeback, mean (pages)",
	[VM_WB_PAGE_SECONDS] = "nr_writeback over the run (page-seconds)",
	[VM_KSWAPD_AWAKE] = "fraction of samples with kswapd awake",
	[VM_KSWAPD_STEAL] = "kswapd_steal (pages)",
	[VM_HOFAIL_BLOCKS] = "at order >= 1 atomic failures: pages in blocks >= the order (median)",
	[VM_HOFAIL_RESERVE] = "of those on MIGRATE_RESERVE lists (median)",
	[VM_RESERVE_BLOCKS] = "MIGRATE_RESERVE pageblocks at the start",
	[VM_RESERVE_BLOCKS_END] = "MIGRATE_RESERVE pageblocks at the end",
	[VM_BROKEN_FALLBACK] = "order >= 2 blocks split by __rmqueue_fallback()",
};

const char *validation_measure_name(int m)
{
	return m >= 0 && m < NR_VMEASURES ? measure_names[m] : NULL;
}

static const char *const setup_files[NR_SETUPS] = {
	[SETUP_REPRODUCTION] = "scenarios/reproduction-x86_64.ini, reproduction-x86.ini (embedded in mmsim)",
	[SETUP_NO_DM_CRYPT] = "scenarios/reproduction-no-dm-crypt.ini",
	[SETUP_DESKTOP] = "scenarios/desktop-net-gitk.ini",
	[SETUP_DESKTOP_HIGHORDER] = "scenarios/desktop-net-gitk-highorder.ini",
};

static double mean(const struct validation *v, int a, int r, int m)
{
	return validation_mean(v, a, r, m);
}

static double sd(const struct validation *v, int a, int r, int m)
{
	return validation_sd(v, a, r, m);
}

static double cmean(const struct validation *v, int c, int m)
{
	return stats_mean(validation_cval(v, c, m), validation_seeds(v, c));
}

static double csd(const struct validation *v, int c, int m)
{
	return stats_stddev(validation_cval(v, c, m), validation_seeds(v, c));
}

/*
 * The smallest difference of two means, in standard deviations of a run,
 * that Welch's test at level @alpha finds significant with @n runs a
 * side of equal spread: t(alpha, 2n - 2) * sqrt(2 / n).
 */
static double smallest_difference(unsigned int n, double alpha)
{
	if (n < 2)
		return NAN;
	return stats_student_t_crit(alpha, 2.0 * n - 2) * sqrt(2.0 / n);
}

/* Did every condition run every seed (no first look stopped one)? */
static bool uniform_seeds(const struct validation *v)
{
	for (size_t c = 0; v->cfg_seeds && c < v->nr_configs; c++)
		if (v->cfg_seeds[c] != v->nr_seeds)
			return false;
	return true;
}

/*
 * The median over the seeds that have a value: the measures taken at a
 * run's failures are NAN in a run without any.  NAN if no seed has one.
 */
static double median_of_runs_with(const struct validation *v, int a, int r,
				  int m)
{
	const double *x = validation_val(v, a, r, m);
	unsigned int runs = validation_seeds(v, v->cover[a][r]);
	double *y = xcalloc(runs ? runs : 1, sizeof(*y));
	size_t n = 0;
	double med;

	for (unsigned int i = 0; i < runs; i++)
		if (!isnan(x[i]))
			y[n++] = x[i];
	med = n ? stats_percentile(y, n, 50) : NAN;
	free(y);
	return med;
}

static double csum(const struct validation *v, int c, int m)
{
	return cmean(v, c, m) * validation_seeds(v, c);
}

static int claim_number(int id)
{
	return id + 1;
}

static const char *verdict_text(enum validation_verdict d)
{
	switch (d) {
	case VERDICT_HOLDS:
		return "holds";
	case VERDICT_FAILS:
		return "does not hold";
	case VERDICT_NOT_MEASURABLE:
		return "not measurable";
	default:
		return "not run";
	}
}

/* A config as the evidence tables name it: its kernel, and the setup and
 * low_latency where they are not the cover letter's. */
static void cfg_label(const struct validation *v, int c, char *buf, size_t len)
{
	const struct validation_config *k = &v->configs[c];
	static const char *const setup_names[NR_SETUPS] = {
		[SETUP_REPRODUCTION] = "", [SETUP_NO_DM_CRYPT] = "no dm-crypt",
		[SETUP_DESKTOP] = "desktop-net-gitk",
		[SETUP_DESKTOP_HIGHORDER] = "desktop-net-gitk",
	};
	const char *s = setup_names[k->setup];
	int n = snprintf(buf, len, "%s", k->profile);

	if (*s || k->low_latency >= 0)
		n += snprintf(buf + n, len - (size_t)n, " (%s%s", s,
			      *s && k->low_latency >= 0 ? ", " : "");
	if (k->low_latency >= 0)
		n += snprintf(buf + n, len - (size_t)n, "low_latency=%d",
			      k->low_latency);
	if (*s || k->low_latency >= 0)
		snprintf(buf + n, len - (size_t)n, ")");
}

/* A pool of configs: the same kernels under one condition. */
static void pool_label(const struct validation *v, const int *c, int n,
		       char *buf, size_t len)
{
	const struct validation_config *k = &v->configs[c[0]];

	if (n == 1) {
		cfg_label(v, c[0], buf, len);
		return;
	}
	snprintf(buf, len, "the %d kernels (%s%slow_latency=%d)", n,
		 k->setup == SETUP_NO_DM_CRYPT ? "no dm-crypt" : "",
		 k->setup == SETUP_NO_DM_CRYPT ? ", " : "", k->low_latency);
}

static void fmt_ms(char *buf, size_t len, double s)
{
	int m = (int)(s / 60);

	if (isnan(s))
		snprintf(buf, len, "n/a");
	else
		snprintf(buf, len, "%02d:%06.3f", m, s - 60.0 * m);
}

/* ---- evidence ------------------------------------------------------------ */

static void evidence_header(FILE *f)
{
	fprintf(f, "| arch | measure | expected | a (mean ± sd) | b (mean ± sd) | Welch t | p | meets |\n");
	fprintf(f, "|---|---|---|---:|---:|---:|---:|---|\n");
}

static void closer_header(FILE *f)
{
	fprintf(f, "| arch | measure | 2.6.30 | rc6 | rc6-0012345 | rc6 distance | 0012345 distance | p (0012345 vs rc6) | meets |\n");
	fprintf(f, "|---|---|---:|---:|---:|---:|---:|---:|---|\n");
}

static void spread_header(FILE *f)
{
	fprintf(f, "| arch | measure | expected | a: sd, mean abs. deviation ± sd | b: sd, mean abs. deviation ± sd | Welch t | p | meets |\n");
	fprintf(f, "|---|---|---|---:|---:|---:|---:|---|\n");
}

static int order_of(int measure)
{
	return measure == VM_KSWAPD_CW_O2 ? 2 : 0;
}

static const char *meets_text(const struct validation_evidence *e)
{
	const struct validation_cmp *x = &e->cmp;

	if (!e->measurable)
		return "not measurable";
	if (e->meets)
		return "yes";
	return x->less ? "no (not significant)" : x->ma == x->mb ?
	       "no (equal means)" : "no (opposite direction)";
}

static void print_evidence(const struct validation *v, FILE *f,
			   const struct validation_evidence *e)
{
	const struct validation_cmp *x = &e->cmp;
	const char *arch = arch_titles[v->configs[e->cfg_a[0]].arch];
	char expected[512], la[200], lb[200], measure[120];

	pool_label(v, e->cfg_a, e->nr_pool, la, sizeof(la));
	pool_label(v, e->cfg_b, e->nr_pool, lb, sizeof(lb));
	snprintf(measure, sizeof(measure), "%s", measure_names[e->measure_a]);
	switch (e->kind) {
	case EVIDENCE_CLOSER:
		fprintf(f, "| %s | %s | %.4g ± %.3g | %.4g ± %.3g | %.4g ± %.3g | %.4g | %.4g | %.3g | %s |\n",
			arch, measure, e->base_mean, e->base_sd, x->mb, x->sb,
			x->ma, x->sa, e->dist_b, e->dist_a, x->w.p,
			!e->measurable ? "not measurable" : e->meets ? "yes" :
			e->dist_a < e->dist_b ? "no (not significant)" : "no");
		return;
	case EVIDENCE_SPREAD:
		fprintf(f, "| %s | %s | runs of %s spread less than of %s | %.3g, %.3g ± %.3g | %.3g, %.3g ± %.3g | %.3g | %.3g | %s |\n",
			arch, measure, la, lb, e->dist_a, x->ma, x->sa,
			e->dist_b, x->mb, x->sb, x->w.t, x->w.p, meets_text(e));
		return;
	case EVIDENCE_POSITIVE:
		fprintf(f, "| %s | %s | %s: mean > 0 | %.4g ± %.3g | | | | %s |\n",
			arch, measure, la, x->ma, x->sa,
			!e->measurable ? "not measurable" : e->meets ? "yes" : "no");
		return;
	case EVIDENCE_SAME:
		fprintf(f, "| %s | %s | %s = %s | %.4g ± %.3g | %.4g ± %.3g | %.3g | %.3g | %s |\n",
			arch, measure, la, lb, x->ma, x->sa, x->mb, x->sb,
			x->w.t, x->w.p, !e->measurable ? "not measurable" :
			e->meets ? "yes (no difference)" : "no (different)");
		return;
	case EVIDENCE_ORDERS:
		snprintf(measure, sizeof(measure), "kswapd congestion_wait calls");
		snprintf(expected, sizeof(expected), "%s at order %d < %s at order %d",
			 la, order_of(e->measure_a), lb, order_of(e->measure_b));
		break;
	case EVIDENCE_SUM_LESS:
		snprintf(measure, sizeof(measure), "%s, summed over the kernels, per seed",
			 measure_names[e->measure_a]);
		/* fall through */
	default:
		snprintf(expected, sizeof(expected), "%s < %s", la, lb);
		break;
	}
	fprintf(f, "| %s | %s | %s | %.4g ± %.3g | %.4g ± %.3g | %.3g | %.3g | %s |\n",
		arch, measure, expected, x->ma, x->sa, x->mb, x->sb,
		x->w.t, x->w.p, meets_text(e));
}

/* The claim's evidence rows of table @table. */
static void print_rows(const struct validation *v, FILE *f,
		       const struct validation_claim *cl, int table)
{
	for (size_t i = 0; i < cl->nr_ev; i++)
		if (cl->ev[i].table == table)
			print_evidence(v, f, &cl->ev[i]);
}

static void evidence_table(const struct validation *v, FILE *f,
			   const struct validation_claim *cl)
{
	evidence_header(f);
	print_rows(v, f, cl, 0);
}

/* "holds at 9 of 12" over the calibration's ensemble, or "". */
static const char *ensemble_text(const struct validation_claim *cl,
				 char *buf, size_t len)
{
	if (!cl->ens_points) {
		*buf = 0;
		return buf;
	}
	snprintf(buf, len, "holds at %u of %u", cl->ens_holds, cl->ens_points);
	if (cl->ens_decided < cl->ens_points)
		snprintf(buf + strlen(buf), len - strlen(buf),
			 " (not measurable at %u)", cl->ens_points - cl->ens_decided);
	return buf;
}

static void verdict(FILE *f, const struct validation_claim *cl)
{
	char e[96];

	fprintf(f, "\n**Verdict: %s.**", verdict_text(cl->verdict));
	if (cl->early)
		fprintf(f, "  Decided at the first look, on %u runs of each "
			"condition (the rule under Sequential, above).",
			cl->seeds);
	if (cl->ens_points)
		fprintf(f, "  Across the calibration's ensemble: %s.",
			ensemble_text(cl, e, sizeof(e)));
	fputs("\n\n", f);
}

/* Each claim's title: its heading here, and the name mmsim compare's
 * findings give a claim they cannot ask (report/findings.c). */
static const char *const claim_titles[NR_CLAIMS] = {
	[CLAIM_RC6_FAILS_SERIES_FIXES] =
		"failures on x86-64 2.6.32-rc6, fewer with the series",
	[CLAIM_RC6_SLOW_REVERT_HELPS] =
		"2.6.32-rc6 is slower than 2.6.30; reverting 8aa7e847 recovers much of it",
	[CLAIM_SERIES_CW_LIKE_2630] =
		"congestion_wait after the series is closer to 2.6.30's",
	[CLAIM_PATCH3_FEWER_STALLS] =
		"waiting on both queues (patch 3) makes kswapd stall less and direct reclaim stall fewer times",
	[CLAIM_PATCH4_ABOVE_HIGH_LONGER] =
		"with patch 4, premature-sleep counters are non-zero and free memory stays above the high watermark longer",
	[CLAIM_PATCH5_FEWER_ORDER2_NAPS] =
		"with patch 5, kswapd at order 2 waits on congestion less often than at order 0",
	[CLAIM_SERIES_SMOOTHER_LATENCY] =
		"gitk latency is smoother with the series on 2.6.32-rc6",
	[CLAIM_NOV13_DMCRYPT_PATCH_SPEEDS_RC6] =
		"13 Nov: the dm-crypt patch makes 2.6.32-rc6 faster",
	[CLAIM_NOV13_DMCRYPT_PATCH_LESS_DIRECT_CW] =
		"13 Nov: with the dm-crypt patch, direct reclaimers spend less time in congestion_wait",
	[CLAIM_NOV19_RC6_SLOWER_THAN_2630] =
		"19 Nov: 2.6.32-rc6 is slower than 2.6.30 on average",
	[CLAIM_NOV19_RC6_SPREAD_LARGER] =
		"19 Nov: 2.6.32-rc6's runs vary more than 2.6.30's",
	[CLAIM_NOV19_SERIES_FEWER_FAILURES] =
		"19 Nov: 2.6.32-rc6 fails, and fails less with patches 1-5",
	[CLAIM_NOV19_DMCRYPT_WITHIN_NOISE] =
		"19 Nov: the dm-crypt patch's differences are within the noise",
	[CLAIM_NOV19_DMCRYPT_PATCH_LESS_KSWAPD_CW] =
		"19 Nov: on x86 2.6.32-rc6, the dm-crypt patch cuts kswapd's time in congestion_wait",
	[CLAIM_NOV20_LL0_FASTER] =
		"20 Nov: without dm-crypt, low_latency=0 is faster than 1",
	[CLAIM_NOV20_LL0_FAILS_LESS] =
		"20 Nov: without dm-crypt, low_latency=0 fails less than 1",
	[CLAIM_NOV20_LL1_SPREAD_LARGER] =
		"20 Nov: with low_latency=1 the runs vary more",
	[CLAIM_NOV20_LL1_WRITEBACK_HIGHER_LONGER] =
		"20 Nov: with low_latency=1, more pages are in writeback for longer",
	[CLAIM_NOV26_LL0_FASTER] =
		"26 Nov: low_latency=0 makes desktop-net-gitk faster",
	[CLAIM_NOV27_HIGHORDER_FASTER] =
		"27 Nov: with forced order-2 receives, the kernels finish faster",
	[CLAIM_NOV27_HIGHORDER_KSWAPD_HARDER] =
		"27 Nov: with forced order-2 receives, kswapd works harder",
	[CLAIM_NOV27_PATCHES345_FASTER_FEWER_FAILURES] =
		"27 Nov: patches 3-5 make 2.6.32 with forced order-2 faster and fail less",
	[CLAIM_NOV27_LL0_STILL_FAILS] =
		"27 Nov: disabling low_latency fails less, but still fails",
};

const char *validation_claim_title(int id)
{
	return id >= 0 && id < NR_CLAIMS ? claim_titles[id] : NULL;
}

/* "## Claim N: title" and the rule's name. */
static void claim_head(FILE *f, int id)
{
	fprintf(f, "### Claim %d: %s\n\n`%s`\n\n", claim_number(id),
		claim_titles[id], validation_claim_info[id].id);
}

/* ---- the cover letter's claims ----------------------------------------------- */

static double pub_elapsed(const struct validation *v, int a, int r)
{
	return v->cover_row[a][r]->elapsed;
}

static void claim_rc6_fails_series_fixes(const struct validation *v, FILE *f)
{
	const struct validation_claim *cl = &v->claims[CLAIM_RC6_FAILS_SERIES_FIXES];
	double m = cl->vanilla_failures;

	claim_head(f, CLAIM_RC6_FAILS_SERIES_FIXES);
	fprintf(f, "> On x86-64, vanilla 2.6.32-rc6 with force-highorder produces order-2 GFP_ATOMIC failures, and the full series (0012345) produces fewer.\n\n"
		"Published: 5 failures vanilla, 0 with 0012345 (one run each).  "
		"Rule: vanilla's mean printed failures > 0, and 0012345's mean is lower with Welch p < %.2f.\n\n",
		v->alpha);
	evidence_table(v, f, cl);
	fprintf(f, "\nVanilla mean printed failures: %.2f (%s 0).\n", m,
		m > 0 ? ">" : "not >");
	verdict(f, cl);
}

static void claim_rc6_slow_revert_helps(const struct validation *v, FILE *f)
{
	const struct validation_claim *cl = &v->claims[CLAIM_RC6_SLOW_REVERT_HELPS];

	claim_head(f, CLAIM_RC6_SLOW_REVERT_HELPS);
	fprintf(f, "The letter says this of the x86 table (\"note how slow 2.6.32-rc6 is and how much the revert helps\"); "
		"the x86-64 table shows the same slowdown with a smaller recovery.  "
		"Rule: on both arches 2.6.32-rc6 is slower than 2.6.30 and the revert faster than 2.6.32-rc6 "
		"(Welch p < %.2f each); on x86 the revert recovers at least half of the gap "
		"((rc6 - revert) / (rc6 - 2.6.30) >= 0.5; published x86: %.2f, x86-64: %.2f).\n\n",
		v->alpha,
		(pub_elapsed(v, 1, R32) - pub_elapsed(v, 1, R32_REVERT)) /
		(pub_elapsed(v, 1, R32) - pub_elapsed(v, 1, R30)),
		(pub_elapsed(v, 0, R32) - pub_elapsed(v, 0, R32_REVERT)) /
		(pub_elapsed(v, 0, R32) - pub_elapsed(v, 0, R30)));
	evidence_table(v, f, cl);
	fprintf(f, "\nx86 recovered fraction: %.2f; x86-64: %.2f.\n",
		cl->recovered[1], cl->recovered[0]);
	verdict(f, cl);
}

static void claim_series_cw_like_2630(const struct validation *v, FILE *f)
{
	const struct validation_claim *cl = &v->claims[CLAIM_SERIES_CW_LIKE_2630];

	claim_head(f, CLAIM_SERIES_CW_LIKE_2630);
	fprintf(f, "> After the series, the time spent in congestion_wait and the number of calls are closer to 2.6.30's than vanilla 2.6.32-rc6's are.\n\n"
		"Rule: |mean(0012345) - mean(2.6.30)| < |mean(rc6) - mean(2.6.30)|, and 0012345 differs from rc6 with Welch p < %.2f; both measures, both arches.\n\n",
		v->alpha);
	closer_header(f);
	print_rows(v, f, cl, 0);
	verdict(f, cl);
}

static void claim_patch3_fewer_stalls(const struct validation *v, FILE *f)
{
	const struct validation_claim *cl = &v->claims[CLAIM_PATCH3_FEWER_STALLS];

	claim_head(f, CLAIM_PATCH3_FEWER_STALLS);
	fprintf(f, "Measured as patch 3's row against the row without it (0000123 vs 0000012): kswapd's time in congestion_wait (site kswapd) "
		"and allocstall (entries into direct reclaim).  Rule: both lower with Welch p < %.2f, on 2.6.32-rc6, both arches; "
		"the 2.6.31 rows are shown for information.\n\n", v->alpha);
	evidence_table(v, f, cl);
	verdict(f, cl);
}

static bool has_patch4(int r)
{
	return r == R31_P1234 || r == R31_P12345 || r == R32_P1234 ||
	       r == R32_P12345;
}

static void claim_patch4_above_high_longer(const struct validation *v, FILE *f)
{
	const struct validation_claim *cl = &v->claims[CLAIM_PATCH4_ABOVE_HIGH_LONGER];

	claim_head(f, CLAIM_PATCH4_ABOVE_HIGH_LONGER);
	fprintf(f, "Rule, part (a): kswapd_slept_prematurely_fast + _slow is non-zero in every run of every row with patch 4, and zero in every run without it.  "
		"Part (b): the fraction of samples (one every %s, the time-series period validate sets; "
		"kswapd's nap is HZ/10) in which every populated zone has free pages >= its high watermark "
		"is higher with 0001234 than with 0000123 (Welch p < %.2f), on 2.6.32-rc6, both arches.  "
		"High watermarks (pages), from the booted machines (`mmsim show zoneinfo --mem 512M`):",
		v->interval, v->alpha);
	for (int a = 0; a < NR_ARCH; a++) {
		fprintf(f, " %s", arch_titles[a]);
		for (int z = 0; z < VALIDATION_NR_ZONES; z++)
			if (v->populated[a][z])
				fprintf(f, " %s %lu", v->zone_name[a][z], v->high[a][z]);
		fprintf(f, a ? ".\n\n" : ";");
	}
	fprintf(f, "| arch | row | patch 4 | premature sleeps (mean ± sd) | runs with zero | above-high fraction (mean ± sd) |\n");
	fprintf(f, "|---|---|---|---:|---:|---:|\n");
	for (int a = 0; a < NR_ARCH; a++)
		for (int r = 0; r < NR_ROWS; r++) {
			const double *x = validation_val(v, a, r, VM_PREMATURE);
			unsigned int zero = 0;

			for (unsigned int s = 0; s < validation_seeds(v, v->cover[a][r]); s++)
				zero += x[s] == 0;
			fprintf(f, "| %s | %s | %s | %.1f ± %.1f | %u | %.3f ± %.3f |\n",
				arch_titles[a], v->cover_row[a][r]->name,
				has_patch4(r) ? "yes" : "no",
				mean(v, a, r, VM_PREMATURE), sd(v, a, r, VM_PREMATURE),
				zero, mean(v, a, r, VM_ABOVE_HIGH),
				sd(v, a, r, VM_ABOVE_HIGH));
		}
	fprintf(f, "\nPart (a): %s.\n\n", cl->part_a ? "holds" : "does not hold");
	evidence_table(v, f, cl);
	fprintf(f, "\nPart (b): %s.\n", cl->part_b ? "holds" : "does not hold");
	verdict(f, cl);
}

static void claim_patch5_fewer_order2_naps(const struct validation *v, FILE *f)
{
	static const int rows[] = { R31_P1234, R31_P12345, R32_P1234, R32_P12345 };
	const struct validation_claim *cl = &v->claims[CLAIM_PATCH5_FEWER_ORDER2_NAPS];

	claim_head(f, CLAIM_PATCH5_FEWER_ORDER2_NAPS);
	fprintf(f, "> With patch 5, kswapd at order 2 waits on congestion less often than at order 0.\n\n"
		"Each kswapd congestion_wait (the nap in balance_pgdat) is counted under the order balance_pgdat() was working at "
		"when it napped; after a fruitless high-order pass balance_pgdat falls back to order 0, and its later naps count at "
		"order 0.  Rule, per kernel (2.6.32-rc6 and 2.6.31) and arch: (i) with the series (0012345), kswapd's calls at "
		"order 2 are fewer than at order 0; (ii) patch 5 is what makes them fewer: calls at order 2 are fewer with 0012345 "
		"than without patch 5 (0001234).  Welch p < %.2f each.  The same comparison as (i) in the rows without patch 5 is "
		"shown for information: where order 2 is below order 0 there too, (i) alone says nothing about patch 5.\n\n",
		v->alpha);
	fprintf(f, "| arch | row | patch 5 | calls at order 0 (mean ± sd) | calls at order 2 (mean ± sd) | calls at other orders (mean) |\n");
	fprintf(f, "|---|---|---|---:|---:|---:|\n");
	for (int a = 0; a < NR_ARCH; a++)
		for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
			int r = rows[i];

			fprintf(f, "| %s | %s | %s | %.1f ± %.1f | %.1f ± %.1f | %.1f |\n",
				arch_titles[a], v->cover_row[a][r]->name,
				r == R31_P12345 || r == R32_P12345 ? "yes" : "no",
				mean(v, a, r, VM_KSWAPD_CW_O0), sd(v, a, r, VM_KSWAPD_CW_O0),
				mean(v, a, r, VM_KSWAPD_CW_O2), sd(v, a, r, VM_KSWAPD_CW_O2),
				mean(v, a, r, VM_KSWAPD_CW_CALLS) -
				mean(v, a, r, VM_KSWAPD_CW_O0) -
				mean(v, a, r, VM_KSWAPD_CW_O2));
		}
	fputc('\n', f);
	evidence_table(v, f, cl);
	fprintf(f, "\nFor information, without patch 5:\n\n");
	evidence_header(f);
	print_rows(v, f, cl, 1);
	verdict(f, cl);
}

static void claim_series_smoother_latency(const struct validation *v, FILE *f)
{
	const struct validation_claim *cl = &v->claims[CLAIM_SERIES_SMOOTHER_LATENCY];

	claim_head(f, CLAIM_SERIES_SMOOTHER_LATENCY);
	fprintf(f, "> gitk latency is smoother (lower p95 and max stall) with the series than without, on 2.6.32-rc6.\n\n"
		"Rule: p95 and maximum of the gitk progress-line latency lower with 0012345 than vanilla, Welch p < %.2f, both arches.\n\n",
		v->alpha);
	evidence_table(v, f, cl);
	verdict(f, cl);
}

/* ---- the claims of the thread after the cover letter --------------------------- */

static void claim_nov13_dmcrypt_patch_speeds_rc6(const struct validation *v, FILE *f)
{
	int id = CLAIM_NOV13_DMCRYPT_PATCH_SPEEDS_RC6;

	claim_head(f, id);
	fprintf(f, "> Basically, the dm-crypt-unplug makes a small difference in performance overall, mostly slight gains and "
		"losses. There was one massive regression with the dm-crypt patch applied to 2.6.32-rc6 but at the moment, I don't "
		"know what that is.\n\n"
		"Published (one run each): x86 2.6.32-rc6-0000006 13:42.920 against 0000000 16:20.765, faster; x86-64 25:53.515 "
		"against 18:29.103, the regression.  Rule: on x86, where the table has the patch faster, mmsim's 0000006 is faster "
		"than its 0000000 with Welch p < %.2f; the x86-64 pair is shown for information.\n\n", v->alpha);
	evidence_table(v, f, &v->claims[id]);
	verdict(f, &v->claims[id]);
}

static void claim_nov13_dmcrypt_patch_less_direct_cw(const struct validation *v, FILE *f)
{
	int id = CLAIM_NOV13_DMCRYPT_PATCH_LESS_DIRECT_CW;

	claim_head(f, id);
	fprintf(f, "> In general, the patch reduces the amount of time direct reclaimers are spending on congestion_wait.\n\n"
		"Measured as the time in congestion_wait at the sites only direct reclaimers reach (the allocator's retry after "
		"direct reclaim, its __GFP_NOFAIL loop, do_try_to_free_pages()'s nap; lumpy reclaim's and too_many_isolated's "
		"waits are kswapd's too and are left out).  Rule (\"in general\"): lower with the patch alone (0000006) than "
		"without (0000000), Welch p < %.2f, in at least three of the four pairs (2.6.31 and 2.6.32-rc6, both arches).\n\n",
		v->alpha);
	evidence_table(v, f, &v->claims[id]);
	fprintf(f, "\nPairs that meet it: %d of 4.\n", v->claims[id].nr_met);
	verdict(f, &v->claims[id]);
}

static void claim_nov19_rc6_slower_than_2630(const struct validation *v, FILE *f)
{
	int id = CLAIM_NOV19_RC6_SLOWER_THAN_2630;

	claim_head(f, id);
	fprintf(f, "Published means: x86-64 27:53.686 against 10:52.218; x86 26:08.763 against 13:36.768.  Rule: "
		"2.6.32-rc6-0000000's mean elapsed above 2.6.30's, Welch p < %.2f, both arches.\n\n", v->alpha);
	evidence_table(v, f, &v->claims[id]);
	verdict(f, &v->claims[id]);
}

static void claim_nov19_rc6_spread_larger(const struct validation *v, FILE *f)
{
	int id = CLAIM_NOV19_RC6_SPREAD_LARGER;

	claim_head(f, id);
	fprintf(f, "The table's point (\"to get a better sense of the deviation between runs\"): stddev 207.508 s for "
		"2.6.32-rc6 against 8.085 s for 2.6.30 on x86-64, 123.926 s against 19.514 s on x86.  Rule (Brown-Forsythe: "
		"a t-test on each run's absolute deviation from its row's median, which asks whether one row's runs spread more "
		"than another's; it needs three runs a row or more): rc6's deviations larger than 2.6.30's, Welch p < %.2f, both "
		"arches; 2.6.31's (published 130.779 s and 134.839 s) shown for information.\n\n", v->alpha);
	spread_header(f);
	print_rows(v, f, &v->claims[id], 0);
	verdict(f, &v->claims[id]);
}

static void claim_nov19_series_fewer_failures(const struct validation *v, FILE *f)
{
	int id = CLAIM_NOV19_SERIES_FEWER_FAILURES;

	claim_head(f, id);
	fprintf(f, "Published, summed over the runs: x86-64 37 failures with 2.6.32-rc6-0000000, 6 with "
		"0012345-kswapd-stay-awake-when-min; x86 4 and 1.  Rule: on x86-64, rc6's mean printed failures per run > 0, "
		"and the series' lower with Welch p < %.2f (a comparison of per-run means, so the unstated number of runs does "
		"not enter it); x86 shown for information.\n\n", v->alpha);
	evidence_table(v, f, &v->claims[id]);
	verdict(f, &v->claims[id]);
}

static void claim_nov19_dmcrypt_within_noise(const struct validation *v, FILE *f)
{
	int id = CLAIM_NOV19_DMCRYPT_WITHIN_NOISE;

	claim_head(f, id);
	fprintf(f, "> While the dm-crypt patch shows small differences, they are well within the noise for each run of "
		"fake-gitk so I can't draw any major conclusion from it.\n\n"
		"Rule: in every pair of the table with and without the patch (0000006 against 0000000, 0123456 against "
		"0012345), mean elapsed does not differ at Welch p < %.2f.  An absence of a difference: it holds more easily "
		"with fewer seeds.\n\n", v->alpha);
	evidence_table(v, f, &v->claims[id]);
	verdict(f, &v->claims[id]);
}

static void claim_nov19_dmcrypt_patch_less_kswapd_cw(const struct validation *v, FILE *f)
{
	int id = CLAIM_NOV19_DMCRYPT_PATCH_LESS_KSWAPD_CW;

	claim_head(f, id);
	fprintf(f, "> On 2.6.32-rc6, the time kswapd spends congestioned on the ASYNC queue is reduced by about 20%% both "
		"when compared against mainline and compared against the other patches in the series applied.\n\n"
		"(x86; kswapd's nap in balance_pgdat() waits on BLK_RW_ASYNC in all these kernels.)  Rule: kswapd's "
		"congestion_wait time lower with 0000006 than 0000000 and with 0123456 than 0012345, on x86 2.6.32-rc6, "
		"Welch p < %.2f each; x86-64 rc6 (\"very little difference\") and x86 2.6.31 (\"roughly the same\") shown for "
		"information.\n\n", v->alpha);
	evidence_table(v, f, &v->claims[id]);
	verdict(f, &v->claims[id]);
}

static void claim_nov20_ll0_faster(const struct validation *v, FILE *f)
{
	int id = CLAIM_NOV20_LL0_FASTER;

	claim_head(f, id);
	fprintf(f, "> Setting low_latency both regresses performance of the test and causes a boatload of allocation failures.\n\n"
		"Published: every one of the seven kernels is faster with low_latency 0 (by 1:43 to 6:59).  Rule: for each "
		"kernel, mean elapsed lower with low_latency 0, Welch p < %.2f.\n\n", v->alpha);
	evidence_table(v, f, &v->claims[id]);
	verdict(f, &v->claims[id]);
}

static void claim_nov20_ll0_fails_less(const struct validation *v, FILE *f)
{
	int id = CLAIM_NOV20_LL0_FAILS_LESS;

	claim_head(f, id);
	fprintf(f, "Published failures, summed over the runs and the seven kernels: 5 with low_latency 0, 59 with 1.  Rule: "
		"each seed's printed failures summed over the seven kernels, lower with 0 than with 1, Welch p < %.2f.\n\n",
		v->alpha);
	evidence_table(v, f, &v->claims[id]);
	verdict(f, &v->claims[id]);
}

static void claim_nov20_ll1_spread_larger(const struct validation *v, FILE *f)
{
	int id = CLAIM_NOV20_LL1_SPREAD_LARGER;

	claim_head(f, id);
	fprintf(f, "> With low_latency == 0, gitk performs predictably +/- around 2 seconds. With low_latency == 1, there "
		"are huge varianes +/- about a minute.\n\n"
		"Rule (Brown-Forsythe, as claim %d): each run's absolute deviation from its kernel's median, pooled over the "
		"seven kernels, larger with low_latency 1, Welch p < %.2f.  The sd columns are the kernels' mean standard "
		"deviations.\n\n", claim_number(CLAIM_NOV19_RC6_SPREAD_LARGER), v->alpha);
	spread_header(f);
	print_rows(v, f, &v->claims[id], 0);
	verdict(f, &v->claims[id]);
}

static void claim_nov20_ll1_writeback_higher_longer(const struct validation *v, FILE *f)
{
	int id = CLAIM_NOV20_LL1_WRITEBACK_HIGHER_LONGER;

	claim_head(f, id);
	fprintf(f, "> Sampling writeback, I found that the number of pages in writeback with low_latency == 1 was higher "
		"for longer.\n\n"
		"The mechanism Corrado Zoccolo proposed for it (<4e5e476b0911260547r33424098v456ed23203a61dd@mail.gmail.com>): "
		"with low_latency, CFQ limits an async queue to one request in flight for up to 200 ms after each sync "
		"completion, so writeback, which goes through async queues, drains slower.  Measured on the samples (one every "
		"%s): nr_writeback's mean over the run (\"higher\") and its integral over the run, page-seconds (\"higher for "
		"longer\").  Rule: both larger with low_latency 1 on 2.6.32-rc6-0000000, Welch p < %.2f; the other kernels' "
		"means shown for information.\n\n", v->interval, v->alpha);
	evidence_table(v, f, &v->claims[id]);
	verdict(f, &v->claims[id]);
}

static void claim_nov26_ll0_faster(const struct validation *v, FILE *f)
{
	int id = CLAIM_NOV26_LL0_FASTER;

	claim_head(f, id);
	fprintf(f, "Published: mean 964.79 s with low_latency on, 655.57 s off (32%% less).  Rule: 2.6.32's mean elapsed "
		"lower with low_latency off, Welch p < %.2f; nr_writeback's mean shown for information.\n\n", v->alpha);
	evidence_table(v, f, &v->claims[id]);
	verdict(f, &v->claims[id]);
}

static void claim_nov27_highorder_faster(const struct validation *v, FILE *f)
{
	int id = CLAIM_NOV27_HIGHORDER_FASTER;

	claim_head(f, id);
	fprintf(f, "Corrado Zoccolo: \"I'm puzzled how almost all kernels, excluding the async rampup, perform better when "
		"high order allocations are enabled\"; published means with low_latency on 964.79 -> 866.60 s, off 655.57 -> "
		"459.69 s (the two kernels not modelled: block-2.6.33 slower, 573.96 -> 616.28 s; async-rampup slower, 798.01 "
		"-> 1201.82 s).  Mel named two differences: the forced order-2 receives, and that the runs without them came "
		"after sysbench and IOZone on the same boot, which mmsim does not model (both start from boot).  Rule: on "
		"2.6.32, mean elapsed lower with forced order-2 than without, at low_latency on and off, Welch p < %.2f each.\n\n",
		v->alpha);
	evidence_table(v, f, &v->claims[id]);
	verdict(f, &v->claims[id]);
}

static void claim_nov27_highorder_kswapd_harder(const struct validation *v, FILE *f)
{
	int id = CLAIM_NOV27_HIGHORDER_KSWAPD_HARDER;

	claim_head(f, id);
	fprintf(f, "> the starting conditions are probably not as important as the fact that kswapd is working to free order-2 "
		"pages and staying awake until watermarks are reached. kswapd working harder is probably making a big difference.\n\n"
		"Measured as the fraction of samples (one every %s) in which a kswapd is awake, and kswapd_steal (pages kswapd "
		"reclaimed).  Rule: both larger with forced order-2 on 2.6.32, low_latency on and off, Welch p < %.2f each.\n\n",
		v->interval, v->alpha);
	evidence_table(v, f, &v->claims[id]);
	verdict(f, &v->claims[id]);
}

static void claim_nov27_patches345_faster_fewer_failures(const struct validation *v, FILE *f)
{
	int id = CLAIM_NOV27_PATCHES345_FASTER_FEWER_FAILURES;

	claim_head(f, id);
	fprintf(f, "Corrado Zoccolo: \"Your 3 patches, though, seem to improve the situation also for low_latency enabled, "
		"both for performance and allocation failures\".  Published: low_latency on 866.60 -> 743.61 s and 65 -> 3 "
		"failures; off 459.69 -> 389.71 s and 20 -> 0 (failures counted with the printk rate limit's suppressions, as "
		"mmsim's \"failures warned\").  Rule: with patches 3-5, mean elapsed and mean failures warned lower, at "
		"low_latency on and off, Welch p < %.2f each.\n\n", v->alpha);
	evidence_table(v, f, &v->claims[id]);
	verdict(f, &v->claims[id]);
}

static void claim_nov27_ll0_still_fails(const struct validation *v, FILE *f)
{
	int id = CLAIM_NOV27_LL0_STILL_FAILS;

	claim_head(f, id);
	fprintf(f, "Corrado Zoccolo: \"Just disabling low_latency will not solve the allocation issues\"; Mel: \"20 "
		"instead of 65\".  Rule: on 2.6.32 with forced order-2 and low_latency off, mean failures warned > 0, and "
		"lower than with low_latency on, Welch p < %.2f.\n\n", v->alpha);
	evidence_table(v, f, &v->claims[id]);
	verdict(f, &v->claims[id]);
}

static void (*const claim_text[NR_CLAIMS])(const struct validation *, FILE *) = {
#define CLAIM_TEXT(id, rule, set) [id] = rule,
	VALIDATION_CLAIMS(CLAIM_TEXT)
#undef CLAIM_TEXT
};
/* ---- diagnostics and causes ------------------------------------------------ */

static void print_diagnostics(const struct validation *v, FILE *f)
{
	static const int cols[] = {
		VM_LAT_P50, VM_STALL_SHARE, VM_MIN_FREE_WMARK, VM_CW_TIME,
		VM_CW_CALLS, VM_CW_BOTH_CALLS, VM_BOTH_TIMEOUTS, VM_ALLOCSTALL, VM_FAIL_ATOMIC2, VM_FAIL_NOWARN,
	};
	const int nc = (int)(sizeof(cols) / sizeof(cols[0]));

	fprintf(f, "### Diagnostics behind the verdicts\n\n"
		"Means over the seeds.  \"share of elapsed in gitk lines above p50\" is the part of gitk's elapsed time spent in progress lines slower than "
		"its median line, the part reclaim and I/O stalls can account for; \"lowest free / min watermark\" is the lowest sample (one every %s) of free pages "
		"in the largest zone over that zone's min watermark.\n\n", v->interval);
	for (int a = 0; a < NR_ARCH; a++) {
		fprintf(f, "#### %s\n\n| kernel |", arch_titles[a]);
		for (int i = 0; i < nc; i++)
			fprintf(f, " %s |", measure_names[cols[i]]);
		fprintf(f, "\n|---|");
		for (int i = 0; i < nc; i++)
			fprintf(f, "---:|");
		fputc('\n', f);
		for (int r = 0; r < NR_ROWS; r++) {
			fprintf(f, "| %s |", v->cover_row[a][r]->name);
			for (int i = 0; i < nc; i++)
				fprintf(f, " %.4g |", mean(v, a, r, cols[i]));
			fputc('\n', f);
		}
		fputc('\n', f);
	}
}

static void print_cause1(const struct validation *v, FILE *f, double atomic2,
			 double warned, double lo)
{
	bool any = false;

	fprintf(f, "- **Claim 1 (failures).** Order-2 GFP_ATOMIC failures in interrupt context, summed over the rows' "
		"means: %.2f; failures without __GFP_NOWARN: %.2f.  All other failures counted are __GFP_NOWARN ones, which the "
		"kernel never prints (the model's callers passing it are dm-crypt's page allocations and the swap cache).  "
		"Runs with an order-2 atomic failure:", atomic2, warned);
	for (int a = 0; a < NR_ARCH; a++)
		for (int r = 0; r < NR_ROWS; r++) {
			const double *x = validation_val(v, a, r, VM_FAIL_ATOMIC2);
			unsigned int runs = 0;

			for (unsigned int i = 0; i < validation_seeds(v, v->cover[a][r]); i++)
				runs += x[i] > 0;
			if (runs)
				fprintf(f, "%s %s %s: %u of %u", any ? ";" : "",
					arch_titles[a], v->cover_row[a][r]->name, runs,
					validation_seeds(v, v->cover[a][r]));
			any |= runs > 0;
		}
	fprintf(f, "%s.", any ? "" : " none");
	for (int a = 0; a < NR_ARCH; a++)
		fprintf(f, "  %s: vanilla 2.6.32-rc6 prints %.1f a run (published %d), with the series %.1f (published %d), "
			"2.6.30 %.1f (published %d); at rc6's failures (medians over the runs with any) the preferred zone holds "
			"%.0f free pages in blocks of order 2 or more, %.0f of them on the MIGRATE_RESERVE lists; its reserve "
			"pageblocks number %.1f at the start and %.1f at the end (2.6.30: %.1f at the end), and "
			"__rmqueue_fallback() splits %.0f order >= 2 blocks a run (2.6.30: %.0f).",
			arch_titles[a], mean(v, a, R32, VM_FAIL_PRINTED), v->cover_row[a][R32]->failures,
			mean(v, a, R32_P12345, VM_FAIL_PRINTED), v->cover_row[a][R32_P12345]->failures,
			mean(v, a, R30, VM_FAIL_PRINTED), v->cover_row[a][R30]->failures,
			median_of_runs_with(v, a, R32, VM_HOFAIL_BLOCKS),
			median_of_runs_with(v, a, R32, VM_HOFAIL_RESERVE),
			mean(v, a, R32, VM_RESERVE_BLOCKS), mean(v, a, R32, VM_RESERVE_BLOCKS_END),
			mean(v, a, R30, VM_RESERVE_BLOCKS_END),
			mean(v, a, R32, VM_BROKEN_FALLBACK), mean(v, a, R30, VM_BROKEN_FALLBACK));
	fprintf(f, "  The lowest sampled free memory of the largest zone, over its min watermark, is %.2f on x86-64 (vanilla "
		"rc6, mean over seeds).  So the model fails more often than the record, not less: outside the reserve the "
		"free memory below the watermarks is order-0 and order-1 pages, every order-2 success there rests on the "
		"reserve pageblocks, and what the tagged kernels do to those decides the count.  v2.6.32-rc6's "
		"free_pcppages_bulk() files each page by its pcp list's index (switch pcp_free_type LIST_INDEX, fixed later by "
		"0b3bf81197f), so reserve pages riding the movable pcp list drain to MIGRATE_MOVABLE and are handed out; "
		"docs/bisect.md (make bisect-doc) names it the largest single source on x86.  dm-crypt's unmovable write "
		"pages make most of the fallback splits, scattering unmovable pages through movable pageblocks.  What the "
		"model may still have wrong, argued in docs/model.md \"Why order-2 atomic allocations fail\": the x86 "
		"pageblock order (one 4 MiB reserve block without PAE, which the record does not settle), the state the "
		"machine started the test in, and how much order > 0 allocation the rest of the machine made.  %s\n",
		lo,
		v->patches12_identical ?
		"The rows 0000000 and 0000012 give identical measures at every seed on both kernels and arches: patches 1 "
		"and 2 (restart order, no ALLOC_HARDER in interrupts) never change an outcome, because atomic allocations "
		"never get to the point where those patches act." :
		"Rows 0000000 and 0000012 differ, so patches 1 and 2 do act in some runs.");
}

/*
 * For each claim that does not hold, the mechanism most likely
 * responsible and what would change it.  The text is an analysis of the
 * diagnostics above, written once; the numbers in it are measured.
 */
static void print_causes(const struct validation *v, FILE *f)
{
	double ratio[NR_ARCH], share[NR_ARCH], lo[NR_ARCH], spread[NR_ARCH];
	double both = 0, both_to = 0, atomic2 = 0, warned = 0;
	double rmin = INFINITY, rmax = 0;

	for (int a = 0; a < NR_ARCH; a++) {
		ratio[a] = v->cover_row[a][R32]->elapsed / mean(v, a, R32, VM_ELAPSED);
		share[a] = mean(v, a, R32, VM_STALL_SHARE);
		lo[a] = mean(v, a, R32, VM_MIN_FREE_WMARK);
		double hi = 0, low = INFINITY;

		for (int r = 0; r < NR_ROWS; r++) {
			hi = fmax(hi, mean(v, a, r, VM_ELAPSED));
			low = fmin(low, mean(v, a, r, VM_ELAPSED));
			both += mean(v, a, r, VM_CW_BOTH_CALLS);
			both_to += mean(v, a, r, VM_BOTH_TIMEOUTS);
			atomic2 += mean(v, a, r, VM_FAIL_ATOMIC2);
			warned += mean(v, a, r, VM_FAIL_TOTAL) - mean(v, a, r, VM_FAIL_NOWARN);
			rmin = fmin(rmin, v->cover_row[a][r]->elapsed / mean(v, a, r, VM_ELAPSED));
			rmax = fmax(rmax, v->cover_row[a][r]->elapsed / mean(v, a, r, VM_ELAPSED));
		}
		spread[a] = hi / low - 1;
	}
	fprintf(f, "### Where a claim of the cover letter does not hold: likely causes in the model\n\n"
		"These are diagnoses from the measures above, not fixes; nothing was changed to make a claim hold.\n\n");
	fprintf(f, "Common to all of them: mmsim's fake gitk finishes %.1f-%.1f times faster than Mel's, row by row (vanilla 2.6.32-rc6: "
		"published / mmsim = %.2f on x86-64, %.2f on x86), and only %.0f%% / %.0f%% of its elapsed time is spent in "
		"progress lines slower than the median line.  Every kernel difference in the series acts through reclaim stalls, "
		"so in the model it moves elapsed time only as far as those stalls are part of it, while on the real machines "
		"the stall part was most of the run.  The model's cost of reclaim for the allocating task (swap-in of gitk's buffer from dm-crypt "
		"on a seeking disk, and the time direct reclaimers spend behind a congested queue) is the likely common cause.\n\n",
		rmin, rmax, ratio[0], ratio[1], 100 * share[0], 100 * share[1]);
	if (v->claims[CLAIM_RC6_FAILS_SERIES_FIXES].verdict == VERDICT_FAILS)
		print_cause1(v, f, atomic2, warned, lo[0]);
	if (v->claims[CLAIM_RC6_SLOW_REVERT_HELPS].verdict == VERDICT_FAILS) {
		fprintf(f, "- **Claim 2 (2.6.32-rc6 slowdown, revert).**");
		for (int a = 0; a < NR_ARCH; a++)
			fprintf(f, "  %s: rc6 / 2.6.30 elapsed %.2f (published %.2f), rc6 with 8aa7e847 reverted / 2.6.30 %.2f "
				"(published %.2f).", arch_titles[a],
				mean(v, a, R32, VM_ELAPSED) / mean(v, a, R30, VM_ELAPSED),
				v->cover_row[a][R32]->elapsed / v->cover_row[a][R30]->elapsed,
				mean(v, a, R32_REVERT, VM_ELAPSED) / mean(v, a, R30, VM_ELAPSED),
				v->cover_row[a][R32_REVERT]->elapsed / v->cover_row[a][R30]->elapsed);
		fprintf(f, "  The slowest row's mean elapsed is %.0f%% (x86-64) / %.0f%% (x86) above the fastest row's.  "
			"docs/bisect.md (make bisect-doc, every switch between the two kernels flipped alone) says where this comes "
			"from in the model: on x86-64 rc6 is not slower because of one switch, mmap_readaround (2.6.31's mmap "
			"read-around and async mmap readahead), which speeds gitk's faults in its pack more than anything else "
			"slows them, while 8aa7e847's congestion_wait queues, Chris Mason's dm-crypt coupling and CFQ's "
			"low_latency move nothing beyond the seed noise; on x86 the gap comes from the congestion_wait queues "
			"8aa7e847 moved (cw_kswapd, cw_direct) and rc6's scheduler (CFS tunables, wake-up placement) on the "
			"2-CPU machine.  What made the real x86-64 rc6 twice as slow is missing from the model; the 2009 threads "
			"put it in dm-crypt's kcryptd threads shared by reads and writes and in CFQ's async ramp under "
			"low_latency (573412b), neither of which slows the model's x86-64 run enough.\n",
			100 * spread[0], 100 * spread[1]);
	}
	if (v->claims[CLAIM_SERIES_CW_LIKE_2630].verdict == VERDICT_FAILS)
		fprintf(f, "- **Claim 3 (congestion_wait closer to 2.6.30).** The series makes direct reclaimers wait on "
			"BLK_RW_BOTH, and in the model %.0f%% of these waits (all rows, both arches) run to their full timeout "
			"(no wake-up on the queue slept on ends them early), so time in congestion_wait grows instead of approaching 2.6.30's "
			"SYNC waits.  The letter itself notes 0012345 \"waits for longer than 2.6.30\"; its claim is about the "
			"profile of waits (per call site) more than totals, which a per-site comparison in the model could test.  "
			"What would change it: how often congestion is cleared on each queue (clear_bdi_congested wake-ups per request "
			"completion), i.e. the queue depth at which the model's disk runs.\n",
			both ? 100 * both_to / both : NAN);
	if (v->claims[CLAIM_PATCH3_FEWER_STALLS].verdict == VERDICT_FAILS)
		fprintf(f, "- **Claim 4 (patch 3: kswapd stalls less).** Direct reclaim is entered fewer times with patch 3 "
			"(the allocstall half holds where marked above), but kswapd's own congestion_wait time does not drop: "
			"kswapd's nap in balance_pgdat stays on ASYNC and times out as often.  The article's explanation (direct "
			"reclaimers filling the queues makes kswapd stall) needs direct reclaimers' writeback to be a large share of "
			"the ASYNC queue's requests; whether it is in the model is not measured here (a count of ASYNC requests per "
			"submitter, direct reclaim / kswapd / flusher, would show it).\n");
	if (v->claims[CLAIM_PATCH4_ABOVE_HIGH_LONGER].verdict == VERDICT_FAILS)
		fprintf(f, "- **Claim 5 (patch 4: above the high watermark longer).** The premature-sleep counters behave as "
			"claimed (part a).  Part (b) is measured on samples every %s, the time scale of kswapd's HZ/10 "
			"nap, over the whole run: the fraction above high is dominated by the phases without pressure (at the start, "
			"and while gitk computes), where patch 4 changes nothing.  A measure restricted to the time kswapd is awake "
			"(free pages at each of kswapd's sleep decisions) would isolate what patch 4 changes.\n", v->interval);
	if (v->claims[CLAIM_PATCH5_FEWER_ORDER2_NAPS].verdict == VERDICT_FAILS)
		fprintf(f, "- **Claim 6 (patch 5).** kswapd's naps at order 2, mean per run on 2.6.32-rc6: %.1f without patch 5 and "
			"%.1f with it on x86-64 (%.1f and %.1f on x86), against %.1f and %.1f at order 0 on x86-64.  Patch 5 "
			"lowers the priority below which kswapd naps by the order balance_pgdat was entered with, so it removes "
			"only the naps such a call would take at priorities DEF_PRIORITY-3 and DEF_PRIORITY-4 (the naps after a "
			"fall back to order 0 keep the lowered priority but count at order 0).  With so few naps at order 2, "
			"against order 0's thousands, seed-to-seed noise decides part (ii); how many there are depends on how "
			"often an order-2 GFP_ATOMIC refill wakes kswapd for order 2 and how long balance_pgdat stays at order 2 "
			"before a fruitless pass drops it to order 0.\n",
			mean(v, 0, R32_P1234, VM_KSWAPD_CW_O2), mean(v, 0, R32_P12345, VM_KSWAPD_CW_O2),
			mean(v, 1, R32_P1234, VM_KSWAPD_CW_O2), mean(v, 1, R32_P12345, VM_KSWAPD_CW_O2),
			mean(v, 0, R32_P1234, VM_KSWAPD_CW_O0), mean(v, 0, R32_P12345, VM_KSWAPD_CW_O0));
	if (v->claims[CLAIM_SERIES_SMOOTHER_LATENCY].verdict == VERDICT_FAILS)
		fprintf(f, "- **Claim 7 (gitk latency).** With the series gitk's p95/max stalls are not lower: patch 3's "
			"BLK_RW_BOTH waits of direct reclaimers run to their full timeout (see claim 3), and gitk is a direct "
			"reclaimer, so its slow lines get slower: the share of gitk's elapsed time in lines above the median goes from "
			"%.2f (vanilla) to %.2f (0012345) on x86-64.  On the real machines vanilla's stalls were dominated by the "
			"mechanism missing under claim 2; without it, the series only adds wait time.\n",
			mean(v, 0, R32, VM_STALL_SHARE), mean(v, 0, R32_P12345, VM_STALL_SHARE));
	fprintf(f, "\n#### Sensitivities (not tuned; listed because they obviously matter)\n\n"
		"All are [assumed] in scenarios/reproduction-*.ini: the network stream's bwlimit (40K) and ring size (256) for "
		"claim 1; cpus (4 on x86-64) and hz (250) for every congestion_wait timeout (HZ/50, HZ/10 are jiffies); "
		"disk_bandwidth (80M), disk_seek (8500us) and crypt_cost (64us) for every elapsed time and for how long queues stay "
		"congested; nr_requests (128) and the congestion thresholds derived from it for claims 3, 4 and 7; low_latency "
		"(CFQ, on) for the SYNC/ASYNC balance behind claim 2.  A sensitivity study "
		"would vary each one on its own over a plausible range, with the claims evaluated on the table it was not "
		"varied against.\n\n");
}


/* ---- the data sets --------------------------------------------------------------- */

/* What each set's experiment was, as the messages state it, and how mmsim
 * runs it (the scenarios carry the same, value by value). */
static const char *const set_conditions[NR_RECORD_SETS] = {
	[RECORD_COVER] =
		"The reproduction: x86-64 (AMD Phenom) and x86 (Pentium 4) booted with mem=512MB, a dm-crypt partition with "
		"LVM, a 5G ext3 work volume and 2G of swap on it, the fake music player (bandwidth-limited rsync) and fake "
		"gitk, network receive forced to order-2 in every row (\"0000000-force-highorder is a vanilla kernel patched "
		"so that network receive always results in an order-2 allocation\").  One run per kernel.  mmsim: the "
		"reproduction scenarios, one gitk.",
	[RECORD_NOV13] =
		"The cover letter's test again, one run per row, with rows for Chris Mason's dm-crypt patch "
		"(<20091113125812.GB7891@think>): alone (digit 6, 0000006) and on top of patches 1-5 (0123456); \"The "
		"numbering in the kernel indicates what patches are applied.\"  The table has no 0012345 row.  mmsim: the "
		"reproduction scenarios; the digit-6 profiles switch dm-crypt's I/O path to the patch's "
		"(docs/profiles.md).",
	[RECORD_NOV19] =
		"\"I adjusted the workload to run fake-gitk multiple times to get a better sense of the deviation between "
		"runs\": Elapsed is a mean (stddev) over a number of runs the message does not state, and Failures a total "
		"over them (a reading: the message does not say).  Patch 5 is \"kswapd-stay-awake-when-min\", the [PATCH "
		"0/7] numbering; mmsim has patch 5 as in the cover letter (the label changes no switch).  x86-64 has no "
		"0000006 rows (\"I forgot to queue up the dm-crypt patches on their own for X86-64\").  mmsim: the "
		"reproduction scenarios; mean and sample standard deviation over its seeds, failures summed over them.",
	[RECORD_NOV20] =
		"\"I tried without dm-crypt\": seven 2.6.32-rc6 kernels at low_latency 0 and 1, mean (stddev) over repeated "
		"runs and failures summed, as on 19 Nov.  Not stated, and assumed: the arch (x86-64, the machine of the "
		"later tests without dm-crypt), that the forced order-2 receives stayed (the rows keep their names), and "
		"the volumes (the same, without the crypt layer).  The rows with Chris Mason's patch have no dm-crypt "
		"device for it to act on.  mmsim: scenarios/reproduction-no-dm-crypt.ini with [vm] low_latency set per "
		"row.",
	[RECORD_NOV26] =
		"desktop-net-gitk: \"a simulated launching of gitk with a music player running in the background ... "
		"except that dm-crypt was not used\", \"multiple instances of gitk\", on \"an x86-64 machine\" with 512MB; "
		"no forced order-2 receives; 2.6.32-rc8 (\"with-low-latency is 2.6.32-rc8 vanilla\", 27 Nov) with "
		"low_latency on and off.  Published as MMTests prints it (min, mean, stddev, max), over a number of runs "
		"not stated.  These runs followed sysbench and IOZone runs on the same boot "
		"(<20091127185234.GQ13095@csn.ul.ie>): not modelled.  mmsim: scenarios/desktop-net-gitk.ini, three gitk "
		"instances (assumed; the record says \"multiple\"), the 2.6.32 profile, the elapsed of the slowest instance.",
	[RECORD_NOV27] =
		"desktop-net-gitk again, four kernels per table: 2.6.32-rc8 with low_latency on, with Jens Axboe's "
		"for-2.6.33 block tree, with Corrado Zoccolo's async-rampup RFC, and with low_latency off.  First without "
		"forced order-2 (<20091127114450.GK13095@csn.ul.ie>; its first and last columns are the 26 Nov runs), then "
		"with forced order-2 receives (\"high-order-atomic-allocations-for-network\"), with failures recounted "
		"(\"I neglected to take into account printk rate suppressions\"; the first posted figure in brackets), then "
		"with patches 3-5 of the series added (\"atomics\").  The runs with forced order-2 had no sysbench and "
		"IOZone before them (not modelled).  mmsim: scenarios/desktop-net-gitk.ini and desktop-net-gitk-highorder.ini "
		"with the profiles 2.6.32, 2.6.32+force-highorder and 2.6.32+3+4+5+force-highorder; the for-2.6.33 and "
		"async-rampup columns are not modelled (listed below).",
};

static const char *const set_titles[NR_RECORD_SETS] = {
	[RECORD_COVER] = "the cover letter's tables",
	[RECORD_NOV13] = "Chris Mason's dm-crypt patch, one run per row",
	[RECORD_NOV19] = "repeated runs: mean, stddev, failures summed",
	[RECORD_NOV20] = "without dm-crypt, low_latency 0 and 1",
	[RECORD_NOV26] = "desktop-net-gitk, low_latency on and off",
	[RECORD_NOV27] = "desktop-net-gitk with forced order-2, and with patches 3-5",
};

/* The measure a set's failures column compares with. */
static int failures_measure(const struct record_set_info *s)
{
	return s->failures == FAILURES_SUMMED_WITH_SUPPRESSED ? VM_FAIL_WARNED :
							       VM_FAIL_PRINTED;
}

static double unfinished(const struct validation *v, int c)
{
	return (1.0 - cmean(v, c, VM_GITK_DONE)) * validation_seeds(v, c);
}

static void table_header(const struct validation *v, const struct record_set_info *s,
			 FILE *f)
{
	char runs[64];

	/* Where a first look stopped some conditions, the runs of each
	 * are in the kernel's cell. */
	if (uniform_seeds(v))
		snprintf(runs, sizeof(runs), "%u", v->nr_seeds);
	else
		snprintf(runs, sizeof(runs), "its runs");
	switch (s->summary) {
	case SUMMARY_ONE_RUN:
		fprintf(f, "| kernel | published elapsed | published failures | mmsim elapsed (mean ± sd) | mmsim/published | mmsim failures (mean) | gitk unfinished |\n"
			"|---|---:|---:|---:|---:|---:|---:|\n");
		break;
	case SUMMARY_MEAN_SD:
		fprintf(f, "| kernel | published elapsed (mean ± sd) | published failures (sum) | mmsim elapsed (mean ± sd) | mmsim/published | sd mmsim/published | mmsim failures (sum of %s) | gitk unfinished |\n"
			"|---|---:|---:|---:|---:|---:|---:|---:|\n", runs);
		break;
	case SUMMARY_MMTESTS:
		fprintf(f, "| kernel | published min / mean / sd / max (s) | published failures | mmsim min / mean / sd / max (s) | mmsim/published (mean) | mmsim failures (sum of %s) | gitk unfinished |\n"
			"|---|---:|---:|---:|---:|---:|---:|\n", runs);
		break;
	}
}

static void table_row(const struct validation *v, const struct record_set_info *s,
		      const struct record_row *r, int c, FILE *f)
{
	char pub[24], mm[24], fail[48], name[160];
	int fm = failures_measure(s);

	/* A condition a first look stopped says how many runs it has. */
	if (c >= 0 && !uniform_seeds(v))
		snprintf(name, sizeof(name), "%s (%u runs)", r->name,
			 validation_seeds(v, c));
	else
		snprintf(name, sizeof(name), "%s", r->name);

	if (r->failures < 0)
		snprintf(fail, sizeof(fail), "—");
	else if (r->failures_first_posted >= 0 &&
		 r->failures_first_posted != r->failures)
		snprintf(fail, sizeof(fail), "%d (%d)", r->failures,
			 r->failures_first_posted);
	else
		snprintf(fail, sizeof(fail), "%d", r->failures);
	switch (s->summary) {
	case SUMMARY_ONE_RUN:
		fmt_ms(pub, sizeof(pub), r->elapsed);
		fprintf(f, "| %s | %s | %s |", name, pub, fail);
		if (c < 0)
			break;
		fmt_ms(mm, sizeof(mm), cmean(v, c, VM_ELAPSED));
		fprintf(f, " %s ± %.1f s | %.2f | %.1f | %.0f |\n", mm,
			csd(v, c, VM_ELAPSED), cmean(v, c, VM_ELAPSED) / r->elapsed,
			cmean(v, c, fm), unfinished(v, c));
		return;
	case SUMMARY_MEAN_SD:
		fmt_ms(pub, sizeof(pub), r->elapsed);
		fprintf(f, "| %s | %s ± %.1f s | %s |", name, pub, r->stddev, fail);
		if (c < 0)
			break;
		fmt_ms(mm, sizeof(mm), cmean(v, c, VM_ELAPSED));
		fprintf(f, " %s ± %.1f s | %.2f | %.2f | %.0f | %.0f |\n", mm,
			csd(v, c, VM_ELAPSED), cmean(v, c, VM_ELAPSED) / r->elapsed,
			csd(v, c, VM_ELAPSED) / r->stddev, csum(v, c, fm),
			unfinished(v, c));
		return;
	case SUMMARY_MMTESTS:
		fprintf(f, "| %s | %.2f / %.2f / %.2f / %.2f | %s |", name,
			r->min, r->elapsed, r->stddev, r->max, fail);
		if (c < 0)
			break;
		fprintf(f, " %.2f / %.2f / %.2f / %.2f | %.2f | %.0f | %.0f |\n",
			stats_min(validation_cval(v, c, VM_ELAPSED), validation_seeds(v, c)),
			cmean(v, c, VM_ELAPSED), csd(v, c, VM_ELAPSED),
			stats_max(validation_cval(v, c, VM_ELAPSED), validation_seeds(v, c)),
			cmean(v, c, VM_ELAPSED) / r->elapsed, csum(v, c, fm),
			unfinished(v, c));
		return;
	}
	fprintf(f, " not modelled |%s\n", s->summary == SUMMARY_MEAN_SD ?
		" | | | |" : " | | |");
}

/* The set's tables, in the message's order, beside mmsim's. */
static void print_set_tables(const struct validation *v, enum record_set set,
			     FILE *f)
{
	const struct record_set_info *s = &v->set_info[set];
	const char *table = NULL;

	for (size_t i = 0; i < v->nr_rows; i++) {
		const struct record_row *r = &v->rows[i];

		if (r->set != set)
			continue;
		if (!table || strcmp(table, r->table)) {
			if (table)
				fputc('\n', f);
			table = r->table;
			fprintf(f, "#### %s\n\n", table);
			if (strcmp(r->msgid, s->msgid))
				fprintf(f, "From %s.\n\n", r->msgid);
			table_header(v, s, f);
		}
		table_row(v, s, r, v->row_config[i], f);
	}
	fputc('\n', f);
}

/* What every condition of a set measured, beyond its table. */
static void print_set_measures(const struct validation *v, enum record_set set,
			       FILE *f)
{
	static const int cols[] = {
		VM_FAIL_PRINTED, VM_FAIL_WARNED, VM_WB_MEAN, VM_KSWAPD_AWAKE,
		VM_KSWAPD_STEAL, VM_ALLOCSTALL, VM_DIRECT_CW_TIME,
		VM_KSWAPD_CW_TIME, VM_CW_TIME,
	};
	const int nc = (int)(sizeof(cols) / sizeof(cols[0]));
	char label[200];
	bool *done = calloc(v->nr_configs ? v->nr_configs : 1, sizeof(*done));

	if (!done)
		return;
	fprintf(f, "Measures of every condition of the set, means over the seeds:\n\n| arch | condition |");
	for (int i = 0; i < nc; i++)
		fprintf(f, " %s |", measure_names[cols[i]]);
	fprintf(f, "\n|---|---|");
	for (int i = 0; i < nc; i++)
		fprintf(f, "---:|");
	fputc('\n', f);
	for (size_t i = 0; i < v->nr_rows; i++) {
		int c = v->row_config[i];

		if (v->rows[i].set != set || c < 0 || done[c])
			continue;
		done[c] = true;
		cfg_label(v, c, label, sizeof(label));
		fprintf(f, "| %s | %s |", arch_titles[v->configs[c].arch], label);
		for (int k = 0; k < nc; k++)
			fprintf(f, " %.4g |", cmean(v, c, cols[k]));
		fputc('\n', f);
	}
	fputc('\n', f);
	free(done);
}

static void print_set(const struct validation *v, enum record_set set, FILE *f)
{
	const struct record_set_info *s = &v->set_info[set];

	fprintf(f, "## %s: %s\n\n", s->date, set_titles[set]);
	fprintf(f, "%s, linux-mm, %s, %s.  %s\n\n", s->source, s->date, s->msgid,
		set_conditions[set]);
	print_set_tables(v, set, f);
	if (set != RECORD_COVER)
		print_set_measures(v, set, f);
	for (int c = 0; c < NR_CLAIMS; c++)
		if (validation_claim_info[c].set == set)
			claim_text[c](v, f);
	if (set == RECORD_COVER) {
		print_diagnostics(v, f);
		print_causes(v, f);
	}
}

static void print_not_modelled(const struct validation *v, FILE *f)
{
	bool any = false;

	for (size_t i = 0; i < v->nr_rows; i++) {
		const struct record_row *r = &v->rows[i];

		if (!validation_has_set(v, r->set) || r->profile)
			continue;
		if (!any)
			fprintf(f, "## Rows not modelled\n\n"
				"Published, and left out: mmsim has no kernel for them.  They are listed, not compared.\n\n"
				"| data set | table | row | published mean (s) | why |\n|---|---|---|---:|---|\n");
		any = true;
		fprintf(f, "| %s | %s | %s | %.2f | %s |\n", v->set_info[r->set].id,
			r->table, r->name, r->elapsed, r->not_modelled);
	}
	if (any)
		fputc('\n', f);
}

static void print_sets_overview(const struct validation *v, FILE *f)
{
	fprintf(f, "| data set (`--record`) | published | message | tables | scenario | rows run | rows not modelled |\n"
		"|---|---|---|---|---|---:|---:|\n");
	for (int s = 0; s < NR_RECORD_SETS; s++) {
		unsigned int setups = 0;
		int run = 0, not = 0;
		bool first = true;

		if (!validation_has_set(v, s))
			continue;
		for (size_t i = 0; i < v->nr_rows; i++)
			if (v->rows[i].set == (enum record_set)s) {
				if (v->rows[i].profile) {
					run++;
					setups |= 1u << v->rows[i].setup;
				} else {
					not++;
				}
			}
		fprintf(f, "| %s | %s | %s | %s | ", v->set_info[s].id,
			v->set_info[s].date, v->set_info[s].msgid, set_titles[s]);
		for (int k = 0; k < NR_SETUPS; k++)
			if (setups & (1u << k)) {
				fprintf(f, "%s%s", first ? "" : "; ", setup_files[k]);
				first = false;
			}
		fprintf(f, " | %d | %d |\n", run, not);
	}
	fputc('\n', f);
}

void validation_md_write(FILE *f, const struct validation *v)
{
	char sets[128] = "";

	for (int s = 0; s < NR_RECORD_SETS; s++)
		if (validation_has_set(v, s))
			snprintf(sets + strlen(sets), sizeof(sets) - strlen(sets),
				 "%s%s", *sets ? ", " : "", v->set_info[s].id);
	fprintf(f, "<!-- Generated by `%s`; do not edit: re-run it. -->\n\n", v->command);
	fprintf(f, "# Validation against the published results\n\n");
	fprintf(f, "Generated by `%s` on %s at commit %s, %s%u seeds (1..%u) per condition, data sets %s.\n\n",
		v->command, v->date ? v->date : "(date not given)",
		v->commit ? v->commit : "(commit not given)",
		v->first_look ? "up to " : "", v->nr_seeds, v->nr_seeds, sets);
	if (v->first_look) {
		size_t runs = 0, all = v->nr_configs * v->nr_seeds;
		int early = 0, decided = 0;

		for (size_t c = 0; c < v->nr_configs; c++)
			runs += validation_seeds(v, (int)c);
		for (int c = 0; c < NR_CLAIMS; c++) {
			early += v->claims[c].early &&
				 v->claims[c].verdict != VERDICT_NOT_RUN;
			decided += v->claims[c].verdict != VERDICT_NOT_RUN;
		}
		fprintf(f, "**Sequential.**  Every condition ran seeds 1..%u first.  A claim was decided there (the "
			"first look, marked in each verdict and in the summary) when every comparison its rule counts "
			"was then significant at p < %.3g (alpha / 10), whichever way it went, and no other part of its "
			"rule (a ratio of means, \"in every run\") could still change; or when its rule needs every "
			"comparison to hold and one of them was significant at that level the other way (or a part "
			"failed for good), so that it fails whatever the other runs say.  At alpha 0.05 that level is "
			"inside O'Brien and Fleming's bound for the first of two equally spaced looks (p < 0.0052).  Such "
			"a rule also failed there, for futility, when a comparison it needs pointed the wrong way, "
			"significant or not (the means equal or the wrong way round, or 0012345 no closer to 2.6.30 "
			"than vanilla rc6): Wieand, Schroeder and O'Fallon's rule (Statistics in Medicine 13, 1994), "
			"which never makes a claim hold, so it does not raise the error of one holding wrongly, and "
			"misses a difference that all the runs would find with 80%% power with probability 2.4%% "
			"per comparison (Phi(-(1.96 + 0.84) / sqrt(2)), the normal approximation; somewhat more with "
			"Welch's test at 5 runs a side), more for a smaller difference.  Such a rule failed there too when a "
			"comparison it needs pointed the right way but, were the runs to come like those so far, would be "
			"significant at the last look with probability below %.0f%% (conditional power: Lan, Simon and "
			"Halperin, Communications in Statistics C 1, 1982); with normal runs at 5 of 10 seeds the two futility "
			"rules together find a difference that all 10 runs find 78.9%% of the time 76.8%% of the time, and stop "
			"76%% of the comparisons without a difference there (scripts/validate-futility.py).  Only the conditions "
			"that a comparison "
			"counted by a claim left open reads ran seeds %u..%u, and those claims were decided on all "
			"their runs at alpha = %.2f; a verdict errs with at most alpha + alpha / 10.  A comparison only "
			"shown beside an open claim's rule is printed on the runs its conditions have.  %d of %d claims "
			"were decided at the first look; %zu of the %zu runs of every seed everywhere were run (`mmsim "
			"validate --all-seeds` runs them all).  A condition with fewer runs than %u says how many beside "
			"its kernel.\n\n",
			v->first_look, v->alpha_first, 100 * v->futility,
			v->first_look + 1, v->nr_seeds,
			v->alpha, early, decided, runs, all, v->nr_seeds);
	}
	fprintf(f, "## The record and the protocol\n\n"
		"The figures below are Mel Gorman's, from the cover letter of \"Reduce GFP_ATOMIC allocation failures\" "
		"and the thread that followed it on linux-mm in November 2009, each table with the Message-ID that "
		"printed it.  **Calibration and prediction.**  Only the cover letter's two 2.6.30-0000000-force-highorder "
		"rows (x86-64 09:48.545, x86 10:59.095, no failures) are calibration targets: a parameter may be set to "
		"approach them.  Every other figure (the cover letter's other 24 rows, every table of 13, 19, 20, 26 and "
		"27 Nov, and every claim made from them) is a prediction: none of them sets a parameter, default or "
		"mechanism, and every verdict is recorded whichever way it goes.  The scenarios' [fitted] values come from "
		"%s; nothing else was fitted, and nothing for this report.\n\n"
		"**Conditions.**  Each experiment runs in a scenario that reproduces its conditions as the messages state "
		"them (the files cite the messages and mark every value [record] or [cover] when a message states it and "
		"[assumed], with a range, when none does); a row's kernel is the mmsim profile of the same name, and "
		"low_latency is set where the row names it.  What a message leaves out is said under its data set, and "
		"rows of kernels mmsim cannot model are listed, not compared.  The scenarios are used unchanged but for "
		"the time-series period (sample_interval %s instead of 1s; sampling only observes, it does not change a "
		"run).\n\n"
		"**Comparison.**  mmsim's columns are the mean ± sample standard deviation over its seeds; \"mmsim/published\" "
		"divides mmsim's mean elapsed by the published one.  Failures are compared like with like: the printed "
		"reports per run where the record has one run, summed over mmsim's %u runs where the record sums over its "
		"own (whose number it does not state, so those sums compare in kind, not in count), and with the printk "
		"rate limit's suppressions where the record counts them (27 Nov).  Each claim states its rule before its "
		"result; comparative rules use Welch's t-test, two-sided, alpha = %.2f, and a claim is \"not measurable\" "
		"when a measure its rule counts has no value.  The mechanism behind the cover letter's verdicts, and what "
		"would change it, is argued in [model.md](model.md#why-the-claims-do-not-hold).\n\n",
		v->calibration ? v->calibration : "(no calibration named)",
		v->interval, v->nr_seeds, v->alpha);
	print_sets_overview(v, f);
	for (int s = 0; s < NR_RECORD_SETS; s++)
		if (validation_has_set(v, s))
			print_set(v, s, f);
	print_not_modelled(v, f);
	fprintf(f, "## Summary\n\n");
	if (v->ensemble_points)
		fprintf(f, "The last column judges each claim again at every point "
			"of the calibration's ensemble (%s: %u points that fit the "
			"2.6.30 targets within their spread, %u seeds each): a "
			"verdict that holds at few of them rests on where two "
			"targets left the fitted values, not on the mechanisms; "
			"or on the points' fewer runs.  At %u seeds a side Welch's "
			"test finds a difference only once it is %.1f standard "
			"deviations of a run wide (%.1f at %u seeds), and a \"not "
			"different\" holds more easily, so a claim that needs a "
			"significant difference may hold at the report's own seeds "
			"and at none of the points, and one that needs none the "
			"other way round: read a count beside its verdict.\n\n",
			v->ensemble_source, v->ensemble_points, v->ensemble_seeds,
			v->ensemble_seeds, smallest_difference(v->ensemble_seeds, v->alpha),
			smallest_difference(v->nr_seeds, v->alpha), v->nr_seeds);
	fprintf(f, "| claim | rule | data set | verdict |%s\n|---|---|---|---|%s\n",
		v->ensemble_points ? " ensemble |" : "",
		v->ensemble_points ? "---|" : "");
	for (int c = 0; c < NR_CLAIMS; c++)
		if (v->claims[c].verdict != VERDICT_NOT_RUN) {
			char e[96];

			fprintf(f, "| %d | `%s` | %s | %s%s |", claim_number(c),
				validation_claim_info[c].id,
				v->set_info[validation_claim_info[c].set].id,
				verdict_text(v->claims[c].verdict),
				v->claims[c].early ? " (first look)" : "");
			if (v->ensemble_points)
				fprintf(f, " %s |", ensemble_text(&v->claims[c],
								 e, sizeof(e)));
			fputc('\n', f);
		}
	fputc('\n', f);
}
