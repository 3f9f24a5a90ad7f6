// SPDX-License-Identifier: GPL-2.0
/*
 * The network card's receive path, as 2.6.32's Ethernet and wireless
 * drivers have it (drivers/net/e1000e/netdev.c e1000_clean_rx_irq() and
 * e1000_alloc_rx_buffers(), drivers/net/tg3.c tg3_rx(),
 * drivers/net/wireless/iwlwifi/iwl-rx.c iwl_rx_allocate()).  An interrupt
 * delivers one frame into a buffer the driver posted earlier, then the
 * driver refills every empty ring slot with a fresh GFP_ATOMIC socket
 * buffer, in softirq context: it cannot reclaim or sleep, so a refill
 * fails as soon as the head's slab, the data's kmalloc slab or, above
 * 8 KiB, the page allocator cannot give memory without passing the min
 * watermark softened by ALLOC_HIGH|ALLOC_HARDER.  A failed refill leaves
 * the slot empty until the next interrupt; a frame that finds no posted
 * buffer is dropped (the sender sends it again later).
 *
 * A delivered frame goes to the socket through the kernel's TCP receive
 * path (net/ipv4/tcp_input.c tcp_data_queue): its truesize is charged to
 * the socket, and when the queue's memory is over sk_rcvbuf the queue is
 * pruned and collapsed, or the frame dropped.  Every queued segment is
 * ACKed at once (no delayed ACK), so the sender knows the new window when
 * its next frame is due.
 */
#include <stdlib.h>
#include <string.h>
#include "mmsim/simnic.h"
#include "mmsim/profile.h"
#include "linux/mm_types.h"
#include "linux/kernel.h"
#include "net/tcp.h"
#include "util/xalloc.h"

struct simnic {
	struct simnic_params p;
	struct simnic_stats stats;

	struct sk_buff **ring;		/* posted buffers; NULL slots are empty */
	unsigned int posted;
	unsigned int next_fill;		/* ring index the next refill uses */
	unsigned int next_rx;		/* ring index the next frame lands in */
	unsigned int rx_buffer_order;	/* resolved at create */

	struct tcp_sock sk;		/* the receiving socket */
	struct wait_queue_head sk_wait;
	uint32_t offered_edge;		/* the right edge the last ACK offered */
	bool shutdown;			/* the stream has ended */
};

void simnic_params_default(struct simnic_params *p)
{
	memset(p, 0, sizeof(*p));
	p->rx_buffer = SIMNIC_KMALLOC;
	p->rx_len = 1524;		/* e1000e, MTU 1500: 1522 + NET_IP_ALIGN */
	p->order = 0;
	p->gfp = GFP_ATOMIC;
	p->ring_size = 256;		/* iwlagn's RX_QUEUE_SIZE; e1000 also 256 */
	p->rcvbuf = 256 * 1024;
	p->advmss = 1448 + TCPOLEN_TSTAMP_ALIGNED;
	p->irq_cost = 5 * NSEC_PER_USEC;
	p->alloc_cost = 1 * NSEC_PER_USEC;
	p->driver = SIMNIC_GENERIC;
}

/* One receive buffer, as the driver allocates it. */
static struct sk_buff *simnic_alloc_rx_buffer(struct simnic *nic, gfp_t gfp)
{
	struct sk_buff *skb;
	struct page *page;

	if (nic->p.rx_buffer == SIMNIC_KMALLOC) {
		/* iwlagn's iwl_rx_allocate: alloc_skb(rx_buf_size + 256);
		 * e1000e and the rest: netdev_alloc_skb (NET_SKB_PAD more). */
		if (nic->p.driver == SIMNIC_IWLAGN)
			return alloc_skb(nic->p.rx_len, gfp);
		return __netdev_alloc_skb(nic->p.rx_len, gfp);
	}
	/* e1000e's packet split: a header buffer and a page. */
	skb = __netdev_alloc_skb(128 + NET_IP_ALIGN, gfp);
	if (!skb)
		return NULL;
	page = alloc_pages(gfp | (nic->p.order ? __GFP_COMP : 0),
			   (unsigned int)nic->p.order);
	if (!page) {
		kfree_skb(skb);
		return NULL;
	}
	skb_add_rx_frag(skb, page, (unsigned int)nic->p.order);
	return skb;
}

