/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Everything a run hands the simulated kernel at boot, as plain data: what
 * the real kernel reads from its image (the profile: which kernel this
 * is), its command line (mem=, the slab allocator, the CPUs) and the
 * sysctls an init script sets before the test (vm.swappiness,
 * vm.dirty_*, vm.vfs_cache_pressure, CFQ's low_latency).  experiment/
 * fills one from a scenario (machine_boot_params()); the kernel's boot
 * (init/main.c start_kernel(), setup_boot_params(); kernel/profile.c
 * profile_setup() for the profile) reads it once and is the only writer
 * of kprofile and of those globals, so a scenario key reaches the code
 * that uses it through one field here.
 */
#ifndef MMSIM_BOOT_PARAMS_H
#define MMSIM_BOOT_PARAMS_H

#include "mmsim/profile.h"
#include "linux/mmzone.h"
#include "linux/slab.h"
#include "sim/sim.h"

/* low_latency not given: the profile's default stays. */
#define BOOT_LOW_LATENCY_DEFAULT	(-1)

struct boot_params {
	/* The kernel: a parsed profile with the switch overrides set
	 * (profile_parse(), profile_set_switches()). */
	struct kernel_profile profile;
	/* vm.kswapd_short_sleep in ns, onto the profile's
	 * kswapd_short_sleep_ms in whole ms; 0: the profile's. */
	uint64_t kswapd_short_sleep;
	/* CFQ's low_latency (2.6.32 block/cfq-iosched.c cfq_init_queue()'s
	 * cfq_latency, /sys/block/.../iosched/low_latency): 0 or 1, or
	 * BOOT_LOW_LATENCY_DEFAULT.  A kernel without it (the profile's
	 * LOW_LATENCY_ABSENT) keeps that: the caller refuses "on" there. */
	int low_latency;
	/* 2.6.32 mm/vmscan.c vm_swappiness, fs/dcache.c
	 * sysctl_vfs_cache_pressure. */
	int swappiness;
	int vfs_cache_pressure;
	/* mm/page-writeback.c's sysctls; the others keep their defaults
	 * (writeback_sysctl_defaults()). */
	int dirty_ratio;
	int dirty_background_ratio;
	unsigned int dirty_expire_centisecs;
	unsigned int dirty_writeback_centisecs;
	/* The slab allocator the kernel was built with; its per-cpu
	 * layout follows mem.nr_cpus. */
	enum slab_allocator slab;
	/* The memory, mem_init()'s. */
	struct mem_config mem;
	/* The engine: CPUs, HZ, seed; start_kernel() adds the profile's
	 * scheduler tunables (sched_profile_config()). */
	struct sim_config sim;
};

/*
 * kprofile from @bp: its profile with kswapd_short_sleep and low_latency
 * on it; the switch reads count from zero (kernel/profile.c).
 */
void profile_setup(const struct boot_params *bp);

/*
 * kprofile, the sysctls and the slab layout from @bp, before anything
 * reads them: the first step of start_kernel(), and all of it a partial
 * boot without the engine ('mmsim show') needs before mem_init().
 */
void setup_boot_params(const struct boot_params *bp);

#endif /* MMSIM_BOOT_PARAMS_H */
