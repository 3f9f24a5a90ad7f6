// SPDX-License-Identifier: GPL-2.0
/*
 * gitk: Mel Gorman's fake gitk from the Nov 2009 reproduction.  In the
 * cover letter's words it "loads all the logs into a large buffer and then
 * builds a very basic hash map of parent to child commits.  The data is
 * stored because it was insufficient just to read the logs.  It had to be
 * kept in an in-memory buffer to generate swap.  It then discards the data
 * and does it over again in a loop for a small number of times so the
 * test is finite.  When it processes a large number of commits, it
 * outputs a line to stdout so that stalls can be observed."
 *
 * The test ran several of them at once: Mel Gorman graphed "the fourth
 * instance of fake-gitk" (<20091105164832.GB25926@csn.ul.ie>), and one
 * process's log alone would fit in the 512 MB machine and not swap.  So a
 * task here is `instances` processes, each with its own address space,
 * buffer and map, sharing the clone, started `stagger` apart; Elapsed is
 * the mean of their elapsed times, the cover letter's "the length of time
 * it takes fake-gitk to complete on average" (docs/workloads.md has the
 * evidence and the alternatives).
 *
 * One iteration of one process:
 * - load: read the repository's pack files (created on the filesystem
 *   volume at start, on disk and not cached) through the page cache,
 *   mapped as git maps its packs (or with read()), charging git log's
 *   CPU per byte; each commit then costs fake gitk's CPU and appends
 *   decoded_bytes, the commit's `git log --pretty=raw` text, to an
 *   anonymous buffer written page after page, as a growing buffer is;
 * - map: a second pass over the buffer in commit order (reading it back,
 *   from swap if it went there), inserting each commit into a hash map
 *   held in a second anonymous region: one write at a random slot;
 * - a progress line on its standard output every print_every commits of
 *   either pass, which the harness's latency-output (harness.c) or, with
 *   none, the line itself records (time since the previous line);
 * - both regions and the pack's mapping are unmapped, and the next
 *   iteration starts.
 * A process's elapsed time is from its start to the end of its last
 * iteration; where that time went (sim.h, enum task_time) is measured
 * over the same span.
 *
 * Simplified, and said so in docs/workloads.md: git log and gitk are one
 * task (no pipe, git's CPU is gitk's); the buffer is one reservation
 * written once (no realloc copies); a commit's record and hash entry are
 * touched once per pass, not byte by byte.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "program.h"
#include "metrics/derived.h"
#include "metrics/records.h"
#include "linux/kernel.h"
#include "linux/mm.h"
#include "linux/ext3_fs.h"
#include "linux/pagemap.h"
#include "util/xalloc.h"

#define GITK_MAX_PACKS	64
#define GITK_MAX_INSTANCES	16
/* Commits handled between two CPU charges: keeps the event count low
 * without moving a progress line by more than this many commits' CPU. */
#define GITK_BATCH	256

enum { GITK_ELAPSED_MEAN, GITK_ELAPSED_LAST, GITK_ELAPSED_MAX };
static const char *const gitk_elapsed_names[] = { "mean", "last", "max", NULL };
enum { GITK_PACK_MMAP, GITK_PACK_READ };
static const char *const gitk_pack_names[] = { "mmap", "read", NULL };
enum { GITK_ORDER_FORWARD, GITK_ORDER_BACKWARD };
enum { GITK_PRODUCER_INLINE, GITK_PRODUCER_PIPE };
static const char *const gitk_producer_names[] = { "inline", "pipe", NULL };
static const char *const gitk_order_names[] = { "forward", "backward", NULL };

struct gitk_params {
	int64_t commits;
	uint64_t log_bytes;
	uint64_t decoded_bytes;
	uint64_t hash_entry;
	int64_t print_every;
	int64_t loops;
	uint64_t read_size;
	uint64_t cpu_per_byte;
	uint64_t cpu_per_commit;
	uint64_t map_cpu_per_commit;
	bool map_pass;
	int64_t packs;
	char repo[24];
	int64_t instances;
	uint64_t stagger;
	int elapsed;
	int pack_access;
	int map_order;
	int producer;
	uint64_t git_heap;
};

struct gitk;

/*
 * The pipe from git log to gitk (fs/pipe.c of 2.6.30-2.6.32): at most
 * PIPE_BUFFERS (16) buffers of a page each, a page allocated with
 * GFP_HIGHUSER by pipe_write() for each buffer it starts and given back
 * when pipe_read() has emptied it (anon_pipe_buf_release() keeps one as
 * the pipe's tmp_page); one wait queue for both ends.  git log writes
 * through stdio, whose buffer for a pipe is a page (st_blksize), so every
 * write() fills one buffer.
 */
#define GITK_PIPE_BUFFERS	16
struct gitk_pipe {
	struct wait_queue_head wait;
	struct page *bufs[GITK_PIPE_BUFFERS];
	unsigned int len[GITK_PIPE_BUFFERS];
	unsigned int curbuf, nrbufs;
	struct page *tmp_page;
	bool writer_gone;		/* EOF once empty */
	bool reader_gone;		/* EPIPE for the writer */
	uint64_t written, read;		/* bytes through it */
};

/* One fake-gitk process: its own address space, buffer, map and output. */
struct gitk_instance {
	struct gitk *g;
	unsigned int index;
	struct task_struct *task;
	struct mm_struct *mm;
	struct program_stdout out;

	/*
	 * git log (producer = pipe): its own process, address space and
	 * pipe to this one, started anew for every iteration.
	 */
	struct task_struct *git_task;
	struct mm_struct *git_mm;
	bool git_exited;
	struct gitk_pipe pipe;
	unsigned long git_heap;		/* git's heap region, 0: unmapped */
	unsigned long git_heap_pages;	/* of it written so far */

	/* The packs, mapped in gitk's address space or git's. */
	struct mm_struct *pack_mm;
	struct file *pack[GITK_MAX_PACKS];
	unsigned long pack_addr[GITK_MAX_PACKS];	/* mmap'ed at, 0: not */
	unsigned int cur_pack;		/* reading this pack ... */
	uint64_t pack_pos;		/* ... at this offset */
	uint64_t log_read;		/* log bytes read this iteration */

	unsigned long buf, map;		/* region addresses, 0: unmapped */
	unsigned long buf_pages;	/* buffer pages written so far */
	struct page_bitmap map_touched;

	bool running;			/* past its stagger */
	bool done;			/* every iteration completed */
	bool exited;
	sim_time_t started, ended;	/* ended 0: still running */
	/* Where its time went from its start (task_time_breakdown at the
	 * start, and over [started, ended] once ended). */
	sim_time_t time_base[NR_TASK_TIME], time[NR_TASK_TIME];
	/* Its second passes: how many, how many thrashed, their swap-ins;
	 * and its time holding the swap token, taken as it exits. */
	uint64_t passes, passes_thrashed, swapins;
	sim_time_t token_ns;
};

struct gitk {
	struct program_counters c;	/* all instances together */
	const struct gitk_params *p;
	struct workload *w;
	struct super_block *sb;
	uint64_t pack_size[GITK_MAX_PACKS];
	unsigned int nr;
	unsigned int nr_exited;
	bool any_killed;
	struct gitk_instance inst[GITK_MAX_INSTANCES];
};

