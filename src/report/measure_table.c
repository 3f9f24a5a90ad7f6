// SPDX-License-Identifier: GPL-2.0
/*
 * Table measures as rows of values (measure_table.h), from their
 * declarations: the rows' names are the measure's element names (an
 * MT_GRID, an MT_ARRAY) or its records' FIELD_CHARS (an MT_LIST), the
 * values its records' titled fields, its array's second dimension, or
 * the measure itself.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "measure_table.h"
#include "util/xalloc.h"

/* A value shown in seconds when stored in ns; else as it is. */
static double unit_scale(const char *unit)
{
	return unit && !strcmp(unit, "ns") ? 1e9 : 1;
}

/* The record fields shown as values (titled FIELD_UINTs), as indexes. */
static size_t value_fields(const struct measure *m, size_t *idx)
{
	size_t n = 0;

	for (size_t i = 0; m->record && i < m->record->nr_fields; i++) {
		const struct measure_field *fd = &m->record->fields[i];

		if (fd->type == FIELD_UINT && fd->title &&
		    n < MEASURE_TABLE_VALUES)
			idx[n++] = i;
	}
	return n;
}

/*
 * Value @v of run @r in row @row: element @cell of a grid or an array (in
 * storage order), or the sum over a list's records with the row's keys.
 */
static double cell_value(const struct measure_table *t, const size_t *fields,
			 const struct run_result *r, size_t cell, size_t v,
			 const struct measure_table_row *row)
{
	const struct measure *m = t->m;
	unsigned int d1 = m->dims[1];

	if (m->type == MT_ARRAY) {
		size_t at = d1 ? cell * d1 + v : cell;

		if (m->is_signed)
			return (double)result_ints(r, m->name)[at];
		return (double)result_uints(r, m->name)[at];
	}
	if (m->type == MT_GRID) {
		const char *rec = result_records(r, m->name, NULL);

		return (double)measure_field_uint(&m->record->fields[fields[v]],
						  rec + cell * m->record->size);
	}
	/* MT_LIST: every record with the row's keys, summed. */
	{
		size_t n;
		const char *rec = result_records(r, m->name, &n);
		double sum = 0;

		for (size_t i = 0; i < n; i++, rec += m->record->size) {
			bool match = true;
			size_t k = 0;

			for (size_t f = 0; f < m->record->nr_fields && match; f++) {
				const struct measure_field *fd = &m->record->fields[f];

				if (fd->type != FIELD_CHARS || !fd->title ||
				    k >= t->nr_keys)
					continue;
				match = !strcmp(rec + fd->offset, row->key[k++]);
			}
			if (match)
				sum += (double)measure_field_uint(
					&m->record->fields[fields[v]], rec);
		}
		return sum;
	}
}

/* Whether @t has a row of keys @key already. */
static bool list_row_known(const struct measure_table *t, const char **key)
{
	for (size_t i = 0; i < t->nr_rows; i++) {
		size_t k = 0;

		while (k < t->nr_keys && !strcmp(t->rows[i].key[k], key[k]))
			k++;
		if (k == t->nr_keys)
			return true;
	}
	return false;
}

static struct measure_table_row *add_row(struct measure_table *t, size_t *cap,
					 const char **key, size_t *cells,
					 size_t cell)
{
	struct measure_table_row *row;

	if (t->nr_rows == *cap) {
		*cap = *cap ? 2 * *cap : 16;
		t->rows = xrealloc(t->rows, *cap * sizeof(*t->rows));
	}
	row = &t->rows[t->nr_rows];
	memset(row, 0, sizeof(*row));
	for (size_t k = 0; k < t->nr_keys; k++)
		row->key[k] = key[k];
	cells[t->nr_rows++] = cell;
	return row;
}

