#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""What mmsim bisect's stopping rules cost in power and save in seeds.

One way of a flip (A with a switch at B's value against A, or B against
B with it at A's) is an interval mean(x) - mean(y), Welch, over the same
seeds each side.  It is looked at after 4 and 8 of N = 10 seeds, as
`mmsim bisect --seeds 10` does (stages 2, 4, 8, 10; nothing is decided
at 2), each way on its own.  It stops when decided (p < alpha: it
excludes zero) or, with futility, when its conditional power at 10
seeds under the effect seen is below gamma (src/metrics/stats.c
stats_conditional_power(), the normal bound z x sqrt(v / N)).  The band
(an interval within +-10% of |B - A|) is left out: it only adds ways to
stop, and where the runs' spread is as wide as the reproduction's no
interval reaches it.  "matched" is that rule; "all" sets the flip's
first n seeds against all N of its kernel's, which ran first: more
power for fewer seeds with independent runs, as here, but not used,
because a seed that decides much of a run (rc6's failures) makes every
flip's first seeds differ from all of its kernel's alike
(bench/RESULTS.md).

Runs are normal with the same sd both sides; effects are in sd units.
Prints, per rule, effect and gamma: the fixed 10-seed test's power, the
power with the stopping rules, the share stopped as futile, and the mean
seeds the flipped side ran.  Needs python3-scipy (Debian); the draws are
seeded, so the output is the same every time.

    scripts/futility-power.py [REPS]
"""
import sys

import numpy as np
from scipy import stats

ALPHA = 0.05
N = 10
LOOKS = (4, 8)


def welch(x, y):
    vx, vy = x.var(ddof=1), y.var(ddof=1)
    p = stats.ttest_ind(x, y, equal_var=False).pvalue
    return x.mean() - y.mean(), p, vx, vy


def conditional_power(m, v_run, se_end, n):
    half = stats.norm.ppf(1 - ALPHA / 2) * se_end
    sd = np.sqrt((N - n) * v_run) / N
    return stats.norm.cdf((m - half) / sd) + stats.norm.cdf((-m - half) / sd)


def one(rng, delta, gamma, matched):
    x = rng.normal(delta, 1, N)
    y = rng.normal(0, 1, N)
    fixed = welch(x, y)[1] < ALPHA
    for n in LOOKS:
        m, p, vx, vy = welch(x[:n], y[:n] if matched else y)
        if p < ALPHA:
            return fixed, True, False, n
        v_run = vx + vy if matched else vx
        se_end = np.sqrt((vx + vy) / N)
        if gamma > 0 and conditional_power(m, v_run, se_end, n) < gamma:
            return fixed, False, True, n
    return fixed, fixed, False, N


def main():
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    # 1.32 sd: the effect the fixed 10-seed Welch test finds 80% of the
    # time (two-sided, alpha 0.05).
    print("rule effect_sd gamma fixed_power power futile mean_seeds")
    for matched in (True, False):
        for delta in (0.0, 0.9, 1.32):
            for gamma in (0.0, 0.1):
                rng = np.random.default_rng(20091112)
                tot = np.zeros(4)
                for _ in range(reps):
                    tot += one(rng, delta, gamma, matched)
                f, s, fu, seeds = tot / reps
                rule = "matched" if matched else "all"
                print(f"{rule} {delta:.2f} {gamma:.2f} {f:.3f} {s:.3f} "
                      f"{fu:.3f} {seeds:.2f}")


if __name__ == "__main__":
    main()
