// SPDX-License-Identifier: GPL-2.0
/*
 * index.html: one static page that opens from disk with no network: the
 * experiment, its tables as HTML tables (sortable by a click on a heading,
 * a few lines of inline script; the text as printed is tables.txt), every
 * plot (SVG, with its gnuplot script linked, which renders a PNG too),
 * every run's files, and the scenario.  Nothing on it depends on where the folder is
 * or when it was written, so it is as reproducible as the tables.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compare_report.h"
#include "findings.h"
#include "html.h"
#include "measure_table.h"
#include "outfile.h"
#include "plots.h"
#include "metrics/stats.h"
#include "table.h"
#include "util/xalloc.h"

void html_escape_n(FILE *f, const char *s, size_t n)
{
	for (; n && *s; s++, n--) {
		switch (*s) {
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '&':
			fputs("&amp;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		default:
			fputc(*s, f);
		}
	}
}

void html_escape(FILE *f, const char *s)
{
	html_escape_n(f, s, SIZE_MAX);
}

/*
 * Laid out for any width, a phone's 390 pixels to a laptop's 1366: a
 * table wider than the screen scrolls sideways inside its own box
 * (div.scroll), never the page, with its first column (what the row is)
 * kept in view; no cell breaks a name or a number inside a word
 * (white-space: nowrap; the measure titles of the first column wrap
 * between their words only), and a kernel's name breaks only between
 * its base and its patches, where the heading puts a <br>.
 * tests/test_html.c checks both widths in Chromium.
 */
static const char style[] =
	"body { font-family: sans-serif; margin: 1em; max-width: 110em; }\n"
	"pre { background: #f6f6f6; padding: 0.8em; overflow-x: auto; "
	"font-size: 0.85em; }\n"
	"figure { margin: 1.5em 0; }\n"
	"figure img { max-width: 100%; height: auto; border: 1px solid #ddd; }\n"
	"figcaption { overflow-wrap: break-word; }\n"
	/* A kernel's name or a signed figure in the findings' prose is
	 * one word: the line breaks before it, never at its hyphens. */
	"#findings { overflow-x: auto; }\n"
	"#findings .nb { white-space: nowrap; }\n"
	".scroll { overflow-x: auto; margin: 0.3em 0 1.5em; }\n"
	"table { border-collapse: collapse; }\n"
	"h3.caption { font-size: 1em; margin: 1em 0 0.2em; }\n"
	"td, th { padding: 0.15em 0.5em; text-align: left; white-space: nowrap; }\n"
	"tr:nth-child(even) { background: #f3f3f3; }\n"
	"table.data td { text-align: right; font-variant-numeric: tabular-nums; }\n"
	"table.data td:first-child { text-align: left; }\n"
	"table.data th { cursor: pointer; border-bottom: 1px solid #999; "
	"vertical-align: bottom; }\n"
	"table.wide { font-size: 0.8em; }\n"
	"table.wide th { font-weight: normal; vertical-align: bottom; "
	"border-bottom: 1px solid #999; }\n"
	"table.wide th .base { font-weight: bold; }\n"
	"table.wide td { text-align: right; font-variant-numeric: tabular-nums; }\n"
	/* The row's name stays in view while the numbers scroll under it. */
	"table.wide td:first-child, table.wide th:first-child { text-align: left; "
	"position: sticky; left: 0; z-index: 1; background: #fff; "
	"box-shadow: 1px 0 0 #ccc; }\n"
	"table.wide tr:nth-child(even) td:first-child { background: #f3f3f3; }\n"
	"table.summary td:first-child { white-space: normal; min-width: 14em; }\n"
	"@media (max-width: 40em) { table.summary td:first-child { min-width: 9em; } }\n"
	"table.wide th.same { color: #888; }\n"
	"table.wide tr.sub td { text-align: left; font-style: italic; "
	"padding-top: 0.6em; background: #fff; white-space: normal; }\n"
	"table.wide tr.sub td:first-child { position: static; box-shadow: none; }\n"
	"td .sd, td .pct { display: block; color: #666; font-size: 0.85em; }\n"
	"td.better .pct { color: #17661d; } td.worse .pct { color: #a11; }\n"
	"td.sig { font-weight: bold; }\n"
	".note { background: #fff4d6; padding: 0.5em; }\n"
	".omitted { color: #555; font-size: 0.9em; margin-top: -1em; }\n";

