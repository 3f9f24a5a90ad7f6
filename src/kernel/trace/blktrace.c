// SPDX-License-Identifier: GPL-2.0
/*
 * blktrace's kernel half, as 2.6.32-rc6 kernel/trace/blktrace.c: the
 * probes on the block trace points fill a struct blk_io_trace
 * (__blk_add_trace) and hand it to the queue's relay channel, preceded
 * by a BLK_TN_PROCESS note the first time a task appears
 * (trace_note_tsk).  The ftrace "blk" tracer, the act_mask/LBA/pid
 * filters of BLKTRACESETUP and the timestamp note are left out:
 * mmsim's --blktrace records every action of every task, as blktrace
 * does by default.
 *
 * Everything in a record is simulated state: the time is sim_now() in
 * ns (ktime_get() counts from boot as the simulation does), the CPU the
 * simulated one, the pid the simulated task's, so a trace is the same
 * bytes for the same run.
 */
#include <endian.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "linux/blkdev.h"
#include "linux/blktrace_api.h"
#include "linux/kernel.h"
#include "util/xalloc.h"

/* MASK_TC_BIT(): the bio flags blktrace shows as categories. */
static uint32_t rw_categories(unsigned long rw)
{
	uint32_t what = (rw & (1UL << BIO_RW)) ? BLK_TC_ACT(BLK_TC_WRITE) :
						  BLK_TC_ACT(BLK_TC_READ);

	if (rw & (1UL << BIO_RW_SYNCIO))
		what |= BLK_TC_ACT(BLK_TC_SYNC);
	if (rw & (1UL << BIO_RW_AHEAD))
		what |= BLK_TC_ACT(BLK_TC_AHEAD);
	return what;
}

/*
 * Hand @t and its @pdu to the relay as the plain record the formatters
 * read (metrics/events.h).  A note (BLK_TC_NOTIFY) has no number in the
 * stream: say so, so that the reader need not know the action bits.
 */
static void relay_record(struct blk_trace *bt, const struct blk_io_trace *t,
			 const void *pdu)
{
	struct blktrace_record r = {
		.magic = t->magic,
		.sequence = t->sequence,
		.time = t->time,
		.sector = t->sector,
		.bytes = t->bytes,
		.action = t->action,
		.pid = t->pid,
		.device = t->device,
		.cpu = t->cpu,
		.error = t->error,
		.note = t->action & BLK_TC_ACT(BLK_TC_NOTIFY),
		.pdu_len = t->pdu_len,
		.pdu = pdu,
	};

	bt->relay(bt->relay_data, &r);
}

/* Grows the noted-pid map to hold @pid. */
static bool noted_before(struct blk_trace *bt, int pid)
{
	size_t idx = (size_t)pid;

	if (idx >= bt->nr_noted) {
		size_t nr = bt->nr_noted ? bt->nr_noted : 64;
		unsigned char *n;

		while (nr <= idx)
			nr *= 2;
		n = xrealloc(bt->noted, nr);
		memset(n + bt->nr_noted, 0, nr - bt->nr_noted);
		bt->noted = n;
		bt->nr_noted = nr;
	}
	if (bt->noted[idx])
		return true;
	bt->noted[idx] = 1;
	return false;
}

/*
 * trace_note(BLK_TN_PROCESS): the task's name as its payload, the whole
 * comm array (TASK_COMM_LEN bytes) as the kernel copies it.  A note has
 * no sequence number, sector or length.
 */
static void trace_note_tsk(struct blk_trace *bt, int cpu, int pid,
			   const char *comm)
{
	struct {
		struct blk_io_trace t;
		char comm[16];
	} n;

	memset(&n, 0, sizeof(n));
	n.t.magic = BLK_IO_TRACE_MAGIC | BLK_IO_TRACE_VERSION;
	n.t.time = (uint64_t)sim_now();
	n.t.device = bt->dev;
	n.t.action = BLK_TN_PROCESS;
	n.t.pid = (uint32_t)pid;
	n.t.cpu = (uint32_t)cpu;
	n.t.pdu_len = sizeof(n.comm);
	snprintf(n.comm, sizeof(n.comm), "%s", comm);
	relay_record(bt, &n.t, n.comm);
	bt->records++;
}

/*
 * __blk_add_trace(): @what gains the direction and the SYNC and AHEAD
 * categories of @rw; the record names the running task (in interrupt
 * context the task interrupted, pid 0 "swapper" on an idle CPU, as
 * current is in the kernel) and the CPU.
 */
