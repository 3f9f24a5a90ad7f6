// SPDX-License-Identifier: GPL-2.0
/*
 * mmsim installed like a tool: `make install DESTDIR=...` puts the binary,
 * mmsim(1), the scenarios and the docs in place; the installed binary
 * runs, finds its scenarios by name, says how it reads trace.dat, and the
 * compare --emit-jobs recipe of the README works with it (GNU parallel;
 * skipped, saying so, without it).
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libgen.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <cmocka.h>
#include "testlib.h"

static char dir[] = "/tmp/mmsim-install-XXXXXX";
static char mode[64] = "release";
static const char *srcdir = ".";
static char *out;		/* the last sh()'s whole output */
static size_t out_size;
static bool installed;

/* Run a shell command with output in out; its exit status. */
static int sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int sh(const char *fmt, ...)
{
	char cmd[4096], body[4000];
	va_list ap;
	FILE *p;
	size_t n;
	int status;

	va_start(ap, fmt);
	vsnprintf(body, sizeof(body), fmt, ap);
	va_end(ap);
	snprintf(cmd, sizeof(cmd), "( %s ) 2>&1", body);
	p = popen(cmd, "r");
	assert_non_null(p);
	/* All of it: a command killed by SIGPIPE when the reader stops
	 * early (make -n of a whole rebuild prints some 60 KB) would fail
	 * for the test's reason, not its own. */
	n = 0;
	for (;;) {
		size_t got;

		if (out_size - n < 4096) {
			out_size = out_size ? 2 * out_size : 1 << 16;
			out = realloc(out, out_size);
			assert_non_null(out);
		}
		got = fread(out + n, 1, out_size - n - 1, p);
		if (!got)
			break;
		n += got;
	}
	out[n] = 0;
	status = pclose(p);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static bool exists(const char *path)
{
	struct stat st;

	return !stat(path, &st);
}

static void test_make_install(void **state)
{
	static const char *const files[] = {
		"usr/local/bin/mmsim", "usr/local/share/man/man1/mmsim.1",
		"usr/local/share/mmsim/scenarios/reproduction-x86_64.ini",
		"usr/local/share/mmsim/scenarios/reproduction-x86.ini",
		"usr/local/share/mmsim/scenarios/desktop-net-gitk.ini",
		"usr/local/share/doc/mmsim/README.md",
		"usr/local/share/doc/mmsim/model.md",
		"usr/local/share/doc/mmsim/schema/result.schema.json",
	};
	char path[700];

	(void)state;
	/* The build this test belongs to (MODE), nothing rebuilt; not under
	 * the make that runs the tests. */
	if (sh("cd %s && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s MODE=%s "
	       "install DESTDIR=%s/root", srcdir, mode, dir))
		fail_msg("make install: %s", out);
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(path, sizeof(path), "%s/root/%s", dir, files[i]);
		if (!exists(path))
			fail_msg("not installed: %s", files[i]);
	}
	installed = true;
}

/* mmsim(1) is the --help texts: every command has its section. */
/*
 * A fresh machine without libtracecmd: `make run` (and test, check, ...)
 * installs the dependencies before it builds, so its first make does not
 * warn that trace.dat reading is not built; the make it runs after them
 * says so if it is still true, as a plain `make` does.  pkg-config is
 * pointed at nothing to be such a machine (make -n: nothing runs).
 */
static void test_no_warning_before_deps(void **state)
{
	(void)state;
	const char *deps, *warning;

	assert_int_equal(sh("cd %s && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL "
			    "PKG_CONFIG_LIBDIR=/nonexistent PKG_CONFIG_PATH= make -n run",
			    srcdir), 0);
	/* make -n runs the inner make too: its warning comes after deps. */
	deps = strstr(out, "scripts/deps.sh\n");
	warning = strstr(out, "NOT BUILT");
	assert_non_null(deps);
	assert_true(!warning || warning > deps);
	assert_int_equal(sh("cd %s && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL "
			    "PKG_CONFIG_LIBDIR=/nonexistent PKG_CONFIG_PATH= make -n all",
			    srcdir), 0);
	assert_non_null(strstr(out, "trace.dat READING IS NOT BUILT"));
}

