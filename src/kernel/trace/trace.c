// SPDX-License-Identifier: GPL-2.0
/* Trace records: the sink pointer and the common header of every entry. */
#include <string.h>
#include "mmsim/trace.h"

void (*trace_sink)(const struct trace_entry *);

void trace_entry_init(struct trace_entry *e, enum trace_event_id id)
{
	struct task_struct *p = current;

	memset(e, 0, sizeof(*e));
	e->ts = sim_now();
	e->cpu = smp_processor_id();
	e->in_irq = in_interrupt();
	e->id = id;
	if (p) {
		e->pid = p->pid;
		memcpy(e->comm, p->comm, sizeof(e->comm));
		e->comm[sizeof(e->comm) - 1] = '\0';
	} else {
		/* ftrace names the idle task "<idle>", pid 0. */
		strcpy(e->comm, "<idle>");
	}
}
