/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Snapshots of the simulated kernel's state as plain data, for the text
 * formatters of report/ (the /proc files, kern.log, the failure
 * explanations): the kernel fills them (src/kernel: mm/vmstat.c,
 * mm/slab_common.c, fs/proc/meminfo.c, profile.c), the way 2.6.32
 * mm/vmstat.c zoneinfo_show() and frag_show() walk the zones, and report/
 * formats them without reading the kernel.  Names are the kernel's own
 * strings (zone names, vmstat item names), which live as long as the
 * program.
 */
#ifndef MMSIM_METRICS_KSTATE_H
#define MMSIM_METRICS_KSTATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* MAX_ORDER and MIGRATE_TYPES (the kernel checks that they match). */
#define KSTATE_NR_ORDERS	11
#define KSTATE_NR_MIGRATETYPES	5
/* Zone types an architecture configures at most (arch_desc). */
#define KSTATE_NR_ZONE_TYPES	4
/* mmsim's superset of zone types (MAX_NR_ZONES of mmzone.h). */
#define KSTATE_MAX_NR_ZONES	5
/* PAGE_SHIFT of both architectures. */
#define KSTATE_PAGE_SHIFT	12
/* Watermarks in zone->watermark[] order (enum zone_watermarks). */
enum kstate_wmark {
	KSTATE_WMARK_MIN,
	KSTATE_WMARK_LOW,
	KSTATE_WMARK_HIGH,
	KSTATE_NR_WMARK
};

/*
 * The profile identity the formats depend on: 2.6.30, .31 and .32 print
 * different field sets (mmsim/profile_switches.h vmstat_fields), and
 * patch 4 adds two vmstat events (kswapd_sleep).
 */
enum kstate_vmstat_fields {
	KSTATE_VMSTAT_V30,
	KSTATE_VMSTAT_V31,
	KSTATE_VMSTAT_V32,
};

enum kstate_kswapd_sleep {
	KSTATE_KSWAPD_SLEEP_PLAIN,
	KSTATE_KSWAPD_SLEEP_QUICK_RECHECK,
};

struct kstate_profile {
	const char *name;		/* "2.6.32-rc6-0012345-adjust-priority" */
	const char *release;		/* "2.6.32", "2.6.32.9", or the tag */
	enum kstate_vmstat_fields vmstat_fields;
	enum kstate_kswapd_sleep kswapd_sleep;
};

/* Which kernels print a counter: every one, or only some. */
enum kstate_only {
	KSTATE_ALL,
	KSTATE_ONLY_V32,		/* added in 2.6.32 (vmstat_fields V32) */
	KSTATE_ONLY_QUICK_RECHECK,	/* patch 4's kswapd_premature_* */
};

/* One line of /proc/vmstat or one counter of /proc/zoneinfo. */
struct kstate_counter {
	const char *name;
	unsigned long value;
	enum kstate_only only;
};

struct kstate_pcp {
	int count;
	int high;
	int batch;
	int stat_threshold;		/* the pageset's vm stats threshold */
};

/* One populated zone, as zoneinfo_show_print() and frag_show() read it. */
struct kstate_zone {
	int nid;
	const char *name;		/* "DMA", "Normal", ... */
	bool highmem;			/* is_highmem_idx() */
	unsigned long free;		/* NR_FREE_PAGES */
	unsigned long min, low, high;	/* watermarks */
	unsigned long pages_scanned;
	unsigned long spanned_pages;
	unsigned long present_pages;
	unsigned long start_pfn;
	unsigned int all_unreclaimable;
	int prev_priority;
	unsigned int inactive_ratio;
	size_t nr_stats;
	struct kstate_counter *stats;	/* zone_page_state, every item */
	/* lowmem_reserve[] in the kernel's MAX_NR_ZONES-4 enum. */
	unsigned int nr_protection;
	unsigned long protection[KSTATE_NR_ZONE_TYPES];
	unsigned int nr_cpus;
	struct kstate_pcp *pcp;		/* [nr_cpus] */
	unsigned long nr_free[KSTATE_NR_ORDERS];	/* free blocks per order */
	/* KSTATE_PAGETYPES only: blocks on each free list, and pageblocks
	 * of each migrate type. */
	unsigned long free_by_type[KSTATE_NR_MIGRATETYPES][KSTATE_NR_ORDERS];
	uint64_t blocks_by_type[KSTATE_NR_MIGRATETYPES];
};

