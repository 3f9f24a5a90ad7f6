// SPDX-License-Identifier: GPL-2.0
/*
 * The page cache: readahead's window growth and its large sync reads,
 * sequential read bandwidth, cached reads and mark_page_accessed, writes
 * over existing data, truncate and unlink, and the I/O counters.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "wb_machine.h"
#include "hw/disk.h"
#include "linux/mm.h"

struct reader {
	struct inode *inode;
	loff_t size;
	unsigned long chunk;		/* bytes per read() */
	bool random;			/* read chunks at scattered offsets */
	unsigned int passes;
	sim_time_t start, end;
	long bytes;
};

static void reader_fn(void *arg)
{
	struct reader *r = arg;
	struct file *file = filp_open(r->inode, FMODE_READ);

	r->start = sim_now();
	for (unsigned int pass = 0; pass < r->passes; pass++) {
		for (loff_t pos = 0; pos < r->size; pos += (loff_t)r->chunk) {
			loff_t at = pos;
			long n;

			if (r->random)	/* a stride of 97 chunks visits every chunk once */
				at = (loff_t)((pos / (loff_t)r->chunk * 97) %
					      (r->size / (loff_t)r->chunk)) * (loff_t)r->chunk;
			n = vfs_read(file, at, r->chunk);
			if (n <= 0)
				break;
			r->bytes += n;
		}
	}
	r->end = sim_now();
	fput(file);
}

static struct reader *start_reader(struct reader *r)
{
	kthread_run(reader_fn, r, "reader", DEFAULT_PRIO);
	return r;
}

/*
 * 16 KiB reads of a new file: the first window is get_init_ra_size(4, 32)
 * = 8 pages (4 rounded up, <= 32/4, doubled); each marker hit then ramps
 * it by get_next_ra_size: 8 -> 16 (x2, since 8 >= 32/16) -> 32 -> 32.
 */
static void test_readahead_window_ramps_up_to_128k(void **state)
{
	struct reader r = { .size = 8 * MiB, .chunk = 16384, .passes = 1 };

	(void)state;
	machine_boot(64, 1, "2.6.32-rc6", false);
	r.inode = ext3_create(sb, "log", r.size);
	start_reader(&r);
	run_for(10 * NSEC_PER_SEC);
	assert_int_equal(r.bytes, (long)r.size);
	assert_int_equal(ra_stats.first_sizes[0], 8);
	assert_int_equal(ra_stats.first_sizes[1], 16);
	assert_int_equal(ra_stats.first_sizes[2], 32);
	assert_int_equal(ra_stats.first_sizes[3], 32);
	assert_int_equal(ra_stats.max_size, 32);
	/* One sync window, then marker hits only: 8 MiB / 128 KiB = 64 windows at most. */
	assert_int_equal(ra_stats.sync_windows, 1);
	assert_true(ra_stats.async_windows >= 60);
	/* The windows are single READ bios of up to 32 pages (128 KiB). */
	assert_int_equal(sb->s_max_read_bio_pages, 32);
	assert_int_equal(sb->s_read_pages, r.size / PAGE_SIZE);
	assert_true(sb->s_read_bios <= r.size / PAGE_SIZE / 32 + 3);
	machine_shutdown();
}

/*
 * A sequential reader of 32 MiB on the default disk (80 MB/s sequential):
 * the transfer alone takes 32 MiB / 80 MB/s = 0.419 s.  Readahead keeps
 * requests queued ahead of the reader, so it finishes within 10% of that
 * (what remains: the first window's wait, 50 us of command overhead per
 * 128 KiB request, the copies at 1 us per page).
 */
static void test_sequential_read_near_device_bandwidth(void **state)
{
	struct reader r = { .size = 32 * MiB, .chunk = 65536, .passes = 1 };
	struct disk_params dp;
	double ideal, took;

	(void)state;
	machine_boot(128, 1, "2.6.32-rc6", false);
	disk_default_params(&dp);
	r.inode = ext3_create(sb, "big", r.size);
	start_reader(&r);
	run_for(10 * NSEC_PER_SEC);
	assert_int_equal(r.bytes, (long)r.size);
	ideal = (double)r.size / (double)dp.read_bps;
	took = (double)(r.end - r.start) / 1e9;
	print_message("read %lu MiB in %.3f s, ideal %.3f s\n", r.size / MiB,
		      took, ideal);
	assert_true(took >= ideal);
	assert_true(took <= 1.10 * ideal);
	/* pgpgin counts KiB at submission. */
	assert_int_equal(vm_events[PGPGIN], r.size / 1024);
	machine_shutdown();
}

