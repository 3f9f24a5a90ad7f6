// SPDX-License-Identifier: GPL-2.0
/*
 * Zone counters and VM event counters (mm/vmstat.c).
 *
 * The zone counters are the SMP kernel's (2.6.30-2.6.32 mm/vmstat.c, the
 * same in the three): each CPU keeps an s8 differential per zone and item
 * in its per_cpu_pageset; __mod_zone_page_state() and friends change the
 * differential of the CPU the code runs on and fold it into zone->vm_stat
 * and the global vm_stat only when it passes the zone's stat_threshold
 * (calculate_threshold()); vmstat_update() folds a CPU's differentials
 * every sysctl_stat_interval.  Readers (zone_page_state(), and so
 * zone_watermark_ok()) see the folded counters only: up to
 * stat_threshold x nr_cpus pages off.
 *
 * Names are the 2.6.32 vmstat_text[]; which of them /proc/vmstat prints
 * for each kernel version is decided in src/report/procfs.c from
 * kprofile.vmstat_fields.  The VM event counters are one global array:
 * the kernel's per-cpu event counters are only ever read summed.
 */
#include <string.h>
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/vmstat.h"
#include "mmsim/buddy_snapshot.h"
#include "metrics/metrics.h"
#include "metrics/buddy_series.h"
#include "mmsim/kstate.h"
#include "mmsim/profile.h"
#include "util/xalloc.h"

unsigned long vm_events[NR_VM_EVENT_ITEMS];
long vm_stat[NR_VM_ZONE_STAT_ITEMS];

const char *const vmstat_zone_stat_names[NR_VM_ZONE_STAT_ITEMS] = {
	[NR_FREE_PAGES] = "nr_free_pages",
	[NR_INACTIVE_ANON] = "nr_inactive_anon",
	[NR_ACTIVE_ANON] = "nr_active_anon",
	[NR_INACTIVE_FILE] = "nr_inactive_file",
	[NR_ACTIVE_FILE] = "nr_active_file",
	[NR_UNEVICTABLE] = "nr_unevictable",
	[NR_MLOCK] = "nr_mlock",
	[NR_ANON_PAGES] = "nr_anon_pages",
	[NR_FILE_MAPPED] = "nr_mapped",
	[NR_FILE_PAGES] = "nr_file_pages",
	[NR_FILE_DIRTY] = "nr_dirty",
	[NR_WRITEBACK] = "nr_writeback",
	[NR_SLAB_RECLAIMABLE] = "nr_slab_reclaimable",
	[NR_SLAB_UNRECLAIMABLE] = "nr_slab_unreclaimable",
	[NR_PAGETABLE] = "nr_page_table_pages",
	[NR_KERNEL_STACK] = "nr_kernel_stack",
	[NR_UNSTABLE_NFS] = "nr_unstable",
	[NR_BOUNCE] = "nr_bounce",
	[NR_VMSCAN_WRITE] = "nr_vmscan_write",
	[NR_WRITEBACK_TEMP] = "nr_writeback_temp",
	[NR_ISOLATED_ANON] = "nr_isolated_anon",
	[NR_ISOLATED_FILE] = "nr_isolated_file",
	[NR_SHMEM] = "nr_shmem",
};

#define ZONE_NAMES(x) \
	x "_dma", x "_dma32", x "_normal", x "_high", x "_movable"

static const char *const vm_event_names[NR_VM_EVENT_ITEMS] = {
	"pgpgin", "pgpgout", "pswpin", "pswpout",
	ZONE_NAMES("pgalloc"),
	"pgfree", "pgactivate", "pgdeactivate",
	"pgfault", "pgmajfault",
	ZONE_NAMES("pgrefill"),
	ZONE_NAMES("pgsteal"),
	ZONE_NAMES("pgscan_kswapd"),
	ZONE_NAMES("pgscan_direct"),
	"pginodesteal", "slabs_scanned", "kswapd_steal", "kswapd_inodesteal",
	/* P4 ("vmscan: Have kswapd sleep for a short interval and double
	 * check it should be asleep") names them so. */
	"kswapd_slept_prematurely_fast", "kswapd_slept_prematurely_slow",
	"pageoutrun", "allocstall", "pgrotated",
	"unevictable_pgs_culled", "unevictable_pgs_scanned",
	"unevictable_pgs_rescued", "unevictable_pgs_mlocked",
	"unevictable_pgs_munlocked", "unevictable_pgs_cleared",
	"unevictable_pgs_stranded", "unevictable_pgs_mlockfreed",
};

