// SPDX-License-Identifier: GPL-2.0
/*
 * Bad input: scenario values that are valid syntax but nonsense
 * are refused up front with "FILE:LINE: ..." (one table), the command
 * line's numeric options refuse garbage, and every crash the fuzzers of
 * tests/fuzz/ found stays fixed (its input inline).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libgen.h>
#include <unistd.h>
#include <sys/wait.h>
#include <cmocka.h>

#include "testlib.h"
#include "experiment/compare.h"
#include "metrics/metrics.h"
#include "linux/vmstat.h"
#include "experiment/scenario_load.h"
#include "report/postprocess.h"
#include "trace/parse.h"
#include "scenario/scenario.h"

/* ---- scenario values ---------------------------------------------------- */

/* Line 1 is [machine], line 2 mem (unless the case sets it), the case's
 * lines from 3 on; a sleeper task closes every file. */
#define M(lines) "[machine]\n" lines
#define TASK "[task a]\nprogram = sleeper\n"

struct refusal {
	const char *what;
	const char *text;
	uint64_t host;		/* host memory to assume; 0: 64 GiB */
	const char *msg;	/* a part of the expected line */
};

static const struct refusal refusals[] = {
	{ "zero CPUs", M("mem = 512M\ncpus = 0\n") TASK, 0,
	  "t.ini:3: cpus = '0': out of range (an integer from 1 to 64)" },
	{ "swap larger than the disk", M("mem = 512M\ndisk_size = 1G\nfs_size = 0\nswap_size = 2G\n") TASK, 0,
	  "t.ini:5: volumes do not fit on the disk: fs_size 0 + swap_size 2G > disk_size 1G" },
	{ "disk smaller than fs + swap", M("mem = 512M\ndisk_size = 4G\nfs_size = 3G\n") TASK, 0,
	  "t.ini:4: volumes do not fit on the disk: fs_size 3G + swap_size 2G > disk_size 4G" },
	{ "partition beyond the drive", M("mem = 512M\ndisk_capacity = 200G\ndisk_partition_start = 195G\n") TASK, 0,
	  "t.ini:3: the partition does not fit on the drive: disk_partition_start 195G + disk_size 8G > disk_capacity 200G" },
	{ "inner zone faster than outer", M("mem = 512M\ndisk_bandwidth = 30M\n") TASK, 0,
	  "t.ini:3: disk_bandwidth_inner = 40M: faster than the outer zone's disk_bandwidth 30M" },
	{ "seek average past the full stroke", M("mem = 512M\ndisk_seek = 20ms\n") TASK, 0,
	  "t.ini:3: disk_seek = 20ms: no seek curve" },
	{ "drive cache without room for a write", M("mem = 512M\ndisk_cache_size = 1M\n") TASK, 0,
	  "t.ini:3: disk_cache_size = 1M: no room for a write" },
	{ "disk of nothing", M("mem = 512M\ndisk_size = 0\n") TASK, 0,
	  "t.ini:3: disk_size = '0': out of range (a size from 16M" },
	{ "min_free_kbytes above memory", M("mem = 512M\n[vm]\nmin_free_kbytes = 600000\n") TASK, 0,
	  "t.ini:4: min_free_kbytes = 600000: not below mem 512M" },
	/* 512M = 524288 kB; 349526 + 174763 = 524289 >= 524288, while
	 * 349525 + 174762 = 524287 would be accepted. */
	{ "high watermark above memory", M("mem = 512M\n[vm]\nmin_free_kbytes = 349526\n") TASK, 0,
	  "t.ini:4: min_free_kbytes = 349526: its high watermark 524289 kB (min + min/2) "
	  "is not below the 512M of lowmem it is spread over, so kswapd could never "
	  "balance (at most 349525)" },
	/* x86: spread over the 896M (917504 kB) below highmem; 611669 is
	 * the largest with min + min/2 < 917504 (611669 + 305834 = 917503). */
	{ "x86 watermark above lowmem", M("arch = x86\nmem = 2G\n[vm]\nmin_free_kbytes = 700000\n") TASK, 0,
	  "t.ini:5: min_free_kbytes = 700000: its high watermark 1050000 kB (min + min/2) "
	  "is not below the 896M of lowmem it is spread over, so kswapd could never "
	  "balance (at most 611669)" },
	{ "lowmem_reserve_ratio 0", M("mem = 512M\n[vm]\nlowmem_reserve_ratio = 256 0\n") TASK, 0,
	  "t.ini:4: lowmem_reserve_ratio = '256 0': out of range (up to 3 integers from 1" },
	/* 512M / 4K = 131072 pages. */
	{ "lowmem_reserve_ratio absurd", M("mem = 512M\n[vm]\nlowmem_reserve_ratio = 256 131073\n") TASK, 0,
	  "t.ini:4: lowmem_reserve_ratio: 131073 is more than the machine's 131072 pages" },
	{ "dirty_ratio below the kernel's floor", M("mem = 512M\n[vm]\ndirty_ratio = 4\n") TASK, 0,
	  "t.ini:4: dirty_ratio = '4': out of range (an integer from 5 to 100)" },
	{ "dirty_ratio above 100", M("mem = 512M\n[vm]\ndirty_ratio = 101\n") TASK, 0,
	  "t.ini:4: dirty_ratio = '101': out of range" },
	{ "negative background ratio", M("mem = 512M\n[vm]\ndirty_background_ratio = -1\n") TASK, 0,
	  "t.ini:4: dirty_background_ratio = '-1': out of range" },
	{ "background not below dirty", M("mem = 512M\n[vm]\ndirty_ratio = 10\ndirty_background_ratio = 10\n") TASK, 0,
	  "t.ini:5: dirty_background_ratio = 10: not below dirty_ratio = 10 (the kernel would use 5" },
	{ "percpu_pagelist_fraction below 8", M("mem = 512M\n[vm]\npercpu_pagelist_fraction = 3\n") TASK, 0,
	  "t.ini:4: percpu_pagelist_fraction = 3: out of range (0, or at least 8" },
	{ "nr_requests below BLKDEV_MIN_RQ", M("mem = 512M\n[vm]\nnr_requests = 2\n") TASK, 0,
	  "t.ini:4: nr_requests = '2': out of range (an integer from 4" },
	{ "hz not a Kconfig choice", M("mem = 512M\nhz = 123\n") TASK, 0,
	  "t.ini:3: hz = 123: not a Kconfig choice" },
	{ "cpus not whole cores", M("mem = 512M\ncpus = 3\nthreads_per_core = 2\n") TASK, 0,
	  "t.ini:3: cpus = 3: not a multiple of threads_per_core (2)" },
	{ "cpu_speed zero", M("mem = 512M\ncpu_speed = 0\n") TASK, 0,
	  "t.ini:3: cpu_speed = '0': out of range (a number from 0.05 to 20)" },
	{ "reserved half of memory", M("mem = 512M\nreserved = 256M\n") TASK, 0,
	  "t.ini:3: reserved = 256M: too large for mem" },
	{ "x86 beyond 4G", M("arch = x86\nmem = 8G\n") TASK, 0,
	  "t.ini:3: mem = 8G: too large for x86" },
	{ "mem beyond the model", M("mem = 2T\n") TASK, 0,
	  "t.ini:2: mem = 2T: too large for x86_64 (at most 1T" },
	/* 1T / 4K = 268435456 pages x (40-byte struct page + 11) = 13056 MiB,
	 * more than half of 24 GiB (12288 MiB). */
	{ "1 TB machine on a 24 GiB host", M("mem = 1T\nswap_size = 0\n") TASK, 24ULL << 30,
	  "t.ini:2: mem = 1T: the simulated machine needs 13056 MiB of host memory "
	  "(268435456 pages x 51 bytes + 0 swap slots x 17 bytes), more than half of "
	  "this host's 24576 MiB (at most 12288 MiB)" },
	/* 64G: 16777216 pages x 51 = 816 MiB, + 524288 swap slots x 17 =
	 * 8.5 MiB: 824 MiB, more than half of a 1 GiB host. */
	{ "64 GB machine on a 1 GiB host", M("mem = 64G\n") TASK, 1ULL << 30,
	  "t.ini:2: mem = 64G: the simulated machine needs 824 MiB" },
	{ "a file larger than the volume", M("mem = 512M\nfs_size = 1G\n[task w]\nprogram = writer\nsize = 2G\n"), 0,
	  "t.ini:4: [task w]: size 2147483648 does not fit the filesystem volume" },
	{ "files together larger than the volume",
	  M("mem = 512M\nfs_size = 1G\n[task w1]\nprogram = writer\nsize = 600M\n"
	    "[task w2]\nprogram = writer\nsize = 600M\n"), 0,
	  "t.ini:7: the tasks' files together take 1258291200 bytes (2 files, folders and "
	  "repositories), more than the filesystem volume (at most fs_size, 1073741824 bytes)" },
	{ "replay from a device", M("mem = 512M\n[task r]\nprogram = replay\ntrace = /dev/null\n"), 0,
	  "t.ini:5: trace = '/dev/null': /dev/null: not a regular file (replay reads its trace twice)" },
	{ "zero time limit", M("mem = 512M\n[run]\nmax_time = 0\n") TASK, 0,
	  "t.ini:4: max_time = '0': out of range (a time from 1ms" },
	{ "negative time limit", M("mem = 512M\n[run]\nmax_time = -5s\n") TASK, 0,
	  "t.ini:4: max_time = '-5s'" },
	{ "zero until", M("mem = 512M\n[run]\nuntil = 0s\n") TASK, 0,
	  "t.ini:4: until = '0s'" },
	{ "sample interval beyond the run", M("mem = 512M\n[run]\nmax_time = 1s\nsample_interval = 2s\n") TASK, 0,
	  "t.ini:5: sample_interval = 2s: longer than max_time 1s" },
	{ "negative seed", M("mem = 512M\n[run]\nseed = -1\n") TASK, 0,
	  "t.ini:4: seed = '-1': out of range (an integer from 0 to 9223372036854775807)" },
	{ "seed beyond int64", M("mem = 512M\n[run]\nseed = 9223372036854775808\n") TASK, 0,
	  "t.ini:4: seed = '9223372036854775808'" },
};

