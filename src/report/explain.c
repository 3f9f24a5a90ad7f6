// SPDX-License-Identifier: GPL-2.0
/*
 * The "why" of each allocation failure (see explain.h).  Every number
 * printed comes from the record kernel/alloc_fail.c made at the nopage
 * instant, the same instant as the show_mem() snapshot of the kern.log, so
 * the two can be read side by side: free pages, the mark and the
 * thresholds here are those of the Mem-Info block, in pages not kB.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "explain.h"
#include "util/xalloc.h"

#define NSEC_PER_SEC	1000000000ULL
#define NSEC_PER_MSEC	1000000ULL
#define NSEC_PER_USEC	1000ULL

static const char *const wmark_names[KSTATE_NR_WMARK] = {
	"WMARK_MIN", "WMARK_LOW", "WMARK_HIGH",
};

static const char *const zone_type_names[KSTATE_MAX_NR_ZONES] = {
	"DMA", "DMA32", "Normal", "HighMem", "Movable",
};

static const char *const kswapd_activity_names[] = {
	[KSWAPD_ACT_NOT_STARTED] = "not started",
	[KSWAPD_ACT_SLEEPING] = "asleep",
	[KSWAPD_ACT_SHORT_SLEEP] = "in its short HZ/10 sleep (P4)",
	[KSWAPD_ACT_BALANCING] = "running balance_pgdat",
	[KSWAPD_ACT_CONGESTION_WAIT] = "in congestion_wait",
};

/* A congestion queue's name, as 2.6.32 blk_rw_name() spells BLK_RW_*. */
static const char *blk_rw_name(int queue)
{
	switch (queue) {
	case KSTATE_BLK_RW_ASYNC:
		return "ASYNC";
	case KSTATE_BLK_RW_SYNC:
		return "SYNC";
	case KSTATE_BLK_RW_BOTH:
		return "BOTH";
	}
	return "?";
}

/* Append to a buffer being built piecewise. */
static void cat(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void cat(char *buf, size_t len, const char *fmt, ...)
{
	size_t n = strlen(buf);
	va_list ap;

	if (n + 1 >= len)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + n, len - n, fmt, ap);
	va_end(ap);
}

/* "12.345678"; padded to printk's "%5lu.%06lu" for a line's prefix. */
static const char *secs_fmt(uint64_t t, char *buf, size_t len, bool pad)
{
	snprintf(buf, len, pad ? "%5lu.%06lu" : "%lu.%06lu",
		 (unsigned long)(t / NSEC_PER_SEC),
		 (unsigned long)(t % NSEC_PER_SEC / NSEC_PER_USEC));
	return buf;
}

static const char *secs(uint64_t t, char *buf, size_t len)
{
	return secs_fmt(t, buf, len, false);
}

static double ms_between(uint64_t from, uint64_t to)
{
	return (double)(to - from) / NSEC_PER_MSEC;
}

static const char *flags_text(int alloc_flags, char *buf, size_t len)
{
	buf[0] = 0;
	if (alloc_flags & KSTATE_ALLOC_NO_WATERMARKS)
		cat(buf, len, "ALLOC_NO_WATERMARKS");
	else
		cat(buf, len, "%s", wmark_names[alloc_flags & KSTATE_ALLOC_WMARK_MASK]);
	if (alloc_flags & KSTATE_ALLOC_HARDER)
		cat(buf, len, "|ALLOC_HARDER");
	if (alloc_flags & KSTATE_ALLOC_HIGH)
		cat(buf, len, "|ALLOC_HIGH");
	return buf;
}

static const char *zone_label(const struct zone_verdict *v, char *buf,
			      size_t len)
{
	if (v->nid)
		snprintf(buf, len, "node %d %s", v->nid, v->name);
	else
		snprintf(buf, len, "%s", v->name);
	return buf;
}

