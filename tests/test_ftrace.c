// SPDX-License-Identifier: GPL-2.0
/*
 * ftrace: emitted lines against the kernel scripts' patterns (written here
 * from the format description), event selection, the text parser on every
 * accepted shape and on bad input, gfp names both ways, and the reclaim and
 * pagealloc summaries on crafted traces.  Replay and the round trip
 * run -> text -> replay are tests/test_replay.c.
 */
#include <malloc.h>
#include <regex.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "linux/mmzone.h"
#include "mmsim/profile.h"
#include "mmsim/trace.h"
#include "trace/events/vmscan.h"
#include "trace/events/writeback.h"
#include "report/ftrace.h"
#include "experiment/trace_sink.h"
#include "report/postprocess.h"
#include "trace/parse.h"
#include "trace/tracedat.h"
#include "testlib.h"

/* ---- helpers ---------------------------------------------------------- */

static int teardown(void **state)
{
	(void)state;
	trace_sink = NULL;
	test_tmp_files_remove();
	profile_set_default();
	return 0;
}

/* Events the trace points hand a capture sink (none without a sink). */
static int nr_cap;

/* Regex match of the whole string, with up to 8 groups. */
static bool match(const char *pattern, const char *s, regmatch_t *m)
{
	regex_t re;
	int rc;

	if (regcomp(&re, pattern, REG_EXTENDED))
		fail_msg("bad test pattern %s", pattern);
	rc = regexec(&re, s, 8, m, 0);
	regfree(&re);
	return rc == 0;
}

static void group(const char *s, const regmatch_t *m, char *out, size_t len)
{
	size_t n = (size_t)(m->rm_eo - m->rm_so);

	assert_true(m->rm_so >= 0 && n < len);
	memcpy(out, s + m->rm_so, n);
	out[n] = '\0';
}

/* ---- lines and the scripts' patterns ------------------------------------ */

/*
 * From the format description: "COMM-PID [CPU] SECONDS.MICROS: EVENT:
 * FIELDS", COMM made of [a-zA-Z0-9-] only, an optional irq-info column of
 * four flag characters, six-digit microseconds.  Anchored: the scripts'
 * unanchored match would silently cut a COMM at a '_' or ':'.
 */
#define LINE_RE "^ *([a-zA-Z0-9-]+)-([0-9]+) +\\[([0-9]+)\\] +" \
	"([dX.][Nnp.][Hhs.][0-9a-fA-F.] +)?([0-9]+\\.[0-9]{6}): ([a-z_]+): (.*)$"

/* printf conversions as regexes: %p unprefixed hex, %lu, %d, %s flags. */
#define P "[0-9a-f]+"
#define LU "[0-9]+"
#define D "-?[0-9]+"
#define FLAGS "[A-Z_|]+"

static const char *const field_re[NR_TRACE_EVENTS] = {
	[TRACE_MM_PAGE_ALLOC] = "^page=" P " pfn=" LU " order=" D " migratetype=" D
		" gfp_flags=" FLAGS "$",
	[TRACE_MM_PAGE_ALLOC_ZONE_LOCKED] = "^page=" P " pfn=" LU " order=" LU
		" migratetype=" D " percpu_refill=" D "$",
	[TRACE_MM_PAGE_FREE_DIRECT] = "^page=" P " pfn=" LU " order=" D "$",
	[TRACE_MM_PAGEVEC_FREE] = "^page=" P " pfn=" LU " order=0 cold=" D "$",
	[TRACE_MM_PAGE_PCPU_DRAIN] = "^page=" P " pfn=" LU " order=" D " migratetype=" D "$",
	[TRACE_MM_PAGE_ALLOC_EXTFRAG] = "^page=" P " pfn=" LU " alloc_order=" D
		" fallback_order=" D " pageblock_order=" D " alloc_migratetype=" D
		" fallback_migratetype=" D " fragmenting=" D " change_ownership=" D "$",
	[TRACE_MM_VMSCAN_KSWAPD_SLEEP] = "^nid=" D "$",
	[TRACE_MM_VMSCAN_KSWAPD_WAKE] = "^nid=" D " order=" D "$",
	[TRACE_MM_VMSCAN_WAKEUP_KSWAPD] = "^nid=" D " zid=" D " order=" D "$",
	[TRACE_MM_VMSCAN_DIRECT_RECLAIM_BEGIN] = "^order=" D " may_writepage=" D
		" gfp_flags=" FLAGS "$",
	[TRACE_MM_VMSCAN_DIRECT_RECLAIM_END] = "^nr_reclaimed=" LU "$",
	[TRACE_MM_VMSCAN_LRU_ISOLATE] = "^isolate_mode=" D " order=" D
		" nr_requested=" LU " nr_scanned=" LU " nr_taken=" LU
		" contig_taken=" LU " contig_dirty=" LU " contig_failed=" LU "$",
	[TRACE_MM_VMSCAN_WRITEPAGE] = "^page=" P " pfn=" LU " flags=" FLAGS "$",
	[TRACE_MM_VMSCAN_LRU_SHRINK_INACTIVE] = "^nid=" D " zid=" D " nr_scanned=" D
		" nr_reclaimed=" D " priority=" D " flags=" FLAGS "$",
	[TRACE_WRITEBACK_CONGESTION_WAIT] = "^usec_timeout=" LU " usec_delayed=" LU "$",
};

/* One entry of each event, with representative values. */
static struct trace_entry sample(enum trace_event_id id)
{
	struct trace_entry e = {
		.ts = 12345678901ULL, .pid = 1234, .cpu = 1, .comm = "fake_gitk", .id = id,
	};

