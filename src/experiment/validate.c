// SPDX-License-Identifier: GPL-2.0
/*
 * mmsim validate: the public record's tables (experiment/record.c: the
 * cover letter's, 13, 19, 20, 26 and 27 Nov 2009) beside mmsim's, and the
 * claims of the cover letter, the article on the series and the thread
 * after it (docs/validation.md lists them), measured over several seeds.
 * Every run is an independent process (pool_run); a run hands back only the
 * measures below, as one line of numbers, so the parent never holds whole
 * time series.
 *
 * Nothing here is tuned: the runs use the shipped scenarios unchanged but
 * for the low_latency value a row names, and each claim is checked with a
 * fixed rule (direction of the means and a two-sided Welch test), decided
 * here; report/validation_md.c states the rules and writes the report.
 * Only the cover letter's two 2.6.30-0000000-force-highorder rows are
 * calibration targets; every other published figure is a prediction.
 */
#include <jansson.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "validate.h"
#include "compare.h"
#include "record.h"
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
#include "metrics/stats.h"
#include "report/validation_md.h"
#include "scenario/units.h"
#include "util/xalloc.h"

#define NR_ARCH		VALIDATION_NR_ARCH
#define NR_ROWS		VALIDATION_NR_ROWS
#define X86_64		VALIDATION_X86_64
#define X86		VALIDATION_X86

_Static_assert(MAX_NR_ZONES == VALIDATION_NR_ZONES, "zones of the report");

static const char *const arch_names[NR_ARCH] = { "x86_64", "x86" };
static const char *const cover_tables[NR_ARCH] = { "X86-64", "X86" };

/* ---- the plan: which conditions to run ----------------------------------- */

static int config_find(const struct validation *v, enum record_setup setup,
		       int arch, const char *profile, int low_latency)
{
	for (size_t i = 0; i < v->nr_configs; i++) {
		const struct validation_config *c = &v->configs[i];

		if (c->setup == setup && c->arch == arch &&
		    c->low_latency == low_latency && !strcmp(c->profile, profile))
			return (int)i;
	}
	return -1;
}

int validation_plan(struct validation *v, unsigned int sets, char *err,
		    size_t len)
{
	v->sets = sets;
	v->set_info = record_sets;
	v->rows = record_rows;
	v->nr_rows = record_nr_rows;
	v->nr_configs = 0;
	v->configs = xcalloc(record_nr_rows, sizeof(*v->configs));
	v->row_config = xcalloc(record_nr_rows, sizeof(*v->row_config));
	for (size_t i = 0; i < record_nr_rows; i++) {
		const struct record_row *r = &record_rows[i];
		int c;

		v->row_config[i] = -1;
		if (!(sets & (1u << r->set)) || !r->profile)
			continue;
		c = config_find(v, r->setup, r->arch, r->profile, r->low_latency);
		if (c < 0) {
			c = (int)v->nr_configs++;
			v->configs[c] = (struct validation_config) {
				.setup = r->setup, .arch = r->arch,
				.profile = r->profile,
				.low_latency = r->low_latency,
			};
		}
		v->row_config[i] = c;
	}
	for (int a = 0; a < NR_ARCH; a++)
		for (int r = 0; r < NR_ROWS; r++) {
			v->cover[a][r] = -1;
			v->cover_row[a][r] = NULL;
		}
	if (!(sets & (1u << RECORD_COVER)))
		return 0;
	if (profile_table_nr_rows != NR_ROWS) {
		snprintf(err, len, "profile table has %zu rows, not %d",
			 profile_table_nr_rows, NR_ROWS);
		return -1;
	}
	for (int a = 0; a < NR_ARCH; a++)
		for (int r = 0; r < NR_ROWS; r++) {
			const struct record_row *row =
				record_find(RECORD_COVER, cover_tables[a],
					    profile_table_rows[r]);

			if (!row) {
				snprintf(err, len, "profile row %d is %s, not in "
					 "the cover letter's %s table", r,
					 profile_table_rows[r], cover_tables[a]);
				return -1;
			}
			v->cover_row[a][r] = row;
			v->cover[a][r] = v->row_config[row - record_rows];
		}
	return 0;
}

void validation_plan_free(struct validation *v)
{
	free(v->configs);
	free(v->row_config);
	free(v->cfg_seeds);
	v->configs = NULL;
	v->row_config = NULL;
	v->cfg_seeds = NULL;
	v->nr_configs = 0;
}

/* ---- the runs --------------------------------------------------------------- */

/* One scenario as loaded for a setup, arch and low_latency, with the
 * watermarks of the machine it boots. */
struct variant {
	enum record_setup setup;
	int arch;
	int low_latency;
	const char *name;
	struct scenario *sc;
	unsigned long high[MAX_NR_ZONES];
	unsigned long min[MAX_NR_ZONES];
	bool populated[MAX_NR_ZONES];
	const char *zname[MAX_NR_ZONES];
};

#define MAX_VARIANTS	(2 * NR_SETUPS * NR_ARCH)

struct vctx {
	const struct validate_opts *o;
	struct validation *v;
	struct variant var[MAX_VARIANTS];
	int nr_var;
	int *cfg_var;			/* [nr_configs] */
	int *order;			/* configs in the order they are run */
	double interval_s;		/* the sample period, seconds */
	double *vals;			/* [config][measure][seed] */
	/* The runs of the stage being run: config and seed of each. */
	int *job_cfg;
	unsigned int *job_seed;
	size_t nr_jobs;
};

static double *val(struct vctx *c, int cfg, int m)
{
	return c->vals + ((size_t)cfg * NR_VMEASURES + (size_t)m) *
			 c->o->nr_seeds;
}

/* High watermarks of the machine a scenario boots, as zoneinfo shows. */
static int read_watermarks(struct variant *w, char *err, size_t len)
{
	struct mem_config mc;
	struct zone *zone;

	/* As machine_boot() would, so these are the run's watermarks. */
	if (machine_mem_config(w->sc, &mc, err, len))
		return -1;
	if (mem_init(&mc)) {
		snprintf(err, len, "%s", mem_init_error());
		mem_exit();
		return -1;
	}
	for_each_zone(zone) {
		int z = (int)(zone - contig_page_data.node_zones);

		w->populated[z] = populated_zone(zone);
		w->high[z] = high_wmark_pages(zone);
		w->min[z] = min_wmark_pages(zone);
		w->zname[z] = zone->name;
	}
	mem_exit();
	return 0;
}

/* Does scenario text @text have a section "[@section]"? */
static bool has_section(const char *text, const char *section)
{
	char head[96];
	size_t n = (size_t)snprintf(head, sizeof(head), "[%s]", section);

	for (const char *p = text; (p = strstr(p, head)); p += n)
		if ((p == text || p[-1] == '\n'))
			return true;
	return false;
}

/*
 * The text of @cfg's scenario: the setup's shipped file (the
 * reproduction's is the embedded default), with [vm] low_latency set when
 * the row names it, and the settings of the point being judged (a
 * calibration's values) in every scenario of their arch that has their
 * section.  malloc'd, or NULL with @err.
 */
static char *variant_text(struct vctx *c, const struct validation_config *cfg,
			  const char *name, char *err, size_t len)
{
	const char *base = cfg->setup == SETUP_REPRODUCTION ?
			   (cfg->arch == X86 ? scenario_default_x86_text :
					       scenario_default_text) :
			   scenario_shipped_text(name);
	char *text;

	if (!base) {
		snprintf(err, len, "%s: not built into mmsim", name);
		return NULL;
	}
	text = xstrdup(base);
	if (cfg->low_latency >= 0) {
		char *t = scenario_text_override(text, "vm", "low_latency",
						 cfg->low_latency ? "on" : "off",
						 err, len);

		free(text);
		if (!t)
			return NULL;
		text = t;
	}
	for (size_t i = 0; i < c->o->nr_settings; i++) {
		const struct validate_setting *s = &c->o->settings[i];
		char *t;

		if ((s->arch && strcmp(s->arch, arch_names[cfg->arch])) ||
		    !has_section(text, s->section))
			continue;
		t = scenario_text_override(text, s->section, s->name, s->value,
					   err, len);
		free(text);
		if (!t)
			return NULL;
		text = t;
	}
	return text;
}

/*
 * The scenario of @cfg (variant_text), loaded, with the watermarks of the
 * machine it boots.
 */
