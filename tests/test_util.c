// SPDX-License-Identifier: GPL-2.0
/*
 * util/: the one mkdir_p and the allocation helpers every layer uses.
 * Running out of memory itself is not tested (it aborts by design).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <cmocka.h>
#include "util/fs.h"
#include "util/xalloc.h"

static char dir[] = "/tmp/mmsim-util-XXXXXX";

static bool is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

static void test_mkdir_p(void **state)
{
	char *deep = xasprintf("%s/a/b/c", dir), *file = xasprintf("%s/f", dir);
	char *under = xasprintf("%s/f/d", dir);
	FILE *f;

	(void)state;
	assert_int_equal(mkdir_p(deep), 0);
	assert_true(is_dir(deep));
	/* Again: every level already there. */
	assert_int_equal(mkdir_p(deep), 0);
	assert_int_equal(make_dir(deep), 0);
	/* A file where a directory should be: refused, and said so. */
	f = fopen(file, "w");
	assert_non_null(f);
	fclose(f);
	errno = 0;
	assert_int_equal(make_dir(file), -1);
	assert_int_equal(errno, EEXIST);
	errno = 0;
	assert_int_equal(mkdir_p(under), -1);
	assert_int_equal(errno, EEXIST);
	assert_false(is_dir(under));
	free(deep);
	free(file);
	free(under);
}

static void test_xalloc(void **state)
{
	char *s = xasprintf("%s-%03d", "seed", 7), *d = xstrdup(s);
	char *n = xstrndup("kswapd0", 6);
	int *z = xcalloc(0, sizeof(int)), *v = xcalloc(4, sizeof(int));
	char *text = NULL;
	size_t len = 0;
	FILE *m;

	(void)state;
	assert_string_equal(s, "seed-007");
	assert_string_equal(d, "seed-007");
	assert_ptr_not_equal(s, d);
	assert_string_equal(n, "kswapd");
	/* Zero elements: a valid empty array, not NULL (not "out of memory"). */
	assert_non_null(z);
	for (int i = 0; i < 4; i++)
		assert_int_equal(v[i], 0);
	v = xrealloc(v, 8 * sizeof(int));
	v[7] = 1;
	m = xopen_memstream(&text, &len);
	fprintf(m, "%d pages", 32);
	xclose_memstream(m);
	assert_string_equal(text, "32 pages");
	assert_int_equal(len, 8);
	free(s);
	free(d);
	free(n);
	free(z);
	free(v);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mkdir_p),
		cmocka_unit_test(test_xalloc),
	};
	char cmd[64];
	int rc;

	if (!mkdtemp(dir))
		return 2;
	rc = cmocka_run_group_tests_name("util", tests, NULL, NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		rc = rc ? rc : 2;
	return rc;
}
