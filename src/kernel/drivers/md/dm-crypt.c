// SPDX-License-Identifier: GPL-2.0
/*
 * The crypt target, as drivers/md/dm-crypt.c of 2.6.30, 2.6.31 and
 * 2.6.32-rc6 (their I/O paths are the same), and with Chris Mason's
 * "make crypto unplug fix V3" (<20091113125812.GB7891@think>, quoted in
 * full in <20091113173446.GL29804@csn.ul.ie>) when the profile has it
 * (kprofile.dm_crypt_io_path, patch 6 of the 2009 tables).
 *
 *   read:  crypt_map queues the io on kcryptd_io, which clones the bio
 *          onto the disk (may sleep in get_request_wait, sync list);
 *          the completion interrupt queues it on kcryptd, which decrypts
 *          (CPU) and ends the original bio.
 *   write: crypt_map queues the io on kcryptd, which copies the data
 *          into pages from the page pool, encrypts them (CPU) and submits
 *          the clone to the disk itself (may sleep in get_request_wait,
 *          async list); the completion interrupt returns the pages and
 *          ends the original bio.
 * Each workqueue is one task and serves its items in order, so a read
 * waiting to be decrypted queues behind writes being encrypted, and a
 * write behind reads.  Nothing unplugs the disk for a clone: a reader's
 * unplug that came while its bio still waited on kcryptd_io is lost, and
 * the clone waits for the plug timer (Chris Mason's "we miss the unplug
 * completely").
 *
 * With the patch: a third single-threaded queue, kcryptd_async_io.  An io
 * whose original bio has BIO_RW_SYNCIO goes to kcryptd_io, any other
 * (plain READs, swap-in and readahead included, and ordinary writes) to
 * kcryptd_async_io; kcryptd hands encrypted writes to these queues
 * instead of submitting them; and each of them unplugs the disk (through
 * the crypt device's backing_dev_info) after a submission that empties
 * the sync count, or the async count while no sync io waits.
 *
 * Memory, as crypt_ctr() sets it up: a dm_crypt_io per bio from io_pool
 * (MIN_IOS 16, cache "dm_crypt_io": 152 bytes on x86-64, 96 on x86), the
 * cipher request from req_pool (16 kmalloc'ed elements of
 * dmreq_start + sizeof(struct dm_crypt_request) + iv_size: 392 / 236
 * bytes for eseqiv(cbc(aes)) on SMP, docs/model.md "Mempools"; a
 * synchronous cipher keeps the one it took, cc->req), a page per 4 KiB
 * written from page_pool (MIN_POOL_PAGES 32) and the clones from the
 * target's bio_set (MIN_IOS).  crypt_map allocates the io in the
 * submitter's context with GFP_NOIO: kswapd or a direct reclaimer
 * writing swap sleeps there when the slab and the reserve are dry;
 * kcryptd sleeps in crypt_alloc_buffer for its pages and clones.
 */
#include <stdlib.h>
#include <string.h>
#include "linux/bug.h"
#include "dm.h"
#include "linux/mempool.h"
#include "linux/mmzone.h"
#include "linux/slab.h"
#include "linux/workqueue.h"
#include "mmsim/profile.h"
#include "metrics/metrics.h"
#include "util/xalloc.h"

#define MIN_IOS		16
#define MIN_POOL_PAGES	32
#define MIN_BIO_PAGES	8

struct crypt_config {
	struct block_device *dev;	/* the device underneath */
	sector_t start;			/* our sector 0 on dev */
	struct dm_crypt_params p;
	struct workqueue_struct *io_queue;	/* kcryptd_io */
	struct workqueue_struct *async_io_queue; /* kcryptd_async_io (patch) */
	struct workqueue_struct *crypt_queue;	/* kcryptd */
	/* The patch's counts of ios waiting on each io queue. */
	int sync_bios_in_queue, async_bios_in_queue;
	mempool_t *io_pool;		/* dm_crypt_io */
	mempool_t *req_pool;		/* cipher requests */
	mempool_t *page_pool;		/* the encrypted copies */
	struct bio_set *bs;		/* the clones */
	void *req;			/* cc->req: the request in use */
	struct dm_crypt_stats stats;
	struct list_head io_works;	/* queued crypt_io_works (patch) */
};

