// SPDX-License-Identifier: GPL-2.0
/*
 * The "page allocation failure" warning of __alloc_pages_slowpath's nopage
 * exit, recorded instead of printed.  In 2.6.30, 2.6.31 and 2.6.32 alike
 * the kernel prints only if the request lacks __GFP_NOWARN and
 * printk_ratelimit() agrees, and then calls dump_stack() and show_mem().
 * Here each failure becomes a record with the same decision and a snapshot
 * of the numbers show_mem() would print; report/kern_log.c turns the
 * records into kern.log text.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "mmsim/alloc_fail.h"
#include "linux/kernel.h"
#include "linux/mm_types.h"
#include "mmsim/profile.h"
#include "linux/swap.h"
#include "metrics/metrics.h"
#include "mmsim/kstate.h"
#include "linux/oom.h"
#include "linux/sched.h"
#include "util/xalloc.h"

/*
 * The records, in fixed chunks of one host huge page each.  A default run
 * records some 380,000 failures (40 MB): grown by realloc(), every new
 * 4 KiB page of the array cost a host page fault, 10,000 of the run's
 * 23,000; chunks that transparent huge pages back ("madvise" mode) take
 * one fault per 2 MiB.  Records never move once made.
 */
#define RECORD_CHUNK_BYTES	(2UL << 20)
/*
 * A power of two, the largest that fits: record_at() then takes a shift
 * and a mask, not a division by the record size, on every record made
 * and on every pass of the reports over them.
 */
#define RECORDS_PER_CHUNK	(1UL << (63 - __builtin_clzl(RECORD_CHUNK_BYTES / \
					sizeof(struct alloc_failure))))

bool alloc_fail_page_counts = true;

static struct alloc_failure **record_chunks;
static size_t nr_records, nr_record_chunks, record_chunks_cap;

static inline struct alloc_failure *record_at(size_t i)
{
	return &record_chunks[i / RECORDS_PER_CHUNK][i % RECORDS_PER_CHUNK];
}
static size_t nr_printed, nr_nowarn, nr_ratelimited, nr_unprinted_snapshots;

/* The order >= 1 atomic failures' zone states (a few hundred a run). */
static struct highorder_fail_state *highorder_states;
static size_t nr_highorder_states, highorder_states_cap;

/*
 * printk_ratelimit()'s state: lib/ratelimit.c's __ratelimit, identical in
 * .30, .31 and .32.  The kernel marks "no window" with begin == 0, which
 * real jiffies (starting at INITIAL_JIFFIES) never hit; simulated jiffies
 * start at 0, so an explicit flag stands in for it.  The kernel shares this
 * state with every printk_ratelimit() user; in mmsim those are allocation
 * failures and the OOM killer's header (mm/oom_kill.c).
 */
static struct {
	bool begun;
	unsigned long begin;
	int printed;
	int missed;
} printk_rs;

/*
 * Returns 1 if a message may be printed.  *@reported is set to the
 * number of messages suppressed in the window that just expired, which the
 * kernel announces as "__ratelimit: N callbacks suppressed" right here.
 */
int printk_ratelimit(int *reported)
{
	unsigned long now = jiffies;
	unsigned long interval = PRINTK_RATELIMIT_INTERVAL_S * HZ;

	*reported = 0;
	if (!printk_rs.begun) {
		printk_rs.begin = now;
		printk_rs.begun = true;
	}
	/*
	 * time_is_before_jiffies(begin + interval).  Note the kernel's
	 * quirk, kept: the call that closes a window is counted in the new
	 * window's burst, but the new window only begins at the next call.
	 */
	if ((long)(printk_rs.begin + interval - now) < 0) {
		*reported = printk_rs.missed;
		printk_rs.begun = false;
		printk_rs.printed = 0;
		printk_rs.missed = 0;
	}
	if (printk_rs.printed < PRINTK_RATELIMIT_BURST) {
		printk_rs.printed++;
		return 1;
	}
	printk_rs.missed++;
	return 0;
}

static unsigned long clamp_stat(long v)
{
	/* zone_page_state() hides transient negative per-cpu drift. */
	return v < 0 ? 0 : (unsigned long)v;
}

static const char *const fallback_zone_names[MAX_NR_ZONES] = {
	"DMA", "DMA32", "Normal", "HighMem", "Movable",
};

/* The kernel's zone index order when no architecture was booted. */
static const enum zone_type default_zone_types[] = {
	ZONE_DMA, ZONE_DMA32, ZONE_NORMAL, ZONE_MOVABLE,
};

_Static_assert((int)NR_WMARK == (int)KSTATE_NR_WMARK &&
	       (int)WMARK_MIN == (int)KSTATE_WMARK_MIN &&
	       (int)WMARK_LOW == (int)KSTATE_WMARK_LOW &&
	       (int)WMARK_HIGH == (int)KSTATE_WMARK_HIGH, "kstate watermarks");
