// SPDX-License-Identifier: GPL-2.0
/*
 * mmsim run --blktrace read by the real tools (Debian's blktrace
 * package): a 30 s default run's traces of sda, through blkparse and
 * btt, must give what mmsim's own block layer counted in the same run
 * (its --json): blkparse's totals by action, btt's Q2C and D2C means
 * and counts, btt's D2D seek mean.  Also: two runs write the same
 * bytes, and a write error leaves no file.
 *
 * Why the tolerances are what they are: the trace and the measures come
 * from the same requests at the same instants in integer nanoseconds,
 * so counts must be equal.  btt averages Q2C and D2C per bio over the
 * same nanosecond deltas as blk_latency sums (both per bio, C - Q and
 * C - D of the request that holds it), and prints the mean in seconds
 * with 9 decimals: they may differ by the printed rounding, half a
 * nanosecond, so within 1 ns.  btt never sees a zero delta here (its
 * tdelta() would count it as 1 ns): every request takes the drive's
 * access time.  The D2D seek mean is printed with one decimal: within
 * 0.05 sector.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <unistd.h>
#include <sys/stat.h>
#include <cmocka.h>
#include <jansson.h>
#include "testlib.h"

static char dir[] = "/tmp/mmsim-blktrace-XXXXXX";
static char out[1 << 16];
static json_t *result;		/* the traced run's --json */
static int run_rc = -1;

/* The traced run, once for every test: DIR/a and DIR/a.json. */
static int traced_run(void **state)
{
	char args[1024], path[512];
	json_error_t jerr;

	(void)state;
	snprintf(args, sizeof(args), "run --time 30s --blktrace %s/a --json %s/a.json",
		 dir, dir);
	run_rc = test_cli_run(args, out, sizeof(out));
	if (run_rc) {
		fprintf(stderr, "mmsim %s: %s\n", args, out);
		return -1;
	}
	snprintf(path, sizeof(path), "%s/a.json", dir);
	result = json_load_file(path, 0, &jerr);
	return result ? 0 : -1;
}

static int free_run(void **state)
{
	(void)state;
	json_decref(result);
	return 0;
}

static uint64_t jnum(const char *measure, const char *row, const char *col)
{
	json_t *m = json_object_get(result, measure), *v;

	if (!m)
		fail_msg("the result has no %s", measure);
	v = row ? json_object_get(m, row) : m;
	if (col)
		v = json_object_get(v, col);
	if (!json_is_integer(v))
		fail_msg("%s.%s.%s is not a number", measure, row ? row : "",
			 col ? col : "");
	return (uint64_t)json_integer_value(v);
}

/* Run @cmd with sh; its whole output into a malloc'd string. */
static char *sh_output(const char *cmd)
{
	FILE *p = popen(cmd, "r");
	char *buf = NULL;
	size_t cap = 0, n = 0, r;

	assert_non_null(p);
	do {
		if (n + 4096 + 1 > cap) {
			cap = cap ? 2 * cap : 1 << 16;
			buf = realloc(buf, cap);
			assert_non_null(buf);
		}
		r = fread(buf + n, 1, 4096, p);
		n += r;
	} while (r);
	buf[n] = 0;
	if (pclose(p))
		fail_msg("%s failed:\n%.2000s", cmd, buf);
	return buf;
}

static void need_tools(void)
{
	if (!test_have_tool("blkparse") || !test_have_tool("btt"))
		test_skip_because("blkparse or btt missing (apt-get install blktrace)");
}

/*
 * A number of blkparse's summary: "LABEL   N" or "LABEL   N, MKiB",
 * N possibly scaled by a K/M suffix (size_cnv() divides by 1024 past
 * 1 M and says so); in the block after "CPU0 (sda):", the one file's,
 * so the device's totals (blkparse prints a "Total" block only for more
 * than one CPU).  @kib: the second number.  Returns the value and its
 * scale (1, 1024, ...).
 */
