// SPDX-License-Identifier: GPL-2.0
/*
 * trace.dat written by mmsim (trace/tracedat_write.c): the same run traced
 * as text and as trace.dat must hold the same events, read back by
 * mmsim's own reader (libtracecmd) and by trace-cmd report itself.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "mmsim/trace.h"
#include "report/ftrace.h"
#include "trace/parse.h"
#include "trace/tracedat.h"
#include "trace/tracedat_write.h"
#include "testlib.h"

static char dir[] = "/tmp/mmsim-tracedat-XXXXXX";

/* One event as text: "EVENT: FIELDS" with its CPU. */
struct ev {
	int cpu;
	int pid;
	unsigned long long usecs;
	char text[512];
};

struct evs {
	struct ev *v;
	size_t n, cap;
};

static void push(struct evs *s, const struct ev *e)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 4096;
		s->v = realloc(s->v, s->cap * sizeof(*s->v));
		assert_non_null(s->v);
	}
	s->v[s->n++] = *e;
}

/* Run the scenario @sc with --trace @path (and @extra). */
static void traced_run(const char *sc, const char *path, const char *extra)
{
	char scen[512], args[2048], out[8192];
	FILE *f;

	snprintf(scen, sizeof(scen), "%s/scenario.ini", dir);
	f = fopen(scen, "w");
	assert_non_null(f);
	fputs(sc, f);
	fclose(f);
	snprintf(args, sizeof(args), "run %s --time 8s --trace %s %s", scen,
		 path, extra);
	if (test_cli_run(args, out, sizeof(out)))
		fail_msg("mmsim %s: %s", args, out);
}

/* The pfn slot of a page event (every such member starts with it). */
static unsigned long *pfn_of(struct trace_entry *e)
{
	switch (e->id) {
	case TRACE_MM_PAGE_ALLOC: return &e->mm_page_alloc.pfn;
	case TRACE_MM_PAGE_ALLOC_ZONE_LOCKED: return &e->mm_page_alloc_zone_locked.pfn;
	case TRACE_MM_PAGE_FREE_DIRECT: return &e->mm_page_free_direct.pfn;
	case TRACE_MM_PAGEVEC_FREE: return &e->mm_pagevec_free.pfn;
	case TRACE_MM_PAGE_PCPU_DRAIN: return &e->mm_page_pcpu_drain.pfn;
	case TRACE_MM_PAGE_ALLOC_EXTFRAG: return &e->mm_page_alloc_extfrag.pfn;
	case TRACE_MM_VMSCAN_WRITEPAGE: return &e->mm_vmscan_writepage.pfn;
	default: return NULL;
	}
}

/* Every event of @path through mmsim's reader, as text; a trace.dat's
 * struct page addresses are turned back into pfns (@base, @size). */
static void read_all(const char *path, struct evs *s, unsigned long long base,
		     unsigned int size)
{
	struct trace_parser *p;
	struct trace_record r;
	char err[512];
	int rc;

	p = trace_parser_open(path, err, sizeof(err));
	if (!p)
		fail_msg("%s", err);
	while ((rc = trace_parser_next(p, &r)) == TRACE_PARSE_EVENT) {
		struct ev e = { .cpu = r.cpu, .pid = r.pid,
				.usecs = (r.ts + 500) / 1000 };
		unsigned long *pfn = pfn_of(&r.entry);
		int n;

		assert_non_null(r.desc);
		if (r.unusable)
			fail_msg("%s: %s: %s %s", path, r.unusable, r.event, r.fields);
		if (pfn && base && !r.failed_alloc) {
			/* A trace.dat keys pages by address (tracedat.h). */
			if (*pfn == 0)
				*pfn = -1UL;
			else
				*pfn = (unsigned long)((*pfn - base) / size);
		}
		n = snprintf(e.text, sizeof(e.text), "%s: ", r.desc->name);
		ftrace_format_fields(&r.entry, trace_print_tables(), e.text + n,
				     sizeof(e.text) - (size_t)n);
		push(s, &e);
	}
	if (rc == TRACE_PARSE_ERROR)
		fail_msg("%s", trace_parser_error(p));
	trace_parser_close(p);
}

/* The events of CPU @cpu, in order: the one order both files keep
 * (across CPUs, equal timestamps may come in either order). */
static void compare_per_cpu(const struct evs *a, const struct evs *b)
{
	int max_cpu = 0;

	assert_int_equal(a->n, b->n);
	for (size_t i = 0; i < a->n; i++)
		if (a->v[i].cpu > max_cpu)
			max_cpu = a->v[i].cpu;
	for (int cpu = 0; cpu <= max_cpu; cpu++) {
		size_t i = 0, j = 0;

		for (;;) {
			while (i < a->n && a->v[i].cpu != cpu)
				i++;
			while (j < b->n && b->v[j].cpu != cpu)
				j++;
			if (i == a->n || j == b->n)
				break;
			if (strcmp(a->v[i].text, b->v[j].text) ||
			    a->v[i].usecs != b->v[j].usecs || a->v[i].pid != b->v[j].pid)
				fail_msg("cpu %d: text %llu %d %s\n  dat %llu %d %s", cpu,
					 a->v[i].usecs, a->v[i].pid, a->v[i].text,
					 b->v[j].usecs, b->v[j].pid, b->v[j].text);
			i++;
			j++;
		}
		assert_int_equal(i, a->n);
		assert_int_equal(j, b->n);
	}
}

