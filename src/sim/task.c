// SPDX-License-Identifier: GPL-2.0
/*
 * Tasks as coroutines, the CPU model, wait queues and interrupts.
 *
 * Every task runs on its own stack.  Control only ever passes between the
 * scheduler (the event loop in sim_run) and one task: a task blocks by
 * switching back to the scheduler, and the scheduler resumes a task when
 * its run_timer fires.  On x86-64 the switch is a dozen instructions of
 * hand-written assembly (bench/RESULTS.md has the measurement that chose
 * it over ucontext, whose swapcontext makes a sigprocmask system call per
 * switch); elsewhere ucontext is used.
 *
 * The CPU model (run queues, CFS, CPU speeds) is in sched.c: a task needs
 * a CPU only inside cpu_consume(); code between blocking points takes no
 * time.  Interrupt handlers run on a CPU at an instant; their CPU time
 * delays the task running there.
 */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#define MMSIM_SIM_NO_WCHAN	/* the sleep functions themselves are here */
#include "sim.h"
#include "bug.h"
#include "engine_internal.h"

#if defined(__x86_64__) && !defined(MMSIM_UCONTEXT)
#define USE_ASM_SWITCH 1
#else
#include <ucontext.h>
#endif

#if defined(MMSIM_ASAN)
#include <sanitizer/common_interface_defs.h>
#endif

#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#include "util/xalloc.h"
#define HAVE_VALGRIND 1
#endif
#endif

struct sim_context {
	void *stack;
	size_t stack_size;
#ifdef USE_ASM_SWITCH
	void *sp;
#else
	ucontext_t uc;
#endif
#ifdef MMSIM_ASAN
	void *fake_stack;
#endif
#ifdef HAVE_VALGRIND
	unsigned int vg_id;
#endif
};

struct task_struct *sim_current;

static struct sim_context sched_ctx;
#ifdef MMSIM_ASAN
static const void *sched_stack_bottom;
static size_t sched_stack_size;
#endif

/* ---- context switch -------------------------------------------------- */

#ifdef USE_ASM_SWITCH
void sim_switch(void **save_sp, void *new_sp);
void sim_task_trampoline(void);

__asm__(
	".text\n"
	".globl sim_switch\n"
	".type sim_switch,@function\n"
	"sim_switch:\n"
	"	pushq %rbp\n"
	"	pushq %rbx\n"
	"	pushq %r12\n"
	"	pushq %r13\n"
	"	pushq %r14\n"
	"	pushq %r15\n"
	"	movq %rsp, (%rdi)\n"
	"	movq %rsi, %rsp\n"
	"	popq %r15\n"
	"	popq %r14\n"
	"	popq %r13\n"
	"	popq %r12\n"
	"	popq %rbx\n"
	"	popq %rbp\n"
	"	ret\n"
	".size sim_switch,.-sim_switch\n"
	".globl sim_task_trampoline\n"
	".type sim_task_trampoline,@function\n"
	"sim_task_trampoline:\n"
	"	call sim_task_entry\n"
	"	ud2\n"
	".size sim_task_trampoline,.-sim_task_trampoline\n");
#endif

/*
 * Called from sim_task_trampoline's assembly only, which gcc's link-time
 * optimisation cannot see: keep it, under its own name (clang has no
 * externally_visible and keeps it anyway).
 */
#if defined(__GNUC__) && !defined(__clang__)
void sim_task_entry(void) __attribute__((used, externally_visible));
#else
void sim_task_entry(void);
#endif

