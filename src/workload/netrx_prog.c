// SPDX-License-Identifier: GPL-2.0
/*
 * netrx: a network interface receiving one TCP stream: the far side
 * sends at a bandwidth limit (netrx.c), the card's driver refills its RX
 * ring with GFP_ATOMIC socket buffers from softirq context (the kernel's
 * src/kernel/drivers/net/simnic.c), and a reader (a music task naming
 * this one with net = NAME) takes packets off the socket.
 *
 * force-highorder, the cover letter's "network receive always results in
 * an order-2 allocation": the patch is not published; the two natural
 * ways to write it are (rx_buffer = kmalloc, the default) to make the
 * driver ask for 8448 bytes of skb data, iwlagn's 8K AMSDU buffer, which
 * SLUB's kmalloc sends to the page allocator as an order-2 compound page
 * (mode 0x4020, the failing allocations of the reports that led to the
 * series; under SLAB an order-2 size-16384 slab), and (rx_buffer =
 * pages) to receive into an order-2 page fragment with a small header
 * skb.  The first is the default: it is one line in the generic
 * allocation path and reproduces the reported failures' mode.  Without
 * force-highorder the buffer is an MTU-1500 e1000e one (1524 bytes:
 * kmalloc-4096 on x86-64, kmalloc-2048 on x86).  docs/workloads.md and
 * docs/model.md, "Slab", have the sizes.
 *
 * It is a device: it is never finished, unless a total is given, when it
 * is finished once the sender has sent it all and the socket is drained.
 */
#include <stdlib.h>
#include <string.h>
#include "program.h"
#include "netrx.h"
#include "net/tcp.h"
#include "util/xalloc.h"

static const char *const netrx_driver_names[] = { "generic", "iwlagn", NULL };

static const char *const netrx_rx_buffer_names[] = { "kmalloc", "pages", NULL };

struct netrx_prog_params {
	int rx_buffer;
	bool rx_buffer_given;		/* set by validate: key present */
	uint64_t rx_len;
	bool rx_len_given;
	int order;
	bool order_given;		/* set by validate: key present */
	int ring;
	uint64_t payload;
	uint64_t bwlimit;
	uint64_t rcvbuf;
	int driver;
	int cpu;
	uint64_t total;
	uint64_t irq_cost;
	uint64_t alloc_cost;
	uint64_t retransmit;
};

struct netrx_prog {
	struct program_counters c;
	struct netrx *nx;
	struct timer poll;		/* watches for the end of a total */
	struct workload *w;
};

/* How often a finite stream is checked for its end. */
#define NETRX_POLL_NS	(10 * NSEC_PER_MSEC)

static void netrx_poll(struct timer *t)
{
	struct netrx_prog *n = t->data;

	if (netrx_finished(n->nx)) {
		n->c.exited = true;
		workload_finish(n->w);
		return;
	}
	timer_add(t, sim_now() + NETRX_POLL_NS);
}

static int netrx_prog_start(struct workload *w)
{
	const struct netrx_prog_params *p = w->params;
	struct netrx_prog *n = xcalloc(1, sizeof(*n));
	struct netrx_params np;

	w->state = n;
	n->w = w;
	netrx_params_default(&np);
	/* An order given alone means a page fragment of that order. */
	np.nic.rx_buffer = p->rx_buffer_given ?
			   (enum simnic_rx_buffer)p->rx_buffer :
			   p->order_given ? SIMNIC_PAGES : SIMNIC_KMALLOC;
	/* Not given: the driver asks the profile (force-highorder). */
	np.nic.rx_len = p->rx_len_given ? (unsigned int)p->rx_len : 0;
	np.nic.order = p->order_given ? p->order : -1;
	np.nic.gfp = GFP_ATOMIC;
	np.nic.ring_size = (unsigned int)p->ring;
	np.payload = (unsigned int)p->payload;
	np.bwlimit = (unsigned long)p->bwlimit;
	np.nic.rcvbuf = (unsigned long)p->rcvbuf;
	/* The MSS: the payload and the timestamp option (tcp_connect_init's
	 * advmss). */
	np.nic.advmss = np.payload + TCPOLEN_TSTAMP_ALIGNED;
	np.nic.driver = p->driver ? SIMNIC_IWLAGN : SIMNIC_GENERIC;
	np.cpu = p->cpu;
	np.total_bytes = (unsigned long)p->total;
	np.nic.irq_cost = p->irq_cost;
	np.nic.alloc_cost = p->alloc_cost;
	np.retransmit_delay = p->retransmit;
	n->nx = netrx_create(&np);
	netrx_start(n->nx);
	timer_init(&n->poll, netrx_poll, n);
	if (p->total)
		timer_add(&n->poll, sim_now() + NETRX_POLL_NS);
	return 0;
}

