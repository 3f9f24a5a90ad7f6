// SPDX-License-Identifier: GPL-2.0
/*
 * Scenario files: units, every key type, every error class with its exact
 * message, the embedded defaults, dump -> parse round trips, and the
 * helpers workload programs use for their task keys.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "scenario/scenario.h"
#include "workload/workload.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define MSEC 1000000ULL
#define SEC 1000000000ULL

static struct scenario *parse(const char *text, struct scenario_error *err)
{
	return scenario_parse_buffer(text, strlen(text), "t.ini", NULL, err);
}

/* @text must be refused with exactly @msg. */
static void assert_error(const char *text, const char *msg)
{
	struct scenario_error err;
	struct scenario *sc = parse(text, &err);

	if (sc) {
		scenario_free(sc);
		fail_msg("accepted, expected: %s", msg);
	}
	if (strcmp(err.msg, msg))
		fail_msg("got:  %s\nwant: %s", err.msg, msg);
}

/* A valid scenario needs [machine] mem and one task; tests add to it. */
#define MACHINE "[machine]\nmem = 512M\n"
#define TASK "[task t1]\nprogram = sleeper\n"

/* ---- units ------------------------------------------------------------ */

static void test_size_units(void **state)
{
	static const struct { const char *text; uint64_t bytes; } ok[] = {
		{ "512M", 512ULL << 20 },		/* 536870912 */
		{ "512m", 512ULL << 20 },
		{ "2G", 2ULL << 30 },
		{ "1.5G", 3ULL << 29 },			/* 1.5 * 2^30 = 1610612736 */
		{ "4k", 4096 }, { "4K", 4096 }, { "4KB", 4096 }, { "4KiB", 4096 },
		{ "100B", 100 },
		{ "1T", 1ULL << 40 },
		{ "0.5K", 512 },
		{ "2 M", 2ULL << 20 },
		{ "0", 0 },
	};
	static const struct { const char *text, *why; } bad[] = {
		{ "512", "missing unit" },
		{ "512X", "bad unit 'X'" },
		{ "512MiBs", "bad unit 'MiBs'" },
		{ "0.1K", "not a whole number of bytes" },	/* 102.4 B */
		{ "-1M", "not a number" },
		{ "M", "not a number" },
		{ "1.M", "not a number" },
		{ "9000000T", "too large" },	/* 9e6 * 2^40 > INT64_MAX (9.2e18) */
		{ "99999999999999999999K", "too large" },
	};
	char why[64];
	uint64_t v;

	for (size_t i = 0; i < N(ok); i++) {
		if (parse_size(ok[i].text, &v, why, sizeof(why)))
			fail_msg("%s: %s", ok[i].text, why);
		assert_int_equal(v, ok[i].bytes);
	}
	for (size_t i = 0; i < N(bad); i++) {
		assert_int_equal(parse_size(bad[i].text, &v, why, sizeof(why)), -1);
		assert_string_equal(why, bad[i].why);
	}
}

static void test_time_units(void **state)
{
	static const struct { const char *text; uint64_t ns; } ok[] = {
		{ "100ms", 100 * MSEC }, { "30s", 30 * SEC },
		{ "10m", 600 * SEC }, { "10min", 600 * SEC },
		{ "1h", 3600 * SEC }, { "1.5ms", 1500000 },
		{ "250us", 250000 }, { "7ns", 7 }, { "0", 0 },
	};
	static const struct { const char *text, *why; } bad[] = {
		{ "5", "missing unit" },
		{ "5sec", "bad unit 'sec'" },
		{ "5M", "bad unit 'M'" },	/* minutes are m, not M */
		{ "0.5ns", "not a whole number of nanoseconds" },
		{ "1.5.3s", "bad unit '.3s'" },
	};
	char why[64];
	uint64_t v;

	for (size_t i = 0; i < N(ok); i++) {
		if (parse_time(ok[i].text, &v, why, sizeof(why)))
			fail_msg("%s: %s", ok[i].text, why);
		assert_int_equal(v, ok[i].ns);
	}
	for (size_t i = 0; i < N(bad); i++) {
		assert_int_equal(parse_time(bad[i].text, &v, why, sizeof(why)), -1);
		assert_string_equal(why, bad[i].why);
	}
}

static void test_canonical_units(void **state)
{
	char buf[24];

	format_size(buf, sizeof(buf), 512ULL << 20);
	assert_string_equal(buf, "512M");
	format_size(buf, sizeof(buf), 3ULL << 29);	/* 1.5G = 1536M */
	assert_string_equal(buf, "1536M");
	format_size(buf, sizeof(buf), 1536);
	assert_string_equal(buf, "1536B");
	format_size(buf, sizeof(buf), 0);
	assert_string_equal(buf, "0");
	format_size(buf, sizeof(buf), 4ULL << 40);
	assert_string_equal(buf, "4T");
	format_time(buf, sizeof(buf), 600 * SEC);
	assert_string_equal(buf, "10m");
	format_time(buf, sizeof(buf), 90 * SEC);
	assert_string_equal(buf, "90s");
	format_time(buf, sizeof(buf), 1500 * MSEC);
	assert_string_equal(buf, "1500ms");
	format_time(buf, sizeof(buf), 7200 * SEC);
	assert_string_equal(buf, "2h");
	format_time(buf, sizeof(buf), 1);
	assert_string_equal(buf, "1ns");
}

/* ---- every key type, and the INI syntax accepted ---------------------- */

