// SPDX-License-Identifier: GPL-2.0
/*
 * The CFQ I/O scheduler, as 2.6.32's block/cfq-iosched.c, for one I/O
 * priority (BE/4): a sync queue per process, one async queue for every
 * async write.  The block core reaches it only through iosched_cfq's
 * elevator_ops (include/linux/elevator.h).  Under dm-crypt that is two
 * queues: every read comes from kcryptd_io and every write from kcryptd.
 *
 * - The busy queues are served in rb_key order (cfq_service_tree_add:
 *   joining or rejoining at now + an offset that grows with the number of
 *   busy queues; a preempting queue goes first).  The active queue keeps
 *   the disk for its slice (sync 100 ms, async 40 ms or 16 requests),
 *   timed from its first completion.
 * - Sync is favoured: a sync request arriving while the async queue is
 *   active preempts it; async is not dispatched while sync requests are
 *   in the device; while a sync queue has an idle window, its requests
 *   wait for async ones to drain and, when it runs empty, the scheduler
 *   idles on it (slice_idle, 8 ms; CFQ_MIN_TT, one tick, if seeky) before
 *   giving the disk away; a request close to the head preempts a queue
 *   that is idling.  The idle window follows the process's think time and
 *   seek distance (cfq_update_idle_window); hw_tag is detected from the
 *   device's depth under load (cfq_update_hw_tag).
 * - low_latency (2.6.32, on by default) decides two branches: the async
 *   queue may have at most (time since the last sync completion) /
 *   slice_sync requests in the device, and 1 when it has none; and a
 *   seeky sync queue on a queueing device keeps its idle window (off: it
 *   loses it, so its reads no longer wait for async requests to drain).
 * - A queue may have quantum (4) requests in the device while another is
 *   busy, 4 x quantum when it is alone.
 * - mmsim's minimum async share: an async slice is only preempted by sync
 *   once it has dispatched one request, so async I/O gets at least one
 *   request each time it is served.  The kernel preempts at once; without
 *   this rule the default reproduction's 2.6.30 row stalls 18-19 s at
 *   seeds 1 and 3 (docs/block.md); .30's own CFQ is not modelled.
 *
 * Deliberately simple: the queues' lists are sorted linked lists, O(n)
 * per insertion and merge lookup with n <= 3/2 nr_requests, searched
 * from the tail where sequential streams land.
 */
#include <stdlib.h>
#include "blk.h"

struct cfq_queue {
	struct list_head sort_list;	/* queued requests by sector */
	struct list_head fifo;		/* queued requests by arrival */
	unsigned int queued;
	unsigned int dispatched;	/* in the device */
	sim_time_t slice_end;
	bool slice_new;			/* slice starts at its first completion */
	unsigned int slice_dispatch;
	bool fifo_checked;		/* fifo looked at once per slice */
	int sync;
	int pid;			/* owner of a sync queue */
	struct list_head rr;		/* service order, while on_rr */
	bool on_rr;			/* has requests queued */
	int64_t rb_key;			/* service order key (ns) */
	/*
	 * 2.6.32 keeps these per process (cfq_io_context); mmsim has one sync
	 * queue, so it keeps them per queue (exact under dm-crypt, where
	 * kcryptd_io is the only reader).
	 */
	bool idle_window;		/* CFQ_CFQQ_FLAG_idle_window */
	sim_time_t last_end_request;	/* last sync completion */
	unsigned long ttime_samples;	/* fixed point, 256 = one sample */
	uint64_t ttime_total;
	sim_time_t ttime_mean;
	sector_t last_request_pos;	/* end of the last request queued */
	unsigned long seek_samples;
	uint64_t seek_total;
	sector_t seek_mean;
};

struct cfq_data {
	struct request_queue *queue;
	struct cfq_params p;
	struct cfq_queue async_queue;	/* every async request (ioprio BE/4) */
	struct cfq_queue **sync_queues;	/* one per process, by creation */
	unsigned int nr_sync_queues;
	struct list_head rr_list;	/* busy queues by rb_key: service order */
	unsigned int busy_queues;
	struct cfq_queue *active_queue;
	unsigned int rq_queued;
	int rq_in_driver;
	int rq_in_flight[2];
	sector_t last_position;
	sim_time_t last_end_sync_rq;
	bool hw_tag;			/* the device queues more than one */
	int rq_in_driver_peak;		/* hw_tag detection (cfq_update_hw_tag) */
	int hw_tag_samples;
	bool wait_request;		/* idling on the active sync queue */
	struct timer idle_slice_timer;
};


