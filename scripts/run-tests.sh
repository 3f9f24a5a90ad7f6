#!/bin/sh
# Run every test program, TEST_JOBS at a time (default: the number of
# CPUs); each is a cmocka group.  Each program prints one progress line as
# it ends (result, name, seconds, its cases passed and failed); once all
# have ended, the output of every program that failed, crashed or skipped
# is printed whole (TEST_VERBOSE=1: every program's), so outputs never
# interleave.
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

# "seconds index program", slowest first (unknown programs first of all,
# in the order given: make test gives the slow group first, so that a
# fresh tree's long programs do not start last).
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
	rc=$?
	echo $rc >"$0/$1.rc"
	ms=$(( ($(date +%s%N) - start) / 1000000 ))
	echo "$ms" >"$0/$1.ms"
	# The progress line, printed as the program ends (one short write,
	# so lines of parallel programs never mix).
	n=$(sed -n "s/^\[ *PASSED *\] \([0-9]*\) test.*/\1/p" "$0/$1.out" | awk "{s+=\$1} END {print s+0}")
	f=$(sed -n "s/^\[ *FAILED *\] \([0-9]*\) test.*/\1/p" "$0/$1.out" | awk "{s+=\$1} END {print s+0}")
	k=$(sed -n "s/^\[ *SKIPPED *\] \([0-9]*\) test.*/\1/p" "$0/$1.out" | awk "{s+=\$1} END {print s+0}")
	if [ $rc -ne 0 ] || [ "$f" -gt 0 ]; then r=FAILED
	elif [ "$k" -gt 0 ]; then r=skipped; else r=ok; fi
	printf "%-7s %-28s %4d.%01ds  %s passed, %s failed, %s skipped\n" \
		"$r" "${2##*/}" $((ms / 1000)) $((ms % 1000 / 100)) "$n" "$f" "$k"
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
	# A program that failed, crashed or skipped is printed whole, after
	# the progress lines; a passing one only by its line
	# (TEST_VERBOSE=1: every program whole).
	if [ "$rc" -ne 0 ] || [ "$f" -gt 0 ] || [ "$k" -gt 0 ] ||
	   [ -n "${TEST_VERBOSE:-}" ]; then
		echo "---- ${t##*/} ----"
		cat "$out"
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