static const char every_type[] =
	"\xEF\xBB\xBF; a byte order mark, then comments of both kinds\r\n"
	"# hash comment\r\n"
	"[machine]\r\n"
	"arch = x86                ; enum\r\n"
	"  mem = 1.5G              ; size with a fraction, indented\r\n"
	"cpus: 2                   ; int, Python-style ':' delimiter\r\n"
	"hz = 1000\r\n"
	"crypt = YES               ; bool, any case\r\n"
	"crypt_cost = 1.5us        ; time with a fraction\r\n"
	"disk = ssd\r\n"
	"reserved = 8M             ; a key with no default\r\n"
	"[vm]\n"
	"lowmem_reserve_ratio = 256, 32\t32\n"
	"kswapd_short_sleep = 0.1s\n"
	"low_latency = off\n"
	"[kernel]\n"
	"profile = 2.6.31-0000123-congestion-both\n"
	"[run]\n"
	"seed = 9223372036854775807\n"
	"until = a-done | 10m | b-done\n"
	"max_time = 2h\n"
	"[task a]\n"
	"program = sleeper\n"
	"period = 100ms\n"
	"note =;kept\n"
	"[task  b ]                ; blanks around a task name do not count\n"
	"program = writer\n"
	"size = 64M\n";

static void test_every_key_type(void **state)
{
	struct scenario_error err;
	struct scenario *sc = parse(every_type, &err);

	if (!sc)
		fail_msg("%s", err.msg);
	assert_int_equal(sc->machine.arch, SCENARIO_ARCH_X86);
	assert_int_equal(sc->machine.mem, 3ULL << 29);
	assert_int_equal(sc->machine.cpus, 2);
	assert_int_equal(sc->machine.hz, 1000);
	assert_true(sc->machine.crypt);
	assert_int_equal(sc->machine.crypt_cost, 1500);
	assert_int_equal(sc->machine.disk, SCENARIO_DISK_SSD);
	assert_int_equal(sc->machine.reserved, 8ULL << 20);
	assert_true(scenario_key_given(sc, "machine", "reserved"));
	assert_int_equal(scenario_key_line(sc, "machine", "mem"), 5);
	/* defaults fill what the file leaves out */
	assert_int_equal(sc->machine.disk_size, 8ULL << 30);
	assert_int_equal(sc->machine.disk_seek, 8500 * MSEC / 1000);
	assert_false(scenario_key_given(sc, "machine", "disk_size"));
	assert_int_equal(sc->vm.swappiness, 60);

	assert_int_equal(sc->vm.lowmem_reserve_ratio.n, 3);
	assert_int_equal(sc->vm.lowmem_reserve_ratio.v[0], 256);
	assert_int_equal(sc->vm.lowmem_reserve_ratio.v[1], 32);
	assert_int_equal(sc->vm.lowmem_reserve_ratio.v[2], 32);
	assert_int_equal(sc->vm.kswapd_short_sleep, 100 * MSEC);
	assert_false(sc->vm.low_latency);
	assert_string_equal(sc->kernel.profile, "2.6.31-0000123-congestion-both");
	assert_true(sc->run.seed == INT64_MAX);
	assert_int_equal(sc->run.until.nr_tasks, 2);
	assert_string_equal(sc->run.until.tasks[0], "a");
	assert_string_equal(sc->run.until.tasks[1], "b");
	assert_int_equal(sc->run.until.time, 600 * SEC);
	assert_int_equal(sc->run.max_time, 7200 * SEC);

	assert_int_equal(sc->nr_tasks, 2);
	assert_string_equal(sc->tasks[0].name, "a");
	assert_string_equal(sc->tasks[0].program->name, "sleeper");
	assert_int_equal(sc->tasks[0].line, 22);
	assert_int_equal(sc->tasks[0].nr_kv, 2);
	assert_string_equal(sc->tasks[0].kv[0].key, "period");
	assert_string_equal(sc->tasks[0].kv[0].value, "100ms");
	assert_int_equal(sc->tasks[0].kv[0].line, 24);
	/* ";" straight after "=" is not a comment (libinih wants a blank first) */
	assert_string_equal(sc->tasks[0].kv[1].value, ";kept");
	assert_string_equal(sc->tasks[1].program->name, "writer");
	assert_int_equal(sc->nr_lines, 28);
	scenario_free(sc);
}

static void test_bool_words(void **state)
{
	static const struct { const char *word; bool v; } words[] = {
		{ "on", true }, { "yes", true }, { "true", true }, { "1", true },
		{ "ON", true }, { "off", false }, { "no", false },
		{ "false", false }, { "0", false }, { "Off", false },
	};
	struct scenario_error err;
	char text[128];

	for (size_t i = 0; i < N(words); i++) {
		struct scenario *sc;

		snprintf(text, sizeof(text), MACHINE "crypt = %s\n" TASK, words[i].word);
		sc = parse(text, &err);
		if (!sc)
			fail_msg("%s", err.msg);
		assert_int_equal(sc->machine.crypt, words[i].v);
		scenario_free(sc);
	}
}

/* ---- every error class ------------------------------------------------- */

static void test_errors_syntax(void **state)
{
	assert_error("[foo]\n",
		"t.ini:1: unknown section [foo] (expected [machine], [vm], [kernel], "
		"[run] or [task NAME])");
	assert_error(MACHINE "[machine\n",
		"t.ini:3: unterminated section header (expected [name])");
	assert_error("[machine] extra\n",
		"t.ini:1: text after the section header (expected [name] alone)");
	assert_error(MACHINE "cpus 2\n",
		"t.ini:3: syntax error (expected [section], key = value, or a ; comment)");
	assert_error("mem = 512M\n",
		"t.ini:1: key outside any section (expected a [section] line first)");
	assert_error(MACHINE "= 5\n",
		"t.ini:3: missing key name (expected key = value)");
	assert_error(MACHINE "cpus = 2\x01\n",
		"t.ini:3: control character 0x01 in the line (expected text)");
	{
		static const char nul[] = "[machine]\nmem = 5\0" "12M\n";

		struct scenario_error err;
		struct scenario *sc = scenario_parse_buffer(nul, sizeof(nul) - 1,
							    "t.ini", NULL, &err);
		assert_null(sc);
		assert_string_equal(err.msg,
			"t.ini:2: control character 0x00 in the line (expected text)");
	}
	{
		/* libinih's line buffer is 200 bytes: 197 characters fit. */
		char text[512];

		snprintf(text, sizeof(text), MACHINE "; %0195d\n" TASK, 0);
		assert_int_equal(strlen("; ") + 195, 197);
		{
			struct scenario_error err;
			struct scenario *sc = parse(text, &err);

			if (!sc)
				fail_msg("%s", err.msg);
			scenario_free(sc);
		}
		snprintf(text, sizeof(text), MACHINE "; %0196d\n" TASK, 0);
		assert_error(text, "t.ini:3: line too long (at most 197 characters)");
	}
}

