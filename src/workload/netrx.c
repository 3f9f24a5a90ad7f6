// SPDX-License-Identifier: GPL-2.0
/*
 * The far side of the network receive path: a sender pushing one TCP
 * stream at the machine's network card.  Each packet it sends arrives as
 * an interrupt on the card's CPU and is handed to the driver's receive
 * entry point, simnic_rx() (src/kernel/drivers/net/simnic.c), which
 * receives it into a posted buffer, queues it on the socket and refills
 * the RX ring.  A packet that finds no posted buffer, or that TCP drops,
 * is sent again later (TCP retransmission).
 *
 * The sender sends a segment only while it fits under the right edge of
 * the last window the receiver offered.  Simplified: the link's round trip
 * is taken as zero (a LAN), and every queued segment is ACKed at once, so
 * the sender knows the new window when the next packet is due; a dropped
 * segment is sent again after retransmit_delay, and nothing after it is
 * sent before it (no out-of-order queue).
 */
#include <stdlib.h>
#include <string.h>
#include "netrx.h"
#include "linux/kernel.h"
#include "net/tcp.h"
#include "util/xalloc.h"

struct netrx {
	struct netrx_params p;
	struct netrx_stats stats;
	struct simnic *nic;

	unsigned long sent_bytes;	/* sender's stream position */
	sim_time_t throttled_since;	/* the window closed then; 0: open */
	bool stopped;
	struct irq_work rx_irq;		/* the next packet's arrival */
};

void netrx_params_default(struct netrx_params *p)
{
	memset(p, 0, sizeof(*p));
	simnic_params_default(&p->nic);
	p->payload = 1448;		/* a TCP segment on Ethernet MTU 1500 */
	p->bwlimit = 512 * 1024;
	p->retransmit_delay = 200 * NSEC_PER_MSEC;	/* TCP's minimum RTO */
	p->cpu = 0;
}

static sim_time_t packet_interval(const struct netrx *nx)
{
	sim_time_t base = (sim_time_t)nx->p.payload * NSEC_PER_SEC /
			  (nx->p.bwlimit ? nx->p.bwlimit : 1);

	/* ±25% jitter so arrivals do not beat against the tick. */
	return base - base / 4 + prandom_below(base / 2 + 1);
}

static bool sender_done(const struct netrx *nx)
{
	return nx->p.total_bytes && nx->sent_bytes >= nx->p.total_bytes;
}

/* The sender's next segment fits under the offered right edge. */
static bool netrx_window_open(const struct netrx *nx)
{
	return !after((uint32_t)nx->sent_bytes + nx->p.payload,
		      simnic_offered_edge(nx->nic));
}

static void netrx_interrupt(struct irq_work *w)
{
	struct netrx *nx = w->data;
	sim_time_t next;

	if (nx->stopped)
		return;
	next = packet_interval(nx);
	if (!netrx_window_open(nx)) {
		/* The window is closed: the sender waits for the reader.  Its
		 * persist timer (2.6.32 net/ipv4/tcp_timer.c tcp_probe_timer,
		 * tcp_output.c tcp_write_wakeup) probes the window after an
		 * RTO: the probe's ACK carries the window offered now. */
		nx->stats.throttled++;
		if (!nx->throttled_since) {
			nx->throttled_since = sim_now();
		} else if (sim_now() - nx->throttled_since >=
			   nx->p.retransmit_delay) {
			nx->stats.window_probes++;
			nx->throttled_since = sim_now();
			simnic_window_probe(nx->nic);
		}
	} else {
		struct simnic_frame f = {
			.seq = (uint32_t)nx->sent_bytes,
			.len = nx->p.payload,
			.fin = nx->p.total_bytes &&
			       nx->sent_bytes + nx->p.payload >= nx->p.total_bytes,
		};

		nx->throttled_since = 0;
		if (simnic_rx(nx->nic, &f) == SIMNIC_RX_QUEUED)
			nx->sent_bytes += nx->p.payload;
		else	/* No ACK comes: the sender's retransmit timer. */
			next = nx->p.retransmit_delay;
	}
	/* The last segment is in (the driver woke the reader): no more. */
	if (sender_done(nx))
		return;
	irq_work_queue_at(&nx->rx_irq, sim_now() + next);
}

struct netrx *netrx_create(const struct netrx_params *p)
{
	struct netrx *nx = xcalloc(1, sizeof(*nx));

	nx->p = *p;
	nx->nic = simnic_create(&p->nic);
	irq_work_init(&nx->rx_irq, p->cpu, netrx_interrupt, nx);
	return nx;
}

static void netrx_fill_at_open(struct irq_work *w)
{
	struct netrx *nx = w->data;

	simnic_open(nx->nic);
	w->handler = netrx_interrupt;
	irq_work_queue_at(w, sim_now() + packet_interval(nx));
}

void netrx_start(struct netrx *nx)
{
	nx->rx_irq.handler = netrx_fill_at_open;
	irq_work_queue_at(&nx->rx_irq, sim_now());
}

void netrx_stop(struct netrx *nx)
{
	nx->stopped = true;
	timer_del(&nx->rx_irq.timer);
	simnic_shutdown(nx->nic);
}

struct sk_buff *netrx_recv(struct netrx *nx, long timeout, unsigned int *used)
{
	return simnic_recv(nx->nic, timeout, used);
}

void netrx_free_skb(struct netrx *nx, struct sk_buff *skb, unsigned int copied)
{
	simnic_free_skb(nx ? nx->nic : NULL, skb, copied);
}

bool netrx_finished(const struct netrx *nx)
{
	return simnic_eof(nx->nic);
}

const struct netrx_stats *netrx_stats(const struct netrx *nx)
{
	return &nx->stats;
}

struct simnic *netrx_nic(const struct netrx *nx)
{
	return nx->nic;
}

void netrx_destroy(struct netrx *nx)
{
	timer_del(&nx->rx_irq.timer);
	simnic_destroy(nx->nic);
	free(nx);
}
