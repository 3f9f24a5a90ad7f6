// SPDX-License-Identifier: GPL-2.0
/*
 * The CPU model (src/sim/sched.c, sched_fair.c): CFS's weights, slices,
 * wake-up preemption and sleeper credit, the per-version tunables, kernel
 * threads' nice per version, CPU speed and Hyper-Threading siblings.
 * The expected numbers come from kernel/sched_fair.c's formulas.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "sim/sim.h"
#include "mmsim/profile.h"
#include "linux/kthread.h"
#include "linux/sched.h"
#include "scenario/scenario.h"
#include "experiment/machine.h"

#define MS	NSEC_PER_MSEC

static struct sim_config config(unsigned int cpus, unsigned int hz)
{
	struct sim_config cfg = { .hz = hz, .nr_cpus = cpus, .seed = 1 };

	return cfg;
}

/* The tunables of @profile's kernel, as a run boots them. */
static struct sim_config profile_config(const char *profile, unsigned int cpus,
					unsigned int hz)
{
	struct sim_config cfg = config(cpus, hz);
	char err[256];

	assert_int_equal(profile_parse(profile, &kprofile, err, sizeof(err)), 0);
	sched_profile_config(&cfg);
	profile_set_default();
	return cfg;
}

/* ---- tasks ------------------------------------------------------------ */

/* Computes forever in pieces of @arg ns (odd, not a tick's multiple). */
static void hog(void *arg)
{
	for (;;)
		cpu_consume((sim_time_t)(uintptr_t)arg);
}

static void hog_piecewise(void *arg)
{
	(void)arg;
	hog((void *)(uintptr_t)(700 * NSEC_PER_USEC));
}

/* One piece of work that outlasts every test. */
static void hog_whole(void *arg)
{
	(void)arg;
	cpu_consume(3600 * NSEC_PER_SEC);
}

static void test_weights_share_one_cpu(void **state)
{
	struct sim_config cfg = config(1, 250);
	struct task_struct *n0, *n5;
	double ratio;

	(void)state;
	sim_init(&cfg);
	n0 = kthread_run(hog_piecewise, NULL, "nice0", NICE_TO_PRIO(0));
	n5 = kthread_run(hog_piecewise, NULL, "nice-5", NICE_TO_PRIO(-5));
	sim_run(20 * NSEC_PER_SEC);
	assert_int_equal(task_nice(n5), -5);
	/* prio_to_weight[]: 3121 against 1024 (75.3% and 24.7%). */
	ratio = (double)task_sum_exec_runtime(n5) / task_sum_exec_runtime(n0);
	assert_true(ratio > 3121.0 / 1024 * 0.97 && ratio < 3121.0 / 1024 * 1.03);
	/* Every ns the CPU ran, one of them ran. */
	assert_true(task_sum_exec_runtime(n0) + task_sum_exec_runtime(n5) >
		    20 * NSEC_PER_SEC - 10 * MS);
	/* Each waited while the other ran. */
	assert_true(task_wait_time(n0) + 10 * MS > task_sum_exec_runtime(n5));
	assert_true(task_wait_time(n5) + 10 * MS > task_sum_exec_runtime(n0));
	sim_exit();
}

/* The same with one long piece each: only ticks preempt them. */
static void test_weights_share_one_cpu_by_ticks(void **state)
{
	struct sim_config cfg = config(1, 250);
	struct task_struct *n0, *n5;
	double ratio;

	(void)state;
	sim_init(&cfg);
	n0 = kthread_run(hog_whole, NULL, "nice0", NICE_TO_PRIO(0));
	n5 = kthread_run(hog_whole, NULL, "nice-5", NICE_TO_PRIO(-5));
	sim_run(20 * NSEC_PER_SEC);
	ratio = (double)task_sum_exec_runtime(n5) / task_sum_exec_runtime(n0);
	assert_true(ratio > 3121.0 / 1024 * 0.97 && ratio < 3121.0 / 1024 * 1.03);
	assert_true(n0->nr_preemptions > 100);
	sim_exit();
}

/* set_user_nice() on a running task moves its share. */
static void test_set_user_nice(void **state)
{
	struct sim_config cfg = config(1, 250);
	struct task_struct *a, *b;
	sim_time_t a0, b0;
	double ratio;

	(void)state;
	sim_init(&cfg);
	a = kthread_run(hog_piecewise, NULL, "a", DEFAULT_PRIO);
	b = kthread_run(hog_piecewise, NULL, "b", DEFAULT_PRIO);
	sim_run(5 * NSEC_PER_SEC);
	ratio = (double)task_sum_exec_runtime(a) / task_sum_exec_runtime(b);
	assert_true(ratio > 0.97 && ratio < 1.03);
	set_user_nice(b, 5);		/* weight 335 */
	assert_int_equal(task_nice(b), 5);
	assert_int_equal(b->prio, 125);
	a0 = task_sum_exec_runtime(a);
	b0 = task_sum_exec_runtime(b);
	sim_run(25 * NSEC_PER_SEC);
	ratio = (double)(task_sum_exec_runtime(a) - a0) /
		(task_sum_exec_runtime(b) - b0);
	assert_true(ratio > 1024.0 / 335 * 0.95 && ratio < 1024.0 / 335 * 1.05);
	sim_exit();
}

/* ---- wake-up preemption ------------------------------------------------ */

static sim_time_t worst_delay;

/* Sleeps 2 jiffies, then works 100 us: how late is the work done? */
static void interactive(void *arg)
{
	(void)arg;
	for (int i = 0; i < 50; i++) {
		sim_time_t woke;

		set_current_state(TASK_UNINTERRUPTIBLE);
		schedule_timeout(2);
		woke = sim_now();
		cpu_consume(100 * NSEC_PER_USEC);
		if (sim_now() - woke - 100 * NSEC_PER_USEC > worst_delay)
			worst_delay = sim_now() - woke - 100 * NSEC_PER_USEC;
	}
}

static void check_wakeup_preempts(const char *profile)
{
	struct sim_config cfg = profile_config(profile, 1, 250);
	struct task_struct *h;

	worst_delay = 0;
	sim_init(&cfg);
	h = kthread_run(hog_whole, NULL, "hog", DEFAULT_PRIO);
	kthread_run(interactive, NULL, "x", DEFAULT_PRIO);
	sim_run(2 * NSEC_PER_SEC);
	/* The woken task's vruntime is a sleeper credit behind the hog's,
	 * more than wakeup_granularity: it preempts at once, never waiting
	 * out the hog's slice (2.5 or 10 ms). */
	assert_true(worst_delay <= sim_sched_tunables().wakeup_granularity);
	assert_int_equal(worst_delay, 0);
	assert_true(h->nr_preemptions >= 50);
	sim_exit();
}

