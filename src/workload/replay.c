// SPDX-License-Identifier: GPL-2.0
/*
 * Trace replay: see replay.h for the semantics.  The recorded pfns name
 * the traced machine's pages; a small open-addressing map (linear probing,
 * backward-shift deletion) takes each live recorded pfn to the simulated
 * block allocated for it.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "replay.h"
#include "linux/gfp.h"
#include "linux/mm_types.h"
#include "trace/parse.h"
#include "util/fileguard.h"

struct live_block {
	unsigned long pfn;		/* recorded; -1UL: empty slot */
	struct page *page;		/* NULL: the allocation failed here */
	unsigned int order;
};

#define LAST_FREE_CPUS 256

struct replay {
	struct trace_parser *parser;
	/* The trace as it was when opened: a trace.dat is read through
	 * libtracecmd's mmap, which SIGBUSes if the file is cut short
	 * under a run (fileguard.h). */
	struct file_guard guard;
	bool faulted;			/* the parser is lost: never call it again */
	char fault[512];		/* why, when faulted or changed */
	struct replay_opts opts;
	struct replay_stats stats;
	sim_time_t t0;			/* recorded time of the first alloc/free */
	bool have_t0;
	sim_time_t base;		/* simulated time of t0 */
	struct task_struct *task;
	struct timer timer;

	/* Interrupt-context allocation handed to the irq_work. */
	struct irq_work irq;
	gfp_t irq_gfp;
	unsigned int irq_order;
	struct page *irq_page;

	struct live_block *map;
	size_t map_size;		/* power of two */
	size_t nr_live;

	/* Per recorded CPU: the pfn of the last order-0 direct free, to
	 * recognise 2.6.32's second record of it. */
	unsigned long last_free[LAST_FREE_CPUS];

	/* The whole trace, from the first pass: its events, its first and
	 * last timestamps, and the events whose timestamp goes back (a
	 * trace concatenated or edited: trace-cmd and the kernel's trace
	 * file merge the CPUs in time order). */
	unsigned long nr_events;
	sim_time_t first_ts, last_ts, max_ts;
	bool have_ts;
	/* What the parser warned of in that pass: a cut last line, time
	 * going back, repeated events (`mmsim report` says the same). */
	struct trace_warnings warn;
};

void replay_opts_default(struct replay_opts *opts)
{
	memset(opts, 0, sizeof(*opts));
	opts->time_scale = 1.0;
	opts->comm = "replay";
	opts->prio = DEFAULT_PRIO;
}

/* ---- the pfn map -------------------------------------------------------- */

static size_t pfn_slot(const struct replay *r, unsigned long pfn)
{
	return (size_t)((pfn * 0x9e3779b97f4a7c15ULL) >> 20) & (r->map_size - 1);
}

