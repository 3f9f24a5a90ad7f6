// SPDX-License-Identifier: GPL-2.0
/*
 * The HTML report in a real browser: a compare folder opened by headless
 * Chromium (Debian's chromium; skipped, saying so, when it is absent),
 * which must show every table and every plot image loaded (naturalWidth >
 * 0), sort a table on a click, and take a screenshot.  Chromium runs with
 * no network access of its own (no Google services, no updates).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

/* What the page reports after load: a line the test parses. */
static const char check_script[] =
	"<script>\n"
	"window.addEventListener('load', function () {\n"
	"  var imgs = Array.from(document.images);\n"
	"  var loaded = imgs.filter(function (i) { return i.complete && i.naturalWidth > 0; });\n"
	"  var t = document.getElementById('comparison');\n"
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
	"    ' tables=' + document.querySelectorAll('table.data').length +\n"
	"    ' rows=' + t.tBodies[0].rows.length + ' sorted=' + (sorted ? 1 : 0) +\n"
	"    ' reversed=' + (reversed ? 1 : 0) + ' END';\n"
	"  document.body.appendChild(p);\n"
	"});\n"
	"</script>\n";

static int chromium(const char *what, const char *url, const char *redirect)
{
	char cmd[4096];

	/* The flags the machine needs: no sandbox (root), no GPU, nothing
	 * that reaches for the network. */
	snprintf(cmd, sizeof(cmd), "profile=$(mktemp -d) && "
		 "timeout 120 chromium --headless --no-sandbox --disable-gpu "
		 "--disable-quic --no-first-run --disable-background-networking "
		 "--disable-component-update --disable-sync "
		 "--user-data-dir=\"$profile\" --window-size=1400,3000 "
		 "--virtual-time-budget=10000 %s '%s' %s 2>/dev/null; rc=$?; "
		 "rm -rf \"$profile\"; exit $rc", what, url, redirect);
	return system(cmd);
}

static void test_report_in_chromium(void **state)
{
	char args[2048], path[600], url[700], *html, *dom, *check, *body;
	unsigned int images, loaded, tables, rows, sorted, reversed;
	struct stat st;
	FILE *f;

	(void)state;
	if (!test_have_tool("chromium"))
		test_skip_because("chromium is not installed (apt-get install chromium)");
	if (!test_have_tool("gnuplot"))
		test_skip_because("gnuplot is not installed: the plots are not rendered "
				  "(apt-get install gnuplot-nox)");
	snprintf(args, sizeof(args), "compare --scenario %s/pressure.ini --kernels "
		 "2.6.30,2.6.31,2.6.32-rc6 --seeds 2 --out %s/report", dir, dir);
	if (test_cli_run(args, out, sizeof(out)))
		fail_msg("%s", out);

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

	snprintf(url, sizeof(url), "file://%s/report/check.html", dir);
	snprintf(path, sizeof(path), "> %s/dom.html", dir);
	assert_int_equal(chromium("--dump-dom", url, path), 0);
	snprintf(path, sizeof(path), "%s/dom.html", dir);
	dom = slurp(path);
	check = strstr(dom, "<pre id=\"mmsim-check\">");
	if (!check)
		fail_msg("the page did not report: %.300s", dom);
	if (sscanf(check, "<pre id=\"mmsim-check\">CHECK images=%u loaded=%u tables=%u rows=%u "
		   "sorted=%u reversed=%u END", &images, &loaded, &tables,
		   &rows, &sorted, &reversed) != 6)
		fail_msg("%.200s", check);
	/* 6 plots every report has, one free-pages plot per column. */
	assert_int_equal(images, 6 + 3);
	assert_int_equal(loaded, images);
	/* comparison, congestion_wait, disk, vmstat, runs. */
	assert_int_equal(tables, 5);
	assert_int_equal(rows, 3);
	assert_int_equal(sorted, 1);
	assert_int_equal(reversed, 1);
	free(dom);

	/* A screenshot, as a person would see the page. */
	snprintf(url, sizeof(url), "file://%s/report/index.html", dir);
	snprintf(path, sizeof(path), "--screenshot=%s/shot.png", dir);
	assert_int_equal(chromium(path, url, ""), 0);
	snprintf(path, sizeof(path), "%s/shot.png", dir);
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
