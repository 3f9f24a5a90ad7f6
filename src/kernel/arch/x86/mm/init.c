// SPDX-License-Identifier: GPL-2.0
/*
 * Booting the simulated machine's memory: the x86 and x86-64 layouts and
 * mmsim's boot entry, mem_init(cfg).
 *
 * One binary boots both architectures, so what 2.6.31 and 2.6.32 split
 * between arch/x86/mm/init_32.c and init_64.c (the zone limits of
 * zone_sizes_init and paging_init, HUGETLB_PAGE_ORDER, the memory the
 * kernel image takes) sits side by side here, chosen by sim_arch.  It lives under
 * arch/ so that mm/ holds only what mm/ holds in the kernel: the zone set-
 * up itself is mm/page_alloc.c's, the boot-time free mm/bootmem.c's, the
 * RAM map arch/x86/kernel/e820.c's and the nodes arch/x86/mm/numa_64.c's.
 *
 * mem_init(cfg) runs, in one call, the memory part of the kernel's boot
 * (2.6.31 arch/x86: head32.c/head64.c and setup_arch for max_pfn, the
 * e820 holes and the kernel image; initmem_init's nodes; paging_init ->
 * zone_sizes_init -> free_area_init_nodes), then start_kernel's
 * build_all_zonelists, mem_init -> free_all_bootmem, and
 * init_per_zone_wmark_min.  The kernel's own mem_init (init_32.c,
 * init_64.c) is only the free_all_bootmem step.
 *
 * Physical layout of a simulated machine:
 *
 *   pfn 0 ............ 16 MiB ............ 896 MiB / 4 GiB ........ mem=
 *   | DMA (hole 640K-1M) | NORMAL or DMA32       | HIGHMEM or NORMAL |
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/bootmem.h"
#include "linux/swap.h"

#define MB_PAGES(mb) ((unsigned long)(mb) << (20 - PAGE_SHIFT))

const struct arch_desc *sim_arch;
unsigned int nr_online_cpus;
static char mem_error[256];

/*
 * Zone types per architecture, as the kernel's enum zone_type is
 * configured (CONFIG_ZONE_DMA, CONFIG_ZONE_DMA32, CONFIG_HIGHMEM):
 * MAX_NR_ZONES is 4 on both.  mmsim's superset enum leaves the missing
 * type (DMA32 on x86, HIGHMEM on x86-64) empty.
 *
 * struct page is 32 bytes on x86-32 (flags, _count, _mapcount, private,
 * mapping, index: 4 bytes each; lru: 8) and 56 on x86-64 (8-byte longs
 * and pointers, 4-byte counts), without debug options (2.6.32
 * include/linux/mm_types.h; docs/model.md, "Uncertain kernel facts").
 */
static const struct arch_desc arch_table[] = {
	{
		.arch = ARCH_X86,
		.name = "x86",
		.nr_zone_types = 4,
		.zone_types = { ZONE_DMA, ZONE_NORMAL, ZONE_HIGHMEM, ZONE_MOVABLE },
		.vmstat_suffix = { "dma", "dma32", "normal", "high", "movable" },
		.dma_end_pfn = MB_PAGES(16),
		.dma32_end_pfn = 0,
		/* PAGE_OFFSET 0xC0000000 less the 128 MiB vmalloc reserve:
		 * the nominal 896 MiB; the exact max_low_pfn depends on
		 * the fixmap size and is a few MiB lower on real boots. */
		.lowmem_end_pfn = MB_PAGES(896),
		.struct_page_size = 32,
	},
	{
		.arch = ARCH_X86_64,
		.name = "x86_64",
		.nr_zone_types = 4,
		.zone_types = { ZONE_DMA, ZONE_DMA32, ZONE_NORMAL, ZONE_MOVABLE },
		.vmstat_suffix = { "dma", "dma32", "normal", "high", "movable" },
		.dma_end_pfn = MB_PAGES(16),
		.dma32_end_pfn = MB_PAGES(4096),
		.lowmem_end_pfn = 0,
		.struct_page_size = 56,
	},
};

const struct arch_desc *arch_lookup(const char *name)
{
	if (!name)
		return NULL;
	if (!strcmp(name, "x86-64") || !strcmp(name, "amd64"))
		name = "x86_64";
	if (!strcmp(name, "i386"))
		name = "x86";
	for (size_t i = 0; i < sizeof(arch_table) / sizeof(arch_table[0]); i++)
		if (!strcmp(arch_table[i].name, name))
			return &arch_table[i];
	return NULL;
}

