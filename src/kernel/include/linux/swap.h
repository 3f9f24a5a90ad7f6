/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The LRU lists, page reclaim and swap, as include/linux/swap.h and
 * mm_inline.h present them: what the allocator, the page cache, the fault
 * path and the block layer call, and the reclaim observables (vmstat
 * counters aside) that reports and tests read.
 *
 * Files: swap.c (LRU add/remove/rotate, mark_page_accessed), vmscan.c
 * (shrink_*, direct reclaim, kswapd, shrink_slab), rmap.c (page_referenced,
 * try_to_unmap), swapfile.c (swap devices and slots), swap_state.c (the
 * swap cache, swap-in readahead), page_io.c (swap bios), mm_debug.c (the
 * page conservation checker).
 */
#ifndef MMSIM_SWAP_H
#define MMSIM_SWAP_H

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "linux/mm_types.h"
#include "linux/mmzone.h"
#include "linux/vmstat.h"
#include "linux/fs.h"
#include "linux/pagevec.h"

struct writeback_control;
struct vm_area_struct;
struct block_device;
struct backing_dev_info;

#define DEF_PRIORITY		12
#define SWAP_CLUSTER_MAX	32
#define SHRINK_BATCH		128
#define SWAPFILE_CLUSTER	256

/* current->reclaim_state: slab pages freed while reclaiming. */
struct reclaim_state {
	unsigned long reclaimed_slab;
	/* mmsim: kswapd's, the order balance_pgdat() works at (recorded
	 * by congestion_wait for kswapd's nap). */
	int order;
};

/* ---- the LRU (swap.c) ----------------------------------------------- */

/* LRU_INACTIVE_ANON or LRU_INACTIVE_FILE for @page. */
static inline enum lru_list page_lru_base_type(const struct page *page)
{
	return page_is_file_cache(page) ? LRU_INACTIVE_FILE : LRU_INACTIVE_ANON;
}

/* The list a page on the LRU belongs to, from its flags. */
static inline enum lru_list page_lru(const struct page *page)
{
	enum lru_list lru;

	if (PageUnevictable(page))
		return LRU_UNEVICTABLE;
	lru = page_lru_base_type(page);
	if (PageActive(page))
		lru += LRU_ACTIVE;
	return lru;
}

static inline void add_page_to_lru_list(struct zone *zone, struct page *page,
					enum lru_list l)
{
	list_add(&page->lru, &zone->lru[l]);
	__inc_zone_state(zone, NR_LRU_BASE + l);
}

static inline void del_page_from_lru_list(struct zone *zone, struct page *page,
					  enum lru_list l)
{
	list_del(&page->lru);
	__dec_zone_state(zone, NR_LRU_BASE + l);
}

/* Off the LRU for good (the page is being freed): clears Active and
 * Unevictable, as the kernel's del_page_from_lru. */
static inline void del_page_from_lru(struct zone *zone, struct page *page)
{
	enum lru_list l = page_lru(page);

	ClearPageActive(page);
	ClearPageUnevictable(page);
	del_page_from_lru_list(zone, page, l);
}

static inline struct page *lru_to_page(struct list_head *head)
{
	return list_entry(head->prev, struct page, lru);
}

/*
 * Adding a page to the LRU (2.6.32 mm/swap.c): it goes to this CPU's
 * pagevec for @lru with a reference, and reaches the list, with every
 * other page of that pagevec, when the pagevec is full or drained.
 * Until then it is on no list (!PageLRU): reclaim cannot isolate it and
 * the list's counter does not count it.
 */
void __lru_cache_add(struct page *page, enum lru_list lru);
void lru_cache_add_lru(struct page *page, enum lru_list lru);
static inline void lru_cache_add_anon(struct page *page)
{
	lru_cache_add_lru(page, LRU_INACTIVE_ANON);
}
static inline void lru_cache_add_active_anon(struct page *page)
{
	lru_cache_add_lru(page, LRU_ACTIVE_ANON);
}
static inline void lru_cache_add_file(struct page *page)
{
	lru_cache_add_lru(page, LRU_INACTIVE_FILE);
}
void add_page_to_unevictable_list(struct page *page);
/* This CPU's pagevecs onto their lists (lru_add_drain), and CPU @cpu's
 * (drain_cpu_pagevecs: the caller runs there, or @cpu is idle). */
void lru_add_drain(void);
void drain_cpu_pagevecs(int cpu);
/* Every CPU's, each on its CPU (0). */
int lru_add_drain_all(void);
/* The pagevecs of @cpu, for the checker and tests (read only). */
const struct pagevec *lru_add_pvec(int cpu, enum lru_list lru);
const struct pagevec *lru_rotate_pvec(int cpu);
/* mem_exit: every pagevec forgotten (the pages went with mem_map). */
void lru_pvecs_reset(void);

