/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The simulated machine of one run: the engine, memory, the block stack
 * (disk -> dm-crypt -> LVM volumes), the filesystem, swap, kswapd and the
 * workload programs, built from a scenario.
 */
#ifndef MMSIM_MACHINE_H
#define MMSIM_MACHINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "sim/sim.h"
#include "scenario/scenario.h"
#include "workload/workload.h"

struct block_device;
struct super_block;
struct netrx;

struct machine {
	const struct scenario *sc;
	struct block_device *disk;		/* the partition */
	struct block_device *crypt;		/* dm-crypt on it, or NULL */
	struct block_device *fs_volume;		/* LVM: ext3 */
	struct block_device *swap_volume;	/* LVM: swap */
	struct super_block *sb;			/* ext3 on fs_volume */
	struct block_device *log_volume;	/* the plain partition, or NULL */
	struct super_block *log_sb;		/* ext3 on it */
	struct workload_set workloads;		/* the tasks' programs */
};

/* The machine running now (one per process). */
extern struct machine *current_machine;

/* The memory layout and sysctls @sc asks mem_init() for: 0, or -1 and
 * @err when this host cannot hold the machine (scenario_check_host()). */
struct mem_config;
int machine_mem_config(const struct scenario *sc, struct mem_config *mc,
		       char *err, size_t len);

/*
 * What @sc, with kernel @profile (NULL: the scenario's) and @seed, hands
 * the kernel's boot: the profile with the scenario's switches, the
 * [vm] tunables, the command line, the memory and the engine.  0, or -1
 * with the profile's or a switch's refusal in @err.
 */
struct boot_params;
int machine_boot_params(const struct scenario *sc, uint64_t seed,
			const char *profile, struct boot_params *bp,
			char *err, size_t len);

/*
 * The first step of machine_boot_static(): mem_init() with
 * machine_mem_config(), under the profile the boot set in kprofile.  'mmsim show' boots this much
 * and no more.  0, or -1 with mem_init_error() in @err; mem_exit() undoes
 * it either way.
 */
int machine_boot_memory(const struct scenario *sc, char *err, size_t len);

/*
 * 'mmsim show': machine_boot_memory(), then start_kernel()'s boot-time
 * slab users as machine_boot() runs them (the kmalloc caches, radix tree
 * nodes, skbs, the VFS caches, bios, requests, dm and dm-crypt with their
 * mempools), so /proc/slabinfo lists every cache a run starts with and
 * the zones count the pages they hold, and swapon of the scenario's swap
 * area (meminfo's SwapTotal).  No engine, tasks or devices.  @profile
 * NULL: the scenario's.  machine_static_exit() undoes it, whatever it
 * returned.
 */
int machine_boot_static(const struct scenario *sc, const char *profile,
			char *err, size_t len);
void machine_static_exit(void);

/*
 * Boot everything but the programs, at simulated time 0.  @profile NULL:
 * the scenario's.  0, or -1 with a one-line reason in @err.  Whatever was
 * booted must still be torn down with machine_teardown().
 */
int machine_boot(struct machine *m, const struct scenario *sc, uint64_t seed,
		 const char *profile, char *err, size_t len);
void machine_teardown(struct machine *m);

/*
 * The machine's whole block devices, as /sys/block lists them: the disk,
 * then the dm devices in the order of their numbers (dm-0 the crypt
 * device when there is one, the volumes).  The plain partition
 * (log_volume, sda1) is not one: its I/O is the disk's.  Up to @max
 * into @out; how many.
 */
size_t machine_block_devices(const struct machine *m,
			     struct block_device **out, size_t max);

#endif