	switch (id) {
	case TRACE_MM_PAGE_ALLOC:
		e.mm_page_alloc.pfn = 256;
		e.mm_page_alloc.order = 2;
		e.mm_page_alloc.migratetype = MIGRATE_UNMOVABLE;
		e.mm_page_alloc.gfp_flags = GFP_ATOMIC | __GFP_COMP | __GFP_NOWARN;
		break;
	case TRACE_MM_PAGE_ALLOC_ZONE_LOCKED:
		e.mm_page_alloc_zone_locked.pfn = 300;
		e.mm_page_alloc_zone_locked.percpu_refill = 1;
		break;
	case TRACE_MM_PAGE_FREE_DIRECT:
		e.mm_page_free_direct.pfn = 300;
		e.mm_page_free_direct.order = 3;
		break;
	case TRACE_MM_PAGEVEC_FREE:
		e.mm_pagevec_free.pfn = 301;
		e.mm_pagevec_free.cold = 1;
		break;
	case TRACE_MM_PAGE_PCPU_DRAIN:
		e.mm_page_pcpu_drain.pfn = 302;
		e.mm_page_pcpu_drain.migratetype = 2;
		break;
	case TRACE_MM_PAGE_ALLOC_EXTFRAG:
		e.mm_page_alloc_extfrag.pfn = 512;
		e.mm_page_alloc_extfrag.alloc_order = 2;
		e.mm_page_alloc_extfrag.fallback_order = 4;
		e.mm_page_alloc_extfrag.pageblock_order = 9;
		e.mm_page_alloc_extfrag.fallback_migratetype = 2;
		e.mm_page_alloc_extfrag.fragmenting = 1;
		break;
	case TRACE_MM_VMSCAN_KSWAPD_WAKE:
		e.mm_vmscan_kswapd_wake.order = 2;
		break;
	case TRACE_MM_VMSCAN_WAKEUP_KSWAPD:
		e.mm_vmscan_wakeup_kswapd.zid = 2;
		e.mm_vmscan_wakeup_kswapd.order = 3;
		break;
	case TRACE_MM_VMSCAN_DIRECT_RECLAIM_BEGIN:
		e.mm_vmscan_direct_reclaim_begin.order = 1;
		e.mm_vmscan_direct_reclaim_begin.may_writepage = 1;
		e.mm_vmscan_direct_reclaim_begin.gfp_flags = GFP_HIGHUSER_MOVABLE;
		break;
	case TRACE_MM_VMSCAN_DIRECT_RECLAIM_END:
		e.mm_vmscan_direct_reclaim_end.nr_reclaimed = 32;
		break;
	case TRACE_MM_VMSCAN_LRU_ISOLATE:
		e.mm_vmscan_lru_isolate.isolate_mode = ISOLATE_BOTH;
		e.mm_vmscan_lru_isolate.nr_requested = 32;
		e.mm_vmscan_lru_isolate.nr_scanned = 40;
		e.mm_vmscan_lru_isolate.nr_taken = 32;
		e.mm_vmscan_lru_isolate.contig_dirty = 3;
		break;
	case TRACE_MM_VMSCAN_WRITEPAGE:
		e.mm_vmscan_writepage.pfn = 4000;
		e.mm_vmscan_writepage.reclaim_flags = trace_reclaim_flags(false, true);
		break;
	case TRACE_MM_VMSCAN_LRU_SHRINK_INACTIVE:
		e.mm_vmscan_lru_shrink_inactive.zid = 2;
		e.mm_vmscan_lru_shrink_inactive.nr_scanned = 32;
		e.mm_vmscan_lru_shrink_inactive.nr_reclaimed = 30;
		e.mm_vmscan_lru_shrink_inactive.priority = 12;
		e.mm_vmscan_lru_shrink_inactive.reclaim_flags = trace_shrink_flags(true, false);
		break;
	case TRACE_WRITEBACK_CONGESTION_WAIT:
		e.writeback_congestion_wait.usec_timeout = 100000;
		e.writeback_congestion_wait.usec_delayed = 24000;
		break;
	default:
		break;
	}
	return e;
}

static void test_every_event_line_matches_patterns(void **state)
{
	char line[512], s[512];
	regmatch_t m[8];

	(void)state;
	for (int irq = 0; irq < 2; irq++) {
		for (int id = 0; id < NR_TRACE_EVENTS; id++) {
			struct trace_entry e = sample(id);

			e.in_irq = irq;
			ftrace_format_line(&e, trace_print_tables(), irq, line, sizeof(line));
			assert_true(strlen(line) > 1 && line[strlen(line) - 1] == '\n');
			line[strlen(line) - 1] = '\0';
			if (!match(LINE_RE, line, m))
				fail_msg("line does not match: %s", line);
			group(line, &m[1], s, sizeof(s));
			assert_string_equal(s, "fake-gitk");
			group(line, &m[2], s, sizeof(s));
			assert_string_equal(s, "1234");
			group(line, &m[3], s, sizeof(s));
			assert_string_equal(s, "001");
			if (irq) {
				group(line, &m[4], s, sizeof(s));
				/* The flags, then the timestamp's padding. */
				assert_memory_equal(s, "d.s. ", 5);
			} else {
				assert_int_equal(m[4].rm_so, -1);
			}
			/* 12345678901 ns rounds to 12.345679 s. */
			group(line, &m[5], s, sizeof(s));
			assert_string_equal(s, "12.345679");
			group(line, &m[6], s, sizeof(s));
			assert_string_equal(s, ftrace_events[id].name);
			group(line, &m[7], s, sizeof(s));
			if (!match(field_re[id], s, m))
				fail_msg("%s fields do not match: %s", ftrace_events[id].name, s);
		}
	}
}

static void test_exact_field_text(void **state)
{
	struct trace_entry e;
	char buf[512];

	(void)state;
	/* x86-64 vmemmap: 0xffffea0000000000 + 256 * 56 = ...3800. */
	e = sample(TRACE_MM_PAGE_ALLOC);
	ftrace_format_fields(&e, trace_print_tables(), buf, sizeof(buf));
	assert_string_equal(buf, "page=ffffea0000003800 pfn=256 order=2 migratetype=0 "
			    "gfp_flags=GFP_ATOMIC|GFP_NOWARN|GFP_COMP");
	e.mm_page_alloc.pfn = -1UL;
	ftrace_format_fields(&e, trace_print_tables(), buf, sizeof(buf));
	assert_string_equal(buf, "page=(null) pfn=0 order=2 migratetype=0 "
			    "gfp_flags=GFP_ATOMIC|GFP_NOWARN|GFP_COMP");
	e = sample(TRACE_MM_VMSCAN_WRITEPAGE);
	ftrace_format_fields(&e, trace_print_tables(), buf, sizeof(buf));
	/* 0xffffea0000000000 + 4000 * 56 = + 0x36b00. */
	assert_string_equal(buf, "page=ffffea0000036b00 pfn=4000 flags=RECLAIM_WB_ANON|RECLAIM_WB_SYNC");
	e = sample(TRACE_MM_VMSCAN_LRU_SHRINK_INACTIVE);
	ftrace_format_fields(&e, trace_print_tables(), buf, sizeof(buf));
	assert_string_equal(buf, "nid=0 zid=2 nr_scanned=32 nr_reclaimed=30 priority=12 "
			    "flags=RECLAIM_WB_FILE|RECLAIM_WB_ASYNC");
	e = sample(TRACE_WRITEBACK_CONGESTION_WAIT);
	ftrace_format_line(&e, trace_print_tables(), false, buf, sizeof(buf));
	assert_string_equal(buf, "       fake-gitk-1234  [001]    12.345679: "
			    "writeback_congestion_wait: usec_timeout=100000 usec_delayed=24000\n");
}

