// SPDX-License-Identifier: GPL-2.0
/*
 * Load a scenario with every check that needs more than the parser knows:
 * each task's program keys (through the program's own descriptors) and the
 * kernel profile name.  Errors come back as one "FILE:LINE: ..." line.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "scenario_load.h"
#include <limits.h>
#include <stdbool.h>
#include <sys/stat.h>
#include <unistd.h>
#include "linux/mm_types.h"
#include "mmsim/profile.h"
#include "workload/workload.h"
#include "util/xalloc.h"

/*
 * Host memory per simulated page beyond struct page: memory.c's page_data
 * (8 bytes, under --check), mm_debug.c's two maps (1 byte each, --check)
 * and page_alloc.c's check bitmap (1 byte).  Counted whether or not
 * --check is on: a scenario is accepted or refused the same way for every
 * run of it.
 */
#define PAGE_SIDE_BYTES		11
/* swapfile.c, per swap slot: swap_map, swap_cache and (--check) slot_data. */
#define SWAP_SLOT_BYTES		(sizeof(uint8_t) + sizeof(struct page *) + sizeof(uint64_t))

static uint64_t host_bytes_override;

void scenario_set_host_memory(uint64_t bytes)
{
	host_bytes_override = bytes;
}

static uint64_t host_memory(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);

	if (host_bytes_override)
		return host_bytes_override;
	return pages > 0 && size > 0 ? (uint64_t)pages * (uint64_t)size : 0;
}

/*
 * The simulated machine's per-page state must fit in half of this host's
 * memory (mem_init() refuses struct pages beyond that at boot; this says
 * so up front, with the swap slots counted too).
 */
int scenario_check_host(const struct scenario *sc, char *why, size_t len)
{
	uint64_t host = host_memory(), pages = sc->machine.mem / PAGE_SIZE;
	uint64_t per_page = sizeof(struct page) + PAGE_SIDE_BYTES;
	uint64_t slots = sc->machine.swap_size / PAGE_SIZE;
	uint64_t need = pages * per_page + slots * SWAP_SLOT_BYTES;
	char mem[24];

	if (!host || need <= host / 2)
		return 0;
	format_size(mem, sizeof(mem), sc->machine.mem);
	snprintf(why, len, "mem = %s: the simulated machine needs %" PRIu64
		 " MiB of host memory (%" PRIu64 " pages x %" PRIu64 " bytes + %"
		 PRIu64 " swap slots x %zu bytes), more than half of this host's %"
		 PRIu64 " MiB (at most %" PRIu64 " MiB)", mem, need >> 20, pages,
		 per_page, slots, SWAP_SLOT_BYTES, host >> 20, (host / 2) >> 20);
	return -1;
}

static int check_host(const struct scenario *sc, struct scenario_error *err)
{
	char why[400];

	if (!scenario_check_host(sc, why, sizeof(why)))
		return 0;
	return scenario_errorf(sc, scenario_key_line(sc, "machine", "mem"), err,
			       "%s", why);
}

struct footprint {
	char name[128];		/* the file, folder or repository */
	uint64_t bytes;
	size_t task;
};

/* What one task keeps on the filesystem volume, as its program says
 * (files sharing a name count once). */
static void task_footprint(const struct scenario *sc, size_t t,
			   const struct workload_ops *ops, const void *params,
			   struct footprint *file)
{
	file->task = t;
	file->name[0] = 0;
	file->bytes = ops->footprint ?
		ops->footprint(&sc->tasks[t], params, file->name,
			       sizeof(file->name)) : 0;
}

/*
 * Every task fits on its own (the programs check that); together, the
 * files of all tasks must fit the filesystem volume.  Refused here rather
 * than found out as ENOSPC minutes into a run.  Anonymous memory beyond
 * memory plus swap is not refused: driving a machine into the OOM killer
 * is a legitimate experiment.
 */
static int check_tasks_together(struct scenario *sc, struct scenario_error *err)
{
	struct footprint *files = xcalloc(sc->nr_tasks + 1, sizeof(*files));
	uint64_t fs = 0;
	size_t nr = 0, last_file = 0;
	int rc = 0;

	for (size_t t = 0; t < sc->nr_tasks; t++) {
		const struct workload_ops *ops;
		struct footprint f;
		void *params;
		size_t i;

		if (workload_load_params(sc, &sc->tasks[t], &ops, &params, err)) {
			rc = -1;
			goto out;
		}
		task_footprint(sc, t, ops, params, &f);
		free(params);
		if (!f.bytes)
			continue;
		for (i = 0; i < nr && strcmp(files[i].name, f.name); i++)
			;
		if (i == nr)
			files[nr++] = f;
		else if (f.bytes > files[i].bytes)
			files[i].bytes = f.bytes;
		else
			continue;
		last_file = t;
	}
	for (size_t i = 0; i < nr; i++)
		fs += files[i].bytes;
	if (fs > sc->machine.fs_size) {
		rc = scenario_errorf(sc, sc->tasks[last_file].line, err,
				     "the tasks' files together take %" PRIu64
				     " bytes (%zu files, folders and repositories), more "
				     "than the filesystem volume (at most fs_size, %"
				     PRIu64 " bytes)", fs, nr, sc->machine.fs_size);
	}
out:
	free(files);
	return rc;
}

