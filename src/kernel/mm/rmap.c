// SPDX-License-Identifier: GPL-2.0
/*
 * Reverse mapping (mm/rmap.c of 2.6.32): from a page to the PTEs that map
 * it, to test and clear their young bits (page_referenced) and to unmap
 * the page before it is freed (try_to_unmap).
 *
 * An anonymous page has at most one PTE (mm.h: there is no fork), found in
 * O(1) through its vma's AS_ANON handle.  A file page is looked for in
 * every vma on its file's i_mmap list that covers its index.
 *
 * The young-bit model: an access through a PTE sets its accessed bit
 * (access_user_page); page_referenced reports and clears it, exactly one
 * "reference" per young PTE, however many accesses set it.  PG_referenced
 * is the software bit mark_page_accessed sets for read()/write() accesses.
 */
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/swap.h"
#include "linux/mm.h"
#include "linux/pagemap.h"
#include "linux/writeback.h"

pte_t *page_anon_pte(struct page *page, struct vm_area_struct **vmap)
{
	struct address_space *anon = mapping_of(page->mapping);
	struct vm_area_struct *vma;
	pte_t *pte;

	if (!anon || !(anon->flags & AS_ANON))
		return NULL;
	vma = anon->private_data;
	if (!vma || page->index >= vma_pages(vma))
		return NULL;
	pte = &vma->ptes[page->index];
	if (!pte_present(*pte) || pte_pfn(*pte) != page_to_pfn(page))
		return NULL;
	*vmap = vma;
	return pte;
}

pte_t *page_file_pte(struct page *page, struct vm_area_struct *vma)
{
	pte_t *pte;

	if (page->index < vma->vm_pgoff ||
	    page->index - vma->vm_pgoff >= vma_pages(vma))
		return NULL;
	pte = &vma->ptes[page->index - vma->vm_pgoff];
	if (!pte_present(*pte) || pte_pfn(*pte) != page_to_pfn(page))
		return NULL;
	return pte;
}

static inline void rmap_charge(unsigned long nr)
{
	if (current && !in_interrupt())
		cpu_consume(reclaim_costs.rmap_ns * nr);
}

/* ---- adding and removing mappings ---------------------------------- */

static void __page_set_anon_rmap(struct page *page, struct vm_area_struct *vma,
				 unsigned long address)
{
	page->mapping = vma->anon.handle;
	page->index = (uint32_t)vma_address_index(vma, address);
	__inc_zone_page_state(page, NR_ANON_PAGES);
}

/*
 * A page in a VM_LOCKED vma is mlocked as it is mapped (is_mlocked_vma of
 * page_evictable): it goes to the unevictable list.
 */
static bool mlock_new_page(struct page *page, struct vm_area_struct *vma)
{
	if (!(vma->vm_flags & VM_LOCKED))
		return false;
	if (!TestSetPageMlocked(page)) {
		__inc_zone_page_state(page, NR_MLOCK);
		count_vm_event(UNEVICTABLE_PGMLOCKED);
	}
	return true;
}

/* A new anonymous page: mapped once, on the active anon list (2.6.32
 * mm/rmap.c page_add_new_anon_rmap(), lru_cache_add_active_or_unevictable). */
void page_add_new_anon_rmap(struct page *page, struct vm_area_struct *vma,
			    unsigned long address)
{
	VM_BUG_ON(address < vma->vm_start || address >= vma->vm_end);
	SetPageSwapBacked(page);
	page->_mapcount = 1;
	__page_set_anon_rmap(page, vma, address);
	if (!mlock_new_page(page, vma))
		lru_cache_add_active_anon(page);
	else
		add_page_to_unevictable_list(page);
}

/* An existing anonymous page (swapped in) gets its PTE back. */
void page_add_anon_rmap(struct page *page, struct vm_area_struct *vma,
			unsigned long address)
{
	VM_BUG_ON(!PageSwapBacked(page));
	if (page->_mapcount++ == 0)
		__page_set_anon_rmap(page, vma, address);
	if ((vma->vm_flags & VM_LOCKED) && !TestSetPageMlocked(page)) {
		__inc_zone_page_state(page, NR_MLOCK);
		count_vm_event(UNEVICTABLE_PGMLOCKED);
		if (!isolate_lru_page(page))
			putback_lru_page(page);
	}
}

void page_add_file_rmap(struct page *page)
{
	if (page->_mapcount++ == 0)
		__inc_zone_page_state(page, NR_FILE_MAPPED);
}

void page_remove_rmap(struct page *page)
{
	VM_BUG_ON(page->_mapcount <= 0);
	if (--page->_mapcount)
		return;
	if (PageAnon(page))
		__dec_zone_page_state(page, NR_ANON_PAGES);
	else
		__dec_zone_page_state(page, NR_FILE_MAPPED);
}

/* ---- page_referenced ----------------------------------------------- */

static int page_referenced_one(struct vm_area_struct *vma, pte_t *pte,
			       unsigned int *mapcount, unsigned long *vm_flags)
{
	struct mm_struct *mm = vma->vm_mm;
	int referenced = 0;

	/* An mlocked page must reach try_to_unmap to be culled. */
	if (vma->vm_flags & VM_LOCKED) {
		*mapcount = 0;
		*vm_flags |= VM_LOCKED;
		return 0;
	}
	if (pte_young(*pte)) {
		*pte &= ~(pte_t)_PAGE_ACCESSED;
		referenced++;
	}
	/*
	 * The swap token: a task thrashing on swap-in keeps its pages while
	 * it sits in a page fault (2.6.32 thrash.c).
	 */
	if ((!current || mm != current->mm) && has_swap_token(mm) &&
	    mm->mmap_sem)
		referenced++;
	(*mapcount)--;
	if (referenced)
		*vm_flags |= vma->vm_flags;
	return referenced;
}

