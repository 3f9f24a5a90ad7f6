// SPDX-License-Identifier: GPL-2.0
/*
 * Replay of a trace (workload/replay.c): a hand-made trace, its summary,
 * time scaling, refused traces, the round trip run -> ftrace text ->
 * replay, and trace.dat parsed and replayed.  The ftrace text itself, its
 * parser and the summaries are tests/test_ftrace.c.
 */
#include <malloc.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>
#include "linux/mmzone.h"
#include "mmsim/profile.h"
#include "mmsim/trace.h"
#include "trace/events/vmscan.h"
#include "trace/events/writeback.h"
#include "report/ftrace.h"
#include "experiment/trace_sink.h"
#include "trace/parse.h"
#include "trace/tracedat.h"
#include "testlib.h"
#include "workload/replay.h"

/* ---- helpers ---------------------------------------------------------- */

static int teardown(void **state)
{
	(void)state;
	trace_sink = NULL;
	test_tmp_files_remove();
	profile_set_default();
	return 0;
}

static void boot(struct sim_config *sc, unsigned long mbytes, unsigned int cpus)
{
	struct mem_config cfg = {
		.arch = arch_lookup("x86_64"),
		.mem_bytes = mbytes << 20,
		.nr_cpus = cpus,
		.reserved_kbytes = (unsigned long)-1,
	};

	sc->nr_cpus = cpus;
	sim_init(sc);
	assert_int_equal(mem_init(&cfg), 0);
}

static void shutdown(void)
{
	mem_exit();
	sim_exit();
}

static unsigned long pgalloc_total(void)
{
	unsigned long n = 0;

	for (int i = PGALLOC_DMA; i <= PGALLOC_MOVABLE; i++)
		n += vm_events[i];
	return n;
}

/* Capture sink. */
#define MAX_CAP 8192
static struct trace_entry cap[MAX_CAP];
static int nr_cap;

static void capture(const struct trace_entry *e)
{
	assert_true(nr_cap < MAX_CAP);
	cap[nr_cap++] = *e;
}

static void capture_on(void)
{
	nr_cap = 0;
	trace_sink = capture;
}

/* The @n-th captured event of @id (0-based), or fail. */
static const struct trace_entry *nth(enum trace_event_id id, int n)
{
	for (int i = 0; i < nr_cap; i++)
		if (cap[i].id == id && n-- == 0)
			return &cap[i];
	fail_msg("no event %d number %d", id, n);
	return NULL;
}

static int count(enum trace_event_id id)
{
	int n = 0;

	for (int i = 0; i < nr_cap; i++)
		n += cap[i].id == id;
	return n;
}


/* ---- replay ------------------------------------------------------------- */

static const char hand_trace[] =
	"# tracer: nop\n"
	"#\n"
	"            gitk-100   [000]     1.000000: mm_page_alloc: page=ffffea0000000000 pfn=1000 order=0 migratetype=0 gfp_flags=GFP_KERNEL\n"
	"          <idle>-0     [001]     1.000100: mm_page_alloc: page=ffffea0000000000 pfn=2000 order=2 migratetype=0 gfp_flags=GFP_ATOMIC|GFP_COMP\n"
	"            gitk-100   [000]     1.000200: mm_page_alloc: page=ffffea0000000000 pfn=3000 order=0 migratetype=2 gfp_flags=GFP_HIGHUSER_MOVABLE\n"
	"            gitk-100   [000]     1.000300: mm_page_alloc: page=ffffea0000000000 pfn=4096 order=3 migratetype=0 gfp_flags=GFP_KERNEL|GFP_COMP\n"
	"            gitk-100   [000]     1.000300: mm_page_alloc_zone_locked: page=ffffea0000000000 pfn=4096 order=3 migratetype=0 percpu_refill=0\n"
	"            gitk-100   [000]     1.001000: mm_page_free_direct: page=ffffea0000000000 pfn=1000 order=0\n"
	"            gitk-100   [000]     1.001000: mm_page_free_direct: page=ffffea0000000000 pfn=1000 order=0\n"
	"          <idle>-0     [001]     1.002000: mm_page_free_direct: page=ffffea0000000000 pfn=2000 order=2\n"
	"CPU:1 [LOST 3 EVENTS]\n"
	"            gitk-100   [000]     1.003000: mm_pagevec_free: page=ffffea0000000000 pfn=3000 order=0 cold=1\n"
	"            gitk-100   [000]     1.003100: mm_page_free_direct: page=ffffea0000000000 pfn=9999 order=0\n"
	"            gitk-100   [000]     1.004000: mm_page_alloc: page=ffffea0000000000 pfn=5000 order=1 migratetype=0 gfp_flags=GFP_KERNEL\n"
	"            gitk-100   [000]     1.004100: mm_page_free_direct: page=ffffea0000000000 pfn=5000 order=0\n"
	"            gitk-100   [000]     1.004200: mm_page_alloc: page=ffffea0000000000 pfn=6000 order=0 migratetype=0 gfp_flags=GFP_KERNEL|__GFP_BOGUS\n"
	"            gitk-100   [000]     1.004300: sched_switch: prev_comm=gitk prev_pid=100\n"
	"          <idle>-0     [001]     1.005000: mm_page_alloc: page=(null) pfn=0 order=9 migratetype=0 gfp_flags=GFP_ATOMIC\n"
	"            gitk-100   [000]     1.006000: mm_page_alloc: page=ffffea0000000000 pfn=7000 order=0 migratetype=2 gfp_flags=GFP_KERNEL\n";

