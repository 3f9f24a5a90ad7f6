// SPDX-License-Identifier: GPL-2.0
/* The machine of a run boots, idles and tears down cleanly. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "experiment/machine.h"
#include "linux/mmzone.h"
#include "linux/swap.h"
#include "linux/blkdev.h"
#include "hw/disk.h"

static const char scenario_text[] =
	"[machine]\n"
	"arch = x86_64\n"
	"mem = 128M\n"
	"cpus = 2\n"
	"fs_size = 1G\n"
	"swap_size = 256M\n"
	"disk_size = 2G\n"
	"[kernel]\n"
	"profile = 2.6.32-rc6\n"
	"[task idle]\n"
	"program = sleeper\n";

static void test_boot_idle_teardown(void **state)
{
	struct scenario_error err;
	struct scenario *sc;
	struct machine m;
	char msg[256];
	unsigned long free0;

	(void)state;
	sc = scenario_parse_buffer(scenario_text, strlen(scenario_text),
				   "test.ini", NULL, &err);
	assert_non_null(sc);
	assert_int_equal(machine_boot(&m, sc, 1, NULL, msg, sizeof(msg)), 0);
	assert_non_null(NODE_DATA(0)->kswapd);
	/* disk_max_request's default, 512 KiB = 1024 sectors. */
	assert_int_equal(bdev_get_queue(m.disk)->max_sectors, 1024);
	/* 128 MB of x86-64: a swap of 256 MB is on, nothing used. */
	assert_int_equal(total_swap_pages, 65536 - 1);
	assert_int_equal(nr_swap_pages, total_swap_pages);
	free0 = global_page_state(NR_FREE_PAGES);
	sim_run(10 * NSEC_PER_SEC);
	/* An idle machine keeps its memory: only kernel threads ran. */
	assert_true(global_page_state(NR_FREE_PAGES) + 256 >= free0);
	machine_teardown(&m);
	scenario_free(sc);
}

static void test_bad_volumes_refused(void **state)
{
	static const char text[] =
		"[machine]\nmem = 128M\ndisk_size = 1G\nfs_size = 1G\nswap_size = 256M\n"
		"[task idle]\nprogram = sleeper\n";
	struct scenario_error err;
	struct scenario *sc;
	struct machine m;
	char msg[256] = "";

	(void)state;
	sc = scenario_parse_buffer(text, strlen(text), "test.ini", NULL, &err);
	if (!sc) {
		/* The parser already refuses it: that is the better place. */
		assert_non_null(strstr(err.msg, "test.ini:"));
		return;
	}
	assert_int_equal(machine_boot(&m, sc, 1, NULL, msg, sizeof(msg)), -1);
	assert_non_null(strstr(msg, "exceed the disk"));
	machine_teardown(&m);
	scenario_free(sc);
}

/* disk_max_request reaches the disk's queue: 64 KiB = 128 sectors. */
static void test_disk_max_request_applied(void **state)
{
	static const char text[] =
		"[machine]\nmem = 128M\ndisk_size = 2G\nfs_size = 1G\nswap_size = 0\n"
		"disk_max_request = 64K\n[task idle]\nprogram = sleeper\n";
	struct scenario_error err;
	struct scenario *sc;
	struct machine m;
	char msg[256];

	(void)state;
	sc = scenario_parse_buffer(text, strlen(text), "test.ini", NULL, &err);
	assert_non_null(sc);
	assert_int_equal(machine_boot(&m, sc, 1, NULL, msg, sizeof(msg)), 0);
	assert_int_equal(bdev_get_queue(m.disk)->max_sectors, 128);
	machine_teardown(&m);
	scenario_free(sc);
}

/*
 * The drive's keys reach the drive (docs/disk.md); without disk_capacity
 * a partition beyond the default drive makes the drive larger.
 */
static void test_disk_keys_applied(void **state)
{
	static const char keys[] =
		"[machine]\nmem = 128M\ndisk_size = 2G\nfs_size = 1G\nswap_size = 0\n"
		"disk_queue_depth = 8\ndisk_write_cache = off\n"
		"disk_bandwidth_inner = 30M\ndisk_seek = 9ms\ndisk_rpm = 5400\n"
		"[task idle]\nprogram = sleeper\n";
	static const char big[] =
		"[machine]\nmem = 128M\ndisk_size = 300G\n"
		"[task idle]\nprogram = sleeper\n";
	struct scenario_error err;
	const struct disk_params *p;
	struct scenario *sc;
	struct machine m;
	char msg[256];

	(void)state;
	sc = scenario_parse_buffer(keys, strlen(keys), "test.ini", NULL, &err);
	assert_non_null(sc);
	assert_int_equal(machine_boot(&m, sc, 1, NULL, msg, sizeof(msg)), 0);
	p = hw_disk_params(disk_hw(m.disk));
	assert_int_equal(p->queue_depth, 8);
	assert_false(p->write_cache);
	assert_int_equal(p->inner_bps, 30 << 20);
	assert_int_equal(p->seek_avg_ns, 9000000);
	assert_int_equal(p->rpm, 5400);
	assert_int_equal(p->capacity, 233ULL << 21);	/* 233G in sectors */
	machine_teardown(&m);
	scenario_free(sc);

	sc = scenario_parse_buffer(big, strlen(big), "test.ini", NULL, &err);
	assert_non_null(sc);
	assert_int_equal(machine_boot(&m, sc, 1, NULL, msg, sizeof(msg)), 0);
	p = hw_disk_params(disk_hw(m.disk));
	assert_int_equal(p->capacity, (116ULL + 300) << 21);
	machine_teardown(&m);
	scenario_free(sc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_boot_idle_teardown),
		cmocka_unit_test(test_bad_volumes_refused),
		cmocka_unit_test(test_disk_max_request_applied),
		cmocka_unit_test(test_disk_keys_applied),
	};

	return cmocka_run_group_tests_name("machine", tests, NULL, NULL);
}