static void test_nonsense_scenarios_are_refused(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(refusals) / sizeof(refusals[0]); i++) {
		const struct refusal *r = &refusals[i];
		struct scenario_error err;
		struct scenario *sc;

		scenario_set_host_memory(r->host ? r->host : 64ULL << 30);
		sc = scenario_load_text(r->text, "t.ini", &err);
		if (sc || !strstr(err.msg, r->msg) || strchr(err.msg, '\n'))
			fail_msg("%s: expected '%s', got '%s'", r->what, r->msg,
				 sc ? "(accepted)" : err.msg);
	}
	scenario_set_host_memory(0);
}

/* The limits are not off by one: the values just inside are accepted. */
static void test_values_at_the_limits_are_accepted(void **state)
{
	static const char *const good[] = {
		M("mem = 512M\n[vm]\nmin_free_kbytes = 349525\n") TASK,
		M("mem = 512M\n[vm]\nlowmem_reserve_ratio = 1 131072\n") TASK,
		M("mem = 512M\n[vm]\ndirty_ratio = 5\ndirty_background_ratio = 4\n") TASK,
		M("mem = 512M\nfs_size = 1G\n[task w1]\nprogram = writer\nsize = 600M\n"
		  "[task w2]\nprogram = reader\nfile = w1\nsize = 600M\n"),
		/* Beyond memory and swap on purpose: an OOM experiment. */
		M("mem = 512M\nswap_size = 256M\n[task h1]\nprogram = anonhog\nsize = 500M\n"
		  "[task h2]\nprogram = anonhog\nsize = 500M\n"),
	};
	struct scenario_error err;

	(void)state;
	scenario_set_host_memory(64ULL << 30);
	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		struct scenario *sc = scenario_load_text(good[i], "t.ini", &err);

		if (!sc)
			fail_msg("case %zu: %s", i, err.msg);
		scenario_free(sc);
	}
	scenario_set_host_memory(0);
}

