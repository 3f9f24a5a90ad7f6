// SPDX-License-Identifier: GPL-2.0
/*
 * start_kernel() for a run: the memory first (mem_init), then one ordered
 * list of the per-run initcalls, as 2.6.32 init/main.c has one order for
 * its boot (start_kernel: mm_init, vfs_caches_init; then do_initcalls:
 * the block layer, the writeback sysctls, the flushers).  The list is the
 * only place that knows what a run resets and in which order;
 * experiment/machine.c calls start_kernel() once per run, and tests that
 * boot part of a machine run a documented subset with do_initcalls().
 */
#include <stdio.h>
#include "linux/start_kernel.h"
#include "mmsim/boot_params.h"
#include "linux/backing-dev.h"
#include "linux/blkdev.h"
#include "linux/dcache.h"
#include "linux/fs.h"
#include "linux/mm.h"
#include "linux/mmzone.h"
#include "linux/oom.h"
#include "linux/pagemap.h"
#include "linux/radix-tree.h"
#include "linux/rcupdate.h"
#include "linux/sched.h"
#include "linux/skbuff.h"
#include "linux/mempool.h"
#include "linux/slab.h"
#include "linux/swap.h"
#include "linux/vmstat.h"
#include "linux/writeback.h"
#include "net/tcp.h"
#include "mmsim/alloc_fail.h"

static const struct initcall {
	const char *name;
	void (*fn)(void);
	unsigned int level;
} initcalls[] = {
	/* mem_init() reset the vm counters before it freed the boot memory;
	 * the run's other records start empty here. */
	{ "alloc_failures_reset", alloc_failures_reset, INIT_RECORDS },
	{ "page_alloc_stats_reset", page_alloc_stats_reset, INIT_RECORDS },
	{ "oom_kills_reset", oom_kills_reset, INIT_RECORDS },
	{ "congestion_wait_stats_reset", congestion_wait_stats_reset,
	  INIT_RECORDS },
	/* Whatever a previous run left refers to its mem_map: its slab
	 * caches, swap devices, page contents and mappings go. */
	{ "kmem_cache_forget_all", kmem_cache_forget_all, INIT_RECLAIM },
	{ "mempool_forget_all", mempool_forget_all, INIT_RECLAIM },
	{ "swap_exit", swap_exit, INIT_RECLAIM },
	{ "page_data_exit", page_data_exit, INIT_RECLAIM },
	{ "mapping_registry_reset", mapping_registry_reset, INIT_RECLAIM },
	/* start_kernel's order: kmem_cache_init (the kmalloc caches),
	 * rcu_init, radix_tree_init; sock_init's skb_init (a core_initcall,
	 * before the block layer's subsys_initcalls). */
	{ "kmem_cache_init", kmem_cache_init, INIT_RECLAIM },
	{ "rcu_init", rcu_init, INIT_RECLAIM },
	{ "radix_tree_init", radix_tree_init, INIT_RECLAIM },
	{ "skb_init", skb_init, INIT_RECLAIM },
	/* inet_init's tcp_init (an fs_initcall): tcp_mem and tcp_rmem from
	 * the memory mem_init freed. */
	{ "tcp_init", tcp_init, INIT_RECLAIM },
	/* vmscan's own state: shrinkers, mm list, kswapd, swap_setup(). */
	{ "reclaim_init", reclaim_init, INIT_RECLAIM },
	{ "swap_state_init", swap_state_init, INIT_RECLAIM },
	{ "page_data_init", page_data_init, INIT_RECLAIM },
	/* The dentry, inode and buffer_head caches and their shrinkers. */
	{ "vfs_caches_init", vfs_caches_init, INIT_VFS },
	/* Writeback registers its flushers with block devices' bdis. */
	{ "blk_dev_init", blk_dev_init, INIT_BLOCK },
	/* Module init of dm core and dm-crypt (device_initcalls). */
	{ "dm_init", dm_init, INIT_BLOCK },
	{ "dm_crypt_init", dm_crypt_init, INIT_BLOCK },
	{ "filemap_init", filemap_init, INIT_FILEMAP },
	/* The dirty limits from vm_writeback, then the flushers (pdflush in
	 * .30/.31, the bdi forker in .32). */
	{ "page_writeback_init", page_writeback_init, INIT_WRITEBACK },
	{ "fs_writeback_init", fs_writeback_init, INIT_WRITEBACK },
	/* 2.6.32 mm/vmstat.c setup_vmstat(), a module_init: the per-cpu
	 * counter thresholds (0, exact counters, until here) and each CPU's
	 * vmstat_update. */
	{ "setup_vmstat", setup_vmstat, INIT_VMSTAT },
};

void do_initcalls(unsigned int levels)
{
	for (size_t i = 0; i < sizeof(initcalls) / sizeof(initcalls[0]); i++)
		if (initcalls[i].level & levels)
			initcalls[i].fn();
}

/* What the kernel reads from its command line and the sysctls. */
static void setup_sysctls(const struct boot_params *bp)
{
	vm_swappiness = bp->swappiness;
	kmem_cache_config(bp->slab, bp->mem.nr_cpus);
	sysctl_vfs_cache_pressure = bp->vfs_cache_pressure;
	writeback_sysctl_defaults(&vm_writeback);
	vm_writeback.dirty_ratio = bp->dirty_ratio;
	vm_writeback.dirty_background_ratio = bp->dirty_background_ratio;
	vm_writeback.dirty_expire_centisecs = bp->dirty_expire_centisecs;
	vm_writeback.dirty_writeback_centisecs = bp->dirty_writeback_centisecs;
}

void setup_boot_params(const struct boot_params *bp)
{
	profile_setup(bp);
	setup_sysctls(bp);
}

int start_kernel(const struct boot_params *bp, char *err, size_t len)
{
	struct sim_config cfg = bp->sim;

	setup_boot_params(bp);
	/* The engine runs the profile's scheduler (sched_init()'s share). */
	sched_profile_config(&cfg);
	sim_init(&cfg);
	if (mem_init(&bp->mem)) {
		snprintf(err, len, "%s", mem_init_error());
		return -1;
	}
	do_initcalls(INIT_ALL);
	return 0;
}
