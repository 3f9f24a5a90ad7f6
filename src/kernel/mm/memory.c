// SPDX-License-Identifier: GPL-2.0
/*
 * Address spaces and page faults (mm/memory.c, mm/mmap.c and mm/thrash.c
 * of 2.6.32, as far as reclaim needs them).
 *
 * A fault allocates with the caller's full reclaim rights: the page
 * allocator may wake kswapd, reclaim directly and sleep in
 * congestion_wait on the faulting task's behalf.  A swap-in fault sleeps
 * until its own page is read (lock_page), which is where a thrashing
 * workload spends its time.
 *
 * Page tables: the first fault in a PMD slot's range allocates its PTE
 * page (pte_alloc_one: GFP_KERNEL | __GFP_REPEAT | __GFP_ZERO, order 0,
 * unmovable, NR_PAGETABLE); it is freed when no vma covers the slot any
 * more (free_pgtables at munmap and exit).  No CONFIG_HIGHPTE on x86
 * (Kconfig's default n): PTE pages come from lowmem.
 *
 * Simplified ([MODEL], docs/reclaim.md): no fork and so no COW sharing;
 * no ZERO_PAGE (a read fault on fresh anonymous memory allocates a page,
 * as .30/.31 did; 2.6.32 maps the zero page until the first write); a
 * private file mapping is read-only; vmas are never split or merged.
 */
#include <stdlib.h>
#include <string.h>
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/swap.h"
#include "linux/mm.h"
#include "linux/pagemap.h"
#include "linux/writeback.h"
#include "metrics/metrics.h"
#include "util/xalloc.h"

LIST_HEAD(mm_list);
/* [MODEL] Trap, handler and PTE update of a minor fault: about 1 us on a
 * 2009 desktop; page zeroing is charged by the allocator. */
sim_time_t page_fault_cost_ns = 1000;
/* [MODEL] Tearing down one PTE at munmap or exit. */
static const sim_time_t zap_pte_cost_ns = 100;
uint64_t *page_data;

static inline void charge(sim_time_t ns)
{
	if (ns && current && !in_interrupt())
		cpu_consume(ns);
}

void page_data_init(void)
{
	free(page_data);
	page_data = mm_debug_checks ? xcalloc(max_pfn, sizeof(*page_data)) : NULL;
}

void page_data_exit(void)
{
	free(page_data);
	page_data = NULL;
}

/* ---- the swap token (mm/thrash.c) ------------------------------------ */

struct mm_struct *swap_token_mm;
/*
 * unsigned int, as mm/thrash.c's (and mm_struct's faultstamp and
 * last_interval, include/linux/mm_types.h): at v2.6.30, v2.6.31 and
 * v2.6.32-rc6 alike the counts wrap at 2^32 swap-in faults.
 */
static unsigned int global_faults;

/*
 * What the kernel does not count: the token's changes of holder and how
 * long each mm held it (swap_token_held_ns()).  Every change of
 * swap_token_mm goes through swap_token_set(), the only place that reads
 * the clock, so a holder faulting again costs nothing more.
 */
static struct {
	uint64_t handoffs;		/* to a different mm, from nobody too */
	uint64_t drops_priority0;	/* disable_swap_token(): reclaim at priority 0 */
	uint64_t drops_exit;		/* put_swap_token(): the holder's mmput */
	sim_time_t since;		/* when swap_token_mm took it */
} swap_token_stats;

static void swap_token_set(struct mm_struct *mm)
{
	sim_time_t now = sim_now();

	if (swap_token_mm)
		swap_token_mm->swap_token_ns += now - swap_token_stats.since;
	swap_token_mm = mm;
	swap_token_stats.since = now;
	if (mm)
		swap_token_stats.handoffs++;
}

sim_time_t swap_token_held_ns(const struct mm_struct *mm)
{
	sim_time_t ns = mm->swap_token_ns;

	if (mm == swap_token_mm)
		ns += sim_now() - swap_token_stats.since;
	return ns;
}

