// SPDX-License-Identifier: GPL-2.0
/* The report folder: its lock and its manifest (outdir.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "commands.h"
#include "outdir.h"
#include "report/outfile.h"
#include "util/fs.h"
#include "util/xalloc.h"

struct names {
	char **v;
	size_t nr;
};

static void names_add(struct names *n, char *s)
{
	n->v = xrealloc(n->v, (n->nr + 1) * sizeof(*n->v));
	n->v[n->nr++] = s;
}

static void names_free(struct names *n)
{
	for (size_t i = 0; i < n->nr; i++)
		free(n->v[i]);
	free(n->v);
	memset(n, 0, sizeof(*n));
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool names_has(const struct names *n, const char *s)
{
	return n->nr && bsearch(&s, n->v, n->nr, sizeof(*n->v), name_cmp);
}

static char *path_join(const char *a, const char *b)
{
	return xasprintf("%s%s%s", a, *a ? "/" : "", b);
}

/*
 * Everything below @dir, as paths relative to it: regular files in
 * @files, anything else but directories in @others, directories (deepest
 * last) in @dirs.  The lock and the manifest are left out.
 */
static void walk(const char *dir, const char *rel, struct names *files,
		 struct names *others, struct names *dirs)
{
	char *abs = *rel ? path_join(dir, rel) : xstrdup(dir);
	DIR *d = opendir(abs);
	struct dirent *de;

	while (d && (de = readdir(d))) {
		struct stat st;
		char *r, *p;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		/* The lock, another command's lock being made
		 * (".mmsim-lock.PID") and the manifest. */
		if (!*rel && (!strncmp(de->d_name, OUTDIR_LOCK,
				       strlen(OUTDIR_LOCK)) ||
			      !strcmp(de->d_name, OUTDIR_MANIFEST)))
			continue;
		r = path_join(rel, de->d_name);
		p = path_join(dir, r);
		if (lstat(p, &st)) {
			free(p);
			names_add(others, r);
			continue;
		}
		free(p);
		if (S_ISDIR(st.st_mode)) {
			walk(dir, r, files, others, dirs);
			names_add(dirs, r);
		} else if (S_ISREG(st.st_mode)) {
			names_add(files, r);
		} else {
			names_add(others, r);
		}
	}
	if (d)
		closedir(d);
	free(abs);
}

/* ---- the lock ----------------------------------------------------------- */

/*
 * The lock appears with its holder already written in it: "PID HOST" is
 * written to DIR/.mmsim-lock.PID, which is then link()ed to the lock's
 * name (link(2) fails with EEXIST when the lock is there, atomically, as
 * open's O_EXCL does).  Created with O_EXCL and written after, a lock
 * could be read empty by a second command started at the same moment,
 * which then named "pid 0" as its holder.  A filesystem without hard
 * links falls back to O_EXCL, and an empty lock read there is read again
 * for a moment before it is reported.
 */
static int create_lock(const char *path, const char *text, size_t n)
{
	char *tmp = xasprintf("%s.%ld", path, (long)getpid());
	int fd, rc = -1, err;

	unlink(tmp);
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd >= 0) {
		rc = write(fd, text, n) == (ssize_t)n ? 0 : -1;
		err = errno;
		close(fd);
		if (!rc) {
			rc = link(tmp, path);
			err = errno;
		}
		unlink(tmp);
		free(tmp);
		errno = err;
		if (!rc || (errno != EPERM && errno != ENOTSUP &&
			    errno != EOPNOTSUPP && errno != EXDEV))
			return rc;
	} else {
		free(tmp);
		if (errno != EPERM && errno != EACCES && errno != EROFS)
			return -1;
	}
	/* No hard links here. */
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0)
		return -1;
	if (write(fd, text, n) != (ssize_t)n) {
		err = errno;
		close(fd);
		unlink(path);
		errno = err;
		return -2;
	}
	close(fd);
	return 0;
}

/* The holder written in the lock at @path: its pid (0: none written). */
static long read_lock(const char *path, char *host, size_t len)
{
	char fmt[16];
	long pid = 0;

	snprintf(fmt, sizeof(fmt), "%%ld %%%zus", len - 1);
	for (int tries = 0; tries < 50 && pid <= 0; tries++) {
		FILE *f = fopen(path, "r");

		*host = 0;
		if (!f)
			return 0;
		if (fscanf(f, fmt, &pid, host) < 1)
			pid = 0;
		fclose(f);
		if (pid <= 0)
			usleep(10000);
	}
	return pid;
}

