#!/bin/sh
# The include graph of src/ by directory: for each top-level directory, the
# other directories its files include, one line each ("report: metrics
# util").  A header of the simulated kernel (linux/, mmsim/, net/,
# trace/events/: src/kernel/include) counts as kernel; a name found next to
# the including file counts as its own directory.  With --dot, the same
# graph for graphviz.  scripts/check-layers.sh reads it.
cd "$(dirname "$0")/.." || exit 2
edges=$(for f in $(find src -name '*.[ch]' | sort); do
	dir=${f#src/}; top=${dir%%/*}; here=$(dirname "$f")
	sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f" | while read -r inc; do
		case $inc in
		linux/*|mmsim/*|net/*|trace/events/*) to=kernel ;;
		*)	if [ -e "$here/$inc" ]; then
				to=$top
			else
				to=${inc%%/*}
				[ -d "src/$to" ] || to="?$inc"
			fi ;;
		esac
		[ "$to" != "$top" ] && echo "$top $to"
	done
done | sort -u)
if [ "$1" = --dot ]; then
	echo "digraph src {"
	echo "$edges" | awk 'NF == 2 { printf "\t\"%s\" -> \"%s\";\n", $1, $2 }'
	echo "}"
else
	echo "$edges" | awk '{ if ($1 != last) { if (NR > 1) print line; line = $1 ":"; last = $1 }
			       line = line " " $2 } END { if (NR) print line }'
fi
