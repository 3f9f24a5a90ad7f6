// SPDX-License-Identifier: GPL-2.0
/*
 * Generic programs for experiments beyond the 2009 test:
 * - reader, writer: a file on the filesystem volume read or written
 *   sequentially or at random block offsets, at an optional rate, through
 *   the page cache (readahead on the way in; dirty pages, the writeback
 *   threads and balance_dirty_pages on the way out);
 * - anonhog: anonymous memory touched page by page in a pattern:
 *   sequential, uniformly random, or hot/cold (a fraction of the pages
 *   takes a share of the accesses);
 * - sleeper: sleeps an interval again and again, does a little work at
 *   each wake-up, and records how late that work was done (beyond the
 *   timer's expiry plus the work itself: the wait for a CPU) as latency
 *   samples: a probe of scheduling delay.
 */
#include <stdlib.h>
#include <string.h>
#include "program.h"
#include "linux/kernel.h"
#include "linux/mm.h"
#include "linux/ext3_fs.h"
#include "linux/pagemap.h"
#include "linux/writeback.h"
#include "util/xalloc.h"

/* ---- reader and writer --------------------------------------------------- */

enum { PATTERN_SEQ, PATTERN_RANDOM, PATTERN_HOTCOLD };

static const char *const rw_pattern_names[] = { "seq", "random", NULL };
static const char *const hog_pattern_names[] = { "seq", "random", "hotcold", NULL };

struct rw_params {
	char file[48];
	uint64_t size;
	uint64_t block;
	int pattern;
	uint64_t rate;
	int64_t loops;
	uint64_t cpu_per_byte;
	bool fsync;
};

struct rw {
	struct program_counters c;
	const struct rw_params *p;
	struct file *file;
	bool write;
};

static const char *rw_file_name(const struct workload *w)
{
	const struct rw_params *p = w->params;

	return p->file[0] ? p->file : w->name;
}

/* The file, shared by the tasks naming the same one. */
static uint64_t rw_footprint(const struct scenario_task *task,
			     const void *params, char *name, size_t len)
{
	const struct rw_params *p = params;

	snprintf(name, len, "file %s", p->file[0] ? p->file : task->name);
	return p->size;
}

/* One pass over the file; false: stop the program. */
static bool rw_pass(struct rw *rw)
{
	const struct rw_params *p = rw->p;
	uint64_t nr_blocks = (p->size + p->block - 1) / p->block;
	sim_time_t start = sim_now();
	uint64_t done = 0;

	for (uint64_t i = 0; i < nr_blocks; i++) {
		uint64_t off, n;
		long ret;

		if (program_killed())
			return false;
		program_pace(start, done, p->rate);
		off = p->pattern == PATTERN_SEQ ? i : prandom_below(nr_blocks);
		off *= p->block;
		n = min(p->block, p->size - off);
		ret = rw->write ? vfs_write(rw->file, (loff_t)off, (unsigned long)n) :
				  vfs_read(rw->file, (loff_t)off, (unsigned long)n);
		if (ret == 0 && !rw->write) {
			/* End of a file shorter than size (another task's,
			 * still being written). */
			if (p->pattern == PATTERN_SEQ)
				break;
			continue;
		}
		if (ret < 0) {
			/* -ENOMEM or -ENOSPC: try the block again a tick later. */
			program_sleep(jiffies_to_ns(1));
			i--;
			continue;
		}
		program_cpu((uint64_t)ret, p->cpu_per_byte);
		done += (uint64_t)ret;
		if (rw->write)
			rw->c.bytes_written += (uint64_t)ret;
		else
			rw->c.bytes_read += (uint64_t)ret;
	}
	if (rw->write && p->fsync && !program_killed())
		sync_inode_pages(rw->file->f_inode);
	return true;
}

static void rw_main(void *arg)
{
	struct workload *w = arg;
	struct rw *rw = w->state;

	for (int64_t i = 0; !rw->p->loops || i < rw->p->loops; i++) {
		if (!rw_pass(rw))
			break;
		rw->c.loops++;
	}
	program_close(&rw->file);
	program_exit(w);
}

static int rw_start(struct workload *w, bool write)
{
	const struct rw_params *p = w->params;
	struct rw *rw = xcalloc(1, sizeof(*rw));
	/* A reader's file is on disk already; a sequential writer creates
	 * its own, a random writer overwrites one laid out in full. */
	uint64_t initial = write && p->pattern == PATTERN_SEQ ? 0 : p->size;

	w->state = rw;
	rw->p = p;
	rw->write = write;
	rw->file = program_open(w->set->sb, rw_file_name(w), initial,
				write ? FMODE_WRITE : FMODE_READ);
	if (!rw->file)
		return -1;
	program_spawn(w, rw_main, mm_alloc());
	return 0;
}

