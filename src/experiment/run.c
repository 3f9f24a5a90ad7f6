// SPDX-License-Identifier: GPL-2.0
/*
 * One run: boot the machine a scenario describes, start its programs, run
 * simulated time until the stop condition, and gather the result.  Only
 * wall_seconds depends on the host; everything else is a function of the
 * scenario, the profile and the seed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include "run.h"
#include "machine.h"
#include "monitor.h"
#include "scenario_load.h"
#include "trace_sink.h"
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "mmsim/alloc_fail.h"
#include "mmsim/buddy_snapshot.h"
#include "linux/oom.h"
#include "linux/backing-dev.h"
#include "linux/swap.h"
#include "mmsim/trace.h"
#include "mmsim/kstate.h"
#include "linux/sched.h"
#include "report/kern_log.h"
#include "report/explain.h"
#include "report/progress.h"
#include "metrics/records.h"
#include "metrics/buddy_series.h"
#include "workload/workload.h"
#include "util/xalloc.h"

static volatile sig_atomic_t run_interrupted;

void run_request_stop(void)
{
	run_interrupted = 1;
}

struct run_state {
	struct machine m;
	struct run_result *res;
	const struct run_options *opt;
	struct timer sampler;
	struct timer monitor;		/* --monitor: reads only */
	struct progress progress;
	sim_time_t until;
	sim_time_t last_check;		/* of the test build's default checks */
};

/*
 * The test build checks every run's invariants (tests/check_default.c)
 * without --check: at the first sample, then at the first sample at least
 * this much simulated time after the last check, and at the end.  A
 * violation of page conservation persists once made (a page lost stays
 * lost), so a whole run checked every 10 s finds what one checked every
 * sample finds, for a tenth of the checks' cost, which was nine tenths
 * of the integration tests' time; --check (and the unit tests' harnesses)
 * check at every sample and every reclaim pass.
 */
#define DEFAULT_CHECK_PERIOD	(10 * NSEC_PER_SEC)

static struct run_state *rs;

/* ---- the run's own measures ------------------------------------------- */

static struct measure run_kernel = {
	.name = "kernel", .doc = "the kernel profile the run booted",
	.kind = MEASURE_LABEL, .json = "kernel", .csv = "kernel",
	.type = MT_TEXT, .max_len = 95,
};
MEASURE_REGISTER(run_kernel);

static struct measure run_scenario_name = {
	.name = "scenario", .doc = "the scenario: its file, or <default>, "
	"and the sweep values",
	.kind = MEASURE_LABEL, .json = "scenario", .csv = "scenario",
	.type = MT_TEXT, .max_len = 127,
};
MEASURE_REGISTER(run_scenario_name);

static struct measure run_arch = {
	.name = "arch", .doc = "the simulated architecture",
	.kind = MEASURE_LABEL, .json = "arch", .csv = "arch",
	.type = MT_TEXT, .max_len = 15,
};
MEASURE_REGISTER(run_arch);

static struct measure run_seed = {
	.name = "seed", .doc = "the seed of the run's random numbers",
	.kind = MEASURE_LABEL, .json = "seed", .csv = "seed", .type = MT_UINT,
};
MEASURE_REGISTER(run_seed);

