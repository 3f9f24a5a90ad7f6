// SPDX-License-Identifier: GPL-2.0
/*
 * `mmsim report pagealloc` against the kernel's own
 * trace-pagealloc-postprocess.pl run on the same mmsim trace: every count
 * of every process, with and without --ignore-pid (six gitk processes
 * share a name in the default scenario, so the per-pid drain and refill
 * runs the script keeps before it sums by name are what is tested).
 *
 * The script is not in this repository (it is kernel source).  Debian's
 * linux-doc package ships it: linux-doc-6.1 as
 * /usr/share/doc/linux-doc-6.1/Documentation/trace/postprocess/
 * trace-pagealloc-postprocess.pl.gz (scripts/deps.sh installs linux-doc);
 * MMSIM_PAGEALLOC_SCRIPT names another copy (the v2.6.32-rc6 one from a
 * kernel tree, say).  Without either, or without perl, the test skips and
 * says why.
 *
 * The script changed once since 2.6.32: v2.6.39 renamed the free events
 * (mm_page_free_direct -> mm_page_free, mm_pagevec_free ->
 * mm_page_free_batched) and nothing else of what it counts.  A later
 * script run on a 2.6.32 trace therefore counts both free events as
 * unknown: its two "freed" columns are 0 and its Unknown column is
 * mmsim's freed direct + freed pagevec + unknown; every other column must
 * be equal.
 */
#include <glob.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <cmocka.h>

#include "testlib.h"

#define COLS 13
/* Columns of the table: 2 and 3 are the freed ones, 12 Unknown. */
enum { FREED_DIRECT = 2, FREED_PAGEVEC = 3, UNKNOWN = 12 };

struct row {
	char name[96];
	unsigned long v[COLS];
};

static char dir[] = "/tmp/mmsim-peer-XXXXXX";
static char script[4096];
static bool renamed_frees;

static int sh(const char *fmt, ...)
{
	char line[4096], cmd[12288], mmsim[4096];
	va_list ap;
	int status;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (!realpath(test_mmsim_path(), mmsim))
		return -1;
	snprintf(cmd, sizeof(cmd), "cd %s && export M=%s && { %s ; }", dir, mmsim,
		 line);
	status = system(cmd);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The rows of a pagealloc table (after its three header lines). */
static size_t read_table(const char *name, struct row *rows, size_t max)
{
	char path[512], line[1024];
	size_t n = 0;
	int header = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "r");
	assert_non_null(f);
	while (fgets(line, sizeof(line), f)) {
		struct row *r = &rows[n];
		int used = 0;
		char *s;

		if (line[0] == '\n' || header < 3) {
			header += line[0] != '\n';
			continue;
		}
		assert_true(n < max);
		assert_int_equal(sscanf(line, "%95s%n", r->name, &used), 1);
		s = line + used;
		for (int c = 0; c < COLS; c++) {
			char *end;

			r->v[c] = strtoul(s, &end, 10);
			if (end == s)
				fail_msg("%s: '%s': column %d is not a number", name, line, c + 1);
			s = end;
		}
		n++;
	}
	fclose(f);
	return n;
}

static const struct row *find(const struct row *rows, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(rows[i].name, name))
			return &rows[i];
	return NULL;
}

/* mmsim's table and the script's agree process by process. */
static void compare(const char *opt, const char *ours, const char *theirs)
{
	static struct row a[256], b[256];
	size_t na, nb;

	assert_int_equal(sh("$M report pagealloc %s pa.txt > %s", opt, ours), 0);
	assert_int_equal(sh("zcat -f '%s' > script.pl && perl script.pl %s < pa.txt > %s",
			    script, opt, theirs), 0);
	na = read_table(ours, a, 256);
	nb = read_table(theirs, b, 256);
	assert_int_equal(na, nb);
	assert_true(na > 5);
	for (size_t i = 0; i < na; i++) {
		const struct row *r = find(b, nb, a[i].name);
		unsigned long want[COLS];

		if (!r)
			fail_msg("%s: %s is not in the script's table", opt, a[i].name);
		memcpy(want, a[i].v, sizeof(want));
		if (renamed_frees) {
			want[UNKNOWN] += want[FREED_DIRECT] + want[FREED_PAGEVEC];
			want[FREED_DIRECT] = want[FREED_PAGEVEC] = 0;
		}
		for (int c = 0; c < COLS; c++)
			if (r->v[c] != want[c])
				fail_msg("%s: %s column %d: mmsim %lu (as the script "
					 "counts it: %lu), the script %lu", opt[0] ? opt :
					 "per pid", a[i].name, c + 1, a[i].v[c], want[c],
					 r->v[c]);
	}
}

static void test_pagealloc_matches_the_kernel_script(void **state)
{
	(void)state;
	if (!*script)
		test_skip_because("trace-pagealloc-postprocess.pl not found: install "
				  "linux-doc (Debian: linux-doc-6.1 ships it under "
				  "/usr/share/doc/linux-doc-6.1/Documentation/trace/"
				  "postprocess/) or set MMSIM_PAGEALLOC_SCRIPT");
	if (!test_have_tool("perl"))
		test_skip_because("perl is not installed");
	/* A minute of the default reproduction, six gitk processes: the
	 * events that make drains, refills and fragmentation counts, and a
	 * free event that ends their runs. */
	assert_int_equal(sh("$M run --time 60s --events mm_page_alloc_zone_locked,"
			    "mm_page_pcpu_drain,mm_page_alloc_extfrag,mm_pagevec_free "
			    "--trace pa.txt > /dev/null"), 0);
	assert_int_equal(sh("test \"$(grep -c ' gitk-[0-9]* ' pa.txt)\" -gt 1000"), 0);
	compare("", "ours.txt", "theirs.txt");
	compare("--ignore-pid", "ours-merged.txt", "theirs-merged.txt");
}

static int setup(void **state)
{
	const char *env = getenv("MMSIM_PAGEALLOC_SCRIPT");
	char cmd[4200];
	glob_t g;

	(void)state;
	if (!mkdtemp(dir))
		return -1;
	if (env && *env) {
		snprintf(script, sizeof(script), "%s", env);
	} else if (!glob("/usr/share/doc/linux-doc-*/Documentation/trace/postprocess/"
			 "trace-pagealloc-postprocess.pl*", 0, NULL, &g)) {
		/* The newest, when several are installed. */
		snprintf(script, sizeof(script), "%s", g.gl_pathv[g.gl_pathc - 1]);
		globfree(&g);
	}
	if (*script) {
		snprintf(cmd, sizeof(cmd), "zcat -f '%s' | grep -q mm_page_free_direct",
			 script);
		renamed_frees = system(cmd) != 0;
	}
	return 0;
}

static int teardown(void **state)
{
	char cmd[600];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd) ? -1 : 0;
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pagealloc_matches_the_kernel_script),
	};

	(void)argc;
	test_cli_init(argv[0]);
	return cmocka_run_group_tests_name("peer_scripts", tests, setup, teardown);
}
