/* SPDX-License-Identifier: GPL-2.0 */
/*
 * call_rcu(), as the memory it frees sees it: a callback that runs once a
 * grace period has passed since it was queued (2.6.32 kernel/rcutree.c).
 *
 * [MODEL] A grace period ends at the next tick: the callbacks queued on a
 * CPU run in softirq context on that CPU at the next jiffy boundary.  In
 * TREE_RCU every CPU must pass a quiescent state first, which takes one
 * to a few ticks on a busy machine (longer on an idle NO_HZ one); mmsim
 * takes the shortest.  Nothing but freeing memory is done in callbacks
 * here, so the deadlock detector looks past the pending ones.
 */
#ifndef MMSIM_RCUPDATE_H
#define MMSIM_RCUPDATE_H

struct rcu_head {
	struct rcu_head *next;
	void (*func)(struct rcu_head *head);
};

void call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *head));
/* Callbacks queued and not yet run (tests, the checker). */
unsigned long rcu_pending_callbacks(void);
/* Start of a simulation, after sim_init(): no callbacks, per-CPU state
 * for the machine's CPUs.  A previous one's callbacks are dropped. */
void rcu_init(void);

#endif /* MMSIM_RCUPDATE_H */
