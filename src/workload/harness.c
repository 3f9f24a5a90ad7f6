// SPDX-License-Identifier: GPL-2.0
/*
 * The 2009 test's harness, as small processes of their own.  The cover
 * letter (<1258054235-3208-1-git-send-email-mel@csn.ul.ie>): "Output from
 * the two programs is piped through another script - latency-output.  It
 * records how far into the test it was when the line was outputted and
 * what the latency was since the last line appeared ... Because pipes
 * buffer IO, they are all run by expect_unbuffered"; "All the tests are
 * driven via run-test.sh.  While the tests run, it records the kern.log
 * to track page allocation failures, records nr_writeback at regular
 * intervals and tracks Page IO and Swap IO"; the scripts ran "On a normal
 * partition", not on the encrypted volume.
 *
 * latency-output: for every process of the watched program, the pipeline
 * "expect_unbuffered PROGRAM | latency-output > LOG": an expect process
 * that takes each line off the pty and writes it to the pipe, and a
 * latency-output process that reads it, timestamps it (the time it reads
 * it is the line's time in the record: a busy CPU or a stalled harness
 * delays it, as it delayed Mel's) and appends it to its log file.  Both
 * keep a small interpreter's heap, touch a few pages of it per line and
 * charge CPU per line.
 *
 * monitor: one of run-test.sh's samplers, in the style of MMTests'
 * monitors/watch-writeback.sh (`grep "nr_writeback " /proc/vmstat; sleep
 * $MONITOR_UPDATE_FREQUENCY` in a loop), watch-pageio.sh and
 * watch-swapio.sh: it wakes every interval, spends the CPU of a shell
 * loop forking its commands and reading /proc/vmstat, and appends a line
 * to its log.  Each command is a fork: the shell's children (grep, awk,
 * the subshell of a command substitution, and sleep, /bin/sleep) each
 * get a kernel stack from the allocator in the shell's context, order 1
 * (kernel/fork.c alloc_child_stack()), freed when the child exits: the
 * short-lived ones one after the other within the sample's CPU, sleep's
 * after the interval.
 *
 * Simplified (docs/workloads.md): the pty and the pipe are not kernel
 * objects (a line wakes the reader, no pipe buffer pages are allocated);
 * the processes' code and libraries are not file pages that reclaim could
 * drop; a monitor's children are not tasks: of each fork and exec only
 * the kernel stack is allocated (no task_struct, mm, page tables or other
 * slab objects), and the child's work is the shell's CPU.
 */
#include <stdlib.h>
#include <string.h>
#include "program.h"
#include "linux/kernel.h"
#include "linux/mm.h"
#include "linux/pagemap.h"
#include "util/xalloc.h"

#define HARNESS_MAX_PIPES	16

enum { HARNESS_FS_LOG, HARNESS_FS_SCRATCH };
static const char *const harness_fs_names[] = { "log", "scratch", NULL };

/* ---- what both programs share ------------------------------------------- */

/* A process's interpreter heap: touched whole at start, a few pages of
 * it per line or sample. */
struct harness_heap {
	struct mm_struct *mm;
	unsigned long addr;
	unsigned long pages;
};

static struct super_block *harness_sb(const struct workload *w, int fs)
{
	return fs == HARNESS_FS_LOG ? w->set->log_sb : w->set->sb;
}

static bool harness_heap_init(struct harness_heap *h, struct workload *w,
			      uint64_t bytes)
{
	h->pages = (unsigned long)(program_page_align(bytes) >> PAGE_SHIFT);
	if (!h->pages)
		return true;
	h->addr = do_mmap_anon(h->mm, h->pages << PAGE_SHIFT, VM_READ | VM_WRITE);
	for (unsigned long i = 0; i < h->pages; i++)
		if (!program_access(w, h->mm, h->addr + (i << PAGE_SHIFT), true))
			return false;
	return true;
}

/* The first @nr pages: the stack and buffers a loop iteration uses. */
static bool harness_heap_touch(struct harness_heap *h, struct workload *w,
			       int64_t nr)
{
	for (unsigned long i = 0; i < h->pages && i < (unsigned long)nr; i++)
		if (!program_access(w, h->mm, h->addr + (i << PAGE_SHIFT), true))
			return false;
	return true;
}

/* Append @bytes to @file at *@pos; false: killed. */
static bool harness_log(struct workload *w, struct file *file, uint64_t *pos,
			uint64_t bytes)
{
	struct program_counters *c = program_counters(w);

	while (file && bytes && !program_killed()) {
		long n = vfs_write(file, (loff_t)*pos, (unsigned long)bytes);

		if (n <= 0) {
			/* -ENOMEM or -ENOSPC: the script's printf fails;
			 * the C library would retry. */
			program_sleep(jiffies_to_ns(1));
			continue;
		}
		*pos += (uint64_t)n;
		bytes -= (uint64_t)n;
		c->bytes_written += (uint64_t)n;
	}
	return !program_killed();
}

