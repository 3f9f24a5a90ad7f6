/* SPDX-License-Identifier: GPL-2.0 */
/* Inside the metrics layer: a result's slots, shared by metrics.c, json.c
 * and csv.c.  Not for other layers; they use metrics.h. */
#ifndef MMSIM_METRICS_INTERNAL_H
#define MMSIM_METRICS_INTERNAL_H

#include "metrics.h"

struct measure_value {
	union {
		uint64_t u;
		bool b;
		double d;
		char *s;
		void *p;		/* MT_ARRAY, MT_GRID, MT_LIST */
	};
	size_t nr;			/* MT_ARRAY, MT_GRID: cells; MT_LIST: records */
};

/* "mmsim: bug: " and @fmt with @name, then abort(). */
void metrics_bug(const char *fmt, const char *name)
	__attribute__((noreturn));
/* The measure @name, checked to be of @type, of an initialised @r. */
const struct measure *measure_of(const struct run_result *r, const char *name,
				 enum measure_type type);
size_t measure_cells(const struct measure *m);
void value_free(const struct measure *m, struct measure_value *v);
void list_append(const struct measure *m, struct measure_value *v,
		 const void *record);

/* Setting a record field's unsigned value (measure_field_uint() reads it). */
static inline void field_set_uint(const struct measure_field *f, void *rec,
				  uint64_t v)
{
	char *p = (char *)rec + f->offset;

	if (f->size == sizeof(uint32_t))
		*(uint32_t *)p = (uint32_t)v;
	else
		*(uint64_t *)p = v;
}

#endif /* MMSIM_METRICS_INTERNAL_H */
