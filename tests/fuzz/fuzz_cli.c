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
 * set, so run, compare, sweep, validate, calibrate and show stop once
 * their arguments and inputs are checked (scenario loaded, profiles
 * parsed, sweep values applied, calibrate's targets and ranges checked,
 * merge inputs read) and merge before it writes its
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
#include "mmsim/profile.h"
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

/* One result of 'mmsim run --json' (2.6.30, seed 1, s.ini) and the
 * experiment.json of an --emit-jobs folder holding it. */
static const char result_json[] =
	"{\"arch\":\"x86_64\",\"congestion_wait\":[{\"calls\":6,\"queue\":1,\"s"
	"ite\":2,\"time_ns\":298780854,\"timeouts\":3},{\"calls\":293,\"queue\""
	":1,\"site\":3,\"time_ns\":820310917,\"timeouts\":2}],\"failures_printe"
	"d\":0,\"failures_total\":0,\"format\":1,\"gitk_done\":false,\"gitk_ela"
	"psed_ns\":0,\"kern_log\":\"\",\"kernel\":\"2.6.30\",\"music_bytes\":0,"
	"\"oom_kills\":0,\"packets_dropped\":0,\"packets_received\":0,\"partial"
	"\":false,\"scenario\":\"jobs/scenarios/scenario.ini\",\"seed\":1,\"ser"
	"ies\":{\"latency\":[],\"samples\":[{\"alloc_failures\":0,\"cw_time\":0"
	",\"free\":[3927,9976,0,0,0],\"kswapd_awake\":0,\"nr_anon\":0,\"nr_dirt"
	"y\":0,\"nr_file\":32,\"nr_writeback\":0,\"swap_used\":0,\"t\":0},{\"al"
	"loc_failures\":0,\"cw_time\":637540117,\"free\":[123,331,0,0,0],\"kswa"
	"pd_awake\":0,\"nr_anon\":13058,\"nr_dirty\":0,\"nr_file\":418,\"nr_wri"
	"teback\":0,\"swap_used\":836,\"t\":1000000000}]},\"sim_end_ns\":300000"
	"0000,\"vm_events\":[69828,6504,1073,1626,7050,25244,0,0,0,32655,32546,"
	"40582,14986,159,8039,32543,0,0,0,3251,15405,0,0,0,9358,42132,0,0,0,192"
	",1376,0,0,0,0,0,17891,0,0,0,341,11,1626,0,0,0,0,0,0,0,0],\"vm_stat\":["
	"361,6837,6737,0,0,0,0,13359,0,220,0,0,0,0,0,0,0,0,1626,0,0,0,0],\"wall"
	"_seconds\":0.031661926999731804,\"watermarks\":[[61,76,91],[191,238,28"
	"6],[0,0,0],[0,0,0],[0,0,0]]}";

static const char manifest_json[] =
	"{\"format\":1,\"scenario_name\":\"s.ini\",\"arch\":\"x86_64\",\"kernel"
	"s\":[\"2.6.30\"],\"sweep\":[],\"points\":[{\"label\":\"\",\"file\":\"s"
	"cenarios/scenario.ini\"}],\"base_seed\":1,\"seeds\":1,\"columns\":[\"2"
	".6.30\"],\"jobs\":[{\"column\":0,\"seed\":1,\"json\":\"json/2.6.30-see"
	"d1.json\"}]}";

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
	mkdir("jobs/json", 0700);
	mkdir("jobs/scenarios", 0700);
	mkdir("loose", 0700);
	fuzz_write("jobs/experiment.json", manifest_json, strlen(manifest_json));
	fuzz_write("jobs/scenarios/scenario.ini", small_scenario, strlen(small_scenario));
	fuzz_write("jobs/json/2.6.30-seed1.json", result_json, strlen(result_json));
	fuzz_write("loose/a.json", result_json, strlen(result_json));
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
