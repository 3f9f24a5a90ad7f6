/* SPDX-License-Identifier: GPL-2.0 */
/* Time series of a run as CSV, for plots and spreadsheets: the records
 * of the "samples" and "latency" measures, columns named by their fields
 * (their records' field tables, metrics/records.h). */
#ifndef MMSIM_SERIES_H
#define MMSIM_SERIES_H

#include <stdio.h>
#include "metrics/metrics.h"

/* Samples: one row per sampling interval, zones by the arch's names. */
void series_write_csv(FILE *f, const struct run_result *r);
/* gitk progress lines: seconds since start, seconds since previous line,
 * the columns latency-output recorded. */
void latency_write_csv(FILE *f, const struct run_result *r);

/*
 * The simulated epoch: second 0 of a run is Thu, 12 Nov 2009 19:30:30
 * +0000, the Date of the cover letter of "Reduce GFP_ATOMIC allocation
 * failures" (docs/monitors.md).  Monitor logs and the latency log count
 * from it, so they are the same on every machine.
 */
#define MMSIM_EPOCH		1258054230ULL

/*
 * The progress lines as MMTests' monitors/latency-output prints them,
 * one per line: printf "%16.4f %8.4f %10.4f -- %s" of the epoch time,
 * seconds since the start, seconds since the previous line, then the
 * line ("N commits" for gitk; docs/monitors.md).
 */
void latency_write_log(FILE *f, const struct run_result *r);

#endif