static uint64_t gitk_log_total(const struct gitk_params *p)
{
	return (uint64_t)p->commits * p->log_bytes;
}

static void gitk_pack_name(const struct gitk_params *p, unsigned int i,
			   char *buf, size_t len)
{
	snprintf(buf, len, "%s/.git/objects/pack/pack-%02u.pack", p->repo, i);
}

/* ---- reading the log ---------------------------------------------------- */

static bool gitk_open_packs(struct gitk_instance *gi)
{
	struct gitk *g = gi->g;
	char name[64];

	for (unsigned int i = 0; i < g->p->packs; i++) {
		struct inode *inode;

		gitk_pack_name(g->p, i, name, sizeof(name));
		inode = ext3_lookup(g->sb, name);
		if (!inode)
			return false;
		gi->pack[i] = filp_open(inode, FMODE_READ);
		if (!gi->pack[i])
			return false;
		/*
		 * git reads its packs through mmap (sha1_file.c use_pack():
		 * xmmap of a window, 1 GiB on 64-bit and 32 MiB on 32-bit,
		 * kept while packedGitLimit allows; the commits' part of a
		 * pack fits either).
		 */
		if (g->p->pack_access == GITK_PACK_MMAP && g->pack_size[i])
			gi->pack_addr[i] = do_mmap_file(gi->pack_mm, inode->i_mapping, 0,
					(unsigned long)program_page_align(g->pack_size[i]),
					VM_READ);
	}
	gi->cur_pack = 0;
	gi->pack_pos = 0;
	gi->log_read = 0;
	return true;
}

static void gitk_close_packs(struct gitk_instance *gi)
{
	for (unsigned int i = 0; i < GITK_MAX_PACKS; i++) {
		if (gi->pack_addr[i] && gi->pack_mm)
			do_munmap(gi->pack_mm, gi->pack_addr[i]);
		gi->pack_addr[i] = 0;
		program_close(&gi->pack[i]);
	}
}

/* The pages of [@pos, @pos + @n) of the mapped pack @i, in order. */
static bool gitk_touch_pack(struct gitk_instance *gi, unsigned int i,
			    uint64_t pos, uint64_t n)
{
	unsigned long first = (unsigned long)(pos >> PAGE_SHIFT);
	unsigned long last = (unsigned long)((pos + n - 1) >> PAGE_SHIFT);

	for (unsigned long page = first; page <= last; page++)
		if (!program_access_mapped(gi->pack_mm,
					   gi->pack_addr[i] + (page << PAGE_SHIFT)))
			return false;
	return true;
}

/* The next chunk of log, read() or faulted in, and the CPU to inflate it. */
static bool gitk_read_more(struct gitk_instance *gi)
{
	struct gitk *g = gi->g;
	const struct gitk_params *p = g->p;

	while (!program_killed()) {
		uint64_t size = g->pack_size[gi->cur_pack];
		uint64_t left = size - gi->pack_pos;
		long n;

		if (gi->pack_addr[gi->cur_pack]) {
			n = (long)min(left, p->read_size);
			if (!gitk_touch_pack(gi, gi->cur_pack, gi->pack_pos,
					     (uint64_t)n))
				return false;
		} else {
			n = vfs_read(gi->pack[gi->cur_pack], (loff_t)gi->pack_pos,
				     (unsigned long)min(left, p->read_size));
		}
		if (n == 0) {
			/* The pack is shorter than it was at start (someone
			 * truncated it): what is missing counts as read. */
			gi->log_read = gitk_log_total(p);
			return true;
		}
		if (n < 0) {
			/* -ENOMEM from a page cache allocation: try again,
			 * as the C library's read() loop would. */
			program_sleep(jiffies_to_ns(1));
			continue;
		}
		program_cpu((uint64_t)n, p->cpu_per_byte);
		g->c.bytes_read += (uint64_t)n;
		gi->log_read += (uint64_t)n;
		gi->pack_pos += (uint64_t)n;
		if (gi->pack_pos == size && gi->cur_pack + 1 < p->packs) {
			gi->cur_pack++;
			gi->pack_pos = 0;
		}
		return true;
	}
	return false;
}

/* Commits whose log has been read completely. */
static uint64_t gitk_commits_read(const struct gitk_instance *gi)
{
	const struct gitk_params *p = gi->g->p;

	if (gi->log_read >= gitk_log_total(p))
		return (uint64_t)p->commits;
	return gi->log_read / p->log_bytes;
}

/* ---- git log and its pipe (producer = pipe) ----------------------------- */

static void gitk_pipe_wait(struct gitk_pipe *pipe, bool writer)
{
	DEFINE_WAIT(wait);

	for (;;) {
		prepare_to_wait(&pipe->wait, &wait, TASK_INTERRUPTIBLE);
		if (program_killed())
			break;
		if (writer ? pipe->nrbufs < GITK_PIPE_BUFFERS || pipe->reader_gone :
			     pipe->nrbufs || pipe->writer_gone)
			break;
		schedule();
	}
	finish_wait(&pipe->wait, &wait);
}

/* git log's write() of @n bytes, at most a page: false on EPIPE or kill. */
static bool gitk_pipe_write(struct gitk_pipe *pipe, unsigned int n)
{
	struct page *page;

	gitk_pipe_wait(pipe, true);
	if (program_killed() || pipe->reader_gone)
		return false;
	page = pipe->tmp_page;
	pipe->tmp_page = NULL;
	while (!page) {
		page = alloc_pages_for(ALLOC_CALLER_OTHER, GFP_HIGHUSER, 0);
		if (page)
			break;
		/* -ENOMEM: the C library's write() is retried. */
		program_sleep(jiffies_to_ns(1));
		if (program_killed())
			return false;
	}
	pipe->bufs[(pipe->curbuf + pipe->nrbufs) % GITK_PIPE_BUFFERS] = page;
	pipe->len[(pipe->curbuf + pipe->nrbufs) % GITK_PIPE_BUFFERS] = n;
	pipe->nrbufs++;
	pipe->written += n;
	wake_up_interruptible(&pipe->wait);
	return true;
}

/* Give a read buffer's page back, or keep it as the next tmp_page. */
static void gitk_pipe_buf_release(struct gitk_pipe *pipe, struct page *page)
{
	if (!pipe->tmp_page)
		pipe->tmp_page = page;
	else
		__free_page(page);
}

/* gitk's read(): one buffer; false at the end of the file or on a kill. */
static bool gitk_pipe_read(struct gitk_pipe *pipe)
{
	unsigned int i;

	gitk_pipe_wait(pipe, false);
	if (program_killed() || !pipe->nrbufs)
		return false;
	i = pipe->curbuf;
	pipe->read += pipe->len[i];
	gitk_pipe_buf_release(pipe, pipe->bufs[i]);
	pipe->bufs[i] = NULL;
	pipe->curbuf = (i + 1) % GITK_PIPE_BUFFERS;
	pipe->nrbufs--;
	wake_up_interruptible(&pipe->wait);
	return true;
}

/* Every page the pipe still holds goes back (the pipe is closed). */
static void gitk_pipe_free(struct gitk_pipe *pipe)
{
	while (pipe->nrbufs) {
		__free_page(pipe->bufs[pipe->curbuf]);
		pipe->bufs[pipe->curbuf] = NULL;
		pipe->curbuf = (pipe->curbuf + 1) % GITK_PIPE_BUFFERS;
		pipe->nrbufs--;
	}
	if (pipe->tmp_page)
		__free_page(pipe->tmp_page);
	pipe->tmp_page = NULL;
}

