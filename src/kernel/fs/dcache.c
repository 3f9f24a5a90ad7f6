// SPDX-License-Identifier: GPL-2.0
/*
 * The dentry, inode and buffer_head caches (dcache.h): fs/dcache.c's
 * d_alloc, dput and shrink_dcache_memory; fs/inode.c's iget, iput and
 * shrink_icache_memory; fs/buffer.c's alloc_buffer_head for the
 * inode-table blocks of cached inodes.
 */
#include <stdlib.h>
#include <errno.h>
#include <string.h>
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/swap.h"
#include "linux/pagemap.h"
#include "linux/writeback.h"
#include "linux/fs.h"
#include "linux/dcache.h"

/* fs/dcache.c: sysctl vm.vfs_cache_pressure, 100 by default. */
int sysctl_vfs_cache_pressure = 100;
struct kmem_cache *dentry_cache;
struct kmem_cache *ext3_inode_cachep;
struct kmem_cache *bh_cachep;
struct vfs_cache_stat vfs_cache_stat;

/* Inode-table blocks with a cached inode: their buffer_head and users. */
static long *itable_bh;
static unsigned int *itable_users;
static unsigned long itable_nr;

/* Files cached before the run (vfs_caches_populate). */
static struct vfs_cache_entry *boot_entries;
static unsigned long nr_boot_entries;

static struct shrinker dcache_shrinker;
static struct shrinker icache_shrinker;

/*
 * Object sizes: struct dentry is 192 bytes on 64-bit and 128 on 32-bit
 * (include/linux/dcache.h, DNAME_INLINE_LEN_MIN, 2.6.32); struct
 * buffer_head is 13 words (104 / 56 bytes); struct ext3_inode_info is
 * [assumed] 800 bytes on x86-64 and 504 on x86 (not measured: a vfs inode
 * of about 560 / 350 bytes plus ext3's fields).
 */
static void cache_sizes(unsigned int *dentry, unsigned int *inode,
			unsigned int *bh)
{
	bool is32 = sim_arch && sim_arch->arch == ARCH_X86;

	*dentry = is32 ? 128 : 192;
	*inode = is32 ? 504 : 800;
	*bh = is32 ? 56 : 104;
}

bool vfs_caches_enabled(void)
{
	return dentry_cache != NULL;
}

/* ---- buffer heads of inode-table blocks --------------------------------- */

static int itable_get(unsigned long ino)
{
	unsigned long block = ino / EXT3_INODES_PER_BLOCK;

	if (block >= itable_nr) {
		unsigned long n = itable_nr ? itable_nr : 64;

		while (n <= block)
			n *= 2;
		itable_bh = realloc(itable_bh, n * sizeof(*itable_bh));
		itable_users = realloc(itable_users, n * sizeof(*itable_users));
		BUG_ON(!itable_bh || !itable_users);
		for (unsigned long i = itable_nr; i < n; i++) {
			itable_bh[i] = -1;
			itable_users[i] = 0;
		}
		itable_nr = n;
	}
	if (itable_bh[block] < 0) {
		/* __getblk -> grow_buffers -> alloc_page_buffers: GFP_NOFS. */
		long bh = kmem_cache_alloc(bh_cachep, GFP_NOFS);

		if (bh < 0)
			return -ENOMEM;
		itable_bh[block] = bh;
		vfs_cache_stat.nr_buffer_heads++;
	}
	itable_users[block]++;
	return 0;
}

static void itable_put(unsigned long ino)
{
	unsigned long block = ino / EXT3_INODES_PER_BLOCK;

	BUG_ON(block >= itable_nr || !itable_users[block]);
	if (--itable_users[block])
		return;
	kmem_cache_free(bh_cachep, itable_bh[block]);
	itable_bh[block] = -1;
	vfs_cache_stat.nr_buffer_heads--;
}

/* ---- lookups ------------------------------------------------------------ */

void vfs_cache_entry_init(struct vfs_cache_entry *e, unsigned long ino,
			  struct inode *inode)
{
	e->dentry = -1;
	e->icache = -1;
	e->ino = ino;
	e->d_count = 0;
	e->inode = inode;
}

/* iget: the in-core inode, read (without I/O, [MODEL]) if not cached. */
static int iget(struct vfs_cache_entry *e, gfp_t gfp)
{
	long obj;

	if (e->icache >= 0) {
		/* On inode_unused only while no dentry holds it. */
		kmem_cache_get(ext3_inode_cachep, e->icache);
		vfs_cache_stat.nr_inodes_unused--;
		return 0;
	}
	obj = kmem_cache_alloc(ext3_inode_cachep, gfp);
	if (obj < 0)
		return -ENOMEM;
	if (itable_get(e->ino)) {
		kmem_cache_free(ext3_inode_cachep, obj);
		return -ENOMEM;
	}
	kmem_cache_set_owner(ext3_inode_cachep, obj, e);
	e->icache = obj;
	vfs_cache_stat.nr_inodes++;
	return 0;
}

