// SPDX-License-Identifier: GPL-2.0
/*
 * Page reclaim by direct reclaim: clean page cache goes before dirty,
 * referenced mapped pages are activated and survive the scan, a second
 * access promotes page cache, VM_EXEC text stays active in .31+ only,
 * an active list's quota evicts inactive pages at the .31 and rc6 tags,
 * lumpy reclaim frees an aligned order-2 block that LRU-order reclaim does
 * not, shrink_slab's arithmetic, and the conservation checker itself.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include "reclaim_harness.h"
#include "mmsim/trace.h"
#include "metrics/metrics.h"

#define RC6 "2.6.32-rc6"

/* Reclaim as a task that failed an allocation: PF_MEMALLOC, a
 * reclaim_state, the whole zonelist of @gfp. */
static unsigned long direct_reclaim(int order, gfp_t gfp)
{
	struct reclaim_state rs = { 0 };
	unsigned long ret;

	current->flags |= PF_MEMALLOC;
	current->reclaim_state = &rs;
	ret = try_to_free_pages(node_zonelist(0, gfp), order, gfp);
	current->reclaim_state = NULL;
	current->flags &= ~PF_MEMALLOC;
	return ret;
}

/* Every free page becomes a page of @tf, in pfn order; returns the count. */
static unsigned long fill_with_file_pages(struct test_file *tf,
					  bool (*dirty)(unsigned long index))
{
	unsigned long n = 0;
	struct page *page;

	while ((page = take_page(-1)) != NULL) {
		add_file_page(tf, page, n, dirty ? dirty(n) : false);
		n++;
	}
	return n;
}

/* ---- clean before dirty ------------------------------------------------ */

static bool odd_is_dirty(unsigned long index)
{
	return index & 1;
}

struct clean_dirty {
	struct test_file *tf;
	unsigned long n;
	unsigned long reclaimed[2];
	unsigned long clean_left[2], dirty_left[2];
	unsigned long written_freed[2];	/* written pages gone after each pass */
	unsigned long writepages_after_first;
	unsigned long rotated_before_second;
	unsigned long vmscan_write;
};

static void count_left(struct clean_dirty *c, int pass)
{
	for (unsigned long i = 0; i < c->n; i++) {
		struct page *page = mapping_lookup(&c->tf->mapping, i);

		if (page)
			(i & 1 ? c->dirty_left : c->clean_left)[pass]++;
		else if (c->tf->written[i])
			c->written_freed[pass]++;
	}
}

static void clean_dirty_task(void *arg)
{
	struct clean_dirty *c = arg;

	c->reclaimed[0] = direct_reclaim(0, GFP_KERNEL);
	count_left(c, 0);
	c->writepages_after_first = c->tf->writepages;
	c->vmscan_write = global_page_state(NR_VMSCAN_WRITE);
	/* Let the writes complete: each rotates its page to the tail. */
	schedule_timeout_uninterruptible(HZ);
	c->rotated_before_second = vm_events[PGROTATED];
	c->reclaimed[1] = direct_reclaim(0, GFP_KERNEL);
	count_left(c, 1);
}

static void test_clean_page_cache_reclaimed_before_dirty(void **state)
{
	struct clean_dirty c = { 0 };
	unsigned long n_clean, n_dirty;

	(void)state;
	harness_boot("x86", 64, 1, RC6, 1);
	c.tf = test_file_create(10 * NSEC_PER_MSEC);
	c.tf->written_len = max_pfn;
	c.tf->written = calloc(max_pfn, 1);
	c.n = fill_with_file_pages(c.tf, odd_is_dirty);
	n_dirty = c.n / 2;
	n_clean = c.n - n_dirty;
	assert_int_equal(global_page_state(NR_FILE_DIRTY), n_dirty);
	assert_conserved();

	kthread_run(clean_dirty_task, &c, "reclaimer", DEFAULT_PRIO);
	run_until_ms(5000);

	/* Pass 1: every page freed was clean; the dirty ones were written. */
	assert_true(c.reclaimed[0] >= SWAP_CLUSTER_MAX);
	assert_int_equal(c.dirty_left[0], n_dirty);
	assert_int_equal(n_clean - c.clean_left[0], c.reclaimed[0]);
	assert_true(c.writepages_after_first > 0);
	assert_int_equal(c.vmscan_write, c.writepages_after_first);
	/*
	 * Completed writes moved their (now clean) pages to the tail, but
	 * for the last writepages % PAGEVEC_SIZE, which wait in the CPU's
	 * rotate pagevec until pass 2 drains it (shrink_inactive_list's
	 * lru_add_drain).
	 */
	assert_int_equal(c.rotated_before_second, c.writepages_after_first -
			 c.writepages_after_first % PAGEVEC_SIZE);
	/* Pass 2 frees those first: every written page is gone, the ones
	 * its drain rotated too. */
	assert_int_equal(c.written_freed[1], c.writepages_after_first);
	assert_int_equal(n_dirty - c.dirty_left[1], c.writepages_after_first);
	assert_int_equal((n_clean - c.clean_left[1]) + (n_dirty - c.dirty_left[1]),
			 c.reclaimed[0] + c.reclaimed[1]);
	assert_conserved();
	test_file_destroy(c.tf);
	harness_teardown();
}

