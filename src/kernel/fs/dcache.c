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

/*
 * The host part of the cached objects: a dentry on dentry_unused (d_lru,
 * DCACHE_REFERENCED), an inode on inode_unused (i_list), each naming the
 * entry that owns it.  The kernel's lists, in mmsim's objects.
 */
struct dentry {
	struct list_head d_lru;		/* dentry_unused, while unused */
	struct vfs_cache_entry *d_entry;
	bool d_referenced;		/* DCACHE_REFERENCED */
	bool d_unused;
};

struct ext3_inode_info {
	struct list_head i_list;	/* inode_unused, while unused */
	struct vfs_cache_entry *i_entry;
	bool i_unused;
};

struct buffer_head_obj {
	unsigned long b_blocknr;
};

/* Oldest at the tail, as prune_dcache and prune_icache take them. */
static LIST_HEAD(dentry_unused);
static LIST_HEAD(inode_unused);

/* Inode-table blocks with a cached inode: their buffer_head and users. */
static struct buffer_head_obj **itable_bh;
static unsigned int *itable_users;
static unsigned long itable_nr;

/* Files cached before the run (vfs_caches_populate). */
static struct vfs_cache_entry *boot_entries;
static unsigned long nr_boot_entries;

static struct shrinker dcache_shrinker;
static struct shrinker icache_shrinker;

/*
 * Object sizes (2.6.32, the distribution config of docs/model.md
 * "Slab"): struct dentry 192 bytes on x86-64, 132 on x86
 * (DNAME_INLINE_LEN_MIN 32 / 40, include/linux/dcache.h); struct
 * buffer_head 104 / 56 (include/linux/buffer_head.h, sector_t u64 with
 * CONFIG_LBDAF); struct ext3_inode_info 800 / 508, an estimate
 * (include/linux/ext3_fs_i.h around a struct inode of 592 / 352).
 */
static void cache_sizes(unsigned int *dentry, unsigned int *inode,
			unsigned int *bh)
{
	bool is32 = sim_arch && sim_arch->arch == ARCH_X86;

	*dentry = is32 ? 132 : 192;
	*inode = is32 ? 508 : 800;
	*bh = is32 ? 56 : 104;
}

bool vfs_caches_enabled(void)
{
	return dentry_cache != NULL;
}

/* ---- buffer heads of inode-table blocks --------------------------------- */

/* fs/buffer.c init_buffer_head, the cache's constructor. */
static void init_buffer_head(void *data)
{
	memset(data, 0, sizeof(struct buffer_head_obj));
}

/* fs/ext3/super.c init_once, the inode cache's constructor. */
static void ext3_init_once(void *data)
{
	struct ext3_inode_info *ei = data;

	INIT_LIST_HEAD(&ei->i_list);
}

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
			itable_bh[i] = NULL;
			itable_users[i] = 0;
		}
		itable_nr = n;
	}
	if (!itable_bh[block]) {
		/* __getblk -> grow_buffers -> alloc_page_buffers: GFP_NOFS. */
		struct buffer_head_obj *bh = kmem_cache_alloc(bh_cachep, GFP_NOFS);

		if (!bh)
			return -ENOMEM;
		bh->b_blocknr = block;
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
	itable_bh[block] = NULL;
	vfs_cache_stat.nr_buffer_heads--;
}

/* ---- lookups ------------------------------------------------------------ */

void vfs_cache_entry_init(struct vfs_cache_entry *e, unsigned long ino,
			  struct inode *inode)
{
	e->dentry = NULL;
	e->icache = NULL;
	e->ino = ino;
	e->d_count = 0;
	e->inode = inode;
}

static void inode_lru_del(struct ext3_inode_info *ei)
{
	list_del_init(&ei->i_list);
	ei->i_unused = false;
	vfs_cache_stat.nr_inodes_unused--;
}

/* iget: the in-core inode, read (without I/O, [MODEL]) if not cached. */
static int iget(struct vfs_cache_entry *e, gfp_t gfp)
{
	struct ext3_inode_info *ei;

	if (e->icache) {
		/* On inode_unused only while no dentry holds it. */
		if (e->icache->i_unused)
			inode_lru_del(e->icache);
		return 0;
	}
	ei = kmem_cache_alloc(ext3_inode_cachep, gfp);
	if (!ei)
		return -ENOMEM;
	if (itable_get(e->ino)) {
		kmem_cache_free(ext3_inode_cachep, ei);
		return -ENOMEM;
	}
	INIT_LIST_HEAD(&ei->i_list);
	ei->i_entry = e;
	ei->i_unused = false;
	e->icache = ei;
	vfs_cache_stat.nr_inodes++;
	return 0;
}

static void inode_free(struct vfs_cache_entry *e)
{
	kmem_cache_free(ext3_inode_cachep, e->icache);
	e->icache = NULL;
	vfs_cache_stat.nr_inodes--;
	itable_put(e->ino);
}

/* iput of the last reference: the inode stays cached, unused, at the
 * young end of inode_unused (no referenced bit in 2.6.32). */
static void iput_final(struct vfs_cache_entry *e)
{
	struct ext3_inode_info *ei = e->icache;

	list_add(&ei->i_list, &inode_unused);
	ei->i_unused = true;
	vfs_cache_stat.nr_inodes_unused++;
}

static void dentry_lru_del(struct dentry *d)
{
	list_del_init(&d->d_lru);
	d->d_unused = false;
	vfs_cache_stat.nr_dentry_unused--;
}

