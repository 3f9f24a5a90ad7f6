// SPDX-License-Identifier: GPL-2.0
/*
 * Streaming parser of ftrace text (see parse.h for the accepted
 * shapes).  One fixed line buffer; nothing is kept between lines except
 * counters, so memory does not grow with the trace.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "parse.h"
#include "tracedat.h"
#include "linux/gfp.h"
#include "linux/mm_types.h"
#include "linux/swap.h"

struct trace_parser {
	FILE *f;
	struct tracedat *dat;		/* a trace.dat instead of text */
	char *path;			/* to reopen a trace.dat */
	bool own;			/* close @f with the parser */
	bool failed;
	unsigned long line;
	unsigned long lost;
	char *name;
	bool any_byte;			/* the text had at least one byte */
	char err[TRACE_LINE_MAX / 8 + 256];
	struct trace_warnings warn;	/* what was passed over */
	/* Order: the latest timestamp so far, and the event before (its
	 * task, CPU, time, name and fields), to find repeats. */
	uint64_t max_ts;
	bool have_ts;
	struct {
		bool valid, excused;
		int pid, cpu;
		uint64_t ts;
		char event[64];
		char fields[TRACE_LINE_MAX + 1];
	} prev;
	char buf[TRACE_LINE_MAX + 1];
};

/* ---- opening ------------------------------------------------------------ */

struct trace_parser *trace_parser_new(FILE *f, const char *name)
{
	struct trace_parser *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->f = f;
	p->name = strdup(name);
	if (!p->name) {
		free(p);
		return NULL;
	}
	return p;
}

/* A trace.dat: libtracecmd reads it from its path. */
static struct trace_parser *open_tracedat(const char *path, char *err, size_t errlen)
{
	struct trace_parser *p = trace_parser_new(NULL, path);

	if (!p || !(p->path = strdup(path))) {
		snprintf(err, errlen, "%s: out of memory", path);
		trace_parser_close(p);
		return NULL;
	}
	p->dat = tracedat_open(path, err, errlen);
	if (!p->dat) {
		trace_parser_close(p);
		return NULL;
	}
	return p;
}

/*
 * Whether @n bytes from the start of a file look like text: no control
 * characters but tab, carriage return and newline, and UTF-8 (a sequence
 * cut by the end of the block is given the benefit of the doubt).  A
 * binary file whose first line happens to be short and plain would
 * otherwise reach the terminal as a quoted "line".
 */
static bool looks_like_text(const unsigned char *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = b[i];
		size_t more;

		if (c < 0x80) {
			if ((c < 0x20 && c != '\t' && c != '\r' && c != '\n') ||
			    c == 0x7f)
				return false;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf)
			more = 1;
		else if ((c & 0xf0) == 0xe0)
			more = 2;
		else if (c >= 0xf0 && c <= 0xf4)
			more = 3;
		else
			return false;
		for (size_t k = 1; k <= more && i + k < n; k++)
			if ((b[i + k] & 0xc0) != 0x80)
				return false;
		i += more;
	}
	return true;
}

/* Standard input with its first @n bytes, already read into @head, put
 * back in front: a stream that reads them, then the rest of stdin. */
struct head_then {
	unsigned char head[16];
	size_t n, pos;
	FILE *rest;
};

static ssize_t head_then_read(void *cookie, char *buf, size_t len)
{
	struct head_then *h = cookie;

	if (h->pos < h->n) {
		size_t k = h->n - h->pos < len ? h->n - h->pos : len;

		memcpy(buf, h->head + h->pos, k);
		h->pos += k;
		return (ssize_t)k;
	}
	len = fread(buf, 1, len, h->rest);
	return !len && ferror(h->rest) ? -1 : (ssize_t)len;
}

static int head_then_close(void *cookie)
{
	free(cookie);
	return 0;
}

static FILE *head_then(FILE *rest, const unsigned char *head, size_t n)
{
	static const cookie_io_functions_t io = {
		.read = head_then_read, .close = head_then_close,
	};
	struct head_then *h = calloc(1, sizeof(*h));
	FILE *f;

	if (!h || n > sizeof(h->head)) {
		free(h);
		return NULL;
	}
	memcpy(h->head, head, n);
	h->n = n;
	h->rest = rest;
	f = fopencookie(h, "r", io);
	if (!f)
		free(h);
	return f;
}

/*
 * A trace.dat on standard input: libtracecmd reads a file at offsets, so
 * stdin (what was read of it, @head, and the rest) goes to an unlinked
 * temporary file, opened through /proc/self/fd; messages name <stdin>.
 */
static struct trace_parser *open_tracedat_stdin(const unsigned char *head,
						size_t n, char *err,
						size_t errlen)
{
	char tmpl[] = "/tmp/mmsim-stdin-XXXXXX", path[64], buf[65536];
	struct trace_parser *p;
	size_t r;
	int fd = mkstemp(tmpl);
	FILE *f;

	if (fd < 0) {
		snprintf(err, errlen, "<stdin>: a trace.dat, and no temporary file "
			 "to hold it: %s", strerror(errno));
		return NULL;
	}
	unlink(tmpl);
	f = fdopen(fd, "w+");
	if (!f) {
		close(fd);
		snprintf(err, errlen, "<stdin>: %s", strerror(errno));
		return NULL;
	}
	fwrite(head, 1, n, f);
	while ((r = fread(buf, 1, sizeof(buf), stdin)) > 0)
		fwrite(buf, 1, r, f);
	if (ferror(stdin) || fflush(f) || ferror(f)) {
		snprintf(err, errlen, "<stdin>: a trace.dat that cannot be kept in "
			 "%s: %s", P_tmpdir, strerror(errno));
		fclose(f);
		return NULL;
	}
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	p = open_tracedat(path, err, errlen);
	if (!p) {
		size_t k = strlen(path);

		/* "/proc/self/fd/3: why" -> "<stdin>: why" */
		if (!strncmp(err, path, k)) {
			char rest[1024];

			snprintf(rest, sizeof(rest), "%s", err + k);
			snprintf(err, errlen, "<stdin>%s", rest);
		}
		fclose(f);
		return NULL;
	}
	free(p->name);
	p->name = strdup("<stdin>");
	/* The file stays open (its descriptor is the path) with the parser. */
	p->f = f;
	p->own = true;
	if (!p->name) {
		trace_parser_close(p);
		snprintf(err, errlen, "<stdin>: out of memory");
		return NULL;
	}
	return p;
}

struct trace_parser *trace_parser_open(const char *path, char *err, size_t errlen)
{
	unsigned char head[4096];
	struct trace_parser *p;
	size_t n = 0;
	FILE *f;

	if (!*path) {
		snprintf(err, errlen, "an empty path (expected a trace file, or - for "
			 "standard input)");
		return NULL;
	}
	if (!strcmp(path, "-")) {
		f = stdin;
		/* A trace.dat piped in: its magic is in the first bytes. */
		n = fread(head, 1, 10, stdin);
		if (tracedat_magic(head, n))
			return open_tracedat_stdin(head, n, err, errlen);
		f = head_then(stdin, head, n);
		if (!f) {
			snprintf(err, errlen, "<stdin>: out of memory");
			return NULL;
		}
	} else {
		f = fopen(path, "r");
		if (!f) {
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			return NULL;
		}
		n = fread(head, 1, sizeof(head), f);
		rewind(f);
		if (tracedat_magic(head, n)) {
			fclose(f);
			return open_tracedat(path, err, errlen);
		}
		if (!looks_like_text(head, n)) {
			fclose(f);
			snprintf(err, errlen, "%s: binary data, not ftrace text or "
				 "trace.dat", path);
			return NULL;
		}
	}
	p = trace_parser_new(f, !strcmp(path, "-") ? "<stdin>" : path);
	if (!p) {
		snprintf(err, errlen, "%s: out of memory", path);
		fclose(f);
		return NULL;
	}
	p->own = true;
	return p;
}