/* Post buffers into empty slots until the ring is full or an allocation
 * fails; the driver tries again at the next interrupt. */
static void simnic_refill(struct simnic *nic)
{
	while (nic->posted < nic->p.ring_size) {
		gfp_t gfp = nic->p.gfp;
		struct sk_buff *skb;

		/* iwlagn only complains when the pool is nearly dry. */
		if (nic->p.driver == SIMNIC_IWLAGN && nic->posted > 8)
			gfp |= __GFP_NOWARN;
		cpu_consume(nic->p.alloc_cost);
		nic->stats.refills++;
		skb = simnic_alloc_rx_buffer(nic, gfp);
		if (!skb) {
			nic->stats.refill_failures++;
			return;
		}
		BUG_ON(nic->ring[nic->next_fill]);
		nic->ring[nic->next_fill] = skb;
		nic->next_fill = (nic->next_fill + 1) % nic->p.ring_size;
		nic->posted++;
	}
}

/*
 * What is in front of the payload once the TCP header is pulled: the
 * driver's reserve (NET_SKB_PAD from netdev_alloc_skb and NET_IP_ALIGN;
 * iwlagn's alloc_skb reserves nothing) and Ethernet (14), IP (20) and
 * TCP with timestamps (32) headers.  tcp_collapse copies it with the
 * data, so it sizes the collapsed skbs.
 */
static unsigned int simnic_headroom(const struct simnic *nic)
{
	unsigned int headers = 14 + 20 + 32;

	if (nic->p.driver == SIMNIC_IWLAGN &&
	    nic->p.rx_buffer == SIMNIC_KMALLOC)
		return headers;
	return NET_SKB_PAD + NET_IP_ALIGN + headers;
}

/* An ACK from the socket: the right edge of the window it offers now
 * (tcp_select_window moves rcv_wup to rcv_nxt). */
static void simnic_ack(struct simnic *nic)
{
	uint32_t win = tcp_select_window(&nic->sk);

	nic->offered_edge = nic->sk.rcv_wup + win;
}

/* @f in the next posted buffer, to the socket: false if TCP dropped it
 * (the socket's memory could not be brought under sk_rcvbuf). */
static bool simnic_deliver(struct simnic *nic, const struct simnic_frame *f)
{
	struct sk_buff *skb = nic->ring[nic->next_rx];

	nic->ring[nic->next_rx] = NULL;
	nic->next_rx = (nic->next_rx + 1) % nic->p.ring_size;
	nic->posted--;
	skb->len = f->len;
	/* Ethernet, IP and TCP headers pulled: the payload starts here. */
	skb->headroom = simnic_headroom(nic);
	skb->seq = f->seq;
	skb->end_seq = skb->seq + skb->len;
	if (!tcp_data_queue(&nic->sk, skb))
		return false;
	if (f->fin)
		nic->shutdown = true;
	nic->stats.packets++;
	nic->stats.bytes += f->len;
	simnic_ack(nic);
	/* sock_def_readable(): a sync wake-up (2.6.30-2.6.32
	 * net/core/sock.c, wake_up_interruptible_sync_poll()). */
	wake_up_interruptible_sync(&nic->sk_wait);
	return true;
}

enum simnic_rx_result simnic_rx(struct simnic *nic,
				const struct simnic_frame *f)
{
	enum simnic_rx_result ret = SIMNIC_RX_QUEUED;

	cpu_consume(nic->p.irq_cost);
	if (!nic->posted) {
		nic->stats.dropped++;
		ret = SIMNIC_RX_NO_BUFFER;
	} else if (!simnic_deliver(nic, f)) {
		ret = SIMNIC_RX_TCP_DROPPED;
	}
	simnic_refill(nic);
	/* The last segment is in: a reader waiting for more learns that
	 * there is none. */
	if (ret == SIMNIC_RX_QUEUED && f->fin)
		wake_up_all(&nic->sk_wait);
	return ret;
}

