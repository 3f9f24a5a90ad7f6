// SPDX-License-Identifier: GPL-2.0
#include "series.h"

void series_write_csv(FILE *f, const struct run_result *r)
{
	result_write_csv(f, r, "samples");
}

void latency_write_csv(FILE *f, const struct run_result *r)
{
	result_write_csv(f, r, "latency");
}