void trace_parser_close(struct trace_parser *p)
{
	if (!p)
		return;
	if (p->own)
		fclose(p->f);
	tracedat_close(p->dat);
	free(p->path);
	free(p->name);
	free(p);
}

int trace_parser_rewind(struct trace_parser *p)
{
	if (p->dat) {
		char err[64];

		tracedat_close(p->dat);
		p->dat = tracedat_open(p->path, err, sizeof(err));
		if (!p->dat)
			return -1;
	} else {
		if (fseek(p->f, 0, SEEK_SET))
			return -1;
		clearerr(p->f);
	}
	p->line = 0;
	p->lost = 0;
	p->failed = false;
	p->any_byte = false;
	p->err[0] = '\0';
	memset(&p->warn, 0, sizeof(p->warn));
	p->have_ts = false;
	p->prev.valid = false;
	return 0;
}

const char *trace_parser_error(const struct trace_parser *p)
{
	return p->err;
}

const struct trace_warnings *trace_parser_warnings(const struct trace_parser *p)
{
	return &p->warn;
}

/* Seconds, as the trace prints them. */
static void ts_text(char *buf, size_t len, uint64_t t)
{
	snprintf(buf, len, "%llu.%06llu", (unsigned long long)(t / 1000000000ULL),
		 (unsigned long long)(t % 1000000000ULL / 1000));
}

int trace_warnings_print(const struct trace_warnings *w, const char *name,
			 FILE *out, const char *prefix, const char *backwards_then)
{
	char a[32], b[32];
	int n = 0;

	if (w->cut[0]) {
		fprintf(out, "%s%s\n", prefix, w->cut);
		n++;
	}
	if (w->backwards) {
		ts_text(a, sizeof(a), w->back_ts);
		ts_text(b, sizeof(b), w->back_prev);
		fprintf(out, "%s%lu events go back in time (the first at %s:%lu: "
			"%s after %s): the trace is not in time order "
			"(concatenated or edited?)%s%s\n", prefix, w->backwards,
			name, w->back_line, a, b, backwards_then ? "; " : "",
			backwards_then ? backwards_then : "");
		n++;
	}
	if (w->duplicates) {
		fprintf(out, "%s%lu events repeat the event before them exactly "
			"(the first at %s:%lu: same task, CPU, time and fields): "
			"lines duplicated?\n", prefix, w->duplicates, name,
			w->dup_line);
		n++;
	}
	return n;
}

unsigned long trace_parser_line(const struct trace_parser *p)
{
	return p->line;
}

const char *trace_parser_name(const struct trace_parser *p)
{
	return p->name;
}

/* TRACE_PARSE_EVENT, _EOF and _ERROR are a source's 1, 0 and -1. */
static int source_next(void *data, struct trace_record *rec)
{
	return trace_parser_next(data, rec);
}

static const char *source_error(const void *data)
{
	return trace_parser_error(data);
}

static unsigned long source_line(const void *data)
{
	return trace_parser_line(data);
}

void trace_parser_source(struct trace_parser *p, struct trace_record_source *src)
{
	src->data = p;
	src->next = source_next;
	src->error = source_error;
	src->line = source_line;
	src->name = trace_parser_name(p);
}

unsigned long trace_parser_lost_events(const struct trace_parser *p)
{
	return p->lost + (p->dat ? tracedat_lost_events(p->dat) : 0);
}

static int __attribute__((format(printf, 2, 3)))
fail(struct trace_parser *p, const char *fmt, ...)
{
	va_list ap;
	int n;

	n = snprintf(p->err, sizeof(p->err), "%s:%lu: ", p->name, p->line);
	va_start(ap, fmt);
	vsnprintf(p->err + n, sizeof(p->err) - (size_t)n, fmt, ap);
	va_end(ap);
	p->failed = true;
	return TRACE_PARSE_ERROR;
}

/* At most @max characters of @s, for quoting a bad token in a message. */
static const char *quote(const char *s, size_t len, char *out, size_t max)
{
	size_t n = len < max - 1 ? len : max - 1;

	memcpy(out, s, n);
	out[n] = '\0';
	return out;
}

/*
 * Binary input is described, never quoted: its bytes would go to the
 * terminal.  ftrace text has no control characters but tabs (and the
 * carriage returns of a file that went through Windows), and is UTF-8.
 */
static int binary(struct trace_parser *p)
{
	snprintf(p->err, sizeof(p->err), "%s: binary data, not ftrace text or "
		 "trace.dat", p->name);
	p->failed = true;
	return TRACE_PARSE_ERROR;
}

/*
 * Read one line into p->buf without its '\n'.  1: a line; 0: end of file
 * (a last line without its newline is passed over with a warning: a
 * trace_pipe capture stopped mid-line ends so); -1: error set (too long,
 * binary, read error).
 */
static int read_line(struct trace_parser *p)
{
	size_t n = 0;
	int c, cont = 0;	/* UTF-8 continuation bytes still due */

	p->line++;
	while ((c = getc_unlocked(p->f)) != EOF) {
		p->any_byte = true;
		/* Text is UTF-8 (a comm may be); other high bytes are not. */
		if (c >= 0x80) {
			if (cont)
				cont = (c & 0xc0) == 0x80 ? cont - 1 : -1;
			else if (c >= 0xc2 && c <= 0xdf)
				cont = 1;
			else if ((c & 0xf0) == 0xe0)
				cont = 2;
			else if (c >= 0xf0 && c <= 0xf4)
				cont = 3;
			else
				cont = -1;
			if (cont < 0) {
				binary(p);
				return -1;
			}
		} else if (cont) {
			binary(p);
			return -1;
		}
		/* trace.dat starts with "\027\010Dtracing": read from a
		 * pipe, it cannot go through libtracecmd. */
		if (p->line == 1 && n == 0 && c == 0x17) {
			fail(p, "a binary trace.dat file: give it as a file, or the "
			     "text of 'trace-cmd report'");
			return -1;
		}
		if (c == '\n') {
			p->buf[n] = '\0';
			return 1;
		}
		if (c < 0x80 && ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7f)) {
			binary(p);
			return -1;
		}
		if (n >= TRACE_LINE_MAX) {
			fail(p, "line longer than %d characters", TRACE_LINE_MAX);
			return -1;
		}
		p->buf[n++] = (char)c;
	}
	if (ferror(p->f)) {
		fail(p, "read error: %s", strerror(errno));
		return -1;
	}
	if (n) {
		p->buf[n] = '\0';
		snprintf(p->warn.cut, sizeof(p->warn.cut), "%s:%lu: the last line has "
			 "no newline (a capture cut mid-line?); passed over: '%s'",
			 p->name, p->line, quote(p->buf, n, (char[64]){0}, 64));
		return 0;
	}
	p->line--;
	/* Nothing at all: a 0-byte file is no trace, whatever its name
	 * (a trace.dat cut to nothing has no magic left to tell). */
	if (!p->any_byte) {
		snprintf(p->err, sizeof(p->err), "%s: empty file is not a trace",
			 p->name);
		p->failed = true;
		return -1;
	}
	return 0;
}

/* ---- numbers and flags -------------------------------------------------- */