static bool cfq_slice_used(const struct cfq_queue *cfqq)
{
	return !cfqq->slice_new && sim_now() >= cfqq->slice_end;
}

static unsigned int cfq_busy_queues(const struct cfq_data *cfqd)
{
	return cfqd->busy_queues;
}

static void cfq_init_cfqq(struct cfq_queue *cfqq, int sync, int pid)
{
	INIT_LIST_HEAD(&cfqq->sort_list);
	INIT_LIST_HEAD(&cfqq->fifo);
	INIT_LIST_HEAD(&cfqq->rr);
	cfqq->sync = sync;
	cfqq->pid = pid;
	/* cfq_init_cfqq: sync queues start with an idle window. */
	cfqq->idle_window = sync;
	cfqq->last_end_request = sim_now();
}

/*
 * cfq_get_queue: every async request goes to the one async queue (all
 * tasks are ioprio BE/4); a sync request to its process's own queue, made
 * on its first request.  Without a task (interrupt context) pid 0 stands
 * in.  NULL only when @create is false and there is none yet.
 */
static struct cfq_queue *cfq_find_queue(struct cfq_data *cfqd, bool sync,
					bool create)
{
	int pid = can_sleep() ? current->pid : 0;
	struct cfq_queue *cfqq, **qs;

	if (!sync)
		return &cfqd->async_queue;
	for (unsigned int i = 0; i < cfqd->nr_sync_queues; i++)
		if (cfqd->sync_queues[i]->pid == pid)
			return cfqd->sync_queues[i];
	if (!create)
		return NULL;
	cfqq = calloc(1, sizeof(*cfqq));
	qs = realloc(cfqd->sync_queues,
		     (cfqd->nr_sync_queues + 1) * sizeof(*qs));
	if (!cfqq || !qs)
		abort();
	cfq_init_cfqq(cfqq, 1, pid);
	qs[cfqd->nr_sync_queues++] = cfqq;
	cfqd->sync_queues = qs;
	return cfqq;
}

static struct cfq_queue *rq_cfqq(const struct request *rq)
{
	return rq->elv_private;
}

/*
 * elevator_merge_fn: a request of the submitter's own queue
 * (cfq_allow_merge) that @bio extends at its end or start, searched from
 * the highest sector down.
 */
static int cfq_merge(struct request_queue *q, struct request **req,
		     struct bio *bio)
{
	struct cfq_data *cfqd = q->elevator->elevator_data;
	struct cfq_queue *cfqq = cfq_find_queue(cfqd, bio_sync(bio), false);
	sector_t start = bio->bi_sector, end = start + bio_sectors(bio);
	struct request *rq;

	if (!cfqq)
		return ELEVATOR_NO_MERGE;
	list_for_each_entry_reverse(rq, &cfqq->sort_list, queuelist) {
		if (!elv_rq_merge_ok(rq, bio))
			continue;
		if (rq->sector + rq->nr_sectors == start) {
			*req = rq;
			return ELEVATOR_BACK_MERGE;
		}
		if (end == rq->sector) {
			*req = rq;
			return ELEVATOR_FRONT_MERGE;
		}
		if (rq->sector + rq->nr_sectors < start)
			break;		/* sorted: nothing further down touches */
	}
	return ELEVATOR_NO_MERGE;
}

/* 2.6.32 cfq_allow_merge(): never a sync bio into an async request (nor
 * the reverse). */
static int cfq_allow_merge(struct request_queue *q, struct request *rq,
			   struct bio *bio)
{
	return rq_is_sync(rq) == (int)bio_sync(bio);
}

/* The neighbours of @rq in its queue's sector order, for attempt_merge. */
static struct request *cfq_former_request(struct request_queue *q,
					  struct request *rq)
{
	struct cfq_queue *cfqq = rq_cfqq(rq);

	if (rq->queuelist.prev == &cfqq->sort_list)
		return NULL;
	return list_entry(rq->queuelist.prev, struct request, queuelist);
}

