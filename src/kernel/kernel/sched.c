// SPDX-License-Identifier: GPL-2.0
/*
 * The scheduler's per-version settings (kernel/sched.c, kernel/sched_fair.c,
 * kernel/sched_features.h of 2.6.30-2.6.32).  The engine runs CFS
 * (src/sim/sched.c); the running profile's kernel gives it its tunables.
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
 */
void sched_profile_config(struct sim_config *cfg)
{
	cfg->sched.latency = kprofile_get(sched_latency_ns);
	cfg->sched.min_granularity = kprofile_get(sched_min_gran_ns);
	cfg->sched.wakeup_granularity = kprofile_get(sched_wakeup_gran_ns);
	cfg->sched.full_sleeper_credit =
		kprofile_get(sleeper_credit) == SLEEPER_CREDIT_LATENCY;
}
