// SPDX-License-Identifier: GPL-2.0
/*
 * Fragmentation over a run.  At every sample, each populated zone's free
 * blocks per migrate type and order and its pageblocks per migrate type,
 * what /proc/pagetypeinfo shows (2.6.32 mm/vmstat.c pagetypeinfo_showfree
 * and pagetypeinfo_showblockcount): the "buddy" series.  And, for one
 * zone, how much of its free memory lies in blocks big enough for the
 * run's failing order whenever it is below its watermarks.
 *
 * The kernel takes the snapshots (src/kernel/mm/vmstat.c
 * buddy_snapshot()); this file keeps the series and, at the end of the
 * run, fills in what depends on the whole run.
 *
 * The zone is node 0's preferred zone of GFP_ATOMIC (first_zones_zonelist
 * of gfp_zone(GFP_ATOMIC)): DMA32 on x86-64 and Normal on x86 at 512 MB,
 * where network receive's atomic allocations are served or fail.  The
 * order is the highest order above 0 an allocation failed at during the
 * run, or 2 (the reproduction's forced order-2 receive) when none did.
 *
 * "Below a watermark" compares the pages on the zone's free lists, what
 * an allocation can actually be given, with zone->watermark[]; it is not
 * what zone_watermark_ok decides on, the NR_FREE_PAGES counter without
 * the per-cpu differentials (mm/vmstat.c), up to threshold x CPUs off.
 * The series keeps both.  The share is the pages in free blocks of the
 * order or more over the pages on the free lists; pages on the per-cpu
 * lists, order 0 and not in NR_FREE_PAGES, are in neither.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "buddy_series.h"
#include "records.h"

/* The reproduction's network receive: order-2 GFP_ATOMIC. */
#define FRAG_ORDER_DEFAULT	2

static struct measure buddy_measure = {
	.name = "buddy", .doc = "each populated zone at every sample: free "
	"blocks per migrate type and order, pageblocks per migrate type, "
	"NR_FREE_PAGES as the allocator reads it and the pages on the free "
	"lists (/proc/pagetypeinfo over time)",
	.kind = MEASURE_SERIES, .json = "series.buddy", .csv = "buddy",
	.type = MT_LIST, .record = &buddy_sample_record,
	.flags = MF_WITH_SERIES | MF_OMIT_EMPTY,
};
MEASURE_REGISTER(buddy_measure);

