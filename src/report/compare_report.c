// SPDX-License-Identifier: GPL-2.0
/*
 * The text report of an experiment: the cover letter's lines, the
 * MMTests-style comparison, the "Ops" block MMTests derives from vmstat,
 * and the table measures (measure_table.c).  The report folder's writer is at the
 * end; plots.c and html.c do the pictures and the page.
 */
#include <ctype.h>
#include <errno.h>
#include <unistd.h>
#include <stdarg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <jansson.h>
#include "compare_report.h"
#include "explain.h"
#include "findings.h"
#include "html.h"
#include "measure_table.h"
#include "outfile.h"
#include "plots.h"
#include "series.h"
#include "table.h"
#include "metrics/derived.h"
#include "metrics/records.h"
#include "metrics/stats.h"
#include "util/fs.h"
#include "util/gz.h"
#include "util/xalloc.h"

/* ---- per-run measures ------------------------------------------------- */

/* Results keep simulated time in ns (metrics/metrics.h). */
#define NS_PER_SEC	1000000000ULL

static double secs(uint64_t ns)
{
	return (double)ns / NS_PER_SEC;
}

/* A /proc/vmstat event counter, by its name there. */
static double vm_event(const struct run_result *r, const char *name)
{
	return (double)result_uint_at(r, "vm_events", name);
}

bool report_measure_all_zero(const struct report *rep, size_t m)
{
	const struct measure *shown = metrics_shown(m);

	for (size_t c = 0; c < rep->nr_columns; c++)
		for (size_t i = 0; i < rep->columns[c].nr_runs; i++) {
			double v = measure_value(shown, &rep->columns[c].runs[i]);

			if (!isnan(v) && v != 0)
				return false;
		}
	return true;
}

static bool name_char(char c)
{
	return isalnum((unsigned char)c) || c == '-' || c == '.' || c == '_';
}

/*
 * A run's result as text, without what names its column or times it:
 * the labels and the wall clock left out, and the kernel's name, which
 * kern.log's "Not tainted" lines and the explanations quote, replaced
 * wherever it stands as a whole name (not "2.6.30" inside
 * "pgalloc-2.6.30" or "v2.6.30").
 */
static char *run_identity(const struct run_result *r)
{
	static const char *const labels[] = {
		"kernel", "scenario", "scenario_fingerprint", "wall_seconds",
		"mmsim_version",
	};
	const char *kernel = result_text(r, "kernel");
	size_t klen = strlen(kernel);
	char *j = result_to_json(r, true), *out, *o;
	json_t *root = j ? json_loads(j, 0, NULL) : NULL;

	xnonnull(root, "json_loads() of a result");
	free(j);
	for (size_t i = 0; i < sizeof(labels) / sizeof(labels[0]); i++)
		json_object_del(root, labels[i]);
	j = xnonnull(json_dumps(root, JSON_COMPACT | JSON_SORT_KEYS),
		     "json_dumps() of a result");
	json_decref(root);
	out = xmalloc(strlen(j) + 1);
	o = out;
	for (const char *p = j; *p; ) {
		if (klen && !strncmp(p, kernel, klen) &&
		    (p == j || !name_char(p[-1])) && !name_char(p[klen])) {
			*o++ = '\1';
			p += klen;
		} else {
			*o++ = *p++;
		}
	}
	*o = 0;
	free(j);
	return out;
}

size_t *report_identical_columns(const struct report *rep)
{
	size_t n = rep->nr_columns;
	size_t *same = xmalloc((n ? n : 1) * sizeof(*same));
	char ***text = xcalloc(n ? n : 1, sizeof(*text));

	for (size_t c = 0; c < n; c++) {
		const struct report_column *col = &rep->columns[c];

		same[c] = (size_t)-1;
		text[c] = xcalloc(col->nr_runs + 1, sizeof(**text));
		for (size_t i = 0; i < col->nr_runs; i++)
			text[c][i] = run_identity(&col->runs[i]);
	}
	for (size_t c = 1; c < n; c++)
		for (size_t d = 0; d < c && same[c] == (size_t)-1; d++) {
			const struct report_column *a = &rep->columns[c], *b = &rep->columns[d];
			bool eq = a->nr_runs && a->nr_runs == b->nr_runs;

			for (size_t i = 0; eq && i < a->nr_runs; i++)
				eq = !strcmp(text[c][i], text[d][i]);
			if (eq)
				same[c] = same[d] != (size_t)-1 ? same[d] : d;
		}
	for (size_t c = 0; c < n; c++) {
		for (size_t i = 0; i < rep->columns[c].nr_runs; i++)
			free(text[c][i]);
		free(text[c]);
	}
	free(text);
	return same;
}

/* ---- the cover letter's lines --------------------------------------- */

static size_t total_runs(const struct report *rep)
{
	size_t n = 0;

	for (size_t c = 0; c < rep->nr_columns; c++)
		n += rep->columns[c].nr_runs;
	return n;
}

/* @who: what the reports call the program whose elapsed time Elapsed is
 * (the measure's .program_title: "fake-gitk"). */
static void cover_header(FILE *f, const struct report *rep, const char *who)
{
	if (rep->nr_seeds == 1)
		fprintf(f, "One run per kernel (seed %llu): Elapsed is %s's "
			"elapsed time, Failures the allocation failures kern.log "
			"printed (no __GFP_NOWARN ones).\n", rep->base_seed, who);
	else if (rep->nr_seeds > 1)
		fprintf(f, "Mean of %u runs per kernel (seeds %llu..%llu): Elapsed is "
			"%s's mean elapsed time (stddev over the runs), "
			"Failures the mean number of allocation failures kern.log "
			"printed per run (no __GFP_NOWARN ones).\n", rep->nr_seeds, rep->base_seed,
			rep->base_seed + rep->nr_seeds - 1, who);
	else
		fprintf(f, "Mean over each kernel's runs: Elapsed is %s's "
			"mean elapsed time (stddev over the runs, when more than "
			"one), Failures the mean number of allocation failures "
			"kern.log printed per run (no __GFP_NOWARN ones).\n", who);
}

