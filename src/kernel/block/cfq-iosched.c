// SPDX-License-Identifier: GPL-2.0
/*
 * The CFQ I/O scheduler, as block/cfq-iosched.c of 2.6.30, 2.6.31 and
 * 2.6.32-rc6.  The three share most of it; where they differ the code
 * reads the running profile (kprofile.low_latency, kprofile.cfq_*;
 * docs/block.md has every rule with its version and lines).  The block
 * core reaches CFQ only through iosched_cfq's elevator_ops
 * (include/linux/elevator.h).
 *
 * - Each process has a cfq_io_context (its think time, seek distance,
 *   last request position) and a sync queue; every async request goes to
 *   the one async queue of its I/O priority (all tasks are class BE with
 *   the default ioprio, so one async queue).  A queue's I/O priority
 *   follows its creator's nice: (nice + 20) / 5, 4 at nice 0.
 * - Busy queues (with requests queued) are served in rb_key order
 *   (cfq_service_tree_add); the active queue keeps the disk for its slice
 *   (sync 100 ms, async 40 ms at prio 4, timed from its first
 *   completion), an async slice for at most 16 dispatches.
 * - Sync is favoured: a sync request arriving while an async queue is
 *   active pre-empts it at once; async requests are not dispatched while
 *   sync ones are in the driver; a sync queue with an idle window idles
 *   for its process's next request when it runs empty (slice_idle, 8 ms;
 *   CFQ_MIN_TT if seeky), unless another queue has a request close to the
 *   head (a close cooperator), which is served instead.
 * - While the scheduler idles on a queue (wait_request, set until the
 *   slice ends), a request of that queue that is one page and meets no
 *   other busy queue only marks the queue must_dispatch: it waits for the
 *   plug, the idle timer or another queue run, so the rest of a readahead
 *   window merges into it (cfq_rq_enqueued).
 * - 2.6.32 only: low_latency (on by default) limits an async queue to
 *   (time since the last sync completion) / slice_sync requests in the
 *   driver (1 when it has none); an idling sync queue waits for async
 *   requests to drain; no idling when the think time exceeds the slice
 *   left; a seeky process must think at most CFQ_MIN_TT to keep its idle
 *   window; the residual slice of a pre-empted queue counts in its favour.
 *
 * Times are jiffies, as the kernel's: the tunables are HZ fractions and
 * the idle timer expires on a tick.
 *
 * Deliberately simple: a queue's requests are a sorted linked list (the
 * kernel's rbtree), the service tree a sorted list of the busy queues,
 * and the per-priority trees of next requests (prio_trees, for close
 * cooperators) a walk over the busy queues.
 */
#include <stdlib.h>
#include "blk.h"
#include "linux/kernel.h"
#include "mmsim/profile.h"
#include "util/xalloc.h"

/* 2.6.30-2.6.32 cfq-iosched.c constants. */
#define CFQ_SLICE_SCALE		5
#define CFQ_MIN_TT_MS		2
#define CFQ_HW_QUEUE_MIN	5
#define CIC_SEEK_THR		(8 * 1024)	/* sectors: 4 MiB */
#define IOPRIO_BE_NR		8
#define IOPRIO_NORM		4

struct cfq_queue;

/*
 * The kernel's cfq_io_context: one per process and device.  Async
 * requests count in it too (think time and seek distance), though only a
 * sync queue has an idle window.
 */
struct cfq_io_context {
	int pid;
	struct task_struct *task;	/* NULL: interrupt context (pid 0) */
	struct cfq_queue *cfqq[2];	/* [BLK_RW_ASYNC] shared, [BLK_RW_SYNC] own */
	unsigned long last_end_request;	/* jiffies of its last sync completion */
	unsigned long ttime_total;
	unsigned long ttime_samples;	/* fixed point, 256 = one sample */
	unsigned long ttime_mean;
	unsigned long seek_samples;
	uint64_t seek_total;
	sector_t seek_mean;
	sector_t last_request_pos;
};

struct cfq_queue {
	struct list_head sort_list;	/* queued requests by sector */
	struct list_head fifo;		/* queued requests by arrival */
	struct request *next_rq;	/* the elevator's next pick */
	unsigned int queued;
	int dispatched;			/* on the dispatch list or in the driver */
	struct list_head rr;		/* service tree, while on_rr */
	long rb_key;			/* service tree key, jiffies */
	unsigned long slice_end;
	long slice_resid;
	unsigned int slice_dispatch;
	unsigned short ioprio, org_ioprio;
	int pid;
	/* CFQ_CFQQ_FLAG_*, those mmsim's classes use */
	bool on_rr;
	bool wait_request;		/* idling for its next request */
	bool must_dispatch;		/* a request came while idling */
	bool must_alloc_slice;		/* ELV_MQUEUE_MUST used this slice */
	bool fifo_expire;		/* fifo looked at this slice */
	bool idle_window;
	bool slice_new;			/* slice starts at its first completion */
	bool sync;
	bool coop;
	bool coop_preempt;		/* 4b27e1bb442 (2.6.32 final) */
};

struct cfq_data {
	struct request_queue *queue;
	struct cfq_params p;		/* the tunables, in jiffies */
	struct cfq_queue *async_cfqq;	/* class BE, IOPRIO_NORM */
	struct cfq_io_context **cics;	/* by creation */
	unsigned int nr_cics;
	struct list_head service_tree;	/* busy queues by rb_key */
	unsigned int busy_queues;
	int rq_in_driver[2];		/* by rq_is_sync (2.6.30/31: one sum) */
	int sync_flight;		/* requests of sync queues in the driver */
	int rq_queued;
	int hw_tag;
	int rq_in_driver_peak;
	int hw_tag_samples;
	struct timer idle_slice_timer;
	/* [MODEL] an idle wait being timed (queue->stats.idle_*) */
	bool idling;
	sim_time_t idle_since;
	struct cfq_queue *active_queue;
	struct cfq_io_context *active_cic;
	sector_t last_position;
	/*
	 * 2.6.32 low_latency: the last sync completion (last_end_sync_rq), or
	 * with 573412b the last one that came fifo_expire_sync or more after
	 * its request was allocated (last_delayed_sync).
	 */
	unsigned long last_end_sync_rq;
	bool cfq_latency;
};

static struct cfq_queue *RQ_CFQQ(const struct request *rq)
{
	return rq->elv_private;
}

static struct cfq_io_context *RQ_CIC(const struct request *rq)
{
	return rq->elv_private2;
}

/* Jiffies at simulated time @t (the kernel's jiffies then). */
static unsigned long time_to_jiffies(sim_time_t t)
{
	return (unsigned long)(t * HZ / NSEC_PER_SEC);
}

static bool time_before_eq_jiffies(unsigned long a, unsigned long b)
{
	return (long)(a - b) <= 0;
}

static int rq_in_driver(const struct cfq_data *cfqd)
{
	return cfqd->rq_in_driver[0] + cfqd->rq_in_driver[1];
}

