// SPDX-License-Identifier: GPL-2.0
/*
 * The buddy allocator: page conservation under random churn, fallback and
 * pageblock stealing (.32 and .31), MIGRATE_RESERVE (and where a drained
 * pcp list sends its reserve pages, per version), per-cpu lists
 * (high/batch, hot/cold, both layouts), kmem trace records, gfp_zone and
 * migrate types, __GFP_ZERO's CPU cost, and the invariant checker itself.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "metrics/metrics.h"
#include "linux/mmzone.h"
#include "mmsim/profile.h"
#include "mmsim/trace.h"

/* ---- helpers ---------------------------------------------------------- */

/* 2.6.31's allocator switches. */
static void profile_31(void)
{
	profile_set_default();
	kprofile.pcp_layout = PCP_SINGLE;
	kprofile.fallback_claim = FALLBACK_EQ_PAGEBLOCK;
	kprofile.kmem_tracepoints = false;
	kprofile.vmstat_fields = VMSTAT_V31;
}

static void boot(const char *arch, unsigned long mbytes, unsigned int cpus)
{
	struct mem_config cfg = {
		.arch = arch_lookup(arch),
		.mem_bytes = mbytes << 20,
		.nr_cpus = cpus,
		.reserved_kbytes = (unsigned long)-1,
	};

	assert_int_equal(mem_init(&cfg), 0);
}

static struct zone *Z(enum zone_type t)
{
	return &contig_page_data.node_zones[t];
}

static void assert_invariants(void)
{
	char msg[256];
	struct zone *zone;

	for_each_populated_zone(zone) {
		if (check_zone_invariants(zone, msg, sizeof(msg)))
			fail_msg("invariant: %s", msg);
	}
}

/* Pages on the free lists of @mt in @zone. */
static unsigned long free_pages_of_type(struct zone *zone, int mt)
{
	unsigned long n = 0;

	for (int order = 0; order < MAX_ORDER; order++) {
		struct list_head *pos;

		list_for_each(pos, &zone->free_area[order].free_list[mt])
			n += 1UL << order;
	}
	return n;
}

static int pageblocks_of_type(struct zone *zone, int mt)
{
	unsigned long end = zone->zone_start_pfn + zone->spanned_pages;
	int n = 0;

	for (unsigned long pfn = zone->zone_start_pfn; pfn < end;
	     pfn += pageblock_nr_pages)
		n += get_pageblock_migratetype(pfn_to_page(pfn)) == mt;
	return n;
}

static struct page *alloc_nowmark(gfp_t gfp, unsigned int order)
{
	struct zonelist *zl = node_zonelist(0, gfp);
	int high = gfp_zone(gfp);

	return get_page_from_freelist(gfp, order, zl, high, ALLOC_NO_WATERMARKS,
				      first_zones_zonelist(zl, high),
				      allocflags_to_migratetype(gfp));
}

/* Allocate every free page of every zone (order 0, MOVABLE). */
static void take_everything(void)
{
	while (alloc_nowmark(GFP_HIGHUSER_MOVABLE, 0))
		;
	for (int t = 0; t < MAX_NR_ZONES; t++)
		assert_int_equal(Z(t)->vm_stat[NR_FREE_PAGES], 0);
}

static void free_range(unsigned long start, unsigned long nr)
{
	for (unsigned long pfn = start; pfn < start + nr; pfn++)
		__free_pages(pfn_to_page(pfn), 0);
	drain_all_pages();
}

/* Trace capture. */
#define MAX_EVENTS 4096
static struct trace_entry events[MAX_EVENTS];
static int nr_events;

static void capture(const struct trace_entry *e)
{
	if (nr_events < MAX_EVENTS)
		events[nr_events] = *e;
	nr_events++;
}

static int count_events(enum trace_event_id id)
{
	int n = 0;

	for (int i = 0; i < nr_events && i < MAX_EVENTS; i++)
		n += events[i].id == id;
	return n;
}

static const struct trace_entry *find_event(enum trace_event_id id)
{
	for (int i = 0; i < nr_events && i < MAX_EVENTS; i++)
		if (events[i].id == id)
			return &events[i];
	return NULL;
}

static void trace_on(void)
{
	nr_events = 0;
	trace_sink = capture;
}

static int teardown(void **state)
{
	(void)state;
	trace_sink = NULL;
	mem_exit();
	profile_set_default();
	return 0;
}

/* ---- page conservation -------------------------------------------------- */

#define MAX_ALLOCS 6000

struct churn {
	struct page *page[MAX_ALLOCS];
	unsigned int order[MAX_ALLOCS];
	int nr;
	unsigned long allocated;	/* pages */
	int ops;
	int failures;
};

static const gfp_t churn_gfp[] = {
	GFP_KERNEL, GFP_TEMPORARY, GFP_HIGHUSER_MOVABLE, GFP_ATOMIC,
	GFP_NOFS | __GFP_COMP, GFP_KERNEL | __GFP_DMA, GFP_NOWAIT | __GFP_COLD,
	GFP_HIGHUSER_MOVABLE | __GFP_COLD, GFP_ATOMIC | __GFP_ZERO,
	GFP_USER | __GFP_RECLAIMABLE,
};

static unsigned long pages_in_buddy_and_pcp(void)
{
	unsigned long n = 0;
	struct zone *zone;

	for_each_populated_zone(zone) {
		/* NR_FREE_PAGES plus what a failed order > 0 request took
		 * off it without a page (2.6.31 to 2.6.32.4) */
		n += (unsigned long)(zone_page_state_snapshot(zone, NR_FREE_PAGES) +
				     (long)zone->nr_free_lost);
		for (unsigned int cpu = 0; cpu < num_online_cpus(); cpu++)
			n += (unsigned long)zone->pageset[cpu].pcp.count;
	}
	return n;
}

static unsigned long managed_pages(void)
{
	unsigned long n = 0;
	struct zone *zone;

	for_each_populated_zone(zone)
		n += zone->managed_pages;
	return n;
}

static void check_conservation(struct churn *c)
{
	assert_invariants();
	/* Free (buddy + pcp) + allocated = pages handed out at boot. */
	assert_int_equal(pages_in_buddy_and_pcp() + c->allocated, managed_pages());
	for (int i = 0; i < c->nr; i++) {
		assert_int_equal(page_count(c->page[i]), 1);
		assert_false(PageBuddy(c->page[i]) || PagePcp(c->page[i]));
	}
}

static void churn_step(struct churn *c)
{
	uint64_t r = prandom_below(100);

	if (r < 55 && c->nr < MAX_ALLOCS) {
		gfp_t gfp = churn_gfp[prandom_below(sizeof(churn_gfp) /
						    sizeof(churn_gfp[0]))];
		unsigned int order = prandom_below(10) < 6 ? 0 :
			1 + (unsigned int)prandom_below(MAX_ORDER - 1);
		struct page *page;

		if (prandom_below(3) == 0)
			page = alloc_nowmark(gfp, order);
		else
			page = alloc_pages(gfp, order);
		if (!page) {
			c->failures++;
			return;
		}
		assert_int_equal(page_to_pfn(page) & ((1UL << order) - 1), 0);
		c->page[c->nr] = page;
		c->order[c->nr] = order;
		c->nr++;
		c->allocated += 1UL << order;
	} else if (c->nr) {
		int i = (int)prandom_below((uint64_t)c->nr);
		struct page *page = c->page[i];
		unsigned int order = c->order[i];

		c->page[i] = c->page[c->nr - 1];
		c->order[i] = c->order[c->nr - 1];
		c->nr--;
		c->allocated -= 1UL << order;
		if (order == 0 && prandom_below(4) == 0) {
			put_page_testzero(page);
			__pagevec_free_pages(&page, 1, (int)prandom_below(2));
		} else {
			__free_pages(page, order);
		}
	}
	if (prandom_below(500) == 0)
		drain_all_pages();
	c->ops++;
}

