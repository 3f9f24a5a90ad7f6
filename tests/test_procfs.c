// SPDX-License-Identifier: GPL-2.0
/*
 * /proc text formats (2.6.32 mm/vmstat.c zoneinfo_show(), frag_show(),
 * pagetypeinfo_show(), vmstat_show()), line by line, for a small
 * machine: x86, mem=64M, one CPU, right after boot.
 *
 * The machine, worked out by hand (see tests/test_watermarks.c for the
 * formulas):
 *   DMA    pfn 0-4095: memmap 32 pages at 0-31, BIOS hole 0x9f-0xff;
 *          present 4096 - 97 - 32 = 3967, all free.  Free blocks from
 *          pfn 32: 32(o5) 64(o6) 128(o4) 144(o3) 152(o2) 156(o1) 158(o0),
 *          then 256(o8) 512(o9) 1024 2048 3072 (o10).
 *   Normal pfn 4096-16383: kernel image 2048 pages at 4096, memmap
 *          12288*32/4096 = 96 pages at 6144; present 12288 - 96 = 12192,
 *          free 16384 - 6240 = 10144: 6240(o5) 6272(o7) 6400(o8)
 *          6656(o9) and eight order-10 blocks from 7168.
 *   min_free_kbytes = int_sqrt((3967 + 12192) * 4 * 16 = 1034176) = 1016;
 *   pages_min 254: DMA 254*3967/16159 = 62 -> 62/77/93, Normal
 *   254*12192/16159 = 191 -> 191/238/286.  DMA.lowmem_reserve[Normal] =
 *   12192/256 = 47.  One reserve block per zone, the first pageblock not
 *   starting with boot memory: DMA 1024, Normal 7168.  pcp: DMA batch 0
 *   (high 0, batch 1); Normal 12192/1024 = 11, /4 = 2,
 *   rounddown_pow_of_two(3) - 1 = 1: high 6, batch 1.  vm stats
 *   threshold 2 * fls(1) * (1 + fls(size >> 15 = 0)) = 2.
 *
 * The expected lines were printed from 2.6.32 mm/vmstat.c's format
 * strings by a separate script, not by this code.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "linux/mmzone.h"
#include "mmsim/profile.h"
#include "report/procfs.h"
#include "experiment/monitor.h"

static const char *const buddyinfo_64m[] = {
	"Node 0, zone      DMA      1      1      1      1      1      1      1      0      1      1      3 ",
	"Node 0, zone   Normal      0      0      0      0      0      1      0      1      1      1      9 ",
};
static const char *const pagetypeinfo_64m[] = {
	"Page block order: 10",
	"Pages per block:  1024",
	"",
	"Free pages count per migrate type at order       0      1      2      3      4      5      6      7      8      9     10 ",
	"Node    0, zone      DMA, type    Unmovable      0      0      0      0      0      0      0      0      0      0      0 ",
	"Node    0, zone      DMA, type  Reclaimable      0      0      0      0      0      0      0      0      0      0      0 ",
	"Node    0, zone      DMA, type      Movable      1      1      1      1      1      1      1      0      1      1      2 ",
	"Node    0, zone      DMA, type      Reserve      0      0      0      0      0      0      0      0      0      0      1 ",
	"Node    0, zone      DMA, type      Isolate      0      0      0      0      0      0      0      0      0      0      0 ",
	"Node    0, zone   Normal, type    Unmovable      0      0      0      0      0      0      0      0      0      0      0 ",
	"Node    0, zone   Normal, type  Reclaimable      0      0      0      0      0      0      0      0      0      0      0 ",
	"Node    0, zone   Normal, type      Movable      0      0      0      0      0      1      0      1      1      1      8 ",
	"Node    0, zone   Normal, type      Reserve      0      0      0      0      0      0      0      0      0      0      1 ",
	"Node    0, zone   Normal, type      Isolate      0      0      0      0      0      0      0      0      0      0      0 ",
	"",
	"Number of blocks type     Unmovable  Reclaimable      Movable      Reserve      Isolate ",
	"Node 0, zone      DMA            0            0            3            1            0 ",
	"Node 0, zone   Normal            0            0           11            1            0 ",
};
static const char *const zoneinfo_64m[] = {
	"Node 0, zone      DMA",
	"  pages free     3967",
	"        min      62",
	"        low      77",
	"        high     93",
	"        scanned  0",
	"        spanned  4096",
	"        present  3967",
	"    nr_free_pages 3967",
	"    nr_inactive_anon 0",
	"    nr_active_anon 0",
	"    nr_inactive_file 0",
	"    nr_active_file 0",
	"    nr_unevictable 0",
	"    nr_mlock     0",
	"    nr_anon_pages 0",
	"    nr_mapped    0",
	"    nr_file_pages 0",
	"    nr_dirty     0",
	"    nr_writeback 0",
	"    nr_slab_reclaimable 0",
	"    nr_slab_unreclaimable 0",
	"    nr_page_table_pages 0",
	"    nr_kernel_stack 0",
	"    nr_unstable  0",
	"    nr_bounce    0",
	"    nr_vmscan_write 0",
	"    nr_writeback_temp 0",
	"    nr_isolated_anon 0",
	"    nr_isolated_file 0",
	"    nr_shmem     0",
	"        protection: (0, 47, 47, 47)",
	"  pagesets",
	"    cpu: 0",
	"              count: 0",
	"              high:  0",
	"              batch: 1",
	"  vm stats threshold: 2",
	"  all_unreclaimable: 0",
	"  prev_priority:     12",
	"  start_pfn:         0",
	"  inactive_ratio:    1",
	"Node 0, zone   Normal",
	"  pages free     10144",
	"        min      191",
	"        low      238",
	"        high     286",
	"        scanned  0",
	"        spanned  12288",
	"        present  12192",
	"    nr_free_pages 10144",
	"    nr_inactive_anon 0",
	"    nr_active_anon 0",
	"    nr_inactive_file 0",
	"    nr_active_file 0",
	"    nr_unevictable 0",
	"    nr_mlock     0",
	"    nr_anon_pages 0",
	"    nr_mapped    0",
	"    nr_file_pages 0",
	"    nr_dirty     0",
	"    nr_writeback 0",
	"    nr_slab_reclaimable 0",
	"    nr_slab_unreclaimable 0",
	"    nr_page_table_pages 0",
	"    nr_kernel_stack 0",
	"    nr_unstable  0",
	"    nr_bounce    0",
	"    nr_vmscan_write 0",
	"    nr_writeback_temp 0",
	"    nr_isolated_anon 0",
	"    nr_isolated_file 0",
	"    nr_shmem     0",
	"        protection: (0, 0, 0, 0)",
	"  pagesets",
	"    cpu: 0",
	"              count: 0",
	"              high:  6",
	"              batch: 1",
	"  vm stats threshold: 2",
	"  all_unreclaimable: 0",
	"  prev_priority:     12",
	"  start_pfn:         4096",
	"  inactive_ratio:    1",
};
static const char *const vmstat_64m[] = {
	"nr_free_pages 14111",
	"nr_inactive_anon 0",
	"nr_active_anon 0",
	"nr_inactive_file 0",
	"nr_active_file 0",
	"nr_unevictable 0",
	"nr_mlock 0",
	"nr_anon_pages 0",
	"nr_mapped 0",
	"nr_file_pages 0",
	"nr_dirty 0",
	"nr_writeback 0",
	"nr_slab_reclaimable 0",
	"nr_slab_unreclaimable 0",
	"nr_page_table_pages 0",
	"nr_kernel_stack 0",
	"nr_unstable 0",
	"nr_bounce 0",
	"nr_vmscan_write 0",
	"nr_writeback_temp 0",
	"nr_isolated_anon 0",
	"nr_isolated_file 0",
	"nr_shmem 0",
	"pgpgin 0",
	"pgpgout 0",
	"pswpin 0",
	"pswpout 0",
	"pgalloc_dma 0",
	"pgalloc_normal 0",
	"pgalloc_high 0",
	"pgalloc_movable 0",
	"pgfree 14111",
	"pgactivate 0",
	"pgdeactivate 0",
	"pgfault 0",
	"pgmajfault 0",
	"pgrefill_dma 0",
	"pgrefill_normal 0",
	"pgrefill_high 0",
	"pgrefill_movable 0",
	"pgsteal_dma 0",
	"pgsteal_normal 0",
	"pgsteal_high 0",
	"pgsteal_movable 0",
	"pgscan_kswapd_dma 0",
	"pgscan_kswapd_normal 0",
	"pgscan_kswapd_high 0",
	"pgscan_kswapd_movable 0",
	"pgscan_direct_dma 0",
	"pgscan_direct_normal 0",
	"pgscan_direct_high 0",
	"pgscan_direct_movable 0",
	"pginodesteal 0",
	"slabs_scanned 0",
	"kswapd_steal 0",
	"kswapd_inodesteal 0",
	"pageoutrun 0",
	"allocstall 0",
	"pgrotated 0",
	"htlb_buddy_alloc_success 0",
	"htlb_buddy_alloc_fail 0",
	"unevictable_pgs_culled 0",
	"unevictable_pgs_scanned 0",
	"unevictable_pgs_rescued 0",
	"unevictable_pgs_mlocked 0",
	"unevictable_pgs_munlocked 0",
	"unevictable_pgs_cleared 0",
	"unevictable_pgs_stranded 0",
	"unevictable_pgs_mlockfreed 0",
};

#define NLINES(a) (sizeof(a) / sizeof((a)[0]))

static void boot(const char *arch, unsigned long mbytes)
{
	struct mem_config cfg = {
		.arch = arch_lookup(arch),
		.mem_bytes = mbytes << 20,
		.nr_cpus = 1,
		.reserved_kbytes = (unsigned long)-1,
	};

	assert_int_equal(mem_init(&cfg), 0);
	/* setup_vmstat's thresholds: zoneinfo prints each pageset's. */
	refresh_zone_stat_thresholds();
}

