/* SPDX-License-Identifier: GPL-2.0 */
/*
 * BUG(), BUG_ON(), WARN_ON() and WARN_ON_ONCE(), as 2.6.32's
 * include/asm-generic/bug.h names them.  A broken invariant is a bug in
 * mmsim: each reports the file, line and condition with the simulated
 * time and task (sim_bug(), src/sim/bug.c) and aborts.  The kernel warns
 * and goes on; mmsim treats a warning as a bug in itself, so WARN_ON
 * aborts too (it still returns the condition, for "if (WARN_ON(x))").
 */
#ifndef MMSIM_LINUX_BUG_H
#define MMSIM_LINUX_BUG_H

#include "sim/bug.h"

#define BUG() sim_bug(__FILE__, __LINE__, "BUG")

#define BUG_ON(cond)							\
	do {								\
		if (__builtin_expect(!!(cond), 0))			\
			sim_bug(__FILE__, __LINE__, #cond);		\
	} while (0)

#define WARN_ON(cond)							\
	({								\
		int __ret_warn_on = !!(cond);				\
									\
		if (__builtin_expect(__ret_warn_on, 0))			\
			sim_bug(__FILE__, __LINE__, "WARN_ON(" #cond ")"); \
		__ret_warn_on;						\
	})

#define WARN_ON_ONCE(cond) WARN_ON(cond)

#endif /* MMSIM_LINUX_BUG_H */
