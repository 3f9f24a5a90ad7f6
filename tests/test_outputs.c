// SPDX-License-Identifier: GPL-2.0
/*
 * Outputs a user can trust: the figures mmsim prints agree with each other
 * and with what the era's kernel counted and printed; output files never
 * destroy what the user owns and are never lost silently.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <errno.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <cmocka.h>

#include "testlib.h"
#include "experiment/run.h"
#include "experiment/scenario_load.h"
#include "linux/oom.h"
#include "metrics/metrics.h"
#include "report/outfile.h"
#include "scenario/scenario.h"

static char out[1 << 16];
static char dir[] = "/tmp/mmsim-outputs-XXXXXX";

/*
 * Run a shell command line in the scratch directory; "$M" in
 * a line is the mmsim binary ("$M run --json x.json").  Standard output and
 * error land in @out (unless the line redirects them).  The exit status.
 */
static int sh(const char *fmt, ...)
{
	char line[4096], cmd[12288], mmsim[4096];
	va_list ap;
	FILE *p;
	size_t n;
	int status;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	/* Absolute: the line runs in the scratch directory. */
	assert_non_null(realpath(test_mmsim_path(), mmsim));
	snprintf(cmd, sizeof(cmd), "cd %s && export M=%s && { %s ; } 2>&1", dir,
		 mmsim, line);
	p = popen(cmd, "r");
	assert_non_null(p);
	n = fread(out, 1, sizeof(out) - 1, p);
	out[n] = 0;
	status = pclose(p);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void write_file(const char *name, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static char *read_file(const char *name)
{
	char path[512];
	FILE *f;
	char *text;
	long n;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	text = calloc(1, (size_t)n + 1);
	assert_non_null(text);
	assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	return text;
}

/* ---- wrong figures ----------------------------------------------------- */

/* The sum of the "timeouts" column of run's congestion_wait table. */
static unsigned long run_timeouts(const char *text)
{
	const char *s = strstr(text, "\ncongestion_wait ");
	unsigned long sum = 0;

	assert_non_null(s);
	s = strchr(s + 1, '\n') + 1;
	while (strncmp(s, "total", 5)) {
		char site[64], queue[16];
		unsigned long calls, timeouts;

		assert_int_equal(sscanf(s, "%63s %15s %lu %lu", site, queue,
					&calls, &timeouts), 4);
		sum += timeouts;
		s = strchr(s, '\n') + 1;
	}
	return sum;
}

/* kswapd's plus the others' FullTimeout of report reclaim. */
static unsigned long report_full_timeouts(const char *text)
{
	const char *s = strstr(text, "\ncongestion_wait ");
	unsigned long sum = 0, calls, full;
	double ms;

	assert_non_null(s);
	s = strstr(s, "\nkswapd");
	assert_non_null(s);
	assert_int_equal(sscanf(s, " kswapd %lu %lf %lu", &calls, &ms, &full), 3);
	sum += full;
	s = strstr(s, "\nothers");
	assert_non_null(s);
	assert_int_equal(sscanf(s, " others %lu %lf %lu", &calls, &ms, &full), 3);
	return sum + full;
}

/*
 * A congestion_wait that slept its whole timeout records usec_delayed ==
 * usec_timeout (2.6.37's jiffies_to_usecs(jiffies - start)), so report
 * reclaim's FullTimeout on mmsim's own trace is run's timeouts: at the
 * default HZ and at HZ=300, whose tick is not a whole number of ns.
 */
static void test_full_timeouts_of_run_and_report_agree(void **state)
{
	(void)state;
	for (int hz300 = 0; hz300 < 2; hz300++) {
		unsigned long timeouts;

		if (hz300)
			assert_int_equal(sh("$M scenario --dump | sed 's/^hz = 250/hz = 300/' > hz.ini"), 0);
		assert_int_equal(sh("$M run %s --time 100s --trace cw.trace "
				    "--events 'writeback:*'", hz300 ? "hz.ini" : ""), 0);
		timeouts = run_timeouts(out);
		assert_true(timeouts > 10);
		assert_int_equal(sh("$M report reclaim cw.trace"), 0);
		assert_int_equal(report_full_timeouts(out), timeouts);
	}
}

/* The last "Swap cache stats" of a kern.log, and the page count above it. */
static void last_swap_cache_stats(const char *log, unsigned long v[5])
{
	const char *s = log, *last = NULL;

	while ((s = strstr(s, " pages in swap cache\n"))) {
		last = s;
		s++;
	}
	assert_non_null(last);
	while (last > log && last[-1] != ' ')
		last--;
	assert_int_equal(sscanf(last, "%lu pages in swap cache\n", &v[0]), 1);
	s = strstr(last, "Swap cache stats: ");
	assert_non_null(s);
	assert_int_equal(sscanf(s, "Swap cache stats: add %lu, delete %lu, find %lu/%lu",
				&v[1], &v[2], &v[3], &v[4]), 4);
}

/*
 * show_swap_cache_info() counts as 2.6.32's swap_state.c: every page
 * added to and deleted from the swap cache, every lookup_swap_cache()
 * and its hits.  A machine that swapped out and in has added pages (at
 * least as many as are in the cache now) and looked pages up.
 */
static void test_swap_cache_stats_count(void **state)
{
	unsigned long v[5];
	char *log;

	(void)state;
	write_file("pressure.ini", test_pressure_scenario);
	/* The first row whose run prints a failure report (the stats are
	 * part of it): which one does is the model's business, not this
	 * test's. */
	assert_int_equal(sh("for k in 2.6.31-0000000-force-highorder 2.6.30-0000000-force-highorder "
			    "2.6.32-rc6-0000000-force-highorder 2.6.32-rc6; do "
			    "$M run pressure.ini --kernel $k --kern-log pressure.log > /dev/null && "
			    "grep -q ' pages in swap cache$' pressure.log && exit 0; done; exit 1"), 0);
	log = read_file("pressure.log");
	assert_non_null(log);
	last_swap_cache_stats(log, v);
	assert_true(v[1] > 0);
	assert_int_equal(v[1] - v[2], v[0]);
	assert_true(v[3] <= v[4]);
	assert_true(v[4] > 0);
	free(log);
}

static const char thrash[] =
	"[machine]\narch = x86_64\nmem = 64M\ncpus = 2\ndisk_size = 1G\n"
	"crypt = off\nfs_size = 512M\nswap_size = 128M\n"
	"[run]\nseed = 1\nmax_time = 20s\n"
	"[task hog1]\nprogram = anonhog\nsize = 90M\npattern = seq\npasses = 0\n"
	"[task hog2]\nprogram = anonhog\nsize = 90M\npattern = seq\npasses = 0\n"
	"[task hog3]\nprogram = anonhog\nsize = 90M\npattern = seq\npasses = 0\n";

static size_t count(const char *s, const char *what)
{
	size_t n = 0;

	while ((s = strstr(s, what))) {
		n++;
		s++;
	}
	return n;
}

/*
 * Each OOM kill prints, at one timestamp, 2.6.32's oom_kill_process()
 * sequence: "invoked oom-killer", the cpuset line, dump_stack(),
 * show_mem(), then "Out of memory: kill process" and "Killed process"
 * once each; every victim once.  In-process with vm.oom_dump_tasks set,
 * dump_tasks()'s table follows show_mem().
 */
static void check_oom_log(const char *log, bool tasks)
{
	size_t kills = count(log, "] Killed process ");
	const char *s = log;

	assert_true(kills >= 1);
	assert_int_equal(count(log, " invoked oom-killer: "), kills);
	assert_int_equal(count(log, "] Out of memory: kill process "), kills);
	assert_int_equal(count(log, " cpuset=/ mems_allowed=0\n"), kills);
	for (size_t k = 0; k < kills; k++) {
		const char *order[] = {
			" invoked oom-killer: gfp_mask=0x", " cpuset=/ mems_allowed=0",
			"Call Trace:", "] oom_kill_process\n", "Mem-Info:",
			"Swap cache stats: ", "pages RAM", tasks ? "[ pid ]   uid  tgid" :
			"pages non-shared", "Out of memory: kill process ",
			"Killed process ",
		};
		char stamp[32], victim[64], *kill_line;
		const char *first = strstr(s, " invoked oom-killer: ");

		assert_non_null(first);
		while (first > log && first[-1] != '\n')
			first--;
		snprintf(stamp, sizeof(stamp), "%.*s", (int)(strchr(first, ']') - first + 1),
			 first);
		for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
			const char *next = strstr(s, order[i]);

			if (!next)
				fail_msg("kill %zu: no '%s' after its header", k + 1, order[i]);
			s = next + 1;
		}
		/* The whole sequence carries the header's timestamp. */
		kill_line = strstr(s - 1, "Killed process ");
		assert_memory_equal(kill_line - strlen(stamp) - 1, stamp, strlen(stamp));
		/* Every victim is killed once. */
		snprintf(victim, sizeof(victim), "%.*s",
			 (int)(strchr(kill_line, '\n') - kill_line), kill_line);
		assert_int_equal(count(log, victim), 1);
	}
}

static void test_oom_kill_prints_the_whole_sequence_once(void **state)
{
	char *log;

	(void)state;
	write_file("thrash.ini", thrash);
	assert_int_equal(sh("$M run thrash.ini --kern-log thrash.log"), 0);
	log = read_file("thrash.log");
	assert_non_null(log);
	check_oom_log(log, false);
	free(log);
}

static void test_oom_dump_tasks(void **state)
{
	struct scenario_error serr;
	struct scenario *sc = scenario_load_text(thrash, "thrash", &serr);
	struct run_options opt = { .seed = 1, .scenario_name = "thrash" };
	struct run_result r;
	char err[256];

	(void)state;
	assert_non_null(sc);
	sysctl_oom_dump_tasks = 1;
	if (run_scenario(sc, &opt, &r, err, sizeof(err)))
		fail_msg("%s", err);
	sysctl_oom_dump_tasks = 0;
	check_oom_log(result_text(&r, "kern_log"), true);
	/* Three hogs had an mm at the first kill. */
	assert_non_null(strstr(result_text(&r, "kern_log"), " hog3\n"));
	result_free(&r);
	scenario_free(sc);
}

/* ---- nothing the user owns destroyed, nothing lost silently ---------- */

static const char small[] =
	"[machine]\nmem = 64M\ncpus = 1\ndisk_size = 2G\nfs_size = 1G\nswap_size = 256M\n"
	"[run]\nmax_time = 2s\n"
	"[task hog]\nprogram = anonhog\nsize = 96M\npattern = random\npasses = 0\n";

static bool is_type(const char *name, mode_t type)
{
	char path[512];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return !lstat(path, &st) && (st.st_mode & S_IFMT) == type;
}

/* A symbolic link is followed: its target is replaced whole (keeping its
 * permissions), the link stays a link; a link to nothing yet creates its
 * target. */
static void test_json_through_a_symlink_keeps_the_link(void **state)
{
	char path[512], *text;
	struct stat st;

	(void)state;
	write_file("small.ini", small);
	assert_int_equal(sh("mkdir -p sub && echo old > real.json && chmod 600 real.json && "
			    "ln -sf real.json link.json && ln -sf sub/new.json dangling.json"), 0);
	assert_int_equal(sh("$M run small.ini --json link.json --kern-log dangling.json"), 0);
	assert_true(is_type("link.json", S_IFLNK));
	assert_true(is_type("real.json", S_IFREG));
	assert_true(is_type("dangling.json", S_IFLNK));
	assert_true(is_type("sub/new.json", S_IFREG));
	text = read_file("link.json");
	assert_non_null(strstr(text, "\"kernel\""));
	free(text);
	snprintf(path, sizeof(path), "%s/real.json", dir);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	/* No temporary file left beside them. */
	assert_int_equal(sh("ls | grep -c tmp"), 1);
}

/* A FIFO is written to, not replaced: its reader gets the whole trace. */
static void test_trace_into_a_fifo_reaches_its_reader(void **state)
{
	char *count;

	(void)state;
	write_file("small.ini", small);
	/* The reader gives up after 60 s: a FIFO replaced by a file would
	 * leave it waiting for ever. */
	assert_int_equal(sh("rm -f fifo && mkfifo fifo && "
			    "{ timeout 60 sh -c 'wc -c < fifo' > fifo.count & } && "
			    "$M run small.ini --trace fifo > /dev/null && wait"), 0);
	assert_true(is_type("fifo", S_IFIFO));
	count = read_file("fifo.count");
	assert_non_null(count);
	assert_true(strtoul(count, NULL, 10) > 100000);
	free(count);
}

/* A character device is written to, never replaced: a private /dev/full
 * (mknod needs root) is refused with ENOSPC before the run (a write of
 * nothing says it takes nothing) and stays a device. */
static void test_json_into_a_device_keeps_the_device(void **state)
{
	(void)state;
	write_file("small.ini", small);
	if (sh("rm -f full && mknod full c 1 7")) {
		test_skip_because("mknod needs root (CAP_MKNOD): %s", out);
	}
	assert_int_equal(sh("$M run small.ini --json full > /dev/null"), 2);
	assert_non_null(strstr(out, "run: --json full: cannot write: No space left on device"));
	assert_true(is_type("full", S_IFCHR));
	/* A private /dev/null: written to, still a device. */
	assert_int_equal(sh("rm -f null && mknod null c 1 3 && $M run small.ini --json null"), 0);
	assert_true(is_type("null", S_IFCHR));
}

/*
 * The writer under every output file: a write that fails while stdio's
 * buffer fills leaves only the stream's error flag, and the last flush
 * in fclose() may then succeed.  /dev/full is refused when it is opened
 * (ENOSPC); more than a buffer's worth (BUFSIZ is 8 KiB) to a regular
 * file past RLIMIT_FSIZE (a full disk as an unprivileged process can have
 * one: write() fails with EFBIG) it must fail too, leaving the old file
 * whole and no temporary file beside it.
 */
static void test_outfile_commit_reports_a_failed_write(void **state)
{
	char big[64 * 1024], path[512];
	struct outfile of;
	char *kept;
	pid_t child;
	int status;

	(void)state;
	memset(big, 'x', sizeof(big));
	/* /dev/full says so at once (a write of nothing fails). */
	assert_int_equal(outfile_open(&of, "/dev/full"), -1);
	assert_int_equal(errno, ENOSPC);
	assert_string_equal(outfile_error(&of), strerror(ENOSPC));

	snprintf(path, sizeof(path), "%s/limited.txt", dir);
	write_file("limited.txt", "old\n");
	child = fork();
	assert_true(child >= 0);
	if (!child) {
		struct rlimit rl = { 16 * 1024, 16 * 1024 };

		signal(SIGXFSZ, SIG_IGN);
		if (setrlimit(RLIMIT_FSIZE, &rl) || outfile_open(&of, path))
			_exit(10);
		fwrite(big, 1, sizeof(big), of.fp);
		fputs("tail\n", of.fp);
		if (outfile_commit(&of) != -1)
			_exit(11);
		_exit(errno == EFBIG ? 0 : 12);
	}
	assert_int_equal(waitpid(child, &status, 0), child);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	kept = read_file("limited.txt");
	assert_string_equal(kept, "old\n");
	free(kept);
	assert_int_equal(sh("ls | grep -c 'limited.txt.tmp'"), 1);
}

/*
 * Every writer of run refuses a full device before the run, with its
 * option, path and reason, and exit status 2: the JSON, both trace
 * formats, the kern.log, the samples, the latency log and a monitor's
 * log (a link to /dev/full).  A disk that fills during the run (a file
 * size limit of 0: RLIMIT_FSIZE, SIGXFSZ ignored, write() fails with
 * EFBIG) fails each of them at the end with exit status 1; the file it
 * would replace stays whole and no temporary file is left.
 */
static void test_every_run_writer_reports_a_full_disk(void **state)
{
	static const char *const opts[] = {
		"--json", "--trace", "--samples", "--latency-log",
	};
	/* A whole trace is 250 MB of text: one event is enough. */
	static const char *const extra[] = {
		"", "--events mm_vmscan_kswapd_wake", "", "",
	};
	char want[160];

	(void)state;
	write_file("pressure.ini", test_pressure_scenario);
	for (size_t i = 0; i < sizeof(opts) / sizeof(opts[0]); i++) {
		assert_int_equal(sh("$M run --time 30s %s %s /dev/full > /dev/null",
				    extra[i], opts[i]), 2);
		snprintf(want, sizeof(want), "mmsim: run: %s /dev/full: cannot write: "
			 "No space left on device\n", opts[i]);
		assert_string_equal(out, want);
		assert_int_equal(sh("(ulimit -f 0; trap '' XFSZ; $M run --time 30s "
				    "%s %s limited.out > /dev/null)", extra[i],
				    opts[i]), 1);
		snprintf(want, sizeof(want), "mmsim: run: %s limited.out: cannot "
			 "write: File too large\n", opts[i]);
		assert_string_equal(out, want);
	}
	assert_int_equal(sh("$M run --time 30s --trace /dev/full --trace-format dat > /dev/null"), 2);
	assert_string_equal(out, "mmsim: run: --trace /dev/full: cannot write: "
			    "No space left on device\n");
	assert_int_equal(sh("(ulimit -f 0; trap '' XFSZ; $M run --time 30s --events "
			    "mm_vmscan_kswapd_wake --trace limited.dat --trace-format dat "
			    "> /dev/null)"), 1);
	/* The limit is the process's: the writer's scratch file meets it
	 * first. */
	assert_string_equal(out, "mmsim: run: --trace limited.dat: cannot write: "
			    "its scratch file in /tmp: File too large\n");
	assert_int_equal(sh("$M run pressure.ini --kern-log /dev/full > /dev/null"), 2);
	assert_string_equal(out, "mmsim: run: --kern-log /dev/full: cannot write: "
			    "No space left on device\n");
	/* A run that prints something to kern.log (an empty log is
	 * never written to). */
	assert_int_equal(sh("for k in 2.6.32-rc6-0000000-force-highorder "
			    "2.6.30-0000000-force-highorder 2.6.31-0000000-force-highorder; do "
			    "$M run pressure.ini --kernel $k --kern-log full.log > /dev/null && "
			    "test -s full.log && break; done && test -s full.log && "
			    "(ulimit -f 0; trap '' XFSZ; $M run pressure.ini --kernel $k "
			    "--kern-log limited.log > /dev/null)"), 1);
	assert_string_equal(out, "mmsim: run: --kern-log limited.log: cannot write: "
			    "File too large\n");
	assert_int_equal(sh("rm -rf mon && mkdir mon && ln -s /dev/full mon/proc-vmstat-mmsim && "
			    "$M run --time 30s --monitor vmstat,meminfo --monitor-dir mon > /dev/null"), 2);
	assert_string_equal(out, "mmsim: run: --monitor: mon/proc-vmstat-mmsim: cannot write: "
			    "No space left on device\n");
	/* Refused before the run: no monitor was written. */
	assert_int_equal(sh("test ! -e mon/proc-meminfo-mmsim"), 0);
	/* A full disk: the old file stays, nothing is left beside it. */
	assert_int_equal(sh("echo old > r.json && (ulimit -f 16; trap '' XFSZ; "
			    "$M run --time 30s --json r.json > /dev/null)"), 1);
	assert_string_equal(out, "mmsim: run: --json r.json: cannot write: File too large\n");
	assert_int_equal(sh("cat r.json && ls | grep -c 'r.json.tmp'"), 1);
	assert_string_equal(out, "old\n0\n");
}

/* '-' and /dev/stdout are standard output: the trace pipes into report,
 * and the run's own report goes to stderr; two outputs on stdout are
 * refused. */
static void test_trace_to_stdout_pipes(void **state)
{
	(void)state;
	write_file("small.ini", small);
	assert_int_equal(sh("$M run small.ini --trace - 2> report.txt | $M report reclaim -"), 0);
	assert_non_null(strstr(out, "Summary"));
	assert_int_equal(sh("grep -c Elapsed report.txt"), 0);
	assert_int_equal(sh("$M run small.ini --trace /dev/stdout 2>/dev/null | head -1"), 0);
	assert_string_equal(out, "# tracer: nop\n");
	assert_int_equal(sh("$M run small.ini --json - --trace /dev/stdout"), 2);
	assert_non_null(strstr(out, "both write to standard output"));
}

/* A run with a replay task says what it replayed (test_ftrace.c has the
 * summary's every count): the trace, its events and span, what was
 * re-issued, in the run's own report and its JSON. */
static void test_replay_run_says_what_it_replayed(void **state)
{
	(void)state;
	write_file("small.ini", small);
	assert_int_equal(sh("$M run small.ini --events mm_page_alloc,mm_page_free_direct "
			    "--trace s.txt > /dev/null && printf '[machine]\\nmem = 128M\\n"
			    "[task r]\\nprogram = replay\\ntrace = s.txt\\n' > r.ini && "
			    "$M run r.ini --json r.json"), 0);
	assert_non_null(strstr(out, "\nreplay r: s.txt: "));
	assert_non_null(strstr(out, " s of trace, time_scale 1)\n  re-issued: "));
	assert_non_null(strstr(out, "\n  not re-issued: "));
	assert_int_equal(sh("grep -c '\"replay\":\"replay r: s.txt: ' r.json"), 0);
}

/*
 * "-" is standard input wherever a file is read (a scenario, a trace:
 * text or trace.dat) and standard output wherever one is written; an
 * empty path is refused as such, before anything runs (a run used to
 * simulate and then fail renaming its ".tmp.PID" to "").
 */
static void test_dash_and_empty_paths(void **state)
{
	(void)state;
	write_file("small.ini", small);
	assert_int_equal(sh("$M scenario --check - < small.ini"), 0);
	assert_int_equal(sh("$M run - < small.ini | head -1"), 0);
	assert_non_null(strstr(out, "Elapsed:00:02.000"));
	assert_int_equal(sh("$M run small.ini --trace sd.dat > /dev/null && "
			    "$M report pagealloc - < sd.dat > via-stdin.txt && "
			    "$M report pagealloc sd.dat | cmp - via-stdin.txt"), 0);
	assert_int_equal(sh("head -c 9000 sd.dat | $M report reclaim -"), 2);
	assert_non_null(strstr(out, "mmsim: <stdin>: cut short: "));
	assert_int_equal(sh("$M run small.ini --json '' "), 2);
	assert_string_equal(out, "mmsim: run: --json : cannot write: an empty path "
			    "(give a file, or - for standard output)\n");
	assert_int_equal(sh("$M run ''"), 2);
	assert_string_equal(out, "mmsim: an empty path (expected a scenario file, or - "
			    "for standard input)\n");
	assert_int_equal(sh("$M report reclaim ''"), 2);
	assert_string_equal(out, "mmsim: an empty path (expected a trace file, or - for "
			    "standard input)\n");
	assert_int_equal(sh("$M compare --scenario '' --kernels 2.6.30"), 2);
	assert_non_null(strstr(out, "an empty path"));
	assert_int_equal(sh("ls -a | grep -c '^\\.tmp\\.'"), 1);
}

/* An output that cannot be written is refused before the simulation. */
static void test_unwritable_output_refused_before_the_run(void **state)
{
	static const char *const opts[] = { "--json", "--trace", "--kern-log", "--samples" };

	(void)state;
	for (size_t i = 0; i < sizeof(opts) / sizeof(opts[0]); i++) {
		assert_int_equal(sh("$M run %s no/such/dir/x", opts[i]), 2);
		assert_non_null(strstr(out, "cannot write: No such file or directory"));
		assert_null(strstr(out, "Elapsed"));
		assert_null(strstr(out, "simulated"));
	}
	assert_int_equal(sh("$M run --json /dev/full/x"), 2);
	assert_non_null(strstr(out, "Not a directory"));
	/* A report folder and validate's file: refused before any run. */
	assert_int_equal(sh("$M compare --kernels 2.6.30 --seeds 1 --out /dev/full/r"), 2);
	assert_string_equal(out, "mmsim: /dev/full/r: cannot create: Not a directory\n");
	assert_int_equal(sh("$M validate --seeds 2 --out no/such/dir/v.md"), 2);
	assert_string_equal(out, "mmsim: validate: --out no/such/dir/v.md: cannot write: "
			    "No such file or directory\n");
}

/* Every command's standard output: a write error is reported with its
 * reason and makes the status non-zero. */
static void test_stdout_write_errors_are_reported(void **state)
{
	static const char *const cmds[] = {
		"run small.ini", "show zoneinfo", "profiles", "profiles 2.6.30",
		"scenario --dump", "scenario --keys", "report reclaim cw.trace",
		"compare --scenario small.ini --kernels 2.6.30 --seeds 1 --out c1 --no-render",
		"sweep --scenario small.ini --kernels 2.6.30 --seeds 1 --out c2 --no-render hog.size=64M",
		"merge m --out c3 --no-render", "validate --help", "help", "version",
	};

	(void)state;
	write_file("small.ini", small);
	assert_int_equal(sh("rm -rf c1 c2 c3 m && mkdir m && $M run small.ini --seed 7 "
			    "--json m/r.json >/dev/null && $M run small.ini --trace cw.trace >/dev/null"), 0);
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		int rc = sh("$M %s > /dev/full", cmds[i]);

		if (rc == 0 || !strstr(out, "cannot write standard output: No space left on device"))
			fail_msg("mmsim %s > /dev/full: status %d, '%s'", cmds[i], rc, out);
	}
	assert_int_equal(sh("$M"), 2);
	assert_non_null(strstr(out, "usage: mmsim COMMAND"));
}

