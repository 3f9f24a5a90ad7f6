// SPDX-License-Identifier: GPL-2.0
/*
 * Sweep values written into scenario text: a key's line replaced, or
 * added to its section, or the section added; then the text is parsed
 * again, so a swept value goes through exactly the checks (types, units,
 * ranges, the programs' own) and error messages of a value in a file.
 */
#include <stdbool.h>
#include "compare_internal.h"
#include "scenario/scenario.h"
#include "scenario/suggest.h"

static const char *const fixed_sections[] = { "machine", "vm", "kernel", "run" };
#define NR_FIXED_SECTIONS 4

/* ---- scenario text, line by line -------------------------------------- */

enum ini_kind { INI_OTHER, INI_SECTION, INI_KEY };

struct ini_line {
	size_t start, end;	/* [start, end) without the line end */
	size_t next;		/* start of the next line */
	enum ini_kind kind;
	char name[96];		/* section ("vm", "task gitk") or key */
};

static void trim(const char **s, const char **e)
{
	while (*s < *e && (**s == ' ' || **s == '\t'))
		(*s)++;
	while (*e > *s && ((*e)[-1] == ' ' || (*e)[-1] == '\t' || (*e)[-1] == '\r'))
		(*e)--;
}

static void copy_span(char *dst, size_t len, const char *s, const char *e)
{
	size_t n = (size_t)(e - s) < len - 1 ? (size_t)(e - s) : len - 1;

	memcpy(dst, s, n);
	dst[n] = 0;
}

/* Section names as the parser reads them: "[task  gitk]" is "task gitk". */
static void section_name(const char *s, const char *e, char *out, size_t len)
{
	const char *close = memchr(s, ']', (size_t)(e - s));

	if (close)
		e = close;
	trim(&s, &e);
	if (e - s > 4 && !strncmp(s, "task", 4) && (s[4] == ' ' || s[4] == '\t')) {
		const char *n = s + 4;

		trim(&n, &e);
		snprintf(out, len, "task %.*s", (int)(e - n), n);
		return;
	}
	copy_span(out, len, s, e);
}

static size_t ini_next_line(const char *text, size_t pos, struct ini_line *l)
{
	const char *nl = strchr(text + pos, '\n');
	const char *s, *e;

	l->start = pos;
	l->end = nl ? (size_t)(nl - text) : strlen(text);
	l->next = nl ? l->end + 1 : l->end;
	l->kind = INI_OTHER;
	l->name[0] = 0;
	s = text + l->start;
	e = text + l->end;
	trim(&s, &e);
	if (s == e || *s == ';' || *s == '#')
		return l->next;
	if (*s == '[') {
		l->kind = INI_SECTION;
		section_name(s + 1, e, l->name, sizeof(l->name));
		return l->next;
	}
	for (const char *p = s; p < e; p++)
		if (*p == '=' || *p == ':') {
			const char *ke = p;

			trim(&s, &ke);
			l->kind = INI_KEY;
			copy_span(l->name, sizeof(l->name), s, ke);
			break;
		}
	return l->next;
}

static bool is_fixed_section(const char *s)
{
	for (int i = 0; i < NR_FIXED_SECTIONS; i++)
		if (!strcmp(s, fixed_sections[i]))
			return true;
	return false;
}

static bool valid_value(const char *v)
{
	if (!*v || *v == ' ' || v[strlen(v) - 1] == ' ')
		return false;
	for (; *v; v++)
		if ((unsigned char)*v < 0x20 || *v == 0x7f || *v == ';' || *v == '#')
			return false;
	return true;
}

char *scenario_text_override(const char *text, const char *section,
			     const char *name, const char *value, char *err,
			     size_t len)
{
	size_t pos = 0, n = strlen(text), at = 0, rm_end = 0;
	bool in = false, found_section = false, replace = false;
	const char *eol = "\n";
	char *line, *out;
	struct ini_line l;

	if (!valid_value(value)) {
		errf(err, len, "%s = '%s': a value must be printable, without "
		     "';', '#' or blanks at either end", name, value);
		return NULL;
	}
	while (pos < n) {
		pos = ini_next_line(text, pos, &l);
		if (l.kind == INI_SECTION) {
			if (in)
				break;
			in = !strcmp(l.name, section);
			if (in) {
				found_section = true;
				at = l.next;
			}
			continue;
		}
		if (!in || l.kind != INI_KEY)
			continue;
		at = l.next;
		if (!strcmp(l.name, name)) {
			replace = true;
			at = l.start;
			rm_end = l.end;
			if (l.end > l.start && text[l.end - 1] == '\r')
				eol = "\r\n";
			break;
		}
	}
	if (!found_section && !is_fixed_section(section)) {
		errf(err, len, "no [%s] in the scenario", section);
		return NULL;
	}
	if (replace) {
		line = xasprintf("%s = %s%s", name, value,
				 eol[0] == '\r' ? "\r" : "");
		rm_end -= eol[0] == '\r';
		if (rm_end < at)
			rm_end = at;
	} else if (found_section) {
		/* A section whose last line has no line end gets one. */
		bool need_nl = at > 0 && text[at - 1] != '\n';

		line = xasprintf("%s%s = %s\n", need_nl ? "\n" : "", name, value);
		rm_end = at;
	} else {
		bool need_nl = n > 0 && text[n - 1] != '\n';

		line = xasprintf("%s\n[%s]\n%s = %s\n", need_nl ? "\n" : "",
				 section, name, value);
		at = rm_end = n;
	}
	out = xcalloc(n + strlen(line) + 1, 1);
	memcpy(out, text, at);
	strcpy(out + at, line);
	strcat(out, text + rm_end);
	free(line);
	return out;
}

