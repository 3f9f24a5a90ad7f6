// SPDX-License-Identifier: GPL-2.0
/*
 * The disk's driver.  The 2009 reproduction's disk is a SATA disk, which
 * 2.6.32 drives through libata's SCSI translation: requests leave the
 * block layer in the SCSI midlayer's drivers/scsi/scsi_lib.c
 * (scsi_request_fn), and the disk itself is set up by drivers/scsi/sd.c
 * (sd_probe).  This file stands for the midlayer, sd and libata at once:
 * mmsim has one kind of disk and no command translation, error handling,
 * timeouts or tag bookkeeping to model, so what is left of them is the
 * hand-over between the request queue and the drive (src/hw/disk.c),
 * which is where a kernel developer looks for it.
 *
 * scsi_request_fn fetches requests from the elevator while the device
 * has room (scsi_dev_queue_ready: device_busy below its queue depth) and
 * hands each to the drive as a command (start sector, length, direction,
 * whether the request is sync, the request as cookie), then tells the
 * drive to start.  The depth is the scenario's disk_queue_depth, 31 by
 * default: 2.6.32 drivers/ata/libata-scsi.c ata_scsi_dev_config() sets an
 * NCQ disk's depth to min(host can_queue, the drive's depth,
 * ATA_MAX_QUEUE - 1), and ahci's can_queue is AHCI_MAX_CMDS - 1 = 31
 * (drivers/ata/ahci.c), which is what "NCQ (depth 31/32)" reports
 * (libata-core.c ata_dev_config_ncq()).  So up to 31 requests are at the
 * drive at once, as far as the elevator dispatches them.  The drive's
 * completion interrupt calls scsi_done: the device is no longer busy with
 * the request (scsi_device_unbusy), the request ends through blk-core
 * (scsi_end_request), the drive may start its next command, and the
 * queue runs again (scsi_next_command -> scsi_run_queue).  2.6.32 ends
 * requests in the block softirq; mmsim does it all in the interrupt.
 */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "linux/blkdev.h"
#include "hw/disk.h"
#include "metrics/derived.h"
#include "metrics/metrics.h"
#include "util/xalloc.h"

struct scsi_device {
	struct request_queue *request_queue;
	struct hw_disk *disk;		/* the drive */
	unsigned int device_busy;	/* commands the drive holds */
	unsigned int queue_depth;	/* the most it may hold */
	struct list_head siblings;	/* scsi_devices */
};

/* Every disk, as the SCSI host's device list (for the measures). */
static LIST_HEAD(scsi_devices);

static void scsi_request_fn(struct request_queue *q)
{
	struct scsi_device *sdev = q->queuedata;

	while (sdev->device_busy < sdev->queue_depth) {
		struct request *rq = blk_fetch_request(q);
		struct disk_command cmd;

		if (!rq)
			break;
		sdev->device_busy++;
		cmd = (struct disk_command) {
			.sector = rq->sector,
			.nr_sectors = rq->nr_sectors,
			.write = rq_data_dir(rq) == WRITE,
			.sync = rq_is_sync(rq),
			.cookie = rq,
		};
		hw_disk_queue_command(sdev->disk, &cmd);
	}
	hw_disk_kick(sdev->disk);
}

/* The drive's completion interrupt. */
static void scsi_done(void *host, void *cookie, int error)
{
	struct scsi_device *sdev = host;
	struct request *rq = cookie;

	sdev->device_busy--;
	blk_end_request_all(rq, error);
	hw_disk_kick(sdev->disk);
	__blk_run_queue(sdev->request_queue);
}