static struct request *cfq_latter_request(struct request_queue *q,
					  struct request *rq)
{
	struct cfq_queue *cfqq = rq_cfqq(rq);

	if (rq->queuelist.next == &cfqq->sort_list)
		return NULL;
	return list_entry(rq->queuelist.next, struct request, queuelist);
}

static int cfq_queue_empty(struct request_queue *q)
{
	struct cfq_data *cfqd = q->elevator->elevator_data;

	return !cfqd->rq_queued;
}

/*
 * cfq_slice_offset (2.6.32): a queue joining or rejoining the service
 * order goes behind the others by (busy queues - 1) times the difference
 * between the largest slice (prio 0 sync: 180 ms) and its own: 80 ms for
 * a BE/4 sync queue, 140 ms for the async one.
 */
static int64_t cfq_slice_offset(const struct cfq_data *cfqd,
				const struct cfq_queue *cfqq)
{
	int64_t max_slice = (int64_t)(cfqd->p.slice[BLK_RW_SYNC] +
				      cfqd->p.slice[BLK_RW_SYNC] / 5 * 4);

	return (int64_t)(cfqd->busy_queues - 1) *
	       (max_slice - (int64_t)cfqd->p.slice[cfqq->sync]);
}

/*
 * cfq_service_tree_add: the busy queues in rb_key order, the first served
 * next; equal keys keep their arrival order.  A preempting queue goes a
 * second (HZ) ahead of the first.  The residual slice the kernel banks in
 * the key (slice_resid) is not modelled.
 */
static void cfq_service_tree_add(struct cfq_data *cfqd,
				 struct cfq_queue *cfqq, bool add_front)
{
	struct cfq_queue *pos;
	int64_t key;

	if (!add_front) {
		key = (int64_t)sim_now() + cfq_slice_offset(cfqd, cfqq);
	} else {
		key = list_empty(&cfqd->rr_list) ? (int64_t)sim_now() :
		      list_first_entry(&cfqd->rr_list, struct cfq_queue,
				       rr)->rb_key;
		key -= (int64_t)NSEC_PER_SEC;
	}
	list_del_init(&cfqq->rr);
	cfqq->rb_key = key;
	list_for_each_entry(pos, &cfqd->rr_list, rr)
		if (pos->rb_key > key)
			break;
	list_add_tail(&cfqq->rr, &pos->rr);
}

static void cfq_add_cfqq_rr(struct cfq_data *cfqd, struct cfq_queue *cfqq)
{
	cfqq->on_rr = true;
	cfqd->busy_queues++;
	cfq_service_tree_add(cfqd, cfqq, false);
}

static void cfq_del_cfqq_rr(struct cfq_data *cfqd, struct cfq_queue *cfqq)
{
	cfqq->on_rr = false;
	list_del_init(&cfqq->rr);
	cfqd->busy_queues--;
}

/* 2.6.32 cfq-iosched.c constants. */
#define CFQ_MIN_TT_MS		2
#define CFQ_HW_QUEUE_MIN	5
#define CIC_SEEK_THR		(8 * 1024)	/* sectors: 4 MiB */

/* 256 is one sample; more than 80 means at least 3 of them. */
static bool cfq_sample_valid(unsigned long samples)
{
	return samples > 80;
}

/*
 * CFQ_MIN_TT is msecs_to_jiffies(2): whole jiffies, so one tick (4 ms) at
 * HZ 250, unlike slice_idle (HZ/125), which is 8 ms at any HZ.
 */
static sim_time_t cfq_min_tt_ns(void)
{
	return (sim_time_t)((CFQ_MIN_TT_MS * HZ + 999) / 1000) *
	       (NSEC_PER_SEC / HZ);
}

static bool cfq_seeky(const struct cfq_queue *cfqq)
{
	return cfqq->seek_mean > CIC_SEEK_THR;
}

/*
 * cfq_update_io_thinktime: a decaying mean of the time from the queue's
 * last sync completion to its next request, each sample capped at twice
 * slice_idle.
 */
static void cfq_update_io_thinktime(struct cfq_data *cfqd,
				    struct cfq_queue *cfqq)
{
	sim_time_t ttime = sim_now() - cfqq->last_end_request;