void mark_page_accessed(struct page *page);
void activate_page(struct page *page);
void rotate_reclaimable_page(struct page *page);
/* Back onto the LRU the page's flags name; drops the isolation reference. */
void putback_lru_page(struct page *page);
/* Take @page off the LRU with a reference (0), or -EBUSY. */
int isolate_lru_page(struct page *page);

/* Drop a reference; the last one takes the page off the LRU and frees it. */
void put_page(struct page *page);
#define page_cache_get(page)		get_page(page)
#define page_cache_release(page)	put_page(page)

/* ---- reclaim (vmscan.c) --------------------------------------------- */

extern int vm_swappiness;		/* 60 */

unsigned long try_to_free_pages(struct zonelist *zonelist, int order,
				gfp_t gfp_mask);
void wakeup_kswapd(struct zone *zone, int order);
/* Start kswapd for node @nid as an engine task (needs sim_init). */
int kswapd_run(int nid);
unsigned long shrink_slab(unsigned long scanned, gfp_t gfp_mask,
			  unsigned long lru_pages);
unsigned long zone_reclaimable_pages(struct zone *zone);
unsigned long zone_lru_pages(struct zone *zone);
bool inactive_anon_is_low(struct zone *zone);
bool inactive_file_is_low(struct zone *zone);

static inline bool current_is_kswapd(void)
{
	return current && (current->flags & PF_KSWAPD);
}

/*
 * Reset vmscan's state for a new simulation (start_kernel()'s list,
 * init/main.c, resets the slab, swap and page state around it), after
 * mem_init() (the zones) and with kprofile chosen; kswapd_run() after
 * sim_init().  reclaim_exit() frees swap devices and the handle registry.
 */
void reclaim_init(void);
void reclaim_exit(void);

/*
 * CPU time reclaim charges ([MODEL] figures for a 2009 desktop CPU; see
 * docs/reclaim.md).  Adjustable by scenarios.
 */
struct reclaim_costs {
	sim_time_t isolate_page_ns;	/* per page taken off an LRU */
	sim_time_t shrink_page_ns;	/* per page through shrink_page_list */
	sim_time_t rmap_ns;		/* per mapping PTE checked or unmapped */
	sim_time_t active_page_ns;	/* per page through shrink_active_list */
	sim_time_t slab_object_ns;	/* per shrinker object scanned */
	sim_time_t zone_pass_ns;	/* per zone visit of balance_pgdat */
};
extern struct reclaim_costs reclaim_costs;

/*
 * What reclaim did beyond /proc/vmstat, for tests: what the kernel counts
 * is in vm_events (try_to_free_pages calls are ALLOCSTALL) and the
 * congestion_wait records (too_many_isolated naps are CW_ISOLATED's).  The
 * kswapd congestion log keeps the first KSWAPD_CW_LOG entries of each
 * simulation.
 */
enum kswapd_state {
	KSWAPD_NOT_STARTED,
	KSWAPD_RUNNING,		/* in balance_pgdat */
	KSWAPD_SHORT_SLEEP,	/* P4: the HZ/10 nap */
	KSWAPD_SLEEPING,	/* until wakeup_kswapd */
};

#define KSWAPD_CW_LOG 256

struct kswapd_cw_entry {
	sim_time_t when;
	int priority;
	int order;		/* sc.order at the time */
	int congestion_priority;
	unsigned long pass;	/* pageoutrun at the time */
};

struct reclaim_stats {
	enum kswapd_state kswapd_state;
	unsigned long kswapd_wakeups;		/* wake_up of a sleeping kswapd */
	unsigned long kswapd_balance_calls;	/* balance_pgdat calls */
	unsigned long kswapd_order_dropped;	/* high-order pass fell back to 0 */
	unsigned long kswapd_cw[DEF_PRIORITY + 1];	/* naps by priority */
	unsigned long direct_cw[DEF_PRIORITY + 1];
	unsigned long lumpy_sync_passes;	/* PAGEOUT_IO_SYNC second passes */
	unsigned long flusher_kicks;		/* wakeup_flusher_threads calls */
	unsigned long direct_reclaimed;		/* pages try_to_free_pages returned */
	unsigned long last_balanced_order;	/* order of the last balanced pass */
	size_t nr_kswapd_cw_log;
	struct kswapd_cw_entry kswapd_cw_log[KSWAPD_CW_LOG];
};
extern struct reclaim_stats reclaim_stats;
/* Reclaimers between isolating pages and putting them back: while any
 * is, NR_ISOLATED_* run ahead of the PG_isolated pages (the checker). */