static int load_variant(struct vctx *c, const struct validation_config *cfg,
			char *err, size_t len)
{
	struct variant *w;
	struct scenario_error serr;
	int want_arch = cfg->arch == X86 ? SCENARIO_ARCH_X86 : SCENARIO_ARCH_X86_64;

	for (int i = 0; i < c->nr_var; i++)
		if (c->var[i].setup == cfg->setup && c->var[i].arch == cfg->arch &&
		    c->var[i].low_latency == cfg->low_latency)
			return i;
	if (c->nr_var == MAX_VARIANTS)
		abort();
	w = &c->var[c->nr_var];
	memset(w, 0, sizeof(*w));
	w->setup = cfg->setup;
	w->arch = cfg->arch;
	w->low_latency = cfg->low_latency;
	if (cfg->setup == SETUP_REPRODUCTION && cfg->low_latency < 0 &&
	    !c->o->nr_settings) {
		w->name = scenario_default_name(arch_names[cfg->arch]);
		w->sc = scenario_load(NULL, arch_names[cfg->arch], &serr);
	} else {
		char *text;

		w->name = cfg->setup == SETUP_REPRODUCTION && cfg->low_latency < 0 ?
			  scenario_default_name(arch_names[cfg->arch]) :
			  record_setup_scenario(cfg->setup, cfg->arch);
		text = variant_text(c, cfg, w->name, err, len);
		if (!text)
			return -1;
		w->sc = scenario_load_text(text, w->name, &serr);
		free(text);
	}
	if (!w->sc) {
		snprintf(err, len, "%s", serr.msg);
		return -1;
	}
	c->nr_var++;
	if (w->sc->machine.arch != want_arch) {
		snprintf(err, len, "%s: arch %s, but its rows are %s", w->name,
			 scenario_arch_names[w->sc->machine.arch],
			 arch_names[cfg->arch]);
		return -1;
	}
	if (read_watermarks(w, err, len))
		return -1;
	return c->nr_var - 1;
}

static double above_high_fraction(const struct variant *w,
				  const struct run_result *r)
{
	size_t above = 0, nr;
	const struct sample_point *s = result_records(r, "samples", &nr);

	if (!nr)
		return NAN;
	for (size_t i = 0; i < nr; i++) {
		bool ok = true;

		for (int z = 0; z < MAX_NR_ZONES; z++)
			if (w->populated[z] && s[i].free[z] < w->high[z])
				ok = false;
		above += ok;
	}
	return (double)above / (double)nr;
}

/* The closest the largest zone came to its min watermark (1.0: at it). */
static double min_free_ratio(const struct variant *w,
			     const struct run_result *r)
{
	size_t nr;
	const struct sample_point *s = result_records(r, "samples", &nr);
	int big = -1;
	unsigned long lo = (unsigned long)-1;

	for (int z = 0; z < MAX_NR_ZONES; z++)
		if (w->populated[z] && (big < 0 || w->high[z] > w->high[big]))
			big = z;
	if (big < 0 || !nr || !w->min[big])
		return NAN;
	for (size_t i = 0; i < nr; i++)
		if (s[i].free[big] < lo)
			lo = s[i].free[big];
	return (double)lo / (double)w->min[big];
}

/*
 * nr_writeback over the samples: its mean (pages) and its integral over
 * the run (page-seconds, each sample standing for one period), what
 * run-test.sh's "records nr_writeback at regular intervals" let Mel see
 * as "higher for longer"; and the fraction of samples in which a kswapd
 * was awake.
 */
static void sample_measures(const struct run_result *r, double interval_s,
			    double *m)
{
	size_t nr;
	const struct sample_point *s = result_records(r, "samples", &nr);
	double wb = 0, awake = 0;

	if (!nr) {
		m[VM_WB_MEAN] = m[VM_WB_PAGE_SECONDS] = m[VM_KSWAPD_AWAKE] = NAN;
		return;
	}
	for (size_t i = 0; i < nr; i++) {
		wb += (double)s[i].nr_writeback;
		awake += s[i].kswapd_awake > 0;
	}
	m[VM_WB_MEAN] = wb / (double)nr;
	m[VM_WB_PAGE_SECONDS] = wb * interval_s;
	m[VM_KSWAPD_AWAKE] = awake / (double)nr;
}

/*
 * The claims' figures, by the registry's names (metrics/metrics.h): each
 * declared next to the code that produces what it reads.  NULL: computed
 * here, from what only validate has (the kernel's failure records, kept
 * past the run's teardown; the booted machine's watermarks; the sample
 * interval).
 */
static const char *const claim_measures[NR_VMEASURES] = {
	[VM_ELAPSED] = "elapsed",
	[VM_GITK_DONE] = "gitk_done",
	[VM_FAIL_PRINTED] = "failures",
	[VM_FAIL_TOTAL] = "failures-all",
	[VM_CW_TIME] = "cw-time",
	[VM_CW_CALLS] = "cw-calls",
	[VM_KSWAPD_CW_CALLS] = "kswapd-cw-calls",
	[VM_KSWAPD_CW_TIME] = "kswapd-cw-time",
	[VM_CW_BOTH_CALLS] = "cw-both-calls",
	[VM_ALLOCSTALL] = "allocstall",
	[VM_PAGEOUTRUN] = "pageoutrun",
	[VM_PREMATURE] = "premature",
	[VM_LAT_P95] = "stall-p95",
	[VM_LAT_MAX] = "stall-max",
	[VM_LAT_P50] = "stall-p50",
	[VM_STALL_SHARE] = "stall-share",
	[VM_BOTH_TIMEOUTS] = "cw-both-timeouts",
	[VM_KSWAPD_CW_O0] = "kswapd-cw-order0",
	[VM_KSWAPD_CW_O2] = "kswapd-cw-order2",
	[VM_DIRECT_CW_TIME] = "direct-cw-time",
	[VM_KSWAPD_STEAL] = "kswapd-steal",
	[VM_HOFAIL_BLOCKS] = "hofail-blocks",
	[VM_HOFAIL_RESERVE] = "hofail-reserve",
	[VM_RESERVE_BLOCKS] = "frag_reserve_blocks",
	[VM_RESERVE_BLOCKS_END] = "frag_reserve_blocks_end",
	[VM_BROKEN_FALLBACK] = "broken-fallback",
};

void validation_result_measures(const struct run_result *r, double *m)
{
	for (int i = 0; i < NR_VMEASURES; i++) {
		const struct measure *rm;

		m[i] = NAN;
		if (!claim_measures[i])
			continue;
		rm = metrics_find(claim_measures[i]);
		if (!rm) {
			/* claim_measures[] names a measure no file declares. */
			fprintf(stderr, "mmsim: bug: a claim reads measure '%s', which is not registered\n",
				claim_measures[i]);
			abort();
		}
		m[i] = measure_value(rm, r);
	}
}

static void measure(const struct vctx *c, const struct variant *w,
		    const struct run_result *r, double *m)
{
	validation_result_measures(r, m);
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
	/* Every failure without __GFP_NOWARN is printed or counted by the
	 * printk rate limit as suppressed: 27 Nov's corrected pgalloc-fail. */
	m[VM_FAIL_WARNED] = m[VM_FAIL_TOTAL] - m[VM_FAIL_NOWARN];
	m[VM_ABOVE_HIGH] = above_high_fraction(w, r);
	m[VM_MIN_FREE_WMARK] = min_free_ratio(w, r);
	sample_measures(r, c->interval_s, m);
}

static char *job(size_t idx, void *ctx)
{
	struct vctx *c = ctx;
	int cfg = c->job_cfg[idx];
	const struct validation_config *k = &c->v->configs[cfg];
	const struct variant *w = &c->var[c->cfg_var[cfg]];
	struct run_options opt = {
		.profile = k->profile,
		.seed = c->job_seed[idx],
		.scenario_name = w->name,
	};
	struct run_result r;
	double m[NR_VMEASURES];
	char err[512], *out, *p;

	if (run_scenario(w->sc, &opt, &r, err, sizeof(err))) {
		fprintf(stderr, "mmsim: validate: %s seed %llu: %s\n",
			opt.profile, (unsigned long long)opt.seed, err);
		return NULL;
	}
	measure(c, w, &r, m);
	result_free(&r);
	out = malloc(NR_VMEASURES * 26 + 1);
	if (!out)
		return NULL;
	p = out;
	for (int i = 0; i < NR_VMEASURES; i++)
		p += sprintf(p, "%.17g ", m[i]);
	return out;
}

