// SPDX-License-Identifier: GPL-2.0
/*
 * mmsim run's text report (run_report.h): the cover letter's line, then
 * a line or a table per thing the run measured, every figure read from
 * the run's result by its measure's name, element names included.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "run_report.h"
#include "measure_table.h"
#include "table.h"
#include "metrics/derived.h"
#include "metrics/records.h"

/* Results keep simulated time in ns (metrics/metrics.h). */
#define NSEC_PER_SEC	1000000000ULL

/* A /proc/vmstat event counter, by its name there. */
static uint64_t vm_event(const struct run_result *r, const char *name)
{
	return result_uint_at(r, "vm_events", name);
}

static size_t nr_lines(const struct run_result *r)
{
	size_t n;

	result_records(r, "latency", &n);
	return n;
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
	const char *const *names;
	unsigned int nr_classes = process_time_classes(el->processes, &names);
	bool first = true;

	if (!n)
		return;
	fprintf(f, "%s: %zu process%s, elapsed", name, n, n == 1 ? "" : "es");
	for (size_t i = 0; i < n; i++)
		fprintf(f, " %.3fs%s", (double)g[i].elapsed / NSEC_PER_SEC,
		       g[i].done ? "" : " (unfinished)");
	print_process_spread(f, g, n, name);
	fprintf(f, "\n%s time:", name);
	for (unsigned int k = 0; k < nr_classes; k++) {
		const char *cls = names[k];
		double share = result_process_time(r, el->processes, cls, true);

		if (share <= 0)
			continue;
		fprintf(f, "%s %s %.1f%%", first ? "" : ",", cls, 100 * share);
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
	fprintf(f, "\nkswapd_slept_prematurely_fast %lu, _slow %lu; pageoutrun %lu, allocstall %lu\n",
	       vm_event(r, "kswapd_slept_prematurely_fast"),
	       vm_event(r, "kswapd_slept_prematurely_slow"),
	       vm_event(r, "pageoutrun"), vm_event(r, "allocstall"));
	fprintf(f, "page IO: pgpgin %lu KiB, pgpgout %lu KiB; swap IO: pswpin %lu, pswpout %lu pages\n",
	       vm_event(r, "pgpgin"), vm_event(r, "pgpgout"),
	       vm_event(r, "pswpin"), vm_event(r, "pswpout"));
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

void run_report_print(FILE *f, const struct run_result *r,
		      const struct run_report_opts *o)
{
	/* The cover's Elapsed, and the words for its program (gitk.c). */
	const struct measure *el = metrics_find("elapsed");
	struct cover_line line;
	struct report one;
	struct report_column col;

	line.name = result_text(r, "kernel");
	line.elapsed = measure_value(el, r);
	line.elapsed_stddev = NAN;
	line.failures = (double)result_uint(r, "failures_printed");
	cover_line_print(f, cover_name_width(&line, 1), &line);
	if (!result_bool(r, el->done) && o->program_in_scenario)
		fprintf(f, "(%s did not finish: elapsed is the simulated time "
			"run)\n", o->program);
	else if (!result_bool(r, el->done))
		fprintf(f, "(no %s task: elapsed is the simulated time run)\n",
			el->program);
	if (result_bool(r, "partial"))
		fprintf(f, "(partial: the run was interrupted)\n");
	if (result_bool(r, "panicked"))
		fprintf(f, "(the simulated kernel panicked: see the kern.log, --kern-log FILE)\n");
	print_stalls(f, r, el, o->program);
	print_process_time(f, r, el, o->program);
	print_swap_token(f, r);
	print_disk(f, r);
	print_writeback_passes(f, r);
	print_crypt_read_wait(f, r);
	print_cfq(f, r);
	measure_table_one_run(r, &one, &col);
	measure_tables_text(f, &one, SHOW_RUN);
	print_io(f, r);
	if (o->vmstat)
		fprintf(f, "\n%s", o->vmstat_text ? o->vmstat_text : "");
	if (o->slabinfo)
		fprintf(f, "\n%s", o->slabinfo_text ? o->slabinfo_text : "");
	if (o->meminfo)
		fprintf(f, "\n%s", o->meminfo_text ? o->meminfo_text : "");
	if (o->explain)
		fprintf(f, "\nWhy the allocations failed:\n%s",
			result_text(r, "explain") ? result_text(r, "explain") :
			"no allocation failed\n");
}

void run_report_kern_log(FILE *f, const struct run_result *r)
{
	const char *log = result_text(r, "kern_log");

	fputs(log ? log : "", f);
}
