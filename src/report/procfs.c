// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/zoneinfo, /proc/buddyinfo, /proc/pagetypeinfo and /proc/vmstat
 * (mm/vmstat.c), /proc/slabinfo and /proc/meminfo, byte for byte as the
 * kernel of the snapshot's profile prints them for the simulated machine.
 * The kernel takes the snapshot (kstate_mem_take(), metrics/kstate.h);
 * this file reads nothing else.
 *
 * Configuration the text depends on, as assumed here: every node is
 * walked in node order ("Node 1, zone   Normal"), as for_each_online_pgdat
 * and walk_zones_in_node do, but the numa_* lines of /proc/vmstat are not
 * printed (mmsim does not count numa_hit/numa_miss), SMP (the "vm stats threshold" line), and
 * CONFIG_HUGETLB_PAGE (the htlb_buddy_alloc_* lines, always 0: mmsim has
 * no hugetlb pool).  Unpopulated zones are skipped, as walk_zones_in_node
 * does.
 */
#include <inttypes.h>
#include <string.h>
#include "procfs.h"

const char *const procfs_files[] = {
	"zoneinfo", "buddyinfo", "pagetypeinfo", "vmstat", "slabinfo",
	"meminfo", NULL,
};

/* Does the snapshot's kernel print @c (2.6.32's additions, P4's events)? */
static bool shown(const struct kstate_mem *m, const struct kstate_counter *c)
{
	switch (c->only) {
	case KSTATE_ONLY_V32:
		return m->profile.vmstat_fields == KSTATE_VMSTAT_V32;
	case KSTATE_ONLY_QUICK_RECHECK:
		return m->profile.kswapd_sleep ==
		       KSTATE_KSWAPD_SLEEP_QUICK_RECHECK;
	case KSTATE_ALL:
	default:
		return true;
	}
}

void procfs_buddyinfo(FILE *out, const struct kstate_mem *m)
{
	for (size_t z = 0; z < m->nr_zones; z++) {
		const struct kstate_zone *zone = &m->zones[z];

		fprintf(out, "Node %d, zone %8s ", zone->nid, zone->name);
		for (int order = 0; order < KSTATE_NR_ORDERS; order++)
			fprintf(out, "%6lu ", zone->nr_free[order]);
		fputc('\n', out);
	}
}

/* The populated zones of node @nid, lowest first (walk_zones_in_node). */
#define for_each_zone_in_node(zone, m, nid)				\
	for (zone = (m)->zones; zone < (m)->zones + (m)->nr_zones; zone++) \
		if (zone->nid != (nid))					\
			; /* skip */					\
		else

static void pagetypeinfo_showfree(FILE *out, const struct kstate_mem *m,
				  int nid)
{
	const struct kstate_zone *zone;

	fprintf(out, "%-43s ", "Free pages count per migrate type at order");
	for (int order = 0; order < KSTATE_NR_ORDERS; order++)
		fprintf(out, "%6d ", order);
	fputc('\n', out);

	for_each_zone_in_node(zone, m, nid) {
		for (int mt = 0; mt < KSTATE_NR_MIGRATETYPES; mt++) {
			fprintf(out, "Node %4d, zone %8s, type %12s ",
				nid, zone->name, m->migratetype_names[mt]);
			for (int order = 0; order < KSTATE_NR_ORDERS; order++)
				fprintf(out, "%6lu ",
					zone->free_by_type[mt][order]);
			fputc('\n', out);
		}
	}
}

static void pagetypeinfo_showblockcount(FILE *out,
					const struct kstate_mem *m, int nid)
{
	const struct kstate_zone *zone;

	fprintf(out, "\n%-23s", "Number of blocks type ");
	for (int mt = 0; mt < KSTATE_NR_MIGRATETYPES; mt++)
		fprintf(out, "%12s ", m->migratetype_names[mt]);
	fputc('\n', out);

	for_each_zone_in_node(zone, m, nid) {
		fprintf(out, "Node %d, zone %8s ", nid, zone->name);
		for (int mt = 0; mt < KSTATE_NR_MIGRATETYPES; mt++)
			fprintf(out, "%12" PRIu64 " ", zone->blocks_by_type[mt]);
		fputc('\n', out);
	}
}

