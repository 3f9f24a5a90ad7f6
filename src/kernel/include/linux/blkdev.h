/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Request queues, requests and block devices, as 2.6.32's
 * include/linux/blkdev.h has them (block/blk-core.c and its neighbours
 * implement them), and the devices mmsim's machines are built from.
 *
 * A disk has a request queue with a request_list (count, starved and wait
 * per direction: index 0 = async, 1 = sync), the 2.6.32 congestion
 * thresholds (block/blk-core.c get_request(), freed_request()), an
 * elevator (CFQ, include/linux/elevator.h) and a request_fn, its driver's
 * (drivers/scsi/scsi_lib.c), which hands requests to the drive (src/hw/).
 * Stacked devices (dm-crypt, LVM volumes; drivers/md/) have a request
 * queue with only a make_request_fn and a backing_dev_info whose
 * congested_fn asks the devices underneath.
 */
#ifndef MMSIM_BLKDEV_H
#define MMSIM_BLKDEV_H

#include <stdbool.h>
#include "sim/sim.h"
#include "linux/backing-dev.h"
#include "linux/bio.h"
#include "linux/elevator.h"
#include "linux/gfp.h"
#include "linux/kdev_t.h"
#include "linux/mempool.h"

#define BLKDEV_MAX_RQ		128	/* default nr_requests */
#define BLKDEV_MIN_RQ		4
#define BLK_DEF_MAX_SECTORS	1024	/* 512 KiB: the merge limit */

struct request_queue;
struct disk_params;		/* hw/disk.h */
struct hw_disk;			/* hw/disk.h */
struct blk_trace;		/* linux/blktrace_api.h */

/* ---- requests --------------------------------------------------------- */

#define REQ_RW		(1u << 0)	/* write */
#define REQ_RW_SYNC	(1u << 1)	/* sync request (rw_is_sync) */
#define REQ_NOIDLE	(1u << 2)	/* CFQ: do not idle after it (BIO_RW_NOIDLE) */

struct request {
	struct list_head queuelist;	/* scheduler sort list, or queue_head */
	struct list_head fifo;		/* scheduler arrival order */
	struct request_queue *q;
	unsigned int cmd_flags;
	sector_t sector;
	unsigned int nr_sectors;
	struct bio *bio, *biotail;
	sim_time_t start_time;		/* allocated (get_request) */
	sim_time_t dispatch_time;	/* handed to the device */
	void *elv_private;		/* its CFQ queue */
	void *elv_private2;		/* its process's CFQ io context */
	unsigned long fifo_time;	/* CFQ's fifo deadline, jiffies (rq_fifo_time) */
};

static inline int rq_data_dir(const struct request *rq)
{
	return rq->cmd_flags & REQ_RW ? WRITE : READ;
}

static inline int rq_is_sync(const struct request *rq)
{
	return !!(rq->cmd_flags & REQ_RW_SYNC);
}

static inline bool rq_noidle(const struct request *rq)
{
	return rq->cmd_flags & REQ_NOIDLE;
}

struct request_list {
	int count[2];			/* allocated requests, by is_sync */
	int starved[2];
	struct wait_queue_head wait[2];	/* get_request_wait, exclusive */
	mempool_t *rq_pool;		/* BLKDEV_MIN_RQ blkdev_requests */
};

/* ---- queues ----------------------------------------------------------- */

enum queue_flags {
	QUEUE_FLAG_PLUGGED,		/* held back to collect merges */
	QUEUE_FLAG_ASYNCFULL,		/* async request list full */
	QUEUE_FLAG_SYNCFULL,		/* sync request list full */
	QUEUE_FLAG_NOMERGES,		/* sysfs nomerges: never merge */
	QUEUE_FLAG_NONROT,		/* non-rotational device */
	QUEUE_FLAG_QUEUED,		/* the device queues commands (tags) */
};

typedef void (make_request_fn)(struct request_queue *q, struct bio *bio);
typedef void (request_fn_proc)(struct request_queue *q);