static int take_lock(const char *dir)
{
	char *path = path_join(dir, OUTDIR_LOCK), host[256] = "";
	int rc = 0;

	gethostname(host, sizeof(host) - 1);
	for (int tries = 0; tries < 2; tries++) {
		char text[320], other_host[256] = "";
		int n = snprintf(text, sizeof(text), "%ld %s\n", (long)getpid(), host);
		long pid;
		int made = create_lock(path, text, (size_t)n);

		if (!made) {
			free(path);
			return 0;
		}
		if (made == -2) {
			rc = usage_error("%s: cannot write: %s", path, strerror(errno));
			break;
		}
		if (errno != EEXIST) {
			rc = usage_error("%s: cannot create the folder's lock: %s", path,
					 strerror(errno));
			break;
		}
		pid = read_lock(path, other_host, sizeof(other_host));
		/* A process of this host that is gone: a stale lock. */
		if (pid > 0 && !strcmp(other_host, host) &&
		    kill((pid_t)pid, 0) && errno == ESRCH) {
			unlink(path);
			continue;
		}
		if (pid <= 0)
			rc = usage_error("%s: in use by another mmsim (%s names no "
					 "process); one folder takes one command at a "
					 "time: wait for it or choose another --out "
					 "(remove the lock only if no mmsim writes there)",
					 dir, path);
		else
			rc = usage_error("%s: in use by another mmsim (pid %ld%s%s, %s); "
					 "one folder takes one command at a time: wait for "
					 "it or choose another --out (remove the lock only "
					 "if that process is gone)", dir, pid,
					 *other_host ? " on " : "", other_host, path);
		break;
	}
	if (!rc)
		rc = usage_error("%s: cannot take the folder's lock", path);
	free(path);
	return rc;
}

void outdir_release(const char *dir)
{
	char *path = path_join(dir, OUTDIR_LOCK);

	unlink(path);
	free(path);
}

/* ---- --force ------------------------------------------------------------ */

static int read_manifest(const char *dir, struct names *own)
{
	char *path = path_join(dir, OUTDIR_MANIFEST), *line = NULL;
	size_t cap = 0;
	ssize_t n;
	FILE *f = fopen(path, "r");

	free(path);
	if (!f)
		return -1;
	while ((n = getline(&line, &cap, f)) > 0) {
		if (line[n - 1] == '\n')
			line[--n] = 0;
		if (n && line[0] != '#')
			names_add(own, strdup(line));
	}
	free(line);
	fclose(f);
	if (own->nr)
		qsort(own->v, own->nr, sizeof(*own->v), name_cmp);
	return 0;
}

/*
 * "NAME.tmp.PID" of a process that is gone: the temporary file of an
 * mmsim killed while it wrote NAME (outfile.h), mmsim's own whatever the
 * manifest says.
 */
static bool stale_temporary(const char *name)
{
	const char *t = strstr(name, ".tmp."), *p;
	char *end;
	long pid;

	if (!t)
		return false;
	for (p = t; (p = strstr(p + 1, ".tmp.")); )
		t = p;
	pid = strtol(t + 5, &end, 10);
	return end != t + 5 && !*end && pid > 0 && (pid_t)pid != getpid() &&
	       kill((pid_t)pid, 0) && errno == ESRCH;
}

/*
 * Is everything in @dir mmsim's own (in its manifest, or a stale
 * temporary)?  0, or 2 after the message; @what is the option asking
 * ("--force removes", "--resume writes into").
 */
static int check_own(const char *dir, const char *what, struct names *files,
		     struct names *dirs)
{
	struct names own = { 0 }, others = { 0 };
	bool manifest = !read_manifest(dir, &own);
	const char *foreign = NULL;
	size_t nr_foreign;
	int rc = 0;

	walk(dir, "", files, &others, dirs);
	nr_foreign = others.nr;
	if (others.nr)
		foreign = others.v[0];
	for (size_t i = 0; i < files->nr; i++)
		if (!names_has(&own, files->v[i]) && !stale_temporary(files->v[i])) {
			if (!foreign)
				foreign = files->v[i];
			nr_foreign++;
		}
	if (foreign && !manifest)
		rc = usage_error("%s: not a folder mmsim wrote (no %s); %s only "
				 "mmsim's own files, and %s is not known to be one: "
				 "choose another --out", dir, OUTDIR_MANIFEST, what,
				 foreign);
	else if (foreign)
		rc = usage_error("%s: %s is not a file mmsim wrote there (%zu such "
				 "entr%s, by %s/%s); %s only mmsim's own files: move "
				 "%s away or choose another --out", dir, foreign,
				 nr_foreign, nr_foreign == 1 ? "y" : "ies", dir,
				 OUTDIR_MANIFEST, what, nr_foreign == 1 ? "it" : "them");
	names_free(&own);
	names_free(&others);
	return rc;
}

