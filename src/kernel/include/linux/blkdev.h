/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Request queues, the I/O scheduler and the disk model (blk.c), and block
 * devices as the VM sees them (reference §6.3).
 *
 * A disk has a request queue with a request_list (count, starved and wait
 * per direction: index 0 = async, 1 = sync), the 2.6.32 congestion
 * thresholds, a CFQ-like scheduler and a service-time model.  Stacked
 * devices (dm-crypt, LVM volumes; dm.c) have a request queue with only a
 * make_request_fn and a backing_dev_info whose congested_fn asks the
 * devices underneath.
 */
#ifndef MMSIM_BLKDEV_H
#define MMSIM_BLKDEV_H

#include <stdbool.h>
#include "sim/sim.h"
#include "linux/backing-dev.h"
#include "linux/bio.h"
#include "linux/gfp.h"

#define BLKDEV_MAX_RQ		128	/* default nr_requests */
#define BLKDEV_MIN_RQ		4
#define BLK_BATCH_REQ		32	/* requests a batcher may take past full */
#define BLK_BATCH_TIME		(HZ / 50)	/* ... within this many jiffies */
#define BLK_DEF_MAX_SECTORS	1024	/* 512 KiB: the merge limit */

struct request_queue;
struct cfq_data;
struct disk;

/* ---- parameters ------------------------------------------------------- */

/*
 * The service-time model (docs/block.md has the sources of the defaults).
 * A rotational disk pays, per request: access_ns (command overhead), then
 * positioning unless the request starts where the previous one ended (a
 * short forward gap costs the time to rotate past it; anything else a
 * seek of seek_track_ns + k * sqrt(distance / capacity), k chosen so that
 * the mean over uniformly random pairs is seek_avg_ns, plus a rotational
 * latency uniform in [0, one revolution)), then transfer at read_bps or
 * write_bps.  A non-rotational device pays access_ns and transfer only.
 */
struct disk_params {
	bool rotational;
	sector_t capacity;		/* sectors */
	sim_time_t seek_track_ns;	/* track-to-track seek */
	sim_time_t seek_avg_ns;		/* average seek (random pairs) */
	unsigned int rpm;
	uint64_t read_bps, write_bps;	/* sequential transfer, bytes/s */
	sim_time_t access_ns;		/* fixed cost per request */
	unsigned int queue_depth;	/* requests the device holds (NCQ) */
	int irq_cpu;			/* CPU taking completion interrupts */
};

/* 2009 desktop SATA disk: 7200 rpm, 8.5 ms average seek, 80 MB/s, NCQ 31. */
void disk_default_params(struct disk_params *p);
/* 2009 SATA SSD for comparison (non-rotational). */
void disk_fast_params(struct disk_params *p);

/*
 * CFQ tunables, 2.6.32 defaults (arrays indexed by is_sync: 0 = async,
 * 1 = sync).  Times are kept in ns; the kernel's are jiffies (HZ/x), equal
 * at HZ=1000.  blk.c's comment above cfq_select_queue states the rule.
 */
struct cfq_params {
	unsigned int quantum;		/* 4: max dispatched per queue, others busy */
	sim_time_t fifo_expire[2];	/* HZ/4, HZ/8: 250 ms, 125 ms */
	sim_time_t slice[2];		/* HZ/25, HZ/10: 40 ms, 100 ms */
	unsigned int slice_async_rq;	/* 2: async slice <= 2*(2+2*3) = 16 requests */
	sim_time_t slice_idle;		/* HZ/125: 8 ms wait for the next sync request */
	sector_t back_max;		/* 16 MiB (in sectors): backward seeks allowed */
	unsigned int back_penalty;	/* 2: a backward seek costs double */
	bool low_latency;		/* 2.6.32: on; limits async depth after sync I/O */
};

void cfq_default_params(struct cfq_params *p);

/* ---- requests --------------------------------------------------------- */

#define REQ_RW		(1u << 0)	/* write */
#define REQ_RW_SYNC	(1u << 1)	/* sync request (rw_is_sync) */

struct request {
	struct list_head queuelist;	/* scheduler sort list, or the device's */
	struct list_head fifo;		/* scheduler arrival order */
	struct request_queue *q;
	unsigned int cmd_flags;
	sector_t sector;
	unsigned int nr_sectors;
	struct bio *bio, *biotail;
	sim_time_t start_time;		/* allocated (get_request) */
	sim_time_t dispatch_time;	/* handed to the device */
	void *elv_private;		/* its CFQ queue */
};

