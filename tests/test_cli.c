// SPDX-License-Identifier: GPL-2.0
/* The mmsim command line: exit codes, one-line errors, and output files. */
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
#include "experiment/machine.h"
#include "experiment/scenario_load.h"
#include "linux/dcache.h"
#include "linux/mmzone.h"
#include "linux/slab.h"
#include "mmsim/boot_params.h"
#include "mmsim/profile.h"
#include "report/procfs.h"
#include "experiment/monitor.h"
#include "scenario/scenario.h"

static char out[65536];

static int run(const char *args)
{
	return test_cli_run(args, out, sizeof(out));
}

static const char small[] =
	"[machine]\nmem = 64M\ncpus = 1\ndisk_size = 2G\nfs_size = 1G\nswap_size = 256M\n"
	"[run]\nmax_time = 2s\n"
	"[task hog]\nprogram = anonhog\nsize = 96M\npattern = random\npasses = 0\n";

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void test_unknown_command_and_option(void **state)
{
	(void)state;
	assert_int_equal(run("frobnicate"), 2);
	assert_non_null(strstr(out, "unknown command 'frobnicate'"));
	assert_int_equal(run("run --bogus"), 2);
	assert_non_null(strstr(out, "--bogus"));
	assert_int_equal(run("run --seed x12"), 2);
	assert_non_null(strstr(out, "--seed 'x12'"));
}

static void test_bad_profile_names_the_forms(void **state)
{
	(void)state;
	assert_int_equal(run("profiles 2.6.99"), 2);
	assert_non_null(strstr(out, "2.6.99"));
	assert_int_equal(run("run --kernel 2.6.32-rc6-0000019-x"), 2);
}

/* The listing names every release a run takes, 2.6.32.9 included. */
static void test_profiles_lists_the_releases(void **state)
{
	static const char *const releases[] = {
		"\n2.6.30 ", "\n2.6.31 ", "\n2.6.32-rc6 ", "\n2.6.32 ",
		"\n2.6.32.9 ",
	};
	const char *rel;

	(void)state;
	assert_int_equal(run("profiles"), 0);
	rel = strstr(out, "Releases (stock kernels");
	assert_non_null(rel);
	for (size_t i = 0; i < sizeof(releases) / sizeof(releases[0]); i++)
		if (!strstr(rel, releases[i]))
			fail_msg("'mmsim profiles' lists no release%s", releases[i]);
}

/* profiles --diff: the switches that differ, each with what sets it. */
static void test_profiles_diff(void **state)
{
	(void)state;
	assert_int_equal(run("profiles --diff 2.6.32-rc6 2.6.32.9"), 0);
	/* rc6 + P1 + P2 + 4b27e1b, 0b3bf81, b2ea8cb, c91ab04 and the
	 * scheduler's f685cea, c2f1953, 37ed2d7: 9 switches. */
	assert_non_null(strstr(out, "\n9 switches differ.\n"));
	assert_non_null(strstr(out, "pcp_free_type          A LIST_INDEX"));
	assert_non_null(strstr(out, "B PRIVATE            0b3bf81197f0: mm: fix migratetype bug"));
	assert_non_null(strstr(out, "P2 (merged for 2.6.32)"));
	assert_null(strstr(out, "cw_alloc"));
	assert_int_equal(run("profiles --diff 2.6.30 2.6.30"), 0);
	assert_non_null(strstr(out, "\n0 switches differ.\n"));
	assert_int_equal(run("profiles --diff 2.6.30"), 2);
	assert_non_null(strstr(out, "two kernels"));
	assert_int_equal(run("profiles 2.6.30 2.6.31"), 2);
	assert_int_equal(run("profiles --diff 2.6.30 2.6.3l"), 2);
	assert_non_null(strstr(out, "B: unknown kernel profile"));
}

static void test_bad_scenario_is_one_line_with_file_and_line(void **state)
{
	char path[] = "/tmp/mmsim-cli-XXXXXX";
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	write_file(path, "[machine]\nmem = 512M\ncpus = 0\n");
	assert_int_equal(run(path), 2);	/* not a command: usage error */
	{
		char args[256];

		snprintf(args, sizeof(args), "run %s", path);
		assert_int_equal(run(args), 2);
		assert_non_null(strstr(out, ":3: "));
		assert_non_null(strstr(out, path));
		/* One line. */
		assert_ptr_equal(strchr(out, '\n'), out + strlen(out) - 1);
	}
	unlink(path);
}

