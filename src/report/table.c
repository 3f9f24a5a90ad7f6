// SPDX-License-Identifier: GPL-2.0
/*
 * The cover letter's result lines and the MMTests-style comparison table
 * (see table.h for the exact shapes).  A table is rendered into memory
 * first so that column widths can follow the widest cell and trailing
 * blanks can be stripped before anything reaches the caller's FILE.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "table.h"
#include "metrics/stats.h"

/* MMTests: value "%12.2f", then " (%7.2f%%)". */
#define VALUE_WIDTH	12
#define PCT_WIDTH	11
#define MIN_COLUMN	(VALUE_WIDTH + PCT_WIDTH)

/* ---- cover letter lines ---------------------------------------------- */

int cover_name_width(const struct cover_line *lines, size_t n)
{
	size_t w = 0;

	for (size_t i = 0; i < n; i++)
		if (strlen(lines[i].name) > w)
			w = strlen(lines[i].name);
	return (int)w + 2;
}

static void print_elapsed(FILE *f, double seconds)
{
	long long ms;

	if (!(seconds >= 0) || seconds > 1e15) {
		fputs("--:--.---", f);
		return;
	}
	ms = llround(seconds * 1000);
	fprintf(f, "%02lld:%02lld.%03lld", ms / 60000, ms / 1000 % 60, ms % 1000);
}

void cover_line_print(FILE *f, int width, const struct cover_line *line)
{
	double fl = line->failures;

	fprintf(f, "%-*sElapsed:", width, line->name);
	print_elapsed(f, line->elapsed);
	if (!isnan(line->elapsed_stddev))
		fprintf(f, "(stddev:%.3f)", line->elapsed_stddev);
	if (fl == floor(fl) && fabs(fl) < 1e15)
		fprintf(f, "  Failures:%.0f\n", fl);
	else
		fprintf(f, "  Failures:%.2f\n", fl);
}

void cover_lines_print(FILE *f, const struct cover_line *lines, size_t n,
		       bool group_by_base)
{
	int width = cover_name_width(lines, n);

	for (size_t i = 0; i < n; i++) {
		if (group_by_base && i > 0) {
			const char *r;
			size_t a = table_kernel_base(lines[i - 1].name, &r);
			size_t b = table_kernel_base(lines[i].name, &r);

			if (a != b || strncmp(lines[i - 1].name, lines[i].name, a))
				fputc('\n', f);
		}
		cover_line_print(f, width, &lines[i]);
	}
}

size_t table_kernel_base(const char *name, const char **rest)
{
	const char *dash = strchr(name, '-');

	/* MMTests keeps "-rcN" with the version it qualifies. */
	if (dash && dash[1] == 'r' && dash[2] == 'c' &&
	    dash[3] >= '0' && dash[3] <= '9')
		dash = strchr(dash + 3, '-');
	if (!dash) {
		*rest = name + strlen(name);
		return strlen(name);
	}
	*rest = dash + 1;
	return (size_t)(dash - name);
}

/* ---- the comparison table -------------------------------------------- */

struct sample_set {
	double *v;
	size_t n, cap;
};

struct measure {
	char *name;
	enum measure_better better;
	int precision;
	struct sample_set *per_kernel;		/* [nr_kernels] */
};

struct compare_table {
	char **kernels;
	size_t nr_kernels;
	struct measure *measures;
	size_t nr_measures;
};

struct compare_table *compare_table_new(const char *const *kernels,
					size_t nr_kernels)
{
	struct compare_table *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->kernels = calloc(nr_kernels ? nr_kernels : 1, sizeof(*t->kernels));
	if (!t->kernels)
		goto fail;
	t->nr_kernels = nr_kernels;
	for (size_t k = 0; k < nr_kernels; k++) {
		t->kernels[k] = strdup(kernels[k]);
		if (!t->kernels[k])
			goto fail;
	}
	return t;
fail:
	compare_table_free(t);
	return NULL;
}

