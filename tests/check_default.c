// SPDX-License-Identifier: GPL-2.0
/*
 * Linked into every test program (Makefile: TEST_HELPERS): the invariant
 * checker is on by default in the test build, as --check is in a run,
 * after every reclaim pass and every CHECK_INTERVAL engine events, with
 * the deadlock detector armed.  A violation is a BUG that fails the test.
 * A test that builds a broken state on purpose turns it off around it.
 */
#include "linux/swap.h"

#define CHECK_INTERVAL	5000

/* Also the harnesses' teardown: back to the default after a test that
 * changed it. */
__attribute__((constructor)) void check_default(void)
{
	mm_debug_enable(true, CHECK_INTERVAL);
}

static __attribute__((destructor)) void check_default_exit(void)
{
	mm_debug_exit();
}