static void test_errors_keys_and_sections(void **state)
{
	assert_error("[machine]\nmemory = 1G\n",
		"t.ini:2: unknown key 'memory' in [machine] (one of arch, mem, cpus, "
		"threads_per_core, cpu_speed, smt_speed, "
		"hz, disk, disk_size, disk_capacity, disk_partition_start, "
		"disk_bandwidth, disk_bandwidth_inner, disk_zones, disk_heads, "
		"disk_seek, disk_seek_track, disk_seek_full, disk_write_settle, "
		"disk_rpm, disk_overhead, disk_queue_depth, disk_ncq_age, "
		"disk_write_cache, disk_cache_size, disk_readahead, "
		"disk_read_segments, disk_link_bandwidth, "
		"disk_max_request, crypt, crypt_cost, fs_size, swap_size, "
		"pageblock_order, reserved, slab, cached_files, logfs_size, "
		"logfs_start, nodes)");
	assert_error("[run]\nstop = 5s\n",
		"t.ini:2: unknown key 'stop' in [run] (one of seed, until, "
		"sample_interval, max_time)");
	assert_error(MACHINE "mem = 1G\n",
		"t.ini:3: duplicate key 'mem' in [machine] (first set on line 2)");
	assert_error(MACHINE "[vm]\n[machine]\n",
		"t.ini:4: duplicate section [machine] (first on line 1)");
	assert_error(MACHINE TASK "[task t1]\n",
		"t.ini:5: duplicate section [task t1] (first on line 3)");
	assert_error(MACHINE TASK "period = 1s\nperiod = 2s\n",
		"t.ini:6: duplicate key 'period' in [task t1] (first set on line 5)");
	assert_error(MACHINE TASK "program = gitk\n",
		"t.ini:5: duplicate key 'program' in [task t1] (first set on line 4)");
	assert_error(MACHINE "[task]\n",
		"t.ini:3: missing task name (expected [task NAME])");
	assert_error(MACHINE "[task my_gitk]\n",
		"t.ini:3: bad task name 'my_gitk' (letters, digits and '-', starting "
		"with a letter or digit, at most 15 characters)");
	assert_error(MACHINE "[task a-very-long-name-x]\n",
		"t.ini:3: bad task name 'a-very-long-name-x' (letters, digits and '-', "
		"starting with a letter or digit, at most 15 characters)");
	assert_error(MACHINE TASK "Period = 1s\n",
		"t.ini:5: bad key name 'Period' in [task t1] (lower-case letters, "
		"digits and '_')");
}

static void test_errors_values(void **state)
{
	assert_error("[machine]\nmem = 512X\n",
		"t.ini:2: mem = '512X': bad unit 'X' (a size from 64M to 4T, a "
		"multiple of 4K, with unit B, K, M, G or T)");
	assert_error("[machine]\nmem = 512\n",
		"t.ini:2: mem = '512': missing unit (a size from 64M to 4T, a "
		"multiple of 4K, with unit B, K, M, G or T)");
	assert_error("[machine]\nmem = 32M\n",
		"t.ini:2: mem = '32M': out of range (a size from 64M to 4T, a "
		"multiple of 4K, with unit B, K, M, G or T)");
	assert_error("[machine]\nmem = 100000001B\n",
		"t.ini:2: mem = '100000001B': not a multiple of 4K (a size from 64M "
		"to 4T, a multiple of 4K, with unit B, K, M, G or T)");
	assert_error("[machine]\nmem = 99999999999999999T\n",
		"t.ini:2: mem = '99999999999999999T': out of range (a size from 64M "
		"to 4T, a multiple of 4K, with unit B, K, M, G or T)");
	assert_error(MACHINE "cpus = 65\n",
		"t.ini:3: cpus = '65': out of range (an integer from 1 to 64)");
	assert_error(MACHINE "cpus = 0\n",
		"t.ini:3: cpus = '0': out of range (an integer from 1 to 64)");
	assert_error(MACHINE "cpus = four\n",
		"t.ini:3: cpus = 'four': not an integer (an integer from 1 to 64)");
	assert_error(MACHINE "cpus = 2.5\n",
		"t.ini:3: cpus = '2.5': not an integer (an integer from 1 to 64)");
	assert_error(MACHINE "arch = arm\n",
		"t.ini:3: arch = 'arm': unknown value (one of x86, x86_64)");
	assert_error(MACHINE "crypt = maybe\n",
		"t.ini:3: crypt = 'maybe': not on or off (on or off)");
	assert_error(MACHINE "disk_seek = 2s\n",
		"t.ini:3: disk_seek = '2s': out of range (a time from 0 to 1s, with "
		"unit ns, us, ms, s, m or h)");
	assert_error(MACHINE "disk_seek = 8\n",
		"t.ini:3: disk_seek = '8': missing unit (a time from 0 to 1s, with "
		"unit ns, us, ms, s, m or h)");
	assert_error(MACHINE "[vm]\nlowmem_reserve_ratio = 256 256 32 32\n",
		"t.ini:4: lowmem_reserve_ratio = '256 256 32 32': more than 3 values "
		"(up to 3 integers from 1 to 2147483647, separated by blanks)");
	assert_error(MACHINE "[vm]\nlowmem_reserve_ratio = 256 x\n",
		"t.ini:4: lowmem_reserve_ratio = '256 x': not an integer (up to 3 "
		"integers from 1 to 2147483647, separated by blanks)");
	assert_error(MACHINE "[kernel]\nprofile =\n",
		"t.ini:4: profile = '': empty (text of at most 95 characters)");
	assert_error(MACHINE "[run]\nuntil = gitk-done | 5s | 6s\n",
		"t.ini:4: until = 'gitk-done | 5s | 6s': more than one time (TASK-done "
		"or a time from 1ms to 8760h, joined by |)");
	assert_error(MACHINE "[run]\nuntil = gitk_x-done\n",
		"t.ini:4: until = 'gitk_x-done': bad task name 'gitk_x' (TASK-done "
		"or a time from 1ms to 8760h, joined by |)");
	assert_error(MACHINE "[run]\nuntil = gitk-done ||\n",
		"t.ini:4: until = 'gitk-done ||': empty condition (TASK-done "
		"or a time from 1ms to 8760h, joined by |)");
	assert_error(MACHINE "[task t1]\nprogram = firefox\n",
		"t.ini:4: program = 'firefox': unknown value (one of gitk, music, "
		"netrx, reader, writer, anonhog, sleeper, replay, latency-output, "
		"monitor)");
}

