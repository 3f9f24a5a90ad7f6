// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the command line: cli_main() (src/cli/main.c) on
 * an argv made from the input, split at NUL and newline bytes (at most 32
 * arguments, "mmsim" in front).
 *
 * What it covers: every command's option parsing and checking, as the
 * real command does it, on files of a private temporary directory that is
 * the working directory (s.ini, a small scenario; x.ini, one with a
 * replay task; t.txt, an ftrace text trace; jobs/, an --emit-jobs folder
 * with two results; loose/, results without a manifest).  cli_dry_run is
 * set, so run, compare, sweep, validate and show stop once their
 * arguments and inputs are checked (scenario loaded, profiles parsed,
 * sweep values applied, merge inputs read) and merge before it writes its
 * report; help, version, profiles, scenario --dump/--keys/--check and
 * report run in full, output discarded.
 *
 * What it does not cover: simulations and the report writers (the other
 * targets and the test suite do).  Arguments containing '/' or "..", and
 * a bare "-" (stdin), are skipped so that nothing outside the directory
 * is read or written.
 *
 * Properties: the status is 0, 1 or 2; 2 comes with a message on stderr.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/commands.h"
#include "kernel/profile.h"
#include "fuzz_util.h"

#define MAX_ARGS 32

static const char small_scenario[] =
	"[machine]\nmem = 64M\ncpus = 2\ndisk_size = 2G\nfs_size = 1G\nswap_size = 256M\n"
	"[run]\nmax_time = 2s\n"
	"[task hog]\nprogram = anonhog\nsize = 32M\n";

static const char trace_text[] =
	"# tracer: nop\n"
	"#\n"
	"   gitk-1234  [000]  100.000100: mm_page_alloc: page=0xffffea0000000000 pfn=1 order=0 migratetype=0 gfp_flags=GFP_KERNEL\n"
	"   kswapd0-42  [001]  100.000200: mm_vmscan_kswapd_wake: nid=0 order=0\n"
	"   kswapd0-42  [001]  100.000300: mm_vmscan_kswapd_sleep: nid=0\n";

static void setup(void)
{
	static bool done;
	char path[512];
	const char *d;

	if (done)
		return;
	done = true;
	d = fuzz_tmpdir();
	if (chdir(d))
		abort();
	fuzz_write("s.ini", small_scenario, strlen(small_scenario));
	fuzz_write("t.txt", trace_text, strlen(trace_text));
	snprintf(path, sizeof(path), "%s[task replay]\nprogram = replay\ntrace = t.txt\n",
		 small_scenario);
	fuzz_write("x.ini", path, strlen(path));
	mkdir("jobs", 0700);
	mkdir("loose", 0700);
	cli_dry_run = true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy, *argv[MAX_ARGS + 2], *out = NULL, *errtext = NULL;
	size_t outlen = 0, errlen = 0;
	FILE *saved_out = stdout, *saved_err = stderr;
	int argc = 1, rc;

	setup();
	copy = malloc(size + 1);
	if (!copy)
		abort();
	memcpy(copy, data, size);
	copy[size] = 0;
	argv[0] = "mmsim";
	for (size_t i = 0, start = 0; i <= size; i++) {
		if (i < size && copy[i] && copy[i] != '\n')
			continue;
		copy[i] = 0;
		if (argc > MAX_ARGS) {
			free(copy);
			return 0;
		}
		if (i > start || i < size)
			argv[argc++] = copy + start;
		start = i + 1;
	}
	argv[argc] = NULL;
	for (int i = 1; i < argc; i++)
		if (strchr(argv[i], '/') || strstr(argv[i], "..") ||
		    !strcmp(argv[i], "-")) {
			free(copy);
			return 0;
		}
	stdout = open_memstream(&out, &outlen);
	stderr = open_memstream(&errtext, &errlen);
	if (!stdout || !stderr)
		abort();
	rc = cli_main(argc, argv);
	fclose(stdout);
	fclose(stderr);
	stdout = saved_out;
	stderr = saved_err;
	if (rc < 0 || rc > 2 || (rc == 2 && !errlen)) {
		fprintf(stderr, "status %d, stderr '%s'\n", rc, errtext);
		abort();
	}
	profile_set_default();
	free(out);
	free(errtext);
	free(copy);
	return 0;
}
