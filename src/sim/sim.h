/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The simulation engine: virtual time, timers, tasks (coroutines), wait
 * queues and a CPU model.  One simulation per process; all state is global,
 * as the kernel's is, and sim_init()/sim_exit() reset it between runs.
 *
 * Time passes only where code says so: cpu_consume() (CPU work), sleeps
 * (schedule_timeout and friends) and waits on wait queues.  Everything else
 * a task does between two blocking points happens in zero simulated time.
 */
#ifndef MMSIM_SIM_H
#define MMSIM_SIM_H

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>
#include "list.h"

typedef uint64_t sim_time_t;		/* nanoseconds since boot */

#define NSEC_PER_USEC	1000ULL
#define NSEC_PER_MSEC	1000000ULL
#define NSEC_PER_SEC	1000000000ULL
#define MAX_SCHEDULE_TIMEOUT	(~0UL >> 1)

#define SIM_MAX_CPUS	64

/* ---- clock ---------------------------------------------------------- */

extern unsigned int sim_hz;
#define HZ (sim_hz)

sim_time_t sim_now(void);
unsigned long sim_jiffies(void);
#define jiffies (sim_jiffies())

/*
 * The start of tick @j, rounded up: then sim_jiffies() at that time is
 * @j, also for HZ = 300 (3333333.3 ns a tick), so a timer set to expire
 * at tick j finds jiffies == j, as the kernel's timer wheel does.
 */
static inline sim_time_t jiffies_to_ns(unsigned long j)
{
	return ((sim_time_t)j * NSEC_PER_SEC + sim_hz - 1) / sim_hz;
}

/* Round up: a sleep of @ns lasts at least that long, as msecs_to_jiffies. */
static inline unsigned long ns_to_jiffies(sim_time_t ns)
{
	return (unsigned long)((ns * sim_hz + NSEC_PER_SEC - 1) / NSEC_PER_SEC);
}

/* ---- timers --------------------------------------------------------- */

struct timer {
	sim_time_t expires;
	uint64_t seq;			/* insertion order breaks time ties */
	int heap_index;			/* -1 when not queued */
	void (*function)(struct timer *);
	void *data;
	/* TIMER_DEFERRABLE: does not keep the machine alive (samplers,
	 * watchdogs); the deadlock detector ignores it.  Set after timer_init. */
	bool deferrable;
};

void timer_init(struct timer *t, void (*fn)(struct timer *), void *data);
void timer_add(struct timer *t, sim_time_t expires);
void timer_del(struct timer *t);
static inline bool timer_pending(const struct timer *t)
{
	return t->heap_index >= 0;
}

/* ---- tasks ---------------------------------------------------------- */

/* Task flags with the kernel's meaning. */
#define PF_MEMALLOC	0x00000800	/* allocating memory to free memory */
#define PF_SWAPWRITE	0x00800000	/* allowed to write to swap */
#define PF_KSWAPD	0x00040000
#define PF_LESS_THROTTLE 0x00100000
#define PF_EXITING	0x00000004

#define TIF_MEMDIE	1		/* bit in task->tif_flags: OOM victim */
#define TIF_SIGKILL	2		/* mmsim: SIGKILL pending (no signal machinery) */

enum task_state {
	TASK_RUNNING = 0,
	TASK_INTERRUPTIBLE = 1,
	TASK_UNINTERRUPTIBLE = 2,
	TASK_DEAD = 64,
};

#define MAX_RT_PRIO	100
#define DEFAULT_PRIO	120		/* nice 0 */
/* Static priority and nice, as include/linux/sched.h (2.6.32). */
#define NICE_TO_PRIO(nice)	(MAX_RT_PRIO + (nice) + 20)
#define PRIO_TO_NICE(prio)	((prio) - MAX_RT_PRIO - 20)

/*
 * Where a task's time goes: every nanosecond of its life falls in exactly
 * one class (docs/model.md, "Where a task's time goes").  The engine
 * charges a task's CPU work to TT_CPU, or to TT_RECLAIM while the task is
 * in direct reclaim; its time runnable in a CPU's queue, and interrupt
 * work on its CPU while it runs, to TT_RUNQUEUE; and each sleep to the
 * class its blocking site set (task_time_enter()): a sleep no site
 * classified is TT_SLEEP, or TT_RECLAIM inside direct reclaim.  Sites
 * nest and the innermost wins: direct reclaim's congestion_wait is
 * TT_CONGESTION, a page fault's wait for its swap-in read TT_SWAPIN.
 * The kernel's delay accounting has the same sources (2.6.32
 * include/linux/delayacct.h: cpu_delay from sched_info, blkio_delay from
 * io_schedule(), swapin_delay in mm/memory.c do_swap_page(),
 * freepages_delay in mm/vmscan.c do_try_to_free_pages()), but its
 * delays overlap; these do not.
 */
