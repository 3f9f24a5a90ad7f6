// SPDX-License-Identifier: GPL-2.0
/*
 * The Completely Fair Scheduler's rules, the placement of woken and new
 * tasks, and the load balancing per sched domain.  CFS is what
 * 2.6.30-2.6.32 kernel/sched_fair.c holds: sched_slice(), place_entity(),
 * the buddies and pick_next_entity(), check_preempt_tick(),
 * check_preempt_wakeup(), select_task_rq_fair() and wake_affine().  The
 * balancing (idle_balance(), rebalance_domains(), load_balance() and its
 * find_busiest_group(), move_tasks()) and the fork placement
 * (sched_balance_self()) are 2.6.32 kernel/sched.c's: they are here with
 * the wake-up placement, whose domain walks and loads they share, as
 * later kernels moved them into kernel/sched_fair.c.  So are the rt
 * class's two (select_task_rq_rt(), pull_rt_task() of
 * kernel/sched_rt.c), beside the fair ones they mirror.  The run queues,
 * schedule(), the ticks and the accounting are in sched.c;
 * sched_internal.h has what the two share.
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
 */
#include "sim.h"
#include "bug.h"
#include "engine_internal.h"
#include "sched_internal.h"

/* A CPU's cpu_power (include/linux/sched.h SCHED_LOAD_SCALE). */
#define SCHED_LOAD_SCALE	1024
/* kernel/sched_fair.c sched_nr_latency: a static 5 in 2.6.30-2.6.32. */
#define SCHED_NR_LATENCY	5
/* kernel/sched.c sysctl_sched_nr_migrate: tasks balance_tasks() looks at. */
#define SCHED_NR_MIGRATE	32

/* enum cpu_idle_type: why load_balance() runs. */
enum lb_idle { CPU_IDLE, CPU_NOT_IDLE, CPU_NEWLY_IDLE };

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
void place_entity(struct cpu *c, struct task_struct *p, bool initial)
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
struct task_struct *pick_next(struct cpu *c)
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

/*
 * check_preempt_tick() at a tick, curr @p having others waiting beside
 * it: true when it gives its CPU up.  It has run longer than its slice
 * (and the buddies forget it), or, with f685ceac (2.6.32), it has run
 * min_granularity and its vruntime is a slice past the leftmost's.
 */
bool tick_preempts(struct cpu *c, struct task_struct *p)
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
sim_time_t tick_budget(const struct cpu *c, const struct task_struct *p)
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

/* ---- preemption at a wake-up -------------------------------------------- */

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
void check_preempt_curr(struct cpu *c, struct task_struct *p)
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
void idle_balance(struct cpu *c)
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
void rebalance_tick(struct timer *t)
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
void balance_kick(void)
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
int select_task_rq_wake(const struct task_struct *p, int this,
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
int select_task_rq_rt(const struct task_struct *p)
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
int select_task_rq_fork(int cpu)
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
