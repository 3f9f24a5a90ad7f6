/* SPDX-License-Identifier: GPL-2.0 */
/*
 * simnic: the simulated machine's network card and its driver
 * (src/kernel/drivers/net/simnic.c).  It stands for what 2.6.32's
 * e1000/e1000e/tg3/iwlagn drivers do on receive: keep an RX ring of
 * posted socket buffers, refill it with GFP_ATOMIC allocations from the
 * interrupt (clean_rx_irq, alloc_rx_buffers), count a failed refill and
 * retry at the next interrupt.  The card carries one TCP stream: the
 * socket its frames go to is kept with it (the stack in between,
 * netif_receive_skb to tcp_v4_rcv, is not modelled).
 *
 * What is on the wire (the far side's sender, its pacing and window
 * logic) is not here: a workload hands each frame to simnic_rx() as it
 * arrives, in interrupt context on the CPU the card interrupts.
 */
#ifndef MMSIM_SIMNIC_H
#define MMSIM_SIMNIC_H

#include <stdbool.h>
#include <stdint.h>
#include "sim/sim.h"
#include "linux/gfp.h"
#include "linux/skbuff.h"

enum simnic_flavour {
	SIMNIC_GENERIC,			/* every failed refill is reported */
	SIMNIC_IWLAGN,			/* __GFP_NOWARN while > 8 buffers are free */
};

/* How the driver gets a receive buffer. */
enum simnic_rx_buffer {
	/* netdev_alloc_skb(rx_len): kmalloc'ed data (e1000e, iwlagn) */
	SIMNIC_KMALLOC,
	/* a header skb (e1000e packet split: 128 + NET_IP_ALIGN) and a page
	 * fragment of 2^order pages, alloc_pages(GFP_ATOMIC | __GFP_COMP) */
	SIMNIC_PAGES,
};

struct simnic_params {
	enum simnic_rx_buffer rx_buffer;
	/* SIMNIC_KMALLOC: bytes asked for; 0: the profile's (8448 with
	 * force-highorder, else 1524) */
	unsigned int rx_len;
	/* SIMNIC_PAGES: the fragment's order; -1: the profile's (2 with
	 * force-highorder, else 0) */
	int order;
	gfp_t gfp;			/* GFP_ATOMIC */
	unsigned int ring_size;		/* RX descriptors */
	unsigned long rcvbuf;		/* the socket's sk_rcvbuf */
	unsigned int advmss;		/* the socket's MSS (tcp_connect_init) */
	sim_time_t irq_cost;		/* softirq CPU per frame */
	sim_time_t alloc_cost;		/* softirq CPU per buffer allocated */
	enum simnic_flavour driver;
};

/* What the card has done (ifconfig's RX counters, ethtool -S). */
struct simnic_stats {
	unsigned long packets;		/* delivered to the socket */
	unsigned long bytes;
	unsigned long dropped;		/* ring empty when a frame arrived */
	/* (TCP's drops for lack of receive memory: simnic_sock()'s mib) */
	unsigned long refill_failures;	/* GFP_ATOMIC buffer allocations that failed */
	unsigned long refills;
};

/* One TCP segment on the wire. */
struct simnic_frame {
	uint32_t seq;
	unsigned int len;		/* payload bytes */
	bool fin;			/* the sender's last: the stream ends */
};

enum simnic_rx_result {
	SIMNIC_RX_QUEUED,		/* on the socket, ACKed */
	SIMNIC_RX_NO_BUFFER,		/* the ring was empty: dropped */
	SIMNIC_RX_TCP_DROPPED,		/* TCP had no receive memory for it */
};

struct simnic;
struct tcp_sock;

void simnic_params_default(struct simnic_params *p);
/* Reads force-highorder for what @p leaves to the profile. */
struct simnic *simnic_create(const struct simnic_params *p);
void simnic_destroy(struct simnic *nic);
/* ifup: fill the ring (interrupt context). */
void simnic_open(struct simnic *nic);
/* The interrupt of a frame arriving: receive it into the next posted
 * buffer and hand it to the socket, then refill the ring. */
enum simnic_rx_result simnic_rx(struct simnic *nic,
				const struct simnic_frame *f);
/* The right edge of the window the socket offered last (its last ACK). */
uint32_t simnic_offered_edge(const struct simnic *nic);
/* The sender's window probe: the socket ACKs with the window it offers
 * now. */
void simnic_window_probe(struct simnic *nic);
/* The connection is closed: readers see the end of the stream. */
void simnic_shutdown(struct simnic *nic);

/* Task context: wait up to @timeout jiffies for a packet (NULL on timeout
 * or at the end of the stream); @used: its bytes not read before
 * (tcp_recv_skb()). */
struct sk_buff *simnic_recv(struct simnic *nic, long timeout,
			    unsigned int *used);
/* The reader is done with @skb, having copied @copied bytes of it: free
 * its buffer (kfree_skb); @nic NULL: the socket is gone. */
void simnic_free_skb(struct simnic *nic, struct sk_buff *skb,
		     unsigned int copied);
/* The stream has ended and the socket is drained. */
bool simnic_eof(const struct simnic *nic);

const struct simnic_stats *simnic_stats(const struct simnic *nic);
const struct tcp_sock *simnic_sock(const struct simnic *nic);
/* The order of one receive buffer (kmalloc: get_order of the data block;
 * pages: the fragment's). */
unsigned int simnic_rx_buffer_order(const struct simnic *nic);

#endif
