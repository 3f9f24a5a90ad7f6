/* SPDX-License-Identifier: GPL-2.0 */
/* Time series of a run as CSV, for plots and spreadsheets: the records
 * of the "samples" and "latency" measures, columns named by their fields
 * (metrics/records.c). */
#ifndef MMSIM_SERIES_H
#define MMSIM_SERIES_H

#include <stdio.h>
#include "metrics/metrics.h"

/* Samples: one row per sampling interval, zones by the arch's names. */
void series_write_csv(FILE *f, const struct run_result *r);
/* gitk progress lines: seconds since start, seconds since previous line,
 * the columns latency-output recorded. */
void latency_write_csv(FILE *f, const struct run_result *r);

#endif
