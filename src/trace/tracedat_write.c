// SPDX-License-Identifier: GPL-2.0
/*
 * trace.dat, version 6, written directly: see tracedat_write.h and
 * docs/trace.md ("Writing trace.dat") for the layout.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "tracedat_write.h"
#include "linux/gfp.h"
#include "util/xalloc.h"

#define DAT_PAGE_SIZE	4096
/* Ring-buffer event header (2.6.32 kernel/trace/ring_buffer.c). */
#define RB_TYPE_LEN_MAX		28	/* data of type_len * 4 bytes */
#define RB_TYPE_TIME_EXTEND	30
#define RB_DELTA_BITS		27
/* struct trace_entry's common_flags (2.6.32 kernel/trace/trace.h). */
#define TRACE_FLAG_IRQS_OFF	0x01
#define TRACE_FLAG_SOFTIRQ	0x10

/* ---- the event formats -------------------------------------------------- */

enum field_kind { K_INT, K_UINT, K_LONG, K_ULONG, K_PTR, K_GFP };

struct dat_field {
	const char *type;		/* as the format file names it */
	const char *name;
	enum field_kind kind;
};

#define MAX_FIELDS 8

struct dat_event {
	int id;				/* the format file's ID: */
	struct dat_field fields[MAX_FIELDS];
	/* The print fmt; "%G" stands for show_gfp_flags(REC->gfp_flags),
	 * "%R" for show_reclaim_flags(REC->reclaim_flags), "%P" for the
	 * value of pageblock_order. */
	const char *print_fmt;
};

/*
 * IDs: the kernel numbers events as it registers them at boot; these
 * follow its order within each system, from 300 for kmem, 400 for vmscan
 * and 500 for writeback, clear of the ftrace-internal ones.
 */
