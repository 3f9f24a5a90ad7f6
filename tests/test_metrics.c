// SPDX-License-Identifier: GPL-2.0
/*
 * The measures (src/metrics/): every declaration is complete and unique;
 * a result saves the JSON keys results have always had; reading checks
 * every value's shape and names the key of the first bad one; CSV columns
 * come from the declarations.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <jansson.h>
#include "metrics/derived.h"
#include "metrics/metrics.h"
#include "metrics/records.h"
#include "linux/backing-dev.h"
#include "linux/vmstat.h"

static void test_measures_declared_once(void **state)
{
	(void)state;
	assert_true(metrics_count() >= 20);
	for (size_t i = 0; i < metrics_count(); i++) {
		const struct measure *m = metrics_get(i);

		assert_non_null(m->name);
		assert_int_equal(m->index, i);
		assert_ptr_equal(metrics_find(m->name), m);
		/* In name order, each name once. */
		if (i)
			assert_true(strcmp(metrics_get(i - 1)->name, m->name) < 0);
		if (!m->doc || strlen(m->doc) < 10)
			fail_msg("measure %s: no doc", m->name);
		if (m->type == MT_GRID || m->type == MT_LIST) {
			assert_non_null(m->record);
			assert_true(m->record->nr_fields > 0);
		}
		if (m->type == MT_ARRAY || m->type == MT_GRID)
			assert_true(m->dims[0] > 0);
		if (m->type == MT_GRID)
			assert_non_null(m->keys[0]);
		for (size_t j = 0; j < i; j++) {
			const struct measure *o = metrics_get(j);

			if (m->json && o->json)
				assert_string_not_equal(m->json, o->json);
			if (m->csv && o->csv)
				assert_string_not_equal(m->csv, o->csv);
		}
	}
	assert_null(metrics_find("no such measure"));
}

/* The keys a result has always been saved with (mmsim merge reads them
 * from results written by earlier versions). */
static void test_saved_keys(void **state)
{
	static const char *const always[] = {
		"arch", "congestion_wait", "failures_printed", "failures_total",
		"format", "gitk_done", "gitk_elapsed_ns", "kern_log", "kernel",
		"music_bytes", "oom_kills", "packets_dropped", "packets_received",
		"partial", "scenario", "seed", "series", "sim_end_ns", "switch_reads",
		"vm_events", "vm_stat", "wall_seconds",
	};
	static const char *const when_set[] = {
		"explain", "failure_reasons", "kswapd_cw_by_order",
		"mempool_wait_calls", "mempool_wait_time_ns", "mempool_waits",
		"panicked", "tcp_collapse_alloc_failures", "tcp_prune_called",
		"tcp_rcv_collapsed", "tcp_rcv_dropped", "tcp_rcv_pruned",
		"watermarks",
	};
	struct mempool_wait_record wait = { "fs_bio_set bio", "kswapd",
					     "kswapd0", 1, 1, 7, 7 };
	struct failure_reason why = { "a reason", "an example", 3 };
	struct run_result r;
	json_t *j, *series;
	char *s;

	(void)state;
	result_init(&r);
	s = result_to_json(&r, true);
	j = json_loads(s, 0, NULL);
	assert_non_null(j);
	assert_int_equal(json_object_size(j), sizeof(always) / sizeof(always[0]));
	for (size_t i = 0; i < sizeof(always) / sizeof(always[0]); i++)
		if (!json_object_get(j, always[i]))
			fail_msg("no key %s in %s", always[i], s);
	assert_true(json_is_null(json_object_get(j, "kern_log")));
	series = json_object_get(j, "series");
	assert_int_equal(json_object_size(series), 2);
	assert_true(json_is_array(json_object_get(series, "latency")));
	assert_true(json_is_array(json_object_get(series, "samples")));
	/* Every counter by its /proc/vmstat name. */
	assert_int_equal(json_object_size(json_object_get(j, "vm_events")),
			 NR_VM_EVENT_ITEMS);
	assert_true(json_is_integer(json_object_get(json_object_get(j, "vm_events"),
						    "allocstall")));
	assert_true(json_is_integer(json_object_get(json_object_get(j, "vm_stat"),
						    "nr_free_pages")));
	json_decref(j);
	free(s);

	/* The optional ones appear once they have a value; the series only
	 * when asked for. */
	result_set_bool(&r, "panicked", true);
	result_set_text(&r, "explain", "why");
	result_append(&r, "failure_reasons", &why);
	result_uints_mut(&r, "watermarks")[1] = 5;
	result_append(&r, "mempool_waits", &wait);
	result_set_uint(&r, "mempool_wait_calls", 1);
	result_set_uint(&r, "mempool_wait_time", 7);
	result_set_uint(&r, "tcp_prune_called", 2);
	result_set_uint(&r, "tcp_rcv_pruned", 1);
	result_set_uint(&r, "tcp_rcv_collapsed", 8);
	result_set_uint(&r, "tcp_rcv_dropped", 1);
	result_set_uint(&r, "tcp_collapse_alloc_failures", 1);
	((struct cw_total *)result_records_mut(&r, "kswapd_cw_by_order", NULL))[2].calls = 1;
	s = result_to_json(&r, false);
	j = json_loads(s, 0, NULL);
	for (size_t i = 0; i < sizeof(when_set) / sizeof(when_set[0]); i++)
		if (!json_object_get(j, when_set[i]))
			fail_msg("no key %s in %s", when_set[i], s);
	assert_null(json_object_get(j, "series"));
	json_decref(j);
	free(s);
	result_free(&r);
}