/*
 * The same read through dm-crypt (2 CPUs): every page is decrypted by
 * the one kcryptd task at 50 us per page, 8192 x 50 us = 0.410 s of CPU,
 * next to the disk's 0.419 s.  Readahead keeps both busy at once, so the
 * read takes no less than either and well under their sum.
 */
static void test_sequential_read_through_dm_crypt(void **state)
{
	struct reader r = { .size = 32 * MiB, .chunk = 65536, .passes = 1 };
	struct disk_params dp;
	struct dm_crypt_params cp;
	double disk_s, crypt_s, took;

	(void)state;
	machine_crypt = true;
	machine_boot(128, 2, "2.6.32-rc6", false);
	disk_default_params(&dp);
	dm_crypt_default_params(&cp);
	r.inode = ext3_create(sb, "big", r.size);
	start_reader(&r);
	run_for(10 * NSEC_PER_SEC);
	assert_int_equal(r.bytes, (long)r.size);
	disk_s = (double)r.size / (double)dp.read_bps;
	crypt_s = (double)(r.size / PAGE_SIZE) * (double)cp.ns_per_page / 1e9;
	took = (double)(r.end - r.start) / 1e9;
	print_message("read %lu MiB through dm-crypt in %.3f s (disk %.3f s, crypt %.3f s)\n",
		      r.size / MiB, took, disk_s, crypt_s);
	assert_int_equal(dm_crypt_get_stats(crypt)->pages_decrypted, r.size / PAGE_SIZE);
	assert_true(took >= disk_s && took >= crypt_s);
	assert_true(took <= 0.75 * (disk_s + crypt_s));
	machine_shutdown();
}

/*
 * Random 4 KiB reads get no readahead beyond what was asked: every read is
 * a one-page bio, and the readahead state never builds a window.
 */
static void test_random_reads_read_only_what_is_asked(void **state)
{
	struct reader r = { .size = 4 * MiB, .chunk = 4096, .passes = 1,
			    .random = true };

	(void)state;
	machine_boot(64, 1, "2.6.32-rc6", false);
	r.inode = ext3_create(sb, "db", r.size);
	start_reader(&r);
	run_for(30 * NSEC_PER_SEC);
	assert_int_equal(r.bytes, (long)r.size);
	assert_int_equal(sb->s_read_pages, r.size / PAGE_SIZE);
	/* Reads at 0 and at one chunk after another sequential one may open
	 * windows; the rest are single pages. */
	assert_true(sb->s_max_read_bio_pages <= 8);
	assert_true(sb->s_read_bios >= r.size / PAGE_SIZE - 16);
	machine_shutdown();
}

struct interleaved {
	struct inode *inode;
	loff_t half;
	long bytes;
};

/*
 * Two streams on ONE open file, alternating 16 KiB reads at 0 and at
 * half the file: each read breaks the other's readahead state, yet the
 * marker hits ("no valid state": size from the cached pages ahead) and
 * the history behind a miss (try_context_readahead) keep both streams in
 * large windows, and no page is read twice.
 */
static void interleaved_fn(void *arg)
{
	struct interleaved *t = arg;
	struct file *file = filp_open(t->inode, FMODE_READ);

	for (loff_t pos = 0; pos < t->half; pos += 16384) {
		t->bytes += vfs_read(file, pos, 16384);
		t->bytes += vfs_read(file, t->half + pos, 16384);
	}
	fput(file);
}

static void test_interleaved_streams_keep_large_windows(void **state)
{
	struct interleaved t = { .half = 4 * MiB };

	(void)state;
	machine_boot(64, 1, "2.6.32-rc6", false);
	t.inode = ext3_create(sb, "two", 2 * t.half);
	kthread_run(interleaved_fn, &t, "reader", DEFAULT_PRIO);
	run_for(10 * NSEC_PER_SEC);
	assert_int_equal(t.bytes, 2 * (long)t.half);
	assert_int_equal(sb->s_read_pages, 2 * t.half / PAGE_SIZE);
	/*
	 * A window that would hit its own marker at once absorbs the next
	 * one (ondemand_readahead's readit merge), so up to 2 x 32 pages.
	 */
	assert_true(sb->s_max_read_bio_pages >= 32);
	assert_true(sb->s_max_read_bio_pages <= 64);
	/* 2048 pages in 32-page windows is 64 bios; ramp-up and restarts add a few. */
	assert_true(sb->s_read_bios <= 64 + 16);
	machine_shutdown();
}