static const struct dat_event dat_events[NR_TRACE_EVENTS] = {
	[TRACE_MM_PAGE_ALLOC] = { 301, {
		{ "struct page *", "page", K_PTR },
		{ "unsigned int", "order", K_UINT },
		{ "gfp_t", "gfp_flags", K_GFP },
		{ "int", "migratetype", K_INT } },
		"\"page=%p pfn=%lu order=%d migratetype=%d gfp_flags=%s\", "
		"REC->page, page_to_pfn(REC->page), REC->order, "
		"REC->migratetype, %G" },
	[TRACE_MM_PAGE_ALLOC_ZONE_LOCKED] = { 302, {
		{ "struct page *", "page", K_PTR },
		{ "unsigned int", "order", K_UINT },
		{ "int", "migratetype", K_INT } },
		"\"page=%p pfn=%lu order=%u migratetype=%d percpu_refill=%d\", "
		"REC->page, page_to_pfn(REC->page), REC->order, "
		"REC->migratetype, REC->order == 0" },
	[TRACE_MM_PAGE_FREE_DIRECT] = { 298, {
		{ "struct page *", "page", K_PTR },
		{ "unsigned int", "order", K_UINT } },
		"\"page=%p pfn=%lu order=%d\", REC->page, "
		"page_to_pfn(REC->page), REC->order" },
	[TRACE_MM_PAGEVEC_FREE] = { 299, {
		{ "struct page *", "page", K_PTR },
		{ "int", "cold", K_INT } },
		"\"page=%p pfn=%lu order=0 cold=%d\", REC->page, "
		"page_to_pfn(REC->page), REC->cold" },
	[TRACE_MM_PAGE_PCPU_DRAIN] = { 303, {
		{ "struct page *", "page", K_PTR },
		{ "int", "order", K_INT },
		{ "int", "migratetype", K_INT } },
		"\"page=%p pfn=%lu order=%d migratetype=%d\", REC->page, "
		"page_to_pfn(REC->page), REC->order, REC->migratetype" },
	[TRACE_MM_PAGE_ALLOC_EXTFRAG] = { 304, {
		{ "struct page *", "page", K_PTR },
		{ "int", "alloc_order", K_INT },
		{ "int", "fallback_order", K_INT },
		{ "int", "alloc_migratetype", K_INT },
		{ "int", "fallback_migratetype", K_INT } },
		"\"page=%p pfn=%lu alloc_order=%d fallback_order=%d "
		"pageblock_order=%d alloc_migratetype=%d fallback_migratetype=%d "
		"fragmenting=%d change_ownership=%d\", REC->page, "
		"page_to_pfn(REC->page), REC->alloc_order, REC->fallback_order, "
		"%P, REC->alloc_migratetype, REC->fallback_migratetype, "
		"REC->fallback_order < %P, "
		"REC->alloc_migratetype == REC->fallback_migratetype" },
	[TRACE_MM_VMSCAN_KSWAPD_SLEEP] = { 401, {
		{ "int", "nid", K_INT } },
		"\"nid=%d\", REC->nid" },
	[TRACE_MM_VMSCAN_KSWAPD_WAKE] = { 402, {
		{ "int", "nid", K_INT },
		{ "int", "order", K_INT } },
		"\"nid=%d order=%d\", REC->nid, REC->order" },
	[TRACE_MM_VMSCAN_WAKEUP_KSWAPD] = { 403, {
		{ "int", "nid", K_INT },
		{ "int", "zid", K_INT },
		{ "int", "order", K_INT } },
		"\"nid=%d zid=%d order=%d\", REC->nid, REC->zid, REC->order" },
	[TRACE_MM_VMSCAN_DIRECT_RECLAIM_BEGIN] = { 404, {
		{ "int", "order", K_INT },
		{ "int", "may_writepage", K_INT },
		{ "gfp_t", "gfp_flags", K_GFP } },
		"\"order=%d may_writepage=%d gfp_flags=%s\", REC->order, "
		"REC->may_writepage, %G" },
	[TRACE_MM_VMSCAN_DIRECT_RECLAIM_END] = { 405, {
		{ "unsigned long", "nr_reclaimed", K_ULONG } },
		"\"nr_reclaimed=%lu\", REC->nr_reclaimed" },
	[TRACE_MM_VMSCAN_LRU_ISOLATE] = { 406, {
		{ "int", "order", K_INT },
		{ "unsigned long", "nr_requested", K_ULONG },
		{ "unsigned long", "nr_scanned", K_ULONG },
		{ "unsigned long", "nr_taken", K_ULONG },
		{ "unsigned long", "nr_lumpy_taken", K_ULONG },
		{ "unsigned long", "nr_lumpy_dirty", K_ULONG },
		{ "unsigned long", "nr_lumpy_failed", K_ULONG },
		{ "int", "isolate_mode", K_INT } },
		"\"isolate_mode=%d order=%d nr_requested=%lu nr_scanned=%lu "
		"nr_taken=%lu contig_taken=%lu contig_dirty=%lu "
		"contig_failed=%lu\", REC->isolate_mode, REC->order, "
		"REC->nr_requested, REC->nr_scanned, REC->nr_taken, "
		"REC->nr_lumpy_taken, REC->nr_lumpy_dirty, REC->nr_lumpy_failed" },
	[TRACE_MM_VMSCAN_WRITEPAGE] = { 407, {
		{ "struct page *", "page", K_PTR },
		{ "int", "reclaim_flags", K_INT } },
		"\"page=%p pfn=%lu flags=%s\", REC->page, "
		"page_to_pfn(REC->page), %R" },
	[TRACE_MM_VMSCAN_LRU_SHRINK_INACTIVE] = { 408, {
		{ "int", "nid", K_INT },
		{ "int", "zid", K_INT },
		{ "unsigned long", "nr_scanned", K_ULONG },
		{ "unsigned long", "nr_reclaimed", K_ULONG },
		{ "int", "priority", K_INT },
		{ "int", "reclaim_flags", K_INT } },
		"\"nid=%d zid=%d nr_scanned=%ld nr_reclaimed=%ld priority=%d "
		"flags=%s\", REC->nid, REC->zid, REC->nr_scanned, "
		"REC->nr_reclaimed, REC->priority, %R" },
	[TRACE_WRITEBACK_CONGESTION_WAIT] = { 501, {
		{ "unsigned int", "usec_timeout", K_UINT },
		{ "unsigned int", "usec_delayed", K_UINT } },
		"\"usec_timeout=%u usec_delayed=%u\", REC->usec_timeout, "
		"REC->usec_delayed" },
};