static void context_switch(struct sim_context *from, struct sim_context *to,
			   bool from_dies)
{
#ifdef MMSIM_ASAN
	const void *bottom = to == &sched_ctx ? sched_stack_bottom : to->stack;
	size_t size = to == &sched_ctx ? sched_stack_size : to->stack_size;

	__sanitizer_start_switch_fiber(from_dies ? NULL : &from->fake_stack,
				       bottom, size);
#else
	(void)from_dies;
#endif
#ifdef USE_ASM_SWITCH
	sim_switch(&from->sp, to->sp);
#else
	swapcontext(&from->uc, &to->uc);
#endif
#ifdef MMSIM_ASAN
	if (from == &sched_ctx)
		__sanitizer_finish_switch_fiber(from->fake_stack, NULL, NULL);
	else
		__sanitizer_finish_switch_fiber(from->fake_stack,
						&sched_stack_bottom,
						&sched_stack_size);
#endif
}

static void context_init(struct task_struct *p)
{
	struct sim_context *ctx = xcalloc(1, sizeof(*ctx));

	ctx->stack_size = engine.cfg.stack_size;
	ctx->stack = xmalloc(ctx->stack_size);
#ifdef HAVE_VALGRIND
	ctx->vg_id = VALGRIND_STACK_REGISTER(ctx->stack,
					     (char *)ctx->stack + ctx->stack_size);
#endif
#ifdef USE_ASM_SWITCH
	{
		uintptr_t top = ((uintptr_t)ctx->stack + ctx->stack_size) & ~(uintptr_t)15;
		void **sp = (void **)(top - 72);	/* (sp + 56) % 16 == 0 */

		memset(sp, 0, 72);
		sp[6] = (void *)sim_task_trampoline;
		ctx->sp = sp;
	}
#else
	getcontext(&ctx->uc);
	ctx->uc.uc_stack.ss_sp = ctx->stack;
	ctx->uc.uc_stack.ss_size = ctx->stack_size;
	ctx->uc.uc_link = NULL;
	makecontext(&ctx->uc, sim_task_entry, 0);
#endif
	p->ctx = ctx;
}

static void context_free(struct task_struct *p)
{
	if (!p->ctx)
		return;
#ifdef HAVE_VALGRIND
	VALGRIND_STACK_DEREGISTER(p->ctx->vg_id);
#endif
	free(p->ctx->stack);
	free(p->ctx);
	p->ctx = NULL;
}

/* Switch from the scheduler into @p until it blocks. */
void resume_task(struct task_struct *p)
{
	struct task_struct *prev_current = sim_current;

	SIM_BUG_ON(engine.running != NULL);
	engine.running = p;
	sim_current = p;
	context_switch(&sched_ctx, p->ctx, false);
	engine.running = NULL;
	sim_current = prev_current;
	if (p->state == TASK_DEAD) {
		context_free(p);
	}
}

/* From a task back to the scheduler. */
void switch_to_scheduler(void)
{
	struct task_struct *p = engine.running;

	SIM_BUG_ON(!p || in_interrupt());
	p->nvcsw++;
	p->sleep_start = engine.now;
	context_switch(p->ctx, &sched_ctx, p->state == TASK_DEAD);
}

void sim_task_entry(void)
{
	struct task_struct *p = engine.running;

#ifdef MMSIM_ASAN
	__sanitizer_finish_switch_fiber(NULL, &sched_stack_bottom,
					&sched_stack_size);
#endif
	p->fn(p->arg);
	do_exit();
}

void do_exit(void)
{
	struct task_struct *p = engine.running;

	p->state = TASK_DEAD;
	p->flags |= PF_EXITING;
	p->exit_time = engine.now;
	sched_sleep(p);
	switch_to_scheduler();
	abort();		/* a dead task is never resumed */
}

/* ---- task creation and lookup ---------------------------------------- */

static void task_run_event(struct timer *t)
{
	struct task_struct *p = t->data;

	p->resume_pending = false;
	resume_task(p);
}

static void task_timeout_event(struct timer *t)
{
	struct task_struct *p = t->data;

	p->timed_out = true;
	wake_up_process(p);
}

