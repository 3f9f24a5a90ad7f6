// SPDX-License-Identifier: GPL-2.0
/*
 * Boot and tear down the simulated machine of one run, in the order the
 * real one comes up: memory and its watermarks, the reclaim and writeback
 * machinery, the disk, dm-crypt and the LVM volumes on it, ext3 on the
 * work volume, swap on the swap volume, kswapd, then the programs.
 */
#include <stdlib.h>
#include <string.h>
#include "machine.h"
#include "scenario_load.h"
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "mmsim/profile.h"
#include "mmsim/alloc_fail.h"
#include "linux/oom.h"
#include "linux/blkdev.h"
#include "hw/disk.h"
#include "linux/backing-dev.h"
#include "linux/swap.h"
#include "linux/mm.h"
#include "linux/pagemap.h"
#include "linux/writeback.h"
#include "linux/ext3_fs.h"
#include "linux/slab.h"
#include "linux/dcache.h"
#include "linux/start_kernel.h"
#include "mmsim/boot_params.h"
#include "linux/vmstat.h"
#include "linux/sched.h"
#include "workload/workload.h"

struct machine *current_machine;

#define SECTOR_SHIFT 9

int machine_mem_config(const struct scenario *sc, struct mem_config *mc,
		       char *err, size_t len)
{
	memset(mc, 0, sizeof(*mc));
	/*
	 * Every boot comes here before it allocates anything: a machine
	 * too large for this host is refused now, not after minutes of
	 * filling memmap ('show --mem 1T', a calibrated mem).
	 */
	if (scenario_check_host(sc, err, len))
		return -1;
	mc->arch = arch_lookup(scenario_arch_names[sc->machine.arch]);
	mc->mem_bytes = sc->machine.mem;
	mc->nr_cpus = (unsigned int)sc->machine.cpus;
	mc->nr_nodes = (unsigned int)sc->machine.nodes;
	mc->pageblock_order = (unsigned int)sc->machine.pageblock_order;
	mc->reserved_kbytes = scenario_key_given(sc, "machine", "reserved") ?
			      sc->machine.reserved / 1024 : (unsigned long)-1;
	mc->min_free_kbytes = (unsigned long)sc->vm.min_free_kbytes;
	for (int i = 0; i < sc->vm.lowmem_reserve_ratio.n && i < MAX_NR_ZONES; i++)
		mc->lowmem_reserve_ratio[i] = (unsigned int)sc->vm.lowmem_reserve_ratio.v[i];
	mc->percpu_pagelist_fraction = (unsigned int)sc->vm.percpu_pagelist_fraction;
	return 0;
}

int machine_boot_memory(const struct scenario *sc, char *err, size_t len)
{
	struct mem_config mc;

	if (machine_mem_config(sc, &mc, err, len))
		return -1;
	if (mem_init(&mc)) {
		snprintf(err, len, "%s", mem_init_error());
		return -1;
	}
	/* What setup_vmstat() sets later in a booted kernel, which
	 * /proc/zoneinfo prints (no engine: no vmstat_update). */
	refresh_zone_stat_thresholds();
	return 0;
}

int machine_boot_static(const struct scenario *sc, const char *profile,
			char *err, size_t len)
{
	struct boot_params bp;

	/* The kernel a run of @sc boots, without its engine. */
	if (machine_boot_params(sc, 0, profile, &bp, err, len))
		return -1;
	setup_boot_params(&bp);
	if (machine_boot_memory(sc, err, len))
		return -1;
	do_initcalls(INIT_RECORDS | INIT_RECLAIM | INIT_VFS | INIT_BLOCK);
	/*
	 * The swap area machine_boot() swapons, so /proc/meminfo's
	 * SwapTotal and SwapFree are a run's at its start (2.6.32
	 * sys_swapon() adds the area's pages less its header to both).
	 * Nothing is read or written through it: no device under it.
	 */
	if (sc->machine.swap_size >> PAGE_SHIFT >= 2 &&
	    swapon_bdev(NULL, 0, sc->machine.swap_size >> PAGE_SHIFT, -1) < 0) {
		snprintf(err, len, "swapon failed on the swap volume");
		return -1;
	}
	/* What each CPU's vmstat_update() has folded by the time anyone
	 * reads /proc after boot. */
	for (int cpu = 0; cpu < sc->machine.cpus; cpu++)
		refresh_cpu_vm_stats(cpu);
	return 0;
}

void machine_static_exit(void)
{
	swap_exit();
	blk_dev_exit();
	vfs_caches_exit();
	mempool_forget_all();
	kmem_cache_exit();
	mem_exit();
}

/*
 * The drive from the scenario's disk keys (docs/disk.md): a rotational
 * drive takes them all; an ssd keeps disk_fast_params but for its rate,
 * capacity and queue depth.  Without disk_capacity the drive is at least
 * large enough for the partition.
 */
static void disk_params_from_scenario(const struct scenario *sc,
				      struct disk_params *dp)
{
	const struct scenario_machine *mc = &sc->machine;
	uint64_t end = max(mc->disk_partition_start + mc->disk_size,
			   mc->logfs_start + mc->logfs_size);

