// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for a run result as JSON (src/metrics/json.c),
 * what 'mmsim merge' reads from every job.  Properties: a refusal says
 * why; an accepted result prints back to JSON that is read again and
 * prints the same (result_to_json is a faithful printer).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "metrics/metrics.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_string(data, size), *first, *second;
	struct run_result r, again;
	char err[512] = "";

	memset(&r, 0, sizeof(r));
	if (result_from_json(text, &r, err, sizeof(err))) {
		if (!err[0])
			abort();
		result_free(&r);
		free(text);
		return 0;
	}
	first = result_to_json(&r, true);
	memset(&again, 0, sizeof(again));
	if (result_from_json(first, &again, err, sizeof(err))) {
		fprintf(stderr, "printed result does not read back: %s\n%s\n", err, first);
		abort();
	}
	second = result_to_json(&again, true);
	if (strcmp(first, second)) {
		fprintf(stderr, "printed result is not stable\n---\n%s\n---\n%s\n",
			first, second);
		abort();
	}
	free(first);
	free(second);
	result_free(&again);
	result_free(&r);
	free(text);
	return 0;
}