static void fill(struct run_result *r)
{
	struct latency_sample l = { 1000000000, 250000000 };
	struct sample_point sp = { .when = 2000000000, .free = { 1, 2, 3, 0, 0 },
				   .kswapd_awake = 1, .cw_time = 1500000 };
	struct failure_reason why = { "order-2 atomic: DMA32, below min", "free 3", 7 };
	struct cw_total *cw;

	result_init(r);
	result_set_text(r, "kernel", "2.6.32-rc6");
	result_set_text(r, "scenario", "s.ini [vm.swappiness=10]");
	result_set_text(r, "arch", "x86");
	result_set_uint(r, "seed", 42);
	result_set_real(r, "wall_seconds", 1.25);
	result_set_bool(r, "gitk_done", true);
	result_set_uint(r, "gitk_elapsed", 123456789);
	result_set_uint(r, "sim_end", 200000000000ULL);
	result_set_text(r, "kern_log", "[    1.000000] gitk: page allocation failure\n");
	result_uints_mut(r, "vm_events")[ALLOCSTALL] = 17;
	result_ints_mut(r, "vm_stat")[NR_FREE_PAGES] = -3;
	result_uints_mut(r, "watermarks")[1 * 3 + 2] = 1050;
	cw = result_records_mut(r, "congestion_wait", NULL);
	cw[3 * NR_CW_QUEUES + 2] = (struct cw_total){ 4, 1, 80000000 };
	result_append(r, "latency", &l);
	result_append(r, "samples", &sp);
	result_append(r, "failure_reasons", &why);
}

