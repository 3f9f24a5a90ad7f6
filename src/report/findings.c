// SPDX-License-Identifier: GPL-2.0
/*
 * The findings block: one line per pair of kernels a cover letter claim
 * compares, with the measures it compares them by, each mean with its
 * 95% interval, Welch's p and the answer the claim's rule gives on these
 * runs, and the published figure beside it where the cover letter's
 * table prints one (elapsed, failures).  The claims are validate's
 * (experiment/validate.c), their titles and measure names are
 * docs/validation.md's (validation_md.c): nothing here asks a question of
 * its own.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "findings.h"
#include "html.h"
#include "table.h"
#include "validation_md.h"
#include "metrics/stats.h"
#include "util/xalloc.h"

static const char *const table_names[VALIDATION_NR_ARCH] = {
	[VALIDATION_X86_64] = "X86-64", [VALIDATION_X86] = "X86",
};

/*
 * The claims in the order a reader asks them: what 2.6.32-rc6 did
 * against 2.6.30 and what the revert did (claim 2), its failures and the
 * series' (1), then the rest of the series' effects.
 */
static const int claim_order[] = {
	CLAIM_RC6_SLOW_REVERT_HELPS, CLAIM_RC6_FAILS_SERIES_FIXES,
	CLAIM_SERIES_SMOOTHER_LATENCY, CLAIM_SERIES_CW_LIKE_2630,
	CLAIM_PATCH3_FEWER_STALLS, CLAIM_PATCH4_ABOVE_HIGH_LONGER,
	CLAIM_PATCH5_FEWER_ORDER2_NAPS,
};

/* A row as the lines name it: the base kernel and the patch level,
 * "2.6.32-rc6-0012345", "2.6.31-revert", "2.6.30" for 0000000. */
static void short_name(const char *row, char *buf, size_t len)
{
	const char *rest;
	int base = (int)table_kernel_base(row, &rest);
	int tok = (int)strcspn(rest, "-");

	if (!*rest || (tok == 7 && !strncmp(rest, "0000000", 7)))
		snprintf(buf, len, "%.*s", base, row);
	else
		snprintf(buf, len, "%.*s-%.*s", base, row, tok, rest);
}

static void cfg_name(const struct validation *v, int c, char *buf, size_t len)
{
	short_name(v->configs[c].profile, buf, len);
}

/* Counts as counts, seconds and fractions with the digits they need. */
static void num(FILE *f, double x)
{
	double a = fabs(x);

	if (isnan(x))
		fputs("n/a", f);
	else if (x == floor(x) && a < 1e15)
		fprintf(f, "%.0f", x);
	else
		fprintf(f, "%.*f", a >= 1000 ? 0 : a >= 10 ? 1 : a >= 0.1 ? 2 : 4,
			x);
}

/* "MEAN [LO, HI]": the mean of @n runs and its 95% interval. */
static void figure(FILE *f, double mean, double sd, unsigned int n)
{
	double h = n >= 2 && !isnan(sd) ?
		   stats_student_t_crit(0.05, n - 1) * sd / sqrt(n) : NAN;

	num(f, mean);
	if (isnan(h))
		return;
	fputs(" [", f);
	num(f, mean - h);
	fputs(", ", f);
	num(f, mean + h);
	fputc(']', f);
}

static void pvalue(FILE *f, double p)
{
	if (isnan(p))
		return;
	if (p < 0.001)
		fputs(", p<0.001", f);
	else
		fprintf(f, ", p=%.3f", p);
}

/* The published row of config @c on the runs' arch; NULL: none. */
static const struct record_row *published(const struct validation_findings *f,
					  int c)
{
	for (int r = 0; r < VALIDATION_NR_ROWS; r++)
		if (f->v.cover[f->arch][r] == c)
			return f->v.cover_row[f->arch][r];
	return NULL;
}

/* The figure of @m the cover letter's table prints for @c, or NAN. */
static double published_value(const struct validation_findings *f, int c,
			      int m)
{
	const struct record_row *row = published(f, c);

	if (!row)
		return NAN;
	if (m == VM_ELAPSED)
		return row->elapsed;
	if (m == VM_FAIL_PRINTED && row->failures >= 0)
		return row->failures;
	return NAN;
}

