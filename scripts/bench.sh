#!/bin/sh
# Run every benchmark program of a build (build/release by default), then
# time the mmsim binary itself as a user runs it, with the machine and date
# first, so the output can go into bench/RESULTS.md as it is.  Benchmarks
# use wall-clock time: run on an idle machine (the load average is printed).
build=${1:-build/release}
mmsim=$build/mmsim
reps=${BENCH_REPS:-3}
echo "date:    $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "machine: $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(nproc) CPUs"
echo "load:    $(uptime | sed 's/.*load average: *//') (1, 5, 15 min)"
echo "commit:  $(git rev-parse --short HEAD 2>/dev/null)$(git diff --quiet HEAD 2>/dev/null || echo ' (dirty)')"
echo "build:   $build ($(${CC:-cc} --version | head -1))"
echo
status=0
for b in "$build"/bench/*; do
	[ -x "$b" ] && [ -f "$b" ] || continue
	echo "== $(basename "$b")"
	"$b" || status=1
done

# One core: taskset when present, so a run cannot spread over both CPUs.
one=""
command -v taskset >/dev/null && one="taskset -c 0"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# time_run NAME ARGS...: best of $reps runs by wall time, with user+sys CPU
# and peak RSS (GNU time -v), and the simulated time from the output.
time_run() {
	name=$1
	shift
	best=""
	for i in $(seq "$reps"); do
		if [ -x /usr/bin/time ]; then
			$one /usr/bin/time -v -o "$tmp/t" "$mmsim" run "$@" >"$tmp/out" 2>/dev/null ||
				{ status=1; return; }
			wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$tmp/t" |
				awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
			user=$(sed -n 's/.*User time (seconds): //p' "$tmp/t")
			sys=$(sed -n 's/.*System time (seconds): //p' "$tmp/t")
			rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$tmp/t")
		else
			t0=$(date +%s.%N)
			$one "$mmsim" run "$@" >"$tmp/out" 2>/dev/null || { status=1; return; }
			wall=$(awk "BEGIN { print $(date +%s.%N) - $t0 }")
			user="?" sys="?" rss="?"
		fi
		sim=$(sed -n 's/^simulated \([0-9.]*\)s in.*/\1/p' "$tmp/out")
		if [ -z "$best" ] || awk "BEGIN { exit !($wall < $best) }"; then
			best=$wall
			line=$(awk -v n="$name" -v w="$wall" -v u="$user" -v s="$sys" \
				-v r="$rss" -v sim="$sim" -v k="$reps" 'BEGIN {
				printf "%-30s wall %6.2f s  user %6.2f s  sys %5.2f s  " \
				       "sim/wall %5.0fx  peak RSS %6.1f MiB  (best of %d)\n",
				       n, w, u, s, sim / w, r / 1024, k }')
		fi
	done
	echo "$line"
}

echo
echo "== mmsim run, one core ($one; target: wall <= 1 s, sim/wall >= 500x)"
time_run "run (x86_64)"
time_run "run --arch x86" --arch x86
reps=1 time_run "run --check (x86_64)" --check

# The target: 13 kernels x 5 seeds in under 60 s on 2 cores.  `mmsim compare`
# when this build has it; otherwise the same 65 runs of `mmsim run` two at a
# time, as a proxy.
echo
kernels=$("$mmsim" profiles | awk '/^Rows/ { on = 1; next } /^$/ { if (n) exit; next }
	on && /^[0-9]/ { print $1; n++ }')
if "$mmsim" help 2>/dev/null | grep -q '^ *compare '; then
	echo "== mmsim compare (default: 13 kernels x 5 seeds, target < 60 s on 2 cores)"
	t0=$(date +%s.%N)
	"$mmsim" compare --out "$tmp/report" >/dev/null 2>&1 || status=1
else
	echo "== no 'mmsim compare' in this build: proxy, 13 kernels x 5 seeds of 'mmsim run', xargs -P2 (target < 60 s)"
	t0=$(date +%s.%N)
	for k in $kernels; do
		for s in 1 2 3 4 5; do
			echo "$k $s"
		done
	done | xargs -P2 -n2 sh -c '"$0" run --kernel "$1" --seed "$2" >/dev/null 2>&1' "$mmsim" ||
		status=1
fi
echo "$(echo "$kernels" | wc -l) kernels x 5 seeds: $(awk "BEGIN { printf \"%.1f\", $(date +%s.%N) - $t0 }") s wall"
exit $status
