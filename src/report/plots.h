/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gnuplot scripts and data for an experiment's report, in DIR/plots/.
 * Each script renders PNG by default and SVG with -e 'fmt="svg"', run
 * from the plots directory; the report renders the SVGs only.  The time
 * series come from the CSV files in ../runs/.
 */
#ifndef MMSIM_PLOTS_H
#define MMSIM_PLOTS_H

#include <stdbool.h>
#include <stddef.h>

struct report;

struct plot {
	char *name;		/* file stem: NAME.gp, NAME.png, NAME.svg */
	char *title;
	size_t column;		/* its column (a per-column plot), or -1 */
};

struct plot_set {
	struct plot *plots;
	size_t nr;
	bool rendered;		/* the SVGs exist */
	bool attempted;		/* gnuplot ran: the SVGs must exist */
	/* Plots left out because no column has anything to draw in them,
	 * for the page to say so ("" none). */
	char omitted[256];
};

/* The plots of @rep, in page order (nothing written). */
void plots_list(const struct report *rep, struct plot_set *set);
void plots_free(struct plot_set *set);

/*
 * Write every script and data file into @dir/plots/, then, when @render
 * and gnuplot is on PATH, render them.  @set receives the list.  When
 * the images were not rendered, @note says why and how to render them.
 * 0, or -1 with @err (a file could not be written).
 */
int plots_write(const struct report *rep, const char *dir, bool render,
		struct plot_set *set, char *note, size_t note_len, char *err,
		size_t err_len);

/* The shell command that renders @dir's plots by hand. */
void plots_render_command(const char *dir, char *buf, size_t len);

#endif /* MMSIM_PLOTS_H */