void compare_report_cover(FILE *f, const struct report *rep)
{
	struct cover_line *lines = xcalloc(rep->nr_columns + 1, sizeof(*lines));
	const struct measure *elapsed = metrics_find("elapsed");
	const struct measure *failures = metrics_find("failures");
	size_t unfinished = 0, partial = 0;

	cover_header(f, rep, elapsed->program_title);
	for (size_t c = 0; c < rep->nr_columns; c++) {
		const struct report_column *col = &rep->columns[c];
		double *el = xcalloc(col->nr_runs + 1, sizeof(*el));
		double *fl = xcalloc(col->nr_runs + 1, sizeof(*fl));

		for (size_t i = 0; i < col->nr_runs; i++) {
			el[i] = measure_value(elapsed, &col->runs[i]);
			fl[i] = measure_value(failures, &col->runs[i]);
			unfinished += !result_bool(&col->runs[i],
						   elapsed->done);
			partial += result_bool(&col->runs[i], "partial");
		}
		lines[c].name = col->name;
		lines[c].elapsed = stats_mean(el, col->nr_runs);
		lines[c].elapsed_stddev = col->nr_runs > 1 ?
					  stats_stddev(el, col->nr_runs) : NAN;
		lines[c].failures = stats_mean(fl, col->nr_runs);
		free(el);
		free(fl);
	}
	cover_lines_print(f, lines, rep->nr_columns, true);
	if (unfinished)
		fprintf(f, "Note: %zu of %zu runs ended before %s finished; "
			"their elapsed time is the run's end.\n",
			unfinished, total_runs(rep), elapsed->program_title);
	if (partial)
		fprintf(f, "Note: %zu of %zu runs were stopped early (partial).\n",
			partial, total_runs(rep));
	free(lines);
}

/* ---- the comparison ------------------------------------------------- */

static const struct table_stat mean_and_stddev[] = {
	{ TABLE_AMEAN, 0 },
	{ TABLE_STDDEV, 0 },
};

int compare_report_table(FILE *f, const struct report *rep)
{
	const char **names = xcalloc(rep->nr_columns + 1, sizeof(*names));
	struct compare_table_opts opts = {
		.alpha = REPORT_ALPHA,
		.stats = mean_and_stddev,
		.nr_stats = sizeof(mean_and_stddev) / sizeof(mean_and_stddev[0]),
		.by_measure = true,
	};
	struct compare_table *t;
	int rc = -1;

	for (size_t c = 0; c < rep->nr_columns; c++)
		names[c] = rep->columns[c].name;
	t = compare_table_new(names, rep->nr_columns);
	if (!t)
		goto out;
	for (size_t m = 0; m < metrics_nr_shown(); m++) {
		const struct measure *rm = metrics_shown(m);
		int id = compare_table_add_measure(t, rm->name,
			rm->higher_is_better ? HIGHER_IS_BETTER : LOWER_IS_BETTER,
			rm->precision);

		if (id < 0)
			goto out;
		for (size_t c = 0; c < rep->nr_columns; c++)
			for (size_t i = 0; i < rep->columns[c].nr_runs; i++) {
				double v = measure_value(rm, &rep->columns[c].runs[i]);

				/* NAN: the run has no such value. */
				if (!isnan(v) && compare_table_add_sample(t, id, c, v))
					goto out;
			}
	}
	rc = compare_table_print(t, f, &opts);
out:
	compare_table_free(t);
	free(names);
	return rc;
}

/* ---- plain blocks: one value per column ----------------------------- */

/* MMTests' vmstat "Ops" block: no percentages, so narrower columns. */
#define PLAIN_MIN_WIDTH 14

static size_t plain_width(const char *name)
{
	const char *rest;
	size_t base = table_kernel_base(name, &rest), w = PLAIN_MIN_WIDTH;

	if (base + 1 > w)
		w = base + 1;
	if (strlen(rest) + 1 > w)
		w = strlen(rest) + 1;
	return w;
}

void compare_report_rows_print(FILE *f, const struct report *rep,
			       const struct report_row *rows, size_t nr_rows)
{
	size_t name_w = 0;
	bool two_lines = false;

	for (size_t r = 0; r < nr_rows; r++)
		if (strlen(rows[r].name) > name_w)
			name_w = strlen(rows[r].name);
	for (size_t c = 0; c < rep->nr_columns; c++) {
		const char *rest;

		table_kernel_base(rep->columns[c].name, &rest);
		two_lines |= *rest != 0;
	}
	for (int line = 0; line < (two_lines ? 2 : 1); line++) {
		char *l = NULL;
		size_t len = 0;
		FILE *m = xopen_memstream(&l, &len);

		fprintf(m, "%*s", (int)name_w, "");
		for (size_t c = 0; c < rep->nr_columns; c++) {
			const char *name = rep->columns[c].name, *rest;
			int base = (int)table_kernel_base(name, &rest);
			int w = (int)plain_width(name);

			if (line == 0)
				fprintf(m, "%*.*s", w, base, name);
			else
				fprintf(m, "%*s", w, rest);
		}
		fclose(m);
		while (len && l[len - 1] == ' ')
			l[--len] = 0;
		fprintf(f, "%s\n", l);
		free(l);
	}
	for (size_t r = 0; r < nr_rows; r++) {
		fprintf(f, "%-*s", (int)name_w, rows[r].name);
		for (size_t c = 0; c < rep->nr_columns; c++) {
			char cell[64];
			double v = rows[r].v[c];

			if (isnan(v) || isinf(v))
				snprintf(cell, sizeof(cell), "n/a");
			else
				snprintf(cell, sizeof(cell), "%.*f%s",
					 rows[r].precision, v, rows[r].unit);
			fprintf(f, "%*s", (int)plain_width(rep->columns[c].name), cell);
		}
		fputc('\n', f);
	}
}