static uint64_t summary(const char *text, const char *label, bool kib,
			uint64_t *scale)
{
	const char *t = strstr(text, "CPU0 (sda):"), *p;
	unsigned long long v;
	char suffix = 0;
	int n = 0;

	assert_non_null(t);
	p = strstr(t, label);
	if (!p)
		fail_msg("blkparse's total has no '%s'", label);
	p += strlen(label);
	p += strspn(p, ": ");
	if (kib) {
		p = strchr(p, ',');
		assert_non_null(p);
		p += strspn(p, ", ");
	}
	assert_true(sscanf(p, "%llu%n", &v, &n) == 1);
	suffix = p[n];
	*scale = suffix == 'K' ? 1024 : suffix == 'M' ? 1024 * 1024 : 1;
	/* A KiB figure is already in KiB: its first suffix is "K". */
	if (kib)
		*scale = suffix == 'M' ? 1024 : suffix == 'G' ? 1024 * 1024 : 1;
	return (uint64_t)v;
}

static void assert_summary(const char *text, const char *label, bool kib,
			   uint64_t want)
{
	uint64_t scale, got = summary(text, label, kib, &scale);

	if (got != want / scale)
		fail_msg("blkparse %s%s: %llu (x%llu), mmsim counted %llu", label,
			 kib ? " KiB" : "", (unsigned long long)got,
			 (unsigned long long)scale, (unsigned long long)want);
}

/* blkparse's totals for sda are mmsim's counts, action by action. */
static void test_blkparse_totals(void **state)
{
	char cmd[1024];
	char *text;
	static const char *const dirs[2] = { "read", "write" };
	static const char *const labels[2][4] = {
		{ "Reads Queued", "Read Dispatches", "Reads Completed", "Read Merges" },
		{ "Writes Queued", "Write Dispatches", "Writes Completed", "Write Merges" },
	};

	(void)state;
	need_tools();
	snprintf(cmd, sizeof(cmd), "LC_ALL=C blkparse -D %s/a -i sda -o %s/sda.txt "
		 ">/dev/null 2>&1 && tail -n 40 %s/sda.txt", dir, dir, dir);
	text = sh_output(cmd);
	/* One file, every CPU's records in it. */
	assert_null(strstr(text, "CPU1 (sda):"));
	for (int d = 0; d < 2; d++) {
		uint64_t queued = jnum("blk_counts", dirs[d], "queued");

		/* Enough I/O of each direction for the comparison to mean
		 * something (a 30 s default run swaps and reads). */
		assert_true(queued > 1000);
		assert_summary(text, labels[d][0], false, queued);
		assert_summary(text, labels[d][1], false,
			       jnum("blk_counts", dirs[d], "dispatched"));
		assert_summary(text, labels[d][1], true,
			       jnum("blk_counts", dirs[d], "sectors") / 2);
		assert_summary(text, labels[d][2], false,
			       jnum("blk_counts", dirs[d], "completed"));
		assert_summary(text, labels[d][3], false,
			       jnum("blk_counts", dirs[d], "merged"));
	}
	assert_summary(text, "IO unplugs", false, jnum("blk_unplugs", "io", NULL));
	assert_summary(text, "Timer unplugs", false, jnum("blk_unplugs", "timer", NULL));
	assert_true(jnum("blk_unplugs", "timer", NULL) > 0);
	/* Every CPU's records in sequence: blkparse found no gap. */
	assert_non_null(strstr(text, "Skips: 0 forward"));
	free(text);
}

/*
 * Every record names its task (the BLK_TN_PROCESS notes), and the
 * submitters are who 2.6.32's dm-crypt makes them: kcryptd queues the
 * encrypted writes, kcryptd_io the reads.  The actions blkparse's totals
 * leave out: as many G and I as requests allocated.
 */
static void test_blkparse_names_tasks(void **state)
{
	char cmd[1024];
	char *text, *line, *save = NULL;
	bool kcryptd = false, kcryptd_io = false;
	uint64_t getrq = 0, insert = 0;

	(void)state;
	need_tools();
	snprintf(cmd, sizeof(cmd), "LC_ALL=C blkparse -q -D %s/a -i sda -f '%%a %%p %%C\\n' "
		 "2>&1 | grep -v '^Input file' | sort | uniq -c", dir);
	text = sh_output(cmd);
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char act[8], name[64];
		unsigned long n;
		int pid;

		if (sscanf(line, "%lu %7s %d %63s", &n, act, &pid, name) != 4)
			fail_msg("blkparse printed '%s': a record without a task name", line);
		if (strstr(name, "null"))
			fail_msg("pid %d has no BLK_TN_PROCESS note: '%s'", pid, line);
		if (!strcmp(act, "Q")) {
			kcryptd |= !strcmp(name, "kcryptd");
			kcryptd_io |= !strcmp(name, "kcryptd_io");
		}
		getrq += !strcmp(act, "G") ? n : 0;
		insert += !strcmp(act, "I") ? n : 0;
	}
	assert_true(kcryptd);
	assert_true(kcryptd_io);
	assert_int_equal(getrq, jnum("blk_counts", "read", "allocated") +
				jnum("blk_counts", "write", "allocated"));
	assert_int_equal(insert, getrq);
	free(text);
}

