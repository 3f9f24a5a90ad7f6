// SPDX-License-Identifier: GPL-2.0
/*
 * mmsim bisect (bisect.h): the runs, the rounds and the statistics.
 *
 * A variant is a kernel (A or B) with some switches set to the other's
 * values; its scenario is the experiment's with those settings appended
 * to [kernel] switches, loaded with every check of mmsim run.  A run of a
 * variant at a seed yields the measure's value and, for A and B, how
 * often each switch was read.  Variants are kept and looked up by their
 * settings, so that no run is made twice (ddmin tests subsets that the
 * single flips, or earlier tests, already ran).  A run keeps the value of
 * every compare measure, so that a bisect of another measure on the same
 * kernels, scenario and seeds (bisect_opts.runs_dir shared) runs nothing
 * again.
 *
 * The flips that change anything are run in stages of seeds (2, 4, 8,
 * ... up to --seeds), each way (forward, backward) on its own, and a way
 * stops once its interval is decided: excluding zero, or lying within
 * +-negligible of |B - A|.  A way's interval sets the flipped kernel's
 * runs so far against its kernel's on the same seeds.  The intervals are
 * not widened for the looks (each is a 95 % interval at the seeds it
 * stopped at, as printed), so a way stopped as significant early has a
 * somewhat higher false-positive rate than alpha (about 9 % at alpha 5 %
 * and 10 seeds, scripts/futility-power.py);
 * --all-seeds runs every flip at every seed instead.  A way also stops
 * once its interval is futile (futile()): more seeds would most likely
 * leave it undecided.  That rule alone lowers power (it stops some ways
 * that every seed would have found), the first raises it; together they
 * keep about the power of every seed at two thirds of the seeds.
 *
 * Screening flips each group of two or more read switches (one
 * subsystem, profile_switch_group()) together first, in the same stages,
 * a group stopping once its verdict is certain; the single flips of the
 * groups split follow, in rounds of their own.  A group's variant is A
 * (or B) with all its settings, so its runs are kept under a key of
 * their own, the same in every bisect that flips that group.
 */
#include <math.h>
#include <stdint.h>
#include <unistd.h>
#include "bisect.h"
#include "compare_internal.h"
#include "pool.h"
#include "run.h"
#include "scenario_load.h"
#include "mmsim/profile.h"
#include "report/compare_report.h"
#include "report/progress.h"
#include "metrics/stats.h"
#include "scenario/scenario.h"
#include "util/xalloc.h"

#define MAX_BISECT_SEEDS	1000
/* The seeds a flip runs before it is known to be inert or not. */
#define FIRST_SEEDS		2

struct variant {
	char *key;		/* "A" or "B", then " name=value" settings */
	const char *profile;	/* A's or B's name */
	bool on_b;
	char *switches;		/* the [kernel] switches it runs with */
	struct scenario *sc;
	double *value;		/* per seed index */
	uint64_t *digest;	/* per seed: FNV-1a of every measure's value */
	bool *have;
	uint64_t *reads;	/* per switch, summed over the seeds */
};

struct bisect {
	const struct bisect_opts *o;
	const struct measure *measure;
	size_t measure_idx;	/* in metrics_shown() order */
	char *text, *scenario_name;
	/* The scenario's own [kernel] switches with A's, and with B's. */
	char a_switches[2048], b_switches[2048];
	struct kernel_profile pa, pb;
	unsigned int nr_seeds;
	uint64_t base_seed;
	struct variant **v;
	size_t nr_v;
	size_t runs;
	size_t cached;		/* of them, taken from runs_dir */
	struct progress progress;
	/* The rows' switch indices (profile_switch_name order). */
	size_t *sw;
};

/* A measure the reports show, by name, and its place among them. */
static const struct measure *find_measure(const char *name, size_t *idx)
{
	for (size_t i = 0; i < metrics_nr_shown(); i++)
		if (!strcmp(metrics_shown(i)->name, name)) {
			if (idx)
				*idx = i;
			return metrics_shown(i);
		}
	return NULL;
}

const char *bisect_measure_names(void)
{
	static char names[1024];

	if (!*names)
		for (size_t i = 0; i < metrics_nr_shown(); i++) {
			size_t n = strlen(names);

			snprintf(names + n, sizeof(names) - n, "%s%s",
				 i ? ", " : "", metrics_shown(i)->name);
		}
	return names;
}

static size_t nr_switches(void)
{
	size_t n = 0;

	while (profile_switch_name(n))
		n++;
	return n;
}

/* Switch @sw's value in @p, as text, copied into @buf. */
static const char *value_of(const struct kernel_profile *p, size_t sw,
			    char *buf, size_t len)
{
	char tmp[32];
	const char *v = profile_switch_value(p, profile_switch_name(sw), tmp,
					     sizeof(tmp));

	snprintf(buf, len, "%s", v ? v : "");
	return buf;
}

/* "BASE EXTRA", either possibly empty, into @buf. */
static int join_switches(char *buf, size_t size, const char *base,
			 const char *extra, char *err, size_t len)
{
	if ((size_t)snprintf(buf, size, "%s%s%s", base,
			     *base && extra && *extra ? " " : "",
			     extra ? extra : "") >= size)
		return errf(err, len, "bisect: switch settings longer than %zu characters",
			    size - 1);
	return 0;
}

/* A and B parsed, with the scenario's own [kernel] switches and each
 * one's own settings on them (into @a_sw and @b_sw, when not NULL). */
