/* SPDX-License-Identifier: GPL-2.0 */
/* index.html of a report folder: static, no network, opens from disk. */
#ifndef MMSIM_HTML_H
#define MMSIM_HTML_H

#include <stddef.h>

struct report;
struct plot_set;

/* @dir/index.html: the experiment, @tables (the text report), every plot
 * of @plots, links to every run's files, and the scenario text.  0, or -1
 * with @err. */
int html_write(const struct report *rep, const char *dir, const char *tables,
	       const struct plot_set *plots, char *err, size_t len);

#endif /* MMSIM_HTML_H */
