/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one option parser of every mmsim command: getopt_long(3) plus the
 * messages and value checks the commands share.  A command declares its
 * struct option table and handles what cli_next_option() returns:
 *
 *	cli_options_start(&o, "show", argc, argv, "h", longopts);
 *	while ((c = cli_next_option(&o)) != -1) {
 *		switch (c) {
 *		case OPT_MEM: ... optarg ...; break;
 *		case CLI_OPERAND: ... optarg is the operand ...; break;
 *		case 'h': help; return 0;
 *		default: return 2;	(CLI_OPTION_ERROR: already said)
 *		}
 *	}
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

/*
 * Values of long-only options start here, above every character: an
 * error about a short option then names it from getopt's optopt, and
 * one about a long option from its argument.
 */
#define CLI_LONG_ONLY		256

/* cli_next_option(): an operand, its text in optarg. */
#define CLI_OPERAND		1
/* cli_next_option(): a bad option; the message is printed, exit with 2. */
#define CLI_OPTION_ERROR	(-2)

struct cli_options {
	const char *cmd;		/* "run": messages start "mmsim: run: " */
	int argc;
	char **argv;
	char shortopts[32];
	const struct option *longopts;
	bool operands_only;		/* after "--" */
	/* Options that take a value and may be given more than once
	 * ("target fit scenario"); any other given twice is refused. */
	const char *repeatable;
	const char *given[64];		/* per long option: its first value */
};

/*
 * Start parsing @argv (argv[0] is the command's name).  @shortopts as
 * getopt's, without a leading ':' ("hj:"); a leading '+' stops at the
 * first operand and leaves it and the rest to the caller at optind
 * (mmsim's own options before the command name).  A full getopt reset:
 * cli_main() runs many times in one process (tests, the fuzzer).
 */
void cli_options_start(struct cli_options *o, const char *cmd, int argc,
		       char **argv, const char *shortopts,
		       const struct option *longopts);

/*
 * The next option's val (optarg holds its value), CLI_OPERAND, -1 when
 * the arguments are used up, or CLI_OPTION_ERROR after one of
 *	CMD: unknown option 'ARG' (did you mean '--NAME'? try 'mmsim CMD --help')
 *	CMD: --NAME given twice ('A', then 'B'): give it once
 *	     (an option with a value, unless @o->repeatable names it; a
 *	     flag given twice is the flag)
 *	CMD: ambiguous option 'ARG' (try 'mmsim CMD --help')
 *	CMD: OPTION needs a value
 *	CMD: OPTION takes no value
 */
int cli_next_option(struct cli_options *o);

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
