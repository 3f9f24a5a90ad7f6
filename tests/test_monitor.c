// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/meminfo (report/procfs.c procfs_meminfo) and the run-time
 * monitors (experiment/monitor.c): the kernel's lines in its order, values
 * that agree with the other /proc files, MMTests' log layout, and runs
 * whose results do not change when monitored.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "experiment/monitor.h"
#include "testlib.h"

static char dir[] = "/tmp/mmsim-monitor-XXXXXX";
static char out[1 << 20], out2[1 << 20];

/* 2.6.32 meminfo_proc_show(), hugetlb_report_meminfo(),
 * arch_report_meminfo() on x86-64. */
static const char *const keys_x86_64[] = {
	"MemTotal", "MemFree", "Buffers", "Cached", "SwapCached", "Active",
	"Inactive", "Active(anon)", "Inactive(anon)", "Active(file)",
	"Inactive(file)", "Unevictable", "Mlocked", "SwapTotal", "SwapFree",
	"Dirty", "Writeback", "AnonPages", "Mapped", "Shmem", "Slab",
	"SReclaimable", "SUnreclaim", "KernelStack", "PageTables",
	"NFS_Unstable", "Bounce", "WritebackTmp", "CommitLimit",
	"Committed_AS", "VmallocTotal", "VmallocUsed", "VmallocChunk",
	"HardwareCorrupted", "HugePages_Total", "HugePages_Free",
	"HugePages_Rsvd", "HugePages_Surp", "Hugepagesize", "DirectMap4k",
	"DirectMap2M", NULL,
};

/* The value of "KEY:" in @text (kB or a count); -1 if absent. */
static long long value_of(const char *text, const char *key)
{
	char pat[64];
	const char *p;

	snprintf(pat, sizeof(pat), "\n%s:", key);
	p = strstr(text, pat);
	if (!p && !strncmp(text, pat + 1, strlen(pat + 1)))
		p = text - 1;
	if (!p)
		return -1;
	return strtoll(p + strlen(pat), NULL, 10);
}

static void check_key_order(const char *text, const char *const *keys)
{
	const char *p = text;
	int i = 0;

	for (; keys[i]; i++) {
		size_t n = strlen(keys[i]);

		if (strncmp(p, keys[i], n) || p[n] != ':')
			fail_msg("line %d: expected %s, got %.40s", i + 1, keys[i], p);
		p = strchr(p, '\n');
		assert_non_null(p);
		p++;
	}
	assert_int_equal(*p, 0);
}

static void test_meminfo_lines(void **state)
{
	const char *const *k;
	const char *keys[64];
	int n = 0;

	(void)state;
	assert_int_equal(test_cli_run("show meminfo", out, sizeof(out)), 0);
	check_key_order(out, keys_x86_64);
	/*
	 * A booted machine: nothing swapped, vmalloc all free, and in use
	 * only the boot-time slabs (the kmalloc caches' first objects, bio
	 * and biovec pools' reserves), well under a megabyte, and the swap
	 * device's swap_map that swapon vmallocs: two bytes per slot,
	 * SwapTotal 2097148 kB is 524287 slots and the header's, 1 MiB,
	 * 1024 kB in whole pages.
	 */
	assert_int_equal(value_of(out, "SwapTotal"), 2097148);
	assert_true(value_of(out, "MemTotal") - 1024 > value_of(out, "MemFree"));
	assert_true(value_of(out, "MemTotal") - value_of(out, "MemFree") - 1024 < 1024);
	assert_int_equal(value_of(out, "VmallocTotal"), 34359738367LL);
	assert_int_equal(value_of(out, "VmallocChunk"), value_of(out, "VmallocTotal"));
	assert_int_equal(value_of(out, "Hugepagesize"), 2048);
	/* The direct map covers the machine's 512 MB. */
	assert_int_equal(value_of(out, "DirectMap4k") + value_of(out, "DirectMap2M"),
			 512 * 1024);
	/* CommitLimit: half of RAM (overcommit_ratio 50) plus swap. */
	assert_int_equal(value_of(out, "CommitLimit"),
			 value_of(out, "MemTotal") / 4 * 50 / 100 * 4 +
			 value_of(out, "SwapTotal"));

	/* x86: the HIGHMEM lines after Mlocked, 4 MB direct-map pages. */
	assert_int_equal(test_cli_run("show meminfo --arch x86 --mem 2G", out,
				      sizeof(out)), 0);
	for (k = keys_x86_64; *k; k++) {
		if (!strcmp(*k, "DirectMap2M")) {
			keys[n++] = "DirectMap4M";
			continue;
		}
		keys[n++] = *k;
		if (!strcmp(*k, "Mlocked")) {
			keys[n++] = "HighTotal";
			keys[n++] = "HighFree";
			keys[n++] = "LowTotal";
			keys[n++] = "LowFree";
		}
	}
	keys[n] = NULL;
	check_key_order(out, keys);
	assert_true(value_of(out, "HighTotal") > 1000 * 1024);
	assert_int_equal(value_of(out, "LowTotal") + value_of(out, "HighTotal"),
			 value_of(out, "MemTotal"));
	assert_int_equal(value_of(out, "LowFree") + value_of(out, "HighFree"),
			 value_of(out, "MemFree"));
	assert_int_equal(value_of(out, "Hugepagesize"), 4096);

	/* 2.6.31 had no Shmem, KernelStack or HardwareCorrupted. */
	assert_int_equal(test_cli_run("show meminfo --kernel 2.6.31", out,
				      sizeof(out)), 0);
	n = 0;
	for (k = keys_x86_64; *k; k++)
		if (strcmp(*k, "Shmem") && strcmp(*k, "KernelStack") &&
		    strcmp(*k, "HardwareCorrupted"))
			keys[n++] = *k;
	keys[n] = NULL;
	check_key_order(out, keys);
}