/*
 * Click a heading to sort its table by that column (again: the other
 * way).  Cells sort by their data-v number when they have one, else by
 * their text.  Inline, no network: the page still opens from disk.
 */
static const char sort_script[] =
	"document.querySelectorAll('table.data th').forEach(function (th) {\n"
	"  th.title = 'sort';\n"
	"  th.addEventListener('click', function () {\n"
	"    var i = th.cellIndex, body = th.closest('table').tBodies[0];\n"
	"    var up = th.dataset.dir !== 'up';\n"
	"    th.dataset.dir = up ? 'up' : 'down';\n"
	"    Array.from(body.rows).sort(function (a, b) {\n"
	"      var x = a.cells[i], y = b.cells[i], r;\n"
	"      if (x.dataset.v !== undefined && y.dataset.v !== undefined)\n"
	"        r = parseFloat(x.dataset.v) - parseFloat(y.dataset.v);\n"
	"      else\n"
	"        r = x.textContent.localeCompare(y.textContent);\n"
	"      return up ? r : -r;\n"
	"    }).forEach(function (row) { body.appendChild(row); });\n"
	"  });\n"
	"});\n";

static void head(FILE *f, const struct report *rep)
{
	fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
		"<meta charset=\"utf-8\">\n"
		"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		"<title>mmsim %s</title>\n"
		"<style>\n%s</style>\n</head>\n<body>\n", rep->command, style);
	fprintf(f, "<h1>mmsim %s</h1>\n<p>mmsim ", rep->command);
	html_escape(f, rep->version);
	if (*rep->arch) {
		fputs(", arch ", f);
		html_escape(f, rep->arch);
	}
	fprintf(f, ", %zu column%s", rep->nr_columns,
		rep->nr_columns == 1 ? "" : "s");
	if (rep->nr_seeds)
		fprintf(f, ", %u seed%s from %llu", rep->nr_seeds,
			rep->nr_seeds == 1 ? "" : "s", rep->base_seed);
	for (size_t k = 0; k < rep->nr_sweep_keys; k++) {
		fputs(k ? ", " : ", swept: ", f);
		html_escape(f, rep->sweep_keys[k]);
	}
	fputs(". <a href=\"summary.json\">summary.json</a> holds every run's "
	      "measures, the scenario and the profiles; "
	      "<a href=\"tables.txt\">tables.txt</a> the tables below.</p>\n", f);
	fputs("<nav><a href=\"#summary\">Summary</a> | <a href=\"#tables\">Tables</a> | "
	      "<a href=\"#plots\">Plots</a> | "
	      "<a href=\"#runs\">Runs</a> | <a href=\"#scenario\">Scenario</a></nav>\n",
	      f);
}

static void plots_section(FILE *f, const struct plot_set *plots)
{
	fputs("<h2 id=\"plots\">Plots</h2>\n", f);
	if (!plots->rendered) {
		char cmd[512];

		plots_render_command(".", cmd, sizeof(cmd));
		fputs("<p class=\"note\">The images are not rendered yet. From this "
		      "folder run <code>", f);
		html_escape(f, cmd);
		fputs("</code> (gnuplot: Debian's gnuplot-nox), then reload.</p>\n", f);
	}
	if (plots->omitted[0]) {
		fputs("<p class=\"omitted\">", f);
		html_escape(f, plots->omitted);
		fputs(".</p>\n", f);
	}
	for (size_t i = 0; i < plots->nr; i++) {
		const struct plot *p = &plots->plots[i];

		fprintf(f, "<figure id=\"plot-%s\">\n"
			"<a href=\"plots/%s.svg\"><img src=\"plots/%s.svg\" alt=\"",
			p->name, p->name, p->name);
		html_escape(f, p->title);
		fputs("\"></a>\n<figcaption>", f);
		html_escape(f, p->title);
		fprintf(f, " (<a href=\"plots/%s.svg\">SVG</a>, "
			"<a href=\"plots/%s.gp\">gnuplot script</a>)</figcaption>\n"
			"</figure>\n", p->name, p->name);
	}
	fputs("<p>Bar chart data: <a href=\"plots/comparison.dat\">comparison.dat</a>."
	      "</p>\n", f);
}

/* ---- tables ------------------------------------------------------------ */

