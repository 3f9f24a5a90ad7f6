// SPDX-License-Identifier: GPL-2.0
/*
 * The block layer: merging, request allocation and get_request_wait, the
 * scheduler's sync/async rules, device bandwidth, and dm-crypt.
 *
 * Exact-time tests use a device with a fixed service time (non-rotational,
 * no access cost, 4096000 B/s, depth 1): a one-page request takes exactly
 * 1 ms.  Bandwidth tests use the default 2009 disk.  HZ = 250.
 *
 * Values are recorded inside simulated tasks and asserted afterwards: a
 * failing cmocka assertion must not unwind a coroutine stack.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "sim/sim.h"
#include "linux/blkdev.h"
#include "hw/disk.h"
#include "linux/backing-dev.h"
#include "mmsim/profile.h"
#include "linux/vmstat.h"
#include "block_machine.h"
#include "metrics/metrics.h"

#define MS	NSEC_PER_MSEC
#define US	NSEC_PER_USEC

static struct page pages[128];

static void setup_sim(unsigned int cpus)
{
	/* 2.6.32-rc6: low_latency on, cw_writeback ASYNC. */
	profile_set_default();
	block_machine_boot(250, cpus, 7);
	memset(vm_events, 0, sizeof(vm_events));
}

static void finish_sim(struct block_device *disk)
{
	disk_destroy(disk);
	block_machine_shutdown();
}

static struct block_device *fixed_disk(unsigned int depth)
{
	struct disk_params p = {
		.rotational = false,
		.capacity = 1 << 24,
		.read_bps = 4096000,
		.write_bps = 4096000,
		.queue_depth = depth,
	};

	return disk_create("sda", &p, NULL);
}

/* ---- I/O helpers ------------------------------------------------------ */

struct tracker {
	unsigned long bios, pages;
	sim_time_t last_done;
	struct task_struct *waiter;
	unsigned long wait_bios;
};

static void track_end_io(struct bio *bio, int error)
{
	struct tracker *t = bio->bi_private;

	t->bios++;
	t->pages += bio->bi_vcnt;
	t->last_done = sim_now();
	if (t->waiter && t->bios >= t->wait_bios)
		wake_up_process(t->waiter);
	bio_put(bio);
}

static void submit(struct block_device *bdev, unsigned long rw,
		   sector_t sector, unsigned int nr, struct tracker *t)
{
	/* An interrupt handler may not sleep: GFP_ATOMIC there. */
	struct bio *bio = bio_alloc(in_interrupt() ? GFP_ATOMIC : GFP_NOIO, nr);

	for (unsigned int i = 0; i < nr; i++)
		bio_add_page(bio, &pages[(sector / PAGE_SECTORS + i) % 128]);
	bio->bi_rw = rw;
	bio->bi_sector = sector;
	bio->bi_bdev = bdev;
	bio->bi_end_io = track_end_io;
	bio->bi_private = t;
	submit_bio(bio);
}

/* Sleep until @t has seen @nr completions. */
static void wait_for(struct tracker *t, unsigned long nr)
{
	t->waiter = current;
	t->wait_bios = nr;
	for (;;) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		if (t->bios >= nr)
			break;
		io_schedule();
	}
	set_current_state(TASK_RUNNING);
	t->waiter = NULL;
}

/* A sequential writer: @nr_pages one-page bios from sector 0. */
struct stream {
	struct block_device *bdev;
	unsigned long nr_pages;
	struct tracker t;
};

static void stream_writer(void *arg)
{
	struct stream *s = arg;

	for (unsigned long i = 0; i < s->nr_pages; i++)
		submit(s->bdev, WRITE, i * PAGE_SECTORS, 1, &s->t);
}

static double bandwidth(const struct stream *s)
{
	return (double)s->nr_pages * PAGE_SIZE * NSEC_PER_SEC /
	       (double)s->t.last_done;
}

/* ---- merging ---------------------------------------------------------- */

static void test_merging_reduces_request_count(void **state)
{
	struct block_device *disk;
	struct stream s;

	(void)state;
	for (int nomerges = 0; nomerges <= 1; nomerges++) {
		setup_sim(1);
		disk = disk_create("sda", NULL, NULL);
		if (nomerges)
			disk->bd_queue->queue_flags |= 1UL << QUEUE_FLAG_NOMERGES;
		memset(&s, 0, sizeof(s));
		s.bdev = disk;
		s.nr_pages = 256;
		kthread_run(stream_writer, &s, "writer", DEFAULT_PRIO);
		sim_run((sim_time_t)-1);
		assert_int_equal(s.t.pages, 256);
		if (!nomerges) {
			/*
			 * All 256 bios arrive while the queue is plugged (for
			 * up to 4 ms): 512 KiB = 128 pages per request, so 2
			 * requests and 256 - 2 = 254 back merges.
			 */
			assert_int_equal(disk->bd_queue->stats.requests[WRITE], 2);
			assert_int_equal(disk->bd_queue->stats.back_merges, 254);
		} else {
			assert_int_equal(disk->bd_queue->stats.requests[WRITE], 256);
			assert_int_equal(disk->bd_queue->stats.back_merges, 0);
		}
		/* PGPGOUT counts KiB at submission: 256 pages * 4. */
		assert_int_equal(vm_events[PGPGOUT], 1024);
		assert_int_equal(vm_events[PGPGIN], 0);
		finish_sim(disk);
	}
}

