// SPDX-License-Identifier: GPL-2.0
/*
 * The network receive path.  A NIC interrupt delivers one packet into a
 * buffer the driver posted earlier, then the driver refills every empty
 * ring slot with a fresh GFP_ATOMIC socket buffer, in softirq context: it
 * cannot reclaim or sleep, so a refill fails as soon as the head's slab,
 * the data's kmalloc slab or, above 8 KiB, the page allocator cannot
 * give memory without passing the min watermark softened by
 * ALLOC_HIGH|ALLOC_HARDER.  A failed refill leaves the slot empty until
 * the next interrupt; a packet that finds no posted buffer is dropped, and
 * the sender sends it again later (TCP retransmission).
 *
 * A delivered packet goes to the socket through the kernel's TCP receive
 * path (net/ipv4/tcp_input.c tcp_data_queue): its truesize is charged to
 * the socket, and when the queue's memory is over sk_rcvbuf the queue is
 * pruned and collapsed, or the packet dropped.  The sender sends a
 * segment only while it fits under the right edge of the last window
 * the receiver offered.  Simplified: the link's round trip is taken as
 * zero (a LAN), and every queued segment is ACKed at once (no delayed
 * ACK), so the sender knows the new window when the next packet is due;
 * a dropped segment is sent again after retransmit_delay, and nothing
 * after it is sent before it (no out-of-order queue).
 */
#include <stdlib.h>
#include <string.h>
#include "netrx.h"
#include "linux/mm_types.h"
#include "linux/kernel.h"
#include "net/tcp.h"
#include "util/xalloc.h"

struct netrx {
	struct netrx_params p;
	struct netrx_stats stats;

	struct sk_buff **ring;		/* posted buffers; NULL slots are empty */
	unsigned int posted;
	unsigned int next_fill;		/* ring index the next refill uses */
	unsigned int next_rx;		/* ring index the next packet lands in */

	struct tcp_sock sk;		/* the receiving socket */
	struct wait_queue_head sk_wait;

	unsigned long sent_bytes;	/* sender's stream position */
	uint32_t snd_wnd_end;		/* the right edge the receiver offered */
	sim_time_t throttled_since;	/* the window closed then; 0: open */
	bool stopped;
	struct irq_work rx_irq;
};

void netrx_params_default(struct netrx_params *p)
{
	memset(p, 0, sizeof(*p));
	p->rx_buffer = NETRX_KMALLOC;
	p->rx_len = 1524;		/* e1000e, MTU 1500: 1522 + NET_IP_ALIGN */
	p->order = 0;
	p->gfp = GFP_ATOMIC;
	p->ring_size = 256;		/* iwlagn's RX_QUEUE_SIZE; e1000 also 256 */
	p->payload = 1448;		/* a TCP segment on Ethernet MTU 1500 */
	p->bwlimit = 512 * 1024;
	p->rcvbuf = 256 * 1024;
	p->irq_cost = 5 * NSEC_PER_USEC;
	p->alloc_cost = 1 * NSEC_PER_USEC;
	p->retransmit_delay = 200 * NSEC_PER_MSEC;	/* TCP's minimum RTO */
	p->driver = NETRX_GENERIC;
	p->cpu = 0;
}

/* One receive buffer, as the driver allocates it. */
static struct sk_buff *netrx_alloc_rx_buffer(struct netrx *nx, gfp_t gfp)
{
	struct sk_buff *skb;
	struct page *page;

	if (nx->p.rx_buffer == NETRX_KMALLOC) {
		/* iwlagn's iwl_rx_allocate: alloc_skb(rx_buf_size + 256);
		 * e1000e and the rest: netdev_alloc_skb (NET_SKB_PAD more). */
		if (nx->p.driver == NETRX_IWLAGN)
			return alloc_skb(nx->p.rx_len, gfp);
		return __netdev_alloc_skb(nx->p.rx_len, gfp);
	}
	/* e1000e's packet split: a header buffer and a page. */
	skb = __netdev_alloc_skb(128 + NET_IP_ALIGN, gfp);
	if (!skb)
		return NULL;
	page = alloc_pages(gfp | (nx->p.order ? __GFP_COMP : 0), nx->p.order);
	if (!page) {
		kfree_skb(skb);
		return NULL;
	}
	skb_add_rx_frag(skb, page, nx->p.order);
	return skb;
}

/* Post buffers into empty slots until the ring is full or an allocation
 * fails; the driver tries again at the next interrupt. */