/* ---- what the fuzzers found --------------------------------------------- */

/* A result with the counters of this mmsim (51 vm_events, 23 vm_stat)
 * and @klog as its "kern_log" member ("" leaves it out). */
static char *result_json_text(const char *klog)
{
	char *s = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&s, &len);

	assert_non_null(f);
	fprintf(f, "{\"arch\":\"x86_64\",\"congestion_wait\":[],\"failures_printed\":0,"
		"\"failures_total\":0,\"format\":1,\"gitk_done\":false,\"gitk_elapsed_ns\":0,"
		"%s\"kernel\":\"2.6.32-rc6\",\"music_bytes\":0,\"oom_kills\":0,"
		"\"packets_dropped\":0,\"packets_received\":0,\"partial\":false,"
		"\"scenario\":\"s.ini\",\"seed\":1,\"sim_end_ns\":3000000000,\"vm_events\":[",
		klog);
	for (int i = 0; i < NR_VM_EVENT_ITEMS; i++)
		fprintf(f, "%s0", i ? "," : "");
	fprintf(f, "],\"vm_stat\":[");
	for (int i = 0; i < NR_VM_ZONE_STAT_ITEMS; i++)
		fprintf(f, "%s0", i ? "," : "");
	fprintf(f, "],\"wall_seconds\":0.5}");
	fclose(f);
	return s;
}

