/* SPDX-License-Identifier: GPL-2.0 */
/* Directories for mmsim's outputs.  Every layer may include this. */
#ifndef MMSIM_UTIL_FS_H
#define MMSIM_UTIL_FS_H

/* Create directory @path; one that already exists is fine.  0, or -1 with
 * errno (EEXIST: something that is not a directory is there). */
int make_dir(const char *path);
/* make_dir() of @path and of every missing parent, as mkdir -p. */
int mkdir_p(const char *path);

#endif
