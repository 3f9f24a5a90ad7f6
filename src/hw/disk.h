/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A disk drive, as the kernel's driver sees it from the outside: it takes
 * commands (start sector, length, direction, and a cookie of the host's),
 * holds up to queue_depth of them (NCQ), serves one at a time, and raises
 * a completion interrupt for each, handing the cookie back.  How long a
 * command takes is decided here: positioning (seek and rotation) and
 * transfer.  docs/block.md ("The disk model") has the sources of every
 * default.
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
 * The service-time model.  A rotational disk pays, per command: access_ns
 * (command overhead), then positioning unless the command starts where
 * the previous one ended (a short forward gap costs the time to rotate
 * past it; anything else a seek of seek_track_ns + k * sqrt(distance /
 * capacity), k chosen so that the mean over uniformly random pairs is
 * seek_avg_ns, plus a rotational latency uniform in [0, one revolution)),
 * then transfer at read_bps or write_bps.  A non-rotational device pays
 * access_ns and transfer only.
 */
struct disk_params {
	bool rotational;
	uint64_t capacity;		/* sectors */
	sim_time_t seek_track_ns;	/* track-to-track seek */
	sim_time_t seek_avg_ns;		/* average seek (random pairs) */
	unsigned int rpm;
	uint64_t read_bps, write_bps;	/* sequential transfer, bytes/s */
	sim_time_t access_ns;		/* fixed cost per command */
	unsigned int queue_depth;	/* commands the device holds (NCQ) */
	int irq_cpu;			/* CPU taking completion interrupts */
};

/* 2009 desktop SATA disk: 7200 rpm, 8.5 ms average seek, 80 MB/s, NCQ 31. */
void disk_default_params(struct disk_params *p);
/* 2009 SATA SSD for comparison (non-rotational). */
void disk_fast_params(struct disk_params *p);

/* One read or write, as the host hands it over. */
struct disk_command {
	uint64_t sector;
	unsigned int nr_sectors;
	bool write;
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
 * @host on every completion.  Zero depth, rates or capacity are taken as 1.
 */
struct hw_disk *hw_disk_create(const struct disk_params *p,
			       disk_complete_fn *complete, void *host);
/*
 * Removes the drive: its interrupt leaves the event queue, and @abort_cmd
 * gets the cookie of every command it still holds (a run stops with I/O
 * in flight), queued ones first, then the one being served.
 */
void hw_disk_destroy(struct hw_disk *disk,
		     void (*abort_cmd)(void *host, void *cookie));

/* The parameters in force (after the zero fix-ups of hw_disk_create). */
const struct disk_params *hw_disk_params(const struct hw_disk *disk);

/*
 * Hand the drive a command; the host must not hand it more than
 * queue_depth at once.  The drive does not start it yet: see
 * hw_disk_kick.
 */
void hw_disk_queue_command(struct hw_disk *disk,
			   const struct disk_command *cmd);

/*
 * The host is done handing over commands: an idle drive starts the next
 * one it holds.  Commands queued together before a kick are chosen among
 * as a batch (with NCQ, the one with the shortest expected positioning;
 * ties to the oldest), as a host issues several tagged commands with one
 * write of the command-issue register.  The host kicks after queueing and
 * after handling each completion; an idle drive with nothing held ignores
 * it.
 */
void hw_disk_kick(struct hw_disk *disk);

/* Time spent serving commands so far. */
sim_time_t hw_disk_busy_ns(const struct hw_disk *disk);

#endif /* MMSIM_HW_DISK_H */
