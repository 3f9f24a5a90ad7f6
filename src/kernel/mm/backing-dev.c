// SPDX-License-Identifier: GPL-2.0
/*
 * Congestion state of backing devices and congestion_wait (mm/backing-dev.c).
 *
 * There are exactly two global wait queues, one per request direction
 * (BLK_RW_ASYNC, BLK_RW_SYNC), shared by every device.  A waiter leaves at
 * the next clear_bdi_congested() of its direction on any device, and the
 * block layer calls that on every freed request that leaves the queue
 * below its congestion-off mark (block/blk-core.c, __freed_request), not
 * only on the congested -> uncongested transition.  So a waiter whose
 * direction has nothing in flight sleeps its whole timeout.
 */
#include <stdlib.h>
#include <string.h>
#include "linux/backing-dev.h"
#include "linux/kernel.h"
#include "linux/swap.h"
#include "trace/events/writeback.h"
#include "linux/mm_types.h"
#include "metrics/derived.h"
#include "metrics/metrics.h"
#include "metrics/records.h"
#include "util/xalloc.h"

static struct wait_queue_head congestion_wqh[2] = {
	{ LIST_HEAD_INIT(congestion_wqh[0].head) },
	{ LIST_HEAD_INIT(congestion_wqh[1].head) },
};

static struct congestion_wait_record *cw_records;
static size_t cw_nr_records, cw_records_cap;
static struct congestion_wait_totals cw_totals[NR_CW_SITES][NR_CW_QUEUES];
static struct congestion_wait_totals cw_order_totals[NR_CW_ORDERS];

static const char *const cw_site_names[NR_CW_SITES] = {
	[CW_ALLOC_RETRY] = "alloc_retry",
	[CW_HIGH_PRIORITY] = "high_priority",
	[CW_DIRECT_RECLAIM] = "direct_reclaim",
	[CW_KSWAPD] = "kswapd",
	[CW_LUMPY] = "lumpy",
	[CW_ISOLATED] = "too_many_isolated",
	[CW_THROTTLE_VM] = "throttle_vm_writeout",
	[CW_BDP] = "balance_dirty_pages",
	[CW_PDFLUSH] = "pdflush",
	[CW_DMCRYPT] = "dm_crypt",
	[CW_OTHER] = "other",
};

const char *cw_site_name(enum cw_site site)
{
	if ((unsigned int)site >= NR_CW_SITES)
		return "?";
	return cw_site_names[site];
}

void bdi_init(struct backing_dev_info *bdi, const char *name)
{
	memset(bdi, 0, sizeof(*bdi));
	bdi->name = name;
	bdi->ra_pages = VM_MAX_READAHEAD * 1024 / PAGE_SIZE;
}

static int congested_bit(int sync)
{
	return sync ? BDI_sync_congested : BDI_async_congested;
}

void set_bdi_congested(struct backing_dev_info *bdi, int sync)
{
	int bit = congested_bit(sync);

	if (bdi->state & (1UL << bit))
		return;
	bdi->state |= 1UL << bit;
	bdi->congested_count[sync]++;
	bdi->congested_since[sync] = sim_now();
}

/*
 * Wakes every waiter of this direction whether or not the bit was set:
 * the kernel does the same, which is what makes congestion_wait return at
 * the next completion on an uncongested queue.
 */
void clear_bdi_congested(struct backing_dev_info *bdi, int sync)
{
	int bit = congested_bit(sync);
	struct wait_queue_head *wqh = &congestion_wqh[sync];

	if (bdi->state & (1UL << bit)) {
		bdi->state &= ~(1UL << bit);
		bdi->congested_ns[sync] += sim_now() -
					   bdi->congested_since[sync];
	}
	if (waitqueue_active(wqh))
		wake_up_all(wqh);
}

sim_time_t bdi_congested_time(const struct backing_dev_info *bdi, int sync)
{
	sim_time_t ns = bdi->congested_ns[sync];

	if (bdi->state & (1UL << congested_bit(sync)))
		ns += sim_now() - bdi->congested_since[sync];
	return ns;
}

