// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <signal.h>
#include <unistd.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <dirent.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "pool.h"
#include "report/outfile.h"
#include "util/xalloc.h"

struct slot {
	pid_t pid;
	int fd;
	size_t idx;
	char *buf;
	size_t len, cap;
};

/* ---- interrupts --------------------------------------------------------- */

static const int caught[] = { SIGINT, SIGTERM, SIGHUP };
#define NR_CAUGHT	(sizeof(caught) / sizeof(caught[0]))

static volatile sig_atomic_t interrupted;
static struct sigaction saved[NR_CAUGHT];
static bool catching;

static void on_interrupt(int sig)
{
	if (!interrupted)
		interrupted = sig;
}

void pool_catch_interrupts(bool on)
{
	if (on == catching)
		return;
	for (size_t i = 0; i < NR_CAUGHT; i++) {
		struct sigaction sa;

		if (!on) {
			sigaction(caught[i], &saved[i], NULL);
			continue;
		}
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_interrupt;
		sigemptyset(&sa.sa_mask);
		sigaction(caught[i], &sa, &saved[i]);
		/* nohup's SIGHUP stays ignored. */
		if (caught[i] == SIGHUP && saved[i].sa_handler == SIG_IGN)
			sigaction(caught[i], &saved[i], NULL);
	}
	catching = on;
	if (on)
		interrupted = 0;
}

int pool_interrupted(void)
{
	return catching ? interrupted : 0;
}

