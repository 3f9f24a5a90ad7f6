// SPDX-License-Identifier: GPL-2.0
/*
 * The findings block of mmsim compare on synthetic runs, laid out as
 * tests/test_validation.c lays out its claim tests: every comparison a
 * cover letter claim makes on the runs' arch answered in a line (it
 * holds, it does not, or what is missing), the published figure beside
 * it, the identical columns and where to read more.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "experiment/findings.h"
#include "report/findings.h"

#define SEEDS	6

static double *val(struct validation_findings *f, int c, int m)
{
	return f->vals + ((size_t)c * NR_VMEASURES + (size_t)m) * f->v.nr_seeds;
}

/* Measure @m of cover row @r: @mean, spread by @spread around it. */
static void set(struct validation_findings *f, int r, int m, double mean,
		double spread)
{
	double *x = val(f, f->v.cover[f->arch][r], m);

	for (unsigned int i = 0; i < f->v.nr_seeds; i++)
		x[i] = mean + spread * (double)((int)(i % 3) - 1);
}

/*
 * Every row of @arch run at @seeds seeds, every measure the compare has
 * a noisy 100 (none of validate's own: the failure records and the
 * 100 ms samples stay NAN); 2.6.32-rc6 slower than 2.6.30 (claim 2
 * holds there), its revert no faster (it fails), rc6 failing and the
 * series failing less (claim 1 holds).
 */
static void synth(struct validation_findings *f, int arch, unsigned int seeds)
{
	memset(f, 0, sizeof(*f));
	findings_plan(f, arch, seeds);
	for (size_t c = 0; c < f->v.nr_configs; c++) {
		if (f->v.configs[c].arch != arch)
			continue;
		f->cfg_run[c] = true;
		for (int m = 0; m < NR_VMEASURES; m++)
			for (unsigned int s = 0; s < seeds; s++)
				val(f, (int)c, m)[s] =
					m == VM_ABOVE_HIGH || m == VM_FAIL_NOWARN ||
					m == VM_FAIL_ATOMIC2 ? NAN :
					100 + (double)(s % 3);
	}
	set(f, R30, VM_ELAPSED, 600, 5);
	set(f, R32, VM_ELAPSED, 1100, 5);
	set(f, R32_REVERT, VM_ELAPSED, 1150, 5);
	set(f, R30, VM_FAIL_PRINTED, 0, 0);
	set(f, R32, VM_FAIL_PRINTED, 150, 10);
	set(f, R32_P12345, VM_FAIL_PRINTED, 30, 10);
}

static char *text_of(const struct validation_findings *f)
{
	char *t = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&t, &len);

	findings_print(m, f);
	fclose(m);
	return t;
}

/* The line of @t that starts (after its indent) with @start. */
static const char *line_of(const char *t, const char *start)
{
	static char line[4096];

	for (const char *p = t; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
		const char *q = p;
		size_t n;

		while (*q == ' ')
			q++;
		if (strncmp(q, start, strlen(start)))
			continue;
		n = strcspn(q, "\n");
		if (n >= sizeof(line))
			n = sizeof(line) - 1;
		memcpy(line, q, n);
		line[n] = 0;
		return line;
	}
	fail_msg("no line starting '%s' in:\n%s", start, t);
	return NULL;
}

static void assert_in(const char *hay, const char *needle)
{
	if (!strstr(hay, needle))
		fail_msg("'%s' not in '%s'", needle, hay);
}

/*
 * Holds, fails and the published figure: 2.6.30 600 s against rc6's
 * 1100 s at six seeds, p far below 0.05, the cover letter's X86-64 rows
 * 9:48.545 and 19:38.585 beside them; the revert 1150 s, slower than
 * rc6: no, and it "recovers" (1100 - 1150) / (1100 - 600) = -10% of the
 * gap against the published (1178.585 - 1041.257) / (1178.585 -
 * 588.545) = 23%.  rc6 fails, 0 on 2.6.30 (published 5 and 0); the
 * series 30 against 150.
 */
