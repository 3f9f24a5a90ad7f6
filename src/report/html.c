// SPDX-License-Identifier: GPL-2.0
/*
 * index.html: one static page that opens from disk with no network: the
 * experiment, the text tables as they were printed, every plot (SVG, with
 * the PNG and the gnuplot script linked), every run's files, and the
 * scenario.  Nothing on it depends on where the folder is or when it was
 * written, so it is as reproducible as the tables.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compare_report.h"
#include "html.h"
#include "outfile.h"
#include "plots.h"

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
	"table { border-collapse: collapse; }\n"
	"td, th { padding: 0.15em 0.8em; text-align: left; }\n"
	"tr:nth-child(even) { background: #f3f3f3; }\n"
	".note { background: #fff4d6; padding: 0.5em; }\n";

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
	fputs("<p>Bar chart data: <a href=\"plots/comparison.dat\">comparison.dat</a>"
	      "; its x axis numbers the columns in table order:</p>\n<ol>\n", f);
}

static void column_list(FILE *f, const struct report *rep)
{
	for (size_t c = 0; c < rep->nr_columns; c++) {
		fputs("<li>", f);
		esc(f, rep->columns[c].name);
		fputs("</li>\n", f);
	}
	fputs("</ol>\n", f);
}

static void runs_section(FILE *f, const struct report *rep)
{
	fputs("<h2 id=\"runs\">Runs</h2>\n<table>\n<tr><th>column</th><th>seed</th>"
	      "<th>elapsed (s)</th><th>failures</th><th>files</th></tr>\n", f);
	for (size_t c = 0; c < rep->nr_columns; c++) {
		const struct report_column *col = &rep->columns[c];

		for (size_t i = 0; i < col->nr_runs; i++) {
			const struct run_result *r = &col->runs[i];
			const char *s = col->stems[i];

			fputs("<tr><td>", f);
			esc(f, col->name);
			fprintf(f, "</td><td>%llu</td><td>%.3f%s</td><td>%lu</td>"
				"<td><a href=\"runs/%s.csv\">samples</a> "
				"<a href=\"runs/%s-latency.csv\">latency</a> "
				"<a href=\"kern-logs/%s.log\">kern.log</a></td></tr>\n",
				(unsigned long long)result_uint(r, "seed"),
				report_elapsed(r),
				result_bool(r, "gitk_done") ? "" : " (gitk unfinished)",
				(unsigned long)result_uint(r, "failures_printed"),
				s, s, s);
		}
	}
	fputs("</table>\n", f);
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
	fputs("<h2 id=\"tables\">Tables</h2>\n<pre>", f);
	esc(f, tables);
	fputs("</pre>\n", f);
	plots_section(f, plots);
	column_list(f, rep);
	runs_section(f, rep);
	scenario_section(f, rep);
	fputs("</body>\n</html>\n", f);
	if (outfile_commit(&of)) {
		snprintf(err, len, "%s: cannot write: %s", path, strerror(errno));
		free(path);
		return -1;
	}
	free(path);
	return 0;
}
