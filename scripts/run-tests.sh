#!/bin/sh
# Run every test program, TEST_JOBS at a time (default: the number of
# CPUs); each is a cmocka group.  A program's output is printed whole, in
# the order given, once it has finished, so outputs never interleave.
# The closing line is "N passed, N failed, N skipped" over all test cases;
# the exit status is non-zero on any failure.  A skipped test is one whose
# tool is missing (trace-cmd, chromium, ...): its reason is printed by the
# test and listed again above the closing line.  The slowest programs of
# the last run (BUILD/test-times) start first, so that the long ones do
# not finish last.
build=$1; shift
jobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 2)}
times=$build/test-times
dir=$(mktemp -d "${TMPDIR:-/tmp}/mmsim-tests.XXXXXX") || exit 2
trap 'rm -rf "$dir"' EXIT INT TERM

# "seconds index program", slowest first (unknown programs first of all).
i=0
for t in "$@"; do
	i=$((i + 1))
	s=$(awk -v t="${t##*/}" '$2 == t { print $1 }' "$times" 2>/dev/null)
	echo "${s:-999} $i $t"
done | sort -k1,1nr -k2,2n | while read -r s i t; do
	echo "$i $t"
done | xargs -n 2 -P "$jobs" sh -c '
	start=$(date +%s%N)
	"$2" >"$0/$1.out" 2>&1
	echo $? >"$0/$1.rc"
	echo "$(( ($(date +%s%N) - start) / 1000000 ))" >"$0/$1.ms"
' "$dir"

passed=0; failed=0; skipped=0; broken=""; reasons=""; : >"$dir/times"
count() {
	sed -n "s/^\[ *$1 *\] \([0-9]*\) test.*/\1/p" "$2" | awk '{s+=$1} END {print s+0}'
}
i=0
for t in "$@"; do
	i=$((i + 1))
	out=$dir/$i.out
	rc=$(cat "$dir/$i.rc" 2>/dev/null || echo 127)
	cat "$out"
	p=$(count PASSED "$out"); f=$(count FAILED "$out"); k=$(count SKIPPED "$out")
	passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + k))
	if [ "$k" -gt 0 ]; then
		r=$(sed -n 's/^SKIP: //p' "$out")
		[ -n "$r" ] && reasons="$reasons
$r"
	fi
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		failed=$((failed + 1)); broken="$broken $t"
	fi
	ms=$(cat "$dir/$i.ms" 2>/dev/null || echo 0)
	echo "$((ms / 1000)).$(printf %03d $((ms % 1000))) ${t##*/}" >>"$dir/times"
done
cp "$dir/times" "$times" 2>/dev/null
[ -n "$broken" ] && echo "crashed or exited non-zero:$broken"
if [ "$skipped" -gt 0 ]; then
	echo "skipped:"
	printf '%s\n' "$reasons" | sed '/^$/d; s/^/  /'
fi
# Missing optional tools again, just above the closing line.
"$(dirname "$0")/optional-deps.sh"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