/*
 * fuzz_result: a result without "kern_log" was read, printed back with
 * "kern_log":null, and that was refused ("Expected string, got null"):
 * 'mmsim merge' could not read a result mmsim itself had written.
 */
static void test_result_without_kern_log_round_trips(void **state)
{
	char *text = result_json_text(""), *again, err[256];
	struct run_result r, r2;

	(void)state;
	assert_int_equal(result_from_json(text, &r, err, sizeof(err)), 0);
	assert_null(result_text(&r, "kern_log"));
	again = result_to_json(&r, true);
	assert_non_null(strstr(again, "\"kern_log\":null"));
	if (result_from_json(again, &r2, err, sizeof(err)))
		fail_msg("printed result refused: %s", err);
	assert_null(result_text(&r2, "kern_log"));
	result_free(&r2);
	result_free(&r);
	free(again);
	free(text);
	/* Anything but a string or null is still refused. */
	text = result_json_text("\"kern_log\":5,");
	assert_int_equal(result_from_json(text, &r, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "kern_log"));
	free(text);
}

/*
 * fuzz_trace: a trace with no events made the postprocess tables sort a
 * NULL array (qsort(NULL, 0, ...): undefined behaviour, caught by UBSan in
 * 'make asan').  Both reports of an empty trace print their headers.
 */
static void test_report_of_an_empty_trace(void **state)
{
	static const char trace[] = "# tracer: nop\n#\n";
	struct postprocess_opts opts = { 0 };
	char err[256], *text = NULL;
	size_t len = 0;
	FILE *in = fmemopen((void *)trace, strlen(trace), "r"), *out;
	struct trace_record_source src;
	struct trace_parser *p;

	(void)state;
	assert_non_null(in);
	p = trace_parser_new(in, "empty.txt");
	out = open_memstream(&text, &len);
	trace_parser_source(p, &src);
	assert_int_equal(postprocess_reclaim(&src, &opts, out, err, sizeof(err)), 0);
	assert_int_equal(trace_parser_rewind(p), 0);
	assert_int_equal(postprocess_pagealloc(&src, &opts, out, err, sizeof(err)), 0);
	fclose(out);
	assert_true(len > 0);
	trace_parser_close(p);
	fclose(in);
	free(text);
}

/*
 * An experiment.json names its scenario files relative to its directory;
 * one naming "../..." or an absolute path would have 'mmsim merge' read
 * any file of the host (a FIFO or a tty would block it).
 */
static void test_manifest_files_stay_inside_the_directory(void **state)
{
	static const char *const bad[] = {
		"../../etc/passwd", "/etc/passwd", "scenarios/../../x.ini", "..", "",
	};
	char dir[] = "/tmp/mmsim-bad-input-XXXXXX", path[256], err[512];

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/experiment.json", dir);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *dirs[1] = { dir };
		struct experiment e;
		FILE *f = fopen(path, "w");

		assert_non_null(f);
		fprintf(f, "{\"format\":1,\"scenario_name\":\"s.ini\",\"arch\":\"x86_64\","
			"\"kernels\":[\"2.6.30\"],\"sweep\":[],\"points\":[{\"label\":\"\","
			"\"file\":\"%s\"}],\"base_seed\":1,\"seeds\":1,\"columns\":[\"2.6.30\"],"
			"\"jobs\":[{\"column\":0,\"seed\":1,\"json\":\"json/2.6.30-seed1.json\"}]}",
			bad[i]);
		fclose(f);
		err[0] = 0;
		assert_int_equal(experiment_merge(&e, dirs, 1, true, err, sizeof(err)), -1);
		if (!strstr(err, "is not inside"))
			fail_msg("'%s': %s", bad[i], err);
		experiment_free(&e);
	}
	unlink(path);
	rmdir(dir);
}

