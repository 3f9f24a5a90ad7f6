// SPDX-License-Identifier: GPL-2.0
/*
 * gnuplot scripts for an experiment's report: gitk latency against time
 * (the graphs latency-output's data was drawn as), free pages per zone
 * with the watermarks, nr_dirty and nr_writeback, allocation failures and
 * time in congestion_wait on a timeline, and the comparison table as bars
 * with stddev error bars.
 *
 * Time-series plots draw the first run (the base seed) of each column,
 * one panel per column (small multiples, each panel titled with the
 * column's name, all on the same axes): every column ran the same seeds,
 * so the pictures are paired too, and thirteen kernels overlaid on one
 * graph would show nothing.  The bar chart names the columns on its x axis.
 * Scripts read ../runs/STEM.csv, so the folder renders anywhere it is
 * copied.  A column without data is left out of a plot rather than given
 * to gnuplot, which stops a script at an empty file.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/wait.h>
#include "compare_report.h"
#include "outfile.h"
#include "plots.h"
#include "metrics/records.h"
#include "metrics/stats.h"
#include "util/fs.h"
#include "util/xalloc.h"

/* Columns of series_write_csv() (runs/STEM.csv), by their names. */
static int csv_column(const char *name)
{
	return metrics_csv_column("samples", name);
}

#define CSV_FREE(z)		(csv_column("free_dma") + (z))
#define CSV_NR_DIRTY		csv_column("nr_dirty")
#define CSV_NR_WRITEBACK	csv_column("nr_writeback")
#define CSV_ALLOC_FAILURES	csv_column("alloc_failures")
#define CSV_CW_SECONDS		csv_column("congestion_wait_seconds")
#define CSV_FRAG_FREE		csv_column("frag_free")
#define CSV_FRAG_HIGHORDER	csv_column("frag_highorder")
#define CSV_FRAG_BELOW		csv_column("frag_below_wmark")

/*
 * Zone types and their watermarks as the "watermarks" measure declares
 * them (mm/vmstat.c): a row per zone type by the kernel's zone_names[],
 * a column per watermark.
 */
static const struct measure *wmarks(void)
{
	return metrics_find("watermarks");
}

static void add_plot_of(struct plot_set *set, const char *name,
			const char *title, size_t column);
static size_t columns_with(const struct report *rep, const char *what,
			   size_t *which);

static void add_plot(struct plot_set *set, const char *name, const char *title)
{
	add_plot_of(set, name, title, (size_t)-1);
}

static void add_plot_of(struct plot_set *set, const char *name,
			const char *title, size_t column)
{
	set->plots = xrealloc(set->plots, (set->nr + 1) * sizeof(*set->plots));
	set->plots[set->nr].name = xstrdup(name);
	set->plots[set->nr].title = xstrdup(title);
	set->plots[set->nr].column = column;
	set->nr++;
}

static void free_plot_name(const struct report_column *col, char *buf,
			   size_t len)
{
	char safe[256];

	report_file_safe_name(col->name, safe, sizeof(safe));
	snprintf(buf, len, "free-%s", safe);
}

/* The plots every report has; the per-column free-pages plots follow. */

void plots_list(const struct report *rep, struct plot_set *set)
{
	memset(set, 0, sizeof(*set));
	add_plot(set, "comparison", "The comparison table: mean of each measure per "
		 "kernel, stddev as error bars");
	/* Only when some column has the lines of the cover's program
	 * (fake gitk's, named as its "elapsed" measure declares) or other
	 * latency samples: a plot of nothing names no kernel. */
	{
		const struct measure *el = metrics_find("elapsed");
		size_t *which = xcalloc(rep->nr_columns + 1, sizeof(*which));

		if (columns_with(rep, "latency", which)) {
			char *title = xasprintf("%s: seconds between output "
				"lines against time, a panel per column (first "
				"seed; log scale)", el->program_title);

			add_plot(set, "latency", title);
			free(title);
		} else {
			snprintf(set->omitted, sizeof(set->omitted), "no latency plot: "
				 "no column has progress lines or latency samples "
				 "(no %s task)", el->program);
		}
		free(which);
	}
	add_plot(set, "dirty-writeback", "nr_dirty and nr_writeback over time, a panel per column, "
		 "each on its own axis (first seed)");
	/* The samples count every failure, __GFP_NOWARN and ratelimited
	 * ones too; the tables count what kern.log printed. */
	add_plot(set, "failures", "Page allocation failures on a timeline, every one "
		 "including __GFP_NOWARN, cumulative, a panel per column (first seed)");
	add_plot(set, "congestion-wait", "Time in congestion_wait, cumulative, a panel "
		 "per column (first seed)");
	add_plot(set, "fragmentation", "Free pages in blocks >= the failing order, "
		 "% of the GFP_ATOMIC zone's free lists; points: below low (first seed)");
	for (size_t c = 0; c < rep->nr_columns; c++) {
		char name[300], title[400];

		free_plot_name(&rep->columns[c], name, sizeof(name));
		snprintf(title, sizeof(title),
			 "%s: free pages per zone and the watermarks (first seed)",
			 rep->columns[c].name);
		add_plot_of(set, name, title, c);
	}
}