_Static_assert(PGALLOC_DMA + ZONE_MOVABLE == PGALLOC_MOVABLE,
	       "FOR_ALL_ZONES follows enum zone_type");

const char *vm_event_name(enum vm_event_item item)
{
	return vm_event_names[item];
}

void __count_zone_vm_events(enum vm_event_item item, struct zone *zone,
			    long delta)
{
	vm_events[item + zone_idx(zone)] += delta;
}

/* zone_page_state_add(): a folded amount reaches the zone and the sum. */
static inline void zone_page_state_add(long x, struct zone *zone,
				       enum zone_stat_item item)
{
	zone->vm_stat[item] += x;
	vm_stat[item] += x;
}

static inline struct per_cpu_pageset *this_cpu_pageset(struct zone *zone)
{
	return zone_pcp(zone, smp_processor_id());
}

/* 2.6.32 __mod_zone_page_state(): past the threshold, all of it goes. */
void __mod_zone_page_state(struct zone *zone, enum zone_stat_item item,
			   long delta)
{
	struct per_cpu_pageset *pcp = this_cpu_pageset(zone);
	int8_t *p = pcp->vm_stat_diff + item;
	long x = delta + *p;

	if (unlikely(x > pcp->stat_threshold || x < -pcp->stat_threshold)) {
		zone_page_state_add(x, zone, item);
		x = 0;
	}
	*p = (int8_t)x;
}

/*
 * 2.6.32 __inc_zone_state() and __dec_zone_state(): past the threshold
 * they fold half a threshold more than they have ("overstep") and leave
 * the differential at minus that, so a counter moving one way folds once
 * every 1.5 thresholds.
 */
void __inc_zone_state(struct zone *zone, enum zone_stat_item item)
{
	struct per_cpu_pageset *pcp = this_cpu_pageset(zone);
	int8_t *p = pcp->vm_stat_diff + item;

	(*p)++;
	if (unlikely(*p > pcp->stat_threshold)) {
		int overstep = pcp->stat_threshold / 2;

		zone_page_state_add(*p + overstep, zone, item);
		*p = (int8_t)-overstep;
	}
}

void __dec_zone_state(struct zone *zone, enum zone_stat_item item)
{
	struct per_cpu_pageset *pcp = this_cpu_pageset(zone);
	int8_t *p = pcp->vm_stat_diff + item;

	(*p)--;
	if (unlikely(*p < -pcp->stat_threshold)) {
		int overstep = pcp->stat_threshold / 2;

		zone_page_state_add(*p - overstep, zone, item);
		*p = (int8_t)overstep;
	}
}

void __inc_zone_page_state(struct page *page, enum zone_stat_item item)
{
	__inc_zone_state(page_zone(page), item);
}

void __dec_zone_page_state(struct page *page, enum zone_stat_item item)
{
	__dec_zone_state(page_zone(page), item);
}

/* As the SMP kernel: a transiently negative counter reads as 0. */
unsigned long zone_page_state(const struct zone *zone,
			      enum zone_stat_item item)
{
	long x = zone->vm_stat[item];

	return x < 0 ? 0 : (unsigned long)x;
}

unsigned long global_page_state(enum zone_stat_item item)
{
	long x = vm_stat[item];

	return x < 0 ? 0 : (unsigned long)x;
}

long zone_page_state_snapshot(const struct zone *zone,
			      enum zone_stat_item item)
{
	long x = zone->vm_stat[item];

	if (zone->pageset)
		for (unsigned int cpu = 0; cpu < num_online_cpus(); cpu++)
			x += zone->pageset[cpu].vm_stat_diff[item];
	return x;
}