	if (mc->disk == SCENARIO_DISK_SSD) {
		disk_fast_params(dp);
		dp->read_bps = dp->write_bps = mc->disk_bandwidth;
	} else {
		disk_default_params(dp);
		dp->read_bps = dp->write_bps = mc->disk_bandwidth;
		dp->inner_bps = mc->disk_bandwidth_inner;
		dp->zones = (unsigned int)mc->disk_zones;
		dp->heads = (unsigned int)mc->disk_heads;
		dp->seek_avg_ns = mc->disk_seek;
		dp->seek_track_ns = mc->disk_seek_track;
		dp->seek_full_ns = mc->disk_seek_full;
		dp->write_settle_ns = mc->disk_write_settle;
		dp->rpm = (unsigned int)mc->disk_rpm;
		dp->access_ns = mc->disk_overhead;
		dp->ncq_age_ns = mc->disk_ncq_age;
		dp->write_cache = mc->disk_write_cache;
		dp->cache_bytes = mc->disk_cache_size;
		dp->readahead_bytes = mc->disk_readahead;
		dp->read_segments = (unsigned int)mc->disk_read_segments;
		dp->link_bps = mc->disk_link_bandwidth;
	}
	dp->queue_depth = (unsigned int)mc->disk_queue_depth;
	dp->capacity = mc->disk_capacity >> SECTOR_SHIFT;
	if (!scenario_key_given(sc, "machine", "disk_capacity") &&
	    (end >> SECTOR_SHIFT) > dp->capacity)
		dp->capacity = end >> SECTOR_SHIFT;
}

static int boot_block(struct machine *m, char *err, size_t len)
{
	const struct scenario_machine *mc = &m->sc->machine;
	struct disk_params dp;
	struct cfq_params cp;
	struct block_device *base;
	sector_t start = mc->disk_partition_start >> SECTOR_SHIFT;
	sector_t fs_sectors = mc->fs_size >> SECTOR_SHIFT;
	sector_t swap_sectors = mc->swap_size >> SECTOR_SHIFT;

	disk_params_from_scenario(m->sc, &dp);
	/* low_latency as the booted kernel has it (boot_params). */
	cfq_default_params(&cp);

	m->disk = disk_create("sda", &dp, &cp);
	blk_queue_set_nr_requests(bdev_get_queue(m->disk),
				  (unsigned long)m->sc->vm.nr_requests);
	blk_queue_max_sectors(bdev_get_queue(m->disk),
			      (unsigned int)(mc->disk_max_request >> SECTOR_SHIFT));
	base = m->disk;
	if (mc->crypt) {
		struct dm_crypt_params cr;

		dm_crypt_default_params(&cr);
		if (mc->crypt_cost)
			cr.ns_per_page = mc->crypt_cost;
		/*
		 * cryptsetup create on /dev/sda5: a plain mapping, no header,
		 * so the crypt device is the partition sector for sector.
		 */
		m->crypt = dm_crypt_create("dm-0", m->disk, start,
					   mc->disk_size >> SECTOR_SHIFT, &cr);
		base = m->crypt;
		start = 0;
	}
	if (fs_sectors + swap_sectors > (mc->disk_size >> SECTOR_SHIFT)) {
		snprintf(err, len, "volumes (%llu + %llu bytes) exceed the disk (%llu bytes)",
			 (unsigned long long)mc->fs_size,
			 (unsigned long long)mc->swap_size,
			 (unsigned long long)mc->disk_size);
		return -1;
	}
	/*
	 * The cover letter's lvcreate order: the ext3 volume first, then
	 * swap, each one contiguous extent from the start of the physical
	 * volume, so file and swap I/O seek across the partition.
	 */
	m->fs_volume = dm_linear_create("dm-1", base, start, fs_sectors, false);
	if (swap_sectors)
		m->swap_volume = dm_linear_create("dm-2", base,
						  start + fs_sectors,
						  swap_sectors, true);
	return 0;
}

static int boot_storage(struct machine *m, char *err, size_t len)
{
	const struct scenario_machine *mc = &m->sc->machine;

	m->sb = ext3_mount(m->fs_volume, "dm-1", NULL);
	if (!m->sb) {
		snprintf(err, len, "the filesystem volume (%llu bytes) is too small for ext3",
			 (unsigned long long)mc->fs_size);
		return -1;
	}
	/*
	 * The normal partition the test's scripts ran from and logged to
	 * (cover letter: "On a normal partition, I expand a tarball"):
	 * plain ext3 on the same drive.  [MODEL] A linear mapping of the
	 * disk stands for the partition: the same requests at the same
	 * sectors through sda's queue; named sda1 so its flusher is
	 * flush-8:0 as a partition's would be.
	 */
	if (mc->logfs_size) {
		m->log_volume = dm_linear_create("sda1", m->disk,
						 mc->logfs_start >> SECTOR_SHIFT,
						 mc->logfs_size >> SECTOR_SHIFT,
						 false);
		m->log_sb = ext3_mount(m->log_volume, "sda1", NULL);
		if (!m->log_sb) {
			snprintf(err, len, "the log filesystem (%llu bytes) is too small for ext3",
				 (unsigned long long)mc->logfs_size);
			return -1;
		}
	}
	/* The desktop's dentries and inodes from before the test. */
	vfs_caches_populate((unsigned long)mc->cached_files, &m->sb->s_next_ino);
	if (m->swap_volume &&
	    swapon_bdev(m->swap_volume, 0, mc->swap_size >> PAGE_SHIFT, -1) < 0) {
		snprintf(err, len, "swapon failed on the swap volume");
		return -1;
	}
	return 0;
}

