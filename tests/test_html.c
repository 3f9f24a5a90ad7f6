// SPDX-License-Identifier: GPL-2.0
/*
 * The HTML report in a real browser: a compare folder of every kernel
 * row opened by headless Chromium (Debian's chromium; skipped, saying
 * so, when it is absent) at a laptop's 1366 pixels and at a phone's 390,
 * which must show the summary as a table per measure group, the page
 * never wider than the window (a wide table scrolls inside its own box),
 * no name or number in a table broken across lines inside a word, every
 * plot image loaded (naturalWidth > 0) and naming its kernels, sort a
 * table on a click, and take a screenshot at each width.  Chromium runs
 * with no network access of its own (no Google services, no updates).
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>
#include "testlib.h"

static char dir[] = "/tmp/mmsim-html-XXXXXX";
static char out[1 << 16];

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long n;

	if (!f)
		fail_msg("%s: missing", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = 0;
	fclose(f);
	return buf;
}

/*
 * What the page reports after load, a line the test parses: images
 * loaded, tables, the summary's group tables and how many columns the
 * widest has, whether the page scrolls sideways at the window's width
 * (the document wider than the window), tables not inside a box of
 * their own that scrolls (div.scroll), the words of table cells and of
 * the findings drawn on more than one line (a name or a number broken
 * inside a word: each
 * word's rectangles, from a Range over it, on more than one line), the
 * first few of those, and whether a click on the runs table's seed
 * heading sorts it both ways.
 */
static const char check_script[] =
	"<script>\n"
	"window.addEventListener('load', function () {\n"
	"  var imgs = Array.from(document.images);\n"
	"  var loaded = imgs.filter(function (i) { return i.complete && i.naturalWidth > 0; });\n"
	"  var groups = document.querySelectorAll('table.summary');\n"
	"  var cols = 0;\n"
	"  groups.forEach(function (g) { cols = Math.max(cols, g.tHead.rows[0].cells.length); });\n"
	"  var wide = document.documentElement.scrollWidth > window.innerWidth;\n"
	"  var tables = Array.from(document.querySelectorAll('table'));\n"
	"  var unboxed = tables.filter(function (t) {\n"
	"    var p = t.parentElement;\n"
	"    return !p.classList.contains('scroll') ||\n"
	"      getComputedStyle(p).overflowX !== 'auto'; }).length;\n"
	"  var broken = [], range = document.createRange();\n"
	"  document.querySelectorAll('td, th, #findings li, #findings p').forEach(function (cell) {\n"
	"    var w = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT), n;\n"
	"    while ((n = w.nextNode())) {\n"
	"      var re = /\\S+/g, m;\n"
	"      while ((m = re.exec(n.data))) {\n"
	"        var tops = {};\n"
	"        range.setStart(n, m.index);\n"
	"        range.setEnd(n, m.index + m[0].length);\n"
	"        Array.from(range.getClientRects()).forEach(function (r) {\n"
	"          if (r.width > 0) tops[Math.round(r.top)] = 1; });\n"
	"        if (Object.keys(tops).length > 1) broken.push(m[0]);\n"
	"      }\n"
	"    }\n"
	"  });\n"
	"  var t = document.getElementById('runs-table');\n"
	"  var th = t.tHead.rows[0].cells[1];\n"
	"  th.click();\n"
	"  var v = Array.from(t.tBodies[0].rows).map(function (r) {\n"
	"    return parseFloat(r.cells[1].dataset.v); });\n"
	"  var sorted = v.every(function (x, i) { return !i || v[i - 1] <= x; });\n"
	"  th.click();\n"
	"  var w = Array.from(t.tBodies[0].rows).map(function (r) {\n"
	"    return parseFloat(r.cells[1].dataset.v); });\n"
	"  var reversed = w.every(function (x, i) { return !i || w[i - 1] >= x; });\n"
	"  var p = document.createElement('pre');\n"
	"  p.id = 'mmsim-check';\n"
	"  p.textContent = 'CHECK images=' + imgs.length + ' loaded=' + loaded.length +\n"
	"    ' tables=' + tables.length +\n"
	"    ' groups=' + groups.length + ' cols=' + cols +\n"
	"    ' hscroll=' + (wide ? 1 : 0) + ' width=' + window.innerWidth +\n"
	"    ' page=' + document.documentElement.scrollWidth +\n"
	"    ' unboxed=' + unboxed + ' broken=' + broken.length +\n"
	"    ' sorted=' + (sorted ? 1 : 0) + ' reversed=' + (reversed ? 1 : 0) +\n"
	"    ' END ' + broken.slice(0, 8).join(' | ');\n"
	"  document.body.appendChild(p);\n"
	"  if (window.parent !== window)\n"
	"    window.parent.postMessage(p.textContent, '*');\n"
	"});\n"
	"</script>\n";

/*
 * Chromium's window is at least 500 pixels wide, so a narrower screen is
 * an iframe of that width in a page of its own, which takes the check's
 * line from the frame (postMessage: a file:// frame is another origin)
 * into its own DOM for --dump-dom.  @page is "check.html" or "index.html".
 */