/* pagetypeinfo_show runs once per node: the whole text repeats. */
void procfs_pagetypeinfo(FILE *out, const struct kstate_mem *m)
{
	for (unsigned int n = 0; n < m->nr_nodes; n++) {
		fprintf(out, "Page block order: %d\n", (int)m->block_order);
		fprintf(out, "Pages per block:  %lu\n", m->block_pages);
		fputc('\n', out);
		pagetypeinfo_showfree(out, m, m->node_ids[n]);
		pagetypeinfo_showblockcount(out, m, m->node_ids[n]);
	}
}

static void zoneinfo_show_print(FILE *out, const struct kstate_mem *m,
				const struct kstate_zone *zone)
{
	fprintf(out, "Node %d, zone %8s", zone->nid, zone->name);
	fprintf(out,
		"\n  pages free     %lu"
		"\n        min      %lu"
		"\n        low      %lu"
		"\n        high     %lu"
		"\n        scanned  %lu"
		"\n        spanned  %lu"
		"\n        present  %lu",
		zone->free, zone->min, zone->low, zone->high,
		zone->pages_scanned, zone->spanned_pages,
		zone->present_pages);
	for (size_t i = 0; i < zone->nr_stats; i++)
		if (shown(m, &zone->stats[i]))
			fprintf(out, "\n    %-12s %lu", zone->stats[i].name,
				zone->stats[i].value);

	/* lowmem_reserve[] in the kernel's MAX_NR_ZONES-4 enum. */
	fprintf(out, "\n        protection: (%lu", zone->protection[0]);
	for (unsigned int i = 1; i < zone->nr_protection; i++)
		fprintf(out, ", %lu", zone->protection[i]);
	fprintf(out, ")\n  pagesets");
	for (unsigned int cpu = 0; cpu < zone->nr_cpus; cpu++) {
		const struct kstate_pcp *pcp = &zone->pcp[cpu];

		fprintf(out,
			"\n    cpu: %i"
			"\n              count: %i"
			"\n              high:  %i"
			"\n              batch: %i",
			(int)cpu, pcp->count, pcp->high, pcp->batch);
		fprintf(out, "\n  vm stats threshold: %d",
			pcp->stat_threshold);
	}
	fprintf(out,
		"\n  all_unreclaimable: %u"
		"\n  prev_priority:     %i"
		"\n  start_pfn:         %lu"
		"\n  inactive_ratio:    %u",
		zone->all_unreclaimable, zone->prev_priority, zone->start_pfn,
		zone->inactive_ratio);
	fputc('\n', out);
}

void procfs_zoneinfo(FILE *out, const struct kstate_mem *m)
{
	for (size_t z = 0; z < m->nr_zones; z++)
		zoneinfo_show_print(out, m, &m->zones[z]);
}