long global_page_state_snapshot(enum zone_stat_item item)
{
	struct zone *zone;
	long x = vm_stat[item];

	if (!first_online_pgdat())
		return x;
	for_each_populated_zone(zone)
		x += zone_page_state_snapshot(zone, item) - zone->vm_stat[item];
	return x;
}

/*
 * 2.6.32 refresh_cpu_vm_stats(): every non-zero differential of @cpu goes
 * to its zone now and to the global counter after the walk.  (Its NUMA
 * half, draining remote pagesets after three idle seconds, is not
 * compiled in on the UMA machines; on NUMA mmsim leaves it out.)
 */
void refresh_cpu_vm_stats(int cpu)
{
	long global_diff[NR_VM_ZONE_STAT_ITEMS] = { 0 };
	struct zone *zone;

	for_each_populated_zone(zone) {
		struct per_cpu_pageset *p = zone_pcp(zone, cpu);

		for (int i = 0; i < NR_VM_ZONE_STAT_ITEMS; i++)
			if (p->vm_stat_diff[i]) {
				int v = p->vm_stat_diff[i];

				p->vm_stat_diff[i] = 0;
				zone->vm_stat[i] += v;
				global_diff[i] += v;
			}
	}
	for (int i = 0; i < NR_VM_ZONE_STAT_ITEMS; i++)
		vm_stat[i] += global_diff[i];
}

void vmstat_reset(void)
{
	memset(vm_events, 0, sizeof(vm_events));
	memset(vm_stat, 0, sizeof(vm_stat));
}

static int fls(unsigned int x)
{
	return x ? 32 - __builtin_clz(x) : 0;
}

/*
 * 2.6.32 calculate_threshold() (the same in 2.6.30 and 2.6.31): the
 * zone's size in 128 MiB units, mem, and threshold = 2 * fls(cpus) *
 * (1 + fls(mem)), at most 125 (the differentials are s8).  A 384-512 MB
 * zone (mem 3) has 12 with 2 CPUs and 18 with 4; a zone under 128 MB
 * (DMA) 4 and 6.
 */
int calculate_threshold(const struct zone *zone)
{
	unsigned int mem = (unsigned int)(zone->present_pages >> (27 - PAGE_SHIFT));
	int threshold = 2 * fls(num_online_cpus()) * (1 + fls(mem));

	return threshold < 125 ? threshold : 125;
}

/* 2.6.32 refresh_zone_stat_thresholds(): each populated zone's, on
 * every online CPU. */
void refresh_zone_stat_thresholds(void)
{
	struct zone *zone;

	for_each_populated_zone(zone) {
		int threshold = calculate_threshold(zone);

		for (unsigned int cpu = 0; cpu < num_online_cpus(); cpu++)
			zone_pcp(zone, cpu)->stat_threshold = (int8_t)threshold;
	}
}

/* ---- vmstat_update ---------------------------------------------------- */

int sysctl_stat_interval = 250;		/* HZ, set by setup_vmstat */

/*
 * 2.6.32 kernel/timer.c round_jiffies_common(): to a whole second, each
 * CPU skewed by 3 jiffies so that the CPUs do not fire together; within
 * a quarter second after a whole second it rounds down; never to now or
 * before (then @j unchanged).  mmsim's jiffies start at 0, not at
 * INITIAL_JIFFIES, so the seconds are counted from boot.
 */
static unsigned long round_jiffies_common(unsigned long j, int cpu)
{
	unsigned long original = j;
	unsigned long rem;

	j += (unsigned long)cpu * 3;
	rem = j % HZ;
	if (rem < HZ / 4)
		j -= rem;
	else
		j = j - rem + HZ;
	j -= (unsigned long)cpu * 3;
	if (j <= jiffies)
		return original;
	return j;
}

static unsigned long __round_jiffies_relative(unsigned long j, int cpu)
{
	unsigned long j0 = jiffies;

	return round_jiffies_common(j + j0, cpu) - j0;
}

static struct timer vmstat_work[SIM_MAX_CPUS];

/*
 * 2.6.32 vmstat_update(): fold this CPU's differentials, and come back
 * round_jiffies_relative(sysctl_stat_interval) later.  The kernel runs
 * it from the CPU's keventd as deferrable delayed work; here it is a
 * deferrable timer of that CPU's, run at its instant (the events thread's
 * scheduling delay, and NO_HZ's deferral on an idle CPU, left out).
 */
