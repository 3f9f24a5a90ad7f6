/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Scenario files: the machine, its sysctls, the kernel profile, how long to
 * run, and the tasks to run, as an INI file in the spirit of fio job files
 * (read with Debian's libinih).  docs/scenario-format.md describes every
 * key; this header is the contract for the layers that consume them.
 *
 *   [machine]  [vm]  [kernel]  [run]      fixed keys, from the registry below
 *   [task NAME]                          program = gitk|music|...: a
 *                                        workload program (workload.h);
 *                                        every other key belongs to it
 *
 * Every fixed key is described once, by a struct param_spec: its type
 * (size, time, int, double, bool, enum, string, ...), range, default,
 * documentation and the field it is stored in.  Parsing, error messages,
 * scenario_dump() and the documentation table all come from that one
 * description.  Workload programs describe their own task keys with the
 * same descriptor (struct workload_param_spec is the same type) and read
 * them with scenario_task_apply() or the scenario_task_get_*() helpers,
 * which produce the same errors.
 *
 * Errors: one line, "FILE:LINE: what is wrong (what was expected)", in a
 * struct scenario_error; a scenario with an error is not returned at all.
 *
 * The parsed scenario's structures, the descriptors and the error are
 * declared in workload/scenario_types.h, below this layer, so that the
 * programs read them without including scenario/.
 */
#ifndef MMSIM_SCENARIO_H
#define MMSIM_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "units.h"
#include "workload/scenario_types.h"

/* ---- the scenario ---------------------------------------------------- */

enum scenario_arch {
	SCENARIO_ARCH_X86,	/* same order as enum sim_arch (mmzone.h) */
	SCENARIO_ARCH_X86_64,
};

enum scenario_disk {
	SCENARIO_DISK_ROTATIONAL,
	SCENARIO_DISK_SSD,
};

extern const char *const scenario_arch_names[];	/* "x86", "x86_64" */
extern const char *const scenario_disk_names[];

/* ---- parsing --------------------------------------------------------- */

struct scenario_parse_opts {
	/* Called for every task once the whole file is read and checked;
	 * returns 0, or -1 with @err filled (the scenario_task_* helpers do). */
	int (*validate_task)(void *ctx, const struct scenario *sc,
			     struct scenario_task *task, struct scenario_error *err);
	/* Checks [kernel] profile; returns 0, or -1 with a reason in @why. */
	int (*validate_profile)(void *ctx, const char *name, char *why, size_t len);
	/* Checks [kernel] switches on that profile, the same way. */
	int (*validate_switches)(void *ctx, const char *profile,
				 const char *switches, char *why, size_t len);
	void *ctx;
};

/* @opts may be NULL.  NULL on error, with @err filled. */
struct scenario *scenario_parse_buffer(const char *text, size_t len,
				       const char *filename,
				       const struct scenario_parse_opts *opts,
				       struct scenario_error *err);
struct scenario *scenario_parse_file(const char *path,
				     const struct scenario_parse_opts *opts,
				     struct scenario_error *err);
void scenario_free(struct scenario *sc);

/* The embedded default (src/scenario/default.c): the Nov 2009
 * reproduction on x86-64, and its x86 (Pentium 4) sibling. */
extern const char scenario_default_text[];
/*
 * Where the shipped scenarios' [fitted] values come from: the
 * calibration's command and the commit it ran at (docs/calibration.md,
 * "The shipped calibration").  Re-run it after a change of mechanism and
 * update this with the values.
 */
extern const char scenario_calibration[];
extern const char scenario_default_x86_text[];
#define SCENARIO_DEFAULT_NAME		"<default>"
#define SCENARIO_DEFAULT_X86_NAME	"<default-x86>"
struct scenario *scenario_parse_default(const struct scenario_parse_opts *opts,
					struct scenario_error *err);

/* The text of a shipped scenario file built into mmsim
 * (src/scenario/shipped.c): @name as "scenarios/desktop-net-gitk.ini".
 * NULL for a file not built in. */
const char *scenario_shipped_text(const char *name);

/* Print @sc back as INI with canonical units; parsing the output gives
 * the same values.  Keys without a value print as comments. */
void scenario_dump(const struct scenario *sc, FILE *f);

/* Every fixed key as a Markdown table (docs/scenario-format.md). */
void scenario_describe_keys(FILE *f);
/* Every key of the fixed sections, for a "did you mean" (suggest.h). */
struct suggest;
void scenario_suggest_keys(struct suggest *sg);

/* Line of a fixed key in the file, 0 when it took its default. */
int scenario_key_line(const struct scenario *sc, const char *section,
		      const char *key);
static inline bool scenario_key_given(const struct scenario *sc,
				      const char *section, const char *key)
{
	return scenario_key_line(sc, section, key) > 0;
}

/* The descriptor of fixed key @key of [@section] ("machine", "vm",
 * "kernel", "run"), or NULL when there is no such key: for commands that
 * work on keys by name (mmsim calibrate fits only numeric ones). */
const struct param_spec *scenario_key_spec(const char *section,
					   const char *key);

/* Does a task run program @name? */
bool scenario_has_program(const struct scenario *sc, const char *name);

/* ---- task keys, for workload programs ------------------------------ */

/* Read one key described by @spec into @dst + spec->offset: default when
 * absent, "missing key" when required, range and unit checks.  0 or -1. */
int scenario_task_get(const struct scenario *sc, struct scenario_task *task,
		      const struct param_spec *spec, void *dst,
		      struct scenario_error *err);
/* Every key of @specs, then refuse any key of the task that none of them
 * names ("unknown key ... (one of ...)").  0 or -1. */
int scenario_task_apply(const struct scenario *sc, struct scenario_task *task,
			const struct param_spec *specs, size_t nr_specs,
			void *dst, struct scenario_error *err);
/* Refuse the first key not yet read; @specs (may be NULL) lists the
 * expected keys in the message. */
int scenario_task_check_unused(const struct scenario *sc,
			       const struct scenario_task *task,
			       const struct param_spec *specs, size_t nr_specs,
			       struct scenario_error *err);

/* One key at a time.  @def is the default as file text; NULL makes the
 * key required.  0 or -1 with @err filled. */
int scenario_task_get_size(const struct scenario *sc, struct scenario_task *task,
			   const char *key, const char *def, uint64_t min,
			   uint64_t max, uint64_t *out, struct scenario_error *err);
int scenario_task_get_time(const struct scenario *sc, struct scenario_task *task,
			   const char *key, const char *def, uint64_t min,
			   uint64_t max, uint64_t *out, struct scenario_error *err);
int scenario_task_get_int(const struct scenario *sc, struct scenario_task *task,
			  const char *key, const char *def, int64_t min,
			  int64_t max, int64_t *out, struct scenario_error *err);
int scenario_task_get_double(const struct scenario *sc, struct scenario_task *task,
			     const char *key, const char *def, double min,
			     double max, double *out, struct scenario_error *err);
int scenario_task_get_bool(const struct scenario *sc, struct scenario_task *task,
			   const char *key, const char *def, bool *out,
			   struct scenario_error *err);
int scenario_task_get_enum(const struct scenario *sc, struct scenario_task *task,
			   const char *key, const char *def,
			   const char *const *words, int *out,
			   struct scenario_error *err);
int scenario_task_get_string(const struct scenario *sc, struct scenario_task *task,
			     const char *key, const char *def, char *buf,
			     size_t len, struct scenario_error *err);

#endif /* MMSIM_SCENARIO_H */
