// SPDX-License-Identifier: GPL-2.0
/*
 * mmsim bisect's report (bisect_report.h): a text table, bisect.json and
 * an HTML page whose bar chart is plain SVG (no gnuplot needed), each
 * switch's effect with its confidence interval as a whisker.
 */
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "bisect_report.h"
#include "compare_report.h"
#include "html.h"
#include "util/xalloc.h"

static const char *const state_names[] = {
	[BISECT_SKIPPED] = "never read",
	[BISECT_IDENTICAL] = "no effect",
	[BISECT_MEASURED] = "measured",
	[BISECT_SCREENED] = "screened out",
};

static const char *const screen_names[] = {
	[BISECT_SCREEN_NEGLIGIBLE] = "negligible",
	[BISECT_SCREEN_SIGNIFICANT] = "significant",
	[BISECT_SCREEN_OFF] = "off",
};

/* What screening takes for granted, as the text and JSON say it. */
static const char screen_assumption[] =
	"within a group that was not split, the switches' effects do not "
	"cancel each other out, so that each lies within the group's "
	"intervals; a pair of opposite effects in one group is missed";

static void effect_text(char *buf, size_t len, const struct bisect_effect *e)
{
	if (!e->valid)
		snprintf(buf, len, "%+.2f", e->mean);
	else
		snprintf(buf, len, "%+.2f [%+.2f, %+.2f]%s", e->mean, e->lo, e->hi,
			 e->significant ? " *" : "");
}

/*
 * The seeds a flip ran: one number when both ways ran the same seeds
 * and neither stopped as futile, else forward/backward, an f after a way
 * that stopped as futile (the summary says what that is).
 */
static void seeds_text(char *buf, size_t len, const unsigned int *seeds,
		       const bool *futile)
{
	if (seeds[BISECT_FORWARD] == seeds[BISECT_BACKWARD] &&
	    !futile[BISECT_FORWARD] && !futile[BISECT_BACKWARD])
		snprintf(buf, len, "%u", seeds[BISECT_FORWARD]);
	else
		snprintf(buf, len, "%u%s/%u%s", seeds[BISECT_FORWARD],
			 futile[BISECT_FORWARD] ? "f" : "",
			 seeds[BISECT_BACKWARD],
			 futile[BISECT_BACKWARD] ? "f" : "");
}

static double share(double part, double whole)
{
	return whole != 0 ? 100 * part / whole : NAN;
}

