// SPDX-License-Identifier: GPL-2.0
/*
 * Device numbers by name, the part of 2.6.32's block/genhd.c mmsim
 * needs (blk_lookup_devt: a disk's name and partition to its dev_t).
 * mmsim registers no gendisks: a device's number follows from its name,
 * as the kernel of a 2009 desktop numbered it (linux/kdev_t.h): sd
 * disks by letter on major 8 with 16 minors each, device-mapper devices
 * by their dm-N index on major 253.
 */
#include <stdio.h>
#include <string.h>
#include "linux/blkdev.h"

uint32_t blk_name_devt(const char *name)
{
	unsigned int n, part = 0;
	char disk, end;

	if (sscanf(name, "dm-%u%c", &n, &end) == 1)
		return MKDEV(DM_MAJOR, n);
	if (sscanf(name, "sd%c%c", &disk, &end) == 1 && disk >= 'a' && disk <= 'p')
		return MKDEV(SCSI_DISK0_MAJOR, 16u * (unsigned int)(disk - 'a'));
	if (sscanf(name, "sd%c%u%c", &disk, &part, &end) == 2 &&
	    disk >= 'a' && disk <= 'p' && part >= 1 && part <= 15)
		return MKDEV(SCSI_DISK0_MAJOR,
			     16u * (unsigned int)(disk - 'a') + part);
	return 0;
}
