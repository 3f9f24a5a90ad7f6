// SPDX-License-Identifier: GPL-2.0
/*
 * The CPU model: one run queue per CPU with the rules of the Completely
 * Fair Scheduler as 2.6.30-2.6.32 kernel/sched_fair.c has them, rt tasks
 * above it, and CPUs of a given speed whose Hyper-Threading siblings slow
 * each other down.
 *
 * A task needs a CPU only inside cpu_consume(ns), ns being the work's time
 * on the reference CPU.  Once picked, a task holds its CPU (cpu->curr)
 * until it blocks: through its work, whose end its cpu_timer marks, and
 * through the zero-time code between two cpu_consume() calls, so a task
 * that computes in many small pieces keeps its CPU as it would in the
 * kernel.  A task that blocked and calls cpu_consume() again is a wake-up:
 * it chooses a CPU, is placed by place_entity() and may preempt.
 *
 * From the kernel (kernel/sched_fair.c, kernel/sched.c):
 *   vruntime grows by delta_exec * NICE_0_LOAD / weight (update_curr),
 *   weights from prio_to_weight[]; the leftmost vruntime runs next;
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
 * Simplified (docs/model.md, "Engine"): a waking task goes to its previous
 * CPU if idle, else to an idle CPU (a whole idle core first), else to the
 * least loaded; no affinity to the waker (wake_affine) and no buddies or
 * ADAPTIVE_GRAN.  Load balancing is an idle CPU pulling the first waiter
 * of the busiest queue (idle_balance) and, when a tick preempts a task,
 * its CPU handing its last waiter to the least loaded CPU if that evens
 * the load (for the periodic rebalance_domains).  Interrupt time delays
 * the task it interrupts but is not charged to it.
 *
 * The queues are sorted lists: a CPU has a handful of runnable tasks, and
 * an rbtree only pays with dozens.
 */
#include "sim.h"
#include "bug.h"
#include "engine_internal.h"

#define NICE_0_LOAD		1024
/* kernel/sched_fair.c sched_nr_latency: a static 5 in 2.6.30-2.6.32. */
#define SCHED_NR_LATENCY	5
/* kernel/sched.c sched_init_granularity(): the scaled tunables' cap. */
#define SCHED_TUNABLE_LIMIT	(200 * NSEC_PER_MSEC)

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

static struct task_struct *first_waiting(struct list_head *queue)
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

/* nr_running and load count the CFS tasks queued on @c and its curr. */
static void account_enqueue(struct cpu *c, const struct task_struct *p)
{
	if (fair_task(p)) {
		c->nr_running++;
		c->load += p->load_weight;
	}
}

