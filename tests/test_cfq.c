// SPDX-License-Identifier: GPL-2.0
/*
 * CFQ per kernel version: dispatch sequences derived by hand from
 * block/cfq-iosched.c at v2.6.30, v2.6.31 and v2.6.32-rc6 (and 2.6.32-rc7's
 * 4b27e1bb442), each derivation written next to its expectation.
 *
 * The block layer drives a fake disk: it holds up to `depth` requests and
 * completes them one after another in the order it took them, each after
 * exactly `service` (10 ms unless said), in interrupt context, then runs
 * the queue (as drivers/scsi/scsi_lib.c does).  Every request it takes is
 * logged with the time and its first sector; each task of a test uses its
 * own range of sectors, so the log says which queue dispatched when.
 * HZ = 1000, so one jiffy is 1 ms and the tunables are: slice_sync 100,
 * slice_async 40, slice_idle 8, fifo_expire 250/125, CFQ_MIN_TT 2, the
 * plug's unplug_delay 3 (all ms).  The disk is rotational (it plugs, and
 * CFQ idles on it).  Times in the comments are ms.
 *
 * Values are recorded inside simulated tasks and asserted afterwards: a
 * failing cmocka assertion must not unwind a coroutine stack.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "block_machine.h"
#include "sim/sim.h"
#include "linux/blkdev.h"
#include "mmsim/profile.h"
#include "experiment/scenario_load.h"
#include "experiment/machine.h"
#include "mmsim/boot_params.h"

#define MS	NSEC_PER_MSEC

/* ---- the fake disk ------------------------------------------------------ */

struct dispatch {
	sim_time_t at;
	sector_t sector;
	unsigned int nr_sectors;
};

static struct fake {
	struct request_queue *q;
	struct block_device bdev;
	unsigned int depth;
	sim_time_t service, first_service;
	struct request *held[32];
	unsigned int nheld, ntaken;
	struct irq_work done;
	struct dispatch log[256];
	unsigned int nlog;
} fk;

static sim_time_t fake_service(void)
{
	/* first_service: the very first request takes that long instead. */
	return fk.ntaken == 1 && fk.first_service ? fk.first_service :
						    fk.service;
}

static void fake_request_fn(struct request_queue *q)
{
	while (fk.nheld < fk.depth) {
		struct request *rq = blk_fetch_request(q);

		if (!rq)
			break;
		assert_true(fk.nlog < 256);
		fk.log[fk.nlog++] = (struct dispatch) {
			sim_now(), rq->sector, rq->nr_sectors,
		};
		fk.held[fk.nheld++] = rq;
		fk.ntaken++;
		if (fk.nheld == 1)
			irq_work_queue_at(&fk.done, sim_now() + fake_service());
	}
}

static void fake_done(struct irq_work *w)
{
	struct request *rq = fk.held[0];

	memmove(fk.held, fk.held + 1, --fk.nheld * sizeof(fk.held[0]));
	if (fk.nheld)
		irq_work_queue_at(&fk.done, sim_now() + fk.service);
	blk_end_request_all(rq, 0);
	__blk_run_queue(fk.q);
}

/*
 * A simulation at HZ 1000 with @profile (low_latency set to @ll where the
 * kernel has it) and the fake disk.
 */
static void setup(const char *profile, bool ll, unsigned int depth)
{
	struct cfq_params cp;
	char err[256];

	assert_int_equal(profile_parse(profile, &kprofile, err, sizeof(err)), 0);
	block_machine_boot(1000, 1, 1);
	memset(&fk, 0, sizeof(fk));
	fk.depth = depth;
	fk.service = 10 * MS;
	irq_work_init(&fk.done, 0, fake_done, NULL);
	fk.q = blk_init_queue(fake_request_fn, "fake");
	cfq_default_params(&cp);
	cp.low_latency = ll;
	elevator_init(fk.q, &cp);
	snprintf(fk.bdev.bd_name, sizeof(fk.bdev.bd_name), "fake");
	fk.bdev.bd_queue = fk.q;
	fk.bdev.bd_nr_sectors = 1ULL << 30;
}

static void finish(void)
{
	while (fk.nheld)
		blk_free_request_at_exit(fk.held[--fk.nheld]);
	blk_cleanup_queue(fk.q);
	block_machine_shutdown();
	profile_set_default();
}

/* The time request @sector was taken by the disk; fails if never. */
static sim_time_t taken_at(sector_t sector)
{
	for (unsigned int i = 0; i < fk.nlog; i++)
		if (fk.log[i].sector == sector)
			return fk.log[i].at;
	fail_msg("sector %llu never dispatched", (unsigned long long)sector);
	return 0;
}

