// SPDX-License-Identifier: GPL-2.0
/*
 * Boot-time zone sizes, min_free_kbytes, watermarks, lowmem_reserve,
 * MIGRATE_RESERVE blocks and pcp sizes (docs/model.md, "Zones,
 * watermarks, reserves" and "Per-cpu pagesets"), and zone_watermark_ok.
 * Every expected number is worked out by hand in the comment above it
 * from the formulas, not taken from the code.
 *
 * Layout recap (arch/x86/mm/init.c, arch/x86/kernel/e820.c,
 * mm/page_alloc.c): DMA is pfn 0-4095 with the 97-page BIOS hole
 * 0x9f-0xff (and pfn 0-0xf on x86-64); memmap pages =
 * spanned * sizeof(struct page) / 4096 with struct page 32 bytes (x86) or
 * 56 (x86-64); present = spanned - holes - memmap.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "linux/mmzone.h"
#include "mmsim/profile.h"

static void boot(const char *arch, unsigned long mbytes, unsigned int cpus)
{
	struct mem_config cfg = {
		.arch = arch_lookup(arch),
		.mem_bytes = mbytes << 20,
		.nr_cpus = cpus,
		.reserved_kbytes = (unsigned long)-1,
	};

	assert_non_null(cfg.arch);
	assert_int_equal(mem_init(&cfg), 0);
}

static struct zone *Z(enum zone_type t)
{
	return &contig_page_data.node_zones[t];
}

static void assert_wmarks(enum zone_type t, unsigned long min,
			  unsigned long low, unsigned long high)
{
	assert_int_equal(min_wmark_pages(Z(t)), min);
	assert_int_equal(low_wmark_pages(Z(t)), low);
	assert_int_equal(high_wmark_pages(Z(t)), high);
}

static int reserve_blocks(struct zone *zone)
{
	int n = 0;
	unsigned long end = zone->zone_start_pfn + zone->spanned_pages;

	for (unsigned long pfn = zone->zone_start_pfn; pfn < end;
	     pfn += pageblock_nr_pages)
		n += get_pageblock_migratetype(pfn_to_page(pfn)) == MIGRATE_RESERVE;
	return n;
}

static void test_x86_512m(void **state)
{
	(void)state;
	profile_set_default();
	boot("x86", 512, 1);

	/* DMA: 4096 - 97 hole - 4096*32/4096 = 32 memmap = 3967.
	 * Normal: pfn 4096..131071 = 126976 spanned, 126976*32/4096 = 992
	 * memmap, present 125984.  HighMem empty (512 MiB < 896 MiB). */
	assert_int_equal(Z(ZONE_DMA)->spanned_pages, 4096);
	assert_int_equal(Z(ZONE_DMA)->present_pages, 3967);
	assert_int_equal(Z(ZONE_NORMAL)->zone_start_pfn, 4096);
	assert_int_equal(Z(ZONE_NORMAL)->spanned_pages, 126976);
	assert_int_equal(Z(ZONE_NORMAL)->present_pages, 125984);
	assert_false(populated_zone(Z(ZONE_HIGHMEM)));
	assert_false(populated_zone(Z(ZONE_DMA32)));
	assert_int_equal(contig_page_data.nr_zones, ZONE_NORMAL + 1);

	/* lowmem 3967 + 125984 = 129951 pages = 519804 kB;
	 * int_sqrt(519804 * 16 = 8316864) = 2883 (2883^2 = 8311689,
	 * 2884^2 = 8317456). */
	assert_int_equal(min_free_kbytes, 2883);

	/* pages_min = 2883 / 4 = 720.
	 * DMA tmp = 720 * 3967 / 129951 = 2856240 / 129951 = 21:
	 * min 21, low 21 + 21/4 = 26, high 21 + 21/2 = 31.
	 * Normal tmp = 720 * 125984 / 129951 = 90708480 / 129951 = 698:
	 * min 698, low 698 + 174 = 872, high 698 + 349 = 1047. */
	assert_wmarks(ZONE_DMA, 21, 26, 31);
	assert_wmarks(ZONE_NORMAL, 698, 872, 1047);

	/* DMA.lowmem_reserve[Normal] = 125984 / 256 = 492 (and the same
	 * for every class above: HighMem and Movable add 0 pages). */
	assert_int_equal(Z(ZONE_DMA)->lowmem_reserve[ZONE_DMA], 0);
	assert_int_equal(Z(ZONE_DMA)->lowmem_reserve[ZONE_NORMAL], 492);
	assert_int_equal(Z(ZONE_DMA)->lowmem_reserve[ZONE_HIGHMEM], 492);
	assert_int_equal(Z(ZONE_DMA)->lowmem_reserve[ZONE_MOVABLE], 492);
	assert_int_equal(Z(ZONE_NORMAL)->lowmem_reserve[ZONE_HIGHMEM], 0);

	/* totalreserve = (492 + 31) + (0 + 1047) = 1570. */
	assert_int_equal(totalreserve_pages, 1570);

	/* Reserve blocks: roundup(21, 1024) / 1024 = 1 and
	 * roundup(698, 1024) / 1024 = 1 (pageblock_order 10, non-PAE). */
	assert_int_equal(pageblock_order, 10);
	assert_int_equal(reserve_blocks(Z(ZONE_DMA)), 1);
	assert_int_equal(reserve_blocks(Z(ZONE_NORMAL)), 1);

	/* pcp: Normal 125984/1024 = 123 (< 128), /4 = 30,
	 * rounddown_pow_of_two(30 + 15) - 1 = 31: batch 31, high 186.
	 * DMA 3967/1024 = 3, /4 = 0 -> 1, rounddown_pow_of_two(1) - 1 = 0:
	 * high 0, batch max(1, 0) = 1. */
	assert_int_equal(Z(ZONE_NORMAL)->pageset[0].pcp.batch, 31);
	assert_int_equal(Z(ZONE_NORMAL)->pageset[0].pcp.high, 186);
	assert_int_equal(Z(ZONE_DMA)->pageset[0].pcp.batch, 1);
	assert_int_equal(Z(ZONE_DMA)->pageset[0].pcp.high, 0);

	/* inactive_ratio: 125984 >> 18 = 0 GiB -> 1. */
	assert_int_equal(Z(ZONE_NORMAL)->inactive_ratio, 1);
	assert_false(page_group_by_mobility_disabled);
	mem_exit();
}