/* ---- may_write_to_queue --------------------------------------------- */

struct congested {
	struct test_file *tf;
	unsigned long reclaimed;
	unsigned long writes_direct;
};

static void congested_task(void *arg)
{
	struct congested *c = arg;

	c->reclaimed = direct_reclaim(0, GFP_KERNEL);
	c->writes_direct = c->tf->writepages;
}

/*
 * A direct reclaimer leaves dirty pages of a write-congested queue alone
 * (PAGE_KEEP); a task with PF_SWAPWRITE, as kswapd, writes them anyway.
 */
static void test_direct_reclaim_skips_congested_queue(void **state)
{
	struct congested c = { 0 };
	struct task_struct *p;
	unsigned long n;

	(void)state;
	harness_boot("x86", 64, 1, RC6, 8);
	c.tf = test_file_create(10 * NSEC_PER_MSEC);
	n = fill_with_file_pages(c.tf, odd_is_dirty);
	set_bdi_congested(c.tf->bdi, BLK_RW_ASYNC);
	kthread_run(congested_task, &c, "direct", DEFAULT_PRIO);
	run_until_ms(2000);
	assert_true(c.reclaimed >= SWAP_CLUSTER_MAX);
	assert_int_equal(c.writes_direct, 0);
	assert_int_equal(global_page_state(NR_VMSCAN_WRITE), 0);
	/* The same reclaim with PF_SWAPWRITE writes dirty pages it meets. */
	p = kthread_run(congested_task, &c, "swapwriter", DEFAULT_PRIO);
	p->flags |= PF_SWAPWRITE;
	run_until_ms(4000);
	assert_true(c.writes_direct > 0);
	assert_int_equal(global_page_state(NR_VMSCAN_WRITE), c.writes_direct);
	assert_true(n > c.writes_direct);
	assert_conserved();
	test_file_destroy(c.tf);
	harness_teardown();
}

/* ---- mlocked anonymous memory is unevictable ------------------------ */

struct mlocked {
	struct mm_struct *mm;
	unsigned long unevictable, mlock, reclaimed, anon_left;
	unsigned long unevictable_after, mlock_after;
};

static void mlocked_task(void *arg)
{
	struct mlocked *m = arg;
	unsigned long addr;

	m->mm = mm_alloc();
	current->mm = m->mm;
	addr = do_mmap_anon(m->mm, 512 * PAGE_SIZE,
			    VM_READ | VM_WRITE | VM_LOCKED);
	for (unsigned long i = 0; i < 512; i++)
		user_write_value(m->mm, addr + i * PAGE_SIZE, i);
	m->unevictable = global_page_state(NR_UNEVICTABLE);
	m->mlock = global_page_state(NR_MLOCK);
	m->reclaimed = direct_reclaim(0, GFP_KERNEL);
	m->anon_left = global_page_state(NR_ANON_PAGES);
	mm_debug_check("mlocked");
	do_munmap(m->mm, addr);
	m->unevictable_after = global_page_state(NR_UNEVICTABLE);
	m->mlock_after = global_page_state(NR_MLOCK);
	mmput(m->mm);
}

static void test_mlocked_pages_are_unevictable(void **state)
{
	struct mlocked m = { 0 };

	(void)state;
	harness_boot("x86", 64, 1, RC6, 9);
	assert_int_equal(harness_swapon(4096), 0);
	kthread_run(mlocked_task, &m, "mlock", DEFAULT_PRIO);
	run_until_ms(5000);
	/* Faulted straight onto the unevictable list, and mlocked. */
	assert_int_equal(m.unevictable, 512);
	assert_int_equal(m.mlock, 512);
	assert_int_equal(vm_events[UNEVICTABLE_PGMLOCKED], 512);
	/* Reclaim finds nothing to scan and leaves them all mapped. */
	assert_int_equal(m.reclaimed, 0);
	assert_int_equal(m.anon_left, 512);
	assert_int_equal(vm_events[PSWPOUT], 0);
	/* munmap munlocks them on the way out. */
	assert_int_equal(vm_events[UNEVICTABLE_PGMUNLOCKED], 512);
	assert_int_equal(m.unevictable_after, 0);
	assert_int_equal(m.mlock_after, 0);
	assert_int_equal(global_page_state(NR_ANON_PAGES), 0);
	assert_conserved();
	harness_swapoff_device();
	harness_teardown();
}

/* ---- referenced mapped pages --------------------------------------- */

struct referenced {
	struct test_file *tf;
	struct mm_struct *mm;
	unsigned long addr;
	unsigned long n;
	unsigned long reclaimed;
	int fault_errors;
};

