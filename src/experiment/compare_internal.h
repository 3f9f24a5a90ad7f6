/* SPDX-License-Identifier: GPL-2.0 */
/* Inside the experiment layer: helpers shared by compare.c, override.c
 * and merge.c.  Not for other layers. */
#ifndef MMSIM_COMPARE_INTERNAL_H
#define MMSIM_COMPARE_INTERNAL_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compare.h"
#include "util/xalloc.h"

/* A one-line reason into @err; returns -1. */
static inline __attribute__((format(printf, 3, 4)))
int errf(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return -1;
}

/* A whole text file of at most 1 MiB, NUL-terminated; NULL with @err. */
char *experiment_read_text(const char *path, char *err, size_t len);
/* The text of scenario @path (a file, or an installed scenario's name)
 * or, @path NULL, of the embedded default for @arch; its name for
 * messages in *@name (malloc'd).  NULL with @err. */
char *experiment_scenario_text(const char *path, const char *arch,
			       char **name, char *err, size_t len);
void experiment_free_list(char **v, size_t n);
/* Columns from kernels x points (kernel-major); results for every job. */
void experiment_init_columns(struct experiment *e);
void experiment_alloc_results(struct experiment *e);
/* "NAME-seedS" with NAME file-safe. */
void experiment_run_stem(const char *column, uint64_t seed, char *buf,
			 size_t len);

#endif /* MMSIM_COMPARE_INTERNAL_H */