struct buddy_snapshot {
	unsigned long nr_free[MAX_NR_ZONES][MAX_ORDER];
};

static void snapshot(struct buddy_snapshot *s)
{
	for (int t = 0; t < MAX_NR_ZONES; t++)
		for (int o = 0; o < MAX_ORDER; o++)
			s->nr_free[t][o] = Z(t)->free_area[o].nr_free;
}

static void free_everything(struct churn *c)
{
	while (c->nr) {
		c->nr--;
		__free_pages(c->page[c->nr], c->order[c->nr]);
	}
	c->allocated = 0;
	drain_all_pages();
}

static struct churn churn_state;

static void run_churn(const char *arch, unsigned long mbytes, uint64_t seed,
		      int ops)
{
	struct sim_config sc = { .hz = 250, .nr_cpus = 1, .seed = seed };
	struct buddy_snapshot at_boot, at_end;
	struct churn *c = &churn_state;

	memset(c, 0, sizeof(*c));
	sim_init(&sc);
	boot(arch, mbytes, 1);
	snapshot(&at_boot);
	check_conservation(c);
	while (c->ops < ops) {
		churn_step(c);
		if (c->ops % 1000 == 0)
			check_conservation(c);
	}
	check_conservation(c);
	free_everything(c);
	check_conservation(c);
	snapshot(&at_end);
	/* Everything freed coalesces back to the boot buddyinfo. */
	assert_memory_equal(&at_boot, &at_end, sizeof(at_boot));
	assert_int_equal(pages_in_buddy_and_pcp(), managed_pages());
	mem_exit();
	sim_exit();
}

static void test_conservation_rc6(void **state)
{
	(void)state;
	profile_set_default();
	kprofile.kmem_tracepoints = false;
	for (uint64_t seed = 1; seed <= 12; seed++)
		run_churn(seed & 1 ? "x86" : "x86_64", seed & 2 ? 64 : 96,
			  seed, 4000);
}

static void test_conservation_31(void **state)
{
	(void)state;
	profile_31();
	for (uint64_t seed = 101; seed <= 110; seed++)
		run_churn(seed & 1 ? "x86" : "x86_64", 64, seed, 4000);
}

/* Two tasks on two CPUs: both CPUs' pagesets in play. */
struct churn_task_arg {
	int ops;
	unsigned int cpus_seen;		/* bit per CPU */
};

static void churn_task(void *arg)
{
	struct churn_task_arg *a = arg;
	struct churn *c = &churn_state;

	for (int i = 0; i < a->ops; i++) {
		a->cpus_seen |= 1u << smp_processor_id();
		churn_step(c);
		cpu_consume(100 + prandom_below(200));
		/* Not the page count: the other task may be inside
		 * alloc_pages, zeroing a page it has not recorded yet. */
		if (i % 500 == 0)
			assert_invariants();
	}
}

static void test_conservation_two_cpus(void **state)
{
	(void)state;
	for (uint64_t seed = 201; seed <= 206; seed++) {
		struct sim_config sc = { .hz = 250, .nr_cpus = 2, .seed = seed };
		struct churn_task_arg arg = { .ops = 2000 };
		struct buddy_snapshot at_boot, at_end;
		struct churn *c = &churn_state;

		if (seed & 1)
			profile_set_default();
		else
			profile_31();
		/*
		 * The churn takes a third of its pages past the watermarks
		 * until the zones are empty, and with the tags' NR_FREE_PAGES
		 * drift (test_nr_free_after_failed_rmqueue) DMA's counter
		 * ends far below zero, so that every later request there
		 * fails its watermark test and a task stops inside the
		 * slowpath with a request in flight.  Here the point is
		 * conservation with two CPUs: the fixed accounting.
		 */
		kprofile.nr_free_update = NR_FREE_ON_SUCCESS;
		memset(c, 0, sizeof(*c));
		sim_init(&sc);
		boot(seed & 2 ? "x86_64" : "x86", 64, 2);
		snapshot(&at_boot);
		kthread_run(churn_task, &arg, "churn-a", DEFAULT_PRIO);
		kthread_run(churn_task, &arg, "churn-b", DEFAULT_PRIO);
		sim_run((sim_time_t)-1);
		assert_int_equal(arg.cpus_seen, 3);
		check_conservation(c);
		free_everything(c);
		check_conservation(c);
		snapshot(&at_end);
		assert_memory_equal(&at_boot, &at_end, sizeof(at_boot));
		mem_exit();
		sim_exit();
	}
	profile_set_default();
}

/* ---- fallback and stealing ------------------------------------------- */

/*
 * x86-64 512M, pageblock_order 9.  At boot only MOVABLE (and 2+1 RESERVE)
 * pageblocks exist.  A GFP_KERNEL order-0 request refills the UNMOVABLE
 * pcp list: __rmqueue_fallback takes the *largest* MOVABLE block, the
 * order-10 block at the head of DMA32's list (freed last at boot: pfn
 * 130048-131071), moves its pageblock's free pages (1024 >= 256) and
 * claims that pageblock; .32 then claims every pageblock the order-10
 * block covers (130048 and 130560).
 */