static void test_claims_hold_and_fail(void **state)
{
	struct validation_findings f;
	char *t;
	const char *l;

	(void)state;
	synth(&f, VALIDATION_X86_64, SEEDS);
	findings_decide(&f);
	t = text_of(&f);
	/* The block opens with what it asks of what. */
	assert_true(!strncmp(t, "Findings: the cover letter's claims asked of these "
			     "runs (X86-64, 6 runs a kernel", 71));
	l = line_of(t, "Claim 2, 2.6.30 below 2.6.32-rc6? ");
	assert_in(l, "gitk elapsed (s) 600 [");
	assert_in(l, "vs 1100 [");
	assert_in(l, "p<0.001: yes; published 588.5 vs 1179");
	l = line_of(t, "Claim 2, 2.6.32-rc6-revert below 2.6.32-rc6? ");
	assert_in(l, ": no; published 1041 vs 1179; it recovers -10% of the gap "
		  "to 2.6.30 (published 23%)");
	l = line_of(t, "Claim 1, 2.6.32-rc6 fails? ");
	assert_in(l, "failures printed 150 [");
	assert_in(l, "(2.6.30 0): yes; published 5 (2.6.30 0)");
	l = line_of(t, "Claim 1, 2.6.32-rc6-0012345 below 2.6.32-rc6? ");
	assert_in(l, "failures printed 30 [");
	assert_in(l, ": yes; published 0 vs 5");
	/* Equal noisy baselines elsewhere: no difference, no. */
	l = line_of(t, "Claim 7, 2.6.32-rc6-0012345 below 2.6.32-rc6? ");
	assert_in(l, "gitk stall p95 (s) ");
	assert_in(l, ": no; gitk stall max (s) ");
	/* Claim 2 first: what rc6 did against 2.6.30 opens the block. */
	assert_true(strstr(t, "Claim 2, 2.6.30 below") < strstr(t, "Claim 1,"));
	free(t);
	findings_free(&f);
}

/* What cannot be answered says why: a kernel not run, a measure only
 * validate takes, one run a kernel, a claim of the other arch. */
static void test_missing_says_why(void **state)
{
	struct validation_findings f;
	char *t;
	const char *l;
	int c;

	(void)state;
	synth(&f, VALIDATION_X86_64, SEEDS);
	c = f.v.cover[VALIDATION_X86_64][R32_P123];
	f.cfg_run[c] = false;
	for (int m = 0; m < NR_VMEASURES; m++)
		for (unsigned int s = 0; s < SEEDS; s++)
			val(&f, c, m)[s] = NAN;
	findings_decide(&f);
	t = text_of(&f);
	l = line_of(t, "Claim 4, 2.6.32-rc6-0000123 below 2.6.32-rc6-0000012? ");
	assert_in(l, "not answered: 2.6.32-rc6-0000123 is not among the runs");
	/* Patch 4's counters need every row. */
	l = line_of(t, "Claim 5, kswapd_slept_prematurely fast+slow non-zero");
	assert_in(l, "not answered: 2.6.32-rc6-0000123 is not among the runs");
	l = line_of(t, "Claim 5, 2.6.32-rc6-0000123 below 2.6.32-rc6-0001234? ");
	assert_in(l, "not answered: 2.6.32-rc6-0000123 is not among the runs");
	free(t);
	findings_free(&f);

	/* Free pages above high: validate's 100 ms samples only. */
	synth(&f, VALIDATION_X86_64, SEEDS);
	findings_decide(&f);
	t = text_of(&f);
	l = line_of(t, "Claim 5, 2.6.32-rc6-0000123 below 2.6.32-rc6-0001234? ");
	assert_in(l, "not answered: these runs do not have it (mmsim validate "
		  "measures it)");
	free(t);
	findings_free(&f);

	/* One seed: figures without an interval, no test. */
	synth(&f, VALIDATION_X86_64, 1);
	findings_decide(&f);
	t = text_of(&f);
	l = line_of(t, "Claim 2, 2.6.30 below 2.6.32-rc6? ");
	assert_in(l, "not answered: one run a kernel, no interval and no test");
	free(t);
	findings_free(&f);

	/* Claim 1 is the X86-64 table's: on x86 it is not asked. */
	synth(&f, VALIDATION_X86, SEEDS);
	findings_decide(&f);
	t = text_of(&f);
	assert_in(t, "(X86, 6 runs a kernel");
	l = line_of(t, "Claim 1, ");
	assert_in(l, "the cover letter asks it of the other arch's table only");
	/* Published: the X86 table's 10:59.095 and 18:18.562. */
	l = line_of(t, "Claim 2, 2.6.30 below 2.6.32-rc6? ");
	assert_in(l, "; published 659.1 vs 1099");
	free(t);
	findings_free(&f);
}

