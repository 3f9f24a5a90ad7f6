// SPDX-License-Identifier: GPL-2.0
/* mmsim run [SCENARIO] [--kernel PROFILE] [--seed N] [...]: one run. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include "commands.h"
#include "options.h"
#include "experiment/run.h"
#include "experiment/scenario_load.h"
#include "experiment/monitor.h"
#include "mmsim/profile.h"
#include "linux/swap.h"
#include "scenario/units.h"
#include "report/procfs.h"
#include "report/blktrace.h"
#include "report/ftrace.h"
#include "experiment/trace_sink.h"
#include "scenario/suggest.h"
#include "metrics/events.h"
#include "report/outfile.h"
#include "report/series.h"
#include "report/run_report.h"
#include "workload/workload.h"

enum {
	OPT_KERNEL, OPT_SWITCH, OPT_ARCH, OPT_SEED, OPT_TIME, OPT_VMSTAT,
	OPT_SLABINFO, OPT_MEMINFO, OPT_MONITOR, OPT_MONITOR_INTERVAL,
	OPT_MONITOR_DIR, OPT_KERN_LOG, OPT_EXPLAIN, OPT_SAMPLES, OPT_JSON,
	OPT_LATENCY_LOG, OPT_TRACE, OPT_TRACE_FORMAT, OPT_EVENTS, OPT_BLKTRACE,
	OPT_CHECK, OPT_CHECK_INTERVAL, OPT_HUNG_TASK_TIMEOUT, OPT_HELP, NR_OPTS
};

static const struct cli_opt run_opts[] = {
	[OPT_KERNEL] = { .name = "kernel", .metavar = "PROFILE",
		.help = "kernel profile (see 'mmsim profiles'); default: the "
			"scenario's" },
	[OPT_SWITCH] = { .name = "switch", .flags = CLI_REPEATABLE,
		.metavar = "NAME=VALUE",
		.help = "set one profile switch by hand on that profile "
			"(cw_alloc=BOTH; repeatable; after the scenario's [kernel] "
			"switches; 'mmsim profiles NAME' lists them)" },
	[OPT_ARCH] = { .name = "arch", .metavar = "x86|x86_64",
		.help = "with no SCENARIO: which embedded default (default x86_64)" },
	[OPT_SEED] = { .name = "seed", .metavar = "N",
		.help = "random seed (default: the scenario's)" },
	[OPT_TIME] = { .name = "time", .metavar = "TIME",
		.help = "stop after TIME (60s, 10m) of simulated time at the "
			"latest, 1ms to 8760h as [run] max_time (default: the "
			"scenario's max_time)" },
	[OPT_VMSTAT] = { .name = "vmstat",
		.help = "print /proc/vmstat at the end" },
	[OPT_SLABINFO] = { .name = "slabinfo",
		.help = "print /proc/slabinfo at the end" },
	[OPT_MEMINFO] = { .name = "meminfo",
		.help = "print /proc/meminfo at the end (docs/proc.md)" },
	[OPT_MONITOR] = { .name = "monitor", .metavar = "LIST",
		.help = "snapshots of /proc files during the run, as MMTests' "
			"monitors write them: vmstat, buddyinfo, zoneinfo, "
			"meminfo, pagetypeinfo, slabinfo (docs/monitors.md)" },
	[OPT_MONITOR_INTERVAL] = { .name = "monitor-interval", .metavar = "TIME",
		.help = "between snapshots, 1ms to 1h (default 10s)" },
	[OPT_MONITOR_DIR] = { .name = "monitor-dir", .metavar = "DIR",
		.help = "where the monitor logs go (default: .)" },
	[OPT_KERN_LOG] = { .name = "kern-log", .metavar = "FILE",
		.help = "write the kern.log: allocation failure reports, hung "
			"tasks and OOM kills (kernel text)" },
	[OPT_EXPLAIN] = { .name = "explain",
		.help = "say why each allocation failed: the watermark test and "
			"numbers per zone, kswapd's state, reclaim, the profile "
			"switches; then a tally by reason (docs/alloc-path.md)" },
	[OPT_SAMPLES] = { .name = "samples", .metavar = "FILE",
		.help = "write the time series as CSV" },
	[OPT_JSON] = { .name = "json", .metavar = "FILE",
		.help = "write the whole result as JSON (for 'mmsim merge')" },
	[OPT_LATENCY_LOG] = { .name = "latency-log", .metavar = "FILE",
		.help = "write gitk's progress lines as MMTests' latency-output "
			"prints them (docs/monitors.md)" },
	[OPT_TRACE] = { .name = "trace", .metavar = "FILE",
		.help = "write the trace events: ftrace text, or trace-cmd's "
			"binary trace.dat when FILE ends in .dat (docs/trace.md)" },
	[OPT_TRACE_FORMAT] = { .name = "trace-format", .metavar = "text|dat",
		.help = "with --trace: the format, whatever FILE's name" },
	[OPT_EVENTS] = { .name = "events", .metavar = "LIST",
		.help = "with --trace: system:event globs, comma-separated" },
	[OPT_BLKTRACE] = { .name = "blktrace", .metavar = "DIR",
		.help = "write the block layer's trace as blktrace does, in "
			"blkparse's binary format: DIR/DEV.blktrace.0 for the disk "
			"(sda) and each dm device (dm-0 ...), every CPU's records "
			"in one file in the order they happened; read with "
			"'blkparse -D DIR -i sda' and btt (docs/trace.md, "
			"blktrace).  DIR is created if missing" },
	[OPT_CHECK] = { .name = "check",
		.help = "check kernel invariants after every reclaim pass and "
			"every sample (docs/model.md, Invariants); a violation "
			"stops the run with a report and exit status 3" },
	[OPT_CHECK_INTERVAL] = { .name = "check-interval", .metavar = "N|TIME",
		.help = "with --check: also every N engine events (the report "
			"names the failing event) or, with a unit (100ms, 1s), "
			"every TIME of simulated time" },
	[OPT_HUNG_TASK_TIMEOUT] = { .name = "hung-task-timeout", .metavar = "SECS",
		.help = "khungtaskd's hung_task_timeout_secs (default 120, 0: "
			"off): tasks in D state that long go to the kern.log" },
	[OPT_HELP] = { .name = "help", .short_name = 'h', .help = "this text" },
};

const struct cli_table run_option_table = CLI_TABLE(run_opts, NR_OPTS, 21);

static void run_help(FILE *f)
{
	fputs("usage: mmsim run [SCENARIO] [options]\n"
	      "\n"
	      "Run one simulation: the embedded 2009 reproduction, or SCENARIO (an INI\n"
	      "file, see docs/scenario-format.md, or the name of an installed one:\n"
	      "reproduction-x86, desktop-net-gitk, ...).  Prints the cover letter's\n"
	      "result line, gitk stall statistics, time in congestion_wait per call\n"
	      "site and queue, kswapd premature sleeps, page and swap I/O,\n"
	      "fragmentation below the watermarks, the zone at order>=1 atomic\n"
	      "failures (medians), the allocator's drains, order>0 requests and\n"
	      "order>=2 blocks broken by caller, dm-crypt's write pages in flight,\n"
	      "and the sleeps in mempool_alloc per pool and waiter.\n"
	      "\n", f);
	cli_print_options(f, &run_option_table);
	fputs("\n"
	      "Output files are opened before the run (an unwritable place is refused at\n"
	      "once) and written whole when it ends: a regular FILE through a temporary\n"
	      "file renamed over it, a symbolic link's target the same way (the link\n"
	      "stays), a FIFO or character device directly.  FILE '-' (or /dev/stdout)\n"
	      "is standard output, for one of --trace, --kern-log, --samples,\n"
	      "--latency-log and --json at most; the run's own report then goes to\n"
	      "standard error, so the output can be piped:\n"
	      "  $ mmsim run --time 60s --trace - | mmsim report reclaim -\n"
	      "\n"
	      "Exit status: 0; 1 the run was interrupted or an output could not be\n"
	      "written; 2 bad usage or input; 3 an invariant failed (--check).\n", f);
}

/*
 * What the run's report calls the program of the cover's Elapsed (@el's
 * .program): the first task the scenario runs it as, by the name the
 * scenario gives it, or the program's own name when no task runs it.
 */