static void referenced_task(void *arg)
{
	struct referenced *r = arg;

	r->mm = mm_alloc();
	current->mm = r->mm;
	r->addr = do_mmap_file(r->mm, &r->tf->mapping, 0, r->n * PAGE_SIZE,
			       VM_READ);
	/*
	 * Every fourth page is read through the mapping: young PTEs.  Memory
	 * is full, so the fault that needs a page-table page reclaims for
	 * it, and a page it took is read back (VM_FAULT_MAJOR, not an error).
	 */
	for (unsigned long i = 0; i < r->n; i += 4)
		if (access_user_page(r->mm, r->addr + i * PAGE_SIZE, false) &
		    (VM_FAULT_OOM | VM_FAULT_SIGBUS))
			r->fault_errors++;
	r->reclaimed = direct_reclaim(0, GFP_KERNEL);
}

static void test_referenced_pages_are_rotated_and_survive(void **state)
{
	struct referenced r = { 0 };
	unsigned long activated = 0, touched_scanned_young = 0, freed = 0;

	(void)state;
	harness_boot("x86", 64, 1, RC6, 2);
	r.tf = test_file_create(10 * NSEC_PER_MSEC);
	/*
	 * Keep the high watermarks plus 16 pages free for the mapping's
	 * page tables (15000 pages / 1024 PTEs per page: 15), so that the
	 * faults do not reclaim the file's pages before they are mapped.
	 */
	{
		unsigned long keep = 16, k = 0;
		struct zone *zone;
		struct page **spare;

		for_each_populated_zone(zone)
			keep += high_wmark_pages(zone);
		spare = calloc(keep, sizeof(*spare));
		while (k < keep && (spare[k] = take_page(-1)) != NULL)
			k++;
		r.n = fill_with_file_pages(r.tf, NULL);
		while (k--)
			__free_page(spare[k]);
		free(spare);
	}
	kthread_run(referenced_task, &r, "reader", DEFAULT_PRIO);
	run_until_ms(2000);

	assert_int_equal(r.fault_errors, 0);
	assert_true(r.reclaimed >= SWAP_CLUSTER_MAX);
	for (unsigned long i = 0; i < r.n; i++) {
		struct page *page = mapping_lookup(&r.tf->mapping, i);
		struct vm_area_struct *vma = find_vma(r.mm, r.addr);

		if (i % 4) {
			freed += !page;
			continue;
		}
		/* No referenced page was freed. */
		assert_non_null(page);
		if (PageActive(page)) {
			activated++;
			/* page_referenced cleared the accessed bit it used. */
			assert_false(pte_young(vma->ptes[i]));
		} else if (!pte_young(vma->ptes[i])) {
			touched_scanned_young++;
		}
	}
	/* The scan met referenced pages and activated every one of them. */
	assert_true(activated > 0);
	assert_int_equal(touched_scanned_young, 0);
	assert_int_equal(vm_events[PGACTIVATE], activated);
	assert_int_equal(freed, r.reclaimed);
	mm_debug_check("test");
	mmput(r.mm);
	assert_conserved();
	test_file_destroy(r.tf);
	harness_teardown();
}

/* mark_page_accessed: the second access of an inactive page promotes it. */
static void test_second_access_activates(void **state)
{
	struct test_file *tf;
	struct page *page;

	(void)state;
	harness_boot("x86", 64, 1, RC6, 3);
	tf = test_file_create(0);
	page = take_page(-1);
	add_file_page(tf, page, 0, false);
	/* In the CPU's pagevec, on no list: accesses only reference it. */
	assert_false(PageLRU(page));
	mark_page_accessed(page);
	mark_page_accessed(page);
	assert_true(PageReferenced(page));
	assert_false(PageActive(page));
	assert_int_equal(global_page_state(NR_INACTIVE_FILE), 0);
	lru_add_drain();
	assert_true(PageLRU(page));
	ClearPageReferenced(page);
	assert_false(PageReferenced(page));
	mark_page_accessed(page);
	assert_true(PageReferenced(page));
	assert_false(PageActive(page));
	assert_int_equal(global_page_state(NR_INACTIVE_FILE), 1);
	mark_page_accessed(page);
	assert_true(PageActive(page));
	assert_false(PageReferenced(page));
	assert_int_equal(global_page_state(NR_ACTIVE_FILE), 1);
	assert_int_equal(global_page_state(NR_INACTIVE_FILE), 0);
	assert_int_equal(vm_events[PGACTIVATE], 1);
	/* One LRU add and one activation, both counted as scanned; the
	 * activation as rotated. */
	assert_int_equal(page_zone(page)->reclaim_stat.recent_scanned[1], 2);
	assert_int_equal(page_zone(page)->reclaim_stat.recent_rotated[1], 1);
	assert_conserved();
	test_file_destroy(tf);
	harness_teardown();
}

/* ---- VM_EXEC text on the active list (.31+) ---------------------------- */

struct exec_text {
	struct test_file *tf;
	unsigned long n_text;
	unsigned long reclaimed;
};

