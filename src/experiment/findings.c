// SPDX-License-Identifier: GPL-2.0
/*
 * What a compare found, asked as the record asks it: the claims of the
 * cover letter (experiment/validate.c decides them, docs/validation.md
 * states them) put to the compare's own runs instead of validate's.
 * Nothing here words a claim or judges one: the runs are laid out as
 * validate lays out its own (struct validation, the cover set, one arch
 * filled) and validate's rules decide; report/findings.c prints the
 * comparisons they made.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "findings.h"
#include "compare.h"
#include "scenario_load.h"
#include "validate.h"
#include "report/compare_report.h"
#include "scenario/scenario.h"
#include "scenario/units.h"
#include "util/xalloc.h"

static const char *const arch_names[VALIDATION_NR_ARCH] = {
	[VALIDATION_X86_64] = "x86_64", [VALIDATION_X86] = "x86",
};

void findings_plan(struct validation_findings *f, int arch,
		   unsigned int nr_seeds)
{
	char err[256];
	size_t n;

	f->arch = arch;
	/* The cover set's plan cannot fail: validate's own test checks it. */
	if (validation_plan(&f->v, 1u << RECORD_COVER, err, sizeof(err)))
		abort();
	f->v.nr_seeds = nr_seeds;
	/* validate's default level, and the comparison table's. */
	f->v.alpha = REPORT_ALPHA;
	n = f->v.nr_configs * NR_VMEASURES * (nr_seeds ? nr_seeds : 1);
	f->vals = xcalloc(n, sizeof(*f->vals));
	for (size_t i = 0; i < n; i++)
		f->vals[i] = NAN;
	f->v.vals = f->vals;
	f->cfg_run = xcalloc(f->v.nr_configs, sizeof(*f->cfg_run));
}

void findings_decide(struct validation_findings *f)
{
	validation_decide(&f->v);
}

/* The [run] max_time of scenario @text (the points' scenarios have
 * --time written in). */
static uint64_t own_max_time(const char *text)
{
	struct scenario_error serr;
	struct scenario *sc = scenario_load_text(text, "<default>", &serr);
	uint64_t t = sc ? sc->run.max_time : UINT64_MAX;

	scenario_free(sc);
	return t;
}

/* Why the runs are not the reproduction the claims were made of; NULL
 * when they are.  malloc'd. */
static char *why_not(const struct experiment *e, int arch)
{
	const char *want = arch == VALIDATION_X86 ? scenario_default_x86_text :
			   scenario_default_text;

	if (arch < 0)
		return xasprintf("the runs' arch is not known");
	if (!e->text || strcmp(e->text, want))
		return xasprintf("the scenario is %s, not the cover letter's "
				 "reproduction (mmsim's embedded default for %s)",
				 e->scenario_name ? e->scenario_name : "not known",
				 arch_names[arch]);
	if (e->nr_keys)
		return xasprintf("a sweep changes the reproduction's scenario");
	if (e->max_time && e->max_time < own_max_time(want)) {
		char t[32];

		format_time(t, sizeof(t), e->max_time);
		return xasprintf("--time %s stopped the runs before the "
				 "reproduction's end", t);
	}
	if (!e->seeds_common || !e->nr_seeds)
		return xasprintf("the kernels did not run the same seeds");
	return NULL;
}

/* The experiment's column running @profile (the only sweep point). */
static long column_of(const struct experiment *e, const char *profile)
{
	for (size_t c = 0; c < e->nr_columns; c++)
		if (!strcmp(e->kernels[e->columns[c].kernel], profile))
			return (long)c;
	return -1;
}

static void fill(struct validation_findings *f, const struct experiment *e)
{
	struct validation *v = &f->v;

	for (size_t k = 0; k < v->nr_configs; k++) {
		long c = v->configs[k].arch == f->arch ?
			 column_of(e, v->configs[k].profile) : -1;
		double m[NR_VMEASURES];
		bool all = c >= 0;

		for (unsigned int s = 0; c >= 0 && s < e->nr_seeds; s++) {
			size_t job = (size_t)c * e->nr_seeds + s;

			if (!e->have[job]) {
				all = false;
				continue;
			}
			validation_result_measures(&e->results[job], m);
			for (int i = 0; i < NR_VMEASURES; i++)
				f->vals[(k * NR_VMEASURES + (size_t)i) *
					e->nr_seeds + s] = m[i];
		}
		f->cfg_run[k] = all;
	}
}

static void identical(struct validation_findings *f, const struct report *rep)
{
	size_t *same = report_identical_columns(rep);

	f->identical = xcalloc(rep->nr_columns + 1, sizeof(*f->identical));
	f->identical_to = xcalloc(rep->nr_columns + 1, sizeof(*f->identical_to));
	for (size_t c = 0; c < rep->nr_columns; c++)
		if (same[c] != (size_t)-1) {
			f->identical[f->nr_identical] = rep->columns[c].name;
			f->identical_to[f->nr_identical++] =
				rep->columns[same[c]].name;
		}
	free(same);
}

void findings_evaluate(struct validation_findings *f,
		       const struct experiment *e, const struct report *rep)
{
	int arch = -1;

	memset(f, 0, sizeof(*f));
	for (int a = 0; a < VALIDATION_NR_ARCH; a++)
		if (e->arch && !strcmp(e->arch, arch_names[a]))
			arch = a;
	identical(f, rep);
	f->arch = arch;
	f->not_answered = why_not(e, arch);
	if (f->not_answered)
		return;
	findings_plan(f, arch, e->nr_seeds);
	fill(f, e);
	findings_decide(f);
}

void findings_free(struct validation_findings *f)
{
	if (f->vals)
		validation_plan_free(&f->v);
	free(f->vals);
	free(f->cfg_run);
	free(f->not_answered);
	free(f->identical);
	free(f->identical_to);
	memset(f, 0, sizeof(*f));
}