static void test_json_round_trip(void **state)
{
	struct run_result r, back;
	const struct cw_total *cw;
	const struct sample_point *sp;
	char *a, *b, err[256];
	size_t nr;

	(void)state;
	fill(&r);
	a = result_to_json(&r, true);
	assert_non_null(a);
	/* Call site and queue, zones and watermarks by the kernel's names. */
	assert_non_null(strstr(a, "\"congestion_wait\":[{\"calls\":4,\"queue\":\"BOTH\","
			       "\"site\":\"kswapd\",\"time_ns\":80000000,\"timeouts\":1}]"));
	assert_non_null(strstr(a, "\"latency\":[[1000000000,250000000]]"));
	assert_non_null(strstr(a, "\"watermarks\":{\"DMA\":{\"high\":0,\"low\":0,\"min\":0},"
			       "\"DMA32\":{\"high\":1050,\"low\":0,\"min\":0},"));
	assert_non_null(strstr(a, "\"free\":{\"DMA\":1,\"DMA32\":2,\"HighMem\":0,"
			       "\"Movable\":0,\"Normal\":3}"));
	assert_non_null(strstr(a, "\"format\":2"));
	if (result_from_json(a, &back, err, sizeof(err)))
		fail_msg("%s", err);
	b = result_to_json(&back, true);
	assert_string_equal(a, b);
	assert_string_equal(result_text(&back, "scenario"), "s.ini [vm.swappiness=10]");
	assert_true(result_real(&back, "wall_seconds") == 1.25);
	assert_int_equal(result_ints(&back, "vm_stat")[NR_FREE_PAGES], -3);
	cw = result_records(&back, "congestion_wait", &nr);
	assert_int_equal(nr, NR_CW_SITES * NR_CW_QUEUES);
	assert_int_equal(cw[3 * NR_CW_QUEUES + 2].time, 80000000);
	sp = result_records(&back, "samples", &nr);
	assert_int_equal(nr, 1);
	assert_int_equal(sp[0].free[2], 3);
	assert_int_equal(sp[0].kswapd_awake, 1);
	/* The derived figures read the same measures. */
	assert_true(measure_value(metrics_find("elapsed"), &back) == 0.123456789);
	assert_int_equal(result_cw_calls(&back), 4);
	assert_true(result_latency_max(&back) == 0.25);
	/* Elements by the names the kernel gives them. */
	assert_int_equal(result_uint_at(&back, "vm_events", "allocstall"), 17);
	assert_int_equal(result_int_at(&back, "vm_stat", "nr_free_pages"), -3);
	assert_string_equal(metrics_element_name("congestion_wait", 0, 3), "kswapd");
	assert_string_equal(metrics_element_name("congestion_wait", 1, 2), "BOTH");
	/* Every call site the table holds has its name. */
	for (unsigned int s = 0; s < metrics_find("congestion_wait")->dims[0]; s++)
		assert_non_null(metrics_element_name("congestion_wait", 0, s));
	free(b);
	/* Host-dependent measures can be left out of a report. */
	b = result_to_json_flags(&r, RESULT_JSON_NO_HOST);
	assert_non_null(strstr(b, "\"wall_seconds\":0.0"));
	assert_null(strstr(b, "\"series\""));
	free(b);
	free(a);
	result_free(&back);
	result_free(&r);
}

/* @from replaced by @to in a saved result, read back: the message. */
static const char *read_edited(const char *from, const char *to)
{
	static char err[512];
	struct run_result r;
	char *s, *at, *edited;

	fill(&r);
	s = result_to_json(&r, true);
	result_free(&r);
	at = strstr(s, from);
	if (!at)
		fail_msg("no '%s' in %s", from, s);
	edited = malloc(strlen(s) + strlen(to) + 1);
	sprintf(edited, "%.*s%s%s", (int)(at - s), s, to, at + strlen(from));
	err[0] = 0;
	if (!result_from_json(edited, &r, err, sizeof(err)))
		fail_msg("accepted: %s", edited);
	assert_null(r.v);
	free(edited);
	free(s);
	return err;
}

static void assert_prefix(const char *got, const char *want)
{
	if (strncmp(got, want, strlen(want)))
		fail_msg("got '%s', want '%s...'", got, want);
}