/* What a struct kstate_mem holds beyond the zones' own counters. */
#define KSTATE_PAGETYPES	0x1	/* free_by_type, blocks_by_type */
#define KSTATE_VMSTAT		0x2	/* vmstat[] */
#define KSTATE_SLABINFO		0x4	/* slabs[] */
#define KSTATE_MEMINFO		0x8	/* meminfo */

/* One line of /proc/slabinfo (2.6.32 s_show()). */
struct kstate_slab {
	const char *name;
	unsigned long active_objs, num_objs;
	unsigned int objsize, objperslab;
	int pagesperslab;
	unsigned int limit, batchcount, shared;
	unsigned long active_slabs, num_slabs, shared_avail;
};

/* What 2.6.32 meminfo_proc_show() reads, in pages unless said. */
struct kstate_meminfo {
	bool x86;			/* CONFIG_HIGHMEM x86, else x86-64 */
	unsigned int page_shift;
	unsigned long totalram;
	unsigned long free;
	unsigned long cached;		/* NR_FILE_PAGES - swap cache, >= 0 */
	unsigned long swapcached;
	unsigned long active_anon, inactive_anon;
	unsigned long active_file, inactive_file;
	unsigned long unevictable;
	unsigned long mlocked;
	unsigned long totalhigh, freehigh;
	unsigned long lowmem_end_pfn;	/* end of the last lowmem zone */
	unsigned long max_pfn;
	unsigned long swap_total, swap_free;
	unsigned long dirty, writeback, anon, mapped, shmem;
	unsigned long slab_reclaimable, slab_unreclaimable;
	unsigned long kernel_stack_kb;
	unsigned long pagetables, unstable, bounce, writeback_tmp;
	unsigned long committed;	/* Committed_AS */
};

/* The machine's memory as the /proc files print it. */
struct kstate_mem {
	struct kstate_profile profile;
	unsigned int block_order;		/* pageblock_order */
	unsigned long block_pages;		/* pageblock_nr_pages */
	const char *migratetype_names[KSTATE_NR_MIGRATETYPES];
	unsigned int nr_nodes;		/* online nodes, in node order */
	int *node_ids;			/* [nr_nodes] */
	size_t nr_zones;		/* populated zones, node by node */
	struct kstate_zone *zones;
	size_t nr_vmstat;		/* KSTATE_VMSTAT: /proc/vmstat's lines */
	struct kstate_counter *vmstat;
	size_t nr_slabs;		/* KSTATE_SLABINFO: newest cache first */
	struct kstate_slab *slabs;
	struct kstate_meminfo meminfo;	/* KSTATE_MEMINFO */
};

void kstate_mem_free(struct kstate_mem *m);

/* ---- kern.log: allocation failures, hung tasks, OOM kills ------------ */

/* THREAD_SIZE for the kernel_stack:kB field (8 KiB stacks on both arches). */
#define ALLOC_FAIL_THREAD_SIZE	8192

struct pcp_snapshot {
	int high;
	int batch;
	int count;
};

/*
 * The vmstat items show_free_areas() prints, by name: of a zone
 * (zone_page_state) or of the machine (global_page_state), in pages, but
 * kernel_stack in stacks.
 */
struct kstate_vm_counts {
	unsigned long free_pages;
	unsigned long active_anon, inactive_anon, isolated_anon;
	unsigned long active_file, inactive_file, isolated_file;
	unsigned long unevictable, mlock;
	unsigned long file_dirty, writeback, unstable_nfs, writeback_temp;
	unsigned long file_mapped, file_pages, shmem;
	unsigned long slab_reclaimable, slab_unreclaimable;
	unsigned long kernel_stack, pagetable, bounce;
};