/* Run @show into a buffer; returns it (caller frees). */
static char *capture(const char *name)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	proc_show(name, f);
	fclose(f);
	return buf;
}

/* Compare line by line; name the first differing line. */
static void assert_lines(const char *text, const char *const *expected,
			 size_t n)
{
	const char *p = text;

	for (size_t i = 0; i < n; i++) {
		const char *nl = strchr(p, '\n');
		size_t len;

		if (!nl)
			fail_msg("line %zu missing; expected \"%s\"", i + 1, expected[i]);
		len = (size_t)(nl - p);
		if (len != strlen(expected[i]) || memcmp(p, expected[i], len))
			fail_msg("line %zu:\n  got      \"%.*s\"\n  expected \"%s\"",
				 i + 1, (int)len, p, expected[i]);
		p = nl + 1;
	}
	if (*p)
		fail_msg("extra output after line %zu: \"%s\"", n, p);
}

static int teardown(void **state)
{
	(void)state;
	mem_exit();
	profile_set_default();
	return 0;
}

static void test_buddyinfo(void **state)
{
	char *text;

	(void)state;
	profile_set_default();
	boot("x86", 64);
	text = capture("buddyinfo");
	assert_lines(text, buddyinfo_64m, NLINES(buddyinfo_64m));
	free(text);
}

