/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the scheduler's two halves share: sched.c (the core, as 2.6.32
 * kernel/sched.c: run queues, schedule(), ticks, accounting) and
 * sched_fair.c (CFS, as 2.6.32 kernel/sched_fair.c, with the placement
 * and the load balancing).  The kernel shares them by #including
 * sched_fair.c into sched.c; nothing but these two includes this.
 */
#ifndef MMSIM_SCHED_INTERNAL_H
#define MMSIM_SCHED_INTERNAL_H

#include "sim.h"
#include "engine_internal.h"

#define NICE_0_LOAD		1024
/* kernel/sched_fair.c sysctl_sched_migration_cost, 0.5 ms in 2.6.30-2.6.32
 * (not scaled at boot): task_hot(), wake_affine()'s sync test, 2.6.32.2's
 * newidle rate limit. */
#define MIGRATION_COST		(500 * NSEC_PER_USEC)

/* The sched domain flags this model reads (include/linux/sched.h; the
 * values are mmsim's). */
#define SD_LOAD_BALANCE		0x0001
#define SD_BALANCE_NEWIDLE	0x0002
#define SD_BALANCE_FORK		0x0008
#define SD_WAKE_AFFINE		0x0020
#define SD_WAKE_BALANCE		0x0040	/* 2.6.30/31 only */
#define SD_SHARE_CPUPOWER	0x0080
#define SD_SHARE_PKG_RESOURCES	0x0200
#define SD_PREFER_SIBLING	0x1000	/* since 2.6.32-rc1 */

static inline struct cpu *cpu_of(const struct task_struct *p)
{
	return &engine.cpus[p->cpu];
}

static inline int cpu_id(const struct cpu *c)
{
	return (int)(c - engine.cpus);
}

static inline bool fair_task(const struct task_struct *p)
{
	return !rt_task(p);
}

/* Signed difference of two vruntimes, as the kernel compares them. */
static inline int64_t vdiff(uint64_t a, uint64_t b)
{
	return (int64_t)(a - b);
}

/* calc_delta_fair(): @delta ns of CPU in @p's virtual time. */
static inline uint64_t calc_delta_fair(sim_time_t delta,
				       const struct task_struct *p)
{
	if (p->load_weight == NICE_0_LOAD)
		return delta;
	return (uint64_t)delta * NICE_0_LOAD / p->load_weight;
}

/* rq->nr_running: the CFS tasks and an rt curr (rt waiters are rare
 * here and not counted). */
static inline unsigned long rq_nr_running(const struct cpu *c)
{
	return c->nr_running + (c->curr && rt_task(c->curr));
}

/* __clear_buddies(): @p leaves the queue, runs its slice out, or is
 * picked. */
static inline void clear_buddies(struct cpu *c, const struct task_struct *p)
{
	if (c->next_buddy == p)
		c->next_buddy = NULL;
	if (c->last_buddy == p)
		c->last_buddy = NULL;
}

/* sched.c: the run queues, their accounting, the ticks, schedule(). */
struct task_struct *first_waiting(const struct list_head *queue);
void update_min_vruntime(struct cpu *c);
void update_curr(struct cpu *c);
unsigned long source_load(struct cpu *c, unsigned int idx);
unsigned long target_load(struct cpu *c, unsigned int idx);
unsigned long cpu_avg_load_per_task(const struct cpu *c);
void account_enqueue(struct cpu *c, const struct task_struct *p);
void account_dequeue(struct cpu *c, const struct task_struct *p);
void queue_insert(struct cpu *c, struct task_struct *p);
void queue_remove(struct task_struct *p);
sim_time_t next_tick_after(sim_time_t t);
void arm(struct cpu *c);
void preempt_curr(struct cpu *c);
void schedule_cpu(struct cpu *c, bool was_busy);

/* sched_fair.c: CFS, the placement of woken and new tasks, balancing. */
void place_entity(struct cpu *c, struct task_struct *p, bool initial);
struct task_struct *pick_next(struct cpu *c);
bool tick_preempts(struct cpu *c, struct task_struct *p);
sim_time_t tick_budget(const struct cpu *c, const struct task_struct *p);
void check_preempt_curr(struct cpu *c, struct task_struct *p);
void idle_balance(struct cpu *c);
void rebalance_tick(struct timer *t);
void balance_kick(void);
int select_task_rq_wake(const struct task_struct *p, int this,
			const struct task_struct *curr, bool sync);
int select_task_rq_rt(const struct task_struct *p);
int select_task_rq_fork(int cpu);

#endif /* MMSIM_SCHED_INTERNAL_H */
