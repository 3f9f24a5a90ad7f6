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
#include "validate_internal.h"
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


_Static_assert(MAX_NR_ZONES == VALIDATION_NR_ZONES, "zones of the report");

static const char *const arch_names[NR_ARCH] = { "x86_64", "x86" };
static const char *const cover_tables[NR_ARCH] = { "X86-64", "X86" };

/* ---- the plan: which conditions to run ----------------------------------- */

int validation_config_find(const struct validation *v, enum record_setup setup,
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
		c = validation_config_find(v, r->setup, r->arch, r->profile, r->low_latency);
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
		.measures_only = true,
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
	v->futility = VALIDATE_FUTILITY;
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
