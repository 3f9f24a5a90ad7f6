// SPDX-License-Identifier: GPL-2.0
/*
 * A run's traces (trace_sink.h).  The kernel's trace_sink feeds
 * report/ftrace.c's text or trace/tracedat_write.c's trace.dat.  Both
 * read the kernel's records (metrics/events.h) with the tables
 * trace_print_tables() gives; neither includes the other or the kernel.
 * The trace.dat writer is called from here rather than from report/, so
 * that report/ stays a formatter over metrics/ records and the trace
 * library is only ever called downwards.  Likewise the block trace's
 * relay hands report/blktrace.c its records, set up here.
 */
#include <stdlib.h>
#include <string.h>
#include "trace_sink.h"
#include "linux/blkdev.h"
#include "linux/blktrace_api.h"
#include "mmsim/trace.h"
#include "report/blktrace.h"
#include "report/ftrace.h"
#include "trace/tracedat_write.h"
#include "util/xalloc.h"

static struct {
	bool active;
	const struct trace_print_tables *tables;
	FILE *out;
	uint64_t events;
	bool irq_info;
	unsigned long lines;
	struct tracedat_writer *dat;
	char why[160];			/* a failure not the stream's */
} sink;

static void tracedat_sink(const struct trace_entry *e)
{
	char comm[16];

	if (!(sink.events & (UINT64_C(1) << e->id)))
		return;
	/* The cmdlines get the names the text trace prints. */
	ftrace_comm(e->comm, e->pid, comm, sizeof(comm));
	tracedat_writer_add(sink.dat, e, comm);
	sink.lines++;
}

static void ftrace_sink(const struct trace_entry *e)
{
	char line[512];
	int n;

	if (!(sink.events & (UINT64_C(1) << e->id)))
		return;
	n = ftrace_format_line(e, sink.tables, sink.irq_info, line, sizeof(line));
	fwrite(line, 1, (size_t)n, sink.out);
	sink.lines++;
}

int ftrace_sink_start(const struct ftrace_sink_opts *opts)
{
	if (sink.active || trace_sink)
		return -1;
	sink.active = true;
	sink.out = opts->out;
	sink.events = opts->events ? opts->events : FTRACE_ALL_EVENTS;
	sink.irq_info = opts->irq_info;
	sink.lines = 0;
	sink.why[0] = 0;
	/* The booted machine's: the sink starts after the boot. */
	sink.tables = trace_print_tables();
	if (opts->tracedat) {
		const struct trace_print_tables *t = sink.tables;
		struct tracedat_arch arch = {
			/* ftrace_page_ptr()'s mem_map addresses. */
			.long_size = t->long_size,
			.mem_map = t->mem_map,
			.struct_page_size = t->struct_page_size,
			.pageblock_order = t->pageblock_order,
		};
		char err[128];

		sink.dat = tracedat_writer_open(sink.out, &arch, sink.events,
						err, sizeof(err));
		trace_sink = tracedat_sink;
		return 0;
	}
	if (opts->header)
		ftrace_write_header(sink.out);
	trace_sink = ftrace_sink;
	return 0;
}

int ftrace_sink_stop(void)
{
	int rc;

	if (!sink.active)
		return 0;
	if (trace_sink == ftrace_sink || trace_sink == tracedat_sink)
		trace_sink = NULL;
	sink.active = false;
	rc = 0;
	if (sink.dat) {
		rc = tracedat_writer_close(sink.dat, sink.why, sizeof(sink.why));
		sink.dat = NULL;
	}
	if (fflush(sink.out) || ferror(sink.out))
		rc = -1;
	return rc;
}

const char *ftrace_sink_error(void)
{
	return sink.why[0] ? sink.why : NULL;
}

unsigned long ftrace_sink_lines(void)
{
	return sink.lines;
}

/* ---- blktrace --------------------------------------------------------- */

struct blktrace_run {
	struct blktrace_set *set;	/* the files */
	struct request_queue **q;	/* traced queues, NULL once removed */
	size_t nr;
};

static void blktrace_run_remove(struct blktrace_run *r)
{
	for (size_t i = 0; i < r->nr; i++) {
		if (r->q[i])
			blk_trace_remove(r->q[i]);
		r->q[i] = NULL;
	}
}

static void blktrace_run_free(struct blktrace_run *r)
{
	free(r->q);
	free(r);
}

struct blktrace_run *blktrace_run_start(const char *dir,
					struct block_device *const *bdevs,
					size_t nr, unsigned int nr_cpus,
					char *err, size_t len)
{
	struct blktrace_run *r = xcalloc(1, sizeof(*r));
	const char **names = xcalloc(nr + 1, sizeof(*names));

	for (size_t i = 0; i < nr; i++)
		names[i] = bdevs[i]->bd_name;
	r->set = blktrace_start(dir, names, nr, err, len);
	free(names);
	if (!r->set) {
		blktrace_run_free(r);
		return NULL;
	}
	r->q = xcalloc(nr + 1, sizeof(*r->q));
	r->nr = nr;
	/* Every file is there: trace from now on. */
	for (size_t i = 0; i < nr; i++) {
		struct request_queue *q = bdev_get_queue(bdevs[i]);

		if (blk_trace_setup(q, bdevs[i]->bd_dev, nr_cpus ? nr_cpus : 1,
				    blktrace_write, blktrace_device(r->set, i))) {
			snprintf(err, len, "%s: traced already", bdevs[i]->bd_name);
			blktrace_run_remove(r);
			blktrace_stop(r->set, false, NULL, 0);
			blktrace_run_free(r);
			return NULL;
		}
		r->q[i] = q;
	}
	return r;
}

unsigned long blktrace_run_records(const struct blktrace_run *r)
{
	return blktrace_records(r->set);
}

int blktrace_run_stop(struct blktrace_run *r, bool keep, char *err, size_t len)
{
	int rc;

	blktrace_run_remove(r);
	rc = blktrace_stop(r->set, keep, err, len);
	blktrace_run_free(r);
	return rc;
}
