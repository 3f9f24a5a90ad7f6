#!/bin/sh
# The golden run: one short run with every text output mmsim writes (the
# run's text with --vmstat, --meminfo, --slabinfo and --explain, the
# kern.log, ftrace text, the JSON result, two /proc monitors), written
# into DIR with what depends on the host's clock taken out (the "in N s
# of wall time" line, the JSON's wall_seconds).  tests/test_golden.c
# compares a fresh one with tests/data/golden/; after a change meant to
# alter a run, `make golden` writes the new copy (review its diff).
#
# usage: scripts/golden.sh MMSIM DIR
set -eu
mmsim=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") dir=$2
mkdir -p "$dir"
cd "$dir"
"$mmsim" run --kernel 2.6.32-rc6-0000000-force-highorder --seed 1 --time 20s \
	--kern-log kern.log --trace trace.txt \
	--events mm_vmscan_kswapd_wake,mm_vmscan_kswapd_sleep \
	--vmstat --meminfo --slabinfo --explain --json run.json.tmp \
	--monitor vmstat,buddyinfo --monitor-interval 5s --monitor-dir mon \
	> run.txt.tmp
sed '/^simulated [0-9.]*s in [0-9.]*s of wall time$/d' run.txt.tmp > run.txt
sed 's/"wall_seconds":[-+0-9.eE]*,//' run.json.tmp > run.json
rm -f run.txt.tmp run.json.tmp
