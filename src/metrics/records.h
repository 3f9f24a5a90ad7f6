/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The records of the measures more than one layer reads: their C layout
 * and their field tables (saved names, CSV columns), defined in
 * records.c but where the entries are named by the producer: the
 * sample's zones in experiment/run.c, the buddy sample's orders and
 * migrate types in kernel mm/vmstat.c, the process record's time classes
 * in workload/gitk.c.  The measures themselves are declared where they
 * are produced:
 *
 *   latency		workload/program.c: progress lines, as latency-output
 *			records them (gitk; sleeper's wake-up lateness)
 *   samples		experiment/run.c: the time series, one record per
 *			sampling interval
 *   buddy		metrics/buddy_series.c: each populated zone's free
 *			blocks per migrate type and order, and pageblocks per
 *			migrate type, at every sample
 *   congestion_wait	kernel mm/backing-dev.c: congestion_wait totals by
 *   kswapd_cw_by_order	call site and queue, and kswapd's by order
 *   failure_reasons	experiment/run.c: the tally of why allocations failed
 *   gitk_instances	workload/gitk.c: each fake gitk process's elapsed
 *			time and where it went
 *   mempool_waits	kernel mm/mempool.c: mempool_alloc's sleeps per pool
 *			and waiter
 */
#ifndef MMSIM_METRICS_RECORDS_H
#define MMSIM_METRICS_RECORDS_H

#include <stdint.h>
#include "metrics.h"

/*
 * The sizes of the saved layouts' arrays.  The structs below need them
 * when compiled, and metrics/ and report/ may not include the kernel's or
 * the engine's headers that count the entries (scripts/check-layers.sh),
 * so each is written here, once.  They are capacities: the code that
 * fills a record checks with a _Static_assert that its count fits, and
 * its field declaration (struct measure_field .count and .json_names, or
 * a measure's dims and element names) says how many entries there are and
 * what they are called; readers take both from there, not from these.
 */
#define SAMPLE_ZONES		5	/* MAX_NR_ZONES: experiment/run.c */
#define BUDDY_ORDERS		11	/* MAX_ORDER: kernel mm/vmstat.c */
#define BUDDY_MIGRATETYPES	5	/* MIGRATE_TYPES: kernel mm/vmstat.c */
#define PROCESS_TIME_CLASSES	11	/* NR_TASK_TIME: workload/gitk.c */
/* One process of a program that runs several (fake gitk's instances,
 * workload/gitk.c): when it started, how long it took, and where that time
 * went, in ns per class. */
struct process_time_record {
	uint64_t instance;			/* 0, 1, ... in start order */
	uint64_t started;			/* ns since boot */
	uint64_t elapsed;			/* start to the end of its work */
	uint64_t done;				/* 1: it finished its work */
	/* By class of a task's time (sim/sim.h enum task_time, as many
	 * as process_time_record's "time_ns" field says): adds up to
	 * elapsed. */
	uint64_t time[PROCESS_TIME_CLASSES];
	uint64_t token_ns;		/* of it holding the swap token */
	uint64_t swapins;		/* major faults on its anonymous memory
					 * in its second passes: swap-ins */
	uint64_t passes;		/* second passes (gitk's map) done */
	uint64_t passes_thrashed;	/* of them, more waiting for swap-in
					 * than on a CPU */
};

/* A progress line: when it appeared, and the time since the previous. */
struct latency_sample {
	uint64_t when;			/* ns since the start of the run */
	uint64_t latency;		/* ns */
};

/* One sampling interval of the time series. */
struct sample_point {
	uint64_t when;				/* ns */
	uint64_t free[SAMPLE_ZONES];		/* NR_FREE_PAGES per zone type */
	uint64_t nr_dirty;
	uint64_t nr_writeback;
	uint64_t nr_anon;
	uint64_t nr_file;
	uint64_t swap_used;
	unsigned int kswapd_awake;		/* nodes whose kswapd is not asleep */
	uint64_t alloc_failures;		/* cumulative */
	uint64_t cw_time;			/* cumulative congestion_wait ns */
	/*
	 * The fragmentation zone (buddy_series.c: node 0's preferred zone of
	 * GFP_ATOMIC): pages on its free lists, those of them in blocks of
	 * the run's fragmentation order or more (filled in at the end of the
	 * run), and 0, 1 (below the low watermark) or 2 (below min).
	 * Absent from results written before they were recorded: 0.
	 */
	uint64_t frag_free;
	uint64_t frag_highorder;
	uint64_t frag_below;
};

/*
 * One populated zone at one sample: /proc/pagetypeinfo over time.  The
 * free blocks of each order on each migrate type's free lists, the
 * pageblocks of each migrate type, and free pages twice: the zone's
 * NR_FREE_PAGES as the allocator reads it (folded, without the per-cpu
 * differentials) and the pages on its free lists.
 */
struct buddy_sample {
	uint64_t when;				/* ns */
	uint32_t nid;
	char zone[8];				/* zone_names[] */
	uint64_t nr_free_pages;
	uint64_t free_pages;
	uint64_t nr_free[BUDDY_MIGRATETYPES][BUDDY_ORDERS];
	uint64_t pageblocks[BUDDY_MIGRATETYPES];
};

/* congestion_wait calls of one site and queue (or one order). */
struct cw_total {
	uint64_t calls;
	uint64_t timeouts;			/* waited the full timeout */
	uint64_t time;				/* ns */
};

/* One line of the failure-reason tally (report/explain.c). */
#define RESULT_REASON_LEN 192
struct failure_reason {
	char reason[RESULT_REASON_LEN];		/* the tally key, as text */
	char example[RESULT_REASON_LEN];	/* the numbers of its first instance */
	uint64_t count;
};

/*
 * The sleeps in mempool_alloc of one kind of waiter (kswapd, direct
 * reclaim, a flusher, ...) and one task name on one pool: calls that
 * slept, io_schedule_timeout rounds, and ns from the first sleep to the
 * element (kernel mm/mempool.c).
 */
#define RESULT_POOL_NAME_LEN	32
#define RESULT_COMM_LEN		16
struct mempool_wait_record {
	char pool[RESULT_POOL_NAME_LEN];
	char waiter[RESULT_COMM_LEN];
	char comm[RESULT_COMM_LEN];
	uint64_t waits;
	uint64_t sleeps;
	uint64_t time;				/* ns */
	uint64_t max;				/* ns, the longest wait */
};

extern const struct measure_record latency_sample_record;
/* experiment/run.c: free pages by the kernel's zone_names[]. */
extern const struct measure_record sample_point_record;
/* kernel mm/vmstat.c: by migratetype_names[] and order. */
extern const struct measure_record buddy_sample_record;
extern const struct measure_record cw_total_record;
extern const struct measure_record failure_reason_record;
extern const struct measure_record mempool_wait_record;
/* workload/gitk.c: its time[] by the engine's classes. */
extern const struct measure_record process_time_record;

#endif /* MMSIM_METRICS_RECORDS_H */
