// SPDX-License-Identifier: GPL-2.0
/*
 * main() of the mmsim executable: cli_main() (main.c) with standard
 * output's errors reported.  A file of its own, so that the tests and the
 * command-line fuzzer, which have their own main(), link the commands.
 */
#include <stdio.h>
#include <string.h>
#include "commands.h"
#include "report/outfile.h"

int main(int argc, char **argv)
{
	int rc, err;

	/* Standard output keeps why a write failed (stdio keeps only a
	 * flag), so every command's failed output is reported below. */
	outfile_stdout_install();
	rc = cli_main(argc, argv);
	err = outfile_stdout_error();
	if (err) {
		const char *cmd = argc > 1 && argv[1][0] != '-' ? argv[1] : NULL;

		fprintf(stderr, "mmsim: %s%scannot write standard output: %s\n",
			cmd ? cmd : "", cmd ? ": " : "", strerror(err));
		if (!rc)
			rc = 1;
	}
	return rc;
}
