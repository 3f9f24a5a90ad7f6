// SPDX-License-Identifier: GPL-2.0
/*
 * NUMA machines: the boot layout of several nodes (spans, zones, node ids
 * in page->flags), node- and zone-ordered zonelists and the kernel's
 * default choice between them, allocation from the running CPU's node and
 * fallback to the remote node, kswapd per node woken for its own zones,
 * and the per-node /proc output.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "experiment/machine.h"
#include "linux/mmzone.h"
#include "mmsim/profile.h"
#include "linux/swap.h"
#include "report/procfs.h"
#include "experiment/monitor.h"
#include "report/kern_log.h"
#include "mmsim/kstate.h"
#include "mmsim/alloc_fail.h"

static void boot(unsigned long mbytes, unsigned int cpus, unsigned int nodes)
{
	struct sim_config sc = { .hz = 250, .nr_cpus = cpus, .seed = 1 };
	struct mem_config cfg = {
		.arch = arch_lookup("x86_64"),
		.mem_bytes = mbytes << 20,
		.nr_cpus = cpus,
		.nr_nodes = nodes,
		.reserved_kbytes = (unsigned long)-1,
	};
	char err[160];

	assert_int_equal(profile_parse("2.6.32-rc6", &kprofile, err, sizeof(err)), 0);
	sim_init(&sc);
	assert_int_equal(mem_init(&cfg), 0);
}

static void teardown(void)
{
	mem_exit();
	sim_exit();
}

static struct zone *NZ(int nid, enum zone_type t)
{
	return &NODE_DATA(nid)->node_zones[t];
}

#define PAGES_PER_MB 256UL

/* ---- layout ----------------------------------------------------------- */

/*
 * 16 GB over 2 nodes: 8 GB each.  Node 0 spans pfn [0, 2M) and holds
 * DMA [0, 4096), DMA32 [4096, 1M) (below 4 GiB) and Normal [1M, 2M);
 * node 1 spans [2M, 4M) and holds Normal only.
 */
static void test_two_node_layout(void **state)
{
	unsigned long node_pages = 8192 * PAGES_PER_MB;	/* 2097152 */
	unsigned long present = 0;
	struct zone *zone;

	(void)state;
	boot(16384, 4, 2);
	assert_int_equal(nr_online_nodes, 2);
	assert_ptr_equal(NODE_DATA(0), &contig_page_data);
	assert_ptr_not_equal(NODE_DATA(1), NODE_DATA(0));
	assert_int_equal(NODE_DATA(1)->node_id, 1);
	assert_int_equal(NODE_DATA(0)->node_start_pfn, 0);
	assert_int_equal(NODE_DATA(0)->node_spanned_pages, node_pages);
	assert_int_equal(NODE_DATA(1)->node_start_pfn, node_pages);
	assert_int_equal(NODE_DATA(1)->node_spanned_pages, node_pages);

	assert_true(populated_zone(NZ(0, ZONE_DMA)));
	assert_true(populated_zone(NZ(0, ZONE_DMA32)));
	assert_true(populated_zone(NZ(0, ZONE_NORMAL)));
	assert_int_equal(NZ(0, ZONE_NORMAL)->zone_start_pfn, 4096 * PAGES_PER_MB);
	assert_int_equal(NZ(0, ZONE_NORMAL)->spanned_pages, 4096 * PAGES_PER_MB);
	assert_false(populated_zone(NZ(1, ZONE_DMA)));
	assert_false(populated_zone(NZ(1, ZONE_DMA32)));
	assert_true(populated_zone(NZ(1, ZONE_NORMAL)));
	assert_int_equal(NZ(1, ZONE_NORMAL)->zone_start_pfn, node_pages);
	assert_int_equal(NZ(1, ZONE_NORMAL)->spanned_pages, node_pages);
	/* Node 1's Normal zone only loses its memmap: 2M * 56 B / 4 KiB. */
	assert_int_equal(NZ(1, ZONE_NORMAL)->present_pages,
			 node_pages - node_pages * 56 / 4096);
	assert_int_equal(NODE_DATA(0)->nr_zones, ZONE_NORMAL + 1);
	assert_int_equal(NODE_DATA(1)->nr_zones, ZONE_NORMAL + 1);

	/* page->flags carries the node: page_zone finds node 1's zone. */
	assert_int_equal(page_to_nid(pfn_to_page(node_pages - 1)), 0);
	assert_int_equal(page_to_nid(pfn_to_page(node_pages)), 1);
	assert_ptr_equal(page_zone(pfn_to_page(node_pages + 5)), NZ(1, ZONE_NORMAL));
	assert_ptr_equal(page_zone(pfn_to_page(node_pages - 1)), NZ(0, ZONE_NORMAL));
	assert_ptr_equal(NZ(1, ZONE_NORMAL)->zone_pgdat, NODE_DATA(1));

	/* for_each_zone walks both nodes: 2 x MAX_NR_ZONES zones. */
	int n = 0;

	for_each_zone(zone) {
		n++;
		present += zone->present_pages;
	}
	assert_int_equal(n, 2 * MAX_NR_ZONES);
	assert_int_equal(present, NODE_DATA(0)->node_present_pages +
			 NODE_DATA(1)->node_present_pages);

	/* CPUs split in blocks: 0,1 on node 0; 2,3 on node 1. */
	assert_int_equal(cpu_to_node(0), 0);
	assert_int_equal(cpu_to_node(1), 0);
	assert_int_equal(cpu_to_node(2), 1);
	assert_int_equal(cpu_to_node(3), 1);
	assert_int_equal(zone_reclaim_mode, 0);
	assert_true(node_distance(0, 1) <= RECLAIM_DISTANCE);
	teardown();
}