/* The kind of request, as the failure's first words. */
static const char *request_kind(const struct alloc_failure *f)
{
	if (!(f->gfp_mask & KSTATE_GFP_WAIT))
		return "atomic";
	if (f->order > KSTATE_COSTLY_ORDER)
		return "costly";
	return "sleeping";
}

static const char *nopage_text(const struct alloc_failure *f)
{
	static char buf[192];

	switch (f->reason.nopage) {
	case NOPAGE_ATOMIC:
		return "no __GFP_WAIT: it may neither reclaim nor sleep, so the "
		       "first failed pass is the last";
	case NOPAGE_NO_TASK:
		return "no task to reclaim for (boot or test code)";
	case NOPAGE_PF_MEMALLOC:
		return "the caller is itself reclaiming (PF_MEMALLOC): no "
		       "recursion into direct reclaim";
	case NOPAGE_MEMDIE:
		return "the caller is an OOM victim (TIF_MEMDIE) without "
		       "__GFP_NOFAIL";
	case NOPAGE_COSTLY_NO_OOM:
		snprintf(buf, sizeof(buf), "direct reclaim made no progress and "
			 "order %u > PAGE_ALLOC_COSTLY_ORDER: the OOM killer "
			 "would not help", f->order);
		return buf;
	case NOPAGE_NO_RETRY:
	default:
		break;
	}
	if (f->gfp_mask & KSTATE_GFP_NORETRY)
		return "should_alloc_retry(): __GFP_NORETRY";
	if (f->gfp_mask & KSTATE_GFP_REPEAT) {
		snprintf(buf, sizeof(buf), "should_alloc_retry(): __GFP_REPEAT "
			 "and 2^%u pages reclaimed", f->order);
		return buf;
	}
	snprintf(buf, sizeof(buf), "should_alloc_retry(): order %u > "
		 "PAGE_ALLOC_COSTLY_ORDER without __GFP_REPEAT or __GFP_NOFAIL",
		 f->order);
	return buf;
}

/* The deciding test of one zone, with its arithmetic. */
static void verdict_text(const struct zone_verdict *v, unsigned int order,
			 char *buf, size_t len)
{
	long pad = (1L << order) - 1;

	buf[0] = 0;
	switch (v->step) {
	case WMARK_STEP_ORDER0:
		cat(buf, len, "order-0 test failed: free %ld - %ld = %ld <= "
		    "min %ld + lowmem_reserve %ld = %ld", v->free, pad,
		    v->free - pad, v->min, v->lowmem_reserve,
		    v->min + v->lowmem_reserve);
		if (v->free - pad > v->min)
			cat(buf, len, " (refused by lowmem_reserve alone)");
		break;
	case WMARK_STEP_ORDER_K:
		cat(buf, len, "order-%u check failed at order %d: free %ld - %ld "
		    "> min %ld + lowmem_reserve %ld, but only %ld pages in "
		    "blocks of order >= %d, %ld - %ld = %ld <= min >> %d = %ld "
		    "(needs more than %ld)", order, v->fail_order, v->free, pad,
		    v->min, v->lowmem_reserve, v->blocks_pages, v->fail_order,
		    v->blocks_pages, pad, v->free_k, v->fail_order, v->need,
		    v->need + pad);
		break;
	case WMARK_STEP_PASSED:
		cat(buf, len, "watermark passes (free %ld, min %ld + "
		    "lowmem_reserve %ld), %lu free blocks of order >= %u: "
		    "__rmqueue found none of the wanted migratetype or its "
		    "fallbacks, or the zone changed after the last attempt",
		    v->free, v->min, v->lowmem_reserve, v->blocks_ge_order,
		    order);
		break;
	case WMARK_STEP_NONE:
		cat(buf, len, "no watermark (ALLOC_NO_WATERMARKS): %lu free "
		    "blocks of order >= %u", v->blocks_ge_order, order);
		break;
	}
}

