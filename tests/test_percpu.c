// SPDX-License-Identifier: GPL-2.0
/*
 * Per-CPU effects of 2.6.30-2.6.32: the zone counters' per-cpu
 * differentials (mm/vmstat.c: calculate_threshold, __mod_zone_page_state,
 * vmstat_update) and what zone_watermark_ok makes of them, drain_all_pages
 * charging each CPU's differential, and the LRU pagevecs (mm/swap.c).
 * Every expectation is derived by hand in the comment above it.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/swap.h"
#include "mmsim/profile.h"

/* ---- helpers ---------------------------------------------------------- */

/* A machine of @cpus CPUs, engine and memory; thresholds still 0. */
static void boot(const char *arch, unsigned long mbytes, unsigned int cpus)
{
	struct sim_config sc = { .hz = 250, .nr_cpus = cpus, .seed = 1 };
	struct mem_config cfg = {
		.arch = arch_lookup(arch),
		.mem_bytes = mbytes << 20,
		.nr_cpus = cpus,
		.reserved_kbytes = (unsigned long)-1,
	};

	profile_set_default();
	sim_init(&sc);
	assert_int_equal(mem_init(&cfg), 0);
}

static void shutdown(void)
{
	mem_exit();
	sim_exit();
}

static struct zone *Z(enum zone_type t)
{
	return &contig_page_data.node_zones[t];
}

/* Pages on @zone's buddy free lists: what NR_FREE_PAGES should say. */
static long free_list_pages(const struct zone *zone)
{
	long n = 0;

	for (int order = 0; order < MAX_ORDER; order++)
		n += (long)zone->free_area[order].nr_free << order;
	return n;
}

/* A block of @order from @zone alone, ignoring watermarks. */
static struct page *zone_alloc(struct zone *zone, unsigned int order)
{
	struct zonelist one = { { zone, NULL } };

	return get_page_from_freelist(GFP_HIGHUSER_MOVABLE, order, &one,
				      zone_idx(zone), ALLOC_NO_WATERMARKS, zone,
				      MIGRATE_MOVABLE);
}

/* Run @fn(@arg) as CPU @cpu (sim_call_on_cpu: smp_processor_id() is it). */
struct on_cpu_call {
	struct zone *zone;
	long delta;
	unsigned int order;
	int n;
	struct page **pages;
};

static void mod_free(void *arg)
{
	struct on_cpu_call *c = arg;

	__mod_zone_page_state(c->zone, NR_FREE_PAGES, c->delta);
}

static void alloc_blocks(void *arg)
{
	struct on_cpu_call *c = arg;

	for (int i = 0; i < c->n; i++) {
		c->pages[i] = zone_alloc(c->zone, c->order);
		assert_non_null(c->pages[i]);
	}
}

static void free_blocks(void *arg)
{
	struct on_cpu_call *c = arg;

	for (int i = 0; i < c->n; i++)
		__free_pages(c->pages[i], c->order);
}

static void free_order0(void *arg)
{
	struct on_cpu_call *c = arg;

	for (int i = 0; i < c->n; i++)
		__free_pages(c->pages[i], 0);
}

/* ---- calculate_threshold ---------------------------------------------- */

/*
 * threshold = min(125, 2 * fls(cpus) * (1 + fls(present >> 15))).  At
 * 512 MB the DMA zone has under 4096 present pages, so mem 0 and
 * 2 * fls(cpus); DMA32 (x86-64) and Normal (x86) have 98,304..131,071,
 * so mem 3, fls(3) = 2 and 6 * fls(cpus).  fls(2) = 2, fls(4) = 3:
 * DMA 4 and 6, the big zone 12 and 18.
 */