extern int reclaim_passes_in_flight;

/* ---- the conservation checker (mm_debug.c) -------------------------- */

/*
 * When set (tests set it), check_page_conservation() runs after every
 * reclaim pass and a failure is a BUG.
 */
extern bool mm_debug_checks;
/*
 * Pages the test holds outside the LRU, slab and free lists (including
 * the unreferenced tails of high-order allocations); -1: not checked.
 */
extern long mm_debug_expected_other;

/* Where every managed page was found by the last check. */
struct page_census {
	unsigned long managed;
	unsigned long buddy;		/* on the buddy free lists */
	unsigned long pcp;		/* on per-cpu lists */
	unsigned long lru[NR_LRU_LISTS];
	unsigned long isolated;		/* off the LRU in reclaim's hands */
	unsigned long swapcache;	/* of the above, in the swap cache */
	unsigned long writeback;	/* of the above, under writeback */
	unsigned long slab;		/* slab pages (slab.c) */
	unsigned long pagevec;		/* in a CPU's lru_add pagevec */
	unsigned long other;		/* allocated, owned by somebody else */
	unsigned long mapped_ptes;	/* present PTEs of every mm */
	unsigned long swap_ptes;	/* swap PTEs of every mm */
	unsigned long swap_slots;	/* slots in use on every device */
};
extern struct page_census page_census;

/*
 * free lists + pcp + LRU lists + isolated + slab + lru_add pagevecs +
 * other == managed pages,
 * with every pfn in exactly one place; LRU lists agree with their counters
 * and page flags; every present PTE maps a page whose mapcount counts it;
 * every swap PTE's slot is in use and swap_map counts equal the PTEs plus
 * the swap cache; swap cache pages point at their slot.  Returns 0, or -1
 * with the first violation in @msg.  O(memory): for tests.
 */
int check_page_conservation(char *msg, size_t len);
/* Run the check if mm_debug_checks is set; a failure is a violation.
 * The reclaim passes call it; mm_debug_pass_checks false skips those. */
void mm_debug_check(const char *where);
extern bool mm_debug_pass_checks;
/* The run's sampler: between events, whatever mm_debug_pass_checks says. */
void mm_debug_sample_check(void);
/* The invariant the last failed check_page_conservation() verified. */
const char *mm_debug_invariant(void);

/*
 * --check: checks on or off, and every @interval engine events as well
 * (0: after reclaim passes and samples only); also arms the engine's
 * deadlock detector.  Tests get mm_debug_enable(true, ...) from
 * tests/check_default.c before main.
 */
void mm_debug_enable(bool on, uint64_t interval);
/* And every @period of simulated time (a deferrable timer; 0: not), from
 * now: after sim_init.  Stop it before sim_exit. */
void mm_debug_start_period(sim_time_t period);
void mm_debug_stop_period(void);
extern uint64_t mm_debug_check_interval;
/* Free the checker's scratch arrays (the end of a program). */
void mm_debug_exit(void);

/*
 * A violation: with mm_debug_fatal (the default: tests) the report goes to
 * stderr and the violation is a BUG; otherwise (mmsim run) it is recorded
 * here, the checks stop and so does the run (sim_stop).
 */
extern bool mm_debug_fatal;
struct mm_violation {
	bool hit;
	char invariant[48];
	char where[64];
	char detail[320];
	char task[16];
	sim_time_t when;
	uint64_t event;
	unsigned int nr_events;
	struct sim_event_rec events[SIM_EVENT_RING];
};
extern struct mm_violation mm_violation;
void mm_debug_violation(const char *invariant, const char *where,
			const char *detail);
/* The report: invariant, detail, simulated time, the last events and
 * every blocked task with its wait site.  Nothing when there is none. */
void mm_debug_print_violation(FILE *f);

/* ---- swap entries and devices (swapfile.c) -------------------------- */

typedef struct {
	uint32_t val;
} swp_entry_t;

#define MAX_SWAPFILES_SHIFT	5
#define MAX_SWAPFILES		(1 << MAX_SWAPFILES_SHIFT)
#define SWP_TYPE_SHIFT		(32 - MAX_SWAPFILES_SHIFT)
#define SWP_OFFSET_MASK		((1u << SWP_TYPE_SHIFT) - 1)

static inline swp_entry_t swp_entry(unsigned int type, unsigned long offset)
{
	swp_entry_t e = { ((uint32_t)type << SWP_TYPE_SHIFT) |
			  ((uint32_t)offset & SWP_OFFSET_MASK) };
	return e;
}

static inline unsigned int swp_type(swp_entry_t e)
{
	return e.val >> SWP_TYPE_SHIFT;
}

