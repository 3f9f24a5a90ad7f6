// SPDX-License-Identifier: GPL-2.0
/*
 * mmsim run's text report (report/run_report.c) over a fabricated result:
 * the cover line, the congestion_wait table by the kernel's site and
 * queue names, the vmstat events by their names, and the texts asked for.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "testlib.h"
#include "linux/backing-dev.h"
#include "linux/vmstat.h"
#include "metrics/records.h"
#include "report/run_report.h"

static char *report_of(const struct run_result *r,
		       const struct run_report_opts *o)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	run_report_print(f, r, o);
	assert_int_equal(fclose(f), 0);
	return text;
}

/* A result with kswapd's and lumpy reclaim's naps and some vm events. */
static void fabricate(struct run_result *r)
{
	const struct measure *m = metrics_find("congestion_wait");
	struct cw_total *cw;
	uint64_t *ev;

	result_init(r);
	result_set_text(r, "kernel", "2.6.30-test");
	result_set_uint(r, "sim_end", 20000000000ULL);
	cw = result_records_mut(r, "congestion_wait", NULL);
	cw[CW_KSWAPD * m->dims[1] + BLK_RW_ASYNC] =
		(struct cw_total){ 30, 4, 1500000000ULL };
	cw[CW_LUMPY * m->dims[1] + BLK_RW_SYNC] =
		(struct cw_total){ 2, 0, 40000000ULL };
	ev = result_uints_mut(r, "vm_events");
	ev[PGPGIN] = 123;
	ev[PSWPOUT] = 456;
	ev[ALLOCSTALL] = 7;
}

static void test_congestion_table(void **state)
{
	struct run_result r;
	struct run_report_opts o = { .program = "gitk" };
	char *text, row[160];

	(void)state;
	fabricate(&r);
	text = report_of(&r, &o);
	assert_non_null(strstr(text, "2.6.30-test  Elapsed:00:20.000  Failures:0\n"));
	/* A row a site and queue that had calls, by the kernel's names,
	 * the table named by its first column, and the sums. */
	assert_non_null(strstr(text, "\n\ncongestion_wait  queue  calls  "
			       "timeouts  seconds\n"));
	snprintf(row, sizeof(row), "\n%-15s  %-5s  %5d  %8d  %7.3f\n",
		 cw_site_name(CW_KSWAPD), blk_rw_name(BLK_RW_ASYNC), 30, 4, 1.5);
	assert_non_null(strstr(text, row));
	snprintf(row, sizeof(row), "\n%-15s  %-5s  %5d  %8d  %7.3f\n",
		 cw_site_name(CW_LUMPY), blk_rw_name(BLK_RW_SYNC), 2, 0, 0.04);
	assert_non_null(strstr(text, row));
	snprintf(row, sizeof(row), "\n%-15s  %-5s  %5d  %8d  %7.3f\n",
		 "total", "", 32, 4, 1.54);
	assert_non_null(strstr(text, row));
	assert_null(strstr(text, cw_site_name(CW_ALLOC_RETRY)));
	assert_non_null(strstr(text, "pgpgin 123 KiB"));
	assert_non_null(strstr(text, "pswpout 456 pages"));
	assert_non_null(strstr(text, "allocstall 7\n"));
	/* Not asked for: no vmstat text, no explanation. */
	assert_null(strstr(text, "Why the allocations failed"));
	free(text);
	result_free(&r);
}

static void test_texts_asked_for(void **state)
{
	struct run_result r;
	struct run_report_opts o = {
		.program = "gitk", .vmstat = true, .vmstat_text = "nr_free_pages 9\n",
		.explain = true,
	};
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	fabricate(&r);
	/* --kern-log FILE: the kernel's text as it is. */
	result_set_text(&r, "kern_log", "[    1.000000] oom\n");
	f = open_memstream(&text, &len);
	run_report_kern_log(f, &r);
	assert_int_equal(fclose(f), 0);
	assert_string_equal(text, "[    1.000000] oom\n");
	free(text);
	text = report_of(&r, &o);
	assert_non_null(strstr(text, "\n\nnr_free_pages 9\n"));
	assert_non_null(strstr(text, "\nWhy the allocations failed:\n"
			       "no allocation failed\n"));
	/* No gitk task in the scenario: said so, by the program's name. */
	assert_non_null(strstr(text, "(no "));
	free(text);
	result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_congestion_table),
		cmocka_unit_test(test_texts_asked_for),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