static bool cfq_sample_valid(unsigned long samples)
{
	return samples > 80;	/* 256 is one sample: at least 3 */
}

static bool CIC_SEEKY(const struct cfq_io_context *cic)
{
	return cic->seek_mean > CIC_SEEK_THR;
}

/*
 * [MODEL] The measures of hw_tag and of idling (blk_queue_stats): no
 * kernel counterpart, and nothing in CFQ reads them.
 */
static void cfq_set_hw_tag(struct cfq_data *cfqd, int hw_tag)
{
	struct blk_queue_stats *st = &cfqd->queue->stats;
	sim_time_t now = sim_now();

	st->hw_tag_windows++;
	if (hw_tag == cfqd->hw_tag)
		return;
	st->hw_tag_ns[cfqd->hw_tag] += now - st->hw_tag_since;
	st->hw_tag_since = now;
	st->hw_tag_flips++;
	cfqd->hw_tag = hw_tag;
}

/*
 * An idle wait ends: the idle timer fired (@timed_out), was deleted, or a
 * request went to the driver while it was still pending (a request that
 * came meanwhile, dispatched at the plug's tick): the disk no longer
 * waits for the process, whatever the timer does next.
 */
static void cfq_idle_end(struct cfq_data *cfqd, bool timed_out)
{
	struct blk_queue_stats *st = &cfqd->queue->stats;

	if (!cfqd->idling)
		return;
	cfqd->idling = false;
	st->idle_ns += sim_now() - cfqd->idle_since;
	st->idle_timeouts += timed_out;
}

static void cfq_del_idle_timer(struct cfq_data *cfqd)
{
	cfq_idle_end(cfqd, false);
	timer_del(&cfqd->idle_slice_timer);
}

/* msecs_to_jiffies(CFQ_MIN_TT): rounded up, one tick at HZ 250. */
static unsigned long cfq_min_tt(void)
{
	return (CFQ_MIN_TT_MS * HZ + 999) / 1000;
}

/*
 * The nice value a task's queues take their I/O priority from
 * (include/linux/ioprio.h task_nice_ioprio: (nice + 20) / 5): 2.6.30/31
 * run kernel threads at nice -5, so kcryptd's queues are prio 3 there and
 * prio 4 in 2.6.32.  No task (interrupt context) and real-time tasks count
 * as nice 0 (mmsim has no RT I/O class).
 */
static int cfq_task_nice(const struct task_struct *tsk)
{
	if (!tsk || tsk->prio < MAX_RT_PRIO)
		return 0;
	return task_nice(tsk);
}

static unsigned short task_nice_ioprio(const struct task_struct *tsk)
{
	return (unsigned short)((cfq_task_nice(tsk) + 20) / 5);
}

/* cfq_prio_slice: base + base / CFQ_SLICE_SCALE * (4 - prio). */
static unsigned long cfq_prio_slice(const struct cfq_data *cfqd, bool sync,
				    unsigned short prio)
{
	unsigned long base = cfqd->p.slice[sync];

	return base + base / CFQ_SLICE_SCALE * (unsigned long)(4 - (int)prio);
}

static unsigned long cfq_prio_to_slice(const struct cfq_data *cfqd,
				       const struct cfq_queue *cfqq)
{
	return cfq_prio_slice(cfqd, cfqq->sync, cfqq->ioprio);
}

/* The slice is timed from the queue's first completion (slice_new). */
static bool cfq_slice_used(const struct cfq_queue *cfqq)
{
	if (cfqq->slice_new)
		return false;
	return !((long)(jiffies - cfqq->slice_end) < 0);
}

/* Async dispatches a slice allows: 2 * (rq + rq * (7 - prio)), 16 at 4. */
static unsigned int cfq_prio_to_maxrq(const struct cfq_data *cfqd,
				      const struct cfq_queue *cfqq)
{
	unsigned int base = cfqd->p.slice_async_rq;

	return 2 * (base + base * (IOPRIO_BE_NR - 1 - cfqq->ioprio));
}

/* ---- io contexts and queues ------------------------------------------- */

static void cfq_init_cfqq(struct cfq_queue *cfqq, bool sync, int pid,
			  const struct task_struct *tsk)
{
	INIT_LIST_HEAD(&cfqq->sort_list);
	INIT_LIST_HEAD(&cfqq->fifo);
	INIT_LIST_HEAD(&cfqq->rr);
	cfqq->sync = sync;
	cfqq->idle_window = sync;
	cfqq->pid = pid;
	/* cfq_init_prio_data: no ioprio set, so the CPU nice decides. */
	cfqq->ioprio = cfqq->org_ioprio = task_nice_ioprio(tsk);
}

static struct cfq_queue *cfq_alloc_queue(bool sync, int pid,
					 const struct task_struct *tsk)
{
	struct cfq_queue *cfqq = xcalloc(1, sizeof(*cfqq));

	cfq_init_cfqq(cfqq, sync, pid, tsk);
	return cfqq;
}

/*
 * The current process's io context (cfq_cic_lookup, cfq_get_io_context);
 * in interrupt context, pid 0's.  NULL when @create is false and there
 * is none.
 */
static struct cfq_io_context *cfq_cic_lookup(struct cfq_data *cfqd,
					     bool create)
{
	struct task_struct *tsk = can_sleep() ? current : NULL;
	int pid = tsk ? tsk->pid : 0;
	struct cfq_io_context *cic, **cics;

	for (unsigned int i = 0; i < cfqd->nr_cics; i++)
		if (cfqd->cics[i]->pid == pid)
			return cfqd->cics[i];
	if (!create)
		return NULL;
	cic = xcalloc(1, sizeof(*cic));
	cics = xrealloc(cfqd->cics, (cfqd->nr_cics + 1) * sizeof(*cics));
	cic->pid = pid;
	cic->task = tsk;
	cic->last_end_request = jiffies;
	cics[cfqd->nr_cics++] = cic;
	cfqd->cics = cics;
	return cic;
}

/* cfq_get_queue: the async queue is shared; a sync one is the process's. */
static struct cfq_queue *cfq_get_queue(struct cfq_data *cfqd,
				       struct cfq_io_context *cic, bool sync)
{
	if (cic->cfqq[sync])
		return cic->cfqq[sync];
	if (!sync) {
		if (!cfqd->async_cfqq)
			cfqd->async_cfqq = cfq_alloc_queue(false, cic->pid,
							   cic->task);
		cic->cfqq[0] = cfqd->async_cfqq;
	} else {
		cic->cfqq[1] = cfq_alloc_queue(true, cic->pid, cic->task);
	}
	return cic->cfqq[sync];
}

/* The task behind @cic has exited (the kernel: ioc->nr_tasks == 0). */
static bool cic_exited(const struct cfq_io_context *cic)
{
	return cic->task && cic->task->state == TASK_DEAD;
}