static void test_errors_missing(void **state)
{
	assert_error("[machine]\ncpus = 2\n" TASK,
		"t.ini:1: missing key 'mem' in [machine] (a size from 64M to 4T, a "
		"multiple of 4K, with unit B, K, M, G or T)");
	/* No [machine] at all: blamed on the last line. */
	assert_error("[vm]\nswappiness = 10\n" TASK,
		"t.ini:4: missing section [machine] (it must set mem: a size from "
		"64M to 4T, a multiple of 4K, with unit B, K, M, G or T)");
	assert_error("", "t.ini:1: missing section [machine] (it must set mem: a "
		"size from 64M to 4T, a multiple of 4K, with unit B, K, M, G or T)");
	assert_error(MACHINE "[task t1]\nperiod = 1s\n",
		"t.ini:3: missing key 'program' in [task t1] (one of gitk, music, "
		"netrx, reader, writer, anonhog, sleeper, replay, latency-output, "
		"monitor)");
	assert_error(MACHINE "\n; nothing to run\n",
		"t.ini:4: no tasks (expected at least one [task NAME] section)");
}

static void test_errors_semantic(void **state)
{
	assert_error(MACHINE "hz = 200\n" TASK,
		"t.ini:3: hz = 200: not a Kconfig choice (100, 250, 300 or 1000)");
	assert_error(MACHINE "cpus = 3\nthreads_per_core = 2\n" TASK,
		"t.ini:3: cpus = 3: not a multiple of threads_per_core (2): "
		"every core has that many threads");
	assert_error(MACHINE "smt_speed = 0.2\n" TASK,
		"t.ini:3: smt_speed = '0.2': out of range (a number from 0.3 to 1)");
	assert_error("[machine]\narch = x86\nmem = 8G\n" TASK,
		"t.ini:3: mem = 8G: too large for x86 (at most 4G: x86 is modelled "
		"as a non-PAE HIGHMEM4G kernel)");
	/* defaults: fs_size 5G + swap_size 2G on disk_size 8G */
	assert_error(MACHINE "swap_size = 4G\n" TASK,
		"t.ini:3: volumes do not fit on the disk: fs_size 5G + swap_size 4G > "
		"disk_size 8G (together at most disk_size)");
	assert_error(MACHINE "disk_size = 6G\n" TASK,
		"t.ini:3: volumes do not fit on the disk: fs_size 5G + swap_size 2G > "
		"disk_size 6G (together at most disk_size)");
	/* The drive's keys together (docs/disk.md). */
	assert_error(MACHINE "disk_capacity = 120G\n" TASK,
		"t.ini:3: the partition does not fit on the drive: "
		"disk_partition_start 116G + disk_size 8G > disk_capacity 120G");
	assert_error(MACHINE "disk_bandwidth_inner = 90M\n" TASK,
		"t.ini:3: disk_bandwidth_inner = 90M: faster than the outer zone's "
		"disk_bandwidth 80M");
	assert_error(MACHINE "disk_seek = 4ms\n" TASK,
		"t.ini:3: disk_seek = 4ms: no seek curve from disk_seek_track 1ms "
		"to disk_seek_full 17ms has that average (between 4414us and 14994us)");
	assert_error(MACHINE "disk_seek_track = 9ms\n" TASK,
		"t.ini:3: disk_seek = 8500us: no seek curve from disk_seek_track 9ms "
		"to disk_seek_full 17ms has that average (between 10707us and 15997us)");
	assert_error(MACHINE "disk_cache_size = 2M\n" TASK,
		"t.ini:3: disk_cache_size = 2M: no room for a write (at least "
		"disk_read_segments x disk_readahead + disk_max_request, 2560K)");
	assert_error(MACHINE "reserved = 256M\n" TASK,
		"t.ini:3: reserved = 256M: too large for mem (less than half of mem, 256M)");
	/* 524288 kB = 512M */
	assert_error(MACHINE "[vm]\nmin_free_kbytes = 524288\n" TASK,
		"t.ini:4: min_free_kbytes = 524288: not below mem 512M (less than 524288)");
	assert_error(MACHINE "[vm]\npercpu_pagelist_fraction = 4\n" TASK,
		"t.ini:4: percpu_pagelist_fraction = 4: out of range (0, or at least "
		"8 as the kernel requires)");
	assert_error(MACHINE "[run]\nuntil = gitk-done\n" TASK,
		"t.ini:4: until names task 'gitk', which is not defined (one of t1)");
	assert_error(MACHINE "[run]\nuntil = 2h\n" TASK,
		"t.ini:4: until 2h is beyond max_time 1h (at most max_time)");
	assert_error(MACHINE "[run]\nmax_time = 10s\nsample_interval = 20s\n" TASK,
		"t.ini:5: sample_interval = 20s: longer than max_time 10s (at most max_time)");
}

