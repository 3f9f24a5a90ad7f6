// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include "gz.h"
#include "xalloc.h"

static const char *gz_why(gzFile g)
{
	int code;
	const char *msg = gzerror(g, &code);

	return code == Z_ERRNO ? strerror(errno) : msg;
}

int gz_pack_file(const char *src, const char *dst, char *err, size_t len)
{
	char *tmp = xasprintf("%s.tmp.%ld", dst, (long)getpid()), buf[65536];
	FILE *in = fopen(src, "rb");
	gzFile out = NULL;
	size_t n;
	int rc = -1;

	if (!in) {
		snprintf(err, len, "%s: %s", src, strerror(errno));
		goto out;
	}
	/* Level 9: written once, read rarely. */
	out = gzopen(tmp, "wb9");
	if (!out) {
		snprintf(err, len, "%s: cannot write: %s", tmp, strerror(errno));
		goto out;
	}
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		if (gzwrite(out, buf, (unsigned int)n) != (int)n) {
			snprintf(err, len, "%s: cannot write: %s", tmp, gz_why(out));
			goto out;
		}
	if (ferror(in)) {
		snprintf(err, len, "%s: %s", src, strerror(errno));
		goto out;
	}
	rc = gzclose(out);
	out = NULL;
	if (rc != Z_OK) {
		snprintf(err, len, "%s: cannot write: %s", tmp,
			 rc == Z_ERRNO ? strerror(errno) : "zlib error");
		rc = -1;
		goto out;
	}
	if (rename(tmp, dst)) {
		snprintf(err, len, "%s: cannot write: %s", dst, strerror(errno));
		rc = -1;
		goto out;
	}
	rc = 0;
	/* Only once the packed copy is whole under its name. */
	if (unlink(src)) {
		snprintf(err, len, "%s: cannot remove: %s", src, strerror(errno));
		rc = -1;
	}
out:
	if (out)
		gzclose(out);
	if (in)
		fclose(in);
	if (rc)
		unlink(tmp);
	free(tmp);
	return rc;
}

char *gz_read_text(const char *path, char *err, size_t len)
{
	/* gzread() passes a file that is not gzipped through as it is. */
	gzFile g = gzopen(path, "rb");
	size_t size = 0, cap = 65536;
	char *text;
	int n;

	if (!g) {
		snprintf(err, len, "%s: %s", path, errno ? strerror(errno) :
			 "cannot open");
		return NULL;
	}
	text = xmalloc(cap + 1);
	while ((n = gzread(g, text + size, (unsigned int)(cap - size))) > 0) {
		size += (size_t)n;
		if (size == cap) {
			cap *= 2;
			text = xrealloc(text, cap + 1);
		}
	}
	if (n < 0) {
		snprintf(err, len, "%s: %s", path, gz_why(g));
		gzclose(g);
		free(text);
		return NULL;
	}
	gzclose(g);
	text[size] = 0;
	return text;
}
