/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel side of metrics/kstate.h: snapshots of the machine's state
 * as the /proc files and the kern.log print it, taken read only, for
 * report/procfs.c and report/kern_log.c to format.  The kernel never
 * prints.
 */
#ifndef MMSIM_KSTATE_H
#define MMSIM_KSTATE_H

#include "metrics/kstate.h"

struct kernel_profile;

/*
 * The zones of every node (zoneinfo, buddyinfo) and what @what asks for
 * besides (KSTATE_PAGETYPES, _VMSTAT, _SLABINFO, _MEMINFO), now, with the
 * running profile's identity; free with kstate_mem_free().
 * mm/vmstat.c.
 */
struct kstate_mem *kstate_mem_take(unsigned int what);

/* /proc/slabinfo's lines, newest cache first (mm/slab_common.c). */
void kstate_slabinfo_fill(struct kstate_mem *m);

/* /proc/meminfo's numbers (fs/proc/meminfo.c). */
void kstate_meminfo_fill(struct kstate_meminfo *mi);

/*
 * The records of the run's kern.log so far, with the running profile's
 * identity (mm/alloc_fail.c); free with kstate_log_free().  The records
 * stay the kernel's: valid until they are reset.
 */
struct kstate_log *kstate_log_take(void);

/* The identity of @p the text formats depend on (kernel/profile.c);
 * @p NULL: the running kprofile. */
void kprofile_identity(const struct kernel_profile *p,
		       struct kstate_profile *id);

#endif /* MMSIM_KSTATE_H */
