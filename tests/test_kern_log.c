// SPDX-License-Identifier: GPL-2.0
/*
 * The allocation-failure report: gfp masks as text, a crafted failure
 * formatted line by line as 2.6.32 and 2.6.31 printed it, __GFP_NOWARN
 * counted but not printed, printk ratelimiting with its suppressed count.
 *
 * The zones are set up by hand in contig_page_data (page_alloc.c's),
 * without booting.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "mmsim/alloc_fail.h"
#include "mmsim/profile.h"
#include "linux/swap.h"
#include "report/kern_log.h"
#include "mmsim/kstate.h"

/* ---- gfp_flags_str ---------------------------------------------------- */

static void check_gfp(gfp_t gfp, const char *expect)
{
	char buf[160];

	assert_string_equal(gfp_flags_str(gfp, buf, sizeof(buf)), expect);
}

static void test_gfp_flags_str(void **state)
{
	(void)state;
	check_gfp(0x20, "GFP_ATOMIC");
	/* e100's dma_alloc_coherent: GFP_ATOMIC plus __GFP_ZERO (0x8000,
	 * include/linux/gfp.h). */
	check_gfp(0x8020, "GFP_ATOMIC|GFP_ZERO");
	/* iwlagn's kmalloc'd skb under SLUB: __GFP_COMP added. */
	check_gfp(0x4020, "GFP_ATOMIC|GFP_COMP");
	check_gfp(0xd0, "GFP_KERNEL");
	check_gfp(0x200da, "GFP_HIGHUSER_MOVABLE");
	check_gfp(0x0, "GFP_NOWAIT");
	check_gfp(0x80d0, "GFP_KERNEL|GFP_ZERO");
	check_gfp(0x200d2, "GFP_HIGHUSER");
	check_gfp(0x200d0, "GFP_USER");
	check_gfp(0x800d0, "GFP_TEMPORARY");
	check_gfp(0x50, "GFP_NOFS");
	check_gfp(0x10, "GFP_NOIO");
	/* GFP_ATOMIC is tried before GFP_NOIO: 0x30 = HIGH | WAIT. */
	check_gfp(0x30, "GFP_ATOMIC|GFP_NOIO");
	check_gfp(0x220, "GFP_ATOMIC|GFP_NOWARN");
	check_gfp(0x8, "GFP_MOVABLE");
	/* Bits 2.6.32's table does not name are left over in hex. */
	check_gfp(0x1000d0, "GFP_KERNEL|0x100000");
	check_gfp(0xd1, "GFP_KERNEL|0x1");
	check_gfp(0x24, "GFP_ATOMIC|0x4");
	check_gfp(0x2, "0x2");
	check_gfp(0x80, "0x80");
	check_gfp(0x300000, "0x300000");
	check_gfp(0xfffff, "GFP_HIGHUSER_MOVABLE|GFP_ATOMIC|GFP_COLD|GFP_NOWARN|"
		  "GFP_REPEAT|GFP_NOFAIL|GFP_NORETRY|GFP_COMP|GFP_ZERO|"
		  "GFP_NOMEMALLOC|GFP_THISNODE|GFP_RECLAIMABLE|0x2005");
}

static void test_gfp_flags_str_truncates(void **state)
{
	char buf[12];

	(void)state;
	memset(buf, 'x', sizeof(buf));
	gfp_flags_str(0x80d0, buf, sizeof(buf));
	/* "GFP_KERNEL|GFP_ZERO" cut to 11 characters and terminated. */
	assert_string_equal(buf, "GFP_KERNEL|");
	gfp_flags_str(0x20, buf, 0);
	assert_int_equal(buf[0], 'G');
}

/* ---- a crafted machine ----------------------------------------------- */

static const struct arch_desc arch_x86_64 = {
	.arch = ARCH_X86_64,
	.name = "x86_64",
	.nr_zone_types = 4,
	.zone_types = { ZONE_DMA, ZONE_DMA32, ZONE_NORMAL, ZONE_MOVABLE },
};

static const struct arch_desc arch_x86 = {
	.arch = ARCH_X86,
	.name = "x86",
	.nr_zone_types = 4,
	.zone_types = { ZONE_DMA, ZONE_NORMAL, ZONE_HIGHMEM, ZONE_MOVABLE },
};

#define NR_TEST_PAGES 64
static struct page test_pages[NR_TEST_PAGES];
static struct per_cpu_pageset pcp_dma[2], pcp_main[2];

