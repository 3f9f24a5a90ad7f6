// SPDX-License-Identifier: GPL-2.0
/*
 * The TCP receive path (net/ipv4/tcp_input.c, tcp_output.c, tcp.c): the
 * socket's memory counted by skb->truesize, the initial window and its
 * growth by tcp_grow_window, and tcp_prune_queue's collapse and drop.
 * Every expectation is derived by hand below from 2.6.32's code and the
 * x86-64 sizes of include/linux/skbuff.h (struct sk_buff 232 bytes,
 * struct skb_shared_info 496, SKB_DATA_ALIGN to 64 bytes).
 *
 * The buffers, as netrx's drivers allocate them:
 *   force-highorder's 8448-byte kmalloc buffer: __netdev_alloc_skb(8448)
 *   asks for ALIGN(8448 + 32, 64) = 8512 bytes, truesize 8512 + 232 =
 *   8744 (its 9008-byte block is an order-2 page).
 *   e1000e's 1524-byte one: ALIGN(1524 + 32, 64) = 1600, truesize 1832
 *   (kmalloc-4096, order 0).
 * Each carries a 1448-byte segment behind 100 bytes of headroom.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "reclaim_harness.h"
#include "linux/skbuff.h"
#include "linux/slab.h"
#include "net/tcp.h"

#define RC6		"2.6.32-rc6"
#define MSS		1448
#define ADVMSS		1460	/* 1448 + the timestamp option */
#define ORDER2_LEN	8448
#define ORDER2_TRUESIZE	8744
#define ORDER0_LEN	1524
#define ORDER0_TRUESIZE	1832

static struct tcp_sock tp;

static void boot(void)
{
	/* 64 MB: tcp_init gives tcp_rmem[2] 87380 (below). */
	harness_boot("x86_64", 64, 2, RC6, 1);
}

static void teardown(void)
{
	tcp_sock_purge(&tp);
	harness_teardown();
}

/* The next in-order segment, in a buffer of @rx_len bytes. */
static struct sk_buff *segment(unsigned int rx_len)
{
	struct sk_buff *skb = __netdev_alloc_skb(rx_len, GFP_ATOMIC);

	assert_non_null(skb);
	skb->len = MSS;
	skb->headroom = 100;
	skb->seq = tp.rcv_nxt;
	skb->end_seq = skb->seq + MSS;
	return skb;
}

static void queue(unsigned int rx_len, int n)
{
	for (int i = 0; i < n; i++)
		assert_true(tcp_data_queue(&tp, segment(rx_len)));
}

/*
 * tcp_init on 64 MB: nr_pages is about 16000, so limit = (nr_pages >>
 * 8) = 62 or so, then (62 * 62) >> 1 = 1922: tcp_mem[1] about 1900
 * pages, max_share = 1922 << 5 = 61504 < 87380: tcp_rmem[2] is 87380
 * (for any tcp_mem[1] below 2731).
 * SK_RMEM_MAX: (232 + 256) * 256 = 124928.
 *
 * The socket, rcvbuf 262144, advmss 1460: tcp_full_space = 262144 -
 * 65536 = 196608; tcp_select_initial_window quantizes it to 134 * 1460
 * = 195640; the scale for max(87380, 124928) = 124928 is 1 (62464 <=
 * 65535); 1460 > 2, so the initial window is 4 * 1460 = 5840, and the
 * clamp 65535 << 1 = 131070.  tcp_init_buffer_space: 131070 < 196608
 * and 131070 + 1460 <= 196608, so it stays.  rcv_mss: min(1460, 5840 /
 * 2, 536) = 536.
 */
static void test_initial_window(void **state)
{
	(void)state;
	boot();
	assert_int_equal(sysctl_tcp_rmem[0], 4096);
	assert_int_equal(sysctl_tcp_rmem[1], 87380);
	assert_int_equal(sysctl_tcp_rmem[2], 87380);
	assert_int_equal(sysctl_rmem_max, 124928);
	/* Below 256 MB the threshold is (MB * MB) / 2 pages. */
	assert_int_equal(sysctl_tcp_mem[1],
			 ((totalram_pages >> 8) * (totalram_pages >> 8)) >> 1);
	assert_int_equal(sysctl_tcp_mem[0], sysctl_tcp_mem[1] / 4 * 3);
	assert_int_equal(sysctl_tcp_mem[2], 2 * sysctl_tcp_mem[0]);
	assert_true(sysctl_tcp_mem[1] << 5 < 87380);
	tcp_sock_init(&tp, 262144, ADVMSS);
	assert_int_equal(tp.rcv_wnd, 5840);
	assert_int_equal(tp.rcv_ssthresh, 5840);
	assert_int_equal(tp.rcv_wscale, 1);
	assert_int_equal(tp.window_clamp, 131070);
	assert_int_equal(tp.rcv_mss, 536);
	assert_int_equal(tcp_receive_window(&tp), 5840);
	teardown();
}

