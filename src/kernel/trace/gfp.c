// SPDX-License-Identifier: GPL-2.0
/*
 * gfp masks as text, the way 2.6.32's kmem tracepoints print them
 * (show_gfp_flags in include/trace/events/kmem.h, rendered by
 * ftrace_print_flags_seq): walk a table whose composites come first, take
 * each entry whose bits are all still set, clear those bits, join the
 * names with '|', and print any bits left over as one hex number.
 *
 * The table is 2.6.32's.  It has no entry for __GFP_DMA, __GFP_HIGHMEM
 * (except inside GFP_HIGHUSER*), __GFP_DMA32 or __GFP_FS alone, so those
 * come out in the hex remainder ("GFP_KERNEL|0x1" for GFP_KERNEL|GFP_DMA),
 * exactly as a 2.6.32 trace shows them.  Names for the zone bits
 * ("GFP_DMA", "__GFP_HIGHMEM", "GFP_DMA32") arrived only with the 4.x
 * rework of the table; mmsim imitates the era it simulates.
 */
#include <stdio.h>
#include <string.h>
#include "linux/gfp.h"
#include "mmsim/trace.h"

/* Most bits first, so a composite wins over its parts. */
static const struct trace_print_flag gfp_names[] = {
	{ GFP_HIGHUSER_MOVABLE,	"GFP_HIGHUSER_MOVABLE" },
	{ GFP_HIGHUSER,		"GFP_HIGHUSER" },
	{ GFP_USER,		"GFP_USER" },
	{ GFP_TEMPORARY,	"GFP_TEMPORARY" },
	{ GFP_KERNEL,		"GFP_KERNEL" },
	{ GFP_NOFS,		"GFP_NOFS" },
	{ GFP_ATOMIC,		"GFP_ATOMIC" },
	{ GFP_NOIO,		"GFP_NOIO" },
	{ __GFP_HIGH,		"GFP_HIGH" },
	{ __GFP_WAIT,		"GFP_WAIT" },
	{ __GFP_IO,		"GFP_IO" },
	{ __GFP_COLD,		"GFP_COLD" },
	{ __GFP_NOWARN,		"GFP_NOWARN" },
	{ __GFP_REPEAT,		"GFP_REPEAT" },
	{ __GFP_NOFAIL,		"GFP_NOFAIL" },
	{ __GFP_NORETRY,	"GFP_NORETRY" },
	{ __GFP_COMP,		"GFP_COMP" },
	{ __GFP_ZERO,		"GFP_ZERO" },
	{ __GFP_NOMEMALLOC,	"GFP_NOMEMALLOC" },
	{ __GFP_HARDWALL,	"GFP_HARDWALL" },
	{ __GFP_THISNODE,	"GFP_THISNODE" },
	{ __GFP_RECLAIMABLE,	"GFP_RECLAIMABLE" },
	{ __GFP_MOVABLE,	"GFP_MOVABLE" },
};

/* The table as the trace records' text takes it (trace_print_tables()). */
const struct trace_print_flags trace_gfp_flags = {
	.flags = gfp_names,
	.nr = sizeof(gfp_names) / sizeof(gfp_names[0]),
	.none = "GFP_NOWAIT",
};

char *gfp_flags_str(gfp_t gfp, char *buf, size_t len)
{
	return trace_flags_str(gfp, &trace_gfp_flags, buf, len);
}

bool gfp_flag_name(size_t i, gfp_t *mask, const char **name)
{
	if (i >= sizeof(gfp_names) / sizeof(gfp_names[0]))
		return false;
	*mask = (gfp_t)gfp_names[i].mask;
	*name = gfp_names[i].name;
	return true;
}