_Static_assert(MAX_ORDER == KSTATE_NR_ORDERS, "kstate orders");
_Static_assert(MAX_NR_ZONES == KSTATE_MAX_NR_ZONES, "kstate zone types");
_Static_assert(PAGE_SHIFT == KSTATE_PAGE_SHIFT, "kstate page size");
_Static_assert(MIGRATE_TYPES == KSTATE_NR_MIGRATETYPES &&
	       MIGRATE_ISOLATE == KSTATE_MIGRATE_ISOLATE, "kstate migratetypes");
_Static_assert(__GFP_WAIT == KSTATE_GFP_WAIT &&
	       __GFP_REPEAT == KSTATE_GFP_REPEAT &&
	       __GFP_NORETRY == KSTATE_GFP_NORETRY, "kstate gfp bits");
_Static_assert(ALLOC_NO_WATERMARKS == KSTATE_ALLOC_NO_WATERMARKS &&
	       ALLOC_WMARK_MASK == KSTATE_ALLOC_WMARK_MASK &&
	       ALLOC_HARDER == KSTATE_ALLOC_HARDER &&
	       ALLOC_HIGH == KSTATE_ALLOC_HIGH, "kstate alloc_flags");
_Static_assert(PAGE_ALLOC_COSTLY_ORDER == KSTATE_COSTLY_ORDER,
	       "kstate costly order");
_Static_assert((int)RESTART_TOP == (int)KSTATE_RESTART_TOP &&
	       (int)RESTART_AFTER_WAKE == (int)KSTATE_RESTART_AFTER_WAKE &&
	       (int)RESTART_BEFORE_WAKE == (int)KSTATE_RESTART_BEFORE_WAKE,
	       "kstate restart_mode");
_Static_assert((int)BLK_RW_ASYNC == (int)KSTATE_BLK_RW_ASYNC &&
	       (int)BLK_RW_SYNC == (int)KSTATE_BLK_RW_SYNC &&
	       (int)BLK_RW_BOTH == (int)KSTATE_BLK_RW_BOTH, "kstate queues");
_Static_assert((int)KSWAPD_CW_FIXED == (int)KSTATE_KSWAPD_CW_FIXED &&
	       (int)KSWAPD_CW_ORDER_ADJUSTED ==
	       (int)KSTATE_KSWAPD_CW_ORDER_ADJUSTED, "kstate kswapd_cw");
_Static_assert((int)KSWAPD_SLEEP_PLAIN == (int)KSTATE_KSWAPD_SLEEP_PLAIN &&
	       (int)KSWAPD_SLEEP_QUICK_RECHECK ==
	       (int)KSTATE_KSWAPD_SLEEP_QUICK_RECHECK, "kstate kswapd_sleep");

/* The items show_free_areas() prints, from a zone's or the global vm_stat. */
static void snapshot_vm_counts(struct kstate_vm_counts *c, const long *stat)
{
	c->free_pages = clamp_stat(stat[NR_FREE_PAGES]);
	c->active_anon = clamp_stat(stat[NR_ACTIVE_ANON]);
	c->inactive_anon = clamp_stat(stat[NR_INACTIVE_ANON]);
	c->isolated_anon = clamp_stat(stat[NR_ISOLATED_ANON]);
	c->active_file = clamp_stat(stat[NR_ACTIVE_FILE]);
	c->inactive_file = clamp_stat(stat[NR_INACTIVE_FILE]);
	c->isolated_file = clamp_stat(stat[NR_ISOLATED_FILE]);
	c->unevictable = clamp_stat(stat[NR_UNEVICTABLE]);
	c->mlock = clamp_stat(stat[NR_MLOCK]);
	c->file_dirty = clamp_stat(stat[NR_FILE_DIRTY]);
	c->writeback = clamp_stat(stat[NR_WRITEBACK]);
	c->unstable_nfs = clamp_stat(stat[NR_UNSTABLE_NFS]);
	c->writeback_temp = clamp_stat(stat[NR_WRITEBACK_TEMP]);
	c->file_mapped = clamp_stat(stat[NR_FILE_MAPPED]);
	c->file_pages = clamp_stat(stat[NR_FILE_PAGES]);
	c->shmem = clamp_stat(stat[NR_SHMEM]);
	c->slab_reclaimable = clamp_stat(stat[NR_SLAB_RECLAIMABLE]);
	c->slab_unreclaimable = clamp_stat(stat[NR_SLAB_UNRECLAIMABLE]);
	c->kernel_stack = clamp_stat(stat[NR_KERNEL_STACK]);
	c->pagetable = clamp_stat(stat[NR_PAGETABLE]);
	c->bounce = clamp_stat(stat[NR_BOUNCE]);
}

