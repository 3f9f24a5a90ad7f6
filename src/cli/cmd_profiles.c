// SPDX-License-Identifier: GPL-2.0
/* mmsim profiles [NAME]: the kernel profiles and their switches. */
#include <stdio.h>
#include <string.h>
#include "commands.h"
#include "options.h"
#include "mmsim/profile.h"

static const char usage[] =
	"usage: mmsim profiles [NAME]\n"
	"\n"
	"Without NAME, list every kernel of the cover letter's tables with its\n"
	"key switches.  With NAME, explain every switch of that kernel and the\n"
	"patch, commit or base kernel that sets it.  NAME is a table row\n"
	"(2.6.32-rc6-0000123-congestion-both), a release (2.6.30, 2.6.31,\n"
	"2.6.32-rc6, 2.6.32), BASE-revert-8aa7e847, BASE-DDDDDDD-LABEL or\n"
	"BASE+N[+N...][+force-highorder] (2.6.32-rc6+1+2+3); digit or patch 6\n"
	"is Chris Mason's dm-crypt patch (2.6.32-rc6-0000006-dm-crypt-unplug),\n"
	"and a 2.6.32 name may end in +573412b (2.6.32-rc6+573412b).\n"
	"\n"
	"Each switch's evidence names the kernel version, file and function it\n"
	"was read in; docs/profiles.md gives the details.\n";

/* One row of the table: the switches profile_column() names, each padded
 * to its widest value or heading and a blank (the last one not). */
static void print_row(const char *name, const struct kernel_profile *p)
{
	const char *heading, *sw;
	char buf[32];
	int width;

	printf("%-45s", name);
	for (size_t c = 0; (heading = profile_column(c, &sw, &width)); c++) {
		const char *v = p ? profile_switch_value(p, sw, buf, sizeof(buf)) :
				    heading;
		const char *next_sw;
		int next_width;

		if (!profile_column(c + 1, &next_sw, &next_width))
			width = -1;
		printf(" %-*s", width + 1, v);
	}
	putchar('\n');
}

static int list_profiles(void)
{
	static const char *const releases[] = {
		"2.6.30", "2.6.31", "2.6.32-rc6", "2.6.32",
	};
	struct kernel_profile p;
	char err[512];

	printf("Rows of the cover letter's tables (the x86 and x86-64 tables name the same 13 kernels):\n\n");
	print_row("NAME", NULL);
	for (size_t i = 0; i < profile_table_nr_rows; i++) {
		if (profile_parse(profile_table_rows[i], &p, err, sizeof(err)))
			return usage_error("%s", err);
		print_row(profile_table_rows[i], &p);
	}
	printf("\nRows of the later tables and fixes:\n\n");
	for (size_t i = 0; i < profile_later_nr_rows; i++) {
		if (profile_parse(profile_later_rows[i].name, &p, err,
				  sizeof(err)))
			return usage_error("%s", err);
		print_row(profile_later_rows[i].name, &p);
	}
	printf("\n");
	for (size_t i = 0; i < profile_later_nr_rows; i++)
		printf("  %s: %s\n", profile_later_rows[i].name,
		       profile_later_rows[i].source);
	printf("\nReleases (stock kernels, no force-highorder hack):\n\n");
	for (size_t i = 0; i < sizeof(releases) / sizeof(releases[0]); i++) {
		if (profile_parse(releases[i], &p, err, sizeof(err)))
			return usage_error("%s", err);
		print_row(releases[i], &p);
	}
	printf("\n'mmsim profiles NAME' explains every switch of one kernel.\n");
	return 0;
}

static void emit_line(void *ctx, const char *line)
{
	(void)ctx;
	puts(line);
}

int cmd_profiles(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct cli_options o;
	struct kernel_profile p;
	const char *name = NULL;
	char err[512];
	int c;

	cli_options_start(&o, "profiles", argc, argv, "h", longopts);
	while ((c = cli_next_option(&o)) != -1) {
		switch (c) {
		case 'h':
			fputs(usage, stdout);
			return 0;
		case CLI_OPERAND:
			if (name)
				return usage_error("profiles: one NAME at most (try 'mmsim profiles --help')");
			name = optarg;
			break;
		default:
			return 2;
		}
	}
	if (!name)
		return list_profiles();
	if (profile_parse(name, &p, err, sizeof(err)))
		return usage_error("%s", err);
	profile_describe(&p, emit_line, NULL);
	return 0;
}
