// SPDX-License-Identifier: GPL-2.0
/*
 * Progress on long work (report/progress.c and mmsim run): a run longer
 * than a few seconds of wall time shows simulated time and events/s on a
 * terminal; a short one shows nothing; a pipe never gets anything.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "report/progress.h"
#include "testlib.h"

static char out[1 << 16];

/* The module: quiet at first, then a line with the note; cleared at the end. */
static void test_progress_line(void **state)
{
	struct progress p = { .quiet = 0.2 };
	char *buf = NULL;
	size_t len = 0;
	FILE *saved = stderr, *mem = open_memstream(&buf, &len);

	(void)state;
	assert_non_null(mem);
	stderr = mem;
	progress_begin(&p, "simulated s");
	p.enabled = true;		/* as on a terminal */
	progress_update_note(&p, 1, 100, "1.00M events/s");
	fflush(mem);
	assert_int_equal(len, 0);	/* within the quiet time */
	usleep(250000);
	progress_update_note(&p, 50, 100, "2.50M events/s");
	progress_end(&p);
	stderr = saved;
	fclose(mem);
	assert_non_null(strstr(buf, "\rsimulated s 50/100, "));
	assert_non_null(strstr(buf, ", 2.50M events/s"));
	assert_non_null(strstr(buf, "\r\033[K"));
	free(buf);
}

/* mmsim run on a pseudo-terminal (script(1)) and on a pipe. */
static void test_run_progress(void **state)
{
	char cmd[2048];
	FILE *p;
	size_t n;

	(void)state;
	if (!test_have_tool("script"))
		test_skip_because("script(1) is not installed (util-linux)");
	/* A run of several seconds of wall time: the 8 GB machine. */
	snprintf(cmd, sizeof(cmd), "script -qec '%s run bench/scale/scale-8G.ini "
		 "--time 3000s' /dev/null", test_mmsim_path());
	p = popen(cmd, "r");
	assert_non_null(p);
	n = fread(out, 1, sizeof(out) - 1, p);
	out[n] = 0;
	assert_int_equal(pclose(p), 0);
	assert_non_null(strstr(out, "\rsimulated s "));
	assert_non_null(strstr(out, " events/s"));
	/*
	 * A short run on a terminal: nothing. 5 simulated seconds take well
	 * under the 2 s quiet time even under AddressSanitizer (20 s took
	 * about 2 s there).
	 */
	snprintf(cmd, sizeof(cmd), "script -qec '%s run --time 5s' /dev/null",
		 test_mmsim_path());
	p = popen(cmd, "r");
	assert_non_null(p);
	n = fread(out, 1, sizeof(out) - 1, p);
	out[n] = 0;
	assert_int_equal(pclose(p), 0);
	assert_null(strstr(out, "simulated s "));
	/* The long run on a pipe: stderr has no progress. */
	snprintf(cmd, sizeof(cmd), "%s run bench/scale/scale-8G.ini --time 3000s "
		 "2>&1 >/dev/null | cat", test_mmsim_path());
	p = popen(cmd, "r");
	assert_non_null(p);
	n = fread(out, 1, sizeof(out) - 1, p);
	out[n] = 0;
	assert_int_equal(pclose(p), 0);
	assert_int_equal(n, 0);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_progress_line),
		cmocka_unit_test(test_run_progress),
	};

	(void)argc;
	test_cli_init(argv[0]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