/* ---- the report folder ------------------------------------------------ */

#define COMPARE "$M compare --scenario small.ini --seeds 1 --no-render "

/*
 * --force into a folder of an earlier report leaves this run's report
 * only: the earlier run's files are gone (its manifest named them), and
 * the new manifest names exactly what is there.
 */
static void test_force_leaves_a_clean_report(void **state)
{
	(void)state;
	write_file("small.ini", small);
	assert_int_equal(sh("rm -rf rep && " COMPARE "--kernels 2.6.30 --seed 3 --out rep > /dev/null"), 0);
	assert_int_equal(sh(COMPARE "--kernels 2.6.31 --seed 5 --out rep > /dev/null"), 2);
	assert_non_null(strstr(out, "rep: exists and is not empty"));
	assert_int_equal(sh(COMPARE "--kernels 2.6.31 --seed 5 --out rep --force > /dev/null"), 0);
	/* Nothing of the first run is left anywhere. */
	assert_int_equal(sh("find rep | grep -c 2.6.30"), 1);
	assert_int_equal(sh("find rep | grep -c seed3"), 1);
	assert_int_equal(sh("ls rep/runs | grep -v '^2.6.31-seed5'"), 1);
	assert_int_equal(sh("ls rep/runs | grep -c '^2.6.31-seed5'"), 0);
	assert_true(atoi(out) >= 2);
	/* The manifest lists every file, and only those. */
	assert_int_equal(sh("cd rep && find . -type f ! -name .mmsim-manifest | sed 's|^./||' | sort > ../found && "
			    "grep -v '^#' .mmsim-manifest | sort | diff - ../found"), 0);
	assert_int_equal(sh("test -e rep/.mmsim-lock"), 1);
}

