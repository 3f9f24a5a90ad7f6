// SPDX-License-Identifier: GPL-2.0
/*
 * music: the fake music player of the Nov 2009 reproduction, "rsync with
 * bandwidth limits to start downloading a music folder from another
 * machine ... to simulate playing music over NFS".  The bandwidth limit
 * is the sender's (the netrx task named by net = NAME); this side is
 * rsync's receiver: it takes each packet off the socket (copying and
 * checksumming it: CPU per byte), frees the skb, and writes the data in
 * write_size pieces through the page cache into the folder's files, one
 * file after the other, so each write dirties pages and may be throttled
 * in balance_dirty_pages.
 *
 * It is finished when the folder is complete, when the sender's stream
 * ends, or when it is killed; then the connection closes (the sender
 * stops).  Simplified: no temporary file and rename, no file list
 * exchange, no checksum traffic back to the sender.
 */
#include <stdlib.h>
#include <string.h>
#include "program.h"
#include "netrx.h"
#include "linux/kernel.h"
#include "linux/ext3_fs.h"
#include "linux/mm.h"
#include "linux/pagemap.h"
#include "util/xalloc.h"

struct music_params {
	char net[SCENARIO_TASK_NAME_MAX];
	char folder[24];
	uint64_t file_size;
	int64_t files;
	uint64_t write_size;
	uint64_t cpu_per_byte;
};

struct music {
	struct program_counters c;
	const struct music_params *p;
	struct super_block *sb;
	struct netrx *nx;
	struct sk_buff *skb;		/* taken off the socket, not yet freed */
	struct file *file;		/* the file being written */
	unsigned int file_index;
	uint64_t file_pos;
	uint64_t pending;		/* received, not yet written */
	bool folder_done;
	/* rsync -v names each file it has received: a line per file. */
	struct program_stdout out;
};

static bool music_next_file(struct music *m)
{
	char name[64];

	if (m->file_index >= (uint64_t)m->p->files) {
		m->folder_done = true;
		return true;
	}
	snprintf(name, sizeof(name), "%s/track-%04u.ogg", m->p->folder,
		 m->file_index);
	m->file = program_open(m->sb, name, 0, FMODE_WRITE);
	m->file_pos = 0;
	return m->file != NULL;
}

/* Write what was received, write_size at a time (all of it at the end of
 * the stream).  false: stop (killed, or the volume is full). */
static bool music_write(struct music *m, bool all)
{
	const struct music_params *p = m->p;

	while (m->pending && (all || m->pending >= p->write_size)) {
		uint64_t n;
		long ret;

		if (program_killed())
			return false;
		if (!m->file && !music_next_file(m))
			return false;
		if (m->folder_done) {
			/* rsync is done; what else arrives is not kept. */
			m->pending = 0;
			return true;
		}
		n = min(min(m->pending, p->write_size), p->file_size - m->file_pos);
		ret = vfs_write(m->file, (loff_t)m->file_pos, (unsigned long)n);
		if (ret <= 0) {
			/* -ENOMEM or -ENOSPC: rsync would report and retry. */
			program_sleep(jiffies_to_ns(1));
			continue;
		}
		m->file_pos += (uint64_t)ret;
		m->pending -= (uint64_t)ret;
		m->c.bytes_written += (uint64_t)ret;
		if (m->file_pos == p->file_size) {
			program_close(&m->file);
			m->file_index++;
			m->c.loops++;
			program_print_line(&m->out);
			m->c.lines++;
		}
	}
	return true;
}

static void music_main(void *arg)
{
	struct workload *w = arg;
	struct music *m = w->state;
	struct workload *net = workload_find_task(w->set, m->p->net);
	bool ok = true;

	/* The interface comes up when its task starts. */
	while (!(m->nx = net ? netrx_program_device(net) : NULL)) {
		if (program_killed() || !net)
			goto out;
		program_sleep(jiffies_to_ns(1));
	}
	while (ok && !m->folder_done && !program_killed()) {
		/* A bounded wait, so that a kill is noticed. */
		unsigned int used = 0;
		struct sk_buff *skb = netrx_recv(m->nx, (long)max(HZ / 10, 1u),
						 &used);

		if (!skb) {
			if (netrx_finished(m->nx))
				break;
			continue;
		}
		m->skb = skb;
		program_cpu(used, m->p->cpu_per_byte);
		m->c.bytes_received += used;
		m->pending += used;
		m->skb = NULL;
		netrx_free_skb(m->nx, skb, used);
		ok = music_write(m, false);
	}
	if (ok && !program_killed())
		music_write(m, true);
	/* rsync exits: the connection closes and the sender stops. */
	netrx_stop(m->nx);
out:
	program_close(&m->file);
	program_stdout_close(&m->out);
	program_exit(w);
}