/* Decimal or 0x hex, optionally negative; the whole token. */
static bool parse_long(const char *s, size_t len, long long *out)
{
	char tmp[32];
	char *end;

	if (!len || len >= sizeof(tmp))
		return false;
	memcpy(tmp, s, len);
	tmp[len] = '\0';
	if (!isdigit((unsigned char)tmp[0]) && tmp[0] != '-')
		return false;
	errno = 0;
	/* Base 10 or 0x hex (later kernels print pfn=0x%lx); never octal. */
	if (tmp[0] == '-')
		*out = strtoll(tmp, &end, 10);
	else if (tmp[0] == '0' && tmp[1] == 'x')
		*out = (long long)strtoull(tmp + 2, &end, 16);
	else
		*out = (long long)strtoull(tmp, &end, 10);
	return !errno && *end == '\0' && end != tmp;
}

struct gfp_name {
	const char *name;
	gfp_t mask;
};

/* 2.6.32's names (show_gfp_flags), tried with and without "__". */
static const struct gfp_name gfp_names_32[] = {
	{ "GFP_HIGHUSER_MOVABLE", GFP_HIGHUSER_MOVABLE },
	{ "GFP_HIGHUSER", GFP_HIGHUSER },
	{ "GFP_USER", GFP_USER },
	{ "GFP_TEMPORARY", GFP_TEMPORARY },
	{ "GFP_KERNEL", GFP_KERNEL },
	{ "GFP_NOFS", GFP_NOFS },
	{ "GFP_ATOMIC", GFP_ATOMIC },
	{ "GFP_NOIO", GFP_NOIO },
	{ "GFP_NOWAIT", GFP_NOWAIT },
	{ "GFP_HIGH", __GFP_HIGH },
	{ "GFP_WAIT", __GFP_WAIT },
	{ "GFP_IO", __GFP_IO },
	{ "GFP_FS", __GFP_FS },
	{ "GFP_COLD", __GFP_COLD },
	{ "GFP_NOWARN", __GFP_NOWARN },
	{ "GFP_REPEAT", __GFP_REPEAT },
	{ "GFP_NOFAIL", __GFP_NOFAIL },
	{ "GFP_NORETRY", __GFP_NORETRY },
	{ "GFP_COMP", __GFP_COMP },
	{ "GFP_ZERO", __GFP_ZERO },
	{ "GFP_NOMEMALLOC", __GFP_NOMEMALLOC },
	{ "GFP_HARDWALL", __GFP_HARDWALL },
	{ "GFP_THISNODE", __GFP_THISNODE },
	{ "GFP_RECLAIMABLE", __GFP_RECLAIMABLE },
	{ "GFP_MOVABLE", __GFP_MOVABLE },
	{ "GFP_DMA", __GFP_DMA },
	{ "GFP_DMA32", __GFP_DMA32 },
	{ "GFP_HIGHMEM", __GFP_HIGHMEM },
};

/*
 * Later kernels' names (include/trace/events/mmflags.h, 3.x-6.x) by their
 * meaning in 2.6.32: direct reclaim is __GFP_WAIT; kswapd waking, memcg
 * accounting, KASAN/lockdep hints and __GFP_ATOMIC (whose ALLOC_HARDER
 * 2.6.32 derives from !__GFP_WAIT) have no bit; transparent huge pages
 * did not exist, so GFP_TRANSHUGE becomes the movable compound request
 * it is.
 */
static const struct gfp_name gfp_names_later[] = {
	{ "GFP_TRANSHUGE", GFP_HIGHUSER_MOVABLE | __GFP_COMP | __GFP_NOMEMALLOC | __GFP_NOWARN },
	{ "GFP_TRANSHUGE_LIGHT", (GFP_HIGHUSER_MOVABLE & ~__GFP_WAIT) | __GFP_COMP |
				 __GFP_NOMEMALLOC | __GFP_NOWARN },
	{ "GFP_KERNEL_ACCOUNT", GFP_KERNEL },
	{ "GFP_IOFS", __GFP_IO | __GFP_FS },
	{ "__GFP_RETRY_MAYFAIL", __GFP_REPEAT },
	{ "__GFP_RECLAIM", __GFP_WAIT },
	{ "__GFP_DIRECT_RECLAIM", __GFP_WAIT },
	{ "__GFP_KSWAPD_RECLAIM", 0 },
	{ "__GFP_NO_KSWAPD", 0 },
	{ "__GFP_ATOMIC", 0 },
	{ "__GFP_MEMALLOC", 0 },
	{ "__GFP_ACCOUNT", 0 },
	{ "__GFP_NOACCOUNT", 0 },
	{ "__GFP_KMEMCG", 0 },
	{ "__GFP_WRITE", 0 },
	{ "__GFP_NOTRACK", 0 },
	{ "__GFP_NOTRACK_FALSE_POSITIVE", 0 },
	{ "__GFP_OTHER_NODE", 0 },
	{ "__GFP_NOLOCKDEP", 0 },
	{ "__GFP_ZEROTAGS", 0 },
	{ "__GFP_SKIP_ZERO", 0 },
	{ "__GFP_SKIP_KASAN", 0 },
	{ "__GFP_SKIP_KASAN_POISON", 0 },
	{ "__GFP_SKIP_KASAN_UNPOISON", 0 },
};

static bool name_is(const char *s, size_t len, const char *name)
{
	return strlen(name) == len && !memcmp(s, name, len);
}

static bool gfp_lookup(const char *s, size_t len, gfp_t *mask)
{
	for (size_t i = 0; i < sizeof(gfp_names_later) / sizeof(gfp_names_later[0]); i++)
		if (name_is(s, len, gfp_names_later[i].name)) {
			*mask = gfp_names_later[i].mask;
			return true;
		}
	if (len > 2 && s[0] == '_' && s[1] == '_') {
		s += 2;
		len -= 2;
	}
	for (size_t i = 0; i < sizeof(gfp_names_32) / sizeof(gfp_names_32[0]); i++)
		if (name_is(s, len, gfp_names_32[i].name)) {
			*mask = gfp_names_32[i].mask;
			return true;
		}
	return false;
}

int gfp_flags_parse(const char *s, size_t len, gfp_t *out,
		    char *bad, size_t badlen)
{
	gfp_t gfp = 0;
	size_t i = 0;

	if (!len) {
		quote("(empty)", 7, bad, badlen);
		return -1;
	}
	while (i <= len) {
		size_t j = i;
		gfp_t mask;
		long long v;

		while (j < len && s[j] != '|')
			j++;
		/* 2.6.32 prints leftover bits as one hex number. */
		if (j - i > 2 && s[i] == '0' && s[i + 1] == 'x' &&
		    parse_long(s + i, j - i, &v) && v >= 0 && v <= 0xffffffffLL)
			gfp |= (gfp_t)v;
		else if (gfp_lookup(s + i, j - i, &mask))
			gfp |= mask;
		else {
			quote(s + i, j - i, bad, badlen);
			return -1;
		}
		i = j + 1;
	}
	*out = gfp;
	return 0;
}

static bool reclaim_flags_parse(const char *s, size_t len, unsigned int *out)
{
	static const struct { const char *name; unsigned int bit; } names[] = {
		{ "RECLAIM_WB_ANON", RECLAIM_WB_ANON },
		{ "RECLAIM_WB_FILE", RECLAIM_WB_FILE },
		{ "RECLAIM_WB_MIXED", RECLAIM_WB_MIXED },
		{ "RECLAIM_WB_SYNC", RECLAIM_WB_SYNC },
		{ "RECLAIM_WB_ASYNC", RECLAIM_WB_ASYNC },
	};
	unsigned int flags = 0;
	size_t i = 0;

	while (i < len) {
		size_t j = i;
		long long v;
		bool found = false;

		while (j < len && s[j] != '|')
			j++;
		for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++)
			if (name_is(s + i, j - i, names[k].name)) {
				flags |= names[k].bit;
				found = true;
			}
		if (!found) {
			if (!parse_long(s + i, j - i, &v) || v < 0)
				return false;
			flags |= (unsigned int)v;
		}
		i = j + 1;
	}
	*out = flags;
	return true;
}