struct block_device *disk_create(const char *name,
				 const struct disk_params *dp,
				 const struct cfq_params *cp)
{
	struct block_device *bdev = xcalloc(1, sizeof(*bdev));
	struct scsi_device *sdev = xcalloc(1, sizeof(*sdev));
	const struct disk_params *p;
	struct request_queue *q;

	q = blk_init_queue(scsi_request_fn, name);
	q->queuedata = sdev;
	sdev->request_queue = q;
	sdev->disk = hw_disk_create(dp, scsi_done, sdev);
	list_add_tail(&sdev->siblings, &scsi_devices);
	p = hw_disk_params(sdev->disk);
	sdev->queue_depth = p->queue_depth;
	if (!p->rotational)
		queue_flag_set(QUEUE_FLAG_NONROT, q);
	/* sd_probe's blk_queue_init_tags: the device queues (NCQ). */
	if (sdev->queue_depth > 1)
		queue_flag_set(QUEUE_FLAG_QUEUED, q);
	elevator_init(q, cp);

	snprintf(bdev->bd_name, sizeof(bdev->bd_name), "%s", name);
	bdev->bd_dev = blk_name_devt(name);
	bdev->bd_queue = q;
	bdev->bd_nr_sectors = p->capacity;
	return bdev;
}

struct hw_disk *disk_hw(struct block_device *bdev)
{
	struct scsi_device *sdev = bdev->bd_queue->queuedata;

	return sdev->disk;
}

/* A request the drive still held when the run stopped. */
static void scsi_abort(void *host, void *cookie)
{
	blk_free_request_at_exit(cookie);
}

void disk_destroy(struct block_device *bdev)
{
	struct request_queue *q = bdev->bd_queue;
	struct scsi_device *sdev = q->queuedata;

	hw_disk_destroy(sdev->disk, scsi_abort);
	blk_cleanup_queue(q);
	list_del(&sdev->siblings);
	free(sdev);
	free(bdev);
}

/* ---- measures: what iostat and blktrace would show of the disks --------- */

/* The drives' stats, summed over every disk. */
static void disks_stats(struct disk_stats *sum)
{
	struct scsi_device *sdev;

	memset(sum, 0, sizeof(*sum));
	list_for_each_entry(sdev, &scsi_devices, siblings) {
		struct disk_stats st;

		hw_disk_get_stats(sdev->disk, &st);
		sum->active_ns += st.active_ns;
		sum->busy_ns += st.busy_ns;
		for (int c = 0; c < 2; c++) {
			sum->cls[c].commands += st.cls[c].commands;
			sum->cls[c].queue_ns += st.cls[c].queue_ns;
			sum->cls[c].service_ns += st.cls[c].service_ns;
			for (int b = 0; b < DISK_LAT_BUCKETS; b++)
				sum->cls[c].latency_hist[b] += st.cls[c].latency_hist[b];
		}
	}
}

static void collect_disk_active(struct run_result *r)
{
	struct disk_stats st;

	disks_stats(&st);
	result_set_uint(r, "disk_active", st.active_ns);
}

/* [class][0]: commands completed, [class][1]: their queue + service ns,
 * [class][2 + b]: latency histogram bucket b. */
#define DISK_IO_COLUMNS	(2 + DISK_LAT_BUCKETS)

static void collect_disk_io(struct run_result *r)
{
	uint64_t *v = result_uints_mut(r, "disk_io");
	struct disk_stats st;

	disks_stats(&st);
	for (int c = 0; c < 2; c++) {
		uint64_t *row = v + c * DISK_IO_COLUMNS;

		row[0] = st.cls[c].commands;
		row[1] = st.cls[c].queue_ns + st.cls[c].service_ns;
		for (int b = 0; b < DISK_LAT_BUCKETS; b++)
			row[2 + b] = st.cls[c].latency_hist[b];
	}
}

static const char *disk_io_name(unsigned int dim, unsigned int i)
{
	static char names[DISK_LAT_BUCKETS][16];

	if (dim == 0)
		return i == 0 ? "async" : i == 1 ? "sync" : NULL;
	if (i == 0)
		return "commands";
	if (i == 1)
		return "latency_ns";
	if (i - 2 >= DISK_LAT_BUCKETS)
		return NULL;
	/* Bucket b counts latencies below 64 us << b; the last, the rest. */
	if (!names[i - 2][0]) {
		if (i - 2 == DISK_LAT_BUCKETS - 1)
			snprintf(names[i - 2], sizeof(names[0]), "lt_inf");
		else
			snprintf(names[i - 2], sizeof(names[0]), "lt_%lluus",
				 64ULL << (i - 2));
	}
	return names[i - 2];
}