static void exec_task(void *arg)
{
	struct exec_text *e = arg;
	struct mm_struct *mm = mm_alloc();
	unsigned long addr;

	current->mm = mm;
	addr = do_mmap_file(mm, &e->tf->mapping, 0, e->n_text * PAGE_SIZE,
			    VM_READ | VM_EXEC);
	for (unsigned long i = 0; i < e->n_text; i++) {
		access_user_page(mm, addr + i * PAGE_SIZE, false);
		activate_page(mapping_lookup(&e->tf->mapping, i));
	}
	e->reclaimed = direct_reclaim(0, GFP_KERNEL);
	mmput(mm);
}

static void run_exec_text(const char *profile, unsigned long *refill,
			  unsigned long *deactivated)
{
	struct exec_text e = { .n_text = 2048 };
	unsigned long n = 0;
	struct page *page;

	harness_boot("x86", 64, 1, profile, 4);
	e.tf = test_file_create(0);
	/* 2048 text pages, then 1024 plain inactive pages, the rest free. */
	while (n < e.n_text + 1024 && (page = take_page(ZONE_NORMAL)) != NULL)
		add_file_page(e.tf, page, n++, false);
	kthread_run(exec_task, &e, "exec", DEFAULT_PRIO);
	run_until_ms(2000);
	assert_true(e.reclaimed >= SWAP_CLUSTER_MAX);
	*refill = vm_events[PGREFILL_NORMAL];
	*deactivated = vm_events[PGDEACTIVATE];
	assert_conserved();
	test_file_destroy(e.tf);
	harness_teardown();
}

static void test_vm_exec_pages_stay_active_from_31(void **state)
{
	unsigned long refill, deactivated;

	(void)state;
	/* .31+: referenced executable file pages go round the active list. */
	run_exec_text(RC6, &refill, &deactivated);
	assert_true(refill > 0);
	assert_int_equal(deactivated, 0);
	/* .30: everything scanned on the active list is deactivated. */
	run_exec_text("2.6.30", &refill, &deactivated);
	assert_true(refill > 0);
	assert_int_equal(deactivated, refill);
}

/* ---- an active list's quota with its inactive list not low ------------ */

/* @arg: where the pages reclaimed go. */
static void quota_task(void *arg)
{
	*(unsigned long *)arg = direct_reclaim(0, GFP_KERNEL);
}

/*
 * 4,500 active file pages over 4,600 inactive ones (inactive not low),
 * clean and unreferenced, nothing else on the LRU; one direct reclaim
 * with active_list_rule set to @rule.  Returns the pages scanned and
 * stolen on the inactive file list, and the active pages aged.
 */
static void run_active_quota(enum active_list_rule rule, unsigned long *scanned,
			     unsigned long *stolen, unsigned long *refilled)
{
	unsigned long reclaimed = 0, n = 0;
	struct test_file *tf;
	struct page *page;

	harness_boot("x86", 64, 1, RC6, 5);
	kprofile.active_list_rule = rule;
	tf = test_file_create(0);
	while (n < 9100 && (page = take_page(ZONE_NORMAL)) != NULL)
		add_file_page(tf, page, n++, false);
	assert_int_equal(n, 9100);
	lru_add_drain();
	for (n = 0; n < 4500; n++)
		activate_page(mapping_lookup(&tf->mapping, n));
	assert_int_equal(global_page_state(NR_ACTIVE_FILE), 4500);
	assert_int_equal(global_page_state(NR_INACTIVE_FILE), 4600);
	kthread_run(quota_task, &reclaimed, "quota", DEFAULT_PRIO);
	run_until_ms(2000);
	assert_true(reclaimed >= SWAP_CLUSTER_MAX);
	*scanned = vm_events[PGSCAN_DIRECT_NORMAL];
	*stolen = vm_events[PGSTEAL_NORMAL];
	*refilled = vm_events[PGREFILL_NORMAL];
	assert_conserved();
	test_file_destroy(tf);
	harness_teardown();
}

/*
 * shrink_list() with the inactive file list not low: v2.6.31 and
 * v2.6.32-rc6 (mm/vmscan.c:1472) spend the active list's scan quota on
 * shrink_inactive_list(), evicting inactive pages with it; b39415b2
 * (2.6.32.3) skips it.  Neither ages the active list here.
 */
static void test_active_quota_falls_through_at_the_tags(void **state)
{
	unsigned long scan_v31, steal_v31, refill_v31;
	unsigned long scan_skip, steal_skip, refill_skip;

	(void)state;
	run_active_quota(ACTIVE_LIST_V31, &scan_v31, &steal_v31, &refill_v31);
	run_active_quota(ACTIVE_LIST_SKIP, &scan_skip, &steal_skip, &refill_skip);
	assert_int_equal(refill_v31, 0);
	assert_int_equal(refill_skip, 0);
	/*
	 * Both lists' quotas (size >> priority, batched by nr_saved_scan)
	 * first reach SWAP_CLUSTER_MAX at priority 8: 1+2+4+8+17 = 32 each.
	 * The inactive list's 32 pages are clean and go; then the active
	 * quota: the tags scan (and free) 32 more inactive pages, the fix
	 * none, and 32 reclaimed ends the reclaim either way.
	 */
	assert_int_equal(scan_v31, 64);
	assert_int_equal(steal_v31, 64);
	assert_int_equal(scan_skip, 32);
	assert_int_equal(steal_skip, 32);
}