static void check_thresholds(const char *arch, enum zone_type big,
			     unsigned int cpus, int dma, int main_zone)
{
	boot(arch, 512, cpus);
	assert_true(Z(ZONE_DMA)->present_pages < 4096);
	assert_true(Z(big)->present_pages >= 98304);
	assert_true(Z(big)->present_pages < 131072);
	assert_int_equal(calculate_threshold(Z(ZONE_DMA)), dma);
	assert_int_equal(calculate_threshold(Z(big)), main_zone);
	/* Boot pagesets fold every update until setup_vmstat sets them. */
	assert_int_equal(zone_pcp(Z(big), cpus - 1)->stat_threshold, 0);
	refresh_zone_stat_thresholds();
	for (unsigned int cpu = 0; cpu < cpus; cpu++) {
		assert_int_equal(zone_pcp(Z(ZONE_DMA), cpu)->stat_threshold, dma);
		assert_int_equal(zone_pcp(Z(big), cpu)->stat_threshold, main_zone);
	}
	shutdown();
}

static void test_thresholds_512m(void **state)
{
	(void)state;
	check_thresholds("x86_64", ZONE_DMA32, 2, 4, 12);
	check_thresholds("x86_64", ZONE_DMA32, 4, 6, 18);
	check_thresholds("x86", ZONE_NORMAL, 2, 4, 12);
	check_thresholds("x86", ZONE_NORMAL, 4, 6, 18);
}

/* ---- drift ------------------------------------------------------------ */

/*
 * Updates on four CPUs (threshold 18): the folded counter never lags the
 * true value by more than 18 x 4 = 72, the snapshot is always exact, and
 * after refresh_cpu_vm_stats on each CPU the counter is exact again.
 * Then the worst case, built on purpose: +18 on each CPU folds nothing
 * (x > threshold folds, x = 18 does not), a lag of exactly 72; one more
 * page on CPU 0 folds all 19 of it.
 */
static void test_drift_bounded_and_folded(void **state)
{
	struct zone *zone;
	struct on_cpu_call c;
	long truth, max_lag = 0;

	(void)state;
	boot("x86_64", 512, 4);
	refresh_zone_stat_thresholds();
	zone = Z(ZONE_DMA32);
	c.zone = zone;
	truth = zone->vm_stat[NR_FREE_PAGES];
	for (int i = 0; i < 5000; i++) {
		int cpu = (int)prandom_below(4);
		long lag;

		c.delta = (long)prandom_below(41) - 20;
		truth += c.delta;
		sim_call_on_cpu(cpu, mod_free, &c);
		lag = labs(truth - zone->vm_stat[NR_FREE_PAGES]);
		if (lag > max_lag)
			max_lag = lag;
		assert_true(lag <= 18 * 4);
		assert_int_equal(zone_page_state_snapshot(zone, NR_FREE_PAGES),
				 truth);
		/* DMA's differentials stay 0: the global lag is DMA32's. */
		assert_int_equal(global_page_state_snapshot(NR_FREE_PAGES) -
				 vm_stat[NR_FREE_PAGES],
				 truth - zone->vm_stat[NR_FREE_PAGES]);
	}
	assert_true(max_lag > 18);		/* more than one CPU's worth */
	for (int cpu = 0; cpu < 4; cpu++)
		refresh_cpu_vm_stats(cpu);
	assert_int_equal(zone->vm_stat[NR_FREE_PAGES], truth);
	for (int cpu = 0; cpu < 4; cpu++)
		assert_int_equal(zone_pcp(zone, cpu)->vm_stat_diff[NR_FREE_PAGES], 0);

	c.delta = 18;
	for (int cpu = 0; cpu < 4; cpu++)
		sim_call_on_cpu(cpu, mod_free, &c);
	assert_int_equal(zone->vm_stat[NR_FREE_PAGES], truth);
	assert_int_equal(zone_page_state_snapshot(zone, NR_FREE_PAGES), truth + 72);
	c.delta = 1;
	sim_call_on_cpu(0, mod_free, &c);
	assert_int_equal(zone->vm_stat[NR_FREE_PAGES], truth + 19);
	assert_int_equal(zone_pcp(zone, 0)->vm_stat_diff[NR_FREE_PAGES], 0);
	shutdown();
}