static void expect_log(const struct dispatch *want, unsigned int n)
{
	assert_int_equal(fk.nlog, n);
	for (unsigned int i = 0; i < n; i++) {
		if (fk.log[i].sector != want[i].sector ||
		    fk.log[i].at != want[i].at ||
		    (want[i].nr_sectors &&
		     fk.log[i].nr_sectors != want[i].nr_sectors))
			fail_msg("dispatch %u: sector %llu (%u) at %llu ns, expected %llu (%u) at %llu",
				 i, (unsigned long long)fk.log[i].sector,
				 fk.log[i].nr_sectors,
				 (unsigned long long)fk.log[i].at,
				 (unsigned long long)want[i].sector,
				 want[i].nr_sectors,
				 (unsigned long long)want[i].at);
	}
}

/* ---- I/O ------------------------------------------------------------------ */

static struct page pages[64];

struct tracker {
	unsigned long bios;
	struct task_struct *waiter;
};

static void end_io(struct bio *bio, int error)
{
	struct tracker *t = bio->bi_private;

	t->bios++;
	if (t->waiter)
		wake_up_process(t->waiter);
	bio_put(bio);
}

static void submit(unsigned long rw, sector_t sector, unsigned int nr,
		   struct tracker *t)
{
	struct bio *bio = bio_alloc(GFP_NOIO, nr);

	for (unsigned int i = 0; i < nr; i++)
		bio_add_page(bio, &pages[i]);
	bio->bi_rw = rw;
	bio->bi_sector = sector;
	bio->bi_bdev = &fk.bdev;
	bio->bi_end_io = end_io;
	bio->bi_private = t;
	submit_bio(bio);
}

static void wait_for(struct tracker *t, unsigned long nr)
{
	t->waiter = current;
	for (;;) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		if (t->bios >= nr)
			break;
		io_schedule();
	}
	set_current_state(TASK_RUNNING);
	t->waiter = NULL;
}

static void sleep_ms(unsigned long ms)
{
	schedule_timeout_uninterruptible((long)ms);
}

#define READ_UNPLUG	(READ | (1UL << BIO_RW_UNPLUG))

/* A task's script: optional delay, then what it submits. */
struct script {
	unsigned long delay_ms;
	unsigned long rw;
	sector_t sector, stride;
	unsigned int nr_bios, pages;	/* pages of the first bio (0: 1) */
	unsigned long think_ms;		/* >0: wait for each, then think */
	struct tracker t;
};

static void run_script(void *arg)
{
	struct script *s = arg;

	if (s->delay_ms)
		sleep_ms(s->delay_ms);
	for (unsigned int i = 0; i < s->nr_bios; i++) {
		unsigned int nr = !i && s->pages ? s->pages : 1;
		sector_t at = s->sector + i * s->stride;

		/* A first bio of several pages: the rest follow it. */
		if (i && s->pages && s->stride == PAGE_SECTORS)
			at += (s->pages - 1) * PAGE_SECTORS;
		submit(s->rw, at, nr, &s->t);
		if (s->think_ms) {
			wait_for(&s->t, i + 1);
			sleep_ms(s->think_ms);
		}
	}
	wait_for(&s->t, s->nr_bios);
}

static void start(struct script *s, const char *comm)
{
	kthread_run(run_script, s, comm, DEFAULT_PRIO);
}

static const char *const versions[] = { "2.6.30", "2.6.31", "2.6.32-rc6" };

/* ---- an arriving sync request pre-empts an async slice -------------------- */

/*
 * Depth 4.  W queues eight one-page writes at sectors 0, 1000, ... 7000 at
 * t=0; R reads sector 100000 (READ_SYNC-like: it unplugs) at t=5.
 * rc6 runs with low_latency off so that only the drain rule differs.
 *
 * t=0: w0 finds the elevator empty and plugs the queue; w3 makes 4
 *   requests behind the plug (elv_insert's unplug_thresh): the queue runs,
 *   the async queue becomes active and, alone, may have up to 4 quanta:
 *   w0..w3 go, the disk is full.  w4..w7 queue (w4 plugs again, w7
 *   unplugs; the disk is full).
 * t=5: R's request: cfq_should_preempt(): the active queue is async, the
 *   request sync -> pre-empt at once (all versions; no minimum share).
 *   R's queue goes to the front; the disk is full.
 * t=10: w0 done; the queue runs; R's queue becomes active:
 *   2.6.30/31: R goes now (async requests in the driver only stop async
 *   queues: the sync_flight gate).
 *   rc6: cfq_may_dispatch() drains: R's queue has an idle window and 3
 *   async requests are in the driver; R waits for w3's completion at 40.
 * R completes at 50 (the disk serves in order); its queue is empty and
 *   the async queue's next request (4000) is far from the head (100008):
 *   CFQ idles 8 ms; at 58 the timer expires the slice and w4..w7 go.
 */
