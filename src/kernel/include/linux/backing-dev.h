/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Backing devices: the per-bdi congestion bits, the two global congestion
 * wait queues and congestion_wait (2.6.32 mm/backing-dev.c; BLK_RW_BOTH is
 * patch 3 of the series, docs/model.md).
 *
 * Every congestion_wait call is recorded (site, queue, caller, time waited,
 * woken or timed out, per part for BLK_RW_BOTH) so reports can show where
 * the VM slept and whether the sleep ended by a wake-up or a timeout.
 */
#ifndef MMSIM_BACKING_DEV_H
#define MMSIM_BACKING_DEV_H

#include <stdbool.h>
#include <stddef.h>
#include "sim/sim.h"
#include "mmsim/profile.h"		/* BLK_RW_ASYNC, BLK_RW_SYNC, BLK_RW_BOTH */

struct page;

/* Bit numbers in bdi->state, as the 2.6.32 enum bdi_state. */
enum bdi_state {
	BDI_pending,
	BDI_wb_alloc,
	BDI_async_congested,	/* the async request list is congested */
	BDI_sync_congested,	/* the sync request list is congested */
	BDI_registered,
};

typedef int (congested_fn)(void *congested_data, int bdi_bits);

#define VM_MAX_READAHEAD	128	/* KiB */

struct backing_dev_info {
	const char *name;
	unsigned long state;		/* BDI_* bits */
	unsigned long ra_pages;		/* readahead window, pages */
	/*
	 * Stacked devices (dm, md) have no request queue of their own:
	 * bdi_congested asks this function, which ORs the congestion of the
	 * devices underneath.
	 */
	congested_fn *congested_fn;
	void *congested_data;
	/* Kick queued I/O towards the device (blk_run_backing_dev). */
	void (*unplug_io_fn)(struct backing_dev_info *bdi, struct page *page);
	void *unplug_io_data;

	/* mmsim: how often and how long each bit was set (state bits only). */
	unsigned long congested_count[2];	/* indexed by BLK_RW_ASYNC/SYNC */
	sim_time_t congested_ns[2];
	sim_time_t congested_since[2];
};

void bdi_init(struct backing_dev_info *bdi, const char *name);

void set_bdi_congested(struct backing_dev_info *bdi, int sync);
void clear_bdi_congested(struct backing_dev_info *bdi, int sync);

static inline int bdi_congested(struct backing_dev_info *bdi, int bdi_bits)
{
	if (bdi->congested_fn)
		return bdi->congested_fn(bdi->congested_data, bdi_bits);
	return (int)(bdi->state & (unsigned long)bdi_bits);
}

static inline int bdi_read_congested(struct backing_dev_info *bdi)
{
	return bdi_congested(bdi, 1 << BDI_sync_congested);
}

static inline int bdi_write_congested(struct backing_dev_info *bdi)
{
	return bdi_congested(bdi, 1 << BDI_async_congested);
}

static inline int bdi_rw_congested(struct backing_dev_info *bdi)
{
	return bdi_congested(bdi, (1 << BDI_sync_congested) |
				  (1 << BDI_async_congested));
}

/* Time @bdi's own state bit for @sync has been set, up to now. */
sim_time_t bdi_congested_time(const struct backing_dev_info *bdi, int sync);

/* ---- congestion_wait -------------------------------------------------- */

/*
 * Who called congestion_wait: the kernel function of each call site (and
 * the profile switch that picks its queue, in brackets).  The order is
 * the order of every report's table.
 */
