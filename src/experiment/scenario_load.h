/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMSIM_SCENARIO_LOAD_H
#define MMSIM_SCENARIO_LOAD_H

#include "scenario/scenario.h"

/* @path NULL: the embedded default for @arch ("x86" or "x86_64", NULL:
 * x86_64).  NULL with @err filled on any error. */
struct scenario *scenario_load(const char *path, const char *arch,
			       struct scenario_error *err);
const char *scenario_default_name(const char *arch);
/* The same checks on scenario text held in memory. */
struct scenario *scenario_load_text(const char *text, const char *name,
				    struct scenario_error *err);

#endif