/*
 * __inc_zone_state's overstep: with threshold 12, the 13th increment
 * folds 13 + 6 = 19 and leaves the differential at -6; the next fold comes
 * 19 increments later (-6 -> 13).  A counter moving one way folds every
 * 1.5 thresholds.
 */
static void test_inc_overstep(void **state)
{
	struct zone *zone;
	long base;

	(void)state;
	boot("x86_64", 512, 2);
	refresh_zone_stat_thresholds();
	zone = Z(ZONE_DMA32);
	base = zone->vm_stat[NR_FILE_DIRTY];
	for (int i = 0; i < 12; i++)
		__inc_zone_state(zone, NR_FILE_DIRTY);
	assert_int_equal(zone->vm_stat[NR_FILE_DIRTY], base);
	__inc_zone_state(zone, NR_FILE_DIRTY);
	assert_int_equal(zone->vm_stat[NR_FILE_DIRTY], base + 19);
	assert_int_equal(zone_pcp(zone, 0)->vm_stat_diff[NR_FILE_DIRTY], -6);
	for (int i = 0; i < 18; i++)
		__inc_zone_state(zone, NR_FILE_DIRTY);
	assert_int_equal(zone->vm_stat[NR_FILE_DIRTY], base + 19);
	__inc_zone_state(zone, NR_FILE_DIRTY);
	assert_int_equal(zone->vm_stat[NR_FILE_DIRTY], base + 38);
	assert_int_equal(zone_page_state_snapshot(zone, NR_FILE_DIRTY), base + 32);
	shutdown();
}

/*
 * vmstat_update: CPU 0's first fold is at round_jiffies(250) = 250
 * jiffies (1.000 s); CPU 1's is skewed: 250 + 3 = 253, rounded down
 * (rem 3 < HZ/4) to 250, minus 3: 247 jiffies, 0.988 s.  Then every
 * second on the same skew (1.988 s, ...).  Order-1 allocations take 2
 * pages each off the counter's differential (threshold 12: up to six
 * without a fold).
 */
static void test_vmstat_update_folds(void **state)
{
	struct page *pages[6];
	struct on_cpu_call c = { .order = 1, .pages = pages };
	struct zone *zone;
	long base;

	(void)state;
	boot("x86_64", 512, 2);
	setup_vmstat();
	zone = Z(ZONE_DMA32);
	c.zone = zone;
	base = zone->vm_stat[NR_FREE_PAGES];
	c.n = 2;
	sim_call_on_cpu(1, alloc_blocks, &c);		/* CPU 1: -4 */
	c.n = 1;
	sim_call_on_cpu(0, alloc_blocks, &c);		/* CPU 0: -2 */
	assert_int_equal(zone->vm_stat[NR_FREE_PAGES], base);

	sim_run(987 * NSEC_PER_MSEC);
	assert_int_equal(zone->vm_stat[NR_FREE_PAGES], base);
	sim_run(989 * NSEC_PER_MSEC);
	assert_int_equal(zone->vm_stat[NR_FREE_PAGES], base - 4);
	assert_int_equal(zone_pcp(zone, 1)->vm_stat_diff[NR_FREE_PAGES], 0);
	sim_run(999 * NSEC_PER_MSEC);
	assert_int_equal(zone->vm_stat[NR_FREE_PAGES], base - 4);
	sim_run(NSEC_PER_SEC);
	assert_int_equal(zone->vm_stat[NR_FREE_PAGES], base - 6);
	assert_int_equal(free_list_pages(zone), base - 6);

	/* And again a second later. */
	c.n = 3;
	sim_call_on_cpu(1, alloc_blocks, &c);		/* CPU 1: -6 */
	sim_run(1987 * NSEC_PER_MSEC);
	assert_int_equal(zone->vm_stat[NR_FREE_PAGES], base - 6);
	sim_run(1989 * NSEC_PER_MSEC);
	assert_int_equal(zone->vm_stat[NR_FREE_PAGES], base - 12);
	shutdown();
}

