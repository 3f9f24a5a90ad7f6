// SPDX-License-Identifier: GPL-2.0
/*
 * The allocation paths of .30, .31 and rc6: each patch switch of
 * the allocator on and off at the function it changes, GFP_ATOMIC order-2
 * from interrupt context at the exact watermark boundary, GFP_KERNEL
 * entering direct reclaim, should_alloc_retry's rules, the OOM killer's
 * choice and its panic when nothing is killable.  Everything goes through
 * the real alloc_pages().
 *
 * Machines are x86 with 64 MB (mmsim's smallest), booted by the reclaim
 * harness, no swap, no kswapd.  Where a test must see kswapd wake-ups it
 * runs a stand-in, kswapd_probe, that does what kswapd's loop head does
 * (sleep on pgdat->kswapd_wait, then read and clear kswapd_max_order) and
 * records each wake-up, so wakeup_kswapd() in vmscan.c is exercised as it
 * is and never edited.
 *
 * The x86 64 MB machine's Normal zone has WMARK_MIN 191 (low 238, high
 * 286; 2.6.32 mm/page_alloc.c init_per_zone_wmark_min() and
 * setup_per_zone_wmarks()): the GFP_ATOMIC tests assert it before using it.
 *
 * Simulated tasks never call cmocka assertions: they record, and the test
 * asserts after sim_run.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include "reclaim_harness.h"
#include "linux/oom.h"
#include "mmsim/alloc_fail.h"
#include "mmsim/trace.h"
#include "linux/backing-dev.h"
#include "report/kern_log.h"
#include "mmsim/kstate.h"

#define RC6		"2.6.32-rc6"
#define MACHINE_MB	64

/* ---- the machine -------------------------------------------------------- */

/* Pages the test holds outside the LRU ("unreclaimable allocations"). */
static bool *held;
static unsigned long nr_held;

static void boot(const char *profile, unsigned int cpus, uint64_t seed)
{
	harness_boot("x86", MACHINE_MB, cpus, profile, seed);
	alloc_failures_reset();
	oom_kills_reset();
	congestion_wait_stats_reset();
	held = calloc(max_pfn, sizeof(*held));
	assert_non_null(held);
	nr_held = 0;
	mm_debug_expected_other = 0;
}

static void teardown(void)
{
	trace_sink = NULL;
	harness_teardown();
	free(held);
	held = NULL;
	alloc_failures_reset();
	oom_kills_reset();
}

static long nr_free(struct zone *zone)
{
	return zone_page_state(zone, NR_FREE_PAGES);
}

static int pcp_count(struct zone *zone)
{
	int n = 0;

	for (unsigned int cpu = 0; cpu < sim_nr_cpus(); cpu++)
		n += zone->pageset[cpu].pcp.count;
	return n;
}

/* One free page of @zone, ignoring watermarks, or NULL. */
static struct page *grab(struct zone *zone)
{
	struct zonelist one = { { zone, NULL } };

	return get_page_from_freelist(GFP_KERNEL, 0, &one, zone_idx(zone),
				      ALLOC_NO_WATERMARKS, zone,
				      MIGRATE_UNMOVABLE);
}

/* Take every free page of @zone, buddy and per-cpu lists alike. */
static void hold_zone(struct zone *zone)
{
	struct page *page;

	do {
		while ((page = grab(zone)) != NULL) {
			held[page_to_pfn(page)] = true;
			nr_held++;
		}
		drain_all_pages();
	} while (nr_free(zone) > 0);
	assert_int_equal(pcp_count(zone), 0);
	mm_debug_expected_other = (long)nr_held;
}

static void hold_all(void)
{
	struct zone *zone;

	for_each_populated_zone(zone)
		hold_zone(zone);
}

/* Give back held pages; drain_all_pages() afterwards puts them in the buddy. */
static void release(unsigned long pfn)
{
	assert_true(held[pfn]);
	held[pfn] = false;
	nr_held--;
	__free_pages(pfn_to_page(pfn), 0);
	mm_debug_expected_other = (long)nr_held;
}

static bool all_held(unsigned long pfn, unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		if (pfn + i >= max_pfn || !held[pfn + i])
			return false;
	return true;
}

/* Every held page of odd pfn becomes a clean page of @tf: reclaim can free
 * them, but never two buddies, so no block of order >= 1 ever forms. */
static unsigned long interleave_file_pages(struct test_file *tf)
{
	unsigned long n = 0;

	for (unsigned long pfn = 1; pfn < max_pfn; pfn += 2) {
		if (!held[pfn])
			continue;
		held[pfn] = false;
		nr_held--;
		add_file_page(tf, pfn_to_page(pfn), n++, false);
	}
	mm_debug_expected_other = (long)nr_held;
	return n;
}

static bool zone_below_low(struct zone *zone, int order)
{
	return !zone_watermark_ok(zone, order, low_wmark_pages(zone), 0, 0);
}

/* ---- tasks -------------------------------------------------------------- */

struct alloc_req {
	gfp_t gfp;
	unsigned int order;
	/* results */
	bool returned;
	struct page *page;
	sim_time_t called, finished;
	unsigned long allocstall;	/* ALLOCSTALL during the call */
	unsigned int flags_after;	/* current->flags after the call */
	bool reclaim_state_after;
};

static void alloc_task(void *arg)
{
	struct alloc_req *r = arg;
	unsigned long stalls = vm_events[ALLOCSTALL];

	r->called = sim_now();
	r->page = alloc_pages(r->gfp, r->order);
	r->finished = sim_now();
	r->allocstall = vm_events[ALLOCSTALL] - stalls;
	r->flags_after = current->flags;
	r->reclaim_state_after = current->reclaim_state != NULL;
	r->returned = true;
	if (r->page)
		mm_debug_expected_other += 1L << r->order;
}

static struct task_struct *start_alloc(struct alloc_req *r, const char *comm)
{
	return kthread_run(alloc_task, r, comm, DEFAULT_PRIO);
}

/* kswapd's loop head without balance_pgdat: sleep, read and clear the order. */
#define PROBE_MAX 512
struct kswapd_probe {
	unsigned int nr;
	sim_time_t when[PROBE_MAX];
	int order[PROBE_MAX];
};

static void kswapd_probe_fn(void *arg)
{
	struct kswapd_probe *kp = arg;
	pg_data_t *pgdat = NODE_DATA(0);

	for (;;) {
		DEFINE_WAIT(wait);

		prepare_to_wait(&pgdat->kswapd_wait, &wait, TASK_INTERRUPTIBLE);
		schedule();
		finish_wait(&pgdat->kswapd_wait, &wait);
		if (kp->nr < PROBE_MAX) {
			kp->when[kp->nr] = sim_now();
			kp->order[kp->nr] = pgdat->kswapd_max_order;
		}
		kp->nr++;
		pgdat->kswapd_max_order = 0;
	}
}

/*
 * A process with @pages of anonymous memory; it exits when killed, unless
 * it is stuck in uninterruptible sleep (D state), where no kill reaches it.
 */
struct victim {
	unsigned long pages;
	bool stuck;
	struct task_struct *task;
	struct mm_struct *mm;
	bool ready;
	int fault_errors;
	unsigned long tif_seen;	/* tif_flags when it noticed the kill */
	bool exited;
};

static void victim_fn(void *arg)
{
	struct victim *v = arg;
	struct mm_struct *mm = mm_alloc();
	unsigned long addr;

	v->mm = mm;
	current->mm = mm;
	addr = v->pages ? do_mmap_anon(mm, v->pages << PAGE_SHIFT,
				       VM_READ | VM_WRITE) : 0;
	for (unsigned long i = 0; i < v->pages; i++)
		if (access_user_page(mm, addr + (i << PAGE_SHIFT), true) &
		    (VM_FAULT_OOM | VM_FAULT_SIGBUS))
			v->fault_errors++;
	v->ready = true;
	for (;;) {
		set_current_state(v->stuck ? TASK_UNINTERRUPTIBLE :
					     TASK_INTERRUPTIBLE);
		schedule();
		if (fatal_signal_pending(current))
			break;
	}
	v->tif_seen = current->tif_flags;
	current->mm = NULL;
	v->mm = NULL;
	mmput(mm);
	v->exited = true;
}

