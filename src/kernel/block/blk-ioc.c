// SPDX-License-Identifier: GPL-2.0
/*
 * io contexts, as 2.6.32's block/blk-ioc.c: the per-task state the block
 * layer keeps across submissions.  mmsim's io_context holds only what
 * get_request's batching needs (block/blk-core.c ioc_batching()); CFQ's
 * per-process data lives in its queues (block/cfq-iosched.c).
 */
#include <stdlib.h>
#include <string.h>
#include "blk.h"
#include "util/xalloc.h"

/* Indexed by pid; grows as tasks appear. */
static struct io_context *ioc_table;
static size_t ioc_table_len;

/*
 * 2.6.32 current_io_context(): the task's io context, made at its first
 * request.  Interrupt handlers and bare timers have none.
 */
struct io_context *current_io_context(void)
{
	size_t pid;

	if (!can_sleep())
		return NULL;
	pid = (size_t)current->pid;
	if (pid >= ioc_table_len) {
		size_t len = ioc_table_len ? ioc_table_len : 64;

		while (len <= pid)
			len *= 2;
		ioc_table = xrealloc(ioc_table, len * sizeof(*ioc_table));
		memset(ioc_table + ioc_table_len, 0,
		       (len - ioc_table_len) * sizeof(*ioc_table));
		ioc_table_len = len;
	}
	return &ioc_table[pid];
}

void blk_ioc_exit(void)
{
	free(ioc_table);
	ioc_table = NULL;
	ioc_table_len = 0;
}