/* 512 MB over 2 nodes: all of it below 4 GiB, so node 1 has a DMA32 zone
 * (physical addresses decide zones), and no node has Normal. */
static void test_small_nodes_have_dma32(void **state)
{
	(void)state;
	boot(512, 2, 2);
	assert_true(populated_zone(NZ(0, ZONE_DMA)));
	assert_true(populated_zone(NZ(0, ZONE_DMA32)));
	assert_false(populated_zone(NZ(1, ZONE_DMA)));
	assert_true(populated_zone(NZ(1, ZONE_DMA32)));
	assert_int_equal(NZ(1, ZONE_DMA32)->zone_start_pfn, 256 * PAGES_PER_MB);
	assert_false(populated_zone(NZ(0, ZONE_NORMAL)));
	assert_false(populated_zone(NZ(1, ZONE_NORMAL)));
	teardown();
}

/* A bad node count is refused with a message, not attempted. */
static void test_bad_node_counts_refused(void **state)
{
	struct mem_config cfg = {
		.arch = arch_lookup("x86_64"),
		.mem_bytes = 512UL << 20,
		.nr_cpus = 2,
		.nr_nodes = 4,
		.reserved_kbytes = (unsigned long)-1,
	};

	(void)state;
	assert_int_not_equal(mem_init(&cfg), 0);
	assert_non_null(strstr(mem_init_error(), "CPUs"));
	cfg.nr_nodes = MAX_NUMNODES + 1;
	cfg.nr_cpus = 16;
	assert_int_not_equal(mem_init(&cfg), 0);
	cfg.nr_nodes = 2;
	cfg.arch = arch_lookup("x86");
	assert_int_not_equal(mem_init(&cfg), 0);
	assert_non_null(strstr(mem_init_error(), "x86_64"));
	assert_int_equal(nr_online_nodes, 1);
}

/* ---- zonelists -------------------------------------------------------- */

/*
 * 512 MB, 2 nodes: no node has Normal, so default_zonelist_order picks
 * node order: node 0's list is its DMA32, its DMA, then node 1's DMA32;
 * node 1's starts with its own DMA32.  The __GFP_THISNODE lists stop at
 * the node.
 */
static void test_node_order_zonelists(void **state)
{
	struct zone **zr;

	(void)state;
	boot(512, 2, 2);
	assert_int_equal(current_zonelist_order, ZONELIST_ORDER_NODE);
	zr = NODE_DATA(0)->node_zonelists[0]._zonerefs;
	assert_ptr_equal(zr[0], NZ(0, ZONE_DMA32));
	assert_ptr_equal(zr[1], NZ(0, ZONE_DMA));
	assert_ptr_equal(zr[2], NZ(1, ZONE_DMA32));
	assert_null(zr[3]);
	zr = NODE_DATA(1)->node_zonelists[0]._zonerefs;
	assert_ptr_equal(zr[0], NZ(1, ZONE_DMA32));
	assert_ptr_equal(zr[1], NZ(0, ZONE_DMA32));
	assert_ptr_equal(zr[2], NZ(0, ZONE_DMA));
	assert_null(zr[3]);
	zr = node_zonelist(1, GFP_KERNEL | __GFP_THISNODE)->_zonerefs;
	assert_ptr_equal(zr[0], NZ(1, ZONE_DMA32));
	assert_null(zr[1]);
	/* The preferred zone of node 1's GFP_KERNEL is its own DMA32. */
	assert_ptr_equal(first_zones_zonelist(node_zonelist(1, GFP_KERNEL),
					      gfp_zone(GFP_KERNEL)),
			 NZ(1, ZONE_DMA32));
	teardown();
}