/* sk_rmem_alloc is the sum of the queued skbs' truesize, not their
 * payload: 5 order-2 segments are 5 * 8744 = 43720 bytes for 7240 of
 * data; the reader's two frees give back 2 * 8744. */
static void test_truesize_accounting(void **state)
{
	struct sk_buff *skb;

	(void)state;
	boot();
	tcp_sock_init(&tp, 262144, ADVMSS);
	queue(ORDER2_LEN, 5);
	assert_int_equal(tp.sk_rmem_alloc, 5 * ORDER2_TRUESIZE);
	assert_int_equal(tp.rcv_nxt, 5 * MSS);
	for (int i = 0; i < 2; i++) {
		unsigned int used;

		skb = tcp_recv_skb(&tp, &used);
		assert_non_null(skb);
		assert_int_equal(used, skb->len);
		assert_int_equal(skb->truesize, ORDER2_TRUESIZE);
		/* Read but not yet freed: still charged. */
		assert_int_equal(tp.sk_rmem_alloc, (5 - i) * ORDER2_TRUESIZE);
		tcp_rfree_skb(&tp, skb);
	}
	assert_int_equal(tp.sk_rmem_alloc, 3 * ORDER2_TRUESIZE);
	assert_int_equal(tp.copied_seq, 2 * MSS);
	/* e1000e's buffers: 1832 each. */
	queue(ORDER0_LEN, 2);
	assert_int_equal(tp.sk_rmem_alloc, 3 * ORDER2_TRUESIZE +
			 2 * ORDER0_TRUESIZE);
	assert_int_equal(tp.mib.prune_called, 0);
	teardown();
}

/*
 * tcp_grow_window.  Order 0: tcp_win_from_space(1832) = 1832 - 458 =
 * 1374 <= 1448, so each segment adds 2 * advmss = 2920: after 10,
 * 5840 + 29200 = 35040 (check #1 holds: tcp_space is still 3/4 of
 * 262144 - 18320).
 *
 * Order 2: tcp_win_from_space(8744) = 8744 - 2186 = 6558 > 1448, so
 * __tcp_grow_window: truesize 6558 >> 1 = 3279 and window
 * tcp_win_from_space(87380) >> 1 = 65535 >> 1 = 32767, halved together
 * (1639, 16383; 819, 8191) until 819 <= 1448, with rcv_ssthresh still
 * <= 8191: it grows by 2 * rcv_mss (1448, measured from the first
 * segment) = 2896 once, to 8736, and then never again.
 */
static void test_window_growth_order0_and_order2(void **state)
{
	(void)state;
	boot();
	tcp_sock_init(&tp, 262144, ADVMSS);
	queue(ORDER0_LEN, 10);
	assert_int_equal(tp.rcv_ssthresh, 5840 + 10 * 2920);
	assert_int_equal(tp.rcv_mss, MSS);
	tcp_sock_purge(&tp);

	tcp_sock_init(&tp, 262144, ADVMSS);
	queue(ORDER2_LEN, 1);
	assert_int_equal(tp.rcv_ssthresh, 5840 + 2896);
	queue(ORDER2_LEN, 9);
	assert_int_equal(tp.rcv_ssthresh, 8736);
	/*
	 * The window: tcp_space = 3/4 of 262144 - 87440 = 131028 is above
	 * rcv_ssthresh, so __tcp_select_window offers 8736 (a multiple of
	 * 2^1); the ACK moves rcv_wup to rcv_nxt.
	 */
	assert_int_equal(tcp_select_window(&tp), 8736);
	assert_int_equal(tp.rcv_wup, 10 * MSS);
	assert_int_equal(tcp_receive_window(&tp), 8736);
	teardown();
}

