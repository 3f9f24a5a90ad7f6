/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The booted machine's /proc files in the kernel's own text formats
 * (2.6.32 mm/vmstat.c zoneinfo_show(), frag_show(), pagetypeinfo_show(),
 * vmstat_show(); mm/slub.c and mm/slab.c for /proc/slabinfo):
 * /proc/zoneinfo, /proc/buddyinfo, /proc/pagetypeinfo, /proc/vmstat and
 * /proc/slabinfo, as the running kernel profile prints them
 * (kprofile.vmstat_fields, kprofile.kswapd_sleep).  They read the
 * kernel's structures, read only: the kernel never prints.
 */
#ifndef MMSIM_REPORT_PROCFS_H
#define MMSIM_REPORT_PROCFS_H

#include <stdio.h>

void procfs_zoneinfo(FILE *out);
void procfs_buddyinfo(FILE *out);
void procfs_pagetypeinfo(FILE *out);
void procfs_vmstat(FILE *out);
void procfs_slabinfo(FILE *out);
/* /proc/meminfo (2.6.32 fs/proc/meminfo.c meminfo_proc_show()). */
void procfs_meminfo(FILE *out);

/* By file name ("zoneinfo", "buddyinfo", ...); -1 for an unknown name. */
int procfs_show(const char *name, FILE *out);

/* NULL-terminated list of the names procfs_show() accepts. */
extern const char *const procfs_files[];

#endif /* MMSIM_REPORT_PROCFS_H */
