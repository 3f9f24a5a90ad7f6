// SPDX-License-Identifier: GPL-2.0
/*
 * [MODEL] mmsim's record of what too_many_isolated() (vmscan.c) reads, and
 * its measure: not the kernel's code, so kept beside the 2.6.32
 * mm/vmscan.c it observes rather than in it.
 */
#include <stdint.h>
#include <string.h>
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "metrics/metrics.h"
#include "internal.h"

/*
 * [MODEL] What too_many_isolated() reads at each direct reclaimer's
 * shrink_inactive_list(), per zone type and LRU type ([0] anon, [1]
 * file), whether or not the profile has the wait: the checks, those at
 * which isolated > inactive (the wait's condition), the pair with the
 * highest isolated / inactive, and the most isolated read.
 */
struct isolated_seen {
	unsigned long checks, over;
	unsigned long isolated, inactive;	/* the highest ratio */
	unsigned long isolated_max;
};
static struct isolated_seen isolated_seen[MAX_NR_ZONES][2];

void note_isolated(struct zone *zone, int file, unsigned long isolated,
		   unsigned long inactive)
{
	struct isolated_seen *s = &isolated_seen[zone_idx(zone)][!!file];

	/*
	 * The first check, or a higher isolated / inactive than the one
	 * kept (n / 0 is infinite for n > 0, 0 / n is 0).
	 */
	if (!s->checks++ ||
	    (isolated && (!s->isolated ||
			  (uint64_t)isolated * s->inactive >
			  (uint64_t)s->isolated * inactive))) {
		s->isolated = isolated;
		s->inactive = inactive;
	}
	s->over += isolated > inactive;
	if (isolated > s->isolated_max)
		s->isolated_max = isolated;
}

void isolated_seen_reset(void)
{
	memset(isolated_seen, 0, sizeof(isolated_seen));
}

enum { ISO_CHECKS, ISO_OVER, ISO_ISOLATED, ISO_INACTIVE, ISO_ISOLATED_MAX,
       NR_ISO_COLUMNS };

static void collect_isolated_seen(struct run_result *r)
{
	uint64_t *v = result_uints_mut(r, "too_many_isolated_seen");

	for (int z = 0; z < MAX_NR_ZONES; z++)
		for (int file = 0; file < 2; file++) {
			const struct isolated_seen *s = &isolated_seen[z][file];
			uint64_t *row = v + z * 2 * NR_ISO_COLUMNS +
					file * NR_ISO_COLUMNS;

			row[ISO_CHECKS] = s->checks;
			row[ISO_OVER] = s->over;
			row[ISO_ISOLATED] = s->isolated;
			row[ISO_INACTIVE] = s->inactive;
			row[ISO_ISOLATED_MAX] = s->isolated_max;
		}
}

static const char *isolated_seen_name(unsigned int dim, unsigned int i)
{
	static const char *const zones[MAX_NR_ZONES] = {
		"DMA", "DMA32", "Normal", "HighMem", "Movable",
	};
	static const char *const cols[2 * NR_ISO_COLUMNS] = {
		"anon_checks", "anon_over", "anon_isolated", "anon_inactive",
		"anon_isolated_max",
		"file_checks", "file_over", "file_isolated", "file_inactive",
		"file_isolated_max",
	};

	if (dim == 0)
		return i < MAX_NR_ZONES ? zones[i] : NULL;
	return i < 2 * NR_ISO_COLUMNS ? cols[i] : NULL;
}

static struct measure isolated_seen_measure = {
	.name = "too_many_isolated_seen", .doc = "what too_many_isolated() "
	"read at direct reclaimers' shrink_inactive_list(), every kernel, "
	"per zone and LRU type: checks, those with isolated > inactive, the "
	"isolated and inactive pages at the highest isolated / inactive, "
	"and the most isolated pages read",
	.unit = "count, pages", .kind = MEASURE_TABLE,
	.aggregate = AGGREGATE_MEAN, .json = "too_many_isolated_seen",
	.type = MT_ARRAY, .dims = { MAX_NR_ZONES, 2 * NR_ISO_COLUMNS },
	.element_name = isolated_seen_name, .flags = MF_OMIT_EMPTY,
	.collect = collect_isolated_seen,
};
MEASURE_REGISTER(isolated_seen_measure);