static void test_pagetypeinfo(void **state)
{
	char *text;

	(void)state;
	profile_set_default();
	boot("x86", 64);
	text = capture("pagetypeinfo");
	assert_lines(text, pagetypeinfo_64m, NLINES(pagetypeinfo_64m));
	free(text);
}

static void test_zoneinfo(void **state)
{
	char *text;

	(void)state;
	profile_set_default();
	boot("x86", 64);
	text = capture("zoneinfo");
	assert_lines(text, zoneinfo_64m, NLINES(zoneinfo_64m));
	free(text);
}

static void test_vmstat(void **state)
{
	char *text;

	(void)state;
	profile_set_default();
	boot("x86", 64);
	text = capture("vmstat");
	assert_lines(text, vmstat_64m, NLINES(vmstat_64m));
	free(text);
}

static bool has_line(const char *text, const char *line)
{
	size_t len = strlen(line);

	for (const char *p = text; (p = strstr(p, line)); p++)
		if ((p == text || p[-1] == '\n') && p[len] == '\n')
			return true;
	return false;
}

/* x86-64 names its zones dma, dma32, normal, movable; no "high". */
static void test_vmstat_x86_64_zone_suffixes(void **state)
{
	char *text;

	(void)state;
	profile_set_default();
	boot("x86_64", 64);
	text = capture("vmstat");
	assert_true(has_line(text, "pgalloc_dma 0"));
	assert_true(has_line(text, "pgalloc_dma32 0"));
	assert_true(has_line(text, "pgalloc_normal 0"));
	assert_true(has_line(text, "pgalloc_movable 0"));
	assert_null(strstr(text, "pgalloc_high"));
	assert_null(strstr(text, "_high "));
	assert_non_null(strstr(text, "pgalloc_normal 0\npgalloc_movable 0\npgfree "));
	free(text);
}