/* ---- fields ------------------------------------------------------------- */

#define MAX_FIELDS 16

struct field {
	const char *key, *val;
	size_t klen, vlen;
};

struct fields {
	struct field f[MAX_FIELDS];
	int n;
	struct trace_parser *p;
	const char *event;
};

/* Split "k=v k=v ..." in place-free fashion; tokens without '=' are ignored. */
static void split_fields(const char *s, struct fields *fs)
{
	fs->n = 0;
	while (*s && fs->n < MAX_FIELDS) {
		const char *tok, *eq;
		size_t len;

		while (*s == ' ' || *s == '\t')
			s++;
		tok = s;
		while (*s && *s != ' ' && *s != '\t')
			s++;
		len = (size_t)(s - tok);
		eq = memchr(tok, '=', len);
		if (!eq || eq == tok)
			continue;
		fs->f[fs->n].key = tok;
		fs->f[fs->n].klen = (size_t)(eq - tok);
		fs->f[fs->n].val = eq + 1;
		fs->f[fs->n].vlen = len - (size_t)(eq - tok) - 1;
		fs->n++;
	}
}

static const struct field *field_find(const struct fields *fs, const char *key)
{
	for (int i = 0; i < fs->n; i++)
		if (name_is(fs->f[i].key, fs->f[i].klen, key))
			return &fs->f[i];
	return NULL;
}

/*
 * A number as the trace prints it: decimal, or 0x hex (later kernels
 * print pfn=0x%lx; libtraceevent prints a raw long field so), optionally
 * negative; the whole token.  @neg and the magnitude, so that every
 * value of a 64-bit field, either sign, is told apart from one that is
 * out of its range.  0, -1 (not a number) or -2 (digits past 64 bits).
 */
static int parse_num(const char *s, size_t len, bool *neg, unsigned long long *mag)
{
	char tmp[32];
	char *end;
	const char *d;

	if (!len || len >= sizeof(tmp))
		return -1;
	memcpy(tmp, s, len);
	tmp[len] = '\0';
	*neg = tmp[0] == '-';
	d = tmp + *neg;
	if (!isdigit((unsigned char)d[0]))
		return -1;
	if (d[0] == '0' && d[1] == 'x')
		d += 2;
	/* strtoull() would take blanks and a sign after the 0x. */
	if (!isxdigit((unsigned char)d[0]))
		return -1;
	errno = 0;
	*mag = strtoull(d, &end, d > tmp + *neg ? 16 : 10);
	if (*end != '\0')
		return -1;
	return errno ? -2 : 0;
}

/*
 * The C type a field is declared with: its width and signedness, and a
 * name for messages.  A field's value is refused unless it fits.
 */
struct field_type {
	unsigned int size;		/* bytes: 1, 2, 4 or 8 */
	bool is_signed;
	const char *name;		/* "unsigned long" */
};

static bool fits(bool neg, unsigned long long mag, const struct field_type *t)
{
	unsigned int bits = t->size * 8;
	unsigned long long max;

	if (bits > 64)
		bits = 64;
	if (!t->is_signed)
		return (!neg || !mag) &&
		       mag <= (bits == 64 ? ~0ULL : (1ULL << bits) - 1);
	max = (1ULL << (bits - 1)) - 1;		/* the largest positive */
	return neg ? mag <= max + 1 : mag <= max;
}

static void type_range(const struct field_type *t, char *buf, size_t len)
{
	unsigned int bits = t->size > 8 ? 64 : t->size * 8;

	if (t->is_signed)
		snprintf(buf, len, "-%llu to %llu", 1ULL << (bits - 1),
			 (1ULL << (bits - 1)) - 1);
	else
		snprintf(buf, len, "0 to %llu",
			 bits == 64 ? ~0ULL : (1ULL << bits) - 1);
}

/* The type mmsim keeps a field in, which is the kernel's
 * TP_STRUCT__entry type for every field of struct trace_entry. */
static const char *c_type_name(unsigned int size, bool is_signed)
{
	switch (size) {
	case 1: return is_signed ? "signed char" : "unsigned char";
	case 2: return is_signed ? "short" : "unsigned short";
	case 4: return is_signed ? "int" : "unsigned int";
	default: return is_signed ? "long" : "unsigned long";
	}
}

/*
 * Numeric field @key, which mmsim keeps in a @size-byte, @is_signed
 * integer, into *@out (two's complement for a negative value); false
 * (error set) if missing, not a number, or out of the range of the type
 * its format declares (a trace.dat's format file) or, for text, of the
 * type the event declares it with.  A value that fits neither would be
 * cut or wrap where it is stored or summed: "nr_scanned=-32" is no
 * count of pages.
 */
static bool get_num_typed(struct fields *fs, const char *key, unsigned int size,
			  bool is_signed, long long *out)
{
	const struct field *f = field_find(fs, key);
	struct field_type mine = {
		.size = size, .is_signed = is_signed,
		.name = c_type_name(size, is_signed),
	};
	struct field_type decl;
	unsigned long long mag;
	char q[40], range[64];
	bool neg;

	if (!f) {
		fail(fs->p, "%s: no %s= field", fs->event, key);
		return false;
	}
	switch (parse_num(f->val, f->vlen, &neg, &mag)) {
	case -1:
		fail(fs->p, "%s: %s=%s is not a number", fs->event, key,
		     quote(f->val, f->vlen, q, sizeof(q)));
		return false;
	case -2:
		type_range(&mine, range, sizeof(range));
		fail(fs->p, "%s: %s=%s does not fit its type, %s (%s)", fs->event,
		     key, quote(f->val, f->vlen, q, sizeof(q)), mine.name, range);
		return false;
	}
	/*
	 * A trace.dat says how the field is declared.  libtraceevent
	 * prints a field unsigned when a format has no "signed:" column
	 * (2.6.32's have none): a value past the signed half of a field
	 * whose type is signed is its negative two's complement then.
	 */
	if (fs->p->dat && tracedat_field_type(fs->p->dat, key, &decl.size,
					      &decl.is_signed, &decl.name) == 0) {
		unsigned int bits = decl.size * 8;

		if (decl.is_signed && !neg && bits < 64 && mag < (1ULL << bits) &&
		    mag >= (1ULL << (bits - 1))) {
			mag = (1ULL << bits) - mag;
			neg = true;
		} else if (decl.is_signed && !neg && bits == 64 &&
			   mag > (unsigned long long)LLONG_MAX) {
			mag = -mag;
			neg = true;
		}
		if (!fits(neg, mag, &decl)) {
			type_range(&decl, range, sizeof(range));
			fail(fs->p, "%s: %s=%s does not fit its type, %s (%s)",
			     fs->event, key, quote(f->val, f->vlen, q, sizeof(q)),
			     decl.name, range);
			return false;
		}
	}
	if (!fits(neg, mag, &mine)) {
		type_range(&mine, range, sizeof(range));
		fail(fs->p, "%s: %s=%s does not fit its type, %s (%s)", fs->event,
		     key, quote(f->val, f->vlen, q, sizeof(q)), mine.name, range);
		return false;
	}
	*out = neg ? (long long)(0 - mag) : (long long)mag;
	return true;
}

#define IS_SIGNED_TYPE(x)						\
	_Generic((x), signed char: true, short: true, int: true, long: true, \
		 long long: true, default: false)

