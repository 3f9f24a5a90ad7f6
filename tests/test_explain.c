// SPDX-License-Identifier: GPL-2.0
/*
 * Why an allocation failed: zone_watermark_explain() on hand-made zones
 * for each test of __zone_watermark_ok (the order-0 test, the order-k loop
 * at a named order, lowmem_reserve refusing DMA, ALLOC_HIGH and
 * ALLOC_HARDER moving the threshold), its agreement with
 * zone_watermark_ok() on many zone states, the records the real slow
 * path leaves (atomic from an interrupt, __GFP_NORETRY from a task), and
 * a whole force-highorder run whose every explained failure agrees with
 * its show_mem snapshot.  Expected numbers are worked out in the comments
 * from 2.6.32's __zone_watermark_ok() (mm/page_alloc.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "testlib.h"
#include "reclaim_harness.h"
#include "mmsim/alloc_fail.h"
#include "report/explain.h"
#include "mmsim/kstate.h"
#include "experiment/run.h"
#include "experiment/scenario_load.h"

/* ---- hand-made zones --------------------------------------------------- */

/*
 * A node of its own, never booted: only the fields __zone_watermark_ok
 * reads are set.  zone_idx() works from the zone's place in node_zones.
 */
static pg_data_t fake_node;

static struct zone *fake_zone(enum zone_type t, const char *name,
			      unsigned long min, const unsigned long *nr_free,
			      int orders)
{
	struct zone *z = &fake_node.node_zones[t];
	long free = 0;

	memset(z, 0, sizeof(*z));
	z->zone_pgdat = &fake_node;
	z->name = name;
	z->watermark[WMARK_MIN] = min;
	z->watermark[WMARK_LOW] = min + min / 4;
	z->watermark[WMARK_HIGH] = min + min / 2;
	for (int o = 0; o < orders; o++) {
		z->free_area[o].nr_free = nr_free[o];
		free += (long)(nr_free[o] << o);
	}
	z->vm_stat[NR_FREE_PAGES] = free;
	return z;
}

static void test_order0_watermark(void **state)
{
	/* 1002 single pages, WMARK_MIN 1000, order 2, no reductions. */
	static const unsigned long nr[] = { 1002 };
	struct zone *z = fake_zone(ZONE_DMA32, "DMA32", 1000, nr, 1);
	struct zone_verdict v;

	(void)state;
	/* 1002 - (4 - 1) = 999 <= 1000 + 0: the order-0 test refuses. */
	zone_watermark_explain(z, 2, WMARK_MIN, ZONE_DMA32, ALLOC_WMARK_MIN, &v);
	assert_int_equal(v.step, WMARK_STEP_ORDER0);
	assert_int_equal(v.free, 1002);
	assert_int_equal(v.min, 1000);
	assert_int_equal(v.mark_pages, 1000);
	assert_int_equal(v.lowmem_reserve, 0);
	assert_int_equal(v.type, ZONE_DMA32);
	assert_string_equal(v.name, "DMA32");
	assert_false(zone_watermark_ok(z, 2, 1000, ZONE_DMA32, 0));
	/* Order 0: 1002 - 0 = 1002 > 1000: passes. */
	zone_watermark_explain(z, 0, WMARK_MIN, ZONE_DMA32, ALLOC_WMARK_MIN, &v);
	assert_int_equal(v.step, WMARK_STEP_PASSED);
	assert_int_equal(v.blocks_ge_order, 1002);
	/* At WMARK_LOW (1000 + 250 = 1250), 1002 <= 1250 fails. */
	zone_watermark_explain(z, 0, WMARK_LOW, ZONE_DMA32, ALLOC_WMARK_LOW, &v);
	assert_int_equal(v.step, WMARK_STEP_ORDER0);
	assert_int_equal(v.min, 1250);
}