/* ---- lumpy reclaim ----------------------------------------------------- */

static unsigned long free_blocks_from_order(int min_order)
{
	unsigned long n = 0;
	struct zone *zone;

	for_each_populated_zone(zone)
		for (int o = min_order; o < MAX_ORDER; o++)
			n += zone->free_area[o].nr_free;
	return n;
}

struct lumpy {
	int order;
	unsigned long reclaimed;
};

static void lumpy_task(void *arg)
{
	struct lumpy *l = arg;

	l->reclaimed = direct_reclaim(l->order, GFP_KERNEL);
	/* The slow path drains the per-cpu lists after high-order reclaim. */
	drain_all_pages();
}

static int cmp_pfn_quad(const void *a, const void *b)
{
	unsigned long pa = page_to_pfn(*(struct page *const *)a);
	unsigned long pb = page_to_pfn(*(struct page *const *)b);
	int qa = (pa & 3) != 0, qb = (pb & 3) != 0;

	if (qa != qb)
		return qa - qb;
	return pa < pb ? -1 : pa > pb;
}

/*
 * Memory full of clean page cache whose LRU tail holds only the first page
 * of each aligned 4-page block: freeing from the tail frees single pages
 * whose buddies all stay in use.
 */
static unsigned long run_crafted_zone(int order)
{
	struct lumpy l = { .order = order };
	struct test_file *tf;
	struct page **pages;
	unsigned long n = 0;

	harness_boot("x86", 64, 1, RC6, 5);
	tf = test_file_create(0);
	pages = calloc(max_pfn + 1, sizeof(*pages));
	/* The file's radix tree first: its nodes are slab pages. */
	test_file_reserve(tf, max_pfn);
	while ((pages[n] = take_page(-1)) != NULL)
		n++;
	qsort(pages, n, sizeof(*pages), cmp_pfn_quad);
	/* Added in that order: the first added are the oldest (LRU tail). */
	for (unsigned long i = 0; i < n; i++)
		add_file_page(tf, pages[i], i, false);
	free(pages);
	assert_int_equal(free_blocks_from_order(2), 0);

	kthread_run(lumpy_task, &l, "lumpy", DEFAULT_PRIO);
	run_until_ms(2000);
	assert_true(l.reclaimed >= SWAP_CLUSTER_MAX);
	assert_conserved();
	n = free_blocks_from_order(2);
	test_file_destroy(tf);
	harness_teardown();
	return n;
}

static void test_lumpy_frees_aligned_order2_block(void **state)
{
	(void)state;
	/* LRU order: only pfn % 4 == 0 pages are freed, no order-2 block. */
	assert_int_equal(run_crafted_zone(0), 0);
	/* Order 2 below DEF_PRIORITY - 2: each tail page takes its three
	 * neighbours along, and the aligned block is freed whole. */
	assert_true(run_crafted_zone(2) > 0);
}

/*
 * Lumpy neighbours without swap (switch lumpy_noswap_skip).  No swap
 * device, so nr_swap_pages is 0.  Every page of pfn % 4 == 0 becomes a
 * clean file page, the oldest first in pfn order; a task faults
 * anonymous pages into the pfn % 4 != 0 pages (all but a margin above the
 * watermarks, then held).  An order-2 direct reclaim scans nothing until
 * the file list's share reaches a batch of 32 (about 4k pages >> 7, below
 * DEF_PRIORITY - 2): lumpy from the first scan.  Each tail page's
 * neighbours are anonymous pages outside the swap cache, or pages off the
 * LRU.  rc6 isolate_lru_pages() (de2e7567c7d) skips the anonymous ones:
 * not one neighbour is taken.  v2.6.30 and v2.6.31 take them (and
 * shrink_page_list() fails them, add_to_swap() finding no slot).
 */
static unsigned long lumpy_contig_taken, lumpy_isolations;

static void sum_lru_isolate(const struct trace_entry *e)
{
	if (e->id != TRACE_MM_VMSCAN_LRU_ISOLATE)
		return;
	lumpy_contig_taken += e->mm_vmscan_lru_isolate.contig_taken;
	lumpy_isolations += e->mm_vmscan_lru_isolate.isolate_mode ==
			    ISOLATE_BOTH && e->mm_vmscan_lru_isolate.nr_taken;
}

struct anon_fill {
	unsigned long n;
	struct mm_struct *mm;
	bool done;
};

static void anon_fill_fn(void *arg)
{
	struct anon_fill *a = arg;
	unsigned long addr;

	a->mm = mm_alloc();
	current->mm = a->mm;
	addr = do_mmap_anon(a->mm, a->n * PAGE_SIZE, VM_READ | VM_WRITE);
	for (unsigned long i = 0; i < a->n; i++)
		access_user_page(a->mm, addr + i * PAGE_SIZE, true);
	a->done = true;
}