static inline unsigned long swp_offset(swp_entry_t e)
{
	return e.val & SWP_OFFSET_MASK;
}

/* swap_map values (2.6.32): a use count plus the swap cache's bit. */
#define SWAP_MAP_MAX	0x7e
#define SWAP_MAP_BAD	0x7f
#define SWAP_HAS_CACHE	0x80
#define SWAP_COUNT_MASK	0x7f

#define SWP_USED	0x01
#define SWP_WRITEOK	0x02

struct swap_info_struct {
	unsigned int flags;
	int prio;
	int type;
	struct block_device *bdev;
	uint64_t start_sect;		/* first sector of the swap area */
	uint8_t *swap_map;		/* per slot */
	uint64_t *slot_data;		/* mm_debug_checks: contents per slot */
	uint16_t *cluster_used;		/* slots in use per SWAPFILE_CLUSTER */
	/* The kernel's vmalloc'd swap_map: its pages (order 0, unmovable),
	 * listed in a kmalloc'd array as __vmalloc_area_node() keeps them. */
	struct page **map_pages;
	unsigned long nr_map_pages;
	unsigned long lowest_bit;
	unsigned long highest_bit;
	unsigned long cluster_next;
	unsigned long cluster_nr;
	unsigned long pages;		/* usable slots (max - 1: the header) */
	unsigned long inuse_pages;
	unsigned long max;		/* slots including the header */
	unsigned long nr_clusters;
};

extern struct swap_info_struct swap_info[MAX_SWAPFILES];
extern unsigned int nr_swapfiles;
extern long nr_swap_pages;		/* free slots */
extern long total_swap_pages;		/* usable slots */
extern int page_cluster;		/* swap readahead: 2^page_cluster */

/* swapon: @nr_slots slots (slot 0 the header) at @start_sect of @bdev.
 * Returns the swap type, or -1. */
int swapon_bdev(struct block_device *bdev, uint64_t start_sect,
		unsigned long nr_slots, int prio);
swp_entry_t get_swap_page(void);
/* Drop one PTE's reference to the slot. */
void swap_free(swp_entry_t entry);
/* One more PTE reference; 0, or -1 if the slot is not in use. */
int swap_duplicate(swp_entry_t entry);
/* Claim the swap cache bit for a read: 0, -EEXIST, -ENOENT. */
int swapcache_prepare(swp_entry_t entry);
/* The swap cache lets go of the slot. */
void swapcache_free(swp_entry_t entry, struct page *page);
int page_swapcount(struct page *page);
int try_to_free_swap(struct page *page);
int reuse_swap_page(struct page *page);
/* A swap PTE goes away (munmap, exit). */
void free_swap_and_cache(swp_entry_t entry);
bool vm_swap_full(void);
int valid_swaphandles(swp_entry_t entry, unsigned long *offset);
struct swap_info_struct *swap_info_get(swp_entry_t entry);
/* The slot's swap_map byte. */
uint8_t swap_map_of(swp_entry_t entry);
void swap_exit(void);
/* Pages the swap devices' swap_maps hold (for the checker). */
unsigned long swap_map_held_pages(void);

/* ---- the swap cache (swap_state.c) ---------------------------------- */

extern unsigned long total_swapcache_pages;
/* Never congested: swap-out is never held back by may_write_to_queue. */
extern struct backing_dev_info swap_backing_dev_info;

int add_to_swap(struct page *page);
int add_to_swap_cache(struct page *page, swp_entry_t entry, gfp_t gfp_mask);
/* The key of @entry in swapper_space's tree, and the page there. */
unsigned long swap_cache_index(swp_entry_t entry);
struct page *swap_cache_page(swp_entry_t entry);
void __delete_from_swap_cache(struct page *page);
void delete_from_swap_cache(struct page *page);
/* With a reference, or NULL; counted in show_swap_cache_info()'s
 * "find S/T". */
struct page *lookup_swap_cache(swp_entry_t entry);
/* The same uncounted: the kernel's find_get_page(&swapper_space, ...). */
struct page *find_get_swap_cache_page(swp_entry_t entry);
struct page *read_swap_cache_async(swp_entry_t entry, gfp_t gfp_mask,
				   struct vm_area_struct *vma,
				   unsigned long addr);
struct page *swapin_readahead(swp_entry_t entry, gfp_t gfp_mask,
			      struct vm_area_struct *vma, unsigned long addr);
void free_swap_cache(struct page *page);
void free_page_and_swap_cache(struct page *page);
void swap_state_init(void);

/* ---- swap I/O (page_io.c) ------------------------------------------- */

int swap_writepage(struct page *page, struct writeback_control *wbc);
int swap_readpage(struct page *page);

#endif /* MMSIM_SWAP_H */
