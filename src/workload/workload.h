/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Workload programs, registered through an ops table as fio's engines are.
 * A program declares its scenario keys (param_spec, the same typed
 * descriptors the scenario parser uses), validates them, and at start
 * creates the simulated tasks or interrupt sources it needs on the booted
 * machine.  The kernel knows nothing about programs; programs use only the
 * simulated kernel's entry points (faults, file reads and writes, page
 * allocation) and the engine.
 */
#ifndef MMSIM_WORKLOAD_H
#define MMSIM_WORKLOAD_H

#include <stdbool.h>
#include <stddef.h>
#include "sim/sim.h"
#include "scenario/scenario.h"

struct machine;
struct run_result;
struct workload;

struct workload_ops {
	const char *name;		/* the scenario's program = NAME */
	const char *summary;
	const struct param_spec *params;
	size_t nr_params;
	size_t params_size;		/* the struct params[] store into */
	/* Checks beyond the per-key ones (cross-key, cross-task), after the
	 * keys were read into @params.  NULL: none.  0 or -1 with @err. */
	int (*validate)(const struct scenario *sc, struct scenario_task *task,
			void *params, struct scenario_error *err);
	/* Create tasks / interrupt sources at the current simulated time. */
	int (*start)(struct workload *w);
	/* Add this program's measures to the run's result. */
	void (*collect)(struct workload *w, struct run_result *r);
	/* Free w->state. */
	void (*release)(struct workload *w);
};

struct workload {
	const struct workload_ops *ops;
	char name[SCENARIO_TASK_NAME_MAX];	/* the task section's name */
	void *params;
	void *state;
	struct machine *machine;
	struct task_struct *task;	/* the main task, if the program has one */
	bool finished;			/* the program's work is done */
	sim_time_t started, ended;
};

/* Programs by name; NULL if unknown. */
const struct workload_ops *workload_find(const char *name);
/* Every program, NULL-terminated, for --help and docs. */
extern const struct workload_ops *const workload_programs[];

/* Mark the program finished (stop conditions watch this). */
void workload_finish(struct workload *w);

#endif