void compare_table_free(struct compare_table *t)
{
	if (!t)
		return;
	for (size_t m = 0; m < t->nr_measures; m++) {
		for (size_t k = 0; k < t->nr_kernels; k++)
			free(t->measures[m].per_kernel[k].v);
		free(t->measures[m].per_kernel);
		free(t->measures[m].name);
	}
	free(t->measures);
	if (t->kernels)
		for (size_t k = 0; k < t->nr_kernels; k++)
			free(t->kernels[k]);
	free(t->kernels);
	free(t);
}

int compare_table_add_measure(struct compare_table *t, const char *name,
			      enum measure_better better, int precision)
{
	struct measure *ms, *m;

	ms = realloc(t->measures, (t->nr_measures + 1) * sizeof(*ms));
	if (!ms)
		return -1;
	t->measures = ms;
	m = &ms[t->nr_measures];
	m->name = strdup(name);
	m->per_kernel = calloc(t->nr_kernels ? t->nr_kernels : 1,
			       sizeof(*m->per_kernel));
	if (!m->name || !m->per_kernel) {
		free(m->name);
		free(m->per_kernel);
		return -1;
	}
	m->better = better;
	m->precision = precision < 0 ? 0 : precision > 9 ? 9 : precision;
	return (int)t->nr_measures++;
}

int compare_table_add_sample(struct compare_table *t, int measure,
			     size_t kernel, double value)
{
	struct sample_set *s;

	if (measure < 0 || (size_t)measure >= t->nr_measures ||
	    kernel >= t->nr_kernels)
		return -1;
	s = &t->measures[measure].per_kernel[kernel];
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 8;
		double *v = realloc(s->v, cap * sizeof(*v));

		if (!v)
			return -1;
		s->v = v;
		s->cap = cap;
	}
	s->v[s->n++] = value;
	return 0;
}

static const struct table_stat default_stats[] = {
	{ TABLE_MIN, 0 },
	{ TABLE_MAX, 0 },
	{ TABLE_AMEAN, 0 },
	{ TABLE_STDDEV, 0 },
	{ TABLE_COEFFVAR, 0 },
};

static void stat_name(const struct table_stat *st, char *buf, size_t len)
{
	static const char *const names[] = {
		[TABLE_MIN] = "Min", [TABLE_MAX] = "Max",
		[TABLE_AMEAN] = "Amean", [TABLE_HMEAN] = "Hmean",
		[TABLE_STDDEV] = "Stddev", [TABLE_COEFFVAR] = "CoeffVar",
	};

	if (st->kind == TABLE_PERCENTILE)
		snprintf(buf, len, "P%g", st->percentile);
	else
		snprintf(buf, len, "%s", names[st->kind]);
}

static double stat_value(const struct table_stat *st, const struct sample_set *s)
{
	switch (st->kind) {
	case TABLE_MIN:		return stats_min(s->v, s->n);
	case TABLE_MAX:		return stats_max(s->v, s->n);
	case TABLE_AMEAN:	return stats_mean(s->v, s->n);
	case TABLE_HMEAN:	return stats_hmean(s->v, s->n);
	case TABLE_STDDEV:	return stats_stddev(s->v, s->n);
	case TABLE_COEFFVAR:	return stats_coeffvar(s->v, s->n);
	case TABLE_PERCENTILE:	return stats_percentile(s->v, s->n, st->percentile);
	}
	return NAN;
}

/*
 * Percent difference from @base, signed so that positive is better.  A
 * zero baseline has no ratio: MMTests' compare-kernels prints 100 there
 * when higher is better (bin/lib/MMTests/Stat.pm pdiff) and -99 when
 * lower is better (pndiff), which reads as a fall where failures rose
 * from 0 to 158.  mmsim returns INFINITY, printed "from 0": the value
 * beside it is the whole change.
 */
static double better_pct(double v, double base, enum measure_better better)
{
	double d;

	if (isnan(v) || isnan(base))
		return NAN;
	if (v == base)
		return 0;
	if (base == 0)
		return INFINITY;
	d = (v - base) / fabs(base) * 100;
	return better == HIGHER_IS_BETTER ? d : -d;
}

