// SPDX-License-Identifier: GPL-2.0
/*
 * util/gz.h: whole files gzipped (a compare folder's kept results and
 * texts) and read back.
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
#include <cmocka.h>
#include "util/gz.h"
#include "util/xalloc.h"

static char dir[] = "/tmp/mmsim-gz-XXXXXX";

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	assert_true(fputs(text, f) >= 0);
	assert_int_equal(fclose(f), 0);
}

static char *read_bytes(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	char *buf = xmalloc(1 << 16);

	assert_non_null(f);
	*n = fread(buf, 1, 1 << 16, f);
	fclose(f);
	return buf;
}

/*
 * A file gzipped replaces its plain copy, reads back as it was (a plain
 * file too), and the same text gives the same bytes: a report folder
 * stays reproducible.
 */
static void test_gz(void **state)
{
	char *a = xasprintf("%s/a.json", dir), *agz = xasprintf("%s/a.json.gz", dir);
	char *b = xasprintf("%s/b.json", dir), *bgz = xasprintf("%s/b.json.gz", dir);
	char *text = xmalloc(20001), err[256], *back, *x, *y;
	size_t nx, ny;

	(void)state;
	for (int i = 0; i < 20000; i++)
		text[i] = "{\"seed\": 1,\n"[i % 13];
	text[20000] = 0;
	write_text(a, text);
	/* A plain file reads as it is. */
	back = gz_read_text(a, err, sizeof(err));
	assert_non_null(back);
	assert_string_equal(back, text);
	free(back);
	assert_int_equal(gz_pack_file(a, agz, err, sizeof(err)), 0);
	assert_int_equal(access(a, F_OK), -1);
	back = gz_read_text(agz, err, sizeof(err));
	assert_non_null(back);
	assert_string_equal(back, text);
	free(back);
	write_text(b, text);
	assert_int_equal(gz_pack_file(b, bgz, err, sizeof(err)), 0);
	x = read_bytes(agz, &nx);
	y = read_bytes(bgz, &ny);
	assert_true(nx > 18 && nx < 2000);	/* gzipped: header, trailer */
	assert_int_equal(nx, ny);
	assert_memory_equal(x, y, nx);
	/* Missing: refused, said so, nothing written. */
	assert_int_equal(gz_pack_file(a, agz, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "a.json: No such file or directory"));
	assert_null(gz_read_text(a, err, sizeof(err)));
	free(x);
	free(y);
	free(text);
	free(a);
	free(agz);
	free(b);
	free(bgz);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gz),
	};
	char cmd[64];
	int rc;

	if (!mkdtemp(dir))
		return 2;
	rc = cmocka_run_group_tests_name("gz", tests, NULL, NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		rc = rc ? rc : 2;
	return rc;
}
