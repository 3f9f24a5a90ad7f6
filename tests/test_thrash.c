// SPDX-License-Identifier: GPL-2.0
/*
 * The swap token (mm/thrash.c, in src/kernel/mm/memory.c) on small cases,
 * at each tag's profile (2.6.30, 2.6.31 and 2.6.32-rc6: grab_swap_token()
 * is the same algorithm at all three):
 *
 * - the first mm to fault on swap takes it with priority 2, and keeps it
 *   while it keeps faulting (+2 a fault); a fault the swap cache answers
 *   does not contend;
 * - a holder that stopped faulting loses it to an mm whose swap faults
 *   come faster (in faults counted by every mm), and only once that mm's
 *   priority exceeds the holder's, not when it equals it;
 * - page_referenced() finds the holder's page referenced only while the
 *   holder is inside a fault (a swap-in's wait included) or munmap, and
 *   never when the holder itself scans;
 * - reclaim at priority 0 drops it, reclaim that frees enough earlier
 *   does not; the holder's exit drops it, another mm's does not;
 * - the hand-off and drop counts (run measures) and the time each mm
 *   held it (swap_token_held_ns()).
 *
 * Every swap fault here is major and reads one page: page_cluster is 0
 * (no readahead window), so each fault is one grab_swap_token().
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include "reclaim_harness.h"
#include "metrics/metrics.h"

static const char *const profiles[] = {
	"2.6.30-0000000-force-highorder",
	"2.6.31-0000000-force-highorder",
	"2.6.32-rc6-0000000-force-highorder",
};
#define NR_PROFILES (sizeof(profiles) / sizeof(profiles[0]))

#define NR_MM_PAGES 16

/* The swap drive: the default one, or one that takes @access_ns a command. */
static int swapon_drive(sim_time_t access_ns)
{
	struct disk_params dp;
	struct cfq_params cp;

	disk_default_params(&dp);
	cfq_default_params(&cp);
	if (access_ns)
		dp.access_ns = access_ns;
	harness_swap_bdev = disk_create("sda", &dp, &cp);
	return swapon_bdev(harness_swap_bdev, 0, 2048, 0);
}

static void boot_drive(const char *profile, unsigned int cpus, uint64_t seed,
		       sim_time_t access_ns)
{
	harness_boot("x86_64", 64, cpus, profile, seed);
	assert_int_equal(swapon_drive(access_ns), 0);
	/* After reclaim_init's swap_setup(): one page per swap-in. */
	page_cluster = 0;
	assert_null(swap_token_mm);
}

static void boot(const char *profile, unsigned int cpus, uint64_t seed)
{
	boot_drive(profile, cpus, seed, 0);
}

static void teardown(void)
{
	harness_swapoff_device();
	harness_teardown();
}

/* The run measures, as the end of a run collects them. */
struct token_counts {
	uint64_t handoffs, drops_priority0, drops_exit;
};

static struct token_counts counts(void)
{
	struct token_counts c;
	struct run_result r;

	result_init(&r);
	result_collect(&r);
	c.handoffs = result_uint(&r, "swap_token_handoffs");
	c.drops_priority0 = result_uint(&r, "swap_token_drops_priority0");
	c.drops_exit = result_uint(&r, "swap_token_drops_exit");
	result_free(&r);
	return c;
}

/* ---- address spaces --------------------------------------------------- */

static unsigned long page_addr(struct mm_struct *mm, unsigned long i)
{
	return list_first_entry(&mm->mmap, struct vm_area_struct,
				vm_list)->vm_start + i * PAGE_SIZE;
}

static struct page *mapped_page(struct mm_struct *mm, unsigned long i)
{
	unsigned long addr = page_addr(mm, i);
	struct vm_area_struct *vma = find_vma(mm, addr);
	pte_t pte = vma->ptes[vma_address_index(vma, addr)];

	return pte_present(pte) ? pfn_to_page(pte_pfn(pte)) : NULL;
}

/* Page @i of @mm out to swap through the real paths, and dropped. */
static void swap_out(struct mm_struct *mm, unsigned long i)
{
	struct page *page = mapped_page(mm, i);

	harness_swap_out_page(page);
}

