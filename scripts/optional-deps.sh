#!/bin/sh
# Say loudly which optional tools are missing, and what is skipped or
# left out without them.  Run by `make check` before and after the tests;
# always exits 0 (a missing optional tool is not a failure).
missing=0
say() {
	if [ $missing -eq 0 ]; then
		echo "******************************************************************"
	fi
	missing=1
	echo "*** optional: $1"
}
pkg-config --exists libtracecmd 2>/dev/null ||
	say "libtracecmd not found by pkg-config ($(pkg-config --print-errors --exists libtracecmd 2>&1 | head -1)): trace.dat reading is not built; install libtracecmd-dev libtracefs-dev libtraceevent-dev (scripts/deps.sh)"
command -v trace-cmd >/dev/null 2>&1 ||
	say "trace-cmd missing: the 'trace-cmd report' read-back of mmsim's trace.dat is skipped (apt-get install trace-cmd)"
{ command -v blkparse >/dev/null 2>&1 && command -v btt >/dev/null 2>&1; } ||
	say "blktrace missing: blkparse and btt's reading of mmsim's --blktrace files is skipped (apt-get install blktrace)"
command -v chromium >/dev/null 2>&1 ||
	say "chromium missing: the headless-browser check of the HTML report is skipped (apt-get install chromium)"
command -v gnuplot >/dev/null 2>&1 ||
	say "gnuplot missing: reports have .gp scripts but no PNG plots, and plot tests are skipped (apt-get install gnuplot-nox)"
command -v parallel >/dev/null 2>&1 ||
	say "GNU parallel missing: the compare --emit-jobs recipe test is skipped (apt-get install parallel)"
ls /usr/share/doc/linux-doc-*/Documentation/trace/postprocess/trace-pagealloc-postprocess.pl* >/dev/null 2>&1 ||
	[ -n "$MMSIM_PAGEALLOC_SCRIPT" ] ||
	say "the kernel's trace-pagealloc-postprocess.pl missing: 'mmsim report pagealloc' is not compared with it (apt-get install linux-doc, or MMSIM_PAGEALLOC_SCRIPT=PATH)"
python3 -c 'import jsonschema' >/dev/null 2>&1 ||
	say "python3-jsonschema missing: outputs are checked against docs/schema/ by the built-in validator only (apt-get install python3-jsonschema)"
if [ $missing -ne 0 ]; then
	echo "******************************************************************"
fi
exit 0
