/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one option parser of every mmsim command: getopt_long(3) plus the
 * messages and value checks the commands share.
 *
 * A command declares its options once, in a table: an enum naming them
 * and a struct cli_opt for each, indexed by it.  The table is the only
 * source of getopt's struct option array and short options, and of the
 * OPTIONS part of the command's --help (cli_print_options()), so an
 * option cannot be parsed without being documented or the reverse:
 *
 *	enum { OPT_MEM, OPT_HELP, NR_OPTS };
 *	static const struct cli_opt show_opts[] = {
 *		[OPT_MEM] = { .name = "mem", .metavar = "SIZE",
 *			      .help = "memory, as the kernel's mem=" },
 *		[OPT_HELP] = { .name = "help", .short_name = 'h',
 *			       .help = "this text" },
 *	};
 *	const struct cli_table show_option_table =
 *		CLI_TABLE(show_opts, NR_OPTS, 16);
 *
 *	cli_options_init(&o, "show", argc, argv, &show_option_table);
 *	while ((c = cli_next_option(&o)) != -1) {
 *		switch (c) {
 *		case OPT_MEM: ... optarg ...; break;
 *		case CLI_OPERAND: ... optarg is the operand ...; break;
 *		case OPT_HELP: help; return 0;
 *		default: return cli_unhandled(&o, c);
 *		}
 *	}
 *
 * cli_next_option() returns the index of the option given (-j and --jobs
 * alike), so each case names an entry of the table; an enum value
 * without its entry is refused when parsing starts, and an entry without
 * its case reaches cli_unhandled(), which says so (tests/test_options.c
 * gives every command every option of its table).
 *
 * Options may come before, between or after the operands, written
 * "--name VALUE" or "--name=VALUE" (or a unique prefix of the name);
 * "--" ends the options.  Operands come back in their order.
 *
 * Sizes, times and counts are read by src/scenario/units.c, as scenario
 * files read them, so "1.5G" or "100ms" means the same everywhere.
 */
#ifndef MMSIM_CLI_OPTIONS_H
#define MMSIM_CLI_OPTIONS_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* cli_next_option(): an operand, its text in optarg. */
#define CLI_OPERAND		(-3)
/* cli_next_option(): a bad option; the message is printed, exit with 2. */
#define CLI_OPTION_ERROR	(-2)

/* The most options a command has. */
#define CLI_MAX_OPTIONS		40

/* cli_opt.flags: an option with a value that may be given more than once
 * (calibrate --target); any other given twice is refused. */
#define CLI_REPEATABLE		(1u << 0)

/* One option of a command's table. */
struct cli_opt {
	const char *name;		/* "seed": --seed */
	char short_name;		/* 'j': -j as well; 0: none */
	/* What --help calls its value ("N", "FILE"); the option takes a
	 * value if and only if it has one. */
	const char *metavar;
	/* --help's text: filled to 78 columns from the table's column;
	 * "\n" starts a new line. */
	const char *help;
	unsigned int flags;		/* CLI_REPEATABLE */
	/* A table shared by several commands: the ones that take this
	 * option ("compare sweep"); NULL: every one. */
	const char *only;
};

/* A command's options: CLI_TABLE(opts, NR_OPTS, column). */
struct cli_table {
	const struct cli_opt *opts;
	size_t nr;
	int column;			/* where --help's texts start */
	/* mmsim's own options: the first operand (the command's name)
	 * and what follows it are left to the caller, at optind. */
	bool stop_at_operand;
};

/* 0, or a compile error when @e is true (the kernel's BUILD_BUG_ON_ZERO). */
#define CLI_BUILD_BUG_ON_ZERO(e)	(sizeof(struct { int:(-!!(e)); }))

/* The table of @array, an array with an entry for each of @count enum
 * values (it must end at the last one, or this does not compile). */
#define CLI_TABLE(array, count, col) {					\
	.opts = (array),						\
	.nr = (count) + CLI_BUILD_BUG_ON_ZERO(sizeof(array) /		\
					      sizeof((array)[0]) != (count)), \
	.column = (col),						\
}