/* ---- Ops, from vmstat --------------------------------------------- */

/* A per-zone event summed over the zones ("pgsteal": pgsteal_dma, ...),
 * as /proc/vmstat names them (FOR_ALL_ZONES). */
static unsigned long zone_events(const struct run_result *r, const char *event)
{
	static const char *const zones[] = {
		"dma", "dma32", "normal", "high", "movable",
	};
	unsigned long n = 0;

	for (size_t z = 0; z < sizeof(zones) / sizeof(zones[0]); z++) {
		char name[64];

		snprintf(name, sizeof(name), "%s_%s", event, zones[z]);
		n += (unsigned long)result_uint_at(r, "vm_events", name);
	}
	return n;
}

struct ops_totals {
	double runs, seconds;
	double allocstall, direct_scanned, kswapd_scanned;
	double kswapd_reclaimed, direct_reclaimed, vmscan_write;
};

static void ops_sum(const struct report_column *col, struct ops_totals *t)
{
	memset(t, 0, sizeof(*t));
	for (size_t i = 0; i < col->nr_runs; i++) {
		const struct run_result *r = &col->runs[i];
		unsigned long steal = zone_events(r, "pgsteal");
		unsigned long kswapd_steal = (unsigned long)
			result_uint_at(r, "vm_events", "kswapd_steal");

		t->runs++;
		t->seconds += secs(result_uint(r, "sim_end"));
		t->allocstall += vm_event(r, "allocstall");
		t->direct_scanned += (double)zone_events(r, "pgscan_direct");
		t->kswapd_scanned += (double)zone_events(r, "pgscan_kswapd");
		/* 2.6.32's pgsteal counts what kswapd and direct reclaim
		 * both freed; kswapd_steal is kswapd's share. */
		t->kswapd_reclaimed += (double)kswapd_steal;
		t->direct_reclaimed += steal > kswapd_steal ?
			(double)(steal - kswapd_steal) : 0;
		t->vmscan_write += (double)result_int_at(r, "vm_stat", "nr_vmscan_write");
	}
}

static double ratio(double a, double b, double scale)
{
	return b > 0 ? a * scale / b : NAN;
}

enum {
	OPS_ALLOCSTALL,
	OPS_DIRECT_SCANNED,
	OPS_KSWAPD_SCANNED,
	OPS_KSWAPD_RECLAIMED,
	OPS_DIRECT_RECLAIMED,
	OPS_KSWAPD_EFFICIENCY,
	OPS_KSWAPD_VELOCITY,
	OPS_DIRECT_EFFICIENCY,
	OPS_DIRECT_VELOCITY,
	OPS_PERCENT_DIRECT,
	OPS_WRITES_BY_RECLAIM,
	NR_OPS
};

static const struct {
	const char *name;
	const char *unit;
	int precision;
} ops_rows[NR_OPS] = {
	[OPS_ALLOCSTALL] = { "Ops Allocation stalls", "", 2 },
	[OPS_DIRECT_SCANNED] = { "Ops Direct pages scanned", "", 2 },
	[OPS_KSWAPD_SCANNED] = { "Ops Kswapd pages scanned", "", 2 },
	[OPS_KSWAPD_RECLAIMED] = { "Ops Kswapd pages reclaimed", "", 2 },
	[OPS_DIRECT_RECLAIMED] = { "Ops Direct pages reclaimed", "", 2 },
	[OPS_KSWAPD_EFFICIENCY] = { "Ops Kswapd efficiency", "%", 0 },
	[OPS_KSWAPD_VELOCITY] = { "Ops Kswapd velocity", "", 3 },
	[OPS_DIRECT_EFFICIENCY] = { "Ops Direct efficiency", "%", 0 },
	[OPS_DIRECT_VELOCITY] = { "Ops Direct velocity", "", 3 },
	[OPS_PERCENT_DIRECT] = { "Ops Percentage direct scans", "%", 0 },
	[OPS_WRITES_BY_RECLAIM] = { "Ops Page writes by reclaim", "", 2 },
};

static void ops_values(const struct ops_totals *t, double *v)
{
	double n = t->runs;

	v[OPS_ALLOCSTALL] = ratio(t->allocstall, n, 1);
	v[OPS_DIRECT_SCANNED] = ratio(t->direct_scanned, n, 1);
	v[OPS_KSWAPD_SCANNED] = ratio(t->kswapd_scanned, n, 1);
	v[OPS_KSWAPD_RECLAIMED] = ratio(t->kswapd_reclaimed, n, 1);
	v[OPS_DIRECT_RECLAIMED] = ratio(t->direct_reclaimed, n, 1);
	v[OPS_KSWAPD_EFFICIENCY] = ratio(t->kswapd_reclaimed, t->kswapd_scanned, 100);
	v[OPS_KSWAPD_VELOCITY] = ratio(t->kswapd_scanned, t->seconds, 1);
	v[OPS_DIRECT_EFFICIENCY] = ratio(t->direct_reclaimed, t->direct_scanned, 100);
	v[OPS_DIRECT_VELOCITY] = ratio(t->direct_scanned, t->seconds, 1);
	v[OPS_PERCENT_DIRECT] = ratio(t->direct_scanned,
				      t->direct_scanned + t->kswapd_scanned, 100);
	v[OPS_WRITES_BY_RECLAIM] = ratio(t->vmscan_write, n, 1);
}