static void set_free_area(struct zone *z, const unsigned long *nr)
{
	for (int order = 0; order < MAX_ORDER; order++)
		z->free_area[order].nr_free = nr[order];
}

/*
 * Two populated zones: DMA and the main zone (DMA32 on x86-64, Normal on
 * x86), numbers in pages; the expected text shows them in kB (x 4).
 */
static void craft_machine(const struct arch_desc *arch)
{
	/* 4+2*2+3*4+1*8+1*16+1*32+1*128+1*512 = 716 pages = 2864 kB */
	static const unsigned long dma_free[MAX_ORDER] = {
		4, 2, 3, 1, 1, 1, 0, 1, 0, 1, 0 };
	/* 275+58*2+20*4+8*8+4*16+2*64 = 727 pages = 2908 kB */
	static const unsigned long main_free[MAX_ORDER] = {
		275, 58, 20, 8, 4, 0, 2, 0, 0, 0, 0 };
	enum zone_type main_type = arch->arch == ARCH_X86 ? ZONE_NORMAL :
							   ZONE_DMA32;
	struct zone *dma = &contig_page_data.node_zones[ZONE_DMA];
	struct zone *z = &contig_page_data.node_zones[main_type];

	memset(&contig_page_data, 0, sizeof(contig_page_data));
	memset(vm_stat, 0, sizeof(long) * NR_VM_ZONE_STAT_ITEMS);
	sim_arch = arch;
	for (int i = 0; i < MAX_NR_ZONES; i++)
		contig_page_data.node_zones[i].zone_pgdat = &contig_page_data;

	dma->name = "DMA";
	dma->present_pages = 3998;
	dma->watermark[WMARK_MIN] = 17;
	dma->watermark[WMARK_LOW] = 21;
	dma->watermark[WMARK_HIGH] = 25;
	dma->vm_stat[NR_FREE_PAGES] = 716;
	dma->vm_stat[NR_ACTIVE_ANON] = 100;
	dma->vm_stat[NR_INACTIVE_ANON] = 200;
	dma->vm_stat[NR_ACTIVE_FILE] = 50;
	dma->vm_stat[NR_INACTIVE_FILE] = 60;
	dma->vm_stat[NR_FILE_DIRTY] = -3;	/* per-cpu drift: shown as 0 */
	dma->pages_scanned = 77;
	dma->flags = 1UL << ZONE_ALL_UNRECLAIMABLE;
	/* Superset indices; the printed columns follow arch->zone_types. */
	dma->lowmem_reserve[ZONE_DMA32] = 489;
	dma->lowmem_reserve[ZONE_NORMAL] = 488;
	dma->lowmem_reserve[ZONE_HIGHMEM] = 999;
	dma->lowmem_reserve[ZONE_MOVABLE] = 490;
	set_free_area(dma, dma_free);
	pcp_dma[0] = (struct per_cpu_pageset){ .pcp = { .count = 0, .high = 0, .batch = 1 } };
	pcp_dma[1] = (struct per_cpu_pageset){ .pcp = { .count = 0, .high = 0, .batch = 1 } };
	dma->pageset = pcp_dma;

	z->name = arch->arch == ARCH_X86 ? "Normal" : "DMA32";
	z->present_pages = 126000;
	z->watermark[WMARK_MIN] = 478;
	z->watermark[WMARK_LOW] = 597;
	z->watermark[WMARK_HIGH] = 717;
	z->vm_stat[NR_FREE_PAGES] = 727;
	z->vm_stat[NR_ACTIVE_ANON] = 20000;
	z->vm_stat[NR_INACTIVE_ANON] = 25000;
	z->vm_stat[NR_ACTIVE_FILE] = 5000;
	z->vm_stat[NR_INACTIVE_FILE] = 6000;
	z->vm_stat[NR_ISOLATED_ANON] = 32;
	z->vm_stat[NR_ISOLATED_FILE] = 64;
	z->vm_stat[NR_FILE_DIRTY] = 1500;
	z->vm_stat[NR_WRITEBACK] = 2500;
	z->vm_stat[NR_FILE_MAPPED] = 3000;
	z->vm_stat[NR_SHMEM] = 100;
	z->vm_stat[NR_SLAB_RECLAIMABLE] = 2000;
	z->vm_stat[NR_SLAB_UNRECLAIMABLE] = 1800;
	z->vm_stat[NR_KERNEL_STACK] = 150;	/* stacks: 150 * 8 kB */
	z->vm_stat[NR_PAGETABLE] = 900;
	z->pages_scanned = 4096;
	set_free_area(z, main_free);
	pcp_main[0] = (struct per_cpu_pageset){ .pcp = { .count = 47, .high = 186, .batch = 31 } };
	pcp_main[1] = (struct per_cpu_pageset){ .pcp = { .count = 150, .high = 186, .batch = 31 } };
	z->pageset = pcp_main;

	/* Global counters: the sums of the two zones. */
	vm_stat[NR_FREE_PAGES] = 716 + 727;
	vm_stat[NR_ACTIVE_ANON] = 20100;
	vm_stat[NR_INACTIVE_ANON] = 25200;
	vm_stat[NR_ACTIVE_FILE] = 5050;
	vm_stat[NR_INACTIVE_FILE] = 6060;
	vm_stat[NR_ISOLATED_ANON] = 32;
	vm_stat[NR_ISOLATED_FILE] = 64;
	vm_stat[NR_FILE_DIRTY] = 1500;
	vm_stat[NR_WRITEBACK] = 2500;
	vm_stat[NR_SLAB_RECLAIMABLE] = 2000;
	vm_stat[NR_SLAB_UNRECLAIMABLE] = 1800;
	vm_stat[NR_FILE_MAPPED] = 3000;
	vm_stat[NR_SHMEM] = 100;
	vm_stat[NR_PAGETABLE] = 900;
	vm_stat[NR_FILE_PAGES] = 11234;

	/* 400000 pages free of 524287: 1600000 kB of 2097148 kB. */
	nr_swap_pages = 400000;
	total_swap_pages = 524287;

	/*
	 * 64 pages for lib/show_mem.c's walk: 10 reserved, 20 with one
	 * reference, 5 with three (shared += 2 each = 10), 29 free; on x86
	 * the last 4 sit in HighMem.
	 */
	memset(test_pages, 0, sizeof(test_pages));
	for (int i = 0; i < NR_TEST_PAGES; i++) {
		struct page *page = &test_pages[i];

		set_page_zone(page, i >= 60 && arch->arch == ARCH_X86 ?
				    ZONE_HIGHMEM : main_type);
		if (i < 10)
			SetPageReserved(page);
		else if (i < 30)
			page->_count = 1;
		else if (i < 35)
			page->_count = 3;
	}
	mem_map = test_pages;
	max_pfn = NR_TEST_PAGES;
	contig_page_data.node_start_pfn = 0;
	contig_page_data.node_spanned_pages = NR_TEST_PAGES;
}