static int map_grow(struct replay *r)
{
	size_t old_size = r->map_size;
	struct live_block *old = r->map;
	size_t n = old_size ? old_size * 2 : 1024;

	r->map = malloc(n * sizeof(*r->map));
	if (!r->map) {
		r->map = old;
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		r->map[i].pfn = -1UL;
	r->map_size = n;
	for (size_t i = 0; i < old_size; i++) {
		size_t s;

		if (old[i].pfn == -1UL)
			continue;
		for (s = pfn_slot(r, old[i].pfn); r->map[s].pfn != -1UL;
		     s = (s + 1) & (n - 1))
			;
		r->map[s] = old[i];
	}
	free(old);
	return 0;
}

static struct live_block *map_find(struct replay *r, unsigned long pfn)
{
	if (!r->map_size)
		return NULL;
	for (size_t s = pfn_slot(r, pfn); r->map[s].pfn != -1UL;
	     s = (s + 1) & (r->map_size - 1))
		if (r->map[s].pfn == pfn)
			return &r->map[s];
	return NULL;
}

static int map_insert(struct replay *r, unsigned long pfn, struct page *page,
		      unsigned int order)
{
	size_t s;

	if ((r->nr_live + 1) * 10 > r->map_size * 7 && map_grow(r))
		return -1;
	for (s = pfn_slot(r, pfn); r->map[s].pfn != -1UL;
	     s = (s + 1) & (r->map_size - 1))
		;
	r->map[s] = (struct live_block){ .pfn = pfn, .page = page, .order = order };
	r->nr_live++;
	return 0;
}

/* Backward-shift deletion keeps every probe chain unbroken. */
static void map_remove(struct replay *r, struct live_block *b)
{
	size_t mask = r->map_size - 1;
	size_t hole = (size_t)(b - r->map);
	size_t s = hole;

	for (;;) {
		s = (s + 1) & mask;
		if (r->map[s].pfn == -1UL)
			break;
		size_t home = pfn_slot(r, r->map[s].pfn);

		/* Move s into the hole unless its home lies in (hole, s]. */
		if (((s - home) & mask) >= ((s - hole) & mask)) {
			r->map[hole] = r->map[s];
			hole = s;
		}
	}
	r->map[hole].pfn = -1UL;
	r->nr_live--;
}

/* ---- reading ------------------------------------------------------------ */

/*
 * The next record, or TRACE_PARSE_ERROR with r->fault saying why when the
 * file was cut short or rewritten under the reader (the mapped page it
 * touched is gone: SIGBUS), or when it reached its end in a file that is
 * not the one opened (read(2) sees a cut file as a short one).
 */
static int replay_next(struct replay *r, struct trace_record *rec)
{
	int rc;

	if (r->faulted)
		return TRACE_PARSE_ERROR;
	if (sigsetjmp(r->guard.env, 0)) {
		r->faulted = true;
		if (!file_guard_changed(&r->guard, r->fault, sizeof(r->fault)))
			snprintf(r->fault, sizeof(r->fault), "%s: a mapped page "
				 "of it could not be read (SIGBUS)", r->guard.path);
		return TRACE_PARSE_ERROR;
	}
	file_guard_enter(&r->guard);
	rc = trace_parser_next(r->parser, rec);
	file_guard_leave(&r->guard);
	if (rc != TRACE_PARSE_EVENT &&
	    file_guard_changed(&r->guard, r->fault, sizeof(r->fault)))
		return TRACE_PARSE_ERROR;
	return rc;
}

static const char *replay_error(const struct replay *r)
{
	return r->fault[0] ? r->fault : trace_parser_error(r->parser);
}

/* ---- opening ------------------------------------------------------------ */

static bool is_alloc_or_free(const struct trace_record *rec)
{
	return rec->desc && (rec->entry.id == TRACE_MM_PAGE_ALLOC ||
			     rec->entry.id == TRACE_MM_PAGE_FREE_DIRECT ||
			     rec->entry.id == TRACE_MM_PAGEVEC_FREE);
}

struct replay *replay_open(const char *path, const struct replay_opts *opts,
			   char *err, size_t errlen)
{
	struct trace_record rec;
	struct replay *r;
	struct stat st;
	int rc;

	if (opts && !(opts->time_scale >= 0)) {
		snprintf(err, errlen, "replay: time scale %g is negative", opts->time_scale);
		return NULL;
	}
	if (!strcmp(path, "-")) {
		snprintf(err, errlen, "-: replay reads its trace twice: give a regular file, not stdin");
		return NULL;
	}
	/* A pipe or device (/dev/stdin, a FIFO) cannot be read twice and may
	 * block the check forever. */
	if (!stat(path, &st) && !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s: not a regular file (replay reads its trace twice)",
			 path);
		return NULL;
	}
	r = calloc(1, sizeof(*r));
	if (!r) {
		snprintf(err, errlen, "%s: out of memory", path);
		return NULL;
	}
	replay_opts_default(&r->opts);
	if (opts) {
		r->opts.time_scale = opts->time_scale;
		r->opts.start = opts->start;
		if (opts->comm)
			r->opts.comm = opts->comm;
		if (opts->prio)
			r->opts.prio = opts->prio;
	}
	for (int i = 0; i < LAST_FREE_CPUS; i++)
		r->last_free[i] = -1UL;
	file_guard_open(&r->guard, path);
	r->parser = trace_parser_open(path, err, errlen);
	if (!r->parser)
		goto fail;

	/* First pass: the whole file must parse before anything runs. */
	while ((rc = replay_next(r, &rec)) == TRACE_PARSE_EVENT) {
		if (!r->have_t0 && is_alloc_or_free(&rec)) {
			r->t0 = rec.ts;
			r->have_t0 = true;
		}
		r->nr_events++;
		if (!r->have_ts) {
			r->first_ts = r->max_ts = rec.ts;
			r->have_ts = true;
		}
		if (rec.ts > r->max_ts)
			r->max_ts = rec.ts;
		r->last_ts = rec.ts;
	}
	if (rc == TRACE_PARSE_ERROR) {
		snprintf(err, errlen, "%s", replay_error(r));
		goto fail;
	}
	r->warn = *trace_parser_warnings(r->parser);
	if (sigsetjmp(r->guard.env, 0)) {
		r->faulted = true;
		if (!file_guard_changed(&r->guard, err, errlen))
			snprintf(err, errlen, "%s: a mapped page of it could not "
				 "be read (SIGBUS)", path);
		goto fail;
	}
	file_guard_enter(&r->guard);
	rc = trace_parser_rewind(r->parser);
	file_guard_leave(&r->guard);
	if (rc) {
		snprintf(err, errlen, "%s: cannot read the trace twice (give a regular file)",
			 path);
		goto fail;
	}
	return r;
fail:
	replay_close(r);
	return NULL;
}

