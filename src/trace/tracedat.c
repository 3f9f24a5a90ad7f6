// SPDX-License-Identifier: GPL-2.0
/* trace.dat through libtracecmd: see tracedat.h. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include "tracedat.h"
#include "tracedat_check.h"

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
	struct tep_event *cur_event;	/* its event, NULL if unknown */
	unsigned long long *last_offset;	/* per CPU: the last record's */
	char why[160];			/* tracedat_next() returned -1 */
	unsigned long lost;
	struct trace_seq seq;
	char comm[64];
	char flags[16];
	char fields[FIELDS_MAX];
};

/* ---- the probe ----------------------------------------------------------- */

/*
 * Even a file whose layout is whole can crash libtraceevent: one flipped
 * bit in a print format ("(unsigned Long)") segfaults its parser, and a
 * header libtracecmd refuses sends tracecmd_open_fd() into its crashing
 * error path.  So the formats are parsed and the file opened first in a
 * child process, which says on a pipe what it is parsing; a child that
 * dies names the format that killed it, and mmsim reports that instead
 * of dying too.
 */
struct probe {
	int fd;
	struct tep_handle *tep;
	int long_size;
};

static void probe_say(struct probe *p, const char *fmt, const char *a,
		      const char *b)
{
	char line[512];
	int n = snprintf(line, sizeof(line), fmt, a, b);

	if (n > 0 && write(p->fd, line, (size_t)(n < (int)sizeof(line) ? n :
						 (int)sizeof(line) - 1)) < 0)
		_exit(5);
}

/* "name: mm_page_alloc" of a format, or "". */
static void format_name(const char *text, char *out, size_t len)
{
	const char *s = strncmp(text, "name: ", 6) ? strstr(text, "\nname: ") : text - 1;

	*out = 0;
	if (s)
		snprintf(out, len, "%.*s", (int)strcspn(s + 7, "\n"), s + 7);
}

static int probe_format(void *ctx, const char *system, unsigned int index,
			const char *text, size_t len)
{
	struct probe *p = ctx;
	char name[128];

	(void)index;
	if (!strcmp(system, "header_page")) {
		probe_say(p, "parsing its header_page%s%s\n", "", "");
		if (tep_parse_header_page(p->tep, (char *)text, len, p->long_size)) {
			probe_say(p, "its header_page cannot be parsed%s%s\n", "", "");
			_exit(4);
		}
		return 0;
	}
	if (!strcmp(system, "header_event"))
		return 0;
	format_name(text, name, sizeof(name));
	probe_say(p, "parsing the event format %s/%s\n", system, name);
	/* An error is the library's to judge when it opens the file. */
	tep_parse_event(p->tep, text, len, system);
	return 0;
}