static void setup_sim(void)
{
	struct sim_config cfg = { .hz = 250, .nr_cpus = 2, .seed = 1 };

	sim_init(&cfg);
	alloc_failures_reset();
	/* The zones here are hand-made pictures, not a booted machine. */
	mm_debug_enable(false, 0);
}

static void teardown_sim(void)
{
	sim_exit();
	alloc_failures_reset();
	profile_set_default();
}

/* Compare @got with the NULL-terminated @expect, line by line. */
/* The kern.log formatters over the records the kernel holds now. */
static size_t write_failures(FILE *out, const struct kern_log_opts *opts)
{
	struct kstate_log *log = kstate_log_take();
	size_t n = kern_log_write_failures(out, log, opts);

	kstate_log_free(log);
	return n;
}

static void alloc_failure_text(FILE *out, const struct alloc_failure *f,
			       const struct kern_log_opts *opts)
{
	struct kstate_log *log = kstate_log_take();

	kern_log_alloc_failure(out, log, f, opts);
	kstate_log_free(log);
}

static void compare_lines(const char *got, const char *const *expect)
{
	const char *p = got;
	int i;

	for (i = 0; expect[i]; i++) {
		const char *nl = strchr(p, '\n');
		size_t len;

		if (!nl)
			fail_msg("line %d missing; expected '%s'", i + 1, expect[i]);
		len = (size_t)(nl - p);
		if (len != strlen(expect[i]) || strncmp(p, expect[i], len))
			fail_msg("line %d:\n  got    '%.*s'\n  expect '%s'", i + 1,
				 (int)len, p, expect[i]);
		p = nl + 1;
	}
	if (*p)
		fail_msg("extra output after line %d: '%s'", i, p);
}

