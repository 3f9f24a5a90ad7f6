// SPDX-License-Identifier: GPL-2.0
/*
 * Opening a file (2.6.32 fs/namei.c filp_open -> do_filp_open): the path
 * walk finds the file's dentry and inode in the VFS caches or allocates
 * them (dcache.h), then a struct file is set up with its readahead state.
 * mmsim's files are opened by inode: the name was looked up already.
 */
#include <stdlib.h>
#include "linux/kernel.h"
#include "linux/pagemap.h"
#include "linux/fs.h"
#include "linux/dcache.h"

struct file *filp_open(struct inode *inode, unsigned int mode)
{
	struct file *file;

	/* The path walk: the dentry and inode, cached or allocated now. */
	if (!inode->i_vfs.d_count && vfs_cache_lookup(&inode->i_vfs))
		return NULL;
	file = calloc(1, sizeof(*file));	/* get_empty_filp */
	if (!file) {
		if (!inode->i_vfs.d_count)
			vfs_cache_release(&inode->i_vfs);
		return NULL;
	}
	inode->i_vfs.d_count++;
	file->f_inode = inode;
	file->f_mapping = inode->i_mapping;
	file->f_mode = mode;
	file_ra_state_init(&file->f_ra, inode->i_mapping);	/* __dentry_open */
	inode->i_count++;
	return file;
}
