// SPDX-License-Identifier: GPL-2.0
/* The option parser every mmsim command uses (see options.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "commands.h"
#include "options.h"
#include "experiment/pool.h"
#include "report/outfile.h"
#include "scenario/param.h"
#include "scenario/scenario.h"
#include "scenario/suggest.h"
#include "scenario/units.h"
#include "util/xalloc.h"

/*
 * The val of a long-only option's struct option: its index above every
 * character, so that an error about a short option names it from
 * getopt's optopt, and one about a long option from its argument.
 */
#define CLI_LONG_ONLY		256

/* Is @name one of the words of @list? */
static bool listed(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; p && (p = strstr(p, name)); p += n)
		if ((p == list || p[-1] == ' ') && (!p[n] || p[n] == ' '))
			return true;
	return false;
}

void cli_options_init(struct cli_options *o, const char *cmd, int argc,
		      char **argv, const struct cli_table *t)
{
	char *s = o->shortopts;
	int n = 0;

	memset(o, 0, sizeof(*o));
	o->cmd = cmd;
	o->argc = argc;
	o->argv = argv;
	o->table = t;
	/*
	 * '-': operands come back in order as CLI_OPERAND, without getopt
	 * permuting argv, whatever POSIXLY_CORRECT says; '+': stop at the
	 * first one.  ':': a missing value is told apart from an unknown
	 * option.
	 */
	*s++ = t->stop_at_operand ? '+' : '-';
	*s++ = ':';
	if (t->nr > CLI_MAX_OPTIONS)
		o->broken = "more entries than CLI_MAX_OPTIONS";
	for (size_t i = 0; i < t->nr && !o->broken; i++) {
		const struct cli_opt *e = &t->opts[i];

		if (!e->name) {
			o->broken = "an enum value without its entry";
			break;
		}
		if (e->only && cmd && !listed(e->only, cmd))
			continue;
		/* Each option's val: its short name, else above every
		 * character (option_error() tells them apart by it). */
		o->longopts[n].name = e->name;
		o->longopts[n].has_arg = e->metavar ? required_argument : no_argument;
		o->longopts[n].val = e->short_name ? e->short_name : CLI_LONG_ONLY + (int)i;
		o->index[n++] = (int)i;
		if (e->short_name) {
			*s++ = e->short_name;
			if (e->metavar)
				*s++ = ':';
		}
	}
	*s = 0;
	/* 0, not 1: glibc then forgets a half-scanned "-hx" of an earlier
	 * call as well. */
	optind = 0;
	opterr = 0;
}

int cli_unhandled(const struct cli_options *o, int c)
{
	if (c >= 0 && (size_t)c < o->table->nr)
		return usage_error("%s%s--%s: internal error: the option is in the "
				   "table but has no case", o->cmd ? o->cmd : "",
				   o->cmd ? ": " : "", o->table->opts[c].name);
	return 2;
}

/* The table index of the option getopt_long() returned @c for. */
static int table_index(const struct cli_options *o, int c)
{
	if (c >= CLI_LONG_ONLY)
		return c - CLI_LONG_ONLY;
	for (int i = 0; o->longopts[i].name; i++)
		if (o->longopts[i].val == c)
			return o->index[i];
	return CLI_OPTION_ERROR;
}

/* How many long options @name (up to '=' or its end) is a prefix of. */
static int prefix_matches(const struct cli_options *o, const char *name)
{
	size_t n = strcspn(name, "=");
	int matches = 0;

	for (const struct option *l = o->longopts; l && l->name; l++)
		matches += !strncmp(l->name, name, n);
	return matches;
}

static void option_error(const struct cli_options *o, int c)
{
	const char *arg = optind > 0 && optind <= o->argc ? o->argv[optind - 1] : "";
	const char *cmd = o->cmd ? o->cmd : "";
	const char *sep = o->cmd ? ": " : "";
	const char *help = o->cmd ? " --help" : "";
	const char *problem = "unknown";
	char shortname[3] = "-?";
	int len = (int)strcspn(arg, "=");

	if (c == ':') {
		usage_error("%s%s%s needs a value", cmd, sep, arg);
		return;
	}
	if (optopt >= CLI_LONG_ONLY ||
	    (optopt > 0 && optopt != ':' && strchr(o->shortopts + 2, optopt))) {
		/* A known long option that was given "=VALUE". */
		usage_error("%s%s%.*s takes no value", cmd, sep, len, arg);
		return;
	}
	if (optopt > 0) {
		/* An unknown short option, maybe inside "-xyz". */
		shortname[1] = (char)optopt;
		arg = shortname;
	} else if (!strncmp(arg, "--", 2) && prefix_matches(o, arg + 2) > 1) {
		problem = "ambiguous";
	}
	{
		/* The long option meant: the nearest name, "--" and all. */
		struct suggest s;
		char names[64][48];
		int n = 0;

		suggest_init(&s, arg);
		if (!strncmp(arg, "--", 2) && !strcmp(problem, "unknown")) {
			for (const struct option *l = o->longopts; l && l->name && n < 64; l++) {
				snprintf(names[n], sizeof(names[n]), "--%s", l->name);
				suggest_add(&s, names[n++]);
			}
		}
		usage_error("%s%s%s option '%s' (%stry 'mmsim %s%s')", cmd, sep, problem,
			    arg, suggest_lead(&s), o->cmd ? o->cmd : "help", help);
	}
}