/* Everything a run's measures depend on, for the runs kept (pool.h). */
static char *job_key(size_t idx, void *ctx)
{
	struct vctx *c = ctx;
	int cfg = c->job_cfg[idx];
	const struct variant *w = &c->var[c->cfg_var[cfg]];
	char fp[SCENARIO_FINGERPRINT_LEN], *key = NULL;
	size_t len = 0;
	FILE *f = xopen_memstream(&key, &len);

	scenario_fingerprint(w->sc, fp, sizeof(fp));
	fprintf(f, "mmsim validate run\nmmsim %s %016llx\nkernel %s\nseed %zu\n"
		"scenario %s %s\nsample interval %.17g s\nmeasures",
		MMSIM_VERSION, (unsigned long long)pool_self_hash(),
		c->v->configs[cfg].profile, (size_t)c->job_seed[idx], w->name, fp,
		c->interval_s);
	/* A kept run holds one value per claim measure, in this order. */
	for (int i = 0; i < NR_VMEASURES; i++)
		fprintf(f, " %s", claim_measures[i] ? claim_measures[i] : "-");
	xclose_memstream(f);
	return key;
}

static int parse_job(struct vctx *c, size_t idx, const char *s)
{
	int cfg = c->job_cfg[idx];
	char *end;

	for (int i = 0; i < NR_VMEASURES; i++) {
		double x = strtod(s, &end);

		if (end == s)
			return -1;
		val(c, cfg, i)[c->job_seed[idx] - 1] = x;
		s = end;
	}
	return 0;
}

static void progress(size_t done, size_t total, size_t idx, char **outputs,
		     void *ctx)
{
	struct vctx *c = ctx;

	if (c->o->progress)
		fprintf(stderr, "\rvalidate: %zu/%zu runs", done, total);
	if (c->o->progress && done == total)
		fputc('\n', stderr);
}

/* ---- comparisons ------------------------------------------------------------ */

static const double *cval(const struct validation *v, int cfg, int m)
{
	return validation_cval(v, cfg, m);
}

/* A config a claim names; its data set ran, so its rows' configs exist. */
static int cfg(const struct validation *v, enum record_setup setup, int arch,
	       const char *profile, int low_latency)
{
	int c = config_find(v, setup, arch, profile, low_latency);

	if (c < 0) {
		fprintf(stderr, "mmsim: validate: no run of %s (setup %d, arch %d, "
			"low_latency %d)\n", profile, setup, arch, low_latency);
		abort();
	}
	return c;
}

#define REPRO(a, k)		cfg(v, SETUP_REPRODUCTION, a, k, -1)
#define NO_CRYPT(k, ll)		cfg(v, SETUP_NO_DM_CRYPT, X86_64, k, ll)
#define DESKTOP(k, ll)		cfg(v, SETUP_DESKTOP, X86_64, k, ll)
#define HIGHORDER(k, ll)	cfg(v, SETUP_DESKTOP_HIGHORDER, X86_64, k, ll)
#define COV(a, r)		(v->cover[a][r])

/* Enough values, and none missing, for a mean and a variance. */
/* The runs per condition a claim is judged on. */
static unsigned int nev(const struct validation *v)
{
	return v->n_eval ? v->n_eval : v->nr_seeds;
}

static bool all_values(const double *x, size_t n)
{
	if (n < 2)
		return false;
	for (size_t i = 0; i < n; i++)
		if (isnan(x[i]))
			return false;
	return true;
}

/* Samples @a against @b: means, deviations, Welch's test. */
static void compare_samples(const struct validation *v, const double *a,
			    size_t na, const double *b, size_t nb,
			    struct validation_evidence *e)
{
	struct validation_cmp *x = &e->cmp;

	e->measurable = all_values(a, na) && all_values(b, nb);
	if (!e->measurable) {
		x->ma = x->sa = x->mb = x->sb = NAN;
		x->w.t = x->w.df = x->w.p = NAN;
		x->less = x->sig = false;
		return;
	}
	x->ma = stats_mean(a, na);
	x->sa = stats_stddev(a, na);
	x->mb = stats_mean(b, nb);
	x->sb = stats_stddev(b, nb);
	stats_welch(a, na, b, nb, &x->w);
	x->less = x->ma < x->mb;
	x->sig = !isnan(x->w.p) &&
		 x->w.p < (v->alpha_eval > 0 ? v->alpha_eval : v->alpha);
}

static struct validation_evidence *add_evidence(struct validation_claim *cl,
						enum validation_evidence_kind kind,
						int ca, int ma, int cb, int mb,
						bool counts)
{
	struct validation_evidence *e;

	if (cl->nr_ev >= VALIDATION_MAX_EVIDENCE)
		abort();
	e = &cl->ev[cl->nr_ev++];
	memset(e, 0, sizeof(*e));
	e->kind = kind;
	e->cfg_a[0] = ca;
	e->cfg_b[0] = cb;
	e->nr_pool = 1;
	e->measure_a = ma;
	e->measure_b = mb;
	e->counts = counts;
	return e;
}

/* Is measure @ma of config @ca below @mb of config @cb, significantly?
 * @counts: part of the claim's rule, else only shown. */
static bool less2(const struct validation *v, struct validation_claim *cl,
		  int ca, int ma, int cb, int mb, bool counts,
		  enum validation_evidence_kind kind)
{
	struct validation_evidence *e = add_evidence(cl, kind, ca, ma, cb, mb,
						     counts);
	struct validation_cmp *x = &e->cmp;

	compare_samples(v, cval(v, ca, ma), nev(v), cval(v, cb, mb),
			nev(v), e);
	e->meets = e->measurable && x->less && x->sig;
	if (x->ma == x->mb)
		x->less = false;
	return e->meets;
}

static bool less(const struct validation *v, struct validation_claim *cl,
		 int ca, int cb, int m, bool counts)
{
	return less2(v, cl, ca, m, cb, m, counts, EVIDENCE_LESS);
}

/* Are @ca and @cb's means of @m not different (p >= alpha)? */
static bool same(const struct validation *v, struct validation_claim *cl,
		 int ca, int cb, int m, bool counts)
{
	struct validation_evidence *e = add_evidence(cl, EVIDENCE_SAME, ca, m,
						     cb, m, counts);

	compare_samples(v, cval(v, ca, m), nev(v), cval(v, cb, m),
			nev(v), e);
	e->meets = e->measurable && !e->cmp.sig;
	return e->meets;
}

/* Is the mean of @m over @ca's runs above zero? */
static bool positive(const struct validation *v, struct validation_claim *cl,
		     int ca, int m, bool counts)
{
	struct validation_evidence *e = add_evidence(cl, EVIDENCE_POSITIVE, ca,
						     m, ca, m, counts);
	const double *x = cval(v, ca, m);

	e->measurable = all_values(x, nev(v));
	e->cmp.ma = e->measurable ? stats_mean(x, nev(v)) : NAN;
	e->cmp.sa = e->measurable ? stats_stddev(x, nev(v)) : NAN;
	e->meets = e->measurable && e->cmp.ma > 0;
	return e->meets;
}

static void set_pool(struct validation_evidence *e, const int *ca,
		     const int *cb, int n)
{
	if (n > VALIDATION_MAX_POOL)
		abort();
	for (int k = 0; k < n; k++) {
		e->cfg_a[k] = ca[k];
		e->cfg_b[k] = cb[k];
	}
	e->nr_pool = n;
}

/* Each seed's sum of @m over the configs @ca, against the same over @cb:
 * "failures summed" over a table's kernels, run for run. */
static bool sum_less(const struct validation *v, struct validation_claim *cl,
		     const int *ca, const int *cb, int n, int m, bool counts)
{
	struct validation_evidence *e = add_evidence(cl, EVIDENCE_SUM_LESS,
						     ca[0], m, cb[0], m, counts);
	unsigned int seeds = nev(v);
	double *a = xcalloc(seeds, sizeof(*a)), *b = xcalloc(seeds, sizeof(*b));

	set_pool(e, ca, cb, n);
	for (int k = 0; k < n; k++)
		for (unsigned int s = 0; s < seeds; s++) {
			a[s] += cval(v, ca[k], m)[s];
			b[s] += cval(v, cb[k], m)[s];
		}
	compare_samples(v, a, seeds, b, seeds, e);
	e->meets = e->measurable && e->cmp.less && e->cmp.sig;
	if (e->cmp.ma == e->cmp.mb)
		e->cmp.less = false;
	free(a);
	free(b);
	return e->meets;
}