static void start_victim(struct victim *v, const char *comm)
{
	v->task = kthread_run(victim_fn, v, comm, DEFAULT_PRIO);
}

/* Before teardown: the mm of a victim still alive (its task never ends). */
static void victim_release(struct victim *v)
{
	if (!v->mm)
		return;
	v->task->mm = NULL;
	mmput(v->mm);
	v->mm = NULL;
}

/* Calls to congestion_wait from one site, in order. */
static size_t cw_records_at(enum cw_site site,
			    const struct congestion_wait_record **out,
			    size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < congestion_wait_nr_records(); i++) {
		const struct congestion_wait_record *rec = congestion_wait_record(i);

		if (rec->site != site)
			continue;
		if (n < max)
			out[n] = rec;
		n++;
	}
	return n;
}

/* ==== patch 2: rt tasks in interrupt context (gfp_to_alloc_flags) ======== */

struct flags_probe {
	int task_noio, task_kernel, task_kernel_nomemalloc;
	int irq_noio, irq_kernel, irq_atomic;
	bool irq_ran, irq_in_interrupt;
	int irq_current_pid;
	unsigned int task_flags;
	struct irq_work work;
};

static void flags_irq(struct irq_work *w)
{
	struct flags_probe *fp = w->data;

	fp->irq_ran = true;
	fp->irq_in_interrupt = in_interrupt();
	fp->irq_current_pid = current ? current->pid : -1;
	/* Flags only: a __GFP_WAIT allocation here would be a kernel bug. */
	fp->irq_noio = gfp_to_alloc_flags(GFP_NOIO);
	fp->irq_kernel = gfp_to_alloc_flags(GFP_KERNEL);
	fp->irq_atomic = gfp_to_alloc_flags(GFP_ATOMIC);
}

static void flags_task(void *arg)
{
	struct flags_probe *fp = arg;

	fp->task_flags = current->flags;
	fp->task_noio = gfp_to_alloc_flags(GFP_NOIO);
	fp->task_kernel = gfp_to_alloc_flags(GFP_KERNEL);
	fp->task_kernel_nomemalloc = gfp_to_alloc_flags(GFP_KERNEL |
							__GFP_NOMEMALLOC);
	/* Hold the CPU while the interrupt comes. */
	cpu_consume(10 * NSEC_PER_MSEC);
}

static void memalloc_flags_task(void *arg)
{
	current->flags |= PF_MEMALLOC;
	flags_task(arg);
	current->flags &= ~PF_MEMALLOC;
}

/* A task of priority @prio holds CPU 0; an interrupt at 1 ms computes flags. */
static void run_flags_probe(const char *profile, int prio, bool memalloc,
			    struct flags_probe *fp)
{
	struct task_struct *p;

	memset(fp, 0, sizeof(*fp));
	boot(profile, 1, 1);
	p = kthread_run(memalloc ? memalloc_flags_task : flags_task, fp,
			"holder", prio);
	irq_work_init(&fp->work, 0, flags_irq, fp);
	irq_work_queue_at(&fp->work, 1 * NSEC_PER_MSEC);
	run_until_ms(20);
	assert_true(fp->irq_ran);
	assert_true(fp->irq_in_interrupt);
	/* current in the interrupt is the task it interrupted. */
	assert_int_equal(fp->irq_current_pid, p->pid);
	teardown();
}

static const struct {
	const char *profile;
	bool harder_in_irq;	/* kprofile.rt_harder_in_irq */
} rt_rows[] = {
	/* .30 granted ALLOC_HARDER to rt tasks only outside interrupts. */
	{ "2.6.30", false },
	/* 341ce06f (.31) dropped the in_interrupt() test ... */
	{ "2.6.31", true },
	{ "2.6.32-rc6", true },
	{ "2.6.31-revert-8aa7e847", true },
	/* ... patch 2 restores it. */
	{ "2.6.31-0000012-pgalloc-2.6.30", false },
	{ "2.6.32-rc6-0000012-pgalloc-2.6.30", false },
	{ "2.6.32-rc6-0012345-adjust-priority", false },
	{ "2.6.32-rc6+2", false },
	{ "2.6.32-rc6+1", true },
};

/*
 * ALLOC_WMARK_MIN 0x00, ALLOC_CPUSET 0x40, ALLOC_HARDER 0x10, ALLOC_HIGH
 * 0x20, ALLOC_NO_WATERMARKS 0x04 (2.6.32 mm/page_alloc.c).  GFP_NOIO = __GFP_WAIT.
 */
static void test_p2_rt_task_in_interrupt(void **state)
{
	struct flags_probe fp;

	(void)state;
	for (size_t i = 0; i < sizeof(rt_rows) / sizeof(rt_rows[0]); i++) {
		run_flags_probe(rt_rows[i].profile, 50, false, &fp);
		/* In task context an rt task always digs deeper. */
		assert_int_equal(fp.task_noio, ALLOC_CPUSET | ALLOC_HARDER);
		assert_int_equal(fp.task_kernel, ALLOC_CPUSET | ALLOC_HARDER);
		/* Interrupting it: HARDER only where the profile says so. */
		assert_int_equal(fp.irq_noio,
				 ALLOC_CPUSET |
				 (rt_rows[i].harder_in_irq ? ALLOC_HARDER : 0));
		assert_int_equal(fp.irq_kernel, fp.irq_noio);
		/* P2 changes nothing for GFP_ATOMIC: HIGH|HARDER, no cpuset. */
		assert_int_equal(fp.irq_atomic, ALLOC_HIGH | ALLOC_HARDER);
	}
}

static void test_p2_normal_and_memalloc_tasks(void **state)
{
	struct flags_probe fp;

	(void)state;
	/* A normal task, interrupted or not, gets MIN|CPUSET only. */
	run_flags_probe("2.6.31", DEFAULT_PRIO, false, &fp);
	assert_int_equal(fp.task_noio, ALLOC_CPUSET);
	assert_int_equal(fp.irq_noio, ALLOC_CPUSET);
	assert_int_equal(fp.irq_atomic, ALLOC_HIGH | ALLOC_HARDER);

	/* PF_MEMALLOC ignores watermarks in task context, not when the
	 * task is merely interrupted, and not with __GFP_NOMEMALLOC. */
	run_flags_probe(RC6, DEFAULT_PRIO, true, &fp);
	assert_true(fp.task_flags & PF_MEMALLOC);
	assert_int_equal(fp.task_kernel, ALLOC_CPUSET | ALLOC_NO_WATERMARKS);
	assert_int_equal(fp.task_kernel_nomemalloc, ALLOC_CPUSET);
	assert_int_equal(fp.irq_kernel, ALLOC_CPUSET);
	assert_int_equal(fp.irq_atomic, ALLOC_HIGH | ALLOC_HARDER);
}

/* ==== patch 1: wake kswapd when the slow path restarts =================== */

static unsigned int trace_wakeups;
static int trace_wakeup_order_mismatch;
static int trace_expected_order;

static void count_wakeup_kswapd(const struct trace_entry *e)
{
	if (e->id != TRACE_MM_VMSCAN_WAKEUP_KSWAPD)
		return;
	trace_wakeups++;
	if (e->mm_vmscan_wakeup_kswapd.order != trace_expected_order)
		trace_wakeup_order_mismatch++;
}

