// SPDX-License-Identifier: GPL-2.0
/*
 * The event table: kmem as in 2.6.32, vmscan and writeback as in 2.6.37
 * (see events.h for why later events appear in a .32 simulation).
 */
#include <stdio.h>
#include "events.h"

const struct ftrace_event ftrace_events[NR_TRACE_EVENTS] = {
#define EV(i, sys, n, v) [i] = { .id = i, .system = sys, .name = n, .since = v }
	EV(TRACE_MM_PAGE_ALLOC, "kmem", "mm_page_alloc", "2.6.32"),
	EV(TRACE_MM_PAGE_ALLOC_ZONE_LOCKED, "kmem", "mm_page_alloc_zone_locked", "2.6.32"),
	EV(TRACE_MM_PAGE_FREE_DIRECT, "kmem", "mm_page_free_direct", "2.6.32"),
	EV(TRACE_MM_PAGEVEC_FREE, "kmem", "mm_pagevec_free", "2.6.32"),
	EV(TRACE_MM_PAGE_PCPU_DRAIN, "kmem", "mm_page_pcpu_drain", "2.6.32"),
	EV(TRACE_MM_PAGE_ALLOC_EXTFRAG, "kmem", "mm_page_alloc_extfrag", "2.6.32"),
	EV(TRACE_MM_VMSCAN_KSWAPD_SLEEP, "vmscan", "mm_vmscan_kswapd_sleep", "2.6.36"),
	EV(TRACE_MM_VMSCAN_KSWAPD_WAKE, "vmscan", "mm_vmscan_kswapd_wake", "2.6.36"),
	EV(TRACE_MM_VMSCAN_WAKEUP_KSWAPD, "vmscan", "mm_vmscan_wakeup_kswapd", "2.6.36"),
	EV(TRACE_MM_VMSCAN_DIRECT_RECLAIM_BEGIN, "vmscan", "mm_vmscan_direct_reclaim_begin", "2.6.36"),
	EV(TRACE_MM_VMSCAN_DIRECT_RECLAIM_END, "vmscan", "mm_vmscan_direct_reclaim_end", "2.6.36"),
	EV(TRACE_MM_VMSCAN_LRU_ISOLATE, "vmscan", "mm_vmscan_lru_isolate", "2.6.36"),
	/* 2.6.36 printed sync_io=%d; the flags came with 2.6.37. */
	EV(TRACE_MM_VMSCAN_WRITEPAGE, "vmscan", "mm_vmscan_writepage", "2.6.37"),
	EV(TRACE_MM_VMSCAN_LRU_SHRINK_INACTIVE, "vmscan", "mm_vmscan_lru_shrink_inactive", "2.6.37"),
	EV(TRACE_WRITEBACK_CONGESTION_WAIT, "writeback", "writeback_congestion_wait", "2.6.37"),
#undef EV
};

/* Append @s (with a leading '|' unless first); truncates safely. */
static void put_flag(char *buf, size_t len, size_t *pos, const char *s)
{
	int n;

	if (*pos >= len)
		return;
	n = snprintf(buf + *pos, len - *pos, "%s%s", *pos ? "|" : "", s);
	if (n > 0)
		*pos += (size_t)n;
}

/*
 * Take each entry whose bits are all still set, clear those bits, join
 * the names with '|', and print any bits left over as one hex number.
 */
char *trace_flags_str(unsigned long flags, const struct trace_print_flags *t,
		      char *buf, size_t len)
{
	size_t pos = 0;

	if (!len)
		return buf;
	buf[0] = '\0';
	if (!flags) {
		snprintf(buf, len, "%s", t->none ? t->none : "");
		return buf;
	}
	for (size_t i = 0; i < t->nr && flags; i++) {
		if ((flags & t->flags[i].mask) != t->flags[i].mask)
			continue;
		flags &= ~t->flags[i].mask;
		put_flag(buf, len, &pos, t->flags[i].name);
	}
	if (flags) {
		char hex[24];

		snprintf(hex, sizeof(hex), "0x%lx", flags);
		put_flag(buf, len, &pos, hex);
	}
	return buf;
}
