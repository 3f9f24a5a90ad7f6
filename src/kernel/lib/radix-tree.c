// SPDX-License-Identifier: GPL-2.0
/*
 * Radix trees (include/linux/radix-tree.h), as 2.6.32's lib/radix-tree.c
 * without tags: radix_tree_preload, radix_tree_insert (radix_tree_extend
 * growing the tree a level at a time), radix_tree_lookup,
 * radix_tree_delete (freeing emptied nodes bottom up, then
 * radix_tree_shrink lowering the tree while its root has only slot 0).
 *
 * struct radix_tree_node is 552 bytes on x86-64 (height, count, rcu_head,
 * 64 slots, 2 tags of one long) and 288 on x86; with the constructor SLUB
 * adds a word for the free pointer: 560 / 296 bytes (docs/model.md,
 * "Slab").  The host node keeps height, count, the rcu_head and slots.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/radix-tree.h"
#include "linux/rcupdate.h"
#include "linux/slab.h"

struct radix_tree_node {
	unsigned int height;		/* from the bottom */
	unsigned int count;		/* slots in use */
	struct rcu_head rcu_head;
	void *slots[RADIX_TREE_MAP_SIZE];
};

/* RADIX_TREE_MAX_PATH = DIV_ROUND_UP(BITS_PER_LONG, 6): 11 or 6. */
#define RADIX_TREE_MAX_PATH_MAX	11

struct radix_tree_preload {
	int nr;
	struct radix_tree_node *nodes[RADIX_TREE_MAX_PATH_MAX];
};

static struct kmem_cache *radix_tree_node_cachep;
static struct radix_tree_preload *radix_tree_preloads;
static unsigned int nr_preloads;
static unsigned int radix_tree_max_path;
static unsigned int bits_per_long;
static unsigned long nr_nodes;

static struct radix_tree_node *root_node(const struct radix_tree_root *root)
{
	return root->height ? root->rnode : NULL;
}

/* height_to_maxindex[]: 2^(6h) - 1, all ones past BITS_PER_LONG. */
static unsigned long radix_tree_maxindex(unsigned int height)
{
	unsigned int width = height * RADIX_TREE_MAP_SHIFT;

	if (width >= bits_per_long)
		return bits_per_long == 64 ? ~0UL : 0xffffffffUL;
	return (1UL << width) - 1;
}

/* radix_tree_node_ctor(): nodes are zeroed when their slab is made, and
 * only zeroed nodes go back into the slab. */
static void radix_tree_node_ctor(void *node)
{
	memset(node, 0, sizeof(struct radix_tree_node));
}

void radix_tree_init(void)
{
	bool x86 = sim_arch && sim_arch->arch == ARCH_X86;

	bits_per_long = x86 ? 32 : 64;
	radix_tree_max_path = (bits_per_long + RADIX_TREE_MAP_SHIFT - 1) /
			      RADIX_TREE_MAP_SHIFT;
	radix_tree_node_cachep =
		kmem_cache_create_host("radix_tree_node", x86 ? 288 : 552, 0,
				       SLAB_PANIC | SLAB_RECLAIM_ACCOUNT,
				       radix_tree_node_ctor,
				       sizeof(struct radix_tree_node));
	free(radix_tree_preloads);
	nr_preloads = sim_nr_cpus() ? sim_nr_cpus() : 1;
	radix_tree_preloads = calloc(nr_preloads, sizeof(*radix_tree_preloads));
	BUG_ON(!radix_tree_preloads);
	nr_nodes = 0;
}

static struct radix_tree_preload *this_cpu_preload(void)
{
	return &radix_tree_preloads[(unsigned int)smp_processor_id() % nr_preloads];
}

static struct radix_tree_node *node_cache_alloc(gfp_t gfp_mask)
{
	struct radix_tree_node *node = kmem_cache_alloc(radix_tree_node_cachep,
							gfp_mask);

	if (node)
		nr_nodes++;
	return node;
}

/*
 * radix_tree_node_alloc(): a caller that cannot sleep takes a node from
 * this CPU's preload pool; else (or with the pool empty) from the slab,
 * with the root's mask.
 */
static struct radix_tree_node *radix_tree_node_alloc(struct radix_tree_root *root)
{
	struct radix_tree_node *ret = NULL;
	gfp_t gfp_mask = root->gfp_mask;