static void test_run_writes_trace_json_and_kern_log(void **state)
{
	char sc[] = "/tmp/mmsim-cli-sc-XXXXXX";
	char args[1024];
	int fd = mkstemp(sc);
	FILE *f;
	char line[512];
	int lines = 0;

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	write_file(sc, small);
	snprintf(args, sizeof(args),
		 "run %s --trace %s.trace --json %s.json --samples %s.csv --kern-log %s.log",
		 sc, sc, sc, sc, sc);
	assert_int_equal(run(args), 0);
	assert_non_null(strstr(out, "Elapsed:00:02.000"));
	snprintf(line, sizeof(line), "%s.trace", sc);
	f = fopen(line, "r");
	assert_non_null(f);
	while (fgets(line, sizeof(line), f))
		lines++;
	fclose(f);
	assert_true(lines > 100);
	snprintf(args, sizeof(args), "report reclaim %s.trace", sc);
	assert_int_equal(run(args), 0);
	assert_non_null(strstr(out, "Summary"));
	snprintf(args, sizeof(args), "rm -f %s %s.trace %s.json %s.csv %s.log", sc, sc, sc, sc, sc);
	assert_int_equal(system(args), 0);
}

/* Every command parses its options alike: the same messages for an
 * unknown, ambiguous, valueless or value-taking option; options before,
 * between and after operands; "--" ending the options. */
