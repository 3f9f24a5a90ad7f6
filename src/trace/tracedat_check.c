// SPDX-License-Identifier: GPL-2.0
/*
 * A trace.dat checked before libtracecmd sees it (tracedat_check.h).
 *
 * libtracecmd 1.3 trusts the file: a header cut short makes
 * tracecmd_open_fd() fail half-way and free what it never set up (a
 * segfault inside tracecmd_close()), and a CPU's data past the end of the
 * file is mmap'ed and read (SIGBUS).  So every count, size and offset of
 * the layout trace-cmd.dat.v6(5) and trace-cmd.dat.v7(5) describe is
 * checked against the file's size here, and each ring-buffer page of an
 * uncompressed file is walked record by record, the way kbuffer reads it
 * (the kernel's kernel/trace/ring_buffer.c, struct ring_buffer_event:
 * type_len 0 keeps the length in array[0], 1..28 count 4-byte words, 29
 * is padding, 30 a time extend, 31 an absolute time stamp).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "tracedat_check.h"

/* Bounds no real trace comes near; past them the count is damage. */
#define MAX_CPUS	8192
#define MAX_PAGE_SIZE	(1u << 24)
#define MAX_COUNT	(1u << 20)

struct dat {
	const char *path;
	int fd;
	uint64_t size;
	uint64_t pos;
	bool big_endian;
	unsigned int long_size;
	unsigned int page_size;
	unsigned int commit_size;	/* header_page's commit field */
	unsigned int data_offset;	/* header_page's data field */
	char *err;
	size_t len;
	bool failed;
	tracedat_format_fn format;	/* NULL: formats are only skipped */
	void *ctx;
};

