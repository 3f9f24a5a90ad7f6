// SPDX-License-Identifier: GPL-2.0
/*
 * kswapd: woken by an allocation that finds the zones below their low
 * watermark, back to sleep only when every zone is at its high watermark
 * for the order it was asked for; patch 4's short sleep and its premature
 * sleep counters; patch 5's order-adjusted congestion priority.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include "reclaim_harness.h"
#include "mmsim/trace.h"

#define RC6 "2.6.32-rc6"
#define RC6_P4 "2.6.32-rc6-0001234-kswapd-quick-recheck"
#define RC6_P5 "2.6.32-rc6-0012345-adjust-priority"

static int cmp_pfn(const void *a, const void *b)
{
	unsigned long pa = page_to_pfn(*(struct page *const *)a);
	unsigned long pb = page_to_pfn(*(struct page *const *)b);

	return pa < pb ? -1 : pa > pb;
}

/* pfn % 4 == 0 first: the LRU tail frees no buddies together. */
static int cmp_pfn_quad(const void *a, const void *b)
{
	unsigned long pa = page_to_pfn(*(struct page *const *)a);
	unsigned long pb = page_to_pfn(*(struct page *const *)b);
	int qa = (pa & 3) != 0, qb = (pb & 3) != 0;

	if (qa != qb)
		return qa - qb;
	return pa < pb ? -1 : pa > pb;
}

/* Half way between the min and low watermarks. */
static unsigned long between_min_and_low(struct zone *zone)
{
	return min_wmark_pages(zone) +
	       (low_wmark_pages(zone) - min_wmark_pages(zone)) / 2;
}

/*
 * Fill memory with clean page cache (LRU in @crafted order or pfn order,
 * each page with an extra reference if @pinned), leaving each zone's free
 * pages half way between min and low: below low, so the next allocation
 * wakes kswapd, and above min, so it succeeds.
 */
static unsigned long fill_memory(struct test_file *tf, bool crafted, bool pinned)
{
	struct page **pages = calloc(max_pfn, sizeof(*pages));
	unsigned long n = 0, kept = 0;
	struct zone *zone;

	/* The page cache's radix tree first: its nodes are slab pages. */
	test_file_reserve(tf, max_pfn);
	while ((pages[n] = take_page(-1)) != NULL)
		n++;
	qsort(pages, n, sizeof(*pages), crafted ? cmp_pfn_quad : cmp_pfn);
	for_each_populated_zone(zone) {
		unsigned long give = between_min_and_low(zone);

		/* Give back the youngest pages of the zone. */
		for (unsigned long i = n; i-- > 0 && give;) {
			if (pages[i] && page_zone(pages[i]) == zone) {
				__free_page(pages[i]);
				pages[i] = NULL;
				give--;
			}
		}
	}
	drain_all_pages();
	for (unsigned long i = 0; i < n; i++) {
		if (!pages[i])
			continue;
		add_file_page(tf, pages[i], kept++, false);
		/* Somebody else holds it (a pipe buffer, direct I/O). */
		if (pinned)
			get_page(pages[i]);
	}
	free(pages);
	for_each_populated_zone(zone) {
		assert_int_equal(zone_page_state(zone, NR_FREE_PAGES),
				 between_min_and_low(zone));
		assert_false(zone_watermark_ok(zone, 0, low_wmark_pages(zone), 0, 0));
	}
	return kept;
}

static bool all_zones_at_high(int order)
{
	struct zone *zone;

	for_each_populated_zone(zone)
		if (!zone_watermark_ok(zone, order, high_wmark_pages(zone), 0, 0))
			return false;
	return true;
}

/*
 * Start kswapd on an idle machine, as at boot, and let it settle into its
 * full sleep (past patch 4's nap) before memory fills up.
 */
static void start_kswapd(void)
{
	assert_int_equal(kswapd_run(0), 0);
	run_until_ms(200);
	assert_int_equal(reclaim_stats.kswapd_state, KSWAPD_SLEEPING);
	assert_int_equal(vm_events[PAGEOUTRUN], 0);
}

/*
 * One allocation through the kernel's own path (alloc_pages: the fast path
 * at the low watermark, then __alloc_pages_slowpath, which wakes kswapd),
 * given back at once.
 */
static void allocate_once(gfp_t gfp, unsigned int order)
{
	struct page *page = alloc_pages(gfp, order);

	if (page)
		__free_pages(page, order);
}