/* --force: remove what the manifest names, or refuse. */
static int clear_own(const char *dir)
{
	struct names files = { 0 }, dirs = { 0 };
	int rc = check_own(dir, "--force removes", &files, &dirs);

	if (!rc) {
		for (size_t i = 0; i < files.nr; i++) {
			char *p = path_join(dir, files.v[i]);

			if (unlink(p) && errno != ENOENT)
				rc = usage_error("%s: cannot remove: %s", p, strerror(errno));
			free(p);
		}
		/* Deepest first: walk() added a directory after its contents. */
		for (size_t i = 0; !rc && i < dirs.nr; i++) {
			char *p = path_join(dir, dirs.v[i]);

			rmdir(p);
			free(p);
		}
		if (!rc) {
			char *p = path_join(dir, OUTDIR_MANIFEST);

			unlink(p);
			free(p);
		}
	}
	names_free(&files);
	names_free(&dirs);
	return rc;
}

int outdir_prepare(const char *dir, bool force, bool *resume)
{
	struct names files = { 0 }, others = { 0 }, dirs = { 0 };
	struct stat st;
	bool empty;
	int rc;

	if (resume)
		*resume = false;
	if (stat(dir, &st)) {
		if (errno != ENOENT || mkdir_p(dir))
			return usage_error("%s: cannot create: %s", dir, strerror(errno));
	} else if (!S_ISDIR(st.st_mode)) {
		return usage_error("%s: exists and is not a directory", dir);
	}
	rc = take_lock(dir);
	if (rc)
		return rc;
	walk(dir, "", &files, &others, &dirs);
	empty = !files.nr && !others.nr && !dirs.nr;
	names_free(&files);
	names_free(&others);
	names_free(&dirs);
	if (empty)
		return 0;
	if (resume) {
		/* Nothing is removed: the stale temporaries only. */
		rc = check_own(dir, "--resume writes into", &files, &dirs);
		for (size_t i = 0; !rc && i < files.nr; i++)
			if (stale_temporary(files.v[i])) {
				char *p = path_join(dir, files.v[i]);

				unlink(p);
				free(p);
			}
		names_free(&files);
		names_free(&dirs);
		*resume = !rc;
	} else if (!force) {
		rc = usage_error("%s: exists and is not empty (--force writes the "
				 "report into it, removing what mmsim wrote there "
				 "before; --resume finishes an interrupted compare, "
				 "sweep or bisect)", dir);
	} else {
		rc = clear_own(dir);
	}
	if (rc)
		outdir_release(dir);
	return rc;
}

int outdir_finish(const char *dir, const char *const *planned,
		  size_t nr_planned)
{
	int rc = outdir_checkpoint(dir, planned, nr_planned);

	outdir_release(dir);
	return rc;
}

int outdir_checkpoint(const char *dir, const char *const *planned,
		      size_t nr_planned)
{
	struct names files = { 0 }, others = { 0 }, dirs = { 0 };
	char *path = path_join(dir, OUTDIR_MANIFEST);
	struct outfile of;
	int rc = 0;

	walk(dir, "", &files, &others, &dirs);
	for (size_t i = 0; i < nr_planned; i++)
		names_add(&files, strdup(planned[i]));
	if (files.nr)
		qsort(files.v, files.nr, sizeof(*files.v), name_cmp);
	if (outfile_open(&of, path)) {
		rc = -1;
	} else {
		fprintf(of.fp, "# The files mmsim wrote into this folder: "
			"'--force' removes these and nothing else.\n");
		for (size_t i = 0; i < files.nr; i++)
			if (!i || strcmp(files.v[i], files.v[i - 1]))
				fprintf(of.fp, "%s\n", files.v[i]);
		rc = outfile_commit(&of);
	}
	if (rc)
		fprintf(stderr, "mmsim: %s: cannot write: %s\n", path,
			outfile_error(&of));
	free(path);
	names_free(&files);
	names_free(&others);
	names_free(&dirs);
	return rc;
}
