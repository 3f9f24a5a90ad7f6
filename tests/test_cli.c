// SPDX-License-Identifier: GPL-2.0
/* The mmsim command line: exit codes, one-line errors, and output files. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libgen.h>
#include <unistd.h>
#include <sys/wait.h>
#include <cmocka.h>

#include "testlib.h"

static char out[65536];

static int run(const char *args)
{
	return test_cli_run(args, out, sizeof(out));
}

static const char small[] =
	"[machine]\nmem = 64M\ncpus = 1\ndisk_size = 2G\nfs_size = 1G\nswap_size = 256M\n"
	"[run]\nmax_time = 2s\n"
	"[task hog]\nprogram = anonhog\nsize = 96M\npattern = random\npasses = 0\n";

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void test_unknown_command_and_option(void **state)
{
	(void)state;
	assert_int_equal(run("frobnicate"), 2);
	assert_non_null(strstr(out, "unknown command 'frobnicate'"));
	assert_int_equal(run("run --bogus"), 2);
	assert_non_null(strstr(out, "--bogus"));
	assert_int_equal(run("run --seed x12"), 2);
	assert_non_null(strstr(out, "--seed 'x12'"));
}

static void test_bad_profile_names_the_forms(void **state)
{
	(void)state;
	assert_int_equal(run("profiles 2.6.99"), 2);
	assert_non_null(strstr(out, "2.6.99"));
	assert_int_equal(run("run --kernel 2.6.32-rc6-0000019-x"), 2);
}

static void test_bad_scenario_is_one_line_with_file_and_line(void **state)
{
	char path[] = "/tmp/mmsim-cli-XXXXXX";
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	write_file(path, "[machine]\nmem = 512M\ncpus = 0\n");
	assert_int_equal(run(path), 2);	/* not a command: usage error */
	{
		char args[256];

		snprintf(args, sizeof(args), "run %s", path);
		assert_int_equal(run(args), 2);
		assert_non_null(strstr(out, ":3: "));
		assert_non_null(strstr(out, path));
		/* One line. */
		assert_ptr_equal(strchr(out, '\n'), out + strlen(out) - 1);
	}
	unlink(path);
}

static void test_run_writes_trace_json_and_kern_log(void **state)
{
	char sc[] = "/tmp/mmsim-cli-sc-XXXXXX";
	char args[1024];
	int fd = mkstemp(sc);
	FILE *f;
	char line[512];
	int lines = 0;

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	write_file(sc, small);
	snprintf(args, sizeof(args),
		 "run %s --trace %s.trace --json %s.json --samples %s.csv --kern-log %s.log",
		 sc, sc, sc, sc, sc);
	assert_int_equal(run(args), 0);
	assert_non_null(strstr(out, "Elapsed:00:02.000"));
	snprintf(line, sizeof(line), "%s.trace", sc);
	f = fopen(line, "r");
	assert_non_null(f);
	while (fgets(line, sizeof(line), f))
		lines++;
	fclose(f);
	assert_true(lines > 100);
	snprintf(args, sizeof(args), "report reclaim %s.trace", sc);
	assert_int_equal(run(args), 0);
	assert_non_null(strstr(out, "Summary"));
	snprintf(args, sizeof(args), "rm -f %s %s.trace %s.json %s.csv %s.log", sc, sc, sc, sc, sc);
	assert_int_equal(system(args), 0);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unknown_command_and_option),
		cmocka_unit_test(test_bad_profile_names_the_forms),
		cmocka_unit_test(test_bad_scenario_is_one_line_with_file_and_line),
		cmocka_unit_test(test_run_writes_trace_json_and_kern_log),
	};
	(void)argc;
	/* build/MODE/tests/test_cli -> build/MODE/mmsim */
	test_cli_init(argv[0]);
	return cmocka_run_group_tests_name("cli", tests, NULL, NULL);
}
