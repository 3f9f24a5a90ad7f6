// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <jansson.h>
#include "result.h"

void result_init(struct run_result *r)
{
	memset(r, 0, sizeof(*r));
}

void result_free(struct run_result *r)
{
	free(r->latency);
	free(r->samples);
	free(r->kern_log);
	free(r->reasons);
	free(r->explain);
	memset(r, 0, sizeof(*r));
}

/* Grow-by-doubling append; capacity is implied by the power-of-two count. */
static void *grow(void *base, size_t nr, size_t size)
{
	if (nr && (nr & (nr - 1)))
		return base;
	base = realloc(base, (nr ? nr * 2 : 16) * size);
	if (!base)
		abort();
	return base;
}

void result_add_latency(struct run_result *r, sim_time_t when,
			sim_time_t latency)
{
	r->latency = grow(r->latency, r->nr_latency, sizeof(*r->latency));
	r->latency[r->nr_latency].when = when;
	r->latency[r->nr_latency].latency = latency;
	r->nr_latency++;
}

void result_add_sample(struct run_result *r, const struct sample_point *s)
{
	r->samples = grow(r->samples, r->nr_samples, sizeof(*r->samples));
	r->samples[r->nr_samples++] = *s;
}

double result_cw_seconds(const struct run_result *r)
{
	sim_time_t t = 0;

	for (int s = 0; s < RESULT_NR_CW_SITES; s++)
		for (int q = 0; q < RESULT_NR_CW_QUEUES; q++)
			t += r->cw[s][q].time;
	return (double)t / NSEC_PER_SEC;
}

unsigned long result_cw_calls(const struct run_result *r)
{
	unsigned long n = 0;

	for (int s = 0; s < RESULT_NR_CW_SITES; s++)
		for (int q = 0; q < RESULT_NR_CW_QUEUES; q++)
			n += r->cw[s][q].calls;
	return n;
}

unsigned long result_stalls_over(const struct run_result *r, sim_time_t t)
{
	unsigned long n = 0;

	for (size_t i = 0; i < r->nr_latency; i++)
		if (r->latency[i].latency > t)
			n++;
	return n;
}

static int cmp_time(const void *a, const void *b)
{
	sim_time_t x = *(const sim_time_t *)a, y = *(const sim_time_t *)b;

	return x < y ? -1 : x > y;
}

/* Linear interpolation between closest ranks (numpy's default). */
double result_latency_percentile(const struct run_result *r, double pct)
{
	sim_time_t *v;
	double pos, frac, res;
	size_t lo;

	if (!r->nr_latency)
		return 0;
	v = malloc(r->nr_latency * sizeof(*v));
	if (!v)
		abort();
	for (size_t i = 0; i < r->nr_latency; i++)
		v[i] = r->latency[i].latency;
	qsort(v, r->nr_latency, sizeof(*v), cmp_time);
	pos = pct / 100.0 * (double)(r->nr_latency - 1);
	lo = (size_t)floor(pos);
	frac = pos - (double)lo;
	res = (double)v[lo];
	if (lo + 1 < r->nr_latency)
		res += frac * ((double)v[lo + 1] - (double)v[lo]);
	free(v);
	return res / NSEC_PER_SEC;
}

double result_latency_max(const struct run_result *r)
{
	sim_time_t m = 0;

	for (size_t i = 0; i < r->nr_latency; i++)
		if (r->latency[i].latency > m)
			m = r->latency[i].latency;
	return (double)m / NSEC_PER_SEC;
}

/* ---- JSON ------------------------------------------------------------ */

#define U64(x) json_integer((json_int_t)(x))

static json_t *cw_to_json(const struct run_result *r)
{
	json_t *a = json_array();

	for (int s = 0; s < RESULT_NR_CW_SITES; s++)
		for (int q = 0; q < RESULT_NR_CW_QUEUES; q++) {
			const struct cw_total *c = &r->cw[s][q];

			if (!c->calls)
				continue;
			json_array_append_new(a, json_pack("{s:i,s:i,s:I,s:I,s:I}",
				"site", s, "queue", q,
				"calls", (json_int_t)c->calls,
				"timeouts", (json_int_t)c->timeouts,
				"time_ns", (json_int_t)c->time));
		}
	return a;
}