static int reader_start(struct workload *w)
{
	return rw_start(w, false);
}

static int writer_start(struct workload *w)
{
	return rw_start(w, true);
}

static void rw_release(struct workload *w)
{
	struct rw *rw = w->state;

	if (!rw)
		return;
	program_close(&rw->file);
	program_release(w);
	free(rw);
	w->state = NULL;
}

static int rw_validate(const struct scenario *sc, struct scenario_task *task,
		       void *params, struct scenario_error *err)
{
	const struct rw_params *p = params;

	if (p->size > sc->machine.fs_size)
		return scenario_errorf(sc, task->line, err, "[task %s]: size %llu "
				       "does not fit the filesystem volume (at "
				       "most fs_size, %llu bytes)", task->name,
				       (unsigned long long)p->size,
				       (unsigned long long)sc->machine.fs_size);
	return 0;
}

#define RW(field) PARAM_FIELD(struct rw_params, field)

#define RW_COMMON_PARAMS(what)						\
	{ .key = "file", .type = PARAM_STRING, RW(file),		\
	  .unset = "the task's name",					\
	  .doc = "the file on the volume; tasks naming the same file share it" }, \
	{ .key = "size", .type = PARAM_SIZE, .def = "64M", .min = 4096,	\
	  .max = 1ULL << 40, RW(size),					\
	  .doc = "bytes " what " per pass" },				\
	{ .key = "block", .type = PARAM_SIZE, .def = "64K", .min = 1,	\
	  .max = 64 << 20, RW(block),					\
	  .doc = "bytes per call [assumed: a cp or dd buffer]" },	\
	{ .key = "pattern", .type = PARAM_ENUM, .def = "seq",		\
	  .words = rw_pattern_names, RW(pattern),			\
	  .doc = "seq: block after block; random: uniform block offsets" }, \
	{ .key = "rate", .type = PARAM_SIZE, .def = "0", .min = 0,	\
	  .max = INT64_MAX, RW(rate),					\
	  .doc = "bytes per second, 0: as fast as it goes" },		\
	{ .key = "loops", .type = PARAM_INT, .def = "1", .min = 0,	\
	  .max = 1000000, RW(loops),					\
	  .doc = "passes over the file, 0: until the run ends" },	\
	{ .key = "cpu_per_byte", .type = PARAM_TIME, .def = "0", .min = 0, \
	  .max = NSEC_PER_SEC, RW(cpu_per_byte),			\
	  .doc = "CPU per byte beyond the kernel's copy (processing the data)" }

static const struct param_spec reader_params[] = {
	RW_COMMON_PARAMS("read"),
};

static const struct param_spec writer_params[] = {
	RW_COMMON_PARAMS("written"),
	{ .key = "fsync", .type = PARAM_BOOL, .def = "off", RW(fsync),
	  .doc = "write back and wait for the file's pages after each pass" },
};

static const struct workload_ops reader_ops = {
	.name = "reader",
	.summary = "reads a file sequentially or at random, at a rate",
	.order = 40,
	.params = reader_params,
	.nr_params = ARRAY_SIZE(reader_params),
	.params_size = sizeof(struct rw_params),
	.validate = rw_validate,
	.footprint = rw_footprint,
	.start = reader_start,
	.release = rw_release,
};
WORKLOAD_REGISTER(reader_ops);

static const struct workload_ops writer_ops = {
	.name = "writer",
	.summary = "writes a file sequentially or at random, at a rate",
	.order = 50,
	.params = writer_params,
	.nr_params = ARRAY_SIZE(writer_params),
	.params_size = sizeof(struct rw_params),
	.validate = rw_validate,
	.footprint = rw_footprint,
	.start = writer_start,
	.release = rw_release,
};
WORKLOAD_REGISTER(writer_ops);

/* ---- anonhog ------------------------------------------------------------- */

struct anonhog_params {
	uint64_t size;
	int pattern;
	double hot_fraction;
	double hot_share;
	bool write;
	int64_t passes;
	uint64_t cpu_per_page;
	uint64_t pause;
	bool hold;
};

struct anonhog {
	struct program_counters c;
	const struct anonhog_params *p;
	struct mm_struct *mm;
	unsigned long addr;
	unsigned long nr_pages, nr_hot;
	struct page_bitmap touched;
	unsigned long hot_accesses;	/* accesses to the hot set */
};

/* Accesses between two CPU charges. */
#define ANONHOG_BATCH	64

static unsigned long anonhog_pick(struct anonhog *h, unsigned long i)
{
	switch (h->p->pattern) {
	case PATTERN_SEQ:
		return i;
	case PATTERN_RANDOM:
		return (unsigned long)prandom_below(h->nr_pages);
	default:
		if (h->nr_hot == h->nr_pages || prandom_double() < h->p->hot_share) {
			h->hot_accesses++;
			return (unsigned long)prandom_below(h->nr_hot);
		}
		return h->nr_hot + (unsigned long)prandom_below(h->nr_pages - h->nr_hot);
	}
}

