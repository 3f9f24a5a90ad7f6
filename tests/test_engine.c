// SPDX-License-Identifier: GPL-2.0
/* The engine: event order, timeouts, wait queues, CPU sharing, interrupts. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <stdio.h>
#include <cmocka.h>
#include "sim/sim.h"

static char trace[4096];

static void note(const char *fmt, ...)
{
	size_t len = strlen(trace);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(trace + len, sizeof(trace) - len, fmt, ap);
	va_end(ap);
}

static void setup_sim(unsigned int cpus, uint64_t seed)
{
	struct sim_config cfg = { .hz = 250, .nr_cpus = cpus, .seed = seed };

	trace[0] = 0;
	sim_init(&cfg);
}

static void tick_note(struct timer *t)
{
	note("%s@%llu ", (const char *)t->data, (unsigned long long)sim_now());
}

static void test_same_time_events_run_in_queue_order(void **state)
{
	struct timer a, b, c;

	(void)state;
	setup_sim(1, 1);
	timer_init(&a, tick_note, "a");
	timer_init(&b, tick_note, "b");
	timer_init(&c, tick_note, "c");
	timer_add(&b, 100);
	timer_add(&a, 100);
	timer_add(&c, 50);
	sim_run((sim_time_t)-1);
	assert_string_equal(trace, "c@50 b@100 a@100 ");
	sim_exit();
}

static struct wait_queue_head wq;
static long remaining[4];

static void sleeper(void *arg)
{
	long idx = (long)arg;
	DEFINE_WAIT(wait);

	prepare_to_wait(&wq, &wait, TASK_UNINTERRUPTIBLE);
	remaining[idx] = io_schedule_timeout(HZ / 10);	/* 25 jiffies */
	finish_wait(&wq, &wait);
	note("w%ld@%llu ", idx, (unsigned long long)(sim_now() / NSEC_PER_MSEC));
}

static void waker(struct timer *t)
{
	(void)t;
	wake_up_all(&wq);
}

static void test_wait_queue_timeout_returns_jiffies_left(void **state)
{
	struct timer w;

	(void)state;
	setup_sim(1, 1);
	init_waitqueue_head(&wq);
	kthread_run(sleeper, (void *)0L, "s0", DEFAULT_PRIO);
	sim_run(40 * NSEC_PER_MSEC);	/* 10 jiffies pass */
	kthread_run(sleeper, (void *)1L, "s1", DEFAULT_PRIO);
	timer_init(&w, waker, NULL);
	timer_add(&w, 60 * NSEC_PER_MSEC);	/* jiffy 15 */
	sim_run((sim_time_t)-1);
	/* s0 slept at jiffy 0 for 25, woken at 15: 10 left. s1 slept at
	 * jiffy 10, woken at 15: 20 left. */
	assert_int_equal(remaining[0], 10);
	assert_int_equal(remaining[1], 20);
	/* Non-exclusive waiters queue at the head, as __add_wait_queue:
	 * the later sleeper is woken first. */
	assert_string_equal(trace, "w1@60 w0@60 ");
	sim_exit();
}

static void lone_sleeper(void *arg)
{
	(void)arg;
	set_current_state(TASK_UNINTERRUPTIBLE);
	remaining[2] = schedule_timeout(HZ / 50);
	note("t@%llu ", (unsigned long long)(sim_now() / NSEC_PER_MSEC));
}

static void test_full_timeout_returns_zero(void **state)
{
	(void)state;
	setup_sim(1, 1);
	kthread_run(lone_sleeper, NULL, "s", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);
	assert_int_equal(remaining[2], 0);
	assert_string_equal(trace, "t@20 ");
	sim_exit();
}

static void burner(void *arg)
{
	cpu_consume((sim_time_t)(uintptr_t)arg);
	note("%s@%llu ", current->comm,
	     (unsigned long long)(sim_now() / NSEC_PER_MSEC));
}

static void test_two_tasks_share_one_cpu(void **state)
{
	(void)state;
	setup_sim(1, 1);
	kthread_run(burner, (void *)(uintptr_t)(9 * NSEC_PER_MSEC), "a", DEFAULT_PRIO);
	kthread_run(burner, (void *)(uintptr_t)(9 * NSEC_PER_MSEC), "b", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);
	/*
	 * CFS with the engine's default tunables (2.6.32's on one CPU:
	 * sched_latency 5 ms).  Both are runnable from their fork
	 * (wake_up_new_task()): a, first on the empty queue, at
	 * min_vruntime 0 + a whole 5 ms period (START_DEBIT), b at 0 + half
	 * of it, 2.5 ms, ahead of a by more than wakeup_granularity (1 ms):
	 * b preempts a before a has run.  Each has a 2.5 ms slice, which
	 * the next 4 ms tick (HZ 250) ends: b runs 0-4, a 4-8, b 8-12,
	 * a 12-16, then b its last 1 ms to 17 and a to 18.
	 */
	assert_string_equal(trace, "b@17 a@18 ");
	sim_exit();
}