static void gitk_pipe_reset(struct gitk_pipe *pipe)
{
	gitk_pipe_free(pipe);
	memset(pipe, 0, sizeof(*pipe));
	init_waitqueue_head(&pipe->wait);
}

/*
 * git log's heap: the struct commit, its tree object and parent list and
 * their hash slots it keeps for every commit it has walked (it frees each
 * commit's text once printed), written as it parses them.
 */
static bool gitk_git_heap_grow(struct gitk_instance *gi)
{
	struct gitk *g = gi->g;
	uint64_t want = gitk_commits_read(gi) * g->p->git_heap;
	unsigned long pages = (unsigned long)((want + PAGE_SIZE - 1) >> PAGE_SHIFT);

	for (; gi->git_heap_pages < pages; gi->git_heap_pages++) {
		if (!program_access(g->w, gi->git_mm, gi->git_heap +
				    (gi->git_heap_pages << PAGE_SHIFT), true))
			return false;
		g->c.anon_pages++;
	}
	return true;
}

/*
 * git log --pretty=raw --parents: reads the pack, inflates and parses each
 * commit (its CPU per pack byte) and writes the commit's text into the
 * pipe a page at a time, blocking while the pipe is full.  Exits at the
 * end of the log, or when gitk has gone (EPIPE).
 */
static void gitk_git_main(void *arg)
{
	struct gitk_instance *gi = arg;
	const struct gitk_params *p = gi->g->p;
	uint64_t total = (uint64_t)p->commits * p->decoded_bytes;
	struct gitk_pipe *pipe = &gi->pipe;

	while (pipe->written < total && !program_killed()) {
		uint64_t text = gitk_commits_read(gi) * p->decoded_bytes;

		if (text - pipe->written >= PAGE_SIZE ||
		    (text == total && text > pipe->written)) {
			if (!gitk_pipe_write(pipe, (unsigned int)min(text - pipe->written,
							 (uint64_t)PAGE_SIZE)))
				break;
			continue;
		}
		if (!gitk_read_more(gi) || !gitk_git_heap_grow(gi))
			break;
	}
	gitk_close_packs(gi);
	gi->git_heap = 0;
	gi->git_heap_pages = 0;
	gi->pack_mm = NULL;
	gi->git_mm = NULL;
	/* do_exit(): exit_mm() before exit_files(), so gitk's EOF comes
	 * once git's memory is back. */
	program_task_exit();
	gi->git_exited = true;
	pipe->writer_gone = true;
	wake_up_interruptible(&pipe->wait);
}

/* gitk runs `git log` (fork and exec): a new process and a new pipe. */
static bool gitk_start_git(struct gitk_instance *gi)
{
	struct gitk *g = gi->g;
	uint64_t heap = (uint64_t)g->p->commits * g->p->git_heap;

	gitk_pipe_reset(&gi->pipe);
	gi->git_mm = mm_alloc();
	gi->pack_mm = gi->git_mm;
	if (!gitk_open_packs(gi)) {
		gitk_close_packs(gi);
		mmput(gi->git_mm);
		gi->git_mm = gi->pack_mm = NULL;
		return false;
	}
	if (heap)
		gi->git_heap = do_mmap_anon(gi->git_mm,
					    (unsigned long)program_page_align(heap),
					    VM_READ | VM_WRITE);
	gi->git_heap_pages = 0;
	gi->git_exited = false;
	gi->git_task = program_spawn_task(g->w, gitk_git_main, gi, gi->git_mm,
					  "git");
	return true;
}

/* Commits whose text gitk has: read off the pipe, or by itself. */
static uint64_t gitk_commits_have(const struct gitk_instance *gi)
{
	const struct gitk_params *p = gi->g->p;

	if (p->producer == GITK_PRODUCER_INLINE)
		return gitk_commits_read(gi);
	if (gi->pipe.read >= (uint64_t)p->commits * p->decoded_bytes)
		return (uint64_t)p->commits;
	return gi->pipe.read / p->decoded_bytes;
}

/* More text: read from the pipe, or from the pack by itself. */
static bool gitk_get_more(struct gitk_instance *gi)
{
	if (gi->g->p->producer == GITK_PRODUCER_INLINE)
		return gitk_read_more(gi);
	return gitk_pipe_read(&gi->pipe);
}

/* ---- the buffer and the map --------------------------------------------- */

/* Append commits [first, first + nr) to the buffer: write every page
 * their records reach. */
static bool gitk_append(struct gitk_instance *gi, uint64_t first, uint64_t nr)
{
	struct gitk *g = gi->g;
	uint64_t d = g->p->decoded_bytes;
	unsigned long page, last;

	if (!d)
		return true;
	page = (unsigned long)(first * d >> PAGE_SHIFT);
	last = (unsigned long)(((first + nr) * d - 1) >> PAGE_SHIFT);
	for (; page <= last; page++) {
		if (!program_access(g->w, gi->mm, gi->buf + (page << PAGE_SHIFT),
				    true))
			return false;
		if (page >= gi->buf_pages) {
			gi->buf_pages = page + 1;
			g->c.anon_pages++;
		}
	}
	return true;
}

/*
 * Read back commit @i's record: the pages of it not read yet in this
 * pass.  *@cursor is the next page to read walking forward (the pages
 * below it are read), or, walking backward, the page above the next one.
 */
static bool gitk_read_record(struct gitk_instance *gi, uint64_t i,
			     bool backward, unsigned long *cursor)
{
	struct gitk *g = gi->g;
	uint64_t d = g->p->decoded_bytes;
	unsigned long first, last;

	if (!d)
		return true;
	first = (unsigned long)(i * d >> PAGE_SHIFT);
	last = (unsigned long)(((i + 1) * d - 1) >> PAGE_SHIFT);
	for (; !backward && *cursor <= last; (*cursor)++)
		if (!program_access(g->w, gi->mm,
				    gi->buf + (*cursor << PAGE_SHIFT), false))
			return false;
	for (; backward && *cursor > first; (*cursor)--)
		if (!program_access(g->w, gi->mm,
				    gi->buf + ((*cursor - 1) << PAGE_SHIFT), false))
			return false;
	return true;
}

/*
 * The slot commit @i hashes to.  A hash map keyed by a commit's SHA-1 puts
 * one commit in the same slot in every run and in every process, and
 * SHA-1s are spread evenly: a fixed mix of the commit's index (the
 * finaliser of SplitMix64, Steele, Lea and Flood, OOPSLA 2014) stands for
 * it, so the seed draws nothing here.
 */
static uint64_t gitk_slot(uint64_t i, uint64_t nr_slots)
{
	uint64_t z = i + 0x9e3779b97f4a7c15ULL;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	z ^= z >> 31;
	return z % nr_slots;
}

/* The parent-to-child link of commit @i: a write at its slot. */
static bool gitk_insert(struct gitk_instance *gi, uint64_t i)
{
	struct gitk *g = gi->g;
	uint64_t e = g->p->hash_entry;
	unsigned long page;

	if (!e)
		return true;
	page = (unsigned long)(gitk_slot(i, (uint64_t)g->p->commits) * e >> PAGE_SHIFT);
	if (!program_access(g->w, gi->mm, gi->map + (page << PAGE_SHIFT), true))
		return false;
	if (page_bitmap_test_and_set(&gi->map_touched, page))
		g->c.anon_pages++;
	return true;
}