static int lookup_gfp(struct vfs_cache_entry *e, gfp_t inode_gfp,
		      gfp_t dentry_gfp)
{
	struct dentry *d;

	vfs_cache_stat.lookups++;
	if (e->dentry) {
		/* dget: a cached dentry (and its inode) back in use. */
		d = e->dentry;
		if (d->d_unused)
			dentry_lru_del(d);
		d->d_referenced = true;
		vfs_cache_stat.dentry_hits++;
		return 0;
	}
	/* real_lookup: ext3_lookup -> iget, then d_alloc for the name. */
	if (iget(e, inode_gfp))
		goto fail;
	d = kmem_cache_alloc(dentry_cache, dentry_gfp);
	if (!d) {
		iput_final(e);
		goto fail;
	}
	INIT_LIST_HEAD(&d->d_lru);
	d->d_entry = e;
	d->d_referenced = true;
	d->d_unused = false;
	e->dentry = d;
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
	struct dentry *d = e->dentry;

	if (!vfs_caches_enabled() || !d)
		return;
	/* dput: DCACHE_REFERENCED, at the young end of the dentry LRU. */
	d->d_referenced = true;
	list_add(&d->d_lru, &dentry_unused);
	d->d_unused = true;
	vfs_cache_stat.nr_dentry_unused++;
}

void vfs_cache_forget(struct vfs_cache_entry *e)
{
	if (!vfs_caches_enabled())
		return;
	if (e->dentry) {
		if (e->dentry->d_unused)
			dentry_lru_del(e->dentry);
		kmem_cache_free(dentry_cache, e->dentry);
		e->dentry = NULL;
		vfs_cache_stat.nr_dentry--;
	}
	if (e->icache) {
		if (e->icache->i_unused)
			inode_lru_del(e->icache);
		inode_free(e);
	}
}

/* ---- shrinkers ------------------------------------------------------------ */

static void charge_scan(int nr)
{
	if (current && !in_interrupt())
		cpu_consume(reclaim_costs.slab_object_ns * (sim_time_t)nr);
}

/*
 * prune_dcache: up to @nr dentries from the old end of dentry_unused; a
 * referenced one loses DCACHE_REFERENCED and goes to the young end,
 * the others are freed (prune_one_dentry -> dentry_iput -> iput, which
 * leaves the inode unused).
 */
static void prune_dcache(int nr)
{
	while (nr-- > 0 && !list_empty(&dentry_unused)) {
		struct dentry *d = list_last_entry(&dentry_unused,
						   struct dentry, d_lru);
		struct vfs_cache_entry *e = d->d_entry;

		if (d->d_referenced) {
			d->d_referenced = false;
			list_move(&d->d_lru, &dentry_unused);
			continue;
		}
		dentry_lru_del(d);
		kmem_cache_free(dentry_cache, d);
		e->dentry = NULL;
		vfs_cache_stat.nr_dentry--;
		vfs_cache_stat.dentries_pruned++;
		if (e->icache)
			iput_final(e);
	}
}

static int shrink_dcache_memory(struct shrinker *s, int nr, gfp_t gfp_mask)
{
	(void)s;
	if (nr) {
		if (!(gfp_mask & __GFP_FS))
			return -1;
		charge_scan(nr);
		prune_dcache(nr);
	}
	return (int)(vfs_cache_stat.nr_dentry_unused / 100 *
		     (unsigned long)sysctl_vfs_cache_pressure);
}

/*
 * prune_icache: an inode whose pages are cached has them invalidated
 * first (the pages count as inode steal); one still holding pages
 * (dirty, under writeback, mapped) or in writeback's lists stays, moved
 * to the young end.
 */
static bool inode_may_go(struct vfs_cache_entry *e)
{
	struct inode *inode = e->inode;

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
	return true;
}

static void prune_icache(int nr)
{
	while (nr-- > 0 && !list_empty(&inode_unused)) {
		struct ext3_inode_info *ei = list_last_entry(&inode_unused,
							     struct ext3_inode_info,
							     i_list);
		struct vfs_cache_entry *e = ei->i_entry;

		if (!inode_may_go(e)) {
			list_move(&ei->i_list, &inode_unused);
			continue;
		}
		inode_lru_del(ei);
		vfs_cache_stat.inodes_pruned++;
		inode_free(e);
	}
}

static int shrink_icache_memory(struct shrinker *s, int nr, gfp_t gfp_mask)
{
	(void)s;
	if (nr) {
		/* "Nasty deadlock avoidance": no recursion into the fs. */
		if (!(gfp_mask & __GFP_FS))
			return -1;
		charge_scan(nr);
		prune_icache(nr);
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
	INIT_LIST_HEAD(&dentry_unused);
	INIT_LIST_HEAD(&inode_unused);
	/* fs/dcache.c dcache_init: KMEM_CACHE(dentry, SLAB_RECLAIM_ACCOUNT |
	 * SLAB_PANIC | SLAB_MEM_SPREAD); fs/buffer.c buffer_init; fs/ext3/
	 * super.c init_inodecache, both with a constructor. */
	dentry_cache = kmem_cache_create("dentry", dsize, 0,
					 SLAB_RECLAIM_ACCOUNT | SLAB_PANIC |
					 SLAB_MEM_SPREAD, NULL);
	bh_cachep = kmem_cache_create("buffer_head", bsize, 0,
				      SLAB_RECLAIM_ACCOUNT | SLAB_PANIC |
				      SLAB_MEM_SPREAD, init_buffer_head);
	ext3_inode_cachep = kmem_cache_create("ext3_inode_cache", isize, 0,
					      SLAB_RECLAIM_ACCOUNT |
					      SLAB_MEM_SPREAD, ext3_init_once);
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
	INIT_LIST_HEAD(&dentry_unused);
	INIT_LIST_HEAD(&inode_unused);
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