static const char *program_task_name(const struct scenario *sc,
				     const struct measure *el)
{
	for (size_t i = 0; i < sc->nr_tasks; i++)
		if (!strcmp(sc->tasks[i].program->name, el->program))
			return sc->tasks[i].name;
	return el->program;
}

static void on_sigint(int sig)
{
	(void)sig;
	run_request_stop();
}

struct run_args {
	const char *scenario;
	const char *arch;
	const char *kern_log, *samples, *json, *trace, *events, *latency_log;
	const char *blktrace;		/* --blktrace DIR */
	const char *trace_format;	/* NULL: by the file's extension */
	bool vmstat;
	bool slabinfo;
	bool meminfo;
	unsigned int monitors;		/* mask of enum monitor_id */
	uint64_t monitor_interval;
	const char *monitor_dir;
	bool explain;
	uint64_t max_time;		/* --time: 0, the scenario's */
	struct run_options opt;
	bool seed_given;
	char switches[512];		/* --switch NAME=VALUE ... */
};

/* --check-interval as a time: at least a microsecond of simulated time
 * between two checks, at most the longest run. */
#define CHECK_PERIOD_MIN	1000ULL
#define CHECK_PERIOD_MAX	(8760ULL * 3600 * 1000000000)

/* A plain number counts engine events; a number with a unit is a time. */
static int parse_check_interval(const char *arg, struct run_options *opt)
{
	char why[64];
	uint64_t n;

	if (!parse_count(arg, &n, why, sizeof(why)) && n) {
		opt->check_interval = n;
		return 0;
	}
	if (parse_time_range(arg, CHECK_PERIOD_MIN, CHECK_PERIOD_MAX, &n, why,
			     sizeof(why)))
		return -1;
	opt->check_period = n;
	return 0;
}