/* How many commits to handle before the next CPU charge: never past a
 * progress line, so each line appears when its commits are done. */
static uint64_t gitk_batch(const struct gitk_params *p, uint64_t done,
			   uint64_t limit)
{
	uint64_t to_line = (uint64_t)p->print_every -
			   done % (uint64_t)p->print_every;

	return min(min(limit - done, to_line), (uint64_t)GITK_BATCH);
}

static void gitk_progress(struct gitk_instance *gi, uint64_t done)
{
	if (done % (uint64_t)gi->g->p->print_every == 0) {
		program_print_line(&gi->out);
		gi->g->c.lines++;
	}
}

static bool gitk_load(struct gitk_instance *gi)
{
	const struct gitk_params *p = gi->g->p;
	uint64_t done = 0;

	while (done < (uint64_t)p->commits) {
		uint64_t avail = gitk_commits_have(gi), nr;

		if (done == avail) {
			if (!gitk_get_more(gi))
				return false;
			continue;
		}
		nr = gitk_batch(p, done, avail);
		program_cpu(nr, p->cpu_per_commit);
		if (!p->map_pass)
			program_cpu(nr, p->map_cpu_per_commit);
		if (!gitk_append(gi, done, nr))
			return false;
		for (uint64_t i = done; !p->map_pass && i < done + nr; i++)
			if (!gitk_insert(gi, i))
				return false;
		done += nr;
		gitk_progress(gi, done);
	}
	/* git log exits once its last write is read: gitk reads to EOF. */
	while (p->producer == GITK_PRODUCER_PIPE && gitk_pipe_read(&gi->pipe))
		;
	return !program_killed();
}

/*
 * The second pass: every commit's record read back and hashed into the
 * map, walking the buffer from its first commit to its last (map_order =
 * forward, the order git log printed them) or from its last to its first
 * (backward: the pages written last, the likeliest still in memory, first).
 */
static bool gitk_map(struct gitk_instance *gi)
{
	const struct gitk_params *p = gi->g->p;
	uint64_t n = (uint64_t)p->commits, done = 0;
	bool backward = p->map_order == GITK_ORDER_BACKWARD;
	unsigned long cursor = backward ?
		(unsigned long)((n * p->decoded_bytes + PAGE_SIZE - 1) >> PAGE_SHIFT) : 0;

	while (done < n) {
		uint64_t nr = gitk_batch(p, done, n);

		if (program_killed())
			return false;
		program_cpu(nr, p->map_cpu_per_commit);
		for (uint64_t k = done; k < done + nr; k++) {
			uint64_t i = backward ? n - 1 - k : k;

			if (!gitk_read_record(gi, i, backward, &cursor) ||
			    !gitk_insert(gi, i))
				return false;
		}
		done += nr;
		gitk_progress(gi, done);
	}
	return true;
}

/*
 * The second pass, measured: its swap-ins (the major faults it takes, all
 * on the buffer and the map) and whether it thrashed, waiting longer for
 * swap-in than it ran on a CPU.
 */
static bool gitk_map_pass(struct gitk_instance *gi)
{
	sim_time_t t0[NR_TASK_TIME], t1[NR_TASK_TIME];
	unsigned long maj = current->maj_flt;

	task_time_breakdown(current, t0);
	if (!gitk_map(gi))
		return false;
	task_time_breakdown(current, t1);
	gi->passes++;
	gi->swapins += current->maj_flt - maj;
	if (t1[TT_SWAPIN] - t0[TT_SWAPIN] > t1[TT_CPU] - t0[TT_CPU])
		gi->passes_thrashed++;
	return true;
}

static void gitk_unmap(struct gitk_instance *gi)
{
	if (gi->buf && gi->mm)
		do_munmap(gi->mm, gi->buf);
	if (gi->map && gi->mm)
		do_munmap(gi->mm, gi->map);
	gi->buf = gi->map = 0;
	gi->buf_pages = 0;
	page_bitmap_clear_all(&gi->map_touched);
}

static bool gitk_iteration(struct gitk_instance *gi)
{
	const struct gitk_params *p = gi->g->p;
	uint64_t buf_len = (uint64_t)p->commits * p->decoded_bytes;
	uint64_t map_len = (uint64_t)p->commits * p->hash_entry;
	bool ok;

	if (p->producer == GITK_PRODUCER_PIPE) {
		if (!gitk_start_git(gi))
			return false;
	} else {
		gi->pack_mm = gi->mm;
		if (!gitk_open_packs(gi))
			return false;
	}
	if (buf_len)
		gi->buf = do_mmap_anon(gi->mm, (unsigned long)program_page_align(buf_len),
				       VM_READ | VM_WRITE);
	if (map_len)
		gi->map = do_mmap_anon(gi->mm, (unsigned long)program_page_align(map_len),
				       VM_READ | VM_WRITE);
	ok = gitk_load(gi);
	if (p->producer == GITK_PRODUCER_PIPE) {
		/* gitk closes its end: a git still writing gets EPIPE. */
		gi->pipe.reader_gone = true;
		wake_up_interruptible(&gi->pipe.wait);
		gitk_pipe_free(&gi->pipe);
	} else {
		gitk_close_packs(gi);
	}
	ok = ok && (!p->map_pass || gitk_map_pass(gi));
	/* Discard it all, as the fake gitk does before its next round. */
	gitk_unmap(gi);
	return ok;
}

/* Where @gi's time went since its start, up to now. */
static void gitk_time_since_start(const struct gitk_instance *gi,
				  sim_time_t out[NR_TASK_TIME])
{
	task_time_breakdown(gi->task, out);
	for (int k = 0; k < NR_TASK_TIME; k++)
		out[k] -= gi->time_base[k];
}

static void gitk_main(void *arg)
{
	struct gitk_instance *gi = arg;
	struct gitk *g = gi->g;
	const struct gitk_params *p = g->p;
	unsigned long loops = 0;

	/* Started one after another, stagger apart (the first at once). */
	program_sleep((sim_time_t)gi->index * p->stagger);
	if (!program_killed()) {
		gi->running = true;
		gi->started = sim_now();
		task_time_breakdown(current, gi->time_base);
		gi->out.lat.last = gi->started;
		for (int64_t i = 0; i < p->loops; i++) {
			if (!gitk_iteration(gi))
				break;
			loops++;
			g->c.loops++;
		}
		gi->done = loops == (unsigned long)p->loops;
		gi->ended = sim_now();
		gitk_time_since_start(gi, gi->time);
		gi->token_ns = swap_token_held_ns(gi->mm);
	}
	if (program_killed())
		g->any_killed = true;
	gitk_pipe_free(&gi->pipe);
	program_stdout_close(&gi->out);
	gi->mm = NULL;
	program_task_exit();
	gi->exited = true;
	/* The program is done when its last process is. */
	if (++g->nr_exited == g->nr) {
		g->c.killed = g->any_killed;
		g->c.exited = true;
		workload_finish(g->w);
	}
}

/* ---- ops ---------------------------------------------------------------- */