/* ---- choosing requests -------------------------------------------------- */

/*
 * cfq_choose_req: of two requests the one to serve first from the head
 * (last_position): sync before async, then the nearest ahead; one behind
 * within back_max costs back_penalty times its distance; anything further
 * back waits for the sweep to wrap (then the lowest first).
 */
static struct request *cfq_choose_req(const struct cfq_data *cfqd,
				      struct request *rq1,
				      struct request *rq2)
{
	sector_t last = cfqd->last_position, s1, s2, d1 = 0, d2 = 0;
	sector_t back_max = (sector_t)cfqd->p.back_max * 2;	/* KiB */
	bool wrap1 = false, wrap2 = false;

	if (!rq1 || rq1 == rq2)
		return rq2;
	if (!rq2)
		return rq1;
	if (rq_is_sync(rq1) != rq_is_sync(rq2))
		return rq_is_sync(rq1) ? rq1 : rq2;
	s1 = rq1->sector;
	s2 = rq2->sector;
	if (s1 >= last)
		d1 = s1 - last;
	else if (s1 + back_max >= last)
		d1 = (last - s1) * cfqd->p.back_penalty;
	else
		wrap1 = true;
	if (s2 >= last)
		d2 = s2 - last;
	else if (s2 + back_max >= last)
		d2 = (last - s2) * cfqd->p.back_penalty;
	else
		wrap2 = true;
	if (!wrap1 && !wrap2) {
		if (d1 != d2)
			return d1 < d2 ? rq1 : rq2;
		return s1 >= s2 ? rq1 : rq2;
	}
	if (!wrap1)
		return rq1;
	if (!wrap2)
		return rq2;
	return s1 <= s2 ? rq1 : rq2;	/* both behind: one back seek */
}

/* cfq_find_next_rq: the better of @last's neighbours in sector order
 * (the first request when @last is the highest). */
static struct request *cfq_find_next_rq(struct cfq_data *cfqd,
					struct cfq_queue *cfqq,
					struct request *last)
{
	struct request *next = NULL, *prev = NULL;

	if (last->queuelist.prev != &cfqq->sort_list)
		prev = list_entry(last->queuelist.prev, struct request,
				  queuelist);
	if (last->queuelist.next != &cfqq->sort_list) {
		next = list_entry(last->queuelist.next, struct request,
				  queuelist);
	} else {
		struct request *first = list_first_entry(&cfqq->sort_list,
							 struct request,
							 queuelist);

		if (first != last)
			next = first;
	}
	return cfq_choose_req(cfqd, next, prev);
}

/* ---- the service tree --------------------------------------------------- */

/*
 * cfq_slice_offset: behind the other busy queues by (busy - 1) times the
 * difference between the longest slice (sync, prio 0) and the queue's own.
 */
static long cfq_slice_offset(const struct cfq_data *cfqd,
			     const struct cfq_queue *cfqq)
{
	return (long)(cfqd->busy_queues - 1) *
	       ((long)cfq_prio_slice(cfqd, true, 0) -
		(long)cfq_prio_to_slice(cfqd, cfqq));
}

/*
 * cfq_service_tree_add: a queue (re)joins at now + its offset, moved by
 * the residual slice it banked when it was pre-empted or overran; a
 * pre-empting queue goes HZ ahead of the first.  (2.6.30/31 give it key
 * 0; either way it is first.)  Equal keys keep their order.
 */
static void cfq_service_tree_add(struct cfq_data *cfqd, struct cfq_queue *cfqq,
				 bool add_front)
{
	struct cfq_queue *pos;
	long rb_key;

	if (!add_front) {
		rb_key = cfq_slice_offset(cfqd, cfqq) + (long)jiffies;
		/*
		 * 2.6.32 cfq_service_tree_add() subtracts the residual (time
		 * left moves the queue forward, an overrun back); 2.6.30/31
		 * add it (b9c8946b192 "fix the slice residual sign").
		 */
		if (kprofile_get(cfq_resid_sign) == CFQ_RESID_SUBTRACT)
			rb_key -= cfqq->slice_resid;
		else
			rb_key += cfqq->slice_resid;
		cfqq->slice_resid = 0;
	} else {
		rb_key = -(long)HZ;
		rb_key += list_empty(&cfqd->service_tree) ? (long)jiffies :
			  list_first_entry(&cfqd->service_tree,
					   struct cfq_queue, rr)->rb_key;
	}
	if (!list_empty(&cfqq->rr)) {
		if (rb_key == cfqq->rb_key)
			return;		/* same position */
		list_del_init(&cfqq->rr);
	}
	cfqq->rb_key = rb_key;
	list_for_each_entry(pos, &cfqd->service_tree, rr)
		if (rb_key < pos->rb_key)
			break;
	list_add_tail(&cfqq->rr, &pos->rr);
}

static void cfq_resort_rr_list(struct cfq_data *cfqd, struct cfq_queue *cfqq)
{
	if (cfqq->on_rr)
		cfq_service_tree_add(cfqd, cfqq, false);
}

static void cfq_add_cfqq_rr(struct cfq_data *cfqd, struct cfq_queue *cfqq)
{
	cfqq->on_rr = true;
	cfqd->busy_queues++;
	cfq_resort_rr_list(cfqd, cfqq);
}

static void cfq_del_cfqq_rr(struct cfq_data *cfqd, struct cfq_queue *cfqq)
{
	cfqq->on_rr = false;
	list_del_init(&cfqq->rr);
	cfqd->busy_queues--;
}

/* ---- adding and removing requests -------------------------------------- */

static void cfq_dispatch_insert(struct request_queue *q, struct request *rq);

static void cfq_del_rq_rb(struct request *rq)
{
	struct cfq_queue *cfqq = RQ_CFQQ(rq);
	struct cfq_data *cfqd = rq->q->elevator->elevator_data;

	cfqq->queued--;
	list_del_init(&rq->queuelist);
	if (cfqq->on_rr && list_empty(&cfqq->sort_list))
		cfq_del_cfqq_rr(cfqd, cfqq);
}

/*
 * cfq_add_rq_rb: into the queue's sector order (a request at a sector
 * already queued, an alias, goes to the driver at once, as elv_rb_add's
 * caller does), onto the service tree if the queue was empty, and a
 * better next request if it is one.
 */
static void cfq_add_rq_rb(struct request *rq)
{
	struct cfq_queue *cfqq = RQ_CFQQ(rq);
	struct cfq_data *cfqd = rq->q->elevator->elevator_data;
	struct request *pos, *alias = NULL;

	cfqq->queued++;
	list_for_each_entry_reverse(pos, &cfqq->sort_list, queuelist) {
		if (pos->sector == rq->sector)
			alias = pos;
		if (pos->sector <= rq->sector)
			break;
	}
	if (alias) {
		pos = list_entry(alias->queuelist.prev, struct request,
				 queuelist);
		cfq_dispatch_insert(rq->q, alias);
	}
	list_add(&rq->queuelist, &pos->queuelist);
	if (!cfqq->on_rr)
		cfq_add_cfqq_rr(cfqd, cfqq);
	cfqq->next_rq = cfq_choose_req(cfqd, cfqq->next_rq, rq);
}

