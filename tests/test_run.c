// SPDX-License-Identifier: GPL-2.0
/*
 * Whole runs: determinism, seeds, and the failures force-highorder
 * produces, as the kernel would have logged them.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "testlib.h"
#include "experiment/run.h"
#include "experiment/scenario_load.h"
#include "metrics/metrics.h"
#include "linux/vmstat.h"

static struct scenario *load(const char *text)
{
	struct scenario_error err;
	struct scenario *sc = scenario_load_text(text, "test.ini", &err);

	if (!sc)
		fail_msg("%s", err.msg);
	return sc;
}

/* The result as JSON without its one wall-clock field. */
static char *run_json(struct scenario *sc, uint64_t seed)
{
	struct run_options opt = { .seed = seed, .scenario_name = "test" };
	struct run_result r;
	char err[256], *json;

	if (run_scenario(sc, &opt, &r, err, sizeof(err)))
		fail_msg("%s", err);
	json = result_to_json_flags(&r, RESULT_JSON_SERIES | RESULT_JSON_NO_HOST);
	result_free(&r);
	return json;
}

static void test_same_seed_same_result(void **state)
{
	struct scenario *sc = load(test_pressure_scenario);
	char *a, *b, *c;

	(void)state;
	a = run_json(sc, 1);
	b = run_json(sc, 1);
	c = run_json(sc, 2);
	assert_string_equal(a, b);
	assert_string_not_equal(a, c);
	free(a);
	free(b);
	free(c);
	scenario_free(sc);
}

/* The embedded 2009 reproduction itself, as `mmsim run` runs it. */
static void test_default_run_deterministic(void **state)
{
	struct scenario_error err;
	struct scenario *sc = scenario_load(NULL, NULL, &err);
	char *a, *b, *c;

	(void)state;
	assert_non_null(sc);
	a = run_json(sc, 1);
	b = run_json(sc, 1);
	c = run_json(sc, 2);
	assert_string_equal(a, b);
	assert_string_not_equal(a, c);
	/* gitk finished, and swapped: the test is about memory pressure. */
	assert_non_null(strstr(a, "\"gitk_done\":true"));
	free(a);
	free(b);
	free(c);
	scenario_free(sc);
}

static void test_force_highorder_failures_logged(void **state)
{
	struct scenario *sc = load(test_pressure_scenario);
	/* v2.6.31's row: at seed 1 its order-2 refills fail and print here
	 * (v2.6.32-rc6's run out of order-0 pages first, NOWARN, and print
	 * none: a property of one trajectory, not of the kernel). */
	struct run_options opt = { .seed = 1, .scenario_name = "test",
				   .profile = "2.6.31-0000000-force-highorder" };
	struct run_result r;
	char err[256];
	const char *first, *kern_log;

	(void)state;
	if (run_scenario(sc, &opt, &r, err, sizeof(err)))
		fail_msg("%s", err);
	/* Order-2 receive buffers run out under this pressure... */
	assert_true(result_uint(&r, "failures_total") > 0);
	assert_true(result_uint(&r, "failures_printed") > 0);
	assert_true(result_uint(&r, "failures_printed") <=
		    result_uint(&r, "failures_total"));
	/* ...and each printed one reads as the kernel wrote it: the
	 * interrupted task's name (or swapper), order 2, GFP_ATOMIC with
	 * __GFP_COMP as SLUB's kmalloc of an 8K+ skb adds it. */
	kern_log = result_text(&r, "kern_log");
	assert_non_null(kern_log);
	first = strstr(kern_log, ": page allocation failure. order:2, mode:0x4020\n");
	assert_non_null(first);
	assert_non_null(strstr(kern_log, "<IRQ>"));
	assert_non_null(strstr(kern_log, "Mem-Info:\n"));
	assert_null(strstr(kern_log, "order:0,"));
	/* The network lost packets only if refills failed. */
	assert_true(result_uint(&r, "packets_received") > 0);
	result_free(&r);
	scenario_free(sc);
}

/*
 * validate, bisect and calibrate read a run's measures only: such a run
 * writes no kern.log or --explain text and takes no show_mem page counts
 * at printed failures.  Every measure they could read must be what a
 * whole run gives, on a run that prints failures.
 */