const char *mem_init_error(void)
{
	return mem_error;
}

int mem_fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(mem_error, sizeof(mem_error), fmt, ap);
	va_end(ap);
	mem_exit();
	return -EINVAL;
}

/*
 * Default boot reservation besides memmap and holes: 8 MiB.  [MODEL] A
 * 2.6.32 distro kernel's text, data and bss are about 6 MiB; early page
 * tables, the dentry/inode hash tables and per-cpu areas add one to two
 * MiB on a 512 MiB machine.  The kernel is loaded at 16 MiB
 * (CONFIG_PHYSICAL_START 0x1000000, the x86 default since 2.6.31, chosen to
 * keep ZONE_DMA free), so the reservation sits at the start of the first
 * zone above DMA (the reserve_early "TEXT DATA BSS" of 2.6.31
 * arch/x86/kernel/head32.c and head64.c).
 */
#define DEFAULT_RESERVED_KBYTES 8192UL

/*
 * Highest pageblock order the layout allows: HUGETLB_PAGE_ORDER, which is
 * 10 (4 MiB pages) on x86-32 without PAE and 9 (2 MiB) with PAE and on
 * x86-64 (arch/x86/include/asm/page_types.h: HPAGE_SHIFT is PMD_SHIFT).
 * More than 4 GiB on x86-32 needs PAE.
 */
static unsigned int default_pageblock_order(const struct mem_config *cfg)
{
	if (cfg->arch->arch == ARCH_X86_64)
		return 9;
	return cfg->mem_bytes > (4ULL << 30) ? 9 : 10;
}

static int check_config(const struct mem_config *cfg)
{
	uint64_t limit;
	long host_pages = sysconf(_SC_PHYS_PAGES);
	long host_page_size = sysconf(_SC_PAGESIZE);

	if (!cfg || !cfg->arch)
		return mem_fail("no architecture given");
	if (cfg->mem_bytes < (64UL << 20))
		return mem_fail("mem=%luK: at least 64 MB is needed",
				cfg->mem_bytes >> 10);
	/* x86-32 PAE addresses 36 bits; x86-64 kernels of 2009 ran far
	 * larger machines than mmsim will be asked for, so 1 TiB. */
	limit = cfg->arch->arch == ARCH_X86 ? 64ULL << 30 : 1ULL << 40;
	if (cfg->mem_bytes > limit)
		return mem_fail("mem=%luM: more than %s supports (%llu GB)",
				cfg->mem_bytes >> 20, cfg->arch->name,
				(unsigned long long)(limit >> 30));
	if (host_pages > 0 && host_page_size > 0) {
		uint64_t need = (cfg->mem_bytes >> PAGE_SHIFT) * sizeof(struct page);
		uint64_t host = (uint64_t)host_pages * (uint64_t)host_page_size;

		if (need > host / 2)
			return mem_fail("mem=%luM: its %llu MB of struct pages exceed half of this host's memory",
					cfg->mem_bytes >> 20,
					(unsigned long long)(need >> 20));
	}
	if (cfg->nr_cpus > SIM_MAX_CPUS)
		return mem_fail("%u CPUs: at most %d", cfg->nr_cpus, SIM_MAX_CPUS);
	if (cfg->nr_nodes > MAX_NUMNODES)
		return mem_fail("%u nodes: at most %d", cfg->nr_nodes, MAX_NUMNODES);
	if (cfg->nr_nodes > 1 && cfg->arch->arch != ARCH_X86_64)
		return mem_fail("%u nodes: NUMA is modelled on x86_64 only",
				cfg->nr_nodes);
	if (cfg->nr_nodes > 1 && cfg->nr_cpus < cfg->nr_nodes)
		return mem_fail("%u nodes need at least as many CPUs (%u given)",
				cfg->nr_nodes, cfg->nr_cpus);
	/* Every node gets whole MAX_ORDER blocks and room for its memmap. */
	if (cfg->nr_nodes > 1 &&
	    (cfg->mem_bytes >> PAGE_SHIFT) / cfg->nr_nodes < 8 * MAX_ORDER_NR_PAGES)
		return mem_fail("mem=%luM over %u nodes: at least %lu MB per node",
				cfg->mem_bytes >> 20, cfg->nr_nodes,
				(8 * MAX_ORDER_NR_PAGES) >> (20 - PAGE_SHIFT));
	if (cfg->pageblock_order && (cfg->pageblock_order < 1 ||
				     cfg->pageblock_order > MAX_ORDER - 1))
		return mem_fail("pageblock_order %u: must be 1..%d",
				cfg->pageblock_order, MAX_ORDER - 1);
	if (cfg->percpu_pagelist_fraction && cfg->percpu_pagelist_fraction < 8)
		return mem_fail("percpu_pagelist_fraction %u: at least 8",
				cfg->percpu_pagelist_fraction);
	return 0;
}