void pool_reraise(int sig)
{
	if (!sig)
		return;
	pool_catch_interrupts(false);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* The caught signals, blocked while the pool looks at the flag, so one
 * arriving just before poll() interrupts it instead of being missed. */
static void block_caught(sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	for (size_t i = 0; i < NR_CAUGHT; i++)
		sigaddset(&set, caught[i]);
	sigprocmask(SIG_BLOCK, &set, old);
}

/* ---- jobs ----------------------------------------------------------------- */

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

/* ---- the cache ------------------------------------------------------------ */

#define CACHE_SEP "\n--\n"

static uint64_t key_hash(const char *key)
{
	uint64_t h = 14695981039346656037ULL;

	for (const char *p = key; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ULL;
	return h;
}

static char *cache_path(const struct pool_cache *c, const char *key)
{
	return xasprintf("%s/%016llx.run", c->dir,
			 (unsigned long long)key_hash(key));
}

/* The kept output of @key, or NULL. */
static char *cache_read(const char *path, const char *key)
{
	size_t klen = strlen(key), n = 0, cap = 0;
	char *text = NULL, *out;
	FILE *f = fopen(path, "rb");

	if (!f)
		return NULL;
	for (;;) {
		if (cap - n < 4096) {
			cap = cap ? cap * 2 : 65536;
			text = xrealloc(text, cap + 1);
		}
		size_t r = fread(text + n, 1, cap - n, f);

		n += r;
		if (!r)
			break;
	}
	fclose(f);
	text[n] = 0;
	if (n < klen + strlen(CACHE_SEP) || memcmp(text, key, klen) ||
	    memcmp(text + klen, CACHE_SEP, strlen(CACHE_SEP))) {
		free(text);
		return NULL;
	}
	out = strdup(text + klen + strlen(CACHE_SEP));
	free(text);
	return out;
}

static void cache_write(const char *path, const char *key, const char *out)
{
	struct outfile of;

	if (outfile_open(&of, path)) {
		fprintf(stderr, "mmsim: %s: cannot write: %s\n", path,
			outfile_error(&of));
		return;
	}
	fprintf(of.fp, "%s%s%s", key, CACHE_SEP, out);
	if (outfile_commit(&of))
		fprintf(stderr, "mmsim: %s: cannot write: %s\n", path,
			outfile_error(&of));
}

/* In the worker: the kept output, or the job run and its output kept.
 * Exit status 2 says it came from the cache. */
static char *cached_job(size_t idx, pool_job_fn fn, void *ctx,
			const struct pool_cache *cache, bool *hit)
{
	char *key = cache->key(idx, ctx), *path = cache_path(cache, key);
	char *out = cache_read(path, key);

	*hit = out != NULL;
	if (!out) {
		out = fn(idx, ctx);
		if (out)
			cache_write(path, key, out);
	}
	free(path);
	free(key);
	return out;
}

void pool_cache_remove(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	while (d && (de = readdir(d))) {
		size_t n = strlen(de->d_name);
		char *p;

		if (n < 5 || strcmp(de->d_name + n - 4, ".run"))
			continue;
		p = xasprintf("%s/%s", dir, de->d_name);
		unlink(p);
		free(p);
	}
	if (d)
		closedir(d);
	rmdir(dir);
}

static size_t nr_cached;

uint64_t pool_self_hash(void)
{
	static uint64_t h;
	unsigned char buf[65536];
	size_t n;
	FILE *f;

	if (h)
		return h;
	h = 1469598103934665603ULL;
	f = fopen("/proc/self/exe", "rb");
	if (!f)
		return h;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		for (size_t i = 0; i < n; i++)
			h = (h ^ buf[i]) * 1099511628211ULL;
	fclose(f);
	return h;
}

size_t pool_cached(void)
{
	return nr_cached;
}

static int start_job(struct slot *s, size_t idx, pool_job_fn fn, void *ctx,
		     const sigset_t *unblocked, const struct pool_cache *cache)
{
	pid_t parent = getpid();
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
		bool hit = false;
		char *out;

		close(fds[0]);
		/* A worker dies with the pool, however the pool ends, and
		 * a signal to it is the default's, not the pool's flag. */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != parent)
			_exit(1);
		for (size_t i = 0; i < NR_CAUGHT; i++)
			if (catching && (caught[i] != SIGHUP ||
					 saved[i].sa_handler != SIG_IGN))
				signal(caught[i], SIG_DFL);
		sigprocmask(SIG_SETMASK, unblocked, NULL);
		if (cache)
			out = cached_job(idx, fn, ctx, cache, &hit);
		else
			out = fn(idx, ctx);
		if (!out || write_all(fds[1], out, strlen(out)))
			_exit(1);
		_exit(hit ? 2 : 0);
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
		s->buf = xrealloc(s->buf, s->cap + 1);
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
	if (WIFEXITED(status) && WEXITSTATUS(status) <= 2 &&
	    WEXITSTATUS(status) != 1 && s->buf) {
		nr_cached += WEXITSTATUS(status) == 2;
		s->buf[s->len] = 0;
		outputs[s->idx] = s->buf;
		return 0;
	}
	free(s->buf);
	outputs[s->idx] = NULL;
	return 1;
}

/* An interrupt: every running worker killed and reaped, its output
 * dropped. */
static void kill_running(struct slot *slots, int jobs, char **outputs)
{
	for (int i = 0; i < jobs; i++)
		if (slots[i].fd >= 0)
			kill(slots[i].pid, SIGKILL);
	for (int i = 0; i < jobs; i++) {
		if (slots[i].fd < 0)
			continue;
		close(slots[i].fd);
		slots[i].fd = -1;
		while (waitpid(slots[i].pid, NULL, 0) < 0 && errno == EINTR)
			;
		free(slots[i].buf);
		outputs[slots[i].idx] = NULL;
	}
}

/* ---- runs done elsewhere ------------------------------------------------- */

static enum pool_mode mode;
static const char *job_id;
static int mode_argc;
static char *const *mode_argv;
static FILE *jobs_out;
static size_t nr_emitted, nr_missing;
static bool job_done;
/* The jobs printed: one run asked for by two stages or two points of a
 * command (a validate ensemble point at the report's own values) is
 * printed once. */
static uint64_t *emitted_ids;

void pool_set_mode(enum pool_mode m, const char *id, int argc,
		   char *const *argv, FILE *jobs)
{
	mode = m;
	job_id = id;
	mode_argc = argc;
	mode_argv = argv;
	jobs_out = jobs;
	nr_emitted = nr_missing = 0;
	job_done = false;
	free(emitted_ids);
	emitted_ids = NULL;
}

static bool emitted_before(uint64_t id)
{
	for (size_t i = 0; i < nr_emitted; i++)
		if (emitted_ids[i] == id)
			return true;
	return false;
}

enum pool_mode pool_mode(void)
{
	return mode;
}

size_t pool_emitted(void)
{
	return nr_emitted;
}

bool pool_job_done(void)
{
	return job_done;
}

size_t pool_missing(void)
{
	return nr_missing;
}

void pool_shell_word(FILE *f, const char *s)
{
	bool plain = *s != 0;

	for (const char *p = s; *p; p++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789_./:=@,+-%", *p))
			plain = false;
	if (plain) {
		fputs(s, f);
		return;
	}
	fputc('\'', f);
	for (; *s; s++) {
		if (*s == '\'')
			fputs("'\\''", f);
		else
			fputc(*s, f);
	}
	fputc('\'', f);
}

/*
 * POOL_EMIT and POOL_RUN_JOB: every kept output read here, in the
 * parent; 0 when all were kept (the caller goes on as after a local
 * pool), else POOL_PENDING after printing the missing jobs or running
 * the one asked for.
 */
static int pool_elsewhere(size_t nr_jobs, pool_job_fn fn, void *ctx,
			  char **outputs, pool_progress_fn progress,
			  const struct pool_cache *cache)
{
	size_t missing = 0;
	char **keys = xcalloc(nr_jobs ? nr_jobs : 1, sizeof(*keys));

	for (size_t i = 0; i < nr_jobs; i++) {
		char *path;

		keys[i] = cache->key(i, ctx);
		path = cache_path(cache, keys[i]);
		outputs[i] = cache_read(path, keys[i]);
		missing += !outputs[i];
		free(path);
	}
	if (!missing) {
		nr_cached = nr_jobs;
		for (size_t i = 0; i < nr_jobs; i++) {
			free(keys[i]);
			if (progress)
				progress(i + 1, nr_jobs, i, outputs, ctx);
		}
		free(keys);
		return 0;
	}
	for (size_t i = 0; i < nr_jobs; i++) {
		uint64_t h = key_hash(keys[i]);
		char id[24];

		snprintf(id, sizeof(id), "%016llx", (unsigned long long)h);
		if (mode == POOL_RUN_JOB && !outputs[i] &&
		    !strcmp(id, job_id)) {
			char *path = cache_path(cache, keys[i]);
			char *out = fn(i, ctx);

			if (out)
				cache_write(path, keys[i], out);
			job_done = out != NULL;
			free(out);
			free(path);
		} else if (mode == POOL_EMIT && !outputs[i] &&
			   !emitted_before(h)) {
			if (!(nr_emitted & (nr_emitted + 1)))
				emitted_ids = xrealloc(emitted_ids,
					2 * (nr_emitted + 1) * sizeof(*emitted_ids));
			emitted_ids[nr_emitted] = h;
			for (int a = 0; a < mode_argc; a++) {
				pool_shell_word(jobs_out, mode_argv[a]);
				fputc(' ', jobs_out);
			}
			fprintf(jobs_out, "--run-job %s\n", id);
			nr_emitted++;
		}
		free(outputs[i]);
		outputs[i] = NULL;
		free(keys[i]);
	}
	free(keys);
	if (mode == POOL_RUN_JOB && !job_done)
		nr_missing = missing;
	return POOL_PENDING;
}

int pool_run(size_t nr_jobs, int jobs, pool_job_fn fn, void *ctx,
	     char **outputs, pool_progress_fn progress,
	     const struct pool_cache *cache)
{
	struct slot *slots;
	struct pollfd *pfd;
	size_t next = 0, done = 0;
	int failed = 0, running = 0;
	sigset_t unblocked;

	if (cache && mode != POOL_LOCAL) {
		nr_cached = 0;
		if (mkdir(cache->dir, 0777) && errno != EEXIST)
			fprintf(stderr, "mmsim: %s: cannot create: %s\n",
				cache->dir, strerror(errno));
		return pool_elsewhere(nr_jobs, fn, ctx, outputs, progress,
				      cache);
	}
	if (jobs < 1)
		jobs = 1;
	slots = xcalloc((size_t)jobs, sizeof(*slots));
	pfd = xcalloc((size_t)jobs, sizeof(*pfd));
	for (int i = 0; i < jobs; i++)
		slots[i].fd = -1;
	for (size_t i = 0; i < nr_jobs; i++)
		outputs[i] = NULL;
	nr_cached = 0;
	if (cache && mkdir(cache->dir, 0777) && errno != EEXIST)
		fprintf(stderr, "mmsim: %s: cannot create: %s\n", cache->dir,
			strerror(errno));
	block_caught(&unblocked);

	while (done < nr_jobs && !interrupted) {
		for (int i = 0; i < jobs && next < nr_jobs; i++) {
			if (slots[i].fd >= 0)
				continue;
			if (start_job(&slots[i], next, fn, ctx, &unblocked, cache)) {
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
		/* The signals are let in only while waiting. */
		if (ppoll(pfd, (nfds_t)jobs, NULL, &unblocked) < 0) {
			if (errno == EINTR)
				continue;
			failed = -1;
			goto out;
		}
		for (int i = 0; i < jobs; i++) {
			size_t idx = slots[i].idx;

			if (slots[i].fd < 0 || !pfd[i].revents)
				continue;
			if (!drain(&slots[i]))
				continue;
			failed += finish_job(&slots[i], outputs);
			running--;
			done++;
			if (progress)
				progress(done, nr_jobs, idx, outputs, ctx);
		}
	}
out:
	if (running)
		kill_running(slots, jobs, outputs);
	sigprocmask(SIG_SETMASK, &unblocked, NULL);
	free(slots);
	free(pfd);
	return failed;
}