/* --force refuses, and removes nothing, when the folder holds a file
 * mmsim did not write, or has no manifest at all. */
static void test_force_refuses_files_mmsim_did_not_write(void **state)
{
	(void)state;
	write_file("small.ini", small);
	assert_int_equal(sh("rm -rf rep && " COMPARE "--kernels 2.6.30 --out rep > /dev/null"), 0);
	assert_int_equal(sh("echo mine > rep/notes.txt && mkdir rep/runs/mine && "
			    "echo mine > rep/runs/mine/data"), 0);
	assert_int_equal(sh(COMPARE "--kernels 2.6.31 --out rep --force"), 2);
	assert_non_null(strstr(out, "is not a file mmsim wrote there (2 such entries"));
	assert_int_equal(sh("test -f rep/notes.txt && test -f rep/runs/mine/data && "
			    "test -f rep/summary.json && test -f rep/runs/2.6.30-seed1.csv"), 0);
	/* A folder mmsim never wrote. */
	assert_int_equal(sh("rm -rf own && mkdir own && echo mine > own/a.txt"), 0);
	assert_int_equal(sh(COMPARE "--kernels 2.6.31 --out own --force"), 2);
	assert_non_null(strstr(out, "not a folder mmsim wrote"));
	assert_int_equal(sh("ls own"), 0);
	assert_string_equal(out, "a.txt\n");
}