struct membuf {
	char *text;
	size_t len;
	FILE *f;
};

static void membuf_open(struct membuf *m)
{
	m->f = open_memstream(&m->text, &m->len);
	assert_non_null(m->f);
}

static void membuf_close(struct membuf *m)
{
	fclose(m->f);
}

/* ---- a failure in interrupt context, 2.6.32-rc6, x86-64 -------------- */

static struct irq_work rx_irq;

static void rx_refill(struct irq_work *w)
{
	(void)w;
	/* iwlagn's order-2 receive buffer: GFP_ATOMIC | __GFP_COMP. */
	record_alloc_failure(GFP_ATOMIC | __GFP_COMP, 2);
}

static const char *const expect_rc6[] = {
	"[    1.500250] swapper: page allocation failure. order:2, mode:0x4020",
	"[    1.500250] Pid: 0, comm: swapper Not tainted 2.6.32-rc6-0000000-force-highorder #1",
	"[    1.500250] Call Trace:",
	"[    1.500250]  <IRQ>  [<0000000000000000>] __alloc_pages_nodemask",
	"[    1.500250] Mem-Info:",
	"[    1.500250] DMA per-cpu:",
	"[    1.500250] CPU    0: hi:    0, btch:   1 usd:   0",
	"[    1.500250] CPU    1: hi:    0, btch:   1 usd:   0",
	"[    1.500250] DMA32 per-cpu:",
	"[    1.500250] CPU    0: hi:  186, btch:  31 usd:  47",
	"[    1.500250] CPU    1: hi:  186, btch:  31 usd: 150",
	"[    1.500250] active_anon:20100 inactive_anon:25200 isolated_anon:32",
	"[    1.500250]  active_file:5050 inactive_file:6060 isolated_file:64",
	"[    1.500250]  unevictable:0 dirty:1500 writeback:2500 unstable:0",
	"[    1.500250]  free:1443 slab_reclaimable:2000 slab_unreclaimable:1800",
	"[    1.500250]  mapped:3000 shmem:100 pagetables:900 bounce:0",
	/* 716 pages = 2864 kB; watermarks 17/21/25 pages = 68/84/100 kB */
	"[    1.500250] DMA free:2864kB min:68kB low:84kB high:100kB"
	" active_anon:400kB inactive_anon:800kB active_file:200kB"
	" inactive_file:240kB unevictable:0kB isolated(anon):0kB"
	" isolated(file):0kB present:15992kB mlocked:0kB dirty:0kB"
	" writeback:0kB mapped:0kB shmem:0kB slab_reclaimable:0kB"
	" slab_unreclaimable:0kB kernel_stack:0kB pagetables:0kB unstable:0kB"
	" bounce:0kB writeback_tmp:0kB pages_scanned:77 all_unreclaimable? yes",
	/* x86-64 columns: DMA, DMA32, NORMAL, MOVABLE; HIGHMEM's 999 unseen */
	"[    1.500250] lowmem_reserve[]: 0 489 488 490",
	/* 727 pages = 2908 kB; 478/597/717 pages = 1912/2388/2868 kB;
	 * 126000 pages = 504000 kB; 150 stacks * 8 kB = 1200 kB */
	"[    1.500250] DMA32 free:2908kB min:1912kB low:2388kB high:2868kB"
	" active_anon:80000kB inactive_anon:100000kB active_file:20000kB"
	" inactive_file:24000kB unevictable:0kB isolated(anon):128kB"
	" isolated(file):256kB present:504000kB mlocked:0kB dirty:6000kB"
	" writeback:10000kB mapped:12000kB shmem:400kB slab_reclaimable:8000kB"
	" slab_unreclaimable:7200kB kernel_stack:1200kB pagetables:3600kB"
	" unstable:0kB bounce:0kB writeback_tmp:0kB pages_scanned:4096"
	" all_unreclaimable? no",
	"[    1.500250] lowmem_reserve[]: 0 0 0 0",
	/* 16+16+48+32+64+128+0+512+0+2048+0 = 2864 */
	"[    1.500250] DMA: 4*4kB 2*8kB 3*16kB 1*32kB 1*64kB 1*128kB 0*256kB"
	" 1*512kB 0*1024kB 1*2048kB 0*4096kB = 2864kB",
	/* 1100+464+320+256+256+0+512 = 2908 */
	"[    1.500250] DMA32: 275*4kB 58*8kB 20*16kB 8*32kB 4*64kB 0*128kB"
	" 2*256kB 0*512kB 0*1024kB 0*2048kB 0*4096kB = 2908kB",
	"[    1.500250] 11234 total pagecache pages",
	"[    1.500250] 0 pages in swap cache",
	"[    1.500250] Swap cache stats: add 0, delete 0, find 0/0",
	"[    1.500250] Free swap  = 1600000kB",
	"[    1.500250] Total swap = 2097148kB",
	"[    1.500250] 64 pages RAM",
	"[    1.500250] 10 pages reserved",
	"[    1.500250] 10 pages shared",
	"[    1.500250] 20 pages non-shared",
	NULL
};