static void write_frame(int width, const char *page, char *url, size_t len)
{
	char path[600];
	FILE *f;

	snprintf(path, sizeof(path), "%s/report/frame-%d-%s", dir, width, page);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"></head>"
		"<body style=\"margin:0\">\n<iframe src=\"%s\" "
		"style=\"width:%dpx;height:3000px;border:0;display:block\"></iframe>\n"
		"<script>\nwindow.addEventListener('message', function (e) {\n"
		"  var p = document.createElement('pre');\n"
		"  p.id = 'mmsim-check';\n  p.textContent = e.data;\n"
		"  document.body.appendChild(p);\n});\n</script>\n</body></html>\n",
		page, width);
	assert_int_equal(fclose(f), 0);
	snprintf(url, len, "file://%s", path);
}

static int chromium(int width, const char *what, const char *url,
		    const char *redirect)
{
	char cmd[4096];

	/* The flags the machine needs: no sandbox (root), no GPU, nothing
	 * that reaches for the network. */
	snprintf(cmd, sizeof(cmd), "profile=$(mktemp -d) && "
		 "timeout 120 chromium --headless --no-sandbox --disable-gpu "
		 "--disable-quic --no-first-run --disable-background-networking "
		 "--disable-component-update --disable-sync "
		 "--user-data-dir=\"$profile\" --window-size=%d,3000 --hide-scrollbars "
		 "--virtual-time-budget=10000 %s '%s' %s 2>/dev/null; rc=$?; "
		 "rm -rf \"$profile\"; exit $rc", width < 500 ? 500 : width, what,
		 url, redirect);
	return system(cmd);
}

/*
 * @name in an SVG text, whole: "2.6.30" not inside "2.6.30-...", alone
 * (a panel's title) or after a number in the comparison's legend
 * ("4  2.6.31-...  (= 2)").
 */
static bool names_whole(const char *svg, const char *name)
{
	size_t len = strlen(name);

	for (const char *p = svg; (p = strstr(p, name)); p++)
		if (p > svg && (p[-1] == '>' || p[-1] == ' ') &&
		    (p[len] == '<' || p[len] == ' '))
			return true;
	return false;
}

/* Every plot names the columns it draws: a key, panel titles or axis
 * labels with each kernel's name, read from the SVG's text. */
static void check_plot_names(const char *const *kernels, size_t nr)
{
	char path[700];

	for (size_t k = 0; k < nr; k++) {
		char *svg;

		/* The per-column plot names its own kernel. */
		snprintf(path, sizeof(path), "%s/report/plots/free-%s.svg", dir, kernels[k]);
		svg = slurp(path);
		if (!strstr(svg, kernels[k]))
			fail_msg("%s does not name %s", path, kernels[k]);
		free(svg);
	}
	for (const char *const *p = (const char *const[]){ "comparison", "latency",
			"dirty-writeback", "failures", "congestion-wait", "fragmentation",
			NULL }; *p; p++) {
		char *svg;

		snprintf(path, sizeof(path), "%s/report/plots/%s.svg", dir, *p);
		/* A plot nothing could be drawn in is left out (the page
		 * says so): the latency plot of a scenario without gitk. */
		if (access(path, F_OK) && strcmp(*p, "comparison"))
			continue;
		svg = slurp(path);
		for (size_t k = 0; k < nr; k++)
			if (!names_whole(svg, kernels[k]))
				fail_msg("plot %s does not name %s", *p, kernels[k]);
		free(svg);
	}
}

/*
 * The page at @width pixels: no sideways scroll of the page, every table
 * in a box of its own that scrolls, no word of a table cell broken
 * across lines, the summary a table per group with a column per kernel,
 * every plot loaded, sorting both ways; then a screenshot, as a person
 * would see the page (shot-WIDTH.png in the test's folder).
 */
