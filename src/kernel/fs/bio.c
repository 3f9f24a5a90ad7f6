// SPDX-License-Identifier: GPL-2.0
/*
 * Bios, as 2.6.32's fs/bio.c: bio_sets (a mempool of bios in the bio-0
 * slab and one of biovec-256 arrays), bio_alloc_bioset with
 * bvec_alloc_bs, bio_put and the destructors, bio_add_page, bio_endio,
 * and cloning.  Whole pages only (include/linux/bio.h).
 *
 * Object sizes (2.6.32, CONFIG_LBDAF on x86, no CONFIG_BLK_DEV_INTEGRITY):
 * struct bio 104 bytes on x86-64, 72 on x86; struct bio_vec 16 / 12.
 * A bio-0 object is a bio and BIO_INLINE_VECS bio_vecs (bioset_create's
 * back_pad): 168 / 120 bytes, SLAB_HWCACHE_ALIGN.  biovec-N holds N
 * bio_vecs; biovec-1 and biovec-4 are not created without integrity
 * (biovec_init_slabs), since up to four pages use the inline vecs.  Under
 * SLUB, bio-0 (192 / 128 bytes once aligned), biovec-16, -64, -128 and
 * -256 (x86-64) are merged into kmalloc caches (docs/model.md, "Slab").
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "linux/kernel.h"
#include "linux/bio.h"
#include "linux/slab.h"

struct bio_set *fs_bio_set;

struct biovec_slab {
	unsigned int nr_vecs;
	const char *name;
	struct kmem_cache *slab;
};

static struct biovec_slab bvec_slabs[BIOVEC_NR_POOLS] = {
	{ 1, "biovec-1", NULL }, { 4, "biovec-4", NULL },
	{ 16, "biovec-16", NULL }, { 64, "biovec-64", NULL },
	{ 128, "biovec-128", NULL }, { BIO_MAX_PAGES, "biovec-256", NULL },
};

static struct kmem_cache *bio_slab;	/* bio-0: every bio_set here */
static mempool_t *bio_split_pool;
static unsigned long nr_live_bios;

static bool arch32(void)
{
	return sim_arch && sim_arch->arch == ARCH_X86;
}

static unsigned int sizeof_bio(void)
{
	return arch32() ? 72 : 104;
}

static unsigned int sizeof_bio_vec(void)
{
	return arch32() ? 12 : 16;
}

unsigned long bio_nr_live(void)
{
	return nr_live_bios;
}

/* ---- bio_sets ------------------------------------------------------------ */

/*
 * bio_find_or_create_slab: every bio_set has front_pad 0 here, so all
 * share "bio-0", made by the first.
 */
static struct kmem_cache *bio_find_or_create_slab(unsigned int extra_size)
{
	if (!bio_slab)
		bio_slab = kmem_cache_create_host("bio-0", sizeof_bio() + extra_size,
						  0, SLAB_HWCACHE_ALIGN, NULL,
						  sizeof(struct bio));
	return bio_slab;
}

struct bio_set *bioset_create(unsigned int pool_size, unsigned int front_pad)
{
	unsigned int back_pad = BIO_INLINE_VECS * sizeof_bio_vec();
	struct bio_set *bs = calloc(1, sizeof(*bs));

	BUG_ON(!bs || front_pad);
	bs->bio_slab = bio_find_or_create_slab(front_pad + back_pad);
	bs->bio_pool = mempool_create_slab_pool((int)pool_size, bs->bio_slab);
	/* biovec_create_pools: only the largest arrays are pooled. */
	bs->bvec_pool = mempool_create_slab_pool((int)pool_size,
						 bvec_slabs[BIOVEC_MAX_IDX].slab);
	return bs;
}

void bioset_free(struct bio_set *bs)
{
	if (!bs)
		return;
	mempool_destroy(bs->bio_pool);
	mempool_destroy(bs->bvec_pool);
	free(bs);
}

