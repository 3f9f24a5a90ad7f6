/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Device numbers as the kernel encodes them inside (2.6.32
 * include/linux/kdev_t.h): a 32-bit dev_t, the major in the top 12 bits,
 * the minor in the low 20.  blktrace records carry this encoding
 * (struct blk_io_trace .device), and blkparse and btt decode it with the
 * same MINORBITS.
 *
 * The numbers mmsim's devices get are those a 2009 desktop had
 * (Documentation/devices.txt of 2.6.32): SCSI disks (sda, the SATA disk
 * through libata) are major 8, minor 16 per disk plus the partition;
 * device-mapper's major is allocated at load time (register_blkdev(0)
 * in drivers/md/dm.c local_init()), and 253 is what it got on the
 * distribution kernels of the time, the number the flusher threads'
 * names (flush-253:0) and btt's remapper_dev() expect.
 */
#ifndef MMSIM_KDEV_T_H
#define MMSIM_KDEV_T_H

#include <stdint.h>

#define MINORBITS	20
#define MINORMASK	((1U << MINORBITS) - 1)

#define MAJOR(dev)	((unsigned int)((dev) >> MINORBITS))
#define MINOR(dev)	((unsigned int)((dev) & MINORMASK))
#define MKDEV(ma, mi)	((uint32_t)(((ma) << MINORBITS) | (mi)))

#define SCSI_DISK0_MAJOR	8
#define DM_MAJOR		253	/* dynamic in the kernel; see above */

#endif /* MMSIM_KDEV_T_H */