static void test_json_errors_name_the_key(void **state)
{
	char want[256], site[32];

	(void)state;
	assert_prefix(read_edited("\"gitk_done\":true", "\"gitk_done\":1"),
		      "gitk_done: expected true or false");
	assert_prefix(read_edited("\"seed\":42", "\"seed\":-1"),
		      "seed: expected a whole number from 0");
	assert_prefix(read_edited("\"failures_total\":0,", ""),
		      "failures_total: missing");
	assert_prefix(read_edited("\"format\":2", "\"format\":3"),
		      "format: expected 1 to 2 (the result formats this mmsim "
		      "reads; a newer mmsim wrote this)");
	assert_prefix(read_edited("\"vm_events\":{", "\"vm_events\":{\"nosuch\":1,"),
		      "vm_events: expected an object of integers by name");
	assert_prefix(read_edited("\"vm_events\":{", "\"vm_events\":[1],\"x\":{"),
		      "vm_events: expected an object of integers by name (or, "
		      "format 1, ");
	/* The sites and queues the kernel has, by position in format 1. */
	snprintf(want, sizeof(want), "congestion_wait: expected [{site, queue, "
		 "calls, timeouts, time_ns}, ...] with site a name (format 1: "
		 "0-%d) and queue a name (format 1: 0-%d)", NR_CW_SITES - 1,
		 NR_CW_QUEUES - 1);
	assert_prefix(read_edited("\"site\":\"kswapd\"", "\"site\":\"nosuch\""),
		      want);
	snprintf(site, sizeof(site), "\"site\":%d", NR_CW_SITES);
	assert_prefix(read_edited("\"site\":\"kswapd\"", site),
		      "congestion_wait: expected");
	assert_prefix(read_edited("\"DMA32\":{\"high\":1050", "\"DMA33\":{\"high\":1050"),
		      "watermarks: expected an object of objects of integers by name");
	assert_prefix(read_edited("\"arch\":\"x86\"", "\"arch\":\"x86_64_and_more_than_15\""),
		      "arch: expected a string of at most 15 bytes");
	assert_prefix(read_edited("\"latency\":[[1000000000,250000000]]", "\"latency\":[[1]]"),
		      "series.latency: expected [[when, latency], ...]");
	assert_prefix(read_edited("\"latency\":[[1000000000,250000000]],", ""),
		      "series.latency: missing");
	assert_prefix(read_edited("\"count\":7", "\"count\":\"7\""),
		      "failure_reasons: expected [{reason, example, count}, ...] "
		      "with texts under 192 bytes");
	assert_prefix(read_edited("\"wall_seconds\":1.25", "\"wall_seconds\":1"),
		      "wall_seconds: expected a real number");
}

/* Results written before a measure existed, or without the series. */
static void test_json_optional_keys(void **state)
{
	struct run_result r;
	char *s, *cut, err[256];
	size_t nr;

	(void)state;
	fill(&r);
	s = result_to_json(&r, false);
	result_free(&r);
	cut = strstr(s, "\"watermarks\":");
	assert_non_null(cut);
	/* watermarks is the last key: drop it and its comma. */
	strcpy(cut - 1, "}");
	if (result_from_json(s, &r, err, sizeof(err)))
		fail_msg("%s", err);
	assert_int_equal(result_uints(&r, "watermarks")[5], 0);
	result_records(&r, "latency", &nr);
	assert_int_equal(nr, 0);
	result_free(&r);
	free(s);
}

static char *csv_of(const struct run_result *r, const char *name)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	assert_int_equal(result_write_csv(f, r, name), 0);
	fclose(f);
	return text;
}

static void test_csv(void **state)
{
	struct run_result r;
	char *text;

	(void)state;
	fill(&r);
	text = csv_of(&r, "latency");
	assert_string_equal(text, "seconds,latency\n1.0000,0.2500\n");
	free(text);
	text = csv_of(&r, "samples");
	assert_string_equal(text, "seconds,free_dma,free_dma32,free_normal,"
			    "free_highmem,free_movable,nr_dirty,nr_writeback,nr_anon,"
			    "nr_file,swap_used,kswapd_awake,alloc_failures,"
			    "congestion_wait_seconds,frag_free,frag_highorder,"
			    "frag_below_wmark\n"
			    "2.000,1,2,3,0,0,0,0,0,0,0,1,0,0.001500,0,0,0\n");
	free(text);
	/* Text with a comma is quoted. */
	text = csv_of(&r, "failure_reasons");
	assert_string_equal(text, "reason,example,count\n"
			    "\"order-2 atomic: DMA32, below min\",free 3,7\n");
	free(text);
	assert_int_equal(metrics_csv_column("samples", "seconds"), 1);
	assert_int_equal(metrics_csv_column("samples", "free_normal"), 4);
	assert_int_equal(metrics_csv_column("samples", "nr_dirty"), 7);
	assert_int_equal(metrics_csv_column("samples", "congestion_wait_seconds"), 14);
	assert_int_equal(metrics_csv_column("samples", "nope"), 0);
	result_free(&r);
}