static void test_x86_64_512m(void **state)
{
	(void)state;
	profile_set_default();
	boot("x86_64", 512, 4);

	/* DMA: 4096 - (16 low + 97 BIOS) holes - 4096*56/4096 = 56 memmap
	 * = 3927.  DMA32: 126976 spanned - 126976*56/4096 = 1736 = 125240. */
	assert_int_equal(Z(ZONE_DMA)->present_pages, 3927);
	assert_int_equal(Z(ZONE_DMA32)->present_pages, 125240);
	assert_false(populated_zone(Z(ZONE_NORMAL)));

	/* 3927 + 125240 = 129167 pages = 516668 kB; 516668 * 16 = 8266688;
	 * int_sqrt = 2875 (2875^2 = 8265625, 2876^2 = 8271376). */
	assert_int_equal(min_free_kbytes, 2875);

	/* pages_min 718.  DMA tmp = 718 * 3927 / 129167 = 21 -> 21/26/31.
	 * DMA32 tmp = 718 * 125240 / 129167 = 89922320 / 129167 = 696:
	 * 696, 696 + 174 = 870, 696 + 348 = 1044. */
	assert_wmarks(ZONE_DMA, 21, 26, 31);
	assert_wmarks(ZONE_DMA32, 696, 870, 1044);

	/* DMA.lowmem_reserve[DMA32] = 125240 / 256 = 489; Normal and Movable
	 * add nothing. */
	assert_int_equal(Z(ZONE_DMA)->lowmem_reserve[ZONE_DMA32], 489);
	assert_int_equal(Z(ZONE_DMA)->lowmem_reserve[ZONE_NORMAL], 489);
	assert_int_equal(Z(ZONE_DMA32)->lowmem_reserve[ZONE_NORMAL], 0);
	/* (489 + 31) + (0 + 1044) = 1564. */
	assert_int_equal(totalreserve_pages, 1564);

	/* pageblock_order 9: DMA32 roundup(696, 512) / 512 = 2 blocks,
	 * DMA roundup(21, 512) / 512 = 1. */
	assert_int_equal(pageblock_order, 9);
	assert_int_equal(reserve_blocks(Z(ZONE_DMA32)), 2);
	assert_int_equal(reserve_blocks(Z(ZONE_DMA)), 1);
	for (unsigned int cpu = 0; cpu < 4; cpu++) {
		assert_int_equal(Z(ZONE_DMA32)->pageset[cpu].pcp.batch, 31);
		assert_int_equal(Z(ZONE_DMA32)->pageset[cpu].pcp.high, 186);
	}
	mem_exit();
}

