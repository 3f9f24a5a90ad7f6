/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Socket buffers as the receive path allocates them (2.6.32
 * include/linux/skbuff.h, net/core/skbuff.c): a struct sk_buff head from
 * skbuff_head_cache and its data from kmalloc, aligned to the cache line
 * and followed by struct skb_shared_info; or, for a driver that receives
 * into pages, a small head and a page fragment.
 *
 * Sizes (the distribution config of docs/model.md "Slab"): struct
 * sk_buff 232 bytes on x86-64, 180 on x86; struct skb_shared_info 496 /
 * 336 (2.6.31, 2.6.32), 488 / 336 (2.6.30: kprofile.skb_shinfo_dma_head).
 * A receive of L bytes through netdev_alloc_skb asks kmalloc for
 * ALIGN(L + NET_SKB_PAD, 64) + sizeof(struct skb_shared_info): an MTU
 * 1500 buffer (1524 bytes) is kmalloc-4096 on x86-64, kmalloc-2048 on
 * x86; above 8 KiB SLUB goes to the page allocator (order 2 for 8448).
 */
#ifndef MMSIM_SKBUFF_H
#define MMSIM_SKBUFF_H

#include <stdint.h>
#include "linux/gfp.h"
#include "sim/list.h"

#define NET_SKB_PAD	32
#define NET_IP_ALIGN	2

struct page;

struct sk_buff {
	struct list_head list;		/* a socket's receive queue */
	unsigned int len;		/* payload bytes */
	unsigned int truesize;		/* data size + sizeof(struct sk_buff) */
	void *head;			/* the kmalloc'ed data */
	struct page *frag_page;		/* a page fragment, or NULL */
	unsigned int frag_order;
	/* skb_headroom(): the data's offset in the buffer, the headers
	 * pulled in front of the payload included. */
	unsigned int headroom;
	/* TCP_SKB_CB(skb)->seq, ->end_seq: the payload's sequence space. */
	uint32_t seq, end_seq;
};

static inline unsigned int skb_headroom(const struct sk_buff *skb)
{
	return skb->headroom;
}

/* net/core/skbuff.c skb_init (sock_init, a core_initcall): the head
 * caches skbuff_head_cache and skbuff_fclone_cache. */
void skb_init(void);

/*
 * __alloc_skb(): a head with @gfp_mask (less __GFP_DMA), then
 * kmalloc(SKB_DATA_ALIGN(@size) + sizeof(struct skb_shared_info), @gfp_mask);
 * NULL (the head freed) if either fails.
 */
struct sk_buff *__alloc_skb(unsigned int size, gfp_t gfp_mask, int fclone);
static inline struct sk_buff *alloc_skb(unsigned int size, gfp_t priority)
{
	return __alloc_skb(size, priority, 0);
}
/* __netdev_alloc_skb(): @length + NET_SKB_PAD of data, the pad reserved. */
struct sk_buff *__netdev_alloc_skb(unsigned int length, gfp_t gfp_mask);
static inline struct sk_buff *netdev_alloc_skb(unsigned int length)
{
	return __netdev_alloc_skb(length, GFP_ATOMIC);
}
/* skb_fill_page_desc() of a receive: @page (2^@order) as a fragment. */
void skb_add_rx_frag(struct sk_buff *skb, struct page *page, unsigned int order);
/* The data, the fragment and the head back. */
void kfree_skb(struct sk_buff *skb);
/* What __alloc_skb(@size) asks kmalloc for. */
unsigned int skb_kmalloc_size(unsigned int size);
/*
 * SKB_MAX_ORDER(@x, @order): the most data an skb whose kmalloc'ed block
 * is 2^@order pages can carry behind @x bytes of headroom,
 * (PAGE_SIZE << order) - x - SKB_DATA_ALIGN(sizeof(struct skb_shared_info));
 * negative if none.
 */
int skb_max_order(unsigned int x, unsigned int order);
/* sizeof(struct sk_buff) of the arch. */
unsigned int skb_head_size(void);
/* Heads and data blocks allocated and not freed. */
unsigned long skb_nr_live(void);

#endif /* MMSIM_SKBUFF_H */
