/* SPDX-License-Identifier: GPL-2.0 */
/* The mmsim subcommands.  Each returns the process exit status:
 * 0 success, 1 run failure, 2 bad usage or bad input. */
#ifndef MMSIM_COMMANDS_H
#define MMSIM_COMMANDS_H

#include <stdbool.h>

struct cli_table;

struct command {
	const char *name;
	int (*fn)(int argc, char **argv);	/* argv[0] is the command name */
	const char *summary;
	/* Its options (options.h); help and version take only --help. */
	const struct cli_table *options;
};

extern const struct command commands[];

/* mmsim's own options (main.c), and each command's (cmd_*.c). */
extern const struct cli_table main_option_table;
extern const struct cli_table run_option_table;
extern const struct cli_table scenario_option_table;
extern const struct cli_table profiles_option_table;
extern const struct cli_table show_option_table;
extern const struct cli_table report_option_table;
extern const struct cli_table validate_option_table;
extern const struct cli_table bisect_option_table;
extern const struct cli_table calibrate_option_table;
/* compare, sweep and merge */
extern const struct cli_table compare_option_table;

int cmd_profiles(int argc, char **argv);
int cmd_run(int argc, char **argv);		/* cmd_run.c */
int cmd_scenario(int argc, char **argv);	/* cmd_scenario.c */
int cmd_show(int argc, char **argv);		/* cmd_show.c */
int cmd_report(int argc, char **argv);		/* cmd_report.c */
int cmd_compare(int argc, char **argv);		/* cmd_compare.c */
int cmd_sweep(int argc, char **argv);		/* cmd_compare.c */
int cmd_merge(int argc, char **argv);		/* cmd_compare.c */
int cmd_calibrate(int argc, char **argv);	/* cmd_calibrate.c */
int cmd_bisect(int argc, char **argv);		/* cmd_bisect.c */

/* "0.1.0": for reports (main.c). */
extern const char mmsim_version[];
int cmd_validate(int argc, char **argv);	/* cmd_validate.c */

/* main() in-process: the exit status; never exits (main.c). */
int cli_main(int argc, char **argv);

/*
 * Set by the command-line fuzzer: every command parses and checks its
 * arguments and inputs (options, scenario, profiles, sweep values, merge
 * inputs) and then returns 0 instead of running simulations, booting a
 * machine, starting processes or writing files.
 */
extern bool cli_dry_run;

/* Print "mmsim: MSG" to stderr and return 2. */
int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