static __attribute__((format(printf, 2, 3)))
int bad(struct dat *d, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (d->failed)
		return -1;
	d->failed = true;
	n = snprintf(d->err, d->len, "%s: ", d->path);
	if (n < 0 || (size_t)n >= d->len)
		return -1;
	va_start(ap, fmt);
	vsnprintf(d->err + n, d->len - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

/* @n bytes at @off into @buf, or a message that the file ends first. */
static int get(struct dat *d, uint64_t off, void *buf, size_t n,
	       const char *what)
{
	if (off > d->size || n > d->size - off)
		return bad(d, "cut short: %s at byte %" PRIu64 " needs %zu byte%s, "
			   "the file ends at byte %" PRIu64, what, off, n,
			   n == 1 ? "" : "s", d->size);
	if (pread(d->fd, buf, n, (off_t)off) != (ssize_t)n)
		return bad(d, "cannot read %s at byte %" PRIu64 ": %s", what, off,
			   strerror(errno ? errno : EIO));
	return 0;
}

static uint64_t to_host(const struct dat *d, const unsigned char *b,
			unsigned int n)
{
	uint64_t v = 0;

	for (unsigned int i = 0; i < n; i++)
		v |= (uint64_t)b[d->big_endian ? n - 1 - i : i] << (8 * i);
	return v;
}

static int get_int(struct dat *d, unsigned int n, uint64_t *v,
		   const char *what)
{
	unsigned char b[8];

	if (get(d, d->pos, b, n, what))
		return -1;
	d->pos += n;
	*v = to_host(d, b, n);
	return 0;
}

/*
 * @s, a string read from the file, for a message: bytes other than
 * printable ASCII as \xNN, so that a damaged name can neither reach the
 * terminal as control characters nor break the one-line message (found
 * by fuzz_tracedat: a newline in a system's name).
 */
static const char *printable(const char *s, char *out, size_t len)
{
	size_t o = 0;

	for (; *s && o + 5 < len; s++) {
		unsigned char c = (unsigned char)*s;

		if (c >= 0x20 && c < 0x7f && c != '\\')
			out[o++] = (char)c;
		else
			o += (size_t)snprintf(out + o, len - o, "\\x%02x", c);
	}
	out[o] = '\0';
	return out;
}

/* A NUL-terminated string of at most @max bytes at the position. */
static int get_string(struct dat *d, char *s, size_t max, const char *what)
{
	for (size_t i = 0; i < max; i++) {
		if (get(d, d->pos + i, &s[i], 1, what))
			return -1;
		if (!s[i]) {
			d->pos += i + 1;
			return 0;
		}
	}
	return bad(d, "%s at byte %" PRIu64 " is not a string (no NUL in %zu "
		   "bytes)", what, d->pos, max);
}

/* Skip @n bytes that must all be in the file. */
static int skip(struct dat *d, uint64_t n, const char *what)
{
	if (d->pos > d->size || n > d->size - d->pos)
		return bad(d, "cut short: %s at byte %" PRIu64 " is %" PRIu64
			   " bytes, the file ends at byte %" PRIu64, what, d->pos,
			   n, d->size);
	d->pos += n;
	return 0;
}

/* A sized block (@size_bytes of size, then the data): its size. */
static int sized(struct dat *d, unsigned int size_bytes, const char *what,
		 uint64_t *out)
{
	uint64_t n;

	if (get_int(d, size_bytes, &n, what) || skip(d, n, what))
		return -1;
	if (out)
		*out = n;
	return 0;
}

/* A format (8 bytes of size, then its text), handed to d->format. */
static int format(struct dat *d, const char *system, unsigned int index,
		  const char *what)
{
	uint64_t n, start;
	char *text;
	int rc;

	if (get_int(d, 8, &n, what))
		return -1;
	start = d->pos;
	if (skip(d, n, what) || !d->format)
		return d->failed ? -1 : 0;
	if (n > (1u << 20))
		return bad(d, "damaged: %s at byte %" PRIu64 " is %" PRIu64 " bytes "
			   "(a few KiB expected)", what, start, n);
	text = malloc((size_t)n + 1);
	if (!text)
		return bad(d, "out of memory");
	if (get(d, start, text, (size_t)n, what)) {
		free(text);
		return -1;
	}
	text[n] = 0;
	rc = d->format(d->ctx, system, index, text, (size_t)n);
	free(text);
	if (rc)
		return bad(d, "damaged: %s at byte %" PRIu64 " cannot be parsed",
			   what, start);
	return 0;
}

static int expect(struct dat *d, const char *text, size_t n, const char *what)
{
	char buf[16];

	if (get(d, d->pos, buf, n, what))
		return -1;
	if (memcmp(buf, text, n))
		return bad(d, "damaged: expected \"%s\" (%s) at byte %" PRIu64,
			   text, what, d->pos);
	d->pos += n;
	return 0;
}

/*
 * header_page's text: "field: local_t commit;\toffset:8;\tsize:8;..." and
 * "field: char data;\toffset:16;...": where the data starts in a page and
 * how wide the commit is.  Defaults are the kernel's own.
 */
static int header_page(struct dat *d, uint64_t start, uint64_t n)
{
	char *text, *p;

	d->commit_size = d->long_size;
	d->data_offset = 8 + d->long_size;
	if (n > 4096)
		return bad(d, "damaged: header_page is %" PRIu64 " bytes (a few "
			   "hundred expected)", n);
	text = calloc(1, (size_t)n + 1);
	if (!text)
		return bad(d, "out of memory");
	if (get(d, start, text, (size_t)n, "header_page")) {
		free(text);
		return -1;
	}
	p = strstr(text, " commit;");
	if (p && (p = strstr(p, "size:")))
		d->commit_size = (unsigned int)strtoul(p + 5, NULL, 10);
	p = strstr(text, " data;");
	if (p && (p = strstr(p, "offset:")))
		d->data_offset = (unsigned int)strtoul(p + 7, NULL, 10);
	free(text);
	if ((d->commit_size != 4 && d->commit_size != 8) ||
	    d->data_offset < 8 + d->commit_size || d->data_offset >= d->page_size)
		return bad(d, "damaged: header_page gives commit size %u and data "
			   "offset %u in pages of %u bytes", d->commit_size,
			   d->data_offset, d->page_size);
	return 0;
}

/* "header_page\0" SIZE TEXT "header_event\0" SIZE TEXT */
static int header_info(struct dat *d)
{
	uint64_t start, n;

	if (expect(d, "header_page", 12, "the header_page name"))
		return -1;
	start = d->pos + 8;
	if (format(d, "header_page", 0, "header_page"))
		return -1;
	n = d->pos - start;
	if (header_page(d, start, n))
		return -1;
	if (expect(d, "header_event", 13, "the header_event name"))
		return -1;
	return format(d, "header_event", 0, "header_event");
}

static int count(struct dat *d, uint64_t *n, const char *what)
{
	if (get_int(d, 4, n, what))
		return -1;
	if (*n > MAX_COUNT)
		return bad(d, "damaged: %s is %" PRIu64 " (at byte %" PRIu64 ")",
			   what, *n, d->pos - 4);
	return 0;
}

static int ftrace_formats(struct dat *d)
{
	uint64_t n;

	if (count(d, &n, "the number of ftrace formats"))
		return -1;
	for (uint64_t i = 0; i < n; i++)
		if (format(d, "ftrace", (unsigned int)i, "an ftrace event format"))
			return -1;
	return 0;
}

static int event_formats(struct dat *d)
{
	uint64_t systems;

	if (count(d, &systems, "the number of event systems"))
		return -1;
	for (uint64_t s = 0; s < systems; s++) {
		char name[256], what[1100], q[1030];
		uint64_t events, at = d->pos;

		if (get_string(d, name, sizeof(name), "an event system's name"))
			return -1;
		/* trace-cmd writes each system's directory name under
		 * events/: never empty. */
		if (!name[0])
			return bad(d, "damaged: an event system's name at byte %"
				   PRIu64 " is empty", at);
		if (count(d, &events, "the number of events of a system"))
			return -1;
		snprintf(what, sizeof(what), "an event format of system %s",
			 printable(name, q, sizeof(q)));
		for (uint64_t e = 0; e < events; e++)
			if (format(d, name, (unsigned int)e, what))
				return -1;
	}
	return 0;
}

/*
 * One CPU's ring-buffer pages at [@off, @off + @size): each page's commit
 * within the page, each record inside the commit.
 */
static int cpu_pages(struct dat *d, int cpu, uint64_t off, uint64_t size)
{
	unsigned char *page;
	uint64_t pages = (size + d->page_size - 1) / d->page_size;

	if (off > d->size || pages * d->page_size > d->size - off)
		return bad(d, "cut short: CPU %d's data at byte %" PRIu64 " is %" PRIu64
			   " bytes (%" PRIu64 " pages of %u), the file ends at byte %"
			   PRIu64, cpu, off, size, pages, d->page_size, d->size);
	page = malloc(d->page_size);
	if (!page)
		return bad(d, "out of memory");
	for (uint64_t p = 0; p < pages; p++) {
		uint64_t at = off + p * d->page_size, commit;
		unsigned int pos;

		if (get(d, at, page, d->page_size, "a data page"))
			break;
		/* The kernel's missed-events flags sit in the top bits. */
		commit = to_host(d, page + 8, d->commit_size) & ((1u << 27) - 1);
		if (commit > d->page_size - d->data_offset) {
			bad(d, "damaged: CPU %d's page %" PRIu64 " (byte %" PRIu64 ") "
			    "holds %" PRIu64 " bytes of data, more than a page of %u",
			    cpu, p, at, commit, d->page_size);
			break;
		}
		for (pos = 0; pos < commit;) {
			uint32_t h = (uint32_t)to_host(d, page + d->data_offset + pos, 4);
			unsigned int type_len = d->big_endian ? h >> 27 : h & 31;
			uint32_t delta = d->big_endian ? h & ((1u << 27) - 1) : h >> 5;
			uint64_t len;

			if (commit - pos < 4)
				goto cut;
			if (type_len == 29 && !delta)
				break;		/* the rest of the page is padding */
			if (type_len >= 30) {
				len = 8;
			} else if (type_len) {
				len = 4 + 4u * type_len;
			} else {
				if (commit - pos < 8)
					goto cut;
				len = 4 + to_host(d, page + d->data_offset + pos + 4, 4);
				if (len < 8)
					goto cut;
			}
			if (len > commit - pos)
				goto cut;
			pos += (unsigned int)len;
		}
		continue;
cut:
		bad(d, "damaged: CPU %d's page %" PRIu64 " (byte %" PRIu64 "): the "
		    "record at byte %u of its data runs past the page's %" PRIu64
		    " bytes", cpu, p, at, pos, commit);
		break;
	}
	free(page);
	return d->failed ? -1 : 0;
}

static int check_v6(struct dat *d)
{
	uint64_t cpus, opt, size;
	char kind[10];

	if (header_info(d) || ftrace_formats(d) || event_formats(d) ||
	    sized(d, 4, "kallsyms", NULL) || sized(d, 4, "printk formats", NULL) ||
	    sized(d, 8, "the cmdlines", NULL))
		return -1;
	if (get_int(d, 4, &cpus, "the number of CPUs"))
		return -1;
	if (cpus > MAX_CPUS)
		return bad(d, "damaged: %" PRIu64 " CPUs (at byte %" PRIu64 ")", cpus,
			   d->pos - 4);
	if (get(d, d->pos, kind, 10, "the data's kind (flyrecord)"))
		return -1;
	if (!memcmp(kind, "options  ", 10)) {
		d->pos += 10;
		for (int i = 0;; i++) {
			if (get_int(d, 2, &opt, "an option's id"))
				return -1;
			if (!opt)
				break;
			if (i > (int)MAX_COUNT)
				return bad(d, "damaged: options do not end");
			if (sized(d, 4, "an option", NULL))
				return -1;
		}
		if (get(d, d->pos, kind, 10, "the data's kind (flyrecord)"))
			return -1;
	}
	/*
	 * "latency" data is the latency tracers' text (trace-cmd record -p
	 * irqsoff), not per-CPU ring-buffer pages: no record for mmsim to
	 * read, and libtracecmd 1.3's tracecmd_read_data() on such a file
	 * dereferences the CPU data it never allocated.
	 */
	if (!memcmp(kind, "latency  ", 10))
		return bad(d, "holds a latency tracer's text (\"latency\" at byte %"
			   PRIu64 "), not per-CPU event records: record events "
			   "with trace-cmd record -e", d->pos);
	if (memcmp(kind, "flyrecord", 10))
		return bad(d, "damaged: expected \"flyrecord\" at byte "
			   "%" PRIu64, d->pos);
	d->pos += 10;
	for (uint64_t cpu = 0; cpu < cpus; cpu++) {
		uint64_t off, here;

		if (get_int(d, 8, &off, "a CPU's data offset") ||
		    get_int(d, 8, &size, "a CPU's data size"))
			return -1;
		here = d->pos;
		if (size && cpu_pages(d, (int)cpu, off, size))
			return -1;
		d->pos = here;
	}
	return 0;
}

/* ---- version 7: sections found through options ------------------------- */

struct section {
	uint64_t id, flags, size, data;		/* data: after the header */
};

static int section_at(struct dat *d, uint64_t off, struct section *s,
		      const char *what)
{
	uint64_t string_id;

	d->pos = off;
	if (get_int(d, 2, &s->id, what) || get_int(d, 2, &s->flags, what) ||
	    get_int(d, 4, &string_id, what) || get_int(d, 8, &s->size, what))
		return -1;
	s->data = d->pos;
	if (s->size > d->size - s->data)
		return bad(d, "cut short: %s at byte %" PRIu64 " is %" PRIu64 " bytes, "
			   "the file ends at byte %" PRIu64, what, off, s->size, d->size);
	return 0;
}

/* A BUFFER option: where each CPU's flyrecord data lies. */
static int buffer_option(struct dat *d, uint64_t end, bool compressed)
{
	uint64_t section, page_size, cpus;
	char name[256], clock[256];

	if (get_int(d, 8, &section, "a BUFFER option") ||
	    get_string(d, name, sizeof(name), "a BUFFER option's instance") ||
	    get_string(d, clock, sizeof(clock), "a BUFFER option's clock") ||
	    get_int(d, 4, &page_size, "a BUFFER option's page size") ||
	    get_int(d, 4, &cpus, "a BUFFER option's CPUs"))
		return -1;
	if (d->pos > end || cpus > MAX_CPUS || (end - d->pos) / 20 < cpus)
		return bad(d, "damaged: a BUFFER option of %" PRIu64 " CPUs does not "
			   "fit its size", cpus);
	if (section >= d->size)
		return bad(d, "cut short: the flyrecord section at byte %" PRIu64
			   ", the file ends at byte %" PRIu64, section, d->size);
	for (uint64_t i = 0; i < cpus; i++) {
		uint64_t cpu, off, size, here;

		if (get_int(d, 4, &cpu, "a CPU's id") ||
		    get_int(d, 8, &off, "a CPU's data offset") ||
		    get_int(d, 8, &size, "a CPU's data size"))
			return -1;
		here = d->pos;
		/* Compressed data is chunks, not pages: only its bounds. */
		if (compressed ? off > d->size || size > d->size - off :
		    size && (page_size != d->page_size ?
			     bad(d, "damaged: a BUFFER option's page size %" PRIu64
				 " is not the file's %u", page_size, d->page_size) :
			     cpu_pages(d, (int)cpu, off, size)))
			return d->failed ? -1 :
			       bad(d, "cut short: CPU %" PRIu64 "'s data at byte %" PRIu64
				   " is %" PRIu64 " bytes, the file ends at byte %" PRIu64,
				   cpu, off, size, d->size);
		d->pos = here;
	}
	return 0;
}

static int check_v7(struct dat *d)
{
	char name[64], version[64];
	uint64_t next, header_info_at = 0;
	bool compressed;

	if (get_string(d, name, sizeof(name), "the compression's name") ||
	    get_string(d, version, sizeof(version), "the compression's version") ||
	    get_int(d, 8, &next, "the first options section's offset"))
		return -1;
	compressed = strcmp(name, "none") != 0;
	for (int sections = 0; next; sections++) {
		struct section s;
		uint64_t end;

		if (sections > 1024)
			return bad(d, "damaged: options sections do not end");
		if (section_at(d, next, &s, "an options section"))
			return -1;
		if (s.id != 0)
			return bad(d, "damaged: the section at byte %" PRIu64 " is %" PRIu64
				   ", not options", next, s.id);
		next = 0;
		/* A compressed section is checked for its bounds only. */
		if (s.flags & 1)
			break;
		end = s.data + s.size;
		while (d->pos < end) {
			uint64_t id, size, at;

			if (get_int(d, 2, &id, "an option's id") ||
			    get_int(d, 4, &size, "an option's size"))
				return -1;
			at = d->pos;
			if (size > end - at)
				return bad(d, "damaged: option %" PRIu64 " at byte %" PRIu64
					   " is %" PRIu64 " bytes, past its section",
					   id, at - 6, size);
			if (id == 0) {		/* DONE: the next section */
				if (size < 8 || get_int(d, 8, &next, "the next options section"))
					return d->failed ? -1 :
					       bad(d, "damaged: a DONE option of %" PRIu64
						   " bytes", size);
				break;
			}
			if (id == 3 && buffer_option(d, at + size, compressed))
				return -1;
			if (id >= 16 && id <= 21) {
				uint64_t off;
				struct section t;

				if (size < 8 || get_int(d, 8, &off, "a section offset"))
					return d->failed ? -1 :
					       bad(d, "damaged: option %" PRIu64 " of %"
						   PRIu64 " bytes", id, size);
				if (section_at(d, off, &t, "a section"))
					return -1;
				if (id == 16)
					header_info_at = t.data;
				/* The formats, where they are plain text. */
				if ((id == 17 || id == 18) && !(t.flags & 1)) {
					d->pos = t.data;
					if (id == 17 ? ftrace_formats(d) : event_formats(d))
						return -1;
				}
			}
			d->pos = at + size;
		}
	}
	if (header_info_at && !compressed) {
		d->pos = header_info_at;
		return header_info(d);
	}
	return 0;
}

int tracedat_check_fd(int fd, const char *path, tracedat_format_fn fn,
		      void *ctx, char *err, size_t len)
{
	struct dat d = {
		.path = path, .fd = fd, .err = err, .len = len,
		.format = fn, .ctx = ctx,
	};
	unsigned char head[10];
	char version[16];
	uint64_t v;
	struct stat st;

	if (len)
		*err = 0;
	if (fstat(fd, &st))
		return bad(&d, "%s", strerror(errno));
	if (!S_ISREG(st.st_mode))
		return bad(&d, "a trace.dat must be a regular file (libtracecmd "
			   "reads it at offsets)");
	d.size = (uint64_t)st.st_size;
	if (get(&d, 0, head, 10, "the magic"))
		return -1;
	if (memcmp(head, "\027\010\104tracing", 10))
		return bad(&d, "not a trace.dat (no \\027\\010\\104tracing magic)");
	d.pos = 10;
	if (get_string(&d, version, sizeof(version), "the version"))
		return -1;
	if (strcmp(version, "6") && strcmp(version, "7")) {
		char q[sizeof(version) * 4 + 1];

		return bad(&d, "trace.dat version '%s': mmsim reads versions 6 and 7",
			   printable(version, q, sizeof(q)));
	}
	if (get_int(&d, 1, &v, "the endianness"))
		return -1;
	if (v > 1)
		return bad(&d, "damaged: endianness byte %" PRIu64 " (0 or 1)", v);
	d.big_endian = v == 1;
	if (get_int(&d, 1, &v, "the size of long"))
		return -1;
	if (v != 4 && v != 8)
		return bad(&d, "damaged: long is %" PRIu64 " bytes (4 or 8)", v);
	d.long_size = (unsigned int)v;
	if (get_int(&d, 4, &v, "the page size"))
		return -1;
	if (v < 64 || v > MAX_PAGE_SIZE || (v & (v - 1)))
		return bad(&d, "damaged: page size %" PRIu64 " (a power of two "
			   "expected)", v);
	d.page_size = (unsigned int)v;
	d.commit_size = d.long_size;
	d.data_offset = 8 + d.long_size;
	return version[0] == '6' ? check_v6(&d) : check_v7(&d);
}

int tracedat_check(const char *path, tracedat_format_fn fn, void *ctx,
		   char *err, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int rc;

	if (fd < 0) {
		snprintf(err, len, "%s: %s", path, strerror(errno));
		return -1;
	}
	rc = tracedat_check_fd(fd, path, fn, ctx, err, len);
	close(fd);
	return rc;
}
