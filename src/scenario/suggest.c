// SPDX-License-Identifier: GPL-2.0
/* "Did you mean": see suggest.h. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "suggest.h"

#define MAX_WORD 64

void suggest_init(struct suggest *s, const char *word)
{
	memset(s, 0, sizeof(*s));
	s->word = word ? word : "";
	s->best_dist = (size_t)-1;
}

static int lower(char c)
{
	return tolower((unsigned char)c);
}

/* Optimal string alignment distance, case ignored; words are short. */
static size_t distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	size_t d[MAX_WORD + 1][MAX_WORD + 1];

	if (la > MAX_WORD || lb > MAX_WORD)
		return (size_t)-1;
	for (size_t i = 0; i <= la; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			size_t cost = lower(a[i - 1]) != lower(b[j - 1]);
			size_t v = d[i - 1][j] + 1;

			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + cost < v)
				v = d[i - 1][j - 1] + cost;
			if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
			    lower(a[i - 2]) == lower(b[j - 1]) && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return d[la][lb];
}

void suggest_add(struct suggest *s, const char *candidate)
{
	size_t n = strlen(s->word), d;

	if (!candidate || !*candidate || !n || !strcmp(candidate, s->word))
		return;
	if (!strncasecmp(candidate, s->word, n) &&
	    (!s->prefix_of || strcmp(s->prefix_of, candidate))) {
		s->prefix_of = candidate;
		s->nr_prefix++;
	}
	d = distance(s->word, candidate);
	if (d < s->best_dist) {
		s->best_dist = d;
		s->best = candidate;
	}
}

const char *suggest_best(const struct suggest *s)
{
	size_t n = strlen(s->word);
	size_t limit = n <= 4 ? 1 : n <= 8 ? 2 : 3;

	if (s->best && s->best_dist <= limit)
		return s->best;
	if (s->nr_prefix == 1)
		return s->prefix_of;
	return NULL;
}

const char *suggest_hint(struct suggest *s)
{
	const char *b = suggest_best(s);

	if (!b)
		return "";
	snprintf(s->hint, sizeof(s->hint), " (did you mean '%s'?)", b);
	return s->hint;
}

const char *suggest_lead(struct suggest *s)
{
	const char *b = suggest_best(s);

	if (!b)
		return "";
	snprintf(s->hint, sizeof(s->hint), "did you mean '%s'? ", b);
	return s->hint;
}