/*
 * disk_max_request: the same 256 one-page bios with max_sectors 128
 * (64 KiB = 16 pages) make 256 / 16 = 16 requests and 256 - 16 = 240
 * back merges; below one page the limit is raised to one page (8
 * sectors), so nothing merges.
 */
static void test_max_sectors_limits_merging(void **state)
{
	static const struct {
		unsigned int max_sectors;
		unsigned long requests, merges;
	} cases[] = {
		{ 128, 16, 240 },
		{ 1, 256, 0 },
	};
	struct block_device *disk;
	struct stream s;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		setup_sim(1);
		disk = disk_create("sda", NULL, NULL);
		blk_queue_max_sectors(disk->bd_queue, cases[i].max_sectors);
		memset(&s, 0, sizeof(s));
		s.bdev = disk;
		s.nr_pages = 256;
		kthread_run(stream_writer, &s, "writer", DEFAULT_PRIO);
		sim_run((sim_time_t)-1);
		assert_int_equal(s.t.pages, 256);
		assert_int_equal(disk->bd_queue->stats.requests[WRITE],
				 cases[i].requests);
		assert_int_equal(disk->bd_queue->stats.back_merges,
				 cases[i].merges);
		finish_sim(disk);
	}
}

/* ---- device bandwidth ------------------------------------------------- */

/*
 * How much faster than the platter @bytes of writing can look to the
 * writer: the write cache (its size less the read-ahead segments) still
 * holds the end of it when the last write completes.
 */
static double cache_factor(const struct disk_params *p, double bytes)
{
	double cached = (double)(p->cache_bytes -
				 p->read_segments * p->readahead_bytes);

	return p->write_cache ? bytes / (bytes - cached) : 1.0;
}

static void test_sequential_writer_reaches_disk_bandwidth(void **state)
{
	struct block_device *disk;
	struct disk_params p;
	struct stream s = { .nr_pages = 32768 };	/* 128 MiB */
	double bw;

	(void)state;
	setup_sim(1);
	disk_default_params(&p);
	disk = disk_create("sda", &p, NULL);
	s.bdev = disk;
	kthread_run(stream_writer, &s, "writer", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);
	assert_int_equal(s.t.pages, s.nr_pages);
	bw = bandwidth(&s);
	/*
	 * The platter takes a 512 KiB request in 6.25 ms at the outer
	 * zone's 80 MiB/s (the next request is queued, so the overhead is
	 * hidden); the drive's write cache holds the last few before they
	 * reach it, so the writer sees at most 128 MiB / (128 MiB - that)
	 * of the platter's rate, and at least 90 % of it.
	 */
	assert_true(bw >= 0.9 * (double)p.write_bps);
	assert_true(bw <= (double)p.write_bps * cache_factor(&p, 128 << 20));
	/* 512 KiB requests, a few smaller ones dispatched while growing. */
	assert_true(disk->bd_queue->stats.requests[WRITE] >= 32768 / 128);
	assert_true(disk->bd_queue->stats.requests[WRITE] <= 32768 / 128 + 16);
	finish_sim(disk);
}

static void crypt_stream(sim_time_t ns_per_page, unsigned long nr_pages,
			 double *bw, sim_time_t *kcryptd_cpu,
			 unsigned long *pgpgout, uint64_t *disk_bps)
{
	struct dm_crypt_params cp;
	struct block_device *disk, *crypt, *lv;
	struct disk_params p;
	struct stream s = { .nr_pages = nr_pages };

	setup_sim(1);
	disk_default_params(&p);
	*disk_bps = p.write_bps;
	disk = disk_create("sda", &p, NULL);
	dm_crypt_default_params(&cp);
	cp.ns_per_page = ns_per_page;
	crypt = dm_crypt_create("crypt", disk, 0, 1 << 24, &cp);
	lv = dm_linear_create("vg-scratch", crypt, 1 << 20, 1 << 22, false);
	s.bdev = lv;
	kthread_run(stream_writer, &s, "writer", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);
	assert_int_equal(s.t.pages, nr_pages);
	*bw = bandwidth(&s);
	*kcryptd_cpu = dm_crypt_kcryptd(crypt)->sum_exec_runtime;
	*pgpgout = vm_events[PGPGOUT];
	assert_int_equal(dm_crypt_get_stats(crypt)->pages_encrypted, nr_pages);
	dm_destroy(lv);
	dm_destroy(crypt);
	finish_sim(disk);
}

static void test_crypt_writer_bounded_by_crypt_cpu(void **state)
{
	struct disk_params p;
	double bw, crypt_bps = 4096.0 * NSEC_PER_SEC / (100 * US);
	sim_time_t cpu;
	unsigned long pgpgout;
	uint64_t disk_bps;

	(void)state;
	/* 100 us per page: 4096 B / 100 us = 40.96 MB/s < the disk's 80. */
	crypt_stream(100 * US, 8192, &bw, &cpu, &pgpgout, &disk_bps);
	assert_true(crypt_bps < (double)disk_bps);
	assert_true(bw >= 0.9 * crypt_bps);
	assert_true(bw <= crypt_bps);
	assert_int_equal(cpu, 8192 * 100 * US);
	/* Counted once, at the top of the stack: 8192 pages * 4 KiB. */
	assert_int_equal(pgpgout, 8192 * 4);

	/*
	 * 20 us per page: 204.8 MB/s, so the disk bounds it again (with
	 * the drive's write cache taking the last 14 MiB, as above).
	 */
	crypt_stream(20 * US, 16384, &bw, &cpu, &pgpgout, &disk_bps);
	disk_default_params(&p);
	assert_true(bw >= 0.9 * (double)disk_bps);
	assert_true(bw <= (double)disk_bps * cache_factor(&p, 16384 * 4096));
}