static unsigned int field_size(enum field_kind k, const struct tracedat_arch *a)
{
	return k == K_LONG || k == K_ULONG || k == K_PTR ? a->long_size : 4;
}

/* struct trace_entry: type, flags, preempt_count, pid, lock_depth. */
#define COMMON_SIZE 12

/* Offsets of the fields (natural alignment after the common part);
 * returns the record's size. */
static unsigned int layout(const struct dat_event *ev,
			   const struct tracedat_arch *a, unsigned int *offset)
{
	unsigned int off = COMMON_SIZE;

	for (int i = 0; i < MAX_FIELDS && ev->fields[i].name; i++) {
		unsigned int sz = field_size(ev->fields[i].kind, a);

		off = (off + sz - 1) / sz * sz;
		offset[i] = off;
		off += sz;
	}
	return off;
}

struct text {
	char *buf;
	size_t len;
	FILE *f;
};

static void text_open(struct text *t)
{
	t->buf = NULL;
	t->len = 0;
	t->f = xopen_memstream(&t->buf, &t->len);
}

static char *text_close(struct text *t)
{
	fclose(t->f);
	return t->buf;
}

static void print_gfp_flags(FILE *f)
{
	const char *name;
	gfp_t mask;

	/* show_gfp_flags() of 2.6.32 include/trace/events/kmem.h; the
	 * kernel's file has the macros' expansions, folded here. */
	fputs("(REC->gfp_flags) ? __print_flags(REC->gfp_flags, \"|\"", f);
	for (size_t i = 0; gfp_flag_name(i, &mask, &name); i++)
		fprintf(f, ", {(unsigned long)0x%x, \"%s\"}", (unsigned int)mask, name);
	fputs(") : \"GFP_NOWAIT\"", f);
}

static void print_reclaim_flags(FILE *f)
{
	/* show_reclaim_flags() of 2.6.37 include/trace/events/vmscan.h. */
	fprintf(f, "(REC->reclaim_flags) ? __print_flags(REC->reclaim_flags, \"|\", "
		"{0x%x, \"RECLAIM_WB_ANON\"}, {0x%x, \"RECLAIM_WB_FILE\"}, "
		"{0x%x, \"RECLAIM_WB_MIXED\"}, {0x%x, \"RECLAIM_WB_SYNC\"}, "
		"{0x%x, \"RECLAIM_WB_ASYNC\"}) : \"RECLAIM_WB_NONE\"",
		RECLAIM_WB_ANON, RECLAIM_WB_FILE, RECLAIM_WB_MIXED,
		RECLAIM_WB_SYNC, RECLAIM_WB_ASYNC);
}