struct task_struct *kthread_run(void (*fn)(void *), void *arg,
				const char *comm, int prio)
{
	struct task_struct *p = xcalloc(1, sizeof(*p));

	snprintf(p->comm, sizeof(p->comm), "%s", comm);
	p->pid = engine.next_pid++;
	p->prio = prio;
	p->fn = fn;
	p->arg = arg;
	p->cpu = 0;
	p->state = TASK_RUNNING;
	p->start_time = engine.now;
	INIT_LIST_HEAD(&p->run_node);
	timer_init(&p->wakeup_timer, task_timeout_event, p);
	timer_init(&p->run_timer, task_run_event, p);
	timer_init(&p->cpu_timer, task_cpu_event, p);
	list_add_tail(&p->tasks, &engine.all_tasks);
	context_init(p);
	sched_fork(p);
	p->resume_pending = true;
	timer_add(&p->run_timer, engine.now);
	return p;
}

struct task_struct *find_task_by_pid(int pid)
{
	struct task_struct *p;

	list_for_each_entry(p, &engine.all_tasks, tasks)
		if (p->pid == pid)
			return p;
	return NULL;
}

struct task_struct *task_next(struct task_struct *prev)
{
	struct list_head *n = prev ? prev->tasks.next : engine.all_tasks.next;

	if (n == &engine.all_tasks)
		return NULL;
	return list_entry(n, struct task_struct, tasks);
}

/* ---- where the time goes (sim.h, enum task_time) ---------------------- */

const char *const task_time_names[NR_TASK_TIME] = {
	[TT_CPU] = "cpu",
	[TT_RUNQUEUE] = "runqueue",
	[TT_RECLAIM] = "reclaim",
	[TT_CONGESTION] = "congestion_wait",
	[TT_SWAPIN] = "swapin",
	[TT_FILE_READ] = "file_read",
	[TT_PAGE_WAIT] = "page_wait",
	[TT_REQUEST] = "request",
	[TT_MEMPOOL] = "mempool",
	[TT_THROTTLE] = "throttle",
	[TT_SLEEP] = "sleep",
};

enum task_time task_time_enter(enum task_time class)
{
	struct task_struct *p = engine.running;
	enum task_time old;

	if (!p || in_interrupt())
		return TT_CPU;
	old = (enum task_time)p->time_class;
	p->time_class = (unsigned char)class;
	return old;
}

void task_time_exit(enum task_time old)
{
	struct task_struct *p = engine.running;

	if (p && !in_interrupt())
		p->time_class = (unsigned char)old;
}

/* A sleep with no class of its own: direct reclaim's, or a plain one. */
enum task_time task_time_sleep_class(const struct task_struct *p)
{
	if (p->time_class == TT_CPU)
		return TT_SLEEP;
	return (enum task_time)p->time_class;
}

/* ---- sleeping and waking --------------------------------------------- */

void set_current_state(long state)
{
	current->state = state;
}

void schedule(void)
{
	struct task_struct *p = engine.running;

	SIM_BUG_ON(!p);			/* schedule() outside task context */
	SIM_BUG_ON(in_interrupt());	/* scheduling while atomic */
	if (p->state == TASK_RUNNING)
		return;		/* woken between prepare and schedule */
	sched_sleep(p);
	p->block_class = (unsigned char)task_time_sleep_class(p);
	p->block_start = engine.now;
	p->blocked = true;
	switch_to_scheduler();
	p->blocked = false;
	p->time_sum[p->block_class] += engine.now - p->block_start;
}

/*
 * Timeouts expire on a tick boundary, jiffies + timeout, so a sleep of t
 * jiffies lasts between (t-1)/HZ and t/HZ, as the kernel's timer wheel.
 */
long schedule_timeout(long timeout)
{
	struct task_struct *p = engine.running;
	unsigned long expire;
	long left;

	if (timeout == (long)MAX_SCHEDULE_TIMEOUT) {
		schedule();
		return timeout;
	}
	if (timeout < 0)
		timeout = 0;
	expire = jiffies + (unsigned long)timeout;
	p->timed_out = false;
	timer_add(&p->wakeup_timer, jiffies_to_ns(expire));
	schedule();
	timer_del(&p->wakeup_timer);
	left = (long)expire - (long)jiffies;
	return left < 0 ? 0 : left;
}

