/* SPDX-License-Identifier: GPL-2.0 */
/*
 * docs/validation.md: what `mmsim validate` found, as Markdown.  The public
 * record's tables (experiment/record.c), the runs, the measures taken from
 * them, the claim rules and their verdicts are the experiment layer's;
 * metrics/validation.h holds the types they are handed over in, and this
 * is how they read: each data set's tables beside mmsim's, each claim with
 * its rule and evidence, the diagnostics and the likely causes where a
 * claim of the cover letter does not hold.
 */
#ifndef MMSIM_VALIDATION_MD_H
#define MMSIM_VALIDATION_MD_H

#include <stdio.h>
#include "metrics/validation.h"

/* A claim's title, as its heading in the report states it (enum
 * validation_claim_id); a claim measure's name with its unit (enum
 * validation_measure).  NULL: no such claim or measure. */
const char *validation_claim_title(int id);
const char *validation_measure_name(int m);

/* The whole report. */
void validation_md_write(FILE *f, const struct validation *v);

#endif /* MMSIM_VALIDATION_MD_H */