/* Why a comparison has no answer on these runs. */
static void why_unanswered(FILE *f, const struct validation_findings *fnd,
			   const struct validation_evidence *e)
{
	const struct validation *v = &fnd->v;
	int cfgs[3] = { e->cfg_a[0], e->cfg_b[0],
			e->kind == EVIDENCE_CLOSER ?
			v->cover[fnd->arch][R30] : e->cfg_a[0] };
	char name[96];

	for (int i = 0; i < 3; i++)
		if (!fnd->cfg_run[cfgs[i]]) {
			cfg_name(v, cfgs[i], name, sizeof(name));
			fprintf(f, "not answered: %s is not among the runs", name);
			return;
		}
	if (v->nr_seeds < 2)
		fputs("not answered: one run a kernel, no interval and no test", f);
	else
		fputs("not answered: these runs do not have it (mmsim validate "
		      "measures it)", f);
}

static void answer(FILE *f, const struct validation_evidence *e)
{
	bool nearer = e->kind == EVIDENCE_CLOSER ? e->dist_a < e->dist_b :
		      e->cmp.less;

	if (e->meets)
		fputs("yes", f);
	else if (nearer)
		fputs("not significantly", f);
	else
		fputs("no", f);
}

/* One measure's comparison: "NAME A vs B, p: ANSWER". */
static void comparison(FILE *f, const struct validation_findings *fnd,
		       const struct validation_evidence *e, bool same_cfg)
{
	const struct validation *v = &fnd->v;
	char base[96];

	if (!same_cfg)
		fputs(validation_measure_name(e->measure_a), f);
	if (!e->measurable) {
		fputs(same_cfg ? "" : ": ", f);
		why_unanswered(f, fnd, e);
		return;
	}
	fputs(same_cfg ? "" : " ", f);
	figure(f, e->cmp.ma, e->cmp.sa, v->nr_seeds);
	fputs(" vs ", f);
	figure(f, e->cmp.mb, e->cmp.sb, v->nr_seeds);
	if (e->kind == EVIDENCE_CLOSER) {
		cfg_name(v, v->cover[fnd->arch][R30], base, sizeof(base));
		fprintf(f, " (%s ", base);
		num(f, e->base_mean);
		fputc(')', f);
	}
	pvalue(f, e->cmp.w.p);
	fputs(": ", f);
	answer(f, e);
}

/* "; published A vs B", where the table prints the measure. */
static void published_pair(FILE *f, const struct validation_findings *fnd,
			   const struct validation_evidence *e)
{
	double a = published_value(fnd, e->cfg_a[0], e->measure_a);
	double b = published_value(fnd, e->cfg_b[0], e->measure_b);

	if (isnan(a) || isnan(b))
		return;
	fputs("; published ", f);
	num(f, a);
	fputs(" vs ", f);
	num(f, b);
}

static bool same_pair(const struct validation_evidence *a,
		      const struct validation_evidence *b)
{
	return a->kind == b->kind && a->cfg_a[0] == b->cfg_a[0] &&
	       a->cfg_b[0] == b->cfg_b[0];
}

/* Claim 1's own condition: vanilla 2.6.32-rc6 fails at all (the rule
 * reads the X86-64 table's row). */
static void rc6_fails(FILE *f, const struct validation_findings *fnd)
{
	const struct validation *v = &fnd->v;
	int rc6 = v->cover[VALIDATION_X86_64][R32];
	int v30 = v->cover[VALIDATION_X86_64][R30];
	const double *x = validation_cval(v, rc6, VM_FAIL_PRINTED);
	const double *y = validation_cval(v, v30, VM_FAIL_PRINTED);
	const char *m = validation_measure_name(VM_FAIL_PRINTED);
	char a[96], b[96];

	cfg_name(v, rc6, a, sizeof(a));
	cfg_name(v, v30, b, sizeof(b));
	fprintf(f, "Claim %d, %s fails? %s ", CLAIM_RC6_FAILS_SERIES_FIXES + 1,
		a, m);
	if (!fnd->cfg_run[rc6] || !v->nr_seeds) {
		fprintf(f, "not answered: %s is not among the runs", a);
		return;
	}
	figure(f, stats_mean(x, v->nr_seeds), v->nr_seeds > 1 ?
	       stats_stddev(x, v->nr_seeds) : NAN, v->nr_seeds);
	if (fnd->cfg_run[v30]) {
		fprintf(f, " (%s ", b);
		num(f, stats_mean(y, v->nr_seeds));
		fputc(')', f);
	}
	fprintf(f, ": %s; published ", v->claims[CLAIM_RC6_FAILS_SERIES_FIXES]
		.vanilla_failures > 0 ? "yes" : "no");
	num(f, published_value(fnd, rc6, VM_FAIL_PRINTED));
	fprintf(f, " (%s ", b);
	num(f, published_value(fnd, v30, VM_FAIL_PRINTED));
	fputc(')', f);
}