static char *event_format(enum trace_event_id id, const struct tracedat_arch *a,
			  unsigned int pageblock_order)
{
	const struct dat_event *ev = &dat_events[id];
	unsigned int offset[MAX_FIELDS];
	struct text t;

	layout(ev, a, offset);
	text_open(&t);
	/* 2.6.32 kernel/trace/trace_events.c event_format_read() and
	 * trace_write_header(): no "signed:" column yet (2.6.33). */
	fprintf(t.f, "name: %s\nID: %d\nformat:\n", ftrace_events[id].name, ev->id);
	fputs("\tfield:unsigned short common_type;\toffset:0;\tsize:2;\n"
	      "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\n"
	      "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\n"
	      "\tfield:int common_pid;\toffset:4;\tsize:4;\n"
	      "\tfield:int common_lock_depth;\toffset:8;\tsize:4;\n\n", t.f);
	for (int i = 0; i < MAX_FIELDS && ev->fields[i].name; i++)
		fprintf(t.f, "\tfield:%s %s;\toffset:%u;\tsize:%u;\n",
			ev->fields[i].type, ev->fields[i].name, offset[i],
			field_size(ev->fields[i].kind, a));
	fputs("\nprint fmt: ", t.f);
	for (const char *p = ev->print_fmt; *p; p++) {
		if (p[0] == '%' && p[1] == 'G') {
			print_gfp_flags(t.f);
			p++;
		} else if (p[0] == '%' && p[1] == 'R') {
			print_reclaim_flags(t.f);
			p++;
		} else if (p[0] == '%' && p[1] == 'P') {
			fprintf(t.f, "%u", pageblock_order);
			p++;
		} else {
			fputc(*p, t.f);
		}
	}
	fputc('\n', t.f);
	return text_close(&t);
}

char *tracedat_event_format(enum trace_event_id id,
			    const struct tracedat_arch *arch)
{
	return event_format(id, arch, arch->pageblock_order);
}

/* ---- records -------------------------------------------------------------- */

