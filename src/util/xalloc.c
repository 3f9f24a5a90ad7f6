// SPDX-License-Identifier: GPL-2.0
/* Allocations that cannot fail (xalloc.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "xalloc.h"

static void *checked(void *p, size_t size)
{
	if (!p) {
		fprintf(stderr, "mmsim: out of memory (%zu bytes)\n", size);
		abort();
	}
	return p;
}

void *xnonnull(void *p, const char *what)
{
	if (!p) {
		fprintf(stderr, "mmsim: out of memory in %s\n", what);
		abort();
	}
	return p;
}

void *xmalloc(size_t size)
{
	return checked(malloc(size ? size : 1), size);
}

void *xcalloc(size_t n, size_t size)
{
	return checked(calloc(n ? n : 1, size ? size : 1), n * size);
}

void *xrealloc(void *p, size_t size)
{
	return checked(realloc(p, size ? size : 1), size);
}

char *xstrdup(const char *s)
{
	return checked(strdup(s), strlen(s) + 1);
}

char *xstrndup(const char *s, size_t n)
{
	return checked(strndup(s, n), n + 1);
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int rc;

	va_start(ap, fmt);
	rc = vasprintf(&s, fmt, ap);
	va_end(ap);
	return checked(rc < 0 ? NULL : s, 0);
}

FILE *xopen_memstream(char **buf, size_t *len)
{
	return checked(open_memstream(buf, len), 0);
}

void xclose_memstream(FILE *f)
{
	if (fclose(f))
		checked(NULL, 0);
}