/* Field sets by version: .31 lacks four zone counters; P4 adds two
 * events between kswapd_inodesteal and pageoutrun. */
static void test_vmstat_fields_by_version(void **state)
{
	char *text;

	(void)state;
	profile_set_default();
	kprofile.vmstat_fields = VMSTAT_V31;
	boot("x86", 64);
	text = capture("vmstat");
	assert_null(strstr(text, "nr_kernel_stack"));
	assert_null(strstr(text, "nr_isolated_anon"));
	assert_null(strstr(text, "nr_isolated_file"));
	assert_null(strstr(text, "nr_shmem"));
	assert_non_null(strstr(text, "nr_page_table_pages 0\nnr_unstable 0\n"));
	assert_null(strstr(text, "prematurely"));
	free(text);
	text = capture("zoneinfo");
	assert_null(strstr(text, "nr_shmem"));
	assert_non_null(strstr(text, "\n    nr_writeback_temp 0\n        protection: ("));
	free(text);

	kprofile.kswapd_sleep = KSWAPD_SLEEP_QUICK_RECHECK;
	text = capture("vmstat");
	assert_non_null(strstr(text,
		"kswapd_inodesteal 0\n"
		"kswapd_slept_prematurely_fast 0\n"
		"kswapd_slept_prematurely_slow 0\n"
		"pageoutrun 0\n"));
	free(text);
}

/* The files follow the machine: an allocation moves the counters. */
static void test_counters_follow_allocations(void **state)
{
	struct page *page;
	char *text;

	(void)state;
	profile_set_default();
	boot("x86", 64);
	page = alloc_pages(GFP_KERNEL, 3);
	assert_non_null(page);
	text = capture("vmstat");
	assert_true(has_line(text, "nr_free_pages 14103"));	/* 14111 - 8 */
	assert_true(has_line(text, "pgalloc_normal 8"));
	free(text);
	text = capture("pagetypeinfo");
	/* One Normal pageblock went UNMOVABLE (stolen order-10 block). */
	assert_non_null(strstr(text, "Node 0, zone   Normal            1            0           10            1            0 \n"));
	free(text);
	__free_pages(page, 3);
	text = capture("vmstat");
	assert_true(has_line(text, "nr_free_pages 14111"));
	assert_true(has_line(text, "pgfree 14119"));		/* boot + 8 */
	free(text);
}

static void test_show_by_name(void **state)
{
	FILE *devnull = fopen("/dev/null", "w");

	(void)state;
	profile_set_default();
	boot("x86", 64);
	for (const char *const *f = procfs_files; *f; f++)
		assert_int_equal(proc_show(*f, devnull), 0);
	assert_int_equal(proc_show("nosuchfile", devnull), -1);
	fclose(devnull);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_buddyinfo, teardown),
		cmocka_unit_test_teardown(test_pagetypeinfo, teardown),
		cmocka_unit_test_teardown(test_zoneinfo, teardown),
		cmocka_unit_test_teardown(test_vmstat, teardown),
		cmocka_unit_test_teardown(test_vmstat_x86_64_zone_suffixes, teardown),
		cmocka_unit_test_teardown(test_vmstat_fields_by_version, teardown),
		cmocka_unit_test_teardown(test_counters_follow_allocations, teardown),
		cmocka_unit_test_teardown(test_show_by_name, teardown),
	};

	return cmocka_run_group_tests_name("procfs", tests, NULL, NULL);
}