static int parse_pair(const struct bisect_opts *o, const char *base_switches,
		      struct kernel_profile *pa, struct kernel_profile *pb,
		      char *a_sw, char *b_sw, size_t sw_size,
		      char *err, size_t len)
{
	char why[512], as[2048], bs[2048];

	if (profile_parse(o->a, pa, why, sizeof(why)))
		return errf(err, len, "bisect: A: %s", why);
	if (profile_parse(o->b, pb, why, sizeof(why)))
		return errf(err, len, "bisect: B: %s", why);
	if (profile_set_switches(pa, base_switches, why, sizeof(why)) ||
	    profile_set_switches(pb, base_switches, why, sizeof(why)))
		return errf(err, len, "bisect: the scenario's [kernel] switches: %s",
			    why);
	if (profile_set_switches(pa, o->a_switches, why, sizeof(why)))
		return errf(err, len, "bisect: --switch-a: %s", why);
	if (profile_set_switches(pb, o->b_switches, why, sizeof(why)))
		return errf(err, len, "bisect: --switch-b: %s", why);
	if (join_switches(as, sizeof(as), base_switches, o->a_switches, err, len) ||
	    join_switches(bs, sizeof(bs), base_switches, o->b_switches, err, len))
		return -1;
	if (a_sw)
		snprintf(a_sw, sw_size, "%s", as);
	if (b_sw)
		snprintf(b_sw, sw_size, "%s", bs);
	return 0;
}

static size_t count_differing(const struct kernel_profile *pa,
			      const struct kernel_profile *pb)
{
	size_t n = 0;

	for (size_t i = 0; i < nr_switches(); i++) {
		char x[32], y[32];

		n += strcmp(value_of(pa, i, x, sizeof(x)),
			    value_of(pb, i, y, sizeof(y))) != 0;
	}
	return n;
}

int bisect_check(const struct bisect_opts *o, char *err, size_t len)
{
	struct kernel_profile pa, pb;

	if (!o->a || !o->b)
		return errf(err, len, "bisect: two kernels, A and B (mmsim bisect 2.6.30 2.6.32-rc6)");
	if (o->nr_seeds < 2)
		return errf(err, len, "bisect: --seeds %u: at least 2 (a confidence interval needs two runs of each)",
			    o->nr_seeds);
	if (o->nr_seeds > MAX_BISECT_SEEDS)
		return errf(err, len, "bisect: --seeds %u: at most %d", o->nr_seeds,
			    MAX_BISECT_SEEDS);
	if (o->measure && !find_measure(o->measure, NULL))
		return errf(err, len, "bisect: unknown measure '%s' (one of %s)",
			    o->measure, bisect_measure_names());
	if (parse_pair(o, "", &pa, &pb, NULL, NULL, 0, err, len))
		return -1;
	if (!count_differing(&pa, &pb))
		return errf(err, len, "bisect: %s and %s set every switch alike: nothing to bisect ('mmsim profiles --diff %s %s')",
			    o->a, o->b, o->a, o->b);
	return 0;
}

/* ---- variants and runs ------------------------------------------------- */

static struct variant *find_variant(struct bisect *b, const char *key)
{
	for (size_t i = 0; i < b->nr_v; i++)
		if (!strcmp(b->v[i]->key, key))
			return b->v[i];
	return NULL;
}

/*
 * The variant of A (or B) with the switches @set (indices, @nr of them,
 * in switch order) at the other kernel's values.
 */
static struct variant *get_variant(struct bisect *b, bool on_b,
				   const size_t *set, size_t nr, char *err,
				   size_t len)
{
	const struct kernel_profile *other = on_b ? &b->pa : &b->pb;
	char *key = xstrdup(on_b ? "B" : "A");
	char *sw = xstrdup(on_b ? b->b_switches : b->a_switches);
	struct scenario_error serr;
	struct variant *v;

	for (size_t i = 0; i < nr; i++) {
		char val[32], *k, *s;

		value_of(other, set[i], val, sizeof(val));
		k = xasprintf("%s %s=%s", key, profile_switch_name(set[i]), val);
		s = xasprintf("%s%s%s=%s", sw, *sw ? " " : "",
			      profile_switch_name(set[i]), val);
		free(key);
		free(sw);
		key = k;
		sw = s;
	}
	v = find_variant(b, key);
	if (v) {
		free(key);
		free(sw);
		return v;
	}
	/*
	 * The scenario, with its [kernel] switches replaced by @sw in the
	 * loaded struct rather than in the text: a set of many switches
	 * (delta debugging's first tests) is longer than a scenario line may
	 * be.  Each setting is one of A's or B's values, and the whole is
	 * checked as a scenario's switches are.
	 */
	v = xcalloc(1, sizeof(*v));
	v->key = key;
	v->switches = sw;
	v->on_b = on_b;
	v->profile = on_b ? b->o->b : b->o->a;
	v->sc = scenario_load_text(b->text, b->scenario_name, &serr);
	if (!v->sc) {
		errf(err, len, "%s", serr.msg);
		goto fail;
	}
	{
		struct kernel_profile check;
		char why[512];

		if (strlen(sw) >= sizeof(v->sc->kernel.switches)) {
			errf(err, len, "bisect: %s: switch settings longer than %zu characters",
			     key, sizeof(v->sc->kernel.switches) - 1);
			goto fail;
		}
		if (profile_parse(v->profile, &check, why, sizeof(why)) ||
		    profile_set_switches(&check, sw, why, sizeof(why))) {
			errf(err, len, "bisect: %s: %s", key, why);
			goto fail;
		}
		snprintf(v->sc->kernel.switches, sizeof(v->sc->kernel.switches),
			 "%s", sw);
	}
	if (b->o->max_time && b->o->max_time < v->sc->run.max_time)
		v->sc->run.max_time = b->o->max_time;
	v->value = xcalloc(b->nr_seeds, sizeof(*v->value));
	v->digest = xcalloc(b->nr_seeds, sizeof(*v->digest));
	v->have = xcalloc(b->nr_seeds, sizeof(*v->have));
	v->reads = xcalloc(nr_switches(), sizeof(*v->reads));
	b->v = xrealloc(b->v, (b->nr_v + 1) * sizeof(*b->v));
	b->v[b->nr_v++] = v;
	return v;
fail:
	scenario_free(v->sc);
	free(v->key);
	free(v->switches);
	free(v);
	return NULL;
}

