/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What validate.c (the plan and the runs) and validate_claims.c (the
 * rules and the verdicts) share.
 */
#ifndef MMSIM_VALIDATE_INTERNAL_H
#define MMSIM_VALIDATE_INTERNAL_H

#include "record.h"
#include "metrics/validation.h"

#define NR_ARCH		VALIDATION_NR_ARCH
#define NR_ROWS		VALIDATION_NR_ROWS
#define X86_64		VALIDATION_X86_64
#define X86		VALIDATION_X86

/* The index of the config run for @profile under @setup on @arch with
 * @low_latency (-1: the scenario's own), or -1 when the plan has none. */
int validation_config_find(const struct validation *v, enum record_setup setup,
			   int arch, const char *profile, int low_latency);

#endif
