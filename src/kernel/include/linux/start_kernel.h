/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The simulated kernel's boot, one list for every run (init/main.c), as
 * the kernel has one order: start_kernel() and its initcalls.  Every piece
 * of state a run leaves in the kernel's globals is reset by one of these,
 * so a process may run simulations back to back (compare, the tests).
 *
 * What the kernel reads from its image, command line and sysctls comes in
 * one struct boot_params (mmsim/boot_params.h): start_kernel() sets
 * kprofile, the sysctls and the engine (sim_init) from it before anything
 * reads them.  After start_kernel() come the devices (disk, dm, ext3,
 * swapon) and kswapd.
 */
#ifndef MMSIM_START_KERNEL_H
#define MMSIM_START_KERNEL_H

#include <stddef.h>

struct boot_params;

/* Which initcalls a partial machine runs (tests): INIT_ALL for a whole
 * run.  Each runs in the list's order whatever the order of the bits. */
enum {
	INIT_RECORDS	= 1 << 0,	/* a run's records: allocation failures,
					 * OOM kills, congestion_wait */
	INIT_RECLAIM	= 1 << 1,	/* the slab allocator and kmalloc, RCU,
					 * radix trees, skbs; reclaim_init: LRU,
					 * swap, rmap, shrinkers */
	INIT_VFS	= 1 << 2,	/* vfs_caches_init: dentry, inode, bh */
	INIT_BLOCK	= 1 << 3,	/* blk_dev_init: io contexts, congestion,
					 * bios, requests; dm and dm-crypt caches */
	INIT_FILEMAP	= 1 << 4,	/* filemap_init: page waits, readahead */
	INIT_WRITEBACK	= 1 << 5,	/* page_writeback_init (and the flushers) */
	INIT_VMSTAT	= 1 << 6,	/* setup_vmstat: per-cpu counter drift,
					 * vmstat_update (needs sim_init) */
	INIT_ALL	= (1 << 7) - 1,
};

/* Run the initcalls of @levels, in order. */
void do_initcalls(unsigned int levels);

/*
 * A run's kernel: setup_boot_params(@bp) (kprofile, the sysctls), the
 * engine with the profile's scheduler, mem_init(&@bp->mem) (memory,
 * zones, watermarks, vmstat), then every initcall.  Returns 0, or -1 with
 * mem_init's refusal in @err.
 */
int start_kernel(const struct boot_params *bp, char *err, size_t len);

#endif /* MMSIM_START_KERNEL_H */
