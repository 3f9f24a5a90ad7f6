/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A network receive path: a remote sender paced at a bandwidth limit (rsync
 * --bwlimit on the far side) on the wire of the machine's network card
 * (the kernel's simnic driver, src/kernel/drivers/net/simnic.c, whose RX
 * ring is refilled from softirq context with GFP_ATOMIC socket buffers),
 * and the socket receive queue that a task reads from.
 */
#ifndef MMSIM_NETRX_H
#define MMSIM_NETRX_H

#include <stdbool.h>
#include "sim/sim.h"
#include "mmsim/simnic.h"

struct netrx_params {
	struct simnic_params nic;	/* the card and its socket */
	unsigned int payload;		/* bytes per packet */
	unsigned long bwlimit;		/* sender's bytes per second */
	sim_time_t retransmit_delay;	/* a dropped packet comes again after this */
	int cpu;			/* the CPU taking the card's interrupt */
	unsigned long total_bytes;	/* stop sending after this many; 0: forever */
};

/* The sender's side; the card's own counters are simnic_stats(). */
struct netrx_stats {
	unsigned long throttled;	/* sender held back by the window */
	unsigned long window_probes;	/* the sender's persist timer fired */
};

struct netrx;

void netrx_params_default(struct netrx_params *p);
struct netrx *netrx_create(const struct netrx_params *p);
void netrx_destroy(struct netrx *nx);
/* Fill the ring and start the sender at the current simulated time. */
void netrx_start(struct netrx *nx);
void netrx_stop(struct netrx *nx);
/* Task context: wait up to @timeout jiffies for a packet (NULL on timeout
 * or when the sender is done and the queue empty); @used: its bytes not
 * read before (tcp_recv_skb()). */
struct sk_buff *netrx_recv(struct netrx *nx, long timeout, unsigned int *used);
/* The reader is done with @skb, having copied @copied bytes of it: free
 * its buffer (kfree_skb). */
void netrx_free_skb(struct netrx *nx, struct sk_buff *skb, unsigned int copied);
bool netrx_finished(const struct netrx *nx);
const struct netrx_stats *netrx_stats(const struct netrx *nx);
/* The card the sender sends to (its counters, its socket). */
struct simnic *netrx_nic(const struct netrx *nx);

/* The netrx program (netrx_prog.c): the device a task of program netrx
 * runs, or NULL if @w is not one or has not started; the order of one
 * receive buffer of its card. */
struct workload;
struct netrx *netrx_program_device(const struct workload *w);
unsigned int netrx_program_order(const struct workload *w);

#endif