void replay_close(struct replay *r)
{
	if (!r)
		return;
	/* A parser left half way by a SIGBUS may touch the lost page
	 * again as it closes: then it is abandoned. */
	if (!sigsetjmp(r->guard.env, 0)) {
		file_guard_enter(&r->guard);
		trace_parser_close(r->parser);
		file_guard_leave(&r->guard);
	}
	free(r->map);
	free(r);
}

const struct replay_stats *replay_stats(const struct replay *r)
{
	return &r->stats;
}

/* ---- the replay task ---------------------------------------------------- */

static void replay_wake(struct timer *t)
{
	struct replay *r = t->data;

	wake_up_process(r->task);
}

/* Sleep until @when (no-op if it has passed). */
static void wait_until(struct replay *r, sim_time_t when)
{
	if (when <= sim_now())
		return;
	set_current_state(TASK_UNINTERRUPTIBLE);
	timer_add(&r->timer, when);
	schedule();
}

static sim_time_t issue_time(const struct replay *r, sim_time_t ts)
{
	sim_time_t delta = ts > r->t0 ? ts - r->t0 : 0;

	if (r->opts.time_scale == 1.0)
		return r->base + delta;
	return r->base + (sim_time_t)((double)delta * r->opts.time_scale);
}

static void count_other(struct replay *r, const char *name)
{
	const int last = REPLAY_MAX_OTHER_NAMES - 1;
	int i;

	r->stats.other_events++;
	/* The last slot collects every name beyond the table. */
	for (i = 0; i < last; i++) {
		if (!r->stats.other[i].name[0]) {
			snprintf(r->stats.other[i].name,
				 sizeof(r->stats.other[i].name), "%s", name);
			break;
		}
		if (!strcmp(r->stats.other[i].name, name))
			break;
	}
	if (i == last && !r->stats.other[i].name[0])
		snprintf(r->stats.other[i].name, sizeof(r->stats.other[i].name),
			 "(other events)");
	r->stats.other[i].count++;
}

static void replay_irq(struct irq_work *w)
{
	struct replay *r = w->data;

	r->irq_page = alloc_pages(r->irq_gfp, r->irq_order);
	wake_up_process(r->task);
}

