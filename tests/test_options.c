// SPDX-License-Identifier: GPL-2.0
/*
 * The option tables (src/cli/options.h): every command's options come
 * from one table, which builds getopt's arrays and the OPTIONS lines of
 * its --help.  Checked here, in-process (cli_main() with cli_dry_run, as
 * the command-line fuzzer calls it), for every command with a table:
 *
 *  - each entry is whole: a name, a text, no name or short name twice;
 *  - --help lists each entry exactly once, as the line "  --NAME ..." or
 *    "  -X, --NAME ...", and no option line that is not an entry (an
 *    option documented by hand, which nothing parses);
 *  - each entry, long and short, is accepted by the parser and reaches a
 *    case of the command's switch: one without its case says "internal
 *    error" (cli_unhandled()), and an enum value without its entry stops
 *    the parser with one;
 *  - an entry the table keeps for some of the commands sharing it
 *    (.only) is unknown to the others.
 *
 * And the checks themselves: a table with a hole and an entry without a
 * case are caught; the --help layout (columns, filling, two spaces after
 * a full stop) is the one options.h describes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "cli/commands.h"
#include "cli/options.h"
#include "mmsim/profile.h"

static char *out, *err;
static char dir[] = "/tmp/mmsim-options-XXXXXX";

/* cli_main("mmsim", @args[0..@n - 1]) with stdout and stderr kept in out
 * and err; its status. */
static int call(int n, const char *const *args)
{
	char *argv[8] = { "mmsim" };
	FILE *saved_out = stdout, *saved_err = stderr;
	size_t outlen = 0, errlen = 0;
	int argc = 1, rc;

	assert_true(n < 7);
	for (int i = 0; i < n; i++)
		argv[argc++] = (char *)args[i];
	argv[argc] = NULL;
	free(out);
	free(err);
	stdout = open_memstream(&out, &outlen);
	stderr = open_memstream(&err, &errlen);
	assert_non_null(stdout);
	assert_non_null(stderr);
	rc = cli_main(argc, argv);
	fclose(stdout);
	fclose(stderr);
	stdout = saved_out;
	stderr = saved_err;
	profile_set_default();
	return rc;
}

/*
 * What has a table: mmsim itself (@name NULL: its options come before a
 * command's name) and each command.
 */
struct subject {
	const char *name;
	const struct cli_table *t;
};

static struct subject subjects[32];
static size_t nr_subjects;

/* "mmsim", @s's name if it has one, then @a and @b if not NULL. */
static int call_subject(const struct subject *s, const char *a, const char *b)
{
	const char *args[3];
	int n = 0;

	if (s->name)
		args[n++] = s->name;
	if (a)
		args[n++] = a;
	if (b)
		args[n++] = b;
	return call(n, args);
}

static const char *subject_name(const struct subject *s)
{
	return s->name ? s->name : "(mmsim's own)";
}

/* Is @name one of the words of @list? */
static bool listed(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; (p = strstr(p, name)); p += n)
		if ((p == list || p[-1] == ' ') && (!p[n] || p[n] == ' '))
			return true;
	return false;
}

/* Does a command other than @s share its table and take option @e? */
static bool shared_and_taken(const struct subject *s, const struct cli_opt *e)
{
	for (size_t i = 0; i < nr_subjects; i++) {
		const struct subject *d = &subjects[i];

		if (d != s && d->t == s->t && d->name && e->only &&
		    listed(e->only, d->name))
			return true;
	}
	return false;
}