static int parse_args(int argc, char **argv, struct run_args *a)
{
	struct cli_options o;
	char why2[160];
	uint64_t n;
	int c;

	cli_options_init(&o, "run", argc, argv, &run_option_table);
	while ((c = cli_next_option(&o)) != -1) {
		switch (c) {
		case OPT_KERNEL: a->opt.profile = optarg; break;
		case OPT_SWITCH: {
			size_t n = strlen(a->switches);

			if (!strchr(optarg, '=') || strchr(optarg, ' ') ||
			    n + strlen(optarg) + 2 > sizeof(a->switches))
				return usage_error("run: --switch '%s': expected NAME=VALUE (e.g. cw_alloc=BOTH), at most %zu characters in all",
						   optarg, sizeof(a->switches) - 1);
			snprintf(a->switches + n, sizeof(a->switches) - n, "%s%s",
				 n ? " " : "", optarg);
			break;
		}
		case OPT_ARCH: a->arch = optarg; break;
		case OPT_SEED:
			/* The scenario's [run] seed range. */
			if (cli_count("run: --seed", optarg, 0, INT64_MAX, &a->opt.seed))
				return 2;
			a->seed_given = true;
			break;
		case OPT_VMSTAT: a->vmstat = true; break;
		case OPT_SLABINFO: a->slabinfo = true; break;
		case OPT_MEMINFO: a->meminfo = true; break;
		case OPT_MONITOR:
			if (monitor_parse(optarg, &a->monitors, why2, sizeof(why2)))
				return usage_error("run: --monitor: %s", why2);
			break;
		case OPT_MONITOR_INTERVAL:
			/* A monitor samples as the run's time series does. */
			if (cli_time_key("run: --monitor-interval", optarg, "run",
					 "sample_interval", &a->monitor_interval))
				return 2;
			break;
		case OPT_MONITOR_DIR: a->monitor_dir = optarg; break;
		case OPT_KERN_LOG: a->kern_log = optarg; break;
		case OPT_SAMPLES: a->samples = optarg; break;
		case OPT_JSON: a->json = optarg; break;
		case OPT_LATENCY_LOG: a->latency_log = optarg; break;
		case OPT_TRACE: a->trace = optarg; break;
		case OPT_EVENTS: a->events = optarg; break;
		case OPT_BLKTRACE: a->blktrace = optarg; break;
		case OPT_TRACE_FORMAT:
			if (strcmp(optarg, "text") && strcmp(optarg, "dat"))
				return usage_error("run: --trace-format '%s': expected text or dat",
						   optarg);
			a->trace_format = optarg;
			break;
		case OPT_CHECK: a->opt.check = true; break;
		case OPT_EXPLAIN: a->explain = true; break;
		case OPT_CHECK_INTERVAL:
			if (parse_check_interval(optarg, &a->opt)) {
				expect_time(why2, sizeof(why2), CHECK_PERIOD_MIN,
					    CHECK_PERIOD_MAX);
				return usage_error("run: --check-interval '%s': expected a "
						   "number of events from 1 to %lld, or %s",
						   optarg, (long long)INT64_MAX, why2);
			}
			break;
		case OPT_TIME:
			if (cli_time_key("run: --time", optarg, "run", "max_time",
					 &a->max_time))
				return 2;
			break;
		case OPT_HUNG_TASK_TIMEOUT:
			if (!cli_count_ok(optarg, 0, 86400ULL * 365, &n))
				return usage_error("run: --hung-task-timeout '%s': expected seconds",
						   optarg);
			a->opt.hung_task_timeout = n ? (long)n : -1;
			break;
		case CLI_OPERAND:
			if (a->scenario)
				return usage_error("run: unexpected argument '%s'", optarg);
			a->scenario = optarg;
			break;
		case OPT_HELP: run_help(stdout); return 1;
		default: return cli_unhandled(&o, c);
		}
	}
	if (a->arch && a->scenario)
		return usage_error("run: --arch picks the embedded default scenario; "
				   "a scenario file sets [machine] arch itself");
	if (a->events && !a->trace)
		return usage_error("run: --events needs --trace FILE");
	if ((a->monitor_interval || a->monitor_dir) && !a->monitors)
		return usage_error("run: --monitor-interval and --monitor-dir need --monitor LIST");
	if (a->trace_format && !a->trace)
		return usage_error("run: --trace-format needs --trace FILE");
	if ((a->opt.check_interval || a->opt.check_period) && !a->opt.check)
		return usage_error("run: --check-interval needs --check");
	return 0;
}

