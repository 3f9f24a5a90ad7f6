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
#include "metrics/metrics.h"

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
	struct block_device *bdev = calloc(1, sizeof(*bdev));
	struct scsi_device *sdev = calloc(1, sizeof(*sdev));
	const struct disk_params *p;
	struct request_queue *q;

	if (!bdev || !sdev)
		abort();
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