static void explain_zone(FILE *out, const struct alloc_failure *f,
			 const struct alloc_explain *x,
			 const struct zone_verdict *v)
{
	char name[48], why[640];
	long mark = v->mark_pages, min = mark;

	fprintf(out, "  %s: free %ld, %s %ld", zone_label(v, name, sizeof(name)),
		v->free, wmark_names[v->mark], mark);
	if (x->alloc_flags & KSTATE_ALLOC_HIGH) {
		min -= min / 2;
		fprintf(out, ", -min/2 (ALLOC_HIGH) = %ld", min);
	}
	if (x->alloc_flags & KSTATE_ALLOC_HARDER) {
		min -= min / 4;
		fprintf(out, ", -min/4 (ALLOC_HARDER) = %ld", min);
	}
	fprintf(out, ", lowmem_reserve[%s] %ld\n",
		zone_type_names[x->classzone_idx], v->lowmem_reserve);
	verdict_text(v, f->order, why, sizeof(why));
	fprintf(out, "    %s\n", why);
}

static void explain_flags(FILE *out, const struct alloc_failure *f,
			  const struct alloc_explain *x)
{
	char fl[96], t[32];

	fprintf(out, "  last attempt: %s", flags_text(x->alloc_flags, fl, sizeof(fl)));
	if (x->have_note && x->last_attempt != f->time)
		fprintf(out, " at %s, %.3f ms before the failure (zones below "
			"as they are at the failure)",
			secs(x->last_attempt, t, sizeof(t)),
			ms_between(x->last_attempt, f->time));
	fputs("\n", out);
	if (x->alloc_flags & KSTATE_ALLOC_HARDER)
		fprintf(out, "    ALLOC_HARDER: %s\n", !(f->gfp_mask & KSTATE_GFP_WAIT) ?
			"no __GFP_WAIT" : "rt task");
	else if (x->rt_task && f->in_interrupt)
		fprintf(out, "    ALLOC_HARDER not granted: rt task interrupted "
			"(patch 2 reverts 341ce06f's grant in interrupts)\n");
	if (x->alloc_flags & KSTATE_ALLOC_HIGH)
		fprintf(out, "    ALLOC_HIGH: __GFP_HIGH\n");
	if (x->slowpath_flags & KSTATE_ALLOC_NO_WATERMARKS) {
		fprintf(out, "    ALLOC_NO_WATERMARKS granted (PF_MEMALLOC or "
			"TIF_MEMDIE), and the buddy had no block either\n");
	} else {
		fprintf(out, "    ALLOC_NO_WATERMARKS not granted:");
		if (x->nowm_denied & NOWM_IN_INTERRUPT)
			fprintf(out, " in interrupt;");
		if (x->nowm_denied & NOWM_NOMEMALLOC)
			fprintf(out, " __GFP_NOMEMALLOC;");
		if (x->nowm_denied & NOWM_NO_TASK)
			fprintf(out, " no task (idle CPU);");
		if (x->nowm_denied & NOWM_NOT_MEMALLOC)
			fprintf(out, " not PF_MEMALLOC, no TIF_MEMDIE;");
		fputs("\n", out);
	}
}

/*
 * An order >= 1 atomic request: where the preferred zone's free pages
 * were, by the free list they sat on, how many the pcp lists held back,
 * and NR_FREE_PAGES against the watermarks.
 */
static void explain_highorder(FILE *out, const struct alloc_failure *f,
			      const struct highorder_fail_state *h)
{
	static const char *const types[KSTATE_NR_MIGRATETYPES] = {
		"Unmovable", "Reclaimable", "Movable", "Reserve", "Isolate",
	};
	long all = 0;

	fprintf(out, "  %s at the failure: free %ld (%s min %lu, %s low %lu); "
		"in free blocks of order >= %u:", zone_type_names[h->zone],
		h->free, h->free < (long)h->watermark[KSTATE_WMARK_MIN] ? "below" :
		"above", h->watermark[KSTATE_WMARK_MIN],
		h->free < (long)h->watermark[KSTATE_WMARK_LOW] ? "below" : "above",
		h->watermark[KSTATE_WMARK_LOW], f->order);
	for (int t = 0; t < KSTATE_NR_MIGRATETYPES; t++) {
		all += h->blocks[t];
		if (t != KSTATE_MIGRATE_ISOLATE || h->blocks[t])
			fprintf(out, "%s %s %ld", t ? "," : "", types[t],
				h->blocks[t]);
	}
	fprintf(out, " (%ld in all); %ld pages on the pcp lists\n", all,
		h->pcp);
}