static void test_sync_preempts_async_slice(void **state)
{
	(void)state;
	for (size_t v = 0; v < 3; v++) {
		struct script w = { .rw = WRITE, .sector = 0, .stride = 1000,
				    .nr_bios = 8 };
		struct script r = { .delay_ms = 5, .rw = READ_UNPLUG,
				    .sector = 100000, .nr_bios = 1 };
		sim_time_t r_at = v < 2 ? 10 * MS : 40 * MS;
		const struct dispatch want[] = {
			{ 0, 0, 0 }, { 0, 1000, 0 }, { 0, 2000, 0 },
			{ 0, 3000, 0 }, { r_at, 100000, 0 },
			{ 58 * MS, 4000, 0 }, { 58 * MS, 5000, 0 },
			{ 58 * MS, 6000, 0 }, { 58 * MS, 7000, 0 },
		};

		setup(versions[v], false, 4);
		start(&w, "writer");
		start(&r, "reader");
		sim_run((sim_time_t)-1);
		expect_log(want, 9);
		assert_int_equal(fk.q->stats.preemptions, 1);
		finish();
	}
}

/*
 * The async slice is pre-empted even before it dispatched anything (mmsim
 * once let async dispatch one request first; no kernel does).  Depth 4.
 *
 * t=0: R1 reads 100000 (unplugging): R1's queue active, dispatched.
 * t=1: W writes sector 100008 with BIO_RW_UNPLUG: the queue runs at once;
 *   R1's queue is empty and W's write starts exactly at the head: the
 *   async queue is a close cooperator (cfq_select_queue ->
 *   cfq_close_cooperator), R1's slice ends and the async queue is active,
 *   but may not dispatch while R1's sync request is in the driver.
 * t=2: R2 reads 300000: sync request, async active queue -> pre-empt; R2
 *   goes at once (nothing async in the driver, so rc6's drain passes).
 * R1 done at 10, R2 at 20: R2's queue is empty, W's write is far from the
 *   head (300008): idle 8 ms; at 28 the async queue gets the disk.
 */
static void test_sync_preempts_async_slice_before_its_first_dispatch(void **state)
{
	(void)state;
	for (size_t v = 0; v < 3; v++) {
		struct script r1 = { .rw = READ_UNPLUG, .sector = 100000,
				     .nr_bios = 1 };
		struct script w = { .delay_ms = 1,
				    .rw = WRITE | (1UL << BIO_RW_UNPLUG),
				    .sector = 100008, .nr_bios = 1 };
		struct script r2 = { .delay_ms = 2, .rw = READ_UNPLUG,
				     .sector = 300000, .nr_bios = 1 };
		const struct dispatch want[] = {
			{ 0, 100000, 0 }, { 2 * MS, 300000, 0 },
			{ 28 * MS, 100008, 0 },
		};

		setup(versions[v], true, 4);
		start(&r1, "reader1");
		start(&w, "writer");
		start(&r2, "reader2");
		sim_run((sim_time_t)-1);
		expect_log(want, 3);
		assert_int_equal(fk.q->stats.preemptions, 1);
		finish();
	}
}

/* ---- low_latency's async ramp, and 573412b ------------------------------- */

/*
 * Depth 8.  R reads 100000 at t=0 (done at 10, or at 130 when the first
 * request takes 130 ms); W queues eight writes (0, 1000, ...) 2 ms after
 * that completion.  R's queue idles 8 ms after its completion, then the
 * async queue is the only busy one.
 *
 * 2.6.30, 2.6.31, rc6 with low_latency off: alone, it may have 4 quanta
 *   (16): all eight go when the idle timer expires (18, or 138).
 * rc6 with low_latency: depth = (jiffies - last_end_sync_rq) / 100, and 1
 *   when none is in the driver: 8 ms after the read, depth 0 -> one at a
 *   time, each as the previous completes (18, 28, ... 88).  At 68 (w4's
 *   completion) the async slice (40 ms from its first completion at 28)
 *   is used; it is the only busy queue and starts again.
 * rc6 + 573412b: last_delayed_sync starts at jiffies - HZ and a sync
 *   completion moves it only if it came fifo_expire_sync (125) or more
 *   after the request's allocation.  The 10 ms read does not: at 18 the
 *   depth is (18 + 1000) / 100 = 10, more than the 8 queued, so all go.
 *   The 130 ms read does (0 + 125 <= 130): one at a time as plain rc6.
 */
static void test_async_depth_ramp(void **state)
{
	static const struct {
		const char *profile;
		bool ll;
		bool ramp_fast, ramp_slow;	/* one at a time? */
	} cases[] = {
		{ "2.6.30", true, false, false },	/* ll: absent */
		{ "2.6.31", true, false, false },
		{ "2.6.32-rc6", false, false, false },
		{ "2.6.32-rc6", true, true, true },
		{ "2.6.32-rc6+573412b", true, false, true },
	};

	(void)state;
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		for (int slow = 0; slow <= 1; slow++) {
			sim_time_t done = slow ? 130 * MS : 10 * MS;
			struct script r = { .rw = READ_UNPLUG, .sector = 100000,
					    .nr_bios = 1 };
			struct script w = { .delay_ms = done / MS + 2,
					    .rw = WRITE, .sector = 0,
					    .stride = 1000, .nr_bios = 8 };
			bool ramp = slow ? cases[c].ramp_slow :
					   cases[c].ramp_fast;

			setup(cases[c].profile, cases[c].ll, 8);
			if (slow)
				fk.first_service = 130 * MS;
			start(&r, "reader");
			start(&w, "writer");
			sim_run((sim_time_t)-1);
			assert_int_equal(fk.nlog, 9);
			assert_int_equal(taken_at(100000), 0);
			for (unsigned int i = 0; i < 8; i++) {
				sim_time_t want = done + 8 * MS +
						  (ramp ? i * 10 * MS : 0);

				if (taken_at(i * 1000) != want)
					fail_msg("%s ll=%d slow=%d: w%u at %llu, expected %llu",
						 cases[c].profile, cases[c].ll,
						 slow, i,
						 (unsigned long long)taken_at(i * 1000),
						 (unsigned long long)want);
			}
			finish();
		}
	}
}