static void test_order_k_named_order(void **state)
{
	/* 1000 singles, 265 order-1 (530 pages), 30 order-2 (120 pages):
	 * free 1650, WMARK_MIN 1038, order 2, no reductions. */
	static const unsigned long at2[] = { 1000, 265, 30 };
	/* 1402 singles, 50 order-1 (100), 37 order-2 (148): free 1650. */
	static const unsigned long at1[] = { 1402, 50, 37 };
	struct zone *z = fake_zone(ZONE_DMA32, "DMA32", 1038, at2, 3);
	struct zone_verdict v;

	(void)state;
	/*
	 * order 0: 1650 - 3 = 1647 > 1038.
	 * o=0:     1647 - 1000 = 647 > 1038 >> 1 = 519.
	 * o=1:     647 - 2*265 = 117 <= 519 >> 1 = 259: fails at order 2,
	 *          with 1650 - 1000 - 530 = 120 pages in blocks >= 2.
	 */
	zone_watermark_explain(z, 2, WMARK_MIN, ZONE_DMA32, 0, &v);
	assert_int_equal(v.step, WMARK_STEP_ORDER_K);
	assert_int_equal(v.fail_order, 2);
	assert_int_equal(v.free, 1650);
	assert_int_equal(v.blocks_pages, 120);
	assert_int_equal(v.free_k, 117);
	assert_int_equal(v.need, 259);
	assert_int_equal(v.blocks_ge_order, 30);
	assert_false(zone_watermark_ok(z, 2, 1038, ZONE_DMA32, 0));

	/* o=0: 1647 - 1402 = 245 <= 519: fails at order 1, with
	 * 1650 - 1402 = 248 pages in blocks >= 1. */
	z = fake_zone(ZONE_DMA32, "DMA32", 1038, at1, 3);
	zone_watermark_explain(z, 2, WMARK_MIN, ZONE_DMA32, 0, &v);
	assert_int_equal(v.step, WMARK_STEP_ORDER_K);
	assert_int_equal(v.fail_order, 1);
	assert_int_equal(v.blocks_pages, 248);
	assert_int_equal(v.free_k, 245);
	assert_int_equal(v.need, 519);
	assert_false(zone_watermark_ok(z, 2, 1038, ZONE_DMA32, 0));

	/* Order 1 asks one step less: 1650 - 1 = 1649 > 1038; o=0:
	 * 1649 - 1402 = 247 <= 519 still fails, at order 1. */
	zone_watermark_explain(z, 1, WMARK_MIN, ZONE_DMA32, 0, &v);
	assert_int_equal(v.step, WMARK_STEP_ORDER_K);
	assert_int_equal(v.fail_order, 1);
	assert_int_equal(v.free_k, 247);
}

static void test_lowmem_reserve_refuses_dma(void **state)
{
	/* DMA with 500 single pages, WMARK_MIN 20, and the reserve it
	 * keeps against DMA32 requests: lowmem_reserve[DMA32] = 968. */
	static const unsigned long nr[] = { 500 };
	struct zone *z = fake_zone(ZONE_DMA, "DMA", 20, nr, 1);
	struct zone_verdict v;
	char text[512];
	struct alloc_failure f = { .order = 0, .gfp_mask = GFP_KERNEL };

	(void)state;
	z->lowmem_reserve[ZONE_DMA32] = 968;
	/* A DMA32 request falling back: 500 <= 20 + 968 = 988: refused,
	 * though 500 > 20 alone would pass. */
	zone_watermark_explain(z, 0, WMARK_MIN, ZONE_DMA32, 0, &v);
	assert_int_equal(v.step, WMARK_STEP_ORDER0);
	assert_int_equal(v.lowmem_reserve, 968);
	assert_false(zone_watermark_ok(z, 0, 20, ZONE_DMA32, 0));
	/* A DMA request itself: reserve[DMA] = 0, 500 > 20 passes. */
	zone_watermark_explain(z, 0, WMARK_MIN, ZONE_DMA, 0, &v);
	assert_int_equal(v.step, WMARK_STEP_PASSED);
	assert_true(zone_watermark_ok(z, 0, 20, ZONE_DMA, 0));

	/* The example text names the reserve. */
	f.why = calloc(1, sizeof(*f.why));
	assert_non_null(f.why);
	zone_watermark_explain(z, 0, WMARK_MIN, ZONE_DMA32, 0, &f.why->zones[0]);
	f.why->nr_zones = 1;
	explain_example_text(&f, text, sizeof(text));
	assert_non_null(strstr(text, "free 500 - 0 <= min 20 + lowmem_reserve 968"));
	free(f.why);
}