static void test_options_are_parsed_alike(void **state)
{
	static const struct {
		const char *args, *msg;
	} bad[] = {
		{ "run --bogus", "run: unknown option '--bogus' (try 'mmsim run --help')" },
		{ "show zoneinfo --bogus", "show: unknown option '--bogus' (try 'mmsim show --help')" },
		{ "report reclaim -x", "report: unknown option '-x' (try 'mmsim report --help')" },
		{ "validate --bogus", "validate: unknown option '--bogus'" },
		{ "scenario --bogus", "scenario: unknown option '--bogus'" },
		{ "profiles --bogus", "profiles: unknown option '--bogus'" },
		{ "merge --emit-jobs x", "merge: unknown option '--emit-jobs'" },
		{ "--bogus", "unknown option '--bogus' (try 'mmsim help')" },
		{ "run --ker 2.6.30", "run: ambiguous option '--ker'" },
		{ "run --seed", "run: --seed needs a value" },
		{ "show zoneinfo --mem", "show: --mem needs a value" },
		{ "compare -j", "compare: -j needs a value" },
		{ "validate -j", "validate: -j needs a value" },
		{ "run --vmstat=1", "run: --vmstat takes no value" },
		{ "compare --help=1", "compare: --help takes no value" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int rc = run(bad[i].args);

		if (rc != 2 || !strstr(out, bad[i].msg) ||
		    strchr(out, '\n') != out + strlen(out) - 1)
			fail_msg("mmsim %s: status %d, '%s' (expected 2 and '%s' on one line)",
				 bad[i].args, rc, out, bad[i].msg);
	}
	/* Options after the operands, "=VALUE", unique prefixes. */
	assert_int_equal(run("profiles 2.6.30"), 0);
	{
		char *listing = strdup(out);

		assert_non_null(listing);
		assert_int_equal(run("profiles -- 2.6.30"), 0);
		assert_string_equal(out, listing);
		free(listing);
	}
	assert_int_equal(run("show buddyinfo --arch=x86 --cpus 2"), 0);
	{
		char *a = strdup(out);

		assert_non_null(a);
		assert_int_equal(run("show --cpu=2 --arch x86 buddyinfo"), 0);
		assert_string_equal(out, a);
		free(a);
	}
	assert_int_equal(run("scenario --check=no-such-file.ini"), 2);
	assert_non_null(strstr(out, "no-such-file.ini"));
}

/* zoneinfo of the embedded x86-64 scenario with @mem_line, its memory and
 * slab caches booted as a run boots them; malloc'd. */
static char *scenario_zoneinfo(const char *mem_line)
{
	const char *mem = strstr(scenario_default_text, "\nmem = ");
	const char *eol = strchr(mem + 1, '\n');
	struct scenario_error serr;
	struct scenario *sc;
	char *text, *zoneinfo = NULL, err[256];
	size_t len = 0;
	FILE *f;

	assert_true(asprintf(&text, "%.*s\n%s%s", (int)(mem - scenario_default_text),
			     scenario_default_text, mem_line, eol) > 0);
	sc = scenario_load_text(text, "mem.ini", &serr);
	if (!sc)
		fail_msg("%s", serr.msg);
	if (machine_boot_static(sc, NULL, err, sizeof(err)))
		fail_msg("%s", err);
	f = open_memstream(&zoneinfo, &len);
	assert_non_null(f);
	assert_int_equal(proc_show("zoneinfo", f), 0);
	fclose(f);
	machine_static_exit();
	profile_set_default();
	scenario_free(sc);
	free(text);
	return zoneinfo;
}

/*
 * show reads sizes as scenario files do (src/scenario/units.c) and boots
 * through the run's scenario-to-machine translation: 'show --mem 1.5G' is
 * the machine of a scenario with mem = 1.5G, and a plain number is bytes,
 * as the kernel's mem= reads it.
 */
static void test_show_mem_is_the_scenario_mem(void **state)
{
	char *zoneinfo;

	(void)state;
	zoneinfo = scenario_zoneinfo("mem = 1.5G");
	assert_int_equal(run("show zoneinfo --mem 1.5G"), 0);
	assert_string_equal(out, zoneinfo);
	/* 1.5G is not 1G or 2G, nor what the parser would have made of
	 * "1" or "5". */
	assert_int_equal(run("show zoneinfo --mem 2G"), 0);
	assert_string_not_equal(out, zoneinfo);
	free(zoneinfo);

	zoneinfo = scenario_zoneinfo("mem = 640M");
	assert_int_equal(run("show zoneinfo --mem 671088640"), 0);
	assert_string_equal(out, zoneinfo);
	assert_int_equal(run("show zoneinfo --mem 0.625G"), 0);
	assert_string_equal(out, zoneinfo);
	free(zoneinfo);
}

/* A bad size, time or count names the option and what it expected. */
static void test_bad_values_name_the_option(void **state)
{
	static const struct {
		const char *args, *msg;
	} bad[] = {
		{ "show zoneinfo --mem 1.5Q", "show: --mem '1.5Q': bad unit 'Q' (a size from 64M to 4T," },
		{ "show zoneinfo --mem 0.1K", "show: --mem '0.1K': not a whole number of bytes (a size from 64M" },
		{ "show zoneinfo --mem 10M", "show: --mem '10M': out of range (a size from 64M to 4T, with unit" },
		{ "show zoneinfo --cpus 1.5", "--cpus: '1.5' is not a CPU count (1-64)" },
		{ "show zoneinfo --nodes 0", "--nodes: '0' is not a node count" },
		{ "run --time 60", "run: --time '60': missing unit (a time from 1ms to 8760h, with unit ns, us, ms, s, m or h)" },
		/* The range of [run] max_time, which --time stands for: one
		 * rule, said in full, in every command that takes it. */
		{ "run --time 1us", "run: --time '1us': out of range (a time from 1ms to 8760h, with unit ns, us, ms, s, m or h)" },
		{ "run --time 0s", "run: --time '0s': out of range (a time from 1ms to 8760h," },
		{ "run --time 1000000000000s", "run: --time '1000000000000s': out of range (a time from 1ms to 8760h," },
		{ "compare --time 999us", "compare: --time '999us': out of range (a time from 1ms to 8760h," },
		{ "bisect --time 8761h", "bisect: --time '8761h': out of range (a time from 1ms to 8760h," },
		{ "bisect 2.6.30 2.6.31 --futility 1", "bisect: --futility '1': expected a probability in [0, 1)" },
		{ "bisect 2.6.30 2.6.31 --futility -0.1", "bisect: --futility '-0.1': expected a probability in [0, 1)" },
		{ "bisect 2.6.30 2.6.31 --futility 10%", "bisect: --futility '10%': expected a probability in [0, 1)" },
		{ "run --monitor vmstat --monitor-interval 0s", "run: --monitor-interval '0s': out of range (a time from 1ms to 1h," },
		{ "run --check --check-interval 0s", "run: --check-interval '0s': expected a number of events from 1 to" },
		{ "run --check --check-interval 1.5", "run: --check-interval '1.5': expected a number" },
		{ "run --hung-task-timeout 5s", "run: --hung-task-timeout '5s': expected seconds" },
		{ "validate --sample-interval 100", "validate: --sample-interval '100': missing unit (a time from 1ms to 1h," },
		{ "validate --sample-interval 2h", "validate: --sample-interval '2h': out of range (a time from 1ms to 1h," },
		{ "compare --seeds 5K", "--seeds '5K': expected a whole number from 1 to 100000" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int rc = run(bad[i].args);

		if (rc != 2 || !strstr(out, bad[i].msg))
			fail_msg("mmsim %s: status %d, '%s' (expected 2 and '%s')",
				 bad[i].args, rc, out, bad[i].msg);
	}
}

/*
 * Small lies of the run report, each fixed: a scenario of sleepers only
 * says "latency: N samples", not "gitk: N progress lines"; a p95 under a
 * millisecond is not "< 0 ms"; show's meminfo has the scenario's swap
 * (the default's 2G: 524288 pages less the header page, 524287 x 4 kB =
 * 2097148 kB); `mmsim help CMD` is CMD's --help.
 */
static void test_run_report_says_what_it_measured(void **state)
{
	char path[] = "/tmp/mmsim-cli-XXXXXX", args[256], *help;
	int fd;

	(void)state;
	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	write_file(path, "[machine]\nmem = 256M\n[run]\nmax_time = 5s\n"
		   "[task s]\nprogram = sleeper\ncount = 20\n");
	snprintf(args, sizeof(args), "run %s", path);
	assert_int_equal(run(args), 0);
	unlink(path);
	assert_null(strstr(out, "progress lines"));
	assert_non_null(strstr(out, "\nlatency: 20 samples (the recording tasks' wake-up "
			       "lateness), stalls >1s: 0"));
	assert_int_equal(run("run --time 20s"), 0);
	assert_non_null(strstr(out, "\ngitk: "));
	assert_null(strstr(out, "< 0 ms"));
	assert_non_null(strstr(out, " ms, p95 < "));
	assert_int_equal(run("show meminfo"), 0);
	assert_non_null(strstr(out, "SwapTotal:       2097148 kB\nSwapFree:        2097148 kB\n"));
	assert_int_equal(run("run --help"), 0);
	help = strdup(out);
	assert_non_null(help);
	assert_int_equal(run("help run"), 0);
	assert_string_equal(out, help);
	free(help);
	assert_int_equal(run("help rnu"), 2);
	assert_string_equal(out, "mmsim: unknown command 'rnu' (did you mean 'run'? try "
			    "'mmsim help')\n");
}

/*
 * What a person types: a typo gets "did you mean" wherever a name is
 * looked up; an option with a value given twice is refused (the first
 * value was silently lost) unless the command takes several; a kernel
 * named twice in --kernels runs once.
 */
static void test_typos_and_repeats(void **state)
{
	static const struct {
		const char *args, *msg;
	} typos[] = {
		{ "rnu", "unknown command 'rnu' (did you mean 'run'? try 'mmsim help')" },
		{ "run --jsn x.json", "run: unknown option '--jsn' (did you mean '--json'? "
		  "try 'mmsim run --help')" },
		{ "compare --sed 3", "did you mean '--seed'?" },
		{ "report reclam t", "unknown report 'reclam' (did you mean 'reclaim'?" },
		{ "show zoneinf", "unknown file 'zoneinf' (did you mean 'zoneinfo'?" },
		{ "run --trace /dev/null --events mm_page_aloc", "(did you mean 'mm_page_alloc'?)" },
		{ "run --monitor vmstt", "unknown monitor 'vmstt' (did you mean 'vmstat'?" },
		{ "validate --record 13nv", "'13nv' is not a data set (did you mean '13nov'?" },
		{ "calibrate --target elapsd=9:00 --fit disk_seek=7ms..12ms",
		  "unknown measure 'elapsd' (did you mean 'elapsed'?)" },
		{ "sweep min_free_kbyte=1,2", "(did you mean 'min_free_kbytes'?" },
		{ "run --seed 1 --seed 2", "run: --seed given twice ('1', then '2'): give it once" },
		{ "compare -j 2 --jobs 3", "compare: --jobs given twice ('2', then '3')" },
	};
	char path[] = "/tmp/mmsim-cli-XXXXXX", args[256];
	int fd;

	(void)state;
	for (size_t i = 0; i < sizeof(typos) / sizeof(typos[0]); i++) {
		int rc = run(typos[i].args);

		if (rc != 2 || !strstr(out, typos[i].msg))
			fail_msg("mmsim %s: status %d, '%s' (expected 2 and '%s')",
				 typos[i].args, rc, out, typos[i].msg);
	}
	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	write_file(path, "[machine]\nmem = 512M\n[vm]\nmin_free_kbyte = 5000\n");
	snprintf(args, sizeof(args), "scenario --check %s", path);
	assert_int_equal(run(args), 2);
	assert_non_null(strstr(out, ":4: unknown key 'min_free_kbyte' in [vm] (did you mean "
			       "'min_free_kbytes'? one of "));
	write_file(path, "[machine]\nmem = 512M\n[task g]\nprogram = gitkk\n");
	assert_int_equal(run(args), 2);
	assert_non_null(strstr(out, ":4: program = 'gitkk': unknown value: did you mean "
			       "'gitk'? (one of "));
	unlink(path);
	/* Flags given twice are the flag; calibrate's --target repeats. */
	assert_int_equal(run("run --time 1s --vmstat --vmstat"), 0);
	/* So do run's --switch and bisect's --switch-a and --switch-b: the
	 * second is taken, and checked. */
	assert_int_equal(run("run --time 1s --switch cw_alloc=BOTH --switch cw_direct=BOTH"), 0);
	assert_int_equal(run("run --switch cw_alloc=BOTH --switch cw_direct=NOPE"), 2);
	assert_non_null(strstr(out, "run: --switch: 'cw_direct=NOPE': bad value 'NOPE'"));
	assert_int_equal(run("bisect 2.6.30 2.6.32-rc6 --switch-b cw_alloc=BOTH "
			     "--switch-b cw_direct=NOPE"), 2);
	assert_non_null(strstr(out, "bisect: --switch-b: 'cw_direct=NOPE': bad value"));
	/* 2.6.30 twice, one job. */
	assert_int_equal(run("compare --kernels 2.6.30,2.6.31,2.6.30 --seeds 1 --emit-jobs "
			     "--out /tmp/mmsim-cli-dup --force"), 0);
	assert_int_equal(system("test \"$(grep -c -- '--kernel 2.6.30 ' "
				"/tmp/mmsim-cli-dup/jobs.txt)\" = 1 && rm -rf /tmp/mmsim-cli-dup"), 0);
}

/*
 * Names a user types for what lives elsewhere get a pointer there, not
 * only "unknown command"; "version --help" is help, not the version.
 */
static void test_hints_where_a_user_types(void **state)
{
	char *version;

	(void)state;
	assert_int_equal(run("explain"), 2);
	assert_non_null(strstr(out, "unknown command 'explain': did you mean "
			       "'mmsim run --explain'?"));
	assert_int_equal(run("replay"), 2);
	assert_non_null(strstr(out, "unknown command 'replay': "));
	assert_non_null(strstr(out, "'program = replay'"));
	assert_non_null(strstr(out, "docs/trace.md"));
	assert_int_equal(run("version"), 0);
	version = strdup(out);
	assert_non_null(version);
	assert_non_null(strstr(version, "mmsim "));
	assert_int_equal(run("version --help"), 0);
	assert_non_null(strstr(out, "usage: mmsim version"));
	assert_string_not_equal(out, version);
	assert_int_equal(run("help version"), 0);
	assert_non_null(strstr(out, "usage: mmsim version"));
	assert_int_equal(run("--version"), 0);
	assert_string_equal(out, version);
	assert_int_equal(run("version extra"), 2);
	assert_non_null(strstr(out, "version: unexpected argument 'extra'"));
	free(version);
}

/*
 * The folder's lock names the process holding it.  A lock seen at the
 * moment it is created (here made the way a holder without hard links
 * makes it: empty, its "PID HOST" written a moment later) is read again,
 * not reported as "pid 0".  Then six compares started at once into one
 * new folder, three times: every one refused for the lock names one of
 * the others, by a pid that was started.
 */
static void test_lock_names_its_holder(void **state)
{
	char dir[] = "/tmp/mmsim-cli-lock-XXXXXX", cmd[4096];
	char *m = realpath(test_mmsim_path(), NULL);
	int rc;

	(void)state;
	assert_non_null(m);
	assert_non_null(mkdtemp(dir));
	snprintf(cmd, sizeof(cmd), "%s/s.ini", dir);
	write_file(cmd, small);
	snprintf(cmd, sizeof(cmd),
		 "cd %s && mkdir held || exit 1; sleep 30 & holder=$!; "
		 ": > held/.mmsim-lock && "
		 "{ sleep 0.2; echo \"$holder $(uname -n)\" > held/.mmsim-lock; } & "
		 "%s compare --scenario s.ini --kernels 2.6.30 --seeds 1 --no-render "
		 "-j1 --out held > /dev/null 2> held.err; rc=$?; wait $!; kill $holder; "
		 "test $rc = 2 && grep -q \"in use by another mmsim (pid $holder \" held.err",
		 dir, m);
	rc = system(cmd);
	if (rc) {
		snprintf(cmd, sizeof(cmd), "cat %s/held.err", dir);
		(void)system(cmd);
		fail_msg("a lock being written was not read again for its holder");
	}
	snprintf(cmd, sizeof(cmd),
		 "cd %s && bad=0 && for round in 1 2 3; do "
		 "rm -rf race go pids e.*; mkfifo go; exec 3<>go; "
		 "for i in 1 2 3 4 5 6; do "
		 "(exec 3>&-; read x < go; exec %s compare --scenario s.ini "
		 "--kernels 2.6.30 --seeds 1 --no-render -j1 --out race "
		 "> /dev/null 2> e.$i) & echo $! >> pids; done; "
		 "sleep 0.2; exec 3>&-; wait; "
		 "for i in 1 2 3 4 5 6; do "
		 "grep -q 'in use by another mmsim' e.$i || continue; "
		 "pid=$(sed -n 's/.*in use by another mmsim (pid \\([0-9]*\\).*/\\1/p' e.$i); "
		 "if [ -z \"$pid\" ] || ! grep -qx \"$pid\" pids; then cat e.$i; bad=1; fi; "
		 "done; done; test $bad = 0", dir, m);
	assert_int_equal(system(cmd), 0);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
	free(m);
}

/*
 * A machine too large for this host is refused by every boot before it
 * allocates: show's static boot (show --mem 1T took 40 s and 10 GB
 * before) and the boot parameters of a run, with the message the
 * scenario check gives.  The host is set small (128 MiB) so that 8G is
 * too large anywhere, and cheap to boot were it not refused.
 */
static void test_boot_checks_the_host_first(void **state)
{
	struct scenario_error serr;
	struct boot_params bp;
	struct scenario *sc;
	char err[512];

	(void)state;
	sc = scenario_load(NULL, "x86_64", &serr);
	assert_non_null(sc);
	sc->machine.mem = 8ULL << 30;
	scenario_set_host_memory(128ULL << 20);
	assert_int_equal(machine_boot_static(sc, NULL, err, sizeof(err)), -1);
	machine_static_exit();
	assert_non_null(strstr(err, "mem = 8G: the simulated machine needs "));
	assert_non_null(strstr(err, "more than half of this host's 128 MiB "
			       "(at most 64 MiB)"));
	err[0] = 0;
	assert_int_equal(machine_boot_params(sc, 1, NULL, &bp, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "mem = 8G: the simulated machine needs "));
	scenario_set_host_memory(0);
	scenario_free(sc);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unknown_command_and_option),
		cmocka_unit_test(test_bad_profile_names_the_forms),
		cmocka_unit_test(test_profiles_lists_the_releases),
		cmocka_unit_test(test_profiles_diff),
		cmocka_unit_test(test_bad_scenario_is_one_line_with_file_and_line),
		cmocka_unit_test(test_run_writes_trace_json_and_kern_log),
		cmocka_unit_test(test_options_are_parsed_alike),
		cmocka_unit_test(test_show_mem_is_the_scenario_mem),
		cmocka_unit_test(test_bad_values_name_the_option),
		cmocka_unit_test(test_run_report_says_what_it_measured),
		cmocka_unit_test(test_typos_and_repeats),
		cmocka_unit_test(test_hints_where_a_user_types),
		cmocka_unit_test(test_lock_names_its_holder),
		cmocka_unit_test(test_boot_checks_the_host_first),
	};
	(void)argc;
	/* build/MODE/tests/test_cli -> build/MODE/mmsim */
	test_cli_init(argv[0]);
	return cmocka_run_group_tests_name("cli", tests, NULL, NULL);
}