/*
 * 16 GB, 2 nodes: every node has Normal, DMA+DMA32 (4 GiB) is below half
 * of memory and below 70% of node 0 (8 GiB), so 2.6.32
 * (default_zonelist_order()) picks zone order: Normal of both nodes
 * (local first), then DMA32, then DMA.
 */
static void test_zone_order_zonelists(void **state)
{
	struct zone **zr;

	(void)state;
	boot(16384, 2, 2);
	assert_int_equal(current_zonelist_order, ZONELIST_ORDER_ZONE);
	zr = NODE_DATA(1)->node_zonelists[0]._zonerefs;
	assert_ptr_equal(zr[0], NZ(1, ZONE_NORMAL));
	assert_ptr_equal(zr[1], NZ(0, ZONE_NORMAL));
	assert_ptr_equal(zr[2], NZ(0, ZONE_DMA32));
	assert_ptr_equal(zr[3], NZ(0, ZONE_DMA));
	assert_null(zr[4]);
	teardown();
}

/* ---- allocation ------------------------------------------------------- */

/*
 * Node 0's zones are exhausted down to their low watermarks: the next
 * allocation of a CPU on node 0 comes from node 1, the remote zone of its
 * zonelist, without waking anything (zone_reclaim_mode 0).
 */
static void test_fallback_to_remote_node(void **state)
{
	struct zonelist *zl;
	struct page *page;
	unsigned long local = 0;

	(void)state;
	boot(512, 2, 2);
	zl = node_zonelist(0, GFP_HIGHUSER_MOVABLE);
	page = __alloc_pages_nodemask(GFP_HIGHUSER_MOVABLE, 0, zl);
	assert_non_null(page);
	assert_int_equal(page_to_nid(page), 0);
	local++;
	for (;;) {
		page = __alloc_pages_nodemask(GFP_HIGHUSER_MOVABLE, 0, zl);
		assert_non_null(page);
		if (page_to_nid(page) != 0)
			break;
		local++;
	}
	assert_int_equal(page_to_nid(page), 1);
	assert_ptr_equal(page_zone(page), NZ(1, ZONE_DMA32));
	/* Node 0 handed out pages until its DMA32 zone reached its low
	 * watermark (DMA's lowmem_reserve keeps it out of the way). */
	assert_true(zone_page_state(NZ(0, ZONE_DMA32), NR_FREE_PAGES) <=
		    low_wmark_pages(NZ(0, ZONE_DMA32)) + 1);
	assert_true(local > NZ(0, ZONE_DMA32)->present_pages / 2);
	teardown();
}

/* An interrupt on CPU 1 (node 1 of a 2-CPU, 2-node machine) allocates
 * from node 1: alloc_pages uses numa_node_id()'s zonelist. */
struct irq_alloc {
	struct irq_work work;
	int nid_seen;
	int page_nid;
};

static void irq_alloc_handler(struct irq_work *w)
{
	struct irq_alloc *a = w->data;
	struct page *page;

	a->nid_seen = numa_node_id();
	page = alloc_pages(GFP_ATOMIC, 0);
	a->page_nid = page ? page_to_nid(page) : -1;
	if (page)
		__free_pages(page, 0);
}

static void test_alloc_on_local_node(void **state)
{
	struct irq_alloc a = { .nid_seen = -1, .page_nid = -1 };

	(void)state;
	boot(512, 2, 2);
	irq_work_init(&a.work, 1, irq_alloc_handler, &a);
	irq_work_queue_at(&a.work, 1000);
	sim_run(NSEC_PER_SEC);
	assert_int_equal(a.nid_seen, 1);
	assert_int_equal(a.page_nid, 1);
	teardown();
}

