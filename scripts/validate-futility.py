#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""What mmsim validate's futility rules at the first look cost in power.

A comparison a claim needs (mean(a) < mean(b), Welch, two-sided alpha
0.05 at the last look) is looked at after 5 of 10 seeds a condition, as
`mmsim validate --seeds 10` does.  Its claim fails there, for futility,
when the comparison points the wrong way (Wieand, Schroeder and
O'Fallon, Statistics in Medicine 13, 1994) or when it points the right
way but its conditional power at 10 seeds under the difference seen is
below 0.1 (src/experiment/validate_claims.c cannot_hold(),
src/metrics/stats.c stats_conditional_power()).  Efficacy stops at the
first look are left out: they do not change whether a difference is
missed.

Runs are normal with the same sd both sides; differences are in sd
units.  Prints, per difference: the fixed 10-seed test's power, the
share stopped by each rule, the share of those the fixed test would have
found (lost), and the power left.  Needs python3-scipy (Debian); the
draws are seeded, so the output is the same every time.

    scripts/validate-futility.py [REPS]
"""
import sys

import numpy as np
from scipy import stats

ALPHA = 0.05
N = 10
LOOK = 5
GAMMA = 0.1


def main():
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    z = stats.norm.ppf(1 - ALPHA / 2)
    print("diff_sd fixed_power wrong_way (lost) cannot_hold (lost) power_left")
    for delta in (0.0, 0.9, 1.32, 1.6):
        rng = np.random.default_rng(20091112)
        b = rng.normal(delta, 1, (reps, N))
        a = rng.normal(0, 1, (reps, N))
        fixed = wrong = lost_w = cp_stop = lost_cp = 0
        for i in range(reps):
            p = stats.ttest_ind(a[i], b[i], equal_var=False).pvalue
            holds = p < ALPHA and a[i].mean() < b[i].mean()
            fixed += holds
            m = b[i, :LOOK].mean() - a[i, :LOOK].mean()
            if not m > 0:
                wrong += 1
                lost_w += holds
                continue
            v = a[i, :LOOK].var(ddof=1) + b[i, :LOOK].var(ddof=1)
            half = z * np.sqrt(v / N)
            sd = np.sqrt((N - LOOK) * v) / N
            cp = stats.norm.cdf((m - half) / sd) + \
                stats.norm.cdf((-m - half) / sd)
            if cp < GAMMA:
                cp_stop += 1
                lost_cp += holds
        print(f"{delta:.2f} {fixed / reps:.3f} {wrong / reps:.3f} "
              f"({lost_w / reps:.4f}) {cp_stop / reps:.3f} "
              f"({lost_cp / reps:.4f}) {(fixed - lost_w - lost_cp) / reps:.3f}")


if __name__ == "__main__":
    main()