struct job {
	struct variant *v;
	unsigned int seed;	/* index */
};

struct batch {
	struct bisect *b;
	struct job *jobs;
	size_t nr, done_before, total;
};

/* In the child: "VALUES... READS..." (every measure's value in hex,
 * exactly, in metrics_shown() order). */
static char *run_job(size_t idx, void *arg)
{
	struct batch *bt = arg;
	struct bisect *b = bt->b;
	struct job *j = &bt->jobs[idx];
	struct run_options opt = {
		.profile = j->v->profile,
		.seed = b->base_seed + j->seed,
		.scenario_name = b->scenario_name,
		.measures_only = true,
	};
	struct run_result res;
	char err[512], *out = NULL;
	size_t len = 0;
	FILE *f;

	if (run_scenario(j->v->sc, &opt, &res, err, sizeof(err))) {
		fprintf(stderr, "%smmsim: bisect: %s seed %llu: %s\n",
			isatty(STDERR_FILENO) ? "\r\033[K" : "", j->v->key,
			(unsigned long long)opt.seed, err);
		return NULL;
	}
	f = xopen_memstream(&out, &len);
	for (size_t m = 0; m < metrics_nr_shown(); m++)
		fprintf(f, "%s%a", m ? " " : "", measure_value(metrics_shown(m), &res));
	{
		const uint64_t *reads = result_uints(&res, "switch_reads");

		for (size_t i = 0; i < nr_switches(); i++)
			fprintf(f, " %llu", (unsigned long long)reads[i]);
	}
	fclose(f);
	result_free(&res);
	return out;
}

/*
 * Everything a job's output depends on, for the runs kept in
 * bisect_opts.runs_dir (pool.h): this executable (pool_self_hash()), the
 * variant's profile, its [kernel]
 * switches and time limit (its scenario's fingerprint holds them too),
 * the seed, the measures and the switch table the reads are counted in
 * (not which measure this bisect explains: every one is kept).
 */
static char *job_key(size_t idx, void *arg)
{
	struct batch *bt = arg;
	struct bisect *b = bt->b;
	struct job *j = &bt->jobs[idx];
	char fp[SCENARIO_FINGERPRINT_LEN], *key = NULL;
	size_t len = 0;
	FILE *f = xopen_memstream(&key, &len);

	scenario_fingerprint(j->v->sc, fp, sizeof(fp));
	fprintf(f, "mmsim bisect run\nmmsim %s %016llx\nkernel %s\nswitches %s\n"
		"max_time %llu\nseed %llu\nscenario %s %s\nmeasures",
		MMSIM_VERSION, (unsigned long long)pool_self_hash(), j->v->profile, j->v->switches,
		(unsigned long long)j->v->sc->run.max_time,
		(unsigned long long)(b->base_seed + j->seed), b->scenario_name,
		fp);
	for (size_t m = 0; m < metrics_nr_shown(); m++)
		fprintf(f, " %s", metrics_shown(m)->name);
	fprintf(f, "\nswitch reads");
	for (size_t i = 0; i < nr_switches(); i++)
		fprintf(f, " %s", profile_switch_name(i));
	xclose_memstream(f);
	return key;
}

static void batch_progress(size_t done, size_t total, size_t idx,
			   char **outputs, void *arg)
{
	struct batch *bt = arg;

	(void)total;
	(void)idx;
	(void)outputs;
	progress_update(&bt->b->progress, (double)(bt->done_before + done),
			(double)bt->total);
}

/* Run every (variant, seed) of @jobs not run yet, in parallel. */
static int run_batch(struct bisect *b, struct job *jobs, size_t nr,
		     size_t total_planned, char *err, size_t len)
{
	struct batch bt = { .b = b, .total = total_planned };
	struct pool_cache cache = { .dir = b->o->runs_dir, .key = job_key };
	char **out;
	size_t kept = 0;
	int failed;

	bt.jobs = xcalloc(nr, sizeof(*bt.jobs));
	for (size_t i = 0; i < nr; i++)
		if (!jobs[i].v->have[jobs[i].seed]) {
			/* The same job twice in one batch runs once. */
			bool dup = false;

			for (size_t k = 0; k < bt.nr; k++)
				dup |= bt.jobs[k].v == jobs[i].v &&
				       bt.jobs[k].seed == jobs[i].seed;
			if (!dup)
				bt.jobs[bt.nr++] = jobs[i];
		}
	bt.done_before = b->runs;
	if (bt.total < b->runs + bt.nr)
		bt.total = b->runs + bt.nr;
	if (!bt.nr) {
		free(bt.jobs);
		return 0;
	}
	out = xcalloc(bt.nr, sizeof(*out));
	fflush(NULL);
	failed = pool_run(bt.nr, b->o->jobs > 0 ? b->o->jobs : 1, run_job, &bt,
			  out, batch_progress, b->o->runs_dir ? &cache : NULL);
	b->cached += pool_cached();
	for (size_t i = 0; i < bt.nr && failed >= 0; i++) {
		struct variant *v = bt.jobs[i].v;
		uint64_t h = 1469598103934665603ULL;
		char *p;

		if (!out[i])
			continue;
		p = out[i];
		for (size_t m = 0; m < metrics_nr_shown(); m++) {
			const char *start = p;
			double x = strtod(p, &p);

			if (m == b->measure_idx)
				v->value[bt.jobs[i].seed] = x;
			/* Every measure, exactly as the run printed it. */
			for (; start < p; start++)
				h = (h ^ (unsigned char)*start) *
				    1099511628211ULL;
		}
		v->digest[bt.jobs[i].seed] = h;
		for (size_t s = 0; s < nr_switches(); s++)
			v->reads[s] += strtoull(p, &p, 10);
		v->have[bt.jobs[i].seed] = true;
		kept++;
	}
	for (size_t i = 0; i < bt.nr; i++)
		free(out[i]);
	free(out);
	b->runs += bt.nr;
	free(bt.jobs);
	/* What finished is in the cache; the rounds stop here. */
	if (failed == POOL_PENDING)
		return errf(err, len, "bisect: runs are done elsewhere");
	if (pool_interrupted())
		return errf(err, len, "bisect: interrupted: %zu of this round's "
			    "%zu runs finished", kept, bt.nr);
	if (failed < 0)
		return errf(err, len, "bisect: cannot start processes");
	if (failed)
		return errf(err, len, "bisect: %d of %zu runs failed (above)",
			    failed, bt.nr);
	return 0;
}