static inline int rq_data_dir(const struct request *rq)
{
	return rq->cmd_flags & REQ_RW ? WRITE : READ;
}

static inline int rq_is_sync(const struct request *rq)
{
	return !!(rq->cmd_flags & REQ_RW_SYNC);
}

struct request_list {
	int count[2];			/* allocated requests, by is_sync */
	int starved[2];
	struct wait_queue_head wait[2];	/* get_request_wait, exclusive */
};

/* ---- queues ----------------------------------------------------------- */

enum queue_flags {
	QUEUE_FLAG_PLUGGED,		/* held back to collect merges */
	QUEUE_FLAG_ASYNCFULL,		/* async request list full */
	QUEUE_FLAG_SYNCFULL,		/* sync request list full */
	QUEUE_FLAG_NOMERGES,		/* sysfs nomerges: never merge */
	QUEUE_FLAG_NONROT,		/* non-rotational device */
};

typedef void (make_request_fn)(struct request_queue *q, struct bio *bio);

/* Counters kept per disk queue (READ/WRITE by direction, [2] by is_sync
 * where the comment says so). */
struct blk_queue_stats {
	unsigned long bios[2];		/* by direction */
	unsigned long requests[2];	/* dispatched to the device, by direction */
	unsigned long sectors[2];	/* by direction */
	unsigned long back_merges, front_merges;
	unsigned long sleeps[2];	/* get_request_wait sleeps, by is_sync */
	sim_time_t sleep_ns[2];		/* time in them, by is_sync */
	unsigned long deferred;		/* interrupt-context bios that waited */
	unsigned long completed[2];	/* requests, by is_sync */
	sim_time_t latency_ns[2];	/* allocated -> completed, sum, by is_sync */
	sim_time_t max_latency_ns[2];
	unsigned int max_in_driver[2];	/* most in the device at once, by is_sync */
	sim_time_t busy_ns;		/* device servicing */
	unsigned long preemptions;	/* async slices cut short by sync */
};

struct request_queue {
	char name[32];
	make_request_fn *make_request_fn;
	void (*unplug_fn)(struct request_queue *q);
	void *queuedata;		/* the stacked driver's device */
	struct backing_dev_info backing_dev_info;
	unsigned long queue_flags;

	/* Disks only, below. */
	struct request_list rq;
	unsigned long nr_requests;
	unsigned long nr_congestion_on;
	unsigned long nr_congestion_off;
	unsigned long nr_batching;
	unsigned int max_sectors;
	unsigned int unplug_thresh;	/* queued requests that unplug: 4 */
	unsigned long unplug_delay;	/* jiffies: msecs_to_jiffies(3) */
	struct timer unplug_timer;
	struct bio *deferred;		/* bios from interrupt context that */
	struct bio **deferred_tail;	/* found no free request, in order */
	struct cfq_data *elevator;
	struct disk *disk;
	struct blk_queue_stats stats;
};

static inline bool blk_queue_plugged(const struct request_queue *q)
{
	return q->queue_flags & (1UL << QUEUE_FLAG_PLUGGED);
}

static inline int queue_congestion_on_threshold(const struct request_queue *q)
{
	return (int)q->nr_congestion_on;
}

static inline int queue_congestion_off_threshold(const struct request_queue *q)
{
	return (int)q->nr_congestion_off;
}

/* ---- block devices ---------------------------------------------------- */

struct block_device {
	char bd_name[32];
	struct request_queue *bd_queue;
	sector_t bd_nr_sectors;
};

static inline struct request_queue *bdev_get_queue(struct block_device *bdev)
{
	return bdev->bd_queue;
}

static inline struct backing_dev_info *
blk_get_backing_dev_info(struct block_device *bdev)
{
	return &bdev->bd_queue->backing_dev_info;
}

/* ---- interface -------------------------------------------------------- */

/*
 * Start of a simulation, after sim_init(): forget every task's batching
 * state and reset the congestion wait queues (bdi_congestion_init).
 */
void blk_dev_init(void);
/* End of the program: free what blk_dev_init keeps. */
void blk_dev_exit(void);

/* A disk (NULL parameters: defaults). */
struct block_device *disk_create(const char *name,
				 const struct disk_params *dp,
				 const struct cfq_params *cp);