static void test_harder_high_thresholds(void **state)
{
	/* WMARK_MIN 1000, 800 pages free, order 0. */
	static const unsigned long nr[] = { 800 };
	struct zone *z = fake_zone(ZONE_NORMAL, "Normal", 1000, nr, 1);
	struct zone_verdict v;

	(void)state;
	/* No reduction: 800 <= 1000 fails. */
	zone_watermark_explain(z, 0, WMARK_MIN, ZONE_NORMAL, 0, &v);
	assert_int_equal(v.min, 1000);
	assert_int_equal(v.step, WMARK_STEP_ORDER0);
	/* ALLOC_HIGH: 1000 - 500 = 500; 800 > 500 passes. */
	zone_watermark_explain(z, 0, WMARK_MIN, ZONE_NORMAL, ALLOC_HIGH, &v);
	assert_int_equal(v.min, 500);
	assert_int_equal(v.step, WMARK_STEP_PASSED);
	/* ALLOC_HARDER: 1000 - 250 = 750; 800 > 750 passes. */
	zone_watermark_explain(z, 0, WMARK_MIN, ZONE_NORMAL, ALLOC_HARDER, &v);
	assert_int_equal(v.min, 750);
	assert_int_equal(v.step, WMARK_STEP_PASSED);
	/* Both: 500 - 500/4 = 375 (HARDER after HIGH). */
	zone_watermark_explain(z, 0, WMARK_MIN, ZONE_NORMAL,
			       ALLOC_HIGH | ALLOC_HARDER, &v);
	assert_int_equal(v.min, 375);

	/* 700 free: HARDER alone fails (700 <= 750), both pass (700 > 375). */
	z->vm_stat[NR_FREE_PAGES] = 700;
	z->free_area[0].nr_free = 700;
	zone_watermark_explain(z, 0, WMARK_MIN, ZONE_NORMAL, ALLOC_HARDER, &v);
	assert_int_equal(v.step, WMARK_STEP_ORDER0);
	assert_false(zone_watermark_ok(z, 0, 1000, ZONE_NORMAL, ALLOC_HARDER));
	zone_watermark_explain(z, 0, WMARK_MIN, ZONE_NORMAL,
			       ALLOC_HIGH | ALLOC_HARDER, &v);
	assert_int_equal(v.step, WMARK_STEP_PASSED);
	assert_true(zone_watermark_ok(z, 0, 1000, ZONE_NORMAL,
				      ALLOC_HIGH | ALLOC_HARDER));

	/* ALLOC_NO_WATERMARKS: no test at all. */
	zone_watermark_explain(z, 0, WMARK_MIN, ZONE_NORMAL,
			       ALLOC_NO_WATERMARKS, &v);
	assert_int_equal(v.step, WMARK_STEP_NONE);
}

/* A fixed LCG (Knuth's MMIX constants): the same states on every run. */
static uint64_t lcg(uint64_t *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return *s >> 33;
}

static void test_agrees_with_zone_watermark_ok(void **state)
{
	static const int flags[] = { 0, ALLOC_HIGH, ALLOC_HARDER,
				     ALLOC_HIGH | ALLOC_HARDER };
	uint64_t seed = 1;
	unsigned int steps[4] = { 0 };

	(void)state;
	for (int i = 0; i < 20000; i++) {
		unsigned long nr[MAX_ORDER];
		unsigned int order = (unsigned int)(lcg(&seed) % 5);
		int f = flags[lcg(&seed) % 4];
		unsigned long min = 16 + lcg(&seed) % 1200;
		struct zone *z;
		struct zone_verdict v;
		bool ok;
		int cz;

		for (int o = 0; o < MAX_ORDER; o++)
			nr[o] = o < 3 ? lcg(&seed) % 600 :
				o < 5 ? lcg(&seed) % 8 : 0;
		z = fake_zone(ZONE_DMA32, "DMA32", min, nr, MAX_ORDER);
		z->lowmem_reserve[ZONE_NORMAL] = lcg(&seed) % 2000;
		/* Classzone DMA32 (reserve 0) or Normal (the random one). */
		cz = lcg(&seed) % 2 ? ZONE_NORMAL : ZONE_DMA32;

		ok = zone_watermark_ok(z, (int)order, min, cz, f);
		zone_watermark_explain(z, (int)order, WMARK_MIN, cz, f, &v);
		assert_int_equal(ok, v.step == WMARK_STEP_PASSED);
		if (v.step == WMARK_STEP_ORDER_K) {
			assert_in_range(v.fail_order, 1, order);
			assert_true(v.free_k <= v.need);
			assert_int_equal(v.free_k,
					 v.blocks_pages - (1L << order) + 1);
		}
		steps[v.step]++;
	}
	/* Every outcome was exercised. */
	assert_true(steps[WMARK_STEP_PASSED] > 0);
	assert_true(steps[WMARK_STEP_ORDER0] > 0);
	assert_true(steps[WMARK_STEP_ORDER_K] > 0);
}

