// SPDX-License-Identifier: GPL-2.0
/*
 * mmsim compare: scenario overrides for sweeps, the text report over
 * fabricated results (exact text), summary.json, the report folder's
 * files and their reproducibility, plots and index.html, --emit-jobs
 * lines, and merge giving the same tables as compare.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <dirent.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <cmocka.h>
#include "testlib.h"
#include <jansson.h>
#include "experiment/compare.h"
#include "experiment/run.h"
#include "linux/backing-dev.h"
#include "linux/mmzone.h"
#include "linux/vmstat.h"
#include "metrics/records.h"
#include "mmsim/profile.h"
#include "report/compare_report.h"
#include "report/html.h"
#include "report/measure_table.h"
#include "report/plots.h"
#include "report/progress.h"
#include "scenario/scenario.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define SEC(x) ((sim_time_t)((x) * 1e9 + 0.5))

/* ---- helpers ------------------------------------------------------------ */

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = 0;
	fclose(f);
	return buf;
}

static void spit(const char *path, const char *text)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static char *tmpdir(void)
{
	char tmpl[] = "/tmp/mmsim-test-compare-XXXXXX";
	char *d = mkdtemp(tmpl);

	assert_non_null(d);
	return strdup(d);
}

static void rm_rf(const char *path)
{
	char *cmd;

	assert_true(asprintf(&cmd, "rm -rf '%s'", path) > 0);
	assert_int_equal(system(cmd), 0);
	free(cmd);
}

static void assert_text(const char *got, const char *want)
{
	if (strcmp(got, want))
		fail_msg("got:\n%s\nwant:\n%s", got, want);
}

/*
 * A fabricated run: fake-gitk took @elapsed seconds, kern.log printed
 * @failures reports; @k scales the reclaim counters so columns differ.
 */
static void fabricate(struct run_result *r, const char *kernel, uint64_t seed,
		      double elapsed, unsigned long failures, unsigned long k)
{
	static const struct latency_sample lines[] = {
		{ SEC(1), SEC(0.5) }, { SEC(3), SEC(2) }, { SEC(4.5), SEC(1.5) },
	};
	uint64_t *ev, *wmark;
	struct cw_total *cw;

	result_init(r);
	result_set_text(r, "kernel", kernel);
	result_set_text(r, "scenario", "test.ini");
	result_set_text(r, "arch", "x86_64");
	result_set_uint(r, "seed", seed);
	/* must not reach the tables */
	result_set_real(r, "wall_seconds", 0.25 * (double)seed);
	result_set_bool(r, "gitk_done", true);
	result_set_uint(r, "gitk_elapsed", SEC(elapsed));
	result_set_uint(r, "sim_end", SEC(elapsed) + SEC(1));
	result_set_uint(r, "failures_printed", failures);
	result_set_uint(r, "failures_total", failures + 1);
	/* Three gitk lines: stalls of 0.5 s, 2 s and 1.5 s.  Two exceed 1 s;
	 * max 2 s; p95 over the sorted {0.5, 1.5, 2}: rank 0.95 * 2 = 1.9,
	 * 1.5 + 0.9 * (2 - 1.5) = 1.95 s. */
	for (size_t i = 0; i < N(lines); i++)
		result_append(r, "latency", &lines[i]);
	for (int i = 0; i < 3; i++) {
		struct sample_point s = { 0 };

		s.when = SEC(i);
		s.free[ZONE_DMA] = 1000 + (unsigned long)i;
		s.free[ZONE_DMA32] = 20000 - 100 * (unsigned long)i * k;
		s.nr_dirty = 50 * (unsigned long)i;
		s.nr_writeback = 10 * (unsigned long)i;
		s.alloc_failures = (unsigned long)i * failures / 2;
		s.cw_time = SEC(0.1 * i);
		result_append(r, "samples", &s);
	}
	wmark = result_uints_mut(r, "watermarks");
	wmark[ZONE_DMA32 * NR_WMARK + WMARK_MIN] = 700;
	wmark[ZONE_DMA32 * NR_WMARK + WMARK_LOW] = 875;
	wmark[ZONE_DMA32 * NR_WMARK + WMARK_HIGH] = 1050;
	/* congestion_wait: kswapd (site 3) on ASYNC, 10 * k calls of 0.1 s. */
	cw = result_records_mut(r, "congestion_wait", NULL);
	cw[3 * NR_CW_QUEUES + 0].calls = 10 * k;
	cw[3 * NR_CW_QUEUES + 0].timeouts = 4 * k;
	cw[3 * NR_CW_QUEUES + 0].time = SEC(1) * k;
	ev = result_uints_mut(r, "vm_events");
	ev[KSWAPD_PREMATURE_FAST] = k;
	ev[KSWAPD_PREMATURE_SLOW] = 2 * k;
	ev[ALLOCSTALL] = 5 * k;
	ev[PSWPOUT] = 100 * k;
	ev[PGSCAN_KSWAPD_DMA32] = 800 * k;
	ev[PGSCAN_KSWAPD_NORMAL] = 200 * k;
	ev[PGSCAN_DIRECT_DMA32] = 250 * k;
	ev[KSWAPD_STEAL] = 600 * k;
	ev[PGSTEAL_DMA32] = 750 * k;
	result_ints_mut(r, "vm_stat")[NR_VMSCAN_WRITE] = 30 * (long)k;
	/* Fragmentation: @failures samples below low, half of them below
	 * min, 1 - 0.05 * failures of the free pages in order >= 2 blocks
	 * then (none below low: no share, the run is left out of the row). */
	result_set_text(r, "frag_zone", "DMA32");
	result_set_uint(r, "frag_order", 2);
	result_set_uint(r, "frag_below_low", failures);
	result_set_uint(r, "frag_below_min", failures / 2);
	if (failures)
		result_set_real(r, "frag_share_below_low", 1 - 0.05 * (double)failures);
	/*
	 * The order >= 1 atomic failures: @failures of them; at them (runs
	 * with any) 1000 - 10 * failures pages free, 10 * failures in blocks
	 * of the order or more, 5 * failures of those on the reserve lists,
	 * 100 * failures on the pcp lists.  The allocator's counters scale
	 * with k: 3 drains, 10 order-1 stack allocations that may sleep, 2
	 * of them in direct reclaim, 100 fallbacks of dm-crypt's pages
	 * breaking order >= 2 blocks, 1000 write pages in flight at the
	 * peak and 250 on average.
	 */
	result_set_uint(r, "hofail_count", failures);
	if (failures) {
		result_set_real(r, "hofail_free", 1000 - 10.0 * (double)failures);
		result_set_real(r, "hofail_blocks", 10.0 * (double)failures);
		result_set_real(r, "hofail_reserve", 5.0 * (double)failures);
		result_set_real(r, "hofail_pcp", 100.0 * (double)failures);
	}
	result_set_uint(r, "drain_all_pages", 3 * k);
	result_uints_mut(r, "highorder_sleeping")[ALLOC_CALLER_STACK * 4] = 10 * k;
	result_uints_mut(r, "highorder_direct_reclaim")[ALLOC_CALLER_STACK * 4] =
		2 * k;
	result_uints_mut(r, "blocks_broken")[ALLOC_CALLER_PAGE_POOL * 3 + 1] =
		100 * k;
	result_set_uint(r, "crypt_write_pages_peak", 1000 * k);
	result_set_real(r, "crypt_write_pages_mean", 250.0 * (double)k);
	result_set_text(r, "kern_log",
			"gitk: page allocation failure. order:2, mode:0x20\n");
}

/*
 * Two kernels, two seeds each (seeds 7 and 8), no sweep.  Elapsed:
 * 2.6.30: 100 s and 110 s; 2.6.31: 130 s and 150 s.  Failures 0, 2 and
 * 4, 6.  Reclaim counters: k = 1 for 2.6.30, k = 2 for 2.6.31.
 */
static void make_experiment(struct experiment *e, const char *scenario_path)
{
	struct experiment_opts o = {
		.scenario_path = scenario_path,
		.kernels = "2.6.30,2.6.31",
		.nr_seeds = 2,
		.base_seed_set = true,
		.base_seed = 7,
	};
	static const double elapsed[] = { 100, 110, 130, 150 };
	static const unsigned long failures[] = { 0, 2, 4, 6 };
	char err[512];

	if (experiment_init(e, &o, err, sizeof(err)))
		fail_msg("%s", err);
	assert_int_equal(experiment_nr_jobs(e), 4);
	for (size_t i = 0; i < 4; i++) {
		fabricate(&e->results[i], e->kernels[i / 2],
			  experiment_job_seed(e, i), elapsed[i], failures[i],
			  i / 2 + 1);
		e->have[i] = true;
	}
}

/* A small machine and a short run: 0.1 s of CPU per run. */
static const char tiny_scenario[] =
	"[machine]\n"
	"arch = x86_64\n"
	"mem = 128M\n"
	"cpus = 2\n"
	"disk_size = 4G\n"
	"fs_size = 2G\n"
	"swap_size = 1G\n"
	"\n"
	"[run]\n"
	"seed = 3\n"
	"until = gitk-done | 30s\n"
	"sample_interval = 500ms\n"
	"\n"
	"[task gitk]\n"
	"program = gitk\n"
	"commits = 20000\n"
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

static char *write_scenario(const char *dir)
{
	char *path;

	assert_true(asprintf(&path, "%s/test.ini", dir) > 0);
	spit(path, tiny_scenario);
	return path;
}

