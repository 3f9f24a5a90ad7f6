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
 * One iteration here:
 * - load: read the repository's pack files (created on the filesystem
 *   volume at start, on disk and not cached) through the page cache in
 *   read_size chunks, charging inflate CPU per byte read; each commit then
 *   costs parse CPU and appends decoded_bytes to an anonymous buffer that
 *   is written page after page, as a growing buffer is;
 * - map: a second pass over the buffer in commit order (reading it back,
 *   from swap if it went there), inserting each commit into a hash map
 *   held in a second anonymous region: one write at a random slot;
 * - a progress line every print_every commits of either pass, recorded as
 *   latency-output records it (time since the previous line);
 * - both regions are unmapped and the next iteration starts.
 * The elapsed time is from the program's start to the end of its last
 * iteration.
 *
 * Simplified, and said so in docs/workloads.md: git log and gitk are one
 * task (no pipe); the buffer is one reservation written once (no realloc
 * copies); a commit's record and hash entry are touched once per pass,
 * not byte by byte.
 */
#include <stdlib.h>
#include <string.h>
#include "program.h"
#include "linux/kernel.h"
#include "linux/mm.h"
#include "linux/ext3_fs.h"
#include "linux/pagemap.h"

#define GITK_MAX_PACKS	64
/* Commits handled between two CPU charges: keeps the event count low
 * without moving a progress line by more than this many commits' CPU. */
#define GITK_BATCH	256

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
};

struct gitk {
	struct program_counters c;
	const struct gitk_params *p;
	struct super_block *sb;
	struct mm_struct *mm;
	struct latency_log lat;

	struct file *pack[GITK_MAX_PACKS];
	uint64_t pack_size[GITK_MAX_PACKS];
	unsigned int cur_pack;		/* reading this pack ... */
	uint64_t pack_pos;		/* ... at this offset */
	uint64_t log_read;		/* log bytes read this iteration */

	unsigned long buf, map;		/* region addresses, 0: unmapped */
	unsigned long buf_pages;	/* buffer pages written so far */
	struct page_bitmap map_touched;

