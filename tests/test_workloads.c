// SPDX-License-Identifier: GPL-2.0
/*
 * Each workload program does what it says, in a small scenario on a 64 MB
 * machine: bytes read and written, packets received, anonymous pages
 * touched, progress lines and latency samples recorded, the measures it
 * hands to the run's result, and a clean exit on SIGKILL.  Also: every
 * program is registered under its scenario name, the embedded default
 * scenarios load with the programs' own key checks, bad task keys give
 * one FILE:LINE error, and docs/workloads.md lists every key.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "experiment/machine.h"
#include "experiment/run.h"
#include "experiment/scenario_load.h"
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/vmstat.h"
#include "linux/ext3_fs.h"
#include "linux/oom.h"
#include "workload/program.h"
#include "workload/netrx.h"
#include "net/tcp.h"
#include "workload/replay.h"
#include "metrics/records.h"
#include "metrics/derived.h"

#define MACHINE(mem, cpus)						\
	"[machine]\narch = x86_64\nmem = " mem "\ncpus = " cpus "\n"	\
	"disk_size = 2G\nfs_size = 1G\nswap_size = 256M\ncrypt = off\n"
#define MACHINE_64M MACHINE("64M", "2")
/* The same with the normal partition the harness logs to. */
#define MACHINE_64M_LOGFS MACHINE_64M "logfs_size = 64M\n"
/* A small fake gitk: 2 loops of 2000 commits, 8 MiB of buffer. */
#define SMALL_GITK							\
	"[task g]\nprogram = gitk\ncommits = 2000\nlog_bytes = 1K\n"	\
	"decoded_bytes = 4K\nhash_entry = 64B\nprint_every = 250\n"	\
	"loops = 2\ncpu_per_byte = 20ns\ncpu_per_commit = 100us\n"	\
	"map_cpu_per_commit = 50us\n"
#define KERNEL(profile) "[kernel]\nprofile = " profile "\n"

/* ---- the rig: boot, create and start the programs, as a run does ---- */

static struct {
	struct scenario *sc;
	struct machine m;
	bool booted;
} rig;

static int validate_task(void *ctx, const struct scenario *sc,
			 struct scenario_task *task, struct scenario_error *err)
{
	const struct workload_ops *ops = task->program;
	void *params;
	int ret;

	(void)ctx;
	if (!ops)
		return scenario_errorf(sc, task->program_line, err, "no program");
	params = calloc(1, ops->params_size);
	ret = scenario_task_apply(sc, task, ops->params, ops->nr_params, params, err);
	if (!ret && ops->validate)
		ret = ops->validate(sc, task, params, err);
	free(params);
	return ret;
}

static struct scenario *parse(const char *text, struct scenario_error *err)
{
	struct scenario_parse_opts o = { .validate_task = validate_task };

	return scenario_parse_buffer(text, strlen(text), "test.ini", &o, err);
}

/* [run] until = TASK-done, as a run stops (experiment/run.c). */
static void stop_when_until_done(struct workload_set *set, struct workload *w)
{
	const struct scenario_until *u = &rig.sc->run.until;

	(void)w;
	if (!u->nr_tasks)
		return;
	for (int i = 0; i < u->nr_tasks; i++) {
		struct workload *t = workload_find_task(set, u->tasks[i]);

		if (t && !t->finished)
			return;
	}
	sim_stop();
}

static void start_programs(struct machine *m)
{
	const struct scenario *sc = m->sc;
	struct workload_set *set = &m->workloads;

	set->w = calloc(sc->nr_tasks, sizeof(*set->w));
	assert_non_null(set->w);
	set->sb = m->sb;
	set->log_sb = m->log_sb;
	set->finished = stop_when_until_done;
	for (size_t i = 0; i < sc->nr_tasks; i++) {
		struct scenario_task *task = &sc->tasks[i];
		struct workload *w = &set->w[i];
		struct scenario_error err;

		w->ops = task->program;
		assert_non_null(w->ops);
		snprintf(w->name, sizeof(w->name), "%s", task->name);
		w->set = set;
		w->params = calloc(1, w->ops->params_size);
		if (scenario_task_apply(sc, task, w->ops->params, w->ops->nr_params,
					w->params, &err) ||
		    (w->ops->validate && w->ops->validate(sc, task, w->params, &err)))
			fail_msg("%s", err.msg);
		set->nr++;
	}
	for (size_t i = 0; i < set->nr; i++) {
		struct workload *w = &set->w[i];

		w->started = sim_now();
		assert_int_equal(w->ops->start(w), 0);
	}
}

static void boot_profile(const char *text, const char *profile)
{
	struct scenario_error err;
	char msg[256];

	rig.sc = parse(text, &err);
	if (!rig.sc)
		fail_msg("%s", err.msg);
	rig.booted = true;
	if (machine_boot(&rig.m, rig.sc, 1, profile, msg, sizeof(msg)))
		fail_msg("machine_boot: %s", msg);
	start_programs(&rig.m);
}

static void boot(const char *text)
{
	boot_profile(text, NULL);
}

static void shutdown(void)
{
	if (!rig.booted)
		return;
	rig.booted = false;
	machine_teardown(&rig.m);
	scenario_free(rig.sc);
	rig.sc = NULL;
}

static int teardown(void **state)
{
	(void)state;
	shutdown();
	return 0;
}

static void run_for(sim_time_t ns)
{
	sim_run(sim_now() + ns);
}

static struct workload *W(const char *name)
{
	struct workload *w = workload_find_task(&rig.m.workloads, name);

	assert_non_null(w);
	return w;
}

static struct program_counters *C(const char *name)
{
	return program_counters(W(name));
}

static struct run_result collect(void)
{
	struct run_result r;

	result_init(&r);
	for (size_t i = 0; i < rig.m.workloads.nr; i++)
		if (rig.m.workloads.w[i].ops->collect)
			rig.m.workloads.w[i].ops->collect(&rig.m.workloads.w[i], &r);
	return r;
}

static struct inode *file_on_volume(const char *name)
{
	struct inode *inode = ext3_lookup(rig.m.sb, name);

	assert_non_null(inode);
	return inode;
}

static void kill_task(const char *name)
{
	struct task_struct *p = W(name)->task;

	assert_non_null(p);
	p->tif_flags |= 1UL << TIF_SIGKILL;
}

static void assert_exited(const char *name, bool killed)
{
	struct workload *w = W(name);

	assert_true(w->finished);
	assert_true(program_counters(w)->exited);
	assert_int_equal(program_counters(w)->killed, killed);
	assert_int_equal(w->task->state, TASK_DEAD);
	assert_null(w->task->mm);
}

/* ---- the registry and the key tables -------------------------------- */