static struct measure run_fingerprint = {
	.name = "scenario_fingerprint", .doc = "a hash of the effective "
	"scenario (its canonical form), for merge to check a result against "
	"its job",
	.kind = MEASURE_LABEL, .json = "scenario_fingerprint",
	.csv = "scenario_fingerprint", .type = MT_TEXT, .max_len = 31,
	.flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(run_fingerprint);

static struct measure run_version = {
	.name = "mmsim_version", .doc = "the mmsim that ran it",
	.kind = MEASURE_LABEL, .json = "mmsim_version", .csv = "mmsim_version",
	.type = MT_TEXT, .max_len = 31, .flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(run_version);

void scenario_fingerprint(const struct scenario *sc, char *buf, size_t len)
{
	char *text = NULL, *body;
	size_t n = 0;
	uint64_t h = 14695981039346656037ULL;
	FILE *f = xopen_memstream(&text, &n);

	scenario_dump(sc, f);
	fclose(f);
	body = strchr(text, '\n');
	for (const char *p = body ? body + 1 : text; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ULL;
	free(text);
	snprintf(buf, len, "fnv1a64:%016llx", (unsigned long long)h);
}

static struct measure run_partial = {
	.name = "partial", .doc = "stopped early (SIGINT)",
	.kind = MEASURE_GAUGE, .json = "partial", .csv = "partial",
	.type = MT_BOOL,
};
MEASURE_REGISTER(run_partial);

static struct measure run_wall_seconds = {
	.name = "wall_seconds", .doc = "host time the run took: the only "
	"measure that is not a function of scenario, profile and seed",
	.unit = "s", .kind = MEASURE_GAUGE, .json = "wall_seconds",
	.csv = "wall_seconds", .type = MT_REAL, .flags = MF_HOST,
};
MEASURE_REGISTER(run_wall_seconds);

static struct measure run_sim_end = {
	.name = "sim_end", .doc = "simulated time when the run stopped",
	.unit = "ns", .kind = MEASURE_GAUGE,
	.aggregate = AGGREGATE_MEAN_STDDEV, .json = "sim_end_ns",
	.csv = "sim_end_ns", .type = MT_UINT,
};
MEASURE_REGISTER(run_sim_end);

/*
 * A sample's record (metrics/records.h struct sample_point), declared
 * here, where it is filled: free pages per zone type, saved by the
 * kernel's zone_names[] and written to the CSV as free_<zone> columns.
 */
_Static_assert(MAX_NR_ZONES <= SAMPLE_ZONES, "sample zones");

static const char *const zone_csv_names[MAX_NR_ZONES] = {
	[ZONE_DMA] = "free_dma", [ZONE_DMA32] = "free_dma32",
	[ZONE_NORMAL] = "free_normal", [ZONE_HIGHMEM] = "free_highmem",
	[ZONE_MOVABLE] = "free_movable",
};

static const struct measure_field sample_point_fields[] = {
	{ .json = "t", .csv = "seconds", .type = FIELD_UINT,
	  MEASURE_FIELD(struct sample_point, when), MEASURE_NS_AS_SECONDS(3) },
	{ .json = "free", .csv = "free", .type = FIELD_UINTS,
	  MEASURE_FIELD(struct sample_point, free), .count = MAX_NR_ZONES,
	  .csv_names = zone_csv_names, .json_names = zone_names },
	{ .json = "nr_dirty", .csv = "nr_dirty", .type = FIELD_UINT,
	  MEASURE_FIELD(struct sample_point, nr_dirty) },
	{ .json = "nr_writeback", .csv = "nr_writeback", .type = FIELD_UINT,
	  MEASURE_FIELD(struct sample_point, nr_writeback) },
	{ .json = "nr_anon", .csv = "nr_anon", .type = FIELD_UINT,
	  MEASURE_FIELD(struct sample_point, nr_anon) },
	{ .json = "nr_file", .csv = "nr_file", .type = FIELD_UINT,
	  MEASURE_FIELD(struct sample_point, nr_file) },
	{ .json = "swap_used", .csv = "swap_used", .type = FIELD_UINT,
	  MEASURE_FIELD(struct sample_point, swap_used) },
	{ .json = "kswapd_awake", .csv = "kswapd_awake", .type = FIELD_UINT,
	  MEASURE_FIELD(struct sample_point, kswapd_awake) },
	{ .json = "alloc_failures", .csv = "alloc_failures", .type = FIELD_UINT,
	  MEASURE_FIELD(struct sample_point, alloc_failures) },
	{ .json = "cw_time", .csv = "congestion_wait_seconds", .type = FIELD_UINT,
	  MEASURE_FIELD(struct sample_point, cw_time), MEASURE_NS_AS_SECONDS(6) },
	{ .json = "frag_free", .csv = "frag_free", .type = FIELD_UINT,
	  MEASURE_FIELD(struct sample_point, frag_free), .optional = true },
	{ .json = "frag_highorder", .csv = "frag_highorder", .type = FIELD_UINT,
	  MEASURE_FIELD(struct sample_point, frag_highorder), .optional = true },
	{ .json = "frag_below_wmark", .csv = "frag_below_wmark", .type = FIELD_UINT,
	  MEASURE_FIELD(struct sample_point, frag_below), .optional = true },
};

const struct measure_record sample_point_record = {
	.name = "sample_point",
	.fields = sample_point_fields,
	.nr_fields = sizeof(sample_point_fields) / sizeof(sample_point_fields[0]),
	.size = sizeof(struct sample_point),
};

static struct measure run_samples = {
	.name = "samples", .doc = "free pages per zone type, dirty, "
	"writeback, anon and file pages, swap used, kswapd awake, failures "
	"and congestion_wait time so far, and the fragmentation zone's free "
	"pages, those in blocks of the failing order or more and whether "
	"below its watermarks, every [run] sample_interval",
	.kind = MEASURE_SERIES, .json = "series.samples", .csv = "samples",
	.type = MT_LIST, .record = &sample_point_record,
	.flags = MF_WITH_SERIES,
};
MEASURE_REGISTER(run_samples);

static struct measure run_kern_log = {
	.name = "kern_log", .doc = "the kern.log: allocation failure reports, "
	"hung tasks, the OOM killer (written by results before it existed: "
	"none)",
	.kind = MEASURE_TEXT, .json = "kern_log", .type = MT_TEXT,
	.flags = MF_NULLABLE | MF_OPTIONAL,
};
MEASURE_REGISTER(run_kern_log);

static struct measure run_explain = {
	.name = "explain", .doc = "why each printed allocation failure "
	"happened, and the tally (mmsim run --explain)",
	.kind = MEASURE_TEXT, .json = "explain", .type = MT_TEXT,
	.flags = MF_NULLABLE | MF_OMIT_EMPTY,
};
MEASURE_REGISTER(run_explain);

static struct measure run_failure_reasons = {
	.name = "failure_reasons", .doc = "every allocation failure counted "
	"by reason, most frequent first",
	.unit = "failures", .kind = MEASURE_TABLE,
	.aggregate = AGGREGATE_SUM, .json = "failure_reasons",
	.csv = "failure_reasons", .type = MT_LIST,
	.record = &failure_reason_record, .flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(run_failure_reasons);

static bool until_tasks_done(struct machine *m)
{
	const struct scenario_until *u = &m->sc->run.until;

	if (!u->nr_tasks)
		return false;
	for (int i = 0; i < u->nr_tasks; i++) {
		struct workload *w = workload_find_task(&m->workloads, u->tasks[i]);

		if (w && !w->finished)
			return false;
	}
	return true;
}

/* [run] until = TASK-done: the run stops when the last of them finishes. */
static void workload_finished(struct workload_set *set, struct workload *w)
{
	if (until_tasks_done(container_of(set, struct machine, workloads)))
		sim_stop();
}

static unsigned long swap_used_pages(void)
{
	return (unsigned long)(total_swap_pages - nr_swap_pages);
}

static sim_time_t cw_time_total(void)
{
	sim_time_t t = 0;

	for (int s = 0; s < NR_CW_SITES; s++)
		for (int q = 0; q < NR_CW_QUEUES; q++)
			t += congestion_wait_totals((enum cw_site)s, q)->waited_ns;
	return t;
}

/* The "buddy" series: the kernel's snapshot of each zone's free lists
 * (mm/vmstat.c), kept by metrics/buddy_series.c. */
static void sample_buddy(struct run_result *r, struct sample_point *s)
{
	struct buddy_series_sampler bs = {
		.r = r, .s = s, .frag_zone = gfp_atomic_zone_name(),
	};

	buddy_snapshot(s->when, buddy_series_add, &bs);
}

static void take_sample(struct timer *t)
{
	struct sample_point s = { .when = sim_now() };
	struct zone *zone;

	pg_data_t *pgdat;

	/* Per zone type, summed over the nodes. */
	for_each_zone(zone)
		s.free[zone_idx(zone)] += zone_page_state(zone, NR_FREE_PAGES);
	s.nr_dirty = global_page_state(NR_FILE_DIRTY);
	s.nr_writeback = global_page_state(NR_WRITEBACK);
	s.nr_anon = global_page_state(NR_ACTIVE_ANON) +
		    global_page_state(NR_INACTIVE_ANON);
	s.nr_file = global_page_state(NR_ACTIVE_FILE) +
		    global_page_state(NR_INACTIVE_FILE);
	s.swap_used = swap_used_pages();
	/*
	 * 0 or 1 on one node; on NUMA, how many nodes' kswapds are awake: not
	 * asleep on kswapd_wait, the test 2.6.32 mm/vmscan.c wakeup_kswapd()
	 * makes, and Mel Gorman's kswapd_awake() (linux-mm,
	 * <20091126141738.GE13095@csn.ul.ie>).  A kswapd napping in
	 * congestion_wait or waiting for a page's I/O is awake.
	 */
	for_each_online_pgdat(pgdat)
		s.kswapd_awake += pgdat->kswapd &&
				  !waitqueue_active(&pgdat->kswapd_wait);
	s.alloc_failures = alloc_failure_count();
	s.cw_time = cw_time_total();
	sample_buddy(rs->res, &s);
	result_append(rs->res, "samples", &s);

	if (rs->opt->check || !s.when ||
	    sim_now() - rs->last_check >= DEFAULT_CHECK_PERIOD) {
		mm_debug_sample_check();
		rs->last_check = sim_now();
	}
	if (rs->progress.enabled) {
		/* Simulated seconds of the run, and the engine's pace. */
		double wall = progress_elapsed(&rs->progress);
		char note[48];

		snprintf(note, sizeof(note), "%.2fM events/s",
			 wall > 0 ? (double)sim_events() / wall / 1e6 : 0.0);
		progress_update_note(&rs->progress, (double)sim_now() / NSEC_PER_SEC,
				     (double)rs->until / NSEC_PER_SEC, note);
	}
	if (run_interrupted) {
		result_set_bool(rs->res, "partial", true);
		sim_stop();
		return;
	}
	timer_add(t, sim_now() + rs->m.sc->run.sample_interval);
}

/* A snapshot of the monitored /proc files; nothing is changed. */
static void take_monitor_snapshot(struct timer *t)
{
	monitor_snapshot(rs->opt->monitors);
	timer_add(t, sim_now() + monitor_interval(rs->opt->monitors));
}

/* /proc/@name of the machine now, into a malloc'd string. */
static void proc_text(char **out, const char *name)
{
	size_t n;
	FILE *f = xopen_memstream(out, &n);

	proc_show(name, f);
	fclose(f);
}

static int create_workloads(struct machine *m, char *err, size_t len)
{
	const struct scenario *sc = m->sc;
	struct workload_set *set = &m->workloads;

	set->w = xcalloc(sc->nr_tasks ? sc->nr_tasks : 1, sizeof(*set->w));
	set->sb = m->sb;
	set->log_sb = m->log_sb;
	set->finished = workload_finished;
	for (size_t i = 0; i < sc->nr_tasks; i++) {
		struct scenario_task *task = &sc->tasks[i];
		struct workload *w = &set->w[i];
		struct scenario_error serr;

		if (workload_load_params(sc, task, &w->ops, &w->params, &serr)) {
			snprintf(err, len, "%s", serr.msg);
			return -1;
		}
		snprintf(w->name, sizeof(w->name), "%s", task->name);
		w->set = set;
		set->nr++;
	}
	return 0;
}

static int start_workloads(struct machine *m, char *err, size_t len)
{
	for (size_t i = 0; i < m->workloads.nr; i++) {
		struct workload *w = &m->workloads.w[i];

		w->started = sim_now();
		if (w->ops->start(w)) {
			snprintf(err, len, "task %s: program %s could not start%s%s",
				 w->name, w->ops->name, w->error[0] ? ": " : "",
				 w->error);
			return -1;
		}
	}
	return 0;
}

static void collect_kern_log(struct run_result *r)
{
	struct kern_log_opts opts = { .timestamps = true };
	struct kstate_log *log = kstate_log_take();
	char *buf = NULL;
	size_t len = 0;
	FILE *f = xopen_memstream(&buf, &len);

	kern_log_write(f, log, &opts);
	fclose(f);
	kstate_log_free(log);
	result_take_text(r, "kern_log", buf);
}

/* Why the allocations failed: the tally and the paragraphs (--explain). */
static void collect_explain(struct run_result *r)
{
	struct kstate_log *log;
	struct failure_reason *t;
	char *text = NULL;
	size_t len = 0, nr;
	FILE *f;

	if (!alloc_failure_count())
		return;
	log = kstate_log_take();
	t = explain_tally(log, &nr);
	for (size_t i = 0; i < nr; i++)
		result_append(r, "failure_reasons", &t[i]);
	free(t);
	f = xopen_memstream(&text, &len);
	explain_write_failures(f, log);
	fclose(f);
	kstate_log_free(log);
	result_take_text(r, "explain", text);
}

static void collect(struct machine *m, struct run_result *r,
		    bool measures_only)
{
	result_set_text(r, "kernel", kprofile.name);
	result_set_text(r, "arch", sim_arch->name);
	result_set_uint(r, "sim_end", sim_now());
	/* The kernel's counters, each from the file that keeps them. */
	result_collect(r);
	if (!measures_only) {
		collect_kern_log(r);
		collect_explain(r);
	}
	buddy_series_collect(r, gfp_atomic_zone_name(),
			     alloc_failure_max_order());
	for (size_t i = 0; i < m->workloads.nr; i++) {
		struct workload *w = &m->workloads.w[i];

		if (w->ops->collect)
			w->ops->collect(w, r);
	}
}

int run_scenario(const struct scenario *sc, const struct run_options *opt,
		 struct run_result *res, char *err, size_t len)
{
	struct run_state state = { .res = res, .opt = opt };
	double wall = wall_seconds();
	const struct scenario_run *run = &sc->run;
	bool was_checking = mm_debug_checks, was_fatal = mm_debug_fatal;
	uint64_t was_interval = mm_debug_check_interval;
	struct blktrace_run *blktrace = NULL;
	int ret = -1;

	result_init(res);
	result_set_text(res, "scenario",
			opt->scenario_name ? opt->scenario_name : sc->filename);
	result_set_uint(res, "seed", opt->seed);
	{
		char fp[SCENARIO_FINGERPRINT_LEN];

		scenario_fingerprint(sc, fp, sizeof(fp));
		result_set_text(res, "scenario_fingerprint", fp);
		result_set_text(res, "mmsim_version", MMSIM_VERSION);
	}
	rs = &state;
	/*
	 * A violation stops this run and is reported by the caller.  Checks
	 * already on (the test build's default) stay on, at samples.
	 */
	mm_debug_fatal = false;
	memset(&mm_violation, 0, sizeof(mm_violation));
	mm_debug_enable(opt->check || was_checking, opt->check_interval);
	/* The test build's default checks whole runs at samples only. */
	mm_debug_pass_checks = opt->check;
	alloc_fail_page_counts = !opt->measures_only;
	sysctl_hung_task_timeout_secs = opt->hung_task_timeout < 0 ? 0 :
		opt->hung_task_timeout ? (unsigned long)opt->hung_task_timeout :
		DEFAULT_HUNG_TASK_TIMEOUT;
	if (machine_boot(&state.m, sc, opt->seed, opt->profile, err, len) ||
	    create_workloads(&state.m, err, len))
		goto out;
	hung_task_start();
	mm_debug_start_period(opt->check_period);
	if (opt->trace && ftrace_sink_start(opt->trace)) {
		snprintf(err, len, "a trace is already being written");
		goto out;
	}
	if (opt->blktrace) {
		struct block_device *devs[8];
		size_t nr = machine_block_devices(&state.m, devs, 8);

		opt->blktrace->error[0] = 0;
		blktrace = blktrace_run_start(opt->blktrace->dir, devs, nr,
					      sim_nr_cpus(), err, len);
		if (!blktrace)
			goto out;
	}
	if (start_workloads(&state.m, err, len))
		goto out;

	state.until = run->max_time;
	if (run->until.time && run->until.time < state.until)
		state.until = run->until.time;
	if (opt->progress) {
		/* Only a run longer than a few seconds of wall time shows
		 * progress, and only on a terminal (stderr). */
		state.progress.quiet = 2.0;
		progress_begin(&state.progress, "simulated s");
	}
	timer_init(&state.sampler, take_sample, NULL);
	state.sampler.deferrable = true;
	timer_add(&state.sampler, 0);
	if (opt->monitors) {
		timer_init(&state.monitor, take_monitor_snapshot, NULL);
		state.monitor.deferrable = true;
		timer_add(&state.monitor, 0);
	}
	sim_run(state.until);
	timer_del(&state.sampler);
	if (opt->monitors)
		timer_del(&state.monitor);
	/* The state the run ends in, whatever the last sample saw. */
	if (!opt->check)
		mm_debug_sample_check();
	if (opt->progress)
		progress_end(&state.progress);
	if (mm_violation.hit) {
		snprintf(err, len, "invariant violated: %s", mm_violation.invariant);
		goto out;
	}
	/*
	 * A program its input failed under (a replay whose trace was cut
	 * or rewritten while it ran) did not run what the scenario says:
	 * the run fails, naming why.
	 */
	for (size_t i = 0; i < state.m.workloads.nr; i++) {
		const struct workload *w = &state.m.workloads.w[i];

		if (w->error[0]) {
			snprintf(err, len, "task %s: %s", w->name, w->error);
			goto out;
		}
	}
	collect(&state.m, res, opt->measures_only);
	if (opt->vmstat_text)
		proc_text(opt->vmstat_text, "vmstat");
	if (opt->slabinfo_text)
		proc_text(opt->slabinfo_text, "slabinfo");
	if (opt->meminfo_text)
		proc_text(opt->meminfo_text, "meminfo");
	ret = 0;
out:
	/* A trace that could not be written does not undo the run: its
	 * caller, which knows the file, reports it (ftrace_sink_error(), or
	 * the stream's error flag) and does not keep a partial trace. */
	if (opt->trace)
		ftrace_sink_stop();
	if (blktrace) {
		opt->blktrace->records = blktrace_run_records(blktrace);
		blktrace_run_stop(blktrace, !ret, opt->blktrace->error,
				  sizeof(opt->blktrace->error));
	}
	hung_task_stop();
	mm_debug_stop_period();
	machine_teardown(&state.m);
	mm_debug_enable(was_checking, was_interval);
	mm_debug_pass_checks = true;
	mm_debug_fatal = was_fatal;
	alloc_fail_page_counts = true;
	result_set_real(res, "wall_seconds", wall_seconds() - wall);
	/* Nothing to read in a run that failed. */
	if (ret)
		result_free(res);
	rs = NULL;
	return ret;
}