/*
 * [MODEL] The buckets of the dispatched requests' sizes (<= 4 KiB,
 * <= 8 KiB, ... doubling to <= 512 KiB, then larger) and of the seek
 * distances between consecutive dispatches (0, < 64 KiB, < 1 MiB, ...
 * 16-fold to < 4 GiB, then farther): blk_size_bucket(), blk_seek_bucket().
 */
#define BLK_SIZE_BUCKETS	9
#define BLK_SEEK_BUCKETS	7
unsigned int blk_size_bucket(unsigned int sectors);
unsigned int blk_seek_bucket(uint64_t sectors);

/* Counters kept per disk queue (READ/WRITE by direction, [2] by is_sync
 * where the comment says so). */
struct blk_queue_stats {
	unsigned long bios[2];		/* by direction */
	unsigned long requests[2];	/* dispatched to the device, by direction */
	unsigned long sectors[2];	/* by direction */
	unsigned long back_merges, front_merges;
	unsigned long merges[2];	/* back and front, by direction */
	unsigned long allocated[2];	/* requests (get_request), by direction */
	unsigned long completed_rw[2];	/* requests, by direction */
	unsigned long unplugs_io;	/* blk_unplug(), and the timer's work */
	unsigned long unplugs_timer;	/* the plug timer fired */
	/* Per bio completed, by its request's is_sync: count, and the sums
	 * of queued (generic_make_request) -> completed and of
	 * dispatched -> completed, as btt's Q2C and D2C average them. */
	unsigned long bios_done[2];
	sim_time_t q2c_ns[2], d2c_ns[2];
	/* Time with a request of the class in the driver, by is_sync;
	 * busy_since: when the current such stretch began. */
	sim_time_t busy_ns[2], busy_since[2];
	/* Dispatches by is_sync: seeks (one per request), their distance
	 * in sectors (btt's seek_dist), the histograms, and the last
	 * request's extent the next distance is measured from. */
	unsigned long seeks[2];
	uint64_t seek_sectors[2];
	uint64_t class_sectors[2];	/* dispatched, by is_sync */
	unsigned long seek_hist[2][BLK_SEEK_BUCKETS];
	unsigned long size_hist[2][BLK_SIZE_BUCKETS];
	uint64_t last_start, last_end;
	unsigned long sleeps[2];	/* get_request_wait sleeps, by is_sync */
	sim_time_t sleep_ns[2];		/* time in them, by is_sync */
	unsigned long deferred;		/* interrupt-context bios that waited */
	unsigned long completed[2];	/* requests, by is_sync */
	sim_time_t latency_ns[2];	/* allocated -> completed, sum, by is_sync */
	sim_time_t max_latency_ns[2];
	unsigned int max_in_driver[2];	/* most in the device at once, by is_sync */
	unsigned long preemptions;	/* CFQ slices cut short (cfq_preempt_queue) */
	/*
	 * [MODEL] CFQ's device-queueing guess (cfq_update_hw_tag): time
	 * with hw_tag at 0 and at 1, the current value's since
	 * hw_tag_since; its decisions (a window of 50 completions under
	 * load each) and those that changed it.
	 */
	sim_time_t hw_tag_ns[2], hw_tag_since;
	unsigned long hw_tag_windows, hw_tag_flips;
	/*
	 * [MODEL] CFQ idling for an empty sync queue's next request
	 * (cfq_arm_slice_timer): waits, those that ended when the idle
	 * timer fired, and their time from arming to the first of the
	 * timer firing, its deletion and a dispatch.
	 */
	unsigned long idle_waits, idle_timeouts;
	sim_time_t idle_ns;
};

struct request_queue {
	char name[32];
	make_request_fn *make_request_fn;
	void (*unplug_fn)(struct request_queue *q);
	void *queuedata;		/* the stacked driver's device */
	struct backing_dev_info backing_dev_info;
	unsigned long queue_flags;

