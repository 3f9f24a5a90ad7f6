// SPDX-License-Identifier: GPL-2.0
/*
 * mmsim bisect: on a small machine under swap pressure (a few tenths of a
 * second a run), a pair whose answer is known by construction, a pair
 * whose difference is pure interaction that delta debugging must find,
 * a switch no run reads, determinism across -j, and the refusals.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>
#include "testlib.h"
#include "experiment/bisect.h"
#include "metrics/stats.h"

/* 128 MB, fake gitk over 150000 commits: it swaps, kswapd and direct
 * reclaim run, kswapd sleeps often (tens of premature sleeps with P4). */
static const char small_scenario[] =
	"[machine]\n"
	"arch = x86_64\n"
	"mem = 128M\n"
	"cpus = 2\n"
	"disk_size = 4G\n"
	"fs_size = 2G\n"
	"swap_size = 1G\n"
	"\n"
	"[run]\n"
	"seed = 1\n"
	"until = gitk-done | 60s\n"
	"sample_interval = 500ms\n"
	"\n"
	"[task gitk]\n"
	"program = gitk\n"
	"commits = 150000\n"
	"loops = 1\n"
	"\n"
	"[task music]\n"
	"program = music\n"
	"net = netrx\n"
	"\n"
	"[task netrx]\n"
	"program = netrx\n"
	"bwlimit = 8M\n"
	"order = 2\n";

static char scenario_path[256];

static int setup(void **state)
{
	char dir[] = "/tmp/mmsim-bisect-XXXXXX";
	FILE *f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(scenario_path, sizeof(scenario_path), "%s/small.ini", dir);
	f = fopen(scenario_path, "w");
	assert_non_null(f);
	fputs(small_scenario, f);
	assert_int_equal(fclose(f), 0);
	return 0;
}

static int teardown(void **state)
{
	char *dir = strdup(scenario_path);

	(void)state;
	unlink(scenario_path);
	*strrchr(dir, '/') = 0;
	rmdir(dir);
	free(dir);
	return 0;
}

static struct bisect_opts opts(const char *a, const char *b, const char *measure)
{
	return (struct bisect_opts){
		.a = a, .b = b, .measure = measure, .nr_seeds = 3,
		.scenario_path = scenario_path, .jobs = 2,
	};
}

static const struct bisect_row *row_of(const struct bisect_report *r,
				       const char *name)
{
	for (size_t i = 0; i < r->nr_rows; i++)
		if (!strcmp(r->rows[i].name, name))
			return &r->rows[i];
	return NULL;
}

/*
 * P5 changes one switch, kswapd_cw_priority: A with it at B's value IS B,
 * so its forward and backward effects are the whole difference, to the
 * last bit, and nothing is left for interaction or for any other switch.
 */
static void test_one_patch_one_switch(void **state)
{
	struct bisect_opts o = opts("2.6.32-rc6+force-highorder",
				    "2.6.32-rc6+5+force-highorder", "allocstall");
	struct bisect_report r;
	char err[512];
	const struct bisect_row *row;

	(void)state;
	assert_int_equal(bisect_run(&o, &r, err, sizeof(err)), 0);
	assert_int_equal(r.nr_rows, 1);
	row = row_of(&r, "kswapd_cw_priority");
	assert_non_null(row);
	assert_string_equal(row->a_value, "FIXED");
	assert_string_equal(row->b_value, "ORDER_ADJUSTED");
	assert_true(row->reads_a > 0 && row->reads_b > 0);
	if (row->state == BISECT_MEASURED) {
		assert_true(row->forward.mean == r.total.mean);
		assert_true(row->backward.mean == r.total.mean);
		assert_true(r.sum_forward == r.total.mean);
		assert_true(r.interaction == 0);
	} else {
		/* Without effect on this machine: then B is A, exactly. */
		assert_int_equal(row->state, BISECT_IDENTICAL);
		assert_true(r.total.mean == 0);
	}
	assert_false(r.ddmin_needed);
	bisect_free(&r);
}