/* ---- zone_watermark_ok on the folded counter --------------------------- */

/*
 * Exact counters (thresholds 0) bring the folded NR_FREE_PAGES of DMA32 to
 * @target or @target + 1 with order-1 allocations (each -2, folded at
 * once); returns the blocks taken.
 */
static unsigned long trim_free_to(struct zone *zone, long target,
				  struct page **taken, unsigned long max)
{
	unsigned long n = 0;

	while (zone->vm_stat[NR_FREE_PAGES] > target + 1) {
		assert_true(n < max);
		taken[n] = zone_alloc(zone, 1);
		assert_non_null(taken[n]);
		n++;
	}
	return n;
}

#define MAX_TAKEN (1UL << 17)

/*
 * Four CPUs, threshold 18.  (a) The folded counter at min + 1 or + 2;
 * each CPU then takes nine order-1 blocks (-18, not past the threshold,
 * nothing folds): the free lists hold 72 pages fewer, below min, and
 * zone_watermark_ok(order 0, min) still passes, as it reads the counter
 * (free - 0 > min + lowmem_reserve[own zone] = min).  (b) The converse:
 * exact again (folded, thresholds 0, the 36 blocks back), the counter at
 * min - 6 or - 5, then each CPU frees nine order-1 blocks (+18): the
 * lists hold 72 more, above min, and the check fails until a fold.
 */
static void test_watermark_reads_folded_counter(void **state)
{
	static struct page *taken[MAX_TAKEN];
	struct page *blocks[4][9];
	struct on_cpu_call c = { .order = 1, .n = 9 };
	struct zone *zone;
	long min, counter;
	unsigned long n;

	(void)state;
	boot("x86_64", 512, 4);
	zone = Z(ZONE_DMA32);
	min = (long)min_wmark_pages(zone);
	assert_int_equal(zone->lowmem_reserve[ZONE_DMA32], 0);

	/* (a) */
	n = trim_free_to(zone, min + 1, taken, MAX_TAKEN);
	counter = zone->vm_stat[NR_FREE_PAGES];
	assert_true(counter == min + 1 || counter == min + 2);
	assert_int_equal(free_list_pages(zone), counter);
	assert_true(zone_watermark_ok(zone, 0, (unsigned long)min, ZONE_DMA32, 0));
	refresh_zone_stat_thresholds();
	c.zone = zone;
	for (int cpu = 0; cpu < 4; cpu++) {
		c.pages = blocks[cpu];
		sim_call_on_cpu(cpu, alloc_blocks, &c);
	}
	assert_int_equal(zone->vm_stat[NR_FREE_PAGES], counter);
	assert_int_equal(free_list_pages(zone), counter - 72);
	assert_true(free_list_pages(zone) < min);
	assert_int_equal(zone_page_state_snapshot(zone, NR_FREE_PAGES),
			 counter - 72);
	assert_true(zone_watermark_ok(zone, 0, (unsigned long)min, ZONE_DMA32, 0));

	/* (b) */
	for (int cpu = 0; cpu < 4; cpu++)
		refresh_cpu_vm_stats(cpu);
	for (struct zone *z = Z(ZONE_DMA); z <= Z(ZONE_DMA32); z++)
		for (int cpu = 0; cpu < 4; cpu++)
			zone_pcp(z, cpu)->stat_threshold = 0;
	for (int cpu = 0; cpu < 4; cpu++) {
		c.pages = blocks[cpu];
		free_blocks(&c);
	}
	assert_int_equal(zone->vm_stat[NR_FREE_PAGES], counter);
	n += trim_free_to(zone, min - 6, taken + n, MAX_TAKEN - n);
	assert_true(n >= 36);
	counter = zone->vm_stat[NR_FREE_PAGES];
	assert_true(counter == min - 6 || counter == min - 5);
	assert_int_equal(free_list_pages(zone), counter);
	assert_false(zone_watermark_ok(zone, 0, (unsigned long)min, ZONE_DMA32, 0));
	refresh_zone_stat_thresholds();
	for (int cpu = 0; cpu < 4; cpu++) {
		c.pages = taken + n - 36 + 9 * cpu;
		sim_call_on_cpu(cpu, free_blocks, &c);
	}
	assert_int_equal(zone->vm_stat[NR_FREE_PAGES], counter);
	assert_int_equal(free_list_pages(zone), counter + 72);
	assert_true(free_list_pages(zone) > min);
	assert_false(zone_watermark_ok(zone, 0, (unsigned long)min, ZONE_DMA32, 0));
	/* vmstat_update's fold settles it. */
	for (int cpu = 0; cpu < 4; cpu++)
		refresh_cpu_vm_stats(cpu);
	assert_true(zone_watermark_ok(zone, 0, (unsigned long)min, ZONE_DMA32, 0));
	shutdown();
}

