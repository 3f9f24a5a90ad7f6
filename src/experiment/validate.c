// SPDX-License-Identifier: GPL-2.0
/*
 * mmsim validate: the cover letter's two tables and seven claims of the
 * cover letter and the article on the series (docs/validation.md lists
 * them), measured over several seeds.  Every run is an independent
 * process (pool_run); a run hands back only the measures below, as one
 * line of numbers, so the parent never holds whole time series.
 *
 * Nothing here is tuned: the runs use the shipped reproduction scenarios
 * unchanged, and each claim is checked with a fixed rule (direction of the
 * means and a two-sided Welch test), decided here; report/validation_md.c
 * states the rules and writes the report.
 */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "validate.h"
#include "run.h"
#include "pool.h"
#include "machine.h"
#include "scenario_load.h"
#include "mmsim/alloc_fail.h"
#include "linux/backing-dev.h"
#include "linux/gfp.h"
#include "linux/mmzone.h"
#include "mmsim/profile.h"
#include "linux/vmstat.h"
#include "metrics/derived.h"
#include "metrics/records.h"
#include "report/stats.h"
#include "report/validation_md.h"
#include "scenario/units.h"

#define NR_ARCH		VALIDATION_NR_ARCH
#define NR_ROWS		VALIDATION_NR_ROWS

_Static_assert(MAX_NR_ZONES == VALIDATION_NR_ZONES, "zones of the report");

static const char *const arch_names[NR_ARCH] = { "x86_64", "x86" };

/*
 * The published tables, typed from the cover letter: Mel Gorman, "[PATCH
 * 0/5] Reduce GFP_ATOMIC allocation failures, candidate fix V3", linux-mm,
 * 12 Nov 2009.  Elapsed is fake-gitk's, min:sec; failures are the kern.log
 * page allocation failure reports.
 */
#define MS(m, s) ((m) * 60.0 + (s))
static const struct validation_published published[NR_ROWS] = {
	{ "2.6.30-0000000-force-highorder",          { MS(9, 48.545), MS(10, 59.095) }, { 0, 0 } },
	{ "2.6.31-0000000-force-highorder",          { MS(9, 13.020), MS(11, 53.505) }, { 0, 0 } },
	{ "2.6.31-revert-8aa7e847",                  { MS(9, 2.120),  MS(14, 1.595) },  { 0, 0 } },
	{ "2.6.31-0000012-pgalloc-2.6.30",           { MS(8, 52.742), MS(13, 32.237) }, { 0, 0 } },
	{ "2.6.31-0000123-congestion-both",          { MS(8, 59.375), MS(12, 44.170) }, { 0, 0 } },
	{ "2.6.31-0001234-kswapd-quick-recheck",     { MS(9, 19.208), MS(10, 35.327) }, { 0, 0 } },
	{ "2.6.31-0012345-adjust-priority",          { MS(9, 39.225), MS(11, 2.995) },  { 0, 0 } },
	{ "2.6.32-rc6-0000000-force-highorder",      { MS(19, 38.585), MS(18, 18.562) }, { 5, 0 } },
	{ "2.6.32-rc6-revert-8aa7e847",              { MS(17, 21.257), MS(10, 29.278) }, { 0, 0 } },
	{ "2.6.32-rc6-0000012-pgalloc-2.6.30",       { MS(18, 56.682), MS(13, 32.393) }, { 1, 0 } },
	{ "2.6.32-rc6-0000123-congestion-both",      { MS(16, 8.340),  MS(14, 55.265) }, { 0, 0 } },
	{ "2.6.32-rc6-0001234-kswapd-quick-recheck", { MS(18, 11.200), MS(13, 35.628) }, { 7, 0 } },
	{ "2.6.32-rc6-0012345-adjust-priority",      { MS(21, 33.158), MS(12, 41.278) }, { 0, 0 } },
};

struct vctx {
	const struct validate_opts *o;
	struct scenario *sc[NR_ARCH];
	unsigned long high[NR_ARCH][MAX_NR_ZONES];
	unsigned long min[NR_ARCH][MAX_NR_ZONES];
	bool populated[NR_ARCH][MAX_NR_ZONES];
	const char *zname[NR_ARCH][MAX_NR_ZONES];
	char interval[24];		/* the sample interval, as text */
	/* vals[arch][row][measure][seed] */
	double *vals;
};

static double *val(struct vctx *c, int a, int r, int m)
{
	return c->vals + (((size_t)a * NR_ROWS + (size_t)r) * NR_VMEASURES +
			  (size_t)m) * c->o->nr_seeds;
}