/*
 * GET_INT(fs, key, dst): the field into @dst, range-checked against
 * @dst's type (struct trace_entry declares each field as the kernel's
 * TP_STRUCT__entry does) and, for a trace.dat, against the type of the
 * file's format.
 */
#define GET_INT(fs, key, dst)						\
	({								\
		long long __v;						\
		bool __ok = get_num_typed(fs, key, sizeof(dst),		\
					  IS_SIGNED_TYPE(dst), &__v);	\
									\
		if (__ok)						\
			(dst) = (__typeof__(dst))__v;			\
		__ok;							\
	})

/* Optional numeric field: absent leaves @dst; present must be a number. */
#define GET_OPT(fs, key, dst)						\
	(field_find(fs, key) ? GET_INT(fs, key, dst) : true)

/*
 * Plausibility, where the parser knows what a field means: @v of @key
 * within [@lo, @hi], else "FILE:LINE: EVENT: KEY=V is not WHAT".  A
 * trace.dat has no checksum: a flipped bit in a record's data is found
 * only so (docs/trace.md, "A damaged trace.dat").
 */
static bool in_range(struct fields *fs, const char *key, long long v,
		     long long lo, long long hi, const char *what)
{
	if (v >= lo && v <= hi)
		return true;
	fail(fs->p, "%s: %s=%lld is not %s (%lld to %lld)", fs->event, key, v,
	     what, lo, hi);
	return false;
}

/* A page order: below MAX_ORDER, 11 on x86 in 2.6.32 (and every x86
 * kernel since: 6.4's MAX_ORDER of 10 counts the same orders, inclusive). */
#define ORDER_OK(fs, key, v)						\
	in_range(fs, key, (long long)(v), 0, MAX_ORDER - 1, "a page order")
/* A migratetype: 2.6.32's pageblock keeps it in three bits
 * (include/linux/pageblock-flags.h, PB_migrate to PB_migrate_end); later
 * kernels' types (CMA, HIGHATOMIC, ISOLATE) fit too. */
#define MIGRATETYPE_OK(fs, key, v)					\
	in_range(fs, key, (long long)(v), 0, 7, "a migratetype")
#define BOOL_OK(fs, key, v)						\
	in_range(fs, key, (long long)(v), 0, 1, "0 or 1")

/* page= and pfn=; "(null)" marks an allocation that failed. */
static bool get_page_pfn(struct fields *fs, unsigned long *pfn, bool *null_page)
{
	const struct field *page = field_find(fs, "page");

	long long addr;

	*null_page = page && name_is(page->val, page->vlen, "(null)");
	/*
	 * A 2.6.32 trace.dat records the struct page address, not the pfn
	 * (page_to_pfn ran only when printing): the address is the block's
	 * key then.
	 */
	if (!field_find(fs, "pfn") && page && !*null_page &&
	    parse_long(page->val, page->vlen, &addr)) {
		*pfn = addr ? (unsigned long)addr : -1UL;
		*null_page = !addr;
		return true;
	}
	if (!GET_INT(fs, "pfn", *pfn))
		return false;
	if (*null_page)
		*pfn = -1UL;
	return true;
}

#define RAW_GFP_BITS_SHIFT 22

static bool get_gfp(struct fields *fs, const char *key, gfp_t *gfp,
		    struct trace_record *rec)
{
	const struct field *f = field_find(fs, key);
	char bad[64];
	long long num;

	if (!f) {
		fail(fs->p, "%s: no %s= field", fs->event, key);
		return false;
	}
	/* A number: raw trace.dat fields, in the traced kernel's bits
	 * (2.6.32's, for a trace whose print format failed). */
	if (parse_long(f->val, f->vlen, &num) && num >= 0 && num <= 0xffffffffLL) {
		/*
		 * 2.6.32's gfp_t has __GFP_BITS_SHIFT (22) bits
		 * (include/linux/gfp.h): a higher one is damage, or a
		 * later kernel's bit, which cannot be read as 2.6.32's.
		 * Unusable, as an unknown flag name is.
		 */
		*gfp = (gfp_t)num;
		if (num >> RAW_GFP_BITS_SHIFT) {
			snprintf(rec->unusable_buf, sizeof(rec->unusable_buf),
				 "gfp_flags %lld has bits above 2.6.32's "
				 "__GFP_BITS_SHIFT (%d)", num, RAW_GFP_BITS_SHIFT);
			rec->unusable = rec->unusable_buf;
		}
		return true;
	}
	if (gfp_flags_parse(f->val, f->vlen, gfp, bad, sizeof(bad))) {
		snprintf(rec->unusable_buf, sizeof(rec->unusable_buf),
			 "unknown gfp flag '%s'", bad);
		rec->unusable = rec->unusable_buf;
	}
	return true;
}

static bool get_reclaim_flags(struct fields *fs, unsigned int *flags)
{
	const struct field *f = field_find(fs, "flags");
	char q[64];
	long long sync, file = 0;

	long long raw;

	/* A trace.dat whose print fmt failed (writepage's page_to_pfn):
	 * the raw reclaim_flags= number. */
	if (!f && field_find(fs, "reclaim_flags")) {
		if (!GET_INT(fs, "reclaim_flags", *flags))
			return false;
		raw = *flags;
		return in_range(fs, "reclaim_flags", raw, 0, RECLAIM_WB_ANON |
				RECLAIM_WB_FILE | RECLAIM_WB_MIXED |
				RECLAIM_WB_SYNC | RECLAIM_WB_ASYNC,
				"RECLAIM_WB_* bits");
	}
	if (f) {
		if (reclaim_flags_parse(f->val, f->vlen, flags))
			return true;
		fail(fs->p, "%s: flags=%s is not RECLAIM_WB_* names", fs->event,
		     quote(f->val, f->vlen, q, sizeof(q)));
		return false;
	}
	/* 2.6.36's writepage: sync_io=%d (and a posted file=%d). */
	if (!GET_INT(fs, "sync_io", sync) || !GET_OPT(fs, "file", file))
		return false;
	*flags = trace_reclaim_flags(file != 0, sync != 0);
	return true;
}

/*
 * pageblock_order of a trace.dat whose extfrag records are raw fields:
 * HUGETLB_PAGE_ORDER of 2.6.32 x86 with hugetlbfs, as the era's
 * distribution kernels were built: 9 on x86-64 (2 MB pages), 10 on
 * 32-bit x86 without PAE (4 MB pages), told apart by the file's long
 * size; docs/trace.md says so.
 */
#define RAW_PAGEBLOCK_ORDER \
	(p->dat && tracedat_long_size(p->dat) == 4 ? 10 : 9)

