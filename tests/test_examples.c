// SPDX-License-Identifier: GPL-2.0
/*
 * Every example a user may copy runs: the code blocks marked `sh` in
 * README.md and docs/ (every .md), and the "$ mmsim ..." lines of every command's
 * --help.  How the examples are marked (README.md says it too):
 *
 *   ```sh                a block of commands, run with sh -e in a fresh
 *                        directory
 *   ```sh continued      run in the directory of the block before it
 *   ```sh file=NAME      not run: written to NAME in a fresh directory,
 *                        for the `sh continued` blocks after it
 *   "  $ mmsim ..."      in a --help text: the lines of one text run in
 *                        order, in one fresh directory
 *
 * They run with a stand-in `mmsim` first on PATH (and as ./mmsim) that
 * passes short simulated times (--time, unless the example gives its own;
 * run 2s, compare and sweep 1s, which their emitted jobs pass on) and
 * --no-render, and stand-ins for
 * GNU parallel (its stdin's lines, two at a time) and Slurm's sbatch
 * (--array=1-N: the script N times with SLURM_ARRAY_TASK_ID); $HOME and
 * $SHARED are the block's directory.  A failing example fails its
 * document's test with FILE:LINE and the output.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <errno.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <cmocka.h>

#include "testlib.h"

static char root[4096];		/* the source tree */
static char scratch[] = "/tmp/mmsim-examples-XXXXXX";
static char bin[4200];		/* the stand-ins */
static int nr_dirs;

static void write_text(const char *path, const char *text, bool exec)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	if (exec)
		assert_int_equal(chmod(path, 0755), 0);
}

static char *new_dir(void)
{
	char *d;

	assert_true(asprintf(&d, "%s/ex%03d", scratch, ++nr_dirs) > 0);
	assert_int_equal(mkdir(d, 0755), 0);
	return d;
}

/*
 * Run @script with sh -e in @dir; on failure, fail naming @where.  The
 * output is kept short in the message: its end says what went wrong.
 */
static void run_in(const char *dir, const char *script, const char *where)
{
	char *path, *cmd, out[1 << 15];
	size_t n;
	FILE *p;
	int status;

	assert_true(asprintf(&path, "%s/.example.sh", dir) > 0);
	write_text(path, script, false);
	assert_true(asprintf(&cmd, "cd '%s' && ln -sf '%s/mmsim' mmsim && mkdir -p shared && "
			     "PATH='%s':\"$PATH\" HOME='%s' SHARED='%s/shared' "
			     "sh -e .example.sh 2>&1", dir, bin, bin, dir, dir) > 0);
	p = popen(cmd, "r");
	assert_non_null(p);
	n = fread(out, 1, sizeof(out) - 1, p);
	out[n] = 0;
	while (fgetc(p) != EOF)
		;
	status = pclose(p);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		fail_msg("%s: the example fails (status %d):\n%s\n--- output (end):\n%s",
			 where, WIFEXITED(status) ? WEXITSTATUS(status) : -1, script,
			 n > 3000 ? out + n - 3000 : out);
	free(path);
	free(cmd);
}

/* Run every `sh` block of @doc (relative to the tree); how many ran. */
static int run_document(const char *doc)
{
	char *path, *line = NULL, *dir = NULL, *block = NULL, *file = NULL;
	char where[512];
	size_t cap = 0, len = 0;
	bool in_block = false, in_sh = false;
	unsigned long lineno = 0, start = 0;
	int ran = 0;
	FILE *f;

	assert_true(asprintf(&path, "%s/%s", root, doc) > 0);
	f = fopen(path, "r");
	if (!f)
		fail_msg("%s: %s", path, strerror(errno));
	while (getline(&line, &cap, f) > 0) {
		lineno++;
		if (strncmp(line, "```", 3)) {
			if (in_sh) {
				block = realloc(block, len + strlen(line) + 1);
				assert_non_null(block);
				strcpy(block + len, line);
				len += strlen(line);
			}
			continue;
		}
		if (!in_block) {
			const char *info = line + 3;

			in_block = true;
			in_sh = !strncmp(info, "sh", 2) && (info[2] == '\n' || info[2] == ' ');
			if (!in_sh)
				continue;
			start = lineno;
			len = 0;
			free(block);
			block = calloc(1, 1);
			free(file);
			file = NULL;
			if (strstr(info, " continued")) {
				if (!dir)
					fail_msg("%s:%lu: 'sh continued' with no block before it",
						 doc, lineno);
			} else {
				free(dir);
				dir = new_dir();
				if (strstr(info, " file="))
					file = strndup(strstr(info, " file=") + 6,
						       strcspn(strstr(info, " file=") + 6, " \n"));
			}
			continue;
		}
		in_block = false;
		if (!in_sh)
			continue;
		in_sh = false;
		snprintf(where, sizeof(where), "%s:%lu", doc, start);
		if (file) {
			char *p;

			assert_true(asprintf(&p, "%s/%s", dir, file) > 0);
			write_text(p, block, true);
			free(p);
			continue;
		}
		run_in(dir, block, where);
		ran++;
	}
	fclose(f);
	free(line);
	free(block);
	free(file);
	free(dir);
	free(path);
	return ran;
}

static void test_readme(void **state)
{
	(void)state;
	assert_true(run_document("README.md") >= 3);
}