/*
 * A file opened for random access (posix_fadvise RANDOM) reads exactly
 * the pages asked for, even sequentially.
 */
static void random_mode_fn(void *arg)
{
	struct reader *r = arg;
	struct file *file = filp_open(r->inode, FMODE_READ | FMODE_RANDOM);

	for (loff_t pos = 0; pos < r->size; pos += (loff_t)r->chunk)
		r->bytes += vfs_read(file, pos, r->chunk);
	fput(file);
}

static void test_fmode_random_disables_readahead(void **state)
{
	struct reader r = { .size = 1 * MiB, .chunk = 4096 };

	(void)state;
	machine_boot(64, 1, "2.6.32-rc6", false);
	r.inode = ext3_create(sb, "rand", r.size);
	kthread_run(random_mode_fn, &r, "reader", DEFAULT_PRIO);
	run_for(10 * NSEC_PER_SEC);
	assert_int_equal(r.bytes, (long)r.size);
	assert_int_equal(sb->s_read_bios, 256);
	assert_int_equal(sb->s_max_read_bio_pages, 1);
	assert_int_equal(ra_stats.windows, 0);
	machine_shutdown();
}

/*
 * A second pass finds every page cached (no new I/O) and activates it:
 * the first pass set PG_referenced, the second's mark_page_accessed moves
 * each page on the inactive list to the active list.  The last
 * pages % PAGEVEC_SIZE pages (512 % 14 = 8) still wait in the CPU's
 * pagevec, on no list, and stay as they are (2.6.32 mark_page_accessed
 * activates only PageLRU pages); a drain puts them on the inactive list.
 */
static void test_cached_reread_activates_without_io(void **state)
{
	struct reader r = { .size = 2 * MiB, .chunk = 4096, .passes = 2 };
	unsigned long pages = 2 * MiB / PAGE_SIZE;
	unsigned long waiting = pages % PAGEVEC_SIZE;

	(void)state;
	machine_boot(64, 1, "2.6.32-rc6", false);
	r.inode = ext3_create(sb, "hot", r.size);
	start_reader(&r);
	run_for(10 * NSEC_PER_SEC);
	assert_int_equal(r.bytes, 2 * (long)r.size);
	assert_int_equal(vm_events[PGPGIN], 2 * MiB / 1024);
	assert_int_equal(vm_events[PGACTIVATE], pages - waiting);
	assert_int_equal(global_page_state(NR_ACTIVE_FILE), pages - waiting);
	assert_int_equal(global_page_state(NR_INACTIVE_FILE), 0);
	assert_int_equal(global_page_state(NR_FILE_PAGES), pages);
	assert_int_equal(pagevec_count(lru_add_pvec(0, LRU_INACTIVE_FILE)),
			 waiting);
	lru_add_drain();
	assert_int_equal(global_page_state(NR_INACTIVE_FILE), waiting);
	machine_shutdown();
}

struct mapper {
	struct inode *inode;
	unsigned long pages;
	bool stride;			/* every 64th page only */
	unsigned long faults_failed;
};

static void mapper_fn(void *arg)
{
	struct mapper *m = arg;
	struct mm_struct *mm = mm_alloc();
	unsigned long addr = do_mmap_file(mm, m->inode->i_mapping, 0,
					  m->pages * PAGE_SIZE, VM_READ);

	for (unsigned long i = 0; i < m->pages; i += m->stride ? 64 : 1)
		if (access_user_page(mm, addr + i * PAGE_SIZE, false) &
		    (VM_FAULT_OOM | VM_FAULT_SIGBUS))
			m->faults_failed++;
	do_munmap(mm, addr);
	mmput(mm);
}

/*
 * Touching a mapped 4 MiB file page by page: the first fault (page 0,
 * "sequential" since prev_pos starts at -1) opens a 32-page window and
 * merges the next into it (64 pages, marker at 32); every later window
 * starts from a marker hit on a cached page.  One major fault in all.
 */
