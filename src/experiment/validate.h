/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Validation against the cover letter: run both published tables' rows at
 * several seeds, set the published figures beside mmsim's, and check the
 * letter's and article's claims (their rules here, their text in
 * report/validation_md.c), writing docs/validation.md.
 */
#ifndef MMSIM_VALIDATE_H
#define MMSIM_VALIDATE_H

#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

/* The time-series period validate runs with, for claim 5(b): kswapd's
 * HZ/10 nap is the time scale of the claim. */
#define VALIDATE_SAMPLE_INTERVAL_NS	100000000ULL	/* 100 ms */

struct validate_opts {
	unsigned int nr_seeds;		/* seeds 1..nr_seeds per row */
	int jobs;			/* processes at once */
	double alpha;			/* Welch's test level */
	const char *command;		/* for the header */
	const char *date;
	const char *commit;
	unsigned int arch_mask;		/* bit 0: x86_64, bit 1: x86 */
	int progress;			/* a count of finished runs on stderr */
	uint64_t sample_interval;	/* ns; 0: VALIDATE_SAMPLE_INTERVAL_NS */
};

/*
 * Run everything and write the markdown report to @out.  0, or -1 with a
 * one-line reason in @err.
 */
int validate_run(const struct validate_opts *o, FILE *out, char *err,
		 size_t len);

#endif
