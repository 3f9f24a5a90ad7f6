/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside mmsim calibrate: what its three files share.  calibrate.c parses
 * the targets and keys and sets up; calibrate_eval.c runs points;
 * calibrate_search.c searches and writes the result.  Not for other files.
 */
#ifndef MMSIM_CALIBRATE_INTERNAL_H
#define MMSIM_CALIBRATE_INTERNAL_H

#include <stddef.h>
#include "calibrate.h"

struct run_result;

/* No evaluation (an index not given). */
#define NONE	((size_t)-1)

/* calibrate.c: target @t's value in a run's result. */
double calib_target_value(const struct calibration *c, size_t t,
			  const struct run_result *r);
/* calibrate.c: @v rounded as the key's type writes it (a whole count, a
 * size in bytes, a time in ns), and that value as scenario text. */
double calib_quantize(const struct param_spec *sp, double v);
void calib_value_text(const struct param_spec *sp, double v, char *buf,
		      size_t len);

/* calibrate_eval.c: scenario @s's text with the point's @values written
 * in (malloc'd), or NULL with @err. */
char *calib_point_text(const struct calibration *c, size_t s,
		       char *const *values, char *err, size_t len);
/* calibrate_eval.c: evaluate the @n points @u (calibrate_eval.c has the
 * contract). */
int calib_evaluate(struct calibration *c, const double *u, size_t n,
		   const char *stage, double step, size_t *idx, int jobs,
		   char *err, size_t len);

/* calibrate_search.c: the evaluation with the lowest objective so far. */
size_t calib_argmin(const struct calibration *c);

#endif