static void test_measures_only_same_measures(void **state)
{
	struct scenario *sc = load(test_pressure_scenario);
	struct run_options opt = { .seed = 1, .scenario_name = "test",
				   .profile = "2.6.31-0000000-force-highorder" };
	struct run_result whole, only;
	char err[256];
	size_t nr, compared = 0;

	(void)state;
	if (run_scenario(sc, &opt, &whole, err, sizeof(err)))
		fail_msg("%s", err);
	opt.measures_only = true;
	if (run_scenario(sc, &opt, &only, err, sizeof(err)))
		fail_msg("%s", err);
	assert_true(result_uint(&whole, "failures_printed") > 0);
	for (size_t i = 0; i < metrics_count(); i++) {
		const struct measure *m = metrics_get(i);
		double a, b;

		if (m->type != MT_UINT && m->type != MT_BOOL &&
		    m->type != MT_REAL && m->type != MT_DERIVED)
			continue;
		if (!strcmp(m->name, "wall_seconds"))
			continue;
		a = measure_value(m, &whole);
		b = measure_value(m, &only);
		if (!(a == b || (a != a && b != b)))
			fail_msg("measure %s: %g in a whole run, %g measures only",
				 m->name, a, b);
		compared++;
	}
	assert_true(compared > 50);
	/* What it leaves out: the texts, and the tally behind --explain. */
	assert_non_null(result_text(&whole, "kern_log"));
	assert_non_null(strstr(result_text(&whole, "kern_log"), "pages RAM\n"));
	assert_true(!result_text(&only, "kern_log") ||
		    !*result_text(&only, "kern_log"));
	assert_true(!result_text(&only, "explain") ||
		    !*result_text(&only, "explain"));
	result_records(&only, "failure_reasons", &nr);
	assert_int_equal(nr, 0);
	result_free(&whole);
	result_free(&only);
	scenario_free(sc);
}

/*
 * Two anonymous hogs whose sum (2 x 150M = 300M) exceeds RAM + swap (64M +
 * 128M = 192M) must end in an OOM kill, not in a reclaim livelock.  The
 * kernel's way out (2.6.32 __alloc_pages_slowpath): once swap is full,
 * try_to_free_pages reclaims nothing (zones marked all_unreclaimable after
 * pages_scanned reaches 6 x their reclaimable pages are skipped below
 * DEF_PRIORITY), did_some_progress is 0 and __alloc_pages_may_oom kills.
 * A reclaimer that makes progress but still finds no page naps in
 * congestion_wait(HZ/50) before retrying, so entries into direct reclaim
 * are bounded too: two hogs entering at most once a millisecond each for
 * 10 s is 2 x 10 s / 1 ms = 20000; a livelock of back-to-back cheap
 * retries gives millions.
 */
static const char thrash[] =
	"[machine]\n"
	"arch = x86_64\nmem = 64M\ncpus = 2\n"
	"disk_size = 1G\ncrypt = off\nfs_size = 512M\nswap_size = 128M\n"
	"[kernel]\nprofile = 2.6.32-rc6-0000000-force-highorder\n"
	"[run]\nseed = 1\nuntil = 10s\nmax_time = 10s\n"
	"[task hog1]\nprogram = anonhog\nsize = 150M\npattern = seq\n"
	"passes = 0\n"
	"[task hog2]\nprogram = anonhog\nsize = 150M\npattern = seq\n"
	"passes = 0\n";

static void test_thrash_beyond_swap_ends_in_oom_kill(void **state)
{
	struct scenario *sc = load(thrash);
	struct run_options opt = { .seed = 1, .scenario_name = "test" };
	struct run_result r;
	char err[256];

	(void)state;
	if (run_scenario(sc, &opt, &r, err, sizeof(err)))
		fail_msg("%s", err);
	assert_true(result_uint(&r, "oom_kills") >= 1);
	assert_true(result_uints(&r, "vm_events")[ALLOCSTALL] > 0);
	assert_true(result_uints(&r, "vm_events")[ALLOCSTALL] <= 20000);
	assert_true(result_uints(&r, "vm_events")[PSWPOUT] > 0);
	result_free(&r);
	scenario_free(sc);
}

static void test_no_failures_without_force_highorder(void **state)
{
	static char text[2048];
	struct scenario *sc;
	struct run_options opt = { .seed = 1, .scenario_name = "test" };
	struct run_result r;
	char err[256];
	char *p;

	(void)state;
	/* The plain release name: order-0 receive buffers. */
	snprintf(text, sizeof(text), "%s", test_pressure_scenario);
	p = strstr(text, "2.6.32-rc6-0000000-force-highorder");
	memcpy(p, "2.6.32-rc6                        ", 34);
	sc = load(text);
	if (run_scenario(sc, &opt, &r, err, sizeof(err)))
		fail_msg("%s", err);
	assert_null(strstr(result_text(&r, "kern_log") ? result_text(&r, "kern_log") : "",
			   "order:2,"));
	result_free(&r);
	scenario_free(sc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_seed_same_result),
		cmocka_unit_test(test_default_run_deterministic),
		cmocka_unit_test(test_force_highorder_failures_logged),
		cmocka_unit_test(test_measures_only_same_measures),
		cmocka_unit_test(test_no_failures_without_force_highorder),
		cmocka_unit_test(test_thrash_beyond_swap_ends_in_oom_kill),
	};

	return cmocka_run_group_tests_name("run", tests, NULL, NULL);
}