static void test_every_program_registered(void **state)
{
	/* In the order docs/workloads.md, --help and messages list them. */
	static const char *const listed[] = {
		"gitk", "music", "netrx", "reader", "writer", "anonhog",
		"sleeper", "replay", "latency-output", "monitor",
	};
	size_t n = 0;

	(void)state;
	for (size_t i = 0; i < sizeof(listed) / sizeof(listed[0]); i++) {
		const struct workload_ops *ops = workload_find(listed[i]);

		assert_non_null(ops);
		assert_string_equal(ops->name, listed[i]);
		assert_ptr_equal(workload_programs()[i], ops);
		assert_string_equal(workload_program_names()[i], listed[i]);
	}
	assert_null(workload_find("gitk2"));
	for (const struct workload_ops *const *p = workload_programs(); *p; p++) {
		const struct workload_ops *ops = *p;

		n++;
		assert_non_null(ops->start);
		assert_non_null(ops->release);
		assert_true(ops->params_size > 0);
		for (size_t k = 0; k < ops->nr_params; k++) {
			const struct param_spec *sp = &ops->params[k];

			assert_non_null(sp->doc);
			assert_true(strlen(sp->doc) > 10);
			assert_true(sp->offset + sp->size <= ops->params_size);
			assert_string_not_equal(sp->key, "program");
			/* No default and not required: says what unset means,
			 * unless it is an empty text. */
			if (!sp->def && !sp->required && sp->type != PARAM_STRING)
				assert_non_null(sp->unset);
			for (size_t j = 0; j < k; j++)
				assert_string_not_equal(sp->key, ops->params[j].key);
		}
	}
	assert_int_equal(n, sizeof(listed) / sizeof(listed[0]));
}

/* docs/workloads.md has a "## NAME" section per program and a table row
 * "| `key` | DEFAULT |" for every key of it. */
static void test_docs_list_every_key(void **state)
{
	FILE *f = fopen("docs/workloads.md", "r");
	char *doc;
	long len;

	(void)state;
	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	len = ftell(f);
	rewind(f);
	doc = calloc(1, (size_t)len + 1);
	assert_int_equal(fread(doc, 1, (size_t)len, f), (size_t)len);
	fclose(f);
	for (const struct workload_ops *const *p = workload_programs(); *p; p++) {
		char head[64], row[128];
		char *sec, *end;

		snprintf(head, sizeof(head), "\n## %s\n", (*p)->name);
		sec = strstr(doc, head);
		if (!sec)
			fail_msg("docs/workloads.md: no section '## %s'", (*p)->name);
		sec += strlen(head);
		end = strstr(sec, "\n## ");
		if (end)
			*end = '\0';
		for (size_t k = 0; k < (*p)->nr_params; k++) {
			const struct param_spec *sp = &(*p)->params[k];

			/* The row shows the default as a file would write it. */
			if (sp->def || sp->required)
				snprintf(row, sizeof(row), "| `%s` | %s |", sp->key,
					 sp->def ? sp->def : "(required)");
			else
				snprintf(row, sizeof(row), "| `%s` | (", sp->key);
			if (!strstr(sec, row))
				fail_msg("docs/workloads.md: %s has no row '%s'",
					 (*p)->name, row);
		}
		if (end)
			*end = '\n';
	}
	free(doc);
}

/* The embedded defaults load with every program's checks, and their gitk
 * processes together hold more than the machine's memory: the run must
 * swap. */
static void test_default_scenarios_load(void **state)
{
	const char *archs[] = { NULL, "x86" };

	(void)state;
	for (int a = 0; a < 2; a++) {
		struct scenario_error err;
		struct scenario *sc = scenario_load(NULL, archs[a], &err);
		struct scenario_task *gitk;
		int64_t commits, instances;
		uint64_t decoded, entry;

		if (!sc)
			fail_msg("%s", err.msg);
		assert_true(scenario_find_task(sc, "gitk") >= 0);
		assert_true(scenario_find_task(sc, "netrx") >= 0);
		assert_true(scenario_find_task(sc, "music") >= 0);
		gitk = &sc->tasks[scenario_find_task(sc, "gitk")];
		assert_int_equal(scenario_task_get_int(sc, gitk, "commits", NULL, 1,
						       INT64_MAX, &commits, &err), 0);
		assert_int_equal(scenario_task_get_size(sc, gitk, "decoded_bytes",
							NULL, 0, UINT64_MAX, &decoded,
							&err), 0);
		assert_int_equal(scenario_task_get_size(sc, gitk, "hash_entry", NULL,
							0, UINT64_MAX, &entry, &err), 0);
		assert_int_equal(scenario_task_get_int(sc, gitk, "instances", NULL,
						       1, INT64_MAX, &instances,
						       &err), 0);
		/* 4 x 170000 x (900 + 128) = 699040000 > 512 MiB = 536870912,
		 * while one process alone (174760000) would fit. */
		assert_true((uint64_t)instances * (uint64_t)commits *
			    (decoded + entry) > sc->machine.mem);
		assert_true((uint64_t)commits * (decoded + entry) < sc->machine.mem);
		scenario_free(sc);
	}
}

static void expect_error(const char *text, const char *want)
{
	struct scenario_error err;
	struct scenario *sc = parse(text, &err);

	if (sc) {
		scenario_free(sc);
		fail_msg("accepted; wanted: %s", want);
	}
	if (strcmp(err.msg, want))
		fail_msg("got:  %s\nwant: %s", err.msg, want);
}

static void test_bad_task_keys(void **state)
{
	(void)state;
	expect_error(MACHINE_64M "[task m]\nprogram = music\nnet = nosuch\n",
		     "test.ini:11: net = 'nosuch': no such task (the name of a "
		     "[task NAME] with program netrx)");
	expect_error(MACHINE_64M "[task s]\nprogram = sleeper\n"
		     "[task m]\nprogram = music\nnet = s\n",
		     "test.ini:13: net = 's': task s runs program sleeper (a task "
		     "with program netrx)");
	expect_error(MACHINE_64M "[task m]\nprogram = music\n",
		     "test.ini:9: missing key 'net' in [task m] (program music "
		     "needs it: text of at most 15 characters)");
	/* 1929 - 482 = 1447 < 1448; 1930 - 482 = 1448. */
	expect_error(MACHINE_64M "[task n]\nprogram = netrx\nrcvbuf = 1929B\n",
		     "test.ini:11: [task n]: rcvbuf (1929 bytes) offers a window "
		     "of 1447 bytes, less than one payload (1448 bytes) (at least "
		     "1930 bytes: the window is 3/4 of rcvbuf)");
	expect_error(MACHINE_64M "[task n]\nprogram = netrx\ncpu = 2\n",
		     "test.ini:9: [task n]: cpu 2 does not exist (the machine has "
		     "2 CPUs: 0 to 1)");
	expect_error(MACHINE_64M "[task g]\nprogram = gitk\ncommits = 10\n",
		     "test.ini:9: [task g]: print_every (1000) exceeds commits (10) "
		     "(at most commits, or no line is ever printed)");
	/* 10000000 x 200 bytes = 2000000000 > 1 GiB */
	expect_error(MACHINE_64M "[task g]\nprogram = gitk\ncommits = 10000000\n"
		     "log_bytes = 200B\n",
		     "test.ini:9: [task g]: the repository (commits x log_bytes = "
		     "2000000000 bytes) does not fit the filesystem volume (at most "
		     "fs_size, 1073741824 bytes)");
	expect_error(MACHINE_64M "[task l]\nprogram = latency-output\nwatch = g\n",
		     "test.ini:9: [task l]: watch = 'g': no such task (a [task NAME] "
		     "whose program prints lines)");
	expect_error(MACHINE_64M_LOGFS "[task l]\nprogram = latency-output\n"
		     "watch = g\n" SMALL_GITK,
		     "test.ini:10: [task l]: watch = 'g': that task comes later in "
		     "the file (the task it watches must come first, so that its "
		     "output exists when this starts)");
	expect_error(MACHINE_64M_LOGFS "[task s]\nprogram = sleeper\n"
		     "[task l]\nprogram = latency-output\nwatch = s\n",
		     "test.ini:12: [task l]: watch = 's': program sleeper prints "
		     "nothing (a task of a program that prints lines: gitk, music)");
	expect_error(MACHINE_64M "[task m]\nprogram = monitor\n",
		     "test.ini:9: [task m]: fs = log needs the machine's log "
		     "filesystem (set [machine] logfs_size, or fs = scratch)");
	expect_error(MACHINE_64M "[task h]\nprogram = anonhog\nsize = 512M\n",
		     "test.ini:9: [task h]: size 536870912 exceeds memory and swap "
		     "(at most mem + swap_size, 335544320 bytes)");
	expect_error(MACHINE_64M "[task r]\nprogram = replay\n"
		     "trace = /nonexistent/trace.txt\n",
		     "test.ini:11: trace = '/nonexistent/trace.txt': "
		     "/nonexistent/trace.txt: No such file or directory");
	{
		struct scenario_error err;

		assert_null(parse(MACHINE_64M "[task g]\nprogram = gitk\nbogus = 1\n",
				  &err));
		assert_non_null(strstr(err.msg, "test.ini:11: unknown key 'bogus' in "
				       "[task g] (program gitk takes commits, "));
	}
}

