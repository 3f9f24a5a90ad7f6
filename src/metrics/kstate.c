// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel state snapshots (kstate.h): plain data the kernel fills and
 * report/ formats; freeing them needs neither.
 */
#include <stdlib.h>
#include "kstate.h"

void kstate_mem_free(struct kstate_mem *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->nr_zones; i++) {
		free(m->zones[i].stats);
		free(m->zones[i].pcp);
	}
	free(m->zones);
	free(m->node_ids);
	free(m->vmstat);
	free(m->slabs);
	free(m);
}

void kstate_log_free(struct kstate_log *log)
{
	if (!log)
		return;
	free(log->failures);
	free(log->hung);
	free(log->kills);
	free(log);
}
