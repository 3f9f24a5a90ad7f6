// SPDX-License-Identifier: GPL-2.0
/*
 * Host memory per simulated page: every array mmsim
 * keeps per page, per pageblock, per PTE, per page cache index or per swap
 * slot, added up from the data structures' own sizes, must stay within 32
 * bytes per simulated page beyond struct page, and with struct page it
 * must let a 64 GB simulated machine fit in 1 GiB of host memory.  The
 * measured RSS of the scaled runs is in bench/RESULTS.md.
 *
 * A page costs the most when it is anonymous and in the swap cache: its
 * PTE, plus its swap slot's swap_map byte, swap cache pointer and share of
 * the cluster counters.  A page cache page costs one slot of its file's
 * index table, which grows by doubling: at most two slots per page.
 * The --check arrays (page_data, slot_data, the checker's scratch bytes)
 * are debug-only and are counted separately.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include "linux/mmzone.h"
#include "linux/mm.h"
#include "linux/swap.h"
#include "linux/fs.h"

#define OVERHEAD_BOUND 32.0		/* bytes per simulated page */
#define HOST_BOUND (1ULL << 30)		/* 64 GB simulated in 1 GiB of RSS */
#define PAGES_64G ((64ULL << 30) >> PAGE_SHIFT)

static const struct swap_info_struct *si;

/* One pageblock flag byte per pageblock (zone->pageblock_flags); the
 * smallest pageblock mmsim allows on x86-64 is its default order 9. */
static double pageblock_bytes(void)
{
	return 1.0 / (double)(1UL << 9);
}

/*
 * One item of a dense radix tree (the page cache's, the swap cache's): a
 * node's host memory per 64 items, and the levels above it (1/64 of that,
 * 1/4096, ...: 64/63 in all).  The tree's nodes are simulated slab objects
 * too; this is what they cost the host.
 */
static double radix_item_bytes(void)
{
	return (double)radix_tree_node_host_bytes() / 64.0 * 64.0 / 63.0;
}

/* An anonymous page that is mapped and in the swap cache. */
static double anon_swapcache_bytes(void)
{
	return sizeof(pte_t) +				/* vma->ptes */
	       sizeof(*si->swap_map) +			/* swap_map */
	       radix_item_bytes() +			/* swap cache */
	       (double)sizeof(*si->cluster_used) / SWAPFILE_CLUSTER;
}

/* A page cache page: its slot in the mapping's radix tree. */
static double file_page_bytes(void)
{
	return radix_item_bytes();
}

static double worst_page_bytes(void)
{
	double anon = anon_swapcache_bytes(), file = file_page_bytes();

	return pageblock_bytes() + (anon > file ? anon : file);
}

static void test_overhead_per_page_within_bound(void **state)
{
	double worst = worst_page_bytes();

	(void)state;
	print_message("per page beyond struct page (%zu B): pageblock %.4f, "
		      "anon+swapcache %.4f, file %.1f: worst %.4f B (bound %.0f)\n",
		      sizeof(struct page), pageblock_bytes(),
		      anon_swapcache_bytes(), file_page_bytes(), worst,
		      OVERHEAD_BOUND);
	/* 8 (pte) + 1 (swap_map) + 544 / 63 (swap cache tree) + 2/256
	 * + 1/512 = 17.64 */
	assert_true(worst <= OVERHEAD_BOUND);
}

/* struct page is mmsim's own (40 bytes on an LP64 host, see mm_types.h):
 * the rest of the budget assumes it does not grow. */
static void test_struct_page_size(void **state)
{
	(void)state;
	assert_true(sizeof(struct page) <= 40);
}

/* 64 GB = 16M pages; 16M x (40 + 17.64) B = 967 MB < 1 GiB. */
static void test_64g_fits_in_1g(void **state)
{
	double per_page = (double)sizeof(struct page) + worst_page_bytes();
	double total = per_page * (double)PAGES_64G;

	(void)state;
	print_message("64 GB simulated: %llu pages x %.2f B = %.0f MiB of per-page state\n",
		      (unsigned long long)PAGES_64G, per_page, total / (1 << 20));
	assert_true(total < (double)HOST_BOUND);
}

/*
 * --check adds page_data (the expected contents per pfn), slot_data (per
 * swap slot) and the checker's two scratch bytes per pfn: 8 + 8 + 2 = 18
 * bytes, which takes the worst case to 35 B, over the bound: checked runs
 * are for tests and small machines, as docs/model.md says.  This pins the
 * figure the documentation quotes.
 */
static void test_debug_overhead(void **state)
{
	double debug = sizeof(*page_data) + sizeof(*si->slot_data) + 2.0;

	(void)state;
	print_message("--check adds %.1f B per page (worst %.2f B)\n", debug,
		      worst_page_bytes() + debug);
	assert_true(debug == 18.0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_overhead_per_page_within_bound),
		cmocka_unit_test(test_struct_page_size),
		cmocka_unit_test(test_64g_fits_in_1g),
		cmocka_unit_test(test_debug_overhead),
	};

	return cmocka_run_group_tests_name("scale", tests, NULL, NULL);
}
