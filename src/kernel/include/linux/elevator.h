/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The I/O scheduler interface, as 2.6.32's include/linux/elevator.h: the
 * block core (block/blk-core.c, block/elevator.c) reaches the scheduler
 * only through struct elevator_ops.  mmsim has one scheduler, CFQ
 * (block/cfq-iosched.c), so there is no registration by name; its
 * tunables (the kernel's /sys/block/DEV/queue/iosched/ files) are a
 * struct cfq_params handed to elevator_init.
 */
#ifndef MMSIM_ELEVATOR_H
#define MMSIM_ELEVATOR_H

#include <stdbool.h>
#include "sim/sim.h"
#include "linux/bio.h"

struct request_queue;
struct request;
struct elevator_queue;
struct cfq_params;

typedef int (elevator_merge_fn)(struct request_queue *q,
				struct request **req, struct bio *bio);
typedef void (elevator_merged_fn)(struct request_queue *q,
				  struct request *rq, int type);
typedef int (elevator_may_queue_fn)(struct request_queue *q,
				    unsigned long rw_flags);
typedef void (elevator_merge_req_fn)(struct request_queue *q,
				     struct request *rq,
				     struct request *next);
typedef int (elevator_allow_merge_fn)(struct request_queue *q,
				      struct request *rq, struct bio *bio);
typedef int (elevator_dispatch_fn)(struct request_queue *q, int force);
typedef void (elevator_add_req_fn)(struct request_queue *q,
				   struct request *rq);
typedef int (elevator_queue_empty_fn)(struct request_queue *q);
typedef struct request *(elevator_request_list_fn)(struct request_queue *q,
						   struct request *rq);
typedef void (elevator_completed_req_fn)(struct request_queue *q,
					 struct request *rq);
typedef void *(elevator_init_fn)(struct request_queue *q,
				 const struct cfq_params *p);
typedef void (elevator_exit_fn)(struct elevator_queue *e);

struct elevator_ops {
	elevator_merge_fn *elevator_merge_fn;
	elevator_merged_fn *elevator_merged_fn;
	elevator_merge_req_fn *elevator_merge_req_fn;
	elevator_allow_merge_fn *elevator_allow_merge_fn;

	elevator_dispatch_fn *elevator_dispatch_fn;
	elevator_add_req_fn *elevator_add_req_fn;

	elevator_queue_empty_fn *elevator_queue_empty_fn;
	elevator_completed_req_fn *elevator_completed_req_fn;

	elevator_request_list_fn *elevator_former_req_fn;
	elevator_request_list_fn *elevator_latter_req_fn;

	elevator_may_queue_fn *elevator_may_queue_fn;

	elevator_init_fn *elevator_init_fn;
	elevator_exit_fn *elevator_exit_fn;
};

struct elevator_type {
	struct elevator_ops ops;
	const char *elevator_name;
};

/* Each disk queue has one. */
struct elevator_queue {
	const struct elevator_ops *ops;
	void *elevator_data;		/* the scheduler's: struct cfq_data */
	const struct elevator_type *elevator_type;
};

/* What elv_merge found. */
#define ELEVATOR_NO_MERGE	0
#define ELEVATOR_FRONT_MERGE	1
#define ELEVATOR_BACK_MERGE	2

/* What elv_may_queue answers: MUST lets a request past a full list. */
enum {
	ELV_MQUEUE_MAY,
	ELV_MQUEUE_NO,
	ELV_MQUEUE_MUST,
};

/* The block core's side (block/elevator.c). */
void elv_dispatch_add_tail(struct request_queue *q, struct request *rq);
void elv_insert(struct request_queue *q, struct request *rq);
int elv_merge(struct request_queue *q, struct request **req,
	      struct bio *bio);
bool elv_rq_merge_ok(struct request *rq, struct bio *bio);
void elv_merged_request(struct request_queue *q, struct request *rq, int type);
int elv_may_queue(struct request_queue *q, unsigned long rw_flags);
void elv_merge_requests(struct request_queue *q, struct request *rq,
			struct request *next);
int elv_queue_empty(struct request_queue *q);
struct request *elv_former_request(struct request_queue *q,
				   struct request *rq);
struct request *elv_latter_request(struct request_queue *q,
				   struct request *rq);
void elv_completed_request(struct request_queue *q, struct request *rq);

/* CFQ for @q, with @p (NULL: cfq_default_params). */
void elevator_init(struct request_queue *q, const struct cfq_params *p);
/* Frees the scheduler and any request still queued in it, with its bios. */
void elevator_exit(struct elevator_queue *e);

/* ---- CFQ -------------------------------------------------------------- */

/*
 * CFQ tunables, the kernel's /sys/block/DEV/queue/iosched/ files, with the
 * defaults of 2.6.30-2.6.32 (arrays indexed by is_sync: 0 = async, 1 =
 * sync).  Times are jiffies, as the kernel's; the comment at the top of
 * block/cfq-iosched.c states the rules.
 */
struct cfq_params {
	unsigned int quantum;		/* 4: max dispatched per queue, others busy */
	unsigned long fifo_expire[2];	/* HZ/4, HZ/8 */
	unsigned long slice[2];		/* HZ/25, HZ/10 (prio 4) */
	unsigned int slice_async_rq;	/* 2: async slice <= 2*(2+2*3) = 16 requests */
	unsigned long slice_idle;	/* HZ/125: wait for the next sync request */
	unsigned int back_max;		/* KiB: 16 MiB of backward seek allowed */
	unsigned int back_penalty;	/* 2: a backward seek costs double */
	bool low_latency;		/* 2.6.32's; a kernel without it ignores it */
};

/* The defaults at the current HZ; low_latency as kprofile has it (on only
 * in 2.6.32). */
void cfq_default_params(struct cfq_params *p);

/* CFQ state for tests and reports: a process's sync queue, hw_tag. */
bool cfq_sync_idle_window(const struct request_queue *q, int pid);
unsigned int cfq_nr_sync_queues(const struct request_queue *q);
bool cfq_hw_tag(const struct request_queue *q);

#endif /* MMSIM_ELEVATOR_H */