/*
 * The window's right edge never moves back.  rcvbuf 16384: full space
 * 12288, the clamp 12288 - 1460 = 10828 (tcp_init_buffer_space's one
 * reserved segment).  An e1000e segment (1832 held) grows rcv_ssthresh
 * to 5840 + 2920 = 8760 and the ACK offers min(3/4 of 14552 = 10914,
 * 8760) = 8760: the edge is 1448 + 8760 = 10208.  An order-2 segment
 * brings the memory to 10576: tcp_space is 3/4 of 5808 = 4356, below
 * what is left of the offer (10208 - 2896 = 7312), so tcp_select_window
 * keeps 7312 and the edge stays at 10208.
 */
static void test_window_never_shrinks(void **state)
{
	uint32_t edge, win;

	(void)state;
	boot();
	tcp_sock_init(&tp, 16384, ADVMSS);
	assert_int_equal(tp.window_clamp, 10828);
	queue(ORDER0_LEN, 1);
	assert_int_equal(tp.rcv_ssthresh, 8760);
	win = tcp_select_window(&tp);
	edge = tp.rcv_wup + win;
	assert_int_equal(edge, 10208);
	queue(ORDER2_LEN, 1);
	assert_int_equal(tp.sk_rmem_alloc, ORDER0_TRUESIZE + ORDER2_TRUESIZE);
	assert_int_equal(__tcp_select_window(&tp), 4356);
	assert_int_equal(tcp_select_window(&tp), 7312);
	assert_int_equal(tp.rcv_wup + tp.rcv_wnd, edge);
	teardown();
}

/*
 * A stalled reader: rcvbuf 65536, order-2 segments.  7 of them are
 * 61208 bytes, under rcvbuf, so the 8th is queued too (69952); the 9th
 * finds the memory over rcvbuf: tcp_prune_queue.  tcp_clamp_window
 * (the buffer is locked) sets rcv_ssthresh to 2 * advmss = 2920.
 * tcp_collapse: the head is bloated, so from copied_seq 0 to rcv_nxt
 * 11584 the payload is copied into skbs of SKB_MAX_ORDER(100, 0) =
 * 4096 - 100 - 512 = 3484 bytes: alloc_skb(3584), truesize 3584 + 232
 * = 3816 (kmalloc-4096, order 0):
 *   1: [0, 3484): segments 1, 2 and 588 of 3; 1 and 2 freed
 *   2: [3484, 6968): 860 of 3, 4, 1176 of 5; 3 and 4 freed
 *   3: [6968, 10452): 272 of 5, 6, 7, 316 of 8; 5, 6, 7 freed
 *   4: [10452, 11584): the last 1132 bytes of 8: alloc_skb(1232),
 *      ALIGN(1232, 64) = 1280, truesize 1512; 8 freed.
 * TCPRcvCollapsed 8, and 3 * 3816 + 1512 = 12960 bytes held: under
 * rcvbuf, so the 9th is queued (21704).  It grows rcv_ssthresh by 2896
 * (__tcp_grow_window, as above): 5816.
 */
static void test_stalled_reader_prune_and_collapse(void **state)
{
	static const unsigned int lens[] = { 3484, 3484, 3484, 1132, MSS };
	static const unsigned int truesizes[] = { 3816, 3816, 3816, 1512,
						  ORDER2_TRUESIZE };
	unsigned long skbs;
	struct sk_buff *skb;
	uint32_t seq = 0;
	size_t i = 0;

	(void)state;
	boot();
	tcp_sock_init(&tp, 65536, ADVMSS);
	queue(ORDER2_LEN, 8);
	assert_int_equal(tp.sk_rmem_alloc, 8 * ORDER2_TRUESIZE);
	assert_int_equal(tp.mib.prune_called, 0);
	skbs = skb_nr_live();
	queue(ORDER2_LEN, 1);
	assert_int_equal(tp.mib.prune_called, 1);
	assert_int_equal(tp.mib.rcv_collapsed, 8);
	assert_int_equal(tp.mib.rcv_pruned, 0);
	assert_int_equal(tp.mib.rmem_dropped, 0);
	assert_int_equal(tp.mib.collapse_alloc_failures, 0);
	assert_int_equal(tp.sk_rmem_alloc, 12960 + ORDER2_TRUESIZE);
	assert_int_equal(tp.rcv_ssthresh, 2920 + 2896);
	/* 8 freed, 4 made, and the 9th queued. */
	assert_int_equal(skb_nr_live(), skbs - 8 + 4 + 1);
	list_for_each_entry(skb, &tp.sk_receive_queue, list) {
		assert_true(i < 5);
		assert_int_equal(skb->seq, seq);
		assert_int_equal(skb->len, lens[i]);
		assert_int_equal(skb->end_seq, seq + lens[i]);
		assert_int_equal(skb->truesize, truesizes[i]);
		seq += lens[i++];
	}
	assert_int_equal(i, 5);
	assert_int_equal(seq, 9 * MSS);
	/* The collapsed skbs' data is order-0 kmalloc. */
	skb = list_first_entry(&tp.sk_receive_queue, struct sk_buff, list);
	assert_ptr_equal(kmalloc_cache(4080), kmalloc_cache(4096));
	assert_null(skb->frag_page);
	teardown();
}

