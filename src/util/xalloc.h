/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host memory for mmsim itself (not the simulated machine's): running out
 * of it is not an input error, so these print why and abort, and callers
 * never test for NULL.  Every layer may include this; it includes none.
 */
#ifndef MMSIM_UTIL_XALLOC_H
#define MMSIM_UTIL_XALLOC_H

#include <stddef.h>
#include <stdio.h>

void *xmalloc(size_t size);
/* calloc() of at least one byte: zero elements is a valid empty array. */
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
__attribute__((format(printf, 1, 2)))
char *xasprintf(const char *fmt, ...);
/* @p, or "mmsim: out of memory in @what" and abort: for a library's
 * allocating call (json_dumps(), ...) that returns NULL only for want of
 * memory. */
void *xnonnull(void *p, const char *what);
/* A stream into memory (*@buf, *@len as open_memstream()), and its
 * close: both fail only for want of memory. */
FILE *xopen_memstream(char **buf, size_t *len);
void xclose_memstream(FILE *f);

#endif
