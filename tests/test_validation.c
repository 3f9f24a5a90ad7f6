// SPDX-License-Identifier: GPL-2.0
/*
 * The claims of issue 8 in a reduced form (see docs/validation.md for the
 * full form, `make validate`): the shipped x86-64 reproduction with fake
 * gitk making one pass over the log instead of four (about 65-75 simulated
 * seconds; kswapd and direct reclaim are busy by then: a few hundred
 * allocstalls per run), two seeds, three kernels of the 2.6.32-rc6 table.
 * The run ends as the full one does, when gitk exits: cutting it at a fixed
 * time instead stops it with dm-crypt I/O in flight, which machine_teardown()
 * does not free (LeakSanitizer reports it).  Only mechanism-level facts are asserted: which
 * counters and queues a patch makes non-zero, and which allocations may
 * warn; one direction (claim 4's allocstall) that the full runs show with
 * a large margin.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "experiment/run.h"
#include "experiment/scenario_load.h"
#include "kernel/alloc_fail.h"
#include "kernel/backing-dev.h"
#include "kernel/gfp.h"
#include "kernel/profile.h"
#include "kernel/vmstat.h"

#define NR_SEEDS	2
#define GITK_LOOPS_FULL	"\nloops = 4\n"
#define GITK_LOOPS_TEST	"\nloops = 1\n"

enum { P0, P123, P1234, NR_KERNELS };

static const char *const kernels[NR_KERNELS] = {
	[P0] = "2.6.32-rc6-0000000-force-highorder",
	[P123] = "2.6.32-rc6-0000123-congestion-both",
	[P1234] = "2.6.32-rc6-0001234-kswapd-quick-recheck",
};

struct run_summary {
	bool gitk_done;
	unsigned long premature;	/* KSWAPD_PREMATURE_FAST + _SLOW */
	unsigned long allocstall;
	unsigned long pageoutrun;
	unsigned long both_calls;	/* any site, BLK_RW_BOTH */
	unsigned long kswapd_calls[RESULT_NR_CW_QUEUES];
	unsigned long warned;		/* failures without __GFP_NOWARN */
	unsigned long warned_not_atomic2_irq;
};

static struct run_summary runs[NR_KERNELS][NR_SEEDS];

static void summarise(const struct run_result *r, struct run_summary *s)
{
	memset(s, 0, sizeof(*s));
	s->gitk_done = r->gitk_done;
	s->premature = r->vm_events[KSWAPD_PREMATURE_FAST] +
		       r->vm_events[KSWAPD_PREMATURE_SLOW];
	s->allocstall = r->vm_events[ALLOCSTALL];
	s->pageoutrun = r->vm_events[PAGEOUTRUN];
	for (int q = 0; q < RESULT_NR_CW_QUEUES; q++)
		s->kswapd_calls[q] = r->cw[CW_KSWAPD][q].calls;
	for (int site = 0; site < RESULT_NR_CW_SITES; site++)
		s->both_calls += r->cw[site][BLK_RW_BOTH].calls;
	/* The records stay valid after the run until the next boot. */
	for (size_t i = 0; i < alloc_failure_count(); i++) {
		const struct alloc_failure *f = alloc_failure_get(i);

		if (f->gfp_mask & __GFP_NOWARN)
			continue;
		s->warned++;
		if (f->order != 2 || (f->gfp_mask & __GFP_WAIT) || !f->in_interrupt)
			s->warned_not_atomic2_irq++;
	}
}

/* The embedded x86-64 scenario with gitk's loops = 1, through a file. */
static struct scenario *load_short_scenario(void)
{
	const char *text = scenario_default_text;
	const char *at = strstr(text, GITK_LOOPS_FULL);
	char path[] = "/tmp/mmsim-test-validation-XXXXXX";
	struct scenario_error serr;
	struct scenario *sc;
	FILE *f;
	int fd;

	if (!at) {
		fprintf(stderr, "default scenario has no '%s'\n", "loops = 4");
		return NULL;
	}
	fd = mkstemp(path);
	if (fd < 0 || !(f = fdopen(fd, "w")))
		return NULL;
	fwrite(text, 1, (size_t)(at - text), f);
	fputs(GITK_LOOPS_TEST, f);
	fputs(at + strlen(GITK_LOOPS_FULL), f);
	fclose(f);
	sc = scenario_load(path, NULL, &serr);
	unlink(path);
	if (!sc)
		fprintf(stderr, "%s\n", serr.msg);
	return sc;
}

