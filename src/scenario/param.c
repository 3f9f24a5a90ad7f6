// SPDX-License-Identifier: GPL-2.0
/*
 * Typed values of scenario keys: parse one value as its struct param_spec
 * describes, print it back in canonical form, say what a valid one looks
 * like, and build the "FILE:LINE: ..." error lines.  Used for the fixed
 * keys (scenario.c) and for the programs' task keys (task_keys.c) alike.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "param.h"
#include "suggest.h"

/* ---- values ----------------------------------------------------------- */

/* What a valid value looks like, for the "(...)" part of a message. */
void param_expect(const struct param_spec *sp, char *buf, size_t len)
{
	char lo[24], hi[24];
	size_t n;

	switch (sp->type) {
	case PARAM_SIZE:
		expect_size(buf, len, (uint64_t)sp->min, (uint64_t)sp->max,
			    sp->align);
		break;
	case PARAM_TIME:
		expect_time(buf, len, (uint64_t)sp->min, (uint64_t)sp->max);
		break;
	case PARAM_INT:
		snprintf(buf, len, "an integer from %" PRId64 " to %" PRId64,
			 sp->min, sp->max);
		break;
	case PARAM_DOUBLE:
		snprintf(buf, len, "a number from %g to %g", sp->dmin, sp->dmax);
		break;
	case PARAM_BOOL:
		snprintf(buf, len, "on or off");
		break;
	case PARAM_ENUM:
		n = (size_t)snprintf(buf, len, "one of");
		for (int i = 0; sp->words[i] && n < len; i++)
			n += (size_t)snprintf(buf + n, len - n, "%s %s",
					      i ? "," : "", sp->words[i]);
		break;
	case PARAM_STRING:
		snprintf(buf, len, "text of at most %zu characters", sp->size - 1);
		break;
	case PARAM_INT_LIST:
		snprintf(buf, len, "up to %d integers from %" PRId64 " to %" PRId64
			 ", separated by blanks", sp->max_items, sp->min, sp->max);
		break;
	case PARAM_UNTIL:
		format_time(lo, sizeof(lo), (uint64_t)sp->min);
		format_time(hi, sizeof(hi), (uint64_t)sp->max);
		snprintf(buf, len, "TASK-done or a time from %s to %s, joined by |",
			 lo, hi);
		break;
	}
}

static int parse_int64(const char *s, int64_t *out)
{
	char *end;
	long long v;

	if (!(isdigit((unsigned char)*s) || (*s == '-' && isdigit((unsigned char)s[1]))))
		return -1;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (errno || *end)
		return -1;
	*out = v;
	return 0;
}

/* A task name as the kernel would print its comm, and the trace scripts
 * match it: letters, digits and '-' (no '_', which their regex cuts). */
bool valid_task_name(const char *s, size_t len)
{
	if (!len || len >= SCENARIO_TASK_NAME_MAX || !isalnum((unsigned char)s[0]))
		return false;
	for (size_t i = 0; i < len; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '-')
			return false;
	return true;
}

static int parse_until(const struct param_spec *sp, const char *text,
		       struct scenario_until *u, char *why, size_t len)
{
	const char *p = text;

	memset(u, 0, sizeof(*u));
	for (;;) {
		const char *bar = strchr(p, '|');
		size_t n = bar ? (size_t)(bar - p) : strlen(p);
		char item[64];

		while (n && isspace((unsigned char)*p))
			p++, n--;
		while (n && isspace((unsigned char)p[n - 1]))
			n--;
		if (!n) {
			snprintf(why, len, "empty condition");
			return -1;
		}
		if (n >= sizeof(item)) {
			snprintf(why, len, "condition too long");
			return -1;
		}
		memcpy(item, p, n);
		item[n] = 0;
		if (u->nr_tasks + (u->time ? 1 : 0) >= SCENARIO_UNTIL_MAX) {
			snprintf(why, len, "more than %d conditions", SCENARIO_UNTIL_MAX);
			return -1;
		}
		if (n > 5 && !strcmp(item + n - 5, "-done")) {
			item[n - 5] = 0;
			if (!valid_task_name(item, n - 5)) {
				snprintf(why, len, "bad task name '%s'", item);
				return -1;
			}
			for (int i = 0; i < u->nr_tasks; i++)
				if (!strcmp(u->tasks[i], item)) {
					snprintf(why, len, "task %s named twice", item);
					return -1;
				}
			strcpy(u->tasks[u->nr_tasks++], item);
		} else {
			uint64_t t;

			if (parse_time_range(item, (uint64_t)sp->min,
					     (uint64_t)sp->max, &t, why, len)) {
				if (!strcmp(why, "out of range"))
					snprintf(why, len, "time out of range");
				return -1;
			}
			if (u->time) {
				snprintf(why, len, "more than one time");
				return -1;
			}
			u->time = t;
		}
		if (!bar)
			return 0;
		p = bar + 1;
	}
}

