// SPDX-License-Identifier: GPL-2.0
/*
 * Swap: anonymous memory larger than RAM goes out to swap and comes back
 * with every page's contents intact (the conservation checker running
 * after every reclaim pass); swap slots are handed out sequentially in
 * runs of 256 (2.6.32 scan_swap_map()); swap-in reads the aligned
 * readahead window (swapin_readahead());
 * a write fault on a swapped-in page frees its slot; munmap and exit give
 * every page and slot back.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include "reclaim_harness.h"

#define RC6 "2.6.32-rc6"

static uint64_t token(unsigned long i, unsigned int gen)
{
	return ((uint64_t)gen << 56) ^ ((uint64_t)i * 0x9E3779B97F4A7C15ULL);
}

/* ---- anonymous memory larger than RAM -------------------------------- */

struct round_trip {
	unsigned long n;		/* pages mapped */
	int errors;			/* faults that failed */
	unsigned long wrong;		/* values read back wrong */
	unsigned long majfault_after_write;
	long swap_used_peak;
	bool done;
};

static void round_trip_task(void *arg)
{
	struct round_trip *rt = arg;
	struct mm_struct *mm = mm_alloc();
	unsigned long addr;

	current->mm = mm;
	addr = do_mmap_anon(mm, rt->n * PAGE_SIZE, VM_READ | VM_WRITE);
	for (unsigned int gen = 1; gen <= 2; gen++) {
		for (unsigned long i = 0; i < rt->n; i++)
			if (harness_write(mm, addr + i * PAGE_SIZE, token(i, gen)) < 0)
				rt->errors++;
		if (gen == 1)
			rt->majfault_after_write = vm_events[PGMAJFAULT];
		/* Read back in a scrambled order: readahead hits and misses. */
		for (unsigned long k = 0; k < rt->n; k++) {
			unsigned long i = (k * 7919) % rt->n;
			uint64_t v = 0;

			if (harness_read(mm, addr + i * PAGE_SIZE, &v) < 0)
				rt->errors++;
			else if (v != token(i, gen))
				rt->wrong++;
			if (total_swap_pages - nr_swap_pages > rt->swap_used_peak)
				rt->swap_used_peak = total_swap_pages - nr_swap_pages;
		}
	}
	/* Let every write and read finish before tearing down. */
	schedule_timeout_uninterruptible(HZ);
	mm_debug_check("before munmap");
	if (do_munmap(mm, addr))
		rt->errors++;
	mmput(mm);
	rt->done = true;
}

static void test_anon_larger_than_ram_round_trip(void **state)
{
	struct round_trip rt = { 0 };
	unsigned long managed = 0;
	struct zone *zone;

	(void)state;
	harness_boot("x86_64", 64, 1, RC6, 11);
	/* 128 MB of swap for 96 MB of anonymous memory on a 64 MB box. */
	assert_int_equal(harness_swapon(32768), 0);
	for_each_populated_zone(zone)
		managed += zone->managed_pages;
	rt.n = (96UL << 20) >> PAGE_SHIFT;
	assert_true(rt.n > managed);
	assert_int_equal(kswapd_run(0), 0);
	kthread_run(round_trip_task, &rt, "hog", DEFAULT_PRIO);
	run_until_ms(600 * 1000);

	assert_true(rt.done);
	assert_int_equal(rt.errors, 0);
	assert_int_equal(rt.wrong, 0);
	/* It did not fit: pages went out and came back. */
	assert_true(rt.swap_used_peak > (long)(rt.n - managed));
	assert_true(vm_events[PSWPOUT] >= rt.n - managed);
	assert_true(vm_events[PSWPIN] > 0);
	assert_true(vm_events[PGMAJFAULT] > rt.majfault_after_write);
	assert_true(vm_events[PGSTEAL_DMA32] + vm_events[PGSTEAL_DMA] > 0);
	/* Everything came back: no slot, no swap cache page, no anon page. */
	assert_int_equal(nr_swap_pages, total_swap_pages);
	assert_int_equal(total_swapcache_pages, 0);
	assert_int_equal(global_page_state(NR_ANON_PAGES), 0);
	assert_int_equal(global_page_state(NR_ACTIVE_ANON) +
			 global_page_state(NR_INACTIVE_ANON), 0);
	assert_conserved();
	/* Free, or slab: the kernel's caches (radix-tree nodes of the preload
	 * pools, the pools' bios and requests) stay, and so does the swap
	 * device's vmalloc'd swap_map: 32768 slots of 2 bytes, 16 pages. */
	assert_int_equal(swap_map_held_pages(), 16);
	assert_int_equal(page_census.buddy + page_census.pcp + page_census.slab +
			 swap_map_held_pages(), page_census.managed);
	harness_swapoff_device();
	harness_teardown();
}