static void test_steal_unmovable_from_movable_32(void **state)
{
	struct zone *dma32;
	struct page *page;
	const struct trace_entry *e;
	long free_before;

	(void)state;
	profile_set_default();
	boot("x86_64", 512, 1);
	dma32 = Z(ZONE_DMA32);
	free_before = dma32->vm_stat[NR_FREE_PAGES];
	assert_int_equal(pageblocks_of_type(dma32, MIGRATE_UNMOVABLE), 0);
	trace_on();

	page = alloc_pages(GFP_KERNEL, 0);
	assert_non_null(page);
	assert_int_equal(page_to_pfn(page), 130048);
	assert_int_equal(get_pageblock_migratetype(pfn_to_page(130048)),
			 MIGRATE_UNMOVABLE);
	assert_int_equal(get_pageblock_migratetype(pfn_to_page(130560)),
			 MIGRATE_UNMOVABLE);
	assert_int_equal(pageblocks_of_type(dma32, MIGRATE_UNMOVABLE), 2);

	/* One batch (31) left the buddy; 1024 - 31 = 993 stay free on the
	 * UNMOVABLE lists. */
	assert_int_equal(dma32->vm_stat[NR_FREE_PAGES], free_before - 31);
	assert_int_equal(free_pages_of_type(dma32, MIGRATE_UNMOVABLE), 993);
	assert_int_equal(dma32->pageset[0].pcp.count, 30);

	/* One fallback, recorded as the kernel's mm_page_alloc_extfrag. */
	assert_int_equal(count_events(TRACE_MM_PAGE_ALLOC_EXTFRAG), 1);
	e = find_event(TRACE_MM_PAGE_ALLOC_EXTFRAG);
	assert_int_equal(e->mm_page_alloc_extfrag.pfn, 130048);
	assert_int_equal(e->mm_page_alloc_extfrag.alloc_order, 0);
	assert_int_equal(e->mm_page_alloc_extfrag.fallback_order, 10);
	assert_int_equal(e->mm_page_alloc_extfrag.pageblock_order, 9);
	assert_int_equal(e->mm_page_alloc_extfrag.alloc_migratetype,
			 MIGRATE_UNMOVABLE);
	assert_int_equal(e->mm_page_alloc_extfrag.fallback_migratetype,
			 MIGRATE_UNMOVABLE);
	assert_int_equal(e->mm_page_alloc_extfrag.change_ownership, 1);
	assert_int_equal(e->mm_page_alloc_extfrag.fragmenting, 0);
	/* 31 blocks removed under the lock, each a pcp refill. */
	assert_int_equal(count_events(TRACE_MM_PAGE_ALLOC_ZONE_LOCKED), 31);
	e = find_event(TRACE_MM_PAGE_ALLOC_ZONE_LOCKED);
	assert_int_equal(e->mm_page_alloc_zone_locked.percpu_refill, 1);
	assert_int_equal(e->mm_page_alloc_zone_locked.migratetype,
			 MIGRATE_UNMOVABLE);
	e = find_event(TRACE_MM_PAGE_ALLOC);
	assert_non_null(e);
	assert_int_equal(e->mm_page_alloc.pfn, 130048);
	assert_int_equal(e->mm_page_alloc.gfp_flags, GFP_KERNEL);
	assert_invariants();
}

/*
 * The allocator's measures on the request above, made for a page mempool
 * (dm-crypt's write pages) by a task.  The fallback breaks the order-10
 * block (blocks_broken page_pool/fallback 1) and expand() leaves one free
 * UNMOVABLE block of each order 0..9.  rmqueue_bulk's 30 more pages come
 * off them smallest first: order 0 (1 page), order 1 (2; not counted,
 * below order 2), order 2 (4; one break), order 3 (8; its break and then
 * its order-2 half's: two), and 15 of the order-4 block's 16 (the
 * order-4 break, its order-2 half, its order-3 half and that half's
 * order-2 half: four): 1 + 2 + 4 = 7 breaks on the request's own lists.
 * No order > 0 request, no drain; then drain_all_pages() once.
 */
static void test_measures_blocks_broken(void **state)
{
	struct sim_config sc = { .hz = 250, .nr_cpus = 1, .seed = 1 };
	static struct task_struct kcryptd;
	const uint64_t *broken;
	struct run_result r;
	struct page *page;

	(void)state;
	profile_set_default();
	sim_init(&sc);
	boot("x86_64", 512, 1);
	page_alloc_stats_reset();
	sim_current = &kcryptd;
	page = alloc_pages_for(ALLOC_CALLER_PAGE_POOL, GFP_NOIO, 0);
	sim_current = NULL;
	assert_non_null(page);
	assert_int_equal(kcryptd.alloc_caller, ALLOC_CALLER_OTHER);

	result_init(&r);
	metrics_find("drain_all_pages")->collect(&r);
	broken = result_uints(&r, "blocks_broken");
	for (int c = 0; c < NR_ALLOC_CALLERS; c++)
		for (int k = 0; k < 3; k++)
			assert_int_equal(broken[c * 3 + k],
					 c != ALLOC_CALLER_PAGE_POOL ? 0 :
					 k == 0 ? 7 : k == 1 ? 1 : 0);
	assert_int_equal(result_uint(&r, "drain_all_pages"), 0);
	drain_all_pages();
	metrics_find("drain_all_pages")->collect(&r);
	assert_int_equal(result_uint(&r, "drain_all_pages"), 1);
	result_free(&r);
	__free_pages(page, 0);
	assert_invariants();
	mem_exit();
	sim_exit();
}

/* The same request under 2.6.31: only the pageblock holding the block's
 * head changes owner; the second half keeps MOVABLE although its free
 * pages now sit on the UNMOVABLE lists. */
static void test_steal_unmovable_from_movable_31(void **state)
{
	struct zone *dma32;
	struct page *page;

	(void)state;
	profile_31();
	boot("x86_64", 512, 1);
	dma32 = Z(ZONE_DMA32);
	page = alloc_pages(GFP_KERNEL, 0);
	assert_int_equal(page_to_pfn(page), 130048);
	assert_int_equal(get_pageblock_migratetype(pfn_to_page(130048)),
			 MIGRATE_UNMOVABLE);
	assert_int_equal(get_pageblock_migratetype(pfn_to_page(130560)),
			 MIGRATE_MOVABLE);
	assert_int_equal(pageblocks_of_type(dma32, MIGRATE_UNMOVABLE), 1);
	assert_int_equal(free_pages_of_type(dma32, MIGRATE_UNMOVABLE), 993);
	assert_invariants();
}

/*
 * x86 512M (pageblock_order 10, so pageblock_order/2 = 5).  With every
 * page allocated except one order-4 block at 16384, an UNMOVABLE order-1
 * request must fall back to it; order 4 < 5, so nothing moves, the split
 * halves go back on the MOVABLE lists and the pageblock stays MOVABLE.
 */
static void test_small_fallback_does_not_steal(void **state)
{
	struct zone *normal;
	struct page *page;
	const struct trace_entry *e;

	(void)state;
	profile_set_default();
	boot("x86", 512, 1);
	normal = Z(ZONE_NORMAL);
	take_everything();
	free_range(16384, 16);
	assert_int_equal(normal->free_area[4].nr_free, 1);
	trace_on();

	page = alloc_nowmark(GFP_KERNEL, 1);
	assert_int_equal(page_to_pfn(page), 16384);
	assert_int_equal(get_pageblock_migratetype(page), MIGRATE_MOVABLE);
	/* 16 - 2 = 14 pages split onto MOVABLE: orders 1, 2, 3. */
	assert_int_equal(free_pages_of_type(normal, MIGRATE_MOVABLE), 14);
	assert_int_equal(free_pages_of_type(normal, MIGRATE_UNMOVABLE), 0);
	e = find_event(TRACE_MM_PAGE_ALLOC_EXTFRAG);
	assert_int_equal(e->mm_page_alloc_extfrag.fallback_order, 4);
	assert_int_equal(e->mm_page_alloc_extfrag.fallback_migratetype,
			 MIGRATE_MOVABLE);
	assert_int_equal(e->mm_page_alloc_extfrag.fragmenting, 1);
	assert_int_equal(e->mm_page_alloc_extfrag.change_ownership, 0);
	/* Freed, it rejoins its buddies on its pageblock's (MOVABLE) list. */
	__free_pages(page, 1);
	assert_int_equal(normal->free_area[4].nr_free, 1);
	assert_int_equal(free_pages_of_type(normal, MIGRATE_MOVABLE), 16);

	/* A RECLAIMABLE request takes the free pages along even for a
	 * small block (16 < 512: the pageblock is not claimed). */
	page = alloc_nowmark(GFP_TEMPORARY, 1);
	assert_int_equal(page_to_pfn(page), 16384);
	assert_int_equal(get_pageblock_migratetype(page), MIGRATE_MOVABLE);
	assert_int_equal(free_pages_of_type(normal, MIGRATE_RECLAIMABLE), 14);
	assert_int_equal(free_pages_of_type(normal, MIGRATE_MOVABLE), 0);
	__free_pages(page, 1);
	assert_invariants();
}

