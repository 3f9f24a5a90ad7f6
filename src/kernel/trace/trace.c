// SPDX-License-Identifier: GPL-2.0
/* Trace records: the sink pointer and the common header of every entry. */
#include <string.h>
#include "mmsim/trace.h"
#include "linux/mmzone.h"

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

/*
 * [MODEL] x86-64 2.6.32 keeps struct pages in the virtual memmap at
 * 0xffffea0000000000 (SPARSEMEM_VMEMMAP), 56 bytes each.  x86-32 uses
 * FLATMEM: mem_map sits in lowmem early in the bootmem allocations;
 * 0xc1000000 is a plausible address, 32-byte pages, 8 hex digits.
 */
const struct trace_print_tables *trace_print_tables(void)
{
	static struct trace_print_tables t;
	const struct arch_desc *a = sim_arch;
	bool x86 = a && a->arch == ARCH_X86;

	/* Filled on every call: the architecture is the booted machine's. */
	t.long_size = x86 ? 4 : 8;
	t.mem_map = x86 ? 0xc1000000ULL : 0xffffea0000000000ULL;
	t.struct_page_size = a ? a->struct_page_size : 56;
	t.pageblock_order = pageblock_order;
	t.gfp_flags = trace_gfp_flags;
	return &t;
}