/* "NAME  MIN AVG MAX N" of btt's All Devices block. */
static void btt_line(const char *text, const char *name, double *avg,
		     unsigned long *n)
{
	char key[16];
	const char *p = text;
	double mn, mx;

	snprintf(key, sizeof(key), "\n%s ", name);
	p = strstr(p, key);
	if (!p)
		fail_msg("btt printed no %s line:\n%.3000s", name, text);
	if (sscanf(p + strlen(key), "%lf %lf %lf %lu", &mn, avg, &mx, n) != 4)
		fail_msg("btt's %s line does not parse", name);
}

/*
 * btt's Q2C and D2C on sda are mmsim's blk_latency, its D2D seek mean
 * mmsim's blk_seek.  Averages per bio over both classes.
 */
static void test_btt_latencies(void **state)
{
	char cmd[1024];
	char *text;
	const char *p;
	double q2c, d2c, seek_mean;
	unsigned long nq2c, nd2c, nseeks;
	uint64_t bios = 0, q2c_ns = 0, d2c_ns = 0, seeks = 0, seek_sectors = 0;
	static const char *const cls[2] = { "async", "sync" };

	(void)state;
	need_tools();
	snprintf(cmd, sizeof(cmd), "cd %s && blkparse -q -D a -i sda -d sda.bin -O "
		 ">/dev/null 2>&1 && LC_ALL=C btt -i sda.bin", dir);
	text = sh_output(cmd);
	btt_line(text, "Q2C", &q2c, &nq2c);
	btt_line(text, "D2C", &d2c, &nd2c);
	for (int c = 0; c < 2; c++) {
		bios += jnum("blk_latency", cls[c], "bios");
		q2c_ns += jnum("blk_latency", cls[c], "q2c_ns");
		d2c_ns += jnum("blk_latency", cls[c], "d2c_ns");
		seeks += jnum("blk_seek", cls[c], "seeks");
		seek_sectors += jnum("blk_seek", cls[c], "sectors");
	}
	assert_true(bios > 1000);
	assert_int_equal(nq2c, bios);
	assert_int_equal(nd2c, bios);
	if (fabs(q2c - (double)q2c_ns / (double)bios / 1e9) > 1e-9)
		fail_msg("btt Q2C %.9f s, mmsim %.9f s", q2c,
			 (double)q2c_ns / (double)bios / 1e9);
	if (fabs(d2c - (double)d2c_ns / (double)bios / 1e9) > 1e-9)
		fail_msg("btt D2C %.9f s, mmsim %.9f s", d2c,
			 (double)d2c_ns / (double)bios / 1e9);
	/* Queueing is part of Q2C: it cannot be the shorter. */
	assert_true(q2c > d2c);

	p = strstr(text, "D2D Seek Information");
	assert_non_null(p);
	p = strstr(p, "(  8,  0) |");
	assert_non_null(p);
	assert_int_equal(sscanf(p + strlen("(  8,  0) |"), "%lu %lf", &nseeks,
				&seek_mean), 2);
	assert_int_equal(nseeks, seeks);
	if (fabs(seek_mean - (double)seek_sectors / (double)seeks) > 0.05)
		fail_msg("btt D2D seek mean %.1f, mmsim %.3f", seek_mean,
			 (double)seek_sectors / (double)seeks);
	free(text);
}