/* ---- must_dispatch: a window merges while the queue idles ---------------- */

struct window {
	unsigned int first_pages;	/* pages of the window's first bio */
	struct tracker t;
};

/*
 * Read 1000 and wait (done at 10; CFQ idles on the queue until 18); at
 * 11 issue a readahead window of plain READs from 2000, 8 pages in all,
 * the first bio of first_pages pages, the rest one page each.
 */
static void window_reader(void *arg)
{
	struct window *w = arg;
	sector_t at = 2000;

	submit(READ_UNPLUG, 1000, 1, &w->t);
	wait_for(&w->t, 1);
	sleep_ms(1);
	submit(READ, at, w->first_pages, &w->t);
	at += w->first_pages * PAGE_SECTORS;
	for (unsigned int i = w->first_pages; i < 8; i++) {
		submit(READ, at, 1, &w->t);
		at += PAGE_SECTORS;
	}
	wait_for(&w->t, 1 + 1 + 8 - w->first_pages);
}

/*
 * Depth 4; the same in every version (cfq_rq_enqueued, 2.6.30 l.2087,
 * 2.6.31 l.2092, rc6 l.2127).
 *
 * One-page first bio: it finds the elevator empty and plugs (unplug at
 * 14).  Its request is for the queue CFQ idles on, one page, and no other
 * queue is busy: CFQ only marks the queue must_dispatch; the idle timer
 * keeps running.  The seven next bios back-merge into it.  At 14 the
 * plug's timer runs the queue: one request of 8 pages.
 *
 * Two-page first bio (more than PAGE_CACHE_SIZE): CFQ deletes the idle
 * timer and runs the queue at once, so it goes at 11 alone; the next bio
 * finds the elevator empty again, plugs, is only marked must_dispatch,
 * and the five after it merge: 6 pages at 14.
 */
static void test_must_dispatch_lets_window_merge(void **state)
{
	(void)state;
	for (size_t v = 0; v < 3; v++) {
		for (unsigned int first = 1; first <= 2; first++) {
			struct window w = { .first_pages = first };
			const struct dispatch one[] = {
				{ 0, 1000, 8 }, { 14 * MS, 2000, 64 },
			};
			const struct dispatch two[] = {
				{ 0, 1000, 8 }, { 11 * MS, 2000, 16 },
				{ 14 * MS, 2016, 48 },
			};

			setup(versions[v], true, 4);
			kthread_run(window_reader, &w, "reader", DEFAULT_PRIO);
			sim_run((sim_time_t)-1);
			if (first == 1) {
				expect_log(one, 2);
				assert_int_equal(fk.q->stats.back_merges, 7);
			} else {
				expect_log(two, 3);
				assert_int_equal(fk.q->stats.back_merges, 5);
			}
			finish();
		}
	}
}

/*
 * Another queue is busy (W wrote sector 500000 at t=5; R's queue, idling
 * after its first read, keeps the disk): then each one-page request of
 * the window stops the idling and runs the queue at once (busy_queues >
 * 1), and wait_request stays set for the slice, so each goes alone: four
 * one-page requests at 11 fill the disk; the last four bios merge into one
 * request queued behind them, dispatched when the first completes (21).
 * R's queue then waits for its requests in flight; the last completes at
 * 61, CFQ idles 8 ms (W's write is far from the head) and W's goes at 69.
 */
static void test_busy_system_does_not_wait_for_merges(void **state)
{
	(void)state;
	for (size_t v = 0; v < 3; v++) {
		struct window r = { .first_pages = 1 };
		struct script w = { .delay_ms = 5, .rw = WRITE,
				    .sector = 500000, .nr_bios = 1 };
		const struct dispatch want[] = {
			{ 0, 1000, 8 },
			{ 11 * MS, 2000, 8 }, { 11 * MS, 2008, 8 },
			{ 11 * MS, 2016, 8 }, { 11 * MS, 2024, 8 },
			{ 21 * MS, 2032, 32 }, { 69 * MS, 500000, 8 },
		};

		setup(versions[v], true, 4);
		kthread_run(window_reader, &r, "reader", DEFAULT_PRIO);
		start(&w, "writer");
		sim_run((sim_time_t)-1);
		expect_log(want, 7);
		assert_int_equal(fk.q->stats.back_merges, 3);
		finish();
	}
}