static bool have_cw_orders(const struct run_result *r)
{
	for (int o = 0; o < RESULT_NR_CW_ORDERS; o++)
		if (r->kswapd_cw_order[o].calls)
			return true;
	return false;
}

static json_t *cw_orders_to_json(const struct run_result *r)
{
	json_t *a = json_array();

	for (int o = 0; o < RESULT_NR_CW_ORDERS; o++) {
		const struct cw_total *c = &r->kswapd_cw_order[o];

		if (!c->calls)
			continue;
		json_array_append_new(a, json_pack("{s:i,s:I,s:I,s:I}",
			"order", o, "calls", (json_int_t)c->calls,
			"timeouts", (json_int_t)c->timeouts,
			"time_ns", (json_int_t)c->time));
	}
	return a;
}

static int cw_orders_from_json(json_t *a, struct run_result *r)
{
	size_t i;
	json_t *v;

	if (!json_is_array(a))
		return -1;
	json_array_foreach(a, i, v) {
		int o;
		json_int_t calls, timeouts, time;

		if (json_unpack(v, "{s:i,s:I,s:I,s:I}", "order", &o,
				"calls", &calls, "timeouts", &timeouts,
				"time_ns", &time) ||
		    o < 0 || o >= RESULT_NR_CW_ORDERS)
			return -1;
		r->kswapd_cw_order[o].calls = (unsigned long)calls;
		r->kswapd_cw_order[o].timeouts = (unsigned long)timeouts;
		r->kswapd_cw_order[o].time = (sim_time_t)time;
	}
	return 0;
}

static json_t *series_to_json(const struct run_result *r)
{
	json_t *lat = json_array(), *smp = json_array();

	for (size_t i = 0; i < r->nr_latency; i++)
		json_array_append_new(lat, json_pack("[I,I]",
			(json_int_t)r->latency[i].when,
			(json_int_t)r->latency[i].latency));
	for (size_t i = 0; i < r->nr_samples; i++) {
		const struct sample_point *s = &r->samples[i];
		json_t *free_a = json_array();

		for (int z = 0; z < MAX_NR_ZONES; z++)
			json_array_append_new(free_a, U64(s->free[z]));
		json_array_append_new(smp, json_pack(
			"{s:I,s:o,s:I,s:I,s:I,s:I,s:I,s:i,s:I,s:I}",
			"t", (json_int_t)s->when, "free", free_a,
			"nr_dirty", (json_int_t)s->nr_dirty,
			"nr_writeback", (json_int_t)s->nr_writeback,
			"nr_anon", (json_int_t)s->nr_anon,
			"nr_file", (json_int_t)s->nr_file,
			"swap_used", (json_int_t)s->swap_used,
			"kswapd_awake", (int)s->kswapd_awake,
			"alloc_failures", (json_int_t)s->alloc_failures,
			"cw_time", (json_int_t)s->cw_time));
	}
	return json_pack("{s:o,s:o}", "latency", lat, "samples", smp);
}

static bool have_watermarks(const struct run_result *r)
{
	for (int z = 0; z < MAX_NR_ZONES; z++)
		for (int w = 0; w < NR_WMARK; w++)
			if (r->watermark[z][w])
				return true;
	return false;
}

/* Only when recorded, so results without them keep their old text. */
static json_t *watermarks_to_json(const struct run_result *r)
{
	json_t *a = json_array();

	for (int z = 0; z < MAX_NR_ZONES; z++)
		json_array_append_new(a, json_pack("[I,I,I]",
			(json_int_t)r->watermark[z][WMARK_MIN],
			(json_int_t)r->watermark[z][WMARK_LOW],
			(json_int_t)r->watermark[z][WMARK_HIGH]));
	return a;
}