/*
 * An option with a value given a second time: the first value would be
 * lost without a word (run --seed 1 --seed 2 ran seed 2), so it is
 * refused, unless the command takes several.
 */
static int once(struct cli_options *o, int c)
{
	const struct cli_opt *e = &o->table->opts[c];

	if (!e->metavar || (e->flags & CLI_REPEATABLE))
		return 0;
	if (o->given[c]) {
		usage_error("%s%s--%s given twice ('%s', then '%s'): give it once",
			    o->cmd ? o->cmd : "", o->cmd ? ": " : "", e->name,
			    o->given[c], optarg ? optarg : "");
		return -1;
	}
	o->given[c] = optarg ? optarg : "";
	return 0;
}

int cli_next_option(struct cli_options *o)
{
	int c;

	if (o->operands_only) {
		if (optind >= o->argc)
			return -1;
		optarg = o->argv[optind++];
		return CLI_OPERAND;
	}
	if (o->broken) {
		usage_error("%s%sinternal error: the option table has %s",
			    o->cmd ? o->cmd : "", o->cmd ? ": " : "", o->broken);
		return CLI_OPTION_ERROR;
	}
	c = getopt_long(o->argc, o->argv, o->shortopts, o->longopts, NULL);
	if (c == 1)
		return CLI_OPERAND;
	if (c == -1 && o->shortopts[0] == '-') {
		/* "--": whatever follows is an operand. */
		o->operands_only = true;
		return cli_next_option(o);
	}
	if (c == -1)
		return -1;
	if (c == '?' || c == ':') {
		option_error(o, c);
		return CLI_OPTION_ERROR;
	}
	c = table_index(o, c);
	if (c < 0) {
		usage_error("%s%sinternal error: getopt returned an option not in "
			    "the table", o->cmd ? o->cmd : "", o->cmd ? ": " : "");
		return CLI_OPTION_ERROR;
	}
	if (once(o, c))
		return CLI_OPTION_ERROR;
	return c;
}

/* --help: every text fits an 80-column terminal with room. */
#define HELP_WIDTH	78
/* How far an option's name and value may pass the text's column and
 * still have the text on their line. */
#define HELP_OVERHANG	5

/*
 * The length of the word at @p: up to the next space or newline, or, for
 * a word that opens a quote ("Node N", (see 'mmsim profiles')), past the
 * quote's end: a quoted phrase is not split across lines.
 */
static size_t help_word(const char *p)
{
	const char *q = p + (*p == '(');
	const char *end;

	if ((*q == '"' || *q == '\'') && (end = strchr(q + 1, *q)) &&
	    !memchr(q, '\n', (size_t)(end - q)))
		return (size_t)(end - p) + strcspn(end, " \n");
	return strcspn(p, " \n");
}

static void help_newline(FILE *f, int column, int *col)
{
	fprintf(f, "\n%*s", column, "");
	*col = column;
}

void cli_print_options(FILE *f, const struct cli_table *t)
{
	for (size_t i = 0; i < t->nr; i++) {
		const struct cli_opt *e = &t->opts[i];
		const char *p = e->help;
		bool line_empty = true;
		int col, gap = 0;

		if (e->short_name)
			col = fprintf(f, "  -%c, --%s", e->short_name, e->name);
		else
			col = fprintf(f, "  --%s", e->name);
		if (e->metavar)
			col += fprintf(f, " %s", e->metavar);
		if (col < t->column) {
			col += fprintf(f, "%*s", t->column - col, "");
		} else if (col <= t->column + HELP_OVERHANG) {
			col += fprintf(f, "  ");
		} else {
			help_newline(f, t->column, &col);
		}
		/* Greedy filling, the spaces between two words on a line
		 * kept (two after a full stop), a quoted phrase whole. */
		while (p && *p) {
			size_t len;

			if (*p == ' ') {
				gap++;
				p++;
				continue;
			}
			if (*p == '\n') {
				help_newline(f, t->column, &col);
				line_empty = true;
				gap = 0;
				p++;
				continue;
			}
			len = help_word(p);
			if (!line_empty && col + gap + (int)len > HELP_WIDTH) {
				help_newline(f, t->column, &col);
				line_empty = true;
			}
			if (!line_empty)
				col += fprintf(f, "%*s", gap, "");
			col += fprintf(f, "%.*s", (int)len, p);
			p += len;
			line_empty = false;
			gap = 0;
		}
		fputc('\n', f);
	}
}

