// SPDX-License-Identifier: GPL-2.0
/*
 * `mmsim report reclaim|pagealloc FILE`: the kernel scripts' summaries.
 *
 * State is per process ("COMM-PID", or "COMM" with --ignore-pid), found
 * through a small open-addressing hash, so the cost per event is constant
 * and memory grows with the number of processes (plus, for the reclaim
 * report, one record per reclaim episode: the script lists every latency).
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "postprocess.h"

/* The records' timestamps are ns (as sim/sim.h's, not included: this
 * formats records only). */
#define NSEC_PER_SEC	1000000000ULL

#define ORDERS 20			/* the scripts' per-order arrays */

struct latency {
	unsigned char kswapd;		/* 0: direct reclaim, 1: kswapd awake */
	unsigned char order;
	uint64_t ns;
};

struct proc {
	char name[96];
	char comm[64];
	int pid;

	/* vmscan */
	unsigned long direct, wakeup_kswapd, kswapd_wake, kswapd_rewake;
	unsigned long nr_scanned, nr_reclaimed, contig_dirty;
	unsigned long wp_file_sync, wp_anon_sync, wp_file_async, wp_anon_async;
	unsigned long direct_order[ORDERS], wakeup_order[ORDERS];
	unsigned long kswapd_wake_order[ORDERS], rewake_order[ORDERS];
	bool in_direct, awake;
	int direct_cur_order, kswapd_cur_order;
	uint64_t direct_start, awake_start;
	unsigned long direct_line, awake_line;	/* where they began */
	struct latency *lat;
	size_t nr_lat, lat_cap;

	/* congestion_wait */
	unsigned long cw_calls, cw_full;
	unsigned long long cw_delayed_us;

	/* kmem */
	unsigned long alloc, alloc_locked, free_direct, free_pagevec;
	unsigned long pcpu_drain, drains, refills;
	unsigned long extfrag, frag_causing, frag_changed, frag_severe, frag_moderate;
	unsigned long unknown;
	bool draining, refilling;
};

struct proc_table {
	const char *file;		/* for messages */
	char why[1024];			/* a bad trace: "FILE:LINE: what" */
	struct proc *procs;
	size_t nr, cap;
	uint32_t *slots;		/* index + 1; 0 empty */
	size_t nr_slots;
	bool ignore_pid;
	/*
	 * What the report adds up, over the whole trace: every per-process
	 * count and every total printed is a part of one of these, so
	 * none wraps if these do not (sum_add()).
	 */
	struct sum {
		unsigned long long total, limit;	/* limit: the counter's */
		unsigned long long largest;		/* added at once */
		unsigned long largest_line;
	} sum_scanned, sum_reclaimed, sum_contig_dirty, sum_cw_us, sum_latency_ns;
};

