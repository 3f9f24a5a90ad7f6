/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Radix trees, as 2.6.32's include/linux/radix-tree.h and lib/radix-tree.c:
 * the page cache's and the swap cache's index.  64 slots per node
 * (RADIX_TREE_MAP_SHIFT 6), nodes from the "radix_tree_node" slab
 * (SLAB_RECLAIM_ACCOUNT, a constructor), freed after an RCU grace period.
 * A tree of height h holds indexes up to 2^(6h) - 1; height 0 holds only
 * index 0, in the root itself.
 *
 * Insertion allocates a node for every missing level with the root's gfp
 * mask (GFP_ATOMIC for the page cache, GFP_ATOMIC | __GFP_NOWARN for the
 * swap cache), taking it from this CPU's preload pool when the mask
 * cannot sleep; radix_tree_preload() fills that pool (RADIX_TREE_MAX_PATH
 * nodes: 11 on x86-64, 6 on x86) beforehand, with the caller's mask.
 *
 * Tags (dirty, writeback) are not modelled: mmsim finds dirty pages
 * through its own lists.
 */
#ifndef MMSIM_RADIX_TREE_H
#define MMSIM_RADIX_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include "linux/gfp.h"

#define RADIX_TREE_MAP_SHIFT	6
#define RADIX_TREE_MAP_SIZE	(1UL << RADIX_TREE_MAP_SHIFT)
#define RADIX_TREE_MAP_MASK	(RADIX_TREE_MAP_SIZE - 1)

struct radix_tree_node;

struct radix_tree_root {
	unsigned int height;
	gfp_t gfp_mask;
	void *rnode;			/* height 0: the item; else a node */
};

#define RADIX_TREE_INIT(mask)	{ .height = 0, .gfp_mask = (mask), .rnode = 0 }

static inline void INIT_RADIX_TREE(struct radix_tree_root *root, gfp_t mask)
{
	root->height = 0;
	root->gfp_mask = mask;
	root->rnode = 0;
}

/* lib/radix-tree.c radix_tree_init (start_kernel): the node cache; every
 * CPU's preload pool empty. */
void radix_tree_init(void);

/*
 * Fill this CPU's preload pool with nodes allocated with @gfp_mask: 0, or
 * -ENOMEM when one allocation failed (the nodes taken so far stay).  The
 * kernel returns with preemption off until radix_tree_preload_end().
 */
int radix_tree_preload(gfp_t gfp_mask);
static inline void radix_tree_preload_end(void) { }

/* 0, -EEXIST (something is there), -ENOMEM (a node could not be had). */
int radix_tree_insert(struct radix_tree_root *root, unsigned long index,
		      void *item);
void *radix_tree_lookup(const struct radix_tree_root *root,
			unsigned long index);
/* The slot holding @index's item, NULL if there is none. */
void **radix_tree_lookup_slot(const struct radix_tree_root *root,
			      unsigned long index);
static inline void radix_tree_replace_slot(void **pslot, void *item)
{
	*pslot = item;
}
/* The item removed, or NULL; empty nodes are freed (after RCU). */
void *radix_tree_delete(struct radix_tree_root *root, unsigned long index);

/* Nodes and items in @root (walks: tests and the checker). */
unsigned long radix_tree_count_nodes(const struct radix_tree_root *root);
unsigned long radix_tree_count_items(const struct radix_tree_root *root);
/* Host bytes behind one node: the struct and its slab slot's header. */
size_t radix_tree_node_host_bytes(void);
/* Nodes allocated and not yet freed, preload pools and RCU included. */
unsigned long radix_tree_nr_nodes(void);

#endif /* MMSIM_RADIX_TREE_H */