void plots_free(struct plot_set *set)
{
	for (size_t i = 0; i < set->nr; i++) {
		free(set->plots[i].name);
		free(set->plots[i].title);
	}
	free(set->plots);
	memset(set, 0, sizeof(*set));
}

void plots_render_command(const char *dir, char *buf, size_t len)
{
	snprintf(buf, len, "cd %s/plots && for f in *.gp; do "
		 "gnuplot -e 'fmt=\"svg\"' \"$f\"; done", dir);
}

/* ---- script text ------------------------------------------------------ */

/* A gnuplot double-quoted string. */
static void gp_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static void preamble(FILE *f, const char *name, const char *title, int w,
		     int h)
{
	fprintf(f, "# mmsim: %s\n", title);
	fprintf(f, "# Render from this directory: gnuplot %s.gp (PNG), "
		"gnuplot -e 'fmt=\"svg\"' %s.gp (SVG)\n", name, name);
	fprintf(f, "reset\n"
		"if (!exists(\"fmt\")) fmt = \"png\"\n"
		"if (fmt eq \"svg\") {\n"
		"\tset terminal svg size %d,%d dynamic noenhanced font \"sans,11\"\n"
		"} else {\n"
		"\tset terminal pngcairo size %d,%d noenhanced font \"sans,10\"\n"
		"}\n"
		"set output \"%s.\".fmt\n"
		"set datafile separator \",\"\n"
		"set grid\n"
		"set key outside right top\n", w, h, w, h, name);
}

/* For a graph nothing can be drawn on: gnuplot refuses an empty plot.
 * The label goes with it, not on to the next panel of a multiplot. */
static void no_data(FILE *f)
{
	fprintf(f, "set label 9999 \"no data\" at graph 0.5, graph 0.5 center\n"
		"plot [0:1] [0:1] NaN notitle\n"
		"unset label 9999\n");
}

static const struct run_result *first_run(const struct report_column *col)
{
	return col->nr_runs ? &col->runs[0] : NULL;
}

/* The columns whose first run has records of @what ("latency",
 * "samples"): the panels of a small-multiples plot. */
static size_t columns_with(const struct report *rep, const char *what,
			   size_t *which)
{
	size_t n = 0;

	for (size_t c = 0; c < rep->nr_columns; c++) {
		const struct run_result *r = first_run(&rep->columns[c]);
		size_t nr = 0;

		if (r)
			result_records(r, what, &nr);
		if (nr)
			which[n++] = c;
	}
	return n;
}

static double rec_time(const struct report *rep, const size_t *which, size_t n)
{
	double max = 0;

	for (size_t i = 0; i < n; i++) {
		const struct run_result *r = first_run(&rep->columns[which[i]]);
		double end = (double)result_uint(r, "sim_end") / 1e9;

		if (end > max)
			max = end;
	}
	return max > 0 ? max : 1;
}

/*
 * Small multiples: one panel per column (its first run), each titled with
 * the column's name, laid out in a grid, instead of thirteen lines on one
 * graph.  The panels share the x axis (time); each has a y scale of its
 * own, from its own data (one stall of 180 s would flatten every other
 * panel on a shared one), logarithmic where the values span decades.
 * @series lists the CSV columns drawn in every panel, with their legend
 * titles; a series on the y2 axis gets a right-hand axis of its own, so
 * that a small quantity is not drawn flat beside a large one.
 */
