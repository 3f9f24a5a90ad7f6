// SPDX-License-Identifier: GPL-2.0
/*
 * Inodes (2.6.32 fs/inode.c): new_inode, iput and destroy_inode, with
 * the filesystem's super_operations allocating and freeing its own
 * in-core inode around the VFS one; and mmsim's address_space handle
 * registry and index tables (fs.h).
 *
 * Handles are handed out in order and never reused within a simulation:
 * a page that still names a dead anonymous region (an unmapped swap cache
 * page keeps its ->mapping, as the kernel keeps the anon_vma pointer)
 * then resolves to NULL instead of to an unrelated newcomer.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "linux/kernel.h"
#include "linux/fs.h"
#include "linux/dcache.h"

/* ---- inodes ---------------------------------------------------------- */

/*
 * alloc_inode and inode_init_always: the filesystem's inode, its page
 * cache mapping (the kernel's inode->i_data) registered for a handle,
 * and the super block's list.
 */
struct inode *new_inode(struct super_block *sb)
{
	struct inode *inode = sb->s_op->alloc_inode(sb);
	struct address_space *mapping = calloc(1, sizeof(*mapping));

	if (!inode || !mapping) {
		if (inode)
			sb->s_op->destroy_inode(inode);
		free(mapping);
		return NULL;
	}
	inode->i_sb = sb;
	inode->i_blkbits = sb->s_blocksize_bits;
	INIT_LIST_HEAD(&inode->i_list);
	init_waitqueue_head(&inode->i_sync_wait);
	mapping->host = inode;
	mapping->flags = AS_FILE;
	mapping->backing_dev_info = sb->s_bdi;
	mapping->gfp_mask = GFP_HIGHUSER_MOVABLE;
	/* inode_init_once: INIT_RADIX_TREE(&inode->i_data.page_tree, GFP_ATOMIC) */
	INIT_RADIX_TREE(&mapping->page_tree, GFP_ATOMIC);
	mapping_register(mapping);
	inode->i_mapping = mapping;
	list_add_tail(&inode->i_sb_list, &sb->s_inodes);
	return inode;
}

void destroy_inode(struct inode *inode)
{
	vfs_cache_forget(&inode->i_vfs);
	list_del(&inode->i_sb_list);
	mapping_unregister(inode->i_mapping);
	free(inode->i_mapping);
	free(inode->i_dirty_tags);
	inode->i_sb->s_op->destroy_inode(inode);
}

/* iput_final of an unlinked inode: generic_delete_inode -> destroy_inode. */
void iput(struct inode *inode)
{
	BUG_ON(inode->i_count <= 0);
	if (--inode->i_count == 0 && inode->i_unlinked)
		destroy_inode(inode);
}

/* ---- the address_space handle registry -------------------------------- */

struct address_space **mapping_table;
uint32_t mapping_table_size;
static uint32_t next_handle = 1;

uint32_t mapping_register(struct address_space *mapping)
{
	if (next_handle >= mapping_table_size) {
		uint32_t n = mapping_table_size ? mapping_table_size * 2 : 256;
		struct address_space **t = realloc(mapping_table, n * sizeof(*t));

		BUG_ON(!t);
		memset(t + mapping_table_size, 0,
		       (n - mapping_table_size) * sizeof(*t));
		mapping_table = t;
		mapping_table_size = n;
	}
	mapping->handle = next_handle++;
	mapping_table[mapping->handle] = mapping;
	INIT_LIST_HEAD(&mapping->i_mmap);
	mapping->i_mmap_count = 0;
	return mapping->handle;
}

void mapping_unregister(struct address_space *mapping)
{
	BUG_ON(mapping->i_mmap_count);
	if (mapping->handle && mapping->handle < mapping_table_size &&
	    mapping_table[mapping->handle] == mapping)
		mapping_table[mapping->handle] = NULL;
	mapping->handle = 0;
	/* Empty: its tree has no node left (they went with the pages). */
	BUG_ON(mapping->page_tree.rnode && mapping->page_tree.height);
}

void mapping_registry_reset(void)
{
	free(mapping_table);
	mapping_table = NULL;
	mapping_table_size = 0;
	next_handle = 1;
}