/* Sections of @text that set @name, as "a" or "a, b". */
static int sections_setting(const char *text, const char *name, char *first,
			    size_t first_len, char *all, size_t all_len)
{
	char cur[96] = "";
	size_t pos = 0, n = strlen(text);
	int count = 0;
	struct ini_line l;

	all[0] = 0;
	while (pos < n) {
		pos = ini_next_line(text, pos, &l);
		if (l.kind == INI_SECTION)
			snprintf(cur, sizeof(cur), "%s", l.name);
		else if (l.kind == INI_KEY && *cur && !strcmp(l.name, name)) {
			size_t a = strlen(all);

			if (!count++)
				snprintf(first, first_len, "%s", cur);
			snprintf(all + a, all_len - a, "%s[%s]", a ? " and " : "", cur);
		}
	}
	return count;
}

static bool unknown_key_error(const char *msg, const char *name)
{
	char want[160];

	snprintf(want, sizeof(want), "unknown key '%s' in [", name);
	return strstr(msg, want) != NULL;
}

char *scenario_override(const char *text, const char *filename,
			const char *key, const char *value, char **section_out,
			char **name_out, char *err, size_t len)
{
	const char *dot = strchr(key, '.');
	char section[128], name[96], all[512], first[96];
	char *out = NULL;

	if (dot) {
		int sl = (int)(dot - key);

		snprintf(name, sizeof(name), "%s", dot + 1);
		snprintf(section, sizeof(section), "%.*s", sl, key);
		if (!is_fixed_section(section))
			snprintf(section, sizeof(section), "task %.*s", sl, key);
	} else {
		int n;

		snprintf(name, sizeof(name), "%s", key);
		n = sections_setting(text, key, first, sizeof(first), all, sizeof(all));
		if (n > 1) {
			errf(err, len, "sweep key '%s' is set in %s of %s: write "
			     "SECTION.%s (a task's key: TASK.%s)", key, all,
			     filename, key, key);
			return NULL;
		}
		if (n == 1) {
			snprintf(section, sizeof(section), "%s", first);
		} else {
			/* Not in the file: the fixed section whose registry
			 * knows it, asked of the parser itself. */
			section[0] = 0;
			for (int i = 0; i < NR_FIXED_SECTIONS && !section[0]; i++) {
				struct scenario_error serr;
				struct scenario *sc;
				char *t = scenario_text_override(text, fixed_sections[i],
								 name, value, err, len);

				if (!t)
					return NULL;
				sc = scenario_parse_buffer(t, strlen(t), filename,
							   NULL, &serr);
				free(t);
				scenario_free(sc);
				if (sc || !unknown_key_error(serr.msg, name))
					snprintf(section, sizeof(section), "%s",
						 fixed_sections[i]);
			}
			if (!section[0]) {
				struct suggest sg;

				suggest_init(&sg, key);
				scenario_suggest_keys(&sg);
				errf(err, len, "sweep key '%s': not a key of [machine], "
				     "[vm], [kernel] or [run], nor set in a section of "
				     "%s (%sa task's key: TASK.%s)", key, filename,
				     suggest_lead(&sg), key);
				return NULL;
			}
		}
	}
	if (!*name || strchr(name, '.') || strchr(name, '=')) {
		errf(err, len, "sweep key '%s': expected KEY, SECTION.KEY or TASK.KEY", key);
		return NULL;
	}
	if (!strcmp(section, "kernel") && !strcmp(name, "profile")) {
		errf(err, len, "sweep key '%s': kernels are chosen with --kernels", key);
		return NULL;
	}
	if (!strcmp(section, "run") && !strcmp(name, "seed")) {
		errf(err, len, "sweep key '%s': seeds are chosen with --seeds and --seed",
		     key);
		return NULL;
	}
	if (!strcmp(name, "program") && !strncmp(section, "task ", 5)) {
		errf(err, len, "sweep key '%s': a task's program cannot be swept", key);
		return NULL;
	}
	out = scenario_text_override(text, section, name, value, err, len);
	if (out) {
		if (section_out)
			*section_out = xstrdup(section);
		if (name_out)
			*name_out = xstrdup(name);
	} else if (strncmp(err, "no [", 4) == 0) {
		char tmp[256];

		snprintf(tmp, sizeof(tmp), "%s", err);
		errf(err, len, "sweep key '%s': %s %s", key, tmp, filename);
	}
	return out;
}