static void test_tables_are_whole(void **state)
{
	(void)state;
	/* Every command but help and version, which take only --help. */
	for (const struct command *c = commands; c->name; c++)
		if (!c->options != (!strcmp(c->name, "help") ||
				    !strcmp(c->name, "version")))
			fail_msg("%s: %s option table", c->name,
				 c->options ? "an unexpected" : "no");
	assert_true(nr_subjects > 1);
	for (size_t k = 0; k < nr_subjects; k++) {
		const struct subject *s = &subjects[k];
		const struct cli_table *t = s->t;
		const char *name = subject_name(s);
		bool help = false;

		assert_true(t->nr > 0 && t->nr <= CLI_MAX_OPTIONS);
		assert_true(t->column > 4 && t->column < 40);
		for (size_t i = 0; i < t->nr; i++) {
			const struct cli_opt *e = &t->opts[i];
			size_t len;

			if (!e->name)
				fail_msg("%s: entry %zu has no name (an enum value "
					 "without its entry)", name, i);
			if (!*e->name || *e->name == '-')
				fail_msg("%s: entry %zu: name '%s'", name, i, e->name);
			len = e->help ? strlen(e->help) : 0;
			if (!len || e->help[len - 1] == ' ' || e->help[len - 1] == '\n')
				fail_msg("%s: --%s: no help text, or one ending in a "
					 "space or newline", name, e->name);
			if (e->metavar && !*e->metavar)
				fail_msg("%s: --%s: an empty metavar", name, e->name);
			if (e->only && (!s->name || !listed(e->only, s->name)) &&
			    !shared_and_taken(s, e))
				fail_msg("%s: --%s: only '%s', not a command of the "
					 "table", name, e->name, e->only);
			for (size_t j = 0; j < i; j++) {
				if (!strcmp(t->opts[j].name, e->name))
					fail_msg("%s: --%s twice", name, e->name);
				if (e->short_name && t->opts[j].short_name == e->short_name)
					fail_msg("%s: -%c twice", name, e->short_name);
			}
			if (!strcmp(e->name, "help") && e->short_name == 'h')
				help = true;
		}
		if (!help)
			fail_msg("%s: no -h, --help", name);
	}
}

/* How many lines of @text begin with @head followed by a space or the
 * line's end. */
static int lines_starting(const char *text, const char *head)
{
	size_t n = strlen(head);
	int count = 0;

	for (const char *l = text; *l; l = strchr(l, '\n') + 1) {
		if (!strncmp(l, head, n) && (l[n] == ' ' || l[n] == '\n'))
			count++;
		if (!strchr(l, '\n'))
			break;
	}
	return count;
}

static void test_help_lists_every_option_once(void **state)
{
	(void)state;
	for (size_t k = 0; k < nr_subjects; k++) {
		const struct subject *s = &subjects[k];
		const struct cli_table *t = s->t;
		const char *name = subject_name(s);
		int option_lines;

		if (call_subject(s, "--help", NULL) != 0 || *err)
			fail_msg("%s --help: '%s'", name, err);
		for (size_t i = 0; i < t->nr; i++) {
			const struct cli_opt *e = &t->opts[i];
			char head[64];
			int n;

			if (e->short_name)
				snprintf(head, sizeof(head), "  -%c, --%s",
					 e->short_name, e->name);
			else
				snprintf(head, sizeof(head), "  --%s", e->name);
			n = lines_starting(out, head);
			if (n != 1)
				fail_msg("%s --help: '%s' on %d lines, not 1", name,
					 head, n);
		}
		/* No other option line: a line starting "  -" is one. */
		option_lines = !strncmp(out, "  -", 3);
		for (const char *l = out; (l = strstr(l, "\n  -")); l++)
			option_lines++;
		if (option_lines != (int)t->nr)
			fail_msg("%s --help: %d lines start with '  -', for %zu "
				 "options", name, option_lines, t->nr);
		for (const char *l = out; *l; ) {
			const char *eol = strchr(l, '\n');

			assert_non_null(eol);
			if (eol - l > 78)
				fail_msg("%s --help: a line of %d columns: %.*s", name,
					 (int)(eol - l), (int)(eol - l), l);
			l = eol + 1;
		}
	}
}

/* The parser takes @opt (with a value if it needs one) and the switch
 * handles it; or, when not @taken, refuses it as unknown. */
static void check_reaches_case(const struct subject *s, const struct cli_opt *e,
			       const char *opt, bool taken)
{
	const char *name = subject_name(s);
	int rc = call_subject(s, opt, e->metavar ? "1" : NULL);

	if (strstr(err, "internal error"))
		fail_msg("%s %s: %s", name, opt, err);
	if (!taken) {
		if (rc != 2 || !strstr(err, "unknown option"))
			fail_msg("%s %s: status %d, '%s' (expected 'unknown option')",
				 name, opt, rc, err);
		return;
	}
	if (strstr(err, "unknown option") || strstr(err, "ambiguous option") ||
	    strstr(err, "needs a value") || strstr(err, "takes no value"))
		fail_msg("%s %s: '%s'", name, opt, err);
	if (rc == 2 && !*err)
		fail_msg("%s %s: status 2 without a word", name, opt);
}