/* ---- gitk ------------------------------------------------------------ */

/* Where a process's time went, all classes together. */
static sim_time_t sum_times(const uint64_t *t)
{
	sim_time_t s = 0;

	for (int k = 0; k < NR_TASK_TIME; k++)
		s += t[k];
	return s;
}


static void test_gitk_reads_buffers_maps_and_prints(void **state)
{
	struct program_counters *c;
	struct run_result r;
	struct inode *pack;
	const struct latency_sample *lat;
	sim_time_t sum = 0;
	size_t nr;
	struct workload *w;

	(void)state;
	boot(MACHINE_64M "[run]\nuntil = g-done\n" SMALL_GITK);
	run_for(60 * NSEC_PER_SEC);
	w = W("g");
	c = program_counters(w);
	assert_exited("g", false);
	assert_int_equal(c->loops, 2);
	/* 2 loops x 2000 commits x 1024 bytes of log */
	assert_int_equal(c->bytes_read, 2 * 2000 * 1024);
	pack = file_on_volume("linux-2.6/.git/objects/pack/pack-00.pack");
	assert_int_equal(pack->i_size, 2000 * 1024);
	assert_int_equal(pack->i_count, 0);	/* closed */
	/* 2 loops x 2 passes (load, map) x 2000 / 250 lines */
	assert_int_equal(c->lines, 32);
	/* Per loop: 2000 x 4 KiB = 2000 buffer pages, and the map's
	 * 2000 x 64 B = 32 pages, each hit by some of the 2000 inserts
	 * (the commits' slots spread over the table as SHA-1s do). */
	assert_int_equal(c->anon_pages, 2 * (2000 + 32));
	/* Load writes and map-pass reads 2000 buffer pages, 2000 inserts. */
	assert_true(c->anon_accesses >= 2 * 3 * 2000);
	/* CPU alone: 2 x (2000 x 150 us + 2048000 B x 20 ns) = 681.92 ms */
	r = collect();
	assert_true(result_bool(&r, "gitk_done"));
	assert_true(result_uint(&r, "gitk_elapsed") >= 681920 * NSEC_PER_USEC);
	assert_int_equal(result_uint(&r, "gitk_elapsed"), w->ended - w->started);
	lat = result_records(&r, "latency", &nr);
	assert_int_equal(nr, 32);
	for (size_t i = 0; i < nr; i++)
		sum += lat[i].latency;
	/* Each sample is the time since the previous line, the first since
	 * the start: they add up to the last line's time. */
	assert_int_equal(sum, lat[nr - 1].when - w->started);
	assert_true(lat[nr - 1].when <= w->ended);
	/* Everything was unmapped: no anonymous page is left. */
	assert_int_equal(global_page_state(NR_ANON_PAGES), 0);
	result_free(&r);
	shutdown();
}

/* A buffer larger than the machine goes to swap, and the map pass reads
 * it back from there. */
static void test_gitk_buffer_swaps(void **state)
{
	struct program_counters *c;

	(void)state;
	boot(MACHINE_64M "[run]\nuntil = g-done\n"
	     "[task g]\nprogram = gitk\ncommits = 20000\nlog_bytes = 256B\n"
	     "decoded_bytes = 4K\nhash_entry = 0\nprint_every = 1000\nloops = 1\n"
	     "cpu_per_commit = 10us\nmap_cpu_per_commit = 10us\n");
	run_for(600 * NSEC_PER_SEC);
	c = C("g");
	assert_exited("g", false);
	assert_int_equal(c->anon_pages, 20000);
	/* 20000 buffer pages on a machine of 16384 pages: at least
	 * 20000 - 16384 = 3616 of them were written to swap. */
	assert_true(vm_events[PSWPOUT] >= 3616);
	assert_true(vm_events[PSWPIN] > 0);
	assert_true(c->major_faults > 0);
	/* Where its time went adds up, and some of it was the swap-in's. */
	{
		struct run_result r = collect();
		const struct process_time_record *g =
			result_records(&r, "gitk_instances", NULL);

		assert_int_equal(sum_times(g[0].time), g[0].elapsed);
		assert_true(g[0].time[TT_SWAPIN] > 0);
		result_free(&r);
	}
	shutdown();
}

/* A gitk run of scenario @text to its end. */
static struct run_result run_small_gitk_text(const char *text)
{
	boot(text);
	run_for(120 * NSEC_PER_SEC);
	assert_exited("g", false);
	return collect();
}

/* The gitk_instances records of a run of SMALL_GITK with @extra keys. */
static struct run_result run_small_gitk(const char *extra)
{
	char text[1024];

	snprintf(text, sizeof(text), "%s%s%s%s", MACHINE_64M,
		 "[run]\nuntil = g-done\n", SMALL_GITK, extra);
	boot(text);
	run_for(120 * NSEC_PER_SEC);
	assert_exited("g", false);
	return collect();
}

/*
 * Three processes started 2 s apart: each does what one does, Elapsed is
 * the mean of their elapsed times (or the last-started one's, or the
 * longest), each one's time adds up to its elapsed time, and the
 * run's gitk_time is their sum.
 */