void compare_report_ops(FILE *f, const struct report *rep)
{
	struct report_row rows[NR_OPS];
	double *all = xcalloc((rep->nr_columns + 1) * NR_OPS, sizeof(*all));

	for (size_t c = 0; c < rep->nr_columns; c++) {
		struct ops_totals t;
		double v[NR_OPS];

		ops_sum(&rep->columns[c], &t);
		ops_values(&t, v);
		for (int o = 0; o < NR_OPS; o++)
			all[o * rep->nr_columns + c] = v[o];
	}
	for (int o = 0; o < NR_OPS; o++) {
		snprintf(rows[o].name, sizeof(rows[o].name), "%s", ops_rows[o].name);
		rows[o].v = &all[o * rep->nr_columns];
		rows[o].unit = ops_rows[o].unit;
		rows[o].precision = ops_rows[o].precision;
	}
	fprintf(f, "Ops from vmstat: counts are means per run; efficiency "
		"(reclaimed/scanned), velocity (scanned per simulated second) "
		"and the direct share are over all runs of a column.\n");
	compare_report_rows_print(f, rep, rows, NR_OPS);
	free(all);
}

/* ---- the disks: the block layer's shape, sync and async apart ------- */

/* Element [@row][@col] of the two-dimension array measure @name. */
static double blk_at(const struct run_result *r, const char *name,
		     const char *row, const char *col)
{
	const struct measure *m = metrics_find(name);
	const uint64_t *v = result_uints(r, name);
	unsigned int i, j;

	for (i = 0; i < m->dims[0]; i++)
		if (!strcmp(metrics_element_name(name, 0, i), row))
			break;
	for (j = 0; j < m->dims[1]; j++)
		if (!strcmp(metrics_element_name(name, 1, j), col))
			break;
	if (i == m->dims[0] || j == m->dims[1]) {
		fprintf(stderr, "mmsim: bug: %s has no [%s][%s]\n", name, row, col);
		abort();
	}
	return (double)v[i * m->dims[1] + j];
}

/* One-dimension @name's element @e. */
static double blk_one(const struct run_result *r, const char *name,
		      const char *e)
{
	return (double)result_uint_at(r, name, e);
}

/* Over a column's runs: the sum of @name[@row][@col]. */
static double col_sum(const struct report_column *col, const char *name,
		      const char *row, const char *c)
{
	double s = 0;

	for (size_t i = 0; i < col->nr_runs; i++)
		s += c ? blk_at(&col->runs[i], name, row, c) :
		     blk_one(&col->runs[i], name, row);
	return s;
}

static double col_seconds(const struct report_column *col)
{
	double s = 0;

	for (size_t i = 0; i < col->nr_runs; i++)
		s += secs(result_uint(&col->runs[i], "sim_end"));
	return s;
}

struct row_set {
	struct report_row *rows;
	size_t nr, cap, nc;
};