static void test_every_option_reaches_its_case(void **state)
{
	(void)state;
	for (size_t k = 0; k < nr_subjects; k++) {
		const struct subject *s = &subjects[k];

		for (size_t i = 0; i < s->t->nr; i++) {
			const struct cli_opt *e = &s->t->opts[i];
			bool taken = !e->only || (s->name && listed(e->only, s->name));
			char opt[64];

			snprintf(opt, sizeof(opt), "--%s", e->name);
			check_reaches_case(s, e, opt, taken);
			if (e->short_name) {
				snprintf(opt, sizeof(opt), "-%c", e->short_name);
				check_reaches_case(s, e, opt, taken);
			}
		}
	}
}

/*
 * An option with a value given twice is refused unless it is
 * CLI_REPEATABLE, and its --help says "repeatable" exactly when it is.
 * The parser alone: the commands' cases would refuse the value first.
 */
static void test_repeatable_as_documented(void **state)
{
	FILE *saved_err = stderr;
	size_t len = 0;

	(void)state;
	for (size_t k = 0; k < nr_subjects; k++) {
		const struct subject *s = &subjects[k];
		const char *name = subject_name(s);

		for (size_t i = 0; i < s->t->nr; i++) {
			const struct cli_opt *e = &s->t->opts[i];
			bool repeatable = e->flags & CLI_REPEATABLE;
			char opt[64], *argv[6], v[] = "1";
			struct cli_options o;
			int c, twice = 0, error = 0;

			if (!!strstr(e->help, "repeatable") != repeatable)
				fail_msg("%s --%s: CLI_REPEATABLE %s, the help %s "
					 "'repeatable'", name, e->name,
					 repeatable ? "set" : "not set",
					 repeatable ? "does not say" : "says");
			if (!e->metavar || (e->only && !(s->name && listed(e->only, s->name))))
				continue;
			snprintf(opt, sizeof(opt), "--%s", e->name);
			argv[0] = (char *)(s->name ? s->name : "mmsim");
			argv[1] = opt;
			argv[2] = v;
			argv[3] = opt;
			argv[4] = v;
			argv[5] = NULL;
			free(err);
			stderr = open_memstream(&err, &len);
			assert_non_null(stderr);
			cli_options_init(&o, s->name, 5, argv, s->t);
			while ((c = cli_next_option(&o)) != -1) {
				twice += c == (int)i;
				error += c == CLI_OPTION_ERROR;
				if (c == CLI_OPTION_ERROR)
					break;
			}
			fclose(stderr);
			stderr = saved_err;
			if (repeatable ? twice != 2 || error :
			    twice != 1 || !strstr(err, "given twice"))
				fail_msg("%s --%s 1 --%s 1: %d times, '%s'", name,
					 e->name, e->name, twice, err);
		}
	}
}

/* The checks catch what they are for: a hole, an entry without a case. */
enum { T_ALPHA, T_BETA, T_GAMMA, NR_T };

static const struct cli_opt holey_opts[NR_T] = {
	[T_ALPHA] = { .name = "alpha", .help = "a" },
	[T_GAMMA] = { .name = "gamma", .help = "g" },
};

static const struct cli_table holey = CLI_TABLE(holey_opts, NR_T, 10);

static const struct cli_opt whole_opts[] = {
	[T_ALPHA] = { .name = "alpha", .help = "a" },
	[T_BETA] = { .name = "beta", .metavar = "N", .help = "b" },
	[T_GAMMA] = { .name = "gamma", .short_name = 'g', .help = "g",
		      .only = "one" },
};

static const struct cli_table whole = CLI_TABLE(whole_opts, NR_T, 10);

/* A command's loop over @t that handles alpha only. */
static int parse(const struct cli_table *t, const char *cmd, char *arg)
{
	char *argv[] = { (char *)cmd, arg, (char *)"7", NULL };
	struct cli_options o;
	int c;

	cli_options_init(&o, cmd, 3, argv, t);
	while ((c = cli_next_option(&o)) != -1) {
		switch (c) {
		case T_ALPHA:
		case CLI_OPERAND:
			break;
		default:
			return cli_unhandled(&o, c);
		}
	}
	return 0;
}

