// SPDX-License-Identifier: GPL-2.0
/* mmsim profiles [NAME]: the kernel profiles and their switches. */
#include <stdio.h>
#include <string.h>
#include "commands.h"
#include "options.h"
#include "mmsim/profile.h"

enum { OPT_DIFF, OPT_HELP, NR_OPTS };

static const struct cli_opt profiles_opts[] = {
	[OPT_DIFF] = { .name = "diff",
		.help = "with two kernels A and B: every switch whose value "
			"differs between them, with what sets it in each "
			"(patches, commits and base tags apart)" },
	[OPT_HELP] = { .name = "help", .short_name = 'h', .help = "this text" },
};

const struct cli_table profiles_option_table = CLI_TABLE(profiles_opts, NR_OPTS, 14);

static void profiles_help(FILE *f)
{
	fputs("usage: mmsim profiles [NAME]\n"
	      "       mmsim profiles --diff A B\n"
	      "\n"
	      "Without NAME, list every kernel of the cover letter's tables with its\n"
	      "key switches.  With NAME, explain every switch of that kernel and the\n"
	      "patch, commit or base kernel that sets it.  NAME is a table row\n"
	      "(2.6.32-rc6-0000123-congestion-both), a release (2.6.30, 2.6.31,\n"
	      "2.6.32-rc6, 2.6.32), BASE-revert-8aa7e847, BASE-DDDDDDD-LABEL or\n"
	      "BASE+N[+N...][+force-highorder] (2.6.32-rc6+1+2+3); digit or patch 6\n"
	      "is Chris Mason's dm-crypt patch (2.6.32-rc6-0000006-dm-crypt-unplug),\n"
	      "and a 2.6.32 name may end in +573412b (2.6.32-rc6+573412b).\n"
	      "\n", f);
	cli_print_options(f, &profiles_option_table);
	fputs("\n"
	      "Each switch's evidence names the kernel version, file and function it\n"
	      "was read in; docs/profiles.md gives the details.\n", f);
}

/* The switches of @a and @b that differ, with why each has its value. */
static int diff_profiles(const char *a, const char *b)
{
	struct kernel_profile pa, pb;
	char err[512];
	size_t n = 0;

	if (profile_parse(a, &pa, err, sizeof(err)))
		return usage_error("profiles: --diff: A: %s", err);
	if (profile_parse(b, &pb, err, sizeof(err)))
		return usage_error("profiles: --diff: B: %s", err);
	printf("A  %s (base %s%s%s)\nB  %s (base %s%s%s)\n\n", a, pa.base,
	       strcmp(pa.release, pa.base) ? ", release " : "",
	       strcmp(pa.release, pa.base) ? pa.release : "", b, pb.base,
	       strcmp(pb.release, pb.base) ? ", release " : "",
	       strcmp(pb.release, pb.base) ? pb.release : "");
	for (size_t i = 0; profile_switch_name(i); i++) {
		const char *name = profile_switch_name(i);
		char va[32], vb[32], oa[512], ob[512];

		snprintf(va, sizeof(va), "%s",
			 profile_switch_value(&pa, name, (char[32]){ 0 }, 32));
		snprintf(vb, sizeof(vb), "%s",
			 profile_switch_value(&pb, name, (char[32]){ 0 }, 32));
		if (!strcmp(va, vb))
			continue;
		profile_switch_origin(&pa, name, oa, sizeof(oa));
		profile_switch_origin(&pb, name, ob, sizeof(ob));
		printf("%-22s A %-18s %s\n%-22s B %-18s %s\n", name, va, oa, "",
		       vb, ob);
		n++;
	}
	printf("\n%zu switch%s differ%s.\n", n, n == 1 ? "" : "es",
	       n == 1 ? "s" : "");
	return 0;
}

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
		"2.6.30", "2.6.31", "2.6.32-rc6", "2.6.32", "2.6.32.9",
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
	const char *second = NULL;
	bool diff = false;
	struct cli_options o;
	struct kernel_profile p;
	const char *name = NULL;
	char err[512];
	int c;

	cli_options_init(&o, "profiles", argc, argv, &profiles_option_table);
	while ((c = cli_next_option(&o)) != -1) {
		switch (c) {
		case OPT_HELP:
			profiles_help(stdout);
			return 0;
		case OPT_DIFF: diff = true; break;
		case CLI_OPERAND:
			if (name && (!diff || second))
				return usage_error("profiles: one NAME at most, or --diff A B (try 'mmsim profiles --help')");
			if (name)
				second = optarg;
			else
				name = optarg;
			break;
		default:
			return cli_unhandled(&o, c);
		}
	}
	if (diff && !second)
		return usage_error("profiles: --diff takes two kernels, A and B");
	if (second && !diff)
		return usage_error("profiles: one NAME at most, or --diff A B (try 'mmsim profiles --help')");
	if (diff)
		return diff_profiles(name, second);
	if (!name)
		return list_profiles();
	if (profile_parse(name, &p, err, sizeof(err)))
		return usage_error("%s", err);
	profile_describe(&p, emit_line, NULL);
	return 0;
}