/* High watermarks of the machine each scenario boots, as zoneinfo shows. */
static int read_watermarks(struct vctx *c, int a, char *err, size_t len)
{
	const struct scenario *sc = c->sc[a];
	struct mem_config mc;
	struct zone *zone;

	/* As machine_boot() would, so these are the run's watermarks. */
	machine_mem_config(sc, &mc);
	if (mem_init(&mc)) {
		snprintf(err, len, "%s", mem_init_error());
		mem_exit();
		return -1;
	}
	for_each_zone(zone) {
		int z = (int)(zone - contig_page_data.node_zones);

		c->populated[a][z] = populated_zone(zone);
		c->high[a][z] = high_wmark_pages(zone);
		c->min[a][z] = min_wmark_pages(zone);
		c->zname[a][z] = zone->name;
	}
	mem_exit();
	return 0;
}

static double above_high_fraction(const struct vctx *c, int a,
				  const struct run_result *r)
{
	size_t above = 0, nr;
	const struct sample_point *s = result_records(r, "samples", &nr);

	if (!nr)
		return NAN;
	for (size_t i = 0; i < nr; i++) {
		bool ok = true;

		for (int z = 0; z < MAX_NR_ZONES; z++)
			if (c->populated[a][z] && s[i].free[z] < c->high[a][z])
				ok = false;
		above += ok;
	}
	return (double)above / (double)nr;
}

/* How much of gitk's run went to lines slower than its median line: the
 * part of the elapsed time reclaim and I/O stalls can account for. */
static double stall_share(const struct run_result *r, double p50,
			  double elapsed)
{
	size_t nr;
	const struct latency_sample *lat = result_records(r, "latency", &nr);
	double excess = 0;

	for (size_t i = 0; i < nr; i++) {
		double l = (double)lat[i].latency / NSEC_PER_SEC;

		if (l > p50)
			excess += l - p50;
	}
	return elapsed > 0 ? excess / elapsed : NAN;
}

/* The closest the largest zone came to its min watermark (1.0: at it). */
static double min_free_ratio(const struct vctx *c, int a,
			     const struct run_result *r)
{
	size_t nr;
	const struct sample_point *s = result_records(r, "samples", &nr);
	int big = -1;
	unsigned long lo = (unsigned long)-1;

	for (int z = 0; z < MAX_NR_ZONES; z++)
		if (c->populated[a][z] && (big < 0 || c->high[a][z] > c->high[a][big]))
			big = z;
	if (big < 0 || !nr || !c->min[a][big])
		return NAN;
	for (size_t i = 0; i < nr; i++)
		if (s[i].free[big] < lo)
			lo = s[i].free[big];
	return (double)lo / (double)c->min[a][big];
}

static void measure(const struct vctx *c, int a, const struct run_result *r,
		    double *m)
{
	const struct cw_total *cw = result_records(r, "congestion_wait", NULL);
	const struct cw_total *by_order = result_records(r, "kswapd_cw_by_order", NULL);
	const uint64_t *ev = result_uints(r, "vm_events");
	sim_time_t kt = 0;
	unsigned long kc = 0, both = 0, both_to = 0;

	m[VM_ELAPSED] = result_elapsed(r);
	m[VM_GITK_DONE] = result_bool(r, "gitk_done");
	m[VM_FAIL_PRINTED] = (double)result_uint(r, "failures_printed");
	m[VM_FAIL_TOTAL] = (double)result_uint(r, "failures_total");
	m[VM_FAIL_ATOMIC2] = 0;
	m[VM_FAIL_NOWARN] = 0;
	/* The failure records outlive the run's teardown (reset at boot). */
	for (size_t i = 0; i < alloc_failure_count(); i++) {
		const struct alloc_failure *f = alloc_failure_get(i);

		if (f->order == 2 && !(f->gfp_mask & __GFP_WAIT) && f->in_interrupt)
			m[VM_FAIL_ATOMIC2]++;
		if (f->nowarn)
			m[VM_FAIL_NOWARN]++;
	}
	m[VM_CW_TIME] = result_cw_seconds(r);
	m[VM_CW_CALLS] = (double)result_cw_calls(r);
	for (int q = 0; q < RESULT_NR_CW_QUEUES; q++) {
		kc += cw[CW_KSWAPD * RESULT_NR_CW_QUEUES + q].calls;
		kt += cw[CW_KSWAPD * RESULT_NR_CW_QUEUES + q].time;
	}
	for (int s = 0; s < RESULT_NR_CW_SITES; s++) {
		both += cw[s * RESULT_NR_CW_QUEUES + BLK_RW_BOTH].calls;
		both_to += cw[s * RESULT_NR_CW_QUEUES + BLK_RW_BOTH].timeouts;
	}
	m[VM_KSWAPD_CW_CALLS] = (double)kc;
	m[VM_KSWAPD_CW_TIME] = (double)kt / NSEC_PER_SEC;
	m[VM_CW_BOTH_CALLS] = (double)both;
	m[VM_BOTH_TIMEOUTS] = (double)both_to;
	m[VM_ALLOCSTALL] = (double)ev[ALLOCSTALL];
	m[VM_PAGEOUTRUN] = (double)ev[PAGEOUTRUN];
	m[VM_PREMATURE] = (double)(ev[KSWAPD_PREMATURE_FAST] +
				   ev[KSWAPD_PREMATURE_SLOW]);
	m[VM_LAT_P95] = result_latency_percentile(r, 95);
	m[VM_LAT_MAX] = result_latency_max(r);
	m[VM_ABOVE_HIGH] = above_high_fraction(c, a, r);
	m[VM_LAT_P50] = result_latency_percentile(r, 50);
	m[VM_STALL_SHARE] = stall_share(r, m[VM_LAT_P50], m[VM_ELAPSED]);
	m[VM_MIN_FREE_WMARK] = min_free_ratio(c, a, r);
	m[VM_KSWAPD_CW_O0] = (double)by_order[0].calls;
	m[VM_KSWAPD_CW_O2] = (double)by_order[2].calls;
}

