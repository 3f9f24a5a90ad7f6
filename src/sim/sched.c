// SPDX-License-Identifier: GPL-2.0
/*
 * The CPU model's core, what 2.6.30-2.6.32 kernel/sched.c holds of the
 * kernel's: one run queue per CPU (struct cpu) with rt tasks above the
 * Completely Fair Scheduler's, CPUs of a given speed whose Hyper-Threading
 * siblings slow each other down, schedule(), the wake-up and fork entries
 * (try_to_wake_up(), wake_up_new_task()), the ticks, the accounting of
 * time and load, and the boot (sched_init(), the sched domains'
 * parameters).  The rules of CFS (kernel/sched_fair.c), the
 * placement of woken and new tasks and the load balancing per sched
 * domain are in sched_fair.c; sched_internal.h has what the two share.
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
#include "sched_internal.h"

/* kernel/sched.c sched_init_granularity(): the scaled tunables' cap. */
#define SCHED_TUNABLE_LIMIT	(200 * NSEC_PER_MSEC)
/* update_cpu_load() ticks after which cpu_load[0..1] have reached a
 * constant load exactly (the slower halves a difference each tick). */
#define CPU_LOAD_CATCHUP	64

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

static unsigned long nice_weight(int prio)
{
	int nice = PRIO_TO_NICE(prio);

	if (nice < -20)
		nice = -20;
	if (nice > 19)
		nice = 19;
	return prio_to_weight[nice + 20];
}

/* kernel/sched.c update_avg(): an average that moves 1/8 of the way. */
static inline void update_avg(sim_time_t *avg, sim_time_t sample)
{
	int64_t diff = (int64_t)(sample - *avg);

	*avg += (sim_time_t)(diff >> 3);
}

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

struct task_struct *first_waiting(const struct list_head *queue)
{
	if (list_empty(queue))
		return NULL;
	return list_first_entry(queue, struct task_struct, run_node);
}

/* update_min_vruntime(): the smaller of curr's and the leftmost's, never
 * going back. */
void update_min_vruntime(struct cpu *c)
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
void update_curr(struct cpu *c)
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
unsigned long source_load(struct cpu *c, unsigned int idx)
{
	unsigned long v;

	if (!idx)
		return c->load;
	cpu_load_update(c);
	v = c->cpu_load[idx - 1];
	return v < c->load ? v : c->load;
}

/* target_load(): a high guess at a migration target's. */
unsigned long target_load(struct cpu *c, unsigned int idx)
{
	unsigned long v;

	if (!idx)
		return c->load;
	cpu_load_update(c);
	v = c->cpu_load[idx - 1];
	return v > c->load ? v : c->load;
}

/* cpu_avg_load_per_task() */
unsigned long cpu_avg_load_per_task(const struct cpu *c)
{
	unsigned long nr = rq_nr_running(c);

	return nr ? c->load / nr : 0;
}

/* nr_running and load count the CFS tasks queued on @c and its curr. */
void account_enqueue(struct cpu *c, const struct task_struct *p)
{
	if (fair_task(p)) {
		cpu_load_update(c);
		c->nr_running++;
		c->load += p->load_weight;
	}
}

void account_dequeue(struct cpu *c, const struct task_struct *p)
{
	if (fair_task(p)) {
		cpu_load_update(c);
		c->nr_running--;
		c->load -= p->load_weight;
	}
}

/* Into @c's queue, after those with an equal key (the rbtree's order). */
void queue_insert(struct cpu *c, struct task_struct *p)
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

void queue_remove(struct task_struct *p)
{
	list_del_init(&p->run_node);
	p->on_rq = false;
	p->wait_sum += engine.now - p->wait_start;
	p->time_sum[TT_RUNQUEUE] += engine.now - p->wait_start;
}

/* ---- ticks --------------------------------------------------------------- */

/* The first jiffy boundary after @t: where scheduler_tick() looks. */
/*
 * The first tick after @t: the smallest jiffies_to_ns(j) above @t, since
 * no j below ns_to_jiffies(@t) has its tick above @t.  Each tick is the
 * answer for every t from the tick before it up to it, so the last
 * interval is kept: stretch_end() asks again and again within the same
 * jiffy, and the 64-bit divisions by sim_hz were much of its time.
 */
sim_time_t next_tick_after(sim_time_t t)
{
	static sim_time_t cached_from, cached_tick;	/* [from, tick) */
	static unsigned int cached_hz;
	unsigned long j;
	sim_time_t tick;

	if (cached_hz == sim_hz && t >= cached_from && t < cached_tick)
		return cached_tick;
	j = ns_to_jiffies(t);
	tick = jiffies_to_ns(j);
	while (tick <= t)
		tick = jiffies_to_ns(++j);
	cached_hz = sim_hz;
	cached_tick = tick;
	cached_from = j ? jiffies_to_ns(j - 1) : 0;
	return tick;
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

void arm(struct cpu *c)
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

void preempt_curr(struct cpu *c)
{
	if (c->running) {
		put_prev(c);
		schedule_cpu(c, true);
	} else {
		c->need_resched = true;
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

/* ---- schedule() ---------------------------------------------------------- */

/*
 * schedule() on @c, which has no curr: the next task (or one pulled by
 * idle_balance()) takes it, and its stretch is armed if it waits in
 * cpu_consume(); one woken that has not called it yet holds the CPU in
 * its zero-time code.  Else @c idles.  @was_busy: @c had a curr until
 * now.
 */
void schedule_cpu(struct cpu *c, bool was_busy)
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

	while (engine.heap_len && engine.heap[0].timer == t && !engine.stopped &&
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
	    (engine.heap_len && end >= engine.heap[0].expires)) {
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
	    (engine.heap_len && end >= engine.heap[0].expires))
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
