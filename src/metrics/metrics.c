// SPDX-License-Identifier: GPL-2.0
/*
 * The measure registry and a run's values (metrics.h).  Each measure has
 * one slot in a result, found by its registry index; records (grids and
 * lists) live in one malloc'd block per measure.  Linear search by name:
 * there are a few dozen measures and consumers look them up per run, not
 * per sample.
 */
#include <stdlib.h>
#include <string.h>
#include "metrics_internal.h"
#include "util/xalloc.h"

/* The linker's bounds of the section; never empty, as the library that is
 * linked whole into every program declares the kernel's measures (an
 * empty one would fail to link, not give an empty registry). */
extern struct measure *const __start_mmsim_measures[];
extern struct measure *const __stop_mmsim_measures[];

static struct measure **registry;
static size_t nr_registered;
static const struct measure **shown;
static size_t nr_shown;

void metrics_bug(const char *fmt, const char *name)
{
	fprintf(stderr, "mmsim: bug: ");
	fprintf(stderr, fmt, name);
	fputc('\n', stderr);
	abort();
}

static int by_name(const void *a, const void *b)
{
	const struct measure *x = *(struct measure *const *)a;
	const struct measure *y = *(struct measure *const *)b;

	return strcmp(x->name, y->name);
}

static int by_order(const void *a, const void *b)
{
	const struct measure *x = *(const struct measure *const *)a;
	const struct measure *y = *(const struct measure *const *)b;

	return (x->order > y->order) - (x->order < y->order);
}

static void registry_init(void)
{
	size_t n;

	if (registry)
		return;
	n = (size_t)(__stop_mmsim_measures - __start_mmsim_measures);
	registry = xcalloc(n + 1, sizeof(*registry));
	for (size_t i = 0; i < n; i++)
		registry[i] = __start_mmsim_measures[i];
	qsort(registry, n, sizeof(*registry), by_name);
	for (size_t i = 0; i < n; i++) {
		if (i && !strcmp(registry[i]->name, registry[i - 1]->name))
			metrics_bug("two measures are named '%s'", registry[i]->name);
		registry[i]->index = i;
	}
	nr_registered = n;
	shown = xcalloc(n + 1, sizeof(*shown));
	for (size_t i = 0; i < n; i++)
		if (registry[i]->order)
			shown[nr_shown++] = registry[i];
	qsort(shown, nr_shown, sizeof(*shown), by_order);
	for (size_t i = 1; i < nr_shown; i++)
		if (shown[i]->order == shown[i - 1]->order)
			metrics_bug("two shown measures have the order of '%s'",
				    shown[i]->name);
	/* An .of names a single number (registry is set: metrics_find()
	 * reads it without coming back here). */
	for (size_t i = 0; i < n; i++) {
		const struct measure *of;

		if (!registry[i]->of)
			continue;
		of = metrics_find(registry[i]->of);
		if (!of || (of->type != MT_UINT && of->type != MT_BOOL &&
			    of->type != MT_REAL))
			metrics_bug("shown measure '%s' reads no single-number measure",
				    registry[i]->name);
	}
}

size_t metrics_count(void)
{
	registry_init();
	return nr_registered;
}

const struct measure *metrics_get(size_t i)
{
	registry_init();
	return i < nr_registered ? registry[i] : NULL;
}

const struct measure *metrics_find(const char *name)
{
	registry_init();
	for (size_t i = 0; i < nr_registered; i++)
		if (!strcmp(registry[i]->name, name))
			return registry[i];
	return NULL;
}

size_t metrics_nr_shown(void)
{
	registry_init();
	return nr_shown;
}

const struct measure *metrics_shown(size_t i)
{
	registry_init();
	return i < nr_shown ? shown[i] : NULL;
}

double measure_value(const struct measure *m, const struct run_result *r)
{
	if (m->value)
		return m->value(r);
	if (m->of)
		return measure_value(metrics_find(m->of), r);
	if (m->type == MT_UINT)
		return (double)result_uint(r, m->name);
	if (m->type == MT_BOOL)
		return result_bool(r, m->name);
	if (m->type == MT_REAL)
		return result_real(r, m->name);
	metrics_bug("measure %s is not a single number", m->name);
}

/* ---- values ------------------------------------------------------------ */

size_t measure_cells(const struct measure *m)
{
	return (size_t)m->dims[0] * (m->dims[1] ? m->dims[1] : 1);
}

/* Bytes of one element of a fixed-size measure's block. */
static size_t cell_size(const struct measure *m)
{
	return m->type == MT_GRID ? m->record->size : sizeof(uint64_t);
}

void result_init(struct run_result *r)
{
	size_t n = metrics_count();

	r->v = xcalloc(n + 1, sizeof(*r->v));
	for (size_t i = 0; i < n; i++) {
		const struct measure *m = registry[i];

		if (m->type != MT_ARRAY && m->type != MT_GRID)
			continue;
		r->v[i].p = xcalloc(measure_cells(m) + 1, cell_size(m));
		r->v[i].nr = measure_cells(m);
	}
}

void value_free(const struct measure *m, struct measure_value *v)
{
	if (m->type == MT_TEXT)
		free(v->s);
	else if (m->type == MT_ARRAY || m->type == MT_GRID || m->type == MT_LIST)
		free(v->p);
	memset(v, 0, sizeof(*v));
}

void result_free(struct run_result *r)
{
	if (!r->v)
		return;
	for (size_t i = 0; i < nr_registered; i++)
		value_free(registry[i], &r->v[i]);
	free(r->v);
	r->v = NULL;
}

void result_collect(struct run_result *r)
{
	registry_init();
	for (size_t i = 0; i < nr_registered; i++)
		if (registry[i]->collect)
			registry[i]->collect(r);
}