struct restart_run {
	struct kswapd_probe probe;
	struct victim victim;
	struct alloc_req req;
	int zones_below_low;
	bool vmscan_traces;	/* wakeup_kswapd emits mm_vmscan_wakeup_kswapd */
	size_t oom_calls, kills;
	int killed_pid, victim_pid;	/* tasks are freed at teardown */
	unsigned long victim_tif;
	sim_time_t t0;
};

/*
 * Memory is full: a 256-page process stuck in D state and everything else
 * held by the test (unreclaimable), no swap, so direct reclaim never makes
 * progress.  An order-2 GFP_KERNEL allocation then loops: reclaim (nothing),
 * __alloc_pages_may_oom -> out_of_memory, which kills the process once and
 * afterwards waits for it (TIF_MEMDIE, never exits), sleeping one tick per
 * call -> restart.  The run is bounded by RESTART_RUN_MS of simulated time.
 * (2.6.30 also scans the stuck process's anon pages at priority 0 even
 * without swap, so its passes include a 100 ms congestion nap each.)
 */
#define RESTART_RUN_MS	1000
static void run_restart(const char *profile, struct restart_run *rr)
{
	struct zone *zone;

	memset(rr, 0, sizeof(*rr));
	boot(profile, 2, 11);
	kthread_run(kswapd_probe_fn, &rr->probe, "kswapd-probe", DEFAULT_PRIO);
	rr->victim.pages = 256;
	rr->victim.stuck = true;
	sim_set_deadlock_hook(NULL);	/* it sleeps in D state forever on purpose */
	start_victim(&rr->victim, "stuck");
	run_until_ms(50);
	assert_true(rr->victim.ready);
	assert_int_equal(rr->victim.fault_errors, 0);
	hold_all();
	for_each_populated_zone(zone)
		rr->zones_below_low += zone_below_low(zone, 2);

	/* Does wakeup_kswapd trace?  (vmscan.c of the reclaim branch does.) */
	trace_wakeups = 0;
	trace_wakeup_order_mismatch = 0;
	trace_expected_order = 2;
	trace_sink = count_wakeup_kswapd;
	wakeup_kswapd(Z(ZONE_NORMAL), 2);
	rr->vmscan_traces = trace_wakeups == 1;
	trace_wakeups = 0;
	NODE_DATA(0)->kswapd_max_order = 0;
	/* The probe was asleep: that direct call woke it once. */
	run_until_ms(51);
	assert_int_equal(rr->probe.nr, 1);
	rr->probe.nr = 0;

	rr->req.gfp = GFP_KERNEL;
	rr->req.order = 2;
	rr->t0 = sim_now();
	start_alloc(&rr->req, "forker");
	run_until_ms(51 + RESTART_RUN_MS);
	trace_sink = NULL;

	rr->oom_calls = oom_call_count();
	rr->kills = oom_kill_count();
	if (rr->kills)
		rr->killed_pid = oom_kill_get(0)->pid;
	rr->victim_tif = rr->victim.task->tif_flags;
	rr->victim_pid = rr->victim.task->pid;
	victim_release(&rr->victim);
	teardown();
}

static void assert_restart_common(const struct restart_run *rr)
{
	/* The allocation never succeeds and never gives up (order <= 3). */
	assert_false(rr->req.returned);
	/* Both zones stay below low: every wake_all_kswapd wakes. */
	assert_int_equal(rr->zones_below_low, 2);
	/* One kill, of the only process with an mm, which cannot exit. */
	assert_int_equal(rr->kills, 1);
	assert_int_equal(rr->killed_pid, rr->victim_pid);
	assert_true(rr->victim_tif & (1UL << TIF_MEMDIE));
	assert_true(rr->victim_tif & (1UL << TIF_SIGKILL));
	assert_false(rr->victim.exited);
	/*
	 * Each out_of_memory ends with a one-tick sleep (to the next 4 ms
	 * tick at HZ=250), so 1000 ms hold 1000/4 + 1 = 251 calls at most
	 * (the first sleep may be shorter than a tick), and the loop made
	 * several.
	 */
	assert_in_range(rr->oom_calls, 5, RESTART_RUN_MS / 4 + 1);
	/* The first wake-up is the slow path's entry, carrying order 2. */
	assert_true(rr->probe.nr >= 1);
	assert_true(rr->probe.when[0] - rr->t0 < jiffies_to_ns(1));
	assert_int_equal(rr->probe.order[0], 2);
}

/* Vanilla .31/rc6: restart sits below wake_all_kswapd. */
static void test_p1_restart_without_wake(void **state)
{
	static const char *const rows[] = { "2.6.31", RC6, "2.6.32-rc6+2+3" };
	struct restart_run rr;

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		run_restart(rows[i], &rr);
		assert_restart_common(&rr);
		/* Every restart skipped kswapd: one wake-up in all. */
		assert_int_equal(rr.probe.nr, 1);
		if (rr.vmscan_traces)
			assert_int_equal(trace_wakeups, rr.zones_below_low);
	}
}

/* Patch 1 (restart above the wake) and 2.6.30 (restart from the top). */
static void test_p1_restart_wakes_kswapd(void **state)
{
	static const char *const rows[] = {
		"2.6.30", "2.6.31-0000012-pgalloc-2.6.30",
		"2.6.32-rc6-0000012-pgalloc-2.6.30", "2.6.32-rc6+1",
	};
	struct restart_run rr;

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		run_restart(rows[i], &rr);
		assert_restart_common(&rr);
		/*
		 * One wake-up at entry and one per restart.  Each
		 * out_of_memory call is followed by a restart, except the
		 * last if the run ended during its one-tick sleep.
		 */
		assert_in_range(rr.probe.nr, rr.oom_calls, rr.oom_calls + 1);
		for (unsigned int w = 1; w < rr.probe.nr && w < PROBE_MAX; w++) {
			/* Each wake-up tells kswapd the order again... */
			assert_int_equal(rr.probe.order[w], 2);
			/* ...one restart after the previous: a one-tick
			 * sleep apart (the first only to the next tick). */
			assert_true(rr.probe.when[w] > rr.probe.when[w - 1]);
			if (w >= 2)
				assert_true(rr.probe.when[w] - rr.probe.when[w - 1] >=
					    jiffies_to_ns(1));
		}
		if (rr.vmscan_traces) {
			assert_int_equal(trace_wakeups,
					 rr.probe.nr * (unsigned int)rr.zones_below_low);
			assert_int_equal(trace_wakeup_order_mismatch, 0);
		}
	}
}

/* ==== the OOM victim's own allocation (switch restart_alloc_flags) ======== */

struct self_oom {
	bool ready, go, returned;
	struct page *page;
	unsigned long tif_after;
	struct mm_struct *mm;
};

/* The only process with an mm: 64 anon pages, then one GFP_KERNEL page. */
static void self_oom_fn(void *arg)
{
	struct self_oom *so = arg;
	struct mm_struct *mm = mm_alloc();
	unsigned long addr = do_mmap_anon(mm, 64 << PAGE_SHIFT,
					  VM_READ | VM_WRITE);

	so->mm = mm;
	current->mm = mm;
	for (unsigned long i = 0; i < 64; i++)
		access_user_page(mm, addr + (i << PAGE_SHIFT), true);
	so->ready = true;
	while (!so->go)
		schedule_timeout_uninterruptible(1);
	so->page = alloc_pages(GFP_KERNEL, 0);
	so->tif_after = current->tif_flags;
	so->returned = true;
	if (so->page)
		mm_debug_expected_other += 1;
}

/*
 * Memory held but for 8 free pages of Normal (below its WMARK_MIN of
 * 191), no swap: the task's order-0 GFP_KERNEL request fails the fast
 * path and the min watermark, reclaim frees nothing (its anon pages have
 * nowhere to go), and __alloc_pages_may_oom() kills the only process with
 * an mm, itself: TIF_MEMDIE, no one-tick sleep, restart.  v2.6.30 (flags
 * set below restart:) and rc6 (b259fbde0a8) recompute alloc_flags, now
 * with ALLOC_NO_WATERMARKS, and __alloc_pages_high_priority() takes one of
 * the 8 pages.  v2.6.31 keeps the flags from before the kill: the min
 * watermark fails again and the TIF_MEMDIE test gives up, a printed
 * allocation failure.  Patch 1 moves 2.6.31's label above the flags.
 */