void bisect_report_text(FILE *f, const struct bisect_report *r)
{
	char buf[96], buf2[96], seeds[16];
	size_t skipped = 0, inert = 0;

	fprintf(f, "bisect %s -> %s: %s, %s, %u seeds from %llu, alpha %.2f\n\n",
		r->a, r->b, r->measure_title, r->scenario, r->nr_seeds,
		(unsigned long long)r->base_seed, r->alpha);
	fprintf(f, "A %-44s %12.2f (sd %.2f)\n", r->a, r->a_mean, r->a_sd);
	fprintf(f, "B %-44s %12.2f (sd %.2f)\n", r->b, r->b_mean, r->b_sd);
	effect_text(buf, sizeof(buf), &r->total);
	fprintf(f, "B - A %57s (p = %.3g)\n\n", buf, r->total.p);

	if (r->nr_groups) {
		fprintf(f, "%-24s %-33s %6s  %-38s %-38s %s\n", "group",
			"switches", "seeds", "A with them at B's, minus A",
			"B minus B with them at A's", "verdict");
		for (size_t i = 0; i < r->nr_groups; i++) {
			const struct bisect_group *g = &r->groups[i];

			if (g->state == BISECT_IDENTICAL) {
				snprintf(buf, sizeof(buf), "identical runs");
				snprintf(buf2, sizeof(buf2), "identical runs");
			} else {
				effect_text(buf, sizeof(buf), &g->forward);
				effect_text(buf2, sizeof(buf2), &g->backward);
			}
			static const bool no_futile[NR_BISECT_WAYS];

			seeds_text(seeds, sizeof(seeds), g->seeds, no_futile);
			fprintf(f, "%-24s %-33zu %6s  %-38s %-38s %s\n", g->name,
				g->nr_members, seeds, buf, buf2, g->verdict);
		}
		fputc('\n', f);
	}
	fprintf(f, "%-24s %-16s %-16s %6s  %-38s %-38s %s\n", "switch", "A",
		"B", "seeds", "A with B's value, minus A",
		"B minus B with A's value", "reads A / B");
	for (size_t i = 0; i < r->nr_rows; i++) {
		const struct bisect_row *row = &r->rows[i];

		if (row->state == BISECT_SKIPPED) {
			skipped++;
			continue;
		}
		if (row->state == BISECT_IDENTICAL) {
			inert++;
			snprintf(buf, sizeof(buf), "identical runs");
			snprintf(buf2, sizeof(buf2), "identical runs");
		} else if (row->state == BISECT_SCREENED) {
			snprintf(buf, sizeof(buf), "screened out with %s",
				 r->groups[row->group].name);
			snprintf(buf2, sizeof(buf2), "screened out with %s",
				 r->groups[row->group].name);
		} else {
			effect_text(buf, sizeof(buf), &row->forward);
			effect_text(buf2, sizeof(buf2), &row->backward);
			if (row->identical[BISECT_FORWARD])
				snprintf(buf, sizeof(buf), "identical runs");
			if (row->identical[BISECT_BACKWARD])
				snprintf(buf2, sizeof(buf2), "identical runs");
		}
		seeds_text(seeds, sizeof(seeds), row->seeds, row->futile);
		fprintf(f, "%-24s %-16s %-16s %6s  %-38s %-38s %llu / %llu\n",
			row->name, row->a_value, row->b_value,
			row->state == BISECT_SCREENED ? "-" : seeds, buf, buf2,
			(unsigned long long)row->reads_a,
			(unsigned long long)row->reads_b);
	}
	if (skipped) {
		fprintf(f, "\nNever read in any run of either kernel (cannot matter here):");
		for (size_t i = 0; i < r->nr_rows; i++)
			if (r->rows[i].state == BISECT_SKIPPED)
				fprintf(f, " %s", r->rows[i].name);
		fputc('\n', f);
	}
	fprintf(f, "\n%zu switches differ: %zu measured, %zu read but without effect "
		"(their first %u seeds gave exactly the kernel's runs: every measure equal), ",
		r->nr_rows, r->nr_rows - skipped - inert - r->screened_out, inert,
		r->nr_seeds < 2 ? r->nr_seeds : 2);
	if (r->screen != BISECT_SCREEN_OFF)
		fprintf(f, "%zu screened out with their groups, ", r->screened_out);
	fprintf(f, "%zu never read.\n", skipped);
	if (r->screen == BISECT_SCREEN_OFF) {
		fprintf(f, "No screening (--screen off): every read switch flipped alone.\n");
	} else {
		size_t split = 0, groups_in = 0;

		for (size_t i = 0; i < r->nr_groups; i++) {
			split += r->groups[i].split;
			groups_in += r->groups[i].nr_members;
		}
		fprintf(f, "Screening (--screen %s): %zu read switches in %zu groups "
			"of two or more (one subsystem each) flipped together first, "
			"both ways, in %zu runs; a group is split into single flips %s "
			"+-%.0f%% of |B - A|.  %zu split, %zu not split: %zu switches "
			"screened out.  Flipping those alone would have cost %ld to %ld "
			"runs (both ways at %u seeds, up to every seed): screening "
			"saved %ld to %ld runs net (negative: it cost more).  The %zu "
			"single flips took %zu runs.\n",
			screen_names[r->screen], groups_in, r->nr_groups,
			r->group_runs,
			r->screen == BISECT_SCREEN_NEGLIGIBLE ?
			"unless its runs were identical or both its intervals lie within" :
			"only if an interval excludes zero and leaves",
			100 * r->negligible, split, r->nr_groups - split,
			r->screened_out, r->saved_min + (long)r->group_runs,
			r->saved_max + (long)r->group_runs,
			r->nr_seeds < 2 ? r->nr_seeds : 2,
			r->saved_min, r->saved_max,
			r->nr_rows - skipped - r->screened_out, r->single_runs);
		fprintf(f, "Screening's assumption: %s.\n", screen_assumption);
	}
	{
		size_t early = 0, futile = 0, same = 0;
		size_t measured = r->nr_rows - skipped - inert - r->screened_out;

		for (size_t i = 0; i < r->nr_rows; i++) {
			const struct bisect_row *row = &r->rows[i];

			if (row->state != BISECT_MEASURED)
				continue;
			for (int w = 0; w < NR_BISECT_WAYS; w++) {
				if (row->seeds[w] >= r->nr_seeds)
					continue;
				early++;
				futile += row->futile[w];
				same += row->identical[w];
			}
		}
		if (r->all_seeds)
			fprintf(f, "Every measured flip ran at all %u seeds (--all-seeds).\n",
				r->nr_seeds);
		else
			fprintf(f, "Each way of a flip runs and stops on its own, its "
				"interval set against its kernel's runs on the same "
				"seeds: %zu of "
				"the %zu intervals of the %zu measured flips stopped "
				"before %u seeds: %zu with identical runs at %u (that "
				"way only), %zu decided (excluding zero, or within "
				"+-%.0f%% of |B - A|), %zu (f) as futile.\n",
				early, 2 * measured, measured,
				r->nr_seeds, same, r->nr_seeds < 2 ? r->nr_seeds : 2,
				early - futile - same, 100 * r->negligible, futile);
		if (!r->all_seeds && r->futility > 0)
			fprintf(f, "Futility: an interval still undecided stops once, "
				"were the runs to come like the runs so far, it could "
				"not fit within +-%.0f%% of |B - A| at %u seeds and "
				"would exclude zero there with probability below %.0f%% "
				"(conditional power at the effect seen; --futility).\n",
				100 * r->negligible, r->nr_seeds, 100 * r->futility);
	}
	fprintf(f, "Sum of the single effects%s: %+.2f from A (%.0f%% of B - A), "
		"%+.2f from B (%.0f%%); interaction left over: %+.2f.\n",
		r->screened_out ? " and of the groups not split" : "",
		r->sum_forward, share(r->sum_forward, r->total.mean),
		r->sum_backward, share(r->sum_backward, r->total.mean),
		r->interaction);
	if (r->ddmin_done) {
		fprintf(f, "Delta debugging: A with {");
		for (size_t i = 0; i < r->ddmin_nr; i++)
			fprintf(f, "%s%s", i ? ", " : "", r->ddmin_set[i]);
		fprintf(f, "} at B's values gives %+.2f (%.0f%% of B - A), a "
			"1-minimal set: %zu tests, %zu runs.\n", r->ddmin_effect,
			share(r->ddmin_effect, r->total.mean), r->ddmin_tests,
			r->ddmin_runs);
	} else {
		fprintf(f, "Delta debugging %s.\n", r->ddmin_why);
	}
	fprintf(f, "%zu runs in %.1f s; [lo, hi]: %.0f%% Welch interval, * p < %.2f.\n",
		r->runs, r->wall_seconds, 100 * (1 - r->alpha), r->alpha);
}