static int watermarks_from_json(json_t *a, struct run_result *r)
{
	size_t z;
	json_t *v;

	if (!json_is_array(a) || json_array_size(a) != MAX_NR_ZONES)
		return -1;
	json_array_foreach(a, z, v) {
		json_int_t w[NR_WMARK];

		if (json_unpack(v, "[III]", &w[0], &w[1], &w[2]))
			return -1;
		for (int i = 0; i < NR_WMARK; i++)
			r->watermark[z][i] = (unsigned long)w[i];
	}
	return 0;
}

static int copy_str(char *dst, size_t len, const char *src);

static json_t *reasons_to_json(const struct run_result *r)
{
	json_t *a = json_array();

	for (size_t i = 0; i < r->nr_reasons; i++)
		json_array_append_new(a, json_pack("{s:s,s:s,s:I}",
				"reason", r->reasons[i].reason,
				"example", r->reasons[i].example,
				"count", (json_int_t)r->reasons[i].count));
	return a;
}

static int reasons_from_json(json_t *a, struct run_result *r)
{
	size_t i;
	json_t *v;

	if (!json_is_array(a))
		return -1;
	r->reasons = calloc(json_array_size(a) + 1, sizeof(*r->reasons));
	if (!r->reasons)
		abort();
	json_array_foreach(a, i, v) {
		const char *reason, *example;
		json_int_t count;

		if (json_unpack(v, "{s:s,s:s,s:I}", "reason", &reason,
				"example", &example, "count", &count) ||
		    count < 0 ||
		    copy_str(r->reasons[i].reason, RESULT_REASON_LEN, reason) ||
		    copy_str(r->reasons[i].example, RESULT_REASON_LEN, example))
			return -1;
		r->reasons[i].count = (unsigned long)count;
		r->nr_reasons++;
	}
	return 0;
}