	if (ttime > 2 * cfqd->p.slice_idle)
		ttime = 2 * cfqd->p.slice_idle;
	cfqq->ttime_samples = (7 * cfqq->ttime_samples + 256) / 8;
	cfqq->ttime_total = (7 * cfqq->ttime_total + 256 * (uint64_t)ttime) / 8;
	cfqq->ttime_mean = (sim_time_t)((cfqq->ttime_total + 128) /
					cfqq->ttime_samples);
}

/*
 * cfq_update_io_seektime: a decaying mean of the distance from the end of
 * the previous request to the start of this one, each sample capped
 * (harder after the first few) so one far jump does not make a queue
 * seeky.
 */
static void cfq_update_io_seektime(struct cfq_queue *cfqq,
				   const struct request *rq)
{
	sector_t sdist, cap;
	uint64_t total;

	if (!cfqq->last_request_pos)
		sdist = 0;
	else if (cfqq->last_request_pos < rq->sector)
		sdist = rq->sector - cfqq->last_request_pos;
	else
		sdist = cfqq->last_request_pos - rq->sector;
	if (cfqq->seek_samples <= 60)
		cap = cfqq->seek_mean * 4 + 2 * 1024 * 1024;
	else
		cap = cfqq->seek_mean * 4 + 2 * 1024 * 64;
	if (sdist > cap)
		sdist = cap;
	cfqq->seek_samples = (7 * cfqq->seek_samples + 256) / 8;
	cfqq->seek_total = (7 * cfqq->seek_total + 256 * (uint64_t)sdist) / 8;
	total = cfqq->seek_total + cfqq->seek_samples / 2;
	cfqq->seek_mean = (sector_t)(total / cfqq->seek_samples);
}

/*
 * cfq_update_idle_window (2.6.32): a sync queue idles unless it thinks
 * longer than slice_idle (CFQ_MIN_TT if it is seeky).  low_latency
 * decides one case: with it off, a seeky queue on a device that queues
 * (hw_tag) never idles; with it on, it keeps a short idle window, which
 * also makes async requests drain from the device before its requests go.
 */
static void cfq_update_idle_window(struct cfq_data *cfqd,
				   struct cfq_queue *cfqq)
{
	bool enable = cfqq->idle_window;

	if (!cfqq->sync)
		return;
	if (!cfqd->p.slice_idle ||
	    (!cfqd->p.low_latency && cfqd->hw_tag && cfq_seeky(cfqq))) {
		enable = false;
	} else if (cfq_sample_valid(cfqq->ttime_samples)) {
		sim_time_t slice_idle = cfqd->p.slice_idle;

		if (cfq_sample_valid(cfqq->seek_samples) && cfq_seeky(cfqq))
			slice_idle = cfq_min_tt_ns();
		enable = cfqq->ttime_mean <= slice_idle;
	}
	cfqq->idle_window = enable;
}

/*
 * cfq_update_hw_tag (2.6.32): under load (more than CFQ_HW_QUEUE_MIN
 * requests queued or in the device), every 50 completions decide whether
 * the device queues: it does if it held CFQ_HW_QUEUE_MIN at once.
 */
static void cfq_update_hw_tag(struct cfq_data *cfqd)
{
	if (cfqd->rq_in_driver > cfqd->rq_in_driver_peak)
		cfqd->rq_in_driver_peak = cfqd->rq_in_driver;
	if (cfqd->rq_queued <= CFQ_HW_QUEUE_MIN &&
	    cfqd->rq_in_driver <= CFQ_HW_QUEUE_MIN)
		return;
	if (cfqd->hw_tag_samples++ < 50)
		return;
	cfqd->hw_tag = cfqd->rq_in_driver_peak >= CFQ_HW_QUEUE_MIN;
	cfqd->hw_tag_samples = 0;
	cfqd->rq_in_driver_peak = 0;
}

/* 2 * (slice_async_rq + slice_async_rq * (CFQ_PRIO_LISTS - 1 - ioprio 4)) */
static unsigned int cfq_prio_to_maxrq(const struct cfq_data *cfqd)
{
	unsigned int base = cfqd->p.slice_async_rq;

	return 2 * (base + base * (8 - 1 - 4));
}

static void cfq_clear_wait_request(struct cfq_data *cfqd)
{
	cfqd->wait_request = false;
	timer_del(&cfqd->idle_slice_timer);
}