/* One folder, one command: a live lock refuses the second, a stale one
 * (its process gone) is taken over. */
static void test_one_command_per_folder(void **state)
{
	char host[256] = "";
	pid_t child;
	int status;

	(void)state;
	write_file("small.ini", small);
	gethostname(host, sizeof(host) - 1);
	assert_int_equal(sh("rm -rf rep && mkdir rep && echo '%ld %s' > rep/.mmsim-lock",
			    (long)getpid(), host), 0);
	assert_int_equal(sh(COMPARE "--kernels 2.6.30 --out rep"), 2);
	assert_non_null(strstr(out, "in use by another mmsim"));
	assert_int_equal(sh("ls rep/runs 2>/dev/null | wc -l"), 0);
	assert_string_equal(out, "0\n");
	/* A process that is gone. */
	child = fork();
	assert_true(child >= 0);
	if (!child)
		_exit(0);
	assert_int_equal(waitpid(child, &status, 0), child);
	assert_int_equal(sh("echo '%ld %s' > rep/.mmsim-lock", (long)child, host), 0);
	assert_int_equal(sh(COMPARE "--kernels 2.6.30 --out rep > /dev/null"), 0);
	assert_int_equal(sh("test -f rep/summary.json && test ! -e rep/.mmsim-lock"), 0);
	/* Two at once: the second is refused while the first runs. */
	/* (COMPARE has --seeds 1: an option is given once.) */
	assert_int_equal(sh("rm -rf two && { $M compare --scenario small.ini --no-render "
			    "--kernels 2.6.30,2.6.31 --seeds 3 "
			    "--out two -j 1 > /dev/null 2>&1 & } && "
			    "for i in $(seq 3000); do [ -e two/.mmsim-lock ] && break; sleep 0.01; done && "
			    COMPARE "--kernels 2.6.30 --out two --force; rc=$?; wait; exit $rc"), 2);
	assert_non_null(strstr(out, "in use by another mmsim"));
	/* The first one's six runs, nothing of the second. */
	assert_int_equal(sh("ls two/runs | grep -c 'seed[0-9]*-latency.csv$'"), 0);
	assert_string_equal(out, "6\n");
}