void procfs_vmstat(FILE *out, const struct kstate_mem *m)
{
	for (size_t i = 0; i < m->nr_vmstat; i++)
		if (shown(m, &m->vmstat[i]))
			fprintf(out, "%s %lu\n", m->vmstat[i].name,
				m->vmstat[i].value);
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
void procfs_slabinfo(FILE *out, const struct kstate_mem *m)
{
	fprintf(out, "slabinfo - version: 2.1\n"
		"# name            <active_objs> <num_objs> <objsize> "
		"<objperslab> <pagesperslab>"
		" : tunables <limit> <batchcount> <sharedfactor>"
		" : slabdata <active_slabs> <num_slabs> <sharedavail>\n");
	for (size_t i = 0; i < m->nr_slabs; i++) {
		const struct kstate_slab *s = &m->slabs[i];

		fprintf(out, "%-17s %6lu %6lu %6u %4u %4d", s->name,
			s->active_objs, s->num_objs, s->objsize, s->objperslab,
			s->pagesperslab);
		fprintf(out, " : tunables %4u %4u %4u", s->limit,
			s->batchcount, s->shared);
		fprintf(out, " : slabdata %6lu %6lu %6lu\n", s->active_slabs,
			s->num_slabs, s->shared_avail);
	}
}

/* ---- /proc/meminfo ------------------------------------------------------ */

/*
 * arch_report_meminfo() (2.6.32 arch/x86/mm/pageattr.c): the direct
 * mapping as init_memory_mapping() sets it up, 2 MB (x86 without PAE:
 * 4 MB) pages where a whole one fits below the end of lowmem, 4 KB pages
 * for the rest; later splits (set_memory_*) are not modelled.
 */
static void direct_map(unsigned long lowmem_pages, unsigned int page_shift,
		       unsigned long *k4, unsigned long *big,
		       unsigned int big_order)
{
	unsigned long big_pages = lowmem_pages >> big_order << big_order;

	*big = big_pages << (page_shift - 10);
	*k4 = (lowmem_pages - big_pages) << (page_shift - 10);
}

/*
 * /proc/meminfo as 2.6.32 meminfo_proc_show() (fs/proc/meminfo.c) prints
 * it, then hugetlb_report_meminfo() and arch_report_meminfo(); .30/.31
 * (the vmstat field set) lack Shmem, KernelStack and HardwareCorrupted.
 * Configuration: CONFIG_HIGHMEM on x86 (the High/Low lines), no
 * CONFIG_QUICKLIST (x86 has none), CONFIG_MEMORY_FAILURE and
 * CONFIG_HUGETLB_PAGE as distribution kernels were built.  docs/proc.md
 * says where each value comes from and which ones the model cannot fill.
 */
void procfs_meminfo(FILE *out, const struct kstate_mem *m)
{
	const struct kstate_meminfo *mi = &m->meminfo;
	bool v32 = m->profile.vmstat_fields == KSTATE_VMSTAT_V32;
	bool x86 = mi->x86;
	unsigned int page_shift = mi->page_shift;
	unsigned long page_size = 1UL << page_shift;
	unsigned long lowmem = mi->lowmem_end_pfn, k4, big;
	unsigned long vmalloc_total_kb;

#define K(x) ((unsigned long)(x) << (page_shift - 10))
	fprintf(out, "MemTotal:       %8lu kB\n", K(mi->totalram));
	fprintf(out, "MemFree:        %8lu kB\n", K(mi->free));
	fprintf(out, "Buffers:        %8lu kB\n", 0UL);
	fprintf(out, "Cached:         %8lu kB\n", K(mi->cached));
	fprintf(out, "SwapCached:     %8lu kB\n", K(mi->swapcached));
	fprintf(out, "Active:         %8lu kB\n",
		K(mi->active_anon + mi->active_file));
	fprintf(out, "Inactive:       %8lu kB\n",
		K(mi->inactive_anon + mi->inactive_file));
	fprintf(out, "Active(anon):   %8lu kB\n", K(mi->active_anon));
	fprintf(out, "Inactive(anon): %8lu kB\n", K(mi->inactive_anon));
	fprintf(out, "Active(file):   %8lu kB\n", K(mi->active_file));
	fprintf(out, "Inactive(file): %8lu kB\n", K(mi->inactive_file));
	fprintf(out, "Unevictable:    %8lu kB\n", K(mi->unevictable));
	fprintf(out, "Mlocked:        %8lu kB\n", K(mi->mlocked));
	if (x86) {
		fprintf(out, "HighTotal:      %8lu kB\n", K(mi->totalhigh));
		fprintf(out, "HighFree:       %8lu kB\n", K(mi->freehigh));
		fprintf(out, "LowTotal:       %8lu kB\n",
			K(mi->totalram - mi->totalhigh));
		fprintf(out, "LowFree:        %8lu kB\n",
			K(mi->free - mi->freehigh));
	}
	fprintf(out, "SwapTotal:      %8lu kB\n", K(mi->swap_total));
	fprintf(out, "SwapFree:       %8lu kB\n", K(mi->swap_free));
	fprintf(out, "Dirty:          %8lu kB\n", K(mi->dirty));
	fprintf(out, "Writeback:      %8lu kB\n", K(mi->writeback));
	fprintf(out, "AnonPages:      %8lu kB\n", K(mi->anon));
	fprintf(out, "Mapped:         %8lu kB\n", K(mi->mapped));
	if (v32)
		fprintf(out, "Shmem:          %8lu kB\n", K(mi->shmem));
	fprintf(out, "Slab:           %8lu kB\n",
		K(mi->slab_reclaimable + mi->slab_unreclaimable));
	fprintf(out, "SReclaimable:   %8lu kB\n", K(mi->slab_reclaimable));
	fprintf(out, "SUnreclaim:     %8lu kB\n", K(mi->slab_unreclaimable));
	if (v32)
		fprintf(out, "KernelStack:    %8lu kB\n", mi->kernel_stack_kb);
	fprintf(out, "PageTables:     %8lu kB\n", K(mi->pagetables));
	fprintf(out, "NFS_Unstable:   %8lu kB\n", K(mi->unstable));
	fprintf(out, "Bounce:         %8lu kB\n", K(mi->bounce));
	fprintf(out, "WritebackTmp:   %8lu kB\n", K(mi->writeback_tmp));
	/* No hugetlb pages; vm.overcommit_ratio at its default, 50. */
	fprintf(out, "CommitLimit:    %8lu kB\n",
		K(mi->totalram * 50 / 100 + mi->swap_total));
	fprintf(out, "Committed_AS:   %8lu kB\n", K(mi->committed));
	/*
	 * VMALLOC_END - VMALLOC_START: x86-64's 32 TB; x86 (no PAE) from
	 * high_memory + 8 MB (VMALLOC_OFFSET) to PKMAP_BASE (0xff800000)
	 * less two guard pages.
	 */
	if (x86) {
		unsigned long long start = 0xc0000000ULL +
			((unsigned long long)(lowmem < 229376 ? lowmem : 229376) << page_shift) +
			(8ULL << 20);

		start = (start + (8ULL << 20) - 1) & ~((8ULL << 20) - 1);
		vmalloc_total_kb = (unsigned long)((0xff800000ULL - 2 * page_size - start) >> 10);
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
		direct_map(lowmem, page_shift, &k4, &big, 10);
		fprintf(out, "DirectMap4k:    %8lu kB\n", k4);
		fprintf(out, "DirectMap4M:    %8lu kB\n", big);
	} else {
		direct_map(mi->max_pfn, page_shift, &k4, &big, 9);
		fprintf(out, "DirectMap4k:    %8lu kB\n", k4);
		fprintf(out, "DirectMap2M:    %8lu kB\n", big);
	}
#undef K
}

static const struct {
	const char *name;
	void (*show)(FILE *out, const struct kstate_mem *m);
	int needs;
} files[] = {
	{ "zoneinfo", procfs_zoneinfo, 0 },
	{ "buddyinfo", procfs_buddyinfo, 0 },
	{ "pagetypeinfo", procfs_pagetypeinfo, KSTATE_PAGETYPES },
	{ "vmstat", procfs_vmstat, KSTATE_VMSTAT },
	{ "slabinfo", procfs_slabinfo, KSTATE_SLABINFO },
	{ "meminfo", procfs_meminfo, KSTATE_MEMINFO },
};

int procfs_needs(const char *name)
{
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		if (!strcmp(name, files[i].name))
			return files[i].needs;
	return -1;
}

int procfs_show(const char *name, const struct kstate_mem *m, FILE *out)
{
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		if (!strcmp(name, files[i].name)) {
			files[i].show(out, m);
			return 0;
		}
	}
	return -1;
}
