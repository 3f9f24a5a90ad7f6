// SPDX-License-Identifier: GPL-2.0
/*
 * The public record, typed from the messages that printed it (each row
 * names its Message-ID; the linux-mm archive has them all).  Elapsed is
 * fake-gitk's; times printed as MM:SS.mmm are written MS(MM, SS.mmm) so
 * that a row reads as the message does.  Failures are the page allocation
 * failure reports counted from kern.log.
 *
 * Only the two 2.6.30-0000000-force-highorder rows of the cover letter are
 * calibration targets; every other figure here is a prediction mmsim is
 * judged by, and none of them may set a parameter, default or mechanism.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "record.h"
#include "scenario/suggest.h"

#define MS(m, s)	((m) * 60.0 + (s))

#define COVER_ID	"<1258054235-3208-1-git-send-email-mel@csn.ul.ie>"
#define NOV13_ID	"<20091113173446.GL29804@csn.ul.ie>"
#define NOV19_ID	"<20091119081219.GB1119@csn.ul.ie>"
#define NOV20_ID	"<20091120145634.GA18912@csn.ul.ie>"
#define NOV26_ID	"<20091126121945.GB13095@csn.ul.ie>"
#define NOV27_AM_ID	"<20091127114450.GK13095@csn.ul.ie>"
#define NOV27_ID	"<20091127185234.GQ13095@csn.ul.ie>"

const struct record_set_info record_sets[NR_RECORD_SETS] = {
	[RECORD_COVER] = {
		.id = "cover", .date = "12 Nov 2009",
		.source = "Mel Gorman, \"[PATCH 0/5] Reduce GFP_ATOMIC allocation failures, candidate fix V3\"",
		.msgid = COVER_ID,
		.summary = SUMMARY_ONE_RUN, .failures = FAILURES_PER_RUN,
	},
	[RECORD_NOV13] = {
		.id = "13nov", .date = "13 Nov 2009",
		.source = "Mel Gorman, \"Re: [PATCH] make crypto unplug fix V3\"",
		.msgid = NOV13_ID,
		.summary = SUMMARY_ONE_RUN, .failures = FAILURES_PER_RUN,
	},
	[RECORD_NOV19] = {
		.id = "19nov", .date = "19 Nov 2009",
		.source = "Mel Gorman, \"Re: [PATCH 0/7] Reduce GFP_ATOMIC allocation failures, candidate fix V3\"",
		.msgid = NOV19_ID,
		.summary = SUMMARY_MEAN_SD, .failures = FAILURES_SUMMED,
	},
	[RECORD_NOV20] = {
		.id = "20nov", .date = "20 Nov 2009",
		.source = "Mel Gorman, \"Re: [PATCH 3/5] page allocator: Wait on both sync and async congestion after direct reclaim\"",
		.msgid = NOV20_ID,
		.summary = SUMMARY_MEAN_SD, .failures = FAILURES_SUMMED,
	},
	[RECORD_NOV26] = {
		.id = "26nov", .date = "26 Nov 2009",
		.source = "Mel Gorman, \"[PATCH-RFC] cfq: Disable low_latency by default for 2.6.32\"",
		.msgid = NOV26_ID,
		.summary = SUMMARY_MMTESTS, .failures = FAILURES_SUMMED,
	},
	[RECORD_NOV27] = {
		.id = "27nov", .date = "27 Nov 2009",
		.source = "Mel Gorman, \"Re: [PATCH-RFC] cfq: Disable low_latency by default for 2.6.32\"",
		.msgid = NOV27_ID,
		.summary = SUMMARY_MMTESTS, .failures = FAILURES_SUMMED_WITH_SUPPRESSED,
	},
};

/* A row of a one-run table in the cover letter's setup: the row's name is
 * the kernel. */
#define RUN1(set_, table_, id_, arch_, name_, elapsed_, fail_)		\
	{ .set = set_, .table = table_, .msgid = id_, .name = name_,	\
	  .arch = arch_, .setup = SETUP_REPRODUCTION, .profile = name_,	\
	  .low_latency = -1, .elapsed = elapsed_, .stddev = NAN,	\
	  .min = NAN, .max = NAN, .failures = fail_,			\
	  .failures_first_posted = -1 }

