// SPDX-License-Identifier: GPL-2.0
#include "series.h"
#include "metrics/records.h"

void series_write_csv(FILE *f, const struct run_result *r)
{
	result_write_csv(f, r, "samples");
}

void latency_write_csv(FILE *f, const struct run_result *r)
{
	result_write_csv(f, r, "latency");
}

void latency_write_log(FILE *f, const struct run_result *r)
{
	/* What a line of the cover's program stands for ("N commits", by
	 * its "elapsed" measure's .line_every and that measure's unit). */
	const struct measure *el = metrics_find("elapsed");
	const struct measure *m = metrics_find(el->line_every);
	uint64_t every = result_uint(r, m->name);
	const struct latency_sample *l;
	size_t nr;

	l = result_records(r, "latency", &nr);
	for (size_t i = 0; i < nr; i++) {
		double when = (double)l[i].when / 1e9;

		fprintf(f, "%16.4f %8.4f %10.4f -- ", (double)MMSIM_EPOCH + when,
			when, (double)l[i].latency / 1e9);
		if (every)
			fprintf(f, "%llu %s\n",
				(unsigned long long)((i + 1) * every), m->unit);
		else
			fprintf(f, "line %zu\n", i + 1);
	}
}