/*
 * Compact skbs cannot be collapsed: rcvbuf 8192, e1000e segments (1832,
 * not bloated: 1374 <= 1448).  4 are 7328 bytes, so a 5th is queued
 * (9160); the 6th finds 9160 > 8192, tcp_collapse skips every skb (all
 * compact, contiguous) and the memory stays over: RcvPruned, and the
 * segment is dropped (freed; rcv_nxt does not move).
 */
static void test_drop_when_collapse_cannot_help(void **state)
{
	unsigned long skbs;
	unsigned int used;

	(void)state;
	boot();
	tcp_sock_init(&tp, 8192, ADVMSS);
	queue(ORDER0_LEN, 5);
	assert_int_equal(tp.sk_rmem_alloc, 5 * ORDER0_TRUESIZE);
	skbs = skb_nr_live();
	assert_false(tcp_data_queue(&tp, segment(ORDER0_LEN)));
	assert_int_equal(skb_nr_live(), skbs);
	assert_int_equal(tp.mib.prune_called, 1);
	assert_int_equal(tp.mib.rcv_pruned, 1);
	assert_int_equal(tp.mib.rcv_collapsed, 0);
	assert_int_equal(tp.mib.rmem_dropped, 1);
	assert_int_equal(tp.sk_rmem_alloc, 5 * ORDER0_TRUESIZE);
	assert_int_equal(tp.rcv_nxt, 5 * MSS);
	/* clamp: rcv_ssthresh 2 * advmss. */
	assert_int_equal(tp.rcv_ssthresh, 2920);
	/* The reader reads one: 7328 <= 8192, the resent segment fits. */
	tcp_rfree_skb(&tp, tcp_recv_skb(&tp, &used));
	assert_true(tcp_data_queue(&tp, segment(ORDER0_LEN)));
	assert_int_equal(tp.mib.prune_called, 1);
	teardown();
}

/* Pages and kmalloc-4096 objects taken until GFP_ATOMIC fails. */
struct hog {
	struct page *pages[20000];
	void *objs[4096];
	size_t nr_pages, nr_objs;
};

static void hog_memory(struct hog *h)
{
	struct page *page;
	void *obj;

	while ((page = alloc_pages(GFP_ATOMIC | __GFP_NOWARN, 0))) {
		assert_true(h->nr_pages < 20000);
		h->pages[h->nr_pages++] = page;
	}
	while ((obj = kmalloc(4080, GFP_ATOMIC | __GFP_NOWARN))) {
		assert_true(h->nr_objs < 4096);
		h->objs[h->nr_objs++] = obj;
	}
}

static void hog_release(struct hog *h)
{
	while (h->nr_objs)
		kfree(h->objs[--h->nr_objs]);
	while (h->nr_pages)
		__free_pages(h->pages[--h->nr_pages], 0);
}

/*
 * The stalled reader's queue of 8 order-2 segments, but no memory left
 * for GFP_ATOMIC: tcp_collapse's first alloc_skb fails and it stops
 * there, nothing collapsed; the memory is still over rcvbuf, so the 9th
 * segment is dropped.
 */