static int parse_int_list(const struct param_spec *sp, const char *text,
			  struct param_int_list *l, char *why, size_t len)
{
	const char *p = text;

	memset(l, 0, sizeof(*l));
	for (;;) {
		char tok[32];
		size_t n;
		int64_t v;

		while (*p == ' ' || *p == '\t' || *p == ',')
			p++;
		if (!*p)
			break;
		n = strcspn(p, " \t,");
		if (n >= sizeof(tok)) {
			snprintf(why, len, "not an integer");
			return -1;
		}
		memcpy(tok, p, n);
		tok[n] = 0;
		if (parse_int64(tok, &v)) {
			snprintf(why, len, "not an integer");
			return -1;
		}
		if (l->n >= sp->max_items) {
			snprintf(why, len, "more than %d values", sp->max_items);
			return -1;
		}
		if (v < sp->min || v > sp->max) {
			snprintf(why, len, "out of range");
			return -1;
		}
		l->v[l->n++] = (int)v;
		p += n;
	}
	if (!l->n) {
		snprintf(why, len, "empty");
		return -1;
	}
	return 0;
}

union param_value {
	uint64_t u64;
	int64_t i64;
	int i;
	double d;
	bool b;
	struct param_int_list list;
	struct scenario_until until;
};

/*
 * Parse @text as @sp describes into the field at @field.  The field is
 * written only when the whole value is valid.  On failure -1 and @why says
 * what is wrong.
 */
int param_parse(const struct param_spec *sp, const char *text,
		       void *field, char *why, size_t len)
{
	union param_value v;
	size_t n = 0;

	memset(&v, 0, sizeof(v));
	switch (sp->type) {
	case PARAM_SIZE:
	case PARAM_TIME:
		if ((sp->type == PARAM_SIZE ? parse_size_range : parse_time_range)
		    (text, (uint64_t)sp->min, (uint64_t)sp->max, &v.u64, why, len))
			return -1;
		if (sp->align > 1 && v.u64 % sp->align) {
			char al[24];

			format_size(al, sizeof(al), sp->align);
			snprintf(why, len, "not a multiple of %s", al);
			return -1;
		}
		n = sizeof(uint64_t);
		break;
	case PARAM_INT:
		if (parse_int64(text, &v.i64)) {
			snprintf(why, len, "not an integer");
			return -1;
		}
		if (v.i64 < sp->min || v.i64 > sp->max) {
			snprintf(why, len, "out of range");
			return -1;
		}
		if (sp->size == sizeof(int)) {
			int i = (int)v.i64;

			v.i = i;
		}
		n = sp->size;
		break;
	case PARAM_DOUBLE: {
		char *end;

		errno = 0;
		v.d = strtod(text, &end);
		if (end == text || *end || isspace((unsigned char)*text) ||
		    !isfinite(v.d)) {
			snprintf(why, len, "not a number");
			return -1;
		}
		if (v.d < sp->dmin || v.d > sp->dmax) {
			snprintf(why, len, "out of range");
			return -1;
		}
		n = sizeof(double);
		break;
	}
	case PARAM_BOOL:
		if (!strcasecmp(text, "on") || !strcasecmp(text, "yes") ||
		    !strcasecmp(text, "true") || !strcmp(text, "1"))
			v.b = true;
		else if (!strcasecmp(text, "off") || !strcasecmp(text, "no") ||
			 !strcasecmp(text, "false") || !strcmp(text, "0"))
			v.b = false;
		else {
			snprintf(why, len, "not on or off");
			return -1;
		}
		n = sizeof(bool);
		break;
	case PARAM_ENUM:
		v.i = -1;
		for (int i = 0; sp->words[i]; i++)
			if (!strcmp(text, sp->words[i]))
				v.i = i;
		if (v.i < 0) {
			struct suggest sg;

			suggest_init(&sg, text);
			for (int i = 0; sp->words[i]; i++)
				suggest_add(&sg, sp->words[i]);
			if (suggest_best(&sg))
				snprintf(why, len, "unknown value: did you mean '%s'?",
					 suggest_best(&sg));
			else
				snprintf(why, len, "unknown value");
			return -1;
		}
		n = sizeof(int);
		break;
	case PARAM_STRING:
		if (!*text) {
			snprintf(why, len, "empty");
			return -1;
		}
		if (strlen(text) >= sp->size) {
			snprintf(why, len, "too long");
			return -1;
		}
		/* The whole field, so no byte of an earlier value survives. */
		memset(field, 0, sp->size);
		memcpy(field, text, strlen(text));
		return 0;
	case PARAM_INT_LIST:
		if (parse_int_list(sp, text, &v.list, why, len))
			return -1;
		n = sizeof(v.list);
		break;
	case PARAM_UNTIL:
		if (parse_until(sp, text, &v.until, why, len))
			return -1;
		n = sizeof(v.until);
		break;
	}
	memcpy(field, &v, n);
	return 0;
}