static void test_replay_hand_made(void **state)
{
	struct sim_config sc = { .hz = 250, .seed = 1 };
	const struct replay_stats *s;
	struct replay_opts o;
	unsigned long pgalloc0, pgfree0;
	const struct trace_entry *a[6], *f;
	struct replay *r;
	char err[256];

	(void)state;
	boot(&sc, 512, 2);
	replay_opts_default(&o);
	r = replay_open(test_tmp_file(hand_trace), &o, err, sizeof(err));
	if (!r)
		fail_msg("%s", err);
	pgalloc0 = pgalloc_total();
	pgfree0 = vm_events[PGFREE];
	capture_on();
	replay_start(r);
	sim_run((sim_time_t)-1);
	trace_sink = NULL;
	s = replay_stats(r);

	assert_true(s->done);
	assert_string_equal(s->error, "");
	assert_int_equal(s->events, 16);
	/* 1000, 2000, 3000, 4096, 5000, the (null) order 9, 7000. */
	assert_int_equal(s->allocs, 7);
	assert_int_equal(s->allocs_irq, 2);		/* GFP_ATOMIC twice */
	assert_int_equal(s->alloc_failures, 0);
	assert_int_equal(s->trace_failures, 1);
	assert_int_equal(s->frees, 3);			/* 1000, 2000, 3000 */
	assert_int_equal(s->duplicate_frees, 1);	/* 1000's second record */
	assert_int_equal(s->unmatched_frees, 1);	/* 9999 */
	assert_int_equal(s->order_mismatch, 1);		/* 5000 freed as order 0 */
	assert_int_equal(s->bad_gfp, 1);
	assert_int_equal(s->migratetype_adjusted, 1);	/* 7000: GFP_KERNEL, movable */
	assert_int_equal(s->other_events, 2);
	assert_string_equal(s->other[0].name, "mm_page_alloc_zone_locked");
	assert_string_equal(s->other[1].name, "sched_switch");
	assert_int_equal(s->lost_events, 3);
	assert_int_equal(s->live_at_end, 3);		/* 4096, 5000, 7000 */
	/* Pages: 1 + 4 + 1 + 8 + 2 + 512 + 1 = 529 allocated; 1 + 4 + 1
	 * freed by the trace and the order-9 block (failed on the traced
	 * machine) at once: 518. */
	assert_int_equal(s->pages_allocated, 529);
	assert_int_equal(s->pages_freed, 518);
	assert_int_equal(pgalloc_total() - pgalloc0, 529);
	assert_int_equal(vm_events[PGFREE] - pgfree0, 518);

	/* The allocations, in order, at their recorded offsets. */
	assert_int_equal(count(TRACE_MM_PAGE_ALLOC), 7);
	for (int i = 0; i < 6; i++)
		a[i] = nth(TRACE_MM_PAGE_ALLOC, i);
	assert_int_equal(a[0]->ts, 0);
	assert_int_equal(a[0]->mm_page_alloc.gfp_flags, GFP_KERNEL);
	assert_false(a[0]->in_irq);
	assert_string_equal(a[0]->comm, "replay");
	assert_int_equal(a[1]->ts, 100 * NSEC_PER_USEC);
	assert_true(a[1]->in_irq);
	assert_int_equal(a[1]->cpu, 1);
	assert_int_equal(a[1]->mm_page_alloc.order, 2);
	assert_int_equal(a[2]->ts, 200 * NSEC_PER_USEC);
	assert_int_equal(a[2]->mm_page_alloc.migratetype, MIGRATE_MOVABLE);
	assert_int_equal(a[3]->mm_page_alloc.order, 3);
	assert_int_equal(a[3]->mm_page_alloc.gfp_flags, GFP_KERNEL | __GFP_COMP);
	assert_int_equal(a[5]->mm_page_alloc.order, 9);
	assert_true(a[5]->in_irq);
	f = nth(TRACE_MM_PAGE_ALLOC, 6);
	assert_int_equal(f->ts, 6000 * NSEC_PER_USEC);
	assert_int_equal(f->mm_page_alloc.gfp_flags, GFP_KERNEL | __GFP_MOVABLE);
	assert_int_equal(f->mm_page_alloc.migratetype, MIGRATE_MOVABLE);

	/* Frees matched by pfn hit the blocks allocated for those pfns:
	 * 1000 (twice, 2.6.32's double record), 2000, then the order-9
	 * block; 3000 through the pagevec. */
	f = nth(TRACE_MM_PAGE_FREE_DIRECT, 0);
	assert_int_equal(f->mm_page_free_direct.pfn, a[0]->mm_page_alloc.pfn);
	assert_int_equal(f->ts, 1000 * NSEC_PER_USEC);
	f = nth(TRACE_MM_PAGE_FREE_DIRECT, 2);
	assert_int_equal(f->mm_page_free_direct.pfn, a[1]->mm_page_alloc.pfn);
	assert_int_equal(f->mm_page_free_direct.order, 2);
	f = nth(TRACE_MM_PAGE_FREE_DIRECT, 3);
	assert_int_equal(f->mm_page_free_direct.pfn, a[5]->mm_page_alloc.pfn);
	assert_int_equal(count(TRACE_MM_PAGE_FREE_DIRECT), 4);
	f = nth(TRACE_MM_PAGEVEC_FREE, 0);
	assert_int_equal(f->mm_pagevec_free.pfn, a[2]->mm_page_alloc.pfn);
	assert_int_equal(f->mm_pagevec_free.cold, 1);
	/* The blocks still held: allocated, not free. */
	assert_int_equal(pfn_to_page(a[3]->mm_page_alloc.pfn)->_count, 1);
	assert_int_equal(pfn_to_page(a[4]->mm_page_alloc.pfn)->_count, 1);

	{
		char *buf = NULL;
		size_t len = 0;
		FILE *out = open_memstream(&buf, &len);

		replay_print_stats(r, out);
		fclose(out);
		assert_non_null(strstr(buf, ": replayed to the end\n"));
		assert_non_null(strstr(buf, "unusable: free of a pfn not allocated in the trace  1\n"));
		assert_non_null(strstr(buf, "    sched_switch"));
		free(buf);
	}
	replay_close(r);
	shutdown();
}

/* The replay's own summary for its run (mmsim run prints it): counts
 * from test_replay_hand_made above, the trace's span 1.000000 to
 * 1.006000, and each warning. */
static char *replay_summary(const char *trace, const char **path)
{
	struct sim_config sc = { .hz = 250, .seed = 1 };
	struct replay_opts o;
	struct replay *r;
	char err[256], *buf = NULL;
	size_t len = 0;
	FILE *out;

	boot(&sc, 512, 2);
	replay_opts_default(&o);
	*path = test_tmp_file(trace);
	r = replay_open(*path, &o, err, sizeof(err));
	if (!r)
		fail_msg("%s", err);
	replay_start(r);
	sim_run((sim_time_t)-1);
	out = open_memstream(&buf, &len);
	assert_non_null(out);
	replay_print_summary(r, "r", out);
	fclose(out);
	replay_close(r);
	shutdown();
	return buf;
}

