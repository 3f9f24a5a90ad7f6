/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMSIM_SCENARIO_LOAD_H
#define MMSIM_SCENARIO_LOAD_H

#include "scenario/scenario.h"

struct workload_ops;
struct kernel_profile;

/* @path NULL: the embedded default for @arch ("x86" or "x86_64", NULL:
 * x86_64).  NULL with @err filled on any error. */
/*
 * Where scenario @name is: @name itself when it is a file or holds a '/';
 * else the installed scenarios NAME or NAME.ini, looked up in
 * EXE_DIR/../share/mmsim/scenarios (an installed mmsim, wherever it was
 * installed or copied with its tree), MMSIM_DATADIR/scenarios (the
 * PREFIX it was built for) and EXE_DIR/../../scenarios (a build tree);
 * @name when none has it (the error then names it).  Returns @name or
 * @buf.
 */
const char *scenario_resolve(const char *name, char *buf, size_t len);

struct scenario *scenario_load(const char *path, const char *arch,
			       struct scenario_error *err);
const char *scenario_default_name(const char *arch);
/* The same checks on scenario text held in memory. */
struct scenario *scenario_load_text(const char *text, const char *name,
				    struct scenario_error *err);

/*
 * Beyond the parser's checks, scenario_load*() refuse a machine whose
 * per-page state (struct page and side arrays, swap slots) needs more than
 * half of this host's memory (sysconf), and tasks whose files together
 * exceed fs_size or whose anonymous memory exceeds mem + swap_size.
 * Tests set the host's memory (bytes; 0: sysconf again).
 */
void scenario_set_host_memory(uint64_t bytes);
/*
 * The first of those checks alone, for a scenario changed since it was
 * loaded ('show --mem', calibrate's values): 0, or -1 and @why "mem = 1T:
 * the simulated machine needs N MiB of host memory (...), more than half
 * of this host's M MiB (at most K MiB)".  Every boot makes it
 * (machine_mem_config()), before anything is allocated.
 */
int scenario_check_host(const struct scenario *sc, char *why, size_t len);

/*
 * The program of @task and its keys read into a fresh params struct
 * (malloc'd, the caller frees it), with the program's own checks.
 * 0, or -1 with @err filled and nothing allocated.
 */
int workload_load_params(const struct scenario *sc, struct scenario_task *task,
			 const struct workload_ops **ops, void **params,
			 struct scenario_error *err);

/*
 * The scenario's [vm] values that are kernel tunables against profile @p
 * (the one a run boots, which --kernel may have chosen): low_latency = on
 * for a profile without it (2.6.30, 2.6.31) is refused.  0, or -1 with
 * @err filled ("FILE:LINE: ...").  The values themselves reach the kernel
 * in struct boot_params (machine_boot_params()).
 */
int scenario_check_profile(const struct scenario *sc,
			   const struct kernel_profile *p,
			   struct scenario_error *err);

#endif