	if (!(gfp_mask & __GFP_WAIT)) {
		struct radix_tree_preload *rtp = this_cpu_preload();

		if (rtp->nr) {
			ret = rtp->nodes[rtp->nr - 1];
			rtp->nodes[rtp->nr - 1] = NULL;
			rtp->nr--;
		}
	}
	if (!ret)
		ret = node_cache_alloc(gfp_mask);
	return ret;
}

static void radix_tree_node_rcu_free(struct rcu_head *head)
{
	struct radix_tree_node *node = container_of(head, struct radix_tree_node,
						    rcu_head);

	/* Only zeroed nodes go back into the slab: radix_tree_shrink can
	 * leave slot 0 set. */
	node->slots[0] = NULL;
	node->count = 0;
	node->height = 0;
	nr_nodes--;
	kmem_cache_free(radix_tree_node_cachep, node);
}

static void radix_tree_node_free(struct radix_tree_node *node)
{
	call_rcu(&node->rcu_head, radix_tree_node_rcu_free);
}

int radix_tree_preload(gfp_t gfp_mask)
{
	struct radix_tree_preload *rtp = this_cpu_preload();

	while ((unsigned int)rtp->nr < radix_tree_max_path) {
		/* May sleep: the task may come back on another CPU. */
		struct radix_tree_node *node = node_cache_alloc(gfp_mask);

		if (!node)
			return -ENOMEM;
		rtp = this_cpu_preload();
		if ((unsigned int)rtp->nr < radix_tree_max_path) {
			rtp->nodes[rtp->nr++] = node;
		} else {
			nr_nodes--;
			kmem_cache_free(radix_tree_node_cachep, node);
		}
	}
	return 0;
}

/* radix_tree_extend(): a new root node per level needed for @index. */
static int radix_tree_extend(struct radix_tree_root *root, unsigned long index)
{
	unsigned int height = root->height + 1;

	while (index > radix_tree_maxindex(height))
		height++;
	if (!root->rnode) {
		root->height = height;
		return 0;
	}
	do {
		struct radix_tree_node *node = radix_tree_node_alloc(root);

		if (!node)
			return -ENOMEM;
		memset(node->slots, 0, sizeof(node->slots));
		node->slots[0] = root->rnode;
		node->height = root->height + 1;
		node->count = 1;
		root->rnode = node;
		root->height = node->height;
	} while (height > root->height);
	return 0;
}

int radix_tree_insert(struct radix_tree_root *root, unsigned long index,
		      void *item)
{
	struct radix_tree_node *node = NULL, *slot;
	unsigned int height, shift;
	unsigned int offset = 0;
	int error;

	BUG_ON(!item);
	if (index > radix_tree_maxindex(root->height)) {
		error = radix_tree_extend(root, index);
		if (error)
			return error;
	}
	slot = root_node(root);
	height = root->height;
	shift = (height - 1) * RADIX_TREE_MAP_SHIFT;
	while (height > 0) {
		if (!slot) {
			/* Have to add a child node. */
			slot = radix_tree_node_alloc(root);
			if (!slot)
				return -ENOMEM;
			memset(slot->slots, 0, sizeof(slot->slots));
			slot->count = 0;
			slot->height = height;
			if (node) {
				node->slots[offset] = slot;
				node->count++;
			} else {
				root->rnode = slot;
			}
		}
		offset = (unsigned int)((index >> shift) & RADIX_TREE_MAP_MASK);
		node = slot;
		slot = node->slots[offset];
		shift -= RADIX_TREE_MAP_SHIFT;
		height--;
	}
	if (slot)
		return -EEXIST;
	if (node) {
		node->count++;
		node->slots[offset] = item;
	} else {
		root->rnode = item;
	}
	return 0;
}

void *radix_tree_lookup(const struct radix_tree_root *root, unsigned long index)
{
	unsigned int height = root->height, shift;
	struct radix_tree_node *node;

	if (!root->rnode || index > radix_tree_maxindex(height))
		return NULL;
	if (!height)
		return root->rnode;
	node = root->rnode;
	shift = (height - 1) * RADIX_TREE_MAP_SHIFT;
	for (;;) {
		void *slot = node->slots[(index >> shift) & RADIX_TREE_MAP_MASK];

		if (!slot || --height == 0)
			return slot;
		node = slot;
		shift -= RADIX_TREE_MAP_SHIFT;
	}
}

