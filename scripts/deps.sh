#!/bin/sh
# Install the Debian packages mmsim builds and tests with, when missing.
# Idempotent and quiet when everything is present.
#
#   build:	build-essential pkg-config libcmocka-dev libinih-dev
#		libjansson-dev zlib1g-dev (a compare folder's json/*.json.gz)
#   trace.dat:	libtracecmd-dev, and the two libraries its pkg-config file
#		requires (libtracefs-dev, libtraceevent-dev): without them
#		pkg-config does not find libtracecmd and trace.dat support
#		is left out (the Makefile says so)
#   plots:	gnuplot-nox (optional at run time)
#   tests:	trace-cmd (reads back the trace.dat mmsim writes),
#		blktrace (blkparse and btt read the block traces mmsim
#		writes), chromium (opens the HTML report headless), python3-jsonschema
#		(validates the JSON against docs/schema/), parallel (GNU
#		parallel: runs compare --emit-jobs recipes), linux-doc (ships
#		the kernel's trace-pagealloc-postprocess.pl, which
#		test_peer_scripts runs on an mmsim trace)
#   targets:	time (make bench-scale), valgrind (make valgrind), clang
#		(make fuzz-ci: libFuzzer targets, ASan and UBSan)
set -e
pkgs="build-essential pkg-config libcmocka-dev libinih-dev libjansson-dev zlib1g-dev
gnuplot-nox libtracecmd-dev libtracefs-dev libtraceevent-dev
trace-cmd blktrace chromium python3-jsonschema parallel linux-doc time valgrind
clang"
missing=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "deps: installing$missing" >&2
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
