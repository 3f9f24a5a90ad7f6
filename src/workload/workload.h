/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Workload programs, registered through an ops table as fio's engines are.
 * A program is one file: it declares its scenario keys (param_spec, the
 * same typed descriptors the scenario parser uses), validates them, says
 * what it keeps on the filesystem volume, creates at start the simulated
 * tasks or interrupt sources it needs on the booted machine, hands its
 * measures to the run's result (declared in the same file with
 * MEASURE_REGISTER, metrics/metrics.h), and registers itself:
 *
 *	static const struct workload_ops null_ops = {
 *		.name = "null", .summary = "...",
 *		.params = null_params, .nr_params = ARRAY_SIZE(null_params),
 *		.params_size = sizeof(struct null_params),
 *		.start = null_start, .release = null_release,
 *	};
 *	WORKLOAD_REGISTER(null_ops);
 *
 * WORKLOAD_REGISTER puts a pointer into the "mmsim_workloads" section; the
 * registry finds every program between the linker's __start_ and __stop_
 * symbols, so there is no central list to edit (the library is linked
 * whole for it: see the Makefile).
 *
 * The kernel knows nothing about programs; programs use only the simulated
 * kernel's entry points (faults, file reads and writes, page allocation),
 * the engine, and what the run gives them in their workload_set.
 */
#ifndef MMSIM_WORKLOAD_H
#define MMSIM_WORKLOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "sim/sim.h"
#include "workload/scenario_types.h"

struct run_result;
struct super_block;
struct workload;
struct program_stdout;

struct workload_ops {
	const char *name;		/* the scenario's program = NAME */
	const char *summary;
	/* Where the program comes in lists (--help, docs, error messages):
	 * by .order, then by name; 0 comes after every numbered program. */
	int order;
	const struct param_spec *params;
	size_t nr_params;
	size_t params_size;		/* the struct params[] store into */
	/* Checks beyond the per-key ones (cross-key, cross-task), after the
	 * keys were read into @params.  NULL: none.  0 or -1 with @err. */
	int (*validate)(const struct scenario *sc, struct scenario_task *task,
			void *params, struct scenario_error *err);
	/*
	 * What the task keeps on the filesystem volume, so that the tasks'
	 * files are checked to fit together before anything runs: the
	 * bytes, and in @name what they are ("file F", "repository R"):
	 * tasks naming the same thing share it.  NULL or 0: nothing.
	 */
	uint64_t (*footprint)(const struct scenario_task *task,
			      const void *params, char *name, size_t len);
	/* Create tasks / interrupt sources at the current simulated time. */
	int (*start)(struct workload *w);
	/* Add this program's measures to the run's result. */
	void (*collect)(struct workload *w, struct run_result *r);
	/*
	 * The standard output of the program's process @i (its instances
	 * are 0, 1, ...), which the harness's latency-output reads
	 * (program.h, struct program_stdout); NULL past the last process.
	 * NULL: the program prints nothing.
	 */
	struct program_stdout *(*output)(struct workload *w, unsigned int i);
	/* Free w->state. */
	void (*release)(struct workload *w);
};

#define WORKLOAD_REGISTER(ops)						\
	static const struct workload_ops *const __workload_##ops	\
	__attribute__((section("mmsim_workloads"), used)) = &(ops)

/* The programs of one run, and what the machine gives them. */
struct workload_set {
	struct workload *w;		/* one per task, in file order */
	size_t nr;
	struct super_block *sb;		/* the filesystem volume */
	/* The normal partition's filesystem the harness logs to (the
	 * machine's logfs), or NULL. */
	struct super_block *log_sb;
	/* The run's stop condition: called when a program finishes.
	 * NULL: nothing to do. */
	void (*finished)(struct workload_set *set, struct workload *w);
};

struct workload {
	const struct workload_ops *ops;
	char name[SCENARIO_TASK_NAME_MAX];	/* the task section's name */
	void *params;
	void *state;
	struct workload_set *set;	/* the run's programs */
	struct task_struct *task;	/* the main task, if the program has one */
	bool finished;			/* the program's work is done */
	sim_time_t started, ended;
	/* Why start() failed, or why the program stopped on an error of
	 * its input (the run then fails); "": none said. */
	char error[512];
};

/* Programs by name; NULL if unknown. */
const struct workload_ops *workload_find(const char *name);
/* Every program in list order, NULL-terminated. */
const struct workload_ops *const *workload_programs(void);
/* Their names, in the same order, NULL-terminated (the scenario's
 * "program =" words). */
const char *const *workload_program_names(void);

/* The program of task @name in @set, or NULL. */
struct workload *workload_find_task(const struct workload_set *set,
				    const char *name);
/* Mark the program finished and tell the run (stop conditions). */
void workload_finish(struct workload *w);
/* Release every program of @set and free it (not @set itself). */
void workload_set_release(struct workload_set *set);

#endif