static void test_comm_rule(void **state)
{
	char out[16];

	(void)state;
	ftrace_comm("fake_gitk", 10, out, sizeof(out));
	assert_string_equal(out, "fake-gitk");
	ftrace_comm("flush-253:0", 11, out, sizeof(out));
	assert_string_equal(out, "flush-253-0");
	ftrace_comm("kswapd0", 12, out, sizeof(out));
	assert_string_equal(out, "kswapd0");
	ftrace_comm("<idle>", 0, out, sizeof(out));
	assert_string_equal(out, "swapper");
	ftrace_comm("a b/c", 13, out, sizeof(out));
	assert_string_equal(out, "a-b-c");
}

static void test_event_selection(void **state)
{
	uint64_t mask;
	char err[160];

	(void)state;
#define SEL(list) (mask = 0, ftrace_select_events(list, &mask, err, sizeof(err)))
	assert_int_equal(SEL("kmem:*"), 0);
	assert_int_equal(__builtin_popcountll(mask), 6);
	assert_int_equal(SEL("kmem"), 0);		/* a whole system */
	assert_int_equal(__builtin_popcountll(mask), 6);
	assert_int_equal(SEL("vmscan:mm_vmscan_kswapd_*"), 0);
	assert_int_equal(mask, (UINT64_C(1) << TRACE_MM_VMSCAN_KSWAPD_SLEEP) |
			       (UINT64_C(1) << TRACE_MM_VMSCAN_KSWAPD_WAKE));
	/* alloc, alloc_zone_locked, alloc_extfrag */
	assert_int_equal(SEL("kmem:mm_page_alloc*"), 0);
	assert_int_equal(__builtin_popcountll(mask), 3);
	assert_int_equal(SEL("mm_page_alloc,writeback"), 0);
	assert_int_equal(mask, (UINT64_C(1) << TRACE_MM_PAGE_ALLOC) |
			       (UINT64_C(1) << TRACE_WRITEBACK_CONGESTION_WAIT));
	assert_int_equal(SEL("*:*congestion*"), 0);
	assert_int_equal(mask, UINT64_C(1) << TRACE_WRITEBACK_CONGESTION_WAIT);
	assert_int_equal(SEL("all"), 0);
	assert_int_equal(mask, FTRACE_ALL_EVENTS);
	assert_int_equal(SEL("sched:*"), -1);
	assert_string_equal(err, "--events: 'sched:*' selects no event (systems: kmem, vmscan, writeback)");
	assert_int_equal(SEL("kmem:*,,vmscan"), -1);
#undef SEL
}

/* The sink writes only selected events, after the trace file's header. */
static void test_sink_selects_events(void **state)
{
	struct sim_config sc = { .hz = 250, .nr_cpus = 1, .seed = 1 };
	struct ftrace_sink_opts o = { 0 };
	char err[64], *buf = NULL;
	size_t len = 0;

	(void)state;
	sim_init(&sc);
	o.out = open_memstream(&buf, &len);
	o.header = true;
	assert_int_equal(ftrace_select_events("vmscan:mm_vmscan_kswapd_wake", &o.events,
					      err, sizeof(err)), 0);
	assert_int_equal(ftrace_sink_start(&o), 0);
	assert_int_equal(ftrace_sink_start(&o), -1);	/* one at a time */
	trace_mm_vmscan_kswapd_sleep(0);
	trace_mm_vmscan_kswapd_wake(0, 3);
	trace_writeback_congestion_wait(20000, 20000);
	assert_int_equal(ftrace_sink_stop(), 0);
	assert_null(trace_sink);
	fclose(o.out);
	assert_int_equal(ftrace_sink_lines(), 1);
	/* Outside any task: pid 0, cpu 0, time 0. */
	assert_string_equal(buf, "# tracer: nop\n#\n"
			    "#           TASK-PID    CPU#    TIMESTAMP  FUNCTION\n"
			    "#              | |       |          |         |\n"
			    "         swapper-0     [000]     0.000000: mm_vmscan_kswapd_wake: nid=0 order=3\n");
	free(buf);
	/* The helpers do nothing without a sink. */
	nr_cap = 0;
	trace_mm_vmscan_kswapd_wake(0, 1);
	assert_int_equal(nr_cap, 0);
	sim_exit();
}

/* ---- the parser ---------------------------------------------------------- */

static struct trace_parser *parse_text(const char *text)
{
	char err[256];
	struct trace_parser *p = trace_parser_open(test_tmp_file(text), err, sizeof(err));

	if (!p)
		fail_msg("%s", err);
	return p;
}