static unsigned long lumpy_noswap_neighbours(const char *profile)
{
	struct lumpy l = { .order = 2 };
	struct anon_fill a = { 0 };
	struct task_struct *filler;
	struct test_file *tf;
	struct page **pages;
	unsigned long n = 0, nfile = 0, freed = 0;

	harness_boot("x86", 64, 1, profile, 6);
	assert_int_equal(nr_swap_pages, 0);
	tf = test_file_create(0);
	pages = calloc(max_pfn + 1, sizeof(*pages));
	test_file_reserve(tf, max_pfn);
	while ((pages[n] = take_page(-1)) != NULL)
		n++;
	for (unsigned long i = 0; i < n; i++)
		if (page_to_pfn(pages[i]) & 3) {
			__free_pages(pages[i], 0);
			freed++;
		} else {
			pages[nfile++] = pages[i];
		}
	drain_all_pages();
	a.n = freed - 1024;	/* well above every watermark */
	filler = kthread_run(anon_fill_fn, &a, "anon", DEFAULT_PRIO);
	run_until_ms(1000);
	assert_true(a.done);
	/* The margin, and what the page tables left: held off the LRU,
	 * never freed (the checker counts them as other allocations). */
	while (take_page(-1) != NULL)
		mm_debug_expected_other++;
	qsort(pages, nfile, sizeof(*pages), cmp_pfn_quad);
	for (unsigned long i = 0; i < nfile; i++)
		add_file_page(tf, pages[i], i, false);
	free(pages);

	lumpy_contig_taken = lumpy_isolations = 0;
	trace_sink = sum_lru_isolate;
	kthread_run(lumpy_task, &l, "lumpy", DEFAULT_PRIO);
	run_until_ms(3000);
	trace_sink = NULL;
	assert_true(l.reclaimed >= SWAP_CLUSTER_MAX);
	/* Lumpy isolation did run, taking tail pages. */
	assert_true(lumpy_isolations > 0);
	filler->mm = NULL;
	mmput(a.mm);
	test_file_destroy(tf);
	harness_teardown();
	return lumpy_contig_taken;
}

static void test_lumpy_noswap_skips_unswapped_anon(void **state)
{
	(void)state;
	assert_int_equal(lumpy_noswap_neighbours(RC6), 0);
	assert_true(lumpy_noswap_neighbours("2.6.31") > 0);
	assert_true(lumpy_noswap_neighbours("2.6.30") > 0);
}

/* ---- too_many_isolated ------------------------------------------------- */

/*
 * Two order-4 direct reclaimers isolate 32 dirty file pages each and hold
 * them through lumpy reclaim's wait for their writes (1 s); a third,
 * order-0, comes while they wait.  v2.6.32-rc6 mm/vmscan.c:1063
 * too_many_isolated() reads 64 isolated against 36 inactive file pages in
 * the zone, and l.1100 makes the third nap in congestion_wait(BLK_RW_ASYNC,
 * HZ/10) while more are isolated than inactive; 2.6.30 has no such wait.
 * The run measure too_many_isolated_seen reads the counts on both.
 */
struct isolator {
	int order;
	unsigned long delay;		/* jiffies before reclaiming */
};

static void isolator_task(void *arg)
{
	struct isolator *t = arg;

	if (t->delay)
		schedule_timeout_uninterruptible((long)t->delay);
	direct_reclaim(t->order, GFP_KERNEL);
}

static void run_isolators(const char *profile, uint64_t *seen,
			  unsigned long *waits)
{
	struct isolator a1 = { .order = 4 }, a2 = { .order = 4, .delay = 2 },
			b = { .order = 0, .delay = 4 };
	const unsigned long nr = 100;
	struct test_file *tf;
	struct page **pages;
	unsigned long n = 0, kept = 0;
	struct run_result r;
	const uint64_t *v;

	harness_boot("x86", 64, 1, profile, 3);
	tf = test_file_create(NSEC_PER_SEC);
	pages = calloc(max_pfn + 1, sizeof(*pages));
	while ((pages[n] = take_page(ZONE_NORMAL)) != NULL)
		n++;
	/*
	 * One file page per aligned 16-page block, the rest freed again:
	 * lumpy reclaim finds no neighbour on the LRU, so each reclaimer
	 * isolates exactly the 32 pages it scans.
	 */
	for (unsigned long i = 0; i < n; i++) {
		if (kept < nr && !(page_to_pfn(pages[i]) & 15))
			add_file_page(tf, pages[i], kept++, true);
		else
			__free_page(pages[i]);
	}
	free(pages);
	assert_int_equal(kept, nr);
	assert_int_equal(zone_page_state(Z(ZONE_DMA), NR_INACTIVE_FILE), 0);

	kthread_run(isolator_task, &a1, "a1", DEFAULT_PRIO);
	kthread_run(isolator_task, &a2, "a2", DEFAULT_PRIO);
	kthread_run(isolator_task, &b, "b", DEFAULT_PRIO);
	run_until_ms(5000);
	assert_int_equal(global_page_state(NR_ISOLATED_FILE), 0);
	assert_conserved();

	*waits = 0;
	for (int q = 0; q < NR_CW_QUEUES; q++)
		*waits += congestion_wait_totals(CW_ISOLATED, q)->calls;
	result_init(&r);
	metrics_find("too_many_isolated_seen")->collect(&r);
	v = result_uints(&r, "too_many_isolated_seen");
	/* Normal's file columns: checks, over, isolated, inactive, most. */
	memcpy(seen, v + ZONE_NORMAL * 10 + 5, 5 * sizeof(*seen));
	result_free(&r);
	test_file_destroy(tf);
	harness_teardown();
}