/* A number cell that sorts by its value; NaN prints as a dash. */
static void num_cell(FILE *f, double v, int precision, const char *cls)
{
	if (isnan(v)) {
		fputs("<td data-v=\"-1e300\">&ndash;</td>", f);
		return;
	}
	fprintf(f, "<td%s%s%s data-v=\"%.9g\">%.*f</td>", cls ? " class=\"" : "",
		cls ? cls : "", cls ? "\"" : "", v, precision, v);
}

/* Every run's value of @m in column @col, into @v; how many. */
/* The runs' values, leaving out the runs without one (NAN). */
static size_t column_values(const struct report_column *col,
			    const struct measure *m, double *v)
{
	size_t n = 0;

	for (size_t i = 0; i < col->nr_runs; i++)
		if (!isnan(v[n] = measure_value(m, &col->runs[i])))
			n++;
	return n;
}

static size_t max_runs(const struct report *rep)
{
	size_t n = 1;

	for (size_t c = 0; c < rep->nr_columns; c++)
		if (rep->columns[c].nr_runs > n)
			n = rep->columns[c].nr_runs;
	return n;
}

/*
 * A table's title goes above its box, not in a <caption>: a caption is as
 * wide as its table, and would scroll out of sight with it on a phone.
 */
static void table_title(FILE *f, const char *title)
{
	fputs("<h3 class=\"caption\">", f);
	html_escape(f, title);
	fputs("</h3>\n", f);
}

static void table_head(FILE *f, const char *id, const char *caption)
{
	table_title(f, caption);
	fprintf(f, "<div class=\"scroll\"><table class=\"data wide\" id=\"%s\">\n"
		"<thead><tr>", id);
}

static void table_end(FILE *f)
{
	fputs("</tbody>\n</table></div>\n", f);
}

/*
 * A heading per column: the kernel's base bold, its patches and sweep
 * point after a break, so that long names wrap rather than widen the
 * page; a column whose runs repeat an earlier one's is greyed, with a
 * tooltip saying whose.
 */
static void column_heads(FILE *f, const struct report *rep, const size_t *same)
{
	for (size_t c = 0; c < rep->nr_columns; c++) {
		const char *name = rep->columns[c].name, *rest;
		size_t base = table_kernel_base(name, &rest);

		if (same && same[c] != (size_t)-1) {
			fputs("<th class=\"same\" title=\"runs bit-identical to ", f);
			html_escape(f, rep->columns[same[c]].name);
			fputs("\">", f);
		} else {
			fputs("<th>", f);
		}
		fputs("<span class=\"base\">", f);
		html_escape_n(f, name, base);
		fputs("</span>", f);
		if (*rest) {
			fputs("<br>", f);
			html_escape(f, rest);
		}
		if (same && same[c] != (size_t)-1)
			fputs(" (=)", f);
		fputs("</th>", f);
	}
}

/*
 * One measure's row of a group table: per column its mean over the runs,
 * the stddev, and the difference against the first column in percent,
 * signed so that positive is better (MMTests' compare-kernels); bold
 * where Welch's test gives p < REPORT_ALPHA.
 */
static void measure_row(FILE *f, const struct report *rep, size_t m,
			double *base, double *v)
{
	const struct measure *rm = metrics_shown(m);
	size_t nb = column_values(&rep->columns[0], rm, base);
	double bmean = stats_mean(base, nb);

	fputs("<tr><td>", f);
	html_escape(f, rm->title);
	fputs("</td>", f);
	for (size_t c = 0; c < rep->nr_columns; c++) {
		size_t nv = column_values(&rep->columns[c], rm, v);
		double mean = stats_mean(v, nv);
		double sd = nv > 1 ? stats_stddev(v, nv) : NAN;
		double pct = bmean ? (mean - bmean) / bmean * 100 : NAN;
		/* From a zero baseline there is no percentage: "from 0",
		 * better or worse by the sign of the change. */
		bool from0 = c && !bmean && !isnan(mean) && mean != 0;
		struct welch_result w;
		bool sig = c && nv > 1 && nb > 1 &&
			   !stats_welch(base, nb, v, nv, &w) && w.p < REPORT_ALPHA;
		const char *cls = "";

		if (!rm->higher_is_better)
			pct = -pct;
		if (pct == 0)
			pct = 0;	/* "+0.00%", not "-0.00%" */
		if (from0)
			pct = (mean > 0) == !!rm->higher_is_better ? INFINITY :
			      -INFINITY;
		if (c && !isnan(pct) && pct > 0)
			cls = sig ? "better sig" : "better";
		else if (c && !isnan(pct) && pct < 0)
			cls = sig ? "worse sig" : "worse";
		if (isnan(mean)) {
			fputs("<td data-v=\"-1e300\">&ndash;</td>", f);
			continue;
		}
		fprintf(f, "<td class=\"%s\" data-v=\"%.9g\">%.*f", cls, mean,
			rm->precision, mean);
		if (!isnan(sd))
			fprintf(f, "<span class=\"sd\">&plusmn;%.*f</span>",
				rm->precision, sd);
		if (from0)
			fputs("<span class=\"pct\">from 0</span>", f);
		else if (c && !isnan(pct))
			fprintf(f, "<span class=\"pct\">%+.2f%%</span>", pct);
		fputs("</td>", f);
	}
	fputs("</tr>\n", f);
}