static void check_oom_victim_restart(const char *profile, bool succeeds)
{
	struct self_oom so = { 0 };
	struct task_struct *task;
	struct zone *normal;
	unsigned long pfn, released = 0;

	boot(profile, 1, 17);
	task = kthread_run(self_oom_fn, &so, "self", DEFAULT_PRIO);
	run_until_ms(50);
	assert_true(so.ready);
	hold_all();
	normal = Z(ZONE_NORMAL);
	for (pfn = normal->zone_start_pfn; released < 8; pfn++)
		if (held[pfn]) {
			release(pfn);
			released++;
		}
	drain_all_pages();
	assert_int_equal(nr_free(normal), 8);
	assert_true(nr_free(normal) < (long)min_wmark_pages(normal));
	so.go = true;
	run_until_ms(50 + 2000);
	assert_true(so.returned);
	assert_int_equal(oom_kill_count(), 1);
	assert_int_equal(oom_call_count(), 1);
	assert_true(so.tif_after & (1UL << TIF_MEMDIE));
	if (succeeds) {
		assert_non_null(so.page);
		assert_int_equal(alloc_failure_count(), 0);
		__free_pages(so.page, 0);
		mm_debug_expected_other -= 1;
	} else {
		assert_null(so.page);
		assert_int_equal(alloc_failure_count(), 1);
	}
	/* Its mm outlives the task (the kill is never acted on). */
	task->mm = NULL;
	mmput(so.mm);
	teardown();
}

static void test_oom_victim_restart_flags(void **state)
{
	(void)state;
	check_oom_victim_restart("2.6.30", true);
	check_oom_victim_restart("2.6.31", false);
	check_oom_victim_restart("2.6.31-0000012-pgalloc-2.6.30", true);
	check_oom_victim_restart(RC6, true);
}

/* ==== OOM with nothing to kill: 2.6.32 panics ============================ */

static void test_oom_panic_when_nothing_killable(void **state)
{
	const struct oom_panic_record *pr;
	struct alloc_req req = { .gfp = GFP_KERNEL, .order = 0 };
	struct task_struct *p;
	sim_time_t end;

	(void)state;
	boot(RC6, 1, 3);
	hold_all();
	p = start_alloc(&req, "bash");
	end = sim_run(1 * NSEC_PER_SEC);

	/* Reclaim found nothing and no task has an mm: panic at once. */
	pr = oom_panic_get();
	assert_non_null(pr);
	assert_string_equal(pr->message, "Out of memory and no killable processes...");
	assert_int_equal(pr->pid, p->pid);
	assert_string_equal(pr->comm, "bash");
	assert_int_equal(pr->gfp_mask, GFP_KERNEL);
	assert_int_equal(pr->order, 0);
	assert_int_equal(oom_call_count(), 1);
	assert_int_equal(oom_kill_count(), 0);
	/* sim_stop(): the run ends at the panic, long before its 1 s. */
	assert_true(sim_stopped());
	assert_int_equal(end, pr->when);
	assert_true(end < 1 * NSEC_PER_SEC);
	/* A panicked kernel does not come back to the allocation. */
	assert_false(req.returned);
	assert_int_equal(alloc_failure_count(), 0);
	sim_run(2 * NSEC_PER_SEC);
	assert_false(req.returned);
	teardown();
}

/* ==== patch 3: the queue the retry waits on ============================== */

struct wake_async {
	struct timer timer;
	struct backing_dev_info *bdi;
	sim_time_t period, stop;
	unsigned long ticks;
};

/* Completions on the async queue only: they wake congestion_wqh[ASYNC]. */
static void wake_async_fn(struct timer *t)
{
	struct wake_async *wa = t->data;

	wa->ticks++;
	clear_bdi_congested(wa->bdi, BLK_RW_ASYNC);
	if (sim_now() + wa->period < wa->stop)
		timer_add(t, sim_now() + wa->period);
}

#define MAX_RETRY_RECORDS 16
struct retry_run {
	struct alloc_req req;
	size_t nr;
	struct congestion_wait_record rec[MAX_RETRY_RECORDS];
	unsigned long calls_total[NR_CW_QUEUES];
	unsigned long allocstall;
	unsigned long file_pages;
};

/*
 * Half the memory is clean page cache, every page's buddy held by the
 * test: each direct reclaim pass frees >= 32 pages, yet no order-2 block
 * can ever form.  GFP_KERNEL order 2 therefore makes progress and retries
 * forever through the congestion_wait at CW_ALLOC_RETRY.  Async I/O
 * "completes" every 7 ms, sync never.
 */
static void run_retry(const char *profile, gfp_t gfp, unsigned int order,
		      unsigned long ms, struct retry_run *rr)
{
	const struct congestion_wait_record *recs[MAX_RETRY_RECORDS];
	struct test_file *tf;
	struct wake_async wa = { .period = 7 * NSEC_PER_MSEC };

	memset(rr, 0, sizeof(*rr));
	boot(profile, 1, 5);
	tf = test_file_create(10 * NSEC_PER_MSEC);
	test_file_reserve(tf, max_pfn / 2);
	hold_all();
	rr->file_pages = interleave_file_pages(tf);
	wa.bdi = tf->bdi;
	wa.stop = sim_now() + ms * NSEC_PER_MSEC;
	timer_init(&wa.timer, wake_async_fn, &wa);
	timer_add(&wa.timer, sim_now() + 3 * NSEC_PER_MSEC);
	rr->req.gfp = gfp;
	rr->req.order = order;
	start_alloc(&rr->req, "retrier");
	sim_run(sim_now() + ms * NSEC_PER_MSEC);
	timer_del(&wa.timer);

	rr->nr = cw_records_at(CW_ALLOC_RETRY, recs, MAX_RETRY_RECORDS);
	for (size_t i = 0; i < rr->nr && i < MAX_RETRY_RECORDS; i++)
		rr->rec[i] = *recs[i];
	for (int q = 0; q < NR_CW_QUEUES; q++)
		rr->calls_total[q] = congestion_wait_totals(CW_ALLOC_RETRY, q)->calls;
	rr->allocstall = vm_events[ALLOCSTALL];
	test_file_destroy(tf);
	teardown();
}

/* The tick a sleep of HZ/50 jiffies started at @start expires on. */
static sim_time_t expiry(sim_time_t start, long timeout)
{
	return jiffies_to_ns((unsigned long)(start * HZ / NSEC_PER_SEC) +
			     (unsigned long)timeout);
}

