// SPDX-License-Identifier: GPL-2.0
/* mmsim run [SCENARIO] [--kernel PROFILE] [--seed N] [...]: one run. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <math.h>
#include "commands.h"
#include "options.h"
#include "experiment/run.h"
#include "experiment/scenario_load.h"
#include "experiment/monitor.h"
#include "linux/backing-dev.h"
#include "mmsim/profile.h"
#include "linux/swap.h"
#include "scenario/units.h"
#include "report/table.h"
#include "report/procfs.h"
#include "report/blktrace.h"
#include "report/ftrace.h"
#include "experiment/trace_sink.h"
#include "scenario/suggest.h"
#include "metrics/events.h"
#include "report/outfile.h"
#include "report/series.h"
#include "metrics/derived.h"
#include "metrics/records.h"
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

static size_t nr_lines(const struct run_result *r)
{
	size_t n;

	result_records(r, "latency", &n);
	return n;
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

static void print_stalls(FILE *f, const struct run_result *r,
			 const struct measure *el, const char *name)
{
	size_t nr_processes;

	/*
	 * The latency series is the progress lines of the cover's program
	 * (fake gitk's) when it ran, else what the other recording tasks
	 * added (a sleeper's wake-up lateness): named for what it is, and
	 * left out when empty.
	 */
	result_records(r, el->processes, &nr_processes);
	if (!nr_lines(r) && !nr_processes)
		return;
	if (nr_processes)
		fprintf(f, "\n%s: %zu progress lines", name, nr_lines(r));
	else
		fprintf(f, "\nlatency: %zu samples (the recording tasks' wake-up "
			"lateness)", nr_lines(r));
	fprintf(f, ", stalls >1s: %lu, >5s: %lu, max %.3fs, "
	       "p50 %.3fs, p95 %.3fs, p99 %.3fs\n",
	       result_stalls_over(r, NSEC_PER_SEC),
	       result_stalls_over(r, 5 * NSEC_PER_SEC), result_latency_max(r),
	       result_latency_percentile(r, 50), result_latency_percentile(r, 95),
	       result_latency_percentile(r, 99));
}

/*
 * How far apart the processes finished, each one's share of its time
 * holding the swap token, and its second passes: how many thrashed
 * (waited longer for swap-in than they ran) and their swap-ins.
 */
static void print_process_spread(FILE *f, const struct process_time_record *g,
				 size_t n, const char *name)
{
	uint64_t lo = UINT64_MAX, hi = 0, passes = 0, thrashed = 0, swapins = 0;

	for (size_t i = 0; i < n; i++) {
		lo = g[i].elapsed < lo ? g[i].elapsed : lo;
		hi = g[i].elapsed > hi ? g[i].elapsed : hi;
		passes += g[i].passes;
		thrashed += g[i].passes_thrashed;
		swapins += g[i].swapins;
	}
	fprintf(f, "\n%s: first to last %.3fs apart; swap token held", name,
		(double)(hi - lo) / NSEC_PER_SEC);
	for (size_t i = 0; i < n; i++)
		fprintf(f, " %.0f%%", g[i].elapsed ?
			100.0 * (double)g[i].token_ns / (double)g[i].elapsed : 0.0);
	fprintf(f, " of each one's time");
	if (passes)
		fprintf(f, "; second passes %llu, thrashing %llu, %.0f swap-ins "
			"a pass", (unsigned long long)passes,
			(unsigned long long)thrashed,
			(double)swapins / (double)passes);
}

/* Each process of the cover's program (fake gitk's instances): its
 * elapsed time, and where their time went. */
static void print_process_time(FILE *f, const struct run_result *r,
			       const struct measure *el, const char *name)
{
	size_t n;
	const struct process_time_record *g =
		result_records(r, el->processes, &n);
	bool first = true;

	if (!n)
		return;
	fprintf(f, "%s: %zu process%s, elapsed", name, n, n == 1 ? "" : "es");
	for (size_t i = 0; i < n; i++)
		fprintf(f, " %.3fs%s", (double)g[i].elapsed / NSEC_PER_SEC,
		       g[i].done ? "" : " (unfinished)");
	print_process_spread(f, g, n, name);
	fprintf(f, "\n%s time:", name);
	for (int k = 0; k < RESULT_NR_TASK_TIME; k++) {
		const char *cls = task_time_csv_names[k];
		double share = result_process_time(r, el->processes, cls, true);

		if (share <= 0)
			continue;
		fprintf(f, "%s %s %.1f%%", first ? "" : ",", task_time_csv_names[k],
		       100 * share);
		first = false;
	}
	fprintf(f, "%s\n", first ? " (none)" : "");
}