/*
 * Half a pageblock free: 600 pages at 16384 (blocks of order 9, 6, 4 and
 * 3).  An UNMOVABLE request takes the order-9 block (>= 5), moves all 600
 * free pages (>= 512) and claims the pageblock, in .31 as in .32.
 */
static void test_fallback_claims_half_free_block(void **state)
{
	struct zone *normal;
	struct page *page;

	(void)state;
	for (int v = 0; v < 2; v++) {
		if (v)
			profile_31();
		else
			profile_set_default();
		boot("x86", 512, 1);
		normal = Z(ZONE_NORMAL);
		take_everything();
		free_range(16384, 600);
		assert_int_equal(normal->free_area[9].nr_free, 1);
		assert_int_equal(normal->free_area[6].nr_free, 1);
		assert_int_equal(normal->free_area[4].nr_free, 1);
		assert_int_equal(normal->free_area[3].nr_free, 1);

		page = alloc_nowmark(GFP_KERNEL, 1);
		assert_int_equal(page_to_pfn(page), 16384);
		assert_int_equal(get_pageblock_migratetype(page), MIGRATE_UNMOVABLE);
		assert_int_equal(free_pages_of_type(normal, MIGRATE_UNMOVABLE), 598);
		assert_int_equal(free_pages_of_type(normal, MIGRATE_MOVABLE), 0);

		/* UNMOVABLE now has lists of its own: an UNMOVABLE order-8
		 * request is served from the claimed block, not by stealing
		 * from a new MOVABLE run (blocks 256+128+16 at 20480). */
		__free_pages(page, 1);
		free_range(20480, 400);
		page = alloc_nowmark(GFP_KERNEL, 8);
		assert_int_equal(page_to_pfn(page), 16384);
		assert_int_equal(free_pages_of_type(normal, MIGRATE_MOVABLE), 400);
		__free_pages(page, 8);
		assert_int_equal(get_pageblock_migratetype(pfn_to_page(20480)),
				 MIGRATE_MOVABLE);
		assert_invariants();
		mem_exit();
	}
	profile_set_default();
}

/*
 * MIGRATE_RESERVE is the last resort: with x86 512M's Normal zone
 * emptied by MOVABLE order-1 requests, the first page from the reserve
 * block (pfn 7168-8191) comes only when every other list is empty.
 */
static void test_reserve_is_last_resort(void **state)
{
	struct zone *normal;
	struct page *page;
	unsigned long pfn;
	const struct trace_entry *e;

	(void)state;
	profile_set_default();
	boot("x86", 512, 1);
	normal = Z(ZONE_NORMAL);
	assert_int_equal(get_pageblock_migratetype(pfn_to_page(7168)),
			 MIGRATE_RESERVE);
	assert_int_equal(free_pages_of_type(normal, MIGRATE_RESERVE), 1024);

	for (;;) {
		page = alloc_nowmark(GFP_HIGHUSER_MOVABLE, 1);
		assert_non_null(page);
		assert_ptr_equal(page_zone(page), normal);
		pfn = page_to_pfn(page);
		if (pfn >= 7168 && pfn < 8192)
			break;
	}
	assert_int_equal(pfn, 7168);
	/* Nothing but the reserve was left. */
	assert_int_equal(free_pages_of_type(normal, MIGRATE_MOVABLE), 0);
	assert_int_equal(free_pages_of_type(normal, MIGRATE_RESERVE), 1022);
	assert_int_equal(normal->vm_stat[NR_FREE_PAGES], 1022);

	trace_on();
	page = alloc_nowmark(GFP_HIGHUSER_MOVABLE, 1);
	e = find_event(TRACE_MM_PAGE_ALLOC_ZONE_LOCKED);
	assert_int_equal(e->mm_page_alloc_zone_locked.migratetype, MIGRATE_RESERVE);
	assert_int_equal(e->mm_page_alloc_zone_locked.percpu_refill, 0);
	__free_pages(page, 1);
	__free_pages(pfn_to_page(7168), 1);
	/* Freed reserve pages go home and coalesce. */
	assert_int_equal(free_pages_of_type(normal, MIGRATE_RESERVE), 1024);
	assert_int_equal(normal->free_area[10].nr_free, 1);

	/* An order-0 reserve page freed in .32 rides on the MOVABLE pcp
	 * list, private still saying RESERVE. */
	page = alloc_nowmark(GFP_HIGHUSER_MOVABLE, 0);
	assert_true(page_to_pfn(page) >= 7168 && page_to_pfn(page) < 8192);
	__free_pages(page, 0);
	assert_true(PagePcp(page));
	assert_int_equal(page->private, MIGRATE_RESERVE);
	assert_ptr_equal(normal->pageset[0].pcp.lists[MIGRATE_MOVABLE].next, &page->lru);
	assert_invariants();
}

/*
 * Where MIGRATE_RESERVE pages go when a pcp list that took them is
 * drained.  x86 512M, one CPU: with every other Normal list emptied, an
 * order-0 MOVABLE request makes rmqueue_bulk() take a batch of 31 pages
 * from the reserve block (pfn 7168-8191), each with page_private set to
 * MOVABLE, the type asked for; one goes to the caller, 30 stay on the pcp
 * list.  The 1022 free reserve pages are the buddies of the order-1 block
 * at 7168: blocks of order 1 to 9 from 7170 on; the batch is 7170-7200,
 * the last one split from the order-5 block at 7200, whose other 31
 * pages (7201-7231) stay on the reserve lists.  Drained (tail first,
 * 7200 first), 2.6.30's __free_one_page() files them by their block:
 * RESERVE again, 1022 - 1 = 1021 pages there.  2.6.31's and 2.6.32's
 * file them by page_private, MOVABLE, and merging takes free buddies off
 * whatever list holds them: 7200 coalesces with 7201-7231 into an order-5
 * block on the MOVABLE list, so MOVABLE gets 30 + 31 = 61 pages and the
 * reserve lists keep 991 - 31 = 960.  From there __rmqueue_fallback() may
 * take them and re-type the whole reserve block.
 */
static void reserve_pages_drained(const char *profile, bool leak)
{
	struct kernel_profile p;
	struct zone *normal;
	struct page *page;
	char err[256];

	assert_int_equal(profile_parse(profile, &p, err, sizeof(err)), 0);
	kprofile = p;
	boot("x86", 512, 1);
	normal = Z(ZONE_NORMAL);
	drain_all_pages();
	for (;;) {
		unsigned long pfn;

		page = alloc_nowmark(GFP_HIGHUSER_MOVABLE, 1);
		assert_non_null(page);
		pfn = page_to_pfn(page);
		if (page_zone(page) == normal && pfn >= 7168 && pfn < 8192)
			break;
	}
	assert_int_equal(free_pages_of_type(normal, MIGRATE_MOVABLE), 0);
	assert_int_equal(free_pages_of_type(normal, MIGRATE_RESERVE), 1022);

	page = alloc_nowmark(GFP_HIGHUSER_MOVABLE, 0);
	assert_non_null(page);
	assert_int_equal(get_pageblock_migratetype(page), MIGRATE_RESERVE);
	assert_int_equal(normal->pageset[0].pcp.count, 30);
	assert_int_equal(free_pages_of_type(normal, MIGRATE_RESERVE), 991);

	drain_all_pages();
	assert_int_equal(normal->pageset[0].pcp.count, 0);
	assert_int_equal(free_pages_of_type(normal, MIGRATE_RESERVE),
			 leak ? 960 : 1021);
	assert_int_equal(free_pages_of_type(normal, MIGRATE_MOVABLE),
			 leak ? 61 : 0);
	if (leak)
		assert_int_equal(PageBuddy(pfn_to_page(7200)) &&
				 page_order(pfn_to_page(7200)) == 5, 1);
	assert_int_equal(pageblocks_of_type(normal, MIGRATE_RESERVE), 1);
	assert_invariants();
	profile_set_default();
}