/* ---- slot allocation ------------------------------------------------- */

static void test_swap_slots_cluster_sequential(void **state)
{
	unsigned long total = 0;
	swp_entry_t e;

	(void)state;
	harness_boot("x86_64", 64, 1, RC6, 12);
	assert_int_equal(harness_swapon(2048), 0);
	/* Slot 0 is the header: 2047 usable. */
	assert_int_equal(total_swap_pages, 2047);

	for (unsigned long i = 1; i <= 300; i++) {
		e = get_swap_page();
		assert_int_equal(swp_offset(e), i);
		assert_int_equal(swap_map_of(e), SWAP_HAS_CACHE);
	}
	/* Holes in the first run... */
	for (unsigned long off = 2; off <= 256; off += 2)
		swapcache_free(swp_entry(0, off), NULL);
	assert_int_equal(nr_swap_pages, 2047 - 300 + 128);
	/*
	 * ...are not refilled: the cursor goes on (301..512 finish the
	 * second run), then the next 256-slot run starts at 513, not in the
	 * holes of 2..256.
	 */
	for (unsigned long i = 301; i <= 600; i++)
		assert_int_equal(swp_offset(get_swap_page()), i);
	/* With no free run left, the holes are used at last. */
	while ((e = get_swap_page()).val)
		total++;
	assert_int_equal(total, 2047 - 600 + 128);
	assert_int_equal(nr_swap_pages, 0);
	assert_true(vm_swap_full());
	/* A slot held by a cache bit with no cache page is caught... */
	{
		char msg[256];

		assert_int_equal(check_page_conservation(msg, sizeof(msg)), -1);
		assert_non_null(strstr(msg, "swap_map 0x80"));
	}
	/* ...and letting go of every one restores the device. */
	for (unsigned long off = 1; off < 2048; off++)
		swapcache_free(swp_entry(0, off), NULL);
	assert_int_equal(nr_swap_pages, 2047);
	assert_conserved();
	harness_swapoff_device();
	harness_teardown();
}

/*
 * The search for a free 256-slot run is first fit at any alignment: a
 * run of 255 is passed over, the run from @start, crossing a cluster
 * boundary, is found at its first slot.
 */
static void check_free_run_first_fit(unsigned long start)
{
	unsigned long first_in_run = 0, n = 0;
	swp_entry_t e;

	harness_boot("x86_64", 64, 1, RC6, 12);
	assert_int_equal(harness_swapon(2048), 0);
	while (get_swap_page().val)
		n++;
	assert_int_equal(n, 2047);
	for (unsigned long off = 101; off < 101 + 255; off++)
		swapcache_free(swp_entry(0, off), NULL);
	for (unsigned long off = start; off < start + 256; off++)
		swapcache_free(swp_entry(0, off), NULL);
	/* A free slot further on: the search does not stop at the run. */
	swapcache_free(swp_entry(0, 1500), NULL);
	/* Within one cluster of allocations the cursor jumps to the run. */
	for (n = 0; n < 2 * 256 && (e = get_swap_page()).val; n++) {
		unsigned long off = swp_offset(e);

		if (off >= start && off < start + 256 && !first_in_run)
			first_in_run = off;
	}
	assert_int_equal(first_in_run, start);
	for (unsigned long off = 1; off < 2048; off++)
		if (swap_map_of(swp_entry(0, off)))
			swapcache_free(swp_entry(0, off), NULL);
	assert_int_equal(nr_swap_pages, 2047);
	harness_swapoff_device();
	harness_teardown();
}

