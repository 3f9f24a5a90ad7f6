// SPDX-License-Identifier: GPL-2.0
/*
 * An in-order segment arriving on a TCP socket, as 2.6.32's
 * net/ipv4/tcp_input.c: tcp_data_queue charges its truesize to the
 * socket (skb_set_owner_r); tcp_event_data_recv grows rcv_ssthresh
 * (tcp_grow_window, __tcp_grow_window) only as far as segments of this
 * truesize would still fit sk_rcvbuf; and when the queue's memory is over
 * sk_rcvbuf, tcp_prune_queue clamps the window (tcp_clamp_window) and
 * collapses the receive queue (tcp_collapse): the payload is copied into
 * new skbs of at most one page of kmalloc'ed data each, allocated
 * GFP_ATOMIC from softirq, and the bloated buffers are freed.  If that
 * does not bring the memory under sk_rcvbuf, the segment is dropped and
 * the sender must send it again.
 *
 * With force-highorder each 1448-byte segment sits in an order-2 buffer
 * (truesize 8744 bytes on x86-64 for the kmalloc'ed 8448-byte one), so
 * it is truesize, not the payload, that fills sk_rcvbuf.
 */
#include "net/tcp.h"
#include "linux/kernel.h"
#include "linux/gfp.h"
#include "linux/mm.h"

/* The kernel names of what include/net/sock.h does to sk_rmem_alloc. */
static void skb_set_owner_r(struct tcp_sock *tp, struct sk_buff *skb)
{
	tp->sk_rmem_alloc += (int)skb->truesize;
}

/* include/net/sock.h sk_mem_pages(): whole SK_MEM_QUANTUMs. */
static int sk_mem_pages(int amt)
{
	return (amt + (int)PAGE_SIZE - 1) / (int)PAGE_SIZE;
}

/*
 * sk_rmem_schedule(): net/core/sock.c __sk_mem_schedule() against
 * tcp_mem.  This socket's own pages stand for tcp_memory_allocated (the
 * model has one TCP socket).  Up to tcp_mem[2] a lone socket is always
 * given the memory (below tcp_mem[0] outright; above it, under
 * pressure, because one socket's pages are below tcp_mem[2]); above it
 * only while under tcp_rmem[0].
 */
static bool sk_rmem_schedule(const struct tcp_sock *tp, unsigned int size)
{
	if (sk_mem_pages(tp->sk_rmem_alloc + (int)size) <= sysctl_tcp_mem[2])
		return true;
	return tp->sk_rmem_alloc < sysctl_tcp_rmem[0];
}

void tcp_init_buffer_space(struct tcp_sock *tp)
{
	uint32_t maxwin = (uint32_t)tcp_full_space(tp);

	/* sk_rcvbuf is locked: tcp_fixup_rcvbuf() does not run. */
	if (tp->window_clamp >= maxwin) {
		tp->window_clamp = maxwin;
		/* tcp_app_win: keep 1/2^31 of the buffer for the
		 * application, i.e. nothing, but at least 4 segments. */
		if (sysctl_tcp_app_win && maxwin > 4 * tp->advmss)
			tp->window_clamp = max(maxwin - (maxwin >> sysctl_tcp_app_win),
					       4 * tp->advmss);
	}
	/* Force reservation of one segment. */
	if (sysctl_tcp_app_win && tp->window_clamp > 2 * tp->advmss &&
	    tp->window_clamp + tp->advmss > maxwin)
		tp->window_clamp = max(2 * tp->advmss, maxwin - tp->advmss);
	tp->rcv_ssthresh = min(tp->rcv_ssthresh, tp->window_clamp);
}

/*
 * Slow part of tcp_grow_window's check #2: would segments this bloated
 * still fit, at a smaller window?  Halve the skb's share and the largest
 * window (tcp_rmem[2]) together until the share fits the payload: if the
 * window is still at least rcv_ssthresh then, grow by two segments.
 */
