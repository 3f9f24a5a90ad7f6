// SPDX-License-Identifier: GPL-2.0
/*
 * The CPU model (src/sim/sched.c): CFS's weights, slices, wake-up
 * preemption and sleeper credit, the per-version tunables, kernel
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

/* ---- balance ------------------------------------------------------------ */

/* Works @arg % 1000 ms in 1 ms pieces, done_at[@arg / 1000]. */
static void worker_ms(void *arg)
{
	uintptr_t v = (uintptr_t)arg;

	for (uintptr_t n = 0; n < v % 1000; n++)
		cpu_consume(MS);
	done_at[v / 1000] = sim_now();
}

/*
 * A CPU that goes idle takes a waiting task from a busy one.  On two
 * CPUs a hog and two 60 ms tasks: one 60 ms task has a CPU to itself,
 * the other shares the hog's; when the first is done at 60 ms its CPU
 * pulls whichever of the other two waits, and the second is done near
 * 90 ms, not at 120 ms as it would be sharing the hog's CPU throughout.
 */
static void test_idle_cpu_pulls(void **state)
{
	struct sim_config cfg = config(2, 250);
	struct task_struct *h;

	(void)state;
	memset(done_at, 0, sizeof(done_at));
	sim_init(&cfg);
	h = kthread_run(hog_whole, NULL, "hog", DEFAULT_PRIO);
	kthread_run(worker_ms, (void *)(uintptr_t)(1000 + 60), "a", DEFAULT_PRIO);
	kthread_run(worker_ms, (void *)(uintptr_t)(2000 + 60), "b", DEFAULT_PRIO);
	sim_run(200 * MS);
	assert_true(done_at[1] && done_at[2]);
	assert_true(done_at[1] < 100 * MS && done_at[2] < 100 * MS);
	/* No CPU idled while a task waited: both were busy until the later
	 * of the two was done, then the hog alone had one. */
	assert_int_equal(sim_cpu_busy(0) + sim_cpu_busy(1),
			 200 * MS + (done_at[1] > done_at[2] ? done_at[1] : done_at[2]));
	assert_int_equal(task_sum_exec_runtime(h) + task_wait_time(h), 200 * MS);
	assert_true(task_wait_time(h) > 0);
	sim_exit();
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
		cmocka_unit_test(test_same_seed_same_schedule),
	};

	return cmocka_run_group_tests_name("sched", tests, NULL, NULL);
}
