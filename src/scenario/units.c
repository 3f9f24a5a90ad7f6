// SPDX-License-Identifier: GPL-2.0
/* Sizes, times and counts as mmsim reads them everywhere (see units.h). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "units.h"

struct unit {
	const char *name;
	uint64_t mult;
};

static const struct unit time_units[] = {
	{ "h", 3600 * 1000000000ULL },
	{ "m", 60 * 1000000000ULL },
	{ "min", 60 * 1000000000ULL },
	{ "s", 1000000000ULL },
	{ "ms", 1000000ULL },
	{ "us", 1000ULL },
	{ "ns", 1 },
};

/* Canonical output order; "min" is accepted but never printed. */
static const struct unit time_out[] = {
	{ "h", 3600 * 1000000000ULL },
	{ "m", 60 * 1000000000ULL },
	{ "s", 1000000000ULL },
	{ "ms", 1000000ULL },
	{ "us", 1000ULL },
	{ "ns", 1 },
};

static const struct unit size_out[] = {
	{ "T", TiB }, { "G", GiB }, { "M", MiB }, { "K", KiB }, { "B", 1 },
};

/*
 * Digits, optionally "." and more digits, into an integer mantissa and a
 * count of fraction digits.  Returns 0, -1 (no number), -2 (too many
 * digits to be exact in 64 bits).
 */
static int parse_decimal(const char **sp, uint64_t *mant, int *frac)
{
	const char *s = *sp;
	uint64_t m = 0;
	int f = 0;

	if (!isdigit((unsigned char)*s))
		return -1;
	for (; isdigit((unsigned char)*s); s++) {
		if (m > (UINT64_MAX - 9) / 10)
			return -2;
		m = m * 10 + (uint64_t)(*s - '0');
	}
	if (*s == '.') {
		s++;
		if (!isdigit((unsigned char)*s))
			return -1;
		for (; isdigit((unsigned char)*s); s++, f++) {
			if (m > (UINT64_MAX - 9) / 10 || f >= 18)
				return -2;
			m = m * 10 + (uint64_t)(*s - '0');
		}
	}
	*sp = s;
	*mant = m;
	*frac = f;
	return 0;
}

static uint64_t size_unit(const char *u)
{
	static const char letters[] = "KMGT";
	const char *p;

	/* Any case: people write 512mb, 512MB, 512MiB and 512m alike. */
	if (!strcasecmp(u, "B"))
		return 1;
	if (!*u)
		return 0;
	p = strchr(letters, toupper((unsigned char)u[0]));
	if (!p)
		return 0;
	if (u[1] && strcasecmp(u + 1, "B") && strcasecmp(u + 1, "iB"))
		return 0;
	return 1ULL << (10 * (p - letters + 1));
}

static uint64_t time_unit(const char *u)
{
	for (size_t i = 0; i < sizeof(time_units) / sizeof(time_units[0]); i++)
		if (!strcmp(u, time_units[i].name))
			return time_units[i].mult;
	return 0;
}

/*
 * @bare: the multiplier of a number written without a unit (1 for
 * memparse's bytes), or 0 when only 0 may omit the unit.
 */
static int parse_with_units(const char *s, uint64_t *out, char *why,
			    size_t whylen, uint64_t (*unit)(const char *),
			    const char *whole, uint64_t bare)
{
	uint64_t mant, mult, p10 = 1;
	unsigned __int128 v;
	char u[16];
	size_t ulen;
	int frac, r;

	while (isspace((unsigned char)*s))
		s++;
	r = parse_decimal(&s, &mant, &frac);
	if (r) {
		snprintf(why, whylen, r == -2 ? "too large" : "not a number");
		return -1;
	}
	while (*s == ' ' || *s == '\t')
		s++;
	ulen = strlen(s);
	while (ulen && isspace((unsigned char)s[ulen - 1]))
		ulen--;
	if (!ulen && !bare) {
		if (mant) {
			snprintf(why, whylen, "missing unit");
			return -1;
		}
		*out = 0;
		return 0;
	}
	if (ulen >= sizeof(u)) {
		snprintf(why, whylen, "bad unit '%.8s...'", s);
		return -1;
	}
	memcpy(u, s, ulen);
	u[ulen] = 0;
	mult = ulen ? unit(u) : bare;
	if (!mult) {
		snprintf(why, whylen, "bad unit '%s'", u);
		return -1;
	}
	for (int i = 0; i < frac; i++)
		p10 *= 10;
	v = (unsigned __int128)mant * mult;
	if (v % p10) {
		snprintf(why, whylen, "not a whole number of %s", whole);
		return -1;
	}
	v /= p10;
	if (v > (unsigned __int128)INT64_MAX) {
		snprintf(why, whylen, "too large");
		return -1;
	}
	*out = (uint64_t)v;
	return 0;
}