/* Wait on @wq until @cond(@arg): a pipe or pty reader's sleep. */
static void harness_wait(struct wait_queue_head *wq,
			 bool (*cond)(const void *), const void *arg)
{
	DEFINE_WAIT(wait);

	for (;;) {
		prepare_to_wait(wq, &wait, TASK_INTERRUPTIBLE);
		if (cond(arg) || program_killed())
			break;
		schedule();
	}
	finish_wait(wq, &wait);
}

/* ---- latency-output ------------------------------------------------------ */

struct latency_output_params {
	char watch[SCENARIO_TASK_NAME_MAX];
	uint64_t expect_cpu;
	uint64_t cpu_per_line;
	uint64_t line_bytes;
	uint64_t rss;
	int64_t hot_pages;
	int fs;
};

struct lo_pipe;

/* One of the pipeline's two processes. */
struct lo_proc {
	struct lo_pipe *pipe;
	struct task_struct *task;
	struct harness_heap heap;
	struct wait_queue_head wait;
	unsigned long pending;		/* lines it has not read yet */
	bool exited;
};

/* expect_unbuffered PROGRAM | latency-output > LOG, for one process. */
struct lo_pipe {
	struct latency_output *lo;
	unsigned int index;
	struct program_stdout *out;	/* the watched process's */
	struct stdout_reader reader;
	bool eof;			/* the watched process exited */
	struct lo_proc expect, lat;
	struct file *log;
	uint64_t log_pos;
};

struct latency_output {
	struct program_counters c;
	const struct latency_output_params *p;
	struct workload *w;
	unsigned int nr, nr_exited;
	struct lo_pipe pipe[HARNESS_MAX_PIPES];
};

static bool lo_readable(const void *arg)
{
	const struct lo_proc *proc = arg;
	const struct lo_pipe *pipe = proc->pipe;

	/* latency-output's end of the pipe sees EOF once expect is gone. */
	return proc->pending ||
	       (proc == &pipe->expect ? pipe->eof : pipe->expect.exited);
}

/* The watched process printed a line: it is on expect's pty. */
static void lo_line(struct stdout_reader *reader)
{
	struct lo_pipe *pipe = container_of(reader, struct lo_pipe, reader);

	pipe->expect.pending++;
	wake_up(&pipe->expect.wait);
}

static void lo_eof(struct stdout_reader *reader)
{
	struct lo_pipe *pipe = container_of(reader, struct lo_pipe, reader);

	pipe->eof = true;
	wake_up(&pipe->expect.wait);
}

static void lo_exit(struct lo_proc *proc)
{
	struct latency_output *lo = proc->pipe->lo;

	proc->exited = true;
	proc->heap.mm = NULL;
	program_task_exit();
	if (proc == &proc->pipe->expect)
		wake_up(&proc->pipe->lat.wait);
	if (++lo->nr_exited == 2 * lo->nr) {
		lo->c.killed = program_killed();
		lo->c.exited = true;
		workload_finish(lo->w);
	}
}

/*
 * Both processes of a pipe: wait for a line, take it and touch the
 * interpreter's hot pages.  false: killed, the writer gone with nothing
 * left, or no memory for the heap.
 */
static bool lo_take_line(struct lo_proc *proc)
{
	struct latency_output *lo = proc->pipe->lo;

	harness_wait(&proc->wait, lo_readable, proc);
	if (program_killed() || !proc->pending)
		return false;
	proc->pending--;
	return harness_heap_touch(&proc->heap, lo->w, lo->p->hot_pages);
}

/* expect: each line off the pty, into the pipe. */
static void lo_expect_main(void *arg)
{
	struct lo_proc *proc = arg;
	struct lo_pipe *pipe = proc->pipe;
	struct latency_output *lo = pipe->lo;
	const struct latency_output_params *p = lo->p;

	if (!harness_heap_init(&proc->heap, lo->w, p->rss))
		goto out;
	while (lo_take_line(proc)) {
		program_cpu(1, p->expect_cpu);
		pipe->lat.pending++;
		/* pipe_write(): a sync wake-up of the reader (2.6.30-2.6.32
		 * fs/pipe.c, wake_up_interruptible_sync()). */
		wake_up_interruptible_sync(&pipe->lat.wait);
	}
out:
	lo_exit(proc);
}