/*
 * One line: the swap token's changes of holder (kernel mm/memory.c, the
 * model's mm/thrash.c), from nobody included, and its drops by cause.
 */
static void print_swap_token(FILE *f, const struct run_result *r)
{
	uint64_t n = result_uint(r, "swap_token_handoffs");

	fprintf(f, "swap token: %lu hand-off%s, dropped %lu at priority 0, "
		"%lu at exit\n", n, n == 1 ? "" : "s",
		result_uint(r, "swap_token_drops_priority0"),
		result_uint(r, "swap_token_drops_exit"));
}

/* The drive: how busy, and how long its commands took by class. */
static void print_disk(FILE *f, const struct run_result *r)
{
	static const char *const cls[] = { "sync", "async" };

	if (!result_uint(r, "disk_active"))
		return;
	fprintf(f, "disk: busy %.1f%% of the run", 100 * result_disk_util(r));
	for (int c = 0; c < 2; c++) {
		double bound = 1e3 * result_disk_percentile_bound(r, cls[c], 95);

		if (!result_disk_commands(r, cls[c])) {
			fprintf(f, "; %s: no commands", cls[c]);
			continue;
		}
		/* The histogram's bounds are powers of two from 64 us: one
		 * under a millisecond is printed as it is, not as "< 0". */
		fprintf(f, "; %s %lu commands, mean %.1f ms, p95 < %.*f ms", cls[c],
		       result_disk_commands(r, cls[c]),
		       1e3 * result_disk_mean(r, cls[c]), bound < 1 ? 3 : 0, bound);
	}
	/* blk_congested: [async, sync] x [times, ns], kernel scsi_lib.c. */
	{
		const uint64_t *cg = result_uints(r, "blk_congested");

		fprintf(f, "; queue congested: async %lu times %.1f s, sync %lu "
			"times %.1f s", cg[0], (double)cg[1] / 1e9, cg[2],
			(double)cg[3] / 1e9);
	}
	fprintf(f, "\n");
}

/*
 * The writeback threads' passes (kernel fs/fs-writeback.c): pages per
 * pass, passes that met a congested queue, the time a pass took, and
 * pdflush's naps after one.
 */
static void print_writeback_passes(FILE *f, const struct run_result *r)
{
	uint64_t passes = result_uint(r, "wb_passes");

	if (!passes)
		return;
	fprintf(f, "writeback passes: %lu, pages mean %.0f max %lu; met "
		"congestion %lu; time mean %.1f ms max %.3f s; pdflush naps %lu "
		"(%lu after congestion)\n", passes,
		(double)result_uint(r, "wb_pass_pages") / (double)passes,
		result_uint(r, "wb_pass_pages_max"),
		result_uint(r, "wb_passes_congested"),
		(double)result_uint(r, "wb_pass_time") / (double)passes / 1e6,
		(double)result_uint(r, "wb_pass_time_max") / 1e9,
		result_uint(r, "wb_naps"), result_uint(r, "wb_naps_congested"));
}

/*
 * dm-crypt reads' wait on kcryptd before their decryption (kernel
 * drivers/md/dm-crypt.c): every read, then the swap-ins among them.
 */
static void print_crypt_read_wait(FILE *f, const struct run_result *r)
{
	static const char *const what[][5] = {
		{ "reads", "crypt_read_waits", "crypt_read_wait",
		  "crypt_read_wait_max", "crypt_read_wait_write_pages" },
		{ "swap-ins", "crypt_swapin_waits", "crypt_swapin_wait",
		  "crypt_swapin_wait_max", "crypt_swapin_wait_write_pages" },
	};

	if (!result_uint(r, "crypt_read_waits"))
		return;
	fprintf(f, "kcryptd wait before decryption:");
	for (int k = 0; k < 2; k++) {
		uint64_t n = result_uint(r, what[k][1]);

		if (!n)
			continue;
		fprintf(f, "%s %s %lu, mean %.2f ms, max %.3f s, %.1f write pages "
			"encrypted meanwhile", k ? ";" : "", what[k][0], n,
			(double)result_uint(r, what[k][2]) / (double)n / 1e6,
			(double)result_uint(r, what[k][3]) / 1e9,
			(double)result_uint(r, what[k][4]) / (double)n);
	}
	fprintf(f, "\n");
}

/*
 * One line: CFQ on the disks (kernel block/cfq-iosched.c): the time
 * hw_tag (the device queues) was 1 and 0, its decisions and changes, and
 * the idle waits for a sync queue's next request.
 */
