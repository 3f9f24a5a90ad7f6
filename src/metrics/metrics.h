/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Measures: everything one run produces, each declared once, next to the
 * code that produces it, by a struct measure: its name (how every consumer
 * finds it), unit, kind, how a column of runs aggregates it, its JSON key
 * and CSV name, and the shape of its value.  A run's result is a set of
 * named measures; saving it as JSON, reading it back (mmsim merge, the
 * processes of compare -j) and writing its records as CSV are all done
 * from the declarations, here, so a measure is added, or its JSON key
 * renamed, in one place.
 *
 * Declaring one, as gitk.c does:
 *
 *	static struct measure gitk_elapsed = {
 *		.name = "gitk_elapsed", .unit = "ns",
 *		.kind = MEASURE_GAUGE, .aggregate = AGGREGATE_MEAN_STDDEV,
 *		.json = "gitk_elapsed_ns", .csv = "gitk_elapsed_ns",
 *		.type = MT_UINT,
 *		.doc = "...",
 *	};
 *	MEASURE_REGISTER(gitk_elapsed);
 *
 * and filling it at the end of the run, from the workload's collect op or
 * the measure's own .collect hook (kernel counters):
 *
 *	result_set_uint(r, "gitk_elapsed", elapsed);
 *
 * MEASURE_REGISTER puts a pointer into the "mmsim_measures" section; the
 * registry finds every one between the linker's __start_ and __stop_
 * symbols, so no central list exists (the library is linked whole: see
 * the Makefile).  Measures are kept in name order, so nothing depends on
 * the order objects were linked in.
 *
 * Looking up a name that no file declares, or reading a measure as the
 * wrong type, is a bug in mmsim: it aborts with the name.
 */
#ifndef MMSIM_METRICS_H
#define MMSIM_METRICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct run_result;

enum measure_kind {
	MEASURE_LABEL,		/* what the run was: kernel, scenario, seed */
	MEASURE_COUNTER,	/* events counted over the run */
	MEASURE_GAUGE,		/* a state or a time at the end of the run */
	MEASURE_TABLE,		/* counters by key (call site and queue) */
	MEASURE_SERIES,		/* records over simulated time */
	MEASURE_DISTRIBUTION,	/* samples of one quantity (latencies) */
	MEASURE_TEXT,		/* kernel text: kern.log, explanations */
};

/* How the runs of one column (kernel, sweep point) combine. */
enum measure_aggregate {
	AGGREGATE_NONE,		/* per run only (labels, text, series) */
	AGGREGATE_MEAN_STDDEV,	/* Amean and Stddev, Welch against the baseline */
	AGGREGATE_MEAN,		/* the mean per run (Ops, congestion_wait by site) */
	AGGREGATE_SUM,		/* summed over the runs (the failure tally) */
	AGGREGATE_ALL,		/* true when true in every run */
};

/* The shape of a value. */
enum measure_type {
	MT_UINT,		/* uint64_t */
	MT_BOOL,
	MT_REAL,		/* double */
	MT_TEXT,		/* a string, kept as a malloc'd copy */
	MT_ARRAY,		/* dims[0] x dims[1] integers: uint64_t, int64_t if .is_signed */
	MT_GRID,		/* dims[0] x dims[1] records, saved sparsely */
	MT_LIST,		/* records, in the order they were added */
	MT_DERIVED,		/* no value of its own: .value computes it */
};

/* struct measure .flags */
#define MF_OPTIONAL	0x01	/* may be absent from a saved result: 0, empty */
#define MF_OMIT_EMPTY	0x02	/* not saved when 0, false or empty (so optional) */
#define MF_NULLABLE	0x04	/* MT_TEXT: "none" is saved as null, not "" */
#define MF_WITH_SERIES	0x08	/* saved only with the time series (not in summary.json) */
#define MF_HOST		0x10	/* depends on the host (wall clock), not on the run */

/* A field of a record (MT_GRID, MT_LIST). */
enum field_type {
	FIELD_UINT,		/* unsigned, 4 or 8 bytes */
	FIELD_CHARS,		/* char[size], NUL-terminated */
	FIELD_UINTS,		/* .count unsigned elements of 8 bytes */
};

