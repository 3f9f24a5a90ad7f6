/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The public record of Mel Gorman's Nov 2009 series, as data: every table
 * `mmsim validate` sets beside mmsim's (the cover letter's and the thread's
 * after it), row by row with the Message-ID that printed it, and the
 * experiment each row was measured in.  The types are
 * metrics/validation.h's; report/validation_md.c prints them.
 */
#ifndef MMSIM_RECORD_H
#define MMSIM_RECORD_H

#include <stddef.h>
#include "metrics/validation.h"

extern const struct record_set_info record_sets[NR_RECORD_SETS];
extern const struct record_row record_rows[];
extern const size_t record_nr_rows;

/* The row named @name in table @table of set @set; NULL: none. */
const struct record_row *record_find(enum record_set set, const char *table,
				     const char *name);

/*
 * --record's value: "all", or set names ("cover", "13nov", "19nov",
 * "20nov", "26nov", "27nov") joined by commas, into a mask of
 * 1 << enum record_set.  0, or -1 with a one-line reason in @err.
 */
int record_parse_sets(const char *text, unsigned int *sets, char *err,
		      size_t len);

/* The file of the scenario a setup runs on @arch (the reproduction's is
 * also mmsim's embedded default). */
const char *record_setup_scenario(enum record_setup setup, int arch);

#endif