/* Issue from interrupt context on @cpu: the task waits for the handler. */
static struct page *alloc_in_irq(struct replay *r, gfp_t gfp, unsigned int order,
				 int cpu)
{
	r->irq_gfp = gfp;
	r->irq_order = order;
	r->irq_page = NULL;
	irq_work_init(&r->irq, cpu % (int)sim_nr_cpus(), replay_irq, r);
	set_current_state(TASK_UNINTERRUPTIBLE);
	irq_work_queue_at(&r->irq, sim_now());
	schedule();
	return r->irq_page;
}

/* The mobility bits that make allocflags_to_migratetype() give @mt. */
static gfp_t gfp_for_migratetype(gfp_t gfp, int mt)
{
	gfp &= ~(__GFP_MOVABLE | __GFP_RECLAIMABLE);
	if (mt == MIGRATE_MOVABLE)
		gfp |= __GFP_MOVABLE;
	else if (mt == MIGRATE_RECLAIMABLE)
		gfp |= __GFP_RECLAIMABLE;
	return gfp;
}

static void replay_alloc(struct replay *r, const struct trace_record *rec)
{
	const struct trace_entry *e = &rec->entry;
	gfp_t gfp = e->mm_page_alloc.gfp_flags;
	unsigned int order = e->mm_page_alloc.order;
	int mt = e->mm_page_alloc.migratetype;
	struct live_block *old;
	struct page *page;

	if (rec->unusable) {
		r->stats.bad_gfp++;
		return;
	}
	if (order >= MAX_ORDER) {
		r->stats.bad_order++;
		return;
	}
	if (mt >= 0 && mt < MIGRATE_PCPTYPES && allocflags_to_migratetype(gfp) != mt) {
		gfp = gfp_for_migratetype(gfp, mt);
		r->stats.migratetype_adjusted++;
	}
	wait_until(r, issue_time(r, rec->ts));
	r->stats.allocs++;
	if (!(gfp & __GFP_WAIT)) {
		r->stats.allocs_irq++;
		page = alloc_in_irq(r, gfp, order, rec->cpu);
	} else {
		page = alloc_pages(gfp, order);
	}
	if (page)
		r->stats.pages_allocated += 1UL << order;
	else
		r->stats.alloc_failures++;
	if (rec->failed_alloc) {
		/* The traced caller got nothing and kept nothing. */
		r->stats.trace_failures++;
		if (page) {
			__free_pages(page, order);
			r->stats.pages_freed += 1UL << order;
		}
		return;
	}
	old = map_find(r, e->mm_page_alloc.pfn);
	if (old) {
		/* Its free was not traced (lost events, or a path
		 * without the trace point): it happened before now. */
		r->stats.frees_inferred++;
		if (old->page) {
			__free_pages(old->page, old->order);
			r->stats.pages_freed += 1UL << old->order;
		}
		map_remove(r, old);
	}
	if (map_insert(r, e->mm_page_alloc.pfn, page, order)) {
		snprintf(r->stats.error, sizeof(r->stats.error),
			 "%s:%lu: out of memory for the live-page map",
			 trace_parser_name(r->parser), trace_parser_line(r->parser));
		sim_stop();
	}
}