/*
 * A task that keeps faulting on swap gains priority; the holder's pages
 * look referenced to reclaim while it is inside a fault.
 *
 * v2.6.31 and v2.6.32-rc6 mm/thrash.c grab_swap_token(mm) line for line;
 * v2.6.30's takes no argument and uses current->mm, which is the
 * faulting mm at its one call site (mm/memory.c do_swap_page(), with no
 * get_user_pages on another task's mm here).  The kernel's
 * spin_trylock(&swap_token_lock) skips the contest when another CPU is
 * in it, after global_faults++ and current_interval: nothing runs
 * concurrently with this function in the simulator, so it never fails.
 */
void grab_swap_token(struct mm_struct *mm)
{
	/*
	 * The kernel's is an int; its comparison with the unsigned
	 * last_interval converts it back, so unsigned arithmetic mod 2^32
	 * throughout is the same.
	 */
	unsigned int current_interval;

	global_faults++;
	current_interval = global_faults - mm->faultstamp;
	if (!swap_token_mm) {
		/* First come first served */
		mm->token_priority += 2;
		swap_token_set(mm);
	} else if (mm != swap_token_mm) {
		if (current_interval < mm->last_interval)
			mm->token_priority++;
		else if (mm->token_priority > 0)
			mm->token_priority--;
		/* Check if we deserve the token */
		if (mm->token_priority > swap_token_mm->token_priority) {
			mm->token_priority += 2;
			swap_token_set(mm);
		}
	} else {
		/* Token holder came in again! */
		mm->token_priority += 2;
	}
	mm->faultstamp = global_faults;
	mm->last_interval = current_interval;
}

/* kernel/fork.c mmput(), the token's one caller at the three tags. */
void put_swap_token(struct mm_struct *mm)
{
	if (mm && mm == swap_token_mm) {
		swap_token_stats.drops_exit++;
		swap_token_set(NULL);
	}
}

/*
 * include/linux/swap.h disable_swap_token(), counted apart from exit: its
 * callers here are do_try_to_free_pages() and balance_pgdat() at
 * priority 0 (the kernel's third, __zone_reclaim(), is NUMA zone_reclaim,
 * which zone_reclaim_mode 0 never reaches).
 */
void disable_swap_token(void)
{
	if (swap_token_mm) {
		swap_token_stats.drops_priority0++;
		swap_token_set(NULL);
	}
}

/*
 * Boot state (reclaim_init): no holder and no fault counted, as a kernel
 * starts; a simulation that boots again in the same process must not see
 * the previous one's global_faults in its first intervals.
 */
void swap_token_init(void)
{
	swap_token_mm = NULL;
	global_faults = 0;
	memset(&swap_token_stats, 0, sizeof(swap_token_stats));
}

/* Measures of a run (metrics/metrics.h). */
static void collect_swap_token(struct run_result *r)
{
	result_set_uint(r, "swap_token_handoffs", swap_token_stats.handoffs);
	result_set_uint(r, "swap_token_drops_priority0",
			swap_token_stats.drops_priority0);
	result_set_uint(r, "swap_token_drops_exit", swap_token_stats.drops_exit);
}

static struct measure swap_token_handoffs_measure = {
	.name = "swap_token_handoffs", .doc = "times the swap token went to "
	"an mm that did not hold it (grab_swap_token), from nobody included",
	.unit = "", .kind = MEASURE_COUNTER,
	.aggregate = AGGREGATE_MEAN_STDDEV, .json = "swap_token_handoffs",
	.csv = "swap_token_handoffs", .type = MT_UINT, .flags = MF_OMIT_EMPTY,
	.collect = collect_swap_token,
};
MEASURE_REGISTER(swap_token_handoffs_measure);