/* A row of a repeated-runs table: mean (stddev), failures summed. */
#define RUNS(set_, table_, id_, arch_, setup_, ll_, name_, elapsed_, sd_, fail_) \
	{ .set = set_, .table = table_, .msgid = id_, .name = name_,	\
	  .arch = arch_, .setup = setup_, .profile = name_,		\
	  .low_latency = ll_, .elapsed = elapsed_, .stddev = sd_,	\
	  .min = NAN, .max = NAN, .failures = fail_,			\
	  .failures_first_posted = -1 }

/* A column of an MMTests table (min, mean, stddev, max; pgalloc-fail). */
#define MMT(set_, table_, id_, setup_, profile_, ll_, name_, min_, mean_, sd_, max_, fail_, first_) \
	{ .set = set_, .table = table_, .msgid = id_, .name = name_,	\
	  .arch = VALIDATION_X86_64, .setup = setup_,			\
	  .profile = profile_, .low_latency = ll_, .elapsed = mean_,	\
	  .stddev = sd_, .min = min_, .max = max_, .failures = fail_,	\
	  .failures_first_posted = first_ }

/* ... of a kernel mmsim has no profile for. */
#define MMT_NOT(set_, table_, id_, why_, name_, min_, mean_, sd_, max_, fail_, first_) \
	{ .set = set_, .table = table_, .msgid = id_, .name = name_,	\
	  .arch = VALIDATION_X86_64, .setup = SETUP_DESKTOP,		\
	  .profile = NULL, .low_latency = 1, .not_modelled = why_,	\
	  .elapsed = mean_, .stddev = sd_, .min = min_, .max = max_,	\
	  .failures = fail_, .failures_first_posted = first_ }

#define X64	VALIDATION_X86_64
#define X32	VALIDATION_X86

#define C(arch_, tab_, name_, e_, f_) \
	RUN1(RECORD_COVER, tab_, COVER_ID, arch_, name_, e_, f_)
#define N13(arch_, tab_, name_, e_, f_) \
	RUN1(RECORD_NOV13, tab_, NOV13_ID, arch_, name_, e_, f_)
#define N19(arch_, tab_, name_, e_, sd_, f_) \
	RUNS(RECORD_NOV19, tab_, NOV19_ID, arch_, SETUP_REPRODUCTION, -1, name_, e_, sd_, f_)
/* 20 Nov: the arch is not stated; the 26 Nov tests without dm-crypt ran on
 * "an x86-64 machine", so x86-64 (scenarios/reproduction-no-dm-crypt.ini). */
#define N20(ll_, tab_, name_, e_, sd_, f_) \
	RUNS(RECORD_NOV20, tab_, NOV20_ID, X64, SETUP_NO_DM_CRYPT, ll_, name_, e_, sd_, f_)

#define BLOCK_2633 "Jens Axboe's linux-2.6-block.git for-2.6.33 as of 27 Nov 2009: " \
	"some twenty CFQ commits (service trees, hw_tag and idling changes, queue " \
	"merging) mmsim has no switches for, and the branch's state that day is not recorded"
#define ASYNC_RAMPUP "Corrado Zoccolo's \"[RFC,PATCH] cfq-iosched: improve async " \
	"queue ramp up formula\": its text is not in the record (it is not 573412b, " \
	"dated 6 Dec)"

#define T51 "no forced order-2 (11:44)"
#define T53 "forced order-2 (18:52, printk suppressions counted)"
#define T54 "forced order-2, patches 3-5 (18:52)"

