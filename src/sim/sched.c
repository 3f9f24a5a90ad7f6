// SPDX-License-Identifier: GPL-2.0
/*
 * The CPU model: one run queue per CPU with the rules of the Completely
 * Fair Scheduler as 2.6.30-2.6.32 kernel/sched_fair.c has them, rt tasks
 * above it, CPUs of a given speed whose Hyper-Threading siblings slow
 * each other down, and the scheduling domains that place woken tasks and
 * balance the queues (kernel/sched.c).
 *
 * A task needs a CPU only inside cpu_consume(ns), ns being the work's time
 * on the reference CPU.  A task is runnable from its wake-up (or fork) to
 * its next sleep: try_to_wake_up() puts it on a CPU's queue at once, or
 * makes it the curr of an idle CPU, as the kernel does; its code runs at
 * that instant whether or not it has a CPU (docs/model.md, "Engine"), and
 * it waits for the CPU only at its next cpu_consume().  Once picked, a
 * task holds its CPU (cpu->curr) until it blocks: through its work, whose
 * end its cpu_timer marks, and through the zero-time code between two
 * cpu_consume() calls, so a task that computes in many small pieces keeps
 * its CPU as it would in the kernel.
 *
 * From the kernel (kernel/sched_fair.c, kernel/sched.c):
 *   vruntime grows by delta_exec * NICE_0_LOAD / weight (update_curr),
 *   weights from prio_to_weight[]; the leftmost vruntime runs next, or a
 *   buddy (pick_next_entity; the buddies per version: enum sim_buddies);
 *   a running task is preempted at the first tick at which it has run
 *   longer than sched_slice() = period * weight / load, the period being
 *   sched_latency or nr_running * min_granularity beyond sched_nr_latency
 *   (check_preempt_tick, __sched_period); a woken task preempts when its
 *   vruntime is smaller than curr's by more than wakeup_granularity in
 *   its own virtual time (check_preempt_wakeup, wakeup_preempt_entity,
 *   ASYM_GRAN); a new task starts a vslice after min_vruntime
 *   (START_DEBIT), a waking one at least min_vruntime - sched_latency, or
 *   half of it with 2.6.32's GENTLE_FAIR_SLEEPERS (place_entity); the
 *   tunables are multiplied by 1 + ilog2(nr_cpus) at boot
 *   (sched_init_granularity); a task moving between CPUs keeps its
 *   vruntime relative to min_vruntime (set_task_cpu); rt tasks run
 *   before every CFS task and preempt them at once, FIFO by priority.
 *
 * Placement and balancing, per sched domain (the SMT level of a core's
 * threads, the MC level of the package; what the x86 kernels of
 * 2.6.30-2.6.32 build for the two machines, docs/model.md): a woken task
 * goes to its previous CPU unless wake_affine() moves it to the waking
 * CPU (select_task_rq_fair, enum sim_wake_placement); a new one to the
 * idlest CPU (sched_balance_self, SD_BALANCE_FORK); a CPU going idle
 * pulls from the busiest queue of the domains that have
 * SD_BALANCE_NEWIDLE (idle_balance, load_balance_newidle); every CPU
 * balances each domain at its interval, ticks apart when idle, 64 times
 * that when busy (rebalance_domains, load_balance: find_busiest_group,
 * find_busiest_queue, move_tasks, can_migrate_task, task_hot).
 *
 * Simplified (docs/model.md, "Engine"): every CPU ticks (no NO_HZ), so an
 * idle CPU's cpu_load[] decays and it balances at its own ticks; a
 * group's cpu_power is SCHED_LOAD_SCALE; rt tasks count in no load and
 * are not balanced but by an idle CPU taking an rt waiter (for the rt
 * class's push and pull); no ADAPTIVE_GRAN, no group scheduling, no
 * active balancing by the migration thread.  Interrupt time delays the
 * task it interrupts but is not charged to it.
 *
 * The queues are sorted lists: a CPU has a handful of runnable tasks, and
 * an rbtree only pays with dozens.
 */
#include "sim.h"
#include "bug.h"
#include "engine_internal.h"

#define NICE_0_LOAD		1024
/* A CPU's cpu_power (include/linux/sched.h SCHED_LOAD_SCALE). */
#define SCHED_LOAD_SCALE	1024
/* kernel/sched_fair.c sched_nr_latency: a static 5 in 2.6.30-2.6.32. */
#define SCHED_NR_LATENCY	5
/* kernel/sched.c sched_init_granularity(): the scaled tunables' cap. */
#define SCHED_TUNABLE_LIMIT	(200 * NSEC_PER_MSEC)
/* kernel/sched_fair.c sysctl_sched_migration_cost, 0.5 ms in 2.6.30-2.6.32
 * (not scaled at boot): task_hot(), wake_affine()'s sync test, 2.6.32.2's
 * newidle rate limit. */
#define MIGRATION_COST		(500 * NSEC_PER_USEC)
/* kernel/sched.c sysctl_sched_nr_migrate: tasks balance_tasks() looks at. */
#define SCHED_NR_MIGRATE	32
/* update_cpu_load() ticks after which cpu_load[0..1] have reached a
 * constant load exactly (the slower halves a difference each tick). */
#define CPU_LOAD_CATCHUP	64

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

/* enum cpu_idle_type: why load_balance() runs. */
enum lb_idle { CPU_IDLE, CPU_NOT_IDLE, CPU_NEWLY_IDLE };

/* kernel/sched.c prio_to_weight[], nice -20 to 19: each step of nice is
 * about 10% of CPU between two busy tasks (the same in 2.6.30-2.6.32). */
static const unsigned long prio_to_weight[40] = {
	88761, 71755, 56483, 46273, 36291,
	29154, 23254, 18705, 14949, 11916,
	 9548,  7620,  6100,  4904,  3906,
	 3121,  2501,  1991,  1586,  1277,
	 1024,   820,   655,   526,   423,
	  335,   272,   215,   172,   137,
	  110,    87,    70,    56,    45,
	   36,    29,    23,    18,    15,
};

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