/* ---- congestion_wait -------------------------------------------------- */

/* One sleep on congestion_wqh[sync], as the body of the 2.6.32 function. */
static long congestion_wait_one(int sync, long timeout, struct cw_part *part)
{
	struct wait_queue_head *wqh = &congestion_wqh[sync];
	sim_time_t start = sim_now();
	/* schedule_timeout expires on this tick; earlier means woken. */
	sim_time_t expires = jiffies_to_ns(jiffies + (unsigned long)
					   (timeout > 0 ? timeout : 0));
	DEFINE_WAIT(wait);
	enum task_time old;
	long ret;

	prepare_to_wait(wqh, &wait, TASK_UNINTERRUPTIBLE);
	old = task_time_enter(TT_CONGESTION);
	ret = io_schedule_timeout(timeout);
	task_time_exit(old);
	finish_wait(wqh, &wait);

	part->queue = sync;
	part->timeout = timeout;
	part->remaining = ret;
	part->waited = sim_now() - start;
	part->woken = sim_now() < expires;
	return ret;
}

static void cw_add(struct congestion_wait_totals *t,
		   const struct congestion_wait_record *rec)
{
	const struct cw_part *last = &rec->part[rec->nr_parts - 1];

	t->calls++;
	t->waited_ns += rec->waited;
	if (!last->woken)
		t->timed_out++;
	for (unsigned int i = 0; i < rec->nr_parts; i++) {
		const struct cw_part *p = &rec->part[i];

		t->parts[p->queue]++;
		t->parts_waited_ns[p->queue] += p->waited;
		if (p->woken)
			t->parts_woken[p->queue]++;
	}
}

static void cw_record(const struct congestion_wait_record *rec)
{

	if (cw_nr_records == cw_records_cap) {
		cw_records_cap = cw_records_cap ? 2 * cw_records_cap : 256;
		cw_records = xrealloc(cw_records,
				     cw_records_cap * sizeof(*cw_records));
	}
	cw_records[cw_nr_records++] = *rec;

	cw_add(&cw_totals[rec->site][rec->queue], rec);
	if (rec->order >= 0)
		cw_add(&cw_order_totals[rec->order < NR_CW_ORDERS ? rec->order : NR_CW_ORDERS - 1], rec);
}

/*
 * The call sites congestion_wait() records, by the function that called
 * it (the macro passes __func__) and, where one function waits in two
 * places, by the profile switch that picks the queue (the macro passes
 * the queue argument's text).  A caller not listed is CW_OTHER.  The
 * kernel functions are 2.6.30-2.6.32's; bdp_sleep() and
 * pdflush_congestion_nap() are mmsim's helpers of balance_dirty_pages()
 * and of pdflush's background_writeout()/wb_kupdate().
 */
static const struct {
	const char *function;
	const char *queue;		/* NULL: any */
	enum cw_site site;
} cw_callers[] = {
	{ "__alloc_pages_slowpath", NULL, CW_ALLOC_RETRY },
	{ "__alloc_pages_high_priority", NULL, CW_HIGH_PRIORITY },
	{ "do_try_to_free_pages", NULL, CW_DIRECT_RECLAIM },
	{ "balance_pgdat", NULL, CW_KSWAPD },
	{ "shrink_inactive_list", "kprofile_get(cw_lumpy)", CW_LUMPY },
	{ "shrink_inactive_list", "kprofile_get(cw_isolated)", CW_ISOLATED },
	{ "throttle_vm_writeout", NULL, CW_THROTTLE_VM },
	{ "bdp_sleep", NULL, CW_BDP },
	{ "pdflush_congestion_nap", NULL, CW_PDFLUSH },
	{ "kcryptd_crypt_write_convert", NULL, CW_DMCRYPT },
};

static enum cw_site cw_site_of(const char *function, const char *queue)
{
	for (size_t i = 0; i < sizeof(cw_callers) / sizeof(cw_callers[0]); i++)
		if (!strcmp(cw_callers[i].function, function) &&
		    (!cw_callers[i].queue || !strcmp(cw_callers[i].queue, queue)))
			return cw_callers[i].site;
	return CW_OTHER;
}