void measure_table_build(struct measure_table *t, const struct measure *m,
			 const struct report *rep)
{
	size_t fields[MEASURE_TABLE_VALUES], cap = 0, nr_cells, *cells;
	size_t nc = rep->nr_columns;

	memset(t, 0, sizeof(*t));
	t->m = m;
	t->nr_columns = nc;
	/* The values. */
	if (m->type == MT_ARRAY && m->dims[1]) {
		t->nr_values = m->dims[1] < MEASURE_TABLE_VALUES ?
			       m->dims[1] : MEASURE_TABLE_VALUES;
		for (size_t v = 0; v < t->nr_values; v++)
			t->value_title[v] = m->element_name(1, (unsigned int)v);
	} else if (m->type == MT_ARRAY) {
		t->nr_values = 1;
	} else {
		t->nr_values = value_fields(m, fields);
		for (size_t v = 0; v < t->nr_values; v++)
			t->value_title[v] = m->record->fields[fields[v]].title;
	}
	for (size_t v = 0; v < t->nr_values; v++) {
		const char *unit = m->type == MT_ARRAY ? m->unit :
				   m->record->fields[fields[v]].unit;

		t->scale[v] = unit_scale(unit);
		t->whole[v] = t->scale[v] == 1;
	}
	/* The rows' names. */
	if (m->type == MT_LIST) {
		for (size_t f = 0; f < m->record->nr_fields; f++)
			if (m->record->fields[f].type == FIELD_CHARS &&
			    m->record->fields[f].title &&
			    t->nr_keys < MEASURE_TABLE_KEYS)
				t->key_title[t->nr_keys++] = m->record->fields[f].title;
	} else {
		t->nr_keys = m->type == MT_GRID && m->dims[1] ? 2 : 1;
		t->key_title[0] = m->keys[0] ? m->keys[0] : m->name;
		t->key_title[1] = m->keys[1];
	}
	nr_cells = m->type == MT_LIST ? 0 :
		   m->type == MT_GRID && m->dims[1] ?
		   (size_t)m->dims[0] * m->dims[1] : m->dims[0];
	for (size_t c = 0; m->type == MT_LIST && c < nc; c++)
		for (size_t i = 0; i < rep->columns[c].nr_runs; i++) {
			size_t n;

			result_records(&rep->columns[c].runs[i], m->name, &n);
			nr_cells += n;
		}
	cells = xcalloc(nr_cells ? nr_cells : 1, sizeof(*cells));
	if (m->type == MT_LIST) {
		for (size_t c = 0; c < nc; c++)
			for (size_t i = 0; i < rep->columns[c].nr_runs; i++) {
				size_t n;
				const char *rec = result_records(&rep->columns[c].runs[i],
								 m->name, &n);

				for (size_t j = 0; j < n; j++, rec += m->record->size) {
					const char *key[MEASURE_TABLE_KEYS];
					size_t k = 0;

					for (size_t f = 0; f < m->record->nr_fields; f++)
						if (m->record->fields[f].type == FIELD_CHARS &&
						    m->record->fields[f].title &&
						    k < MEASURE_TABLE_KEYS)
							key[k++] = rec + m->record->fields[f].offset;
					if (!list_row_known(t, key))
						add_row(t, &cap, key, cells, 0);
				}
			}
	} else {
		unsigned int d1 = m->type == MT_GRID ? m->dims[1] : 0;

		/*
		 * Elements by their names; one the measure does not name is
		 * not shown (nor saved); a measure without names has its
		 * elements by index, as the JSON saves them.
		 */
		for (size_t cell = 0; cell < nr_cells; cell++) {
			unsigned int at[2] = {
				(unsigned int)(d1 ? cell / d1 : cell),
				(unsigned int)(d1 ? cell % d1 : 0),
			};
			const char *key[2] = { NULL, NULL };
			struct measure_table_row *row;

			for (size_t k = 0; m->element_name && k < t->nr_keys; k++)
				key[k] = m->element_name((unsigned int)k, at[k]);
			if (m->element_name && (!key[0] || (d1 && !key[1])))
				continue;
			row = add_row(t, &cap, key, cells, cell);
			for (size_t k = 0; !m->element_name && k < t->nr_keys; k++)
				row->key[k] = row->index[k] = xasprintf("%u", at[k]);
		}
	}
	/* The means, and the rows 0 in every value of every run left out. */
	{
		size_t kept = 0;

		for (size_t i = 0; i < t->nr_rows; i++) {
			struct measure_table_row *row = &t->rows[i];
			bool any = false;

			row->v = xcalloc(t->nr_values * (nc ? nc : 1), sizeof(*row->v));
			for (size_t v = 0; v < t->nr_values; v++)
				for (size_t c = 0; c < nc; c++) {
					const struct report_column *col = &rep->columns[c];
					double sum = 0;

					for (size_t k = 0; k < col->nr_runs; k++) {
						double x = cell_value(t, fields, &col->runs[k],
								      cells[i], v, row);

						sum += x;
						any |= x != 0;
					}
					row->v[v * nc + c] = col->nr_runs ?
						sum / t->scale[v] / (double)col->nr_runs : NAN;
				}
			if (any) {
				t->rows[kept++] = *row;
			} else {
				free(row->v);
				for (size_t k = 0; k < MEASURE_TABLE_KEYS; k++)
					free(row->index[k]);
			}
		}
		t->nr_rows = kept;
	}
	free(cells);
	if (m->show_total) {
		t->total = xcalloc(t->nr_values * (nc ? nc : 1), sizeof(*t->total));
		for (size_t i = 0; i < t->nr_rows; i++)
			for (size_t x = 0; x < t->nr_values * nc; x++)
				t->total[x] += t->rows[i].v[x];
	}
}

void measure_table_free(struct measure_table *t)
{
	for (size_t i = 0; i < t->nr_rows; i++) {
		free(t->rows[i].v);
		for (size_t k = 0; k < MEASURE_TABLE_KEYS; k++)
			free(t->rows[i].index[k]);
	}
	free(t->rows);
	free(t->total);
	memset(t, 0, sizeof(*t));
}