static void explain_kswapd(FILE *out, const struct alloc_failure *f,
			   const struct kswapd_snapshot *ks)
{
	char t[32];

	fprintf(out, "  kswapd%d: %s", ks->nid, kswapd_activity_names[ks->state]);
	switch (ks->state) {
	case KSWAPD_ACT_BALANCING:
		fprintf(out, " at order %d, priority %d, for %.3f ms",
			ks->order, ks->priority,
			ms_between(ks->balance_since, f->time));
		break;
	case KSWAPD_ACT_CONGESTION_WAIT:
		fprintf(out, " on queue %s since %s (%.3f ms), in balance_pgdat "
			"at order %d, priority %d", blk_rw_name(ks->cw_queue),
			secs(ks->since, t, sizeof(t)),
			ms_between(ks->since, f->time), ks->order, ks->priority);
		break;
	case KSWAPD_ACT_SLEEPING:
	case KSWAPD_ACT_SHORT_SLEEP:
		fprintf(out, " since %s (%.3f ms)", secs(ks->since, t, sizeof(t)),
			ms_between(ks->since, f->time));
		break;
	case KSWAPD_ACT_NOT_STARTED:
		break;
	}
	if (ks->wake_known)
		fprintf(out, "; last asked for order %d %.3f ms ago by %s%s",
			ks->wake_order, ms_between(ks->wake_time, f->time),
			ks->waker, ks->wake_found_asleep ? " (woke it)" :
			" (it was awake)");
	if (ks->max_order)
		fprintf(out, "; order %d pending", ks->max_order);
	fputs("\n", out);
}

static void explain_reclaim(FILE *out, const struct alloc_failure *f,
			    const struct alloc_explain *x)
{
	const struct slowpath_counts *n = &x->note;

	if (!(f->gfp_mask & KSTATE_GFP_WAIT)) {
		fprintf(out, "  reclaim: not allowed (no __GFP_WAIT); %u pass, "
			"kswapd woken %u time(s)\n", n->passes, n->kswapd_wakes);
	} else if (x->have_note) {
		fprintf(out, "  reclaim: allowed (__GFP_WAIT); %u pass(es) through "
			"the slow path, kswapd woken on %u, %u direct-reclaim "
			"pass(es) reclaiming %lu pages (last %lu), %u "
			"congestion_wait retries%s\n", n->passes, n->kswapd_wakes,
			n->reclaim_passes, n->pages_reclaimed, n->last_progress,
			n->retry_waits, n->oom_tried ?
			", tried __alloc_pages_may_oom (its last try is at "
			"WMARK_HIGH)" : "");
	}
	fprintf(out, "  gave up: %s\n", nopage_text(f));
}