static void test_wakeup_preempts_hog(void **state)
{
	(void)state;
	check_wakeup_preempts("2.6.30");
	check_wakeup_preempts("2.6.32-rc6");
}

/*
 * ASYM_GRAN: the granularity is in the wakee's virtual time, so a light
 * wakee needs a larger lead.  A nice-19 task (weight 15) would need
 * 1 ms x 1024 / 15 = 68 ms of vruntime behind the hog; its sleeper credit
 * gives it 2.5 ms: it never preempts, and waits for the hog's tick.
 */
static void niced_interactive(void *arg)
{
	set_user_nice(current, 19);
	interactive(arg);
}

static void test_light_wakee_waits(void **state)
{
	struct sim_config cfg = config(1, 250);

	(void)state;
	worst_delay = 0;
	sim_init(&cfg);
	kthread_run(hog_whole, NULL, "hog", DEFAULT_PRIO);
	kthread_run(niced_interactive, NULL, "x", DEFAULT_PRIO);
	sim_run(2 * NSEC_PER_SEC);
	assert_true(worst_delay > 0);
	/* The hog's slice (about 5 ms of the period) ends at a 4 ms tick. */
	assert_true(worst_delay <= 8 * MS);
	sim_exit();
}

/* ---- slices ------------------------------------------------------------- */

static void test_min_granularity(void **state)
{
	/* 2.6.32 on one CPU: latency 5 ms, min_granularity 1 ms; with 8
	 * tasks the period is 8 x 1 ms, each slice 1 ms, not 5/8 ms.  With
	 * HZ=1000 the tick after 1 ms of running is at 2 ms. */
	struct sim_config cfg = profile_config("2.6.32-rc6", 1, 1000);
	struct task_struct *t[8];
	char name[16];

	(void)state;
	sim_init(&cfg);
	for (int i = 0; i < 8; i++) {
		snprintf(name, sizeof(name), "h%d", i);
		t[i] = kthread_run(hog_whole, NULL, name, DEFAULT_PRIO);
	}
	sim_run(NSEC_PER_SEC);
	for (int i = 0; i < 8; i++) {
		sim_time_t ran = task_sum_exec_runtime(t[i]);

		assert_true(t[i]->nr_preemptions > 10);
		/* Longer than min_granularity each time it ran. */
		assert_true(ran / t[i]->nr_preemptions > 3 * MS / 2);
		/* And fair: an eighth each, within a stretch or two. */
		assert_true(ran > NSEC_PER_SEC / 8 - 5 * MS &&
			    ran < NSEC_PER_SEC / 8 + 5 * MS);
	}
	sim_exit();
}

/* ---- versions ----------------------------------------------------------- */

static void test_versions_tunables(void **state)
{
	struct sim_config cfg;
	struct sched_tunables t;

	(void)state;
	/* 2.6.30: 20/4/5 ms; x 1 + ilog2(2) = 2 on two CPUs. */
	cfg = profile_config("2.6.30", 2, 250);
	sim_init(&cfg);
	t = sim_sched_tunables();
	assert_int_equal(t.latency, 40 * MS);
	assert_int_equal(t.min_granularity, 8 * MS);
	assert_int_equal(t.wakeup_granularity, 10 * MS);
	assert_true(t.full_sleeper_credit);
	sim_exit();
	/* 2.6.31: the same as 2.6.30; x3 on four CPUs. */
	cfg = profile_config("2.6.31", 4, 250);
	sim_init(&cfg);
	t = sim_sched_tunables();
	assert_int_equal(t.latency, 60 * MS);
	assert_int_equal(t.min_granularity, 12 * MS);
	assert_int_equal(t.wakeup_granularity, 15 * MS);
	sim_exit();
	/* 2.6.32-rc6: 5/1/1 ms, half the sleeper credit. */
	cfg = profile_config("2.6.32-rc6-0012345-adjust-priority", 4, 250);
	sim_init(&cfg);
	t = sim_sched_tunables();
	assert_int_equal(t.latency, 15 * MS);
	assert_int_equal(t.min_granularity, 3 * MS);
	assert_int_equal(t.wakeup_granularity, 3 * MS);
	assert_false(t.full_sleeper_credit);
	sim_exit();
	/* The engine's own defaults are 2.6.32's. */
	cfg = config(1, 250);
	sim_init(&cfg);
	t = sim_sched_tunables();
	assert_int_equal(t.latency, 5 * MS);
	assert_int_equal(t.min_granularity, MS);
	assert_int_equal(t.wakeup_granularity, MS);
	sim_exit();
}

/* Two hogs on one CPU switch every slice: 10 ms (12 at the tick) on
 * 2.6.30, 2.5 ms (4) on 2.6.32. */
static unsigned long switches(const char *profile)
{
	struct sim_config cfg = profile_config(profile, 1, 250);
	struct task_struct *a, *b;
	unsigned long n;

	sim_init(&cfg);
	a = kthread_run(hog_whole, NULL, "a", DEFAULT_PRIO);
	b = kthread_run(hog_whole, NULL, "b", DEFAULT_PRIO);
	sim_run(NSEC_PER_SEC);
	n = a->nr_preemptions + b->nr_preemptions;
	sim_exit();
	return n;
}

static void test_versions_slices(void **state)
{
	unsigned long n30 = switches("2.6.30"), n32 = switches("2.6.32-rc6");

	(void)state;
	assert_true(n30 >= 1000 / 12 - 2 && n30 <= 1000 / 12 + 2);
	assert_true(n32 >= 1000 / 4 - 2 && n32 <= 1000 / 4 + 2);
}

/*
 * The sleeper credit: a task that slept long wakes beside a hog (vruntime
 * V) to 10 ms of work.  2.6.30's credit, a whole sched_latency (20 ms),
 * puts it at V - 20 ms: it runs its 10 ms through.  2.6.32's, half of
 * 5 ms, puts it at V - 2.5 ms: its slice (2.5 ms) ends at the 4 ms tick
 * with its vruntime at V + 1.5, the hog runs to the next tick, and so on:
 * 4 ms of work, 4 of the hog's, 4, 4, the last 2: done after 18 ms (a
 * whole 5 ms credit would give 8, 4, 2: 14 ms).
 */