struct measure_field {
	const char *json;		/* key in the saved record */
	const char *csv;		/* column; NULL: not in the CSV */
	enum field_type type;
	size_t offset, size;		/* see MEASURE_FIELD */
	unsigned int count;		/* FIELD_UINTS */
	const char *const *csv_names;	/* FIELD_UINTS: a column per element */
	/* FIELD_UINTS: saved as an object with these keys (the kernel's
	 * names: zone_names[]), not as an array. */
	const char *const *json_names;
	/* CSV: 0 writes the integer; else value / csv_scale with
	 * csv_precision decimals (nanoseconds as seconds). */
	double csv_scale;
	int csv_precision;
	/* Reading: a record without it gets 0 (a field added after results
	 * were saved without it). */
	bool optional;
	/*
	 * The reports' tables of a measure of these records (.show): a
	 * FIELD_UINT with a title is a column of values under it, in the
	 * unit .unit ("ns" is shown in seconds); a FIELD_CHARS names the
	 * row.  Fields with no title are not shown.
	 */
	const char *title;
	const char *unit;
};

/* A record's FIELD_UINT @f (of 4 or 8 bytes), for every reader of it. */
static inline uint64_t measure_field_uint(const struct measure_field *f,
					  const void *rec)
{
	const char *p = (const char *)rec + f->offset;

	return f->size == sizeof(uint32_t) ? *(const uint32_t *)p :
					     *(const uint64_t *)p;
}

#define MEASURE_FIELD(type, member)					\
	.offset = offsetof(type, member), .size = sizeof(((type *)0)->member)

/* A field of nanoseconds written to the CSV as seconds. */
#define MEASURE_NS_AS_SECONDS(decimals)					\
	.csv_scale = 1e9, .csv_precision = (decimals)

/* The layout of a record type (metrics/records.h has the shared ones). */
struct measure_record {
	const char *name;		/* for messages: "congestion_wait_totals" */
	const struct measure_field *fields;
	size_t nr_fields;
	size_t size;
	bool tuple;			/* saved as [v1, v2, ...], not an object */
};

struct measure {
	const char *name;		/* how consumers look it up */
	const char *doc;		/* one line: what it is */
	const char *unit;		/* "ns", "pages", "bytes", "" */
	enum measure_kind kind;
	enum measure_aggregate aggregate;
	/* Saved under this key; "a.b" is key b of the object a (created
	 * when saving, optional as a whole when reading: present, its
	 * members are read as any other key).  NULL: never saved. */
	const char *json;
	/* The CSV name: a column of result_write_csv_row() for single
	 * values, the table's name for records (their fields name the
	 * columns of result_write_csv()). */
	const char *csv;
	enum measure_type type;
	unsigned int flags;		/* MF_* */
	size_t max_len;			/* MT_TEXT: longer is cut / refused; 0: any */
	unsigned int dims[2];		/* MT_ARRAY, MT_GRID; dims[1] 0: one dimension */
	/* MT_GRID: the index of each dimension, as saved; any measure
	 * shown as a table (.show): the title of the rows' names. */
	const char *keys[2];
	bool is_signed;			/* MT_ARRAY */
	/* MT_ARRAY, MT_GRID: the name of element @i along dimension @dim
	 * ("allocstall", "kswapd"), NULL if it has none: consumers read
	 * elements by name, not by the producer's enum.  The JSON uses the
	 * names too: an MT_ARRAY with names is saved as an object (nested
	 * for two dimensions), an MT_GRID's keys as the names (an element
	 * without a name is not saved, and must be 0). */
	const char *(*element_name)(unsigned int dim, unsigned int i);
	const struct measure_record *record;	/* MT_GRID, MT_LIST */
	/* MT_LIST: also a file of the report folder per run that has
	 * records, runs/STEM<run_csv>, the result_write_csv() table. */
	const char *run_csv;
	/* End of the run: fill the value from what the code declaring it
	 * kept (the kernel's counters).  NULL: whoever produces it sets it. */
	void (*collect)(struct run_result *r);
	/*
	 * MT_DERIVED: the figure, from the run's other measures; NAN when
	 * the run has none (left out of its column).  Such a measure has
	 * no slot of its own, no JSON key and no CSV column.
	 */
	double (*value)(const struct run_result *r);
	/* MT_DERIVED without .value: the single-number measure of this name
	 * (MT_UINT, MT_BOOL or MT_REAL), shown under its own row name. */
	const char *of;
	/*
	 * Shown in the reports (compare's table, its plots and index.html,
	 * bisect --measure, calibrate's targets) when .order is not 0, in
	 * .order: the rows' order is declared here, not left to the order
	 * the linker put the objects in.
	 */
	unsigned int order;
	const char *title;		/* a plot's axis, index.html's row */
	const char *group;		/* rows shown together: "reclaim" */
	int precision;			/* decimals in the tables */
	bool higher_is_better;		/* for the comparison's marks */
	/* The program that produces it, which a scenario must run for a
	 * calibration target on it; NULL: any run has it. */
	const char *program;
	/*
	 * With .program, what the reports need to speak of that program
	 * without naming it themselves (the cover's "elapsed" declares
	 * them, so its program's words are declared next to its measures):
	 * what they call it ("fake-gitk"); the MT_BOOL measure true when it
	 * finished (else the figure is the run's end); the MT_LIST measure
	 * of a struct process_time_record per process it ran; and the
	 * MT_UINT measure of how many of its own .unit one progress line
	 * stands for (the latency series holds those lines when it ran).
	 * NULL: none.
	 */
	const char *program_title;
	const char *done;
	const char *processes;
	const char *line_every;
	/*
	 * The reports that show it as a table (SHOW_*: a table measure, or
	 * an array of counters such as vm_events), all from this
	 * declaration by one renderer of text and one of HTML
	 * (report/measure_table.c, report/html.c), so that showing a new
	 * one touches nothing in report/.  A row per cell (an MT_GRID's or
	 * MT_ARRAY's element names along the first dimension, and the
	 * second's for a grid) or per distinct titled FIELD_CHARS of an
	 * MT_LIST's records, left out when all its values are 0 in every
	 * run; a value per record field with a title (struct
	 * measure_field), per element name of an MT_ARRAY's second
	 * dimension, or one, the measure's own in .unit.  Compare's text
	 * and index.html show the mean per run, a row per row and value
	 * (its name started by .row_prefix in the text), a column per
	 * kernel; mmsim run's text, one run, a column per value.
	 */
	unsigned int show;
	const char *caption;		/* the sentence over the table */
	const char *row_prefix;		/* "cw": compare's rows' names */
	bool show_total;		/* and a row of the sums */
	size_t index;			/* in the registry; set by it */
};