/* ---- the scheduler favours sync --------------------------------------- */

static struct block_device *disk;
static struct tracker read_t;
static sim_time_t read_latency_max, first_read_done;
static bool async_congested_at_read;

/* Eight reads, 12 ms apart from 100 ms on, each waited for. */
static void late_reader(void *arg)
{
	schedule_timeout_uninterruptible(HZ / 10);	/* 100 ms */
	async_congested_at_read =
		bdi_write_congested(blk_get_backing_dev_info(disk));
	for (unsigned long i = 0; i < 8; i++) {
		sim_time_t issued = sim_now();

		/* 100 GB and more into the disk: far from the writes. */
		submit(disk, READ, (100000000000ULL >> SECTOR_SHIFT) +
		       i * (1ULL << 21), 1, &read_t);
		wait_for(&read_t, i + 1);
		if (sim_now() - issued > read_latency_max)
			read_latency_max = sim_now() - issued;
		if (!i)
			first_read_done = sim_now();
		schedule_timeout_uninterruptible(3);
	}
}

static void test_sync_read_beats_async_backlog(void **state)
{
	struct stream s = { .nr_pages = 24576 };	/* 96 MiB */

	(void)state;
	setup_sim(1);
	disk = disk_create("sda", NULL, NULL);
	memset(&read_t, 0, sizeof(read_t));
	read_latency_max = 0;
	s.bdev = disk;
	kthread_run(stream_writer, &s, "writer", DEFAULT_PRIO);
	kthread_run(late_reader, NULL, "gitk", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);
	assert_int_equal(s.t.pages, s.nr_pages);
	assert_int_equal(read_t.bios, 8);
	assert_true(async_congested_at_read);
	/*
	 * A read preempts the async queue and waits at most for the one
	 * async request low_latency lets into the device right after sync
	 * I/O (50 us + seek <= 15.2 ms + rotation <= 8.33 ms + 512 KiB at
	 * 80 MB/s = 6.55 ms: 30.1 ms), then its own access (50 us + 15.2 +
	 * 8.33 + 0.05 ms = 23.6 ms): under 54 ms.  The backlog needs ~1.2 s.
	 */
	assert_true(read_latency_max < 54 * MS);
	assert_true(first_read_done < s.t.last_done);
	assert_true(s.t.last_done > 1000 * MS);
	assert_true(disk->bd_queue->stats.preemptions >= 1);
	assert_int_equal(vm_events[PGPGIN], 8 * 4);
	finish_sim(disk);
}

static void burst_writer(void *arg)
{
	struct tracker *t = arg;

	for (unsigned long i = 0; i < 50; i++)
		submit(disk, WRITE, i * 2 * PAGE_SECTORS, 1, t);
}

static void test_low_latency_limits_async_depth(void **state)
{
	struct cfq_params cp;
	struct disk_params p = {
		.rotational = false,
		.capacity = 1 << 24,
		.read_bps = 4096000,
		.write_bps = 4096000,
		.queue_depth = 8,
	};
	struct tracker t;
	unsigned int depth[2];

	(void)state;
	for (int ll = 0; ll <= 1; ll++) {
		setup_sim(1);
		cfq_default_params(&cp);
		cp.low_latency = ll;
		disk = disk_create("sda", &p, &cp);
		memset(&t, 0, sizeof(t));
		kthread_run(burst_writer, &t, "writer", DEFAULT_PRIO);
		sim_run((sim_time_t)-1);
		assert_int_equal(t.bios, 50);
		/* 50 one-page requests, one at a time: done at 50 ms. */
		if (ll)
			assert_int_equal(t.last_done, 50 * MS);
		depth[ll] = disk->bd_queue->stats.max_in_driver[BLK_RW_ASYNC];
		finish_sim(disk);
	}
	/*
	 * Within 100 ms (slice_sync) of the last sync completion -- here
	 * the queue's creation -- low_latency allows one async request in
	 * the device; without it the sole busy queue fills the device (8).
	 */
	assert_int_equal(depth[1], 1);
	assert_int_equal(depth[0], 8);
}

/* 2.6.32 cfq_may_dispatch: a sole busy queue may have 4 x quantum. */
static void test_sole_queue_dispatches_four_quanta(void **state)
{
	struct cfq_params cp;
	struct tracker t;

	(void)state;
	setup_sim(1);
	cfq_default_params(&cp);
	cp.low_latency = false;
	disk = disk_create("sda", &(struct disk_params){
		.rotational = false, .capacity = 1 << 24,
		.read_bps = 4096000, .write_bps = 4096000,
		.queue_depth = 31 }, &cp);
	memset(&t, 0, sizeof(t));
	kthread_run(burst_writer, &t, "writer", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);
	assert_int_equal(t.bios, 50);
	/* quantum 4, alone: 4 x 4 = 16 of the device's 31 slots. */
	assert_int_equal(disk->bd_queue->stats.max_in_driver[BLK_RW_ASYNC], 16);
	finish_sim(disk);
}