int machine_boot_params(const struct scenario *sc, uint64_t seed,
			const char *profile, struct boot_params *bp,
			char *err, size_t len)
{
	char why[256];

	memset(bp, 0, sizeof(*bp));
	if (profile_parse(profile ? profile : sc->kernel.profile, &bp->profile,
			  why, sizeof(why)) ||
	    profile_set_switches(&bp->profile, sc->kernel.switches, why,
				 sizeof(why))) {
		snprintf(err, len, "%s", why);
		return -1;
	}
	bp->kswapd_short_sleep = sc->vm.kswapd_short_sleep;
	bp->low_latency = scenario_key_given(sc, "vm", "low_latency") ?
			  sc->vm.low_latency : BOOT_LOW_LATENCY_DEFAULT;
	bp->swappiness = sc->vm.swappiness;
	bp->vfs_cache_pressure = sc->vm.vfs_cache_pressure;
	bp->dirty_ratio = sc->vm.dirty_ratio;
	bp->dirty_background_ratio = sc->vm.dirty_background_ratio;
	bp->dirty_expire_centisecs = (unsigned int)sc->vm.dirty_expire_centisecs;
	bp->dirty_writeback_centisecs =
		(unsigned int)sc->vm.dirty_writeback_centisecs;
	bp->slab = (enum slab_allocator)sc->machine.slab;
	if (machine_mem_config(sc, &bp->mem, err, len))
		return -1;
	bp->sim.hz = (unsigned int)sc->machine.hz;
	bp->sim.nr_cpus = (unsigned int)sc->machine.cpus;
	bp->sim.threads_per_core = (unsigned int)sc->machine.threads_per_core;
	bp->sim.cpu_speed = sc->machine.cpu_speed;
	bp->sim.smt_speed = sc->machine.smt_speed;
	bp->sim.lp64 = sc->machine.arch == SCENARIO_ARCH_X86_64;
	bp->sim.seed = seed;
	return 0;
}

int machine_boot(struct machine *m, const struct scenario *sc, uint64_t seed,
		 const char *profile, char *err, size_t len)
{
	struct boot_params bp;
	struct scenario_error serr;

	memset(m, 0, sizeof(*m));
	m->sc = sc;
	current_machine = m;
	if (machine_boot_params(sc, seed, profile, &bp, err, len) ||
	    start_kernel(&bp, err, len))
		return -1;
	/*
	 * A scenario's low_latency = on refused on a kernel without it
	 * (--kernel may boot another profile than the scenario's, which
	 * scenario_load() checked).  After start_kernel(), so that a
	 * refusal tears down like any boot failure.
	 */
	if (scenario_check_profile(sc, &bp.profile, &serr)) {
		snprintf(err, len, "%s", serr.msg);
		return -1;
	}
	if (boot_block(m, err, len) || boot_storage(m, err, len))
		return -1;
	/* kswapd_init: one kswapd per node with memory, "kswapd<nid>". */
	for (int nid = 0; nid < nr_online_nodes; nid++) {
		if (kswapd_run(nid)) {
			snprintf(err, len, "cannot start kswapd%d", nid);
			return -1;
		}
	}
	return 0;
}

size_t machine_block_devices(const struct machine *m,
			     struct block_device **out, size_t max)
{
	struct block_device *all[] = {
		m->disk, m->crypt, m->fs_volume, m->swap_volume,
	};
	size_t n = 0;

	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		if (all[i] && n < max)
			out[n++] = all[i];
	return n;
}

void machine_teardown(struct machine *m)
{
	workload_set_release(&m->workloads);
	if (m->sb)
		ext3_umount(m->sb);
	if (m->log_sb)
		ext3_umount(m->log_sb);
	writeback_exit();
	filemap_exit();
	if (m->log_volume)
		dm_destroy(m->log_volume);
	if (m->swap_volume)
		dm_destroy(m->swap_volume);
	if (m->fs_volume)
		dm_destroy(m->fs_volume);
	if (m->crypt)
		dm_destroy(m->crypt);
	if (m->disk)
		disk_destroy(m->disk);
	blk_dev_exit();
	vfs_caches_exit();
	reclaim_exit();
	sim_exit();
	mem_exit();
	current_machine = NULL;
}
