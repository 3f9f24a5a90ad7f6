// SPDX-License-Identifier: GPL-2.0
/*
 * JSON that names its numbers (result format 2, docs/schema/): every
 * measure's key is in the schema, a run's --json and a compare folder's
 * summary.json validate against docs/schema/, a format-1 result (arrays
 * by position) still reads and comes out by name.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <cmocka.h>
#include <jansson.h>
#include "metrics/metrics.h"
#include "metrics/records.h"
#include "testlib.h"

static char dir[] = "/tmp/mmsim-json-XXXXXX";
static char out[1 << 16];
static const char *srcdir = ".";	/* the repository: docs/, tests/ */
static const char *python;

static json_t *load(const char *path)
{
	json_error_t jerr;
	json_t *j = json_load_file(path, 0, &jerr);

	if (!j)
		fail_msg("%s:%d: %s", path, jerr.line, jerr.text);
	return j;
}

/* Every key the metrics layer writes is a property of the schema. */
static void test_schema_knows_every_key(void **state)
{
	char path[512];
	json_t *schema, *props;

	(void)state;
	snprintf(path, sizeof(path), "%s/docs/schema/result.schema.json", srcdir);
	schema = load(path);
	props = json_object_get(schema, "properties");
	assert_non_null(props);
	for (size_t i = 0; i < metrics_count(); i++) {
		const struct measure *m = metrics_get(i);
		const char *dot;
		json_t *p;

		if (!m->json)
			continue;
		dot = strchr(m->json, '.');
		if (dot) {
			char parent[64];

			snprintf(parent, sizeof(parent), "%.*s", (int)(dot - m->json), m->json);
			p = json_object_get(json_object_get(json_object_get(props, parent),
							    "properties"), dot + 1);
		} else {
			p = json_object_get(props, m->json);
		}
		if (!p)
			fail_msg("measure %s: key %s is not in docs/schema/result.schema.json",
				 m->name, m->json);
	}
	assert_non_null(json_object_get(props, "format"));
	json_decref(schema);
}

/* A python that has jsonschema, or NULL. */
static const char *find_python(void)
{
	static const char *const candidates[] = { "/usr/bin/python3", "python3" };

	for (size_t i = 0; i < 2; i++) {
		char cmd[256];

		snprintf(cmd, sizeof(cmd), "%s -c 'import jsonschema' >/dev/null 2>&1",
			 candidates[i]);
		if (!system(cmd))
			return candidates[i];
	}
	return NULL;
}

/* 0: valid; the checker's message in @msg otherwise. */
static int validate(const char *schema, const char *file, char *msg, size_t len)
{
	char cmd[2048];
	FILE *p;
	size_t n;
	int status;

	snprintf(cmd, sizeof(cmd), "%s %s/tests/schema_check.py %s/docs/schema %s %s 2>&1",
		 python, srcdir, srcdir, schema, file);
	p = popen(cmd, "r");
	assert_non_null(p);
	n = fread(msg, 1, len - 1, p);
	msg[n] = 0;
	status = pclose(p);
	return WEXITSTATUS(status);
}

static void test_outputs_validate(void **state)
{
	char args[1024], path[600], msg[4096];

	(void)state;
	if (!python)
		test_skip_because("python3's jsonschema is not installed "
				  "(apt-get install python3-jsonschema)");
	/* A run with allocation failures, on both arches. */
	snprintf(path, sizeof(path), "%s/run.json", dir);
	snprintf(args, sizeof(args), "run --time 60s --json %s", path);
	assert_int_equal(test_cli_run(args, out, sizeof(out)), 0);
	if (validate("result.schema.json", path, msg, sizeof(msg)))
		fail_msg("%s", msg);
	snprintf(path, sizeof(path), "%s/run-x86.json", dir);
	snprintf(args, sizeof(args), "run --arch x86 --time 30s --json %s", path);
	assert_int_equal(test_cli_run(args, out, sizeof(out)), 0);
	if (validate("result.schema.json", path, msg, sizeof(msg)))
		fail_msg("%s", msg);
	/* A compare folder's summary. */
	snprintf(args, sizeof(args), "compare --scenario %s/pressure.ini --kernels "
		 "2.6.30,2.6.32-rc6 --seeds 2 --out %s/report --no-render", dir, dir);
	if (test_cli_run(args, out, sizeof(out)))
		fail_msg("%s", out);
	snprintf(path, sizeof(path), "%s/report/summary.json", dir);
	if (validate("summary.schema.json", path, msg, sizeof(msg)))
		fail_msg("%s", msg);
	/* The schema says no: a format-1 result is not format 2. */
	snprintf(path, sizeof(path), "%s/tests/data/result-format1.json", srcdir);
	assert_int_equal(validate("result.schema.json", path, msg, sizeof(msg)), 1);
	assert_non_null(strstr(msg, "congestion_wait"));
}