/* "gitk" -> "group-gitk": an id of letters, digits and dashes. */
static void group_id(const char *group, char *buf, size_t len)
{
	size_t n = 0;

	n += (size_t)snprintf(buf, len, "group-");
	for (const char *p = group; *p && n + 1 < len; p++)
		buf[n++] = (char)(isalnum((unsigned char)*p) ? *p : '-');
	buf[n < len ? n : len - 1] = 0;
}

/*
 * Rows a group's table has besides its measures': one value per column
 * (over all its runs), no stddev.  The disk group has the text report's
 * disk block (compare_report_disk_rows): the block layer, sync and async
 * apart, as blkparse and btt would show it.
 */
static const struct {
	const char *group;
	const char *heading;
	size_t (*rows)(const struct report *rep, struct report_row **rows);
} extra_rows[] = {
	{ "disk", "The disks, sync and async apart, over all runs of each "
	  "column: utilisation, requests per run, mean request size, Q2C and "
	  "D2C per bio, mean seek, the shares of requests by size and by seek "
	  "distance", compare_report_disk_rows },
};

static size_t group_extra_rows(const struct report *rep, const char *group,
			       struct report_row **rows, const char **heading)
{
	for (size_t i = 0; i < sizeof(extra_rows) / sizeof(extra_rows[0]); i++)
		if (!strcmp(extra_rows[i].group, group)) {
			*heading = extra_rows[i].heading;
			return extra_rows[i].rows(rep, rows);
		}
	*rows = NULL;
	return 0;
}

static void extra_row(FILE *f, const struct report *rep,
		      const struct report_row *row)
{
	fputs("<tr><td>", f);
	html_escape(f, row->name);
	if (*row->unit) {
		fputs(" (", f);
		html_escape(f, row->unit);
		fputs(")", f);
	}
	fputs("</td>", f);
	for (size_t c = 0; c < rep->nr_columns; c++)
		num_cell(f, row->v[c], row->precision, NULL);
	fputs("</tr>\n", f);
}

/*
 * The summary as MMTests' compare-kernels page shows it: a table per
 * measure group (the shown measures' .group, in order of first appearance),
 * the kernels as columns and the measures as rows.  A measure that is 0
 * in every run of every column has no row: one line under the table
 * names them.  Columns whose runs are bit-identical are flagged first.
 */