static void test_reserve_pages_drained_30(void **state)
{
	(void)state;
	reserve_pages_drained("2.6.30-0000000-force-highorder", false);
}

static void test_reserve_pages_drained_31(void **state)
{
	(void)state;
	reserve_pages_drained("2.6.31-0000000-force-highorder", true);
}

static void test_reserve_pages_drained_32(void **state)
{
	(void)state;
	reserve_pages_drained("2.6.32-rc6-0000000-force-highorder", true);
}

/*
 * A MIGRATE_RESERVE page that free_hot_cold_page() parks on a pcp list,
 * then drained.  The set-up of reserve_pages_drained(): the pcp list
 * holds 7171-7200 (page_private MOVABLE, taken by rmqueue_bulk() for a
 * MOVABLE request from the reserve block); the reserve lists hold 991
 * pages, among them 7201-7231 (orders 0-4).  Then 7170, the page handed
 * out, is freed: free_hot_cold_page() stores its block's type, RESERVE,
 * in page_private and, in 2.6.32, puts it at the head of the MOVABLE
 * list.  The drain frees from the tail: 7200 first, which merges with
 * 7201-7231 into an order-5 block wherever it goes, then 7199 .. 7171,
 * then 7170, whose buddy 7171 is free by then (7168-7169 is held).
 *   .30 (pageblock):  all 31 go home: 1022 reserve, 0 movable.
 *   .31 and 2.6.32.8+ (page_private): 7171-7231 but 7171 on the movable
 *     lists (61 - 1 = 60); 7170 goes to RESERVE and takes 7171 with it:
 *     960 + 2 = 962 reserve.
 *   v2.6.32-rc6 (the list's index): 7170 goes to MOVABLE too: 62 movable,
 *     960 reserve.
 */
static void reserve_page_freed_then_drained(const char *profile,
					    unsigned long reserve,
					    unsigned long movable)
{
	struct kernel_profile p;
	struct zone *normal;
	struct page *page;
	char err[256];

	assert_int_equal(profile_parse(profile, &p, err, sizeof(err)), 0);
	kprofile = p;
	boot("x86", 512, 1);
	normal = Z(ZONE_NORMAL);
	drain_all_pages();
	for (;;) {
		unsigned long pfn;

		page = alloc_nowmark(GFP_HIGHUSER_MOVABLE, 1);
		assert_non_null(page);
		pfn = page_to_pfn(page);
		if (page_zone(page) == normal && pfn >= 7168 && pfn < 8192)
			break;
	}
	page = alloc_nowmark(GFP_HIGHUSER_MOVABLE, 0);
	assert_int_equal(page_to_pfn(page), 7170);
	assert_int_equal(free_pages_of_type(normal, MIGRATE_RESERVE), 991);
	__free_pages(page, 0);
	assert_int_equal(page->private, MIGRATE_RESERVE);
	assert_int_equal(normal->pageset[0].pcp.count, 31);

	drain_all_pages();
	assert_int_equal(free_pages_of_type(normal, MIGRATE_RESERVE), reserve);
	assert_int_equal(free_pages_of_type(normal, MIGRATE_MOVABLE), movable);
	assert_int_equal(pageblocks_of_type(normal, MIGRATE_RESERVE), 1);
	assert_invariants();
	profile_set_default();
}

static void test_reserve_page_freed_then_drained(void **state)
{
	(void)state;
	reserve_page_freed_then_drained("2.6.30-0000000-force-highorder", 1022, 0);
	reserve_page_freed_then_drained("2.6.31-0000000-force-highorder", 962, 60);
	reserve_page_freed_then_drained("2.6.32-rc6-0000000-force-highorder", 960, 62);
	reserve_page_freed_then_drained("2.6.32", 960, 62);
	reserve_page_freed_then_drained("2.6.32.9", 962, 60);
}

/*
 * An order-3 request that skips the watermarks meets empty free lists
 * (everything taken, nothing given back to the buddy lists): __rmqueue()
 * fails in each zone of the zonelist.  From 2.6.31 to 2.6.32.4
 * buffered_rmqueue() has already lowered NR_FREE_PAGES by 8 in each, for
 * good; 2.6.30 and 2.6.32.5 on leave it alone.
 */
static void nr_free_after_failed_rmqueue(const char *profile, long lost)
{
	struct kernel_profile p;
	struct zone *zone;
	char err[256];

	assert_int_equal(profile_parse(profile, &p, err, sizeof(err)), 0);
	kprofile = p;
	boot("x86_64", 64, 1);
	take_everything();
	assert_null(alloc_nowmark(GFP_HIGHUSER_MOVABLE, 3));
	for_each_populated_zone(zone) {
		assert_int_equal(zone_page_state_snapshot(zone, NR_FREE_PAGES),
				 -lost);
		assert_int_equal(zone->nr_free_lost, lost);
	}
	assert_invariants();
	profile_set_default();
}

static void test_nr_free_after_failed_rmqueue(void **state)
{
	(void)state;
	nr_free_after_failed_rmqueue("2.6.30", 0);
	nr_free_after_failed_rmqueue("2.6.31", 8);
	nr_free_after_failed_rmqueue("2.6.32-rc6", 8);
	nr_free_after_failed_rmqueue("2.6.32", 8);
	nr_free_after_failed_rmqueue("2.6.32.9", 0);
}

/* ---- per-cpu lists -------------------------------------------------- */

static void test_pcp_high_and_batch(void **state)
{
	static struct page *pages[200];
	struct zone *normal;
	struct per_cpu_pages *pcp;
	long free0;
	unsigned long pgalloc0, pgfree0;

	(void)state;
	profile_set_default();
	boot("x86", 512, 1);
	normal = Z(ZONE_NORMAL);
	pcp = &normal->pageset[0].pcp;
	free0 = normal->vm_stat[NR_FREE_PAGES];
	pgalloc0 = vm_events[PGALLOC_NORMAL];
	pgfree0 = vm_events[PGFREE];

	/* 200 allocations refill at the 1st, 32nd, ... 187th: 7 batches of
	 * 31 = 217 pages, 17 left on the list. */
	for (int i = 0; i < 200; i++)
		pages[i] = alloc_pages(GFP_HIGHUSER_MOVABLE, 0);
	assert_int_equal(pcp->count, 17);
	assert_int_equal(normal->vm_stat[NR_FREE_PAGES], free0 - 217);
	assert_int_equal(vm_events[PGALLOC_NORMAL] - pgalloc0, 200);

	/* Freeing: 17 + 169 = 186 = high -> 31 go back, 155 left; the last
	 * 31 frees reach 186 again -> 155.  62 pages back in the buddy. */
	for (int i = 0; i < 169; i++)
		__free_pages(pages[i], 0);
	assert_int_equal(pcp->count, 155);
	for (int i = 169; i < 200; i++)
		__free_pages(pages[i], 0);
	assert_int_equal(pcp->count, 155);
	assert_int_equal(normal->vm_stat[NR_FREE_PAGES], free0 - 155);
	assert_int_equal(vm_events[PGFREE] - pgfree0, 200);
	/* Pages on pcp lists are not free for the watermarks. */
	drain_all_pages();
	assert_int_equal(pcp->count, 0);
	assert_int_equal(normal->vm_stat[NR_FREE_PAGES], free0);
	assert_invariants();
}

