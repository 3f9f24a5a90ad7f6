/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mmsim run's text report: the cover letter's line for the run, then what
 * the run measured, from its result (metrics/metrics.h).  The command
 * line (cli/cmd_run.c) says what was asked for and what the scenario
 * calls the cover's program; everything printed is read from the result.
 */
#ifndef MMSIM_REPORT_RUN_REPORT_H
#define MMSIM_REPORT_RUN_REPORT_H

#include <stdbool.h>
#include <stdio.h>
#include "metrics/metrics.h"

struct run_report_opts {
	/*
	 * What the scenario calls the program of the cover's Elapsed (the
	 * "elapsed" measure's .program): the name of the first task that
	 * runs it, else the program's own; and whether a task runs it.
	 */
	const char *program;
	bool program_in_scenario;
	/* /proc texts asked for at the end (--vmstat, --slabinfo,
	 * --meminfo): printed when asked, the text NULL for none. */
	bool vmstat, slabinfo, meminfo;
	const char *vmstat_text, *slabinfo_text, *meminfo_text;
	/* --explain: the "explain" measure, why each allocation failed. */
	bool explain;
};

/* The whole report of run @r on @f. */
void run_report_print(FILE *f, const struct run_result *r,
		      const struct run_report_opts *o);
/* --kern-log FILE: the run's kern.log text, as the kernel printed it. */
void run_report_kern_log(FILE *f, const struct run_result *r);

#endif /* MMSIM_REPORT_RUN_REPORT_H */