bool cli_count_ok(const char *arg, uint64_t min, uint64_t max, uint64_t *out)
{
	char why[48];
	uint64_t v;

	if (parse_count(arg, &v, why, sizeof(why)) || v < min || v > max)
		return false;
	*out = v;
	return true;
}

int cli_count(const char *what, const char *arg, uint64_t min, uint64_t max,
	      uint64_t *out)
{
	if (cli_count_ok(arg, min, max, out))
		return 0;
	return usage_error("%s '%s': expected a whole number from %llu to %llu",
			   what, arg, (unsigned long long)min,
			   (unsigned long long)max);
}

int cli_time(const char *what, const char *arg, uint64_t min, uint64_t max,
	     uint64_t *out)
{
	char why[64], expect[128];

	if (!parse_time_range(arg, min, max, out, why, sizeof(why)))
		return 0;
	expect_time(expect, sizeof(expect), min, max);
	return usage_error("%s '%s': %s (%s)", what, arg, why, expect);
}

int cli_size(const char *what, const char *arg, uint64_t min, uint64_t max,
	     uint64_t *out)
{
	char why[64], expect[160];

	if (!parse_size_memparse_range(arg, min, max, out, why, sizeof(why)))
		return 0;
	expect_size(expect, sizeof(expect), min, max, 0);
	return usage_error("%s '%s': %s (%s; a number alone is bytes, as the "
			   "kernel's mem=)", what, arg, why, expect);
}

int cli_time_key(const char *what, const char *arg, const char *section,
		 const char *key, uint64_t *out)
{
	const struct param_spec *sp = scenario_key_spec(section, key);

	return cli_time(what, arg, (uint64_t)sp->min, (uint64_t)sp->max, out);
}

bool cli_arch_ok(const char *arg)
{
	return !strcmp(arg, "x86") || !strcmp(arg, "x86_64");
}

/* ---- runs done elsewhere --------------------------------------------- */

static char **pool_argv;
static struct outfile jobs_file;
static const char *jobs_path;

int cli_pool_mode(const char *cmd, const char *emit, const char *run_job,
		  int argc, char **argv)
{
	char self[4096];
	ssize_t n;
	int k = 0;

	pool_set_mode(POOL_LOCAL, NULL, 0, NULL, NULL);
	jobs_path = NULL;
	if (!emit && !run_job)
		return 0;
	if (emit && run_job)
		return usage_error("%s: --emit-jobs and --run-job: one or the other", cmd);
	if (emit && outfile_open(&jobs_file, emit))
		return usage_error("%s: --emit-jobs %s: cannot write: %s", cmd,
				   emit, outfile_error(&jobs_file));
	jobs_path = emit;
	free(pool_argv);
	pool_argv = xcalloc((size_t)argc + 2, sizeof(*pool_argv));
	/* Without /proc, the name a shell finds on its PATH. */
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	self[n > 0 ? n : 0] = 0;
	pool_argv[k++] = xstrdup(n > 0 ? self : "mmsim");
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--emit-jobs") || !strcmp(a, "--run-job")) {
			i++;
			continue;
		}
		if (!strncmp(a, "--emit-jobs=", 12) || !strncmp(a, "--run-job=", 10))
			continue;
		pool_argv[k++] = xstrdup(a);
	}
	pool_set_mode(emit ? POOL_EMIT : POOL_RUN_JOB, run_job, k, pool_argv,
		      emit ? jobs_file.fp : NULL);
	return 0;
}

bool cli_pool_finish(const char *cmd, int *rc)
{
	enum pool_mode m = pool_mode();
	bool stopped = false;

	if (m == POOL_EMIT) {
		stopped = pool_emitted() > 0;
		if (outfile_commit(&jobs_file)) {
			fprintf(stderr, "mmsim: %s: --emit-jobs %s: cannot write: %s\n",
				cmd, jobs_path, outfile_error(&jobs_file));
			*rc = 1;
			return true;
		}
		if (stopped) {
			fprintf(stderr, "mmsim: %s: %zu runs to do, a command line each "
				"in %s (for GNU parallel or a Slurm array); once they have "
				"run, this command again gives the next stage's runs or "
				"the report\n", cmd, pool_emitted(), jobs_path);
			*rc = 0;
		}
	} else if (m == POOL_RUN_JOB && pool_job_done()) {
		stopped = true;
		*rc = 0;
	} else if (m == POOL_RUN_JOB && pool_missing()) {
		fprintf(stderr, "mmsim: %s: --run-job: not a run of this command's "
			"next stage, or the run failed (%zu of that stage's runs are "
			"not kept)\n", cmd, pool_missing());
		stopped = true;
		*rc = 1;
	}
	pool_set_mode(POOL_LOCAL, NULL, 0, NULL, NULL);
	return stopped;
}