/*
 * A full disk during compare: every file that could not be written is
 * named, gnuplot's empty and cut-off images included, and the status is
 * 1.  A 200 KiB tmpfs in a private mount namespace (unshare -m; needs
 * root) holds the data files but not all the images.
 */
static void test_full_disk_names_every_file(void **state)
{
	int rc;

	(void)state;
	write_file("small.ini", small);
	if (!test_have_tool("gnuplot"))
		test_skip_because("gnuplot is not installed");
	if (sh("mkdir -p mnt && unshare -m sh -c 'mount -t tmpfs -o size=200k tmpfs mnt'")) {
		test_skip_because("cannot mount a tmpfs (unshare -m needs root): %s", out);
	}
	rc = sh("unshare -m sh -c 'mount -t tmpfs -o size=200k tmpfs mnt && "
		"$M compare --scenario small.ini --seeds 1 --kernels 2.6.30,2.6.31 "
		"--out mnt/rep > /dev/null; echo status $?; "
		"for f in mnt/rep/plots/*.png; do [ -e $f ] || continue; tail -c 8 $f | od -An -c | "
		"grep -q \"I   E   N   D\" || echo \"$f: no IEND\"; done; "
		"find mnt/rep/plots -empty | sed \"s/^/EMPTYFILE /\"; "
		"tail -c 8 mnt/rep/index.html | grep -q \"</html>\" && echo HTML_WHOLE'");
	assert_int_equal(rc, 0);
	assert_non_null(strstr(out, "status 1\n"));
	/*
	 * The disk filled in the middle of some image: which one depends on
	 * how many plots the report has, so any image may be the one cut off
	 * or left empty, but one must be, be named as such, and be removed:
	 * every image left is whole (a PNG ends with its IEND chunk).
	 */
	assert_non_null(strstr(out, ": gnuplot could not write it (No space left on device); removed"));
	assert_null(strstr(out, ": no IEND"));
	assert_null(strstr(out, "EMPTYFILE "));
	/* The page is written whole once the cut images are gone, or named. */
	assert_true(strstr(out, "index.html: cannot write: No space left on device") ||
		    strstr(out, "HTML_WHOLE"));
}

/* ---- interrupted compares ------------------------------------------ */

#define SMALL_COMPARE "$M compare --kernels 2.6.30,2.6.31 --seeds 2 --time 30s --no-render "
/* The report of @a and @b agree byte for byte but for the wall clock
 * (summary.json's wall_clock, each run's wall_seconds) and the command
 * line kept in experiment.json. */
#define SAME_REPORT(a, b)						\
	"diff -r -x summary.json -x json -x experiment.json -x .mmsim-manifest " \
	a " " b " && diff " a ".out " b ".out && "			\
	"sed '/\"wall_clock\"/,$d' " a "/summary.json > a.sum && "	\
	"sed '/\"wall_clock\"/,$d' " b "/summary.json > b.sum && cmp a.sum b.sum"

/* The mmsim processes whose command line names @out (not the shell's). */
#define NO_WORKERS(out) \
	"ps -eo comm=,args= | awk '$1 == \"mmsim\" && / --out " out " /' | grep -c ."

/*
 * Ctrl-C during a 2-kernel compare: the workers stop, the finished runs
 * stay in DIR/json with a manifest, the status is the signal's; a re-run
 * is refused and --resume finishes only the missing runs, with the
 * report an uninterrupted compare writes.  SIGTERM to mmsim alone stops
 * its workers too, and a full disk (RLIMIT_FSIZE) leaves a folder
 * --resume finishes.
 */