struct dm_crypt_io {
	struct crypt_config *cc;
	struct bio *base_bio;
	struct work_struct work;
	sector_t sector;		/* on the device underneath */
	int error;
	int pending;			/* clones and conversions in progress */
	/* mmsim: a read's wait on kcryptd for its decryption (below). */
	sim_time_t queued;
	unsigned long encrypted_mark;	/* cc->stats.pages_encrypted then */
};

static struct kmem_cache *_crypt_io_pool;

/*
 * mmsim's measure of the write pages every crypt device holds, taken
 * from its page pool by crypt_alloc_buffer() and given back when the
 * clone completes (crypt_free_buffer_pages()): unmovable pages, one per
 * 4 KiB written, in flight between kcryptd and the disk.  The peak, and
 * the mean over the run weighted by time.
 */
static struct {
	unsigned long now, peak;
	uint64_t page_ns;		/* integral of now over time */
	sim_time_t last, since;
} crypt_write_pages;

static void crypt_write_pages_add(long nr)
{
	sim_time_t t = sim_now();

	crypt_write_pages.page_ns += (uint64_t)crypt_write_pages.now *
				     (uint64_t)(t - crypt_write_pages.last);
	crypt_write_pages.last = t;
	crypt_write_pages.now = (unsigned long)((long)crypt_write_pages.now + nr);
	if (crypt_write_pages.now > crypt_write_pages.peak)
		crypt_write_pages.peak = crypt_write_pages.now;
}

static void collect_crypt_write_pages(struct run_result *r)
{
	sim_time_t span;

	crypt_write_pages_add(0);
	span = crypt_write_pages.last - crypt_write_pages.since;
	result_set_uint(r, "crypt_write_pages_peak", crypt_write_pages.peak);
	if (span)
		result_set_real(r, "crypt_write_pages_mean",
				(double)crypt_write_pages.page_ns / (double)span);
}

static struct measure crypt_write_pages_peak_measure = {
	.name = "crypt_write_pages_peak", .doc = "the most dm-crypt write "
	"pages (unmovable, from the page pool or the allocator) in flight "
	"at once, every crypt device",
	.unit = "pages", .kind = MEASURE_GAUGE,
	.aggregate = AGGREGATE_MEAN_STDDEV, .json = "crypt_write_pages_peak",
	.csv = "crypt_write_pages_peak", .type = MT_UINT,
	.flags = MF_OMIT_EMPTY, .collect = collect_crypt_write_pages,
};
MEASURE_REGISTER(crypt_write_pages_peak_measure);

