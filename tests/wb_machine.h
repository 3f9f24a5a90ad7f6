/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small machine for the page-cache and writeback tests: x86-64 with
 * 64-128 MiB, one filesystem on one disk, a profile's writeback switches.
 * Included by one translation unit per test program.
 */
#ifndef WB_MACHINE_H
#define WB_MACHINE_H

#include "kernel/kernel.h"
#include "kernel/mmzone.h"
#include "kernel/vmstat.h"
#include "kernel/profile.h"
#include "kernel/pagemap.h"
#include "kernel/writeback.h"
#include "kernel/ext3.h"
#include "wb_stubs.h"

static struct super_block *sb;
static struct block_device *bdev;
static bool booted;

/* The writeback switches of .30, .31 and rc6 (reference §10.2). */
static inline void profile_writeback(const char *base)
{
	if (!strcmp(base, "2.6.30") || !strcmp(base, "2.6.31")) {
		kprofile.cw_writeback = !strcmp(base, "2.6.30") ? BLK_RW_SYNC :
								  BLK_RW_ASYNC;
		kprofile.reclaimable_def = RECLAIMABLE_ALL_LRU;
		kprofile.writeback_engine = WRITEBACK_PDFLUSH;
		kprofile.bdp_sleep = BDP_CONGESTION_WAIT;
		kprofile.bdp_write_chunk = BDP_RATELIMIT_1_5;
	} else {
		kprofile.cw_writeback = BLK_RW_ASYNC;
		kprofile.reclaimable_def = RECLAIMABLE_SWAP_AWARE;
		kprofile.writeback_engine = WRITEBACK_FLUSHER;
		kprofile.bdp_sleep = BDP_PAUSE_BACKOFF;
		kprofile.bdp_write_chunk = BDP_DIRTIED_1_5;
	}
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

	sim_init(&cfg);
	if (mem_init(&mc))
		fail_msg("mem_init: %s", mem_init_error());
	profile_writeback(base);
	filemap_init();
	writeback_sysctl_defaults(&vm_writeback);
	page_writeback_init();
	bdev = stub_disk_init(1024);
	sb = ext3_mount(bdev, "scratch", &opts);
	assert_non_null(sb);
	booted = true;
}

static inline void machine_shutdown(void)
{
	booted = false;
	ext3_umount(sb);
	writeback_exit();
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

#define MiB (1UL << 20)

#endif /* WB_MACHINE_H */