static void test_x86_64_2g(void **state)
{
	(void)state;
	profile_set_default();
	boot("x86_64", 2048, 2);

	/* DMA32: pfn 4096..524287 = 520192 spanned, 520192*56/4096 = 7112
	 * memmap, present 513080. */
	assert_int_equal(Z(ZONE_DMA32)->present_pages, 513080);

	/* 3927 + 513080 = 517007 pages = 2068028 kB; * 16 = 33088448;
	 * int_sqrt = 5752 (5752^2 = 33085504, 5753^2 = 33097009). */
	assert_int_equal(min_free_kbytes, 5752);

	/* pages_min 1438.  DMA tmp = 1438 * 3927 / 517007 = 5647026 /
	 * 517007 = 10: 10, 12, 15.  DMA32 tmp = 1438 * 513080 / 517007 =
	 * 737809040 / 517007 = 1427: 1427, 1427 + 356 = 1783,
	 * 1427 + 713 = 2140. */
	assert_wmarks(ZONE_DMA, 10, 12, 15);
	assert_wmarks(ZONE_DMA32, 1427, 1783, 2140);

	/* 513080 / 256 = 2004. */
	assert_int_equal(Z(ZONE_DMA)->lowmem_reserve[ZONE_DMA32], 2004);

	/* roundup(1427, 512) / 512 = 3 blocks, capped at 2 since .31. */
	assert_int_equal(reserve_blocks(Z(ZONE_DMA32)), 2);

	/* 513080 >> 18 = 1 GiB: int_sqrt(10) = 3. */
	assert_int_equal(Z(ZONE_DMA32)->inactive_ratio, 3);
	/* 513080/1024 = 501, * 4 KiB > 512 KiB -> 128; /4 = 32;
	 * rounddown_pow_of_two(32 + 16) - 1 = 31. */
	assert_int_equal(Z(ZONE_DMA32)->pageset[1].pcp.batch, 31);
	mem_exit();
}

static void test_reserve_cap_is_31_and_later(void **state)
{
	(void)state;
	profile_set_default();
	kprofile.reserve_cap2 = false;		/* 2.6.30 */
	boot("x86_64", 2048, 1);
	/* Without the cap: roundup(1427, 512) / 512 = 3 blocks. */
	assert_int_equal(reserve_blocks(Z(ZONE_DMA32)), 3);
	mem_exit();
	profile_set_default();
}