static void test_replay_summary(void **state)
{
	char *text, *back, want[1024], *at;
	const char *path;

	(void)state;
	text = replay_summary(hand_trace, &path);
	snprintf(want, sizeof(want),
		 "replay r: %s: 16 events from 1.000000 to 1.006000 s (0.006 s of trace, "
		 "time_scale 1)\n"
		 "  re-issued: 7 allocations (2 in interrupt context, 0 failed here, 1 failed "
		 "in the trace), 3 frees\n"
		 "  not re-issued: 2 other events (mm_page_alloc_zone_locked 1, sched_switch 1); "
		 "3 unusable (1 frees of a pfn not allocated in the trace, 1 of another order, "
		 "1 unknown gfp flags, 0 orders past MAX_ORDER-1); 1 2.6.32 duplicate free "
		 "records\n"
		 "  warning: the tracer lost 3 events: frees may be missing (inferred when a pfn "
		 "comes again)\n", path);
	assert_string_equal(text, want);
	free(text);

	/* The third event (file line 5) recorded before the second. */
	back = strdup(hand_trace);
	assert_non_null(back);
	at = strstr(back, "1.000200:");
	assert_non_null(at);
	memcpy(at, "0.999000:", 9);
	text = replay_summary(back, &path);
	snprintf(want, sizeof(want), "  warning: 1 events go back in time (the first at "
		 "%s:5: 0.999000 after 1.000100): the trace is not in time order "
		 "(concatenated or edited?); replayed in file order, each as soon as it "
		 "is reached\n", path);
	assert_non_null(strstr(text, want));
	/* Its span is from the first timestamp to the latest. */
	assert_non_null(strstr(text, ": 16 events from 1.000000 to 1.006000 s"));
	free(text);
	free(back);
}

static void test_replay_time_scale(void **state)
{
	static const double scales[] = { 0.5, 0.0, 3.0 };
	/* Recorded offsets 0, 100 us, 200 us of the first three allocs. */
	static const sim_time_t want[3][3] = {
		{ 0, 50000, 100000 }, { 0, 0, 0 }, { 0, 300000, 600000 },
	};

	(void)state;
	for (int k = 0; k < 3; k++) {
		struct sim_config sc = { .hz = 250, .seed = 1 };
		struct replay_opts o;
		struct replay *r;
		char err[256];

		boot(&sc, 512, 2);
		replay_opts_default(&o);
		o.time_scale = scales[k];
		o.start = 5 * NSEC_PER_MSEC;
		r = replay_open(test_tmp_file(hand_trace), &o, err, sizeof(err));
		assert_non_null(r);
		capture_on();
		replay_start(r);
		sim_run((sim_time_t)-1);
		trace_sink = NULL;
		for (int i = 0; i < 3; i++)
			assert_int_equal(nth(TRACE_MM_PAGE_ALLOC, i)->ts,
					 5 * NSEC_PER_MSEC + want[k][i]);
		replay_close(r);
		shutdown();
	}
	{
		struct replay_opts o;
		char err[128];

		replay_opts_default(&o);
		o.time_scale = -1;
		assert_null(replay_open("/dev/null", &o, err, sizeof(err)));
		assert_string_equal(err, "replay: time scale -1 is negative");
	}
}

/*
 * The replay warns of what the parser passed over in the words `mmsim
 * report` prints them (trace_warnings_print(), test_bad_input.c): a last
 * line cut mid-line, and a line repeated; an empty file is refused.
 */
static void test_replay_warns_as_report_does(void **state)
{
	char *cut, *text, want[1024], err[256];
	const char *path;
	size_t n = strlen(hand_trace);

	(void)state;
	/* A capture stopped in the middle of a 17th event. */
	cut = malloc(n + 64);
	assert_non_null(cut);
	snprintf(cut, n + 64, "%s            gitk-100   [000]     1.0070", hand_trace);
	text = replay_summary(cut, &path);
	snprintf(want, sizeof(want), "  warning: %s:20: the last line has no newline (a "
		 "capture cut mid-line?); passed over: '            gitk-100   [000]  "
		 "   1.0070'\n", path);
	if (!strstr(text, want))
		fail_msg("no '%s' in:\n%s", want, text);
	/* The 16 events before it were replayed. */
	assert_non_null(strstr(text, ": 16 events from 1.000000 to 1.006000 s"));
	free(text);

	/* A line doubled (not 2.6.32's own double free record). */
	snprintf(cut, n + 64, "%s", hand_trace);
	{
		const char *dup = "            gitk-100   [000]     1.006000: mm_page_alloc: "
				  "page=ffffea0000000000 pfn=7000 order=0 migratetype=2 "
				  "gfp_flags=GFP_KERNEL\n";
		char *two = malloc(n + strlen(dup) + 1);

		assert_non_null(two);
		snprintf(two, n + strlen(dup) + 1, "%s%s", hand_trace, dup);
		text = replay_summary(two, &path);
		snprintf(want, sizeof(want), "  warning: 1 events repeat the event before "
			 "them exactly (the first at %s:20: same task, CPU, time and "
			 "fields): lines duplicated?\n", path);
		if (!strstr(text, want))
			fail_msg("no '%s' in:\n%s", want, text);
		free(text);
		free(two);
	}
	free(cut);

	path = test_tmp_file("");
	assert_null(replay_open(path, NULL, err, sizeof(err)));
	snprintf(want, sizeof(want), "%s: empty file is not a trace", path);
	assert_string_equal(err, want);
}

/* A malformed trace is refused before anything runs, with its line. */
static void test_replay_refuses_bad_trace(void **state)
{
	char err[256], want[256];
	const char *path;

	(void)state;
	path = test_tmp_file("            gitk-100   [000]     1.000000: mm_page_alloc: page=ffffea0000000000 pfn=1000 order=0 migratetype=0 gfp_flags=GFP_KERNEL\n"
			"            gitk-100   [000]     1.000001: mm_page_alloc: page=ffffea0000000000 pfn=1000 order=0 migratetype=0\n");
	assert_null(replay_open(path, NULL, err, sizeof(err)));
	snprintf(want, sizeof(want), "%s:2: mm_page_alloc: no gfp_flags= field", path);
	assert_string_equal(err, want);
	assert_null(replay_open("-", NULL, err, sizeof(err)));
	assert_string_equal(err, "-: replay reads its trace twice: give a regular file, not stdin");
}

/* ---- round trip: a run's trace replayed ---------------------------------- */

