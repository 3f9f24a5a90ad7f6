// SPDX-License-Identifier: GPL-2.0
/*
 * call_rcu() with a grace period of one tick (linux/rcupdate.h): each
 * CPU's callbacks, in the order queued, run from an interrupt on that CPU
 * at the next jiffy boundary (the kernel's RCU_SOFTIRQ, rcu_do_batch).
 */
#include <stdlib.h>
#include "linux/kernel.h"
#include "linux/rcupdate.h"

struct rcu_data {
	struct rcu_head *head;
	struct rcu_head **tail;
	struct irq_work work;
};

static struct rcu_data *rcu_data;
static unsigned int rcu_nr_cpus;
static unsigned long rcu_nr_pending;

static void rcu_do_batch(struct irq_work *w)
{
	struct rcu_data *rdp = w->data;
	struct rcu_head *list = rdp->head;

	rdp->head = NULL;
	rdp->tail = &rdp->head;
	while (list) {
		struct rcu_head *next = list->next;

		rcu_nr_pending--;
		list->func(list);
		list = next;
	}
}

void call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *head))
{
	struct rcu_data *rdp = &rcu_data[(unsigned int)smp_processor_id() %
					 rcu_nr_cpus];

	head->func = func;
	head->next = NULL;
	*rdp->tail = head;
	rdp->tail = &head->next;
	rcu_nr_pending++;
	if (!timer_pending(&rdp->work.timer))
		irq_work_queue_at(&rdp->work, jiffies_to_ns(jiffies + 1));
}

unsigned long rcu_pending_callbacks(void)
{
	return rcu_nr_pending;
}

void rcu_init(void)
{
	free(rcu_data);
	rcu_nr_cpus = sim_nr_cpus() ? sim_nr_cpus() : 1;
	rcu_data = calloc(rcu_nr_cpus, sizeof(*rcu_data));
	BUG_ON(!rcu_data);
	for (unsigned int cpu = 0; cpu < rcu_nr_cpus; cpu++) {
		struct rcu_data *rdp = &rcu_data[cpu];

		rdp->tail = &rdp->head;
		irq_work_init(&rdp->work, (int)cpu, rcu_do_batch, rdp);
		/* Freeing memory wakes nobody. */
		rdp->work.timer.deferrable = true;
	}
	rcu_nr_pending = 0;
}
