// SPDX-License-Identifier: GPL-2.0
/*
 * A run's result as JSON and back (jansson), from the measure
 * declarations: every measure with a .json key is written and read by
 * its type, and every message about a malformed file names the key and
 * says what was expected.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "metrics_internal.h"
#include "util/xalloc.h"


/* ---- writing ------------------------------------------------------------ */

static json_t *field_to_json(const struct measure_field *f, const void *rec)
{
	const char *p = (const char *)rec + f->offset;
	json_t *a;

	switch (f->type) {
	case FIELD_UINT:
		return json_integer((json_int_t)measure_field_uint(f, rec));
	case FIELD_CHARS:
		return json_string(p);
	case FIELD_UINTS:
		a = f->json_names ? json_object() : json_array();
		for (unsigned int i = 0; i < f->count; i++) {
			json_t *x = json_integer((json_int_t)((const uint64_t *)p)[i]);

			if (f->json_names)
				json_object_set_new(a, f->json_names[i], x);
			else
				json_array_append_new(a, x);
		}
		return a;
	}
	return NULL;
}

/* Element @i of dimension @dim by name, or NULL (saved by position). */
static const char *element(const struct measure *m, unsigned int dim,
			   unsigned int i)
{
	return m->element_name ? m->element_name(dim, i) : NULL;
}

/* The index of the element named @name along @dim; -1: none. */
static int element_index(const struct measure *m, unsigned int dim,
			 const char *name)
{
	for (unsigned int i = 0; m->element_name && i < m->dims[dim]; i++) {
		const char *e = m->element_name(dim, i);

		if (e && !strcmp(e, name))
			return (int)i;
	}
	return -1;
}

/* Fields into @o (an object, or an array for tuple records). */
static int record_fill(const struct measure_record *rt, const void *rec,
		       json_t *o)
{
	for (size_t i = 0; i < rt->nr_fields; i++) {
		const struct measure_field *f = &rt->fields[i];
		json_t *v = field_to_json(f, rec);

		if (!v)
			return -1;
		if (json_is_array(o))
			json_array_append_new(o, v);
		else
			json_object_set_new(o, f->json, v);
	}
	return 0;
}

static bool cell_present(const struct measure *m, const void *rec)
{
	return measure_field_uint(&m->record->fields[0], rec) != 0;
}

