// SPDX-License-Identifier: GPL-2.0
/*
 * Progress goes to stderr and only to a terminal, so it never mixes with
 * results on stdout nor litters logs.  Wall-clock time is read here and in
 * the run's wall_seconds field only: nothing simulated depends on it.
 */
#include <stdio.h>
#include <time.h>
#include <unistd.h>
#include "progress.h"

double wall_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void progress_begin(struct progress *p, const char *what)
{
	p->enabled = isatty(STDERR_FILENO);
	p->start = wall_seconds();
	p->last = 0;
	p->what = what;
	p->shown = false;
	/* p->quiet is the caller's: 0 unless set before. */
}

double progress_elapsed(const struct progress *p)
{
	return wall_seconds() - p->start;
}

void progress_update_note(struct progress *p, double done, double total,
			  const char *note)
{
	double now, elapsed, left;

	if (!p->enabled)
		return;
	now = wall_seconds();
	elapsed = now - p->start;
	/* Short work stays silent: the line would only flicker. */
	if (elapsed < p->quiet)
		return;
	if (now - p->last < 0.25 && done < total)
		return;
	p->last = now;
	left = done > 0 ? elapsed * (total - done) / done : 0;
	fprintf(stderr, "\r%s %.0f/%.0f, %.1fs elapsed, ~%.0fs left%s%s   ",
		p->what, done, total, elapsed, left, note ? ", " : "",
		note ? note : "");
	fflush(stderr);
	p->shown = true;
}

void progress_update(struct progress *p, double done, double total)
{
	progress_update_note(p, done, total, NULL);
}

void progress_end(struct progress *p)
{
	if (p->enabled && p->shown)
		fputs("\r\033[K", stderr);
}
