// SPDX-License-Identifier: GPL-2.0
/*
 * Virtual clock, the event queue and timers, and the seeded PRNG.
 *
 * The event queue is a binary heap of timers ordered by (expires, seq):
 * seq is a global insertion counter, so events due at the same nanosecond
 * run in the order they were queued, on every machine.  O(log n) per
 * operation; n is the number of pending timers (a few per task), so the
 * heap is never the bottleneck.
 */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <dlfcn.h>
#include "sim.h"
#include "engine_internal.h"
#include "util/xalloc.h"

#define unlikely_hook(x) __builtin_expect(!!(x), 0)

unsigned int sim_hz = 250;

struct engine engine;

sim_time_t sim_now(void)
{
	return engine.now;
}

unsigned long sim_jiffies(void)
{
	return (unsigned long)(engine.now * sim_hz / NSEC_PER_SEC);
}

uint64_t sim_events(void)
{
	return engine.nr_events;
}

/* ---- heap ------------------------------------------------------------ */

/*
 * Each slot keeps its timer's key, (expires, seq), beside the pointer, so
 * that a sift compares within the heap array and reads no timer: the
 * timers (in tasks, requests, devices) are spread over the host's memory
 * and each read was a cache miss.  A timer's key does not change while it
 * is queued (timer_add() sets it before the insert), so the copy stays
 * right; (expires, seq) is unique, so the pops come in the same order.
 */
static bool key_before(sim_time_t a_expires, uint64_t a_seq,
		       const struct heap_node *b)
{
	if (a_expires != b->expires)
		return a_expires < b->expires;
	return a_seq < b->seq;
}

static bool node_before(const struct heap_node *a, const struct heap_node *b)
{
	return key_before(a->expires, a->seq, b);
}

static void heap_set(size_t i, struct heap_node n)
{
	engine.heap[i] = n;
	n.timer->heap_index = (int)i;
}

/*
 * Put the timer @t keyed (@expires, @seq) in the hole at @i, or above it
 * while it precedes the parent.  The key comes in registers: a node
 * built on the stack and read back at once stalled the store forwarding.
 */
static void heap_sift_up(size_t i, sim_time_t expires, uint64_t seq,
			 struct timer *t)
{
	while (i > 0) {
		size_t parent = (i - 1) / 2;

		if (!key_before(expires, seq, &engine.heap[parent]))
			break;
		heap_set(i, engine.heap[parent]);
		i = parent;
	}
	engine.heap[i].expires = expires;
	engine.heap[i].seq = seq;
	engine.heap[i].timer = t;
	t->heap_index = (int)i;
}

/* The same down: while a child precedes it. */
static void heap_sift_down(size_t i, sim_time_t expires, uint64_t seq,
			   struct timer *t)
{
	size_t len = engine.heap_len;

	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;

		if (l < len && !key_before(expires, seq, &engine.heap[l]))
			m = l;
		if (r < len && (m == i ? !key_before(expires, seq, &engine.heap[r]) :
				node_before(&engine.heap[r], &engine.heap[l])))
			m = r;
		if (m == i)
			break;
		heap_set(i, engine.heap[m]);
		i = m;
	}
	engine.heap[i].expires = expires;
	engine.heap[i].seq = seq;
	engine.heap[i].timer = t;
	t->heap_index = (int)i;
}

void timer_init(struct timer *t, void (*fn)(struct timer *), void *data)
{
	memset(t, 0, sizeof(*t));
	t->heap_index = -1;
	t->function = fn;
	t->data = data;
}

void timer_add(struct timer *t, sim_time_t expires)
{
	if (timer_pending(t))
		timer_del(t);
	if (expires < engine.now)
		expires = engine.now;
	t->expires = expires;
	t->seq = engine.next_seq++;
	if (engine.heap_len == engine.heap_cap) {
		engine.heap_cap = engine.heap_cap ? engine.heap_cap * 2 : 64;
		engine.heap = xrealloc(engine.heap,
				      engine.heap_cap * sizeof(*engine.heap));
	}
	heap_sift_up(engine.heap_len++, expires, t->seq, t);
	if (!t->deferrable)
		engine.nr_live++;
}