static void cfq_remove_request(struct request *rq)
{
	struct cfq_queue *cfqq = RQ_CFQQ(rq);
	struct cfq_data *cfqd = rq->q->elevator->elevator_data;

	if (cfqq->next_rq == rq)
		cfqq->next_rq = cfq_find_next_rq(cfqd, cfqq, rq);
	list_del_init(&rq->fifo);
	cfq_del_rq_rb(rq);
	cfqd->rq_queued--;
}

/*
 * From the queue to the dispatch list, and (mmsim: the driver takes it
 * at once) into the driver: cfq_activate_request's count and head
 * position too.
 */
static void cfq_dispatch_insert(struct request_queue *q, struct request *rq)
{
	struct cfq_data *cfqd = q->elevator->elevator_data;
	struct cfq_queue *cfqq = RQ_CFQQ(rq);

	/* 2.6.32 (06d2188644c): the next pick follows the dispatched one. */
	if (kprofile_get(cfq_next_rq_dispatch))
		cfqq->next_rq = cfq_find_next_rq(cfqd, cfqq, rq);
	cfq_remove_request(rq);
	cfqq->dispatched++;
	elv_dispatch_add_tail(q, rq);
	cfq_idle_end(cfqd, false);
	if (cfqq->sync)
		cfqd->sync_flight++;
	/* cfq_activate_request */
	cfqd->rq_in_driver[rq_is_sync(rq)]++;
	cfqd->last_position = rq->sector + rq->nr_sectors;
}

/* ---- merging -------------------------------------------------------------- */

/*
 * elevator_merge_fn: a request of the submitter's own queue (what
 * cfq_allow_merge admits) that @bio extends at its end or start.  2.6.32
 * finds back merges through the elevator's hash and front merges in the
 * queue's rbtree (cfq_find_rq_fmerge); the answer is the same.
 */
static int cfq_merge(struct request_queue *q, struct request **req,
		     struct bio *bio)
{
	struct cfq_data *cfqd = q->elevator->elevator_data;
	struct cfq_io_context *cic = cfq_cic_lookup(cfqd, false);
	struct cfq_queue *cfqq = cic ? cic->cfqq[bio_sync(bio)] : NULL;
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

/* cfq_allow_merge: never a sync bio into an async request, nor the
 * reverse (their queues differ). */
static int cfq_allow_merge(struct request_queue *q, struct request *rq,
			   struct bio *bio)
{
	return rq_is_sync(rq) == (int)bio_sync(bio);
}

/* cfq_merged_request: a front merge moved the request's start. */
static void cfq_merged_request(struct request_queue *q, struct request *req,
			       int type)
{
	struct cfq_queue *cfqq = RQ_CFQQ(req);

	if (type != ELEVATOR_FRONT_MERGE)
		return;
	/* cfq_reposition_rq_rb */
	list_del_init(&req->queuelist);
	cfqq->queued--;
	cfq_add_rq_rb(req);
}

/*
 * @next merged into @rq.  2.6.32 (30996f40bff): if @next is older, @rq
 * takes its place in the fifo and its deadline.  2.6.30/31 compare
 * start_time, which attempt_merge() has just made the older of the two,
 * so @rq never moves; its deadline, read from that start_time, is the
 * older one's all the same.
 */
static void cfq_merged_requests(struct request_queue *q, struct request *rq,
				struct request *next)
{
	struct cfq_data *cfqd = q->elevator->elevator_data;

	if (!kprofile_get(cfq_merge_fifo_place)) {
		rq->fifo_time = time_to_jiffies(rq->start_time) +
				cfqd->p.fifo_expire[rq_is_sync(rq)];
	} else if (!list_empty(&rq->fifo) && !list_empty(&next->fifo) &&
		   (long)(next->fifo_time - rq->fifo_time) < 0) {
		list_move(&rq->fifo, &next->fifo);
		rq->fifo_time = next->fifo_time;
	}
	cfq_remove_request(next);
}

/* The neighbours of @rq in its queue's sector order, for attempt_merge. */
static struct request *cfq_former_request(struct request_queue *q,
					  struct request *rq)
{
	struct cfq_queue *cfqq = RQ_CFQQ(rq);

	if (rq->queuelist.prev == &cfqq->sort_list)
		return NULL;
	return list_entry(rq->queuelist.prev, struct request, queuelist);
}

static struct request *cfq_latter_request(struct request_queue *q,
					  struct request *rq)
{
	struct cfq_queue *cfqq = RQ_CFQQ(rq);

	if (rq->queuelist.next == &cfqq->sort_list)
		return NULL;
	return list_entry(rq->queuelist.next, struct request, queuelist);
}

static int cfq_queue_empty(struct request_queue *q)
{
	struct cfq_data *cfqd = q->elevator->elevator_data;

	return !cfqd->busy_queues;
}

/* ---- slices ---------------------------------------------------------------- */

static void __cfq_set_active_queue(struct cfq_data *cfqd,
				   struct cfq_queue *cfqq)
{
	if (cfqq) {
		cfqq->slice_end = 0;
		cfqq->slice_dispatch = 0;
		cfqq->wait_request = false;
		cfqq->must_dispatch = false;
		cfqq->must_alloc_slice = false;
		cfqq->fifo_expire = false;
		cfqq->slice_new = true;
		cfq_del_idle_timer(cfqd);
	}
	cfqd->active_queue = cfqq;
}

/*
 * The active queue's slice ends; @timed_out (pre-empted, or it overran)
 * banks what was left of it, negative for an overrun.
 */
static void __cfq_slice_expired(struct cfq_data *cfqd, struct cfq_queue *cfqq,
				bool timed_out)
{
	if (cfqq->wait_request)
		cfq_del_idle_timer(cfqd);
	cfqq->wait_request = false;
	if (timed_out && !cfqq->slice_new)
		cfqq->slice_resid = (long)(cfqq->slice_end - jiffies);
	cfq_resort_rr_list(cfqd, cfqq);
	if (cfqq == cfqd->active_queue)
		cfqd->active_queue = NULL;
	cfqd->active_cic = NULL;
}

static void cfq_slice_expired(struct cfq_data *cfqd, bool timed_out)
{
	if (cfqd->active_queue)
		__cfq_slice_expired(cfqd, cfqd->active_queue, timed_out);
}

static struct cfq_queue *cfq_get_next_queue(struct cfq_data *cfqd)
{
	if (list_empty(&cfqd->service_tree))
		return NULL;
	return list_first_entry(&cfqd->service_tree, struct cfq_queue, rr);
}

static struct cfq_queue *cfq_set_active_queue(struct cfq_data *cfqd,
					      struct cfq_queue *cfqq)
{
	if (!cfqq) {
		cfqq = cfq_get_next_queue(cfqd);
		/* 4b27e1bb442: a queue that pre-empted as a cooperator keeps
		 * the mark through its first slice. */
		if (cfqq && !(kprofile_get(cfq_coop_preempt_limit) &&
			      cfqq->coop_preempt))
			cfqq->coop = false;
	}
	if (cfqq)
		cfqq->coop_preempt = false;
	__cfq_set_active_queue(cfqd, cfqq);
	return cfqq;
}

static sector_t cfq_dist_from_last(const struct cfq_data *cfqd,
				   const struct request *rq)
{
	if (rq->sector >= cfqd->last_position)
		return rq->sector - cfqd->last_position;
	return cfqd->last_position - rq->sector;
}

/*
 * cfq_rq_close: @rq starts within the active process's mean seek
 * distance (CIC_SEEK_THR until it has samples) of the head.
 */
static bool cfq_rq_close(const struct cfq_data *cfqd, const struct request *rq)
{
	const struct cfq_io_context *cic = cfqd->active_cic;
	sector_t sdist = cic->seek_mean;

	if (!cfq_sample_valid(cic->seek_samples))
		sdist = CIC_SEEK_THR;
	return cfq_dist_from_last(cfqd, rq) <= sdist;
}

/*
 * cfqq_close: another busy queue of the same priority whose next request
 * starts at the head, or else is the nearest below or above it and
 * close.  The kernel looks in a tree of the queues by next request
 * (prio_trees): the parent of where the head would go first, then its
 * other neighbour, so which of the two comes first depends on the tree's
 * shape; mmsim tries the nearer first (on a tie, the one above).
 */
static struct cfq_queue *cfqq_close(struct cfq_data *cfqd,
				    struct cfq_queue *cur_cfqq)
{
	sector_t sector = cfqd->last_position;
	struct cfq_queue *cfqq, *below = NULL, *above = NULL;