static void test_swap_free_run_first_fit(void **state)
{
	(void)state;
	/* Starting and ending mid-way through 8 slots, then on 8 slots. */
	check_free_run_first_fit(700);
	check_free_run_first_fit(704);
}

/*
 * No free 256-slot run when the cursor's cluster is used up: every tag's
 * scan_swap_map() searched from lowest_bit (a rotational device) and,
 * finding none, goes on first-free from scan_base = lowest_bit, not from
 * cluster_next.  The device full, then the even slots 2..1000 freed (500
 * single slots: enough for a search, no run) and 1501: with the cursor
 * at 1500 and its cluster used up, the next slot is 2, the lowest free
 * one, not 1501.
 */
static void check_no_run_restarts_from_lowest_bit(const char *profile)
{
	struct swap_info_struct *si = &swap_info[0];

	harness_boot("x86_64", 64, 1, profile, 13);
	assert_int_equal(harness_swapon(2048), 0);
	while (get_swap_page().val)
		;
	for (unsigned long off = 2; off <= 1000; off += 2)
		swapcache_free(swp_entry(0, off), NULL);
	swapcache_free(swp_entry(0, 1501), NULL);
	assert_int_equal(si->lowest_bit, 2);
	si->cluster_next = 1500;
	si->cluster_nr = 0;
	assert_int_equal(swp_offset(get_swap_page()), 2);
	/* Then first-free onwards: 4, 6, ... */
	assert_int_equal(swp_offset(get_swap_page()), 4);
	for (unsigned long off = 1; off < 2048; off++)
		if (swap_map_of(swp_entry(0, off)))
			swapcache_free(swp_entry(0, off), NULL);
	assert_int_equal(nr_swap_pages, 2047);
	harness_swapoff_device();
	harness_teardown();
}

static void test_swap_no_run_restarts_from_lowest_bit(void **state)
{
	(void)state;
	check_no_run_restarts_from_lowest_bit("2.6.30");
	check_no_run_restarts_from_lowest_bit(RC6);
}

/*
 * A slot held only by the swap cache (switch swap_reuse_cache_only).
 * The device full but for slot 2000, and a page in the swap cache at slot
 * 1000 (swap_map SWAP_HAS_CACHE, no PTE, not under writeback): swap is
 * more than half full (1 x 2 < 2047).  With the cursor at 1000, v2.6.31
 * and rc6 scan_swap_map() try __try_to_reclaim_swap() on it: the page
 * leaves the swap cache, dirty, and the slot is handed out again: 1000.
 * v2.6.30 takes only a free slot: 2000, and the page stays in the cache.
 */