struct gen_op {
	unsigned int order;
	gfp_t gfp;
	int migratetype;
	bool irq;
	sim_time_t rec_ts;		/* as the text recorded it (us) */
};

#define GEN_OPS 400
#define GEN_LIVE 256

static struct {
	struct gen_op seq[GEN_OPS];
	int nr;				/* allocations */
	struct page *live[GEN_LIVE];
	unsigned int live_order[GEN_LIVE];
	int nr_live;
	int frees, free_direct0, pagevec;
	struct task_struct *task;
	struct timer timer;
	struct irq_work irq;
	gfp_t irq_gfp;
	unsigned int irq_order;
	struct page *irq_page;
} gen;

static void gen_wake(struct timer *t)
{
	(void)t;
	wake_up_process(gen.task);
}

static void gen_irq(struct irq_work *w)
{
	(void)w;
	gen.irq_page = alloc_pages(gen.irq_gfp, gen.irq_order);
	wake_up_process(gen.task);
}

static void gen_free(int i)
{
	struct page *page = gen.live[i];
	unsigned int order = gen.live_order[i];

	if (order == 0 && prandom_below(2)) {
		if (put_page_testzero(page))
			__pagevec_free_pages(&page, 1, 1);
		gen.pagevec++;
	} else {
		__free_pages(page, order);
		gen.free_direct0 += order == 0;
	}
	gen.frees++;
	gen.live[i] = gen.live[--gen.nr_live];
	gen.live_order[i] = gen.live_order[gen.nr_live];
}

/* A synthetic allocation sequence: every gfp mask and context in turn. */
static void gen_task(void *arg)
{
	static const gfp_t gfps[] = {
		GFP_KERNEL, GFP_HIGHUSER_MOVABLE, GFP_TEMPORARY, GFP_NOFS | __GFP_COMP,
		GFP_ATOMIC, GFP_ATOMIC | __GFP_NOWARN | __GFP_COMP, GFP_KERNEL | __GFP_ZERO,
		GFP_NOIO, GFP_USER | __GFP_COLD, GFP_NOWAIT,
	};
	static const unsigned int orders[] = { 0, 0, 0, 0, 1, 2, 3, 5 };

	(void)arg;
	for (int op = 0; op < GEN_OPS; op++) {
		sim_time_t when = sim_now() + prandom_below(3 * NSEC_PER_MSEC);

		set_current_state(TASK_UNINTERRUPTIBLE);
		timer_add(&gen.timer, when);
		schedule();
		if (gen.nr_live && (gen.nr_live == GEN_LIVE || prandom_below(10) < 4)) {
			gen_free((int)prandom_below((uint64_t)gen.nr_live));
			continue;
		}
		struct gen_op *g = &gen.seq[gen.nr++];
		struct page *page;

		g->gfp = gfps[prandom_below(sizeof(gfps) / sizeof(gfps[0]))];
		g->order = orders[prandom_below(sizeof(orders) / sizeof(orders[0]))];
		g->migratetype = allocflags_to_migratetype(g->gfp);
		g->irq = !(g->gfp & __GFP_WAIT);
		if (g->irq) {
			gen.irq_gfp = g->gfp;
			gen.irq_order = g->order;
			irq_work_init(&gen.irq, 1, gen_irq, NULL);
			set_current_state(TASK_UNINTERRUPTIBLE);
			irq_work_queue_at(&gen.irq, sim_now());
			schedule();
			page = gen.irq_page;
		} else {
			page = alloc_pages(g->gfp, g->order);
		}
		assert_non_null(page);
		gen.live[gen.nr_live] = page;
		gen.live_order[gen.nr_live++] = g->order;
	}
}

static void test_round_trip(void **state)
{
	struct sim_config sc = { .hz = 250, .seed = 42 };
	struct ftrace_sink_opts fo = { 0 };
	const struct replay_stats *s;
	unsigned long pgalloc0, pgfree0, alloc_pages_traced = 0, pages_freed_traced = 0;
	unsigned long direct0 = 0;
	struct trace_parser *p;
	struct trace_record rec;
	struct replay *r;
	const char *path;
	char err[256];
	int n = 0, na = 0;

	(void)state;
	memset(&gen, 0, sizeof(gen));
	/* Run 1: the generator, traced to text. */
	path = test_tmp_file("");
	boot(&sc, 512, 2);
	pgalloc0 = pgalloc_total();
	pgfree0 = vm_events[PGFREE];
	fo.out = fopen(path, "w");
	fo.header = true;
	assert_int_equal(ftrace_sink_start(&fo), 0);
	timer_init(&gen.timer, gen_wake, NULL);
	gen.task = kthread_run(gen_task, NULL, "fake_gitk", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);
	assert_int_equal(ftrace_sink_stop(), 0);
	assert_int_equal(fclose(fo.out), 0);
	assert_true(gen.nr > 100 && gen.frees > 50);

	/* The kmem events of the text reconcile with vmstat: every page
	 * allocated is in an mm_page_alloc; pages freed are the direct
	 * frees of order > 0, half the order-0 direct records (2.6.32
	 * writes each __free_pages(page, 0) twice) and the pagevec frees. */
	p = trace_parser_open(path, err, sizeof(err));
	while (trace_parser_next(p, &rec) == TRACE_PARSE_EVENT) {
		const struct trace_entry *e = &rec.entry;

		assert_non_null(rec.desc);
		/* An interrupt on an idle CPU is the idle task's. */
		assert_string_equal(rec.comm, rec.entry.in_irq || rec.pid == 0 ?
				    "swapper" : "fake-gitk");
		if (e->id == TRACE_MM_PAGE_ALLOC) {
			assert_true(na < gen.nr);
			gen.seq[na++].rec_ts = rec.ts;
			alloc_pages_traced += 1UL << e->mm_page_alloc.order;
		} else if (e->id == TRACE_MM_PAGE_FREE_DIRECT) {
			if (e->mm_page_free_direct.order)
				pages_freed_traced += 1UL << e->mm_page_free_direct.order;
			else
				direct0++;
		} else if (e->id == TRACE_MM_PAGEVEC_FREE) {
			pages_freed_traced++;
		}
	}
	assert_int_equal(direct0, 2 * (unsigned long)gen.free_direct0);
	pages_freed_traced += direct0 / 2;
	assert_int_equal(alloc_pages_traced, pgalloc_total() - pgalloc0);
	assert_int_equal(pages_freed_traced, vm_events[PGFREE] - pgfree0);
	trace_parser_close(p);
	shutdown();

	/* Run 2: a fresh machine replays the text. */
	boot(&sc, 512, 2);
	r = replay_open(path, NULL, err, sizeof(err));
	if (!r)
		fail_msg("%s", err);
	capture_on();
	replay_start(r);
	sim_run((sim_time_t)-1);
	trace_sink = NULL;
	s = replay_stats(r);
	assert_true(s->done);
	assert_int_equal(s->allocs, gen.nr);
	assert_int_equal(s->alloc_failures, 0);
	assert_int_equal(s->frees, gen.frees);
	assert_int_equal(s->duplicate_frees, gen.free_direct0);
	assert_int_equal(s->unmatched_frees + s->order_mismatch + s->bad_gfp +
			 s->bad_order + s->migratetype_adjusted, 0);
	assert_int_equal(s->live_at_end, gen.nr_live);

	/*
	 * The same allocation sequence: order, gfp, migratetype, context,
	 * and time.  An allocation is issued at its recorded time, which
	 * mm_page_alloc takes at the end of the allocation; a replayed
	 * __GFP_ZERO allocation in task context then spends the zeroing
	 * (1 us per page) again before its own record.
	 */
	for (int i = 0; i < nr_cap; i++) {
		const struct trace_entry *e = &cap[i];
		const struct gen_op *g;
		sim_time_t zero;

		if (e->id != TRACE_MM_PAGE_ALLOC)
			continue;
		assert_true(n < gen.nr);
		g = &gen.seq[n++];
		assert_int_equal(e->mm_page_alloc.order, g->order);
		assert_int_equal(e->mm_page_alloc.gfp_flags, g->gfp);
		assert_int_equal(e->mm_page_alloc.migratetype, g->migratetype);
		assert_int_equal(e->in_irq, g->irq);
		zero = (g->gfp & __GFP_ZERO) && !g->irq ? NSEC_PER_USEC << g->order : 0;
		assert_int_equal(e->ts, g->rec_ts - gen.seq[0].rec_ts + zero);
	}
	assert_int_equal(n, gen.nr);
	replay_close(r);
	shutdown();
}