static void test_too_many_isolated_waits_on_rc6_only(void **state)
{
	uint64_t seen[2][5];
	unsigned long waits[2];

	(void)state;
	run_isolators(RC6, seen[0], &waits[0]);
	run_isolators("2.6.30", seen[1], &waits[1]);
	for (int k = 0; k < 2; k++) {
		assert_true(seen[k][0] >= 3);
		assert_true(seen[k][1] >= 1);
		assert_true(seen[k][2] > seen[k][3]);
		assert_true(seen[k][4] >= 64);
	}
	/*
	 * 2.6.30: b goes on at once; its first read, 64 isolated against 36
	 * inactive (as vm_stat has it, which may lag the list by a per-cpu
	 * differential), is the highest of the run.
	 */
	assert_int_equal(waits[1], 0);
	assert_int_equal(seen[1][2], 64);
	assert_in_range(seen[1][3], 33, 36);
	/*
	 * rc6: b naps every HZ/10 from 16 ms while a1 and a2 hold their 64,
	 * and again from 1 s while a1's next batch holds 32 of the 36 left:
	 * at least the ten naps of the first second.
	 */
	assert_true(waits[0] >= 10);
	assert_true(seen[0][1] >= waits[0]);
}

/* ---- shrink_slab ------------------------------------------------------- */

/*
 * A reclaimable cache with a shrinker of its own, as the dcache's: an
 * object let go of goes on an LRU with its referenced bit; the shrinker
 * gives a referenced object a second trip and frees the others, oldest
 * first, and reports the unused count.
 */
struct test_obj {
	struct list_head lru;
	bool referenced;
};

static struct kmem_cache *test_cachep;
static LIST_HEAD(test_unused);
static unsigned long test_nr_unused;
static struct shrinker test_shrinker;

static int test_shrink(struct shrinker *shrinker, int nr_to_scan, gfp_t gfp)
{
	if (nr_to_scan) {
		if (!(gfp & __GFP_FS))
			return -1;
		cpu_consume(reclaim_costs.slab_object_ns * (sim_time_t)nr_to_scan);
		while (nr_to_scan-- > 0 && !list_empty(&test_unused)) {
			struct test_obj *o = list_last_entry(&test_unused,
							     struct test_obj, lru);

			if (o->referenced) {
				o->referenced = false;
				list_move(&o->lru, &test_unused);
				continue;
			}
			list_del(&o->lru);
			test_nr_unused--;
			kmem_cache_free(test_cachep, o);
		}
	}
	return (int)test_nr_unused;
}

struct slab_run {
	unsigned long ret[3];
	unsigned long scanned[3];
	long nr[3];
	unsigned long pages_freed[3];
};

static void slab_task(void *arg)
{
	struct slab_run *s = arg;
	gfp_t gfp[3] = { GFP_KERNEL, GFP_KERNEL, GFP_NOFS };

	for (int i = 0; i < 3; i++) {
		struct reclaim_state rs = { 0 };

		current->reclaim_state = &rs;
		s->ret[i] = shrink_slab(320, gfp[i], 1000);
		s->scanned[i] = vm_events[SLABS_SCANNED];
		s->nr[i] = test_shrinker.nr;
		s->pages_freed[i] = rs.reclaimed_slab;
		current->reclaim_state = NULL;
	}
}