static struct report_row *add_row(struct row_set *rs, const char *unit,
				  int precision, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static struct report_row *add_row(struct row_set *rs, const char *unit,
				  int precision, const char *fmt, ...)
{
	struct report_row *row;
	va_list ap;

	if (rs->nr == rs->cap) {
		rs->cap = rs->cap ? 2 * rs->cap : 64;
		rs->rows = xrealloc(rs->rows, rs->cap * sizeof(*rs->rows));
	}
	row = &rs->rows[rs->nr++];
	va_start(ap, fmt);
	vsnprintf(row->name, sizeof(row->name), fmt, ap);
	va_end(ap);
	row->unit = unit;
	row->precision = precision;
	row->v = xcalloc(rs->nc + 1, sizeof(*row->v));
	return row;
}

/* Drop the last row when no column has a value above 0. */
static void drop_if_empty(struct row_set *rs)
{
	struct report_row *row = &rs->rows[rs->nr - 1];

	for (size_t c = 0; c < rs->nc; c++)
		if (row->v[c] > 0)
			return;
	free(row->v);
	rs->nr--;
}

size_t compare_report_disk_rows(const struct report *rep,
				struct report_row **rows)
{
	static const char *const cls[2] = { "sync", "async" };
	static const char *const size_col[] = {
		"le_4k", "le_8k", "le_16k", "le_32k", "le_64k", "le_128k",
		"le_256k", "le_512k", "gt_512k",
	};
	static const char *const size_label[] = {
		"<=4K", "<=8K", "<=16K", "<=32K", "<=64K", "<=128K", "<=256K",
		"<=512K", ">512K",
	};
	static const char *const seek_col[] = {
		"zero", "lt_64k", "lt_1m", "lt_16m", "lt_256m", "lt_4g", "ge_4g",
	};
	static const char *const seek_label[] = {
		"0", "<64K", "<1M", "<16M", "<256M", "<4G", ">=4G",
	};
	struct row_set rs = { .nc = rep->nr_columns };
	double any = 0;

	for (size_t c = 0; c < rep->nr_columns; c++)
		for (int k = 0; k < 2; k++)
			any += col_sum(&rep->columns[c], "blk_size", cls[k], "requests");
	if (!any) {
		*rows = NULL;
		return 0;
	}
	for (int k = 0; k < 2; k++) {
		struct report_row *busy = add_row(&rs, "%", 1, "Disk busy %s", cls[k]);

		for (size_t c = 0; c < rep->nr_columns; c++)
			busy->v[c] = ratio(secs((uint64_t)col_sum(&rep->columns[c],
				"blk_busy", cls[k], NULL)), col_seconds(&rep->columns[c]), 100);
	}
	for (int k = 0; k < 2; k++) {
		struct report_row *reqs = add_row(&rs, "", 0, "Disk requests %s", cls[k]);
		struct report_row *size = add_row(&rs, "", 1, "Disk mean size %s KiB", cls[k]);
		struct report_row *q2c = add_row(&rs, "", 3, "Disk Q2C %s ms", cls[k]);
		struct report_row *d2c = add_row(&rs, "", 3, "Disk D2C %s ms", cls[k]);
		struct report_row *seek = add_row(&rs, "", 1, "Disk mean seek %s MiB", cls[k]);

		for (size_t c = 0; c < rep->nr_columns; c++) {
			const struct report_column *col = &rep->columns[c];
			double n = col_sum(col, "blk_size", cls[k], "requests");
			double bios = col_sum(col, "blk_latency", cls[k], "bios");

			reqs->v[c] = ratio(n, (double)col->nr_runs, 1);
			size->v[c] = ratio(col_sum(col, "blk_size", cls[k], "sectors"),
					   n, 0.5);
			q2c->v[c] = ratio(col_sum(col, "blk_latency", cls[k], "q2c_ns"),
					  bios, 1e-6);
			d2c->v[c] = ratio(col_sum(col, "blk_latency", cls[k], "d2c_ns"),
					  bios, 1e-6);
			seek->v[c] = ratio(col_sum(col, "blk_seek", cls[k], "sectors"),
					   col_sum(col, "blk_seek", cls[k], "seeks"),
					   1.0 / 2048);
		}
	}
	for (int k = 0; k < 2; k++)
		for (size_t b = 0; b < sizeof(size_col) / sizeof(size_col[0]); b++) {
			struct report_row *row = add_row(&rs, "%", 1, "Disk size %s %s",
							 cls[k], size_label[b]);

			for (size_t c = 0; c < rep->nr_columns; c++)
				row->v[c] = ratio(col_sum(&rep->columns[c], "blk_size",
							  cls[k], size_col[b]),
						  col_sum(&rep->columns[c], "blk_size",
							  cls[k], "requests"), 100);
			drop_if_empty(&rs);
		}
	for (int k = 0; k < 2; k++)
		for (size_t b = 0; b < sizeof(seek_col) / sizeof(seek_col[0]); b++) {
			struct report_row *row = add_row(&rs, "%", 1, "Disk seek %s %s",
							 cls[k], seek_label[b]);

			for (size_t c = 0; c < rep->nr_columns; c++)
				row->v[c] = ratio(col_sum(&rep->columns[c], "blk_seek",
							  cls[k], seek_col[b]),
						  col_sum(&rep->columns[c], "blk_seek",
							  cls[k], "seeks"), 100);
			drop_if_empty(&rs);
		}
	*rows = rs.rows;
	return rs.nr;
}

void compare_report_rows_free(struct report_row *rows, size_t nr)
{
	for (size_t i = 0; i < nr; i++)
		free(rows[i].v);
	free(rows);
}

void compare_report_disk(FILE *f, const struct report *rep)
{
	struct report_row *rows;
	size_t nr = compare_report_disk_rows(rep, &rows);

	if (!nr) {
		fprintf(f, "Disk: no requests in any run.\n");
		return;
	}
	fprintf(f, "Disk, sync and async apart (rq_is_sync()), as blkparse and btt "
		"would show the disks: busy is the time the driver held a request "
		"of the class; requests per run; their mean size; Q2C and D2C per "
		"bio; the mean seek from the request dispatched before; the shares "
		"of requests by size and by seek.  Over all runs of a column.\n");
	compare_report_rows_print(f, rep, rows, nr);
	compare_report_rows_free(rows, nr);
}

/* Why the allocations failed, per column, over all its runs (only for
 * results that carry failure_reasons). */
static void compare_report_reasons(FILE *f, const struct report *rep)
{
	bool any = false;

	/* A failure counted somewhere, not merely a record of none: no
	 * heading over nothing. */
	for (size_t c = 0; c < rep->nr_columns && !any; c++) {
		const struct report_column *col = &rep->columns[c];
		size_t nr;
		struct failure_reason *t =
			explain_merge_tallies(col->runs, col->nr_runs, &nr);

		for (size_t i = 0; i < nr; i++)
			any = any || t[i].count;
		free(t);
	}
	if (!any)
		return;
	fprintf(f, "\nAllocation failures by reason, all runs of each column: "
		"all failures, __GFP_NOWARN and rate-limited ones included, "
		"not only the failures printed (mmsim run --explain for one "
		"run's details):\n");
	for (size_t c = 0; c < rep->nr_columns; c++) {
		const struct report_column *col = &rep->columns[c];
		size_t nr;
		struct failure_reason *t =
			explain_merge_tallies(col->runs, col->nr_runs, &nr);

		fprintf(f, "%s: ", col->name);
		if (!nr)
			fprintf(f, "no failures\n");
		else
			explain_tally_print(f, t, nr);
		free(t);
	}
}

static json_t *reasons_json(const struct report_column *col)
{
	size_t nr;
	struct failure_reason *t =
		explain_merge_tallies(col->runs, col->nr_runs, &nr);
	json_t *a = json_array();

	for (size_t i = 0; i < nr; i++)
		json_array_append_new(a, json_pack("{s:s,s:I}",
			"reason", t[i].reason, "count", (json_int_t)t[i].count));
	free(t);
	return a;
}

/* The two failure counts named: the cover letter's is the first. */
static void failures_legend(FILE *f)
{
	const struct measure *printed = metrics_find("failures");
	const struct measure *all = metrics_find("failures-all");

	if (printed && all)
		fprintf(f, "%s: %s.\n%s: %s.\n", printed->name, printed->doc,
			all->name, all->doc);
}

void compare_report_print(FILE *f, const struct report *rep)
{
	/* The answer first: the tables below are its evidence. */
	if (rep->findings) {
		findings_print(f, rep->findings);
		fputc('\n', f);
	}
	compare_report_cover(f, rep);
	fputc('\n', f);
	fprintf(f, "Comparison: Amean and Stddev over the runs of each column.\n");
	compare_report_table(f, rep);
	failures_legend(f);
	fputc('\n', f);
	compare_report_ops(f, rep);
	measure_tables_text(f, rep, SHOW_COMPARE);
	fputc('\n', f);
	compare_report_disk(f, rep);
	compare_report_reasons(f, rep);
}

/* ---- files ---------------------------------------------------------- */

void report_file_safe_name(const char *s, char *buf, size_t len)
{
	size_t i = 0;

	if (!len)
		return;
	for (; *s && i + 1 < len; s++, i++) {
		char ch = *s;
		bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
			  (ch >= '0' && ch <= '9') || ch == '.' || ch == '_' ||
			  ch == '-';

		buf[i] = ok ? ch : '_';
	}
	buf[i] = 0;
}

int report_write_text(const char *path, const char *text, char *err,
		      size_t len)
{
	struct outfile of;

	if (outfile_open(&of, path)) {
		snprintf(err, len, "%s: cannot write: %s", path, outfile_error(&of));
		return -1;
	}
	fputs(text, of.fp);
	if (outfile_commit(&of)) {
		snprintf(err, len, "%s: cannot write: %s", path, outfile_error(&of));
		return -1;
	}
	return 0;
}

int report_write_json(const char *path, struct json_t *root, char *err,
		      size_t len)
{
	char *text = root ? json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER) :
			    NULL;
	int rc;

	json_decref(root);
	if (!text) {
		snprintf(err, len, "%s: cannot encode", path);
		return -1;
	}
	text = xrealloc(text, strlen(text) + 2);
	strcat(text, "\n");
	rc = report_write_text(path, text, err, len);
	free(text);
	return rc;
}