enum cw_site {
	CW_ALLOC_RETRY,		/* __alloc_pages_slowpath retry, HZ/50 [cw_alloc] */
	CW_HIGH_PRIORITY,	/* __alloc_pages_high_priority NOFAIL loop [cw_alloc] */
	CW_DIRECT_RECLAIM,	/* do_try_to_free_pages nap, HZ/10 [cw_direct] */
	CW_KSWAPD,		/* balance_pgdat nap, HZ/10 [cw_kswapd] */
	CW_LUMPY,		/* shrink_inactive_list sync pass [cw_lumpy] */
	CW_ISOLATED,		/* too_many_isolated [cw_isolated] */
	CW_THROTTLE_VM,		/* throttle_vm_writeout [cw_writeback] */
	CW_BDP,			/* balance_dirty_pages (.30/.31) [cw_writeback] */
	CW_PDFLUSH,		/* pdflush background/kupdate naps [cw_writeback] */
	CW_DMCRYPT,		/* dm-crypt page pool shortage, HZ/100 [cw_writeback] */
	CW_OTHER,		/* plain congestion_wait() */
	NR_CW_SITES
};

#define NR_CW_QUEUES	3	/* BLK_RW_ASYNC, BLK_RW_SYNC, BLK_RW_BOTH */

/* One sleep on one wait queue: BLK_RW_BOTH makes up to two. */
struct cw_part {
	int queue;		/* BLK_RW_ASYNC or BLK_RW_SYNC */
	long timeout;		/* jiffies asked for this part */
	long remaining;		/* jiffies left when it ended */
	sim_time_t waited;	/* ns */
	bool woken;		/* ended by a wake-up, not by its timeout */
};

struct congestion_wait_record {
	enum cw_site site;
	int queue;		/* as requested: ASYNC, SYNC or BOTH */
	int order;		/* kswapd: the order balance_pgdat works at; -1 otherwise */
	int pid;
	char comm[16];
	sim_time_t start;
	long timeout;		/* jiffies, as requested */
	long ret;		/* jiffies left, as returned */
	sim_time_t waited;	/* ns, both parts */
	unsigned int nr_parts;
	struct cw_part part[2];
};

struct congestion_wait_totals {
	unsigned long calls;
	unsigned long timed_out;	/* the call's last part timed out */
	sim_time_t waited_ns;
	/* Per part, by the queue slept on (BLK_RW_ASYNC, BLK_RW_SYNC). */
	unsigned long parts[2];
	unsigned long parts_woken[2];
	sim_time_t parts_waited_ns[2];
};

/*
 * congestion_wait(sync, timeout): sleep on the @sync queue (BLK_RW_ASYNC,
 * BLK_RW_SYNC, or BLK_RW_BOTH: ASYNC, then SYNC for what is left) until a
 * request of that direction completes or @timeout jiffies pass.  Returns
 * the jiffies left (0: the whole timeout passed), as 2.6.32's.
 *
 * Every call is recorded under its call site, found from the calling
 * function (and, where one function waits in two places, from the text
 * of @sync: the profile switch picking the queue) by a table in
 * backing-dev.c; kswapd's nap in balance_pgdat() also records the order
 * it works at (reclaim_state->order).  The call reads as the kernel's.
 */
#define congestion_wait(sync, timeout)					\
	__congestion_wait(sync, timeout, __func__, #sync)
long __congestion_wait(int sync, long timeout, const char *function,
		       const char *queue_text);

#define NR_CW_ORDERS	11	/* MAX_ORDER */

/* Recorded calls, oldest first; valid until the next reset. */
size_t congestion_wait_nr_records(void);
const struct congestion_wait_record *congestion_wait_record(size_t i);
/* Totals per (site, queue as requested). */
const struct congestion_wait_totals *congestion_wait_totals(enum cw_site site,
							    int queue);
/* Totals of the calls that gave an order (kswapd's), per order; orders
 * above NR_CW_ORDERS - 1 count in the last slot. */
const struct congestion_wait_totals *congestion_wait_order_totals(int order);
void congestion_wait_stats_reset(void);

const char *cw_site_name(enum cw_site site);

/*
 * Start of a simulation: empty the two wait queues (waiters of a previous
 * simulation are gone with its tasks) and forget the records.
 */
void bdi_congestion_init(void);
/* Free the records (end of the program; the wait queues need nothing). */
void bdi_congestion_exit(void);

#endif /* MMSIM_BACKING_DEV_H */