static uint32_t hash_key(const char *s)
{
	uint32_t h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static int table_grow(struct proc_table *t)
{
	size_t n = t->nr_slots ? t->nr_slots * 2 : 64;
	uint32_t *slots = calloc(n, sizeof(*slots));

	if (!slots)
		return -1;
	for (size_t i = 0; i < t->nr; i++) {
		size_t s = hash_key(t->procs[i].name) & (n - 1);

		while (slots[s])
			s = (s + 1) & (n - 1);
		slots[s] = (uint32_t)i + 1;
	}
	free(t->slots);
	t->slots = slots;
	t->nr_slots = n;
	return 0;
}

static struct proc *proc_get(struct proc_table *t, const struct trace_record *rec)
{
	char name[96];
	size_t s;

	if (t->ignore_pid)
		snprintf(name, sizeof(name), "%s", rec->comm[0] ? rec->comm : "NO_PROCESS_NAME");
	else
		snprintf(name, sizeof(name), "%s-%d", rec->comm, rec->pid);
	if ((t->nr + 1) * 2 > t->nr_slots && table_grow(t))
		return NULL;
	for (s = hash_key(name) & (t->nr_slots - 1); t->slots[s];
	     s = (s + 1) & (t->nr_slots - 1)) {
		struct proc *p = &t->procs[t->slots[s] - 1];

		if (!strcmp(p->name, name))
			return p;
	}
	if (t->nr == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 32;
		struct proc *procs = realloc(t->procs, cap * sizeof(*procs));

		if (!procs)
			return NULL;
		t->procs = procs;
		t->cap = cap;
	}
	struct proc *p = &t->procs[t->nr];

	memset(p, 0, sizeof(*p));
	snprintf(p->name, sizeof(p->name), "%s", name);
	snprintf(p->comm, sizeof(p->comm), "%s", rec->comm);
	p->pid = t->ignore_pid ? 0 : rec->pid;
	t->slots[s] = (uint32_t)++t->nr;
	return p;
}

static void table_free(struct proc_table *t)
{
	for (size_t i = 0; i < t->nr; i++)
		free(t->procs[i].lat);
	free(t->procs);
	free(t->slots);
}

static int proc_cmp(const void *a, const void *b)
{
	const struct proc *x = a, *y = b;
	int c = strcmp(x->comm, y->comm);

	return c ? c : (x->pid > y->pid) - (x->pid < y->pid);
}

/* Sorted for printing; the hash slots are stale afterwards. */
static void table_sort(struct proc_table *t)
{
	/* procs is NULL for a trace without events, and qsort's pointer
	 * must not be, even for nothing to sort (found by fuzz_trace). */
	if (t->nr)
		qsort(t->procs, t->nr, sizeof(*t->procs), proc_cmp);
}

static int max_name(const struct proc_table *t)
{
	size_t m = 0;

	for (size_t i = 0; i < t->nr; i++)
		if (strlen(t->procs[i].name) > m)
			m = strlen(t->procs[i].name);
	return (int)m + 2;
}

static void count_order(unsigned long *arr, int order)
{
	if (order >= 0 && order < ORDERS)
		arr[order]++;
}

static int add_latency(struct proc *p, bool kswapd, int order, uint64_t ns)
{
	if (p->nr_lat == p->lat_cap) {
		size_t cap = p->lat_cap ? p->lat_cap * 2 : 16;
		struct latency *l = realloc(p->lat, cap * sizeof(*l));

		if (!l)
			return -1;
		p->lat = l;
		p->lat_cap = cap;
	}
	p->lat[p->nr_lat++] = (struct latency){
		.kswapd = kswapd, .order = (unsigned char)(order & 0xff), .ns = ns,
	};
	return 0;
}

/* The scripts' milliseconds: exact to the microsecond, no trailing zeros. */
static void print_ms(FILE *out, uint64_t ns)
{
	unsigned long long us = ns / 1000;
	unsigned long long frac = us % 1000;

	if (!frac) {
		fprintf(out, "%llu", us / 1000);
		return;
	}
	char f[8];
	int n = snprintf(f, sizeof(f), "%03llu", frac);

	while (n > 0 && f[n - 1] == '0')
		f[--n] = '\0';
	fprintf(out, "%llu.%s", us / 1000, f);
}

static int read_all(struct trace_record_source *src, struct proc_table *t,
		    int (*account)(struct proc_table *, struct proc *,
				   const struct trace_record *),
		    char *err, size_t errlen)
{
	struct trace_record rec;
	int rc;

	t->file = src->name;
	while ((rc = src->next(src->data, &rec)) == 1) {
		struct proc *proc = proc_get(t, &rec);

		if (!proc || account(t, proc, &rec)) {
			if (t->why[0])
				snprintf(err, errlen, "%s", t->why);
			else
				snprintf(err, errlen, "%s:%lu: out of memory",
					 src->name, src->line(src->data));
			return -1;
		}
	}
	if (rc < 0) {
		snprintf(err, errlen, "%s", src->error(src->data));
		return -1;
	}
	return 0;
}

/*
 * @v of field @key into the trace-wide sum *@sum, checked: a value that
 * fits its field (the parser checks that) can still take a sum past what
 * its counter holds, and a wrapped total is a wrong number printed as a
 * right one.  -1 with "FILE:LINE: ..." in t->why.
 */
static int sum_add(struct proc_table *t, const struct trace_record *rec,
		   struct sum *sum, unsigned long long v, const char *key)
{
	if (v > sum->limit - sum->total) {
		snprintf(t->why, sizeof(t->why), "%s:%lu: %s: %s=%llu takes the "
			 "trace's total past %llu, more than a counter holds (the "
			 "largest value added was %llu, at line %lu)", t->file,
			 rec->line, rec->event, key, v, sum->limit,
			 v > sum->largest ? v : sum->largest,
			 v > sum->largest ? rec->line : sum->largest_line);
		return -1;
	}
	sum->total += v;
	if (v > sum->largest || !sum->largest_line) {
		sum->largest = v;
		sum->largest_line = rec->line;
	}
	return 0;
}

/* ---- reclaim ------------------------------------------------------------ */

static bool is_kswapd(const struct proc *p)
{
	return !strncmp(p->comm, "kswapd", 6);
}

/*
 * An end before its begin: the trace goes back in time there (files
 * concatenated, a clock reset, lines out of order).  A latency from it
 * would be a huge unsigned number; say where instead.
 */
static int backwards(struct proc_table *t, const struct trace_record *rec,
		     const struct proc *p, uint64_t begin, unsigned long line)
{
	snprintf(t->why, sizeof(t->why), "%s:%lu: %s at %llu.%06llu is before "
		 "its begin at %llu.%06llu (line %lu) for %s: the trace's time "
		 "goes backwards", t->file, rec->line, rec->event,
		 (unsigned long long)(rec->ts / NSEC_PER_SEC),
		 (unsigned long long)(rec->ts % NSEC_PER_SEC / 1000),
		 (unsigned long long)(begin / NSEC_PER_SEC),
		 (unsigned long long)(begin % NSEC_PER_SEC / 1000), line, p->name);
	return -1;
}

static int account_reclaim(struct proc_table *t, struct proc *p,
			   const struct trace_record *rec)
{
	const struct trace_entry *e = &rec->entry;

	if (!rec->desc)
		return 0;
	switch (e->id) {
	case TRACE_MM_VMSCAN_DIRECT_RECLAIM_BEGIN:
		p->direct++;
		count_order(p->direct_order, e->mm_vmscan_direct_reclaim_begin.order);
		p->in_direct = true;
		p->direct_start = e->ts;
		p->direct_line = rec->line;
		p->direct_cur_order = e->mm_vmscan_direct_reclaim_begin.order;
		break;
	case TRACE_MM_VMSCAN_DIRECT_RECLAIM_END:
		/* An end without its begin (the trace started inside a
		 * reclaim) has no latency. */
		if (!p->in_direct)
			break;
		p->in_direct = false;
		if (e->ts < p->direct_start)
			return backwards(t, rec, p, p->direct_start, p->direct_line);
		if (sum_add(t, rec, &t->sum_latency_ns, e->ts - p->direct_start,
			    "latency_ns"))
			return -1;
		return add_latency(p, false, p->direct_cur_order,
				   e->ts - p->direct_start);
	case TRACE_MM_VMSCAN_KSWAPD_WAKE:
		p->kswapd_cur_order = e->mm_vmscan_kswapd_wake.order;
		if (!p->awake) {
			p->awake = true;
			p->awake_start = e->ts;
			p->awake_line = rec->line;
			p->kswapd_wake++;
			count_order(p->kswapd_wake_order, e->mm_vmscan_kswapd_wake.order);
		} else {
			p->kswapd_rewake++;
			count_order(p->rewake_order, e->mm_vmscan_kswapd_wake.order);
		}
		break;
	case TRACE_MM_VMSCAN_KSWAPD_SLEEP:
		if (!p->awake)
			break;
		p->awake = false;
		if (e->ts < p->awake_start)
			return backwards(t, rec, p, p->awake_start, p->awake_line);
		if (sum_add(t, rec, &t->sum_latency_ns, e->ts - p->awake_start,
			    "latency_ns"))
			return -1;
		return add_latency(p, true, p->kswapd_cur_order, e->ts - p->awake_start);
	case TRACE_MM_VMSCAN_WAKEUP_KSWAPD:
		p->wakeup_kswapd++;
		count_order(p->wakeup_order, e->mm_vmscan_wakeup_kswapd.order);
		break;
	case TRACE_MM_VMSCAN_LRU_ISOLATE:
		/* Isolating from the active list is rotation, not scanning
		 * (2.6.37's script; ISOLATE_ACTIVE was 1 then). */
		if (e->mm_vmscan_lru_isolate.isolate_mode != ISOLATE_ACTIVE) {
			if (sum_add(t, rec, &t->sum_scanned,
				    e->mm_vmscan_lru_isolate.nr_scanned, "nr_scanned"))
				return -1;
			p->nr_scanned += e->mm_vmscan_lru_isolate.nr_scanned;
		}
		if (sum_add(t, rec, &t->sum_contig_dirty,
			    e->mm_vmscan_lru_isolate.contig_dirty, "contig_dirty"))
			return -1;
		p->contig_dirty += e->mm_vmscan_lru_isolate.contig_dirty;
		break;
	case TRACE_MM_VMSCAN_LRU_SHRINK_INACTIVE:
		if (sum_add(t, rec, &t->sum_reclaimed,
			    e->mm_vmscan_lru_shrink_inactive.nr_reclaimed,
			    "nr_reclaimed"))
			return -1;
		p->nr_reclaimed += e->mm_vmscan_lru_shrink_inactive.nr_reclaimed;
		break;
	case TRACE_MM_VMSCAN_WRITEPAGE: {
		unsigned int f = e->mm_vmscan_writepage.reclaim_flags;
		bool file = f & RECLAIM_WB_FILE, sync = f & RECLAIM_WB_SYNC;

		if (sync)
			(*(file ? &p->wp_file_sync : &p->wp_anon_sync))++;
		else
			(*(file ? &p->wp_file_async : &p->wp_anon_async))++;
		break;
	}
	case TRACE_WRITEBACK_CONGESTION_WAIT:
		p->cw_calls++;
		if (sum_add(t, rec, &t->sum_cw_us,
			    e->writeback_congestion_wait.usec_delayed, "usec_delayed"))
			return -1;
		p->cw_delayed_us += e->writeback_congestion_wait.usec_delayed;
		if (e->writeback_congestion_wait.usec_delayed >=
		    e->writeback_congestion_wait.usec_timeout)
			p->cw_full++;
		break;
	default:
		break;
	}
	return 0;
}

static void print_orders(FILE *out, const char *what, const unsigned long *arr)
{
	fputs("      ", out);
	for (int o = 0; o < ORDERS; o++)
		if (arr[o])
			fprintf(out, "%s-%d=%lu ", what, o, arr[o]);
}

struct reclaim_totals {
	unsigned long direct, direct_scanned, direct_reclaimed;
	unsigned long d_file_sync, d_anon_sync, d_file_async, d_anon_async;
	unsigned long wakeup_kswapd;
	uint64_t direct_ns, kswapd_ns;
	unsigned long kswapd_wake, kswapd_scanned, kswapd_reclaimed;
	unsigned long k_file_sync, k_anon_sync, k_file_async, k_anon_async;
	unsigned long cw_calls[2], cw_full[2];
	unsigned long long cw_us[2];
};

static void print_latencies(FILE *out, const struct proc_table *t, int w,
			    struct reclaim_totals *tot)
{
	fprintf(out, "\nReclaim latencies expressed as order-latency_in_ms\n");
	for (size_t i = 0; i < t->nr; i++) {
		const struct proc *p = &t->procs[i];

		if (!p->nr_lat)
			continue;
		fprintf(out, "%-*s ", w, p->name);
		for (size_t j = 0; j < p->nr_lat; j++) {
			fprintf(out, "%d-", p->lat[j].order);
			print_ms(out, p->lat[j].ns);
			fputc(' ', out);
			if (p->lat[j].kswapd)
				tot->kswapd_ns += p->lat[j].ns;
			else
				tot->direct_ns += p->lat[j].ns;
		}
		fputc('\n', out);
	}
}

static void print_direct_table(FILE *out, const struct proc_table *t, int w,
			       struct reclaim_totals *tot)
{
	fprintf(out, "\n%-*s %8s %10s   %8s %8s  %8s %8s %8s\n", w, "Process",
		"Direct", "Wokeup", "Pages", "Pages", "Pages", "Pages", "Time");
	fprintf(out, "%-*s %8s %10s   %8s %8s  %8s %8s %8s\n", w, "details",
		"Rclms", "Kswapd", "Scanned", "Rclmed", "Sync-IO", "ASync-IO", "Stalled");
	for (size_t i = 0; i < t->nr; i++) {
		const struct proc *p = &t->procs[i];
		uint64_t stalled = 0;

		if (!p->direct)
			continue;
		for (size_t j = 0; j < p->nr_lat; j++)
			if (!p->lat[j].kswapd)
				stalled += p->lat[j].ns;
		tot->direct += p->direct;
		tot->direct_scanned += p->nr_scanned;
		tot->direct_reclaimed += p->nr_reclaimed;
		tot->d_file_sync += p->wp_file_sync;
		tot->d_anon_sync += p->wp_anon_sync;
		tot->d_file_async += p->wp_file_async;
		tot->d_anon_async += p->wp_anon_async;
		fprintf(out, "%-*s %8lu %10lu   %8lu %8lu  %8lu %8lu %8.3f",
			w, p->name, p->direct, p->wakeup_kswapd, p->nr_scanned,
			p->nr_reclaimed, p->wp_file_sync + p->wp_anon_sync,
			p->wp_file_async + p->wp_anon_async,
			(double)stalled / NSEC_PER_SEC);
		print_orders(out, "direct", p->direct_order);
		if (p->wakeup_kswapd)
			print_orders(out, "wakeup", p->wakeup_order);
		if (p->contig_dirty)
			fprintf(out, "      contig-dirty=%lu ", p->contig_dirty);
		fputc('\n', out);
	}
}

static void print_kswapd_table(FILE *out, const struct proc_table *t, int w,
			       struct reclaim_totals *tot)
{
	fprintf(out, "\n%-*s %8s %10s   %8s   %8s %8s %8s\n", w, "Kswapd",
		"Kswapd", "Order", "Pages", "Pages", "Pages", "Pages");
	fprintf(out, "%-*s %8s %10s   %8s   %8s %8s %8s\n", w, "Instance",
		"Wakeups", "Re-wakeup", "Scanned", "Rclmed", "Sync-IO", "ASync-IO");
	for (size_t i = 0; i < t->nr; i++) {
		const struct proc *p = &t->procs[i];

		if (!p->kswapd_wake)
			continue;
		tot->kswapd_wake += p->kswapd_wake;
		tot->kswapd_scanned += p->nr_scanned;
		tot->kswapd_reclaimed += p->nr_reclaimed;
		tot->k_file_sync += p->wp_file_sync;
		tot->k_anon_sync += p->wp_anon_sync;
		tot->k_file_async += p->wp_file_async;
		tot->k_anon_async += p->wp_anon_async;
		fprintf(out, "%-*s %8lu %10lu   %8lu %8lu  %8lu %8lu",
			w, p->name, p->kswapd_wake, p->kswapd_rewake, p->nr_scanned,
			p->nr_reclaimed, p->wp_file_sync + p->wp_anon_sync,
			p->wp_file_async + p->wp_anon_async);
		print_orders(out, "wake", p->kswapd_wake_order);
		if (p->kswapd_rewake)
			print_orders(out, "rewake", p->rewake_order);
		fputc('\n', out);
	}
}

static void print_summary(FILE *out, const struct reclaim_totals *t)
{
	fprintf(out, "\nSummary\n");
	fprintf(out, "Direct reclaims:     \t\t\t%lu\n", t->direct);
	fprintf(out, "Direct reclaim pages scanned:\t\t%lu\n", t->direct_scanned);
	fprintf(out, "Direct reclaim pages reclaimed:\t\t%lu\n", t->direct_reclaimed);
	fprintf(out, "Direct reclaim write file sync I/O:\t%lu\n", t->d_file_sync);
	fprintf(out, "Direct reclaim write anon sync I/O:\t%lu\n", t->d_anon_sync);
	fprintf(out, "Direct reclaim write file async I/O:\t%lu\n", t->d_file_async);
	fprintf(out, "Direct reclaim write anon async I/O:\t%lu\n", t->d_anon_async);
	fprintf(out, "Wake kswapd requests:\t\t\t%lu\n", t->wakeup_kswapd);
	fprintf(out, "Time stalled direct reclaim: \t\t%-1.2f seconds\n",
		(double)t->direct_ns / NSEC_PER_SEC);
	fprintf(out, "\n");
	fprintf(out, "Kswapd wakeups:\t\t\t\t%lu\n", t->kswapd_wake);
	fprintf(out, "Kswapd pages scanned:\t\t\t%lu\n", t->kswapd_scanned);
	fprintf(out, "Kswapd pages reclaimed:\t\t\t%lu\n", t->kswapd_reclaimed);
	fprintf(out, "Kswapd reclaim write file sync I/O:\t%lu\n", t->k_file_sync);
	fprintf(out, "Kswapd reclaim write anon sync I/O:\t%lu\n", t->k_anon_sync);
	fprintf(out, "Kswapd reclaim write file async I/O:\t%lu\n", t->k_file_async);
	fprintf(out, "Kswapd reclaim write anon async I/O:\t%lu\n", t->k_anon_async);
	fprintf(out, "Time kswapd awake:\t\t\t%-1.2f seconds\n",
		(double)t->kswapd_ns / NSEC_PER_SEC);
}

/* Not in the kernel script: MMTests reports these beside it. */
static void print_congestion(FILE *out, const struct proc_table *t,
			     struct reclaim_totals *tot)
{
	static const char *const who[2] = { "kswapd", "others" };

	for (size_t i = 0; i < t->nr; i++) {
		const struct proc *p = &t->procs[i];
		int k = is_kswapd(p) ? 0 : 1;

		tot->cw_calls[k] += p->cw_calls;
		tot->cw_full[k] += p->cw_full;
		tot->cw_us[k] += p->cw_delayed_us;
	}
	fprintf(out, "\n%-16s %8s %12s %12s\n", "congestion_wait", "Number",
		"Time(ms)", "FullTimeout");
	for (int k = 0; k < 2; k++)
		fprintf(out, "%-16s %8lu %12.3f %12lu\n", who[k], tot->cw_calls[k],
			(double)tot->cw_us[k] / 1000.0, tot->cw_full[k]);
}

int postprocess_reclaim(struct trace_record_source *src,
			const struct postprocess_opts *opts,
			FILE *out, char *err, size_t errlen)
{
	struct proc_table t = {
		.ignore_pid = opts && opts->ignore_pid,
		/* The limits of the counters they bound (struct proc's,
		 * struct reclaim_totals'). */
		.sum_scanned.limit = ULONG_MAX,
		.sum_reclaimed.limit = ULONG_MAX,
		.sum_contig_dirty.limit = ULONG_MAX,
		.sum_cw_us.limit = ULLONG_MAX,
		.sum_latency_ns.limit = UINT64_MAX,
	};
	struct reclaim_totals tot = { 0 };
	int w;

	if (read_all(src, &t, account_reclaim, err, errlen)) {
		table_free(&t);
		return -1;
	}
	table_sort(&t);
	w = max_name(&t);
	for (size_t i = 0; i < t.nr; i++)
		tot.wakeup_kswapd += t.procs[i].wakeup_kswapd;
	print_latencies(out, &t, w, &tot);
	print_direct_table(out, &t, w, &tot);
	print_kswapd_table(out, &t, w, &tot);
	print_summary(out, &tot);
	print_congestion(out, &t, &tot);
	table_free(&t);
	return 0;
}

/* ---- page allocation ---------------------------------------------------- */

static int account_pagealloc(struct proc_table *t, struct proc *p,
			     const struct trace_record *rec)
{
	(void)t;
	enum trace_event_id id = rec->desc ? rec->entry.id : NR_TRACE_EVENTS;
	const struct trace_entry *e = &rec->entry;

	switch (id) {
	case TRACE_MM_PAGE_ALLOC:
		p->alloc++;
		break;
	case TRACE_MM_PAGE_FREE_DIRECT:
		p->free_direct++;
		break;
	case TRACE_MM_PAGEVEC_FREE:
		p->free_pagevec++;
		break;
	case TRACE_MM_PAGE_PCPU_DRAIN:
		p->pcpu_drain++;
		p->draining = true;
		break;
	case TRACE_MM_PAGE_ALLOC_ZONE_LOCKED:
		p->alloc_locked++;
		p->refilling = true;
		break;
	case TRACE_MM_PAGE_ALLOC_EXTFRAG:
		p->extfrag++;
		if (e->mm_page_alloc_extfrag.fragmenting) {
			p->frag_causing++;
			/* Falling back with a small block mixes types in a
			 * pageblock for longest. */
			if (e->mm_page_alloc_extfrag.fallback_order <= 3)
				p->frag_severe++;
			else
				p->frag_moderate++;
		}
		if (e->mm_page_alloc_extfrag.change_ownership)
			p->frag_changed++;
		break;
	default:
		p->unknown++;
		break;
	}
	/* A run of drain (refill) events ends at the process's next other
	 * event: one drain (refill) each. */
	if (p->draining && id != TRACE_MM_PAGE_PCPU_DRAIN) {
		p->drains++;
		p->draining = false;
	}
	if (p->refilling && id != TRACE_MM_PAGE_ALLOC_ZONE_LOCKED) {
		p->refills++;
		p->refilling = false;
	}
	return 0;
}

/*
 * --ignore-pid as trace-pagealloc-postprocess.pl does it (v2.6.32-rc6
 * Documentation/trace/postprocess/trace-pagealloc-postprocess.pl,
 * aggregate_perprocesspid()): every process keeps its own drain and refill
 * runs, and only its finished counts are summed by name, so interleaved
 * processes of one name (six gitk) do not end each other's runs, and a
 * run still open at the end of the trace is not counted (the script sums
 * HIGH_PCPU_DRAINS but not the STATE_ it bumps at the end, and
 * dump_stats() finds no STATE_ in the sums).  The name is COMM, or
 * NO_PROCESS_NAME for none.
 */
static int merge_by_name(struct proc_table *t, struct proc_table *by_name)
{
	for (size_t i = 0; i < t->nr; i++) {
		const struct proc *p = &t->procs[i];
		struct trace_record rec;
		struct proc *q;

		memset(&rec, 0, sizeof(rec));
		snprintf(rec.comm, sizeof(rec.comm), "%s", p->comm);
		q = proc_get(by_name, &rec);
		if (!q)
			return -1;
		q->alloc += p->alloc;
		q->alloc_locked += p->alloc_locked;
		q->free_direct += p->free_direct;
		q->free_pagevec += p->free_pagevec;
		q->pcpu_drain += p->pcpu_drain;
		q->drains += p->drains;
		q->refills += p->refills;
		q->extfrag += p->extfrag;
		q->frag_causing += p->frag_causing;
		q->frag_changed += p->frag_changed;
		q->frag_severe += p->frag_severe;
		q->frag_moderate += p->frag_moderate;
		q->unknown += p->unknown;
	}
	return 0;
}

int postprocess_pagealloc(struct trace_record_source *src,
			  const struct postprocess_opts *opts,
			  FILE *out, char *err, size_t errlen)
{
	/* Per pid always: --ignore-pid merges at the end. */
	struct proc_table per_pid = { 0 }, by_name = { .ignore_pid = true };
	struct proc_table *tp = &per_pid;
	const char *hdr = "%-*s %8s %10s   %8s %8s   %8s %8s %8s   %8s %8s %8s %8s %8s %8s\n";
	bool merged = opts && opts->ignore_pid;
	int w;

	if (read_all(src, &per_pid, account_pagealloc, err, errlen)) {
		table_free(&per_pid);
		return -1;
	}
	if (merged) {
		if (merge_by_name(&per_pid, &by_name)) {
			snprintf(err, errlen, "%s: out of memory", src->name);
			table_free(&per_pid);
			table_free(&by_name);
			return -1;
		}
		tp = &by_name;
	}
	struct proc_table t = *tp;

	table_sort(&t);
	w = max_name(&t);
	fprintf(out, "\n");
	fprintf(out, hdr, w, "Process", "Pages", "Pages", "Pages", "Pages", "PCPU",
		"PCPU", "PCPU", "Fragment", "Fragment", "MigType", "Fragment",
		"Fragment", "Unknown");
	fprintf(out, hdr, w, "details", "allocd", "allocd", "freed", "freed",
		"pages", "drains", "refills", "Fallback", "Causing", "Changed",
		"Severe", "Moderate", "");
	fprintf(out, hdr, w, "", "", "under lock", "direct", "pagevec", "drain",
		"", "", "", "", "", "", "", "");
	for (size_t i = 0; i < t.nr; i++) {
		struct proc *p = &t.procs[i];

		/* Runs still open at the end of the trace count too, per
		 * process (merged by name, they were dropped above). */
		p->drains += p->draining;
		p->refills += p->refilling;
		fprintf(out, "%-*s %8lu %10lu   %8lu %8lu   %8lu %8lu %8lu   %8lu %8lu %8lu %8lu %8lu %8lu\n",
			w, p->name, p->alloc, p->alloc_locked, p->free_direct,
			p->free_pagevec, p->pcpu_drain, p->drains, p->refills,
			p->extfrag, p->frag_causing, p->frag_changed,
			p->frag_severe, p->frag_moderate, p->unknown);
	}
	table_free(&per_pid);
	if (merged)
		table_free(&by_name);
	return 0;
}
