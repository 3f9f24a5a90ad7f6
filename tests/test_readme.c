// SPDX-License-Identifier: GPL-2.0
/*
 * README.md's sample outputs are what mmsim prints now: scripts/readme.sh
 * --check runs each sample's command (a whole default run, cut to its
 * first lines) and fails with a diff where README.md differs.  `make
 * readme` writes them anew.  Run from the source tree, as make test does.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <cmocka.h>

#include "testlib.h"
#include "experiment/run.h"

/* The binary's absolute path: the script runs in another directory. */
static const char *mmsim(void)
{
	static char path[4096];

	if (!realpath(test_mmsim_path(), path))
		fail_msg("%s: not found", test_mmsim_path());
	return path;
}

static int check(const char *readme_dir)
{
	char cmd[8192];
	int status;

	snprintf(cmd, sizeof(cmd), "cd '%s' && scripts/readme.sh '%s' --check",
		 readme_dir, mmsim());
	status = system(cmd);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void test_readme_samples_are_current(void **state)
{
	FILE *f;
	char line[512];
	int samples = 0;

	(void)state;
	f = fopen("README.md", "r");
	assert_non_null(f);
	while (fgets(line, sizeof(line), f))
		samples += !strncmp(line, "<!-- sample: ", 13);
	fclose(f);
	/* The README shows mmsim run's output: a sample, checked. */
	assert_true(samples >= 1);
	assert_int_equal(check("."), 0);
}

/* A sample that differs from the output fails the check: a copy of the
 * tree's README and script with one sample line changed. */
static void test_a_stale_sample_fails(void **state)
{
	char dir[] = "/tmp/mmsim-readme-test-XXXXXX", cmd[8192];

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(cmd, sizeof(cmd),
		 "mkdir '%s/scripts' && cp scripts/readme.sh '%s/scripts/' && "
		 "printf 'x\\n<!-- sample: ./mmsim version | head -1 -->\\n"
		 "```text\\nmmsim 0.0.0-stale\\n```\\n<!-- end of sample -->\\ny\\n' "
		 "> '%s/README.md'", dir, dir, dir);
	assert_int_equal(system(cmd), 0);
	assert_int_equal(check(dir), 1);
	/* Written anew, it is current. */
	snprintf(cmd, sizeof(cmd), "cd '%s' && scripts/readme.sh '%s' && "
		 "grep -qx 'mmsim %s' README.md && grep -qx y README.md",
		 dir, mmsim(), MMSIM_VERSION);
	assert_int_equal(system(cmd), 0);
	assert_int_equal(check(dir), 0);
	/* No binary: an error, not an empty sample. */
	snprintf(cmd, sizeof(cmd), "cd '%s' && scripts/readme.sh /nonexistent/mmsim "
		 "--check 2>/dev/null", dir);
	assert_int_equal(WEXITSTATUS(system(cmd)), 2);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_a_stale_sample_fails),
		cmocka_unit_test(test_readme_samples_are_current),
	};

	(void)argc;
	test_cli_init(argv[0]);
	return cmocka_run_group_tests_name("readme", tests, NULL, NULL);
}
