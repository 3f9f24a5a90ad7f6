/* SPDX-License-Identifier: GPL-2.0 */
/*
 * blktrace: the block layer's binary event trace, as 2.6.32-rc6's
 * include/linux/blktrace_api.h defines it (b419148e567; the same ABI
 * since 2.6.17, version 7), and what kernel/trace/blktrace.c keeps per
 * traced queue.
 *
 * A record is a 48-byte struct blk_io_trace, then pdu_len bytes of
 * payload (the unplug count, the remap, a process name).  The action
 * word is a basic action (__BLK_TA_*) in its low 16 bits and category
 * bits (BLK_TC_*) above: the direction, SYNC and AHEAD from the bio's
 * flags, FS for a filesystem request, QUEUE/ISSUE/COMPLETE by action.
 * Records are written in the host's byte order (blkparse finds the
 * order from the magic); the remap payload and the unplug count are
 * big-endian, as the kernel writes them.
 *
 * The kernel hands records to relay channels, one per CPU, which the
 * blktrace program copies into DEV.blktrace.CPU.  mmsim's relay is a
 * function (struct blk_trace .relay) that the caller of
 * blk_trace_setup() provides, handed each record as the plain struct
 * blktrace_record of metrics/events.h: src/report/blktrace.c writes the
 * files from them, experiment/trace_sink.c wires the two.
 * docs/trace.md ("blktrace") has what is recorded where.
 */
#ifndef MMSIM_BLKTRACE_API_H
#define MMSIM_BLKTRACE_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "linux/bio.h"
#include "metrics/events.h"

/* Trace categories (16 bits, above the action) */
enum blktrace_cat {
	BLK_TC_READ	= 1 << 0,	/* reads */
	BLK_TC_WRITE	= 1 << 1,	/* writes */
	BLK_TC_BARRIER	= 1 << 2,	/* barrier */
	BLK_TC_SYNC	= 1 << 3,	/* sync IO */
	BLK_TC_QUEUE	= 1 << 4,	/* queueing/merging */
	BLK_TC_REQUEUE	= 1 << 5,	/* requeueing */
	BLK_TC_ISSUE	= 1 << 6,	/* issue */
	BLK_TC_COMPLETE	= 1 << 7,	/* completions */
	BLK_TC_FS	= 1 << 8,	/* fs requests */
	BLK_TC_PC	= 1 << 9,	/* pc requests */
	BLK_TC_NOTIFY	= 1 << 10,	/* special message */
	BLK_TC_AHEAD	= 1 << 11,	/* readahead */
	BLK_TC_META	= 1 << 12,	/* metadata */
	BLK_TC_DISCARD	= 1 << 13,	/* discard requests */
	BLK_TC_DRV_DATA	= 1 << 14,	/* binary per-driver data */
};

#define BLK_TC_SHIFT		16
#define BLK_TC_ACT(act)		((uint32_t)(act) << BLK_TC_SHIFT)

/* Basic actions */
enum blktrace_act {
	__BLK_TA_QUEUE = 1,		/* queued */
	__BLK_TA_BACKMERGE,		/* back merged to existing rq */
	__BLK_TA_FRONTMERGE,		/* front merge to existing rq */
	__BLK_TA_GETRQ,			/* allocated new request */
	__BLK_TA_SLEEPRQ,		/* sleeping on rq allocation */
	__BLK_TA_REQUEUE,		/* request requeued */
	__BLK_TA_ISSUE,			/* sent to driver */
	__BLK_TA_COMPLETE,		/* completed by driver */
	__BLK_TA_PLUG,			/* queue was plugged */
	__BLK_TA_UNPLUG_IO,		/* queue was unplugged by io */
	__BLK_TA_UNPLUG_TIMER,		/* queue was unplugged by timer */
	__BLK_TA_INSERT,		/* insert request */
	__BLK_TA_SPLIT,			/* bio was split */
	__BLK_TA_BOUNCE,		/* bio was bounced */
	__BLK_TA_REMAP,			/* bio was remapped */
	__BLK_TA_ABORT,			/* request aborted */
	__BLK_TA_DRV_DATA,		/* driver-specific binary data */
};

/* Notify events */
enum blktrace_notify {
	__BLK_TN_PROCESS = 0,		/* establish pid/name mapping */
	__BLK_TN_TIMESTAMP,		/* include system clock */
	__BLK_TN_MESSAGE,		/* character string message */
};

