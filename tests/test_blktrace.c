// SPDX-License-Identifier: GPL-2.0
/*
 * The block trace's records (kernel/trace/blktrace.c), read straight from
 * the relay channel on a small machine whose I/O is known: every record
 * of a readahead window and of a WRITE_SYNC, each expected record derived
 * from 2.6.32-rc6's block/blk-core.c and kernel/trace/blktrace.c in the
 * comments; a bio through an LVM volume (dm-linear); and a queue without
 * a trace writing nothing.  blkparse and btt reading a whole run's
 * traces is tests/test_blktrace_tools.c.
 *
 * The disk has a fixed service time (non-rotational, depth 1, no access
 * cost, 4096000 B/s): a 32 KiB request takes exactly 8 ms.  One CPU.
 */
#include <endian.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "sim/sim.h"
#include "linux/blkdev.h"
#include "linux/blktrace_api.h"
#include "hw/disk.h"
#include "mmsim/profile.h"
#include "block_machine.h"

#define MS	NSEC_PER_MSEC

static struct page pages[64];
static struct block_device *disk;

/* ---- the relay: records in memory --------------------------------------- */

struct rec {
	struct blk_io_trace t;
	unsigned char pdu[32];
};

struct chan {
	struct rec r[128];
	size_t n;
};

static void relay(void *data, const struct blktrace_record *b)
{
	struct chan *c = data;
	struct rec *r;

	assert_int_equal(b->cpu, 0);
	assert_true(b->pdu_len <= sizeof(r->pdu));
	assert_int_equal(b->note, !!(b->action & BLK_TC_ACT(BLK_TC_NOTIFY)));
	assert_true(c->n < sizeof(c->r) / sizeof(c->r[0]));
	r = &c->r[c->n++];
	memset(r, 0, sizeof(*r));
	r->t = (struct blk_io_trace){
		.magic = b->magic, .sequence = b->sequence, .time = b->time,
		.sector = b->sector, .bytes = b->bytes, .action = b->action,
		.pid = b->pid, .device = b->device, .cpu = b->cpu,
		.error = b->error, .pdu_len = b->pdu_len,
	};
	memcpy(r->pdu, b->pdu, b->pdu_len);
}

/* ---- I/O ------------------------------------------------------------- */

struct tracker {
	unsigned long bios;
	struct task_struct *waiter;
	unsigned long wait_bios;
};

static void track_end_io(struct bio *bio, int error)
{
	struct tracker *t = bio->bi_private;

	t->bios++;
	if (t->waiter && t->bios >= t->wait_bios)
		wake_up_process(t->waiter);
	bio_put(bio);
}

static void submit(struct block_device *bdev, unsigned long rw,
		   sector_t sector, unsigned int nr, struct tracker *t)
{
	struct bio *bio = bio_alloc(GFP_NOIO, nr);

	for (unsigned int i = 0; i < nr; i++)
		bio_add_page(bio, &pages[(sector / PAGE_SECTORS + i) % 64]);
	bio->bi_rw = rw;
	bio->bi_sector = sector;
	bio->bi_bdev = bdev;
	bio->bi_end_io = track_end_io;
	bio->bi_private = t;
	submit_bio(bio);
}

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

static void boot(void)
{
	struct disk_params p = {
		.rotational = false, .capacity = 1 << 24,
		.read_bps = 4096000, .write_bps = 4096000, .queue_depth = 1,
	};

	profile_set_default();
	block_machine_boot(250, 1, 7);
	disk = disk_create("sda", &p, NULL);
}

static void shutdown(void)
{
	disk_destroy(disk);
	block_machine_shutdown();
}

/* ---- checking records ------------------------------------------------ */

#define R	BLK_TC_ACT(BLK_TC_READ)
#define W	BLK_TC_ACT(BLK_TC_WRITE)
#define S	BLK_TC_ACT(BLK_TC_SYNC)
#define FS	BLK_TC_ACT(BLK_TC_FS)

struct want {
	uint32_t action;
	uint64_t sector;
	uint32_t bytes;
	int pid;			/* -1: the test task's */
	sim_time_t time;
};