long schedule_timeout_uninterruptible(long timeout)
{
	set_current_state(TASK_UNINTERRUPTIBLE);
	return schedule_timeout(timeout);
}

long io_schedule_timeout(long timeout)
{
	sim_time_t start = engine.now;
	long ret = schedule_timeout(timeout);

	current->iowait_time += engine.now - start;
	return ret;
}

void io_schedule(void)
{
	sim_time_t start = engine.now;

	schedule();
	current->iowait_time += engine.now - start;
}

/*
 * try_to_wake_up(): the task goes on a CPU's queue now (sched.c), and its
 * code resumes at this instant whether or not it has a CPU yet
 * (docs/model.md, "Engine": a task needs a CPU only for its work).
 */
static int try_to_wake_up(struct task_struct *p, unsigned int state, bool sync)
{
	if (!(p->state & (long)state))
		return 0;
	p->state = TASK_RUNNING;
	if (p == engine.running)
		return 1;	/* not yet asleep: schedule() will return */
	sched_wakeup(p, sync);
	if (!p->resume_pending) {
		p->resume_pending = true;
		timer_add(&p->run_timer, engine.now);
	}
	return 1;
}

int wake_up_process(struct task_struct *p)
{
	return try_to_wake_up(p, TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE,
			      false);
}

/* ---- wait queues ----------------------------------------------------- */

void init_waitqueue_head(struct wait_queue_head *wq)
{
	INIT_LIST_HEAD(&wq->head);
}

void prepare_to_wait(struct wait_queue_head *wq,
		     struct wait_queue_entry *wait, long state)
{
	wait->flags &= ~WQ_FLAG_EXCLUSIVE;
	wait->task = current;
	if (list_empty(&wait->entry))
		list_add(&wait->entry, &wq->head);
	set_current_state(state);
}

void prepare_to_wait_exclusive(struct wait_queue_head *wq,
			       struct wait_queue_entry *wait, long state)
{
	wait->flags |= WQ_FLAG_EXCLUSIVE;
	wait->task = current;
	if (list_empty(&wait->entry))
		list_add_tail(&wait->entry, &wq->head);
	set_current_state(state);
}

void finish_wait(struct wait_queue_head *wq, struct wait_queue_entry *wait)
{
	(void)wq;
	current->state = TASK_RUNNING;
	if (!list_empty(&wait->entry))
		list_del_init(&wait->entry);
}

/* autoremove_wake_function semantics: a woken entry leaves the queue. */
static void __wake_up_common(struct wait_queue_head *wq, unsigned int mode,
			     int nr_exclusive, bool sync)
{
	struct wait_queue_entry *curr, *next;

	list_for_each_entry_safe(curr, next, &wq->head, entry) {
		unsigned int flags = curr->flags;

		if (!try_to_wake_up(curr->task, mode, sync))
			continue;
		list_del_init(&curr->entry);
		if ((flags & WQ_FLAG_EXCLUSIVE) && !--nr_exclusive)
			break;
	}
}

void __wake_up(struct wait_queue_head *wq, unsigned int mode, int nr_exclusive)
{
	__wake_up_common(wq, mode, nr_exclusive, false);
}

/* 2.6.30-2.6.32 kernel/sched.c __wake_up_sync_key(): not sync when every
 * waiter is to be woken (nr_exclusive 0). */
void __wake_up_sync(struct wait_queue_head *wq, unsigned int mode,
		    int nr_exclusive)
{
	__wake_up_common(wq, mode, nr_exclusive, nr_exclusive != 0);
}

/* ---- interrupts ------------------------------------------------------ */

bool in_interrupt(void)
{
	return engine.irq_depth > 0;
}

int smp_processor_id(void)
{
	if (engine.irq_depth)
		return engine.irq_cpu;
	if (engine.running)
		return engine.running->cpu;
	return 0;
}

