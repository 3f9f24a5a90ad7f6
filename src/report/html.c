// SPDX-License-Identifier: GPL-2.0
/*
 * index.html: one static page that opens from disk with no network: the
 * experiment, its tables as HTML tables (sortable by a click on a heading,
 * a few lines of inline script; the text as printed is tables.txt), every
 * plot (SVG, with the PNG and the gnuplot script linked), every run's
 * files, and the scenario.  Nothing on it depends on where the folder is
 * or when it was written, so it is as reproducible as the tables.
 */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compare_report.h"
#include "html.h"
#include "outfile.h"
#include "plots.h"
#include "stats.h"
#include "metrics/records.h"

static void esc(FILE *f, const char *s)
{
	for (; *s; s++) {
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

static const char style[] =
	"body { font-family: sans-serif; margin: 2em; max-width: 110em; }\n"
	"pre { background: #f6f6f6; padding: 0.8em; overflow-x: auto; "
	"font-size: 0.85em; }\n"
	"figure { margin: 1.5em 0; }\n"
	"figure img { max-width: 100%; border: 1px solid #ddd; }\n"
	"table { border-collapse: collapse; margin: 0.5em 0 2em; }\n"
	"caption { text-align: left; font-weight: bold; padding: 0.3em 0; }\n"
	"td, th { padding: 0.15em 0.8em; text-align: left; }\n"
	"tr:nth-child(even) { background: #f3f3f3; }\n"
	"table.data td { text-align: right; font-variant-numeric: tabular-nums; }\n"
	"table.data td:first-child { text-align: left; }\n"
	"table.data th { cursor: pointer; border-bottom: 1px solid #999; "
	"vertical-align: bottom; }\n"
	"td .pct { color: #666; font-size: 0.85em; }\n"
	"td.better .pct { color: #17661d; } td.worse .pct { color: #a11; }\n"
	"td.sig { font-weight: bold; }\n"
	".note { background: #fff4d6; padding: 0.5em; }\n";

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
		"<meta charset=\"utf-8\">\n<title>mmsim %s</title>\n"
		"<style>\n%s</style>\n</head>\n<body>\n", rep->command, style);
	fprintf(f, "<h1>mmsim %s</h1>\n<p>mmsim ", rep->command);
	esc(f, rep->version);
	if (*rep->arch) {
		fputs(", arch ", f);
		esc(f, rep->arch);
	}
	fprintf(f, ", %zu column%s", rep->nr_columns,
		rep->nr_columns == 1 ? "" : "s");
	if (rep->nr_seeds)
		fprintf(f, ", %u seed%s from %llu", rep->nr_seeds,
			rep->nr_seeds == 1 ? "" : "s", rep->base_seed);
	for (size_t k = 0; k < rep->nr_sweep_keys; k++) {
		fputs(k ? ", " : ", swept: ", f);
		esc(f, rep->sweep_keys[k]);
	}
	fputs(". <a href=\"summary.json\">summary.json</a> holds every run's "
	      "measures, the scenario and the profiles; "
	      "<a href=\"tables.txt\">tables.txt</a> the tables below.</p>\n", f);
	fputs("<nav><a href=\"#tables\">Tables</a> | <a href=\"#plots\">Plots</a> | "
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
		esc(f, cmd);
		fputs("</code> (gnuplot: Debian's gnuplot-nox), then reload.</p>\n", f);
	}
	for (size_t i = 0; i < plots->nr; i++) {
		const struct plot *p = &plots->plots[i];

		fprintf(f, "<figure id=\"plot-%s\">\n"
			"<a href=\"plots/%s.png\"><img src=\"plots/%s.svg\" alt=\"",
			p->name, p->name, p->name);
		esc(f, p->title);
		fputs("\"></a>\n<figcaption>", f);
		esc(f, p->title);
		fprintf(f, " (<a href=\"plots/%s.png\">PNG</a>, "
			"<a href=\"plots/%s.svg\">SVG</a>, "
			"<a href=\"plots/%s.gp\">gnuplot script</a>)</figcaption>\n"
			"</figure>\n", p->name, p->name, p->name);
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
			    const struct report_measure *m, double *v)
{
	size_t n = 0;

	for (size_t i = 0; i < col->nr_runs; i++)
		if (!isnan(v[n] = m->value(&col->runs[i])))
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

static void table_head(FILE *f, const char *id, const char *caption)
{
	fprintf(f, "<table class=\"data\" id=\"%s\">\n<caption>", id);
	esc(f, caption);
	fputs("</caption>\n<thead><tr>", f);
}

/*
 * The comparison as MMTests shows it, turned for sorting: a row per
 * column (kernel), per measure its mean over the runs, the stddev, and
 * the difference against the first column in percent, signed so that
 * positive is better; bold when Welch's test says p < REPORT_ALPHA.
 */
static void comparison_table(FILE *f, const struct report *rep)
{
	size_t n = max_runs(rep);
	double *base = calloc(n, sizeof(*base)), *v = calloc(n, sizeof(*v));

	if (!base || !v)
		abort();
	table_head(f, "comparison", "Mean over each column's runs (stddev), and the "
		   "difference against the first column: positive is better, bold "
		   "where Welch's test gives p < 0.05");
	fputs("<th>column</th>", f);
	for (size_t m = 0; m < report_nr_measures; m++) {
		fputs("<th>", f);
		esc(f, report_measures[m].title);
		fputs("</th>", f);
	}
	fputs("</tr></thead>\n<tbody>\n", f);
	for (size_t c = 0; c < rep->nr_columns; c++) {
		const struct report_column *col = &rep->columns[c];

		fputs("<tr><td>", f);
		esc(f, col->name);
		fputs("</td>", f);
		for (size_t m = 0; m < report_nr_measures; m++) {
			const struct report_measure *rm = &report_measures[m];
			size_t nb = column_values(&rep->columns[0], rm, base);
			size_t nv = column_values(col, rm, v);
			double mean = stats_mean(v, nv), bmean = stats_mean(base, nb);
			double sd = nv > 1 ? stats_stddev(v, nv) : NAN;
			double pct = bmean ? (mean - bmean) / bmean * 100 : NAN;
			struct welch_result w;
			bool sig = c && nv > 1 && nb > 1 &&
				   !stats_welch(base, nb, v, nv, &w) && w.p < REPORT_ALPHA;
			const char *cls = "";

			if (!rm->higher_is_better)
				pct = -pct;
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
				fprintf(f, " (%.*f)", rm->precision, sd);
			if (c && !isnan(pct))
				fprintf(f, " <span class=\"pct\">%+.2f%%</span>", pct);
			fputs("</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</tbody>\n</table>\n", f);
	free(base);
	free(v);
}

/* Mean over the runs of a column of element @e of array measure @name. */
static double column_mean_at(const struct report_column *col, const char *name,
			     const char *e)
{
	double sum = 0;

	if (!col->nr_runs)
		return NAN;
	for (size_t i = 0; i < col->nr_runs; i++)
		sum += (double)result_uint_at(&col->runs[i], name, e);
	return sum / (double)col->nr_runs;
}

/* /proc/vmstat's event counters that moved, mean per run. */
static void vmstat_table(FILE *f, const struct report *rep)
{
	const struct measure *m = metrics_find("vm_events");

	table_head(f, "vmstat", "VM event counters (/proc/vmstat), mean per run; "
		   "counters that stayed 0 everywhere are left out");
	fputs("<th>counter</th>", f);
	for (size_t c = 0; c < rep->nr_columns; c++) {
		fputs("<th>", f);
		esc(f, rep->columns[c].name);
		fputs("</th>", f);
	}
	fputs("</tr></thead>\n<tbody>\n", f);
	for (unsigned int i = 0; m && i < m->dims[0]; i++) {
		const char *e = metrics_element_name("vm_events", 0, i);
		bool any = false;

		if (!e)
			continue;
		for (size_t c = 0; c < rep->nr_columns; c++)
			any |= column_mean_at(&rep->columns[c], "vm_events", e) > 0;
		if (!any)
			continue;
		fprintf(f, "<tr><td>%s</td>", e);
		for (size_t c = 0; c < rep->nr_columns; c++)
			num_cell(f, column_mean_at(&rep->columns[c], "vm_events", e), 0, NULL);
		fputs("</tr>\n", f);
	}
	fputs("</tbody>\n</table>\n", f);
}

/* congestion_wait by call site and queue: mean seconds and calls per run. */
static void cw_table(FILE *f, const struct report *rep)
{
	table_head(f, "congestion-wait", "congestion_wait by call site and queue: "
		   "seconds per run (calls per run), mean over the runs");
	fputs("<th>call site</th><th>queue</th>", f);
	for (size_t c = 0; c < rep->nr_columns; c++) {
		fputs("<th>", f);
		esc(f, rep->columns[c].name);
		fputs("</th>", f);
	}
	fputs("</tr></thead>\n<tbody>\n", f);
	for (unsigned int s = 0; s < RESULT_NR_CW_SITES; s++)
		for (unsigned int q = 0; q < RESULT_NR_CW_QUEUES; q++) {
			const char *site = metrics_element_name("congestion_wait", 0, s);
			const char *queue = metrics_element_name("congestion_wait", 1, q);
			size_t at = (size_t)s * RESULT_NR_CW_QUEUES + q;
			bool any = false;

			if (!site || !queue)
				continue;
			for (size_t c = 0; c < rep->nr_columns; c++)
				for (size_t i = 0; i < rep->columns[c].nr_runs; i++)
					any |= ((const struct cw_total *)result_records(
						&rep->columns[c].runs[i], "congestion_wait",
						NULL))[at].calls > 0;
			if (!any)
				continue;
			fprintf(f, "<tr><td>%s</td><td>%s</td>", site, queue);
			for (size_t c = 0; c < rep->nr_columns; c++) {
				const struct report_column *col = &rep->columns[c];
				double secs = 0, calls = 0;

				for (size_t i = 0; i < col->nr_runs; i++) {
					const struct cw_total *t = result_records(
						&col->runs[i], "congestion_wait", NULL);

					secs += (double)t[at].time / 1e9;
					calls += (double)t[at].calls;
				}
				if (!col->nr_runs) {
					fputs("<td data-v=\"-1e300\">&ndash;</td>", f);
					continue;
				}
				fprintf(f, "<td data-v=\"%.9g\">%.3f (%.0f)</td>",
					secs / (double)col->nr_runs, secs / (double)col->nr_runs,
					calls / (double)col->nr_runs);
			}
			fputs("</tr>\n", f);
		}
	fputs("</tbody>\n</table>\n", f);
}

/*
 * The disks, sync and async apart: the rows of the text report's disk
 * block (compare_report_disk_rows), a row per measure, a column per
 * kernel.  Nothing when no run had a request.
 */
static void disk_table(FILE *f, const struct report *rep)
{
	struct report_row *rows;
	size_t nr = compare_report_disk_rows(rep, &rows);

	if (!nr)
		return;
	table_head(f, "disk", "The disks, sync and async apart: utilisation "
		   "(% of the run), requests per run, mean request size, Q2C and "
		   "D2C per bio, mean seek, and the shares of requests by size "
		   "and by seek distance; over all runs of each column");
	fputs("<th>measure</th>", f);
	for (size_t c = 0; c < rep->nr_columns; c++) {
		fputs("<th>", f);
		esc(f, rep->columns[c].name);
		fputs("</th>", f);
	}
	fputs("</tr></thead>\n<tbody>\n", f);
	for (size_t i = 0; i < nr; i++) {
		fputs("<tr><td>", f);
		esc(f, rows[i].name);
		if (*rows[i].unit) {
			fputs(" (", f);
			esc(f, rows[i].unit);
			fputs(")", f);
		}
		fputs("</td>", f);
		for (size_t c = 0; c < rep->nr_columns; c++)
			num_cell(f, rows[i].v[c], rows[i].precision, NULL);
		fputs("</tr>\n", f);
	}
	fputs("</tbody>\n</table>\n", f);
	compare_report_rows_free(rows, nr);
}

static void tables_section(FILE *f, const struct report *rep)
{
	fputs("<h2 id=\"tables\">Tables</h2>\n<p>Click a heading to sort by it. "
	      "The text tables as mmsim printed them, with the cover letter's lines "
	      "and the MMTests-style rows, are in <a href=\"tables.txt\">tables.txt"
	      "</a>.</p>\n", f);
	comparison_table(f, rep);
	cw_table(f, rep);
	disk_table(f, rep);
	vmstat_table(f, rep);
}

static void runs_section(FILE *f, const struct report *rep)
{
	fputs("<h2 id=\"runs\">Runs</h2>\n<table class=\"data\" id=\"runs-table\">\n"
	      "<thead><tr><th>column</th><th>seed</th>"
	      "<th>elapsed (s)</th><th>failures</th><th>files</th></tr></thead>\n"
	      "<tbody>\n", f);
	for (size_t c = 0; c < rep->nr_columns; c++) {
		const struct report_column *col = &rep->columns[c];

		for (size_t i = 0; i < col->nr_runs; i++) {
			const struct run_result *r = &col->runs[i];
			const char *s = col->stems[i];
			const char *log = result_text(r, "kern_log");

			fputs("<tr><td>", f);
			esc(f, col->name);
			fprintf(f, "</td><td data-v=\"%llu\">%llu</td>"
				"<td data-v=\"%.6f\">%.3f%s</td>"
				"<td data-v=\"%lu\">%lu</td>"
				"<td><a href=\"runs/%s.csv\">samples</a> "
				"<a href=\"runs/%s-latency.csv\">latency</a> "
				"<a href=\"runs/%s-latency.log\">latency log</a>",
				(unsigned long long)result_uint(r, "seed"),
				(unsigned long long)result_uint(r, "seed"),
				report_elapsed(r), report_elapsed(r),
				result_bool(r, "gitk_done") ? "" : " (gitk unfinished)",
				(unsigned long)result_uint(r, "failures_printed"),
				(unsigned long)result_uint(r, "failures_printed"),
				s, s, s);
			/* A link to an empty kern.log leads nowhere. */
			if (log && *log)
				fprintf(f, " <a href=\"kern-logs/%s.log\">kern.log</a>", s);
			fputs("</td></tr>\n", f);
		}
	}
	fputs("</tbody>\n</table>\n", f);
}

static void scenario_section(FILE *f, const struct report *rep)
{
	fputs("<h2 id=\"scenario\">Scenario</h2>\n", f);
	for (size_t s = 0; s < rep->nr_scenarios; s++) {
		const struct report_scenario *sc = &rep->scenarios[s];

		fputs("<h3>", f);
		esc(f, sc->name);
		if (*sc->label) {
			fputs(" (", f);
			esc(f, sc->label);
			fputs(")", f);
		}
		fputs("</h3>\n<pre>", f);
		esc(f, sc->text ? sc->text :
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

	if (asprintf(&path, "%s/index.html", dir) < 0)
		abort();
	if (outfile_open(&of, path)) {
		snprintf(err, len, "%s: cannot write: %s", path, strerror(errno));
		free(path);
		return -1;
	}
	f = of.fp;
	head(f, rep);
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