static struct measure swap_token_drops_priority0_measure = {
	.name = "swap_token_drops_priority0", .doc = "times reclaim at "
	"priority 0 took the swap token from its holder (disable_swap_token)",
	.unit = "", .kind = MEASURE_COUNTER,
	.aggregate = AGGREGATE_MEAN_STDDEV, .json = "swap_token_drops_priority0",
	.csv = "swap_token_drops_priority0", .type = MT_UINT,
	.flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(swap_token_drops_priority0_measure);

static struct measure swap_token_drops_exit_measure = {
	.name = "swap_token_drops_exit", .doc = "times the swap token's "
	"holder exited with it (mmput)",
	.unit = "", .kind = MEASURE_COUNTER,
	.aggregate = AGGREGATE_MEAN_STDDEV, .json = "swap_token_drops_exit",
	.csv = "swap_token_drops_exit", .type = MT_UINT, .flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(swap_token_drops_exit_measure);

/* ---- page tables ------------------------------------------------------ */

unsigned int ptrs_per_pte(void)
{
	return sim_arch && sim_arch->arch == ARCH_X86 ? 1024 : 512;
}

static unsigned int pmd_shift(void)
{
	return PAGE_SHIFT + (ptrs_per_pte() == 1024 ? 10 : 9);
}

/* Slots [first, last] of @vma's range. */
static void vma_pte_slots(const struct vm_area_struct *vma,
			  unsigned long *first, unsigned long *last)
{
	*first = vma->vm_start >> pmd_shift();
	*last = (vma->vm_end - 1) >> pmd_shift();
}

static void pte_slots_grow(struct mm_struct *mm, unsigned long first,
			   unsigned long last)
{
	unsigned long base, n;

	if (!mm->pte_slots) {
		mm->pte_base = first;
	}
	base = min(mm->pte_base, first);
	n = max(mm->pte_base + mm->pte_slots, last + 1) - base;
	if (base == mm->pte_base && n == mm->pte_slots)
		return;
	{
		struct page **pages = xcalloc(n, sizeof(*pages));
		unsigned int *vmas = xcalloc(n, sizeof(*vmas));
		unsigned long off = mm->pte_base - base;

		if (mm->pte_slots) {
			memcpy(pages + off, mm->pte_pages,
			       mm->pte_slots * sizeof(*pages));
			memcpy(vmas + off, mm->pte_vmas,
			       mm->pte_slots * sizeof(*vmas));
		}
		free(mm->pte_pages);
		free(mm->pte_vmas);
		mm->pte_pages = pages;
		mm->pte_vmas = vmas;
		mm->pte_base = base;
		mm->pte_slots = n;
	}
}

static void pte_free(struct mm_struct *mm, unsigned long slot)
{
	struct page *page = mm->pte_pages[slot];

	mm->pte_pages[slot] = NULL;
	mm->nr_ptes--;
	/* pgtable_page_dtor */
	__dec_zone_page_state(page, NR_PAGETABLE);
	__free_page(page);
}

/* __pte_alloc: 0, or -ENOMEM when no page could be had. */
static int pte_alloc(struct mm_struct *mm, unsigned long address)
{
	unsigned long slot = (address >> pmd_shift()) - mm->pte_base;
	struct page *page;

	BUG_ON(slot >= mm->pte_slots);
	if (mm->pte_pages[slot])
		return 0;
	page = alloc_pages_for(ALLOC_CALLER_PAGETABLE,
			       GFP_KERNEL | __GFP_REPEAT | __GFP_ZERO, 0);
	if (!page)
		return -1;
	/* Another fault populated it while we slept in the allocator. */
	if (mm->pte_pages[slot]) {
		__free_page(page);
		return 0;
	}
	__inc_zone_page_state(page, NR_PAGETABLE);
	mm->pte_pages[slot] = page;
	mm->nr_ptes++;
	return 0;
}

/* ---- mm_struct and vmas ---------------------------------------------- */

struct mm_struct *mm_alloc(void)
{
	struct mm_struct *mm = xcalloc(1, sizeof(*mm));

