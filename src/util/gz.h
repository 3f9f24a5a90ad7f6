/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Whole files in gzip's format (zlib), for what a report folder keeps but
 * nobody reads by eye: a compare's per-run results once its report is
 * written.  The bytes are a function of the input alone (zlib writes no
 * time or name into the header), so the folder stays reproducible.
 */
#ifndef MMSIM_GZ_H
#define MMSIM_GZ_H

#include <stddef.h>

/*
 * @src gzipped into @dst (through DST.tmp.PID, renamed when whole), and
 * @src removed.  0, or -1 with @err: @src is then left as it was.
 */
int gz_pack_file(const char *src, const char *dst, char *err, size_t len);

/* The text of @path, gzipped or not (NUL-terminated; free() it), or NULL
 * with @err. */
char *gz_read_text(const char *path, char *err, size_t len);

#endif /* MMSIM_GZ_H */