/* ---- trace.dat ------------------------------------------------------------ */

/*
 * A trace.dat written here by the documented v6 layout
 * (trace-cmd.dat.v6(5)): headers, 2.6.32's kmem event formats (the page
 * address recorded, page_to_pfn in the print format), a vmscan event whose
 * format libtraceevent evaluates, and one ring-buffer page per CPU.
 */
#define DAT_PAGE 4096
#define P32(pfn) (0xffffea0000000000ULL + (unsigned long long)(pfn) * 56)

static const char dat_header_page[] =
	"\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
	"\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n"
	"\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
	"\tfield: char data;\toffset:16;\tsize:4080;\tsigned:1;\n";

static const char dat_header_event[] =
	"# compressed entry header\n"
	"\ttype_len    :    5 bits\n"
	"\ttime_delta  :   27 bits\n"
	"\tarray       :   32 bits\n"
	"\n"
	"\tpadding     : type == 29\n"
	"\ttime_extend : type == 30\n"
	"\tdata max type_len  == 28\n";

#define COMMON_FIELDS \
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n" \
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n" \
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n" \
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n" \
	"\tfield:int common_lock_depth;\toffset:8;\tsize:4;\tsigned:1;\n\n"

enum { ID_ALLOC = 301, ID_FREE = 302, ID_PAGEVEC = 303, ID_WAKE = 401 };

static const char fmt_alloc[] =
	"name: mm_page_alloc\nID: 301\nformat:\n" COMMON_FIELDS
	"\tfield:struct page * page;\toffset:16;\tsize:8;\tsigned:0;\n"
	"\tfield:unsigned int order;\toffset:24;\tsize:4;\tsigned:0;\n"
	"\tfield:gfp_t gfp_flags;\toffset:28;\tsize:4;\tsigned:0;\n"
	"\tfield:int migratetype;\toffset:32;\tsize:4;\tsigned:1;\n\n"
	"print fmt: \"page=%p pfn=%lu order=%d migratetype=%d gfp_flags=%s\", "
	"REC->page, page_to_pfn(REC->page), REC->order, REC->migratetype, "
	"(REC->gfp_flags) ? __print_flags(REC->gfp_flags, \"|\", "
	"{(unsigned long)0x200da, \"GFP_HIGHUSER_MOVABLE\"}, {(unsigned long)0xd0, \"GFP_KERNEL\"}, "
	"{(unsigned long)0x20, \"GFP_ATOMIC\"}, {(unsigned long)0x4000, \"GFP_COMP\"}) : \"GFP_NOWAIT\"\n";

static const char fmt_free[] =
	"name: mm_page_free_direct\nID: 302\nformat:\n" COMMON_FIELDS
	"\tfield:struct page * page;\toffset:16;\tsize:8;\tsigned:0;\n"
	"\tfield:unsigned int order;\toffset:24;\tsize:4;\tsigned:0;\n\n"
	"print fmt: \"page=%p pfn=%lu order=%d\", REC->page, page_to_pfn(REC->page), REC->order\n";

static const char fmt_pagevec[] =
	"name: mm_pagevec_free\nID: 303\nformat:\n" COMMON_FIELDS
	"\tfield:struct page * page;\toffset:16;\tsize:8;\tsigned:0;\n"
	"\tfield:int cold;\toffset:24;\tsize:4;\tsigned:1;\n\n"
	"print fmt: \"page=%p pfn=%lu order=0 cold=%d\", REC->page, page_to_pfn(REC->page), REC->cold\n";

static const char fmt_wake[] =
	"name: mm_vmscan_kswapd_wake\nID: 401\nformat:\n" COMMON_FIELDS
	"\tfield:int nid;\toffset:12;\tsize:4;\tsigned:1;\n"
	"\tfield:int order;\toffset:16;\tsize:4;\tsigned:1;\n\n"
	"print fmt: \"nid=%d order=%d\", REC->nid, REC->order\n";

struct dat_event {
	int cpu;
	unsigned long long ts;
	int pid;
	unsigned char flags;		/* common_flags: 0x01 irqs off, 0x10 softirq */
	int id;
	unsigned long long page;
	unsigned int a, b, c;		/* order/gfp/mt, order, cold, nid/order */
};