/* The same run writes the same bytes. */
static void test_same_bytes_twice(void **state)
{
	char args[1024], cmd[1024];
	int rc;

	(void)state;
	snprintf(args, sizeof(args), "run --time 30s --blktrace %s/b", dir);
	assert_int_equal(test_cli_run(args, out, sizeof(out)), 0);
	/* Every file of a in b, the same bytes, and no other file in b. */
	snprintf(cmd, sizeof(cmd), "cd %s && test \"$(ls a)\" = \"$(ls b)\"", dir);
	assert_int_equal(system(cmd), 0);
	snprintf(cmd, sizeof(cmd), "cd %s && for f in a/*; do cmp -s \"$f\" "
		 "\"b/${f#a/}\" || exit 1; done", dir);
	rc = system(cmd);
	assert_int_equal(rc, 0);
	/* sda and dm-0..2, one file each. */
	snprintf(cmd, sizeof(cmd), "test \"$(ls %s/b | tr '\\n' ' ')\" = "
		 "'dm-0.blktrace.0 dm-1.blktrace.0 dm-2.blktrace.0 sda.blktrace.0 ' && "
		 "test -s %s/b/sda.blktrace.0 && test -s %s/b/dm-2.blktrace.0",
		 dir, dir, dir);
	assert_int_equal(system(cmd), 0);
}

/*
 * A write error (here a file size limit: EFBIG) fails the run's output
 * with the file and the reason, exit status 1, and leaves no file of its
 * own: the directory's earlier set is as it was.  A name that is not a
 * directory is refused before the run.
 */
static void test_write_error(void **state)
{
	char args[1024], cmd[2048];
	struct stat st;

	(void)state;
	snprintf(cmd, sizeof(cmd), "mkdir -p %s/c && echo old > %s/c/sda.blktrace.0 && "
		 "echo old > %s/c/sda.blktrace.1", dir, dir, dir);
	assert_int_equal(system(cmd), 0);
	snprintf(cmd, sizeof(cmd), "sh -c \"trap '' XFSZ; ulimit -f 64; "
		 "exec %s run --time 10s --blktrace %s/c\" >%s/c.out 2>&1; echo $? >%s/c.rc",
		 test_mmsim_path(), dir, dir, dir);
	assert_int_equal(system(cmd), 0);
	snprintf(cmd, sizeof(cmd), "test \"$(cat %s/c.rc)\" = 1 && "
		 "grep -q 'mmsim: run: --blktrace %s/c: %s/c/.*blktrace.*: cannot write: File too large' %s/c.out",
		 dir, dir, dir, dir);
	if (system(cmd)) {
		snprintf(cmd, sizeof(cmd), "cat %s/c.rc %s/c.out", dir, dir);
		(void)!system(cmd);
		fail_msg("no exit status 1 with the file and its reason");
	}
	/* The old files only: nothing new, no temporary file. */
	snprintf(cmd, sizeof(cmd), "test \"$(ls %s/c | tr '\\n' ' ')\" = "
		 "'sda.blktrace.0 sda.blktrace.1 ' && grep -qx old %s/c/sda.blktrace.0",
		 dir, dir);
	assert_int_equal(system(cmd), 0);

	/* Written whole, the set replaces them; a CPU 1 file goes too. */
	snprintf(args, sizeof(args), "run --time 2s --blktrace %s/c", dir);
	assert_int_equal(test_cli_run(args, out, sizeof(out)), 0);
	snprintf(cmd, sizeof(cmd), "%s/c/sda.blktrace.1", dir);
	assert_int_not_equal(stat(cmd, &st), 0);
	snprintf(cmd, sizeof(cmd), "%s/c/sda.blktrace.0", dir);
	assert_int_equal(stat(cmd, &st), 0);
	assert_true(st.st_size > 48);

	snprintf(args, sizeof(args), "run --time 1s --blktrace %s/c.out", dir);
	assert_int_equal(test_cli_run(args, out, sizeof(out)), 2);
	assert_non_null(strstr(out, "not a directory"));
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_blkparse_totals),
		cmocka_unit_test(test_blkparse_names_tasks),
		cmocka_unit_test(test_btt_latencies),
		cmocka_unit_test(test_same_bytes_twice),
		cmocka_unit_test(test_write_error),
	};
	char cmd[256];
	int rc;

	test_cli_init(argv[0]);
	(void)argc;
	if (!mkdtemp(dir))
		return 1;
	rc = cmocka_run_group_tests_name("blktrace_tools", tests, traced_run,
					 free_run);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		rc = 1;
	return rc;
}