static void test_gitk_instances(void **state)
{
	const struct process_time_record *g;
	const struct latency_sample *lat;
	const char *const *names;
	const uint64_t *sum;
	struct program_counters *c;
	struct run_result r;
	uint64_t mean = 0, longest = 0;
	sim_time_t sum_lat = 0;
	size_t nr;

	(void)state;
	/* The saved classes are the engine's, in its order, as the
	 * record's declaration says. */
	assert_int_equal(process_time_classes("gitk_instances", &names),
			 NR_TASK_TIME);
	for (int k = 0; k < NR_TASK_TIME; k++)
		assert_string_equal(names[k], task_time_names[k]);
	r = run_small_gitk("instances = 3\nstagger = 2s\n");
	c = C("g");
	assert_int_equal(c->loops, 3 * 2);
	assert_int_equal(c->bytes_read, 3 * 2 * 2000 * 1024);
	assert_int_equal(c->lines, 3 * 32);
	g = result_records(&r, "gitk_instances", &nr);
	assert_int_equal(nr, 3);
	sum = result_uints(&r, "gitk_time");
	for (size_t i = 0; i < nr; i++) {
		assert_int_equal(g[i].instance, i);
		assert_int_equal(g[i].started, i * 2 * NSEC_PER_SEC);
		assert_true(g[i].done);
		assert_int_equal(sum_times(g[i].time), g[i].elapsed);
		/* Its CPU, as one process's (see above): 681.92 ms. */
		assert_true(g[i].time[TT_CPU] >= 681920 * NSEC_PER_USEC);
		mean += g[i].elapsed;
		longest = max(longest, g[i].elapsed);
	}
	for (int k = 0; k < NR_TASK_TIME; k++)
		assert_int_equal(sum[k], g[0].time[k] + g[1].time[k] + g[2].time[k]);
	assert_int_equal(result_uint(&r, "gitk_elapsed"), (mean + 1) / 3);
	assert_true(result_bool(&r, "gitk_done"));
	/* The latency series is the last-started process's 32 lines. */
	lat = result_records(&r, "latency", &nr);
	assert_int_equal(nr, 32);
	for (size_t i = 0; i < nr; i++)
		sum_lat += lat[i].latency;
	assert_int_equal(sum_lat, lat[nr - 1].when - g[2].started);
	result_free(&r);
	shutdown();

	r = run_small_gitk("instances = 3\nstagger = 2s\nelapsed = max\n");
	g = result_records(&r, "gitk_instances", &nr);
	assert_int_equal(result_uint(&r, "gitk_elapsed"),
			 max(max(g[0].elapsed, g[1].elapsed), g[2].elapsed));
	result_free(&r);
	shutdown();

	r = run_small_gitk("instances = 3\nstagger = 2s\nelapsed = last\n");
	g = result_records(&r, "gitk_instances", &nr);
	assert_int_equal(result_uint(&r, "gitk_elapsed"), g[2].elapsed);
	result_free(&r);
	shutdown();
}

/*
 * git maps its pack: with pack_access = mmap the pack's pages come in by
 * major faults (readahead around each miss), with read() by none; the
 * bytes of log are the same.
 */
static void test_gitk_pack_access(void **state)
{
	struct run_result r;

	(void)state;
	r = run_small_gitk("pack_access = mmap\n");
	assert_int_equal(C("g")->bytes_read, 2 * 2000 * 1024);
	assert_true(vm_events[PGMAJFAULT] > 0);
	assert_int_equal(C("g")->major_faults, 0);	/* none of them anonymous */
	result_free(&r);
	shutdown();
	r = run_small_gitk("pack_access = read\n");
	assert_int_equal(C("g")->bytes_read, 2 * 2000 * 1024);
	assert_int_equal(vm_events[PGMAJFAULT], 0);
	result_free(&r);
	shutdown();
}

/*
 * producer = pipe: git log is a process of its own per iteration, and
 * gitk reads the log's text off a pipe.  The log read is the same; the
 * pack's reads are git's, so gitk waits for none; git's heap comes back
 * with it; every second pass is counted.
 */
static void test_gitk_pipe_producer(void **state)
{
	const struct process_time_record *g;
	struct program_counters *c;
	struct run_result r;
	size_t nr;

	(void)state;
	r = run_small_gitk("producer = pipe\ngit_heap = 256B\n");
	c = C("g");
	assert_int_equal(c->loops, 2);
	assert_int_equal(c->bytes_read, 2 * 2000 * 1024);
	assert_int_equal(c->lines, 32);
	/* git's heap: 2000 x 256 B = 125 pages each iteration, besides
	 * gitk's 2000 + 32. */
	assert_int_equal(c->anon_pages, 2 * (2000 + 32 + 125));
	g = result_records(&r, "gitk_instances", &nr);
	assert_int_equal(nr, 1);
	assert_true(g[0].done);
	assert_int_equal(g[0].time[TT_FILE_READ], 0);
	assert_int_equal(g[0].passes, 2);
	assert_int_equal(sum_times(g[0].time), g[0].elapsed);
	/* Nothing is left mapped. */
	assert_int_equal(global_page_state(NR_ANON_PAGES), 0);
	result_free(&r);
	shutdown();

	/* The same run inline: gitk reads the pack itself, and waits for it. */
	r = run_small_gitk("producer = inline\n");
	g = result_records(&r, "gitk_instances", &nr);
	assert_true(g[0].time[TT_FILE_READ] > 0);
	assert_int_equal(C("g")->anon_pages, 2 * (2000 + 32));
	result_free(&r);
	shutdown();
}

/* producer = pipe needs text to send. */
static void test_gitk_pipe_needs_text(void **state)
{
	(void)state;
	expect_error(MACHINE_64M "[task g]\nprogram = gitk\ncommits = 10\n"
		     "print_every = 5\nproducer = pipe\ndecoded_bytes = 0\n",
		     "test.ini:9: [task g]: producer = pipe sends the log's text "
		     "through the pipe: decoded_bytes must be above 0 (or "
		     "producer = inline)");
}

/*
 * A buffer larger than memory, read back first to last, reads the pages
 * reclaim took first, each just before it is needed; last to first, it
 * finds the most recently written still in memory.  The backward pass
 * takes fewer swap-ins; both read every page and count the pass.
 */
static void test_gitk_map_order(void **state)
{
	uint64_t swapins[2];

	(void)state;
	for (int o = 0; o < 2; o++) {
		char text[1024];
		struct run_result r;
		const struct process_time_record *g;

		snprintf(text, sizeof(text), MACHINE_64M "[run]\nuntil = g-done\n"
			 "[task g]\nprogram = gitk\ncommits = 20000\n"
			 "log_bytes = 256B\ndecoded_bytes = 4K\nhash_entry = 0\n"
			 "print_every = 1000\nloops = 1\ncpu_per_commit = 10us\n"
			 "map_cpu_per_commit = 10us\nmap_order = %s\n",
			 o ? "backward" : "forward");
		boot(text);
		run_for(600 * NSEC_PER_SEC);
		assert_exited("g", false);
		assert_int_equal(C("g")->lines, 40);
		r = collect();
		g = result_records(&r, "gitk_instances", NULL);
		assert_true(g[0].done);
		assert_int_equal(g[0].passes, 1);
		swapins[o] = g[0].swapins;
		result_free(&r);
		shutdown();
	}
	/* 20000 pages on a machine of 16384: forward, at least the 3616
	 * that went out come back in, a major fault reading 8 of them
	 * (swapin_readahead(), page_cluster 3). */
	assert_true(swapins[0] >= 3616 / 8);
	assert_true(swapins[1] < swapins[0]);
}

/*
 * A commit's slot in the map comes from the commit, as its SHA-1 decides
 * it, not from the run's seed: two seeds touch the same map pages, and
 * commits share pages as a hash table's entries collide.
 */