/* ---- kswapd ----------------------------------------------------------- */

struct kswapd_probe {
	pg_data_t *pgdat;
	int wakeups;
	int order;
};

static void kswapd_probe_fn(void *arg)
{
	struct kswapd_probe *kp = arg;

	for (;;) {
		DEFINE_WAIT(wait);

		prepare_to_wait(&kp->pgdat->kswapd_wait, &wait, TASK_INTERRUPTIBLE);
		schedule();
		finish_wait(&kp->pgdat->kswapd_wait, &wait);
		kp->wakeups++;
		kp->order = kp->pgdat->kswapd_max_order;
		kp->pgdat->kswapd_max_order = 0;
	}
}

/* Take node 1's DMA32 below its low watermark, then wake: only node 1's
 * kswapd wakes, with the order asked for; node 0's zones are fine. */
static void test_kswapd_woken_per_node(void **state)
{
	struct kswapd_probe kp[2] = { { NODE_DATA(0), 0, 0 }, { NODE_DATA(1), 0, 0 } };
	struct zonelist *zl;
	struct zone *z1;

	(void)state;
	boot(512, 2, 2);
	kp[0].pgdat = NODE_DATA(0);
	kp[1].pgdat = NODE_DATA(1);
	kthread_run(kswapd_probe_fn, &kp[0], "probe0", DEFAULT_PRIO);
	kthread_run(kswapd_probe_fn, &kp[1], "probe1", DEFAULT_PRIO);
	sim_run(1000);
	z1 = NZ(1, ZONE_DMA32);
	zl = node_zonelist(1, GFP_HIGHUSER_MOVABLE | __GFP_THISNODE);
	while (zone_page_state(z1, NR_FREE_PAGES) > low_wmark_pages(z1) / 2)
		assert_non_null(get_page_from_freelist(GFP_HIGHUSER_MOVABLE, 0, zl,
						       ZONE_MOVABLE, ALLOC_NO_WATERMARKS,
						       z1, MIGRATE_MOVABLE));
	wakeup_kswapd(NZ(0, ZONE_DMA32), 0);
	wakeup_kswapd(NZ(0, ZONE_DMA), 0);
	wakeup_kswapd(z1, 2);
	sim_run(2000);
	assert_int_equal(kp[0].wakeups, 0);
	assert_int_equal(kp[1].wakeups, 1);
	assert_int_equal(kp[1].order, 2);
	teardown();
}

/* A whole machine with nodes = 2 starts "kswapd0" and "kswapd1". */
static void test_machine_kswapd_per_node(void **state)
{
	static const char text[] =
		"[machine]\narch = x86_64\nmem = 256M\ncpus = 2\nnodes = 2\n"
		"fs_size = 1G\nswap_size = 256M\ndisk_size = 2G\n"
		"[kernel]\nprofile = 2.6.32-rc6\n"
		"[task idle]\nprogram = sleeper\n";
	struct scenario_error err;
	struct scenario *sc;
	struct machine m;
	char msg[256];

	(void)state;
	sc = scenario_parse_buffer(text, strlen(text), "numa.ini", NULL, &err);
	assert_non_null(sc);
	assert_int_equal(machine_boot(&m, sc, 1, NULL, msg, sizeof(msg)), 0);
	assert_non_null(NODE_DATA(0)->kswapd);
	assert_non_null(NODE_DATA(1)->kswapd);
	assert_string_equal(NODE_DATA(0)->kswapd->comm, "kswapd0");
	assert_string_equal(NODE_DATA(1)->kswapd->comm, "kswapd1");
	sim_run(NSEC_PER_SEC);
	machine_teardown(&m);
	scenario_free(sc);
}

/* nodes = 2 on x86 or with one CPU is refused at parse time, file:line. */
static void test_scenario_nodes_checked(void **state)
{
	static const char text[] =
		"[machine]\narch = x86\nmem = 256M\ncpus = 2\nnodes = 2\n"
		"[task idle]\nprogram = sleeper\n";
	static const char text2[] =
		"[machine]\nmem = 256M\ncpus = 1\nnodes = 2\n"
		"[task idle]\nprogram = sleeper\n";
	struct scenario_error err;

	(void)state;
	assert_null(scenario_parse_buffer(text, strlen(text), "n.ini", NULL, &err));
	assert_non_null(strstr(err.msg, "n.ini:5"));
	assert_non_null(strstr(err.msg, "x86_64"));
	assert_null(scenario_parse_buffer(text2, strlen(text2), "n.ini", NULL, &err));
	assert_non_null(strstr(err.msg, "cpus"));
}

