// SPDX-License-Identifier: GPL-2.0
/*
 * The hung task detector, as kernel/hung_task.c of 2.6.30-2.6.32 behaves:
 * khungtaskd sleeps hung_task_timeout_secs, then checks every task in
 * TASK_UNINTERRUPTIBLE; a task whose context switch count is the same as
 * at the previous check has been blocked for at least the timeout (so it
 * is found between one and two timeouts after it went to sleep), and is
 * reported while hung_task_warnings lasts.
 *
 * Simplified: khungtaskd is a deferrable engine timer, not a task, so it
 * takes no pid (the workloads keep theirs), never keeps an otherwise dead
 * machine alive and costs no CPU time.
 */
#include <string.h>
#include "linux/sched.h"

unsigned long sysctl_hung_task_timeout_secs = DEFAULT_HUNG_TASK_TIMEOUT;
unsigned long sysctl_hung_task_warnings = 10;

#define MAX_HUNG_RECORDS 10	/* the warnings allowed at boot */

static struct hung_task_record records[MAX_HUNG_RECORDS];
static size_t nr_records;
static struct timer khungtaskd;
static unsigned long warnings_at_start;
static bool armed;		/* khungtaskd is in this engine's queue */

static void check_hung_task(struct task_struct *t, unsigned long timeout)
{
	unsigned long switch_count = t->nvcsw;
	struct hung_task_record *r;

	/*
	 * A task that never ran was never switched out: 2.6.32 skips it
	 * ("ensure the task has been switched out once").
	 */
	if (!switch_count)
		return;
	if (switch_count != t->last_switch_count) {
		t->last_switch_count = switch_count;
		return;
	}
	if (!sysctl_hung_task_warnings || nr_records >= MAX_HUNG_RECORDS)
		return;
	sysctl_hung_task_warnings--;
	r = &records[nr_records++];
	r->when = sim_now();
	r->timeout = timeout;
	r->pid = t->pid;
	memcpy(r->comm, t->comm, sizeof(r->comm));
	r->blocked_since = t->sleep_start;
	r->wchan = t->wchan;
	r->wchan_line = t->wchan_line;
}

void check_hung_uninterruptible_tasks(unsigned long timeout)
{
	struct task_struct *t = NULL;

	while ((t = task_next(t)))
		if (t->state == TASK_UNINTERRUPTIBLE && task_blocked(t))
			check_hung_task(t, timeout);
}

static void khungtaskd_fn(struct timer *timer)
{
	unsigned long timeout = sysctl_hung_task_timeout_secs;

	if (!timeout)
		return;
	check_hung_uninterruptible_tasks(timeout);
	timer_add(timer, sim_now() + timeout * NSEC_PER_SEC);
}

void hung_task_start(void)
{
	nr_records = 0;
	if (!warnings_at_start)
		warnings_at_start = sysctl_hung_task_warnings;
	sysctl_hung_task_warnings = warnings_at_start;
	timer_init(&khungtaskd, khungtaskd_fn, NULL);
	khungtaskd.deferrable = true;
	armed = true;
	if (sysctl_hung_task_timeout_secs)
		timer_add(&khungtaskd, sim_now() +
			  sysctl_hung_task_timeout_secs * NSEC_PER_SEC);
}

/* Before sim_exit(), which frees the queue the timer is in. */
void hung_task_stop(void)
{
	if (armed)
		timer_del(&khungtaskd);
	armed = false;
}

size_t hung_task_count(void)
{
	return nr_records;
}

const struct hung_task_record *hung_task_get(size_t i)
{
	return i < nr_records ? &records[i] : NULL;
}