void sim_call_on_cpu(int cpu, void (*fn)(void *), void *info)
{
	struct task_struct *prev = sim_current;
	int prev_cpu = engine.irq_cpu;
	sim_time_t prev_consumed = engine.irq_consumed;

	if (cpu == smp_processor_id()) {
		fn(info);
		return;
	}
	engine.irq_depth++;
	engine.irq_cpu = cpu;
	engine.irq_consumed = 0;
	/* A kernel booted with more CPUs than the engine has (a unit test
	 * without sim_init): nobody runs there, nothing is charged. */
	sim_current = (unsigned int)cpu < engine.cfg.nr_cpus ?
		      engine.cpus[cpu].curr : NULL;
	fn(info);
	if ((unsigned int)cpu < engine.cfg.nr_cpus)
		sched_irq_charge(cpu, engine.irq_consumed);
	sim_current = prev;
	engine.irq_cpu = prev_cpu;
	engine.irq_consumed = prev_consumed;
	engine.irq_depth--;
}

static void irq_dispatch(struct timer *t)
{
	struct irq_work *w = t->data;
	struct task_struct *prev = sim_current;
	int prev_cpu = engine.irq_cpu;
	sim_time_t prev_consumed = engine.irq_consumed;

	engine.irq_depth++;
	engine.irq_cpu = w->cpu;
	engine.irq_consumed = 0;
	sim_current = engine.cpus[w->cpu].curr;
	engine.ring[engine.nr_events % SIM_EVENT_RING].aux = (void *)w->handler;
	w->handler(w);
	sched_irq_charge(w->cpu, engine.irq_consumed);
	sim_current = prev;
	engine.irq_cpu = prev_cpu;
	engine.irq_consumed = prev_consumed;
	engine.irq_depth--;
}

const char *sim_task_timer_kind(void (*fn)(struct timer *))
{
	if (fn == task_run_event)
		return "run";
	if (fn == task_cpu_event)
		return "cpu slice end";
	if (fn == task_timeout_event)
		return "timeout";
	if (fn == irq_dispatch)
		return "irq";
	return NULL;
}

void irq_work_init(struct irq_work *w, int cpu,
		   void (*handler)(struct irq_work *), void *data)
{
	timer_init(&w->timer, irq_dispatch, w);
	w->cpu = cpu;
	w->handler = handler;
	w->data = data;
}

void irq_work_queue_at(struct irq_work *w, sim_time_t when)
{
	if ((unsigned int)w->cpu >= engine.cfg.nr_cpus)
		w->cpu = 0;
	timer_add(&w->timer, when);
}

/* ---- setup ----------------------------------------------------------- */

void sim_init(const struct sim_config *cfg)
{
	memset(&engine, 0, sizeof(engine));
	engine.cfg = *cfg;
	if (!engine.cfg.hz)
		engine.cfg.hz = 250;
	if (!engine.cfg.nr_cpus)
		engine.cfg.nr_cpus = 1;
	if (engine.cfg.nr_cpus > SIM_MAX_CPUS)
		engine.cfg.nr_cpus = SIM_MAX_CPUS;
	if (!engine.cfg.stack_size)
		engine.cfg.stack_size = 256 * 1024;
	sim_hz = engine.cfg.hz;
	engine.next_pid = 1;
	INIT_LIST_HEAD(&engine.all_tasks);
	INIT_LIST_HEAD(&engine.dead);
	prandom_seed(cfg->seed);
	sched_init();
	sim_current = NULL;
}

void sim_exit(void)
{
	struct task_struct *p, *n;

	list_for_each_entry_safe(p, n, &engine.all_tasks, tasks) {
		context_free(p);
		free(p);
	}
	INIT_LIST_HEAD(&engine.all_tasks);
	free(engine.heap);
	engine.heap = NULL;
	engine.heap_len = engine.heap_cap = 0;
	sim_current = NULL;
}
