/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A kernel for the block layer's tests (test_blk, test_cfq,
 * test_congestion): bios, requests and dm's ios are slab objects, so a
 * test of the block layer boots a small machine's memory (64 MB, x86-64)
 * and the initcalls that make the caches and pools: start_kernel's
 * INIT_RECORDS, INIT_RECLAIM (the slab allocator) and INIT_BLOCK
 * (blk_dev_init: bios and requests; dm_init, dm_crypt_init).  No kswapd,
 * no filesystem; the tests' I/O uses pages of their own.
 */
#ifndef MMSIM_TESTS_BLOCK_MACHINE_H
#define MMSIM_TESTS_BLOCK_MACHINE_H

#include <stdint.h>
#include "sim/sim.h"
#include "linux/mm.h"
#include "linux/mmzone.h"
#include "linux/slab.h"
#include "linux/swap.h"
#include "linux/start_kernel.h"
#include "linux/blkdev.h"

/* sim_init, then the memory and the caches; kprofile as the caller set it. */
static __attribute__((unused)) void block_machine_boot(unsigned int hz,
							 unsigned int cpus,
							 uint64_t seed)
{
	struct sim_config cfg = { .hz = hz, .nr_cpus = cpus, .seed = seed };
	struct mem_config mc = {
		.arch = arch_lookup("x86_64"),
		.mem_bytes = 64UL << 20,
		.nr_cpus = cpus,
		.reserved_kbytes = (unsigned long)-1,
	};

	sim_init(&cfg);
	kmem_cache_config(SLAB_ALLOCATOR_SLUB, cpus);
	if (mem_init(&mc))
		fail_msg("mem_init: %s", mem_init_error());
	do_initcalls(INIT_RECORDS | INIT_RECLAIM | INIT_BLOCK);
}

/* After the devices are gone: the caches, the engine, the memory. */
static __attribute__((unused)) void block_machine_shutdown(void)
{
	blk_dev_exit();
	reclaim_exit();
	sim_exit();
	mem_exit();
}

#endif /* MMSIM_TESTS_BLOCK_MACHINE_H */