/*
 * kswapd's nap records the order its balance_pgdat() works at, which
 * balance_pgdat() keeps in kswapd's reclaim_state; -1 for every other
 * call.
 */
static int cw_order_of(enum cw_site site)
{
	if (site != CW_KSWAPD || !current->reclaim_state)
		return -1;
	return current->reclaim_state->order;
}

long __congestion_wait(int sync, long timeout, const char *function,
		       const char *queue_text)
{
	struct congestion_wait_record rec = {
		.queue = sync,
		.start = sim_now(),
		.timeout = timeout,
	};
	int queue = sync == BLK_RW_BOTH ? BLK_RW_ASYNC : sync;
	unsigned long start = jiffies;
	long ret;

	BUG_ON(in_interrupt() || !current);	/* congestion_wait needs a task */
	BUG_ON(sync != BLK_RW_ASYNC && sync != BLK_RW_SYNC &&
	       sync != BLK_RW_BOTH);
	rec.site = cw_site_of(function, queue_text);
	rec.order = cw_order_of(rec.site);
	rec.pid = current->pid;
	memcpy(rec.comm, current->comm, sizeof(rec.comm));

	for (;;) {
		ret = congestion_wait_one(queue, timeout,
					  &rec.part[rec.nr_parts++]);
		/*
		 * P3: BLK_RW_BOTH waits on ASYNC first; only if that ended
		 * early does it wait on SYNC, and only for the time left.
		 */
		if (sync != BLK_RW_BOTH || queue == BLK_RW_SYNC || !ret)
			break;
		queue = BLK_RW_SYNC;
		timeout = ret;
	}
	rec.ret = ret;
	rec.waited = sim_now() - rec.start;
	cw_record(&rec);
	/*
	 * 2.6.37's congestion_wait() (the tracepoint's origin) measures the
	 * sleep as jiffies_to_usecs(jiffies - start): whole ticks, so a call
	 * that slept its full timeout reports usec_delayed == usec_timeout,
	 * which is how the trace's readers (mmsim report reclaim's
	 * FullTimeout, docs/trace.md) tell a timeout from a wakeup.  The
	 * nanoseconds slept (rec.waited) would start mid-tick and fall short.
	 */
	trace_writeback_congestion_wait(
		(unsigned int)(jiffies_to_ns((unsigned long)rec.timeout) / NSEC_PER_USEC),
		(unsigned int)(jiffies_to_ns(jiffies - start) / NSEC_PER_USEC));
	return ret;
}

size_t congestion_wait_nr_records(void)
{
	return cw_nr_records;
}

const struct congestion_wait_record *congestion_wait_record(size_t i)
{
	return i < cw_nr_records ? &cw_records[i] : NULL;
}

const struct congestion_wait_totals *congestion_wait_totals(enum cw_site site,
							    int queue)
{
	BUG_ON((unsigned int)site >= NR_CW_SITES ||
	       (unsigned int)queue >= NR_CW_QUEUES);
	return &cw_totals[site][queue];
}

const struct congestion_wait_totals *congestion_wait_order_totals(int order)
{
	BUG_ON(order < 0);
	return &cw_order_totals[order < NR_CW_ORDERS ? order : NR_CW_ORDERS - 1];
}

void congestion_wait_stats_reset(void)
{
	cw_nr_records = 0;
	memset(cw_totals, 0, sizeof(cw_totals));
	memset(cw_order_totals, 0, sizeof(cw_order_totals));
}

void bdi_congestion_init(void)
{
	init_waitqueue_head(&congestion_wqh[BLK_RW_ASYNC]);
	init_waitqueue_head(&congestion_wqh[BLK_RW_SYNC]);
	congestion_wait_stats_reset();
}

void bdi_congestion_exit(void)
{
	free(cw_records);
	cw_records = NULL;
	cw_nr_records = cw_records_cap = 0;
	memset(cw_totals, 0, sizeof(cw_totals));
	memset(cw_order_totals, 0, sizeof(cw_order_totals));
}