static void snapshot_zone(struct show_mem_snapshot *m, struct zone *zone)
{
	struct zone_snapshot *zs = &m->zones[m->nr_zones];
	const enum zone_type *types = sim_arch ? sim_arch->zone_types :
					default_zone_types;
	enum zone_type type = (enum zone_type)zone_idx(zone);

	zs->nid = zone->zone_pgdat ? zone->zone_pgdat->node_id : 0;
	zs->type = type;
	zs->name = zone->name ? zone->name : fallback_zone_names[type];
	memcpy(zs->watermark, zone->watermark, sizeof(zs->watermark));
	snapshot_vm_counts(&zs->stat, zone->vm_stat);
	zs->present_pages = zone->present_pages;
	zs->pages_scanned = zone->pages_scanned;
	zs->all_unreclaimable = test_bit(ZONE_ALL_UNRECLAIMABLE, &zone->flags);
	for (int order = 0; order < MAX_ORDER; order++)
		zs->nr_free[order] = zone->free_area[order].nr_free;
	zs->pcp = calloc(m->nr_cpus ? m->nr_cpus : 1, sizeof(*zs->pcp));
	BUG_ON(!zs->pcp);
	for (unsigned int cpu = 0; zone->pageset && cpu < m->nr_cpus; cpu++) {
		const struct per_cpu_pages *pcp = &zone_pcp(zone, cpu)->pcp;

		zs->pcp[cpu].high = pcp->high;
		zs->pcp[cpu].batch = pcp->batch;
		zs->pcp[cpu].count = pcp->count;
	}
	for (unsigned int k = 0; k < m->nr_lowmem_reserve; k++)
		m->lowmem_reserve[m->nr_zones][k] =
			zone->lowmem_reserve[types[k]];
	m->nr_zones++;
}

/* CONFIG_HIGHMEM: the x86-32 machines. */
static bool highmem_config(void)
{
	return sim_arch && sim_arch->arch == ARCH_X86;
}

static bool page_is_highmem(const struct page *page)
{
	enum zone_type t = page_zonenum(page);

	/* x86-32's ZONE_MOVABLE is carved out of highmem. */
	return t == ZONE_HIGHMEM ||
	       (t == ZONE_MOVABLE && highmem_config());
}

static void snapshot_node_page_counts(struct show_mem_snapshot *m,
				      const struct pglist_data *pgdat)
{
	for (unsigned long i = 0; i < pgdat->node_spanned_pages; i++) {
		unsigned long pfn = pgdat->node_start_pfn + i;
		const struct page *page;

		if (!pfn_valid(pfn))
			continue;
		page = pfn_to_page(pfn);
		if (page_is_highmem(page))
			m->pages_highmem++;
		if (PageReserved(page))
			m->pages_reserved++;
		else if (page_count(page) == 1)
			m->pages_nonshared++;
		else if (page_count(page) > 1)
			m->pages_shared += page_count(page) - 1;
		m->pages_ram++;
	}
}

/* lib/show_mem.c: one pass over each node's pages. */
static void snapshot_page_counts(struct show_mem_snapshot *m)
{
	struct pglist_data *pgdat;

	m->have_page_counts = true;
	if (!mem_map)
		return;
	for_each_online_pgdat(pgdat)
		snapshot_node_page_counts(m, pgdat);
}

static struct show_mem_snapshot *snapshot_show_mem(bool page_counts)
{
	struct show_mem_snapshot *m = calloc(1, sizeof(*m));
	struct zone *zone;
	unsigned int n = 0;

	BUG_ON(!m);
	m->nr_cpus = sim_nr_cpus();
	m->nr_lowmem_reserve = sim_arch ? (unsigned int)sim_arch->nr_zone_types :
		(unsigned int)(sizeof(default_zone_types) / sizeof(default_zone_types[0]));
	m->highmem_config = highmem_config();
	m->nr_nodes = (unsigned int)nr_online_nodes;
	for_each_populated_zone(zone)
		n++;
	m->zones = calloc(n ? n : 1, sizeof(*m->zones));
	m->lowmem_reserve = calloc(n ? n : 1, sizeof(*m->lowmem_reserve));
	BUG_ON(!m->zones || !m->lowmem_reserve);
	for_each_populated_zone(zone)
		snapshot_zone(m, zone);
	snapshot_vm_counts(&m->global, vm_stat);
	swap_cache_stats_get(&m->swap_cache);
	m->nr_swap_pages = nr_swap_pages;
	m->total_swap_pages = total_swap_pages;
	if (page_counts)
		snapshot_page_counts(m);
	return m;
}

struct show_mem_snapshot *show_mem_snapshot_take(void)
{
	return snapshot_show_mem(true);
}

static void new_record_chunk(void)
{
	void *chunk;

	if (nr_record_chunks == record_chunks_cap) {
		size_t cap = record_chunks_cap ? 2 * record_chunks_cap : 16;
		struct alloc_failure **c = realloc(record_chunks,
						   cap * sizeof(*c));

		BUG_ON(!c);
		record_chunks = c;
		record_chunks_cap = cap;
	}
	BUG_ON(posix_memalign(&chunk, RECORD_CHUNK_BYTES, RECORD_CHUNK_BYTES));
#ifdef MADV_HUGEPAGE
	madvise(chunk, RECORD_CHUNK_BYTES, MADV_HUGEPAGE);
#endif
	record_chunks[nr_record_chunks++] = chunk;
}

