/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the workload programs share: the counters every program keeps (tests and reports read them), and the few things a user
 * process does that are not kernel entry points of their own: touch a page
 * of its memory and live with the fault, sleep, keep to a rate, open or
 * create a file on the filesystem volume, and print a progress line that
 * latency-output timestamps.
 *
 * Every program task checks fatal_signal_pending(current) between steps
 * and at every page access, and on a pending SIGKILL unmaps, closes and
 * exits as a killed process would.
 */
#ifndef MMSIM_WORKLOAD_PROGRAM_H
#define MMSIM_WORKLOAD_PROGRAM_H

#include <stdbool.h>
#include <stdint.h>
#include "workload.h"
#include "metrics/records.h"
#include "linux/oom.h"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

struct mm_struct;
struct file;
struct super_block;

/*
 * The first member of every program's state (w->state), so that tests
 * and reports read any program the same way.  A count a program has no
 * use for stays 0.
 */
struct program_counters {
	uint64_t bytes_read;		/* through read() */
	uint64_t bytes_written;		/* through write() */
	uint64_t bytes_received;	/* from a socket */
	unsigned long anon_accesses;	/* user accesses to anonymous pages */
	unsigned long anon_pages;	/* distinct anonymous pages first touched */
	unsigned long major_faults;	/* accesses that waited for swap-in */
	unsigned long loops;		/* passes or iterations completed */
	unsigned long lines;		/* progress lines printed */
	bool exited;			/* the task has ended */
	bool killed;			/* ... because of a fatal signal */
};

static inline struct program_counters *program_counters(const struct workload *w)
{
	return w->state;
}

/* Start the program's task: comm is the task section's name, @mm (may be
 * NULL) becomes its address space. */
struct task_struct *program_spawn(struct workload *w, void (*fn)(void *),
				  struct mm_struct *mm);
/* One more process of the program (an instance, a helper): the same, but
 * @fn gets @arg, its comm is @comm (NULL: the section's name) and w->task
 * is left alone. */
struct task_struct *program_spawn_task(struct workload *w, void (*fn)(void *),
				       void *arg, struct mm_struct *mm,
				       const char *comm);
/* The calling task is done: drop its address space, mark it exited (or
 * killed) and tell the run.  Returns to the task function, which returns. */
void program_exit(struct workload *w);
/* The calling process of a program with several ends: drop its address
 * space and stack (the program says when it is finished). */
void program_task_exit(void);

/* Drop the address space of a task that did not exit (the run ended
 * first): for release(), after the simulation stopped. */
void program_release(struct workload *w);
void program_task_release(struct task_struct *p);

/* @len rounded up to whole pages (4 KiB). */
static inline uint64_t program_page_align(uint64_t len)
{
	return (len + 4095) & ~(uint64_t)4095;
}

/* The task must stop: SIGKILL is pending. */
static inline bool program_killed(void)
{
	return fatal_signal_pending(current);
}

/*
 * One user access (read or write) to the page holding @addr of @mm.  A
 * fault that cannot get memory is retried after a tick, as the access is
 * repeated after pagefault_out_of_memory(), until the task is killed.
 * false: the task must stop (killed, or the address is not mapped).
 */
bool program_access(struct workload *w, struct mm_struct *mm,
		    unsigned long addr, bool write);

/* A read of a mapped file's page, as program_access but not counted as
 * an anonymous access. */
bool program_access_mapped(struct mm_struct *mm, unsigned long addr);

/* Sleep @ns (rounded up to jiffies, as msleep). */
void program_sleep(sim_time_t ns);
/* Hold a rate: sleep until @done bytes since @start are due at @rate
 * bytes per second.  0: no limit. */
void program_pace(sim_time_t start, uint64_t done, uint64_t rate);
/* CPU work of @units units at @ns each (no time passes for 0). */
void program_cpu(uint64_t units, sim_time_t ns);

/* The filesystem volume's file @name, created with @size bytes (on disk,
 * not cached) when it does not exist.  NULL: no space. */
struct file *program_open(struct super_block *sb, const char *name,
			  uint64_t size, unsigned int mode);
void program_close(struct file **filp);

/*
 * Progress lines, as latency-output records them: the time a line
 * appeared and the time since the previous one (or since the program
 * started, for the first).
 */
struct latency_log {
	struct latency_sample *samples;
	size_t nr, cap;
	sim_time_t last;
};

/*
 * A program's standard output as the test's harness reads it.  Each line
 * it prints goes either straight into its latency record, at the line's
 * own time (nobody reads the output), or to the reader attached
 * (latency-output through expect_unbuffered, harness.c), which records it
 * when it has read it, as the 2009 test's latency-output did.
 */
struct stdout_reader {
	void (*line)(struct stdout_reader *reader);	/* a line was printed */
	void (*eof)(struct stdout_reader *reader);	/* the process exited */
};

struct program_stdout {
	struct latency_log lat;		/* the lines, as recorded */
	struct stdout_reader *reader;	/* NULL: nobody reads */
	unsigned long lines;		/* printed */
};

void program_stdout_init(struct program_stdout *out, sim_time_t start);
void program_print_line(struct program_stdout *out);
/* The process exits: its reader sees the end of the file. */
void program_stdout_close(struct program_stdout *out);
void program_stdout_free(struct program_stdout *out);

void latency_log_init(struct latency_log *log, sim_time_t start);
void latency_log_line(struct latency_log *log);
void latency_log_add(struct latency_log *log, sim_time_t when, sim_time_t latency);
/* Add the lines to the run's "latency" measure. */
void latency_log_collect(const struct latency_log *log, struct run_result *r);
void latency_log_free(struct latency_log *log);

/* A host-side bitmap of pages, to count first touches. */
struct page_bitmap {
	unsigned long *bits;
	unsigned long nr;
};

void page_bitmap_init(struct page_bitmap *b, unsigned long nr_pages);
/* Set bit @i; true if it was clear. */
bool page_bitmap_test_and_set(struct page_bitmap *b, unsigned long i);
void page_bitmap_clear_all(struct page_bitmap *b);
void page_bitmap_free(struct page_bitmap *b);

/* anonhog: accesses that went to the hot set (hotcold pattern). */
unsigned long anonhog_hot_accesses(const struct workload *w);
/* sleeper: the latest wake-up so far. */
sim_time_t sleeper_max_lateness(const struct workload *w);

#endif /* MMSIM_WORKLOAD_PROGRAM_H */
