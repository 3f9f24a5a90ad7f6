/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pagevecs (include/linux/pagevec.h, the same in 2.6.30-2.6.32): a batch
 * of up to PAGEVEC_SIZE pages an operation works on together.  The LRU
 * keeps one per list per CPU for pages on their way to the list
 * (mm/swap.c lru_add_pvecs) and one per CPU for pages to rotate
 * (lru_rotate_pvecs); each page in them holds a reference.
 */
#ifndef MMSIM_PAGEVEC_H
#define MMSIM_PAGEVEC_H

#include "linux/mmzone.h"

/* 14 pointers and two longs make the struct a power of two (the kernel's
 * comment). */
#define PAGEVEC_SIZE	14

struct page;

struct pagevec {
	unsigned long nr;
	unsigned long cold;
	struct page *pages[PAGEVEC_SIZE];
};

static inline void pagevec_init(struct pagevec *pvec, int cold)
{
	pvec->nr = 0;
	pvec->cold = (unsigned long)cold;
}

static inline void pagevec_reinit(struct pagevec *pvec)
{
	pvec->nr = 0;
}

static inline unsigned int pagevec_count(const struct pagevec *pvec)
{
	return (unsigned int)pvec->nr;
}

static inline unsigned int pagevec_space(const struct pagevec *pvec)
{
	return PAGEVEC_SIZE - (unsigned int)pvec->nr;
}

/* Add @page; returns the slots still free (0: now full). */
static inline unsigned int pagevec_add(struct pagevec *pvec, struct page *page)
{
	pvec->pages[pvec->nr++] = page;
	return pagevec_space(pvec);
}

/* mm/swap.c: put the pages on list @lru, then drop the pagevec's
 * references (which may free them). */
void ____pagevec_lru_add(struct pagevec *pvec, enum lru_list lru);
/* Drop one reference on each page; a page whose last goes leaves the
 * LRU and is freed (batched page_cache_release). */
void release_pages(struct page **pages, int nr, int cold);

#endif /* MMSIM_PAGEVEC_H */
