/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small machine for the page-cache and writeback tests: x86-64 with
 * 64-128 MiB, the default rotational disk (80 MB/s, CFQ) with a 1 GiB LVM
 * volume "dm-0" holding one filesystem, and the writeback switches of a
 * base kernel.  With machine_crypt set, the 2009 stack instead: disk ->
 * dm-crypt "dm-0" -> LVM volume "dm-1" (dm-crypt's pool pages from the
 * page allocator).  With machine_write_through set, the drive's write
 * cache is off (a write completes when it is on the platter).  Included by
 * one translation unit per test program.
 */
#ifndef WB_MACHINE_H
#define WB_MACHINE_H

#include "linux/kernel.h"
#include "linux/start_kernel.h"
#include "linux/mmzone.h"
#include "linux/vmstat.h"
#include "mmsim/profile.h"
#include "linux/blkdev.h"
#include "linux/backing-dev.h"
#include "linux/pagemap.h"
#include "linux/writeback.h"
#include "linux/ext3_fs.h"
#include "linux/slab.h"
#include "linux/fs.h"
#include "linux/swap.h"
#include "hw/disk.h"

#define MiB (1UL << 20)
#define VOLUME_BYTES (1024 * MiB)

static struct super_block *sb;
static struct block_device *disk, *crypt, *bdev;
static bool booted;
static bool machine_crypt;
static bool machine_write_through;

/* The writeback switches of .30, .31 and rc6 (profile_switches.h). */
static inline void profile_writeback(const char *base)
{
	char err[128];

	if (!strcmp(base, "2.6.30") || !strcmp(base, "2.6.31"))
		assert_int_equal(profile_parse(base, &kprofile, err, sizeof(err)), 0);
	else
		assert_int_equal(profile_parse("2.6.32-rc6", &kprofile, err,
					       sizeof(err)), 0);
}

static inline void machine_boot(unsigned long mbytes, unsigned int cpus,
				const char *base, bool journal)
{
	struct sim_config cfg = { .hz = 250, .nr_cpus = cpus, .seed = 1 };
	struct mem_config mc = {
		.arch = arch_lookup("x86_64"),
		.mem_bytes = mbytes << 20,
		.nr_cpus = cpus,
		.reserved_kbytes = (unsigned long)-1,
	};
	struct ext3_mount_opts opts = { .no_journal_thread = !journal };
	struct disk_params dp;

	sim_init(&cfg);
	kmem_cache_config(SLAB_ALLOCATOR_SLUB, cpus);
	if (mem_init(&mc))
		fail_msg("mem_init: %s", mem_init_error());
	profile_writeback(base);
	writeback_sysctl_defaults(&vm_writeback);
	/* No dentry caches: writeback of the tests' own files. */
	do_initcalls(INIT_RECORDS | INIT_RECLAIM | INIT_BLOCK | INIT_FILEMAP |
		     INIT_WRITEBACK);
	disk_default_params(&dp);
	dp.write_cache = !machine_write_through;
	disk = disk_create("sda", &dp, NULL);
	crypt = NULL;
	if (machine_crypt) {
		crypt = dm_crypt_create("dm-0", disk, 0,
					VOLUME_BYTES >> SECTOR_SHIFT, NULL);
		bdev = dm_linear_create("dm-1", crypt, 0,
					VOLUME_BYTES >> SECTOR_SHIFT, false);
	} else {
		bdev = dm_linear_create("dm-0", disk, 0,
					VOLUME_BYTES >> SECTOR_SHIFT, false);
	}
	sb = ext3_mount(bdev, "scratch", &opts);
	assert_non_null(sb);
	booted = true;
}

/* Let the filesystem's I/O finish (so the devices can be freed). */
static inline void machine_drain_io(void)
{
	for (int i = 0; i < 100000 && sb->s_bios_inflight; i++)
		sim_run(sim_now() + NSEC_PER_MSEC);
}

static inline void machine_shutdown(void)
{
	booted = false;
	machine_drain_io();
	ext3_umount(sb);
	writeback_exit();
	dm_destroy(bdev);
	if (crypt)
		dm_destroy(crypt);
	disk_destroy(disk);
	machine_crypt = false;
	machine_write_through = false;
	blk_dev_exit();
	reclaim_exit();
	sim_exit();
	mem_exit();
}

/* cmocka teardown: a failed assertion leaves the machine booted. */
static inline int machine_teardown(void **state)
{
	(void)state;
	if (booted)
		machine_shutdown();
	return 0;
}

static inline unsigned long nr_dirty(void)
{
	return global_page_state(NR_FILE_DIRTY);
}

static inline unsigned long nr_writeback(void)
{
	return global_page_state(NR_WRITEBACK);
}

static inline void run_for(sim_time_t ns)
{
	sim_run(sim_now() + ns);
}

/* congestion_wait calls from @site, whatever the queue. */
static inline unsigned long cw_calls(enum cw_site site)
{
	unsigned long n = 0;

	for (int q = 0; q < NR_CW_QUEUES; q++)
		n += congestion_wait_totals(site, q)->calls;
	return n;
}

static inline struct request_queue *disk_queue(void)
{
	return disk->bd_queue;
}

#endif /* WB_MACHINE_H */