/* The fields' values of @e, in the format's order. */
static void event_values(const struct trace_entry *e,
			 const struct tracedat_arch *a, uint64_t *v)
{
	/* A failed allocation records a NULL page. */
#define PAGE(pfn) ((pfn) == -1UL ? 0 : \
		   a->mem_map + (uint64_t)(pfn) * a->struct_page_size)
	switch (e->id) {
	case TRACE_MM_PAGE_ALLOC:
		v[0] = PAGE(e->mm_page_alloc.pfn);
		v[1] = e->mm_page_alloc.order;
		v[2] = e->mm_page_alloc.gfp_flags;
		v[3] = (uint64_t)e->mm_page_alloc.migratetype;
		break;
	case TRACE_MM_PAGE_ALLOC_ZONE_LOCKED:
		v[0] = PAGE(e->mm_page_alloc_zone_locked.pfn);
		v[1] = e->mm_page_alloc_zone_locked.order;
		v[2] = (uint64_t)e->mm_page_alloc_zone_locked.migratetype;
		break;
	case TRACE_MM_PAGE_FREE_DIRECT:
		v[0] = PAGE(e->mm_page_free_direct.pfn);
		v[1] = e->mm_page_free_direct.order;
		break;
	case TRACE_MM_PAGEVEC_FREE:
		v[0] = PAGE(e->mm_pagevec_free.pfn);
		v[1] = (uint64_t)e->mm_pagevec_free.cold;
		break;
	case TRACE_MM_PAGE_PCPU_DRAIN:
		v[0] = PAGE(e->mm_page_pcpu_drain.pfn);
		v[1] = e->mm_page_pcpu_drain.order;
		v[2] = (uint64_t)e->mm_page_pcpu_drain.migratetype;
		break;
	case TRACE_MM_PAGE_ALLOC_EXTFRAG:
		v[0] = PAGE(e->mm_page_alloc_extfrag.pfn);
		v[1] = (uint64_t)e->mm_page_alloc_extfrag.alloc_order;
		v[2] = (uint64_t)e->mm_page_alloc_extfrag.fallback_order;
		v[3] = (uint64_t)e->mm_page_alloc_extfrag.alloc_migratetype;
		v[4] = (uint64_t)e->mm_page_alloc_extfrag.fallback_migratetype;
		break;
	case TRACE_MM_VMSCAN_KSWAPD_SLEEP:
		v[0] = (uint64_t)e->mm_vmscan_kswapd_sleep.nid;
		break;
	case TRACE_MM_VMSCAN_KSWAPD_WAKE:
		v[0] = (uint64_t)e->mm_vmscan_kswapd_wake.nid;
		v[1] = (uint64_t)e->mm_vmscan_kswapd_wake.order;
		break;
	case TRACE_MM_VMSCAN_WAKEUP_KSWAPD:
		v[0] = (uint64_t)e->mm_vmscan_wakeup_kswapd.nid;
		v[1] = (uint64_t)e->mm_vmscan_wakeup_kswapd.zid;
		v[2] = (uint64_t)e->mm_vmscan_wakeup_kswapd.order;
		break;
	case TRACE_MM_VMSCAN_DIRECT_RECLAIM_BEGIN:
		v[0] = (uint64_t)e->mm_vmscan_direct_reclaim_begin.order;
		v[1] = (uint64_t)e->mm_vmscan_direct_reclaim_begin.may_writepage;
		v[2] = e->mm_vmscan_direct_reclaim_begin.gfp_flags;
		break;
	case TRACE_MM_VMSCAN_DIRECT_RECLAIM_END:
		v[0] = e->mm_vmscan_direct_reclaim_end.nr_reclaimed;
		break;
	case TRACE_MM_VMSCAN_LRU_ISOLATE:
		v[0] = (uint64_t)e->mm_vmscan_lru_isolate.order;
		v[1] = e->mm_vmscan_lru_isolate.nr_requested;
		v[2] = e->mm_vmscan_lru_isolate.nr_scanned;
		v[3] = e->mm_vmscan_lru_isolate.nr_taken;
		v[4] = e->mm_vmscan_lru_isolate.contig_taken;
		v[5] = e->mm_vmscan_lru_isolate.contig_dirty;
		v[6] = e->mm_vmscan_lru_isolate.contig_failed;
		v[7] = (uint64_t)e->mm_vmscan_lru_isolate.isolate_mode;
		break;
	case TRACE_MM_VMSCAN_WRITEPAGE:
		v[0] = PAGE(e->mm_vmscan_writepage.pfn);
		v[1] = e->mm_vmscan_writepage.reclaim_flags;
		break;
	case TRACE_MM_VMSCAN_LRU_SHRINK_INACTIVE:
		v[0] = (uint64_t)e->mm_vmscan_lru_shrink_inactive.nid;
		v[1] = (uint64_t)e->mm_vmscan_lru_shrink_inactive.zid;
		v[2] = e->mm_vmscan_lru_shrink_inactive.nr_scanned;
		v[3] = e->mm_vmscan_lru_shrink_inactive.nr_reclaimed;
		v[4] = (uint64_t)e->mm_vmscan_lru_shrink_inactive.priority;
		v[5] = e->mm_vmscan_lru_shrink_inactive.reclaim_flags;
		break;
	case TRACE_WRITEBACK_CONGESTION_WAIT:
		v[0] = e->writeback_congestion_wait.usec_timeout;
		v[1] = e->writeback_congestion_wait.usec_delayed;
		break;
	case NR_TRACE_EVENTS:
		break;
	}
#undef PAGE
}

