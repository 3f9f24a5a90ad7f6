/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SLAB's per-cache structures (2.6.32 include/linux/slab_def.h and the
 * private ones of mm/slab.c), as a part of struct kmem_cache
 * (linux/slab.h): the per-CPU array caches, the node's shared array and
 * its three slab lists.
 *
 * [MODEL] One kmem_list3 for the whole machine (the kernel has one per
 * node and alien caches between them).
 */
#ifndef MMSIM_SLAB_DEF_H
#define MMSIM_SLAB_DEF_H

#include "sim/list.h"
#include "sim/sim.h"

#define BATCHREFILL_LIMIT	16
#define REAPTIMEOUT_CPUC	(2 * HZ)	/* cache_reap per CPU */
#define REAPTIMEOUT_LIST3	(4 * HZ)	/* a node's lists */
#define SLAB_LIMIT		(~0U - 3)	/* BUFCTL_END - 2: no limit here */
#define BREAK_GFP_ORDER_HI	1	/* slab_break_gfp_order, > 32 MB of RAM */
#define KMALLOC_MAX_SIZE_SLAB	(1UL << 22)	/* min(MAX_ORDER + PAGE_SHIFT - 1, 25) */

/* A CPU's (or the node's shared) stack of free objects. */
struct array_cache {
	unsigned int avail;
	unsigned int limit;
	unsigned int batchcount;
	unsigned int touched;
	void **entry;
};

struct kmem_list3 {
	struct list_head slabs_partial;	/* partial first, for better asm code */
	struct list_head slabs_full;
	struct list_head slabs_free;
	unsigned long free_objects;
	unsigned int free_limit;
	unsigned long next_reap;	/* jiffies */
	int free_touched;
	struct array_cache *shared;
};

struct kmem_cache_slab {
	unsigned int batchcount, limit, shared;
	unsigned int num;			/* objects per slab */
	unsigned int gfporder;
	bool off_slab;				/* CFLGS_OFF_SLAB */
	unsigned int slab_size;			/* struct slab + bufctls */
	struct kmem_cache *slabp_cache;		/* off-slab descriptors' cache */
	struct array_cache *array;		/* per CPU */
	unsigned int nr_cpus;
	struct kmem_list3 l3;
};

#endif /* MMSIM_SLAB_DEF_H */