static void cfq_slice_expired(struct cfq_data *cfqd)
{
	struct cfq_queue *cfqq = cfqd->active_queue;

	cfq_clear_wait_request(cfqd);
	if (!cfqq)
		return;
	cfqq->slice_end = 0;
	/* cfq_resort_rr_list: a queue still busy goes to the back. */
	if (cfqq->on_rr)
		cfq_service_tree_add(cfqd, cfqq, false);
	cfqd->active_queue = NULL;
}

static struct cfq_queue *cfq_get_next_queue(struct cfq_data *cfqd)
{
	if (list_empty(&cfqd->rr_list))
		return NULL;
	return list_first_entry(&cfqd->rr_list, struct cfq_queue, rr);
}

static struct cfq_queue *cfq_set_active_queue(struct cfq_data *cfqd)
{
	struct cfq_queue *cfqq = cfq_get_next_queue(cfqd);

	if (cfqq) {
		cfqq->slice_end = 0;
		cfqq->slice_new = true;
		cfqq->slice_dispatch = 0;
		cfqq->fifo_checked = false;
		cfq_clear_wait_request(cfqd);
	}
	cfqd->active_queue = cfqq;
	return cfqq;
}

static struct cfq_queue *cfq_select_queue(struct cfq_data *cfqd)
{
	struct cfq_queue *cfqq = cfqd->active_queue;

	if (!cfqq)
		return cfq_set_active_queue(cfqd);
	if (cfq_slice_used(cfqq))
		goto expire;
	if (cfqq->queued)
		return cfqq;
	/* Idle for the sync queue's next request, or let its I/O finish. */
	if (timer_pending(&cfqd->idle_slice_timer) ||
	    (cfqq->dispatched && cfqq->idle_window))
		return NULL;
expire:
	cfq_slice_expired(cfqd);
	return cfq_set_active_queue(cfqd);
}

static bool cfq_may_dispatch(struct cfq_data *cfqd, struct cfq_queue *cfqq)
{
	unsigned int max_dispatch = cfqd->p.quantum;

	/* Drain async requests before we start sync I/O (idling queues). */
	if (cfqq->idle_window && cfqd->rq_in_flight[BLK_RW_ASYNC])
		return false;
	/* An async queue waits while sync I/O is in the device. */
	if (cfqd->rq_in_flight[BLK_RW_SYNC] && !cfqq->sync)
		return false;
	if (cfqq->dispatched >= max_dispatch) {
		if (cfq_busy_queues(cfqd) > 1)
			return false;
		max_dispatch *= 4;	/* sole queue: 2.6.32 allows 4 quanta */
	}
	/*
	 * 2.6.32 low_latency: async depth ramps up with the time since the
	 * last sync completion; Mel Gorman's Nov 2009 runs found this slows
	 * writeback (and so reclaim) under memory pressure.
	 */
	if (!cfqq->sync && cfqd->p.low_latency) {
		sim_time_t last_sync = sim_now() - cfqd->last_end_sync_rq;
		unsigned int depth = (unsigned int)(last_sync /
						    cfqd->p.slice[BLK_RW_SYNC]);

		if (!depth && !cfqq->dispatched)
			depth = 1;
		if (depth < max_dispatch)
			max_dispatch = depth;
	}
	return cfqq->dispatched < max_dispatch;
}

/* Once per slice, a request past its fifo deadline goes first. */
static struct request *cfq_check_fifo(struct cfq_data *cfqd,
				      struct cfq_queue *cfqq)
{
	struct request *rq;

	if (cfqq->fifo_checked)
		return NULL;
	cfqq->fifo_checked = true;
	if (list_empty(&cfqq->fifo))
		return NULL;
	rq = list_first_entry(&cfqq->fifo, struct request, fifo);
	if (sim_now() < rq->start_time + cfqd->p.fifo_expire[cfqq->sync])
		return NULL;
	return rq;
}

/*
 * cfq_choose_req: the nearest request ahead of the head; one behind it
 * within back_max counts back_penalty times its distance; beyond that it
 * waits for the sweep to wrap (lowest sector first).
 */
static struct request *cfq_next_rq(struct cfq_data *cfqd,
				   struct cfq_queue *cfqq)
{
	sector_t last = cfqd->last_position;
	struct request *rq, *best = NULL;
	bool best_wrap = true;
	sector_t best_d = ~(sector_t)0;

