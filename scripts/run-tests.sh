#!/bin/sh
# Run every test program; each is a cmocka group.  Print one closing line
# "N passed, N failed, N skipped" over all test cases and exit non-zero on
# any failure.  A skipped test is one whose tool is missing (trace-cmd,
# chromium, ...): its reason is printed by the test and listed again here.
build=$1; shift
passed=0; failed=0; skipped=0; broken=""; reasons=""
for t in "$@"; do
	out=$("$t" 2>&1); rc=$?
	printf '%s\n' "$out"
	count() {
		printf '%s\n' "$out" | sed -n "s/^\[ *$1 *\] \([0-9]*\) test.*/\1/p" |
			awk '{s+=$1} END {print s+0}'
	}
	p=$(count PASSED); f=$(count FAILED); s=$(count SKIPPED)
	passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + s))
	if [ "$s" -gt 0 ]; then
		r=$(printf '%s\n' "$out" | sed -n 's/^SKIP: //p')
		[ -n "$r" ] && reasons="$reasons
$r"
	fi
	if [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then
		failed=$((failed + 1)); broken="$broken $t"
	fi
done
[ -n "$broken" ] && echo "crashed or exited non-zero:$broken"
if [ "$skipped" -gt 0 ]; then
	echo "skipped:"
	printf '%s\n' "$reasons" | sed '/^$/d; s/^/  /'
fi
# Missing optional tools again, just above the closing line.
"$(dirname "$0")/optional-deps.sh"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