static struct measure frag_zone_measure = {
	.name = "frag_zone", .doc = "the zone the fragmentation measures are "
	"about: node 0's preferred zone of GFP_ATOMIC",
	.kind = MEASURE_LABEL, .json = "frag_zone", .csv = "frag_zone",
	.type = MT_TEXT, .max_len = 7, .flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(frag_zone_measure);

static struct measure frag_order_measure = {
	.name = "frag_order", .doc = "the order of the fragmentation share: "
	"the highest order above 0 an allocation failed at, or 2",
	.unit = "order", .kind = MEASURE_GAUGE, .json = "frag_order",
	.csv = "frag_order", .type = MT_UINT, .flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(frag_order_measure);

static struct measure frag_below_low_measure = {
	.name = "frag_below_low", .doc = "samples at which the zone's free "
	"lists held fewer pages than its low watermark",
	.unit = "samples", .kind = MEASURE_COUNTER,
	.aggregate = AGGREGATE_MEAN_STDDEV, .json = "frag_below_low",
	.csv = "frag_below_low", .type = MT_UINT, .flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(frag_below_low_measure);

static struct measure frag_below_min_measure = {
	.name = "frag_below_min", .doc = "samples at which the zone's free "
	"lists held fewer pages than its min watermark",
	.unit = "samples", .kind = MEASURE_COUNTER,
	.aggregate = AGGREGATE_MEAN_STDDEV, .json = "frag_below_min",
	.csv = "frag_below_min", .type = MT_UINT, .flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(frag_below_min_measure);

static struct measure frag_share_low_measure = {
	.name = "frag_share_below_low", .doc = "mean over the samples below "
	"the low watermark of the share of the zone's free pages in blocks of "
	"frag_order or more (0 when no sample was below)",
	.unit = "fraction", .kind = MEASURE_GAUGE,
	.aggregate = AGGREGATE_MEAN_STDDEV, .json = "frag_share_below_low",
	.csv = "frag_share_below_low", .type = MT_REAL, .flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(frag_share_low_measure);

static struct measure frag_share_min_measure = {
	.name = "frag_share_below_min", .doc = "the same over the samples "
	"below the min watermark",
	.unit = "fraction", .kind = MEASURE_GAUGE,
	.aggregate = AGGREGATE_MEAN_STDDEV, .json = "frag_share_below_min",
	.csv = "frag_share_below_min", .type = MT_REAL, .flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(frag_share_min_measure);

/*
 * The fragmentation zone's free pages in blocks of the run's failing
 * order or more, when below its low watermark, in percent; NAN (left out
 * of the column) for a run never below low.
 */
static double shown_frag_share_low(const struct run_result *r)
{
	if (!result_uint(r, "frag_below_low"))
		return NAN;
	return 100 * result_real(r, "frag_share_below_low");
}

MEASURE_SHOWN(frag_share_low, .name = "frag-share<low", .order = 230,
	.doc = "free pages in blocks of the failing order or more, below the "
	"low watermark, percent",
	.unit = "%", .kind = MEASURE_GAUGE, .value = shown_frag_share_low,
	.title = "free pages in blocks >= the failing order, below low (%)",
	.higher_is_better = true, .group = "fragmentation", .precision = 2);

MEASURE_SHOWN(frag_below_low, .name = "samples<low", .order = 240,
	.doc = "samples below the low watermark",
	.unit = "", .kind = MEASURE_COUNTER, .of = "frag_below_low",
	.title = "samples below the low watermark", .group = "fragmentation",
	.precision = 2);

MEASURE_SHOWN(frag_below_min, .name = "samples<min", .order = 250,
	.doc = "samples below the min watermark",
	.unit = "", .kind = MEASURE_COUNTER, .of = "frag_below_min",
	.title = "samples below the min watermark", .group = "fragmentation",
	.precision = 2);

static struct measure frag_reserve_low_measure = {
	.name = "frag_reserve_below_low", .doc = "mean over the samples below "
	"the low watermark of the share of the zone's free pages on the "
	"MIGRATE_RESERVE free lists",
	.unit = "fraction", .kind = MEASURE_GAUGE,
	.aggregate = AGGREGATE_MEAN_STDDEV, .json = "frag_reserve_below_low",
	.csv = "frag_reserve_below_low", .type = MT_REAL,
	.flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(frag_reserve_low_measure);

static struct measure frag_highorder_nonreserve_measure = {
	.name = "frag_highorder_nonreserve_below_low", .doc = "mean over the "
	"samples below the low watermark of the zone's free pages in blocks "
	"of frag_order or more outside the MIGRATE_RESERVE lists",
	.unit = "pages", .kind = MEASURE_GAUGE,
	.aggregate = AGGREGATE_MEAN_STDDEV,
	.json = "frag_highorder_nonreserve_below_low",
	.csv = "frag_highorder_nonreserve_below_low", .type = MT_REAL,
	.flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(frag_highorder_nonreserve_measure);

static struct measure frag_reserve_blocks_measure = {
	.name = "frag_reserve_blocks", .doc = "the zone's MIGRATE_RESERVE "
	"pageblocks at the first sample (setup_zone_migrate_reserve())",
	.unit = "pageblocks", .kind = MEASURE_GAUGE,
	.aggregate = AGGREGATE_MEAN_STDDEV, .json = "frag_reserve_blocks",
	.csv = "frag_reserve_blocks", .type = MT_UINT, .flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(frag_reserve_blocks_measure);

static struct measure frag_reserve_blocks_end_measure = {
	.name = "frag_reserve_blocks_end", .doc = "the same at the last "
	"sample: fewer when fallbacks re-typed reserve pageblocks",
	.unit = "pageblocks", .kind = MEASURE_GAUGE,
	.aggregate = AGGREGATE_MEAN_STDDEV, .json = "frag_reserve_blocks_end",
	.csv = "frag_reserve_blocks_end", .type = MT_UINT,
	.flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(frag_reserve_blocks_end_measure);

static struct measure frag_reserve_lost_measure = {
	.name = "frag_reserve_lost", .doc = "the first sample with fewer "
	"MIGRATE_RESERVE pageblocks than the first (absent: none lost)",
	.unit = "ns", .kind = MEASURE_GAUGE, .json = "frag_reserve_lost_ns",
	.csv = "frag_reserve_lost_ns", .type = MT_UINT, .flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(frag_reserve_lost_measure);

/* Is @b the fragmentation zone, node 0's @frag_zone? */
static bool is_frag_zone(const struct buddy_sample *b, const char *frag_zone)
{
	return frag_zone && b->nid == 0 && !strcmp(b->zone, frag_zone);
}

void buddy_series_add(const struct buddy_sample *b, uint64_t min_wmark,
		      uint64_t low_wmark, void *data)
{
	struct buddy_series_sampler *bs = data;
	struct sample_point *s = bs->s;

	result_append(bs->r, "buddy", b);
	if (!is_frag_zone(b, bs->frag_zone))
		return;
	s->frag_free = b->free_pages;
	if (b->free_pages < min_wmark)
		s->frag_below = 2;
	else if (b->free_pages < low_wmark)
		s->frag_below = 1;
}

/*
 * The buddy record as the kernel declares it (mm/vmstat.c
 * buddy_sample_record): how many orders and migrate types a sample has,
 * and which type is MIGRATE_RESERVE, by its name in migratetype_names[].
 */
struct buddy_shape {
	unsigned int orders, types, reserve;
};

static const struct measure_field *buddy_field(size_t offset)
{
	const struct measure_record *rt = &buddy_sample_record;

	for (size_t i = 0; i < rt->nr_fields; i++)
		if (rt->fields[i].offset == offset)
			return &rt->fields[i];
	fprintf(stderr, "mmsim: bug: buddy_sample_record has no field at %zu\n",
		offset);
	abort();
}

static void buddy_shape(struct buddy_shape *sh)
{
	const struct measure_field *pb =
		buddy_field(offsetof(struct buddy_sample, pageblocks));

	sh->orders = buddy_field(offsetof(struct buddy_sample, nr_free))->count;
	sh->types = pb->count;
	for (sh->reserve = 0; sh->reserve < sh->types; sh->reserve++)
		if (!strcmp(pb->json_names[sh->reserve], "Reserve"))
			return;
	fprintf(stderr, "mmsim: bug: no Reserve migrate type in the buddy record\n");
	abort();
}

struct share_sum {
	uint64_t n;
	double share, reserve, nonreserve_high;
};

static void add_share(struct share_sum *sum, const struct buddy_sample *b,
		      uint64_t high, unsigned int frag_order,
		      const struct buddy_shape *sh)
{
	uint64_t reserve = 0, reserve_high = 0;

	for (unsigned int order = 0; order < sh->orders; order++) {
		reserve += b->nr_free[sh->reserve][order] << order;
		if (order >= frag_order)
			reserve_high += b->nr_free[sh->reserve][order] << order;
	}
	sum->n++;
	sum->nonreserve_high += (double)(high - reserve_high);
	/* No free page at all: no block of any order either. */
	if (b->free_pages) {
		sum->share += (double)high / (double)b->free_pages;
		sum->reserve += (double)reserve / (double)b->free_pages;
	}
}

void buddy_series_collect(struct run_result *r, const char *frag_zone,
			  unsigned int failed_order)
{
	unsigned int order = failed_order ? failed_order : FRAG_ORDER_DEFAULT;
	struct share_sum low = { 0 }, min = { 0 };
	const struct buddy_sample *b;
	struct sample_point *s;
	size_t nr_b, nr_s, k = 0;
	uint64_t reserve_first = 0, reserve_last = 0;
	bool first = true, lost = false;
	struct buddy_shape sh;

	if (!frag_zone)
		return;
	buddy_shape(&sh);
	result_set_text(r, "frag_zone", frag_zone);
	result_set_uint(r, "frag_order", order);
	b = result_records(r, "buddy", &nr_b);
	s = result_records_mut(r, "samples", &nr_s);
	for (size_t i = 0; i < nr_b && k < nr_s; i++) {
		uint64_t high = 0;

		if (!is_frag_zone(&b[i], frag_zone))
			continue;
		for (unsigned int o = order; o < sh.orders; o++)
			for (unsigned int t = 0; t < sh.types; t++)
				high += b[i].nr_free[t][o] << o;
		s[k].frag_highorder = high;
		if (s[k].frag_below >= 1)
			add_share(&low, &b[i], high, order, &sh);
		if (s[k].frag_below >= 2)
			add_share(&min, &b[i], high, order, &sh);
		reserve_last = b[i].pageblocks[sh.reserve];
		if (first)
			reserve_first = reserve_last;
		else if (!lost && reserve_last < reserve_first) {
			lost = true;
			result_set_uint(r, "frag_reserve_lost", b[i].when);
		}
		first = false;
		k++;
	}
	result_set_uint(r, "frag_reserve_blocks", reserve_first);
	result_set_uint(r, "frag_reserve_blocks_end", reserve_last);
	result_set_uint(r, "frag_below_low", low.n);
	result_set_uint(r, "frag_below_min", min.n);
	if (low.n) {
		result_set_real(r, "frag_share_below_low",
				low.share / (double)low.n);
		result_set_real(r, "frag_reserve_below_low",
				low.reserve / (double)low.n);
		result_set_real(r, "frag_highorder_nonreserve_below_low",
				low.nonreserve_high / (double)low.n);
	}
	if (min.n)
		result_set_real(r, "frag_share_below_min",
				min.share / (double)min.n);
}
