// SPDX-License-Identifier: GPL-2.0
/* Output files: atomic for regular files, streamed otherwise (outfile.h). */
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <unistd.h>
#include <stdio.h>
#include <sys/stat.h>
#include "outfile.h"

/* Temporary paths still open, so an interrupted run leaves none behind. */
#define MAX_OPEN 64
static struct outfile *open_files[MAX_OPEN];

/* Symbolic links followed before giving up, as the kernel's MAXSYMLINKS. */
#define MAX_LINKS 40

static void track(struct outfile *of, bool add)
{
	for (int i = 0; i < MAX_OPEN; i++) {
		if (add && !open_files[i]) {
			open_files[i] = of;
			return;
		}
		if (!add && open_files[i] == of) {
			open_files[i] = NULL;
			return;
		}
	}
}

static int fail(struct outfile *of, int err, const char *why)
{
	snprintf(of->why, sizeof(of->why), "%s", why ? why : strerror(err));
	errno = err;
	return -1;
}

const char *outfile_error(const struct outfile *of)
{
	return of->why[0] ? of->why : "unknown error";
}

bool outfile_is_stdout(const char *path)
{
	struct stat a, b;

	if (!strcmp(path, "-"))
		return true;
	return !stat(path, &a) && !fstat(STDOUT_FILENO, &b) &&
	       a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/*
 * Where a link chain starting at @path ends when its last target does not
 * exist yet (a dangling link): that path is created, the links stay.
 * malloc'd, or NULL with errno.
 */
static char *dangling_target(const char *path)
{
	char *cur = strdup(path);

	for (int hops = 0; cur; hops++) {
		char link[PATH_MAX], *next;
		struct stat st;
		ssize_t n;

		if (lstat(cur, &st))
			return errno == ENOENT ? cur : (free(cur), NULL);
		if (!S_ISLNK(st.st_mode) || hops == MAX_LINKS) {
			free(cur);
			errno = hops == MAX_LINKS ? ELOOP : EEXIST;
			return NULL;
		}
		n = readlink(cur, link, sizeof(link) - 1);
		if (n < 0) {
			free(cur);
			return NULL;
		}
		link[n] = 0;
		if (link[0] == '/') {
			next = strdup(link);
		} else {
			/* Relative to the directory holding the link. */
			const char *slash = strrchr(cur, '/');

			if (asprintf(&next, "%.*s%s", slash ? (int)(slash - cur + 1) : 0,
				     cur, link) < 0)
				next = NULL;
		}
		free(cur);
		cur = next;
	}
	errno = ENOMEM;
	return NULL;
}

/*
 * A stdio stream on @fd whose writer keeps the first errno: stdio itself
 * keeps only a flag, and by the time a late fflush() or fclose() reports
 * the failure errno may say something else.
 */
struct sink {
	int fd;
	int err;
};

static ssize_t sink_write(void *cookie, const char *buf, size_t n)
{
	struct sink *s = cookie;
	size_t done = 0;

	while (done < n) {
		ssize_t w = write(s->fd, buf + done, n - done);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (!s->err)
				s->err = w < 0 ? errno : EIO;
			errno = s->err;
			/*
			 * What reached the file, never -1: fopencookie(3)
			 * forbids a negative result, and glibc 2.36's
			 * _IO_new_file_xsputn() takes -1 as SIZE_MAX bytes
			 * written and copies past the caller's buffer.  A
			 * short count sets the stream's error flag.
			 */
			return (ssize_t)done;
		}
		done += (size_t)w;
	}
	return (ssize_t)n;
}

static int sink_close(void *cookie)
{
	struct sink *s = cookie;
	int rc = s->fd > STDERR_FILENO ? close(s->fd) : 0;

	if (rc && !s->err)
		s->err = errno;
	return rc;
}

/* @fd as a stream; the errno of its first failed write stays in *@out. */
static FILE *sink_open(int fd, struct sink **out)
{
	static const cookie_io_functions_t io = {
		.write = sink_write, .close = sink_close,
	};
	struct sink *s = calloc(1, sizeof(*s));
	FILE *f;

	if (!s)
		return NULL;
	s->fd = fd;
	f = fopencookie(s, "w", io);
	if (!f) {
		free(s);
		return NULL;
	}
	*out = s;
	return f;
}

/* stdout's, once main() installed it. */
static struct sink *stdout_sink;

int outfile_stdout_install(void)
{
	struct sink *s;
	FILE *f = sink_open(STDOUT_FILENO, &s);

	if (!f)
		return -1;
	/* As stdio sets up stdout: line buffered on a terminal. */
	if (isatty(STDOUT_FILENO))
		setvbuf(f, NULL, _IOLBF, BUFSIZ);
	fflush(stdout);
	stdout = f;
	stdout_sink = s;
	return 0;
}

int outfile_stdout_error(void)
{
	int err;

	errno = 0;
	if (!fflush(stdout) && !ferror(stdout))
		return 0;
	err = stdout_sink && stdout_sink->err ? stdout_sink->err : errno;
	return err ? err : EIO;
}

