// SPDX-License-Identifier: GPL-2.0
/* SIGBUS from a mapped file turned into an error (fileguard.h). */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "fileguard.h"

static struct file_guard *entered;
static struct sigaction previous;

static void on_sigbus(int sig, siginfo_t *si, void *uc)
{
	struct file_guard *g = entered;

	(void)si;
	(void)uc;
	if (g) {
		entered = g->outer;
		/* SA_NODEFER: SIGBUS is not blocked in here, so the jump
		 * (which does not restore the signal mask) leaves it
		 * deliverable for the next fault. */
		siglongjmp(g->env, 1);
	}
	/*
	 * Not a guarded read: the handler that was there before, or the
	 * default action, once the faulting access runs again on return.
	 */
	sigaction(sig, &previous, NULL);
}

/*
 * Ours, unless someone installed another since (a test harness catching
 * SIGBUS itself): checked at each open, not at each entry, which must
 * stay cheap (a record's read).
 */
static void install(void)
{
	struct sigaction sa, cur;

	if (!sigaction(SIGBUS, NULL, &cur) && (cur.sa_flags & SA_SIGINFO) &&
	    cur.sa_sigaction == on_sigbus)
		return;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_sigbus;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, &previous);
}

void file_guard_open(struct file_guard *g, const char *path)
{
	struct stat st;

	memset(g, 0, sizeof(*g));
	snprintf(g->path, sizeof(g->path), "%s", path);
	install();
	if (stat(path, &st))
		return;
	g->known = true;
	g->size = (uint64_t)st.st_size;
	g->dev = (uint64_t)st.st_dev;
	g->ino = (uint64_t)st.st_ino;
	g->mtime = st.st_mtim;
}

void file_guard_enter(struct file_guard *g)
{
	g->outer = entered;
	entered = g;
}

void file_guard_leave(struct file_guard *g)
{
	if (entered == g)
		entered = g->outer;
}

bool file_guard_changed(const struct file_guard *g, char *why, size_t len)
{
	const char *lead = "changed while mmsim read it";
	struct stat st;

	if (!g->known)
		return false;
	if (stat(g->path, &st)) {
		snprintf(why, len, "%s: %s (%s)", g->path, lead, strerror(errno));
		return true;
	}
	if ((uint64_t)st.st_dev != g->dev || (uint64_t)st.st_ino != g->ino) {
		snprintf(why, len, "%s: %s (replaced by another file: %" PRIu64
			 " bytes when opened, %" PRIu64 " now)", g->path, lead,
			 g->size, (uint64_t)st.st_size);
		return true;
	}
	if ((uint64_t)st.st_size != g->size) {
		snprintf(why, len, "%s: %s (%" PRIu64 " bytes when opened, %"
			 PRIu64 " now)", g->path, lead, g->size,
			 (uint64_t)st.st_size);
		return true;
	}
	if (st.st_mtim.tv_sec != g->mtime.tv_sec ||
	    st.st_mtim.tv_nsec != g->mtime.tv_nsec) {
		snprintf(why, len, "%s: %s (rewritten in place: %" PRIu64
			 " bytes as when opened, modified since)", g->path, lead,
			 g->size);
		return true;
	}
	return false;
}