	INIT_LIST_HEAD(&mm->mmap);
	/* Any page-aligned start will do; this one is easy to read. */
	mm->free_area = 0x10000000UL;
	list_add_tail(&mm->mmlist, &mm_list);
	return mm;
}

static struct vm_area_struct *vma_create(struct mm_struct *mm,
					 unsigned long len,
					 unsigned long vm_flags)
{
	struct vm_area_struct *vma = xcalloc(1, sizeof(*vma));
	unsigned long pages = (len + PAGE_SIZE - 1) >> PAGE_SHIFT;

	BUG_ON(!pages);
	vma->vm_mm = mm;
	vma->vm_start = mm->free_area;
	vma->vm_end = vma->vm_start + (pages << PAGE_SHIFT);
	vma->vm_flags = vm_flags;
	vma->ptes = xcalloc(pages, sizeof(pte_t));
	INIT_LIST_HEAD(&vma->shared);
	/* A guard page between vmas keeps addresses unambiguous. */
	mm->free_area = vma->vm_end + PAGE_SIZE;
	list_add_tail(&vma->vm_list, &mm->mmap);
	{
		unsigned long first, last;

		vma_pte_slots(vma, &first, &last);
		pte_slots_grow(mm, first, last);
		for (unsigned long i = first; i <= last; i++)
			mm->pte_vmas[i - mm->pte_base]++;
	}
	return vma;
}

unsigned long do_mmap_anon(struct mm_struct *mm, unsigned long len,
			   unsigned long vm_flags)
{
	struct vm_area_struct *vma = vma_create(mm, len, vm_flags & ~VM_SHARED);

	vma->anon.flags = AS_ANON;
	vma->anon.private_data = vma;
	mapping_register(&vma->anon);
	return vma->vm_start;
}

unsigned long do_mmap_file(struct mm_struct *mm, struct address_space *mapping,
			   pgoff_t pgoff, unsigned long len,
			   unsigned long vm_flags)
{
	struct vm_area_struct *vma = vma_create(mm, len, vm_flags);

	vma->vm_file = mapping;
	vma->vm_pgoff = pgoff;
	list_add_tail(&vma->shared, &mapping->i_mmap);
	mapping->i_mmap_count++;
	return vma->vm_start;
}

struct vm_area_struct *find_vma(struct mm_struct *mm, unsigned long addr)
{
	struct vm_area_struct *vma = mm->mmap_cache;

