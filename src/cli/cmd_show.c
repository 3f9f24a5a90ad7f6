// SPDX-License-Identifier: GPL-2.0
/*
 * mmsim show FILE: boot a simulated machine and print one of its /proc
 * files as the kernel would right after boot.
 */
#include <stdio.h>
#include <string.h>
#include "commands.h"
#include "options.h"
#include "experiment/machine.h"
#include "experiment/scenario_load.h"
#include "scenario/suggest.h"
#include "scenario/units.h"
#include "linux/mmzone.h"
#include "mmsim/profile.h"
#include "linux/slab.h"
#include "linux/dcache.h"
#include "report/procfs.h"
#include "experiment/monitor.h"

#define SHOW_DEFAULT_ARCH "x86_64"

/* --nodes' text says 1-8. */
_Static_assert(MAX_NUMNODES == 8, "show --nodes: the help's range");

enum {
	OPT_ARCH, OPT_MEM, OPT_CPUS, OPT_NODES, OPT_KERNEL, OPT_SLAB, OPT_HELP,
	NR_OPTS
};

static const struct cli_opt show_opts[] = {
	[OPT_ARCH] = { .name = "arch", .metavar = "ARCH",
		.help = "x86 (32-bit, HIGHMEM) or x86_64 (default "
			SHOW_DEFAULT_ARCH ")" },
	[OPT_MEM] = { .name = "mem", .metavar = "SIZE",
		.help = "memory, as the kernel's mem=: bytes with an optional K, "
			"M, G or T suffix (default 512M; 64M to 64G on x86, laid "
			"out as a PAE kernel would; runs, unlike show, model x86 "
			"as non-PAE and stop at 4G)" },
	[OPT_CPUS] = { .name = "cpus", .metavar = "N",
		.help = "CPUs, for the per-cpu pagesets (default: the "
			"scenario's, 4 on x86_64, 2 on x86)" },
	[OPT_NODES] = { .name = "nodes", .metavar = "N",
		.help = "NUMA nodes (x86_64, 1-8): memory and CPUs split evenly, "
			"\"Node N\" lines per node (default 1)" },
	[OPT_KERNEL] = { .name = "kernel", .metavar = "P",
		.help = "kernel profile (see 'mmsim profiles'): its field sets, "
			"pcp layout and reserve rules" },
	[OPT_SLAB] = { .name = "slab", .metavar = "A",
		.help = "slab allocator for slabinfo: slub (default) or slab" },
	[OPT_HELP] = { .name = "help", .short_name = 'h', .help = "this text" },
};

const struct cli_table show_option_table = CLI_TABLE(show_opts, NR_OPTS, 16);

static void show_usage(FILE *out)
{
	fputs("usage: mmsim show zoneinfo|buddyinfo|pagetypeinfo|vmstat|slabinfo|meminfo\n"
	      "                  [--arch x86|x86_64] [--mem SIZE] [--cpus N]\n"
	      "                  [--nodes N] [--kernel PROFILE] [--slab slub|slab]\n\n"
	      "Boot a simulated machine and print its /proc file in the kernel's\n"
	      "format (of 2.6.32-rc6 unless --kernel says otherwise), after\n"
	      "start_kernel's boot-time caches and mempools: slabinfo lists every\n"
	      "cache a run starts with (kmalloc, radix_tree_node, skbs, VFS, bios,\n"
	      "requests, dm, dm-crypt; SLUB shows merged caches once) with the\n"
	      "slab layout the allocator picks for the CPU count.\n\n", out);
	cli_print_options(out, &show_option_table);
}

/*
 * The machine 'mmsim run' boots from the embedded default scenario for
 * @arch, with show's options applied (@mem NULL, @nodes 0: the
 * scenario's): the same scenario-to-mem_config
 * translation (machine_mem_config()), so what show prints is what a run
 * starts from.  The one difference is show's own, and documented above:
 * x86 above 4G (PAE), which runs refuse.  @cpus 0: the scenario's.
 */
static struct scenario *show_scenario(const char *arch, const uint64_t *mem,
				      unsigned int cpus, unsigned int nodes,
				      enum slab_allocator allocator)
{
	struct scenario_error err;
	struct scenario *sc = scenario_load(NULL, arch, &err);