/*
 * Measures of a run (metrics/metrics.h): the congestion_wait totals by
 * call site and queue, and kswapd's by the order balance_pgdat() worked
 * at, at the end of the run.
 */
static void collect_cw(struct run_result *r)
{
	struct cw_total *cw = result_records_mut(r, "congestion_wait", NULL);
	struct cw_total *ord = result_records_mut(r, "kswapd_cw_by_order", NULL);

	for (int s = 0; s < NR_CW_SITES; s++)
		for (int q = 0; q < NR_CW_QUEUES; q++) {
			const struct congestion_wait_totals *t = &cw_totals[s][q];
			struct cw_total *c = &cw[s * NR_CW_QUEUES + q];

			c->calls = t->calls;
			c->timeouts = t->timed_out;
			c->time = t->waited_ns;
		}
	for (int o = 0; o < NR_CW_ORDERS; o++) {
		ord[o].calls = cw_order_totals[o].calls;
		ord[o].timeouts = cw_order_totals[o].timed_out;
		ord[o].time = cw_order_totals[o].waited_ns;
	}
}

/* Call sites by cw_site_name(), queues by blk_rw_name(). */
static const char *cw_element(unsigned int dim, unsigned int i)
{
	if (dim)
		return blk_rw_name((int)i);
	return cw_site_name((enum cw_site)i);
}

static struct measure congestion_wait_measure = {
	.name = "congestion_wait", .doc = "congestion_wait calls, full "
	"timeouts and time, by call site (enum cw_site) and queue asked for",
	.unit = "calls, ns", .kind = MEASURE_TABLE, .aggregate = AGGREGATE_MEAN,
	.json = "congestion_wait", .csv = "congestion_wait", .type = MT_GRID,
	.dims = { NR_CW_SITES, NR_CW_QUEUES },
	.keys = { "site", "queue" }, .record = &cw_total_record,
	.element_name = cw_element, .collect = collect_cw,
	.show = SHOW_RUN | SHOW_COMPARE | SHOW_HTML,
	.caption = "congestion_wait by call site and queue asked for "
	"(timeouts: the calls that slept their whole timeout)",
	.row_prefix = "cw", .show_total = true,
};
MEASURE_REGISTER(congestion_wait_measure);

MEASURE_SHOWN(cw_time, .name = "cw-time", .order = 70,
	.doc = "time spent in congestion_wait, every caller",
	.unit = "s", .kind = MEASURE_GAUGE, .value = result_cw_seconds,
	.title = "time in congestion_wait (s)", .group = "congestion_wait",
	.precision = 2);

static double shown_cw_calls(const struct run_result *r)
{
	return (double)result_cw_calls(r);
}

MEASURE_SHOWN(cw_calls, .name = "cw-calls", .order = 80,
	.doc = "congestion_wait calls",
	.unit = "", .kind = MEASURE_COUNTER, .value = shown_cw_calls,
	.title = "congestion_wait calls", .group = "congestion_wait",
	.precision = 2);