static void test_two_cpus_run_in_parallel(void **state)
{
	(void)state;
	setup_sim(2, 1);
	kthread_run(burner, (void *)(uintptr_t)(9 * NSEC_PER_MSEC), "a", DEFAULT_PRIO);
	kthread_run(burner, (void *)(uintptr_t)(9 * NSEC_PER_MSEC), "b", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);
	assert_string_equal(trace, "a@9 b@9 ");
	sim_exit();
}

static struct task_struct *seen_current;
static int seen_in_irq;

static void handler(struct irq_work *w)
{
	(void)w;
	seen_current = current;
	seen_in_irq = in_interrupt();
	cpu_consume(2 * NSEC_PER_MSEC);
}

static void test_interrupt_preempts_task(void **state)
{
	struct irq_work w;
	struct task_struct *a;

	(void)state;
	setup_sim(1, 1);
	a = kthread_run(burner, (void *)(uintptr_t)(2 * NSEC_PER_MSEC), "a", DEFAULT_PRIO);
	irq_work_init(&w, 0, handler, NULL);
	irq_work_queue_at(&w, 1 * NSEC_PER_MSEC);
	sim_run((sim_time_t)-1);
	assert_ptr_equal(seen_current, a);
	assert_true(seen_in_irq);
	/* 2 ms of task work, delayed by 2 ms of interrupt work. */
	assert_string_equal(trace, "a@4 ");
	assert_false(in_interrupt());
	sim_exit();
}

static void rt_beats_normal(void **state)
{
	(void)state;
	setup_sim(1, 1);
	kthread_run(burner, (void *)(uintptr_t)(9 * NSEC_PER_MSEC), "n", DEFAULT_PRIO);
	kthread_run(burner, (void *)(uintptr_t)(1 * NSEC_PER_MSEC), "x", DEFAULT_PRIO);
	kthread_run(burner, (void *)(uintptr_t)(1 * NSEC_PER_MSEC), "rt", 50);
	sim_run((sim_time_t)-1);
	/* rt preempts n as it wakes (check_preempt_wakeup); then x, queued
	 * before n went back, and n. */
	assert_string_equal(trace, "rt@1 x@2 n@11 ");
	sim_exit();
}

static void random_walker(void *arg)
{
	(void)arg;
	for (int i = 0; i < 20; i++) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		schedule_timeout((long)prandom_below(10) + 1);
		cpu_consume(prandom_below(5 * NSEC_PER_MSEC));
		note("%s%d@%llu ", current->comm, i, (unsigned long long)sim_now());
	}
}

static void run_walkers(uint64_t seed, char *out, size_t len)
{
	setup_sim(2, seed);
	for (int i = 0; i < 4; i++) {
		char name[16];

		snprintf(name, sizeof(name), "w%d", i);
		kthread_run(random_walker, NULL, name, DEFAULT_PRIO);
	}
	sim_run((sim_time_t)-1);
	snprintf(out, len, "%s", trace);
	sim_exit();
}

static void test_same_seed_same_trace(void **state)
{
	static char a[4096], b[4096], c[4096];

	(void)state;
	run_walkers(42, a, sizeof(a));
	run_walkers(42, b, sizeof(b));
	run_walkers(43, c, sizeof(c));
	assert_true(strlen(a) > 100);
	assert_string_equal(a, b);
	assert_string_not_equal(a, c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_time_events_run_in_queue_order),
		cmocka_unit_test(test_wait_queue_timeout_returns_jiffies_left),
		cmocka_unit_test(test_full_timeout_returns_zero),
		cmocka_unit_test(test_two_tasks_share_one_cpu),
		cmocka_unit_test(test_two_cpus_run_in_parallel),
		cmocka_unit_test(test_interrupt_preempts_task),
		cmocka_unit_test(rt_beats_normal),
		cmocka_unit_test(test_same_seed_same_trace),
	};

	return cmocka_run_group_tests_name("engine", tests, NULL, NULL);
}