/* ---- statistics --------------------------------------------------------- */

/* mean(x) - mean(y) with Welch's interval over the first @n seeds. */
static struct bisect_effect effect(const struct variant *x,
				   const struct variant *y, unsigned int n,
				   double alpha)
{
	struct bisect_effect e = { .n_x = n, .n_y = n };
	struct welch_result w;
	double se;

	e.mean = stats_mean(x->value, n) - stats_mean(y->value, n);
	e.lo = e.hi = e.mean;
	e.p = 1;
	if (n < 2 || stats_welch(x->value, n, y->value, n, &w))
		return e;
	e.valid = true;
	e.p = w.p;
	e.significant = w.p < alpha;
	e.var_x = stats_variance(x->value, n);
	e.var_y = stats_variance(y->value, n);
	se = sqrt(e.var_x / n + e.var_y / n);
	e.se = se;
	if (se > 0) {
		double t = w.df > 0 ? stats_student_t_crit(alpha, w.df) : 0;

		e.lo = e.mean - t * se;
		e.hi = e.mean + t * se;
	}
	return e;
}

/* The band a flip's interval is negligible within: +-@negligible x |B - A|. */
static double band(const struct bisect_effect *total, double negligible)
{
	return negligible * fabs(total->mean);
}

/* Does @e's interval lie within +-@negligible of |B - A|? */
static bool within_band(struct bisect_effect e, const struct bisect_effect *total,
			double negligible)
{
	double bound = band(total, negligible);

	return e.valid && e.lo >= -bound && e.hi <= bound;
}

/*
 * Is a flip's effect @e settled: its interval excludes zero, or lies
 * within +-@negligible of |B - A| (a switch that cannot matter much)?
 */
static bool decided(struct bisect_effect e, const struct bisect_effect *total,
		    double negligible)
{
	return e.valid && (e.significant || within_band(e, total, negligible));
}

/* An effect that splits a group: its interval excludes zero and leaves
 * the negligible band. */
static bool splits(struct bisect_effect e, const struct bisect_effect *total,
		   double negligible)
{
	return e.valid && e.significant && !within_band(e, total, negligible);
}

/*
 * Can the seeds left still decide @e, an interval over n of @nmax seeds
 * each side that is not decided yet?  Stochastic curtailment: were the
 * runs to come as spread as these (v, one seed's variance: both sides'
 * summed), the interval at @nmax seeds would be at least z x sqrt(v /
 * nmax) wide each way (z, the normal quantile, lies below every
 * Student's t, so this errs towards going on).  When that alone exceeds
 * the band, the interval can no longer fit within it and only excluding
 * zero is left; when, were the effect the one seen, that has a chance
 * below @gamma (stats_conditional_power(): both sides' runs to come move
 * the mean), the interval is futile: more seeds would most likely leave
 * it undecided.
 */
static bool futile(struct bisect_effect e, unsigned int nmax, double bound,
		   double alpha, double gamma)
{
	unsigned int n = e.n_x;
	double v = e.var_x + e.var_y;
	double se_end = sqrt(v / nmax);

	if (!e.valid || gamma <= 0 || n >= nmax || !(v > 0))
		return false;
	if (stats_normal_crit(alpha) * se_end <= bound)
		return false;
	return stats_conditional_power(e.mean, v, se_end, n, nmax, alpha) <
	       gamma;
}

/*
 * Whether @x's first @n runs are @y's: every measure the same, not only
 * the one explained (a count that is 0 on both of the first seeds, as
 * 2.6.30's failures are, says nothing about whether the runs differ).
 */
static bool same_values(const struct variant *x, const struct variant *y,
			unsigned int n)
{
	for (unsigned int s = 0; s < n; s++)
		if (x->value[s] != y->value[s] ||
		    x->digest[s] != y->digest[s])
			return false;
	return true;
}

/* ---- flips -------------------------------------------------------------- */

/* The seeds every flip runs first: FIRST_SEEDS, or all of a shorter
 * bisect's. */
static unsigned int first_seeds(const struct bisect *b)
{
	return b->nr_seeds < FIRST_SEEDS ? b->nr_seeds : FIRST_SEEDS;
}

/* Is row @i of @r a read switch of group @g? */
static bool in_group(const struct bisect *b, const struct bisect_report *r,
		     size_t i, const char *g)
{
	return r->rows[i].state != BISECT_SKIPPED &&
	       !strcmp(profile_switch_group(b->sw[i]), g);
}

/*
 * A flip: A with @set at B's values (forward) and B with @set at A's
 * (backward).  One switch, or a group of them (screening).  Each way has
 * its own runs and stops on its own.
 */
struct flip {
	const size_t *set;	/* switch indices, in switch order */
	size_t nr;
	bool group;
	struct variant *v[NR_BISECT_WAYS];	/* forward, backward */
	enum bisect_row_state state;
	unsigned int seeds[NR_BISECT_WAYS];
	bool split;		/* a group: its verdict is to split */
	/* That way stopped with its interval undecided, one the seeds left
	 * could not decide (futile()). */
	bool futile[NR_BISECT_WAYS];
	/* That way's first seeds ran exactly as its kernel did (every
	 * measure) while the other's did not: it stops there, no effect. */
	bool identical[NR_BISECT_WAYS];
};