static json_t *grid_to_json(const struct measure *m,
			    const struct measure_value *v)
{
	unsigned int cols = m->dims[1] ? m->dims[1] : 1;
	json_t *a = json_array();

	for (size_t c = 0; c < v->nr; c++) {
		const void *rec = (const char *)v->p + c * m->record->size;
		json_t *o;

		if (!cell_present(m, rec))
			continue;
		o = json_object();
		for (unsigned int k = 0; k < (m->dims[1] ? 2u : 1u); k++) {
			unsigned int at = k ? (unsigned int)(c % cols) :
					      (unsigned int)(c / cols);
			const char *name = element(m, k, at);

			/* Format 2: the call site and queue by name. */
			json_object_set_new(o, m->keys[k], name ? json_string(name) :
					    json_integer((json_int_t)at));
		}
		if (record_fill(m->record, rec, o)) {
			json_decref(o);
			json_decref(a);
			return NULL;
		}
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *list_to_json(const struct measure *m,
			    const struct measure_value *v)
{
	json_t *a = json_array();

	for (size_t i = 0; i < v->nr; i++) {
		json_t *o = m->record->tuple ? json_array() : json_object();

		if (record_fill(m->record, (const char *)v->p + i * m->record->size, o)) {
			json_decref(o);
			json_decref(a);
			return NULL;
		}
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *array_to_json(const struct measure *m,
			     const struct measure_value *v)
{
	unsigned int rows = m->dims[1] ? m->dims[0] : 1;
	unsigned int cols = m->dims[1] ? m->dims[1] : m->dims[0];
	unsigned int col_dim = m->dims[1] ? 1 : 0;
	bool named = m->element_name != NULL;
	json_t *outer = named ? json_object() : json_array();

	for (unsigned int i = 0; i < rows; i++) {
		json_t *a = !m->dims[1] ? outer : named ? json_object() : json_array();

		for (unsigned int j = 0; j < cols; j++) {
			size_t k = (size_t)i * cols + j;
			json_int_t x = m->is_signed ? (json_int_t)((const int64_t *)v->p)[k] :
					(json_int_t)((const uint64_t *)v->p)[k];
			const char *name = named ? element(m, col_dim, j) : NULL;

			if (!named) {
				json_array_append_new(a, json_integer(x));
			} else if (name) {
				json_object_set_new(a, name, json_integer(x));
			} else if (x) {
				/* A value without a name cannot be saved. */
				json_decref(a);
				if (a != outer)
					json_decref(outer);
				return NULL;
			}
		}
		if (!m->dims[1])
			continue;
		if (!named) {
			json_array_append_new(outer, a);
		} else if (element(m, 0, i)) {
			json_object_set_new(outer, element(m, 0, i), a);
		} else {
			bool empty = json_object_size(a) == 0;

			json_decref(a);
			if (!empty) {
				json_decref(outer);
				return NULL;
			}
		}
	}
	return outer;
}

static bool value_empty(const struct measure *m, const struct measure_value *v)
{
	switch (m->type) {
	case MT_UINT:
		return !v->u;
	case MT_BOOL:
		return !v->b;
	case MT_REAL:
		return v->d == 0;
	case MT_TEXT:
		return !v->s;
	case MT_ARRAY:
		for (size_t i = 0; i < v->nr; i++)
			if (((const uint64_t *)v->p)[i])
				return false;
		return true;
	case MT_GRID:
		for (size_t c = 0; c < v->nr; c++)
			if (cell_present(m, (const char *)v->p + c * m->record->size))
				return false;
		return true;
	case MT_LIST:
		return !v->nr;
	case MT_DERIVED:		/* no value of its own, never saved */
		break;
	}
	return true;
}

static json_t *value_to_json(const struct measure *m,
			     const struct measure_value *v, unsigned int flags)
{
	switch (m->type) {
	case MT_UINT:
		return json_integer((json_int_t)v->u);
	case MT_BOOL:
		return json_boolean(v->b);
	case MT_REAL:
		if ((m->flags & MF_HOST) && (flags & RESULT_JSON_NO_HOST))
			return json_real(0);
		return json_real(v->d);
	case MT_TEXT:
		if (!v->s)
			return m->flags & MF_NULLABLE ? json_null() : json_string("");
		return json_string(v->s);
	case MT_ARRAY:
		return array_to_json(m, v);
	case MT_GRID:
		return grid_to_json(m, v);
	case MT_LIST:
		return list_to_json(m, v);
	case MT_DERIVED:		/* no .json key */
		break;
	}
	return NULL;
}

/* The object a key "a.b" goes into (made when missing), and "b". */
static json_t *parent_for_write(json_t *root, const char *path,
				const char **key)
{
	const char *dot = strchr(path, '.');
	char parent[64];
	json_t *o;

	*key = path;
	if (!dot)
		return root;
	snprintf(parent, sizeof(parent), "%.*s", (int)(dot - path), path);
	*key = dot + 1;
	o = json_object_get(root, parent);
	if (!o) {
		o = json_object();
		json_object_set_new(root, parent, o);
	}
	return o;
}

char *result_to_json_flags(const struct run_result *r, unsigned int flags)
{
	json_t *root = json_object();
	char *s = NULL;

	json_object_set_new(root, "format", json_integer(RESULT_FORMAT));
	for (size_t i = 0; i < metrics_count(); i++) {
		const struct measure *m = metrics_get(i);
		const struct measure_value *v = &r->v[i];
		const char *key;
		json_t *j, *parent;

		if (!m->json || ((m->flags & MF_WITH_SERIES) &&
				 !(flags & RESULT_JSON_SERIES)))
			continue;
		if ((m->flags & MF_OMIT_EMPTY) && value_empty(m, v))
			continue;
		j = value_to_json(m, v, flags);
		if (!j)
			goto out;
		parent = parent_for_write(root, m->json, &key);
		json_object_set_new(parent, key, j);
	}
	s = json_dumps(root, JSON_COMPACT | JSON_SORT_KEYS);
out:
	json_decref(root);
	return s;
}

/* ---- what a value looks like, for messages --------------------------- */

static void cat(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void cat(char *buf, size_t len, const char *fmt, ...)
{
	size_t used = strlen(buf);
	va_list ap;

	if (used + 1 >= len)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
}

/* "[{k1, k2, f1, f2}, ...] with k1 0-N and k2 0-M", "[[f1, f2], ...]". */
static void describe_records(const struct measure *m, char *buf, size_t len)
{
	const struct measure_record *rt = m->record;
	size_t text = 0;

	cat(buf, len, rt->tuple ? "[[" : "[{");
	for (int k = 0; m->type == MT_GRID && k < 2 && m->keys[k]; k++)
		cat(buf, len, "%s, ", m->keys[k]);
	for (size_t i = 0; i < rt->nr_fields; i++) {
		cat(buf, len, "%s%s", i ? ", " : "", rt->fields[i].json);
		if (rt->fields[i].type == FIELD_CHARS)
			text = rt->fields[i].size;
	}
	cat(buf, len, rt->tuple ? "], ...]" : "}, ...]");
	for (int k = 0; m->type == MT_GRID && k < 2 && m->keys[k]; k++) {
		if (m->element_name)
			cat(buf, len, "%s %s a name (format 1: 0-%u)",
			    k ? " and" : " with", m->keys[k], m->dims[k] - 1);
		else
			cat(buf, len, "%s %s 0-%u", k ? " and" : " with",
			    m->keys[k], m->dims[k] - 1);
	}
	if (text)
		cat(buf, len, " with texts under %zu bytes", text);
}

static void describe(const struct measure *m, char *buf, size_t len)
{
	buf[0] = 0;
	switch (m->type) {
	case MT_UINT:
		cat(buf, len, "a whole number from 0");
		break;
	case MT_BOOL:
		cat(buf, len, "true or false");
		break;
	case MT_REAL:
		cat(buf, len, "a real number");
		break;
	case MT_TEXT:
		cat(buf, len, "a string");
		if (m->max_len)
			cat(buf, len, " of at most %zu bytes", m->max_len);
		if (m->flags & MF_NULLABLE)
			cat(buf, len, " or null");
		break;
	case MT_ARRAY:
		if (m->element_name && m->dims[1])
			cat(buf, len, "an object of objects of integers by name "
			    "(or, format 1, %u arrays of %u integers)", m->dims[0], m->dims[1]);
		else if (m->element_name)
			cat(buf, len, "an object of integers by name (or, format 1, "
			    "%u integers)", m->dims[0]);
		else if (m->dims[1])
			cat(buf, len, "%u arrays of %u integers", m->dims[0], m->dims[1]);
		else
			cat(buf, len, "%u integers (this mmsim's count)", m->dims[0]);
		break;
	case MT_GRID:
	case MT_LIST:
		describe_records(m, buf, len);
		break;
	case MT_DERIVED:
		cat(buf, len, "no saved value (computed)");
		break;
	}
}

/* ---- reading ------------------------------------------------------------ */

static bool get_uint(json_t *j, uint64_t max, uint64_t *out)
{
	json_int_t x;

	if (!json_is_integer(j))
		return false;
	x = json_integer_value(j);
	if (x < 0 || (uint64_t)x > max)
		return false;
	*out = (uint64_t)x;
	return true;
}

static bool field_from_json(const struct measure_field *f, json_t *j, void *rec)
{
	char *p = (char *)rec + f->offset;
	uint64_t u;

	switch (f->type) {
	case FIELD_UINT:
		if (!get_uint(j, f->size == sizeof(uint32_t) ? UINT32_MAX : UINT64_MAX, &u))
			return false;
		field_set_uint(f, rec, u);
		return true;
	case FIELD_CHARS:
		if (!json_is_string(j) || strlen(json_string_value(j)) >= f->size)
			return false;
		strcpy(p, json_string_value(j));
		return true;
	case FIELD_UINTS:
		if (f->json_names && json_is_object(j)) {
			const char *key;
			json_t *x;

			json_object_foreach(j, key, x) {
				unsigned int i = 0;

				while (i < f->count && strcmp(f->json_names[i], key))
					i++;
				if (i == f->count ||
				    !get_uint(x, UINT64_MAX, &((uint64_t *)p)[i]))
					return false;
			}
			return true;
		}
		/* Format 1: by position. */
		if (!json_is_array(j) || json_array_size(j) != f->count)
			return false;
		for (unsigned int i = 0; i < f->count; i++)
			if (!get_uint(json_array_get(j, i), UINT64_MAX,
				      &((uint64_t *)p)[i]))
				return false;
		return true;
	}
	return false;
}

static bool record_from_json(const struct measure_record *rt, json_t *j,
			     void *rec)
{
	if (rt->tuple ? !json_is_array(j) || json_array_size(j) != rt->nr_fields :
			!json_is_object(j))
		return false;
	for (size_t i = 0; i < rt->nr_fields; i++) {
		const struct measure_field *f = &rt->fields[i];
		json_t *v = rt->tuple ? json_array_get(j, i) :
					json_object_get(j, f->json);

		if (!v && f->optional && !rt->tuple)
			continue;
		if (!v || !field_from_json(f, v, rec))
			return false;
	}
	return true;
}

static bool grid_from_json(const struct measure *m, json_t *j,
			   struct measure_value *v)
{
	unsigned int cols = m->dims[1] ? m->dims[1] : 1;
	void *rec = xcalloc(1, m->record->size);
	size_t i;
	json_t *e;
	bool ok = json_is_array(j);

	json_array_foreach(ok ? j : NULL, i, e) {
		uint64_t at[2] = { 0, 0 };

		for (int k = 0; ok && k < 2 && m->keys[k]; k++) {
			json_t *key = json_object_get(e, m->keys[k]);
			int idx;

			/* A name (format 2), or a position (format 1). */
			if (json_is_string(key)) {
				idx = element_index(m, (unsigned int)k,
						    json_string_value(key));
				ok = idx >= 0;
				at[k] = (uint64_t)(idx >= 0 ? idx : 0);
			} else {
				ok = get_uint(key, m->dims[k] - 1, &at[k]);
			}
		}
		ok = ok && record_from_json(m->record, e, rec);
		if (!ok)
			break;
		memcpy((char *)v->p + (at[0] * cols + at[1]) * m->record->size,
		       rec, m->record->size);
	}
	free(rec);
	return ok;
}

static bool list_from_json(const struct measure *m, json_t *j,
			   struct measure_value *v)
{
	void *rec = xcalloc(1, m->record->size);
	size_t i;
	json_t *e;
	bool ok = json_is_array(j);

	json_array_foreach(ok ? j : NULL, i, e) {
		memset(rec, 0, m->record->size);
		if (!(ok = record_from_json(m->record, e, rec)))
			break;
		list_append(m, v, rec);
	}
	free(rec);
	return ok;
}

/* One integer into element @k. */
static bool array_elem_from_json(const struct measure *m, json_t *x,
				 struct measure_value *v, size_t k)
{
	if (!json_is_integer(x))
		return false;
	if (m->is_signed) {
		((int64_t *)v->p)[k] = json_integer_value(x);
		return true;
	}
	return get_uint(x, UINT64_MAX, &((uint64_t *)v->p)[k]);
}

/* Format 2: {"name": N, ...}, or {"row": {"col": N, ...}, ...}.  An
 * element not saved is 0; a name this mmsim does not know is refused. */
static bool array_from_object(const struct measure *m, json_t *j,
			      struct measure_value *v)
{
	unsigned int cols = m->dims[1] ? m->dims[1] : m->dims[0];
	const char *rkey, *ckey;
	json_t *row, *x;

	json_object_foreach(j, rkey, row) {
		int r = m->dims[1] ? element_index(m, 0, rkey) : 0;

		if (r < 0)
			return false;
		if (!m->dims[1]) {
			int c = element_index(m, 0, rkey);

			if (c < 0 || !array_elem_from_json(m, row, v, (size_t)c))
				return false;
			continue;
		}
		if (!json_is_object(row))
			return false;
		json_object_foreach(row, ckey, x) {
			int c = element_index(m, 1, ckey);

			if (c < 0 || !array_elem_from_json(m, x, v,
							  (size_t)r * cols + (size_t)c))
				return false;
		}
	}
	return true;
}

static bool array_from_json(const struct measure *m, json_t *j,
			    struct measure_value *v)
{
	unsigned int rows = m->dims[1] ? m->dims[0] : 1;
	unsigned int cols = m->dims[1] ? m->dims[1] : m->dims[0];

	if (m->element_name && json_is_object(j))
		return array_from_object(m, j, v);
	/* Format 1: by position. */

	if (!json_is_array(j) || json_array_size(j) != (m->dims[1] ? rows : cols))
		return false;
	for (unsigned int i = 0; i < rows; i++) {
		json_t *a = m->dims[1] ? json_array_get(j, i) : j;

		if (!json_is_array(a) || json_array_size(a) != cols)
			return false;
		for (unsigned int c = 0; c < cols; c++) {
			json_t *x = json_array_get(a, c);
			size_t k = (size_t)i * cols + c;

			if (!json_is_integer(x))
				return false;
			if (m->is_signed) {
				((int64_t *)v->p)[k] = json_integer_value(x);
			} else if (!get_uint(x, UINT64_MAX, &((uint64_t *)v->p)[k])) {
				return false;
			}
		}
	}
	return true;
}

static bool value_from_json(const struct measure *m, json_t *j,
			    struct measure_value *v)
{
	switch (m->type) {
	case MT_UINT:
		return get_uint(j, UINT64_MAX, &v->u);
	case MT_BOOL:
		if (!json_is_boolean(j))
			return false;
		v->b = json_is_true(j);
		return true;
	case MT_REAL:
		if (!json_is_real(j))
			return false;
		v->d = json_real_value(j);
		return true;
	case MT_TEXT:
		if (json_is_null(j) && (m->flags & MF_NULLABLE))
			return true;
		if (!json_is_string(j) ||
		    (m->max_len && strlen(json_string_value(j)) > m->max_len))
			return false;
		v->s = xstrdup(json_string_value(j));
		return true;
	case MT_ARRAY:
		return array_from_json(m, j, v);
	case MT_GRID:
		return grid_from_json(m, j, v);
	case MT_LIST:
		return list_from_json(m, j, v);
	case MT_DERIVED:		/* no .json key */
		break;
	}
	return false;
}

/* The value at key "a" or "a.b" of @root; NULL: absent (an absent "a"
 * makes every "a.*" absent).  -1: "a" is there but not an object. */
static int lookup(json_t *root, const char *path, json_t **out)
{
	const char *dot = strchr(path, '.');
	char parent[64];
	json_t *o = root;

	if (dot) {
		snprintf(parent, sizeof(parent), "%.*s", (int)(dot - path), path);
		o = json_object_get(root, parent);
		if (o && !json_is_object(o))
			return -1;
		path = dot + 1;
	}
	*out = o ? json_object_get(o, path) : NULL;
	return 0;
}

static bool parent_present(json_t *root, const char *path)
{
	char parent[64];

	snprintf(parent, sizeof(parent), "%.*s", (int)strcspn(path, "."), path);
	return json_object_get(root, parent) != NULL;
}

int result_from_json(const char *text, struct run_result *r, char *err,
		     size_t errlen)
{
	json_error_t jerr;
	json_t *root = json_loads(text, 0, &jerr), *format;
	char what[256];

	result_init(r);
	if (!root) {
		snprintf(err, errlen, "line %d: %s", jerr.line, jerr.text);
		goto bad;
	}
	if (!json_is_object(root)) {
		snprintf(err, errlen, "expected an object");
		goto bad;
	}
	format = json_object_get(root, "format");
	if (!json_is_integer(format) ||
	    json_integer_value(format) < RESULT_FORMAT_OLDEST ||
	    json_integer_value(format) > RESULT_FORMAT) {
		snprintf(err, errlen, "format: expected %d to %d (the result "
			 "formats this mmsim reads; a newer mmsim wrote this)",
			 RESULT_FORMAT_OLDEST, RESULT_FORMAT);
		goto bad;
	}
	for (size_t i = 0; i < metrics_count(); i++) {
		const struct measure *m = metrics_get(i);
		struct measure_value *v = &r->v[i];
		json_t *j = NULL;

		if (!m->json)
			continue;
		describe(m, what, sizeof(what));
		if (lookup(root, m->json, &j)) {
			snprintf(err, errlen, "%.*s: expected an object",
				 (int)strcspn(m->json, "."), m->json);
			goto bad;
		}
		if (!j && (m->flags & (MF_OPTIONAL | MF_OMIT_EMPTY)))
			continue;
		/* "a.b" may be missing with the whole of "a" only. */
		if (!j && strchr(m->json, '.') && !parent_present(root, m->json))
			continue;
		if (!j) {
			snprintf(err, errlen, "%s: missing (expected %s)", m->json, what);
			goto bad;
		}
		if (!value_from_json(m, j, v)) {
			snprintf(err, errlen, "%s: expected %s", m->json, what);
			goto bad;
		}
	}
	json_decref(root);
	return 0;
bad:
	json_decref(root);
	result_free(r);
	return -1;
}