static void test_mmap_sequential_faults_read_ahead(void **state)
{
	struct mapper m = { .pages = 1024 };

	(void)state;
	machine_boot(64, 1, "2.6.32-rc6", false);
	m.inode = ext3_create(sb, "pack", 4 * MiB);
	kthread_run(mapper_fn, &m, "gitk", DEFAULT_PRIO);
	run_for(5 * NSEC_PER_SEC);
	assert_int_equal(m.faults_failed, 0);
	assert_int_equal(vm_events[PGMAJFAULT], 1);
	assert_int_equal(sb->s_read_pages, 1024);
	assert_int_equal(ra_stats.first_sizes[0], 64);
	assert_int_equal(ra_stats.first_sizes[1], 32);
	machine_shutdown();
}

/*
 * Touching every 64th page: each fault misses and reads the 32 pages
 * around it, 16 before and 16 from it (read-around, async_size 0: no
 * markers); 16 faults, 16 major.  Pages read: 64 for the first fault (at
 * page 0, "sequential"), 16 for the one at page 64 (48..63 are cached),
 * then 32 for each of the other 14: 64 + 16 + 14 x 32 = 528.
 */
static void test_mmap_scattered_faults_read_around(void **state)
{
	struct mapper m = { .pages = 1024, .stride = true };

	(void)state;
	machine_boot(64, 1, "2.6.32-rc6", false);
	m.inode = ext3_create(sb, "pack", 4 * MiB);
	kthread_run(mapper_fn, &m, "gitk", DEFAULT_PRIO);
	run_for(5 * NSEC_PER_SEC);
	assert_int_equal(m.faults_failed, 0);
	assert_int_equal(vm_events[PGMAJFAULT], 16);
	assert_int_equal(sb->s_read_pages, 64 + 16 + 14 * 32);
	machine_shutdown();
}

/*
 * The same two mappings on 2.6.30 (switch mmap_readaround V30: v2.6.30
 * filemap_fault() reads ra_pages = 32 around a missing page with no
 * readahead state and no marker, and a hit starts nothing).
 * Page by page: the fault at 0 reads [0, 32); 1..31 hit; the fault at 32
 * reads [16, 48), of which 32..47 are new; every later miss, at 48, 64,
 * ..., 1008, likewise reads the 16 pages from it: 1 + 62 = 63 major
 * faults, 32 + 62 x 16 = 1024 pages, and no window through ra_submit().
 * Every 64th page: each fault reads 32 pages, 16 before it and 16 from it
 * (the one at 0 just [0, 32)), none of them cached yet: 16 x 32 = 512.
 */
static void test_mmap_faults_read_around_30(void **state)
{
	struct mapper seq = { .pages = 1024 };
	struct mapper stride = { .pages = 1024, .stride = true };

	(void)state;
	machine_boot(64, 1, "2.6.30", false);
	seq.inode = ext3_create(sb, "pack", 4 * MiB);
	kthread_run(mapper_fn, &seq, "gitk", DEFAULT_PRIO);
	run_for(5 * NSEC_PER_SEC);
	assert_int_equal(seq.faults_failed, 0);
	assert_int_equal(vm_events[PGMAJFAULT], 63);
	assert_int_equal(sb->s_read_pages, 1024);
	assert_int_equal(ra_stats.windows, 0);
	machine_shutdown();

	machine_boot(64, 1, "2.6.30", false);
	stride.inode = ext3_create(sb, "pack", 4 * MiB);
	kthread_run(mapper_fn, &stride, "gitk", DEFAULT_PRIO);
	run_for(5 * NSEC_PER_SEC);
	assert_int_equal(stride.faults_failed, 0);
	assert_int_equal(vm_events[PGMAJFAULT], 16);
	assert_int_equal(sb->s_read_pages, 16 * 32);
	machine_shutdown();
}

/*
 * The interleaved streams on 2.6.30 (switch ondemand_ra V30).  The first
 * read, at 0, opens a window of get_init_ra_size(4, 32) = 8 pages with
 * its marker at 4; the second stream's reads at half + pos are never
 * sequential (the last page read was the other stream's pos + 3) and
 * never at a marker (nothing reads ahead of them), so v2.6.30
 * ondemand_readahead() reads each as it is: 1024 pages / 4 = 256 bios of
 * 4 pages, and the readahead state stays the first stream's, which ramps
 * 8 -> 16 -> 32 from its markers: 2 + 31 windows cover its 1024 pages,
 * and one more reaches the 8 pages before half (the rest is cached).
 * 2.6.31's context readahead gives the second stream windows too (at most
 * 80 bios in all, the rc6 test above).
 */