/* The profile switches that shaped this particular path. */
static void explain_profile(FILE *out, const struct kstate_profile *profile,
			    const struct alloc_failure *f,
			    const struct alloc_explain *x)
{
	const struct slowpath_counts *n = &x->note;
	const struct kswapd_snapshot *ks = &x->kswapd;

	fprintf(out, "  profile %s:", profile->name);
	if (n->passes > 1) {
		switch (x->restart_mode) {
		case KSTATE_RESTART_AFTER_WAKE:
			fprintf(out, " restarts skip wake_all_kswapd, so kswapd "
				"heard of this order once in %u passes (P1 "
				"absent);", n->passes);
			break;
		case KSTATE_RESTART_BEFORE_WAKE:
			fprintf(out, " each of the %u passes woke kswapd (P1);",
				n->passes);
			break;
		case KSTATE_RESTART_TOP:
			fprintf(out, " 2.6.30: each restart re-ran the fast path "
				"and woke kswapd;");
			break;
		}
	} else if (x->have_note) {
		fprintf(out, " one pass, kswapd woken at its start (P1 does "
			"not apply);");
	}
	if ((f->gfp_mask & KSTATE_GFP_WAIT) && x->rt_task && f->in_interrupt)
		fprintf(out, " rt task in interrupt: ALLOC_HARDER %s;",
			x->rt_harder_in_irq ? "granted (341ce06f, P2 absent)" :
			"not granted (P2)");
	if (n->retry_waits)
		fprintf(out, " retries waited on queue %s (%s);",
			blk_rw_name(x->cw_alloc),
			x->cw_alloc == KSTATE_BLK_RW_BOTH ? "P3" : "P3 absent");
	if (ks->state == KSWAPD_ACT_CONGESTION_WAIT)
		fprintf(out, " kswapd naps below priority %s (%s);",
			x->kswapd_cw_priority == KSTATE_KSWAPD_CW_ORDER_ADJUSTED ?
			"DEF_PRIORITY-2-order" : "DEF_PRIORITY-2",
			x->kswapd_cw_priority == KSTATE_KSWAPD_CW_ORDER_ADJUSTED ?
			"P5" : "P5 absent");
	if (ks->state == KSWAPD_ACT_SLEEPING)
		fprintf(out, " kswapd slept %s;",
			x->kswapd_sleep == KSTATE_KSWAPD_SLEEP_QUICK_RECHECK ?
			"after P4's HZ/10 recheck found the zones balanced" :
			"with no recheck (P4 absent)");
	fputs("\n", out);
}

static const char *status(const struct alloc_failure *f)
{
	if (f->printed)
		return "printed";
	if (f->nowarn)
		return "__GFP_NOWARN, not printed";
	return "ratelimited, not printed";
}

void explain_alloc_failure(FILE *out, const struct kstate_profile *profile,
			   const struct alloc_failure *f)
{
	const struct alloc_explain *x = f->why;
	char t[32];

	fprintf(out, "[%s] %s (pid %d, cpu %d%s): order-%u mode:0x%x %s "
		"allocation failed (%s)\n", secs_fmt(f->time, t, sizeof(t), true), f->comm,
		f->pid, f->cpu, f->in_interrupt ? ", in interrupt" : "", f->order,
		f->gfp_mask, request_kind(f), status(f));
	if (!x) {
		char reason[RESULT_REASON_LEN];

		explain_reason_text(f, reason, sizeof(reason));
		fprintf(out, "  %s (details past the record cap)\n", reason);
		return;
	}
	explain_flags(out, f, x);
	for (unsigned int z = 0; z < x->nr_zones; z++)
		explain_zone(out, f, x, &x->zones[z]);
	if (x->nr_zones_more)
		fprintf(out, "  (%u more zones of the zonelist not recorded)\n",
			x->nr_zones_more);
	if (x->have_highorder)
		explain_highorder(out, f, &x->highorder);
	explain_kswapd(out, f, &x->kswapd);
	explain_reclaim(out, f, x);
	explain_profile(out, profile, f, x);
}