static sim_time_t burst_took;

static void long_sleeper(void *arg)
{
	sim_time_t start;

	(void)arg;
	set_current_state(TASK_UNINTERRUPTIBLE);
	schedule_timeout(HZ);
	start = sim_now();
	cpu_consume(10 * MS);
	burst_took = sim_now() - start;
}

static sim_time_t burst(const char *profile)
{
	struct sim_config cfg = profile_config(profile, 1, 250);

	sim_init(&cfg);
	kthread_run(hog_whole, NULL, "hog", DEFAULT_PRIO);
	kthread_run(long_sleeper, NULL, "s", DEFAULT_PRIO);
	sim_run(2 * NSEC_PER_SEC);
	sim_exit();
	return burst_took;
}

static void test_versions_sleeper_credit(void **state)
{
	(void)state;
	assert_int_equal(burst("2.6.30"), 10 * MS);
	assert_int_equal(burst("2.6.32-rc6"), 18 * MS);
}

/* ---- kernel threads' nice ---------------------------------------------- */

static void test_kthread_prio_per_version(void **state)
{
	char err[256];

	(void)state;
	assert_int_equal(profile_parse("2.6.30-0000000-force-highorder",
				       &kprofile, err, sizeof(err)), 0);
	assert_int_equal(kthread_prio(), NICE_TO_PRIO(-5));
	assert_int_equal(profile_parse("2.6.31-0012345-adjust-priority",
				       &kprofile, err, sizeof(err)), 0);
	assert_int_equal(kthread_prio(), NICE_TO_PRIO(-5));
	assert_int_equal(profile_parse("2.6.32-rc6", &kprofile, err,
				       sizeof(err)), 0);
	assert_int_equal(kthread_prio(), DEFAULT_PRIO);
	profile_set_default();
}

static int nice_of(const char *comm)
{
	struct task_struct *p = NULL;

	while ((p = task_next(p)))
		if (!strcmp(p->comm, comm))
			return task_nice(p);
	fail_msg("no task %s", comm);
	return 99;
}

/* The x86 reproduction booted: which threads run at which nice. */
static void boot_and_check(const char *profile, int kthread, const char *flusher)
{
	struct scenario_error serr;
	struct scenario *sc;
	struct machine m;
	char err[256];

	sc = scenario_parse_buffer(scenario_default_x86_text,
				   strlen(scenario_default_x86_text),
				   SCENARIO_DEFAULT_X86_NAME, NULL, &serr);
	assert_non_null(sc);
	if (machine_boot(&m, sc, 1, profile, err, sizeof(err)))
		fail_msg("%s", err);
	sim_run(sim_now() + MS);	/* every thread has started */
	assert_int_equal(nice_of("kswapd0"), kthread);
	assert_int_equal(nice_of("kjournald"), kthread);
	assert_int_equal(nice_of("kcryptd"), kthread);
	assert_int_equal(nice_of("kcryptd_io"), kthread);
	/* pdflush and the flushers set their own nice to 0. */
	assert_int_equal(nice_of(flusher), 0);
	machine_teardown(&m);
	scenario_free(sc);
	profile_set_default();
}

static void test_kernel_threads_nice(void **state)
{
	(void)state;
	boot_and_check("2.6.30-0000000-force-highorder", -5, "pdflush");
	boot_and_check("2.6.31-0000000-force-highorder", -5, "pdflush");
	boot_and_check("2.6.32-rc6-0000000-force-highorder", 0, "bdi-default");
}

/* ---- CPU speed and Hyper-Threading ------------------------------------- */

static sim_time_t done_at[4];

static void worker(void *arg)
{
	uintptr_t i = (uintptr_t)arg;

	/* Tasks 0 and 1 work 60 ms, task 2 30 ms, in 1 ms pieces. */
	for (int n = 0; n < (i == 2 ? 30 : 60); n++)
		cpu_consume(MS);
	done_at[i] = sim_now();
}

static void run_workers(double speed, unsigned int cpus, unsigned int tpc,
			uintptr_t first, uintptr_t last)
{
	struct sim_config cfg = config(cpus, 250);

	cfg.cpu_speed = speed;
	cfg.threads_per_core = tpc;
	cfg.smt_speed = 0.6;
	memset(done_at, 0, sizeof(done_at));
	sim_init(&cfg);
	for (uintptr_t i = first; i <= last; i++)
		kthread_run(worker, (void *)i, "w", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);
	sim_exit();
}

/* Allow the rounding of work to ns at a fractional speed. */
static void assert_near(sim_time_t got, sim_time_t want)
{
	if (got + 100 < want || got > want + 100)
		fail_msg("%llu ns, expected %llu", (unsigned long long)got,
			 (unsigned long long)want);
}

static void test_cpu_speed(void **state)
{
	(void)state;
	run_workers(1, 1, 1, 0, 0);
	assert_int_equal(done_at[0], 60 * MS);
	/* A CPU at half the reference speed takes twice as long. */
	run_workers(0.5, 1, 1, 0, 0);
	assert_int_equal(done_at[0], 120 * MS);
}

static void test_smt_siblings(void **state)
{
	(void)state;
	/* Alone on its core a thread runs at the core's speed. */
	run_workers(1, 2, 2, 0, 0);
	assert_int_equal(done_at[0], 60 * MS);
	/* Two whole cores: in parallel at full speed. */
	run_workers(1, 2, 1, 0, 1);
	assert_int_equal(done_at[0], 60 * MS);
	assert_int_equal(done_at[1], 60 * MS);
	/* Two siblings busy: each at 0.6, 60 ms of work in 100 ms. */
	run_workers(1, 2, 2, 0, 1);
	assert_near(done_at[0], 100 * MS);
	assert_near(done_at[1], 100 * MS);
	/* 30 and 60 ms: both at 0.6 until the first is done at 50 ms; the
	 * other has done 30 ms and does the rest alone, at 1: 80 ms. */
	run_workers(1, 2, 2, 1, 2);
	assert_near(done_at[2], 50 * MS);
	assert_near(done_at[1], 80 * MS);
	/* The speeds multiply. */
	run_workers(0.5, 2, 2, 0, 1);
	assert_near(done_at[0], 200 * MS);
}

