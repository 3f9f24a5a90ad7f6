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
#include "workload/workload.h"

struct machine *current_machine;

#define SECTOR_SHIFT 9

static struct page *crypt_alloc_page(gfp_t gfp_mask)
{
	return alloc_pages(gfp_mask, 0);
}

static void crypt_free_page(struct page *page)
{
	__free_pages(page, 0);
}

void machine_mem_config(const struct scenario *sc, struct mem_config *mc)
{
	memset(mc, 0, sizeof(*mc));
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
}

int machine_boot_memory(const struct scenario *sc, char *err, size_t len)
{
	struct mem_config mc;

	machine_mem_config(sc, &mc);
	if (mem_init(&mc)) {
		snprintf(err, len, "%s", mem_init_error());
		return -1;
	}
	return 0;
}

static void setup_writeback_sysctls(const struct scenario *sc)
{
	writeback_sysctl_defaults(&vm_writeback);
	vm_writeback.dirty_ratio = sc->vm.dirty_ratio;
	vm_writeback.dirty_background_ratio = sc->vm.dirty_background_ratio;
	vm_writeback.dirty_expire_centisecs = (unsigned int)sc->vm.dirty_expire_centisecs;
	vm_writeback.dirty_writeback_centisecs = (unsigned int)sc->vm.dirty_writeback_centisecs;
}

static int boot_block(struct machine *m, char *err, size_t len)
{
	const struct scenario_machine *mc = &m->sc->machine;
	struct disk_params dp;
	struct cfq_params cp;
	struct block_device *base;
	sector_t fs_sectors = mc->fs_size >> SECTOR_SHIFT;
	sector_t swap_sectors = mc->swap_size >> SECTOR_SHIFT;

	if (mc->disk == SCENARIO_DISK_SSD)
		disk_fast_params(&dp);
	else
		disk_default_params(&dp);
	/*
	 * disk_size is the partition under dm-crypt (sda5); the disk itself
	 * keeps its own size, so seek distances are those of a partition on
	 * a whole disk, not of a disk the partition's size.
	 */
	if ((mc->disk_size >> SECTOR_SHIFT) > dp.capacity)
		dp.capacity = mc->disk_size >> SECTOR_SHIFT;
	if (mc->disk_bandwidth)
		dp.read_bps = dp.write_bps = mc->disk_bandwidth;
	if (mc->disk_seek)
		dp.seek_avg_ns = mc->disk_seek;
	if (scenario_key_given(m->sc, "machine", "disk_rpm"))
		dp.rpm = (unsigned int)mc->disk_rpm;
	cfq_default_params(&cp);
	/* CFQ's low_latency is new in 2.6.32: earlier kernels lack it. */
	cp.low_latency = m->sc->vm.low_latency &&
			 !strncmp(kprofile.base, "2.6.32", 6);

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
		dm_crypt_alloc_page = crypt_alloc_page;
		dm_crypt_free_page = crypt_free_page;
		m->crypt = dm_crypt_create("dm-0", m->disk, 0,
					   mc->disk_size >> SECTOR_SHIFT, &cr);
		base = m->crypt;
	}
	if (fs_sectors + swap_sectors > (mc->disk_size >> SECTOR_SHIFT)) {
		snprintf(err, len, "volumes (%llu + %llu bytes) exceed the disk (%llu bytes)",
			 (unsigned long long)mc->fs_size,
			 (unsigned long long)mc->swap_size,
			 (unsigned long long)mc->disk_size);
		return -1;
	}
	m->fs_volume = dm_linear_create("dm-1", base, 0, fs_sectors, false);
	if (swap_sectors)
		m->swap_volume = dm_linear_create("dm-2", base, fs_sectors,
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
	/* The desktop's dentries and inodes from before the test. */
	vfs_caches_populate((unsigned long)mc->cached_files, &m->sb->s_next_ino);
	if (m->swap_volume &&
	    swapon_bdev(m->swap_volume, 0, mc->swap_size >> PAGE_SHIFT, -1) < 0) {
		snprintf(err, len, "swapon failed on the swap volume");
		return -1;
	}
	return 0;
}

int machine_boot(struct machine *m, const struct scenario *sc, uint64_t seed,
		 const char *profile, char *err, size_t len)
{
	struct sim_config cfg = {
		.hz = (unsigned int)sc->machine.hz,
		.nr_cpus = (unsigned int)sc->machine.cpus,
		.seed = seed,
	};
	struct mem_config mc;
	char why[256];

	memset(m, 0, sizeof(*m));
	m->sc = sc;
	current_machine = m;
	if (profile_parse(profile ? profile : sc->kernel.profile, &kprofile,
			  why, sizeof(why))) {
		snprintf(err, len, "%s", why);
		return -1;
	}
	if (sc->vm.kswapd_short_sleep)
		kprofile.kswapd_short_sleep_ms =
			(unsigned int)(sc->vm.kswapd_short_sleep / NSEC_PER_MSEC);
	sim_init(&cfg);
	/* What the kernel reads from its command line and sysctls. */
	vm_swappiness = sc->vm.swappiness;
	kmem_cache_config((enum slab_allocator)sc->machine.slab,
			  (unsigned int)sc->machine.cpus);
	sysctl_vfs_cache_pressure = sc->vm.vfs_cache_pressure;
	setup_writeback_sysctls(sc);
	/* Memory, then every per-run initcall (kernel/init/main.c). */
	machine_mem_config(sc, &mc);
	if (start_kernel(&mc, err, len))
		return -1;
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

void machine_teardown(struct machine *m)
{
	workload_set_release(&m->workloads);
	if (m->sb)
		ext3_umount(m->sb);
	writeback_exit();
	filemap_exit();
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
