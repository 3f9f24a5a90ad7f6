/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct page and the page flags reclaim reads.  One struct page per
 * simulated pfn in one array (mem_map), as FLATMEM.  Kept small: a 64 GB
 * machine has 16M of them.
 */
#ifndef MMSIM_MM_TYPES_H
#define MMSIM_MM_TYPES_H

#include <stdint.h>
#include <stdbool.h>
#include "sim/list.h"

#define PAGE_SHIFT	12
#define PAGE_SIZE	(1UL << PAGE_SHIFT)
#define MAX_ORDER	11
#define MAX_ORDER_NR_PAGES (1UL << (MAX_ORDER - 1))

enum pageflags {
	PG_locked,
	PG_error,
	PG_referenced,
	PG_uptodate,
	PG_dirty,
	PG_lru,
	PG_active,
	PG_slab,
	PG_reserved,
	PG_private,		/* has buffers */
	PG_writeback,
	PG_head,		/* compound page head */
	PG_tail,
	PG_swapcache,
	PG_mappedtodisk,
	PG_reclaim,		/* written for reclaim: rotate on completion */
	PG_buddy,		/* free, in the buddy allocator; private = order */
	PG_swapbacked,		/* anon or shmem: swapped, not written to a file */
	PG_unevictable,
	PG_mlocked,
	/* mmsim only: */
	PG_young,		/* some mapping PTE has its accessed bit set */
	PG_pcp,			/* on a per-cpu free list */
	PG_isolated,		/* taken off the LRU by isolate_lru_pages */
	PG_vm_exec,		/* mapped by a VM_EXEC vma (file text) */
	__NR_PAGEFLAGS,
};

/* The top three bits of page->flags hold the zone index (mmzone.h). */
_Static_assert(__NR_PAGEFLAGS <= 29, "page flags overlap the zone bits");

/*
 * @mapping is a handle, not a pointer: the address_space (file or anon vma)
 * is found with mapping_of().  @private holds the buddy order while
 * PG_buddy, the migrate type recorded at pcp insertion while PG_pcp, and the
 * swap slot while PG_swapcache.
 */
struct page {
	uint32_t flags;
	uint32_t private;
	struct list_head lru;	/* LRU, buddy free list or pcp list */
	uint32_t mapping;	/* 0: none */
	uint32_t index;		/* offset in the mapping, in pages */
	uint16_t _count;	/* references (0: free) */
	int16_t _mapcount;	/* PTE mappings */
	/*
	 * mmsim only, in what would be padding: the migrate type of the
	 * buddy free list the page heads while PG_buddy, so that taking it
	 * off keeps free_area's per-type counts (mmzone.h) without a search.
	 */
	uint8_t buddy_mt;
};

extern struct page *mem_map;
extern unsigned long max_pfn;

static inline unsigned long page_to_pfn(const struct page *page)
{
	return (unsigned long)(page - mem_map);
}

static inline struct page *pfn_to_page(unsigned long pfn)
{
	return mem_map + pfn;
}

static inline bool pfn_valid(unsigned long pfn)
{
	return pfn < max_pfn;
}

#define PAGEFLAG_FNS(uname, lname)					\
static inline bool Page##uname(const struct page *page)		\
{ return page->flags & (1u << PG_##lname); }				\
static inline void SetPage##uname(struct page *page)			\
{ page->flags |= (1u << PG_##lname); }					\
static inline void ClearPage##uname(struct page *page)			\
{ page->flags &= ~(1u << PG_##lname); }					\
static inline bool TestSetPage##uname(struct page *page)		\
{ bool old = Page##uname(page); SetPage##uname(page); return old; }	\
static inline bool TestClearPage##uname(struct page *page)		\
{ bool old = Page##uname(page); ClearPage##uname(page); return old; }

PAGEFLAG_FNS(Locked, locked)
PAGEFLAG_FNS(Error, error)
PAGEFLAG_FNS(Referenced, referenced)
PAGEFLAG_FNS(Uptodate, uptodate)
PAGEFLAG_FNS(Dirty, dirty)
PAGEFLAG_FNS(LRU, lru)
PAGEFLAG_FNS(Active, active)
PAGEFLAG_FNS(Slab, slab)
PAGEFLAG_FNS(Reserved, reserved)
PAGEFLAG_FNS(Private, private)
PAGEFLAG_FNS(Writeback, writeback)
PAGEFLAG_FNS(Head, head)
PAGEFLAG_FNS(Tail, tail)
PAGEFLAG_FNS(SwapCache, swapcache)
PAGEFLAG_FNS(MappedToDisk, mappedtodisk)
PAGEFLAG_FNS(Reclaim, reclaim)
PAGEFLAG_FNS(Buddy, buddy)
PAGEFLAG_FNS(SwapBacked, swapbacked)
PAGEFLAG_FNS(Unevictable, unevictable)
PAGEFLAG_FNS(Mlocked, mlocked)
PAGEFLAG_FNS(Young, young)
PAGEFLAG_FNS(Pcp, pcp)
PAGEFLAG_FNS(Isolated, isolated)
PAGEFLAG_FNS(VmExec, vm_exec)

static inline unsigned long page_order(const struct page *page)
{
	return page->private;
}

static inline bool PageAnon(const struct page *page)
{
	return PageSwapBacked(page);
}

static inline bool page_mapped(const struct page *page)
{
	return page->_mapcount > 0;
}

static inline int page_count(const struct page *page)
{
	return page->_count;
}

static inline void get_page(struct page *page)
{
	page->_count++;
}

/* Put a reference; true when it was the last one (caller frees). */
static inline bool put_page_testzero(struct page *page)
{
	return --page->_count == 0;
}

#endif /* MMSIM_MM_TYPES_H */