/* P3 changes cw_alloc and cw_direct, and nothing else differs. */
static void test_patch_lands_on_its_switches(void **state)
{
	struct bisect_opts o = opts("2.6.32-rc6+1+2", "2.6.32-rc6+1+2+3", "elapsed");
	struct bisect_report r;
	char err[512];

	(void)state;
	o.nr_seeds = 2;
	assert_int_equal(bisect_run(&o, &r, err, sizeof(err)), 0);
	assert_int_equal(r.nr_rows, 2);
	assert_non_null(row_of(&r, "cw_alloc"));
	assert_non_null(row_of(&r, "cw_direct"));
	assert_string_equal(row_of(&r, "cw_alloc")->b_value, "BOTH");
	bisect_free(&r);
}

/*
 * Interaction.  A: kswapd sleeps PLAIN, with a 1 ms short nap that only
 * QUICK_RECHECK would use; B: P4's QUICK_RECHECK with a 100 ms nap.
 * kswapd_slept_prematurely_fast counts the short naps after which kswapd
 * found work at once: with PLAIN there are no short naps at all, so the
 * 100 ms nap alone on A is never read (exactly 0); QUICK_RECHECK alone
 * with a 1 ms nap gives next to none (measured at seeds 1-5: 0.4 a run),
 * while B - A is some thirty.  The single effects from A explain almost
 * nothing: delta debugging must find that it takes both.  Five seeds,
 * since three leave B - A short of significance (p = 0.07 at 3).
 */
static void test_interaction_found_by_ddmin(void **state)
{
	struct bisect_opts o = opts("2.6.32-rc6", "2.6.32-rc6", "premature-fast");
	struct bisect_report r;
	char err[512];
	const struct bisect_row *sleep, *nap;

	(void)state;
	o.nr_seeds = 5;
	o.a_switches = "kswapd_short_sleep_ms=1";
	o.b_switches = "kswapd_sleep=QUICK_RECHECK";
	assert_int_equal(bisect_run(&o, &r, err, sizeof(err)), 0);
	assert_int_equal(r.nr_rows, 2);
	assert_true(r.total.significant);
	assert_true(r.total.mean > 10);
	sleep = row_of(&r, "kswapd_sleep");
	nap = row_of(&r, "kswapd_short_sleep_ms");
	assert_non_null(sleep);
	assert_non_null(nap);
	/* The nap alone on A is never read; the rule alone barely moves A. */
	assert_true(nap->forward.mean == 0);
	assert_false(sleep->forward.significant);
	assert_true(sleep->forward.mean < r.total.mean / 10);
	assert_true(r.sum_forward < r.total.mean / 2);
	assert_true(r.interaction == r.total.mean - r.sum_forward);
	assert_true(r.ddmin_needed);
	assert_true(r.ddmin_done);
	assert_int_equal(r.ddmin_nr, 2);
	assert_true(r.ddmin_effect == r.total.mean);
	assert_true(r.ddmin_tests >= 3);
	bisect_free(&r);
}

/* A switch no run reads is reported and not run: only A and B run. */
static void test_unread_switch_skipped(void **state)
{
	struct bisect_opts o = opts("2.6.32-rc6", "2.6.32-rc6", "elapsed");
	struct bisect_report r;
	char err[512];

	(void)state;
	o.nr_seeds = 2;
	o.b_switches = "vmstat_fields=V30";
	assert_int_equal(bisect_run(&o, &r, err, sizeof(err)), 0);
	assert_int_equal(r.nr_rows, 1);
	assert_int_equal(r.rows[0].state, BISECT_SKIPPED);
	assert_int_equal(r.rows[0].reads_a + r.rows[0].reads_b, 0);
	assert_int_equal(r.runs, 4);
	assert_true(r.total.mean == 0);
	bisect_free(&r);
}