/* ---- rq_noidle ----------------------------------------------------------- */

/*
 * Depth 4.  R issues one sync request at 100000 at t=0 (it unplugs: goes
 * at once); W writes sector 0 at t=1 (plugged until 4; then R's queue,
 * empty with a request in flight and an idle window, keeps the disk).
 * R's request completes at 10.
 *
 * READ: CFQ arms the idle timer (cfq_completed_request: empty, no close
 *   cooperator, sync, !rq_noidle); W's write goes when it expires, at 18.
 * WRITE_SYNC (BIO_RW_NOIDLE, so REQ_NOIDLE): no idling; the queue run
 *   after the completion expires R's slice and W's write goes at 10.
 * Every version.
 */
static void test_rq_noidle_skips_idling(void **state)
{
	(void)state;
	for (size_t v = 0; v < 3; v++) {
		for (int noidle = 0; noidle <= 1; noidle++) {
			struct script r = { .rw = noidle ? WRITE_SYNC :
							   READ_UNPLUG,
					    .sector = 100000, .nr_bios = 1 };
			struct script w = { .delay_ms = 1, .rw = WRITE,
					    .sector = 0, .nr_bios = 1 };

			setup(versions[v], true, 4);
			start(&r, "reader");
			start(&w, "writer");
			sim_run((sim_time_t)-1);
			assert_int_equal(fk.nlog, 2);
			assert_int_equal(taken_at(100000), 0);
			assert_int_equal(taken_at(0), noidle ? 10 * MS : 18 * MS);
			finish();
		}
	}
}

/* ---- 2.6.32 only: no idling past the slice -------------------------------- */

/*
 * Depth 4.  R reads 200000, 200008, ... one at a time (unplugging), each
 * 6 ms after the previous completed; W writes sector 0 at t=1 and waits
 * behind R's slice (R's next read always arrives while CFQ idles, and
 * with W busy it goes at once).  R's reads go at 0, 16, 32, ..., 96.
 * R's think-time mean: samples 0, 6, 6, ... -> 6 from the fourth read on
 * (fixed point: (845 + 128) / 153 after the seventh).  R's slice began at
 * its first completion: 10 + 100 = 110.
 *
 * At 106 (the seventh read done) 4 ms are left of the slice:
 * rc6: 4 < 6, cfq_arm_slice_timer() does not idle; the queue run expires
 *   the slice and W's write goes at 106 (low_latency: depth 1 since
 *   nothing async is in the driver).  R's eighth read comes at 112 and
 *   pre-empts the async slice, but waits for the async request to drain
 *   (cfq_may_dispatch()): 116.  Its ninth: done at 126, R's new slice
 *   has 100 ms, CFQ idles, the read comes at 132, must_dispatch, and its
 *   own BIO_RW_UNPLUG runs the queue: 132.
 * 2.6.30/31: CFQ idles; the eighth read comes at 112 (W busy: at once),
 *   completes at 122 past the slice's end: expired; W's write goes at
 *   122; the ninth read at 128 pre-empts and goes at once (no drain).
 */
static void test_idling_stops_at_slice_end_only_in_2632(void **state)
{
	(void)state;
	for (size_t v = 0; v < 3; v++) {
		struct script r = { .rw = READ_UNPLUG, .sector = 200000,
				    .stride = PAGE_SECTORS, .nr_bios = 9,
				    .think_ms = 6 };
		struct script w = { .delay_ms = 1, .rw = WRITE, .sector = 0,
				    .nr_bios = 1 };
		bool v32 = v == 2;

		setup(versions[v], true, 4);
		start(&r, "reader");
		start(&w, "writer");
		sim_run((sim_time_t)-1);
		assert_int_equal(fk.nlog, 10);
		for (unsigned int i = 0; i < 7; i++)
			assert_int_equal(taken_at(200000 + i * PAGE_SECTORS),
					 i * 16 * MS);
		assert_int_equal(taken_at(0), v32 ? 106 * MS : 122 * MS);
		assert_int_equal(taken_at(200056), v32 ? 116 * MS : 112 * MS);
		assert_int_equal(taken_at(200064), v32 ? 132 * MS : 128 * MS);
		finish();
	}
}

/* ---- the seeky idle window ------------------------------------------------ */

static struct task_struct *seeky_task;
static bool seeky_window;

/*
 * 80 writes far apart at t=0 keep more than CFQ_HW_QUEUE_MIN queued while
 * a depth-1 disk serves them (1 ms each): after 51 such completions
 * cfq_update_hw_tag() finds the peak depth 1 and clears hw_tag.  From 200
 * the reader reads six pages 2^20 sectors apart (seeky: seek mean above
 * 8192 from the second), thinking 5 ms after each.
 */
