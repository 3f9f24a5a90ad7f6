// SPDX-License-Identifier: GPL-2.0
/*
 * Trace records as ftrace text.  The field formats are the kernel's
 * TP_printk strings: kmem as in 2.6.32, vmscan and writeback as in 2.6.37
 * (see metrics/events.h for why later events appear in a .32
 * simulation); the event names are metrics/events.c's.  What is the
 * kernel's in the text (the gfp flag names, the mem_map addresses) comes
 * from the producer's struct trace_print_tables: this file reads records
 * only.
 */
#include <fnmatch.h>
#include <stdio.h>
#include <string.h>
#include "ftrace.h"

/* ---- event selection -------------------------------------------------- */

static uint64_t select_one(const char *pat)
{
	const char *colon = strchr(pat, ':');
	uint64_t mask = 0;

	if (!strcmp(pat, "all"))
		return FTRACE_ALL_EVENTS;
	for (int i = 0; i < NR_TRACE_EVENTS; i++) {
		const struct ftrace_event *ev = &ftrace_events[i];
		bool hit;

		if (colon) {
			char sys[64];
			size_t n = (size_t)(colon - pat);

			if (n >= sizeof(sys))
				return 0;
			memcpy(sys, pat, n);
			sys[n] = '\0';
			hit = !fnmatch(sys, ev->system, 0) &&
			      !fnmatch(colon + 1, ev->name, 0);
		} else {
			/* trace-cmd -e NAME: a system or an event. */
			hit = !fnmatch(pat, ev->system, 0) ||
			      !fnmatch(pat, ev->name, 0);
		}
		if (hit)
			mask |= UINT64_C(1) << i;
	}
	return mask;
}

int ftrace_select_events(const char *list, uint64_t *mask,
			 char *err, size_t errlen)
{
	char pat[128];
	const char *p = list;

	for (;;) {
		const char *end = strchr(p, ',');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		uint64_t m;

		if (n == 0 || n >= sizeof(pat)) {
			snprintf(err, errlen, "--events: empty or overlong pattern in '%s'",
				 list);
			return -1;
		}
		memcpy(pat, p, n);
		pat[n] = '\0';
		m = select_one(pat);
		if (!m) {
			snprintf(err, errlen,
				 "--events: '%s' selects no event (systems: kmem, vmscan, writeback)",
				 pat);
			return -1;
		}
		*mask |= m;
		if (!end)
			return 0;
		p = end + 1;
	}
}

/* ---- pieces of a line ------------------------------------------------- */

void ftrace_comm(const char *comm, int pid, char *out, size_t len)
{
	size_t i;

	if (!len)
		return;
	/* The idle task is "swapper" in 2.6.32; ftrace's own "<idle>"
	 * would be cut by the scripts' pattern. */
	if (pid == 0)
		comm = "swapper";
	for (i = 0; comm[i] && i + 1 < len; i++) {
		char c = comm[i];
		bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			  (c >= '0' && c <= '9') || c == '-';

		out[i] = ok ? c : '-';
	}
	if (i == 0 && len > 1)
		out[i++] = '-';
	out[i] = '\0';
}

/* The address as a long of the simulated architecture prints it: the
 * producer's mem_map (kernel trace_print_tables() says where). */
void ftrace_page_ptr(const struct trace_print_tables *t, unsigned long pfn,
		     char *out, size_t len)
{
	unsigned long long addr = t->mem_map +
		(unsigned long long)pfn * t->struct_page_size;

	if (t->long_size == 4)
		snprintf(out, len, "%08llx", addr & 0xffffffffULL);
	else
		snprintf(out, len, "%016llx", addr);
}

/* RECLAIM_WB_* as 2.6.37 include/trace/events/vmscan.h
 * show_reclaim_flags() names them. */
static const struct trace_print_flag reclaim_flag_names[] = {
	{ RECLAIM_WB_ANON, "RECLAIM_WB_ANON" },
	{ RECLAIM_WB_FILE, "RECLAIM_WB_FILE" },
	{ RECLAIM_WB_MIXED, "RECLAIM_WB_MIXED" },
	{ RECLAIM_WB_SYNC, "RECLAIM_WB_SYNC" },
	{ RECLAIM_WB_ASYNC, "RECLAIM_WB_ASYNC" },
};

static const struct trace_print_flags reclaim_flags = {
	.flags = reclaim_flag_names,
	.nr = sizeof(reclaim_flag_names) / sizeof(reclaim_flag_names[0]),
};