static void test_man_page(void **state)
{
	static const char *const cmds[] = {
		"run", "scenario", "profiles", "show", "validate", "report", "compare",
	};
	char path[700];

	(void)state;
	if (!installed)
		skip();
	snprintf(path, sizeof(path), "%s/root/usr/local/share/man/man1/mmsim.1", dir);
	assert_int_equal(sh("cat %s", path), 0);
	assert_non_null(strstr(out, ".TH MMSIM 1 "));
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		char want[64];

		snprintf(want, sizeof(want), ".SS mmsim %s\n", cmds[i]);
		if (!strstr(out, want))
			fail_msg("no section %s", want);
	}
	/* A line of run's help, as --help prints it. */
	assert_non_null(strstr(out, "  --latency-log FILE write gitk's progress lines"));
	assert_non_null(strstr(out, "GNU parallel"));
	/* Every help text fits an 80-column terminal with room (78). */
	assert_int_equal(sh("cd %s/root/usr/local/bin && for c in help run scenario profiles "
			    "show validate report compare calibrate bisect sweep merge; do ./mmsim $c --help; "
			    "done | awk 'length > 78' | head -5", dir), 0);
	assert_string_equal(out, "");
	if (test_have_tool("man")) {
		assert_int_equal(sh("MANWIDTH=80 man -l %s", path), 0);
		assert_non_null(strstr(out, "mmsim run"));
		/* The page fits 80 columns (wc -L: display width). */
		assert_int_equal(sh("MANWIDTH=80 man -l %s 2>/dev/null | wc -L", path), 0);
		assert_true(atoi(out) > 60 && atoi(out) <= 80);
	}
}

/* The installed binary runs, with its scenarios found by name. */
static void test_installed_binary(void **state)
{
	char bin[700];

	(void)state;
	if (!installed)
		skip();
	snprintf(bin, sizeof(bin), "%s/root/usr/local/bin/mmsim", dir);
	assert_int_equal(sh("%s --version", bin), 0);
	assert_non_null(strstr(out, "trace.dat reading: "));
	/* From another directory: the share/ beside the binary. */
	assert_int_equal(sh("cd / && %s run reproduction-x86 --time 3s", bin), 0);
	assert_non_null(strstr(out, "Elapsed:00:03.000"));
	assert_int_equal(sh("cd / && %s run desktop-net-gitk.ini --time 1s", bin), 0);
	assert_int_equal(sh("cd / && %s run no-such-scenario", bin), 2);
	assert_non_null(strstr(out, "no-such-scenario: cannot open"));
}

/* The README's GNU parallel recipe, with the installed mmsim on PATH. */
static void test_emit_jobs_recipe(void **state)
{
	char bin[700];

	(void)state;
	if (!installed)
		skip();
	if (!test_have_tool("parallel"))
		test_skip_because("GNU parallel is not installed (apt-get install parallel)");
	snprintf(bin, sizeof(bin), "%s/root/usr/local/bin", dir);
	if (sh("cd %s && PATH=%s:$PATH && "
	       "mmsim compare --scenario pressure.ini --kernels 2.6.30,2.6.32-rc6 "
	       "--seeds 2 --emit-jobs --out jobs > jobs-list.txt && "
	       "parallel --will-cite --jobs 2 --halt now,fail=1 < jobs-list.txt && "
	       "mmsim merge jobs --out report --no-render", dir, bin))
		fail_msg("%s", out);
	assert_non_null(strstr(out, "report in report/index.html"));
	assert_int_equal(sh("ls %s/jobs/json | wc -l", dir), 0);
	assert_int_equal(atoi(out), 4);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_make_install),
		cmocka_unit_test(test_no_warning_before_deps),
		cmocka_unit_test(test_man_page),
		cmocka_unit_test(test_installed_binary),
		cmocka_unit_test(test_emit_jobs_recipe),
	};
	char self[4096], cmd[256], path[600];
	int rc;
	FILE *f;

	(void)argc;
	test_cli_init(argv[0]);
	/* build/MODE/tests/test_install: the MODE to install. */
	snprintf(self, sizeof(self), "%s", argv[0]);
	snprintf(mode, sizeof(mode), "%s", basename(dirname(dirname(self))));
	if (getenv("MMSIM_SRCDIR"))
		srcdir = getenv("MMSIM_SRCDIR");
	if (!mkdtemp(dir))
		return 1;
	snprintf(path, sizeof(path), "%s/pressure.ini", dir);
	f = fopen(path, "w");
	if (!f || fputs(test_pressure_scenario, f) < 0 || fclose(f))
		return 1;
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		rc = 1;
	free(out);
	return rc;
}
