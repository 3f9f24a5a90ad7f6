// SPDX-License-Identifier: GPL-2.0
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "derived.h"
#include "records.h"
#include "util/xalloc.h"

#define NS_PER_SEC	1e9

struct cw_total result_cw_total(const struct run_result *r, int site,
				int queue)
{
	size_t n, queues = metrics_find("congestion_wait")->dims[1];
	const struct cw_total *cw = result_records(r, "congestion_wait", &n);
	struct cw_total t = { 0 };

	/* The cells go site by site, a queue after the other. */
	for (size_t i = 0; i < n; i++) {
		if ((site >= 0 && i / queues != (size_t)site) ||
		    (queue >= 0 && i % queues != (size_t)queue))
			continue;
		t.calls += cw[i].calls;
		t.timeouts += cw[i].timeouts;
		t.time += cw[i].time;
	}
	return t;
}

double result_cw_seconds(const struct run_result *r)
{
	return (double)result_cw_total(r, -1, -1).time / NS_PER_SEC;
}

unsigned long result_cw_calls(const struct run_result *r)
{
	return (unsigned long)result_cw_total(r, -1, -1).calls;
}

unsigned long result_stalls_over(const struct run_result *r, uint64_t ns)
{
	size_t n;
	const struct latency_sample *l = result_records(r, "latency", &n);
	unsigned long stalls = 0;

	for (size_t i = 0; i < n; i++)
		if (l[i].latency > ns)
			stalls++;
	return stalls;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Linear interpolation between closest ranks (numpy's default). */
double result_latency_percentile(const struct run_result *r, double pct)
{
	size_t n, lo;
	const struct latency_sample *l = result_records(r, "latency", &n);
	double pos, frac, res;
	uint64_t *v;

	if (!n)
		return 0;
	v = xmalloc(n * sizeof(*v));
	for (size_t i = 0; i < n; i++)
		v[i] = l[i].latency;
	qsort(v, n, sizeof(*v), cmp_u64);
	pos = pct / 100.0 * (double)(n - 1);
	lo = (size_t)floor(pos);
	frac = pos - (double)lo;
	res = (double)v[lo];
	if (lo + 1 < n)
		res += frac * ((double)v[lo + 1] - (double)v[lo]);
	free(v);
	return res / NS_PER_SEC;
}

double result_latency_max(const struct run_result *r)
{
	size_t n;
	const struct latency_sample *l = result_records(r, "latency", &n);
	uint64_t m = 0;

	for (size_t i = 0; i < n; i++)
		if (l[i].latency > m)
			m = l[i].latency;
	return (double)m / NS_PER_SEC;
}

unsigned int process_time_classes(const char *processes,
				  const char *const **names)
{
	const struct measure_record *rt = metrics_find(processes)->record;

	for (size_t i = 0; i < rt->nr_fields; i++)
		if (rt->fields[i].offset ==
		    offsetof(struct process_time_record, time)) {
			*names = rt->fields[i].json_names;
			return rt->fields[i].count;
		}
	fprintf(stderr, "mmsim: bug: %s's records declare no time[]\n",
		processes);
	abort();
}

double result_process_time(const struct run_result *r, const char *processes,
			   const char *cls, bool share)
{
	size_t n;
	const struct process_time_record *g =
		result_records(r, processes, &n);
	const char *const *names;
	unsigned int k, nr = process_time_classes(processes, &names);
	uint64_t t = 0, elapsed = 0;

	for (k = 0; k < nr; k++)
		if (!strcmp(names[k], cls))
			break;
	if (k == nr) {
		fprintf(stderr, "mmsim: bug: no task time class '%s'\n", cls);
		abort();
	}
	for (size_t i = 0; i < n; i++) {
		t += g[i].time[k];
		elapsed += g[i].elapsed;
	}
	if (share)
		return elapsed ? (double)t / (double)elapsed : 0;
	return n ? (double)t / NS_PER_SEC / (double)n : 0;
}

/* The row of class @cls in "disk_io", and its length. */
static const uint64_t *disk_row(const struct run_result *r, const char *cls,
				unsigned int *len)
{
	const struct measure *m = metrics_find("disk_io");
	const uint64_t *v = result_uints(r, "disk_io");
	unsigned int c;

	for (c = 0; c < m->dims[0]; c++)
		if (!strcmp(metrics_element_name("disk_io", 0, c), cls))
			break;
	if (c == m->dims[0]) {
		fprintf(stderr, "mmsim: bug: no disk class '%s'\n", cls);
		abort();
	}
	*len = m->dims[1];
	return v + c * m->dims[1];
}

uint64_t result_disk_commands(const struct run_result *r, const char *cls)
{
	unsigned int len;

	return disk_row(r, cls, &len)[0];
}

double result_disk_mean(const struct run_result *r, const char *cls)
{
	unsigned int len;
	const uint64_t *row = disk_row(r, cls, &len);

	return row[0] ? (double)row[1] / (double)row[0] / NS_PER_SEC : 0;
}

/* Columns 2.. are buckets below 64 us << b, the last one unbounded. */
double result_disk_percentile_bound(const struct run_result *r,
				    const char *cls, double pct)
{
	unsigned int len;
	const uint64_t *row = disk_row(r, cls, &len);
	uint64_t seen = 0;

	if (!row[0])
		return 0;
	for (unsigned int b = 2; b < len; b++) {
		seen += row[b];
		if ((double)seen >= pct / 100 * (double)row[0])
			return b + 1 == len ? INFINITY :
			       (double)(64000ULL << (b - 2)) / NS_PER_SEC;
	}
	return INFINITY;
}

double result_disk_util(const struct run_result *r)
{
	uint64_t end = result_uint(r, "sim_end");

	return end ? (double)result_uint(r, "disk_active") / (double)end : 0;
}

double result_array_sum(const struct run_result *r, const char *name, int col)
{
	const struct measure *m = metrics_find(name);
	const uint64_t *v = result_uints(r, name);
	unsigned int cols = m->dims[1] ? m->dims[1] : 1;
	double sum = 0;

	for (unsigned int i = 0; i < m->dims[0]; i++)
		for (unsigned int j = 0; j < cols; j++)
			if (col < 0 || (unsigned int)col == j)
				sum += (double)v[i * cols + j];
	return sum;
}
