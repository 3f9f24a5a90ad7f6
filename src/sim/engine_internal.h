/* SPDX-License-Identifier: GPL-2.0 */
/* Engine state shared by engine.c and task.c; nothing else includes this. */
#ifndef MMSIM_ENGINE_INTERNAL_H
#define MMSIM_ENGINE_INTERNAL_H

#include "sim.h"

/* A speed relative to the reference CPU, rate / 2^32, and 2^64 / rate
 * rounded up, to turn work into wall time without a division. */
struct cpu_speed {
	uint64_t rate;
	uint64_t inv;
};

#define SPEED_SHIFT	32
#define SPEED_ONE	(1ULL << SPEED_SHIFT)

/*
 * One logical CPU and its run queue (sched.c).  curr holds the CPU from
 * the moment it is picked until it blocks: while it consumes (running,
 * its cpu_timer ends the stretch) and in the zero-time code between two
 * cpu_consume() calls.  nr_running and load count the CFS tasks queued
 * and curr, as a cfs_rq does.
 */
struct cpu {
	struct task_struct *curr;	/* NULL: idle */
	bool running;			/* curr consumes CPU now */
	bool need_resched;		/* curr gives the CPU up at its next cpu_consume */
	struct list_head fair_queue;	/* waiting CFS tasks, by vruntime */
	struct list_head rt_queue;	/* waiting rt tasks, by prio, FIFO within */
	unsigned int nr_running;
	unsigned long load;
	uint64_t min_vruntime;
	sim_time_t exec_start;		/* of the stretch being accounted */
	sim_time_t resched_tick;	/* the tick that ends curr's slice, or 0 */
	sim_time_t stall;		/* interrupt time still to pass in it */
	struct cpu_speed speed;		/* now */
	int sibling;			/* the other thread of the core, or -1 */
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
	struct sched_tunables sched;	/* scaled for nr_cpus */
	struct cpu_speed speed_alone;	/* a core running one thread */
	struct cpu_speed speed_smt;	/* each thread of a core running two */
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

/* task.c, for sched.c: the coroutine switches. */
void resume_task(struct task_struct *p);
void switch_to_scheduler(void);

/* task.c, for sched.c: the class of a sleep and of CPU work (sim.h). */
enum task_time task_time_sleep_class(const struct task_struct *p);
static inline enum task_time task_time_cpu_class(const struct task_struct *p)
{
	return p->time_class == TT_RECLAIM ? TT_RECLAIM : TT_CPU;
}

/* sched.c: the CPU model, for task.c and engine.c. */
void sched_init(void);
void sched_fork(struct task_struct *p);		/* kthread_run */
void sched_sleep(struct task_struct *p);	/* it blocks or exits */
void sched_irq_charge(int cpu, sim_time_t work);
void task_cpu_event(struct timer *t);

#endif