enum task_time {
	TT_CPU,			/* on a CPU, its own work */
	TT_RUNQUEUE,		/* runnable, waiting for a CPU (or its interrupts) */
	TT_RECLAIM,		/* direct reclaim: its CPU and unclassified sleeps */
	TT_CONGESTION,		/* congestion_wait() */
	TT_SWAPIN,		/* waiting for a swap-in read */
	TT_FILE_READ,		/* waiting for a file page being read */
	TT_PAGE_WAIT,		/* page lock held by another, or writeback */
	TT_REQUEST,		/* no free request: get_request_wait() */
	TT_MEMPOOL,		/* mempool_alloc() waiting for an element */
	TT_THROTTLE,		/* balance_dirty_pages()' pause (2.6.32) */
	TT_SLEEP,		/* every other sleep */
	NR_TASK_TIME
};

/* "cpu", "runqueue", ...: the classes' names in results and reports. */
extern const char *const task_time_names[NR_TASK_TIME];

struct reclaim_state;
struct backing_dev_info;
struct mm_struct;
struct sim_context;

struct task_struct {
	char comm[16];
	int pid;
	int prio;			/* < MAX_RT_PRIO is real-time */
	unsigned int flags;		/* PF_* */
	unsigned long tif_flags;
	volatile long state;
	struct reclaim_state *reclaim_state;
	struct backing_dev_info *backing_dev_info;
	struct mm_struct *mm;
	/* Page faults, as arch/x86/mm/fault.c do_page_fault() counts them:
	 * major when the fault had to read the page (VM_FAULT_MAJOR). */
	unsigned long maj_flt, min_flt;
	void *workload;			/* the workload program's private data */
	void *stack;			/* kernel stack pages (struct page *), or NULL */
	unsigned char alloc_caller;	/* what its allocation in progress is for
					 * (the kernel's measures: linux/gfp.h) */

	/* Engine-private below. */
	struct sim_context *ctx;
	void (*fn)(void *);
	void *arg;
	struct timer wakeup_timer;	/* schedule_timeout */
	struct timer run_timer;		/* resume now (a wake-up) */
	struct timer cpu_timer;		/* end of a stretch on a CPU */
	bool resume_pending;		/* run_timer is queued */
	bool timed_out;
	int cpu;			/* CPU it runs, waits or last ran on */

	/* The CPU model (sched.c): a sched_entity's fields. */
	bool on_rq;			/* waits in a CPU's queue */
	bool slept;			/* blocked since it last had a CPU */
	bool in_consume;		/* inside cpu_consume(), its work not begun or done */
	unsigned long load_weight;	/* prio_to_weight[nice + 20] */
	uint64_t vruntime;		/* ns of CPU scaled by NICE_0_LOAD / weight */
	sim_time_t prev_sum_exec_runtime; /* sum_exec_runtime when picked */
	sim_time_t cpu_left;		/* work still to do, reference-CPU ns */
	sim_time_t wait_start;		/* when it last joined a queue */
	struct list_head run_node;	/* in its CPU's queue */
	sim_time_t last_ran;		/* se.exec_start: when it last left a CPU */
	sim_time_t last_wakeup;		/* se.last_wakeup: sum_exec_runtime when it woke a task */
	sim_time_t avg_overlap;		/* se.avg_overlap */
	uint64_t enqueue_seq;		/* cfs_rq->tasks order: the load balancer's */

	struct list_head tasks;		/* all tasks */
	sim_time_t sum_exec_runtime;	/* ns on a CPU (its own work, no irqs) */
	sim_time_t wait_sum;		/* ns runnable but waiting for a CPU */
	unsigned long nr_preemptions;	/* lost its CPU before its work was done */
	sim_time_t iowait_time;		/* ns in io_schedule* */
	/* Where its time went (enum task_time), and what it is doing now:
	 * the class its blocking site or direct reclaim set (TT_CPU: none),
	 * and the sleep in progress, for task_time_breakdown(). */
	sim_time_t time_sum[NR_TASK_TIME];
	unsigned char time_class;
	unsigned char block_class;	/* of the sleep in progress */
	bool blocked;			/* in schedule(), off every CPU */
	sim_time_t block_start;
	sim_time_t start_time, exit_time;	/* kthread_run, do_exit */
	/* The watchdogs (deadlock report, khungtaskd): where and since when
	 * the task sleeps, and its context switch counts (nvcsw). */
	const char *wchan;		/* function that called schedule*() */
	int wchan_line;
	sim_time_t sleep_start;
	unsigned long nvcsw;
	unsigned long last_switch_count;	/* khungtaskd's */
};

