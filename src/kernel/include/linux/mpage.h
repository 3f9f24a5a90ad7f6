/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Multi-page reads of block-mapped files (2.6.32 include/linux/mpage.h,
 * fs/mpage.c): one READ bio per run of contiguous blocks.
 */
#ifndef MMSIM_MPAGE_H
#define MMSIM_MPAGE_H

#include "linux/buffer_head.h"

int mpage_readpages(struct address_space *mapping, struct list_head *pages,
		    unsigned int nr_pages, get_block_t get_block);
int mpage_readpage(struct page *page, get_block_t get_block);

#endif /* MMSIM_MPAGE_H */
