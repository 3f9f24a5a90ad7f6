// SPDX-License-Identifier: GPL-2.0
/*
 * Task keys, for the workload programs.  The scenario layer keeps every key
 * of a [task NAME] section but "program" as text with its line; each
 * program reads its own keys here, through the same typed descriptors and
 * error messages as the fixed keys, and refuses the keys it does not know.
 */
#include <string.h>
#include "param.h"
#include "suggest.h"
#include "workload/workload.h"

static const char *program_name(const struct scenario_task *task)
{
	return task->program ? task->program->name : "?";
}

int scenario_task_get(const struct scenario *sc, struct scenario_task *task,
		      const struct param_spec *spec, void *dst,
		      struct scenario_error *err)
{
	struct scenario_kv *kv = scenario_task_find(task, spec->key);
	char why[128], expect[256];
	void *field = field_of(dst, spec);

	if (kv) {
		if (param_parse(spec, kv->value, field, why, sizeof(why)))
			return scenario_value_error(sc, err, kv->line, spec, kv->value, why);
		return 0;
	}
	if (spec->def) {
		if (param_parse(spec, spec->def, field, why, sizeof(why)))
			return scenario_errorf(sc, task->line, err, "internal "
					       "error: default of %s for program "
					       "%s: %s", spec->key,
					       program_name(task), why);
		return 0;
	}
	if (!spec->required)
		return 0;
	param_expect(spec, expect, sizeof(expect));
	return scenario_errorf(sc, task->line, err, "missing key '%s' in "
			       "[task %s] (program %s needs it: %s)", spec->key,
			       task->name, program_name(task), expect);
}

int scenario_task_check_unused(const struct scenario *sc,
			       const struct scenario_task *task,
			       const struct param_spec *specs, size_t nr_specs,
			       struct scenario_error *err)
{
	const char *prog = program_name(task);
	struct suggest sg;
	char keys[512];

	for (size_t i = 0; i < task->nr_kv; i++) {
		const struct scenario_kv *kv = &task->kv[i];

		if (kv->used)
			continue;
		if (!specs)
			return scenario_errorf(sc, kv->line, err, "unknown key "
					       "'%s' in [task %s] (not a key of "
					       "program %s)", kv->key,
					       task->name, prog);
		param_list_keys(specs, nr_specs, keys, sizeof(keys));
		suggest_init(&sg, kv->key);
		for (size_t k = 0; k < nr_specs; k++)
			suggest_add(&sg, specs[k].key);
		return scenario_errorf(sc, kv->line, err, "unknown key '%s' in "
				       "[task %s] (%sprogram %s takes %s)", kv->key,
				       task->name, suggest_lead(&sg), prog, keys);
	}
	return 0;
}

int scenario_task_apply(const struct scenario *sc, struct scenario_task *task,
			const struct param_spec *specs, size_t nr_specs,
			void *dst, struct scenario_error *err)
{
	for (size_t i = 0; i < nr_specs; i++)
		if (scenario_task_get(sc, task, &specs[i], dst, err))
			return -1;
	return scenario_task_check_unused(sc, task, specs, nr_specs, err);
}

static int task_get_one(const struct scenario *sc, struct scenario_task *task,
			struct param_spec *spec, const char *key, const char *def,
			void *out, struct scenario_error *err)
{
	spec->key = key;
	spec->def = def;
	spec->required = !def;
	spec->offset = 0;
	return scenario_task_get(sc, task, spec, out, err);
}

int scenario_task_get_size(const struct scenario *sc, struct scenario_task *task,
			   const char *key, const char *def, uint64_t min,
			   uint64_t max, uint64_t *out, struct scenario_error *err)
{
	struct param_spec sp = {
		.type = PARAM_SIZE, .min = (int64_t)(min > INT64_MAX ? INT64_MAX : min),
		.max = (int64_t)(max > INT64_MAX ? INT64_MAX : max), .size = sizeof(*out),
	};

	return task_get_one(sc, task, &sp, key, def, out, err);
}

int scenario_task_get_time(const struct scenario *sc, struct scenario_task *task,
			   const char *key, const char *def, uint64_t min,
			   uint64_t max, uint64_t *out, struct scenario_error *err)
{
	struct param_spec sp = {
		.type = PARAM_TIME, .min = (int64_t)(min > INT64_MAX ? INT64_MAX : min),
		.max = (int64_t)(max > INT64_MAX ? INT64_MAX : max), .size = sizeof(*out),
	};

	return task_get_one(sc, task, &sp, key, def, out, err);
}

int scenario_task_get_int(const struct scenario *sc, struct scenario_task *task,
			  const char *key, const char *def, int64_t min,
			  int64_t max, int64_t *out, struct scenario_error *err)
{
	struct param_spec sp = {
		.type = PARAM_INT, .min = min, .max = max, .size = sizeof(*out),
	};

	return task_get_one(sc, task, &sp, key, def, out, err);
}

int scenario_task_get_double(const struct scenario *sc, struct scenario_task *task,
			     const char *key, const char *def, double min,
			     double max, double *out, struct scenario_error *err)
{
	struct param_spec sp = {
		.type = PARAM_DOUBLE, .dmin = min, .dmax = max, .size = sizeof(*out),
	};

	return task_get_one(sc, task, &sp, key, def, out, err);
}

int scenario_task_get_bool(const struct scenario *sc, struct scenario_task *task,
			   const char *key, const char *def, bool *out,
			   struct scenario_error *err)
{
	struct param_spec sp = { .type = PARAM_BOOL, .size = sizeof(*out) };

	return task_get_one(sc, task, &sp, key, def, out, err);
}

int scenario_task_get_enum(const struct scenario *sc, struct scenario_task *task,
			   const char *key, const char *def,
			   const char *const *words, int *out,
			   struct scenario_error *err)
{
	struct param_spec sp = {
		.type = PARAM_ENUM, .words = words, .size = sizeof(*out),
	};

	return task_get_one(sc, task, &sp, key, def, out, err);
}

int scenario_task_get_string(const struct scenario *sc, struct scenario_task *task,
			     const char *key, const char *def, char *buf,
			     size_t len, struct scenario_error *err)
{
	struct param_spec sp = { .type = PARAM_STRING, .size = len };

	return task_get_one(sc, task, &sp, key, def, buf, err);
}