/* A table the claims were not made of: the block says why, and still
 * names the identical columns and where to read more, last. */
static void test_not_asked_identical_and_where(void **state)
{
	static const char *a[] = { "2.6.31-0000012-pgalloc-2.6.30" },
			  *b[] = { "2.6.31-0000000-force-highorder" };
	struct validation_findings f = {
		.not_answered = strdup("a sweep changes the reproduction's scenario"),
		.arch = VALIDATION_X86_64,
		.identical = a, .identical_to = b, .nr_identical = 1,
	};
	char **lines, *t, *h = NULL;
	size_t n, len = 0;
	FILE *m;

	(void)state;
	n = findings_lines(&f, &lines);
	assert_int_equal(n, 3);
	assert_string_equal(lines[0], "Findings: none of the cover letter's claims "
			    "(claims 1-7 of docs/validation.md) is asked of these "
			    "runs: a sweep changes the reproduction's scenario.");
	assert_string_equal(lines[1], "Bit-identical runs: 2.6.31-0000012-pgalloc-2.6.30 "
			    "gave the runs of 2.6.31-0000000-force-highorder (seed "
			    "for seed: what differs between them does nothing here).");
	assert_in(lines[2], "docs/validation.md");
	assert_in(lines[2], "docs/bisect.md");
	findings_lines_free(lines, n);
	/* Text: the lines between the first and the last indented. */
	t = text_of(&f);
	assert_true(!strncmp(t, "Findings: ", 10));
	assert_in(t, "\n  Bit-identical runs: ");
	assert_in(t, "\nWhy, claim by claim");
	free(t);
	/* HTML: a section, the lines a list, escaped. */
	m = open_memstream(&h, &len);
	findings_html(m, &f);
	fclose(m);
	assert_true(!strncmp(h, "<section id=\"findings\">\n<h2>Findings</h2>\n<p>"
			     "Findings: ", 54));
	assert_in(h, "<li><span class=\"nb\">Bit-identical</span> runs: ");
	/* A phone's browser breaks lines at hyphens: every word holding one
	 * is a span the line may not break in (html.c's #findings .nb). */
	assert_in(h, "<span class=\"nb\">2.6.31-0000012-pgalloc-2.6.30</span>");
	for (const char *p = h, *tag = NULL; *p; p++) {
		if (*p == '<')
			tag = p;
		else if (*p == '>')
			tag = NULL;
		else if (*p == '-' && !tag) {
			const char *open = NULL, *close = NULL;

			for (const char *q = h; q < p; q++) {
				if (!strncmp(q, "<span class=\"nb\">", 17))
					open = q;
				else if (!strncmp(q, "</span>", 7))
					close = q;
			}
			if (!open || (close && close > open))
				fail_msg("a hyphen the line may break at: '%.40s'",
					 p > h + 20 ? p - 20 : h);
		}
	}
	free(h);
	f.identical = NULL;
	f.identical_to = NULL;
	f.nr_identical = 0;
	findings_free(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_claims_hold_and_fail),
		cmocka_unit_test(test_missing_says_why),
		cmocka_unit_test(test_not_asked_identical_and_where),
	};

	return cmocka_run_group_tests_name("findings", tests, NULL, NULL);
}