static void test_shrink_slab_arithmetic(void **state)
{
	struct slab_run s = { 0 };

	(void)state;
	harness_boot("x86", 64, 1, RC6, 6);
	/*
	 * 256-byte objects, SLUB with one CPU: at least 4 * (fls(1) + 1) = 8
	 * objects, 2 KiB: order 0 holds 16 with nothing wasted.
	 */
	test_cachep = kmem_cache_create("test_objects", 256, 0,
					SLAB_RECLAIM_ACCOUNT, NULL);
	assert_int_equal(test_cachep->order, 0);
	assert_int_equal(test_cachep->objects, 16);
	INIT_LIST_HEAD(&test_unused);
	test_nr_unused = 0;
	for (long i = 0; i < 10000; i++) {
		struct test_obj *o = kmem_cache_alloc(test_cachep, GFP_KERNEL);

		assert_non_null(o);
		/* Let go of at once: the oldest is the first allocated. */
		o->referenced = true;
		list_add(&o->lru, &test_unused);
		test_nr_unused++;
	}
	test_shrinker.shrink = test_shrink;
	test_shrinker.seeks = DEFAULT_SEEKS;
	register_shrinker(&test_shrinker);
	/* 10000 objects / 16 per page = 625 pages. */
	assert_int_equal(global_page_state(NR_SLAB_RECLAIMABLE), 625);
	assert_conserved();

	kthread_run(slab_task, &s, "slab", DEFAULT_PRIO);
	run_until_ms(100);

	/*
	 * delta = (4 * 320 / seeks 2) * 10000 objects / (1000 + 1) = 6393;
	 * 6393 / 128 = 49 batches = 6272 scanned, 121 carried.  Every object
	 * was put with its referenced bit: the first look only rotates.
	 */
	assert_int_equal(s.scanned[0], 6272);
	assert_int_equal(s.nr[0], 121);
	assert_int_equal(s.ret[0], 0);
	assert_int_equal(s.pages_freed[0], 0);
	/*
	 * 121 + 6393 = 6514: 50 batches = 6400 scanned, 114 carried.  The
	 * 3728 objects not yet looked at are rotated, then the oldest
	 * 6400 - 3728 = 2672 unreferenced ones (objects 0..2671) are freed:
	 * 2672 / 16 = 167 whole slabs, none of them the CPU's (SLUB
	 * discards an emptied slab that is nobody's at once).
	 */
	assert_int_equal(s.scanned[1] - s.scanned[0], 6400);
	assert_int_equal(s.nr[1], 114);
	assert_int_equal(s.ret[1], 2672);
	assert_int_equal(s.pages_freed[1], 167);
	/* GFP_NOFS: the dentry shrinker refuses; everything is carried:
	 * 114 + (640 * 7328 / 1001 = 4685) = 4799. */
	assert_int_equal(s.scanned[2], s.scanned[1]);
	assert_int_equal(s.nr[2], 114 + 640 * 7328 / 1001);
	assert_int_equal(s.ret[2], 0);
	assert_int_equal(global_page_state(NR_SLAB_RECLAIMABLE), 625 - 167);
	assert_conserved();
	unregister_shrinker(&test_shrinker);
	harness_teardown();
}

/* ---- the checker can fail ---------------------------------------------- */

static void test_checker_detects_corruption(void **state)
{
	struct test_file *tf;
	struct page *page, *held;
	char msg[256];

	(void)state;
	harness_boot("x86", 64, 1, RC6, 7);
	tf = test_file_create(0);
	page = take_page(ZONE_NORMAL);
	add_file_page(tf, page, 0, false);
	assert_int_equal(check_page_conservation(msg, sizeof(msg)), 0);

	/* An LRU counter that disagrees with its list. */
	Z(ZONE_NORMAL)->vm_stat[NR_INACTIVE_FILE]++;
	assert_int_equal(check_page_conservation(msg, sizeof(msg)), -1);
	assert_non_null(strstr(msg, "counter says"));
	Z(ZONE_NORMAL)->vm_stat[NR_INACTIVE_FILE]--;

	/* A page nobody accounts for. */
	held = take_page(ZONE_NORMAL);
	assert_int_equal(check_page_conservation(msg, sizeof(msg)), -1);
	assert_non_null(strstr(msg, "held outside"));
	mm_debug_expected_other = 1;
	assert_int_equal(check_page_conservation(msg, sizeof(msg)), 0);
	assert_int_equal(page_census.other, 1);

	/* A page flagged for the swap cache that is not in it. */
	SetPageSwapCache(held);
	assert_int_equal(check_page_conservation(msg, sizeof(msg)), -1);
	assert_non_null(strstr(msg, "not in the swap cache"));
	ClearPageSwapCache(held);
	__free_page(held);
	mm_debug_expected_other = 0;
	assert_conserved();
	test_file_destroy(tf);
	harness_teardown();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_clean_page_cache_reclaimed_before_dirty),
		cmocka_unit_test(test_direct_reclaim_skips_congested_queue),
		cmocka_unit_test(test_mlocked_pages_are_unevictable),
		cmocka_unit_test(test_referenced_pages_are_rotated_and_survive),
		cmocka_unit_test(test_second_access_activates),
		cmocka_unit_test(test_vm_exec_pages_stay_active_from_31),
		cmocka_unit_test(test_active_quota_falls_through_at_the_tags),
		cmocka_unit_test(test_lumpy_frees_aligned_order2_block),
		cmocka_unit_test(test_lumpy_noswap_skips_unswapped_anon),
		cmocka_unit_test(test_too_many_isolated_waits_on_rc6_only),
		cmocka_unit_test(test_shrink_slab_arithmetic),
		cmocka_unit_test(test_checker_detects_corruption),
	};

	return cmocka_run_group_tests_name("reclaim", tests, NULL, NULL);
}
