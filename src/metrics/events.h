/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Event records: what the simulated kernel's trace points and its block
 * trace hand out, as plain data, so that the formatters (report/ftrace.c,
 * report/blktrace.c, report/postprocess.c) and the trace.dat writer
 * (trace/tracedat_write.c) read records, never the kernel.
 *
 * The producers fill them: the trace points (kernel mmsim/trace.h's
 * TRACE_EMIT, a struct trace_entry on the stack, handed to trace_sink),
 * the block trace (kernel/trace/blktrace.c, a struct blktrace_record per
 * relay write) and the ftrace text parser (trace/parse.c, a struct
 * trace_record per line).  Whatever the text needs that is the kernel's
 * (the gfp flag names, the mem_map address a "page=%p" shows) comes with
 * them in a struct trace_print_tables the producer supplies, as 2.6.32
 * include/trace/events/kmem.h's __print_flags() table belongs to the
 * trace event definition, not to the code printing the trace file.
 */
#ifndef MMSIM_METRICS_EVENTS_H
#define MMSIM_METRICS_EVENTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum trace_event_id {
	/* kmem (include/trace/events/kmem.h, 2.6.32) */
	TRACE_MM_PAGE_ALLOC,		/* end of __alloc_pages_nodemask */
	TRACE_MM_PAGE_ALLOC_ZONE_LOCKED,	/* __rmqueue */
	TRACE_MM_PAGE_FREE_DIRECT,	/* __free_pages, free_hot_page */
	TRACE_MM_PAGEVEC_FREE,		/* __pagevec_free */
	TRACE_MM_PAGE_PCPU_DRAIN,	/* free_pcppages_bulk, per page */
	TRACE_MM_PAGE_ALLOC_EXTFRAG,	/* __rmqueue_fallback */
	/*
	 * vmscan (include/trace/events/vmscan.h) and writeback: added to
	 * the kernel after 2.6.32 (vmscan in 2.6.36, lru_shrink_inactive,
	 * the writepage flags and writeback_congestion_wait in 2.6.37).
	 * mmsim emits them for every simulated kernel, with their 2.6.37
	 * formats, so that the kernel's reclaim post-processing reads a
	 * simulated .30/.31/.32 run; docs/trace.md says so.
	 */
	TRACE_MM_VMSCAN_KSWAPD_SLEEP,	/* kswapd, before it sleeps */
	TRACE_MM_VMSCAN_KSWAPD_WAKE,	/* kswapd, on waking: balance_pgdat */
	TRACE_MM_VMSCAN_WAKEUP_KSWAPD,	/* wakeup_kswapd, by the waker */
	TRACE_MM_VMSCAN_DIRECT_RECLAIM_BEGIN,	/* try_to_free_pages */
	TRACE_MM_VMSCAN_DIRECT_RECLAIM_END,
	TRACE_MM_VMSCAN_LRU_ISOLATE,	/* isolate_lru_pages */
	TRACE_MM_VMSCAN_WRITEPAGE,	/* pageout, after ->writepage */
	TRACE_MM_VMSCAN_LRU_SHRINK_INACTIVE,	/* end of shrink_inactive_list */
	TRACE_WRITEBACK_CONGESTION_WAIT,	/* end of congestion_wait */
	NR_TRACE_EVENTS
};

/* isolate_mode of mm_vmscan_lru_isolate, as 2.6.36/.37 numbered them
 * (a bitmask, INACTIVE=1 ACTIVE=2, only from 3.x). */
#define ISOLATE_INACTIVE	0
#define ISOLATE_ACTIVE		1
#define ISOLATE_BOTH		2

/* reclaim_flags of mm_vmscan_writepage and _lru_shrink_inactive (2.6.37
 * include/trace/events/vmscan.h): values of the record's field. */
#define RECLAIM_WB_ANON		0x0001u
#define RECLAIM_WB_FILE		0x0002u
#define RECLAIM_WB_MIXED	0x0010u
#define RECLAIM_WB_SYNC		0x0004u
#define RECLAIM_WB_ASYNC	0x0008u