static void test_gitk_slots_from_commit(void **state)
{
	uint64_t pages[2];

	(void)state;
	for (int s = 0; s < 2; s++) {
		char text[1024];
		struct run_result r;

		snprintf(text, sizeof(text), MACHINE_64M "[run]\nuntil = g-done\n"
			 "seed = %d\n[task g]\nprogram = gitk\ncommits = 2000\n"
			 "log_bytes = 1K\ndecoded_bytes = 4K\nhash_entry = 4K\n"
			 "print_every = 250\nloops = 1\n", s + 1);
		r = run_small_gitk_text(text);
		pages[s] = C("g")->anon_pages;
		result_free(&r);
		shutdown();
	}
	assert_int_equal(pages[0], pages[1]);
	/* 2000 buffer pages and fewer than 2000 map pages: about
	 * 2000 (1 - 1/e) = 1264 distinct slots of 2000. */
	assert_true(pages[0] > 2000 + 1100 && pages[0] < 2000 + 1400);
}

/* map_pass = off: the map is built while loading, one pass, half the lines. */
static void test_gitk_map_while_loading(void **state)
{
	struct program_counters *c;

	(void)state;
	boot(MACHINE_64M "[run]\nuntil = g-done\n" SMALL_GITK "map_pass = off\n");
	run_for(60 * NSEC_PER_SEC);
	c = C("g");
	assert_exited("g", false);
	assert_int_equal(c->lines, 2 * 2000 / 250);
	assert_int_equal(c->anon_pages, 2 * (2000 + 32));
	shutdown();
}

/* ---- the harness ------------------------------------------------------ */

/* The processes named @comm that exist, dead or alive. */
static unsigned int count_tasks(const char *comm)
{
	unsigned int n = 0;

	for (struct task_struct *p = task_next(NULL); p; p = task_next(p))
		n += !strcmp(p->comm, comm);
	return n;
}

/*
 * latency-output reads each gitk process's lines through its own expect:
 * two more processes per gitk process, every line recorded once (the
 * series gitk's run result has), at the time latency-output read it,
 * which is after gitk printed it, and appended to a log on the normal
 * partition; they exit when gitk has.
 */
static void test_latency_output_pipeline(void **state)
{
	const struct latency_sample *lat;
	struct program_counters *lo;
	struct run_result r;
	struct inode *log;
	sim_time_t sum = 0;
	size_t nr;

	(void)state;
	boot(MACHINE_64M_LOGFS "[run]\nuntil = g-done\n" SMALL_GITK
	     "instances = 2\n"
	     "[task lo]\nprogram = latency-output\nwatch = g\nline_bytes = 100B\n"
	     "cpu_per_line = 1ms\n");
	assert_int_equal(count_tasks("expect"), 2);
	assert_int_equal(count_tasks("latency-output"), 2);
	run_for(120 * NSEC_PER_SEC);
	assert_exited("g", false);
	/* The run stops with gitk: let the pipelines drain and exit. */
	rig.sc->run.until.nr_tasks = 0;
	run_for(NSEC_PER_SEC);
	assert_exited("lo", false);
	lo = C("lo");
	assert_int_equal(lo->lines, 2 * 32);
	assert_int_equal(C("g")->lines, 2 * 32);
	for (int i = 0; i < 2; i++) {
		char name[64];

		snprintf(name, sizeof(name), "logs/g-%d.latency", i);
		log = ext3_lookup(rig.m.log_sb, name);
		assert_non_null(log);
		assert_int_equal(log->i_size, 32 * 100);
	}
	/* Not on the scratch volume. */
	assert_null(ext3_lookup(rig.m.sb, "logs/g-0.latency"));
	r = collect();
	/* The last process's lines, as latency-output recorded them: they
	 * still add up to its last line's time, each at least the 1 ms
	 * latency-output spends on the one before it. */
	lat = result_records(&r, "latency", &nr);
	assert_int_equal(nr, 32);
	for (size_t i = 0; i < 32; i++) {
		sum += lat[i].latency;
		if (i)
			assert_true(lat[i].latency >= NSEC_PER_MSEC);
	}
	assert_int_equal(sum, lat[31].when);
	result_free(&r);
	shutdown();
}

/* A monitor samples every interval, from its start: a line each time. */
static void test_monitor_samples(void **state)
{
	struct inode *log;

	(void)state;
	boot(MACHINE_64M_LOGFS "[task watch-swapio]\nprogram = monitor\n"
	     "interval = 2s\nline_bytes = 30B\ncpu = 1ms\n");
	run_for(9 * NSEC_PER_SEC);
	/* At 0, 2, 4, 6 and 8 s (plus its work). */
	assert_int_equal(C("watch-swapio")->loops, 5);
	log = ext3_lookup(rig.m.log_sb, "logs/watch-swapio.log");
	assert_non_null(log);
	assert_int_equal(log->i_size, 5 * 30);
	assert_false(W("watch-swapio")->finished);
	shutdown();
}

/*
 * Its shell's children: per sample `forks` short-lived ones and the sleep,
 * each an order-1 stack allocated in the monitor's context (kernel/fork.c
 * alloc_child_stack()).  Samples at 0, 2, 4, 6 and 8 s: 5 x (3 + 1) = 20
 * children, and the monitor's own stack at its spawn, 21 order-1
 * allocations for a kernel stack that may sleep.  At 9 s the monitor and
 * the sleep begun at 8 s hold a stack each: NR_KERNEL_STACK 2.
 */
static void test_monitor_forks_children(void **state)
{
	const uint64_t *sleeping;
	struct run_result r;

	(void)state;
	boot(MACHINE_64M_LOGFS "[task watch-swapio]\nprogram = monitor\n"
	     "interval = 2s\ncpu = 3ms\nforks = 3\n");
	run_for(9 * NSEC_PER_SEC);
	assert_int_equal(C("watch-swapio")->loops, 5);
	assert_int_equal(global_page_state_snapshot(NR_KERNEL_STACK), 2);
	result_init(&r);
	/* mm/page_alloc.c's one hook fills the allocator's measures. */
	metrics_find("drain_all_pages")->collect(&r);
	sleeping = result_uints(&r, "highorder_sleeping");
	assert_int_equal(sleeping[ALLOC_CALLER_STACK * 4 + 0], 21);
	assert_int_equal(sleeping[ALLOC_CALLER_STACK * 4 + 1], 0);
	result_free(&r);
	shutdown();
}

/* ---- netrx and music ------------------------------------------------- */

#define NET_MUSIC(extra_netrx)						\
	"[task n]\nprogram = netrx\nbwlimit = 1M\n" extra_netrx		\
	"[task m]\nprogram = music\nnet = n\nfile_size = 256K\nfiles = 4\n"

static void test_music_writes_the_folder(void **state)
{
	const struct simnic_stats *s;
	struct program_counters *c;
	struct run_result r;
	unsigned long packets;

	(void)state;
	boot_profile(MACHINE_64M NET_MUSIC(""), "2.6.32-rc6-0000000-force-highorder");
	/* force-highorder: the default order is 2. */
	assert_int_equal(netrx_program_order(W("n")), 2);
	run_for(3 * NSEC_PER_SEC);
	c = C("m");
	assert_exited("m", false);
	/* The folder: 4 files of 256 KiB, complete (1 MiB at 1 MiB/s). */
	assert_int_equal(c->bytes_written, 4 * 262144);
	assert_int_equal(c->loops, 4);
	for (int i = 0; i < 4; i++) {
		char name[64];
		struct inode *inode;

		snprintf(name, sizeof(name), "music/track-%04d.ogg", i);
		inode = file_on_volume(name);
		assert_int_equal(inode->i_size, 262144);
		assert_int_equal(inode->i_count, 0);
	}
	s = simnic_stats(netrx_nic(netrx_program_device(W("n"))));
	/* 1048576 / 1448 = 724.2: at least 725 packets of 1448 bytes. */
	assert_true(s->packets >= 725);
	assert_true(c->bytes_received >= 1048576);
	assert_true(s->refills >= s->packets);
	assert_int_equal(s->dropped, 0);
	/* rsync exited: the connection closed, nothing arrives any more. */
	packets = s->packets;
	run_for(NSEC_PER_SEC);
	assert_int_equal(s->packets, packets);
	assert_false(W("n")->finished);	/* a device is never done */
	r = collect();
	assert_int_equal(result_uint(&r, "music_bytes"), 4 * 262144);
	assert_int_equal(result_uint(&r, "packets_received"), s->packets);
	assert_int_equal(result_uint(&r, "packets_dropped"), 0);
	result_free(&r);
	shutdown();
}