/* At the end of a run the lines agree with /proc/vmstat's counters. */
static void test_meminfo_after_run(void **state)
{
	long long act, inact;

	(void)state;
	assert_int_equal(test_cli_run("run --time 60s --meminfo --vmstat", out,
				      sizeof(out)), 0);
	assert_int_equal(value_of(out, "MemFree"),
			 4 * strtoll(strstr(out, "\nnr_free_pages ") + 15, NULL, 10));
	assert_int_equal(value_of(out, "AnonPages"),
			 4 * strtoll(strstr(out, "\nnr_anon_pages ") + 15, NULL, 10));
	assert_int_equal(value_of(out, "Dirty"),
			 4 * strtoll(strstr(out, "\nnr_dirty ") + 10, NULL, 10));
	act = value_of(out, "Active(anon)") + value_of(out, "Active(file)");
	inact = value_of(out, "Inactive(anon)") + value_of(out, "Inactive(file)");
	assert_int_equal(value_of(out, "Active"), act);
	assert_int_equal(value_of(out, "Inactive"), inact);
	assert_true(value_of(out, "AnonPages") > 0);
	/* gitk's buffer is mapped: committed, and at least what is resident. */
	assert_true(value_of(out, "Committed_AS") >= value_of(out, "AnonPages"));
	assert_true(value_of(out, "SwapFree") <= value_of(out, "SwapTotal"));
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long n;

	if (!f)
		fail_msg("%s: missing", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = 0;
	fclose(f);
	return buf;
}

/* Everything but the wall-clock line and field. */
static void strip_wall(char *s)
{
	char *p = strstr(s, "simulated ");

	if (p)
		*p = 0;
}

/*
 * Monitored and unmonitored runs print the same results; the logs have a
 * "time: EPOCH+T" block every interval with the /proc file after it, as
 * MMTests' watch-proc-*.sh write them, and a .start file.
 */
static void test_monitor_logs(void **state)
{
	char args[1024], path[600];
	char *a, *b, *log, *p;
	unsigned long long t, expect = MMSIM_EPOCH;
	int blocks = 0;

	(void)state;
	snprintf(args, sizeof(args), "run --time 95s --json %s/a.json "
		 "--monitor vmstat,proc-buddyinfo,zoneinfo,meminfo "
		 "--monitor-interval 10s --monitor-dir %s/mon", dir, dir);
	assert_int_equal(test_cli_run(args, out, sizeof(out)), 0);
	snprintf(args, sizeof(args), "run --time 95s --json %s/b.json", dir);
	assert_int_equal(test_cli_run(args, out2, sizeof(out2)), 0);
	strip_wall(out);
	strip_wall(out2);
	assert_string_equal(out, out2);
	snprintf(path, sizeof(path), "%s/a.json", dir);
	a = slurp(path);
	snprintf(path, sizeof(path), "%s/b.json", dir);
	b = slurp(path);
	/* Only wall_seconds may differ. */
	p = strstr(a, "\"wall_seconds\":");
	assert_non_null(p);
	*p = 0;
	p = strstr(b, "\"wall_seconds\":");
	assert_non_null(p);
	*p = 0;
	assert_string_equal(a, b);
	free(a);
	free(b);

	snprintf(path, sizeof(path), "%s/mon/proc-vmstat-mmsim", dir);
	log = slurp(path);
	for (p = log; (p = strstr(p, "time: ")); p++) {
		assert_true(p == log || p[-1] == '\n');
		t = strtoull(p + 6, NULL, 10);
		assert_int_equal(t, expect);
		expect += 10;
		blocks++;
		/* /proc/vmstat follows, from its first line. */
		assert_int_equal(strncmp(strchr(p, '\n') + 1, "nr_free_pages ", 14), 0);
	}
	/* 0, 10, ..., 90 s. */
	assert_int_equal(blocks, 10);
	free(log);
	snprintf(path, sizeof(path), "%s/mon/proc-meminfo-mmsim", dir);
	log = slurp(path);
	assert_int_equal(strncmp(log, "time: 1258054230\nMemTotal:", 26), 0);
	free(log);
	snprintf(path, sizeof(path), "%s/mon/proc-buddyinfo-mmsim", dir);
	log = slurp(path);
	assert_int_equal(strncmp(log, "time: 1258054230\nNode 0, zone      DMA ", 39), 0);
	free(log);
	snprintf(path, sizeof(path), "%s/mon/proc-zoneinfo-mmsim.start", dir);
	log = slurp(path);
	assert_string_equal(log, "1258054230\n0.00 0.00\n");
	free(log);
	/* Not asked for: not written. */
	snprintf(path, sizeof(path), "%s/mon/proc-pagetypeinfo-mmsim", dir);
	assert_null(fopen(path, "r"));
}

/*
 * The latency log: latency-output's printf "%16.4f %8.4f %10.4f -- %s"
 * per gitk progress line, on the simulated epoch; one line per progress
 * line the run reports, each "N commits", the offsets adding up.
 */
static void test_latency_log(void **state)
{
	char args[1024], path[600], *log, *line, *save = NULL;
	double prev = 0, sum = 0;
	unsigned long nr = 0, printed;

	(void)state;
	snprintf(path, sizeof(path), "%s/gitk.log", dir);
	snprintf(args, sizeof(args), "run --time 120s --latency-log %s", path);
	assert_int_equal(test_cli_run(args, out, sizeof(out)), 0);
	assert_non_null(strstr(out, "gitk: "));
	printed = strtoul(strstr(out, "gitk: ") + 6, NULL, 10);
	assert_true(printed > 100);
	log = slurp(path);
	for (line = strtok_r(log, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		double now, offset, latency;
		unsigned long long commits;
		char check[128];

		assert_int_equal(sscanf(line, "%lf %lf %lf -- %llu commits", &now, &offset,
					&latency, &commits), 4);
		/* Field widths exactly as latency-output's printf. */
		snprintf(check, sizeof(check), "%16.4f %8.4f %10.4f -- %llu commits",
			 now, offset, latency, commits);
		assert_string_equal(line, check);
		assert_true(now - (double)MMSIM_EPOCH - offset < 0.0002 &&
			    now - (double)MMSIM_EPOCH - offset > -0.0002);
		assert_true(offset - prev - latency < 0.0002 &&
			    offset - prev - latency > -0.0002);
		nr++;
		assert_int_equal(commits, nr * 1000);
		sum += latency;
		prev = offset;
	}
	assert_int_equal(nr, printed);
	assert_true(sum - prev < 0.01 && sum - prev > -0.01);
	free(log);
}

static void test_monitor_options(void **state)
{
	(void)state;
	assert_int_equal(test_cli_run("run --monitor vmstat,bogus", out, sizeof(out)), 2);
	assert_non_null(strstr(out, "unknown monitor 'bogus'"));
	assert_int_equal(test_cli_run("run --monitor-interval 5s", out, sizeof(out)), 2);
	assert_non_null(strstr(out, "need --monitor LIST"));
	assert_int_equal(test_cli_run("run --monitor vmstat --monitor-interval 0", out,
				      sizeof(out)), 2);
	assert_non_null(strstr(out, "--monitor-interval '0'"));
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_meminfo_lines),
		cmocka_unit_test(test_meminfo_after_run),
		cmocka_unit_test(test_monitor_logs),
		cmocka_unit_test(test_latency_log),
		cmocka_unit_test(test_monitor_options),
	};
	char cmd[256];
	int rc;

	(void)argc;
	test_cli_init(argv[0]);
	if (!mkdtemp(dir))
		return 1;
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		rc = 1;
	return rc;
}
