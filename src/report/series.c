// SPDX-License-Identifier: GPL-2.0
#include "series.h"
#include "linux/mmzone.h"

static const char *const zone_csv_names[MAX_NR_ZONES] = {
	"free_dma", "free_dma32", "free_normal", "free_highmem", "free_movable",
};

void series_write_csv(FILE *f, const struct run_result *r)
{
	fprintf(f, "seconds");
	for (int z = 0; z < MAX_NR_ZONES; z++)
		fprintf(f, ",%s", zone_csv_names[z]);
	fprintf(f, ",nr_dirty,nr_writeback,nr_anon,nr_file,swap_used,"
		   "kswapd_awake,alloc_failures,congestion_wait_seconds\n");
	for (size_t i = 0; i < r->nr_samples; i++) {
		const struct sample_point *s = &r->samples[i];

		fprintf(f, "%.3f", (double)s->when / NSEC_PER_SEC);
		for (int z = 0; z < MAX_NR_ZONES; z++)
			fprintf(f, ",%lu", s->free[z]);
		fprintf(f, ",%lu,%lu,%lu,%lu,%lu,%u,%lu,%.6f\n", s->nr_dirty,
			s->nr_writeback, s->nr_anon, s->nr_file, s->swap_used,
			s->kswapd_awake, s->alloc_failures,
			(double)s->cw_time / NSEC_PER_SEC);
	}
}

void latency_write_csv(FILE *f, const struct run_result *r)
{
	fprintf(f, "seconds,latency\n");
	for (size_t i = 0; i < r->nr_latency; i++)
		fprintf(f, "%.4f,%.4f\n",
			(double)r->latency[i].when / NSEC_PER_SEC,
			(double)r->latency[i].latency / NSEC_PER_SEC);
}