static void put(FILE *f, const void *p, size_t n)
{
	assert_int_equal(fwrite(p, 1, n, f), n);
}

#define PUTV(f, type, v) do { type __v = (v); put(f, &__v, sizeof(__v)); } while (0)

static void put_format(FILE *f, const char *text)
{
	PUTV(f, uint64_t, strlen(text));
	put(f, text, strlen(text));
}

/* One event's record: common fields, then the event's. */
static size_t dat_record(const struct dat_event *e, unsigned char *rec)
{
	memset(rec, 0, 40);
	memcpy(rec, &(uint16_t){ (uint16_t)e->id }, 2);
	rec[2] = e->flags;
	memcpy(rec + 4, &e->pid, 4);
	switch (e->id) {
	case ID_ALLOC:
		memcpy(rec + 16, &e->page, 8);
		memcpy(rec + 24, &e->a, 4);
		memcpy(rec + 28, &e->b, 4);
		memcpy(rec + 32, &e->c, 4);
		return 36;
	case ID_FREE:
	case ID_PAGEVEC:
		memcpy(rec + 16, &e->page, 8);
		memcpy(rec + 24, &e->a, 4);
		return 28;
	default:
		memcpy(rec + 12, &e->a, 4);
		memcpy(rec + 16, &e->b, 4);
		return 20;
	}
}

static void write_trace_dat(const char *path, const struct dat_event *ev, int n)
{
	static const char cmdlines[] = "100 gitk\n45 kswapd0\n";
	FILE *f = fopen(path, "w");
	unsigned char page[2][DAT_PAGE];
	long header_end;

	assert_non_null(f);
	put(f, "\x17\x08\x44tracing6", 11);
	put(f, "", 1);
	PUTV(f, uint8_t, 0);			/* little endian */
	PUTV(f, uint8_t, 8);			/* long size */
	PUTV(f, uint32_t, DAT_PAGE);
	put(f, "header_page", 12);
	put_format(f, dat_header_page);
	put(f, "header_event", 13);
	put_format(f, dat_header_event);
	PUTV(f, uint32_t, 0);			/* ftrace events */
	PUTV(f, uint32_t, 2);			/* systems */
	put(f, "kmem", 5);
	PUTV(f, uint32_t, 3);
	put_format(f, fmt_alloc);
	put_format(f, fmt_free);
	put_format(f, fmt_pagevec);
	put(f, "vmscan", 7);
	PUTV(f, uint32_t, 1);
	put_format(f, fmt_wake);
	PUTV(f, uint32_t, 0);			/* kallsyms */
	PUTV(f, uint32_t, 0);			/* printk formats */
	PUTV(f, uint64_t, strlen(cmdlines));
	put(f, cmdlines, strlen(cmdlines));
	PUTV(f, uint32_t, 2);			/* CPUs */
	put(f, "options  ", 10);
	PUTV(f, uint16_t, 0);			/* no options */
	put(f, "flyrecord", 10);
	header_end = ftell(f) + 2 * 16;
	header_end = (header_end + DAT_PAGE - 1) / DAT_PAGE * DAT_PAGE;
	for (int cpu = 0; cpu < 2; cpu++) {
		PUTV(f, uint64_t, (uint64_t)header_end + (uint64_t)cpu * DAT_PAGE);
		PUTV(f, uint64_t, DAT_PAGE);
	}
	while (ftell(f) < header_end)
		put(f, "", 1);

	/* Each CPU's events in one page: timestamp of the first, then
	 * 32-bit headers (type_len = length / 4, time delta) and data. */
	memset(page, 0, sizeof(page));
	for (int cpu = 0; cpu < 2; cpu++) {
		unsigned long long prev = 0;
		size_t off = 16;
		bool first = true;

		for (int i = 0; i < n; i++) {
			unsigned char rec[40];
			size_t len;
			uint32_t hdr;

			if (ev[i].cpu != cpu)
				continue;
			if (first) {
				memcpy(page[cpu], &ev[i].ts, 8);
				prev = ev[i].ts;
				first = false;
			}
			len = dat_record(&ev[i], rec);
			assert_true(ev[i].ts - prev < (1ULL << 27));
			hdr = (uint32_t)(len / 4) | (uint32_t)((ev[i].ts - prev) << 5);
			memcpy(page[cpu] + off, &hdr, 4);
			memcpy(page[cpu] + off + 4, rec, len);
			off += 4 + len;
			prev = ev[i].ts;
		}
		uint64_t commit = off - 16;

		memcpy(page[cpu] + 8, &commit, 8);
		put(f, page[cpu], DAT_PAGE);
	}
	assert_int_equal(fclose(f), 0);
}

static const struct dat_event dat_events[] = {
	{ 0, 1000000000ULL, 100, 0, ID_ALLOC, P32(1000), 0, GFP_KERNEL, MIGRATE_UNMOVABLE },
	{ 0, 1000050000ULL, 45, 0, ID_WAKE, 0, 0, 2, 0 },
	{ 0, 1001000000ULL, 100, 0, ID_FREE, P32(1000), 0, 0, 0 },
	{ 0, 1001000000ULL, 100, 0, ID_FREE, P32(1000), 0, 0, 0 },
	{ 0, 1003000000ULL, 100, 0, ID_PAGEVEC, P32(3000), 1, 0, 0 },
	{ 1, 1000100000ULL, 0, 0x11, ID_ALLOC, P32(2000), 2, GFP_ATOMIC | __GFP_COMP, MIGRATE_UNMOVABLE },
	{ 1, 1000200000ULL, 100, 0, ID_ALLOC, P32(3000), 0, GFP_HIGHUSER_MOVABLE, MIGRATE_MOVABLE },
	{ 1, 1002000000ULL, 0, 0x11, ID_FREE, P32(2000), 2, 0, 0 },
};

static const char *dat_file(void)
{
	const char *path = test_tmp_file("");

	write_trace_dat(path, dat_events, sizeof(dat_events) / sizeof(dat_events[0]));
	return path;
}

