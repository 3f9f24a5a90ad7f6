// SPDX-License-Identifier: GPL-2.0
/*
 * Nodes (arch/x86/mm/numa_64.c of 2.6.31/2.6.32): node_data[], each
 * node's pfn range, and which node a CPU is on.  x86-32 here always has
 * one node (its NUMA support, numa_32.c, is not modelled), and so has an
 * x86-64 machine unless the scenario asks for more.
 */
#include <string.h>
#include "linux/kernel.h"
#include "linux/mmzone.h"

/* Node 0 is contig_page_data (mm/page_alloc.c); nodes 1.. are these. */
static struct pglist_data node_pgdats[MAX_NUMNODES - 1];
struct pglist_data *node_data[MAX_NUMNODES] = { &contig_page_data };

/* CPUs per node: node n has CPUs n*k .. n*k+k-1; the last node also
 * takes the remainder when the count does not divide (cpu_to_node). */
static unsigned int cpus_per_node = 1;

int cpu_to_node(int cpu)
{
	int nid = cpu / (int)cpus_per_node;

	return nid < nr_online_nodes ? nid : nr_online_nodes - 1;
}

int numa_node_id(void)
{
	return nr_online_nodes > 1 ? cpu_to_node(smp_processor_id()) : 0;
}

void numa_init(unsigned int nr_nodes)
{
	nr_online_nodes = nr_nodes > 1 ? (int)nr_nodes : 1;
	cpus_per_node = nr_online_cpus / (unsigned int)nr_online_nodes;
}

/*
 * Node n spans an equal share of memory, rounded down to whole MAX_ORDER
 * blocks so that no buddy pair straddles two nodes; the last node takes
 * the remainder.  As with SRAT-described x86-64 boxes, zones follow
 * physical addresses: DMA and DMA32 (below 4 GiB) fall in the nodes that
 * span those addresses -- node 0 alone once a node holds 4 GiB or more --
 * and every node above 4 GiB has a Normal zone.
 */
void setup_node_spans(unsigned int nr_nodes)
{
	unsigned long share = (max_pfn / nr_nodes) & ~(MAX_ORDER_NR_PAGES - 1);

	for (unsigned int nid = 0; nid < nr_nodes; nid++) {
		pg_data_t *pgdat = nid ? &node_pgdats[nid - 1] : &contig_page_data;

		memset(pgdat, 0, sizeof(*pgdat));
		node_data[nid] = pgdat;
		pgdat->node_id = (int)nid;
		pgdat->node_start_pfn = nid * share;
		pgdat->node_spanned_pages = nid + 1 < nr_nodes ? share :
			max_pfn - nid * share;
		init_waitqueue_head(&pgdat->kswapd_wait);
	}
}

void numa_exit(void)
{
	for (int nid = 0; nid < MAX_NUMNODES; nid++) {
		pg_data_t *pgdat = nid ? &node_pgdats[nid - 1] : &contig_page_data;

		memset(pgdat, 0, sizeof(*pgdat));
		node_data[nid] = nid ? NULL : &contig_page_data;
	}
	nr_online_nodes = 1;
	cpus_per_node = 1;
}