static void test_netrx_order_follows_profile(void **state)
{
	(void)state;
	boot_profile(MACHINE_64M NET_MUSIC(""), "2.6.32-rc6");
	assert_int_equal(netrx_program_order(W("n")), 0);
	shutdown();
	boot_profile(MACHINE_64M NET_MUSIC("order = 3\n"),
		     "2.6.32-rc6-0000000-force-highorder");
	assert_int_equal(netrx_program_order(W("n")), 3);
	run_for(NSEC_PER_SEC / 2);
	assert_true(simnic_stats(netrx_nic(netrx_program_device(W("n"))))->packets
		    > 0);
	shutdown();
}

/*
 * Nobody reads the socket: the sender fills the window it is offered and
 * then waits, probing the closed window every retransmit interval.  The
 * order-2 buffers (truesize 8744 for 1448 bytes) put the queue over
 * rcvbuf long before the payload could: TCP prunes and collapses them
 * into compact order-0 skbs.  What the queue holds is the payload the
 * sender sent, charged at the skbs' truesize, never more than one
 * segment's truesize over rcvbuf, and nothing beyond the offered edge.
 */
static void test_netrx_unread_socket_prunes(void **state)
{
	const struct simnic_stats *s;
	const struct netrx_stats *sender;
	const struct tcp_sock *sk;
	const struct sk_buff *skb;
	unsigned long len = 0, truesize = 0;

	(void)state;
	boot_profile(MACHINE_64M "[task n]\nprogram = netrx\nbwlimit = 1M\n"
		     "rcvbuf = 64K\n", "2.6.32-rc6-0000000-force-highorder");
	run_for(2 * NSEC_PER_SEC);
	s = simnic_stats(netrx_nic(netrx_program_device(W("n"))));
	sender = netrx_stats(netrx_program_device(W("n")));
	sk = simnic_sock(netrx_nic(netrx_program_device(W("n"))));
	assert_true(sk->mib.prune_called > 0);
	assert_true(sk->mib.rcv_collapsed > 0);
	/* Drops only where a prune failed (tcp_mem is far away). */
	assert_int_equal(sk->mib.rmem_dropped, sk->mib.rcv_pruned);
	assert_true(sender->throttled > 0);
	assert_true(sender->window_probes > 0);
	/* 2 s at 1 MB/s would be 1448 packets; the window stopped it. */
	assert_true(s->packets < 100);
	assert_int_equal(sk->rcv_nxt, (uint32_t)(s->packets * 1448));
	assert_int_equal(sk->copied_seq, 0);
	list_for_each_entry(skb, &sk->sk_receive_queue, list) {
		len += skb->len;
		truesize += skb->truesize;
	}
	assert_int_equal(len, sk->rcv_nxt);
	assert_int_equal(truesize, sk->sk_rmem_alloc);
	assert_true(sk->sk_rmem_alloc <= 65536 + 8744);
	assert_false(after(sk->rcv_nxt, sk->rcv_wup + sk->rcv_wnd));
	shutdown();
}

/* A finite stream: the sender stops after total, both ends finish. */
static void test_netrx_total_ends_the_stream(void **state)
{
	const struct simnic_stats *s;

	(void)state;
	boot(MACHINE_64M "[task n]\nprogram = netrx\nbwlimit = 1M\ntotal = 100K\n"
	     "[task m]\nprogram = music\nnet = n\nfile_size = 1M\nfiles = 10\n");
	run_for(2 * NSEC_PER_SEC);
	s = simnic_stats(netrx_nic(netrx_program_device(W("n"))));
	/* ceil(102400 / 1448) = 71 packets: 71 x 1448 = 102808 bytes */
	assert_int_equal(s->packets, 71);
	assert_true(W("n")->finished);
	assert_exited("m", false);
	assert_int_equal(C("m")->bytes_written, 102808);
	assert_int_equal(file_on_volume("music/track-0000.ogg")->i_size, 102808);
	shutdown();
}

/* ---- reader and writer ----------------------------------------------- */

static void test_reader_and_writer(void **state)
{
	struct inode *inode;

	(void)state;
	boot(MACHINE_64M
	     "[task seq]\nprogram = reader\nsize = 4M\nblock = 64K\nloops = 2\n"
	     "[task rnd]\nprogram = reader\nsize = 4M\nblock = 4K\npattern = random\n"
	     "[task w]\nprogram = writer\nsize = 4M\nblock = 64K\nfsync = on\n"
	     "[task wr]\nprogram = writer\nsize = 1M\nblock = 4K\npattern = random\n"
	     "loops = 3\n");
	run_for(10 * NSEC_PER_SEC);
	assert_exited("seq", false);
	assert_exited("rnd", false);
	assert_exited("w", false);
	assert_exited("wr", false);
	/* 2 passes x 4 MiB; 1024 random blocks of 4 KiB */
	assert_int_equal(C("seq")->bytes_read, 2 * 4194304);
	assert_int_equal(C("rnd")->bytes_read, 4194304);
	assert_int_equal(C("seq")->loops, 2);
	/* The files were cold: at least one pass of each came from disk
	 * (4 MiB + 1024 distinct-or-not 4 KiB blocks: > 1024 pages). */
	assert_true(rig.m.sb->s_read_pages >= 1024);
	assert_int_equal(C("w")->bytes_written, 4194304);
	assert_int_equal(C("wr")->bytes_written, 3 * 1048576);
	inode = file_on_volume("w");
	assert_int_equal(inode->i_size, 4194304);
	/* fsync: the pages went to disk and none is dirty. */
	assert_int_equal(inode->i_nr_dirty, 0);
	assert_true(rig.m.sb->s_write_pages >= 1024);
	assert_int_equal(file_on_volume("wr")->i_size, 1048576);
	shutdown();
}

/* rate: block i is issued at i x block / rate. */
static void test_reader_keeps_its_rate(void **state)
{
	struct workload *w;

	(void)state;
	boot(MACHINE_64M "[task r]\nprogram = reader\nsize = 1M\nblock = 64K\n"
	     "rate = 1M\n");
	run_for(3 * NSEC_PER_SEC);
	w = W("r");
	assert_exited("r", false);
	assert_int_equal(C("r")->bytes_read, 1048576);
	/* The 16th block is due at 15 x 65536 / 1048576 s = 937.5 ms. */
	assert_true(w->ended - w->started >= 937500 * NSEC_PER_USEC);
	assert_true(w->ended - w->started < 1100 * NSEC_PER_MSEC);
	shutdown();
}

