// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/zoneinfo, /proc/buddyinfo, /proc/pagetypeinfo and /proc/vmstat
 * (mm/vmstat.c), byte for byte as the kernel of the running profile
 * prints them for the simulated machine.
 *
 * Configuration the text depends on, as assumed here: every node is
 * walked in node order ("Node 1, zone   Normal"), as for_each_online_pgdat
 * and walk_zones_in_node do, but the numa_* lines of /proc/vmstat are not
 * printed (mmsim does not count numa_hit/numa_miss), SMP (the "vm stats threshold" line), and
 * CONFIG_HUGETLB_PAGE (the htlb_buddy_alloc_* lines, always 0: mmsim has
 * no hugetlb pool).  Unpopulated zones are skipped, as walk_zones_in_node
 * does.
 */
#include <stdlib.h>
#include <string.h>
#include "procfs.h"
#include "linux/mmzone.h"
#include "linux/vmstat.h"
#include "mmsim/profile.h"
#include "linux/slab.h"
#include "linux/mm.h"
#include "linux/swap.h"
#include "util/xalloc.h"

const char *const procfs_files[] = {
	"zoneinfo", "buddyinfo", "pagetypeinfo", "vmstat", "slabinfo",
	"meminfo", NULL,
};

/* Zone counters 2.6.32 added: .30/.31 print the others in the same order. */
static bool zone_stat_item_shown(enum zone_stat_item item)
{
	if (kprofile.vmstat_fields == VMSTAT_V32)
		return true;
	switch (item) {
	case NR_KERNEL_STACK:
	case NR_ISOLATED_ANON:
	case NR_ISOLATED_FILE:
	case NR_SHMEM:
		return false;
	default:
		return true;
	}
}


void procfs_buddyinfo(FILE *out)
{
	struct zone *zone;

	for_each_populated_zone(zone) {
		fprintf(out, "Node %d, zone %8s ", zone->zone_pgdat->node_id,
			zone->name);
		for (int order = 0; order < MAX_ORDER; order++)
			fprintf(out, "%6lu ", zone->free_area[order].nr_free);
		fputc('\n', out);
	}
}

/* The populated zones of @pgdat, lowest first (walk_zones_in_node). */
#define for_each_populated_zone_in_node(zone, pgdat)			\
	for (zone = (pgdat)->node_zones;					\
	     zone < (pgdat)->node_zones + MAX_NR_ZONES; zone++)		\
		if (!populated_zone(zone))				\
			; /* skip */					\
		else

static void pagetypeinfo_showfree(FILE *out, pg_data_t *pgdat)
{
	struct zone *zone;

	fprintf(out, "%-43s ", "Free pages count per migrate type at order");
	for (int order = 0; order < MAX_ORDER; order++)
		fprintf(out, "%6d ", order);
	fputc('\n', out);

	for_each_populated_zone_in_node(zone, pgdat) {
		for (int mt = 0; mt < MIGRATE_TYPES; mt++) {
			fprintf(out, "Node %4d, zone %8s, type %12s ",
				pgdat->node_id, zone->name, migratetype_names[mt]);
			for (int order = 0; order < MAX_ORDER; order++) {
				unsigned long freecount = 0;
				struct list_head *curr;

				list_for_each(curr, &zone->free_area[order].free_list[mt])
					freecount++;
				fprintf(out, "%6lu ", freecount);
			}
			fputc('\n', out);
		}
	}
}

static void pagetypeinfo_showblockcount(FILE *out, pg_data_t *pgdat)
{
	struct zone *zone;

	fprintf(out, "\n%-23s", "Number of blocks type ");
	for (int mt = 0; mt < MIGRATE_TYPES; mt++)
		fprintf(out, "%12s ", migratetype_names[mt]);
	fputc('\n', out);

	for_each_populated_zone_in_node(zone, pgdat) {
		unsigned long count[MIGRATE_TYPES] = { 0 };
		unsigned long end = zone->zone_start_pfn + zone->spanned_pages;

		for (unsigned long pfn = zone->zone_start_pfn; pfn < end;
		     pfn += pageblock_nr_pages) {
			int mt = get_pageblock_migratetype(pfn_to_page(pfn));

			if (mt < MIGRATE_TYPES)
				count[mt]++;
		}
		fprintf(out, "Node %d, zone %8s ", pgdat->node_id, zone->name);
		for (int mt = 0; mt < MIGRATE_TYPES; mt++)
			fprintf(out, "%12lu ", count[mt]);
		fputc('\n', out);
	}
}

