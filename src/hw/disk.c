// SPDX-License-Identifier: GPL-2.0
/*
 * The disk drive: command slots (NCQ tags), the mechanism (zones, seek
 * curve, the platter's angle in simulated time), the choice of what the
 * head does next, the read-ahead segments, the write-back cache and its
 * destaging, the link, and the completion interrupts.  docs/disk.md
 * gives the model, its parameters and their sources.
 *
 * Two things work at once, as in a drive: the mechanism (one operation
 * at a time: a host command on the platter, a destage of cached writes,
 * or reading ahead) and the link (cache hits sent to the host, writes
 * taken into the cache).  A host command ends with an interrupt
 * (irq_work on irq_cpu); the drive's own work ends on a plain timer.
 *
 * Deliberately simple: held commands, read segments and dirty extents
 * are lists and arrays scanned whole: at most queue_depth commands and
 * read_segments segments; dirty extents are merged when they touch, so
 * there are few unless the cache fills with scattered small writes (a
 * few thousand at most), and a destage looks at the oldest queue_depth
 * of them only.  The drive's share of a default run is under 1 % of its
 * instructions (callgrind); a sorted structure would replace the arrays
 * if that changed.
 */
#include "sim/bug.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "hw/disk.h"
#include "util/xalloc.h"

#define KiB			1024ULL
#define MiB			(1024 * KiB)
#define GiB			(1024 * MiB)

/* Ruemmler & Wilkes: the square-root part of the curve ends near a fifth
 * of the stroke (HP 97560: 383 of 1962 cylinders). */
#define SEEK_SQRT_END		0.2
/* A destage writes at most this much before the head is free again. */
#define DESTAGE_MAX_SECTORS	1024U

/* Where a sector is: its zone, track, cylinder and angle. */
struct disk_pos {
	unsigned int zone;
	uint64_t track;			/* from the outer edge */
	uint64_t cyl;
	sim_time_t angle_ns;		/* the sector's start, in [0, rev) */
};

/* A recording zone: spt sectors on every track of its cylinders. */
struct disk_zone {
	uint64_t start;			/* first sector */
	uint64_t nr_sectors;
	uint64_t track0;		/* first track */
	unsigned int spt;
};

enum slot_state {
	SLOT_FREE,
	SLOT_PENDING,			/* needs the mechanism */
	SLOT_SPACE,			/* a write waiting for cache room */
	SLOT_LINK,			/* for the link: a hit or a cached write */
	SLOT_ACTIVE,			/* being served */
};

/* A command slot: one NCQ tag. */
struct disk_slot {
	struct list_head list;		/* on a queue or free_slots */
	struct disk_command cmd;
	enum slot_state state;
	uint64_t media_sector;		/* first sector the platter must give */
	struct disk_pos pos;		/* of media_sector */
	int seg;			/* read segment it continues, or -1 */
	sim_time_t arrival, ready;	/* ready: its overhead is done */
	sim_time_t start;		/* the drive took it up */
	sim_time_t space_since;		/* began waiting for cache room */
	bool space_waited;
};

/* Read-ahead buffer segment: sectors [start, end) are held. */
struct read_segment {
	uint64_t start, end;
	uint64_t used;			/* LRU clock */
	bool valid;
};

/* Cached write data not yet on the platter. */
struct dirty_extent {
	uint64_t sector, nr_sectors;
	sim_time_t born;		/* its oldest data arrived */
	struct disk_pos pos;
};

enum mech_state { MECH_IDLE, MECH_HOST, MECH_DESTAGE, MECH_PREFETCH };

struct hw_disk {
	struct disk_params p;
	disk_complete_fn *complete;
	void *host;

	/* Geometry. */
	struct disk_zone *zone;
	unsigned int nr_zones;
	uint64_t nr_cyl;
	sim_time_t rev_ns;		/* one revolution (nominal if rpm is 0) */
	bool rotation;			/* rpm > 0: wait for the sector */
	double seek_b, seek_c0, seek_slope;	/* the curve, ns */
	bool seeks;			/* seek_avg > 0 */

	/* Command slots. */
	struct disk_slot *slots;
	struct list_head free_slots;
	struct list_head pending;	/* for the mechanism, arrival order */
	struct list_head space_wait;	/* writes waiting for room, FIFO */
	struct list_head link_q;	/* for the link, FIFO */
	unsigned int nr_held;

	/* The mechanism. */
	enum mech_state mech;
	struct disk_slot *active;	/* MECH_HOST */
	uint64_t destage_sectors;	/* MECH_DESTAGE: the piece */
	sim_time_t mech_free;		/* the head can start something */
	sim_time_t op_begin;
	sim_time_t op_seek, op_rot, op_xfer;
	bool destaged_last;		/* the last operation was a destage */
	uint64_t head_sector;		/* sector under the head */
	struct disk_pos head;
	struct irq_work media_irq;	/* a host command's completion */
	struct timer mech_timer;	/* destage or read-ahead done */
	struct timer decode_timer;	/* a command is decoded: look again */

	/* Reading ahead (MECH_PREFETCH). */
	int pf_seg;
	uint64_t pf_sector0, pf_limit;
	sim_time_t pf_t0;		/* the head reaches pf_sector0 */
	sim_time_t pf_begin;		/* reading ahead was decided */

	/* The link. */
	struct disk_slot *link_active;
	struct irq_work link_irq;

	/* The buffer. */
	struct read_segment *seg;
	uint64_t seg_clock;
	uint64_t seg_sectors;		/* capacity of one segment */
	struct dirty_extent *dirty;
	size_t nr_dirty, dirty_alloc;
	uint64_t dirty_sectors;		/* in extents and being destaged */
	uint64_t reserved_sectors;	/* writes on the link */
	uint64_t write_space;		/* sectors writes may hold */

