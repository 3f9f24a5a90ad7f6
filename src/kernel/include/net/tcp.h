/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The receive side of one TCP socket, as 2.6.32 keeps it (include/net/
 * sock.h struct sock, include/linux/tcp.h struct tcp_sock, include/net/
 * tcp.h): the receive queue, its memory counted by skb->truesize
 * (sk_rmem_alloc against sk_rcvbuf), the advertised window (rcv_wup +
 * rcv_wnd, grown through rcv_ssthresh) and the prune/collapse path that
 * runs when the queue's memory is over sk_rcvbuf (net/ipv4/tcp_input.c,
 * tcp_output.c, tcp.c).
 *
 * Left out (docs/model.md, "Network receive"): the out-of-order queue (in
 * this model segments arrive in order; a dropped one is sent again and
 * nothing after it is sent before it), header prediction's fast path
 * (every segment goes through tcp_data_queue), delayed ACKs (an ACK per
 * segment queued), receive buffer auto-tuning (sk_rcvbuf is locked, as
 * SO_RCVBUF sets it) and tcp_memory_pressure.
 */
#ifndef MMSIM_NET_TCP_H
#define MMSIM_NET_TCP_H

#include <stdbool.h>
#include <stdint.h>
#include "linux/skbuff.h"
#include "sim/list.h"

/* 2.6.32 include/net/tcp.h: the sequence space wraps at 2^32. */
static inline bool before(uint32_t seq1, uint32_t seq2)
{
	return (int32_t)(seq1 - seq2) < 0;
}
static inline bool after(uint32_t seq2, uint32_t seq1)
{
	return before(seq1, seq2);
}

#define TCPOLEN_TSTAMP_ALIGNED	12	/* the timestamp option, padded */
#define TCP_MIN_RCVMSS		536	/* tcp_initialize_rcv_mss's guess */
#define TCP_MIN_MSS		88	/* the least MSS believed */

/* net/ipv4/tcp.c: tcp_init() sets them from the machine's low memory. */
extern int sysctl_tcp_rmem[3];		/* bytes: min, default, max */
extern int sysctl_tcp_mem[3];		/* pages: low, pressure, high */
extern int sysctl_tcp_adv_win_scale;	/* 2 */
extern int sysctl_tcp_app_win;		/* 31 */
extern int sysctl_rmem_max;		/* net/core/sock.c SK_RMEM_MAX */

/* The kernel's net MIB counters this path increments (netstat -s's
 * TcpExt names), here per socket. */
struct tcp_rcv_mib {
	unsigned long prune_called;	/* LINUX_MIB_PRUNECALLED */
	unsigned long rcv_pruned;	/* LINUX_MIB_RCVPRUNED */
	unsigned long rcv_collapsed;	/* LINUX_MIB_TCPRCVCOLLAPSED */
	/* No kernel counter: segments tcp_data_queue freed at its drop label
	 * because tcp_try_rmem_schedule failed. */
	unsigned long rmem_dropped;
	/* No kernel counter: tcp_collapse's alloc_skb(GFP_ATOMIC) failed. */
	unsigned long collapse_alloc_failures;
};

struct tcp_sock {
	/* struct sock */
	int sk_rcvbuf;			/* bytes of truesize the queue may hold */
	int sk_rmem_alloc;		/* truesize of the owned skbs */
	bool sk_rcvbuf_locked;		/* sk_userlocks & SOCK_RCVBUF_LOCK */
	struct list_head sk_receive_queue;
	/* struct tcp_sock, struct inet_connection_sock */
	uint32_t rcv_nxt;		/* the next sequence number expected */
	uint32_t copied_seq;		/* the head of yet unread data */
	uint32_t rcv_wup;		/* rcv_nxt at the last window update */
	uint32_t rcv_wnd;		/* the window offered then */
	uint32_t rcv_ssthresh;		/* the window's current limit */
	uint32_t window_clamp;		/* its largest */
	unsigned int advmss;		/* the MSS this side advertised */
	unsigned int rcv_mss;		/* icsk_ack.rcv_mss: the peer's, guessed */
	unsigned int rcv_wscale;	/* window scale this side announced */
	struct tcp_rcv_mib mib;
};

/* net/ipv4/tcp.c tcp_init(): tcp_mem and tcp_rmem for totalram_pages. */
void tcp_init(void);

/*
 * A connected socket: tcp_connect_init() (the initial window of
 * tcp_select_initial_window() for @advmss) and tcp_init_buffer_space()
 * (window_clamp), with sk_rcvbuf @rcvbuf locked.
 */
void tcp_sock_init(struct tcp_sock *tp, int rcvbuf, unsigned int advmss);

/* tcp_input.c tcp_init_buffer_space(): window_clamp and rcv_ssthresh
 * once the connection is established. */
void tcp_init_buffer_space(struct tcp_sock *tp);

/*
 * tcp_data_queue() of an in-order segment, @skb->seq == rcv_nxt, from
 * softirq: true if it was queued (owned by the socket, rcv_nxt moved);
 * false if it was dropped (freed) because the queue's memory could not
 * be brought under sk_rcvbuf (tcp_prune_queue failed).
 */
bool tcp_data_queue(struct tcp_sock *tp, struct sk_buff *skb);

/*
 * tcp_send_ack()'s window, tcp_select_window(): the new rcv_wnd from
 * rcv_nxt, never shrinking the right edge offered before; returns the
 * window the segment carries (in bytes, after scaling).
 */
uint32_t tcp_select_window(struct tcp_sock *tp);
uint32_t __tcp_select_window(struct tcp_sock *tp);

/* include/net/tcp.h tcp_receive_window(): what is left of the offer. */
uint32_t tcp_receive_window(const struct tcp_sock *tp);

/* tcp_recvmsg(): the reader takes the head skb off the receive queue
 * (copied_seq moves past it) and reads its @used bytes not read before
 * (fewer than its len after a collapse cut short); NULL if the queue is
 * empty.  The skb stays charged to the socket until tcp_rfree_skb(). */
struct sk_buff *tcp_recv_skb(struct tcp_sock *tp, unsigned int *used);
/* __kfree_skb() of an skb the socket owns: sock_rfree (sk_rmem_alloc
 * less its truesize), then kfree_skb. */
void tcp_rfree_skb(struct tcp_sock *tp, struct sk_buff *skb);
/*
 * tcp_cleanup_rbuf() after the reader copied @copied bytes: true if the
 * window opened enough that an ACK (a window update) is sent, with the
 * window it carries in *@win.
 */
bool tcp_cleanup_rbuf(struct tcp_sock *tp, int copied, uint32_t *win);

/* Free every skb still queued (the end of a run). */
void tcp_sock_purge(struct tcp_sock *tp);

/* include/net/tcp.h: the window a buffer of @space bytes can offer. */
static inline int tcp_win_from_space(int space)
{
	return sysctl_tcp_adv_win_scale <= 0 ?
	       (space >> (-sysctl_tcp_adv_win_scale)) :
	       space - (space >> sysctl_tcp_adv_win_scale);
}

static inline int tcp_space(const struct tcp_sock *tp)
{
	return tcp_win_from_space(tp->sk_rcvbuf - tp->sk_rmem_alloc);
}

static inline int tcp_full_space(const struct tcp_sock *tp)
{
	return tcp_win_from_space(tp->sk_rcvbuf);
}

#endif /* MMSIM_NET_TCP_H */
