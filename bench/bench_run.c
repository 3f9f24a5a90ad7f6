// SPDX-License-Identifier: GPL-2.0
/*
 * Speed of a whole run: the embedded 2009 reproduction (x86-64 and x86),
 * in process, with the engine's event counter, which `mmsim run` does not
 * print.  For each: best of @reps runs of host wall time and CPU time, the
 * simulated-to-wall ratio and events per wall second; then one run with
 * the invariant checks (--check) for comparison.
 *
 * Targets: a default run within 2 s of wall time on one core,
 * and simulated time at least 500 times wall time.
 *
 * Usage: bench_run [reps]  (default 3)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <sys/resource.h>
#include "experiment/run.h"
#include "experiment/scenario_load.h"
#include "sim/sim.h"

struct sample {
	double wall, cpu, sim;
	uint64_t events;
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double cpu_s(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
	       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
}

static void run_once(const char *arch, bool check, struct sample *s)
{
	struct scenario_error serr;
	struct run_options opt = { 0 };
	struct run_result r;
	struct scenario *sc = scenario_load(NULL, arch, &serr);
	char err[1024];
	double w0, c0;

	if (!sc) {
		fprintf(stderr, "bench_run: %s\n", serr.msg);
		exit(1);
	}
	opt.seed = (uint64_t)sc->run.seed;
	opt.check = check;
	opt.scenario_name = scenario_default_name(arch);
	w0 = now_s();
	c0 = cpu_s();
	if (run_scenario(sc, &opt, &r, err, sizeof(err))) {
		fprintf(stderr, "bench_run: %s\n", err);
		exit(1);
	}
	s->wall = now_s() - w0;
	s->cpu = cpu_s() - c0;
	/* sim_exit() leaves the counter alone; sim_init() zeroes it at boot. */
	s->events = sim_events();
	s->sim = (double)result_uint(&r, "sim_end") / NSEC_PER_SEC;
	result_free(&r);
	scenario_free(sc);
}

static void report(const char *name, const struct sample *s, int reps)
{
	printf("%-14s sim %7.1f s  wall %6.3f s  cpu %6.3f s  (best of %d)  "
	       "sim/wall %6.0fx  %6.2f M events/s  (%lu events)\n",
	       name, s->sim, s->wall, s->cpu, reps, s->sim / s->wall,
	       (double)s->events / s->wall / 1e6, (unsigned long)s->events);
}

static void bench(const char *name, const char *arch, bool check, int reps)
{
	struct sample best = { 0 }, s;

	for (int i = 0; i < reps; i++) {
		run_once(arch, check, &s);
		if (!i || s.wall < best.wall)
			best = s;
	}
	report(name, &best, reps);
}

int main(int argc, char **argv)
{
	int reps = argc > 1 ? atoi(argv[1]) : 3;

	if (reps < 1)
		reps = 1;
	bench("x86_64", "x86_64", false, reps);
	bench("x86", "x86", false, reps);
	bench("x86_64 --check", "x86_64", true, 1);
	return 0;
}