static inline bool rt_task(const struct task_struct *p)
{
	return p->prio < MAX_RT_PRIO;
}

/*
 * The task whose code is running, or in interrupt context the task that was
 * interrupted (possibly NULL: the CPU was idle), exactly as the kernel's
 * current: gfp_to_alloc_flags looks at it in both contexts.
 */
extern struct task_struct *sim_current;
#define current (sim_current)

struct task_struct *kthread_run(void (*fn)(void *), void *arg,
				const char *comm, int prio);
struct task_struct *find_task_by_pid(int pid);
/* Iterate over every task ever created (dead ones included). */
struct task_struct *task_next(struct task_struct *prev);

void set_current_state(long state);
void schedule(void);
long schedule_timeout(long timeout);
long schedule_timeout_uninterruptible(long timeout);
long io_schedule_timeout(long timeout);
void io_schedule(void);
int wake_up_process(struct task_struct *p);
/* End the calling task now; its stack is freed by the engine. */
void do_exit(void) __attribute__((noreturn));

/*
 * Charge @ns of CPU work to the calling task (or, in interrupt context, to
 * the interrupted CPU, delaying whatever runs there).  @ns is the work's
 * time on the reference CPU (docs/model.md, "Engine"): a CPU of speed s
 * takes @ns / s, and a Hyper-Threading sibling longer while the other
 * thread of its core is busy.
 */
void cpu_consume(sim_time_t ns);

/*
 * kernel/sched.c's set_user_nice() and task_nice() (2.6.32): a normal
 * task's nice sets its CFS weight (prio_to_weight[]); rt tasks ignore it.
 * CFQ's default I/O priority would be (task_nice(p) + 20) / 5
 * (include/linux/ioprio.h task_nice_ioprio()).
 */
void set_user_nice(struct task_struct *p, long nice);
int task_nice(const struct task_struct *p);

/* What a task spent: ns on a CPU doing its own work, and ns runnable but
 * waiting in a CPU's queue (schedstats' se.wait_sum), the current wait
 * included. */
sim_time_t task_sum_exec_runtime(const struct task_struct *p);
sim_time_t task_wait_time(const struct task_struct *p);

/*
 * @out[class]: the ns of @p's life in each class of enum task_time, up to
 * now (or its exit).  They add up to its life: (exit or now) - start_time.
 */
void task_time_breakdown(const struct task_struct *p,
			 sim_time_t out[NR_TASK_TIME]);

/*
 * What the calling task is about to block on (or that it enters direct
 * reclaim): its time goes to @class until task_time_exit() restores the
 * class returned.  A no-op outside task context (interrupts, timers).
 */
enum task_time task_time_enter(enum task_time class);
void task_time_exit(enum task_time old);

/*
 * The sleep points record their caller as the task's wchan, so a deadlock
 * or hung task report can say where each blocked task waits.  The
 * parenthesised names call the functions themselves (task.c does).
 */
static inline void sim_note_wchan(const char *fn, int line)
{
	if (sim_current) {
		sim_current->wchan = fn;
		sim_current->wchan_line = line;
	}
}
#ifndef MMSIM_SIM_NO_WCHAN
#define schedule() (sim_note_wchan(__func__, __LINE__), (schedule)())
#define io_schedule() (sim_note_wchan(__func__, __LINE__), (io_schedule)())
#define schedule_timeout(t) (sim_note_wchan(__func__, __LINE__), (schedule_timeout)(t))
#define io_schedule_timeout(t)						\
	(sim_note_wchan(__func__, __LINE__), (io_schedule_timeout)(t))
#define schedule_timeout_uninterruptible(t)				\
	(sim_note_wchan(__func__, __LINE__), (schedule_timeout_uninterruptible)(t))
#endif

/* ---- wait queues ---------------------------------------------------- */

#define WQ_FLAG_EXCLUSIVE 0x01

struct wait_queue_entry {
	unsigned int flags;
	struct task_struct *task;
	struct list_head entry;
};

struct wait_queue_head {
	struct list_head head;
};

#define DEFINE_WAIT(name)						\
	struct wait_queue_entry name = {				\
		.task = current,					\
		.entry = LIST_HEAD_INIT((name).entry),			\
	}

