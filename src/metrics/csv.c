// SPDX-License-Identifier: GPL-2.0
/*
 * CSV from the measure declarations: the records of a list measure (the
 * run folders' time series) with the fields' column names, and a row of
 * single values per run.  Text is quoted as RFC 4180 says when it holds a
 * comma, a quote or a line break.
 */
#include <string.h>
#include "metrics_internal.h"

static void csv_text(FILE *f, const char *s)
{
	if (!s[strcspn(s, ",\"\r\n")]) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static void csv_number(FILE *f, const struct measure_field *f_, uint64_t v)
{
	if (f_->csv_scale)
		fprintf(f, "%.*f", f_->csv_precision, (double)v / f_->csv_scale);
	else
		fprintf(f, "%llu", (unsigned long long)v);
}

static const struct measure *list_measure(const char *name)
{
	const struct measure *m = metrics_find(name);

	if (!m)
		metrics_bug("no measure is named '%s'", name);
	if (m->type != MT_LIST && m->type != MT_GRID)
		metrics_bug("measure '%s' has no records to write as CSV", name);
	return m;
}

int metrics_csv_column(const char *name, const char *column)
{
	const struct measure_record *rt = list_measure(name)->record;
	int col = 0;

	for (size_t i = 0; i < rt->nr_fields; i++) {
		const struct measure_field *f = &rt->fields[i];

		if (!f->csv)
			continue;
		if (f->type != FIELD_UINTS) {
			col++;
			if (!strcmp(f->csv, column))
				return col;
			continue;
		}
		for (unsigned int k = 0; k < f->count; k++) {
			col++;
			if (!strcmp(f->csv_names[k], column))
				return col;
		}
	}
	return 0;
}

int result_write_csv(FILE *f, const struct run_result *r, const char *name)
{
	const struct measure *m = list_measure(name);
	const struct measure_record *rt = m->record;
	const struct measure_value *v = &r->v[m->index];
	bool first = true;

	for (size_t i = 0; i < rt->nr_fields; i++) {
		const struct measure_field *fd = &rt->fields[i];

		if (!fd->csv)
			continue;
		for (unsigned int k = 0; k < (fd->type == FIELD_UINTS ? fd->count : 1); k++) {
			fputs(first ? "" : ",", f);
			fputs(fd->type == FIELD_UINTS ? fd->csv_names[k] : fd->csv, f);
			first = false;
		}
	}
	fputc('\n', f);
	for (size_t n = 0; n < v->nr; n++) {
		const char *rec = (const char *)v->p + n * rt->size;

		first = true;
		for (size_t i = 0; i < rt->nr_fields; i++) {
			const struct measure_field *fd = &rt->fields[i];

			if (!fd->csv)
				continue;
			fputs(first ? "" : ",", f);
			first = false;
			switch (fd->type) {
			case FIELD_UINT:
				csv_number(f, fd, measure_field_uint(fd, rec));
				break;
			case FIELD_CHARS:
				csv_text(f, rec + fd->offset);
				break;
			case FIELD_UINTS:
				for (unsigned int k = 0; k < fd->count; k++) {
					if (k)
						fputc(',', f);
					csv_number(f, fd, ((const uint64_t *)(rec + fd->offset))[k]);
				}
				break;
			}
		}
		fputc('\n', f);
	}
	return ferror(f) ? -1 : 0;
}

static bool single_valued(const struct measure *m)
{
	return m->csv && (m->type == MT_UINT || m->type == MT_BOOL ||
			  m->type == MT_REAL ||
			  (m->type == MT_TEXT && m->kind == MEASURE_LABEL));
}

void metrics_write_csv_header(FILE *f)
{
	bool first = true;

	for (size_t i = 0; i < metrics_count(); i++) {
		const struct measure *m = metrics_get(i);

		if (!single_valued(m))
			continue;
		fputs(first ? "" : ",", f);
		csv_text(f, m->csv);
		first = false;
	}
	fputc('\n', f);
}

void result_write_csv_row(FILE *f, const struct run_result *r)
{
	bool first = true;

	for (size_t i = 0; i < metrics_count(); i++) {
		const struct measure *m = metrics_get(i);
		const struct measure_value *v = &r->v[i];

		if (!single_valued(m))
			continue;
		fputs(first ? "" : ",", f);
		first = false;
		switch (m->type) {
		case MT_UINT:
			fprintf(f, "%llu", (unsigned long long)v->u);
			break;
		case MT_BOOL:
			fputs(v->b ? "1" : "0", f);
			break;
		case MT_REAL:
			fprintf(f, "%.17g", v->d);
			break;
		default:
			csv_text(f, v->s ? v->s : "");
			break;
		}
	}
	fputc('\n', f);
}