struct panel_series {
	int csv_column;
	const char *title;		/* legend; NULL: none */
	const char *style;
	const char *expr;		/* y as a gnuplot expression, not a column */
	bool y2;			/* on the right-hand axis, scaled apart */
};

struct panel_axes {
	const char *ylabel;		/* with its unit */
	const char *y2label;		/* NULL: no y2 axis */
	bool logy;
	double ymax;			/* > 0: every panel 0 to ymax (a percentage) */
};

static void small_multiples(FILE *f, const struct report *rep,
			    const char *name, const char *title, bool latency,
			    const struct panel_axes *ax,
			    const struct panel_series *series, size_t nr_series)
{
	size_t *which = xcalloc(rep->nr_columns + 1, sizeof(*which));
	size_t n, cols, rows;
	char key[160];
	double xmax;
	int height;

	n = columns_with(rep, latency ? "latency" : "samples", which);
	cols = n <= 1 ? 1 : n <= 4 ? 2 : n <= 9 ? 3 : 4;
	rows = n ? (n + cols - 1) / cols : 1;
	height = (int)(120 + 300 * rows);
	preamble(f, name, title, (int)(440 * cols), height);
	if (!n) {
		fprintf(f, "set title ");
		gp_string(f, title);
		fputc('\n', f);
		no_data(f);
		free(which);
		return;
	}
	xmax = rec_time(rep, which, n);
	/* Under the title, on a line of its own. */
	snprintf(key, sizeof(key), "at screen 0.98, screen %.4f right top "
		 "horizontal maxrows 1 font \",10\" samplen 2", 1 - 28.0 / height);
	fprintf(f, "# One panel per column (its first run): the same x axis, "
		"a y scale of its own.\n"
		"set xrange [0:%.3f]\n"
		"set xlabel \"time since the start of the run (s)\"\n"
		"set ylabel ", xmax);
	gp_string(f, ax->ylabel);
	fputc('\n', f);
	if (ax->logy)
		/* Every value > 0 (a gap between lines), spanning decades. */
		fprintf(f, "set logscale y\nset yrange [*:*]\n");
	else if (ax->ymax > 0)
		fprintf(f, "set yrange [0:%.6g]\n", ax->ymax);
	else
		fprintf(f, "set yrange [0:*]\n");
	if (ax->y2label) {
		fprintf(f, "set ytics nomirror textcolor lt 1\n"
			"set ylabel textcolor lt 1\n"
			"set y2tics textcolor lt 2\n"
			"set y2range [0:*]\n"
			"set y2label textcolor lt 2\n"
			"set y2label ");
		gp_string(f, ax->y2label);
		fputc('\n', f);
	}
	fprintf(f, "set key %s\n"
		/* Room above the panels for the title, and between them
		 * for each one's title, tics and axis labels. */
		"set multiplot layout %zu,%zu margins 0.06,%.2f,%.4f,%.4f "
		"spacing char %d, char 7 title ",
		/* One key for every panel, at the figure's top right,
		 * drawn with the first panel (unset after it). */
		nr_series > 1 ? key : "off", rows, cols,
		ax->y2label ? 0.95 : 0.98, 50.0 / height,
		1 - (nr_series > 1 ? 80.0 : 60.0) / height,
		ax->y2label ? 22 : 14);
	gp_string(f, title);
	fputc('\n', f);
	for (size_t i = 0; i < n; i++) {
		const struct report_column *col = &rep->columns[which[i]];

		fprintf(f, "set title ");
		gp_string(f, col->name);
		fputc('\n', f);
		for (size_t k = 0; k < nr_series; k++) {
			fprintf(f, "%s \"../runs/%s%s.csv\" using 1:",
				k ? ", \\\n    " : "plot", col->stems[0],
				latency ? "-latency" : "");
			if (series[k].expr)
				fprintf(f, "(%s)", series[k].expr);
			else
				fprintf(f, "%d", series[k].csv_column);
			fprintf(f, " skip 1 %s%s lt %zu ",
				series[k].y2 ? "axes x1y2 " : "", series[k].style,
				k + 1);
			if (series[k].title) {
				fprintf(f, "title ");
				gp_string(f, series[k].title);
			} else {
				fprintf(f, "notitle");
			}
		}
		fputc('\n', f);
		if (!i && nr_series > 1)
			fprintf(f, "unset key\n");
	}
	fprintf(f, "unset multiplot\n");
	free(which);
}