/* |x - median(x)| of each run of each config, after another: the
 * Brown-Forsythe form of Levene's test, which asks whether one group's
 * runs spread more than another's with a t-test on these deviations. */
static double *deviations(const struct validation *v, const int *c, int n,
			  int m, double *sd)
{
	unsigned int seeds = nev(v);
	double *d = xcalloc((size_t)n * seeds, sizeof(*d));

	*sd = 0;
	for (int k = 0; k < n; k++) {
		const double *x = cval(v, c[k], m);
		double med = all_values(x, seeds) ?
			     stats_percentile(x, seeds, 50) : NAN;

		*sd += isnan(med) ? NAN : stats_stddev(x, seeds) / n;
		for (unsigned int s = 0; s < seeds; s++)
			d[(size_t)k * seeds + s] = fabs(x[s] - med);
	}
	return d;
}

/* Do the runs of @ca spread less around their medians than @cb's?
 * @n configs a side, pooled (the same kernels under two conditions). */
static bool spread_less(const struct validation *v, struct validation_claim *cl,
			const int *ca, const int *cb, int n, int m, bool counts)
{
	struct validation_evidence *e = add_evidence(cl, EVIDENCE_SPREAD, ca[0],
						     m, cb[0], m, counts);
	size_t nr = (size_t)n * nev(v);
	double *a, *b;

	set_pool(e, ca, cb, n);
	a = deviations(v, ca, n, m, &e->dist_a);
	b = deviations(v, cb, n, m, &e->dist_b);
	compare_samples(v, a, nr, b, nr, e);
	/* Two runs lie at the same distance from their median: the
	 * deviations carry no spread of their own, and the test none. */
	if (nev(v) < 3)
		e->measurable = false;
	e->meets = e->measurable && e->cmp.less && e->cmp.sig;
	if (e->cmp.ma == e->cmp.mb)
		e->cmp.less = false;
	free(a);
	free(b);
	return e->meets;
}

/* ---- the cover letter's claims ---------------------------------------------- */

/* Is 0012345's mean of @m closer to 2.6.30's than vanilla rc6's is? */
static bool closer(const struct validation *v, struct validation_claim *cl,
		   int a, int m)
{
	struct validation_evidence *e = add_evidence(cl, EVIDENCE_CLOSER,
						     COV(a, R32_P12345), m,
						     COV(a, R32), m, true);
	const double *base = cval(v, COV(a, R30), m);

	compare_samples(v, cval(v, COV(a, R32_P12345), m), nev(v),
			cval(v, COV(a, R32), m), nev(v), e);
	e->measurable &= all_values(base, nev(v));
	e->base_mean = stats_mean(base, nev(v));
	e->base_sd = stats_stddev(base, nev(v));
	e->dist_a = fabs(e->cmp.ma - e->base_mean);
	e->dist_b = fabs(e->cmp.mb - e->base_mean);
	e->meets = e->measurable && e->dist_a < e->dist_b && e->cmp.sig;
	return e->meets;
}

/* On x86-64, vanilla rc6 fails order-2 atomic allocations, and the full
 * series fails fewer (printed failures; the other counts shown). */
static bool claim_rc6_fails_series_fixes(const struct validation *v,
					 struct validation_claim *cl)
{
	bool ok = less(v, cl, COV(0, R32_P12345), COV(0, R32), VM_FAIL_PRINTED, true);

	less(v, cl, COV(0, R32_P12345), COV(0, R32), VM_FAIL_ATOMIC2, false);
	less(v, cl, COV(0, R32_P12345), COV(0, R32), VM_FAIL_TOTAL, false);
	less(v, cl, COV(0, R32_P12345), COV(0, R32), VM_FAIL_NOWARN, false);
	cl->vanilla_failures = validation_mean(v, 0, R32, VM_FAIL_PRINTED);
	return ok && cl->vanilla_failures > 0;
}

/* rc6 is slower than 2.6.30 and the revert of 8aa7e847 faster than rc6,
 * on both arches; on x86 the revert recovers at least half the gap. */
static bool claim_rc6_slow_revert_helps(const struct validation *v,
					struct validation_claim *cl)
{
	bool ok = true;

	for (int a = 0; a < NR_ARCH; a++) {
		ok &= less(v, cl, COV(a, R30), COV(a, R32), VM_ELAPSED, true);
		ok &= less(v, cl, COV(a, R32_REVERT), COV(a, R32), VM_ELAPSED, true);
		cl->recovered[a] = (validation_mean(v, a, R32, VM_ELAPSED) -
				    validation_mean(v, a, R32_REVERT, VM_ELAPSED)) /
				   (validation_mean(v, a, R32, VM_ELAPSED) -
				    validation_mean(v, a, R30, VM_ELAPSED));
	}
	/* The share recovered is a ratio of means: once the comparisons
	 * hold, it may move with every run. */
	if (ok)
		cl->unsettled = true;
	return ok && cl->recovered[X86] >= 0.5;
}

/* congestion_wait time and calls after the series closer to 2.6.30's. */
static bool claim_series_cw_like_2630(const struct validation *v,
				      struct validation_claim *cl)
{
	bool ok = true;

	for (int a = 0; a < NR_ARCH; a++) {
		ok &= closer(v, cl, a, VM_CW_TIME);
		ok &= closer(v, cl, a, VM_CW_CALLS);
	}
	return ok;
}

/* Patch 3 (0000123 against 0000012): kswapd's congestion_wait time and
 * allocstall lower on rc6; the 2.6.31 rows shown. */
static bool claim_patch3_fewer_stalls(const struct validation *v,
				      struct validation_claim *cl)
{
	bool ok = true;

