/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The scheduler's per-version settings (kernel/sched.c), and
 * khungtaskd (kernel/hung_task.c, 2.6.30-2.6.32): every
 * hung_task_timeout_secs it looks at each task in TASK_UNINTERRUPTIBLE,
 * and one that has not been scheduled since the previous look is
 * reported: "INFO: task NAME:PID blocked for more than 120 seconds.".
 * The kernel records; src/report/kern_log.c formats.
 */
#ifndef MMSIM_HUNG_TASK_H
#define MMSIM_HUNG_TASK_H

#include <stddef.h>
#include "sim/sim.h"
#include "metrics/kstate.h"

/* /proc/sys/kernel/hung_task_timeout_secs: 120 (0 disables the check). */
#define DEFAULT_HUNG_TASK_TIMEOUT	120
extern unsigned long sysctl_hung_task_timeout_secs;
/* /proc/sys/kernel/hung_task_warnings: reports left, 10 at boot. */
extern unsigned long sysctl_hung_task_warnings;

/* Its reports are metrics/kstate.h's struct hung_task_record. */

/* Boot: arm the watchdog (after sim_init), forgetting earlier records. */
void hung_task_start(void);
void hung_task_stop(void);
/* One pass of check_hung_uninterruptible_tasks (the timer calls it). */
void check_hung_uninterruptible_tasks(unsigned long timeout);
size_t hung_task_count(void);
const struct hung_task_record *hung_task_get(size_t i);

/* The running profile's CFS tunables and sleeper credit into @cfg, for
 * sim_init() (kernel/sched.c). */
void sched_profile_config(struct sim_config *cfg);

#endif /* MMSIM_HUNG_TASK_H */