static struct alloc_failure *new_record(void)
{
	struct alloc_failure *f;

	if (nr_records == nr_record_chunks * RECORDS_PER_CHUNK)
		new_record_chunk();
	f = record_at(nr_records++);
	memset(f, 0, sizeof(*f));
	return f;
}

/* ---- the explanation ------------------------------------------------ */

/*
 * zone_watermark_ok (2.6.32 mm/page_alloc.c) once more, keeping the
 * numbers of the test that decides.  The two must agree on every zone
 * state; tests/test_explain.c checks that they do.
 */
static inline __attribute__((always_inline)) void
__zone_watermark_explain(struct zone *z, int order, int mark,
			 int classzone_idx, int alloc_flags,
			 struct zone_verdict *v)
{
	long min, free_pages, raw;

	memset(v, 0, sizeof(*v));
	v->nid = z->zone_pgdat ? z->zone_pgdat->node_id : 0;
	v->type = (enum zone_type)zone_idx(z);
	v->name = z->name ? z->name : fallback_zone_names[v->type];
	v->mark = mark;
	v->mark_pages = (long)z->watermark[mark];
	v->free = z->vm_stat[NR_FREE_PAGES] < 0 ? 0 : z->vm_stat[NR_FREE_PAGES];
	v->lowmem_reserve = (long)z->lowmem_reserve[classzone_idx];
	for (int o = order; o < MAX_ORDER; o++)
		v->blocks_ge_order += z->free_area[o].nr_free;

	min = v->mark_pages;
	if (alloc_flags & ALLOC_HIGH)
		min -= min / 2;
	if (alloc_flags & ALLOC_HARDER)
		min -= min / 4;
	v->min = min;
	if (alloc_flags & ALLOC_NO_WATERMARKS) {
		v->step = WMARK_STEP_NONE;
		return;
	}
	raw = v->free;
	free_pages = raw - (1L << order) + 1;
	if (free_pages <= min + v->lowmem_reserve) {
		v->step = WMARK_STEP_ORDER0;
		return;
	}
	for (int o = 0; o < order; o++) {
		raw -= (long)(z->free_area[o].nr_free << o);
		free_pages -= (long)(z->free_area[o].nr_free << o);
		min >>= 1;
		if (free_pages <= min) {
			v->step = WMARK_STEP_ORDER_K;
			v->fail_order = o + 1;
			v->blocks_pages = raw;
			v->free_k = free_pages;
			v->need = min;
			return;
		}
	}
	v->step = WMARK_STEP_PASSED;
}

void zone_watermark_explain(struct zone *z, int order, int mark,
			    int classzone_idx, int alloc_flags,
			    struct zone_verdict *v)
{
	__zone_watermark_explain(z, order, mark, classzone_idx, alloc_flags, v);
}

/* What @zone looked like to the order >= 1 atomic request of @f. */
static void highorder_state_take(const struct alloc_failure *f,
				 struct zone *zone,
				 struct highorder_fail_state *h)
{
	memset(h, 0, sizeof(*h));
	h->time = f->time;
	h->order = f->order;
	h->nid = zone->zone_pgdat ? zone->zone_pgdat->node_id : 0;
	h->zone = (enum zone_type)zone_idx(zone);
	h->free = zone->vm_stat[NR_FREE_PAGES];
	for (unsigned int o = f->order; o < MAX_ORDER; o++)
		for (int t = 0; t < MIGRATE_TYPES; t++)
			h->blocks[t] +=
				(long)(zone->free_area[o].nr_free_mt[t] << o);
	for (unsigned int cpu = 0; zone->pageset && cpu < sim_nr_cpus(); cpu++)
		h->pcp += zone_pcp(zone, cpu)->pcp.count;
	memcpy(h->watermark, zone->watermark, sizeof(h->watermark));
}

static void highorder_state_append(const struct highorder_fail_state *h)
{
	if (nr_highorder_states == highorder_states_cap) {
		size_t cap = highorder_states_cap ? 2 * highorder_states_cap : 256;
		struct highorder_fail_state *a =
			realloc(highorder_states, cap * sizeof(*a));

		BUG_ON(!a);
		highorder_states = a;
		highorder_states_cap = cap;
	}
	highorder_states[nr_highorder_states++] = *h;
}

/* A failure's reason takes the preferred zone's verdict. */
static inline void reason_from_verdict(struct alloc_fail_reason *r,
				       const struct zone_verdict *v)
{
	r->step = v->step;
	r->nid = v->nid;
	r->zone = v->type;
	r->fail_order = v->fail_order;
}