static int gitk_start(struct workload *w)
{
	const struct gitk_params *p = w->params;
	struct gitk *g = xcalloc(1, sizeof(*g));
	uint64_t total = gitk_log_total(p), map_len;
	char name[64];

	w->state = g;
	g->p = p;
	g->w = w;
	g->sb = w->set->sb;
	g->nr = (unsigned int)p->instances;
	/* The clone: pack files of equal size, the last taking the rest.
	 * Another gitk on the same repo shares them, as Frans Pop's several
	 * gitk instances shared one clone. */
	for (unsigned int i = 0; i < p->packs; i++) {
		uint64_t share = total / (uint64_t)p->packs;
		struct inode *inode;

		g->pack_size[i] = share;
		if (i == p->packs - 1)
			g->pack_size[i] = total - share * (uint64_t)(p->packs - 1);
		gitk_pack_name(p, i, name, sizeof(name));
		inode = ext3_lookup(g->sb, name);
		if (!inode)
			inode = ext3_create(g->sb, name, (loff_t)g->pack_size[i]);
		if (!inode || (uint64_t)inode->i_size < g->pack_size[i])
			return -1;
	}
	map_len = program_page_align((uint64_t)p->commits * p->hash_entry);
	for (unsigned int i = 0; i < g->nr; i++) {
		struct gitk_instance *gi = &g->inst[i];

		gi->g = g;
		gi->index = i;
		program_stdout_init(&gi->out, sim_now());
		init_waitqueue_head(&gi->pipe.wait);
		page_bitmap_init(&gi->map_touched,
				 (unsigned long)(map_len >> PAGE_SHIFT));
		gi->mm = mm_alloc();
		gi->task = program_spawn_task(w, gitk_main, gi, gi->mm, NULL);
	}
	/* The first process is the program's, for whoever asks for one. */
	w->task = g->inst[0].task;
	return 0;
}

static struct program_stdout *gitk_output(struct workload *w, unsigned int i)
{
	struct gitk *g = w->state;

	return g && i < g->nr ? &g->inst[i].out : NULL;
}

static const char *gitk_time_name(unsigned int dim, unsigned int i)
{
	return dim == 0 && i < NR_TASK_TIME ? task_time_names[i] : NULL;
}

/*
 * The run's fake-gitk figures from every instance collected so far, of
 * this and any other gitk task: done when all are, and Elapsed by @rule,
 * the mean of their elapsed times (the cover letter's "the length of time
 * it takes fake-gitk to complete on average"), the last-started one's
 * (the instance Mel Gorman graphed on 5 Nov 2009) or the longest.
 */
static void gitk_summarise(struct run_result *r, int rule)
{
	size_t nr;
	const struct process_time_record *rec =
		result_records(r, "gitk_instances", &nr);
	uint64_t sum = 0, max = 0, last = 0, last_start = 0;
	bool done = nr > 0;

	for (size_t i = 0; i < nr; i++) {
		done = done && rec[i].done;
		sum += rec[i].elapsed;
		max = max(max, rec[i].elapsed);
		if (!i || rec[i].started >= last_start) {
			last_start = rec[i].started;
			last = rec[i].elapsed;
		}
	}
	result_set_bool(r, "gitk_done", done);
	if (!nr)
		return;
	if (rule == GITK_ELAPSED_LAST)
		result_set_uint(r, "gitk_elapsed", last);
	else if (rule == GITK_ELAPSED_MAX)
		result_set_uint(r, "gitk_elapsed", max);
	else
		result_set_uint(r, "gitk_elapsed", (sum + nr / 2) / nr);
}

static void gitk_collect(struct workload *w, struct run_result *r)
{
	struct gitk *g = w->state;
	uint64_t *sum;
	size_t nr;

	if (!g)
		return;
	/* The first gitk task's print_every: what a line of the
	 * latency-output log says (report/series.c latency_write_log). */
	result_records(r, "gitk_instances", &nr);
	if (!nr)
		result_set_uint(r, "gitk_print_every",
				(uint64_t)g->p->print_every);
	sum = result_uints_mut(r, "gitk_time");
	for (unsigned int i = 0; i < g->nr; i++) {
		struct gitk_instance *gi = &g->inst[i];
		struct process_time_record rec = {
			.instance = i,
			.started = gi->started,
			.done = gi->done,
			.passes = gi->passes,
			.passes_thrashed = gi->passes_thrashed,
			.swapins = gi->swapins,
		};

		if (gi->running) {
			/* One that has not ended ran until now. */
			if (!gi->ended) {
				gitk_time_since_start(gi, gi->time);
				if (gi->mm)
					gi->token_ns = swap_token_held_ns(gi->mm);
				rec.elapsed = sim_now() - gi->started;
			} else {
				rec.elapsed = gi->ended - gi->started;
			}
			rec.token_ns = gi->token_ns;
			for (int k = 0; k < NR_TASK_TIME; k++) {
				rec.time[k] = gi->time[k];
				sum[k] += gi->time[k];
			}
		}
		result_append(r, "gitk_instances", &rec);
	}
	/*
	 * The progress lines of the last-started process: the instance Mel
	 * Gorman graphed ("the fourth instance of fake-gitk",
	 * <20091105164832.GB25926@csn.ul.ie>), and one time-ordered series,
	 * as one latency-output log is.
	 */
	latency_log_collect(&g->inst[g->nr - 1].out.lat, r);
	gitk_summarise(r, g->p->elapsed);
}

static struct measure gitk_done_measure = {
	.name = "gitk_done", .doc = "every fake gitk process finished all its "
	"loops",
	.kind = MEASURE_GAUGE, .aggregate = AGGREGATE_ALL,
	.json = "gitk_done", .csv = "gitk_done", .type = MT_BOOL,
};
MEASURE_REGISTER(gitk_done_measure);

/* What a progress line reports, for the latency-output log
 * (report/series.c latency_write_log): "N commits". */
