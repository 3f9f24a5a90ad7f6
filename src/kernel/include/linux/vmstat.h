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

void __mod_zone_page_state(struct zone *zone, enum zone_stat_item item,
			   long delta);
/* As 2.6.32: the _state forms take the zone, the _page_state forms the
 * page whose zone counts. */
#define __inc_zone_state(z, i) __mod_zone_page_state(z, i, 1)
#define __dec_zone_state(z, i) __mod_zone_page_state(z, i, -1)
#define __inc_zone_page_state(page, i) __inc_zone_state(page_zone(page), i)
#define __dec_zone_page_state(page, i) __dec_zone_state(page_zone(page), i)
unsigned long zone_page_state(const struct zone *zone,
			      enum zone_stat_item item);
unsigned long global_page_state(enum zone_stat_item item);

/* Names as /proc/vmstat prints them. */
extern const char *const vmstat_zone_stat_names[NR_VM_ZONE_STAT_ITEMS];
const char *vm_event_name(enum vm_event_item item);

void vmstat_reset(void);

/* The per-cpu counter threshold /proc/zoneinfo prints ("vm stats
 * threshold").  mmsim keeps zone counters exact: no per-cpu drift. */
int calculate_threshold(const struct zone *zone);

#endif /* MMSIM_VMSTAT_H */