void explain_reason_text(const struct alloc_failure *f, char *buf, size_t len)
{
	const struct alloc_fail_reason *r = &f->reason;
	char zone[32];

	buf[0] = 0;
	cat(buf, len, "order-%u %s: ", f->order, request_kind(f));
	if (r->zone >= KSTATE_MAX_NR_ZONES) {
		cat(buf, len, "no zone to allocate from");
		return;
	}
	if (r->nid)
		snprintf(zone, sizeof(zone), "node %d %s", r->nid,
			 zone_type_names[r->zone]);
	else
		snprintf(zone, sizeof(zone), "%s", zone_type_names[r->zone]);
	switch (r->step) {
	case WMARK_STEP_ORDER0:
		cat(buf, len, "order-0 test failed in %s", zone);
		break;
	case WMARK_STEP_ORDER_K:
		cat(buf, len, "order-%u check failed at order %d in %s",
		    f->order, r->fail_order, zone);
		break;
	case WMARK_STEP_PASSED:
		cat(buf, len, "%s passed its watermark but had no block", zone);
		break;
	case WMARK_STEP_NONE:
		cat(buf, len, "no watermark, %s had no block", zone);
		break;
	}
	cat(buf, len, " (%s%s%s)", wmark_names[r->mark],
	    r->high ? "|ALLOC_HIGH" : "", r->harder ? "|ALLOC_HARDER" : "");
	if (r->nopage != NOPAGE_ATOMIC)
		cat(buf, len, "; gave up: %s", nopage_text(f));
}

void explain_example_text(const struct alloc_failure *f, char *buf, size_t len)
{
	const struct zone_verdict *v;
	char t[32];

	buf[0] = 0;
	if (!f->why || !f->why->nr_zones)
		return;
	v = &f->why->zones[0];
	cat(buf, len, "e.g. at %s: ", secs(f->time, t, sizeof(t)));
	switch (v->step) {
	case WMARK_STEP_ORDER0:
		cat(buf, len, "free %ld - %ld <= min %ld + lowmem_reserve %ld",
		    v->free, (1L << f->order) - 1, v->min, v->lowmem_reserve);
		break;
	case WMARK_STEP_ORDER_K:
		cat(buf, len, "free %ld > min %ld, but only %ld pages in blocks "
		    "of order >= %d against a need of more than %ld", v->free,
		    v->min, v->blocks_pages, v->fail_order,
		    v->need + (1L << f->order) - 1);
		break;
	case WMARK_STEP_PASSED:
	case WMARK_STEP_NONE:
		cat(buf, len, "free %ld, %lu blocks of order >= %u", v->free,
		    v->blocks_ge_order, f->order);
		break;
	}
}

/* Most frequent first; a stable insertion sort keeps ties in order of
 * first appearance (there are few distinct reasons). */
static void sort_by_count(struct failure_reason *t, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		struct failure_reason r = t[i];
		size_t j = i;

		while (j > 0 && t[j - 1].count < r.count) {
			t[j] = t[j - 1];
			j--;
		}
		t[j] = r;
	}
}

/*
 * Everything explain_reason_text() reads: two failures equal here have the
 * same text, so the text is formatted once per reason, not per failure
 * (a run may record thousands of __GFP_NOWARN failures).
 */
static bool same_reason(const struct alloc_failure *a,
			const struct alloc_failure *b)
{
	const struct alloc_fail_reason *x = &a->reason, *y = &b->reason;

	return a->order == b->order && a->gfp_mask == b->gfp_mask &&
	       x->nopage == y->nopage && x->step == y->step &&
	       x->nid == y->nid && x->zone == y->zone &&
	       x->fail_order == y->fail_order && x->mark == y->mark &&
	       x->harder == y->harder && x->high == y->high;
}

/*
 * @p (room for *@cap entries of @size bytes, @used of them used) with
 * room for one more, the new entries zeroed.  The tally's arrays grow
 * with the distinct reasons met (a handful), not with the failures (half
 * a million __GFP_NOWARN ones in a default run: sized by those, they
 * took 200 MB of address space).
 */
static void *tally_room(void *p, size_t *cap, size_t used, size_t size)
{
	size_t old = *cap;

	if (used < old)
		return p;
	*cap = old ? 2 * old : 8;
	p = xrealloc(p, *cap * size);
	memset((char *)p + old * size, 0, (*cap - old) * size);
	return p;
}

struct failure_reason *explain_tally(const struct kstate_log *log, size_t *nr)
{
	size_t n = log->nr_failures, used = 0, nr_seen = 0;
	size_t cap_t = 0, cap_seen = 0;
	struct failure_reason *t = NULL;
	/* Every distinct set of fields met, and the reason its text is:
	 * two sets may read alike, and each is formatted once. */
	struct {
		const struct alloc_failure *f;
		size_t k;		/* its reason, in t */
	} *seen = NULL;

