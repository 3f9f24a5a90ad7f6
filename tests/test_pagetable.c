// SPDX-License-Identifier: GPL-2.0
/*
 * Page tables and kernel stacks: one PTE page per PMD slot a fault
 * touches (512 PTEs on x86-64, 1024 on x86 without PAE), counted in
 * NR_PAGETABLE, unmovable, freed when no vma covers the slot; an order-1
 * kernel stack per task counted in NR_KERNEL_STACK (stacks, not pages),
 * whose allocation under pressure enters order-1 direct reclaim.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include "reclaim_harness.h"

#define RC6 "2.6.32-rc6"

struct pt_run {
	unsigned long addr;
	int errors;
	unsigned long pt_after_faults, pt_after_unmap;
	unsigned long nr_ptes;
	int migratetype;
};

static void pt_task(void *arg)
{
	struct pt_run *r = arg;
	struct mm_struct *mm = mm_alloc();

	current->mm = mm;
	/* 3 MiB from 0x10000000, which is 2 MiB and 4 MiB aligned. */
	r->addr = do_mmap_anon(mm, 3UL << 20, VM_READ | VM_WRITE);
	/* Pages 0, 1 and 700: 0x10000000 and 0x102bc000. */
	r->errors += !!access_user_page(mm, r->addr, true);
	r->errors += !!access_user_page(mm, r->addr + PAGE_SIZE, true);
	r->errors += !!access_user_page(mm, r->addr + 700 * PAGE_SIZE, true);
	r->pt_after_faults = global_page_state(NR_PAGETABLE);
	r->nr_ptes = mm->nr_ptes;
	r->migratetype = get_pageblock_migratetype(mm->pte_pages[0] ?
						   mm->pte_pages[0] :
						   mm->pte_pages[1]);
	do_munmap(mm, r->addr);
	r->pt_after_unmap = global_page_state(NR_PAGETABLE);
	current->mm = NULL;
	mmput(mm);
}

static void run_pt(const char *arch, struct pt_run *r)
{
	harness_boot(arch, 64, 1, RC6, 1);
	kthread_run(pt_task, r, "faulter", DEFAULT_PRIO);
	run_until_ms(100);
	assert_conserved();
	harness_teardown();
}

static void test_pte_pages_per_pmd_slot(void **state)
{
	struct pt_run r = { 0 };

	(void)state;
	/*
	 * x86-64: a PTE page maps 512 * 4 KiB = 2 MiB.  0x10000000 is slot
	 * 0x80 and 0x102bc000 slot 0x81: two PTE pages, one for pages 0
	 * and 1 together.
	 */
	run_pt("x86_64", &r);
	assert_int_equal(r.errors, 0);
	assert_int_equal(r.pt_after_faults, 2);
	assert_int_equal(r.nr_ptes, 2);
	/* GFP_KERNEL: unmovable. */
	assert_int_equal(r.migratetype, MIGRATE_UNMOVABLE);
	assert_int_equal(r.pt_after_unmap, 0);

	/* x86 without PAE: 1024 * 4 KiB = 4 MiB, all three in slot 0x40. */
	memset(&r, 0, sizeof(r));
	run_pt("x86", &r);
	assert_int_equal(r.errors, 0);
	assert_int_equal(r.pt_after_faults, 1);
	assert_int_equal(r.pt_after_unmap, 0);
}

/* ---- kernel stacks --------------------------------------------------- */

struct stack_run {
	int ret;
	unsigned long stacks, free_delta;
	unsigned long stacks_after_free;
	unsigned long allocstall;
	int order;
};

static void stack_task(void *arg)
{
	struct stack_run *s = arg;
	unsigned long free0 = global_page_state(NR_FREE_PAGES);

	s->ret = alloc_task_stack(current);
	s->stacks = global_page_state(NR_KERNEL_STACK);
	s->free_delta = free0 - global_page_state(NR_FREE_PAGES);
	s->allocstall = vm_events[ALLOCSTALL];
	free_task_stack(current);
	s->stacks_after_free = global_page_state(NR_KERNEL_STACK);
}

static void test_kernel_stack_is_order_1(void **state)
{
	struct stack_run s = { 0 };

	(void)state;
	harness_boot("x86_64", 64, 1, RC6, 1);
	kthread_run(stack_task, &s, "fork", DEFAULT_PRIO);
	run_until_ms(100);
	assert_int_equal(s.ret, 0);
	/* One stack counted once, two pages taken (THREAD_SIZE 8 KiB). */
	assert_int_equal(s.stacks, 1);
	assert_int_equal(s.free_delta, 2);
	assert_int_equal(s.allocstall, 0);
	assert_int_equal(s.stacks_after_free, 0);
	assert_conserved();
	harness_teardown();
}

/*
 * Memory full of clean page cache and no free pair of buddies: the
 * order-1 GFP_KERNEL stack allocation (a fork) enters direct reclaim
 * and succeeds from it.
 */
static void test_fork_under_pressure_reclaims_order_1(void **state)
{
	struct stack_run s = { 0 };
	struct test_file *tf;
	struct page *page;
	unsigned long n = 0;

	(void)state;
	harness_boot("x86_64", 64, 1, RC6, 1);
	tf = test_file_create(10 * NSEC_PER_MSEC);
	while ((page = take_page(-1)) != NULL)
		add_file_page(tf, page, n++, false);
	assert_int_equal(global_page_state(NR_FREE_PAGES), 0);
	kthread_run(stack_task, &s, "fork", DEFAULT_PRIO);
	run_until_ms(2000);
	assert_int_equal(s.ret, 0);
	assert_int_equal(s.stacks, 1);
	assert_true(s.allocstall >= 1);
	assert_conserved();
	harness_teardown();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pte_pages_per_pmd_slot),
		cmocka_unit_test(test_kernel_stack_is_order_1),
		cmocka_unit_test(test_fork_under_pressure_reclaims_order_1),
	};

	return cmocka_run_group_tests_name("pagetable", tests, NULL, NULL);
}