static json_t *effect_json(const struct bisect_effect *e)
{
	if (!e->valid)
		return json_pack("{s:f,s:i,s:i}", "mean", e->mean, "n_x", e->n_x,
				 "n_y", e->n_y);
	return json_pack("{s:f,s:f,s:f,s:f,s:f,s:b,s:i,s:i}", "mean", e->mean,
			 "lo", e->lo, "hi", e->hi, "se", e->se, "p", e->p,
			 "significant", e->significant, "n_x", e->n_x,
			 "n_y", e->n_y);
}

/* The seeds each way ran: {"forward": n, "backward": n}. */
static json_t *ways_json_int(const unsigned int *seeds)
{
	return json_pack("{s:i,s:i}", "forward", (int)seeds[BISECT_FORWARD],
			 "backward", (int)seeds[BISECT_BACKWARD]);
}

static json_t *report_json(const struct bisect_report *r)
{
	json_t *root = json_object(), *rows = json_array(), *set = json_array();

	json_object_set_new(root, "a", json_string(r->a));
	json_object_set_new(root, "b", json_string(r->b));
	json_object_set_new(root, "measure", json_string(r->measure));
	json_object_set_new(root, "scenario", json_string(r->scenario));
	json_object_set_new(root, "arch", json_string(r->arch));
	json_object_set_new(root, "seeds", json_pack("{s:I,s:i}", "base",
		(json_int_t)r->base_seed, "count", (int)r->nr_seeds));
	json_object_set_new(root, "alpha", json_real(r->alpha));
	/* Each way of a flip stops once decided unless all_seeds (each
	 * row's "seeds": forward and backward). */
	json_object_set_new(root, "negligible", json_real(r->negligible));
	json_object_set_new(root, "all_seeds", json_boolean(r->all_seeds));
	/* A row with a way stopped as futile says which in "futile". */
	json_object_set_new(root, "futility", json_real(r->futility));
	json_object_set_new(root, "a_mean", json_real(r->a_mean));
	json_object_set_new(root, "a_sd", json_real(r->a_sd));
	json_object_set_new(root, "b_mean", json_real(r->b_mean));
	json_object_set_new(root, "b_sd", json_real(r->b_sd));
	json_object_set_new(root, "total", effect_json(&r->total));
	for (size_t i = 0; i < r->nr_rows; i++) {
		const struct bisect_row *row = &r->rows[i];
		json_t *o = json_pack("{s:s,s:s,s:s,s:s,s:I,s:I,s:o}",
				      "switch", row->name, "a", row->a_value,
				      "b", row->b_value, "state",
				      state_names[row->state], "reads_a",
				      (json_int_t)row->reads_a, "reads_b",
				      (json_int_t)row->reads_b, "seeds",
				      ways_json_int(row->seeds));

		if (row->identical[BISECT_FORWARD] || row->identical[BISECT_BACKWARD])
			json_object_set_new(o, "identical", json_pack("{s:b,s:b}",
				"forward", row->identical[BISECT_FORWARD],
				"backward", row->identical[BISECT_BACKWARD]));
		if (row->futile[BISECT_FORWARD] || row->futile[BISECT_BACKWARD])
			json_object_set_new(o, "futile", json_pack("{s:b,s:b}",
				"forward", row->futile[BISECT_FORWARD],
				"backward", row->futile[BISECT_BACKWARD]));
		if (row->group >= 0)
			json_object_set_new(o, "group",
					    json_string(r->groups[row->group].name));
		if (row->state != BISECT_SKIPPED && row->state != BISECT_SCREENED) {
			json_object_set_new(o, "forward", effect_json(&row->forward));
			json_object_set_new(o, "backward", effect_json(&row->backward));
		}
		json_array_append_new(rows, o);
	}
	json_object_set_new(root, "switches", rows);
	{
		json_t *screen = json_object(), *groups = json_array();

		json_object_set_new(screen, "mode",
				    json_string(screen_names[r->screen]));
		if (r->screen != BISECT_SCREEN_OFF)
			json_object_set_new(screen, "assumption",
					    json_string(screen_assumption));
		for (size_t i = 0; i < r->nr_groups; i++) {
			const struct bisect_group *g = &r->groups[i];
			json_t *o = json_pack("{s:s,s:I,s:s,s:o,s:b,s:s}", "group",
					      g->name, "switches",
					      (json_int_t)g->nr_members, "state",
					      state_names[g->state], "seeds",
					      ways_json_int(g->seeds), "split", g->split,
					      "verdict", g->verdict);

			json_object_set_new(o, "forward", effect_json(&g->forward));
			json_object_set_new(o, "backward", effect_json(&g->backward));
			json_array_append_new(groups, o);
		}
		json_object_set_new(screen, "groups", groups);
		json_object_set_new(screen, "group_runs",
				    json_integer((json_int_t)r->group_runs));
		json_object_set_new(screen, "single_runs",
				    json_integer((json_int_t)r->single_runs));
		json_object_set_new(screen, "screened_out",
				    json_integer((json_int_t)r->screened_out));
		json_object_set_new(screen, "saved_min",
				    json_integer((json_int_t)r->saved_min));
		json_object_set_new(screen, "saved_max",
				    json_integer((json_int_t)r->saved_max));
		json_object_set_new(root, "screen", screen);
	}
	json_object_set_new(root, "sum_forward", json_real(r->sum_forward));
	json_object_set_new(root, "sum_backward", json_real(r->sum_backward));
	json_object_set_new(root, "interaction", json_real(r->interaction));
	for (size_t i = 0; i < r->ddmin_nr; i++)
		json_array_append_new(set, json_string(r->ddmin_set[i]));
	json_object_set_new(root, "ddmin", json_pack("{s:b,s:s,s:o,s:f,s:I,s:I}",
		"run", r->ddmin_done, "why", r->ddmin_why, "set", set,
		"effect", r->ddmin_effect, "tests", (json_int_t)r->ddmin_tests,
		"runs", (json_int_t)r->ddmin_runs));
	json_object_set_new(root, "runs", json_integer((json_int_t)r->runs));
	return root;
}