/*
 * drain_all_pages runs drain_local_pages on every CPU: ten order-0 pages
 * freed on CPU 1 sit on its pcp list (count 10 < high 186, no batch
 * free, no counter change); draining them from CPU 0 puts +10 into CPU 1's
 * differential (10 <= 12, not folded), none into CPU 0's.
 */
static void test_drain_all_pages_charges_each_cpu(void **state)
{
	struct page *pages[10];
	struct on_cpu_call c = { .n = 10, .pages = pages };
	struct zone *zone;
	long folded;

	(void)state;
	boot("x86_64", 512, 2);
	zone = Z(ZONE_DMA32);
	for (int i = 0; i < 10; i++) {
		pages[i] = zone_alloc(zone, 0);
		assert_non_null(pages[i]);
	}
	drain_all_pages();
	refresh_zone_stat_thresholds();
	sim_call_on_cpu(1, free_order0, &c);
	assert_int_equal(zone_pcp(zone, 1)->pcp.count, 10);
	folded = zone->vm_stat[NR_FREE_PAGES];
	drain_all_pages();
	assert_int_equal(zone_pcp(zone, 1)->pcp.count, 0);
	assert_int_equal(zone->vm_stat[NR_FREE_PAGES], folded);
	assert_int_equal(zone_pcp(zone, 1)->vm_stat_diff[NR_FREE_PAGES], 10);
	assert_int_equal(zone_pcp(zone, 0)->vm_stat_diff[NR_FREE_PAGES], 0);
	assert_int_equal(free_list_pages(zone), folded + 10);
	shutdown();
}

/* ---- LRU pagevecs -------------------------------------------------------- */

static void add_to_lru(void *arg)
{
	struct on_cpu_call *c = arg;

	for (int i = 0; i < c->n; i++)
		lru_cache_add_lru(c->pages[i], LRU_INACTIVE_FILE);
}

static void drain_here(void *arg)
{
	(void)arg;
	lru_add_drain();
}

/*
 * A page added to the LRU waits, with a reference, in the CPU's pagevec
 * for its list: 13 pages are on no list (reclaim cannot isolate them, the
 * counter does not count them); the 14th fills the pagevec and all 14 go
 * on the list in the order they came (each list_add at the head: the
 * first added is the tail), the pagevec's references dropped.  A 15th
 * waits until lru_add_drain on its CPU; another CPU's drain leaves it.
 */