static void test_x86_64_16g(void **state)
{
	(void)state;
	profile_set_default();
	boot("x86_64", 16384, 1);

	/* DMA32 1044480 spanned - 14280 memmap = 1030200.
	 * Normal pfn 1048576..4194303: 3145728 - 43008 = 3102720. */
	assert_int_equal(Z(ZONE_DMA32)->present_pages, 1030200);
	assert_int_equal(Z(ZONE_NORMAL)->zone_start_pfn, 1048576);
	assert_int_equal(Z(ZONE_NORMAL)->present_pages, 3102720);

	/* lowmem = 3927 + 1030200 + 3102720 = 4136847 pages = 16547388 kB;
	 * * 16 = 264758208; int_sqrt = 16271 (16271^2 = 264745441). */
	assert_int_equal(min_free_kbytes, 16271);

	/* pages_min 4067.  DMA 4067 * 3927 / 4136847 = 3: 3, 3, 4.
	 * DMA32 4067 * 1030200 / 4136847 = 1012: 1012, 1265, 1518.
	 * Normal 4067 * 3102720 / 4136847 = 3050: 3050, 3812, 4575. */
	assert_wmarks(ZONE_DMA, 3, 3, 4);
	assert_wmarks(ZONE_DMA32, 1012, 1265, 1518);
	assert_wmarks(ZONE_NORMAL, 3050, 3812, 4575);

	/* DMA[DMA32] = 1030200/256 = 4024; DMA[Normal] = (3102720 +
	 * 1030200)/256 = 16144; DMA32[Normal] = 3102720/256 = 12120. */
	assert_int_equal(Z(ZONE_DMA)->lowmem_reserve[ZONE_DMA32], 4024);
	assert_int_equal(Z(ZONE_DMA)->lowmem_reserve[ZONE_NORMAL], 16144);
	assert_int_equal(Z(ZONE_DMA32)->lowmem_reserve[ZONE_NORMAL], 12120);
	assert_int_equal(Z(ZONE_DMA32)->lowmem_reserve[ZONE_MOVABLE], 12120);

	/* Normal: roundup(3050, 512)/512 = 6, capped to 2. */
	assert_int_equal(reserve_blocks(Z(ZONE_NORMAL)), 2);
	/* 3102720 >> 18 = 11 GiB: int_sqrt(110) = 10. */
	assert_int_equal(Z(ZONE_NORMAL)->inactive_ratio, 10);
	mem_exit();
}

static void test_x86_2g_highmem(void **state)
{
	(void)state;
	profile_set_default();
	boot("x86", 2048, 1);

	/* Normal pfn 4096..229375 (896 MiB): 225280 - 1760 = 223520.
	 * HighMem 229376..524287: 294912 - 2304 = 292608. */
	assert_int_equal(Z(ZONE_NORMAL)->present_pages, 223520);
	assert_int_equal(Z(ZONE_HIGHMEM)->zone_start_pfn, 229376);
	assert_int_equal(Z(ZONE_HIGHMEM)->present_pages, 292608);

	/* min_free_kbytes counts lowmem only: 3967 + 223520 = 227487 pages
	 * = 909948 kB; * 16 = 14559168; int_sqrt = 3815. */
	assert_int_equal(min_free_kbytes, 3815);

	/* pages_min 953, lowmem_pages 227487.
	 * DMA 953 * 3967 / 227487 = 16: 16, 20, 24.
	 * Normal 953 * 223520 / 227487 = 936: 936, 1170, 1404.
	 * HighMem: min = clamp(292608 / 1024 = 285, 32, 128) = 128;
	 * tmp = 953 * 292608 / 227487 = 1225: low 128 + 306 = 434,
	 * high 128 + 612 = 740. */
	assert_wmarks(ZONE_DMA, 16, 20, 24);
	assert_wmarks(ZONE_NORMAL, 936, 1170, 1404);
	assert_wmarks(ZONE_HIGHMEM, 128, 434, 740);

	/* DMA[Normal] = 223520/256 = 873; Normal[HighMem] = 292608/32 =
	 * 9144; DMA[HighMem] = (292608 + 223520)/256 = 2016. */
	assert_int_equal(Z(ZONE_DMA)->lowmem_reserve[ZONE_NORMAL], 873);
	assert_int_equal(Z(ZONE_NORMAL)->lowmem_reserve[ZONE_HIGHMEM], 9144);
	assert_int_equal(Z(ZONE_DMA)->lowmem_reserve[ZONE_HIGHMEM], 2016);
	assert_int_equal(Z(ZONE_HIGHMEM)->lowmem_reserve[ZONE_MOVABLE], 0);
	mem_exit();
}

static void test_x86_16g_pae(void **state)
{
	(void)state;
	profile_set_default();
	boot("x86", 16384, 1);

	/* More than 4 GiB on x86-32 means PAE: pageblock_order 9. */
	assert_int_equal(pageblock_order, 9);
	/* HighMem 229376..4194303: 3964928 - 30976 = 3933952. */
	assert_int_equal(Z(ZONE_HIGHMEM)->present_pages, 3933952);
	/* Lowmem unchanged from 2 GB: 3815. */
	assert_int_equal(min_free_kbytes, 3815);
	assert_wmarks(ZONE_NORMAL, 936, 1170, 1404);
	/* HighMem min clamp(3841, 32, 128) = 128; tmp = 953 * 3933952 /
	 * 227487 = 16480: low 128 + 4120, high 128 + 8240. */
	assert_wmarks(ZONE_HIGHMEM, 128, 4248, 8368);
	/* Normal[HighMem] = 3933952/32 = 122936;
	 * DMA[HighMem] = (3933952 + 223520)/256 = 16240. */
	assert_int_equal(Z(ZONE_NORMAL)->lowmem_reserve[ZONE_HIGHMEM], 122936);
	assert_int_equal(Z(ZONE_DMA)->lowmem_reserve[ZONE_HIGHMEM], 16240);
	mem_exit();
}