struct judge {
	struct bisect *b;
	struct variant *va, *vb;
	const struct bisect_effect *total;
	double alpha, negligible;
	double futility;	/* futile()'s gamma; 0: never */
	enum bisect_screen screen;
};

/*
 * A flip's interval one way at its seeds that way: the flipped kernel's
 * runs against its kernel's on the same seeds.  Not against all of the
 * kernel's runs, though A and B ran every seed first: where a seed
 * decides much of a run (rc6's failures on x86-64: a few seeds print
 * hundreds, others none), a flip's first seeds set against every seed
 * of its kernel differ by what those seeds share, in every flip at once
 * (bench/RESULTS.md, "each way on its own").
 */
static struct bisect_effect flip_effect(const struct judge *j,
					const struct flip *fl,
					enum bisect_way way)
{
	unsigned int n = fl->seeds[way];

	/* Its runs are its kernel's first ones: no effect, exactly. */
	if (fl->identical[way])
		return (struct bisect_effect){ .n_x = n, .n_y = n, .p = 1,
					       .valid = true };
	if (way == BISECT_FORWARD)
		return effect(fl->v[way], j->va, n, j->alpha);
	return effect(j->vb, fl->v[way], n, j->alpha);
}

/*
 * Has @fl seen enough @way, at the seeds it has that way?  A single
 * flip: its interval decided (excluding zero, or within the band), or
 * futile (marked in @fl).  A group: its verdict is certain, split (an
 * interval either way excludes zero and leaves the band: both ways stop)
 * or, this way, within the band; other groups run on to every seed.
 */
static bool way_settled(const struct judge *j, struct flip *fl,
			enum bisect_way way)
{
	struct bisect_effect e;

	if (fl->identical[way])
		return true;
	e = flip_effect(j, fl, way);
	if (!fl->group) {
		if (decided(e, j->total, j->negligible))
			return true;
		if (!futile(e, j->b->nr_seeds, band(j->total, j->negligible),
			    j->alpha, j->futility))
			return false;
		fl->futile[way] = true;
		return true;
	}
	for (int w = 0; w < NR_BISECT_WAYS; w++)
		if (splits(flip_effect(j, fl, w), j->total, j->negligible))
			return true;
	return within_band(e, j->total, j->negligible);
}

/*
 * Run the flips @fl: both ways at the first seeds, in one batch; a flip
 * whose runs there are exactly A's and B's (every measure) stops as
 * identical, and so does one way of a flip whose runs are its kernel's
 * that way only (a switch one kernel never reaches, or reaches to no
 * effect); the others run in stages of seeds (2, 4, 8, ... N), each way
 * until settled (or at every seed with --all-seeds).
 */
static int run_flips(const struct judge *j, struct flip *fl, size_t nr,
		     char *err, size_t len)
{
	struct bisect *b = j->b;
	unsigned int first = first_seeds(b);
	struct job *jobs = xcalloc(2 * nr * b->nr_seeds + 1, sizeof(*jobs));
	size_t nj = 0;
	int rc = -1;

	for (size_t k = 0; k < nr; k++) {
		for (int w = 0; w < NR_BISECT_WAYS; w++) {
			fl[k].v[w] = get_variant(b, w == BISECT_BACKWARD,
						 fl[k].set, fl[k].nr, err, len);
			if (!fl[k].v[w])
				goto out;
		}
		for (unsigned int s = 0; s < first; s++)
			for (int w = 0; w < NR_BISECT_WAYS; w++)
				jobs[nj++] = (struct job){ fl[k].v[w], s };
	}
	if (run_batch(b, jobs, nj, 0, err, len))
		goto out;
	for (size_t k = 0; k < nr; k++) {
		bool same[NR_BISECT_WAYS] = {
			same_values(fl[k].v[BISECT_FORWARD], j->va, first),
			same_values(fl[k].v[BISECT_BACKWARD], j->vb, first),
		};

		for (int w = 0; w < NR_BISECT_WAYS; w++)
			fl[k].seeds[w] = first;
		fl[k].state = same[BISECT_FORWARD] && same[BISECT_BACKWARD] ?
			      BISECT_IDENTICAL : BISECT_MEASURED;
		if (fl[k].state == BISECT_MEASURED && !b->o->all_seeds)
			for (int w = 0; w < NR_BISECT_WAYS; w++)
				fl[k].identical[w] = same[w];
	}
	for (unsigned int n = FIRST_SEEDS; n < b->nr_seeds;) {
		unsigned int next = b->o->all_seeds || 2 * n > b->nr_seeds ?
				    b->nr_seeds : 2 * n;

		nj = 0;
		for (size_t k = 0; k < nr; k++) {
			bool more[NR_BISECT_WAYS];

			if (fl[k].state != BISECT_MEASURED)
				continue;
			/* Both ways judged on the runs in before either
			 * gets more. */
			for (int w = 0; w < NR_BISECT_WAYS; w++)
				more[w] = fl[k].seeds[w] >= n &&
					  !fl[k].identical[w] &&
					  !(n > FIRST_SEEDS &&
					    way_settled(j, &fl[k], w));
			for (int w = 0; w < NR_BISECT_WAYS; w++) {
				if (!more[w])
					continue;
				fl[k].seeds[w] = next;
				for (unsigned int s = n; s < next; s++)
					jobs[nj++] = (struct job){ fl[k].v[w], s };
			}
		}
		if (run_batch(b, jobs, nj, 0, err, len))
			goto out;
		n = next;
	}
	rc = 0;
out:
	free(jobs);
	return rc;
}

/*
 * A group's verdict, from its runs: not split when its runs were the
 * kernels' own, or both intervals lie within the band, or (--screen
 * significant) neither interval excludes zero beyond the band; else split.
 */
