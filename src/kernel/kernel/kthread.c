// SPDX-License-Identifier: GPL-2.0
/*
 * The nice level of new kernel threads (kernel/kthread.c, 2.6.30-2.6.32).
 */
#include "linux/kthread.h"
#include "mmsim/profile.h"

/* 2.6.30 and 2.6.31 kernel/kthread.c */
#define KTHREAD_NICE_LEVEL (-5)

/*
 * 2.6.30 and 2.6.31 kthread_create() does set_user_nice(create.result,
 * KTHREAD_NICE_LEVEL) on every thread it makes, and worker_thread()
 * (kernel/workqueue.c) again set_user_nice(current, -5) for workqueue
 * threads: kswapd, kjournald, kcryptd and kcryptd_io run at nice -5,
 * weight 3121 against a nice-0 task's 1024.  61cbe54d ("sched: Keep
 * kthreads at default priority", 2.6.32-rc1) removed all three calls;
 * threads keep kthreadd's nice, 0.
 */
int kthread_prio(void)
{
	if (kprofile_get(kthread_nice) == KTHREAD_NICE_MINUS_5)
		return NICE_TO_PRIO(KTHREAD_NICE_LEVEL);
	return DEFAULT_PRIO;
}