	struct disk_stats st;
	sim_time_t depth_since;
};

void disk_default_params(struct disk_params *p)
{
	*p = (struct disk_params) {
		.rotational = true,
		.capacity = 233 * GiB >> DISK_SECTOR_SHIFT,	/* "250 GB" */
		.rpm = 7200,
		.heads = 4,
		.zones = 30,
		.seek_track_ns = 1 * NSEC_PER_MSEC,
		.seek_avg_ns = 8500 * NSEC_PER_USEC,
		.seek_full_ns = 17 * NSEC_PER_MSEC,
		.write_settle_ns = 1 * NSEC_PER_MSEC,
		.read_bps = 80 * MiB,
		.write_bps = 80 * MiB,
		.inner_bps = 40 * MiB,
		.link_bps = 286 * MiB,		/* SATA 3 Gb/s: 300 MB/s */
		.access_ns = 300 * NSEC_PER_USEC,
		.queue_depth = 31,
		.ncq_age_ns = 500 * NSEC_PER_MSEC,
		.write_cache = true,
		.cache_bytes = 16 * MiB,
		.readahead_bytes = 512 * KiB,
		.read_segments = 4,
		.irq_cpu = 0,
	};
}

void disk_fast_params(struct disk_params *p)
{
	*p = (struct disk_params) {
		.rotational = false,
		.capacity = 80000000000ULL >> DISK_SECTOR_SHIFT,	/* 80 GB */
		.read_bps = 250000000,
		.write_bps = 100000000,
		.access_ns = 85 * NSEC_PER_USEC,
		.queue_depth = 31,
		.irq_cpu = 0,
	};
}

/* ---- the seek curve ---------------------------------------------------- */

/*
 * Moments of the curve under the density of the distance between two
 * uniformly random cylinders, 2(1 - x) on [0, 1], with x0 = SEEK_SQRT_END:
 * the mean seek is a * (1 - Q1) + full * Q1 + b * K, where
 * Q1 = (1 - x0)^2 / 3 is the weight of the linear part's end point and
 * K = P1 + sqrt(x0) * (Q0 - Q1) the weight of b (P1: the integral of
 * sqrt(x) 2(1 - x) over [0, x0]; Q0 = (1 - x0)^2).
 */
static void seek_moments(double *q1, double *k)
{
	double x0 = SEEK_SQRT_END, r = sqrt(x0);
	double p1 = 2.0 * (2.0 / 3.0 * x0 * r - 2.0 / 5.0 * x0 * x0 * r);
	double q0 = (1.0 - x0) * (1.0 - x0);

	*q1 = q0 / 3.0;
	*k = p1 + r * (q0 - *q1);
}

static double seek_b(double a, double avg, double full)
{
	double q1, k;

	seek_moments(&q1, &k);
	return (avg - a * (1.0 - q1) - full * q1) / k;
}

bool disk_seek_curve_ok(sim_time_t track, sim_time_t avg, sim_time_t full,
			sim_time_t *lo, sim_time_t *hi)
{
	double q1, k, a = (double)track, f = (double)full;
	/* b = 0: flat then linear; b at most (full - a) / sqrt(x0). */
	double bmax = (f - a) / sqrt(SEEK_SQRT_END);
	double l, h;

	seek_moments(&q1, &k);
	l = a * (1.0 - q1) + f * q1;
	h = l + bmax * k;
	/* Whole microseconds, for messages. */
	if (lo)
		*lo = (sim_time_t)ceil(l / NSEC_PER_USEC) * NSEC_PER_USEC;
	if (hi)
		*hi = (sim_time_t)floor(h / NSEC_PER_USEC) * NSEC_PER_USEC;
	return track < avg && avg < full && (double)avg >= l &&
	       (double)avg <= h;
}

static sim_time_t disk_seek_ns(const struct hw_disk *d, uint64_t from,
			       uint64_t to)
{
	uint64_t dc = from > to ? from - to : to - from;
	double x;

	if (!d->seeks)
		return 0;
	if (!dc)
		return d->p.seek_track_ns;	/* head switch */
	x = (double)dc / (double)d->nr_cyl;
	if (x <= SEEK_SQRT_END)
		return d->p.seek_track_ns + (sim_time_t)(d->seek_b * sqrt(x));
	return (sim_time_t)(d->seek_c0 + d->seek_slope * (x - SEEK_SQRT_END));
}

/* ---- geometry ---------------------------------------------------------- */

static void disk_build_geometry(struct hw_disk *d)
{
	const struct disk_params *p = &d->p;
	double outer = (double)p->read_bps;
	double inner = p->inner_bps ? (double)p->inner_bps : outer;
	unsigned int nz = p->zones, h = p->heads;
	uint64_t sum = 0, cpz, start = 0;

	d->rev_ns = 60 * NSEC_PER_SEC / (p->rpm ? p->rpm : 7200);
	d->rotation = p->rpm != 0;
	d->zone = xcalloc(nz, sizeof(*d->zone));
	for (unsigned int z = 0; z < nz; z++) {
		double rate = nz > 1 ?
			outer - (outer - inner) * z / (double)(nz - 1) : outer;
		double spt = rate * (double)d->rev_ns / 1e9 /
			     (double)(1 << DISK_SECTOR_SHIFT);

		d->zone[z].spt = spt < 1.0 ? 1 : (unsigned int)llround(spt);
		sum += d->zone[z].spt;
	}
	cpz = (p->capacity + h * sum - 1) / (h * sum);
	if (!cpz)
		cpz = 1;
	d->nr_cyl = cpz * nz;
	d->nr_zones = 0;
	for (unsigned int z = 0; z < nz && start < p->capacity; z++) {
		uint64_t n = cpz * h * d->zone[z].spt;

		if (n > p->capacity - start)
			n = p->capacity - start;
		d->zone[z].start = start;
		d->zone[z].nr_sectors = n;
		d->zone[z].track0 = (uint64_t)z * cpz * h;
		start += n;
		d->nr_zones++;
	}

	d->seeks = p->seek_avg_ns > 0;
	if (d->seeks) {
		double a = (double)p->seek_track_ns;
		double full = (double)p->seek_full_ns;

		d->seek_b = seek_b(a, (double)p->seek_avg_ns, full);
		if (d->seek_b < 0)
			d->seek_b = 0;
		d->seek_c0 = a + d->seek_b * sqrt(SEEK_SQRT_END);
		d->seek_slope = (full - d->seek_c0) / (1.0 - SEEK_SQRT_END);
		if (d->seek_slope < 0)
			d->seek_slope = 0;
	}
}