static void replay_free(struct replay *r, const struct trace_record *rec,
			unsigned long pfn, unsigned int order, bool pagevec, int cold)
{
	unsigned long *last = &r->last_free[(unsigned int)rec->cpu % LAST_FREE_CPUS];
	struct live_block *b;
	struct page *page;

	wait_until(r, issue_time(r, rec->ts));
	b = map_find(r, pfn);
	if (!b) {
		/*
		 * 2.6.32 records an order-0 __free_pages twice, in
		 * __free_pages and again in free_hot_page, back to back on
		 * one CPU.
		 */
		if (!pagevec && order == 0 && *last == pfn) {
			r->stats.duplicate_frees++;
			*last = -1UL;
		} else {
			r->stats.unmatched_frees++;
		}
		return;
	}
	if (b->order != order) {
		r->stats.order_mismatch++;
		return;
	}
	page = b->page;
	map_remove(r, b);
	*last = (!pagevec && order == 0) ? pfn : -1UL;
	if (!page) {
		r->stats.frees_of_failed++;
		return;
	}
	if (pagevec) {
		/* __pagevec_free frees pages whose last reference is gone. */
		if (put_page_testzero(page))
			__pagevec_free_pages(&page, 1, cold);
	} else {
		__free_pages(page, order);
	}
	r->stats.frees++;
	r->stats.pages_freed += 1UL << order;
}

static void replay_event(struct replay *r, const struct trace_record *rec)
{
	const struct trace_entry *e = &rec->entry;

	r->stats.events++;
	if (!rec->desc) {
		count_other(r, rec->event);
		return;
	}
	switch (e->id) {
	case TRACE_MM_PAGE_ALLOC:
		replay_alloc(r, rec);
		break;
	case TRACE_MM_PAGE_FREE_DIRECT:
		replay_free(r, rec, e->mm_page_free_direct.pfn,
			    e->mm_page_free_direct.order, false, 0);
		break;
	case TRACE_MM_PAGEVEC_FREE:
		replay_free(r, rec, e->mm_pagevec_free.pfn, 0, true,
			    e->mm_pagevec_free.cold);
		break;
	default:
		/* Zone-lock, drain and fragmentation events follow from the
		 * allocations; the simulated allocator makes its own. */
		count_other(r, rec->event);
		break;
	}
}

static void replay_task(void *arg)
{
	struct replay *r = arg;
	struct trace_record rec;
	int rc;

	r->base = r->opts.start > sim_now() ? r->opts.start : sim_now();
	while ((rc = replay_next(r, &rec)) == TRACE_PARSE_EVENT) {
		replay_event(r, &rec);
		if (r->stats.error[0])
			return;
	}
	if (rc == TRACE_PARSE_ERROR)
		snprintf(r->stats.error, sizeof(r->stats.error), "%s",
			 replay_error(r));
	else
		r->stats.done = true;
	if (!r->faulted)
		r->stats.lost_events = trace_parser_lost_events(r->parser);
	r->stats.live_at_end = r->nr_live;
}

struct task_struct *replay_start(struct replay *r)
{
	timer_init(&r->timer, replay_wake, r);
	r->task = kthread_run(replay_task, r, r->opts.comm, r->opts.prio);
	return r->task;
}

/* Seconds, as the trace prints them. */
static void ts_text(char *buf, size_t len, sim_time_t t)
{
	snprintf(buf, len, "%llu.%06llu", (unsigned long long)(t / NSEC_PER_SEC),
		 (unsigned long long)(t % NSEC_PER_SEC / 1000));
}