/* ---- scenario overrides -------------------------------------------------- */

static void test_override_replaces_inserts_appends(void **state)
{
	char err[256], *t;

	/* Set in the file: the line is replaced in place. */
	t = scenario_text_override(tiny_scenario, "run", "seed", "9", err, sizeof(err));
	assert_non_null(t);
	assert_non_null(strstr(t, "[run]\nseed = 9\nuntil = gitk-done | 30s\n"));
	assert_int_equal(strlen(t), strlen(tiny_scenario));
	free(t);
	/* Not set, section present: added after the section's last key. */
	t = scenario_text_override(tiny_scenario, "machine", "disk_rpm", "7200",
				   err, sizeof(err));
	assert_non_null(t);
	assert_non_null(strstr(t, "swap_size = 1G\ndisk_rpm = 7200\n\n[run]"));
	free(t);
	/* Section absent: appended. */
	t = scenario_text_override(tiny_scenario, "vm", "min_free_kbytes", "2048",
				   err, sizeof(err));
	assert_non_null(t);
	assert_non_null(strstr(t, "order = 2\n\n[vm]\nmin_free_kbytes = 2048\n"));
	free(t);
	/* A task key. */
	t = scenario_text_override(tiny_scenario, "task gitk", "commits", "50",
				   err, sizeof(err));
	assert_non_null(t);
	assert_non_null(strstr(t, "program = gitk\ncommits = 50\nloops = 1\n"));
	free(t);
	/* A missing task section is an error, and bad values are refused. */
	assert_null(scenario_text_override(tiny_scenario, "task hog", "size",
					   "1M", err, sizeof(err)));
	assert_string_equal(err, "no [task hog] in the scenario");
	assert_null(scenario_text_override(tiny_scenario, "vm", "swappiness",
					   "1 ; x", err, sizeof(err)));
}

static void test_override_resolves_keys(void **state)
{
	static const struct {
		const char *key, *section, *name;
	} cases[] = {
		{ "commits", "task gitk", "commits" },	/* set in the file */
		{ "bwlimit", "task netrx", "bwlimit" },
		{ "nr_requests", "vm", "nr_requests" },	/* the registry's */
		{ "mem", "machine", "mem" },
		{ "gitk.loops", "task gitk", "loops" },	/* TASK.KEY */
		{ "vm.swappiness", "vm", "swappiness" },	/* SECTION.KEY */
	};
	char err[512], *sec = NULL, *name = NULL, *t;

	for (size_t i = 0; i < N(cases); i++) {
		t = scenario_override(tiny_scenario, "t.ini", cases[i].key, "10",
				      &sec, &name, err, sizeof(err));
		if (!t)
			fail_msg("%s: %s", cases[i].key, err);
		assert_string_equal(sec, cases[i].section);
		assert_string_equal(name, cases[i].name);
		free(t);
		free(sec);
		free(name);
	}
	/* Errors name the key. */
	assert_null(scenario_override(tiny_scenario, "t.ini", "nosuch", "1", NULL,
				      NULL, err, sizeof(err)));
	assert_string_equal(err, "sweep key 'nosuch': not a key of [machine], [vm], "
			    "[kernel] or [run], nor set in a section of t.ini "
			    "(a task's key: TASK.nosuch)");
	assert_null(scenario_override(tiny_scenario, "t.ini", "hog.size", "1M",
				      NULL, NULL, err, sizeof(err)));
	assert_string_equal(err, "sweep key 'hog.size': no [task hog] in "
			    "the scenario t.ini");
	assert_null(scenario_override(tiny_scenario, "t.ini", "seed", "1", NULL,
				      NULL, err, sizeof(err)));
	assert_string_equal(err, "sweep key 'seed': seeds are chosen with --seeds "
			    "and --seed");
	assert_null(scenario_override(tiny_scenario, "t.ini", "profile", "2.6.30",
				      NULL, NULL, err, sizeof(err)));
	assert_string_equal(err, "sweep key 'profile': kernels are chosen with "
			    "--kernels");
}

static void test_sweep_points_and_columns(void **state)
{
	char *dir = tmpdir(), *path = write_scenario(dir), err[512];
	const char *sweeps[] = { "min_free_kbytes=1024,2048", "gitk.commits=10000,20000" };
	struct experiment_opts o = {
		.scenario_path = path, .kernels = "2.6.30", .nr_seeds = 3,
		.sweeps = sweeps, .nr_sweeps = 2,
	};
	struct experiment e;

	if (experiment_init(&e, &o, err, sizeof(err)))
		fail_msg("%s", err);
	/* 2 x 2 points, first key slowest; the base seed is [run] seed = 3. */
	assert_int_equal(e.nr_points, 4);
	assert_string_equal(e.points[1].label, "min_free_kbytes=1024,gitk.commits=20000");
	assert_string_equal(e.points[2].file,
			    "scenarios/min_free_kbytes_2048_gitk.commits_10000.ini");
	assert_non_null(strstr(e.points[2].text, "commits = 10000\n"));
	assert_non_null(strstr(e.points[3].text, "[vm]\nmin_free_kbytes = 2048\n"));
	assert_int_equal(e.nr_columns, 4);
	assert_string_equal(e.columns[3].name,
			    "2.6.30@min_free_kbytes=2048,gitk.commits=20000");
	assert_int_equal(experiment_nr_jobs(&e), 12);
	/* Job 7: column 7 / 3 = 2, seed 3 + 7 % 3 = 4. */
	assert_int_equal(experiment_job_seed(&e, 7), 4);
	assert_ptr_equal(experiment_job_column(&e, 7), &e.columns[2]);
	experiment_free(&e);

	/* A value the parser or a program refuses stops everything, with
	 * file and line. */
	sweeps[0] = "mem=12";
	assert_int_equal(experiment_init(&e, &o, err, sizeof(err)), -1);
	experiment_free(&e);
	assert_non_null(strstr(err, "test.ini [mem=12,gitk.commits=10000]:3: mem = '12'"));
	sweeps[0] = "vm.swappiness=60";
	sweeps[1] = "gitk.commits=10";
	assert_int_equal(experiment_init(&e, &o, err, sizeof(err)), -1);
	experiment_free(&e);
	assert_non_null(strstr(err, "test.ini [vm.swappiness=60,gitk.commits=10]:14: "
			       "[task gitk]: print_every (1000) exceeds commits (10)"));
	rm_rf(dir);
	free(dir);
	free(path);
}

/* ---- the text report ---------------------------------------------------- */

static char *report_text(const struct experiment *e,
			 void (*part)(FILE *, const struct report *))
{
	struct experiment_report er;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	experiment_report_init(&er, e, "compare", "test");
	part(f, &er.rep);
	fclose(f);
	experiment_report_free(&er);
	return text;
}

static void table_part(FILE *f, const struct report *rep)
{
	assert_int_equal(compare_report_table(f, rep), 0);
}

static void test_report_cover_lines(void **state)
{
	struct experiment e;
	char *t;

	make_experiment(&e, NULL);
	t = report_text(&e, compare_report_cover);
	/* 2.6.30: mean (100 + 110) / 2 = 105 s = 01:45.000, stddev
	 * sqrt(((100-105)^2 + (110-105)^2) / 1) = 7.071; failures (0+2)/2 = 1.
	 * 2.6.31: 140 s = 02:20.000, stddev sqrt(100 + 100) = 14.142; (4+6)/2 = 5.
	 * Names are padded to the longest (6) + 2. */
	assert_text(t,
"Mean of 2 runs per kernel (seeds 7..8): Elapsed is fake-gitk's mean elapsed "
"time (stddev over the runs), Failures the mean number of allocation failures "
"kern.log printed per run (no __GFP_NOWARN ones).\n"
"2.6.30  Elapsed:01:45.000(stddev:7.071)  Failures:1\n"
"\n"
"2.6.31  Elapsed:02:20.000(stddev:14.142)  Failures:5\n");
	free(t);
	experiment_free(&e);
}