	bool done;			/* every iteration completed */
	sim_time_t elapsed;
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

static bool gitk_open_packs(struct gitk *g)
{
	char name[64];

	for (unsigned int i = 0; i < g->p->packs; i++) {
		struct inode *inode;

		gitk_pack_name(g->p, i, name, sizeof(name));
		inode = ext3_lookup(g->sb, name);
		if (!inode)
			return false;
		g->pack[i] = filp_open(inode, FMODE_READ);
		if (!g->pack[i])
			return false;
	}
	g->cur_pack = 0;
	g->pack_pos = 0;
	g->log_read = 0;
	return true;
}

static void gitk_close_packs(struct gitk *g)
{
	for (unsigned int i = 0; i < GITK_MAX_PACKS; i++)
		program_close(&g->pack[i]);
}

/* One read() of the next chunk of log, and the CPU to inflate it. */
static bool gitk_read_more(struct gitk *g)
{
	const struct gitk_params *p = g->p;

	while (!program_killed()) {
		uint64_t left = g->pack_size[g->cur_pack] - g->pack_pos;
		long n = vfs_read(g->pack[g->cur_pack], (loff_t)g->pack_pos,
				  (unsigned long)min(left, p->read_size));

		if (n == 0) {
			/* The pack is shorter than it was at start (someone
			 * truncated it): what is missing counts as read. */
			g->log_read = gitk_log_total(p);
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
		g->log_read += (uint64_t)n;
		g->pack_pos += (uint64_t)n;
		if (g->pack_pos == g->pack_size[g->cur_pack] &&
		    g->cur_pack + 1 < p->packs) {
			g->cur_pack++;
			g->pack_pos = 0;
		}
		return true;
	}
	return false;
}

/* Commits whose log has been read completely. */
static uint64_t gitk_commits_read(const struct gitk *g)
{
	if (g->log_read >= gitk_log_total(g->p))
		return (uint64_t)g->p->commits;
	return g->log_read / g->p->log_bytes;
}

/* ---- the buffer and the map --------------------------------------------- */

/* Append commits [first, first + nr) to the buffer: write every page
 * their records reach. */
static bool gitk_append(struct gitk *g, struct workload *w, uint64_t first,
			uint64_t nr)
{
	uint64_t d = g->p->decoded_bytes;
	unsigned long page, last;

	if (!d)
		return true;
	page = (unsigned long)(first * d >> PAGE_SHIFT);
	last = (unsigned long)(((first + nr) * d - 1) >> PAGE_SHIFT);
	for (; page <= last; page++) {
		if (!program_access(w, g->mm, g->buf + (page << PAGE_SHIFT), true))
			return false;
		if (page >= g->buf_pages) {
			g->buf_pages = page + 1;
			g->c.anon_pages++;
		}
	}
	return true;
}

/* Read back commit @i's record (the pages not read yet in this pass). */
static bool gitk_read_record(struct gitk *g, struct workload *w, uint64_t i,
			     unsigned long *next_page)
{
	uint64_t d = g->p->decoded_bytes;
	unsigned long last;

	if (!d)
		return true;
	last = (unsigned long)(((i + 1) * d - 1) >> PAGE_SHIFT);
	for (; *next_page <= last; (*next_page)++)
		if (!program_access(w, g->mm, g->buf + (*next_page << PAGE_SHIFT),
				    false))
			return false;
	return true;
}

/* The parent-to-child link of one commit: a write at a random slot. */
static bool gitk_insert(struct gitk *g, struct workload *w)
{
	uint64_t e = g->p->hash_entry;
	unsigned long page;

	if (!e)
		return true;
	page = (unsigned long)(prandom_below((uint64_t)g->p->commits) * e >> PAGE_SHIFT);
	if (!program_access(w, g->mm, g->map + (page << PAGE_SHIFT), true))
		return false;
	if (page_bitmap_test_and_set(&g->map_touched, page))
		g->c.anon_pages++;
	return true;
}

/* How many commits to handle before the next CPU charge: never past a
 * progress line, so each line appears when its commits are done. */
static uint64_t gitk_batch(const struct gitk *g, uint64_t done, uint64_t limit)
{
	uint64_t to_line = (uint64_t)g->p->print_every -
			   done % (uint64_t)g->p->print_every;

	return min(min(limit - done, to_line), (uint64_t)GITK_BATCH);
}

static void gitk_progress(struct gitk *g, uint64_t done)
{
	if (done % (uint64_t)g->p->print_every == 0) {
		latency_log_line(&g->lat);
		g->c.lines++;
	}
}

static bool gitk_load(struct gitk *g, struct workload *w)
{
	const struct gitk_params *p = g->p;
	uint64_t done = 0;

	while (done < (uint64_t)p->commits) {
		uint64_t avail = gitk_commits_read(g), nr;

		if (done == avail) {
			if (!gitk_read_more(g))
				return false;
			continue;
		}
		nr = gitk_batch(g, done, avail);
		program_cpu(nr, p->cpu_per_commit);
		if (!p->map_pass)
			program_cpu(nr, p->map_cpu_per_commit);
		if (!gitk_append(g, w, done, nr))
			return false;
		for (uint64_t i = 0; !p->map_pass && i < nr; i++)
			if (!gitk_insert(g, w))
				return false;
		done += nr;
		gitk_progress(g, done);
	}
	return true;
}

static bool gitk_map(struct gitk *g, struct workload *w)
{
	const struct gitk_params *p = g->p;
	unsigned long next_page = 0;
	uint64_t done = 0;

	while (done < (uint64_t)p->commits) {
		uint64_t nr = gitk_batch(g, done, (uint64_t)p->commits);

		if (program_killed())
			return false;
		program_cpu(nr, p->map_cpu_per_commit);
		for (uint64_t i = done; i < done + nr; i++)
			if (!gitk_read_record(g, w, i, &next_page) ||
			    !gitk_insert(g, w))
				return false;
		done += nr;
		gitk_progress(g, done);
	}
	return true;
}

static void gitk_unmap(struct gitk *g)
{
	if (g->buf)
		do_munmap(g->mm, g->buf);
	if (g->map)
		do_munmap(g->mm, g->map);
	g->buf = g->map = 0;
	g->buf_pages = 0;
	page_bitmap_clear_all(&g->map_touched);
}

static bool gitk_iteration(struct gitk *g, struct workload *w)
{
	const struct gitk_params *p = g->p;
	uint64_t buf_len = (uint64_t)p->commits * p->decoded_bytes;
	uint64_t map_len = (uint64_t)p->commits * p->hash_entry;
	bool ok;

	if (!gitk_open_packs(g))
		return false;
	if (buf_len)
		g->buf = do_mmap_anon(g->mm, (unsigned long)program_page_align(buf_len),
				      VM_READ | VM_WRITE);
	if (map_len)
		g->map = do_mmap_anon(g->mm, (unsigned long)program_page_align(map_len),
				      VM_READ | VM_WRITE);
	ok = gitk_load(g, w) && (!p->map_pass || gitk_map(g, w));
	/* Discard it all, as the fake gitk does before its next round. */
	gitk_close_packs(g);
	gitk_unmap(g);
	return ok;
}

static void gitk_main(void *arg)
{
	struct workload *w = arg;
	struct gitk *g = w->state;

	for (int64_t i = 0; i < g->p->loops; i++) {
		if (!gitk_iteration(g, w))
			break;
		g->c.loops++;
	}
	if (g->c.loops == (unsigned long)g->p->loops) {
		g->done = true;
		g->elapsed = sim_now() - w->started;
	}
	g->mm = NULL;
	program_exit(w);
}

/* ---- ops ---------------------------------------------------------------- */

static int gitk_start(struct workload *w)
{
	const struct gitk_params *p = w->params;
	struct gitk *g = calloc(1, sizeof(*g));
	uint64_t total = gitk_log_total(p), map_len;
	char name[64];

	if (!g)
		abort();
	w->state = g;
	g->p = p;
	g->sb = w->set->sb;
	latency_log_init(&g->lat, sim_now());
	map_len = program_page_align((uint64_t)p->commits * p->hash_entry);
	page_bitmap_init(&g->map_touched, (unsigned long)(map_len >> PAGE_SHIFT));
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
	g->mm = mm_alloc();
	program_spawn(w, gitk_main, g->mm);
	return 0;
}

/* The first gitk sets the run's gitk measures; others make them the
 * slowest of all and done only if all are. */
static void gitk_collect(struct workload *w, struct run_result *r)
{
	struct gitk *g = w->state;
	struct workload_set *set = w->set;
	sim_time_t elapsed;
	bool first = true;

	if (!g)
		return;
	for (size_t i = 0; i < set->nr && &set->w[i] != w; i++)
		if (set->w[i].ops == w->ops)
			first = false;
	elapsed = g->done ? g->elapsed : sim_now() - w->started;
	latency_log_collect(&g->lat, r);
	if (first) {
		result_set_uint(r, "gitk_print_every", (uint64_t)g->p->print_every);
		result_set_bool(r, "gitk_done", g->done);
		result_set_uint(r, "gitk_elapsed", elapsed);
	} else {
		result_set_bool(r, "gitk_done", result_bool(r, "gitk_done") && g->done);
		result_set_uint(r, "gitk_elapsed",
				max(result_uint(r, "gitk_elapsed"), elapsed));
	}
}

static struct measure gitk_done_measure = {
	.name = "gitk_done", .doc = "every gitk task finished all its loops",
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
	.name = "gitk_elapsed", .doc = "fake gitk's elapsed time, start to the "
	"end of its last loop (the slowest gitk task's): the cover letter's "
	"Elapsed column",
	.unit = "ns", .kind = MEASURE_GAUGE, .aggregate = AGGREGATE_MEAN_STDDEV,
	.json = "gitk_elapsed_ns", .csv = "gitk_elapsed_ns", .type = MT_UINT,
};
MEASURE_REGISTER(gitk_elapsed_measure);

static void gitk_release(struct workload *w)
{
	struct gitk *g = w->state;

	if (!g)
		return;
	gitk_close_packs(g);
	program_release(w);
	latency_log_free(&g->lat);
	page_bitmap_free(&g->map_touched);
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
		 "at 2.6.32-rc6, from per-release commit counts]" },
	{ .key = "log_bytes", .type = PARAM_SIZE, .def = "400B",
	  .min = 1, .max = 1 << 20, P(log_bytes),
	  .doc = "bytes of pack file read per commit [assumed: a ~750-byte raw "
		 "commit object, zlib-compressed]" },
	{ .key = "decoded_bytes", .type = PARAM_SIZE, .def = "3K",
	  .min = 0, .max = 1 << 20, P(decoded_bytes),
	  .doc = "bytes per commit kept in the buffer; 0 only reads the log "
		 "[assumed: buffer and map (519 MiB) exceed a 512M machine, "
		 "which must swap, as the cover letter says the test needs]" },
	{ .key = "hash_entry", .type = PARAM_SIZE, .def = "128B",
	  .min = 0, .max = 1 << 16, P(hash_entry),
	  .doc = "bytes per commit in the parent-to-child hash map; 0: no map "
		 "[assumed: a 40-character key, a child list and the entry]" },
	{ .key = "print_every", .type = PARAM_INT, .def = "1000",
	  .min = 1, .max = 100000000, P(print_every),
	  .doc = "commits per progress line [cover: a line \"when it processes a "
		 "large number of commits\"; the number is assumed]" },
	{ .key = "loops", .type = PARAM_INT, .def = "4",
	  .min = 1, .max = 1000, P(loops),
	  .doc = "iterations [cover: \"a small number of times\"; Mel's 5 Nov "
		 "2009 mail graphs the fourth instance, so at least 4]" },
	{ .key = "read_size", .type = PARAM_SIZE, .def = "64K",
	  .min = 4096, .max = 64 << 20, P(read_size),
	  .doc = "bytes per read() of the pack files [assumed]" },
	{ .key = "cpu_per_byte", .type = PARAM_TIME, .def = "20ns",
	  .min = 0, .max = NSEC_PER_SEC, P(cpu_per_byte),
	  .doc = "CPU per pack byte read, to inflate it [assumed: zlib at about "
		 "50 MB/s of compressed input on a 2009 core]" },
	{ .key = "cpu_per_commit", .type = PARAM_TIME, .def = "200us",
	  .min = 0, .max = NSEC_PER_SEC, P(cpu_per_commit),
	  .doc = "CPU to parse and append one commit [assumed: with the map's, "
		 "about 50 s per iteration, gitk's own load time on linux-2.6 "
		 "in 2009; not fitted to the published elapsed times]" },
	{ .key = "map_cpu_per_commit", .type = PARAM_TIME, .def = "100us",
	  .min = 0, .max = NSEC_PER_SEC, P(map_cpu_per_commit),
	  .doc = "CPU to hash one commit into the map [assumed]" },
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
};

static const struct workload_ops gitk_ops = {
	.name = "gitk",
	.summary = "fake gitk: log into an anonymous buffer, parent-to-child map, "
		   "a progress line every N commits, L times",
	.order = 10,
	.params = gitk_params,
	.nr_params = ARRAY_SIZE(gitk_params),
	.params_size = sizeof(struct gitk_params),
	.validate = gitk_validate,
	.footprint = gitk_footprint,
	.start = gitk_start,
	.collect = gitk_collect,
	.release = gitk_release,
};
WORKLOAD_REGISTER(gitk_ops);