static void round_trip(const char *arch, unsigned long long base,
		       unsigned int size)
{
	char sc[2048], txt[512], dat[512];
	struct evs a = { 0 }, b = { 0 };
	size_t kinds[NR_TRACE_EVENTS] = { 0 };
	const char *at = strstr(test_pressure_scenario, "x86_64");

	/* The pressure scenario on @arch. */
	assert_non_null(at);
	snprintf(sc, sizeof(sc), "%.*s%s%s", (int)(at - test_pressure_scenario),
		 test_pressure_scenario, arch, at + strlen("x86_64"));
	snprintf(txt, sizeof(txt), "%s/%s.txt", dir, arch);
	snprintf(dat, sizeof(dat), "%s/%s.dat", dir, arch);
	traced_run(sc, txt, "");
	traced_run(sc, dat, "");
	read_all(txt, &a, 0, 0);
	read_all(dat, &b, base, size);
	assert_true(a.n > 1000);
	compare_per_cpu(&a, &b);
	/* The run exercised reclaim, not only the allocator. */
	for (size_t i = 0; i < a.n; i++)
		for (int k = 0; k < NR_TRACE_EVENTS; k++)
			if (!strncmp(a.v[i].text, ftrace_events[k].name,
				     strlen(ftrace_events[k].name)) &&
			    a.v[i].text[strlen(ftrace_events[k].name)] == ':')
				kinds[k]++;
	assert_true(kinds[TRACE_MM_PAGE_ALLOC] > 0);
	assert_true(kinds[TRACE_MM_VMSCAN_LRU_ISOLATE] > 0);
	assert_true(kinds[TRACE_MM_VMSCAN_WAKEUP_KSWAPD] > 0);
	free(a.v);
	free(b.v);
}

/* mmsim's reader gives back what the text trace of the same run says. */
static void test_round_trip_x86_64(void **state)
{
	(void)state;
#ifndef HAVE_LIBTRACECMD
	test_skip_because("mmsim was built without libtracecmd: %s", tracedat_support());
#endif
	round_trip("x86_64", 0xffffea0000000000ULL, 56);
}

/* 32-bit: 4-byte longs and pointers in the records and the page header. */
static void test_round_trip_x86(void **state)
{
	(void)state;
#ifndef HAVE_LIBTRACECMD
	test_skip_because("mmsim was built without libtracecmd: %s", tracedat_support());
#endif
	round_trip("x86", 0xc1000000ULL, 32);
}

/*
 * trace-cmd report reads the file: as many events as the text trace,
 * every event whose print fmt libtraceevent evaluates printed exactly as
 * mmsim's text (CPU by CPU), the kmem and writepage events (page_to_pfn()
 * in their 2.6.32/2.6.37 print fmt) as their raw fields with the page's
 * address.
 */
static void test_trace_cmd_report(void **state)
{
	char txt[512], dat[512], cmd[1200], line[4096];
	struct evs a = { 0 };
	size_t *next, nr_failed = 0, nr_same = 0;
	int max_cpu = 0;
	FILE *p;

	(void)state;
	if (!test_have_tool("trace-cmd"))
		test_skip_because("trace-cmd is not installed (apt-get install trace-cmd)");
	snprintf(txt, sizeof(txt), "%s/r.txt", dir);
	snprintf(dat, sizeof(dat), "%s/r.dat", dir);
	traced_run(test_pressure_scenario, txt, "");
	traced_run(test_pressure_scenario, dat, "");
	read_all(txt, &a, 0, 0);
	for (size_t i = 0; i < a.n; i++)
		if (a.v[i].cpu > max_cpu)
			max_cpu = a.v[i].cpu;
	next = calloc((size_t)max_cpu + 1, sizeof(*next));
	assert_non_null(next);

	snprintf(cmd, sizeof(cmd), "trace-cmd report -i %s 2>&1", dat);
	p = popen(cmd, "r");
	assert_non_null(p);
	while (fgets(line, sizeof(line), p)) {
		char *lb = strstr(line, "] "), *colon, *ev, *fields;
		int cpu;

		if (!strncmp(line, "cpus=", 5) || !lb)
			continue;
		assert_int_equal(sscanf(lb - 3, "%d]", &cpu), 1);
		assert_true(cpu >= 0 && cpu <= max_cpu);
		/* "   SECS.USECS: EVENT: FIELDS" */
		colon = strstr(lb, ": ");
		assert_non_null(colon);
		ev = colon + 2;
		fields = strstr(ev, ": ");
		assert_non_null(fields);
		*fields = 0;
		fields += 2;
		while (*fields == ' ')
			fields++;
		fields[strcspn(fields, "\n")] = 0;
		while (next[cpu] < a.n && a.v[next[cpu]].cpu != cpu)
			next[cpu]++;
		if (next[cpu] == a.n)
			fail_msg("trace-cmd printed more events on cpu %d: %s", cpu, line);
		{
			const char *want = a.v[next[cpu]].text;
			size_t en = strlen(ev);

			if (strncmp(want, ev, en) || want[en] != ':')
				fail_msg("cpu %d: trace-cmd %s, text %s", cpu, ev, want);
			if (!strncmp(fields, "[FAILED TO PARSE] ", 18)) {
				/* Raw fields: page=0xADDR ... */
				char addr[32];

				assert_true(sscanf(fields + 18, "page=0x%31s", addr) == 1 ||
					    !strncmp(fields + 18, "page=0x0", 8));
				nr_failed++;
			} else {
				if (strcmp(want + en + 2, fields))
					fail_msg("cpu %d: trace-cmd '%s', text '%s'", cpu,
						 fields, want + en + 2);
				nr_same++;
			}
		}
		next[cpu]++;
	}
	assert_int_equal(pclose(p), 0);
	for (int cpu = 0; cpu <= max_cpu; cpu++) {
		while (next[cpu] < a.n && a.v[next[cpu]].cpu != cpu)
			next[cpu]++;
		assert_int_equal(next[cpu], a.n);
	}
	assert_true(nr_same > 100);
	assert_true(nr_failed > 100);
	free(next);
	free(a.v);
}