static void test_failure_text_rc6_irq(void **state)
{
	struct kern_log_opts opts = { .timestamps = true };
	const struct alloc_failure *f;
	struct membuf out;
	char err[256];

	(void)state;
	assert_int_equal(profile_parse("2.6.32-rc6-0000000-force-highorder",
				       &kprofile, err, sizeof(err)), 0);
	setup_sim();
	craft_machine(&arch_x86_64);
	irq_work_init(&rx_irq, 1, rx_refill, NULL);
	irq_work_queue_at(&rx_irq, 1500250000ULL);	/* 1.500250 s */
	sim_run((sim_time_t)-1);

	assert_int_equal(alloc_failure_count(), 1);
	assert_int_equal(alloc_failures_printed(), 1);
	f = alloc_failure_get(0);
	assert_true(f->in_interrupt);
	assert_int_equal(f->cpu, 1);
	assert_int_equal(f->order, 2);
	/* 1.50025 s * 250 Hz = 375.06 -> jiffy 375 */
	assert_int_equal(f->when_jiffies, 375);
	assert_non_null(f->mem);
	assert_int_equal(f->mem->nr_zones, 2);

	membuf_open(&out);
	assert_int_equal(write_failures(out.f, &opts), 1);
	membuf_close(&out);
	compare_lines(out.text, expect_rc6);
	free(out.text);
	teardown_sim();
}

/* ---- a failure in task context, 2.6.31, x86-32, NUMA naming ----------- */

static int gitk_pid;

static void gitk(void *arg)
{
	(void)arg;
	gitk_pid = current->pid;
	schedule_timeout_uninterruptible(25);	/* 25 jiffies = 0.1 s */
	record_alloc_failure(GFP_KERNEL, 0);
}

static void test_failure_text_31_task_x86(void **state)
{
	struct kern_log_opts opts = { .numa = true };
	struct membuf out;
	char err[256], pidline[128];
	const char *expect[] = {
		"gitk: page allocation failure. order:0, mode:0xd0",
		pidline,
		"Call Trace:",
		" [<00000000>] __alloc_pages_nodemask",
		"Mem-Info:",
		"Node 0 DMA per-cpu:",
		"CPU    0: hi:    0, btch:   1 usd:   0",
		"CPU    1: hi:    0, btch:   1 usd:   0",
		"Node 0 Normal per-cpu:",
		"CPU    0: hi:  186, btch:  31 usd:  47",
		"CPU    1: hi:  186, btch:  31 usd: 150",
		"Active_anon:20100 active_file:5050 inactive_anon:25200",
		" inactive_file:6060 unevictable:0 dirty:1500 writeback:2500 unstable:0",
		/* slab = 2000 + 1800 */
		" free:1443 slab:3800 mapped:3000 pagetables:900 bounce:0",
		"Node 0 DMA free:2864kB min:68kB low:84kB high:100kB"
		" active_anon:400kB inactive_anon:800kB active_file:200kB"
		" inactive_file:240kB unevictable:0kB present:15992kB"
		" pages_scanned:77 all_unreclaimable? yes",
		/* x86 columns: DMA, NORMAL, HIGHMEM, MOVABLE */
		"lowmem_reserve[]: 0 488 999 490",
		"Node 0 Normal free:2908kB min:1912kB low:2388kB high:2868kB"
		" active_anon:80000kB inactive_anon:100000kB active_file:20000kB"
		" inactive_file:24000kB unevictable:0kB present:504000kB"
		" pages_scanned:4096 all_unreclaimable? no",
		"lowmem_reserve[]: 0 0 0 0",
		"Node 0 DMA: 4*4kB 2*8kB 3*16kB 1*32kB 1*64kB 1*128kB 0*256kB"
		" 1*512kB 0*1024kB 1*2048kB 0*4096kB = 2864kB",
		"Node 0 Normal: 275*4kB 58*8kB 20*16kB 8*32kB 4*64kB 0*128kB"
		" 2*256kB 0*512kB 0*1024kB 0*2048kB 0*4096kB = 2908kB",
		"11234 total pagecache pages",
		"0 pages in swap cache",
		"Swap cache stats: add 0, delete 0, find 0/0",
		"Free swap  = 1600000kB",
		"Total swap = 2097148kB",
		"64 pages RAM",
		"4 pages HighMem",
		"10 pages reserved",
		"10 pages shared",
		"20 pages non-shared",
		NULL
	};
	const struct alloc_failure *f;

	(void)state;
	assert_int_equal(profile_parse("2.6.31-0000000-force-highorder",
				       &kprofile, err, sizeof(err)), 0);
	setup_sim();
	craft_machine(&arch_x86);
	kthread_run(gitk, NULL, "gitk", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);

	assert_int_equal(alloc_failure_count(), 1);
	f = alloc_failure_get(0);
	assert_false(f->in_interrupt);
	assert_int_equal(f->pid, gitk_pid);
	assert_int_equal(f->time, 100 * NSEC_PER_MSEC);
	snprintf(pidline, sizeof(pidline),
		 "Pid: %d, comm: gitk Not tainted 2.6.31-0000000-force-highorder #1",
		 gitk_pid);

	membuf_open(&out);
	alloc_failure_text(out.f, f, &opts);
	membuf_close(&out);
	compare_lines(out.text, expect);
	free(out.text);
	teardown_sim();
}