/* "%.*f" without a "-" in front of a value that prints as zero. */
static void format_fixed(char *buf, size_t len, double v, int precision)
{
	snprintf(buf, len, "%.*f", precision, v);
	if (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1))
		memmove(buf, buf + 1, strlen(buf));
}

/*
 * A cell in two parts, aligned separately down a column: the value, and
 * the percentage with its mark, "(-5.00%)", "*12.50%*" or "(n/a)".
 */
struct cell {
	char val[64];
	char pct[32];		/* the number and '%', or "n/a" */
	char open, close;
};

static void format_cell(struct cell *c, double v, int precision, double pct,
			bool significant)
{
	c->open = significant ? '*' : '(';
	c->close = significant ? '*' : ')';
	if (isnan(v))
		snprintf(c->val, sizeof(c->val), "n/a");
	else
		format_fixed(c->val, sizeof(c->val), v, precision);
	if (isnan(pct)) {
		snprintf(c->pct, sizeof(c->pct), "n/a");
		c->open = '(';
		c->close = ')';
	} else if (isinf(pct)) {
		snprintf(c->pct, sizeof(c->pct), "from 0");
	} else {
		char num[24];

		format_fixed(num, sizeof(num), fabs(pct) < 0.005 ? 0 : pct, 2);
		snprintf(c->pct, sizeof(c->pct), "%s%%", num);
	}
}

struct row {
	const struct table_stat *stat;
	const struct measure *measure;
};

static bool amean_significant(const struct measure *m, size_t k, double alpha)
{
	const struct sample_set *a = &m->per_kernel[k], *b = &m->per_kernel[0];
	struct welch_result r;

	if (k == 0 || stats_welch(a->v, a->n, b->v, b->n, &r))
		return false;
	return r.p < alpha;
}

/* Copy @text to @f with trailing blanks removed from every line. */
static void emit_stripped(FILE *f, const char *text, size_t len)
{
	size_t start = 0;

	while (start < len) {
		const char *nl = memchr(text + start, '\n', len - start);
		size_t end = nl ? (size_t)(nl - text) : len;
		size_t e = end;

		while (e > start && text[e - 1] == ' ')
			e--;
		fwrite(text + start, 1, e - start, f);
		if (nl)
			fputc('\n', f);
		start = end + 1;
	}
}