static struct measure kswapd_cw_by_order_measure = {
	.name = "kswapd_cw_by_order", .doc = "kswapd's congestion_wait calls by "
	"the order balance_pgdat was working at (none in results written "
	"before it existed)",
	.unit = "calls, ns", .kind = MEASURE_TABLE, .aggregate = AGGREGATE_MEAN,
	.json = "kswapd_cw_by_order", .csv = "kswapd_cw_by_order",
	.type = MT_GRID, .dims = { NR_CW_ORDERS }, .keys = { "order" },
	.record = &cw_total_record, .flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(kswapd_cw_by_order_measure);

/*
 * The congestion_wait figures validate's claims read (not in compare's
 * table): by who called it and which queue it asked for.
 */

/* The sites only direct reclaimers reach: the allocator's retry and
 * NOFAIL loops and do_try_to_free_pages()'s nap (lumpy and
 * too_many_isolated waits are kswapd's too). */
static const int direct_cw_sites[] = {
	CW_ALLOC_RETRY, CW_HIGH_PRIORITY, CW_DIRECT_RECLAIM,
};

static double cw_kswapd_calls(const struct run_result *r)
{
	return (double)result_cw_total(r, CW_KSWAPD, -1).calls;
}

static double cw_kswapd_time(const struct run_result *r)
{
	return (double)result_cw_total(r, CW_KSWAPD, -1).time / NSEC_PER_SEC;
}

static double cw_direct_time(const struct run_result *r)
{
	sim_time_t t = 0;

	for (size_t i = 0; i < sizeof(direct_cw_sites) /
				   sizeof(direct_cw_sites[0]); i++)
		t += result_cw_total(r, direct_cw_sites[i], -1).time;
	return (double)t / NSEC_PER_SEC;
}

static double cw_both_calls(const struct run_result *r)
{
	return (double)result_cw_total(r, -1, BLK_RW_BOTH).calls;
}

static double cw_both_timeouts(const struct run_result *r)
{
	return (double)result_cw_total(r, -1, BLK_RW_BOTH).timeouts;
}

static double cw_kswapd_order(const struct run_result *r, int order)
{
	const struct cw_total *by_order =
		result_records(r, "kswapd_cw_by_order", NULL);

	return (double)by_order[order].calls;
}

static double cw_kswapd_order0(const struct run_result *r)
{
	return cw_kswapd_order(r, 0);
}

static double cw_kswapd_order2(const struct run_result *r)
{
	return cw_kswapd_order(r, 2);
}

MEASURE_SHOWN(cw_kswapd_calls, .name = "kswapd-cw-calls",
	.doc = "kswapd's congestion_wait calls (balance_pgdat's nap)",
	.unit = "", .kind = MEASURE_COUNTER, .value = cw_kswapd_calls,
	.title = "kswapd congestion_wait calls", .group = "congestion_wait");
MEASURE_SHOWN(cw_kswapd_time, .name = "kswapd-cw-time",
	.doc = "kswapd's time in congestion_wait",
	.unit = "s", .kind = MEASURE_GAUGE, .value = cw_kswapd_time,
	.title = "kswapd congestion_wait time (s)", .group = "congestion_wait");
MEASURE_SHOWN(cw_direct_time, .name = "direct-cw-time",
	.doc = "direct reclaimers' time in congestion_wait (sites "
	"alloc_retry, high_priority, direct_reclaim)",
	.unit = "s", .kind = MEASURE_GAUGE, .value = cw_direct_time,
	.title = "direct reclaimers' congestion_wait time (s)",
	.group = "congestion_wait");
MEASURE_SHOWN(cw_both_calls, .name = "cw-both-calls",
	.doc = "congestion_wait calls asking for BLK_RW_BOTH, any site",
	.unit = "", .kind = MEASURE_COUNTER, .value = cw_both_calls,
	.title = "congestion_wait calls on BLK_RW_BOTH",
	.group = "congestion_wait");
MEASURE_SHOWN(cw_both_timeouts, .name = "cw-both-timeouts",
	.doc = "BLK_RW_BOTH congestion_wait calls that ran to their timeout",
	.unit = "", .kind = MEASURE_COUNTER, .value = cw_both_timeouts,
	.title = "BLK_RW_BOTH calls that timed out",
	.group = "congestion_wait");
MEASURE_SHOWN(cw_kswapd_order0, .name = "kswapd-cw-order0",
	.doc = "kswapd's congestion_wait calls while balance_pgdat works at "
	"order 0",
	.unit = "", .kind = MEASURE_COUNTER, .value = cw_kswapd_order0,
	.title = "kswapd congestion_wait calls at order 0",
	.group = "congestion_wait");
MEASURE_SHOWN(cw_kswapd_order2, .name = "kswapd-cw-order2",
	.doc = "kswapd's congestion_wait calls while balance_pgdat works at "
	"order 2",
	.unit = "", .kind = MEASURE_COUNTER, .value = cw_kswapd_order2,
	.title = "kswapd congestion_wait calls at order 2",
	.group = "congestion_wait");