static void test_pcp_hot_cold(void **state)
{
	struct page *a, *b;

	(void)state;
	profile_set_default();
	boot("x86", 512, 1);
	a = alloc_pages(GFP_HIGHUSER_MOVABLE, 0);
	b = alloc_pages(GFP_HIGHUSER_MOVABLE, 0);
	free_hot_cold_page((put_page_testzero(a), a), 0);	/* head */
	free_hot_cold_page((put_page_testzero(b), b), 1);	/* tail */
	assert_ptr_equal(alloc_pages(GFP_HIGHUSER_MOVABLE, 0), a);
	assert_ptr_equal(alloc_pages(GFP_HIGHUSER_MOVABLE | __GFP_COLD, 0), b);

	/* rmqueue_bulk hands pages out in ascending pfn order, hot or cold. */
	drain_all_pages();
	a = alloc_pages(GFP_KERNEL, 0);
	b = alloc_pages(GFP_KERNEL, 0);
	assert_int_equal(page_to_pfn(b), page_to_pfn(a) + 1);
	a = alloc_pages(GFP_TEMPORARY | __GFP_COLD, 0);
	b = alloc_pages(GFP_TEMPORARY | __GFP_COLD, 0);
	assert_int_equal(page_to_pfn(b), page_to_pfn(a) + 1);
	assert_invariants();
}

/*
 * 2.6.30 (pcp_cold_tail 0): v2.6.30 rmqueue_bulk() queues every batch in
 * ascending pfn order from the list's head, and a cold request takes from
 * the tail: the batch's highest pfn first, then the one below it.
 * e084b2d95e4 (2.6.31) queues a cold batch reversed: ascending again
 * (test_pcp_hot_cold).
 */
static void test_pcp_cold_order_30(void **state)
{
	char err[128];
	struct page *a, *b;

	(void)state;
	assert_int_equal(profile_parse("2.6.30", &kprofile, err, sizeof(err)), 0);
	boot("x86", 512, 1);
	drain_all_pages();
	a = alloc_pages(GFP_TEMPORARY | __GFP_COLD, 0);
	b = alloc_pages(GFP_TEMPORARY | __GFP_COLD, 0);
	assert_int_equal(page_to_pfn(b) + 1, page_to_pfn(a));
	/* Hot requests still get it from the head: ascending. */
	drain_all_pages();
	a = alloc_pages(GFP_KERNEL, 0);
	b = alloc_pages(GFP_KERNEL, 0);
	assert_int_equal(page_to_pfn(b), page_to_pfn(a) + 1);
	assert_invariants();
}

/* DMA's computed batch is 0: high 0, batch 1, every free goes back. */
static void test_pcp_dma_zero_high(void **state)
{
	struct zone *dma;
	struct page *page;
	long free0;

	(void)state;
	profile_set_default();
	boot("x86", 512, 1);
	dma = Z(ZONE_DMA);
	free0 = dma->vm_stat[NR_FREE_PAGES];
	page = alloc_pages(GFP_KERNEL | __GFP_DMA, 0);
	assert_ptr_equal(page_zone(page), dma);
	assert_int_equal(dma->pageset[0].pcp.count, 0);
	assert_int_equal(dma->vm_stat[NR_FREE_PAGES], free0 - 1);
	assert_int_equal(vm_events[PGALLOC_DMA], 1);
	__free_pages(page, 0);
	assert_int_equal(dma->pageset[0].pcp.count, 0);
	assert_int_equal(dma->vm_stat[NR_FREE_PAGES], free0);
	assert_invariants();
}

/*
 * Which pages a full pcp gives back.  40 UNMOVABLE pages U1..U40 are
 * freed first, then 146 MOVABLE M1..M146: the 186th free hits high and
 * 31 pages go back.
 *
 * .31, one list, freed from the tail: the 31 oldest, U1..U31.
 *
 * .32, round robin from RECLAIMABLE: {RECLAIMABLE empty, MOVABLE: M1,
 * M2}, {UNMOVABLE: U1}, {M3, M4}, {U2}, ... ten rounds of 3 give
 * M1..M20 and U1..U10, then one more page, M21.  U11..U40 stay.
 */
static void pcp_drain_order(bool v32)
{
	static struct page *u[40], *m[146];
	struct zone *normal;

	if (v32)
		profile_set_default();
	else
		profile_31();
	boot("x86", 512, 1);
	normal = Z(ZONE_NORMAL);
	for (int i = 0; i < 40; i++)
		u[i] = alloc_pages(GFP_KERNEL, 0);
	for (int i = 0; i < 146; i++)
		m[i] = alloc_pages(GFP_HIGHUSER_MOVABLE, 0);
	drain_all_pages();
	assert_int_equal(get_pageblock_migratetype(u[0]), MIGRATE_UNMOVABLE);
	assert_int_equal(get_pageblock_migratetype(m[0]), MIGRATE_MOVABLE);

	for (int i = 0; i < 40; i++)
		__free_pages(u[i], 0);
	for (int i = 0; i < 146; i++)
		__free_pages(m[i], 0);
	assert_int_equal(normal->pageset[0].pcp.count, 186 - 31);

	for (int i = 0; i < 40; i++) {
		bool drained = v32 ? i < 10 : i < 31;

		assert_int_equal(PagePcp(u[i]), !drained);
	}
	for (int i = 0; i < 146; i++) {
		bool drained = v32 ? i < 21 : false;

		assert_int_equal(PagePcp(m[i]), !drained);
	}
	assert_invariants();
}

static void test_pcp_drain_order_32(void **state)
{
	(void)state;
	pcp_drain_order(true);
}

static void test_pcp_drain_order_31(void **state)
{
	struct per_cpu_pages *pcp;
	struct page *page;

	(void)state;
	pcp_drain_order(false);
	/*
	 * The single list now holds, head to tail, M146..M1 U40..U32.  A hot
	 * UNMOVABLE request searches from the head and finds U40; a cold one
	 * searches from the tail and finds U32.
	 */
	pcp = &Z(ZONE_NORMAL)->pageset[0].pcp;
	page = alloc_pages(GFP_KERNEL, 0);
	assert_int_equal(get_pageblock_migratetype(page), MIGRATE_UNMOVABLE);
	assert_int_equal(pcp->count, 154);
	page = alloc_pages(GFP_KERNEL | __GFP_COLD, 0);
	assert_int_equal(get_pageblock_migratetype(page), MIGRATE_UNMOVABLE);
	/* No RECLAIMABLE page on the list: refill a batch, take the head. */
	page = alloc_pages(GFP_TEMPORARY, 0);
	assert_int_equal(get_pageblock_migratetype(page), MIGRATE_RECLAIMABLE);
	assert_int_equal(pcp->count, 153 + 31 - 1);
	assert_invariants();
}

