/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What one simulated run produces: the measures of the 2009 test, the
 * kernel's counters at the end, time series, and where the run came from.
 * Runs in other processes (compare -j, GNU parallel jobs) hand their result
 * over as JSON, so everything here round-trips through result_to_json() and
 * result_from_json().
 */
#ifndef MMSIM_RESULT_H
#define MMSIM_RESULT_H

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>
#include "sim/sim.h"
#include "linux/mmzone.h"

#define RESULT_NR_CW_SITES 16
#define RESULT_NR_CW_QUEUES 3
#define RESULT_NR_CW_ORDERS 11		/* MAX_ORDER */

struct latency_sample {
	sim_time_t when;		/* since the start of the run */
	sim_time_t latency;		/* since the previous line */
};

struct sample_point {
	sim_time_t when;
	unsigned long free[MAX_NR_ZONES];	/* NR_FREE_PAGES per zone */
	unsigned long nr_dirty;
	unsigned long nr_writeback;
	unsigned long nr_anon;
	unsigned long nr_file;
	unsigned long swap_used;
	unsigned int kswapd_awake;
	unsigned long alloc_failures;		/* cumulative */
	sim_time_t cw_time;			/* cumulative congestion_wait ns */
};

struct cw_total {
	unsigned long calls;
	unsigned long timeouts;			/* waited the full timeout */
	sim_time_t time;			/* ns */
};

/* One line of the failure-reason tally (report/explain.c). */
#define RESULT_REASON_LEN 192
struct failure_reason {
	char reason[RESULT_REASON_LEN];		/* the tally key, as text */
	char example[RESULT_REASON_LEN];	/* the numbers of its first instance */
	unsigned long count;
};

struct run_result {
	char kernel[96];
	char scenario[128];
	char arch[16];
	uint64_t seed;
	bool partial;				/* stopped early (SIGINT, limit) */
	bool panicked;				/* the simulated kernel panicked (OOM with nothing to kill) */
	double wall_seconds;			/* the only wall-clock field */

	sim_time_t sim_end;
	bool gitk_done;
	sim_time_t gitk_elapsed;
	unsigned long failures_printed;		/* what kern.log showed: Mel's column */
	unsigned long failures_total;		/* including __GFP_NOWARN and ratelimited */
	unsigned long oom_kills;
	unsigned long packets_received;
	unsigned long packets_dropped;
	unsigned long music_bytes;

	struct cw_total cw[RESULT_NR_CW_SITES][RESULT_NR_CW_QUEUES];
	/* kswapd's congestion_wait calls by the order balance_pgdat was
	 * working at (JSON "kswapd_cw_by_order", optional: all 0 in results
	 * written before it existed). */
	struct cw_total kswapd_cw_order[RESULT_NR_CW_ORDERS];

	unsigned long vm_events[NR_VM_EVENT_ITEMS];
	long vm_stat[NR_VM_ZONE_STAT_ITEMS];
	/* zone->watermark[] in pages, for the free-pages plots; all 0 when
	 * the run did not record them (JSON "watermarks", optional). */
	unsigned long watermark[MAX_NR_ZONES][NR_WMARK];

	struct latency_sample *latency;
	size_t nr_latency;
	struct sample_point *samples;
	size_t nr_samples;
	char *kern_log;				/* failure reports, kernel text */
	/* Why the allocations failed (JSON "failure_reasons", "explain";
	 * optional: empty in results written before they existed). */
	struct failure_reason *reasons;		/* most frequent first */
	size_t nr_reasons;
	char *explain;				/* the "why" paragraphs */
};

void result_init(struct run_result *r);
void result_free(struct run_result *r);
void result_add_latency(struct run_result *r, sim_time_t when,
			sim_time_t latency);
void result_add_sample(struct run_result *r, const struct sample_point *s);

/* Derived measures for tables. */
double result_cw_seconds(const struct run_result *r);
unsigned long result_cw_calls(const struct run_result *r);
unsigned long result_stalls_over(const struct run_result *r, sim_time_t t);
double result_latency_percentile(const struct run_result *r, double pct);
double result_latency_max(const struct run_result *r);

/* JSON (jansson) round trip: returns a malloc'd string / 0 on success. */
char *result_to_json(const struct run_result *r, bool with_series);
int result_from_json(const char *text, struct run_result *r, char *err,
		     size_t errlen);

#endif