const struct measure *measure_of(const struct run_result *r, const char *name,
				 enum measure_type type)
{
	const struct measure *m = metrics_find(name);

	if (!m)
		metrics_bug("no measure is named '%s'", name);
	if (m->type != type)
		metrics_bug("measure '%s' read or written as another type", name);
	if (!r->v)
		metrics_bug("measure '%s' of a result not initialised", name);
	return m;
}

static struct measure_value *slot(const struct run_result *r, const char *name,
				  enum measure_type type)
{
	return &r->v[measure_of(r, name, type)->index];
}

uint64_t result_uint(const struct run_result *r, const char *name)
{
	return slot(r, name, MT_UINT)->u;
}

bool result_bool(const struct run_result *r, const char *name)
{
	return slot(r, name, MT_BOOL)->b;
}

double result_real(const struct run_result *r, const char *name)
{
	return slot(r, name, MT_REAL)->d;
}

const char *result_text(const struct run_result *r, const char *name)
{
	const struct measure *m = measure_of(r, name, MT_TEXT);
	const char *s = r->v[m->index].s;

	return s || (m->flags & MF_NULLABLE) ? s : "";
}

static struct measure_value *array_slot(const struct run_result *r,
					const char *name, bool is_signed)
{
	const struct measure *m = measure_of(r, name, MT_ARRAY);

	if (m->is_signed != is_signed)
		metrics_bug("measure '%s' read with the wrong signedness", name);
	return &r->v[m->index];
}

const uint64_t *result_uints(const struct run_result *r, const char *name)
{
	return array_slot(r, name, false)->p;
}

const int64_t *result_ints(const struct run_result *r, const char *name)
{
	return array_slot(r, name, true)->p;
}

uint64_t *result_uints_mut(struct run_result *r, const char *name)
{
	return array_slot(r, name, false)->p;
}

int64_t *result_ints_mut(struct run_result *r, const char *name)
{
	return array_slot(r, name, true)->p;
}

const char *metrics_element_name(const char *name, unsigned int dim,
				 unsigned int i)
{
	const struct measure *m = metrics_find(name);

	if (!m)
		metrics_bug("no measure is named '%s'", name);
	if (dim > 1 || i >= (dim ? m->dims[1] : m->dims[0]) || !m->element_name)
		return NULL;
	return m->element_name(dim, i);
}

static size_t element_index(const struct measure *m, const char *element)
{
	for (unsigned int i = 0; m->element_name && i < m->dims[0]; i++) {
		const char *e = m->element_name(0, i);

		if (e && !strcmp(e, element))
			return i;
	}
	metrics_bug("no element of this name in its measure: '%s'", element);
}

uint64_t result_uint_at(const struct run_result *r, const char *name,
			const char *element)
{
	const struct measure *m = metrics_find(name);

	return result_uints(r, name)[element_index(m, element)];
}

int64_t result_int_at(const struct run_result *r, const char *name,
		      const char *element)
{
	const struct measure *m = metrics_find(name);

	return result_ints(r, name)[element_index(m, element)];
}

static struct measure_value *records_slot(const struct run_result *r,
					  const char *name)
{
	const struct measure *m = metrics_find(name);

	return slot(r, name, m && m->type == MT_GRID ? MT_GRID : MT_LIST);
}

const void *result_records(const struct run_result *r, const char *name,
			   size_t *nr)
{
	struct measure_value *v = records_slot(r, name);

	if (nr)
		*nr = v->nr;
	return v->p;
}

void *result_records_mut(struct run_result *r, const char *name, size_t *nr)
{
	return (void *)result_records(r, name, nr);
}

void result_set_uint(struct run_result *r, const char *name, uint64_t v)
{
	slot(r, name, MT_UINT)->u = v;
}

void result_add_uint(struct run_result *r, const char *name, uint64_t v)
{
	slot(r, name, MT_UINT)->u += v;
}

void result_set_bool(struct run_result *r, const char *name, bool v)
{
	slot(r, name, MT_BOOL)->b = v;
}

void result_set_real(struct run_result *r, const char *name, double v)
{
	slot(r, name, MT_REAL)->d = v;
}

void result_take_text(struct run_result *r, const char *name, char *s)
{
	const struct measure *m = measure_of(r, name, MT_TEXT);
	struct measure_value *v = &r->v[m->index];

	free(v->s);
	if (s && m->max_len && strlen(s) > m->max_len)
		s[m->max_len] = 0;
	v->s = s;
}

void result_set_text(struct run_result *r, const char *name, const char *s)
{
	result_take_text(r, name, s ? xstrdup(s) : NULL);
}

void list_append(const struct measure *m, struct measure_value *v,
		 const void *record)
{
	size_t size = m->record->size;

	/* Grow by doubling: the capacity is the next power of two. */
	if (!v->nr || !(v->nr & (v->nr - 1))) {
		v->p = xrealloc(v->p, (v->nr ? v->nr * 2 : 16) * size);
	}
	memcpy((char *)v->p + v->nr * size, record, size);
	v->nr++;
}

void result_clear(struct run_result *r, const char *name)
{
	const struct measure *m = metrics_find(name);
	struct measure_value *v;

	if (!m)
		metrics_bug("no measure is named '%s'", name);
	v = &r->v[measure_of(r, name, m->type)->index];
	if (m->type == MT_ARRAY || m->type == MT_GRID)
		memset(v->p, 0, v->nr * (m->type == MT_GRID ? m->record->size :
						      sizeof(uint64_t)));
	else
		value_free(m, v);
}

void result_append(struct run_result *r, const char *name, const void *record)
{
	const struct measure *m = measure_of(r, name, MT_LIST);

	list_append(m, &r->v[m->index], record);
}