/*
 * Page @i of @mm, read in from swap and so still in the swap cache,
 * unmapped: its PTE is the swap entry again, and a fault on it finds the
 * page in the cache (minor).
 */
static void unmap_swap_cache_page(struct mm_struct *mm, unsigned long i)
{
	struct page *page = mapped_page(mm, i);

	get_page(page);
	lock_page(page);
	try_to_unmap(page, TTU_IGNORE_ACCESS);
	unlock_page(page);
	put_page(page);
}

/* An mm of NR_MM_PAGES written pages, all of them swapped out. */
static struct mm_struct *swapped_mm(void)
{
	struct mm_struct *mm = mm_alloc();
	unsigned long addr;

	addr = do_mmap_anon(mm, NR_MM_PAGES * PAGE_SIZE, VM_READ | VM_WRITE);
	for (unsigned long i = 0; i < NR_MM_PAGES; i++)
		user_write_value(mm, addr + i * PAGE_SIZE, i + 1);
	for (unsigned long i = 0; i < NR_MM_PAGES; i++)
		swap_out(mm, i);
	return mm;
}

/* A read of page @i of @mm, as a task of @mm makes it: its fault result. */
static int touch(struct mm_struct *mm, unsigned long i)
{
	struct mm_struct *was = current->mm;
	uint64_t v = 0;
	int ret;

	current->mm = mm;
	ret = user_read_value(mm, page_addr(mm, i), &v);
	current->mm = was;
	return ret;
}

/* Exit: the pages' reads are over first (a locked swap cache page
 * outlives its PTE). */
static void put_mms(struct mm_struct **mms, int nr)
{
	schedule_timeout_uninterruptible(HZ);
	for (int i = 0; i < nr; i++)
		mmput(mms[i]);
}

/* ---- first come, first served; the holder keeps it -------------------- */

#define ROUNDS 4

struct keep {
	bool major[2][ROUNDS];		/* [mm A, B][round] */
	bool a_held[2][ROUNDS];		/* holder A after each fault */
	unsigned int prio[2][ROUNDS];
	int minor_ret;
	bool unmapped_before_minor;
	unsigned long minor_faults, minor_majfaults;
	unsigned int prio_before_minor, prio_after_minor;
	uint64_t handoffs_after;
	sim_time_t t0, t1, t_end;	/* around A's first fault; the end */
	sim_time_t held_a, held_b;
};

static void keep_task(void *arg)
{
	struct keep *k = arg;
	struct mm_struct *mm[2] = { swapped_mm(), swapped_mm() };

	k->t0 = sim_now();
	for (int r = 0; r < ROUNDS; r++)
		for (int m = 0; m < 2; m++) {
			k->major[m][r] = touch(mm[m], r) & VM_FAULT_MAJOR;
			if (!r && !m)
				k->t1 = sim_now();
			k->a_held[m][r] = swap_token_mm == mm[0];
			k->prio[m][r] = mm[m]->token_priority;
		}
	/* A's page in the swap cache: the fault is minor, no contest. */
	touch(mm[0], ROUNDS);
	k->prio_before_minor = mm[0]->token_priority;
	unmap_swap_cache_page(mm[0], ROUNDS);
	k->unmapped_before_minor = !mapped_page(mm[0], ROUNDS);
	k->minor_faults = vm_events[PGFAULT];
	k->minor_majfaults = vm_events[PGMAJFAULT];
	k->minor_ret = touch(mm[0], ROUNDS);
	k->minor_faults = vm_events[PGFAULT] - k->minor_faults;
	k->minor_majfaults = vm_events[PGMAJFAULT] - k->minor_majfaults;
	k->prio_after_minor = mm[0]->token_priority;
	k->handoffs_after = counts().handoffs;
	k->t_end = sim_now();
	k->held_a = swap_token_held_ns(mm[0]);
	k->held_b = swap_token_held_ns(mm[1]);
	put_mms(mm, 2);
}