static sim_time_t late_writes_at;

/* One sync read, then (after about 240 ms) a burst of 20 async writes. */
static void read_then_late_writes(void *arg)
{
	struct tracker *t = arg;
	struct tracker r;

	memset(&r, 0, sizeof(r));
	submit(disk, READ, 1000 * PAGE_SECTORS, 1, &r);
	wait_for(&r, 1);
	schedule_timeout_uninterruptible(60);	/* 60 jiffies at HZ 250 */
	late_writes_at = sim_now();
	for (unsigned long i = 0; i < 20; i++)
		submit(disk, WRITE, i * 2 * PAGE_SECTORS, 1, t);
}

/*
 * 2.6.32 low_latency: async depth = (time since the last sync completion)
 * / slice_sync (100 ms), capped by the queue's own limit.
 */
static void test_async_depth_ramps_after_sync_completion(void **state)
{
	struct cfq_params cp;
	struct tracker t;
	unsigned int depth[2];
	sim_time_t since_sync[2];

	(void)state;
	for (int ll = 0; ll <= 1; ll++) {
		setup_sim(1);
		cfq_default_params(&cp);
		cp.low_latency = ll;
		disk = disk_create("sda", &(struct disk_params){
			.rotational = false, .capacity = 1 << 24,
			.read_bps = 4096000, .write_bps = 4096000,
			.queue_depth = 31 }, &cp);
		memset(&t, 0, sizeof(t));
		kthread_run(read_then_late_writes, &t, "gitk", DEFAULT_PRIO);
		sim_run((sim_time_t)-1);
		assert_int_equal(t.bios, 20);
		/* The read ends at 1 ms; the burst is over 20 ms later. */
		since_sync[ll] = late_writes_at - 1 * MS;
		assert_true(t.last_done - 1 * MS < 300 * MS);
		depth[ll] = disk->bd_queue->stats.max_in_driver[BLK_RW_ASYNC];
		finish_sim(disk);
	}
	/*
	 * The burst starts 200-300 ms after the read's completion, so
	 * low_latency allows 200..299 / 100 = 2 async requests in the device
	 * until it ends; without it the sole queue has 16 (4 x quantum).
	 */
	for (int ll = 0; ll <= 1; ll++) {
		assert_true(since_sync[ll] >= 200 * MS);
		assert_true(since_sync[ll] < 280 * MS);
	}
	assert_int_equal(depth[1], 2);
	assert_int_equal(depth[0], 16);
}

static bool idle_window_after;

/* Six sync reads, each issued as the previous one completes. */
static void back_to_back_reads(void *arg)
{
	sector_t stride = *(sector_t *)arg;
	struct tracker r;

	memset(&r, 0, sizeof(r));
	for (unsigned long i = 0; i < 6; i++) {
		submit(disk, READ, 64 + i * stride, 1, &r);
		wait_for(&r, i + 1);
	}
	idle_window_after = cfq_sync_idle_window(disk->bd_queue, current->pid);
}

/*
 * 2.6.32 cfq_update_idle_window: on a queueing device (hw_tag) a seeky
 * sync queue keeps its idle window only with low_latency; a sequential one
 * (no think time) keeps it either way.
 */
static void test_low_latency_keeps_idle_window_of_seeky_reader(void **state)
{
	/* 2^20 sectors (512 MiB) apart: far beyond CIC_SEEK_THR (8192). */
	sector_t strides[2] = { PAGE_SECTORS, 1 << 20 };
	bool window[2][2];
	struct cfq_params cp;

	(void)state;
	for (int seeky = 0; seeky <= 1; seeky++) {
		for (int ll = 0; ll <= 1; ll++) {
			setup_sim(1);
			cfq_default_params(&cp);
			cp.low_latency = ll;
			disk = disk_create("sda", &(struct disk_params){
				.rotational = false, .capacity = 1 << 24,
				.read_bps = 4096000, .write_bps = 4096000,
				.queue_depth = 8 }, &cp);
			assert_true(cfq_hw_tag(disk->bd_queue));
			kthread_run(back_to_back_reads, &strides[seeky],
				    "gitk", DEFAULT_PRIO);
			sim_run((sim_time_t)-1);
			window[seeky][ll] = idle_window_after;
			finish_sim(disk);
		}
	}
	assert_true(window[0][0]);
	assert_true(window[0][1]);
	assert_false(window[1][0]);
	assert_true(window[1][1]);
}

static void hundred_writes(void *arg)
{
	struct tracker *t = arg;

	for (unsigned long i = 0; i < 100; i++)
		submit(disk, WRITE, i * 2 * PAGE_SECTORS, 1, t);
}

/*
 * 2.6.32 cfq_update_hw_tag: after 50 completions under load (more than 5
 * queued), hw_tag says whether the device held 5 at once.
 */