/* latency-output: each line off the pipe, timed, into the log. */
static void lo_latency_main(void *arg)
{
	struct lo_proc *proc = arg;
	struct lo_pipe *pipe = proc->pipe;
	struct latency_output *lo = pipe->lo;
	const struct latency_output_params *p = lo->p;

	if (!harness_heap_init(&proc->heap, lo->w, p->rss))
		goto out;
	while (lo_take_line(proc)) {
		program_cpu(1, p->cpu_per_line);
		/* "how far into the test it was when the line was outputted
		 * and what the latency was since the last line appeared" */
		latency_log_line(&pipe->out->lat);
		lo->c.lines++;
		if (!harness_log(lo->w, pipe->log, &pipe->log_pos, p->line_bytes))
			break;
	}
out:
	program_close(&pipe->log);
	lo_exit(proc);
}

static struct task_struct *harness_spawn(struct workload *w,
					 void (*fn)(void *), void *arg,
					 const char *comm,
					 struct harness_heap *heap)
{
	heap->mm = mm_alloc();
	return program_spawn_task(w, fn, arg, heap->mm, comm);
}

static int lo_start(struct workload *w)
{
	const struct latency_output_params *p = w->params;
	struct workload *target = workload_find_task(w->set, p->watch);
	struct latency_output *lo = xcalloc(1, sizeof(*lo));
	struct super_block *sb = harness_sb(w, p->fs);
	struct program_stdout *out;

	w->state = lo;
	lo->p = p;
	lo->w = w;
	if (!target || !target->ops->output || !sb)
		return -1;
	/* The watched program started before (file order) or starts at the
	 * same instant: its processes' outputs exist once it has started. */
	while (lo->nr < HARNESS_MAX_PIPES &&
	       (out = target->ops->output(target, lo->nr))) {
		struct lo_pipe *pipe = &lo->pipe[lo->nr];
		char name[64];

		pipe->lo = lo;
		pipe->index = lo->nr;
		pipe->out = out;
		pipe->reader.line = lo_line;
		pipe->reader.eof = lo_eof;
		out->reader = &pipe->reader;
		snprintf(name, sizeof(name), "logs/%s-%u.latency", p->watch,
			 lo->nr);
		pipe->log = program_open(sb, name, 0, FMODE_WRITE);
		if (!pipe->log)
			return -1;
		pipe->expect.pipe = pipe->lat.pipe = pipe;
		init_waitqueue_head(&pipe->expect.wait);
		init_waitqueue_head(&pipe->lat.wait);
		pipe->expect.task = harness_spawn(w, lo_expect_main,
						  &pipe->expect, "expect",
						  &pipe->expect.heap);
		pipe->lat.task = harness_spawn(w, lo_latency_main, &pipe->lat,
					       "latency-output",
					       &pipe->lat.heap);
		lo->nr++;
	}
	if (!lo->nr)
		return -1;
	w->task = lo->pipe[0].lat.task;
	return 0;
}

static void lo_release(struct workload *w)
{
	struct latency_output *lo = w->state;

	if (!lo)
		return;
	for (unsigned int i = 0; i < lo->nr; i++) {
		struct lo_pipe *pipe = &lo->pipe[i];

		program_close(&pipe->log);
		if (!pipe->expect.exited)
			program_task_release(pipe->expect.task);
		if (!pipe->lat.exited)
			program_task_release(pipe->lat.task);
		/* The watched program's state may be gone already. */
	}
	free(lo);
	w->state = NULL;
}

static int lo_validate(const struct scenario *sc, struct scenario_task *task,
		       void *params, struct scenario_error *err)
{
	const struct latency_output_params *p = params;
	int i = scenario_find_task(sc, p->watch);

	if (i < 0)
		return scenario_errorf(sc, task->line, err, "[task %s]: watch = "
				       "'%s': no such task (a [task NAME] whose "
				       "program prints lines)", task->name,
				       p->watch);
	if (&sc->tasks[i] >= task)
		return scenario_errorf(sc, task->line, err, "[task %s]: watch = "
				       "'%s': that task comes later in the file "
				       "(the task it watches must come first, so "
				       "that its output exists when this starts)",
				       task->name, p->watch);
	if (sc->tasks[i].program && !sc->tasks[i].program->output)
		return scenario_errorf(sc, task->line, err, "[task %s]: watch = "
				       "'%s': program %s prints nothing (a task of "
				       "a program that prints lines: gitk, music)",
				       task->name, p->watch,
				       sc->tasks[i].program->name);
	if (p->fs == HARNESS_FS_LOG && !sc->machine.logfs_size)
		return scenario_errorf(sc, task->line, err, "[task %s]: fs = log "
				       "needs the machine's log filesystem (set "
				       "[machine] logfs_size, or fs = scratch)",
				       task->name);
	return 0;
}

