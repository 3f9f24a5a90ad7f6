/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The record of a calibration (mmsim calibrate, experiment/calibrate.c):
 * what was fitted against what on which scenarios, every evaluation the
 * search made, the best point and the residual; written as
 * calibration.json and calibration.md, summarised on stdout, and as the
 * comment header of each fitted scenario file.
 *
 * Everything here is a function of the command's arguments, the scenario
 * and the mmsim version: no wall clock, no host.  Two calibrations with
 * the same arguments write the same bytes (docs/calibration.md).
 */
#ifndef MMSIM_REPORT_CALIBRATION_H
#define MMSIM_REPORT_CALIBRATION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "metrics/calibration.h"

struct json_t;

/* Is evaluation @e within every target's scale of it? */
bool calibration_within_scale(const struct calibration_record *rec,
			      const struct calibration_eval *e);

/* A value of @unit as text: "9:48.545", "12.500s", "45.474ms",
 * "4096 bytes", "3.25". */
void calibration_format_value(char *buf, size_t len, enum calibration_unit unit,
			      double v);

/* calibration.json and calibration.md.  0, or -1 with @err. */
int calibration_write_json(const struct calibration_record *rec,
			   const char *path, char *err, size_t len);
int calibration_write_md(const struct calibration_record *rec,
			 const char *path, char *err, size_t len);

/* The result in a few lines: fitted values, targets against the means at
 * the best point, the residual. */
void calibration_print_summary(FILE *f, const struct calibration_record *rec);

/* The comment lines scenario @s's fitted file starts with (malloc'd). */
char *calibration_fitted_header(const struct calibration_record *rec, size_t s);

#endif /* MMSIM_REPORT_CALIBRATION_H */
