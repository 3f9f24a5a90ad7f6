// SPDX-License-Identifier: GPL-2.0
/*
 * The disk drive: command slots (NCQ tags), the choice of the next
 * command, seek, rotation and transfer time, and the completion
 * interrupt.  docs/block.md ("The disk model") gives the model and the
 * sources of its numbers.
 *
 * Deliberately simple: the held commands are a list in arrival order,
 * scanned whole (at most queue_depth, 31 by default) for each start.
 */
#include "sim/bug.h"
#include <math.h>
#include <stdlib.h>
#include "hw/disk.h"

/* A command slot: one NCQ tag. */
struct disk_slot {
	struct list_head list;		/* on queue or free_slots */
	struct disk_command cmd;
};

struct hw_disk {
	struct disk_params p;
	disk_complete_fn *complete;
	void *host;
	struct disk_slot *slots;	/* queue_depth of them */
	struct list_head free_slots;
	struct list_head queue;		/* held, not started, in arrival order */
	unsigned int nr_held;		/* queued here + active */
	struct disk_slot *active;
	sim_time_t active_start;
	struct irq_work done;
	uint64_t head;			/* sector after the last transferred */
	double seek_k_ns;		/* seek = track + k * sqrt(d / capacity) */
	sim_time_t rev_ns;		/* one revolution */
	sim_time_t busy_ns;		/* serving commands */
};