/* --trace-format, else the name: FILE.dat is trace-cmd's binary format. */
static bool trace_is_dat(const struct run_args *a)
{
	size_t n = strlen(a->trace);

	if (a->trace_format)
		return !strcmp(a->trace_format, "dat");
	return n >= 4 && !strcmp(a->trace + n - 4, ".dat");
}

/*
 * The output files, opened before the simulation: an unwritable place is
 * refused before anything runs, and a FIFO's reader is there from the
 * start.  Standard output ("-", /dev/stdout) may be one of them; the run's
 * own report then goes to stderr.
 */
enum {
	OUT_TRACE, OUT_KERN_LOG, OUT_SAMPLES, OUT_LATENCY_LOG, OUT_JSON,
	NR_OUTPUTS
};

struct run_outputs {
	const char *path[NR_OUTPUTS];
	struct outfile of[NR_OUTPUTS];
	bool open[NR_OUTPUTS];
	FILE *report;			/* stdout, or stderr when an output is */
};

static const char *const output_option[NR_OUTPUTS] = {
	"--trace", "--kern-log", "--samples", "--latency-log", "--json",
};

static void close_outputs(struct run_outputs *o)
{
	for (int i = 0; i < NR_OUTPUTS; i++)
		if (o->open[i])
			outfile_abort(&o->of[i]);
	memset(o->open, 0, sizeof(o->open));
}

static int open_outputs(const struct run_args *a, struct run_outputs *o)
{
	int to_stdout = -1;

	o->path[OUT_TRACE] = a->trace;
	o->path[OUT_KERN_LOG] = a->kern_log;
	o->path[OUT_SAMPLES] = a->samples;
	o->path[OUT_LATENCY_LOG] = a->latency_log;
	o->path[OUT_JSON] = a->json;
	o->report = stdout;
	for (int i = 0; i < NR_OUTPUTS; i++) {
		if (!o->path[i] || !outfile_is_stdout(o->path[i]))
			continue;
		if (to_stdout >= 0)
			return usage_error("run: %s %s and %s %s both write to standard "
					   "output; give one of them a file",
					   output_option[to_stdout], o->path[to_stdout],
					   output_option[i], o->path[i]);
		to_stdout = i;
		o->report = stderr;
	}
	for (int i = 0; i < NR_OUTPUTS; i++) {
		if (!o->path[i])
			continue;
		if (outfile_open(&o->of[i], o->path[i])) {
			int rc = usage_error("run: %s %s: cannot write: %s",
					     output_option[i], o->path[i],
					     outfile_error(&o->of[i]));

			close_outputs(o);
			return rc;
		}
		o->open[i] = true;
	}
	return 0;
}

