/* SPDX-License-Identifier: GPL-2.0 */
/*
 * VM_BUG_ON(), as 2.6.32's include/linux/mmdebug.h has it: BUG_ON with
 * CONFIG_DEBUG_VM, which mmsim always has.
 */
#ifndef MMSIM_LINUX_MMDEBUG_H
#define MMSIM_LINUX_MMDEBUG_H

#include "linux/bug.h"

#define VM_BUG_ON(cond) BUG_ON(cond)

#endif /* MMSIM_LINUX_MMDEBUG_H */
