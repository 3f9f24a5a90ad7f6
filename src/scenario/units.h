/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Sizes, times and counts as mmsim reads them everywhere: scenario files
 * ("mem = 1.5G") and every command-line option that takes one
 * ("--mem 1.5G", "--time 60s", "--seeds 5"), so that the same text means
 * the same value wherever it is written.
 *
 * A size is a decimal number and a unit: B, or K, M, G, T (powers of 1024,
 * any case, optionally followed by "B" or "iB", any case too: 4K = 4k =
 * 4KB = 4kb = 4KiB = 4096 bytes; 0.5G = 512M).  A time is a decimal number and one of ns, us, ms, s, m
 * (or min), h.  Only 0 may omit the unit.  A fraction is exact or refused:
 * 1.5K is 1536 bytes, 0.1K is not a whole number of bytes.  Values are
 * held as uint64_t (bytes, nanoseconds) and never exceed INT64_MAX.
 *
 * A count is decimal digits only: no sign, no blanks, no unit, no "0x"
 * (strtoul would skip blanks, take "-1" as its largest value and read
 * "0x10" as 0).
 *
 * Parsing is integer arithmetic throughout, so the same text gives the
 * same value on every machine.
 */
#ifndef MMSIM_UNITS_H
#define MMSIM_UNITS_H

#include <stddef.h>
#include <stdint.h>

#define KiB (1ULL << 10)
#define MiB (1ULL << 20)
#define GiB (1ULL << 30)
#define TiB (1ULL << 40)

/*
 * 0 on success.  On failure -1, and @why (at least 48 bytes) says what is
 * wrong: "not a number", "missing unit", "bad unit 'X'", "not a whole
 * number of bytes", "too large".
 */
int parse_size(const char *s, uint64_t *bytes, char *why, size_t whylen);
int parse_time(const char *s, uint64_t *ns, char *why, size_t whylen);

/*
 * A size as the kernel's mem= boot option reads it (2.6.32
 * lib/cmdline.c memparse()): what parse_size() accepts, and also a bare
 * number, which is bytes ("536870912" = "512M").  For 'mmsim show --mem',
 * documented as the kernel's mem=.
 */
int parse_size_memparse(const char *s, uint64_t *bytes, char *why,
			size_t whylen);

/* A count (see above), at most INT64_MAX; @why: "not a whole number",
 * "too large".  Callers check their own range. */
int parse_count(const char *s, uint64_t *n, char *why, size_t whylen);

/*
 * The one rule for a size or time with a range, in scenario files and on
 * the command line alike: parse_size() (parse_size_memparse(),
 * parse_time()), then [@min, @max].  0, or -1 and @why one of the words
 * above or "out of range" (a value too large to hold is out of range
 * too).  expect_size() and expect_time() say what the range is, for the
 * "(...)" after the reason: "a time from 1ms to 8760h, with unit ns, us,
 * ms, s, m or h"; @len >= 128 always fits.
 */
int parse_size_range(const char *s, uint64_t min, uint64_t max,
		     uint64_t *bytes, char *why, size_t whylen);
int parse_size_memparse_range(const char *s, uint64_t min, uint64_t max,
			      uint64_t *bytes, char *why, size_t whylen);
int parse_time_range(const char *s, uint64_t min, uint64_t max,
		     uint64_t *ns, char *why, size_t whylen);
void expect_size(char *buf, size_t len, uint64_t min, uint64_t max,
		 uint64_t align);
void expect_time(char *buf, size_t len, uint64_t min, uint64_t max);

/* Canonical text: the largest unit that divides the value exactly ("512M",
 * "1536K", "100B", "0"; "10m", "1500ms", "0").  @len >= 24 always fits. */
void format_size(char *buf, size_t len, uint64_t bytes);
void format_time(char *buf, size_t len, uint64_t ns);

#endif /* MMSIM_UNITS_H */