	list_for_each_entry(cfqq, &cfqd->service_tree, rr) {
		sector_t s;

		if (cfqq == cur_cfqq || !cfqq->next_rq ||
		    cfqq->org_ioprio != cur_cfqq->org_ioprio)
			continue;
		s = cfqq->next_rq->sector;
		if (s == sector)
			return cfqq;
		if (s < sector && (!below || s > below->next_rq->sector))
			below = cfqq;
		if (s > sector && (!above || s < above->next_rq->sector))
			above = cfqq;
	}
	if (below && above &&
	    sector - below->next_rq->sector <
	    above->next_rq->sector - sector) {
		cfqq = below;
		below = above;
		above = cfqq;
	}
	if (above && cfq_rq_close(cfqd, above->next_rq))
		return above;
	if (below && cfq_rq_close(cfqd, below->next_rq))
		return below;
	return NULL;
}

/*
 * cfq_close_cooperator: a queue working near the head, served instead of
 * idling; each queue once until it is picked the ordinary way (coop).
 */
static struct cfq_queue *cfq_close_cooperator(struct cfq_data *cfqd,
					      struct cfq_queue *cur_cfqq,
					      bool probe)
{
	struct cfq_queue *cfqq;

	if (!cfqd->active_cic)
		return NULL;
	cfqq = cfqq_close(cfqd, cur_cfqq);
	if (!cfqq || cfqq->coop)
		return NULL;
	if (!probe)
		cfqq->coop = true;
	return cfqq;
}

/*
 * cfq_arm_slice_timer: the active sync queue ran empty; wait for its
 * process's next request, unless idling cannot pay.
 */
static void cfq_arm_slice_timer(struct cfq_data *cfqd)
{
	struct cfq_queue *cfqq = cfqd->active_queue;
	struct cfq_io_context *cic;
	unsigned long sl;

	/* An SSD that queues commands: no seek penalty, no idling. */
	if (blk_queue_nonrot(cfqd->queue) && cfqd->hw_tag)
		return;
	if (!cfqd->p.slice_idle || !cfqq->idle_window)
		return;
	if (rq_in_driver(cfqd))
		return;
	cic = cfqd->active_cic;
	if (!cic || cic_exited(cic))
		return;
	/*
	 * 2.6.32 (355b659c874): not if the process's mean think time is
	 * longer than what is left of the slice.
	 */
	if (kprofile_get(cfq_idle_ttime_slice) &&
	    cfq_sample_valid(cic->ttime_samples) &&
	    cfqq->slice_end - jiffies < cic->ttime_mean)
		return;
	cfqq->wait_request = true;
	/* A seeky process gets a little time for its next seek only. */
	sl = cfqd->p.slice_idle;
	if (cfq_sample_valid(cic->seek_samples) && CIC_SEEKY(cic))
		sl = min(sl, cfq_min_tt());
	cfq_idle_end(cfqd, false);	/* mod_timer on a pending one */
	cfqd->idling = true;
	cfqd->idle_since = sim_now();
	cfqd->queue->stats.idle_waits++;
	timer_add(&cfqd->idle_slice_timer, jiffies_to_ns(jiffies + sl));
}

/* ---- dispatch ------------------------------------------------------------ */

/* cfq_check_fifo: once per slice, a request past its deadline first. */
static struct request *cfq_check_fifo(struct cfq_queue *cfqq)
{
	struct request *rq;

	if (cfqq->fifo_expire)
		return NULL;
	cfqq->fifo_expire = true;
	if (list_empty(&cfqq->fifo))
		return NULL;
	rq = list_first_entry(&cfqq->fifo, struct request, fifo);
	if ((long)(jiffies - rq->fifo_time) < 0)
		return NULL;
	return rq;
}

static struct cfq_queue *cfq_select_queue(struct cfq_data *cfqd)
{
	struct cfq_queue *cfqq = cfqd->active_queue, *new_cfqq = NULL;