/* Little-endian stores: the file says "little endian", whatever the host. */
static void put_le(unsigned char *p, uint64_t v, unsigned int size)
{
	for (unsigned int i = 0; i < size; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

struct cpu_buffer {
	FILE *tmp;			/* full pages, in order */
	unsigned char page[DAT_PAGE_SIZE];
	size_t used;			/* bytes of the page's data area */
	bool open;			/* the page has a timestamp */
	uint64_t last_ts;
	uint64_t nr_pages;
};

struct tracedat_writer {
	FILE *out;
	struct tracedat_arch arch;
	uint64_t events;
	uint64_t written;		/* bytes of the file so far */
	unsigned int data_offset;	/* timestamp + commit */
	struct cpu_buffer *cpus;
	int nr_cpus;
	char (*comms)[16];		/* by pid; "" unknown */
	int nr_comms;
	unsigned long records;
	bool failed;
	int scratch_err;		/* first errno of a per-CPU scratch file */
};

struct tracedat_writer *tracedat_writer_open(FILE *out,
					     const struct tracedat_arch *arch,
					     uint64_t events, char *err,
					     size_t errlen)
{
	struct tracedat_writer *w = xcalloc(1, sizeof(*w));

	w->out = out;
	w->arch = *arch;
	w->events = events ? events : FTRACE_ALL_EVENTS;
	w->data_offset = 8 + arch->long_size;
	(void)err;
	(void)errlen;
	return w;
}

static struct cpu_buffer *cpu_buffer(struct tracedat_writer *w, int cpu)
{
	if (cpu >= w->nr_cpus) {
		int n = cpu + 1;

		w->cpus = xrealloc(w->cpus, (size_t)n * sizeof(*w->cpus));
		memset(w->cpus + w->nr_cpus, 0,
		       (size_t)(n - w->nr_cpus) * sizeof(*w->cpus));
		w->nr_cpus = n;
	}
	return &w->cpus[cpu];
}

/* A scratch file could not be made, written or read back: the trace is
 * incomplete whatever the output stream says, so the reason is kept. */
static void scratch_failed(struct tracedat_writer *w, int err)
{
	if (!w->scratch_err)
		w->scratch_err = err ? err : EIO;
	w->failed = true;
}

/* The page is done: its commit (bytes of data) goes in, it goes out. */
static void flush_page(struct tracedat_writer *w, struct cpu_buffer *c)
{
	if (!c->open)
		return;
	if (!c->tmp && !(c->tmp = tmpfile()))
		scratch_failed(w, errno);
	put_le(c->page + 8, c->used, w->arch.long_size);
	if (c->tmp && fwrite(c->page, DAT_PAGE_SIZE, 1, c->tmp) != 1)
		scratch_failed(w, errno);
	c->nr_pages++;
	memset(c->page, 0, sizeof(c->page));
	c->used = 0;
	c->open = false;
}

static void put_header(struct cpu_buffer *c, unsigned int off,
		       unsigned int type_len, uint64_t delta)
{
	put_le(c->page + off, type_len | (delta << 5), 4);
}

void tracedat_writer_add(struct tracedat_writer *w,
			 const struct trace_entry *e, const char *comm)
{
	const struct dat_event *ev;
	unsigned int offset[MAX_FIELDS], size, len, need;
	struct cpu_buffer *c;
	uint64_t v[MAX_FIELDS] = { 0 }, delta;
	unsigned char *rec;

	if ((unsigned int)e->id >= NR_TRACE_EVENTS ||
	    !(w->events & (UINT64_C(1) << e->id)) || e->cpu < 0)
		return;
	ev = &dat_events[e->id];
	size = layout(ev, &w->arch, offset);
	len = (size + 3) & ~3u;
	c = cpu_buffer(w, e->cpu);
	delta = c->open ? e->ts - c->last_ts : 0;
	/* Header, data, and a time extend if the delta needs one. */
	need = 4 + len + (delta >> RB_DELTA_BITS ? 8 : 0);
	if (c->open && w->data_offset + c->used + need > DAT_PAGE_SIZE) {
		flush_page(w, c);
		delta = 0;
	}
	if (!c->open) {
		put_le(c->page, e->ts, 8);
		c->open = true;
		delta = 0;
	}
	if (delta >> RB_DELTA_BITS) {
		/* rb_add_time_stamp(): the low 27 bits in the header, the
		 * rest in the next word. */
		unsigned int off = w->data_offset + (unsigned int)c->used;

		put_header(c, off, RB_TYPE_TIME_EXTEND,
			   delta & ((1u << RB_DELTA_BITS) - 1));
		put_le(c->page + off + 4, delta >> RB_DELTA_BITS, 4);
		c->used += 8;
		delta = 0;
	}
	put_header(c, w->data_offset + (unsigned int)c->used, len / 4, delta);
	rec = c->page + w->data_offset + c->used + 4;
	put_le(rec, (uint64_t)ev->id, 2);
	rec[2] = e->in_irq ? TRACE_FLAG_IRQS_OFF | TRACE_FLAG_SOFTIRQ : 0;
	rec[3] = 0;
	put_le(rec + 4, (uint64_t)(int64_t)e->pid, 4);
	put_le(rec + 8, (uint64_t)-1, 4);	/* lock_depth: no BKL held */
	event_values(e, &w->arch, v);
	for (int i = 0; i < MAX_FIELDS && ev->fields[i].name; i++)
		put_le(rec + offset[i], v[i], field_size(ev->fields[i].kind, &w->arch));
	c->used += 4 + len;
	c->last_ts = e->ts;
	w->records++;

	if (e->pid >= 0 && comm) {
		if (e->pid >= w->nr_comms) {
			int n = e->pid + 64;

			w->comms = xrealloc(w->comms, (size_t)n * sizeof(*w->comms));
			memset(w->comms + w->nr_comms, 0,
			       (size_t)(n - w->nr_comms) * sizeof(*w->comms));
			w->nr_comms = n;
		}
		if (!w->comms[e->pid][0])
			snprintf(w->comms[e->pid], sizeof(w->comms[e->pid]), "%s", comm);
	}
}

unsigned long tracedat_writer_records(const struct tracedat_writer *w)
{
	return w->records;
}

/* ---- the file ------------------------------------------------------------- */

static void put_bytes(struct tracedat_writer *w, const void *p, size_t n)
{
	if (n && fwrite(p, 1, n, w->out) != n)
		w->failed = true;
	w->written += n;
}

static void put_int(struct tracedat_writer *w, uint64_t v, unsigned int size)
{
	unsigned char b[8];

	put_le(b, v, size);
	put_bytes(w, b, size);
}

/* A size-prefixed text: header_page, header_event, a format, cmdlines. */
static void put_sized(struct tracedat_writer *w, const char *text,
		      unsigned int size_bytes)
{
	put_int(w, strlen(text), size_bytes);
	put_bytes(w, text, strlen(text));
}

static void write_headers(struct tracedat_writer *w)
{
	static const char *const systems[] = { "kmem", "vmscan", "writeback" };
	unsigned int ls = w->arch.long_size;
	struct text t;
	char *s;

	/* Magic, "tracing", the version as text, endianness, long size,
	 * page size. */
	put_bytes(w, "\x17\x08\x44tracing6", 11);
	put_bytes(w, "", 1);
	put_int(w, 0, 1);		/* little endian */
	put_int(w, ls, 1);
	put_int(w, DAT_PAGE_SIZE, 4);

	/* The ring buffer's page and event headers, as 2.6.32's
	 * ring_buffer_print_page_header() and
	 * ring_buffer_print_entry_header() print them. */
	text_open(&t);
	fprintf(t.f, "\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
		"\tfield: local_t commit;\toffset:8;\tsize:%u;\tsigned:1;\n"
		"\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
		"\tfield: char data;\toffset:%u;\tsize:%u;\tsigned:1;\n",
		ls, w->data_offset, DAT_PAGE_SIZE - w->data_offset);
	s = text_close(&t);
	put_bytes(w, "header_page", 12);
	put_sized(w, s, 8);
	free(s);
	put_bytes(w, "header_event", 13);
	put_sized(w, "# compressed entry header\n"
		  "\ttype_len    :    5 bits\n"
		  "\ttime_delta  :   27 bits\n"
		  "\tarray       :   32 bits\n"
		  "\n"
		  "\tpadding     : type == 29\n"
		  "\ttime_extend : type == 30\n"
		  "\tdata max type_len  == 28\n", 8);

	/* No ftrace-internal formats; the event systems, each with the
	 * formats of its selected events. */
	put_int(w, 0, 4);
	{
		unsigned int nr_systems = 0;

		for (size_t s_i = 0; s_i < 3; s_i++)
			for (int i = 0; i < NR_TRACE_EVENTS; i++)
				if (!strcmp(ftrace_events[i].system, systems[s_i]) &&
				    (w->events & (UINT64_C(1) << i))) {
					nr_systems++;
					break;
				}
		put_int(w, nr_systems, 4);
	}
	for (size_t s_i = 0; s_i < 3; s_i++) {
		unsigned int n = 0;

		for (int i = 0; i < NR_TRACE_EVENTS; i++)
			n += !strcmp(ftrace_events[i].system, systems[s_i]) &&
			     (w->events & (UINT64_C(1) << i));
		if (!n)
			continue;
		put_bytes(w, systems[s_i], strlen(systems[s_i]) + 1);
		put_int(w, n, 4);
		for (int i = 0; i < NR_TRACE_EVENTS; i++) {
			if (strcmp(ftrace_events[i].system, systems[s_i]) ||
			    !(w->events & (UINT64_C(1) << i)))
				continue;
			s = event_format((enum trace_event_id)i, &w->arch,
					 w->arch.pageblock_order);
			put_sized(w, s, 8);
			free(s);
		}
	}
	put_int(w, 0, 4);		/* kallsyms */
	put_int(w, 0, 4);		/* printk formats */

	/* saved_cmdlines: "PID COMM" per line. */
	text_open(&t);
	for (int pid = 1; pid < w->nr_comms; pid++)
		if (w->comms[pid][0])
			fprintf(t.f, "%d %s\n", pid, w->comms[pid]);
	s = text_close(&t);
	put_sized(w, s, 8);
	free(s);
}

int tracedat_writer_close(struct tracedat_writer *w, char *why, size_t len)
{
	unsigned char page[DAT_PAGE_SIZE];
	uint64_t pos, data_start;
	int nr_cpus;
	int rc;

	for (int cpu = 0; cpu < w->nr_cpus; cpu++)
		flush_page(w, &w->cpus[cpu]);
	nr_cpus = w->nr_cpus ? w->nr_cpus : 1;
	write_headers(w);
	put_int(w, (uint64_t)nr_cpus, 4);
	put_bytes(w, "options  ", 10);
	put_int(w, 0, 2);		/* no options */
	put_bytes(w, "flyrecord", 10);
	/* Each CPU's offset and size; the data starts page-aligned. */
	pos = w->written;
	data_start = (pos + 16u * (unsigned int)nr_cpus + DAT_PAGE_SIZE - 1) /
		     DAT_PAGE_SIZE * DAT_PAGE_SIZE;
	{
		uint64_t off = data_start;

		for (int cpu = 0; cpu < nr_cpus; cpu++) {
			uint64_t size = cpu < w->nr_cpus ?
				w->cpus[cpu].nr_pages * DAT_PAGE_SIZE : 0;

			put_int(w, off, 8);
			put_int(w, size, 8);
			off += size;
		}
	}
	memset(page, 0, sizeof(page));
	put_bytes(w, page, (size_t)(data_start - pos - 16u * (unsigned int)nr_cpus));
	for (int cpu = 0; cpu < w->nr_cpus; cpu++) {
		struct cpu_buffer *c = &w->cpus[cpu];

		if (!c->tmp)
			continue;
		/* The last pages' write fails here when TMPDIR is full. */
		if (fflush(c->tmp))
			scratch_failed(w, errno);
		rewind(c->tmp);
		for (uint64_t p = 0; !w->scratch_err && p < c->nr_pages; p++) {
			if (fread(page, DAT_PAGE_SIZE, 1, c->tmp) != 1) {
				scratch_failed(w, ferror(c->tmp) ? errno : EIO);
				break;
			}
			put_bytes(w, page, DAT_PAGE_SIZE);
		}
		fclose(c->tmp);
	}
	rc = w->failed ? -1 : 0;
	if (len)
		*why = 0;
	/* glibc's tmpfile() creates in P_tmpdir whatever TMPDIR says. */
	if (w->scratch_err && len)
		snprintf(why, len, "its scratch file in %s: %s", P_tmpdir,
			 strerror(w->scratch_err));
	free(w->cpus);
	free(w->comms);
	free(w);
	return rc;
}
