/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The VFS caches of kernel memory (fs/dcache.c, fs/inode.c and the
 * buffer_head cache of fs/buffer.c, 2.6.32): what a path lookup leaves in
 * slab and how shrink_slab takes it back.
 *
 * Each file the workloads open has one dentry (cache "dentry", d_alloc:
 * GFP_KERNEL) and one in-core inode (cache "ext3_inode_cache",
 * ext3_alloc_inode: GFP_NOFS), and the cached inodes of one inode-table
 * block share a buffer_head (cache "buffer_head", GFP_NOFS).  All three
 * caches are SLAB_RECLAIM_ACCOUNT: __GFP_RECLAIMABLE pages, NR_SLAB_RECLAIMABLE.
 *
 * A closed file's dentry goes on the unused LRU with DCACHE_REFERENCED
 * (dput).  shrink_dcache_memory prunes it (a referenced one gets a second
 * trip); dentry_iput then leaves the inode unused (iput: inode_unused, no
 * referenced bit in 2.6.32), and shrink_icache_memory prunes inodes:
 * one with cached pages first has them invalidated (PGINODESTEAL or
 * KSWAPD_INODESTEAL), one with dirty or mapped pages is skipped.  Both
 * shrinkers have seeks = DEFAULT_SEEKS, refuse work without __GFP_FS and
 * report (nr_unused / 100) * vfs_cache_pressure.
 *
 * [MODEL] One name per file and no directories' own dentries; the
 * buffer_head is freed with the last cached inode of its block, not when
 * the block device's page is reclaimed (the buffer cache's pages are not
 * modelled); no negative dentries; reading an inode from disk costs no I/O.
 */
#ifndef MMSIM_DCACHE_H
#define MMSIM_DCACHE_H

#include <stdbool.h>
#include "linux/slab.h"
#include "linux/fs.h"	/* struct vfs_cache_entry */

struct inode;

/* Inodes per inode-table block: 4 KiB blocks of 256-byte inodes. */
#define EXT3_INODES_PER_BLOCK	16

extern int sysctl_vfs_cache_pressure;
extern struct kmem_cache *dentry_cache;
extern struct kmem_cache *ext3_inode_cachep;
extern struct kmem_cache *bh_cachep;

struct vfs_cache_stat {
	unsigned long nr_dentry, nr_dentry_unused;	/* dentry_stat */
	unsigned long nr_inodes, nr_inodes_unused;	/* inodes_stat */
	unsigned long nr_buffer_heads;
	unsigned long lookups, dentry_hits, alloc_failures;
	unsigned long dentries_pruned, inodes_pruned, inode_pages_stolen;
};
extern struct vfs_cache_stat vfs_cache_stat;

/*
 * Create the three caches at the machine's slab layout (kmem_cache_config
 * first) and register the dcache and icache shrinkers.  Call after
 * reclaim_init(); vfs_caches_exit() before reclaim_exit().
 */
void vfs_caches_init(void);
void vfs_caches_exit(void);
bool vfs_caches_enabled(void);

/* An entry nothing is cached for. */
void vfs_cache_entry_init(struct vfs_cache_entry *e, unsigned long ino,
			  struct inode *inode);
/*
 * Path lookup (open): the inode and dentry are found in the cache, or
 * allocated (GFP_NOFS, then GFP_KERNEL: may reclaim).  Both in use after.
 * 0, or -ENOMEM when slab could not grow.  A no-op without the caches.
 */
int vfs_cache_lookup(struct vfs_cache_entry *e);
/* Last close: dput; the dentry stays cached, unused. */
void vfs_cache_release(struct vfs_cache_entry *e);
/* The file is gone (unlink, umount): free whatever is cached. */
void vfs_cache_forget(struct vfs_cache_entry *e);
/*
 * A desktop's caches when the test starts: @nr files looked up and closed
 * before (oldest first on the unused lists), inode numbers from *@next_ino.
 * Returns how many were cached (fewer if slab could not grow).
 */
unsigned long vfs_caches_populate(unsigned long nr, unsigned long *next_ino);

#endif /* MMSIM_DCACHE_H */
