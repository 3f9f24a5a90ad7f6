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

/* Scheduling domains (sched.c): the SMT level (a core's threads) and the
 * MC level (every CPU: one package sharing its last-level cache). */
enum { SD_LV_SIBLING, SD_LV_MC, SD_LV_MAX };

/* A CPU's balancing state in one domain (struct sched_domain's). */
struct sd_state {
	unsigned long last_balance;	/* jiffies */
	unsigned int balance_interval;	/* ms */
	unsigned int nr_balance_failed;
};

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
	/* The CFS buddies (cfs_rq->next, ->last), waiting or curr. */
	struct task_struct *next_buddy, *last_buddy;
	/* rq->cpu_load[0] and [1] as of the tick load_jiffy. */
	unsigned long cpu_load[2];
	unsigned long load_jiffy;
	/* 2.6.32.2's newidle rate limit: rq->idle_stamp, rq->avg_idle. */
	sim_time_t idle_stamp, avg_idle;
	struct sd_state sd[SD_LV_MAX];
};

/* A scheduling domain level's parameters (SD_SIBLING_INIT, SD_MC_INIT). */
struct sd_level {
	bool present;			/* some CPU's span at this level has 2+ CPUs */
	unsigned int flags;		/* SD_* as sched.c defines them */
	unsigned int min_interval, max_interval, busy_factor;
	unsigned int imbalance_pct, cache_nice_tries;
	unsigned int busy_idx, idle_idx, newidle_idx, wake_idx, forkexec_idx;
};

/* A slot of the event heap: the timer and a copy of its key (engine.c). */
struct heap_node {
	sim_time_t expires;
	uint64_t seq;
	struct timer *timer;
};

struct engine {
	sim_time_t now;
	uint64_t next_seq;
	uint64_t nr_events;
	bool stopped;
	sim_time_t until;		/* sim_run's horizon (cpu_consume's fast path) */
	struct heap_node *heap;
	size_t heap_len, heap_cap;
	uint64_t rng[4];

	struct sim_config cfg;
	struct cpu cpus[SIM_MAX_CPUS];
	struct sched_tunables sched;	/* scaled for nr_cpus */
	struct cpu_speed speed_alone;	/* a core running one thread */
	struct cpu_speed speed_smt;	/* each thread of a core running two */
	struct sd_level sd[SD_LV_MAX];
	struct timer balance_timer;	/* the periodic rebalance_domains() */
	uint64_t enqueue_seq;
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
void sched_wakeup(struct task_struct *p, bool sync);	/* try_to_wake_up */
void sched_sleep(struct task_struct *p);	/* it blocks or exits */
void sched_irq_charge(int cpu, sim_time_t work);
void task_cpu_event(struct timer *t);

#endif
