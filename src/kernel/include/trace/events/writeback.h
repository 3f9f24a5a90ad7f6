/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The writeback trace point mmsim emits, writeback_congestion_wait, as
 * 2.6.37 include/trace/events/writeback.h defines it (every simulated
 * kernel emits it, docs/trace.md).
 */
#ifndef MMSIM_TRACE_EVENTS_WRITEBACK_H
#define MMSIM_TRACE_EVENTS_WRITEBACK_H

#include "mmsim/trace.h"

/* Both in microseconds of whole jiffies, as 2.6.37 records them:
 * jiffies_to_usecs(timeout) and jiffies_to_usecs(jiffies - start). */
static inline void trace_writeback_congestion_wait(unsigned int usec_timeout,
						   unsigned int usec_delayed)
{
	TRACE_EMIT(TRACE_WRITEBACK_CONGESTION_WAIT, ({
		__e.writeback_congestion_wait.usec_timeout = usec_timeout;
		__e.writeback_congestion_wait.usec_delayed = usec_delayed;
	}));
}

#endif /* MMSIM_TRACE_EVENTS_WRITEBACK_H */
