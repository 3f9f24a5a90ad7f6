/* SPDX-License-Identifier: GPL-2.0 */
/* A one-line progress report on stderr, only when stderr is a terminal. */
#ifndef MMSIM_PROGRESS_H
#define MMSIM_PROGRESS_H

#include <stddef.h>
#include <stdbool.h>

struct progress {
	bool enabled;
	double start;			/* wall seconds */
	double last;
	const char *what;		/* "runs", "simulated s" */
	double quiet;			/* print nothing before this many wall seconds */
	bool shown;			/* something is on the line */
};

void progress_begin(struct progress *p, const char *what);
/* Rate-limited to a few updates per second. */
void progress_update(struct progress *p, double done, double total);
/* The same with @note after it ("1.2M events/s"). */
void progress_update_note(struct progress *p, double done, double total,
			  const char *note);
/* Wall seconds since progress_begin(). */
double progress_elapsed(const struct progress *p);
void progress_end(struct progress *p);
double wall_seconds(void);

#endif