/* struct measure .show */
#define SHOW_RUN	0x1		/* mmsim run's text */
#define SHOW_COMPARE	0x2		/* compare's text (tables.txt) */
#define SHOW_HTML	0x4		/* compare's index.html */

#define MEASURE_REGISTER(m)						\
	static struct measure *const __measure_##m			\
	__attribute__((section("mmsim_measures"), used)) = &(m)

/*
 * A figure the reports show, computed from the run's other measures by
 * .value, or one of them as it is (.of = its name) (MT_DERIVED), declared
 * as the others are, next to the code that produces what it reads:
 *
 *	MEASURE_SHOWN(cw_calls, .name = "cw-calls", .order = 80,
 *		      .title = "congestion_wait calls", ...);
 *
 * .order places it among the reports' rows: the numbers go by tens, so a
 * new figure finds a place between two others without renumbering.
 */
#define MEASURE_SHOWN(id, ...)						\
	static struct measure id##_shown = {				\
		.type = MT_DERIVED, .aggregate = AGGREGATE_MEAN_STDDEV,	\
		__VA_ARGS__						\
	};								\
	MEASURE_REGISTER(id##_shown)

/*
 * A single count a run saves under one JSON and CSV key (MT_UINT, left
 * out of the result when 0), reported as mean and stddev over seeds:
 *
 *	MEASURE_UINT(wb_passes, "wb_passes", "wb_passes", "what it counts",
 *		     "passes", MEASURE_COUNTER, .collect = collect_fn);
 */
#define MEASURE_UINT(id, key, jkey, what, u, kd, ...)			\
	static struct measure id##_measure = {				\
		.name = key, .doc = what, .unit = u, .kind = kd,	\
		.aggregate = AGGREGATE_MEAN_STDDEV, .json = jkey,	\
		.csv = jkey, .type = MT_UINT, .flags = MF_OMIT_EMPTY,	\
		__VA_ARGS__						\
	};								\
	MEASURE_REGISTER(id##_measure)

/* ---- the registry ---------------------------------------------------- */

/* Every declared measure, in name order. */
size_t metrics_count(void);
const struct measure *metrics_get(size_t i);
/* NULL if no file declares @name. */
const struct measure *metrics_find(const char *name);
/* The measures the reports show (.order not 0), in .order. */
size_t metrics_nr_shown(void);
const struct measure *metrics_shown(size_t i);
/* Measure @m of run @r as one number: .value's (NAN for none), .of's, or
 * a single MT_UINT, MT_BOOL or MT_REAL value; any other is a bug. */
double measure_value(const struct measure *m, const struct run_result *r);

/* ---- a run's result --------------------------------------------------- */

struct measure_value;

struct run_result {
	struct measure_value *v;	/* one per measure; NULL: not initialised */
};

/* Every measure at 0, false, empty. */
void result_init(struct run_result *r);
void result_free(struct run_result *r);
/* Run every measure's .collect hook (the end of a run). */
void result_collect(struct run_result *r);

/* Reading, by name.  Text: NULL only for MF_NULLABLE measures. */
uint64_t result_uint(const struct run_result *r, const char *name);
bool result_bool(const struct run_result *r, const char *name);
double result_real(const struct run_result *r, const char *name);
const char *result_text(const struct run_result *r, const char *name);
/* MT_ARRAY, row-major (element [i][j] at i * dims[1] + j). */
const uint64_t *result_uints(const struct run_result *r, const char *name);
const int64_t *result_ints(const struct run_result *r, const char *name);
/* An element of a one-dimension MT_ARRAY, by its name (.element_name);
 * a name the measure does not have is a bug. */
uint64_t result_uint_at(const struct run_result *r, const char *name,
			const char *element);
int64_t result_int_at(const struct run_result *r, const char *name,
		      const char *element);
/* The name of element @i along dimension @dim of measure @name, or NULL. */
const char *metrics_element_name(const char *name, unsigned int dim,
				 unsigned int i);
/* MT_GRID (every cell, row-major) and MT_LIST: the records, *@nr of them. */
const void *result_records(const struct run_result *r, const char *name,
			   size_t *nr);

/* Writing. */
void result_set_uint(struct run_result *r, const char *name, uint64_t v);
void result_add_uint(struct run_result *r, const char *name, uint64_t v);
void result_set_bool(struct run_result *r, const char *name, bool v);
void result_set_real(struct run_result *r, const char *name, double v);
/* A copy of @s (NULL: none), cut to .max_len. */
void result_set_text(struct run_result *r, const char *name, const char *s);
/* @s is malloc'd and becomes the result's. */
void result_take_text(struct run_result *r, const char *name, char *s);
uint64_t *result_uints_mut(struct run_result *r, const char *name);
int64_t *result_ints_mut(struct run_result *r, const char *name);
void *result_records_mut(struct run_result *r, const char *name, size_t *nr);
/* MT_LIST: a copy of @record at the end. */
void result_append(struct run_result *r, const char *name, const void *record);
/* Back to 0, false, empty. */
void result_clear(struct run_result *r, const char *name);

/* ---- JSON (jansson) ---------------------------------------------------- */

#define RESULT_JSON_SERIES	0x1	/* the MF_WITH_SERIES measures too */
#define RESULT_JSON_NO_HOST	0x2	/* MF_HOST measures as 0 */

/*
 * The result format: 2 saves arrays and grid keys by the kernel's names
 * (vm_events as {"pgpgin": N, ...}); 1 (before) saved them by position.
 * result_from_json() reads both.
 */
#define RESULT_FORMAT		2
#define RESULT_FORMAT_OLDEST	1

/*
 * The result as one line of JSON, keys sorted: {"format": 2, and every
 * measure with a .json key}.  A malloc'd string, NULL if a value cannot be
 * encoded (text that is not UTF-8).
 */
char *result_to_json_flags(const struct run_result *r, unsigned int flags);
static inline char *result_to_json(const struct run_result *r, bool with_series)
{
	return result_to_json_flags(r, with_series ? RESULT_JSON_SERIES : 0);
}
/*
 * Read what result_to_json() wrote, checking every measure's shape:
 * 0, or -1 with a one-line reason naming the key in @err (and @r freed).
 * Keys no measure declares are ignored.
 */
int result_from_json(const char *text, struct run_result *r, char *err,
		     size_t errlen);

/* ---- CSV ---------------------------------------------------------------- */

/* The records of list measure @name: a header of the fields' CSV names,
 * then a row per record.  0, or -1 if a write failed. */
int result_write_csv(FILE *f, const struct run_result *r, const char *name);
/* 1-based column of @column in result_write_csv(@name)'s output; 0: none. */
int metrics_csv_column(const char *name, const char *column);
/* One row per run of every single-valued measure with a .csv name, in
 * registry order: the header, then a run's row. */
void metrics_write_csv_header(FILE *f);
void result_write_csv_row(FILE *f, const struct run_result *r);

#endif /* MMSIM_METRICS_H */