static void test_report_comparison_table(void **state)
{
	struct experiment e;
	char *t;

	make_experiment(&e, NULL);
	t = report_text(&e, table_part);
	/*
	 * elapsed: 105 vs 140: (105 - 140) / 105 = -33.33% (lower is better).
	 * Welch: t = -35 / sqrt(50/2 + 200/2) = -35 / 11.180 = -3.130,
	 * df = 125^2 / (25^2 + 100^2) = 15625 / 10625 = 1.4706; p = 0.13 > 0.05:
	 * no mark.  Stddev 7.07 vs 14.14: -100.00%.
	 * failures: 1 vs 5: -400%; stddev 1.41 vs 1.41: 0%.
	 * failures-all (one more each): 2 vs 6: -200%; Welch t = -4 / sqrt(1 + 1)
	 * = -2.83, df = 2, p = 0.106: no mark.
	 * Stall measures are equal in every run (stalls>1s 2, max 2, p95 1.95):
	 * stddev 0 both sides; Welch of equal means, no variance: p = 1.
	 * cw-time: k seconds: 1 vs 2: -100%; cw-calls 10 vs 20: -100%.
	 * premature-fast 1 vs 2, premature-slow 2 vs 4, allocstall 5 vs 10,
	 * pswpout 100 vs 200: all -100%, no variance: a difference with zero
	 * variance on both sides is significant (p = 0): "*".
	 * The fabricated runs have no gitk processes and no disk: where
	 * gitk's time went and the disk's utilisation are 0 everywhere,
	 * equal means without variance; what is measured between processes
	 * (their spread, thrashing passes, the swap token's share) is n/a.
	 * frag-share<low: 2.6.30's first run was never below low and is left
	 * out: 90 (0.9 of seed 8) alone, stddev n/a; 2.6.31 80 and 70: 75,
	 * stddev 7.07, (75 - 90) / 90 = -16.67% (higher is better), no Welch
	 * with one run.  samples<low as failures-all less one: 1 vs 5, -400%,
	 * p = 0.106; samples<min 0.5 vs 2.5 (0, 1 and 2, 3), stddev 0.71
	 * both, -400%, t = -2 / sqrt(0.25 + 0.25) = -2.83, df 2: no mark.
	 * hofail as failures: 1 vs 5, -400%, no mark.  Its medians, from
	 * the runs with failures only (2.6.30's seed 8, 2 failures; 2.6.31's
	 * 4 and 6): free 980 vs 960, 940: 950, stddev 14.14, (950 - 980) /
	 * 980 = -3.06% (higher is better); blocks 20 vs 40, 60: 50, +150%;
	 * reserve 10 vs 20, 30: 25, stddev 7.07, +150%; pcp 200 vs 400, 600:
	 * 500, stddev 141.42, -150% (lower is better); one run on the left:
	 * no stddev, no Welch.  The allocator's counters double with k and
	 * never vary within a column: -100%, significant ("*"): drains 3 vs
	 * 6, order > 0 sleeping allocations 10 vs 20, in direct reclaim 2 vs
	 * 4, order >= 2 blocks broken by fallbacks 100 vs 200, dm-crypt
	 * write pages at the peak 1000 vs 2000 and on average 250 vs 500.
	 * No pool waited in any run: mempool-wait has no value, n/a.
	 */
	assert_text(t,
"                                        2.6.30                 2.6.31\n"
"Amean  elapsed               105.00 (   0.00%)      140.00 ( -33.33%)\n"
"Stddev elapsed                 7.07 (   0.00%)       14.14 (-100.00%)\n"
"Amean  failures                1.00 (   0.00%)        5.00 (-400.00%)\n"
"Stddev failures                1.41 (   0.00%)        1.41 (   0.00%)\n"
"Amean  failures-all            2.00 (   0.00%)        6.00 (-200.00%)\n"
"Stddev failures-all            1.41 (   0.00%)        1.41 (   0.00%)\n"
"Amean  stalls>1s               2.00 (   0.00%)        2.00 (   0.00%)\n"
"Stddev stalls>1s               0.00 (   0.00%)        0.00 (   0.00%)\n"
"Amean  stall-max               2.00 (   0.00%)        2.00 (   0.00%)\n"
"Stddev stall-max               0.00 (   0.00%)        0.00 (   0.00%)\n"
"Amean  stall-p95               1.95 (   0.00%)        1.95 (   0.00%)\n"
"Stddev stall-p95               0.00 (   0.00%)        0.00 (   0.00%)\n"
"Amean  cw-time                 1.00 (   0.00%)        2.00 *-100.00%*\n"
"Stddev cw-time                 0.00 (   0.00%)        0.00 (   0.00%)\n"
"Amean  cw-calls               10.00 (   0.00%)       20.00 *-100.00%*\n"
"Stddev cw-calls                0.00 (   0.00%)        0.00 (   0.00%)\n"
"Amean  premature-fast          1.00 (   0.00%)        2.00 *-100.00%*\n"
"Stddev premature-fast          0.00 (   0.00%)        0.00 (   0.00%)\n"
"Amean  premature-slow          2.00 (   0.00%)        4.00 *-100.00%*\n"
"Stddev premature-slow          0.00 (   0.00%)        0.00 (   0.00%)\n"
"Amean  allocstall              5.00 (   0.00%)       10.00 *-100.00%*\n"
"Stddev allocstall              0.00 (   0.00%)        0.00 (   0.00%)\n"
"Amean  pswpout               100.00 (   0.00%)      200.00 *-100.00%*\n"
"Stddev pswpout                 0.00 (   0.00%)        0.00 (   0.00%)\n"
"Amean  tcp-prune               0.00 (   0.00%)        0.00 (   0.00%)\n"
"Stddev tcp-prune               0.00 (   0.00%)        0.00 (   0.00%)\n"
"Amean  tcp-collapsed           0.00 (   0.00%)        0.00 (   0.00%)\n"
"Stddev tcp-collapsed           0.00 (   0.00%)        0.00 (   0.00%)\n"
"Amean  tcp-dropped             0.00 (   0.00%)        0.00 (   0.00%)\n"
"Stddev tcp-dropped             0.00 (   0.00%)        0.00 (   0.00%)\n"
"Amean  gitk-spread              n/a (     n/a)         n/a (     n/a)\n"
"Stddev gitk-spread              n/a (     n/a)         n/a (     n/a)\n"
"Amean  gitk-process-sd          n/a (     n/a)         n/a (     n/a)\n"
"Stddev gitk-process-sd          n/a (     n/a)         n/a (     n/a)\n"
"Amean  gitk-thrashed            n/a (     n/a)         n/a (     n/a)\n"
"Stddev gitk-thrashed            n/a (     n/a)         n/a (     n/a)\n"
"Amean  gitk-pass-swapin         n/a (     n/a)         n/a (     n/a)\n"
"Stddev gitk-pass-swapin         n/a (     n/a)         n/a (     n/a)\n"
"Amean  gitk-token-share         n/a (     n/a)         n/a (     n/a)\n"
"Stddev gitk-token-share         n/a (     n/a)         n/a (     n/a)\n"
"Amean  gitk-cpu                0.00 (   0.00%)        0.00 (   0.00%)\n"
"Stddev gitk-cpu                0.00 (   0.00%)        0.00 (   0.00%)\n"
"Amean  gitk-runqueue           0.00 (   0.00%)        0.00 (   0.00%)\n"
"Stddev gitk-runqueue           0.00 (   0.00%)        0.00 (   0.00%)\n"
"Amean  gitk-reclaim            0.00 (   0.00%)        0.00 (   0.00%)\n"
"Stddev gitk-reclaim            0.00 (   0.00%)        0.00 (   0.00%)\n"
"Amean  gitk-cw-time            0.00 (   0.00%)        0.00 (   0.00%)\n"
"Stddev gitk-cw-time            0.00 (   0.00%)        0.00 (   0.00%)\n"
"Amean  gitk-swapin             0.00 (   0.00%)        0.00 (   0.00%)\n"
"Stddev gitk-swapin             0.00 (   0.00%)        0.00 (   0.00%)\n"
"Amean  gitk-file-read          0.00 (   0.00%)        0.00 (   0.00%)\n"
"Stddev gitk-file-read          0.00 (   0.00%)        0.00 (   0.00%)\n"
"Amean  disk-util               0.00 (   0.00%)        0.00 (   0.00%)\n"
"Stddev disk-util               0.00 (   0.00%)        0.00 (   0.00%)\n"
"Amean  frag-share<low         90.00 (   0.00%)       75.00 ( -16.67%)\n"
"Stddev frag-share<low           n/a (     n/a)        7.07 (     n/a)\n"
"Amean  samples<low             1.00 (   0.00%)        5.00 (-400.00%)\n"
"Stddev samples<low             1.41 (   0.00%)        1.41 (   0.00%)\n"
"Amean  samples<min             0.50 (   0.00%)        2.50 (-400.00%)\n"
"Stddev samples<min             0.71 (   0.00%)        0.71 (   0.00%)\n"
"Amean  hofail                  1.00 (   0.00%)        5.00 (-400.00%)\n"
"Stddev hofail                  1.41 (   0.00%)        1.41 (   0.00%)\n"
"Amean  hofail-free           980.00 (   0.00%)      950.00 (  -3.06%)\n"
"Stddev hofail-free              n/a (     n/a)       14.14 (     n/a)\n"
"Amean  hofail-blocks          20.00 (   0.00%)       50.00 ( 150.00%)\n"
"Stddev hofail-blocks            n/a (     n/a)       14.14 (     n/a)\n"
"Amean  hofail-reserve         10.00 (   0.00%)       25.00 ( 150.00%)\n"
"Stddev hofail-reserve           n/a (     n/a)        7.07 (     n/a)\n"
"Amean  hofail-pcp            200.00 (   0.00%)      500.00 (-150.00%)\n"
"Stddev hofail-pcp               n/a (     n/a)      141.42 (     n/a)\n"
"Amean  drain-all-pages         3.00 (   0.00%)        6.00 *-100.00%*\n"
"Stddev drain-all-pages         0.00 (   0.00%)        0.00 (   0.00%)\n"
"Amean  ho-sleeping            10.00 (   0.00%)       20.00 *-100.00%*\n"
"Stddev ho-sleeping             0.00 (   0.00%)        0.00 (   0.00%)\n"
"Amean  ho-reclaim              2.00 (   0.00%)        4.00 *-100.00%*\n"
"Stddev ho-reclaim              0.00 (   0.00%)        0.00 (   0.00%)\n"
"Amean  broken-fallback       100.00 (   0.00%)      200.00 *-100.00%*\n"
"Stddev broken-fallback         0.00 (   0.00%)        0.00 (   0.00%)\n"
"Amean  crypt-pages-peak     1000.00 (   0.00%)     2000.00 *-100.00%*\n"
"Stddev crypt-pages-peak        0.00 (   0.00%)        0.00 (   0.00%)\n"
"Amean  crypt-pages-mean      250.00 (   0.00%)      500.00 *-100.00%*\n"
"Stddev crypt-pages-mean        0.00 (   0.00%)        0.00 (   0.00%)\n"
"Amean  mempool-wait             n/a (     n/a)         n/a (     n/a)\n"
"Stddev mempool-wait             n/a (     n/a)         n/a (     n/a)\n"
"Percent: difference from 2.6.30, positive is better; *x%*: Amean differs "
"at alpha 0.05 (Welch's t-test, two-sided); from 0: the baseline is 0, the "
"value is the change\n");
	free(t);
	experiment_free(&e);
}