	/* Disks only, below. */
	struct list_head queue_head;	/* dispatched by the elevator, not yet
					 * fetched by the driver */
	request_fn_proc *request_fn;
	struct elevator_queue *elevator;
	unsigned int in_flight[2];	/* fetched by the driver, by is_sync */
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
	struct blk_queue_stats stats;
	struct blk_trace *blk_trace;	/* NULL: not traced (any queue) */
};

static inline void queue_flag_set(unsigned int flag, struct request_queue *q)
{
	q->queue_flags |= 1UL << flag;
}

static inline void queue_flag_clear(unsigned int flag, struct request_queue *q)
{
	q->queue_flags &= ~(1UL << flag);
}

static inline bool blk_queue_plugged(const struct request_queue *q)
{
	return q->queue_flags & (1UL << QUEUE_FLAG_PLUGGED);
}

static inline bool blk_queue_nonrot(const struct request_queue *q)
{
	return q->queue_flags & (1UL << QUEUE_FLAG_NONROT);
}

static inline bool blk_queue_nomerges(const struct request_queue *q)
{
	return q->queue_flags & (1UL << QUEUE_FLAG_NOMERGES);
}

static inline bool blk_queue_tagged(const struct request_queue *q)
{
	return q->queue_flags & (1UL << QUEUE_FLAG_QUEUED);
}

/* The request list of direction @sync is full (get_request). */
static inline bool blk_queue_full(const struct request_queue *q, int sync)
{
	return q->queue_flags & (1UL << (sync ? QUEUE_FLAG_SYNCFULL
					      : QUEUE_FLAG_ASYNCFULL));
}

static inline void blk_set_queue_full(struct request_queue *q, int sync)
{
	queue_flag_set(sync ? QUEUE_FLAG_SYNCFULL : QUEUE_FLAG_ASYNCFULL, q);
}

static inline void blk_clear_queue_full(struct request_queue *q, int sync)
{
	queue_flag_clear(sync ? QUEUE_FLAG_SYNCFULL : QUEUE_FLAG_ASYNCFULL, q);
}

/* Requests the driver has fetched and not yet ended. */
static inline int queue_in_flight(const struct request_queue *q)
{
	return (int)(q->in_flight[0] + q->in_flight[1]);
}

/* ---- block devices ---------------------------------------------------- */

struct block_device {
	char bd_name[32];
	uint32_t bd_dev;		/* MKDEV(major, minor): blk_name_devt() */
	struct request_queue *bd_queue;
	sector_t bd_nr_sectors;
};

/*
 * The device number of the device named @name, as 2.6.32 numbers them
 * (linux/kdev_t.h): sdX is (8, 16 * X), its partition N (8, 16 * X + N),
 * dm-N (253, N); 0 for any other name.
 */
uint32_t blk_name_devt(const char *name);

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

/*
 * A SCSI disk (drivers/scsi/scsi_lib.c) on a drive with @dp (NULL:
 * disk_default_params, hw/disk.h) and CFQ with @cp (NULL: defaults).
 */
struct block_device *disk_create(const char *name,
				 const struct disk_params *dp,
				 const struct cfq_params *cp);
/* Frees the disk, and any request still queued with its bios; call it
 * before sim_exit() (its timers leave the event queue) and submit nothing
 * after. */
void disk_destroy(struct block_device *bdev);
/* The drive under a disk made by disk_create (its measures: hw/disk.h). */
struct hw_disk *disk_hw(struct block_device *bdev);

/* A queue for a stacked driver: make_request_fn only. */
struct request_queue *blk_alloc_queue(const char *name,
				      make_request_fn *fn, void *queuedata);
/*
 * A queue for a disk driver: __make_request, plugging, the request list,
 * and @rfn to hand requests to the device.  The driver sets the queue's
 * flags and then calls elevator_init.
 */
struct request_queue *blk_init_queue(request_fn_proc *rfn, const char *name);
/* Frees @q, its elevator and whatever is still queued in them. */
void blk_cleanup_queue(struct request_queue *q);

