#!/bin/sh
# Run every benchmark program of a build (build/release by default), with
# the machine and date first, so the output can go into bench/RESULTS.md
# as it is.  Benchmarks use wall-clock time: run on an idle machine.
build=${1:-build/release}
echo "date:    $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "machine: $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(nproc) CPUs"
echo "build:   $build ($(${CC:-cc} --version | head -1))"
echo
status=0
for b in "$build"/bench/*; do
	[ -x "$b" ] && [ -f "$b" ] || continue
	echo "== $(basename "$b")"
	"$b" || status=1
done
exit $status