static struct measure crypt_write_pages_mean_measure = {
	.name = "crypt_write_pages_mean", .doc = "dm-crypt write pages in "
	"flight, mean over the run weighted by time, every crypt device",
	.unit = "pages", .kind = MEASURE_GAUGE,
	.aggregate = AGGREGATE_MEAN_STDDEV, .json = "crypt_write_pages_mean",
	.csv = "crypt_write_pages_mean", .type = MT_REAL,
	.flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(crypt_write_pages_mean_measure);

MEASURE_SHOWN(crypt_peak, .name = "crypt-pages-peak", .order = 350,
	.doc = "the most dm-crypt write pages in flight at once",
	.unit = "pages", .kind = MEASURE_GAUGE, .of = "crypt_write_pages_peak",
	.title = "dm-crypt write pages in flight, peak",
	.group = "dm-crypt writes", .precision = 2);

MEASURE_SHOWN(crypt_mean, .name = "crypt-pages-mean", .order = 360,
	.doc = "dm-crypt write pages in flight, mean over the run",
	.unit = "pages", .kind = MEASURE_GAUGE, .of = "crypt_write_pages_mean",
	.title = "dm-crypt write pages in flight, mean",
	.group = "dm-crypt writes", .precision = 2);

/*
 * mmsim's measure of the reads' wait on kcryptd: from the clone's
 * completion, which queues the io on kcryptd (crypt_endio ->
 * kcryptd_queue_crypt), to the start of its decryption.  kcryptd is one
 * thread for reads and writes alike in 2.6.30-2.6.32-rc6, so the wait is
 * what writes queued before the read (and the CPU) cost it; the write
 * pages kcryptd encrypted meanwhile say how much of it was writes.
 * Swap-ins (the bio's first page in the swap cache) are counted apart
 * as well: they are what a faulting task waits for.
 */
enum { CRW_ALL, CRW_SWAPIN, NR_CRW };

static struct crypt_read_wait {
	uint64_t reads, wait_ns, wait_max_ns, write_pages;
} crypt_read_wait[NR_CRW];

static void crypt_read_wait_account(struct dm_crypt_io *io)
{
	struct bio *bio = io->base_bio;
	uint64_t waited = (uint64_t)(sim_now() - io->queued);
	uint64_t writes = io->cc->stats.pages_encrypted - io->encrypted_mark;
	bool swapin = bio->bi_vcnt && PageSwapCache(bio->bi_io_vec[0]);

	for (int k = CRW_ALL; k < NR_CRW; k++) {
		struct crypt_read_wait *w = &crypt_read_wait[k];

		if (k == CRW_SWAPIN && !swapin)
			break;
		w->reads++;
		w->wait_ns += waited;
		if (waited > w->wait_max_ns)
			w->wait_max_ns = waited;
		w->write_pages += writes;
	}
}

static void collect_crypt_read_wait(struct run_result *r)
{
	static const char *const names[NR_CRW][4] = {
		{ "crypt_read_waits", "crypt_read_wait", "crypt_read_wait_max",
		  "crypt_read_wait_write_pages" },
		{ "crypt_swapin_waits", "crypt_swapin_wait", "crypt_swapin_wait_max",
		  "crypt_swapin_wait_write_pages" },
	};

	for (int k = CRW_ALL; k < NR_CRW; k++) {
		result_set_uint(r, names[k][0], crypt_read_wait[k].reads);
		result_set_uint(r, names[k][1], crypt_read_wait[k].wait_ns);
		result_set_uint(r, names[k][2], crypt_read_wait[k].wait_max_ns);
		result_set_uint(r, names[k][3], crypt_read_wait[k].write_pages);
	}
}

MEASURE_UINT(crypt_read_waits, "crypt_read_waits", "crypt_read_waits",
	"dm-crypt reads decrypted on kcryptd, every crypt device", "reads",
	MEASURE_COUNTER, .collect = collect_crypt_read_wait);
MEASURE_UINT(crypt_read_wait, "crypt_read_wait", "crypt_read_wait_ns",
	"time dm-crypt reads waited on kcryptd between the disk's completion "
	"and their decryption, summed", "ns", MEASURE_COUNTER);
MEASURE_UINT(crypt_read_wait_max, "crypt_read_wait_max",
	"crypt_read_wait_max_ns", "the longest wait of a dm-crypt read on "
	"kcryptd before its decryption", "ns", MEASURE_GAUGE);
MEASURE_UINT(crypt_read_wait_write_pages, "crypt_read_wait_write_pages",
	"crypt_read_wait_write_pages", "write pages kcryptd encrypted while "
	"each dm-crypt read waited, summed over the reads", "pages",
	MEASURE_COUNTER);
MEASURE_UINT(crypt_swapin_waits, "crypt_swapin_waits",
	"crypt_swapin_waits", "dm-crypt reads of swap-cache pages (swap-ins) "
	"decrypted on kcryptd", "reads", MEASURE_COUNTER);
MEASURE_UINT(crypt_swapin_wait, "crypt_swapin_wait",
	"crypt_swapin_wait_ns", "time swap-in reads waited on kcryptd before "
	"their decryption, summed", "ns", MEASURE_COUNTER);
MEASURE_UINT(crypt_swapin_wait_max, "crypt_swapin_wait_max",
	"crypt_swapin_wait_max_ns", "the longest wait of a swap-in read on "
	"kcryptd", "ns", MEASURE_GAUGE);
MEASURE_UINT(crypt_swapin_wait_write_pages,
	"crypt_swapin_wait_write_pages", "crypt_swapin_wait_write_pages",
	"write pages kcryptd encrypted while each swap-in read waited, summed",
	"pages", MEASURE_COUNTER);

/* dm_crypt_init(): KMEM_CACHE(dm_crypt_io, 0), at module init. */
void dm_crypt_init(void)
{
	bool x86 = sim_arch && sim_arch->arch == ARCH_X86;

	memset(&crypt_write_pages, 0, sizeof(crypt_write_pages));
	memset(crypt_read_wait, 0, sizeof(crypt_read_wait));
	crypt_write_pages.last = crypt_write_pages.since = sim_now();

	_crypt_io_pool = kmem_cache_create_host("dm_crypt_io", x86 ? 96 : 152,
						x86 ? 4 : 8, 0, NULL,
						sizeof(struct dm_crypt_io));
}

/* ---- ios -------------------------------------------------------------- */

/*
 * crypt_dec_pending(): the last reference gives the io back to its pool,
 * then ends the bio dm core handed us.
 */
static void crypt_dec_pending(struct dm_crypt_io *io)
{
	struct crypt_config *cc = io->cc;
	struct bio *base_bio = io->base_bio;
	int error = io->error;

	if (--io->pending)
		return;
	mempool_free(io, cc->io_pool);
	bio_endio(base_bio, error);
}

static void kcryptd_io(struct work_struct *work);
static void kcryptd_crypt(struct work_struct *work);

/*
 * One submission for an io queue under the patch: the io, and for a
 * write the clone to send (the patch keeps it in io->ctx.bio_out and
 * queues io->work, which a write split by a page shortage would queue
 * twice; mmsim gives each clone its own item, as the patch means it).
 */
struct crypt_io_work {
	struct work_struct work;
	struct dm_crypt_io *io;
	struct bio *clone;		/* NULL: a read, cloned when it runs */
	struct list_head node;		/* crypt_config.io_works */
};

static bool dm_crypt_unplug_fix(void)
{
	return kprofile_get(dm_crypt_io_path) == DM_CRYPT_IO_UNPLUG_V3;
}

/* The patch's test: the original bio's BIO_RW_SYNCIO bit only. */
static bool crypt_io_is_sync(const struct dm_crypt_io *io)
{
	return bio_rw_flagged(io->base_bio, BIO_RW_SYNCIO);
}

static void kcryptd_io_patched(struct work_struct *work);

static void kcryptd_queue_io_clone(struct dm_crypt_io *io, struct bio *clone)
{
	struct crypt_config *cc = io->cc;
	/* [MODEL] Host memory: the patch's io->work is in the dm_crypt_io. */
	struct crypt_io_work *w = xcalloc(1, sizeof(*w));

	w->io = io;
	w->clone = clone;
	list_add_tail(&w->node, &cc->io_works);
	INIT_WORK(&w->work, kcryptd_io_patched);
	if (crypt_io_is_sync(io)) {
		cc->sync_bios_in_queue++;
		queue_work(cc->io_queue, &w->work);
	} else {
		cc->async_bios_in_queue++;
		queue_work(cc->async_io_queue, &w->work);
	}
}

static void kcryptd_queue_io(struct dm_crypt_io *io)
{
	if (dm_crypt_unplug_fix()) {
		kcryptd_queue_io_clone(io, NULL);
		return;
	}
	INIT_WORK(&io->work, kcryptd_io);
	queue_work(io->cc->io_queue, &io->work);
}

static void kcryptd_queue_crypt(struct dm_crypt_io *io)
{
	INIT_WORK(&io->work, kcryptd_crypt);
	queue_work(io->cc->crypt_queue, &io->work);
}

/* crypt_free_buffer_pages(): the encrypted copies back to the pool. */
static void crypt_free_buffer_pages(struct crypt_config *cc, struct bio *clone)
{
	for (unsigned int i = 0; i < clone->bi_vcnt; i++) {
		mempool_free(clone->bi_io_vec[i], cc->page_pool);
		clone->bi_io_vec[i] = NULL;
	}
	crypt_write_pages_add(-(long)clone->bi_vcnt);
}

/* Completion of a clone on the disk, in interrupt context. */
static void crypt_endio(struct bio *clone, int error)
{
	struct dm_crypt_io *io = clone->bi_private;
	struct crypt_config *cc = io->cc;
	int rw = bio_data_dir(clone);

	if (rw == WRITE)
		crypt_free_buffer_pages(cc, clone);
	bio_put(clone);
	if (rw == READ && !error) {
		io->queued = sim_now();
		io->encrypted_mark = cc->stats.pages_encrypted;
		kcryptd_queue_crypt(io);	/* decrypt on kcryptd */
		return;
	}
	if (error)
		io->error = error;
	crypt_dec_pending(io);
}

/* dm_crypt_bio_destructor(): a clone goes back to the target's bio_set. */
static void dm_crypt_bio_destructor(struct bio *bio)
{
	struct dm_crypt_io *io = bio->bi_private;

	bio_free(bio, io->cc->bs);
}

static struct bio *clone_init(struct dm_crypt_io *io, struct bio *clone)
{
	clone->bi_private = io;
	clone->bi_end_io = crypt_endio;
	clone->bi_bdev = io->cc->dev;
	clone->bi_rw = io->base_bio->bi_rw;
	clone->bi_destructor = dm_crypt_bio_destructor;
	clone->bi_submit_time = io->base_bio->bi_submit_time;
	return clone;
}

/*
 * kcryptd_io_read(): a clone of the read, from the target's bio_set
 * (bio_segments(base_bio) vecs, copied: the pages are shared), to the disk.
 */
static void kcryptd_io_read(struct dm_crypt_io *io)
{
	struct bio *base_bio = io->base_bio;
	struct bio *clone;

	io->pending++;
	clone = bio_alloc_bioset(GFP_NOIO, base_bio->bi_vcnt, io->cc->bs);
	clone_init(io, clone);
	clone->bi_vcnt = base_bio->bi_vcnt;
	memcpy(clone->bi_io_vec, base_bio->bi_io_vec,
	       sizeof(clone->bi_io_vec[0]) * clone->bi_vcnt);
	clone->bi_sector = io->sector;
	generic_make_request(clone);
}

static void kcryptd_io(struct work_struct *work)
{
	struct dm_crypt_io *io = container_of(work, struct dm_crypt_io, work);

	/* 2.6.32 submits writes here only for async cipher drivers. */
	kcryptd_io_read(io);
}

/*
 * The patch's kcryptd_io(), for both io queues: count the io out, submit
 * it, and unplug the disk when this emptied the sync queue, or the async
 * queue while no sync io waits.
 */
static void kcryptd_io_patched(struct work_struct *work)
{
	struct crypt_io_work *w = container_of(work, struct crypt_io_work, work);
	struct dm_crypt_io *io = w->io;
	struct crypt_config *cc = io->cc;
	struct bio *clone = w->clone;
	bool was_sync = crypt_io_is_sync(io), zero_sync = false;
	bool zero_async = false;
	struct block_device *bdev = io->base_bio->bi_bdev;

	if (was_sync)
		zero_sync = --cc->sync_bios_in_queue == 0;
	else
		zero_async = --cc->async_bios_in_queue == 0;
	list_del(&w->node);
	free(w);
	if (!clone)
		kcryptd_io_read(io);
	else
		generic_make_request(clone);	/* kcryptd_io_write */
	if ((was_sync && zero_sync) ||
	    (!was_sync && zero_async && cc->sync_bios_in_queue == 0))
		blk_run_backing_dev(blk_get_backing_dev_info(bdev), NULL);
}

/*
 * crypt_alloc_buffer: up to @nr pool pages; the first min_bio_pages may
 * wait, after that a shortage returns a partial clone and sets
 * *out_of_pages so the caller submits it and naps.
 */
static struct bio *crypt_alloc_buffer(struct dm_crypt_io *io, unsigned int nr,
				      bool *out_of_pages)
{
	struct crypt_config *cc = io->cc;
	gfp_t gfp_mask = GFP_NOIO | __GFP_HIGHMEM;
	struct bio *clone = bio_alloc_bioset(GFP_NOIO, nr, cc->bs);

	clone_init(io, clone);
	*out_of_pages = false;
	for (unsigned int i = 0; i < nr; i++) {
		struct page *page = mempool_alloc(cc->page_pool, gfp_mask);

		if (!page) {
			*out_of_pages = true;
			break;
		}
		/*
		 * If more pages cannot be had without waiting, return a
		 * partial clone: the caller submits it and asks again.
		 */
		if (i == cc->p.min_bio_pages - 1)
			gfp_mask = (gfp_mask | __GFP_NOWARN) & ~__GFP_WAIT;
		if (!bio_add_page(clone, page)) {
			mempool_free(page, cc->page_pool);
			break;
		}
	}
	if (!clone->bi_vcnt) {
		bio_put(clone);
		return NULL;
	}
	crypt_write_pages_add((long)clone->bi_vcnt);
	return clone;
}

static void kcryptd_crypt_write_convert(struct dm_crypt_io *io)
{
	struct crypt_config *cc = io->cc;
	unsigned int remaining = io->base_bio->bi_vcnt;
	sector_t sector = io->sector;

	io->pending++;		/* held while converting */
	while (remaining) {
		bool out_of_pages;
		struct bio *clone = crypt_alloc_buffer(io, remaining,
						       &out_of_pages);

		if (!clone) {
			io->error = -12;	/* -ENOMEM */
			break;
		}
		/*
		 * crypt_convert -> crypt_alloc_req: the cipher request, taken
		 * once (a synchronous cipher gives it back to nobody).
		 */
		if (!cc->req)
			cc->req = mempool_alloc(cc->req_pool, GFP_NOIO);
		/* Encrypt into the new pages: one CPU cost per page. */
		cpu_consume(clone->bi_vcnt * cc->p.ns_per_page);
		cc->stats.pages_encrypted += clone->bi_vcnt;
		clone->bi_sector = sector;
		sector += bio_sectors(clone);
		remaining -= clone->bi_vcnt;
		io->pending++;
		/*
		 * kcryptd_crypt_write_io_submit(io, r, 0) submits here; the
		 * patch passes async = 1, so the clone goes through the io
		 * queues.
		 */
		if (dm_crypt_unplug_fix())
			kcryptd_queue_io_clone(io, clone);
		else
			generic_make_request(clone);
		/*
		 * Out of memory: let the disk catch up.  BLK_RW_ASYNC since
		 * 8aa7e847 (2.6.31), WRITE = the SYNC queue in 2.6.30.
		 */
		if (out_of_pages) {
			cc->stats.partial_clones++;
			cc->stats.congestion_waits++;
			congestion_wait(kprofile_get(cw_writeback), HZ / 100);
		}
	}
	crypt_dec_pending(io);
}

static void kcryptd_crypt_read_convert(struct dm_crypt_io *io)
{
	struct crypt_config *cc = io->cc;
	unsigned int nr = io->base_bio->bi_vcnt;

	crypt_read_wait_account(io);
	/* Decrypt in place: one CPU cost per page. */
	cpu_consume(nr * cc->p.ns_per_page);
	cc->stats.pages_decrypted += nr;
	crypt_dec_pending(io);		/* the read clone's reference */
}

static void kcryptd_crypt(struct work_struct *work)
{
	struct dm_crypt_io *io = container_of(work, struct dm_crypt_io, work);

	if (bio_data_dir(io->base_bio) == READ)
		kcryptd_crypt_read_convert(io);
	else
		kcryptd_crypt_write_convert(io);
}

static struct dm_crypt_io *crypt_io_alloc(struct crypt_config *cc,
					  struct bio *bio, sector_t sector)
{
	struct dm_crypt_io *io = mempool_alloc(cc->io_pool, GFP_NOIO);