/* ---- the real slow path on a booted machine ----------------------------- */

/*
 * x86, 64 MB, like tests/test_alloc_path.c: Normal has WMARK_MIN 191,
 * and for an ALLOC_HIGH|ALLOC_HARDER request min = 191 - 95 = 96, then
 * 96 - 24 = 72.
 */
static bool *held;

static struct page *grab(struct zone *zone)
{
	struct zonelist one = { { zone, NULL } };

	return get_page_from_freelist(GFP_KERNEL, 0, &one, zone_idx(zone),
				      ALLOC_NO_WATERMARKS, zone,
				      MIGRATE_UNMOVABLE);
}

/* Hold every free page, then give back @n0 singles and @n2 order-2
 * blocks of Normal (each released beside a held buddy, so it stays at
 * exactly that order). */
static void boot_crafted(unsigned long n0, unsigned long n2)
{
	struct zone *zone, *normal;
	unsigned long held_pages = 0, pfn, end, made;
	struct page *page;

	harness_boot("x86", 64, 1, "2.6.32-rc6", 7);
	alloc_failures_reset();
	held = calloc(max_pfn, sizeof(*held));
	assert_non_null(held);
	for_each_populated_zone(zone) {
		do {
			while ((page = grab(zone)) != NULL) {
				held[page_to_pfn(page)] = true;
				held_pages++;
			}
			drain_all_pages();
		} while (zone_page_state(zone, NR_FREE_PAGES) > 0);
	}
	normal = Z(ZONE_NORMAL);
	end = normal->zone_start_pfn + normal->spanned_pages;
	pfn = (normal->zone_start_pfn + 7) & ~7UL;
	/* Order-2 blocks at pfn with the buddy at pfn + 4 held. */
	for (made = 0; made < n2 && pfn + 8 <= end; pfn += 8) {
		bool all = true;

		for (int i = 0; i < 8; i++)
			all = all && held[pfn + i];
		if (!all)
			continue;
		for (int i = 0; i < 4; i++) {
			held[pfn + i] = false;
			held_pages--;
			__free_pages(pfn_to_page(pfn + i), 0);
		}
		made++;
	}
	assert_int_equal(made, n2);
	/* Singles at even pfns whose odd buddy stays held. */
	for (made = 0; made < n0 && pfn + 2 <= end; pfn += 2) {
		if (!held[pfn] || !held[pfn + 1])
			continue;
		held[pfn] = false;
		held_pages--;
		__free_pages(pfn_to_page(pfn), 0);
		made++;
	}
	assert_int_equal(made, n0);
	drain_all_pages();
	mm_debug_expected_other = (long)held_pages;
	assert_int_equal(normal->free_area[0].nr_free, n0);
	assert_int_equal(normal->free_area[2].nr_free, n2);
	assert_int_equal(min_wmark_pages(normal), 191);
}

static void done_crafted(void)
{
	harness_teardown();
	free(held);
	held = NULL;
	alloc_failures_reset();
}

static struct page *irq_page;

static void rx_irq(struct irq_work *w)
{
	(void)w;
	irq_page = alloc_pages(GFP_ATOMIC, 2);
}

