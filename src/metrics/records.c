// SPDX-License-Identifier: GPL-2.0
/*
 * Field tables of the shared records (records.h) whose fields name
 * nothing of the kernel's: the saved JSON keys and the CSV columns.  The
 * records whose entries are the kernel's zones, orders and migrate types
 * or the engine's time classes are declared where they are filled.
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