static void biovec_init_slabs(void)
{
	for (int i = 0; i < BIOVEC_NR_POOLS; i++) {
		struct biovec_slab *bvs = &bvec_slabs[i];

		if (bvs->nr_vecs <= BIO_INLINE_VECS) {
			bvs->slab = NULL;
			continue;
		}
		bvs->slab = kmem_cache_create_host(bvs->name,
						   bvs->nr_vecs * sizeof_bio_vec(),
						   0, SLAB_HWCACHE_ALIGN | SLAB_PANIC,
						   NULL,
						   bvs->nr_vecs * sizeof(struct page *));
	}
}

/*
 * init_bio (a subsys_initcall): the biovec caches, fs_bio_set, and
 * bio_split_pool (BIO_SPLIT_ENTRIES 2 kmalloc'ed struct bio_pair, 248 /
 * 176 bytes; used by md and a few drivers, not on the paths modelled).
 */
void init_bio(void)
{
	bio_slab = NULL;
	nr_live_bios = 0;
	biovec_init_slabs();
	fs_bio_set = bioset_create(BIO_POOL_SIZE, 0);
	mempool_set_name(fs_bio_set->bio_pool, "fs_bio_set bio");
	mempool_set_name(fs_bio_set->bvec_pool, "fs_bio_set biovec");
	bio_split_pool = mempool_create_kmalloc_pool(2, arch32() ? 176 : 248);
	mempool_set_name(bio_split_pool, "bio_split_pool");
}

/*
 * The end of a run: the pools go (the bios still held by queues, the
 * disk or dm-crypt are slab objects that go with their caches).
 */
void bio_exit(void)
{
	if (fs_bio_set)
		bioset_free(fs_bio_set);
	mempool_destroy(bio_split_pool);
	fs_bio_set = NULL;
	bio_split_pool = NULL;
	bio_slab = NULL;
	for (int i = 0; i < BIOVEC_NR_POOLS; i++)
		bvec_slabs[i].slab = NULL;
}

/* ---- allocation ----------------------------------------------------------- */

static unsigned int bvec_nr_vecs(unsigned int idx)
{
	return bvec_slabs[idx].nr_vecs;
}

/*
 * bvec_alloc_bs(): the biovec slab of the size class, tried without
 * sleeping, I/O or reserves (the mempool is the fallback); only the
 * biovec-256 arrays are pooled, and a sleeping caller whose slab
 * attempt failed waits on that pool, whatever it asked for.
 */
static struct page **bvec_alloc_bs(gfp_t gfp_mask, unsigned int nr,
				   unsigned int *idx, struct bio_set *bs)
{
	struct page **bvl;

	if (nr == 1)
		*idx = 0;
	else if (nr <= 4)
		*idx = 1;
	else if (nr <= 16)
		*idx = 2;
	else if (nr <= 64)
		*idx = 3;
	else if (nr <= 128)
		*idx = 4;
	else if (nr <= BIO_MAX_PAGES)
		*idx = 5;
	else
		return NULL;
	if (*idx == BIOVEC_MAX_IDX) {
fallback:
		bvl = mempool_alloc(bs->bvec_pool, gfp_mask);
	} else {
		gfp_t __gfp_mask = gfp_mask & ~(__GFP_WAIT | __GFP_IO);

		__gfp_mask |= __GFP_NOMEMALLOC | __GFP_NORETRY | __GFP_NOWARN;
		bvl = kmem_cache_alloc(bvec_slabs[*idx].slab, __gfp_mask);
		if (!bvl && (gfp_mask & __GFP_WAIT)) {
			*idx = BIOVEC_MAX_IDX;
			goto fallback;
		}
	}
	return bvl;
}

static void bvec_free_bs(struct bio_set *bs, struct page **bv, unsigned int idx)
{
	BUG_ON(idx >= BIOVEC_NR_POOLS);
	if (idx == BIOVEC_MAX_IDX)
		mempool_free(bv, bs->bvec_pool);
	else
		kmem_cache_free(bvec_slabs[idx].slab, bv);
}