static char *job(size_t idx, void *ctx)
{
	struct vctx *c = ctx;
	unsigned int n = c->o->nr_seeds;
	int a = (int)(idx / (NR_ROWS * n));
	int row = (int)(idx / n % NR_ROWS);
	struct run_options opt = {
		.profile = profile_table_rows[row],
		.seed = idx % n + 1,
		.scenario_name = scenario_default_name(arch_names[a]),
	};
	struct run_result r;
	double m[NR_VMEASURES];
	char err[512], *out, *p;

	if (run_scenario(c->sc[a], &opt, &r, err, sizeof(err))) {
		fprintf(stderr, "mmsim: validate: %s seed %llu: %s\n",
			opt.profile, (unsigned long long)opt.seed, err);
		return NULL;
	}
	measure(c, a, &r, m);
	result_free(&r);
	out = malloc(NR_VMEASURES * 26 + 1);
	if (!out)
		return NULL;
	p = out;
	for (int i = 0; i < NR_VMEASURES; i++)
		p += sprintf(p, "%.17g ", m[i]);
	return out;
}

static int parse_job(struct vctx *c, size_t idx, const char *s)
{
	unsigned int n = c->o->nr_seeds;
	int a = (int)(idx / (NR_ROWS * n));
	int row = (int)(idx / n % NR_ROWS);
	char *end;

	for (int i = 0; i < NR_VMEASURES; i++) {
		double v = strtod(s, &end);

		if (end == s)
			return -1;
		val(c, a, row, i)[idx % n] = v;
		s = end;
	}
	return 0;
}

static void progress(size_t done, size_t total, void *ctx)
{
	struct vctx *c = ctx;

	if (c->o->progress)
		fprintf(stderr, "\rvalidate: %zu/%zu runs", done, total);
	if (c->o->progress && done == total)
		fputc('\n', stderr);
}

/* ---- the claims: rules and verdicts ------------------------------------- */

static double mean(struct vctx *c, int a, int r, int m)
{
	return stats_mean(val(c, a, r, m), c->o->nr_seeds);
}

static double sd(struct vctx *c, int a, int r, int m)
{
	return stats_stddev(val(c, a, r, m), c->o->nr_seeds);
}

/* Measure @ma of row @ra against measure @mb of row @rb. */
static void compare2(struct vctx *c, int a, int ra, int ma, int rb, int mb,
		     struct validation_cmp *x)
{
	unsigned int n = c->o->nr_seeds;

	x->ma = mean(c, a, ra, ma);
	x->sa = sd(c, a, ra, ma);
	x->mb = mean(c, a, rb, mb);
	x->sb = sd(c, a, rb, mb);
	stats_welch(val(c, a, ra, ma), n, val(c, a, rb, mb), n, &x->w);
	x->less = x->ma < x->mb;
	x->sig = !isnan(x->w.p) && x->w.p < c->o->alpha;
}

