// SPDX-License-Identifier: GPL-2.0
/*
 * The allocation and freeing of socket buffers, as 2.6.32's
 * net/core/skbuff.c (skb_init, __alloc_skb, __netdev_alloc_skb,
 * kfree_skb, SKB_MAX_ORDER; linux/skbuff.h).  Only what the receive
 * path's memory needs: no cloning, no checksums, no frag lists.
 */
#include <string.h>
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/skbuff.h"
#include "linux/slab.h"
#include "mmsim/profile.h"

static struct kmem_cache *skbuff_head_cache;
static struct kmem_cache *skbuff_fclone_cache;
static unsigned long nr_skbs;

static bool arch32(void)
{
	return sim_arch && sim_arch->arch == ARCH_X86;
}

static unsigned int sizeof_sk_buff(void)
{
	return arch32() ? 180 : 232;
}

/* skb_shared_info: 2.6.31 added dma_head (an 8-byte dma_addr_t on
 * x86-64) and took a dma_maps slot away. */
static unsigned int sizeof_skb_shared_info(void)
{
	if (arch32())
		return 336;
	return kprofile_get(skb_shinfo_dma_head) ? 496 : 488;
}

/* SKB_DATA_ALIGN: ALIGN(X, SMP_CACHE_BYTES), L1_CACHE_BYTES 64. */
static unsigned int skb_data_align(unsigned int x)
{
	return (x + 63) & ~63U;
}

unsigned int skb_kmalloc_size(unsigned int size)
{
	return skb_data_align(size) + sizeof_skb_shared_info();
}

int skb_max_order(unsigned int x, unsigned int order)
{
	return (int)(PAGE_SIZE << order) - (int)x -
	       (int)skb_data_align(sizeof_skb_shared_info());
}

unsigned int skb_head_size(void)
{
	return sizeof_sk_buff();
}

unsigned long skb_nr_live(void)
{
	return nr_skbs;
}

void skb_init(void)
{
	skbuff_head_cache = kmem_cache_create_host("skbuff_head_cache",
						   sizeof_sk_buff(), 0,
						   SLAB_HWCACHE_ALIGN | SLAB_PANIC,
						   NULL, sizeof(struct sk_buff));
	/* Two heads and an atomic_t (fast clones, transmit side). */
	skbuff_fclone_cache = kmem_cache_create_host("skbuff_fclone_cache",
						     2 * sizeof_sk_buff() + 4, 0,
						     SLAB_HWCACHE_ALIGN | SLAB_PANIC,
						     NULL, sizeof(struct sk_buff));
	nr_skbs = 0;
}

struct sk_buff *__alloc_skb(unsigned int size, gfp_t gfp_mask, int fclone)
{
	struct kmem_cache *cache = fclone ? skbuff_fclone_cache : skbuff_head_cache;
	struct sk_buff *skb;
	void *data;

	skb = kmem_cache_alloc(cache, gfp_mask & ~__GFP_DMA);
	if (!skb)
		return NULL;
	size = skb_data_align(size);
	data = kmalloc(size + sizeof_skb_shared_info(), gfp_mask);
	if (!data) {
		kmem_cache_free(cache, skb);
		return NULL;
	}
	memset(skb, 0, sizeof(*skb));
	INIT_LIST_HEAD(&skb->list);
	skb->head = data;
	skb->truesize = size + sizeof_sk_buff();
	nr_skbs++;
	return skb;
}

struct sk_buff *__netdev_alloc_skb(unsigned int length, gfp_t gfp_mask)
{
	/* skb_reserve(skb, NET_SKB_PAD) after: the pad is in the data. */
	return __alloc_skb(length + NET_SKB_PAD, gfp_mask, 0);
}

void skb_add_rx_frag(struct sk_buff *skb, struct page *page, unsigned int order)
{
	skb->frag_page = page;
	skb->frag_order = order;
	skb->truesize += (unsigned int)(PAGE_SIZE << order);
}

void kfree_skb(struct sk_buff *skb)
{
	if (!skb)
		return;
	/* skb_release_data: the fragments, then the data; kfree_skbmem. */
	if (skb->frag_page)
		__free_pages(skb->frag_page, skb->frag_order);
	kfree(skb->head);
	kmem_cache_free(skbuff_head_cache, skb);
	nr_skbs--;
}
