// SPDX-License-Identifier: GPL-2.0
/*
 * The scenarios/ files `mmsim validate` runs besides the embedded default,
 * built into mmsim so that it runs them from any directory.  The files are
 * the only copy: the assembler includes them byte for byte (.incbin), as the
 * kernel builds its own .config into kernel/configs.c, and a NUL after each
 * makes it a C string.  The path is relative to the top of the tree, where
 * make runs the compiler; the Makefile rebuilds this object when a file
 * changes.
 */
#include <stddef.h>
#include <string.h>
#include "scenario.h"

#define SHIPPED(sym, file)						\
	__asm__(".pushsection .rodata\n"				\
		".globl " #sym "\n"					\
		".type " #sym ", @object\n"				\
		#sym ":\n"						\
		".incbin \"scenarios/" file "\"\n"			\
		".byte 0\n"						\
		".size " #sym ", . - " #sym "\n"			\
		".popsection\n")

SHIPPED(scenario_no_dm_crypt_text, "reproduction-no-dm-crypt.ini");
SHIPPED(scenario_desktop_text, "desktop-net-gitk.ini");
SHIPPED(scenario_desktop_highorder_text, "desktop-net-gitk-highorder.ini");

extern const char scenario_no_dm_crypt_text[];
extern const char scenario_desktop_text[];
extern const char scenario_desktop_highorder_text[];

static const struct {
	const char *name;
	const char *text;
} shipped[] = {
	{ "scenarios/reproduction-no-dm-crypt.ini", scenario_no_dm_crypt_text },
	{ "scenarios/desktop-net-gitk.ini", scenario_desktop_text },
	{ "scenarios/desktop-net-gitk-highorder.ini", scenario_desktop_highorder_text },
};

const char *scenario_shipped_text(const char *name)
{
	for (size_t i = 0; i < sizeof(shipped) / sizeof(shipped[0]); i++)
		if (!strcmp(shipped[i].name, name))
			return shipped[i].text;
	return NULL;
}
