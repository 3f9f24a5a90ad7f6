// SPDX-License-Identifier: GPL-2.0
/*
 * Watermarks and lowmem_reserve against what real kernels printed.
 *
 * Each case below is the Mem-Info of a page allocation failure or OOM
 * report posted to a public mailing list or forum.  show_free_areas()
 * prints, per zone, min/low/high and present in kB and the zone's
 * lowmem_reserve[] in pages.  The test boots a machine of the same
 * architecture with the same populated zones, sets every zone's
 * present_pages to the printed value, reruns init_per_zone_wmark_min()
 * (min_free_kbytes from lowmem, setup_per_zone_wmarks,
 * setup_per_zone_lowmem_reserve), and asserts the printed numbers
 * exactly.  No ±1 page tolerance was needed: every printed value is
 * reproduced by the integer arithmetic of 2.6.32 mm/page_alloc.c's
 * init_per_zone_wmark_min(), setup_per_zone_wmarks() and
 * setup_per_zone_lowmem_reserve() (shown
 * for one zone per case; the others follow the same steps).
 *
 * Only present_pages is taken from the report: zone spans, holes and
 * memmap accounting are mmsim's own (tests/test_watermarks.c), because a
 * real machine's e820 map and early reservations vary.  min_free_kbytes
 * is not printed; it is derived here and shown to yield the printed
 * minimums, which is the check that the kernel used the default
 * (int_sqrt(lowmem kB * 16)) rather than a sysctl value.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "linux/mmzone.h"
#include "mmsim/profile.h"

#define NZ 4	/* zones printed per report: the kernel's MAX_NR_ZONES */

struct real_zone {
	unsigned long present_kb;	/* 0: zone not populated */
	unsigned long min_kb, low_kb, high_kb;
	unsigned long reserve[NZ];	/* lowmem_reserve[] as printed, pages */
};

struct real_report {
	const char *arch;
	unsigned long boot_mb;		/* a size that populates the same zones */
	int nr_printed;			/* lowmem_reserve[] entries printed */
	unsigned long min_free_kbytes;	/* derived by hand in the comment */
	struct real_zone zone[NZ];	/* in the arch's zone order */
};

static void check_report(const struct real_report *r)
{
	struct mem_config cfg = {
		.arch = arch_lookup(r->arch),
		.mem_bytes = r->boot_mb << 20,
		.nr_cpus = 1,
		.reserved_kbytes = (unsigned long)-1,
	};
	const struct arch_desc *a;

	assert_non_null(cfg.arch);
	profile_set_default();
	assert_int_equal(mem_init(&cfg), 0);
	a = sim_arch;

	for (int i = 0; i < NZ; i++) {
		struct zone *z = &contig_page_data.node_zones[a->zone_types[i]];

		assert_int_equal(populated_zone(z), r->zone[i].present_kb != 0);
		z->present_pages = r->zone[i].present_kb / 4;
		/* As at boot: nr_free_buffer_pages() subtracts the high
		 * watermark, which is still 0 when the kernel's
		 * init_per_zone_wmark_min() first runs. */
		memset(z->watermark, 0, sizeof(z->watermark));
	}
	init_per_zone_wmark_min();
	assert_int_equal(min_free_kbytes, r->min_free_kbytes);

	for (int i = 0; i < NZ; i++) {
		const struct real_zone *rz = &r->zone[i];
		struct zone *z = &contig_page_data.node_zones[a->zone_types[i]];

		if (!rz->present_kb)
			continue;
		assert_int_equal(min_wmark_pages(z) * 4, rz->min_kb);
		assert_int_equal(low_wmark_pages(z) * 4, rz->low_kb);
		assert_int_equal(high_wmark_pages(z) * 4, rz->high_kb);
		/* The kernel prints MAX_NR_ZONES entries; a report from a
		 * kernel without CONFIG_HIGHMEM prints 3 (DMA, Normal,
		 * Movable) and mmsim's extra HighMem slot holds the same
		 * value as Movable, both adding 0 pages. */
		for (int j = 0; j < r->nr_printed; j++)
			assert_int_equal(z->lowmem_reserve[a->zone_types[j]],
					 rz->reserve[j]);
	}
	mem_exit();
}