/* The defaults of a queue that allocates requests (block/blk-settings.c). */
void blk_queue_make_request(struct request_queue *q, make_request_fn *mfn);
/* sysfs nr_requests: recompute thresholds, congestion and full flags. */
void blk_queue_set_nr_requests(struct request_queue *q, unsigned long nr);
/* The merge limit, in 512-byte sectors (at least one page). */
void blk_queue_max_sectors(struct request_queue *q, unsigned int max_sectors);

/* Dispatch what the scheduler allows now (removes the plug). */
void blk_unplug(struct request_queue *q);
/* What a waiter on a page does before sleeping: unplug the device. */
void blk_run_backing_dev(struct backing_dev_info *bdi, struct page *page);
/* Remove the plug and call the driver if the elevator holds requests. */
void __blk_run_queue(struct request_queue *q);

/* For the driver's request_fn: the next request, started; or NULL. */
struct request *blk_fetch_request(struct request_queue *q);
/*
 * For the driver, when the device is done with @rq: end its bios, tell
 * the elevator, free the request (2.6.32 blk_end_request_all).
 */
void blk_end_request_all(struct request *rq, int error);
/*
 * mmsim: a run stops with I/O in flight: free @rq and its bios without
 * ending them (teardown only; no accounting).
 */
void blk_free_request_at_exit(struct request *rq);

/* Requests of @q allocated: queued in the scheduler or held by the device. */
unsigned int blk_queue_in_flight(const struct request_queue *q);

/* ---- stacked devices: dm-crypt and LVM linear volumes (drivers/md/) -- */

/*
 * dm-crypt as 2.6.32: per device one kcryptd task (encrypts writes,
 * decrypts reads) and one kcryptd_io task (submits read clones), each a
 * single-threaded workqueue; its ios, clones and write pages come from
 * mempools (drivers/md/dm-crypt.c).
 */
struct dm_crypt_params {
	sim_time_t ns_per_page;		/* CPU to en/decrypt 4 KiB: 50 us (~80 MB/s) */
	unsigned int pool_pages;	/* MIN_POOL_PAGES: 32 */
	unsigned int min_bio_pages;	/* MIN_BIO_PAGES: 8 pages may wait, no more */
	unsigned int min_ios;		/* MIN_IOS: 16 ios, requests and bios */
};

void dm_crypt_default_params(struct dm_crypt_params *p);

struct dm_crypt_stats {
	unsigned long read_bios, write_bios;
	unsigned long pages_decrypted, pages_encrypted;
	unsigned long pages_allocated;	/* by the allocator's first, no-wait try */
	unsigned long pool_pages;	/* taken from the reserve pool */
	unsigned long pool_waits;	/* mempool_alloc slept: pool empty */
	unsigned long pool_free;	/* pages in the reserve now */
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
 * in the kernel (2.6.32 mm/swap_state.c: a bdi with no congestion state,
 * so vmscan.c may_write_to_queue() always lets swap-out through); its I/O
 * still goes down to @dev.
 */
struct block_device *dm_linear_create(const char *name,
				      struct block_device *dev,
				      sector_t start, sector_t len, bool swap);

/* Frees a dm device (before sim_exit; nothing in flight). */
void dm_destroy(struct block_device *bdev);

/*
 * Module init of dm core (the dm_io and dm_target_io caches) and of
 * dm-crypt (dm_crypt_io): start_kernel initcalls, after blk_dev_init.
 */
void dm_init(void);
void dm_crypt_init(void);

/* The blkdev_requests cache (blk_dev_init). */
struct kmem_cache *blk_request_cachep(void);

/* NULL for a linear volume; the page pool's counts are as of this call. */
const struct dm_crypt_stats *dm_crypt_get_stats(struct block_device *bdev);
/* The kcryptd and kcryptd_io tasks of a crypt device, and with Chris
 * Mason's patch (kprofile.dm_crypt_io_path) kcryptd_async_io (else NULL). */
struct task_struct *dm_crypt_kcryptd(struct block_device *bdev);
struct task_struct *dm_crypt_kcryptd_io(struct block_device *bdev);
struct task_struct *dm_crypt_kcryptd_async_io(struct block_device *bdev);

#endif /* MMSIM_BLKDEV_H */