/*
 * 2.6.32's memset(bio, 0, sizeof(*bio)) stops before the inline vecs,
 * its flexible array: bio_add_page() writes each before bi_vcnt counts
 * it, and nothing reads past bi_vcnt.
 */
static void bio_init(struct bio *bio)
{
	memset(bio, 0, offsetof(struct bio, bi_inline_vecs));
	bio->bi_cnt = 1;
	bio->bi_pool_idx = BIO_POOL_NONE;
}

struct bio *bio_alloc_bioset(gfp_t gfp_mask, unsigned int nr_iovecs,
			     struct bio_set *bs)
{
	unsigned int idx = BIO_POOL_NONE;
	struct page **bvl = NULL;
	struct bio *bio;

	bio = mempool_alloc(bs->bio_pool, gfp_mask);
	if (!bio)
		return NULL;
	bio_init(bio);
	if (nr_iovecs) {
		if (nr_iovecs <= BIO_INLINE_VECS) {
			bvl = bio->bi_inline_vecs;
			nr_iovecs = BIO_INLINE_VECS;
		} else {
			bvl = bvec_alloc_bs(gfp_mask, nr_iovecs, &idx, bs);
			if (!bvl) {
				mempool_free(bio, bs->bio_pool);
				return NULL;
			}
			nr_iovecs = bvec_nr_vecs(idx);
		}
	}
	bio->bi_pool_idx = idx;
	bio->bi_max_vecs = nr_iovecs;
	bio->bi_io_vec = bvl;
	nr_live_bios++;
	return bio;
}

void bio_free(struct bio *bio, struct bio_set *bs)
{
	if (bio->bi_pool_idx != BIO_POOL_NONE)
		bvec_free_bs(bs, bio->bi_io_vec, bio->bi_pool_idx);
	nr_live_bios--;
	mempool_free(bio, bs->bio_pool);
}

static void bio_fs_destructor(struct bio *bio)
{
	bio_free(bio, fs_bio_set);
}

struct bio *bio_alloc(gfp_t gfp_mask, unsigned int nr_iovecs)
{
	struct bio *bio = bio_alloc_bioset(gfp_mask, nr_iovecs, fs_bio_set);

	if (bio)
		bio->bi_destructor = bio_fs_destructor;
	return bio;
}

void bio_put(struct bio *bio)
{
	BUG_ON(bio->bi_cnt <= 0);
	if (--bio->bi_cnt == 0) {
		bio->bi_next = NULL;
		bio->bi_destructor(bio);
	}
}

unsigned int bio_add_page(struct bio *bio, struct page *page)
{
	if (bio->bi_vcnt >= bio->bi_max_vecs)
		return 0;
	bio->bi_io_vec[bio->bi_vcnt++] = page;
	return PAGE_SIZE;
}

void bio_endio(struct bio *bio, int error)
{
	if (bio->bi_end_io)
		bio->bi_end_io(bio, error);
}

void __bio_clone(struct bio *dst, const struct bio *src)
{
	BUG_ON(src->bi_vcnt > dst->bi_max_vecs);
	memcpy(dst->bi_io_vec, src->bi_io_vec,
	       src->bi_vcnt * sizeof(src->bi_io_vec[0]));
	dst->bi_sector = src->bi_sector;
	dst->bi_bdev = src->bi_bdev;
	dst->bi_rw = src->bi_rw;
	dst->bi_vcnt = src->bi_vcnt;
	dst->bi_submit_time = src->bi_submit_time;
}

struct bio *bio_clone(const struct bio *bio, gfp_t gfp_mask)
{
	struct bio *b = bio_alloc_bioset(gfp_mask, bio->bi_max_vecs, fs_bio_set);

	if (!b)
		return NULL;
	b->bi_destructor = bio_fs_destructor;
	__bio_clone(b, bio);
	return b;
}