	io->cc = cc;
	io->base_bio = bio;
	io->sector = sector;
	io->error = 0;
	io->pending = 0;
	return io;
}

/* Reads go to kcryptd_io first, writes to kcryptd. */
static int crypt_map(struct dm_target *ti, struct bio *bio)
{
	struct crypt_config *cc = ti->private;
	struct dm_crypt_io *io = crypt_io_alloc(cc, bio,
						cc->start + bio->bi_sector);

	if (bio_data_dir(bio) == READ) {
		cc->stats.read_bios++;
		kcryptd_queue_io(io);
	} else {
		cc->stats.write_bios++;
		kcryptd_queue_crypt(io);
	}
	return DM_MAPIO_SUBMITTED;
}

static void crypt_dtr(struct dm_target *ti)
{
	struct crypt_config *cc = ti->private;
	struct crypt_io_work *w, *next;

	destroy_workqueue(cc->io_queue);
	if (cc->async_io_queue)
		destroy_workqueue(cc->async_io_queue);
	destroy_workqueue(cc->crypt_queue);
	/* Ios, clones and their pages still queued or in flight are slab
	 * objects and pages of a machine about to go. */
	list_for_each_entry_safe(w, next, &cc->io_works, node)
		free(w);
	if (cc->req)
		mempool_free(cc->req, cc->req_pool);
	mempool_destroy(cc->io_pool);
	mempool_destroy(cc->req_pool);
	mempool_destroy(cc->page_pool);
	bioset_free(cc->bs);
	free(cc);
}

static const struct target_type crypt_target = {
	.name = "crypt",
	.map = crypt_map,
	.dtr = crypt_dtr,
};

void dm_crypt_default_params(struct dm_crypt_params *p)
{
	*p = (struct dm_crypt_params) {
		.ns_per_page = 50 * NSEC_PER_USEC,
		.pool_pages = MIN_POOL_PAGES,
		.min_bio_pages = MIN_BIO_PAGES,
		.min_ios = MIN_IOS,
	};
}

/* crypt_ctr, with the table line's cipher and key left out. */
struct block_device *dm_crypt_create(const char *name,
				     struct block_device *dev,
				     sector_t start, sector_t len,
				     const struct dm_crypt_params *p)
{
	struct mapped_device *md = alloc_dev(name, dev, start, len,
					     &crypt_target);
	struct crypt_config *cc = xcalloc(1, sizeof(*cc));

	if (p)
		cc->p = *p;
	else
		dm_crypt_default_params(&cc->p);
	if (!cc->p.min_bio_pages)
		cc->p.min_bio_pages = 1;
	cc->dev = dev;
	cc->start = start;
	md->ti.private = cc;
	INIT_LIST_HEAD(&cc->io_works);
	BUG_ON(!_crypt_io_pool);
	cc->io_pool = mempool_create_slab_pool((int)cc->p.min_ios, _crypt_io_pool);
	mempool_set_name(cc->io_pool, "%s crypt io", name);
	/*
	 * dmreq_start (sizeof(struct ablkcipher_request) 80 / 40 plus the
	 * eseqiv request context 224 / 136, aligned to 8) + struct
	 * dm_crypt_request 72 / 44 + iv_size 16: 392 / 236 bytes.
	 */
	cc->req_pool = mempool_create_kmalloc_pool((int)cc->p.min_ios,
		sim_arch && sim_arch->arch == ARCH_X86 ? 236 : 392);
	mempool_set_name(cc->req_pool, "%s crypt req", name);
	cc->req = NULL;
	cc->page_pool = mempool_create_page_pool((int)cc->p.pool_pages, 0);
	mempool_set_name(cc->page_pool, "%s crypt pages", name);
	cc->bs = bioset_create(cc->p.min_ios, 0);
	mempool_set_name(cc->bs->bio_pool, "%s crypt bio", name);
	mempool_set_name(cc->bs->bvec_pool, "%s crypt biovec", name);
	/* Kernel thread names as ps shows them; the patch makes its queue
	 * first (crypt_ctr). */
	if (dm_crypt_unplug_fix())
		cc->async_io_queue =
			create_singlethread_workqueue("kcryptd_async_io");
	cc->io_queue = create_singlethread_workqueue("kcryptd_io");
	cc->crypt_queue = create_singlethread_workqueue("kcryptd");
	return &md->bdev;
}

/* The crypt target's context behind @bdev, or NULL for another target. */
static struct crypt_config *bdev_to_cc(struct block_device *bdev)
{
	struct mapped_device *md = dm_bdev_to_md(bdev);

