// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the size, time and count parsers
 * (src/scenario/units.c), which scenario files and command-line options
 * share.  Properties: a refusal says why; an accepted value stays within
 * INT64_MAX and its canonical text parses back to the same value; a
 * mem= size with a unit is the scenario size; a count is what its digits
 * say.
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

/* mem= (parse_size_memparse()) agrees with parse_size() wherever
 * parse_size() accepts; beyond it, only bare numbers of bytes. */
static void check_memparse(const char *s)
{
	char why[64] = "", why2[64];
	uint64_t v, size;
	int rc = parse_size_memparse(s, &v, why, sizeof(why));

	if (rc) {
		if (!why[0])
			abort();
		if (!parse_size(s, &size, why2, sizeof(why2)))
			abort();	/* a scenario size that mem= refuses */
		return;
	}
	if (v > INT64_MAX)
		abort();
	if (!parse_size(s, &size, why2, sizeof(why2)) && size != v)
		abort();
}

/* A count is digits only, and their value. */
static void check_count(const char *s)
{
	char why[64] = "";
	uint64_t v, again = 0;

	if (parse_count(s, &v, why, sizeof(why))) {
		if (!why[0])
			abort();
		return;
	}
	for (const char *p = s; *p; p++) {
		if (*p < '0' || *p > '9')
			abort();
		again = again * 10 + (uint64_t)(*p - '0');
	}
	if (!*s || v > INT64_MAX || again != v)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_string(data, size);

	check(s, false);
	check(s, true);
	check_memparse(s);
	check_count(s);
	free(s);
	return 0;
}
