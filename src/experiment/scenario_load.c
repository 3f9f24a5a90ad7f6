// SPDX-License-Identifier: GPL-2.0
/*
 * Load a scenario with every check that needs more than the parser knows:
 * each task's program keys (through the program's own descriptors) and the
 * kernel profile name.  Errors come back as one "FILE:LINE: ..." line.
 */
#include <stdlib.h>
#include <string.h>
#include "scenario_load.h"
#include "kernel/profile.h"
#include "workload/workload.h"

int workload_load_params(const struct scenario *sc, struct scenario_task *task,
			 const struct workload_ops **pops, void **pparams,
			 struct scenario_error *err)
{
	const struct workload_ops *ops;
	void *params;

	ops = workload_find(scenario_program_names[task->program]);
	if (!ops)
		return scenario_errorf(sc, task->program_line, err,
				       "program '%s' is not built into this mmsim",
				       scenario_program_names[task->program]);
	params = calloc(1, ops->params_size ? ops->params_size : 1);
	if (!params)
		abort();
	if (scenario_task_apply(sc, task, ops->params, ops->nr_params, params, err) ||
	    (ops->validate && ops->validate(sc, task, params, err))) {
		free(params);
		return -1;
	}
	*pops = ops;
	*pparams = params;
	return 0;
}

static int validate_task(void *ctx, const struct scenario *sc,
			 struct scenario_task *task, struct scenario_error *err)
{
	const struct workload_ops *ops;
	void *params;

	(void)ctx;
	if (workload_load_params(sc, task, &ops, &params, err))
		return -1;
	free(params);
	return 0;
}

static int validate_profile(void *ctx, const char *name, char *why, size_t len)
{
	struct kernel_profile p;

	(void)ctx;
	return profile_parse(name, &p, why, len);
}

const char *scenario_default_name(const char *arch)
{
	return arch && !strcmp(arch, "x86") ? SCENARIO_DEFAULT_X86_NAME :
					     SCENARIO_DEFAULT_NAME;
}

static const struct scenario_parse_opts load_opts = {
	.validate_task = validate_task,
	.validate_profile = validate_profile,
};

struct scenario *scenario_load_text(const char *text, const char *name,
				    struct scenario_error *err)
{
	return scenario_parse_buffer(text, strlen(text), name, &load_opts, err);
}

struct scenario *scenario_load(const char *path, const char *arch,
			       struct scenario_error *err)
{
	const struct scenario_parse_opts opts = load_opts;

	if (path)
		return scenario_parse_file(path, &opts, err);
	if (arch && strcmp(arch, "x86") && strcmp(arch, "x86_64")) {
		err->line = 0;
		snprintf(err->msg, sizeof(err->msg),
			 "mmsim: --arch '%s': expected x86 or x86_64", arch);
		return NULL;
	}
	if (arch && !strcmp(arch, "x86"))
		return scenario_parse_buffer(scenario_default_x86_text,
					     strlen(scenario_default_x86_text),
					     SCENARIO_DEFAULT_X86_NAME, &opts, err);
	return scenario_parse_default(&opts, err);
}