	list_for_each_entry(rq, &cfqq->sort_list, queuelist) {
		bool wrap = false;
		sector_t d;

		if (rq->sector >= last) {
			d = rq->sector - last;
		} else if (last - rq->sector <= cfqd->p.back_max) {
			d = (last - rq->sector) * cfqd->p.back_penalty;
		} else {
			wrap = true;
			d = rq->sector;
		}
		if (!best || (best_wrap && !wrap) ||
		    (best_wrap == wrap && d < best_d)) {
			best = rq;
			best_wrap = wrap;
			best_d = d;
		}
	}
	return best;
}

static void cfq_remove_request(struct cfq_data *cfqd, struct request *rq)
{
	struct cfq_queue *cfqq = rq_cfqq(rq);

	list_del_init(&rq->queuelist);
	list_del_init(&rq->fifo);
	cfqq->queued--;
	cfqd->rq_queued--;
	/* cfq_del_rq_rb: an empty queue leaves the service order. */
	if (!cfqq->queued && cfqq->on_rr)
		cfq_del_cfqq_rr(cfqd, cfqq);
}

/* From the queue to the dispatch list, counted in the driver from here. */
static void cfq_dispatch_insert(struct request_queue *q, struct request *rq)
{
	struct cfq_data *cfqd = q->elevator->elevator_data;
	struct cfq_queue *cfqq = rq_cfqq(rq);

	cfq_remove_request(cfqd, rq);
	cfqq->dispatched++;
	cfqd->rq_in_driver++;
	cfqd->rq_in_flight[cfqq->sync]++;
	cfqd->last_position = rq->sector + rq->nr_sectors;
	elv_dispatch_add_tail(q, rq);
}

/*
 * elevator_dispatch_fn: one request of the queue whose turn it is, if the
 * rules let it go now.  @force (draining) is never asked for.
 */
static int cfq_dispatch_requests(struct request_queue *q, int force)
{
	struct cfq_data *cfqd = q->elevator->elevator_data;
	struct cfq_queue *cfqq;
	struct request *rq;

	if (!cfqd->rq_queued)
		return 0;
	cfqq = cfq_select_queue(cfqd);
	if (!cfqq || !cfq_may_dispatch(cfqd, cfqq))
		return 0;
	rq = cfq_check_fifo(cfqd, cfqq);
	if (!rq)
		rq = cfq_next_rq(cfqd, cfqq);
	cfq_dispatch_insert(q, rq);
	cfqq->slice_dispatch++;
	cfq_clear_wait_request(cfqd);

	/* An async queue that used its request allowance yields at once. */
	if (cfq_busy_queues(cfqd) > 1 && !cfqq->sync &&
	    cfqq->slice_dispatch >= cfq_prio_to_maxrq(cfqd)) {
		cfqq->slice_new = false;
		cfqq->slice_end = sim_now();
		cfq_slice_expired(cfqd);
	}
	return 1;
}

/*
 * cfq_rq_close: @rq starts within the idling queue's mean seek distance
 * (CIC_SEEK_THR until it has samples) of where the head is.
 */
static bool cfq_rq_close(const struct cfq_data *cfqd,
			 const struct cfq_queue *active, const struct request *rq)
{
	sector_t sdist = active->seek_mean, d;

	if (!cfq_sample_valid(active->seek_samples))
		sdist = CIC_SEEK_THR;
	d = rq->sector >= cfqd->last_position ?
	    rq->sector - cfqd->last_position : cfqd->last_position - rq->sector;
	return d <= sdist;
}

static bool cfq_should_preempt(struct cfq_data *cfqd,
			       struct cfq_queue *new_cfqq, struct request *rq)
{
	struct cfq_queue *cfqq = cfqd->active_queue;

	if (!cfqq)
		return false;
	if (cfq_slice_used(cfqq))
		return true;
	/* mmsim: after one async dispatch (the minimum async share). */
	if (rq_is_sync(rq) && !cfqq->sync)
		return cfqq->slice_dispatch > 0;
	/*
	 * 2.6.32: a queue idling for its next request gives way to one
	 * whose request is as close as its own would be (the cooperating
	 * queue marks that limit this are not modelled).
	 */
	return cfqd->wait_request && cfq_rq_close(cfqd, cfqq, rq);
}