/* compare's text of the table measures (measure_table.c). */
static void compare_tables_text(FILE *f, const struct report *rep)
{
	measure_tables_text(f, rep, SHOW_COMPARE);
}

static void test_report_ops_rows(void **state)
{
	struct experiment e;
	char *t;

	make_experiment(&e, NULL);
	t = report_text(&e, compare_report_ops);
	/*
	 * Per run with k: allocstall 5k; direct scanned 250k; kswapd scanned
	 * 800k + 200k = 1000k; kswapd reclaimed 600k; direct reclaimed
	 * pgsteal - kswapd_steal = 750k - 600k = 150k; writes 30k.
	 * Efficiency: kswapd 600/1000 = 60%, direct 150/250 = 60%.
	 * Velocity over simulated seconds (sim_end = elapsed + 1):
	 *  2.6.30: kswapd 2000 / (101 + 111) = 9.434, direct 500 / 212 = 2.358;
	 *  2.6.31: kswapd 4000 / (131 + 151) = 14.184, direct 1000 / 282 = 3.546.
	 * Direct share: 250 / 1250 = 20%.
	 */
	assert_text(t,
"Ops from vmstat: counts are means per run; efficiency (reclaimed/scanned), "
"velocity (scanned per simulated second) and the direct share are over all "
"runs of a column.\n"
"                                   2.6.30        2.6.31\n"
"Ops Allocation stalls                5.00         10.00\n"
"Ops Direct pages scanned           250.00        500.00\n"
"Ops Kswapd pages scanned          1000.00       2000.00\n"
"Ops Kswapd pages reclaimed         600.00       1200.00\n"
"Ops Direct pages reclaimed         150.00        300.00\n"
"Ops Kswapd efficiency                 60%           60%\n"
"Ops Kswapd velocity                 9.434        14.184\n"
"Ops Direct efficiency                 60%           60%\n"
"Ops Direct velocity                 2.358         3.546\n"
"Ops Percentage direct scans           20%           20%\n"
"Ops Page writes by reclaim          30.00         60.00\n");
	free(t);
	t = report_text(&e, compare_tables_text);
	/*
	 * kswapd on ASYNC: 10k calls, 4k full timeouts, k seconds; the
	 * names of the rows and values are the measure's declaration's.
	 */
	assert_text(t,
"\n"
"congestion_wait by call site and queue asked for (timeouts: the calls "
"that slept their whole timeout), means per run.\n"
"                                2.6.30        2.6.31\n"
"cw kswapd ASYNC calls            10.00         20.00\n"
"cw kswapd ASYNC timeouts          4.00          8.00\n"
"cw kswapd ASYNC seconds          1.000         2.000\n"
"cw total calls                   10.00         20.00\n"
"cw total timeouts                 4.00          8.00\n"
"cw total seconds                 1.000         2.000\n");
	free(t);
	experiment_free(&e);
}

/* ---- the folder -------------------------------------------------------- */

static void write_folder(const struct experiment *e, const char *dir,
			 double wall, bool render, char *note, size_t note_len)
{
	struct experiment_report er;
	double secs[4] = { wall, wall + 1, wall + 2, wall + 3 };
	struct report_wall_clock wc = { .elapsed = wall * 10, .run_seconds = secs };
	struct report_folder_opts fo = { .render = render, .wall = &wc };
	char err[512];

	experiment_report_init(&er, e, "compare", "test");
	if (report_write_folder(&er.rep, dir, &fo, note, note_len, err, sizeof(err)))
		fail_msg("%s", err);
	experiment_report_free(&er);
}