#ifdef HAVE_LIBTRACECMD
/* Records come in time order across the CPUs, decoded like text. */
static void test_tracedat_parse(void **state)
{
	struct trace_parser *p;
	struct trace_record r;
	char err[256];

	(void)state;
	p = trace_parser_open(dat_file(), err, sizeof(err));
	if (!p)
		fail_msg("%s", err);
	assert_int_equal(trace_parser_next(p, &r), TRACE_PARSE_EVENT);
	assert_string_equal(r.comm, "gitk");
	assert_int_equal(r.pid, 100);
	assert_int_equal(r.cpu, 0);
	assert_int_equal(r.ts, 1000000000ULL);
	assert_int_equal(r.entry.id, TRACE_MM_PAGE_ALLOC);
	/* 2.6.32 recorded the struct page address: it is the key. */
	assert_int_equal(r.entry.mm_page_alloc.pfn, P32(1000));
	assert_int_equal(r.entry.mm_page_alloc.order, 0);
	assert_int_equal(r.entry.mm_page_alloc.gfp_flags, GFP_KERNEL);
	assert_null(r.unusable);

	assert_int_equal(trace_parser_next(p, &r), TRACE_PARSE_EVENT);
	assert_string_equal(r.comm, "kswapd0");
	assert_int_equal(r.entry.id, TRACE_MM_VMSCAN_KSWAPD_WAKE);
	assert_string_equal(r.fields, "nid=0 order=2");
	assert_int_equal(r.entry.mm_vmscan_kswapd_wake.order, 2);

	assert_int_equal(trace_parser_next(p, &r), TRACE_PARSE_EVENT);
	assert_int_equal(r.cpu, 1);
	assert_int_equal(r.pid, 0);
	assert_true(r.entry.in_irq);
	assert_int_equal(r.entry.mm_page_alloc.order, 2);
	assert_int_equal(r.entry.mm_page_alloc.gfp_flags, GFP_ATOMIC | __GFP_COMP);

	assert_int_equal(trace_parser_next(p, &r), TRACE_PARSE_EVENT);
	assert_int_equal(r.entry.mm_page_alloc.migratetype, MIGRATE_MOVABLE);
	for (int i = 0; i < 4; i++)
		assert_int_equal(trace_parser_next(p, &r), TRACE_PARSE_EVENT);
	assert_int_equal(r.entry.id, TRACE_MM_PAGEVEC_FREE);
	assert_int_equal(r.entry.mm_pagevec_free.pfn, P32(3000));
	assert_int_equal(r.entry.mm_pagevec_free.cold, 1);
	assert_int_equal(r.ts, 1003000000ULL);
	assert_int_equal(trace_parser_next(p, &r), TRACE_PARSE_EOF);
	trace_parser_close(p);
}

static void test_tracedat_replay(void **state)
{
	struct sim_config sc = { .hz = 250, .seed = 1 };
	const struct replay_stats *s;
	const struct trace_entry *a0, *a1, *a2;
	struct replay *r;
	char err[256];

	(void)state;
	boot(&sc, 512, 2);
	r = replay_open(dat_file(), NULL, err, sizeof(err));
	if (!r)
		fail_msg("%s", err);
	capture_on();
	replay_start(r);
	sim_run((sim_time_t)-1);
	trace_sink = NULL;
	s = replay_stats(r);
	assert_true(s->done);
	assert_int_equal(s->events, 8);
	assert_int_equal(s->allocs, 3);
	assert_int_equal(s->allocs_irq, 1);
	assert_int_equal(s->frees, 3);
	assert_int_equal(s->duplicate_frees, 1);
	assert_int_equal(s->other_events, 1);
	assert_int_equal(s->unmatched_frees + s->order_mismatch + s->bad_gfp, 0);
	assert_int_equal(s->live_at_end, 0);
	a0 = nth(TRACE_MM_PAGE_ALLOC, 0);
	a1 = nth(TRACE_MM_PAGE_ALLOC, 1);
	a2 = nth(TRACE_MM_PAGE_ALLOC, 2);
	assert_int_equal(a0->ts, 0);
	assert_int_equal(a1->ts, 100 * NSEC_PER_USEC);
	assert_true(a1->in_irq);
	assert_int_equal(a2->mm_page_alloc.gfp_flags, GFP_HIGHUSER_MOVABLE);
	/* The order-2 block freed is the one allocated for it. */
	assert_int_equal(nth(TRACE_MM_PAGE_FREE_DIRECT, 2)->mm_page_free_direct.pfn,
			 a1->mm_page_alloc.pfn);
	assert_int_equal(nth(TRACE_MM_PAGEVEC_FREE, 0)->mm_pagevec_free.pfn,
			 a2->mm_page_alloc.pfn);
	replay_close(r);
	shutdown();
}

/*
 * trace.dat has no checksum: a bit flipped in a record's data is found
 * only where a field's value cannot be (docs/trace.md, "A damaged
 * trace.dat").  Each case flips bits of one field of dat_events and
 * expects the refusal, at the record's number.
 */
static void test_tracedat_damaged_values(void **state)
{
	static const struct {
		int ev, field;		/* dat_events[ev]: a, b or c */
		unsigned int value;
		int line;
		const char *what;
	} cases[] = {
		/* unsigned int order, bit 20 flipped */
		{ 0, 0, 1u << 20, 1, "mm_page_alloc: order=1048576 is not a page order (0 to 10)" },
		/* int migratetype, printed signed (signed:1) */
		{ 0, 2, 0xffffffffu, 1, "mm_page_alloc: migratetype=-1 is not a migratetype (0 to 7)" },
		/* through the print fmt's %d */
		{ 1, 1, 0x80000002u, 2,
		  "mm_vmscan_kswapd_wake: order=-2147483646 is not a page order (0 to 10)" },
		{ 4, 0, 2, 8, "mm_pagevec_free: cold=2 is not 0 or 1 (0 to 1)" },
	};
	enum { N = sizeof(dat_events) / sizeof(dat_events[0]) };

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct dat_event ev[N];
		struct trace_parser *p;
		struct trace_record r;
		const char *path = test_tmp_file("");
		char err[512], want[512];
		unsigned int *f;
		int rc;

		memcpy(ev, dat_events, sizeof(ev));
		f = cases[i].field == 0 ? &ev[cases[i].ev].a :
		    cases[i].field == 1 ? &ev[cases[i].ev].b : &ev[cases[i].ev].c;
		*f = cases[i].value;
		write_trace_dat(path, ev, N);
		p = trace_parser_open(path, err, sizeof(err));
		if (!p)
			fail_msg("%s", err);
		while ((rc = trace_parser_next(p, &r)) == TRACE_PARSE_EVENT)
			;
		assert_int_equal(rc, TRACE_PARSE_ERROR);
		snprintf(want, sizeof(want), "%s:%d: %s", path, cases[i].line, cases[i].what);
		assert_string_equal(trace_parser_error(p), want);
		trace_parser_close(p);
	}
	/* A gfp bit 2.6.32 did not have: the allocation is unusable (a
	 * replay counts it with the unknown flag names), as a later
	 * kernel's bit would be. */
	{
		struct dat_event ev[N];
		struct trace_parser *p;
		struct trace_record r;
		const char *path = test_tmp_file("");
		char err[512];

		memcpy(ev, dat_events, sizeof(ev));
		ev[0].b = GFP_KERNEL | (1u << 25);
		write_trace_dat(path, ev, N);
		p = trace_parser_open(path, err, sizeof(err));
		if (!p)
			fail_msg("%s", err);
		assert_int_equal(trace_parser_next(p, &r), TRACE_PARSE_EVENT);
		assert_string_equal(r.unusable, "gfp_flags 33554640 has bits above "
				    "2.6.32's __GFP_BITS_SHIFT (22)");
		trace_parser_close(p);
	}
}