static void test_error_cannot_open(void **state)
{
	struct scenario_error err;

	assert_null(scenario_parse_file("/nonexistent/s.ini", NULL, &err));
	assert_string_equal(err.msg, "/nonexistent/s.ini: cannot open: No such file "
			    "or directory (expected a readable scenario file)");
	assert_int_equal(err.line, 0);
}

static int reject_profile(void *ctx, const char *name, char *why, size_t len)
{
	snprintf(why, len, "try 2.6.31 or 2.6.32-rc6");
	return strcmp(name, "2.6.31") ? -1 : 0;
}

static void test_error_profile_callback(void **state)
{
	struct scenario_parse_opts opts = { .validate_profile = reject_profile };
	struct scenario_error err;
	static const char text[] = MACHINE "[kernel]\nprofile = 2.6.99\n" TASK;
	static const char good[] = MACHINE "[kernel]\nprofile = 2.6.31\n" TASK;
	struct scenario *sc;

	assert_null(scenario_parse_buffer(text, strlen(text), "t.ini", &opts, &err));
	assert_string_equal(err.msg, "t.ini:4: profile = '2.6.99': unknown kernel "
			    "profile (try 2.6.31 or 2.6.32-rc6)");
	sc = scenario_parse_buffer(good, strlen(good), "t.ini", &opts, &err);
	assert_non_null(sc);
	scenario_free(sc);
}

static int reject_switches(void *ctx, const char *profile, const char *list,
			   char *why, size_t len)
{
	snprintf(why, len, "no switch 'x' in %s", profile);
	return strstr(list, "x=") ? -1 : 0;
}

/* [kernel] switches is checked against the profile, at its own line. */
static void test_error_switches_callback(void **state)
{
	struct scenario_parse_opts opts = { .validate_switches = reject_switches };
	struct scenario_error err;
	static const char text[] = MACHINE "[kernel]\nprofile = 2.6.31\n"
		"switches = cw_alloc=BOTH x=1\n" TASK;
	static const char good[] = MACHINE "[kernel]\nprofile = 2.6.31\n"
		"switches = cw_alloc=BOTH  cw_direct=BOTH\n" TASK;
	struct scenario *sc;

	assert_null(scenario_parse_buffer(text, strlen(text), "t.ini", &opts, &err));
	assert_string_equal(err.msg, "t.ini:5: switches = 'cw_alloc=BOTH x=1': "
			    "no switch 'x' in 2.6.31");
	sc = scenario_parse_buffer(good, strlen(good), "t.ini", &opts, &err);
	assert_non_null(sc);
	assert_string_equal(sc->kernel.switches, "cw_alloc=BOTH  cw_direct=BOTH");
	scenario_free(sc);
}

/* ---- workload programs' keys ----------------------------------------- */

struct toy_params {
	uint64_t size;
	uint64_t period;
	int64_t loops;
	double ratio;
	bool sync;
	int mode;
	char label[16];
};

static const char *const toy_modes[] = { "seq", "random", NULL };

static const struct workload_param_spec toy_spec[] = {
	{ .key = "size", .type = PARAM_SIZE, .required = true,
	  .min = 4096, .max = 1LL << 40, .align = 4096,
	  PARAM_FIELD(struct toy_params, size), .doc = "bytes to write" },
	{ .key = "period", .type = PARAM_TIME, .def = "100ms",
	  .min = 1000000, .max = 3600000000000LL,
	  PARAM_FIELD(struct toy_params, period), .doc = "between writes" },
	{ .key = "loops", .type = PARAM_INT, .def = "1", .min = 1, .max = 1000,
	  PARAM_FIELD(struct toy_params, loops), .doc = "repeats" },
	{ .key = "ratio", .type = PARAM_DOUBLE, .def = "0.5", .dmin = 0, .dmax = 1,
	  PARAM_FIELD(struct toy_params, ratio), .doc = "read share" },
	{ .key = "sync", .type = PARAM_BOOL, .def = "off",
	  PARAM_FIELD(struct toy_params, sync), .doc = "O_SYNC" },
	{ .key = "mode", .type = PARAM_ENUM, .def = "seq", .words = toy_modes,
	  PARAM_FIELD(struct toy_params, mode), .doc = "access pattern" },
	{ .key = "label", .type = PARAM_STRING, .def = "toy",
	  PARAM_FIELD(struct toy_params, label), .doc = "a name" },
};

/* Parse a [task w] writer section and apply toy_spec to it. */
static int apply_toy(const char *keys, struct toy_params *p,
		     struct scenario_error *err)
{
	char text[512];
	struct scenario *sc;
	int r;

	snprintf(text, sizeof(text), MACHINE "[task w]\nprogram = writer\n%s", keys);
	sc = parse(text, err);
	if (!sc)
		fail_msg("%s", err->msg);
	memset(p, 0, sizeof(*p));
	r = scenario_task_apply(sc, &sc->tasks[0], toy_spec, N(toy_spec), p, err);
	scenario_free(sc);
	return r;
}