/* Record @i is @w, numbered @seq on the device @dev. */
static void check(const struct chan *c, size_t i, const struct want *w,
		  uint32_t seq, uint32_t dev, int task_pid)
{
	const struct blk_io_trace *t = &c->r[i].t;
	int pid = w->pid < 0 ? task_pid : w->pid;

	if (t->action != w->action || t->sector != w->sector ||
	    t->bytes != w->bytes || t->pid != (uint32_t)pid ||
	    t->sequence != seq || t->time != (uint64_t)w->time)
		fail_msg("record %zu: action %#x sector %llu bytes %u pid %u seq %u "
			 "time %llu; want %#x %llu %u %d %u %llu", i, t->action,
			 (unsigned long long)t->sector, t->bytes, t->pid,
			 t->sequence, (unsigned long long)t->time, w->action,
			 (unsigned long long)w->sector, w->bytes, pid, seq,
			 (unsigned long long)w->time);
	assert_int_equal(t->magic, BLK_IO_TRACE_MAGIC | BLK_IO_TRACE_VERSION);
	assert_int_equal(t->device, dev);
	assert_int_equal(t->cpu, 0);
	assert_int_equal(t->error, 0);
}

/* Record @i is the BLK_TN_PROCESS note naming @pid @comm. */
static void check_note(const struct chan *c, size_t i, int pid,
		       const char *comm)
{
	const struct rec *r = &c->r[i];

	assert_int_equal(r->t.action, BLK_TN_PROCESS);
	assert_int_equal(r->t.pid, pid);
	assert_int_equal(r->t.pdu_len, 16);
	assert_int_equal(r->t.sequence, 0);
	assert_string_equal((const char *)r->pdu, comm);
}

static uint64_t unplug_pdu(const struct rec *r)
{
	uint64_t v;

	assert_int_equal(r->t.pdu_len, 8);
	memcpy(&v, r->pdu, 8);
	return be64toh(v);
}

/* ---- a readahead window and a WRITE_SYNC ------------------------------- */

static struct tracker tr;
static int task_pid;
static sim_time_t window_unplugged, write_submitted;

static void reader_writer(void *arg)
{
	task_pid = current->pid;
	for (unsigned long i = 0; i < 8; i++)
		submit(disk, READ, 4096 + i * PAGE_SECTORS, 1, &tr);
	/* sync_page: unplug through the backing device. */
	window_unplugged = sim_now();
	blk_run_backing_dev(&disk->bd_queue->backing_dev_info, NULL);
	wait_for(&tr, 8);
	write_submitted = sim_now();
	submit(disk, WRITE_SYNC, 8192, 2, &tr);
	wait_for(&tr, 9);
}

