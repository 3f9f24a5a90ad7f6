// SPDX-License-Identifier: GPL-2.0
/* Directories for mmsim's outputs (fs.h). */
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include "fs.h"
#include "xalloc.h"

int make_dir(const char *path)
{
	struct stat st;

	if (!mkdir(path, 0777))
		return 0;
	if (errno != EEXIST)
		return -1;
	if (!stat(path, &st) && S_ISDIR(st.st_mode))
		return 0;
	errno = EEXIST;
	return -1;
}

int mkdir_p(const char *path)
{
	char *p = xstrdup(path);
	int rc = 0;

	for (char *s = p + 1; *s && !rc; s++)
		if (*s == '/') {
			*s = 0;
			rc = make_dir(p);
			*s = '/';
		}
	if (!rc)
		rc = make_dir(p);
	free(p);
	return rc;
}