static char *paragraph(const struct alloc_failure *f)
{
	struct kstate_log *log = kstate_log_take();
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	assert_non_null(out);
	explain_alloc_failure(out, &log->profile, f);
	fclose(out);
	kstate_log_free(log);
	return buf;
}

static void test_atomic_failure_in_interrupt(void **state)
{
	struct irq_work w;
	const struct alloc_failure *f;
	const struct alloc_explain *x;
	const struct zone_verdict *v;
	char *text;

	(void)state;
	/*
	 * 100 singles and 9 order-2 blocks: free 136.
	 * order 0: 136 - 3 = 133 > 72 + 0.
	 * o=0:     133 - 100 = 33 <= 72 >> 1 = 36: fails at order 1,
	 *          with 136 - 100 = 36 pages in blocks of order >= 1.
	 */
	boot_crafted(100, 9);
	irq_work_init(&w, 0, rx_irq, NULL);
	irq_work_queue_at(&w, 5 * NSEC_PER_MSEC);
	run_until_ms(10);
	assert_null(irq_page);
	assert_int_equal(alloc_failure_count(), 1);
	f = alloc_failure_get(0);
	x = f->why;
	assert_non_null(x);
	assert_true(x->have_note);
	assert_int_equal(f->reason.nopage, NOPAGE_ATOMIC);
	assert_int_equal(f->reason.step, WMARK_STEP_ORDER_K);
	assert_int_equal(f->reason.zone, ZONE_NORMAL);
	assert_int_equal(f->reason.fail_order, 1);
	assert_true(f->reason.harder && f->reason.high);
	assert_int_equal(x->alloc_flags,
			 ALLOC_WMARK_MIN | ALLOC_HARDER | ALLOC_HIGH);
	assert_true(x->nowm_denied & NOWM_IN_INTERRUPT);
	assert_int_equal(x->last_attempt, f->time);
	assert_int_equal(x->note.passes, 1);
	assert_int_equal(x->note.kswapd_wakes, 1);
	assert_int_equal(x->note.reclaim_passes, 0);
	/* Zonelist Normal, DMA. */
	assert_int_equal(x->nr_zones, 2);
	v = &x->zones[0];
	assert_int_equal(v->type, ZONE_NORMAL);
	assert_int_equal(v->free, 136);
	assert_int_equal(v->mark_pages, 191);
	assert_int_equal(v->min, 72);
	assert_int_equal(v->blocks_pages, 36);
	assert_int_equal(v->free_k, 33);
	assert_int_equal(v->need, 36);
	/* DMA is empty: 0 - 3 <= its min + reserve. */
	assert_int_equal(x->zones[1].type, ZONE_DMA);
	assert_int_equal(x->zones[1].step, WMARK_STEP_ORDER0);
	assert_int_equal(x->zones[1].free, 0);
	/* No kswapd in this machine, but the wake-up request was noted. */
	assert_int_equal(x->kswapd.state, KSWAPD_ACT_NOT_STARTED);
	assert_true(x->kswapd.wake_known);
	assert_int_equal(x->kswapd.wake_order, 2);
	assert_string_equal(x->kswapd.waker, "swapper");

	text = paragraph(f);
	assert_non_null(strstr(text, "order-2 check failed at order 1: free 136 - 3 "
			       "> min 72 + lowmem_reserve 0, but only 36 pages in "
			       "blocks of order >= 1, 36 - 3 = 33 <= min >> 1 = 36"));
	assert_non_null(strstr(text, "-min/2 (ALLOC_HIGH) = 96, -min/4 (ALLOC_HARDER) = 72"));
	assert_non_null(strstr(text, "ALLOC_NO_WATERMARKS not granted: in interrupt;"));
	assert_non_null(strstr(text, "gave up: no __GFP_WAIT"));
	free(text);
	done_crafted();
}

static struct page *task_page;
static bool task_returned;

static void noretry_task(void *arg)
{
	(void)arg;
	task_page = alloc_pages(GFP_KERNEL | __GFP_NORETRY, 0);
	task_returned = true;
}