/* Interrupt work takes its time at the CPU's speed too. */
static void irq_handler(struct irq_work *w)
{
	(void)w;
	cpu_consume(MS);
}

static void test_irq_at_cpu_speed(void **state)
{
	struct sim_config cfg = config(1, 250);
	struct irq_work w;

	(void)state;
	cfg.cpu_speed = 0.5;
	memset(done_at, 0, sizeof(done_at));
	sim_init(&cfg);
	kthread_run(worker, (void *)(uintptr_t)2, "w", DEFAULT_PRIO);
	irq_work_init(&w, 0, irq_handler, NULL);
	irq_work_queue_at(&w, 10 * MS);
	sim_run((sim_time_t)-1);
	/* 30 ms of work at half speed, delayed by 1 ms of interrupt work
	 * at half speed. */
	assert_int_equal(done_at[2], 62 * MS);
	assert_int_equal(sim_cpu_busy(0), 62 * MS);
	sim_exit();
}

/* ---- where the time goes ------------------------------------------------ */

/* What the diarist saw of its own sleeps, to check the classes with. */
static sim_time_t diary_congestion, diary_reclaim_sleep, diary_sleep;

static sim_time_t timed_sleep(long jiffies_)
{
	sim_time_t t0 = sim_now();

	set_current_state(TASK_UNINTERRUPTIBLE);
	schedule_timeout(jiffies_);
	return sim_now() - t0;
}

/* 10 ms of work, a congestion_wait-like sleep, 5 ms of direct reclaim
 * with a plain sleep inside, then a plain sleep. */
static void diarist(void *arg)
{
	enum task_time old;

	(void)arg;
	cpu_consume(10 * MS);
	old = task_time_enter(TT_CONGESTION);
	diary_congestion = timed_sleep(2);
	task_time_exit(old);
	old = task_time_enter(TT_RECLAIM);
	cpu_consume(5 * MS);
	diary_reclaim_sleep = timed_sleep(1);
	task_time_exit(old);
	diary_sleep = timed_sleep(3);
}

static sim_time_t sum_times(const sim_time_t t[NR_TASK_TIME])
{
	sim_time_t s = 0;

	for (int i = 0; i < NR_TASK_TIME; i++)
		s += t[i];
	return s;
}

/*
 * Every ns of a task's life in exactly one class: on one CPU shared with
 * a hog and hit by an interrupt, the diarist's classes add up to its
 * life, each sleep lands in the class its site set (the one inside
 * "reclaim" with no class of its own in reclaim), its work in cpu or
 * reclaim, and the rest is the wait for the CPU; the hog, still running,
 * adds up to its life so far.
 */
static void test_time_partition(void **state)
{
	struct sim_config cfg = config(1, 250);
	struct task_struct *d, *h;
	sim_time_t t[NR_TASK_TIME];
	struct irq_work w;

	(void)state;
	sim_init(&cfg);
	h = kthread_run(hog_piecewise, NULL, "hog", DEFAULT_PRIO);
	d = kthread_run(diarist, NULL, "diarist", DEFAULT_PRIO);
	irq_work_init(&w, 0, irq_handler, NULL);
	irq_work_queue_at(&w, 7 * MS);
	sim_run(400 * MS);

	assert_int_equal(d->state, TASK_DEAD);
	task_time_breakdown(d, t);
	assert_int_equal(sum_times(t), d->exit_time - d->start_time);
	assert_int_equal(t[TT_CPU], 10 * MS);
	assert_int_equal(t[TT_CONGESTION], diary_congestion);
	assert_int_equal(t[TT_RECLAIM], 5 * MS + diary_reclaim_sleep);
	assert_int_equal(t[TT_SLEEP], diary_sleep);
	assert_true(diary_congestion > 0 && diary_sleep > 0);
	/* Sharing the CPU with the hog, it waited. */
	assert_true(t[TT_RUNQUEUE] > 5 * MS);
	assert_int_equal(t[TT_SWAPIN] + t[TT_FILE_READ] + t[TT_PAGE_WAIT] +
			 t[TT_REQUEST] + t[TT_MEMPOOL] + t[TT_THROTTLE], 0);

	task_time_breakdown(h, t);
	assert_int_equal(sum_times(t), sim_now() - h->start_time);
	/* The CPU was never idle: the interrupt's 1 ms and the diarist's
	 * 15 ms are the rest of the hog's life. */
	assert_int_equal(t[TT_CPU] + 15 * MS + MS, sim_now());
	assert_int_equal(sim_cpu_busy(0), sim_now());
	sim_exit();
}

/* ---- placement and balance ------------------------------------------------ */

/*
 * The tests below set the engine's switches directly (struct
 * sched_tunables, zero being 2.6.32-rc6's) and derive each placement by
 * hand from kernel/sched_fair.c's formulas.  Loads are in prio_to_weight[]
 * units (nice 0: 1024, nice -5: 3121); the x86-64 machine's MC domain
 * (imbalance_pct 125: wake_affine() and fork balancing allow 112%).
 *
 * New tasks made at boot (no task forking: the boot CPU, 0) are placed by
 * fork balancing (find_idlest_group(): another CPU unless this one's load
 * is under 112% of the idlest's; find_idlest_cpu()): on idle CPUs the
 * first goes to CPU 1 (0 is not under 112% of 0), the next to CPU 0 if
 * CPU 1's load now beats it.
 */

/* Works @arg % 1000 ms in 1 ms pieces, done_at[@arg / 1000]. */
static void worker_ms(void *arg)
{
	uintptr_t v = (uintptr_t)arg;

	for (uintptr_t n = 0; n < v % 1000; n++)
		cpu_consume(MS);
	done_at[v / 1000] = sim_now();
}

static struct task_struct *sleeper_task, *waker_curr;
static struct wait_queue_head sleeper_wq;
static int landed;		/* where the sleeper woke */
static bool sync_wake;

/* Sleeps until woken, notes its CPU, then works forever. */
static void sleeper(void *arg)
{
	DEFINE_WAIT(wait);

	(void)arg;
	prepare_to_wait(&sleeper_wq, &wait, TASK_INTERRUPTIBLE);
	schedule();
	finish_wait(&sleeper_wq, &wait);
	landed = smp_processor_id();
	hog_whole(NULL);
}

/* The same, after forking a hog onto its own CPU. */
static void sleeper_forking(void *arg)
{
	kthread_run(hog_whole, NULL, "hog", DEFAULT_PRIO);
	sleeper(arg);
}