static void test_interleaved_streams_30(void **state)
{
	struct interleaved t = { .half = 4 * MiB };

	(void)state;
	machine_boot(64, 1, "2.6.30", false);
	t.inode = ext3_create(sb, "two", 2 * t.half);
	kthread_run(interleaved_fn, &t, "reader", DEFAULT_PRIO);
	run_for(10 * NSEC_PER_SEC);
	assert_int_equal(t.bytes, 2 * (long)t.half);
	assert_int_equal(sb->s_read_pages, 2 * t.half / PAGE_SIZE);
	assert_int_equal(sb->s_max_read_bio_pages, 32);
	assert_int_equal(sb->s_read_bios, 256 + 2 + 31 + 1);
	machine_shutdown();
}

struct writer {
	struct inode *inode;
	loff_t pos;
	unsigned long len, chunk;
	long bytes;
};

static void writer_fn(void *arg)
{
	struct writer *w = arg;
	struct file *file = filp_open(w->inode, FMODE_WRITE);

	for (unsigned long done = 0; done < w->len; done += w->chunk) {
		long n = vfs_write(file, w->pos + (loff_t)done, w->chunk);

		if (n <= 0)
			break;
		w->bytes += n;
	}
	fput(file);
}

/*
 * Writing 100 bytes into the middle of each of 10 on-disk pages reads
 * each page first (10 sync reads, 40 KiB of pgpgin); writing whole pages
 * past EOF reads nothing.  Either way each page ends dirty, once.
 */
static void test_partial_write_reads_page_first(void **state)
{
	struct writer w1 = { .pos = 100, .len = 10 * 4096, .chunk = 4096 };
	struct writer w2 = { .pos = 1 * MiB, .len = 64 * 4096, .chunk = 4096 };

	(void)state;
	machine_boot(64, 1, "2.6.32-rc6", false);
	w1.inode = ext3_create(sb, "f", 1 * MiB);
	w2.inode = w1.inode;
	kthread_run(writer_fn, &w1, "writer", DEFAULT_PRIO);
	run_for(NSEC_PER_SEC);
	assert_int_equal(w1.bytes, 10 * 4096);
	/* Chunks at 100 + k*4096 straddle pages k and k+1: 11 pages read. */
	assert_int_equal(vm_events[PGPGIN], 11 * 4);
	assert_int_equal(nr_dirty(), 11);
	kthread_run(writer_fn, &w2, "writer", DEFAULT_PRIO);
	run_for(NSEC_PER_SEC);
	assert_int_equal(vm_events[PGPGIN], 11 * 4);
	assert_int_equal(nr_dirty(), 11 + 64);
	assert_int_equal(w1.inode->i_size, 1 * MiB + 64 * 4096);
	assert_int_equal(w1.inode->i_nr_dirty, 11 + 64);
	machine_shutdown();
}

static void unlinker_fn(void *arg)
{
	assert_int_equal(ext3_unlink(sb, arg), 0);
}

/*
 * Unlink drops every page of the file, dirty or clean, and gives back its
 * dirty accounting and its blocks; truncate drops the tail only.
 */