void **radix_tree_lookup_slot(const struct radix_tree_root *root,
			      unsigned long index)
{
	unsigned int height = root->height, shift;
	struct radix_tree_node *node;

	if (!root->rnode || index > radix_tree_maxindex(height))
		return NULL;
	if (!height)
		return (void **)&root->rnode;
	node = root->rnode;
	shift = (height - 1) * RADIX_TREE_MAP_SHIFT;
	for (;;) {
		void **slot = &node->slots[(index >> shift) & RADIX_TREE_MAP_MASK];

		if (!*slot)
			return NULL;
		if (--height == 0)
			return slot;
		node = *slot;
		shift -= RADIX_TREE_MAP_SHIFT;
	}
}

/* radix_tree_shrink(): while the root node has only slot 0 in use, that
 * child becomes the root. */
static void radix_tree_shrink(struct radix_tree_root *root)
{
	while (root->height > 0) {
		struct radix_tree_node *to_free = root->rnode;

		if (to_free->count != 1 || !to_free->slots[0])
			break;
		root->rnode = to_free->slots[0];
		root->height--;
		radix_tree_node_free(to_free);
	}
}

void *radix_tree_delete(struct radix_tree_root *root, unsigned long index)
{
	struct {
		struct radix_tree_node *node;
		unsigned int offset;
	} path[RADIX_TREE_MAX_PATH_MAX + 1], *pathp = path;
	struct radix_tree_node *slot, *to_free;
	unsigned int height = root->height, shift;
	void *item;

	if (index > radix_tree_maxindex(height))
		return NULL;
	if (height == 0) {
		item = root->rnode;
		root->rnode = NULL;
		return item;
	}
	slot = root->rnode;
	shift = (height - 1) * RADIX_TREE_MAP_SHIFT;
	pathp->node = NULL;
	do {
		unsigned int offset;

		if (!slot)
			return NULL;
		pathp++;
		offset = (unsigned int)((index >> shift) & RADIX_TREE_MAP_MASK);
		pathp->offset = offset;
		pathp->node = slot;
		slot = slot->slots[offset];
		shift -= RADIX_TREE_MAP_SHIFT;
		height--;
	} while (height > 0);
	item = slot;
	if (!item)
		return NULL;
	to_free = NULL;
	/* Now free the nodes we do not need any more. */
	while (pathp->node) {
		pathp->node->slots[pathp->offset] = NULL;
		pathp->node->count--;
		if (to_free)
			radix_tree_node_free(to_free);
		if (pathp->node->count) {
			if (pathp->node == root_node(root))
				radix_tree_shrink(root);
			return item;
		}
		/* Node with zero slots in use so free it. */
		to_free = pathp->node;
		pathp--;
	}
	root->height = 0;
	root->rnode = NULL;
	if (to_free)
		radix_tree_node_free(to_free);
	return item;
}

static unsigned long count_nodes(const struct radix_tree_node *node)
{
	unsigned long n = 1;

	if (node->height > 1)
		for (unsigned int i = 0; i < RADIX_TREE_MAP_SIZE; i++)
			if (node->slots[i])
				n += count_nodes(node->slots[i]);
	return n;
}

static unsigned long count_items(const struct radix_tree_node *node)
{
	unsigned long n = 0;

	for (unsigned int i = 0; i < RADIX_TREE_MAP_SIZE; i++)
		if (node->slots[i])
			n += node->height > 1 ? count_items(node->slots[i]) : 1;
	return n;
}

unsigned long radix_tree_count_items(const struct radix_tree_root *root)
{
	if (!root->rnode)
		return 0;
	return root->height ? count_items(root->rnode) : 1;
}

unsigned long radix_tree_count_nodes(const struct radix_tree_root *root)
{
	return root->height && root->rnode ? count_nodes(root->rnode) : 0;
}

size_t radix_tree_node_host_bytes(void)
{
	return sizeof(struct radix_tree_node) + sizeof(void *);
}

unsigned long radix_tree_nr_nodes(void)
{
	return nr_nodes;
}