static char *join(const char *dir, const char *a, const char *b)
{
	return xasprintf("%s/%s%s", dir, a, b ? b : "");
}

/* ---- summary.json --------------------------------------------------- */

static json_t *profiles_json(const struct report *rep)
{
	json_t *o = json_object();

	for (size_t c = 0; c < rep->nr_columns; c++) {
		const struct report_column *col = &rep->columns[c];
		json_t *lines;

		json_t *p, *sw;

		if (json_object_get(o, col->kernel))
			continue;
		lines = json_array();
		for (size_t i = 0; i < col->nr_profile_lines; i++)
			json_array_append_new(lines, json_string(col->profile_lines[i]));
		/* Format 2: the switches by name, then the description. */
		sw = json_object();
		for (size_t i = 0; i < col->nr_switches; i++) {
			const char *v = col->switch_values[i];
			char *end;
			long n = strtol(v, &end, 10);

			/* Numbers as numbers, value names as strings. */
			json_object_set_new(sw, col->switch_names[i],
					    *v && !*end ? json_integer(n) : json_string(v));
		}
		p = json_object();
		json_object_set_new(p, "switches", sw);
		json_object_set_new(p, "description", lines);
		json_object_set_new(o, col->kernel, p);
	}
	return o;
}

static int run_json(const struct run_result *r, json_t *runs, char *err,
		    size_t len)
{
	json_error_t jerr;
	json_t *j;
	char *s;

	/* Wall-clock seconds live in "wall_clock" only. */
	s = result_to_json_flags(r, RESULT_JSON_NO_HOST);
	if (!s) {
		snprintf(err, len, "summary.json: cannot encode a run");
		return -1;
	}
	j = json_loads(s, 0, &jerr);
	free(s);
	if (!j) {
		snprintf(err, len, "summary.json: %s", jerr.text);
		return -1;
	}
	/*
	 * The run's texts are not here but once, in kern-logs/: the
	 * kern.log and why each allocation failed are most of a run's
	 * result when it fails often (megabytes), and readable there.
	 */
	if (json_object_get(j, "kern_log"))
		json_object_set_new(j, "kern_log", json_null());
	if (json_object_get(j, "explain"))
		json_object_set_new(j, "explain", json_null());
	json_array_append_new(runs, j);
	return 0;
}

