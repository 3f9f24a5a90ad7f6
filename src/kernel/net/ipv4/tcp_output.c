// SPDX-License-Identifier: GPL-2.0
/*
 * The receive window a TCP socket offers, as 2.6.32's
 * net/ipv4/tcp_output.c: tcp_select_initial_window and tcp_connect_init
 * at the connection's start, __tcp_select_window and tcp_select_window
 * for every ACK.  The window is what the queue's memory can still take
 * (tcp_space: 3/4 of sk_rcvbuf less sk_rmem_alloc, with
 * tcp_adv_win_scale 2), no more than rcv_ssthresh, and its right edge
 * (rcv_wup + rcv_wnd) never moves back.
 */
#include <string.h>
#include "net/tcp.h"
#include "linux/kernel.h"

/* tcp_select_initial_window(), with window scaling
 * (sysctl_tcp_window_scaling 1) and no signed-window workaround
 * (sysctl_tcp_workaround_signed_windows 0). */
static void tcp_select_initial_window(int __space, uint32_t mss,
				      uint32_t *rcv_wnd,
				      uint32_t *window_clamp,
				      unsigned int *rcv_wscale)
{
	uint32_t space = __space < 0 ? 0 : (uint32_t)__space;

	if (*window_clamp == 0)
		*window_clamp = 65535U << 14;
	space = min(*window_clamp, space);
	/* A whole number of segments. */
	if (space > mss)
		space = space / mss * mss;
	*rcv_wnd = space;
	/* The scale that lets the largest buffer be offered. */
	*rcv_wscale = 0;
	space = (uint32_t)max(sysctl_tcp_rmem[2], sysctl_rmem_max);
	space = min(space, *window_clamp);
	while (space > 65535 && *rcv_wscale < 14) {
		space >>= 1;
		(*rcv_wscale)++;
	}
	/* RFC 2414's initial window: 4 segments, fewer if they are big. */
	if (mss > (1U << *rcv_wscale)) {
		uint32_t init_cwnd = 4;

		if (mss > 1460 * 3)
			init_cwnd = 2;
		else if (mss > 1460)
			init_cwnd = 3;
		if (*rcv_wnd > init_cwnd * mss)
			*rcv_wnd = init_cwnd * mss;
	}
	*window_clamp = min(65535U << *rcv_wscale, *window_clamp);
}

void tcp_sock_init(struct tcp_sock *tp, int rcvbuf, unsigned int advmss)
{
	memset(tp, 0, sizeof(*tp));
	INIT_LIST_HEAD(&tp->sk_receive_queue);
	tp->sk_rcvbuf = rcvbuf;
	/* setsockopt(SO_RCVBUF) locks it: neither tcp_fixup_rcvbuf,
	 * tcp_rcv_space_adjust nor tcp_clamp_window change it. */
	tp->sk_rcvbuf_locked = true;
	/* tcp_connect_init(): no timestamp seen yet, so the whole advmss
	 * sizes the initial window; the window starts as rcv_ssthresh. */
	tp->advmss = advmss;
	tcp_select_initial_window(tcp_full_space(tp), advmss, &tp->rcv_wnd,
				  &tp->window_clamp, &tp->rcv_wscale);
	tp->rcv_ssthresh = tp->rcv_wnd;
	/* tcp_input.c tcp_initialize_rcv_mss(): under-estimate the peer's
	 * MSS until segments show it (tcp_measure_rcv_mss). */
	tp->rcv_mss = min(min(advmss, tp->rcv_wnd / 2), (uint32_t)TCP_MIN_RCVMSS);
	if (tp->rcv_mss < TCP_MIN_MSS)
		tp->rcv_mss = TCP_MIN_MSS;
	/* tcp_finish_connect(): established. */
	tcp_init_buffer_space(tp);
}

uint32_t __tcp_select_window(struct tcp_sock *tp)
{
	int mss = (int)tp->rcv_mss;
	int free_space = tcp_space(tp);
	int full_space = min((int)tp->window_clamp, tcp_full_space(tp));
	int window;

	if (mss > full_space)
		mss = full_space;
	/* Less than half the buffer free: no window below one segment
	 * (receiver-side silly window avoidance). */
	if (free_space < (full_space >> 1) && free_space < mss)
		return 0;
	if (free_space > (int)tp->rcv_ssthresh)
		free_space = (int)tp->rcv_ssthresh;
	window = (int)tp->rcv_wnd;
	if (tp->rcv_wscale) {
		/* Rounded up, so that scaling does not take it away. */
		window = free_space;
		if (((window >> tp->rcv_wscale) << tp->rcv_wscale) != window)
			window = ((window >> tp->rcv_wscale) + 1) << tp->rcv_wscale;
	} else {
		/* The largest multiple of the MSS, kept if within one. */
		if (window <= free_space - mss || window > free_space)
			window = (free_space / mss) * mss;
		else if (mss == full_space &&
			 free_space > window + (full_space >> 1))
			window = free_space;
	}
	return (uint32_t)window;
}

uint32_t tcp_select_window(struct tcp_sock *tp)
{
	uint32_t cur_win = tcp_receive_window(tp);
	uint32_t new_win = __tcp_select_window(tp);

	/* Never shrink the offered window. */
	if (new_win < cur_win)
		new_win = (cur_win + (1U << tp->rcv_wscale) - 1) &
			  ~((1U << tp->rcv_wscale) - 1);
	tp->rcv_wnd = new_win;
	tp->rcv_wup = tp->rcv_nxt;
	/* The most the 16-bit field carries, then RFC 1323 scaling. */
	new_win = min(new_win, 65535U << tp->rcv_wscale);
	return (new_win >> tp->rcv_wscale) << tp->rcv_wscale;
}
