// SPDX-License-Identifier: GPL-2.0
/*
 * TCP's sysctls and the reader's side of a receive queue, as 2.6.32's
 * net/ipv4/tcp.c: tcp_init, tcp_recvmsg (the reader takes whole skbs
 * off the queue; sk_eat_skb frees them: net/core/sock.c sock_rfree
 * uncharges their truesize) and tcp_cleanup_rbuf.
 */
#include "net/tcp.h"
#include "linux/kernel.h"
#include "linux/mm.h"
#include "linux/mmzone.h"

int sysctl_tcp_rmem[3];
int sysctl_tcp_mem[3];
int sysctl_tcp_adv_win_scale = 2;
int sysctl_tcp_app_win = 31;
int sysctl_rmem_max;

void tcp_init(void)
{
	unsigned long nr_pages = totalram_pages, limit, max_share;
	struct pglist_data *pgdat;

	/* totalram_pages - totalhigh_pages: the low memory's pages (the
	 * high zones' present pages stand for totalhigh_pages). */
	for_each_online_pgdat(pgdat)
		if (nr_pages >= pgdat->node_zones[ZONE_HIGHMEM].present_pages)
			nr_pages -= pgdat->node_zones[ZONE_HIGHMEM].present_pages;
	/* 2.6.32 tcp_init(): the pressure threshold grows with the square
	 * of the memory up to 256 MB, then linearly. */
	limit = min(nr_pages, 1UL << (28 - PAGE_SHIFT)) >> (20 - PAGE_SHIFT);
	limit = (limit * (nr_pages >> (20 - PAGE_SHIFT))) >> (PAGE_SHIFT - 11);
	limit = max(limit, 128UL);
	sysctl_tcp_mem[0] = (int)(limit / 4 * 3);
	sysctl_tcp_mem[1] = (int)limit;
	sysctl_tcp_mem[2] = sysctl_tcp_mem[0] * 2;
	/* A socket's buffers at most 1/128 of the pressure threshold. */
	limit = (unsigned long)sysctl_tcp_mem[1] << (PAGE_SHIFT - 7);
	max_share = min(4UL * 1024 * 1024, limit);
	sysctl_tcp_rmem[0] = (int)PAGE_SIZE;	/* SK_MEM_QUANTUM */
	sysctl_tcp_rmem[1] = 87380;
	sysctl_tcp_rmem[2] = (int)max(87380UL, max_share);
	/* net/core/sock.c: SK_RMEM_MAX, 256 packets of (sizeof(struct
	 * sk_buff) + 256) bytes. */
	sysctl_rmem_max = (int)((skb_head_size() + 256) * 256);
}

uint32_t tcp_receive_window(const struct tcp_sock *tp)
{
	int32_t win = (int32_t)(tp->rcv_wup + tp->rcv_wnd - tp->rcv_nxt);

	return win < 0 ? 0 : (uint32_t)win;
}

/*
 * The head skb may begin before copied_seq: tcp_collapse() stopped by a
 * failed GFP_ATOMIC alloc_skb() leaves the skb it was copying from in
 * the queue behind the new one holding its first bytes (2.6.30-2.6.32
 * tcp_collapse() returns there), and tcp_recvmsg() reads from offset
 * copied_seq - seq.  A gap, or an skb wholly read already ("recvmsg bug
 * 2"), cannot happen.
 */
struct sk_buff *tcp_recv_skb(struct tcp_sock *tp, unsigned int *used)
{
	struct sk_buff *skb;

	if (list_empty(&tp->sk_receive_queue))
		return NULL;
	skb = list_first_entry(&tp->sk_receive_queue, struct sk_buff, list);
	BUG_ON(after(skb->seq, tp->copied_seq));
	BUG_ON(!before(tp->copied_seq, skb->end_seq));
	list_del_init(&skb->list);
	*used = skb->end_seq - tp->copied_seq;
	tp->copied_seq = skb->end_seq;
	return skb;
}

void tcp_rfree_skb(struct tcp_sock *tp, struct sk_buff *skb)
{
	/* sock_rfree(), the skb's destructor. */
	tp->sk_rmem_alloc -= (int)skb->truesize;
	BUG_ON(tp->sk_rmem_alloc < 0);
	kfree_skb(skb);
}

bool tcp_cleanup_rbuf(struct tcp_sock *tp, int copied, uint32_t *win)
{
	uint32_t rcv_window_now, new_window;

	/* No ACK is ever left pending (an ACK per segment), so only the
	 * window-update rule applies: an ACK if the window can now be at
	 * least twice what is left of the current one. */
	if (copied <= 0)
		return false;
	rcv_window_now = tcp_receive_window(tp);
	if (2 * rcv_window_now > tp->window_clamp)
		return false;
	new_window = __tcp_select_window(tp);
	if (!new_window || new_window < 2 * rcv_window_now)
		return false;
	*win = tcp_select_window(tp);
	return true;
}

void tcp_sock_purge(struct tcp_sock *tp)
{
	struct sk_buff *skb, *n;

	list_for_each_entry_safe(skb, n, &tp->sk_receive_queue, list) {
		list_del(&skb->list);
		tcp_rfree_skb(tp, skb);
	}
}