/*
 * x86, 512 MB, no highmem.  Wu Fengguang quoting Andreas Mohr's OOM
 * report, "Re: 32GB SSD on USB1.1 P3/700 == ___HELL___ (2.6.34-rc3)",
 * linux-mm and linux-kernel, 7 Apr 2010, Message-ID
 * <20100407085230.GA21644@localhost>; kernel 2.6.34-rc3.
 *
 * DMA 15804 kB = 3951 pages, Normal 503848 kB = 125962 pages:
 * lowmem 129913 pages = 519652 kB, int_sqrt(519652 * 16 = 8314432) =
 * 2883 (2883^2 = 8311689 <= 8314432 < 2884^2 = 8317456).
 * pages_min = 2883 / 4 = 720.  Normal tmp = 720 * 125962 / 129913 =
 * 698: min 698 = 2792 kB, low 698 + 174 = 872 = 3488 kB, high 698 + 349
 * = 1047 = 4188 kB.  DMA tmp = 2844720 / 129913 = 21: 84/104/124 kB.
 * DMA[Normal] = 125962 / 256 = 492.
 */
static const struct real_report x86_512m = {
	.arch = "x86", .boot_mb = 512, .nr_printed = 3,
	.min_free_kbytes = 2883,
	.zone = {
		{ 15804, 84, 104, 124, { 0, 492, 492 } },
		{ 503848, 2792, 3488, 4188, { 0, 0, 0 } },
	},
};

/*
 * x86, 2 GB with HighMem.  The Nimble Byte, "Re: [Bug 16415] New:
 * Show_Memory/Shift-ScrollLock triggers ...", linux-mm, 28 Jul 2010,
 * Message-ID <4C50233A.4090304@xs4all.nl>; kernel 2.6.34.1 (SysRq-M
 * output).
 *
 * DMA 3951, Normal 222502, HighMem 291228 pages.  Lowmem 226453 pages
 * = 905812 kB; int_sqrt(14492992) = 3806 (3807^2 = 14493249 is above).
 * pages_min 951.  Normal tmp = 951 * 222502 / 226453 = 934:
 * 3736/4668/5604 kB.  HighMem min = clamp(291228 / 1024 = 284, 32,
 * 128) = 128; tmp = 951 * 291228 / 226453 = 1223: low 128 + 305 = 433
 * = 1732 kB, high 128 + 611 = 739 = 2956 kB.
 * DMA[Normal] = 222502 / 256 = 869, DMA[HighMem] = 513730 / 256 = 2006,
 * Normal[HighMem] = 291228 / 32 = 9100.
 */
static const struct real_report x86_2g = {
	.arch = "x86", .boot_mb = 2048, .nr_printed = 4,
	.min_free_kbytes = 3806,
	.zone = {
		{ 15804, 64, 80, 96, { 0, 869, 2006, 2006 } },
		{ 890008, 3736, 4668, 5604, { 0, 0, 9100, 9100 } },
		{ 1164912, 512, 1732, 2956, { 0, 0, 0, 0 } },
	},
};

/*
 * x86 PAE, 4.5 GB.  Ubuntu Forums, General Help, "PulseAudio help?",
 * posted 4 Dec 2009, syslog of 5 Dec 2009: an order-2 GFP_ATOMIC
 * (mode:0x4020) failure in iwlagn's rx refill, the failure this series
 * is about; kernel 2.6.31-15-generic-pae (Ubuntu 9.10).
 *
 * DMA 3963, Normal 221994, HighMem 812903 pages.  Lowmem 225957 pages
 * = 903828 kB; int_sqrt(14461248) = 3802.  pages_min 950.  Normal tmp
 * = 950 * 221994 / 225957 = 933: 3732/4664/5596 kB.  HighMem min 128
 * (812903 / 1024 = 793 clamped); tmp = 950 * 812903 / 225957 = 3417:
 * low 128 + 854 = 982 = 3928 kB, high 128 + 1708 = 1836 = 7344 kB.
 * DMA[HighMem] = 1034897 / 256 = 4042, Normal[HighMem] = 812903 / 32 =
 * 25403.
 */