static const char *group_verdict(const struct judge *j, struct flip *fl)
{
	struct bisect_effect fw, bw;

	if (fl->state == BISECT_IDENTICAL) {
		fl->split = false;
		return "not split: identical runs";
	}
	fw = flip_effect(j, fl, BISECT_FORWARD);
	bw = flip_effect(j, fl, BISECT_BACKWARD);
	if (splits(fw, j->total, j->negligible) ||
	    splits(bw, j->total, j->negligible)) {
		fl->split = true;
		return "split: an interval excludes zero";
	}
	if (within_band(fw, j->total, j->negligible) &&
	    within_band(bw, j->total, j->negligible)) {
		fl->split = false;
		return "not split: within the band";
	}
	fl->split = j->screen != BISECT_SCREEN_SIGNIFICANT;
	return fl->split ? "split: not within the band" :
			   "not split: not significant";
}

/* ---- delta debugging ---------------------------------------------------- */

struct ddmin {
	struct bisect *b;
	struct variant *a;
	double total;		/* B - A */
	double explain;
	size_t tests;
	char *err;
	size_t len;
	int failed;
};

static double set_effect(struct ddmin *d, const size_t *set, size_t nr,
			 struct variant **pv)
{
	struct variant *v = get_variant(d->b, false, set, nr, d->err, d->len);

	*pv = v;
	return v ? stats_mean(v->value, d->b->nr_seeds) -
		   stats_mean(d->a->value, d->b->nr_seeds) : 0;
}

/* Does A with @set at B's values give most of B - A? */
static bool passes(struct ddmin *d, double effect)
{
	return effect / d->total >= d->explain;
}

/*
 * Test every set of @sets (each @sizes[i] switches) at every seed, in one
 * parallel batch, and return the index of the first that passes, or -1.
 */
static long test_sets(struct ddmin *d, size_t **sets, const size_t *sizes,
		      size_t nr)
{
	struct bisect *b = d->b;
	struct variant **v = xcalloc(nr, sizeof(*v));
	struct job *jobs = xcalloc(nr * b->nr_seeds, sizeof(*jobs));
	size_t nj = 0;
	long hit = -1;

	for (size_t i = 0; i < nr && !d->failed; i++) {
		v[i] = get_variant(b, false, sets[i], sizes[i], d->err, d->len);
		if (!v[i]) {
			d->failed = -1;
			break;
		}
		for (unsigned int s = 0; s < b->nr_seeds; s++)
			jobs[nj++] = (struct job){ v[i], s };
	}
	if (!d->failed && run_batch(b, jobs, nj, 0, d->err, d->len))
		d->failed = -1;
	for (size_t i = 0; i < nr && !d->failed; i++) {
		struct variant *dummy;

		d->tests++;
		if (hit < 0 && passes(d, set_effect(d, sets[i], sizes[i], &dummy)))
			hit = (long)i;
	}
	free(jobs);
	free(v);
	return d->failed ? -1 : hit;
}

/* Zeller's ddmin on @c (@n switches), granularity @g; the result in @c,
 * its size returned. */
static size_t ddmin(struct ddmin *d, size_t *c, size_t n, size_t g)
{
	while (n > 1 && !d->failed) {
		size_t **sets = xcalloc(2 * g, sizeof(*sets));
		size_t *sizes = xcalloc(2 * g, sizeof(*sizes));
		size_t start = 0, made = 2 * g;
		long hit;

		/* g chunks as even as possible, then their complements. */
		for (size_t i = 0; i < g; i++) {
			size_t len = n / g + (i < n % g);

			sets[i] = xcalloc(len, sizeof(size_t));
			memcpy(sets[i], c + start, len * sizeof(size_t));
			sizes[i] = len;
			sets[g + i] = xcalloc(n - len, sizeof(size_t));
			memcpy(sets[g + i], c, start * sizeof(size_t));
			memcpy(sets[g + i] + start, c + start + len,
			       (n - start - len) * sizeof(size_t));
			sizes[g + i] = n - len;
			start += len;
		}
		hit = test_sets(d, sets, sizes, g);
		if (hit >= 0) {
			/* A chunk carries it: go on inside it. */
			n = sizes[hit];
			memcpy(c, sets[hit], n * sizeof(size_t));
			g = 2;
		} else if (g > 2 &&
			   (hit = test_sets(d, sets + g, sizes + g, g)) >= 0) {
			/* A complement does: drop that chunk. */
			n = sizes[g + hit];
			memcpy(c, sets[g + hit], n * sizeof(size_t));
			g = g - 1 > 2 ? g - 1 : 2;
		} else if (g < n) {
			g = 2 * g < n ? 2 * g : n;	/* finer */
		} else {
			g = 0;				/* 1-minimal */
		}
		for (size_t i = 0; i < made; i++)
			free(sets[i]);
		free(sets);
		free(sizes);
		if (!g)
			break;
	}
	return n;
}

/* ---- the whole bisect --------------------------------------------------- */

/*
 * Flip every read switch of @r's rows: with screening, each group of two
 * or more read switches together first (stage 1) and the switches of the
 * groups it splits alone after (stage 2); without, every read switch
 * alone.  Fills the rows' and groups' effects, the sums of the single
 * effects and screening's counts.  0, or -1 with @err.
 */