static void seeky_reader(void *arg)
{
	struct tracker t = { 0 };

	sleep_ms(200);
	for (unsigned int i = 0; i < 6; i++) {
		submit(READ_UNPLUG, (2ULL << 20) + i * (1ULL << 20), 1, &t);
		wait_for(&t, i + 1);
		sleep_ms(5);
	}
	seeky_window = cfq_sync_idle_window(fk.q, current->pid);
}

/*
 * Think time 5 ms (mean 5 after the third read: (300 + 128) / 84).
 * 2.6.30/31: with hw_tag clear the seeky rule does not apply; 5 <=
 *   slice_idle (8): the idle window stays.
 * rc6 (low_latency on or off; hw_tag is clear either way): a seeky
 *   process must think at most CFQ_MIN_TT (2): the window closes at the
 *   third read.  With cfq_seeky_min_tt switched off by hand it stays.
 * And with hw_tag still set (no writes first), 2.6.30/31 close it for
 *   the seeky process at once, rc6 only without low_latency.
 */
static void test_seeky_idle_window(void **state)
{
	static const struct {
		const char *profile;
		bool ll, min_tt_off, writes_first, window;
	} cases[] = {
		{ "2.6.30", true, false, true, true },
		{ "2.6.31", true, false, true, true },
		{ "2.6.32-rc6", true, false, true, false },
		{ "2.6.32-rc6", false, false, true, false },
		{ "2.6.32-rc6", true, true, true, true },
		{ "2.6.30", true, false, false, false },
		{ "2.6.32-rc6", false, false, false, false },
		{ "2.6.32-rc6", true, true, false, true },
	};

	(void)state;
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		struct script w = { .rw = WRITE, .sector = 1ULL << 28,
				    .stride = 1000, .nr_bios = 80 };

		setup(cases[c].profile, cases[c].ll, 1);
		fk.service = 1 * MS;
		if (cases[c].min_tt_off)
			kprofile.cfq_seeky_min_tt = false;
		if (cases[c].writes_first)
			start(&w, "writer");
		seeky_task = kthread_run(seeky_reader, NULL, "reader",
					 DEFAULT_PRIO);
		sim_run((sim_time_t)-1);
		assert_int_equal(cfq_hw_tag(fk.q), !cases[c].writes_first);
		if (seeky_window != cases[c].window)
			fail_msg("case %zu (%s ll=%d): idle window %d", c,
				 cases[c].profile, cases[c].ll, seeky_window);
		finish();
	}
}

/* ---- close cooperators ---------------------------------------------------- */

/*
 * Depth 4.  R1 reads 100000 at t=0; R2 reads at 1 (unplugging): at
 * 100008, where R1's request ends, or far away at 500000.
 * Close: the queue run finds R1's queue empty and R2's next request at
 *   the head: a close cooperator (cfq_select_queue()), R1's slice ends
 *   and R2's read goes at 1.
 * Far: R1's queue keeps the disk (its request in flight, idle window);
 *   at 10 CFQ idles on it, and R2's read goes when the timer expires, 18.
 * Every version.
 */
static void test_close_cooperator_takes_over(void **state)
{
	(void)state;
	for (size_t v = 0; v < 3; v++) {
		for (int close = 0; close <= 1; close++) {
			struct script r1 = { .rw = READ_UNPLUG,
					     .sector = 100000, .nr_bios = 1 };
			struct script r2 = { .delay_ms = 1, .rw = READ_UNPLUG,
					     .sector = close ? 100008 : 500000,
					     .nr_bios = 1 };

			setup(versions[v], true, 4);
			start(&r1, "reader1");
			start(&r2, "reader2");
			sim_run((sim_time_t)-1);
			assert_int_equal(fk.nlog, 2);
			assert_int_equal(taken_at(r2.sector),
					 close ? 1 * MS : 18 * MS);
			assert_int_equal(fk.q->stats.preemptions, 0);
			finish();
		}
	}
}

/* ---- a cooperator's second pre-emption (4b27e1bb442) ---------------------- */

/*
 * Depth 1.  A and B read alternately through one region (A at 100000
 * and 100016, B at 100008 and 100024), each waiting for its read and
 * thinking 12 ms; C's read far away (900000) waits all along, so two
 * queues are busy whenever A or B arrives.
 * t=0: A's read goes, done at 10; A's queue idles for its next read.
 * t=11: B's read starts at the head while A idles: cfq_should_preempt()
 *   -> cfq_rq_close(): B pre-empts (a first time; with 4b27e1bb442 B is
 *   marked a cooperator and keeps the mark through its slice).
 * t=21: B done, B idles; t=22: A's second read, close: A pre-empts B.
 * t=32: A done, A idles; t=33: B's second read, close:
 *   v2.6.32-rc6 (block/cfq-iosched.c:2069): pre-empts again, goes at 33.
 *   4b27e1bb442 (2.6.32-rc7): B is still marked and two queues are
 *   busy: no pre-emption; the read waits for A's idle window to expire.
 * (rc6 with the switch set by hand: nothing else differs.)
 */
