/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel threads' priority (kernel/kthread.c).  The engine's kthread_run()
 * takes a static priority; the kernel's threads are started with
 * kthread_run(fn, arg, name, kthread_prio()), the nice kthread_create()
 * leaves them at in the running profile's kernel.
 */
#ifndef _LINUX_KTHREAD_H
#define _LINUX_KTHREAD_H

#include "sim/sim.h"

int kthread_prio(void);

#endif /* _LINUX_KTHREAD_H */
