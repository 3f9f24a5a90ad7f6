// SPDX-License-Identifier: GPL-2.0
/*
 * The scheduler's per-version settings (kernel/sched.c, kernel/sched_fair.c,
 * kernel/sched_features.h, include/linux/topology.h of 2.6.30-2.6.32).
 * The engine runs CFS and the sched domains (src/sim/sched.c and
 * sched_fair.c); the running profile's kernel gives it its tunables and
 * its placement and balancing rules.
 */
#include "linux/sched.h"
#include "mmsim/profile.h"

/*
 * sysctl_sched_latency, _min_granularity and _wakeup_granularity as
 * kernel/sched_fair.c initialises them (20, 4, 5 ms in 2.6.30/31; 5, 1,
 * 1 ms since 172e082a, 2.6.32-rc1), which sched_init_granularity()
 * multiplies by 1 + ilog2(num_online_cpus()) at boot (the engine does),
 * and place_entity()'s sleeper credit: NEW_FAIR_SLEEPERS' whole
 * sched_latency, or GENTLE_FAIR_SLEEPERS' half (51e0304c, 2.6.32-rc1).
 *
 * Placement and balancing (docs/model.md, "Engine"): select_task_rq_fair()'s
 * rule (wake_placement), the domains with SD_BALANCE_NEWIDLE
 * (newidle_domains), the MC domain's wake_idx and forkexec_idx
 * (sd_wake_idx), the buddies (buddies) and 2.6.32.2's newidle rate
 * limit (newidle_rate_limit).
 */
void sched_profile_config(struct sim_config *cfg)
{
	static const enum sim_wake_placement wake[] = {
		[WAKE_AFFINE_BALANCE] = SIM_WAKE_AFFINE_BALANCE,
		[WAKE_AFFINE] = SIM_WAKE_AFFINE,
		[WAKE_AFFINE_IDLE] = SIM_WAKE_AFFINE_IDLE,
	};
	static const enum sim_buddies buddies[] = {
		[BUDDIES_NEXT_LAST] = SIM_BUDDIES_NEXT_LAST,
		[BUDDIES_LAST] = SIM_BUDDIES_LAST,
		[BUDDIES_LAST_SCALED] = SIM_BUDDIES_LAST_SCALED,
	};

	cfg->sched.latency = kprofile_get(sched_latency_ns);
	cfg->sched.min_granularity = kprofile_get(sched_min_gran_ns);
	cfg->sched.wakeup_granularity = kprofile_get(sched_wakeup_gran_ns);
	cfg->sched.full_sleeper_credit =
		kprofile_get(sleeper_credit) == SLEEPER_CREDIT_LATENCY;
	cfg->sched.wake_placement = wake[kprofile_get(wake_placement)];
	cfg->sched.newidle_smt_only = kprofile_get(newidle_domains) == NEWIDLE_SMT;
	cfg->sched.mc_wake_idx = kprofile_get(sd_wake_idx);
	cfg->sched.buddies = buddies[kprofile_get(buddies)];
	cfg->sched.newidle_rate_limit = kprofile_get(newidle_rate_limit);
}