static void coop_run(bool limit, sim_time_t *b2_at, unsigned long *preempts)
{
	struct script a = { .rw = READ_UNPLUG, .sector = 100000, .stride = 16,
			    .nr_bios = 2, .think_ms = 12 };
	struct script b = { .delay_ms = 11, .rw = READ_UNPLUG,
			    .sector = 100008, .stride = 16, .nr_bios = 2,
			    .think_ms = 12 };
	struct script c = { .delay_ms = 1, .rw = READ_UNPLUG,
			    .sector = 900000, .nr_bios = 1 };

	setup("2.6.32-rc6", false, 1);
	kprofile.cfq_coop_preempt_limit = limit;
	start(&a, "readerA");
	start(&b, "readerB");
	start(&c, "readerC");
	sim_run((sim_time_t)-1);
	assert_int_equal(fk.nlog, 5);
	assert_int_equal(taken_at(100000), 0);
	assert_int_equal(taken_at(100008), 11 * MS);
	assert_int_equal(taken_at(100016), 22 * MS);
	*b2_at = taken_at(100024);
	*preempts = fk.q->stats.preemptions;
	finish();
}

static void test_coop_preemption_limited_from_rc7(void **state)
{
	sim_time_t at_tag, at_fix;
	unsigned long n_tag, n_fix;

	(void)state;
	coop_run(false, &at_tag, &n_tag);
	coop_run(true, &at_fix, &n_fix);
	/* The tag: B's second read at 33 (done 43); B idles to 51, C's
	 * read goes then.  Three pre-emptions. */
	assert_int_equal(at_tag, 33 * MS);
	assert_int_equal(n_tag, 3);
	/* The fix: A idles to 40, C (first on the service tree) goes then,
	 * done at 50, C's queue idles 8 ms; B's read at 58.  Two. */
	assert_int_equal(at_fix, 58 * MS);
	assert_int_equal(n_fix, 2);
}

/* ---- the measures of idling and hw_tag (blk_queue_stats) -------------- */

/*
 * Depth 4.  R reads 1000, then 1008 3 ms after the first completed, and
 * exits 3 ms after the second completed.  Every version:
 * 10: the first read completes, R's queue is empty: CFQ idles (wait 1).
 * 13: the second read arrives, one page: must_dispatch only; its
 *   BIO_RW_UNPLUG runs the queue and it goes at once: wait 1 ends, 3 ms,
 *   before its timer (18), which then finds nothing to do.
 * 23: it completes; CFQ idles again (wait 2); nothing comes: the timer
 *   fires at 31, 8 ms.
 */
static void test_idle_waits_measured(void **state)
{
	(void)state;
	for (size_t v = 0; v < 3; v++) {
		struct script r = { .rw = READ_UNPLUG, .sector = 1000,
				    .stride = PAGE_SECTORS, .nr_bios = 2,
				    .think_ms = 3 };
		const struct dispatch want[] = {
			{ 0, 1000, 0 }, { 13 * MS, 1008, 0 },
		};

		setup(versions[v], true, 4);
		start(&r, "reader");
		sim_run((sim_time_t)-1);
		expect_log(want, 2);
		assert_int_equal(fk.q->stats.idle_waits, 2);
		assert_int_equal(fk.q->stats.idle_timeouts, 1);
		assert_int_equal(fk.q->stats.idle_ns, 11 * MS);
		finish();
	}
}

/*
 * W queues 100 one-page writes at t=0 (low_latency off: no async ramp);
 * the sole async queue may have 16 in the driver, the disk takes @depth.
 * The first completion (10) and every one after it finds more than
 * CFQ_HW_QUEUE_MIN queued: the 51st (510) ends the first window
 * (cfq_update_hw_tag: hw_tag_samples++ < 50), and the 49 left make no
 * second one.  Depth 4: the peak, 4, clears hw_tag at 510; depth 8 keeps
 * it.  Every version.
 */
static void test_hw_tag_measured(void **state)
{
	(void)state;
	for (size_t v = 0; v < 3; v++) {
		for (unsigned int depth = 4; depth <= 8; depth += 4) {
			struct script w = { .rw = WRITE, .sector = 0,
					    .stride = 1000, .nr_bios = 100 };
			const struct blk_queue_stats *st;

			setup(versions[v], false, depth);
			start(&w, "writer");
			sim_run((sim_time_t)-1);
			st = &fk.q->stats;
			assert_int_equal(fk.nlog, 100);
			assert_int_equal(st->hw_tag_windows, 1);
			assert_int_equal(cfq_hw_tag(fk.q), depth > 4);
			if (depth == 4) {
				assert_int_equal(st->hw_tag_flips, 1);
				assert_int_equal(st->hw_tag_ns[1], 510 * MS);
				assert_int_equal(st->hw_tag_since, 510 * MS);
			} else {
				assert_int_equal(st->hw_tag_flips, 0);
				assert_int_equal(st->hw_tag_ns[1], 0);
				assert_int_equal(st->hw_tag_since, 0);
			}
			assert_int_equal(st->hw_tag_ns[0], 0);
			finish();
		}
	}
}