char *result_to_json(const struct run_result *r, bool with_series)
{
	json_t *events = json_array(), *stat = json_array(), *root;
	char *s;

	for (int i = 0; i < NR_VM_EVENT_ITEMS; i++)
		json_array_append_new(events, U64(r->vm_events[i]));
	for (int i = 0; i < NR_VM_ZONE_STAT_ITEMS; i++)
		json_array_append_new(stat, json_integer(r->vm_stat[i]));
	root = json_pack("{s:i,s:s,s:s,s:s,s:I,s:b,s:f,s:I,s:b,s:I,s:I,s:I,"
			 "s:I,s:I,s:I,s:I,s:o,s:o,s:o,s:s?}",
		"format", 1,
		"kernel", r->kernel, "scenario", r->scenario, "arch", r->arch,
		"seed", (json_int_t)r->seed, "partial", r->partial,
		"wall_seconds", r->wall_seconds,
		"sim_end_ns", (json_int_t)r->sim_end,
		"gitk_done", r->gitk_done,
		"gitk_elapsed_ns", (json_int_t)r->gitk_elapsed,
		"failures_printed", (json_int_t)r->failures_printed,
		"failures_total", (json_int_t)r->failures_total,
		"oom_kills", (json_int_t)r->oom_kills,
		"packets_received", (json_int_t)r->packets_received,
		"packets_dropped", (json_int_t)r->packets_dropped,
		"music_bytes", (json_int_t)r->music_bytes,
		"congestion_wait", cw_to_json(r),
		"vm_events", events, "vm_stat", stat,
		"kern_log", r->kern_log);
	if (have_watermarks(r))
		json_object_set_new(root, "watermarks", watermarks_to_json(r));
	/* Only when kswapd napped, like "watermarks": older texts stay. */
	if (have_cw_orders(r))
		json_object_set_new(root, "kswapd_cw_by_order",
				    cw_orders_to_json(r));
	/* Written only when true, so results of runs that did not panic
	 * keep the format they always had. */
	if (r->panicked)
		json_object_set_new(root, "panicked", json_true());
	/* Only for runs with failures, so older texts stay as they were. */
	if (r->nr_reasons)
		json_object_set_new(root, "failure_reasons", reasons_to_json(r));
	if (r->explain)
		json_object_set_new(root, "explain", json_string(r->explain));
	if (with_series)
		json_object_set_new(root, "series", series_to_json(r));
	s = json_dumps(root, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(root);
	return s;
}

static int fail(char *err, size_t len, const char *what)
{
	snprintf(err, len, "%s", what);
	return -1;
}

static int series_from_json(json_t *series, struct run_result *r,
			    char *err, size_t errlen)
{
	json_t *lat = json_object_get(series, "latency");
	json_t *smp = json_object_get(series, "samples");
	size_t i;
	json_t *v;

	if (!json_is_array(lat) || !json_is_array(smp))
		return fail(err, errlen, "series: expected latency and samples arrays");
	json_array_foreach(lat, i, v) {
		json_int_t when, latency;

		if (json_unpack(v, "[II]", &when, &latency))
			return fail(err, errlen, "series.latency: expected [when, latency]");
		result_add_latency(r, (sim_time_t)when, (sim_time_t)latency);
	}
	json_array_foreach(smp, i, v) {
		struct sample_point s = { 0 };
		json_int_t t, d, w, a, f, su, af, cw;
		json_t *fr;
		int k;

		if (json_unpack(v, "{s:I,s:o,s:I,s:I,s:I,s:I,s:I,s:i,s:I,s:I}",
				"t", &t, "free", &fr, "nr_dirty", &d,
				"nr_writeback", &w, "nr_anon", &a, "nr_file", &f,
				"swap_used", &su, "kswapd_awake", &k,
				"alloc_failures", &af, "cw_time", &cw) ||
		    !json_is_array(fr) || json_array_size(fr) != MAX_NR_ZONES)
			return fail(err, errlen, "series.samples: malformed sample");
		s.when = (sim_time_t)t;
		for (int z = 0; z < MAX_NR_ZONES; z++)
			s.free[z] = (unsigned long)json_integer_value(json_array_get(fr, (size_t)z));
		s.nr_dirty = (unsigned long)d;
		s.nr_writeback = (unsigned long)w;
		s.nr_anon = (unsigned long)a;
		s.nr_file = (unsigned long)f;
		s.swap_used = (unsigned long)su;
		s.kswapd_awake = (unsigned int)k;
		s.alloc_failures = (unsigned long)af;
		s.cw_time = (sim_time_t)cw;
		result_add_sample(r, &s);
	}
	return 0;
}

static int copy_str(char *dst, size_t len, const char *src)
{
	if (strlen(src) >= len)
		return -1;
	strcpy(dst, src);
	return 0;
}

int result_from_json(const char *text, struct run_result *r, char *err,
		     size_t errlen)
{
	json_error_t jerr;
	json_t *root = json_loads(text, 0, &jerr), *events, *stat, *cw, *v;
	const char *kernel, *scenario, *arch;
	json_t *klog = NULL;
	json_int_t seed, sim_end, elapsed, fp, ft, oom, pr, pd, mb;
	int format, partial, done;
	double wall;
	size_t i;

	result_init(r);
	if (!root) {
		snprintf(err, errlen, "line %d: %s", jerr.line, jerr.text);
		return -1;
	}
	if (json_unpack_ex(root, &jerr, 0,
			   "{s:i,s:s,s:s,s:s,s:I,s:b,s:f,s:I,s:b,s:I,s:I,s:I,"
			   "s:I,s:I,s:I,s:I,s:o,s:o,s:o,s?o}",
			   "format", &format, "kernel", &kernel,
			   "scenario", &scenario, "arch", &arch, "seed", &seed,
			   "partial", &partial, "wall_seconds", &wall,
			   "sim_end_ns", &sim_end, "gitk_done", &done,
			   "gitk_elapsed_ns", &elapsed,
			   "failures_printed", &fp, "failures_total", &ft,
			   "oom_kills", &oom, "packets_received", &pr,
			   "packets_dropped", &pd, "music_bytes", &mb,
			   "congestion_wait", &cw, "vm_events", &events,
			   "vm_stat", &stat, "kern_log", &klog)) {
		snprintf(err, errlen, "%s", jerr.text);
		goto bad;
	}
	if (format != 1) {
		fail(err, errlen, "unsupported result format (expected 1)");
		goto bad;
	}
	if (copy_str(r->kernel, sizeof(r->kernel), kernel) ||
	    copy_str(r->scenario, sizeof(r->scenario), scenario) ||
	    copy_str(r->arch, sizeof(r->arch), arch)) {
		fail(err, errlen, "kernel, scenario or arch name too long");
		goto bad;
	}
	r->seed = (uint64_t)seed;
	r->partial = partial;
	r->wall_seconds = wall;
	r->sim_end = (sim_time_t)sim_end;
	r->gitk_done = done;
	r->gitk_elapsed = (sim_time_t)elapsed;
	r->failures_printed = (unsigned long)fp;
	r->failures_total = (unsigned long)ft;
	r->oom_kills = (unsigned long)oom;
	r->packets_received = (unsigned long)pr;
	r->packets_dropped = (unsigned long)pd;
	r->music_bytes = (unsigned long)mb;
	if (!json_is_array(events) || json_array_size(events) != NR_VM_EVENT_ITEMS ||
	    !json_is_array(stat) || json_array_size(stat) != NR_VM_ZONE_STAT_ITEMS) {
		fail(err, errlen, "vm_events or vm_stat has the wrong length for this mmsim");
		goto bad;
	}
	json_array_foreach(events, i, v)
		r->vm_events[i] = (unsigned long)json_integer_value(v);
	json_array_foreach(stat, i, v)
		r->vm_stat[i] = (long)json_integer_value(v);
	if (!json_is_array(cw)) {
		fail(err, errlen, "congestion_wait: expected an array");
		goto bad;
	}
	json_array_foreach(cw, i, v) {
		int site, queue;
		json_int_t calls, timeouts, time;

		if (json_unpack(v, "{s:i,s:i,s:I,s:I,s:I}", "site", &site,
				"queue", &queue, "calls", &calls,
				"timeouts", &timeouts, "time_ns", &time) ||
		    site < 0 || site >= RESULT_NR_CW_SITES ||
		    queue < 0 || queue >= RESULT_NR_CW_QUEUES) {
			fail(err, errlen, "congestion_wait: malformed entry");
			goto bad;
		}
		r->cw[site][queue].calls = (unsigned long)calls;
		r->cw[site][queue].timeouts = (unsigned long)timeouts;
		r->cw[site][queue].time = (sim_time_t)time;
	}
	/* result_to_json() writes a run without a kern.log as null. */
	if (klog && !json_is_null(klog) && !json_is_string(klog)) {
		fail(err, errlen, "kern_log: expected a string or null");
		goto bad;
	}
	if (json_is_string(klog) && !(r->kern_log = strdup(json_string_value(klog))))
		abort();
	r->panicked = json_is_true(json_object_get(root, "panicked"));
	v = json_object_get(root, "watermarks");
	if (v && watermarks_from_json(v, r)) {
		fail(err, errlen, "watermarks: expected 5 zones of [min, low, high]");
		goto bad;
	}
	v = json_object_get(root, "kswapd_cw_by_order");
	if (v && cw_orders_from_json(v, r)) {
		fail(err, errlen, "kswapd_cw_by_order: expected [{order, calls, timeouts, time_ns}] with order 0-10");
		goto bad;
	}
	v = json_object_get(root, "failure_reasons");
	if (v && reasons_from_json(v, r)) {
		fail(err, errlen, "failure_reasons: expected [{reason, example, count}] with strings under 192 bytes");
		goto bad;
	}
	v = json_object_get(root, "explain");
	if (v && !json_is_string(v)) {
		fail(err, errlen, "explain: expected a string");
		goto bad;
	}
	if (v && !(r->explain = strdup(json_string_value(v))))
		abort();
	v = json_object_get(root, "series");
	if (v && series_from_json(v, r, err, errlen))
		goto bad;
	json_decref(root);
	return 0;
bad:
	json_decref(root);
	result_free(r);
	return -1;
}
