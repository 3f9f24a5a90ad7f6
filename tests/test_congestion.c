// SPDX-License-Identifier: GPL-2.0
/*
 * Congestion: the on/off marks of a request queue, who congestion_wait
 * wakes and when, BLK_RW_BOTH (P3), and congestion through dm devices.
 *
 * Most tests use a device with a fixed service time: non-rotational, no
 * access cost, 4096000 B/s, queue depth 1, so every one-page request takes
 * exactly 4096 / 4096000 s = 1 ms and the k-th completion of a backlog
 * that started at t = 0 happens at t = k ms.  HZ = 250: a jiffy is 4 ms.
 *
 * Values are recorded inside simulated tasks and asserted afterwards: a
 * failing cmocka assertion must not unwind a coroutine stack.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "sim/sim.h"
#include "linux/blkdev.h"
#include "hw/disk.h"
#include "linux/backing-dev.h"
#include "mmsim/profile.h"
#include "linux/vmstat.h"
#include "linux/swap.h"
#include "block_machine.h"

/* congestion_wait() as the kernel function @caller calls it: the call
 * site is found from the caller's name. */
#define congestion_wait_from(caller, sync, timeout)			\
	__congestion_wait(sync, timeout, caller, #sync)

#define MS	NSEC_PER_MSEC

static struct page pages[64];

static void setup_sim(void)
{
	memset(&kprofile, 0, sizeof(kprofile));
	kprofile.cw_writeback = BLK_RW_ASYNC;
	block_machine_boot(250, 1, 1);
}

static void finish_sim(struct block_device *disk)
{
	if (disk)
		disk_destroy(disk);
	block_machine_shutdown();
}

/* 1 ms per one-page request, no seeks, no randomness. */
static struct block_device *fixed_disk(void)
{
	struct disk_params p = {
		.rotational = false,
		.capacity = 1 << 24,
		.read_bps = 4096000,
		.write_bps = 4096000,
		.queue_depth = 1,
	};

	return disk_create("sda", &p, NULL);
}

struct tracker {
	unsigned long done;
	/* Congestion state seen by the k-th completion (before its request
	 * is freed), k = 1.. */
	bool congested_at[256];
	int count_at[256];
	struct request_queue *q;
};

static void track_end_io(struct bio *bio, int error)
{
	struct tracker *t = bio->bi_private;
	unsigned long k = ++t->done;

	if (t->q && k < 256) {
		t->congested_at[k] = bdi_write_congested(&t->q->backing_dev_info);
		t->count_at[k] = t->q->rq.count[BLK_RW_ASYNC];
	}
	bio_put(bio);
}

/* One-page bio; every other page so that neighbours never merge. */
static void submit_page(struct block_device *bdev, unsigned long rw,
			unsigned long index, struct tracker *t)
{
	struct bio *bio = bio_alloc(GFP_NOIO, 1);

	bio_add_page(bio, &pages[index % 64]);
	bio->bi_rw = rw;
	bio->bi_sector = index * 2 * PAGE_SECTORS;
	bio->bi_bdev = bdev;
	bio->bi_end_io = track_end_io;
	bio->bi_private = t;
	submit_bio(bio);
}

/* ---- the on and off marks --------------------------------------------- */

static struct block_device *disk;
static struct tracker tracker;
static bool congested_after[2];		/* after 112 and 113 submissions */
static int count_after_113;
static long cw_ret;
static sim_time_t woke_at;
static bool congested_on_wake;
static int count_on_wake;

static void flood_then_wait(void *arg)
{
	struct request_queue *q = disk->bd_queue;

	for (unsigned long i = 0; i < 112; i++)
		submit_page(disk, WRITE, i, &tracker);
	congested_after[0] = bdi_write_congested(&q->backing_dev_info);
	submit_page(disk, WRITE, 112, &tracker);
	congested_after[1] = bdi_write_congested(&q->backing_dev_info);
	count_after_113 = q->rq.count[BLK_RW_ASYNC];

	cw_ret = congestion_wait_from("balance_pgdat", BLK_RW_ASYNC, HZ);
	woke_at = sim_now();
	congested_on_wake = bdi_write_congested(&q->backing_dev_info);
	count_on_wake = q->rq.count[BLK_RW_ASYNC];
}

static void sync_waiter(void *arg)
{
	congestion_wait_from("do_try_to_free_pages", BLK_RW_SYNC, HZ / 10);
}

static void test_congestion_on_and_off_marks(void **state)
{
	const struct congestion_wait_record *r;
	struct request_queue *q;

	(void)state;
	setup_sim();
	disk = fixed_disk();
	q = disk->bd_queue;
	memset(&tracker, 0, sizeof(tracker));
	tracker.q = q;
	/* nr_requests 128: on = 128 - 16 + 1 = 113, off = 128 - 16 - 8 - 1 = 103 */
	assert_int_equal(q->nr_congestion_on, 113);
	assert_int_equal(q->nr_congestion_off, 103);

	kthread_run(flood_then_wait, NULL, "flood", DEFAULT_PRIO);
	kthread_run(sync_waiter, NULL, "reader", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);

	/* Set by the allocation that finds count + 1 >= 113: the 113th. */
	assert_false(congested_after[0]);
	assert_true(congested_after[1]);
	assert_int_equal(count_after_113, 113);
	/*
	 * Completion k frees a request leaving 113 - k; it clears congestion
	 * when that is below 103, so first at k = 11 (t = 11 ms).  Each
	 * completion looks before its request is freed: set through k = 11.
	 */
	for (int k = 1; k <= 11; k++) {
		assert_true(tracker.congested_at[k]);
		assert_int_equal(tracker.count_at[k], 113 - (k - 1));
	}
	assert_false(tracker.congested_at[12]);
	assert_int_equal(woke_at, 11 * MS);
	assert_false(congested_on_wake);
	assert_int_equal(count_on_wake, 102);
	/* Woken in jiffy 2 (8..12 ms) of a 250-jiffy wait: 248 left. */
	assert_int_equal(cw_ret, HZ - 2);
	assert_int_equal(tracker.done, 113);
	assert_int_equal(q->backing_dev_info.congested_count[BLK_RW_ASYNC], 1);
	assert_int_equal(bdi_congested_time(&q->backing_dev_info,
					    BLK_RW_ASYNC), 11 * MS);
	assert_false(q->backing_dev_info.congested_count[BLK_RW_SYNC]);

	/* The sync waiter saw 100 ms of async completions and none of its own. */
	assert_int_equal(congestion_wait_nr_records(), 2);
	r = congestion_wait_record(0);
	assert_int_equal(r->site, CW_KSWAPD);
	assert_true(r->part[0].woken);
	assert_int_equal(r->waited, 11 * MS);
	r = congestion_wait_record(1);
	assert_int_equal(r->site, CW_DIRECT_RECLAIM);
	assert_int_equal(r->queue, BLK_RW_SYNC);
	assert_string_equal(r->comm, "reader");
	assert_false(r->part[0].woken);
	assert_int_equal(r->ret, 0);
	assert_int_equal(r->waited, 100 * MS);
	assert_int_equal(congestion_wait_totals(CW_DIRECT_RECLAIM,
						BLK_RW_SYNC)->timed_out, 1);
	assert_int_equal(congestion_wait_totals(CW_KSWAPD,
						BLK_RW_ASYNC)->timed_out, 0);
	finish_sim(disk);
}

/* ---- uncongested: the next completion of the direction wakes ---------- */

static sim_time_t async_woke, idle_woke;
static long idle_ret;

static void few_writes_then_wait(void *arg)
{
	for (unsigned long i = 0; i < 5; i++)
		submit_page(disk, WRITE, i, &tracker);
	congestion_wait(BLK_RW_ASYNC, HZ / 50);
	async_woke = sim_now();
}

static void test_uncongested_waiter_wakes_at_next_completion(void **state)
{
	(void)state;
	setup_sim();
	disk = fixed_disk();
	memset(&tracker, 0, sizeof(tracker));
	kthread_run(few_writes_then_wait, NULL, "writer", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);
	/* 5 requests, far below the off mark: the first completion (1 ms)
	 * leaves 4 < 103 and wakes the waiter. */
	assert_int_equal(async_woke, 1 * MS);
	assert_false(disk->bd_queue->backing_dev_info.congested_count[0]);
	assert_int_equal(congestion_wait_totals(CW_OTHER, BLK_RW_ASYNC)->calls, 1);
	finish_sim(disk);
}

static void idle_waiter(void *arg)
{
	idle_ret = congestion_wait(BLK_RW_ASYNC, HZ / 50);
	idle_woke = sim_now();
}

static void test_nothing_in_flight_sleeps_full_timeout(void **state)
{
	(void)state;
	setup_sim();
	disk = fixed_disk();
	kthread_run(idle_waiter, NULL, "idle", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);
	/* HZ/50 = 5 jiffies = 20 ms; nothing completes, nothing wakes it. */
	assert_int_equal(idle_woke, 20 * MS);
	assert_int_equal(idle_ret, 0);
	assert_false(congestion_wait_record(0)->part[0].woken);
	assert_int_equal(congestion_wait_totals(CW_OTHER, BLK_RW_ASYNC)->timed_out, 1);
	finish_sim(disk);
}

/* ---- BLK_RW_BOTH (patch 3) -------------------------------------------- */

static long both_ret;
static sim_time_t both_end;

static void both_waiter(void *arg)
{
	long timeout = (long)arg;

	both_ret = congestion_wait_from("__alloc_pages_slowpath", BLK_RW_BOTH, timeout);
	both_end = sim_now();
}

static void one_async_write_at_8ms(void *arg)
{
	schedule_timeout_uninterruptible(2);	/* to the tick at 8 ms */
	submit_page(disk, WRITE | (1UL << BIO_RW_UNPLUG), 0, &tracker);
}

static void test_both_async_then_sync_for_the_rest(void **state)
{
	const struct congestion_wait_record *r;

	(void)state;
	setup_sim();
	disk = fixed_disk();
	memset(&tracker, 0, sizeof(tracker));
	kthread_run(both_waiter, (void *)(long)(HZ / 50), "gitk", DEFAULT_PRIO);
	kthread_run(one_async_write_at_8ms, NULL, "writer", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);

	/*
	 * HZ/50 = 5 jiffies, from jiffy 0.  The async write is issued at
	 * 8 ms and completes at 9 ms, in jiffy 2: 5 - 2 = 3 jiffies left.
	 * Then SYNC for those 3 only, from jiffy 2: it ends on the tick of
	 * jiffy 5 = 20 ms, timed out, nothing sync in flight.  (Waiting the
	 * full 5 again would end at jiffy 7 = 28 ms.)
	 */
	r = congestion_wait_record(0);
	assert_int_equal(r->queue, BLK_RW_BOTH);
	assert_int_equal(r->nr_parts, 2);
	assert_int_equal(r->part[0].queue, BLK_RW_ASYNC);
	assert_true(r->part[0].woken);
	assert_int_equal(r->part[0].waited, 9 * MS);
	assert_int_equal(r->part[0].remaining, 3);
	assert_int_equal(r->part[1].queue, BLK_RW_SYNC);
	assert_int_equal(r->part[1].timeout, 3);
	assert_false(r->part[1].woken);
	assert_int_equal(r->part[1].waited, 11 * MS);
	assert_int_equal(both_ret, 0);
	assert_int_equal(both_end, 20 * MS);
	assert_int_equal(r->waited, 20 * MS);
	finish_sim(disk);
}

static void test_both_async_timeout_means_no_sync_wait(void **state)
{
	const struct congestion_wait_record *r;
	const struct congestion_wait_totals *t;

	(void)state;
	setup_sim();
	disk = fixed_disk();
	kthread_run(both_waiter, (void *)(long)(HZ / 50), "gitk", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);
	r = congestion_wait_record(0);
	assert_int_equal(r->nr_parts, 1);
	assert_false(r->part[0].woken);
	assert_int_equal(both_ret, 0);
	assert_int_equal(both_end, 20 * MS);
	t = congestion_wait_totals(CW_ALLOC_RETRY, BLK_RW_BOTH);
	assert_int_equal(t->calls, 1);
	assert_int_equal(t->timed_out, 1);
	assert_int_equal(t->parts[BLK_RW_ASYNC], 1);
	assert_int_equal(t->parts[BLK_RW_SYNC], 0);
	finish_sim(disk);
}

static void write_then_read_at_10ms(void *arg)
{
	submit_page(disk, WRITE | (1UL << BIO_RW_UNPLUG), 0, &tracker);
	schedule_timeout_uninterruptible(2);	/* to the tick at 8 ms */
	cpu_consume(2 * MS);			/* 10 ms */
	submit_page(disk, READ, 100, &tracker);
}

static void test_both_returns_time_left_after_sync_wake(void **state)
{
	const struct congestion_wait_record *r;

	(void)state;
	setup_sim();
	disk = fixed_disk();
	memset(&tracker, 0, sizeof(tracker));
	kthread_run(both_waiter, (void *)(long)(HZ / 10), "gitk", DEFAULT_PRIO);
	kthread_run(write_then_read_at_10ms, NULL, "io", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);

	/*
	 * HZ/10 = 25 jiffies.  Async write done at 1 ms: 25 left (jiffy 0).
	 * The read is issued at 10 ms and done at 11 ms, in jiffy 2: the
	 * SYNC part (25 jiffies from jiffy 0) returns 25 - 2 = 23.
	 */
	r = congestion_wait_record(0);
	assert_int_equal(r->nr_parts, 2);
	assert_true(r->part[0].woken);
	assert_int_equal(r->part[0].remaining, 25);
	assert_true(r->part[1].woken);
	assert_int_equal(r->part[1].waited, 10 * MS);
	assert_int_equal(both_ret, 23);
	assert_int_equal(r->ret, 23);
	assert_int_equal(both_end, 11 * MS);
	assert_int_equal(congestion_wait_totals(CW_ALLOC_RETRY, BLK_RW_BOTH)
			 ->parts_woken[BLK_RW_SYNC], 1);
	finish_sim(disk);
}

/* Claim 6's measure: kswapd's naps carry the order it reclaims for. */
static void order_waiter(void *arg)
{
	static const int orders[] = { 2, 0, 2, 15 };
	struct reclaim_state rs = { 0 };

	/* balance_pgdat() keeps the order it works at in reclaim_state. */
	current->reclaim_state = &rs;
	for (size_t i = 0; i < sizeof(orders) / sizeof(orders[0]); i++) {
		rs.order = orders[i];
		congestion_wait_from("balance_pgdat", BLK_RW_ASYNC, HZ / 50);
	}
	/* Another site's call carries no order, reclaim_state or not. */
	congestion_wait_from("do_try_to_free_pages", BLK_RW_ASYNC, HZ / 50);
	current->reclaim_state = NULL;
}

static void test_order_recorded_per_call_and_totalled(void **state)
{
	(void)state;
	setup_sim();
	disk = fixed_disk();
	kthread_run(order_waiter, NULL, "kswapd0", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);
	assert_int_equal(congestion_wait_nr_records(), 5);
	assert_int_equal(congestion_wait_record(0)->order, 2);
	assert_int_equal(congestion_wait_record(1)->order, 0);
	assert_int_equal(congestion_wait_record(3)->order, 15);
	assert_int_equal(congestion_wait_record(4)->order, -1);
	/* Nothing in flight: each call sleeps its full HZ/50 = 20 ms. */
	assert_int_equal(congestion_wait_order_totals(2)->calls, 2);
	assert_int_equal(congestion_wait_order_totals(2)->timed_out, 2);
	assert_int_equal(congestion_wait_order_totals(2)->waited_ns, 40 * MS);
	assert_int_equal(congestion_wait_order_totals(0)->calls, 1);
	assert_int_equal(congestion_wait_order_totals(1)->calls, 0);
	/* Orders past the last slot (MAX_ORDER - 1 = 10) count there. */
	assert_int_equal(congestion_wait_order_totals(NR_CW_ORDERS - 1)->calls, 1);
	/* The per-site totals are unchanged by the order. */
	assert_int_equal(congestion_wait_totals(CW_KSWAPD, BLK_RW_ASYNC)->calls, 4);
	assert_int_equal(congestion_wait_totals(CW_DIRECT_RECLAIM,
						BLK_RW_ASYNC)->calls, 1);
	congestion_wait_stats_reset();
	assert_int_equal(congestion_wait_order_totals(2)->calls, 0);
	finish_sim(disk);
}

/* The call site comes from the calling function and, in
 * shrink_inactive_list(), from the profile switch naming the queue. */
static void site_waiter(void *arg)
{
	congestion_wait_from("shrink_inactive_list", kprofile_get(cw_isolated),
			     HZ / 50);
	congestion_wait_from("shrink_inactive_list", kprofile_get(cw_lumpy),
			     HZ / 50);
	congestion_wait_from("shrink_inactive_list", kprofile_get(cw_lumpy),
			     HZ / 50);
	congestion_wait_from("kcryptd_crypt_write_convert",
			     kprofile_get(cw_writeback), HZ / 50);
	congestion_wait_from("no_such_function", BLK_RW_ASYNC, HZ / 50);
}

static void test_call_site_from_the_caller(void **state)
{
	(void)state;
	setup_sim();
	disk = fixed_disk();
	kprofile.cw_isolated = kprofile.cw_lumpy = BLK_RW_ASYNC;
	kthread_run(site_waiter, NULL, "reclaimer", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);
	assert_int_equal(congestion_wait_nr_records(), 5);
	assert_int_equal(congestion_wait_record(0)->site, CW_ISOLATED);
	assert_int_equal(congestion_wait_record(1)->site, CW_LUMPY);
	assert_int_equal(congestion_wait_record(3)->site, CW_DMCRYPT);
	assert_int_equal(congestion_wait_record(4)->site, CW_OTHER);
	assert_int_equal(congestion_wait_totals(CW_LUMPY, BLK_RW_ASYNC)->calls, 2);
	assert_string_equal(cw_site_name(CW_ISOLATED), "too_many_isolated");
	finish_sim(disk);
}

/* ---- stacked devices -------------------------------------------------- */

static bool lv_congested[2], swap_congested[2], crypt_congested[2];
static struct block_device *crypt, *fs_lv, *swap_lv;

static void flood_disk_and_look(void *arg)
{
	for (unsigned long i = 0; i < 113; i++)
		submit_page(disk, WRITE, i, &tracker);
	lv_congested[0] = bdi_write_congested(blk_get_backing_dev_info(fs_lv));
	swap_congested[0] = bdi_write_congested(blk_get_backing_dev_info(swap_lv));
	crypt_congested[0] = bdi_write_congested(blk_get_backing_dev_info(crypt));
	lv_congested[1] = bdi_read_congested(blk_get_backing_dev_info(fs_lv));
	swap_congested[1] = bdi_rw_congested(blk_get_backing_dev_info(swap_lv));
}

static void test_dm_devices_report_the_disk_congestion(void **state)
{
	(void)state;
	setup_sim();
	disk = fixed_disk();
	memset(&tracker, 0, sizeof(tracker));
	crypt = dm_crypt_create("crypt", disk, 0, 1 << 20, NULL);
	fs_lv = dm_linear_create("vg-scratch", crypt, 0, 1 << 19, false);
	swap_lv = dm_linear_create("vg-swap", crypt, 1 << 19, 1 << 19, true);
	kthread_run(flood_disk_and_look, NULL, "flood", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);
	assert_true(crypt_congested[0]);
	assert_true(lv_congested[0]);		/* LV -> crypt -> disk */
	assert_false(lv_congested[1]);		/* sync side is not */
	assert_false(swap_congested[0]);	/* swap bdi: never */
	assert_false(swap_congested[1]);
	assert_false(bdi_write_congested(blk_get_backing_dev_info(fs_lv)));
	dm_destroy(swap_lv);
	dm_destroy(fs_lv);
	dm_destroy(crypt);
	finish_sim(disk);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_congestion_on_and_off_marks),
		cmocka_unit_test(test_uncongested_waiter_wakes_at_next_completion),
		cmocka_unit_test(test_nothing_in_flight_sleeps_full_timeout),
		cmocka_unit_test(test_both_async_then_sync_for_the_rest),
		cmocka_unit_test(test_both_async_timeout_means_no_sync_wait),
		cmocka_unit_test(test_both_returns_time_left_after_sync_wake),
		cmocka_unit_test(test_order_recorded_per_call_and_totalled),
		cmocka_unit_test(test_call_site_from_the_caller),
		cmocka_unit_test(test_dm_devices_report_the_disk_congestion),
	};

	return cmocka_run_group_tests_name("congestion", tests, NULL, NULL);
}