/* Write and commit every output; 0 or 1 after a message per failure. */
static int write_outputs(struct run_outputs *o, const struct run_result *r)
{
	int bad = 0;

	for (int i = 0; i < NR_OUTPUTS; i++) {
		struct outfile *of = &o->of[i];

		if (!o->open[i])
			continue;
		if (i == OUT_KERN_LOG) {
			run_report_kern_log(of->fp, r);
		} else if (i == OUT_SAMPLES) {
			series_write_csv(of->fp, r);
		} else if (i == OUT_LATENCY_LOG) {
			latency_write_log(of->fp, r);
		} else if (i == OUT_JSON) {
			char *json = result_to_json(r, true);

			fputs(json, of->fp);
			free(json);
		}
		o->open[i] = false;
		if (i == OUT_TRACE && ftrace_sink_error()) {
			/* The stream may be fine and the trace still cut
			 * short: trace.dat's pages could not be kept. */
			fprintf(stderr, "mmsim: run: %s %s: cannot write: %s\n",
				output_option[i], o->path[i], ftrace_sink_error());
			outfile_abort(of);
			bad = 1;
		} else if (outfile_commit(of)) {
			fprintf(stderr, "mmsim: run: %s %s: cannot write: %s\n",
				output_option[i], o->path[i], outfile_error(of));
			bad = 1;
		}
	}
	return bad;
}

