#!/bin/sh
# The training run of a profile-guided build (make pgo): run the
# instrumented mmsim of BUILD on the default reproduction of both
# architectures.  Each object's counts go to a .gcda file beside it, where
# the second stage's gcc -fprofile-use reads them.
set -e
build=${1:?usage: pgo-train.sh BUILD}
find "$build" -name '*.gcda' -exec rm -f {} +
echo "pgo: training $build/mmsim (the default run, and 300 s of the x86 one)"
"$build/mmsim" run >/dev/null
"$build/mmsim" run --arch x86 --time 300s >/dev/null
n=$(find "$build" -name '*.gcda' | wc -l)
[ "$n" -gt 0 ] || { echo "pgo: the training wrote no profile" >&2; exit 1; }
echo "pgo: $n object profiles written"
