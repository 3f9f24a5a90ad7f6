// SPDX-License-Identifier: GPL-2.0
/*
 * The allocation-failure report as the kernel printed it: the warning line
 * of __alloc_pages_slowpath's nopage exit, dump_stack(), then show_mem()
 * (lib/show_mem.c around show_free_areas() and show_swap_cache_info());
 * the OOM killer's report, with the same stack and show_mem() printers;
 * khungtaskd's.
 * Formats read in the 2.6.30, 2.6.31.3 and 2.6.32.9 trees; .30 and .31
 * print the same short field set, rc6/.32 the long one (docs/profiles.md).
 */
#include <stdarg.h>
#include <string.h>
#include "kern_log.h"

#define K(pages) ((pages) << (KSTATE_PAGE_SHIFT - 10))
#define NSEC_PER_SEC	1000000000ULL
#define NSEC_PER_USEC	1000ULL

struct log {
	FILE *out;
	const struct kern_log_opts *opts;
	const struct kstate_log *records;
	const struct kstate_profile *profile;
	uint64_t time;
};

/* One printk'd line, with the printk time prefix when asked for. */
static void line(struct log *l, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void line(struct log *l, const char *fmt, ...)
{
	va_list ap;

	if (l->opts && l->opts->timestamps)
		fprintf(l->out, "[%5lu.%06lu] ",
			(unsigned long)(l->time / NSEC_PER_SEC),
			(unsigned long)(l->time % NSEC_PER_SEC / NSEC_PER_USEC));
	va_start(ap, fmt);
	vfprintf(l->out, fmt, ap);
	va_end(ap);
	fputc('\n', l->out);
}

/* Append to a line being built piecewise, as consecutive printk calls do. */
static void cat(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void cat(char *buf, size_t len, const char *fmt, ...)
{
	size_t n = strlen(buf);
	va_list ap;

	if (n >= len)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + n, len - n, fmt, ap);
	va_end(ap);
}

/* "Node N " on CONFIG_NUMA kernels; a machine of several nodes is one. */
static const char *node(const struct log *l, const struct show_mem_snapshot *m,
			const struct zone_snapshot *zs)
{
	static char buf[16];

	if (!(l->opts && l->opts->numa) && m->nr_nodes <= 1)
		return "";
	snprintf(buf, sizeof(buf), "Node %d ", zs->nid);
	return buf;
}

static bool long_fields(const struct log *l)
{
	return l->profile->vmstat_fields >= KSTATE_VMSTAT_V32;
}

static void show_pcp(struct log *l, const struct show_mem_snapshot *m)
{
	for (unsigned int z = 0; z < m->nr_zones; z++) {
		const struct zone_snapshot *zs = &m->zones[z];

		line(l, "%s%s per-cpu:", node(l, m, zs), zs->name);
		for (unsigned int cpu = 0; cpu < m->nr_cpus; cpu++)
			line(l, "CPU %4u: hi:%5d, btch:%4d usd:%4d", cpu,
			     zs->pcp[cpu].high, zs->pcp[cpu].batch,
			     zs->pcp[cpu].count);
	}
}

static void show_global(struct log *l, const struct show_mem_snapshot *m)
{
	const struct kstate_vm_counts *g = &m->global;

	if (long_fields(l)) {
		line(l, "active_anon:%lu inactive_anon:%lu isolated_anon:%lu",
		     g->active_anon, g->inactive_anon, g->isolated_anon);
		line(l, " active_file:%lu inactive_file:%lu isolated_file:%lu",
		     g->active_file, g->inactive_file, g->isolated_file);
		line(l, " unevictable:%lu dirty:%lu writeback:%lu unstable:%lu",
		     g->unevictable, g->file_dirty, g->writeback,
		     g->unstable_nfs);
		line(l, " free:%lu slab_reclaimable:%lu slab_unreclaimable:%lu",
		     g->free_pages, g->slab_reclaimable,
		     g->slab_unreclaimable);
		line(l, " mapped:%lu shmem:%lu pagetables:%lu bounce:%lu",
		     g->file_mapped, g->shmem, g->pagetable, g->bounce);
		return;
	}
	/* .30/.31: capitalised first field, one combined slab count. */
	line(l, "Active_anon:%lu active_file:%lu inactive_anon:%lu",
	     g->active_anon, g->active_file, g->inactive_anon);
	line(l, " inactive_file:%lu unevictable:%lu dirty:%lu writeback:%lu unstable:%lu",
	     g->inactive_file, g->unevictable, g->file_dirty,
	     g->writeback, g->unstable_nfs);
	line(l, " free:%lu slab:%lu mapped:%lu pagetables:%lu bounce:%lu",
	     g->free_pages, g->slab_reclaimable + g->slab_unreclaimable,
	     g->file_mapped, g->pagetable, g->bounce);
}

static void show_zone(struct log *l, const struct show_mem_snapshot *m,
		      unsigned int z)
{
	const struct zone_snapshot *zs = &m->zones[z];
	const struct kstate_vm_counts *s = &zs->stat;
	char buf[1024] = "";

	cat(buf, sizeof(buf),
	    "%s%s free:%lukB min:%lukB low:%lukB high:%lukB"
	    " active_anon:%lukB inactive_anon:%lukB active_file:%lukB"
	    " inactive_file:%lukB unevictable:%lukB",
	    node(l, m, zs), zs->name, K(s->free_pages),
	    K(zs->watermark[KSTATE_WMARK_MIN]),
	    K(zs->watermark[KSTATE_WMARK_LOW]),
	    K(zs->watermark[KSTATE_WMARK_HIGH]), K(s->active_anon),
	    K(s->inactive_anon), K(s->active_file),
	    K(s->inactive_file), K(s->unevictable));
	if (long_fields(l)) {
		cat(buf, sizeof(buf),
		    " isolated(anon):%lukB isolated(file):%lukB present:%lukB"
		    " mlocked:%lukB dirty:%lukB writeback:%lukB mapped:%lukB"
		    " shmem:%lukB slab_reclaimable:%lukB"
		    " slab_unreclaimable:%lukB kernel_stack:%lukB"
		    " pagetables:%lukB unstable:%lukB bounce:%lukB"
		    " writeback_tmp:%lukB",
		    K(s->isolated_anon), K(s->isolated_file),
		    K(zs->present_pages), K(s->mlock), K(s->file_dirty),
		    K(s->writeback), K(s->file_mapped), K(s->shmem),
		    K(s->slab_reclaimable), K(s->slab_unreclaimable),
		    /* NR_KERNEL_STACK counts stacks, not pages. */
		    s->kernel_stack * ALLOC_FAIL_THREAD_SIZE / 1024,
		    K(s->pagetable), K(s->unstable_nfs),
		    K(s->bounce), K(s->writeback_temp));
	} else {
		cat(buf, sizeof(buf), " present:%lukB", K(zs->present_pages));
	}
	cat(buf, sizeof(buf), " pages_scanned:%lu all_unreclaimable? %s",
	    zs->pages_scanned, zs->all_unreclaimable ? "yes" : "no");
	line(l, "%s", buf);

	buf[0] = '\0';
	cat(buf, sizeof(buf), "lowmem_reserve[]:");
	for (unsigned int k = 0; k < m->nr_lowmem_reserve; k++)
		cat(buf, sizeof(buf), " %lu", m->lowmem_reserve[z][k]);
	line(l, "%s", buf);
}

/* "Normal: 275*4kB 58*8kB ... = 2908kB" */
static void show_buddy(struct log *l, const struct show_mem_snapshot *m,
		       const struct zone_snapshot *zs)
{
	char buf[512] = "";
	unsigned long total = 0;

	cat(buf, sizeof(buf), "%s%s: ", node(l, m, zs), zs->name);
	for (int order = 0; order < KSTATE_NR_ORDERS; order++) {
		total += zs->nr_free[order] << order;
		cat(buf, sizeof(buf), "%lu*%lukB ", zs->nr_free[order],
		    K(1UL) << order);
	}
	cat(buf, sizeof(buf), "= %lukB", K(total));
	line(l, "%s", buf);
}

static void show_mem(struct log *l, const struct show_mem_snapshot *m)
{
	line(l, "Mem-Info:");
	show_pcp(l, m);
	show_global(l, m);
	for (unsigned int z = 0; z < m->nr_zones; z++)
		show_zone(l, m, z);
	for (unsigned int z = 0; z < m->nr_zones; z++)
		show_buddy(l, m, &m->zones[z]);
	line(l, "%ld total pagecache pages", (long)m->global.file_pages);
	/* show_swap_cache_info() */
	line(l, "%lu pages in swap cache", m->swap_cache.pages);
	line(l, "Swap cache stats: add %lu, delete %lu, find %lu/%lu",
	     m->swap_cache.add_total, m->swap_cache.del_total,
	     m->swap_cache.find_success, m->swap_cache.find_total);
	line(l, "Free swap  = %ldkB", m->nr_swap_pages << (KSTATE_PAGE_SHIFT - 10));
	line(l, "Total swap = %lukB",
	     (unsigned long)m->total_swap_pages << (KSTATE_PAGE_SHIFT - 10));
	if (!m->have_page_counts)
		return;
	line(l, "%lu pages RAM", m->pages_ram);
	if (m->highmem_config)
		line(l, "%lu pages HighMem", m->pages_highmem);
	line(l, "%lu pages reserved", m->pages_reserved);
	line(l, "%lu pages shared", m->pages_shared);
	line(l, "%lu pages non-shared", m->pages_nonshared);
}

/* The allocator's entry point: 2.6.30's __alloc_pages_internal()
 * (mm/page_alloc.c), renamed __alloc_pages_nodemask() in 2.6.31. */
static const char *alloc_entry(const struct log *l)
{
	return l->profile->vmstat_fields == KSTATE_VMSTAT_V30 ?
	       "__alloc_pages_internal" : "__alloc_pages_nodemask";
}

/*
 * dump_stack().  mmsim has no real stack: the trace is synthesised from
 * what the record knows: @frames, innermost first, ending at the
 * allocator entry point of that kernel, and whether the caller was in
 * interrupt context.  The addresses are printed as zero so nobody
 * mistakes them for symbol offsets.
 */
static void show_stack(struct log *l, int pid, const char *comm,
		       bool irq, const char *const *frames, int nr_frames)
{
	int width = l->records->x86_64 ? 16 : 8;

	line(l, "Pid: %d, comm: %.20s Not tainted %s #1", pid, comm,
	     l->profile->name);
	line(l, "Call Trace:");
	for (int i = 0; i < nr_frames; i++)
		line(l, "%s [<%0*x>] %s", irq && i == nr_frames - 1 ?
		     " <IRQ> " : "", width, 0, frames[i]);
}

static void log_init(struct log *l, FILE *out, const struct kstate_log *log,
		     const struct kern_log_opts *o, uint64_t t)
{
	l->out = out;
	l->opts = o;
	l->records = log;
	l->profile = &log->profile;
	l->time = t;
}

void kern_log_ratelimit_suppressed(FILE *out, const struct kstate_log *log,
				   uint64_t t, int missed,
				   const struct kern_log_opts *opts)
{
	struct log l;

	log_init(&l, out, log, opts, t);
	/* lib/ratelimit.c prints its own __func__ in .30, .31 and .32. */
	line(&l, "__ratelimit: %d callbacks suppressed", missed);
}

void kern_log_alloc_failure(FILE *out, const struct kstate_log *log,
			    const struct alloc_failure *f,
			    const struct kern_log_opts *opts)
{
	struct log l;

	log_init(&l, out, log, opts, f->time);
	if (f->ratelimit_missed)
		kern_log_ratelimit_suppressed(out, log, f->time,
					      f->ratelimit_missed, opts);
	line(&l, "%s: page allocation failure. order:%u, mode:0x%x",
	     f->comm, f->order, f->gfp_mask);
	show_stack(&l, f->pid, f->comm, f->in_interrupt,
		   (const char *const[]){ alloc_entry(&l) }, 1);
	if (f->mem)
		show_mem(&l, f->mem);
}

size_t kern_log_write_failures(FILE *out, const struct kstate_log *log,
			       const struct kern_log_opts *opts)
{
	size_t n = 0;

	for (size_t i = 0; i < log->nr_failures; i++) {
		const struct alloc_failure *f = log->failures[i];

		if (!f->printed)
			continue;
		kern_log_alloc_failure(out, log, f, opts);
		n++;
	}
	return n;
}

/*
 * khungtaskd's report (kernel/hung_task.c, 2.6.30-2.6.32): the INFO line,
 * the hint, and sched_show_task()'s line and stack.  mmsim has no stack:
 * the trace is the task's wait site, addresses printed as zero.
 */
void kern_log_hung_task(FILE *out, const struct kstate_log *log,
			const struct hung_task_record *r,
			const struct kern_log_opts *opts)
{
	int width = log->x86_64 ? 16 : 8;
	struct log l;

	log_init(&l, out, log, opts, r->when);
	line(&l, "INFO: task %s:%d blocked for more than %lu seconds.", r->comm,
	     r->pid, r->timeout);
	line(&l, "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message.");
	line(&l, "%-13.13s D %0*x     0 %5d      1 0x00000000", r->comm, width, 0,
	     r->pid);
	line(&l, "Call Trace:");
	line(&l, " [<%0*x>] %s", width, 0, r->wchan ? r->wchan : "schedule");
}

size_t kern_log_write_hung_tasks(FILE *out, const struct kstate_log *log,
				 const struct kern_log_opts *opts)
{
	for (size_t i = 0; i < log->nr_hung; i++)
		kern_log_hung_task(out, log, log->hung[i], opts);
	return log->nr_hung;
}

/*
 * One OOM kill as 2.6.32's oom_kill_process() printed it (the 2.6.30 and
 * 2.6.31 text is the same): when printk_ratelimit() let it, the header --
 * "invoked oom-killer", cpuset_print_task_mems_allowed()'s line,
 * dump_stack(), show_mem() and, with vm.oom_dump_tasks, dump_tasks()'s
 * table -- then "Out of memory: kill process ... or a child" and
 * __oom_kill_task()'s "Killed process".
 */
void kern_log_oom_kill(FILE *out, const struct kstate_log *log,
		       const struct oom_kill_record *k,
		       const struct kern_log_opts *opts)
{
	/* An OOM from interrupt context runs on the idle task. */
	const char *comm = k->trigger_comm[0] ? k->trigger_comm : "swapper";
	struct log l;

	log_init(&l, out, log, opts, k->when);
	if (k->ratelimit_missed)
		kern_log_ratelimit_suppressed(out, log, k->when,
					      k->ratelimit_missed, opts);
	if (k->header) {
		line(&l, "%s invoked oom-killer: gfp_mask=0x%x, order=%d, oom_adj=%d",
		     comm, k->gfp_mask, k->order, k->oom_adj);
		line(&l, "%s cpuset=/ mems_allowed=%s", comm, k->mems_allowed);
		/* dump_stack() in oom_kill_process(), called from
		 * __out_of_memory() of out_of_memory() of the allocator's
		 * __alloc_pages_may_oom() (inlined into the entry point). */
		show_stack(&l, k->trigger_pid, comm, k->in_interrupt,
			   (const char *const[]){ "oom_kill_process",
				"__out_of_memory", "out_of_memory",
				alloc_entry(&l) }, 4);
		if (k->mem)
			show_mem(&l, k->mem);
		if (k->tasks) {
			line(&l, "[ pid ]   uid  tgid total_vm      rss cpu oom_adj name");
			for (size_t i = 0; i < k->nr_tasks; i++) {
				const struct oom_task_dump *t = &k->tasks[i];

				line(&l, "[%5d] %5u %5d %8lu %8lu %3d     %3d %s",
				     t->pid, t->uid, t->tgid, t->total_vm, t->rss,
				     t->cpu, t->oom_adj, t->comm);
			}
		}
	}
	line(&l, "Out of memory: kill process %d (%s) score %lu or a child",
	     k->pid, k->comm, k->points);
	line(&l, "Killed process %d (%s)", k->pid, k->comm);
}

/* Every OOM kill of the run, and the panic when there was nothing to kill. */
size_t kern_log_write_oom(FILE *out, const struct kstate_log *log,
			  const struct kern_log_opts *opts)
{
	const struct oom_panic_record *p = log->panic;
	struct log l;

	for (size_t i = 0; i < log->nr_kills; i++)
		kern_log_oom_kill(out, log, log->kills[i], opts);
	if (p) {
		log_init(&l, out, log, opts, p->when);
		line(&l, "Kernel panic - not syncing: %s", p->message);
	}
	return log->nr_kills;
}

/*
 * The whole log in time order, as dmesg shows it: allocation failures,
 * hung task reports and OOM kills interleaved by when they were printed
 * (at one instant: failures, then hung tasks, then kills), the panic last.
 */
void kern_log_write(FILE *out, const struct kstate_log *log,
		    const struct kern_log_opts *opts)
{
	const struct oom_panic_record *p = log->panic;
	size_t f = 0, h = 0, k = 0;
	size_t nf = log->nr_failures, nh = log->nr_hung;
	size_t nk = log->nr_kills;
	struct log l;

	for (;;) {
		const struct alloc_failure *fr = NULL;
		uint64_t tf = UINT64_MAX, th = UINT64_MAX, tk = UINT64_MAX;

		while (f < nf && !(fr = log->failures[f])->printed) {
			fr = NULL;
			f++;
		}
		if (fr)
			tf = fr->time;
		if (h < nh)
			th = log->hung[h]->when;
		if (k < nk)
			tk = log->kills[k]->when;
		if (!fr && h >= nh && k >= nk)
			break;
		if (fr && tf <= th && tf <= tk) {
			kern_log_alloc_failure(out, log, fr, opts);
			f++;
		} else if (h < nh && th <= tk) {
			kern_log_hung_task(out, log, log->hung[h++], opts);
		} else {
			kern_log_oom_kill(out, log, log->kills[k++], opts);
		}
	}
	if (p) {
		log_init(&l, out, log, opts, p->when);
		line(&l, "Kernel panic - not syncing: %s", p->message);
	}
}
