/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Dirty pages and writeback, as include/linux/writeback.h: the
 * writeback_control every writer passes down, the vm.dirty_* sysctls,
 * dirty accounting and throttling (page-writeback.c) and the background
 * writers (fs-writeback.c: pdflush for .30/.31, per-bdi flusher threads for
 * .32, chosen by kprofile.writeback_engine).
 */
#ifndef MMSIM_WRITEBACK_H
#define MMSIM_WRITEBACK_H

#include <stdbool.h>
#include <stdint.h>
#include "linux/mm_types.h"
#include "linux/gfp.h"
#include "linux/pagemap.h"

struct backing_dev_info;
struct address_space;
struct inode;

enum writeback_sync_modes {
	WB_SYNC_NONE,	/* don't wait on anything */
	WB_SYNC_ALL,	/* wait on every mapping (data integrity) */
};

/* Which pages to write and how; writers report progress through it. */
struct writeback_control {
	struct backing_dev_info *bdi;	/* NULL: every bdi */
	enum writeback_sync_modes sync_mode;
	unsigned long *older_than_this;	/* only inodes dirtied before this (jiffies) */
	long nr_to_write;		/* decremented per page written */
	long pages_skipped;		/* pages not written (redirtied) */
	pgoff_t range_start;		/* pages, when !range_cyclic */
	pgoff_t range_end;
	unsigned nonblocking:1;		/* skip congested queues */
	unsigned encountered_congestion:1;
	unsigned for_kupdate:1;		/* periodic, age-based writeback */
	unsigned for_background:1;
	unsigned for_reclaim:1;		/* pageout() */
	unsigned range_cyclic:1;	/* resume at mapping->writeback_index */
	unsigned more_io:1;		/* inodes left on b_more_io */
};

/* writepage's "please put the page back on the active list". */
#define AOP_WRITEPAGE_ACTIVATE	0x80000

#define MAX_WRITEBACK_PAGES	1024

/*
 * /proc/sys/vm writeback tunables, named as the files are.  Defaults of
 * .30-.32: dirty_ratio 20, dirty_background_ratio 10,
 * dirty_expire_centisecs 3000 (30 s), dirty_writeback_centisecs 500 (5 s).
 * A _bytes value, when non-zero, overrides its _ratio (as writing the one
 * file zeroes the other).
 */
struct vm_writeback_sysctl {
	int dirty_background_ratio;
	unsigned long dirty_background_bytes;
	int dirty_ratio;
	unsigned long dirty_bytes;
	unsigned int dirty_writeback_centisecs;
	unsigned int dirty_expire_centisecs;
	int laptop_mode;
	int highmem_is_dirtyable;
};

extern struct vm_writeback_sysctl vm_writeback;
void writeback_sysctl_defaults(struct vm_writeback_sysctl *s);
/* Re-derive what depends on the sysctls (proportion period, ratelimit). */
void writeback_sysctl_changed(void);

/* ---- page-writeback.c ---------------------------------------------- */

/* Pages a task dirties before balance_dirty_pages looks (per CPU). */
extern unsigned long ratelimit_pages;

/*
 * Boot, inside a simulation, after the page allocator has set
 * totalram_pages and kprofile is chosen: reset every counter, size
 * ratelimit_pages from memory and CPUs (page_writeback_init), and start the
 * profile's background writers (fs_writeback_init: pdflush threads and
 * wb_timer, or bdi-default), in start_kernel()'s list.  Teardown, before
 * sim_exit: ext3_umount() each filesystem, then writeback_exit().
 */
void page_writeback_init(void);
void fs_writeback_init(void);

int set_page_dirty(struct page *page);
int __set_page_dirty_nobuffers(struct page *page);
bool clear_page_dirty_for_io(struct page *page);
void account_page_dirtied(struct page *page, struct address_space *mapping);
int test_set_page_writeback(struct page *page);
int test_clear_page_writeback(struct page *page);
static inline void set_page_writeback(struct page *page)
{
	test_set_page_writeback(page);
}
/* A page about to be written needs to be put back dirty (writepage gave up). */
int redirty_page_for_writepage(struct writeback_control *wbc, struct page *page);

unsigned long determine_dirtyable_memory(void);
void get_dirty_limits(unsigned long *pbackground, unsigned long *pdirty,
		      unsigned long *pbdi_dirty, struct backing_dev_info *bdi);
void balance_dirty_pages_ratelimited_nr(struct address_space *mapping,
					unsigned long nr_pages_dirtied);
static inline void balance_dirty_pages_ratelimited(struct address_space *mapping)
{
	balance_dirty_pages_ratelimited_nr(mapping, 1);
}
/* Reclaim calls this at the end of every shrink_zone (2.6.32 mm/vmscan.c). */
void throttle_vm_writeout(gfp_t gfp_mask);

int write_cache_pages(struct address_space *mapping,
		      struct writeback_control *wbc);