static void check_swap_reuse_cache_only(const char *profile, bool reuse)
{
	struct swap_info_struct *si = &swap_info[0];
	struct page *page;
	swp_entry_t e;

	harness_boot("x86_64", 64, 1, profile, 14);
	assert_int_equal(harness_swapon(2048), 0);
	while (get_swap_page().val)
		;
	swapcache_free(swp_entry(0, 1000), NULL);
	page = alloc_page(GFP_HIGHUSER_MOVABLE);
	assert_non_null(page);
	SetPageSwapBacked(page);	/* an anonymous page, unmapped */
	assert_true(trylock_page(page));
	assert_int_equal(add_to_swap(page), 1);
	unlock_page(page);
	assert_int_equal(page->private, swp_entry(0, 1000).val);
	assert_int_equal(swap_map_of(swp_entry(0, 1000)), SWAP_HAS_CACHE);
	swapcache_free(swp_entry(0, 2000), NULL);
	assert_true(vm_swap_full());
	si->cluster_next = 1000;
	si->cluster_nr = 5;
	e = get_swap_page();
	assert_int_equal(swp_offset(e), reuse ? 1000 : 2000);
	assert_int_equal(PageSwapCache(page), !reuse);
	if (reuse) {
		assert_true(PageDirty(page));
	} else {
		assert_true(trylock_page(page));
		delete_from_swap_cache(page);
		unlock_page(page);
	}
	ClearPageSwapBacked(page);
	ClearPageDirty(page);
	put_page(page);
	for (unsigned long off = 1; off < 2048; off++)
		if (swap_map_of(swp_entry(0, off)))
			swapcache_free(swp_entry(0, off), NULL);
	assert_int_equal(nr_swap_pages, 2047);
	assert_conserved();
	harness_swapoff_device();
	harness_teardown();
}

static void test_swap_reuse_cache_only(void **state)
{
	(void)state;
	check_swap_reuse_cache_only("2.6.30", false);
	check_swap_reuse_cache_only("2.6.31", true);
	check_swap_reuse_cache_only(RC6, true);
}

/* ---- swap-in readahead and the write fault ------------------------- */

/* Swap one mapped page out through the real swap paths, and drop it. */
static void swap_out_page(struct mm_struct *mm, unsigned long addr)
{
	struct vm_area_struct *vma = find_vma(mm, addr);
	pte_t *pte = &vma->ptes[vma_address_index(vma, addr)];
	struct page *page = pfn_to_page(pte_pfn(*pte));

	harness_swap_out_page(page);
}

struct readahead {
	unsigned long pswpin[4], majflt[4], fault[4];
	uint8_t map_slot5_after_read, map_slot5_after_write;
	unsigned long wrong;
	long free_slots_after_write, free_slots_before_write;
	uint8_t in_cache[17];
	int major_ret;
};

static void readahead_task(void *arg)
{
	struct readahead *ra = arg;
	struct mm_struct *mm = mm_alloc();
	unsigned long addr;
	uint64_t v;

	current->mm = mm;
	addr = do_mmap_anon(mm, 16 * PAGE_SIZE, VM_READ | VM_WRITE);
	for (unsigned long i = 0; i < 16; i++)
		user_write_value(mm, addr + i * PAGE_SIZE, token(i, 1));
	/* Page i goes to slot i + 1: the first free run starts after the header. */
	for (unsigned long i = 0; i < 16; i++)
		swap_out_page(mm, addr + i * PAGE_SIZE);
	ra->pswpin[0] = vm_events[PSWPIN];
	ra->majflt[0] = vm_events[PGMAJFAULT];

	/* Page 4 lives in slot 5. */
	ra->major_ret = user_read_value(mm, addr + 4 * PAGE_SIZE, &v);
	ra->wrong += v != token(4, 1);
	ra->pswpin[1] = vm_events[PSWPIN];
	ra->majflt[1] = vm_events[PGMAJFAULT];
	for (unsigned long off = 1; off <= 16; off++) {
		struct page *page = lookup_swap_cache(swp_entry(0, off));

		ra->in_cache[off] = page != NULL;
		if (page)
			put_page(page);
	}
	ra->map_slot5_after_read = swap_map_of(swp_entry(0, 5));

	/* Pages 0..6 (slots 1..7) came in together: minor faults now. */
	for (unsigned long i = 0; i < 7; i++) {
		user_read_value(mm, addr + i * PAGE_SIZE, &v);
		ra->wrong += v != token(i, 1);
	}
	ra->pswpin[2] = vm_events[PSWPIN];
	ra->majflt[2] = vm_events[PGMAJFAULT];

	/* Slot 13's window is 8..15. */
	user_read_value(mm, addr + 12 * PAGE_SIZE, &v);
	ra->wrong += v != token(12, 1);
	ra->pswpin[3] = vm_events[PSWPIN];
	ra->majflt[3] = vm_events[PGMAJFAULT];

	/* Writing page 4 makes its swap copy stale: the slot goes. */
	ra->free_slots_before_write = nr_swap_pages;
	ra->fault[0] = vm_events[PGFAULT];
	user_write_value(mm, addr + 4 * PAGE_SIZE, token(4, 2));
	ra->fault[1] = vm_events[PGFAULT];
	ra->map_slot5_after_write = swap_map_of(swp_entry(0, 5));
	ra->free_slots_after_write = nr_swap_pages;
	mm_debug_check("readahead");
	/* Readahead pages still being read stay locked, and a locked swap
	 * cache page survives its last PTE (free_swap_and_cache trylocks):
	 * let the reads finish first. */
	schedule_timeout_uninterruptible(HZ);
	mmput(mm);
}