/* One bar per measured switch (forward effect, whisker = interval),
 * and the whole B - A and the sum of single effects for scale. */
static void svg_chart(FILE *f, const struct bisect_report *r)
{
	const int row_h = 22, label_w = 220, plot_w = 520, pad = 10;
	double lo = 0, hi = 0, span;
	size_t n = 2;
	int height, y = pad;

	for (size_t i = 0; i < r->nr_rows; i++)
		if (r->rows[i].state == BISECT_MEASURED) {
			const struct bisect_effect *e = &r->rows[i].forward;

			lo = fmin(lo, e->lo);
			hi = fmax(hi, e->hi);
			n++;
		}
	lo = fmin(lo, fmin(r->total.lo, r->sum_forward));
	hi = fmax(hi, fmax(r->total.hi, r->sum_forward));
	span = hi - lo > 0 ? hi - lo : 1;
	height = (int)n * row_h + 2 * pad + 20;
#define X(v) (label_w + (int)((plot_w) * ((v) - lo) / span))
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		"height=\"%d\" role=\"img\" aria-label=\"effect of each switch on %s\">\n",
		label_w + plot_w + 2 * pad, height, r->measure);
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#888\"/>\n",
		X(0), pad, X(0), height - pad - 20);
	for (size_t i = 0; i < r->nr_rows + 2; i++) {
		const char *name;
		const struct bisect_effect *e;
		struct bisect_effect sum = { .mean = r->sum_forward,
					     .lo = r->sum_forward,
					     .hi = r->sum_forward };
		const char *color = "#4477aa";

		if (i < r->nr_rows) {
			if (r->rows[i].state != BISECT_MEASURED)
				continue;
			name = r->rows[i].name;
			e = &r->rows[i].forward;
			if (!e->significant)
				color = "#bbbbbb";
		} else if (i == r->nr_rows) {
			name = "sum of the above";
			e = &sum;
			color = "#ee7733";
		} else {
			name = "B - A";
			e = &r->total;
			color = "#222222";
		}
		fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"end\">",
			label_w - 6, y + 15);
		html_escape(f, name);
		fprintf(f, "</text>\n<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
			"fill=\"%s\"><title>%+.3f [%+.3f, %+.3f]</title></rect>\n",
			X(fmin(0, e->mean)), y + 4, abs(X(e->mean) - X(0)), row_h - 8,
			color, e->mean, e->lo, e->hi);
		if (e->hi > e->lo)
			fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
				"stroke=\"#000\"/>\n", X(e->lo), y + row_h / 2,
				X(e->hi), y + row_h / 2);
		y += row_h;
	}
	fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"11\">%.4g</text>"
		"<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\">%.4g</text>\n",
		label_w, height - pad, lo, label_w + plot_w, height - pad, hi);
	fputs("</svg>\n", f);