/* One populated zone, as show_free_areas() reads it. */
struct zone_snapshot {
	int nid;			/* its node */
	int type;			/* enum zone_type: superset index (mmzone.h) */
	const char *name;		/* "DMA", "Normal", ... */
	unsigned long watermark[KSTATE_NR_WMARK];
	struct kstate_vm_counts stat;	/* zone_page_state, pages */
	unsigned long present_pages;
	unsigned long pages_scanned;
	bool all_unreclaimable;
	unsigned long nr_free[KSTATE_NR_ORDERS];	/* free blocks per order */
	struct pcp_snapshot *pcp;	/* [nr_cpus] */
};

struct swap_cache_stats {
	unsigned long pages;		/* total_swapcache_pages */
	unsigned long add_total;
	unsigned long del_total;
	unsigned long find_success;
	unsigned long find_total;
};

/* Everything show_mem() prints. */
struct show_mem_snapshot {
	unsigned int nr_cpus;
	unsigned int nr_nodes;		/* online nodes: > 1 prints "Node N " */
	unsigned int nr_zones;		/* populated zones of every node */
	struct zone_snapshot *zones;	/* [nr_zones], in node order */
	/*
	 * lowmem_reserve[] of each zone in the kernel's own index order
	 * (arch->zone_types), nr_lowmem_reserve = the kernel's MAX_NR_ZONES.
	 */
	unsigned int nr_lowmem_reserve;
	unsigned long (*lowmem_reserve)[KSTATE_MAX_NR_ZONES];	/* [nr_zones] */
	struct kstate_vm_counts global;	/* global_page_state */
	struct swap_cache_stats swap_cache;
	long nr_swap_pages;
	long total_swap_pages;
	/* lib/show_mem.c's walk over the node's pages (printed failures only). */
	bool have_page_counts;
	bool highmem_config;		/* x86-32: "pages HighMem" line */
	unsigned long pages_ram;
	unsigned long pages_highmem;
	unsigned long pages_reserved;
	unsigned long pages_shared;
	unsigned long pages_nonshared;
};

/* Which test of __zone_watermark_ok refused a zone. */
enum wmark_step {
	WMARK_STEP_PASSED,	/* passed: the buddy had no block to give */
	WMARK_STEP_ORDER0,	/* free - (2^order - 1) <= min + lowmem_reserve */
	WMARK_STEP_ORDER_K,	/* at order k: blocks >= k - (2^order - 1) <= min >> k */
	WMARK_STEP_NONE,	/* ALLOC_NO_WATERMARKS: not tested */
};

/* Why the slow path stopped trying (derived as __alloc_pages_slowpath decides). */
enum nopage_reason {
	NOPAGE_ATOMIC,		/* no __GFP_WAIT: cannot reclaim or sleep */
	NOPAGE_NO_TASK,		/* outside any task (boot and test code) */
	NOPAGE_PF_MEMALLOC,	/* already reclaiming: no recursion */
	NOPAGE_MEMDIE,		/* OOM victim without __GFP_NOFAIL */
	NOPAGE_COSTLY_NO_OOM,	/* no progress, order > 3: the OOM killer is no help */
	NOPAGE_NO_RETRY,	/* should_alloc_retry(): __GFP_NORETRY, or costly order */
	NR_NOPAGE_REASONS
};

/* Kept for every failure, past every cap: what the tally counts. */
struct alloc_fail_reason {
	enum nopage_reason nopage;
	enum wmark_step step;		/* of the preferred zone */
	int nid;
	int zone;			/* the preferred zone's enum zone_type;
					 * KSTATE_MAX_NR_ZONES: none */
	int fail_order;
	int mark;
	bool harder, high;		/* ALLOC_HARDER / ALLOC_HIGH in the attempt */
};