/* The format files say what the kernel's said. */
static void test_formats(void **state)
{
	struct tracedat_arch a64 = { 8, 0xffffea0000000000ULL, 56, 9 };
	struct tracedat_arch a32 = { 4, 0xc1000000ULL, 32, 10 };
	char *f;

	(void)state;
	f = tracedat_event_format(TRACE_MM_PAGE_ALLOC, &a64);
	assert_non_null(strstr(f, "name: mm_page_alloc\nID: 301\nformat:\n"
			       "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\n"));
	assert_non_null(strstr(f, "\tfield:int common_lock_depth;\toffset:8;\tsize:4;\n\n"));
	assert_non_null(strstr(f, "\tfield:struct page * page;\toffset:16;\tsize:8;\n"
			       "\tfield:unsigned int order;\toffset:24;\tsize:4;\n"
			       "\tfield:gfp_t gfp_flags;\toffset:28;\tsize:4;\n"
			       "\tfield:int migratetype;\toffset:32;\tsize:4;\n"));
	assert_non_null(strstr(f, "print fmt: \"page=%p pfn=%lu order=%d migratetype=%d "
			       "gfp_flags=%s\", REC->page, page_to_pfn(REC->page)"));
	assert_non_null(strstr(f, "{(unsigned long)0x200da, \"GFP_HIGHUSER_MOVABLE\"}"));
	assert_null(strstr(f, "signed:"));
	free(f);
	/* 32-bit: the page pointer right after the common fields. */
	f = tracedat_event_format(TRACE_MM_PAGE_ALLOC, &a32);
	assert_non_null(strstr(f, "\tfield:struct page * page;\toffset:12;\tsize:4;\n"));
	free(f);
	f = tracedat_event_format(TRACE_MM_PAGE_ALLOC_EXTFRAG, &a32);
	assert_non_null(strstr(f, "REC->fallback_order, 10, REC->alloc_migratetype"));
	free(f);
	f = tracedat_event_format(TRACE_MM_VMSCAN_LRU_SHRINK_INACTIVE, &a64);
	assert_non_null(strstr(f, "\tfield:unsigned long nr_scanned;\toffset:24;\tsize:8;\n"));
	free(f);
}

/* --trace-format overrides the name; --trace-format alone is refused. */
static void test_format_option(void **state)
{
	char path[512], args[1024], out[4096];
	unsigned char head[3] = { 0 };
	FILE *f;

	(void)state;
	snprintf(path, sizeof(path), "%s/named.txt", dir);
	snprintf(args, sizeof(args), "run --time 1s --trace %s --trace-format dat", path);
	assert_int_equal(test_cli_run(args, out, sizeof(out)), 0);
	f = fopen(path, "rb");
	assert_non_null(f);
	assert_int_equal(fread(head, 1, 3, f), 3);
	fclose(f);
	assert_true(tracedat_magic(head, 3));
	assert_int_equal(test_cli_run("run --trace-format dat", out, sizeof(out)), 2);
	assert_non_null(strstr(out, "--trace-format needs --trace FILE"));
	assert_int_equal(test_cli_run("run --trace x --trace-format bin", out, sizeof(out)), 2);
	assert_non_null(strstr(out, "expected text or dat"));
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_formats),
		cmocka_unit_test(test_format_option),
		cmocka_unit_test(test_round_trip_x86_64),
		cmocka_unit_test(test_round_trip_x86),
		cmocka_unit_test(test_trace_cmd_report),
	};
	char cmd[256];
	int rc;

	(void)argc;
	test_cli_init(argv[0]);
	if (!mkdtemp(dir))
		return 1;
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		rc = 1;
	return rc;
}