/* Every regular file under @dir, relative, sorted; a flat list. */
static void list_files(const char *dir, const char *rel, char ***v, size_t *n)
{
	char *path;
	DIR *d;
	struct dirent *de;

	assert_true(asprintf(&path, "%s%s%s", dir, *rel ? "/" : "", rel) > 0);
	d = opendir(path);
	assert_non_null(d);
	while ((de = readdir(d))) {
		char *r, *full;
		struct stat st;

		if (de->d_name[0] == '.')
			continue;
		assert_true(asprintf(&r, "%s%s%s", rel, *rel ? "/" : "", de->d_name) > 0);
		assert_true(asprintf(&full, "%s/%s", dir, r) > 0);
		assert_int_equal(stat(full, &st), 0);
		if (S_ISDIR(st.st_mode)) {
			list_files(dir, r, v, n);
			free(r);
		} else {
			*v = realloc(*v, (*n + 1) * sizeof(**v));
			(*v)[(*n)++] = r;
		}
		free(full);
	}
	closedir(d);
	free(path);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *without_wall_clock(const char *json_text)
{
	json_error_t jerr;
	json_t *j = json_loads(json_text, 0, &jerr);
	char *s;

	assert_non_null(j);
	assert_int_equal(json_object_del(j, "wall_clock"), 0);
	s = json_dumps(j, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	json_decref(j);
	return s;
}

/* Two folders are the same bytes, summary.json apart from "wall_clock". */
static void assert_same_folders(const char *a, const char *b)
{
	char **fa = NULL, **fb = NULL;
	size_t na = 0, nb = 0;

	list_files(a, "", &fa, &na);
	list_files(b, "", &fb, &nb);
	qsort(fa, na, sizeof(*fa), cmp_str);
	qsort(fb, nb, sizeof(*fb), cmp_str);
	assert_int_equal(na, nb);
	for (size_t i = 0; i < na; i++) {
		char *pa, *pb, *ta, *tb;

		assert_string_equal(fa[i], fb[i]);
		assert_true(asprintf(&pa, "%s/%s", a, fa[i]) > 0);
		assert_true(asprintf(&pb, "%s/%s", b, fb[i]) > 0);
		ta = slurp(pa);
		tb = slurp(pb);
		if (!strcmp(fa[i], "summary.json")) {
			char *x = without_wall_clock(ta), *y = without_wall_clock(tb);

			assert_string_equal(x, y);
			free(x);
			free(y);
		} else if (strcmp(ta, tb)) {
			fail_msg("%s differs between %s and %s", fa[i], a, b);
		}
		free(ta);
		free(tb);
		free(pa);
		free(pb);
		free(fa[i]);
		free(fb[i]);
	}
	free(fa);
	free(fb);
}

static void test_folder_files_and_reproducible(void **state)
{
	char *base = tmpdir(), *a, *b, note[1024];
	char **files = NULL;
	size_t n = 0;
	struct experiment e;
	static const char *const want[] = {
		"index.html",
		"kern-logs/2.6.30-seed7.log.gz", "kern-logs/2.6.30-seed8.log.gz",
		"kern-logs/2.6.31-seed7.log.gz", "kern-logs/2.6.31-seed8.log.gz",
		"plots/comparison.dat", "plots/comparison.gp",
		"plots/congestion-wait.gp", "plots/dirty-writeback.gp",
		"plots/failures.gp", "plots/fragmentation.gp",
		"plots/free-2.6.30.gp", "plots/free-2.6.31.gp",
		"plots/latency.gp",
		"runs/2.6.30-seed7-latency.csv", "runs/2.6.30-seed7.csv",
		"runs/2.6.30-seed8-latency.csv", "runs/2.6.30-seed8.csv",
		"runs/2.6.31-seed7-latency.csv", "runs/2.6.31-seed7.csv",
		"runs/2.6.31-seed8-latency.csv", "runs/2.6.31-seed8.csv",
		"summary.json", "tables.txt",
	};

	assert_true(asprintf(&a, "%s/a", base) > 0);
	assert_true(asprintf(&b, "%s/b", base) > 0);
	assert_int_equal(mkdir(a, 0777), 0);
	assert_int_equal(mkdir(b, 0777), 0);
	make_experiment(&e, NULL);
	/* Different wall-clock values for the two invocations. */
	write_folder(&e, a, 1.5, false, note, sizeof(note));
	write_folder(&e, b, 7.25, false, note, sizeof(note));
	assert_non_null(strstr(note, "plots not rendered; to render: cd "));

	list_files(a, "", &files, &n);
	qsort(files, n, sizeof(*files), cmp_str);
	assert_int_equal(n, N(want));
	for (size_t i = 0; i < n; i++) {
		assert_string_equal(files[i], want[i]);
		free(files[i]);
	}
	free(files);
	assert_same_folders(a, b);
	experiment_free(&e);
	rm_rf(base);
	free(base);
	free(a);
	free(b);
}

static void test_summary_json(void **state)
{
	char *dir = tmpdir(), *path, *text, note[1024];
	struct experiment e;
	json_error_t jerr;
	json_t *j, *runs, *wc, *prof;
	struct kernel_profile p;
	char err[256];
	const char *last_key = NULL, *key;
	size_t i;
	json_t *v;

	make_experiment(&e, NULL);
	write_folder(&e, dir, 2.0, false, note, sizeof(note));
	assert_true(asprintf(&path, "%s/summary.json", dir) > 0);
	text = slurp(path);
	j = json_loads(text, 0, &jerr);
	assert_non_null(j);
	assert_string_equal(json_string_value(json_object_get(j, "mmsim_version")), "test");
	assert_string_equal(json_string_value(json_object_get(j, "arch")), "x86_64");
	/* The scenario text: the embedded default, as run. */
	assert_string_equal(json_string_value(json_object_get(
		json_array_get(json_object_get(j, "scenarios"), 0), "text")),
		scenario_default_text);
	/* Every run, in column order, round-trips through result_from_json
	 * with its measures intact and wall_seconds zeroed. */
	runs = json_object_get(j, "runs");
	assert_int_equal(json_array_size(runs), 4);
	json_array_foreach(runs, i, v) {
		char *s = json_dumps(v, JSON_COMPACT);
		struct run_result r;
		size_t nr_latency;

		assert_int_equal(result_from_json(s, &r, err, sizeof(err)), 0);
		assert_string_equal(result_text(&r, "kernel"),
				    result_text(&e.results[i], "kernel"));
		assert_int_equal(result_uint(&r, "seed"),
				 result_uint(&e.results[i], "seed"));
		assert_int_equal(result_uint(&r, "gitk_elapsed"),
				 result_uint(&e.results[i], "gitk_elapsed"));
		assert_int_equal(result_uints(&r, "vm_events")[PSWPOUT],
				 result_uints(&e.results[i], "vm_events")[PSWPOUT]);
		assert_int_equal(result_uints(&r, "watermarks")[ZONE_DMA32 * NR_WMARK +
								 WMARK_LOW], 875);
		assert_true(result_real(&r, "wall_seconds") == 0);
		/* series are in runs/ */
		result_records(&r, "latency", &nr_latency);
		assert_int_equal(nr_latency, 0);
		result_free(&r);
		free(s);
	}
	/* The profiles: every switch by name, then profile_describe's
	 * lines, for every kernel. */
	assert_int_equal(json_integer_value(json_object_get(j, "format")), 2);
	prof = json_object_get(json_object_get(j, "profiles"), "2.6.31");
	assert_non_null(prof);
	assert_int_equal(profile_parse("2.6.31", &p, err, sizeof(err)), 0);
	assert_string_equal(json_string_value(json_array_get(
		json_object_get(prof, "description"), 0)), "kernel                 2.6.31");
	{
		json_t *sw = json_object_get(prof, "switches");
		char buf[64];

		assert_string_equal(json_string_value(json_object_get(sw, "cw_alloc")),
				    profile_switch_value(&p, "cw_alloc", buf, sizeof(buf)));
		assert_true(json_is_integer(json_object_get(sw, "kswapd_short_sleep_ms")));
		for (size_t k = 0; profile_switch_name(k); k++)
			if (!json_object_get(sw, profile_switch_name(k)))
				fail_msg("no switch %s", profile_switch_name(k));
	}
	/* Wall clock: the last key, and the only place with real values. */
	json_object_foreach(j, key, v)
		last_key = key;
	assert_string_equal(last_key, "wall_clock");
	wc = json_object_get(j, "wall_clock");
	assert_true(json_real_value(json_object_get(wc, "elapsed_seconds")) == 20.0);
	assert_true(json_real_value(json_array_get(json_object_get(wc, "run_seconds"), 3)) == 5.0);
	json_decref(j);
	free(text);
	free(path);
	experiment_free(&e);
	rm_rf(dir);
	free(dir);
}

static void test_plots_and_html(void **state)
{
	char *dir = tmpdir(), *path, *text, note[1024];
	struct experiment e;
	struct experiment_report er;
	struct plot_set set;

	make_experiment(&e, NULL);
	write_folder(&e, dir, 1.0, false, note, sizeof(note));
	experiment_report_init(&er, &e, "compare", "test");
	plots_list(&er.rep, &set);
	assert_int_equal(set.nr, 8);	/* 6 common + one free-pages per column */

	/* The bar chart's data: mean and stddev per column, per measure. */
	assert_true(asprintf(&path, "%s/plots/comparison.dat", dir) > 0);
	text = slurp(path);
	assert_non_null(strstr(text, "# elapsed\n1,105,7.07107,2.6.30\n"
				     "2,140,14.1421,2.6.31\n\n\n# failures\n"));
	free(text);
	free(path);
	/* Scripts read the runs' CSV; free pages show the watermarks. */
	assert_true(asprintf(&path, "%s/plots/free-2.6.31.gp", dir) > 0);
	text = slurp(path);
	assert_non_null(strstr(text, "set output \"free-2.6.31.\".fmt\n"));
	assert_non_null(strstr(text, "\"../runs/2.6.31-seed7.csv\" using 1:($3 > 0 ? $3 : NaN)"));
	assert_non_null(strstr(text, "700 with lines lt 2 dt 2 title \"DMA32 min\""));
	assert_null(strstr(text, "Normal free"));	/* no Normal pages */
	free(text);
	free(path);
	/* Small multiples: a panel per column, titled with its name, on
	 * a common x axis, each with a y scale of its own (latency: log). */
	assert_true(asprintf(&path, "%s/plots/latency.gp", dir) > 0);
	text = slurp(path);
	assert_non_null(strstr(text, "set multiplot layout 1,2 margins "));
	assert_non_null(strstr(text, "set title \"2.6.30\"\nplot \"../runs/2.6.30-seed7-latency.csv\" "
			       "using 1:2 skip 1"));
	assert_non_null(strstr(text, "set title \"2.6.31\"\nplot \"../runs/2.6.31-seed7-latency.csv\" "
			       "using 1:2 skip 1"));
	assert_non_null(strstr(text, "set logscale y\nset yrange [*:*]\n"));
	assert_non_null(strstr(text, "set ylabel \"seconds since the previous line (s, log scale)\"\n"));
	assert_non_null(strstr(text, "set xlabel \"time since the start of the run (s)\"\n"));
	free(text);
	free(path);
	/* nr_writeback on an axis of its own, both labelled with the unit. */
	assert_true(asprintf(&path, "%s/plots/dirty-writeback.gp", dir) > 0);
	text = slurp(path);
	assert_non_null(strstr(text, "set ylabel \"nr_dirty (pages)\"\n"));
	assert_non_null(strstr(text, "set y2label \"nr_writeback (pages)\"\n"));
	assert_non_null(strstr(text, " using 1:8 skip 1 axes x1y2 with lines lt 2 "));
	assert_null(strstr(text, "set yrange [0:1"));	/* no common maximum */
	free(text);
	free(path);
	/* The bar chart names the kernels on its x axis, and labels each
	 * panel's y axis with the measure's unit. */
	assert_true(asprintf(&path, "%s/plots/comparison.gp", dir) > 0);
	text = slurp(path);
	assert_non_null(strstr(text, "using 1:2:3 with boxerrorbars"));
	assert_non_null(strstr(text, "set xtics nomirror rotate by 90 right font \",9\" "
			       "(\"2.6.30\" 1, \"2.6.31\" 2)\n"));
	assert_non_null(strstr(text, "set title \"fake-gitk elapsed (s)\"\nset ylabel \"seconds\"\n"));
	assert_non_null(strstr(text, "set ylabel \"count per run\"\n"));
	assert_null(strstr(text, "set label "));
	free(text);
	free(path);

	/* index.html: every plot, every run's files, the tables, no network. */
	assert_true(asprintf(&path, "%s/index.html", dir) > 0);
	text = slurp(path);
	for (size_t i = 0; i < set.nr; i++) {
		char *img, *gp;

		assert_true(asprintf(&img, "<img src=\"plots/%s.svg\"", set.plots[i].name) > 0);
		assert_true(asprintf(&gp, "href=\"plots/%s.gp\"", set.plots[i].name) > 0);
		assert_non_null(strstr(text, img));
		assert_non_null(strstr(text, gp));
		free(img);
		free(gp);
	}
	assert_non_null(strstr(text, "href=\"runs/2.6.31-seed8-latency.csv\""));
	/* The latency-output log would repeat the CSV's numbers. */
	assert_null(strstr(text, "-latency.log"));
	free(text);
	free(path);
	/* Nor does summary.json repeat the kern.log texts of kern-logs/. */
	assert_true(asprintf(&path, "%s/summary.json", dir) > 0);
	text = slurp(path);
	assert_non_null(strstr(text, "\"kern_log\": null"));
	assert_null(strstr(text, "\"kern_log\": \""));
	free(text);
	free(path);
	assert_true(asprintf(&path, "%s/index.html", dir) > 0);
	text = slurp(path);
	assert_non_null(strstr(text, "href=\"kern-logs/2.6.30-seed7.log.gz\""));
	/* The tables are HTML tables, the summary one per measure group:
	 * 2.6.31's mean elapsed 140 s (stddev 14.14), 33.33% slower than
	 * 2.6.30. */
	assert_non_null(strstr(text, "<table class=\"wide summary\" id=\"group-gitk\">"));
	assert_non_null(strstr(text, "<table class=\"data wide\" id=\"vm-events\">"));
	assert_non_null(strstr(text, "<table class=\"data wide\" id=\"congestion-wait\">"));
	/* Its rows from the declaration, as the text's: kswapd's ASYNC
	 * naps, 10 calls a run on 2.6.30 and 20 on 2.6.31, 4 and 8 full
	 * timeouts, 1 and 2 seconds; then the totals. */
	assert_non_null(strstr(text, "<tr><td>kswapd ASYNC calls</td>"
			       "<td data-v=\"10\">10.00</td><td data-v=\"20\">20.00</td></tr>\n"
			       "<tr><td>kswapd ASYNC timeouts</td>"
			       "<td data-v=\"4\">4.00</td><td data-v=\"8\">8.00</td></tr>\n"
			       "<tr><td>kswapd ASYNC seconds</td>"
			       "<td data-v=\"1\">1.000</td><td data-v=\"2\">2.000</td></tr>\n"
			       "<tr><td>total calls</td>"));
	/* A counter that moved, by its /proc/vmstat name: allocstall, 5
	 * and 10 a run. */
	assert_non_null(strstr(text, "<tr><td>allocstall</td><td data-v=\"5\">5.00</td>"
			       "<td data-v=\"10\">10.00</td></tr>"));
	assert_non_null(strstr(text, "data-v=\"140\">140.00<span class=\"sd\">&plusmn;14.14</span>"
			       "<span class=\"pct\">-33.33%</span>"));
	assert_null(strstr(text, "<pre>gitk"));
	assert_non_null(strstr(text, "The images are not rendered yet"));
	/* No network: the one script is inline. */
	assert_null(strstr(text, "http"));
	assert_null(strstr(text, "<script src"));
	free(text);
	free(path);
	plots_free(&set);
	experiment_report_free(&er);
	experiment_free(&e);
	rm_rf(dir);
	free(dir);
}

/* gnuplot, when installed, accepts every script (one column keeps it short). */
static void test_plots_render(void **state)
{
	char *dir, note[1024], *path;
	struct experiment e;
	struct experiment_opts o = { .kernels = "2.6.30", .nr_seeds = 1 };
	struct experiment_report er;
	struct report_folder_opts fo = { .render = true };
	struct plot_set set;
	char err[512];

	if (system("command -v gnuplot >/dev/null 2>&1"))
		test_skip_because("gnuplot is not installed (apt-get install gnuplot-nox)");
	dir = tmpdir();
	assert_int_equal(experiment_init(&e, &o, err, sizeof(err)), 0);
	fabricate(&e.results[0], "2.6.30", 1, 50, 1, 1);
	e.have[0] = true;
	experiment_report_init(&er, &e, "compare", "test");
	if (report_write_folder(&er.rep, dir, &fo, note, sizeof(note), err, sizeof(err)))
		fail_msg("%s", err);
	if (*note)
		fail_msg("%s", note);
	plots_list(&er.rep, &set);
	for (size_t i = 0; i < set.nr; i++) {
		struct stat st;

		assert_true(asprintf(&path, "%s/plots/%s.svg", dir, set.plots[i].name) > 0);
		assert_int_equal(stat(path, &st), 0);
		assert_true(st.st_size > 0);
		free(path);
	}
	plots_free(&set);
	experiment_report_free(&er);
	experiment_free(&e);
	rm_rf(dir);
	free(dir);
}

/* ---- --emit-jobs and merge ------------------------------------------------ */

static void test_emit_jobs_lines(void **state)
{
	char *dir = tmpdir(), *path = write_scenario(dir), err[512], *text = NULL;
	const char *sweeps[] = { "nr_requests=64,128" };
	struct experiment_opts o = {
		.scenario_path = path, .kernels = "2.6.30,2.6.32-rc6+1+2",
		.nr_seeds = 2, .sweeps = sweeps, .nr_sweeps = 1,
	};
	struct experiment e;
	size_t len = 0;
	FILE *f;

	if (experiment_init(&e, &o, err, sizeof(err)))
		fail_msg("%s", err);
	f = open_memstream(&text, &len);
	experiment_emit_jobs(&e, "out dir", "./mmsim", f);
	fclose(f);
	/* Kernel-major, then point, then seed (3, 4 from [run] seed = 3);
	 * the directory with a blank is quoted, '+' is not. */
	assert_text(text,
"./mmsim run 'out dir/scenarios/nr_requests_64.ini' --kernel 2.6.30 --seed 3 --json 'out dir/json/2.6.30_nr_requests_64-seed3.json'\n"
"./mmsim run 'out dir/scenarios/nr_requests_64.ini' --kernel 2.6.30 --seed 4 --json 'out dir/json/2.6.30_nr_requests_64-seed4.json'\n"
"./mmsim run 'out dir/scenarios/nr_requests_128.ini' --kernel 2.6.30 --seed 3 --json 'out dir/json/2.6.30_nr_requests_128-seed3.json'\n"
"./mmsim run 'out dir/scenarios/nr_requests_128.ini' --kernel 2.6.30 --seed 4 --json 'out dir/json/2.6.30_nr_requests_128-seed4.json'\n"
"./mmsim run 'out dir/scenarios/nr_requests_64.ini' --kernel 2.6.32-rc6+1+2 --seed 3 --json 'out dir/json/2.6.32-rc6_1_2_nr_requests_64-seed3.json'\n"
"./mmsim run 'out dir/scenarios/nr_requests_64.ini' --kernel 2.6.32-rc6+1+2 --seed 4 --json 'out dir/json/2.6.32-rc6_1_2_nr_requests_64-seed4.json'\n"
"./mmsim run 'out dir/scenarios/nr_requests_128.ini' --kernel 2.6.32-rc6+1+2 --seed 3 --json 'out dir/json/2.6.32-rc6_1_2_nr_requests_128-seed3.json'\n"
"./mmsim run 'out dir/scenarios/nr_requests_128.ini' --kernel 2.6.32-rc6+1+2 --seed 4 --json 'out dir/json/2.6.32-rc6_1_2_nr_requests_128-seed4.json'\n");
	free(text);
	experiment_free(&e);
	rm_rf(dir);
	free(dir);
	free(path);
}

static char *tables_of(const struct experiment *e)
{
	struct experiment_report er;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	experiment_report_init(&er, e, "compare", "test");
	compare_report_print(f, &er.rep);
	fclose(f);
	experiment_report_free(&er);
	return text;
}

/*
 * The report opens with its findings: the default scenario's runs of
 * 2.6.30 and 2.6.32-rc6 (make_experiment's figures: 100 and 110 s, 130
 * and 150 s; failures printed 0 and 2, 4 and 6) put to the cover
 * letter's claims.  105 s against 140 s, Welch p = 0.13 (see
 * test_report_comparison_table): lower, not significantly, beside the
 * published 9:48.545 and 19:38.585; the revert was not run.  index.html
 * opens with the same lines.
 */
static void test_findings_open_the_report(void **state)
{
	struct experiment_opts o = {
		.kernels = "2.6.30-0000000-force-highorder,"
			   "2.6.32-rc6-0000000-force-highorder",
		.nr_seeds = 2, .base_seed_set = true, .base_seed = 7,
	};
	static const double elapsed[] = { 100, 110, 130, 150 };
	static const unsigned long failures[] = { 0, 2, 4, 6 };
	char err[512], note[1024], *t, *dir = tmpdir(), *path, *html;
	const char *claim2, *cover;
	struct experiment e;

	(void)state;
	if (experiment_init(&e, &o, err, sizeof(err)))
		fail_msg("%s", err);
	for (size_t i = 0; i < 4; i++) {
		fabricate(&e.results[i], e.kernels[i / 2],
			  experiment_job_seed(&e, i), elapsed[i], failures[i],
			  i / 2 + 1);
		e.have[i] = true;
	}
	t = tables_of(&e);
	assert_true(!strncmp(t, "Findings: the cover letter's claims asked of these "
			     "runs (X86-64, 2 runs a kernel", 71));
	claim2 = strstr(t, "\n  Claim 2, 2.6.30 below 2.6.32-rc6? gitk elapsed (s) 105 [");
	assert_non_null(claim2);
	assert_non_null(strstr(claim2, "vs 140 ["));
	assert_non_null(strstr(claim2, ": not significantly; published 588.5 vs 1179\n"));
	if (!strstr(t, "\n  Claim 2, 2.6.32-rc6-revert below 2.6.32-rc6? "
		    "gitk elapsed (s): not answered: 2.6.32-rc6-revert is "
		    "not among the runs"))
		fail_msg("no revert line in:\n%s", t);
	assert_non_null(strstr(t, "\n  Claim 1, 2.6.32-rc6 fails? failures printed 5 ["));
	assert_non_null(strstr(t, "(2.6.30 1): yes; published 5 (2.6.30 0)\n"));
	/* The tables follow: the block is their summary. */
	cover = strstr(t, "\nMean of 2 runs per kernel");
	assert_non_null(cover);
	assert_true(cover > claim2);
	assert_non_null(strstr(t, "docs/validation.md"));
	free(t);

	write_folder(&e, dir, 1.0, false, note, sizeof(note));
	assert_true(asprintf(&path, "%s/index.html", dir) > 0);
	html = slurp(path);
	assert_non_null(strstr(html, "<section id=\"findings\">"));
	assert_true(strstr(html, "<section id=\"findings\">") <
		    strstr(html, "<h2 id=\"summary\">"));
	assert_non_null(strstr(html, "<li>Claim 2, 2.6.30 below <span class=\"nb\">"
			       "2.6.32-rc6?</span> "));
	free(html);
	free(path);
	experiment_free(&e);
	rm_rf(dir);
	free(dir);
}

/* A scenario of the user's own: the block says the claims are not
 * asked, and why; the tables follow as before. */
static void test_findings_of_another_scenario(void **state)
{
	char *dir = tmpdir(), *path = write_scenario(dir), *t;
	struct experiment e;

	(void)state;
	make_experiment(&e, path);
	t = tables_of(&e);
	assert_non_null(strstr(t, "Findings: none of the cover letter's claims "
			       "(claims 1-7 of docs/validation.md) is asked of these "
			       "runs: the scenario is "));
	assert_true(!strncmp(t, "Findings: ", 10));
	assert_non_null(strstr(t, "test.ini, not the cover letter's reproduction"));
	assert_non_null(strstr(t, "\n\nMean of 2 runs per kernel"));
	free(t);
	experiment_free(&e);
	rm_rf(dir);
	free(dir);
	free(path);
}

/* What `mmsim run --json` would leave for every emitted job: the result
 * stamped with its scenario's fingerprint and this mmsim's version. */
static void write_job_outputs(const struct experiment *e, const char *dir,
			      const char *sub)
{
	for (size_t i = 0; i < experiment_nr_jobs(e); i++) {
		const struct exp_column *col = experiment_job_column(e, i);
		char stem[640], fp[SCENARIO_FINGERPRINT_LEN], *path, *json;

		scenario_fingerprint(e->points[col->point].sc, fp, sizeof(fp));
		result_set_text(&e->results[i], "scenario_fingerprint", fp);
		result_set_text(&e->results[i], "mmsim_version", MMSIM_VERSION);
		experiment_job_stem(e, i, stem, sizeof(stem));
		assert_true(asprintf(&path, "%s/%s%s.json", dir, sub, stem) > 0);
		json = result_to_json(&e->results[i], true);
		spit(path, json);
		free(json);
		free(path);
	}
}

/*
 * A compare cut short by --time: its findings decline the claims (the
 * runs stopped before the reproduction's end), and a merge of its jobs
 * directory reads the cut from experiment.json and declines them too.
 */
static void test_merge_keeps_the_time_cut(void **state)
{
	char *dir = tmpdir(), *jobs, *manifest, *json_dir, *want, *got, err[512];
	char *dirs[1];
	struct experiment e, m;

	(void)state;
	make_experiment(&e, NULL);
	e.max_time = 60ull * 1000000000ull;
	want = tables_of(&e);
	assert_non_null(strstr(want, "is asked of these runs: --time 1m stopped "
			       "the runs before the reproduction's end"));
	assert_true(asprintf(&jobs, "%s/jobs", dir) > 0);
	assert_true(asprintf(&manifest, "%s/experiment.json", jobs) > 0);
	assert_true(asprintf(&json_dir, "%s/json", jobs) > 0);
	assert_int_equal(mkdir(jobs, 0777), 0);
	assert_int_equal(mkdir(json_dir, 0777), 0);
	assert_int_equal(experiment_write_scenarios(&e, jobs, err, sizeof(err)), 0);
	assert_int_equal(experiment_write_manifest(&e, manifest, err, sizeof(err)), 0);
	write_job_outputs(&e, jobs, "json/");
	dirs[0] = jobs;
	if (experiment_merge(&m, dirs, 1, false, err, sizeof(err)))
		fail_msg("%s", err);
	assert_int_equal(m.max_time, e.max_time);
	got = tables_of(&m);
	assert_text(got, want);
	free(got);
	free(want);
	experiment_free(&m);
	experiment_free(&e);
	rm_rf(dir);
	free(dir);
	free(jobs);
	free(manifest);
	free(json_dir);
}

static void test_merge_equals_compare(void **state)
{
	char *dir = tmpdir(), *jobs, *other, *manifest, *want, *got, err[512];
	char *dirs[2];
	struct experiment e, m;

	make_experiment(&e, NULL);
	want = tables_of(&e);

	/* With experiment.json: the jobs directory of --emit-jobs. */
	assert_true(asprintf(&jobs, "%s/jobs", dir) > 0);
	assert_true(asprintf(&manifest, "%s/experiment.json", jobs) > 0);
	assert_int_equal(mkdir(jobs, 0777), 0);
	assert_int_equal(experiment_write_scenarios(&e, jobs, err, sizeof(err)), 0);
	assert_int_equal(experiment_write_manifest(&e, manifest, err, sizeof(err)), 0);
	{
		char *json_dir;

		assert_true(asprintf(&json_dir, "%s/json", jobs) > 0);
		assert_int_equal(mkdir(json_dir, 0777), 0);
		free(json_dir);
	}
	write_job_outputs(&e, jobs, "json/");
	dirs[0] = jobs;
	if (experiment_merge(&m, dirs, 1, false, err, sizeof(err)))
		fail_msg("%s", err);
	got = tables_of(&m);
	assert_text(got, want);
	/* The scenario text comes back from the jobs directory. */
	assert_string_equal(m.points[0].text, scenario_default_text);
	free(got);
	experiment_free(&m);

	/* Results gathered in another directory are found by name; a
	 * missing one is an error unless --partial. */
	assert_true(asprintf(&other, "%s/other", dir) > 0);
	assert_int_equal(mkdir(other, 0777), 0);
	{
		char *from, *to;

		assert_true(asprintf(&from, "%s/json/2.6.31-seed8.json", jobs) > 0);
		assert_true(asprintf(&to, "%s/2.6.31-seed8.json", other) > 0);
		assert_int_equal(rename(from, to), 0);
		assert_int_equal(experiment_merge(&m, dirs, 1, false, err, sizeof(err)), -1);
		experiment_free(&m);
		assert_non_null(strstr(err, "1 of 4 results missing (first: "));
		assert_int_equal(experiment_merge(&m, dirs, 1, true, err, sizeof(err)), 0);
		assert_false(m.have[3]);
		experiment_free(&m);
		dirs[1] = other;
		assert_int_equal(experiment_merge(&m, dirs, 2, false, err, sizeof(err)), 0);
		got = tables_of(&m);
		assert_text(got, want);
		free(got);
		experiment_free(&m);
		free(from);
		free(to);
	}

	/* Without experiment.json: columns from the results themselves. */
	{
		char *loose;

		assert_true(asprintf(&loose, "%s/loose", dir) > 0);
		assert_int_equal(mkdir(loose, 0777), 0);
		write_job_outputs(&e, loose, "");
		dirs[0] = loose;
		if (experiment_merge(&m, dirs, 1, false, err, sizeof(err)))
			fail_msg("%s", err);
		got = tables_of(&m);
		/* The scenario's text is not known without experiment.json,
		 * so the findings cannot be asked: the tables after them are
		 * the compare's. */
		assert_non_null(strstr(got, "is asked of these runs: the "
				       "scenario is test.ini"));
		assert_text(strstr(got, "\n\n"), strstr(want, "\n\n"));
		free(got);
		experiment_free(&m);
		free(loose);
	}
	free(want);
	experiment_free(&e);
	rm_rf(dir);
	free(dir);
	free(jobs);
	free(other);
	free(manifest);
}

static void test_merge_rejects_bad_json(void **state)
{
	char *dir = tmpdir(), *path, err[512];
	char *dirs[1] = { dir };
	struct experiment m;

	assert_int_equal(experiment_merge(&m, dirs, 1, false, err, sizeof(err)), -1);
	experiment_free(&m);
	assert_non_null(strstr(err, "no run results (*.json) in "));
	assert_true(asprintf(&path, "%s/x.json", dir) > 0);
	spit(path, "{\"format\": 1}");
	assert_int_equal(experiment_merge(&m, dirs, 1, false, err, sizeof(err)), -1);
	experiment_free(&m);
	assert_non_null(strstr(err, "/x.json: not an mmsim run result: "));
	free(path);
	rm_rf(dir);
	free(dir);
}

/* ---- end to end ----------------------------------------------------------- */

static const char *const e2e_kernels = "2.6.30-0000000-force-highorder,"
				       "2.6.32-rc6-0000123-congestion-both";

/* compare on the tiny scenario, 2 kernels x 2 seeds, through the library
 * as cmd_compare does it, into @out. */
static void compare_into(const char *scenario, const char *out)
{
	struct experiment_opts o = {
		.scenario_path = scenario, .kernels = e2e_kernels, .nr_seeds = 2,
	};
	struct experiment e;
	char err[512], note[1024];

	if (experiment_init(&e, &o, err, sizeof(err)))
		fail_msg("%s", err);
	assert_int_equal(mkdir(out, 0777), 0);
	assert_int_equal(experiment_write_scenarios(&e, out, err, sizeof(err)), 0);
	assert_int_equal(experiment_run(&e, 2, NULL), 0);
	for (size_t i = 0; i < experiment_nr_jobs(&e); i++)
		assert_true(e.have[i]);
	write_folder(&e, out, wall_seconds(), false, note, sizeof(note));
	experiment_free(&e);
}

static void test_compare_end_to_end(void **state)
{
	char *dir = tmpdir(), *scen = write_scenario(dir), *a, *b, *path, *text;
	json_error_t jerr;
	json_t *j, *runs, *v;
	size_t i;

	assert_true(asprintf(&a, "%s/a", dir) > 0);
	assert_true(asprintf(&b, "%s/b", dir) > 0);
	compare_into(scen, a);
	compare_into(scen, b);

	/* The tables name every kernel, in the cover lines and the columns. */
	assert_true(asprintf(&path, "%s/tables.txt", a) > 0);
	text = slurp(path);
	assert_non_null(strstr(text, "\n2.6.30-0000000-force-highorder      Elapsed:"));
	assert_non_null(strstr(text, "\n2.6.32-rc6-0000123-congestion-both  Elapsed:"));
	assert_non_null(strstr(text, "0000000-force-highorder 0000123-congestion-both\n"));
	assert_non_null(strstr(text, "(seeds 3..4)"));
	free(text);
	free(path);

	/* summary.json parses and holds every run, seeds paired. */
	assert_true(asprintf(&path, "%s/summary.json", a) > 0);
	j = json_load_file(path, 0, &jerr);
	assert_non_null(j);
	runs = json_object_get(j, "runs");
	assert_int_equal(json_array_size(runs), 4);
	json_array_foreach(runs, i, v) {
		assert_int_equal(json_integer_value(json_object_get(v, "seed")), 3 + i % 2);
		assert_string_equal(json_string_value(json_object_get(v, "kernel")),
				    i < 2 ? "2.6.30-0000000-force-highorder" :
					    "2.6.32-rc6-0000123-congestion-both");
		assert_true(json_integer_value(json_object_get(v, "sim_end_ns")) > 0);
	}
	json_decref(j);
	free(path);

	/* Two invocations, the same bytes (summary.json's wall clock apart). */
	assert_same_folders(a, b);
	rm_rf(dir);
	free(dir);
	free(scen);
	free(a);
	free(b);
}

static char *mmsim_path;

static int sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int sh(const char *fmt, ...)
{
	va_list ap;
	char *cmd;
	int rc;

	va_start(ap, fmt);
	assert_true(vasprintf(&cmd, fmt, ap) > 0);
	va_end(ap);
	rc = system(cmd);
	free(cmd);
	return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

static void assert_same_file(const char *a, const char *b)
{
	char *ta = slurp(a), *tb = slurp(b);

	assert_non_null(ta);
	assert_non_null(tb);
	if (strcmp(ta, tb))
		fail_msg("%s and %s differ", a, b);
	free(ta);
	free(tb);
}

/*
 * The scale-out recipe: --emit-jobs, the jobs run by GNU parallel (or by
 * sh, one after the other, where parallel is not installed), then merge:
 * the same tables and the same per-run files as compare.
 */
static void test_emit_run_merge_equals_compare(void **state)
{
	char *dir, *scen, *p, *q;
	const char *runner;

	if (access(mmsim_path, X_OK))
		test_skip_because("no mmsim binary beside the tests (make all)");
	dir = tmpdir();
	scen = write_scenario(dir);
	assert_int_equal(sh("%s compare --scenario %s --kernels %s --seeds 2 -j 2 "
			    "--no-render --out %s/cmp > %s/cmp.txt 2>/dev/null",
			    mmsim_path, scen, e2e_kernels, dir, dir), 0);
	/* The folder is not overwritten silently; --force does it. */
	assert_int_equal(sh("%s compare --scenario %s --kernels %s --seeds 2 "
			    "--no-render --out %s/cmp >/dev/null 2>&1",
			    mmsim_path, scen, e2e_kernels, dir), 2);
	assert_int_equal(sh("%s compare --scenario %s --kernels %s --seeds 2 "
			    "--no-render --force --out %s/cmp > %s/cmp2.txt 2>/dev/null",
			    mmsim_path, scen, e2e_kernels, dir, dir), 0);

	assert_int_equal(sh("%s compare --scenario %s --kernels %s --seeds 2 "
			    "--emit-jobs --mmsim %s --out %s/jobs > %s/jobs.txt "
			    "2>/dev/null", mmsim_path, scen, e2e_kernels,
			    mmsim_path, dir, dir), 0);
	assert_true(asprintf(&p, "%s/jobs.txt", dir) > 0);
	assert_true(asprintf(&q, "%s/jobs/jobs.txt", dir) > 0);
	assert_same_file(p, q);
	free(p);
	free(q);
	runner = sh("command -v parallel >/dev/null 2>&1") == 0 ?
		 "parallel --will-cite --jobs 2 --halt now,fail=1 <" : "sh";
	/* Leak checking stays on for compare and merge; `mmsim run` is not
	 * this test's subject (under ASan its teardown leaks bios, a known
	 * issue of the block layer's exit path). */
	assert_int_equal(sh("ASAN_OPTIONS=detect_leaks=0 %s %s/jobs.txt > /dev/null",
			    runner, dir), 0);
	assert_int_equal(sh("%s merge %s/jobs --no-render --out %s/merged "
			    "> %s/merged.txt 2>/dev/null", mmsim_path, dir, dir,
			    dir), 0);

	{
		static const char *const same[][2] = {
			{ "cmp.txt", "cmp2.txt" },
			{ "cmp.txt", "merged.txt" },
			{ "cmp/tables.txt", "merged/tables.txt" },
			{ "cmp/runs/2.6.32-rc6-0000123-congestion-both-seed4.csv",
			  "merged/runs/2.6.32-rc6-0000123-congestion-both-seed4.csv" },
			{ "cmp/kern-logs/2.6.30-0000000-force-highorder-seed3.log.gz",
			  "merged/kern-logs/2.6.30-0000000-force-highorder-seed3.log.gz" },
		};

		for (size_t i = 0; i < N(same); i++) {
			char *x, *y;

			assert_true(asprintf(&x, "%s/%s", dir, same[i][0]) > 0);
			assert_true(asprintf(&y, "%s/%s", dir, same[i][1]) > 0);
			assert_same_file(x, y);
			free(x);
			free(y);
		}
	}
	rm_rf(dir);
	free(dir);
	free(scen);
}

/* Bad input: exit status 2 and one line on stderr, never a crash. */
static void test_cli_errors(void **state)
{
	static const char *const bad[] = {
		"compare --seeds 0", "compare --seeds x", "compare --bogus",
		"compare extra", "compare --out /dev/null --kernels 2.6.30",
		"compare --scenario /nonexistent", "compare --arch arm",
		"compare --scenario /dev/null --arch x86", "compare -j",
		"compare --kernels 2.6.30,nosuch", "compare --kernels ,",
		"sweep", "sweep x", "sweep mem=", "sweep nosuch=1",
		"sweep mem=12 --kernels 2.6.30", "sweep seed=1,2",
		"merge", "merge /nonexistent", "merge /tmp --out /tmp",
	};
	char *dir, *err_path;

	if (access(mmsim_path, X_OK))
		test_skip_because("no mmsim binary beside the tests (make all)");
	dir = tmpdir();
	assert_true(asprintf(&err_path, "%s/stderr", dir) > 0);
	for (size_t i = 0; i < N(bad); i++) {
		char *text, *nl;
		int rc = sh("cd %s && %s %s > /dev/null 2> %s", dir, mmsim_path,
			    bad[i], err_path);

		text = slurp(err_path);
		nl = strchr(text, '\n');
		if (rc != 2 || strncmp(text, "mmsim: ", 7) || !nl || nl[1])
			fail_msg("mmsim %s: exit %d, stderr:\n%s", bad[i], rc, text);
		free(text);
	}
	/* Nothing was created by the refused commands. */
	assert_int_equal(sh("test -z \"$(ls %s | grep -v '^stderr$')\"", dir), 0);
	free(err_path);
	rm_rf(dir);
	free(dir);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_override_replaces_inserts_appends),
		cmocka_unit_test(test_override_resolves_keys),
		cmocka_unit_test(test_sweep_points_and_columns),
		cmocka_unit_test(test_report_cover_lines),
		cmocka_unit_test(test_report_comparison_table),
		cmocka_unit_test(test_report_ops_rows),
		cmocka_unit_test(test_findings_open_the_report),
		cmocka_unit_test(test_findings_of_another_scenario),
		cmocka_unit_test(test_merge_keeps_the_time_cut),
		cmocka_unit_test(test_folder_files_and_reproducible),
		cmocka_unit_test(test_summary_json),
		cmocka_unit_test(test_plots_and_html),
		cmocka_unit_test(test_plots_render),
		cmocka_unit_test(test_emit_jobs_lines),
		cmocka_unit_test(test_merge_equals_compare),
		cmocka_unit_test(test_merge_rejects_bad_json),
		cmocka_unit_test(test_compare_end_to_end),
		cmocka_unit_test(test_emit_run_merge_equals_compare),
		cmocka_unit_test(test_cli_errors),
	};
	char *slash;
	int rc;

	/* build/MODE/tests/test_compare -> build/MODE/mmsim */
	mmsim_path = strdup(argc > 0 ? argv[0] : "");
	slash = strrchr(mmsim_path, '/');
	if (slash) {
		*slash = 0;
		slash = strrchr(mmsim_path, '/');
	}
	if (slash) {
		char *abs;

		strcpy(slash + 1, "mmsim");
		abs = realpath(mmsim_path, NULL);
		if (abs) {
			free(mmsim_path);
			mmsim_path = abs;
		}
	} else {
		free(mmsim_path);
		mmsim_path = strdup("./mmsim");
	}

	rc = cmocka_run_group_tests_name("compare", tests, NULL, NULL);
	free(mmsim_path);
	return rc;
}