static void test_collapse_allocation_fails(void **state)
{
	static struct hog h;
	struct sk_buff *ninth;

	(void)state;
	boot();
	tcp_sock_init(&tp, 65536, ADVMSS);
	queue(ORDER2_LEN, 8);
	ninth = segment(ORDER2_LEN);
	memset(&h, 0, sizeof(h));
	hog_memory(&h);
	assert_true(h.nr_pages > 0);
	assert_false(tcp_data_queue(&tp, ninth));
	assert_int_equal(tp.mib.prune_called, 1);
	assert_int_equal(tp.mib.collapse_alloc_failures, 1);
	assert_int_equal(tp.mib.rcv_collapsed, 0);
	assert_int_equal(tp.mib.rcv_pruned, 1);
	assert_int_equal(tp.mib.rmem_dropped, 1);
	assert_int_equal(tp.sk_rmem_alloc, 8 * ORDER2_TRUESIZE);
	hog_release(&h);
	/* With memory back, the resent segment collapses the queue. */
	assert_true(tcp_data_queue(&tp, segment(ORDER2_LEN)));
	assert_int_equal(tp.mib.rcv_collapsed, 8);
	teardown();
}

/*
 * A collapse cut short by a failed GFP_ATOMIC alloc_skb() (2.6.30-32
 * tcp_collapse() returns there) leaves the segment it was copying from
 * queued behind the new skb, its first bytes in both.  The queue is made
 * so by hand: segments 1 and 2 and 588 bytes of 3 in one skb of 3484,
 * then segment 3 whole.  The reader takes the first skb whole and of
 * segment 3 only the 860 bytes it had not read (tcp_recvmsg()'s offset):
 * every byte once, in order.
 */
static void test_collapse_cut_short_overlaps(void **state)
{
	struct sk_buff *first, *second, *skb;
	unsigned int used;

	(void)state;
	boot();
	tcp_sock_init(&tp, 65536, ADVMSS);
	queue(ORDER2_LEN, 3);
	first = list_first_entry(&tp.sk_receive_queue, struct sk_buff, list);
	second = list_entry(first->list.next, struct sk_buff, list);
	list_del(&second->list);
	tcp_rfree_skb(&tp, second);
	first->len = first->end_seq = 3484;
	skb = tcp_recv_skb(&tp, &used);
	assert_ptr_equal(skb, first);
	assert_int_equal(used, 3484);
	tcp_rfree_skb(&tp, skb);
	skb = tcp_recv_skb(&tp, &used);
	assert_non_null(skb);
	assert_int_equal(skb->seq, 2 * MSS);
	assert_int_equal(used, 3 * MSS - 3484);
	assert_int_equal(tp.copied_seq, tp.rcv_nxt);
	tcp_rfree_skb(&tp, skb);
	assert_null(tcp_recv_skb(&tp, &used));
	assert_int_equal(tp.sk_rmem_alloc, 0);
	teardown();
}

/* tcp_cleanup_rbuf: a read that lets the window at least double sends
 * an update; the sender's edge moves out. */
static void test_read_reopens_window(void **state)
{
	uint32_t win = 0, edge;

	(void)state;
	boot();
	tcp_sock_init(&tp, 65536, ADVMSS);
	queue(ORDER2_LEN, 7);
	/* 61208 held: tcp_space = 3/4 of 4328 = 3246 < 1448?  No: 3246
	 * >= 1448, but under half of full_space; min(3246, rcv_ssthresh
	 * 8736) = 3246, rounded up to 3246 (even). */
	win = tcp_select_window(&tp);
	edge = tp.rcv_wup + win;
	assert_int_equal(edge - tp.rcv_nxt, 3246);
	/* The reader takes all 7: 3246 * 2 <= clamp; the new window is
	 * rcv_ssthresh 8736 >= 2 * 3246: an ACK. */
	for (int i = 0; i < 7; i++) {
		unsigned int used;
		struct sk_buff *skb = tcp_recv_skb(&tp, &used);

		tcp_rfree_skb(&tp, skb);
	}
	assert_true(tcp_cleanup_rbuf(&tp, MSS, &win));
	assert_int_equal(win, 8736);
	assert_int_equal(tp.rcv_wup + win - edge, 8736 - 3246);
	/* Nothing more to say right after. */
	assert_false(tcp_cleanup_rbuf(&tp, MSS, &win));
	teardown();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_initial_window),
		cmocka_unit_test(test_truesize_accounting),
		cmocka_unit_test(test_window_growth_order0_and_order2),
		cmocka_unit_test(test_window_never_shrinks),
		cmocka_unit_test(test_stalled_reader_prune_and_collapse),
		cmocka_unit_test(test_drop_when_collapse_cannot_help),
		cmocka_unit_test(test_collapse_allocation_fails),
		cmocka_unit_test(test_collapse_cut_short_overlaps),
		cmocka_unit_test(test_read_reopens_window),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