/* A parse in progress (cli_options_init()). */
struct cli_options {
	const char *cmd;		/* "run": messages start "mmsim: run: " */
	int argc;
	char **argv;
	const struct cli_table *table;
	/* getopt's: "-:" or "+:", then each short option ("hj:"). */
	char shortopts[CLI_MAX_OPTIONS * 2 + 4];
	/* The struct option of each entry @cmd takes; @index[i]: the
	 * table entry of longopts[i]. */
	struct option longopts[CLI_MAX_OPTIONS + 1];
	int index[CLI_MAX_OPTIONS];
	const char *broken;		/* what is wrong with the table */
	bool operands_only;		/* after "--" */
	const char *given[CLI_MAX_OPTIONS];	/* per entry: its first value */
};

/*
 * Start parsing @argv (argv[0] is the command's name) with the options
 * of @table that @cmd takes (all but those whose .only leaves @cmd out).
 * @cmd NULL: mmsim's own options, before the command's name.  A full
 * getopt reset: cli_main() runs many times in one process (tests, the
 * fuzzer).
 */
void cli_options_init(struct cli_options *o, const char *cmd, int argc,
		      char **argv, const struct cli_table *table);

/*
 * The table index of the next option (optarg holds its value),
 * CLI_OPERAND, -1 when the arguments are used up, or CLI_OPTION_ERROR
 * after one of
 *	CMD: unknown option 'ARG' (did you mean '--NAME'? try 'mmsim CMD --help')
 *	CMD: --NAME given twice ('A', then 'B'): give it once
 *	     (an option with a value, unless it is CLI_REPEATABLE; a flag
 *	     given twice is the flag)
 *	CMD: ambiguous option 'ARG' (try 'mmsim CMD --help')
 *	CMD: OPTION needs a value
 *	CMD: OPTION takes no value
 *	CMD: internal error: the option table has ... (see above)
 */
int cli_next_option(struct cli_options *o);

/*
 * The default case of a command's switch: 2, after a message when @c is
 * an option of the table, which then has no case of its own.
 */
int cli_unhandled(const struct cli_options *o, int c);

/*
 * --help's lines for the options of @t, in its order, one per option:
 * "  -j, --jobs N     runs at once (...)" with the text filled to 78
 * columns from @t->column.  A name and value that reach the column are
 * followed by two spaces when they pass it by at most 5 columns; the
 * text starts on the next line when they pass it by more.  A quoted
 * phrase ('mmsim profiles') is not split.
 */
void cli_print_options(FILE *f, const struct cli_table *t);

/*
 * A count from @min to @max (src/scenario/units.c parse_count()); 0, or 2
 * after "WHAT 'ARG': expected a whole number from MIN to MAX".  @what is
 * the option as the message names it ("run: --seed", "-j").
 */
int cli_count(const char *what, const char *arg, uint64_t min, uint64_t max,
	      uint64_t *out);
/* The same check without a message, for commands with their own words. */
bool cli_count_ok(const char *arg, uint64_t min, uint64_t max, uint64_t *out);

/*
 * A time from @min to @max ns (src/scenario/units.c parse_time_range(),
 * the rule scenario files follow); 0, or 2 after "WHAT 'ARG': WHY (a time
 * from MIN to MAX, with unit ns, us, ms, s, m or h)".  cli_time_key()
 * takes the range of the scenario key the option stands for ("run",
 * "max_time" for --time), so that the option and the key accept the same
 * values.  cli_size() reads a size as the kernel's mem= (a number alone
 * is bytes).
 */
int cli_time(const char *what, const char *arg, uint64_t min, uint64_t max,
	     uint64_t *out);
int cli_time_key(const char *what, const char *arg, const char *section,
		 const char *key, uint64_t *out);
int cli_size(const char *what, const char *arg, uint64_t min, uint64_t max,
	     uint64_t *out);

/* "x86" or "x86_64", the two architectures mmsim boots. */
bool cli_arch_ok(const char *arg);

/*
 * --emit-jobs FILE and --run-job ID of validate, calibrate and bisect:
 * the pool's mode (experiment/pool.h), the command line to repeat being
 * this one (the running executable's absolute path first) without those
 * two options.  Both need the runs kept in a folder the command names.
 * 0, or 2 after a usage error about FILE (said on stderr).
 */
int cli_pool_mode(const char *cmd, const char *emit, const char *run_job,
		  int argc, char **argv);
/*
 * After the command ran or stopped: with --emit-jobs, FILE written (empty
 * once every run is kept); true when the command stopped because its runs
 * are done elsewhere, what was done said on stderr and *@rc its exit
 * status.
 */
bool cli_pool_finish(const char *cmd, int *rc);

#endif /* MMSIM_CLI_OPTIONS_H */