static bool decode(struct trace_parser *p, struct trace_record *rec)
{
	struct trace_entry *e = &rec->entry;
	struct fields fs = { .p = p, .event = rec->event };
	bool null_page = false;
	bool ok = true;

	split_fields(rec->fields, &fs);
	switch (e->id) {
	case TRACE_MM_PAGE_ALLOC:
		ok = get_page_pfn(&fs, &e->mm_page_alloc.pfn, &null_page) &&
		     GET_INT(&fs, "order", e->mm_page_alloc.order) &&
		     GET_INT(&fs, "migratetype", e->mm_page_alloc.migratetype) &&
		     get_gfp(&fs, "gfp_flags", &e->mm_page_alloc.gfp_flags, rec) &&
		     ORDER_OK(&fs, "order", e->mm_page_alloc.order) &&
		     MIGRATETYPE_OK(&fs, "migratetype", e->mm_page_alloc.migratetype);
		rec->failed_alloc = null_page;
		break;
	case TRACE_MM_PAGE_ALLOC_ZONE_LOCKED:
		ok = get_page_pfn(&fs, &e->mm_page_alloc_zone_locked.pfn, &null_page) &&
		     GET_INT(&fs, "order", e->mm_page_alloc_zone_locked.order) &&
		     GET_INT(&fs, "migratetype", e->mm_page_alloc_zone_locked.migratetype);
		/* Raw trace.dat fields have no percpu_refill: 2.6.32's print
		 * fmt computes it as order == 0. */
		e->mm_page_alloc_zone_locked.percpu_refill =
			e->mm_page_alloc_zone_locked.order == 0;
		ok = ok && GET_OPT(&fs, "percpu_refill",
				   e->mm_page_alloc_zone_locked.percpu_refill) &&
		     ORDER_OK(&fs, "order", e->mm_page_alloc_zone_locked.order) &&
		     MIGRATETYPE_OK(&fs, "migratetype",
				    e->mm_page_alloc_zone_locked.migratetype) &&
		     BOOL_OK(&fs, "percpu_refill",
			     e->mm_page_alloc_zone_locked.percpu_refill);
		break;
	case TRACE_MM_PAGE_FREE_DIRECT:
		ok = get_page_pfn(&fs, &e->mm_page_free_direct.pfn, &null_page) &&
		     GET_INT(&fs, "order", e->mm_page_free_direct.order) &&
		     ORDER_OK(&fs, "order", e->mm_page_free_direct.order);
		break;
	case TRACE_MM_PAGEVEC_FREE:
		/* cold= went away in later mm_page_free_batched. */
		ok = get_page_pfn(&fs, &e->mm_pagevec_free.pfn, &null_page) &&
		     GET_OPT(&fs, "cold", e->mm_pagevec_free.cold) &&
		     BOOL_OK(&fs, "cold", e->mm_pagevec_free.cold);
		break;
	case TRACE_MM_PAGE_PCPU_DRAIN:
		ok = get_page_pfn(&fs, &e->mm_page_pcpu_drain.pfn, &null_page) &&
		     GET_INT(&fs, "order", e->mm_page_pcpu_drain.order) &&
		     GET_INT(&fs, "migratetype", e->mm_page_pcpu_drain.migratetype) &&
		     ORDER_OK(&fs, "order", e->mm_page_pcpu_drain.order) &&
		     MIGRATETYPE_OK(&fs, "migratetype", e->mm_page_pcpu_drain.migratetype);
		break;
	case TRACE_MM_PAGE_ALLOC_EXTFRAG:
		ok = get_page_pfn(&fs, &e->mm_page_alloc_extfrag.pfn, &null_page) &&
		     GET_INT(&fs, "alloc_order", e->mm_page_alloc_extfrag.alloc_order) &&
		     GET_INT(&fs, "fallback_order", e->mm_page_alloc_extfrag.fallback_order) &&
		     GET_INT(&fs, "alloc_migratetype", e->mm_page_alloc_extfrag.alloc_migratetype) &&
		     GET_INT(&fs, "fallback_migratetype", e->mm_page_alloc_extfrag.fallback_migratetype) &&
		     ORDER_OK(&fs, "alloc_order", e->mm_page_alloc_extfrag.alloc_order) &&
		     ORDER_OK(&fs, "fallback_order", e->mm_page_alloc_extfrag.fallback_order) &&
		     MIGRATETYPE_OK(&fs, "alloc_migratetype",
				    e->mm_page_alloc_extfrag.alloc_migratetype) &&
		     MIGRATETYPE_OK(&fs, "fallback_migratetype",
				    e->mm_page_alloc_extfrag.fallback_migratetype);
		if (!ok)
			break;
		/*
		 * Raw trace.dat fields (2.6.32's print fmt fails on
		 * page_to_pfn) lack what the print fmt computes: pageblock_order
		 * is a constant of the kernel's build, taken as
		 * RAW_PAGEBLOCK_ORDER; the two flags follow from it as the
		 * print fmt derives them.
		 */
		e->mm_page_alloc_extfrag.pageblock_order = RAW_PAGEBLOCK_ORDER;
		ok = GET_OPT(&fs, "pageblock_order", e->mm_page_alloc_extfrag.pageblock_order);
		e->mm_page_alloc_extfrag.fragmenting =
			e->mm_page_alloc_extfrag.fallback_order <
			e->mm_page_alloc_extfrag.pageblock_order;
		e->mm_page_alloc_extfrag.change_ownership =
			e->mm_page_alloc_extfrag.alloc_migratetype ==
			e->mm_page_alloc_extfrag.fallback_migratetype;
		ok = ok && GET_OPT(&fs, "fragmenting", e->mm_page_alloc_extfrag.fragmenting) &&
		     GET_OPT(&fs, "change_ownership", e->mm_page_alloc_extfrag.change_ownership) &&
		     ORDER_OK(&fs, "pageblock_order",
			      e->mm_page_alloc_extfrag.pageblock_order) &&
		     BOOL_OK(&fs, "fragmenting", e->mm_page_alloc_extfrag.fragmenting) &&
		     BOOL_OK(&fs, "change_ownership",
			     e->mm_page_alloc_extfrag.change_ownership);
		break;
	case TRACE_MM_VMSCAN_KSWAPD_SLEEP:
		ok = GET_INT(&fs, "nid", e->mm_vmscan_kswapd_sleep.nid);
		break;
	case TRACE_MM_VMSCAN_KSWAPD_WAKE:
		ok = GET_INT(&fs, "nid", e->mm_vmscan_kswapd_wake.nid) &&
		     GET_INT(&fs, "order", e->mm_vmscan_kswapd_wake.order) &&
		     ORDER_OK(&fs, "order", e->mm_vmscan_kswapd_wake.order);
		break;
	case TRACE_MM_VMSCAN_WAKEUP_KSWAPD:
		ok = GET_INT(&fs, "nid", e->mm_vmscan_wakeup_kswapd.nid) &&
		     GET_INT(&fs, "zid", e->mm_vmscan_wakeup_kswapd.zid) &&
		     GET_INT(&fs, "order", e->mm_vmscan_wakeup_kswapd.order) &&
		     ORDER_OK(&fs, "order", e->mm_vmscan_wakeup_kswapd.order);
		break;
	case TRACE_MM_VMSCAN_DIRECT_RECLAIM_BEGIN:
		ok = GET_INT(&fs, "order", e->mm_vmscan_direct_reclaim_begin.order) &&
		     GET_INT(&fs, "may_writepage", e->mm_vmscan_direct_reclaim_begin.may_writepage) &&
		     get_gfp(&fs, "gfp_flags", &e->mm_vmscan_direct_reclaim_begin.gfp_flags, rec) &&
		     ORDER_OK(&fs, "order", e->mm_vmscan_direct_reclaim_begin.order) &&
		     BOOL_OK(&fs, "may_writepage",
			     e->mm_vmscan_direct_reclaim_begin.may_writepage);
		break;
	case TRACE_MM_VMSCAN_DIRECT_RECLAIM_END:
		ok = GET_INT(&fs, "nr_reclaimed", e->mm_vmscan_direct_reclaim_end.nr_reclaimed);
		break;
	case TRACE_MM_VMSCAN_LRU_ISOLATE:
		ok = GET_INT(&fs, "isolate_mode", e->mm_vmscan_lru_isolate.isolate_mode) &&
		     GET_INT(&fs, "order", e->mm_vmscan_lru_isolate.order) &&
		     GET_INT(&fs, "nr_requested", e->mm_vmscan_lru_isolate.nr_requested) &&
		     GET_INT(&fs, "nr_scanned", e->mm_vmscan_lru_isolate.nr_scanned) &&
		     GET_INT(&fs, "nr_taken", e->mm_vmscan_lru_isolate.nr_taken) &&
		     GET_OPT(&fs, "contig_taken", e->mm_vmscan_lru_isolate.contig_taken) &&
		     GET_OPT(&fs, "contig_dirty", e->mm_vmscan_lru_isolate.contig_dirty) &&
		     GET_OPT(&fs, "contig_failed", e->mm_vmscan_lru_isolate.contig_failed) &&
		     ORDER_OK(&fs, "order", e->mm_vmscan_lru_isolate.order);
		break;
	case TRACE_MM_VMSCAN_WRITEPAGE:
		ok = get_page_pfn(&fs, &e->mm_vmscan_writepage.pfn, &null_page) &&
		     get_reclaim_flags(&fs, &e->mm_vmscan_writepage.reclaim_flags);
		break;
	case TRACE_MM_VMSCAN_LRU_SHRINK_INACTIVE:
		ok = GET_INT(&fs, "nid", e->mm_vmscan_lru_shrink_inactive.nid) &&
		     GET_INT(&fs, "zid", e->mm_vmscan_lru_shrink_inactive.zid) &&
		     GET_INT(&fs, "nr_scanned", e->mm_vmscan_lru_shrink_inactive.nr_scanned) &&
		     GET_INT(&fs, "nr_reclaimed", e->mm_vmscan_lru_shrink_inactive.nr_reclaimed) &&
		     GET_INT(&fs, "priority", e->mm_vmscan_lru_shrink_inactive.priority) &&
		     get_reclaim_flags(&fs, &e->mm_vmscan_lru_shrink_inactive.reclaim_flags) &&
		     in_range(&fs, "priority", e->mm_vmscan_lru_shrink_inactive.priority,
			      0, DEF_PRIORITY, "a reclaim priority");
		break;
	case TRACE_WRITEBACK_CONGESTION_WAIT:
		ok = GET_INT(&fs, "usec_timeout", e->writeback_congestion_wait.usec_timeout) &&
		     GET_INT(&fs, "usec_delayed", e->writeback_congestion_wait.usec_delayed);
		break;
	case NR_TRACE_EVENTS:
		break;
	}
	return ok;
}

