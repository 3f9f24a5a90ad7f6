// SPDX-License-Identifier: GPL-2.0
/*
 * The user-process side every workload program shares: starting its task
 * with an address space, touching memory, sleeping, pacing, opening files
 * on the filesystem volume, and the latency-output record of progress
 * lines.
 */
#include <stdlib.h>
#include <string.h>
#include "program.h"
#include "linux/kernel.h"
#include "linux/mm.h"
#include "linux/ext3_fs.h"
#include "util/xalloc.h"

struct task_struct *program_spawn_task(struct workload *w, void (*fn)(void *),
				       void *arg, struct mm_struct *mm,
				       const char *comm)
{
	struct task_struct *p = kthread_run(fn, arg, comm ? comm : w->name,
					    DEFAULT_PRIO);

	/*
	 * dup_task_struct's order-1 kernel stack.  Programs start at boot,
	 * with memory free: [MODEL] a failure leaves the task without one
	 * rather than failing the fork.
	 */
	alloc_task_stack(p);
	p->mm = mm;
	p->workload = w;
	return p;
}

struct task_struct *program_spawn(struct workload *w, void (*fn)(void *),
				  struct mm_struct *mm)
{
	w->task = program_spawn_task(w, fn, w, mm, NULL);
	return w->task;
}

/* Drop the task's address space, as exit_mm() does: the OOM killer stops
 * seeing the task before its pages go. */
static void program_drop_mm(struct task_struct *p)
{
	struct mm_struct *mm = p->mm;

	if (!mm)
		return;
	p->mm = NULL;
	mmput(mm);
}

void program_task_exit(void)
{
	program_drop_mm(current);
	/* free_task: [MODEL] at exit rather than when the parent reaps. */
	free_task_stack(current);
}

void program_exit(struct workload *w)
{
	struct program_counters *c = program_counters(w);

	c->killed = program_killed();
	program_task_exit();
	c->exited = true;
	workload_finish(w);
}

void program_task_release(struct task_struct *p)
{
	if (p) {
		program_drop_mm(p);
		free_task_stack(p);
	}
}

void program_release(struct workload *w)
{
	program_task_release(w->task);
}

/* One access; VM_FAULT_* of the fault that made it, or -1: must stop. */
static int access_retrying(struct mm_struct *mm, unsigned long addr, bool write)
{
	for (;;) {
		int ret;

		if (program_killed())
			return -1;
		ret = access_user_page(mm, addr, write);
		if (ret & VM_FAULT_SIGBUS)
			return -1;
		if (!(ret & VM_FAULT_OOM))
			return ret;
		/* pagefault_out_of_memory(): the OOM killer had its say; the
		 * access runs again once a victim has freed something. */
		program_sleep(jiffies_to_ns(1));
	}
}

bool program_access(struct workload *w, struct mm_struct *mm,
		    unsigned long addr, bool write)
{
	struct program_counters *c = program_counters(w);
	int ret = access_retrying(mm, addr, write);

	if (ret < 0)
		return false;
	c->anon_accesses++;
	if (ret & VM_FAULT_MAJOR)
		c->major_faults++;
	return true;
}

bool program_access_mapped(struct mm_struct *mm, unsigned long addr)
{
	return access_retrying(mm, addr, false) >= 0;
}

void program_sleep(sim_time_t ns)
{
	if (!ns)
		return;
	set_current_state(TASK_INTERRUPTIBLE);
	schedule_timeout((long)ns_to_jiffies(ns));
}

void program_pace(sim_time_t start, uint64_t done, uint64_t rate)
{
	sim_time_t due;

	if (!rate)
		return;
	due = start + (sim_time_t)((unsigned __int128)done * NSEC_PER_SEC / rate);
	if (due > sim_now())
		program_sleep(due - sim_now());
}

void program_cpu(uint64_t units, sim_time_t ns)
{
	unsigned __int128 total = (unsigned __int128)units * ns;

	cpu_consume(total > INT64_MAX ? INT64_MAX : (sim_time_t)total);
}