void init_waitqueue_head(struct wait_queue_head *wq);
void prepare_to_wait(struct wait_queue_head *wq,
		     struct wait_queue_entry *wait, long state);
void prepare_to_wait_exclusive(struct wait_queue_head *wq,
			       struct wait_queue_entry *wait, long state);
void finish_wait(struct wait_queue_head *wq, struct wait_queue_entry *wait);
/* Wake every non-exclusive waiter and @nr_exclusive exclusive ones. */
void __wake_up(struct wait_queue_head *wq, unsigned int mode,
	       int nr_exclusive);
#define wake_up(wq)		__wake_up(wq, TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE, 1)
#define wake_up_all(wq)		__wake_up(wq, TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE, 0)
#define wake_up_interruptible(wq) __wake_up(wq, TASK_INTERRUPTIBLE, 1)
/*
 * A synchronous wake-up (WF_SYNC): the waker says it will sleep soon, so
 * wake_affine() may pull the wakee to its CPU (pipe_write(),
 * sock_def_readable() in 2.6.30-2.6.32).
 */
void __wake_up_sync(struct wait_queue_head *wq, unsigned int mode,
		    int nr_exclusive);
#define wake_up_interruptible_sync(wq) __wake_up_sync(wq, TASK_INTERRUPTIBLE, 1)
static inline bool waitqueue_active(const struct wait_queue_head *wq)
{
	return !list_empty(&wq->head);
}

/* ---- interrupts ----------------------------------------------------- */

/*
 * Interrupt and softirq work: a handler runs at a given simulated instant on
 * a given CPU, in interrupt context, and must not sleep.  CPU time it
 * consumes delays the task running on that CPU.
 */
struct irq_work {
	struct timer timer;
	int cpu;
	void (*handler)(struct irq_work *);
	void *data;
};

void irq_work_init(struct irq_work *w, int cpu,
		   void (*handler)(struct irq_work *), void *data);
void irq_work_queue_at(struct irq_work *w, sim_time_t when);
bool in_interrupt(void);
int smp_processor_id(void);

/*
 * Run @fn(@info) now as CPU @cpu runs it: on the calling CPU directly, on
 * another one as an interrupt there (an IPI: smp_processor_id() is @cpu,
 * in_interrupt() is true, current is the task holding that CPU), its CPU
 * time charged to @cpu as interrupt work.  The kernel's on_each_cpu() and
 * smp_call_function_single() (2.6.32 kernel/smp.c) run on it; the calling
 * CPU waits, and the call takes no simulated time.
 */
void sim_call_on_cpu(int cpu, void (*fn)(void *), void *info);

/* ---- the engine ----------------------------------------------------- */

/*
 * Where select_task_rq_fair() puts a woken task: its previous CPU, unless
 * wake_affine() moves it to the waking CPU, or
 *  AFFINE_BALANCE	also SD_WAKE_BALANCE's passive balancing to the
 *			waking CPU when that is less loaded (2.6.30/31);
 *  AFFINE		wake_affine() with its low-load case (2.6.32-rc6);
 *  AFFINE_IDLE		an idle CPU sharing the package's cache instead of
 *			the waking one (c2f19532, 2.6.32.2).
 */
enum sim_wake_placement {
	SIM_WAKE_AFFINE,
	SIM_WAKE_AFFINE_BALANCE,
	SIM_WAKE_AFFINE_IDLE,
};

/*
 * The CFS buddies (kernel/sched_fair.c): NEXT_LAST, a wake-up makes the
 * woken task the next buddy and curr the last, kept until picked
 * (2.6.30/31); LAST, only curr the last, dropped at every pick
 * (2.6.32-rc6); LAST_SCALED, curr the last only when the wakee preempts
 * it on a queue of sched_nr_latency or more, with the tick-time lag
 * check (f685ceac, 2.6.32).
 */
enum sim_buddies {
	SIM_BUDDIES_LAST,
	SIM_BUDDIES_NEXT_LAST,
	SIM_BUDDIES_LAST_SCALED,
};

/*
 * The CFS tunables at boot, before sched_init_granularity() multiplies
 * them by 1 + ilog2(nr_cpus) (kernel/sched.c of 2.6.30-2.6.32), and the
 * sleeper credit's feature, and how tasks are placed and balanced.  Zero
 * fields take 2.6.32-rc6's values (kernel/sched_fair.c: 5 ms, 1 ms, 1 ms,
 * GENTLE_FAIR_SLEEPERS); the kernel profile sets them (kernel/sched.c
 * sched_profile_config()).
 */