int parse_size(const char *s, uint64_t *bytes, char *why, size_t whylen)
{
	return parse_with_units(s, bytes, why, whylen, size_unit, "bytes", 0);
}

int parse_size_memparse(const char *s, uint64_t *bytes, char *why,
			size_t whylen)
{
	return parse_with_units(s, bytes, why, whylen, size_unit, "bytes", 1);
}

int parse_time(const char *s, uint64_t *ns, char *why, size_t whylen)
{
	return parse_with_units(s, ns, why, whylen, time_unit, "nanoseconds", 0);
}

int parse_count(const char *s, uint64_t *n, char *why, size_t whylen)
{
	uint64_t v = 0;

	if (!isdigit((unsigned char)*s)) {
		snprintf(why, whylen, "not a whole number");
		return -1;
	}
	for (; isdigit((unsigned char)*s); s++) {
		uint64_t d = (uint64_t)(*s - '0');

		if (v > (INT64_MAX - d) / 10) {
			snprintf(why, whylen, "too large");
			return -1;
		}
		v = v * 10 + d;
	}
	if (*s) {
		snprintf(why, whylen, "not a whole number");
		return -1;
	}
	*n = v;
	return 0;
}

static void format_units(char *buf, size_t len, uint64_t v,
			 const struct unit *units, size_t n)
{
	if (!v) {
		snprintf(buf, len, "0");
		return;
	}
	for (size_t i = 0; i < n; i++) {
		if (v % units[i].mult == 0) {
			snprintf(buf, len, "%llu%s",
				 (unsigned long long)(v / units[i].mult),
				 units[i].name);
			return;
		}
	}
}

void format_size(char *buf, size_t len, uint64_t bytes)
{
	format_units(buf, len, bytes, size_out, sizeof(size_out) / sizeof(size_out[0]));
}

void format_time(char *buf, size_t len, uint64_t ns)
{
	format_units(buf, len, ns, time_out, sizeof(time_out) / sizeof(time_out[0]));
}

/*
 * The one range rule: a value outside [@min, @max] is "out of range", and
 * so is one past what the parser holds ("too large"), whatever wrote it.
 */
static int in_range(int rc, const uint64_t *vp, uint64_t min, uint64_t max,
		    char *why, size_t whylen)
{
	uint64_t v = *vp;

	if (rc) {
		if (!strcmp(why, "too large"))
			snprintf(why, whylen, "out of range");
		return -1;
	}
	if (v < min || v > max) {
		snprintf(why, whylen, "out of range");
		return -1;
	}
	return 0;
}

int parse_size_range(const char *s, uint64_t min, uint64_t max,
		     uint64_t *bytes, char *why, size_t whylen)
{
	uint64_t v = 0;

	if (in_range(parse_size(s, &v, why, whylen), &v, min, max, why, whylen))
		return -1;
	*bytes = v;
	return 0;
}

int parse_size_memparse_range(const char *s, uint64_t min, uint64_t max,
			      uint64_t *bytes, char *why, size_t whylen)
{
	uint64_t v = 0;

	if (in_range(parse_size_memparse(s, &v, why, whylen), &v, min, max, why,
		     whylen))
		return -1;
	*bytes = v;
	return 0;
}

int parse_time_range(const char *s, uint64_t min, uint64_t max,
		     uint64_t *ns, char *why, size_t whylen)
{
	uint64_t v = 0;

	if (in_range(parse_time(s, &v, why, whylen), &v, min, max, why, whylen))
		return -1;
	*ns = v;
	return 0;
}

void expect_size(char *buf, size_t len, uint64_t min, uint64_t max,
		 uint64_t align)
{
	char lo[24], hi[24], al[24];
	size_t n;

	format_size(lo, sizeof(lo), min);
	format_size(hi, sizeof(hi), max);
	n = (size_t)snprintf(buf, len, "a size from %s to %s", lo, hi);
	if (align > 1 && n < len) {
		format_size(al, sizeof(al), align);
		n += (size_t)snprintf(buf + n, len - n, ", a multiple of %s", al);
	}
	if (n < len)
		snprintf(buf + n, len - n, ", with unit B, K, M, G or T");
}

void expect_time(char *buf, size_t len, uint64_t min, uint64_t max)
{
	char lo[24], hi[24];

	format_time(lo, sizeof(lo), min);
	format_time(hi, sizeof(hi), max);
	snprintf(buf, len, "a time from %s to %s, with unit ns, us, ms, s, m or h",
		 lo, hi);
}
