/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Allocation failures as the kernel would have reported them.  At the
 * nopage exit of the slow path the allocator calls record_alloc_failure();
 * it decides, as __alloc_pages_slowpath does, whether the warning would
 * reach the log (__GFP_NOWARN, then printk_ratelimit()), and keeps a
 * snapshot of everything show_mem() would print at that instant.  The
 * kernel side never prints: src/report/kern_log.c formats the records.
 */
#ifndef MMSIM_ALLOC_FAIL_H
#define MMSIM_ALLOC_FAIL_H

#include <stdbool.h>
#include <stddef.h>
#include "gfp.h"
#include "mmzone.h"
#include "vmstat.h"
#include "../sim/sim.h"

/* printk_ratelimit(): at most 10 messages per 5 * HZ (kernel/printk.c). */
#define PRINTK_RATELIMIT_BURST		10
#define PRINTK_RATELIMIT_INTERVAL_S	5

/* Unprinted failures keep a show_mem snapshot only up to this many. */
#define ALLOC_FAIL_UNPRINTED_SNAPSHOTS	1024

struct pcp_snapshot {
	int high;
	int batch;
	int count;
};

/* One populated zone, as show_free_areas() reads it. */
struct zone_snapshot {
	int nid;			/* its node */
	enum zone_type type;		/* superset index (mmzone.h) */
	const char *name;		/* "DMA", "Normal", ... */
	unsigned long watermark[NR_WMARK];
	unsigned long stat[NR_VM_ZONE_STAT_ITEMS];	/* zone_page_state, pages */
	unsigned long present_pages;
	unsigned long pages_scanned;
	bool all_unreclaimable;
	unsigned long nr_free[MAX_ORDER];	/* free blocks per order */
	struct pcp_snapshot *pcp;	/* [nr_cpus] */
};

struct swap_cache_stats {
	unsigned long pages;		/* total_swapcache_pages */
	unsigned long add_total;
	unsigned long del_total;
	unsigned long find_success;
	unsigned long find_total;
};

/* Everything show_mem() prints. */
struct show_mem_snapshot {
	unsigned int nr_cpus;
	unsigned int nr_nodes;		/* online nodes: > 1 prints "Node N " */
	unsigned int nr_zones;		/* populated zones of every node */
	struct zone_snapshot *zones;	/* [nr_zones], in node order */
	/*
	 * lowmem_reserve[] of each zone in the kernel's own index order
	 * (arch->zone_types), nr_lowmem_reserve = the kernel's MAX_NR_ZONES.
	 */
	unsigned int nr_lowmem_reserve;
	unsigned long (*lowmem_reserve)[MAX_NR_ZONES];	/* [nr_zones] */
	unsigned long global[NR_VM_ZONE_STAT_ITEMS];	/* global_page_state */
	struct swap_cache_stats swap_cache;
	long nr_swap_pages;
	long total_swap_pages;
	/* lib/show_mem.c's walk over the node's pages (printed failures only). */
	bool have_page_counts;
	bool highmem_config;		/* x86-32: "pages HighMem" line */
	unsigned long pages_ram;
	unsigned long pages_highmem;
	unsigned long pages_reserved;
	unsigned long pages_shared;
	unsigned long pages_nonshared;
};

struct alloc_failure {
	sim_time_t time;
	unsigned long when_jiffies;
	char comm[16];			/* current->comm; "swapper" on an idle CPU */
	int pid;
	int cpu;
	bool in_interrupt;
	unsigned int order;
	gfp_t gfp_mask;
	bool nowarn;			/* __GFP_NOWARN: counted, not printed */
	bool ratelimited;		/* printk_ratelimit() refused it */
	bool printed;			/* reached the log */
	/*
	 * Before this message __ratelimit printed "__ratelimit: N callbacks
	 * suppressed" for the previous window: N, or 0 for no such line.
	 */
	int ratelimit_missed;
	/*
	 * show_mem at the failing instant: always for printed failures, for
	 * unprinted ones only the first ALLOC_FAIL_UNPRINTED_SNAPSHOTS.
	 */
	struct show_mem_snapshot *mem;
};

void record_alloc_failure(gfp_t gfp_mask, unsigned int order);

size_t alloc_failure_count(void);
const struct alloc_failure *alloc_failure_get(size_t i);
/* Failures whose warning reached the log: the cover letter's "Failures:". */
size_t alloc_failures_printed(void);
size_t alloc_failures_nowarn(void);
size_t alloc_failures_ratelimited(void);
/* Suppressed in the current ratelimit window and not yet reported. */
int alloc_failures_ratelimit_pending(void);
/* Forget every record and reset the ratelimit state (between runs). */
void alloc_failures_reset(void);

/*
 * Swap numbers show_swap_cache_info() prints.  Weak defaults here (0 and
 * no swap cache); swapfile.c / swap_state.c provide the real ones by
 * defining the same symbols.
 */
extern long nr_swap_pages;
extern long total_swap_pages;
void swap_cache_stats_get(struct swap_cache_stats *st);

/* THREAD_SIZE for the kernel_stack:kB field (8 KiB stacks on both arches). */
#define ALLOC_FAIL_THREAD_SIZE	8192

#endif /* MMSIM_ALLOC_FAIL_H */
