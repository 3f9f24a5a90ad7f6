// SPDX-License-Identifier: GPL-2.0
/*
 * The claims' data (metrics/validation.h): what experiment/validate.c
 * decides and report/validation_md.c prints both read it.
 */
#include "validation.h"

/* Each claim's rule, by name, and the data set it belongs to. */
const struct validation_claim_info validation_claim_info[NR_CLAIMS] = {
#define CLAIM_INFO(id, rule, set) [id] = { #rule, set },
	VALIDATION_CLAIMS(CLAIM_INFO)
#undef CLAIM_INFO
};