static void test_records_of_a_readahead_window(void **state)
{
	struct chan *c = calloc(1, sizeof(*c));
	uint32_t sda = MKDEV(8, 0), seq = 0;
	size_t i = 0;

	(void)state;
	assert_non_null(c);
	boot();
	assert_int_equal(disk->bd_dev, sda);
	assert_int_equal(blk_trace_setup(disk->bd_queue, sda, 1, relay, c), 0);
	assert_int_equal(blk_trace_setup(disk->bd_queue, sda, 1, relay, c), -1);
	memset(&tr, 0, sizeof(tr));
	kthread_run(reader_writer, NULL, "gitk", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);
	assert_int_equal(tr.bios, 9);
	assert_true(window_unplugged == 0);

	/* The task's first record is preceded by its name. */
	check_note(c, i++, task_pid, "gitk");
	/*
	 * __generic_make_request traces Q; __make_request finds nothing to
	 * merge, get_request traces G; the empty queue is plugged (P) and
	 * the request inserted (I).  A plain READ has no BIO_RW_SYNCIO:
	 * its bio records show R alone.  2.6.32-rc6 blk_add_trace_rq()
	 * passes cmd_flags & 3, so a request shows its direction and FS.
	 */
	{
		const struct want w[] = {
			{ BLK_TA_QUEUE | R, 4096, 4096, -1, 0 },
			{ BLK_TA_GETRQ | R, 4096, 4096, -1, 0 },
			{ BLK_TA_PLUG | R, 0, 0, -1, 0 },
			{ BLK_TA_INSERT | R | FS, 4096, 4096, -1, 0 },
		};

		for (size_t k = 0; k < 4; k++)
			check(c, i++, &w[k], ++seq, sda, task_pid);
	}
	/* The other seven pages: queued, then merged at the back (M). */
	for (unsigned long p = 1; p < 8; p++) {
		const struct want q = { BLK_TA_QUEUE | R, 4096 + p * 8, 4096, -1, 0 };
		const struct want m = { BLK_TA_BACKMERGE | R, 4096 + p * 8, 4096, -1, 0 };

		check(c, i++, &q, ++seq, sda, task_pid);
		check(c, i++, &m, ++seq, sda, task_pid);
	}
	/*
	 * blk_run_backing_dev -> blk_unplug: U, its payload the requests
	 * allocated (1), then the driver takes the 32 KiB request (D) at
	 * once; 8 ms later the completion interrupt (C) finds the CPU idle:
	 * pid 0, named "swapper" as the kernel's idle task.
	 */
	{
		const struct want u = { BLK_TA_UNPLUG_IO | R, 0, 0, -1, 0 };
		const struct want d = { BLK_TA_ISSUE | R | FS, 4096, 32768, -1, 0 };
		const struct want cm = { BLK_TA_COMPLETE | R | FS, 4096, 32768, 0, 8 * MS };

		check(c, i, &u, ++seq, sda, task_pid);
		assert_int_equal(unplug_pdu(&c->r[i++]), 1);
		check(c, i++, &d, ++seq, sda, task_pid);
		check_note(c, i++, 0, "swapper");
		check(c, i++, &cm, ++seq, sda, task_pid);
	}
	/*
	 * WRITE_SYNC carries BIO_RW_SYNCIO (S on the bio's records, not on
	 * the request's) and BIO_RW_UNPLUG: __make_request unplugs the
	 * queue itself (__generic_unplug_device, no U record) and the
	 * 8 KiB request takes 2 ms.
	 */
	{
		sim_time_t t0 = write_submitted;
		const struct want w[] = {
			{ BLK_TA_QUEUE | W | S, 8192, 8192, -1, t0 },
			{ BLK_TA_GETRQ | W | S, 8192, 8192, -1, t0 },
			{ BLK_TA_PLUG | R, 0, 0, -1, t0 },
			{ BLK_TA_INSERT | W | FS, 8192, 8192, -1, t0 },
			{ BLK_TA_ISSUE | W | FS, 8192, 8192, -1, t0 },
			{ BLK_TA_COMPLETE | W | FS, 8192, 8192, 0, t0 + 2 * MS },
		};

		assert_true(t0 >= 8 * MS);
		for (size_t k = 0; k < 6; k++)
			check(c, i++, &w[k], ++seq, sda, task_pid);
	}
	assert_int_equal(c->n, i);
	assert_int_equal(disk->bd_queue->blk_trace->records, i);

	/* Once removed, the queue records nothing. */
	blk_trace_remove(disk->bd_queue);
	assert_null(disk->bd_queue->blk_trace);
	memset(&tr, 0, sizeof(tr));
	kthread_run(reader_writer, NULL, "gitk", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);
	assert_int_equal(tr.bios, 9);
	assert_int_equal(c->n, i);
	shutdown();
	free(c);
}

/* ---- a logical volume --------------------------------------------------- */

static struct block_device *lv;

static void lv_reader(void *arg)
{
	task_pid = current->pid;
	submit(lv, READ_SYNC, 16, 1, &tr);
	wait_for(&tr, 1);
}

/*
 * dm-linear at sector 1000 of the disk, dm-1 = (253, 1): the volume's
 * queue records the bio (Q) and, through dm.c dec_pending(), its end
 * (C); the disk's records the remap first (A: the clone at 1016, from
 * sector 16 of (253, 1), the payload big-endian) and then the clone's
 * own life.  READ_SYNC unplugs at once: no plug timer, no U.
 */