static void test_interrupted_compare_resumes(void **state)
{
	int kept;

	(void)state;
	assert_int_equal(sh("rm -rf full fullm part term disk && "
			    SMALL_COMPARE "-j 1 --out full > full.out 2>/dev/null"), 0);
	/* SIGINT once the first run is in. */
	assert_int_equal(sh("{ " SMALL_COMPARE "-j 1 --out part > part.out 2> part.err & } ; "
			    "pid=$!; for i in $(seq 3000); do [ -e part/json/2.6.30-seed1.json ] && break; sleep 0.02; done; "
			    "kill -INT $pid; wait $pid; echo status $?; " NO_WORKERS("part")), 1);
	assert_non_null(strstr(out, "status 130\n0\n"));
	assert_int_equal(sh("cat part.err"), 0);
	assert_int_equal(sscanf(strstr(out, "interrupted (Interrupt): ") ?
				strstr(out, "interrupted (Interrupt): ") : "", "interrupted "
				"(Interrupt): %d of 4 runs kept in part/json", &kept), 1);
	assert_true(kept >= 1 && kept < 4);
	assert_non_null(strstr(out, "to finish the others: mmsim compare --kernels 2.6.30,2.6.31 "
			       "--seeds 2 --time 30s --no-render -j 1 --out part --resume\n"));
	assert_int_equal(sh("test ! -e part/.mmsim-lock && grep -c '^json/' part/.mmsim-manifest"), 0);
	assert_int_equal(sh(SMALL_COMPARE "-j 1 --out part"), 2);
	assert_non_null(strstr(out, "--resume finishes an interrupted compare"));
	/* Another experiment is refused, naming the command to finish. */
	assert_int_equal(sh(SMALL_COMPARE "-j 1 --seed 5 --out part --resume"), 2);
	assert_non_null(strstr(out, "part holds another experiment: its base_seed is 1, this "
			       "command's 5"));
	assert_int_equal(sh(SMALL_COMPARE "-j 1 --out part --resume > part.out 2> part.err; "
			    "echo status $?; cat part.err"), 0);
	assert_non_null(strstr(out, "status 0\n"));
	assert_non_null(strstr(out, "runs kept in part/json; running the other"));
	assert_int_equal(sh(SAME_REPORT("full", "part")), 0);

	/*
	 * Once the report is written the kept results are gzipped, and are
	 * still what --resume and merge read: a resume of the finished
	 * folder runs nothing and prints the same, a merge of it has the
	 * same runs.
	 */
	assert_int_equal(sh("ls full/json | tr '\\n' ' '"), 0);
	assert_string_equal(out, "2.6.30-seed1.json.gz 2.6.30-seed2.json.gz "
			    "2.6.31-seed1.json.gz 2.6.31-seed2.json.gz ");
	assert_int_equal(sh("grep -c '^json/.*[.]json[.]gz$' full/.mmsim-manifest"), 0);
	assert_non_null(strstr(out, "4\n"));
	assert_int_equal(sh("zcat full/json/2.6.30-seed1.json.gz | head -c 10"), 0);
	assert_non_null(strstr(out, "{\""));
	assert_int_equal(sh("$M merge full --out fullm --no-render > /dev/null 2>&1 && "
			    "sed -n '/^ \"runs\": \\[$/,/^ \"wall_clock\"/p' full/summary.json > a.runs && "
			    "sed -n '/^ \"runs\": \\[$/,/^ \"wall_clock\"/p' fullm/summary.json > b.runs && "
			    "test -s a.runs && cmp a.runs b.runs"), 0);
	assert_int_equal(sh(SMALL_COMPARE "-j 1 --out full --resume 2>&1 > full2.out && "
			    "cmp full.out full2.out"), 0);
	assert_non_null(strstr(out, "4 of 4 runs kept in full/json; running the other 0\n"));

	/* SIGTERM to mmsim alone: its two workers go with it. */
	assert_int_equal(sh("{ " SMALL_COMPARE "-j 2 --out term > term.out 2> term.err & } ; "
			    "pid=$!; for i in $(seq 3000); do [ -e term/json ] && break; sleep 0.02; done; sleep 0.3; "
			    "kill -TERM $pid; wait $pid; echo status $?; sleep 0.2; "
			    NO_WORKERS("term")), 1);
	assert_non_null(strstr(out, "status 143\n0\n"));
	assert_int_equal(sh(SMALL_COMPARE "-j 2 --out term --resume > term.out 2>/dev/null"), 0);
	assert_int_equal(sh(SAME_REPORT("full", "term")), 0);

	/* A full disk: the results cannot be kept, nor the report written;
	 * the folder is mmsim's, and --resume (the disk freed) finishes it. */
	assert_int_equal(sh("(ulimit -f 24; trap '' XFSZ; " SMALL_COMPARE "-j 2 --out disk "
			    "> disk.out 2> disk.err); echo status $?; "
			    "grep -c 'disk/json/2.6.30-seed1.json: cannot write: File too large' disk.err"), 0);
	assert_string_equal(out, "status 1\n1\n");
	assert_int_equal(sh(SMALL_COMPARE "-j 2 --out disk --resume > disk.out 2> disk.err; "
			    "echo status $?; cat disk.err"), 0);
	assert_non_null(strstr(out, "status 0\nmmsim: compare: 0 of 4 runs kept in disk/json; "
			       "running the other 4\n"));
	assert_int_equal(sh(SAME_REPORT("full", "disk")), 0);
}

/*
 * calibrate and validate keep each run as it ends (DIR/runs/, FILE.runs/):
 * a calibrate stopped by SIGINT writes no record and says so, and
 * --resume replays the search from the kept runs and runs only the rest,
 * to the uninterrupted record (but for the command line it quotes).
 * Runs of 20 s: the per-tag scheduler lets gitk's first 10 s pass
 * without any direct reclaim (allocstall 0), some 600 by 20 s.
 */
static void test_interrupted_calibrate_resumes(void **state)
{
#define CALIBRATE "$M calibrate --scenario cal.ini --target allocstall=1000 " \
	"--fit vm.min_free_kbytes=2000..8000 --seeds 2 --max-evals 12 -j 2 "

	(void)state;
	assert_int_equal(sh("$M scenario --dump | sed 's/^max_time = .*/max_time = 20s/' > cal.ini && "
			    "rm -rf cfull cpart && " CALIBRATE "--out cfull > cfull.out 2>/dev/null"), 0);
	assert_int_equal(sh("test ! -e cfull/runs"), 0);
	assert_int_equal(sh("{ " CALIBRATE "--out cpart > cpart.out 2> cpart.err & } ; pid=$!; "
			    "for i in $(seq 3000); do [ \"$(ls cpart/runs 2>/dev/null | grep -c 'run$')\" -ge 6 ] "
			    "&& break; sleep 0.02; done; kill -INT $pid; wait $pid; echo status $?; "
			    "sleep 0.2; " NO_WORKERS("cpart") "; ls cpart; tail -1 cpart.err"), 0);
	assert_non_null(strstr(out, "status 130\n0\nruns\n"));
	assert_non_null(strstr(out, "interrupted (Interrupt) after "));
	assert_non_null(strstr(out, "the runs are kept in cpart/runs: the same command with "
			       "--resume finishes it\n"));
	assert_int_equal(sh(CALIBRATE "--out cpart"), 2);
	assert_non_null(strstr(out, "--resume finishes an interrupted calibrate"));
	assert_int_equal(sh(CALIBRATE "--out cpart --resume > cpart.out 2>/dev/null"), 0);
	assert_int_equal(sh("cmp cfull.out cpart.out && test ! -e cpart/runs && "
			    "sed 's/cfull/cpart/' cfull/calibration.md | cmp - cpart/calibration.md && "
			    "sed 's/cfull/cpart/' cfull/calibration.json | cmp - cpart/calibration.json && "
			    "sed 's/cfull/cpart/' cfull/fitted.ini | cmp - cpart/fitted.ini"), 0);
#undef CALIBRATE
}

/*
 * bisect keeps each run's value as it ends (DIR/runs/): stopped by SIGINT
 * after a few runs it writes no report, leaves no worker and says how to
 * finish; the same command is refused, and with --resume it runs only
 * the rest, deciding every round as before, to the report an
 * uninterrupted bisect writes: stdout, bisect.txt and index.html the same
 * but for the wall-clock line, bisect.json the same byte for byte.  P3's
 * two switches, 4 seeds, without screening (the two are one group; the
 * rounds screening adds are replayed from kept runs in test_bisect's
 * --emit-jobs test): 8 runs of A and B, 8 single flips at 2 seeds, 8
 * more at the other 2 (24 runs; the interrupt comes after 3).
 */