static void test_min_free_kbytes_clamps(void **state)
{
	unsigned long dma, dma32;

	(void)state;
	profile_set_default();
	boot("x86_64", 512, 1);
	dma = Z(ZONE_DMA)->present_pages;
	dma32 = Z(ZONE_DMA32)->present_pages;

	/* 100 + 100 pages = 800 kB; int_sqrt(12800) = 113 -> clamped to
	 * 128.  pages_min 32 split 16/16; low 16 + 4, high 16 + 8. */
	Z(ZONE_DMA)->present_pages = 100;
	Z(ZONE_DMA32)->present_pages = 100;
	init_per_zone_wmark_min();
	assert_int_equal(min_free_kbytes, 128);
	assert_wmarks(ZONE_DMA32, 16, 20, 24);

	/* 2^28 pages = 2^30 kB; * 16 = 2^34; int_sqrt = 2^17 = 131072 ->
	 * clamped to 65536. */
	Z(ZONE_DMA)->present_pages = 0;
	Z(ZONE_DMA32)->present_pages = 1UL << 28;
	init_per_zone_wmark_min();
	assert_int_equal(min_free_kbytes, 65536);
	/* All of pages_min 16384 to DMA32. */
	assert_int_equal(min_wmark_pages(Z(ZONE_DMA32)), 16384);

	Z(ZONE_DMA)->present_pages = dma;
	Z(ZONE_DMA32)->present_pages = dma32;
	mem_exit();
}

static void test_min_free_kbytes_from_config(void **state)
{
	struct mem_config cfg = {
		.arch = arch_lookup("x86"),
		.mem_bytes = 512UL << 20,
		.nr_cpus = 1,
		.reserved_kbytes = (unsigned long)-1,
		.min_free_kbytes = 8192,
		.lowmem_reserve_ratio = { [ZONE_DMA] = 128 },
	};

	(void)state;
	profile_set_default();
	assert_int_equal(mem_init(&cfg), 0);
	assert_int_equal(min_free_kbytes, 8192);
	/* pages_min 2048; Normal tmp = 2048 * 125984 / 129951 = 1985:
	 * 1985, 1985 + 496, 1985 + 992. */
	assert_wmarks(ZONE_NORMAL, 1985, 2481, 2977);
	/* ratio 128: 125984 / 128 = 984. */
	assert_int_equal(Z(ZONE_DMA)->lowmem_reserve[ZONE_NORMAL], 984);
	/* roundup(1985, 1024)/1024 = 2 reserve blocks. */
	assert_int_equal(reserve_blocks(Z(ZONE_NORMAL)), 2);
	mem_exit();
}

static void test_bad_configs_refused(void **state)
{
	struct mem_config cfg = {
		.arch = arch_lookup("x86"),
		.nr_cpus = 1,
		.reserved_kbytes = (unsigned long)-1,
	};

	(void)state;
	cfg.mem_bytes = 32UL << 20;
	assert_int_not_equal(mem_init(&cfg), 0);
	assert_non_null(strstr(mem_init_error(), "64 MB"));
	cfg.mem_bytes = 65UL << 30;		/* beyond PAE's 64 GiB */
	assert_int_not_equal(mem_init(&cfg), 0);
	assert_non_null(strstr(mem_init_error(), "x86"));
	cfg.arch = arch_lookup("x86_64");
	cfg.mem_bytes = 2UL << 40;		/* beyond mmsim's 1 TiB */
	assert_int_not_equal(mem_init(&cfg), 0);
	cfg.mem_bytes = 512UL << 20;
	cfg.reserved_kbytes = 600UL << 10;	/* more than DMA32 holds */
	assert_int_not_equal(mem_init(&cfg), 0);
	assert_non_null(strstr(mem_init_error(), "reserved"));
	cfg.reserved_kbytes = (unsigned long)-1;
	cfg.pageblock_order = 11;
	assert_int_not_equal(mem_init(&cfg), 0);
	cfg.pageblock_order = 0;
	cfg.nr_cpus = SIM_MAX_CPUS + 1;
	assert_int_not_equal(mem_init(&cfg), 0);
	assert_null(arch_lookup("sparc"));
	/* After a refusal the next good boot works. */
	cfg.nr_cpus = 1;
	assert_int_equal(mem_init(&cfg), 0);
	mem_exit();
}