/* One pass: as many accesses as the region has pages. */
static bool anonhog_pass(struct workload *w, struct anonhog *h)
{
	for (unsigned long i = 0; i < h->nr_pages; i++) {
		unsigned long page;

		if (i % ANONHOG_BATCH == 0)
			program_cpu(min((unsigned long)ANONHOG_BATCH, h->nr_pages - i),
				    h->p->cpu_per_page);
		page = anonhog_pick(h, i);
		if (!program_access(w, h->mm, h->addr + (page << PAGE_SHIFT),
				    h->p->write))
			return false;
		if (page_bitmap_test_and_set(&h->touched, page))
			h->c.anon_pages++;
	}
	return true;
}

static void anonhog_main(void *arg)
{
	struct workload *w = arg;
	struct anonhog *h = w->state;

	h->addr = do_mmap_anon(h->mm, (unsigned long)(h->nr_pages << PAGE_SHIFT),
			       VM_READ | VM_WRITE);
	for (int64_t i = 0; !h->p->passes || i < h->p->passes; i++) {
		if (i && h->p->pause)
			program_sleep(h->p->pause);
		if (program_killed() || !anonhog_pass(w, h))
			goto out;
		h->c.loops++;
	}
	/* hold: keep the memory, as a hog that went idle does. */
	while (h->p->hold && !program_killed())
		program_sleep(100 * NSEC_PER_MSEC);
out:
	h->mm = NULL;
	program_exit(w);
}

static int anonhog_start(struct workload *w)
{
	const struct anonhog_params *p = w->params;
	struct anonhog *h = xcalloc(1, sizeof(*h));

	w->state = h;
	h->p = p;
	h->nr_pages = (unsigned long)(program_page_align(p->size) >> PAGE_SHIFT);
	h->nr_hot = (unsigned long)(h->nr_pages * p->hot_fraction + 0.5);
	h->nr_hot = max(min(h->nr_hot, h->nr_pages), 1UL);
	page_bitmap_init(&h->touched, h->nr_pages);
	h->mm = mm_alloc();
	program_spawn(w, anonhog_main, h->mm);
	return 0;
}

static void anonhog_release(struct workload *w)
{
	struct anonhog *h = w->state;

	if (!h)
		return;
	program_release(w);
	page_bitmap_free(&h->touched);
	free(h);
	w->state = NULL;
}

static int anonhog_validate(const struct scenario *sc, struct scenario_task *task,
			    void *params, struct scenario_error *err)
{
	const struct anonhog_params *p = params;

	if (p->size > sc->machine.mem + sc->machine.swap_size)
		return scenario_errorf(sc, task->line, err, "[task %s]: size %llu "
				       "exceeds memory and swap (at most mem + "
				       "swap_size, %llu bytes)", task->name,
				       (unsigned long long)p->size,
				       (unsigned long long)(sc->machine.mem +
							    sc->machine.swap_size));
	return 0;
}

static const struct workload_ops anonhog_ops;

unsigned long anonhog_hot_accesses(const struct workload *w)
{
	const struct anonhog *h = w->state;

	return w->ops == &anonhog_ops && h ? h->hot_accesses : 0;
}

#define AH(field) PARAM_FIELD(struct anonhog_params, field)

static const struct param_spec anonhog_params[] = {
	{ .key = "size", .type = PARAM_SIZE, .def = "64M", .min = 4096,
	  .max = 1ULL << 40, AH(size),
	  .doc = "bytes of anonymous memory mapped" },
	{ .key = "pattern", .type = PARAM_ENUM, .def = "seq",
	  .words = hog_pattern_names, AH(pattern),
	  .doc = "seq: page after page; random: uniform pages; hotcold: "
		 "hot_share of the accesses go to hot_fraction of the pages" },
	{ .key = "hot_fraction", .type = PARAM_DOUBLE, .def = "0.1",
	  .dmin = 0.0, .dmax = 1.0, AH(hot_fraction),
	  .doc = "hotcold: fraction of the pages that are hot (at least one)" },
	{ .key = "hot_share", .type = PARAM_DOUBLE, .def = "0.9",
	  .dmin = 0.0, .dmax = 1.0, AH(hot_share),
	  .doc = "hotcold: fraction of the accesses that go to the hot pages" },
	{ .key = "write", .type = PARAM_BOOL, .def = "on", AH(write),
	  .doc = "accesses write (dirty the pages) or only read" },
	{ .key = "passes", .type = PARAM_INT, .def = "1", .min = 0,
	  .max = 1000000, AH(passes),
	  .doc = "passes of size/4K accesses each, 0: until the run ends" },
	{ .key = "cpu_per_page", .type = PARAM_TIME, .def = "1us", .min = 0,
	  .max = NSEC_PER_SEC, AH(cpu_per_page),
	  .doc = "CPU of work per access [assumed]" },
	{ .key = "pause", .type = PARAM_TIME, .def = "0", .min = 0,
	  .max = 3600 * NSEC_PER_SEC, AH(pause),
	  .doc = "sleep between passes" },
	{ .key = "hold", .type = PARAM_BOOL, .def = "off", AH(hold),
	  .doc = "after the passes keep the memory until the run ends" },
};