/* An interrupt wakes the sleeper: a socket's (sync) or a plain one. */
static void wake_irq(struct irq_work *w)
{
	(void)w;
	waker_curr = current;
	if (sync_wake)
		wake_up_interruptible_sync(&sleeper_wq);
	else
		wake_up_interruptible(&sleeper_wq);
}

static struct sim_config placement_config(unsigned int cpus,
					  enum sim_wake_placement wp)
{
	struct sim_config cfg = config(cpus, 250);

	cfg.sched.wake_placement = wp;
	return cfg;
}

/*
 * Case A, 2 CPUs: the sleeper (made first: CPU 1) sleeps at once; a hog
 * (CPU 0: 0 is under 112% of CPU 1's 1024) runs on CPU 0.  At 10 ms an
 * interrupt on CPU 0, the hog under it, wakes the sleeper, whose CPU 1
 * idles.  Sync (a socket): wake_affine() takes the interrupted hog's
 * weight off CPU 0: this_load 1024 - 1024 = 0, load (CPU 1) 0.
 *   2.6.30/31: balanced is 100 * (0 + 1024) <= 112 * 0, false; but
 *     this_load <= load and this_load + target_load(prev) = 0 <= CPU 0's
 *     load per task 1024: affine, CPU 0.
 *   rc6: !this_load: affine, CPU 0.
 *   2.6.32.2 (c2f19532): the MC domain prefers siblings, CPU 1 has no
 *     CFS task: the affine target is CPU 1, and wake_affine() holds: CPU 1.
 * Not sync: this_load 1024: 100 * 2048 <= 0 fails, 1024 <= 0 fails, and
 * 2.6.30's passive balance 112 * 1024 <= 100 * 0 too: CPU 1 in all.
 */
static int wake_case_a(enum sim_wake_placement wp, bool sync)
{
	struct sim_config cfg = placement_config(2, wp);
	struct irq_work w;

	landed = -1;
	sync_wake = sync;
	init_waitqueue_head(&sleeper_wq);
	sim_init(&cfg);
	sleeper_task = kthread_run(sleeper, NULL, "sleeper", DEFAULT_PRIO);
	kthread_run(hog_whole, NULL, "hog", DEFAULT_PRIO);
	irq_work_init(&w, 0, wake_irq, NULL);
	irq_work_queue_at(&w, 10 * MS);
	sim_run(11 * MS);
	assert_non_null(waker_curr);
	assert_string_equal(waker_curr->comm, "hog");
	sim_exit();
	return landed;
}

/*
 * Case B, 4 CPUs: the brief's busy previous CPU.  At boot the sleeper
 * goes to CPU 1, hogs a, b to CPUs 2 and 3 (each the first idle one after
 * the loaded ones), a short task c to CPU 0 (all others at 1024).  The
 * sleeper forks a hog onto its own CPU (this_load 1024 is under 112% of
 * every other's 1024) and sleeps; c is done at 5 ms and CPU 0 idles (it
 * finds nothing to pull: every other CPU has one task).  At 10 ms an
 * interrupt on CPU 2, under hog a, wakes the sleeper, sync:
 *   this_load 1024 - 1024 = 0, load (CPU 1, the forked hog) 1024.
 *   2.6.30/31: 100 * (0 + 1024) <= 112 * 1024: affine, CPU 2.
 *   rc6: !this_load: CPU 2.
 *   2.6.32.2: CPU 1 has a CFS task; the first CPU of the domain without
 *     one is CPU 0: the target, and wake_affine() holds: CPU 0.
 */
static int wake_case_b(enum sim_wake_placement wp)
{
	struct sim_config cfg = placement_config(4, wp);
	struct irq_work w;

	landed = -1;
	sync_wake = true;
	memset(done_at, 0, sizeof(done_at));
	init_waitqueue_head(&sleeper_wq);
	sim_init(&cfg);
	sleeper_task = kthread_run(sleeper_forking, NULL, "sleeper", DEFAULT_PRIO);
	kthread_run(hog_whole, NULL, "a", DEFAULT_PRIO);
	kthread_run(hog_whole, NULL, "b", DEFAULT_PRIO);
	kthread_run(worker_ms, (void *)(uintptr_t)(1000 + 5), "c", DEFAULT_PRIO);
	irq_work_init(&w, 2, wake_irq, NULL);
	irq_work_queue_at(&w, 10 * MS);
	sim_run(11 * MS);
	assert_int_equal(done_at[1], 5 * MS);
	assert_string_equal(waker_curr->comm, "a");
	sim_exit();
	return landed;
}

/*
 * Case C, 2 CPUs, SD_WAKE_BALANCE: at boot a nice -5 sleeper (3121) goes
 * to CPU 1, three hogs to CPU 0 (0, then 1024 and 2048, under 112% of
 * 3121).  The sleeper sleeps at once and idle CPU 1 pulls (newidle, rc6's
 * default here): imbalance min(3072 - 1536, 1536 - 0) = 1536, the newest
 * first: the third hog (1024), then the second (512 <= 512 left): CPU 0
 * keeps one hog, CPU 1 has two.  At 10 ms an interrupt on CPU 0 wakes the
 * sleeper, not sync: this_load 1024, load 2048.
 *   wake_affine(): 100 * (1024 + 3121) <= 112 * 2048 fails, and
 *   1024 + 2048 <= 1024 (CPU 0's load per task) too.
 *   2.6.30/31's passive balance: 112 * 1024 <= 100 * 2048: CPU 0.
 *   rc6 and 2.6.32.2 (no CPU without a CFS task): prev, CPU 1.
 */
static int wake_case_c(enum sim_wake_placement wp)
{
	struct sim_config cfg = placement_config(2, wp);
	struct irq_work w;

	landed = -1;
	sync_wake = false;
	init_waitqueue_head(&sleeper_wq);
	sim_init(&cfg);
	sleeper_task = kthread_run(sleeper, NULL, "sleeper", NICE_TO_PRIO(-5));
	kthread_run(hog_whole, NULL, "h1", DEFAULT_PRIO);
	kthread_run(hog_whole, NULL, "h2", DEFAULT_PRIO);
	kthread_run(hog_whole, NULL, "h3", DEFAULT_PRIO);
	irq_work_init(&w, 0, wake_irq, NULL);
	irq_work_queue_at(&w, 10 * MS);
	sim_run(11 * MS);
	assert_string_equal(waker_curr->comm, "h1");
	sim_exit();
	return landed;
}