#define LO(field) PARAM_FIELD(struct latency_output_params, field)

static const struct param_spec lo_params[] = {
	{ .key = "watch", .type = PARAM_STRING, .required = true, LO(watch),
	  .doc = "the task whose output it reads, one pipeline per process "
		 "[cover: \"Output from the two programs is piped through "
		 "another script - latency-output\"]" },
	{ .key = "expect_cpu", .type = PARAM_TIME, .def = "30us",
	  .min = 0, .max = NSEC_PER_SEC, LO(expect_cpu),
	  .doc = "expect_unbuffered's CPU to move one line from the pty to the "
		 "pipe [assumed: a Tcl interpreter's read and write, 10-100 us]" },
	{ .key = "cpu_per_line", .type = PARAM_TIME, .def = "20us",
	  .min = 0, .max = NSEC_PER_SEC, LO(cpu_per_line),
	  .doc = "latency-output's CPU to read, time and print one line "
		 "[assumed: a Perl script's loop, 10-50 us]" },
	{ .key = "line_bytes", .type = PARAM_SIZE, .def = "80B",
	  .min = 0, .max = 1 << 20, LO(line_bytes),
	  .doc = "bytes appended to the log per line [MMTests' latency-output "
		 "prints \"%16.4f %8.4f %10.4f -- %s\": 40 bytes before the "
		 "program's line]" },
	{ .key = "rss", .type = PARAM_SIZE, .def = "2M",
	  .min = 0, .max = 1ULL << 30, LO(rss),
	  .doc = "anonymous memory each of the two processes touches at start "
		 "[assumed: an interpreter's heap, 1-4 MiB]" },
	{ .key = "hot_pages", .type = PARAM_INT, .def = "4",
	  .min = 0, .max = 1 << 20, LO(hot_pages),
	  .doc = "pages of it each process touches per line [assumed: stack, "
		 "buffers, the interpreter's state]" },
	{ .key = "fs", .type = PARAM_ENUM, .def = "log",
	  .words = harness_fs_names, LO(fs),
	  .doc = "where its logs go: the machine's log filesystem (the normal "
		 "partition the scripts ran from [cover]) or the scratch "
		 "volume" },
};

static const struct workload_ops latency_output_ops = {
	.name = "latency-output",
	.summary = "the harness's expect_unbuffered | latency-output pipeline "
		   "per process of a program: timestamps each line, logs it",
	.order = 90,
	.params = lo_params,
	.nr_params = ARRAY_SIZE(lo_params),
	.params_size = sizeof(struct latency_output_params),
	.validate = lo_validate,
	.start = lo_start,
	.release = lo_release,
};
WORKLOAD_REGISTER(latency_output_ops);

/* ---- monitor ---------------------------------------------------------------- */

struct monitor_params {
	uint64_t interval;
	uint64_t cpu;
	int64_t forks;
	bool sleep_child;
	uint64_t line_bytes;
	uint64_t rss;
	int64_t hot_pages;
	int fs;
};

struct monitor {
	struct program_counters c;
	const struct monitor_params *p;
	struct harness_heap heap;
	struct file *log;
	uint64_t log_pos;
};

/*
 * One short-lived child: forked, run for @cpu of the shell's sample,
 * reaped.  A fork that fails (-ENOMEM: no stack) is only the shell's
 * error message; the loop goes on.
 */
static void monitor_child(sim_time_t cpu)
{
	struct page *stack = alloc_child_stack();

	program_cpu(1, cpu);
	free_child_stack(stack);
}

static void monitor_main(void *arg)
{
	struct workload *w = arg;
	struct monitor *m = w->state;
	const struct monitor_params *p = m->p;

	if (!harness_heap_init(&m->heap, w, p->rss))
		goto out;
	while (!program_killed()) {
		/* The loop's work first, then its sleep, as
		 * `grep ... /proc/vmstat; sleep $FREQ` does. */
		if (!harness_heap_touch(&m->heap, w, p->hot_pages))
			break;
		if (p->forks)
			for (int64_t i = 0; i < p->forks; i++)
				monitor_child(p->cpu / (uint64_t)p->forks);
		else
			program_cpu(1, p->cpu);
		if (!harness_log(w, m->log, &m->log_pos, p->line_bytes))
			break;
		m->c.loops++;
		if (p->sleep_child) {
			struct page *stack = alloc_child_stack();

			program_sleep(p->interval);
			free_child_stack(stack);
		} else {
			program_sleep(p->interval);
		}
	}
out:
	program_close(&m->log);
	m->heap.mm = NULL;
	program_exit(w);
}