static struct measure disk_active_measure = {
	.name = "disk_active", .doc = "time the disks held at least one command "
	"(iostat's %util over the run's time), summed over the disks",
	.unit = "ns", .kind = MEASURE_COUNTER, .aggregate = AGGREGATE_MEAN,
	.json = "disk_active_ns", .csv = "disk_active_ns", .type = MT_UINT,
	.flags = MF_OMIT_EMPTY, .collect = collect_disk_active,
};
MEASURE_REGISTER(disk_active_measure);

static double shown_disk_util(const struct run_result *r)
{
	return 100 * result_disk_util(r);
}

MEASURE_SHOWN(disk_util, .name = "disk-util", .order = 220,
	.doc = "the disks' utilisation, iostat's %util over the run",
	.unit = "%", .kind = MEASURE_GAUGE, .value = shown_disk_util,
	.title = "disk busy (% of the run)", .group = "disk",
	.precision = 2);

static struct measure disk_io_measure = {
	.name = "disk_io", .doc = "the disks' commands by class (async, sync: "
	"the request's rq_is_sync()): count, total latency from arrival at "
	"the drive to completion, and its histogram (buckets below 64 us, "
	"128 us, ... doubling, and the rest)",
	.unit = "", .kind = MEASURE_TABLE, .aggregate = AGGREGATE_MEAN,
	.json = "disk_io", .type = MT_ARRAY,
	.dims = { 2, DISK_IO_COLUMNS }, .element_name = disk_io_name,
	.flags = MF_OMIT_EMPTY, .collect = collect_disk_io,
};
MEASURE_REGISTER(disk_io_measure);

/*
 * ---- measures: the disks' request queues, as blkparse and btt see them --
 *
 * [MODEL] Counted by the block layer whether or not it is traced
 * (block/blk-core.c), summed over the disks: what a blktrace of the
 * disks would show, so that `mmsim compare` has it without a trace and a
 * test can hold blkparse's and btt's figures against these.
 */

/* Every disk queue's stats, summed; busy stretches still open end now. */
static void queues_stats(struct blk_queue_stats *sum)
{
	struct scsi_device *sdev;

	memset(sum, 0, sizeof(*sum));
	list_for_each_entry(sdev, &scsi_devices, siblings) {
		const struct request_queue *q = sdev->request_queue;
		const struct blk_queue_stats *st = &q->stats;

		for (int i = 0; i < 2; i++) {
			sum->bios[i] += st->bios[i];
			sum->merges[i] += st->merges[i];
			sum->allocated[i] += st->allocated[i];
			sum->requests[i] += st->requests[i];
			sum->completed_rw[i] += st->completed_rw[i];
			sum->sectors[i] += st->sectors[i];
			sum->bios_done[i] += st->bios_done[i];
			sum->q2c_ns[i] += st->q2c_ns[i];
			sum->d2c_ns[i] += st->d2c_ns[i];
			sum->busy_ns[i] += st->busy_ns[i];
			if (q->in_flight[i])
				sum->busy_ns[i] += sim_now() - st->busy_since[i];
			sum->seeks[i] += st->seeks[i];
			sum->seek_sectors[i] += st->seek_sectors[i];
			sum->class_sectors[i] += st->class_sectors[i];
			for (int b = 0; b < BLK_SEEK_BUCKETS; b++)
				sum->seek_hist[i][b] += st->seek_hist[i][b];
			for (int b = 0; b < BLK_SIZE_BUCKETS; b++)
				sum->size_hist[i][b] += st->size_hist[i][b];
		}
		sum->unplugs_io += st->unplugs_io;
		sum->unplugs_timer += st->unplugs_timer;
	}
}