	if (!cfqq)
		goto new_queue;
	/* Out of time, unless a request arrived while it idled. */
	if (cfq_slice_used(cfqq) && !cfqq->must_dispatch)
		goto expire;
	if (!list_empty(&cfqq->sort_list))
		return cfqq;
	/* Another queue works near the head: let it run. */
	new_cfqq = cfq_close_cooperator(cfqd, cfqq, false);
	if (new_cfqq)
		goto expire;
	/* Idling, or its requests in flight may bring more: wait. */
	if (timer_pending(&cfqd->idle_slice_timer) ||
	    (cfqq->dispatched && cfqq->idle_window))
		return NULL;
expire:
	cfq_slice_expired(cfqd, false);
new_queue:
	return cfq_set_active_queue(cfqd, new_cfqq);
}

static bool cfq_may_dispatch(struct cfq_data *cfqd, struct cfq_queue *cfqq)
{
	unsigned int max_dispatch;

	/*
	 * 2.6.32 cfq_may_dispatch() (5ad531db6e0): a queue that idles drains
	 * the async requests in the driver before it starts.
	 */
	if (kprofile_get(cfq_drain_async) && cfqq->idle_window &&
	    cfqd->rq_in_driver[BLK_RW_ASYNC])
		return false;
	/* An async queue waits while sync I/O is in the driver. */
	if (cfqd->sync_flight && !cfqq->sync)
		return false;
	max_dispatch = cfqd->p.quantum;
	if ((unsigned int)cfqq->dispatched >= max_dispatch) {
		if (cfqd->busy_queues > 1)
			return false;
		max_dispatch *= 4;	/* the sole queue: 4 quanta */
	}
	/*
	 * 2.6.32 low_latency: an async queue's depth ramps up with the time
	 * since the last sync completion, one request per slice_sync; 1 if
	 * it has none in the driver.  573412b counts from the last sync
	 * request that was delayed instead (cfq_completed_request).
	 */
	if (!cfqq->sync && cfqd->cfq_latency) {
		unsigned long last_sync = jiffies - cfqd->last_end_sync_rq;
		unsigned long depth = last_sync / cfqd->p.slice[BLK_RW_SYNC];

		if (!depth && !cfqq->dispatched)
			depth = 1;
		if (depth < max_dispatch)
			max_dispatch = (unsigned int)depth;
	}
	return (unsigned int)cfqq->dispatched < max_dispatch;
}

static bool cfq_dispatch_request(struct cfq_data *cfqd, struct cfq_queue *cfqq)
{
	struct request *rq;

	if (!cfq_may_dispatch(cfqd, cfqq))
		return false;
	rq = cfq_check_fifo(cfqq);
	if (!rq)
		rq = cfqq->next_rq;
	cfq_dispatch_insert(cfqd->queue, rq);
	if (!cfqd->active_cic)
		cfqd->active_cic = RQ_CIC(rq);
	return true;
}

/*
 * elevator_dispatch_fn: one request of the queue whose turn it is, if the
 * rules let it go now.  @force (draining for a barrier or an elevator
 * switch) is never asked for in mmsim.
 */
static int cfq_dispatch_requests(struct request_queue *q, int force)
{
	struct cfq_data *cfqd = q->elevator->elevator_data;
	struct cfq_queue *cfqq;

	if (!cfqd->busy_queues)
		return 0;
	cfqq = cfq_select_queue(cfqd);
	if (!cfqq || !cfq_dispatch_request(cfqd, cfqq))
		return 0;
	cfqq->slice_dispatch++;
	cfqq->must_dispatch = false;
	/* An async queue that used its request allowance yields at once. */
	if (cfqd->busy_queues > 1 && !cfqq->sync &&
	    cfqq->slice_dispatch >= cfq_prio_to_maxrq(cfqd, cfqq)) {
		cfqq->slice_end = jiffies + 1;
		cfq_slice_expired(cfqd, false);
	}
	return 1;
}

/* ---- arrival ----------------------------------------------------------- */

/* A decaying mean of the time from the last sync completion to the next
 * request, each sample at most twice slice_idle. */
static void cfq_update_io_thinktime(struct cfq_data *cfqd,
				    struct cfq_io_context *cic)
{
	unsigned long elapsed = jiffies - cic->last_end_request;
	unsigned long ttime = min(elapsed, 2 * cfqd->p.slice_idle);

	cic->ttime_samples = (7 * cic->ttime_samples + 256) / 8;
	cic->ttime_total = (7 * cic->ttime_total + 256 * ttime) / 8;
	cic->ttime_mean = (cic->ttime_total + 128) / cic->ttime_samples;
}

/* A decaying mean of the distance from the previous request's end, each
 * sample capped so that one far jump does not make the process seeky. */
static void cfq_update_io_seektime(struct cfq_io_context *cic,
				   const struct request *rq)
{
	sector_t sdist;
	uint64_t total;

	if (!cic->last_request_pos)
		sdist = 0;
	else if (cic->last_request_pos < rq->sector)
		sdist = rq->sector - cic->last_request_pos;
	else
		sdist = cic->last_request_pos - rq->sector;
	if (cic->seek_samples <= 60)
		sdist = min(sdist, cic->seek_mean * 4 + 2 * 1024 * 1024);
	else
		sdist = min(sdist, cic->seek_mean * 4 + 2 * 1024 * 64);
	cic->seek_samples = (7 * cic->seek_samples + 256) / 8;
	cic->seek_total = (7 * cic->seek_total + 256 * (uint64_t)sdist) / 8;
	total = cic->seek_total + cic->seek_samples / 2;
	cic->seek_mean = (sector_t)(total / cic->seek_samples);
}

/*
 * cfq_update_idle_window: a sync queue idles unless its process exited,
 * thinks longer than slice_idle, or is seeky on a device that queues
 * (hw_tag).  2.6.32: that last rule only without low_latency, and a seeky
 * process must think at most CFQ_MIN_TT.
 */
static void cfq_update_idle_window(struct cfq_data *cfqd,
				   struct cfq_queue *cfqq,
				   struct cfq_io_context *cic)
{
	bool enable_idle;

	if (!cfqq->sync)
		return;
	enable_idle = cfqq->idle_window;
	/* 2.6.30/31 have no cfq_latency: the rule applies as with it 0. */
	if (cic_exited(cic) || !cfqd->p.slice_idle ||
	    (!cfqd->cfq_latency && cfqd->hw_tag && CIC_SEEKY(cic))) {
		enable_idle = false;
	} else if (cfq_sample_valid(cic->ttime_samples)) {
		unsigned long slice_idle = cfqd->p.slice_idle;

		/* 2.6.32 (ec60e4f6749): a seeky process gets CFQ_MIN_TT. */
		if (kprofile_get(cfq_seeky_min_tt) &&
		    cfq_sample_valid(cic->seek_samples) && CIC_SEEKY(cic))
			slice_idle = cfq_min_tt();
		enable_idle = cic->ttime_mean <= slice_idle;
	}
	cfqq->idle_window = enable_idle;
}

/*
 * cfq_should_preempt: whether @new_cfqq (not the active queue), which
 * just got @rq, takes the disk now.  (The RT and idle classes and the
 * metadata rule have nothing to act on in mmsim.)
 */
static bool cfq_should_preempt(struct cfq_data *cfqd,
			       struct cfq_queue *new_cfqq, struct request *rq)
{
	struct cfq_queue *cfqq = cfqd->active_queue;

