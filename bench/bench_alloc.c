// SPDX-License-Identifier: GPL-2.0
/*
 * Speed of the page allocator and of the engine's task switch, in host
 * wall-clock time (a benchmark, not a test: nothing here is asserted).
 *
 *   pcp        order-0 alloc_pages + __free_pages pairs through the
 *              per-cpu lists (the common case: the list never empties
 *              or overflows in a steady pair loop)
 *   buddy      the same pairs with pcp high 0 / batch 1, as the DMA zone
 *              runs: every pair splits an order-10 block down to order 0
 *              and merges it back (the buddy's worst case)
 *   churn      mixed orders 0-5 and migrate types, random alloc/free over
 *              a pool of 4096 slots, pcp and buddy together
 *   pingpong   two tasks handing the turn to each other through two wait
 *              queues: one task switch per handoff (block, scheduler,
 *              resume the other)
 *   switch     one task calling cpu_consume(1): each slice end is the
 *              next event, so since cpu_consume's fast path it is handled
 *              in the task (timer through the heap, no context switch);
 *              before, a task -> event loop -> task round trip
 *
 * Usage: bench_alloc [scale]; scale multiplies the iteration counts
 * (default 1, about a second per line on a 2009-2020s core).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "linux/mmzone.h"
#include "mmsim/profile.h"

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void report(const char *name, const char *unit, double ops, double secs)
{
	printf("%-10s %12.0f %-8s in %6.3f s: %8.2f M/s  %8.2f ns each\n",
	       name, ops, unit, secs, ops / secs / 1e6, secs * 1e9 / ops);
}

static void boot(void)
{
	struct mem_config cfg = {
		.arch = arch_lookup("x86_64"),
		.mem_bytes = 512UL << 20,
		.nr_cpus = 1,
		.reserved_kbytes = (unsigned long)-1,
	};

	if (mem_init(&cfg)) {
		fprintf(stderr, "bench: %s\n", mem_init_error());
		exit(1);
	}
}

static void bench_pairs(const char *name, long n, bool through_buddy)
{
	struct zone *zone;
	double t0, t1;

	boot();
	if (through_buddy) {
		/* What zone_batchsize gives a small DMA zone. */
		for_each_populated_zone(zone) {
			zone->pageset[0].pcp.high = 0;
			zone->pageset[0].pcp.batch = 1;
		}
	}
	/* Warm up: the first request steals a pageblock for UNMOVABLE. */
	__free_pages(alloc_pages(GFP_KERNEL, 0), 0);
	t0 = now_s();
	for (long i = 0; i < n; i++) {
		struct page *page = alloc_pages(GFP_KERNEL, 0);

		__free_pages(page, 0);
	}
	t1 = now_s();
	report(name, "pairs", (double)n, t1 - t0);
	mem_exit();
}

#define POOL 4096

static void bench_churn(long n)
{
	static const gfp_t gfps[] = {
		GFP_KERNEL, GFP_TEMPORARY, GFP_HIGHUSER_MOVABLE, GFP_ATOMIC,
	};
	static struct page *pool[POOL];
	static unsigned int orders[POOL];
	struct sim_config sc = { .hz = 250, .nr_cpus = 1, .seed = 42 };
	long failed = 0;
	double t0, t1;

	sim_init(&sc);
	boot();
	t0 = now_s();
	for (long i = 0; i < n; i++) {
		uint64_t r = prandom_u64();
		unsigned int slot = (unsigned int)(r % POOL);

		if (pool[slot]) {
			__free_pages(pool[slot], orders[slot]);
			pool[slot] = NULL;
		} else {
			/* Orders 0 (half), 1, 2, 3, 4, 5. */
			unsigned int pick = (unsigned int)(r >> 32) % 10;
			unsigned int order = pick < 5 ? 0 : pick - 4;

			pool[slot] = alloc_pages(gfps[(r >> 40) % 4], order);
			orders[slot] = order;
			failed += !pool[slot];
		}
	}
	t1 = now_s();
	report("churn", "ops", (double)n, t1 - t0);
	for (unsigned int i = 0; i < POOL; i++)
		if (pool[i]) {
			__free_pages(pool[i], orders[i]);
			pool[i] = NULL;
		}
	if (failed)
		printf("           (%ld allocations failed at the watermark)\n", failed);
	mem_exit();
	sim_exit();
}

/* ---- task switches ---------------------------------------------------- */

static struct wait_queue_head wq[2];
static int turn;
static long handoffs;

static void pingpong_task(void *arg)
{
	int me = (int)(long)arg;
	long n = handoffs;

	for (long i = 0; i < n; i++) {
		DEFINE_WAIT(wait);

		for (;;) {
			prepare_to_wait(&wq[me], &wait, TASK_UNINTERRUPTIBLE);
			if (turn == me)
				break;
			schedule();
		}
		finish_wait(&wq[me], &wait);
		turn = !me;
		wake_up(&wq[!me]);
	}
}

static void bench_pingpong(long n)
{
	struct sim_config sc = { .hz = 250, .nr_cpus = 1, .seed = 1 };
	uint64_t events;
	double t0, t1;

	sim_init(&sc);
	init_waitqueue_head(&wq[0]);
	init_waitqueue_head(&wq[1]);
	turn = 0;
	handoffs = n;
	kthread_run(pingpong_task, (void *)0L, "ping", DEFAULT_PRIO);
	kthread_run(pingpong_task, (void *)1L, "pong", DEFAULT_PRIO);
	t0 = now_s();
	sim_run((sim_time_t)-1);
	t1 = now_s();
	events = sim_events();
	report("pingpong", "switches", (double)(2 * n), t1 - t0);
	printf("           (%llu engine events)\n", (unsigned long long)events);
	sim_exit();
}

static long rounds;

static void consume_task(void *arg)
{
	(void)arg;
	for (long i = 0; i < rounds; i++)
		cpu_consume(1);
}

static void bench_switch(long n)
{
	struct sim_config sc = { .hz = 250, .nr_cpus = 1, .seed = 1 };
	double t0, t1;

	sim_init(&sc);
	rounds = n;
	kthread_run(consume_task, NULL, "consume", DEFAULT_PRIO);
	t0 = now_s();
	sim_run((sim_time_t)-1);
	t1 = now_s();
	report("switch", "rounds", (double)n, t1 - t0);
	sim_exit();
}

int main(int argc, char **argv)
{
	long scale = argc > 1 ? atol(argv[1]) : 1;

	if (scale < 1)
		scale = 1;
	/* 2.6.32-rc6's allocator; tracing off. */
	kprofile.pcp_layout = PCP_PER_MIGRATETYPE;
	kprofile.fallback_claim = FALLBACK_GE_PAGEBLOCK_RANGE;
	kprofile.reserve_cap2 = true;

	bench_pairs("pcp", 40000000L * scale, false);
	bench_pairs("buddy", 5000000L * scale, true);
	bench_churn(20000000L * scale);
	bench_pingpong(10000000L * scale);
	bench_switch(10000000L * scale);
	return 0;
}