static void test_noretry_failure_from_task(void **state)
{
	const struct alloc_failure *f;
	const struct alloc_explain *x;
	struct failure_reason *t;
	struct kstate_log *log;
	size_t nr;
	char *text;

	(void)state;
	/* Nothing free, nothing reclaimable. */
	boot_crafted(0, 0);
	task_returned = false;
	kthread_run(noretry_task, NULL, "modprobe", DEFAULT_PRIO);
	run_until_ms(500);
	assert_true(task_returned);
	assert_null(task_page);
	assert_int_equal(alloc_failure_count(), 1);
	f = alloc_failure_get(0);
	x = f->why;
	assert_non_null(x);
	/* One direct-reclaim pass without progress; __GFP_NORETRY skips
	 * the OOM killer and should_alloc_retry() says no. */
	assert_int_equal(f->reason.nopage, NOPAGE_NO_RETRY);
	assert_int_equal(x->note.reclaim_passes, 1);
	assert_int_equal(x->note.last_progress, 0);
	assert_int_equal(x->note.retry_waits, 0);
	assert_false(x->note.oom_tried);
	assert_true(x->nowm_denied & NOWM_NOT_MEMALLOC);
	assert_false(x->nowm_denied & NOWM_IN_INTERRUPT);
	/* GFP_KERNEL: WMARK_MIN, no reductions; Normal is empty:
	 * 0 - 0 <= 191 + 0. */
	assert_int_equal(x->alloc_flags, ALLOC_WMARK_MIN | ALLOC_CPUSET);
	assert_int_equal(f->reason.step, WMARK_STEP_ORDER0);
	assert_int_equal(x->zones[0].min, 191);
	text = paragraph(f);
	assert_non_null(strstr(text, "should_alloc_retry(): __GFP_NORETRY"));
	assert_non_null(strstr(text, "1 direct-reclaim pass(es) reclaiming 0 pages"));
	free(text);

	log = kstate_log_take();
	t = explain_tally(log, &nr);
	kstate_log_free(log);
	assert_int_equal(nr, 1);
	assert_int_equal(t[0].count, 1);
	assert_string_equal(t[0].reason, "order-0 sleeping: order-0 test failed "
			    "in Normal (WMARK_MIN); gave up: should_alloc_retry(): "
			    "__GFP_NORETRY");
	free(t);
	done_crafted();
}

/* ---- a whole run --------------------------------------------------------- */

static const struct zone_snapshot *snap_zone(const struct show_mem_snapshot *m,
					     const struct zone_verdict *v,
					     unsigned int *idx)
{
	for (unsigned int z = 0; z < m->nr_zones; z++)
		if (m->zones[z].nid == v->nid && m->zones[z].type == (int)v->type) {
			*idx = z;
			return &m->zones[z];
		}
	fail_msg("zone %s of node %d not in the snapshot", v->name, v->nid);
	return NULL;
}

/* The verdict recomputed from show_mem's numbers alone. */
static void assert_matches_snapshot(const struct alloc_failure *f,
				    const struct zone_verdict *v)
{
	const struct show_mem_snapshot *m = f->mem;
	/* The machine is gone (sim_arch with it): its arch is x86_64. */
	const struct arch_desc *arch = arch_lookup("x86_64");
	const struct zone_snapshot *zs;
	unsigned int idx = 0, k;
	long min, free, reserve = -1;
	enum wmark_step step = WMARK_STEP_PASSED;

	zs = snap_zone(m, v, &idx);
	for (k = 0; k < m->nr_lowmem_reserve; k++)
		if ((int)arch->zone_types[k] == f->why->classzone_idx)
			reserve = (long)m->lowmem_reserve[idx][k];
	assert_int_equal(v->free, zs->stat.free_pages);
	assert_int_equal(v->mark_pages, zs->watermark[v->mark]);
	assert_int_equal(v->lowmem_reserve, reserve);
	min = (long)zs->watermark[v->mark];
	if (f->why->alloc_flags & ALLOC_HIGH)
		min -= min / 2;
	if (f->why->alloc_flags & ALLOC_HARDER)
		min -= min / 4;
	free = (long)zs->stat.free_pages - (1L << f->order) + 1;
	if (free <= min + reserve) {
		step = WMARK_STEP_ORDER0;
	} else {
		for (unsigned int o = 0; o < f->order; o++) {
			free -= (long)(zs->nr_free[o] << o);
			min >>= 1;
			if (free <= min) {
				step = WMARK_STEP_ORDER_K;
				assert_int_equal(v->fail_order, o + 1);
				assert_int_equal(v->need, min);
				assert_int_equal(v->free_k, free);
				break;
			}
		}
	}
	assert_int_equal(v->step, step);
}