static void assert_retry_waits(const struct retry_run *rr, int queue)
{
	/* The allocation loops: reclaim, wait, reclaim, ... */
	assert_false(rr->req.returned);
	assert_in_range(rr->nr, 3, MAX_RETRY_RECORDS);
	/* One reclaim pass before each wait, and one after the last. */
	assert_in_range(rr->allocstall, rr->nr, rr->nr + 1);
	assert_int_equal(rr->calls_total[queue], rr->nr);
	for (size_t i = 0; i < rr->nr; i++) {
		const struct congestion_wait_record *r = &rr->rec[i];
		sim_time_t end = r->start + r->waited;

		assert_int_equal(r->queue, queue);
		assert_int_equal(r->timeout, HZ / 50);
		switch (queue) {
		case BLK_RW_SYNC:
			/* Nothing completes on SYNC: the full timeout. */
			assert_int_equal(r->nr_parts, 1);
			assert_int_equal(r->part[0].queue, BLK_RW_SYNC);
			assert_false(r->part[0].woken);
			assert_int_equal(r->ret, 0);
			assert_int_equal(end, expiry(r->start, r->timeout));
			break;
		case BLK_RW_ASYNC:
			/* The next async completion (<= 7 ms) ends it. */
			assert_int_equal(r->nr_parts, 1);
			assert_int_equal(r->part[0].queue, BLK_RW_ASYNC);
			assert_true(r->part[0].woken);
			assert_true(r->ret > 0);
			assert_true(r->waited <= 7 * NSEC_PER_MSEC);
			break;
		default:
			/* P3: woken early on ASYNC, then SYNC for what was
			 * left, which times out where the whole wait would. */
			assert_int_equal(r->nr_parts, 2);
			assert_int_equal(r->part[0].queue, BLK_RW_ASYNC);
			assert_true(r->part[0].woken);
			assert_true(r->part[0].remaining > 0);
			assert_int_equal(r->part[1].queue, BLK_RW_SYNC);
			assert_int_equal(r->part[1].timeout, r->part[0].remaining);
			assert_false(r->part[1].woken);
			assert_int_equal(r->ret, 0);
			assert_int_equal(end, expiry(r->start, r->timeout));
			break;
		}
	}
}

static void test_p3_retry_wait_queue(void **state)
{
	static const struct {
		const char *profile;
		int queue;	/* kprofile.cw_alloc (profile_switches.h) */
	} rows[] = {
		{ "2.6.30", BLK_RW_SYNC },	/* congestion_wait(WRITE): index 1 */
		{ "2.6.31", BLK_RW_ASYNC },	/* 8aa7e847 */
		{ "2.6.31-revert-8aa7e847", BLK_RW_SYNC },
		{ "2.6.31-0000012-pgalloc-2.6.30", BLK_RW_ASYNC },
		{ "2.6.31-0000123-congestion-both", BLK_RW_BOTH },
		{ RC6, BLK_RW_ASYNC },
		{ "2.6.32-rc6-revert-8aa7e847", BLK_RW_SYNC },
		{ "2.6.32-rc6-0000123-congestion-both", BLK_RW_BOTH },
		{ "2.6.32-rc6-0012345-adjust-priority", BLK_RW_BOTH },
	};
	struct retry_run rr;

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		run_retry(rows[i].profile, GFP_KERNEL, 2, 100, &rr);
		assert_true(rr.file_pages > 0);
		assert_retry_waits(&rr, rows[i].queue);
	}
}

/* ==== GFP_ATOMIC order 2 from interrupt context ========================= */

struct atomic_run {
	struct irq_work work;
	/* results, recorded by the handler */
	bool ran, in_irq;
	struct page *page;
	sim_time_t entered, left;
	unsigned long cw_records;
	int kswapd_max_order;
	/* by the test */
	long free_before;
	bool wmark_ok;		/* zone_watermark_ok() agrees? */
	unsigned long allocstall_delta, pgscan_delta;
	size_t failures;
	char first_line[128];
	int holder_pid;
};

static void atomic_irq(struct irq_work *w)
{
	struct atomic_run *ar = w->data;

	ar->ran = true;
	ar->in_irq = in_interrupt();
	ar->entered = sim_now();
	ar->page = alloc_pages(GFP_ATOMIC, 2);
	ar->left = sim_now();
	ar->cw_records = congestion_wait_nr_records();
}

static void busy_task(void *arg)
{
	(void)arg;
	cpu_consume(50 * NSEC_PER_MSEC);
}

static unsigned long pgscan_total(void)
{
	unsigned long n = 0;

	for (int i = 0; i < 5; i++)
		n += vm_events[PGSCAN_DIRECT_DMA + i] +
		     vm_events[PGSCAN_KSWAPD_DMA + i];
	return n;
}

/*
 * Normal holds @n0 free single pages, @n1 free order-1 blocks and @n2 free
 * order-2 blocks, nothing else; DMA is empty.  Each block is freed page by
 * page with its buddy held, so it coalesces to exactly its order.
 */
static void craft_normal(unsigned long n0, unsigned long n1, unsigned long n2)
{
	struct zone *normal = Z(ZONE_NORMAL);
	unsigned long pfn = normal->zone_start_pfn;
	unsigned long end = pfn + normal->spanned_pages;
	const unsigned long want[3] = { n0, n1, n2 };

	hold_all();
	for (int order = 2; order >= 0; order--) {
		unsigned long made = 0, size = 1UL << order;

		/* A block at pfn, its buddy at pfn + size: both held. */
		pfn = (pfn + 2 * size - 1) & ~(2 * size - 1);
		for (; made < want[order] && pfn < end; pfn += 2 * size) {
			if (!all_held(pfn, 2 * size))
				continue;
			for (unsigned long i = 0; i < size; i++)
				release(pfn + i);
			made++;
		}
		assert_int_equal(made, want[order]);
	}
	drain_all_pages();
	assert_int_equal(nr_free(Z(ZONE_DMA)), 0);
	assert_int_equal(nr_free(normal), (long)(n0 + 2 * n1 + 4 * n2));
	assert_int_equal(normal->free_area[0].nr_free, n0);
	assert_int_equal(normal->free_area[1].nr_free, n1);
	assert_int_equal(normal->free_area[2].nr_free, n2);
	for (int order = 3; order < MAX_ORDER; order++)
		assert_int_equal(normal->free_area[order].nr_free, 0);
}

static void run_atomic(const char *profile, unsigned long n0, unsigned long n1,
		       unsigned long n2, struct atomic_run *ar)
{
	struct zone *normal;
	struct task_struct *holder;
	unsigned long stalls, scans;

	memset(ar, 0, sizeof(*ar));
	boot(profile, 1, 7);
	normal = Z(ZONE_NORMAL);
	assert_int_equal(min_wmark_pages(normal), 191);
	assert_int_equal(normal->lowmem_reserve[ZONE_NORMAL], 0);
	craft_normal(n0, n1, n2);
	ar->free_before = nr_free(normal);
	ar->wmark_ok = zone_watermark_ok(normal, 2, min_wmark_pages(normal),
					 zone_idx(normal),
					 ALLOC_HIGH | ALLOC_HARDER);
	stalls = vm_events[ALLOCSTALL];
	scans = pgscan_total();

	/* "gitk" holds the CPU; the NIC interrupt arrives at 5 ms. */
	holder = kthread_run(busy_task, NULL, "gitk", DEFAULT_PRIO);
	ar->holder_pid = holder->pid;
	irq_work_init(&ar->work, 0, atomic_irq, ar);
	irq_work_queue_at(&ar->work, 5 * NSEC_PER_MSEC);
	run_until_ms(100);

	ar->kswapd_max_order = NODE_DATA(0)->kswapd_max_order;
	ar->allocstall_delta = vm_events[ALLOCSTALL] - stalls;
	ar->pgscan_delta = pgscan_total() - scans;
	ar->failures = alloc_failure_count();
	if (ar->failures) {
		const struct alloc_failure *f = alloc_failure_get(0);
		struct kern_log_opts opts = { .timestamps = false };
		char *buf = NULL;
		size_t len = 0;
		FILE *out = open_memstream(&buf, &len);

		struct kstate_log *log = kstate_log_take();

		assert_non_null(out);
		kern_log_alloc_failure(out, log, f, &opts);
		fclose(out);
		kstate_log_free(log);
		sscanf(buf, "%127[^\n]", ar->first_line);
		free(buf);
		/* Recorded at the interrupt's instant, in its context, under
		 * the name of the task it interrupted. */
		assert_int_equal(f->time, 5 * NSEC_PER_MSEC);
		assert_true(f->in_interrupt);
		assert_int_equal(f->pid, ar->holder_pid);
		assert_string_equal(f->comm, "gitk");
		assert_int_equal(f->order, 2);
		assert_int_equal(f->gfp_mask, GFP_ATOMIC);
		assert_true(f->printed);
	}
	teardown();
}