static void print_cfq(FILE *f, const struct run_result *r)
{
	/* In the measures' element order: off_ns, on_ns, windows, flips,
	 * final; waits, timeouts, ns. */
	const uint64_t *hw = result_uints(r, "cfq_hw_tag");
	const uint64_t *idle = result_uints(r, "cfq_idle");

	if (!hw[0] && !hw[1])
		return;
	fprintf(f, "cfq: hw_tag 1 for %.3f s, 0 for %.3f s (%lu change%s in "
		"%lu decisions, %lu at the end); idle waits %lu, %.3f s, %lu "
		"ran to the timer\n",
		(double)hw[1] / NSEC_PER_SEC, (double)hw[0] / NSEC_PER_SEC,
		hw[3], hw[3] == 1 ? "" : "s", hw[2], hw[4], idle[0],
		(double)idle[2] / NSEC_PER_SEC, idle[1]);
}

static void print_congestion(FILE *f, const struct run_result *r)
{
	const struct cw_total *cw = result_records(r, "congestion_wait", NULL);
	bool any = false;

	fprintf(f, "\ncongestion_wait        queue    calls  timeouts    seconds\n");
	for (int s = 0; s < NR_CW_SITES; s++)
		for (int q = 0; q < NR_CW_QUEUES; q++) {
			const struct cw_total *c = &cw[s * RESULT_NR_CW_QUEUES + q];

			if (!c->calls)
				continue;
			any = true;
			fprintf(f, "%-22s %-6s %8lu  %8lu  %9.3f\n", cw_site_name((enum cw_site)s),
			       blk_rw_name(q), c->calls, c->timeouts,
			       (double)c->time / NSEC_PER_SEC);
		}
	if (!any)
		fprintf(f, "(none)\n");
	fprintf(f, "%-22s %-6s %8lu  %8s  %9.3f\n", "total", "", result_cw_calls(r), "",
	       result_cw_seconds(r));
}

/* One line: the fragmentation zone below its watermarks (buddy_series.c). */
static void print_fragmentation(FILE *f, const struct run_result *r)
{
	const char *zone = result_text(r, "frag_zone");
	uint64_t low = result_uint(r, "frag_below_low");
	size_t nr;

	result_records(r, "samples", &nr);
	if (!zone || !*zone)
		return;
	if (!low) {
		fprintf(f, "fragmentation: %s's free lists never below its low "
		       "watermark at a sample (%zu samples)\n", zone, nr);
		return;
	}
	fprintf(f, "fragmentation: %s below low at %lu of %zu samples (%lu below "
	       "min); free pages in blocks of order >= %lu then: %.1f%%, on "
	       "MIGRATE_RESERVE lists: %.1f%%; outside them in blocks >= the "
	       "order %.0f pages; reserve pageblocks %lu, at the end %lu",
	       zone, low, nr, result_uint(r, "frag_below_min"),
	       result_uint(r, "frag_order"),
	       100 * result_real(r, "frag_share_below_low"),
	       100 * result_real(r, "frag_reserve_below_low"),
	       result_real(r, "frag_highorder_nonreserve_below_low"),
	       result_uint(r, "frag_reserve_blocks"),
	       result_uint(r, "frag_reserve_blocks_end"));
	if (result_uint(r, "frag_reserve_lost"))
		fprintf(f, " (first lost by %.0f s)",
			(double)result_uint(r, "frag_reserve_lost") / 1e9);
	fputc('\n', f);
}

/*
 * One line: the order >= 1 atomic failures' preferred zone, medians over
 * the failures (kernel mm/alloc_fail.c).
 */
static void print_highorder_failures(FILE *f, const struct run_result *r)
{
	uint64_t n = result_uint(r, "hofail_count");

	if (!n)
		return;
	fprintf(f, "order>=1 atomic failures: %lu; at them (medians) free %.0f, "
		"in blocks >= the order %.0f (on MIGRATE_RESERVE lists %.0f), on "
		"pcp lists %.0f; below min %.0f%%, below low %.0f%%\n", n,
		result_real(r, "hofail_free"), result_real(r, "hofail_blocks"),
		result_real(r, "hofail_reserve"), result_real(r, "hofail_pcp"),
		100 * result_real(r, "hofail_below_min"),
		100 * result_real(r, "hofail_below_low"));
}

/*
 * One line: the allocator's own measures (kernel mm/page_alloc.c and
 * drivers/md/dm-crypt.c): drain_all_pages calls, order > 0 requests in
 * direct reclaim and blocks of order >= 2 broken up, by whom they were
 * for, and dm-crypt's write pages in flight.
 */