static void test_hw_tag_follows_device_depth(void **state)
{
	unsigned int depths[2] = { 4, 8 };
	bool hw_tag[2];
	struct cfq_params cp;
	struct tracker t;

	(void)state;
	for (int i = 0; i < 2; i++) {
		setup_sim(1);
		cfq_default_params(&cp);
		cp.low_latency = false;
		disk = disk_create("sda", &(struct disk_params){
			.rotational = false, .capacity = 1 << 24,
			.read_bps = 4096000, .write_bps = 4096000,
			.queue_depth = depths[i] }, &cp);
		assert_true(cfq_hw_tag(disk->bd_queue));
		memset(&t, 0, sizeof(t));
		kthread_run(hundred_writes, &t, "writer", DEFAULT_PRIO);
		sim_run((sim_time_t)-1);
		assert_int_equal(t.bios, 100);
		hw_tag[i] = cfq_hw_tag(disk->bd_queue);
		finish_sim(disk);
	}
	/* 100 queued: the first 94 completions leave more than 5 queued. */
	assert_false(hw_tag[0]);	/* peak 4 < CFQ_HW_QUEUE_MIN */
	assert_true(hw_tag[1]);		/* peak 8 */
}

static unsigned long plug_rw;

/* A readahead window: 8 contiguous one-page reads, then sync_page's unplug. */
static void readahead_window(void *arg)
{
	struct tracker *t = arg;

	for (unsigned long i = 0; i < 8; i++)
		submit(disk, plug_rw, 4096 + i * PAGE_SECTORS, 1, t);
	blk_run_backing_dev(&disk->bd_queue->backing_dev_info, NULL);
	wait_for(t, 8);
}

/*
 * 2.6.32 __make_request unplugs on BIO_RW_UNPLUG only: plain reads stay
 * behind the plug and merge until the reader unplugs; unplugging reads go
 * to the idle device one by one.
 */
static void test_reads_merge_behind_plug_until_unplug(void **state)
{
	unsigned long rws[2] = { READ, READ | (1UL << BIO_RW_UNPLUG) };
	unsigned long reqs[2], merges[2];
	struct tracker t;

	(void)state;
	for (int i = 0; i < 2; i++) {
		setup_sim(1);
		disk = disk_create("sda", NULL, NULL);	/* rotational: plugs */
		plug_rw = rws[i];
		memset(&t, 0, sizeof(t));
		kthread_run(readahead_window, &t, "gitk", DEFAULT_PRIO);
		sim_run((sim_time_t)-1);
		assert_int_equal(t.bios, 8);
		reqs[i] = disk->bd_queue->stats.requests[READ];
		merges[i] = disk->bd_queue->stats.back_merges;
		finish_sim(disk);
	}
	assert_int_equal(reqs[0], 1);		/* 8 bios, 7 back merges */
	assert_int_equal(merges[0], 7);
	/*
	 * Each unplugging read is dispatched to the idle device at once;
	 * the next finds the elevator empty, plugs, and unplugs again.
	 */
	assert_int_equal(reqs[1], 8);
	assert_int_equal(merges[1], 0);
}

static struct tracker proc_t[2];

static void reader_a(void *arg)
{
	submit(disk, READ, 4096, 1, &proc_t[0]);
	wait_for(&proc_t[0], 1);
}

static void reader_b(void *arg)
{
	/* Contiguous with reader_a's request, still behind the plug. */
	submit(disk, READ, 4096 + PAGE_SECTORS, 1, &proc_t[1]);
	blk_run_backing_dev(&disk->bd_queue->backing_dev_info, NULL);
	wait_for(&proc_t[1], 1);
}

/*
 * 2.6.32 CFQ gives each process its own sync queue (cfq_get_queue), and a
 * bio merges only into a request of its submitter's queue
 * (cfq_allow_merge): two readers' contiguous pages stay two requests.
 */
static void test_each_process_has_its_own_sync_queue(void **state)
{
	(void)state;
	setup_sim(1);
	disk = disk_create("sda", NULL, NULL);	/* rotational: plugs */
	memset(proc_t, 0, sizeof(proc_t));
	kthread_run(reader_a, NULL, "gitk1", DEFAULT_PRIO);
	kthread_run(reader_b, NULL, "gitk2", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);
	assert_int_equal(proc_t[0].bios, 1);
	assert_int_equal(proc_t[1].bios, 1);
	assert_int_equal(cfq_nr_sync_queues(disk->bd_queue), 2);
	assert_int_equal(disk->bd_queue->stats.requests[READ], 2);
	assert_int_equal(disk->bd_queue->stats.back_merges, 0);
	finish_sim(disk);
}

/* ---- get_request_wait -------------------------------------------------- */

static sim_time_t submitted_at[24];

static void timed_writer(void *arg)
{
	struct tracker *t = arg;

	for (unsigned long i = 0; i < 24; i++) {
		submit(disk, WRITE, i * 2 * PAGE_SECTORS, 1, t);
		submitted_at[i] = sim_now();
	}
}