static void assert_atomic_common(const struct atomic_run *ar)
{
	assert_true(ar->ran);
	assert_true(ar->in_irq);
	/* Never sleeps: the handler returns at the instant it entered. */
	assert_int_equal(ar->entered, 5 * NSEC_PER_MSEC);
	assert_int_equal(ar->left, ar->entered);
	assert_int_equal(ar->cw_records, 0);
	/* Never reclaims. */
	assert_int_equal(ar->allocstall_delta, 0);
	assert_int_equal(ar->pgscan_delta, 0);
	/* It did wake kswapd with its order (both zones are below low). */
	assert_int_equal(ar->kswapd_max_order, 2);
	/* Far below min: Normal's WMARK_MIN is 191. */
	assert_true(ar->free_before < 191);
}

/*
 * 2.6.32 zone_watermark_ok() with Normal's WMARK_MIN 191 and ALLOC_HIGH|ALLOC_HARDER:
 * min = 191 - 191/2 = 96, then 96 - 96/4 = 72.  lowmem_reserve of Normal
 * for a Normal request is 0.  Order 2:
 *   check 0:         free - 3            > 72  -> free >= 76
 *   loop o=0:        free - 3 - nr0      > 36  -> >= 40 pages in order >= 1
 *   loop o=1:        ... - 2*nr1         > 18  -> >= 22 pages in order >= 2
 */
static void test_atomic_order2_total_boundary(void **state)
{
	struct atomic_run ar;

	(void)state;
	/* 36 singles + 10 order-2 blocks = 76 pages, 40 in order >= 2:
	 * 73 > 72, 37 > 36, 37 > 18 -> succeeds 115 pages below min. */
	run_atomic(RC6, 36, 0, 10, &ar);
	assert_atomic_common(&ar);
	assert_true(ar.wmark_ok);
	assert_non_null(ar.page);
	assert_int_equal(ar.failures, 0);

	/* One page short: 75 - 3 = 72 is not > 72 -> fails. */
	run_atomic(RC6, 35, 0, 10, &ar);
	assert_atomic_common(&ar);
	assert_false(ar.wmark_ok);
	assert_null(ar.page);
	assert_int_equal(ar.failures, 1);
	assert_string_equal(ar.first_line,
			    "gitk: page allocation failure. order:2, mode:0x20");
}

static void test_atomic_order2_per_order_loop(void **state)
{
	struct atomic_run ar;

	(void)state;
	/* Plenty in total (100 singles), so check 0 passes (137, 133 > 72). */
	/* 10 order-2 blocks: 140 - 3 - 100 = 37 > 36, then 37 > 18: ok. */
	run_atomic(RC6, 100, 0, 10, &ar);
	assert_atomic_common(&ar);
	assert_true(ar.wmark_ok);
	assert_non_null(ar.page);
	assert_int_equal(ar.failures, 0);

	/* One block short, 9: 136 - 3 - 100 = 33, not > 36: the loop's
	 * first step refuses. */
	run_atomic(RC6, 100, 0, 9, &ar);
	assert_atomic_common(&ar);
	assert_false(ar.wmark_ok);
	assert_null(ar.page);
	assert_int_equal(ar.failures, 1);
	assert_string_equal(ar.first_line,
			    "gitk: page allocation failure. order:2, mode:0x20");

	/* The loop's second step: 8 order-1 blocks and 6 order-2 blocks:
	 * 100+16+24 = 140; 137 > 72; 37 > 36; 137-100-16 = 21 > 18: ok. */
	run_atomic("2.6.31", 100, 8, 6, &ar);
	assert_atomic_common(&ar);
	assert_true(ar.wmark_ok);
	assert_non_null(ar.page);

	/* 10 order-1 and 5 order-2: 37 > 36 still, but 17 is not > 18. */
	run_atomic("2.6.31", 100, 10, 5, &ar);
	assert_atomic_common(&ar);
	assert_false(ar.wmark_ok);
	assert_null(ar.page);
	assert_int_equal(ar.failures, 1);
}

/* ==== GFP_KERNEL order 0 enters direct reclaim =========================== */

/* A shrinker that only watches who calls it (shrink_slab, every priority). */
static struct {
	unsigned long calls, with_memalloc, with_reclaim_state;
	int pid;
	unsigned long last_stall;
	unsigned int passes;
	unsigned long reclaimed_before[32];	/* direct_reclaimed at pass start */
} watch;

static int watch_shrink(struct shrinker *s, int nr_to_scan, gfp_t gfp)
{
	(void)s;
	(void)nr_to_scan;
	(void)gfp;
	watch.calls++;
	if (current && (current->flags & PF_MEMALLOC))
		watch.with_memalloc++;
	if (current && current->reclaim_state)
		watch.with_reclaim_state++;
	watch.pid = current ? current->pid : -1;
	if (vm_events[ALLOCSTALL] != watch.last_stall) {
		/* First call of a new direct reclaim pass. */
		watch.last_stall = vm_events[ALLOCSTALL];
		if (watch.passes < 32)
			watch.reclaimed_before[watch.passes] =
				reclaim_stats.direct_reclaimed;
		watch.passes++;
	}
	return 0;
}

static struct shrinker watcher = {
	.shrink = watch_shrink,
	.seeks = DEFAULT_SEEKS,
};

static void watch_reclaim(void)
{
	memset(&watch, 0, sizeof(watch));
	watch.last_stall = vm_events[ALLOCSTALL];
	memset(&watcher.list, 0, sizeof(watcher.list));
	watcher.nr = 0;
	register_shrinker(&watcher);
}

static void test_gfp_kernel_enters_direct_reclaim(void **state)
{
	static const char *const rows[] = { "2.6.30", "2.6.31", RC6 };
	struct zone *normal;
	struct test_file *tf;
	struct alloc_req req;
	struct task_struct *p;
	unsigned long nfile, min, kept;

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		memset(&req, 0, sizeof(req));
		req.gfp = GFP_KERNEL;
		boot(rows[i], 1, 9);
		normal = Z(ZONE_NORMAL);
		min = min_wmark_pages(normal);
		tf = test_file_create(10 * NSEC_PER_MSEC);
		test_file_reserve(tf, max_pfn);
		/* DMA held; Normal: min - 1 pages free, the rest clean page cache. */
		hold_all();
		kept = 0;
		nfile = 0;
		for (unsigned long pfn = normal->zone_start_pfn;
		     pfn < normal->zone_start_pfn + normal->spanned_pages; pfn++) {
			if (!held[pfn])
				continue;
			if (kept < min - 1) {
				release(pfn);
				kept++;
				continue;
			}
			held[pfn] = false;
			nr_held--;
			add_file_page(tf, pfn_to_page(pfn), nfile++, false);
		}
		mm_debug_expected_other = (long)nr_held;
		drain_all_pages();
		assert_int_equal(nr_free(normal), (long)min - 1);
		assert_int_equal(global_page_state(NR_FILE_PAGES), nfile);
		watch_reclaim();

		p = start_alloc(&req, "cc1");
		run_until_ms(1000);

		assert_true(req.returned);
		assert_non_null(req.page);
		assert_int_equal(page_zonenum(req.page), ZONE_NORMAL);
		/* One direct reclaim pass freed enough clean page cache. */
		assert_int_equal(req.allocstall, 1);
		assert_true(reclaim_stats.direct_reclaimed >= SWAP_CLUSTER_MAX);
		assert_int_equal(nfile - global_page_state(NR_FILE_PAGES),
				 reclaim_stats.direct_reclaimed);
		assert_int_equal(tf->writepages, 0);
		/* min - 1 + reclaimed - 1 allocated, minus what sits on pcp. */
		assert_true(nr_free(normal) + pcp_count(normal) ==
			    (long)(min - 1 + reclaim_stats.direct_reclaimed - 1));
		/* PF_MEMALLOC and a reclaim_state during reclaim, by the
		 * allocating task itself; both gone afterwards. */
		assert_true(watch.calls > 0);
		assert_int_equal(watch.with_memalloc, watch.calls);
		assert_int_equal(watch.with_reclaim_state, watch.calls);
		assert_int_equal(watch.pid, p->pid);
		assert_false(req.flags_after & PF_MEMALLOC);
		assert_false(req.reclaim_state_after);
		/* No retry wait, no OOM, no failure. */
		assert_int_equal(congestion_wait_totals(CW_ALLOC_RETRY,
				kprofile.cw_alloc)->calls, 0);
		assert_int_equal(oom_call_count(), 0);
		assert_int_equal(alloc_failure_count(), 0);
		test_file_destroy(tf);
		teardown();
	}
}