static void script_latency(FILE *f, const struct report *rep, const char *title)
{
	const struct panel_series s = { 2, NULL, "with points pt 7 ps 0.3", NULL, false };
	const struct panel_axes ax = {
		"seconds since the previous line (s, log scale)", NULL, true, 0,
	};

	small_multiples(f, rep, "latency", title, true, &ax, &s, 1);
}

static void script_timeline(FILE *f, const struct report *rep,
			    const char *name, const char *title,
			    const char *ylabel, int csv_column, const char *style)
{
	const struct panel_series s = { csv_column, NULL, style, NULL, false };
	const struct panel_axes ax = { ylabel, NULL, false, 0 };

	small_multiples(f, rep, name, title, false, &ax, &s, 1);
}

/* nr_writeback on an axis of its own: at its scale nr_dirty, often a
 * tenth of it or less, would be drawn flat. */
static void script_dirty(FILE *f, const struct report *rep, const char *title)
{
	const struct panel_series s[] = {
		{ CSV_NR_DIRTY, "nr_dirty (left axis)", "with lines", NULL, false },
		{ CSV_NR_WRITEBACK, "nr_writeback (right axis)", "with lines", NULL, true },
	};
	const struct panel_axes ax = {
		"nr_dirty (pages)", "nr_writeback (pages)", false, 0,
	};

	small_multiples(f, rep, "dirty-writeback", title, false, &ax, s, 2);
}

/* The share as a percentage; points only where below the low watermark. */
static void script_fragmentation(FILE *f, const struct report *rep,
				 const char *title)
{
	char all[160], below[200];
	struct panel_series s[] = {
		{ 0, "every sample", "with lines", all, false },
		{ 0, "below low", "with points pt 7 ps 0.6", below, false },
	};

	snprintf(all, sizeof(all), "$%d > 0 ? 100.0 * $%d / $%d : NaN",
		 CSV_FRAG_FREE, CSV_FRAG_HIGHORDER, CSV_FRAG_FREE);
	snprintf(below, sizeof(below), "$%d > 0 && $%d > 0 ? "
		 "100.0 * $%d / $%d : NaN", CSV_FRAG_BELOW, CSV_FRAG_FREE,
		 CSV_FRAG_HIGHORDER, CSV_FRAG_FREE);
	const struct panel_axes ax = {
		"free pages in blocks >= the order (%)", NULL, false, 100,
	};

	small_multiples(f, rep, "fragmentation", title, false, &ax, s, 2);
}

static const uint64_t *watermark(const struct run_result *r, int z)
{
	return &result_uints(r, "watermarks")[z * wmarks()->dims[1]];
}

static bool zone_present(const struct run_result *r, int z)
{
	size_t nr;
	const struct sample_point *s = result_records(r, "samples", &nr);

	for (unsigned int w = 0; w < wmarks()->dims[1]; w++)
		if (watermark(r, z)[w])
			return true;
	for (size_t i = 0; i < nr; i++)
		if (s[i].free[z])
			return true;
	return false;
}