/* ---- the command line ----------------------------------------------------- */

static char out[65536];

static int run(const char *args)
{
	return test_cli_run(args, out, sizeof(out));
}

static void test_numeric_options_refuse_garbage(void **state)
{
	static const struct {
		const char *args, *msg;
	} cases[] = {
		{ "run --seed -1", "--seed '-1': expected a whole number from 0 to 9223372036854775807" },
		{ "run --seed 99999999999999999999", "--seed '99999999999999999999'" },
		{ "run --seed 0x10", "--seed '0x10'" },
		{ "run --seed ' 7'", "--seed ' 7'" },
		{ "compare --seeds 0", "--seeds '0': expected a whole number from 1 to 100000" },
		{ "compare --seeds -3", "--seeds '-3'" },
		{ "compare --seeds 1e3", "--seeds '1e3'" },
		{ "compare --seeds 18446744073709551617", "--seeds '18446744073709551617'" },
		{ "compare -j 0", "-j '0': expected a whole number from 1 to 4096" },
		{ "compare --jobs=-2", "-j '-2'" },
		{ "compare --seed -1", "--seed '-1'" },
		/* --arch picks an embedded default; with a file it was ignored. */
		{ "run no-such.ini --arch x86", "run: --arch picks the embedded default scenario" },
		{ "sweep x=1 --seeds ''", "--seeds ''" },
		{ "validate --seeds -1", "--seeds: '-1' is not a count >= 2" },
		{ "validate --seeds ' 5'", "--seeds: ' 5'" },
		{ "validate --jobs 0", "--jobs: '0' is not 1-256" },
		{ "validate --alpha nan", "--alpha: 'nan' is not in (0, 1)" },
		{ "validate --record 12nov", "--record: '12nov' is not a data set" },
		{ "validate --record cover,", "--record: '' is not a data set" },
		/* An output that cannot be written is refused before any run
		 * (it was after all of them, leaving /dev/full.runs/), and
		 * runs are kept only beside a regular file. */
		{ "validate --record cover --seeds 2 --out /dev/full",
		  "validate: --out /dev/full: cannot write: No space left on device" },
		{ "validate --record cover --seeds 2 --resume --out /dev/null",
		  "validate: --resume: --out /dev/null is not a regular file, so no "
		  "runs were kept beside it" },
		{ "show zoneinfo --mem -1", "--mem '-1': not a number (a size from 64M to 4T" },
		{ "show zoneinfo --mem 99999999999999999999T", "out of range (a size from 64M to 4T" },
		{ "show zoneinfo --cpus 0", "--cpus: '0' is not a CPU count" },
		{ "show zoneinfo --cpus 4294967297", "--cpus: '4294967297'" },
		{ "show zoneinfo --mem 2T", "--mem:" },
		{ "show zoneinfo --nodes 9", "--nodes: '9' is not a node count (1-8)" },
		/* Counts are digits only everywhere (src/scenario/units.c
		 * parse_count()); strtoull took these two. */
		{ "run --hung-task-timeout ' 5'", "--hung-task-timeout ' 5': expected seconds" },
		{ "run --hung-task-timeout +5", "--hung-task-timeout '+5'" },
		{ "run --check --check-interval -5", "--check-interval '-5'" },
		/* fuzz_cli: a sweep over many keys built every combination
		 * (up to 10^5 scenarios) before anything was checked, for
		 * minutes; now at most 1000 combinations and 100000 runs. */
		{ "sweep vm.swappiness=1,2,3,4,5,6,7,8,9,10 vm.nr_requests=4,5,6,7,8,9,10,11,12,13 "
		  "vm.dirty_ratio=10,11,12,13,14,15,16,17,18,19,20 --kernels 2.6.30 --seeds 1",
		  "sweep: more than 1000 combinations of values (at most 1000)" },
		/* 10 x 10 = 100 scenarios x 1 kernel x 1001 seeds = 100100 runs. */
		{ "sweep vm.swappiness=1,2,3,4,5,6,7,8,9,10 vm.nr_requests=4,5,6,7,8,9,10,11,12,13 "
		  "--kernels 2.6.30 --seeds 1001",
		  "1 kernels x 100 scenarios x 1001 seeds is more than 100000 runs" },
		{ "compare --seeds 100000", "13 kernels x 1 scenarios x 100000 seeds" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int rc = run(cases[i].args);

		if (rc != 2 || !strstr(out, cases[i].msg) || strchr(out, '\n') != strrchr(out, '\n'))
			fail_msg("mmsim %s: status %d, '%s' (expected 2 and '%s' on one line)",
				 cases[i].args, rc, out, cases[i].msg);
	}
	/* Nothing made beside a device. */
	assert_int_equal(access("/dev/full.runs", F_OK), -1);
	assert_int_equal(access("/dev/null.runs", F_OK), -1);
}

/*
 * scripts/bad-inputs.sh, the count the README's reliability paragraph
 * gives: no bad input crashes mmsim or hangs it, and every one is refused
 * clearly (or, for a trace mmsim may read, warned about).  A few seconds.
 */
static void test_bad_inputs_script(void **state)
{
	char *m = realpath(test_mmsim_path(), NULL), *dir, cmd[4096];
	char line[512], last[512] = "";
	FILE *p;
	int status;

	(void)state;
	assert_non_null(m);
	dir = strdup(m);
	/* build/MODE/mmsim -> the repository's scripts/ */
	snprintf(cmd, sizeof(cmd), "%s/../../scripts/bad-inputs.sh %s 2>&1",
		 dirname(dir), m);
	p = popen(cmd, "r");
	assert_non_null(p);
	while (fgets(line, sizeof(line), p)) {
		snprintf(last, sizeof(last), "%s", line);
		if (!strncmp(line, "HUNG", 4) || !strncmp(line, "SIGNAL", 6) ||
		    !strncmp(line, "SANITIZER", 9))
			fail_msg("%s", line);
		if (!strncmp(line, "NOT REFUSED  ", 13))
			fail_msg("%s", line);
	}
	status = pclose(p);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) <= 1);
	assert_non_null(strstr(last, "bad inputs tried: "));
	assert_non_null(strstr(last, ", 0 not, 0 crashed or hung\n"));
	free(dir);
	free(m);
}