/* ---- zone_watermark_ok ---------------------------------------------- */

/*
 * A zone with only the fields zone_watermark_ok reads: NR_FREE_PAGES,
 * free_area[].nr_free and lowmem_reserve[].
 */
static struct zone fake;

static void fake_zone(unsigned long nr_free0, unsigned long nr_free1,
		      unsigned long nr_free2, unsigned long nr_free3,
		      unsigned long nr_free4)
{
	unsigned long nr[5] = { nr_free0, nr_free1, nr_free2, nr_free3, nr_free4 };
	long total = 0;

	memset(&fake, 0, sizeof(fake));
	for (int o = 0; o < 5; o++) {
		fake.free_area[o].nr_free = nr[o];
		total += (long)(nr[o] << o);
	}
	fake.vm_stat[NR_FREE_PAGES] = total;
}

static void test_watermark_flags_order0(void **state)
{
	(void)state;
	/* Order 0: free - 1 + 1 = free must exceed the reduced min. */
	fake_zone(699, 0, 0, 0, 0);
	assert_true(zone_watermark_ok(&fake, 0, 698, 0, 0));	/* 699 > 698 */
	fake_zone(698, 0, 0, 0, 0);
	assert_false(zone_watermark_ok(&fake, 0, 698, 0, 0));	/* 698 <= 698 */

	/* ALLOC_HIGH: 698 - 698/2 = 349. */
	fake_zone(350, 0, 0, 0, 0);
	assert_true(zone_watermark_ok(&fake, 0, 698, 0, ALLOC_HIGH));
	fake_zone(349, 0, 0, 0, 0);
	assert_false(zone_watermark_ok(&fake, 0, 698, 0, ALLOC_HIGH));

	/* ALLOC_HARDER: 698 - 698/4 = 698 - 174 = 524. */
	fake_zone(525, 0, 0, 0, 0);
	assert_true(zone_watermark_ok(&fake, 0, 698, 0, ALLOC_HARDER));
	fake_zone(524, 0, 0, 0, 0);
	assert_false(zone_watermark_ok(&fake, 0, 698, 0, ALLOC_HARDER));

	/* Both (GFP_ATOMIC): 349 - 349/4 = 349 - 87 = 262. */
	fake_zone(263, 0, 0, 0, 0);
	assert_true(zone_watermark_ok(&fake, 0, 698, 0, ALLOC_HIGH | ALLOC_HARDER));
	fake_zone(262, 0, 0, 0, 0);
	assert_false(zone_watermark_ok(&fake, 0, 698, 0, ALLOC_HIGH | ALLOC_HARDER));

	/* The WMARK index bits and ALLOC_CPUSET do not reduce anything. */
	fake_zone(698, 0, 0, 0, 0);
	assert_false(zone_watermark_ok(&fake, 0, 698, 0,
				       ALLOC_WMARK_LOW | ALLOC_CPUSET));
	/* Empty zone, mark 0: 0 <= 0 fails. */
	fake_zone(0, 0, 0, 0, 0);
	assert_false(zone_watermark_ok(&fake, 0, 0, 0, 0));
}

