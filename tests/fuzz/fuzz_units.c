// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the size and time parsers (src/scenario/units.c).
 * Properties: a refusal says why; an accepted value stays within
 * INT64_MAX and its canonical text parses back to the same value.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scenario/units.h"
#include "fuzz_util.h"

static void check(const char *s, bool time)
{
	char why[64] = "", text[32];
	uint64_t v, again;
	int rc;

	rc = time ? parse_time(s, &v, why, sizeof(why)) :
		    parse_size(s, &v, why, sizeof(why));
	if (rc) {
		if (!why[0])
			abort();
		return;
	}
	if (v > INT64_MAX)
		abort();
	if (time)
		format_time(text, sizeof(text), v);
	else
		format_size(text, sizeof(text), v);
	rc = time ? parse_time(text, &again, why, sizeof(why)) :
		    parse_size(text, &again, why, sizeof(why));
	if (rc || again != v) {
		fprintf(stderr, "'%s' -> %llu -> '%s' -> %s\n", s,
			(unsigned long long)v, text, rc ? why : "another value");
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_string(data, size);

	check(s, false);
	check(s, true);
	free(s);
	return 0;
}