static void test_truncate_and_unlink_free_pages(void **state)
{
	struct reader r = { .size = 1 * MiB, .chunk = 65536, .passes = 1 };
	struct writer w = { .pos = 0, .len = 1 * MiB, .chunk = 65536 };
	unsigned long free0, blocks0;

	(void)state;
	machine_boot(64, 1, "2.6.32-rc6", false);
	drain_all_pages();
	free0 = global_page_state(NR_FREE_PAGES) + slab_pages_total();
	blocks0 = EXT3_SB(sb)->s_free_blocks;
	r.inode = ext3_create(sb, "clean", r.size);
	w.inode = ext3_create(sb, "dirty", 0);
	start_reader(&r);
	kthread_run(writer_fn, &w, "writer", DEFAULT_PRIO);
	run_for(NSEC_PER_SEC);
	assert_int_equal(global_page_state(NR_FILE_PAGES), 2 * 256);
	assert_int_equal(nr_dirty(), 256);
	assert_int_equal(EXT3_SB(sb)->s_free_blocks, blocks0 - 512);

	assert_int_equal(ext3_truncate(r.inode, 512 * 1024), 0);
	assert_int_equal(global_page_state(NR_FILE_PAGES), 256 + 128);
	assert_int_equal(EXT3_SB(sb)->s_free_blocks, blocks0 - 384);

	kthread_run(unlinker_fn, "dirty", "rm", DEFAULT_PRIO);
	kthread_run(unlinker_fn, "clean", "rm", DEFAULT_PRIO);
	run_for(NSEC_PER_SEC);
	assert_null(ext3_lookup(sb, "dirty"));
	assert_int_equal(global_page_state(NR_FILE_PAGES), 0);
	assert_int_equal(nr_dirty(), 0);
	assert_int_equal(global_page_state(NR_INACTIVE_FILE) +
			 global_page_state(NR_ACTIVE_FILE), 0);
	assert_int_equal(EXT3_SB(sb)->s_free_blocks, blocks0);
	/*
	 * Readahead and writes took pages from the pcp lists; all came back,
	 * once the pagevecs let go of the pages truncated while in them
	 * (2.6.32 release_pages), but those slab keeps: the radix-tree
	 * preload pool, the CPU slabs.
	 */
	lru_add_drain_all();
	drain_all_pages();
	assert_int_equal(global_page_state(NR_FREE_PAGES) + slab_pages_total(),
			 free0);
	machine_shutdown();
}

/*
 * Two files written at once on two CPUs, page by page: reservation windows
 * keep each file's blocks in runs, so writing each back is a few seeks.
 */
static void test_interleaved_writers_get_contiguous_runs(void **state)
{
	struct writer a = { .len = 4 * MiB, .chunk = 4096 };
	struct writer b = { .len = 4 * MiB, .chunk = 4096 };

	(void)state;
	machine_boot(64, 2, "2.6.32-rc6", false);
	a.inode = ext3_create(sb, "a", 0);
	b.inode = ext3_create(sb, "b", 0);
	kthread_run(writer_fn, &a, "wa", DEFAULT_PRIO);
	kthread_run(writer_fn, &b, "wb", DEFAULT_PRIO);
	run_for(NSEC_PER_SEC);
	assert_int_equal(a.bytes, 4 * (long)MiB);
	assert_int_equal(b.bytes, 4 * (long)MiB);
	/*
	 * Windows of 8, 16, ..., 512, then 1027 blocks: 1024 blocks need at
	 * most 8 extents per file, instead of 512 with blocks interleaved.
	 */
	assert_true(EXT3_I(a.inode)->i_nr_extents <= 8);
	assert_true(EXT3_I(b.inode)->i_nr_extents <= 8);
	/* They did interleave: neither file is a single run. */
	assert_true(EXT3_I(a.inode)->i_nr_extents >= 2);
	assert_true(EXT3_I(b.inode)->i_nr_extents >= 2);
	machine_shutdown();
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_readahead_window_ramps_up_to_128k, machine_teardown),
		cmocka_unit_test_teardown(test_sequential_read_near_device_bandwidth, machine_teardown),
		cmocka_unit_test_teardown(test_sequential_read_through_dm_crypt, machine_teardown),
		cmocka_unit_test_teardown(test_random_reads_read_only_what_is_asked, machine_teardown),
		cmocka_unit_test_teardown(test_interleaved_streams_keep_large_windows, machine_teardown),
		cmocka_unit_test_teardown(test_fmode_random_disables_readahead, machine_teardown),
		cmocka_unit_test_teardown(test_cached_reread_activates_without_io, machine_teardown),
		cmocka_unit_test_teardown(test_mmap_sequential_faults_read_ahead, machine_teardown),
		cmocka_unit_test_teardown(test_mmap_scattered_faults_read_around, machine_teardown),
		cmocka_unit_test_teardown(test_mmap_faults_read_around_30, machine_teardown),
		cmocka_unit_test_teardown(test_interleaved_streams_30, machine_teardown),
		cmocka_unit_test_teardown(test_partial_write_reads_page_first, machine_teardown),
		cmocka_unit_test_teardown(test_truncate_and_unlink_free_pages, machine_teardown),
		cmocka_unit_test_teardown(test_interleaved_writers_get_contiguous_runs, machine_teardown),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("filemap", tests, NULL, NULL);
}