void timer_del(struct timer *t)
{
	struct heap_node last;
	size_t i;

	if (!timer_pending(t))
		return;
	i = (size_t)t->heap_index;
	t->heap_index = -1;
	if (!t->deferrable)
		engine.nr_live--;
	engine.heap_len--;
	if (i == engine.heap_len)
		return;
	last = engine.heap[engine.heap_len];
	/* The last timer fills the hole and goes one way only: up when it
	 * precedes the hole's parent, else down (sifting down then up cost
	 * a wasted pass). */
	if (i > 0 && node_before(&last, &engine.heap[(i - 1) / 2]))
		heap_sift_up(i, last.expires, last.seq, last.timer);
	else
		heap_sift_down(i, last.expires, last.seq, last.timer);
}

/*
 * Refill the root's hole with @n, the heap's former last slot (Floyd's
 * bottom-up sift): the hole goes down the path of smaller children to a
 * leaf, one comparison a level, then @n climbs back up it.  The last
 * timer mostly belongs near the bottom, so this takes about half the
 * comparisons of sifting @n down from the root (two a level), and it
 * leaves the same heap.
 */
static void heap_refill_root(const struct heap_node *n)
{
	size_t len = engine.heap_len, i = 0, l;

	while ((l = 2 * i + 1) < len) {
		if (l + 1 < len && node_before(&engine.heap[l + 1], &engine.heap[l]))
			l++;
		heap_set(i, engine.heap[l]);
		i = l;
	}
	heap_sift_up(i, n->expires, n->seq, n->timer);
}

/* The root has no parent: only sift down (the event loop's hot path). */
static struct timer *heap_pop(void)
{
	struct timer *t = engine.heap[0].timer;

	t->heap_index = -1;
	if (!t->deferrable)
		engine.nr_live--;
	if (--engine.heap_len)
		heap_refill_root(&engine.heap[engine.heap_len]);
	return t;
}

/* ---- debugging hooks ------------------------------------------------- */

/* Outside struct engine: they survive sim_init(). */
static void (*event_hook)(void);
static uint64_t event_hook_every;
static void (*deadlock_hook)(void);

void sim_set_event_hook(void (*fn)(void), uint64_t every)
{
	event_hook = every ? fn : NULL;
	event_hook_every = every;
	engine.hook_next = engine.nr_events + every;
}

void sim_set_deadlock_hook(void (*fn)(void))
{
	deadlock_hook = fn;
}

bool task_blocked(const struct task_struct *p)
{
	return (p->state & (TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE)) &&
	       !p->resume_pending && p != engine.running;
}

/*
 * Only deferrable timers are left, so nothing can wake anybody any more:
 * a task in uninterruptible sleep now sleeps forever.  Interruptible
 * sleepers are idle daemons (kswapd, flushers) waiting for work.
 */
static void check_deadlock(void)
{
	struct task_struct *p = NULL;

	while ((p = task_next(p)))
		if (task_blocked(p) && p->state == TASK_UNINTERRUPTIBLE) {
			deadlock_hook();
			return;
		}
}

static inline void record_event(const struct timer *t)
{
	struct sim_event_rec *r = &engine.ring[engine.nr_events % SIM_EVENT_RING];

	r->nr = engine.nr_events;
	r->when = t->expires;
	r->fn = t->function;
	r->data = t->data;
	r->aux = NULL;
}

