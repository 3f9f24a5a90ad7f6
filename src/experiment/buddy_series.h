/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fragmentation over a run (buddy_series.c): the "buddy" series, the
 * samples' fragmentation fields and the run's fragmentation measures.
 */
#ifndef MMSIM_BUDDY_SERIES_H
#define MMSIM_BUDDY_SERIES_H

#include "metrics/metrics.h"

struct sample_point;

/* At a sample: append each populated zone's buddy record to @r, and fill
 * @s's frag_free and frag_below. */
void buddy_series_sample(struct run_result *r, struct sample_point *s);

/* At the end of the run: the fragmentation order and zone, the samples'
 * frag_highorder, and the shares below the watermarks. */
void buddy_series_collect(struct run_result *r);

#endif /* MMSIM_BUDDY_SERIES_H */
