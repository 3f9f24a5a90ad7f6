// SPDX-License-Identifier: GPL-2.0
/*
 * The numbers of /proc/meminfo as 2.6.32 meminfo_proc_show()
 * (fs/proc/meminfo.c) gathers them through si_meminfo(), si_swapinfo()
 * and global_page_state(); report/procfs.c prints them, with
 * hugetlb_report_meminfo() and arch_report_meminfo().
 */
#include "linux/mmzone.h"
#include "linux/vmstat.h"
#include "linux/mm.h"
#include "linux/swap.h"
#include "mmsim/kstate.h"

/*
 * Committed_AS: 2.6.32 counts every VM_ACCOUNT mapping in vm_committed_as
 * when it is made (mmap_region, security_vm_enough_memory): private
 * writable mappings.  mmsim keeps no such counter; the sum over every
 * live mm of its anonymous and private writable vmas' sizes is what the
 * kernel's counter holds for the same mappings.
 */
static unsigned long committed_pages(void)
{
	unsigned long pages = 0;
	struct mm_struct *mm;
	struct vm_area_struct *vma;

	list_for_each_entry(mm, &mm_list, mmlist)
		list_for_each_entry(vma, &mm->mmap, vm_list)
			if (!vma->vm_file ||
			    (vma->vm_flags & (VM_WRITE | VM_SHARED)) == VM_WRITE)
				pages += vma_pages(vma);
	return pages;
}

void kstate_meminfo_fill(struct kstate_meminfo *mi)
{
	unsigned long pages[NR_LRU_LISTS];
	long cached;
	struct zone *zone;

	mi->x86 = sim_arch && sim_arch->arch == ARCH_X86;
	mi->page_shift = PAGE_SHIFT;
	mi->totalhigh = mi->freehigh = mi->lowmem_end_pfn = 0;
	for_each_populated_zone(zone) {
		unsigned long end = zone->zone_start_pfn + zone->spanned_pages;

		if (is_highmem_idx(zone_idx(zone))) {
			mi->totalhigh += zone->present_pages;
			mi->freehigh += zone_page_state(zone, NR_FREE_PAGES);
		} else if (end > mi->lowmem_end_pfn) {
			mi->lowmem_end_pfn = end;
		}
	}
	/* si_meminfo: no block-device page cache in mmsim, bufferram 0. */
	cached = (long)global_page_state(NR_FILE_PAGES) -
		 (long)total_swapcache_pages;
	if (cached < 0)
		cached = 0;
	for (int lru = LRU_INACTIVE_ANON; lru < NR_LRU_LISTS; lru++)
		pages[lru] = global_page_state(NR_LRU_BASE + lru);

	mi->totalram = totalram_pages;
	mi->free = global_page_state(NR_FREE_PAGES);
	mi->cached = (unsigned long)cached;
	mi->swapcached = total_swapcache_pages;
	mi->active_anon = pages[LRU_ACTIVE_ANON];
	mi->inactive_anon = pages[LRU_INACTIVE_ANON];
	mi->active_file = pages[LRU_ACTIVE_FILE];
	mi->inactive_file = pages[LRU_INACTIVE_FILE];
	mi->unevictable = pages[LRU_UNEVICTABLE];
	mi->mlocked = global_page_state(NR_MLOCK);
	mi->max_pfn = max_pfn;
	mi->swap_total = (unsigned long)total_swap_pages;
	mi->swap_free = (unsigned long)nr_swap_pages;
	mi->dirty = global_page_state(NR_FILE_DIRTY);
	mi->writeback = global_page_state(NR_WRITEBACK);
	mi->anon = global_page_state(NR_ANON_PAGES);
	mi->mapped = global_page_state(NR_FILE_MAPPED);
	mi->shmem = global_page_state(NR_SHMEM);
	mi->slab_reclaimable = global_page_state(NR_SLAB_RECLAIMABLE);
	mi->slab_unreclaimable = global_page_state(NR_SLAB_UNRECLAIMABLE);
	/* THREAD_SIZE: PAGE_SIZE << THREAD_ORDER. */
	mi->kernel_stack_kb = global_page_state(NR_KERNEL_STACK) *
			      (PAGE_SIZE << THREAD_ORDER) / 1024;
	mi->pagetables = global_page_state(NR_PAGETABLE);
	mi->unstable = global_page_state(NR_UNSTABLE_NFS);
	mi->bounce = global_page_state(NR_BOUNCE);
	mi->writeback_tmp = global_page_state(NR_WRITEBACK_TEMP);
	mi->committed = committed_pages();
}
