// SPDX-License-Identifier: GPL-2.0
/* Report a broken invariant with the simulated time, then abort. */
#include <stdio.h>
#include <stdlib.h>
#include "linux/kernel.h"

void mmsim_bug(const char *file, int line, const char *cond)
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
