// SPDX-License-Identifier: GPL-2.0
/* DIR/DEV.blktrace.0 files from the kernel's block trace records
 * (blktrace.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "blktrace.h"
#include "outfile.h"
#include "util/xalloc.h"

/*
 * blktrace's on-disk record (2.6.32 include/linux/blktrace_api.h struct
 * blk_io_trace, version 7): 48 bytes in the host's byte order, then
 * pdu_len bytes of payload.  The file format, which this writer owns.
 */
struct blk_io_trace_file {
	uint32_t magic;
	uint32_t sequence;
	uint64_t time;
	uint64_t sector;
	uint32_t bytes;
	uint32_t action;
	uint32_t pid;
	uint32_t device;
	uint32_t cpu;
	uint16_t error;
	uint16_t pdu_len;
};

_Static_assert(sizeof(struct blk_io_trace_file) == 48, "blk_io_trace is 48 bytes");

/*
 * Every CPU's records of a device go to one file, DEV.blktrace.0, in the
 * order they happened, as CPU 0's: blkparse merges per-CPU files by
 * timestamp alone, and the simulation has many events of one device at
 * the same nanosecond on different CPUs (an interrupt dispatching while
 * a task unplugs), which it would then put in an order that never
 * happened (btt's seeks and Q2Q go wrong).  The kernel's records keep
 * their CPU; the merged stream is numbered afresh.
 */
#define NR_FILES	1

struct blktrace_dev {
	struct blktrace_set *set;
	char name[32];
	struct outfile of[NR_FILES];
	bool open[NR_FILES];
	uint32_t sequence;		/* the merged stream's */
};

struct blktrace_set {
	char *dir;
	struct blktrace_dev *dev;
	size_t nr;
	unsigned long records;
};

int blktrace_dir_check(const char *dir, char *err, size_t len)
{
	struct stat st;

	if (stat(dir, &st)) {
		if (errno != ENOENT || mkdir(dir, 0777)) {
			snprintf(err, len, "%s: cannot create: %s", dir, strerror(errno));
			return -1;
		}
		return 0;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(err, len, "%s: not a directory", dir);
		return -1;
	}
	if (access(dir, W_OK | X_OK)) {
		snprintf(err, len, "%s: cannot write: %s", dir, strerror(errno));
		return -1;
	}
	return 0;
}

static char *file_path(const struct blktrace_set *s, const char *dev,
		       unsigned int cpu)
{
	return xasprintf("%s/%s.blktrace.%u", s->dir, dev, cpu);
}

/* The relay channels of one device, every CPU's: its one file. */
void blktrace_write(void *dev, const struct blktrace_record *r)
{
	struct blktrace_dev *d = dev;
	struct blk_io_trace_file t = {
		.magic = r->magic,
		/* Notes have no number; every other record the stream's next. */
		.sequence = r->note ? r->sequence : ++d->sequence,
		.time = r->time,
		.sector = r->sector,
		.bytes = r->bytes,
		.action = r->action,
		.pid = r->pid,
		.device = r->device,
		.cpu = 0,
		.error = r->error,
		.pdu_len = r->pdu_len,
	};

	/* A failed write is kept by the file and reported when it ends. */
	(void)fwrite(&t, sizeof(t), 1, d->of[0].fp);
	if (r->pdu_len)
		(void)fwrite(r->pdu, r->pdu_len, 1, d->of[0].fp);
	d->set->records++;
}

void *blktrace_device(struct blktrace_set *s, size_t i)
{
	return &s->dev[i];
}

static void free_set(struct blktrace_set *s)
{
	free(s->dev);
	free(s->dir);
	free(s);
}

/* Remove every temporary file. */
static void abort_set(struct blktrace_set *s)
{
	for (size_t i = 0; i < s->nr; i++) {
		struct blktrace_dev *d = &s->dev[i];

		for (unsigned int c = 0; c < NR_FILES; c++)
			if (d->open[c])
				outfile_abort(&d->of[c]);
	}
	free_set(s);
}

struct blktrace_set *blktrace_start(const char *dir, const char *const *names,
				    size_t nr, char *err, size_t len)
{
	struct blktrace_set *s = xcalloc(1, sizeof(*s));

	s->dir = xstrdup(dir);
	s->dev = xcalloc(nr + 1, sizeof(*s->dev));
	s->nr = nr;
	for (size_t i = 0; i < nr; i++) {
		struct blktrace_dev *d = &s->dev[i];

		d->set = s;
		snprintf(d->name, sizeof(d->name), "%s", names[i]);
		for (unsigned int c = 0; c < NR_FILES; c++) {
			char *path = file_path(s, d->name, c);

			if (outfile_open(&d->of[c], path)) {
				snprintf(err, len, "%s: cannot write: %s", path,
					 outfile_error(&d->of[c]));
				free(path);
				abort_set(s);
				return NULL;
			}
			d->open[c] = true;
			free(path);
		}
	}
	return s;
}

unsigned long blktrace_records(const struct blktrace_set *s)
{
	return s->records;
}

/* An earlier set's files for other CPUs: blkparse would read them too
 * (it takes DEV.blktrace.N for N = 0, 1, ... while they exist). */
static void remove_stale(const struct blktrace_set *s, const char *dev)
{
	for (unsigned int c = NR_FILES;; c++) {
		char *path = file_path(s, dev, c);
		struct stat st;
		bool regular = !lstat(path, &st) && S_ISREG(st.st_mode);

		if (regular)
			unlink(path);
		free(path);
		if (!regular)
			return;
	}
}

int blktrace_stop(struct blktrace_set *s, bool keep, char *err, size_t len)
{
	int rc = 0;

	if (!keep) {
		abort_set(s);
		return 0;
	}
	/* All written, or none renamed. */
	for (size_t i = 0; i < s->nr; i++)
		for (unsigned int c = 0; c < NR_FILES; c++) {
			struct outfile *of = &s->dev[i].of[c];

			if (outfile_flush(of)) {
				char *path = file_path(s, s->dev[i].name, c);

				snprintf(err, len, "%s: cannot write: %s", path,
					 outfile_error(of));
				free(path);
				abort_set(s);
				return -1;
			}
		}
	for (size_t i = 0; i < s->nr; i++) {
		struct blktrace_dev *d = &s->dev[i];

		for (unsigned int c = 0; c < NR_FILES; c++) {
			d->open[c] = false;
			if (outfile_commit(&d->of[c]) && !rc) {
				char *path = file_path(s, d->name, c);

				snprintf(err, len, "%s: cannot write: %s", path,
					 outfile_error(&d->of[c]));
				free(path);
				rc = -1;
			}
		}
		remove_stale(s, d->name);
	}
	free_set(s);
	return rc;
}