static void test_wake_placement(void **state)
{
	(void)state;
	assert_int_equal(wake_case_a(SIM_WAKE_AFFINE_BALANCE, true), 0);
	assert_int_equal(wake_case_a(SIM_WAKE_AFFINE, true), 0);
	assert_int_equal(wake_case_a(SIM_WAKE_AFFINE_IDLE, true), 1);
	assert_int_equal(wake_case_a(SIM_WAKE_AFFINE_BALANCE, false), 1);
	assert_int_equal(wake_case_a(SIM_WAKE_AFFINE, false), 1);
	assert_int_equal(wake_case_a(SIM_WAKE_AFFINE_IDLE, false), 1);
	assert_int_equal(wake_case_b(SIM_WAKE_AFFINE_BALANCE), 2);
	assert_int_equal(wake_case_b(SIM_WAKE_AFFINE), 2);
	assert_int_equal(wake_case_b(SIM_WAKE_AFFINE_IDLE), 0);
	assert_int_equal(wake_case_c(SIM_WAKE_AFFINE_BALANCE), 0);
	assert_int_equal(wake_case_c(SIM_WAKE_AFFINE), 1);
	assert_int_equal(wake_case_c(SIM_WAKE_AFFINE_IDLE), 1);
}

/*
 * The MC domain's wake_idx: 2 CPUs, 2.6.30's wake-up rule.  At boot the
 * sleeper goes to CPU 1 and forks a hog there; a 5 ms task runs on CPU 0
 * and is done at 5 ms.  At 6 ms an interrupt on the idle CPU 0 wakes the
 * sleeper (not sync).
 *   wake_idx 0, the loads now: this_load 0, load 1024:
 *     100 * (0 + 1024) <= 112 * 1024: affine, CPU 0.
 *   wake_idx 1, cpu_load[0], the loads at the 4 ms tick, 1024 on both:
 *     this_load = max(1024, 0), load = min(1024, 1024): 100 * 2048 <=
 *     112 * 1024 fails, 1024 + 1024 <= 0 (CPU 0's load per task) fails,
 *     and the passive balance 112 * 1024 <= 100 * 1024 too: CPU 1.
 * (Fork balancing reads forkexec_idx, the same switch: at boot every
 * cpu_load[] is 0 and both indexes place as above.)
 */
static int wake_idx_case(unsigned int idx)
{
	struct sim_config cfg = placement_config(2, SIM_WAKE_AFFINE_BALANCE);
	struct irq_work w;

	cfg.sched.mc_wake_idx = idx;
	landed = -1;
	sync_wake = false;
	memset(done_at, 0, sizeof(done_at));
	init_waitqueue_head(&sleeper_wq);
	sim_init(&cfg);
	sleeper_task = kthread_run(sleeper_forking, NULL, "sleeper", DEFAULT_PRIO);
	kthread_run(worker_ms, (void *)(uintptr_t)(1000 + 5), "t", DEFAULT_PRIO);
	irq_work_init(&w, 0, wake_irq, NULL);
	irq_work_queue_at(&w, 6 * MS);
	sim_run(7 * MS);
	assert_int_equal(done_at[1], 5 * MS);
	assert_null(waker_curr);
	sim_exit();
	return landed;
}

static void test_wake_idx(void **state)
{
	(void)state;
	assert_int_equal(wake_idx_case(0), 0);
	assert_int_equal(wake_idx_case(1), 1);
}

/*
 * Newidle balancing on the MC domain: 2 CPUs, a 10 ms task w (CPU 1), two
 * hogs (CPU 0: 0 under 112% of 1024, then 1024 not under 112% of 1024).
 * At 10 ms w is done.  With SD_BALANCE_NEWIDLE on MC (rc6) CPU 1 pulls
 * the waiting hog at once (it last ran 2 ms before, at the 8 ms tick that
 * ended its slice: cold); without (2.6.30/31: SMT only) it idles until
 * its periodic balance at the 12 ms tick.  CPU 1 busy by 20 ms: 20 ms,
 * or 10 + 8.
 */
static sim_time_t newidle_case(bool smt_only)
{
	struct sim_config cfg = config(2, 250);
	sim_time_t busy;

	cfg.sched.newidle_smt_only = smt_only;
	memset(done_at, 0, sizeof(done_at));
	sim_init(&cfg);
	kthread_run(worker_ms, (void *)(uintptr_t)(1000 + 10), "w", DEFAULT_PRIO);
	kthread_run(hog_whole, NULL, "h1", DEFAULT_PRIO);
	kthread_run(hog_whole, NULL, "h2", DEFAULT_PRIO);
	sim_run(20 * MS);
	assert_int_equal(done_at[1], 10 * MS);
	busy = sim_cpu_busy(1);
	assert_int_equal(sim_cpu_busy(0), 20 * MS);
	sim_exit();
	return busy;
}

static void test_idle_cpu_pulls(void **state)
{
	(void)state;
	assert_int_equal(newidle_case(false), 20 * MS);
	assert_int_equal(newidle_case(true), 18 * MS);
}

/*
 * 2.6.32.2's newidle rate limit: 2 CPUs.  At boot x, which exits at once,
 * goes to CPU 1, two hogs to CPU 0 (0, then 1024 against x's 1024) and p
 * to CPU 1 (2048 is not under 112% of 1024).  An interrupt on CPU 1
 * wakes p every 100 us and p works 10 us: CPU 1 idles 90 us at a time.
 * The hogs sleep until the 4 ms tick and wake on CPU 0 (a timer: the
 * waking CPU is their own).  Each of CPU 1's idle periods before then
 * moves avg_idle 1/8 of the way from 1 ms towards 90 us: after 39 of them
 * it is under 0.1 ms, below the 0.5 ms migration cost.  So with the limit
 * CPU 1 does not balance on going idle and both hogs stay on CPU 0 until
 * CPU 1's periodic balance at the next tick, 8 ms; without it, CPU 1
 * pulls one (cold: it never ran) the first time p sleeps after 4 ms.
 */
static struct task_struct *pinger_p;
static unsigned long pings;

static void pinged(void *arg)
{
	(void)arg;
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		schedule();
		cpu_consume(10 * NSEC_PER_USEC);
	}
}

static void ping_irq(struct irq_work *w)
{
	pings++;
	wake_up_process(pinger_p);
	irq_work_queue_at(w, sim_now() + 100 * NSEC_PER_USEC);
}