	if (!cfqq)
		return false;
	if (cfq_slice_used(cfqq))
		return true;
	/* A sync request beats an async slice, at once. */
	if (rq_is_sync(rq) && !cfqq->sync)
		return true;
	if (!cfqd->active_cic || !cfqq->wait_request)
		return false;
	/* As good as the idling queue's own next request would be. */
	if (!cfq_rq_close(cfqd, rq))
		return false;
	/*
	 * 2.6.32 final (4b27e1bb442): a queue already marked cooperating
	 * pre-empts again only when it is the only busy one.
	 */
	if (kprofile_get(cfq_coop_preempt_limit)) {
		if (new_cfqq->coop && cfqd->busy_queues != 1)
			return false;
		new_cfqq->coop_preempt = true;
		new_cfqq->coop = true;
	}
	return true;
}

/* cfq_preempt_queue: to the front, with a fresh slice. */
static void cfq_preempt_queue(struct cfq_data *cfqd, struct cfq_queue *cfqq)
{
	cfqd->queue->stats.preemptions++;
	cfq_slice_expired(cfqd, true);
	cfq_service_tree_add(cfqd, cfqq, true);
	cfqq->slice_end = 0;
	cfqq->slice_new = true;
}

/*
 * cfq_rq_enqueued: the process's statistics; then, for the queue being
 * idled on, a large request or a busy system ends the idling at once,
 * while a single page only marks the queue must_dispatch (the idle timer
 * keeps running; a later plug, timer or queue run dispatches it), so the
 * rest of a readahead window can merge first; for another queue, maybe a
 * pre-emption.  Same in 2.6.30 (whose queue run is blk_start_queueing),
 * 2.6.31 and 2.6.32.
 */
static void cfq_rq_enqueued(struct cfq_data *cfqd, struct cfq_queue *cfqq,
			    struct request *rq)
{
	struct cfq_io_context *cic = RQ_CIC(rq);

	cfqd->rq_queued++;
	cfq_update_io_thinktime(cfqd, cic);
	cfq_update_io_seektime(cic, rq);
	cfq_update_idle_window(cfqd, cfqq, cic);
	cic->last_request_pos = rq->sector + rq->nr_sectors;

