// SPDX-License-Identifier: GPL-2.0
/*
 * The fragmentation measures (metrics/buddy_series.c, fed by the kernel's
 * buddy_snapshot() in mm/vmstat.c) on a zone whose
 * free lists the test lays out by hand: the buddy records (pagetypeinfo
 * over time), the samples' fragmentation fields, and the shares below the
 * watermarks, for the default order 2 and for a failure's order.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "mmsim/alloc_fail.h"
#include "mmsim/profile.h"
#include "metrics/records.h"
#include "mmsim/buddy_snapshot.h"
#include "metrics/buddy_series.h"
#include "metrics/metrics.h"

static struct zone *Z(enum zone_type t)
{
	return &contig_page_data.node_zones[t];
}

static struct page *zone_alloc(struct zone *zone)
{
	struct zonelist one = { { zone, NULL } };

	return get_page_from_freelist(GFP_HIGHUSER_MOVABLE, 0, &one,
				      zone_idx(zone), ALLOC_NO_WATERMARKS, zone,
				      MIGRATE_MOVABLE);
}

/* A sample and the end of a run, wired as experiment/run.c wires them. */
static void sample_buddy(struct run_result *r, struct sample_point *s)
{
	struct buddy_series_sampler bs = {
		.r = r, .s = s, .frag_zone = gfp_atomic_zone_name(),
	};

	buddy_snapshot(s->when, buddy_series_add, &bs);
}

static void collect_frag(struct run_result *r)
{
	buddy_series_collect(r, gfp_atomic_zone_name(),
			     alloc_failure_max_order());
}

/* The DMA32 record of the last sample. */
static const struct buddy_sample *dma32_record(const struct run_result *r)
{
	const struct buddy_sample *b;
	size_t nr;

	b = result_records(r, "buddy", &nr);
	assert_true(nr >= 2);
	assert_string_equal(b[nr - 1].zone, "DMA32");
	assert_string_equal(b[nr - 2].zone, "DMA");
	return &b[nr - 1];
}

/* The first pageblock of @mt whose every page the test took (none of
 * them reserved at boot). */
static unsigned long first_block_of(struct zone *zone, int mt, const bool *owned)
{
	unsigned long start = zone->zone_start_pfn;
	unsigned long end = start + zone->spanned_pages;

	for (unsigned long pfn = start; pfn + pageblock_nr_pages <= end;
	     pfn += pageblock_nr_pages) {
		bool all = true;

		for (unsigned long i = 0; i < pageblock_nr_pages; i++)
			all = all && owned[pfn + i - start];
		if (all && get_pageblock_migratetype(pfn_to_page(pfn)) == mt)
			return pfn;
	}
	fail_msg("no pageblock of type %d", mt);
	return 0;
}

static void take(struct page *page)
{
	__free_pages(page, 0);
}

/*
 * x86-64, 512 MB: DMA32 boots with all but 2 of its pageblocks movable
 * and 2 reserve (order 9), its free memory in large blocks.  Then every
 * one of its pages is taken and, given back: 20 aligned groups of 4 in a
 * reserve pageblock (pfn 8g..8g+3: each merges to one order-2 block, its
 * buddy 8g+4..8g+7 held) and 20 single pages in a movable one (pfn
 * 4k+1, buddy 4k held).  The free lists hold 100 pages, below min:
 * 80 of them in order-2 blocks (share 0.8), the same 80 on the reserve
 * lists (0.8).  An order-3 failure makes the share 0.  The order-2 and
 * order-3 failures' zone states (mm/alloc_fail.c) are checked on the same
 * layout.
 */