static void vmstat_update(struct timer *t)
{
	int cpu = (int)(t - vmstat_work);

	refresh_cpu_vm_stats(cpu);
	timer_add(t, sim_now() + jiffies_to_ns(
		__round_jiffies_relative((unsigned long)sysctl_stat_interval,
					 cpu)));
}

/* start_cpu_timer(): the first fold a rounded second after boot. */
static void start_cpu_timer(int cpu)
{
	struct timer *t = &vmstat_work[cpu];

	timer_init(t, vmstat_update, NULL);
	t->deferrable = true;
	timer_add(t, sim_now() +
		  jiffies_to_ns(__round_jiffies_relative(HZ, cpu)));
}

void setup_vmstat(void)
{
	sysctl_stat_interval = (int)HZ;
	refresh_zone_stat_thresholds();
	for (unsigned int cpu = 0; cpu < num_online_cpus() &&
	     cpu < sim_nr_cpus(); cpu++)
		start_cpu_timer((int)cpu);
}

/*
 * The "buddy" series' snapshot of the free lists (metrics/buddy_series.c
 * keeps the series): a buddy_sample's arrays are indexed like the zone's,
 * and its record is declared here, its free blocks by migrate type
 * (migratetype_names[]) and order, as many as the zone has.
 */
_Static_assert(MAX_ORDER <= BUDDY_ORDERS, "buddy sample orders");
_Static_assert(MIGRATE_TYPES <= BUDDY_MIGRATETYPES, "buddy sample types");

#define ORDER_COLUMNS(mt)						\
	mt "_0", mt "_1", mt "_2", mt "_3", mt "_4", mt "_5", mt "_6",	\
	mt "_7", mt "_8", mt "_9", mt "_10"

static const char *const buddy_csv_names[MIGRATE_TYPES][MAX_ORDER] = {
	{ ORDER_COLUMNS("Unmovable") }, { ORDER_COLUMNS("Reclaimable") },
	{ ORDER_COLUMNS("Movable") }, { ORDER_COLUMNS("Reserve") },
	{ ORDER_COLUMNS("Isolate") },
};

static const char *const pageblock_csv_names[MIGRATE_TYPES] = {
	"pageblocks_Unmovable", "pageblocks_Reclaimable", "pageblocks_Movable",
	"pageblocks_Reserve", "pageblocks_Isolate",
};

#define BUDDY_FREE_FIELD(mt, name)					\
	{ .json = name, .csv = "free",					\
	  .type = FIELD_UINTS,						\
	  MEASURE_FIELD(struct buddy_sample, nr_free[mt]),		\
	  .count = MAX_ORDER, .csv_names = buddy_csv_names[mt] }

static const struct measure_field buddy_sample_fields[] = {
	{ .json = "t", .csv = "seconds", .type = FIELD_UINT,
	  MEASURE_FIELD(struct buddy_sample, when), MEASURE_NS_AS_SECONDS(3) },
	{ .json = "node", .csv = "node", .type = FIELD_UINT,
	  MEASURE_FIELD(struct buddy_sample, nid) },
	{ .json = "zone", .csv = "zone", .type = FIELD_CHARS,
	  MEASURE_FIELD(struct buddy_sample, zone) },
	{ .json = "nr_free_pages", .csv = "nr_free_pages", .type = FIELD_UINT,
	  MEASURE_FIELD(struct buddy_sample, nr_free_pages) },
	{ .json = "free_pages", .csv = "free_pages", .type = FIELD_UINT,
	  MEASURE_FIELD(struct buddy_sample, free_pages) },
	BUDDY_FREE_FIELD(0, "Unmovable"), BUDDY_FREE_FIELD(1, "Reclaimable"),
	BUDDY_FREE_FIELD(2, "Movable"), BUDDY_FREE_FIELD(3, "Reserve"),
	BUDDY_FREE_FIELD(4, "Isolate"),
	{ .json = "pageblocks", .csv = "pageblocks", .type = FIELD_UINTS,
	  MEASURE_FIELD(struct buddy_sample, pageblocks),
	  .count = MIGRATE_TYPES, .csv_names = pageblock_csv_names,
	  .json_names = migratetype_names },
};