static struct validation_evidence *add_evidence(struct validation_claim *cl,
						enum validation_evidence_kind kind,
						int a, int ra, int ma, int rb, int mb,
						bool counts)
{
	struct validation_evidence *e = &cl->ev[cl->nr_ev++];

	if (cl->nr_ev > VALIDATION_MAX_EVIDENCE)
		abort();
	memset(e, 0, sizeof(*e));
	e->kind = kind;
	e->arch = a;
	e->row_a = ra;
	e->measure_a = ma;
	e->row_b = rb;
	e->measure_b = mb;
	e->counts = counts;
	return e;
}

/* Is measure @ma of row @ra below @mb of row @rb, significantly?
 * @counts: part of the claim's rule, else only shown. */
static bool less2(struct vctx *c, struct validation_claim *cl, int a, int ra,
		  int ma, int rb, int mb, bool counts,
		  enum validation_evidence_kind kind)
{
	struct validation_evidence *e = add_evidence(cl, kind, a, ra, ma, rb, mb,
						     counts);
	struct validation_cmp *x = &e->cmp;

	compare2(c, a, ra, ma, rb, mb, x);
	e->meets = x->less && x->sig;
	if (x->ma == x->mb)
		x->less = false;
	return e->meets;
}

static bool less(struct vctx *c, struct validation_claim *cl, int a, int ra,
		 int rb, int m, bool counts)
{
	return less2(c, cl, a, ra, m, rb, m, counts, EVIDENCE_LESS);
}

/* Is 0012345's mean of @m closer to 2.6.30's than vanilla rc6's is? */
static bool closer(struct vctx *c, struct validation_claim *cl, int a, int m)
{
	struct validation_evidence *e = add_evidence(cl, EVIDENCE_CLOSER, a,
						     R32_P12345, m, R32, m, true);
	double base = mean(c, a, R30, m);

	compare2(c, a, R32_P12345, m, R32, m, &e->cmp);
	e->base_mean = base;
	e->base_sd = sd(c, a, R30, m);
	e->dist_a = fabs(mean(c, a, R32_P12345, m) - base);
	e->dist_b = fabs(mean(c, a, R32, m) - base);
	e->meets = e->dist_a < e->dist_b && e->cmp.sig;
	return e->meets;
}

/* On x86-64, vanilla rc6 fails order-2 atomic allocations, and the full
 * series fails fewer (printed failures; the other counts shown). */
static bool claim_rc6_fails_series_fixes(struct vctx *c, struct validation_claim *cl)
{
	bool ok = less(c, cl, 0, R32_P12345, R32, VM_FAIL_PRINTED, true);

	less(c, cl, 0, R32_P12345, R32, VM_FAIL_ATOMIC2, false);
	less(c, cl, 0, R32_P12345, R32, VM_FAIL_TOTAL, false);
	less(c, cl, 0, R32_P12345, R32, VM_FAIL_NOWARN, false);
	cl->vanilla_failures = mean(c, 0, R32, VM_FAIL_PRINTED);
	return ok && cl->vanilla_failures > 0;
}

/* rc6 is slower than 2.6.30 and the revert of 8aa7e847 faster than rc6,
 * on both arches; on x86 the revert recovers at least half the gap. */
static bool claim_rc6_slow_revert_helps(struct vctx *c, struct validation_claim *cl)
{
	bool ok = true;

	for (int a = 0; a < NR_ARCH; a++) {
		ok &= less(c, cl, a, R30, R32, VM_ELAPSED, true);
		ok &= less(c, cl, a, R32_REVERT, R32, VM_ELAPSED, true);
		cl->recovered[a] = (mean(c, a, R32, VM_ELAPSED) -
				    mean(c, a, R32_REVERT, VM_ELAPSED)) /
				   (mean(c, a, R32, VM_ELAPSED) -
				    mean(c, a, R30, VM_ELAPSED));
	}
	return ok && cl->recovered[1] >= 0.5;
}

/* congestion_wait time and calls after the series closer to 2.6.30's. */
static bool claim_series_cw_like_2630(struct vctx *c, struct validation_claim *cl)
{
	bool ok = true;

	for (int a = 0; a < NR_ARCH; a++) {
		ok &= closer(c, cl, a, VM_CW_TIME);
		ok &= closer(c, cl, a, VM_CW_CALLS);
	}
	return ok;
}