static void napping_hog(void *arg)
{
	(void)arg;
	set_current_state(TASK_UNINTERRUPTIBLE);
	schedule_timeout(1);
	hog_whole(NULL);
}

static int rate_limit_case(bool limit)
{
	struct sim_config cfg = config(2, 250);
	struct task_struct *h1, *h2;
	struct irq_work w;
	int on_cpu1;

	cfg.sched.newidle_rate_limit = limit;
	pings = 0;
	sim_init(&cfg);
	kthread_run(worker_ms, (void *)(uintptr_t)0, "x", DEFAULT_PRIO);
	h1 = kthread_run(napping_hog, NULL, "h1", DEFAULT_PRIO);
	h2 = kthread_run(napping_hog, NULL, "h2", DEFAULT_PRIO);
	pinger_p = kthread_run(pinged, NULL, "p", DEFAULT_PRIO);
	irq_work_init(&w, 1, ping_irq, NULL);
	irq_work_queue_at(&w, 100 * NSEC_PER_USEC);
	sim_run(7900 * NSEC_PER_USEC);
	assert_int_equal(pings, 79);
	assert_int_equal(pinger_p->cpu, 1);
	on_cpu1 = (h1->cpu == 1) + (h2->cpu == 1);
	sim_exit();
	return on_cpu1;
}

static void test_newidle_rate_limit(void **state)
{
	(void)state;
	assert_int_equal(rate_limit_case(false), 1);
	assert_int_equal(rate_limit_case(true), 0);
}

/*
 * The buddies, on one CPU at HZ 1000 (slices end at the millisecond
 * tick after them).  A probe interrupt every 100 us waits for a moment
 * when curr, a hog, is ahead of the leftmost waiter by 0.1 to 0.9 ms
 * (less than wakeup_granularity, 1 ms), and wakes w then; w, placed half
 * a sched_latency (2.5 ms) before min_vruntime, preempts curr at once
 * and exits after 200 us.  Who gets the CPU then:
 *   NEXT_LAST (2.6.30/31): the wake-up made curr the last buddy, kept as
 *     w (the next buddy) was picked: within a granularity of the
 *     leftmost, it is picked back.
 *   LAST (rc6): the last buddy was looked at and dropped when w was
 *     picked: the leftmost.
 *   LAST_SCALED (f685ceac): the last buddy is set only on a queue of
 *     sched_nr_latency (5) tasks or more: with 1 hog beside curr the
 *     leftmost, with 4 (6 tasks with w) curr again.
 */
static struct task_struct *buddy_w, *buddy_prev, *buddy_left, *buddy_next;
static sim_time_t buddy_woke;

static void buddy_probe(struct irq_work *iw)
{
	struct task_struct *curr = current, *p = NULL, *left = NULL;

	if (buddy_woke) {
		if (sim_now() >= buddy_woke + 300 * NSEC_PER_USEC) {
			buddy_next = curr;
			return;
		}
	} else if (curr && curr != buddy_w && sim_now() > 20 * MS) {
		while ((p = task_next(p)))
			if (p->on_rq && (!left || p->vruntime < left->vruntime))
				left = p;
		if (left && curr->vruntime > left->vruntime + 100 * NSEC_PER_USEC &&
		    curr->vruntime < left->vruntime + 900 * NSEC_PER_USEC) {
			buddy_prev = curr;
			buddy_left = left;
			buddy_woke = sim_now();
			wake_up_process(buddy_w);
		}
	}
	irq_work_queue_at(iw, sim_now() + 100 * NSEC_PER_USEC);
}

static void buddy_wakee(void *arg)
{
	(void)arg;
	set_current_state(TASK_UNINTERRUPTIBLE);
	schedule();
	cpu_consume(200 * NSEC_PER_USEC);
}

/* true: the preempted curr got the CPU back. */
static bool buddy_case(enum sim_buddies b, int hogs)
{
	struct sim_config cfg = config(1, 1000);
	struct irq_work w;

	cfg.sched.buddies = b;
	buddy_woke = 0;
	buddy_next = buddy_prev = buddy_left = NULL;
	sim_init(&cfg);
	for (int i = 0; i < hogs; i++)
		kthread_run(hog_piecewise, NULL, "hog", DEFAULT_PRIO);
	buddy_w = kthread_run(buddy_wakee, NULL, "w", DEFAULT_PRIO);
	irq_work_init(&w, 0, buddy_probe, NULL);
	irq_work_queue_at(&w, 100 * NSEC_PER_USEC);
	sim_run(200 * MS);
	assert_true(buddy_woke > 0);
	assert_non_null(buddy_next);
	assert_true(buddy_next == buddy_prev || buddy_next == buddy_left);
	sim_exit();
	return buddy_next == buddy_prev;
}

static void test_buddies(void **state)
{
	(void)state;
	assert_true(buddy_case(SIM_BUDDIES_NEXT_LAST, 2));
	assert_false(buddy_case(SIM_BUDDIES_LAST, 2));
	assert_false(buddy_case(SIM_BUDDIES_LAST_SCALED, 2));
	assert_true(buddy_case(SIM_BUDDIES_NEXT_LAST, 5));
	assert_false(buddy_case(SIM_BUDDIES_LAST, 5));
	assert_true(buddy_case(SIM_BUDDIES_LAST_SCALED, 5));
}

/*
 * f685ceac's tick-time check, one CPU at HZ 1000 (2.6.32's 5/1/1 ms):
 * a hog b runs; s sleeps 10 ms and wakes at the 10 ms tick placed 2.5 ms
 * (half of sched_latency) before b, preempts it and computes.  Its slice
 * is 2.5 ms: at the 11 and 12 ms ticks it has run less, and it is behind
 * b (vruntime 1.5 and 0.5 ms less); at 13 ms its 3 ms exceed the slice
 * and b runs.  f685ceac's check (curr.vruntime - leftmost's >
 * ideal_runtime once min_granularity has run) compares an s64 with an
 * unsigned long: on a 64-bit kernel a negative difference passes, s is
 * rescheduled at 11 and 12 ms, picked again (still the leftmost), which
 * restarts its slice: 1 ms at 13 and 2 at 14, less than 2.5: b runs from
 * 15 ms.  Who holds the CPU at 14 ms?
 */
static char tick_seen[16];

static void tick_probe(struct irq_work *w)
{
	(void)w;
	snprintf(tick_seen, sizeof(tick_seen), "%s", current ? current->comm : "idle");
}