int cmd_run(int argc, char **argv)
{
	struct run_args a = { 0 };
	struct scenario_error serr;
	struct ftrace_sink_opts trace = { 0 };
	struct run_blktrace blktrace = { 0 };
	struct run_outputs outs = { 0 };
	struct scenario *sc;
	struct run_result r;
	struct run_report_opts rep = { 0 };
	/* The cover's Elapsed, and the words for its program (gitk.c). */
	const struct measure *el = metrics_find("elapsed");
	char err[1024], *vmstat_text = NULL, *slabinfo_text = NULL;
	char *meminfo_text = NULL;
	FILE *f;
	int ret;

	ret = parse_args(argc, argv, &a);
	if (ret)
		return ret == 1 ? 0 : ret;
	sc = scenario_load(a.scenario, a.arch, &serr);
	if (!sc) {
		fprintf(stderr, "%s\n", serr.msg);
		return 2;
	}
	if (!a.seed_given)
		a.opt.seed = (uint64_t)sc->run.seed;
	if (a.max_time && a.max_time < sc->run.max_time)
		sc->run.max_time = a.max_time;
	/* --kernel refused before anything runs; the run boots it. */
	if (a.opt.profile) {
		struct kernel_profile p;

		if (profile_parse(a.opt.profile, &p, err, sizeof(err))) {
			scenario_free(sc);
			return usage_error("run: --kernel: %s", err);
		}
	}
	if (*a.switches) {
		struct kernel_profile p;
		size_t n = strlen(sc->kernel.switches);

		if (n + strlen(a.switches) + 2 > sizeof(sc->kernel.switches)) {
			scenario_free(sc);
			return usage_error("run: --switch: with the scenario's [kernel] switches, more than %zu characters",
					   sizeof(sc->kernel.switches) - 1);
		}
		snprintf(sc->kernel.switches + n, sizeof(sc->kernel.switches) - n,
			 "%s%s", n ? " " : "", a.switches);
		if (profile_parse(a.opt.profile ? a.opt.profile : sc->kernel.profile,
				  &p, err, sizeof(err)) ||
		    profile_set_switches(&p, sc->kernel.switches, err, sizeof(err))) {
			scenario_free(sc);
			return usage_error("run: --switch: %s", err);
		}
	}
	if (a.events && ftrace_select_events(a.events, &trace.events, err, sizeof(err))) {
		/* "--events: 'PAT' selects no event (...)": the event meant. */
		const char *q = strchr(err, '\''), *e = q ? strchr(q + 1, '\'') : NULL;
		char pat[64] = "";
		struct suggest sg;

		if (e && e - q - 1 < (long)sizeof(pat))
			snprintf(pat, sizeof(pat), "%.*s", (int)(e - q - 1), q + 1);
		suggest_init(&sg, pat);
		for (int i = 0; *pat && i < NR_TRACE_EVENTS; i++)
			suggest_add(&sg, ftrace_events[i].name);
		scenario_free(sc);
		return usage_error("run: %s%s", err, suggest_hint(&sg));
	}
	if (cli_dry_run) {
		scenario_free(sc);
		return 0;
	}
	if (a.blktrace && blktrace_dir_check(a.blktrace, err, sizeof(err))) {
		scenario_free(sc);
		return usage_error("run: --blktrace %s", err);
	}
	ret = open_outputs(&a, &outs);
	if (ret) {
		scenario_free(sc);
		return ret;
	}
	f = outs.report;
	if (a.trace) {
		trace.out = outs.of[OUT_TRACE].fp;
		trace.header = true;
		trace.tracedat = trace_is_dat(&a);
		a.opt.trace = &trace;
	}
	if (a.blktrace) {
		blktrace.dir = a.blktrace;
		a.opt.blktrace = &blktrace;
	}
	a.opt.progress = true;
	if (a.vmstat)
		a.opt.vmstat_text = &vmstat_text;
	if (a.slabinfo)
		a.opt.slabinfo_text = &slabinfo_text;
	if (a.meminfo)
		a.opt.meminfo_text = &meminfo_text;
	if (a.monitors) {
		a.opt.monitors = monitor_open(a.monitor_dir ? a.monitor_dir : ".",
					      "mmsim", a.monitors,
					      a.monitor_interval ? a.monitor_interval :
					      10 * NSEC_PER_SEC, err, sizeof(err));
		if (!a.opt.monitors) {
			close_outputs(&outs);
			scenario_free(sc);
			return usage_error("run: --monitor: %s", err);
		}
	}
	a.opt.scenario_name = a.scenario ? a.scenario : scenario_default_name(a.arch);
	signal(SIGINT, on_sigint);
	if (run_scenario(sc, &a.opt, &r, err, sizeof(err))) {
		close_outputs(&outs);
		if (a.opt.monitors)
			monitor_close(a.opt.monitors, false, NULL, 0);
		fprintf(stderr, "mmsim: run: %s\n", err);
		scenario_free(sc);
		if (mm_violation.hit) {
			mm_debug_print_violation(stderr);
			return 3;
		}
		return 2;
	}
	signal(SIGINT, SIG_DFL);
	if (a.opt.monitors && monitor_close(a.opt.monitors, true, err, sizeof(err))) {
		/* One line a file: "mmsim: run: --monitor PATH: cannot write: WHY". */
		for (char *l = err, *nl; l; l = nl) {
			nl = strchr(l, '\n');
			if (nl)
				*nl++ = 0;
			fprintf(stderr, "mmsim: run: --monitor %s\n", l);
		}
		ret = 1;
	}

	rep.program = program_task_name(sc, el);
	rep.program_in_scenario = scenario_has_program(sc, el->program);
	rep.vmstat = a.vmstat;
	rep.vmstat_text = vmstat_text;
	rep.slabinfo = a.slabinfo;
	rep.slabinfo_text = slabinfo_text;
	rep.meminfo = a.meminfo;
	rep.meminfo_text = meminfo_text;
	rep.explain = a.explain;
	run_report_print(f, &r, &rep);
	free(vmstat_text);
	free(slabinfo_text);
	free(meminfo_text);
	if (a.blktrace && blktrace.error[0]) {
		fprintf(stderr, "mmsim: run: --blktrace %s: %s\n", a.blktrace,
			blktrace.error);
		ret = 1;
	} else if (a.blktrace) {
		fprintf(f, "blktrace: %lu records in %s\n", blktrace.records,
			a.blktrace);
	}
	if (write_outputs(&outs, &r))
		ret = 1;
	if (!ret && result_bool(&r, "partial"))
		ret = 1;
	result_free(&r);
	scenario_free(sc);
	return ret;
}