static void script_free(FILE *f, const struct report_column *col,
			const char *name, const char *title)
{
	const struct run_result *r = first_run(col);
	size_t nr_samples = 0;
	bool any = false;
	int lt = 0;

	if (r)
		result_records(r, "samples", &nr_samples);

	preamble(f, name, title, 1200, 650);
	fprintf(f, "set xlabel \"time since the start of the run (s)\"\n"
		"set ylabel \"free pages (4 KiB each, log scale)\"\n"
		"set logscale y\n"
		"set title ");
	gp_string(f, title);
	fputc('\n', f);
	for (int z = 0; nr_samples && z < (int)wmarks()->dims[0]; z++) {
		if (!zone_present(r, z))
			continue;
		lt++;
		fprintf(f, "%s \"../runs/%s.csv\" using 1:($%d > 0 ? $%d : NaN) "
			"skip 1 with lines lt %d lw 2 title \"%s free\"",
			any ? ", \\\n    " : "plot", col->stems[0], CSV_FREE(z),
			CSV_FREE(z), lt, wmarks()->element_name(0, (unsigned int)z));
		any = true;
		for (unsigned int w = 0; w < wmarks()->dims[1]; w++)
			if (watermark(r, z)[w])
				fprintf(f, ", \\\n    %lu with lines lt %d dt %d "
					"title \"%s %s\"", watermark(r, z)[w], lt,
					w + 2, wmarks()->element_name(0, (unsigned int)z),
					wmarks()->element_name(1, w));
	}
	if (any)
		fputc('\n', f);
	else
		no_data(f);
}

/* Column @c's mean of shown measure @m over its runs, and the stddev
 * (0 for one run); a run without the value (NAN) is left out. */
static void column_mean_sd(const struct report *rep, size_t m, size_t c,
			   double *mean, double *sd)
{
	const struct report_column *col = &rep->columns[c];
	double *v = xcalloc(col->nr_runs + 1, sizeof(*v));
	size_t nv = 0;

	for (size_t i = 0; i < col->nr_runs; i++)
		if (!isnan(v[nv] = measure_value(metrics_shown(m), &col->runs[i])))
			nv++;
	*mean = stats_mean(v, nv);
	*sd = nv > 1 ? stats_stddev(v, nv) : 0;
	free(v);
}

/* The top of measure @m's panel: its highest bar or error bar, and a
 * little room (gnuplot's autoscale stops at the bars). */
static double comparison_top(const struct report *rep, size_t m)
{
	double top = 0;

	for (size_t c = 0; c < rep->nr_columns; c++) {
		double mean, sd;

		column_mean_sd(rep, m, c, &mean, &sd);
		if (!isnan(mean) && mean + sd > top)
			top = mean + sd;
	}
	return top > 0 ? top * 1.08 : 1;
}

/* Bars: mean of every measure per column, error bars one stddev. */
static int write_comparison_data(const struct report *rep, const char *path)
{
	struct outfile of;

	if (outfile_open(&of, path))
		return -1;
	fprintf(of.fp, "# mmsim: the comparison table's means and stddevs\n"
		"# one block per measure (gnuplot index), rows: column number, "
		"mean, stddev, column name\n");
	for (size_t m = 0; m < metrics_nr_shown(); m++) {
		fprintf(of.fp, "%s# %s\n", m ? "\n\n" : "", metrics_shown(m)->name);
		for (size_t c = 0; c < rep->nr_columns; c++) {
			const struct report_column *col = &rep->columns[c];
			double mean, sd;
			char name[256];

			column_mean_sd(rep, m, c, &mean, &sd);

			/* The name labels the x axis: no separator in it. */
			snprintf(name, sizeof(name), "%s", col->name);
			for (char *p = name; *p; p++)
				if (*p == ',')
					*p = ';';
			if (isnan(mean))
				fprintf(of.fp, "%zu,NaN,NaN,%s\n", c + 1, name);
			else
				fprintf(of.fp, "%zu,%.6g,%.6g,%s\n", c + 1, mean,
					sd, name);
		}
	}
	return outfile_commit(&of);
}

/* Some run of some column has measure @m (gnuplot refuses a plot whose
 * every value is NaN). */
static bool measure_has_value(const struct report *rep, size_t m)
{
	for (size_t c = 0; c < rep->nr_columns; c++)
		for (size_t i = 0; i < rep->columns[c].nr_runs; i++)
			if (!isnan(measure_value(metrics_shown(m), &rep->columns[c].runs[i])))
				return true;
	return false;
}

/*
 * The y axis of a measure's panel, with its unit: what the measure
 * declares (seconds, percent, pages), a count per run for a counter.
 */
static const char *axis_unit(const struct measure *m)
{
	if (!strcmp(m->unit, "s"))
		return "seconds";
	if (!strcmp(m->unit, "%"))
		return "percent";
	if (*m->unit)
		return m->unit;
	return m->kind == MEASURE_COUNTER ? "count per run" : "ratio";
}