char *ftrace_reclaim_flags_str(unsigned int flags, char *buf, size_t len)
{
	return trace_flags_str(flags, &reclaim_flags, buf, len);
}

/* "page=%p pfn=%lu": a failed allocation has no page. */
static int page_pfn(const struct trace_print_tables *t, char *buf, size_t len,
		    unsigned long pfn)
{
	char ptr[24];

	if (pfn == -1UL)
		/* 2.6.32 prints "(null)" and page_to_pfn(NULL), a
		 * meaningless number; mmsim prints 0, as later kernels. */
		return snprintf(buf, len, "page=(null) pfn=0");
	ftrace_page_ptr(t, pfn, ptr, sizeof(ptr));
	return snprintf(buf, len, "page=%s pfn=%lu", ptr, pfn);
}

int ftrace_format_fields(const struct trace_entry *e,
			 const struct trace_print_tables *t, char *buf, size_t len)
{
	char s[160];
	int n = 0;

#define PUT(...) (n += snprintf(buf + n, (size_t)n < len ? len - (size_t)n : 0, __VA_ARGS__))
	if (len)
		buf[0] = '\0';
	switch (e->id) {
	case TRACE_MM_PAGE_ALLOC:
		n = page_pfn(t, buf, len, e->mm_page_alloc.pfn);
		PUT(" order=%d migratetype=%d gfp_flags=%s",
		    (int)e->mm_page_alloc.order, e->mm_page_alloc.migratetype,
		    trace_flags_str(e->mm_page_alloc.gfp_flags, &t->gfp_flags,
				       s, sizeof(s)));
		break;
	case TRACE_MM_PAGE_ALLOC_ZONE_LOCKED:
		n = page_pfn(t, buf, len, e->mm_page_alloc_zone_locked.pfn);
		PUT(" order=%u migratetype=%d percpu_refill=%d",
		    e->mm_page_alloc_zone_locked.order,
		    e->mm_page_alloc_zone_locked.migratetype,
		    e->mm_page_alloc_zone_locked.percpu_refill);
		break;
	case TRACE_MM_PAGE_FREE_DIRECT:
		n = page_pfn(t, buf, len, e->mm_page_free_direct.pfn);
		PUT(" order=%d", (int)e->mm_page_free_direct.order);
		break;
	case TRACE_MM_PAGEVEC_FREE:
		n = page_pfn(t, buf, len, e->mm_pagevec_free.pfn);
		PUT(" order=0 cold=%d", e->mm_pagevec_free.cold);
		break;
	case TRACE_MM_PAGE_PCPU_DRAIN:
		n = page_pfn(t, buf, len, e->mm_page_pcpu_drain.pfn);
		PUT(" order=%d migratetype=%d", (int)e->mm_page_pcpu_drain.order,
		    e->mm_page_pcpu_drain.migratetype);
		break;
	case TRACE_MM_PAGE_ALLOC_EXTFRAG:
		n = page_pfn(t, buf, len, e->mm_page_alloc_extfrag.pfn);
		PUT(" alloc_order=%d fallback_order=%d pageblock_order=%d"
		    " alloc_migratetype=%d fallback_migratetype=%d"
		    " fragmenting=%d change_ownership=%d",
		    e->mm_page_alloc_extfrag.alloc_order,
		    e->mm_page_alloc_extfrag.fallback_order,
		    e->mm_page_alloc_extfrag.pageblock_order,
		    e->mm_page_alloc_extfrag.alloc_migratetype,
		    e->mm_page_alloc_extfrag.fallback_migratetype,
		    e->mm_page_alloc_extfrag.fragmenting,
		    e->mm_page_alloc_extfrag.change_ownership);
		break;
	case TRACE_MM_VMSCAN_KSWAPD_SLEEP:
		PUT("nid=%d", e->mm_vmscan_kswapd_sleep.nid);
		break;
	case TRACE_MM_VMSCAN_KSWAPD_WAKE:
		PUT("nid=%d order=%d", e->mm_vmscan_kswapd_wake.nid,
		    e->mm_vmscan_kswapd_wake.order);
		break;
	case TRACE_MM_VMSCAN_WAKEUP_KSWAPD:
		PUT("nid=%d zid=%d order=%d", e->mm_vmscan_wakeup_kswapd.nid,
		    e->mm_vmscan_wakeup_kswapd.zid,
		    e->mm_vmscan_wakeup_kswapd.order);
		break;
	case TRACE_MM_VMSCAN_DIRECT_RECLAIM_BEGIN:
		PUT("order=%d may_writepage=%d gfp_flags=%s",
		    e->mm_vmscan_direct_reclaim_begin.order,
		    e->mm_vmscan_direct_reclaim_begin.may_writepage,
		    trace_flags_str(e->mm_vmscan_direct_reclaim_begin.gfp_flags,
				       &t->gfp_flags, s, sizeof(s)));
		break;
	case TRACE_MM_VMSCAN_DIRECT_RECLAIM_END:
		PUT("nr_reclaimed=%lu", e->mm_vmscan_direct_reclaim_end.nr_reclaimed);
		break;
	case TRACE_MM_VMSCAN_LRU_ISOLATE:
		PUT("isolate_mode=%d order=%d nr_requested=%lu nr_scanned=%lu"
		    " nr_taken=%lu contig_taken=%lu contig_dirty=%lu"
		    " contig_failed=%lu",
		    e->mm_vmscan_lru_isolate.isolate_mode,
		    e->mm_vmscan_lru_isolate.order,
		    e->mm_vmscan_lru_isolate.nr_requested,
		    e->mm_vmscan_lru_isolate.nr_scanned,
		    e->mm_vmscan_lru_isolate.nr_taken,
		    e->mm_vmscan_lru_isolate.contig_taken,
		    e->mm_vmscan_lru_isolate.contig_dirty,
		    e->mm_vmscan_lru_isolate.contig_failed);
		break;
	case TRACE_MM_VMSCAN_WRITEPAGE:
		n = page_pfn(t, buf, len, e->mm_vmscan_writepage.pfn);
		PUT(" flags=%s",
		    ftrace_reclaim_flags_str(e->mm_vmscan_writepage.reclaim_flags,
					     s, sizeof(s)));
		break;
	case TRACE_MM_VMSCAN_LRU_SHRINK_INACTIVE:
		PUT("nid=%d zid=%d nr_scanned=%ld nr_reclaimed=%ld priority=%d flags=%s",
		    e->mm_vmscan_lru_shrink_inactive.nid,
		    e->mm_vmscan_lru_shrink_inactive.zid,
		    (long)e->mm_vmscan_lru_shrink_inactive.nr_scanned,
		    (long)e->mm_vmscan_lru_shrink_inactive.nr_reclaimed,
		    e->mm_vmscan_lru_shrink_inactive.priority,
		    ftrace_reclaim_flags_str(e->mm_vmscan_lru_shrink_inactive.reclaim_flags,
					     s, sizeof(s)));
		break;
	case TRACE_WRITEBACK_CONGESTION_WAIT:
		PUT("usec_timeout=%u usec_delayed=%u",
		    e->writeback_congestion_wait.usec_timeout,
		    e->writeback_congestion_wait.usec_delayed);
		break;
	case NR_TRACE_EVENTS:
		break;
	}
#undef PUT
	return n;
}

