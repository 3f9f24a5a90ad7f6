// SPDX-License-Identifier: GPL-2.0
/*
 * replay: re-issue the page allocations and frees of an ftrace text trace
 * in simulated time, through the replay core (replay.c, docs/trace.md).
 * The trace is checked in full when the scenario is loaded, so a
 * malformed line stops the run before anything is simulated; it is
 * finished when the core has replayed the whole trace (or stopped on an
 * error in it).
 */
#include <stdlib.h>
#include <string.h>
#include "program.h"
#include "replay.h"
#include "util/xalloc.h"

struct replay_params {
	char trace[256];
	double time_scale;
};

struct replay_prog {
	struct program_counters c;
	struct replay *r;
	struct timer poll;
	struct workload *w;
};

/* How often the end of the trace is looked for. */
#define REPLAY_POLL_NS	(10 * NSEC_PER_MSEC)

static void replay_poll(struct timer *t)
{
	struct replay_prog *rp = t->data;
	const struct replay_stats *s = replay_stats(rp->r);

	if (s->done || s->error[0] || rp->w->task->state == TASK_DEAD) {
		/* Stopped on an error: the run fails (run.c). */
		if (s->error[0])
			snprintf(rp->w->error, sizeof(rp->w->error), "%s", s->error);
		rp->c.exited = true;
		workload_finish(rp->w);
		return;
	}
	timer_add(t, sim_now() + REPLAY_POLL_NS);
}

static void replay_opts_from(const struct workload *w, struct replay_opts *o)
{
	const struct replay_params *p = w->params;

	replay_opts_default(o);
	o->time_scale = p->time_scale;
	o->start = sim_now();
	o->comm = w->name;
}

static int replay_prog_start(struct workload *w)
{
	const struct replay_params *p = w->params;
	struct replay_prog *rp = xcalloc(1, sizeof(*rp));
	struct replay_opts o;
	char err[512];

	w->state = rp;
	rp->w = w;
	replay_opts_from(w, &o);
	rp->r = replay_open(p->trace, &o, err, sizeof(err));
	if (!rp->r) {
		/* The trace read at load but not now: changed since. */
		snprintf(w->error, sizeof(w->error), "%s", err);
		return -1;
	}
	w->task = replay_start(rp->r);
	timer_init(&rp->poll, replay_poll, rp);
	timer_add(&rp->poll, sim_now() + REPLAY_POLL_NS);
	return 0;
}

static void replay_prog_release(struct workload *w)
{
	struct replay_prog *rp = w->state;

	if (!rp)
		return;
	timer_del(&rp->poll);
	if (rp->r)
		replay_close(rp->r);
	free(rp);
	w->state = NULL;
}

/* Read the whole trace now: its errors belong to loading the scenario. */
static int replay_prog_validate(const struct scenario *sc,
				struct scenario_task *task, void *params,
				struct scenario_error *err)
{
	const struct replay_params *p = params;
	struct scenario_kv *kv = scenario_task_find(task, "trace");
	struct replay_opts o;
	struct replay *r;
	char why[512];

	replay_opts_default(&o);
	o.time_scale = p->time_scale;
	r = replay_open(p->trace, &o, why, sizeof(why));
	if (!r)
		return scenario_errorf(sc, kv ? kv->line : task->line, err,
				       "trace = '%s': %s", p->trace, why);
	replay_close(r);
	return 0;
}

/* The summary of every replay task, one after another, in the result
 * ("replay"): mmsim run prints it. */
static void replay_prog_collect(struct workload *w, struct run_result *res)
{
	struct replay_prog *rp = w->state;
	const char *before;
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	if (!rp || !rp->r)
		return;
	f = xopen_memstream(&text, &len);
	before = result_text(res, "replay");
	if (before)
		fputs(before, f);
	replay_print_summary(rp->r, w->name, f);
	xclose_memstream(f);
	result_take_text(res, "replay", text);
}

static struct measure replay_measure = {
	.name = "replay", .doc = "what each replay task replayed: events, the "
	"trace's time span, what was re-issued and what not, and why",
	.kind = MEASURE_TEXT, .json = "replay", .type = MT_TEXT,
	.flags = MF_NULLABLE | MF_OMIT_EMPTY,
};
MEASURE_REGISTER(replay_measure);

static const struct workload_ops replay_ops;

const struct replay_stats *replay_program_stats(const struct workload *w)
{
	const struct replay_prog *rp = w->state;

	return w->ops == &replay_ops && rp && rp->r ? replay_stats(rp->r) : NULL;
}

#define P(field) PARAM_FIELD(struct replay_params, field)

static const struct param_spec replay_params[] = {
	{ .key = "trace", .type = PARAM_STRING, .required = true, P(trace),
	  .doc = "ftrace text (trace-cmd report, or mmsim's own) with "
		 "mm_page_alloc and free events" },
	{ .key = "time_scale", .type = PARAM_DOUBLE, .def = "1", .dmin = 0,
	  .dmax = 1e6, P(time_scale),
	  .doc = "recorded intervals are multiplied by this; 0: back to back" },
};

static const struct workload_ops replay_ops = {
	.name = "replay",
	.summary = "re-issues the page allocations and frees of an ftrace trace",
	.order = 80,
	.params = replay_params,
	.nr_params = ARRAY_SIZE(replay_params),
	.params_size = sizeof(struct replay_params),
	.validate = replay_prog_validate,
	.start = replay_prog_start,
	.collect = replay_prog_collect,
	.release = replay_prog_release,
};
WORKLOAD_REGISTER(replay_ops);