enum { BLK_COUNT_QUEUED, BLK_COUNT_MERGED, BLK_COUNT_ALLOCATED,
       BLK_COUNT_DISPATCHED, BLK_COUNT_COMPLETED, BLK_COUNT_SECTORS,
       NR_BLK_COUNTS };

static void collect_blk_counts(struct run_result *r)
{
	uint64_t *v = result_uints_mut(r, "blk_counts");
	struct blk_queue_stats st;

	queues_stats(&st);
	for (int d = 0; d < 2; d++) {
		uint64_t *row = v + d * NR_BLK_COUNTS;

		row[BLK_COUNT_QUEUED] = st.bios[d];
		row[BLK_COUNT_MERGED] = st.merges[d];
		row[BLK_COUNT_ALLOCATED] = st.allocated[d];
		row[BLK_COUNT_DISPATCHED] = st.requests[d];
		row[BLK_COUNT_COMPLETED] = st.completed_rw[d];
		row[BLK_COUNT_SECTORS] = st.sectors[d];
	}
}

static const char *blk_counts_name(unsigned int dim, unsigned int i)
{
	static const char *const cols[NR_BLK_COUNTS] = {
		"queued", "merged", "allocated", "dispatched", "completed",
		"sectors",
	};

	if (dim == 0)
		return i == READ ? "read" : i == WRITE ? "write" : NULL;
	return i < NR_BLK_COUNTS ? cols[i] : NULL;
}

static struct measure blk_counts_measure = {
	.name = "blk_counts", .doc = "the disks' request queues by direction, "
	"blktrace's actions: bios queued (Q), merged into a queued request "
	"(M and F), requests allocated (G, each then inserted: I), dispatched "
	"to the driver (D) and completed (C), and the sectors dispatched",
	.unit = "", .kind = MEASURE_TABLE, .aggregate = AGGREGATE_MEAN,
	.json = "blk_counts", .type = MT_ARRAY,
	.dims = { 2, NR_BLK_COUNTS }, .element_name = blk_counts_name,
	.flags = MF_OMIT_EMPTY, .collect = collect_blk_counts,
};
MEASURE_REGISTER(blk_counts_measure);

static void collect_blk_unplugs(struct run_result *r)
{
	uint64_t *v = result_uints_mut(r, "blk_unplugs");
	struct blk_queue_stats st;

	queues_stats(&st);
	v[0] = st.unplugs_io;
	v[1] = st.unplugs_timer;
}

static const char *blk_unplugs_name(unsigned int dim, unsigned int i)
{
	return i == 0 ? "io" : i == 1 ? "timer" : NULL;
}

static struct measure blk_unplugs_measure = {
	.name = "blk_unplugs", .doc = "the disks' queues unplugged: by I/O "
	"(blk_unplug(), and kblockd's work after the timer: blktrace's U) "
	"and by the plug timer (UT)",
	.unit = "", .kind = MEASURE_TABLE, .aggregate = AGGREGATE_MEAN,
	.json = "blk_unplugs", .type = MT_ARRAY,
	.dims = { 2, 0 }, .element_name = blk_unplugs_name,
	.flags = MF_OMIT_EMPTY, .collect = collect_blk_unplugs,
};
MEASURE_REGISTER(blk_unplugs_measure);

static const char *sync_name(unsigned int i)
{
	return i == 0 ? "async" : i == 1 ? "sync" : NULL;
}

static void collect_blk_latency(struct run_result *r)
{
	uint64_t *v = result_uints_mut(r, "blk_latency");
	struct blk_queue_stats st;

	queues_stats(&st);
	for (int c = 0; c < 2; c++) {
		v[c * 3 + 0] = st.bios_done[c];
		v[c * 3 + 1] = st.q2c_ns[c];
		v[c * 3 + 2] = st.d2c_ns[c];
	}
}