static unsigned long nice_weight(int prio)
{
	int nice = PRIO_TO_NICE(prio);

	if (nice < -20)
		nice = -20;
	if (nice > 19)
		nice = 19;
	return prio_to_weight[nice + 20];
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

/* kernel/sched.c update_avg(): an average that moves 1/8 of the way. */
static inline void update_avg(sim_time_t *avg, sim_time_t sample)
{
	int64_t diff = (int64_t)(sample - *avg);

	*avg += (sim_time_t)(diff >> 3);
}

static void arm(struct cpu *c);
static void balance_kick(void);

/* ---- speed: work (reference-CPU ns) and wall time -------------------- */

/* Wall time for @work at @s, rounded up (capped: "forever"). */
static inline sim_time_t wall_for(sim_time_t work, struct cpu_speed s)
{
	unsigned __int128 w;

	if (s.rate == SPEED_ONE)
		return work;
	w = ((unsigned __int128)work * s.inv + SPEED_ONE - 1) >> SPEED_SHIFT;
	return w > (1ULL << 62) ? 1ULL << 62 : (sim_time_t)w;
}

/* Work done in @wall at @s, rounded down. */
static inline sim_time_t work_in(sim_time_t wall, struct cpu_speed s)
{
	if (s.rate == SPEED_ONE)
		return wall;
	return (sim_time_t)(((unsigned __int128)wall * s.rate) >> SPEED_SHIFT);
}

/* A CPU's speed: the core's, shared when the sibling thread is busy too. */
static struct cpu_speed cpu_speed_now(const struct cpu *c)
{
	if (c->sibling >= 0 && engine.cpus[c->sibling].curr)
		return engine.speed_smt;
	return engine.speed_alone;
}

/* ---- accounting -------------------------------------------------------- */

static struct task_struct *first_waiting(const struct list_head *queue)
{
	if (list_empty(queue))
		return NULL;
	return list_first_entry(queue, struct task_struct, run_node);
}

/* update_min_vruntime(): the smaller of curr's and the leftmost's, never
 * going back. */
static void update_min_vruntime(struct cpu *c)
{
	struct task_struct *left = first_waiting(&c->fair_queue);
	uint64_t v = c->min_vruntime;
	bool have = false;

	if (c->curr && fair_task(c->curr)) {
		v = c->curr->vruntime;
		have = true;
	}
	if (left && (!have || vdiff(left->vruntime, v) < 0)) {
		v = left->vruntime;
		have = true;
	}
	if (have && vdiff(v, c->min_vruntime) > 0)
		c->min_vruntime = v;
}

/*
 * update_curr(): charge curr for the time since the stretch's last
 * accounting.  Interrupt time (stall) passes first and is nobody's.
 */
static void update_curr(struct cpu *c)
{
	struct task_struct *p = c->curr;
	sim_time_t elapsed, stalled, ran;

	if (!c->running)
		return;
	elapsed = engine.now - c->exec_start;
	if (!elapsed)
		return;
	c->exec_start = engine.now;
	stalled = c->stall < elapsed ? c->stall : elapsed;
	c->stall -= stalled;
	ran = elapsed - stalled;
	/* The interrupts' time delays the task that holds the CPU. */
	p->time_sum[TT_RUNQUEUE] += stalled;
	if (!ran)
		return;
	if (ran >= wall_for(p->cpu_left, c->speed)) {
		p->cpu_left = 0;
	} else {
		sim_time_t done = work_in(ran, c->speed);

		p->cpu_left = done < p->cpu_left ? p->cpu_left - done : 1;
	}
	p->sum_exec_runtime += ran;
	p->time_sum[task_time_cpu_class(p)] += ran;
	c->busy_ns += ran;
	if (fair_task(p)) {
		p->vruntime += calc_delta_fair(ran, p);
		update_min_vruntime(c);
	}
}

/* ---- load: rq->load and rq->cpu_load[] ---------------------------------- */

/*
 * update_cpu_load(), run by every CPU's tick: cpu_load[i] moves 1/2^i of
 * the way to the load at the tick (rounded up while rising).  Done
 * lazily: before the load changes, the ticks since the last change are
 * applied with the load that held through them.  Only cpu_load[0] and
 * [1] are kept: the domains here use load indexes 0 to 2.
 */
static void cpu_load_update(struct cpu *c)
{
	unsigned long j = sim_jiffies();
	unsigned long k = j - c->load_jiffy;

	if (!k)
		return;
	c->load_jiffy = j;
	if (k > CPU_LOAD_CATCHUP)
		k = CPU_LOAD_CATCHUP;
	while (k--) {
		unsigned long up = c->load > c->cpu_load[1];

		c->cpu_load[0] = c->load;
		c->cpu_load[1] = (c->cpu_load[1] + c->load + up) >> 1;
	}
}

/* kernel/sched.c source_load(): a low guess at a migration source's load
 * (LB_BIAS, on in 2.6.30-2.6.32); index 0 is the load now. */
static unsigned long source_load(struct cpu *c, unsigned int idx)
{
	unsigned long v;

	if (!idx)
		return c->load;
	cpu_load_update(c);
	v = c->cpu_load[idx - 1];
	return v < c->load ? v : c->load;
}

/* target_load(): a high guess at a migration target's. */
static unsigned long target_load(struct cpu *c, unsigned int idx)
{
	unsigned long v;

	if (!idx)
		return c->load;
	cpu_load_update(c);
	v = c->cpu_load[idx - 1];
	return v > c->load ? v : c->load;
}

/* rq->nr_running: the CFS tasks and an rt curr (rt waiters are rare
 * here and not counted). */
static inline unsigned long rq_nr_running(const struct cpu *c)
{
	return c->nr_running + (c->curr && rt_task(c->curr));
}

/* cpu_avg_load_per_task() */
static unsigned long cpu_avg_load_per_task(const struct cpu *c)
{
	unsigned long nr = rq_nr_running(c);

	return nr ? c->load / nr : 0;
}

/* nr_running and load count the CFS tasks queued on @c and its curr. */
static void account_enqueue(struct cpu *c, const struct task_struct *p)
{
	if (fair_task(p)) {
		cpu_load_update(c);
		c->nr_running++;
		c->load += p->load_weight;
	}
}

static void account_dequeue(struct cpu *c, const struct task_struct *p)
{
	if (fair_task(p)) {
		cpu_load_update(c);
		c->nr_running--;
		c->load -= p->load_weight;
	}
}

/* Into @c's queue, after those with an equal key (the rbtree's order). */
static void queue_insert(struct cpu *c, struct task_struct *p)
{
	struct task_struct *q;

	p->on_rq = true;
	p->wait_start = engine.now;
	balance_kick();
	if (rt_task(p)) {
		list_for_each_entry(q, &c->rt_queue, run_node)
			if (q->prio > p->prio) {
				list_add_tail(&p->run_node, &q->run_node);
				return;
			}
		list_add_tail(&p->run_node, &c->rt_queue);
		return;
	}
	list_for_each_entry(q, &c->fair_queue, run_node)
		if (vdiff(p->vruntime, q->vruntime) < 0) {
			list_add_tail(&p->run_node, &q->run_node);
			return;
		}
	list_add_tail(&p->run_node, &c->fair_queue);
}

static void queue_remove(struct task_struct *p)
{
	list_del_init(&p->run_node);
	p->on_rq = false;
	p->wait_sum += engine.now - p->wait_start;
	p->time_sum[TT_RUNQUEUE] += engine.now - p->wait_start;
}

/* ---- CFS's numbers ----------------------------------------------------- */

/* __sched_period() */
static sim_time_t sched_period(unsigned long nr_running)
{
	if (nr_running > SCHED_NR_LATENCY)
		return engine.sched.min_granularity * nr_running;
	return engine.sched.latency;
}

/* sched_slice(): @p's share of the period; @counted: @p is in @c's load. */
static sim_time_t sched_slice(const struct cpu *c, const struct task_struct *p,
			      bool counted)
{
	unsigned long nr = c->nr_running + !counted;
	unsigned long load = c->load + (counted ? 0 : p->load_weight);

	return sched_period(nr) * p->load_weight / load;
}

/* place_entity() */
static void place_entity(struct cpu *c, struct task_struct *p, bool initial)
{
	uint64_t v = c->min_vruntime;
	sim_time_t thresh;

	if (initial) {
		/* START_DEBIT: the current period is promised to the others. */
		p->vruntime = v + calc_delta_fair(sched_slice(c, p, false), p);
		return;
	}
	/* Sleeps up to a latency (2.6.32: half of it) don't count. */
	thresh = engine.sched.latency;
	if (!engine.sched.full_sleeper_credit)
		thresh >>= 1;
	v -= thresh;
	if (vdiff(v, p->vruntime) > 0)
		p->vruntime = v;
}

/*
 * wakeup_preempt_entity(): 1 when @se is ahead of @curr by more than
 * wakeup_granularity in @se's virtual time (wakeup_gran() with ASYM_GRAN),
 * 0 when ahead by less, -1 when not ahead.  ADAPTIVE_GRAN, which lowers
 * the granularity while curr runs, is left out (docs/model.md).
 */
static int wakeup_preempt_entity(const struct task_struct *curr,
				 const struct task_struct *se)
{
	int64_t d = vdiff(curr->vruntime, se->vruntime);

	if (d <= 0)
		return -1;
	return d > (int64_t)calc_delta_fair(engine.sched.wakeup_granularity,
					    se) ? 1 : 0;
}

/* ---- buddies ------------------------------------------------------------ */

/* __clear_buddies(): @p leaves the queue, runs its slice out, or is
 * picked. */
static inline void clear_buddies(struct cpu *c, const struct task_struct *p)
{
	if (c->next_buddy == p)
		c->next_buddy = NULL;
	if (c->last_buddy == p)
		c->last_buddy = NULL;
}

/* Is the buddy @b a better pick than @left (pick_next_entity())? */
static inline bool buddy_ok(const struct cpu *c, const struct task_struct *b,
			    const struct task_struct *left)
{
	if (!b)
		return false;
	SIM_BUG_ON(!b->on_rq || cpu_of(b) != c);
	return wakeup_preempt_entity(b, left) < 1;
}

/*
 * pick_next_task(): an rt waiter, else pick_next_entity(): the leftmost
 * CFS waiter, or a buddy whose vruntime is within a wakeup granularity of
 * it.  2.6.30/31 prefer the next buddy (the task last woken here) to the
 * last (the curr it woke beside) and forget only the one picked; rc6
 * looks at each once and forgets both; f685ceac (2.6.32) prefers the last
 * and forgets the one picked.
 */
static struct task_struct *pick_next(struct cpu *c)
{
	struct task_struct *left = first_waiting(&c->rt_queue), *se, *b;

	if (left)
		return left;
	left = first_waiting(&c->fair_queue);
	if (!left)
		return NULL;
	se = left;
	switch (engine.sched.buddies) {
	case SIM_BUDDIES_LAST:
		b = c->next_buddy;
		c->next_buddy = NULL;
		if (buddy_ok(c, b, left))
			return b;
		b = c->last_buddy;
		c->last_buddy = NULL;
		if (buddy_ok(c, b, left))
			return b;
		return left;
	case SIM_BUDDIES_NEXT_LAST:
		if (buddy_ok(c, c->next_buddy, left))
			se = c->next_buddy;
		else if (buddy_ok(c, c->last_buddy, left))
			se = c->last_buddy;
		break;
	case SIM_BUDDIES_LAST_SCALED:
		if (buddy_ok(c, c->next_buddy, left))
			se = c->next_buddy;
		if (buddy_ok(c, c->last_buddy, left))
			se = c->last_buddy;
		break;
	}
	clear_buddies(c, se);
	return se;
}

/* ---- ticks --------------------------------------------------------------- */

/* The first jiffy boundary after @t: where scheduler_tick() looks. */
static sim_time_t next_tick_after(sim_time_t t)
{
	unsigned long j = ns_to_jiffies(t);
	sim_time_t tick = jiffies_to_ns(j);

	while (tick <= t)
		tick = jiffies_to_ns(++j);
	return tick;
}

/*
 * check_preempt_tick() at a tick, curr @p having others waiting beside
 * it: true when it gives its CPU up.  It has run longer than its slice
 * (and the buddies forget it), or, with f685ceac (2.6.32), it has run
 * min_granularity and its vruntime is a slice past the leftmost's.
 */
static bool tick_preempts(struct cpu *c, struct task_struct *p)
{
	sim_time_t ideal = sched_slice(c, p, true);
	sim_time_t ran = p->sum_exec_runtime - p->prev_sum_exec_runtime;
	const struct task_struct *left;
	int64_t d;

	if (ran > ideal) {
		clear_buddies(c, p);
		return true;
	}
	if (engine.sched.buddies != SIM_BUDDIES_LAST_SCALED ||
	    ran < engine.sched.min_granularity)
		return false;
	left = first_waiting(&c->fair_queue);
	if (!left)
		return false;
	d = vdiff(p->vruntime, left->vruntime);
	/* f685ceac compares an s64 with an unsigned long: on a 64-bit
	 * kernel a curr behind the leftmost (d < 0) passes too. */
	if (engine.cfg.lp64)
		return (uint64_t)d > ideal;
	return d > (int64_t)ideal;
}

/*
 * How much more CPU @p may have, as the waiters stand now, such that the
 * first tick after it is the first at which tick_preempts() can hold:
 * its slice left, or with f685ceac the vruntime lag's (strict) and
 * min_granularity's (reached: one ns less).
 */
static sim_time_t tick_budget(const struct cpu *c, const struct task_struct *p)
{
	sim_time_t ideal = sched_slice(c, p, true);
	sim_time_t ran = p->sum_exec_runtime - p->prev_sum_exec_runtime;
	sim_time_t min_gran = engine.sched.min_granularity;
	sim_time_t budget = ran < ideal ? ideal - ran : 0, need;
	const struct task_struct *left;
	int64_t d;

	if (engine.sched.buddies != SIM_BUDDIES_LAST_SCALED)
		return budget;
	left = first_waiting(&c->fair_queue);
	if (!left)
		return budget;
	/* vruntime grows by ran * NICE_0_LOAD / weight */
	d = vdiff(p->vruntime, left->vruntime);
	if (engine.cfg.lp64 && d < 0)
		need = 0;
	else if (d > (int64_t)ideal)
		need = 0;
	else
		need = (sim_time_t)((int64_t)ideal - d) * p->load_weight /
		       NICE_0_LOAD;
	if (ran + need < min_gran)
		need = min_gran - ran - 1;
	return need < budget ? need : budget;
}

/*
 * When curr's stretch ends: its work done, or the first tick at which
 * tick_preempts() holds while others wait, which is kept in resched_tick:
 * work done at that tick or later still gives the CPU up.
 */
static sim_time_t stretch_end(struct cpu *c)
{
	const struct task_struct *p = c->curr;
	sim_time_t start = engine.now + c->stall;
	sim_time_t end = start + wall_for(p->cpu_left, c->speed);

	c->resched_tick = 0;
	if (fair_task(p) && c->nr_running > 1) {
		c->resched_tick = next_tick_after(start + tick_budget(c, p));
		if (c->resched_tick < end)
			end = c->resched_tick;
	}
	return end;
}

static void arm(struct cpu *c)
{
	timer_add(&c->curr->cpu_timer, stretch_end(c));
}

/* ---- switching --------------------------------------------------------- */

/* @c went from idle to busy or back: its sibling's speed changes. */
static void sibling_changed(struct cpu *c)
{
	struct cpu *s;
	struct cpu_speed speed;

	if (c->sibling < 0)
		return;
	s = &engine.cpus[c->sibling];
	speed = cpu_speed_now(s);
	if (speed.rate == s->speed.rate)
		return;
	update_curr(s);
	s->speed = speed;
	if (s->running)
		arm(s);
}

static void start_running(struct cpu *c)
{
	c->running = true;
	c->exec_start = engine.now;
	if (c->busy_until > engine.now)
		c->stall += c->busy_until - engine.now;
	c->busy_until = 0;
}

/* set_next_entity(): @p, out of the queues and accounted on @c, takes it. */
static void set_curr(struct cpu *c, struct task_struct *p)
{
	c->curr = p;
	c->need_resched = false;
	p->cpu = cpu_id(c);
	p->prev_sum_exec_runtime = p->sum_exec_runtime;
}

/*
 * put_prev_task(): curr, preempted, goes back to its queue.  Its
 * avg_overlap grows by the run it had, at most twice the migration cost
 * (kernel/sched.c put_prev_task(): a task that is preempted rather than
 * sleeping overlaps its wakers).
 */
static void put_prev(struct cpu *c)
{
	struct task_struct *prev = c->curr;
	sim_time_t run;

	update_curr(c);
	if (c->running) {
		timer_del(&prev->cpu_timer);
		c->running = false;
	}
	prev->nr_preemptions++;
	run = prev->sum_exec_runtime - prev->prev_sum_exec_runtime;
	update_avg(&prev->avg_overlap,
		   run < 2 * MIGRATION_COST ? run : 2 * MIGRATION_COST);
	prev->last_ran = engine.now;
	c->curr = NULL;
	queue_insert(c, prev);
}

static void schedule_cpu(struct cpu *c, bool was_busy);

static void preempt_curr(struct cpu *c)
{
	if (c->running) {
		put_prev(c);
		schedule_cpu(c, true);
	} else {
		c->need_resched = true;
	}
}

/*
 * check_preempt_curr() for @p, just queued on busy @c by a wake-up, a
 * fork or the load balancer.  An rt task preempts a CFS one at once; a
 * CFS task one ahead by more than wakeup_granularity
 * (check_preempt_wakeup()), and sets the buddies as the version does:
 * 2.6.30/31 the woken task as the next buddy and curr as the last one,
 * even for a new task; rc6 only curr as the last; f685ceac (2.6.32)
 * curr as the last only when it is preempted on a queue of
 * sched_nr_latency or more.
 */
static void check_preempt_curr(struct cpu *c, struct task_struct *p)
{
	struct task_struct *curr = c->curr;

	if (rt_task(p)) {
		if (fair_task(curr) || p->prio < curr->prio)
			preempt_curr(c);
		return;
	}
	if (rt_task(curr) || curr == p)
		return;
	if (engine.sched.buddies == SIM_BUDDIES_NEXT_LAST) {
		c->last_buddy = curr;
		c->next_buddy = p;
	} else if (engine.sched.buddies == SIM_BUDDIES_LAST) {
		c->last_buddy = curr;
	}
	if (c->need_resched)
		return;
	if (wakeup_preempt_entity(curr, p) == 1) {
		if (engine.sched.buddies == SIM_BUDDIES_LAST_SCALED &&
		    c->nr_running >= SCHED_NR_LATENCY)
			c->last_buddy = curr;
		preempt_curr(c);
	} else if (c->running) {
		arm(c);		/* its slice shrank */
	}
}

/*
 * activate_task() of @p, runnable again after a sleep or new, on @c: @c's
 * curr if it is idle (running from @p's next cpu_consume()), else queued.
 */
static void activate(struct cpu *c, struct task_struct *p, bool initial)
{
	struct cpu *from = cpu_of(p);

	update_curr(c);
	if (fair_task(p)) {
		if (initial) {
			place_entity(c, p, true);
		} else {
			if (c != from)
				p->vruntime = p->vruntime - from->min_vruntime +
					      c->min_vruntime;
			if (p->slept)
				place_entity(c, p, false);
		}
	}
	p->slept = false;
	p->cpu = cpu_id(c);
	account_enqueue(c, p);
	p->enqueue_seq = ++engine.enqueue_seq;
	if (!c->curr) {
		set_curr(c, p);
		sibling_changed(c);
		return;
	}
	queue_insert(c, p);
	check_preempt_curr(c, p);
}

/* ---- sched domains -------------------------------------------------------- */

static inline unsigned int threads_per_core(void)
{
	return engine.cfg.threads_per_core == 2 ? 2 : 1;
}

/* The span of @cpu's domain at @lv: CPUs [*first, *first + *nr). */
static inline void sd_span(int cpu, int lv, int *first, int *nr)
{
	int n = (int)engine.cfg.nr_cpus, t = (int)threads_per_core();

	if (lv == SD_LV_SIBLING) {
		*first = cpu - cpu % t;
		*nr = n - *first < t ? n - *first : t;
	} else {
		*first = 0;
		*nr = n;
	}
}

/* The group of @cpu's domain at @lv that holds @i: a CPU at the SMT
 * level, a core at the MC level. */
static inline void sd_group(int i, int lv, int *first, int *nr)
{
	int n = (int)engine.cfg.nr_cpus;
	int t = lv == SD_LV_SIBLING ? 1 : (int)threads_per_core();

	*first = i - i % t;
	*nr = n - *first < t ? n - *first : t;
}

/*
 * Has @cpu a domain at @lv?  A domain of one CPU, or of one group, has
 * nothing to balance and degenerates (kernel/sched.c sd_degenerate(),
 * sd_parent_degenerate()): the Phenom keeps its MC domain, the P4 its SMT
 * one.
 */
static inline bool sd_has(int cpu, int lv)
{
	int first, nr;

	if (!engine.sd[lv].present)
		return false;
	sd_span(cpu, lv, &first, &nr);
	return nr > 1;
}

static inline bool in_span(int cpu, int lv, int i)
{
	int first, nr;

	sd_span(cpu, lv, &first, &nr);
	return i >= first && i < first + nr;
}

/* msecs_to_jiffies(), at least a jiffy as rebalance_domains() has it. */
static unsigned long ms_to_jiffies(unsigned long ms)
{
	unsigned long j = (ms * sim_hz + 999) / 1000;

	return j ? j : 1;
}

/* ---- load balancing ----------------------------------------------------- */

/* What find_busiest_group() gathers (struct sd_lb_stats). */
struct lb_stats {
	unsigned long total_load, total_pwr, avg_load;
	unsigned long this_load, this_nr_running, this_load_per_task;
	unsigned long max_load, busiest_nr_running, busiest_load_per_task;
	int busiest_first, busiest_nr;
	bool group_imb;
};

/*
 * fix_small_imbalance(): less than a task's load to move, unless one
 * fits, or moving it gains throughput.  Every group's cpu_power is
 * SCHED_LOAD_SCALE here, which cancels out of the kernel's formulas.
 */
static unsigned long fix_small_imbalance(struct lb_stats *s, int this)
{
	unsigned long tmp, pwr_now, pwr_move = 0, imbn = 2;
	unsigned long blpt = s->busiest_load_per_task;

	if (s->this_nr_running) {
		s->this_load_per_task /= s->this_nr_running;
		if (blpt > s->this_load_per_task)
			imbn = 1;
	} else {
		s->this_load_per_task = cpu_avg_load_per_task(&engine.cpus[this]);
	}
	if (s->max_load - s->this_load + blpt >= blpt * imbn)
		return blpt;
	pwr_now = (blpt < s->max_load ? blpt : s->max_load) +
		  (s->this_load_per_task < s->this_load ?
		   s->this_load_per_task : s->this_load);
	if (s->max_load > blpt)
		pwr_move += blpt < s->max_load - blpt ? blpt : s->max_load - blpt;
	tmp = s->max_load < blpt ? s->max_load : blpt;
	pwr_move += s->this_load_per_task < s->this_load + tmp ?
		    s->this_load_per_task : s->this_load + tmp;
	return pwr_move > pwr_now ? blpt : 0;
}

/* calculate_imbalance(): the load to pull to bring both to the average. */
static unsigned long calculate_imbalance(struct lb_stats *s, int this)
{
	unsigned long max_pull, imb;

	if (s->max_load < s->avg_load)
		return fix_small_imbalance(s, this);
	max_pull = s->max_load - s->avg_load;
	if (s->max_load - s->busiest_load_per_task < max_pull)
		max_pull = s->max_load - s->busiest_load_per_task;
	imb = s->avg_load - s->this_load;
	if (max_pull < imb)
		imb = max_pull;
	if (imb < s->busiest_load_per_task)
		return fix_small_imbalance(s, this);
	return imb;
}

/*
 * find_busiest_group(): the group of @this's domain at @lv to pull from,
 * and how much load (*imbalance), or false.  For a periodic balance only
 * the group's first idle CPU (or its first) balances this domain:
 * *balance goes false for the others.
 */
static bool find_busiest_group(int this, int lv, enum lb_idle idle,
			       unsigned long *imbalance, bool *balance,
			       struct lb_stats *s)
{
	const struct sd_level *sd = &engine.sd[lv];
	unsigned int idx = idle == CPU_NOT_IDLE ? sd->busy_idx :
			   idle == CPU_NEWLY_IDLE ? sd->newidle_idx :
			   sd->idle_idx;
	int sf, sn, gf, gn;

	*s = (struct lb_stats){ .busiest_first = -1 };
	sd_span(this, lv, &sf, &sn);
	for (gf = sf; gf < sf + sn; gf += gn) {
		unsigned long group_load = 0, sum_nr = 0, sum_wl = 0;
		unsigned long sum_avg_lpt = 0, max_cpu = 0, min_cpu = ~0UL;
		int balance_cpu = gf;
		bool local, first_idle = false, imb;

		sd_group(gf, lv, &gf, &gn);
		local = this >= gf && this < gf + gn;
		for (int i = gf; i < gf + gn; i++) {
			struct cpu *ci = &engine.cpus[i];
			unsigned long load;

			if (local) {
				if (!ci->curr && !first_idle) {
					first_idle = true;
					balance_cpu = i;
				}
				load = target_load(ci, idx);
			} else {
				load = source_load(ci, idx);
				if (load > max_cpu)
					max_cpu = load;
				if (load < min_cpu)
					min_cpu = load;
			}
			group_load += load;
			sum_nr += rq_nr_running(ci);
			sum_wl += ci->load;
			sum_avg_lpt += cpu_avg_load_per_task(ci);
		}
		if (idle != CPU_NEWLY_IDLE && local && balance_cpu != this) {
			*balance = false;
			return false;
		}
		s->total_load += group_load;
		s->total_pwr += SCHED_LOAD_SCALE;
		/* A group is unbalanced inside when its CPUs differ by more
		 * than two tasks' load; its capacity is one task. */
		imb = !local && max_cpu - min_cpu > 2 * sum_avg_lpt;
		if (local) {
			s->this_load = group_load;
			s->this_nr_running = sum_nr;
			s->this_load_per_task = sum_wl;
		} else if (group_load > s->max_load && (sum_nr > 1 || imb)) {
			s->max_load = group_load;
			s->busiest_first = gf;
			s->busiest_nr = gn;
			s->busiest_nr_running = sum_nr;
			s->busiest_load_per_task = sum_wl;
			s->group_imb = imb;
		}
	}
	if (s->busiest_first < 0 || !s->busiest_nr_running ||
	    s->this_load >= s->max_load)
		return false;
	s->avg_load = SCHED_LOAD_SCALE * s->total_load / s->total_pwr;
	if (s->this_load >= s->avg_load ||
	    100 * s->max_load <= sd->imbalance_pct * s->this_load)
		return false;
	s->busiest_load_per_task /= s->busiest_nr_running;
	if (s->group_imb && s->avg_load < s->busiest_load_per_task)
		s->busiest_load_per_task = s->avg_load;
	if (s->max_load <= s->busiest_load_per_task)
		return false;
	*imbalance = calculate_imbalance(s, this);
	return true;
}

/* find_busiest_queue(): the busiest CPU of the group, passing over one
 * whose single task outweighs the imbalance. */
static int find_busiest_queue(const struct lb_stats *s, unsigned long imbalance)
{
	unsigned long max_load = 0;
	int busiest = -1;

	for (int i = s->busiest_first; i < s->busiest_first + s->busiest_nr; i++) {
		const struct cpu *ci = &engine.cpus[i];

		if (rq_nr_running(ci) == 1 && ci->load > imbalance)
			continue;
		if (ci->load > max_load) {
			max_load = ci->load;
			busiest = i;
		}
	}
	return busiest;
}

/*
 * task_hot(): did the waiting @p run in the last migration cost, or is it
 * a buddy on @src (CACHE_HOT_BUDDY; since f685ceac only when the
 * balancing CPU @this is busy)?
 */
static bool task_hot(const struct task_struct *p, const struct cpu *src,
		     const struct cpu *this)
{
	if (rt_task(p))
		return false;
	if ((engine.sched.buddies != SIM_BUDDIES_LAST_SCALED ||
	     rq_nr_running(this)) &&
	    (p == src->next_buddy || p == src->last_buddy))
		return true;
	/* A task that never ran has se.exec_start 0: to a kernel up for
	 * longer than the migration cost (a run starts after boot), cold. */
	return p->last_ran && engine.now - p->last_ran < MIGRATION_COST;
}

/* pull_task(): the waiting @p from @src to @dst (set_task_cpu). */
static void pull_task(struct cpu *src, struct cpu *dst, struct task_struct *p)
{
	update_curr(dst);
	queue_remove(p);
	account_dequeue(src, p);
	clear_buddies(src, p);
	update_min_vruntime(src);
	if (fair_task(p))
		p->vruntime = p->vruntime - src->min_vruntime + dst->min_vruntime;
	p->cpu = cpu_id(dst);
	account_enqueue(dst, p);
	p->enqueue_seq = ++engine.enqueue_seq;
	queue_insert(dst, p);
	if (dst->curr)
		check_preempt_curr(dst, p);
}

/*
 * move_tasks() and balance_tasks(): pull CFS waiters from @src to @this
 * until @max_load_move is met, the most recently enqueued first (the
 * order of cfs_rq->tasks), at most sysctl_sched_nr_migrate looked at,
 * none heavier than twice what is left to move, none cache hot unless
 * the domain's balancing failed more than cache_nice_tries times
 * (can_migrate_task()).  The number pulled.
 */
static int move_tasks(int this, struct cpu *src, unsigned long max_load_move,
		      int lv)
{
	struct task_struct *cand[SCHED_NR_MIGRATE + 1], *q;
	struct cpu *dst = &engine.cpus[this];
	bool force = dst->sd[lv].nr_balance_failed > engine.sd[lv].cache_nice_tries;
	long rem = (long)max_load_move;
	int n = 0, moved = 0;

	/* The newest SCHED_NR_MIGRATE + 1 waiters, newest first. */
	list_for_each_entry(q, &src->fair_queue, run_node) {
		int k;

		if (n == SCHED_NR_MIGRATE + 1) {
			if (cand[n - 1]->enqueue_seq > q->enqueue_seq)
				continue;
			k = n - 1;
		} else {
			k = n++;
		}
		while (k > 0 && cand[k - 1]->enqueue_seq < q->enqueue_seq) {
			cand[k] = cand[k - 1];
			k--;
		}
		cand[k] = q;
	}
	for (int i = 0; i < n; i++) {
		struct task_struct *p = cand[i];

		if ((long)(p->load_weight >> 1) > rem)
			continue;
		if (!force && task_hot(p, src, dst))
			continue;
		pull_task(src, dst, p);
		moved++;
		rem -= (long)p->load_weight;
		if (rem <= 0)
			break;
	}
	return moved;
}

/*
 * A failed balance of an SMT domain counts as done (-1) unless the domain
 * is idle (load_balance()'s and load_balance_newidle()'s sd_idle): with a
 * busy sibling, higher domains see this CPU as busy, and idle_balance()
 * looks no further.
 */
static int smt_busy(int this, int lv, enum lb_idle idle)
{
	int first, nr;

	if (!(engine.sd[lv].flags & SD_SHARE_CPUPOWER))
		return 0;
	if (idle == CPU_NOT_IDLE)
		return -1;
	sd_span(this, lv, &first, &nr);
	for (int i = first; i < first + nr; i++)
		if (rq_nr_running(&engine.cpus[i]))
			return -1;
	return 0;
}

/*
 * load_balance(): the periodic balance of @this's domain at @lv, @idle
 * or not.  Pulls what find_busiest_group() asks from the busiest queue;
 * the interval goes back to its minimum after an imbalance, doubles up
 * to its maximum after a balanced look.  A failed pull that would kick
 * the migration thread (active balancing, left out) only resets the
 * count and backs off, as the kick does.
 */
static int load_balance(int this, int lv, enum lb_idle idle, bool *balance)
{
	const struct sd_level *sd = &engine.sd[lv];
	struct sd_state *st = &engine.cpus[this].sd[lv];
	unsigned long imbalance = 0;
	struct lb_stats s;
	int busiest, moved = 0;

	if (!find_busiest_group(this, lv, idle, &imbalance, balance, &s) ||
	    (busiest = find_busiest_queue(&s, imbalance)) < 0)
		goto out_balanced;
	if (rq_nr_running(&engine.cpus[busiest]) > 1)
		moved = move_tasks(this, &engine.cpus[busiest], imbalance, lv);
	if (moved) {
		st->nr_balance_failed = 0;
		st->balance_interval = sd->min_interval;
		return moved;
	}
	if (++st->nr_balance_failed > sd->cache_nice_tries + 2) {
		st->nr_balance_failed = sd->cache_nice_tries + 1;
		if (st->balance_interval < sd->max_interval)
			st->balance_interval *= 2;
	} else {
		st->balance_interval = sd->min_interval;
	}
	return smt_busy(this, lv, idle);
out_balanced:
	st->nr_balance_failed = 0;
	if (st->balance_interval < sd->max_interval)
		st->balance_interval *= 2;
	return smt_busy(this, lv, idle);
}

/*
 * load_balance_newidle(): @this is going idle.  The pulled count, 0 when
 * balanced, -1 when a busiest queue had nothing to give (or the SMT
 * sibling is busy): idle_balance() looks no further then.
 */
static int load_balance_newidle(int this, int lv)
{
	struct sd_state *st = &engine.cpus[this].sd[lv];
	unsigned long imbalance = 0;
	bool balance = true;
	struct lb_stats s;
	int busiest, moved = 0;

	if (!find_busiest_group(this, lv, CPU_NEWLY_IDLE, &imbalance,
				&balance, &s) ||
	    (busiest = find_busiest_queue(&s, imbalance)) < 0) {
		if (smt_busy(this, lv, CPU_NEWLY_IDLE))
			return -1;
		st->nr_balance_failed = 0;
		return 0;
	}
	if (rq_nr_running(&engine.cpus[busiest]) > 1)
		moved = move_tasks(this, &engine.cpus[busiest], imbalance, lv);
	if (!moved)
		return -1;
	st->nr_balance_failed = 0;
	return moved;
}

/* pull_rt_task(), for the rt class: an idle @c takes an rt waiter. */
static bool pull_rt(struct cpu *c)
{
	for (unsigned int i = 0; i < engine.cfg.nr_cpus; i++) {
		struct cpu *d = &engine.cpus[i];
		struct task_struct *p = first_waiting(&d->rt_queue);

		if (d != c && p) {
			pull_task(d, c, p);
			return true;
		}
	}
	return false;
}

/*
 * idle_balance(): @c has nothing left to run.  Each domain with
 * SD_BALANCE_NEWIDLE, the lowest first, until one pulls or gives up.
 * With 2.6.32.2's rate limit (37ed2d70) not when the CPU's idle periods
 * average under the migration cost.
 */
static void idle_balance(struct cpu *c)
{
	int this = cpu_id(c);

	if (pull_rt(c))
		return;
	if (engine.sched.newidle_rate_limit) {
		c->idle_stamp = engine.now;
		if (c->avg_idle < MIGRATION_COST)
			return;
	}
	for (int lv = 0; lv < SD_LV_MAX; lv++) {
		int pulled;

		if (!sd_has(this, lv) ||
		    !(engine.sd[lv].flags & SD_BALANCE_NEWIDLE))
			continue;
		pulled = load_balance_newidle(this, lv);
		if (pulled) {
			if (engine.sched.newidle_rate_limit)
				c->idle_stamp = 0;
			break;
		}
	}
}

/* The jiffies between @cpu's balances of @lv (rebalance_domains()). */
static unsigned long balance_interval(int cpu, int lv, bool idle)
{
	unsigned long ms = engine.cpus[cpu].sd[lv].balance_interval;

	if (!idle)
		ms *= engine.sd[lv].busy_factor;
	return ms_to_jiffies(ms);
}

/* rebalance_domains(): each domain of @cpu that is due, lowest first. */
static void rebalance_domains(int cpu, bool idle)
{
	unsigned long j = sim_jiffies();
	bool balance = true;

	for (int lv = 0; lv < SD_LV_MAX && balance; lv++) {
		struct sd_state *st = &engine.cpus[cpu].sd[lv];

		if (!sd_has(cpu, lv) ||
		    j < st->last_balance + balance_interval(cpu, lv, idle))
			continue;
		if (load_balance(cpu, lv, idle ? CPU_IDLE : CPU_NOT_IDLE,
				 &balance))
			idle = false;
		st->last_balance = j;
	}
}

/* Any CPU with a task waiting: the balancer has something to look at. */
static bool anyone_waits(void)
{
	for (unsigned int i = 0; i < engine.cfg.nr_cpus; i++)
		if (!list_empty(&engine.cpus[i].fair_queue) ||
		    !list_empty(&engine.cpus[i].rt_queue))
			return true;
	return false;
}

/*
 * The SCHED_SOFTIRQ of every CPU at a tick: each balances its domains
 * that are due, and an idle one that pulled runs what it pulled.  The
 * timer runs only while a task waits somewhere; without one a balance
 * finds no busiest group and only backs its interval off, which
 * balance_kick() accounts for when it starts the timer again.
 */
static void rebalance_tick(struct timer *t)
{
	(void)t;
	/* Pending while it runs: its pulls need no balance_kick(). */
	timer_add(&engine.balance_timer, next_tick_after(engine.now));
	for (unsigned int i = 0; i < engine.cfg.nr_cpus; i++) {
		struct cpu *c = &engine.cpus[i];

		rebalance_domains((int)i, !c->curr);
		if (!c->curr && (!list_empty(&c->fair_queue) ||
				 !list_empty(&c->rt_queue)))
			schedule_cpu(c, false);
	}
	if (!anyone_waits())
		timer_del(&engine.balance_timer);
}

/* A task waits: start the balancer's ticks if they are off.  The
 * balances that found nothing while they were off doubled each domain's
 * interval to its maximum and kept its phase. */
static void balance_kick(void)
{
	unsigned long j;

	if (timer_pending(&engine.balance_timer) || engine.cfg.nr_cpus < 2)
		return;
	j = sim_jiffies();
	for (unsigned int i = 0; i < engine.cfg.nr_cpus; i++) {
		for (int lv = 0; lv < SD_LV_MAX; lv++) {
			struct sd_state *st = &engine.cpus[i].sd[lv];
			unsigned long iv;

			if (!sd_has((int)i, lv))
				continue;
			iv = ms_to_jiffies(engine.sd[lv].max_interval *
					   (engine.cpus[i].curr ?
					    engine.sd[lv].busy_factor : 1));
			if (j - st->last_balance < iv)
				continue;
			st->balance_interval = engine.sd[lv].max_interval;
			st->nr_balance_failed = 0;
			st->last_balance = j - (j - st->last_balance) % iv;
		}
	}
	timer_add(&engine.balance_timer, next_tick_after(engine.now));
}

/* ---- schedule() ---------------------------------------------------------- */

/*
 * schedule() on @c, which has no curr: the next task (or one pulled by
 * idle_balance()) takes it, and its stretch is armed if it waits in
 * cpu_consume(); one woken that has not called it yet holds the CPU in
 * its zero-time code.  Else @c idles.  @was_busy: @c had a curr until
 * now.
 */
static void schedule_cpu(struct cpu *c, bool was_busy)
{
	struct task_struct *next = pick_next(c);

	if (!next) {
		idle_balance(c);
		next = pick_next(c);
	}
	if (!next) {
		if (c->stall) {
			c->busy_until = engine.now + c->stall;
			c->stall = 0;
		}
		if (was_busy)
			sibling_changed(c);
		return;
	}
	queue_remove(next);
	set_curr(c, next);
	if (!was_busy)
		sibling_changed(c);
	if (next->in_consume) {
		start_running(c);
		arm(c);
	}
}

/* ---- task placement ------------------------------------------------------ */

/*
 * wake_affine(): may @p, last on @prev, wake on the waking CPU @this?
 * When this's load, with @p added, is within half the domain's
 * imbalance_pct of prev's; for a sync wake-up the waker's (@curr: the
 * task that runs on @this, NULL for the idle task, weight NICE_0_LOAD)
 * weight is taken off first, if neither it nor @p overlaps its wakers
 * for longer than the migration cost; or when @this is no busier than
 * prev and both together carry no more than a task of this.  rc6 adds
 * "!this_load": an idle waking CPU always takes it (71a29aa7).  The
 * loads are unsigned as the kernel's: a sync waker heavier than its
 * CPU's load wraps round, and fails the test.
 */
static bool wake_affine(int lv, const struct task_struct *p, int this, int prev,
			const struct task_struct *curr, bool sync)
{
	const struct sd_level *sd = &engine.sd[lv];
	struct cpu *tc = &engine.cpus[this], *pc = &engine.cpus[prev];
	unsigned long load = source_load(pc, sd->wake_idx);
	unsigned long this_load = target_load(tc, sd->wake_idx);
	unsigned long imbalance = 100 + (sd->imbalance_pct - 100) / 2;
	sim_time_t curr_overlap = curr ? curr->avg_overlap : 0;
	bool balanced;

	if (sync && (curr_overlap > MIGRATION_COST ||
		     p->avg_overlap > MIGRATION_COST))
		sync = false;
	if (sync)
		this_load -= curr ? curr->load_weight : NICE_0_LOAD;
	balanced = 100 * (this_load + p->load_weight) <= imbalance * load;
	if (engine.sched.wake_placement != SIM_WAKE_AFFINE_BALANCE && !this_load)
		balanced = true;
	if (balanced)
		return true;
	return this_load <= load &&
	       this_load + target_load(pc, sd->wake_idx) <=
	       cpu_avg_load_per_task(tc);
}

/*
 * select_task_rq_fair() for a wake-up of @p by code running on @this
 * (@curr the task there, @sync the waker's hint).
 *
 * 2.6.30/31: nothing if @p last ran on @this; else in the lowest domain
 * spanning both, wake_affine() or SD_WAKE_BALANCE's passive balancing
 * (this's load within half the imbalance_pct of prev's) moves it to
 * @this; wake_idle() finds no domain with SD_WAKE_IDLE on x86.
 * 2.6.32-rc6: wake_affine() in the lowest domain spanning both, no
 * SD_BALANCE_WAKE anywhere.  c2f19532 and ece12545 (2.6.32.2): in a
 * domain with SD_PREFER_SIBLING (MC), the affine target is prev if it
 * has no CFS task, else the first CPU of the domain with none, else
 * @this.
 */
static int select_task_rq_wake(const struct task_struct *p, int this,
			       const struct task_struct *curr, bool sync)
{
	int prev = p->cpu, cpu = this, affine = -1, lv;

	if (engine.sched.wake_placement == SIM_WAKE_AFFINE_BALANCE) {
		const struct sd_level *sd;

		if (prev == this)
			return prev;
		for (lv = 0; lv < SD_LV_MAX; lv++)
			if (sd_has(this, lv) && in_span(this, lv, prev))
				break;
		if (lv == SD_LV_MAX)
			return prev;
		if (wake_affine(lv, p, this, prev, curr, sync))
			return this;
		sd = &engine.sd[lv];
		if ((sd->flags & SD_WAKE_BALANCE) &&
		    (100 + (sd->imbalance_pct - 100) / 2) *
		    target_load(&engine.cpus[this], sd->wake_idx) <=
		    100 * source_load(&engine.cpus[prev], sd->wake_idx))
			return this;
		return prev;
	}
	for (lv = 0; lv < SD_LV_MAX && affine < 0; lv++) {
		int first, nr, candidate;

		if (!sd_has(this, lv))
			continue;
		candidate = in_span(this, lv, prev) ? this : -1;
		if (engine.sched.wake_placement == SIM_WAKE_AFFINE_IDLE &&
		    (engine.sd[lv].flags & SD_PREFER_SIBLING)) {
			if (candidate == this && !engine.cpus[prev].nr_running)
				candidate = prev;
			sd_span(this, lv, &first, &nr);
			for (int i = first; i < first + nr &&
			     (candidate < 0 || candidate == this); i++) {
				if (!engine.cpus[i].nr_running) {
					candidate = i;
					break;
				}
			}
		}
		if (candidate >= 0) {
			affine = lv;
			cpu = candidate;
		}
	}
	if (affine >= 0 && wake_affine(affine, p, this, prev, curr, sync))
		return cpu;
	return prev;
}

/* select_task_rq_rt(): its previous CPU unless a higher rt task runs
 * there; then the lowest-priority CPU (find_lowest_rq): an idle one, else
 * one running a CFS task. */
static int select_task_rq_rt(const struct task_struct *p)
{
	const struct task_struct *pc = engine.cpus[p->cpu].curr;
	int cfs = -1;

	if (!pc || fair_task(pc) || pc->prio >= p->prio)
		return p->cpu;
	for (unsigned int i = 0; i < engine.cfg.nr_cpus; i++) {
		const struct task_struct *c = engine.cpus[i].curr;

		if (!c)
			return (int)i;
		if (cfs < 0 && fair_task(c))
			cfs = (int)i;
	}
	return cfs >= 0 ? cfs : p->cpu;
}

/*
 * find_idlest_group(): the least loaded other group of @cpu's domain at
 * @lv, if this CPU's group is busier by half the domain's imbalance_pct.
 */
static bool find_idlest_group(int cpu, int lv, int *gfirst, int *gnr)
{
	const struct sd_level *sd = &engine.sd[lv];
	unsigned long min_load = ~0UL, this_load = 0;
	unsigned long imbalance = 100 + (sd->imbalance_pct - 100) / 2;
	int sf, sn, gf, gn;
	bool found = false;

	sd_span(cpu, lv, &sf, &sn);
	for (gf = sf; gf < sf + sn; gf += gn) {
		unsigned long load = 0;
		bool local;

		sd_group(gf, lv, &gf, &gn);
		local = cpu >= gf && cpu < gf + gn;
		for (int i = gf; i < gf + gn; i++)
			load += local ? source_load(&engine.cpus[i], sd->forkexec_idx) :
					target_load(&engine.cpus[i], sd->forkexec_idx);
		if (local) {
			this_load = load;
		} else if (load < min_load) {
			min_load = load;
			*gfirst = gf;
			*gnr = gn;
			found = true;
		}
	}
	return found && 100 * this_load >= imbalance * min_load;
}

/*
 * sched_balance_self(SD_BALANCE_FORK) (2.6.30/31; select_task_rq_fair()
 * in rc6): a new task's CPU, from the highest domain of the forking CPU
 * @cpu down, the least loaded CPU of the idlest group (@cpu on a tie).
 */
static int select_task_rq_fork(int cpu)
{
	for (int lv = SD_LV_MAX - 1; lv >= 0; lv--) {
		unsigned long min_load = ~0UL;
		int gf, gn, idlest = cpu;

		if (!sd_has(cpu, lv) || !find_idlest_group(cpu, lv, &gf, &gn))
			continue;
		for (int i = gf; i < gf + gn; i++) {
			unsigned long load = engine.cpus[i].load;

			if (load < min_load || (load == min_load && i == cpu)) {
				min_load = load;
				idlest = i;
			}
		}
		cpu = idlest;
	}
	return cpu;
}

/*
 * try_to_wake_up() for @p, which blocked: onto the CPU
 * select_task_rq_fair() (or _rt()) chooses, as seen from where the waker
 * runs: a task on its CPU; an interrupt on its CPU, curr being the task
 * it interrupted (or the idle task); a plain timer (the engine's, outside
 * any task) on @p's own CPU, where the sleeper armed it
 * (schedule_timeout()) and where the kernel's timer softirq runs it.
 */
void sched_wakeup(struct task_struct *p, bool sync)
{
	struct task_struct *waker = NULL;
	const struct task_struct *curr;
	struct cpu *c;
	int this;

	if (p->on_rq || cpu_of(p)->curr == p)
		return;
	if (engine.irq_depth) {
		this = engine.irq_cpu;
	} else if (engine.running) {
		waker = engine.running;
		this = waker->cpu;
	} else {
		this = p->cpu;
	}
	if ((unsigned int)this >= engine.cfg.nr_cpus)
		this = p->cpu;
	curr = waker ? waker : engine.cpus[this].curr;
	if (rt_task(p))
		c = &engine.cpus[select_task_rq_rt(p)];
	else
		c = &engine.cpus[select_task_rq_wake(p, this, curr, sync)];
	activate(c, p, false);
	/* 2.6.32.2 (37ed2d70, 35c1ee3e): the idle period just ended. */
	if (c->idle_stamp) {
		sim_time_t delta = engine.now - c->idle_stamp;

		if (delta > 2 * MIGRATION_COST)
			c->avg_idle = 2 * MIGRATION_COST;
		else
			update_avg(&c->avg_idle, delta);
		c->idle_stamp = 0;
	}
	/* A task's own wake-ups (not an interrupt's) start its overlap. */
	if (waker)
		waker->last_wakeup = waker->sum_exec_runtime;
}

/* sched_fork() and wake_up_new_task(): a new task is runnable at once,
 * on the CPU fork balancing chooses from the forking one's (the boot
 * CPU's, when no task forks it). */
void sched_fork(struct task_struct *p)
{
	struct cpu *c;

	p->load_weight = nice_weight(p->prio);
	c = &engine.cpus[select_task_rq_fork(engine.running ?
					     engine.running->cpu : 0)];
	activate(c, p, true);
}

/* ---- the CPU's events ------------------------------------------------- */

/*
 * curr's stretch ended at its cpu_timer: true when its work is done (it
 * keeps the CPU and goes on); otherwise it may have been preempted (its
 * CPU went to another task) or its stretch was re-armed.
 */
static bool stretch_done(struct task_struct *p)
{
	struct cpu *c = cpu_of(p);

	update_curr(c);
	if (!p->cpu_left) {
		c->running = false;
		/* The tick came as the work ended: resched at the next
		 * cpu_consume(), if it does not block first. */
		if (c->resched_tick && engine.now >= c->resched_tick)
			c->need_resched = true;
		return true;
	}
	if (fair_task(p) && c->nr_running > 1 && tick_preempts(c, p)) {
		put_prev(c);
		schedule_cpu(c, true);
		return false;
	}
	arm(c);
	return false;
}

void task_cpu_event(struct timer *t)
{
	struct task_struct *p = t->data;

	if (stretch_done(p))
		resume_task(p);
}

/*
 * When @p's cpu_timer is the next event, the loop would pop it and switch
 * straight back into @p: do that here, without the two context switches.
 * The timer still goes through the heap (same sequence numbers) and the
 * same accounting runs, so the run is event for event the loop's.  True
 * when @p's work is done; false when it must wait in the scheduler.
 */
static bool cpu_fast_forward(struct task_struct *p)
{
	struct timer *t = &p->cpu_timer;

	while (engine.heap_len && engine.heap[0] == t && !engine.stopped &&
	       t->expires <= engine.until) {
		timer_del(t);
		engine.now = t->expires;
		engine.nr_events++;
		if (stretch_done(p))
			return true;
		if (!timer_pending(t))
			break;
	}
	return false;
}

/*
 * The calling task @p starts a stretch on its CPU.  An end earlier than
 * every queued timer (equal is not enough: the queued one has the smaller
 * sequence number) is what the event loop would pop next: the timer is
 * not even queued, only given its sequence number, so events keep their
 * order.  True when @p's work is done.
 */
static bool run_current(struct task_struct *p)
{
	struct timer *t = &p->cpu_timer;
	sim_time_t end = stretch_end(cpu_of(p));

	if (engine.stopped || end > engine.until ||
	    (engine.heap_len && end >= engine.heap[0]->expires)) {
		timer_add(t, end);
		return false;
	}
	t->expires = end;
	t->seq = engine.next_seq++;
	engine.now = end;
	engine.nr_events++;
	return stretch_done(p) || cpu_fast_forward(p);
}

/*
 * The common case of the above, written out: @p keeps its CPU, nobody
 * waits there and no interrupt time is pending, and the work's end comes
 * before every queued timer.  What start_running(), run_current() and
 * stretch_done() would do, in a few stores.
 */
static inline bool run_alone(struct task_struct *p, struct cpu *c)
{
	sim_time_t ran = wall_for(p->cpu_left, c->speed);
	sim_time_t end = engine.now + ran;

	if (engine.stopped || end > engine.until ||
	    (engine.heap_len && end >= engine.heap[0]->expires))
		return false;
	p->cpu_timer.expires = end;
	p->cpu_timer.seq = engine.next_seq++;
	engine.now = end;
	engine.nr_events++;
	p->cpu_left = 0;
	p->sum_exec_runtime += ran;
	p->time_sum[task_time_cpu_class(p)] += ran;
	c->busy_ns += ran;
	c->resched_tick = 0;
	if (fair_task(p)) {
		p->vruntime += calc_delta_fair(ran, p);
		if (vdiff(p->vruntime, c->min_vruntime) > 0)
			c->min_vruntime = p->vruntime;
	}
	return true;
}

/*
 * cpu_consume() when run_alone() cannot do: out of line, so that the
 * common case (some 4 million calls in a default run) saves no registers
 * for these paths.
 */
static __attribute__((noinline)) void cpu_consume_slow(struct task_struct *p,
							struct cpu *c)
{
	p->in_consume = true;
	if (c->curr == p && !c->need_resched) {
		/* It holds its CPU: since its last work, or its wake-up. */
		start_running(c);
		if (run_current(p))
			goto out;
	} else if (c->curr == p) {
		/* A tick or a wake-up preempted it in its zero-time code. */
		put_prev(c);
		schedule_cpu(c, true);
		if (cpu_of(p)->curr == p && cpu_fast_forward(p))
			goto out;
	} else {
		/* Queued since its wake-up: schedule_cpu() starts its work
		 * when its turn comes. */
		SIM_BUG_ON(!p->on_rq);
	}
	switch_to_scheduler();
	SIM_BUG_ON(p->cpu_left || cpu_of(p)->curr != p);
out:
	p->in_consume = false;
}

void cpu_consume(sim_time_t ns)
{
	struct task_struct *p;
	struct cpu *c;

	if (!ns)
		return;
	if (engine.irq_depth) {
		engine.irq_consumed += ns;
		return;
	}
	p = engine.running;
	SIM_BUG_ON(!p);
	p->cpu_left = ns;
	p->state = TASK_RUNNING;
	c = cpu_of(p);
	if (c->curr == p && !c->need_resched && c->nr_running <= 1 &&
	    !c->stall && c->busy_until <= engine.now && run_alone(p, c))
		return;
	cpu_consume_slow(p, c);
}

/* ---- the engine's calls ------------------------------------------------ */

/*
 * @p blocks or exits (dequeue_task(), sleep): off its queue if it never
 * got a CPU since its wake-up, else its CPU goes to the next task.  Its
 * avg_overlap takes the CPU it had since it last woke a task.
 */
void sched_sleep(struct task_struct *p)
{
	struct cpu *c = cpu_of(p);

	p->slept = true;
	if (p->last_wakeup) {
		update_avg(&p->avg_overlap, p->sum_exec_runtime - p->last_wakeup);
		p->last_wakeup = 0;
	}
	clear_buddies(c, p);
	if (p->on_rq) {
		queue_remove(p);
		account_dequeue(c, p);
		update_min_vruntime(c);
		return;
	}
	SIM_BUG_ON(c->curr != p || c->running);
	c->curr = NULL;
	c->need_resched = false;
	p->last_ran = engine.now;
	account_dequeue(c, p);
	update_min_vruntime(c);
	schedule_cpu(c, true);
}

/* Interrupt work on @cpu: it delays the task running there, or the next
 * one to run on an idle CPU. */
void sched_irq_charge(int cpu, sim_time_t work)
{
	struct cpu *c = &engine.cpus[cpu];
	sim_time_t ns;

	if (!work)
		return;
	ns = wall_for(work, c->speed);
	c->busy_ns += ns;
	if (c->running) {
		struct timer *t = &c->curr->cpu_timer;

		c->stall += ns;
		timer_add(t, t->expires + ns);
	} else {
		sim_time_t base = c->busy_until > engine.now ?
				  c->busy_until : engine.now;

		c->busy_until = base + ns;
	}
}

static unsigned int ilog2_u(unsigned int n)
{
	unsigned int l = 0;

	while (n >>= 1)
		l++;
	return l;
}

static sim_time_t scaled(sim_time_t base, sim_time_t def, unsigned int factor,
			 bool capped)
{
	sim_time_t v = (base ? base : def) * factor;

	return capped && v > SCHED_TUNABLE_LIMIT ? SCHED_TUNABLE_LIMIT : v;
}

static struct cpu_speed speed_fixed(double s)
{
	struct cpu_speed v = { .rate = SPEED_ONE, .inv = SPEED_ONE };

	if (s > 0 && s != 1) {
		unsigned __int128 one = (unsigned __int128)1 << 64;

		v.rate = (uint64_t)(s * (double)SPEED_ONE + 0.5);
		v.inv = (uint64_t)(one / v.rate);
		if ((unsigned __int128)v.inv * v.rate != one)
			v.inv++;	/* wall_for() rounds up */
	}
	return v;
}

/*
 * The domains the x86 kernels of 2.6.30-2.6.32 build, with the
 * parameters of include/linux/topology.h SD_SIBLING_INIT and SD_MC_INIT
 * (arch/x86 overrides neither; SD_CPU_INIT's level, one group on a
 * one-package machine, degenerates into the MC one): the flags per
 * version from the profile, docs/model.md has the table.
 */
static void sd_init(const struct sim_config *cfg)
{
	struct sd_level *s = &engine.sd[SD_LV_SIBLING], *m = &engine.sd[SD_LV_MC];
	unsigned int t = cfg->threads_per_core == 2 ? 2 : 1;
	unsigned int wake_balance =
		engine.sched.wake_placement == SIM_WAKE_AFFINE_BALANCE ?
		SD_WAKE_BALANCE : 0;

	*s = (struct sd_level){
		.present = t == 2 && cfg->nr_cpus > 1,
		.flags = SD_LOAD_BALANCE | SD_BALANCE_NEWIDLE | SD_BALANCE_FORK |
			 SD_WAKE_AFFINE | SD_SHARE_CPUPOWER | wake_balance,
		.min_interval = 1, .max_interval = 2, .busy_factor = 64,
		.imbalance_pct = 110,
	};
	*m = (struct sd_level){
		.present = (cfg->nr_cpus + t - 1) / t > 1,
		.flags = SD_LOAD_BALANCE | SD_BALANCE_FORK | SD_WAKE_AFFINE |
			 SD_SHARE_PKG_RESOURCES | SD_PREFER_SIBLING | wake_balance |
			 (engine.sched.newidle_smt_only ? 0 : SD_BALANCE_NEWIDLE),
		.min_interval = 1, .max_interval = 4, .busy_factor = 64,
		.imbalance_pct = 125, .cache_nice_tries = 1, .busy_idx = 2,
		.wake_idx = engine.sched.mc_wake_idx,
		.forkexec_idx = engine.sched.mc_wake_idx,
	};
}

void sched_init(void)
{
	const struct sim_config *cfg = &engine.cfg;
	unsigned int n = cfg->nr_cpus;
	unsigned int factor = 1 + ilog2_u(n);

	/* sched_init_granularity(): latency and min_granularity capped at
	 * 200 ms, wakeup_granularity not. */
	engine.sched = cfg->sched;
	engine.sched.latency = scaled(cfg->sched.latency, 5 * NSEC_PER_MSEC,
				      factor, true);
	engine.sched.min_granularity = scaled(cfg->sched.min_granularity,
					      NSEC_PER_MSEC, factor, true);
	engine.sched.wakeup_granularity = scaled(cfg->sched.wakeup_granularity,
						 NSEC_PER_MSEC, factor, false);
	engine.speed_alone = speed_fixed(cfg->cpu_speed);
	engine.speed_smt = speed_fixed(cfg->cpu_speed *
				       (cfg->smt_speed > 0 ? cfg->smt_speed : 1));
	sd_init(cfg);
	timer_init(&engine.balance_timer, rebalance_tick, NULL);
	engine.balance_timer.deferrable = true;
	for (unsigned int i = 0; i < n; i++) {
		struct cpu *c = &engine.cpus[i];

		INIT_LIST_HEAD(&c->fair_queue);
		INIT_LIST_HEAD(&c->rt_queue);
		c->speed = engine.speed_alone;
		c->sibling = -1;
		if (cfg->threads_per_core == 2 && (i ^ 1) < n)
			c->sibling = (int)(i ^ 1);
		/* sched_init(): 2.6.32.2's rq->avg_idle starts at its cap. */
		c->avg_idle = 2 * MIGRATION_COST;
		for (int lv = 0; lv < SD_LV_MAX; lv++)
			c->sd[lv].balance_interval = 1;
	}
}

/* ---- queries ----------------------------------------------------------- */

unsigned int sim_nr_cpus(void)
{
	return engine.cfg.nr_cpus;
}

/* The part of curr's stretch that update_curr() has not charged yet. */
static sim_time_t uncharged(const struct cpu *c)
{
	sim_time_t elapsed;

	if (!c->running)
		return 0;
	elapsed = engine.now - c->exec_start;
	return elapsed > c->stall ? elapsed - c->stall : 0;
}

sim_time_t sim_cpu_busy(int cpu)
{
	return engine.cpus[cpu].busy_ns + uncharged(&engine.cpus[cpu]);
}

struct sched_tunables sim_sched_tunables(void)
{
	return engine.sched;
}

void set_user_nice(struct task_struct *p, long nice)
{
	struct cpu *c = cpu_of(p);
	bool counted = c->curr == p || p->on_rq;

	if (rt_task(p))
		return;
	if (nice < -20)
		nice = -20;
	if (nice > 19)
		nice = 19;
	if (counted) {
		update_curr(c);
		account_dequeue(c, p);
	}
	p->prio = NICE_TO_PRIO((int)nice);
	p->load_weight = nice_weight(p->prio);
	if (counted) {
		account_enqueue(c, p);
		if (c->running)
			arm(c);
	}
}

int task_nice(const struct task_struct *p)
{
	return PRIO_TO_NICE(p->prio);
}

sim_time_t task_sum_exec_runtime(const struct task_struct *p)
{
	const struct cpu *c = cpu_of(p);

	return p->sum_exec_runtime + (c->curr == p ? uncharged(c) : 0);
}

sim_time_t task_wait_time(const struct task_struct *p)
{
	return p->wait_sum + (p->on_rq ? engine.now - p->wait_start : 0);
}

void task_time_breakdown(const struct task_struct *p,
			 sim_time_t out[NR_TASK_TIME])
{
	const struct cpu *c = cpu_of(p);

	for (int i = 0; i < NR_TASK_TIME; i++)
		out[i] = p->time_sum[i];
	if (p->state == TASK_DEAD)
		return;
	if (p->blocked)
		out[p->block_class] += engine.now - p->block_start;
	if (p->on_rq)
		out[TT_RUNQUEUE] += engine.now - p->wait_start;
	if (c->curr == p && c->running) {
		/* update_curr() has not charged this part of the stretch:
		 * interrupt time passes first, as it charges it. */
		sim_time_t elapsed = engine.now - c->exec_start;
		sim_time_t stalled = c->stall < elapsed ? c->stall : elapsed;

		out[TT_RUNQUEUE] += stalled;
		out[task_time_cpu_class(p)] += elapsed - stalled;
	}
}