static void netrx_prog_collect(struct workload *w, struct run_result *r)
{
	struct netrx_prog *n = w->state;
	const struct simnic_stats *s;
	const struct tcp_rcv_mib *mib;

	if (!n || !n->nx)
		return;
	s = simnic_stats(netrx_nic(n->nx));
	mib = &simnic_sock(netrx_nic(n->nx))->mib;
	result_add_uint(r, "packets_received", s->packets);
	result_add_uint(r, "packets_dropped", s->dropped);
	result_add_uint(r, "tcp_prune_called", mib->prune_called);
	result_add_uint(r, "tcp_rcv_pruned", mib->rcv_pruned);
	result_add_uint(r, "tcp_rcv_collapsed", mib->rcv_collapsed);
	result_add_uint(r, "tcp_rcv_dropped", mib->rmem_dropped);
	result_add_uint(r, "tcp_collapse_alloc_failures",
			mib->collapse_alloc_failures);
}

static struct measure packets_received_measure = {
	.name = "packets_received", .doc = "packets the netrx devices delivered "
	"to their sockets",
	.unit = "packets", .kind = MEASURE_COUNTER, .aggregate = AGGREGATE_MEAN,
	.json = "packets_received", .csv = "packets_received", .type = MT_UINT,
};
MEASURE_REGISTER(packets_received_measure);

static struct measure packets_dropped_measure = {
	.name = "packets_dropped", .doc = "packets that found the RX ring "
	"empty (no buffer posted: a failed refill)",
	.unit = "packets", .kind = MEASURE_COUNTER, .aggregate = AGGREGATE_MEAN,
	.json = "packets_dropped", .csv = "packets_dropped", .type = MT_UINT,
};
MEASURE_REGISTER(packets_dropped_measure);

/* The sockets' TCP counters (netstat -s's TcpExt names in the docs);
 * saved when not 0, so results saved before they existed read as 0. */