static void inode_free(struct vfs_cache_entry *e)
{
	kmem_cache_free(ext3_inode_cachep, e->icache);
	e->icache = -1;
	vfs_cache_stat.nr_inodes--;
	itable_put(e->ino);
}

/* iput of the last reference: the inode stays cached, unused. */
static void iput_final(struct vfs_cache_entry *e)
{
	kmem_cache_put_unused(ext3_inode_cachep, e->icache);
	vfs_cache_stat.nr_inodes_unused++;
}

static int lookup_gfp(struct vfs_cache_entry *e, gfp_t inode_gfp,
		      gfp_t dentry_gfp)
{
	long obj;

	vfs_cache_stat.lookups++;
	if (e->dentry >= 0) {
		/* dget: a cached dentry (and its inode) back in use. */
		kmem_cache_get(dentry_cache, e->dentry);
		vfs_cache_stat.nr_dentry_unused--;
		vfs_cache_stat.dentry_hits++;
		return 0;
	}
	/* real_lookup: ext3_lookup -> iget, then d_alloc for the name. */
	if (iget(e, inode_gfp))
		goto fail;
	obj = kmem_cache_alloc(dentry_cache, dentry_gfp);
	if (obj < 0) {
		iput_final(e);
		goto fail;
	}
	kmem_cache_set_owner(dentry_cache, obj, e);
	e->dentry = obj;
	vfs_cache_stat.nr_dentry++;
	return 0;
fail:
	vfs_cache_stat.alloc_failures++;
	return -ENOMEM;
}

int vfs_cache_lookup(struct vfs_cache_entry *e)
{
	if (!vfs_caches_enabled())
		return 0;
	return lookup_gfp(e, GFP_NOFS, GFP_KERNEL);
}

void vfs_cache_release(struct vfs_cache_entry *e)
{
	if (!vfs_caches_enabled() || e->dentry < 0)
		return;
	/* dput: DCACHE_REFERENCED, on the dentry LRU. */
	kmem_cache_put_unused(dentry_cache, e->dentry);
	vfs_cache_stat.nr_dentry_unused++;
}

static bool obj_unused(struct kmem_cache *c, long obj)
{
	return c->obj_flags[obj] & 0x02;	/* OBJ_UNUSED, slab.c */
}

void vfs_cache_forget(struct vfs_cache_entry *e)
{
	if (!vfs_caches_enabled())
		return;
	if (e->dentry >= 0) {
		if (obj_unused(dentry_cache, e->dentry))
			vfs_cache_stat.nr_dentry_unused--;
		kmem_cache_free(dentry_cache, e->dentry);
		e->dentry = -1;
		vfs_cache_stat.nr_dentry--;
	}
	if (e->icache >= 0) {
		if (obj_unused(ext3_inode_cachep, e->icache))
			vfs_cache_stat.nr_inodes_unused--;
		inode_free(e);
	}
}

/* ---- shrinkers ------------------------------------------------------------ */

static void charge_scan(int nr)
{
	if (current && !in_interrupt())
		cpu_consume(reclaim_costs.slab_object_ns * (sim_time_t)nr);
}

/* prune_dcache -> prune_one_dentry -> dentry_iput -> iput. */
static bool dentry_evict(struct kmem_cache *c, long obj, void *owner)
{
	struct vfs_cache_entry *e = owner;

	(void)c;
	(void)obj;
	e->dentry = -1;
	vfs_cache_stat.nr_dentry--;
	vfs_cache_stat.nr_dentry_unused--;
	vfs_cache_stat.dentries_pruned++;
	if (e->icache >= 0)
		iput_final(e);
	return true;
}

static int shrink_dcache_memory(struct shrinker *s, int nr, gfp_t gfp_mask)
{
	(void)s;
	if (nr) {
		if (!(gfp_mask & __GFP_FS))
			return -1;
		charge_scan(nr);
		kmem_cache_prune(dentry_cache, (unsigned long)nr, dentry_evict);
	}
	return (int)(vfs_cache_stat.nr_dentry_unused / 100 *
		     (unsigned long)sysctl_vfs_cache_pressure);
}

/*
 * prune_icache: an inode whose pages are cached has them invalidated
 * first (the pages count as inode steal); one still holding pages
 * (dirty, under writeback, mapped) or in writeback's lists stays.
 */