static void check_keep(const char *profile)
{
	struct keep k = { 0 };

	boot(profile, 1, 21);
	kthread_run(keep_task, &k, "faulter", DEFAULT_PRIO);
	run_until_ms(30 * 1000);

	for (int r = 0; r < ROUNDS; r++) {
		assert_true(k.major[0][r]);
		assert_true(k.major[1][r]);
		/* A's first fault took it; A never let it go. */
		assert_true(k.a_held[0][r]);
		assert_true(k.a_held[1][r]);
		/* +2 at each of the holder's faults. */
		assert_int_equal(k.prio[0][r], 2 * (r + 1));
		/*
		 * B's intervals (2 faults, the same every round) never
		 * shrink: its priority stays at 0.  Its first interval is
		 * 2 only if global_faults started at 0 at this boot, as
		 * the second and third profiles' runs check.
		 */
		assert_int_equal(k.prio[1][r], 0);
	}
	assert_int_equal(k.prio_before_minor, 2 * (ROUNDS + 1));
	/* One fault, minor: the page came from the swap cache. */
	assert_true(k.unmapped_before_minor);
	assert_int_equal(k.minor_faults, 1);
	assert_int_equal(k.minor_majfaults, 0);
	assert_false(k.minor_ret & (VM_FAULT_MAJOR | VM_FAULT_OOM |
				    VM_FAULT_SIGBUS));
	assert_int_equal(k.prio_after_minor, k.prio_before_minor);
	/* One hand-off: from nobody to A. */
	assert_int_equal(k.handoffs_after, 1);
	/* A holds it from inside its first fault to the end, B never. */
	assert_true(k.t1 > k.t0);
	assert_in_range(k.held_a, k.t_end - k.t1, k.t_end - k.t0);
	assert_int_equal(k.held_b, 0);
	/* Both exited: A with the token. */
	assert_null(swap_token_mm);
	assert_int_equal(counts().drops_exit, 1);
	assert_conserved();
	teardown();
}

static void test_first_fault_takes_holder_keeps(void **state)
{
	(void)state;
	for (size_t i = 0; i < NR_PROFILES; i++)
		check_keep(profiles[i]);
}

/* ---- taken by a faster faulter, once its priority exceeds ------------- */

/*
 * Global fault numbers (every grab_swap_token() counts one): A faults at
 * 1 and stops (priority 2).  C faults between B's faults so that B's
 * intervals shrink, 7, 5, 4, 2: B's priority goes 0, 1, 2 (equal to A's:
 * A keeps it), 3 (more than A's: B takes it, +2 = 5).  C's own intervals
 * (a first long one, then 1s) keep it at 0 or 1.
 */
static const char takeover_seq[] = "ACCCCCBCCCCBCCCBCB";
#define TAKEOVER_LEN (sizeof(takeover_seq) - 1)

struct takeover {
	int holder[TAKEOVER_LEN];	/* 0 A, 1 B, 2 C, -1 nobody */
	unsigned int prio[TAKEOVER_LEN][3];
	bool all_major;
	uint64_t handoffs;
	sim_time_t t0, t1;		/* around A's fault */
	sim_time_t t2, t3;		/* around B's last fault */
	sim_time_t t4, t5;		/* two later reads */
	sim_time_t held_a4, held_b4, held_a5, held_b5, held_c5;
};

static void takeover_task(void *arg)
{
	struct takeover *t = arg;
	struct mm_struct *mm[3] = { swapped_mm(), swapped_mm(), swapped_mm() };
	unsigned long next[3] = { 0 };

	t->all_major = true;
	for (size_t f = 0; f < TAKEOVER_LEN; f++) {
		int m = takeover_seq[f] - 'A';
		sim_time_t before = sim_now();

		t->all_major &= !!(touch(mm[m], next[m]++) & VM_FAULT_MAJOR);
		if (!f) {
			t->t0 = before;
			t->t1 = sim_now();
		} else if (f == TAKEOVER_LEN - 1) {
			t->t2 = before;
			t->t3 = sim_now();
		}
		t->holder[f] = -1;
		for (int i = 0; i < 3; i++) {
			if (swap_token_mm == mm[i])
				t->holder[f] = i;
			t->prio[f][i] = mm[i]->token_priority;
		}
	}
	t->handoffs = counts().handoffs;
	t->t4 = sim_now();
	t->held_a4 = swap_token_held_ns(mm[0]);
	t->held_b4 = swap_token_held_ns(mm[1]);
	schedule_timeout_uninterruptible(HZ / 2);
	t->t5 = sim_now();
	t->held_a5 = swap_token_held_ns(mm[0]);
	t->held_b5 = swap_token_held_ns(mm[1]);
	t->held_c5 = swap_token_held_ns(mm[2]);
	put_mms(mm, 3);
}