/*
 * One trace event.  The entry records the pfn, never a host pointer:
 * output must be byte-identical from run to run.  A formatter that wants
 * the kernel's "page=%p" field synthesises an address from the pfn with
 * struct trace_print_tables' mem_map.  Each member of the union is named
 * after its event.  No pointers: a trace point fills one on its stack.
 */
struct trace_entry {
	uint64_t ts;			/* simulated ns */
	int pid;			/* 0: no task (the idle "swapper") */
	int cpu;
	bool in_irq;			/* in_interrupt(): the lines' "d.s." flags */
	char comm[16];
	enum trace_event_id id;
	union {
		struct {
			unsigned long pfn;	/* -1UL: the allocation failed */
			unsigned int order;
			int migratetype;
			unsigned int gfp_flags;	/* gfp_t */
		} mm_page_alloc;
		struct {
			unsigned long pfn;
			unsigned int order;
			int migratetype;
			int percpu_refill;	/* order == 0 */
		} mm_page_alloc_zone_locked;
		struct {
			unsigned long pfn;
			unsigned int order;
		} mm_page_free_direct;
		struct {
			unsigned long pfn;
			int cold;
		} mm_pagevec_free;
		struct {
			unsigned long pfn;
			unsigned int order;
			int migratetype;
		} mm_page_pcpu_drain;
		struct {
			unsigned long pfn;
			int alloc_order;
			int fallback_order;
			int pageblock_order;
			int alloc_migratetype;
			int fallback_migratetype;
			/* Derived as the kernel prints them. */
			int fragmenting;	/* fallback_order < pageblock_order */
			int change_ownership;	/* alloc_mt == fallback_mt */
		} mm_page_alloc_extfrag;
		struct {
			int nid;
		} mm_vmscan_kswapd_sleep;
		struct {
			int nid;
			int order;
		} mm_vmscan_kswapd_wake;
		struct {
			int nid;
			int zid;
			int order;
		} mm_vmscan_wakeup_kswapd;
		struct {
			int order;
			int may_writepage;
			unsigned int gfp_flags;	/* gfp_t */
		} mm_vmscan_direct_reclaim_begin;
		struct {
			unsigned long nr_reclaimed;
		} mm_vmscan_direct_reclaim_end;
		struct {
			int isolate_mode;	/* ISOLATE_* */
			int order;
			unsigned long nr_requested;
			unsigned long nr_scanned;
			unsigned long nr_taken;
			/* Lumpy reclaim's extra pages around the target. */
			unsigned long contig_taken;
			unsigned long contig_dirty;
			unsigned long contig_failed;
		} mm_vmscan_lru_isolate;
		struct {
			unsigned long pfn;
			unsigned int reclaim_flags;	/* RECLAIM_WB_* */
		} mm_vmscan_writepage;
		struct {
			int nid;
			int zid;
			unsigned long nr_scanned;
			unsigned long nr_reclaimed;
			int priority;
			unsigned int reclaim_flags;	/* RECLAIM_WB_* */
		} mm_vmscan_lru_shrink_inactive;
		struct {
			unsigned int usec_timeout;
			unsigned int usec_delayed;
		} writeback_congestion_wait;
	};
};

/*
 * The events by id: the tracing system, the event's name and the first
 * kernel whose format the lines follow.  The writers (report/ftrace.c,
 * trace/tracedat_write.c) name events with it, the reader (trace/parse.c)
 * recognises them.  It is part of the record's declaration, as the ids
 * are.
 */
struct ftrace_event {
	enum trace_event_id id;
	const char *system;		/* "kmem", "vmscan", "writeback" */
	const char *name;		/* "mm_page_alloc" */
	const char *since;		/* first kernel with this format */
};

/* Indexed by enum trace_event_id. */
extern const struct ftrace_event ftrace_events[NR_TRACE_EVENTS];