#define TCP_MEASURE(id, what)						\
static struct measure id##_measure = {					\
	.name = #id, .doc = what, .unit = "", .kind = MEASURE_COUNTER,	\
	.aggregate = AGGREGATE_MEAN, .json = #id, .csv = #id,		\
	.type = MT_UINT, .flags = MF_OMIT_EMPTY,			\
};									\
MEASURE_REGISTER(id##_measure)

TCP_MEASURE(tcp_prune_called, "times the netrx sockets' memory was over "
	    "sk_rcvbuf when a segment arrived: tcp_prune_queue (PruneCalled)");
TCP_MEASURE(tcp_rcv_pruned, "prunes that could not bring the memory under "
	    "sk_rcvbuf (RcvPruned)");
TCP_MEASURE(tcp_rcv_collapsed, "skbs tcp_collapse copied into compact ones "
	    "and freed (TCPRcvCollapsed)");
TCP_MEASURE(tcp_rcv_dropped, "segments tcp_data_queue dropped for lack of "
	    "receive memory (sent again after retransmit)");
TCP_MEASURE(tcp_collapse_alloc_failures, "GFP_ATOMIC skb allocations of "
	    "tcp_collapse that failed (the collapse stopped there)");

/* The counters the reports show. */
#define TCP_SHOWN(id, row, ord, what)					\
MEASURE_SHOWN(id, .name = row, .order = ord, .doc = "TCP " what,	\
	.unit = "", .kind = MEASURE_COUNTER, .of = #id,			\
	.title = "TCP " what, .group = "network receive",		\
	.precision = 2)

TCP_SHOWN(tcp_prune_called, "tcp-prune", 130,
	  "PruneCalled (receive memory over sk_rcvbuf)");
TCP_SHOWN(tcp_rcv_collapsed, "tcp-collapsed", 140,
	  "TCPRcvCollapsed (skbs copied and freed)");
TCP_SHOWN(tcp_rcv_dropped, "tcp-dropped", 150,
	  "segments dropped for receive memory");

static void netrx_prog_release(struct workload *w)
{
	struct netrx_prog *n = w->state;

	if (!n)
		return;
	timer_del(&n->poll);
	/* No netrx_stop(): the simulation is over, nobody may be woken. */
	if (n->nx)
		netrx_destroy(n->nx);
	free(n);
	w->state = NULL;
}

static int netrx_prog_validate(const struct scenario *sc,
			       struct scenario_task *task, void *params,
			       struct scenario_error *err)
{
	struct netrx_prog_params *p = params;
	/* Whether "order" was written: the default depends on the profile,
	 * which is only known at boot (--kernel may override the file's). */
	for (size_t i = 0; i < task->nr_kv; i++) {
		if (!strcmp(task->kv[i].key, "order"))
			p->order_given = true;
		if (!strcmp(task->kv[i].key, "rx_len"))
			p->rx_len_given = true;
		if (!strcmp(task->kv[i].key, "rx_buffer"))
			p->rx_buffer_given = true;
	}
	if (p->cpu >= sc->machine.cpus)
		return scenario_errorf(sc, task->line, err, "[task %s]: cpu %d "
				       "does not exist (the machine has %d CPUs: "
				       "0 to %d)", task->name, p->cpu,
				       sc->machine.cpus, sc->machine.cpus - 1);
	/* The window is tcp_win_from_space(sk_rcvbuf), 3/4 of it: below one
	 * segment the sender could never send a whole one.  (rcvbuf is at
	 * most 64 MiB: an int.) */
	if ((uint64_t)tcp_win_from_space((int)p->rcvbuf) < p->payload) {
		struct scenario_kv *kv = scenario_task_find(task, "rcvbuf");
		uint64_t least = p->payload;

		while ((uint64_t)tcp_win_from_space((int)least) < p->payload)
			least++;
		return scenario_errorf(sc, kv ? kv->line : task->line, err,
				       "[task %s]: rcvbuf (%llu bytes) offers a "
				       "window of %llu bytes, less than one payload "
				       "(%llu bytes) (at least %llu bytes: the "
				       "window is 3/4 of rcvbuf)", task->name,
				       (unsigned long long)p->rcvbuf,
				       (unsigned long long)
				       tcp_win_from_space((int)p->rcvbuf),
				       (unsigned long long)p->payload,
				       (unsigned long long)least);
	}
	return 0;
}

static const struct workload_ops netrx_ops;

struct netrx *netrx_program_device(const struct workload *w)
{
	const struct netrx_prog *n = w->state;

	return w->ops == &netrx_ops && n ? n->nx : NULL;
}

unsigned int netrx_program_order(const struct workload *w)
{
	const struct netrx_prog *n = w->state;

	return n && n->nx ? simnic_rx_buffer_order(netrx_nic(n->nx)) : 0;
}

#define P(field) PARAM_FIELD(struct netrx_prog_params, field)

static const struct param_spec netrx_params[] = {
	{ .key = "rx_buffer", .type = PARAM_ENUM,
	  .words = netrx_rx_buffer_names, P(rx_buffer),
	  .unset = "kmalloc, or pages when order is given",
	  .doc = "receive buffers: kmalloc (an skb of rx_len bytes: a head from "
		 "skbuff_head_cache, the data from kmalloc, above 8 KiB the "
		 "page allocator) or pages (a small skb and a page fragment of "
		 "order) [force-highorder's patch is unpublished: both ways "
		 "give order 2]" },
	{ .key = "rx_len", .type = PARAM_SIZE, .min = 1, .max = 65536,
	  P(rx_len),
	  .unset = "the profile's: 8448 with force-highorder (iwlagn's 8K "
		   "AMSDU buffer: an order-2 kmalloc), else 1524 (e1000e, MTU 1500)",
	  .doc = "bytes of skb data a kmalloc receive buffer asks for" },
	{ .key = "order", .type = PARAM_INT, .min = 0, .max = 10, P(order),
	  .unset = "the profile's: 2 with force-highorder, else 0",
	  .doc = "page fragment order of rx_buffer = pages [cover: "
		 "force-highorder made every receive order 2]" },
	{ .key = "ring", .type = PARAM_INT, .def = "256", .min = 1, .max = 65536,
	  P(ring),
	  .doc = "RX ring entries [iwlagn's RX_QUEUE_SIZE; e1000's default]" },
	{ .key = "payload", .type = PARAM_SIZE, .def = "1448B", .min = 1,
	  .max = 65536, P(payload),
	  .doc = "bytes per packet [a TCP segment on Ethernet: MTU 1500 less "
		 "IP, TCP and timestamp headers]" },
	{ .key = "bwlimit", .type = PARAM_SIZE, .def = "40K", .min = 1,
	  .max = 1ULL << 30, P(bwlimit),
	  .doc = "the sender's bytes per second, rsync --bwlimit [assumed: a "
		 "320 kbit/s music stream; the letter does not state it]" },
	{ .key = "rcvbuf", .type = PARAM_SIZE, .def = "256K", .min = 1,
	  .max = 64 << 20, P(rcvbuf),
	  .doc = "the socket's sk_rcvbuf, locked as SO_RCVBUF sets it: bytes of "
		 "skb truesize (buffer and head, not payload) the receive queue "
		 "holds before TCP prunes and collapses it; the window offers "
		 "3/4 of what is free [assumed: between tcp_rmem's 87380 "
		 "default and its tuned maximum]" },
	{ .key = "driver", .type = PARAM_ENUM, .def = "generic",
	  .words = netrx_driver_names, P(driver),
	  .doc = "generic reports every failed refill; iwlagn adds __GFP_NOWARN "
		 "while more than 8 buffers are posted [bug 14141; the 2009 "
		 "test patched the generic skbuff path]" },
	{ .key = "cpu", .type = PARAM_INT, .def = "0", .min = 0,
	  .max = SIM_MAX_CPUS - 1, P(cpu),
	  .doc = "CPU taking the NIC interrupt [assumed: no irqbalance]" },
	{ .key = "total", .type = PARAM_SIZE, .def = "0", .min = 0,
	  .max = INT64_MAX, P(total),
	  .doc = "bytes the sender sends, then stops; 0: forever" },
	{ .key = "irq_cost", .type = PARAM_TIME, .def = "5us", .min = 0,
	  .max = NSEC_PER_MSEC, P(irq_cost),
	  .doc = "softirq CPU per packet received [assumed]" },
	{ .key = "alloc_cost", .type = PARAM_TIME, .def = "1us", .min = 0,
	  .max = NSEC_PER_MSEC, P(alloc_cost),
	  .doc = "softirq CPU per receive buffer allocated [assumed]" },
	{ .key = "retransmit", .type = PARAM_TIME, .def = "200ms",
	  .min = NSEC_PER_MSEC, .max = 60 * NSEC_PER_SEC, P(retransmit),
	  .doc = "a dropped packet is sent again after this [TCP_RTO_MIN]" },
};

static const struct workload_ops netrx_ops = {
	.name = "netrx",
	.summary = "NIC receive ring refilled with GFP_ATOMIC socket buffers "
		   "from softirq, fed by a paced sender",
	.order = 30,
	.params = netrx_params,
	.nr_params = ARRAY_SIZE(netrx_params),
	.params_size = sizeof(struct netrx_prog_params),
	.validate = netrx_prog_validate,
	.start = netrx_prog_start,
	.collect = netrx_prog_collect,
	.release = netrx_prog_release,
};
WORKLOAD_REGISTER(netrx_ops);
