// SPDX-License-Identifier: GPL-2.0
/*
 * The program registry (workload.h): every WORKLOAD_REGISTER'd ops table,
 * found between the linker's __start_mmsim_workloads and
 * __stop_mmsim_workloads, sorted once by .order and name, so the lists
 * are the same whatever order the objects were linked in.  And the few
 * things a run's set of programs needs: finding one by task name, and
 * telling the run that one finished.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "workload.h"
#include "util/xalloc.h"

/* The linker's bounds of the section; never empty, as the library that is
 * linked whole into every program has the programs (an empty one would
 * fail to link, not give an empty registry). */
extern const struct workload_ops *const __start_mmsim_workloads[];
extern const struct workload_ops *const __stop_mmsim_workloads[];

static const struct workload_ops **programs;
static const char **names;

static int order_of(const struct workload_ops *ops)
{
	return ops->order ? ops->order : INT_MAX;
}

static int by_order(const void *a, const void *b)
{
	const struct workload_ops *x = *(const struct workload_ops *const *)a;
	const struct workload_ops *y = *(const struct workload_ops *const *)b;

	if (order_of(x) != order_of(y))
		return order_of(x) < order_of(y) ? -1 : 1;
	return strcmp(x->name, y->name);
}

static void registry_init(void)
{
	size_t n;

	if (programs)
		return;
	n = (size_t)(__stop_mmsim_workloads - __start_mmsim_workloads);
	programs = xcalloc(n + 1, sizeof(*programs));
	names = xcalloc(n + 1, sizeof(*names));
	for (size_t i = 0; i < n; i++)
		programs[i] = __start_mmsim_workloads[i];
	qsort(programs, n, sizeof(*programs), by_order);
	for (size_t i = 0; i < n; i++) {
		if (i && !strcmp(programs[i]->name, programs[i - 1]->name)) {
			fprintf(stderr, "mmsim: bug: two programs are named '%s'\n",
				programs[i]->name);
			abort();
		}
		names[i] = programs[i]->name;
	}
}

const struct workload_ops *const *workload_programs(void)
{
	registry_init();
	return programs;
}

const char *const *workload_program_names(void)
{
	registry_init();
	return names;
}

const struct workload_ops *workload_find(const char *name)
{
	for (const struct workload_ops *const *p = workload_programs(); *p; p++)
		if (!strcmp((*p)->name, name))
			return *p;
	return NULL;
}

struct workload *workload_find_task(const struct workload_set *set,
				    const char *name)
{
	for (size_t i = 0; i < set->nr; i++)
		if (!strcmp(set->w[i].name, name))
			return &set->w[i];
	return NULL;
}

void workload_finish(struct workload *w)
{
	if (w->finished)
		return;
	w->finished = true;
	w->ended = sim_now();
	if (w->set && w->set->finished)
		w->set->finished(w->set, w);
}

void workload_set_release(struct workload_set *set)
{
	for (size_t i = 0; i < set->nr; i++) {
		struct workload *w = &set->w[i];

		if (w->ops && w->ops->release)
			w->ops->release(w);
		free(w->params);
	}
	free(set->w);
	set->w = NULL;
	set->nr = 0;
}
