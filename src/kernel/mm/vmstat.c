// SPDX-License-Identifier: GPL-2.0
/*
 * Zone counters and VM event counters (mm/vmstat.c).
 *
 * Simplified: the kernel keeps per-cpu differentials of every zone counter
 * and folds them into the zone and the global sum when one exceeds the
 * zone's stat_threshold (and once a second from vmstat_update), so readers
 * such as zone_watermark_ok see values up to threshold x nr_cpus pages
 * stale.  mmsim updates the zone and the global counter together, exactly;
 * calculate_threshold() exists only for /proc/zoneinfo.
 *
 * Names are the 2.6.32 vmstat_text[]; which of them /proc/vmstat prints
 * for each kernel version is decided in src/report/procfs.c from
 * kprofile.vmstat_fields.
 */
#include <string.h>
#include "linux/mmzone.h"
#include "linux/vmstat.h"
#include "metrics/metrics.h"

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

void __mod_zone_page_state(struct zone *zone, enum zone_stat_item item,
			   long delta)
{
	zone->vm_stat[item] += delta;
	vm_stat[item] += delta;
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
 * 2 * fls(cpus) * (1 + fls(zone size in 128 MiB units)), at most 125: the
 * 2.6.32 formula (refresh_zone_stat_thresholds).
 */
int calculate_threshold(const struct zone *zone)
{
	unsigned int mem = (unsigned int)(zone->present_pages >> (27 - PAGE_SHIFT));
	int threshold = 2 * fls(num_online_cpus()) * (1 + fls(mem));

	return threshold < 125 ? threshold : 125;
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
};
MEASURE_REGISTER(vm_events_measure);

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
	static const char *const zones[MAX_NR_ZONES] = {
		"DMA", "DMA32", "Normal", "HighMem", "Movable",
	};
	static const char *const marks[NR_WMARK] = { "min", "low", "high" };

	return dim ? marks[i] : zones[i];
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