static void check_takeover(const char *profile)
{
	struct takeover t = { 0 };
	unsigned int b_prio[] = { 0, 1, 2, 5 };
	int b = 0;

	boot(profile, 1, 22);
	kthread_run(takeover_task, &t, "faulter", DEFAULT_PRIO);
	run_until_ms(30 * 1000);

	assert_true(t.all_major);
	for (size_t f = 0; f < TAKEOVER_LEN; f++) {
		/* A holds it until B's last fault. */
		assert_int_equal(t.holder[f], f < TAKEOVER_LEN - 1 ? 0 : 1);
		assert_int_equal(t.prio[f][0], 2);
		assert_true(t.prio[f][2] <= 1);
		if (takeover_seq[f] == 'B')
			assert_int_equal(t.prio[f][1], b_prio[b++]);
	}
	assert_int_equal(b, 4);
	/* Nobody to A, A to B. */
	assert_int_equal(t.handoffs, 2);
	/*
	 * A held it from inside its fault to inside B's last; B since then.
	 * Afterwards A's time stands still and B's grows with the clock.
	 */
	assert_in_range(t.held_a4, t.t2 - t.t1, t.t3 - t.t0);
	assert_in_range(t.held_b4, t.t4 - t.t3, t.t4 - t.t2);
	assert_in_range(t.held_a4 + t.held_b4, t.t4 - t.t1, t.t4 - t.t0);
	assert_true(t.t5 > t.t4);
	assert_int_equal(t.held_a5, t.held_a4);
	assert_int_equal(t.held_b5 - t.held_b4, t.t5 - t.t4);
	assert_int_equal(t.held_c5, 0);
	assert_conserved();
	teardown();
}

static void test_faster_faulter_takes_once_priority_exceeds(void **state)
{
	(void)state;
	for (size_t i = 0; i < NR_PROFILES; i++)
		check_takeover(profiles[i]);
}

/* ---- page_referenced_one: only while the holder is in a fault -------- */

enum { IDLE, IN_FAULT, IN_MUNMAP, OUT, NR_PHASES };

struct referenced {
	struct mm_struct *a;
	struct task_struct *scanner, *holder_task;
	int phase;			/* what the holder is doing */
	bool holder;			/* A took it at its first swap fault */
	int self_idle, self_in_fault;	/* the holder's own scans */
	int ref[NR_PHASES];		/* another task's scans */
	int seen[NR_PHASES];		/* the holder's phase at each */
	bool holder_asleep[NR_PHASES];
	int major;
	bool done;
};

/* Page 2 of A, mapped and not young: referenced only by the token. */
static int scan(struct referenced *s)
{
	unsigned long vm_flags;

	return page_referenced(mapped_page(s->a, 2), 0, &vm_flags);
}

/* Another task's reclaim (no mm): one scan at each wake-up, a tick after
 * it, when the holder is well inside what it started. */
static void scanner_task(void *arg)
{
	struct referenced *s = arg;

	for (int p = IDLE; p < NR_PHASES; p++) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		schedule();
		schedule_timeout_uninterruptible(1);
		s->seen[p] = s->phase;
		s->holder_asleep[p] = s->holder_task->state != TASK_RUNNING;
		s->ref[p] = scan(s);
	}
	s->done = true;
}

static void wake_scanner(struct referenced *s, int phase)
{
	s->phase = phase;
	wake_up_process(s->scanner);
}