static void cfq_insert_request(struct request_queue *q, struct request *rq)
{
	struct cfq_data *cfqd = q->elevator->elevator_data;
	struct cfq_queue *cfqq = cfq_find_queue(cfqd, rq_is_sync(rq), true);
	struct request *pos;

	rq->elv_private = cfqq;

	/* By sector; sequential streams append, so search from the tail. */
	list_for_each_entry_reverse(pos, &cfqq->sort_list, queuelist)
		if (pos->sector <= rq->sector)
			break;
	list_add(&rq->queuelist, &pos->queuelist);
	list_add_tail(&rq->fifo, &cfqq->fifo);
	cfqq->queued++;
	cfqd->rq_queued++;
	if (!cfqq->on_rr)
		cfq_add_cfqq_rr(cfqd, cfqq);

	/* cfq_rq_enqueued */
	if (cfqq->sync) {
		cfq_update_io_thinktime(cfqd, cfqq);
		cfq_update_io_seektime(cfqq, rq);
		cfq_update_idle_window(cfqd, cfqq);
		cfqq->last_request_pos = rq->sector + rq->nr_sectors;
	}
	if (cfqq == cfqd->active_queue) {
		if (cfqd->wait_request) {
			cfq_clear_wait_request(cfqd);
			__blk_run_queue(cfqd->queue);
		}
	} else if (cfq_should_preempt(cfqd, cfqq, rq)) {
		/* cfq_preempt_queue: to the front, a fresh slice. */
		cfqd->queue->stats.preemptions++;
		cfq_slice_expired(cfqd);
		cfq_service_tree_add(cfqd, cfqq, true);
		cfqq->slice_end = 0;
		cfqq->slice_new = true;
		__blk_run_queue(cfqd->queue);
	}
}

static void cfq_merged_requests(struct request_queue *q, struct request *rq,
				struct request *next)
{
	struct cfq_data *cfqd = q->elevator->elevator_data;

	/* The survivor keeps the older fifo position. */
	if (next->start_time <= rq->start_time)
		list_move(&rq->fifo, &next->fifo);
	cfq_remove_request(cfqd, next);
}

/*
 * 2.6.32: no idling on a non-rotational device that queues, for a queue
 * without an idle window, with requests still in the device, or when the
 * queue's mean think time exceeds what is left of its slice; a seeky
 * queue idles at most CFQ_MIN_TT.
 */
static void cfq_arm_slice_timer(struct cfq_data *cfqd)
{
	struct cfq_queue *cfqq = cfqd->active_queue;
	sim_time_t sl = cfqd->p.slice_idle;

	if (blk_queue_nonrot(cfqd->queue) && cfqd->hw_tag)
		return;
	if (!sl || !cfqq->idle_window || cfqd->rq_in_driver)
		return;
	if (cfq_sample_valid(cfqq->ttime_samples) &&
	    cfqq->slice_end - sim_now() < cfqq->ttime_mean)
		return;
	if (cfq_sample_valid(cfqq->seek_samples) && cfq_seeky(cfqq) &&
	    sl > cfq_min_tt_ns())
		sl = cfq_min_tt_ns();
	cfqd->wait_request = true;
	timer_add(&cfqd->idle_slice_timer, sim_now() + sl);
}

static void cfq_idle_slice_timer(struct timer *t)
{
	struct cfq_data *cfqd = t->data;
	struct cfq_queue *cfqq = cfqd->active_queue;

	cfqd->wait_request = false;
	if (cfqq && !cfq_slice_used(cfqq)) {
		if (cfqq->queued)
			goto kick;
		if (!cfqd->rq_queued)
			return;		/* nobody else waits: stay active */
	}
	cfq_slice_expired(cfqd);
kick:
	__blk_run_queue(cfqd->queue);
}

static void cfq_completed_request(struct request_queue *q,
				  struct request *rq)
{
	struct cfq_data *cfqd = q->elevator->elevator_data;
	int sync = rq_is_sync(rq);
	struct cfq_queue *cfqq = rq_cfqq(rq);