static int probe(const char *path, char *err, size_t errlen)
{
	static const int fatal[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };
	char buf[4096], last[512] = "opening it";
	size_t have = 0;
	int fds[2], status;
	pid_t pid;

	if (pipe(fds)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (!pid) {
		struct probe p = { .fd = fds[1], .long_size = 8 };
		struct tracecmd_input *h;
		char why[256];

		close(fds[0]);
		signal(SIGPIPE, SIG_IGN);
		/*
		 * A crash in the library is this child's death by its
		 * signal, whatever the build: a sanitizer's or a fuzzer's
		 * handler (make asan, make fuzz) would report it as its own
		 * finding and exit instead.
		 */
		for (size_t i = 0; i < sizeof(fatal) / sizeof(fatal[0]); i++)
			signal(fatal[i], SIG_DFL);
		p.tep = tep_alloc();
		if (!p.tep)
			_exit(5);
		tep_set_loglevel(TEP_LOG_NONE);
		tracecmd_set_loglevel(TEP_LOG_NONE);
		if (tracedat_check(path, probe_format, &p, why, sizeof(why)))
			_exit(6);
		probe_say(&p, "opening it%s%s\n", "", "");
		h = tracecmd_open(path, TRACECMD_FL_LOAD_NO_PLUGINS);
		if (!h)
			_exit(3);
		/*
		 * tracedat_open() reads each CPU's first record next: the
		 * child does it first, so a header the layout check passed
		 * but the library cannot follow kills the child, not mmsim.
		 */
		probe_say(&p, "reading each CPU's first record%s%s\n", "", "");
		for (int cpu = 0; cpu < tep_get_cpus(tracecmd_get_tep(h)); cpu++)
			tracecmd_free_record(tracecmd_read_data(h, cpu));
		_exit(0);
	}
	close(fds[1]);
	for (;;) {
		ssize_t n = read(fds[0], buf + have, sizeof(buf) - 1 - have);
		char *nl;

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		have += (size_t)n;
		buf[have] = 0;
		/* Keep the last whole line. */
		while ((nl = strchr(buf, '\n'))) {
			*nl = 0;
			snprintf(last, sizeof(last), "%.500s", buf);
			memmove(buf, nl + 1, have - (size_t)(nl + 1 - buf) + 1);
			have -= (size_t)(nl + 1 - buf);
		}
		if (have == sizeof(buf) - 1)
			have = 0;
	}
	close(fds[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (WIFEXITED(status) && !WEXITSTATUS(status))
		return 0;
	/* The system and event names in it are the file's: no control
	 * characters or other bytes to the terminal. */
	for (char *c = last; *c; c++)
		if ((unsigned char)*c < 0x20 || (unsigned char)*c >= 0x7f)
			*c = '?';
	if (WIFSIGNALED(status))
		snprintf(err, errlen, "%s: damaged: libtracecmd crashed (%s) %s", path,
			 strsignal(WTERMSIG(status)), last);
	else if (WEXITSTATUS(status) == 4)
		snprintf(err, errlen, "%s: damaged: %s", path, last);
	else
		snprintf(err, errlen, "%s: libtracecmd cannot read this trace.dat "
			 "(it failed %s)", path, last);
	return -1;
}

struct tracedat *tracedat_open(const char *path, char *err, size_t errlen)
{
	struct tracedat *d = calloc(1, sizeof(*d));

	if (!d) {
		snprintf(err, errlen, "%s: out of memory", path);
		return NULL;
	}
	/* libtracecmd crashes on a file cut short or damaged: the layout
	 * is checked first (tracedat_check.h). */
	if (tracedat_check(path, NULL, NULL, err, errlen) ||
	    probe(path, err, errlen)) {
		free(d);
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
	d->last_offset = calloc(d->nr_cpus > 0 ? (size_t)d->nr_cpus : 1,
				sizeof(*d->last_offset));
	if (!d->next || !d->last_offset) {
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
	free(d->last_offset);
	if (d->handle)
		tracecmd_close(d->handle);
	free(d);
}

unsigned long tracedat_lost_events(const struct tracedat *d)
{
	return d->lost;
}

const char *tracedat_error(const struct tracedat *d)
{
	return d->why;
}

int tracedat_long_size(const struct tracedat *d)
{
	return tep_get_long_size(d->tep);
}

/* Whether a C type without "unsigned" is signed: the kernel's own
 * is_signed_type() decides the "signed:" column of later formats so. */
static bool type_is_signed(const char *type)
{
	static const char *const sig[] = {
		"int", "long", "short", "long long", "long int", "short int",
		"s8", "s16", "s32", "s64", "pid_t", "ssize_t",
	};

	if (strstr(type, "unsigned"))
		return false;
	if (!strncmp(type, "signed ", 7))
		return true;
	for (size_t i = 0; i < sizeof(sig) / sizeof(sig[0]); i++)
		if (!strcmp(type, sig[i]))
			return true;
	return false;
}

int tracedat_field_type(const struct tracedat *d, const char *name,
			unsigned int *size, bool *is_signed, const char **type)
{
	struct tep_format_field *f;

	if (!d->cur_event)
		return -1;
	f = tep_find_field(d->cur_event, name);
	if (!f || (f->flags & (TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_POINTER |
			       TEP_FIELD_IS_STRING | TEP_FIELD_IS_DYNAMIC)) ||
	    (f->size != 1 && f->size != 2 && f->size != 4 && f->size != 8) ||
	    !f->type || strchr(f->type, '*'))
		return -1;
	*size = (unsigned int)f->size;
	*is_signed = (f->flags & TEP_FIELD_IS_SIGNED) || type_is_signed(f->type);
	*type = f->type;
	return 0;
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
	d->cur_event = NULL;
	for (int cpu = 0; cpu < d->nr_cpus; cpu++)
		if (d->next[cpu] && (best < 0 || d->next[cpu]->ts < d->next[best]->ts))
			best = cpu;
	if (best < 0)
		return 0;
	r = d->cur = d->next[best];
	/*
	 * Damaged compressed data (whose pages the layout check cannot
	 * see) can make libtracecmd hand back the same records for ever:
	 * a CPU's records must move forward through its data.
	 */
	if (d->last_offset[best] && r->offset <= d->last_offset[best]) {
		snprintf(d->why, sizeof(d->why), "damaged: CPU %d's records go "
			 "back from byte %llu to %llu of its data", best,
			 d->last_offset[best], r->offset);
		return -1;
	}
	d->last_offset[best] = r->offset;
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
	d->cur_event = event;
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

const char *tracedat_error(const struct tracedat *d)
{
	(void)d;
	return "";
}

int tracedat_long_size(const struct tracedat *d)
{
	(void)d;
	return 8;
}

int tracedat_field_type(const struct tracedat *d, const char *name,
			unsigned int *size, bool *is_signed, const char **type)
{
	(void)d;
	(void)name;
	(void)size;
	(void)is_signed;
	(void)type;
	return -1;
}

void tracedat_close(struct tracedat *d)
{
	(void)d;
}

#endif /* HAVE_LIBTRACECMD */