static void test_interrupted_bisect_resumes(void **state)
{
#define BISECT "$M bisect 2.6.32-rc6+1+2 2.6.32-rc6+1+2+3 --scenario pressure.ini " \
	"--seeds 4 --measure cw-time --no-screen -j 2 "

	(void)state;
	write_file("pressure.ini", test_pressure_scenario);
	assert_int_equal(sh("rm -rf bfull bpart && " BISECT "--out bfull > bfull.out 2>/dev/null && "
			    "test ! -e bfull/runs && grep -c '^24 runs in ' bfull.out"), 0);
	assert_int_equal(sh("{ " BISECT "--out bpart > bpart.out 2> bpart.err & } ; pid=$!; "
			    "for i in $(seq 3000); do [ \"$(ls bpart/runs 2>/dev/null | grep -c 'run$')\" -ge 3 ] "
			    "&& break; sleep 0.02; done; kill -INT $pid; wait $pid; echo status $?; "
			    "sleep 0.2; " NO_WORKERS("bpart") "; ls bpart; wc -c < bpart.out; tail -1 bpart.err"), 0);
	assert_non_null(strstr(out, "status 130\n0\nruns\n0\n"));
	assert_non_null(strstr(out, "mmsim: bisect: interrupted (Interrupt); the finished runs are "
			       "kept in bpart/runs: the same command with --resume finishes it\n"));
	assert_int_equal(sh(BISECT "--out bpart"), 2);
	assert_non_null(strstr(out, "--resume finishes an interrupted compare, sweep or bisect"));
	assert_int_equal(sh(BISECT "--out bpart --resume --force"), 2);
	assert_non_null(strstr(out, "not with --force"));
	assert_int_equal(sh(BISECT "--out bpart --resume > bpart.out 2> bpart.err"), 0);
	assert_int_equal(sh("grep -c 'runs were kept in bpart/runs' bpart.err"), 0);
	assert_int_equal(sh("test ! -e bpart/runs && cmp bfull/bisect.json bpart/bisect.json"), 0);
	/* The others differ in the wall-clock line at most. */
	assert_int_equal(sh("for f in bisect.out bisect/bisect.txt bisect/index.html; do "
			    "a=$(echo $f | sed 's/bisect/bfull/'); b=$(echo $f | sed 's/bisect/bpart/'); "
			    "diff $a $b | grep '^[<>]' | grep -v ' runs in [0-9.]* s; '; "
			    "done | grep -c ."), 1);
	assert_string_equal(out, "0\n");
	assert_int_equal(sh("grep -c ' runs in [0-9.]* s; ' bfull.out bpart/bisect.txt bpart/index.html"), 0);
	assert_string_equal(out, "bfull.out:1\nbpart/bisect.txt:1\nbpart/index.html:1\n");
#undef BISECT
}

/*
 * index.html flags columns whose runs are bit-identical, made here by
 * filing one run's result under two kernels (merge takes them as two
 * columns): the pressure scenario's 2.6.30-0000000-force-highorder run,
 * whose kern.log quotes the kernel's name in every "Not tainted" line,
 * renamed 2.6.31 wherever the name stands whole, as a 2.6.31 run that
 * did the same would have printed it.  The 2.6.32-rc6 run is not
 * flagged.  Measures 0 in every column
 * are left out of the summary and of the comparison chart, saying which:
 * there is no gitk in the scenario, so the whole "where gitk's time went"
 * group is 0 and has no table.
 */
static void test_report_flags_identical_columns(void **state)
{
	(void)state;
	write_file("pressure.ini", test_pressure_scenario);
	assert_int_equal(sh("rm -rf same samer && mkdir same && "
			    "$M run pressure.ini --kernel 2.6.30-0000000-force-highorder "
			    "--json same/a.json > /dev/null && "
			    "sed -E 's/(^|[^-._0-9A-Za-z])2[.]6[.]30-0000000-force-highorder"
			    "([^-._0-9A-Za-z]|$)/\\12.6.31\\2/g' same/a.json > same/b.json && "
			    "$M run pressure.ini --kernel 2.6.32-rc6 --json same/c.json > /dev/null && "
			    "$M merge same --out samer --no-render > /dev/null"), 0);
	/* The renaming reached kern.log: the test tests the name's removal. */
	assert_int_equal(sh("grep -c 'Not tainted 2.6.31 ' same/b.json"), 0);
	assert_int_equal(sh("grep -o '<p class=\"note\" id=\"identical\">[^<]*' samer/index.html"), 0);
	assert_string_equal(out, "<p class=\"note\" id=\"identical\">Bit-identical runs: 2.6.31 "
			    "gave the runs of 2.6.30-0000000-force-highorder (every run the same, seed for seed: what "
			    "differs between them does nothing in this scenario).\n");
	/* Greyed in every summary table's heading, with whose runs. */
	assert_int_equal(sh("grep -c 'class=\"same\" title=\"runs bit-identical to "
			    "2.6.30-0000000-force-highorder\"' "
			    "samer/index.html"), 0);
	assert_int_equal(sh("grep -c 'bit-identical to 2.6.31' samer/index.html"), 1);
	assert_int_equal(sh("grep -o 'id=\"group-where-gitk-s-time-went-zero\">[^<]*' "
			    "samer/index.html"), 0);
	assert_non_null(strstr(out, ">where gitk's time went: 0 (or no value) in every column, left "
			       "out here and in the comparison chart: gitk on a CPU (s per process), "));
	assert_int_equal(sh("grep -c 'id=\"group-where-gitk-s-time-went\"' samer/index.html"), 1);
	/* Nor in the chart: no panel titled with it; a measure that is
	 * not 0 has its panel. */
	assert_int_equal(sh("grep -c 'gitk on a CPU' samer/plots/comparison.gp"), 1);
	assert_int_equal(sh("grep -c 'allocstall' samer/plots/comparison.gp"), 0);
}

/* ---- merge and seeds ------------------------------------------------ */

#define EMIT "$M compare --scenario small.ini --emit-jobs --mmsim \"$M\" "

/* A result filed under another job is refused, naming both: a 2.6.31
 * result copied over a 2.6.30 job's file, another scenario's result, the
 * result of another mmsim. */
static void test_merge_checks_each_result_against_its_job(void **state)
{
	(void)state;
	write_file("small.ini", small);
	assert_int_equal(sh("rm -rf jj && " EMIT "--kernels 2.6.30,2.6.31 --seeds 2 "
			    "--out jj > jobs.txt && sh jobs.txt > /dev/null 2>&1"), 0);
	assert_int_equal(sh("$M merge jj --out m1 --no-render > /dev/null"), 0);
	assert_int_equal(sh("cp jj/json/2.6.30-seed1.json keep.json && "
			    "cp jj/json/2.6.31-seed1.json jj/json/2.6.30-seed1.json && "
			    "$M merge jj --out m2 --no-render"), 2);
	assert_non_null(strstr(out, "jj/json/2.6.30-seed1.json: a run of 2.6.31 seed 1, "
			       "filed under the job of 2.6.30 seed 1"));
	assert_int_equal(sh("test -e m2/summary.json"), 1);
	/* Same kernel and seed, another scenario text. */
	assert_int_equal(sh("sed 's/size = 96M/size = 80M/' small.ini > other.ini && "
			    "$M run other.ini --kernel 2.6.30 --seed 1 --json jj/json/2.6.30-seed1.json "
			    "> /dev/null && $M merge jj --out m3 --no-render"), 2);
	assert_non_null(strstr(out, "a run of another scenario (fingerprint fnv1a64:"));
	assert_non_null(strstr(out, "whose scenario scenarios/scenario.ini has fingerprint fnv1a64:"));
	/* Another mmsim's result. */
	assert_int_equal(sh("sed 's/\"mmsim_version\":\"[^\"]*\"/\"mmsim_version\":\"0.0.9\"/' "
			    "keep.json > jj/json/2.6.30-seed1.json && $M merge jj --out m4 --no-render"), 2);
	assert_non_null(strstr(out, "written by mmsim 0.0.9, but the jobs of jj/experiment.json by mmsim"));
	/* Without a manifest: one scenario name, two texts. */
	assert_int_equal(sh("rm -rf loose && mkdir loose && "
			    "$M run small.ini --seed 1 --json loose/a.json > /dev/null && "
			    "cp other.ini small2.ini && cp small.ini keep.ini && cp other.ini small.ini && "
			    "$M run small.ini --seed 2 --json loose/b.json > /dev/null; "
			    "cp keep.ini small.ini && $M merge loose --out m5 --no-render"), 2);
	assert_non_null(strstr(out, "runs of scenario small.ini, but of different texts"));
}