/* ---- anonhog ---------------------------------------------------------- */

static void test_anonhog_patterns(void **state)
{
	unsigned long hot;

	(void)state;
	boot(MACHINE_64M
	     "[task s]\nprogram = anonhog\nsize = 8M\npasses = 2\n"
	     "[task r]\nprogram = anonhog\nsize = 8M\npattern = random\n"
	     "[task h]\nprogram = anonhog\nsize = 8M\npattern = hotcold\n");
	run_for(5 * NSEC_PER_SEC);
	assert_exited("s", false);
	assert_exited("r", false);
	assert_exited("h", false);
	/* 8 MiB = 2048 pages: 2 passes of 2048 accesses, every page. */
	assert_int_equal(C("s")->anon_accesses, 2 * 2048);
	assert_int_equal(C("s")->anon_pages, 2048);
	assert_int_equal(C("s")->loops, 2);
	/* 2048 uniform picks hit 2048 x (1 - (1 - 1/2048)^2048) = 1295
	 * distinct pages on average (sd about 14). */
	assert_int_equal(C("r")->anon_accesses, 2048);
	assert_in_range(C("r")->anon_pages, 1150, 1450);
	/* hotcold: 0.9 of 2048 accesses = 1843 to the hot pages (sd 13.6);
	 * the hot set is 0.1 x 2048 = 205 pages. */
	hot = anonhog_hot_accesses(W("h"));
	assert_in_range(hot, 1750, 1940);
	assert_true(C("h")->anon_pages <= 205 + (2048 - hot));
	/* Exited: their memory is gone. */
	assert_int_equal(global_page_state(NR_ANON_PAGES), 0);
	shutdown();
}

static void test_anonhog_larger_than_memory(void **state)
{
	struct program_counters *c;

	(void)state;
	boot(MACHINE_64M "[task h]\nprogram = anonhog\nsize = 80M\npasses = 2\n"
	     "cpu_per_page = 0\n");
	run_for(300 * NSEC_PER_SEC);
	c = C("h");
	assert_exited("h", false);
	/* 80 MiB = 20480 pages, more than the machine's 16384 */
	assert_int_equal(c->anon_accesses, 2 * 20480);
	assert_true(vm_events[PSWPOUT] >= 20480 - 16384);
	assert_true(c->major_faults > 0);
	shutdown();
}

/* ---- sleeper ---------------------------------------------------------- */

static void test_sleeper_idle_is_on_time(void **state)
{
	struct run_result r;
	size_t nr;

	(void)state;
	boot(MACHINE_64M "[task z]\nprogram = sleeper\ninterval = 10ms\ncount = 50\n");
	run_for(2 * NSEC_PER_SEC);
	assert_exited("z", false);
	assert_int_equal(C("z")->loops, 50);
	/* An idle machine runs a woken task at once. */
	assert_int_equal(sleeper_max_lateness(W("z")), 0);
	r = collect();
	result_records(&r, "latency", &nr);
	assert_int_equal(nr, 50);
	result_free(&r);
	shutdown();
}

/*
 * On one CPU busy with a hog (2.6.32-rc6: sched_latency 5 ms on one CPU):
 * a sleeper that works briefly preempts the hog as it wakes (the sleeper
 * credit puts its vruntime behind the hog's, check_preempt_wakeup) and is
 * on time; one that works 5 ms, longer than its half of the period, is
 * preempted by a tick and waits for the hog's slice.
 */
static void test_sleeper_sees_a_busy_cpu(void **state)
{
	(void)state;
	boot(MACHINE("64M", "1")
	     "[task hog]\nprogram = anonhog\nsize = 1M\npasses = 0\n"
	     "cpu_per_page = 100us\n"
	     "[task z]\nprogram = sleeper\ninterval = 10ms\ncount = 50\n");
	run_for(2 * NSEC_PER_SEC);
	assert_exited("z", false);
	assert_int_equal(sleeper_max_lateness(W("z")), 0);
	shutdown();

	boot(MACHINE("64M", "1")
	     "[task hog]\nprogram = anonhog\nsize = 1M\npasses = 0\n"
	     "cpu_per_page = 100us\n"
	     "[task z]\nprogram = sleeper\ninterval = 10ms\ncount = 50\n"
	     "work = 5ms\n");
	run_for(2 * NSEC_PER_SEC);
	assert_exited("z", false);
	assert_true(sleeper_max_lateness(W("z")) > 0);
	/* The hog's half of the period, 2.5 ms, ends at the next 4 ms tick. */
	assert_true(sleeper_max_lateness(W("z")) <= 4 * NSEC_PER_MSEC);
	shutdown();
}

/* ---- replay ----------------------------------------------------------- */

static void test_replay_program(void **state)
{
	char path[] = "/tmp/mmsim-test-replay-XXXXXX";
	char text[1024];
	const struct replay_stats *s;
	int fd;

	(void)state;
	fd = mkstemp(path);
	assert_true(fd >= 0);
	dprintf(fd,
		"            gitk-100   [000]     1.000000: mm_page_alloc: page=ffffea0000000000 pfn=1000 order=0 migratetype=2 gfp_flags=GFP_HIGHUSER_MOVABLE\n"
		"            gitk-100   [000]     1.001000: mm_page_alloc: page=ffffea0000000000 pfn=2000 order=2 migratetype=0 gfp_flags=GFP_ATOMIC|GFP_COMP\n"
		"            gitk-100   [000]     1.002000: mm_page_free_direct: page=ffffea0000000000 pfn=1000 order=0\n");
	close(fd);
	snprintf(text, sizeof(text), MACHINE_64M "[task rp]\nprogram = replay\n"
		 "trace = %s\n", path);
	boot(text);
	run_for(NSEC_PER_SEC);
	s = replay_program_stats(W("rp"));
	assert_non_null(s);
	assert_true(s->done);
	assert_int_equal(s->allocs, 2);
	assert_int_equal(s->frees, 1);
	assert_true(W("rp")->finished);
	shutdown();
	unlink(path);
}

/* ---- SIGKILL ---------------------------------------------------------- */

static const char *const every_program[] = {
	"g", "m", "seq", "w", "h", "z", NULL
};

static void test_every_program_exits_on_sigkill(void **state)
{
	(void)state;
	boot(MACHINE_64M
	     "[task g]\nprogram = gitk\ncommits = 20000\nlog_bytes = 256B\n"
	     "decoded_bytes = 2K\nloops = 1000\n"
	     "[task n]\nprogram = netrx\nbwlimit = 1M\n"
	     "[task m]\nprogram = music\nnet = n\nfile_size = 256K\n"
	     "[task seq]\nprogram = reader\nsize = 8M\nloops = 0\n"
	     "[task w]\nprogram = writer\nsize = 8M\nloops = 0\n"
	     "[task h]\nprogram = anonhog\nsize = 16M\npasses = 0\n"
	     "[task z]\nprogram = sleeper\ninterval = 10ms\n");
	run_for(2 * NSEC_PER_SEC);
	for (int i = 0; every_program[i]; i++) {
		assert_false(W(every_program[i])->finished);
		kill_task(every_program[i]);
	}
	assert_true(global_page_state(NR_ANON_PAGES) > 0);
	run_for(2 * NSEC_PER_SEC);
	for (int i = 0; every_program[i]; i++)
		assert_exited(every_program[i], true);
	/* Unmapped and closed, as exit does. */
	assert_int_equal(global_page_state(NR_ANON_PAGES), 0);
	assert_int_equal(file_on_volume("linux-2.6/.git/objects/pack/pack-00.pack")->i_count, 0);
	assert_int_equal(file_on_volume("seq")->i_count, 0);
	assert_int_equal(file_on_volume("w")->i_count, 0);
	assert_int_equal(file_on_volume("music/track-0000.ogg")->i_count, 0);
	{
		struct run_result r = collect();

		assert_false(result_bool(&r, "gitk_done"));
		assert_true(result_uint(&r, "gitk_elapsed") > 0);
		result_free(&r);
	}
	shutdown();
}