static const struct workload_ops anonhog_ops = {
	.name = "anonhog",
	.summary = "maps anonymous memory and touches it in a pattern",
	.order = 60,
	.params = anonhog_params,
	.nr_params = ARRAY_SIZE(anonhog_params),
	.params_size = sizeof(struct anonhog_params),
	.validate = anonhog_validate,
	.start = anonhog_start,
	.release = anonhog_release,
};
WORKLOAD_REGISTER(anonhog_ops);

/* ---- sleeper ------------------------------------------------------------- */

struct sleeper_params {
	uint64_t interval;
	int64_t count;
	bool record;
	uint64_t work;
};

struct sleeper {
	struct program_counters c;
	const struct sleeper_params *p;
	struct latency_log lat;
	sim_time_t max_lateness;
};

static void sleeper_main(void *arg)
{
	struct workload *w = arg;
	struct sleeper *s = w->state;

	for (int64_t i = 0; !s->p->count || i < s->p->count; i++) {
		long timeout = (long)ns_to_jiffies(s->p->interval);
		sim_time_t due, lateness;

		if (program_killed())
			break;
		/* schedule_timeout's timer fires on this jiffy. */
		due = jiffies_to_ns(jiffies + (unsigned long)timeout);
		set_current_state(TASK_INTERRUPTIBLE);
		schedule_timeout(timeout);
		/* A woken task needs a CPU only for work it does: the wait for
		 * one shows in how late that work ends. */
		program_cpu(1, s->p->work);
		due += s->p->work;
		lateness = sim_now() > due ? sim_now() - due : 0;
		s->max_lateness = max(s->max_lateness, lateness);
		if (s->p->record)
			latency_log_add(&s->lat, sim_now(), lateness);
		s->c.loops++;
	}
	program_exit(w);
}

static int sleeper_start(struct workload *w)
{
	struct sleeper *s = xcalloc(1, sizeof(*s));

	w->state = s;
	s->p = w->params;
	latency_log_init(&s->lat, sim_now());
	program_spawn(w, sleeper_main, NULL);
	return 0;
}

static void sleeper_collect(struct workload *w, struct run_result *r)
{
	struct sleeper *s = w->state;

	if (s)
		latency_log_collect(&s->lat, r);
}

static void sleeper_release(struct workload *w)
{
	struct sleeper *s = w->state;

	if (!s)
		return;
	latency_log_free(&s->lat);
	free(s);
	w->state = NULL;
}

static const struct workload_ops sleeper_ops;

sim_time_t sleeper_max_lateness(const struct workload *w)
{
	const struct sleeper *s = w->state;

	return w->ops == &sleeper_ops && s ? s->max_lateness : 0;
}

#define SL(field) PARAM_FIELD(struct sleeper_params, field)

static const struct param_spec sleeper_params[] = {
	{ .key = "interval", .type = PARAM_TIME, .def = "100ms",
	  .min = NSEC_PER_USEC, .max = 3600 * NSEC_PER_SEC, SL(interval),
	  .doc = "sleep length (rounded up to jiffies, as msleep)" },
	{ .key = "count", .type = PARAM_INT, .def = "0", .min = 0,
	  .max = INT64_MAX, SL(count),
	  .doc = "sleeps, 0: until the run ends" },
	{ .key = "record", .type = PARAM_BOOL, .def = "on", SL(record),
	  .doc = "add each lateness to the run's latency samples (the series "
		 "gitk's progress lines go to)" },
	{ .key = "work", .type = PARAM_TIME, .def = "10us", .min = NSEC_PER_USEC,
	  .max = NSEC_PER_SEC, SL(work),
	  .doc = "CPU used at each wake-up; lateness is how much later than "
		 "expiry + work it is done (the wait for a CPU) [assumed]" },
};

static const struct workload_ops sleeper_ops = {
	.name = "sleeper",
	.summary = "sleeps and wakes; records wake-up lateness",
	.order = 70,
	.params = sleeper_params,
	.nr_params = ARRAY_SIZE(sleeper_params),
	.params_size = sizeof(struct sleeper_params),
	.start = sleeper_start,
	.collect = sleeper_collect,
	.release = sleeper_release,
};
WORKLOAD_REGISTER(sleeper_ops);