const struct measure_record buddy_sample_record = {
	.name = "buddy_sample",
	.fields = buddy_sample_fields,
	.nr_fields = sizeof(buddy_sample_fields) / sizeof(buddy_sample_fields[0]),
	.size = sizeof(struct buddy_sample),
};


/*
 * Pageblocks per migrate type, as pagetypeinfo_showblockcount_print()
 * counts them (mm/vmstat.c:496 at v2.6.30, v2.6.31 and v2.6.32-rc6): every
 * pageblock_nr_pages from the zone's first pfn, those whose pfn is valid
 * and whose page is of this zone (memmap_valid_within()).  The buddy
 * series and /proc/pagetypeinfo both.
 */
static void count_pageblocks(struct zone *zone, uint64_t *count)
{
	unsigned long end = zone->zone_start_pfn + zone->spanned_pages;

	for (unsigned long pfn = zone->zone_start_pfn; pfn < end;
	     pfn += pageblock_nr_pages) {
		struct page *page;

		if (!pfn_valid(pfn))
			continue;
		page = pfn_to_page(pfn);
		if (page_zone(page) != zone)
			continue;
		count[get_pageblock_migratetype(page)]++;
	}
}

static void sample_zone(struct zone *zone, struct buddy_sample *b)
{
	b->nid = (uint32_t)zone->zone_pgdat->node_id;
	snprintf(b->zone, sizeof(b->zone), "%s", zone->name);
	b->nr_free_pages = zone_page_state(zone, NR_FREE_PAGES);
	/*
	 * The lists' lengths as the allocator keeps them: walking every free
	 * page at every sample, as pagetypeinfo_showfree does once, cost more
	 * than a tenth of a run.
	 */
	for (int order = 0; order < MAX_ORDER; order++)
		for (int t = 0; t < MIGRATE_TYPES; t++) {
			uint64_t n = zone->free_area[order].nr_free_mt[t];

			b->nr_free[t][order] = n;
			b->free_pages += n << order;
		}
	count_pageblocks(zone, b->pageblocks);
}

void buddy_snapshot(uint64_t when, buddy_snapshot_fn fn, void *data)
{
	struct zone *zone;

	for_each_populated_zone(zone) {
		struct buddy_sample b;

		memset(&b, 0, sizeof(b));
		b.when = when;
		sample_zone(zone, &b);
		fn(&b, min_wmark_pages(zone), low_wmark_pages(zone), data);
	}
}

const char *gfp_atomic_zone_name(void)
{
	struct zone *zone = first_zones_zonelist(node_zonelist(0, GFP_ATOMIC),
						 gfp_zone(GFP_ATOMIC));

	return zone ? zone->name : NULL;
}

/*
 * Measures of a run (metrics/metrics.h): the counters /proc/vmstat shows
 * and the zones' watermarks, as they are when the run ends.
 */
static void collect_vm_events(struct run_result *r)
{
	uint64_t *v = result_uints_mut(r, "vm_events");

	for (int i = 0; i < NR_VM_EVENT_ITEMS; i++)
		v[i] = vm_events[i];
}

static const char *vm_event_element(unsigned int dim, unsigned int i)
{
	return vm_event_names[i];
}

static struct measure vm_events_measure = {
	.name = "vm_events", .doc = "the VM event counters, by enum vm_event_item",
	.unit = "events", .kind = MEASURE_COUNTER, .aggregate = AGGREGATE_MEAN,
	.json = "vm_events", .csv = "vm_events",
	.type = MT_ARRAY, .dims = { NR_VM_EVENT_ITEMS },
	.element_name = vm_event_element, .collect = collect_vm_events,
	.show = SHOW_HTML, .caption = "VM event counters (/proc/vmstat)",
	.keys = { "counter" }, .row_prefix = "vmstat",
};
MEASURE_REGISTER(vm_events_measure);

