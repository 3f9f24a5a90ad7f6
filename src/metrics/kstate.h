/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Snapshots of the simulated kernel's state as plain data, for the text
 * formatters of report/ (the /proc files, kern.log, the failure
 * explanations): the kernel fills them (src/kernel: mm/vmstat.c,
 * mm/slab_common.c, fs/proc/meminfo.c, profile.c), the way 2.6.32
 * mm/vmstat.c zoneinfo_show() and frag_show() walk the zones, and report/
 * formats them without reading the kernel.  Names are the kernel's own
 * strings (zone names, vmstat item names), which live as long as the
 * program.
 */
#ifndef MMSIM_METRICS_KSTATE_H
#define MMSIM_METRICS_KSTATE_H

#include <stdbool.h>
#include <stddef.h>

/* MAX_ORDER and MIGRATE_TYPES (the kernel checks that they match). */
#define KSTATE_NR_ORDERS	11
#define KSTATE_NR_MIGRATETYPES	5
/* Zone types an architecture configures at most (arch_desc). */
#define KSTATE_NR_ZONE_TYPES	4

/*
 * The profile identity the formats depend on: 2.6.30, .31 and .32 print
 * different field sets (mmsim/profile_switches.h vmstat_fields), and
 * patch 4 adds two vmstat events (kswapd_sleep).
 */
enum kstate_vmstat_fields {
	KSTATE_VMSTAT_V30,
	KSTATE_VMSTAT_V31,
	KSTATE_VMSTAT_V32,
};

enum kstate_kswapd_sleep {
	KSTATE_KSWAPD_SLEEP_PLAIN,
	KSTATE_KSWAPD_SLEEP_QUICK_RECHECK,
};

struct kstate_profile {
	const char *name;		/* "2.6.32-rc6-0012345-adjust-priority" */
	const char *release;		/* "2.6.32", "2.6.32.9", or the tag */
	enum kstate_vmstat_fields vmstat_fields;
	enum kstate_kswapd_sleep kswapd_sleep;
};

/* Which kernels print a counter: every one, or only some. */
enum kstate_only {
	KSTATE_ALL,
	KSTATE_ONLY_V32,		/* added in 2.6.32 (vmstat_fields V32) */
	KSTATE_ONLY_QUICK_RECHECK,	/* patch 4's kswapd_premature_* */
};

/* One line of /proc/vmstat or one counter of /proc/zoneinfo. */
struct kstate_counter {
	const char *name;
	unsigned long value;
	enum kstate_only only;
};

struct kstate_pcp {
	int count;
	int high;
	int batch;
	int stat_threshold;		/* the pageset's vm stats threshold */
};

/* One populated zone, as zoneinfo_show_print() and frag_show() read it. */
struct kstate_zone {
	int nid;
	const char *name;		/* "DMA", "Normal", ... */
	bool highmem;			/* is_highmem_idx() */
	unsigned long free;		/* NR_FREE_PAGES */
	unsigned long min, low, high;	/* watermarks */
	unsigned long pages_scanned;
	unsigned long spanned_pages;
	unsigned long present_pages;
	unsigned long start_pfn;
	unsigned int all_unreclaimable;
	int prev_priority;
	unsigned int inactive_ratio;
	size_t nr_stats;
	struct kstate_counter *stats;	/* zone_page_state, every item */
	/* lowmem_reserve[] in the kernel's MAX_NR_ZONES-4 enum. */
	unsigned int nr_protection;
	unsigned long protection[KSTATE_NR_ZONE_TYPES];
	unsigned int nr_cpus;
	struct kstate_pcp *pcp;		/* [nr_cpus] */
	unsigned long nr_free[KSTATE_NR_ORDERS];	/* free blocks per order */
	/* KSTATE_PAGETYPES only: blocks on each free list, and pageblocks
	 * of each migrate type. */
	unsigned long free_by_type[KSTATE_NR_MIGRATETYPES][KSTATE_NR_ORDERS];
	unsigned long blocks_by_type[KSTATE_NR_MIGRATETYPES];
};

/* What a struct kstate_mem holds beyond the zones' own counters. */
#define KSTATE_PAGETYPES	0x1	/* free_by_type, blocks_by_type */
#define KSTATE_VMSTAT		0x2	/* vmstat[] */
#define KSTATE_SLABINFO		0x4	/* slabs[] */
#define KSTATE_MEMINFO		0x8	/* meminfo */

/* One line of /proc/slabinfo (2.6.32 s_show()). */
struct kstate_slab {
	const char *name;
	unsigned long active_objs, num_objs;
	unsigned int objsize, objperslab;
	int pagesperslab;
	unsigned int limit, batchcount, shared;
	unsigned long active_slabs, num_slabs, shared_avail;
};

/* What 2.6.32 meminfo_proc_show() reads, in pages unless said. */
struct kstate_meminfo {
	bool x86;			/* CONFIG_HIGHMEM x86, else x86-64 */
	unsigned int page_shift;
	unsigned long totalram;
	unsigned long free;
	unsigned long cached;		/* NR_FILE_PAGES - swap cache, >= 0 */
	unsigned long swapcached;
	unsigned long active_anon, inactive_anon;
	unsigned long active_file, inactive_file;
	unsigned long unevictable;
	unsigned long mlocked;
	unsigned long totalhigh, freehigh;
	unsigned long lowmem_end_pfn;	/* end of the last lowmem zone */
	unsigned long max_pfn;
	unsigned long swap_total, swap_free;
	unsigned long dirty, writeback, anon, mapped, shmem;
	unsigned long slab_reclaimable, slab_unreclaimable;
	unsigned long kernel_stack_kb;
	unsigned long pagetables, unstable, bounce, writeback_tmp;
	unsigned long committed;	/* Committed_AS */
};

/* The machine's memory as the /proc files print it. */
struct kstate_mem {
	struct kstate_profile profile;
	unsigned int block_order;		/* pageblock_order */
	unsigned long block_pages;		/* pageblock_nr_pages */
	const char *migratetype_names[KSTATE_NR_MIGRATETYPES];
	unsigned int nr_nodes;		/* online nodes, in node order */
	int *node_ids;			/* [nr_nodes] */
	size_t nr_zones;		/* populated zones, node by node */
	struct kstate_zone *zones;
	size_t nr_vmstat;		/* KSTATE_VMSTAT: /proc/vmstat's lines */
	struct kstate_counter *vmstat;
	size_t nr_slabs;		/* KSTATE_SLABINFO: newest cache first */
	struct kstate_slab *slabs;
	struct kstate_meminfo meminfo;	/* KSTATE_MEMINFO */
};

void kstate_mem_free(struct kstate_mem *m);

#endif /* MMSIM_METRICS_KSTATE_H */
