// SPDX-License-Identifier: GPL-2.0
/*
 * The machine's RAM map (arch/x86/kernel/e820.c, which
 * e820_register_active_regions() turns into the early_node_map that
 * mm/page_alloc.c's absent-page counts and mm/bootmem.c's frees read).
 *
 * RAM is contiguous from 0 to mem= except the BIOS area at 640 KiB-1 MiB
 * and, on x86-64, the first 64 KiB; there is no PCI or ACPI hole below
 * 4 GiB.  docs/model.md ("Zones, watermarks, reserves") says where these
 * holes come from and how sure they are.
 */
#include "linux/kernel.h"
#include "linux/mmzone.h"

/*
 * The BIOS area is left out of the e820 RAM map: pfn 0x9f (the EBDA) to
 * 0xff, 97 pages.  x86-64 kernels of the time also kept pfn 0x0-0xf out
 * of the active ranges (dmesg "early_node_map ... 0x00000010 ->
 * 0x0000009f").
 */
bool pfn_is_hole(unsigned long pfn)
{
	if (pfn >= 0x9f && pfn < E820_HOLES_END_PFN)
		return true;
	if (sim_arch->arch == ARCH_X86_64 && pfn < 0x10)
		return true;
	return false;
}