static void test_get_request_wait_blocks_when_full(void **state)
{
	struct request_queue *q;
	struct tracker t;

	(void)state;
	setup_sim(1);
	disk = fixed_disk(1);
	q = disk->bd_queue;
	blk_queue_set_nr_requests(q, 8);
	/* on = min(8, 8 - 1 + 1) = 8, off = max(1, 8 - 1 - 0 - 1) = 6 */
	assert_int_equal(q->nr_congestion_on, 8);
	assert_int_equal(q->nr_congestion_off, 6);
	memset(&t, 0, sizeof(t));
	kthread_run(timed_writer, &t, "writer", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);
	assert_int_equal(t.bios, 24);
	/*
	 * The allocation at count 7 marks the list full and makes the
	 * writer a batcher, which may go on to the hard cap 3 * 8 / 2 = 12:
	 * twelve requests at t = 0, then it sleeps.
	 */
	for (int i = 0; i < 12; i++)
		assert_int_equal(submitted_at[i], 0);
	/*
	 * Requests complete one per ms; a freed request wakes the sleeper
	 * once count + 1 <= nr_requests, i.e. at count 7: the fifth
	 * completion (12 - 5 = 7), at t = 5 ms.  Still a batcher, it takes
	 * requests up to the cap again: 13th..17th at 5 ms.
	 */
	assert_int_equal(submitted_at[12], 5 * MS);
	assert_int_equal(submitted_at[16], 5 * MS);
	assert_int_equal(submitted_at[17], 10 * MS);
	assert_int_equal(q->stats.sleeps[BLK_RW_ASYNC], 3);
	assert_int_equal(q->stats.sleep_ns[BLK_RW_ASYNC], 5 * MS + 5 * MS + 5 * MS);
	finish_sim(disk);
}

/* ---- interrupt-context submission ------------------------------------- */

static struct tracker irq_t;

static void irq_submitter(struct irq_work *w)
{
	for (unsigned long i = 0; i < 20; i++)
		submit(disk, WRITE | (1UL << BIO_RW_UNPLUG),
		       i * 2 * PAGE_SECTORS, 1, &irq_t);
}

static void test_interrupt_submission_never_sleeps(void **state)
{
	struct irq_work w;
	struct request_queue *q;

	(void)state;
	setup_sim(1);
	disk = fixed_disk(1);
	q = disk->bd_queue;
	blk_queue_set_nr_requests(q, 8);
	memset(&irq_t, 0, sizeof(irq_t));
	irq_work_init(&w, 0, irq_submitter, NULL);
	irq_work_queue_at(&w, 0);
	sim_run((sim_time_t)-1);
	/*
	 * No task, so no batching: 8 requests, then the list is full and
	 * the other 12 bios wait in order for freed requests.
	 */
	assert_int_equal(q->stats.deferred, 12);
	assert_int_equal(q->stats.sleeps[BLK_RW_ASYNC], 0);
	assert_int_equal(irq_t.bios, 20);
	assert_int_equal(irq_t.last_done, 20 * MS);
	finish_sim(disk);
}

/* ---- dm-crypt's single threads ---------------------------------------- */

static struct block_device *crypt;
static struct tracker crypt_w, crypt_r;
static sim_time_t crypt_read_done;
static bool crypt_read_swapin;		/* the read's page in the swap cache */

static void writes_then_read(void *arg)
{
	for (unsigned long i = 0; i < 10; i++)
		submit(crypt, WRITE, i * 2 * PAGE_SECTORS, 1, &crypt_w);
	if (crypt_read_swapin)
		SetPageSwapCache(&pages[1000 % 128]);
	/*
	 * READ_SYNC-like: the clone inherits BIO_RW_UNPLUG, so the disk
	 * queue is not left plugged for a tick (2.6.32 unplugs on that flag
	 * only; a plain READ would wait for the unplug timer).
	 */
	submit(crypt, READ | (1UL << BIO_RW_UNPLUG), 1000 * PAGE_SECTORS, 1,
	       &crypt_r);
	wait_for(&crypt_r, 1);
	crypt_read_done = sim_now();
}

/* The reads' kcryptd wait measures, as mmsim run collects them. */
static uint64_t crypt_measure(const char *name)
{
	struct run_result r;
	uint64_t v;

	result_init(&r);
	metrics_find("crypt_read_waits")->collect(&r);
	v = result_uint(&r, name);
	result_free(&r);
	return v;
}

static void crypt_read_behind_writes(bool swapin)
{
	struct dm_crypt_params cp;

	crypt_read_swapin = swapin;
	setup_sim(2);
	disk = fixed_disk(1);
	dm_crypt_default_params(&cp);
	cp.ns_per_page = 1 * MS;
	crypt = dm_crypt_create("crypt", disk, 0, 1 << 20, &cp);
	memset(&crypt_w, 0, sizeof(crypt_w));
	memset(&crypt_r, 0, sizeof(crypt_r));
	kthread_run(writes_then_read, NULL, "gitk", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);
	/*
	 * kcryptd_io sends the read to the disk at once (done at 1 ms), but
	 * its decryption waits on kcryptd behind ten 1 ms encryptions, even
	 * with a second CPU free: 10 ms + 1 ms.
	 */
	assert_int_equal(crypt_read_done, 11 * MS);
	assert_int_equal(crypt_w.bios, 10);
	assert_int_equal(dm_crypt_get_stats(crypt)->pages_decrypted, 1);
	/*
	 * The measure: one read, queued on kcryptd by its completion at
	 * 1 ms and decrypted from 10 ms, 9 ms later; meanwhile kcryptd
	 * finished the nine writes it had not finished at 1 ms.  A swap-in
	 * (its page in the swap cache) is counted again on its own.
	 */
	assert_int_equal(crypt_measure("crypt_read_waits"), 1);
	assert_int_equal(crypt_measure("crypt_read_wait"), 9 * MS);
	assert_int_equal(crypt_measure("crypt_read_wait_max"), 9 * MS);
	assert_int_equal(crypt_measure("crypt_read_wait_write_pages"), 9);
	assert_int_equal(crypt_measure("crypt_swapin_waits"), swapin);
	assert_int_equal(crypt_measure("crypt_swapin_wait"), swapin ? 9 * MS : 0);
	assert_int_equal(crypt_measure("crypt_swapin_wait_write_pages"),
			 swapin ? 9 : 0);
	ClearPageSwapCache(&pages[1000 % 128]);
	dm_destroy(crypt);
	finish_sim(disk);
}

