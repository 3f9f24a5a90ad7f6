/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Small kernel idioms the simulated kernel uses: bit operations, min/max,
 * likely/unlikely, and the BUG_ON family (linux/bug.h, linux/mmdebug.h).
 */
#ifndef MMSIM_KERNEL_H
#define MMSIM_KERNEL_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include "sim/sim.h"
#include "linux/bug.h"
#include "linux/mmdebug.h"

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

#define might_sleep_if(cond) BUG_ON((cond) && in_interrupt())

#endif /* MMSIM_KERNEL_H */