/*
 * The kernel's bits and values the explanation is written in, as 2.6.32
 * defines them (include/linux/gfp.h, mm/internal.h alloc_flags, the
 * profile switches of mmsim/profile_switches.h); the kernel checks that
 * they match.
 */
#define KSTATE_GFP_WAIT			0x10u	/* __GFP_WAIT */
#define KSTATE_GFP_REPEAT		0x400u	/* __GFP_REPEAT */
#define KSTATE_GFP_NORETRY		0x1000u	/* __GFP_NORETRY */
#define KSTATE_ALLOC_NO_WATERMARKS	0x04	/* ALLOC_NO_WATERMARKS */
#define KSTATE_ALLOC_WMARK_MASK		(KSTATE_ALLOC_NO_WATERMARKS - 1)
#define KSTATE_ALLOC_HARDER		0x10	/* ALLOC_HARDER */
#define KSTATE_ALLOC_HIGH		0x20	/* ALLOC_HIGH */
#define KSTATE_COSTLY_ORDER		3	/* PAGE_ALLOC_COSTLY_ORDER */
#define KSTATE_MIGRATE_ISOLATE		4	/* MIGRATE_ISOLATE */

/* The restart_mode switch (P1). */
enum kstate_restart_mode {
	KSTATE_RESTART_TOP,
	KSTATE_RESTART_AFTER_WAKE,
	KSTATE_RESTART_BEFORE_WAKE,
};

/* Congestion queues (BLK_RW_*): the cw_alloc switch (P3), kswapd's wait. */
enum kstate_blk_rw {
	KSTATE_BLK_RW_ASYNC,
	KSTATE_BLK_RW_SYNC,
	KSTATE_BLK_RW_BOTH,
};

/* The kswapd_cw_priority switch (P5). */
enum kstate_kswapd_cw {
	KSTATE_KSWAPD_CW_FIXED,
	KSTATE_KSWAPD_CW_ORDER_ADJUSTED,
};

/* One zone of the zonelist, as the last attempt's watermark test saw it. */
struct zone_verdict {
	int nid;
	int type;			/* enum zone_type */
	const char *name;
	int mark;			/* WMARK_MIN/LOW/HIGH of the attempt */
	long mark_pages;		/* zone->watermark[mark] */
	long min;			/* after ALLOC_HIGH (-min/2), ALLOC_HARDER (-min/4) */
	long free;			/* NR_FREE_PAGES */
	long lowmem_reserve;		/* lowmem_reserve[classzone_idx] */
	enum wmark_step step;
	int fail_order;			/* ORDER_K: the order k whose check failed */
	long blocks_pages;		/* ORDER_K: pages free in blocks of order >= k */
	long free_k;			/* ORDER_K: blocks_pages - (2^order - 1), the kernel's free */
	long need;			/* ORDER_K: min >> k; free_k must exceed it */
	unsigned long blocks_ge_order;	/* free blocks of order >= the request's */
};

/* Why ALLOC_NO_WATERMARKS was not granted (bits). */
#define NOWM_IN_INTERRUPT	0x1	/* in interrupt: never */
#define NOWM_NOMEMALLOC		0x2	/* __GFP_NOMEMALLOC */
#define NOWM_NOT_MEMALLOC	0x4	/* neither PF_MEMALLOC nor TIF_MEMDIE */
#define NOWM_NO_TASK		0x8

/* What kswapd of a node was doing (vmscan.c keeps it). */
enum kswapd_activity {
	KSWAPD_ACT_NOT_STARTED,
	KSWAPD_ACT_SLEEPING,		/* until wakeup_kswapd */
	KSWAPD_ACT_SHORT_SLEEP,		/* P4's HZ/10 nap */
	KSWAPD_ACT_BALANCING,		/* in balance_pgdat */
	KSWAPD_ACT_CONGESTION_WAIT,	/* balance_pgdat's congestion_wait */
};