static void test_crypt_read_queues_behind_writes_in_kcryptd(void **state)
{
	(void)state;
	crypt_read_behind_writes(false);
}

static void test_crypt_swapin_wait_counted_apart(void **state)
{
	(void)state;
	crypt_read_behind_writes(true);
}

static unsigned long crypt_read_rw;

/*
 * A read, then the unplug a reader does when it waits on the page
 * (lock_page -> sync_page -> blk_run_backing_dev on the crypt device).
 */
static void unplugging_crypt_read(void *arg)
{
	submit(crypt, crypt_read_rw, 1000 * PAGE_SECTORS, 1, &crypt_r);
	blk_run_backing_dev(blk_get_backing_dev_info(crypt), NULL);
	wait_for(&crypt_r, 1);
	crypt_read_done = sim_now();
}

/*
 * Chris Mason's dm-crypt patch (<20091113125812.GB7891@think>): "we miss
 * the unplug completely".  Stock (2.6.30-2.6.32): the reader's unplug
 * comes while its bio still waits for kcryptd_io, so the clone sits
 * behind the plug until the timer's tick (4 ms at HZ 250), then takes
 * 1 ms on the disk and 100 us to decrypt: 5.1 ms.  Patched: a plain READ
 * is not BIO_RW_SYNCIO, so kcryptd_async_io submits the clone and, its
 * queue now empty and no sync io waiting, unplugs the disk itself: 1.1 ms.
 * The reads' CFQ queue is that of the thread that submitted them:
 * kcryptd_io (stock), kcryptd_async_io (patched, plain READ) or
 * kcryptd_io (patched, BIO_RW_SYNCIO).
 */
static void test_crypt_unplug_patch(void **state)
{
	static const struct {
		bool patch;
		unsigned long rw;
		sim_time_t done;
		bool by_async_io;
	} cases[] = {
		{ false, READ, 5100 * US, false },
		{ true, READ, 1100 * US, true },
		{ true, READ | (1UL << BIO_RW_SYNCIO), 1100 * US, false },
	};
	struct dm_crypt_params cp;

	(void)state;
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		struct task_struct *io, *async_io;

		setup_sim(1);
		if (cases[c].patch)
			kprofile.dm_crypt_io_path = DM_CRYPT_IO_UNPLUG_V3;
		disk = fixed_disk(1);
		dm_crypt_default_params(&cp);
		cp.ns_per_page = 100 * US;
		crypt = dm_crypt_create("crypt", disk, 0, 1 << 20, &cp);
		io = dm_crypt_kcryptd_io(crypt);
		async_io = dm_crypt_kcryptd_async_io(crypt);
		assert_true(!async_io == !cases[c].patch);
		memset(&crypt_r, 0, sizeof(crypt_r));
		crypt_read_rw = cases[c].rw;
		kthread_run(unplugging_crypt_read, NULL, "gitk", DEFAULT_PRIO);
		sim_run((sim_time_t)-1);
		assert_int_equal(crypt_read_done, cases[c].done);
		assert_int_equal(cfq_nr_sync_queues(disk->bd_queue), 1);
		assert_int_equal(cfq_sync_idle_window(disk->bd_queue, io->pid),
				 !cases[c].by_async_io);
		if (async_io)
			assert_int_equal(cfq_sync_idle_window(disk->bd_queue,
							      async_io->pid),
					 cases[c].by_async_io);
		dm_destroy(crypt);
		finish_sim(disk);
	}
}

/*
 * With the patch kcryptd no longer submits writes: kcryptd_async_io does
 * (through the same io work function), so it is the one that sleeps in
 * get_request_wait when the async list is full, while kcryptd goes on
 * encrypting.  Ten one-page writes through a crypt device on a disk whose
 * request lists hold 4: the stock kcryptd sleeps for requests, the patched
 * one does not (kcryptd_async_io sleeps instead), and every write ends.
 */