static void test_pcp_per_cpu_and_drain_all(void **state)
{
	struct sim_config sc = { .hz = 250, .nr_cpus = 1, .seed = 1 };
	struct zone *normal;

	(void)state;
	profile_set_default();
	sim_init(&sc);
	boot("x86", 512, 2);
	normal = Z(ZONE_NORMAL);
	/* Outside any task smp_processor_id() is 0. */
	__free_pages(alloc_pages(GFP_KERNEL, 0), 0);
	assert_int_equal(normal->pageset[0].pcp.count, 31);
	assert_int_equal(normal->pageset[1].pcp.count, 0);
	/* Simulate cpu 1's list having pages, then drain every CPU. */
	normal->pageset[1] = normal->pageset[0];
	normal->pageset[0].pcp.count = 0;
	for (int t = 0; t < MIGRATE_PCPTYPES; t++) {
		struct list_head *src = &normal->pageset[0].pcp.lists[t];
		struct list_head *dst = &normal->pageset[1].pcp.lists[t];

		INIT_LIST_HEAD(dst);
		list_splice_init(src, dst);
	}
	assert_invariants();
	drain_all_pages();
	assert_int_equal(normal->pageset[1].pcp.count, 0);
	assert_invariants();
	mem_exit();
	sim_exit();
}

/* ---- tracing, gfp decoding, zeroing ---------------------------------- */

static void test_trace_points(void **state)
{
	struct page *page, *pages[2];
	const struct trace_entry *e;

	(void)state;
	profile_set_default();
	boot("x86", 512, 1);
	trace_on();
	page = alloc_pages(GFP_KERNEL, 2);
	__free_pages(page, 2);
	/* Order > 0: one mm_page_free_direct. */
	assert_int_equal(count_events(TRACE_MM_PAGE_FREE_DIRECT), 1);
	e = find_event(TRACE_MM_PAGE_FREE_DIRECT);
	assert_int_equal(e->mm_page_free_direct.order, 2);
	assert_int_equal(e->pid, 0);
	assert_string_equal(e->comm, "<idle>");

	/* Order 0: __free_pages and free_hot_page both emit it (.32). */
	trace_on();
	__free_pages(alloc_pages(GFP_KERNEL, 0), 0);
	assert_int_equal(count_events(TRACE_MM_PAGE_FREE_DIRECT), 2);

	trace_on();
	pages[0] = alloc_pages(GFP_KERNEL, 0);
	pages[1] = alloc_pages(GFP_KERNEL, 0);
	put_page_testzero(pages[0]);
	put_page_testzero(pages[1]);
	__pagevec_free_pages(pages, 2, 1);
	assert_int_equal(count_events(TRACE_MM_PAGEVEC_FREE), 2);
	e = find_event(TRACE_MM_PAGEVEC_FREE);
	assert_int_equal(e->mm_pagevec_free.cold, 1);
	/* __pagevec_free goes from the last page back. */
	assert_int_equal(e->mm_pagevec_free.pfn, page_to_pfn(pages[1]));

	trace_on();
	drain_all_pages();
	assert_int_equal(count_events(TRACE_MM_PAGE_PCPU_DRAIN),
			 nr_events);
	assert_true(nr_events > 0);

	/* A failed allocation is recorded with pfn -1. */
	trace_on();
	assert_null(alloc_pages(GFP_KERNEL, MAX_ORDER));
	assert_int_equal(find_event(TRACE_MM_PAGE_ALLOC)->mm_page_alloc.pfn, -1UL);

	/* 2.6.31 had no kmem tracepoints at all. */
	kprofile.kmem_tracepoints = false;
	trace_on();
	__free_pages(alloc_pages(GFP_KERNEL, 3), 3);
	__free_pages(alloc_pages(GFP_KERNEL, 0), 0);
	drain_all_pages();
	assert_int_equal(nr_events, 0);
}

static void test_gfp_zone_and_migratetype(void **state)
{
	(void)state;
	profile_set_default();
	boot("x86", 128, 1);
	assert_int_equal(gfp_zone(GFP_KERNEL), ZONE_NORMAL);
	assert_int_equal(gfp_zone(GFP_ATOMIC), ZONE_NORMAL);
	assert_int_equal(gfp_zone(GFP_HIGHUSER), ZONE_HIGHMEM);
	assert_int_equal(gfp_zone(GFP_HIGHUSER_MOVABLE), ZONE_MOVABLE);
	assert_int_equal(gfp_zone(GFP_KERNEL | __GFP_DMA), ZONE_DMA);
	assert_int_equal(gfp_zone(GFP_KERNEL | __GFP_DMA32), ZONE_NORMAL);
	assert_int_equal(gfp_zone(__GFP_MOVABLE), ZONE_NORMAL);
	/* x86-32 zonelist: [Normal, DMA]. */
	assert_ptr_equal(contig_page_data.node_zonelists[0]._zonerefs[0],
			 Z(ZONE_NORMAL));
	assert_ptr_equal(contig_page_data.node_zonelists[0]._zonerefs[1],
			 Z(ZONE_DMA));
	assert_null(contig_page_data.node_zonelists[0]._zonerefs[2]);
	mem_exit();

	boot("x86_64", 128, 1);
	assert_int_equal(gfp_zone(GFP_HIGHUSER), ZONE_NORMAL);
	assert_int_equal(gfp_zone(GFP_KERNEL | __GFP_DMA32), ZONE_DMA32);
	assert_int_equal(gfp_zone(GFP_HIGHUSER_MOVABLE), ZONE_MOVABLE);
	/* Preferred zone of GFP_KERNEL on x86-64 512M: DMA32 (Normal empty). */
	assert_ptr_equal(first_zones_zonelist(node_zonelist(0, GFP_KERNEL),
					      gfp_zone(GFP_KERNEL)),
			 Z(ZONE_DMA32));

	assert_int_equal(allocflags_to_migratetype(GFP_KERNEL), MIGRATE_UNMOVABLE);
	assert_int_equal(allocflags_to_migratetype(GFP_ATOMIC), MIGRATE_UNMOVABLE);
	assert_int_equal(allocflags_to_migratetype(GFP_TEMPORARY),
			 MIGRATE_RECLAIMABLE);
	assert_int_equal(allocflags_to_migratetype(GFP_HIGHUSER_MOVABLE),
			 MIGRATE_MOVABLE);
	page_group_by_mobility_disabled = 1;
	assert_int_equal(allocflags_to_migratetype(GFP_HIGHUSER_MOVABLE),
			 MIGRATE_UNMOVABLE);
}

static sim_time_t zero_done_at;

static void zeroing_task(void *arg)
{
	struct page *page;

	(void)arg;
	page = alloc_pages(GFP_KERNEL | __GFP_ZERO, 2);
	zero_done_at = sim_now();
	__free_pages(page, 2);
	page = alloc_pages(GFP_KERNEL, 2);	/* no zeroing, no time */
	assert_int_equal(sim_now(), zero_done_at);
	__free_pages(page, 2);
}

