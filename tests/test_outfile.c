// SPDX-License-Identifier: GPL-2.0
/*
 * Output files (report/outfile.h): a write error anywhere in a file
 * fails its commit and leaves nothing under the final name, however the
 * stream's buffer went.  The error is made with a file size limit
 * (RLIMIT_FSIZE, SIGXFSZ ignored: write() fails with EFBIG), in a child
 * process so the limit stays there.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <cmocka.h>
#include "report/outfile.h"

static char dir[] = "/tmp/mmsim-outfile-XXXXXX";

/*
 * In a child limited to 4 KiB files: write @chunks of @size bytes, then
 * flush first when @flush, then commit.  Exit status: 0 the commit
 * failed with EFBIG and no file is there, 1 it succeeded, 2 anything else.
 */
static int limited_write(const char *name, size_t size, int chunks, bool flush)
{
	char path[512];
	struct rlimit rl = { 4096, 4096 };
	struct outfile of;
	struct stat st;
	char *buf, cmd[600];
	pid_t pid;
	int status, rc;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	pid = fork();
	assert_true(pid >= 0);
	if (pid) {
		assert_int_equal(waitpid(pid, &status, 0), pid);
		return WIFEXITED(status) ? WEXITSTATUS(status) : 3;
	}
	signal(SIGXFSZ, SIG_IGN);
	if (setrlimit(RLIMIT_FSIZE, &rl) || outfile_open(&of, path))
		_exit(2);
	buf = malloc(size);
	if (!buf)
		_exit(2);
	memset(buf, 'x', size);
	for (int i = 0; i < chunks; i++)
		(void)fwrite(buf, size, 1, of.fp);
	if (flush && outfile_flush(&of)) {
		rc = errno == EFBIG && !strcmp(outfile_error(&of), strerror(EFBIG)) ? 0 : 2;
		outfile_abort(&of);
	} else {
		rc = outfile_commit(&of) ? (errno == EFBIG ? 0 : 2) : 1;
	}
	/* Nothing under the final name, no temporary file. */
	snprintf(cmd, sizeof(cmd), "test -z \"$(ls -A %s)\"", dir);
	if (!rc && (!stat(path, &st) || system(cmd)))
		rc = 2;
	_exit(rc);
}

static void test_write_error_fails_the_commit(void **state)
{
	(void)state;
	/* Under the limit: written. */
	assert_int_equal(limited_write("small", 1000, 1, false), 1);
	{
		char cmd[600];

		snprintf(cmd, sizeof(cmd), "rm -f %s/small", dir);
		assert_int_equal(system(cmd), 0);
	}
	/* The buffer's writes fail early, nothing is left at fclose(). */
	assert_int_equal(limited_write("big", 8192, 3, false), 0);
	/* One write past the limit, the rest at fclose(). */
	assert_int_equal(limited_write("tail", 5000, 1, false), 0);
	/* outfile_flush() says so before any commit. */
	assert_int_equal(limited_write("flushed", 8192, 3, true), 0);
}

/*
 * A device that takes nothing is refused when it is opened, before the
 * run whose output it would have been (/dev/full failed only at the
 * commit, after every run); /dev/null and standard output still open.
 */
static void test_full_device_refused_at_open(void **state)
{
	struct outfile of;

	(void)state;
	errno = 0;
	assert_int_equal(outfile_open(&of, "/dev/full"), -1);
	assert_int_equal(errno, ENOSPC);
	assert_string_equal(outfile_error(&of), strerror(ENOSPC));
	assert_int_equal(outfile_open(&of, "/dev/null"), 0);
	assert_null(of.tmp_path);
	fputs("nothing\n", of.fp);
	assert_int_equal(outfile_commit(&of), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_write_error_fails_the_commit),
		cmocka_unit_test(test_full_device_refused_at_open),
	};
	char cmd[256];
	int rc;

	if (!mkdtemp(dir))
		return 1;
	rc = cmocka_run_group_tests_name("outfile", tests, NULL, NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		rc = 1;
	return rc;
}