static void wait_for_state(enum kswapd_state state, unsigned long min_balances)
{
	while (reclaim_stats.kswapd_state != state ||
	       reclaim_stats.kswapd_balance_calls < min_balances)
		schedule_timeout_uninterruptible(1);
}

/* Take page cache pages from @t until its free pages are below @mark. */
static void consume_below(struct test_file *tf, enum zone_type t,
			  unsigned long mark, pgoff_t *index)
{
	struct page *page;

	while (zone_page_state(Z(t), NR_FREE_PAGES) >= mark &&
	       (page = take_page(t)) != NULL)
		add_file_page(tf, page, (*index)++, false);
}

/* ---- wake below low, sleep at high ------------------------------------ */

static unsigned long trace_counts[NR_TRACE_EVENTS];
static int trace_wake_order = -1;

static void count_trace(const struct trace_entry *e)
{
	trace_counts[e->id]++;
	if (e->id == TRACE_MM_VMSCAN_KSWAPD_WAKE)
		trace_wake_order = e->mm_vmscan_kswapd_wake.order;
}

struct wake_run {
	int order;
	struct test_file *tf;
	unsigned long runs_before_alloc, wakes_before_alloc;
	unsigned long wakes_after_alloc;
	bool high_at_sleep[MAX_ORDER];
	unsigned long wakes_after_second_alloc;
	unsigned long traces[NR_TRACE_EVENTS];
	int traced_wake_order;
	bool done;
};

static void wake_task(void *arg)
{
	struct wake_run *w = arg;

	/* Below low but nobody allocating: kswapd sleeps on. */
	schedule_timeout_uninterruptible(HZ / 10);
	w->runs_before_alloc = vm_events[PAGEOUTRUN];
	w->wakes_before_alloc = reclaim_stats.kswapd_wakeups;
	allocate_once(GFP_ATOMIC, (unsigned int)w->order);
	w->wakes_after_alloc = reclaim_stats.kswapd_wakeups;
	wait_for_state(KSWAPD_SLEEPING, 1);
	for (int o = 0; o < MAX_ORDER; o++)
		w->high_at_sleep[o] = all_zones_at_high(o);
	/* Above low now: an allocation leaves kswapd alone. */
	allocate_once(GFP_ATOMIC, 0);
	w->wakes_after_second_alloc = reclaim_stats.kswapd_wakeups;
	w->done = true;
}

static void run_wake(struct wake_run *w)
{
	harness_boot("x86", 64, 2, RC6, 21);
	w->tf = test_file_create(10 * NSEC_PER_MSEC);
	memset(trace_counts, 0, sizeof(trace_counts));
	trace_sink = count_trace;
	start_kswapd();
	fill_memory(w->tf, true, false);
	kthread_run(wake_task, w, "alloc", DEFAULT_PRIO);
	run_until_ms(5000);
	trace_sink = NULL;
	memcpy(w->traces, trace_counts, sizeof(trace_counts));
	w->traced_wake_order = trace_wake_order;
	assert_true(w->done);
	assert_int_equal(w->runs_before_alloc, 0);
	assert_int_equal(w->wakes_before_alloc, 0);
	assert_int_equal(w->wakes_after_alloc, 1);
	assert_int_equal(w->wakes_after_second_alloc, 1);
	assert_true(vm_events[PAGEOUTRUN] >= 1);
	assert_true(vm_events[KSWAPD_STEAL] > 0);
	assert_int_equal(reclaim_stats.last_balanced_order, w->order);
	assert_conserved();
	test_file_destroy(w->tf);
	harness_teardown();
}

static void test_kswapd_wakes_below_low_sleeps_at_high(void **state)
{
	struct wake_run w0 = { .order = 0 }, w2 = { .order = 2 };

	(void)state;
	run_wake(&w0);
	/*
	 * The trace: kswapd slept at boot and after its one pass; the
	 * first allocation traced one wakeup_kswapd per zone (Normal, DMA),
	 * the second none (above low).
	 */
	assert_int_equal(w0.traces[TRACE_MM_VMSCAN_KSWAPD_SLEEP], 2);
	assert_int_equal(w0.traces[TRACE_MM_VMSCAN_KSWAPD_WAKE], 1);
	assert_int_equal(w0.traces[TRACE_MM_VMSCAN_WAKEUP_KSWAPD], 2);
	assert_true(w0.traces[TRACE_MM_VMSCAN_LRU_SHRINK_INACTIVE] > 0);
	assert_int_equal(w0.traced_wake_order, 0);
	/* Asleep again only with every zone at its high watermark... */
	assert_true(w0.high_at_sleep[0]);
	/* ...at order 0: the crafted LRU freed no order-2 block. */
	assert_false(w0.high_at_sleep[2]);

	run_wake(&w2);
	assert_int_equal(w2.traced_wake_order, 2);
	/* Asked for order 2, kswapd stays up until order 2 is at high. */
	assert_true(w2.high_at_sleep[0]);
	assert_true(w2.high_at_sleep[2]);
}

