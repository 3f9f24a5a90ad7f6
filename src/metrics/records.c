// SPDX-License-Identifier: GPL-2.0
/*
 * Field tables of the shared records (records.h): the saved JSON keys and
 * the CSV columns of the run folders' runs/STEM.csv and STEM-latency.csv.
 */
#include "records.h"

static const struct measure_field latency_sample_fields[] = {
	{ .json = "when", .csv = "seconds", .type = FIELD_UINT,
	  MEASURE_FIELD(struct latency_sample, when), MEASURE_NS_AS_SECONDS(4) },
	{ .json = "latency", .csv = "latency", .type = FIELD_UINT,
	  MEASURE_FIELD(struct latency_sample, latency), MEASURE_NS_AS_SECONDS(4) },
};

const struct measure_record latency_sample_record = {
	.name = "latency_sample",
	.fields = latency_sample_fields,
	.nr_fields = sizeof(latency_sample_fields) / sizeof(latency_sample_fields[0]),
	.size = sizeof(struct latency_sample),
	.tuple = true,		/* [when, latency] */
};

static const char *const zone_csv_names[RESULT_NR_ZONES] = {
	"free_dma", "free_dma32", "free_normal", "free_highmem", "free_movable",
};

/* The kernel's zone_names[] (mm/page_alloc.c), by zone type. */
static const char *const zone_json_names[RESULT_NR_ZONES] = {
	"DMA", "DMA32", "Normal", "HighMem", "Movable",
};

static const struct measure_field sample_point_fields[] = {
	{ .json = "t", .csv = "seconds", .type = FIELD_UINT,
	  MEASURE_FIELD(struct sample_point, when), MEASURE_NS_AS_SECONDS(3) },
	{ .json = "free", .csv = "free", .type = FIELD_UINTS,
	  MEASURE_FIELD(struct sample_point, free), .count = RESULT_NR_ZONES,
	  .csv_names = zone_csv_names, .json_names = zone_json_names },
	{ .json = "nr_dirty", .csv = "nr_dirty", .type = FIELD_UINT,
	  MEASURE_FIELD(struct sample_point, nr_dirty) },
	{ .json = "nr_writeback", .csv = "nr_writeback", .type = FIELD_UINT,
	  MEASURE_FIELD(struct sample_point, nr_writeback) },
	{ .json = "nr_anon", .csv = "nr_anon", .type = FIELD_UINT,
	  MEASURE_FIELD(struct sample_point, nr_anon) },
	{ .json = "nr_file", .csv = "nr_file", .type = FIELD_UINT,
	  MEASURE_FIELD(struct sample_point, nr_file) },
	{ .json = "swap_used", .csv = "swap_used", .type = FIELD_UINT,
	  MEASURE_FIELD(struct sample_point, swap_used) },
	{ .json = "kswapd_awake", .csv = "kswapd_awake", .type = FIELD_UINT,
	  MEASURE_FIELD(struct sample_point, kswapd_awake) },
	{ .json = "alloc_failures", .csv = "alloc_failures", .type = FIELD_UINT,
	  MEASURE_FIELD(struct sample_point, alloc_failures) },
	{ .json = "cw_time", .csv = "congestion_wait_seconds", .type = FIELD_UINT,
	  MEASURE_FIELD(struct sample_point, cw_time), MEASURE_NS_AS_SECONDS(6) },
	{ .json = "frag_free", .csv = "frag_free", .type = FIELD_UINT,
	  MEASURE_FIELD(struct sample_point, frag_free), .optional = true },
	{ .json = "frag_highorder", .csv = "frag_highorder", .type = FIELD_UINT,
	  MEASURE_FIELD(struct sample_point, frag_highorder), .optional = true },
	{ .json = "frag_below_wmark", .csv = "frag_below_wmark", .type = FIELD_UINT,
	  MEASURE_FIELD(struct sample_point, frag_below), .optional = true },
};

const struct measure_record sample_point_record = {
	.name = "sample_point",
	.fields = sample_point_fields,
	.nr_fields = sizeof(sample_point_fields) / sizeof(sample_point_fields[0]),
	.size = sizeof(struct sample_point),
};

/* The kernel's migratetype_names[] (mm/vmstat.c). */
static const char *const migratetype_json_names[RESULT_NR_MIGRATETYPES] = {
	"Unmovable", "Reclaimable", "Movable", "Reserve", "Isolate",
};

#define ORDER_COLUMNS(mt)						\
	mt "_0", mt "_1", mt "_2", mt "_3", mt "_4", mt "_5", mt "_6",	\
	mt "_7", mt "_8", mt "_9", mt "_10"

static const char *const buddy_csv_names[RESULT_NR_MIGRATETYPES][RESULT_NR_ORDERS] = {
	{ ORDER_COLUMNS("Unmovable") }, { ORDER_COLUMNS("Reclaimable") },
	{ ORDER_COLUMNS("Movable") }, { ORDER_COLUMNS("Reserve") },
	{ ORDER_COLUMNS("Isolate") },
};

static const char *const pageblock_csv_names[RESULT_NR_MIGRATETYPES] = {
	"pageblocks_Unmovable", "pageblocks_Reclaimable", "pageblocks_Movable",
	"pageblocks_Reserve", "pageblocks_Isolate",
};

