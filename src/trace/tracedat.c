// SPDX-License-Identifier: GPL-2.0
/* trace.dat through libtracecmd: see tracedat.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tracedat.h"

bool tracedat_magic(const unsigned char *head, size_t len)
{
	return len >= 3 && head[0] == 0x17 && head[1] == 0x08 && head[2] == 0x44;
}

#define TRACEDAT_MISSING "libtracecmd-dev, libtracefs-dev and libtraceevent-dev"

const char *tracedat_support(void)
{
#ifdef HAVE_LIBTRACECMD
#ifdef LIBTRACECMD_VERSION
	return "libtracecmd " LIBTRACECMD_VERSION;
#else
	return "libtracecmd";
#endif
#else
	return "not built (" TRACEDAT_MISSING " were not found by pkg-config "
	       "when this mmsim was built)";
#endif
}

#ifdef HAVE_LIBTRACECMD

#include <trace-cmd.h>

#define FIELDS_MAX 4000

struct tracedat {
	struct tracecmd_input *handle;
	struct tep_handle *tep;
	int nr_cpus;
	struct tep_record **next;	/* per CPU: the record not yet returned */
	struct tep_record *cur;		/* returned last; freed on the next call */
	unsigned long lost;
	struct trace_seq seq;
	char comm[64];
	char flags[16];
	char fields[FIELDS_MAX];
};

struct tracedat *tracedat_open(const char *path, char *err, size_t errlen)
{
	struct tracedat *d = calloc(1, sizeof(*d));

	if (!d) {
		snprintf(err, errlen, "%s: out of memory", path);
		return NULL;
	}
	/* libtraceevent reports format quirks on stderr; mmsim reports
	 * what it cannot use itself. */
	tep_set_loglevel(TEP_LOG_NONE);
	tracecmd_set_loglevel(TEP_LOG_NONE);
	d->handle = tracecmd_open(path, TRACECMD_FL_LOAD_NO_PLUGINS);
	if (!d->handle) {
		snprintf(err, errlen, "%s: libtracecmd cannot read this trace.dat", path);
		free(d);
		return NULL;
	}
	d->tep = tracecmd_get_tep(d->handle);
	d->nr_cpus = tep_get_cpus(d->tep);
	d->next = calloc(d->nr_cpus > 0 ? (size_t)d->nr_cpus : 1, sizeof(*d->next));
	if (!d->next) {
		snprintf(err, errlen, "%s: out of memory", path);
		tracedat_close(d);
		return NULL;
	}
	for (int cpu = 0; cpu < d->nr_cpus; cpu++)
		d->next[cpu] = tracecmd_read_data(d->handle, cpu);
	trace_seq_init(&d->seq);
	return d;
}

void tracedat_close(struct tracedat *d)
{
	if (!d)
		return;
	if (d->next) {
		for (int cpu = 0; cpu < d->nr_cpus; cpu++)
			if (d->next[cpu])
				tracecmd_free_record(d->next[cpu]);
		trace_seq_destroy(&d->seq);
	}
	if (d->cur)
		tracecmd_free_record(d->cur);
	free(d->next);
	if (d->handle)
		tracecmd_close(d->handle);
	free(d);
}

unsigned long tracedat_lost_events(const struct tracedat *d)
{
	return d->lost;
}

int tracedat_long_size(const struct tracedat *d)
{
	return tep_get_long_size(d->tep);
}

/* The text of @fmt for @record into @out (bounded, NUL-terminated). */
static void render(struct tracedat *d, struct tep_record *record,
		   const char *what, char *out, size_t len)
{
	trace_seq_reset(&d->seq);
	tep_print_event(d->tep, &d->seq, record, "%s", what);
	trace_seq_terminate(&d->seq);
	snprintf(out, len, "%s", d->seq.buffer ? d->seq.buffer : "");
}

int tracedat_next(struct tracedat *d, struct tracedat_event *ev)
{
	struct tep_event *event;
	struct tep_record *r;
	int best = -1;

	if (d->cur) {
		tracecmd_free_record(d->cur);
		d->cur = NULL;
	}
	for (int cpu = 0; cpu < d->nr_cpus; cpu++)
		if (d->next[cpu] && (best < 0 || d->next[cpu]->ts < d->next[best]->ts))
			best = cpu;
	if (best < 0)
		return 0;
	r = d->cur = d->next[best];
	d->next[best] = tracecmd_read_data(d->handle, best);
	if (r->missed_events > 0)
		d->lost += (unsigned long)r->missed_events;

	ev->pid = tep_data_pid(d->tep, r);
	snprintf(d->comm, sizeof(d->comm), "%s", tep_data_comm_from_pid(d->tep, ev->pid));
	ev->comm = d->comm;
	ev->cpu = r->cpu;
	ev->ts = r->ts;
	render(d, r, TEP_PRINT_LATENCY, d->flags, sizeof(d->flags));
	ev->flags = d->flags;
	event = tep_find_event_by_record(d->tep, r);
	ev->event = event ? event->name : "unknown";
	if (event && (event->flags & TEP_EVENT_FL_FAILED)) {
		/* The print format could not be evaluated: raw fields. */
		trace_seq_reset(&d->seq);
		tep_record_print_fields(&d->seq, r, event);
		trace_seq_terminate(&d->seq);
		snprintf(d->fields, sizeof(d->fields), "%s",
			 d->seq.buffer ? d->seq.buffer : "");
	} else {
		render(d, r, TEP_PRINT_INFO, d->fields, sizeof(d->fields));
	}
	ev->fields = d->fields;
	return 1;
}

#else /* !HAVE_LIBTRACECMD */

struct tracedat *tracedat_open(const char *path, char *err, size_t errlen)
{
	snprintf(err, errlen,
		 "%s: a trace.dat file, and this mmsim was built without libtracecmd "
		 "(install " TRACEDAT_MISSING " (scripts/deps.sh) and rebuild with "
		 "make, or give the text of 'trace-cmd report')",
		 path);
	return NULL;
}

int tracedat_next(struct tracedat *d, struct tracedat_event *ev)
{
	(void)d;
	(void)ev;
	return 0;
}

unsigned long tracedat_lost_events(const struct tracedat *d)
{
	(void)d;
	return 0;
}

int tracedat_long_size(const struct tracedat *d)
{
	(void)d;
	return 8;
}

void tracedat_close(struct tracedat *d)
{
	(void)d;
}

#endif /* HAVE_LIBTRACECMD */