	if (vma && addr >= vma->vm_start && addr < vma->vm_end)
		return vma;
	list_for_each_entry(vma, &mm->mmap, vm_list) {
		if (addr < vma->vm_end) {
			mm->mmap_cache = vma;
			return vma;
		}
	}
	return NULL;
}

/* munlock_vma_page: the page leaves the unevictable list. */
static void munlock_vma_page(struct page *page)
{
	if (!TestClearPageMlocked(page))
		return;
	__dec_zone_page_state(page, NR_MLOCK);
	if (!isolate_lru_page(page)) {
		count_vm_event(UNEVICTABLE_PGMUNLOCKED);
		putback_lru_page(page);
	} else if (PageUnevictable(page)) {
		count_vm_event(UNEVICTABLE_PGSTRANDED);
	} else {
		count_vm_event(UNEVICTABLE_PGMUNLOCKED);
	}
}

/* zap_pte_range for one PTE. */
static void zap_pte(struct vm_area_struct *vma, pte_t *pte)
{
	struct mm_struct *mm = vma->vm_mm;
	pte_t ptent = *pte;

	if (pte_present(ptent)) {
		struct page *page = pfn_to_page(pte_pfn(ptent));

		*pte = 0;
		if (vma->vm_flags & VM_LOCKED)
			munlock_vma_page(page);
		if (PageAnon(page)) {
			mm->anon_rss--;
		} else {
			if (pte_dirty(ptent))
				set_page_dirty(page);
			if (pte_young(ptent))
				mark_page_accessed(page);
			mm->file_rss--;
		}
		page_remove_rmap(page);
		free_page_and_swap_cache(page);
	} else if (is_swap_pte(ptent)) {
		*pte = 0;
		mm->swap_ptes--;
		free_swap_and_cache(pte_to_swp_entry(ptent));
	}
}

static void remove_vma(struct vm_area_struct *vma)
{
	struct mm_struct *mm = vma->vm_mm;
	unsigned long n = vma_pages(vma);

	for (unsigned long i = 0; i < n; i++)
		zap_pte(vma, &vma->ptes[i]);
	if (mm->mmap_cache == vma)
		mm->mmap_cache = NULL;
	list_del(&vma->vm_list);
	if (vma->vm_file) {
		list_del(&vma->shared);
		vma->vm_file->i_mmap_count--;
	} else {
		mapping_unregister(&vma->anon);
	}
	{
		unsigned long first, last;

		/* free_pgtables: slots no vma covers any more. */
		vma_pte_slots(vma, &first, &last);
		for (unsigned long i = first - mm->pte_base;
		     i <= last - mm->pte_base; i++)
			if (!--mm->pte_vmas[i] && mm->pte_pages[i])
				pte_free(mm, i);
	}
	free(vma->ptes);
	free(vma);
	charge(zap_pte_cost_ns * n);
}

int do_munmap(struct mm_struct *mm, unsigned long addr)
{
	struct vm_area_struct *vma = find_vma(mm, addr);

	if (!vma || vma->vm_start != addr)
		return -1;
	/*
	 * The workloads call this for munmap(2): sys_munmap() holds
	 * mmap_sem for writing around do_munmap() (mm/mmap.c: v2.6.30
	 * line 1955, v2.6.31 1958, v2.6.32-rc6 1972), and
	 * page_referenced_one() reads rwsem_is_locked(), so a swap token
	 * holder's other pages look referenced while it unmaps (and is
	 * charged for it below).  exit_mmap() (mmput) runs without it:
	 * exit_mm() drops mmap_sem before mmput() (kernel/exit.c).
	 */
	mm->mmap_sem++;
	/* 2.6.32 mm/mmap.c unmap_region(): this CPU's pagevecs first. */
	lru_add_drain();
	remove_vma(vma);
	mm->mmap_sem--;
	return 0;
}

void mmput(struct mm_struct *mm)
{
	/* 2.6.32 mm/mmap.c exit_mmap(): this CPU's pagevecs first. */
	lru_add_drain();
	while (!list_empty(&mm->mmap))
		remove_vma(list_first_entry(&mm->mmap, struct vm_area_struct,
					    vm_list));
	put_swap_token(mm);
	list_del(&mm->mmlist);
	BUG_ON(mm->nr_ptes);
	free(mm->pte_pages);
	free(mm->pte_vmas);
	free(mm);
}

/* ---- faults ---------------------------------------------------------- */

static int do_anonymous_page(struct mm_struct *mm, struct vm_area_struct *vma,
			     unsigned long address, pte_t *pte)
{
	unsigned int bits = _PAGE_ACCESSED;
	struct page *page;

	page = alloc_page(GFP_HIGHUSER_MOVABLE | __GFP_ZERO);
	if (!page)
		return VM_FAULT_OOM;
	SetPageUptodate(page);
	if (!pte_none(*pte)) {
		/* Faulted in while we slept in the allocator. */
		put_page(page);
		return VM_FAULT_MINOR;
	}
	mm->anon_rss++;
	page_add_new_anon_rmap(page, vma, address);
	if (vma->vm_flags & VM_WRITE)
		bits |= _PAGE_RW | _PAGE_DIRTY;
	*pte = mk_pte(page, bits);
	if (page_data)
		page_data[page_to_pfn(page)] = 0;
	return VM_FAULT_MINOR;
}

static int do_wp_page(struct mm_struct *mm, struct vm_area_struct *vma,
		      pte_t *pte, pte_t orig_pte)
{
	struct page *page = pfn_to_page(pte_pfn(orig_pte));
	bool reuse = false;

	(void)mm;
	if (PageAnon(page)) {
		if (!trylock_page(page)) {
			get_page(page);
			lock_page(page);
			if (*pte != orig_pte) {
				unlock_page(page);
				put_page(page);
				return VM_FAULT_MINOR;
			}
			put_page(page);
		}
		reuse = reuse_swap_page(page);
		unlock_page(page);
	} else if ((vma->vm_flags & (VM_SHARED | VM_WRITE)) ==
		   (VM_SHARED | VM_WRITE)) {
		reuse = true;
	}
	if (!reuse)
		return VM_FAULT_SIGBUS;		/* COW is not modelled */
	*pte |= _PAGE_ACCESSED | _PAGE_DIRTY | _PAGE_RW;
	return VM_FAULT_MINOR;
}

static int do_swap_page(struct mm_struct *mm, struct vm_area_struct *vma,
			unsigned long address, pte_t *pte, pte_t orig_pte,
			unsigned int flags)
{
	swp_entry_t entry = pte_to_swp_entry(orig_pte);
	unsigned int bits = _PAGE_ACCESSED;
	struct page *page;
	int ret = VM_FAULT_MINOR;

	page = lookup_swap_cache(entry);
	if (!page) {
		/* Contend for the token before the read. */
		grab_swap_token(mm);
		page = swapin_readahead(entry, GFP_HIGHUSER_MOVABLE, vma, address);
		if (!page)
			return *pte == orig_pte ? VM_FAULT_OOM : VM_FAULT_MINOR;
		ret = VM_FAULT_MAJOR;
		count_vm_event(PGMAJFAULT);
	}
	/* Sleeps until the read completes (and unplugs the swap device). */
	lock_page(page);
	/* The page must still be this slot's: the pin alone does not keep
	 * it in the swap cache. */
	if (!PageSwapCache(page) || page->private != entry.val)
		goto out_nomap;
	if (*pte != orig_pte)
		goto out_nomap;
	if (!PageUptodate(page)) {
		ret = VM_FAULT_SIGBUS;
		goto out_nomap;
	}
	mm->anon_rss++;
	mm->swap_ptes--;
	if ((flags & FAULT_FLAG_WRITE) && reuse_swap_page(page)) {
		bits |= _PAGE_DIRTY;
		if (vma->vm_flags & VM_WRITE)
			bits |= _PAGE_RW;
		flags &= ~FAULT_FLAG_WRITE;
	}
	*pte = mk_pte(page, bits);
	page_add_anon_rmap(page, vma, address);
	swap_free(entry);
	if (vm_swap_full() || (vma->vm_flags & VM_LOCKED) || PageMlocked(page))
		try_to_free_swap(page);
	unlock_page(page);
	/* No fork: a swap-in write can always reuse the page. */
	BUG_ON(flags & FAULT_FLAG_WRITE);
	return ret;

out_nomap:
	unlock_page(page);
	page_cache_release(page);
	return ret;
}

static int do_linear_fault(struct mm_struct *mm, struct vm_area_struct *vma,
			   unsigned long address, pte_t *pte, unsigned int flags)
{
	pgoff_t pgoff = vma->vm_pgoff + vma_address_index(vma, address);
	unsigned int bits = _PAGE_ACCESSED;
	struct page *page = NULL;
	int ret;

	if ((flags & FAULT_FLAG_WRITE) && !(vma->vm_flags & VM_SHARED))
		return VM_FAULT_SIGBUS;		/* private COW: not modelled */
	ret = filemap_fault(vma, pgoff, &page);
	if (ret & (VM_FAULT_OOM | VM_FAULT_SIGBUS))
		return ret;
	if (!pte_none(*pte)) {
		put_page(page);
		return ret;
	}
	if ((flags & FAULT_FLAG_WRITE) && (vma->vm_flags & VM_WRITE))
		bits |= _PAGE_DIRTY | _PAGE_RW;
	mm->file_rss++;
	page_add_file_rmap(page);
	*pte = mk_pte(page, bits);
	return ret;
}

int handle_mm_fault(struct mm_struct *mm, struct vm_area_struct *vma,
		    unsigned long address, unsigned int flags)
{
	unsigned long idx = vma_address_index(vma, address);
	pte_t *pte, entry;
	int ret;

	count_vm_event(PGFAULT);
	mm->mmap_sem++;
	charge(page_fault_cost_ns);
	if (pte_alloc(mm, address)) {
		mm->mmap_sem--;
		return VM_FAULT_OOM;
	}
	pte = &vma->ptes[idx];
	entry = *pte;
	if (!pte_present(entry)) {
		if (pte_none(entry)) {
			if (vma->vm_file)
				ret = do_linear_fault(mm, vma, address, pte, flags);
			else
				ret = do_anonymous_page(mm, vma, address, pte);
		} else {
			ret = do_swap_page(mm, vma, address, pte, entry, flags);
		}
	} else if ((flags & FAULT_FLAG_WRITE) && !pte_write(entry)) {
		ret = do_wp_page(mm, vma, pte, entry);
	} else {
		/* Spurious: another path fixed the PTE first. */
		*pte |= _PAGE_ACCESSED;
		ret = VM_FAULT_MINOR;
	}
	mm->mmap_sem--;
	return ret;
}

int access_user_page(struct mm_struct *mm, unsigned long address, bool write)
{
	struct vm_area_struct *vma = find_vma(mm, address);
	int ret = 0, fault;

	if (!vma || address < vma->vm_start)
		return VM_FAULT_SIGBUS;
	if (write && !(vma->vm_flags & VM_WRITE))
		return VM_FAULT_SIGBUS;
	for (int tries = 0;; tries++) {
		pte_t *pte = &vma->ptes[vma_address_index(vma, address)];

		if (pte_present(*pte) && (!write || pte_write(*pte))) {
			/* The access itself: the hardware sets the bits. */
			*pte |= _PAGE_ACCESSED | (write ? _PAGE_DIRTY : 0);
			return ret;
		}
		/* Reclaim may unmap the page again between the fault and the
		 * retried access; the kernel would fault again too. */
		BUG_ON(tries > 1000);
		fault = handle_mm_fault(mm, vma, address,
					write ? FAULT_FLAG_WRITE : 0);
		ret |= fault;
		if (fault & (VM_FAULT_OOM | VM_FAULT_SIGBUS))
			return ret;
		/* do_page_fault()'s accounting, per fault handled. */
		if (current && (fault & VM_FAULT_MAJOR))
			current->maj_flt++;
		else if (current)
			current->min_flt++;
	}
}

static uint64_t *user_page_data(struct mm_struct *mm, unsigned long address)
{
	struct vm_area_struct *vma = find_vma(mm, address);
	pte_t pte = vma->ptes[vma_address_index(vma, address)];

	return page_data ? &page_data[pte_pfn(pte)] : NULL;
}

int user_write_value(struct mm_struct *mm, unsigned long address,
		     uint64_t value)
{
	int ret = access_user_page(mm, address, true);
	uint64_t *data;

	if (ret & (VM_FAULT_OOM | VM_FAULT_SIGBUS))
		return ret;
	data = user_page_data(mm, address);
	if (data)
		*data = value;
	return ret;
}

int user_read_value(struct mm_struct *mm, unsigned long address,
		    uint64_t *value)
{
	int ret = access_user_page(mm, address, false);
	uint64_t *data;

	if (ret & (VM_FAULT_OOM | VM_FAULT_SIGBUS))
		return ret;
	data = user_page_data(mm, address);
	*value = data ? *data : 0;
	return ret;
}