static void holder_task(void *arg)
{
	struct referenced *s = arg;
	struct mm_struct *a = mm_alloc();
	unsigned long addr, big;
	unsigned long vm_flags;

	s->a = a;
	current->mm = a;
	addr = do_mmap_anon(a, 4 * PAGE_SIZE, VM_READ | VM_WRITE);
	for (unsigned long i = 0; i < 4; i++)
		user_write_value(a, addr + i * PAGE_SIZE, i + 1);
	swap_out(a, 0);
	swap_out(a, 1);
	/* A 2 GiB vma never touched: its munmap is charged 100 ns a PTE. */
	big = do_mmap_anon(a, 1UL << 31, VM_READ | VM_WRITE);
	/* The first swap fault takes the token. */
	user_read_value(a, addr, &(uint64_t){ 0 });
	s->holder = swap_token_mm == a;
	/* Page 2's young bit goes at the first look. */
	page_referenced(mapped_page(a, 2), 0, &vm_flags);
	s->self_idle = page_referenced(mapped_page(a, 2), 0, &vm_flags);
	/* The holder's own reclaim inside its fault (handle_mm_fault's
	 * down_read) does not spare its pages. */
	a->mmap_sem++;
	s->self_in_fault = page_referenced(mapped_page(a, 2), 0, &vm_flags);
	a->mmap_sem--;

	wake_scanner(s, IDLE);
	schedule_timeout_uninterruptible(HZ / 10);
	/* A swap-in: the wait for the read is inside the fault. */
	wake_scanner(s, IN_FAULT);
	s->major = user_read_value(a, addr + PAGE_SIZE, &(uint64_t){ 0 });
	s->phase = IDLE;
	schedule_timeout_uninterruptible(HZ / 10);
	wake_scanner(s, IN_MUNMAP);
	do_munmap(a, big);
	s->phase = IDLE;
	schedule_timeout_uninterruptible(HZ / 10);
	/* Out of any fault: only the young bit would count. */
	wake_scanner(s, OUT);
	schedule_timeout_uninterruptible(HZ / 10);
	current->mm = NULL;
	schedule_timeout_uninterruptible(HZ);
	mmput(a);
}

static void check_referenced(const char *profile)
{
	struct referenced s = { 0 };

	/*
	 * Two CPUs: the scanner runs while the holder is charged for its
	 * munmap.  A swap-in takes over 20 ms, so the scanner's look a tick
	 * (4 ms) after the fault began finds the holder waiting for the read.
	 */
	boot_drive(profile, 2, 23, 20 * NSEC_PER_MSEC);
	s.scanner = kthread_run(scanner_task, &s, "scanner", DEFAULT_PRIO);
	s.holder_task = kthread_run(holder_task, &s, "holder", DEFAULT_PRIO);
	run_until_ms(30 * 1000);

	assert_true(s.done);
	assert_true(s.holder);
	assert_int_equal(s.self_idle, 0);
	assert_int_equal(s.self_in_fault, 0);
	assert_true(s.major & VM_FAULT_MAJOR);
	/* The scans came where they were meant to. */
	assert_int_equal(s.seen[IDLE], IDLE);
	assert_int_equal(s.seen[IN_FAULT], IN_FAULT);
	assert_int_equal(s.seen[IN_MUNMAP], IN_MUNMAP);
	assert_int_equal(s.seen[OUT], OUT);
	/* In the fault, the holder slept in lock_page for its read; in
	 * munmap it was on a CPU. */
	assert_true(s.holder_asleep[IN_FAULT]);
	assert_false(s.holder_asleep[IN_MUNMAP]);
	assert_int_equal(s.ref[IDLE], 0);
	assert_int_equal(s.ref[IN_FAULT], 1);
	assert_int_equal(s.ref[IN_MUNMAP], 1);
	assert_int_equal(s.ref[OUT], 0);
	assert_conserved();
	teardown();
}

static void test_referenced_only_inside_fault(void **state)
{
	(void)state;
	for (size_t i = 0; i < NR_PROFILES; i++)
		check_referenced(profiles[i]);
}

/* ---- dropped at priority 0 and at exit ------------------------------- */

struct drops {
	struct test_file *tf;
	bool took[2];
	unsigned long reclaimed[2];
	bool held_after[2];
	struct token_counts after[2];
	sim_time_t held_at_drop, held_later;
	bool b_exit_kept, a_exit_dropped;
	struct token_counts at_exit[2];
};