static void test_parser_shapes(void **state)
{
	struct trace_parser *p;
	struct trace_record r;

	(void)state;
	p = parse_text(
		"version = 6\n"
		"CPU 3 is empty\n"
		"cpus=4\n"
		"# tracer: nop\n"
		"#\n"
		"\n"
		/* trace-cmd report: padded event name, ns timestamp */
		"          <idle>-0     [001]  6104.170016123: mm_page_alloc:        page=ffffea0000003800 pfn=256 order=2 migratetype=0 gfp_flags=GFP_ATOMIC|GFP_COMP\n"
		/* irq-info flags column, tgid column, a name with blanks */
		"     Web Content-4242  (  4200) [002] d.s2 77.000001: mm_page_free: page=0000000012345678 pfn=0x100 order=2\n"
		" => __free_pages\n"
		" => put_page\n"
		"CPU:2 [LOST 17 EVENTS]\n"
		"  kworker/u8:2-99    [000] ....   78.5: sched_switch: prev_comm=a prev_pid=1\n"
		"       fake_gitk-7     [003]    79.000000: mm_vmscan_writepage: page=ffffea0000000000 pfn=0 sync_io=1\n"
		"         kswapd0-45    [000]    80.000000: mm_page_alloc: page=(null) pfn=0 order=9 migratetype=2 gfp_flags=GFP_HIGHUSER_MOVABLE|__GFP_NOWARN\n"
		"         kswapd0-45    [000]    81.000000: mm_page_alloc: page=ffffea0000000000 pfn=0 order=0 migratetype=0 gfp_flags=GFP_KERNEL|__GFP_BOGUS\n"
		"         kswapd0-45    [000]    82.000000: mm_page_free_batched: page=ffffea0000000000 pfn=12\n");

	assert_int_equal(trace_parser_next(p, &r), TRACE_PARSE_EVENT);
	assert_string_equal(r.comm, "<idle>");
	assert_int_equal(r.pid, 0);
	assert_int_equal(r.cpu, 1);
	assert_int_equal(r.ts, 6104170016123ULL);
	assert_string_equal(r.event, "mm_page_alloc");
	assert_non_null(r.desc);
	assert_int_equal(r.entry.id, TRACE_MM_PAGE_ALLOC);
	assert_int_equal(r.entry.mm_page_alloc.pfn, 256);
	assert_int_equal(r.entry.mm_page_alloc.order, 2);
	assert_int_equal(r.entry.mm_page_alloc.gfp_flags, GFP_ATOMIC | __GFP_COMP);
	assert_false(r.entry.in_irq);
	assert_null(r.unusable);
	assert_int_equal(trace_parser_line(p), 7);

	assert_int_equal(trace_parser_next(p, &r), TRACE_PARSE_EVENT);
	assert_string_equal(r.comm, "Web Content");
	assert_int_equal(r.pid, 4242);
	assert_int_equal(r.cpu, 2);
	assert_string_equal(r.flags, "d.s2");
	assert_true(r.entry.in_irq);
	assert_int_equal(r.ts, 77000001000ULL);
	/* 3.3's name for mm_page_free_direct; hex pfn of later kernels. */
	assert_int_equal(r.entry.id, TRACE_MM_PAGE_FREE_DIRECT);
	assert_int_equal(r.entry.mm_page_free_direct.pfn, 256);
	assert_int_equal(r.entry.mm_page_free_direct.order, 2);

	/* Not an mmsim event: returned undecoded. */
	assert_int_equal(trace_parser_next(p, &r), TRACE_PARSE_EVENT);
	assert_string_equal(r.comm, "kworker/u8:2");
	assert_string_equal(r.event, "sched_switch");
	assert_null(r.desc);
	assert_string_equal(r.fields, "prev_comm=a prev_pid=1");
	assert_int_equal(r.ts, 78500000000ULL);
	assert_int_equal(trace_parser_lost_events(p), 17);

	/* 2.6.36's writepage: sync_io only (file unknown: anon). */
	assert_int_equal(trace_parser_next(p, &r), TRACE_PARSE_EVENT);
	assert_string_equal(r.comm, "fake_gitk");
	assert_int_equal(r.entry.mm_vmscan_writepage.reclaim_flags,
			 RECLAIM_WB_ANON | RECLAIM_WB_SYNC);

	assert_int_equal(trace_parser_next(p, &r), TRACE_PARSE_EVENT);
	assert_true(r.failed_alloc);
	assert_int_equal(r.entry.mm_page_alloc.pfn, -1UL);
	assert_int_equal(r.entry.mm_page_alloc.gfp_flags,
			 GFP_HIGHUSER_MOVABLE | __GFP_NOWARN);

	/* Well formed, but a flag name mmsim cannot map. */
	assert_int_equal(trace_parser_next(p, &r), TRACE_PARSE_EVENT);
	assert_string_equal(r.unusable, "unknown gfp flag '__GFP_BOGUS'");

	/* mm_page_free_batched without cold= (later kernels). */
	assert_int_equal(trace_parser_next(p, &r), TRACE_PARSE_EVENT);
	assert_int_equal(r.entry.id, TRACE_MM_PAGEVEC_FREE);
	assert_int_equal(r.entry.mm_pagevec_free.pfn, 12);
	assert_int_equal(r.entry.mm_pagevec_free.cold, 0);

	assert_int_equal(trace_parser_next(p, &r), TRACE_PARSE_EOF);
	assert_int_equal(trace_parser_next(p, &r), TRACE_PARSE_EOF);
	trace_parser_close(p);
}

