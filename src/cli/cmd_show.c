// SPDX-License-Identifier: GPL-2.0
/*
 * mmsim show FILE: boot a simulated machine and print one of its /proc
 * files as the kernel would right after boot.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "commands.h"
#include "linux/mmzone.h"
#include "mmsim/profile.h"
#include "linux/slab.h"
#include "linux/dcache.h"
#include "report/procfs.h"

#define SHOW_DEFAULT_ARCH "x86_64"
#define SHOW_DEFAULT_MEM (512UL << 20)
#define SHOW_DEFAULT_CPUS 4

static void show_usage(FILE *out)
{
	fprintf(out,
		"usage: mmsim show zoneinfo|buddyinfo|pagetypeinfo|vmstat|slabinfo\n"
		"                  [--arch x86|x86_64] [--mem SIZE] [--cpus N]\n"
		"                  [--nodes N] [--kernel PROFILE] [--slab slub|slab]\n\n"
		"Boot a simulated machine and print its /proc file in the kernel's\n"
		"format (of 2.6.32-rc6 unless --kernel says otherwise).  slabinfo\n"
		"shows the empty dentry, buffer_head and ext3_inode_cache caches\n"
		"with the slab layout the allocator picks for the CPU count.\n\n"
		"  --arch ARCH   x86 (32-bit, HIGHMEM) or x86_64 (default %s)\n"
		"  --mem SIZE    memory, as the kernel's mem=: bytes with an optional\n"
		"                K, M, G or T suffix (default 512M; 64M to 64G on x86,\n"
		"                laid out as a PAE kernel would; runs, unlike show,\n"
		"                model x86 as non-PAE and stop at 4G)\n"
		"  --cpus N      CPUs, for the per-cpu pagesets (default %d)\n"
		"  --nodes N     NUMA nodes (x86_64, 1-%d): memory and CPUs split\n"
		"                evenly, \"Node N\" lines per node (default 1)\n"
		"  --kernel P    kernel profile (see 'mmsim profiles'): its field sets,\n"
		"                pcp layout and reserve rules\n"
		"  --slab A      slab allocator for slabinfo: slub (default) or slab\n",
		SHOW_DEFAULT_ARCH, SHOW_DEFAULT_CPUS, MAX_NUMNODES);
}

/* memparse: a number with an optional K/M/G/T suffix, optionally "B". */
static int parse_size(const char *s, unsigned long *out)
{
	unsigned long long v;
	char *end;
	int shift = 0;

	if (!isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno)
		return -1;
	switch (toupper((unsigned char)*end)) {
	case 'T':
		shift += 10;
		/* fall through */
	case 'G':
		shift += 10;
		/* fall through */
	case 'M':
		shift += 10;
		/* fall through */
	case 'K':
		shift += 10;
		end++;
		break;
	default:
		break;
	}
	if (shift && toupper((unsigned char)*end) == 'B')
		end++;
	if (*end || (shift && v > (~0ULL >> shift)))
		return -1;
	*out = (unsigned long)(v << shift);
	return 0;
}

static int parse_uint(const char *s, unsigned int *out)
{
	unsigned long v;
	char *end;

	if (!isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || v > 1000000)
		return -1;
	*out = (unsigned int)v;
	return 0;
}

/* "--opt VALUE" or "--opt=VALUE"; advances *i past a separate value. */
static const char *option_value(int argc, char **argv, int *i,
				const char *name, bool *missing)
{
	size_t len = strlen(name);
	const char *arg = argv[*i];

	*missing = false;
	if (strncmp(arg, name, len))
		return NULL;
	if (arg[len] == '=')
		return arg + len + 1;
	if (arg[len])
		return NULL;
	if (*i + 1 >= argc) {
		*missing = true;
		return NULL;
	}
	return argv[++*i];
}

int cmd_show(int argc, char **argv)
{
	struct mem_config cfg = {
		.arch = arch_lookup(SHOW_DEFAULT_ARCH),
		.mem_bytes = SHOW_DEFAULT_MEM,
		.nr_cpus = SHOW_DEFAULT_CPUS,
		.reserved_kbytes = (unsigned long)-1,
	};
	const char *file = NULL;
	enum slab_allocator allocator = SLAB_ALLOCATOR_SLUB;
	int rc;

	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		const char *val;
		bool missing;

		if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
			show_usage(stdout);
			return 0;
		}
		if ((val = option_value(argc, argv, &i, "--arch", &missing))) {
			cfg.arch = arch_lookup(val);
			if (!cfg.arch)
				return usage_error("--arch: '%s' is not x86 or x86_64", val);
		} else if ((val = option_value(argc, argv, &i, "--kernel", &missing))) {
			char why[512];

			if (profile_parse(val, &kprofile, why, sizeof(why)))
				return usage_error("--kernel: %s", why);
		} else if ((val = option_value(argc, argv, &i, "--mem", &missing))) {
			if (parse_size(val, &cfg.mem_bytes))
				return usage_error("--mem: '%s' is not a size (e.g. 512M, 2G)", val);
		} else if ((val = option_value(argc, argv, &i, "--cpus", &missing))) {
			if (parse_uint(val, &cfg.nr_cpus) || cfg.nr_cpus < 1 ||
			    cfg.nr_cpus > SIM_MAX_CPUS)
				return usage_error("--cpus: '%s' is not a CPU count (1-%d)",
						   val, SIM_MAX_CPUS);
		} else if ((val = option_value(argc, argv, &i, "--slab", &missing))) {
			if (!strcmp(val, "slub"))
				allocator = SLAB_ALLOCATOR_SLUB;
			else if (!strcmp(val, "slab"))
				allocator = SLAB_ALLOCATOR_SLAB;
			else
				return usage_error("--slab: '%s' is not slub or slab", val);
		} else if ((val = option_value(argc, argv, &i, "--nodes", &missing))) {
			if (parse_uint(val, &cfg.nr_nodes) || cfg.nr_nodes < 1 ||
			    cfg.nr_nodes > MAX_NUMNODES)
				return usage_error("--nodes: '%s' is not a node count (1-%d)",
						   val, MAX_NUMNODES);
		} else if (missing) {
			return usage_error("%s: needs a value", arg);
		} else if (arg[0] == '-') {
			return usage_error("unknown option '%s' (try 'mmsim show --help')", arg);
		} else if (file) {
			return usage_error("show: one file at a time ('%s' after '%s')",
					   arg, file);
		} else {
			file = arg;
		}
	}
	if (!file)
		return usage_error("show: which file? zoneinfo, buddyinfo, pagetypeinfo, vmstat or slabinfo");

	bool known = false;

	for (const char *const *f = procfs_files; *f; f++)
		known |= !strcmp(*f, file);
	if (!known)
		return usage_error("show: unknown file '%s' (zoneinfo, buddyinfo, pagetypeinfo, vmstat, slabinfo)",
				   file);

	if (cli_dry_run)
		return 0;
	if (mem_init(&cfg)) {
		rc = usage_error("%s: %s", cfg.nr_nodes > 1 ? "--nodes" : "--mem",
				 mem_init_error());
		mem_exit();
		return rc;
	}
	kmem_cache_config(allocator, cfg.nr_cpus);
	vfs_caches_init();
	procfs_show(file, stdout);
	vfs_caches_exit();
	kmem_cache_exit();
	mem_exit();
	return fflush(stdout) ? 1 : 0;
}