int report_write_summary(const struct report *rep, const char *path,
			 const struct report_wall_clock *wall, char *err,
			 size_t len)
{
	json_t *root = json_object(), *scen = json_array(), *cols = json_array();
	json_t *runs = json_array(), *keys = json_array(), *wc, *rs;
	size_t idx = 0;

	/* 2: results and profiles by the kernel's names (docs/schema/). */
	json_object_set_new(root, "format", json_integer(RESULT_FORMAT));
	json_object_set_new(root, "mmsim_version", json_string(rep->version));
	json_object_set_new(root, "command", json_string(rep->command));
	json_object_set_new(root, "arch", json_string(rep->arch));
	json_object_set_new(root, "seeds", json_pack("{s:I,s:i}",
		"base", (json_int_t)rep->base_seed, "count", (int)rep->nr_seeds));
	for (size_t k = 0; k < rep->nr_sweep_keys; k++)
		json_array_append_new(keys, json_string(rep->sweep_keys[k]));
	json_object_set_new(root, "sweep_keys", keys);
	for (size_t s = 0; s < rep->nr_scenarios; s++) {
		const struct report_scenario *sc = &rep->scenarios[s];

		json_array_append_new(scen, json_pack("{s:s,s:s,s:s?}",
			"label", sc->label, "name", sc->name, "text", sc->text));
	}
	json_object_set_new(root, "scenarios", scen);
	json_object_set_new(root, "profiles", profiles_json(rep));
	for (size_t c = 0; c < rep->nr_columns; c++) {
		const struct report_column *col = &rep->columns[c];
		json_t *ri = json_array(), *cj, *reasons;

		for (size_t i = 0; i < col->nr_runs; i++) {
			json_array_append_new(ri, json_integer((json_int_t)idx++));
			if (run_json(&col->runs[i], runs, err, len)) {
				json_decref(ri);
				json_decref(cols);
				json_decref(runs);
				json_decref(root);
				return -1;
			}
		}
		cj = json_pack("{s:s,s:s,s:s,s:o}", "name", col->name,
			       "kernel", col->kernel, "point", col->point,
			       "runs", ri);
		/* Summed over the column's runs; only when some failed. */
		reasons = reasons_json(col);
		if (json_array_size(reasons))
			json_object_set_new(cj, "failure_reasons", reasons);
		else
			json_decref(reasons);
		json_array_append_new(cols, cj);
	}
	json_object_set_new(root, "columns", cols);
	json_object_set_new(root, "runs", runs);

	/* The one place for wall-clock time: everything above is the same
	 * for the same seeds. */
	rs = json_array();
	for (size_t i = 0; wall && wall->run_seconds && i < idx; i++)
		json_array_append_new(rs, json_real(wall->run_seconds[i]));
	wc = json_pack("{s:s,s:f,s:o}",
		"note", "wall-clock time: the only part of this report that "
			"differs between two invocations with the same seeds; "
			"run_seconds follows the order of runs",
		"elapsed_seconds", wall ? wall->elapsed : 0.0,
		"run_seconds", rs);
	json_object_set_new(root, "wall_clock", wc);

	return report_write_json(path, root, err, len);
}

/* ---- the folder ----------------------------------------------------- */

/*
 * Errors of the folder, one line per file that could not be written, so a
 * full disk is reported for every file it cost, not only the first.
 */
#define MAX_ERROR_LINES 40

struct folder_errors {
	char *buf;
	size_t len;
	size_t nr;
};