static void test_run_failures_explained(void **state)
{
	struct scenario_error serr;
	struct scenario *sc = scenario_load_text(test_pressure_scenario, "test.ini", &serr);
	struct run_options opt = { .seed = 1, .scenario_name = "test" };
	struct run_result r, back;
	const struct failure_reason *reasons, *back_reasons;
	unsigned long tallied = 0;
	size_t explained = 0, paragraphs = 0, nr_reasons, back_nr;
	char err[256], *json;
	const char *p;

	(void)state;
	assert_non_null(sc);
	if (run_scenario(sc, &opt, &r, err, sizeof(err)))
		fail_msg("%s", err);
	assert_true(result_uint(&r, "failures_total") > 0);
	assert_int_equal(alloc_failure_count(), result_uint(&r, "failures_total"));
	for (size_t i = 0; i < alloc_failure_count(); i++) {
		const struct alloc_failure *f = alloc_failure_get(i);

		/* Every failure has a reason, past the cap too. */
		assert_true(f->reason.zone < MAX_NR_ZONES);
		/*
		 * Network receive's atomic allocations and the mempools'
		 * first, non-sleeping tries; from a task, SLUB's quiet try of
		 * a higher slab order (mm/slub.c allocate_slab: __GFP_NORETRY
		 * | __GFP_NOWARN), which gives up at once, and a mempool's
		 * sleeping retry from a reclaimer (PF_MEMALLOC, with the
		 * pool's __GFP_NOMEMALLOC: no reserves, no recursion).
		 */
		if (f->reason.nopage == NOPAGE_PF_MEMALLOC) {
			assert_true(f->nowarn && (f->gfp_mask & __GFP_NOMEMALLOC));
		} else if (f->reason.nopage != NOPAGE_ATOMIC) {
			assert_int_equal(f->reason.nopage, NOPAGE_NO_RETRY);
			assert_true(f->nowarn && (f->gfp_mask & __GFP_NORETRY));
		}
		assert_true(f->reason.step == WMARK_STEP_ORDER0 ||
			    f->reason.step == WMARK_STEP_ORDER_K ||
			    f->reason.step == WMARK_STEP_PASSED);
		/* Details exactly where show_mem was kept. */
		assert_int_equal(f->why != NULL, f->mem != NULL);
		if (!f->why)
			continue;
		explained++;
		assert_true(f->why->nr_zones > 0);
		assert_int_equal(f->why->zones[0].step, f->reason.step);
		assert_true(f->why->kswapd.state != KSWAPD_ACT_NOT_STARTED);
		for (unsigned int z = 0; z < f->why->nr_zones; z++)
			assert_matches_snapshot(f, &f->why->zones[z]);
	}
	assert_true(explained > 0);
	/* The tally covers every failure. */
	reasons = result_records(&r, "failure_reasons", &nr_reasons);
	assert_true(nr_reasons > 0);
	for (size_t i = 0; i < nr_reasons; i++) {
		tallied += reasons[i].count;
		if (i)
			assert_true(reasons[i - 1].count >= reasons[i].count);
	}
	assert_int_equal(tallied, result_uint(&r, "failures_total"));
	/* One paragraph per failure in the kern.log. */
	assert_non_null(result_text(&r, "explain"));
	for (p = result_text(&r, "explain");
	     (p = strstr(p, "allocation failed (printed)")); p++)
		paragraphs++;
	assert_int_equal(paragraphs, result_uint(&r, "failures_printed"));

	/* JSON keeps the reasons; a result without them still loads. */
	json = result_to_json(&r, false);
	assert_int_equal(result_from_json(json, &back, err, sizeof(err)), 0);
	back_reasons = result_records(&back, "failure_reasons", &back_nr);
	assert_int_equal(back_nr, nr_reasons);
	assert_string_equal(back_reasons[0].reason, reasons[0].reason);
	assert_string_equal(back_reasons[0].example, reasons[0].example);
	assert_int_equal(back_reasons[0].count, reasons[0].count);
	assert_string_equal(result_text(&back, "explain"), result_text(&r, "explain"));
	result_free(&back);
	free(json);
	result_clear(&r, "failure_reasons");
	result_clear(&r, "explain");
	json = result_to_json(&r, false);
	assert_null(strstr(json, "failure_reasons"));
	assert_int_equal(result_from_json(json, &back, err, sizeof(err)), 0);
	result_records(&back, "failure_reasons", &back_nr);
	assert_int_equal(back_nr, 0);
	assert_null(result_text(&back, "explain"));
	result_free(&back);
	free(json);
	result_free(&r);
	scenario_free(sc);
}