/* The NOWM_* reasons gfp_to_alloc_flags() had for no ALLOC_NO_WATERMARKS. */
static unsigned int nowm_denied(gfp_t gfp_mask, const struct task_struct *p)
{
	unsigned int why = 0;

	if (gfp_mask & __GFP_NOMEMALLOC)
		why |= NOWM_NOMEMALLOC;
	if (in_interrupt())
		why |= NOWM_IN_INTERRUPT;
	if (!p)
		why |= NOWM_NO_TASK;
	else if (!(p->flags & PF_MEMALLOC) &&
		 !test_bit(TIF_MEMDIE, &p->tif_flags))
		why |= NOWM_NOT_MEMALLOC;
	return why;
}

/* The goto nopage that was taken, in __alloc_pages_slowpath's order. */
static enum nopage_reason nopage_reason(gfp_t gfp_mask, unsigned int order,
					const struct task_struct *p,
					const struct slowpath_note *note)
{
	if (!(gfp_mask & __GFP_WAIT))
		return NOPAGE_ATOMIC;
	if (!p)
		return NOPAGE_NO_TASK;
	if (p->flags & PF_MEMALLOC)
		return NOPAGE_PF_MEMALLOC;
	if (test_bit(TIF_MEMDIE, &p->tif_flags) && !(gfp_mask & __GFP_NOFAIL))
		return NOPAGE_MEMDIE;
	if (note && note->counts.reclaim_passes && !note->counts.last_progress &&
	    (gfp_mask & __GFP_FS) && !(gfp_mask & __GFP_NORETRY) &&
	    order > PAGE_ALLOC_COSTLY_ORDER)
		return NOPAGE_COSTLY_NO_OOM;
	return NOPAGE_NO_RETRY;
}

/*
 * The zonelist and flags the slow path used, from its note, or rebuilt
 * as __alloc_pages_nodemask would (record_alloc_failure() callers).
 */
static bool explain_context(gfp_t gfp_mask, const struct slowpath_note *note,
			    struct slowpath_note *out)
{
	memset(out, 0, sizeof(*out));
	if (note) {
		*out = *note;
		return out->zonelist && out->preferred_zone;
	}
	if (!sim_arch || !NODE_DATA(0))
		return false;
	out->zonelist = node_zonelist(numa_node_id(), gfp_mask);
	out->high_zoneidx = gfp_zone(gfp_mask);
	out->preferred_zone = first_zones_zonelist(out->zonelist,
						   out->high_zoneidx);
	out->alloc_flags = gfp_to_alloc_flags(gfp_mask) & ~ALLOC_NO_WATERMARKS;
	return out->preferred_zone != NULL;
}

/* The failure's reason, and with @x the full explanation. */
static void explain_failure(struct alloc_failure *f,
			    const struct slowpath_note *note,
			    struct alloc_explain *x)
{
	struct task_struct *p = current;
	struct alloc_fail_reason *r = &f->reason;
	struct slowpath_note ctx;
	struct zone *zone, **z;
	int classzone_idx, mark;
	bool first = true;

	r->nopage = nopage_reason(f->gfp_mask, f->order, p, note);
	r->zone = MAX_NR_ZONES;
	if (!explain_context(f->gfp_mask, note, &ctx))
		return;
	classzone_idx = zone_idx(ctx.preferred_zone);
	mark = ctx.alloc_flags & ALLOC_WMARK_MASK;
	if (f->order && !(f->gfp_mask & __GFP_WAIT)) {
		struct highorder_fail_state h;

		highorder_state_take(f, ctx.preferred_zone, &h);
		highorder_state_append(&h);
		if (x) {
			x->have_highorder = true;
			x->highorder = h;
		}
	}
	r->mark = mark;
	r->harder = ctx.alloc_flags & ALLOC_HARDER;
	r->high = ctx.alloc_flags & ALLOC_HIGH;
	if (x) {
		x->have_note = note != NULL;
		x->alloc_flags = ctx.alloc_flags;
		x->slowpath_flags = gfp_to_alloc_flags(f->gfp_mask);
		x->last_attempt = ctx.last_attempt;
		x->nowm_denied = nowm_denied(f->gfp_mask, p);
		x->rt_task = p && rt_task(p);
		x->classzone_idx = classzone_idx;
		x->high_zoneidx = ctx.high_zoneidx;
		x->migratetype = allocflags_to_migratetype(f->gfp_mask);
		x->note = ctx.counts;
		kswapd_snapshot_get(ctx.preferred_zone->zone_pgdat->node_id,
				    &x->kswapd);
		x->restart_mode = kprofile_get(restart_mode);
		x->rt_harder_in_irq = kprofile_get(rt_harder_in_irq);
		x->cw_alloc = kprofile_get(cw_alloc);
		x->kswapd_sleep = kprofile_get(kswapd_sleep);
		x->kswapd_cw_priority = kprofile_get(kswapd_cw_priority);
	}
	for_each_zone_zonelist(zone, z, ctx.zonelist, ctx.high_zoneidx) {
		struct zone_verdict v, *vp;

		if (!x) {
			/*
			 * The reason alone: the preferred zone's verdict in
			 * a local the compiler trims to the four fields
			 * read (most failures, those past the snapshot cap).
			 */
			__zone_watermark_explain(zone, (int)f->order, mark,
						 classzone_idx, ctx.alloc_flags,
						 &v);
			reason_from_verdict(r, &v);
			break;
		}
		if (x->nr_zones == EXPLAIN_ZONES) {
			x->nr_zones_more++;
			continue;
		}
		vp = &x->zones[x->nr_zones++];
		zone_watermark_explain(zone, (int)f->order, mark, classzone_idx,
				       ctx.alloc_flags, vp);
		if (first) {
			reason_from_verdict(r, vp);
			first = false;
		}
	}
}