static const char *blk_latency_name(unsigned int dim, unsigned int i)
{
	if (dim == 0)
		return sync_name(i);
	return i == 0 ? "bios" : i == 1 ? "q2c_ns" : i == 2 ? "d2c_ns" : NULL;
}

static struct measure blk_latency_measure = {
	.name = "blk_latency", .doc = "the bios the disks completed, by their "
	"request's class (rq_is_sync()): count, and the sums of queued -> "
	"completed and dispatched -> completed, per bio as btt's Q2C and D2C "
	"average them",
	.unit = "ns", .kind = MEASURE_TABLE, .aggregate = AGGREGATE_MEAN,
	.json = "blk_latency", .type = MT_ARRAY,
	.dims = { 2, 3 }, .element_name = blk_latency_name,
	.flags = MF_OMIT_EMPTY, .collect = collect_blk_latency,
};
MEASURE_REGISTER(blk_latency_measure);

static void collect_blk_busy(struct run_result *r)
{
	uint64_t *v = result_uints_mut(r, "blk_busy");
	struct blk_queue_stats st;

	queues_stats(&st);
	v[0] = st.busy_ns[0];
	v[1] = st.busy_ns[1];
}

static const char *blk_busy_name(unsigned int dim, unsigned int i)
{
	return sync_name(i);
}

static struct measure blk_busy_measure = {
	.name = "blk_busy", .doc = "time the driver held at least one request "
	"of the class (async, sync), summed over the disks: the utilisation "
	"of each class",
	.unit = "ns", .kind = MEASURE_TABLE, .aggregate = AGGREGATE_MEAN,
	.json = "blk_busy_ns", .type = MT_ARRAY,
	.dims = { 2, 0 }, .element_name = blk_busy_name,
	.flags = MF_OMIT_EMPTY, .collect = collect_blk_busy,
};
MEASURE_REGISTER(blk_busy_measure);

/*
 * The disks' request queues congested (block/blk-core.c: the request
 * list's count of the class at or above the on mark, 113 of 128, until
 * below the off mark): how many times each class became congested and
 * for how long in all.  A stacked device (the LVs, dm-crypt) reports
 * the congestion of the disk below it (dm_any_congested()), so this is
 * what writeback's bdi_write_congested() and congestion_wait() see.
 */
static void collect_blk_congested(struct run_result *r)
{
	uint64_t *v = result_uints_mut(r, "blk_congested");
	struct scsi_device *sdev;

	memset(v, 0, 4 * sizeof(*v));
	list_for_each_entry(sdev, &scsi_devices, siblings) {
		const struct backing_dev_info *bdi =
			&sdev->request_queue->backing_dev_info;

		for (int c = 0; c < 2; c++) {
			v[c * 2 + 0] += bdi->congested_count[c];
			v[c * 2 + 1] += (uint64_t)bdi_congested_time(bdi, c);
		}
	}
}

static const char *blk_congested_name(unsigned int dim, unsigned int i)
{
	if (dim == 0)
		return sync_name(i);
	return i == 0 ? "times" : i == 1 ? "ns" : NULL;
}

static struct measure blk_congested_measure = {
	.name = "blk_congested", .doc = "the disks' request queues congested, "
	"by class (async, sync): times set, and time congested, summed over "
	"the disks",
	.unit = "", .kind = MEASURE_TABLE, .aggregate = AGGREGATE_MEAN,
	.json = "blk_congested", .type = MT_ARRAY,
	.dims = { 2, 2 }, .element_name = blk_congested_name,
	.flags = MF_OMIT_EMPTY, .collect = collect_blk_congested,
};
MEASURE_REGISTER(blk_congested_measure);

#define BLK_SIZE_COLUMNS	(2 + BLK_SIZE_BUCKETS)