/* compare's per-column tally: summed by reason text, most frequent first. */
static void test_merge_tallies(void **state)
{
	struct failure_reason a[] = {
		{ "order-2 atomic: X", "e.g. a", 5 },
		{ "order-2 atomic: Y", "e.g. b", 1 },
	};
	struct failure_reason b[] = {
		{ "order-2 atomic: Y", "e.g. c", 7 },
		{ "order-0 sleeping: Z", "e.g. d", 2 },
	};
	struct run_result runs[3];
	struct failure_reason *t;
	size_t nr;

	(void)state;
	for (int i = 0; i < 3; i++)
		result_init(&runs[i]);
	for (int i = 0; i < 2; i++) {
		result_append(&runs[0], "failure_reasons", &a[i]);
		result_append(&runs[2], "failure_reasons", &b[i]);
	}
	t = explain_merge_tallies(runs, 3, &nr);
	/* Y: 1 + 7 = 8, X: 5, Z: 2; Y keeps its first example. */
	assert_int_equal(nr, 3);
	assert_string_equal(t[0].reason, "order-2 atomic: Y");
	assert_int_equal(t[0].count, 8);
	assert_string_equal(t[0].example, "e.g. b");
	assert_string_equal(t[1].reason, "order-2 atomic: X");
	assert_int_equal(t[1].count, 5);
	assert_int_equal(t[2].count, 2);
	/* The heading says whose failures these are: all of them, not
	 * only the ones kern.log printed. */
	{
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);

		assert_non_null(f);
		explain_tally_print(f, t, nr);
		fclose(f);
		assert_non_null(strstr(buf, "15 failures by reason (all, "
				       "__GFP_NOWARN and rate-limited ones "
				       "included):\n"));
		free(buf);
	}
	free(t);
	/* No runs with reasons: nothing. */
	t = explain_merge_tallies(runs + 1, 1, &nr);
	assert_int_equal(nr, 0);
	free(t);
	for (int i = 0; i < 3; i++)
		result_free(&runs[i]);
}

/* A tally of nothing (no reason, or reasons counted 0 times) says so,
 * rather than "0 failures by reason:" over nothing. */
static void test_empty_tally_says_none(void **state)
{
	struct failure_reason zero = { .count = 0 };
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	assert_non_null(f);
	explain_tally_print(f, NULL, 0);
	snprintf(zero.reason, sizeof(zero.reason), "order-2 atomic");
	explain_tally_print(f, &zero, 1);
	fclose(f);
	assert_string_equal(buf, "no allocation failed\nno allocation failed\n");
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_order0_watermark),
		cmocka_unit_test(test_order_k_named_order),
		cmocka_unit_test(test_lowmem_reserve_refuses_dma),
		cmocka_unit_test(test_harder_high_thresholds),
		cmocka_unit_test(test_agrees_with_zone_watermark_ok),
		cmocka_unit_test(test_atomic_failure_in_interrupt),
		cmocka_unit_test(test_noretry_failure_from_task),
		cmocka_unit_test(test_run_failures_explained),
		cmocka_unit_test(test_merge_tallies),
		cmocka_unit_test(test_empty_tally_says_none),
	};

	return cmocka_run_group_tests_name("explain", tests, NULL, NULL);
}