/*
 * zone_sizes_init (init_32.c) and paging_init (init_64.c): where each
 * zone type ends.  x86-32: DMA below 16 MiB (MAX_DMA_ADDRESS), Normal up
 * to max_low_pfn (lowmem, at most 896 MiB), HighMem above; x86-64: DMA
 * below 16 MiB, DMA32 below 4 GiB (MAX_DMA32_PFN), Normal above.  A type
 * the architecture does not configure ends where the previous one does.
 */
static void zone_sizes_init(unsigned long *max_zone_pfns)
{
	const struct arch_desc *a = sim_arch;

	max_zone_pfns[ZONE_DMA] = a->dma_end_pfn;
	max_zone_pfns[ZONE_DMA32] = a->dma32_end_pfn ? a->dma32_end_pfn :
						       a->dma_end_pfn;
	max_zone_pfns[ZONE_NORMAL] = a->lowmem_end_pfn ?
		min(a->lowmem_end_pfn, max_pfn) : max_pfn;
	max_zone_pfns[ZONE_HIGHMEM] = max_pfn;
	max_zone_pfns[ZONE_MOVABLE] = max_pfn;
}

int mem_init(const struct mem_config *cfg)
{
	unsigned long max_zone_pfns[MAX_NR_ZONES];
	unsigned long reserved_pages;
	int err;

	mem_exit();
	mem_error[0] = '\0';
	err = check_config(cfg);
	if (err)
		return err;

	/* setup_arch: the machine, max_pfn, the kernel image's reservation. */
	sim_arch = cfg->arch;
	nr_online_cpus = cfg->nr_cpus ? cfg->nr_cpus : 1;
	numa_init(cfg->nr_nodes);
	max_pfn = cfg->mem_bytes >> PAGE_SHIFT;
	pageblock_order = cfg->pageblock_order ? cfg->pageblock_order :
		default_pageblock_order(cfg);
	reserved_pages = cfg->reserved_kbytes == (unsigned long)-1 ?
		DEFAULT_RESERVED_KBYTES : cfg->reserved_kbytes;
	reserved_pages = (reserved_pages + (PAGE_SIZE >> 10) - 1) >>
		(PAGE_SHIFT - 10);
	if (alloc_node_mem_map())
		return mem_fail("mem=%luM: out of host memory for mem_map",
				cfg->mem_bytes >> 20);

	vmstat_reset();
	/* initmem_init: the nodes; paging_init: the zones. */
	setup_node_spans((unsigned int)nr_online_nodes);
	zone_sizes_init(max_zone_pfns);
	err = free_area_init_nodes(max_zone_pfns, reserved_pages,
				   cfg->percpu_pagelist_fraction);
	if (err)
		return err;

	/* start_kernel: build_all_zonelists, then mem_init. */
	build_all_zonelists(cfg->zonelist_order);
	totalram_pages += free_all_bootmem();

	/* init_per_zone_wmark_min, or vm.min_free_kbytes set from the start. */
	set_lowmem_reserve_ratios(cfg);
	if (cfg->min_free_kbytes) {
		min_free_kbytes = (int)cfg->min_free_kbytes;
		setup_per_zone_wmarks();
		setup_per_zone_lowmem_reserve();
		setup_per_zone_inactive_ratio();
	} else {
		init_per_zone_wmark_min();
	}
	return 0;
}

void mem_exit(void)
{
	pg_data_t *pgdat;

	for_each_online_pgdat(pgdat) {
		for (int t = 0; t < MAX_NR_ZONES; t++) {
			free(pgdat->node_zones[t].pageset);
			free(pgdat->node_zones[t].pageblock_flags);
		}
	}
	numa_exit();
	current_zonelist_order = ZONELIST_ORDER_NODE;
	free(mem_map);
	mem_map = NULL;
	max_pfn = 0;
	sim_arch = NULL;
	nr_online_cpus = 0;
	pageblock_order = 0;
	page_group_by_mobility_disabled = 0;
	min_free_kbytes = 0;
	totalreserve_pages = 0;
	totalram_pages = 0;
	vmstat_reset();
	/* The per-cpu pagevecs held pages of the mem_map just freed. */
	lru_pvecs_reset();
}