static int setup(void **state)
{
	struct scenario *sc = load_short_scenario();
	char err[512];

	(void)state;
	if (!sc)
		return -1;
	for (int k = 0; k < NR_KERNELS; k++)
		for (int s = 0; s < NR_SEEDS; s++) {
			struct run_options opt = {
				.profile = kernels[k],
				.seed = (uint64_t)s + 1,
				.scenario_name = "test_validation",
			};
			struct run_result r;

			if (run_scenario(sc, &opt, &r, err, sizeof(err))) {
				fprintf(stderr, "%s: %s\n", kernels[k], err);
				scenario_free(sc);
				return -1;
			}
			summarise(&r, &runs[k][s]);
			result_free(&r);
		}
	scenario_free(sc);
	return 0;
}

/* The runs reach reclaim at all, or nothing below would mean anything. */
static void test_reclaim_is_exercised(void **state)
{
	(void)state;
	for (int k = 0; k < NR_KERNELS; k++)
		for (int s = 0; s < NR_SEEDS; s++) {
			assert_true(runs[k][s].gitk_done);
			assert_true(runs[k][s].pageoutrun > 0);
			assert_true(runs[k][s].allocstall > 0);
		}
}

/* Claim 5(a): only patch 4's kswapd checks for a premature sleep. */
static void test_premature_counters_only_with_patch4(void **state)
{
	unsigned long p4 = 0;

	(void)state;
	for (int s = 0; s < NR_SEEDS; s++) {
		assert_int_equal(runs[P0][s].premature, 0);
		assert_int_equal(runs[P123][s].premature, 0);
		p4 += runs[P1234][s].premature;
	}
	assert_true(p4 > 0);
}

/* Claim 4's mechanism: only patch 3 asks for BLK_RW_BOTH. */
static void test_both_queue_only_with_patch3(void **state)
{
	(void)state;
	for (int s = 0; s < NR_SEEDS; s++) {
		assert_int_equal(runs[P0][s].both_calls, 0);
		assert_true(runs[P123][s].both_calls > 0);
		assert_true(runs[P1234][s].both_calls > 0);
	}
}

/* Claims 4 and 6: kswapd's own nap stays on BLK_RW_ASYNC in every 2.6.32-rc6
 * row (patch 3 leaves balance_pgdat alone), and kswapd does nap. */
static void test_kswapd_waits_on_async_only(void **state)
{
	(void)state;
	for (int k = 0; k < NR_KERNELS; k++)
		for (int s = 0; s < NR_SEEDS; s++) {
			assert_true(runs[k][s].kswapd_calls[BLK_RW_ASYNC] > 0);
			assert_int_equal(runs[k][s].kswapd_calls[BLK_RW_SYNC], 0);
			assert_int_equal(runs[k][s].kswapd_calls[BLK_RW_BOTH], 0);
		}
}

/* Claim 1's measure: a warning in kern.log can only come from the
 * force-highorder network receive, an order-2 GFP_ATOMIC allocation in
 * interrupt context; everything else that may fail says __GFP_NOWARN. */
static void test_warned_failures_are_atomic_order2_in_irq(void **state)
{
	(void)state;
	for (int k = 0; k < NR_KERNELS; k++)
		for (int s = 0; s < NR_SEEDS; s++)
			assert_int_equal(runs[k][s].warned_not_atomic2_irq, 0);
}

/* Claim 4, reduced: waiting on both queues makes direct reclaimers sleep
 * longer per retry, so they enter direct reclaim fewer times.  The full
 * runs show it with p < 0.05 on both arches; here the sums over two seeds
 * of one gitk pass must keep the direction (at the time of writing 819
 * vanilla against 656 with patch 3). */
static void test_patch3_fewer_allocstalls(void **state)
{
	unsigned long p0 = 0, p3 = 0;

	(void)state;
	for (int s = 0; s < NR_SEEDS; s++) {
		p0 += runs[P0][s].allocstall;
		p3 += runs[P123][s].allocstall;
	}
	assert_true(p3 < p0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reclaim_is_exercised),
		cmocka_unit_test(test_premature_counters_only_with_patch4),
		cmocka_unit_test(test_both_queue_only_with_patch3),
		cmocka_unit_test(test_kswapd_waits_on_async_only),
		cmocka_unit_test(test_warned_failures_are_atomic_order2_in_irq),
		cmocka_unit_test(test_patch3_fewer_allocstalls),
	};

	return cmocka_run_group_tests_name("validation", tests, setup, NULL);
}