/* Frees the disk, and any request still queued with its bios; call it
 * before sim_exit() (its timers leave the event queue) and submit nothing
 * after. */
void disk_destroy(struct block_device *bdev);

/* A queue for a stacked driver: make_request_fn only. */
struct request_queue *blk_alloc_queue(const char *name,
				      make_request_fn *fn, void *queuedata);
void blk_cleanup_queue(struct request_queue *q);

void blk_queue_congestion_threshold(struct request_queue *q);
/* sysfs nr_requests: recompute thresholds, congestion and full flags. */
void blk_queue_set_nr_requests(struct request_queue *q, unsigned long nr);
/* The merge limit, in 512-byte sectors (at least one page). */
void blk_queue_max_sectors(struct request_queue *q, unsigned int max_sectors);

/* Dispatch what the scheduler allows now (removes the plug). */
void blk_unplug(struct request_queue *q);
/* What a waiter on a page does before sleeping: unplug the device. */
void blk_run_backing_dev(struct backing_dev_info *bdi, struct page *page);

/* Requests of @q queued in the scheduler or held by the device. */
unsigned int blk_queue_in_flight(const struct request_queue *q);
/* CFQ state for tests and reports: a process's sync queue, hw_tag. */
bool cfq_sync_idle_window(const struct request_queue *q, int pid);
unsigned int cfq_nr_sync_queues(const struct request_queue *q);
bool cfq_hw_tag(const struct request_queue *q);

/* ---- stacked devices: dm-crypt and LVM linear volumes (dm.c) --------- */

/*
 * dm-crypt as 2.6.32: per device one kcryptd task (encrypts writes,
 * decrypts reads) and one kcryptd_io task (submits read clones), each a
 * single-threaded workqueue; write clones get their pages from a mempool
 * of pool_pages reserve pages backed by the page allocator.
 */
struct dm_crypt_params {
	sim_time_t ns_per_page;		/* CPU to en/decrypt 4 KiB: 50 us (~80 MB/s) */
	unsigned int pool_pages;	/* MIN_POOL_PAGES: 32 */
	unsigned int min_bio_pages;	/* MIN_BIO_PAGES: 8 pages may wait, no more */
};

void dm_crypt_default_params(struct dm_crypt_params *p);

/*
 * Where dm-crypt's page pool gets pages: alloc_pages(gfp, 0) and
 * __free_page once the page allocator is in.  NULL (the default): pages
 * are plain heap objects and allocation never fails, so the reserve pool
 * is never used.  Set both before creating a crypt device.
 */
extern struct page *(*dm_crypt_alloc_page)(gfp_t gfp_mask);
extern void (*dm_crypt_free_page)(struct page *page);

struct dm_crypt_stats {
	unsigned long read_bios, write_bios;
	unsigned long pages_decrypted, pages_encrypted;
	unsigned long pages_allocated;	/* by the allocator's first, no-wait try */
	unsigned long pool_pages;	/* taken from the reserve pool */
	unsigned long pool_waits;	/* mempool_alloc slept: pool empty */
	unsigned long partial_clones;	/* write clones cut short: no pages */
	unsigned long congestion_waits;	/* congestion_wait(cw_writeback, HZ/100) */
};

/* A crypt device over sectors [start, start + len) of @dev. */
struct block_device *dm_crypt_create(const char *name,
				     struct block_device *dev,
				     sector_t start, sector_t len,
				     const struct dm_crypt_params *p);

/*
 * An LVM logical volume: a linear mapping of sectors [start, start + len)
 * of @dev.  With @swap set its backing_dev_info never reports congestion,
 * standing for swap_backing_dev_info, which is what swap-cache pages carry
 * in the kernel (reference §5.4); its I/O still goes down to @dev.
 */
struct block_device *dm_linear_create(const char *name,
				      struct block_device *dev,
				      sector_t start, sector_t len, bool swap);

/* Frees a dm device (before sim_exit; nothing in flight). */
void dm_destroy(struct block_device *bdev);

const struct dm_crypt_stats *dm_crypt_get_stats(struct block_device *bdev);
/* The kcryptd and kcryptd_io tasks of a crypt device. */
struct task_struct *dm_crypt_kcryptd(struct block_device *bdev);
struct task_struct *dm_crypt_kcryptd_io(struct block_device *bdev);

#endif /* MMSIM_BLKDEV_H */