static void test_gfp_zero_costs_cpu_in_task_context(void **state)
{
	struct sim_config sc = { .hz = 250, .nr_cpus = 1, .seed = 1 };

	(void)state;
	profile_set_default();
	sim_init(&sc);
	boot("x86", 128, 1);
	/* Outside a task: no time passes. */
	__free_pages(alloc_pages(GFP_KERNEL | __GFP_ZERO, 0), 0);
	assert_int_equal(sim_now(), 0);
	kthread_run(zeroing_task, NULL, "zero", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);
	/* 4 pages at 1000 ns each. */
	assert_int_equal(zero_done_at, 4000);
	mem_exit();
	sim_exit();
}

/* ---- the first attempt's watermarks, zone flags, the checker --------- */

/* The watermark flags of alloc_pages()'s first slow-path attempt. */
static void test_alloc_pages_first_attempt_watermarks(void **state)
{
	struct zone *normal, *dma;
	struct page *page;

	(void)state;
	profile_set_default();
	boot("x86", 512, 1);
	normal = Z(ZONE_NORMAL);
	dma = Z(ZONE_DMA);
	while (normal->vm_stat[NR_FREE_PAGES] > 500)
		assert_non_null(alloc_nowmark(GFP_HIGHUSER_MOVABLE, 1));
	while (dma->vm_stat[NR_FREE_PAGES] > 400)
		assert_non_null(alloc_nowmark(GFP_KERNEL | __GFP_DMA, 1));
	/* Normal ~500 free: below LOW 872 and MIN 698, above MIN*3/8 = 262.
	 * DMA ~400: below 21 + 492 for a Normal-class request. */
	assert_null(alloc_pages(GFP_KERNEL, 0));
	/* GFP_NOWAIT: ALLOC_HARDER alone, 698 - 174 = 524 > 500. */
	assert_null(alloc_pages(GFP_NOWAIT, 0));
	page = alloc_pages(GFP_ATOMIC, 0);
	assert_non_null(page);
	assert_ptr_equal(page_zone(page), normal);
	/* A DMA-class request sees DMA without the reserve: 400 > 26. */
	page = alloc_pages(GFP_KERNEL | __GFP_DMA, 0);
	assert_ptr_equal(page_zone(page), dma);
	assert_invariants();
}

static void test_free_clears_all_unreclaimable(void **state)
{
	struct zone *normal;
	struct page *page;

	(void)state;
	profile_set_default();
	boot("x86", 128, 1);
	normal = Z(ZONE_NORMAL);
	page = alloc_pages(GFP_KERNEL, 1);
	normal->flags |= 1UL << ZONE_ALL_UNRECLAIMABLE;
	normal->pages_scanned = 1234;
	__free_pages(page, 1);
	assert_false(normal->flags & (1UL << ZONE_ALL_UNRECLAIMABLE));
	assert_int_equal(normal->pages_scanned, 0);

	/* An order-0 free onto the pcp list does not; its drain does. */
	page = alloc_pages(GFP_KERNEL, 0);
	normal->flags |= 1UL << ZONE_ALL_UNRECLAIMABLE;
	normal->pages_scanned = 99;
	__free_pages(page, 0);
	assert_true(normal->flags & (1UL << ZONE_ALL_UNRECLAIMABLE));
	assert_int_equal(normal->pages_scanned, 99);
	drain_all_pages();
	assert_false(normal->flags & (1UL << ZONE_ALL_UNRECLAIMABLE));
	assert_int_equal(normal->pages_scanned, 0);
}

static void test_invariant_checker_catches_corruption(void **state)
{
	struct zone *normal;
	struct page *page;
	char msg[256];

	(void)state;
	profile_set_default();
	boot("x86", 64, 1);
	normal = Z(ZONE_NORMAL);
	assert_int_equal(check_zone_invariants(normal, msg, sizeof(msg)), 0);

	normal->free_area[3].nr_free++;
	assert_int_equal(check_zone_invariants(normal, msg, sizeof(msg)), -1);
	assert_non_null(strstr(msg, "order 3: nr_free"));
	normal->free_area[3].nr_free--;

	normal->vm_stat[NR_FREE_PAGES] += 5;
	assert_int_equal(check_zone_invariants(normal, msg, sizeof(msg)), -1);
	assert_non_null(strstr(msg, "NR_FREE_PAGES"));
	normal->vm_stat[NR_FREE_PAGES] -= 5;

	page = alloc_pages(GFP_KERNEL, 0);
	SetPageBuddy(page);
	assert_int_equal(check_zone_invariants(normal, msg, sizeof(msg)), -1);
	assert_non_null(strstr(msg, "PG_buddy"));
	ClearPageBuddy(page);

	normal->pageset[0].pcp.count++;
	assert_int_equal(check_zone_invariants(normal, msg, sizeof(msg)), -1);
	assert_non_null(strstr(msg, "pcp count"));
	normal->pageset[0].pcp.count--;
	assert_int_equal(check_zone_invariants(normal, msg, sizeof(msg)), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_conservation_rc6, teardown),
		cmocka_unit_test_teardown(test_conservation_31, teardown),
		cmocka_unit_test_teardown(test_conservation_two_cpus, teardown),
		cmocka_unit_test_teardown(test_steal_unmovable_from_movable_32, teardown),
		cmocka_unit_test_teardown(test_steal_unmovable_from_movable_31, teardown),
		cmocka_unit_test_teardown(test_measures_blocks_broken, teardown),
		cmocka_unit_test_teardown(test_small_fallback_does_not_steal, teardown),
		cmocka_unit_test_teardown(test_fallback_claims_half_free_block, teardown),
		cmocka_unit_test_teardown(test_reserve_is_last_resort, teardown),
		cmocka_unit_test_teardown(test_reserve_pages_drained_30, teardown),
		cmocka_unit_test_teardown(test_reserve_pages_drained_31, teardown),
		cmocka_unit_test_teardown(test_reserve_pages_drained_32, teardown),
		cmocka_unit_test_teardown(test_reserve_page_freed_then_drained, teardown),
		cmocka_unit_test_teardown(test_nr_free_after_failed_rmqueue, teardown),
		cmocka_unit_test_teardown(test_pcp_high_and_batch, teardown),
		cmocka_unit_test_teardown(test_pcp_hot_cold, teardown),
		cmocka_unit_test_teardown(test_pcp_cold_order_30, teardown),
		cmocka_unit_test_teardown(test_pcp_dma_zero_high, teardown),
		cmocka_unit_test_teardown(test_pcp_drain_order_32, teardown),
		cmocka_unit_test_teardown(test_pcp_drain_order_31, teardown),
		cmocka_unit_test_teardown(test_pcp_per_cpu_and_drain_all, teardown),
		cmocka_unit_test_teardown(test_trace_points, teardown),
		cmocka_unit_test_teardown(test_gfp_zone_and_migratetype, teardown),
		cmocka_unit_test_teardown(test_gfp_zero_costs_cpu_in_task_context, teardown),
		cmocka_unit_test_teardown(test_alloc_pages_first_attempt_watermarks, teardown),
		cmocka_unit_test_teardown(test_free_clears_all_unreclaimable, teardown),
		cmocka_unit_test_teardown(test_invariant_checker_catches_corruption, teardown),
	};

	return cmocka_run_group_tests_name("buddy", tests, NULL, NULL);
}