void record_alloc_failure_note(gfp_t gfp_mask, unsigned int order,
			       const struct slowpath_note *note)
{
	struct alloc_failure *f = new_record();
	struct task_struct *p = current;

	f->time = sim_now();
	f->when_jiffies = jiffies;
	/*
	 * An interrupt on an idle CPU runs on the idle task, "swapper".
	 * new_record() zeroed the record, so copying at most 15 bytes
	 * leaves comm NUL-terminated, as snprintf("%.15s") would; a
	 * default run records ~380,000 failures and snprintf cost 3% of it.
	 */
	if (p)
		memcpy(f->comm, p->comm, strnlen(p->comm, sizeof(f->comm) - 1));
	else
		memcpy(f->comm, "swapper", sizeof("swapper") - 1);
	f->pid = p ? p->pid : 0;
	f->cpu = smp_processor_id();
	f->in_interrupt = in_interrupt();
	f->order = order;
	f->gfp_mask = gfp_mask;

	/* nopage: if (!(gfp_mask & __GFP_NOWARN) && printk_ratelimit()) */
	if (gfp_mask & __GFP_NOWARN) {
		f->nowarn = true;
		nr_nowarn++;
	} else if (printk_ratelimit(&f->ratelimit_missed)) {
		f->printed = true;
		nr_printed++;
	} else {
		f->ratelimited = true;
		nr_ratelimited++;
	}

	if (f->printed) {
		f->mem = snapshot_show_mem(alloc_fail_page_counts);
	} else if (nr_unprinted_snapshots < ALLOC_FAIL_UNPRINTED_SNAPSHOTS) {
		/* Kept for analysis; the page walk is skipped (nobody prints it). */
		f->mem = snapshot_show_mem(false);
		nr_unprinted_snapshots++;
	}
	/* Past the cap only the small reason is kept, for the tally. */
	if (f->mem) {
		f->why = calloc(1, sizeof(*f->why));
		BUG_ON(!f->why);
	}
	explain_failure(f, note, f->why);
}

void record_alloc_failure(gfp_t gfp_mask, unsigned int order)
{
	record_alloc_failure_note(gfp_mask, order, NULL);
}

size_t highorder_failure_count(void)
{
	return nr_highorder_states;
}

const struct highorder_fail_state *highorder_failure_get(size_t i)
{
	return i < nr_highorder_states ? &highorder_states[i] : NULL;
}

size_t alloc_failure_count(void)
{
	return nr_records;
}

const struct alloc_failure *alloc_failure_get(size_t i)
{
	return i < nr_records ? record_at(i) : NULL;
}

unsigned int alloc_failure_max_order(void)
{
	unsigned int order = 0;

	for (size_t i = 0; i < alloc_failure_count(); i++)
		if (alloc_failure_get(i)->order > order)
			order = alloc_failure_get(i)->order;
	return order;
}

size_t alloc_failures_printed(void)
{
	return nr_printed;
}

size_t alloc_failures_nowarn(void)
{
	return nr_nowarn;
}

size_t alloc_failures_ratelimited(void)
{
	return nr_ratelimited;
}

int alloc_failures_ratelimit_pending(void)
{
	return printk_rs.missed;
}

void show_mem_snapshot_free(struct show_mem_snapshot *m)
{
	if (!m)
		return;
	for (unsigned int z = 0; z < m->nr_zones; z++)
		free(m->zones[z].pcp);
	free(m->zones);
	free(m->lowmem_reserve);
	free(m);
}

void alloc_failures_reset(void)
{
	for (size_t i = 0; i < nr_records; i++) {
		show_mem_snapshot_free(record_at(i)->mem);
		free(record_at(i)->why);
	}
	for (size_t c = 0; c < nr_record_chunks; c++)
		free(record_chunks[c]);
	free(record_chunks);
	record_chunks = NULL;
	nr_records = nr_record_chunks = record_chunks_cap = 0;
	nr_printed = nr_nowarn = nr_ratelimited = nr_unprinted_snapshots = 0;
	free(highorder_states);
	highorder_states = NULL;
	nr_highorder_states = highorder_states_cap = 0;
	memset(&printk_rs, 0, sizeof(printk_rs));
}

