#!/bin/sh
# README.md's sample outputs, from what the binary prints now.  A sample
# is the block between
#   <!-- sample: COMMAND -->
#   <!-- end of sample -->
# and is COMMAND's standard output in a ```text fence.  COMMAND is run
# with sh in a fresh directory holding ./mmsim, the binary given; keep it
# cheap (`| head -N`, or a stated --time), since `make test` runs it.
#   scripts/readme.sh MMSIM           write README.md anew (make readme)
#   scripts/readme.sh MMSIM --check   exit 1, with a diff, if README.md's
#                                     samples are not what MMSIM prints
set -eu
if ! mmsim=$(cd "$(dirname "$1")" 2>/dev/null && pwd)/$(basename "$1") ||
   [ ! -x "$mmsim" ]; then
	echo "readme: $1: no such program" >&2
	exit 2
fi
check=${2:-}
cd "$(dirname "$0")/.."
dir=$(mktemp -d "${TMPDIR:-/tmp}/mmsim-readme.XXXXXX")
trap 'rm -rf "$dir"' EXIT INT TERM
ln -s "$mmsim" "$dir/mmsim"

: >"$dir/README.md"
in_sample=0
while IFS= read -r line || [ -n "$line" ]; do
	case $line in
	'<!-- sample: '*' -->')
		printf '%s\n' "$line" >>"$dir/README.md"
		cmd=${line#'<!-- sample: '}
		cmd=${cmd%' -->'}
		printf '```text\n' >>"$dir/README.md"
		if ! (cd "$dir" && sh -c "$cmd" 2>/dev/null) >"$dir/out"; then
			echo "readme: '$cmd' failed" >&2
			exit 2
		fi
		cat "$dir/out" >>"$dir/README.md"
		printf '```\n' >>"$dir/README.md"
		in_sample=1
		;;
	'<!-- end of sample -->')
		printf '%s\n' "$line" >>"$dir/README.md"
		in_sample=0
		;;
	*)
		[ $in_sample = 1 ] || printf '%s\n' "$line" >>"$dir/README.md"
		;;
	esac
done <README.md
if [ $in_sample = 1 ]; then
	echo "readme: README.md: a sample without '<!-- end of sample -->'" >&2
	exit 2
fi

if [ "$check" = --check ]; then
	if ! diff -u README.md "$dir/README.md"; then
		echo "readme: README.md's sample output differs from what $1" \
			"prints: make readme writes it anew" >&2
		exit 1
	fi
	exit 0
fi
cp "$dir/README.md" README.md
