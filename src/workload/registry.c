// SPDX-License-Identifier: GPL-2.0
/*
 * The workload programs, found by the name a scenario's "program = NAME"
 * gives.  Order: the 2009 reproduction's programs first, then the generic
 * ones, as docs/workloads.md lists them.
 */
#include <string.h>
#include "program.h"

const struct workload_ops *const workload_programs[] = {
	&gitk_ops,
	&music_ops,
	&netrx_ops,
	&reader_ops,
	&writer_ops,
	&anonhog_ops,
	&sleeper_ops,
	&replay_ops,
	NULL
};

const struct workload_ops *workload_find(const char *name)
{
	for (const struct workload_ops *const *p = workload_programs; *p; p++)
		if (!strcmp((*p)->name, name))
			return *p;
	return NULL;
}