static void late_hog(void *arg)
{
	(void)arg;
	set_current_state(TASK_UNINTERRUPTIBLE);
	schedule_timeout(10);
	hog_whole(NULL);
}

static const char *tick_case(enum sim_buddies b, bool lp64)
{
	struct sim_config cfg = config(1, 1000);
	struct irq_work w;

	cfg.sched.buddies = b;
	cfg.lp64 = lp64;
	tick_seen[0] = 0;
	sim_init(&cfg);
	kthread_run(hog_whole, NULL, "b", DEFAULT_PRIO);
	kthread_run(late_hog, NULL, "s", DEFAULT_PRIO);
	irq_work_init(&w, 0, tick_probe, NULL);
	irq_work_queue_at(&w, 14 * MS + 500 * NSEC_PER_USEC);
	sim_run(15 * MS);
	sim_exit();
	return tick_seen;
}

static void test_tick_lag_check(void **state)
{
	(void)state;
	assert_string_equal(tick_case(SIM_BUDDIES_LAST, false), "b");
	assert_string_equal(tick_case(SIM_BUDDIES_LAST, true), "b");
	assert_string_equal(tick_case(SIM_BUDDIES_LAST_SCALED, false), "b");
	assert_string_equal(tick_case(SIM_BUDDIES_LAST_SCALED, true), "s");
}

/* Each profile's switches reach the engine. */
static void test_versions_placement(void **state)
{
	struct sim_config cfg;

	(void)state;
	cfg = profile_config("2.6.30", 4, 250);
	assert_int_equal(cfg.sched.wake_placement, SIM_WAKE_AFFINE_BALANCE);
	assert_true(cfg.sched.newidle_smt_only);
	assert_int_equal(cfg.sched.mc_wake_idx, 1);
	assert_int_equal(cfg.sched.buddies, SIM_BUDDIES_NEXT_LAST);
	assert_false(cfg.sched.newidle_rate_limit);
	cfg = profile_config("2.6.31", 4, 250);
	assert_int_equal(cfg.sched.wake_placement, SIM_WAKE_AFFINE_BALANCE);
	assert_true(cfg.sched.newidle_smt_only);
	cfg = profile_config("2.6.32-rc6", 4, 250);
	assert_int_equal(cfg.sched.wake_placement, SIM_WAKE_AFFINE);
	assert_false(cfg.sched.newidle_smt_only);
	assert_int_equal(cfg.sched.mc_wake_idx, 0);
	assert_int_equal(cfg.sched.buddies, SIM_BUDDIES_LAST);
	assert_false(cfg.sched.newidle_rate_limit);
	cfg = profile_config("2.6.32", 4, 250);
	assert_int_equal(cfg.sched.wake_placement, SIM_WAKE_AFFINE);
	assert_int_equal(cfg.sched.buddies, SIM_BUDDIES_LAST_SCALED);
	assert_false(cfg.sched.newidle_rate_limit);
	cfg = profile_config("2.6.32.9", 4, 250);
	assert_int_equal(cfg.sched.wake_placement, SIM_WAKE_AFFINE_IDLE);
	assert_int_equal(cfg.sched.buddies, SIM_BUDDIES_LAST_SCALED);
	assert_true(cfg.sched.newidle_rate_limit);
}

/* ---- determinism -------------------------------------------------------- */

static char trace[8192];

static void walker(void *arg)
{
	(void)arg;
	for (int i = 0; i < 30; i++) {
		size_t len;

		set_current_state(TASK_UNINTERRUPTIBLE);
		schedule_timeout((long)prandom_below(5));
		cpu_consume(prandom_below(6 * MS) + 1);
		len = strlen(trace);
		snprintf(trace + len, sizeof(trace) - len, "%s%d@%llu/%d ",
			 current->comm, i, (unsigned long long)sim_now(),
			 smp_processor_id());
	}
}

static void run_walkers(uint64_t seed, char *out, size_t len)
{
	struct sim_config cfg = config(2, 250);

	cfg.seed = seed;
	cfg.threads_per_core = 2;
	cfg.cpu_speed = 0.77;
	cfg.smt_speed = 0.6;
	trace[0] = 0;
	sim_init(&cfg);
	for (int i = 0; i < 5; i++) {
		char name[16];

		snprintf(name, sizeof(name), "w%d", i);
		kthread_run(walker, NULL, name, NICE_TO_PRIO(i * 3 - 6));
	}
	kthread_run(hog_piecewise, NULL, "hog", DEFAULT_PRIO);
	sim_run(2 * NSEC_PER_SEC);
	snprintf(out, len, "%s", trace);
	sim_exit();
}

static void test_same_seed_same_schedule(void **state)
{
	static char a[8192], b[8192], c[8192];

	(void)state;
	run_walkers(7, a, sizeof(a));
	run_walkers(7, b, sizeof(b));
	run_walkers(8, c, sizeof(c));
	assert_true(strlen(a) > 500);
	assert_string_equal(a, b);
	assert_string_not_equal(a, c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_weights_share_one_cpu),
		cmocka_unit_test(test_weights_share_one_cpu_by_ticks),
		cmocka_unit_test(test_set_user_nice),
		cmocka_unit_test(test_wakeup_preempts_hog),
		cmocka_unit_test(test_light_wakee_waits),
		cmocka_unit_test(test_min_granularity),
		cmocka_unit_test(test_versions_tunables),
		cmocka_unit_test(test_versions_slices),
		cmocka_unit_test(test_versions_sleeper_credit),
		cmocka_unit_test(test_kthread_prio_per_version),
		cmocka_unit_test(test_kernel_threads_nice),
		cmocka_unit_test(test_cpu_speed),
		cmocka_unit_test(test_smt_siblings),
		cmocka_unit_test(test_irq_at_cpu_speed),
		cmocka_unit_test(test_time_partition),
		cmocka_unit_test(test_idle_cpu_pulls),
		cmocka_unit_test(test_wake_placement),
		cmocka_unit_test(test_wake_idx),
		cmocka_unit_test(test_newidle_rate_limit),
		cmocka_unit_test(test_buddies),
		cmocka_unit_test(test_tick_lag_check),
		cmocka_unit_test(test_versions_placement),
		cmocka_unit_test(test_same_seed_same_schedule),
	};

	return cmocka_run_group_tests_name("sched", tests, NULL, NULL);
}