static void summary_section(FILE *f, const struct report *rep)
{
	size_t n = max_runs(rep), *same = report_identical_columns(rep);
	double *base = xcalloc(n, sizeof(*base)), *v = xcalloc(n, sizeof(*v));
	bool any_same = false;

	fputs("<h2 id=\"summary\">Summary</h2>\n<p>Per column: the mean over its "
	      "runs, &plusmn; the stddev, and the difference against the first "
	      "column (positive is better; bold where Welch's test gives p &lt; "
	      "0.05).</p>\n", f);
	for (size_t c = 0; c < rep->nr_columns; c++)
		any_same |= same[c] != (size_t)-1;
	if (any_same) {
		fputs("<p class=\"note\" id=\"identical\">Bit-identical runs: ", f);
		for (size_t c = 0, k = 0; c < rep->nr_columns; c++) {
			if (same[c] == (size_t)-1)
				continue;
			fputs(k++ ? "; " : "", f);
			html_escape(f, rep->columns[c].name);
			fputs(" gave the runs of ", f);
			html_escape(f, rep->columns[same[c]].name);
		}
		fputs(" (every run the same, seed for seed: what differs between "
		      "them does nothing in this scenario).</p>\n", f);
	}
	for (size_t g = 0; g < metrics_nr_shown(); g++) {
		const char *group = metrics_shown(g)->group;
		bool first = true, rows = false;
		struct report_row *extra = NULL;
		const char *heading = NULL;
		char id[96];
		size_t zero = 0, nr_extra = 0;

		for (size_t e = 0; e < g && first; e++)
			first = strcmp(metrics_shown(e)->group, group) != 0;
		if (!first)
			continue;
		group_id(group, id, sizeof(id));
		nr_extra = group_extra_rows(rep, group, &extra, &heading);
		rows = nr_extra > 0;
		for (size_t m = g; m < metrics_nr_shown(); m++)
			if (!strcmp(metrics_shown(m)->group, group) &&
			    !report_measure_all_zero(rep, m))
				rows = true;
		if (rows) {
			table_title(f, group);
			fprintf(f, "<div class=\"scroll\"><table class=\"wide summary\" "
				"id=\"%s\">\n<thead><tr><th>measure</th>", id);
			column_heads(f, rep, same);
			fputs("</tr></thead>\n<tbody>\n", f);
			for (size_t m = g; m < metrics_nr_shown(); m++)
				if (!strcmp(metrics_shown(m)->group, group) &&
				    !report_measure_all_zero(rep, m))
					measure_row(f, rep, m, base, v);
			if (nr_extra) {
				fprintf(f, "<tr class=\"sub\"><td colspan=\"%zu\">",
					rep->nr_columns + 1);
				html_escape(f, heading);
				fputs("</td></tr>\n", f);
			}
			for (size_t i = 0; i < nr_extra; i++)
				extra_row(f, rep, &extra[i]);
			table_end(f);
		}
		if (nr_extra)
			compare_report_rows_free(extra, nr_extra);
		for (size_t m = g; m < metrics_nr_shown(); m++) {
			if (strcmp(metrics_shown(m)->group, group) ||
			    !report_measure_all_zero(rep, m))
				continue;
			if (!zero++) {
				fprintf(f, "<p class=\"omitted\" id=\"%s-zero\">", id);
				if (!rows) {
					html_escape(f, group);
					fputs(": ", f);
				}
				fputs("0 (or no value) in every column, left out "
				      "here and in the comparison chart: ", f);
			} else {
				fputs(", ", f);
			}
			html_escape(f, metrics_shown(m)->title);
		}
		if (zero)
			fputs(".</p>\n", f);
	}
	free(same);
	free(base);
	free(v);
}

/*
 * A table measure (measure_table.h), from its declaration: a row per row
 * and value, the mean per run in each column; rows 0 in every run are
 * left out.  The same rows as compare's text.
 */
static void measure_table_html(FILE *f, const struct report *rep,
			       const struct measure *m)
{
	struct measure_table t;
	char id[96], name[128];
	char *caption = xasprintf("%s: mean per run; rows 0 in every run are "
				  "left out", m->caption ? m->caption : m->name);
	size_t i = 0;

	for (const char *p = m->name; *p && i + 1 < sizeof(id); p++)
		id[i++] = *p == '_' ? '-' : *p;
	id[i] = 0;
	measure_table_build(&t, m, rep);
	table_head(f, id, caption);
	fputs("<th>", f);
	for (size_t k = 0; k < t.nr_keys; k++) {
		fputs(k ? " and " : "", f);
		html_escape(f, t.key_title[k]);
	}
	fputs("</th>", f);
	column_heads(f, rep, NULL);
	fputs("</tr></thead>\n<tbody>\n", f);
	for (size_t r = 0; r < t.nr_rows + !!t.total; r++)
		for (size_t v = 0; v < t.nr_values; v++) {
			const double *x = (r < t.nr_rows ? t.rows[r].v : t.total) +
					  v * t.nr_columns;

			measure_table_row_name(&t, r, v, false, name, sizeof(name));
			fputs("<tr><td>", f);
			html_escape(f, name);
			fputs("</td>", f);
			for (size_t c = 0; c < rep->nr_columns; c++)
				num_cell(f, x[c], measure_table_precision(&t, v), NULL);
			fputs("</tr>\n", f);
		}
	table_end(f);
	measure_table_free(&t);
	free(caption);
}