struct simnic *simnic_create(const struct simnic_params *p)
{
	struct simnic *nic = xcalloc(1, sizeof(*nic));

	nic->p = *p;
	/* force-highorder, the 2009 test's patch: every receive an order-2
	 * allocation, whichever way the buffer is allocated. */
	if (!p->rx_len)
		nic->p.rx_len = kprofile_get(force_highorder) ? 8448 : 1524;
	if (p->order < 0)
		nic->p.order = kprofile_get(force_highorder) ? 2 : 0;
	if (nic->p.rx_buffer == SIMNIC_PAGES) {
		nic->rx_buffer_order = (unsigned int)nic->p.order;
	} else {
		unsigned int size = skb_kmalloc_size(nic->p.rx_len +
			(nic->p.driver == SIMNIC_IWLAGN ? 0 : NET_SKB_PAD));

		while ((PAGE_SIZE << nic->rx_buffer_order) < size)
			nic->rx_buffer_order++;
	}
	nic->ring = xcalloc(p->ring_size, sizeof(*nic->ring));
	/* The buffer locked at rcvbuf. */
	tcp_sock_init(&nic->sk, (int)p->rcvbuf, p->advmss);
	nic->offered_edge = nic->sk.rcv_wup + nic->sk.rcv_wnd;
	init_waitqueue_head(&nic->sk_wait);
	return nic;
}

void simnic_open(struct simnic *nic)
{
	simnic_refill(nic);
}

uint32_t simnic_offered_edge(const struct simnic *nic)
{
	return nic->offered_edge;
}

void simnic_window_probe(struct simnic *nic)
{
	simnic_ack(nic);
}

void simnic_shutdown(struct simnic *nic)
{
	nic->shutdown = true;
	wake_up_all(&nic->sk_wait);
}

struct sk_buff *simnic_recv(struct simnic *nic, long timeout,
			    unsigned int *used)
{
	while (list_empty(&nic->sk.sk_receive_queue)) {
		DEFINE_WAIT(wait);

		if (nic->shutdown || timeout <= 0)
			return NULL;
		prepare_to_wait(&nic->sk_wait, &wait, TASK_INTERRUPTIBLE);
		timeout = schedule_timeout(timeout);
		finish_wait(&nic->sk_wait, &wait);
	}
	return tcp_recv_skb(&nic->sk, used);
}

void simnic_free_skb(struct simnic *nic, struct sk_buff *skb,
		     unsigned int copied)
{
	uint32_t win;

	if (!nic) {
		/* The socket is gone (the end of a run). */
		kfree_skb(skb);
		return;
	}
	tcp_rfree_skb(&nic->sk, skb);
	/* The read is over: tcp_cleanup_rbuf may send a window update. */
	if (tcp_cleanup_rbuf(&nic->sk, (int)copied, &win))
		nic->offered_edge = nic->sk.rcv_wup + win;
}

bool simnic_eof(const struct simnic *nic)
{
	return nic->shutdown && list_empty(&nic->sk.sk_receive_queue);
}

const struct simnic_stats *simnic_stats(const struct simnic *nic)
{
	return &nic->stats;
}

const struct tcp_sock *simnic_sock(const struct simnic *nic)
{
	return &nic->sk;
}

unsigned int simnic_rx_buffer_order(const struct simnic *nic)
{
	return nic->rx_buffer_order;
}

void simnic_destroy(struct simnic *nic)
{
	/* The end of a run: queued and posted buffers go back (their
	 * caches are still up: workloads go first at teardown). */
	tcp_sock_purge(&nic->sk);
	for (unsigned int i = 0; i < nic->p.ring_size; i++)
		kfree_skb(nic->ring[i]);
	free(nic->ring);
	free(nic);
}