/* Every docs/NAME.md, in name order. */
static void test_docs(void **state)
{
	struct dirent **names;
	char *docs;
	int n, ran = 0;

	(void)state;
	assert_true(asprintf(&docs, "%s/docs", root) > 0);
	n = scandir(docs, &names, NULL, alphasort);
	assert_true(n > 0);
	for (int i = 0; i < n; i++) {
		size_t l = strlen(names[i]->d_name);

		if (l > 3 && !strcmp(names[i]->d_name + l - 3, ".md")) {
			char *doc;

			assert_true(asprintf(&doc, "docs/%s", names[i]->d_name) > 0);
			ran += run_document(doc);
			free(doc);
		}
		free(names[i]);
	}
	free(names);
	free(docs);
	/* docs/compare.md alone has six. */
	assert_true(ran >= 6);
}

/* The "$ mmsim ..." lines of every command's --help. */
static void test_help_texts(void **state)
{
	static const char *const cmds[] = {
		"help", "version", "run", "scenario", "profiles", "show", "validate",
		"report", "compare", "sweep", "merge",
	};
	int ran = 0;

	(void)state;
	for (size_t c = 0; c < sizeof(cmds) / sizeof(cmds[0]); c++) {
		char *cmd, *script = calloc(1, 1), line[1024], where[64];
		size_t len = 0;
		FILE *p;

		assert_true(asprintf(&cmd, "'%s/mmsim' %s --help", bin, cmds[c]) > 0);
		p = popen(cmd, "r");
		assert_non_null(p);
		bool more = false;	/* the line before ended in '\\' */

		while (fgets(line, sizeof(line), p)) {
			const char *s = line + strspn(line, " ");
			size_t l;

			if (!more && strncmp(s, "$ mmsim ", 8))
				continue;
			if (!more)
				s += 2;
			l = strlen(s);
			more = l >= 2 && !strcmp(s + l - 2, "\\\n");
			script = realloc(script, len + l + 1);
			assert_non_null(script);
			strcpy(script + len, s);
			len += l;
		}
		pclose(p);
		if (len) {
			snprintf(where, sizeof(where), "mmsim %s --help", cmds[c]);
			char *d = new_dir();

			run_in(d, script, where);
			free(d);
			ran++;
		}
		free(script);
		free(cmd);
	}
	/* run, report and compare (sweep, merge: the same text) have some. */
	assert_true(ran >= 3);
}

static int setup(void **state)
{
	char self[8192], mmsim[4096], *text;

	(void)state;
	/* build/MODE/tests/test_examples: the tree is three levels up. */
	if (!realpath(test_mmsim_path(), mmsim) || !mkdtemp(scratch))
		return -1;
	snprintf(root, sizeof(root), "%s", mmsim);
	for (int up = 0; up < 3; up++)
		*strrchr(root, '/') = 0;
	snprintf(bin, sizeof(bin), "%s/bin", scratch);
	if (mkdir(bin, 0755))
		return -1;
	if (asprintf(&text,
		     "#!/bin/sh\n"
		     "# mmsim with short simulated times for the examples.\n"
		     "real='%s'\n"
		     "# An option is given once: an example's own --time stands.\n"
		     "t=--time; case \" $* \" in *\" --time \"*|*\" --time=\"*) t=;; esac\n"
		     "case \"$1\" in\n"
		     "run) shift; exec \"$real\" run ${t:+$t 2s} \"$@\";;\n"
		     "compare|sweep) c=$1; shift; exec \"$real\" \"$c\" ${t:+$t 1s} --no-render \"$@\";;\n"
		     "merge) shift; exec \"$real\" merge --no-render \"$@\";;\n"
		     "*) exec \"$real\" \"$@\";;\n"
		     "esac\n", mmsim) < 0)
		return -1;
	snprintf(self, sizeof(self), "%s/mmsim", bin);
	write_text(self, text, true);
	free(text);
	snprintf(self, sizeof(self), "%s/parallel", bin);
	write_text(self,
		   "#!/bin/sh\n"
		   "# GNU parallel's stand-in: the lines of stdin, two at a time.\n"
		   "xargs -d '\\n' -P 2 -n 1 sh -c 'eval \"$1\"' sh\n", true);
	snprintf(self, sizeof(self), "%s/sbatch", bin);
	write_text(self,
		   "#!/bin/sh\n"
		   "# Slurm's stand-in: --array=FIRST-LAST[%LIMIT] SCRIPT, one task after another.\n"
		   "for a; do case $a in --array=*) range=${a#--array=};; *) script=$a;; esac; done\n"
		   "range=${range%%\\%*}; i=${range%-*}; last=${range#*-}\n"
		   "while [ \"$i\" -le \"$last\" ]; do\n"
		   "\tSLURM_ARRAY_TASK_ID=$i sh \"$script\" || exit 1; i=$((i + 1))\n"
		   "done\n", true);
	return 0;
}

static int teardown(void **state)
{
	char *cmd;
	int rc;

	(void)state;
	if (asprintf(&cmd, "rm -rf '%s'", scratch) < 0)
		return -1;
	rc = system(cmd);
	free(cmd);
	return rc ? -1 : 0;
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_help_texts),
		cmocka_unit_test(test_readme),
		cmocka_unit_test(test_docs),
	};

	(void)argc;
	test_cli_init(argv[0]);
	return cmocka_run_group_tests_name("examples", tests, setup, teardown);
}