/* A result written by mmsim before the names (format 1) reads, by
 * position, and is written again by name. */
static void test_format1_reads(void **state)
{
	char path[512], err[256], *text, *again;
	json_t *old, *now, *cw;
	struct run_result r;
	const struct cw_total *c;
	size_t nr, i;
	json_t *e;

	(void)state;
	snprintf(path, sizeof(path), "%s/tests/data/result-format1.json", srcdir);
	old = load(path);
	assert_int_equal(json_integer_value(json_object_get(old, "format")), 1);
	text = json_dumps(old, JSON_COMPACT);
	if (result_from_json(text, &r, err, sizeof(err)))
		fail_msg("%s", err);
	/* Element i of the old arrays is the counter named i. */
	for (unsigned int k = 0; k < json_array_size(json_object_get(old, "vm_events")); k++)
		assert_int_equal(result_uint_at(&r, "vm_events",
						metrics_element_name("vm_events", 0, k)),
				 json_integer_value(json_array_get(json_object_get(old, "vm_events"), k)));
	c = result_records(&r, "congestion_wait", &nr);
	json_array_foreach(json_object_get(old, "congestion_wait"), i, e) {
		size_t at = (size_t)json_integer_value(json_object_get(e, "site")) *
			    metrics_find("congestion_wait")->dims[1] +
			    (size_t)json_integer_value(json_object_get(e, "queue"));

		assert_int_equal(c[at].calls, json_integer_value(json_object_get(e, "calls")));
	}
	/* Written again: names. */
	again = result_to_json(&r, true);
	now = json_loads(again, 0, NULL);
	assert_int_equal(json_integer_value(json_object_get(now, "format")), RESULT_FORMAT);
	assert_int_equal(json_integer_value(json_object_get(json_object_get(now, "vm_events"),
							    "allocstall")),
			 result_uint_at(&r, "vm_events", "allocstall"));
	assert_int_equal(json_integer_value(json_object_get(json_object_get(
		json_object_get(now, "watermarks"), "DMA32"), "min")),
		json_integer_value(json_array_get(json_array_get(
			json_object_get(old, "watermarks"), 1), 0)));
	cw = json_array_get(json_object_get(now, "congestion_wait"), 0);
	assert_string_equal(json_string_value(json_object_get(cw, "site")),
			    metrics_element_name("congestion_wait", 0, (unsigned int)
				json_integer_value(json_object_get(json_array_get(
					json_object_get(old, "congestion_wait"), 0), "site"))));
	assert_string_equal(json_string_value(json_object_get(cw, "queue")), "ASYNC");
	json_decref(now);
	json_decref(old);
	free(again);
	free(text);
	result_free(&r);
}

/* merge reads results of both formats side by side. */
static void test_merge_mixed_formats(void **state)
{
	char args[2048], cmd[1400];

	(void)state;
	/* This mmsim's result in one directory, an old one in another. */
	snprintf(cmd, sizeof(cmd), "mkdir -p %s/new %s/old && cp "
		 "%s/tests/data/result-format1.json %s/old/", dir, dir, srcdir, dir);
	assert_int_equal(system(cmd), 0);
	snprintf(args, sizeof(args), "run %s/pressure.ini --kernel 2.6.30 --time 5s "
		 "--json %s/new/a.json", dir, dir);
	assert_int_equal(test_cli_run(args, out, sizeof(out)), 0);
	snprintf(args, sizeof(args), "merge %s/new %s/old --out %s/merged --no-render",
		 dir, dir, dir);
	if (test_cli_run(args, out, sizeof(out)))
		fail_msg("%s", out);
	/* Both runs, each in its column (the scenario names differ). */
	if (!strstr(out, "2.6.30@"))
		fail_msg("%s", out);
	assert_non_null(strstr(out, "2.6.32-rc6-0000000-force-highorder@/tmp/press.ini "));
	assert_non_null(strstr(out, "Elapsed:00:03.000  Failures:10"));
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_schema_knows_every_key),
		cmocka_unit_test(test_format1_reads),
		cmocka_unit_test(test_outputs_validate),
		cmocka_unit_test(test_merge_mixed_formats),
	};
	char cmd[256];
	int rc;

	(void)argc;
	test_cli_init(argv[0]);
	if (getenv("MMSIM_SRCDIR"))
		srcdir = getenv("MMSIM_SRCDIR");
	python = find_python();
	if (!mkdtemp(dir))
		return 1;
	{
		char path[512];
		FILE *f;

		snprintf(path, sizeof(path), "%s/pressure.ini", dir);
		f = fopen(path, "w");
		if (!f || fputs(test_pressure_scenario, f) < 0 || fclose(f))
			return 1;
	}
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		rc = 1;
	return rc;
}