void replay_print_summary(const struct replay *r, const char *task, FILE *out)
{
	const struct replay_stats *s = &r->stats;
	unsigned long unusable = s->unmatched_frees + s->order_mismatch +
				 s->bad_gfp + s->bad_order;
	char a[32], b[32];

	ts_text(a, sizeof(a), r->first_ts);
	ts_text(b, sizeof(b), r->max_ts);
	fprintf(out, "replay %s: %s: %lu events from %s to %s s (%.3f s of trace, "
		"time_scale %g)\n", task, trace_parser_name(r->parser), r->nr_events,
		r->have_ts ? a : "-", r->have_ts ? b : "-",
		(double)(r->max_ts - r->first_ts) / NSEC_PER_SEC, r->opts.time_scale);
	fprintf(out, "  re-issued: %lu allocations (%lu in interrupt context, %lu "
		"failed here, %lu failed in the trace), %lu frees",
		s->allocs, s->allocs_irq, s->alloc_failures, s->trace_failures,
		s->frees);
	if (s->frees_inferred)
		fprintf(out, ", %lu frees inferred (a live pfn allocated again)",
			s->frees_inferred);
	fputc('\n', out);
	fprintf(out, "  not re-issued: %lu other events", s->other_events);
	for (int i = 0; i < REPLAY_MAX_OTHER_NAMES && s->other[i].name[0]; i++)
		fprintf(out, "%s%s %lu", i ? ", " : " (", s->other[i].name,
			s->other[i].count);
	fprintf(out, "%s; %lu unusable", s->other[0].name[0] ? ")" : "", unusable);
	if (unusable)
		fprintf(out, " (%lu frees of a pfn not allocated in the trace, %lu of "
			"another order, %lu unknown gfp flags, %lu orders past "
			"MAX_ORDER-1)", s->unmatched_frees, s->order_mismatch,
			s->bad_gfp, s->bad_order);
	if (s->duplicate_frees)
		fprintf(out, "; %lu 2.6.32 duplicate free records", s->duplicate_frees);
	fputc('\n', out);
	if (s->lost_events)
		fprintf(out, "  warning: the tracer lost %lu events: frees may be "
			"missing (inferred when a pfn comes again)\n", s->lost_events);
	/* In the words of `mmsim report` (trace/parse.h). */
	trace_warnings_print(&r->warn, trace_parser_name(r->parser), out,
			     "  warning: ", "replayed in file order, each as "
			     "soon as it is reached");
	if (s->error[0])
		fprintf(out, "  stopped: %s\n", s->error);
	else if (!s->done)
		fprintf(out, "  stopped before the end of the trace (the run ended "
			"first): %lu of %lu events replayed\n", s->events,
			r->nr_events);
}

void replay_print_stats(const struct replay *r, FILE *out)
{
	const struct replay_stats *s = &r->stats;

	fprintf(out, "replay %s: %s\n", trace_parser_name(r->parser),
		s->error[0] ? s->error : s->done ? "replayed to the end" :
		"stopped before the end of the trace");
	fprintf(out, "  events read                  %lu\n", s->events);
	fprintf(out, "  allocations issued           %lu (%lu in interrupt context)\n",
		s->allocs, s->allocs_irq);
	fprintf(out, "  allocations failed here      %lu\n", s->alloc_failures);
	fprintf(out, "  allocations failed in trace  %lu (issued; a page obtained was freed at once)\n",
		s->trace_failures);
	fprintf(out, "  pages allocated / freed      %lu / %lu\n", s->pages_allocated,
		s->pages_freed);
	fprintf(out, "  frees matched by pfn         %lu\n", s->frees);
	fprintf(out, "  frees of failed allocations  %lu\n", s->frees_of_failed);
	fprintf(out, "  2.6.32 duplicate free records %lu\n", s->duplicate_frees);
	fprintf(out, "  frees inferred (pfn reused)  %lu\n", s->frees_inferred);
	fprintf(out, "  migratetype from the trace   %lu (gfp mobility bits changed)\n",
		s->migratetype_adjusted);
	fprintf(out, "  blocks live at the end       %lu\n", s->live_at_end);
	fprintf(out, "  events lost by the tracer    %lu\n", s->lost_events);
	fprintf(out, "  unusable: free of a pfn not allocated in the trace  %lu\n",
		s->unmatched_frees);
	fprintf(out, "  unusable: free order differs from the allocation    %lu\n",
		s->order_mismatch);
	fprintf(out, "  unusable: unknown gfp flag names                    %lu\n",
		s->bad_gfp);
	fprintf(out, "  unusable: order beyond MAX_ORDER-1                  %lu\n",
		s->bad_order);
	fprintf(out, "  not re-issued (other events)                        %lu\n",
		s->other_events);
	for (int i = 0; i < REPLAY_MAX_OTHER_NAMES && s->other[i].name[0]; i++)
		fprintf(out, "    %-40s %lu\n", s->other[i].name, s->other[i].count);
}