int do_writepages(struct address_space *mapping, struct writeback_control *wbc);

/* Per-bdi writeback numbers balance_dirty_pages reads (bdi_stat). */
enum bdi_stat_item {
	BDI_RECLAIMABLE,
	BDI_WRITEBACK,
	NR_BDI_STAT_ITEMS
};
long bdi_stat(struct backing_dev_info *bdi, enum bdi_stat_item item);

/*
 * What throttling did beyond the kernel's counters, for tests.  Times in
 * ns of simulated time; a "pause" is one sleep of balance_dirty_pages
 * (throttle_vm_writeout's naps are CW_THROTTLE_VM's congestion_wait
 * records).
 */
struct bdp_stats {
	unsigned long calls;		/* balance_dirty_pages entries */
	unsigned long throttled;	/* entries that slept or wrote */
	unsigned long pages_written;	/* by throttled writers themselves */
	unsigned long pauses;
	sim_time_t pause_ns;
	unsigned long max_nr_dirty;	/* NR_FILE_DIRTY high-water mark */
	/* max(NR_FILE_DIRTY - dirty_thresh) seen at any dirtying */
	unsigned long max_over_limit;
};
extern struct bdp_stats bdp_stats;

/* ---- fs-writeback.c ------------------------------------------------ */

/* inode->i_state bits, as fs.h. */
#define I_DIRTY_SYNC		1
#define I_DIRTY_DATASYNC	2
#define I_DIRTY_PAGES		4
#define I_NEW			8
#define I_WILL_FREE		16
#define I_FREEING		32
#define I_CLEAR			64
#define I_SYNC			128
#define I_DIRTY (I_DIRTY_SYNC | I_DIRTY_DATASYNC | I_DIRTY_PAGES)

void __mark_inode_dirty(struct inode *inode, int flags);
/* Writeback of one bdi (wbc->bdi) or of all (NULL), by the calling task. */
void writeback_inodes(struct writeback_control *wbc);
void writeback_inodes_wbc(struct writeback_control *wbc);
/* Write and wait on every dirty page of @inode (fsync-like, WB_SYNC_ALL). */
int sync_inode_pages(struct inode *inode);
/* The inode is going away: take it off the writeback lists. */
void inode_writeback_forget(struct inode *inode);

/* Attach writeback to a bdi that will carry dirty pages (a mounted fs). */
int bdi_writeback_register(struct backing_dev_info *bdi, const char *devname);
/* Stop every writeback thread and free state: end of a simulation. */
void writeback_exit(void);
bool writeback_in_progress(struct backing_dev_info *bdi);
bool bdi_has_dirty_io(struct backing_dev_info *bdi);

/* .32: queue background (nr_pages == 0) or nr_pages of writeback work. */
void bdi_start_writeback(struct backing_dev_info *bdi, long nr_pages);
/* Kick background writers: the flushers (.32) or pdflush (.30/.31). */
void wakeup_flusher_threads(long nr_pages);
int wakeup_pdflush(long nr_pages);
/* .30/.31: hand @fn to an idle pdflush thread; -1 when none is idle. */
int pdflush_operation(void (*fn)(long), long arg);

/* .30/.31: pdflush threads now (2.6.30 mm/pdflush.c). */
extern int nr_pdflush_threads;

/* What the background writers did beyond the kernel's counters, for tests
 * (pdflush's congestion naps are CW_PDFLUSH's congestion_wait records). */
struct flusher_stats {
	unsigned long pdflush_ops;		/* pdflush_operation accepted */
	unsigned long pdflush_ops_dropped;	/* returned -1: none idle */
	unsigned int max_pdflush_threads;
	unsigned long kupdate_runs;		/* wb_kupdate / old-data flushes */
	unsigned long background_runs;
	unsigned long work_items;		/* .32 work queued */
	unsigned long pages_written;		/* by pdflush / flusher threads */
	unsigned long inode_waits;		/* flusher waited on a busy inode */
	/*
	 * The threads' passes: one writeback_inodes() (.30/.31) or
	 * writeback_inodes_wb() (.32) call with a quota of
	 * MAX_WRITEBACK_PAGES, from background_writeout, wb_kupdate or
	 * wb_writeback.  Pages the pass wrote (the most in one), passes that
	 * met a congested queue (wbc->encountered_congestion), and the
	 * simulated time each took (the flusher's includes its sleeps for
	 * request slots, pdflush's does not include its naps).
	 */
	unsigned long passes;
	unsigned long pass_pages_max;
	unsigned long passes_congested;
	uint64_t pass_ns, pass_ns_max;
	/* pdflush's congestion_wait naps after a pass, and those of them
	 * after a pass that met congestion (the rest: more_io alone). */
	unsigned long naps, naps_congested;
};
extern struct flusher_stats flusher_stats;

#endif /* MMSIM_WRITEBACK_H */
