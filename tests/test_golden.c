// SPDX-License-Identifier: GPL-2.0
/*
 * The golden run: a short run's every text output (scripts/golden.sh)
 * compared byte for byte with the copy kept in tests/data/golden/.  It
 * holds restructurings to "no output changes": a refactor that moves
 * a value, a format or a call order shows here, in the file and line
 * that changed.  A change meant to alter runs regenerates the copy with
 * `make golden` and shows the new one in its diff.
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
#include "testlib.h"

static char dir[] = "/tmp/mmsim-golden-XXXXXX";

static void test_golden_run(void **state)
{
	char cmd[8192];
	int rc;

	(void)state;
	snprintf(cmd, sizeof(cmd), "scripts/golden.sh '%s' '%s/new'",
		 test_mmsim_path(), dir);
	assert_int_equal(system(cmd), 0);
	snprintf(cmd, sizeof(cmd),
		 "diff -r tests/data/golden '%s/new' > '%s/diff' 2>&1", dir, dir);
	rc = system(cmd);
	if (rc) {
		snprintf(cmd, sizeof(cmd), "head -40 '%s/diff'", dir);
		if (system(cmd))
			fprintf(stderr, "(no diff to show)\n");
		fail_msg("the golden run's output changed (above; 'make golden' "
			 "writes the new copy if the change is meant)");
	}
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_golden_run),
	};
	char cmd[64];
	int rc;

	(void)argc;
	test_cli_init(argv[0]);
	if (!mkdtemp(dir))
		return 2;
	rc = cmocka_run_group_tests_name("golden", tests, NULL, NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		rc = rc ? rc : 2;
	return rc;
}