static int music_start(struct workload *w)
{
	struct music *m = xcalloc(1, sizeof(*m));

	w->state = m;
	m->p = w->params;
	m->sb = w->set->sb;
	program_stdout_init(&m->out, sim_now());
	program_spawn(w, music_main, mm_alloc());
	return 0;
}

static struct program_stdout *music_output(struct workload *w, unsigned int i)
{
	struct music *m = w->state;

	return m && i == 0 ? &m->out : NULL;
}

static void music_collect(struct workload *w, struct run_result *r)
{
	struct music *m = w->state;

	if (m)
		result_add_uint(r, "music_bytes", m->c.bytes_written);
}

static struct measure music_bytes_measure = {
	.name = "music_bytes", .doc = "bytes the music tasks wrote into their "
	"folders",
	.unit = "bytes", .kind = MEASURE_COUNTER, .aggregate = AGGREGATE_MEAN,
	.json = "music_bytes", .csv = "music_bytes", .type = MT_UINT,
};
MEASURE_REGISTER(music_bytes_measure);

static void music_release(struct workload *w)
{
	struct music *m = w->state;

	if (!m)
		return;
	/* The netrx device may be gone already: free the buffer directly. */
	if (m->skb)
		netrx_free_skb(NULL, m->skb, 0);
	program_close(&m->file);
	program_release(w);
	program_stdout_free(&m->out);
	free(m);
	w->state = NULL;
}

static int music_validate(const struct scenario *sc, struct scenario_task *task,
			  void *params, struct scenario_error *err)
{
	const struct music_params *p = params;
	struct scenario_kv *kv = scenario_task_find(task, "net");
	int line = kv ? kv->line : task->line;
	int i = scenario_find_task(sc, p->net);
	uint64_t folder = p->file_size * (uint64_t)p->files;

	if (i < 0)
		return scenario_errorf(sc, line, err, "net = '%s': no such task "
				       "(the name of a [task NAME] with program "
				       "netrx)", p->net);
	if (strcmp(sc->tasks[i].program->name, "netrx"))
		return scenario_errorf(sc, line, err, "net = '%s': task %s runs "
				       "program %s (a task with program netrx)",
				       p->net, p->net, sc->tasks[i].program->name);
	if (folder > sc->machine.fs_size)
		return scenario_errorf(sc, task->line, err, "[task %s]: the folder "
				       "(files x file_size = %llu bytes) does not "
				       "fit the filesystem volume (at most fs_size, "
				       "%llu bytes)", task->name,
				       (unsigned long long)folder,
				       (unsigned long long)sc->machine.fs_size);
	return 0;
}

/* The folder, shared by the music tasks naming the same one. */
static uint64_t music_footprint(const struct scenario_task *task,
				const void *params, char *name, size_t len)
{
	const struct music_params *p = params;

	snprintf(name, len, "folder %s", p->folder);
	return p->file_size * (uint64_t)p->files;
}

#define P(field) PARAM_FIELD(struct music_params, field)

static const struct param_spec music_params[] = {
	{ .key = "net", .type = PARAM_STRING, .required = true, P(net),
	  .doc = "the netrx task whose socket the data arrives on" },
	{ .key = "folder", .type = PARAM_STRING, .def = "music", P(folder),
	  .doc = "directory of the files on the volume [cover: mkdir music]" },
	{ .key = "file_size", .type = PARAM_SIZE, .def = "5M", .min = 4096,
	  .max = 1ULL << 40, P(file_size),
	  .doc = "bytes per file [assumed: a 4-5 minute track at 160 kbit/s]" },
	{ .key = "files", .type = PARAM_INT, .def = "200", .min = 1,
	  .max = 1000000, P(files),
	  .doc = "files in the folder [assumed: 1 GB, more than a run pulls "
		 "at 40 KB/s]" },
	{ .key = "write_size", .type = PARAM_SIZE, .def = "32K", .min = 1,
	  .max = 64 << 20, P(write_size),
	  .doc = "bytes per write() [rsync's IO_BUFFER_SIZE]" },
	{ .key = "cpu_per_byte", .type = PARAM_TIME, .def = "10ns", .min = 0,
	  .max = NSEC_PER_SEC, P(cpu_per_byte),
	  .doc = "CPU per byte received: copy and checksums [assumed: about "
		 "100 MB/s]" },
};

static const struct workload_ops music_ops = {
	.name = "music",
	.summary = "fake music player: rsync --bwlimit receiving a folder over "
		   "a netrx socket into files",
	.order = 20,
	.params = music_params,
	.nr_params = ARRAY_SIZE(music_params),
	.params_size = sizeof(struct music_params),
	.validate = music_validate,
	.footprint = music_footprint,
	.start = music_start,
	.collect = music_collect,
	.release = music_release,
	.output = music_output,
};
WORKLOAD_REGISTER(music_ops);