/* ---- /proc ------------------------------------------------------------ */

static char *capture(const char *name)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	proc_show(name, f);
	fclose(f);
	return buf;
}

static int count_lines_with(const char *text, const char *needle)
{
	int n = 0;

	for (const char *p = text; (p = strstr(p, needle)); p++)
		n++;
	return n;
}

static void test_proc_per_node(void **state)
{
	char *zi, *bi, *pti, *vm;
	long free_sum = 0;
	struct zone *zone;

	(void)state;
	boot(16384, 2, 2);
	zi = capture("zoneinfo");
	bi = capture("buddyinfo");
	pti = capture("pagetypeinfo");
	vm = capture("vmstat");
	assert_non_null(strstr(zi, "Node 0, zone      DMA\n"));
	assert_non_null(strstr(zi, "Node 0, zone   Normal\n"));
	assert_non_null(strstr(zi, "Node 1, zone   Normal\n"));
	/* Four populated zones: DMA, DMA32, Normal on node 0, Normal on 1. */
	assert_int_equal(count_lines_with(zi, "\n  pages free"), 4);
	assert_non_null(strstr(bi, "Node 1, zone   Normal "));
	assert_int_equal(count_lines_with(bi, "Node "), 4);
	/* pagetypeinfo repeats per node, as pagetypeinfo_show does. */
	assert_int_equal(count_lines_with(pti, "Page block order:"), 2);
	assert_non_null(strstr(pti, "Node    1, zone   Normal, type      Movable "));
	assert_non_null(strstr(pti, "Node 1, zone   Normal "));
	/* /proc/vmstat's nr_free_pages is the sum over every node's zones. */
	for_each_populated_zone(zone)
		free_sum += zone_page_state(zone, NR_FREE_PAGES);
	char want[64];

	snprintf(want, sizeof(want), "nr_free_pages %ld\n", free_sum);
	assert_non_null(strstr(vm, want));
	assert_int_equal(global_page_state(NR_FREE_PAGES), free_sum);
	free(zi);
	free(bi);
	free(pti);
	free(vm);
	teardown();
}

/* An allocation failure on a 2-node machine: show_mem lists every
 * node's zones, each with its "Node N " prefix. */
static void test_alloc_failure_report_per_node(void **state)
{
	struct kstate_log *log;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	boot(512, 2, 2);
	alloc_failures_reset();
	record_alloc_failure(GFP_ATOMIC, 2);
	assert_int_equal(alloc_failure_count(), 1);
	f = open_memstream(&buf, &len);
	assert_non_null(f);
	log = kstate_log_take();
	kern_log_alloc_failure(f, log, alloc_failure_get(0), NULL);
	kstate_log_free(log);
	fclose(f);
	assert_non_null(strstr(buf, "Node 0 DMA per-cpu:"));
	assert_non_null(strstr(buf, "Node 0 DMA32 free:"));
	assert_non_null(strstr(buf, "Node 1 DMA32 free:"));
	assert_non_null(strstr(buf, "Node 1 DMA32: "));
	/* lib/show_mem counts every valid pfn of both nodes: 65536 each. */
	assert_non_null(strstr(buf, "\n131072 pages RAM"));
	free(buf);
	alloc_failures_reset();
	teardown();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_node_layout),
		cmocka_unit_test(test_small_nodes_have_dma32),
		cmocka_unit_test(test_bad_node_counts_refused),
		cmocka_unit_test(test_node_order_zonelists),
		cmocka_unit_test(test_zone_order_zonelists),
		cmocka_unit_test(test_fallback_to_remote_node),
		cmocka_unit_test(test_alloc_on_local_node),
		cmocka_unit_test(test_kswapd_woken_per_node),
		cmocka_unit_test(test_machine_kswapd_per_node),
		cmocka_unit_test(test_scenario_nodes_checked),
		cmocka_unit_test(test_proc_per_node),
		cmocka_unit_test(test_alloc_failure_report_per_node),
	};

	return cmocka_run_group_tests_name("numa", tests, NULL, NULL);
}