static void test_csv_row_per_run(void **state)
{
	struct run_result r;
	char *head = NULL, *row = NULL;
	size_t hl = 0, rl = 0;
	FILE *h = open_memstream(&head, &hl), *f = open_memstream(&row, &rl);
	int hcols = 0, rcols = 0;

	(void)state;
	fill(&r);
	metrics_write_csv_header(h);
	result_write_csv_row(f, &r);
	fclose(h);
	fclose(f);
	assert_non_null(strstr(head, "gitk_elapsed_ns"));
	assert_non_null(strstr(row, "123456789"));
	assert_non_null(strstr(row, "2.6.32-rc6"));
	for (char *p = head; *p; p++)
		hcols += *p == ',';
	for (char *p = row; *p; p++)
		rcols += *p == ',';
	assert_int_equal(hcols, rcols);
	free(head);
	free(row);
	result_free(&r);
}

/*
 * The measures the reports show: each a derived figure with a title and
 * a group, in .order, each order once; compare's table, its plots,
 * index.html and bisect's cached runs list them in this order, so it is
 * pinned here (a new row goes between two others, by its .order).
 */
static void test_shown_measures(void **state)
{
	static const char *const rows[] = {
		"elapsed", "failures", "failures-all", "stalls>1s", "stall-max",
		"stall-p95", "cw-time", "cw-calls", "premature-fast",
		"premature-slow", "allocstall", "pswpout", "tcp-prune",
		"tcp-collapsed", "tcp-dropped", "gitk-spread", "gitk-process-sd",
		"gitk-thrashed", "gitk-pass-swapin", "gitk-token-share",
		"gitk-cpu", "gitk-runqueue",
		"gitk-reclaim", "gitk-cw-time", "gitk-swapin", "gitk-file-read",
		"disk-util", "frag-share<low", "samples<low", "samples<min",
		"hofail", "hofail-free", "hofail-blocks", "hofail-reserve",
		"hofail-pcp", "drain-all-pages", "ho-sleeping", "ho-reclaim",
		"broken-fallback", "crypt-pages-peak", "crypt-pages-mean",
	};
	size_t nr = sizeof(rows) / sizeof(rows[0]);

	(void)state;
	assert_true(metrics_nr_shown() >= nr);
	for (size_t i = 0; i < metrics_nr_shown(); i++) {
		const struct measure *m = metrics_shown(i);

		if (i < nr)
			assert_string_equal(m->name, rows[i]);
		if (i)
			assert_true(metrics_shown(i - 1)->order < m->order);
		assert_int_equal(m->type, MT_DERIVED);
		/* Computed by .value, or one single number named by .of. */
		if (m->of) {
			const struct measure *of = metrics_find(m->of);

			assert_null(m->value);
			assert_non_null(of);
			assert_true(of->type == MT_UINT || of->type == MT_BOOL ||
				    of->type == MT_REAL);
		} else {
			assert_non_null(m->value);
		}
		assert_non_null(m->title);
		assert_non_null(m->group);
		assert_null(m->json);
		assert_null(m->csv);
		assert_ptr_equal(metrics_find(m->name), m);
	}
	assert_null(metrics_shown(metrics_nr_shown()));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_measures_declared_once),
		cmocka_unit_test(test_shown_measures),
		cmocka_unit_test(test_saved_keys),
		cmocka_unit_test(test_json_round_trip),
		cmocka_unit_test(test_json_errors_name_the_key),
		cmocka_unit_test(test_json_optional_keys),
		cmocka_unit_test(test_csv),
		cmocka_unit_test(test_csv_row_per_run),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