	return md->ti.type == &crypt_target ? md->ti.private : NULL;
}

const struct dm_crypt_stats *dm_crypt_get_stats(struct block_device *bdev)
{
	struct crypt_config *cc = bdev_to_cc(bdev);

	if (!cc)
		return NULL;
	/* What the page pool counted, as of now. */
	cc->stats.pages_allocated = cc->page_pool->nr_from_alloc;
	cc->stats.pool_pages = cc->page_pool->nr_from_reserve;
	cc->stats.pool_waits = cc->page_pool->nr_waits;
	cc->stats.pool_free = (unsigned long)cc->page_pool->curr_nr;
	return &cc->stats;
}

struct task_struct *dm_crypt_kcryptd(struct block_device *bdev)
{
	struct crypt_config *cc = bdev_to_cc(bdev);

	return cc ? workqueue_task(cc->crypt_queue) : NULL;
}

struct task_struct *dm_crypt_kcryptd_io(struct block_device *bdev)
{
	struct crypt_config *cc = bdev_to_cc(bdev);

	return cc ? workqueue_task(cc->io_queue) : NULL;
}

struct task_struct *dm_crypt_kcryptd_async_io(struct block_device *bdev)
{
	struct crypt_config *cc = bdev_to_cc(bdev);

	return cc && cc->async_io_queue ?
	       workqueue_task(cc->async_io_queue) : NULL;
}
