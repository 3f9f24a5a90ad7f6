/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Broken invariants: a bug in mmsim, reported with the simulated time and
 * the running task (sim_bug(), bug.c), never a message of a normal run.
 * The simulated kernel uses the kernel's names for it (BUG_ON, WARN_ON,
 * VM_BUG_ON: linux/bug.h, linux/mmdebug.h); the engine and the hardware,
 * below the kernel, use SIM_BUG_ON.  All of them end in sim_bug().
 */
#ifndef MMSIM_SIM_BUG_H
#define MMSIM_SIM_BUG_H

void sim_bug(const char *file, int line, const char *cond)
	__attribute__((noreturn));

#define SIM_BUG_ON(cond)						\
	do {								\
		if (__builtin_expect(!!(cond), 0))			\
			sim_bug(__FILE__, __LINE__, #cond);		\
	} while (0)

#endif /* MMSIM_SIM_BUG_H */