static void test_shares_below_watermarks(void **state)
{
	struct sim_config sc = { .hz = 250, .nr_cpus = 2, .seed = 1 };
	struct mem_config cfg = {
		.arch = arch_lookup("x86_64"), .mem_bytes = 512UL << 20,
		.nr_cpus = 2, .reserved_kbytes = (unsigned long)-1,
	};
	struct sample_point s = { 0 };
	const struct buddy_sample *b;
	const struct sample_point *sp;
	struct run_result r;
	struct zone *zone;
	unsigned long start, reserve, movable, nblocks;
	uint64_t pages = 0;
	bool *owned;
	struct page *page;
	size_t nr;

	(void)state;
	/* 2.6.32.9: the drained reserve pages go back to the reserve lists
	 * (0b3bf81197f); v2.6.32-rc6 would file them all as movable
	 * (test_buddy's test_reserve_page_freed_then_drained). */
	assert_int_equal(profile_parse("2.6.32.9", &kprofile, NULL, 0), 0);
	sim_init(&sc);
	assert_int_equal(mem_init(&cfg), 0);
	alloc_failures_reset();
	zone = Z(ZONE_DMA32);
	start = zone->zone_start_pfn;
	result_init(&r);

	/* At boot. */
	sample_buddy(&r, &s);
	result_append(&r, "samples", &s);
	b = dma32_record(&r);
	nblocks = (zone->spanned_pages + pageblock_nr_pages - 1) / pageblock_nr_pages;
	assert_int_equal(b->pageblocks[MIGRATE_MOVABLE], nblocks - 2);
	assert_int_equal(b->pageblocks[MIGRATE_RESERVE], 2);
	assert_int_equal(b->pageblocks[MIGRATE_UNMOVABLE], 0);
	for (int t = 0; t < MIGRATE_TYPES; t++)
		for (int o = 0; o < MAX_ORDER; o++)
			pages += b->nr_free[t][o] << o;
	assert_int_equal(b->free_pages, pages);
	assert_int_equal(b->nr_free_pages, pages);
	assert_int_equal(s.frag_free, pages);
	assert_int_equal(s.frag_below, 0);

	/* Every page of the zone taken. */
	owned = calloc(zone->spanned_pages, sizeof(*owned));
	assert_non_null(owned);
	for (int pass = 0; pass < 2; pass++) {
		while ((page = zone_alloc(zone)) != NULL)
			owned[page_to_pfn(page) - start] = true;
		drain_all_pages();
	}
	for (int o = 0; o < MAX_ORDER; o++)
		assert_int_equal(zone->free_area[o].nr_free, 0);

	reserve = first_block_of(zone, MIGRATE_RESERVE, owned);
	movable = first_block_of(zone, MIGRATE_MOVABLE, owned);
	for (unsigned long g = 0; g < 20; g++)
		for (unsigned long i = 0; i < 4; i++) {
			assert_true(owned[reserve + 8 * g + i - start]);
			owned[reserve + 8 * g + i - start] = false;
			take(pfn_to_page(reserve + 8 * g + i));
		}
	for (unsigned long k = 0; k < 20; k++) {
		assert_true(owned[movable + 4 * k + 1 - start]);
		owned[movable + 4 * k + 1 - start] = false;
		take(pfn_to_page(movable + 4 * k + 1));
	}
	drain_all_pages();

	s = (struct sample_point){ .when = NSEC_PER_SEC };
	sample_buddy(&r, &s);
	result_append(&r, "samples", &s);
	b = dma32_record(&r);
	assert_int_equal(b->free_pages, 100);
	assert_int_equal(b->nr_free[MIGRATE_RESERVE][2], 20);
	assert_int_equal(b->nr_free[MIGRATE_MOVABLE][0], 20);
	assert_int_equal(s.frag_free, 100);
	assert_true(100 < min_wmark_pages(zone));
	assert_int_equal(s.frag_below, 2);

	collect_frag(&r);
	assert_string_equal(result_text(&r, "frag_zone"), "DMA32");
	assert_int_equal(result_uint(&r, "frag_order"), 2);
	sp = result_records(&r, "samples", &nr);
	assert_int_equal(nr, 2);
	assert_int_equal(sp[0].frag_highorder, pages);
	assert_int_equal(sp[1].frag_highorder, 80);
	assert_int_equal(result_uint(&r, "frag_below_low"), 1);
	assert_int_equal(result_uint(&r, "frag_below_min"), 1);
	assert_true(result_real(&r, "frag_share_below_low") == 0.8);
	assert_true(result_real(&r, "frag_share_below_min") == 0.8);
	assert_true(result_real(&r, "frag_reserve_below_low") == 0.8);

	/*
	 * One more page, freed hot, waits on CPU 0's pcp list: not in the
	 * buddy.  An order-2 atomic failure then finds, in DMA32, the 100
	 * free pages (below min and low), 80 of them in order-2 blocks, all
	 * on the reserve lists, and 1 page on the pcp lists.
	 */
	page = pfn_to_page(movable + 4 * 20 + 1);
	assert_true(owned[page_to_pfn(page) - start]);
	owned[page_to_pfn(page) - start] = false;
	take(page);
	assert_int_equal(zone->pageset[0].pcp.count, 1);
	record_alloc_failure(GFP_ATOMIC, 2);
	assert_int_equal(highorder_failure_count(), 1);
	{
		const struct highorder_fail_state *h = highorder_failure_get(0);

		assert_int_equal(h->zone, ZONE_DMA32);
		assert_int_equal(h->order, 2);
		assert_int_equal(h->free, 100);
		assert_int_equal(h->blocks[MIGRATE_RESERVE], 80);
		assert_int_equal(h->blocks[MIGRATE_MOVABLE], 0);
		assert_int_equal(h->blocks[MIGRATE_UNMOVABLE], 0);
		assert_int_equal(h->pcp, 1);
		assert_int_equal(h->watermark[WMARK_MIN], min_wmark_pages(zone));
	}

	/* An order-3 failure: no block of 3 or more is free then. */
	record_alloc_failure(GFP_ATOMIC, 3);
	assert_int_equal(highorder_failure_count(), 2);
	assert_int_equal(highorder_failure_get(1)->blocks[MIGRATE_RESERVE], 0);
	/*
	 * The run's medians over the two: free 100 both, blocks (80 + 0) / 2
	 * = 40, all on the reserve lists, pcp 1; both below min and low.
	 */
	metrics_find("hofail_count")->collect(&r);
	assert_int_equal(result_uint(&r, "hofail_count"), 2);
	assert_true(result_real(&r, "hofail_free") == 100);
	assert_true(result_real(&r, "hofail_blocks") == 40);
	assert_true(result_real(&r, "hofail_reserve") == 40);
	assert_true(result_real(&r, "hofail_pcp") == 1);
	assert_true(result_real(&r, "hofail_below_min") == 1);
	assert_true(result_real(&r, "hofail_below_low") == 1);
	collect_frag(&r);
	assert_int_equal(result_uint(&r, "frag_order"), 3);
	sp = result_records(&r, "samples", &nr);
	assert_int_equal(sp[1].frag_highorder, 0);
	assert_true(result_real(&r, "frag_share_below_low") == 0);
	assert_true(result_real(&r, "frag_reserve_below_low") == 0.8);

	for (unsigned long pfn = start; pfn < start + zone->spanned_pages; pfn++)
		if (owned[pfn - start])
			take(pfn_to_page(pfn));
	drain_all_pages();
	free(owned);
	result_free(&r);
	alloc_failures_reset();
	mem_exit();
	sim_exit();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shares_below_watermarks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