static void test_remap_through_a_linear_volume(void **state)
{
	struct chan *cd = calloc(1, sizeof(*cd)), *cv = calloc(1, sizeof(*cv));
	uint32_t sda = MKDEV(8, 0), dm1 = MKDEV(253, 1);
	const struct blk_io_trace_remap *rp;

	(void)state;
	assert_true(cd && cv);
	boot();
	lv = dm_linear_create("dm-1", disk, 1000, 10000, false);
	assert_int_equal(lv->bd_dev, dm1);
	assert_int_equal(blk_trace_setup(disk->bd_queue, sda, 1, relay, cd), 0);
	assert_int_equal(blk_trace_setup(lv->bd_queue, dm1, 1, relay, cv), 0);
	memset(&tr, 0, sizeof(tr));
	kthread_run(lv_reader, NULL, "gitk", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);
	assert_int_equal(tr.bios, 1);

	assert_int_equal(cv->n, 4);
	check_note(cv, 0, task_pid, "gitk");
	check(cv, 1, &(struct want){ BLK_TA_QUEUE | R | S, 16, 4096, -1, 0 },
	      1, dm1, task_pid);
	/* A one-page read: 1 ms; the clone ends in the interrupt. */
	check_note(cv, 2, 0, "swapper");
	check(cv, 3, &(struct want){ BLK_TA_COMPLETE | R | S, 16, 4096, 0, MS },
	      2, dm1, task_pid);

	check_note(cd, 0, task_pid, "gitk");
	check(cd, 1, &(struct want){ BLK_TA_REMAP | R | S, 1016, 4096, -1, 0 },
	      1, sda, task_pid);
	assert_int_equal(cd->r[1].t.pdu_len, sizeof(*rp));
	rp = (const void *)cd->r[1].pdu;
	assert_int_equal(be32toh(rp->device_from), dm1);
	assert_int_equal(be32toh(rp->device_to), sda);
	assert_int_equal(be64toh(rp->sector_from), 16);
	check(cd, 2, &(struct want){ BLK_TA_QUEUE | R | S, 1016, 4096, -1, 0 },
	      2, sda, task_pid);
	assert_int_equal(cd->r[5].t.action, BLK_TA_INSERT | R | FS);
	assert_int_equal(cd->r[6].t.action, BLK_TA_ISSUE | R | FS);
	check_note(cd, 7, 0, "swapper");
	check(cd, 8, &(struct want){ BLK_TA_COMPLETE | R | FS, 1016, 4096, 0, MS },
	      7, sda, task_pid);
	assert_int_equal(cd->n, 9);

	dm_destroy(lv);
	shutdown();
	free(cd);
	free(cv);
}

/* Device numbers by name, as 2.6.32 numbers them. */
static void test_device_numbers(void **state)
{
	(void)state;
	assert_int_equal(blk_name_devt("sda"), MKDEV(8, 0));
	assert_int_equal(blk_name_devt("sdb"), MKDEV(8, 16));
	assert_int_equal(blk_name_devt("sda1"), MKDEV(8, 1));
	assert_int_equal(blk_name_devt("sdb5"), MKDEV(8, 21));
	assert_int_equal(blk_name_devt("dm-0"), MKDEV(253, 0));
	assert_int_equal(blk_name_devt("dm-12"), MKDEV(253, 12));
	assert_int_equal(blk_name_devt("loop0"), 0);
	assert_int_equal(blk_name_devt("sda16"), 0);
	assert_int_equal(MAJOR(MKDEV(253, 2)), 253);
	assert_int_equal(MINOR(MKDEV(253, 2)), 2);
}

/* The measures' buckets (linux/blkdev.h). */
static void test_buckets(void **state)
{
	(void)state;
	assert_int_equal(blk_size_bucket(8), 0);	/* 4 KiB */
	assert_int_equal(blk_size_bucket(9), 1);
	assert_int_equal(blk_size_bucket(16), 1);	/* 8 KiB */
	assert_int_equal(blk_size_bucket(1024), 7);	/* 512 KiB */
	assert_int_equal(blk_size_bucket(1032), 8);
	assert_int_equal(blk_seek_bucket(0), 0);
	assert_int_equal(blk_seek_bucket(1), 1);
	assert_int_equal(blk_seek_bucket(127), 1);	/* < 64 KiB */
	assert_int_equal(blk_seek_bucket(128), 2);
	assert_int_equal(blk_seek_bucket(2047), 2);	/* < 1 MiB */
	assert_int_equal(blk_seek_bucket(2048), 3);
	assert_int_equal(blk_seek_bucket((4ULL << 30) / 512 - 1), 5);	/* < 4 GiB */
	assert_int_equal(blk_seek_bucket((4ULL << 30) / 512), 6);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_records_of_a_readahead_window),
		cmocka_unit_test(test_remap_through_a_linear_volume),
		cmocka_unit_test(test_device_numbers),
		cmocka_unit_test(test_buckets),
	};

	return cmocka_run_group_tests_name("blktrace", tests, NULL, NULL);
}