static unsigned long direct_reclaim(void)
{
	struct reclaim_state rs = { 0 };
	unsigned long ret;

	current->flags |= PF_MEMALLOC;
	current->reclaim_state = &rs;
	ret = try_to_free_pages(node_zonelist(0, GFP_KERNEL), 0, GFP_KERNEL);
	current->reclaim_state = NULL;
	current->flags &= ~PF_MEMALLOC;
	return ret;
}

static void drops_task(void *arg)
{
	struct drops *d = arg;
	struct mm_struct *a = swapped_mm(), *b = swapped_mm();
	struct page *page;
	unsigned long n = 0;

	touch(a, 0);
	touch(b, 0);
	touch(a, 1);
	d->took[0] = swap_token_mm == a;
	/*
	 * Nothing but A's and B's few pages to reclaim: short of
	 * SWAP_CLUSTER_MAX at every priority, so the loop reaches 0.
	 */
	d->reclaimed[0] = direct_reclaim();
	d->held_after[0] = swap_token_mm == a;
	d->after[0] = counts();
	d->held_at_drop = swap_token_held_ns(a);
	schedule_timeout_uninterruptible(HZ / 10);
	d->held_later = swap_token_held_ns(a);

	/* A takes it again; then plenty of clean page cache: reclaim is
	 * done long before priority 0. */
	touch(a, 2);
	d->took[1] = swap_token_mm == a;
	test_file_reserve(d->tf, max_pfn);
	while ((page = take_page(-1)) != NULL)
		add_file_page(d->tf, page, n++, false);
	d->reclaimed[1] = direct_reclaim();
	d->held_after[1] = swap_token_mm == a;
	d->after[1] = counts();

	/* B's exit leaves it with A; A's takes it away. */
	schedule_timeout_uninterruptible(HZ);
	mmput(b);
	d->b_exit_kept = swap_token_mm == a;
	d->at_exit[0] = counts();
	mmput(a);
	d->a_exit_dropped = swap_token_mm == NULL;
	d->at_exit[1] = counts();
}

static void check_drops(const char *profile)
{
	struct drops d = { 0 };

	boot(profile, 1, 24);
	d.tf = test_file_create(0);
	kthread_run(drops_task, &d, "faulter", DEFAULT_PRIO);
	run_until_ms(30 * 1000);

	assert_true(d.took[0]);
	assert_true(d.reclaimed[0] < SWAP_CLUSTER_MAX);
	assert_false(d.held_after[0]);
	assert_int_equal(d.after[0].drops_priority0, 1);
	assert_int_equal(d.after[0].handoffs, 1);
	/* Dropped: A's time stopped. */
	assert_true(d.held_at_drop > 0);
	assert_int_equal(d.held_later, d.held_at_drop);

	assert_true(d.took[1]);
	assert_true(d.reclaimed[1] >= SWAP_CLUSTER_MAX);
	assert_true(d.held_after[1]);
	assert_int_equal(d.after[1].drops_priority0, 1);
	assert_int_equal(d.after[1].handoffs, 2);

	assert_true(d.b_exit_kept);
	assert_int_equal(d.at_exit[0].drops_exit, 0);
	assert_true(d.a_exit_dropped);
	assert_int_equal(d.at_exit[1].drops_exit, 1);
	assert_int_equal(d.at_exit[1].drops_priority0, 1);
	assert_int_equal(d.at_exit[1].handoffs, 2);
	assert_conserved();
	test_file_destroy(d.tf);
	teardown();
}

static void test_dropped_at_priority0_and_exit(void **state)
{
	(void)state;
	for (size_t i = 0; i < NR_PROFILES; i++)
		check_drops(profiles[i]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_first_fault_takes_holder_keeps),
		cmocka_unit_test(test_faster_faulter_takes_once_priority_exceeds),
		cmocka_unit_test(test_referenced_only_inside_fault),
		cmocka_unit_test(test_dropped_at_priority0_and_exit),
	};

	return cmocka_run_group_tests_name("thrash", tests, NULL, NULL);
}
