// SPDX-License-Identifier: GPL-2.0
/*
 * The invariant checker (--check): each invariant it names catches a
 * corruption made on purpose; a violation stops the run with a report
 * naming the invariant, the simulated time and the last events; the
 * engine's deadlock detector finds a task nobody will wake.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include "reclaim_harness.h"

#define RC6 "2.6.32-rc6"

static int teardown(void **state)
{
	harness_teardown();
	return 0;
}

/* A run-style checker: a violation is recorded and stops the engine. */
static void boot_nonfatal(void)
{
	harness_boot("x86", 64, 1, RC6, 1);
	mm_debug_expected_other = -1;
	mm_debug_fatal = false;
	memset(&mm_violation, 0, sizeof(mm_violation));
}

static void unboot_nonfatal(void)
{
	mm_debug_fatal = true;
	memset(&mm_violation, 0, sizeof(mm_violation));
}

static struct zone *populated(void)
{
	struct zone *zone;

	for_each_populated_zone(zone)
		if (zone_page_state(zone, NR_FREE_PAGES) > 0)
			return zone;
	return NULL;
}

static void expect_invariant(long *counter, long delta, const char *name)
{
	char msg[320];

	*counter += delta;
	assert_int_equal(check_page_conservation(msg, sizeof(msg)), -1);
	assert_string_equal(mm_debug_invariant(), name);
	*counter -= delta;
	assert_int_equal(check_page_conservation(msg, sizeof(msg)), 0);
}

/* A booted machine passes; each counter out of step names its invariant. */
static void test_each_invariant_is_named(void **state)
{
	struct zone *zone;
	char msg[320];

	boot_nonfatal();
	zone = populated();
	assert_non_null(zone);
	assert_int_equal(check_page_conservation(msg, sizeof(msg)), 0);
	/* 64 MB of x86 memory: every page found, none twice. */
	assert_int_equal(page_census.managed, page_census.buddy + page_census.pcp +
			 page_census.other + page_census.slab + page_census.isolated +
			 page_census.pagevec);
	expect_invariant(&zone->vm_stat[NR_FREE_PAGES], 1, "vmstat");
	expect_invariant(&zone->vm_stat[NR_FILE_DIRTY], 1, "vmstat");
	expect_invariant(&zone->vm_stat[NR_WRITEBACK], -1, "vmstat");
	expect_invariant(&zone->vm_stat[NR_INACTIVE_FILE], 1, "LRU lists");
	unboot_nonfatal();
}

/*
 * Pages waiting in a CPU's lru_add pagevec are found there, not among the
 * pages somebody holds: three added, the test's own references dropped
 * after, and the checker accounts for them with nothing "other".  One
 * marked PG_active while in the pagevec, or a differential past its
 * threshold, is a violation of its own.
 */
static void test_pagevec_pages_counted(void **state)
{
	struct page *pages[3];
	struct zone *zone;
	char msg[320];
	int8_t *diff;

	boot_nonfatal();
	for (int i = 0; i < 3; i++) {
		pages[i] = take_page(-1);
		assert_non_null(pages[i]);
		lru_cache_add_lru(pages[i], LRU_INACTIVE_FILE);
		put_page(pages[i]);
	}
	mm_debug_expected_other = 0;
	assert_int_equal(check_page_conservation(msg, sizeof(msg)), 0);
	assert_int_equal(page_census.pagevec, 3);
	assert_int_equal(page_census.other, kernel_held_pages());
	SetPageActive(pages[1]);	/* the pagevec's to set, at the drain */
	assert_int_equal(check_page_conservation(msg, sizeof(msg)), -1);
	assert_string_equal(mm_debug_invariant(), "pagevecs");
	ClearPageActive(pages[1]);
	assert_int_equal(check_page_conservation(msg, sizeof(msg)), 0);

	zone = page_zone(pages[0]);
	zone_pcp(zone, 0)->stat_threshold = 2;
	diff = &zone_pcp(zone, 0)->vm_stat_diff[NR_SHMEM];
	*diff = 3;
	zone->vm_stat[NR_SHMEM] -= 3;
	assert_int_equal(check_page_conservation(msg, sizeof(msg)), -1);
	assert_string_equal(mm_debug_invariant(), "vmstat");
	*diff = 2;
	zone->vm_stat[NR_SHMEM] += 1;
	assert_int_equal(check_page_conservation(msg, sizeof(msg)), 0);
	*diff = 0;
	zone->vm_stat[NR_SHMEM] += 2;
	zone_pcp(zone, 0)->stat_threshold = 0;
	/* A drain frees them: the pagevec held the last references. */
	lru_add_drain();
	assert_int_equal(check_page_conservation(msg, sizeof(msg)), 0);
	assert_int_equal(page_census.pagevec, 0);
	unboot_nonfatal();
}

/* A free block that is not aligned to its order breaks the free lists. */
static void test_free_list_order_checked(void **state)
{
	struct zone *zone;
	struct page *page = NULL;
	char msg[320];
	int order;

	boot_nonfatal();
	zone = populated();
	for (order = MAX_ORDER - 1; order > 0 && !page; order--)
		for (int t = 0; t < MIGRATE_TYPES && !page; t++)
			if (!list_empty(&zone->free_area[order].free_list[t]))
				page = list_first_entry(&zone->free_area[order].free_list[t],
							struct page, lru);
	assert_non_null(page);
	/* Claim one order more than the block has. */
	page->private++;
	assert_int_equal(check_page_conservation(msg, sizeof(msg)), -1);
	assert_string_equal(mm_debug_invariant(), "free lists");
	page->private--;
	assert_int_equal(check_page_conservation(msg, sizeof(msg)), 0);
	unboot_nonfatal();
}

