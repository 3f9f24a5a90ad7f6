// SPDX-License-Identifier: GPL-2.0
/*
 * What the programs call on a parsed scenario when they check their task
 * (scenario_types.h): the error every layer reports a bad value with, and
 * the lookups of a task and of a task's key.  They live here, below
 * scenario/, so that the programs call nothing above them: scenario/'s
 * parser uses the same functions.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "scenario_types.h"

int scenario_verror(struct scenario_error *err, const char *file, int line,
		    const char *fmt, va_list ap)
{
	int n;

	err->line = line;
	if (line > 0)
		n = snprintf(err->msg, sizeof(err->msg), "%s:%d: ", file, line);
	else
		n = snprintf(err->msg, sizeof(err->msg), "%s: ", file);
	if (n < 0 || (size_t)n >= sizeof(err->msg))
		n = 0;
	vsnprintf(err->msg + n, sizeof(err->msg) - (size_t)n, fmt, ap);
	return -1;
}

int scenario_last_line(const struct scenario *sc)
{
	return sc->nr_lines > 0 ? sc->nr_lines : 1;
}

int scenario_errorf(const struct scenario *sc, int line,
		    struct scenario_error *err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	scenario_verror(err, sc->filename, line > 0 ? line : scenario_last_line(sc), fmt, ap);
	va_end(ap);
	return -1;
}

int scenario_find_task(const struct scenario *sc, const char *name)
{
	for (size_t i = 0; i < sc->nr_tasks; i++)
		if (!strcmp(sc->tasks[i].name, name))
			return (int)i;
	return -1;
}

struct scenario_kv *scenario_task_find(struct scenario_task *task,
				       const char *key)
{
	for (size_t i = 0; i < task->nr_kv; i++)
		if (!strcmp(task->kv[i].key, key)) {
			task->kv[i].used = true;
			return &task->kv[i];
		}
	return NULL;
}
