// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#include <poll.h>
#include <sys/wait.h>
#include "pool.h"

struct slot {
	pid_t pid;
	int fd;
	size_t idx;
	char *buf;
	size_t len, cap;
};

static int write_all(int fd, const char *s, size_t len)
{
	while (len) {
		ssize_t n = write(fd, s, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		s += n;
		len -= (size_t)n;
	}
	return 0;
}

static int start_job(struct slot *s, size_t idx, pool_job_fn fn, void *ctx)
{
	int fds[2];

	if (pipe(fds))
		return -1;
	s->pid = fork();
	if (s->pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (s->pid == 0) {
		char *out;

		close(fds[0]);
		out = fn(idx, ctx);
		if (!out || write_all(fds[1], out, strlen(out)))
			_exit(1);
		_exit(0);
	}
	close(fds[1]);
	s->fd = fds[0];
	s->idx = idx;
	s->buf = NULL;
	s->len = s->cap = 0;
	return 0;
}

/* One read per readiness report, so it never blocks; returns 1 at EOF. */
static int drain(struct slot *s)
{
	ssize_t n;

	if (s->cap - s->len < 4096) {
		s->cap = s->cap ? s->cap * 2 : 65536;
		s->buf = realloc(s->buf, s->cap + 1);
		if (!s->buf)
			abort();
	}
	do {
		n = read(s->fd, s->buf + s->len, s->cap - s->len);
	} while (n < 0 && errno == EINTR);
	if (n <= 0)
		return 1;
	s->len += (size_t)n;
	return 0;
}

static int finish_job(struct slot *s, char **outputs)
{
	int status = 0;

	close(s->fd);
	s->fd = -1;
	while (waitpid(s->pid, &status, 0) < 0 && errno == EINTR)
		;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && s->buf) {
		s->buf[s->len] = 0;
		outputs[s->idx] = s->buf;
		return 0;
	}
	free(s->buf);
	outputs[s->idx] = NULL;
	return 1;
}

int pool_run(size_t nr_jobs, int jobs, pool_job_fn fn, void *ctx,
	     char **outputs, pool_progress_fn progress)
{
	struct slot *slots;
	struct pollfd *pfd;
	size_t next = 0, done = 0;
	int failed = 0, running = 0;

	if (jobs < 1)
		jobs = 1;
	slots = calloc((size_t)jobs, sizeof(*slots));
	pfd = calloc((size_t)jobs, sizeof(*pfd));
	if (!slots || !pfd)
		abort();
	for (int i = 0; i < jobs; i++)
		slots[i].fd = -1;

	while (done < nr_jobs) {
		for (int i = 0; i < jobs && next < nr_jobs; i++) {
			if (slots[i].fd >= 0)
				continue;
			if (start_job(&slots[i], next, fn, ctx)) {
				if (!running) {
					failed = -1;
					goto out;
				}
				break;
			}
			next++;
			running++;
		}
		for (int i = 0; i < jobs; i++) {
			pfd[i].fd = slots[i].fd;
			pfd[i].events = POLLIN;
			pfd[i].revents = 0;
		}
		if (poll(pfd, (nfds_t)jobs, -1) < 0 && errno != EINTR) {
			failed = -1;
			goto out;
		}
		for (int i = 0; i < jobs; i++) {
			if (slots[i].fd < 0 || !pfd[i].revents)
				continue;
			if (!drain(&slots[i]))
				continue;
			failed += finish_job(&slots[i], outputs);
			running--;
			done++;
			if (progress)
				progress(done, nr_jobs, ctx);
		}
	}
out:
	free(slots);
	free(pfd);
	return failed;
}
