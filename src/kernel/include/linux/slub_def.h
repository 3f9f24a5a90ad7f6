/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SLUB's per-cache structures (2.6.32 include/linux/slub_def.h), as a
 * part of struct kmem_cache (linux/slab.h): the preferred and minimum
 * slab layouts, the per-CPU slab and the node's partial list.
 *
 * [MODEL] One kmem_cache_node for the whole machine: on a NUMA machine
 * the kernel keeps one per node and prefers the local node's partial
 * slabs; mmsim's slabs all go on the one list.
 */
#ifndef MMSIM_SLUB_DEF_H
#define MMSIM_SLUB_DEF_H

#include "sim/list.h"

/* kmalloc-8 ... kmalloc-8192 (SLUB_PAGE_SHIFT = PAGE_SHIFT + 2), plus
 * kmalloc-96 and kmalloc-192 at indexes 1 and 2. */
#define KMALLOC_SHIFT_LOW	3
#define SLUB_PAGE_SHIFT		14
#define SLUB_MAX_SIZE		(2 * PAGE_SIZE)		/* larger: kmalloc_large */
#define SLUB_MAX_ORDER		3	/* slub_max_order = PAGE_ALLOC_COSTLY_ORDER */
#define SLUB_MIN_PARTIAL	5	/* MIN_PARTIAL */
#define SLUB_MAX_PARTIAL	10	/* MAX_PARTIAL */

/* struct kmem_cache_order_objects: an order and the objects it holds. */
struct kmem_cache_order_objects {
	unsigned int order;
	unsigned int objects;
};

/* One CPU's slab: objects on @freelist are free and only this CPU's. */
struct kmem_cache_cpu {
	void **freelist;
	struct slab *page;		/* the slab they belong to (frozen) */
};

/* The node's slabs: partial ones on a list, every one counted. */
struct kmem_cache_node {
	unsigned long nr_partial;
	struct list_head partial;
	unsigned long nr_slabs;
	unsigned long total_objects;
};

struct kmem_cache_slub {
	struct kmem_cache_order_objects oo;	/* the preferred layout */
	struct kmem_cache_order_objects min;	/* the fallback: get_order(size) */
	unsigned long min_partial;
	struct kmem_cache_cpu *cpu_slab;	/* nr_cpu_ids of them */
	unsigned int nr_cpus;
	struct kmem_cache_node node;
};

#endif /* MMSIM_SLUB_DEF_H */