/* pagetypeinfo_show runs once per node: the whole text repeats. */
void procfs_pagetypeinfo(FILE *out)
{
	pg_data_t *pgdat;

	for_each_online_pgdat(pgdat) {
		fprintf(out, "Page block order: %d\n", (int)pageblock_order);
		fprintf(out, "Pages per block:  %lu\n", pageblock_nr_pages);
		fputc('\n', out);
		pagetypeinfo_showfree(out, pgdat);
		pagetypeinfo_showblockcount(out, pgdat);
	}
}

static void zoneinfo_show_print(FILE *out, pg_data_t *pgdat, struct zone *zone)
{
	const struct arch_desc *arch = sim_arch;

	fprintf(out, "Node %d, zone %8s", pgdat->node_id, zone->name);
	fprintf(out,
		"\n  pages free     %lu"
		"\n        min      %lu"
		"\n        low      %lu"
		"\n        high     %lu"
		"\n        scanned  %lu"
		"\n        spanned  %lu"
		"\n        present  %lu",
		zone_page_state(zone, NR_FREE_PAGES),
		min_wmark_pages(zone), low_wmark_pages(zone),
		high_wmark_pages(zone), zone->pages_scanned,
		zone->spanned_pages, zone->present_pages);
	for (int i = 0; i < NR_VM_ZONE_STAT_ITEMS; i++)
		if (zone_stat_item_shown(i))
			fprintf(out, "\n    %-12s %lu", vmstat_zone_stat_names[i],
				zone_page_state(zone, i));

	/* lowmem_reserve[] in the kernel's MAX_NR_ZONES-4 enum. */
	fprintf(out, "\n        protection: (%lu",
		zone->lowmem_reserve[arch->zone_types[0]]);
	for (int i = 1; i < arch->nr_zone_types; i++)
		fprintf(out, ", %lu", zone->lowmem_reserve[arch->zone_types[i]]);
	fprintf(out, ")\n  pagesets");
	for (unsigned int cpu = 0; cpu < num_online_cpus(); cpu++) {
		const struct per_cpu_pageset *pset = zone_pcp(zone, cpu);
		const struct per_cpu_pages *pcp = &pset->pcp;

		fprintf(out,
			"\n    cpu: %i"
			"\n              count: %i"
			"\n              high:  %i"
			"\n              batch: %i",
			(int)cpu, pcp->count, pcp->high, pcp->batch);
		fprintf(out, "\n  vm stats threshold: %d",
			pset->stat_threshold);
	}
	fprintf(out,
		"\n  all_unreclaimable: %u"
		"\n  prev_priority:     %i"
		"\n  start_pfn:         %lu"
		"\n  inactive_ratio:    %u",
		(unsigned int)((zone->flags >> ZONE_ALL_UNRECLAIMABLE) & 1),
		zone->prev_priority, zone->zone_start_pfn,
		zone->inactive_ratio);
	fputc('\n', out);
}

void procfs_zoneinfo(FILE *out)
{
	struct zone *zone;

	for_each_populated_zone(zone)
		zoneinfo_show_print(out, zone->zone_pgdat, zone);
}

/* Is @zone_type one the architecture configures (and so prints)? */
static bool arch_has_zone(enum zone_type t)
{
	for (int i = 0; i < sim_arch->nr_zone_types; i++)
		if (sim_arch->zone_types[i] == t)
			return true;
	return false;
}

static bool is_zone_event_group(enum vm_event_item item)
{
	return item == PGALLOC_DMA || item == PGREFILL_DMA ||
	       item == PGSTEAL_DMA || item == PGSCAN_KSWAPD_DMA ||
	       item == PGSCAN_DIRECT_DMA;
}