struct file *program_open(struct super_block *sb, const char *name,
			  uint64_t size, unsigned int mode)
{
	struct inode *inode = ext3_lookup(sb, name);

	if (!inode)
		inode = ext3_create(sb, name, (loff_t)size);
	if (!inode)
		return NULL;
	return filp_open(inode, mode);
}

void program_close(struct file **filp)
{
	if (*filp)
		fput(*filp);
	*filp = NULL;
}

/* ---- latency-output ---------------------------------------------------- */

void latency_log_init(struct latency_log *log, sim_time_t start)
{
	memset(log, 0, sizeof(*log));
	log->last = start;
}

void latency_log_add(struct latency_log *log, sim_time_t when,
		     sim_time_t latency)
{
	if (log->nr == log->cap) {
		log->cap = log->cap ? 2 * log->cap : 256;
		log->samples = xrealloc(log->samples, log->cap * sizeof(*log->samples));
	}
	log->samples[log->nr].when = when;
	log->samples[log->nr].latency = latency;
	log->nr++;
}

void latency_log_line(struct latency_log *log)
{
	sim_time_t now = sim_now();

	latency_log_add(log, now, now - log->last);
	log->last = now;
}

/* ---- standard output --------------------------------------------------- */

void program_stdout_init(struct program_stdout *out, sim_time_t start)
{
	memset(out, 0, sizeof(*out));
	latency_log_init(&out->lat, start);
}

void program_print_line(struct program_stdout *out)
{
	out->lines++;
	if (out->reader)
		out->reader->line(out->reader);
	else
		latency_log_line(&out->lat);
}

void program_stdout_close(struct program_stdout *out)
{
	if (out->reader && out->reader->eof)
		out->reader->eof(out->reader);
}

void program_stdout_free(struct program_stdout *out)
{
	latency_log_free(&out->lat);
	out->reader = NULL;
}

void latency_log_collect(const struct latency_log *log, struct run_result *r)
{
	for (size_t i = 0; i < log->nr; i++)
		result_append(r, "latency", &log->samples[i]);
}

/*
 * The run's progress-line latencies, the series latency-output recorded
 * in the 2009 test: every program's latency_log goes into it (gitk's
 * lines; sleeper's wake-up lateness).
 */
static struct measure latency_measure = {
	.name = "latency", .doc = "progress lines: when each appeared and the "
	"time since the previous one",
	.unit = "ns", .kind = MEASURE_DISTRIBUTION, .json = "series.latency",
	.csv = "latency", .type = MT_LIST, .record = &latency_sample_record,
	.flags = MF_WITH_SERIES,
};
MEASURE_REGISTER(latency_measure);

void latency_log_free(struct latency_log *log)
{
	free(log->samples);
	memset(log, 0, sizeof(*log));
}

/* ---- page bitmaps ------------------------------------------------------ */

#define BITS_PER_WORD (8 * sizeof(unsigned long))

void page_bitmap_init(struct page_bitmap *b, unsigned long nr_pages)
{
	b->nr = nr_pages;
	b->bits = xcalloc(nr_pages / BITS_PER_WORD + 1, sizeof(unsigned long));
}

bool page_bitmap_test_and_set(struct page_bitmap *b, unsigned long i)
{
	unsigned long mask = 1UL << (i % BITS_PER_WORD);
	unsigned long *word = &b->bits[i / BITS_PER_WORD];
	bool was_clear = !(*word & mask);

	*word |= mask;
	return was_clear;
}

void page_bitmap_clear_all(struct page_bitmap *b)
{
	memset(b->bits, 0, (b->nr / BITS_PER_WORD + 1) * sizeof(unsigned long));
}

void page_bitmap_free(struct page_bitmap *b)
{
	free(b->bits);
	b->bits = NULL;
	b->nr = 0;
}