static void collect_blk_size(struct run_result *r)
{
	uint64_t *v = result_uints_mut(r, "blk_size");
	struct blk_queue_stats st;

	queues_stats(&st);
	for (int c = 0; c < 2; c++) {
		uint64_t *row = v + c * BLK_SIZE_COLUMNS;

		row[0] = st.seeks[c];		/* one per request dispatched */
		row[1] = st.class_sectors[c];
		for (int b = 0; b < BLK_SIZE_BUCKETS; b++)
			row[2 + b] = st.size_hist[c][b];
	}
}

static const char *blk_size_name(unsigned int dim, unsigned int i)
{
	static const char *const names[BLK_SIZE_COLUMNS] = {
		"requests", "sectors", "le_4k", "le_8k", "le_16k", "le_32k",
		"le_64k", "le_128k", "le_256k", "le_512k", "gt_512k",
	};

	if (dim == 0)
		return sync_name(i);
	return i < BLK_SIZE_COLUMNS ? names[i] : NULL;
}

static struct measure blk_size_measure = {
	.name = "blk_size", .doc = "the requests the disks' drivers got, by "
	"class: how many, their sectors, and how many of each size: up to "
	"4 KiB, 8 KiB, ... doubling to 512 KiB, and larger",
	.unit = "", .kind = MEASURE_TABLE, .aggregate = AGGREGATE_MEAN,
	.json = "blk_size", .type = MT_ARRAY,
	.dims = { 2, BLK_SIZE_COLUMNS }, .element_name = blk_size_name,
	.flags = MF_OMIT_EMPTY, .collect = collect_blk_size,
};
MEASURE_REGISTER(blk_size_measure);

#define BLK_SEEK_COLUMNS	(2 + BLK_SEEK_BUCKETS)

static void collect_blk_seek(struct run_result *r)
{
	uint64_t *v = result_uints_mut(r, "blk_seek");
	struct blk_queue_stats st;

	queues_stats(&st);
	for (int c = 0; c < 2; c++) {
		uint64_t *row = v + c * BLK_SEEK_COLUMNS;

		row[0] = st.seeks[c];
		row[1] = st.seek_sectors[c];
		for (int b = 0; b < BLK_SEEK_BUCKETS; b++)
			row[2 + b] = st.seek_hist[c][b];
	}
}

static const char *blk_seek_name(unsigned int dim, unsigned int i)
{
	static const char *const names[BLK_SEEK_COLUMNS] = {
		"seeks", "sectors", "zero", "lt_64k", "lt_1m", "lt_16m",
		"lt_256m", "lt_4g", "ge_4g",
	};

	if (dim == 0)
		return sync_name(i);
	return i < BLK_SEEK_COLUMNS ? names[i] : NULL;
}

static struct measure blk_seek_measure = {
	.name = "blk_seek", .doc = "the seek distance from each request "
	"dispatched to the one before it (of either class), as btt's D2D seek "
	"measures it (0 when they overlap), by the class of the one "
	"dispatched: seeks, their sum in sectors, and their histogram: none, "
	"below 64 KiB, 1 MiB, ... 16-fold to 4 GiB, and farther",
	.unit = "", .kind = MEASURE_TABLE, .aggregate = AGGREGATE_MEAN,
	.json = "blk_seek", .type = MT_ARRAY,
	.dims = { 2, BLK_SEEK_COLUMNS }, .element_name = blk_seek_name,
	.flags = MF_OMIT_EMPTY, .collect = collect_blk_seek,
};
MEASURE_REGISTER(blk_seek_measure);

/*
 * ---- measures: CFQ's hw_tag and idling on the disks ---------------------
 *
 * [MODEL] (block/cfq-iosched.c keeps them in the queue's stats): whether
 * CFQ took each disk for one that queues commands, and how long it held
 * the disk idle for a sync queue's next request.  Summed over the disks
 * (the reproduction has one, sda); stretches still open end now.
 */
enum { CFQ_HW_TAG_OFF_NS, CFQ_HW_TAG_ON_NS, CFQ_HW_TAG_WINDOWS,
       CFQ_HW_TAG_FLIPS, CFQ_HW_TAG_FINAL, NR_CFQ_HW_TAG };