static void test_pagevec_batches_lru_adds(void **state)
{
	struct page *pages[15];
	struct on_cpu_call c = { .pages = pages };
	struct zone *zone;
	const struct pagevec *pv0;

	(void)state;
	boot("x86_64", 512, 2);
	zone = Z(ZONE_DMA32);
	for (int i = 0; i < 15; i++) {
		pages[i] = zone_alloc(zone, 0);
		assert_non_null(pages[i]);
	}
	pv0 = lru_add_pvec(0, LRU_INACTIVE_FILE);
	c.n = 13;
	sim_call_on_cpu(0, add_to_lru, &c);
	assert_int_equal(pagevec_count(pv0), 13);
	for (int i = 0; i < 13; i++) {
		assert_false(PageLRU(pages[i]));
		assert_int_equal(page_count(pages[i]), 2);
		assert_int_equal(isolate_lru_page(pages[i]), -EBUSY);
	}
	assert_int_equal(zone_page_state_snapshot(zone, NR_INACTIVE_FILE), 0);
	assert_true(list_empty(&zone->lru[LRU_INACTIVE_FILE]));

	c.pages = pages + 13;
	c.n = 1;
	sim_call_on_cpu(0, add_to_lru, &c);
	assert_int_equal(pagevec_count(pv0), 0);
	assert_int_equal(zone_page_state_snapshot(zone, NR_INACTIVE_FILE), 14);
	for (int i = 0; i < 14; i++) {
		assert_true(PageLRU(pages[i]));
		assert_int_equal(page_count(pages[i]), 1);
	}
	assert_ptr_equal(lru_to_page(&zone->lru[LRU_INACTIVE_FILE]), pages[0]);
	assert_ptr_equal(list_first_entry(&zone->lru[LRU_INACTIVE_FILE],
					  struct page, lru), pages[13]);

	/* The 15th, on CPU 1: CPU 0's drain does not reach it. */
	c.pages = pages + 14;
	sim_call_on_cpu(1, add_to_lru, &c);
	sim_call_on_cpu(0, drain_here, NULL);
	assert_false(PageLRU(pages[14]));
	assert_int_equal(pagevec_count(lru_add_pvec(1, LRU_INACTIVE_FILE)), 1);
	sim_call_on_cpu(1, drain_here, NULL);
	assert_true(PageLRU(pages[14]));
	assert_int_equal(zone_page_state_snapshot(zone, NR_INACTIVE_FILE), 15);
	assert_int_equal(isolate_lru_page(pages[14]), 0);
	putback_lru_page(pages[14]);
	/* putback_lru_page goes through the pagevec too (2.6.32 vmscan.c). */
	assert_false(PageLRU(pages[14]));
	lru_add_drain();
	assert_true(PageLRU(pages[14]));
	shutdown();
}

/*
 * A page whose owner lets go while it waits in a pagevec is freed when
 * the pagevec drains: ____pagevec_lru_add puts it on the list, then
 * release_pages drops the last reference, takes it off and frees it.
 */
static void test_pagevec_holds_freed_page(void **state)
{
	struct page *page;
	struct zone *zone;
	long free_before;

	(void)state;
	boot("x86_64", 512, 1);
	zone = Z(ZONE_DMA32);
	page = zone_alloc(zone, 0);
	assert_non_null(page);
	SetPageSwapBacked(page);
	lru_cache_add_lru(page, LRU_ACTIVE_ANON);
	put_page(page);
	assert_int_equal(page_count(page), 1);
	assert_false(PageLRU(page));
	drain_all_pages();
	free_before = free_list_pages(zone);
	lru_add_drain();
	assert_int_equal(page_count(page), 0);
	assert_false(PageLRU(page));
	assert_int_equal(zone_page_state_snapshot(zone, NR_ACTIVE_ANON), 0);
	drain_all_pages();
	assert_int_equal(free_list_pages(zone), free_before + 1);
	shutdown();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_thresholds_512m),
		cmocka_unit_test(test_drift_bounded_and_folded),
		cmocka_unit_test(test_inc_overstep),
		cmocka_unit_test(test_vmstat_update_folds),
		cmocka_unit_test(test_watermark_reads_folded_counter),
		cmocka_unit_test(test_drain_all_pages_charges_each_cpu),
		cmocka_unit_test(test_pagevec_batches_lru_adds),
		cmocka_unit_test(test_pagevec_holds_freed_page),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
