// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the scenario parser (make fuzz).  Besides "no
 * crash, no sanitizer report", it checks two properties on every input:
 *  - a refused input gets exactly one non-empty error line;
 *  - an accepted input dumps to text that parses again and dumps to the
 *    same text (scenario_dump is a faithful, canonical printer).
 * Then it loads the input as a run does (scenario_load_text: task keys,
 * profile, host memory, tasks together), again with a one-line error or
 * none.  Inputs naming the replay program skip that step: its trace path
 * could name any file of the host (fuzz_replay covers the trace reader).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "experiment/scenario_load.h"
#include "scenario/scenario.h"

static char *dump(const struct scenario *sc, size_t *len)
{
	char *text = NULL;
	FILE *f = open_memstream(&text, len);

	if (!f)
		abort();
	scenario_dump(sc, f);
	fclose(f);
	return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct scenario_error err;
	struct scenario *sc, *again;
	char *first, *second;
	size_t len1, len2;

	sc = scenario_parse_buffer((const char *)data, size, "fuzz", NULL, &err);
	if (!sc) {
		if (!err.msg[0] || strchr(err.msg, '\n')) {
			fprintf(stderr, "bad error message: '%s'\n", err.msg);
			abort();
		}
		return 0;
	}
	first = dump(sc, &len1);
	again = scenario_parse_buffer(first, len1, "fuzz", NULL, &err);
	if (!again) {
		fprintf(stderr, "dump does not parse: %s\n---\n%s", err.msg, first);
		abort();
	}
	second = dump(again, &len2);
	if (len1 != len2 || memcmp(first, second, len1)) {
		fprintf(stderr, "dump is not stable\n---\n%s---\n%s", first, second);
		abort();
	}
	free(first);
	free(second);
	scenario_free(again);
	scenario_free(sc);
	if (!memmem(data, size, "replay", 6) && !memchr(data, 0, size)) {
		char *text = malloc(size + 1);

		if (!text)
			abort();
		memcpy(text, data, size);
		text[size] = 0;
		sc = scenario_load_text(text, "fuzz", &err);
		if (!sc && (!err.msg[0] || strchr(err.msg, '\n'))) {
			fprintf(stderr, "bad load error: '%s'\n", err.msg);
			abort();
		}
		scenario_free(sc);
		free(text);
	}
	return 0;
}