/* ---- patch 4: premature sleeps ---------------------------------------- */

enum p4_stream {
	P4_FAST,	/* allocations below low within the short sleep */
	P4_SLOW,	/* below high (not low) within the short sleep */
};

struct p4_run {
	enum p4_stream stream;
	struct test_file *tf;
	pgoff_t index;
	sim_time_t breach_after;	/* ns from the sleep to the breach */
	unsigned long balances_after_breach;
	bool asleep_below_high;		/* plain kswapd left the breach alone */
	unsigned long fast, slow;	/* the patch 4 counters at the end */
	bool done;
};

static void p4_task(void *arg)
{
	struct p4_run *p = arg;
	bool quick = kprofile.kswapd_sleep == KSWAPD_SLEEP_QUICK_RECHECK;
	enum kswapd_state first_sleep = quick ? KSWAPD_SHORT_SLEEP : KSWAPD_SLEEPING;
	sim_time_t slept_at;
	unsigned long balances;

	schedule_timeout_uninterruptible(HZ / 10);
	allocate_once(GFP_ATOMIC, 0);
	wait_for_state(first_sleep, 1);
	slept_at = sim_now();
	balances = reclaim_stats.kswapd_balance_calls;
	schedule_timeout_uninterruptible(2);	/* 8 ms into the nap */
	if (p->stream == P4_FAST) {
		/* A stream of allocations takes every zone below low... */
		consume_below(p->tf, ZONE_NORMAL, low_wmark_pages(Z(ZONE_NORMAL)),
			      &p->index);
		consume_below(p->tf, ZONE_DMA, low_wmark_pages(Z(ZONE_DMA)),
			      &p->index);
		/* ...and the next one wakes kswapd. */
		allocate_once(GFP_ATOMIC, 0);
	} else {
		/* Below high but above low: nobody wakes kswapd. */
		consume_below(p->tf, ZONE_NORMAL, high_wmark_pages(Z(ZONE_NORMAL)),
			      &p->index);
	}
	p->breach_after = sim_now() - slept_at;
	schedule_timeout_uninterruptible(HZ);
	p->balances_after_breach = reclaim_stats.kswapd_balance_calls - balances;
	p->asleep_below_high = reclaim_stats.kswapd_state == KSWAPD_SLEEPING &&
			       !all_zones_at_high(0);
	wait_for_state(KSWAPD_SLEEPING, 1);
	p->done = true;
}

static void run_p4(const char *profile, struct p4_run *p)
{
	harness_boot("x86", 64, 2, profile, 22);
	p->tf = test_file_create(10 * NSEC_PER_MSEC);
	start_kswapd();
	p->index = fill_memory(p->tf, false, false);
	kthread_run(p4_task, p, "stream", DEFAULT_PRIO);
	run_until_ms(5000);
	assert_true(p->done);
	/* The breach came within the HZ/10 nap. */
	assert_true(p->breach_after < jiffies_to_ns(HZ / 10));
	p->fast = vm_events[KSWAPD_PREMATURE_FAST];
	p->slow = vm_events[KSWAPD_PREMATURE_SLOW];
	assert_conserved();
	test_file_destroy(p->tf);
	harness_teardown();
}

static void test_p4_fast_premature_sleep(void **state)
{
	struct p4_run p = { .stream = P4_FAST };

	(void)state;
	run_p4(RC6_P4, &p);
	/* Woken during the nap: "fast"; kswapd went back to work at once. */
	assert_int_equal(p.fast, 1);
	assert_int_equal(vm_events[KSWAPD_PREMATURE_SLOW], 0);
	assert_true(p.balances_after_breach >= 1);
}