static void test_watermark_lowmem_reserve(void **state)
{
	(void)state;
	/* DMA of x86 512M: mark 21, lowmem_reserve[Normal] 492.  A
	 * Normal-class request needs free > 21 + 492 = 513. */
	fake_zone(514, 0, 0, 0, 0);
	fake.lowmem_reserve[ZONE_NORMAL] = 492;
	assert_true(zone_watermark_ok(&fake, 0, 21, ZONE_NORMAL, 0));
	/* Its own class (DMA) ignores the reserve: 514 > 21. */
	assert_true(zone_watermark_ok(&fake, 0, 21, ZONE_DMA, 0));

	fake_zone(513, 0, 0, 0, 0);
	fake.lowmem_reserve[ZONE_NORMAL] = 492;
	assert_false(zone_watermark_ok(&fake, 0, 21, ZONE_NORMAL, 0));

	/* HIGH|HARDER reduce the mark only: 21 - 10 = 11, 11 - 2 = 9;
	 * need > 9 + 492 = 501. */
	fake_zone(502, 0, 0, 0, 0);
	fake.lowmem_reserve[ZONE_NORMAL] = 492;
	assert_true(zone_watermark_ok(&fake, 0, 21, ZONE_NORMAL,
				      ALLOC_HIGH | ALLOC_HARDER));
	fake_zone(501, 0, 0, 0, 0);
	fake.lowmem_reserve[ZONE_NORMAL] = 492;
	assert_false(zone_watermark_ok(&fake, 0, 21, ZONE_NORMAL,
				       ALLOC_HIGH | ALLOC_HARDER));
}

static void test_watermark_orders_fragmented(void **state)
{
	/*
	 * Free blocks: 600 x order 0, 100 x order 1 (200 pages), 10 x
	 * order 2 (40), 3 x order 3 (24), 1 x order 4 (16): 880 pages.
	 *
	 * GFP_ATOMIC at WMARK_MIN 698: min = 262 (see above).
	 *  o0: 880 > 262                                       -> ok
	 *  o1: 879 > 262; -600 = 279 > 131                     -> ok
	 *  o2: 877; 277 > 131; -200 = 77 > 65                  -> ok
	 *  o3: 873; 273 > 131; 73 > 65; -40 = 33 > 32          -> ok
	 *  o4: 865; 265 > 131; -200 = 65 <= 65                 -> fail
	 *  o5: 849; 249 > 131; 49 <= 65                        -> fail
	 * (an order-4 block exists, yet order 4 is refused.)
	 *
	 * No flags, min 698:
	 *  o0: 880 > 698 ok;  o1: 879; -600 = 279 <= 349 fail; o2..o5 fail
	 *  at the same step (877-600 = 277 <= 349, ...).
	 */
	static const bool atomic_ok[6] = { true, true, true, true, false, false };
	static const bool plain_ok[6] = { true, false, false, false, false, false };

	(void)state;
	for (int order = 0; order <= 5; order++) {
		fake_zone(600, 100, 10, 3, 1);
		assert_int_equal(zone_watermark_ok(&fake, order, 698, 0,
						   ALLOC_HIGH | ALLOC_HARDER),
				 atomic_ok[order]);
		assert_int_equal(zone_watermark_ok(&fake, order, 698, 0, 0),
				 plain_ok[order]);
	}

	/* kswapd's order-2 target at WMARK_HIGH 1047, no reductions:
	 * needs free-3 > 1047, free-3-nr0 > 523, free-3-nr0-2*nr1 > 261.
	 * 1400 pages: 700 x o0, 150 x o1 (300), 100 x o2 (400).
	 * 1397 > 1047; 697 > 523; 397 > 261 -> ok.  With 99 order-2 blocks
	 * and 4 more order-0 pages: 1400; 1397; 693 > 523; 393 > 261 -> ok;
	 * with 65 order-2 blocks (260) and 140 more order-0 pages:
	 * 1397; 557 > 523; 257 <= 261 -> fail. */
	fake_zone(700, 150, 100, 0, 0);
	assert_true(zone_watermark_ok(&fake, 2, 1047, 0, 0));
	fake_zone(704, 150, 99, 0, 0);
	assert_true(zone_watermark_ok(&fake, 2, 1047, 0, 0));
	fake_zone(840, 150, 65, 0, 0);
	assert_false(zone_watermark_ok(&fake, 2, 1047, 0, 0));
}

/*
 * The same rule applied by get_page_from_freelist on a real zone: leave
 * x86 512M's Normal zone with free memory only in order-0 and order-1
 * blocks; orders 0 and 1 pass its watermark, order 2 does not, and the
 * empty DMA zone cannot serve it either.
 */
