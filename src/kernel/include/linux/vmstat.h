/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Zone counters and VM events, with the kernel's names and /proc/vmstat
 * order (2.6.32; see vmstat.c for which fields each version prints).
 */
#ifndef MMSIM_VMSTAT_H
#define MMSIM_VMSTAT_H

enum zone_stat_item {
	NR_FREE_PAGES,
	NR_LRU_BASE,
	NR_INACTIVE_ANON = NR_LRU_BASE,
	NR_ACTIVE_ANON,
	NR_INACTIVE_FILE,
	NR_ACTIVE_FILE,
	NR_UNEVICTABLE,
	NR_MLOCK,
	NR_ANON_PAGES,
	NR_FILE_MAPPED,
	NR_FILE_PAGES,
	NR_FILE_DIRTY,
	NR_WRITEBACK,
	NR_SLAB_RECLAIMABLE,
	NR_SLAB_UNRECLAIMABLE,
	NR_PAGETABLE,
	NR_KERNEL_STACK,
	NR_UNSTABLE_NFS,
	NR_BOUNCE,
	NR_VMSCAN_WRITE,
	NR_WRITEBACK_TEMP,
	NR_ISOLATED_ANON,
	NR_ISOLATED_FILE,
	NR_SHMEM,
	NR_VM_ZONE_STAT_ITEMS
};

/*
 * Per-zone events are kept for every zone type of the superset enum
 * (DMA, DMA32, NORMAL, HIGHMEM, MOVABLE); /proc/vmstat prints the ones the
 * machine's architecture configures, with the kernel's suffixes.
 */
#define FOR_ALL_ZONES(x) x##_DMA, x##_DMA32, x##_NORMAL, x##_HIGH, x##_MOVABLE

enum vm_event_item {
	PGPGIN, PGPGOUT, PSWPIN, PSWPOUT,
	FOR_ALL_ZONES(PGALLOC),
	PGFREE, PGACTIVATE, PGDEACTIVATE,
	PGFAULT, PGMAJFAULT,
	FOR_ALL_ZONES(PGREFILL),
	FOR_ALL_ZONES(PGSTEAL),
	FOR_ALL_ZONES(PGSCAN_KSWAPD),
	FOR_ALL_ZONES(PGSCAN_DIRECT),
	PGINODESTEAL, SLABS_SCANNED, KSWAPD_STEAL, KSWAPD_INODESTEAL,
	KSWAPD_PREMATURE_FAST, KSWAPD_PREMATURE_SLOW,
	PAGEOUTRUN, ALLOCSTALL, PGROTATED,
	UNEVICTABLE_PGCULLED, UNEVICTABLE_PGSCANNED, UNEVICTABLE_PGRESCUED,
	UNEVICTABLE_PGMLOCKED, UNEVICTABLE_PGMUNLOCKED, UNEVICTABLE_PGCLEARED,
	UNEVICTABLE_PGSTRANDED, UNEVICTABLE_MLOCKFREED,
	NR_VM_EVENT_ITEMS
};

struct zone;
struct page;

extern unsigned long vm_events[NR_VM_EVENT_ITEMS];
extern long vm_stat[NR_VM_ZONE_STAT_ITEMS];

static inline void count_vm_event(enum vm_event_item item)
{
	vm_events[item]++;
}

static inline void count_vm_events(enum vm_event_item item, long delta)
{
	vm_events[item] += delta;
}

/* The kernel's irq-unsafe forms: one CPU at a time here, so the same. */
#define __count_vm_event(item)		count_vm_event(item)
#define __count_vm_events(item, delta)	count_vm_events(item, delta)

/* Per-zone event: @item is the _DMA member of a FOR_ALL_ZONES group. */
void __count_zone_vm_events(enum vm_event_item item, struct zone *zone,
			    long delta);

/*
 * The zone counters (2.6.32 mm/vmstat.c, CONFIG_SMP): an update goes to
 * the differential of the CPU the code runs on (smp_processor_id(): the
 * task's CPU, or the interrupt's), and reaches zone->vm_stat and the
 * global vm_stat only when the differential passes the zone's
 * stat_threshold, or when vmstat_update folds it (every second).  So
 * zone_page_state() and global_page_state() may be off by up to
 * stat_threshold x nr_cpus, as they were in the kernels of the series.
 * The irq-safe forms (mod_zone_page_state, ...) are the same here: code
 * between two blocking points is never interrupted.
 */
void __mod_zone_page_state(struct zone *zone, enum zone_stat_item item,
			   long delta);
void __inc_zone_state(struct zone *zone, enum zone_stat_item item);
void __dec_zone_state(struct zone *zone, enum zone_stat_item item);
void __inc_zone_page_state(struct page *page, enum zone_stat_item item);
void __dec_zone_page_state(struct page *page, enum zone_stat_item item);
#define mod_zone_page_state(z, i, d)	__mod_zone_page_state(z, i, d)
#define inc_zone_page_state(page, i)	__inc_zone_page_state(page, i)
#define dec_zone_page_state(page, i)	__dec_zone_page_state(page, i)

/* The folded counters, a transiently negative one read as 0
 * (include/linux/vmstat.h zone_page_state(), global_page_state()). */
unsigned long zone_page_state(const struct zone *zone,
			      enum zone_stat_item item);
unsigned long global_page_state(enum zone_stat_item item);

/*
 * The exact values: the folded counter plus every CPU's differential.
 * 2.6.32 has no such reader; zone_page_state_snapshot() came with
 * aa45484031 ("mm: page allocator: calculate a better estimate of
 * NR_FREE_PAGES when memory is low and kswapd is awake", 2.6.36).  Only
 * the invariant checker and the measures read them, never the
 * simulated kernel.  Signed: a sum may be transiently negative.
 */
long zone_page_state_snapshot(const struct zone *zone,
			      enum zone_stat_item item);
long global_page_state_snapshot(enum zone_stat_item item);

/*
 * Fold CPU @cpu's differentials of every zone into the counters
 * (refresh_cpu_vm_stats), and the boot-time thresholds
 * (refresh_zone_stat_thresholds).
 */
void refresh_cpu_vm_stats(int cpu);
void refresh_zone_stat_thresholds(void);

/* sysctl vm.stat_interval: vmstat_update's period, in jiffies (HZ). */
extern int sysctl_stat_interval;

/*
 * setup_vmstat (a start_kernel initcall, after mem_init): the zones'
 * thresholds, and each CPU's vmstat_update, a deferrable timer (needs
 * sim_init).  Until it runs every threshold is 0 and each update is
 * folded at once, as with the kernel's boot pagesets.
 */
void setup_vmstat(void);

/* Names as /proc/vmstat prints them. */
extern const char *const vmstat_zone_stat_names[NR_VM_ZONE_STAT_ITEMS];
const char *vm_event_name(enum vm_event_item item);

void vmstat_reset(void);

/*
 * The per-cpu counter threshold of @zone for the online CPUs
 * (calculate_threshold; /proc/zoneinfo prints it as "vm stats threshold").
 */
int calculate_threshold(const struct zone *zone);

#endif /* MMSIM_VMSTAT_H */