	if (!sc) {
		fprintf(stderr, "%s\n", err.msg);
		return NULL;
	}
	if (mem)
		sc->machine.mem = *mem;
	if (cpus)
		sc->machine.cpus = (int)cpus;
	if (nodes)
		sc->machine.nodes = (int)nodes;
	sc->machine.slab = (int)allocator;
	/*
	 * More than 4G on x86 needs PAE, whose pageblock_order is 9
	 * (HUGETLB_PAGE_ORDER with 2 MiB pages); the scenario's 10 is the
	 * non-PAE kernel's, which runs model.  0: the layout's own.
	 */
	if (sc->machine.arch == SCENARIO_ARCH_X86 && sc->machine.mem > 4 * GiB)
		sc->machine.pageblock_order = 0;
	return sc;
}

int cmd_show(int argc, char **argv)
{
	const char *arch = SHOW_DEFAULT_ARCH, *file = NULL;
	enum slab_allocator allocator = SLAB_ALLOCATOR_SLUB;
	unsigned int cpus = 0, nodes = 0;
	struct kernel_profile profile;
	const char *kernel = NULL;
	bool profile_given = false, mem_given = false;
	struct cli_options o;
	const struct param_spec *sp;
	struct scenario *sc;
	char why[512];
	uint64_t mem = 0, n;
	int c, rc;

	cli_options_init(&o, "show", argc, argv, &show_option_table);
	while ((c = cli_next_option(&o)) != -1) {
		switch (c) {
		case OPT_HELP:
			show_usage(stdout);
			return 0;
		case OPT_ARCH:
			if (!cli_arch_ok(optarg))
				return usage_error("--arch: '%s' is not x86 or x86_64", optarg);
			arch = optarg;
			break;
		case OPT_KERNEL:
			if (profile_parse(optarg, &profile, why, sizeof(why)))
				return usage_error("--kernel: %s", why);
			kernel = optarg;
			profile_given = true;
			break;
		case OPT_MEM:
			/* The scenario's mem range; each architecture's own
			 * limit is the boot's to say. */
			sp = scenario_key_spec("machine", "mem");
			if (cli_size("show: --mem", optarg, (uint64_t)sp->min,
				     (uint64_t)sp->max, &mem))
				return 2;
			mem_given = true;
			break;
		case OPT_CPUS:
			if (!cli_count_ok(optarg, 1, SIM_MAX_CPUS, &n))
				return usage_error("--cpus: '%s' is not a CPU count (1-%d)",
						   optarg, SIM_MAX_CPUS);
			cpus = (unsigned int)n;
			break;
		case OPT_SLAB:
			if (!strcmp(optarg, "slub"))
				allocator = SLAB_ALLOCATOR_SLUB;
			else if (!strcmp(optarg, "slab"))
				allocator = SLAB_ALLOCATOR_SLAB;
			else
				return usage_error("--slab: '%s' is not slub or slab", optarg);
			break;
		case OPT_NODES:
			if (!cli_count_ok(optarg, 1, MAX_NUMNODES, &n))
				return usage_error("--nodes: '%s' is not a node count (1-%d)",
						   optarg, MAX_NUMNODES);
			nodes = (unsigned int)n;
			break;
		case CLI_OPERAND:
			if (file)
				return usage_error("show: one file at a time ('%s' after '%s')",
						   optarg, file);
			file = optarg;
			break;
		default:
			return cli_unhandled(&o, c);
		}
	}
	if (!file)
		return usage_error("show: which file? zoneinfo, buddyinfo, pagetypeinfo, vmstat, slabinfo or meminfo");

	bool known = false;

	for (const char *const *f = procfs_files; *f; f++)
		known |= !strcmp(*f, file);
	if (!known) {
		struct suggest sg;

		suggest_init(&sg, file);
		for (const char *const *f = procfs_files; *f; f++)
			suggest_add(&sg, *f);
		return usage_error("show: unknown file '%s' (%szoneinfo, buddyinfo, "
				   "pagetypeinfo, vmstat, slabinfo, meminfo)", file,
				   suggest_lead(&sg));
	}

	sc = show_scenario(arch, mem_given ? &mem : NULL, cpus, nodes, allocator);
	if (!sc)
		return 2;
	/* The scenario's kernel (a 2.6.32-rc6 row) unless --kernel. */
	if (!profile_given &&
	    profile_parse(sc->kernel.profile, &profile, why, sizeof(why))) {
		scenario_free(sc);
		return usage_error("show: %s", why);
	}
	if (cli_dry_run) {
		scenario_free(sc);
		return 0;
	}
	if (machine_boot_static(sc, kernel, why, sizeof(why))) {
		rc = usage_error("%s: %s", sc->machine.nodes > 1 ? "--nodes" : "--mem",
				 why);
		machine_static_exit();
		scenario_free(sc);
		return rc;
	}
	proc_show(file, stdout);
	machine_static_exit();
	scenario_free(sc);
	return fflush(stdout) ? 1 : 0;
}