/* The event table entry for @name, including later kernels' renames. */
static const struct ftrace_event *event_lookup(const char *name)
{
	/* 3.3 renamed the two free events; same fields. */
	if (!strcmp(name, "mm_page_free"))
		return &ftrace_events[TRACE_MM_PAGE_FREE_DIRECT];
	if (!strcmp(name, "mm_page_free_batched"))
		return &ftrace_events[TRACE_MM_PAGEVEC_FREE];
	for (int i = 0; i < NR_TRACE_EVENTS; i++)
		if (!strcmp(name, ftrace_events[i].name))
			return &ftrace_events[i];
	return NULL;
}

/* ---- lines -------------------------------------------------------------- */

static bool starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/* A line that is not an event: 1 skip, 0 not such a line, -1 error. */
static int bookkeeping_line(struct trace_parser *p, const char *s)
{
	if (!*s || *s == '#' || starts(s, "=>") || starts(s, "<stack trace>") ||
	    starts(s, "<user stack trace>") || starts(s, "version = ") ||
	    starts(s, "cpus="))
		return 1;
	if (starts(s, "CPU ") && strstr(s, " is empty"))
		return 1;
	if (starts(s, "CPU:")) {
		/* "CPU:1 [LOST 123 EVENTS]" */
		const char *q = strchr(s, '[');
		unsigned long long n;
		char *end;

		if (!q || !(strstr(q, "LOST") || strstr(q, "DROPPED")))
			return fail(p, "unrecognised CPU line '%.60s'", s);
		while (*q && !isdigit((unsigned char)*q))
			q++;
		errno = 0;
		n = strtoull(q, &end, 10);
		if (end == q)
			return fail(p, "lost-events line without a count '%.60s'", s);
		if (errno || n > ULONG_MAX || __builtin_add_overflow(p->lost, n, &p->lost))
			return fail(p, "lost-events count past %lu in all: '%.60s'",
				    ULONG_MAX, s);
		return 1;
	}
	return 0;
}