static void account_dequeue(struct cpu *c, const struct task_struct *p)
{
	if (fair_task(p)) {
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

/* check_preempt_wakeup() with wakeup_preempt_entity() and ASYM_GRAN. */
static bool wakeup_preempt(const struct cpu *c, const struct task_struct *p)
{
	const struct task_struct *curr = c->curr;

	if (rt_task(p))
		return fair_task(curr) || p->prio < curr->prio;
	if (rt_task(curr))
		return false;
	return vdiff(curr->vruntime, p->vruntime) >
	       (int64_t)calc_delta_fair(engine.sched.wakeup_granularity, p);
}

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
 * When curr's stretch ends: its work done, or the first tick at which it
 * has run longer than its slice while others wait (check_preempt_tick),
 * which is kept in resched_tick: work done at that tick or later still
 * gives the CPU up.
 */
static sim_time_t stretch_end(struct cpu *c)
{
	const struct task_struct *p = c->curr;
	sim_time_t start = engine.now + c->stall;
	sim_time_t end = start + wall_for(p->cpu_left, c->speed);

	c->resched_tick = 0;
	if (fair_task(p) && c->nr_running > 1) {
		sim_time_t ideal = sched_slice(c, p, true);
		sim_time_t ran = p->sum_exec_runtime - p->prev_sum_exec_runtime;

		c->resched_tick = next_tick_after(start +
					(ran < ideal ? ideal - ran : 0));
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

/* put_prev_entity(): curr goes back to its queue. */
static void put_prev(struct cpu *c)
{
	struct task_struct *prev = c->curr;

	update_curr(c);
	if (c->running) {
		timer_del(&prev->cpu_timer);
		c->running = false;
	}
	prev->nr_preemptions++;
	c->curr = NULL;
	queue_insert(c, prev);
}

/* Move the waiting @p from @from's queue to @to's (set_task_cpu). */
static void migrate_waiting(struct cpu *from, struct cpu *to,
			    struct task_struct *p)
{
	queue_remove(p);
	account_dequeue(from, p);
	update_min_vruntime(from);
	if (fair_task(p))
		p->vruntime = p->vruntime - from->min_vruntime + to->min_vruntime;
	p->cpu = cpu_id(to);
	account_enqueue(to, p);
	queue_insert(to, p);
}

/* idle_balance(): an idle @c takes the first waiter of the busiest queue
 * (any rt waiter first). */
static struct task_struct *idle_balance(struct cpu *c)
{
	struct cpu *busiest = NULL;
	struct task_struct *p;

	for (unsigned int i = 0; i < engine.cfg.nr_cpus; i++) {
		struct cpu *d = &engine.cpus[i];

		if (d == c)
			continue;
		if (!list_empty(&d->rt_queue)) {
			busiest = d;
			break;
		}
		if (!list_empty(&d->fair_queue) &&
		    (!busiest || d->load > busiest->load))
			busiest = d;
	}
	if (!busiest)
		return NULL;
	p = first_waiting(&busiest->rt_queue);
	if (!p)
		p = first_waiting(&busiest->fair_queue);
	migrate_waiting(busiest, c, p);
	return p;
}

static struct task_struct *pick_next(struct cpu *c)
{
	struct task_struct *p = first_waiting(&c->rt_queue);

	return p ? p : first_waiting(&c->fair_queue);
}

/*
 * schedule() on @c, which has no curr: the first waiter (or one pulled
 * from the busiest CPU) takes it and its stretch is armed; else it idles.
 * @was_busy: @c had a curr until now.
 */
static void schedule_cpu(struct cpu *c, bool was_busy)
{
	struct task_struct *next = pick_next(c);

	if (!next)
		next = idle_balance(c);
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
	start_running(c);
	arm(c);
}

static void preempt_curr(struct cpu *c)
{
	if (c->running) {
		put_prev(c);
		schedule_cpu(c, true);
	} else {
		c->need_resched = true;
	}
}

/* A CPU's load as a waking or moving CFS task sees it (an rt task counts
 * as a nice -20 one). */
static unsigned long cpu_load(const struct cpu *c)
{
	unsigned long load = c->load;

	if (c->curr && rt_task(c->curr))
		load += prio_to_weight[0];
	return load;
}

/* The CFS task a tick just preempted on @c leaves behind: if the least
 * loaded CPU is lighter by more than the last waiter's weight, the waiter
 * moves there (load_balance's aim, done where the imbalance shows). */
static void rebalance(struct cpu *c)
{
	struct cpu *to = NULL;
	struct task_struct *p;

	if (list_empty(&c->fair_queue))
		return;
	p = list_last_entry(&c->fair_queue, struct task_struct, run_node);
	for (unsigned int i = 0; i < engine.cfg.nr_cpus; i++) {
		struct cpu *d = &engine.cpus[i];

		if (d != c && (!to || cpu_load(d) < cpu_load(to)))
			to = d;
	}
	if (!to || cpu_load(c) <= cpu_load(to) + p->load_weight)
		return;
	update_curr(to);
	migrate_waiting(c, to, p);
	if (!to->curr)
		schedule_cpu(to, false);
	else if (wakeup_preempt(to, p))
		preempt_curr(to);
	else if (to->running)
		arm(to);
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
	if (fair_task(p) && c->nr_running > 1 &&
	    p->sum_exec_runtime - p->prev_sum_exec_runtime >
	    sched_slice(c, p, true)) {
		put_prev(c);
		schedule_cpu(c, true);
		rebalance(c);
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

/* select_task_rq_fair(), simplified: the previous CPU if idle, else an idle
 * CPU (a whole idle core first), else the least loaded CPU (for an rt task:
 * one running a CFS task). */
static int select_task_rq(const struct task_struct *p)
{
	int prev = p->cpu, idle = -1, best = prev;
	unsigned int n = engine.cfg.nr_cpus;

	if (!engine.cpus[prev].curr)
		return prev;
	for (unsigned int i = 0; i < n; i++) {
		const struct cpu *c = &engine.cpus[i];

		if (c->curr)
			continue;
		if (c->sibling < 0 || !engine.cpus[c->sibling].curr)
			return (int)i;
		if (idle < 0)
			idle = (int)i;
	}
	if (idle >= 0)
		return idle;
	if (rt_task(p)) {
		if (fair_task(engine.cpus[prev].curr))
			return prev;
		for (unsigned int i = 0; i < n; i++)
			if (fair_task(engine.cpus[i].curr))
				return (int)i;
		return prev;
	}
	for (unsigned int i = 0; i < n; i++)
		if (cpu_load(&engine.cpus[i]) < cpu_load(&engine.cpus[best]))
			best = (int)i;
	return best;
}

/*
 * try_to_wake_up() and enqueue_task_fair() for a task that blocked, or is
 * new, and wants a CPU.  True when it took an idle CPU (not yet running).
 */
static bool enqueue_wakeup(struct task_struct *p)
{
	struct cpu *from = cpu_of(p);
	struct cpu *c = &engine.cpus[select_task_rq(p)];

	update_curr(c);
	if (fair_task(p)) {
		if (c != from)
			p->vruntime = p->vruntime - from->min_vruntime +
				      c->min_vruntime;
		if (p->slept)
			place_entity(c, p, false);
	}
	p->slept = false;
	p->cpu = cpu_id(c);
	account_enqueue(c, p);
	if (!c->curr) {
		set_curr(c, p);
		sibling_changed(c);
		start_running(c);
		return true;
	}
	queue_insert(c, p);
	if (wakeup_preempt(c, p))
		preempt_curr(c);
	else if (c->running)
		arm(c);		/* its slice shrank */
	return false;
}

/*
 * cpu_consume() when run_alone() cannot do: out of line, so that the
 * common case (some 4 million calls in a default run) saves no registers
 * for these paths.
 */
static __attribute__((noinline)) void cpu_consume_slow(struct task_struct *p,
							struct cpu *c)
{
	if (c->curr == p && !c->need_resched) {
		/* It kept its CPU since its last work. */
		start_running(c);
		if (run_current(p))
			return;
	} else if (c->curr == p) {
		/* A tick or a wake-up preempted it in its zero-time code. */
		put_prev(c);
		schedule_cpu(c, true);
		rebalance(c);
		if (cpu_of(p)->curr == p && cpu_fast_forward(p))
			return;
	} else if (enqueue_wakeup(p)) {
		if (run_current(p))
			return;
	} else if (cpu_of(p)->curr == p && cpu_fast_forward(p)) {
		return;
	}
	switch_to_scheduler();
	SIM_BUG_ON(p->cpu_left || cpu_of(p)->curr != p);
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

void sched_fork(struct task_struct *p)
{
	struct cpu *c;

	p->load_weight = nice_weight(p->prio);
	p->cpu = select_task_rq(p);
	c = cpu_of(p);
	update_curr(c);
	if (fair_task(p))
		place_entity(c, p, true);
	/* Its first cpu_consume() is its wake-up (wake_up_new_task). */
	p->slept = true;
}

/* @p blocks or exits: the CPU it holds goes to the next task. */
void sched_sleep(struct task_struct *p)
{
	struct cpu *c = cpu_of(p);

	p->slept = true;
	if (c->curr != p)
		return;
	SIM_BUG_ON(c->running);
	c->curr = NULL;
	c->need_resched = false;
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

void sched_init(void)
{
	const struct sim_config *cfg = &engine.cfg;
	unsigned int n = cfg->nr_cpus;
	unsigned int factor = 1 + ilog2_u(n);

	/* sched_init_granularity(): latency and min_granularity capped at
	 * 200 ms, wakeup_granularity not. */
	engine.sched.latency = scaled(cfg->sched.latency, 5 * NSEC_PER_MSEC,
				      factor, true);
	engine.sched.min_granularity = scaled(cfg->sched.min_granularity,
					      NSEC_PER_MSEC, factor, true);
	engine.sched.wakeup_granularity = scaled(cfg->sched.wakeup_granularity,
						 NSEC_PER_MSEC, factor, false);
	engine.sched.full_sleeper_credit = cfg->sched.full_sleeper_credit;
	engine.speed_alone = speed_fixed(cfg->cpu_speed);
	engine.speed_smt = speed_fixed(cfg->cpu_speed *
				       (cfg->smt_speed > 0 ? cfg->smt_speed : 1));
	for (unsigned int i = 0; i < n; i++) {
		struct cpu *c = &engine.cpus[i];

		INIT_LIST_HEAD(&c->fair_queue);
		INIT_LIST_HEAD(&c->rt_queue);
		c->speed = engine.speed_alone;
		c->sibling = -1;
		if (cfg->threads_per_core == 2 && (i ^ 1) < n)
			c->sibling = (int)(i ^ 1);
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
