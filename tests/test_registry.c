// SPDX-License-Identifier: GPL-2.0
/*
 * Adding a workload program is adding one file: this file declares a
 * program and its measure and names them nowhere else, as a new
 * src/workload/NAME.c would.  The registries find both; a scenario runs
 * the program with its keys checked; its measure is in the run's result
 * and its JSON; it is listed after the numbered programs.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "experiment/run.h"
#include "experiment/scenario_load.h"
#include "workload/program.h"

/* ---- the program: sleeps @naps times a tick, then exits ----------------- */

struct napper_params {
	int64_t naps;
	uint64_t file;
};

struct napper {
	struct program_counters c;
	const struct napper_params *p;
};

static void napper_main(void *arg)
{
	struct workload *w = arg;
	struct napper *n = w->state;

	for (int64_t i = 0; i < n->p->naps && !program_killed(); i++) {
		program_sleep(jiffies_to_ns(1));
		n->c.loops++;
	}
	program_exit(w);
}

static int napper_start(struct workload *w)
{
	struct napper *n = calloc(1, sizeof(*n));

	if (!n)
		abort();
	w->state = n;
	n->p = w->params;
	program_spawn(w, napper_main, NULL);
	return 0;
}

static void napper_collect(struct workload *w, struct run_result *r)
{
	struct napper *n = w->state;

	if (n)
		result_add_uint(r, "napper_naps", n->c.loops);
}

static void napper_release(struct workload *w)
{
	free(w->state);
	w->state = NULL;
}

static uint64_t napper_footprint(const struct scenario_task *task,
				 const void *params, char *name, size_t len)
{
	const struct napper_params *p = params;

	snprintf(name, len, "file %s", task->name);
	return p->file;
}

static const struct param_spec napper_keys[] = {
	{ .key = "naps", .type = PARAM_INT, .def = "3", .min = 1, .max = 1000,
	  PARAM_FIELD(struct napper_params, naps),
	  .doc = "ticks to sleep, one at a time" },
	{ .key = "file", .type = PARAM_SIZE, .def = "0", .min = 0,
	  .max = 1ULL << 40, PARAM_FIELD(struct napper_params, file),
	  .doc = "bytes it says it keeps on the volume" },
};

static const struct workload_ops napper_ops = {
	.name = "napper",
	.summary = "sleeps a few ticks (a test program)",
	.params = napper_keys,
	.nr_params = sizeof(napper_keys) / sizeof(napper_keys[0]),
	.params_size = sizeof(struct napper_params),
	.footprint = napper_footprint,
	.start = napper_start,
	.collect = napper_collect,
	.release = napper_release,
};
WORKLOAD_REGISTER(napper_ops);

static struct measure napper_naps = {
	.name = "napper_naps", .doc = "ticks the napper tasks slept",
	.unit = "naps", .kind = MEASURE_COUNTER, .aggregate = AGGREGATE_MEAN,
	.json = "napper_naps", .csv = "napper_naps", .type = MT_UINT,
};
MEASURE_REGISTER(napper_naps);

/* ---- the tests ------------------------------------------------------- */

#define MACHINE "[machine]\narch = x86_64\nmem = 64M\ncpus = 1\n"	\
	"disk_size = 1G\nfs_size = 512M\nswap_size = 64M\ncrypt = off\n"	\
	"[run]\nuntil = n-done\nmax_time = 10s\n"

static void test_found_and_listed_last(void **state)
{
	const struct workload_ops *const *p = workload_programs();
	size_t n = 0;

	(void)state;
	assert_ptr_equal(workload_find("napper"), &napper_ops);
	assert_non_null(metrics_find("napper_naps"));
	while (p[n])
		n++;
	/* No .order: after the 2009 reproduction's and the generic programs. */
	assert_ptr_equal(p[n - 1], &napper_ops);
	assert_string_equal(workload_program_names()[n - 1], "napper");
	assert_string_equal(p[0]->name, "gitk");
}

static void test_runs_in_a_scenario(void **state)
{
	struct scenario_error err;
	struct scenario *sc = scenario_load_text(MACHINE "[task n]\nprogram = napper\n"
						 "naps = 5\n", "t.ini", &err);
	struct run_options opt = { .seed = 1 };
	struct run_result r;
	char msg[256], *json;

	(void)state;
	if (!sc)
		fail_msg("%s", err.msg);
	if (run_scenario(sc, &opt, &r, msg, sizeof(msg)))
		fail_msg("%s", msg);
	assert_int_equal(result_uint(&r, "napper_naps"), 5);
	/* It finished, so the run stopped long before max_time. */
	assert_true(result_uint(&r, "sim_end") < NSEC_PER_SEC);
	json = result_to_json(&r, false);
	assert_non_null(strstr(json, "\"napper_naps\":5"));
	free(json);
	result_free(&r);
	scenario_free(sc);
}

static void test_keys_and_footprint_checked(void **state)
{
	struct scenario_error err;
	struct scenario *sc;

	(void)state;
	sc = scenario_load_text(MACHINE "[task n]\nprogram = napper\nnaps = 0\n",
				"t.ini", &err);
	assert_null(sc);
	assert_non_null(strstr(err.msg, "t.ini:14: naps = '0'"));
	sc = scenario_load_text(MACHINE "[task n]\nprogram = napper\nfile = 300M\n"
				"[task m]\nprogram = napper\nfile = 300M\n",
				"t.ini", &err);
	assert_null(sc);
	assert_non_null(strstr(err.msg, "the tasks' files together take 629145600 bytes"));
	/* The program's name is in the scenario's list of programs. */
	sc = scenario_load_text(MACHINE "[task n]\nprogram = nap\n", "t.ini", &err);
	assert_null(sc);
	assert_non_null(strstr(err.msg, "monitor, napper)"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_found_and_listed_last),
		cmocka_unit_test(test_runs_in_a_scenario),
		cmocka_unit_test(test_keys_and_footprint_checked),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
