// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel stacks of the workload tasks (kernel/fork.c, 2.6.32).
 *
 * x86's alloc_thread_info is __get_free_pages(GFP_KERNEL | __GFP_NOTRACK,
 * THREAD_ORDER): an order-1, unmovable allocation that, from a task,
 * may wake kswapd and enter direct reclaim (lumpy at order 1), which is
 * how fork feels fragmentation.  account_kernel_stack adds one to the
 * zone's NR_KERNEL_STACK per stack (2.6.32; /proc/meminfo's KernelStack is
 * that count times THREAD_SIZE).
 *
 * [MODEL] Only the programs started by program_spawn get a stack (not
 * trace replay, not the test harness's tasks); kswapd,
 * the flushers, kjournald and kcryptd are engine tasks without one.
 * The short-lived children of the harness's shell scripts (a monitor's
 * grep, awk, subshells and sleep) are not simulated tasks: they get a
 * stack only, alloc_child_stack() in the parent's context, as
 * do_fork() -> copy_process() -> dup_task_struct() allocates it.
 */
#include <errno.h>
#include "linux/kernel.h"
#include "linux/mempool.h"
#include "linux/slab.h"
#include "linux/mmzone.h"
#include "linux/mm.h"
#include "linux/swap.h"

/*
 * x86's alloc_thread_info(): __get_free_pages(THREAD_FLAGS, THREAD_ORDER),
 * THREAD_FLAGS GFP_KERNEL | __GFP_NOTRACK (2.6.32
 * arch/x86/include/asm/thread_info.h; __GFP_NOTRACK is kmemcheck's and
 * 0 without it), then account_kernel_stack().
 */
struct page *alloc_child_stack(void)
{
	struct page *page = alloc_pages_for(ALLOC_CALLER_STACK, GFP_KERNEL,
					    THREAD_ORDER);

	if (page)
		__inc_zone_page_state(page, NR_KERNEL_STACK);
	return page;
}

/* free_task() -> free_thread_info(), after account_kernel_stack(-1). */
void free_child_stack(struct page *page)
{
	if (!page)
		return;
	__dec_zone_page_state(page, NR_KERNEL_STACK);
	__free_pages(page, THREAD_ORDER);
}

int alloc_task_stack(struct task_struct *p)
{
	struct page *page = alloc_child_stack();

	if (!page)
		return -ENOMEM;
	p->stack = page;
	return 0;
}

void free_task_stack(struct task_struct *p)
{
	struct page *page = p->stack;

	p->stack = NULL;
	free_child_stack(page);
}

/*
 * Pages the kernel holds outside the LRU and slab: page tables, kernel
 * stacks, the pages of page mempools (dm-crypt's, in the reserve or in
 * flight), SLUB's kmalloc_large blocks (receive buffers above 8 KiB),
 * new pages being cleared for __GFP_ZERO (prep_new_page) and the swap
 * devices' vmalloc'd swap_maps.
 */
unsigned long kernel_held_pages(void)
{
	/* The invariant checker's caller sweeps every page: the counters
	 * with their per-cpu differentials, not only the folded part. */
	return global_page_state_snapshot(NR_PAGETABLE) +
	       (global_page_state_snapshot(NR_KERNEL_STACK) << THREAD_ORDER) +
	       mempool_held_pages() + kmalloc_large_pages() + nr_pages_zeroing +
	       nr_pages_in_hand + swap_map_held_pages();
}
