/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The blktrace program's half of a block trace: the simulated kernel's
 * records (struct blktrace_record, metrics/events.h, which
 * kernel/trace/blktrace.c fills and experiment/trace_sink.c hands to
 * blktrace_write()) go to DIR/DEV.blktrace.0, as
 * `blktrace -D DIR` names CPU 0's file, so that `blkparse -D DIR -i sda`
 * and btt read them.  One file per device, every CPU's records in the
 * order they happened (blktrace.c says why); docs/trace.md ("blktrace")
 * says what is recorded.
 *
 * Files are written whole or not at all (report/outfile.h): each is a
 * temporary file until the run ends; then every one is flushed, and only
 * when all flushed is each renamed into place, so a write error leaves
 * the directory's earlier set as it was.  Files DEV.blktrace.N, N >= 1,
 * of the traced devices (an earlier writer's per-CPU files) are removed
 * then, since blkparse would read them with the new ones.
 */
#ifndef MMSIM_REPORT_BLKTRACE_H
#define MMSIM_REPORT_BLKTRACE_H

#include <stdbool.h>
#include <stddef.h>
#include "metrics/events.h"

struct blktrace_set;

/*
 * Before the run: @dir must be a writable directory; it is created (one
 * level, as blktrace does) when missing.  0, or -1 with "DIR: reason" in
 * @err.
 */
int blktrace_dir_check(const char *dir, char *err, size_t len);

/*
 * The files of devices @names[0..@nr) (whole devices: a disk, dm
 * devices) in @dir.  NULL with "PATH: cannot write: reason" in @err when
 * a file cannot be made.
 */
struct blktrace_set *blktrace_start(const char *dir, const char *const *names,
				    size_t nr, char *err, size_t len);

/* Device @i's file, for blktrace_write(). */
void *blktrace_device(struct blktrace_set *s, size_t i);

/* Write record @r of device @dev (blktrace_device()): the relay channel
 * (linux/blktrace_api.h's blk_relay_fn). */
void blktrace_write(void *dev, const struct blktrace_record *r);

/* Records written so far, notes included, over every device. */
unsigned long blktrace_records(const struct blktrace_set *s);

/*
 * After the last record (the devices' tracing stopped) free @s.  With @keep, write
 * the files into place: 0, or -1 with "PATH: cannot write: reason" in
 * @err.  A write that failed (a full disk: what goes wrong in practice)
 * shows when the files are flushed, before any is renamed: then no file
 * of this run is left.  Only a failure of close() or rename() after
 * every file flushed could leave part of the set renamed.  Without
 * @keep, remove them: 0.
 */
int blktrace_stop(struct blktrace_set *s, bool keep, char *err, size_t len);

#endif /* MMSIM_REPORT_BLKTRACE_H */
