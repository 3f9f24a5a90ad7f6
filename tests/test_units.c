// SPDX-License-Identifier: GPL-2.0
/*
 * The counts and the mem= sizes of src/scenario/units.c, which every
 * command-line option reads its numbers with (sizes and times with units
 * are tested with the scenario parser, tests/test_scenario.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "scenario/units.h"

static void test_counts(void **state)
{
	static const struct {
		const char *text;
		uint64_t value;
	} good[] = {
		{ "0", 0 }, { "7", 7 }, { "007", 7 }, { "100000", 100000 },
		{ "9223372036854775807", INT64_MAX },
	};
	static const struct {
		const char *text, *why;
	} bad[] = {
		{ "", "not a whole number" },
		{ "-1", "not a whole number" },
		{ "+5", "not a whole number" },
		{ " 5", "not a whole number" },
		{ "5 ", "not a whole number" },
		{ "0x10", "not a whole number" },
		{ "1e3", "not a whole number" },
		{ "1.5", "not a whole number" },
		{ "5K", "not a whole number" },
		{ "9223372036854775808", "too large" },
		{ "18446744073709551617", "too large" },
		{ "99999999999999999999999", "too large" },
	};
	char why[64];
	uint64_t v;

	(void)state;
	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		v = 12345;
		if (parse_count(good[i].text, &v, why, sizeof(why)))
			fail_msg("'%s': %s", good[i].text, why);
		assert_int_equal(v, good[i].value);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		v = 12345;
		why[0] = 0;
		if (!parse_count(bad[i].text, &v, why, sizeof(why)))
			fail_msg("'%s' accepted as %llu", bad[i].text,
				 (unsigned long long)v);
		assert_string_equal(why, bad[i].why);
		assert_int_equal(v, 12345);	/* untouched */
	}
}

/* mem= as memparse() reads it: a bare number is bytes; anything with a
 * unit is what a scenario's size means. */
static void test_memparse_sizes(void **state)
{
	static const char *const same[] = {
		"512M", "1.5G", "4K", "4KiB", "2g", "1T", "0",
	};
	char why[64];
	uint64_t a, b;

	(void)state;
	assert_int_equal(parse_size_memparse("536870912", &a, why, sizeof(why)), 0);
	assert_int_equal(a, 512ULL << 20);
	/* A scenario's mem = 536870912 is still a missing unit. */
	assert_int_equal(parse_size("536870912", &b, why, sizeof(why)), -1);
	assert_string_equal(why, "missing unit");
	for (size_t i = 0; i < sizeof(same) / sizeof(same[0]); i++) {
		assert_int_equal(parse_size_memparse(same[i], &a, why, sizeof(why)), 0);
		assert_int_equal(parse_size(same[i], &b, why, sizeof(why)), 0);
		assert_int_equal(a, b);
	}
	assert_int_equal(parse_size_memparse("1.5", &a, why, sizeof(why)), -1);
	assert_string_equal(why, "not a whole number of bytes");
	assert_int_equal(parse_size_memparse("-1", &a, why, sizeof(why)), -1);
	assert_int_equal(parse_size_memparse("512Q", &a, why, sizeof(why)), -1);
	assert_string_equal(why, "bad unit 'Q'");
	assert_int_equal(parse_size_memparse("99999999999999999999", &a, why,
					     sizeof(why)), -1);
	assert_string_equal(why, "too large");
}

/* Sizes as people write them: every spelling of 512 MiB is 512 MiB
 * (512 x 2^20 = 536870912 bytes); a unit that is none is refused. */
static void test_sizes_as_people_write_them(void **state)
{
	static const char *const spellings[] = {
		"512M", "512m", "512MB", "512mb", "512Mb", "512MiB", "512mib",
		"512MIB", "0.5G", "0.5g", "0.5GiB", "512 MB", "524288K", "524288kb",
	};
	char why[64];
	uint64_t v;

	(void)state;
	for (size_t i = 0; i < sizeof(spellings) / sizeof(spellings[0]); i++) {
		if (parse_size(spellings[i], &v, why, sizeof(why)))
			fail_msg("'%s': %s", spellings[i], why);
		assert_int_equal(v, 536870912ULL);
	}
	assert_int_equal(parse_size("100b", &v, why, sizeof(why)), 0);
	assert_int_equal(v, 100);
	assert_int_equal(parse_size("512Mx", &v, why, sizeof(why)), -1);
	assert_string_equal(why, "bad unit 'Mx'");
	assert_int_equal(parse_size("512MiBs", &v, why, sizeof(why)), -1);
}

/*
 * The one range rule of sizes and times: the ends are in, one past them
 * is out, and so is a value too large to hold; the reasons of the parser
 * are kept; the range is said as the scenario's messages say it.
 */
static void test_ranges(void **state)
{
	char why[64], expect[160];
	uint64_t v = 7;

	(void)state;
	assert_int_equal(parse_time_range("1ms", 1000000, 3600000000000ULL, &v,
					  why, sizeof(why)), 0);
	assert_int_equal(v, 1000000);
	assert_int_equal(parse_time_range("1h", 1000000, 3600000000000ULL, &v,
					  why, sizeof(why)), 0);
	assert_int_equal(v, 3600000000000ULL);
	v = 7;
	assert_int_equal(parse_time_range("999999ns", 1000000, 3600000000000ULL,
					  &v, why, sizeof(why)), -1);
	assert_string_equal(why, "out of range");
	assert_int_equal(v, 7);		/* untouched */
	assert_int_equal(parse_time_range("3600000000001ns", 1000000,
					  3600000000000ULL, &v, why, sizeof(why)), -1);
	assert_string_equal(why, "out of range");
	assert_int_equal(parse_time_range("1000000000000000s", 0, INT64_MAX, &v,
					  why, sizeof(why)), -1);
	assert_string_equal(why, "out of range");
	assert_int_equal(parse_time_range("60", 0, INT64_MAX, &v, why, sizeof(why)), -1);
	assert_string_equal(why, "missing unit");
	assert_int_equal(parse_size_range("64M", 64 * MiB, 4 * TiB, &v, why,
					  sizeof(why)), 0);
	assert_int_equal(parse_size_range("65535K", 64 * MiB, 4 * TiB, &v, why,
					  sizeof(why)), -1);
	assert_string_equal(why, "out of range");
	assert_int_equal(parse_size_memparse_range("67108864", 64 * MiB, 4 * TiB,
						   &v, why, sizeof(why)), 0);
	assert_int_equal(v, 64 * MiB);
	expect_time(expect, sizeof(expect), 1000000, 8760ULL * 3600000000000ULL);
	assert_string_equal(expect, "a time from 1ms to 8760h, with unit ns, us, "
			    "ms, s, m or h");
	expect_size(expect, sizeof(expect), 64 * MiB, 4 * TiB, 4 * KiB);
	assert_string_equal(expect, "a size from 64M to 4T, a multiple of 4K, "
			    "with unit B, K, M, G or T");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_counts),
		cmocka_unit_test(test_memparse_sizes),
		cmocka_unit_test(test_sizes_as_people_write_them),
		cmocka_unit_test(test_ranges),
	};

	return cmocka_run_group_tests_name("units", tests, NULL, NULL);
}
