/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Run many independent simulations at once, one forked process each, at
 * most @jobs at a time.  Each simulation stays single-threaded and
 * deterministic; only the scheduling of whole runs is parallel, and
 * outputs are returned by job index, so the order results are reported in
 * never depends on which process finished first.
 *
 * Workers die with the pool: each asks the kernel for SIGKILL when its
 * parent dies (prctl PR_SET_PDEATHSIG), so a pool killed outright leaves
 * none running; and once pool_catch_interrupts() is on, SIGINT, SIGTERM
 * or SIGHUP make pool_run() kill its workers, keep what finished and
 * return, pool_interrupted() saying which signal came.
 */
#ifndef MMSIM_POOL_H
#define MMSIM_POOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Runs in the child: return a malloc'd string (the job's output), or NULL
 * on failure. */
typedef char *(*pool_job_fn)(size_t idx, void *ctx);
/* Called in the parent after each job ends: @idx the job, its output
 * already in outputs[idx] (NULL if it failed), which the callback may
 * take (free it and set the slot NULL). */
typedef void (*pool_progress_fn)(size_t done, size_t total, size_t idx,
				 char **outputs, void *ctx);

/*
 * Where each job's output is kept as it ends, so that a command stopped
 * part-way (an interrupt, a full disk) and started again with --resume
 * runs only what it had not finished.  @key describes everything the
 * output depends on (mmsim's version, the scenario's fingerprint, the
 * kernel, the seed, what is measured), malloc'd; the job's file is
 * @dir/HASH.run, HASH a hash of the key, and holds the key itself, so a
 * file of another job is never taken for this one.
 */
struct pool_cache {
	const char *dir;
	char *(*key)(size_t idx, void *ctx);
};

/*
 * outputs[i] receives job i's string (malloc'd) or NULL if it failed or
 * never ran.  With @cache, a job whose output is kept there is not run
 * again, and each new output is kept.  Returns the number of failed
 * jobs, or -1 if processes could not be created at all.  After an
 * interrupt it returns at once, with the jobs that finished in outputs
 * and the others NULL (not counted as failed).
 */
int pool_run(size_t nr_jobs, int jobs, pool_job_fn fn, void *ctx,
	     char **outputs, pool_progress_fn progress,
	     const struct pool_cache *cache);

/*
 * A hash (FNV-1a) of this mmsim executable, for a cache key: runs kept by
 * another build of mmsim (the version string does not change with every
 * commit) are never taken for this one's.  Without /proc, a constant: the
 * version alone then tells builds apart.
 */
uint64_t pool_self_hash(void);

/*
 * Runs done elsewhere (--emit-jobs, --run-job): a command whose runs are
 * kept in a folder can hand them to GNU parallel or a Slurm array instead
 * of running them.  POOL_EMIT: pool_run() takes every kept job from the
 * folder and, if any is missing, prints on @jobs one command line for
 * each (the command as given, without --emit-jobs, with --run-job ID
 * added, ID the kept file's name) and returns POOL_PENDING without
 * running anything.  POOL_RUN_JOB: pool_run() runs only job @id, in this
 * process, keeps it and returns POOL_PENDING.  A pool_run() whose jobs
 * are all kept returns as a local one does, so the same command again
 * reaches its next stage (a bisect's further seeds, a calibration's next
 * round) and, once every run is kept, writes its report.  Without a
 * cache, POOL_EMIT and POOL_RUN_JOB run locally.
 */
enum pool_mode {
	POOL_LOCAL,
	POOL_EMIT,
	POOL_RUN_JOB,
};

#define POOL_PENDING	(-3)

/* @argv: the command line to repeat (argv[0] the executable), without
 * --emit-jobs or --run-job; @jobs where POOL_EMIT prints (stdout). */
void pool_set_mode(enum pool_mode mode, const char *id, int argc,
		   char *const *argv, FILE *jobs);
enum pool_mode pool_mode(void);
/* Since pool_set_mode(): the command lines printed (POOL_EMIT); whether
 * job ID was found and kept (POOL_RUN_JOB), and if it was not, the kept
 * jobs of an earlier stage that were missing. */
size_t pool_emitted(void);
bool pool_job_done(void);
size_t pool_missing(void);

/* @s as one word of a POSIX shell command line, quoted only where
 * needed. */
void pool_shell_word(FILE *f, const char *s);

/* The jobs pool_run() took from its cache since the last call (for a
 * "N of M runs kept" line). */
size_t pool_cached(void);
/* Remove the kept outputs (@dir/NAME.run: nothing else), then @dir if
 * that leaves it empty. */
void pool_cache_remove(const char *dir);

/*
 * @on: SIGINT, SIGTERM and SIGHUP (unless ignored, as under nohup) are
 * caught and recorded, for pool_run() and its caller to stop cleanly;
 * off: their handling is restored.  The caller stops, keeps what it has,
 * and then dies of the signal (pool_reraise()), so that a shell or make
 * running it sees the interrupt.
 */
void pool_catch_interrupts(bool on);
/* The signal that came since pool_catch_interrupts(true), or 0 (always
 * 0 while interrupts are not caught). */
int pool_interrupted(void);
/* Restore the signal's default action and raise it: does not return
 * unless @sig is 0. */
void pool_reraise(int sig);

#endif