static int monitor_start(struct workload *w)
{
	const struct monitor_params *p = w->params;
	struct monitor *m = xcalloc(1, sizeof(*m));
	struct super_block *sb = harness_sb(w, p->fs);
	char name[64];

	w->state = m;
	m->p = p;
	if (!sb)
		return -1;
	snprintf(name, sizeof(name), "logs/%s.log", w->name);
	m->log = program_open(sb, name, 0, FMODE_WRITE);
	if (!m->log)
		return -1;
	m->heap.mm = mm_alloc();
	program_spawn(w, monitor_main, m->heap.mm);
	return 0;
}

static void monitor_release(struct workload *w)
{
	struct monitor *m = w->state;

	if (!m)
		return;
	program_close(&m->log);
	if (!m->c.exited)
		program_release(w);
	free(m);
	w->state = NULL;
}

static int monitor_validate(const struct scenario *sc,
			    struct scenario_task *task, void *params,
			    struct scenario_error *err)
{
	const struct monitor_params *p = params;

	if (p->fs == HARNESS_FS_LOG && !sc->machine.logfs_size)
		return scenario_errorf(sc, task->line, err, "[task %s]: fs = log "
				       "needs the machine's log filesystem (set "
				       "[machine] logfs_size, or fs = scratch)",
				       task->name);
	return 0;
}

#define MON(field) PARAM_FIELD(struct monitor_params, field)

static const struct param_spec monitor_params[] = {
	{ .key = "interval", .type = PARAM_TIME, .def = "10s",
	  .min = NSEC_PER_MSEC, .max = 3600 * NSEC_PER_SEC, MON(interval),
	  .doc = "sleep between samples [assumed: 1-10 s; MMTests' first "
		 "config has MONITOR_UPDATE_FREQUENCY=10; the cover letter says "
		 "\"at regular intervals\"]" },
	{ .key = "cpu", .type = PARAM_TIME, .def = "2ms",
	  .min = 0, .max = NSEC_PER_SEC, MON(cpu),
	  .doc = "CPU per sample: the shell forking and running grep (or awk) "
		 "and sleep, reading /proc/vmstat [assumed: 0.5-5 ms]" },
	{ .key = "forks", .type = PARAM_INT, .def = "1",
	  .min = 0, .max = 1000, MON(forks),
	  .doc = "short-lived children the shell forks per sample, each with "
		 "an order-1 kernel stack while it runs [MMTests' "
		 "watch-writeback.sh: 1, grep; watch-pageio.sh and "
		 "watch-swapio.sh: 6, two command substitutions of a "
		 "grep | awk pipeline, a subshell and its two children each]" },
	{ .key = "sleep_child", .type = PARAM_BOOL, .def = "on",
	  MON(sleep_child),
	  .doc = "the interval's sleep is a child, /bin/sleep, whose stack "
		 "lives through the interval [the scripts' `sleep "
		 "$MONITOR_UPDATE_FREQUENCY`]" },
	{ .key = "line_bytes", .type = PARAM_SIZE, .def = "24B",
	  .min = 0, .max = 1 << 20, MON(line_bytes),
	  .doc = "bytes appended to its log per sample [a line such as "
		 "\"nr_writeback 1234\"]" },
	{ .key = "rss", .type = PARAM_SIZE, .def = "1M",
	  .min = 0, .max = 1ULL << 30, MON(rss),
	  .doc = "anonymous memory the shell touches at start [assumed: bash's "
		 "heap, 0.5-2 MiB]" },
	{ .key = "hot_pages", .type = PARAM_INT, .def = "4",
	  .min = 0, .max = 1 << 20, MON(hot_pages),
	  .doc = "pages of it touched per sample [assumed]" },
	{ .key = "fs", .type = PARAM_ENUM, .def = "log",
	  .words = harness_fs_names, MON(fs),
	  .doc = "where its log goes: the machine's log filesystem or the "
		 "scratch volume" },
};

static const struct workload_ops monitor_ops = {
	.name = "monitor",
	.summary = "one of run-test.sh's samplers (watch-writeback, "
		   "watch-pageio, watch-swapio): a line to its log every "
		   "interval",
	.order = 91,
	.params = monitor_params,
	.nr_params = ARRAY_SIZE(monitor_params),
	.params_size = sizeof(struct monitor_params),
	.validate = monitor_validate,
	.start = monitor_start,
	.release = monitor_release,
};
WORKLOAD_REGISTER(monitor_ops);