static int flip_switches(const struct judge *j, struct bisect_report *r,
			 size_t nrows, char *err, size_t len)
{
	struct bisect *b = j->b;
	struct variant *va = j->va, *vb = j->vb;
	/* At most every row alone and every group too. */
	struct flip *fl = xcalloc(2 * nrows + 1, sizeof(*fl));
	size_t *gsets = xcalloc(nrows + 1, sizeof(*gsets));
	int *row_flip = xcalloc(nrows + 1, sizeof(*row_flip));
	size_t nf = 0, n1, used = 0, ng = 0;
	int frc;

	for (size_t k = 0; k < nrows; k++) {
		const char *g = profile_switch_group(b->sw[k]);
		size_t members = 0;
		bool first = true;

		row_flip[k] = -1;
		if (r->rows[k].state == BISECT_SKIPPED)
			continue;
		for (size_t i = 0; i < nrows; i++)
			if (in_group(b, r, i, g)) {
				first &= i >= k;
				members++;
			}
		if (j->screen == BISECT_SCREEN_OFF || members < 2) {
			fl[nf] = (struct flip){ .set = &b->sw[k], .nr = 1 };
			row_flip[k] = (int)nf++;
			continue;
		}
		if (!first)
			continue;	/* its group is made already */
		fl[nf] = (struct flip){ .set = gsets + used, .nr = members,
					.group = true };
		for (size_t i = k; i < nrows; i++)
			if (in_group(b, r, i, g)) {
				gsets[used++] = b->sw[i];
				r->rows[i].group = (int)ng;
			}
		ng++;
		nf++;
	}
	r->groups = xcalloc(ng + 1, sizeof(*r->groups));
	frc = run_flips(j, fl, nf, err, len);
	/* The verdicts, and stage 2's flips. */
	for (size_t i = 0; !frc && i < nf; i++) {
		struct bisect_group *g;

		if (!fl[i].group)
			continue;
		g = &r->groups[r->nr_groups++];
		g->name = profile_switch_group(fl[i].set[0]);
		g->nr_members = fl[i].nr;
		g->verdict = group_verdict(j, &fl[i]);
		g->split = fl[i].split;
		g->state = fl[i].state;
		g->forward = flip_effect(j, &fl[i], BISECT_FORWARD);
		g->backward = flip_effect(j, &fl[i], BISECT_BACKWARD);
		for (int w = 0; w < NR_BISECT_WAYS; w++) {
			g->seeds[w] = fl[i].seeds[w];
			r->group_runs += fl[i].seeds[w];
		}
	}
	n1 = nf;
	for (size_t k = 0; !frc && k < nrows; k++) {
		struct bisect_row *row = &r->rows[k];

		if (row->group < 0)
			continue;
		if (!r->groups[row->group].split) {
			row->state = BISECT_SCREENED;
			r->screened_out++;
			continue;
		}
		fl[nf] = (struct flip){ .set = &b->sw[k], .nr = 1 };
		row_flip[k] = (int)nf++;
	}
	if (!frc)
		frc = run_flips(j, fl + n1, nf - n1, err, len);

	/* The effects: each switch flipped alone, and each group not
	 * split for its switches (the screening's assumption). */
	r->a_mean = stats_mean(va->value, b->nr_seeds);
	r->b_mean = stats_mean(vb->value, b->nr_seeds);
	r->a_sd = stats_stddev(va->value, b->nr_seeds);
	r->b_sd = stats_stddev(vb->value, b->nr_seeds);
	for (size_t k = 0; !frc && k < nrows; k++) {
		struct bisect_row *row = &r->rows[k];
		struct flip *f;

		if (row_flip[k] < 0)
			continue;
		f = &fl[row_flip[k]];
		row->state = f->state;
		row->forward = flip_effect(j, f, BISECT_FORWARD);
		row->backward = flip_effect(j, f, BISECT_BACKWARD);
		for (int w = 0; w < NR_BISECT_WAYS; w++) {
			row->seeds[w] = f->seeds[w];
			row->futile[w] = f->futile[w];
			row->identical[w] = f->identical[w];
			r->single_runs += f->seeds[w];
		}
		if (row->state == BISECT_MEASURED) {
			r->sum_forward += row->forward.mean;
			r->sum_backward += row->backward.mean;
		}
	}
	for (size_t i = 0; !frc && i < r->nr_groups; i++) {
		const struct bisect_group *g = &r->groups[i];

		if (!g->split && g->state == BISECT_MEASURED) {
			r->sum_forward += g->forward.mean;
			r->sum_backward += g->backward.mean;
		}
	}
	/* Flipping the screened-out switches alone: both ways at the
	 * first seeds at least, at every seed at most. */
	r->saved_min = (long)(r->screened_out * 2 * first_seeds(b)) -
		       (long)r->group_runs;
	r->saved_max = (long)(r->screened_out * 2 * b->nr_seeds) -
		       (long)r->group_runs;
	free(gsets);
	free(fl);
	free(row_flip);
	return frc;
}