/*
 * A panel per measure, four a row, a bar per column, each bar named
 * on the x axis by its kernel (the names turned upright, so that
 * thirteen long ones fit a quarter of the width), the y axis labelled
 * with the measure's unit and scaled to the panel's own values.  A
 * column whose runs repeat an earlier one's says so: "(=)" after its
 * name.
 */
static void script_comparison(FILE *f, const struct report *rep,
			      const char *title)
{
	size_t n = rep->nr_columns, shown = 0, *same, longest = 0;
	size_t rows;
	bool any_same = false;
	char *full;
	int width = 1600, height, top = 70, label, row_h;

	/* A measure 0 in every run of every column has no panel: the page
	 * says which (html.c). */
	for (size_t m = 0; m < metrics_nr_shown(); m++)
		shown += !report_measure_all_zero(rep, m);
	/* Nothing but zeros: every panel, rather than an empty chart. */
	bool skip_zero = shown > 0;

	if (!skip_zero)
		shown = metrics_nr_shown();
	rows = (shown + 3) / 4;
	same = report_identical_columns(rep);
	for (size_t c = 0; c < n; c++) {
		size_t len = strlen(rep->columns[c].name) +
			     (same[c] != (size_t)-1 ? 4 : 0);

		if (len > longest)
			longest = len;
		any_same |= same[c] != (size_t)-1;
	}
	full = xasprintf("%s%s", title, any_same ? "; (=): runs bit-identical "
			 "to an earlier column's" : "");
	/* The names stand under each panel: about 5 pixels a character
	 * at 9 points, then the panel (270), its title and the gaps. */
	label = 20 + (int)(5.0 * (double)longest);
	row_h = 270 + label + 50;
	height = top + row_h * (int)rows;
	preamble(f, "comparison", full, width, height);
	fprintf(f, "set style fill solid 0.5 border -1\n"
		"set boxwidth 0.7\n"
		"set xrange [0.5:%zu.5]\n"
		"unset key\n"
		"set grid noxtics ytics\n"
		/* 1000000, not 1e+06; 0.3, not 0.30000000000000004. */
		"set format y \"%%.10g\"\n"
		"set xtics nomirror rotate by 90 right font \",9\" (", n);
	for (size_t c = 0; c < n; c++) {
		char text[300];

		snprintf(text, sizeof(text), "%s%s", rep->columns[c].name,
			 same[c] != (size_t)-1 ? " (=)" : "");
		fputs(c ? ", " : "", f);
		gp_string(f, text);
		fprintf(f, " %zu", c + 1);
	}
	fprintf(f, ")\n");
	free(same);
	fprintf(f, "set multiplot layout %zu,4 margins 0.065,0.99,%.4f,%.4f "
		"spacing screen 0.065, screen %.4f title ", rows,
		(double)label / height, 1.0 - (double)top / height,
		(double)(label + 50) / height);
	gp_string(f, full);
	fputc('\n', f);
	free(full);
	for (size_t m = 0; m < metrics_nr_shown(); m++) {
		const struct measure *sm = metrics_shown(m);
		bool any = measure_has_value(rep, m);

		if (skip_zero && report_measure_all_zero(rep, m))
			continue;
		fprintf(f, "set title ");
		gp_string(f, sm->title);
		fprintf(f, "\nset ylabel ");
		gp_string(f, axis_unit(sm));
		fprintf(f, "\nset yrange [0:%.6g]\n", comparison_top(rep, m));
		if (any)
			fprintf(f, "plot \"comparison.dat\" index %zu using 1:2:3 "
				"with boxerrorbars lc rgb \"#4a7ab5\"\n", m);
		else
			no_data(f);
	}
	fprintf(f, "unset multiplot\n");
}

/* ---- writing and rendering ------------------------------------------- */