static const struct real_report x86_pae_4g5 = {
	.arch = "x86", .boot_mb = 4608, .nr_printed = 4,
	.min_free_kbytes = 3802,
	.zone = {
		{ 15852, 64, 80, 96, { 0, 867, 4042, 4042 } },
		{ 887976, 3732, 4664, 5596, { 0, 0, 25403, 25403 } },
		{ 3251612, 512, 3928, 7344, { 0, 0, 0, 0 } },
	},
};

/*
 * x86-64, 1 GB (a KVM guest).  Pierre Ossman's report quoted by Avi
 * Kivity, "Re: Page allocation failures in guest", linux-mm and
 * linux-kernel, 11 Aug 2009, Message-ID <4A811545.5090209@redhat.com>
 * (the log is of 12 Jul 2009).  The quoted lines do not name the
 * kernel; their Mem-Info format (Active_anon, unevictable, no
 * isolated) is that of 2.6.28 to 2.6.30.
 *
 * DMA 6840 kB = 1710 pages (a guest BIOS reserves more of DMA), DMA32
 * 254504 pages.  Lowmem 256214 pages = 1024856 kB; int_sqrt(16397696)
 * = 4049.  pages_min 1012.  DMA32 tmp = 1012 * 254504 / 256214 = 1005:
 * 4020/5024/6028 kB.  DMA tmp = 1730520 / 256214 = 6: 24/28/36 kB.
 * DMA[DMA32] = 254504 / 256 = 994.
 */
static const struct real_report x86_64_1g = {
	.arch = "x86_64", .boot_mb = 1024, .nr_printed = 4,
	.min_free_kbytes = 4049,
	.zone = {
		{ 6840, 24, 28, 36, { 0, 994, 994, 994 } },
		{ 1018016, 4020, 5024, 6028, { 0, 0, 0, 0 } },
	},
};

/*
 * x86-64, 2 GB.  Peter Trekels, "RE: [Bug 14403] New: Kernel freeze
 * when going out of memory", linux-mm, 16 Oct 2009 (attachment
 * putty_blocked_trace.log: order-1 GFP_ATOMIC failures in softirq);
 * kernel 2.6.28.10.
 *
 * DMA 2250, DMA32 513023 pages.  Lowmem 515273 pages = 2061092 kB;
 * int_sqrt(32977472) = 5742.  pages_min 1435.  DMA32 tmp = 1435 *
 * 513023 / 515273 = 1428: 5712/7140/8568 kB.  DMA tmp = 3228750 /
 * 515273 = 6: 24/28/36 kB.  DMA[DMA32] = 513023 / 256 = 2003.
 */
static const struct real_report x86_64_2g = {
	.arch = "x86_64", .boot_mb = 2048, .nr_printed = 4,
	.min_free_kbytes = 5742,
	.zone = {
		{ 9000, 24, 28, 36, { 0, 2003, 2003, 2003 } },
		{ 2052092, 5712, 7140, 8568, { 0, 0, 0, 0 } },
	},
};

/*
 * x86-64, 5 GB (DMA, DMA32 and Normal).  Andy Chittenden, "RE: Out of
 * Memory: Killed process 16498 (java).", linux-kernel, 19 Jan 2006,
 * Message-ID <89E85E0168AD994693B574C80EDB9C270355601F@uk-email.
 * terastack.bluearc.com>; kernel 2.6.15-1-amd64-k8 (Debian).  Older
 * than the series, kept because it is the one x86-64 report found with
 * a populated Normal zone that is not NUMA; its kernel prints a fourth
 * (HighMem) entry where 2.6.32 prints Movable, both empty.  That a
 * 2.6.15 kernel matches exactly shows the arithmetic did not change
 * from 2.6.15 to 2.6.34.
 *
 * Boot log: DMA 3185, DMA32 767976, Normal 258560 pages.  Lowmem
 * 1029721 pages = 4118884 kB; int_sqrt(65902144) = 8118 (8118^2 =
 * 65901924).  pages_min 2029.  DMA32 tmp = 2029 * 767976 / 1029721 =
 * 1513: 6052/7564/9076 kB; Normal tmp = 2029 * 258560 / 1029721 = 509:
 * 2036/2544/3052 kB.  DMA[DMA32] = 767976 / 256 = 2999, DMA[Normal] =
 * 1026536 / 256 = 4009, DMA32[Normal] = 258560 / 256 = 1010.
 */