static const char *skip_space(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* The "[CPU]" column: a '[' after whitespace, digits, ']'. */
static const char *find_cpu_column(const char *s)
{
	for (const char *q = s; (q = strchr(q, '[')); q++) {
		const char *r = q + 1;

		if (q == s || (q[-1] != ' ' && q[-1] != '\t') ||
		    !isdigit((unsigned char)*r))
			continue;
		while (isdigit((unsigned char)*r))
			r++;
		if (*r == ']')
			return q;
	}
	return NULL;
}

/* "COMM-PID" or "COMM-PID (TGID)" in [s, end). */
static int parse_task(struct trace_parser *p, const char *s, const char *end,
		      struct trace_record *rec)
{
	const char *dash;
	char q[64];
	long long pid;

	while (end > s && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	if (end > s && end[-1] == ')') {
		const char *open = end - 1;

		while (open > s && *open != '(')
			open--;
		if (*open == '(' && open > s) {
			end = open;
			while (end > s && (end[-1] == ' ' || end[-1] == '\t'))
				end--;
		}
	}
	for (dash = end - 1; dash >= s && *dash != '-'; dash--)
		;
	if (dash < s || !parse_long(dash + 1, (size_t)(end - dash - 1), &pid) ||
	    pid < 0 || pid > 0x7fffffff)
		return fail(p, "no COMM-PID before the CPU column: '%s'",
			    quote(s, (size_t)(end - s), q, sizeof(q)));
	rec->pid = (int)pid;
	quote(s, (size_t)(dash - s), rec->comm, sizeof(rec->comm));
	return 0;
}

/* "SECONDS[.FRACTION]:" into ns; returns the char after ':' or NULL. */
static const char *parse_timestamp(const char *s, sim_time_t *ns)
{
	unsigned long long sec = 0, frac = 0, scale = NSEC_PER_SEC;
	const char *q = s;

	if (!isdigit((unsigned char)*q))
		return NULL;
	while (isdigit((unsigned char)*q)) {
		if (sec > 1000000000000ULL)
			return NULL;
		sec = sec * 10 + (unsigned long long)(*q++ - '0');
	}
	if (*q == '.') {
		q++;
		if (!isdigit((unsigned char)*q))
			return NULL;
		/* Up to ns; digits beyond are dropped. */
		for (; isdigit((unsigned char)*q); q++) {
			if (scale > 1) {
				scale /= 10;
				frac += (unsigned long long)(*q - '0') * scale;
			}
		}
	}
	if (*q != ':')
		return NULL;
	/* ns in 64 bits: 584 years; a later time would wrap. */
	if (__builtin_mul_overflow(sec, NSEC_PER_SEC, &sec) ||
	    __builtin_add_overflow(sec, frac, &sec))
		return NULL;
	*ns = sec;
	return q + 1;
}

static int parse_event_line(struct trace_parser *p, const char *s,
			    struct trace_record *rec)
{
	const char *cpu = find_cpu_column(s);
	const char *q, *tok;
	char bad[48];
	size_t n;

	if (!cpu)
		return fail(p, "not an ftrace event line (no [CPU] column): '%.60s'", s);
	if (parse_task(p, s, cpu, rec))
		return TRACE_PARSE_ERROR;
	/* The digits before ']' (find_cpu_column() saw them): an int. */
	errno = 0;
	{
		unsigned long long c = strtoull(cpu + 1, NULL, 10);

		if (errno || c > INT_MAX)
			return fail(p, "CPU [%.*s] is not a CPU number (0 to %d)",
				    (int)strcspn(cpu + 1, "]") > 24 ? 24 :
				    (int)strcspn(cpu + 1, "]"), cpu + 1, INT_MAX);
		rec->cpu = (int)c;
	}
	q = skip_space(strchr(cpu, ']') + 1);

	/* Optional irq-info flags before the timestamp. */
	rec->flags[0] = '\0';
	if (!isdigit((unsigned char)*q)) {
		tok = q;
		while (*q && *q != ' ' && *q != '\t')
			q++;
		n = (size_t)(q - tok);
		if (n >= sizeof(rec->flags) || n < 4)
			return fail(p, "expected the timestamp or a flags column after the CPU, found '%s'",
				    quote(tok, n, bad, sizeof(bad)));
		quote(tok, n, rec->flags, sizeof(rec->flags));
		q = skip_space(q);
	}
	tok = q;
	q = parse_timestamp(tok, &rec->ts);
	if (!q) {
		for (n = 0; tok[n] && tok[n] != ' ' && tok[n] != '\t'; n++)
			;
		return fail(p, "bad timestamp '%s' (want SECONDS.MICROS:)",
			    quote(tok, n, bad, sizeof(bad)));
	}
	q = skip_space(q);
	tok = q;
	while (isalnum((unsigned char)*q) || *q == '_')
		q++;
	n = (size_t)(q - tok);
	if (!n || *q != ':')
		return fail(p, "no 'EVENT:' after the timestamp: '%.60s'", tok);
	if (n >= sizeof(rec->event))
		return fail(p, "event name too long: '%.60s'", tok);
	quote(tok, n, rec->event, sizeof(rec->event));
	rec->fields = skip_space(q + 1);
	return 0;
}

static void fill_entry_header(struct trace_record *rec)
{
	struct trace_entry *e = &rec->entry;

	memset(e, 0, sizeof(*e));
	e->id = rec->desc->id;
	e->ts = rec->ts;
	e->pid = rec->pid;
	e->cpu = rec->cpu;
	/* irq-info's third column: h/H hard irq, s softirq (z/Z: NMI). */
	e->in_irq = strlen(rec->flags) >= 3 && strchr("hHsSzZ", rec->flags[2]);
	/* TASK_COMM_LEN: a longer name from a file is cut, as the kernel's. */
	strncpy(e->comm, rec->comm, sizeof(e->comm) - 1);
	e->comm[sizeof(e->comm) - 1] = '\0';
}

/* Decode a record whose header and fields are filled. */
static int finish_record(struct trace_parser *p, struct trace_record *rec)
{
	rec->desc = event_lookup(rec->event);
	if (rec->desc) {
		fill_entry_header(rec);
		if (!decode(p, rec))
			return TRACE_PARSE_ERROR;
	}
	return TRACE_PARSE_EVENT;
}

static int trace_parser_next_raw(struct trace_parser *p, struct trace_record *rec);

/* The next trace.dat record, as if it were a line: LINE is its number. */
static int next_tracedat(struct trace_parser *p, struct trace_record *rec)
{
	struct tracedat_event ev;
	int rc;

	if (p->failed)
		return TRACE_PARSE_ERROR;
	rc = tracedat_next(p->dat, &ev);
	if (!rc)
		return TRACE_PARSE_EOF;
	if (rc < 0) {
		p->line++;
		return fail(p, "%s", tracedat_error(p->dat));
	}
	p->line++;
	memset(rec, 0, offsetof(struct trace_record, entry));
	rec->unusable = NULL;
	rec->failed_alloc = false;
	rec->line = p->line;
	snprintf(rec->comm, sizeof(rec->comm), "%s", ev.comm);
	rec->pid = ev.pid;
	rec->cpu = ev.cpu;
	rec->ts = ev.ts;
	snprintf(rec->flags, sizeof(rec->flags), "%s", ev.flags);
	snprintf(rec->event, sizeof(rec->event), "%s", ev.event);
	snprintf(p->buf, sizeof(p->buf), "%s", ev.fields);
	rec->fields = skip_space(p->buf);
	return finish_record(p, rec);
}

/*
 * Order problems of the event just read, the same for text and trace.dat:
 * a timestamp before the latest one so far (the kernel's trace file and
 * trace-cmd merge the CPUs in time order, so a trace going back was
 * concatenated or edited), and an event that repeats the one before it
 * exactly (task, CPU, time, event and fields: a line duplicated).  2.6.32
 * itself records an order-0 __free_pages twice, as mm_page_free_direct
 * from __free_pages and again from free_hot_page: that second record is
 * the kernel's, not a repeat.
 */
static void check_order(struct trace_parser *p, const struct trace_record *rec)
{
	struct trace_warnings *w = &p->warn;
	size_t flen = strlen(rec->fields);

	if (!p->have_ts) {
		p->max_ts = rec->ts;
		p->have_ts = true;
	} else if (rec->ts < p->max_ts && !w->backwards++) {
		w->back_line = rec->line;
		w->back_ts = rec->ts;
		w->back_prev = p->max_ts;
	}
	if (rec->ts > p->max_ts)
		p->max_ts = rec->ts;

	if (p->prev.valid && p->prev.ts == rec->ts && p->prev.cpu == rec->cpu &&
	    p->prev.pid == rec->pid && !strcmp(p->prev.event, rec->event) &&
	    !strcmp(p->prev.fields, rec->fields)) {
		bool kernels = !p->prev.excused && rec->desc &&
			       rec->entry.id == TRACE_MM_PAGE_FREE_DIRECT &&
			       rec->entry.mm_page_free_direct.order == 0;

		if (kernels) {
			p->prev.excused = true;
		} else if (!w->duplicates++) {
			w->dup_line = rec->line;
		}
		return;
	}
	p->prev.valid = true;
	p->prev.excused = false;
	p->prev.ts = rec->ts;
	p->prev.cpu = rec->cpu;
	p->prev.pid = rec->pid;
	snprintf(p->prev.event, sizeof(p->prev.event), "%s", rec->event);
	memcpy(p->prev.fields, rec->fields, flen < TRACE_LINE_MAX ? flen + 1 :
	       TRACE_LINE_MAX);
	p->prev.fields[TRACE_LINE_MAX] = '\0';
}

int trace_parser_next(struct trace_parser *p, struct trace_record *rec)
{
	int rc = trace_parser_next_raw(p, rec);

	if (rc == TRACE_PARSE_EVENT)
		check_order(p, rec);
	return rc;
}

static int trace_parser_next_raw(struct trace_parser *p, struct trace_record *rec)
{
	if (p->dat)
		return next_tracedat(p, rec);
	for (;;) {
		const char *s;
		int rc;
		char *end;

		if (p->failed)
			return TRACE_PARSE_ERROR;
		rc = read_line(p);
		if (rc <= 0)
			return rc < 0 ? TRACE_PARSE_ERROR : TRACE_PARSE_EOF;
		/* Trailing blanks (trace-cmd pads some lines). */
		end = p->buf + strlen(p->buf);
		while (end > p->buf && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
			*--end = '\0';
		s = skip_space(p->buf);
		rc = bookkeeping_line(p, s);
		if (rc < 0)
			return TRACE_PARSE_ERROR;
		if (rc)
			continue;
		memset(rec, 0, offsetof(struct trace_record, entry));
		rec->unusable = NULL;
		rec->failed_alloc = false;
		rec->line = p->line;
		if (parse_event_line(p, s, rec))
			return TRACE_PARSE_ERROR;
		return finish_record(p, rec);
	}
}