void disk_default_params(struct disk_params *p)
{
	*p = (struct disk_params) {
		.rotational = true,
		.capacity = 250000000000ULL >> DISK_SECTOR_SHIFT,	/* 250 GB */
		.seek_track_ns = 800 * NSEC_PER_USEC,
		.seek_avg_ns = 8500 * NSEC_PER_USEC,
		.rpm = 7200,
		.read_bps = 80000000,
		.write_bps = 80000000,
		.access_ns = 50 * NSEC_PER_USEC,
		.queue_depth = 31,
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

static sim_time_t transfer_ns(uint64_t bytes, uint64_t bps)
{
	return (sim_time_t)(bytes * NSEC_PER_SEC / bps);
}

/*
 * Head positioning before @cmd can transfer (0 if it starts where the
 * head is).  @estimate: the mean rotational latency instead of a draw
 * from the simulation's generator.
 */
static sim_time_t disk_position_ns(struct hw_disk *disk,
				   const struct disk_command *cmd,
				   bool estimate)
{
	const struct disk_params *p = &disk->p;
	uint64_t bps = cmd->write ? p->write_bps : p->read_bps;
	uint64_t d;
	sim_time_t ns;

	if (!p->rotational || cmd->sector == disk->head)
		return 0;
	if (cmd->sector > disk->head) {
		d = cmd->sector - disk->head;
		/* Less than a turn ahead: wait for it to pass the head. */
		if (transfer_ns(d << DISK_SECTOR_SHIFT, bps) < disk->rev_ns)
			return transfer_ns(d << DISK_SECTOR_SHIFT, bps);
	} else {
		d = disk->head - cmd->sector;
	}
	ns = p->seek_track_ns + (sim_time_t)(disk->seek_k_ns *
					     sqrt((double)d / p->capacity));
	if (estimate)
		return ns + disk->rev_ns / 2;
	return ns + prandom_below(disk->rev_ns);
}

static sim_time_t disk_service_ns(struct hw_disk *disk,
				  const struct disk_command *cmd)
{
	uint64_t bps = cmd->write ? disk->p.write_bps : disk->p.read_bps;

	return disk->p.access_ns + disk_position_ns(disk, cmd, false) +
	       transfer_ns((uint64_t)cmd->nr_sectors << DISK_SECTOR_SHIFT, bps);
}

/*
 * The device serves one command at a time.  With NCQ (queue_depth > 1) it
 * picks the held command with the shortest expected positioning time;
 * ties go to the oldest.
 */
void hw_disk_kick(struct hw_disk *disk)
{
	struct disk_slot *slot, *best = NULL;
	sim_time_t best_ns = 0;

	if (disk->active || list_empty(&disk->queue))
		return;
	list_for_each_entry(slot, &disk->queue, list) {
		sim_time_t ns = disk_position_ns(disk, &slot->cmd, true);

		if (!best || ns < best_ns) {
			best = slot;
			best_ns = ns;
		}
		if (disk->p.queue_depth <= 1)
			break;
	}
	list_del_init(&best->list);
	disk->active = best;
	disk->active_start = sim_now();
	irq_work_queue_at(&disk->done,
			  sim_now() + disk_service_ns(disk, &best->cmd));
}

void hw_disk_queue_command(struct hw_disk *disk,
			   const struct disk_command *cmd)
{
	struct disk_slot *slot;

	/* No free command slot. */
	SIM_BUG_ON(disk->nr_held >= disk->p.queue_depth ||
		   list_empty(&disk->free_slots));
	slot = list_first_entry(&disk->free_slots, struct disk_slot, list);
	list_del(&slot->list);
	slot->cmd = *cmd;
	list_add_tail(&slot->list, &disk->queue);
	disk->nr_held++;
}

/* The completion interrupt: free the slot, then tell the host. */
static void disk_end_io(struct irq_work *w)
{
	struct hw_disk *disk = w->data;
	struct disk_slot *slot = disk->active;
	void *cookie = slot->cmd.cookie;

	disk->active = NULL;
	disk->nr_held--;
	disk->head = slot->cmd.sector + slot->cmd.nr_sectors;
	disk->busy_ns += sim_now() - disk->active_start;
	list_add(&slot->list, &disk->free_slots);
	disk->complete(disk->host, cookie, 0);
}

struct hw_disk *hw_disk_create(const struct disk_params *p,
			       disk_complete_fn *complete, void *host)
{
	struct hw_disk *disk = calloc(1, sizeof(*disk));
	struct disk_params dflt;

	if (!disk)
		abort();
	if (!p) {
		disk_default_params(&dflt);
		p = &dflt;
	}
	disk->p = *p;
	if (!disk->p.queue_depth)
		disk->p.queue_depth = 1;
	if (!disk->p.read_bps)
		disk->p.read_bps = 1;
	if (!disk->p.write_bps)
		disk->p.write_bps = 1;
	if (!disk->p.capacity)
		disk->p.capacity = 1;
	disk->complete = complete;
	disk->host = host;
	disk->rev_ns = disk->p.rpm ? 60 * NSEC_PER_SEC / disk->p.rpm : 0;
	/*
	 * The mean of sqrt(|x - y|) over x, y uniform in [0, 1] is 8/15, so
	 * this k makes the mean random seek seek_avg_ns.
	 */
	if (disk->p.seek_avg_ns > disk->p.seek_track_ns)
		disk->seek_k_ns = (double)(disk->p.seek_avg_ns -
					   disk->p.seek_track_ns) * 15.0 / 8.0;
	disk->slots = calloc(disk->p.queue_depth, sizeof(*disk->slots));
	if (!disk->slots)
		abort();
	INIT_LIST_HEAD(&disk->free_slots);
	for (unsigned int i = 0; i < disk->p.queue_depth; i++)
		list_add_tail(&disk->slots[i].list, &disk->free_slots);
	INIT_LIST_HEAD(&disk->queue);
	irq_work_init(&disk->done, disk->p.irq_cpu, disk_end_io, disk);
	return disk;
}

void hw_disk_destroy(struct hw_disk *disk,
		     void (*abort_cmd)(void *host, void *cookie))
{
	struct disk_slot *slot;

	timer_del(&disk->done.timer);
	list_for_each_entry(slot, &disk->queue, list)
		abort_cmd(disk->host, slot->cmd.cookie);
	if (disk->active)
		abort_cmd(disk->host, disk->active->cmd.cookie);
	free(disk->slots);
	free(disk);
}

const struct disk_params *hw_disk_params(const struct hw_disk *disk)
{
	return &disk->p;
}

sim_time_t hw_disk_busy_ns(const struct hw_disk *disk)
{
	return disk->busy_ns;
}
