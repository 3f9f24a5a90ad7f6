/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Run-time monitors: periodic snapshots of the simulated machine's /proc
 * files, written as MMTests' monitors write theirs, so that the scripts
 * that read MMTests monitor logs read mmsim's.
 *
 * MMTests starts monitors/watch-proc-vmstat.sh and its siblings with
 * their output in ${MONITOR_DIR}/${monitor}-${CURRENT_TEST}
 * (shellpacks/monitors.sh start_monitor), each looping
 *
 *	echo time: `date +%s`
 *	cat /proc/vmstat
 *	sleep $MONITOR_UPDATE_FREQUENCY
 *
 * and records `date +%s` and /proc/uptime in ${MONITOR_LOG}.start.  mmsim
 * writes DIR/proc-vmstat-TEST (and .start) the same way, with "time:"
 * the simulated time on the fixed epoch of docs/monitors.md.  Monitors
 * only read: a run's results are the same with or without them.
 */
#ifndef MMSIM_EXPERIMENT_MONITOR_H
#define MMSIM_EXPERIMENT_MONITOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "sim/sim.h"
#include "report/series.h"

/* MMSIM_EPOCH: the simulated epoch (report/series.h). */

/* What --monitor names: "vmstat" or "proc-vmstat", ... */
enum monitor_id {
	MONITOR_VMSTAT,
	MONITOR_BUDDYINFO,
	MONITOR_ZONEINFO,
	MONITOR_MEMINFO,
	MONITOR_PAGETYPEINFO,
	MONITOR_SLABINFO,
	NR_MONITORS
};

struct monitor_set;

/*
 * Add the monitors of a comma-separated @list to *@mask: 0, or -1 with
 * "unknown monitor 'X' (vmstat, buddyinfo, ...)" in @err.
 */
int monitor_parse(const char *list, unsigned int *mask, char *err, size_t len);

/*
 * Open DIR/proc-NAME-TEST for each monitor in @mask (DIR is made if
 * missing); NULL with "PATH: why" in @err.
 */
struct monitor_set *monitor_open(const char *dir, const char *test,
				 unsigned int mask, sim_time_t interval,
				 char *err, size_t len);
sim_time_t monitor_interval(const struct monitor_set *ms);
/* One snapshot of every monitor at the simulated time now. */
void monitor_snapshot(struct monitor_set *ms);
/* Commit the files (@ok) or remove them; 0, or -1 if a write failed,
 * @err then naming each file that failed and why, a line each. */
int monitor_close(struct monitor_set *ms, bool ok, char *err, size_t len);

/*
 * /proc/@name ("vmstat", "zoneinfo", ...: report/procfs.h procfs_files)
 * of the machine now: the kernel's snapshot (kstate_mem_take()) in the
 * kernel's text format.  0, or -1 for an unknown name.
 */
int proc_show(const char *name, FILE *out);

#endif