	if (cfqq == cfqd->active_queue) {
		if (cfqq->wait_request) {
			if (rq->nr_sectors > PAGE_SECTORS ||
			    cfqd->busy_queues > 1) {
				cfq_del_idle_timer(cfqd);
				__blk_run_queue(cfqd->queue);
			}
			cfqq->must_dispatch = true;
		}
	} else if (cfq_should_preempt(cfqd, cfqq, rq)) {
		cfq_preempt_queue(cfqd, cfqq);
		__blk_run_queue(cfqd->queue);
	}
}

static void cfq_insert_request(struct request_queue *q, struct request *rq)
{
	struct cfq_data *cfqd = q->elevator->elevator_data;
	struct cfq_io_context *cic = cfq_cic_lookup(cfqd, true);
	struct cfq_queue *cfqq = cfq_get_queue(cfqd, cic, rq_is_sync(rq));

	/* cfq_set_request (at allocation in the kernel; nothing in between) */
	rq->elv_private = cfqq;
	rq->elv_private2 = cic;
	cfq_add_rq_rb(rq);
	/*
	 * The fifo deadline: 2.6.32 sets it here (rq_set_fifo_time), by the
	 * request's sync bit; 2.6.30/31 count from rq->start_time (its
	 * allocation, the same jiffy in mmsim) by the queue's.
	 */
	rq->fifo_time = time_to_jiffies(rq->start_time) +
			cfqd->p.fifo_expire[rq_is_sync(rq)];
	list_add_tail(&rq->fifo, &cfqq->fifo);
	cfq_rq_enqueued(cfqd, cfqq, rq);
}

/* ---- completion ---------------------------------------------------------- */

/*
 * cfq_update_hw_tag: under load (more than CFQ_HW_QUEUE_MIN requests
 * queued or in the driver), every 50 completions decide whether the
 * device queues: it does if it held CFQ_HW_QUEUE_MIN at once.  The same
 * in v2.6.30 block/cfq-iosched.c:2126, v2.6.31 l.2131 and v2.6.32-rc6
 * l.2167 (rc6 sums rq_in_driver[2]).  Only two rules read hw_tag:
 * cfq_arm_slice_timer's SSD test (nonrot && hw_tag: v2.6.30 l.1064,
 * v2.6.31 l.1068, v2.6.32-rc6 l.1071) and cfq_update_idle_window's
 * seeky test (v2.6.30 l.1961, v2.6.31 l.1966; v2.6.32-rc6 l.1998 only
 * while cfq_latency is 0), so on a rotational disk with low_latency on,
 * rc6 does the same whatever hw_tag says.
 */
static void cfq_update_hw_tag(struct cfq_data *cfqd)
{
	if (rq_in_driver(cfqd) > cfqd->rq_in_driver_peak)
		cfqd->rq_in_driver_peak = rq_in_driver(cfqd);
	if (cfqd->rq_queued <= CFQ_HW_QUEUE_MIN &&
	    rq_in_driver(cfqd) <= CFQ_HW_QUEUE_MIN)
		return;
	if (cfqd->hw_tag_samples++ < 50)
		return;
	cfq_set_hw_tag(cfqd, cfqd->rq_in_driver_peak >= CFQ_HW_QUEUE_MIN);
	cfqd->hw_tag_samples = 0;
	cfqd->rq_in_driver_peak = 0;
}

static void cfq_completed_request(struct request_queue *q, struct request *rq)
{
	struct cfq_data *cfqd = q->elevator->elevator_data;
	struct cfq_queue *cfqq = RQ_CFQQ(rq);
	const int sync = rq_is_sync(rq);
	unsigned long now = jiffies;

	cfq_update_hw_tag(cfqd);
	cfqd->rq_in_driver[sync]--;
	cfqq->dispatched--;
	if (cfqq->sync)
		cfqd->sync_flight--;
	if (sync) {
		RQ_CIC(rq)->last_end_request = now;
		/*
		 * 573412b: only a sync request that completes fifo_expire_sync
		 * or more after its allocation restarts the async ramp.
		 */
		if (kprofile_get(cfq_async_ramp) != CFQ_RAMP_DELAYED_SYNC ||
		    time_before_eq_jiffies(time_to_jiffies(rq->start_time) +
					   cfqd->p.fifo_expire[BLK_RW_SYNC],
					   now))
			cfqd->last_end_sync_rq = now;
	}
	if (cfqd->active_queue == cfqq) {
		const bool cfqq_empty = list_empty(&cfqq->sort_list);

		if (cfqq->slice_new) {
			cfqq->slice_end = cfq_prio_to_slice(cfqd, cfqq) + jiffies;
			cfqq->slice_new = false;
		}
		/*
		 * Out of time: expire.  Empty, with nobody working near the
		 * head, after a sync request that did not ask not to
		 * (rq_noidle: WRITE_SYNC): idle for the process's next one.
		 */
		if (cfq_slice_used(cfqq))
			cfq_slice_expired(cfqd, true);
		else if (cfqq_empty && !cfq_close_cooperator(cfqd, cfqq, true) &&
			 sync && !rq_noidle(rq))
			cfq_arm_slice_timer(cfqd);
	}
	/*
	 * With nothing left in the driver the kernel kicks the queue
	 * (cfq_schedule_dispatch); mmsim's driver runs it after every
	 * completion (drivers/scsi/scsi_lib.c scsi_done).
	 */
}

/* ---- the idle timer ------------------------------------------------------ */

/*
 * cfq_idle_slice_timer: the process did not come back in time.  A
 * request that came meanwhile (must_dispatch) goes; an exhausted slice
 * ends; with nobody else busy the queue stays active; its own queued
 * requests go; else the slice ends.  wait_request stays set until then.
 */
static void cfq_idle_slice_timer(struct timer *t)
{
	struct cfq_data *cfqd = t->data;
	struct cfq_queue *cfqq = cfqd->active_queue;
	bool timed_out = true;

	cfq_idle_end(cfqd, true);
	if (cfqq) {
		timed_out = false;
		if (cfqq->must_dispatch)
			goto out_kick;
		if (cfq_slice_used(cfqq))
			goto expire;
		if (!cfqd->busy_queues)
			return;
		if (!list_empty(&cfqq->sort_list))
			goto out_kick;
	}
expire:
	cfq_slice_expired(cfqd, timed_out);
out_kick:
	/* cfq_schedule_dispatch: kblockd runs the queue (mmsim: now). */
	if (cfqd->busy_queues)
		__blk_run_queue(cfqd->queue);
}

/* ---- may_queue ------------------------------------------------------------ */

/*
 * cfq_may_queue: the queue being idled on may take one request beyond
 * the request list's limit per slice (ELV_MQUEUE_MUST), so its process
 * does not sleep in get_request_wait while the disk waits for it.
 * (2.6.30/31 also test a must_alloc flag that nothing sets.)
 */
static int cfq_may_queue(struct request_queue *q, unsigned long rw_flags)
{
	struct cfq_data *cfqd = q->elevator->elevator_data;
	struct cfq_io_context *cic = cfq_cic_lookup(cfqd, false);
	struct cfq_queue *cfqq = cic ? cic->cfqq[rw_is_sync(rw_flags)] : NULL;

	if (cfqq && cfqq->wait_request && !cfqq->must_alloc_slice) {
		cfqq->must_alloc_slice = true;
		return ELV_MQUEUE_MUST;
	}
	return ELV_MQUEUE_MAY;
}

/* ---- set-up ---------------------------------------------------------------- */

bool cfq_sync_idle_window(const struct request_queue *q, int pid)
{
	const struct cfq_data *cfqd = q->elevator->elevator_data;

	for (unsigned int i = 0; i < cfqd->nr_cics; i++)
		if (cfqd->cics[i]->pid == pid && cfqd->cics[i]->cfqq[1])
			return cfqd->cics[i]->cfqq[1]->idle_window;
	return false;
}

unsigned int cfq_nr_sync_queues(const struct request_queue *q)
{
	const struct cfq_data *cfqd = q->elevator->elevator_data;
	unsigned int n = 0;

	for (unsigned int i = 0; i < cfqd->nr_cics; i++)
		n += cfqd->cics[i]->cfqq[1] != NULL;
	return n;
}

bool cfq_hw_tag(const struct request_queue *q)
{
	const struct cfq_data *cfqd = q->elevator->elevator_data;

	return cfqd->hw_tag;
}

/*
 * The kernels' defaults (cfq-iosched.c l.20-42, the same in 2.6.30-32),
 * as HZ fractions; low_latency as the running profile has it.
 */
void cfq_default_params(struct cfq_params *p)
{
	*p = (struct cfq_params) {
		.quantum = 4,
		.fifo_expire = { HZ / 4, HZ / 8 },
		.slice = { HZ / 25, HZ / 10 },
		.slice_async_rq = 2,
		.slice_idle = HZ / 125,
		.back_max = 16 * 1024,
		.back_penalty = 2,
		.low_latency = kprofile_get(low_latency) == LOW_LATENCY_ON,
	};
}

/*
 * cfq_init_queue: hw_tag starts at 1 whatever the device (then follows
 * cfq_update_hw_tag); the async ramp starts as if a sync request had just
 * completed, or (573412b) as if the last delayed one was a second ago.
 */
static void *cfq_init_queue(struct request_queue *q,
			    const struct cfq_params *p)
{
	struct cfq_data *cfqd = xcalloc(1, sizeof(*cfqd));

	cfqd->queue = q;
	cfqd->p = *p;
	if (!cfqd->p.slice[BLK_RW_SYNC])
		cfqd->p.slice[BLK_RW_SYNC] = 1;
	/* A kernel without the tunable behaves as with it off. */
	cfqd->cfq_latency = p->low_latency &&
			    kprofile_get(low_latency) != LOW_LATENCY_ABSENT;
	INIT_LIST_HEAD(&cfqd->service_tree);
	timer_init(&cfqd->idle_slice_timer, cfq_idle_slice_timer, cfqd);
	cfqd->hw_tag = 1;
	q->stats.hw_tag_since = sim_now();
	cfqd->last_end_sync_rq = jiffies;
	if (kprofile_get(cfq_async_ramp) == CFQ_RAMP_DELAYED_SYNC)
		cfqd->last_end_sync_rq = jiffies - HZ;
	return cfqd;
}

static void cfq_free_queue(struct cfq_queue *cfqq)
{
	struct request *rq, *n;

	list_for_each_entry_safe(rq, n, &cfqq->sort_list, queuelist)
		blk_free_request_at_exit(rq);
	free(cfqq);
}

/* Frees the queues, and any request still in them with its bios. */
static void cfq_exit_queue(struct elevator_queue *e)
{
	struct cfq_data *cfqd = e->elevator_data;

	cfq_del_idle_timer(cfqd);
	if (cfqd->async_cfqq)
		cfq_free_queue(cfqd->async_cfqq);
	for (unsigned int i = 0; i < cfqd->nr_cics; i++) {
		if (cfqd->cics[i]->cfqq[1])
			cfq_free_queue(cfqd->cics[i]->cfqq[1]);
		free(cfqd->cics[i]);
	}
	free(cfqd->cics);
	free(cfqd);
}

const struct elevator_type iosched_cfq = {
	.ops = {
		.elevator_merge_fn =		cfq_merge,
		.elevator_merged_fn =		cfq_merged_request,
		.elevator_merge_req_fn =	cfq_merged_requests,
		.elevator_allow_merge_fn =	cfq_allow_merge,
		.elevator_dispatch_fn =		cfq_dispatch_requests,
		.elevator_add_req_fn =		cfq_insert_request,
		.elevator_queue_empty_fn =	cfq_queue_empty,
		.elevator_completed_req_fn =	cfq_completed_request,
		.elevator_former_req_fn =	cfq_former_request,
		.elevator_latter_req_fn =	cfq_latter_request,
		.elevator_may_queue_fn =	cfq_may_queue,
		.elevator_init_fn =		cfq_init_queue,
		.elevator_exit_fn =		cfq_exit_queue,
	},
	.elevator_name = "cfq",
};