static int write_script(const char *plots_dir, const struct plot *p,
			const struct report *rep, size_t index)
{
	struct outfile of;
	char *path;
	int rc;

	path = xasprintf("%s/%s.gp", plots_dir, p->name);
	rc = outfile_open(&of, path);
	free(path);
	if (rc)
		return -1;
	if (!strcmp(p->name, "comparison"))
		script_comparison(of.fp, rep, p->title);
	else if (!strcmp(p->name, "latency"))
		script_latency(of.fp, rep, p->title);
	else if (!strcmp(p->name, "dirty-writeback"))
		script_dirty(of.fp, rep, p->title);
	else if (!strcmp(p->name, "failures"))
		script_timeline(of.fp, rep, p->name, p->title,
				"allocation failures so far, all (count)",
				CSV_ALLOC_FAILURES, "with steps");
	else if (!strcmp(p->name, "congestion-wait"))
		script_timeline(of.fp, rep, p->name, p->title,
				"time in congestion_wait so far (s)",
				CSV_CW_SECONDS, "with lines");
	else if (!strcmp(p->name, "fragmentation"))
		script_fragmentation(of.fp, rep, p->title);
	else
		script_free(of.fp, &rep->columns[p->column], p->name, p->title);
	return outfile_commit(&of);
}

static bool gnuplot_installed(void)
{
	const char *path = getenv("PATH");
	char *copy, *dir, *save = NULL;
	bool found = false;

	if (!path)
		return false;
	copy = xstrdup(path);
	for (dir = strtok_r(copy, ":", &save); dir && !found;
	     dir = strtok_r(NULL, ":", &save)) {
		char *p;

		p = xasprintf("%s/gnuplot", *dir ? dir : ".");
		found = access(p, X_OK) == 0;
		free(p);
	}
	free(copy);
	return found;
}

/* gnuplot NAME.gp for SVG, what the page shows: a PNG as well would
 * double the folder's plots for nothing the page uses (the script
 * renders one on request). */
static int render_one(const char *plots_dir, const char *name)
{
	char gp[320];
	pid_t pid;
	int status;

	snprintf(gp, sizeof(gp), "%s.gp", name);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0) {
			dup2(null, STDOUT_FILENO);
			dup2(null, STDERR_FILENO);
		}
		if (chdir(plots_dir))
			_exit(126);
		execlp("gnuplot", "gnuplot", "-e", "fmt=\"svg\"", gp,
		       (char *)NULL);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

int plots_write(const struct report *rep, const char *dir, bool render,
		struct plot_set *set, char *note, size_t note_len, char *err,
		size_t err_len)
{
	char *plots_dir, *data, cmd[1024];
	size_t failed = 0;
	const char *first_failed = NULL;

	plots_list(rep, set);
	plots_dir = xasprintf("%s/plots", dir);
	data = xasprintf("%s/comparison.dat", plots_dir);
	if (make_dir(plots_dir) || write_comparison_data(rep, data)) {
		snprintf(err, err_len, "%s: cannot write: %s", plots_dir,
			 strerror(errno));
		goto fail;
	}
	for (size_t i = 0; i < set->nr; i++)
		if (write_script(plots_dir, &set->plots[i], rep, i)) {
			snprintf(err, err_len, "%s/%s.gp: cannot write: %s",
				 plots_dir, set->plots[i].name, strerror(errno));
			goto fail;
		}

	plots_render_command(dir, cmd, sizeof(cmd));
	if (!render) {
		snprintf(note, note_len, "plots not rendered; to render: %s", cmd);
	} else if (!gnuplot_installed()) {
		snprintf(note, note_len, "gnuplot not found (Debian: gnuplot-nox); "
			 "plot scripts and data are in %s; to render: %s",
			 plots_dir, cmd);
	} else {
		set->attempted = true;
		for (size_t i = 0; i < set->nr; i++)
			if (render_one(plots_dir, set->plots[i].name)) {
				failed++;
				if (!first_failed)
					first_failed = set->plots[i].name;
			}
		if (failed)
			snprintf(note, note_len, "gnuplot failed on %zu of %zu plots "
				 "(first: %s/%s.gp; run it there to see why)",
				 failed, set->nr, plots_dir, first_failed);
		else
			set->rendered = true;
	}
	free(data);
	free(plots_dir);
	return 0;
fail:
	free(data);
	free(plots_dir);
	plots_free(set);
	return -1;
}