	for (int a = 0; a < NR_ARCH; a++) {
		ok &= less(v, cl, COV(a, R32_P123), COV(a, R32_P12), VM_KSWAPD_CW_TIME, true);
		ok &= less(v, cl, COV(a, R32_P123), COV(a, R32_P12), VM_ALLOCSTALL, true);
	}
	for (int a = 0; a < NR_ARCH; a++) {
		less(v, cl, COV(a, R31_P123), COV(a, R31_P12), VM_KSWAPD_CW_TIME, false);
		less(v, cl, COV(a, R31_P123), COV(a, R31_P12), VM_ALLOCSTALL, false);
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
static bool claim_patch4_above_high_longer(const struct validation *v,
					   struct validation_claim *cl)
{
	unsigned int n = nev(v);

	cl->part_a = true;
	for (int a = 0; a < NR_ARCH; a++) {
		cl->part_a_arch[a] = true;
		for (int r = 0; r < NR_ROWS; r++) {
			const double *x = validation_val(v, a, r, VM_PREMATURE);
			unsigned int zero = 0;

			for (unsigned int s = 0; s < n; s++)
				zero += x[s] == 0;
			if (has_patch4(r) ? zero != 0 : zero != n)
				cl->part_a_arch[a] = false;
		}
		cl->part_a &= cl->part_a_arch[a];
	}
	/* "In every run" may yet fail in the next; once it has failed,
	 * it has for good. */
	if (cl->part_a)
		cl->unsettled = true;
	else
		cl->fails_settled = true;
	cl->part_b = true;
	for (int a = 0; a < NR_ARCH; a++)
		cl->part_b &= less(v, cl, COV(a, R32_P123), COV(a, R32_P1234),
				   VM_ABOVE_HIGH, true);
	return cl->part_a && cl->part_b;
}

/* Patch 5: with the series kswapd naps at order 2 fewer times than at
 * order 0, and fewer than without patch 5; per kernel and arch.  The first
 * comparison in the rows without patch 5 is shown (table 1). */
static bool claim_patch5_fewer_order2_naps(const struct validation *v,
					   struct validation_claim *cl)
{
	static const int kernels[][2] = {
		{ R32_P12345, R32_P1234 }, { R31_P12345, R31_P1234 },
	};
	bool ok = true;

	for (int a = 0; a < NR_ARCH; a++)
		for (int k = 0; k < 2; k++) {
			int with = COV(a, kernels[k][0]), without = COV(a, kernels[k][1]);

			ok &= less2(v, cl, with, VM_KSWAPD_CW_O2, with,
				    VM_KSWAPD_CW_O0, true, EVIDENCE_ORDERS);
			ok &= less2(v, cl, with, VM_KSWAPD_CW_O2, without,
				    VM_KSWAPD_CW_O2, true, EVIDENCE_ORDERS);
		}
	for (int a = 0; a < NR_ARCH; a++)
		for (int k = 0; k < 2; k++) {
			int without = COV(a, kernels[k][1]);

			less2(v, cl, without, VM_KSWAPD_CW_O2, without,
			      VM_KSWAPD_CW_O0, false, EVIDENCE_ORDERS);
			cl->ev[cl->nr_ev - 1].table = 1;
		}
	return ok;
}

/* gitk's p95 and maximum progress-line latency lower with the series. */
static bool claim_series_smoother_latency(const struct validation *v,
					  struct validation_claim *cl)
{
	bool ok = true;

	for (int a = 0; a < NR_ARCH; a++) {
		ok &= less(v, cl, COV(a, R32_P12345), COV(a, R32), VM_LAT_P95, true);
		ok &= less(v, cl, COV(a, R32_P12345), COV(a, R32), VM_LAT_MAX, true);
	}
	return ok;
}

/* ---- 13 Nov: the dm-crypt patch <20091113173446.GL29804@csn.ul.ie> --------- */

#define RC6		"2.6.32-rc6-0000000-force-highorder"
#define RC6_DM		"2.6.32-rc6-0000006-dm-crypt-unplug"
#define RC6_SERIES	"2.6.32-rc6-0012345-kswapd-stay-awake-when-min"
#define RC6_SERIES_DM	"2.6.32-rc6-0123456-dm-crypt-unplug"
#define V31		"2.6.31-0000000-force-highorder"
#define V31_DM		"2.6.31-0000006-dm-crypt-unplug"
#define V31_SERIES	"2.6.31-0012345-kswapd-stay-awake-when-min"
#define V31_SERIES_DM	"2.6.31-0123456-dm-crypt-unplug"
#define V30		"2.6.30-0000000-force-highorder"

/* Where the table has 2.6.32-rc6 faster with the dm-crypt patch (x86:
 * 13:42.920 against 16:20.765), mmsim's is too; x86-64, where the table
 * has it slower ("one massive regression"), is shown. */
static bool claim_nov13_dmcrypt_patch_speeds_rc6(const struct validation *v,
						 struct validation_claim *cl)
{
	bool ok = less(v, cl, REPRO(X86, RC6_DM), REPRO(X86, RC6), VM_ELAPSED, true);

	less(v, cl, REPRO(X86_64, RC6_DM), REPRO(X86_64, RC6), VM_ELAPSED, false);
	return ok;
}

/* "In general, the patch reduces the amount of time direct reclaimers are
 * spending on congestion_wait": at least three of the four pairs (2.6.31
 * and rc6, both arches) of the patch alone against its base. */
static bool claim_nov13_dmcrypt_patch_less_direct_cw(const struct validation *v,
						     struct validation_claim *cl)
{
	static const char *const pairs[][2] = { { V31_DM, V31 }, { RC6_DM, RC6 } };

	cl->nr_met = 0;
	for (int a = 0; a < NR_ARCH; a++)
		for (int p = 0; p < 2; p++)
			cl->nr_met += less(v, cl, REPRO(a, pairs[p][0]),
					   REPRO(a, pairs[p][1]),
					   VM_DIRECT_CW_TIME, true);
	return cl->nr_met >= 3;
}

/* ---- 19 Nov: repeated runs <20091119081219.GB1119@csn.ul.ie> ------------- */

static bool claim_nov19_rc6_slower_than_2630(const struct validation *v,
					     struct validation_claim *cl)
{
	bool ok = true;

	for (int a = 0; a < NR_ARCH; a++)
		ok &= less(v, cl, REPRO(a, V30), REPRO(a, RC6), VM_ELAPSED, true);
	return ok;
}

/* rc6's runs spread more around their median than 2.6.30's (published
 * stddev 207.5 s against 8.1 s on x86-64, 123.9 s against 19.5 s on x86);
 * 2.6.31's against 2.6.30's shown. */
static bool claim_nov19_rc6_spread_larger(const struct validation *v,
					  struct validation_claim *cl)
{
	bool ok = true;

	for (int a = 0; a < NR_ARCH; a++) {
		int c30 = REPRO(a, V30), c32 = REPRO(a, RC6), c31 = REPRO(a, V31);

		ok &= spread_less(v, cl, &c30, &c32, 1, VM_ELAPSED, true);
		spread_less(v, cl, &c30, &c31, 1, VM_ELAPSED, false);
	}
	return ok;
}

/* x86-64: rc6 fails (37, summed) and patches 1-5 fail fewer (6); the x86
 * rows (4 and 1) shown. */
static bool claim_nov19_series_fewer_failures(const struct validation *v,
					      struct validation_claim *cl)
{
	bool ok = positive(v, cl, REPRO(X86_64, RC6), VM_FAIL_PRINTED, true);

	ok &= less(v, cl, REPRO(X86_64, RC6_SERIES), REPRO(X86_64, RC6),
		   VM_FAIL_PRINTED, true);
	positive(v, cl, REPRO(X86, RC6), VM_FAIL_PRINTED, false);
	less(v, cl, REPRO(X86, RC6_SERIES), REPRO(X86, RC6), VM_FAIL_PRINTED, false);
	return ok;
}

/* "While the dm-crypt patch shows small differences, they are well within
 * the noise": no pair with and without it differs in mean elapsed. */
static bool claim_nov19_dmcrypt_within_noise(const struct validation *v,
					     struct validation_claim *cl)
{
	static const struct { int arch; const char *with, *without; } pairs[] = {
		{ X86_64, V31_SERIES_DM, V31_SERIES },
		{ X86_64, RC6_SERIES_DM, RC6_SERIES },
		{ X86, V31_DM, V31 },
		{ X86, V31_SERIES_DM, V31_SERIES },
		{ X86, RC6_DM, RC6 },
		{ X86, RC6_SERIES_DM, RC6_SERIES },
	};
	bool ok = true;

	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++)
		ok &= same(v, cl, REPRO(pairs[i].arch, pairs[i].with),
			   REPRO(pairs[i].arch, pairs[i].without), VM_ELAPSED, true);
	return ok;
}

/* "On 2.6.32-rc6, the time kswapd spends congestioned on the ASYNC queue
 * is reduced by about 20% both when compared against mainline and compared
 * against the other patches in the series applied" (x86); x86-64 ("Against
 * 2.6.32-rc6, there was very little difference") and x86's 2.6.31
 * ("roughly the same") shown. */
static bool claim_nov19_dmcrypt_patch_less_kswapd_cw(const struct validation *v,
						     struct validation_claim *cl)
{
	bool ok = less(v, cl, REPRO(X86, RC6_DM), REPRO(X86, RC6),
		       VM_KSWAPD_CW_TIME, true);

	ok &= less(v, cl, REPRO(X86, RC6_SERIES_DM), REPRO(X86, RC6_SERIES),
		   VM_KSWAPD_CW_TIME, true);
	less(v, cl, REPRO(X86_64, RC6_SERIES_DM), REPRO(X86_64, RC6_SERIES),
	     VM_KSWAPD_CW_TIME, false);
	less(v, cl, REPRO(X86, V31_DM), REPRO(X86, V31), VM_KSWAPD_CW_TIME, false);
	return ok;
}

/* ---- 20 Nov: no dm-crypt, low_latency <20091120145634.GA18912@csn.ul.ie> -- */

static const char *const nov20_kernels[] = {
	RC6, RC6_DM, "2.6.32-rc6-0000012-pgalloc-2.6.30",
	"2.6.32-rc6-0000123-congestion-both",
	"2.6.32-rc6-0001234-kswapd-quick-recheck", RC6_SERIES, RC6_SERIES_DM,
};
#define NR_NOV20	((int)(sizeof(nov20_kernels) / sizeof(nov20_kernels[0])))

static void nov20_pools(const struct validation *v, int *ll0, int *ll1)
{
	for (int k = 0; k < NR_NOV20; k++) {
		ll0[k] = NO_CRYPT(nov20_kernels[k], 0);
		ll1[k] = NO_CRYPT(nov20_kernels[k], 1);
	}
}

/* Every kernel faster with low_latency 0 (as in every row of the table). */
static bool claim_nov20_ll0_faster(const struct validation *v,
				   struct validation_claim *cl)
{
	bool ok = true;