static bool inode_evict(struct kmem_cache *c, long obj, void *owner)
{
	struct vfs_cache_entry *e = owner;
	struct inode *inode = e->inode;

	(void)c;
	(void)obj;
	if (inode) {
		struct address_space *mapping = inode->i_mapping;

		if (inode->i_count || (inode->i_state & (I_DIRTY | I_SYNC)) ||
		    !list_empty(&inode->i_list))
			return false;
		if (mapping->nrpages) {
			unsigned long reap = invalidate_mapping_pages(mapping, 0,
								      (pgoff_t)-1);

			vfs_cache_stat.inode_pages_stolen += reap;
			count_vm_events(current_is_kswapd() ? KSWAPD_INODESTEAL :
					PGINODESTEAL, reap);
			if (mapping->nrpages)
				return false;
		}
	}
	vfs_cache_stat.nr_inodes--;
	vfs_cache_stat.nr_inodes_unused--;
	vfs_cache_stat.inodes_pruned++;
	e->icache = -1;
	itable_put(e->ino);
	return true;
}

static int shrink_icache_memory(struct shrinker *s, int nr, gfp_t gfp_mask)
{
	(void)s;
	if (nr) {
		/* "Nasty deadlock avoidance": no recursion into the fs. */
		if (!(gfp_mask & __GFP_FS))
			return -1;
		charge_scan(nr);
		kmem_cache_prune(ext3_inode_cachep, (unsigned long)nr,
				 inode_evict);
	}
	return (int)(vfs_cache_stat.nr_inodes_unused / 100 *
		     (unsigned long)sysctl_vfs_cache_pressure);
}

/* ---- setup ------------------------------------------------------------ */

void vfs_caches_init(void)
{
	unsigned int dsize, isize, bsize;

	/*
	 * A previous simulation's caches and shrinkers went with
	 * reclaim_init (kmem_cache_forget_all, a fresh shrinker list): only
	 * the bookkeeping is left to drop.
	 */
	dentry_cache = NULL;
	vfs_caches_exit();
	memset(&vfs_cache_stat, 0, sizeof(vfs_cache_stat));
	cache_sizes(&dsize, &isize, &bsize);
	/* start_kernel: vfs_caches_init -> dcache_init, inode_init; then
	 * buffer_init; ext3's cache when the module initialises. */
	dentry_cache = kmem_cache_create_sized("dentry", dsize,
					       SLAB_RECLAIM_ACCOUNT);
	bh_cachep = kmem_cache_create_sized("buffer_head", bsize,
					    SLAB_RECLAIM_ACCOUNT | SLAB_MMSIM_CTOR);
	ext3_inode_cachep = kmem_cache_create_sized("ext3_inode_cache", isize,
						    SLAB_RECLAIM_ACCOUNT |
						    SLAB_MMSIM_CTOR);
	BUG_ON(!dentry_cache || !bh_cachep || !ext3_inode_cachep);
	/* 2.6.32 has no referenced bit on inode_unused (I_REFERENCED: .37). */
	ext3_inode_cachep->lru_referenced = false;
	dcache_shrinker.shrink = shrink_dcache_memory;
	dcache_shrinker.seeks = DEFAULT_SEEKS;
	icache_shrinker.shrink = shrink_icache_memory;
	icache_shrinker.seeks = DEFAULT_SEEKS;
	/* dcache_init registers first: shrink_slab visits it first. */
	register_shrinker(&dcache_shrinker);
	register_shrinker(&icache_shrinker);
}

/*
 * The caches themselves (and their pages) go with kmem_cache_exit() or
 * kmem_cache_forget_all(); this drops the shrinkers and the bookkeeping.
 */
void vfs_caches_exit(void)
{
	if (dentry_cache) {
		unregister_shrinker(&dcache_shrinker);
		unregister_shrinker(&icache_shrinker);
	}
	dentry_cache = NULL;
	ext3_inode_cachep = NULL;
	bh_cachep = NULL;
	free(itable_bh);
	free(itable_users);
	itable_bh = NULL;
	itable_users = NULL;
	itable_nr = 0;
	free(boot_entries);
	boot_entries = NULL;
	nr_boot_entries = 0;
}

/* Keep the boot population well clear of the watermarks. */
static bool boot_memory_left(void)
{
	unsigned long high = 0;
	struct zone *zone;

	for_each_populated_zone(zone)
		high += high_wmark_pages(zone);
	return global_page_state(NR_FREE_PAGES) > 4 * high;
}

unsigned long vfs_caches_populate(unsigned long nr, unsigned long *next_ino)
{
	/* Before any task runs: no sleeping, no reclaim, no warning. */
	const gfp_t gfp = __GFP_NOWARN | __GFP_NORETRY;
	unsigned long done = 0;

	if (!vfs_caches_enabled() || !nr)
		return 0;
	free(boot_entries);
	boot_entries = calloc(nr, sizeof(*boot_entries));
	BUG_ON(!boot_entries);
	nr_boot_entries = nr;
	for (; done < nr && boot_memory_left(); done++) {
		struct vfs_cache_entry *e = &boot_entries[done];

		vfs_cache_entry_init(e, (*next_ino)++, NULL);
		if (lookup_gfp(e, gfp, gfp))
			break;
		vfs_cache_release(e);
	}
	return done;
}