/* The /proc/vmstat events the reports show, by their names there. */
#define VM_EVENT_SHOWN(id, row, ord, what, doc_text)			\
static double shown_##id(const struct run_result *r)			\
{									\
	return (double)result_uint_at(r, "vm_events", #id);		\
}									\
MEASURE_SHOWN(id, .name = row, .order = ord, .doc = doc_text,		\
	.unit = "", .kind = MEASURE_COUNTER, .value = shown_##id,	\
	.title = what, .group = "reclaim", .precision = 2)

VM_EVENT_SHOWN(kswapd_slept_prematurely_fast, "premature-fast", 90,
	       "kswapd premature sleeps, fast",
	       "vmstat kswapd_slept_prematurely_fast");
VM_EVENT_SHOWN(kswapd_slept_prematurely_slow, "premature-slow", 100,
	       "kswapd premature sleeps, slow",
	       "vmstat kswapd_slept_prematurely_slow");
/* The doc is calibrate's for a /proc/vmstat item, which these two were
 * before the reports declared them. */
VM_EVENT_SHOWN(allocstall, "allocstall", 110, "allocstall",
	       "/proc/vmstat allocstall at the end of the run");
VM_EVENT_SHOWN(pswpout, "pswpout", 120, "pswpout",
	       "/proc/vmstat pswpout at the end of the run");

/* Not in compare's table; validate's claims read them. */
VM_EVENT_SHOWN(pageoutrun, "pageoutrun", 0, "pageoutrun",
	       "/proc/vmstat pageoutrun at the end of the run");
VM_EVENT_SHOWN(kswapd_steal, "kswapd-steal", 0, "kswapd_steal (pages)",
	       "pages kswapd reclaimed (/proc/vmstat kswapd_steal)");

static double shown_premature(const struct run_result *r)
{
	return (double)(result_uint_at(r, "vm_events",
				       "kswapd_slept_prematurely_fast") +
			result_uint_at(r, "vm_events",
				       "kswapd_slept_prematurely_slow"));
}

MEASURE_SHOWN(premature, .name = "premature",
	.doc = "kswapd_slept_prematurely fast and slow together",
	.unit = "", .kind = MEASURE_COUNTER, .value = shown_premature,
	.title = "kswapd_slept_prematurely fast+slow", .group = "reclaim");

static void collect_vm_stat(struct run_result *r)
{
	int64_t *v = result_ints_mut(r, "vm_stat");

	for (int i = 0; i < NR_VM_ZONE_STAT_ITEMS; i++)
		v[i] = vm_stat[i];
}

static const char *vm_stat_element(unsigned int dim, unsigned int i)
{
	return vmstat_zone_stat_names[i];
}

static struct measure vm_stat_measure = {
	.name = "vm_stat", .doc = "the global zone counters, by enum zone_stat_item",
	.unit = "pages", .kind = MEASURE_GAUGE, .aggregate = AGGREGATE_MEAN,
	.json = "vm_stat", .csv = "vm_stat",
	.type = MT_ARRAY, .dims = { NR_VM_ZONE_STAT_ITEMS }, .is_signed = true,
	.element_name = vm_stat_element, .collect = collect_vm_stat,
};
MEASURE_REGISTER(vm_stat_measure);

/* Per zone type, summed over the nodes, for the free-pages plots. */
static void collect_watermarks(struct run_result *r)
{
	uint64_t *v = result_uints_mut(r, "watermarks");
	struct zone *zone;

	for_each_zone(zone)
		for (int w = 0; w < NR_WMARK; w++)
			v[zone_idx(zone) * NR_WMARK + w] += zone->watermark[w];
}

/* Zone types by the kernel's zone_names[], watermarks by their
 * enum zone_watermarks names, lower case as /proc/zoneinfo prints them. */
static const char *watermark_element(unsigned int dim, unsigned int i)
{
	static const char *const marks[NR_WMARK] = { "min", "low", "high" };

	return dim ? marks[i] : zone_names[i];
}

static struct measure watermarks_measure = {
	.name = "watermarks", .doc = "zone->watermark[] min, low, high per zone "
	"type (all 0 in results written before they were recorded)",
	.unit = "pages", .kind = MEASURE_GAUGE, .json = "watermarks",
	.type = MT_ARRAY, .dims = { MAX_NR_ZONES, NR_WMARK },
	.flags = MF_OMIT_EMPTY, .element_name = watermark_element,
	.collect = collect_watermarks,
};
MEASURE_REGISTER(watermarks_measure);

/* ---- Snapshots for /proc (metrics/kstate.h) -------------------------- */

_Static_assert(MAX_ORDER == KSTATE_NR_ORDERS, "kstate orders");
_Static_assert(MIGRATE_TYPES == KSTATE_NR_MIGRATETYPES, "kstate migratetypes");

/* Zone counters 2.6.32 added: .30/.31 print the others in the same order. */
static enum kstate_only zone_stat_item_only(enum zone_stat_item item)
{
	switch (item) {
	case NR_KERNEL_STACK:
	case NR_ISOLATED_ANON:
	case NR_ISOLATED_FILE:
	case NR_SHMEM:
		return KSTATE_ONLY_V32;
	default:
		return KSTATE_ALL;
	}
}

/* Is @zone_type one the architecture configures (and so prints)? */
static bool arch_has_zone(enum zone_type t)
{
	for (int i = 0; i < sim_arch->nr_zone_types; i++)
		if (sim_arch->zone_types[i] == t)
			return true;
	return false;
}

static bool is_zone_event_group(enum vm_event_item item)
{
	return item == PGALLOC_DMA || item == PGREFILL_DMA ||
	       item == PGSTEAL_DMA || item == PGSCAN_KSWAPD_DMA ||
	       item == PGSCAN_DIRECT_DMA;
}

static struct kstate_counter *counter_add(struct kstate_mem *m,
					  size_t *room)
{
	if (m->nr_vmstat == *room) {
		*room = *room ? *room * 2 : 128;
		m->vmstat = xrealloc(m->vmstat, *room * sizeof(*m->vmstat));
	}
	return &m->vmstat[m->nr_vmstat++];
}

/*
 * vmstat_show()'s lines: the zone counters, then the events, the per-zone
 * groups for the zones the architecture configures; the numa_* lines are
 * absent (mmsim does not count numa_hit/numa_miss), CONFIG_HUGETLB_PAGE's
 * htlb_buddy_alloc_* are there, always 0 (no hugetlb pool).
 */
static void vmstat_fill(struct kstate_mem *m)
{
	size_t room = 0;
	struct kstate_counter *c;

	for (int i = 0; i < NR_VM_ZONE_STAT_ITEMS; i++) {
		c = counter_add(m, &room);
		*c = (struct kstate_counter){ vmstat_zone_stat_names[i],
			global_page_state(i), zone_stat_item_only(i) };
	}
	for (int i = 0; i < NR_VM_EVENT_ITEMS; i++) {
		if (is_zone_event_group(i)) {
			for (int t = 0; t < MAX_NR_ZONES; t++) {
				if (!arch_has_zone(t))
					continue;
				c = counter_add(m, &room);
				*c = (struct kstate_counter){
					vm_event_name(i + t), vm_events[i + t],
					KSTATE_ALL };
			}
			i += MAX_NR_ZONES - 1;
			continue;
		}
		c = counter_add(m, &room);
		/* P4's counters exist only in kernels carrying P4. */
		*c = (struct kstate_counter){ vm_event_name(i), vm_events[i],
			i == KSWAPD_PREMATURE_FAST || i == KSWAPD_PREMATURE_SLOW ?
			KSTATE_ONLY_QUICK_RECHECK : KSTATE_ALL };
		if (i == PGROTATED) {
			c = counter_add(m, &room);
			*c = (struct kstate_counter){ "htlb_buddy_alloc_success",
				0, KSTATE_ALL };
			c = counter_add(m, &room);
			*c = (struct kstate_counter){ "htlb_buddy_alloc_fail",
				0, KSTATE_ALL };
		}
	}
}

/* frag_show() and pagetypeinfo_showfree()/_showblockcount() of @zone. */
static void pagetypes_fill(struct kstate_zone *zs, struct zone *zone)
{
	for (int mt = 0; mt < MIGRATE_TYPES; mt++) {
		for (int order = 0; order < MAX_ORDER; order++) {
			unsigned long freecount = 0;
			struct list_head *curr;

			list_for_each(curr, &zone->free_area[order].free_list[mt])
				freecount++;
			zs->free_by_type[mt][order] = freecount;
		}
	}
	count_pageblocks(zone, zs->blocks_by_type);
}

/* What zoneinfo_show_print() reads of @zone. */
static void zone_fill(struct kstate_zone *zs, struct zone *zone,
		      unsigned int what)
{
	const struct arch_desc *arch = sim_arch;

	zs->nid = zone->zone_pgdat->node_id;
	zs->name = zone->name;
	zs->highmem = is_highmem_idx(zone_idx(zone));
	zs->free = zone_page_state(zone, NR_FREE_PAGES);
	zs->min = min_wmark_pages(zone);
	zs->low = low_wmark_pages(zone);
	zs->high = high_wmark_pages(zone);
	zs->pages_scanned = zone->pages_scanned;
	zs->spanned_pages = zone->spanned_pages;
	zs->present_pages = zone->present_pages;
	zs->start_pfn = zone->zone_start_pfn;
	zs->all_unreclaimable = (zone->flags >> ZONE_ALL_UNRECLAIMABLE) & 1;
	zs->prev_priority = zone->prev_priority;
	zs->inactive_ratio = zone->inactive_ratio;
	zs->nr_stats = NR_VM_ZONE_STAT_ITEMS;
	zs->stats = xcalloc(NR_VM_ZONE_STAT_ITEMS, sizeof(*zs->stats));
	for (int i = 0; i < NR_VM_ZONE_STAT_ITEMS; i++)
		zs->stats[i] = (struct kstate_counter){
			vmstat_zone_stat_names[i], zone_page_state(zone, i),
			zone_stat_item_only(i) };
	zs->nr_protection = arch->nr_zone_types;
	for (int i = 0; i < arch->nr_zone_types; i++)
		zs->protection[i] = zone->lowmem_reserve[arch->zone_types[i]];
	zs->nr_cpus = num_online_cpus();
	zs->pcp = xcalloc(zs->nr_cpus ? zs->nr_cpus : 1, sizeof(*zs->pcp));
	for (unsigned int cpu = 0; cpu < zs->nr_cpus; cpu++) {
		const struct per_cpu_pageset *pset = zone_pcp(zone, cpu);

		zs->pcp[cpu] = (struct kstate_pcp){ pset->pcp.count,
			pset->pcp.high, pset->pcp.batch, pset->stat_threshold };
	}
	for (int order = 0; order < MAX_ORDER; order++)
		zs->nr_free[order] = zone->free_area[order].nr_free;
	if (what & KSTATE_PAGETYPES)
		pagetypes_fill(zs, zone);
}

struct kstate_mem *kstate_mem_take(unsigned int what)
{
	struct kstate_mem *m = xcalloc(1, sizeof(*m));
	struct zone *zone;
	pg_data_t *pgdat;
	size_t n = 0;

	kprofile_identity(NULL, &m->profile);
	m->block_order = pageblock_order;
	m->block_pages = pageblock_nr_pages;
	for (int mt = 0; mt < MIGRATE_TYPES; mt++)
		m->migratetype_names[mt] = migratetype_names[mt];
	for_each_online_pgdat(pgdat)
		m->nr_nodes++;
	m->node_ids = xcalloc(m->nr_nodes ? m->nr_nodes : 1,
			      sizeof(*m->node_ids));
	for_each_online_pgdat(pgdat)
		m->node_ids[n++] = pgdat->node_id;
	for_each_populated_zone(zone)
		m->nr_zones++;
	m->zones = xcalloc(m->nr_zones ? m->nr_zones : 1, sizeof(*m->zones));
	n = 0;
	for_each_populated_zone(zone)
		zone_fill(&m->zones[n++], zone, what);
	if (what & KSTATE_VMSTAT)
		vmstat_fill(m);
	if (what & KSTATE_SLABINFO)
		kstate_slabinfo_fill(m);
	if (what & KSTATE_MEMINFO)
		kstate_meminfo_fill(&m->meminfo);
	return m;
}