static uint32_t __tcp_grow_window(const struct tcp_sock *tp,
				  const struct sk_buff *skb)
{
	int truesize = tcp_win_from_space((int)skb->truesize) >> 1;
	int window = tcp_win_from_space(sysctl_tcp_rmem[2]) >> 1;

	while ((int)tp->rcv_ssthresh <= window) {
		if (truesize <= (int)skb->len)
			return 2 * tp->rcv_mss;
		truesize >>= 1;
		window >>= 1;
	}
	return 0;
}

static void tcp_grow_window(struct tcp_sock *tp, const struct sk_buff *skb)
{
	uint32_t incr;

	/* Check #1 (tcp_memory_pressure is never set here). */
	if (tp->rcv_ssthresh >= tp->window_clamp ||
	    (int)tp->rcv_ssthresh >= tcp_space(tp))
		return;
	/* Check #2: grow if skbs with this overhead will fit the buffer. */
	if (tcp_win_from_space((int)skb->truesize) <= (int)skb->len)
		incr = 2 * tp->advmss;
	else
		incr = __tcp_grow_window(tp, skb);
	if (incr)
		tp->rcv_ssthresh = min(tp->rcv_ssthresh + incr, tp->window_clamp);
}

/* tcp_measure_rcv_mss(), for full segments: the peer's MSS is at least
 * the largest segment seen. */
static void tcp_measure_rcv_mss(struct tcp_sock *tp, const struct sk_buff *skb)
{
	if (skb->len >= tp->rcv_mss)
		tp->rcv_mss = skb->len;
}

static void tcp_event_data_recv(struct tcp_sock *tp, const struct sk_buff *skb)
{
	tcp_measure_rcv_mss(tp, skb);
	if (skb->len >= 128)
		tcp_grow_window(tp, skb);
}

/* The socket hit its memory bound: offer no more than two segments
 * beyond what is queued (the buffer is locked, so it does not grow). */
static void tcp_clamp_window(struct tcp_sock *tp)
{
	if (!tp->sk_rcvbuf_locked && tp->sk_rcvbuf < sysctl_tcp_rmem[2] &&
	    sk_mem_pages(tp->sk_rmem_alloc) < sysctl_tcp_mem[0])
		tp->sk_rcvbuf = min(tp->sk_rmem_alloc, sysctl_tcp_rmem[2]);
	if (tp->sk_rmem_alloc > tp->sk_rcvbuf)
		tp->rcv_ssthresh = min(tp->window_clamp, 2U * tp->advmss);
}

static struct sk_buff *tcp_queue_next(struct tcp_sock *tp, struct sk_buff *skb)
{
	if (skb->list.next == &tp->sk_receive_queue)
		return NULL;
	return list_entry(skb->list.next, struct sk_buff, list);
}

/* Unlink and free a collapsed skb; the next one, or NULL. */
static struct sk_buff *tcp_collapse_one(struct tcp_sock *tp,
					struct sk_buff *skb)
{
	struct sk_buff *next = tcp_queue_next(tp, skb);

	list_del(&skb->list);
	tcp_rfree_skb(tp, skb);
	tp->mib.rcv_collapsed++;
	return next;
}

/*
 * Collapse the receive queue from @head, sequence numbers @start to
 * @end.  Skip the skbs that are already compact (their truesize's window
 * share no more than their payload); from the first bloated one to the
 * end, copy the payload into new skbs of SKB_MAX_ORDER(headroom, 0)
 * bytes (one page of kmalloc'ed data, skb_shared_info included),
 * freeing each old skb once it is copied.  An allocation failure
 * (GFP_ATOMIC, in softirq) stops the collapse where it is.
 */