void procfs_vmstat(FILE *out)
{
	for (int i = 0; i < NR_VM_ZONE_STAT_ITEMS; i++)
		if (zone_stat_item_shown(i))
			fprintf(out, "%s %lu\n", vmstat_zone_stat_names[i],
				global_page_state(i));

	for (int i = 0; i < NR_VM_EVENT_ITEMS; i++) {
		if (is_zone_event_group(i)) {
			for (int t = 0; t < MAX_NR_ZONES; t++)
				if (arch_has_zone(t))
					fprintf(out, "%s %lu\n",
						vm_event_name(i + t),
						vm_events[i + t]);
			i += MAX_NR_ZONES - 1;
			continue;
		}
		/* P4's counters exist only in kernels carrying P4. */
		if ((i == KSWAPD_PREMATURE_FAST || i == KSWAPD_PREMATURE_SLOW) &&
		    kprofile.kswapd_sleep != KSWAPD_SLEEP_QUICK_RECHECK)
			continue;
		fprintf(out, "%s %lu\n", vm_event_name(i), vm_events[i]);
		if (i == PGROTATED)
			fprintf(out, "htlb_buddy_alloc_success 0\n"
				     "htlb_buddy_alloc_fail 0\n");
	}
}

/*
 * /proc/slabinfo 2.1 as 2.6.32's s_show() of SLUB (mm/slub.c) and of
 * SLAB (mm/slab.c) print it, newest cache first (both add caches at the
 * head of their list): SLUB counts the objects on CPU slabs as active and
 * has no tunables; SLAB counts its full and partial slabs' objects in
 * use (the per-CPU arrays' included) and prints limit, batchcount,
 * shared and the shared arrays' objects.  Caches SLUB merged are the
 * cache they merged into (kmalloc-192 holds bio-0 on x86-64).
 */
void procfs_slabinfo(FILE *out)
{
	struct kmem_cache *c, **caches = NULL;
	size_t n = 0, room = 0;

	fprintf(out, "slabinfo - version: 2.1\n"
		"# name            <active_objs> <num_objs> <objsize> "
		"<objperslab> <pagesperslab>"
		" : tunables <limit> <batchcount> <sharedfactor>"
		" : slabdata <active_slabs> <num_slabs> <sharedavail>\n");
	for (c = kmem_cache_next(NULL); c; c = kmem_cache_next(c)) {
		if (n == room) {
			room = room ? room * 2 : 64;
			caches = xrealloc(caches, room * sizeof(*caches));
		}
		caches[n++] = c;
	}
	while (n--) {
		struct slabinfo si;

		c = caches[n];
		kmem_cache_slabinfo(c, &si);
		fprintf(out, "%-17s %6lu %6lu %6u %4u %4d", c->name,
			si.active_objs, si.num_objs, c->size, c->objects,
			1 << c->order);
		fprintf(out, " : tunables %4u %4u %4u", si.limit, si.batchcount,
			si.shared);
		fprintf(out, " : slabdata %6lu %6lu %6lu\n", si.active_slabs,
			si.num_slabs, si.shared_avail);
	}
	free(caches);
}

/* ---- /proc/meminfo ------------------------------------------------------ */

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

/*
 * arch_report_meminfo() (2.6.32 arch/x86/mm/pageattr.c): the direct
 * mapping as init_memory_mapping() sets it up, 2 MB (x86 without PAE:
 * 4 MB) pages where a whole one fits below the end of lowmem, 4 KB pages
 * for the rest; later splits (set_memory_*) are not modelled.
 */
static void direct_map(unsigned long lowmem_pages, unsigned long *k4,
		       unsigned long *big, unsigned int big_order)
{
	unsigned long big_pages = lowmem_pages >> big_order << big_order;

	*big = big_pages << (PAGE_SHIFT - 10);
	*k4 = (lowmem_pages - big_pages) << (PAGE_SHIFT - 10);
}

/*
 * /proc/meminfo as 2.6.32 meminfo_proc_show() (fs/proc/meminfo.c) prints
 * it, then hugetlb_report_meminfo() and arch_report_meminfo(); .30/.31
 * (kprofile.vmstat_fields) lack Shmem, KernelStack and HardwareCorrupted.
 * Configuration: CONFIG_HIGHMEM on x86 (the High/Low lines), no
 * CONFIG_QUICKLIST (x86 has none), CONFIG_MEMORY_FAILURE and
 * CONFIG_HUGETLB_PAGE as distribution kernels were built.  docs/proc.md
 * says where each value comes from and which ones the model cannot fill.
 */
