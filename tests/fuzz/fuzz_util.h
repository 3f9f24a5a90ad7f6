/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the libFuzzer targets: a private temporary directory
 * per process (every file a target writes goes there, nowhere else), and
 * the "bundle" input format that lets one input describe several files.
 */
#ifndef MMSIM_FUZZ_UTIL_H
#define MMSIM_FUZZ_UTIL_H

#include <ctype.h>
#include <stdbool.h>
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

/* A directory under $TMPDIR (or /tmp), made once, removed at exit. */
static char fuzz_dir[256];

static inline void fuzz_rm_tree(const char *path)
{
	struct stat st;
	DIR *d;
	struct dirent *e;

	if (lstat(path, &st))
		return;
	if (!S_ISDIR(st.st_mode)) {
		unlink(path);
		return;
	}
	d = opendir(path);
	while (d && (e = readdir(d))) {
		char sub[1024];

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", path, e->d_name);
		fuzz_rm_tree(sub);
	}
	if (d)
		closedir(d);
	rmdir(path);
}

static inline void fuzz_cleanup(void)
{
	if (fuzz_dir[0])
		fuzz_rm_tree(fuzz_dir);
}

static inline const char *fuzz_tmpdir(void)
{
	const char *base;

	if (fuzz_dir[0])
		return fuzz_dir;
	base = getenv("TMPDIR");
	snprintf(fuzz_dir, sizeof(fuzz_dir), "%s/mmsim-fuzz-XXXXXX",
		 base && *base ? base : "/tmp");
	if (!mkdtemp(fuzz_dir))
		abort();
	atexit(fuzz_cleanup);
	return fuzz_dir;
}

/* Empty @dir (a directory inside fuzz_dir) and make it again. */
static inline void fuzz_reset_dir(const char *dir)
{
	fuzz_rm_tree(dir);
	if (mkdir(dir, 0700))
		abort();
}

/* False when @path cannot be written (a bundle naming a file "json" and
 * then "json/x", say). */
static inline bool fuzz_write(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	bool ok;

	if (!f)
		return false;
	ok = fwrite(data, 1, len, f) == len;
	return !fclose(f) && ok;
}

/* @data as a NUL-terminated string (cut at its first NUL). */
static inline char *fuzz_string(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		abort();
	memcpy(s, data, size);
	s[size] = 0;
	return s;
}

/*
 * A bundle: files of a directory in one input,
 *	=== NAME\n
 *	contents...
 *	=== NAME\n
 *	...
 * NAME is letters, digits, '.', '-', '_', with at most one "DIR/" in
 * front (json/r1.json).  Text before the first header goes to @first (if
 * not NULL) as a file of that name.  Returns the number of files written.
 */
static inline bool fuzz_bundle_name_ok(const char *s, size_t n)
{
	int slashes = 0;

	if (!n || n > 100 || s[0] == '.' || s[0] == '/')
		return false;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '/') {
			if (++slashes > 1 || i + 1 == n || s[i + 1] == '.')
				return false;
			continue;
		}
		if (!isalnum((unsigned char)s[i]) && !strchr(".-_", s[i]))
			return false;
	}
	return true;
}

static inline int fuzz_write_bundle(const char *dir, const uint8_t *data, size_t size,
			     const char *first)
{
	const char *p = (const char *)data, *end = p + size;
	char name[128] = "";
	int files = 0;

	if (first)
		snprintf(name, sizeof(name), "%s", first);
	while (p <= end) {
		const char *next = p, *hdr = NULL;

		/* The next header at the start of a line. */
		while (next < end) {
			if ((next == (const char *)data || next[-1] == '\n') &&
			    end - next >= 4 && !memcmp(next, "=== ", 4)) {
				hdr = next;
				break;
			}
			next++;
		}
		if (*name) {
			char path[512];
			char *slash;

			snprintf(path, sizeof(path), "%s/%s", dir, name);
			slash = strrchr(path, '/');
			if (slash > path + strlen(dir)) {
				*slash = 0;
				mkdir(path, 0700);
				*slash = '/';
			}
			files += fuzz_write(path, p, (size_t)(next - p));
		}
		if (!hdr)
			break;
		{
			const char *nl = memchr(hdr, '\n', (size_t)(end - hdr));
			size_t n = (size_t)((nl ? nl : end) - hdr - 4);

			name[0] = 0;
			if (fuzz_bundle_name_ok(hdr + 4, n) && n < sizeof(name)) {
				memcpy(name, hdr + 4, n);
				name[n] = 0;
			}
			p = nl ? nl + 1 : end;
			if (!nl)
				break;
		}
	}
	return files;
}

#endif