static void test_task_apply(void **state)
{
	struct scenario_error err;
	struct toy_params p;

	assert_int_equal(apply_toy("size = 64M\nratio = 0.25\nmode = random\n"
				   "sync = on\nlabel = w1\nloops = 3\n", &p, &err), 0);
	assert_int_equal(p.size, 64ULL << 20);
	assert_int_equal(p.period, 100 * MSEC);	/* default */
	assert_int_equal(p.loops, 3);
	assert_true(p.ratio == 0.25);
	assert_true(p.sync);
	assert_int_equal(p.mode, 1);
	assert_string_equal(p.label, "w1");

	assert_int_equal(apply_toy("period = 1s\n", &p, &err), -1);
	assert_string_equal(err.msg, "t.ini:3: missing key 'size' in [task w] "
		"(program writer needs it: a size from 4K to 1T, a multiple of 4K, "
		"with unit B, K, M, G or T)");
	assert_int_equal(apply_toy("size = 1M\nratio = 1.5\n", &p, &err), -1);
	assert_string_equal(err.msg, "t.ini:6: ratio = '1.5': out of range "
		"(a number from 0 to 1)");
	assert_int_equal(apply_toy("size = 1M\nratio = nan\n", &p, &err), -1);
	assert_string_equal(err.msg, "t.ini:6: ratio = 'nan': not a number "
		"(a number from 0 to 1)");
	assert_int_equal(apply_toy("size = 1M\nlabel = a-label-that-is-too-long\n",
				   &p, &err), -1);
	assert_string_equal(err.msg, "t.ini:6: label = 'a-label-that-is-too-long': "
		"too long (text of at most 15 characters)");
	assert_int_equal(apply_toy("size = 1M\nsize_mb = 5\n", &p, &err), -1);
	assert_string_equal(err.msg, "t.ini:6: unknown key 'size_mb' in [task w] "
		"(program writer takes size, period, loops, ratio, sync, mode, label)");
}

static void test_task_get_helpers(void **state)
{
	static const char text[] = MACHINE "[task g]\nprogram = gitk\n"
		"log_size = 300M\nprint_every = 1000\ncost = 20us\nname = x\n"
		"fast = yes\nshare = 0.75\npattern = random\n";
	static const char *const patterns[] = { "seq", "random", NULL };
	struct scenario_error err;
	struct scenario *sc = parse(text, &err);
	struct scenario_task *t;
	uint64_t size, cost;
	int64_t every;
	double share;
	bool fast;
	int pattern;
	char name[8];

	if (!sc)
		fail_msg("%s", err.msg);
	t = &sc->tasks[0];
	assert_int_equal(scenario_task_get_size(sc, t, "log_size", NULL, 0, 1ULL << 40,
						&size, &err), 0);
	assert_int_equal(size, 300ULL << 20);
	assert_int_equal(scenario_task_get_int(sc, t, "print_every", "100", 1, 1000000,
					       &every, &err), 0);
	assert_int_equal(every, 1000);
	assert_int_equal(scenario_task_get_time(sc, t, "cost", NULL, 0, SEC,
						&cost, &err), 0);
	assert_int_equal(cost, 20000);
	assert_int_equal(scenario_task_get_string(sc, t, "name", NULL, name,
						  sizeof(name), &err), 0);
	assert_string_equal(name, "x");
	assert_int_equal(scenario_task_get_bool(sc, t, "fast", "off", &fast, &err), 0);
	assert_true(fast);
	assert_int_equal(scenario_task_get_double(sc, t, "share", NULL, 0, 1,
						  &share, &err), 0);
	assert_true(share == 0.75);
	assert_int_equal(scenario_task_get_enum(sc, t, "pattern", "seq", patterns,
						&pattern, &err), 0);
	assert_int_equal(pattern, 1);
	/* absent with a default: the default */
	assert_int_equal(scenario_task_get_int(sc, t, "loops", "4", 1, 100,
					       &every, &err), 0);
	assert_int_equal(every, 4);
	/* absent and required */
	assert_int_equal(scenario_task_get_size(sc, t, "buffer", NULL, 0, 1ULL << 40,
						&size, &err), -1);
	assert_string_equal(err.msg, "t.ini:3: missing key 'buffer' in [task g] "
		"(program gitk needs it: a size from 0 to 1T, with unit B, K, M, G or T)");
	/* out of range, reported at the key's own line */
	assert_int_equal(scenario_task_get_int(sc, t, "print_every", NULL, 1, 10,
					       &every, &err), -1);
	assert_string_equal(err.msg, "t.ini:6: print_every = '1000': out of range "
		"(an integer from 1 to 10)");
	assert_int_equal(scenario_task_check_unused(sc, t, NULL, 0, &err), 0);
	scenario_free(sc);

	sc = parse(MACHINE "[task g]\nprogram = gitk\nfoo = 1\n", &err);
	assert_non_null(sc);
	assert_int_equal(scenario_task_check_unused(sc, &sc->tasks[0], NULL, 0, &err), -1);
	assert_string_equal(err.msg, "t.ini:5: unknown key 'foo' in [task g] "
			    "(not a key of program gitk)");
	/* later layers report with the file's name and a line */
	assert_int_equal(scenario_errorf(sc, scenario_key_line(sc, "machine", "mem"),
					 &err, "mem = %s: too large for this host (%s)",
					 "512M", "at most 1M"), -1);
	assert_string_equal(err.msg, "t.ini:2: mem = 512M: too large for this host "
			    "(at most 1M)");
	scenario_free(sc);
}

static int reject_netrx(void *ctx, const struct scenario *sc,
			struct scenario_task *task, struct scenario_error *err)
{
	int64_t order;

	(*(int *)ctx)++;
	if (strcmp(task->program->name, "netrx"))
		return 0;
	return scenario_task_get_int(sc, task, "order", "0", 0, 10, &order, err);
}

