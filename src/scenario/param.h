/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside the scenario layer: typed values (param.c) and error lines.
 * Not for other layers; they use scenario.h.
 */
#ifndef MMSIM_SCENARIO_PARAM_H
#define MMSIM_SCENARIO_PARAM_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include "scenario.h"

static inline void *field_of(void *base, const struct param_spec *sp)
{
	return (char *)base + sp->offset;
}

static inline const void *cfield_of(const void *base, const struct param_spec *sp)
{
	return (const char *)base + sp->offset;
}

/* What a valid value looks like, for the "(...)" part of a message. */
void param_expect(const struct param_spec *sp, char *buf, size_t len);
/* Parse @text into @field (written only when valid); -1 with @why. */
int param_parse(const struct param_spec *sp, const char *text, void *field,
		char *why, size_t len);
/* @field as file text, canonical units. */
void param_format(const struct param_spec *sp, const void *field, char *buf,
		  size_t len);
/* "a, b, c": the keys of @keys. */
void param_list_keys(const struct param_spec *keys, size_t n, char *buf,
		     size_t len);
/* A task name, as the kernel would print its comm. */
bool valid_task_name(const char *s, size_t len);

int scenario_error_at(struct scenario_error *err, const char *file, int line,
		      const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* "KEY = 'VALUE': WHY (EXPECTED)" at @line; returns -1. */
int scenario_value_error(const struct scenario *sc, struct scenario_error *err,
			 int line, const struct param_spec *sp, const char *value,
			 const char *why);

#endif /* MMSIM_SCENARIO_PARAM_H */
