// SPDX-License-Identifier: GPL-2.0
/* DIR/DEV.blktrace.0 files from the kernel's block trace (blktrace.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "blktrace.h"
#include "outfile.h"
#include "linux/blkdev.h"
#include "linux/blktrace_api.h"
#include "util/xalloc.h"

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
	struct request_queue *q;
	char name[32];
	struct outfile of[NR_FILES];
	bool open[NR_FILES];
	uint32_t sequence;		/* the merged stream's */
};

struct blktrace_set {
	char *dir;
	unsigned int nr_cpus;		/* the machine's */
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
static void relay_write(void *data, int cpu, const void *buf, size_t len)
{
	struct blktrace_dev *d = data;
	struct blk_io_trace t;

	(void)cpu;
	memcpy(&t, buf, sizeof(t));
	t.cpu = 0;
	/* Notes have no number; every other record the stream's next. */
	if (!(t.action & BLK_TC_ACT(BLK_TC_NOTIFY)))
		t.sequence = ++d->sequence;
	/* A failed write is kept by the file and reported when it ends. */
	(void)fwrite(&t, sizeof(t), 1, d->of[0].fp);
	if (len > sizeof(t))
		(void)fwrite((const char *)buf + sizeof(t), len - sizeof(t), 1,
			     d->of[0].fp);
	d->set->records++;
}

static void free_set(struct blktrace_set *s)
{
	free(s->dev);
	free(s->dir);
	free(s);
}

/* Detach every device and remove every temporary file. */
static void abort_set(struct blktrace_set *s)
{
	for (size_t i = 0; i < s->nr; i++) {
		struct blktrace_dev *d = &s->dev[i];

		if (d->q)
			blk_trace_remove(d->q);
		for (unsigned int c = 0; c < NR_FILES; c++)
			if (d->open[c])
				outfile_abort(&d->of[c]);
	}
	free_set(s);
}

struct blktrace_set *blktrace_start(const char *dir,
				    struct block_device *const *bdevs,
				    size_t nr, unsigned int nr_cpus,
				    char *err, size_t len)
{
	struct blktrace_set *s = xcalloc(1, sizeof(*s));

	s->dir = xstrdup(dir);
	s->dev = xcalloc(nr + 1, sizeof(*s->dev));
	s->nr_cpus = nr_cpus ? nr_cpus : 1;
	s->nr = nr;
	for (size_t i = 0; i < nr; i++) {
		struct blktrace_dev *d = &s->dev[i];

		d->set = s;
		snprintf(d->name, sizeof(d->name), "%s", bdevs[i]->bd_name);
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
	/* Every file is there: trace from now on. */
	for (size_t i = 0; i < nr; i++) {
		struct request_queue *q = bdev_get_queue(bdevs[i]);

		if (blk_trace_setup(q, bdevs[i]->bd_dev, s->nr_cpus,
				    relay_write, &s->dev[i])) {
			snprintf(err, len, "%s: traced already", bdevs[i]->bd_name);
			abort_set(s);
			return NULL;
		}
		s->dev[i].q = q;
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

	for (size_t i = 0; i < s->nr; i++) {
		blk_trace_remove(s->dev[i].q);
		s->dev[i].q = NULL;
	}
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