static struct measure gitk_print_every_measure = {
	.name = "gitk_print_every", .doc = "commits between two progress "
	"lines of the first gitk task (its print_every)",
	.unit = "commits", .kind = MEASURE_LABEL, .json = "gitk_print_every",
	.type = MT_UINT, .flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(gitk_print_every_measure);

static struct measure gitk_elapsed_measure = {
	.name = "gitk_elapsed", .doc = "fake gitk's Elapsed, the cover letter's "
	"column: by default the mean over its processes of each one's start "
	"to the end of its last loop (key elapsed: mean, last, max)",
	.unit = "ns", .kind = MEASURE_GAUGE, .aggregate = AGGREGATE_MEAN_STDDEV,
	.json = "gitk_elapsed_ns", .csv = "gitk_elapsed_ns", .type = MT_UINT,
};
MEASURE_REGISTER(gitk_elapsed_measure);

/*
 * The record of each process (metrics/records.h struct
 * process_time_record), declared here, where it is filled: its time by
 * the engine's classes, saved and written to the CSV under the engine's
 * names (sim/sim.h task_time_names[]), as many as it has.
 */
_Static_assert(NR_TASK_TIME <= PROCESS_TIME_CLASSES, "process time classes");

static const struct measure_field process_time_fields[] = {
	{ .json = "instance", .csv = "instance", .type = FIELD_UINT,
	  MEASURE_FIELD(struct process_time_record, instance) },
	{ .json = "started_ns", .csv = "started", .type = FIELD_UINT,
	  MEASURE_FIELD(struct process_time_record, started),
	  MEASURE_NS_AS_SECONDS(3) },
	{ .json = "elapsed_ns", .csv = "elapsed", .type = FIELD_UINT,
	  MEASURE_FIELD(struct process_time_record, elapsed),
	  MEASURE_NS_AS_SECONDS(3) },
	{ .json = "done", .csv = "done", .type = FIELD_UINT,
	  MEASURE_FIELD(struct process_time_record, done) },
	{ .json = "time_ns", .csv = "time", .type = FIELD_UINTS,
	  MEASURE_FIELD(struct process_time_record, time),
	  .count = NR_TASK_TIME, .csv_names = task_time_names,
	  .json_names = task_time_names, MEASURE_NS_AS_SECONDS(3) },
	{ .json = "token_ns", .csv = "token", .type = FIELD_UINT,
	  MEASURE_FIELD(struct process_time_record, token_ns),
	  MEASURE_NS_AS_SECONDS(3) },
	{ .json = "swapins", .csv = "swapins", .type = FIELD_UINT,
	  MEASURE_FIELD(struct process_time_record, swapins) },
	{ .json = "passes", .csv = "passes", .type = FIELD_UINT,
	  MEASURE_FIELD(struct process_time_record, passes) },
	{ .json = "passes_thrashed", .csv = "passes_thrashed", .type = FIELD_UINT,
	  MEASURE_FIELD(struct process_time_record, passes_thrashed) },
};

const struct measure_record process_time_record = {
	.name = "process_time",
	.fields = process_time_fields,
	.nr_fields = sizeof(process_time_fields) / sizeof(process_time_fields[0]),
	.size = sizeof(struct process_time_record),
};

static struct measure gitk_instances_measure = {
	.name = "gitk_instances", .doc = "each fake gitk process: start, "
	"elapsed time, done, and where the time went (ns per class: on a CPU, "
	"waiting for one, direct reclaim, congestion_wait, swap-in, file "
	"read, page lock or writeback, request, mempool, throttle, sleep)",
	.unit = "ns", .kind = MEASURE_TABLE, .aggregate = AGGREGATE_NONE,
	.json = "gitk_instances", .csv = "gitk-instances", .type = MT_LIST,
	.record = &process_time_record, .flags = MF_OMIT_EMPTY,
	/* Where each process's time went: the data of a stacked bar per
	 * process. */
	.run_csv = "-gitk-time.csv",
};
MEASURE_REGISTER(gitk_instances_measure);

static struct measure gitk_time_measure = {
	.name = "gitk_time", .doc = "where fake gitk's time went, summed over "
	"its processes, ns per class (sim/sim.h enum task_time)",
	.unit = "ns", .kind = MEASURE_TABLE, .aggregate = AGGREGATE_MEAN,
	.json = "gitk_time_ns", .type = MT_ARRAY,
	.dims = { NR_TASK_TIME }, .element_name = gitk_time_name,
	.flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(gitk_time_measure);

/* ---- what the reports show of fake gitk ------------------------------- */

/* Seconds: fake gitk's elapsed time when it finished, else the run's end
 * (the cover letter's Elapsed). */
static double gitk_elapsed_s(const struct run_result *r)
{
	uint64_t ns = result_bool(r, "gitk_done") ? result_uint(r, "gitk_elapsed") :
						    result_uint(r, "sim_end");

	return (double)ns / 1e9;
}

MEASURE_SHOWN(elapsed, .name = "elapsed", .order = 10,
	.doc = "fake-gitk's elapsed time, the cover letter's Elapsed; the run's "
	"end when gitk did not finish",
	.unit = "s", .kind = MEASURE_GAUGE, .value = gitk_elapsed_s,
	.title = "fake-gitk elapsed (s)", .group = "gitk", .precision = 2,
	.program = "gitk",
	/* The cover letter's name for the program, and what says it
	 * finished, ran and printed: the reports and mmsim run read
	 * them here rather than naming gitk. */
	.program_title = "fake-gitk", .done = "gitk_done",
	.processes = "gitk_instances", .line_every = "gitk_print_every");

static double gitk_stalls(const struct run_result *r)
{
	return (double)result_stalls_over(r, NSEC_PER_SEC);
}

MEASURE_SHOWN(stalls, .name = "stalls>1s", .order = 40,
	.doc = "progress lines that came more than 1 s after the previous one",
	.unit = "", .kind = MEASURE_COUNTER, .value = gitk_stalls,
	.title = "gitk stalls over 1 s", .group = "gitk", .precision = 2);

MEASURE_SHOWN(stall_max, .name = "stall-max", .order = 50,
	.doc = "the longest gap between progress lines",
	.unit = "s", .kind = MEASURE_GAUGE, .value = result_latency_max,
	.title = "longest gitk stall (s)", .group = "gitk", .precision = 2);

static double gitk_stall_p95(const struct run_result *r)
{
	return result_latency_percentile(r, 95);
}

MEASURE_SHOWN(stall_p95, .name = "stall-p95", .order = 60,
	.doc = "the 95th percentile of the gaps between progress lines",
	.unit = "s", .kind = MEASURE_GAUGE, .value = gitk_stall_p95,
	.title = "95th percentile gitk stall (s)", .group = "gitk",
	.precision = 2);

/* Where fake gitk's time went, seconds per process (sim/sim.h's classes). */
#define GITK_TIME(cls, row, ord, what)					\
static double gitk_time_##cls(const struct run_result *r)		\
{									\
	return result_process_time(r, "gitk_instances", #cls, false);	\
}									\
MEASURE_SHOWN(gitk_##cls, .name = row, .order = ord,			\
	.doc = "fake gitk's time " what ", seconds per process",	\
	.unit = "s", .kind = MEASURE_GAUGE, .value = gitk_time_##cls,	\
	.title = "gitk " what " (s per process)",			\
	.group = "where gitk's time went", .precision = 2)

GITK_TIME(cpu, "gitk-cpu", 160, "on a CPU");
GITK_TIME(runqueue, "gitk-runqueue", 170, "waiting for a CPU");
GITK_TIME(reclaim, "gitk-reclaim", 180, "in direct reclaim");
GITK_TIME(congestion_wait, "gitk-cw-time", 190, "in congestion_wait");
GITK_TIME(swapin, "gitk-swapin", 200, "waiting for swap-in");
GITK_TIME(file_read, "gitk-file-read", 210, "waiting for file reads");

/*
 * How far apart one run's processes finished, and how they got there: the
 * spread the record says 2.6.30 did not have (its repeats' sd was 8 s on
 * x86-64, <20091119081219.GB1119@csn.ul.ie>), and the swap token and the
 * thrashing passes behind it.
 */
static double gitk_finish_spread(const struct run_result *r)
{
	size_t nr;
	const struct process_time_record *rec =
		result_records(r, "gitk_instances", &nr);
	uint64_t lo = UINT64_MAX, hi = 0;

	for (size_t i = 0; i < nr; i++) {
		lo = min(lo, rec[i].elapsed);
		hi = max(hi, rec[i].elapsed);
	}
	return nr ? (double)(hi - lo) / NSEC_PER_SEC : NAN;
}

MEASURE_SHOWN(gitk_spread, .name = "gitk-spread", .order = 155,
	.doc = "the slowest fake gitk process's elapsed time less the fastest's, "
	"in one run",
	.unit = "s", .kind = MEASURE_GAUGE, .value = gitk_finish_spread,
	.title = "gitk processes' finish spread (s)", .group = "gitk",
	.precision = 2);

/*
 * The standard deviation (n - 1) of one run's processes' elapsed times:
 * what the 19 Nov "(stddev:...)" measured if "run fake-gitk multiple
 * times" meant several processes in one run rather than repeated runs
 * (<20091119081219.GB1119@csn.ul.ie>; docs/workloads.md).
 */
static double gitk_process_sd(const struct run_result *r)
{
	size_t nr;
	const struct process_time_record *rec =
		result_records(r, "gitk_instances", &nr);
	double sum = 0, ss = 0, mean;

	if (nr < 2)
		return NAN;
	for (size_t i = 0; i < nr; i++)
		sum += (double)rec[i].elapsed / NSEC_PER_SEC;
	mean = sum / (double)nr;
	for (size_t i = 0; i < nr; i++) {
		double d = (double)rec[i].elapsed / NSEC_PER_SEC - mean;

		ss += d * d;
	}
	return sqrt(ss / (double)(nr - 1));
}

MEASURE_SHOWN(gitk_process_sd, .name = "gitk-process-sd", .order = 156,
	.doc = "the standard deviation of one run's fake gitk processes' "
	"elapsed times",
	.unit = "s", .kind = MEASURE_GAUGE, .value = gitk_process_sd,
	.title = "sd of gitk processes' elapsed in a run (s)", .group = "gitk",
	.precision = 2);

static double gitk_thrashed(const struct run_result *r)
{
	size_t nr;
	const struct process_time_record *rec =
		result_records(r, "gitk_instances", &nr);
	uint64_t n = 0;

	for (size_t i = 0; i < nr; i++)
		n += rec[i].passes_thrashed;
	return nr ? (double)n : NAN;
}

MEASURE_SHOWN(gitk_thrashed, .name = "gitk-thrashed", .order = 157,
	.doc = "fake gitk's second passes that waited longer for swap-in than "
	"they ran on a CPU, all processes",
	.unit = "", .kind = MEASURE_COUNTER, .value = gitk_thrashed,
	.title = "gitk second passes thrashing", .group = "gitk",
	.precision = 2);

static double gitk_pass_swapins(const struct run_result *r)
{
	size_t nr;
	const struct process_time_record *rec =
		result_records(r, "gitk_instances", &nr);
	uint64_t n = 0, passes = 0;

	for (size_t i = 0; i < nr; i++) {
		n += rec[i].swapins;
		passes += rec[i].passes;
	}
	return passes ? (double)n / (double)passes : NAN;
}

MEASURE_SHOWN(gitk_pass_swapins, .name = "gitk-pass-swapin", .order = 158,
	.doc = "swap-ins (major faults) per fake gitk second pass",
	.unit = "", .kind = MEASURE_GAUGE, .value = gitk_pass_swapins,
	.title = "swap-ins per gitk second pass", .group = "gitk",
	.precision = 0);

/* The largest share of its own elapsed time one process held the token. */
static double gitk_token_share(const struct run_result *r)
{
	size_t nr;
	const struct process_time_record *rec =
		result_records(r, "gitk_instances", &nr);
	double best = 0;

	for (size_t i = 0; i < nr; i++)
		if (rec[i].elapsed)
			best = fmax(best, (double)rec[i].token_ns /
					  (double)rec[i].elapsed);
	return nr ? best : NAN;
}

MEASURE_SHOWN(gitk_token_share, .name = "gitk-token-share", .order = 159,
	.doc = "the largest share of one fake gitk process's elapsed time it "
	"held the swap token",
	.unit = "", .kind = MEASURE_GAUGE, .value = gitk_token_share,
	.title = "largest gitk share holding the swap token", .group = "gitk",
	.precision = 2);

/* Not in compare's table; validate's claims read them. */
static double gitk_stall_p50(const struct run_result *r)
{
	return result_latency_percentile(r, 50);
}

MEASURE_SHOWN(stall_p50, .name = "stall-p50",
	.doc = "the median gap between progress lines",
	.unit = "s", .kind = MEASURE_GAUGE, .value = gitk_stall_p50,
	.title = "gitk line p50 (s)", .group = "gitk");

/* How much of gitk's run went to lines slower than its median line: the
 * part of the elapsed time reclaim and I/O stalls can account for. */
static double gitk_stall_share(const struct run_result *r)
{
	size_t nr;
	const struct latency_sample *lat = result_records(r, "latency", &nr);
	double p50 = gitk_stall_p50(r), elapsed = gitk_elapsed_s(r);
	double excess = 0;

	for (size_t i = 0; i < nr; i++) {
		double l = (double)lat[i].latency / NSEC_PER_SEC;

		if (l > p50)
			excess += l - p50;
	}
	return elapsed > 0 ? excess / elapsed : NAN;
}

MEASURE_SHOWN(stall_share, .name = "stall-share",
	.doc = "the share of gitk's elapsed time in lines slower than its "
	"median line",
	.unit = "", .kind = MEASURE_GAUGE, .value = gitk_stall_share,
	.title = "share of elapsed in gitk lines above p50", .group = "gitk");

static void gitk_release(struct workload *w)
{
	struct gitk *g = w->state;

	if (!g)
		return;
	for (unsigned int i = 0; i < g->nr; i++) {
		struct gitk_instance *gi = &g->inst[i];

		/* The run ended first: its address space goes with the
		 * task's, and with it the buffer and the pack mappings. */
		for (unsigned int k = 0; k < GITK_MAX_PACKS; k++)
			program_close(&gi->pack[k]);
		if (!gi->exited)
			program_task_release(gi->task);
		if (gi->git_task && !gi->git_exited)
			program_task_release(gi->git_task);
		gitk_pipe_free(&gi->pipe);
		program_stdout_free(&gi->out);
		page_bitmap_free(&gi->map_touched);
	}
	free(g);
	w->state = NULL;
}

/* The clone's pack files, shared by the gitk tasks naming the same repo. */
static uint64_t gitk_footprint(const struct scenario_task *task,
			       const void *params, char *name, size_t len)
{
	const struct gitk_params *p = params;

	snprintf(name, len, "repository %s", p->repo);
	return gitk_log_total(p);
}

static int gitk_validate(const struct scenario *sc, struct scenario_task *task,
			 void *params, struct scenario_error *err)
{
	const struct gitk_params *p = params;
	uint64_t total = gitk_log_total(p);

	if (p->print_every > p->commits)
		return scenario_errorf(sc, task->line, err, "[task %s]: print_every "
				       "(%lld) exceeds commits (%lld) (at most "
				       "commits, or no line is ever printed)",
				       task->name, (long long)p->print_every,
				       (long long)p->commits);
	if (total > sc->machine.fs_size)
		return scenario_errorf(sc, task->line, err, "[task %s]: the "
				       "repository (commits x log_bytes = %llu "
				       "bytes) does not fit the filesystem volume "
				       "(at most fs_size, %llu bytes)",
				       task->name, (unsigned long long)total,
				       (unsigned long long)sc->machine.fs_size);
	if (p->producer == GITK_PRODUCER_PIPE && !p->decoded_bytes)
		return scenario_errorf(sc, task->line, err, "[task %s]: producer = "
				       "pipe sends the log's text through the pipe: "
				       "decoded_bytes must be above 0 (or producer "
				       "= inline)", task->name);
	if (total < (uint64_t)p->packs)
		return scenario_errorf(sc, task->line, err, "[task %s]: %lld packs "
				       "for %llu bytes of log (at most one pack "
				       "per byte)", task->name, (long long)p->packs,
				       (unsigned long long)total);
	return 0;
}

#define P(field) PARAM_FIELD(struct gitk_params, field)

static const struct param_spec gitk_params[] = {
	{ .key = "commits", .type = PARAM_INT, .def = "170000",
	  .min = 1, .max = 100000000, P(commits),
	  .doc = "commits in the repository's history [assumed: linux-2.6.git "
		 "in early Nov 2009, 168000-172000; Frans Pop counted 167500 "
		 "on 19 Oct 2009]" },
	{ .key = "log_bytes", .type = PARAM_SIZE, .def = "400B",
	  .min = 1, .max = 1 << 20, P(log_bytes),
	  .doc = "bytes of pack file read per commit [assumed: a commit object "
		 "of about 800 bytes, zlib-compressed: 350-600 B]" },
	{ .key = "decoded_bytes", .type = PARAM_SIZE, .def = "900B",
	  .min = 0, .max = 1 << 20, P(decoded_bytes),
	  .doc = "bytes per commit kept in the buffer, the text git log "
		 "--pretty=raw --parents prints for it; 0 only reads the log "
		 "[assumed: 700-1100 B, docs/workloads.md]" },
	{ .key = "hash_entry", .type = PARAM_SIZE, .def = "128B",
	  .min = 0, .max = 1 << 16, P(hash_entry),
	  .doc = "bytes per commit in the parent-to-child hash map; 0: no map "
		 "[assumed: a 40-character key, a child list and the entry: "
		 "64-256 B]" },
	{ .key = "print_every", .type = PARAM_INT, .def = "1000",
	  .min = 1, .max = 100000000, P(print_every),
	  .doc = "commits per progress line [cover: a line \"when it processes a "
		 "large number of commits\"; the number is assumed]" },
	{ .key = "loops", .type = PARAM_INT, .def = "4",
	  .min = 1, .max = 1000, P(loops),
	  .doc = "iterations per process [cover: \"a small number of times\"; "
		 "assumed: 2-5]" },
	{ .key = "read_size", .type = PARAM_SIZE, .def = "64K",
	  .min = 4096, .max = 64 << 20, P(read_size),
	  .doc = "bytes of pack per read() (pack_access = read) or per batch of "
		 "faults (mmap) [assumed]" },
	{ .key = "cpu_per_byte", .type = PARAM_TIME, .def = "20ns",
	  .min = 0, .max = NSEC_PER_SEC, P(cpu_per_byte),
	  .doc = "git log's CPU per pack byte read: inflate, parse and print "
		 "the commit [assumed: 10-60 ns, 4-24 us per commit]" },
	{ .key = "cpu_per_commit", .type = PARAM_TIME, .def = "15us",
	  .min = 0, .max = NSEC_PER_SEC, P(cpu_per_commit),
	  .doc = "fake gitk's CPU to read and append one commit's log "
		 "[assumed: 2-150 us; real gitk took 149 us for commit and Tk "
		 "work (Frans Pop, 19 Oct 2009), a script 10-30 us]" },
	{ .key = "map_cpu_per_commit", .type = PARAM_TIME, .def = "5us",
	  .min = 0, .max = NSEC_PER_SEC, P(map_cpu_per_commit),
	  .doc = "CPU to hash one commit into the map [assumed: 0.5-50 us]" },
	{ .key = "map_pass", .type = PARAM_BOOL, .def = "on", P(map_pass),
	  .doc = "build the map in a second pass over the buffer (on) or while "
		 "loading (off) [cover: \"loads all the logs into a large buffer "
		 "and then builds a very basic hash map\"]" },
	{ .key = "packs", .type = PARAM_INT, .def = "1",
	  .min = 1, .max = GITK_MAX_PACKS, P(packs),
	  .doc = "pack files holding the log [assumed: a fresh clone has one]" },
	{ .key = "repo", .type = PARAM_STRING, .def = "linux-2.6", P(repo),
	  .doc = "the clone's directory on the volume; gitk tasks naming the "
		 "same repo share its files [cover: git clone ... linux-2.6]" },
	{ .key = "instances", .type = PARAM_INT, .def = "1",
	  .min = 1, .max = GITK_MAX_INSTANCES, P(instances),
	  .doc = "fake gitk processes, each with its own buffer and map, "
		 "sharing the clone [the 2009 test ran at least 4: Mel Gorman "
		 "graphed \"the fourth instance of fake-gitk\", 5 Nov 2009; "
		 "assumed 4-6]" },
	{ .key = "stagger", .type = PARAM_TIME, .def = "0",
	  .min = 0, .max = 3600 * NSEC_PER_SEC, P(stagger),
	  .doc = "delay between the starts of two processes, the first at once "
		 "[assumed: 0, started together; up to 60 s, the gap between "
		 "Frans Pop's gitk instances]" },
	{ .key = "elapsed", .type = PARAM_ENUM, .def = "mean",
	  .words = gitk_elapsed_names, P(elapsed),
	  .doc = "what Elapsed reports: the mean of the processes' elapsed "
		 "times, the last-started one's, or the longest [cover: \"The "
		 "length of time it takes fake-gitk to complete on average\"]" },
	{ .key = "map_order", .type = PARAM_ENUM, .def = "forward",
	  .words = gitk_order_names, P(map_order),
	  .doc = "the order the second pass walks the buffer: first commit to "
		 "last (forward, as git log printed them) or last to first "
		 "[assumed: the record does not say]" },
	{ .key = "producer", .type = PARAM_ENUM, .def = "inline",
	  .words = gitk_producer_names, P(producer),
	  .doc = "who reads the pack: gitk itself (inline: one process, git "
		 "log's CPU is gitk's) or a git log process per iteration "
		 "writing the log's text into a pipe gitk reads, as gitk runs "
		 "git log (pipe) [assumed: the record does not say how the "
		 "fake gitk got its log]" },
	{ .key = "git_heap", .type = PARAM_SIZE, .def = "144B",
	  .min = 0, .max = 1 << 16, P(git_heap),
	  .doc = "with producer = pipe, git log's own heap per commit walked: "
		 "its struct commit, tree object, parent list and hash slots "
		 "(it frees each commit's text once printed) [assumed: "
		 "100-250 B]" },
	{ .key = "pack_access", .type = PARAM_ENUM, .def = "mmap",
	  .words = gitk_pack_names, P(pack_access),
	  .doc = "how the pack is read: mmap and page faults, as git does "
		 "(sha1_file.c use_pack()), or read()" },
};

static const struct workload_ops gitk_ops = {
	.name = "gitk",
	.summary = "fake gitk: N processes each loading the git log into an "
		   "anonymous buffer, building a parent-to-child map, printing a "
		   "line every N commits, L times",
	.order = 10,
	.params = gitk_params,
	.nr_params = ARRAY_SIZE(gitk_params),
	.params_size = sizeof(struct gitk_params),
	.validate = gitk_validate,
	.footprint = gitk_footprint,
	.start = gitk_start,
	.collect = gitk_collect,
	.release = gitk_release,
	.output = gitk_output,
};
WORKLOAD_REGISTER(gitk_ops);