struct sched_tunables {
	sim_time_t latency;		/* sysctl_sched_latency */
	sim_time_t min_granularity;	/* sysctl_sched_min_granularity */
	sim_time_t wakeup_granularity;	/* sysctl_sched_wakeup_granularity */
	/* Sleeper credit: sched_latency (2.6.30/31 NEW_FAIR_SLEEPERS) or
	 * half of it (2.6.32 GENTLE_FAIR_SLEEPERS). */
	bool full_sleeper_credit;
	/* Task placement and load balancing (docs/model.md, "Engine"),
	 * zero being 2.6.32-rc6's. */
	enum sim_wake_placement wake_placement;
	enum sim_buddies buddies;
	/* SD_BALANCE_NEWIDLE on the SMT domain only (2.6.30/31), not on
	 * the MC one too (2.6.32-rc1's 840a0653). */
	bool newidle_smt_only;
	/* The MC domain's wake_idx and forkexec_idx: 1 in 2.6.30/31, 0
	 * since 78e7ed53 and b8a543ea (2.6.32-rc1). */
	unsigned int mc_wake_idx;
	/* 2.6.32.2's rate limit on newidle balancing (37ed2d70). */
	bool newidle_rate_limit;
};

struct sim_config {
	unsigned int hz;		/* default 250 */
	unsigned int nr_cpus;		/* logical CPUs, default 1 */
	/* The CPUs' speed relative to the reference CPU the costs are
	 * written for (0: 1.0); with 2 threads per core, CPUs 2k and 2k+1
	 * share a core and each runs at smt_speed (0: 1.0) times its lone
	 * speed while the other is busy. */
	double cpu_speed;
	unsigned int threads_per_core;	/* 1 (0 too) or 2 */
	double smt_speed;
	/* The simulated kernel's long has 64 bits (x86-64): where the
	 * kernel's arithmetic depends on it (sched.c). */
	bool lp64;
	struct sched_tunables sched;
	uint64_t seed;
	size_t stack_size;		/* per task, default 256 KiB */
};

void sim_init(const struct sim_config *cfg);
void sim_exit(void);			/* frees every task and stack */
/* Run events until @until, until sim_stop(), or until nothing is left.
 * Returns the simulated time reached. */
sim_time_t sim_run(sim_time_t until);
void sim_stop(void);
bool sim_stopped(void);
unsigned int sim_nr_cpus(void);
/* Number of events dispatched so far (for progress and benchmarks). */
uint64_t sim_events(void);

/*
 * Debugging hooks (mm_debug.c installs them for --check).  They survive
 * sim_init()/sim_exit(), so a test program sets them once.
 *
 * The event hook runs between events, in no task, after every @every-th
 * dispatched event (0: never).  The deadlock hook runs when only
 * deferrable timers are left (nothing can happen any more) while some task
 * sleeps in TASK_UNINTERRUPTIBLE; the run goes on unless it sim_stop()s.
 */
void sim_set_event_hook(void (*fn)(void), uint64_t every);
void sim_set_deadlock_hook(void (*fn)(void));

/* The last SIM_EVENT_RING dispatched events, always recorded (three
 * stores per event): for violation reports. */
#define SIM_EVENT_RING	32
struct sim_event_rec {
	uint64_t nr;			/* sim_events() at dispatch */
	sim_time_t when;
	void (*fn)(struct timer *);
	void *data;
	void *aux;			/* irq work: its handler */
};
/* Copy the recorded events, oldest first; returns how many. */
unsigned int sim_last_events(struct sim_event_rec *out);
/* One line describing @r: the task it resumed or the function it ran. */
void sim_describe_event(const struct sim_event_rec *r, char *buf, size_t len);
/* Is @p blocked (neither running, runnable nor dead)? */
bool task_blocked(const struct task_struct *p);
/* CPU busy time per CPU, ns, task and interrupt work together. */
sim_time_t sim_cpu_busy(int cpu);
/* The CFS tunables in force (after the boot-time scaling). */
struct sched_tunables sim_sched_tunables(void);

/* ---- randomness ----------------------------------------------------- */

/* One seeded generator per simulation (xoshiro256**, seeded by splitmix64). */
uint64_t prandom_u64(void);
/* Uniform in [0, bound). */
uint64_t prandom_below(uint64_t bound);
/* Uniform in [0, 1). */
double prandom_double(void);

#endif /* MMSIM_SIM_H */