/* ---- low_latency only where the kernel has it ------------------------------ */

static struct scenario *load_ll(const char *profile, const char *ll,
				struct scenario_error *err)
{
	char text[512];

	snprintf(text, sizeof(text),
		 "[machine]\narch = x86_64\nmem = 128M\n"
		 "disk_size = 4G\nfs_size = 2G\nswap_size = 1G\n"
		 "[vm]\n%s%s%s"
		 "[kernel]\nprofile = %s\n"
		 "[task w]\nprogram = writer\nsize = 1M\n",
		 ll ? "low_latency = " : "", ll ? ll : "", ll ? "\n" : "",
		 profile);
	return scenario_load_text(text, "ll.ini", err);
}

/*
 * The low_latency the kernel boots with: @sc with kernel @profile (NULL:
 * the scenario's) through the run's boot parameters.
 */
static int booted_low_latency(const struct scenario *sc, const char *profile)
{
	struct boot_params bp;
	char why[256];
	int ll;

	assert_int_equal(machine_boot_params(sc, 1, profile, &bp, why,
					     sizeof(why)), 0);
	setup_boot_params(&bp);
	ll = kprofile.low_latency;
	profile_set_default();
	return ll;
}

/*
 * A scenario asking for low_latency on a 2.6.30 or 2.6.31 profile is
 * refused, at its line, naming the profile and where low_latency came
 * from; off is what those kernels do and is accepted; on 2.6.32 the key
 * sets the booted kernel's value, and without it the profile's default
 * (on) stays.  The same check applies to the profile a run boots instead
 * (--kernel): scenario_check_profile().
 */
static void test_low_latency_only_where_the_kernel_has_it(void **state)
{
	struct scenario_error err;
	struct kernel_profile p;
	struct scenario *sc;
	char why[256];

	(void)state;
	for (int b = 0; b < 2; b++) {
		const char *prof = b ? "2.6.31-0000123-congestion-both" :
				       "2.6.30-0000000-force-highorder";

		assert_null(load_ll(prof, "on", &err));
		assert_non_null(strstr(err.msg, "ll.ini:8: low_latency = on"));
		assert_non_null(strstr(err.msg, prof));
		assert_non_null(strstr(err.msg, "appeared in 2.6.32"));
		assert_non_null(strstr(err.msg, "1d2235152dc"));
		sc = load_ll(prof, "off", &err);
		assert_non_null(sc);
		scenario_free(sc);
	}
	sc = load_ll("2.6.32-rc6", "off", &err);
	assert_non_null(sc);
	assert_int_equal(booted_low_latency(sc, NULL), LOW_LATENCY_OFF);
	/* The same scenario booted with a 2.6.30 profile: off is fine. */
	assert_int_equal(profile_parse("2.6.30", &p, why, sizeof(why)), 0);
	assert_int_equal(scenario_check_profile(sc, &p, &err), 0);
	assert_int_equal(booted_low_latency(sc, "2.6.30"), LOW_LATENCY_ABSENT);
	scenario_free(sc);

	sc = load_ll("2.6.32", "on", &err);
	assert_non_null(sc);
	assert_int_equal(booted_low_latency(sc, NULL), LOW_LATENCY_ON);
	assert_int_equal(profile_parse("2.6.31", &p, why, sizeof(why)), 0);
	assert_int_equal(scenario_check_profile(sc, &p, &err), -1);
	assert_non_null(strstr(err.msg, "profile '2.6.31' has no low_latency"));
	scenario_free(sc);

	sc = load_ll("2.6.32-rc6", NULL, &err);
	assert_non_null(sc);
	assert_int_equal(booted_low_latency(sc, NULL), LOW_LATENCY_ON);
	scenario_free(sc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sync_preempts_async_slice),
		cmocka_unit_test(test_sync_preempts_async_slice_before_its_first_dispatch),
		cmocka_unit_test(test_async_depth_ramp),
		cmocka_unit_test(test_must_dispatch_lets_window_merge),
		cmocka_unit_test(test_busy_system_does_not_wait_for_merges),
		cmocka_unit_test(test_rq_noidle_skips_idling),
		cmocka_unit_test(test_idling_stops_at_slice_end_only_in_2632),
		cmocka_unit_test(test_seeky_idle_window),
		cmocka_unit_test(test_close_cooperator_takes_over),
		cmocka_unit_test(test_coop_preemption_limited_from_rc7),
		cmocka_unit_test(test_idle_waits_measured),
		cmocka_unit_test(test_hw_tag_measured),
		cmocka_unit_test(test_low_latency_only_where_the_kernel_has_it),
	};

	return cmocka_run_group_tests_name("cfq", tests, NULL, NULL);
}