/* Claim 2's recovered share: (rc6 - revert) / (rc6 - 2.6.30). */
static void recovered(FILE *f, const struct validation_findings *fnd)
{
	const struct validation *v = &fnd->v;
	int a = fnd->arch;
	double got = v->claims[CLAIM_RC6_SLOW_REVERT_HELPS].recovered[a];
	double pub = (v->cover_row[a][R32]->elapsed -
		      v->cover_row[a][R32_REVERT]->elapsed) /
		     (v->cover_row[a][R32]->elapsed - v->cover_row[a][R30]->elapsed);

	if (isnan(got) || isinf(got))
		return;
	fprintf(f, "; it recovers %.0f%% of the gap to 2.6.30 (published "
		"%.0f%%)", got * 100, pub * 100);
}

/* Claim 4's part (a): the premature-sleep counters with patch 4 only,
 * every row of the runs' arch. */
static void patch4_counters(FILE *f, const struct validation_findings *fnd)
{
	const struct validation *v = &fnd->v;

	fprintf(f, "Claim %d, %s non-zero in every run with patch 4 and zero in "
		"every run without? ", CLAIM_PATCH4_ABOVE_HIGH_LONGER + 1,
		validation_measure_name(VM_PREMATURE));
	for (int r = 0; r < VALIDATION_NR_ROWS; r++)
		if (!fnd->cfg_run[v->cover[fnd->arch][r]]) {
			char n[96];

			cfg_name(v, v->cover[fnd->arch][r], n, sizeof(n));
			fprintf(f, "not answered: %s is not among the runs", n);
			return;
		}
	fputs(v->claims[CLAIM_PATCH4_ABOVE_HIGH_LONGER].part_a_arch[fnd->arch] ?
	      "yes" : "no", f);
}

/* The lines of one claim: one per pair of configs it compares on the
 * runs' arch, the measures of a pair on one line. */
static void claim_lines(const struct validation_findings *fnd, int id,
			char ***lines, size_t *n)
{
	const struct validation *v = &fnd->v;
	const struct validation_claim *cl = &v->claims[id];
	size_t first = *n;

	if (id == CLAIM_RC6_FAILS_SERIES_FIXES && fnd->arch == VALIDATION_X86_64) {
		char *l = NULL;
		size_t len = 0;
		FILE *f = xopen_memstream(&l, &len);

		rc6_fails(f, fnd);
		xclose_memstream(f);
		(*lines)[(*n)++] = l;
	}
	if (id == CLAIM_PATCH4_ABOVE_HIGH_LONGER) {
		char *l = NULL;
		size_t len = 0;
		FILE *f = xopen_memstream(&l, &len);

		patch4_counters(f, fnd);
		xclose_memstream(f);
		(*lines)[(*n)++] = l;
	}
	for (size_t i = 0; i < cl->nr_ev; ) {
		const struct validation_evidence *e = &cl->ev[i];
		bool same_cfg = e->cfg_a[0] == e->cfg_b[0];
		char a[96], b[96], *l = NULL;
		size_t len = 0, k;
		FILE *f;

		if (!e->counts || v->configs[e->cfg_a[0]].arch != fnd->arch) {
			i++;
			continue;
		}
		cfg_name(v, e->cfg_a[0], a, sizeof(a));
		cfg_name(v, e->cfg_b[0], b, sizeof(b));
		f = xopen_memstream(&l, &len);
		if (e->kind == EVIDENCE_CLOSER)
			fprintf(f, "Claim %d, %s closer to %s than %s? ", id + 1,
				a, "2.6.30", b);
		else if (same_cfg)
			fprintf(f, "Claim %d, on %s, %s below %s? ", id + 1, a,
				validation_measure_name(e->measure_a),
				validation_measure_name(e->measure_b));
		else
			fprintf(f, "Claim %d, %s below %s? ", id + 1, a, b);
		for (k = i; k < cl->nr_ev && same_pair(&cl->ev[k], e); k++) {
			if (!cl->ev[k].counts)
				continue;
			if (k > i)
				fputs("; ", f);
			comparison(f, fnd, &cl->ev[k], same_cfg);
			published_pair(f, fnd, &cl->ev[k]);
		}
		if (id == CLAIM_RC6_SLOW_REVERT_HELPS &&
		    e->cfg_a[0] == v->cover[fnd->arch][R32_REVERT])
			recovered(f, fnd);
		xclose_memstream(f);
		(*lines)[(*n)++] = l;
		i = k;
	}
	if (*n == first)
		(*lines)[(*n)++] = xasprintf("Claim %d, %s: the cover letter asks "
					     "it of the other arch's table only",
					     id + 1, validation_claim_title(id));
}

