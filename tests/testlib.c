// SPDX-License-Identifier: GPL-2.0
/* Helpers shared by several test programs (testlib.h). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <libgen.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include <cmocka.h>

#include "testlib.h"

const char test_pressure_scenario[] =
	"[machine]\n"
	"arch = x86_64\nmem = 128M\ncpus = 2\n"
	"disk_size = 4G\nfs_size = 2G\nswap_size = 1G\n"
	"[kernel]\nprofile = 2.6.32-rc6-0000000-force-highorder\n"
	"[run]\nseed = 1\nmax_time = 20s\n"
	"[task hog]\nprogram = anonhog\nsize = 200M\npattern = random\n"
	"passes = 0\ncpu_per_page = 0\n"
	"[task music]\nprogram = music\nnet = netrx\n"
	"[task netrx]\nprogram = netrx\nbwlimit = 8M\n";

static char mmsim_path[4096];

void test_cli_init(const char *argv0)
{
	char self[4096];

	snprintf(self, sizeof(self), "%s", argv0);
	snprintf(mmsim_path, sizeof(mmsim_path), "%s/../mmsim", dirname(self));
}

const char *test_mmsim_path(void)
{
	return mmsim_path;
}

int test_have_tool(const char *tool)
{
	char cmd[512];

	snprintf(cmd, sizeof(cmd), "command -v '%s' >/dev/null 2>&1", tool);
	return system(cmd) == 0;
}

int test_cli_run(const char *args, char *out, size_t len)
{
	char cmd[8192];
	size_t n;
	FILE *p;
	int status;

	snprintf(cmd, sizeof(cmd), "%s %s 2>&1", mmsim_path, args);
	p = popen(cmd, "r");
	assert_non_null(p);
	n = fread(out, 1, len - 1, p);
	out[n] = 0;
	/* What does not fit is read and dropped: a pipe closed under a
	 * command still writing kills it with SIGPIPE, and its status is
	 * lost. */
	while (fgetc(p) != EOF)
		;
	status = pclose(p);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static char tmp_paths[8][64];
static int nr_tmp;

const char *test_tmp_file(const char *text)
{
	char *path = tmp_paths[nr_tmp++ % 8];
	FILE *f;
	int fd;

	strcpy(path, "/tmp/mmsim-test-XXXXXX");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
	return path;
}

void test_tmp_files_remove(void)
{
	for (int i = 0; i < 8; i++)
		if (tmp_paths[i][0])
			unlink(tmp_paths[i]);
	memset(tmp_paths, 0, sizeof(tmp_paths));
}