/* " name n, name n" per caller of an order-by-caller measure, or " none". */
static void print_by_caller(FILE *f, const char *name,
			    const struct run_result *r)
{
	const struct measure *m = metrics_find(name);
	const uint64_t *v = result_uints(r, name);
	const char *sep = " ";

	for (unsigned int c = 0; c < m->dims[0]; c++) {
		uint64_t sum = 0;

		for (unsigned int o = 0; o < m->dims[1]; o++)
			sum += v[c * m->dims[1] + o];
		if (!sum)
			continue;
		fprintf(f, "%s%s %lu", sep, m->element_name(0, c), sum);
		sep = ", ";
	}
	if (*sep == ' ')
		fprintf(f, " none");
}

static void print_allocator(FILE *f, const struct run_result *r)
{
	const struct measure *br = metrics_find("blocks_broken");
	const uint64_t *broken = result_uints(r, "blocks_broken");
	const char *sep;

	fprintf(f, "allocator: drain_all_pages %lu; order>0 requests that may "
		"sleep:", result_uint(r, "drain_all_pages"));
	print_by_caller(f, "highorder_sleeping", r);
	fprintf(f, "; of them in direct reclaim:");
	print_by_caller(f, "highorder_direct_reclaim", r);
	for (unsigned int k = 0; k < br->dims[1]; k++) {
		fprintf(f, "; order>=2 blocks broken (%s):", br->element_name(1, k));
		sep = " ";
		for (unsigned int c = 0; c < br->dims[0]; c++) {
			uint64_t v = broken[c * br->dims[1] + k];

			if (!v)
				continue;
			fprintf(f, "%s%s %lu", sep, br->element_name(0, c), v);
			sep = ", ";
		}
		if (*sep == ' ')
			fprintf(f, " none");
	}
	if (result_uint(r, "crypt_write_pages_peak"))
		fprintf(f, "; dm-crypt write pages in flight: peak %lu, mean %.0f",
			result_uint(r, "crypt_write_pages_peak"),
			result_real(r, "crypt_write_pages_mean"));
	fprintf(f, "\n");
}

/*
 * One line: what too_many_isolated() read at direct reclaimers'
 * shrink_inactive_list() (kernel mm/vmscan.c), per zone and LRU type that
 * had checks: how many, at how many isolated exceeded inactive (where
 * 2.6.32-rc6 waits), the highest isolated / inactive, and the most
 * pages isolated at a check.
 */
static void print_isolated(FILE *f, const struct run_result *r)
{
	static const char *const lru[] = { "anon", "file" };
	const struct measure *m = metrics_find("too_many_isolated_seen");
	const uint64_t *v = result_uints(r, "too_many_isolated_seen");
	const char *sep = " ";

	fprintf(f, "too_many_isolated reads by direct reclaim:");
	for (unsigned int z = 0; z < m->dims[0]; z++)
		for (unsigned int t = 0; t < 2; t++) {
			/* checks, over, isolated, inactive, most isolated */
			const uint64_t *c = v + z * m->dims[1] + t * 5;

			if (!c[0])
				continue;
			fprintf(f, "%s%s %s %lu checks, isolated > inactive at "
				"%lu, highest %lu / %lu, most isolated %lu", sep,
				m->element_name(0, z), lru[t], c[0], c[1], c[2],
				c[3], c[4]);
			sep = "; ";
		}
	if (*sep == ' ')
		fprintf(f, " none");
	fprintf(f, "\n");
}

/*
 * One line: mempool_alloc's sleeps (kernel mm/mempool.c), the total, then
 * per pool each kind of waiter's calls that slept and their time, summed
 * over task names, in the order the records list them.
 */
static void print_mempool(FILE *f, const struct run_result *r)
{
	const struct mempool_wait_record *w;
	size_t nr;

	w = result_records(r, "mempool_waits", &nr);
	if (!nr) {
		fprintf(f, "mempool waits: none\n");
		return;
	}
	fprintf(f, "mempool waits: %lu, %.3f s:",
		result_uint(r, "mempool_wait_calls"),
		(double)result_uint(r, "mempool_wait_time") / 1e9);
	for (size_t i = 0; i < nr; i++) {
		bool pool_seen = false, kind_seen = false;
		uint64_t calls = 0, ns = 0;

		for (size_t j = 0; j < i; j++) {
			if (strcmp(w[j].pool, w[i].pool))
				continue;
			pool_seen = true;
			kind_seen |= !strcmp(w[j].waiter, w[i].waiter);
		}
		if (kind_seen)
			continue;
		for (size_t j = i; j < nr; j++)
			if (!strcmp(w[j].pool, w[i].pool) &&
			    !strcmp(w[j].waiter, w[i].waiter)) {
				calls += w[j].waits;
				ns += w[j].time;
			}
		if (pool_seen)
			fprintf(f, ",");
		else
			fprintf(f, "%s %s:", i ? ";" : "", w[i].pool);
		fprintf(f, " %s %lu (%.3f s)", w[i].waiter, calls,
			(double)ns / 1e9);
	}
	fprintf(f, "\n");
}

