/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Small kernel idioms the simulated kernel uses: bit operations, min/max,
 * and assertions.  A broken invariant is a bug in mmsim: BUG_ON reports it
 * with the simulated time and aborts; it never prints in a normal run.
 */
#ifndef MMSIM_KERNEL_H
#define MMSIM_KERNEL_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include "sim/sim.h"

#define BITS_PER_LONG (8 * (int)sizeof(long))

static inline bool test_bit(int nr, const unsigned long *addr)
{
	return (*addr >> nr) & 1UL;
}

static inline void set_bit(int nr, unsigned long *addr)
{
	*addr |= 1UL << nr;
}

static inline void clear_bit(int nr, unsigned long *addr)
{
	*addr &= ~(1UL << nr);
}

static inline bool test_and_set_bit(int nr, unsigned long *addr)
{
	bool old = test_bit(nr, addr);

	set_bit(nr, addr);
	return old;
}

static inline bool test_and_clear_bit(int nr, unsigned long *addr)
{
	bool old = test_bit(nr, addr);

	clear_bit(nr, addr);
	return old;
}

#ifndef min
#define min(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a < _b ? _a : _b; })
#define max(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
#endif
#define min_t(type, a, b) min((type)(a), (type)(b))
#define max_t(type, a, b) max((type)(a), (type)(b))

/* lib/int_sqrt.c */
unsigned long int_sqrt(unsigned long x);

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)

void mmsim_bug(const char *file, int line, const char *cond)
	__attribute__((noreturn));

#define BUG_ON(cond)							\
	do {								\
		if (unlikely(cond))					\
			mmsim_bug(__FILE__, __LINE__, #cond);		\
	} while (0)
#define BUG() mmsim_bug(__FILE__, __LINE__, "BUG")
#define VM_BUG_ON(cond) BUG_ON(cond)
/* The kernel warns and goes on; mmsim treats a warning as a bug in itself. */
#define WARN_ON_ONCE(cond) BUG_ON(cond)

#define might_sleep_if(cond) BUG_ON((cond) && in_interrupt())

#endif /* MMSIM_KERNEL_H */