	for (int k = 0; k < NR_NOV20; k++)
		ok &= less(v, cl, NO_CRYPT(nov20_kernels[k], 0),
			   NO_CRYPT(nov20_kernels[k], 1), VM_ELAPSED, true);
	return ok;
}

/* Failures summed over the table's seven kernels, run for run: fewer with
 * low_latency 0 (5 against 59 in the table). */
static bool claim_nov20_ll0_fails_less(const struct validation *v,
				       struct validation_claim *cl)
{
	int ll0[NR_NOV20], ll1[NR_NOV20];

	nov20_pools(v, ll0, ll1);
	return sum_less(v, cl, ll0, ll1, NR_NOV20, VM_FAIL_PRINTED, true);
}

/* "With low_latency == 0, gitk performs predictably +/- around 2 seconds.
 * With low_latency == 1, there are huge varianes +/- about a minute":
 * the runs' deviations from their kernel's median, pooled over the seven
 * kernels, smaller with 0. */
static bool claim_nov20_ll1_spread_larger(const struct validation *v,
					  struct validation_claim *cl)
{
	int ll0[NR_NOV20], ll1[NR_NOV20];

	nov20_pools(v, ll0, ll1);
	return spread_less(v, cl, ll0, ll1, NR_NOV20, VM_ELAPSED, true);
}

/* "the number of pages in writeback with low_latency == 1 was higher for
 * longer": on vanilla rc6, nr_writeback's mean and its integral over the
 * run larger with 1; the other kernels' means shown. */
static bool claim_nov20_ll1_writeback_higher_longer(const struct validation *v,
						    struct validation_claim *cl)
{
	bool ok = less(v, cl, NO_CRYPT(RC6, 0), NO_CRYPT(RC6, 1), VM_WB_MEAN, true);

	ok &= less(v, cl, NO_CRYPT(RC6, 0), NO_CRYPT(RC6, 1), VM_WB_PAGE_SECONDS, true);
	for (int k = 1; k < NR_NOV20; k++)
		less(v, cl, NO_CRYPT(nov20_kernels[k], 0),
		     NO_CRYPT(nov20_kernels[k], 1), VM_WB_MEAN, false);
	return ok;
}

/* ---- 26 and 27 Nov: desktop-net-gitk ------------------------------------- */

#define V32		"2.6.32"
#define V32_HIGH	"2.6.32+force-highorder"
#define V32_HIGH_345	"2.6.32+3+4+5+force-highorder"

/* <20091126121945.GB13095@csn.ul.ie>: faster with low_latency off; its
 * nr_writeback shown. */
static bool claim_nov26_ll0_faster(const struct validation *v,
				   struct validation_claim *cl)
{
	bool ok = less(v, cl, DESKTOP(V32, 0), DESKTOP(V32, 1), VM_ELAPSED, true);

	less(v, cl, DESKTOP(V32, 0), DESKTOP(V32, 1), VM_WB_MEAN, false);
	return ok;
}

/* <20091127185234.GQ13095@csn.ul.ie>: with forced order-2 receives the
 * modelled kernel finishes faster, low_latency on and off. */
static bool claim_nov27_highorder_faster(const struct validation *v,
					 struct validation_claim *cl)
{
	bool ok = true;

	for (int ll = 1; ll >= 0; ll--)
		ok &= less(v, cl, HIGHORDER(V32_HIGH, ll), DESKTOP(V32, ll),
			   VM_ELAPSED, true);
	return ok;
}

/* "kswapd is working to free order-2 pages and staying awake until
 * watermarks are reached": awake in more samples, and reclaiming more. */
static bool claim_nov27_highorder_kswapd_harder(const struct validation *v,
						struct validation_claim *cl)
{
	bool ok = true;

	for (int ll = 1; ll >= 0; ll--) {
		ok &= less(v, cl, DESKTOP(V32, ll), HIGHORDER(V32_HIGH, ll),
			   VM_KSWAPD_AWAKE, true);
		ok &= less(v, cl, DESKTOP(V32, ll), HIGHORDER(V32_HIGH, ll),
			   VM_KSWAPD_STEAL, true);
	}
	return ok;
}

/* Patches 3-5 on 2.6.32 with forced order-2: faster and fewer failures,
 * low_latency on (866.60 -> 743.61 s, 65 -> 3) and off (459.69 -> 389.71,
 * 20 -> 0). */
static bool claim_nov27_patches345_faster_fewer_failures(const struct validation *v,
							 struct validation_claim *cl)
{
	bool ok = true;

	for (int ll = 1; ll >= 0; ll--) {
		ok &= less(v, cl, HIGHORDER(V32_HIGH_345, ll), HIGHORDER(V32_HIGH, ll),
			   VM_ELAPSED, true);
		ok &= less(v, cl, HIGHORDER(V32_HIGH_345, ll), HIGHORDER(V32_HIGH, ll),
			   VM_FAIL_WARNED, true);
	}
	return ok;
}

/* "Just disabling low_latency will not solve the allocation issues" (20
 * instead of 65): with forced order-2, low_latency 0 still fails, and
 * fails less than 1. */
static bool claim_nov27_ll0_still_fails(const struct validation *v,
					struct validation_claim *cl)
{
	bool ok = positive(v, cl, HIGHORDER(V32_HIGH, 0), VM_FAIL_WARNED, true);

