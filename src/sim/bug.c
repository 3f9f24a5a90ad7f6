// SPDX-License-Identifier: GPL-2.0
/*
 * A broken invariant: report it with the simulated time and the running
 * task, then abort.  Every BUG_ON family member ends here: the kernel's
 * (linux/bug.h, linux/mmdebug.h) and the engine's and hardware's own
 * (SIM_BUG_ON, sim/bug.h), as 2.6.32's BUG() ends in lib/bug.c's
 * report_bug() ("kernel BUG at FILE:LINE!").
 */
#include <stdio.h>
#include <stdlib.h>
#include "bug.h"
#include "sim.h"

void sim_bug(const char *file, int line, const char *cond)
{
	sim_time_t now = sim_now();

	fflush(stdout);
	fprintf(stderr,
		"mmsim: BUG at %s:%d: %s\n"
		"mmsim: simulated time %llu.%06llu s, task %s\n",
		file, line, cond,
		(unsigned long long)(now / NSEC_PER_SEC),
		(unsigned long long)(now % NSEC_PER_SEC / NSEC_PER_USEC),
		sim_current ? sim_current->comm : "(none)");
	abort();
}
