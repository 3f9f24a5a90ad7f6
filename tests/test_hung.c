// SPDX-License-Identifier: GPL-2.0
/*
 * khungtaskd (kernel/hung_task.c): a task in uninterruptible sleep for a
 * whole hung_task_timeout_secs period is reported in the kern.log as
 * "INFO: task NAME:PID blocked for more than 120 seconds.".
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include "reclaim_harness.h"
#include "linux/sched.h"
#include "report/kern_log.h"
#include "mmsim/kstate.h"

#define RC6 "2.6.32-rc6"

static struct wait_queue_head nobody_wakes;
static bool stop_ticking;

static void unwoken_fn(void *arg)
{
	DEFINE_WAIT(wait);

	prepare_to_wait(&nobody_wakes, &wait, TASK_UNINTERRUPTIBLE);
	schedule();
	finish_wait(&nobody_wakes, &wait);
}

/* Sleeps in short D naps: scheduled all the time, never hung. */
static void ticker_fn(void *arg)
{
	while (!stop_ticking)
		schedule_timeout_uninterruptible(HZ);
}

static int setup(void **state)
{
	harness_boot("x86", 64, 1, RC6, 1);
	init_waitqueue_head(&nobody_wakes);
	stop_ticking = false;
	return 0;
}

static int teardown(void **state)
{
	/* Let the waiter finish before its task goes. */
	stop_ticking = true;
	wake_up(&nobody_wakes);
	sim_run(sim_now() + 2 * NSEC_PER_SEC);
	hung_task_stop();
	sysctl_hung_task_timeout_secs = DEFAULT_HUNG_TASK_TIMEOUT;
	harness_teardown();
	return 0;
}

static char *kern_log(void)
{
	struct kern_log_opts opts = { .timestamps = true };
	struct kstate_log *log = kstate_log_take();
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	kern_log_write_hung_tasks(f, log, &opts);
	fclose(f);
	kstate_log_free(log);
	return text;
}

/*
 * Blocked at 0 s: khungtaskd at 120 s sees its switch count for the first
 * time and remembers it; at 240 s the count is the same: reported, once.
 */
static void test_hung_task_reported_after_two_periods(void **state)
{
	struct task_struct *waiter;
	char *text, want[96];

	waiter = kthread_run(unwoken_fn, NULL, "waiter", DEFAULT_PRIO);
	kthread_run(ticker_fn, NULL, "ticker", DEFAULT_PRIO);
	hung_task_start();
	sim_run(239 * NSEC_PER_SEC);
	assert_int_equal(hung_task_count(), 0);
	sim_run(300 * NSEC_PER_SEC);
	assert_int_equal(hung_task_count(), 1);
	assert_int_equal(hung_task_get(0)->pid, waiter->pid);
	assert_int_equal(hung_task_get(0)->when, 240 * NSEC_PER_SEC);
	assert_string_equal(hung_task_get(0)->wchan, "unwoken_fn");
	text = kern_log();
	snprintf(want, sizeof(want),
		 "[  240.000000] INFO: task waiter:%d blocked for more than 120 seconds.\n",
		 waiter->pid);
	assert_non_null(strstr(text, want));
	assert_non_null(strstr(text, "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" "
			       "disables this message.\n"));
	assert_non_null(strstr(text, "] Call Trace:\n"));
	/* The ticker sleeps in D state too, but is scheduled every second. */
	assert_null(strstr(text, "ticker"));
	free(text);
}

/* hung_task_timeout_secs = 10: found at 20 s; 0: never. */
static void test_hung_task_timeout_is_the_sysctl(void **state)
{
	char *text;

	kthread_run(unwoken_fn, NULL, "waiter", DEFAULT_PRIO);
	kthread_run(ticker_fn, NULL, "ticker", DEFAULT_PRIO);
	sysctl_hung_task_timeout_secs = 10;
	hung_task_start();
	sim_run(25 * NSEC_PER_SEC);
	assert_int_equal(hung_task_count(), 1);
	assert_int_equal(hung_task_get(0)->when, 20 * NSEC_PER_SEC);
	text = kern_log();
	assert_non_null(strstr(text, "blocked for more than 10 seconds."));
	free(text);

	hung_task_stop();
	sysctl_hung_task_timeout_secs = 0;
	hung_task_start();
	sim_run(200 * NSEC_PER_SEC);
	assert_int_equal(hung_task_count(), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_hung_task_reported_after_two_periods,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_hung_task_timeout_is_the_sysctl,
						setup, teardown),
	};

	return cmocka_run_group_tests_name("hung", tests, NULL, NULL);
}