/* The value at @field as file text, canonical units. */
void param_format(const struct param_spec *sp, const void *field,
			 char *buf, size_t len)
{
	size_t n = 0;

	switch (sp->type) {
	case PARAM_SIZE:
		format_size(buf, len, *(const uint64_t *)field);
		break;
	case PARAM_TIME:
		format_time(buf, len, *(const uint64_t *)field);
		break;
	case PARAM_INT:
		if (sp->size == sizeof(int))
			snprintf(buf, len, "%d", *(const int *)field);
		else
			snprintf(buf, len, "%" PRId64, *(const int64_t *)field);
		break;
	case PARAM_DOUBLE:
		snprintf(buf, len, "%.17g", *(const double *)field);
		break;
	case PARAM_BOOL:
		snprintf(buf, len, "%s", *(const bool *)field ? "on" : "off");
		break;
	case PARAM_ENUM:
		snprintf(buf, len, "%s", sp->words[*(const int *)field]);
		break;
	case PARAM_STRING:
		snprintf(buf, len, "%s", (const char *)field);
		break;
	case PARAM_INT_LIST: {
		const struct param_int_list *l = field;

		buf[0] = 0;
		for (int i = 0; i < l->n && n < len; i++)
			n += (size_t)snprintf(buf + n, len - n, "%s%d", i ? " " : "", l->v[i]);
		break;
	}
	case PARAM_UNTIL: {
		const struct scenario_until *u = field;

		buf[0] = 0;
		for (int i = 0; i < u->nr_tasks && n < len; i++)
			n += (size_t)snprintf(buf + n, len - n, "%s%s-done",
					      i ? " | " : "", u->tasks[i]);
		if (u->time && n < len) {
			char t[24];

			format_time(t, sizeof(t), u->time);
			snprintf(buf + n, len - n, "%s%s", n ? " | " : "", t);
		}
		break;
	}
	}
}

/* ---- errors ----------------------------------------------------------- */

int scenario_error_at(struct scenario_error *err, const char *file, int line,
		      const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	scenario_verror(err, file, line, fmt, ap);
	va_end(ap);
	return -1;
}

/* "KEY = 'VALUE': WHY (EXPECTED)" at @line. */
int scenario_value_error(const struct scenario *sc, struct scenario_error *err,
			 int line, const struct param_spec *sp, const char *value,
			 const char *why)
{
	char expect[256];

	param_expect(sp, expect, sizeof(expect));
	return scenario_errorf(sc, line, err, "%s = '%s': %s (%s)",
			       sp->key, value, why, expect);
}

void param_list_keys(const struct param_spec *keys, size_t n, char *buf,
		     size_t len)
{
	size_t used = 0;

	buf[0] = 0;
	for (size_t i = 0; i < n && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
					 i ? ", " : "", keys[i].key);
}
