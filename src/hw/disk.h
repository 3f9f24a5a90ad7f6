/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A disk drive, as the kernel's driver sees it from the outside: it takes
 * commands (start sector, length, direction, and a cookie of the host's),
 * holds up to queue_depth of them (NCQ tags), and raises a completion
 * interrupt for each, handing the cookie back.  How long a command takes
 * is decided here, from the drive's mechanics: zoned recording, a seek
 * curve, the platter's angular position in simulated time, command
 * overhead, a segmented read-ahead buffer and a write-back cache that the
 * drive destages on its own.  docs/disk.md has the model, every parameter
 * with its range and source, and the published figures it is checked
 * against (tests/test_disk.c).
 *
 * The hardware knows nothing of the kernel: no requests, bios or queues,
 * only commands.  The driver is drivers/scsi/scsi_lib.c.
 */
#ifndef MMSIM_HW_DISK_H
#define MMSIM_HW_DISK_H

#include <stdbool.h>
#include <stdint.h>
#include "sim/sim.h"

#define DISK_SECTOR_SHIFT	9	/* 512-byte sectors */

/*
 * A rotational drive (docs/disk.md, "The model"):
 *
 * - Geometry: @zones bands of equal cylinder count from the outer edge
 *   (LBA 0) inwards, each with its own sectors per track, so that the
 *   media rate falls linearly from @read_bps (outer zone) to @inner_bps
 *   (inner zone); @heads tracks per cylinder; as many cylinders per zone
 *   as @capacity needs.  Sector angles follow a spiral within a zone
 *   (track and cylinder skew hide switches in sequential transfer).
 * - Positioning: a seek over d of the drive's C cylinders costs
 *   seek_track + b * sqrt(d / C) up to a fifth of the stroke, then rises
 *   linearly to @seek_full_ns at a full stroke (the Ruemmler & Wilkes
 *   shape), with b chosen so that the mean over uniformly random
 *   cylinder pairs is @seek_avg_ns; a head switch within a cylinder costs
 *   seek_track; a write adds @write_settle_ns after any seek.  Then the
 *   head waits for the sector to come round: the platter turns at @rpm
 *   in simulated time whether or not the drive is busy.
 * - Every command costs @access_ns of overhead from its arrival; queued
 *   commands are decoded while others are served.
 * - NCQ: the drive serves, among the commands it holds, the one with the
 *   shortest positioning time (seek plus rotation), unless one has waited
 *   longer than @ncq_age_ns (then the oldest).
 * - Read-ahead: after a read, the idle drive reads on, up to
 *   @readahead_bytes ahead of what the host has taken, into one of
 *   @read_segments buffer segments (LRU, circular); a read found there
 *   is sent over the link.  The next command stops it at once.
 * - Write cache (@write_cache): a write completes once its data has
 *   crossed the link (@link_bps) into the cache, which holds
 *   @cache_bytes less the read segments; the drive destages dirty data
 *   by shortest positioning time when it has nothing else to do, and
 *   against queued reads once a write waits for room or dirty data is
 *   older than @ncq_age_ns.  Off: writes go to the platter like reads.
 *
 * A non-rotational device pays @access_ns and transfer at @read_bps /
 * @write_bps only, one command at a time, with no cache.
 */
struct disk_params {
	bool rotational;
	uint64_t capacity;		/* sectors, the whole drive */
	unsigned int rpm;		/* 0: no rotational latency */
	unsigned int heads;		/* tracks per cylinder */
	unsigned int zones;		/* recording zones */
	sim_time_t seek_track_ns;	/* one-cylinder seek, head switch */
	sim_time_t seek_avg_ns;		/* 0: no seek time at all */
	sim_time_t seek_full_ns;	/* full stroke */
	sim_time_t write_settle_ns;	/* extra settling of a write's seek */
	uint64_t read_bps, write_bps;	/* outer-zone media rate (rotational:
					 * read_bps, both directions) */
	uint64_t inner_bps;		/* inner-zone media rate; 0: read_bps */
	uint64_t link_bps;		/* interface rate; 0: free transfers */
	sim_time_t access_ns;		/* command overhead */
	unsigned int queue_depth;	/* commands the device holds (NCQ) */
	sim_time_t ncq_age_ns;		/* age bound on reordering; 0: none */
	bool write_cache;		/* write-back cache on */
	uint64_t cache_bytes;		/* the drive's buffer */
	uint64_t readahead_bytes;	/* read-ahead per segment; 0: none */
	unsigned int read_segments;	/* read-ahead segments */
	int irq_cpu;			/* CPU taking completion interrupts */
};

/* The 2009 desktop SATA drive of docs/disk.md: 7200 rpm, NCQ 31, cache. */
void disk_default_params(struct disk_params *p);
/* 2009 SATA SSD for comparison (non-rotational). */
void disk_fast_params(struct disk_params *p);

/*
 * Can the seek curve pass through @track, @avg and @full?  It can when
 * track < avg < full and b (above) lies between 0 and the value at which
 * the square-root part would end above @full.  Returns the lowest and
 * highest feasible average in @lo/@hi (either may be NULL).
 */
bool disk_seek_curve_ok(sim_time_t track, sim_time_t avg, sim_time_t full,
			sim_time_t *lo, sim_time_t *hi);

/* One read or write, as the host hands it over. */
struct disk_command {
	uint64_t sector;
	unsigned int nr_sectors;
	bool write;
	bool sync;			/* the host's accounting class only:
					 * the drive treats both alike */
	void *cookie;			/* the host's, handed back at completion */
};

/*
 * The completion interrupt's handler, the host's: it runs in interrupt
 * context (an irq_work on irq_cpu) once the drive has finished @cookie's
 * command and freed its slot.
 */
typedef void (disk_complete_fn)(void *host, void *cookie, int error);

struct hw_disk;

/*
 * A drive with @p (NULL: disk_default_params), calling @complete with
 * @host on every completion.  Zero depth, rates, capacity, heads or zones
 * are taken as 1 (rates as 1 byte/s; link and inner rate as said above).
 */
struct hw_disk *hw_disk_create(const struct disk_params *p,
			       disk_complete_fn *complete, void *host);
/*
 * Removes the drive: its interrupts and timers leave the event queue, and
 * @abort_cmd (if not NULL) gets the cookie of every command it still
 * holds (a run stops with I/O in flight).  Dirty cached data is dropped.
 */
void hw_disk_destroy(struct hw_disk *disk,
		     void (*abort_cmd)(void *host, void *cookie));

/* The parameters in force (after the zero fix-ups of hw_disk_create). */
const struct disk_params *hw_disk_params(const struct hw_disk *disk);

/*
 * Hand the drive a command; the host must not hand it more than
 * queue_depth at once.  The drive does not look at it yet: see
 * hw_disk_kick.
 */
void hw_disk_queue_command(struct hw_disk *disk,
			   const struct disk_command *cmd);

/*
 * The host is done handing over commands (one write of the
 * command-issue register for several tags): the drive looks at what it
 * holds and starts what it can.  The host kicks after queueing and after
 * handling each completion; a kick with nothing to do is ignored.
 */
void hw_disk_kick(struct hw_disk *disk);

/* ---- measures ---------------------------------------------------------- */

#define DISK_LAT_BUCKETS	20	/* [0, 64us), then doubling: 33 s+ */

/* Host commands of one accounting class (sync or async). */
struct disk_class_stats {
	uint64_t commands;		/* completed */
	sim_time_t queue_ns;		/* arrival -> the drive starts it, sum */
	sim_time_t service_ns;		/* start -> completion, sum */
	sim_time_t max_queue_ns, max_service_ns;
	/* Queue + service time: [0] below 64 us, [i] below 64 us << i,
	 * the last bucket everything longer. */
	uint64_t latency_hist[DISK_LAT_BUCKETS];
};

struct disk_stats {
	struct disk_class_stats cls[2];	/* [0] async, [1] sync */
	sim_time_t busy_ns;		/* mechanism on commands and destage */
	sim_time_t prefetch_ns;		/* mechanism reading ahead */
	sim_time_t seek_ns, rotation_ns, transfer_ns;	/* of busy_ns */
	sim_time_t active_ns;		/* with a command held (iostat's util) */
	sim_time_t depth_ns;		/* integral of commands held, ns */
	uint64_t media_reads, media_writes;	/* commands on the platter */
	uint64_t positioned_free;	/* of which started with no wait */
	uint64_t read_hits;		/* reads served whole from the buffer */
	uint64_t read_partial_hits;	/* reads that began in the buffer */
	uint64_t cache_writes;		/* writes completed into the cache */
	uint64_t cache_write_merges;	/* of which joined dirty data */
	uint64_t destages;		/* destage operations */
	uint64_t destage_sectors;
	uint64_t space_waits;		/* writes that waited for cache room */
	sim_time_t space_wait_ns;
	uint64_t aged_picks;		/* chosen by the age bound */
	uint64_t dirty_sectors;		/* in the cache now */
	uint64_t max_dirty_sectors;
};

/* The drive's measures up to now (depth_ns brought up to sim_now()). */
void hw_disk_get_stats(struct hw_disk *disk, struct disk_stats *out);
/* Time the mechanism spent on commands and destage so far. */
sim_time_t hw_disk_busy_ns(const struct hw_disk *disk);

#endif /* MMSIM_HW_DISK_H */
