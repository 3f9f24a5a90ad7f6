// SPDX-License-Identifier: GPL-2.0
/*
 * Closing a file (2.6.32 fs/file_table.c fput -> __fput): the last file
 * of the dentry puts it (dput leaves it cached, unused), then the inode
 * reference goes (iput).
 */
#include <stdlib.h>
#include "linux/kernel.h"
#include "linux/fs.h"
#include "linux/dcache.h"

void fput(struct file *file)
{
	struct inode *inode = file->f_inode;

	if (!--inode->i_vfs.d_count)
		vfs_cache_release(&inode->i_vfs);
	iput(file->f_inode);
	free(file);
}