#undef X
}

static char *report_html(const struct bisect_report *r, const char *text)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = xopen_memstream(&out, &len);

	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
	      "<meta name=\"viewport\" content=\"width=device-width\">"
	      "<title>mmsim bisect ", f);
	html_escape(f, r->a);
	fputs(" -&gt; ", f);
	html_escape(f, r->b);
	fputs("</title><style>body{font-family:sans-serif;max-width:60em;margin:1em auto;"
	      "padding:0 1em}pre{overflow-x:auto;font-size:12px}</style></head><body>\n"
	      "<h1>Which switches make ", f);
	html_escape(f, r->a);
	fputs(" and ", f);
	html_escape(f, r->b);
	fputs(" differ</h1>\n<p>", f);
	html_escape(f, r->measure_title);
	fputs(": each switch's effect when set on A to B's value (bar), with its "
	      "Welch interval (whisker); grey bars are not significant.  Switches "
	      "that made no difference, were screened out with their group or "
	      "were never read are listed below.</p>\n", f);
	svg_chart(f, r);
	fputs("<h2>Table</h2>\n<pre>", f);
	html_escape(f, text);
	fputs("</pre>\n</body></html>\n", f);
	fclose(f);
	return out;
}

int bisect_report_write(const struct bisect_report *r, const char *dir,
			char *err, size_t len)
{
	char *text = NULL, *html, *path, line[1024];
	size_t tlen = 0, used = 0;
	FILE *f = xopen_memstream(&text, &tlen);
	int rc = 0;

	bisect_report_text(f, r);
	fclose(f);
	html = report_html(r, text);
	*err = 0;
#define TRY(name, call) do {						\
		path = xasprintf("%s/%s", dir, name);			\
		if (call) {						\
			used += (size_t)snprintf(err + used,		\
				used < len ? len - used : 0, "%s%s",	\
				used ? "\n" : "", line);		\
			rc = -1;					\
		}							\
		free(path);						\
	} while (0)
	TRY("bisect.txt", report_write_text(path, text, line, sizeof(line)));
	TRY("index.html", report_write_text(path, html, line, sizeof(line)));
	TRY("bisect.json", report_write_json(path, report_json(r), line,
					     sizeof(line)));
#undef TRY
	free(text);
	free(html);
	return rc;
}