int scenario_check_profile(const struct scenario *sc,
			   const struct kernel_profile *p,
			   struct scenario_error *err)
{
	if (!scenario_key_given(sc, "vm", "low_latency"))
		return 0;
	/* Off on a kernel without it is what that kernel does anyway. */
	if (p->low_latency == LOW_LATENCY_ABSENT && sc->vm.low_latency)
		return scenario_errorf(sc, scenario_key_line(sc, "vm", "low_latency"), err,
				       "low_latency = on: kernel profile '%s' has no low_latency: "
				       "CFQ's low_latency appeared in 2.6.32 (commit 1d2235152dc "
				       "\"cfq-iosched: add a knob for desktop interactiveness\", "
				       "named low_latency by 963b72fc666); leave the key out or "
				       "set it off for 2.6.30 and 2.6.31 profiles", p->name);
	return 0;
}

/* The scenario's own values against its [kernel] profile. */
static int check_profile(const struct scenario *sc, struct scenario_error *err)
{
	struct kernel_profile p;
	char why[256];

	if (profile_parse(sc->kernel.profile, &p, why, sizeof(why)))
		return 0;	/* the parser has reported it */
	return scenario_check_profile(sc, &p, err);
}

/* The checks that need the loaded tasks and this host, after parsing. */
static struct scenario *check_loaded(struct scenario *sc, struct scenario_error *err)
{
	if (sc && (check_host(sc, err) || check_tasks_together(sc, err) ||
		   check_profile(sc, err))) {
		scenario_free(sc);
		return NULL;
	}
	return sc;
}

int workload_load_params(const struct scenario *sc, struct scenario_task *task,
			 const struct workload_ops **pops, void **pparams,
			 struct scenario_error *err)
{
	const struct workload_ops *ops = task->program;
	void *params;

	params = xcalloc(1, ops->params_size ? ops->params_size : 1);
	if (scenario_task_apply(sc, task, ops->params, ops->nr_params, params, err) ||
	    (ops->validate && ops->validate(sc, task, params, err))) {
		free(params);
		return -1;
	}
	*pops = ops;
	*pparams = params;
	return 0;
}

static int validate_task(void *ctx, const struct scenario *sc,
			 struct scenario_task *task, struct scenario_error *err)
{
	const struct workload_ops *ops;
	void *params;

	(void)ctx;
	if (workload_load_params(sc, task, &ops, &params, err))
		return -1;
	free(params);
	return 0;
}

static int validate_profile(void *ctx, const char *name, char *why, size_t len)
{
	struct kernel_profile p;

	(void)ctx;
	return profile_parse(name, &p, why, len);
}

static int validate_switches(void *ctx, const char *profile,
			     const char *switches, char *why, size_t len)
{
	struct kernel_profile p;

	(void)ctx;
	return profile_parse(profile, &p, why, len) ||
	       profile_set_switches(&p, switches, why, len);
}

const char *scenario_default_name(const char *arch)
{
	return arch && !strcmp(arch, "x86") ? SCENARIO_DEFAULT_X86_NAME :
					     SCENARIO_DEFAULT_NAME;
}

static const struct scenario_parse_opts load_opts = {
	.validate_task = validate_task,
	.validate_profile = validate_profile,
	.validate_switches = validate_switches,
};

struct scenario *scenario_load_text(const char *text, const char *name,
				    struct scenario_error *err)
{
	return check_loaded(scenario_parse_buffer(text, strlen(text), name,
						  &load_opts, err), err);
}

#ifndef MMSIM_DATADIR
#define MMSIM_DATADIR "/usr/local/share/mmsim"
#endif

static bool is_file(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode);
}

const char *scenario_resolve(const char *name, char *buf, size_t len)
{
	char exe[PATH_MAX], *slash;
	const char *dirs[3];
	ssize_t n;
	int nr = 0;

	if (strchr(name, '/') || is_file(name))
		return name;
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = 0;
		slash = strrchr(exe, '/');
		if (slash)
			*slash = 0;
	} else {
		exe[0] = 0;
	}
	dirs[nr++] = "%s/../share/mmsim/scenarios";
	dirs[nr++] = MMSIM_DATADIR "/scenarios";
	dirs[nr++] = "%s/../../scenarios";
	for (int i = 0; i < nr; i++) {
		char dir[PATH_MAX + 64];

		if (strstr(dirs[i], "%s")) {
			if (!*exe)
				continue;
			snprintf(dir, sizeof(dir), dirs[i], exe);
		} else {
			snprintf(dir, sizeof(dir), "%s", dirs[i]);
		}
		snprintf(buf, len, "%s/%s", dir, name);
		if (is_file(buf))
			return buf;
		snprintf(buf, len, "%s/%s.ini", dir, name);
		if (is_file(buf))
			return buf;
	}
	return name;
}

struct scenario *scenario_load(const char *path, const char *arch,
			       struct scenario_error *err)
{
	const struct scenario_parse_opts opts = load_opts;
	char buf[PATH_MAX + 128];

	if (path)
		return check_loaded(scenario_parse_file(scenario_resolve(path, buf,
									 sizeof(buf)),
							&opts, err), err);
	if (arch && strcmp(arch, "x86") && strcmp(arch, "x86_64")) {
		err->line = 0;
		snprintf(err->msg, sizeof(err->msg),
			 "mmsim: --arch '%s': expected x86 or x86_64", arch);
		return NULL;
	}
	if (arch && !strcmp(arch, "x86"))
		return check_loaded(scenario_parse_buffer(scenario_default_x86_text,
							  strlen(scenario_default_x86_text),
							  SCENARIO_DEFAULT_X86_NAME, &opts,
							  err), err);
	return check_loaded(scenario_parse_default(&opts, err), err);
}