static void test_validate_task_callback(void **state)
{
	int calls = 0;
	struct scenario_parse_opts opts = { .validate_task = reject_netrx, .ctx = &calls };
	static const char text[] = MACHINE TASK "[task rx]\nprogram = netrx\norder = 11\n";
	struct scenario_error err;

	assert_null(scenario_parse_buffer(text, strlen(text), "t.ini", &opts, &err));
	assert_string_equal(err.msg, "t.ini:7: order = '11': out of range "
			    "(an integer from 0 to 10)");
	assert_int_equal(calls, 2);
}

/* ---- the defaults, and dump -> parse ----------------------------------- */

static void test_default_scenarios_parse(void **state)
{
	struct scenario_error err;
	struct scenario *sc = scenario_parse_default(NULL, &err);

	if (!sc)
		fail_msg("%s", err.msg);
	/* the cover letter's stated facts */
	assert_int_equal(sc->machine.arch, SCENARIO_ARCH_X86_64);
	assert_int_equal(sc->machine.mem, 512ULL << 20);
	assert_true(sc->machine.crypt);
	assert_int_equal(sc->machine.fs_size, 5ULL << 30);
	assert_int_equal(sc->machine.swap_size, 2ULL << 30);
	assert_string_equal(sc->kernel.profile, "2.6.32-rc6-0000000-force-highorder");
	/* The programs, then the harness: a latency-output pipeline for
	 * each, and run-test.sh's three monitors, logging to the normal
	 * partition. */
	assert_int_equal(sc->nr_tasks, 8);
	assert_string_equal(sc->tasks[0].program->name, "gitk");
	assert_string_equal(sc->tasks[1].program->name, "music");
	assert_string_equal(sc->tasks[2].program->name, "netrx");
	assert_string_equal(sc->tasks[3].program->name, "latency-output");
	assert_string_equal(sc->tasks[4].program->name, "latency-output");
	for (int i = 5; i < 8; i++)
		assert_string_equal(sc->tasks[i].program->name, "monitor");
	assert_true(sc->machine.logfs_size > 0);
	assert_string_equal(sc->run.until.tasks[0], "gitk");
	assert_string_equal(sc->filename, "<default>");
	/* Four Phenom cores, the reference CPU of every cost. */
	assert_int_equal(sc->machine.cpus, 4);
	assert_int_equal(sc->machine.threads_per_core, 1);
	assert_true(sc->machine.cpu_speed == 1);
	assert_int_equal(sc->machine.crypt_cost, 64 * 1000);
	scenario_free(sc);

	sc = scenario_parse_buffer(scenario_default_x86_text,
				   strlen(scenario_default_x86_text),
				   SCENARIO_DEFAULT_X86_NAME, NULL, &err);
	if (!sc)
		fail_msg("%s", err.msg);
	assert_int_equal(sc->machine.arch, SCENARIO_ARCH_X86);
	assert_int_equal(sc->machine.pageblock_order, 10);
	/* A P4 with Hyper-Threading, a thread alone slower than the
	 * reference Phenom core, within the range docs/model.md gives it
	 * (1/1.5 to 1/1.1; the calibration fits it there); costs shared
	 * with x86-64. */
	assert_int_equal(sc->machine.cpus, 2);
	assert_int_equal(sc->machine.threads_per_core, 2);
	assert_true(sc->machine.cpu_speed >= 0.67);
	assert_true(sc->machine.cpu_speed <= 0.91);
	assert_true(sc->machine.smt_speed == 0.6);
	assert_int_equal(sc->machine.crypt_cost, 64 * 1000);
	scenario_free(sc);
}

static char *dump_text(const struct scenario *sc)
{
	char *text = NULL;
	size_t len;
	FILE *f = open_memstream(&text, &len);

	scenario_dump(sc, f);
	fclose(f);
	return text;
}

static void assert_round_trip(const char *text)
{
	struct scenario_error err;
	struct scenario *a = parse(text, &err), *b;
	char *da, *db;

	if (!a)
		fail_msg("%s", err.msg);
	da = dump_text(a);
	b = parse(da, &err);
	if (!b)
		fail_msg("dump does not parse: %s\n%s", err.msg, da);
	/* Same values, field by field (both calloc'd, so padding is 0 too). */
	assert_memory_equal(&a->machine, &b->machine, sizeof(a->machine));
	assert_memory_equal(&a->vm, &b->vm, sizeof(a->vm));
	assert_memory_equal(&a->kernel, &b->kernel, sizeof(a->kernel));
	assert_memory_equal(&a->run, &b->run, sizeof(a->run));
	assert_int_equal(scenario_key_given(a, "machine", "reserved"),
			 scenario_key_given(b, "machine", "reserved"));
	assert_int_equal(scenario_key_given(a, "vm", "kswapd_short_sleep"),
			 scenario_key_given(b, "vm", "kswapd_short_sleep"));
	assert_int_equal(a->nr_tasks, b->nr_tasks);
	for (size_t i = 0; i < a->nr_tasks; i++) {
		assert_string_equal(a->tasks[i].name, b->tasks[i].name);
		assert_int_equal(a->tasks[i].program, b->tasks[i].program);
		assert_int_equal(a->tasks[i].nr_kv, b->tasks[i].nr_kv);
		for (size_t k = 0; k < a->tasks[i].nr_kv; k++) {
			assert_string_equal(a->tasks[i].kv[k].key, b->tasks[i].kv[k].key);
			assert_string_equal(a->tasks[i].kv[k].value, b->tasks[i].kv[k].value);
		}
	}
	/* ... and the dump is a fixed point. */
	db = dump_text(b);
	assert_string_equal(da, db);
	free(da);
	free(db);
	scenario_free(a);
	scenario_free(b);
}