/* Seeds are 0 .. 2^63 - 1 for run, compare, merge and the JSON: compare
 * refuses seeds past it; at its edge the emitted jobs run and merge
 * reports the seeds as given. */
static void test_seeds_near_the_top(void **state)
{
	(void)state;
	write_file("small.ini", small);
	assert_int_equal(sh("$M compare --seed 9223372036854775807 --seeds 2 --emit-jobs --out big1"), 2);
	assert_non_null(strstr(out, "seeds 9223372036854775807 to 9223372036854775808: past "
			       "the largest seed, 9223372036854775807"));
	assert_int_equal(sh("$M run --seed 9223372036854775808"), 2);
	assert_int_equal(sh("rm -rf big && " EMIT "--kernels 2.6.30 --seed 9223372036854775806 "
			    "--seeds 2 --out big > jobs.txt && sh jobs.txt"), 0);
	assert_int_equal(sh("$M merge big --out bigr --no-render > /dev/null 2>&1 && "
			    "grep -c '\"seed\": 922337203685477580[67],' bigr/summary.json"), 0);
	assert_string_equal(out, "2\n");
	assert_int_equal(sh("grep -c '\"base\": 9223372036854775806' bigr/summary.json"), 0);
}

/* ---- report on bad traces ------------------------------------------ */

/* Binary input is described in one line, its bytes never printed. */
static void test_report_describes_binary_input(void **state)
{
	static const char *const makers[] = {
		"head -c 4096 /dev/urandom > bin.trace",
		"head -c 4096 /dev/urandom | tr -d '\\000' > bin.trace",
		"printf 'ab\\000cd\\n' > bin.trace",
		"printf 'gitk-7 [000] 1.0: x\\033[2J\\n' > bin.trace",
		/* High bytes only, no control character: not UTF-8. */
		"printf '\\377\\376 gitk \\310\\n' > bin.trace",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(makers) / sizeof(makers[0]); i++) {
		assert_int_equal(sh("%s", makers[i]), 0);
		assert_int_equal(sh("$M report reclaim bin.trace"), 2);
		assert_string_equal(out, "mmsim: bin.trace: binary data, not ftrace "
				    "text or trace.dat\n");
	}
	/* A trace.dat's magic is another message; any other file is binary. */
	assert_int_equal(sh("for i in $(seq 200); do head -c 512 /dev/urandom > r.bin; "
			    "[ \"$(head -c 1 r.bin | od -An -tx1)\" = ' 17' ] && continue; "
			    "$M report reclaim r.bin 2>&1 | grep -qx 'mmsim: r.bin: binary data, "
			    "not ftrace text or trace.dat' || { od -c r.bin | head -3; exit 1; }; "
			    "done"), 0);
}

/* A last line without its newline (trace_pipe cut mid-line) is a warning:
 * the report of the lines before it, status 0. */
static void test_report_warns_of_a_cut_last_line(void **state)
{
	(void)state;
	write_file("small.ini", small);
	assert_int_equal(sh("$M run small.ini --trace whole.trace > /dev/null && "
			    "head -c -20 whole.trace > cut.trace"), 0);
	assert_int_equal(sh("$M report reclaim cut.trace"), 0);
	assert_non_null(strstr(out, "Summary"));
	assert_non_null(strstr(out, "mmsim: warning: cut.trace:"));
	assert_non_null(strstr(out, ": the last line has no newline (a capture cut "
			       "mid-line?); passed over: '"));
}

/* Time going backwards is an error at its line, not an 18446744053 s
 * latency. */
static void test_report_says_where_time_goes_backwards(void **state)
{
	(void)state;
	write_file("back.trace", "# tracer: nop\n"
		   "  kswapd0-6 [001] 5.000000: mm_vmscan_kswapd_wake: nid=0 order=0\n"
		   "  gitk-7 [000] 30.718000: mm_vmscan_direct_reclaim_begin: order=0 "
		   "may_writepage=1 gfp_flags=GFP_HIGHUSER_MOVABLE\n"
		   "  gitk-7 [000] 12.000000: mm_vmscan_direct_reclaim_end: nr_reclaimed=64\n");
	assert_int_equal(sh("$M report reclaim back.trace"), 2);
	assert_string_equal(out, "mmsim: back.trace:4: mm_vmscan_direct_reclaim_end at "
			    "12.000000 is before its begin at 30.718000 (line 3) for "
			    "gitk-7: the trace's time goes backwards\n");
	write_file("back2.trace",
		   "  kswapd0-6 [001] 5.000000: mm_vmscan_kswapd_wake: nid=0 order=0\n"
		   "  kswapd0-6 [001] 4.000000: mm_vmscan_kswapd_sleep: nid=0\n");
	assert_int_equal(sh("$M report reclaim back2.trace"), 2);
	assert_non_null(strstr(out, "back2.trace:2: mm_vmscan_kswapd_sleep at 4.000000 "
			       "is before its begin at 5.000000 (line 1)"));
}

/* ---- the group ------------------------------------------------------- */

static int setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
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
		cmocka_unit_test(test_full_timeouts_of_run_and_report_agree),
		cmocka_unit_test(test_swap_cache_stats_count),
		cmocka_unit_test(test_oom_kill_prints_the_whole_sequence_once),
		cmocka_unit_test(test_oom_dump_tasks),
		cmocka_unit_test(test_json_through_a_symlink_keeps_the_link),
		cmocka_unit_test(test_trace_into_a_fifo_reaches_its_reader),
		cmocka_unit_test(test_json_into_a_device_keeps_the_device),
		cmocka_unit_test(test_outfile_commit_reports_a_failed_write),
		cmocka_unit_test(test_every_run_writer_reports_a_full_disk),
		cmocka_unit_test(test_trace_to_stdout_pipes),
		cmocka_unit_test(test_replay_run_says_what_it_replayed),
		cmocka_unit_test(test_dash_and_empty_paths),
		cmocka_unit_test(test_unwritable_output_refused_before_the_run),
		cmocka_unit_test(test_stdout_write_errors_are_reported),
		cmocka_unit_test(test_force_leaves_a_clean_report),
		cmocka_unit_test(test_force_refuses_files_mmsim_did_not_write),
		cmocka_unit_test(test_one_command_per_folder),
		cmocka_unit_test(test_full_disk_names_every_file),
		cmocka_unit_test(test_interrupted_compare_resumes),
		cmocka_unit_test(test_interrupted_calibrate_resumes),
		cmocka_unit_test(test_interrupted_bisect_resumes),
		cmocka_unit_test(test_report_flags_identical_columns),
		cmocka_unit_test(test_merge_checks_each_result_against_its_job),
		cmocka_unit_test(test_seeds_near_the_top),
		cmocka_unit_test(test_report_describes_binary_input),
		cmocka_unit_test(test_report_warns_of_a_cut_last_line),
		cmocka_unit_test(test_report_says_where_time_goes_backwards),
	};

	(void)argc;
	test_cli_init(argv[0]);
	return cmocka_run_group_tests_name("outputs", tests, setup, teardown);
}
