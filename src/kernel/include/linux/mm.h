/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Process address spaces: mm_struct, vmas with their page tables, page
 * faults, reverse mapping, the swap token and shrinkers (the parts of
 * include/linux/mm.h, rmap.h and mm_types.h that reclaim needs).
 *
 * Model.  A vma is a range of virtual pages with a flat array of PTEs, one
 * per page: no page directories.  A PTE is present (a pfn plus the
 * hardware's young, dirty and write bits), a swap entry, or none.
 * Anonymous pages are never shared between address spaces (there is no
 * fork), so an anonymous page has at most one mapping and rmap finds its
 * PTE in O(1): page->mapping is the handle of the vma's own AS_ANON
 * address_space (standing in for the anon_vma) and page->index the page's
 * offset in the vma.  File pages may be mapped by any number of vmas; rmap
 * walks the file's i_mmap list, as the kernel does.
 */
#ifndef MMSIM_MM_H
#define MMSIM_MM_H

#include <stdint.h>
#include <stdbool.h>
#include "linux/mm_types.h"
#include "linux/gfp.h"
#include "linux/fs.h"
#include "linux/swap.h"
#include "sim/list.h"

struct task_struct;

/* vm_flags, with the kernel's values. */
#define VM_READ		0x00000001UL
#define VM_WRITE	0x00000002UL
#define VM_EXEC		0x00000004UL
#define VM_SHARED	0x00000008UL
#define VM_LOCKED	0x00002000UL

/* ---- page table entries --------------------------------------------- */

typedef uint64_t pte_t;

#define _PAGE_PRESENT	0x01u
#define _PAGE_ACCESSED	0x02u	/* young: the hardware accessed bit */
#define _PAGE_DIRTY	0x04u
#define _PAGE_RW	0x08u
#define _PAGE_SWAP	0x10u	/* not present: the value is a swap entry */
#define PTE_VALUE_SHIFT	32

static inline bool pte_none(pte_t pte)
{
	return pte == 0;
}
static inline bool pte_present(pte_t pte)
{
	return pte & _PAGE_PRESENT;
}
static inline bool pte_young(pte_t pte)
{
	return pte & _PAGE_ACCESSED;
}
static inline bool pte_dirty(pte_t pte)
{
	return pte & _PAGE_DIRTY;
}
static inline bool pte_write(pte_t pte)
{
	return pte & _PAGE_RW;
}
static inline bool is_swap_pte(pte_t pte)
{
	return pte & _PAGE_SWAP;
}
static inline unsigned long pte_pfn(pte_t pte)
{
	return (unsigned long)(pte >> PTE_VALUE_SHIFT);
}
static inline pte_t mk_pte(struct page *page, unsigned int bits)
{
	return ((pte_t)page_to_pfn(page) << PTE_VALUE_SHIFT) | _PAGE_PRESENT | bits;
}
static inline pte_t swp_entry_to_pte(swp_entry_t entry)
{
	return ((pte_t)entry.val << PTE_VALUE_SHIFT) | _PAGE_SWAP;
}
static inline swp_entry_t pte_to_swp_entry(pte_t pte)
{
	swp_entry_t e = { (uint32_t)(pte >> PTE_VALUE_SHIFT) };
	return e;
}

/* ---- vmas and address spaces ---------------------------------------- */

struct mm_struct;

struct vm_area_struct {
	struct mm_struct *vm_mm;
	unsigned long vm_start;		/* bytes, page aligned */
	unsigned long vm_end;		/* first byte after */
	unsigned long vm_flags;
	struct address_space *vm_file;	/* mapped file, NULL: anonymous */
	pgoff_t vm_pgoff;		/* file page of vm_start */
	struct address_space anon;	/* AS_ANON: page->mapping of its anon pages */
	pte_t *ptes;			/* one per page of the vma */
	struct list_head vm_list;	/* mm->mmap */
	struct list_head shared;	/* vm_file->i_mmap */
};

static inline unsigned long vma_pages(const struct vm_area_struct *vma)
{
	return (vma->vm_end - vma->vm_start) >> PAGE_SHIFT;
}

static inline unsigned long vma_address_index(const struct vm_area_struct *vma,
					      unsigned long address)
{
	return (address - vma->vm_start) >> PAGE_SHIFT;
}

struct mm_struct {
	struct list_head mmap;		/* vmas, in address order */
	struct vm_area_struct *mmap_cache;	/* last find_vma hit */
	unsigned long free_area;	/* next address do_mmap hands out */
	long anon_rss;
	long file_rss;
	long swap_ptes;
	/* rwsem_is_locked(&mm->mmap_sem): a fault is in progress. */
	int mmap_sem;
	/* The swap token (mm/thrash.c); unsigned int as in mm_types.h. */
	unsigned int token_priority;
	unsigned int faultstamp;
	unsigned int last_interval;
	/* Not the kernel's: ns it held the token, past holds only (see
	 * swap_token_held_ns()). */
	sim_time_t swap_token_ns;
	struct list_head mmlist;	/* every mm */
	/*
	 * Page-table pages (PTE level): one per PMD slot of address space
	 * a vma covers and a fault touched, indexed from pte_base.
	 */
	struct page **pte_pages;
	unsigned int *pte_vmas;		/* vmas covering each slot */
	unsigned long pte_base;		/* first slot (address >> PMD_SHIFT) */
	unsigned long pte_slots;
	unsigned long nr_ptes;		/* PTE pages held (mm->nr_ptes) */
};

/*
 * PTEs per page-table page: 512 on x86-64 (and x86 PAE), 1024 on x86
 * without PAE (mmsim's x86).  NR_PAGETABLE counts these PTE pages only:
 * in 2.6.32 pgtable_page_ctor (pte_alloc_one) is its one increment, the
 * pgd and pmd pages are not counted (and not modelled).
 */
unsigned int ptrs_per_pte(void);

/* THREAD_SIZE 8 KiB on x86-64, and on x86 without CONFIG_4KSTACKS. */
#define THREAD_ORDER	1

/*
 * kernel/fork.c: a task's kernel stack, as dup_task_struct allocates it
 * (alloc_thread_info: GFP_KERNEL order THREAD_ORDER, which may reclaim
 * when called from a task) and free_task frees it.  NR_KERNEL_STACK
 * counts stacks, not pages (account_kernel_stack, new in 2.6.32; .30/.31
 * had no such counter and their /proc/vmstat does not show it).
 * 0, or -ENOMEM.
 */
int alloc_task_stack(struct task_struct *p);
void free_task_stack(struct task_struct *p);
/*
 * The stack of a child that is not a simulated task (a shell script's
 * grep or sleep): allocated in the calling (parent) task's context, NULL
 * if the fork would fail with -ENOMEM; freed when the child has exited.
 */
struct page *alloc_child_stack(void);
void free_child_stack(struct page *page);
/* Pages held by page tables and kernel stacks (for the checker). */
unsigned long kernel_held_pages(void);
extern unsigned long nr_pages_zeroing;	/* mm/page_alloc.c prep_new_page() */
extern unsigned long nr_pages_in_hand;	/* mm/page_alloc.c: see there */

extern struct list_head mm_list;	/* every live mm_struct */

struct mm_struct *mm_alloc(void);
/* exit_mmap and free: every page and swap slot of @mm is released. */
void mmput(struct mm_struct *mm);

/* Map @len bytes of anonymous memory; returns the address (page aligned). */
unsigned long do_mmap_anon(struct mm_struct *mm, unsigned long len,
			   unsigned long vm_flags);
/* Map @len bytes of @mapping from page @pgoff. */
unsigned long do_mmap_file(struct mm_struct *mm, struct address_space *mapping,
			   pgoff_t pgoff, unsigned long len,
			   unsigned long vm_flags);
/* Unmap whole vmas starting at @addr (mmsim never splits a vma). */
int do_munmap(struct mm_struct *mm, unsigned long addr);
struct vm_area_struct *find_vma(struct mm_struct *mm, unsigned long addr);

/* ---- faults --------------------------------------------------------- */

#define FAULT_FLAG_WRITE	0x01

#define VM_FAULT_OOM	0x0001
#define VM_FAULT_SIGBUS	0x0002
#define VM_FAULT_MAJOR	0x0004
#define VM_FAULT_MINOR	0

/*
 * CPU charged per fault taken, on top of the allocator's page zeroing
 * ([MODEL], docs/reclaim.md).
 */
extern sim_time_t page_fault_cost_ns;

int handle_mm_fault(struct mm_struct *mm, struct vm_area_struct *vma,
		    unsigned long address, unsigned int flags);

/*
 * A user access to one byte of @address: sets the PTE's young bit, and
 * for a write its dirty bit, faulting first if the PTE does not allow the
 * access.  Returns 0 (no fault) or the fault's VM_FAULT_* result; a
 * result with VM_FAULT_OOM or VM_FAULT_SIGBUS means the access did not
 * happen.  Must run in a task (faults sleep).
 */
int access_user_page(struct mm_struct *mm, unsigned long address, bool write);

/*
 * With mm_debug_checks, every page carries a 64-bit content value that
 * follows it through swap-out and swap-in (page_io.c), so tests can prove
 * that no page was lost or mixed up.  Writing sets the page's value;
 * reading returns it.  Both fault like access_user_page.
 */
int user_write_value(struct mm_struct *mm, unsigned long address,
		     uint64_t value);
int user_read_value(struct mm_struct *mm, unsigned long address,
		    uint64_t *value);
extern uint64_t *page_data;		/* per pfn, mm_debug_checks only */
void page_data_init(void);
void page_data_exit(void);

/* The file fault path (filemap.c): 0 or VM_FAULT_MAJOR with a referenced,
 * up to date, unlocked page in *pagep, or VM_FAULT_SIGBUS / VM_FAULT_OOM. */
int filemap_fault(struct vm_area_struct *vma, pgoff_t pgoff,
		  struct page **pagep);

/* ---- reverse mapping (rmap.c) --------------------------------------- */

enum ttu_flags {
	TTU_UNMAP = 0,
	TTU_IGNORE_MLOCK = 1 << 8,
	TTU_IGNORE_ACCESS = 1 << 9,
};

#define SWAP_SUCCESS	0
#define SWAP_AGAIN	1
#define SWAP_FAIL	2
#define SWAP_MLOCK	3

int page_referenced(struct page *page, int is_locked, unsigned long *vm_flags);
int try_to_unmap(struct page *page, enum ttu_flags flags);
void page_add_new_anon_rmap(struct page *page, struct vm_area_struct *vma,
			    unsigned long address);
void page_add_anon_rmap(struct page *page, struct vm_area_struct *vma,
			unsigned long address);
void page_add_file_rmap(struct page *page);
void page_remove_rmap(struct page *page);
/* The PTE mapping anonymous @page (NULL if the page is not mapped). */
pte_t *page_anon_pte(struct page *page, struct vm_area_struct **vmap);
/* The PTE of @vma mapping file page @page, or NULL. */
pte_t *page_file_pte(struct page *page, struct vm_area_struct *vma);

/* ---- the swap token (mm/thrash.c, in memory.c) ---------------------- */

extern struct mm_struct *swap_token_mm;
void grab_swap_token(struct mm_struct *mm);
/* The holder's exit (mmput); counted as a drop at exit. */
void put_swap_token(struct mm_struct *mm);
/* Reclaim at priority 0; counted as a drop at priority 0. */
void disable_swap_token(void);
void swap_token_init(void);
static inline bool has_swap_token(struct mm_struct *mm)
{
	return mm == swap_token_mm;
}
/*
 * Simulated ns @mm has held the swap token, the hold in progress
 * included (not the kernel's: a measure).  Readable until mmput() frees
 * @mm.
 */
sim_time_t swap_token_held_ns(const struct mm_struct *mm);

/* ---- shrinkers (vmscan.c) ------------------------------------------- */

#define DEFAULT_SEEKS 2

/*
 * The callback takes the shrinker itself (the 2.6.35 signature; 2.6.32's
 * had no argument for it) so that a cache finds its state by container_of.
 */
struct shrinker {
	/* nr_to_scan 0: return the number of freeable objects.  Otherwise
	 * free up to nr_to_scan and return what is left, or -1 when it
	 * cannot work under @gfp_mask. */
	int (*shrink)(struct shrinker *shrinker, int nr_to_scan,
		      gfp_t gfp_mask);
	int seeks;
	long nr;			/* objects pending, carried between calls */
	struct list_head list;
};

void register_shrinker(struct shrinker *shrinker);
void unregister_shrinker(struct shrinker *shrinker);

#endif /* MMSIM_MM_H */
