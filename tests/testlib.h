/* SPDX-License-Identifier: GPL-2.0 */
/* Helpers shared by several test programs (linked into every one). */
#ifndef MMSIM_TESTLIB_H
#define MMSIM_TESTLIB_H

#include <stddef.h>

/*
 * A small machine under anonymous-memory pressure, receiving a fast
 * stream through order-2 GFP_ATOMIC buffers refilled from softirq: the
 * scenario in which allocations fail within seconds (test_run, test_explain).
 */
extern const char test_pressure_scenario[];

/* From a test's argv[0], build/MODE/tests/test_X -> build/MODE/mmsim. */
void test_cli_init(const char *argv0);

/* Run "mmsim ARGS" with stdout and stderr in @out; the exit code, or -1. */
int test_cli_run(const char *args, char *out, size_t len);
/* The mmsim binary test_cli_init() found. */
const char *test_mmsim_path(void);

/* @text into a new temporary file (at most 8 at a time); its path. */
const char *test_tmp_file(const char *text);
/* Remove the files test_tmp_file() made. */
void test_tmp_files_remove(void);

/* Is @tool (a command name) on PATH? */
int test_have_tool(const char *tool);

/*
 * Skip the current test, saying why on a line "SKIP: TEST: REASON" that
 * scripts/run-tests.sh gathers under make check's summary: a missing
 * optional tool (trace-cmd, chromium, ...) is visible, not silent.
 */
#define test_skip_because(...) do {					\
	printf("SKIP: %s: ", __func__);					\
	printf(__VA_ARGS__);						\
	printf("\n");							\
	fflush(stdout);							\
	skip();								\
} while (0)

#endif /* MMSIM_TESTLIB_H */