struct corrupter {
	struct zone *zone;
	bool done;
};

/* Corrupts NR_FREE_PAGES at 2 ms, then keeps the machine busy. */
static void corrupt_fn(void *arg)
{
	struct corrupter *c = arg;

	for (int i = 0; i < 10; i++) {
		schedule_timeout_uninterruptible(1);
		if (i == 1)
			c->zone->vm_stat[NR_FREE_PAGES] += 3;
	}
	c->done = true;
}

/* The event interval finds it: the run stops with a report. */
static void test_violation_stops_the_run_with_a_report(void **state)
{
	struct corrupter c = { 0 };
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	boot_nonfatal();
	c.zone = populated();
	mm_debug_enable(true, 1);
	kthread_run(corrupt_fn, &c, "corrupter", DEFAULT_PRIO);
	sim_run(100 * NSEC_PER_MSEC);
	assert_true(mm_violation.hit);
	assert_true(sim_stopped());
	assert_false(c.done);
	assert_string_equal(mm_violation.invariant, "vmstat");
	assert_string_equal(mm_violation.where, "event interval");
	/* HZ 250: the second tick after boot, 8 ms. */
	assert_int_equal(mm_violation.when, 8 * NSEC_PER_MSEC);
	assert_true(mm_violation.nr_events >= 1);
	assert_int_equal(mm_violation.events[mm_violation.nr_events - 1].nr,
			 mm_violation.event);
	f = open_memstream(&text, &len);
	mm_debug_print_violation(f);
	fclose(f);
	assert_non_null(strstr(text, "invariant violated: vmstat"));
	assert_non_null(strstr(text, "NR_FREE_PAGES"));
	assert_non_null(strstr(text, "simulated time 0.008000 s"));
	assert_non_null(strstr(text, "corrupter:"));
	free(text);
	c.zone->vm_stat[NR_FREE_PAGES] -= 3;
	unboot_nonfatal();
}

static struct wait_queue_head nobody_wakes;

static void unwoken_fn(void *arg)
{
	DEFINE_WAIT(wait);

	prepare_to_wait(&nobody_wakes, &wait, TASK_UNINTERRUPTIBLE);
	schedule();
	finish_wait(&nobody_wakes, &wait);
	*(bool *)arg = true;
}

/* (a) Nothing left to happen, a task in D state: a deadlock report. */
static void test_unwoken_waiter_is_a_deadlock(void **state)
{
	bool woken = false;
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	boot_nonfatal();
	init_waitqueue_head(&nobody_wakes);
	kthread_run(unwoken_fn, &woken, "waiter", DEFAULT_PRIO);
	sim_run(10 * NSEC_PER_SEC);
	assert_false(woken);
	assert_true(mm_violation.hit);
	assert_string_equal(mm_violation.invariant, "no task waits forever");
	assert_non_null(strstr(mm_violation.detail, "waiter:"));
	assert_non_null(strstr(mm_violation.detail, "in unwoken_fn"));
	f = open_memstream(&text, &len);
	mm_debug_print_violation(f);
	fclose(f);
	assert_non_null(strstr(text, "blocked tasks:"));
	assert_non_null(strstr(text, " D in unwoken_fn:"));
	free(text);
	/* Let it go, so the teardown frees a finished task. */
	wake_up(&nobody_wakes);
	mm_debug_enable(false, 0);
	sim_run(sim_now() + NSEC_PER_MSEC);
	assert_true(woken);
	unboot_nonfatal();
}

/* An interruptible sleeper with nothing to wake it is an idle daemon. */
static void idle_fn(void *arg)
{
	DEFINE_WAIT(wait);

	prepare_to_wait(&nobody_wakes, &wait, TASK_INTERRUPTIBLE);
	schedule();
	finish_wait(&nobody_wakes, &wait);
}

static void test_idle_daemon_is_no_deadlock(void **state)
{
	boot_nonfatal();
	init_waitqueue_head(&nobody_wakes);
	kthread_run(idle_fn, NULL, "idler", DEFAULT_PRIO);
	sim_run(10 * NSEC_PER_SEC);
	assert_false(mm_violation.hit);
	wake_up(&nobody_wakes);
	sim_run(sim_now() + NSEC_PER_MSEC);
	unboot_nonfatal();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_each_invariant_is_named, teardown),
		cmocka_unit_test_teardown(test_free_list_order_checked, teardown),
		cmocka_unit_test_teardown(test_pagevec_pages_counted, teardown),
		cmocka_unit_test_teardown(test_violation_stops_the_run_with_a_report,
					  teardown),
		cmocka_unit_test_teardown(test_unwoken_waiter_is_a_deadlock, teardown),
		cmocka_unit_test_teardown(test_idle_daemon_is_no_deadlock, teardown),
	};

	return cmocka_run_group_tests_name("check", tests, NULL, NULL);
}
