#!/bin/sh
# make bench-scale: the x86-64 reproduction scaled to 512M, 2G, 8G and 64G
# (bench/scale/scale-*.ini), one run each, pinned to one core, under GNU
# time -v.  Prints a markdown table for bench/RESULTS.md: wall and CPU
# time, peak RSS, pages touched (every page the allocator handed out:
# the sum of /proc/vmstat's pgalloc_* at the end) and the cost per page
# touched, so that growth worse than linear shows as rising last columns.
# CPU time (user+sys) is the column to read on a shared host: wall time
# there includes waiting for the core.
#
#   scripts/bench-scale.sh [BUILD] [SIZES]   e.g. build/release "512M 2G"
build=${1:-build/release}
sizes=${2:-${SCALE_SIZES:-512M 2G 8G 64G}}
mmsim=$build/mmsim
one=""
command -v taskset >/dev/null && one="taskset -c 0"
[ -x /usr/bin/time ] || { echo "bench-scale: needs GNU time (/usr/bin/time)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "date:    $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "machine: $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1), $(nproc) CPUs, $(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo) RAM"
echo "load:    $(uptime | sed 's/.*load average: *//') (1, 5, 15 min)"
echo "commit:  $(git rev-parse --short HEAD 2>/dev/null)$(git diff --quiet HEAD 2>/dev/null || echo ' (dirty)')"
echo
echo "| scenario | simulated pages | simulated time | wall | user+sys | peak RSS | RSS per simulated page | pages touched | wall per 1M pages touched | CPU per 1M pages touched |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
status=0
for size in $sizes; do
	f=bench/scale/scale-$size.ini
	[ -f "$f" ] || { echo "bench-scale: no $f" >&2; status=2; continue; }
	if ! $one /usr/bin/time -v -o "$tmp/t" "$mmsim" run "$f" --vmstat >"$tmp/out" 2>"$tmp/err"; then
		echo "bench-scale: $f failed: $(tail -1 "$tmp/err")" >&2
		status=1
		continue
	fi
	wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$tmp/t" |
		awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
	user=$(sed -n 's/.*User time (seconds): //p' "$tmp/t")
	sys=$(sed -n 's/.*System time (seconds): //p' "$tmp/t")
	rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$tmp/t")
	sim=$(sed -n 's/^simulated \([0-9.]*\)s in.*/\1/p' "$tmp/out")
	touched=$(awk '/^pgalloc_/ { s += $2 } END { print s + 0 }' "$tmp/out")
	mem=$(sed -n 's/^mem *= *\([0-9]*\)\([MG]\).*/\1 \2/p' "$f" |
		awk '{ print $2 == "G" ? $1 * 262144 : $1 * 256 }')
	awk -v f="$(basename "$f" .ini)" -v w="$wall" -v u="$user" -v s="$sys" \
	    -v r="$rss" -v sim="$sim" -v t="$touched" -v m="$mem" 'BEGIN {
		printf "| %s | %d | %.0f s | %.2f s | %.2f s | %.1f MiB | %.1f B | %d | %.3f s | %.3f s |\n",
		       f, m, sim, w, u + s, r / 1024, r * 1024 / m, t,
		       t ? w / (t / 1e6) : 0, t ? (u + s) / (t / 1e6) : 0 }'
done
exit $status