const struct record_row record_rows[] = {
	/* 12 Nov, the cover letter: "On X86, the results I got were" */
	C(X32, "X86", "2.6.30-0000000-force-highorder",          MS(10, 59.095), 0),
	C(X32, "X86", "2.6.31-0000000-force-highorder",          MS(11, 53.505), 0),
	C(X32, "X86", "2.6.31-revert-8aa7e847",                  MS(14, 1.595),  0),
	C(X32, "X86", "2.6.31-0000012-pgalloc-2.6.30",           MS(13, 32.237), 0),
	C(X32, "X86", "2.6.31-0000123-congestion-both",          MS(12, 44.170), 0),
	C(X32, "X86", "2.6.31-0001234-kswapd-quick-recheck",     MS(10, 35.327), 0),
	C(X32, "X86", "2.6.31-0012345-adjust-priority",          MS(11, 2.995),  0),
	C(X32, "X86", "2.6.32-rc6-0000000-force-highorder",      MS(18, 18.562), 0),
	C(X32, "X86", "2.6.32-rc6-revert-8aa7e847",              MS(10, 29.278), 0),
	C(X32, "X86", "2.6.32-rc6-0000012-pgalloc-2.6.30",       MS(13, 32.393), 0),
	C(X32, "X86", "2.6.32-rc6-0000123-congestion-both",      MS(14, 55.265), 0),
	C(X32, "X86", "2.6.32-rc6-0001234-kswapd-quick-recheck", MS(13, 35.628), 0),
	C(X32, "X86", "2.6.32-rc6-0012345-adjust-priority",      MS(12, 41.278), 0),
	/* "On X86-64, the results I got were" */
	C(X64, "X86-64", "2.6.30-0000000-force-highorder",          MS(9, 48.545),  0),
	C(X64, "X86-64", "2.6.31-0000000-force-highorder",          MS(9, 13.020),  0),
	C(X64, "X86-64", "2.6.31-revert-8aa7e847",                  MS(9, 2.120),   0),
	C(X64, "X86-64", "2.6.31-0000012-pgalloc-2.6.30",           MS(8, 52.742),  0),
	C(X64, "X86-64", "2.6.31-0000123-congestion-both",          MS(8, 59.375),  0),
	C(X64, "X86-64", "2.6.31-0001234-kswapd-quick-recheck",     MS(9, 19.208),  0),
	C(X64, "X86-64", "2.6.31-0012345-adjust-priority",          MS(9, 39.225),  0),
	C(X64, "X86-64", "2.6.32-rc6-0000000-force-highorder",      MS(19, 38.585), 5),
	C(X64, "X86-64", "2.6.32-rc6-revert-8aa7e847",              MS(17, 21.257), 0),
	C(X64, "X86-64", "2.6.32-rc6-0000012-pgalloc-2.6.30",       MS(18, 56.682), 1),
	C(X64, "X86-64", "2.6.32-rc6-0000123-congestion-both",      MS(16, 8.340),  0),
	C(X64, "X86-64", "2.6.32-rc6-0001234-kswapd-quick-recheck", MS(18, 11.200), 7),
	C(X64, "X86-64", "2.6.32-rc6-0012345-adjust-priority",      MS(21, 33.158), 0),

	/* 13 Nov, "Here is an updated set of results for fake-gitk running." */
	N13(X32, "X86", "2.6.30-0000000-force-highorder",          MS(12, 8.908),  0),
	N13(X32, "X86", "2.6.31-0000000-force-highorder",          MS(10, 56.283), 0),
	N13(X32, "X86", "2.6.31-0000006-dm-crypt-unplug",          MS(11, 51.653), 0),
	N13(X32, "X86", "2.6.31-0000012-pgalloc-2.6.30",           MS(12, 26.587), 0),
	N13(X32, "X86", "2.6.31-0000123-congestion-both",          MS(10, 55.298), 0),
	N13(X32, "X86", "2.6.31-0001234-kswapd-quick-recheck",     MS(18, 1.523),  0),
	N13(X32, "X86", "2.6.31-0123456-dm-crypt-unplug",          MS(10, 45.720), 0),
	N13(X32, "X86", "2.6.31-revert-8aa7e847",                  MS(15, 8.020),  0),
	N13(X32, "X86", "2.6.32-rc6-0000000-force-highorder",      MS(16, 20.765), 4),
	N13(X32, "X86", "2.6.32-rc6-0000006-dm-crypt-unplug",      MS(13, 42.920), 0),
	N13(X32, "X86", "2.6.32-rc6-0000012-pgalloc-2.6.30",       MS(16, 13.380), 1),
	N13(X32, "X86", "2.6.32-rc6-0000123-congestion-both",      MS(18, 39.118), 0),
	N13(X32, "X86", "2.6.32-rc6-0001234-kswapd-quick-recheck", MS(15, 4.398),  0),
	N13(X32, "X86", "2.6.32-rc6-0123456-dm-crypt-unplug",      MS(12, 50.438), 0),
	N13(X32, "X86", "2.6.32-rc6-revert-8aa7e847",              MS(20, 50.888), 0),
	N13(X64, "X86-64", "2.6.30-0000000-force-highorder",          MS(10, 37.300), 0),
	N13(X64, "X86-64", "2.6.31-0000000-force-highorder",          MS(8, 49.338),  0),
	N13(X64, "X86-64", "2.6.31-0000006-dm-crypt-unplug",          MS(9, 37.840),  0),
	N13(X64, "X86-64", "2.6.31-0000012-pgalloc-2.6.30",           MS(15, 49.690), 0),
	N13(X64, "X86-64", "2.6.31-0000123-congestion-both",          MS(9, 18.790),  0),
	N13(X64, "X86-64", "2.6.31-0001234-kswapd-quick-recheck",     MS(8, 39.268),  0),
	N13(X64, "X86-64", "2.6.31-0123456-dm-crypt-unplug",          MS(8, 20.965),  0),
	N13(X64, "X86-64", "2.6.31-revert-8aa7e847",                  MS(8, 7.457),   0),
	N13(X64, "X86-64", "2.6.32-rc6-0000000-force-highorder",      MS(18, 29.103), 1),
	N13(X64, "X86-64", "2.6.32-rc6-0000006-dm-crypt-unplug",      MS(25, 53.515), 3),
	N13(X64, "X86-64", "2.6.32-rc6-0000012-pgalloc-2.6.30",       MS(19, 55.570), 6),
	N13(X64, "X86-64", "2.6.32-rc6-0000123-congestion-both",      MS(17, 29.255), 2),
	N13(X64, "X86-64", "2.6.32-rc6-0001234-kswapd-quick-recheck", MS(14, 41.068), 0),
	N13(X64, "X86-64", "2.6.32-rc6-0123456-dm-crypt-unplug",      MS(15, 48.028), 1),
	N13(X64, "X86-64", "2.6.32-rc6-revert-8aa7e847",              MS(14, 48.647), 0),

	/* 19 Nov, "I adjusted the workload to run fake-gitk multiple times";
	 * stddev printed as stddev:SSS.mmm.  "On X86-64, the timings were" */
	N19(X64, "X86-64", "2.6.30-0000000-force-highorder",                MS(10, 52.218), 8.085,   0),
	N19(X64, "X86-64", "2.6.31-0000000-force-highorder",                MS(11, 32.258), 130.779, 0),
	N19(X64, "X86-64", "2.6.31-0012345-kswapd-stay-awake-when-min",     MS(9, 34.662),  22.239,  0),
	N19(X64, "X86-64", "2.6.31-0123456-dm-crypt-unplug",                MS(10, 28.718), 60.897,  0),
	N19(X64, "X86-64", "2.6.32-rc6-0000000-force-highorder",            MS(27, 53.686), 207.508, 37),
	N19(X64, "X86-64", "2.6.32-rc6-0012345-kswapd-stay-awake-when-min", MS(27, 26.735), 221.214, 6),
	N19(X64, "X86-64", "2.6.32-rc6-0123456-dm-crypt-unplug",            MS(27, 35.462), 205.017, 4),
	/* "On X86, they were" */
	N19(X32, "X86", "2.6.30-0000000-force-highorder",                MS(13, 36.768), 19.514,  0),
	N19(X32, "X86", "2.6.31-0000000-force-highorder",                MS(16, 27.922), 134.839, 0),
	N19(X32, "X86", "2.6.31-0000006-dm-crypt-unplug",                MS(15, 47.160), 183.488, 0),
	N19(X32, "X86", "2.6.31-0012345-kswapd-stay-awake-when-min",     MS(18, 32.458), 182.164, 0),
	N19(X32, "X86", "2.6.31-0123456-dm-crypt-unplug",                MS(17, 7.482),  210.404, 0),
	N19(X32, "X86", "2.6.32-rc6-0000000-force-highorder",            MS(26, 8.763),  123.926, 4),
	N19(X32, "X86", "2.6.32-rc6-0000006-dm-crypt-unplug",            MS(17, 57.550), 254.412, 1),
	N19(X32, "X86", "2.6.32-rc6-0012345-kswapd-stay-awake-when-min", MS(25, 3.435),  234.685, 1),
	N19(X32, "X86", "2.6.32-rc6-0123456-dm-crypt-unplug",            MS(25, 21.382), 211.252, 0),

	/* 20 Nov, "I tried without dm-crypt" */
	N20(0, "low_latency == 0", "2.6.32-rc6-0000000-force-highorder",            MS(17, 50.935), 2.535,  0),
	N20(0, "low_latency == 0", "2.6.32-rc6-0000006-dm-crypt-unplug",            MS(18, 44.610), 2.236,  1),
	N20(0, "low_latency == 0", "2.6.32-rc6-0000012-pgalloc-2.6.30",             MS(17, 18.330), 2.258,  2),
	N20(0, "low_latency == 0", "2.6.32-rc6-0000123-congestion-both",            MS(16, 17.370), 2.167,  1),
	N20(0, "low_latency == 0", "2.6.32-rc6-0001234-kswapd-quick-recheck",       MS(15, 54.880), 2.234,  0),
	N20(0, "low_latency == 0", "2.6.32-rc6-0012345-kswapd-stay-awake-when-min", MS(19, 26.417), 2.237,  1),
	N20(0, "low_latency == 0", "2.6.32-rc6-0123456-dm-crypt-unplug",            MS(20, 19.135), 1.516,  0),
	N20(1, "low_latency == 1", "2.6.32-rc6-0000000-force-highorder",            MS(20, 4.755),  78.551, 22),
	N20(1, "low_latency == 1", "2.6.32-rc6-0000006-dm-crypt-unplug",            MS(25, 5.608),  53.224, 12),
	N20(1, "low_latency == 1", "2.6.32-rc6-0000012-pgalloc-2.6.30",             MS(19, 1.530),  2.146,  14),
	N20(1, "low_latency == 1", "2.6.32-rc6-0000123-congestion-both",            MS(18, 1.938),  2.171,  2),
	N20(1, "low_latency == 1", "2.6.32-rc6-0001234-kswapd-quick-recheck",       MS(19, 52.833), 64.168, 7),
	N20(1, "low_latency == 1", "2.6.32-rc6-0012345-kswapd-stay-awake-when-min", MS(26, 25.767), 50.827, 1),
	N20(1, "low_latency == 1", "2.6.32-rc6-0123456-dm-crypt-unplug",            MS(22, 56.850), 53.914, 1),

	/* 26 Nov, desktop-net-gitk: 2.6.32-rc8 (named so on 27 Nov), no
	 * failures row. */
	MMT(RECORD_NOV26, "desktop-net-gitk", NOV26_ID, SETUP_DESKTOP, "2.6.32", 1,
	    "gitk-with-low-latency", 954.46, 964.79, 10.01, 981.23, -1, -1),
	MMT(RECORD_NOV26, "desktop-net-gitk", NOV26_ID, SETUP_DESKTOP, "2.6.32", 0,
	    "gitk-without-low-latency", 640.65, 655.57, 13.33, 675.65, -1, -1),

	/* 27 Nov: the four kernels without forced order-2, posted at 11:44
	 * and quoted at 18:52 (columns 1 and 4 are the 26 Nov runs). */
	MMT(RECORD_NOV27, T51, NOV27_AM_ID, SETUP_DESKTOP, "2.6.32", 1,
	    "gitk-with-low-latency", 954.46, 964.79, 10.01, 981.23, -1, -1),
	MMT_NOT(RECORD_NOV27, T51, NOV27_AM_ID, BLOCK_2633,
		"low-latency-block-2.6.33", 570.06, 573.96, 2.65, 577.21, -1, -1),
	MMT_NOT(RECORD_NOV27, T51, NOV27_AM_ID, ASYNC_RAMPUP,
		"low-latency-async-rampup", 796.22, 798.01, 1.91, 800.91, -1, -1),
	MMT(RECORD_NOV27, T51, NOV27_AM_ID, SETUP_DESKTOP, "2.6.32", 0,
	    "gitk-without-low-latency", 640.65, 655.57, 13.33, 675.65, -1, -1),
	/* With forced order-2 receives; pgalloc-fail as corrected at 18:52
	 * ("I neglected to take into account printk rate suppressions"),
	 * then as first posted (15:58, quoted there). */
	MMT(RECORD_NOV27, T53, NOV27_ID, SETUP_DESKTOP_HIGHORDER, "2.6.32+force-highorder", 1,
	    "high-with-low-latency", 861.03, 866.60, 4.39, 872.56, 65, 25),
	MMT_NOT(RECORD_NOV27, T53, NOV27_ID, BLOCK_2633,
		"low-latency-block-2.6.33", 467.83, 616.28, 86.90, 679.36, 10, 10),
	MMT_NOT(RECORD_NOV27, T53, NOV27_ID, ASYNC_RAMPUP,
		"low-latency-async-rampup", 1185.51, 1201.82, 23.63, 1242.63, 293, 39),
	MMT(RECORD_NOV27, T53, NOV27_ID, SETUP_DESKTOP_HIGHORDER, "2.6.32+force-highorder", 0,
	    "high-without-low-latency", 303.43, 459.69, 92.75, 537.31, 20, 20),
	/* "With the three additional applied for allocation failures" */
	MMT(RECORD_NOV27, T54, NOV27_ID, SETUP_DESKTOP_HIGHORDER, "2.6.32+3+4+5+force-highorder", 1,
	    "atomics-with-low-latency", 641.12, 743.61, 60.30, 793.85, 3, 3),
	MMT_NOT(RECORD_NOV27, T54, NOV27_ID, BLOCK_2633 " (with patches 3-5)",
		"low-latency-block-2.6.33", 627.91, 631.20, 2.53, 633.76, 2, 2),
	MMT_NOT(RECORD_NOV27, T54, NOV27_ID, ASYNC_RAMPUP " (with patches 3-5)",
		"low-latency-async-rampup", 1254.75, 1272.70, 10.64, 1281.65, 27, 23),
	MMT(RECORD_NOV27, T54, NOV27_ID, SETUP_DESKTOP_HIGHORDER, "2.6.32+3+4+5+force-highorder", 0,
	    "atomics-without-low-latency", 375.05, 389.71, 22.38, 428.41, 0, 0),
};

