/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A network receive path: a remote sender paced at a bandwidth limit (rsync
 * --bwlimit on the far side), a NIC whose RX ring is refilled from softirq
 * context with GFP_ATOMIC socket buffers (the kernel's net/core/skbuff.c:
 * a head from skbuff_head_cache and kmalloc'ed data, or a small head and
 * a page fragment), and a socket receive queue that a task reads from.
 * With force-highorder every receive buffer is an order-2 allocation, as
 * in the 2009 test.
 */
#ifndef MMSIM_NETRX_H
#define MMSIM_NETRX_H

#include <stdbool.h>
#include "sim/sim.h"
#include "linux/gfp.h"
#include "linux/skbuff.h"

enum netrx_driver {
	NETRX_GENERIC,			/* every failed refill is reported */
	NETRX_IWLAGN,			/* __GFP_NOWARN while > 8 buffers are free */
};

/* How the driver gets a receive buffer. */
enum netrx_rx_buffer {
	/* netdev_alloc_skb(rx_len): kmalloc'ed data (e1000e, iwlagn) */
	NETRX_KMALLOC,
	/* a header skb (e1000e packet split: 128 + NET_IP_ALIGN) and a page
	 * fragment of 2^order pages, alloc_pages(GFP_ATOMIC | __GFP_COMP) */
	NETRX_PAGES,
};

struct netrx_params {
	enum netrx_rx_buffer rx_buffer;
	unsigned int rx_len;		/* NETRX_KMALLOC: bytes asked for */
	unsigned int order;		/* NETRX_PAGES: the fragment's order */
	gfp_t gfp;			/* GFP_ATOMIC */
	unsigned int ring_size;		/* RX descriptors */
	unsigned int payload;		/* bytes per packet */
	unsigned long bwlimit;		/* sender's bytes per second */
	unsigned long rcvbuf;		/* sk_rcvbuf: bytes of skb truesize */
	sim_time_t irq_cost;		/* softirq CPU per packet */
	sim_time_t alloc_cost;		/* softirq CPU per buffer allocated */
	sim_time_t retransmit_delay;	/* a dropped packet comes again after this */
	enum netrx_driver driver;
	int cpu;			/* the CPU taking the NIC interrupt */
	unsigned long total_bytes;	/* stop sending after this many; 0: forever */
};

struct netrx_stats {
	unsigned long packets;		/* delivered to the socket */
	unsigned long bytes;
	unsigned long dropped;		/* ring empty when a packet arrived */
	/* (TCP's drops for lack of receive memory: netrx_sock()'s mib) */
	unsigned long throttled;	/* sender held back by the window */
	unsigned long window_probes;	/* the sender's persist timer fired */
	unsigned long refill_failures;	/* GFP_ATOMIC buffer allocations that failed */
	unsigned long refills;
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
/* The receiving socket: its memory, window and TCP counters. */
struct tcp_sock;
const struct tcp_sock *netrx_sock(const struct netrx *nx);

/* The netrx program (netrx_prog.c): the device a task of program netrx
 * runs, or NULL if @w is not one or has not started; the order of one
 * receive buffer it resolved at start (kmalloc: get_order of the data
 * block; pages: the fragment's). */
struct workload;
struct netrx *netrx_program_device(const struct workload *w);
unsigned int netrx_program_order(const struct workload *w);

#endif