static void collect_cfq_hw_tag(struct run_result *r)
{
	uint64_t *v = result_uints_mut(r, "cfq_hw_tag");
	struct scsi_device *sdev;

	list_for_each_entry(sdev, &scsi_devices, siblings) {
		const struct request_queue *q = sdev->request_queue;
		const struct blk_queue_stats *st = &q->stats;
		bool hw_tag = cfq_hw_tag(q);

		v[CFQ_HW_TAG_OFF_NS] += st->hw_tag_ns[0];
		v[CFQ_HW_TAG_ON_NS] += st->hw_tag_ns[1];
		v[hw_tag ? CFQ_HW_TAG_ON_NS : CFQ_HW_TAG_OFF_NS] +=
			sim_now() - st->hw_tag_since;
		v[CFQ_HW_TAG_WINDOWS] += st->hw_tag_windows;
		v[CFQ_HW_TAG_FLIPS] += st->hw_tag_flips;
		v[CFQ_HW_TAG_FINAL] += hw_tag;
	}
}

static const char *cfq_hw_tag_name(unsigned int dim, unsigned int i)
{
	static const char *const cols[NR_CFQ_HW_TAG] = {
		"off_ns", "on_ns", "windows", "flips", "final",
	};

	return i < NR_CFQ_HW_TAG ? cols[i] : NULL;
}

static struct measure cfq_hw_tag_measure = {
	.name = "cfq_hw_tag", .doc = "CFQ's guess that the disk queues "
	"commands (cfq_update_hw_tag): time with hw_tag 0 and 1, its "
	"decisions (windows of 50 completions under load), those that "
	"changed it, and the disks with it 1 at the end",
	.unit = "ns, count", .kind = MEASURE_TABLE, .aggregate = AGGREGATE_MEAN,
	.json = "cfq_hw_tag", .type = MT_ARRAY,
	.dims = { NR_CFQ_HW_TAG, 0 }, .element_name = cfq_hw_tag_name,
	.flags = MF_OMIT_EMPTY, .collect = collect_cfq_hw_tag,
};
MEASURE_REGISTER(cfq_hw_tag_measure);

enum { CFQ_IDLE_WAITS, CFQ_IDLE_TIMEOUTS, CFQ_IDLE_NS, NR_CFQ_IDLE };

static void collect_cfq_idle(struct run_result *r)
{
	uint64_t *v = result_uints_mut(r, "cfq_idle");
	struct scsi_device *sdev;

	list_for_each_entry(sdev, &scsi_devices, siblings) {
		const struct blk_queue_stats *st = &sdev->request_queue->stats;

		v[CFQ_IDLE_WAITS] += st->idle_waits;
		v[CFQ_IDLE_TIMEOUTS] += st->idle_timeouts;
		v[CFQ_IDLE_NS] += st->idle_ns;
	}
}

static const char *cfq_idle_name(unsigned int dim, unsigned int i)
{
	static const char *const cols[NR_CFQ_IDLE] = {
		"waits", "timeouts", "ns",
	};

	return i < NR_CFQ_IDLE ? cols[i] : NULL;
}

static struct measure cfq_idle_measure = {
	.name = "cfq_idle", .doc = "CFQ idling for an empty sync queue's next "
	"request (cfq_arm_slice_timer): waits, those that ran until the idle "
	"timer fired, and their time, each from arming to the timer firing, "
	"its deletion or the next dispatch",
	.unit = "count, ns", .kind = MEASURE_TABLE, .aggregate = AGGREGATE_MEAN,
	.json = "cfq_idle", .type = MT_ARRAY,
	.dims = { NR_CFQ_IDLE, 0 }, .element_name = cfq_idle_name,
	.flags = MF_OMIT_EMPTY, .collect = collect_cfq_idle,
};
MEASURE_REGISTER(cfq_idle_measure);