/* Patch 3 (0000123 against 0000012): kswapd's congestion_wait time and
 * allocstall lower on rc6; the 2.6.31 rows shown. */
static bool claim_patch3_fewer_stalls(struct vctx *c, struct validation_claim *cl)
{
	bool ok = true;

	for (int a = 0; a < NR_ARCH; a++) {
		ok &= less(c, cl, a, R32_P123, R32_P12, VM_KSWAPD_CW_TIME, true);
		ok &= less(c, cl, a, R32_P123, R32_P12, VM_ALLOCSTALL, true);
	}
	for (int a = 0; a < NR_ARCH; a++) {
		less(c, cl, a, R31_P123, R31_P12, VM_KSWAPD_CW_TIME, false);
		less(c, cl, a, R31_P123, R31_P12, VM_ALLOCSTALL, false);
	}
	return ok;
}

static bool has_patch4(int r)
{
	return r == R31_P1234 || r == R31_P12345 || r == R32_P1234 ||
	       r == R32_P12345;
}

/* Patch 4: (a) premature-sleep counters non-zero in every run with it and
 * zero in every run without; (b) free memory above the high watermark in
 * more samples with 0001234 than 0000123 on rc6. */
static bool claim_patch4_above_high_longer(struct vctx *c, struct validation_claim *cl)
{
	unsigned int n = c->o->nr_seeds;

	cl->part_a = true;
	for (int a = 0; a < NR_ARCH; a++)
		for (int r = 0; r < NR_ROWS; r++) {
			const double *v = val(c, a, r, VM_PREMATURE);
			unsigned int zero = 0;

			for (unsigned int s = 0; s < n; s++)
				zero += v[s] == 0;
			if (has_patch4(r) ? zero != 0 : zero != n)
				cl->part_a = false;
		}
	cl->part_b = true;
	for (int a = 0; a < NR_ARCH; a++)
		cl->part_b &= less(c, cl, a, R32_P123, R32_P1234, VM_ABOVE_HIGH, true);
	return cl->part_a && cl->part_b;
}

/* Patch 5: with the series kswapd naps at order 2 fewer times than at
 * order 0, and fewer than without patch 5; per kernel and arch.  The first
 * comparison in the rows without patch 5 is shown (table 1). */
static bool claim_patch5_fewer_order2_naps(struct vctx *c, struct validation_claim *cl)
{
	static const int kernels[][2] = {
		{ R32_P12345, R32_P1234 }, { R31_P12345, R31_P1234 },
	};
	bool ok = true;

	for (int a = 0; a < NR_ARCH; a++)
		for (int k = 0; k < 2; k++) {
			int with = kernels[k][0], without = kernels[k][1];

			ok &= less2(c, cl, a, with, VM_KSWAPD_CW_O2, with,
				    VM_KSWAPD_CW_O0, true, EVIDENCE_ORDERS);
			ok &= less2(c, cl, a, with, VM_KSWAPD_CW_O2, without,
				    VM_KSWAPD_CW_O2, true, EVIDENCE_ORDERS);
		}
	for (int a = 0; a < NR_ARCH; a++)
		for (int k = 0; k < 2; k++) {
			less2(c, cl, a, kernels[k][1], VM_KSWAPD_CW_O2,
			      kernels[k][1], VM_KSWAPD_CW_O0, false, EVIDENCE_ORDERS);
			cl->ev[cl->nr_ev - 1].table = 1;
		}
	return ok;
}

/* gitk's p95 and maximum progress-line latency lower with the series. */
static bool claim_series_smoother_latency(struct vctx *c, struct validation_claim *cl)
{
	bool ok = true;

	for (int a = 0; a < NR_ARCH; a++) {
		ok &= less(c, cl, a, R32_P12345, R32, VM_LAT_P95, true);
		ok &= less(c, cl, a, R32_P12345, R32, VM_LAT_MAX, true);
	}
	return ok;
}

static bool (*const claim_rule[NR_CLAIMS])(struct vctx *, struct validation_claim *) = {
	[CLAIM_RC6_FAILS_SERIES_FIXES] = claim_rc6_fails_series_fixes,
	[CLAIM_RC6_SLOW_REVERT_HELPS] = claim_rc6_slow_revert_helps,
	[CLAIM_SERIES_CW_LIKE_2630] = claim_series_cw_like_2630,
	[CLAIM_PATCH3_FEWER_STALLS] = claim_patch3_fewer_stalls,
	[CLAIM_PATCH4_ABOVE_HIGH_LONGER] = claim_patch4_above_high_longer,
	[CLAIM_PATCH5_FEWER_ORDER2_NAPS] = claim_patch5_fewer_order2_naps,
	[CLAIM_SERIES_SMOOTHER_LATENCY] = claim_series_smoother_latency,
};

