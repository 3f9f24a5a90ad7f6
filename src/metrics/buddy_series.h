/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fragmentation over a run (buddy_series.c): the "buddy" series, the
 * samples' fragmentation fields and the run's fragmentation measures.
 * The kernel's buddy_snapshot() (src/kernel/mm/vmstat.c) hands each
 * populated zone to buddy_series_add(); experiment/run.c wires the two.
 */
#ifndef MMSIM_BUDDY_SERIES_H
#define MMSIM_BUDDY_SERIES_H

#include <stdint.h>
#include "metrics/metrics.h"

struct buddy_sample;
struct sample_point;

/* One sample's bookkeeping: the run's result, the sample point being
 * filled, and the fragmentation zone's name (node 0's; NULL: none). */
struct buddy_series_sampler {
	struct run_result *r;
	struct sample_point *s;
	const char *frag_zone;
};

/* At a sample, for each populated zone (@data a struct
 * buddy_series_sampler): append its buddy record, and for the
 * fragmentation zone fill the sample's frag_free and frag_below from the
 * zone's min and low watermarks (pages). */
void buddy_series_add(const struct buddy_sample *b, uint64_t min_wmark,
		      uint64_t low_wmark, void *data);

/* At the end of the run: the fragmentation order (@failed_order, the
 * highest order an allocation failed at, or 2 if 0) and zone, the
 * samples' frag_highorder, and the shares below the watermarks. */
void buddy_series_collect(struct run_result *r, const char *frag_zone,
			  unsigned int failed_order);

#endif /* MMSIM_BUDDY_SERIES_H */