/* Measures of a run (metrics/metrics.h): the failures counted. */
static void collect_failures(struct run_result *r)
{
	result_set_uint(r, "failures_printed", alloc_failures_printed());
	result_set_uint(r, "failures_total", alloc_failure_count());
}

static struct measure failures_printed_measure = {
	.name = "failures_printed", .doc = "page allocation failures the "
	"kern.log showed: the cover letter's Failures column",
	.unit = "failures", .kind = MEASURE_COUNTER,
	.aggregate = AGGREGATE_MEAN_STDDEV, .json = "failures_printed",
	.csv = "failures_printed", .type = MT_UINT, .collect = collect_failures,
};
MEASURE_REGISTER(failures_printed_measure);

static struct measure failures_total_measure = {
	.name = "failures_total", .doc = "every page allocation failure, "
	"__GFP_NOWARN and ratelimited ones included",
	.unit = "failures", .kind = MEASURE_COUNTER,
	.aggregate = AGGREGATE_MEAN_STDDEV, .json = "failures_total",
	.csv = "failures_total", .type = MT_UINT,
};
MEASURE_REGISTER(failures_total_measure);

MEASURE_SHOWN(failures, .name = "failures", .order = 20,
	.doc = "failures printed: the page allocation failures kern.log "
	"printed, the cover letter's Failures (no __GFP_NOWARN ones, none the "
	"printk rate limit suppressed)",
	.unit = "", .kind = MEASURE_COUNTER, .of = "failures_printed",
	.title = "allocation failures kern.log printed",
	.group = "allocation failures", .precision = 2);

MEASURE_SHOWN(failures_all, .name = "failures-all", .order = 30,
	.doc = "all failures: every page allocation failure, __GFP_NOWARN "
	"and rate-limited ones included",
	.unit = "", .kind = MEASURE_COUNTER, .of = "failures_total",
	.title = "allocation failures, all (__GFP_NOWARN included)",
	.group = "allocation failures",
	.precision = 2);

/*
 * Measures of the order >= 1 atomic failures' zone states: medians over
 * the run's failures of the preferred zone's NR_FREE_PAGES, its pages in
 * free blocks of the request's order or more (all lists, and the
 * MIGRATE_RESERVE lists alone), the pages its pcp lists held, and the
 * shares of the failures with NR_FREE_PAGES below WMARK_MIN and WMARK_LOW.
 */
static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return (x > y) - (x < y);
}

static double median_of(long *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_long);
	return n % 2 ? (double)v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

enum { HO_FREE, HO_BLOCKS, HO_RESERVE, HO_PCP, NR_HO_MEDIANS };

static void collect_highorder(struct run_result *r)
{
	static const char *const names[NR_HO_MEDIANS] = {
		"hofail_free", "hofail_blocks", "hofail_reserve", "hofail_pcp",
	};
	size_t n = nr_highorder_states, below_min = 0, below_low = 0;
	long *v;

	result_set_uint(r, "hofail_count", n);
	if (!n)
		return;
	v = calloc(n, sizeof(*v));
	BUG_ON(!v);
	for (int m = 0; m < NR_HO_MEDIANS; m++) {
		for (size_t i = 0; i < n; i++) {
			const struct highorder_fail_state *h = &highorder_states[i];
			long blocks = 0;

			for (int t = 0; t < MIGRATE_TYPES; t++)
				blocks += h->blocks[t];
			v[i] = m == HO_FREE ? h->free : m == HO_BLOCKS ? blocks :
			       m == HO_RESERVE ? h->blocks[MIGRATE_RESERVE] :
			       h->pcp;
		}
		result_set_real(r, names[m], median_of(v, n));
	}
	free(v);
	for (size_t i = 0; i < n; i++) {
		const struct highorder_fail_state *h = &highorder_states[i];

		below_min += h->free < (long)h->watermark[WMARK_MIN];
		below_low += h->free < (long)h->watermark[WMARK_LOW];
	}
	result_set_real(r, "hofail_below_min", (double)below_min / (double)n);
	result_set_real(r, "hofail_below_low", (double)below_low / (double)n);
}

static struct measure hofail_count_measure = {
	.name = "hofail_count", .doc = "order >= 1 atomic allocation failures, "
	"printed or not: the failures the hofail_* measures describe",
	.unit = "failures", .kind = MEASURE_COUNTER,
	.aggregate = AGGREGATE_MEAN_STDDEV, .json = "hofail_count",
	.csv = "hofail_count", .type = MT_UINT, .flags = MF_OMIT_EMPTY,
	.collect = collect_highorder,
};
MEASURE_REGISTER(hofail_count_measure);