/* Each bad trace stops at its line with "FILE:LINE: what". */
static void test_parser_errors(void **state)
{
	static const struct {
		const char *text;
		int line;
		const char *what;
	} cases[] = {
		{ "# ok\nhello world\n", 2,
		  "not an ftrace event line (no [CPU] column): 'hello world'" },
		{ "a-1 [000] 1.0: mm_vmscan_kswapd_sleep: nid=0\nkswapd0 [000] 1.0: x: y\n", 2,
		  "no COMM-PID before the CPU column: 'kswapd0'" },
		{ "kswapd0-45 [000] 1.x: mm_vmscan_kswapd_sleep: nid=0\n", 1,
		  "bad timestamp '1.x:' (want SECONDS.MICROS:)" },
		{ "kswapd0-45 [000] 1.5 mm_vmscan_kswapd_sleep: nid=0\n", 1,
		  "bad timestamp '1.5' (want SECONDS.MICROS:)" },
		{ "kswapd0-45 [000] 1.5: nid=0\n", 1,
		  "no 'EVENT:' after the timestamp: 'nid=0'" },
		{ "kswapd0-45 [000] 1.5: mm_page_alloc: page=ffff pfn=1 migratetype=0 gfp_flags=GFP_KERNEL\n", 1,
		  "mm_page_alloc: no order= field" },
		{ "kswapd0-45 [000] 1.5: mm_vmscan_kswapd_wake: nid=0 order=two\n", 1,
		  "mm_vmscan_kswapd_wake: order=two is not a number" },
		{ "kswapd0-45 [000] 1.5: mm_vmscan_writepage: page=0 pfn=1 flags=RECLAIM_WB_NONSENSE\n", 1,
		  "mm_vmscan_writepage: flags=RECLAIM_WB_NONSENSE is not RECLAIM_WB_* names" },
		{ "CPU:1 [LOST\n", 1, "lost-events line without a count 'CPU:1 [LOST'" },
		/* Every number against its field's type: signedness and
		 * width (struct trace_entry's, the kernel's TP_STRUCT__entry). */
		{ "k-1 [000] 1.5: mm_vmscan_direct_reclaim_end: nr_reclaimed=-1\n", 1,
		  "mm_vmscan_direct_reclaim_end: nr_reclaimed=-1 does not fit its type, "
		  "unsigned long (0 to 18446744073709551615)" },
		{ "k-1 [000] 1.5: mm_vmscan_kswapd_sleep: nid=2147483648\n", 1,
		  "mm_vmscan_kswapd_sleep: nid=2147483648 does not fit its type, int "
		  "(-2147483648 to 2147483647)" },
		{ "k-1 [000] 1.5: writeback_congestion_wait: usec_timeout=4294967296 usec_delayed=0\n", 1,
		  "writeback_congestion_wait: usec_timeout=4294967296 does not fit its type, "
		  "unsigned int (0 to 4294967295)" },
		{ "k-1 [000] 1.5: mm_page_free: page=0 pfn=0x10000000000000000 order=0\n", 1,
		  "mm_page_free: pfn=0x10000000000000000 does not fit its type, "
		  "unsigned long (0 to 18446744073709551615)" },
		{ "k-1 [000] 1.5: mm_vmscan_kswapd_sleep: nid=0x\n", 1,
		  "mm_vmscan_kswapd_sleep: nid=0x is not a number" },
		{ "k-1 [000] 1.5: mm_vmscan_kswapd_sleep: nid=0x -1\n", 1,
		  "mm_vmscan_kswapd_sleep: nid=0x is not a number" },
		/* And where the parser knows the meaning. */
		{ "k-1 [000] 1.5: mm_page_alloc: page=0 pfn=1 order=11 migratetype=0 gfp_flags=GFP_KERNEL\n", 1,
		  "mm_page_alloc: order=11 is not a page order (0 to 10)" },
		{ "k-1 [000] 1.5: mm_vmscan_kswapd_wake: nid=0 order=-1\n", 1,
		  "mm_vmscan_kswapd_wake: order=-1 is not a page order (0 to 10)" },
		{ "k-1 [000] 1.5: mm_page_pcpu_drain: page=0 pfn=1 order=0 migratetype=8\n", 1,
		  "mm_page_pcpu_drain: migratetype=8 is not a migratetype (0 to 7)" },
		{ "k-1 [000] 1.5: mm_pagevec_free: page=0 pfn=1 order=0 cold=2\n", 1,
		  "mm_pagevec_free: cold=2 is not 0 or 1 (0 to 1)" },
		{ "k-1 [000] 1.5: mm_vmscan_lru_shrink_inactive: nid=0 zid=1 nr_scanned=32 "
		  "nr_reclaimed=20 priority=13 flags=RECLAIM_WB_ANON\n", 1,
		  "mm_vmscan_lru_shrink_inactive: priority=13 is not a reclaim priority (0 to 12)" },
		/* Numbers of the line itself. */
		{ "k-1 [000] 18446744074.000000: mm_vmscan_kswapd_sleep: nid=0\n", 1,
		  "bad timestamp '18446744074.000000:' (want SECONDS.MICROS:)" },
		{ "k-1 [4294967296] 1.5: mm_vmscan_kswapd_sleep: nid=0\n", 1,
		  "CPU [4294967296] is not a CPU number (0 to 2147483647)" },
		{ "CPU:1 [LOST 18446744073709551615 EVENTS]\nCPU:1 [LOST 1 EVENTS]\n", 2,
		  "lost-events count past 18446744073709551615 in all: 'CPU:1 [LOST 1 EVENTS]'" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *path;
		struct trace_parser *p;
		struct trace_record r;
		char want[512];
		int rc;

		path = test_tmp_file(cases[i].text);
		p = trace_parser_open(path, want, sizeof(want));
		assert_non_null(p);
		while ((rc = trace_parser_next(p, &r)) == TRACE_PARSE_EVENT)
			;
		assert_int_equal(rc, TRACE_PARSE_ERROR);
		snprintf(want, sizeof(want), "%s:%d: %s", path, cases[i].line, cases[i].what);
		assert_string_equal(trace_parser_error(p), want);
		/* Stays failed. */
		assert_int_equal(trace_parser_next(p, &r), TRACE_PARSE_ERROR);
		trace_parser_close(p);
	}
	/* Too long a line. */
	{
		char *text = malloc(TRACE_LINE_MAX + 100);
		char want[256];
		const char *path;
		struct trace_parser *p;
		struct trace_record r;

		memset(text, 'a', TRACE_LINE_MAX + 50);
		strcpy(text + TRACE_LINE_MAX + 50, "\n");
		path = test_tmp_file(text);
		free(text);
		p = trace_parser_open(path, want, sizeof(want));
		assert_int_equal(trace_parser_next(p, &r), TRACE_PARSE_ERROR);
		snprintf(want, sizeof(want), "%s:1: line longer than %d characters",
			 path, TRACE_LINE_MAX);
		assert_string_equal(trace_parser_error(p), want);
		trace_parser_close(p);
	}
	{
		char err[256], want[256];
		const char *path;
		FILE *f;
		struct trace_parser *p;
		struct trace_record r;

		assert_null(trace_parser_open("/nonexistent/trace.txt", err, sizeof(err)));
		assert_string_equal(err, "/nonexistent/trace.txt: No such file or directory");
		/* A broken trace.dat is refused by its reader... (the
		 * magic and "6", without the NUL that ends the version:
		 * src/trace/tracedat_check.c says so before libtracecmd
		 * opens it) */
		path = test_tmp_file("\x17\x08""Dtracing6");
		assert_null(trace_parser_open(path, err, sizeof(err)));
#ifdef HAVE_LIBTRACECMD
		snprintf(want, sizeof(want), "%s: cut short: the version at byte 11 "
			 "needs 1 byte, the file ends at byte 11", path);
		assert_string_equal(err, want);
#else
		(void)want;
		assert_non_null(strstr(err, "built without libtracecmd"));
#endif
		/* ...and one arriving on a stream is recognised. */
		f = fopen(path, "r");
		p = trace_parser_new(f, "<stdin>");
		assert_int_equal(trace_parser_next(p, &r), TRACE_PARSE_ERROR);
		assert_string_equal(trace_parser_error(p),
				    "<stdin>:1: a binary trace.dat file: give it as a file, "
				    "or the text of 'trace-cmd report'");
		trace_parser_close(p);
		fclose(f);
	}
}

/* Lines of a generated trace, produced on demand: no file, no buffer. */
struct gen_cookie {
	unsigned long line, lines;
	char buf[200];
	size_t len, pos;
};

static ssize_t gen_read(void *c, char *out, size_t size)
{
	struct gen_cookie *g = c;
	size_t n = 0;

	while (n < size) {
		if (g->pos == g->len) {
			if (g->line == g->lines)
				break;
			g->len = (size_t)snprintf(g->buf, sizeof(g->buf),
				"            gitk-1234  [001] %5lu.%06lu: mm_page_alloc: "
				"page=ffffea0000000000 pfn=%lu order=0 migratetype=0 gfp_flags=GFP_KERNEL\n",
				g->line / 1000000, g->line % 1000000, g->line);
			g->pos = 0;
			g->line++;
		}
		size_t k = g->len - g->pos < size - n ? g->len - g->pos : size - n;

		memcpy(out + n, g->buf + g->pos, k);
		g->pos += k;
		n += k;
	}
	return (ssize_t)n;
}

/* Memory does not grow with the trace: heap use after the first event
 * equals heap use after 200000 more. */
static void test_parser_streams(void **state)
{
	struct gen_cookie g = { .lines = 200001 };
	cookie_io_functions_t io = { .read = gen_read };
	struct trace_parser *p;
	struct trace_record r;
	struct mallinfo2 before, after;
	unsigned long n = 1;
	FILE *f;

	(void)state;
	f = fopencookie(&g, "r", io);
	assert_non_null(f);
	p = trace_parser_new(f, "generated");
	assert_int_equal(trace_parser_next(p, &r), TRACE_PARSE_EVENT);
	before = mallinfo2();
	while (trace_parser_next(p, &r) == TRACE_PARSE_EVENT)
		n++;
	after = mallinfo2();
	assert_int_equal(n, 200001);
	assert_int_equal(r.entry.mm_page_alloc.pfn, 200000);
	assert_int_equal(after.uordblks, before.uordblks);
	trace_parser_close(p);
	fclose(f);
}

static void test_gfp_names_both_ways(void **state)
{
	static const gfp_t masks[] = {
		0, GFP_KERNEL, GFP_ATOMIC, GFP_NOIO, GFP_NOFS, GFP_HIGHUSER_MOVABLE,
		GFP_TEMPORARY | __GFP_ZERO, GFP_USER | __GFP_COLD | __GFP_NOWARN,
		GFP_ATOMIC | __GFP_NOWARN | __GFP_COMP, GFP_KERNEL | __GFP_DMA,
		__GFP_WAIT | __GFP_FS, GFP_KERNEL | __GFP_REPEAT | __GFP_NOFAIL |
		__GFP_NORETRY | __GFP_NOMEMALLOC | __GFP_THISNODE,
	};
	char buf[256], bad[64];
	gfp_t g;

	(void)state;
	for (size_t i = 0; i < sizeof(masks) / sizeof(masks[0]); i++) {
		gfp_flags_str(masks[i], buf, sizeof(buf));
		assert_int_equal(gfp_flags_parse(buf, strlen(buf), &g, bad, sizeof(bad)), 0);
		assert_int_equal(g, masks[i]);
	}
	/* Later kernels' names, by their 2.6.32 meaning. */
	strcpy(buf, "__GFP_HIGH|__GFP_ATOMIC|__GFP_KSWAPD_RECLAIM|__GFP_COMP");
	assert_int_equal(gfp_flags_parse(buf, strlen(buf), &g, bad, sizeof(bad)), 0);
	assert_int_equal(g, __GFP_HIGH | __GFP_COMP);
	strcpy(buf, "GFP_KERNEL_ACCOUNT|__GFP_ZERO");
	assert_int_equal(gfp_flags_parse(buf, strlen(buf), &g, bad, sizeof(bad)), 0);
	assert_int_equal(g, GFP_KERNEL | __GFP_ZERO);
	strcpy(buf, "__GFP_IO|__GFP_FS|__GFP_DIRECT_RECLAIM|__GFP_KSWAPD_RECLAIM");
	assert_int_equal(gfp_flags_parse(buf, strlen(buf), &g, bad, sizeof(bad)), 0);
	assert_int_equal(g, GFP_KERNEL);
	strcpy(buf, "GFP_KERNEL|GFP_WHATEVER");
	assert_int_equal(gfp_flags_parse(buf, strlen(buf), &g, bad, sizeof(bad)), -1);
	assert_string_equal(bad, "GFP_WHATEVER");
	strcpy(buf, "GFP_KERNEL|");
	assert_int_equal(gfp_flags_parse(buf, strlen(buf), &g, bad, sizeof(bad)), -1);
	assert_string_equal(bad, "");
}

/* ---- the summaries ------------------------------------------------------ */

static char *run_report(const char *text, bool reclaim, bool ignore_pid)
{
	struct postprocess_opts o = { .ignore_pid = ignore_pid };
	struct trace_parser *p = parse_text(text);
	struct trace_record_source src;
	char err[256], *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	int rc;

	trace_parser_source(p, &src);
	rc = reclaim ? postprocess_reclaim(&src, &o, out, err, sizeof(err)) :
		       postprocess_pagealloc(&src, &o, out, err, sizeof(err));
	if (rc)
		fail_msg("%s", err);
	fclose(out);
	trace_parser_close(p);
	return buf;
}

static const char reclaim_trace[] =
	"# tracer: nop\n"
	"            gitk-1234  [001]    10.000000: mm_vmscan_wakeup_kswapd: nid=0 zid=1 order=2\n"
	"         kswapd0-45    [000]    10.000050: mm_vmscan_kswapd_wake: nid=0 order=2\n"
	"            gitk-1234  [001]    10.000100: mm_vmscan_direct_reclaim_begin: order=2 may_writepage=1 gfp_flags=GFP_KERNEL|GFP_COMP\n"
	"         kswapd0-45    [000]    10.000110: mm_vmscan_lru_isolate: isolate_mode=0 order=2 nr_requested=32 nr_scanned=30 nr_taken=30 contig_taken=0 contig_dirty=0 contig_failed=0\n"
	"            gitk-1234  [001]    10.000200: mm_vmscan_lru_isolate: isolate_mode=2 order=2 nr_requested=32 nr_scanned=32 nr_taken=32 contig_taken=4 contig_dirty=1 contig_failed=0\n"
	"            gitk-1234  [001]    10.000300: mm_vmscan_lru_isolate: isolate_mode=1 order=2 nr_requested=32 nr_scanned=16 nr_taken=16 contig_taken=0 contig_dirty=0 contig_failed=0\n"
	"            gitk-1234  [001]    10.000400: mm_vmscan_writepage: page=ffffea0000010e00 pfn=1234 flags=RECLAIM_WB_ANON|RECLAIM_WB_SYNC\n"
	"            gitk-1234  [001]    10.000410: mm_vmscan_writepage: page=ffffea0000010e38 pfn=1235 flags=RECLAIM_WB_FILE|RECLAIM_WB_SYNC\n"
	"         kswapd0-45    [000]    10.000450: mm_vmscan_writepage: page=ffffea0000010e00 pfn=1300 flags=RECLAIM_WB_FILE|RECLAIM_WB_ASYNC\n"
	"            gitk-1234  [001]    10.000500: mm_vmscan_lru_shrink_inactive: nid=0 zid=1 nr_scanned=32 nr_reclaimed=20 priority=12 flags=RECLAIM_WB_ANON|RECLAIM_WB_SYNC\n"
	"         kswapd0-45    [000]    10.000510: mm_vmscan_lru_shrink_inactive: nid=0 zid=1 nr_scanned=30 nr_reclaimed=25 priority=12 flags=RECLAIM_WB_FILE|RECLAIM_WB_ASYNC\n"
	"            gitk-1234  [001]    10.001700: mm_vmscan_direct_reclaim_end: nr_reclaimed=20\n"
	"            gitk-1234  [001]    10.020000: writeback_congestion_wait: usec_timeout=20000 usec_delayed=8000\n"
	"         kswapd0-45    [000]    10.050000: mm_vmscan_kswapd_wake: nid=0 order=0\n"
	"         kswapd0-45    [000]    10.100080: writeback_congestion_wait: usec_timeout=100000 usec_delayed=100000\n"
	"         kswapd0-45    [000]    10.200080: writeback_congestion_wait: usec_timeout=100000 usec_delayed=100012\n"
	"         kswapd0-45    [000]    10.250050: mm_vmscan_kswapd_sleep: nid=0\n"
	"            gitk-1234  [001]    11.000000: mm_vmscan_direct_reclaim_begin: order=0 may_writepage=1 gfp_flags=GFP_HIGHUSER_MOVABLE\n"
	"            gitk-1234  [001]    11.250000: mm_vmscan_direct_reclaim_end: nr_reclaimed=32\n"
	"          netrx-77     [002]    11.500000: mm_vmscan_wakeup_kswapd: nid=0 zid=1 order=2\n";

/*
 * By hand:
 * gitk-1234: 2 direct reclaims (orders 2, 0), 1 wakeup (order 2); scanned
 *   32 (mode 2, both) and not 16 (mode 1, active: rotation) = 32;
 *   reclaimed 20; sync writes 2 (anon 1, file 1), async 0; latencies
 *   10.001700 - 10.000100 = 1.6 ms and 11.25 - 11.0 = 250 ms, stalled
 *   0.2516 s; contig_dirty 1.
 * kswapd0-45: woken at 10.000050 (order 2), woken again at 10.05 while
 *   awake: a re-wakeup, whose order (0) the latency then carries, as in
 *   the script; asleep at 10.250050: 250 ms awake.
 *   Scanned 30, reclaimed 25, async file write 1.
 * netrx-77: a wakeup only (interrupt context): in no table, counted in
 *   "Wake kswapd requests" (1 + 1 = 2).
 * congestion_wait: kswapd 2 calls, 100000 + 100012 us = 200.012 ms, both
 *   full; others 1 call, 8 ms, not full.
 * Name width: "kswapd0-45" is 10 long, +2 = 12.
 */
static const char reclaim_expected[] =
	"\n"
	"Reclaim latencies expressed as order-latency_in_ms\n"
	"gitk-1234    2-1.6 0-250 \n"
	"kswapd0-45   0-250 \n"
	"\n"
	"Process        Direct     Wokeup      Pages    Pages     Pages    Pages     Time\n"
	"details         Rclms     Kswapd    Scanned   Rclmed   Sync-IO ASync-IO  Stalled\n"
	"gitk-1234           2          1         32       20         2        0    0.252"
	"      direct-0=1 direct-2=1       wakeup-2=1       contig-dirty=1 \n"
	"\n"
	"Kswapd         Kswapd      Order      Pages      Pages    Pages    Pages\n"
	"Instance      Wakeups  Re-wakeup    Scanned     Rclmed  Sync-IO ASync-IO\n"
	"kswapd0-45          1          1         30       25         0        1"
	"      wake-2=1       rewake-0=1 \n"
	"\n"
	"Summary\n"
	"Direct reclaims:     \t\t\t2\n"
	"Direct reclaim pages scanned:\t\t32\n"
	"Direct reclaim pages reclaimed:\t\t20\n"
	"Direct reclaim write file sync I/O:\t1\n"
	"Direct reclaim write anon sync I/O:\t1\n"
	"Direct reclaim write file async I/O:\t0\n"
	"Direct reclaim write anon async I/O:\t0\n"
	"Wake kswapd requests:\t\t\t2\n"
	"Time stalled direct reclaim: \t\t0.25 seconds\n"
	"\n"
	"Kswapd wakeups:\t\t\t\t1\n"
	"Kswapd pages scanned:\t\t\t30\n"
	"Kswapd pages reclaimed:\t\t\t25\n"
	"Kswapd reclaim write file sync I/O:\t0\n"
	"Kswapd reclaim write anon sync I/O:\t0\n"
	"Kswapd reclaim write file async I/O:\t1\n"
	"Kswapd reclaim write anon async I/O:\t0\n"
	"Time kswapd awake:\t\t\t0.25 seconds\n"
	"\n"
	"congestion_wait    Number     Time(ms)  FullTimeout\n"
	"kswapd                  2      200.012            2\n"
	"others                  1        8.000            0\n";

static void test_reclaim_summary(void **state)
{
	char *out;

	(void)state;
	out = run_report(reclaim_trace, true, false);
	assert_string_equal(out, reclaim_expected);
	free(out);
}

static const char pagealloc_trace[] =
	"            gitk-1234  [001]     1.000000: mm_page_alloc_zone_locked: page=ffffea0000001600 pfn=100 order=0 migratetype=0 percpu_refill=1\n"
	"            gitk-1234  [001]     1.000001: mm_page_alloc_zone_locked: page=ffffea0000001638 pfn=101 order=0 migratetype=0 percpu_refill=1\n"
	"         kswapd0-45    [000]     1.000002: mm_pagevec_free: page=ffffea0000002bc0 pfn=200 order=0 cold=1\n"
	"            gitk-1234  [001]     1.000003: mm_page_alloc: page=ffffea0000001600 pfn=100 order=0 migratetype=0 gfp_flags=GFP_KERNEL\n"
	"            gitk-1234  [001]     1.000004: mm_page_alloc_extfrag: page=ffffea0000001600 pfn=100 alloc_order=0 fallback_order=2 pageblock_order=9 alloc_migratetype=0 fallback_migratetype=2 fragmenting=1 change_ownership=0\n"
	"            gitk-1234  [001]     1.000005: mm_page_alloc_extfrag: page=ffffea0000001600 pfn=100 alloc_order=0 fallback_order=5 pageblock_order=9 alloc_migratetype=0 fallback_migratetype=2 fragmenting=1 change_ownership=1\n"
	"            gitk-1234  [001]     1.000006: mm_page_alloc_extfrag: page=ffffea0000001600 pfn=100 alloc_order=1 fallback_order=10 pageblock_order=9 alloc_migratetype=2 fallback_migratetype=2 fragmenting=0 change_ownership=1\n"
	"            gitk-1234  [001]     1.000007: mm_page_free_direct: page=ffffea0000001600 pfn=100 order=0\n"
	"            gitk-1234  [001]     1.000008: mm_page_free_direct: page=ffffea0000001600 pfn=100 order=0\n"
	"         kswapd0-45    [000]     1.000009: mm_page_pcpu_drain: page=ffffea0000002bc0 pfn=200 order=0 migratetype=2\n"
	"         kswapd0-45    [000]     1.000010: mm_page_pcpu_drain: page=ffffea0000002bf8 pfn=201 order=0 migratetype=2\n"
	"         kswapd0-45    [000]     1.000011: mm_vmscan_kswapd_sleep: nid=0\n"
	"         kswapd0-45    [000]     1.000012: mm_page_pcpu_drain: page=ffffea0000002bc0 pfn=200 order=0 migratetype=2\n"
	"          <idle>-0     [000]     1.000013: mm_page_alloc: page=ffffea0000002bc0 pfn=200 order=2 migratetype=0 gfp_flags=GFP_ATOMIC\n";

/*
 * By hand, per process:
 * <idle>-0: 1 allocation.
 * gitk-1234: allocs 1, under lock 2 (one run, closed by the mm_page_alloc:
 *   1 refill), freed direct 2, fallbacks 3: fragmenting 2 (order 2 <= 3
 *   severe, order 5 moderate), ownership changed 2.
 * kswapd0-45: pagevec 1, drain pages 3 in two runs (the first closed by
 *   kswapd_sleep, the second still open at the end): 2 drains; unknown 1
 *   (the vmscan event).
 */
static const char pagealloc_expected[] =
	"\n"
	"Process         Pages      Pages      Pages    Pages       PCPU     PCPU     PCPU   Fragment Fragment  MigType Fragment Fragment  Unknown\n"
	"details        allocd     allocd      freed    freed      pages   drains  refills   Fallback  Causing  Changed   Severe Moderate         \n"
	/* after "drain": empty columns of 9, 9, 11 and 5 x 9 = 74 blanks */
	"                      under lock     direct  pagevec      drain" "%74s\n"
	"<idle>-0            1          0          0        0          0        0        0          0        0        0        0        0        0\n"
	"gitk-1234           1          2          2        0          0        0        1          3        2        2        1        1        0\n"
	"kswapd0-45          0          0          0        1          3        2        0          0        0        0        0        0        1\n";

static void test_pagealloc_summary(void **state)
{
	char *out;
	char want[2048];

	(void)state;

	out = run_report(pagealloc_trace, false, false);
	snprintf(want, sizeof(want), pagealloc_expected, "");
	assert_string_equal(out, want);
	free(out);
}

/* --ignore-pid merges two gitk processes into one row. */
static void test_ignore_pid(void **state)
{
	char *out;

	(void)state;
	out = run_report(
		"            gitk-1  [001]     1.000000: mm_page_alloc: page=ffffea0000001600 pfn=100 order=0 migratetype=0 gfp_flags=GFP_KERNEL\n"
		"            gitk-2  [001]     1.000001: mm_page_alloc: page=ffffea0000001600 pfn=101 order=0 migratetype=0 gfp_flags=GFP_KERNEL\n",
		false, true);
	/* "gitk" + 2 = 6 wide. */
	assert_non_null(strstr(out, "\ngitk          2          0"));
	free(out);
}

static void test_report_stops_on_bad_line(void **state)
{
	struct postprocess_opts o = { 0 };
	struct trace_record_source src;
	struct trace_parser *p;
	char err[256], want[256], *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	const char *path;

	(void)state;
	path = test_tmp_file("kswapd0-45 [000] 1.0: mm_vmscan_kswapd_sleep: nid=0\n"
			"kswapd0-45 [000] 1.0: mm_vmscan_kswapd_wake: nid=0\n");
	p = trace_parser_open(path, err, sizeof(err));
	trace_parser_source(p, &src);
	assert_int_equal(postprocess_reclaim(&src, &o, out, err, sizeof(err)), -1);
	fclose(out);
	snprintf(want, sizeof(want), "%s:2: mm_vmscan_kswapd_wake: no order= field", path);
	assert_string_equal(err, want);
	assert_int_equal(len, 0);	/* nothing printed */
	free(buf);
	trace_parser_close(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_every_event_line_matches_patterns, teardown),
		cmocka_unit_test_teardown(test_exact_field_text, teardown),
		cmocka_unit_test_teardown(test_comm_rule, teardown),
		cmocka_unit_test_teardown(test_event_selection, teardown),
		cmocka_unit_test_teardown(test_sink_selects_events, teardown),
		cmocka_unit_test_teardown(test_parser_shapes, teardown),
		cmocka_unit_test_teardown(test_parser_errors, teardown),
		cmocka_unit_test_teardown(test_parser_streams, teardown),
		cmocka_unit_test_teardown(test_gfp_names_both_ways, teardown),
		cmocka_unit_test_teardown(test_reclaim_summary, teardown),
		cmocka_unit_test_teardown(test_pagealloc_summary, teardown),
		cmocka_unit_test_teardown(test_ignore_pid, teardown),
		cmocka_unit_test_teardown(test_report_stops_on_bad_line, teardown),
	};

	return cmocka_run_group_tests_name("ftrace", tests, NULL, NULL);
}