int ftrace_format_line(const struct trace_entry *e,
		       const struct trace_print_tables *t, bool irq_info,
		       char *buf, size_t len)
{
	/* ns2usecs rounds to the nearest microsecond. */
	unsigned long long usecs = (e->ts + 500) / 1000;
	char comm[16];
	int n;

	ftrace_comm(e->comm, e->pid, comm, sizeof(comm));
	n = snprintf(buf, len, "%16s-%-5d [%03d] %s%5llu.%06llu: %s: ",
		     comm, e->pid, e->cpu,
		     !irq_info ? "" : e->in_irq ? "d.s. " : ".... ",
		     usecs / 1000000, usecs % 1000000,
		     (unsigned)e->id < NR_TRACE_EVENTS ?
		     ftrace_events[e->id].name : "unknown");
	if (n < 0 || (size_t)n >= len)
		return len ? (int)len - 1 : 0;
	n += ftrace_format_fields(e, t, buf + n, len - (size_t)n);
	if ((size_t)n + 1 >= len)
		n = (int)len - 2;
	buf[n++] = '\n';
	buf[n] = '\0';
	return n;
}

void ftrace_write_header(FILE *out)
{
	fputs("# tracer: nop\n"
	      "#\n"
	      "#           TASK-PID    CPU#    TIMESTAMP  FUNCTION\n"
	      "#              | |       |          |         |\n", out);
}
