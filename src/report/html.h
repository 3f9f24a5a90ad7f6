/* SPDX-License-Identifier: GPL-2.0 */
/* index.html of a report folder: static, no network, opens from disk. */
#ifndef MMSIM_HTML_H
#define MMSIM_HTML_H

#include <stddef.h>
#include <stdio.h>

struct report;
struct plot_set;

/* @dir/index.html: the experiment, @tables (the text report), every plot
 * of @plots, links to every run's files, and the scenario text.  0, or -1
 * with @err. */
int html_write(const struct report *rep, const char *dir, const char *tables,
	       const struct plot_set *plots, char *err, size_t len);

/* @s, or its first @n bytes (up to its NUL), as HTML text or an
 * attribute value: < > & and " escaped.  Every HTML page of report/
 * writes through them. */
void html_escape(FILE *f, const char *s);
void html_escape_n(FILE *f, const char *s, size_t n);

#endif /* MMSIM_HTML_H */