/*
 * scenarios/reproduction-*.ini are the embedded defaults as files, for
 * users to copy and edit; validate.md names them.  They must not drift.
 * (Run from the top of the tree, as make check does.)
 */
static void assert_file_is(const char *path, const char *text)
{
	static char buf[16384];
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		fail_msg("%s: cannot open", path);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = 0;
	assert_true(n < sizeof(buf) - 1);
	if (strcmp(buf, text))
		fail_msg("%s differs from the embedded default: regenerate it "
			 "with 'mmsim scenario --dump [--arch x86]'", path);
}

static void test_shipped_defaults_match_embedded(void **state)
{
	(void)state;
	assert_file_is("scenarios/reproduction-x86_64.ini", scenario_default_text);
	assert_file_is("scenarios/reproduction-x86.ini", scenario_default_x86_text);
}

static void test_dump_round_trip(void **state)
{
	assert_round_trip(scenario_default_text);
	assert_round_trip(scenario_default_x86_text);
	assert_round_trip(every_type);
}

/* Found by fuzz_scenario: "key=value" of 197 characters fits, "key = value"
 * does not, so the dump must not add the blanks there. */
static void test_dump_keeps_long_lines_readable(void **state)
{
	char text[512], key[71], value[127];

	memset(key, 'k', 70);
	key[70] = 0;
	memset(value, 'v', 126);
	value[126] = 0;
	snprintf(text, sizeof(text), MACHINE TASK "%s=%s\n", key, value);
	assert_int_equal(strlen(key) + 1 + strlen(value), 197);
	assert_round_trip(text);
}

static void test_dump_canonical_text(void **state)
{
	struct scenario_error err;
	struct scenario *sc = parse("[machine]\nmem = 0.5G\nreserved = 1024K\n"
				    "[run]\nuntil = 600s | t1-done\n" TASK
				    "period = 100ms\n", &err);
	char *d;

	if (!sc)
		fail_msg("%s", err.msg);
	d = dump_text(sc);
	/* 0.5G prints as 512M, 1024K as 1M, 600s as 10m (task conditions first) */
	assert_non_null(strstr(d, "\nmem = 512M\n"));
	assert_non_null(strstr(d, "\nreserved = 1M\n"));
	assert_non_null(strstr(d, "\nuntil = t1-done | 10m\n"));
	assert_non_null(strstr(d, "\n; kswapd_short_sleep: not set (the profile's, "
			       "HZ/10 as patch 4 has it)\n"));
	assert_non_null(strstr(d, "\n[task t1]\nprogram = sleeper\nperiod = 100ms\n"));
	assert_true(d[strlen(d) - 1] == '\n');
	free(d);
	scenario_free(sc);
}

static void test_describe_keys_lists_every_key(void **state)
{
	static const char *const keys[] = {
		"`arch`", "`mem`", "`reserved`", "`min_free_kbytes`",
		"`kswapd_short_sleep`", "`profile`", "`until`", "`max_time`",
	};
	char *text = NULL;
	size_t len;
	FILE *f = open_memstream(&text, &len);

	scenario_describe_keys(f);
	fclose(f);
	for (size_t i = 0; i < N(keys); i++)
		assert_non_null(strstr(text, keys[i]));
	assert_non_null(strstr(text, "| `mem` | a size from 64M to 4T, a multiple "
			       "of 4K, with unit B, K, M, G or T | required |"));
	free(text);
}

/* docs/scenario-format.md carries the registry's tables verbatim, so the
 * documentation cannot drift from the parser.  The path is found from this
 * file's own (as compiled, relative to the top directory make runs in). */
static void test_docs_match_registry(void **state)
{
	char path[512], *doc, *keys = NULL;
	const char *slash = strrchr(__FILE__, '/');
	size_t len, n;
	FILE *f;

	snprintf(path, sizeof(path), "%.*s../docs/scenario-format.md",
		 slash ? (int)(slash - __FILE__ + 1) : 0, __FILE__);
	f = fopen(path, "r");
	if (!f)
		fail_msg("cannot open %s (run the tests from the top directory)", path);
	doc = calloc(1, 1 << 20);
	n = fread(doc, 1, (1 << 20) - 1, f);
	fclose(f);
	assert_true(n > 0);
	f = open_memstream(&keys, &len);
	scenario_describe_keys(f);
	fclose(f);
	if (!strstr(doc, keys))
		fail_msg("%s does not contain the output of scenario_describe_keys()", path);
	free(doc);
	free(keys);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_size_units),
		cmocka_unit_test(test_time_units),
		cmocka_unit_test(test_canonical_units),
		cmocka_unit_test(test_every_key_type),
		cmocka_unit_test(test_bool_words),
		cmocka_unit_test(test_errors_syntax),
		cmocka_unit_test(test_errors_keys_and_sections),
		cmocka_unit_test(test_errors_values),
		cmocka_unit_test(test_errors_missing),
		cmocka_unit_test(test_errors_semantic),
		cmocka_unit_test(test_error_cannot_open),
		cmocka_unit_test(test_error_profile_callback),
		cmocka_unit_test(test_error_switches_callback),
		cmocka_unit_test(test_task_apply),
		cmocka_unit_test(test_task_get_helpers),
		cmocka_unit_test(test_validate_task_callback),
		cmocka_unit_test(test_default_scenarios_parse),
		cmocka_unit_test(test_shipped_defaults_match_embedded),
		cmocka_unit_test(test_dump_round_trip),
		cmocka_unit_test(test_dump_keeps_long_lines_readable),
		cmocka_unit_test(test_dump_canonical_text),
		cmocka_unit_test(test_describe_keys_lists_every_key),
		cmocka_unit_test(test_docs_match_registry),
	};

	return cmocka_run_group_tests_name("scenario", tests, NULL, NULL);
}