static void test_swapin_readahead_window(void **state)
{
	struct readahead ra = { 0 };

	(void)state;
	harness_boot("x86_64", 64, 1, RC6, 13);
	assert_int_equal(harness_swapon(2048), 0);
	assert_int_equal(page_cluster, 3);
	kthread_run(readahead_task, &ra, "ra", DEFAULT_PRIO);
	run_until_ms(10 * 1000);

	assert_int_equal(vm_events[PSWPOUT], 16);
	assert_int_equal(ra.wrong, 0);
	/*
	 * Slot 5: window [0, 8) less the header = slots 1..7, all in use:
	 * 7 sync reads, one major fault.
	 */
	assert_true(ra.major_ret & VM_FAULT_MAJOR);
	assert_int_equal(ra.pswpin[1] - ra.pswpin[0], 7);
	assert_int_equal(ra.majflt[1] - ra.majflt[0], 1);
	for (unsigned long off = 1; off <= 16; off++)
		assert_int_equal(ra.in_cache[off], off <= 7);
	/* Read-mapped: the slot keeps only the swap cache's hold. */
	assert_int_equal(ra.map_slot5_after_read, SWAP_HAS_CACHE);
	/* Pages of slots 1..7 are found in the swap cache: no I/O. */
	assert_int_equal(ra.pswpin[2], ra.pswpin[1]);
	assert_int_equal(ra.majflt[2], ra.majflt[1]);
	/* Slot 13: window [8, 16), all in use: 8 reads. */
	assert_int_equal(ra.pswpin[3] - ra.pswpin[2], 8);
	assert_int_equal(ra.majflt[3] - ra.majflt[2], 1);
	/* The write fault is minor and frees slot 5. */
	assert_int_equal(ra.fault[1] - ra.fault[0], 1);
	assert_int_equal(ra.map_slot5_after_write, 0);
	assert_int_equal(ra.free_slots_after_write, ra.free_slots_before_write + 1);
	/* Exit returns every slot and page. */
	assert_int_equal(nr_swap_pages, total_swap_pages);
	assert_int_equal(total_swapcache_pages, 0);
	assert_conserved();
	/* Free, or slab: the kernel's caches (radix-tree nodes of the preload
	 * pools, the pools' bios and requests) stay, and so does the swap
	 * device's vmalloc'd swap_map: 2048 slots of 2 bytes, one page. */
	assert_int_equal(swap_map_held_pages(), 1);
	assert_int_equal(page_census.buddy + page_census.pcp + page_census.slab +
			 swap_map_held_pages(), page_census.managed);
	harness_swapoff_device();
	harness_teardown();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_anon_larger_than_ram_round_trip),
		cmocka_unit_test(test_swap_slots_cluster_sequential),
		cmocka_unit_test(test_swap_free_run_first_fit),
		cmocka_unit_test(test_swap_no_run_restarts_from_lowest_bit),
		cmocka_unit_test(test_swap_reuse_cache_only),
		cmocka_unit_test(test_swapin_readahead_window),
	};

	return cmocka_run_group_tests_name("swap", tests, NULL, NULL);
}