/* Do two rows give the same value of every measure at every seed? */
static bool rows_identical(struct vctx *c, int r1, int r2)
{
	for (int a = 0; a < NR_ARCH; a++)
		for (int m = 0; m < NR_VMEASURES; m++)
			if (memcmp(val(c, a, r1, m), val(c, a, r2, m),
				   c->o->nr_seeds * sizeof(double)))
				return false;
	return true;
}

/* Every claim decided, and what the report shows with it. */
static void write_report(struct vctx *c, FILE *f)
{
	const struct validate_opts *o = c->o;
	struct validation *v = calloc(1, sizeof(*v));

	if (!v)
		abort();
	v->command = o->command;
	v->date = o->date;
	v->commit = o->commit;
	v->nr_seeds = o->nr_seeds;
	v->alpha = o->alpha;
	snprintf(v->interval, sizeof(v->interval), "%s", c->interval);
	v->published = published;
	for (int a = 0; a < NR_ARCH; a++)
		for (int z = 0; z < MAX_NR_ZONES; z++) {
			v->populated[a][z] = c->populated[a][z];
			v->high[a][z] = c->high[a][z];
			v->zone_name[a][z] = c->zname[a][z];
		}
	v->vals = c->vals;
	for (int i = 0; i < NR_CLAIMS; i++)
		v->claims[i].holds = claim_rule[i](c, &v->claims[i]);
	v->patches12_identical = rows_identical(c, R31, R31_P12) &&
				 rows_identical(c, R32, R32_P12);
	validation_md_write(f, v);
	free(v);
}

int validate_run(const struct validate_opts *o, FILE *out, char *err,
		 size_t len)
{
	struct vctx c = { .o = o };
	size_t nr = (size_t)NR_ARCH * NR_ROWS * o->nr_seeds;
	uint64_t interval = o->sample_interval ? o->sample_interval :
			    VALIDATE_SAMPLE_INTERVAL_NS;
	char **outs = NULL;
	int ret = -1, failed;

	if (o->nr_seeds < 2) {
		snprintf(err, len, "need at least 2 seeds (a variance)");
		return -1;
	}
	format_time(c.interval, sizeof(c.interval), interval);
	if (profile_table_nr_rows != NR_ROWS) {
		snprintf(err, len, "profile table has %zu rows, not %d",
			 profile_table_nr_rows, NR_ROWS);
		return -1;
	}
	for (int r = 0; r < NR_ROWS; r++)
		if (strcmp(profile_table_rows[r], published[r].name)) {
			snprintf(err, len, "profile row %d is %s, published %s", r,
				 profile_table_rows[r], published[r].name);
			return -1;
		}
	for (int a = 0; a < NR_ARCH; a++) {
		struct scenario_error serr;

		c.sc[a] = scenario_load(NULL, arch_names[a], &serr);
		if (!c.sc[a]) {
			snprintf(err, len, "%s", serr.msg);
			goto out;
		}
		if (read_watermarks(&c, a, err, len))
			goto out;
		if (interval > c.sc[a]->run.max_time) {
			snprintf(err, len, "sample interval %s: longer than the scenario's max_time",
				 c.interval);
			goto out;
		}
		c.sc[a]->run.sample_interval = interval;
	}
	c.vals = calloc(nr * NR_VMEASURES, sizeof(double));
	outs = calloc(nr, sizeof(*outs));
	if (!c.vals || !outs) {
		snprintf(err, len, "out of memory");
		goto out;
	}
	failed = pool_run(nr, o->jobs, job, &c, outs, progress);
	if (failed) {
		snprintf(err, len, failed < 0 ? "cannot start processes" :
			 "%d of %zu runs failed", failed, nr);
		goto out;
	}
	for (size_t i = 0; i < nr; i++)
		if (parse_job(&c, i, outs[i])) {
			snprintf(err, len, "run %zu returned bad measures", i);
			goto out;
		}
	write_report(&c, out);
	ret = 0;
out:
	if (outs)
		for (size_t i = 0; i < nr; i++)
			free(outs[i]);
	free(outs);
	free(c.vals);
	for (int a = 0; a < NR_ARCH; a++)
		if (c.sc[a])
			scenario_free(c.sc[a]);
	return ret;
}