#define BUDDY_FREE_FIELD(mt, name)					\
	{ .json = name, .csv = "free",					\
	  .type = FIELD_UINTS,						\
	  MEASURE_FIELD(struct buddy_sample, nr_free[mt]),		\
	  .count = RESULT_NR_ORDERS, .csv_names = buddy_csv_names[mt] }

static const struct measure_field buddy_sample_fields[] = {
	{ .json = "t", .csv = "seconds", .type = FIELD_UINT,
	  MEASURE_FIELD(struct buddy_sample, when), MEASURE_NS_AS_SECONDS(3) },
	{ .json = "node", .csv = "node", .type = FIELD_UINT,
	  MEASURE_FIELD(struct buddy_sample, nid) },
	{ .json = "zone", .csv = "zone", .type = FIELD_CHARS,
	  MEASURE_FIELD(struct buddy_sample, zone) },
	{ .json = "nr_free_pages", .csv = "nr_free_pages", .type = FIELD_UINT,
	  MEASURE_FIELD(struct buddy_sample, nr_free_pages) },
	{ .json = "free_pages", .csv = "free_pages", .type = FIELD_UINT,
	  MEASURE_FIELD(struct buddy_sample, free_pages) },
	BUDDY_FREE_FIELD(0, "Unmovable"), BUDDY_FREE_FIELD(1, "Reclaimable"),
	BUDDY_FREE_FIELD(2, "Movable"), BUDDY_FREE_FIELD(3, "Reserve"),
	BUDDY_FREE_FIELD(4, "Isolate"),
	{ .json = "pageblocks", .csv = "pageblocks", .type = FIELD_UINTS,
	  MEASURE_FIELD(struct buddy_sample, pageblocks),
	  .count = RESULT_NR_MIGRATETYPES, .csv_names = pageblock_csv_names,
	  .json_names = migratetype_json_names },
};

const struct measure_record buddy_sample_record = {
	.name = "buddy_sample",
	.fields = buddy_sample_fields,
	.nr_fields = sizeof(buddy_sample_fields) / sizeof(buddy_sample_fields[0]),
	.size = sizeof(struct buddy_sample),
};

static const struct measure_field cw_total_fields[] = {
	/* The first field says whether a cell of a grid is saved. */
	{ .json = "calls", .csv = "calls", .type = FIELD_UINT,
	  MEASURE_FIELD(struct cw_total, calls), .title = "calls" },
	{ .json = "timeouts", .csv = "timeouts", .type = FIELD_UINT,
	  MEASURE_FIELD(struct cw_total, timeouts), .title = "timeouts" },
	{ .json = "time_ns", .csv = "time_ns", .type = FIELD_UINT,
	  MEASURE_FIELD(struct cw_total, time), .title = "seconds",
	  .unit = "ns" },
};

const struct measure_record cw_total_record = {
	.name = "cw_total",
	.fields = cw_total_fields,
	.nr_fields = sizeof(cw_total_fields) / sizeof(cw_total_fields[0]),
	.size = sizeof(struct cw_total),
};

static const struct measure_field failure_reason_fields[] = {
	{ .json = "reason", .csv = "reason", .type = FIELD_CHARS,
	  MEASURE_FIELD(struct failure_reason, reason) },
	{ .json = "example", .csv = "example", .type = FIELD_CHARS,
	  MEASURE_FIELD(struct failure_reason, example) },
	{ .json = "count", .csv = "count", .type = FIELD_UINT,
	  MEASURE_FIELD(struct failure_reason, count) },
};

const struct measure_record failure_reason_record = {
	.name = "failure_reason",
	.fields = failure_reason_fields,
	.nr_fields = sizeof(failure_reason_fields) / sizeof(failure_reason_fields[0]),
	.size = sizeof(struct failure_reason),
};

static const struct measure_field mempool_wait_fields[] = {
	{ .json = "pool", .csv = "pool", .type = FIELD_CHARS,
	  MEASURE_FIELD(struct mempool_wait_record, pool) },
	{ .json = "waiter", .csv = "waiter", .type = FIELD_CHARS,
	  MEASURE_FIELD(struct mempool_wait_record, waiter) },
	{ .json = "comm", .csv = "comm", .type = FIELD_CHARS,
	  MEASURE_FIELD(struct mempool_wait_record, comm) },
	{ .json = "waits", .csv = "waits", .type = FIELD_UINT,
	  MEASURE_FIELD(struct mempool_wait_record, waits) },
	{ .json = "sleeps", .csv = "sleeps", .type = FIELD_UINT,
	  MEASURE_FIELD(struct mempool_wait_record, sleeps) },
	{ .json = "time_ns", .csv = "time", .type = FIELD_UINT,
	  MEASURE_FIELD(struct mempool_wait_record, time), MEASURE_NS_AS_SECONDS(6) },
	{ .json = "max_ns", .csv = "max", .type = FIELD_UINT,
	  MEASURE_FIELD(struct mempool_wait_record, max), MEASURE_NS_AS_SECONDS(6) },
};

const struct measure_record mempool_wait_record = {
	.name = "mempool_wait",
	.fields = mempool_wait_fields,
	.nr_fields = sizeof(mempool_wait_fields) / sizeof(mempool_wait_fields[0]),
	.size = sizeof(struct mempool_wait_record),
};