	/* A valid (empty) array even when no failure was recorded. */
	t = tally_room(t, &cap_t, 0, sizeof(*t));
	for (size_t i = 0; i < n; i++) {
		const struct alloc_failure *f = log->failures[i];
		size_t k, s;

		for (s = 0; s < nr_seen; s++)
			if (same_reason(seen[s].f, f))
				break;
		if (s == nr_seen) {
			char key[RESULT_REASON_LEN];

			explain_reason_text(f, key, sizeof(key));
			/* Different fields may still read the same. */
			for (k = 0; k < used; k++)
				if (!strcmp(t[k].reason, key))
					break;
			if (k == used) {
				t = tally_room(t, &cap_t, used, sizeof(*t));
				snprintf(t[used].reason, sizeof(t[used].reason),
					 "%s", key);
				used++;
			}
			seen = tally_room(seen, &cap_seen, nr_seen,
					  sizeof(*seen));
			seen[nr_seen].f = f;
			seen[nr_seen++].k = k;
		}
		k = seen[s].k;
		if (!t[k].example[0])
			explain_example_text(f, t[k].example, sizeof(t[k].example));
		t[k].count++;
	}
	free(seen);
	sort_by_count(t, used);
	*nr = used;
	return t;
}

struct failure_reason *explain_merge_tallies(const struct run_result *runs,
					     size_t nr_runs, size_t *nr)
{
	size_t cap = 0, used = 0;
	struct failure_reason *t;

	for (size_t i = 0; i < nr_runs; i++) {
		size_t n;

		result_records(&runs[i], "failure_reasons", &n);
		cap += n;
	}
	t = xcalloc(cap + 1, sizeof(*t));
	for (size_t i = 0; i < nr_runs; i++) {
		size_t n;
		const struct failure_reason *reasons =
			result_records(&runs[i], "failure_reasons", &n);

		for (size_t j = 0; j < n; j++) {
			const struct failure_reason *r = &reasons[j];
			size_t k;

			for (k = 0; k < used; k++)
				if (!strcmp(t[k].reason, r->reason))
					break;
			if (k == used)
				t[used++] = *r;
			else
				t[k].count += r->count;
		}
	}
	sort_by_count(t, used);
	*nr = used;
	return t;
}

void explain_tally_print(FILE *out, const struct failure_reason *reasons,
			 size_t nr)
{
	unsigned long total = 0;

	for (size_t i = 0; i < nr; i++)
		total += reasons[i].count;
	if (!total) {
		fprintf(out, "no allocation failed\n");
		return;
	}
	/* Every failure, not only those kern.log printed. */
	fprintf(out, "%lu failure%s by reason (all, __GFP_NOWARN and "
		"rate-limited ones included):\n", total, total == 1 ? "" : "s");
	for (size_t i = 0; i < nr; i++) {
		fprintf(out, "%8lu  %s\n", reasons[i].count, reasons[i].reason);
		if (reasons[i].example[0])
			fprintf(out, "%8s  %s\n", "", reasons[i].example);
	}
}

size_t explain_write_failures(FILE *out, const struct kstate_log *log)
{
	struct failure_reason *t;
	size_t nr, paragraphs = 0;

	for (size_t i = 0; i < log->nr_failures; i++) {
		const struct alloc_failure *f = log->failures[i];

		if (!f->printed)
			continue;
		explain_alloc_failure(out, &log->profile, f);
		fputs("\n", out);
		paragraphs++;
	}
	if (log->nr_failures > paragraphs)
		fprintf(out, "(%zu ratelimited or __GFP_NOWARN failures are "
			"in the tally only)\n\n", log->nr_failures - paragraphs);
	t = explain_tally(log, &nr);
	explain_tally_print(out, t, nr);
	free(t);
	return paragraphs;
}