/* ---- traces that say nonsense ------------------------------------------- */

/* kswapd wakes, scans twice (32 + 32 pages) and sleeps: a well-formed
 * reclaim trace, which each case below spoils in one way. */
#define RECLAIM_LINE(ts, ev) "         kswapd0-45    [000]    " ts ": " ev "\n"
#define ISOLATE(ts, scanned)						\
	RECLAIM_LINE(ts, "mm_vmscan_lru_isolate: isolate_mode=0 order=0 "	\
		     "nr_requested=32 nr_scanned=" scanned " nr_taken=32 "	\
		     "contig_taken=0 contig_dirty=0 contig_failed=0")

static int report_of(const char *text)
{
	char args[256];

	snprintf(args, sizeof(args), "report reclaim %s", test_tmp_file(text));
	return run(args);
}

static const char wake[] = RECLAIM_LINE("10.000000", "mm_vmscan_kswapd_wake: nid=0 order=0");
static const char sleep_[] = RECLAIM_LINE("10.000300", "mm_vmscan_kswapd_sleep: nid=0");

/*
 * `mmsim report` on a trace whose numbers are nonsense: a negative or
 * too large count for an unsigned long field is refused as a non-number
 * is; a count that fits but takes the total past what a counter holds
 * is refused instead of wrapping.
 */
static void test_report_refuses_nonsense_numbers(void **state)
{
	char text[4096];
	int rc;

	(void)state;
	/* As it should be: 64 pages scanned, nothing said on stderr. */
	snprintf(text, sizeof(text), "%s%s%s%s", wake, ISOLATE("10.000100", "32"),
		 ISOLATE("10.000200", "32"), sleep_);
	assert_int_equal(report_of(text), 0);
	assert_non_null(strstr(out, "Kswapd pages scanned:\t\t\t64\n"));
	assert_null(strstr(out, "warning"));

	/* A negative count of an unsigned long field. */
	snprintf(text, sizeof(text), "%s%s%s%s", wake, ISOLATE("10.000100", "-32"),
		 ISOLATE("10.000200", "32"), sleep_);
	rc = report_of(text);
	if (rc != 2 || !strstr(out, ":2: mm_vmscan_lru_isolate: nr_scanned=-32 does not "
			       "fit its type, unsigned long (0 to 18446744073709551615)\n"))
		fail_msg("status %d: %s", rc, out);
	/* Past 64 bits. */
	snprintf(text, sizeof(text), "%s%s%s", wake,
		 ISOLATE("10.000100", "18446744073709551616"), sleep_);
	rc = report_of(text);
	if (rc != 2 || !strstr(out, ":2: mm_vmscan_lru_isolate: nr_scanned="
			       "18446744073709551616 does not fit its type"))
		fail_msg("status %d: %s", rc, out);

	/* ULONG_MAX fits the field, but 32 more wrap the total to 31. */
	snprintf(text, sizeof(text), "%s%s%s%s", wake,
		 ISOLATE("10.000100", "18446744073709551615"),
		 ISOLATE("10.000200", "32"), sleep_);
	rc = report_of(text);
	if (rc != 2 || !strstr(out, ":3: mm_vmscan_lru_isolate: nr_scanned=32 takes the "
			       "trace's total past 18446744073709551615, more than a "
			       "counter holds (the largest value added was "
			       "18446744073709551615, at line 2)\n"))
		fail_msg("status %d: %s", rc, out);
}