/* The text is the same at -j 1 and -j 2 but for the wall-clock line. */
static void test_same_at_any_jobs(void **state)
{
	struct bisect_opts o = opts("2.6.32-rc6+1+2", "2.6.32-rc6+1+2+3", "cw-time");
	struct bisect_report r1, r2;
	char err[512], *t1 = NULL, *t2 = NULL;
	size_t l1 = 0, l2 = 0;
	FILE *f;

	(void)state;
	o.nr_seeds = 2;
	o.jobs = 1;
	assert_int_equal(bisect_run(&o, &r1, err, sizeof(err)), 0);
	o.jobs = 2;
	assert_int_equal(bisect_run(&o, &r2, err, sizeof(err)), 0);
	r1.wall_seconds = r2.wall_seconds = 0;
	f = open_memstream(&t1, &l1);
	bisect_report_text(f, &r1);
	fclose(f);
	f = open_memstream(&t2, &l2);
	bisect_report_text(f, &r2);
	fclose(f);
	assert_string_equal(t1, t2);
	free(t1);
	free(t2);
	bisect_free(&r1);
	bisect_free(&r2);
}

/*
 * Stopping once decided.  2.6.30 against 2.6.31 on the small machine,
 * 8 seeds (stages 2, 4, 8): with --all-seeds every measured flip runs
 * all 8 each way; without, each way runs on its own, and a way that
 * stopped at fewer has its interval decided at the seeds it ran
 * (excluding zero, or within +-negligible of |B - A|), set against its
 * kernel's runs on the same seeds; never more runs are made than with --all-seeds,
 * and A, B and B - A are the same (they always run every seed).
 */
static bool decided_at(const struct bisect_effect *e, double bound)
{
	return e->valid && (e->significant || (e->lo >= -bound && e->hi <= bound));
}

static const struct bisect_effect *way_effect(const struct bisect_row *row,
					      int way)
{
	return way == BISECT_FORWARD ? &row->forward : &row->backward;
}

/*
 * Futile at 8 seeds, from what the report keeps of an interval at 4 seeds
 * a side: its mean and both sides' variances.
 */
static bool futile_at(const struct bisect_effect *e, double bound, double alpha)
{
	double v = e->var_x + e->var_y;
	double se_end = sqrt(v / 8);

	return e->valid && e->n_x == 4 && e->n_y == 4 &&
	       stats_normal_crit(alpha) * se_end > bound &&
	       stats_conditional_power(e->mean, v, se_end, 4, 8, alpha) <
	       BISECT_FUTILITY;
}

/* Seeds 4..7 of each way that stopped at 4 of 8. */
static size_t runs_not_made(const struct bisect_report *r)
{
	size_t n = 0;

	for (size_t i = 0; i < r->nr_rows; i++)
		if (r->rows[i].state == BISECT_MEASURED)
			for (int w = 0; w < NR_BISECT_WAYS; w++)
				n += r->nr_seeds - r->rows[i].seeds[w];
	return n;
}