static int parse_caught(const struct cli_table *t, const char *cmd, char *arg)
{
	FILE *saved_err = stderr;
	size_t len = 0;
	int rc;

	free(err);
	stderr = open_memstream(&err, &len);
	assert_non_null(stderr);
	rc = parse(t, cmd, arg);
	fclose(stderr);
	stderr = saved_err;
	return rc;
}

static void test_the_checks_catch_drift(void **state)
{
	(void)state;
	assert_int_equal(parse_caught(&holey, "t", "--alpha"), 2);
	assert_string_equal(err, "mmsim: t: internal error: the option table has "
			    "an enum value without its entry\n");
	assert_int_equal(parse_caught(&whole, "one", "--alpha"), 0);
	assert_string_equal(err, "");
	assert_int_equal(parse_caught(&whole, "one", "--beta"), 2);
	assert_string_equal(err, "mmsim: one: --beta: internal error: the option "
			    "is in the table but has no case\n");
	assert_int_equal(parse_caught(&whole, "one", "-g"), 2);
	assert_non_null(strstr(err, "--gamma: internal error"));
	/* .only: another command sharing the table does not take it. */
	assert_int_equal(parse_caught(&whole, "two", "--gamma"), 2);
	assert_string_equal(err, "mmsim: two: unknown option '--gamma' (try "
			    "'mmsim two --help')\n");
	assert_int_equal(parse_caught(&whole, "two", "-g"), 2);
	assert_non_null(strstr(err, "unknown option '-g'"));
}

static const struct cli_opt layout_opts[] = {
	{ .name = "seed", .metavar = "N", .help = "random seed" },
	{ .name = "jobs", .short_name = 'j', .metavar = "N",
	  .help = "runs at once (default: the number of online CPUs, and more "
		  "words to fill the line and go on to the next one)" },
	{ .name = "latency-log", .metavar = "FILE",
	  .help = "the name reaches the column: one space" },
	{ .name = "monitor-intervals", .metavar = "TIME",
	  .help = "past the column by 5: two spaces.  And two after the stop, "
		  "kept where the line does not end" },
	{ .name = "sample-interval-ns", .metavar = "TIME",
	  .help = "past it by 6: the next line" },
	{ .name = "emit-jobs",
	  .help = "a forced break:\nparallel < DIR/jobs.txt" },
	{ .name = "kernel", .metavar = "PROFILE",
	  .help = "a quoted phrase stays whole, on the next line (see 'mmsim "
		  "profiles NAME') \"Node N\"" },
};

static void test_help_layout(void **state)
{
	static const struct cli_table t = {
		.opts = layout_opts,
		.nr = sizeof(layout_opts) / sizeof(layout_opts[0]),
		.column = 21,
	};
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	(void)state;
	assert_non_null(f);
	cli_print_options(f, &t);
	fclose(f);
	assert_string_equal(text,
		"  --seed N           random seed\n"
		"  -j, --jobs N       runs at once (default: the number of online CPUs, and\n"
		"                     more words to fill the line and go on to the next one)\n"
		"  --latency-log FILE the name reaches the column: one space\n"
		"  --monitor-intervals TIME  past the column by 5: two spaces.  And two after\n"
		"                     the stop, kept where the line does not end\n"
		"  --sample-interval-ns TIME\n"
		"                     past it by 6: the next line\n"
		"  --emit-jobs        a forced break:\n"
		"                     parallel < DIR/jobs.txt\n"
		"  --kernel PROFILE   a quoted phrase stays whole, on the next line (see\n"
		"                     'mmsim profiles NAME') \"Node N\"\n");
	free(text);
}

static int setup(void **state)
{
	(void)state;
	/* Options with values write files (--emit-jobs 1): here. */
	if (!mkdtemp(dir) || chdir(dir))
		return -1;
	cli_dry_run = true;
	subjects[nr_subjects++] = (struct subject){ NULL, &main_option_table };
	for (const struct command *c = commands; c->name; c++)
		if (c->options)
			subjects[nr_subjects++] = (struct subject){ c->name, c->options };
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	free(out);
	free(err);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return chdir("/") || system(cmd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tables_are_whole),
		cmocka_unit_test(test_help_lists_every_option_once),
		cmocka_unit_test(test_every_option_reaches_its_case),
		cmocka_unit_test(test_repeatable_as_documented),
		cmocka_unit_test(test_the_checks_catch_drift),
		cmocka_unit_test(test_help_layout),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