/*
 * `mmsim report` warns of time going back and of a line repeated (in the
 * replay's words, test_replay.c), and refuses an empty file.
 */
static void test_report_warns_of_order_refuses_empty(void **state)
{
	char text[4096], *at;
	int rc;

	(void)state;
	/* The two scans again after the sleep: time goes back twice. */
	snprintf(text, sizeof(text), "%s%s%s%s%s%s", wake, ISOLATE("10.000100", "32"),
		 ISOLATE("10.000200", "32"), sleep_, ISOLATE("10.000100", "32"),
		 ISOLATE("10.000200", "32"));
	rc = report_of(text);
	if (rc != 0 || !strstr(out, "mmsim: warning: 2 events go back in time (the first "
			       "at ") ||
	    !strstr(out, ":5: 10.000100 after 10.000300): the trace is not in time "
		    "order (concatenated or edited?)\n"))
		fail_msg("status %d: %s", rc, out);

	/* One line twice. */
	snprintf(text, sizeof(text), "%s%s%s%s", wake, ISOLATE("10.000100", "32"),
		 ISOLATE("10.000100", "32"), sleep_);
	rc = report_of(text);
	if (rc != 0 || !strstr(out, "mmsim: warning: 1 events repeat the event before "
			       "them exactly (the first at ") ||
	    !strstr(out, ":3: same task, CPU, time and fields): lines duplicated?\n"))
		fail_msg("status %d: %s", rc, out);
	/* 2.6.32's own second record of an order-0 __free_pages is not one. */
	rc = report_of("gitk-1 [000] 1.000000: mm_page_free_direct: page=ffffea0000000000 pfn=0 order=0\n"
		       "gitk-1 [000] 1.000000: mm_page_free_direct: page=ffffea0000000000 pfn=0 order=0\n");
	if (rc != 0 || strstr(out, "warning"))
		fail_msg("status %d: %s", rc, out);

	/* 0 bytes, whatever the name says. */
	for (int i = 0; i < 2; i++) {
		char args[256];
		const char *path = test_tmp_file("");

		snprintf(args, sizeof(args), "report %s %s", i ? "pagealloc" : "reclaim",
			 path);
		rc = run(args);
		at = strstr(out, path);
		if (rc != 2 || !at || strcmp(at + strlen(path), ": empty file is not a trace\n"))
			fail_msg("status %d: %s", rc, out);
	}
	rc = run("report reclaim - < /dev/null");
	if (rc != 2 || strcmp(out, "mmsim: <stdin>: empty file is not a trace\n"))
		fail_msg("status %d: %s", rc, out);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nonsense_scenarios_are_refused),
		cmocka_unit_test(test_values_at_the_limits_are_accepted),
		cmocka_unit_test(test_numeric_options_refuse_garbage),
		cmocka_unit_test(test_result_without_kern_log_round_trips),
		cmocka_unit_test(test_report_of_an_empty_trace),
		cmocka_unit_test(test_report_refuses_nonsense_numbers),
		cmocka_unit_test(test_report_warns_of_order_refuses_empty),
		cmocka_unit_test(test_manifest_files_stay_inside_the_directory),
		cmocka_unit_test(test_bad_inputs_script),
	};
	(void)argc;
	/* build/MODE/tests/test_bad_input -> build/MODE/mmsim */
	test_cli_init(argv[0]);
	return cmocka_run_group_tests_name("bad_input", tests, NULL, NULL);
}