struct kswapd_snapshot {
	int nid;
	enum kswapd_activity state;
	uint64_t since;			/* ns: entered @state */
	uint64_t balance_since;		/* ns: this balance_pgdat call began */
	int order;			/* balance_pgdat's order (after any drop to 0) */
	int priority;			/* its current scan priority */
	int cw_queue;			/* CONGESTION_WAIT: BLK_RW_* */
	int max_order;			/* pgdat->kswapd_max_order, pending */
	bool wake_known;		/* a wakeup_kswapd asked for work */
	uint64_t wake_time;		/* ns: the last such request */
	int wake_order;
	bool wake_found_asleep;		/* it woke a sleeping kswapd */
	char waker[16];			/* comm of the requester ("swapper" in irq) */
};

/* The counters of the slow path's note (mmsim/alloc_fail.h slowpath_note). */
struct slowpath_counts {
	unsigned int passes;		/* through restart:, the first included */
	unsigned int kswapd_wakes;	/* passes that ran wake_all_kswapd */
	unsigned int reclaim_passes;	/* __alloc_pages_direct_reclaim calls */
	unsigned int retry_waits;	/* congestion_wait before rebalance */
	unsigned long pages_reclaimed;
	unsigned long last_progress;	/* did_some_progress of the last pass */
	bool oom_tried;			/* reached __alloc_pages_may_oom */
};

/*
 * The preferred zone at an order >= 1 atomic failure (mmsim's measures,
 * docs/model.md "Why order-2 atomic allocations fail"): what its free
 * lists held in blocks big enough, per migrate type's list, what the
 * per-cpu lists kept out of the buddy, and where NR_FREE_PAGES stood
 * against the watermarks.
 */
struct highorder_fail_state {
	uint64_t time;			/* ns since boot */
	unsigned int order;
	int nid;
	int zone;			/* enum zone_type */
	long free;			/* NR_FREE_PAGES, as the allocator reads it */
	long blocks[KSTATE_NR_MIGRATETYPES];	/* pages in free blocks of order >= order */
	long pcp;			/* pages on the zone's pcp lists, every CPU */
	unsigned long watermark[KSTATE_NR_WMARK];
};

/* Zones recorded per failure; the rest of a long NUMA zonelist is counted. */
#define EXPLAIN_ZONES 8

/* The full explanation: printed failures and the first unprinted ones. */
struct alloc_explain {
	bool have_note;			/* from the slow path (else reconstructed) */
	int alloc_flags;		/* of the last attempt */
	int slowpath_flags;		/* gfp_to_alloc_flags() of the request */
	uint64_t last_attempt;		/* ns */
	unsigned int nowm_denied;	/* NOWM_* */
	bool rt_task;
	int classzone_idx;
	int high_zoneidx;
	int migratetype;
	unsigned int nr_zones;
	unsigned int nr_zones_more;	/* beyond EXPLAIN_ZONES */
	struct zone_verdict zones[EXPLAIN_ZONES];
	struct kswapd_snapshot kswapd;	/* of the preferred zone's node */
	struct slowpath_counts note;	/* the slow path's counters */
	bool have_highorder;		/* an order >= 1 atomic request: */
	struct highorder_fail_state highorder;
	/* The profile switches that shape this path. */
	int restart_mode;		/* enum kstate_restart_mode */
	bool rt_harder_in_irq;
	int cw_alloc;			/* enum kstate_blk_rw */
	int kswapd_sleep;		/* enum kstate_kswapd_sleep */
	int kswapd_cw_priority;		/* enum kstate_kswapd_cw */
};