static void tcp_collapse(struct tcp_sock *tp, struct sk_buff *head,
			 uint32_t start, uint32_t end)
{
	struct sk_buff *skb = head, *n;
	bool end_of_skbs;

restart:
	end_of_skbs = true;
	for (; skb; skb = n) {
		n = tcp_queue_next(tp, skb);
		/* No new bits (only possible on the out-of-order queue). */
		if (!before(start, skb->end_seq)) {
			skb = tcp_collapse_one(tp, skb);
			if (!skb)
				break;
			goto restart;
		}
		/* The first to collapse: bloated, or holding data before
		 * start, or not followed by its successor's data. */
		if (tcp_win_from_space((int)skb->truesize) > (int)skb->len ||
		    before(skb->seq, start)) {
			end_of_skbs = false;
			break;
		}
		if (n && skb->end_seq != n->seq) {
			end_of_skbs = false;
			break;
		}
		/* Decided to skip this one. */
		start = skb->end_seq;
	}
	if (end_of_skbs)
		return;

	while (before(start, end)) {
		unsigned int header = skb_headroom(skb);
		int copy = skb_max_order(header, 0);
		struct sk_buff *nskb;

		/* Too big a header. */
		if (copy < 0)
			return;
		if ((int)(end - start) < copy)
			copy = (int)(end - start);
		nskb = alloc_skb((unsigned int)copy + header, GFP_ATOMIC);
		if (!nskb) {
			tp->mib.collapse_alloc_failures++;
			return;
		}
		nskb->headroom = header;
		nskb->seq = nskb->end_seq = start;
		/* __skb_queue_before(list, skb, nskb) */
		list_add_tail(&nskb->list, &skb->list);
		skb_set_owner_r(tp, nskb);

		/* Copy the data, releasing the collapsed skbs. */
		while (copy > 0) {
			int offset = (int)(start - skb->seq);
			int size = (int)(skb->end_seq - start);

			BUG_ON(offset < 0);
			if (size > 0) {
				size = min(copy, size);
				nskb->len += (unsigned int)size;
				nskb->end_seq += (uint32_t)size;
				copy -= size;
				start += (uint32_t)size;
			}
			if (!before(start, skb->end_seq)) {
				skb = tcp_collapse_one(tp, skb);
				if (!skb)
					return;
			}
		}
	}
}

/*
 * Bring the socket's memory back under sk_rcvbuf if possible: clamp the
 * window, collapse the receive queue.  Negative: it is still over, drop
 * the segment (it will be retransmitted) until the reader catches up.
 */
static int tcp_prune_queue(struct tcp_sock *tp)
{
	tp->mib.prune_called++;
	if (tp->sk_rmem_alloc >= tp->sk_rcvbuf)
		tcp_clamp_window(tp);
	/* No out-of-order queue to collapse first. */
	if (!list_empty(&tp->sk_receive_queue))
		tcp_collapse(tp, list_first_entry(&tp->sk_receive_queue,
						  struct sk_buff, list),
			     tp->copied_seq, tp->rcv_nxt);
	if (tp->sk_rmem_alloc <= tp->sk_rcvbuf)
		return 0;
	/* Collapsing did not help; nor would purging an out-of-order
	 * queue (there is none).  Drop data until the reader reads. */
	tp->mib.rcv_pruned++;
	return -1;
}

static int tcp_try_rmem_schedule(struct tcp_sock *tp, unsigned int size)
{
	if (tp->sk_rmem_alloc > tp->sk_rcvbuf || !sk_rmem_schedule(tp, size)) {
		if (tcp_prune_queue(tp) < 0)
			return -1;
		/* tcp_prune_ofo_queue() would find nothing to free. */
		if (!sk_rmem_schedule(tp, size))
			return -1;
	}
	return 0;
}

bool tcp_data_queue(struct tcp_sock *tp, struct sk_buff *skb)
{
	/* In sequence (the sender never sends past the right edge it was
	 * offered, so it is in the window too). */
	BUG_ON(skb->seq != tp->rcv_nxt);
	if (tcp_try_rmem_schedule(tp, skb->truesize)) {
		tp->mib.rmem_dropped++;
		kfree_skb(skb);
		return false;
	}
	skb_set_owner_r(tp, skb);
	list_add_tail(&skb->list, &tp->sk_receive_queue);
	tp->rcv_nxt = skb->end_seq;
	if (skb->len)
		tcp_event_data_recv(tp, skb);
	return true;
}