/* 2.6.30 named its allocator entry differently. */
static void test_stack_entry_30(void **state)
{
	struct kern_log_opts opts = { 0 };
	struct membuf out;
	char err[256];

	(void)state;
	assert_int_equal(profile_parse("2.6.30", &kprofile, err, sizeof(err)), 0);
	setup_sim();
	craft_machine(&arch_x86_64);
	irq_work_init(&rx_irq, 0, rx_refill, NULL);
	irq_work_queue_at(&rx_irq, 0);
	sim_run((sim_time_t)-1);
	membuf_open(&out);
	write_failures(out.f, &opts);
	membuf_close(&out);
	assert_non_null(strstr(out.text,
		"\nCall Trace:\n <IRQ>  [<0000000000000000>] __alloc_pages_internal\n"));
	assert_non_null(strstr(out.text, "\nActive_anon:20100 active_file:5050"));
	free(out.text);
	teardown_sim();
}

/* ---- __GFP_NOWARN and printk ratelimiting ----------------------------- */

static void nowarn_then_warn(void *arg)
{
	(void)arg;
	for (int i = 0; i < 3; i++)
		record_alloc_failure(GFP_ATOMIC | __GFP_NOWARN, 2);
	/* NOWARN never consulted printk_ratelimit: a full burst is left. */
	for (int i = 0; i < 10; i++)
		record_alloc_failure(GFP_ATOMIC, 2);
}

static void test_nowarn_counted_not_printed(void **state)
{
	struct kern_log_opts opts = { 0 };
	struct membuf out;
	size_t lines = 0;

	(void)state;
	setup_sim();
	craft_machine(&arch_x86_64);
	kthread_run(nowarn_then_warn, NULL, "iwlagn", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);

	assert_int_equal(alloc_failure_count(), 13);
	assert_int_equal(alloc_failures_nowarn(), 3);
	assert_int_equal(alloc_failures_printed(), 10);
	assert_int_equal(alloc_failures_ratelimited(), 0);
	for (size_t i = 0; i < 3; i++) {
		const struct alloc_failure *f = alloc_failure_get(i);

		assert_true(f->nowarn);
		assert_false(f->printed);
		/* Kept for analysis, without the page walk nobody printed. */
		assert_non_null(f->mem);
		assert_false(f->mem->have_page_counts);
	}
	membuf_open(&out);
	assert_int_equal(write_failures(out.f, &opts), 10);
	membuf_close(&out);
	for (const char *p = out.text; (p = strstr(p, "page allocation failure")); p++)
		lines++;
	assert_int_equal(lines, 10);
	assert_null(strstr(out.text, "mode:0x220"));
	free(out.text);
	teardown_sim();
}

