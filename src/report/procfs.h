/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The booted machine's /proc files in the kernel's own text formats
 * (2.6.32 mm/vmstat.c zoneinfo_show(), frag_show(), pagetypeinfo_show(),
 * vmstat_show(); mm/slub.c and mm/slab.c for /proc/slabinfo):
 * /proc/zoneinfo, /proc/buddyinfo, /proc/pagetypeinfo, /proc/vmstat and
 * /proc/slabinfo, as the kernel profile of the snapshot prints them
 * (its vmstat field set and kswapd sleep variant).  They format the
 * snapshot the kernel took (metrics/kstate.h, kstate_mem_take()): the
 * kernel never prints, and these read nothing else.
 */
#ifndef MMSIM_REPORT_PROCFS_H
#define MMSIM_REPORT_PROCFS_H

#include <stdio.h>
#include "metrics/kstate.h"

void procfs_zoneinfo(FILE *out, const struct kstate_mem *m);
void procfs_buddyinfo(FILE *out, const struct kstate_mem *m);
/* Needs a snapshot taken with KSTATE_PAGETYPES. */
void procfs_pagetypeinfo(FILE *out, const struct kstate_mem *m);
/* Needs KSTATE_VMSTAT. */
void procfs_vmstat(FILE *out, const struct kstate_mem *m);
/* Needs KSTATE_SLABINFO. */
void procfs_slabinfo(FILE *out, const struct kstate_mem *m);
/* /proc/meminfo (2.6.32 fs/proc/meminfo.c meminfo_proc_show()); needs
 * KSTATE_MEMINFO. */
void procfs_meminfo(FILE *out, const struct kstate_mem *m);

/* What a snapshot needs for file @name (KSTATE_*); -1 for an unknown name. */
int procfs_needs(const char *name);

/* By file name ("zoneinfo", "buddyinfo", ...); -1 for an unknown name. */
int procfs_show(const char *name, const struct kstate_mem *m, FILE *out);

/* NULL-terminated list of the names procfs_show() accepts. */
extern const char *const procfs_files[];

#endif /* MMSIM_REPORT_PROCFS_H */