/* Every event in one mask. */
#define FTRACE_ALL_EVENTS ((UINT64_C(1) << NR_TRACE_EVENTS) - 1)

/* One entry of a __print_flags() table (the kernel's struct
 * trace_print_flags). */
struct trace_print_flag {
	unsigned long mask;
	const char *name;
};

/*
 * A __print_flags() table: composites first, so that a composite wins
 * over its parts; @none is what a value of 0 prints (show_gfp_flags'
 * "GFP_NOWAIT"), NULL for "".
 */
struct trace_print_flags {
	const struct trace_print_flag *flags;
	size_t nr;
	const char *none;
};

/*
 * @flags through the table @t into @buf ("GFP_KERNEL|0x1"), as 2.6.32
 * ftrace_print_flags_seq() renders __print_flags(); truncated to @len.
 */
char *trace_flags_str(unsigned long flags, const struct trace_print_flags *t,
		      char *buf, size_t len);

/*
 * What the text of the records needs from the simulated kernel, filled
 * by the producer (kernel trace_print_tables()).
 */
struct trace_print_tables {
	/* "page=%p": mem_map + pfn * struct_page_size, as a long of the
	 * simulated architecture (long_size 4 or 8 bytes). */
	unsigned int long_size;
	uint64_t mem_map;
	unsigned int struct_page_size;
	unsigned int pageblock_order;	/* a constant of the extfrag print fmt */
	struct trace_print_flags gfp_flags;	/* show_gfp_flags() */
};

/*
 * One event read back from ftrace text or trace.dat (trace/parse.c
 * produces them, one at a time, from a buffer of its own).
 */
struct trace_record {
	unsigned long line;		/* in the file (trace.dat: record number) */
	char comm[64];			/* as in the file ("<idle>", "<...>") */
	int pid;
	int cpu;
	uint64_t ts;			/* ns */
	char flags[8];			/* irq-info column, "" if absent */
	char event[64];
	const char *fields;		/* valid until the next call */
	/* Known events only: */
	const struct ftrace_event *desc;	/* NULL: not an mmsim event */
	struct trace_entry entry;	/* decoded; comm/pid/cpu/ts copied */
	bool failed_alloc;		/* mm_page_alloc with page=(null) */
	const char *unusable;		/* why @entry could not be filled */
	char unusable_buf[96];
};

/*
 * Where a consumer of parsed records reads them from: the parser behind
 * @data (trace_parser_source() in trace/parse.h wires one), so that the
 * consumer knows records, not the parser.
 */
struct trace_record_source {
	void *data;
	/* 1 with @rec filled, 0 at the end, -1 on an error (then error()). */
	int (*next)(void *data, struct trace_record *rec);
	/* "FILE:LINE: what is wrong". */
	const char *(*error)(const void *data);
	/* The line being read, for messages. */
	unsigned long (*line)(const void *data);
	const char *name;		/* the file, for messages */
};

/*
 * One record of a block trace, as 2.6.32 kernel/trace/blktrace.c
 * __blk_add_trace() fills a struct blk_io_trace (plus its payload) and
 * trace_note_tsk() a BLK_TN_PROCESS note, whose payload is the task's
 * name.  report/blktrace.c writes them in blktrace's binary format.
 */
struct blktrace_record {
	uint32_t magic;			/* BLK_IO_TRACE_MAGIC | version */
	uint32_t sequence;
	uint64_t time;			/* ns */
	uint64_t sector;
	uint32_t bytes;
	uint32_t action;		/* BLK_TC_ACT(category) | BLK_TA_* */
	uint32_t pid;
	uint32_t device;
	uint32_t cpu;
	uint16_t error;
	bool note;			/* a note (BLK_TC_NOTIFY): not numbered */
	uint16_t pdu_len;
	const void *pdu;		/* @pdu_len bytes (a note: the comm) */
};

#endif /* MMSIM_METRICS_EVENTS_H */