static int page_referenced_anon(struct page *page, unsigned long *vm_flags)
{
	struct vm_area_struct *vma;
	unsigned int mapcount = (unsigned int)page->_mapcount;
	pte_t *pte = page_anon_pte(page, &vma);
	int referenced = 0;

	if (pte)
		referenced = page_referenced_one(vma, pte, &mapcount, vm_flags);
	/* Charged after the walk: nothing may sleep while a PTE is held. */
	rmap_charge(1);
	return referenced;
}

static int page_referenced_file(struct page *page, unsigned long *vm_flags)
{
	struct address_space *mapping = mapping_of(page->mapping);
	unsigned int mapcount = (unsigned int)page->_mapcount;
	struct vm_area_struct *vma;
	unsigned long nr = 0;
	int referenced = 0;

	if (!mapping)
		return 0;
	list_for_each_entry(vma, &mapping->i_mmap, shared) {
		pte_t *pte = page_file_pte(page, vma);

		nr++;
		if (!pte)
			continue;
		referenced += page_referenced_one(vma, pte, &mapcount, vm_flags);
		if (!mapcount)
			break;
	}
	rmap_charge(nr);
	return referenced;
}

/* 2.6.32 mm/rmap.c page_referenced(). */
int page_referenced(struct page *page, int is_locked, unsigned long *vm_flags)
{
	int referenced = 0;

	if (TestClearPageReferenced(page))
		referenced++;
	*vm_flags = 0;
	if (page_mapped(page) && page->mapping) {
		if (PageAnon(page)) {
			referenced += page_referenced_anon(page, vm_flags);
		} else if (is_locked) {
			referenced += page_referenced_file(page, vm_flags);
		} else if (!trylock_page(page)) {
			/* Somebody is working on it: call it referenced. */
			referenced++;
		} else {
			if (page->mapping)
				referenced += page_referenced_file(page, vm_flags);
			unlock_page(page);
		}
	}
	return referenced;
}

/* ---- try_to_unmap -------------------------------------------------- */

static int try_to_unmap_one(struct page *page, struct vm_area_struct *vma,
			    pte_t *pte, enum ttu_flags flags)
{
	struct mm_struct *mm = vma->vm_mm;
	pte_t pteval;

	if (!(flags & TTU_IGNORE_MLOCK) && (vma->vm_flags & VM_LOCKED))
		return SWAP_MLOCK;
	/*
	 * Used since page_referenced looked: 2.6.32 refuses to unmap and
	 * the page is activated.
	 */
	if (!(flags & TTU_IGNORE_ACCESS) && pte_young(*pte)) {
		*pte &= ~(pte_t)_PAGE_ACCESSED;
		return SWAP_FAIL;
	}
	pteval = *pte;
	*pte = 0;
	/* The PTE's dirty bit moves to the page. */
	if (pte_dirty(pteval))
		set_page_dirty(page);
	if (PageAnon(page)) {
		swp_entry_t entry = { page->private };

		BUG_ON(!PageSwapCache(page));
		if (swap_duplicate(entry) < 0) {
			*pte = pteval;
			return SWAP_FAIL;
		}
		*pte = swp_entry_to_pte(entry);
		mm->anon_rss--;
		mm->swap_ptes++;
	} else {
		mm->file_rss--;
	}
	page_remove_rmap(page);
	page_cache_release(page);
	return SWAP_AGAIN;
}

/* try_to_mlock_page: the page is isolated, so only the flag moves now. */
static void mlock_vma_page(struct page *page)
{
	if (!TestSetPageMlocked(page)) {
		__inc_zone_page_state(page, NR_MLOCK);
		count_vm_event(UNEVICTABLE_PGMLOCKED);
		if (!isolate_lru_page(page))
			putback_lru_page(page);
	}
}

static int try_to_unmap_anon(struct page *page, enum ttu_flags flags)
{
	struct vm_area_struct *vma;
	pte_t *pte = page_anon_pte(page, &vma);
	int ret = SWAP_AGAIN;

	if (pte)
		ret = try_to_unmap_one(page, vma, pte, flags);
	if (ret == SWAP_MLOCK)
		mlock_vma_page(page);
	rmap_charge(1);
	return ret;
}

static int try_to_unmap_file(struct page *page, enum ttu_flags flags)
{
	struct address_space *mapping = mapping_of(page->mapping);
	struct vm_area_struct *vma, *next;
	unsigned long nr = 0;
	int ret = SWAP_AGAIN;

	if (!mapping)
		return ret;
	list_for_each_entry_safe(vma, next, &mapping->i_mmap, shared) {
		pte_t *pte = page_file_pte(page, vma);

		nr++;
		if (!pte)
			continue;
		ret = try_to_unmap_one(page, vma, pte, flags);
		if (ret == SWAP_MLOCK)
			mlock_vma_page(page);
		if (ret != SWAP_AGAIN || !page_mapped(page))
			break;
	}
	rmap_charge(nr);
	return ret;
}

int try_to_unmap(struct page *page, enum ttu_flags flags)
{
	int ret;

	VM_BUG_ON(!PageLocked(page));
	if (PageAnon(page))
		ret = try_to_unmap_anon(page, flags);
	else
		ret = try_to_unmap_file(page, flags);
	if (ret != SWAP_MLOCK && !page_mapped(page))
		ret = SWAP_SUCCESS;
	return ret;
}