static void __blk_add_trace(struct blk_trace *bt, sector_t sector,
			    uint32_t bytes, unsigned long rw, uint32_t what,
			    const void *pdu, uint16_t pdu_len)
{
	struct task_struct *tsk = current;
	int pid = tsk ? tsk->pid : 0;
	int cpu = smp_processor_id();
	struct {
		struct blk_io_trace t;
		unsigned char pdu[sizeof(struct blk_io_trace_remap)];
	} r;

	BUG_ON(pdu_len > sizeof(r.pdu));
	BUG_ON(cpu < 0 || (unsigned int)cpu >= bt->nr_cpus);
	if (!noted_before(bt, pid))
		trace_note_tsk(bt, cpu, pid, tsk ? tsk->comm : "swapper");
	memset(&r, 0, sizeof(r));
	r.t.magic = BLK_IO_TRACE_MAGIC | BLK_IO_TRACE_VERSION;
	r.t.sequence = ++bt->sequence[cpu];
	r.t.time = (uint64_t)sim_now();
	r.t.sector = sector;
	r.t.bytes = bytes;
	r.t.action = what | rw_categories(rw);
	r.t.pid = (uint32_t)pid;
	r.t.device = bt->dev;
	r.t.cpu = (uint32_t)cpu;
	r.t.pdu_len = pdu_len;
	if (pdu_len)
		memcpy(r.pdu, pdu, pdu_len);
	relay_record(bt, &r.t, r.pdu);
	bt->records++;
}

/*
 * blk_add_trace_rq(): a filesystem request.  2.6.32-rc6 passes
 * rq->cmd_flags & 0x03 as the flags, bit 0 being REQ_RW (bit 1,
 * REQ_FAILFAST_DEV, is never set here): a request's records show its
 * direction only, never SYNC (the bios' records do).
 */
void blk_add_trace_rq(struct request_queue *q, struct request *rq,
		      uint32_t what)
{
	struct blk_trace *bt = q->blk_trace;

	if (likely(!bt))
		return;
	__blk_add_trace(bt, rq->sector,
			(uint32_t)rq->nr_sectors << SECTOR_SHIFT,
			(unsigned long)rq_data_dir(rq),
			what | BLK_TC_ACT(BLK_TC_FS), NULL, 0);
}

void blk_add_trace_bio(struct request_queue *q, struct bio *bio,
		       uint32_t what)
{
	struct blk_trace *bt = q->blk_trace;

	if (likely(!bt))
		return;
	__blk_add_trace(bt, bio->bi_sector, (uint32_t)bio_size(bio),
			bio->bi_rw, what, NULL, 0);
}

/* blk_add_trace_getrq() and _sleeprq(): the bio's, or the direction alone. */
void blk_add_trace_getrq(struct request_queue *q, struct bio *bio, int rw,
			 uint32_t what)
{
	struct blk_trace *bt = q->blk_trace;

	if (likely(!bt))
		return;
	if (bio)
		blk_add_trace_bio(q, bio, what);
	else
		__blk_add_trace(bt, 0, 0, (unsigned long)rw, what, NULL, 0);
}

void blk_add_trace_plug(struct request_queue *q)
{
	struct blk_trace *bt = q->blk_trace;

	if (likely(!bt))
		return;
	__blk_add_trace(bt, 0, 0, 0, BLK_TA_PLUG, NULL, 0);
}

/*
 * blk_add_trace_unplug_io() and _unplug_timer(): the payload is the
 * queue's allocated requests, both directions, as a big-endian u64.  A
 * stacked device's queue has none.
 */
void blk_add_trace_unplug(struct request_queue *q, uint32_t what)
{
	struct blk_trace *bt = q->blk_trace;
	uint64_t rpdu;

	if (likely(!bt))
		return;
	rpdu = htobe64((uint64_t)(q->rq.count[0] + q->rq.count[1]));
	__blk_add_trace(bt, 0, 0, 0, what, &rpdu, sizeof(rpdu));
}

/* blk_add_trace_remap(): from @from_dev sector @from to the clone's place. */
void blk_add_trace_remap(struct request_queue *q, struct bio *bio,
			 uint32_t from_dev, sector_t from)
{
	struct blk_trace *bt = q->blk_trace;
	struct blk_io_trace_remap r;

	if (likely(!bt))
		return;
	r.device_from = htobe32(from_dev);
	r.device_to = htobe32(bio->bi_bdev->bd_dev);
	r.sector_from = htobe64(from);
	__blk_add_trace(bt, bio->bi_sector, (uint32_t)bio_size(bio),
			bio->bi_rw, BLK_TA_REMAP, &r, sizeof(r));
}

int blk_trace_setup(struct request_queue *q, uint32_t dev,
		    unsigned int nr_cpus, blk_relay_fn *relay, void *data)
{
	struct blk_trace *bt;

	if (q->blk_trace)
		return -1;
	bt = xcalloc(1, sizeof(*bt));
	bt->sequence = xcalloc(nr_cpus ? nr_cpus : 1, sizeof(*bt->sequence));
	bt->dev = dev;
	bt->nr_cpus = nr_cpus;
	bt->relay = relay;
	bt->relay_data = data;
	q->blk_trace = bt;
	return 0;
}

void blk_trace_remove(struct request_queue *q)
{
	struct blk_trace *bt = q->blk_trace;

	if (!bt)
		return;
	q->blk_trace = NULL;
	free(bt->sequence);
	free(bt->noted);
	free(bt);
}
