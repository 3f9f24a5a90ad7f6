// SPDX-License-Identifier: GPL-2.0
/* Run-time monitors: see monitor.h and docs/monitors.md. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "monitor.h"
#include "report/outfile.h"
#include "report/procfs.h"
#include "mmsim/kstate.h"
#include "scenario/suggest.h"
#include "util/xalloc.h"

/* MMTests' monitor names (monitors/watch-NAME.sh) and the /proc file. */
static const struct {
	const char *mmtests;		/* "proc-vmstat" */
	const char *proc;		/* "vmstat": proc_show()'s name */
} monitors[NR_MONITORS] = {
	[MONITOR_VMSTAT] = { "proc-vmstat", "vmstat" },
	[MONITOR_BUDDYINFO] = { "proc-buddyinfo", "buddyinfo" },
	[MONITOR_ZONEINFO] = { "proc-zoneinfo", "zoneinfo" },
	[MONITOR_MEMINFO] = { "proc-meminfo", "meminfo" },
	[MONITOR_PAGETYPEINFO] = { "proc-pagetypeinfo", "pagetypeinfo" },
	/* watch-slabinfo.sh: the one without "proc-" in MMTests. */
	[MONITOR_SLABINFO] = { "slabinfo", "slabinfo" },
};

struct monitor_set {
	unsigned int mask;
	sim_time_t interval;
	struct outfile files[NR_MONITORS];
};

int monitor_parse(const char *list, unsigned int *mask, char *err, size_t len)
{
	const char *p = list;

	for (;;) {
		size_t n = strcspn(p, ",");
		int found = -1;

		for (int i = 0; i < NR_MONITORS; i++)
			if ((strlen(monitors[i].proc) == n &&
			     !strncmp(p, monitors[i].proc, n)) ||
			    (strlen(monitors[i].mmtests) == n &&
			     !strncmp(p, monitors[i].mmtests, n)))
				found = i;
		if (found < 0) {
			char word[64];
			struct suggest sg;

			snprintf(word, sizeof(word), "%.*s", (int)n, p);
			suggest_init(&sg, word);
			for (int i = 0; i < NR_MONITORS; i++)
				suggest_add(&sg, monitors[i].proc);
			snprintf(err, len, "unknown monitor '%.*s' (%svmstat, buddyinfo, "
				 "zoneinfo, meminfo, pagetypeinfo, slabinfo, or the "
				 "same with proc- before them)", (int)n, p,
				 suggest_lead(&sg));
			return -1;
		}
		*mask |= 1u << found;
		if (!p[n])
			return 0;
		p += n + 1;
	}
}

static char *path_of(const char *dir, const char *name, const char *test,
		     const char *suffix)
{
	return xasprintf("%s/%s-%s%s", dir, name, test, suffix);
}

struct monitor_set *monitor_open(const char *dir, const char *test,
				 unsigned int mask, sim_time_t interval,
				 char *err, size_t len)
{
	struct monitor_set *ms = xcalloc(1, sizeof(*ms));

	ms->mask = mask;
	ms->interval = interval;
	if (mkdir(dir, 0777) && errno != EEXIST) {
		snprintf(err, len, "%s: cannot create: %s", dir, strerror(errno));
		free(ms);
		return NULL;
	}
	for (int i = 0; i < NR_MONITORS; i++) {
		char *path, *start;
		struct outfile of;

		if (!(mask & (1u << i)))
			continue;
		path = path_of(dir, monitors[i].mmtests, test, "");
		start = path_of(dir, monitors[i].mmtests, test, ".start");
		/* ${MONITOR_LOG}.start: `date +%s`, then /proc/uptime. */
		const char *bad = NULL, *why = NULL;

		if (outfile_open(&of, start)) {
			bad = start;
			why = outfile_error(&of);
		} else {
			fprintf(of.fp, "%llu\n0.00 0.00\n", MMSIM_EPOCH);
			if (outfile_commit(&of)) {
				bad = start;
				why = outfile_error(&of);
			} else if (outfile_open(&ms->files[i], path)) {
				bad = path;
				why = outfile_error(&ms->files[i]);
			}
		}
		if (bad) {
			snprintf(err, len, "%s: cannot write: %s", bad, why);
			free(path);
			free(start);
			ms->mask &= (1u << i) - 1;
			monitor_close(ms, false, NULL, 0);
			return NULL;
		}
		free(path);
		free(start);
	}
	return ms;
}

sim_time_t monitor_interval(const struct monitor_set *ms)
{
	return ms->interval;
}

int proc_show(const char *name, FILE *out)
{
	int needs = procfs_needs(name);
	struct kstate_mem *m;

	if (needs < 0)
		return -1;
	m = kstate_mem_take(needs);
	procfs_show(name, m, out);
	kstate_mem_free(m);
	return 0;
}

void monitor_snapshot(struct monitor_set *ms)
{
	/* `date +%s`: whole seconds. */
	unsigned long long now = MMSIM_EPOCH + sim_now() / NSEC_PER_SEC;

	for (int i = 0; i < NR_MONITORS; i++) {
		FILE *f = ms->files[i].fp;

		if (!(ms->mask & (1u << i)))
			continue;
		fprintf(f, "time: %llu\n", now);
		proc_show(monitors[i].proc, f);

	}
}

int monitor_close(struct monitor_set *ms, bool ok, char *err, size_t len)
{
	int rc = 0;
	size_t used = 0;

	if (len)
		*err = 0;
	for (int i = 0; i < NR_MONITORS; i++) {
		struct outfile *of = &ms->files[i];
		char *path;
		int n;

		if (!(ms->mask & (1u << i)))
			continue;
		if (!ok) {
			outfile_abort(of);
			continue;
		}
		/* Every file that failed, one line each. */
		path = xstrdup(of->path);
		if (outfile_commit(of)) {
			rc = -1;
			n = len > used ? snprintf(err + used, len - used, "%s%s: cannot write: %s",
						  used ? "\n" : "", path, outfile_error(of)) : 0;
			used += n > 0 ? (size_t)n : 0;
			if (used >= len)
				used = len;
		}
		free(path);
	}
	free(ms);
	return rc;
}