/* ==== should_alloc_retry and the nopage exit ============================= */

struct nopage_case {
	gfp_t gfp;
	unsigned int order;
	bool reclaimable;	/* interleaved page cache, else nothing at all */
};

struct nopage_run {
	struct alloc_req req;
	size_t retry_waits, oom_calls, failures, printed, nowarn;
	unsigned long allocstall;
	unsigned int passes;
	unsigned long reclaimed_before[32];
	unsigned long reclaimed_total;
	/* the first failure record, and what the log shows */
	gfp_t fail_gfp;
	unsigned int fail_order;
	char log_first_line[128];
	size_t log_len;
};

static void capture_failures(struct nopage_run *nr)
{
	struct kern_log_opts opts = { .timestamps = false };
	const struct alloc_failure *f = alloc_failure_get(0);
	struct kstate_log *log;
	char *buf = NULL;
	FILE *out;

	nr->failures = alloc_failure_count();
	nr->printed = alloc_failures_printed();
	nr->nowarn = alloc_failures_nowarn();
	if (f) {
		nr->fail_gfp = f->gfp_mask;
		nr->fail_order = f->order;
	}
	out = open_memstream(&buf, &nr->log_len);
	assert_non_null(out);
	log = kstate_log_take();
	kern_log_write_failures(out, log, &opts);
	fclose(out);
	kstate_log_free(log);
	sscanf(buf, "%127[^\n]", nr->log_first_line);
	free(buf);
}

static void run_nopage(const char *profile, const struct nopage_case *c,
		       unsigned long ms, struct nopage_run *nr)
{
	struct test_file *tf = NULL;

	memset(nr, 0, sizeof(*nr));
	boot(profile, 1, 13);
	if (c->reclaimable) {
		tf = test_file_create(10 * NSEC_PER_MSEC);
		test_file_reserve(tf, max_pfn / 2);
	}
	hold_all();
	if (c->reclaimable)
		interleave_file_pages(tf);
	watch_reclaim();
	nr->req.gfp = c->gfp;
	nr->req.order = c->order;
	start_alloc(&nr->req, "modprobe");
	run_until_ms(ms);
	nr->retry_waits = cw_records_at(CW_ALLOC_RETRY, NULL, 0);
	nr->oom_calls = oom_call_count();
	nr->allocstall = vm_events[ALLOCSTALL];
	nr->passes = watch.passes;
	memcpy(nr->reclaimed_before, watch.reclaimed_before,
	       sizeof(nr->reclaimed_before));
	nr->reclaimed_total = reclaim_stats.direct_reclaimed;
	capture_failures(nr);
	if (tf)
		test_file_destroy(tf);
	teardown();
}

/* The nopage exit: NULL to the caller, one failure record of this request. */
static void assert_gave_up(const struct nopage_run *nr,
			   const struct nopage_case *c)
{
	assert_true(nr->req.returned);
	assert_null(nr->req.page);
	assert_int_equal(nr->failures, 1);
	assert_int_equal(nr->fail_gfp, c->gfp);
	assert_int_equal(nr->fail_order, c->order);
}

static void test_noretry_gives_up(void **state)
{
	struct nopage_case c = { GFP_KERNEL | __GFP_NORETRY, 0, false };
	struct nopage_run nr;

	(void)state;
	/* No progress: __GFP_NORETRY skips the OOM killer, then
	 * should_alloc_retry says no. */
	run_nopage(RC6, &c, 500, &nr);
	assert_gave_up(&nr, &c);
	assert_int_equal(nr.req.allocstall, 1);
	assert_int_equal(nr.oom_calls, 0);
	assert_int_equal(nr.retry_waits, 0);
	assert_int_equal(nr.printed, 1);
	/* GFP_KERNEL | __GFP_NORETRY = 0xd0 | 0x1000. */
	assert_string_equal(nr.log_first_line,
			    "modprobe: page allocation failure. order:0, mode:0x10d0");

	/* Progress, but no order-2 block: one pass, no wait. */
	c.order = 2;
	c.reclaimable = true;
	run_nopage(RC6, &c, 500, &nr);
	assert_gave_up(&nr, &c);
	assert_int_equal(nr.req.allocstall, 1);
	assert_true(nr.reclaimed_total >= SWAP_CLUSTER_MAX);
	assert_int_equal(nr.retry_waits, 0);
	assert_int_equal(nr.oom_calls, 0);
}

static void test_costly_order_gives_up(void **state)
{
	struct nopage_case c = { GFP_KERNEL, 4, false };
	struct nopage_run nr;

	(void)state;
	/* Order 4 > PAGE_ALLOC_COSTLY_ORDER, no progress: the OOM path
	 * neither kills (may_oom skips out_of_memory) nor restarts. */
	run_nopage(RC6, &c, 500, &nr);
	assert_gave_up(&nr, &c);
	assert_int_equal(nr.req.allocstall, 1);
	assert_int_equal(nr.oom_calls, 0);
	assert_int_equal(nr.retry_waits, 0);

	/* With progress and no __GFP_REPEAT: gives up after one pass. */
	c.reclaimable = true;
	run_nopage(RC6, &c, 500, &nr);
	assert_gave_up(&nr, &c);
	assert_int_equal(nr.req.allocstall, 1);
	assert_true(nr.reclaimed_total > 0);
	assert_int_equal(nr.retry_waits, 0);
}

static void test_repeat_retries_until_order_reclaimed(void **state)
{
	/* Order 7: should_alloc_retry while pages_reclaimed < 1 << 7 = 128. */
	struct nopage_case c = { GFP_KERNEL | __GFP_REPEAT, 7, true };
	struct nopage_run nr;

	(void)state;
	run_nopage(RC6, &c, 2000, &nr);
	assert_gave_up(&nr, &c);
	assert_int_equal(nr.passes, nr.req.allocstall);
	assert_true(nr.passes >= 2);
	/* Every pass started with less than 128 reclaimed in all... */
	for (unsigned int i = 0; i < nr.passes && i < 32; i++)
		assert_true(nr.reclaimed_before[i] < 128);
	/* ...and the last one reached it. */
	assert_true(nr.reclaimed_total >= 128);
	/* A retry wait between passes, none after the last. */
	assert_int_equal(nr.retry_waits, nr.passes - 1);
	assert_int_equal(nr.printed, 1);
}

static void test_nofs_no_progress_retries_without_oom(void **state)
{
	/* GFP_NOFS lacks __GFP_FS: no OOM killer; order 0 retries forever. */
	struct nopage_case c = { GFP_NOFS, 0, false };
	struct nopage_run nr;

	(void)state;
	run_nopage(RC6, &c, 100, &nr);
	assert_false(nr.req.returned);
	assert_int_equal(nr.oom_calls, 0);
	assert_int_equal(nr.failures, 0);
	/* No I/O at all: each HZ/50 wait lasts until its tick, 20 ms. */
	assert_in_range(nr.retry_waits, 4, 5);
	assert_in_range(nr.allocstall, nr.retry_waits, nr.retry_waits + 1);
}