void measure_table_row_name(const struct measure_table *t, size_t row,
			    size_t value, bool prefix, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = 0;
	if (prefix && t->m->row_prefix)
		n += (size_t)snprintf(buf, len, "%s", t->m->row_prefix);
	for (size_t k = 0; k < t->nr_keys && n < len; k++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? " " : "",
				      row == t->nr_rows ? (k ? "" : "total") :
				      t->rows[row].key[k]);
	while (n && buf[n - 1] == ' ')
		buf[--n] = 0;
	if (t->value_title[value] && n < len)
		snprintf(buf + n, len - n, "%s%s", n ? " " : "",
			 t->value_title[value]);
}

int measure_table_precision(const struct measure_table *t, size_t value)
{
	return t->whole[value] ? 2 : 3;
}

/* ---- text ---------------------------------------------------------------- */

/* One run: a column per key and per value, the keys left-aligned. */
static void text_one_run(FILE *f, const struct measure_table *t)
{
	size_t nk = t->nr_keys, nv = t->nr_values, nr = t->nr_rows + !!t->total;
	size_t w[MEASURE_TABLE_KEYS + MEASURE_TABLE_VALUES] = { 0 };
	/* The table is named by its first column's title. */
	const char *title[MEASURE_TABLE_KEYS] = { t->m->name };
	char cell[64];

	for (size_t k = 1; k < nk; k++)
		title[k] = t->key_title[k] ? t->key_title[k] : "";
	for (size_t k = 0; k < nk; k++)
		w[k] = strlen(title[k]);
	for (size_t v = 0; v < nv; v++)
		w[nk + v] = strlen(t->value_title[v] ? t->value_title[v] : t->m->name);
	for (size_t i = 0; i < nr; i++) {
		for (size_t k = 0; k < nk; k++) {
			const char *key = i < t->nr_rows ? t->rows[i].key[k] :
					  k ? "" : "total";

			if (strlen(key) > w[k])
				w[k] = strlen(key);
		}
		for (size_t v = 0; v < nv; v++) {
			double x = i < t->nr_rows ? t->rows[i].v[v] : t->total[v];
			size_t n = (size_t)snprintf(cell, sizeof(cell), "%.*f",
						    t->whole[v] ? 0 : 3, x);

			if (n > w[nk + v])
				w[nk + v] = n;
		}
	}
	for (size_t k = 0; k < nk; k++)
		fprintf(f, "%s%-*s", k ? "  " : "", (int)w[k], title[k]);
	for (size_t v = 0; v < nv; v++)
		fprintf(f, "  %*s", (int)w[nk + v],
			t->value_title[v] ? t->value_title[v] : t->m->name);
	fputc('\n', f);
	if (!t->nr_rows)
		fprintf(f, "(none)\n");
	for (size_t i = 0; i < nr; i++) {
		for (size_t k = 0; k < nk; k++)
			fprintf(f, "%s%-*s", k ? "  " : "", (int)w[k],
				i < t->nr_rows ? t->rows[i].key[k] : k ? "" : "total");
		for (size_t v = 0; v < nv; v++)
			fprintf(f, "  %*.*f", (int)w[nk + v], t->whole[v] ? 0 : 3,
				i < t->nr_rows ? t->rows[i].v[v] : t->total[v]);
		fputc('\n', f);
	}
}

/* Several runs: a row per row and value, a column per kernel. */
static void text_columns(FILE *f, const struct measure_table *t,
			 const struct report *rep)
{
	size_t nc = rep->nr_columns, nr = t->nr_rows + !!t->total;
	struct report_row *rows = xcalloc(nr * t->nr_values, sizeof(*rows));
	size_t n = 0;

	if (!t->nr_rows) {
		fprintf(f, "%s: none in any run.\n", t->m->name);
		free(rows);
		return;
	}
	for (size_t i = 0; i < nr; i++)
		for (size_t v = 0; v < t->nr_values; v++, n++) {
			measure_table_row_name(t, i, v, true, rows[n].name,
					       sizeof(rows[n].name));
			rows[n].unit = "";
			rows[n].precision = measure_table_precision(t, v);
			rows[n].v = (i < t->nr_rows ? t->rows[i].v : t->total) + v * nc;
		}
	fprintf(f, "%s, means per run.\n", t->m->caption ? t->m->caption : t->m->name);
	compare_report_rows_print(f, rep, rows, n);
	free(rows);
}

void measure_tables_text(FILE *f, const struct report *rep, unsigned int where)
{
	for (size_t i = 0; i < metrics_count(); i++) {
		const struct measure *m = metrics_get(i);
		struct measure_table t;
		bool one = rep->nr_columns == 1 && rep->columns[0].nr_runs == 1;

		if (!(m->show & where))
			continue;
		measure_table_build(&t, m, rep);
		fputc('\n', f);
		if (one)
			text_one_run(f, &t);
		else
			text_columns(f, &t, rep);
		measure_table_free(&t);
	}
}

void measure_table_one_run(const struct run_result *r, struct report *rep,
			   struct report_column *col)
{
	memset(rep, 0, sizeof(*rep));
	memset(col, 0, sizeof(*col));
	col->name = result_text(r, "kernel");
	col->kernel = col->name;
	col->point = "";
	col->runs = r;
	col->nr_runs = 1;
	rep->columns = col;
	rep->nr_columns = 1;
}