const size_t record_nr_rows = sizeof(record_rows) / sizeof(record_rows[0]);

const struct record_row *record_find(enum record_set set, const char *table,
				     const char *name)
{
	for (size_t i = 0; i < record_nr_rows; i++) {
		const struct record_row *r = &record_rows[i];

		if (r->set == set && !strcmp(r->table, table) &&
		    !strcmp(r->name, name))
			return r;
	}
	return NULL;
}

int record_parse_sets(const char *text, unsigned int *sets, char *err,
		      size_t len)
{
	const char *p = text;

	*sets = 0;
	for (;;) {
		size_t n = strcspn(p, ",");
		int found = -1;

		for (int s = 0; s < NR_RECORD_SETS; s++)
			if (strlen(record_sets[s].id) == n &&
			    !strncmp(p, record_sets[s].id, n))
				found = s;
		if (n == 3 && !strncmp(p, "all", 3)) {
			*sets |= RECORD_ALL_SETS;
		} else if (found >= 0) {
			*sets |= 1u << found;
		} else {
			char word[64];
			struct suggest sg;

			snprintf(word, sizeof(word), "%.*s", (int)n, p);
			suggest_init(&sg, word);
			suggest_add(&sg, "all");
			for (int s = 0; s < NR_RECORD_SETS; s++)
				suggest_add(&sg, record_sets[s].id);
			snprintf(err, len, "'%.*s' is not a data set (%sexpected all, "
				 "or cover, 13nov, 19nov, 20nov, 26nov, 27nov, "
				 "joined by commas)", (int)n, p, suggest_lead(&sg));
			return -1;
		}
		if (!p[n])
			return 0;
		p += n + 1;
	}
}

const char *record_setup_scenario(enum record_setup setup, int arch)
{
	switch (setup) {
	case SETUP_REPRODUCTION:
		return arch == VALIDATION_X86 ? "scenarios/reproduction-x86.ini" :
						"scenarios/reproduction-x86_64.ini";
	case SETUP_NO_DM_CRYPT:
		return "scenarios/reproduction-no-dm-crypt.ini";
	case SETUP_DESKTOP:
		return "scenarios/desktop-net-gitk.ini";
	case SETUP_DESKTOP_HIGHORDER:
		return "scenarios/desktop-net-gitk-highorder.ini";
	default:
		return NULL;
	}
}
