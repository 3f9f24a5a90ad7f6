/* SPDX-License-Identifier: GPL-2.0 */
/*
 * State shared by mm/page-writeback.c and fs/fs-writeback.c only: the
 * writeback side of a backing_dev_info (2.6.32's struct bdi_writeback and
 * the bdi fields the dirty limits read), floating proportions, and the
 * per-inode dirty-page tags write_cache_pages walks.  Filesystems see
 * none of it: they are called through address_space_operations.
 */
#ifndef MMSIM_WB_INTERNAL_H
#define MMSIM_WB_INTERNAL_H

#include <stdbool.h>
#include "sim/list.h"
#include "sim/sim.h"
#include "linux/pagemap.h"
#include "linux/writeback.h"

struct prop_descriptor {
	unsigned int shift;		/* a period is 2^(shift-1) events */
	unsigned long events;
};

struct prop_local {
	unsigned long events;
	unsigned long period;		/* global period of the last update */
	unsigned int shift;		/* the descriptor's shift then */
};

extern struct prop_descriptor vm_completions, vm_dirties;
void prop_inc(struct prop_descriptor *pd, struct prop_local *pl);
void prop_fraction(struct prop_descriptor *pd, struct prop_local *pl,
		   unsigned long *numerator, unsigned long *denominator);

/* .32 work item: bdi_start_writeback / wakeup_flusher_threads. */
struct bdi_work {
	struct list_head list;
	long nr_pages;
	enum writeback_sync_modes sync_mode;
	bool for_background;
	bool range_cyclic;
};

/*
 * Writeback state of one bdi.  The kernel keeps it inside
 * backing_dev_info (bdi->wb, bdi_stat, dirty_exceeded, completions); here
 * it is found with bdi_wb() so backing_dev_info stays the block layer's.
 */
struct bdi_writeback {
	struct backing_dev_info *bdi;
	char name[16];			/* "253:0" */
	struct list_head link;		/* all registered bdis */
	struct list_head b_dirty;	/* dirty inodes, newest first */
	struct list_head b_io;		/* picked for writeback */
	struct list_head b_more_io;	/* more to write after this round */
	long stat[NR_BDI_STAT_ITEMS];
	struct prop_local completions;
	unsigned int min_ratio, max_ratio;
	bool dirty_exceeded;

	/* .30/.31: a pdflush thread is writing here (BDI_pdflush). */
	bool pdflush_active;

	/* .32 flusher thread */
	struct task_struct *task;
	struct list_head work_list;
	unsigned long last_old_flush;	/* jiffies */
	unsigned long last_active;
	bool task_exited;
};

struct bdi_writeback *bdi_wb(struct backing_dev_info *bdi);
void page_writeback_exit(void);
/* Background writeback for @bdi's sake: pdflush or the bdi's flusher. */
void writeback_start_background(struct backing_dev_info *bdi);

/* Dirty tags: one bit per page index (the radix tree's DIRTY tag). */
void inode_tag_dirty(struct inode *inode, pgoff_t index);
void inode_tag_clean(struct inode *inode, pgoff_t index);
/* First tagged index >= @index, or (pgoff_t)-1. */
pgoff_t inode_next_dirty(struct inode *inode, pgoff_t index);
bool mapping_tagged_dirty(struct inode *inode);

#endif /* MMSIM_WB_INTERNAL_H */