	cfq_update_hw_tag(cfqd);
	cfqd->rq_in_driver--;
	cfqd->rq_in_flight[sync]--;
	cfqq->dispatched--;
	if (sync) {
		cfqq->last_end_request = sim_now();
		cfqd->last_end_sync_rq = sim_now();
	}
	if (cfqd->active_queue != cfqq)
		return;
	if (cfqq->slice_new) {
		cfqq->slice_end = sim_now() + cfqd->p.slice[sync];
		cfqq->slice_new = false;
	}
	if (cfq_slice_used(cfqq))
		cfq_slice_expired(cfqd);
	else if (!cfqq->queued && sync)
		cfq_arm_slice_timer(cfqd);
}

bool cfq_sync_idle_window(const struct request_queue *q, int pid)
{
	const struct cfq_data *cfqd = q->elevator->elevator_data;

	for (unsigned int i = 0; i < cfqd->nr_sync_queues; i++)
		if (cfqd->sync_queues[i]->pid == pid)
			return cfqd->sync_queues[i]->idle_window;
	return false;
}

unsigned int cfq_nr_sync_queues(const struct request_queue *q)
{
	const struct cfq_data *cfqd = q->elevator->elevator_data;

	return cfqd->nr_sync_queues;
}

bool cfq_hw_tag(const struct request_queue *q)
{
	const struct cfq_data *cfqd = q->elevator->elevator_data;

	return cfqd->hw_tag;
}

void cfq_default_params(struct cfq_params *p)
{
	*p = (struct cfq_params) {
		.quantum = 4,
		.fifo_expire = { 250 * NSEC_PER_MSEC, 125 * NSEC_PER_MSEC },
		.slice = { 40 * NSEC_PER_MSEC, 100 * NSEC_PER_MSEC },
		.slice_async_rq = 2,
		.slice_idle = 8 * NSEC_PER_MSEC,
		.back_max = 16 * 1024 * 2,
		.back_penalty = 2,
		.low_latency = true,
	};
}

/*
 * hw_tag starts as "the device queues more than one" (the driver's tags;
 * 2.6.32 starts at 1 whatever the device) and then follows
 * cfq_update_hw_tag.
 */
static void *cfq_init_queue(struct request_queue *q,
			    const struct cfq_params *p)
{
	struct cfq_data *cfqd = calloc(1, sizeof(*cfqd));

	if (!cfqd)
		abort();
	cfqd->queue = q;
	cfqd->p = *p;
	if (!cfqd->p.slice[BLK_RW_SYNC])
		cfqd->p.slice[BLK_RW_SYNC] = 1;
	cfq_init_cfqq(&cfqd->async_queue, 0, 0);
	INIT_LIST_HEAD(&cfqd->rr_list);
	cfqd->last_end_sync_rq = sim_now();
	timer_init(&cfqd->idle_slice_timer, cfq_idle_slice_timer, cfqd);
	cfqd->hw_tag = blk_queue_tagged(q);
	return cfqd;
}

/* Frees the queues, and any request still in them with its bios. */
static void cfq_exit_queue(struct elevator_queue *e)
{
	struct cfq_data *cfqd = e->elevator_data;
	struct request *rq, *n;

	timer_del(&cfqd->idle_slice_timer);
	list_for_each_entry_safe(rq, n, &cfqd->async_queue.sort_list,
				 queuelist)
		blk_free_request_at_exit(rq);
	for (unsigned int i = 0; i < cfqd->nr_sync_queues; i++) {
		list_for_each_entry_safe(rq, n,
					 &cfqd->sync_queues[i]->sort_list,
					 queuelist)
			blk_free_request_at_exit(rq);
		free(cfqd->sync_queues[i]);
	}
	free(cfqd->sync_queues);
	free(cfqd);
}

const struct elevator_type iosched_cfq = {
	.ops = {
		.elevator_merge_fn =		cfq_merge,
		.elevator_merge_req_fn =	cfq_merged_requests,
		.elevator_allow_merge_fn =	cfq_allow_merge,
		.elevator_dispatch_fn =		cfq_dispatch_requests,
		.elevator_add_req_fn =		cfq_insert_request,
		.elevator_queue_empty_fn =	cfq_queue_empty,
		.elevator_completed_req_fn =	cfq_completed_request,
		.elevator_former_req_fn =	cfq_former_request,
		.elevator_latter_req_fn =	cfq_latter_request,
		.elevator_init_fn =		cfq_init_queue,
		.elevator_exit_fn =		cfq_exit_queue,
	},
	.elevator_name = "cfq",
};