static void netrx_refill(struct netrx *nx)
{
	while (nx->posted < nx->p.ring_size) {
		gfp_t gfp = nx->p.gfp;
		struct sk_buff *skb;

		/* iwlagn only complains when the pool is nearly dry. */
		if (nx->p.driver == NETRX_IWLAGN && nx->posted > 8)
			gfp |= __GFP_NOWARN;
		cpu_consume(nx->p.alloc_cost);
		nx->stats.refills++;
		skb = netrx_alloc_rx_buffer(nx, gfp);
		if (!skb) {
			nx->stats.refill_failures++;
			return;
		}
		BUG_ON(nx->ring[nx->next_fill]);
		nx->ring[nx->next_fill] = skb;
		nx->next_fill = (nx->next_fill + 1) % nx->p.ring_size;
		nx->posted++;
	}
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

/*
 * What is in front of the payload once the TCP header is pulled: the
 * driver's reserve (NET_SKB_PAD from netdev_alloc_skb and NET_IP_ALIGN;
 * iwlagn's alloc_skb reserves nothing) and Ethernet (14), IP (20) and
 * TCP with timestamps (32) headers.  tcp_collapse copies it with the
 * data, so it sizes the collapsed skbs.
 */
static unsigned int netrx_headroom(const struct netrx *nx)
{
	unsigned int headers = 14 + 20 + 32;

	if (nx->p.driver == NETRX_IWLAGN && nx->p.rx_buffer == NETRX_KMALLOC)
		return headers;
	return NET_SKB_PAD + NET_IP_ALIGN + headers;
}

/* An ACK from the receiver: the right edge of the window it offers now
 * (tcp_select_window moves rcv_wup to rcv_nxt). */
static void netrx_ack(struct netrx *nx)
{
	uint32_t win = tcp_select_window(&nx->sk);

	nx->snd_wnd_end = nx->sk.rcv_wup + win;
}

/* The sender's next segment fits under the offered right edge. */
static bool netrx_window_open(const struct netrx *nx)
{
	return !after((uint32_t)nx->sent_bytes + nx->p.payload, nx->snd_wnd_end);
}

/* The packet in the next posted buffer, to the socket: false if TCP
 * dropped it (the socket's memory could not be brought under sk_rcvbuf). */
static bool netrx_deliver(struct netrx *nx)
{
	struct sk_buff *skb = nx->ring[nx->next_rx];

	nx->ring[nx->next_rx] = NULL;
	nx->next_rx = (nx->next_rx + 1) % nx->p.ring_size;
	nx->posted--;
	skb->len = nx->p.payload;
	/* Ethernet, IP and TCP headers pulled: the payload starts here. */
	skb->headroom = netrx_headroom(nx);
	skb->seq = (uint32_t)nx->sent_bytes;
	skb->end_seq = skb->seq + skb->len;
	if (!tcp_data_queue(&nx->sk, skb))
		return false;
	nx->sent_bytes += nx->p.payload;
	nx->stats.packets++;
	nx->stats.bytes += nx->p.payload;
	netrx_ack(nx);
	/* sock_def_readable(): a sync wake-up (2.6.30-2.6.32
	 * net/core/sock.c, wake_up_interruptible_sync_poll()). */
	wake_up_interruptible_sync(&nx->sk_wait);
	return true;
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
			netrx_ack(nx);
		}
	} else {
		nx->throttled_since = 0;
		cpu_consume(nx->p.irq_cost);
		if (!nx->posted) {
			nx->stats.dropped++;
			next = nx->p.retransmit_delay;
		} else if (!netrx_deliver(nx)) {
			/* No ACK comes: the sender's retransmit timer. */
			next = nx->p.retransmit_delay;
		}
		netrx_refill(nx);
	}
	if (sender_done(nx)) {
		wake_up_all(&nx->sk_wait);
		return;
	}
	irq_work_queue_at(&nx->rx_irq, sim_now() + next);
}

struct netrx *netrx_create(const struct netrx_params *p)
{
	struct netrx *nx = xcalloc(1, sizeof(*nx));

	nx->p = *p;
	nx->ring = xcalloc(p->ring_size, sizeof(*nx->ring));
	/* The buffer locked at rcvbuf; the MSS the payload and the
	 * timestamp option (tcp_connect_init's advmss). */
	tcp_sock_init(&nx->sk, (int)p->rcvbuf, p->payload + TCPOLEN_TSTAMP_ALIGNED);
	nx->snd_wnd_end = nx->sk.rcv_wup + nx->sk.rcv_wnd;
	init_waitqueue_head(&nx->sk_wait);
	irq_work_init(&nx->rx_irq, p->cpu, netrx_interrupt, nx);
	return nx;
}

static void netrx_fill_at_open(struct irq_work *w)
{
	struct netrx *nx = w->data;

	netrx_refill(nx);
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
	wake_up_all(&nx->sk_wait);
}

struct sk_buff *netrx_recv(struct netrx *nx, long timeout, unsigned int *used)
{
	while (list_empty(&nx->sk.sk_receive_queue)) {
		DEFINE_WAIT(wait);

		if (nx->stopped || sender_done(nx) || timeout <= 0)
			return NULL;
		prepare_to_wait(&nx->sk_wait, &wait, TASK_INTERRUPTIBLE);
		timeout = schedule_timeout(timeout);
		finish_wait(&nx->sk_wait, &wait);
	}
	return tcp_recv_skb(&nx->sk, used);
}

void netrx_free_skb(struct netrx *nx, struct sk_buff *skb, unsigned int copied)
{
	uint32_t win;

	if (!nx) {
		/* The socket is gone (the end of a run). */
		kfree_skb(skb);
		return;
	}
	tcp_rfree_skb(&nx->sk, skb);
	/* The read is over: tcp_cleanup_rbuf may send a window update. */
	if (tcp_cleanup_rbuf(&nx->sk, (int)copied, &win))
		nx->snd_wnd_end = nx->sk.rcv_wup + win;
}

bool netrx_finished(const struct netrx *nx)
{
	return (nx->stopped || sender_done(nx)) &&
	       list_empty(&nx->sk.sk_receive_queue);
}

const struct netrx_stats *netrx_stats(const struct netrx *nx)
{
	return &nx->stats;
}

const struct tcp_sock *netrx_sock(const struct netrx *nx)
{
	return &nx->sk;
}

void netrx_destroy(struct netrx *nx)
{
	timer_del(&nx->rx_irq.timer);
	/* The end of a run: queued and posted buffers go back (their
	 * caches are still up: workloads go first at teardown). */
	tcp_sock_purge(&nx->sk);
	for (unsigned int i = 0; i < nx->p.ring_size; i++)
		kfree_skb(nx->ring[i]);
	free(nx->ring);
	free(nx);
}