int bisect_run(const struct bisect_opts *o, struct bisect_report *r,
	       char *err, size_t len)
{
	struct bisect b = { .o = o };
	struct scenario_error serr;
	struct scenario *sc0;
	struct variant *va, *vb;
	struct job *jobs;
	size_t nj = 0, nsw = nr_switches(), nrows = 0;
	double start = wall_seconds();
	double alpha = o->alpha > 0 ? o->alpha : 0.05;
	double explain = o->explain > 0 ? o->explain : 0.5;
	double negligible = o->negligible > 0 ? o->negligible : 0.1;
	double futility = o->all_seeds || o->futility < 0 ? 0 :
			  o->futility > 0 ? o->futility : BISECT_FUTILITY;
	int rc = -1;

	memset(r, 0, sizeof(*r));
	if (bisect_check(o, err, len))
		return -1;
	b.measure = find_measure(o->measure ? o->measure : "elapsed",
				 &b.measure_idx);
	b.nr_seeds = o->nr_seeds;
	b.text = experiment_scenario_text(o->scenario_path, o->arch,
					  &b.scenario_name, err, len);
	if (!b.text)
		return -1;
	sc0 = scenario_load_text(b.text, b.scenario_name, &serr);
	if (!sc0) {
		errf(err, len, "%s", serr.msg);
		goto out;
	}
	b.base_seed = o->base_seed_set ? o->base_seed : (uint64_t)sc0->run.seed;
	if (b.base_seed + b.nr_seeds - 1 > EXPERIMENT_MAX_SEED ||
	    b.base_seed + b.nr_seeds - 1 < b.base_seed) {
		errf(err, len, "bisect: seeds %llu + %u pass 2^63 - 1",
		     (unsigned long long)b.base_seed, b.nr_seeds);
		scenario_free(sc0);
		goto out;
	}
	r->arch = xstrdup(scenario_arch_names[sc0->machine.arch]);
	if (parse_pair(o, sc0->kernel.switches, &b.pa, &b.pb, b.a_switches,
		       b.b_switches, sizeof(b.a_switches), err, len)) {
		scenario_free(sc0);
		goto out;
	}
	scenario_free(sc0);

	/* The rows: every switch whose values differ. */
	b.sw = xcalloc(nsw, sizeof(*b.sw));
	r->rows = xcalloc(nsw, sizeof(*r->rows));
	for (size_t i = 0; i < nsw; i++) {
		struct bisect_row *row = &r->rows[nrows];

		value_of(&b.pa, i, row->a_value, sizeof(row->a_value));
		value_of(&b.pb, i, row->b_value, sizeof(row->b_value));
		if (!strcmp(row->a_value, row->b_value))
			continue;
		row->name = profile_switch_name(i);
		b.sw[nrows++] = i;
	}
	r->nr_rows = nrows;

	progress_begin(&b.progress, "runs");
	/* Round 1: A and B at every seed, which also says what they read. */
	va = get_variant(&b, false, NULL, 0, err, len);
	vb = va ? get_variant(&b, true, NULL, 0, err, len) : NULL;
	if (!vb)
		goto out;
	jobs = xcalloc(2 * b.nr_seeds, sizeof(*jobs));
	for (unsigned int s = 0; s < b.nr_seeds; s++) {
		jobs[nj++] = (struct job){ va, s };
		jobs[nj++] = (struct job){ vb, s };
	}
	if (run_batch(&b, jobs, nj, 2 * b.nr_seeds + 2 * nrows * FIRST_SEEDS,
		      err, len))
		goto out_jobs;
	r->total = effect(vb, va, b.nr_seeds, alpha);
	for (size_t k = 0; k < nrows; k++) {
		struct bisect_row *row = &r->rows[k];

		row->reads_a = va->reads[b.sw[k]];
		row->reads_b = vb->reads[b.sw[k]];
		row->group = -1;
		row->state = !row->reads_a && !row->reads_b ? BISECT_SKIPPED :
							     BISECT_MEASURED;
	}

	{
		struct judge j = { .b = &b, .va = va, .vb = vb,
				   .total = &r->total, .alpha = alpha,
				   .negligible = negligible, .futility = futility,
				   .screen = o->screen };

		if (flip_switches(&j, r, nrows, err, len))
			goto out_jobs;
	}
	r->interaction = r->total.mean - r->sum_forward;

	/* Delta debugging when the single effects leave most unexplained. */
	if (!r->total.significant) {
		r->ddmin_why = "not run: B - A is not significant";
	} else if (fabs(r->interaction) <= (1 - explain) * fabs(r->total.mean)) {
		r->ddmin_why = "not run: the single effects explain most of B - A";
	} else {
		struct ddmin d = { .b = &b, .a = va, .total = r->total.mean,
				   .explain = explain, .err = err, .len = len };
		size_t *c = xcalloc(nrows, sizeof(*c)), n = 0, runs0 = b.runs;
		struct variant *all;
		double whole;

		r->ddmin_needed = true;
		for (size_t k = 0; k < nrows; k++)
			if (r->rows[k].state != BISECT_SKIPPED)
				c[n++] = b.sw[k];
		if (test_sets(&d, &c, &n, 1) < 0 && !d.failed) {
			whole = set_effect(&d, c, n, &all);
			r->ddmin_why = "not run: A with every read switch at B's values does not give most of B - A (the rest is not in the switches)";
			r->ddmin_effect = whole;
		} else if (!d.failed) {
			n = ddmin(&d, c, n, 2);
			if (!d.failed) {
				r->ddmin_done = true;
				r->ddmin_why = "run";
				r->ddmin_set = xcalloc(n, sizeof(*r->ddmin_set));
				for (size_t i = 0; i < n; i++)
					r->ddmin_set[i] = profile_switch_name(c[i]);
				r->ddmin_nr = n;
				r->ddmin_effect = set_effect(&d, c, n, &all);
			}
		}
		r->ddmin_tests = d.tests;
		r->ddmin_runs = b.runs - runs0;
		free(c);
		if (d.failed)
			goto out_jobs;
	}

	r->a = xstrdup(o->a);
	r->b = xstrdup(o->b);
	r->measure = b.measure->name;
	r->measure_title = b.measure->title;
	r->scenario = xstrdup(b.scenario_name);
	r->nr_seeds = b.nr_seeds;
	r->base_seed = b.base_seed;
	r->alpha = alpha;
	r->explain = explain;
	r->negligible = negligible;
	r->futility = futility;
	r->all_seeds = o->all_seeds;
	r->screen = o->screen;
	r->runs = b.runs;
	r->cached_runs = b.cached;
	r->wall_seconds = wall_seconds() - start;
	rc = 0;
out_jobs:
	free(jobs);
out:
	progress_end(&b.progress);
	for (size_t i = 0; i < b.nr_v; i++) {
		scenario_free(b.v[i]->sc);
		free(b.v[i]->key);
		free(b.v[i]->switches);
		free(b.v[i]->value);
		free(b.v[i]->digest);
		free(b.v[i]->have);
		free(b.v[i]->reads);
		free(b.v[i]);
	}
	free(b.v);
	free(b.sw);
	free(b.text);
	free(b.scenario_name);
	if (rc)
		bisect_free(r);
	return rc;
}

void bisect_free(struct bisect_report *r)
{
	free((char *)r->a);
	free((char *)r->b);
	free((char *)r->scenario);
	free((char *)r->arch);
	free(r->rows);
	free(r->groups);
	free(r->ddmin_set);
	memset(r, 0, sizeof(*r));
}
