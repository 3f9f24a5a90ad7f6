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
#include <sys/wait.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <cmocka.h>
#include "util/fileguard.h"
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

/*
 * A file mapped and then cut short under its reader: the page past the
 * new end raises SIGBUS, which a guard turns into an error naming the
 * file and both sizes.  Unguarded, the same read kills the process.
 */
static void test_file_guard_cut_mapping(void **state)
{
	char *path = xasprintf("%s/mapped", dir), why[640] = "";
	static struct file_guard g;	/* static: unchanged across the jump */
	static volatile int faults;
	static volatile char seen;
	const volatile char *map;
	size_t len = 4 * 65536;
	pid_t child;
	int fd, status;

	(void)state;
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, (off_t)len), 0);
	map = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, 0);
	assert_true(map != MAP_FAILED);
	file_guard_open(&g, path);
	assert_false(file_guard_changed(&g, why, sizeof(why)));
	seen = map[len - 1];
	assert_int_equal(ftruncate(fd, 4096), 0);

	/* Without a guard: the read past the end is a SIGBUS. */
	fflush(NULL);
	child = fork();
	assert_true(child >= 0);
	if (!child) {
		signal(SIGBUS, SIG_DFL);	/* not cmocka's */
		seen = map[len - 1];
		_exit(0);
	}
	assert_int_equal(waitpid(child, &status, 0), child);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGBUS);

	/* Guarded: an error, twice (the handler stays armed). */
	for (int i = 0; i < 2; i++) {
		if (sigsetjmp(g.env, 0)) {
			faults++;
			continue;
		}
		file_guard_enter(&g);
		seen = map[len - 1];
		file_guard_leave(&g);
		fail_msg("read a byte past the end of a cut file");
	}
	assert_int_equal(faults, 2);
	assert_true(file_guard_changed(&g, why, sizeof(why)));
	assert_non_null(strstr(why, path));
	assert_non_null(strstr(why, "changed while mmsim read it (262144 bytes "
			       "when opened, 4096 now)"));
	/* Within the file's new end the mapping reads as before. */
	file_guard_enter(&g);
	seen = map[100];
	file_guard_leave(&g);
	(void)seen;
	munmap((void *)map, len);
	close(fd);
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mkdir_p),
		cmocka_unit_test(test_xalloc),
		cmocka_unit_test(test_file_guard_cut_mapping),
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