void procfs_meminfo(FILE *out)
{
	bool v32 = kprofile.vmstat_fields == VMSTAT_V32;
	bool x86 = sim_arch && sim_arch->arch == ARCH_X86;
	unsigned long totalhigh = 0, freehigh = 0, lowmem = 0;
	unsigned long pages[NR_LRU_LISTS], k4, big;
	unsigned long vmalloc_total_kb;
	long cached;
	struct zone *zone;

#define K(x) ((unsigned long)(x) << (PAGE_SHIFT - 10))
	for_each_populated_zone(zone) {
		if (is_highmem_idx(zone_idx(zone))) {
			totalhigh += zone->present_pages;
			freehigh += zone_page_state(zone, NR_FREE_PAGES);
		} else {
			lowmem = zone->zone_start_pfn + zone->spanned_pages > lowmem ?
				 zone->zone_start_pfn + zone->spanned_pages : lowmem;
		}
	}
	/* si_meminfo: no block-device page cache in mmsim, bufferram 0. */
	cached = (long)global_page_state(NR_FILE_PAGES) -
		 (long)total_swapcache_pages;
	if (cached < 0)
		cached = 0;
	for (int lru = LRU_INACTIVE_ANON; lru < NR_LRU_LISTS; lru++)
		pages[lru] = global_page_state(NR_LRU_BASE + lru);

	fprintf(out, "MemTotal:       %8lu kB\n", K(totalram_pages));
	fprintf(out, "MemFree:        %8lu kB\n", K(global_page_state(NR_FREE_PAGES)));
	fprintf(out, "Buffers:        %8lu kB\n", 0UL);
	fprintf(out, "Cached:         %8lu kB\n", K(cached));
	fprintf(out, "SwapCached:     %8lu kB\n", K(total_swapcache_pages));
	fprintf(out, "Active:         %8lu kB\n",
		K(pages[LRU_ACTIVE_ANON] + pages[LRU_ACTIVE_FILE]));
	fprintf(out, "Inactive:       %8lu kB\n",
		K(pages[LRU_INACTIVE_ANON] + pages[LRU_INACTIVE_FILE]));
	fprintf(out, "Active(anon):   %8lu kB\n", K(pages[LRU_ACTIVE_ANON]));
	fprintf(out, "Inactive(anon): %8lu kB\n", K(pages[LRU_INACTIVE_ANON]));
	fprintf(out, "Active(file):   %8lu kB\n", K(pages[LRU_ACTIVE_FILE]));
	fprintf(out, "Inactive(file): %8lu kB\n", K(pages[LRU_INACTIVE_FILE]));
	fprintf(out, "Unevictable:    %8lu kB\n", K(pages[LRU_UNEVICTABLE]));
	fprintf(out, "Mlocked:        %8lu kB\n", K(global_page_state(NR_MLOCK)));
	if (x86) {
		fprintf(out, "HighTotal:      %8lu kB\n", K(totalhigh));
		fprintf(out, "HighFree:       %8lu kB\n", K(freehigh));
		fprintf(out, "LowTotal:       %8lu kB\n", K(totalram_pages - totalhigh));
		fprintf(out, "LowFree:        %8lu kB\n",
			K(global_page_state(NR_FREE_PAGES) - freehigh));
	}
	fprintf(out, "SwapTotal:      %8lu kB\n", K(total_swap_pages));
	fprintf(out, "SwapFree:       %8lu kB\n", K(nr_swap_pages));
	fprintf(out, "Dirty:          %8lu kB\n", K(global_page_state(NR_FILE_DIRTY)));
	fprintf(out, "Writeback:      %8lu kB\n", K(global_page_state(NR_WRITEBACK)));
	fprintf(out, "AnonPages:      %8lu kB\n", K(global_page_state(NR_ANON_PAGES)));
	fprintf(out, "Mapped:         %8lu kB\n", K(global_page_state(NR_FILE_MAPPED)));
	if (v32)
		fprintf(out, "Shmem:          %8lu kB\n", K(global_page_state(NR_SHMEM)));
	fprintf(out, "Slab:           %8lu kB\n",
		K(global_page_state(NR_SLAB_RECLAIMABLE) +
		  global_page_state(NR_SLAB_UNRECLAIMABLE)));
	fprintf(out, "SReclaimable:   %8lu kB\n", K(global_page_state(NR_SLAB_RECLAIMABLE)));
	fprintf(out, "SUnreclaim:     %8lu kB\n", K(global_page_state(NR_SLAB_UNRECLAIMABLE)));
	if (v32)
		/* THREAD_SIZE: PAGE_SIZE << THREAD_ORDER. */
		fprintf(out, "KernelStack:    %8lu kB\n",
			global_page_state(NR_KERNEL_STACK) *
			(PAGE_SIZE << THREAD_ORDER) / 1024);
	fprintf(out, "PageTables:     %8lu kB\n", K(global_page_state(NR_PAGETABLE)));
	fprintf(out, "NFS_Unstable:   %8lu kB\n", K(global_page_state(NR_UNSTABLE_NFS)));
	fprintf(out, "Bounce:         %8lu kB\n", K(global_page_state(NR_BOUNCE)));
	fprintf(out, "WritebackTmp:   %8lu kB\n", K(global_page_state(NR_WRITEBACK_TEMP)));
	/* No hugetlb pages; vm.overcommit_ratio at its default, 50. */
	fprintf(out, "CommitLimit:    %8lu kB\n",
		K(totalram_pages * 50 / 100 + (unsigned long)total_swap_pages));
	fprintf(out, "Committed_AS:   %8lu kB\n", K(committed_pages()));
	/*
	 * VMALLOC_END - VMALLOC_START: x86-64's 32 TB; x86 (no PAE) from
	 * high_memory + 8 MB (VMALLOC_OFFSET) to PKMAP_BASE (0xff800000)
	 * less two guard pages.
	 */
	if (x86) {
		unsigned long long start = 0xc0000000ULL +
			((unsigned long long)(lowmem < 229376 ? lowmem : 229376) << PAGE_SHIFT) +
			(8ULL << 20);

		start = (start + (8ULL << 20) - 1) & ~((8ULL << 20) - 1);
		vmalloc_total_kb = (unsigned long)((0xff800000ULL - 2 * PAGE_SIZE - start) >> 10);
	} else {
		vmalloc_total_kb = (unsigned long)(((1ULL << 45) - 1) >> 10);
	}
	fprintf(out, "VmallocTotal:   %8lu kB\n", vmalloc_total_kb);
	/* Nothing in mmsim uses vmalloc: all of it is one free chunk. */
	fprintf(out, "VmallocUsed:    %8lu kB\n", 0UL);
	fprintf(out, "VmallocChunk:   %8lu kB\n", vmalloc_total_kb);
	if (v32)
		fprintf(out, "HardwareCorrupted: %5lu kB\n", 0UL);
	/* hugetlb_report_meminfo(): an empty pool. */
	fprintf(out, "HugePages_Total:   %5lu\n"
		"HugePages_Free:    %5lu\n"
		"HugePages_Rsvd:    %5lu\n"
		"HugePages_Surp:    %5lu\n"
		"Hugepagesize:   %8lu kB\n", 0UL, 0UL, 0UL, 0UL, x86 ? 4096UL : 2048UL);
	if (x86) {
		direct_map(lowmem, &k4, &big, 10);
		fprintf(out, "DirectMap4k:    %8lu kB\n", k4);
		fprintf(out, "DirectMap4M:    %8lu kB\n", big);
	} else {
		direct_map(max_pfn, &k4, &big, 9);
		fprintf(out, "DirectMap4k:    %8lu kB\n", k4);
		fprintf(out, "DirectMap2M:    %8lu kB\n", big);
	}
#undef K
}

int procfs_show(const char *name, FILE *out)
{
	if (!strcmp(name, "zoneinfo"))
		procfs_zoneinfo(out);
	else if (!strcmp(name, "buddyinfo"))
		procfs_buddyinfo(out);
	else if (!strcmp(name, "pagetypeinfo"))
		procfs_pagetypeinfo(out);
	else if (!strcmp(name, "vmstat"))
		procfs_vmstat(out);
	else if (!strcmp(name, "slabinfo"))
		procfs_slabinfo(out);
	else if (!strcmp(name, "meminfo"))
		procfs_meminfo(out);
	else
		return -1;
	return 0;
}
