/* SPDX-License-Identifier: GPL-2.0 */
/* Engine state shared by engine.c and task.c; nothing else includes this. */
#ifndef MMSIM_ENGINE_INTERNAL_H
#define MMSIM_ENGINE_INTERNAL_H

#include "sim.h"

struct cpu {
	struct task_struct *curr;	/* task consuming CPU here, or NULL */
	sim_time_t busy_until;		/* interrupt work on an idle CPU */
	sim_time_t busy_ns;
};

struct engine {
	sim_time_t now;
	uint64_t next_seq;
	uint64_t nr_events;
	bool stopped;
	sim_time_t until;		/* sim_run's horizon (cpu_consume's fast path) */
	struct timer **heap;
	size_t heap_len, heap_cap;
	uint64_t rng[4];

	struct sim_config cfg;
	struct cpu cpus[SIM_MAX_CPUS];
	struct list_head runq;		/* tasks waiting for a CPU */
	struct list_head all_tasks;
	int next_pid;
	int irq_depth;
	int irq_cpu;
	sim_time_t irq_consumed;	/* ns consumed by the running handler */
	struct task_struct *running;	/* coroutine executing, NULL: scheduler */
	struct list_head dead;		/* exited tasks whose stacks can go */

	/* Debugging (sim.h: sim_set_event_hook and friends). */
	size_t nr_live;			/* pending timers that are not deferrable */
	uint64_t hook_next;		/* nr_events at which the event hook runs */
	struct sim_event_rec ring[SIM_EVENT_RING];
};

extern struct engine engine;

void prandom_seed(uint64_t seed);
/* task.c: the engine's own timer functions, for event descriptions. */
const char *sim_task_timer_kind(void (*fn)(struct timer *));

#endif
