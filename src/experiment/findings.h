/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The findings of mmsim compare: the cover letter's claims, as mmsim
 * validate decides them, asked of the compare's own runs, and the
 * columns whose runs are bit-identical.  metrics/validation.h holds the
 * result (struct validation_findings); report/findings.c words it.
 */
#ifndef MMSIM_FINDINGS_H
#define MMSIM_FINDINGS_H

#include "metrics/validation.h"

struct experiment;
struct report;

/*
 * Fill @f from @e's runs and @rep (its report view, for the identical
 * columns).  The claims are asked when the runs are the cover letter's
 * reproduction: the embedded default scenario of their arch, no sweep,
 * not cut short by --time, every kernel on the same seeds; otherwise
 * f->not_answered says why.  A kernel the claims compare that @e did
 * not run leaves its comparisons unanswered (f->cfg_run).
 */
void findings_evaluate(struct validation_findings *f,
		       const struct experiment *e, const struct report *rep);

/*
 * The claims decided on @f's values: f->vals ([config][measure][seed],
 * NAN where nothing ran), f->cfg_run and f->v's plan (findings_plan())
 * set, f->v.nr_seeds seeds.  findings_evaluate() ends with it; tests
 * call it on synthetic values.
 */
void findings_plan(struct validation_findings *f, int arch,
		   unsigned int nr_seeds);
void findings_decide(struct validation_findings *f);
void findings_free(struct validation_findings *f);

#endif