static void folder_error(struct folder_errors *fe, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void folder_error(struct folder_errors *fe, const char *fmt, ...)
{
	size_t used = strlen(fe->buf);
	va_list ap;

	if (fe->nr++ >= MAX_ERROR_LINES || used + 2 >= fe->len)
		return;
	if (used)
		fe->buf[used++] = '\n';
	va_start(ap, fmt);
	vsnprintf(fe->buf + used, fe->len - used, fmt, ap);
	va_end(ap);
}

static void folder_error_text(struct folder_errors *fe, const char *line)
{
	folder_error(fe, "%s", line);
}

/* The list measures that ask for a file of their own per run
 * (struct measure .run_csv), for a run with records. */
static void write_list_files(const struct run_result *r, const char *runs,
			     const char *stem, struct folder_errors *fe)
{
	for (size_t m = 0; m < metrics_count(); m++) {
		const struct measure *lm = metrics_get(m);
		struct outfile of;
		size_t nr;
		char *path;

		if (!lm->run_csv)
			continue;
		result_records(r, lm->name, &nr);
		if (!nr)
			continue;
		path = join(runs, stem, lm->run_csv);
		if (outfile_open(&of, path)) {
			folder_error(fe, "%s: cannot write: %s", path,
				     outfile_error(&of));
		} else {
			result_write_csv(of.fp, r, lm->name);
			if (outfile_commit(&of))
				folder_error(fe, "%s: cannot write: %s", path,
					     outfile_error(&of));
		}
		free(path);
	}
}

static void write_run_files(const struct report *rep, const char *dir,
			    struct folder_errors *fe)
{
	char *runs = join(dir, "runs", NULL), *logs = join(dir, "kern-logs", NULL);

	if (make_dir(runs) || make_dir(logs)) {
		folder_error(fe, "%s: cannot create: %s",
			     make_dir(runs) ? runs : logs, strerror(errno));
		goto out;
	}
	for (size_t c = 0; c < rep->nr_columns; c++) {
		const struct report_column *col = &rep->columns[c];

		for (size_t i = 0; i < col->nr_runs; i++) {
			const struct run_result *r = &col->runs[i];
			const char *explain = result_text(r, "explain");
			/*
			 * Not MMTests' latency-output log of the same lines
			 * too: three times the CSV's size for the same
			 * numbers ('mmsim run --latency-log' writes it).
			 * The texts, a run's kern.log and why each
			 * allocation failed, are gzipped: hundreds of
			 * failure reports, alike but for their numbers,
			 * come to a twentieth of their size.
			 */
			char *p[4] = {
				join(runs, col->stems[i], ".csv"),
				join(runs, col->stems[i], "-latency.csv"),
				join(logs, col->stems[i], ".log"),
				explain && *explain ?
				join(logs, col->stems[i], "-explain.txt") : NULL,
			};

			for (int k = 0; k < 4; k++) {
				struct outfile of;
				char why[1024], *gz;

				if (!p[k])
					continue;
				if (outfile_open(&of, p[k])) {
					folder_error(fe, "%s: cannot write: %s", p[k],
						     outfile_error(&of));
					continue;
				}
				if (k == 0)
					series_write_csv(of.fp, r);
				else if (k == 1)
					latency_write_csv(of.fp, r);
				else if (k == 3)
					fputs(explain, of.fp);
				else if (result_text(r, "kern_log"))
					fputs(result_text(r, "kern_log"), of.fp);
				if (outfile_commit(&of)) {
					folder_error(fe, "%s: cannot write: %s", p[k],
						     outfile_error(&of));
					continue;
				}
				if (k < 2)
					continue;
				gz = xasprintf("%s.gz", p[k]);
				if (gz_pack_file(p[k], gz, why, sizeof(why)))
					folder_error(fe, "%s", why);
				free(gz);
			}
			for (int k = 0; k < 4; k++)
				free(p[k]);
			write_list_files(r, runs, col->stems[i], fe);
		}
	}
out:
	free(runs);
	free(logs);
}

/*
 * Whether gnuplot's image @path is whole: gnuplot's PNG and SVG
 * terminals do not report a failed write (a full disk leaves an empty or
 * cut-off file and exit status 0), so each image is read back: a PNG ends
 * with its IEND chunk, an SVG with its closing tag.  "" when whole, else
 * what is wrong in @why.
 */
static void image_problem(const char *path, bool png, char *why, size_t len)
{
	static const unsigned char iend[12] = {
		0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xae, 0x42, 0x60, 0x82,
	};
	unsigned char tail[64];
	const char *what = NULL, *cause = "gnuplot failed";
	char dir[4096];
	struct statvfs vfs;
	struct stat st;
	size_t n = 0, want;
	FILE *f;

	why[0] = 0;
	if (stat(path, &st)) {
		what = "not written";
	} else if (!st.st_size) {
		what = "empty";
	} else if ((f = fopen(path, "rb"))) {
		want = (size_t)st.st_size < sizeof(tail) ? (size_t)st.st_size :
			sizeof(tail);
		if (!fseek(f, -(long)want, SEEK_END))
			n = fread(tail, 1, want, f);
		fclose(f);
		if (!png)
			while (n && (tail[n - 1] == '\n' || tail[n - 1] == ' '))
				n--;
		if (png && (n < sizeof(iend) ||
			    memcmp(tail + n - sizeof(iend), iend, sizeof(iend))))
			what = "cut off (no PNG IEND chunk at its end)";
		else if (!png && (n < 6 || memcmp(tail + n - 6, "</svg>", 6)))
			what = "cut off (no closing </svg>)";
	} else {
		snprintf(why, len, "cannot read it back: %s", strerror(errno));
		return;
	}
	if (!what)
		return;
	/* The usual cause, when it is the cause: its directory is full. */
	snprintf(dir, sizeof(dir), "%s", path);
	if (strrchr(dir, '/'))
		*strrchr(dir, '/') = 0;
	if (!statvfs(dir, &vfs) && !vfs.f_bavail)
		cause = strerror(ENOSPC);
	snprintf(why, len, "%s: gnuplot could not write it (%s)", what, cause);
}

static void check_images(const char *dir, const struct plot_set *plots,
			 struct folder_errors *fe)
{
	char **bad = xcalloc(plots->nr * 2 + 1, sizeof(*bad));
	size_t nr_bad = 0;

	/* The report renders SVG only (plots.c); a PNG is the script's on
	 * request. */
	for (size_t i = 0; i < plots->nr; i++)
		for (int png = 0; png >= 0; png--) {
			char *path, *name, why[160];

			name = xasprintf("%s.%s", plots->plots[i].name,
				     png ? "png" : "svg");
			path = join(dir, "plots/", name);
			image_problem(path, png, why, sizeof(why));
			if (*why) {
				folder_error(fe, "%s: %s; removed", path, why);
				bad[nr_bad++] = path;
			} else {
				free(path);
			}
			free(name);
		}
	/*
	 * No cut-off image under its final name (gnuplot writes in place):
	 * removed, but only once every image is judged, since the space a
	 * removal frees would hide why the later ones failed.
	 */
	for (size_t i = 0; i < nr_bad; i++) {
		unlink(bad[i]);
		free(bad[i]);
	}
	free(bad);
}

int report_write_folder(const struct report *rep, const char *dir,
			const struct report_folder_opts *o, char *note,
			size_t note_len, char *err, size_t err_len)
{
	struct folder_errors fe = { .buf = err, .len = err_len };
	char *path, *tables = NULL, line[1024];
	size_t tables_len = 0, nr_before;
	struct plot_set plots;

	note[0] = 0;
	err[0] = 0;
	if (o->tables_text) {
		tables = xstrdup(o->tables_text);
	} else {
		FILE *m = xopen_memstream(&tables, &tables_len);

		compare_report_print(m, rep);
		xclose_memstream(m);
	}

	/* Every file is tried: one that cannot be written does not stop the
	 * others, and each is named. */
	path = join(dir, "summary.json", NULL);
	if (report_write_summary(rep, path, o->wall, line, sizeof(line)))
		folder_error_text(&fe, line);
	free(path);
	path = join(dir, "tables.txt", NULL);
	if (report_write_text(path, tables, line, sizeof(line)))
		folder_error_text(&fe, line);
	free(path);
	write_run_files(rep, dir, &fe);
	nr_before = fe.nr;
	if (plots_write(rep, dir, o->render, &plots, note, note_len, line,
			sizeof(line))) {
		folder_error_text(&fe, line);
		plots_list(rep, &plots);
	}
	if (plots.attempted) {
		check_images(dir, &plots, &fe);
		/* The images are named above; they are not rendered. */
		if (fe.nr > nr_before)
			plots.rendered = false;
	}
	if (html_write(rep, dir, tables, &plots, line, sizeof(line)))
		folder_error_text(&fe, line);
	plots_free(&plots);
	free(tables);
	if (fe.nr > MAX_ERROR_LINES)
		snprintf(err + strlen(err), err_len - strlen(err),
			 "\n... and %zu more files", fe.nr - MAX_ERROR_LINES);
	return fe.nr ? -1 : 0;
}