/* A run stopped while every program is mid-work tears down cleanly
 * (release frees what the tasks still hold; ASan checks the leaks). */
static void test_teardown_mid_run(void **state)
{
	(void)state;
	boot(MACHINE_64M
	     "[task g]\nprogram = gitk\ncommits = 20000\nlog_bytes = 256B\n"
	     "decoded_bytes = 4K\nloops = 1000\n"
	     "[task n]\nprogram = netrx\nbwlimit = 4M\n"
	     "[task m]\nprogram = music\nnet = n\nfile_size = 256K\n"
	     "[task h]\nprogram = anonhog\nsize = 32M\npasses = 0\n");
	run_for(3 * NSEC_PER_SEC + 12345);
	assert_false(W("g")->finished);
	shutdown();
}

/* ---- a whole run ------------------------------------------------------ */

static const char run_text[] =
	MACHINE("64M", "2") KERNEL("2.6.32-rc6-0000000-force-highorder")
	"[run]\nuntil = g-done\nmax_time = 10m\n"
	"[task g]\nprogram = gitk\ncommits = 10000\nlog_bytes = 512B\n"
	"decoded_bytes = 6K\nprint_every = 500\nloops = 2\n"
	"[task n]\nprogram = netrx\nbwlimit = 200K\n"
	"[task m]\nprogram = music\nnet = n\n";

static void one_run(uint64_t seed, struct run_result *r)
{
	struct scenario_error err;
	struct scenario *sc = parse(run_text, &err);
	struct run_options o = { .seed = seed };
	char msg[256];

	if (!sc)
		fail_msg("%s", err.msg);
	if (run_scenario(sc, &o, r, msg, sizeof(msg)))
		fail_msg("%s", msg);
	scenario_free(sc);
}

static void test_run_measures(void **state)
{
	const struct latency_sample *la, *lb;
	struct run_result a, b;
	size_t na, nb;

	(void)state;
	one_run(7, &a);
	assert_true(result_bool(&a, "gitk_done"));
	assert_true(result_uint(&a, "gitk_elapsed") > 0);
	assert_int_equal(result_uint(&a, "sim_end"), result_uint(&a, "gitk_elapsed"));
	/* 2 loops x 2 passes x 10000 / 500 */
	la = result_records(&a, "latency", &na);
	assert_int_equal(na, 80);
	assert_true(result_uint(&a, "packets_received") > 0);
	assert_true(result_uint(&a, "music_bytes") > 0);
	/* 10000 x 6 KiB = 58.6 MiB of buffer on 64 MiB: it swapped. */
	assert_true(result_uints(&a, "vm_events")[PSWPOUT] > 0);
	/* The disk: busy part of the run; swap-ins are sync reads, the
	 * swap-outs async writes; each class's histogram counts each of its
	 * commands once. */
	assert_true(result_uint(&a, "disk_active") > 0);
	assert_true(result_uint(&a, "disk_active") <= result_uint(&a, "sim_end"));
	for (unsigned int c = 0; c < 2; c++) {
		const struct measure *m = metrics_find("disk_io");
		const uint64_t *row = result_uints(&a, "disk_io") + c * m->dims[1];
		uint64_t in_buckets = 0;

		assert_true(row[0] > 0);
		for (unsigned int k = 2; k < m->dims[1]; k++)
			in_buckets += row[k];
		assert_int_equal(in_buckets, row[0]);
		/* Every command takes at least the drive's 300 us overhead. */
		assert_true(row[1] >= row[0] * 300 * NSEC_PER_USEC);
	}
	assert_int_equal(result_disk_commands(&a, "sync"), result_uints(&a, "disk_io")[
			 metrics_find("disk_io")->dims[1]]);
	one_run(7, &b);
	assert_int_equal(result_uint(&a, "gitk_elapsed"), result_uint(&b, "gitk_elapsed"));
	assert_int_equal(result_uint(&a, "music_bytes"), result_uint(&b, "music_bytes"));
	assert_int_equal(result_uint(&a, "packets_received"),
			 result_uint(&b, "packets_received"));
	lb = result_records(&b, "latency", &nb);
	assert_int_equal(na, nb);
	for (size_t i = 0; i < na; i++)
		assert_int_equal(la[i].when, lb[i].when);
	result_free(&a);
	result_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_program_registered),
		cmocka_unit_test(test_docs_list_every_key),
		cmocka_unit_test(test_default_scenarios_load),
		cmocka_unit_test(test_bad_task_keys),
		cmocka_unit_test_teardown(test_gitk_reads_buffers_maps_and_prints, teardown),
		cmocka_unit_test_teardown(test_gitk_buffer_swaps, teardown),
		cmocka_unit_test_teardown(test_gitk_map_while_loading, teardown),
		cmocka_unit_test_teardown(test_gitk_instances, teardown),
		cmocka_unit_test_teardown(test_gitk_pipe_producer, teardown),
		cmocka_unit_test(test_gitk_pipe_needs_text),
		cmocka_unit_test_teardown(test_gitk_map_order, teardown),
		cmocka_unit_test_teardown(test_gitk_slots_from_commit, teardown),
		cmocka_unit_test_teardown(test_gitk_pack_access, teardown),
		cmocka_unit_test_teardown(test_latency_output_pipeline, teardown),
		cmocka_unit_test_teardown(test_monitor_samples, teardown),
		cmocka_unit_test_teardown(test_monitor_forks_children, teardown),
		cmocka_unit_test_teardown(test_music_writes_the_folder, teardown),
		cmocka_unit_test_teardown(test_netrx_order_follows_profile, teardown),
		cmocka_unit_test_teardown(test_netrx_unread_socket_prunes, teardown),
		cmocka_unit_test_teardown(test_netrx_total_ends_the_stream, teardown),
		cmocka_unit_test_teardown(test_reader_and_writer, teardown),
		cmocka_unit_test_teardown(test_reader_keeps_its_rate, teardown),
		cmocka_unit_test_teardown(test_anonhog_patterns, teardown),
		cmocka_unit_test_teardown(test_anonhog_larger_than_memory, teardown),
		cmocka_unit_test_teardown(test_sleeper_idle_is_on_time, teardown),
		cmocka_unit_test_teardown(test_sleeper_sees_a_busy_cpu, teardown),
		cmocka_unit_test_teardown(test_replay_program, teardown),
		cmocka_unit_test_teardown(test_every_program_exits_on_sigkill, teardown),
		cmocka_unit_test_teardown(test_teardown_mid_run, teardown),
		cmocka_unit_test(test_run_measures),
	};

	return cmocka_run_group_tests_name("workloads", tests, NULL, NULL);
}