int compare_table_print(const struct compare_table *t, FILE *f,
			const struct compare_table_opts *opts)
{
	const struct table_stat *stats = default_stats;
	size_t nr_stats = sizeof(default_stats) / sizeof(default_stats[0]);
	double alpha = 0.05;
	bool by_measure = false, legend = true;
	size_t nr_rows, nk = t->nr_kernels, stat_w = 0, meas_w = 0, r;
	struct row *rows;
	struct cell *cells;
	size_t *col_w, *val_w, *pct_w;
	bool two_lines = false;
	char *text = NULL;
	size_t text_len = 0;
	FILE *out;

	if (opts) {
		if (opts->alpha > 0)
			alpha = opts->alpha;
		if (opts->stats && opts->nr_stats) {
			stats = opts->stats;
			nr_stats = opts->nr_stats;
		}
		by_measure = opts->by_measure;
		legend = !opts->no_legend;
	}
	if (!nk)
		return -1;

	nr_rows = nr_stats * t->nr_measures;
	rows = calloc(nr_rows ? nr_rows : 1, sizeof(*rows));
	cells = calloc((nr_rows ? nr_rows : 1) * nk, sizeof(*cells));
	col_w = calloc(nk, sizeof(*col_w));
	val_w = calloc(nk, sizeof(*val_w));
	pct_w = calloc(nk, sizeof(*pct_w));
	out = open_memstream(&text, &text_len);
	if (!rows || !cells || !col_w || !val_w || !pct_w || !out) {
		free(rows);
		free(cells);
		free(col_w);
		free(val_w);
		free(pct_w);
		if (out)
			fclose(out);
		free(text);
		return -1;
	}

	r = 0;
	for (size_t a = 0; a < (by_measure ? t->nr_measures : nr_stats); a++)
		for (size_t b = 0; b < (by_measure ? nr_stats : t->nr_measures); b++) {
			rows[r].stat = &stats[by_measure ? b : a];
			rows[r].measure = &t->measures[by_measure ? a : b];
			r++;
		}

	for (size_t k = 0; k < nk; k++) {
		const char *rest;
		size_t base = table_kernel_base(t->kernels[k], &rest);

		col_w[k] = MIN_COLUMN;
		/* MMTests' "%7.2f%%": wider numbers widen the column. */
		pct_w[k] = 8;
		if (base + 1 > col_w[k])
			col_w[k] = base + 1;
		if (*rest) {
			two_lines = true;
			if (strlen(rest) + 1 > col_w[k])
				col_w[k] = strlen(rest) + 1;
		}
	}

	for (r = 0; r < nr_rows; r++) {
		const struct measure *m = rows[r].measure;
		const struct table_stat *st = rows[r].stat;
		enum measure_better better = m->better;
		double base = stat_value(st, &m->per_kernel[0]);
		char name[32];

		if (st->kind == TABLE_STDDEV || st->kind == TABLE_COEFFVAR)
			better = LOWER_IS_BETTER;
		stat_name(st, name, sizeof(name));
		if (strlen(name) > stat_w)
			stat_w = strlen(name);
		if (strlen(m->name) > meas_w)
			meas_w = strlen(m->name);
		for (size_t k = 0; k < nk; k++) {
			double v = k ? stat_value(st, &m->per_kernel[k]) : base;
			double pct = k ? better_pct(v, base, better) : (isnan(v) ? NAN : 0);
			bool sig = st->kind == TABLE_AMEAN &&
				   amean_significant(m, k, alpha);
			struct cell *cell = &cells[r * nk + k];

			format_cell(cell, v, m->precision, pct, sig);
			if (strlen(cell->val) > val_w[k])
				val_w[k] = strlen(cell->val);
			if (strlen(cell->pct) > pct_w[k])
				pct_w[k] = strlen(cell->pct);
		}
	}

	/* " VALUE (PERCENT)": both parts right-aligned in their own width. */
	for (size_t k = 0; k < nk; k++)
		if (1 + val_w[k] + 2 + pct_w[k] + 1 > col_w[k])
			col_w[k] = 1 + val_w[k] + 2 + pct_w[k] + 1;

	for (int line = 0; line < (two_lines ? 2 : 1); line++) {
		fprintf(out, "%*s", (int)(stat_w + 1 + meas_w), "");
		for (size_t k = 0; k < nk; k++) {
			const char *rest;
			int base = (int)table_kernel_base(t->kernels[k], &rest);

			if (line == 0)
				fprintf(out, "%*.*s", (int)col_w[k], base, t->kernels[k]);
			else
				fprintf(out, "%*s", (int)col_w[k], rest);
		}
		fputc('\n', out);
	}
	for (r = 0; r < nr_rows; r++) {
		char name[32];

		stat_name(rows[r].stat, name, sizeof(name));
		fprintf(out, "%-*s %-*s", (int)stat_w, name, (int)meas_w,
			rows[r].measure->name);
		for (size_t k = 0; k < nk; k++) {
			const struct cell *c = &cells[r * nk + k];

			fprintf(out, "%*s %c%*s%c",
				(int)(col_w[k] - pct_w[k] - 3), c->val, c->open,
				(int)pct_w[k], c->pct, c->close);
		}
		fputc('\n', out);
	}
	if (legend)
		fprintf(out, "Percent: difference from %s, positive is better; "
			"*x%%*: Amean differs at alpha %g (Welch's t-test, two-sided); "
			"from 0: the baseline is 0, the value is the change\n",
			t->kernels[0], alpha);
	fclose(out);
	emit_stripped(f, text, text_len);

	free(text);
	free(rows);
	free(cells);
	free(col_w);
	free(val_w);
	free(pct_w);
	return 0;
}