#define BLK_TA_QUEUE		(__BLK_TA_QUEUE | BLK_TC_ACT(BLK_TC_QUEUE))
#define BLK_TA_BACKMERGE	(__BLK_TA_BACKMERGE | BLK_TC_ACT(BLK_TC_QUEUE))
#define BLK_TA_FRONTMERGE	(__BLK_TA_FRONTMERGE | BLK_TC_ACT(BLK_TC_QUEUE))
#define BLK_TA_GETRQ		(__BLK_TA_GETRQ | BLK_TC_ACT(BLK_TC_QUEUE))
#define BLK_TA_SLEEPRQ		(__BLK_TA_SLEEPRQ | BLK_TC_ACT(BLK_TC_QUEUE))
#define BLK_TA_REQUEUE		(__BLK_TA_REQUEUE | BLK_TC_ACT(BLK_TC_REQUEUE))
#define BLK_TA_ISSUE		(__BLK_TA_ISSUE | BLK_TC_ACT(BLK_TC_ISSUE))
#define BLK_TA_COMPLETE		(__BLK_TA_COMPLETE | BLK_TC_ACT(BLK_TC_COMPLETE))
#define BLK_TA_PLUG		(__BLK_TA_PLUG | BLK_TC_ACT(BLK_TC_QUEUE))
#define BLK_TA_UNPLUG_IO	(__BLK_TA_UNPLUG_IO | BLK_TC_ACT(BLK_TC_QUEUE))
#define BLK_TA_UNPLUG_TIMER	(__BLK_TA_UNPLUG_TIMER | BLK_TC_ACT(BLK_TC_QUEUE))
#define BLK_TA_INSERT		(__BLK_TA_INSERT | BLK_TC_ACT(BLK_TC_QUEUE))
#define BLK_TA_SPLIT		(__BLK_TA_SPLIT)
#define BLK_TA_BOUNCE		(__BLK_TA_BOUNCE)
#define BLK_TA_REMAP		(__BLK_TA_REMAP | BLK_TC_ACT(BLK_TC_QUEUE))
#define BLK_TA_ABORT		(__BLK_TA_ABORT | BLK_TC_ACT(BLK_TC_QUEUE))

#define BLK_TN_PROCESS		(__BLK_TN_PROCESS | BLK_TC_ACT(BLK_TC_NOTIFY))
#define BLK_TN_TIMESTAMP	(__BLK_TN_TIMESTAMP | BLK_TC_ACT(BLK_TC_NOTIFY))
#define BLK_TN_MESSAGE		(__BLK_TN_MESSAGE | BLK_TC_ACT(BLK_TC_NOTIFY))

#define BLK_IO_TRACE_MAGIC	0x65617400
#define BLK_IO_TRACE_VERSION	0x07

/* The record (the "time" field is nanoseconds, whatever its name says). */
struct blk_io_trace {
	uint32_t magic;		/* MAGIC << 8 | version */
	uint32_t sequence;	/* event number, per CPU and device */
	uint64_t time;		/* in nanoseconds */
	uint64_t sector;	/* disk offset */
	uint32_t bytes;		/* transfer length */
	uint32_t action;	/* what happened */
	uint32_t pid;		/* who did it */
	uint32_t device;	/* device number (linux/kdev_t.h) */
	uint32_t cpu;		/* on what cpu did it happen */
	uint16_t error;		/* completion error */
	uint16_t pdu_len;	/* length of data after this trace */
};

/* The payload of a remap: every field big-endian. */
struct blk_io_trace_remap {
	uint32_t device_from;
	uint32_t device_to;
	uint64_t sector_from;
};

_Static_assert(sizeof(struct blk_io_trace) == 48, "blk_io_trace is 48 bytes");
_Static_assert(sizeof(struct blk_io_trace_remap) == 16, "the remap pdu is 16 bytes");

/* ---- the kernel side (kernel/trace/blktrace.c) ------------------------- */

struct request_queue;
struct request;

/*
 * mmsim's relay channel: one record (a struct blk_io_trace and its
 * payload), written on @r->cpu.  The kernel's relay_reserve() copies into
 * a per-CPU sub-buffer that the blktrace program reads; this one is
 * called at once, and @r and its payload live only for the call.
 */
typedef void (blk_relay_fn)(void *data, const struct blktrace_record *r);

struct blk_trace {
	uint32_t dev;			/* the queue's device number */
	unsigned int nr_cpus;
	uint32_t *sequence;		/* per CPU: the last record's number */
	/*
	 * Pids already named by a BLK_TN_PROCESS note on this device.  The
	 * kernel notes a task once per trace session (task_struct's
	 * btrace_seq), on whichever traced device it reaches first; mmsim
	 * notes it once per device, so that each device's files name every
	 * pid they hold (blkparse -i sda alone reads no other device's).
	 */
	unsigned char *noted;
	size_t nr_noted;
	blk_relay_fn *relay;
	void *relay_data;
	unsigned long records;		/* written, notes included */
};

/*
 * BLKTRACESETUP + BLKTRACESTART: trace @q as device @dev on @nr_cpus
 * CPUs, handing every record to @relay.  0, or -1 if @q is traced already.
 */
int blk_trace_setup(struct request_queue *q, uint32_t dev,
		    unsigned int nr_cpus, blk_relay_fn *relay, void *data);
/* BLKTRACESTOP + BLKTRACETEARDOWN: no more records from @q. */
void blk_trace_remove(struct request_queue *q);

/*
 * The probes blktrace registers on the block trace points
 * (include/trace/events/block.h calls them while q->blk_trace is set).
 */
void blk_add_trace_rq(struct request_queue *q, struct request *rq,
		      uint32_t what);
void blk_add_trace_bio(struct request_queue *q, struct bio *bio,
		       uint32_t what);
void blk_add_trace_getrq(struct request_queue *q, struct bio *bio, int rw,
			 uint32_t what);
void blk_add_trace_plug(struct request_queue *q);
void blk_add_trace_unplug(struct request_queue *q, uint32_t what);
void blk_add_trace_remap(struct request_queue *q, struct bio *bio,
			 uint32_t from_dev, sector_t from);

#endif /* MMSIM_BLKTRACE_API_H */