static void test_nowarn_counted_not_printed(void **state)
{
	struct nopage_case c = { GFP_ATOMIC | __GFP_NOWARN, 0, false };
	struct nopage_run nr;

	(void)state;
	/* Counted, not printed: the log has nothing. */
	run_nopage(RC6, &c, 100, &nr);
	assert_gave_up(&nr, &c);
	/* Atomic: no reclaim, and back at the instant it asked. */
	assert_int_equal(nr.req.allocstall, 0);
	assert_int_equal(nr.req.finished, nr.req.called);
	assert_int_equal(nr.nowarn, 1);
	assert_int_equal(nr.printed, 0);
	assert_int_equal(nr.log_len, 0);

	/* The same failure without __GFP_NOWARN reaches the log. */
	c.gfp = GFP_ATOMIC;
	run_nopage(RC6, &c, 100, &nr);
	assert_gave_up(&nr, &c);
	assert_int_equal(nr.nowarn, 0);
	assert_int_equal(nr.printed, 1);
	assert_string_equal(nr.log_first_line,
			    "modprobe: page allocation failure. order:0, mode:0x20");
}

/* ==== the OOM killer's choice ============================================ */

static void test_oom_kills_largest_mm(void **state)
{
	struct victim small = { .pages = 100 }, big = { .pages = 300 },
		      mid = { .pages = 200 };
	struct alloc_req req = { .gfp = GFP_KERNEL, .order = 0 };
	const struct oom_kill_record *k;
	struct task_struct *p;

	(void)state;
	boot(RC6, 1, 17);
	start_victim(&small, "small");
	start_victim(&big, "big");
	start_victim(&mid, "mid");
	run_until_ms(50);
	assert_true(small.ready && big.ready && mid.ready);
	assert_int_equal(oom_task_pages(big.task), 300);
	hold_all();

	p = start_alloc(&req, "cc1");
	run_until_ms(1000);

	/* rc6 without swap cannot reclaim anon: OOM; "big" holds the most. */
	assert_int_equal(oom_kill_count(), 1);
	k = oom_kill_get(0);
	assert_int_equal(k->pid, big.task->pid);
	assert_string_equal(k->comm, "big");
	assert_int_equal(k->points, 300);
	assert_int_equal(k->trigger_pid, p->pid);
	assert_int_equal(k->gfp_mask, GFP_KERNEL);
	assert_int_equal(k->order, 0);
	/* Killed: TIF_MEMDIE and SIGKILL, woken, exited, memory freed. */
	assert_true(big.exited);
	assert_true(big.tif_seen & (1UL << TIF_MEMDIE));
	assert_true(big.tif_seen & (1UL << TIF_SIGKILL));
	assert_false(small.exited || mid.exited);
	assert_int_equal(small.task->tif_flags, 0);
	assert_int_equal(mid.task->tif_flags, 0);
	/* The allocation then succeeds. */
	assert_true(req.returned);
	assert_non_null(req.page);
	assert_null(oom_panic_get());
	victim_release(&small);
	victim_release(&mid);
	teardown();
}

/* 2.6.32's select_bad_process takes any task with an mm ("|| !chosen"),
 * even one whose badness is 0: it panics only when no task has an mm. */
static void test_oom_zero_badness_task_is_killed(void **state)
{
	struct victim empty = { .pages = 0 };
	struct alloc_req req = { .gfp = GFP_KERNEL, .order = 0 };
	const struct oom_kill_record *k;

	(void)state;
	boot(RC6, 1, 19);
	start_victim(&empty, "idle");
	run_until_ms(10);
	assert_true(empty.ready);
	assert_int_equal(oom_task_pages(empty.task), 0);
	hold_all();
	start_alloc(&req, "cc1");
	run_until_ms(200);

	/* Killed although its badness is 0... */
	assert_int_equal(oom_kill_count(), 1);
	k = oom_kill_get(0);
	assert_int_equal(k->pid, empty.task->pid);
	assert_int_equal(k->points, 0);
	assert_true(empty.exited);
	/* ...but its death freed nothing, and the next call, with no mm
	 * left anywhere, panics. */
	assert_int_equal(oom_call_count(), 2);
	assert_non_null(oom_panic_get());
	assert_true(oom_panic_get()->when > k->when);
	assert_false(req.returned);
	teardown();
}

/* ==== the __GFP_NOFAIL loop of __alloc_pages_high_priority =============== */

struct nofail_run {
	struct alloc_req req;
	size_t nr;
	const struct congestion_wait_record *rec[8];
};

static void memalloc_alloc_task(void *arg)
{
	/* As a task inside reclaim (or kswapd): ALLOC_NO_WATERMARKS. */
	current->flags |= PF_MEMALLOC;
	alloc_task(arg);
}

static void test_p3_nofail_high_priority_wait_queue(void **state)
{
	static const struct {
		const char *profile;
		int queue;
	} rows[] = {
		{ "2.6.30", BLK_RW_SYNC },
		{ "2.6.31", BLK_RW_ASYNC },
		{ "2.6.32-rc6-0000123-congestion-both", BLK_RW_BOTH },
	};
	struct nofail_run nf;

	(void)state;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		memset(&nf, 0, sizeof(nf));
		boot(rows[i].profile, 1, 23);
		hold_all();
		nf.req.gfp = GFP_KERNEL | __GFP_NOFAIL;
		kthread_run(memalloc_alloc_task, &nf.req, "kjournald", DEFAULT_PRIO);
		run_until_ms(100);
		nf.nr = cw_records_at(CW_HIGH_PRIORITY, nf.rec, 8);
		/* Even the reserves are empty: it waits and loops (HZ/50
		 * each, 100 ms hold 5), never reclaiming (PF_MEMALLOC). */
		assert_false(nf.req.returned);
		assert_in_range(nf.nr, 4, 5);
		assert_int_equal(vm_events[ALLOCSTALL], 0);
		assert_int_equal(cw_records_at(CW_ALLOC_RETRY, NULL, 0), 0);
		for (size_t w = 0; w < nf.nr; w++) {
			assert_int_equal(nf.rec[w]->queue, rows[i].queue);
			assert_int_equal(nf.rec[w]->timeout, HZ / 50);
			/* BOTH with no I/O: ASYNC times out, no SYNC part. */
			assert_int_equal(nf.rec[w]->nr_parts, 1);
			assert_int_equal(nf.rec[w]->part[0].queue,
					 rows[i].queue == BLK_RW_SYNC ?
					 BLK_RW_SYNC : BLK_RW_ASYNC);
		}
		teardown();
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_p2_rt_task_in_interrupt),
		cmocka_unit_test(test_p2_normal_and_memalloc_tasks),
		cmocka_unit_test(test_p1_restart_without_wake),
		cmocka_unit_test(test_p1_restart_wakes_kswapd),
		cmocka_unit_test(test_oom_victim_restart_flags),
		cmocka_unit_test(test_oom_panic_when_nothing_killable),
		cmocka_unit_test(test_p3_retry_wait_queue),
		cmocka_unit_test(test_atomic_order2_total_boundary),
		cmocka_unit_test(test_atomic_order2_per_order_loop),
		cmocka_unit_test(test_gfp_kernel_enters_direct_reclaim),
		cmocka_unit_test(test_noretry_gives_up),
		cmocka_unit_test(test_costly_order_gives_up),
		cmocka_unit_test(test_repeat_retries_until_order_reclaimed),
		cmocka_unit_test(test_nofs_no_progress_retries_without_oom),
		cmocka_unit_test(test_nowarn_counted_not_printed),
		cmocka_unit_test(test_oom_kills_largest_mm),
		cmocka_unit_test(test_oom_zero_badness_task_is_killed),
		cmocka_unit_test(test_p3_nofail_high_priority_wait_queue),
	};

	return cmocka_run_group_tests_name("alloc_path", tests, NULL, NULL);
}