	ok &= less(v, cl, HIGHORDER(V32_HIGH, 0), HIGHORDER(V32_HIGH, 1),
		   VM_FAIL_WARNED, true);
	return ok;
}

static bool (*const claim_rule[NR_CLAIMS])(const struct validation *,
					   struct validation_claim *) = {
#define CLAIM_RULE(id, rule, set) [id] = rule,
	VALIDATION_CLAIMS(CLAIM_RULE)
#undef CLAIM_RULE
};

/* Do two cover rows give the same value of every measure at every seed? */
/* The runs both rows have, run for run (a sequential validate may have
 * run one on further than the other). */
static bool rows_identical(const struct validation *v, int r1, int r2)
{
	for (int a = 0; a < NR_ARCH; a++) {
		unsigned int n1 = validation_seeds(v, v->cover[a][r1]);
		unsigned int n2 = validation_seeds(v, v->cover[a][r2]);

		for (int m = 0; m < NR_VMEASURES; m++)
			if (memcmp(validation_val(v, a, r1, m),
				   validation_val(v, a, r2, m),
				   (n1 < n2 ? n1 : n2) * sizeof(double)))
				return false;
	}
	return true;
}

/* Claim @i decided on the first @n runs of each condition at level
 * @alpha. */
static void decide_claim(struct validation *v, int i, unsigned int n,
			 double alpha, bool early)
{
	struct validation_claim *cl = &v->claims[i];
	bool ok, measurable = true;

	memset(cl, 0, sizeof(*cl));
	if (!validation_has_set(v, validation_claim_info[i].set)) {
		cl->verdict = VERDICT_NOT_RUN;
		return;
	}
	v->n_eval = n;
	v->alpha_eval = alpha;
	ok = claim_rule[i](v, cl);
	v->n_eval = 0;
	v->alpha_eval = 0;
	for (size_t e = 0; e < cl->nr_ev; e++)
		if (cl->ev[e].counts && !cl->ev[e].measurable)
			measurable = false;
	cl->verdict = !measurable ? VERDICT_NOT_MEASURABLE :
		      ok ? VERDICT_HOLDS : VERDICT_FAILS;
	cl->seeds = n;
	cl->early = early;
}

/*
 * Every claim of the chosen sets decided.  A claim is not measurable when
 * a comparison its rule counts lacks a value (a measure a run could not
 * give, or fewer than two runs): no verdict is drawn from half a rule.
 * A claim a sequential validate settled at its first look (cl->early) is
 * decided again there; the others on every run.
 */
void validation_decide(struct validation *v)
{
	for (int i = 0; i < NR_CLAIMS; i++) {
		bool early = v->first_look && v->claims[i].early;

		decide_claim(v, i, early ? v->first_look : v->nr_seeds,
			     early ? v->alpha_first : v->alpha, early);
	}
	v->patches12_identical = validation_has_set(v, RECORD_COVER) &&
				 rows_identical(v, R31, R31_P12) &&
				 rows_identical(v, R32, R32_P12);
}

/*
 * The claims whose rule is not "every comparison it counts holds" (and
 * the parts beyond them): "three pairs of four".
 */
static const bool claim_not_conjunction[NR_CLAIMS] = {
	[CLAIM_NOV13_DMCRYPT_PATCH_LESS_DIRECT_CW] = true,
};

/*
 * At the first look: will more runs leave the claim's verdict as it is?
 * A comparison its rule counts is settled when it is significant at the
 * first look's level, whichever way it goes (then its verdict cannot
 * differ but by that level's error); a mean above zero of counts stays
 * so.  A comparison of distances to 2.6.30's mean is never settled early;
 * nor is a "not different" that holds (it can only be shown on every
 * run).  The claim is settled when every comparison is and the rule
 * said no other part could still change, or, for a rule that needs
 * every comparison to hold, when one settled comparison fails (or the
 * rule said a part of it failed for good).
 */
static bool claim_settled(const struct validation_claim *cl, int id)
{
	bool all = true, one_fails = cl->fails_settled;

	if (cl->verdict == VERDICT_NOT_RUN)
		return true;
	for (size_t i = 0; i < cl->nr_ev; i++) {
		const struct validation_evidence *e = &cl->ev[i];
		bool settled;

		if (!e->counts)
			continue;
		switch (e->kind) {
		case EVIDENCE_POSITIVE:
			settled = e->measurable && e->meets;
			break;
		case EVIDENCE_CLOSER:
			settled = false;
			break;
		default:
			settled = e->measurable && e->cmp.sig;
			break;
		}
		all &= settled;
		one_fails |= settled && !e->meets;
	}
	if (one_fails && !claim_not_conjunction[id])
		return true;
	return all && !cl->unsettled;
}

/* ---- validate_run ------------------------------------------------------------ */

/* Heavier setups first (several gitk instances run about six times as
 * long as one), so the last runs to finish are short ones. */
static int setup_weight(enum record_setup s)
{
	return s == SETUP_DESKTOP || s == SETUP_DESKTOP_HIGHORDER ? 1 : 0;
}

static void plan_order(struct vctx *c)
{
	const struct validation *v = c->v;
	size_t k = 0;

	for (int w = 1; w >= 0; w--)
		for (size_t i = 0; i < v->nr_configs; i++)
			if (setup_weight(v->configs[i].setup) == w)
				c->order[k++] = (int)i;
}

static int prepare(struct vctx *c, uint64_t interval, char *err, size_t len)
{
	struct validation *v = c->v;

	for (size_t i = 0; i < v->nr_configs; i++) {
		int w = load_variant(c, &v->configs[i], err, len);

		if (w < 0)
			return -1;
		c->cfg_var[i] = w;
	}
	for (int i = 0; i < c->nr_var; i++) {
		struct variant *w = &c->var[i];

		if (interval > w->sc->run.max_time) {
			snprintf(err, len, "sample interval %s: longer than %s's max_time",
				 v->interval, w->name);
			return -1;
		}
		w->sc->run.sample_interval = interval;
		if (w->setup != SETUP_REPRODUCTION || w->low_latency >= 0)
			continue;
		for (int z = 0; z < MAX_NR_ZONES; z++) {
			v->populated[w->arch][z] = w->populated[z];
			v->high[w->arch][z] = w->high[z];
			v->zone_name[w->arch][z] = w->zname[z];
		}
	}
	return 0;
}

/* The runs whose output is in: kept by the cache as they ended. */
static size_t kept(char **outs, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += outs[i] != NULL;
	return k;
}

/* The runs of @c's current job list: 0 with their measures in c->vals,
 * or -1 with @err. */
static int run_stage(struct vctx *c, char *err, size_t len)
{
	const struct validate_opts *o = c->o;
	struct pool_cache cache = { .dir = o->runs_dir, .key = job_key };
	size_t nr = c->nr_jobs;
	char **outs = xcalloc(nr ? nr : 1, sizeof(*outs));
	int ret = -1, failed;

	failed = pool_run(nr, o->jobs, job, c, outs, progress,
			  o->runs_dir ? &cache : NULL);
	if (failed == POOL_PENDING) {
		snprintf(err, len, "runs are done elsewhere");
		goto out;
	}
	if (pool_interrupted()) {
		snprintf(err, len, "interrupted: %zu of %zu runs kept in %s",
			 kept(outs, nr), nr, o->runs_dir ? o->runs_dir : "no folder");
		goto out;
	}
	if (o->runs_dir && pool_cached() && o->progress)
		fprintf(stderr, "validate: %zu of %zu runs were kept in %s\n",
			pool_cached(), nr, o->runs_dir);
	if (failed) {
		snprintf(err, len, failed < 0 ? "cannot start processes" :
			 "%d of %zu runs failed", failed, nr);
		goto out;
	}
	for (size_t i = 0; i < nr; i++)
		if (parse_job(c, i, outs[i])) {
			snprintf(err, len, "run %zu returned bad measures", i);
			goto out;
		}
	ret = 0;
out:
	for (size_t i = 0; i < nr; i++)
		free(outs[i]);
	free(outs);
	return ret;
}

/* The job list: seeds @from..@to of every config @need marks (NULL:
 * all), heavier configs first. */
static void plan_stage(struct vctx *c, const bool *need, unsigned int from,
		       unsigned int to)
{
	size_t n = 0;

	for (size_t k = 0; k < c->v->nr_configs; k++) {
		int cfg = c->order[k];

		if (need && !need[cfg])
			continue;
		for (unsigned int s = from; s <= to; s++) {
			c->job_cfg[n] = cfg;
			c->job_seed[n++] = s;
		}
		c->v->cfg_seeds[cfg] = to;
	}
	c->nr_jobs = n;
}

int validation_first_look(struct validation *v, bool *need)
{
	int open = 0;

	for (int i = 0; i < NR_CLAIMS; i++) {
		bool settled;

		decide_claim(v, i, v->first_look, v->alpha_first, false);
		settled = claim_settled(&v->claims[i], i);
		if (!settled) {
			/* Again, to mark what it reads. */
			v->touched = need;
			decide_claim(v, i, v->first_look, v->alpha_first, false);
			v->touched = NULL;
			open++;
		}
		v->claims[i].early = settled;
	}
	return open;
}

/*
 * Run every condition of @v's data sets at @o's seeds and settings and
 * decide the claims: 0 with v->vals set (malloc'd, the caller frees it),
 * or -1 with @err.  An ensemble point's runs are kept in the same folder
 * as the report's own: their scenarios, and so their keys, differ.
 * Sequentially (o->nr_seeds >= VALIDATE_MIN_SEQUENTIAL and not
 * o->all_seeds): half the seeds first, the rest only for the conditions
 * of the claims those leave open.
 */
static int validate_point(const struct validate_opts *o, struct validation *v,
			  char *err, size_t len)
{
	struct vctx c = { .o = o, .v = v };
	uint64_t interval = o->sample_interval ? o->sample_interval :
			    VALIDATE_SAMPLE_INTERVAL_NS;
	unsigned int n = o->nr_seeds;
	bool *need = NULL;
	int ret = -1;

	v->nr_seeds = n;
	v->alpha = o->alpha;
	v->first_look = !o->all_seeds && n >= VALIDATE_MIN_SEQUENTIAL ?
			(n + 1) / 2 : 0;
	v->alpha_first = o->alpha * VALIDATE_FIRST_LOOK_ALPHA;
	format_time(v->interval, sizeof(v->interval), interval);
	c.interval_s = (double)interval / NSEC_PER_SEC;
	if (validation_plan(v, o->sets ? o->sets : RECORD_ALL_SETS, err, len))
		goto out;
	c.cfg_var = xcalloc(v->nr_configs, sizeof(*c.cfg_var));
	c.order = xcalloc(v->nr_configs, sizeof(*c.order));
	c.vals = xcalloc(v->nr_configs * n * NR_VMEASURES, sizeof(double));
	c.job_cfg = xcalloc(v->nr_configs * n, sizeof(*c.job_cfg));
	c.job_seed = xcalloc(v->nr_configs * n, sizeof(*c.job_seed));
	need = xcalloc(v->nr_configs, sizeof(*need));
	free(v->cfg_seeds);
	v->cfg_seeds = xcalloc(v->nr_configs, sizeof(*v->cfg_seeds));
	if (prepare(&c, interval, err, len))
		goto out;
	plan_order(&c);
	plan_stage(&c, NULL, 1, v->first_look ? v->first_look : n);
	if (run_stage(&c, err, len))
		goto out;
	v->vals = c.vals;
	if (v->first_look && validation_first_look(v, need)) {
		v->vals = NULL;
		plan_stage(&c, need, v->first_look + 1, n);
		if (o->progress)
			fprintf(stderr, "validate: %zu more runs for the claims "
				"%u seeds leave open\n", c.nr_jobs, v->first_look);
		if (run_stage(&c, err, len))
			goto out;
		v->vals = c.vals;
	}
	c.vals = NULL;
	validation_decide(v);
	ret = 0;
out:
	if (ret)
		v->vals = NULL;
	free(c.vals);
	free(c.cfg_var);
	free(c.order);
	free(c.job_cfg);
	free(c.job_seed);
	free(need);
	for (int i = 0; i < c.nr_var; i++)
		scenario_free(c.var[i].sc);
	return ret;
}

/*
 * A point whose runs are done elsewhere stopped: the next point's are
 * wanted too (--emit-jobs writes them all; the job --run-job asks for may
 * be one of them).
 */
static bool other_points_next(void)
{
	return (pool_mode() == POOL_EMIT && pool_emitted()) ||
	       (pool_mode() == POOL_RUN_JOB && !pool_job_done());
}

/* Each claim's verdict at every point of the ensemble, counted into @v's
 * claims. */
static int judge_ensemble(const struct validate_opts *o, struct validation *v,
			  char *err, size_t len)
{
	const struct validate_ensemble *e = o->ensemble;

	v->ensemble_source = e->source;
	v->ensemble_points = (unsigned int)e->nr_points;
	v->ensemble_seeds = e->nr_seeds;
	for (size_t k = 0; k < e->nr_points; k++) {
		struct validate_opts po = *o;
		struct validation *w = xcalloc(1, sizeof(*w));
		char why[512];
		int rc;

		po.nr_seeds = e->nr_seeds;
		po.settings = e->points[k].settings;
		po.nr_settings = e->points[k].nr_settings;
		po.ensemble = NULL;
		if (o->progress)
			fprintf(stderr, "mmsim: validate: ensemble point %zu of %zu "
				"(evaluation %u)\n", k + 1, e->nr_points,
				e->points[k].evaluation);
		rc = validate_point(&po, w, why, sizeof(why));
		if (!rc)
			for (int c = 0; c < NR_CLAIMS; c++) {
				enum validation_verdict d = w->claims[c].verdict;

				v->claims[c].ens_points++;
				v->claims[c].ens_holds += d == VERDICT_HOLDS;
				v->claims[c].ens_decided += d == VERDICT_HOLDS ||
							    d == VERDICT_FAILS;
			}
		free((void *)w->vals);
		validation_plan_free(w);
		free(w);
		if (rc && other_points_next())
			continue;
		if (rc) {
			snprintf(err, len, "ensemble point %zu (evaluation %u): %s",
				 k + 1, e->points[k].evaluation, why);
			return -1;
		}
	}
	return 0;
}

int validate_run(const struct validate_opts *o, FILE *out, char *err,
		 size_t len)
{
	struct validation *v = xcalloc(1, sizeof(*v));
	int ret = -1;

	if (o->nr_seeds < 2 || (o->ensemble && o->ensemble->nr_seeds < 2)) {
		snprintf(err, len, "need at least 2 seeds (a variance)");
		goto out;
	}
	v->command = o->command;
	v->date = o->date;
	v->commit = o->commit;
	v->calibration = scenario_calibration;
	/*
	 * The points do not depend on one another: with --emit-jobs every
	 * point's missing runs are written in one go, so that a cluster runs
	 * them all in one round.
	 */
	if (validate_point(o, v, err, len) && !other_points_next())
		goto out;
	if (o->ensemble && judge_ensemble(o, v, err, len))
		goto out;
	if (pool_mode() != POOL_LOCAL && (pool_emitted() || pool_job_done() ||
					  pool_missing())) {
		snprintf(err, len, "runs are done elsewhere");
		goto out;
	}
	validation_md_write(out, v);
	ret = 0;
out:
	free((void *)v->vals);
	validation_plan_free(v);
	free(v);
	return ret;
}

/* ---- a calibration's ensemble ------------------------------------------ */

static int bad(char *err, size_t len, const char *path, const char *what)
{
	snprintf(err, len, "%s: %s", path, what);
	return -1;
}

static char *dup_or_abort(const char *s)
{
	char *d = xstrdup(s);

	return d;
}

/* The arch a calibration scenario named @name ran, from its scenarios[]. */
static const char *scenario_arch(json_t *scenarios, const char *name)
{
	size_t i;
	json_t *s;

	json_array_foreach(scenarios, i, s)
		if (!strcmp(json_string_value(json_object_get(s, "name")) ?: "",
			    name))
			return json_string_value(json_object_get(s, "arch"));
	return NULL;
}

int validate_read_ensemble(const char *path, struct validate_ensemble *e,
			   char *err, size_t len)
{
	json_error_t je;
	json_t *root = json_load_file(path, 0, &je), *params, *evals, *ens,
	       *scen, *list, *num;
	size_t i;
	int rc = -1;

	memset(e, 0, sizeof(*e));
	if (!root) {
		snprintf(err, len, "%s:%d: %s (expected a calibration.json of mmsim calibrate)",
			 path, je.line, je.text);
		return -1;
	}
	params = json_object_get(root, "parameters");
	evals = json_object_get(root, "evaluations");
	scen = json_object_get(root, "scenarios");
	ens = json_object_get(root, "ensemble");
	list = json_object_get(ens, "evaluations");
	if (!json_is_array(params) || !json_is_array(evals) ||
	    !json_is_array(scen)) {
		bad(err, len, path, "not a calibration.json of mmsim calibrate (no parameters, scenarios or evaluations)");
		goto out;
	}
	if (!json_is_array(list) || !json_array_size(list)) {
		bad(err, len, path, "no ensemble (run mmsim calibrate with --ensemble N, N > 0)");
		goto out;
	}
	e->source = dup_or_abort(path);
	e->nr_points = json_array_size(list);
	e->points = xcalloc(e->nr_points, sizeof(*e->points));
	json_array_foreach(list, i, num) {
		struct validate_point *pt = &e->points[i];
		json_int_t n = json_integer_value(num);
		json_t *ev = n >= 1 && (size_t)n <= json_array_size(evals) ?
			     json_array_get(evals, (size_t)n - 1) : NULL;
		json_t *values = json_object_get(ev, "values"), *p;
		size_t k;

		if (!json_is_object(values)) {
			bad(err, len, path, "an ensemble entry names no evaluation with values");
			goto out;
		}
		pt->evaluation = (unsigned int)n;
		pt->settings = xcalloc(json_array_size(params) + 1,
				      sizeof(*pt->settings));
		json_array_foreach(params, k, p) {
			struct validate_setting *s = &pt->settings[pt->nr_settings];
			const char *key = json_string_value(json_object_get(p, "key"));
			const char *sec = json_string_value(json_object_get(p, "section"));
			const char *name = json_string_value(json_object_get(p, "name"));
			const char *val = key ? json_string_value(json_object_get(values, key)) : NULL;
			json_t *in = json_object_get(p, "scenarios");

			if (!key || !sec || !name || !val || !json_is_array(in)) {
				bad(err, len, path, "a parameter without key, section, name, scenarios or a value at an ensemble point");
				goto out;
			}
			s->section = dup_or_abort(sec);
			s->name = dup_or_abort(name);
			s->value = dup_or_abort(val);
			/* A shared value goes everywhere; one machine's own,
			 * only into that machine's scenarios. */
			if (!json_is_true(json_object_get(p, "shared"))) {
				const char *a = json_array_size(in) == 1 ?
					scenario_arch(scen, json_string_value(
						json_array_get(in, 0)) ?: "") : NULL;

				if (!a) {
					bad(err, len, path, "a parameter of one scenario whose arch is not recorded");
					goto out;
				}
				s->arch = dup_or_abort(a);
			}
			pt->nr_settings++;
		}
	}
	rc = 0;
out:
	json_decref(root);
	if (rc)
		validate_ensemble_free(e);
	return rc;
}

void validate_ensemble_free(struct validate_ensemble *e)
{
	for (size_t i = 0; i < e->nr_points; i++) {
		for (size_t k = 0; k < e->points[i].nr_settings; k++) {
			struct validate_setting *s = &e->points[i].settings[k];

			free(s->arch);
			free(s->section);
			free(s->name);
			free(s->value);
		}
		free(e->points[i].settings);
	}
	free(e->points);
	free(e->source);
	memset(e, 0, sizeof(*e));
}