static const struct real_report x86_64_5g = {
	.arch = "x86_64", .boot_mb = 5120, .nr_printed = 4,
	.min_free_kbytes = 8118,
	.zone = {
		{ 12740, 24, 28, 36, { 0, 2999, 4009, 4009 } },
		{ 3071904, 6052, 7564, 9076, { 0, 0, 1010, 1010 } },
		{ 1034240, 2036, 2544, 3052, { 0, 0, 0, 0 } },
	},
};

/*
 * x86-64, 4 GB with a Normal zone (a VM).  Dave Chinner, "Re: [3.2-rc3]
 * OOM killer doesn't kill the obvious memory hog", linux-mm and
 * linux-kernel, 1 Dec 2011, Message-ID <20111201124634.GY7046@dastard>;
 * kernel 3.2.0-rc3.  Later than the series, kept to show the same
 * arithmetic two years on (later kernels share pages_min by
 * managed_pages instead of present_pages and, from 4.6, space low and
 * high by watermark_scale_factor).
 *
 * DMA 3916, DMA32 899125, Normal 129280 pages.  Lowmem 1032321 pages =
 * 4129284 kB; int_sqrt(66068544) = 8128.  pages_min 2032.  DMA32 tmp =
 * 2032 * 899125 / 1032321 = 1769: 7076/8844/10612 kB; Normal tmp =
 * 2032 * 129280 / 1032321 = 254: 1016/1268/1524 kB.  DMA[DMA32] =
 * 899125 / 256 = 3512, DMA[Normal] = 1028405 / 256 = 4017,
 * DMA32[Normal] = 129280 / 256 = 505.
 */
static const struct real_report x86_64_4g = {
	.arch = "x86_64", .boot_mb = 5120, .nr_printed = 4,
	.min_free_kbytes = 8128,
	.zone = {
		{ 15664, 28, 32, 40, { 0, 3512, 4017, 4017 } },
		{ 3596500, 7076, 8844, 10612, { 0, 0, 505, 505 } },
		{ 517120, 1016, 1268, 1524, { 0, 0, 0, 0 } },
	},
};

static void test_x86_512m_2_6_34_rc3(void **state)
{
	(void)state;
	check_report(&x86_512m);
}

static void test_x86_2g_highmem_2_6_34(void **state)
{
	(void)state;
	check_report(&x86_2g);
}

static void test_x86_pae_4g5_2_6_31(void **state)
{
	(void)state;
	check_report(&x86_pae_4g5);
}

static void test_x86_64_2g_2_6_28(void **state)
{
	(void)state;
	check_report(&x86_64_2g);
}

static void test_x86_64_5g_normal_2_6_15(void **state)
{
	(void)state;
	check_report(&x86_64_5g);
}

static void test_x86_64_1g_2_6_2x(void **state)
{
	(void)state;
	check_report(&x86_64_1g);
}

static void test_x86_64_4g_normal_3_2(void **state)
{
	(void)state;
	check_report(&x86_64_4g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_x86_512m_2_6_34_rc3),
		cmocka_unit_test(test_x86_2g_highmem_2_6_34),
		cmocka_unit_test(test_x86_pae_4g5_2_6_31),
		cmocka_unit_test(test_x86_64_2g_2_6_28),
		cmocka_unit_test(test_x86_64_5g_normal_2_6_15),
		cmocka_unit_test(test_x86_64_1g_2_6_2x),
		cmocka_unit_test(test_x86_64_4g_normal_3_2),
	};

	return cmocka_run_group_tests_name("watermark_real", tests, NULL, NULL);
}