size_t findings_lines(const struct validation_findings *f, char ***out)
{
	size_t cap = 8 + VALIDATION_MAX_EVIDENCE * NR_CLAIMS, n = 0;
	char **lines = xcalloc(cap, sizeof(*lines));

	if (f->not_answered) {
		int nr = 0;

		for (int c = 0; c < NR_CLAIMS; c++)
			nr += validation_claim_info[c].set == RECORD_COVER;
		lines[n++] = xasprintf("Findings: none of the cover letter's "
				       "claims (claims 1-%d of docs/validation.md) "
				       "is asked of these runs: %s.", nr,
				       f->not_answered);
	} else {
		lines[n++] = xasprintf("Findings: the cover letter's claims asked "
			"of these runs (%s, %u run%s a kernel: mean [95%% interval], "
			"Welch's p; yes: in the claimed direction at p < %g), beside "
			"its %s table (one run a kernel).", table_names[f->arch],
			f->v.nr_seeds, f->v.nr_seeds == 1 ? "" : "s", f->v.alpha,
			table_names[f->arch]);
		for (size_t i = 0; i < sizeof(claim_order) / sizeof(claim_order[0]); i++)
			claim_lines(f, claim_order[i], &lines, &n);
	}
	if (f->nr_identical) {
		char *l = NULL;
		size_t len = 0;
		FILE *m = xopen_memstream(&l, &len);

		fputs("Bit-identical runs: ", m);
		for (size_t i = 0; i < f->nr_identical; i++)
			fprintf(m, "%s%s gave the runs of %s", i ? "; " : "",
				f->identical[i], f->identical_to[i]);
		fputs(" (seed for seed: what differs between them does nothing "
		      "here).", m);
		xclose_memstream(m);
		lines[n++] = l;
	}
	lines[n++] = xasprintf("Why, claim by claim, with the full record: "
			       "docs/validation.md (mmsim validate); which switches "
			       "make 2.6.32-rc6 differ from 2.6.30: docs/bisect.md "
			       "(mmsim bisect).");
	*out = lines;
	return n;
}

void findings_lines_free(char **lines, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
}

void findings_print(FILE *out, const struct validation_findings *f)
{
	char **lines;
	size_t n = findings_lines(f, &lines);

	for (size_t i = 0; i < n; i++)
		fprintf(out, "%s%s\n", i && i + 1 < n ? "  " : "", lines[i]);
	findings_lines_free(lines, n);
}

/*
 * @s escaped, each word holding a hyphen (2.6.32-rc6-0000000-force-highorder,
 * -12.3%, 09:02->10:57) in a span the line may not break inside: a
 * browser breaks a narrow screen's lines at hyphens.
 */
static void esc_words(FILE *f, const char *s)
{
	while (*s) {
		size_t w = strcspn(s, " ");
		bool nb = memchr(s, '-', w) != NULL;

		if (nb)
			fputs("<span class=\"nb\">", f);
		html_escape_n(f, s, w);
		if (nb)
			fputs("</span>", f);
		s += w;
		for (; *s == ' '; s++)
			fputc(' ', f);
	}
}

void findings_html(FILE *out, const struct validation_findings *f)
{
	char **lines;
	size_t n = findings_lines(f, &lines);

	fputs("<section id=\"findings\">\n<h2>Findings</h2>\n<p>", out);
	esc_words(out, lines[0]);
	fputs("</p>\n<ul>\n", out);
	for (size_t i = 1; i + 1 < n; i++) {
		fputs("<li>", out);
		esc_words(out, lines[i]);
		fputs("</li>\n", out);
	}
	fputs("</ul>\n<p>", out);
	esc_words(out, lines[n - 1]);
	fputs("</p>\n</section>\n", out);
	findings_lines_free(lines, n);
}