/* One allocation failure, as record_alloc_failure() kept it. */
struct alloc_failure {
	uint64_t time;			/* ns since boot */
	unsigned long when_jiffies;
	char comm[16];			/* current->comm; "swapper" on an idle CPU */
	int pid;
	int cpu;
	bool in_interrupt;
	unsigned int order;
	unsigned int gfp_mask;		/* gfp_t */
	bool nowarn;			/* __GFP_NOWARN: counted, not printed */
	bool ratelimited;		/* printk_ratelimit() refused it */
	bool printed;			/* reached the log */
	/*
	 * Before this message __ratelimit printed "__ratelimit: N callbacks
	 * suppressed" for the previous window: N, or 0 for no such line.
	 */
	int ratelimit_missed;
	/*
	 * show_mem at the failing instant: always for printed failures, for
	 * unprinted ones only the first ALLOC_FAIL_UNPRINTED_SNAPSHOTS.
	 */
	struct show_mem_snapshot *mem;
	struct alloc_fail_reason reason;
	/* Same cap as @mem: NULL past ALLOC_FAIL_UNPRINTED_SNAPSHOTS. */
	struct alloc_explain *why;
};

/* khungtaskd's report of one task (kernel/hung_task.c). */
struct hung_task_record {
	uint64_t when;			/* ns: the check that found it */
	unsigned long timeout;		/* seconds, as printed */
	int pid;
	char comm[16];
	uint64_t blocked_since;		/* ns: it last went to sleep */
	const char *wchan;		/* where it sleeps (sim.h) */
	int wchan_line;
};

/* One line of dump_tasks(): a task with an mm, when the kill dumped them. */
struct oom_task_dump {
	int pid;
	unsigned int uid;		/* mmsim's tasks all run as root: 0 */
	int tgid;
	unsigned long total_vm;		/* pages its vmas span */
	unsigned long rss;		/* get_mm_rss(): anon + file pages mapped */
	int cpu;
	int oom_adj;
	char comm[16];
};

/*
 * One kill, with what 2.6.32's oom_kill_process() printed before it: the
 * header (the "invoked oom-killer" line, the cpuset line, dump_stack(),
 * show_mem() and, with sysctl_oom_dump_tasks, dump_tasks()) when
 * printk_ratelimit() allowed it, then "Out of memory: kill process" and
 * __oom_kill_task()'s "Killed process".
 */
struct oom_kill_record {
	uint64_t when;			/* ns since boot */
	int pid;			/* victim */
	char comm[16];
	unsigned long points;		/* its badness */
	int trigger_pid;		/* the allocating task */
	char trigger_comm[16];
	bool in_interrupt;
	unsigned int gfp_mask;		/* gfp_t */
	int order;
	int oom_adj;			/* current->signal->oom_adj: always 0 */
	char mems_allowed[32];		/* cpuset_print_task_mems_allowed(): "0", "0-1" */
	bool header;			/* printk_ratelimit() let the header print */
	int ratelimit_missed;		/* "__ratelimit: N callbacks suppressed" first */
	struct show_mem_snapshot *mem;	/* show_mem(), when @header */
	struct oom_task_dump *tasks;	/* dump_tasks(), when @header and the sysctl */
	size_t nr_tasks;
};

/*
 * 2.6.32 panics when out_of_memory() finds no task with an mm to kill;
 * mmsim records it.
 */
struct oom_panic_record {
	uint64_t when;			/* ns since boot */
	int pid;			/* the allocating task */
	char comm[16];
	unsigned int gfp_mask;		/* gfp_t */
	int order;
	/* panic()'s text, without "Kernel panic - not syncing: " */
	const char *message;
};

/*
 * What the kernel recorded for its log, in time order per kind, with the
 * identity of the kernel that printed it.  The records belong to the
 * kernel: valid until its records are reset (the next boot).
 */
struct kstate_log {
	struct kstate_profile profile;
	bool x86_64;			/* 16-digit stack addresses, else 8 */
	size_t nr_failures;
	const struct alloc_failure **failures;
	size_t nr_hung;
	const struct hung_task_record **hung;
	size_t nr_kills;
	const struct oom_kill_record **kills;
	const struct oom_panic_record *panic;	/* NULL: no panic */
};

void kstate_log_free(struct kstate_log *log);

#endif /* MMSIM_METRICS_KSTATE_H */