#define HOFAIL_REAL(id, what)						\
static struct measure id##_measure = {					\
	.name = #id, .doc = what, .unit = "pages",			\
	.kind = MEASURE_GAUGE, .aggregate = AGGREGATE_MEAN_STDDEV,	\
	.json = #id, .csv = #id, .type = MT_REAL,			\
	.flags = MF_OMIT_EMPTY,						\
};									\
MEASURE_REGISTER(id##_measure)

HOFAIL_REAL(hofail_free, "median over the order >= 1 atomic failures of "
	    "the preferred zone's NR_FREE_PAGES");
HOFAIL_REAL(hofail_blocks, "median over the order >= 1 atomic failures of "
	    "the preferred zone's pages in free blocks of the request's order "
	    "or more, every free list");
HOFAIL_REAL(hofail_reserve, "the same, on the MIGRATE_RESERVE free lists "
	    "alone");
HOFAIL_REAL(hofail_pcp, "median over the order >= 1 atomic failures of "
	    "the pages on the preferred zone's pcp lists, every CPU");

static struct measure hofail_below_min_measure = {
	.name = "hofail_below_min", .doc = "share of the order >= 1 atomic "
	"failures with the preferred zone's NR_FREE_PAGES below WMARK_MIN",
	.unit = "fraction", .kind = MEASURE_GAUGE,
	.aggregate = AGGREGATE_MEAN_STDDEV, .json = "hofail_below_min",
	.csv = "hofail_below_min", .type = MT_REAL, .flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(hofail_below_min_measure);

static struct measure hofail_below_low_measure = {
	.name = "hofail_below_low", .doc = "the same below WMARK_LOW",
	.unit = "fraction", .kind = MEASURE_GAUGE,
	.aggregate = AGGREGATE_MEAN_STDDEV, .json = "hofail_below_low",
	.csv = "hofail_below_low", .type = MT_REAL, .flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(hofail_below_low_measure);

/*
 * What the run's kern.log holds, for report/kern_log.c: every allocation
 * failure, hung task report and OOM kill the kernel recorded, the panic,
 * and which kernel and architecture printed them.
 */
struct kstate_log *kstate_log_take(void)
{
	struct kstate_log *log = xcalloc(1, sizeof(*log));

	kprofile_identity(NULL, &log->profile);
	log->x86_64 = !sim_arch || sim_arch->arch == ARCH_X86_64;
	log->nr_failures = alloc_failure_count();
	log->failures = xcalloc(log->nr_failures, sizeof(*log->failures));
	log->nr_hung = hung_task_count();
	log->hung = xcalloc(log->nr_hung, sizeof(*log->hung));
	log->nr_kills = oom_kill_count();
	log->kills = xcalloc(log->nr_kills, sizeof(*log->kills));
	for (size_t i = 0; i < log->nr_failures; i++)
		log->failures[i] = alloc_failure_get(i);
	for (size_t i = 0; i < log->nr_hung; i++)
		log->hung[i] = hung_task_get(i);
	for (size_t i = 0; i < log->nr_kills; i++)
		log->kills[i] = oom_kill_get(i);
	log->panic = oom_panic_get();
	return log;
}

/*
 * Why order >= 1 atomic allocations failed (docs/model.md "Why order-2
 * atomic allocations fail"), as the reports show it: the preferred zone
 * at the failures, medians over a run's failures (NAN for a run without
 * any).  page_alloc.c shows what emptied it of order >= 2 blocks.
 */
MEASURE_SHOWN(hofail, .name = "hofail", .order = 260,
	.doc = "order >= 1 atomic allocation failures, printed or not",
	.unit = "", .kind = MEASURE_COUNTER, .of = "hofail_count",
	.title = "order>=1 atomic failures, all",
	.group = "why order>=1 atomics fail", .precision = 2);

#define HOFAIL_SHOWN(id, row, ord, what, higher)			\
static double shown_##id(const struct run_result *r)			\
{									\
	return result_uint(r, "hofail_count") ?				\
	       result_real(r, #id) : NAN;				\
}									\
MEASURE_SHOWN(id, .name = row, .order = ord,				\
	.doc = "at the order >= 1 atomic failures: " what,		\
	.unit = "pages", .kind = MEASURE_GAUGE, .value = shown_##id,	\
	.title = "at them: " what, .higher_is_better = higher,		\
	.group = "why order>=1 atomics fail", .precision = 2)

HOFAIL_SHOWN(hofail_free, "hofail-free", 270,
	     "the zone's free pages (median)", true);
HOFAIL_SHOWN(hofail_blocks, "hofail-blocks", 280,
	     "pages in blocks >= the order (median)", true);
HOFAIL_SHOWN(hofail_reserve, "hofail-reserve", 290,
	     "of those, on MIGRATE_RESERVE lists (median)", true);
HOFAIL_SHOWN(hofail_pcp, "hofail-pcp", 300,
	     "pages on the pcp lists (median)", false);
