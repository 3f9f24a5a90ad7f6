/* SPDX-License-Identifier: GPL-2.0 */
/*
 * "Did you mean": the known word nearest to one that is not known, when
 * it is near enough to be a typo.  Every refusal of an unknown command,
 * option, scenario section or key, program, measure, monitor, event or
 * /proc file offers one.
 *
 *	struct suggest s;
 *
 *	suggest_init(&s, word);
 *	for (each known name)
 *		suggest_add(&s, name);
 *	usage_error("unknown key '%s'%s", word, suggest_hint(&s));
 *
 * Near enough: an optimal-string-alignment distance (insertions,
 * deletions, substitutions, swaps of neighbours; case ignored) of at most
 * 1 for a word of up to 4 characters, 2 up to 8, 3 beyond; or the only
 * known name the word begins.  The first of equally near names wins, so
 * the hint is the same every time.
 */
#ifndef MMSIM_SCENARIO_SUGGEST_H
#define MMSIM_SCENARIO_SUGGEST_H

#include <stddef.h>

struct suggest {
	const char *word;
	const char *best;
	size_t best_dist;
	const char *prefix_of;		/* the one name @word begins, or NULL */
	int nr_prefix;
	char hint[160];
};

void suggest_init(struct suggest *s, const char *word);
void suggest_add(struct suggest *s, const char *candidate);
/* The suggestion, or NULL. */
const char *suggest_best(const struct suggest *s);
/* " (did you mean 'X'?)", or "" when there is none. */
const char *suggest_hint(struct suggest *s);
/* "did you mean 'X'? ", or "": to open a parenthesis of the message's own
 * ("(did you mean '--json'? try 'mmsim run --help')"). */
const char *suggest_lead(struct suggest *s);

#endif /* MMSIM_SCENARIO_SUGGEST_H */