static void burst(int n)
{
	for (int i = 0; i < n; i++)
		record_alloc_failure(GFP_ATOMIC, 2);
}

static void ratelimit_task(void *arg)
{
	(void)arg;
	burst(12);			/* jiffy 0: 10 printed, 2 missed */
	schedule_timeout_uninterruptible(1250);	/* jiffy 1250 = begin + 5 * HZ */
	burst(1);			/* not yet past the window: missed 3 */
	schedule_timeout_uninterruptible(1);	/* jiffy 1251: window over */
	burst(11);			/* reports 3; 10 printed, 1 missed */
}

static void test_ratelimit_after_ten_in_five_seconds(void **state)
{
	struct kern_log_opts opts = { .timestamps = true };
	struct membuf out;
	size_t fails = 0;

	(void)state;
	setup_sim();
	craft_machine(&arch_x86_64);
	kthread_run(ratelimit_task, NULL, "netrx", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);

	assert_int_equal(alloc_failure_count(), 24);
	/* 10 in the first window, 10 in the second (the closing call
	 * included) */
	assert_int_equal(alloc_failures_printed(), 20);
	assert_int_equal(alloc_failures_ratelimited(), 4);
	assert_int_equal(alloc_failures_ratelimit_pending(), 1);
	for (size_t i = 0; i < 24; i++) {
		const struct alloc_failure *f = alloc_failure_get(i);
		bool printed = i < 10 || (i >= 13 && i < 23);

		assert_int_equal(f->printed, printed);
		assert_int_equal(f->ratelimited, !printed);
		assert_int_equal(f->ratelimit_missed, i == 13 ? 3 : 0);
	}
	assert_int_equal(alloc_failure_get(12)->when_jiffies, 1250);
	assert_int_equal(alloc_failure_get(13)->when_jiffies, 1251);
	/* Suppressed failures keep their snapshot too (under the cap). */
	assert_non_null(alloc_failure_get(10)->mem);

	membuf_open(&out);
	assert_int_equal(write_failures(out.f, &opts), 20);
	membuf_close(&out);
	for (const char *p = out.text; (p = strstr(p, "page allocation failure")); p++)
		fails++;
	assert_int_equal(fails, 20);
	/* 1251 jiffies / 250 Hz = 5.004 s */
	assert_non_null(strstr(out.text,
		"\n[    5.004000] __ratelimit: 3 callbacks suppressed\n"
		"[    5.004000] netrx: page allocation failure. order:2, mode:0x20\n"));
	assert_null(strstr(out.text, "callbacks suppressed\n[    0."));
	free(out.text);
	teardown_sim();
}

static void many_nowarn(void *arg)
{
	(void)arg;
	for (int i = 0; i < ALLOC_FAIL_UNPRINTED_SNAPSHOTS + 5; i++)
		record_alloc_failure(GFP_ATOMIC | __GFP_NOWARN, 2);
	record_alloc_failure(GFP_ATOMIC, 2);
}

static void test_snapshot_cap_for_unprinted(void **state)
{
	size_t n = ALLOC_FAIL_UNPRINTED_SNAPSHOTS;

	(void)state;
	setup_sim();
	craft_machine(&arch_x86_64);
	kthread_run(many_nowarn, NULL, "storm", DEFAULT_PRIO);
	sim_run((sim_time_t)-1);
	assert_int_equal(alloc_failure_count(), n + 6);
	assert_non_null(alloc_failure_get(n - 1)->mem);
	assert_null(alloc_failure_get(n)->mem);
	/* A printed failure always has its snapshot, page walk included. */
	assert_non_null(alloc_failure_get(n + 5)->mem);
	assert_true(alloc_failure_get(n + 5)->mem->have_page_counts);
	assert_null(alloc_failure_get(n + 6));
	teardown_sim();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gfp_flags_str),
		cmocka_unit_test(test_gfp_flags_str_truncates),
		cmocka_unit_test(test_failure_text_rc6_irq),
		cmocka_unit_test(test_failure_text_31_task_x86),
		cmocka_unit_test(test_stack_entry_30),
		cmocka_unit_test(test_nowarn_counted_not_printed),
		cmocka_unit_test(test_ratelimit_after_ten_in_five_seconds),
		cmocka_unit_test(test_snapshot_cap_for_unprinted),
	};

	return cmocka_run_group_tests_name("kern_log", tests, NULL, NULL);
}