static void check_at(int width)
{
	unsigned int images, loaded, tables, groups, cols, hscroll, shown_width,
		page, unboxed, broken, sorted, reversed;
	char path[600], url[700], *dom, *check, *html;
	struct stat st;
	FILE *f;

	write_frame(width, "check.html", url, sizeof(url));
	snprintf(path, sizeof(path), "> %s/dom.html", dir);
	assert_int_equal(chromium(width, "--dump-dom", url, path), 0);
	snprintf(path, sizeof(path), "%s/dom.html", dir);
	dom = slurp(path);
	check = strstr(dom, "<pre id=\"mmsim-check\">");
	if (!check)
		fail_msg("the page did not report: %.300s", dom);
	check += strlen("<pre id=\"mmsim-check\">");
	if (sscanf(check, "CHECK images=%u loaded=%u tables=%u "
		   "groups=%u cols=%u hscroll=%u width=%u page=%u unboxed=%u "
		   "broken=%u sorted=%u reversed=%u END",
		   &images, &loaded, &tables, &groups, &cols, &hscroll, &shown_width,
		   &page, &unboxed, &broken, &sorted, &reversed) != 12)
		fail_msg("%.300s", check);
	print_message("%d pixels: %.*s\n", width, (int)strcspn(check, "<\n"), check);
	/* The common plots but latency (no gitk here, and the page says
	 * so), one free-pages plot per column. */
	assert_int_equal(images, 5 + 13);
	snprintf(path, sizeof(path), "%s/report/index.html", dir);
	html = slurp(path);
	assert_non_null(strstr(html, "no latency plot: no column has progress lines"));
	free(html);
	assert_int_equal(loaded, images);
	/* At least gitk, reclaim, congestion_wait, where gitk's time went,
	 * disk (with the block layer's rows) and fragmentation (the others may be all 0 here). */
	assert_true(groups >= 6);
	/* The measure's name, then a column per kernel. */
	assert_int_equal(cols, 1 + 13);
	/* The groups, congestion_wait, vmstat and the runs. */
	assert_int_equal(tables, groups + 3);
	assert_int_equal(shown_width, width);
	if (hscroll)
		fail_msg("at %d pixels the page is %u wide: it scrolls sideways",
			 width, page);
	if (broken) {
		const char *words = strstr(check, " END ") + 5;

		fail_msg("at %d pixels %u words of table cells break across lines: %.*s",
			 width, broken, (int)strcspn(words, "<"), words);
	}
	assert_int_equal(unboxed, 0);
	assert_int_equal(sorted, 1);
	assert_int_equal(reversed, 1);
	free(dom);

	write_frame(width, "index.html", url, sizeof(url));
	snprintf(path, sizeof(path), "--screenshot=%s/shot-%d.png", dir, width);
	assert_int_equal(chromium(width, path, url, ""), 0);
	snprintf(path, sizeof(path), "%s/shot-%d.png", dir, width);
	assert_int_equal(stat(path, &st), 0);
	assert_true(st.st_size > 20000);
	{
		unsigned char sig[8];

		f = fopen(path, "rb");
		assert_non_null(f);
		assert_int_equal(fread(sig, 1, 8, f), 8);
		fclose(f);
		assert_int_equal(memcmp(sig, "\x89PNG\r\n\x1a\n", 8), 0);
	}
}

/*
 * Every kernel row of the table (13 on x86-64), as `make run` writes the
 * report, at a laptop's 1366 pixels and at a phone's 390 (check_at()):
 * every plot names its kernels.
 */
static void test_report_in_chromium(void **state)
{
	char args[2048], path[600], *html, *body;
	const char *kernels[32];
	char list[4096], *save = NULL;
	size_t nr = 0;
	struct stat st;
	FILE *f;

	(void)state;
	if (!test_have_tool("chromium"))
		test_skip_because("chromium is not installed (apt-get install chromium)");
	if (!test_have_tool("gnuplot"))
		test_skip_because("gnuplot is not installed: the plots are not rendered "
				  "(apt-get install gnuplot-nox)");
	snprintf(args, sizeof(args), "compare --scenario %s/pressure.ini --seeds 2 "
		 "--out %s/report", dir, dir);
	if (test_cli_run(args, out, sizeof(out)))
		fail_msg("%s", out);
	/* The columns, from the per-column plots' scripts. */
	snprintf(args, sizeof(args), "cd %s/report/plots && ls free-*.gp | "
		 "sed 's/^free-//; s/.gp$//' | tr '\\n' ' '", dir);
	f = popen(args, "r");
	assert_non_null(f);
	assert_non_null(fgets(list, sizeof(list), f));
	pclose(f);
	for (char *k = strtok_r(list, " ", &save); k && nr < 32; k = strtok_r(NULL, " ", &save))
		kernels[nr++] = k;
	assert_int_equal(nr, 13);
	check_plot_names(kernels, nr);

	/* Links to kern.log only where there is one to read. */
	snprintf(path, sizeof(path), "%s/report/index.html", dir);
	html = slurp(path);
	for (const char *p = html; (p = strstr(p, "href=\"kern-logs/")); p++) {
		char log[700];

		snprintf(log, sizeof(log), "%s/report/%.*s", dir,
			 (int)strcspn(p + 6, "\""), p + 6);
		assert_int_equal(stat(log, &st), 0);
		assert_true(st.st_size > 0);
	}

	/* The page as served, with the check appended before </body>. */
	body = strstr(html, "</body>");
	assert_non_null(body);
	snprintf(path, sizeof(path), "%s/report/check.html", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "%.*s%s%s", (int)(body - html), html, check_script, body);
	fclose(f);
	free(html);

	check_at(1366);
	/* A phone: the tables scroll in their boxes, the page does not. */
	check_at(390);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_report_in_chromium),
	};
	char cmd[256], path[600];
	int rc;
	FILE *f;

	(void)argc;
	test_cli_init(argv[0]);
	if (!mkdtemp(dir))
		return 1;
	snprintf(path, sizeof(path), "%s/pressure.ini", dir);
	f = fopen(path, "w");
	if (!f || fputs(test_pressure_scenario, f) < 0 || fclose(f))
		return 1;
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		rc = 1;
	return rc;
}
