// SPDX-License-Identifier: GPL-2.0
/* int_sqrt (2.6.32 lib/int_sqrt.c): the integer square root, rounded down. */
#include "linux/kernel.h"

unsigned long int_sqrt(unsigned long x)
{
	unsigned long r = 0, bit = 1UL << (BITS_PER_LONG - 2);

	while (bit > x)
		bit >>= 2;
	while (bit) {
		if (x >= r + bit) {
			x -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
		bit >>= 2;
	}
	return r;
}