static void test_p4_slow_premature_sleep(void **state)
{
	struct p4_run p = { .stream = P4_SLOW };

	(void)state;
	run_p4(RC6_P4, &p);
	/* Nobody woke it, but after the nap a zone was below high: "slow". */
	assert_int_equal(p.fast, 0);
	assert_int_equal(p.slow, 1);
	assert_true(p.balances_after_breach >= 1);
	assert_false(p.asleep_below_high);
}

static void test_without_p4_no_premature_counts(void **state)
{
	struct p4_run fast = { .stream = P4_FAST }, slow = { .stream = P4_SLOW };

	(void)state;
	run_p4(RC6, &fast);
	assert_int_equal(fast.fast, 0);
	assert_int_equal(fast.slow, 0);
	/* A real wake-up still works. */
	assert_true(fast.balances_after_breach >= 1);

	run_p4(RC6, &slow);
	assert_int_equal(slow.fast, 0);
	assert_int_equal(slow.slow, 0);
	/* The gap patch 4 closes: asleep with a zone below high. */
	assert_int_equal(slow.balances_after_breach, 0);
	assert_true(slow.asleep_below_high);
}

/* ---- patch 5: congestion priority by order ---------------------------- */

struct p5_run {
	int order;
	struct test_file *tf;
	bool done;
};

static void p5_task(void *arg)
{
	struct p5_run *p = arg;

	schedule_timeout_uninterruptible(HZ / 10);
	allocate_once(GFP_ATOMIC, (unsigned int)p->order);
	p->done = true;
}

/* The highest priority at which kswapd's first pass napped, and how many
 * naps that pass took. */
static int first_pass_nap(const char *profile, int order, int *naps)
{
	struct p5_run p = { .order = order };
	int highest = -1;

	harness_boot("x86", 64, 2, profile, 23);
	/*
	 * Page cache somebody else holds a reference to: scanned, never
	 * freed, and no writeback that would make kswapd throttle in
	 * throttle_vm_writeout as well.
	 */
	p.tf = test_file_create(60 * NSEC_PER_SEC);
	start_kswapd();
	fill_memory(p.tf, false, true);
	kthread_run(p5_task, &p, "atomic", DEFAULT_PRIO);
	/* The first pass: woken at 0.3 s, at most ten 100 ms naps. */
	run_until_ms(1500);
	assert_true(p.done);
	assert_true(reclaim_stats.nr_kswapd_cw_log > 0);
	*naps = 0;
	for (size_t i = 0; i < reclaim_stats.nr_kswapd_cw_log; i++) {
		const struct kswapd_cw_entry *e = &reclaim_stats.kswapd_cw_log[i];

		if (e->pass != 1)
			continue;
		assert_int_equal(e->order, order);
		(*naps)++;
		if (e->priority > highest)
			highest = e->priority;
	}
	assert_int_equal(vm_events[KSWAPD_STEAL], 0);
	assert_conserved();
	test_file_destroy(p.tf);
	harness_teardown();
	return highest;
}

static void test_p5_order_adjusted_congestion_priority(void **state)
{
	int naps;

	(void)state;
	/* Vanilla: naps once priority < DEF_PRIORITY - 2 = 10, any order;
	 * a pass that frees nothing naps at every priority 9..0. */
	assert_int_equal(first_pass_nap(RC6, 0, &naps), DEF_PRIORITY - 3);
	assert_int_equal(naps, 10);
	assert_int_equal(first_pass_nap(RC6, 3, &naps), DEF_PRIORITY - 3);
	assert_int_equal(naps, 10);
	/* Patch 5, order 0: unchanged, 10 - min(10, 0) = 10. */
	assert_int_equal(first_pass_nap(RC6_P5, 0, &naps), DEF_PRIORITY - 3);
	assert_int_equal(naps, 10);
	/* Patch 5, order 3: priority < 10 - 3 = 7, i.e. from 6 down to 0. */
	assert_int_equal(first_pass_nap(RC6_P5, 3, &naps), DEF_PRIORITY - 6);
	assert_int_equal(naps, 7);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kswapd_wakes_below_low_sleeps_at_high),
		cmocka_unit_test(test_p4_fast_premature_sleep),
		cmocka_unit_test(test_p4_slow_premature_sleep),
		cmocka_unit_test(test_without_p4_no_premature_counts),
		cmocka_unit_test(test_p5_order_adjusted_congestion_priority),
	};

	return cmocka_run_group_tests_name("kswapd", tests, NULL, NULL);
}