/*
 * fuzz_tracedat: a newline in a system's name went into the message of a
 * format cut short, which then took two lines; the names of the file are
 * quoted, their control bytes as \xNN.
 */
static void test_tracedat_names_quoted(void **state)
{
	const char *path = dat_file();
	char err[512], *text = NULL, *at;
	size_t len = 0;
	FILE *f = fopen(path, "r+");
	uint64_t huge = 1ULL << 60;

	(void)state;
	assert_non_null(f);
	text = malloc(4 * DAT_PAGE);
	assert_non_null(text);
	len = fread(text, 1, 4 * DAT_PAGE, f);
	at = memmem(text, len, "vmscan\0", 7);
	assert_non_null(at);
	/* "\nmscan", one event, whose format's size is 2^60 */
	fseek(f, at - text, SEEK_SET);
	fputc('\n', f);
	fseek(f, at - text + 7 + 4, SEEK_SET);
	assert_int_equal(fwrite(&huge, 8, 1, f), 1);
	assert_int_equal(fclose(f), 0);
	assert_null(trace_parser_open(path, err, sizeof(err)));
	assert_null(strchr(err, '\n'));
	assert_non_null(strstr(err, ": cut short: an event format of system "
			       "\\x0amscan at byte "));
	free(text);
}

/*
 * A trace cut short while it is replayed: libtracecmd has the data pages
 * mapped, and touching one past the new end raises SIGBUS.  The replay
 * stops with an error naming the file and both sizes instead.
 */
static void test_tracedat_cut_under_replay(void **state)
{
	struct sim_config sc = { .hz = 250, .seed = 1 };
	const struct replay_stats *s;
	const char *path = dat_file();
	struct replay *r;
	struct stat st;
	char err[256], want[256];

	(void)state;
	boot(&sc, 512, 2);
	r = replay_open(path, NULL, err, sizeof(err));
	if (!r)
		fail_msg("%s", err);
	/* Both CPUs' pages, the last two of the file, gone. */
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(truncate(path, st.st_size - 2 * DAT_PAGE), 0);
	replay_start(r);
	sim_run((sim_time_t)-1);
	s = replay_stats(r);
	assert_false(s->done);
	snprintf(want, sizeof(want), "%s: changed while mmsim read it (%lld "
		 "bytes when opened, %lld now)", path, (long long)st.st_size,
		 (long long)st.st_size - 2 * DAT_PAGE);
	assert_string_equal(s->error, want);
	replay_close(r);
	shutdown();
}
#else
static void test_tracedat_names_quoted(void **state)
{
	(void)state;
	test_skip_because("mmsim was built without libtracecmd: %s",
			  tracedat_support());
}

static void test_tracedat_damaged_values(void **state)
{
	(void)state;
	test_skip_because("mmsim was built without libtracecmd: %s",
			  tracedat_support());
}

static void test_tracedat_parse(void **state)
{
	char err[256];

	(void)state;
	assert_null(trace_parser_open(dat_file(), err, sizeof(err)));
	assert_non_null(strstr(err, "built without libtracecmd"));
}

static void test_tracedat_replay(void **state)
{
	(void)state;
	test_skip_because("mmsim was built without libtracecmd: %s",
			  tracedat_support());
}

static void test_tracedat_cut_under_replay(void **state)
{
	(void)state;
	test_skip_because("mmsim was built without libtracecmd: %s",
			  tracedat_support());
}
#endif

/* A text trace cut between the first pass and the replay reads short:
 * the end it reaches is not the file's, and the replay says so. */
static void test_text_cut_between_passes(void **state)
{
	struct sim_config sc = { .hz = 250, .seed = 1 };
	const char *path = test_tmp_file(hand_trace);
	const struct replay_stats *s;
	struct replay *r;
	char err[256];

	(void)state;
	boot(&sc, 512, 2);
	r = replay_open(path, NULL, err, sizeof(err));
	if (!r)
		fail_msg("%s", err);
	assert_int_equal(truncate(path, 100), 0);
	replay_start(r);
	sim_run((sim_time_t)-1);
	s = replay_stats(r);
	assert_false(s->done);
	assert_non_null(strstr(s->error, "changed while mmsim read it ("));
	assert_non_null(strstr(s->error, " bytes when opened, 100 now)"));
	replay_close(r);
	shutdown();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_tracedat_names_quoted, teardown),
		cmocka_unit_test_teardown(test_replay_hand_made, teardown),
		cmocka_unit_test_teardown(test_replay_summary, teardown),
		cmocka_unit_test_teardown(test_replay_warns_as_report_does, teardown),
		cmocka_unit_test_teardown(test_replay_time_scale, teardown),
		cmocka_unit_test_teardown(test_replay_refuses_bad_trace, teardown),
		cmocka_unit_test_teardown(test_round_trip, teardown),
		cmocka_unit_test_teardown(test_tracedat_parse, teardown),
		cmocka_unit_test_teardown(test_tracedat_replay, teardown),
		cmocka_unit_test_teardown(test_tracedat_damaged_values, teardown),
		cmocka_unit_test_teardown(test_tracedat_cut_under_replay, teardown),
		cmocka_unit_test_teardown(test_text_cut_between_passes, teardown),
	};

	return cmocka_run_group_tests_name("replay", tests, NULL, NULL);
}