static void test_watermark_real_zone(void **state)
{
	struct zonelist *zl;
	struct zone *normal = Z(ZONE_NORMAL);
	struct page *page;
	unsigned long pfn, end;

	(void)state;
	profile_set_default();
	boot("x86", 512, 1);
	zl = node_zonelist(0, GFP_KERNEL);
	assert_ptr_equal(first_zones_zonelist(zl, gfp_zone(GFP_KERNEL)), normal);
	assert_ptr_equal(first_zones_zonelist(zl, gfp_zone(GFP_DMA)), Z(ZONE_DMA));

	/* Take every free page of both zones. */
	while ((page = get_page_from_freelist(GFP_KERNEL, 0, zl, ZONE_NORMAL,
					      ALLOC_NO_WATERMARKS, normal,
					      MIGRATE_MOVABLE)))
		;
	assert_int_equal(zone_page_state(normal, NR_FREE_PAGES), 0);
	assert_int_equal(zone_page_state(Z(ZONE_DMA), NR_FREE_PAGES), 0);

	/* Give back Normal pages 8192..: one page in every 4 for 4000 pages
	 * (1000 order-0 blocks), then 300 order-1 blocks from 32768. */
	for (pfn = 8192, end = 8192 + 4000; pfn < end; pfn += 4)
		__free_pages(pfn_to_page(pfn), 0);
	for (pfn = 32768, end = 32768 + 1200; pfn < end; pfn += 4) {
		__free_pages(pfn_to_page(pfn), 0);
		__free_pages(pfn_to_page(pfn + 1), 0);
	}
	drain_all_pages();
	/* 1000 + 600 pages free in Normal: nr_free[0] 1000, [1] 300. */
	assert_int_equal(zone_page_state(normal, NR_FREE_PAGES), 1600);
	assert_int_equal(normal->free_area[0].nr_free, 1000);
	assert_int_equal(normal->free_area[1].nr_free, 300);

	/* Order 0 at WMARK_LOW 872: 1600 > 872 -> Normal serves it. */
	page = get_page_from_freelist(GFP_KERNEL, 0, zl, ZONE_NORMAL,
				      ALLOC_WMARK_LOW, normal, MIGRATE_UNMOVABLE);
	assert_non_null(page);
	assert_ptr_equal(page_zone(page), normal);
	__free_pages(page, 0);
	drain_all_pages();

	/* Order 1 at WMARK_MIN 698, no flags: 1599 > 698; minus 1000
	 * order-0 pages = 599 > 349 -> ok, from Normal. */
	page = get_page_from_freelist(GFP_KERNEL, 1, zl, ZONE_NORMAL,
				      ALLOC_WMARK_MIN, normal, MIGRATE_UNMOVABLE);
	assert_non_null(page);
	assert_ptr_equal(page_zone(page), normal);
	__free_pages(page, 1);

	/* Order 2: 1597 > 698; 597 > 349; 597 - 600 = -3 <= 174 -> Normal
	 * fails; DMA has nothing free -> NULL. */
	page = get_page_from_freelist(GFP_KERNEL, 2, zl, ZONE_NORMAL,
				      ALLOC_WMARK_MIN, normal, MIGRATE_UNMOVABLE);
	assert_null(page);
	mem_exit();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_x86_512m),
		cmocka_unit_test(test_x86_64_512m),
		cmocka_unit_test(test_x86_64_2g),
		cmocka_unit_test(test_reserve_cap_is_31_and_later),
		cmocka_unit_test(test_x86_64_16g),
		cmocka_unit_test(test_x86_2g_highmem),
		cmocka_unit_test(test_x86_16g_pae),
		cmocka_unit_test(test_min_free_kbytes_clamps),
		cmocka_unit_test(test_min_free_kbytes_from_config),
		cmocka_unit_test(test_bad_configs_refused),
		cmocka_unit_test(test_watermark_flags_order0),
		cmocka_unit_test(test_watermark_lowmem_reserve),
		cmocka_unit_test(test_watermark_orders_fragmented),
		cmocka_unit_test(test_watermark_real_zone),
	};

	return cmocka_run_group_tests_name("watermarks", tests, NULL, NULL);
}
