/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The findings block that opens mmsim compare's text report and its
 * index.html: each comparison the cover letter's claims make, answered
 * on the compare's runs in one line beside the published figure, the
 * bit-identical columns, and where to read more.  experiment/findings.c
 * decides (struct validation_findings, metrics/validation.h).
 */
#ifndef MMSIM_REPORT_FINDINGS_H
#define MMSIM_REPORT_FINDINGS_H

#include <stddef.h>
#include <stdio.h>
#include "metrics/validation.h"

/*
 * The block as lines, without newlines: the first says what is asked of
 * what, the last where to read more; malloc'd, each and the array.
 */
size_t findings_lines(const struct validation_findings *f, char ***lines);
void findings_lines_free(char **lines, size_t n);

/* The block as text (the lines between the first and the last
 * indented), and as HTML (a section with a list). */
void findings_print(FILE *out, const struct validation_findings *f);
void findings_html(FILE *out, const struct validation_findings *f);

#endif