static void test_crypt_patch_moves_write_submission(void **state)
{
	(void)state;
	for (int patch = 0; patch <= 1; patch++) {
		struct task_struct *kcryptd;

		setup_sim(1);
		if (patch)
			kprofile.dm_crypt_io_path = DM_CRYPT_IO_UNPLUG_V3;
		disk = fixed_disk(1);
		blk_queue_set_nr_requests(disk->bd_queue, 4);
		crypt = dm_crypt_create("crypt", disk, 0, 1 << 20, NULL);
		kcryptd = dm_crypt_kcryptd(crypt);
		memset(&crypt_w, 0, sizeof(crypt_w));
		memset(&crypt_r, 0, sizeof(crypt_r));
		kthread_run(writes_then_read, NULL, "gitk", DEFAULT_PRIO);
		sim_run((sim_time_t)-1);
		assert_int_equal(crypt_w.bios, 10);
		assert_int_equal(disk->bd_queue->stats.sleeps[BLK_RW_ASYNC] > 0, 1);
		/* kcryptd's wait for requests counts as its iowait. */
		if (patch)
			assert_int_equal(kcryptd->iowait_time, 0);
		else
			assert_true(kcryptd->iowait_time > 0);
		dm_destroy(crypt);
		finish_sim(disk);
	}
}

/*
 * Out of memory once the pools are filled: every free page taken, so the
 * page allocator fails everything (no LRU page to reclaim either).
 */
static struct page **eaten;
static unsigned long nr_eaten;

static void eat_memory(void)
{
	struct page *page;

	eaten = calloc(max_pfn, sizeof(*eaten));
	assert_non_null(eaten);
	nr_eaten = 0;
	while ((page = alloc_page(GFP_ATOMIC | __GFP_NOWARN)) != NULL)
		eaten[nr_eaten++] = page;
}

static void give_back_memory(void)
{
	while (nr_eaten)
		__free_page(eaten[--nr_eaten]);
	free(eaten);
	eaten = NULL;
}

static void big_crypt_write(void *arg)
{
	submit(crypt, WRITE, 0, 64, &crypt_w);
	wait_for(&crypt_w, 1);
}

static void test_crypt_pool_shortage_naps_in_congestion_wait(void **state)
{
	const struct dm_crypt_stats *st;
	const struct congestion_wait_totals *t;

	(void)state;
	for (int q = BLK_RW_ASYNC; q <= BLK_RW_SYNC; q++) {
		setup_sim(1);
		/* 2.6.30 (WRITE = the SYNC queue) vs .31+ (BLK_RW_ASYNC). */
		kprofile.cw_writeback = q;
		disk = fixed_disk(1);
		crypt = dm_crypt_create("crypt", disk, 0, 1 << 20, NULL);
		eat_memory();
		memset(&crypt_w, 0, sizeof(crypt_w));
		kthread_run(big_crypt_write, NULL, "writer", DEFAULT_PRIO);
		sim_run((sim_time_t)-1);
		st = dm_crypt_get_stats(crypt);
		/*
		 * 64 pages, a pool of 32 and no free memory: the first clone
		 * gets the 32 (8 may wait, 24 may not), goes to the disk
		 * short, and kcryptd naps HZ/100; the second clone's first
		 * page waits in mempool_alloc for the first clone's pages.
		 */
		assert_int_equal(crypt_w.bios, 1);
		assert_int_equal(st->pages_allocated, 0);
		assert_int_equal(st->pool_pages, 64);
		assert_int_equal(st->partial_clones, 1);
		assert_true(st->pool_waits >= 1);
		t = congestion_wait_totals(CW_DMCRYPT, q);
		assert_int_equal(t->calls, 1);
		/*
		 * The nap starts after encrypting 32 pages at 50 us, at
		 * 1.6 ms in jiffy 0, and HZ/100 = 2 jiffies end on the tick
		 * at 8 ms: 6.4 ms, timed out (the 32 ms write still runs).
		 */
		assert_int_equal(t->timed_out, 1);
		assert_int_equal(congestion_wait_record(0)->waited,
				 8 * MS - 32 * 50 * US);
		assert_int_equal(congestion_wait_record(0)->part[0].queue, q);
		/* Every page came back to the reserve, none to the allocator. */
		assert_int_equal(st->pool_free, 32);
		give_back_memory();
		dm_destroy(crypt);
		finish_sim(disk);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_merging_reduces_request_count),
		cmocka_unit_test(test_max_sectors_limits_merging),
		cmocka_unit_test(test_sequential_writer_reaches_disk_bandwidth),
		cmocka_unit_test(test_crypt_writer_bounded_by_crypt_cpu),
		cmocka_unit_test(test_sync_read_beats_async_backlog),
		cmocka_unit_test(test_low_latency_limits_async_depth),
		cmocka_unit_test(test_sole_queue_dispatches_four_quanta),
		cmocka_unit_test(test_async_depth_ramps_after_sync_completion),
		cmocka_unit_test(test_low_latency_keeps_idle_window_of_seeky_reader),
		cmocka_unit_test(test_hw_tag_follows_device_depth),
		cmocka_unit_test(test_reads_merge_behind_plug_until_unplug),
		cmocka_unit_test(test_each_process_has_its_own_sync_queue),
		cmocka_unit_test(test_get_request_wait_blocks_when_full),
		cmocka_unit_test(test_interrupt_submission_never_sleeps),
		cmocka_unit_test(test_crypt_read_queues_behind_writes_in_kcryptd),
		cmocka_unit_test(test_crypt_swapin_wait_counted_apart),
		cmocka_unit_test(test_crypt_pool_shortage_naps_in_congestion_wait),
		cmocka_unit_test(test_crypt_unplug_patch),
		cmocka_unit_test(test_crypt_patch_moves_write_submission),
	};

	return cmocka_run_group_tests_name("blk", tests, NULL, NULL);
}