static void tables_section(FILE *f, const struct report *rep)
{
	summary_section(f, rep);
	fputs("<h2 id=\"tables\">Tables</h2>\n<p>Click a heading to sort by it. "
	      "The text tables as mmsim printed them, with the cover letter's lines "
	      "and the MMTests-style rows, are in <a href=\"tables.txt\">tables.txt"
	      "</a>.</p>\n", f);
	for (size_t i = 0; i < metrics_count(); i++) {
		const struct measure *m = metrics_get(i);

		if (m->show & SHOW_HTML)
			measure_table_html(f, rep, m);
	}
}

static void runs_section(FILE *f, const struct report *rep)
{
	const struct measure *elapsed = metrics_find("elapsed");
	/* A run whose program did not finish has the run's end as its
	 * elapsed time: say so, by the name its program has. */
	char *unfinished = xasprintf(" (%s unfinished)", elapsed->program);

	fputs("<h2 id=\"runs\">Runs</h2>\n<div class=\"scroll\">"
	      "<table class=\"data\" id=\"runs-table\">\n"
	      "<thead><tr><th>column</th><th>seed</th>"
	      "<th>elapsed (s)</th><th>failures printed</th><th>files</th></tr></thead>\n"
	      "<tbody>\n", f);
	for (size_t c = 0; c < rep->nr_columns; c++) {
		const struct report_column *col = &rep->columns[c];

		for (size_t i = 0; i < col->nr_runs; i++) {
			const struct run_result *r = &col->runs[i];
			const char *s = col->stems[i];
			const char *log = result_text(r, "kern_log");

			fputs("<tr><td>", f);
			html_escape(f, col->name);
			fprintf(f, "</td><td data-v=\"%llu\">%llu</td>"
				"<td data-v=\"%.6f\">%.3f%s</td>"
				"<td data-v=\"%lu\">%lu</td>"
				"<td><a href=\"runs/%s.csv\">samples</a> "
				"<a href=\"runs/%s-latency.csv\">latency</a>",
				(unsigned long long)result_uint(r, "seed"),
				(unsigned long long)result_uint(r, "seed"),
				measure_value(elapsed, r), measure_value(elapsed, r),
				result_bool(r, elapsed->done) ? "" : unfinished,
				(unsigned long)result_uint(r, "failures_printed"),
				(unsigned long)result_uint(r, "failures_printed"),
				s, s);
			/* A link to an empty kern.log leads nowhere.  The
			 * texts are gzipped (zless reads them). */
			if (log && *log)
				fprintf(f, " <a href=\"kern-logs/%s.log.gz\">kern.log.gz</a>", s);
			if (result_text(r, "explain") && *result_text(r, "explain"))
				fprintf(f, " <a href=\"kern-logs/%s-explain.txt.gz\">"
					"why each failed (gz)</a>", s);
			fputs("</td></tr>\n", f);
		}
	}
	table_end(f);
	free(unfinished);
}

static void scenario_section(FILE *f, const struct report *rep)
{
	fputs("<h2 id=\"scenario\">Scenario</h2>\n", f);
	for (size_t s = 0; s < rep->nr_scenarios; s++) {
		const struct report_scenario *sc = &rep->scenarios[s];

		fputs("<h3>", f);
		html_escape(f, sc->name);
		if (*sc->label) {
			fputs(" (", f);
			html_escape(f, sc->label);
			fputs(")", f);
		}
		fputs("</h3>\n<pre>", f);
		html_escape(f, sc->text ? sc->text :
		    "(not known: the runs were merged without experiment.json)\n");
		fputs("</pre>\n", f);
	}
}

int html_write(const struct report *rep, const char *dir, const char *tables,
	       const struct plot_set *plots, char *err, size_t len)
{
	struct outfile of;
	char *path;
	FILE *f;

	path = xasprintf("%s/index.html", dir);
	if (outfile_open(&of, path)) {
		snprintf(err, len, "%s: cannot write: %s", path, strerror(errno));
		free(path);
		return -1;
	}
	f = of.fp;
	head(f, rep);
	if (rep->findings)
		findings_html(f, rep->findings);
	(void)tables;		/* in tables.txt */
	tables_section(f, rep);
	plots_section(f, plots);
	runs_section(f, rep);
	scenario_section(f, rep);
	fprintf(f, "<script>\n%s</script>\n</body>\n</html>\n", sort_script);
	if (outfile_commit(&of)) {
		snprintf(err, len, "%s: cannot write: %s", path, strerror(errno));
		free(path);
		return -1;
	}
	free(path);
	return 0;
}