static void test_flips_stop_once_decided(void **state)
{
	struct bisect_opts o = opts("2.6.30", "2.6.31", "allocstall");
	struct bisect_report early, futile, all;
	char err[512], dir[] = "/tmp/mmsim-bisect-stop-XXXXXX", cmd[600];
	size_t stopped = 0, measured = 0, nr_futile = 0, one_way = 0;
	size_t same = 0, saved = 0, unread = 0;

	(void)state;
	assert_non_null(mkdtemp(dir));
	assert_int_equal(rmdir(dir), 0);	/* the pool makes it */
	o.nr_seeds = 8;
	o.max_time = 30000000000ULL;
	/* The single flips' stopping: without screening, whose groups stop
	 * by their own rule.  The runs of --all-seeds, kept, serve the two
	 * stopping ones: they ask for some of the same runs. */
	o.screen = BISECT_SCREEN_OFF;
	o.runs_dir = dir;
	o.all_seeds = true;
	assert_int_equal(bisect_run(&o, &all, err, sizeof(err)), 0);
	o.all_seeds = false;
	o.futility = -1;
	assert_int_equal(bisect_run(&o, &early, err, sizeof(err)), 0);
	o.futility = 0;		/* the default */
	assert_int_equal(bisect_run(&o, &futile, err, sizeof(err)), 0);
	assert_true(early.total.mean == all.total.mean);
	assert_true(early.total.lo == all.total.lo);
	assert_int_equal(early.nr_rows, all.nr_rows);
	assert_true(futile.futility == BISECT_FUTILITY);
	assert_true(early.futility == 0 && all.futility == 0);
	for (size_t i = 0; i < all.nr_rows; i++) {
		const struct bisect_row *e = &early.rows[i], *a = &all.rows[i];
		const struct bisect_row *f = &futile.rows[i];
		double bound = early.negligible * fabs(early.total.mean);

		assert_int_equal(e->state, a->state);
		assert_int_equal(f->state, a->state);
		if (a->state != BISECT_MEASURED)
			continue;
		measured++;
		one_way += e->seeds[BISECT_FORWARD] != e->seeds[BISECT_BACKWARD];
		/* A switch a kernel never read cannot change its runs. */
		if (!e->reads_a) {
			unread++;
			assert_true(e->identical[BISECT_FORWARD]);
		}
		if (!e->reads_b) {
			unread++;
			assert_true(e->identical[BISECT_BACKWARD]);
		}
		for (int w = 0; w < NR_BISECT_WAYS; w++) {
			const struct bisect_effect *ee = way_effect(e, w);
			const struct bisect_effect *ae = way_effect(a, w);
			const struct bisect_effect *fe = way_effect(f, w);

			assert_false(e->futile[w] || a->futile[w]);
			assert_false(a->identical[w]);
			assert_int_equal(a->seeds[w], 8);
			assert_int_equal(f->identical[w], e->identical[w]);
			if (e->identical[w]) {
				/* Its first 2 runs were its kernel's: it
				 * stopped there, no effect; the other way
				 * did not (else the row is identical). */
				same++;
				assert_int_equal(e->seeds[w], 2);
				assert_false(e->identical[!w]);
				assert_true(ee->mean == 0 && ee->valid &&
					    !ee->significant);
				saved += 6;
				continue;
			}
			assert_true(e->seeds[w] == 4 || e->seeds[w] == 8);
			/* Both sides over the way's seeds. */
			assert_int_equal(ee->n_x, e->seeds[w]);
			assert_int_equal(ee->n_y, e->seeds[w]);
			if (e->seeds[w] < 8) {
				stopped++;
				saved += 4;
				assert_true(decided_at(ee, bound));
			} else {
				/* Ran on: the same runs as --all-seeds. */
				assert_true(ee->mean == ae->mean);
				assert_true(ee->lo == ae->lo);
			}
			/*
			 * Futility stops only what the first rule runs on:
			 * a way it stops has its interval undecided and
			 * futile; one it does not is the first rule's.
			 */
			if (f->futile[w]) {
				nr_futile++;
				assert_int_equal(f->seeds[w], 4);
				assert_int_equal(e->seeds[w], 8);
				assert_false(decided_at(fe, bound));
				assert_true(futile_at(fe, bound, futile.alpha));
			} else {
				assert_int_equal(f->seeds[w], e->seeds[w]);
				assert_true(fe->mean == ee->mean);
			}
		}
	}
	assert_true(measured > 0);
	assert_true(nr_futile > 0);
	assert_true(same >= unread);
	/* Each way stops on its own: some flip ran on one way only. */
	assert_true(one_way > 0);
	assert_true(early.runs - early.ddmin_runs <= all.runs - all.ddmin_runs);
	assert_int_equal(all.runs - all.ddmin_runs - (early.runs - early.ddmin_runs),
			 saved);
	assert_int_equal(runs_not_made(&early), saved);
	assert_int_equal(runs_not_made(&futile), saved + nr_futile * 4);
	assert_int_equal(futile.runs - futile.ddmin_runs,
			 early.runs - early.ddmin_runs - nr_futile * 4);
	bisect_free(&early);
	bisect_free(&futile);
	bisect_free(&all);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

/*
 * Every run keeps every measure: a bisect of another measure with the
 * same runs folder (--all-seeds and no screening, so that the same runs
 * are asked for: which groups a screening splits depends on the measure)
 * runs nothing again but delta debugging's.
 */
static void test_runs_shared_between_measures(void **state)
{
	struct bisect_opts o = opts("2.6.32-rc6+1+2", "2.6.32-rc6+1+2+3", "elapsed");
	struct bisect_report r1, r2;
	char err[512], dir[] = "/tmp/mmsim-bisect-runs-XXXXXX", cmd[600];

	(void)state;
	assert_non_null(mkdtemp(dir));
	assert_int_equal(rmdir(dir), 0);	/* the pool makes it */
	o.nr_seeds = 3;
	o.all_seeds = true;
	o.screen = BISECT_SCREEN_OFF;
	o.runs_dir = dir;
	assert_int_equal(bisect_run(&o, &r1, err, sizeof(err)), 0);
	assert_int_equal(r1.cached_runs, 0);
	o.measure = "allocstall";
	assert_int_equal(bisect_run(&o, &r2, err, sizeof(err)), 0);
	assert_true(r2.runs > 0);
	assert_int_equal(r2.cached_runs + r2.ddmin_runs, r2.runs);
	assert_string_equal(r2.measure, "allocstall");
	bisect_free(&r1);
	bisect_free(&r2);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

/*
 * "identical runs" is a property of the runs, not of the measure
 * explained: no run of 2.6.30 or 2.6.31 on this machine in 30 s frees
 * pages prematurely, so every flip gives premature-fast's 0 on its first
 * seeds, yet the flips that change the runs (elapsed tells) are measured.
 */
static void test_identical_is_about_runs(void **state)
{
	struct bisect_opts o = opts("2.6.30", "2.6.31", "elapsed");
	struct bisect_report r1, r2;
	char err[512], dir[] = "/tmp/mmsim-bisect-ident-XXXXXX", cmd[600];
	size_t measured = 0;

	(void)state;
	assert_non_null(mkdtemp(dir));
	assert_int_equal(rmdir(dir), 0);
	o.nr_seeds = 2;
	o.max_time = 30000000000ULL;
	o.runs_dir = dir;
	/* Every switch flipped alone: screening would not split a group
	 * for a measure that is 0 everywhere. */
	o.screen = BISECT_SCREEN_OFF;
	assert_int_equal(bisect_run(&o, &r1, err, sizeof(err)), 0);
	o.measure = "premature-fast";
	assert_int_equal(bisect_run(&o, &r2, err, sizeof(err)), 0);
	/* The premise: the measure is the same 0 in A and B. */
	assert_true(r2.a_mean == 0 && r2.b_mean == 0 && r2.a_sd == 0);
	assert_int_equal(r2.nr_rows, r1.nr_rows);
	for (size_t k = 0; k < r1.nr_rows; k++) {
		bool i1 = r1.rows[k].state == BISECT_IDENTICAL;
		bool i2 = r2.rows[k].state == BISECT_IDENTICAL;

		if (i1 != i2)
			fail_msg("%s: identical runs for elapsed %d, premature-fast %d",
				 r1.rows[k].name, i1, i2);
		measured += r2.rows[k].state == BISECT_MEASURED;
	}
	assert_true(measured > 0);
	bisect_free(&r1);
	bisect_free(&r2);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

/*
 * Group screening.  B is rc6 with P4's QUICK_RECHECK and P5's
 * ORDER_ADJUSTED (both of the kswapd group) and the slowpath's three
 * switches back at 2.6.30's values (the slowpath group, whose flips give
 * the kernels' own runs on this machine).  premature-fast counts the
 * short naps after which kswapd found work at once: QUICK_RECHECK with
 * its 100 ms nap gives some thirty a run, PLAIN none.  The kswapd group
 * must be split and kswapd_sleep found; the slowpath group must not be
 * split, its switches never flipped alone; the runs the report counts
 * must be the runs made.  Then the same bisect without screening, on the
 * same runs: no group, the slowpath switches flipped alone (identical
 * runs, as their group's were), the kswapd switches' effects the same to
 * the last bit (the same runs), and nothing run again for them.
 */
static size_t rows_in(const struct bisect_report *r, enum bisect_row_state st)
{
	size_t n = 0;

	for (size_t i = 0; i < r->nr_rows; i++)
		n += r->rows[i].state == st;
	return n;
}

static void test_screening_splits_and_keeps_groups(void **state)
{
	struct bisect_opts o = opts("2.6.32-rc6", "2.6.32-rc6", "premature-fast");
	struct bisect_report r, off;
	char err[512], dir[] = "/tmp/mmsim-bisect-screen-XXXXXX", cmd[600];
	const struct bisect_group *kswapd = NULL, *slowpath = NULL;
	const char *slow[] = { "restart_mode", "restart_alloc_flags",
			       "rt_harder_in_irq" };

	(void)state;
	assert_non_null(mkdtemp(dir));
	assert_int_equal(rmdir(dir), 0);
	o.nr_seeds = 4;
	o.runs_dir = dir;
	o.screen = BISECT_SCREEN_NEGLIGIBLE;
	o.b_switches = "kswapd_sleep=QUICK_RECHECK kswapd_cw_priority=ORDER_ADJUSTED "
		       "restart_mode=TOP restart_alloc_flags=EVERY_PASS "
		       "rt_harder_in_irq=0";
	assert_int_equal(bisect_run(&o, &r, err, sizeof(err)), 0);
	assert_int_equal(r.screen, BISECT_SCREEN_NEGLIGIBLE);
	assert_int_equal(r.nr_rows, 5);
	assert_true(r.total.significant && r.total.mean > 10);
	assert_int_equal(r.nr_groups, 2);
	for (size_t i = 0; i < r.nr_groups; i++) {
		if (!strcmp(r.groups[i].name, "kswapd"))
			kswapd = &r.groups[i];
		if (!strcmp(r.groups[i].name, "slowpath"))
			slowpath = &r.groups[i];
	}
	assert_non_null(kswapd);
	assert_non_null(slowpath);
	/* The group that holds the switch that matters is split ... */
	assert_int_equal(kswapd->nr_members, 2);
	assert_true(kswapd->split);
	assert_true(kswapd->forward.significant);
	assert_int_equal(row_of(&r, "kswapd_sleep")->state, BISECT_MEASURED);
	assert_true(row_of(&r, "kswapd_sleep")->forward.significant);
	assert_true(row_of(&r, "kswapd_sleep")->forward.mean > r.total.mean / 2);
	assert_int_equal(row_of(&r, "kswapd_sleep")->group, kswapd - r.groups);
	/* ... the inert one is not, and its switches are not flipped. */
	assert_int_equal(slowpath->nr_members, 3);
	assert_false(slowpath->split);
	assert_int_equal(slowpath->state, BISECT_IDENTICAL);
	for (size_t i = 0; i < 3; i++)
		assert_int_equal(row_of(&r, slow[i])->state, BISECT_SCREENED);
	assert_int_equal(r.screened_out, 3);
	assert_int_equal(rows_in(&r, BISECT_SCREENED), 3);
	/* The counts are the runs made. */
	assert_int_equal(r.runs, 2 * o.nr_seeds + r.group_runs + r.single_runs +
			 r.ddmin_runs);
	assert_int_equal(r.group_runs,
			 kswapd->seeds[BISECT_FORWARD] + kswapd->seeds[BISECT_BACKWARD] +
			 slowpath->seeds[BISECT_FORWARD] +
			 slowpath->seeds[BISECT_BACKWARD]);
	assert_int_equal(r.saved_min, 3 * 2 * 2 - (long)r.group_runs);
	assert_int_equal(r.saved_max, 3 * 2 * 4 - (long)r.group_runs);

	o.screen = BISECT_SCREEN_OFF;
	assert_int_equal(bisect_run(&o, &off, err, sizeof(err)), 0);
	assert_int_equal(off.nr_groups, 0);
	assert_int_equal(off.screened_out, 0);
	assert_int_equal(off.group_runs, 0);
	assert_int_equal(rows_in(&off, BISECT_SCREENED), 0);
	assert_int_equal(off.runs, 2 * o.nr_seeds + off.single_runs + off.ddmin_runs);
	for (size_t i = 0; i < 3; i++)
		assert_int_equal(row_of(&off, slow[i])->state, BISECT_IDENTICAL);
	for (size_t i = 0; i < r.nr_rows; i++) {
		const struct bisect_row *a = &r.rows[i], *b = &off.rows[i];

		assert_string_equal(a->name, b->name);
		assert_int_equal(b->group, -1);
		if (a->state == BISECT_SCREENED)
			continue;
		assert_int_equal(a->state, b->state);
		assert_int_equal(a->seeds[BISECT_FORWARD], b->seeds[BISECT_FORWARD]);
		assert_int_equal(a->seeds[BISECT_BACKWARD], b->seeds[BISECT_BACKWARD]);
		assert_true(a->forward.mean == b->forward.mean);
		assert_true(a->backward.hi == b->backward.hi);
	}
	/* Only the slowpath's single flips were new. */
	assert_int_equal(off.ddmin_runs, r.ddmin_runs);
	assert_int_equal(off.runs - off.cached_runs, 3 * 2 * 2);
	/* The report says what screening assumed, and the JSON too. */
	{
		char *t = NULL, *t_off = NULL, json[700];
		size_t l = 0;
		FILE *f = open_memstream(&t, &l);

		bisect_report_text(f, &r);
		fclose(f);
		f = open_memstream(&t_off, &l);
		bisect_report_text(f, &off);
		fclose(f);
		assert_non_null(strstr(t, "Screening's assumption: within a group that was not split"));
		assert_non_null(strstr(t, "screened out with slowpath"));
		assert_null(strstr(t_off, "assumption"));
		assert_non_null(strstr(t_off, "No screening"));
		assert_int_equal(mkdir(dir, 0755) == 0 || errno == EEXIST, 1);
		assert_int_equal(bisect_report_write(&r, dir, err, sizeof(err)), 0);
		snprintf(json, sizeof(json), "grep -q '\"assumption\": \"within a group' "
			 "'%s/bisect.json' && grep -q '\"screened_out\": 3' '%s/bisect.json'",
			 dir, dir);
		assert_int_equal(system(json), 0);
		free(t);
		free(t_off);
	}
	bisect_free(&r);
	bisect_free(&off);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

static void test_refusals(void **state)
{
	static const struct {
		const char *a, *b, *measure;
		unsigned int seeds;
		const char *msg;
	} bad[] = {
		{ "2.6.32-rc6", "2.6.32-rc6", NULL, 3, "set every switch alike" },
		{ "2.6.30", "2.6.32-rc6", "elapsd", 3, "unknown measure 'elapsd' (one of elapsed, failures" },
		{ "2.6.30", "2.6.32-rc6", NULL, 1, "at least 2" },
		{ "2.6.30", "2.6.32-rc66", NULL, 3, "B: unknown kernel profile" },
		{ "2.6.30", NULL, NULL, 3, "two kernels" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct bisect_opts o = opts(bad[i].a, bad[i].b, bad[i].measure);
		char err[1024] = "";

		o.nr_seeds = bad[i].seeds;
		assert_int_equal(bisect_check(&o, err, sizeof(err)), -1);
		if (!strstr(err, bad[i].msg))
			fail_msg("'%s' lacks '%s'", err, bad[i].msg);
	}
}

/*
 * The runs done elsewhere: --emit-jobs writes each round's runs as
 * command lines, GNU parallel runs them (sh one after the other where it
 * is not installed), the same command again gives the next round's, and
 * the report it writes once none is left is the local bisect's, byte for
 * byte but for the wall-clock time.  A job of no round is refused.
 */
static void test_emit_jobs_through_parallel(void **state)
{
	char dir[] = "/tmp/mmsim-bisect-jobs-XXXXXX", cmd[4096], out[4096];
	const char *args = "bisect 2.6.32-rc6+1+2 2.6.32-rc6+1+2+3 --seeds 2 "
			   "--measure elapsed -j 2 --scenario";
	const char *runner;
	char *mmsim = realpath(test_mmsim_path(), NULL);
	int rounds = 0, rc;

	(void)state;
	assert_non_null(mmsim);
	assert_non_null(mkdtemp(dir));
	runner = system("command -v parallel >/dev/null 2>&1") == 0 ?
		 "parallel --will-cite --jobs 2 --halt now,fail=1 <" : "sh";
	snprintf(cmd, sizeof(cmd), "cd %s && '%s' %s %s --runs r1 --out a "
		 ">a.txt 2>a.err", dir, mmsim, args, scenario_path);
	assert_int_equal(system(cmd), 0);
	for (;;) {
		snprintf(cmd, sizeof(cmd), "cd %s && '%s' %s %s --runs r2 --out b "
			 "--emit-jobs jobs.txt >b.txt 2>b.err && test -s jobs.txt",
			 dir, mmsim, args, scenario_path);
		if (system(cmd))
			break;
		assert_true(++rounds < 10);
		snprintf(cmd, sizeof(cmd), "cd %s && grep -c -- '--run-job ' jobs.txt "
			 ">/dev/null && %s jobs.txt >/dev/null 2>&1", dir, runner);
		assert_int_equal(system(cmd), 0);
	}
	/* A, B, then the flips: two rounds at least. */
	assert_true(rounds >= 2);
	snprintf(cmd, sizeof(cmd), "cd %s && test -f jobs.txt && ! test -s jobs.txt "
		 "&& cmp a/bisect.json b/bisect.json && "
		 "diff a/bisect.txt b/bisect.txt | grep -v ' runs in ' | "
		 "grep -c '^[<>]' | grep -qx 0", dir);
	assert_int_equal(system(cmd), 0);
	/* Refusals: no runs folder; a job no round has. */
	snprintf(cmd, sizeof(cmd), "%s %s --emit-jobs %s/j2.txt", args,
		 scenario_path, dir);
	rc = test_cli_run(cmd, out, sizeof(out));
	assert_int_equal(rc, 2);
	assert_non_null(strstr(out, "needs --runs"));
	snprintf(cmd, sizeof(cmd), "%s %s --runs %s/r2 --out %s/b --run-job "
		 "0123456789abcdef", args, scenario_path, dir, dir);
	rc = test_cli_run(cmd, out, sizeof(out));
	assert_int_equal(rc, 1);
	assert_non_null(strstr(out, "every run of this bisect is kept"));
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
	free(mmsim);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_one_patch_one_switch),
		cmocka_unit_test(test_patch_lands_on_its_switches),
		cmocka_unit_test(test_interaction_found_by_ddmin),
		cmocka_unit_test(test_unread_switch_skipped),
		cmocka_unit_test(test_same_at_any_jobs),
		cmocka_unit_test(test_flips_stop_once_decided),
		cmocka_unit_test(test_runs_shared_between_measures),
		cmocka_unit_test(test_identical_is_about_runs),
		cmocka_unit_test(test_emit_jobs_through_parallel),
		cmocka_unit_test(test_screening_splits_and_keeps_groups),
	};

	test_cli_init(argv[0]);
	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("bisect", tests, setup, teardown);
}