static int open_stream(struct outfile *of, const char *path)
{
	struct sink *s;
	struct stat st;
	int fd;

	if (outfile_is_stdout(path)) {
		of->fp = stdout;
		of->is_stdout = true;
		return 0;
	}
	fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	if (fd < 0)
		return fail(of, errno, NULL);
	/*
	 * A device that takes nothing says so to a write of nothing
	 * (/dev/full: ENOSPC), where /dev/null and a terminal take it: the
	 * output is refused now, before the run it would have come after.
	 */
	if (!fstat(fd, &st) && S_ISCHR(st.st_mode) && write(fd, "", 0) < 0) {
		int err = errno;

		close(fd);
		return fail(of, err, NULL);
	}
	of->fp = sink_open(fd, &s);
	if (!of->fp) {
		close(fd);
		return fail(of, ENOMEM, NULL);
	}
	of->sink = s;
	return 0;
}

static int open_atomic(struct outfile *of)
{
	size_t len = strlen(of->target) + 32;
	int fd;

	of->tmp_path = malloc(len);
	if (!of->tmp_path)
		return fail(of, ENOMEM, NULL);
	snprintf(of->tmp_path, len, "%s.tmp.%ld", of->target, (long)getpid());
	/* Never through whatever a stale temporary name is now. */
	unlink(of->tmp_path);
	fd = open(of->tmp_path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	if (fd < 0)
		return fail(of, errno, NULL);
	/* The file it replaces keeps its permissions. */
	if (of->mode >= 0)
		(void)fchmod(fd, (mode_t)of->mode);
	of->fp = sink_open(fd, &of->sink);
	if (!of->fp) {
		close(fd);
		unlink(of->tmp_path);
		return fail(of, ENOMEM, NULL);
	}
	return 0;
}

static void outfile_release(struct outfile *of)
{
	track(of, false);
	free(of->path);
	free(of->target);
	free(of->tmp_path);
	free(of->sink);
	of->path = of->target = of->tmp_path = NULL;
	of->sink = NULL;
	of->fp = NULL;
}

int outfile_open(struct outfile *of, const char *path)
{
	struct stat st;
	int rc;

	memset(of, 0, sizeof(*of));
	of->mode = -1;
	of->path = strdup(path);
	if (!of->path)
		return fail(of, ENOMEM, NULL);
	if (!*path) {
		/* Not the current directory's ".tmp.PID" renamed to nothing
		 * at the end of the run. */
		rc = fail(of, ENOENT, "an empty path (give a file, or - for "
			  "standard output)");
	} else if (!strcmp(path, "-")) {
		rc = open_stream(of, path);
	} else if (!stat(path, &st)) {
		if (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode)) {
			rc = open_stream(of, path);
		} else if (S_ISDIR(st.st_mode)) {
			rc = fail(of, EISDIR, NULL);
		} else if (!S_ISREG(st.st_mode)) {
			rc = fail(of, EINVAL, "not a regular file, FIFO or character device");
		} else if (outfile_is_stdout(path)) {
			/* Already open as standard output: the shell's
			 * "> FILE" keeps it, so write there, not beside it. */
			rc = open_stream(of, path);
		} else {
			/* Through every link to the file itself. */
			of->target = realpath(path, NULL);
			of->mode = (int)(st.st_mode & 07777);
			rc = of->target ? open_atomic(of) : fail(of, errno, NULL);
		}
	} else if (errno == ENOENT) {
		/* Nothing there, or a link to nothing: create its target. */
		of->target = dangling_target(path);
		rc = of->target ? open_atomic(of) : fail(of, errno, NULL);
	} else {
		rc = fail(of, errno, NULL);
	}
	if (rc) {
		int err = errno;

		outfile_release(of);
		errno = err;
		return -1;
	}
	track(of, true);
	return 0;
}

int outfile_commit(struct outfile *of)
{
	int err = 0;

	if (of->is_stdout) {
		/* Standard output stays open for the rest of the command;
		 * main() reports its errors once, at exit. */
		fflush(of->fp);
	} else {
		/*
		 * A write that failed while the buffer filled leaves only the
		 * stream's error flag: what is still buffered may flush
		 * cleanly, or stdio may have dropped the buffer its write
		 * function refused and have nothing left to flush, and
		 * fclose() then returns 0 for a file cut short (ENOSPC
		 * half-way through a JSON file).  The flag, the sink's first
		 * errno and fclose() all count; errno is cleared so that a
		 * stale one is not reported for them.
		 */
		bool bad = ferror(of->fp);

		errno = 0;
		if (fclose(of->fp) || bad || of->sink->err)
			err = of->sink->err ? of->sink->err : errno ? errno : EIO;
	}
	if (!err && of->tmp_path && rename(of->tmp_path, of->target))
		err = errno;
	if (err && of->tmp_path)
		unlink(of->tmp_path);
	outfile_release(of);
	if (err)
		return fail(of, err, NULL);
	return 0;
}

int outfile_flush(struct outfile *of)
{
	int err;

	errno = 0;
	if (!fflush(of->fp) && !ferror(of->fp))
		return 0;
	err = of->sink && of->sink->err ? of->sink->err : errno ? errno : EIO;
	return fail(of, err, NULL);
}

void outfile_abort(struct outfile *of)
{
	if (of->fp && !of->is_stdout)
		fclose(of->fp);
	if (of->tmp_path)
		unlink(of->tmp_path);
	outfile_release(of);
}

void outfile_abort_all(void)
{
	for (int i = 0; i < MAX_OPEN; i++)
		if (open_files[i] && open_files[i]->tmp_path)
			unlink(open_files[i]->tmp_path);
}