unsigned int sim_last_events(struct sim_event_rec *out)
{
	unsigned int n = 0;

	/*
	 * CPU slices that cpu_consume() runs without the loop count as
	 * events but are not recorded: take what the ring holds, in order.
	 */
	for (unsigned int i = 0; i < SIM_EVENT_RING; i++) {
		const struct sim_event_rec *r = &engine.ring[i];
		unsigned int j = n++;

		if (!r->fn) {
			n--;
			continue;
		}
		while (j > 0 && out[j - 1].nr > r->nr) {
			out[j] = out[j - 1];
			j--;
		}
		out[j] = *r;
	}
	return n;
}

/* A function as its symbol when the dynamic table has it, else as an
 * offset into the executable for addr2line -f -e. */
static void describe_fn(const void *fn, char *buf, size_t len)
{
	Dl_info info;

	if (dladdr(fn, &info) && info.dli_sname && info.dli_saddr == fn)
		snprintf(buf, len, "%s", info.dli_sname);
	else if (dladdr(fn, &info) && info.dli_fbase)
		snprintf(buf, len, "%s+%#lx",
			 info.dli_fname && strrchr(info.dli_fname, '/') ?
			 strrchr(info.dli_fname, '/') + 1 : "exe",
			 (unsigned long)((const char *)fn - (const char *)info.dli_fbase));
	else
		snprintf(buf, len, "%p", fn);
}

void sim_describe_event(const struct sim_event_rec *r, char *buf, size_t len)
{
	const char *kind = sim_task_timer_kind(r->fn);
	struct task_struct *p = NULL;
	char fn[96];

	/* Tasks are never freed before sim_exit: compare, never dereference
	 * a pointer that is not a task. */
	while ((p = task_next(p)))
		if ((void *)p == r->data)
			break;
	if (kind && p) {
		snprintf(buf, len, "%s %s:%d", kind, p->comm, p->pid);
		return;
	}
	if (kind && r->aux) {
		describe_fn(r->aux, fn, sizeof(fn));
		snprintf(buf, len, "%s %s", kind, fn);
		return;
	}
	describe_fn((const void *)r->fn, fn, sizeof(fn));
	snprintf(buf, len, "timer %s", fn);
}

/* ---- the loop -------------------------------------------------------- */

sim_time_t sim_run(sim_time_t until)
{
	engine.stopped = false;
	engine.until = until;
	while (engine.heap_len && !engine.stopped) {
		struct timer *t;

		if (engine.heap[0].expires > until)
			break;
		t = engine.heap[0].timer;
		heap_pop();
		engine.now = t->expires;
		engine.nr_events++;
		record_event(t);
		t->function(t);
		if (unlikely_hook(event_hook && engine.nr_events >= engine.hook_next)) {
			engine.hook_next = engine.nr_events + event_hook_every;
			event_hook();
		}
		if (unlikely_hook(!engine.nr_live && deadlock_hook && !engine.stopped))
			check_deadlock();
	}
	if (!engine.stopped && engine.now < until && until != (sim_time_t)-1)
		engine.now = until;
	return engine.now;
}

void sim_stop(void)
{
	engine.stopped = true;
}

bool sim_stopped(void)
{
	return engine.stopped;
}

/* ---- PRNG: xoshiro256**, seeded through splitmix64 ------------------- */

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static inline uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

void prandom_seed(uint64_t seed)
{
	for (int i = 0; i < 4; i++)
		engine.rng[i] = splitmix64(&seed);
}

uint64_t prandom_u64(void)
{
	uint64_t *s = engine.rng;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

/* Lemire's multiply-shift with rejection: unbiased and deterministic. */
uint64_t prandom_below(uint64_t bound)
{
	if (bound == 0)
		return 0;
	for (;;) {
		unsigned __int128 m = (unsigned __int128)prandom_u64() * bound;
		uint64_t lo = (uint64_t)m;

		if (lo >= bound || lo >= (-bound) % bound)
			return (uint64_t)(m >> 64);
	}
}

double prandom_double(void)
{
	return (double)(prandom_u64() >> 11) * 0x1.0p-53;
}