static void print_io(FILE *f, const struct run_result *r)
{
	const uint64_t *ev = result_uints(r, "vm_events");

	fprintf(f, "\nkswapd_slept_prematurely_fast %lu, _slow %lu; pageoutrun %lu, allocstall %lu\n",
	       ev[KSWAPD_PREMATURE_FAST], ev[KSWAPD_PREMATURE_SLOW],
	       ev[PAGEOUTRUN], ev[ALLOCSTALL]);
	fprintf(f, "page IO: pgpgin %lu KiB, pgpgout %lu KiB; swap IO: pswpin %lu, pswpout %lu pages\n",
	       ev[PGPGIN], ev[PGPGOUT], ev[PSWPIN], ev[PSWPOUT]);
	fprintf(f, "network: %lu packets received, %lu dropped; music wrote %lu bytes; OOM kills %lu\n",
	       result_uint(r, "packets_received"), result_uint(r, "packets_dropped"),
	       result_uint(r, "music_bytes"), result_uint(r, "oom_kills"));
	fprintf(f, "tcp receive: PruneCalled %lu, RcvPruned %lu, TCPRcvCollapsed %lu; "
		"%lu segments dropped for receive memory, %lu collapse allocations failed\n",
		result_uint(r, "tcp_prune_called"), result_uint(r, "tcp_rcv_pruned"),
		result_uint(r, "tcp_rcv_collapsed"), result_uint(r, "tcp_rcv_dropped"),
		result_uint(r, "tcp_collapse_alloc_failures"));
	print_fragmentation(f, r);
	print_highorder_failures(f, r);
	print_allocator(f, r);
	print_isolated(f, r);
	print_mempool(f, r);
	/* What each replay task replayed, and its warnings. */
	if (result_text(r, "replay"))
		fprintf(f, "%s", result_text(r, "replay"));
	fprintf(f, "simulated %.3fs in %.3fs of wall time\n",
	       (double)result_uint(r, "sim_end") / NSEC_PER_SEC,
	       result_real(r, "wall_seconds"));
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
			fputs(result_text(r, "kern_log") ? result_text(r, "kern_log") : "",
			      of->fp);
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
	struct cover_line line;
	/* The cover's Elapsed, and the words for its program (gitk.c). */
	const struct measure *el = metrics_find("elapsed");
	const char *pname;
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

	line.name = result_text(&r, "kernel");
	line.elapsed = measure_value(el, &r);
	line.elapsed_stddev = NAN;
	line.failures = (double)result_uint(&r, "failures_printed");
	cover_line_print(f, cover_name_width(&line, 1), &line);
	pname = program_task_name(sc, el);
	if (!result_bool(&r, el->done) && scenario_has_program(sc, el->program))
		fprintf(f, "(%s did not finish: elapsed is the simulated time "
			"run)\n", pname);
	else if (!result_bool(&r, el->done))
		fprintf(f, "(no %s task: elapsed is the simulated time run)\n",
			el->program);
	if (result_bool(&r, "partial"))
		fprintf(f, "(partial: the run was interrupted)\n");
	if (result_bool(&r, "panicked"))
		fprintf(f, "(the simulated kernel panicked: see the kern.log, --kern-log FILE)\n");
	print_stalls(f, &r, el, pname);
	print_process_time(f, &r, el, pname);
	print_swap_token(f, &r);
	print_disk(f, &r);
	print_writeback_passes(f, &r);
	print_crypt_read_wait(f, &r);
	print_cfq(f, &r);
	print_congestion(f, &r);
	print_io(f, &r);
	if (a.vmstat)
		fprintf(f, "\n%s", vmstat_text ? vmstat_text : "");
	free(vmstat_text);
	if (a.slabinfo)
		fprintf(f, "\n%s", slabinfo_text ? slabinfo_text : "");
	free(slabinfo_text);
	if (a.meminfo)
		fprintf(f, "\n%s", meminfo_text ? meminfo_text : "");
	free(meminfo_text);
	if (a.explain)
		fprintf(f, "\nWhy the allocations failed:\n%s",
			result_text(&r, "explain") ? result_text(&r, "explain") :
			"no allocation failed\n");
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