static unsigned int disk_zone_of(const struct hw_disk *d, uint64_t sector)
{
	unsigned int lo = 0, hi = d->nr_zones - 1;

	while (lo < hi) {
		unsigned int mid = (lo + hi + 1) / 2;

		if (d->zone[mid].start <= sector)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

/* Time for the head to pass sectors [0, off) of @z: a spiral. */
static sim_time_t zone_time(const struct hw_disk *d, const struct disk_zone *z,
			    uint64_t off)
{
	return (sim_time_t)((unsigned __int128)off * d->rev_ns / z->spt);
}

static void disk_locate(const struct hw_disk *d, uint64_t sector,
			struct disk_pos *pos)
{
	unsigned int zi = disk_zone_of(d, sector);
	const struct disk_zone *z = &d->zone[zi];
	uint64_t off = sector - z->start;
	uint64_t t = off / z->spt;

	pos->zone = zi;
	pos->track = z->track0 + t;
	pos->cyl = pos->track / d->p.heads;
	pos->angle_ns = (sim_time_t)((off % z->spt) * d->rev_ns / z->spt);
}

/* Media transfer of [sector, sector + n), zone by zone. */
static sim_time_t media_xfer_ns(const struct hw_disk *d, uint64_t sector,
				uint64_t n)
{
	sim_time_t ns = 0;

	while (n) {
		unsigned int zi = disk_zone_of(d, sector);
		const struct disk_zone *z = &d->zone[zi];
		uint64_t off = sector - z->start, k = n;

		/* The last zone takes what lies beyond the capacity. */
		if (zi + 1 < d->nr_zones && off + k > z->nr_sectors)
			k = z->nr_sectors - off;
		ns += zone_time(d, z, off + k) - zone_time(d, z, off);
		sector += k;
		n -= k;
	}
	return ns;
}

/* ---- positioning ------------------------------------------------------- */

/* From @t until @angle passes under the head. */
static sim_time_t rot_wait(const struct hw_disk *d, sim_time_t angle,
			   sim_time_t t)
{
	sim_time_t ph;

	if (!d->rotation)
		return 0;
	ph = t % d->rev_ns;
	return angle >= ph ? angle - ph : angle + d->rev_ns - ph;
}

/*
 * From @t, with the head where it is, until it can transfer at @to:
 * on the same track only rotation; on the next track of the zone either
 * reading on through the track switch (skew hides it) or a switch and
 * rotation; anywhere else a seek (and a write's settling) and rotation.
 * @seek gets the seek part.
 */
static sim_time_t disk_position_ns(const struct hw_disk *d,
				   const struct disk_pos *to, bool write,
				   sim_time_t t, sim_time_t *seek)
{
	const struct disk_pos *h = &d->head;
	sim_time_t s, ns;

	*seek = 0;
	if (to->track == h->track)
		return rot_wait(d, to->angle_ns, t);
	s = disk_seek_ns(d, h->cyl, to->cyl);
	if (write && d->seeks)
		s += d->p.write_settle_ns;
	ns = s + rot_wait(d, to->angle_ns, t + s);
	if (to->track == h->track + 1 && to->zone == h->zone) {
		sim_time_t on = rot_wait(d, to->angle_ns, t);

		/* Reading on first passes the rest of this track. */
		if (d->rotation && to->angle_ns >= t % d->rev_ns)
			on += d->rev_ns;
		if (on <= ns)
			return on;
	}
	*seek = s;
	return ns;
}

static void head_move(struct hw_disk *d, uint64_t sector)
{
	if (sector >= d->p.capacity)
		sector = d->p.capacity - 1;
	d->head_sector = sector;
	disk_locate(d, sector, &d->head);
}

/* ---- accounting -------------------------------------------------------- */

static void depth_update(struct hw_disk *d)
{
	sim_time_t now = sim_now();

	d->st.depth_ns += (sim_time_t)d->nr_held * (now - d->depth_since);
	if (d->nr_held)
		d->st.active_ns += now - d->depth_since;
	d->depth_since = now;
}

static void account_done(struct hw_disk *d, struct disk_slot *slot)
{
	struct disk_class_stats *c = &d->st.cls[slot->cmd.sync ? 1 : 0];
	sim_time_t now = sim_now();
	sim_time_t q = slot->start - slot->arrival, s = now - slot->start;
	sim_time_t total = now - slot->arrival;
	unsigned int b = 0;

	c->commands++;
	c->queue_ns += q;
	c->service_ns += s;
	if (q > c->max_queue_ns)
		c->max_queue_ns = q;
	if (s > c->max_service_ns)
		c->max_service_ns = s;
	while (b + 1 < DISK_LAT_BUCKETS &&
	       total >= (64 * NSEC_PER_USEC << b))
		b++;
	c->latency_hist[b]++;
}

/* The slot's command is over: free the tag and tell the host. */
static void slot_complete(struct hw_disk *d, struct disk_slot *slot)
{
	void *cookie = slot->cmd.cookie;

	account_done(d, slot);
	depth_update(d);
	d->nr_held--;
	slot->state = SLOT_FREE;
	list_add(&slot->list, &d->free_slots);
	d->complete(d->host, cookie, 0);
}

/* ---- the buffer: read segments ------------------------------------------ */

/* Sectors wholly read by @t into the segment being read ahead into. */
static uint64_t prefetch_done(const struct hw_disk *d, sim_time_t t)
{
	const struct disk_zone *z = &d->zone[disk_zone_of(d, d->pf_sector0)];
	uint64_t off0 = d->pf_sector0 - z->start;
	unsigned __int128 T;
	uint64_t off, sector;

	if (t < d->pf_t0)
		return d->pf_sector0;	/* still getting there */
	T = zone_time(d, z, off0) + (t - d->pf_t0);
	off = (uint64_t)(((T + 1) * z->spt - 1) / d->rev_ns);
	sector = z->start + off;

	return sector < d->pf_limit ? sector : d->pf_limit;
}

static uint64_t segment_end(const struct hw_disk *d, int i, sim_time_t t)
{
	if (d->mech == MECH_PREFETCH && d->pf_seg == i)
		return prefetch_done(d, t);
	return d->seg[i].end;
}

static void segment_trim(struct hw_disk *d, int i)
{
	struct read_segment *s = &d->seg[i];

	if (s->end - s->start > d->seg_sectors)
		s->start = s->end - d->seg_sectors;
}

/* The segment a read starting at @s carries on (it begins inside one or
 * where one ends), or -1. */
static int segment_find(const struct hw_disk *d, uint64_t s)
{
	for (unsigned int i = 0; i < d->p.read_segments; i++)
		if (d->seg[i].valid && d->seg[i].start <= s &&
		    s <= d->seg[i].end)
			return (int)i;
	return -1;
}

/* A segment for a new stream: an unused one, else the least recent. */
static int segment_new(struct hw_disk *d, uint64_t start, uint64_t end)
{
	int v = 0;

	for (unsigned int i = 0; i < d->p.read_segments; i++) {
		if (!d->seg[i].valid) {
			v = (int)i;
			break;
		}
		if (d->seg[i].used < d->seg[v].used)
			v = (int)i;
	}
	d->seg[v] = (struct read_segment) {
		.start = start, .end = end, .used = ++d->seg_clock, .valid = true,
	};
	segment_trim(d, v);
	return v;
}

/*
 * Where a read's data is: wholly in dirty cached data or a segment (a
 * hit, for the link), or on the platter from media_sector on, continuing
 * segment seg if it begins inside one (or where one ends).
 */
static bool read_lookup(struct hw_disk *d, struct disk_slot *slot,
			sim_time_t t)
{
	uint64_t s = slot->cmd.sector, e = s + slot->cmd.nr_sectors;
	uint64_t best_end = 0;

	slot->seg = -1;
	slot->media_sector = s;
	for (size_t i = 0; i < d->nr_dirty; i++) {
		const struct dirty_extent *x = &d->dirty[i];

		if (x->sector <= s && e <= x->sector + x->nr_sectors)
			return true;
	}
	if (!d->p.readahead_bytes)
		return false;
	for (unsigned int i = 0; i < d->p.read_segments; i++) {
		uint64_t end;

		if (!d->seg[i].valid || d->seg[i].start > s)
			continue;
		end = segment_end(d, (int)i, t);
		if (s > end || (slot->seg >= 0 && end <= best_end))
			continue;
		slot->seg = (int)i;
		best_end = end;
	}
	if (slot->seg < 0)
		return false;
	d->seg[slot->seg].used = ++d->seg_clock;
	if (e <= best_end)
		return true;
	slot->media_sector = best_end;
	return false;
}

/* ---- the buffer: dirty data --------------------------------------------- */

static void dirty_remove(struct hw_disk *d, size_t i)
{
	memmove(&d->dirty[i], &d->dirty[i + 1],
		(d->nr_dirty - i - 1) * sizeof(*d->dirty));
	d->nr_dirty--;
}

/* Cached write data: joins an extent it touches, else a new one. */
static void dirty_insert(struct hw_disk *d, uint64_t s, uint64_t n,
			 sim_time_t t)
{
	uint64_t e = s + n;

	for (size_t i = 0; i < d->nr_dirty; i++) {
		struct dirty_extent *x = &d->dirty[i];
		uint64_t xe = x->sector + x->nr_sectors;

		if (x->sector <= s && e <= xe) {
			d->st.cache_write_merges++;	/* rewritten in place */
			return;
		}
		if (xe == s) {
			x->nr_sectors += n;
			/* It may now reach the extent that follows. */
			for (size_t j = 0; j < d->nr_dirty; j++) {
				struct dirty_extent *y = &d->dirty[j];

				if (j != i && y->sector == e) {
					x->nr_sectors += y->nr_sectors;
					if (y->born < x->born)
						x->born = y->born;
					dirty_remove(d, j);
					break;
				}
			}
			d->dirty_sectors += n;
			d->st.cache_write_merges++;
			return;
		}
		if (e == x->sector) {
			x->sector = s;
			x->nr_sectors += n;
			disk_locate(d, s, &x->pos);
			d->dirty_sectors += n;
			d->st.cache_write_merges++;
			return;
		}
	}
	if (d->nr_dirty == d->dirty_alloc) {
		d->dirty_alloc = d->dirty_alloc ? 2 * d->dirty_alloc : 64;
		d->dirty = xrealloc(d->dirty, d->dirty_alloc * sizeof(*d->dirty));
	}
	d->dirty[d->nr_dirty] = (struct dirty_extent) {
		.sector = s, .nr_sectors = n, .born = t,
	};
	disk_locate(d, s, &d->dirty[d->nr_dirty].pos);
	d->nr_dirty++;
	d->dirty_sectors += n;
}

/* Writes waiting for room go to the link, in order, while there is room. */
static void admit_writes(struct hw_disk *d)
{
	sim_time_t now = sim_now();

	while (!list_empty(&d->space_wait)) {
		struct disk_slot *slot = list_first_entry(&d->space_wait,
							  struct disk_slot, list);
		uint64_t n = slot->cmd.nr_sectors;

		if (d->dirty_sectors + d->reserved_sectors + n > d->write_space) {
			if (!slot->space_waited) {
				slot->space_waited = true;
				slot->space_since = now;
				d->st.space_waits++;
			}
			return;
		}
		if (slot->space_waited)
			d->st.space_wait_ns += now - slot->space_since;
		d->reserved_sectors += n;
		slot->state = SLOT_LINK;
		list_move_tail(&slot->list, &d->link_q);
	}
}

/* ---- the link ----------------------------------------------------------- */

static void link_start(struct hw_disk *d)
{
	struct disk_slot *slot;
	sim_time_t now = sim_now(), t, ns = 0;

	if (d->link_active || list_empty(&d->link_q))
		return;
	slot = list_first_entry(&d->link_q, struct disk_slot, list);
	list_del_init(&slot->list);
	slot->state = SLOT_ACTIVE;
	slot->start = now;
	d->link_active = slot;
	t = slot->ready > now ? slot->ready : now;
	if (d->p.link_bps)
		ns = (sim_time_t)(((uint64_t)slot->cmd.nr_sectors <<
				   DISK_SECTOR_SHIFT) * NSEC_PER_SEC /
				  d->p.link_bps);
	irq_work_queue_at(&d->link_irq, t + ns);
}

static void disk_schedule(struct hw_disk *d);
static void prefetch_rearm(struct hw_disk *d, int i, uint64_t consumed,
			   sim_time_t now);

static void disk_link_done(struct irq_work *w)
{
	struct hw_disk *d = w->data;
	struct disk_slot *slot = d->link_active;

	d->link_active = NULL;
	if (slot->cmd.write) {
		d->reserved_sectors -= slot->cmd.nr_sectors;
		dirty_insert(d, slot->cmd.sector, slot->cmd.nr_sectors,
			     sim_now());
		if (d->dirty_sectors > d->st.max_dirty_sectors)
			d->st.max_dirty_sectors = d->dirty_sectors;
		d->st.cache_writes++;
	} else {
		d->st.read_hits++;
		if (slot->seg >= 0)
			prefetch_rearm(d, slot->seg, slot->cmd.sector +
				       slot->cmd.nr_sectors, sim_now());
	}
	slot_complete(d, slot);
	disk_schedule(d);
}

/* ---- the mechanism ------------------------------------------------------- */

/* The furthest reading ahead from @from may go: @limit, within its zone
 * (a sector's angle is reckoned per zone) and the drive. */
static uint64_t prefetch_limit(const struct hw_disk *d, uint64_t from,
			       uint64_t limit)
{
	const struct disk_zone *z = &d->zone[disk_zone_of(d, from)];

	if (limit > z->start + z->nr_sectors)
		limit = z->start + z->nr_sectors;
	return limit;
}

/*
 * Read ahead into segment @i from its end up to @limit, starting at @t:
 * at once if the head is there (a read just ended), else after
 * positioning to it.
 */
static void prefetch_begin(struct hw_disk *d, int i, uint64_t limit,
			   sim_time_t t)
{
	uint64_t from = d->seg[i].end;
	struct disk_pos pos;
	sim_time_t seek;

	if (from >= d->p.capacity)
		return;
	limit = prefetch_limit(d, from, limit);
	if (limit <= from)
		return;
	disk_locate(d, from, &pos);
	d->mech = MECH_PREFETCH;
	d->pf_seg = i;
	d->pf_sector0 = from;
	d->pf_limit = limit;
	d->pf_begin = t;
	d->pf_t0 = t + disk_position_ns(d, &pos, false, t, &seek);
	timer_add(&d->mech_timer,
		  d->pf_t0 + media_xfer_ns(d, from, limit - from));
}

/*
 * A read was served from segment @i up to @consumed: the segment is a
 * circular buffer, so reading ahead goes on (or starts again, if the
 * head is free) to keep a segment's worth ahead of the host.
 */
static void prefetch_rearm(struct hw_disk *d, int i, uint64_t consumed,
			   sim_time_t now)
{
	uint64_t limit = consumed + d->seg_sectors;

	/* The segment may have gone to another stream meanwhile. */
	if (!d->seg[i].valid || consumed < d->seg[i].start ||
	    consumed > d->seg[i].end)
		return;
	if (d->mech == MECH_PREFETCH) {
		if (d->pf_seg != i)
			return;
		limit = prefetch_limit(d, d->pf_sector0, limit);
		if (limit <= d->pf_limit)
			return;
		d->pf_limit = limit;
		timer_add(&d->mech_timer, d->pf_t0 +
			  media_xfer_ns(d, d->pf_sector0, limit - d->pf_sector0));
		return;
	}
	if (d->mech != MECH_IDLE || d->mech_free > now ||
	    !list_empty(&d->pending) || !list_empty(&d->space_wait) ||
	    d->seg[i].end >= limit)
		return;
	prefetch_begin(d, i, limit, now);
}

/*
 * A command (or pressing destage) stops reading ahead at the end of the
 * sector under the head: what was read stays in the segment, and the
 * head is free when that sector is done.
 */
static void prefetch_stop(struct hw_disk *d, sim_time_t t)
{
	const struct disk_zone *z = &d->zone[disk_zone_of(d, d->pf_sector0)];
	uint64_t off0 = d->pf_sector0 - z->start;
	unsigned __int128 T;
	uint64_t off, sector;
	sim_time_t tb;

	timer_del(&d->mech_timer);
	if (t < d->pf_t0) {
		/* Not there yet: the head gives up on its way. */
		d->st.prefetch_ns += t - d->pf_begin;
		d->mech = MECH_IDLE;
		d->mech_free = t;
		return;
	}
	T = zone_time(d, z, off0) + (t - d->pf_t0);
	off = (uint64_t)((T * z->spt + d->rev_ns - 1) / d->rev_ns);
	sector = z->start + off;
	if (sector > d->pf_limit)
		sector = d->pf_limit;
	tb = d->pf_t0 + zone_time(d, z, sector - z->start) -
	     zone_time(d, z, off0);
	d->seg[d->pf_seg].end = sector;
	segment_trim(d, d->pf_seg);
	d->st.prefetch_ns += tb - d->pf_begin;
	head_move(d, sector);
	d->mech = MECH_IDLE;
	d->mech_free = tb;
}

static void start_host_op(struct hw_disk *d, struct disk_slot *slot,
			  sim_time_t t0)
{
	sim_time_t now = sim_now(), t, pos, seek;
	uint64_t end = slot->cmd.sector + slot->cmd.nr_sectors;

	list_del_init(&slot->list);
	slot->state = SLOT_ACTIVE;
	slot->start = now;
	d->active = slot;
	d->mech = MECH_HOST;
	d->destaged_last = false;
	d->op_begin = t0;
	t = slot->ready > t0 ? slot->ready : t0;
	pos = disk_position_ns(d, &slot->pos, slot->cmd.write, t, &seek);
	d->op_seek = seek;
	d->op_rot = pos - seek;
	d->op_xfer = media_xfer_ns(d, slot->media_sector,
				   end - slot->media_sector);
	if (!pos)
		d->st.positioned_free++;
	if (slot->cmd.write)
		d->st.media_writes++;
	else
		d->st.media_reads++;
	if (slot->seg >= 0 && slot->media_sector > slot->cmd.sector)
		d->st.read_partial_hits++;
	irq_work_queue_at(&d->media_irq, t + pos + d->op_xfer);
}

static void start_destage(struct hw_disk *d, size_t i, sim_time_t t0)
{
	struct dirty_extent *x = &d->dirty[i];
	uint64_t n = x->nr_sectors < DESTAGE_MAX_SECTORS ?
		     x->nr_sectors : DESTAGE_MAX_SECTORS;
	uint64_t s = x->sector;
	sim_time_t pos, seek;

	pos = disk_position_ns(d, &x->pos, true, t0, &seek);
	d->mech = MECH_DESTAGE;
	d->op_begin = t0;
	d->op_seek = seek;
	d->op_rot = pos - seek;
	d->op_xfer = media_xfer_ns(d, s, n);
	d->destage_sectors = n;
	d->destaged_last = true;
	d->st.destages++;
	d->st.destage_sectors += n;
	if (n == x->nr_sectors) {
		dirty_remove(d, i);
	} else {
		x->sector += n;
		x->nr_sectors -= n;
		disk_locate(d, x->sector, &x->pos);
	}
	/* Where the head will be: the piece's end. */
	d->head_sector = s + n;
	timer_add(&d->mech_timer, t0 + pos + d->op_xfer);
}

static void op_account(struct hw_disk *d)
{
	sim_time_t now = sim_now();

	d->st.busy_ns += now - d->op_begin;
	d->st.seek_ns += d->op_seek;
	d->st.rotation_ns += d->op_rot;
	d->st.transfer_ns += d->op_xfer;
	d->mech = MECH_IDLE;
	d->mech_free = now;
}

/*
 * A read that carries on the stream under the head: it begins in the
 * read-ahead window ahead of the head, in the same zone, so the drive
 * reaches it by reading on.  The nearest such read goes first, as
 * adaptive read look-ahead keeps streaming while reads are contiguous:
 * greedy shortest-positioning would otherwise jump over a queued
 * neighbour by a head switch and serve a sequential stream out of order
 * for good.
 */
static struct disk_slot *stream_next(struct hw_disk *d)
{
	struct disk_slot *slot, *best = NULL;

	if (!d->seg_sectors)
		return NULL;
	list_for_each_entry(slot, &d->pending, list) {
		uint64_t s = slot->media_sector;

		if (slot->cmd.write || s < d->head_sector ||
		    s >= d->head_sector + d->seg_sectors ||
		    slot->pos.zone != d->head.zone)
			continue;
		if (!best || s < best->media_sector)
			best = slot;
	}
	return best;
}

/* The held command with the shortest positioning time (ties: oldest). */
static struct disk_slot *sptf_pick(struct hw_disk *d, sim_time_t t0)
{
	struct disk_slot *slot, *best = NULL;
	sim_time_t best_ns = 0;

	list_for_each_entry(slot, &d->pending, list) {
		sim_time_t t = slot->ready > t0 ? slot->ready : t0;
		sim_time_t seek, ns;

		ns = t - t0 + disk_position_ns(d, &slot->pos, slot->cmd.write,
					       t, &seek);
		if (!best || ns < best_ns) {
			best = slot;
			best_ns = ns;
		}
	}
	return best;
}

/*
 * What the head does next.  A command that has waited ncq_age_ns goes
 * first (the oldest); then a read carrying on the stream (stream_next);
 * else the command with the shortest positioning time, counting a
 * command's overhead if it is not decoded yet (ties: the oldest).
 * Cached writes are destaged when no command waits, and every other
 * operation while writes wait for room, so reads go first but destaging
 * keeps up; a destage takes, by the same positioning rule, one of the
 * oldest queue_depth dirty extents (the scheduler's own size, and no
 * extent is passed over for ever).
 */
static void mech_start_rotational(struct hw_disk *d)
{
	sim_time_t now = sim_now(), t0;
	struct disk_slot *slot, *tmp, *best = NULL;
	bool pressed;

	if (d->mech == MECH_HOST || d->mech == MECH_DESTAGE)
		return;
	/* Writes wait for room: every other operation is a destage. */
	pressed = !list_empty(&d->space_wait) && d->nr_dirty &&
		  !d->destaged_last;
	if (d->mech == MECH_PREFETCH) {
		sim_time_t ready = (sim_time_t)-1;

		if (list_empty(&d->pending) && !pressed)
			return;
		/* The head reads on while the commands are decoded. */
		list_for_each_entry(slot, &d->pending, list)
			if (slot->ready < ready)
				ready = slot->ready;
		if (!pressed && ready > now) {
			timer_add(&d->decode_timer, ready);
			return;
		}
		prefetch_stop(d, now);
		/* What it read may serve commands that were waiting. */
		list_for_each_entry_safe(slot, tmp, &d->pending, list) {
			if (slot->cmd.write)
				continue;
			if (read_lookup(d, slot, now)) {
				slot->state = SLOT_LINK;
				list_move_tail(&slot->list, &d->link_q);
			} else {
				disk_locate(d, slot->media_sector, &slot->pos);
			}
		}
		link_start(d);
	}
	t0 = d->mech_free > now ? d->mech_free : now;

	if (!list_empty(&d->pending)) {
		struct disk_slot *oldest = list_first_entry(&d->pending,
							    struct disk_slot,
							    list);

		if (d->p.ncq_age_ns && now - oldest->arrival >= d->p.ncq_age_ns) {
			d->st.aged_picks++;
			start_host_op(d, oldest, t0);
			return;
		}
		best = stream_next(d);
		if (!best)
			best = sptf_pick(d, t0);
	}
	if (d->nr_dirty && (pressed || !best)) {
		size_t window = d->nr_dirty < d->p.queue_depth ?
				d->nr_dirty : d->p.queue_depth;
		sim_time_t best_ns = 0;
		size_t best_dirty = 0;

		for (size_t i = 0; i < window; i++) {
			sim_time_t seek;
			sim_time_t ns = disk_position_ns(d, &d->dirty[i].pos,
							 true, t0, &seek);

			if (!i || ns < best_ns) {
				best_dirty = i;
				best_ns = ns;
			}
		}
		start_destage(d, best_dirty, t0);
		return;
	}
	if (best)
		start_host_op(d, best, t0);
}

/* A non-rotational device: one command at a time, in arrival order. */
static void mech_start_flat(struct hw_disk *d)
{
	struct disk_slot *slot;
	sim_time_t now = sim_now();
	uint64_t bps;

	if (d->mech != MECH_IDLE || list_empty(&d->pending))
		return;
	slot = list_first_entry(&d->pending, struct disk_slot, list);
	list_del_init(&slot->list);
	slot->state = SLOT_ACTIVE;
	slot->start = now;
	d->active = slot;
	d->mech = MECH_HOST;
	d->op_begin = now;
	bps = slot->cmd.write ? d->p.write_bps : d->p.read_bps;
	d->op_seek = d->op_rot = 0;
	d->op_xfer = (sim_time_t)(((uint64_t)slot->cmd.nr_sectors <<
				   DISK_SECTOR_SHIFT) * NSEC_PER_SEC / bps);
	if (slot->cmd.write)
		d->st.media_writes++;
	else
		d->st.media_reads++;
	irq_work_queue_at(&d->media_irq, now + d->p.access_ns + d->op_xfer);
}

static void disk_schedule(struct hw_disk *d)
{
	if (!d->p.rotational) {
		mech_start_flat(d);
		return;
	}
	admit_writes(d);
	link_start(d);
	mech_start_rotational(d);
}

void hw_disk_kick(struct hw_disk *d)
{
	disk_schedule(d);
}

/* A host command's data is off the platter (or on it). */
static void disk_media_done(struct irq_work *w)
{
	struct hw_disk *d = w->data;
	struct disk_slot *slot = d->active;
	uint64_t end = slot->cmd.sector + slot->cmd.nr_sectors;
	sim_time_t now = sim_now();
	int seg;

	d->active = NULL;
	op_account(d);
	if (!d->p.rotational) {
		slot_complete(d, slot);
		return;
	}
	head_move(d, end);
	if (!slot->cmd.write && d->p.readahead_bytes) {
		/*
		 * The data read stays in a segment (the one it carried on,
		 * or a new one), and the drive reads on past it while
		 * nothing else waits: read look-ahead, on by default; the
		 * next command stops it at once.
		 */
		seg = segment_find(d, slot->cmd.sector);
		if (seg >= 0) {
			if (end > d->seg[seg].end)
				d->seg[seg].end = end;
			d->seg[seg].used = ++d->seg_clock;
			segment_trim(d, seg);
		} else {
			seg = segment_new(d, slot->cmd.sector, end);
		}
		if (list_empty(&d->pending) && list_empty(&d->space_wait))
			prefetch_begin(d, seg, end + d->seg_sectors, now);
	}
	slot_complete(d, slot);
	disk_schedule(d);
}

/* The drive's own work is done: a destage, or reading ahead to its end. */
static void disk_mech_timer(struct timer *t)
{
	struct hw_disk *d = t->data;

	if (d->mech == MECH_DESTAGE) {
		op_account(d);
		d->dirty_sectors -= d->destage_sectors;
		head_move(d, d->head_sector);
	} else if (d->mech == MECH_PREFETCH) {
		sim_time_t now = sim_now();

		d->seg[d->pf_seg].end = d->pf_limit;
		segment_trim(d, d->pf_seg);
		d->st.prefetch_ns += now - d->pf_begin;
		head_move(d, d->pf_limit);
		d->mech = MECH_IDLE;
		d->mech_free = now;
	}
	disk_schedule(d);
}

static void disk_decode_timer(struct timer *t)
{
	disk_schedule(t->data);
}

void hw_disk_queue_command(struct hw_disk *d, const struct disk_command *cmd)
{
	struct disk_slot *slot;
	sim_time_t now = sim_now();
	struct list_head *to = &d->pending;

	/* No free command slot. */
	SIM_BUG_ON(d->nr_held >= d->p.queue_depth ||
		   list_empty(&d->free_slots));
	slot = list_first_entry(&d->free_slots, struct disk_slot, list);
	list_del(&slot->list);
	memset(slot, 0, sizeof(*slot));
	slot->cmd = *cmd;
	slot->arrival = now;
	slot->ready = now + d->p.access_ns;
	slot->seg = -1;
	slot->media_sector = cmd->sector;
	slot->state = SLOT_PENDING;
	depth_update(d);
	d->nr_held++;
	if (d->p.rotational) {
		if (cmd->write) {
			if (d->p.write_cache && cmd->nr_sectors <= d->write_space) {
				slot->state = SLOT_SPACE;
				to = &d->space_wait;
			}
		} else if (read_lookup(d, slot, now)) {
			slot->state = SLOT_LINK;
			to = &d->link_q;
		}
		if (to == &d->pending)
			disk_locate(d, slot->media_sector, &slot->pos);
	}
	list_add_tail(&slot->list, to);
}

struct hw_disk *hw_disk_create(const struct disk_params *p,
			       disk_complete_fn *complete, void *host)
{
	struct hw_disk *d = xcalloc(1, sizeof(*d));
	struct disk_params dflt;
	uint64_t reads;

	if (!p) {
		disk_default_params(&dflt);
		p = &dflt;
	}
	d->p = *p;
	if (!d->p.queue_depth)
		d->p.queue_depth = 1;
	if (!d->p.read_bps)
		d->p.read_bps = 1;
	if (!d->p.write_bps)
		d->p.write_bps = 1;
	if (!d->p.capacity)
		d->p.capacity = 1;
	if (!d->p.heads)
		d->p.heads = 1;
	if (!d->p.zones)
		d->p.zones = 1;
	if (!d->p.read_segments)
		d->p.read_segments = 1;
	d->complete = complete;
	d->host = host;
	if (d->p.rotational) {
		disk_build_geometry(d);
		head_move(d, 0);
	}
	d->seg_sectors = d->p.readahead_bytes >> DISK_SECTOR_SHIFT;
	d->seg = xcalloc(d->p.read_segments, sizeof(*d->seg));
	reads = (uint64_t)d->p.read_segments * d->p.readahead_bytes;
	d->write_space = d->p.cache_bytes > reads ?
			 (d->p.cache_bytes - reads) >> DISK_SECTOR_SHIFT : 0;
	d->slots = xcalloc(d->p.queue_depth, sizeof(*d->slots));
	INIT_LIST_HEAD(&d->free_slots);
	for (unsigned int i = 0; i < d->p.queue_depth; i++)
		list_add_tail(&d->slots[i].list, &d->free_slots);
	INIT_LIST_HEAD(&d->pending);
	INIT_LIST_HEAD(&d->space_wait);
	INIT_LIST_HEAD(&d->link_q);
	irq_work_init(&d->media_irq, d->p.irq_cpu, disk_media_done, d);
	irq_work_init(&d->link_irq, d->p.irq_cpu, disk_link_done, d);
	timer_init(&d->mech_timer, disk_mech_timer, d);
	timer_init(&d->decode_timer, disk_decode_timer, d);
	d->depth_since = sim_now();
	return d;
}

static void abort_list(struct hw_disk *d, struct list_head *head,
		       void (*abort_cmd)(void *host, void *cookie))
{
	struct disk_slot *slot;

	list_for_each_entry(slot, head, list)
		abort_cmd(d->host, slot->cmd.cookie);
}

void hw_disk_destroy(struct hw_disk *d,
		     void (*abort_cmd)(void *host, void *cookie))
{
	timer_del(&d->media_irq.timer);
	timer_del(&d->link_irq.timer);
	timer_del(&d->mech_timer);
	timer_del(&d->decode_timer);
	if (abort_cmd) {
		abort_list(d, &d->pending, abort_cmd);
		abort_list(d, &d->space_wait, abort_cmd);
		abort_list(d, &d->link_q, abort_cmd);
		if (d->link_active)
			abort_cmd(d->host, d->link_active->cmd.cookie);
		if (d->active)
			abort_cmd(d->host, d->active->cmd.cookie);
	}
	free(d->zone);
	free(d->seg);
	free(d->dirty);
	free(d->slots);
	free(d);
}

const struct disk_params *hw_disk_params(const struct hw_disk *d)
{
	return &d->p;
}

void hw_disk_get_stats(struct hw_disk *d, struct disk_stats *out)
{
	depth_update(d);
	*out = d->st;
	out->dirty_sectors = d->dirty_sectors;
}

sim_time_t hw_disk_busy_ns(const struct hw_disk *d)
{
	return d->st.busy_ns;
}
