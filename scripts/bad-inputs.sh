#!/bin/sh
# Try bad inputs against a built mmsim and count how many are refused
# clearly: exit status 1 or 2 with a message on stderr, or, for the cases
# marked "warn" (input mmsim may read but must say something about),
# status 0 with a warning.  Anything else is counted against: a status 0
# without a word, a message-less failure, a signal (a crash) or a hang
# (30 s).  Each such case is printed; the last line is the count.
#
#	scripts/bad-inputs.sh [MMSIM]		(default ./mmsim)
#	VERBOSE=1 scripts/bad-inputs.sh		(each refusal's first line too)
#
# The inputs: command-line numbers and names, scenario files, output
# paths, damaged traces, a trace cut short while a run replays it, a
# report folder held by another process.  Everything is written under a
# temporary directory, removed at the end.  Exit status 0 when every case
# was refused clearly, 1 otherwise, 2 when MMSIM cannot be run.  Under a
# minute on two cores.
M=${1:-./mmsim}
case $M in /*) ;; *) M=$(pwd)/$M ;; esac
if ! "$M" version > /dev/null 2>&1; then
	echo "bad-inputs: cannot run $M (build it with make)" >&2
	exit 2
fi
export M
# A sanitizer build (build/asan/mmsim) reports errors as crashes here;
# not leaks: a refusal that jumps out of a library (a trace cut under
# libtracecmd) leaves what it was allocating, once, as the process ends.
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
export ASAN_OPTIONS
T=$(mktemp -d "${TMPDIR:-/tmp}/mmsim-bad-inputs.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT INT TERM
cd "$T" || exit 2

tried=0 clear=0 unclear=0 crashed=0

# try KIND LABEL SHELL-COMMAND: KIND refuse or warn.  A refusal is a
# status of 1 or 2 and a message ("mmsim: ...", or a scenario's
# "FILE:LINE: ...").
try() {
	kind=$1 label=$2
	tried=$((tried + 1))
	timeout 30 sh -c "$3" > out.txt 2> err.txt < /dev/null
	rc=$?
	if [ $rc -eq 124 ]; then
		crashed=$((crashed + 1))
		echo "HUNG         $label"
	elif [ $rc -gt 128 ]; then
		crashed=$((crashed + 1))
		echo "SIGNAL $((rc - 128))    $label"
	elif grep -qE 'Sanitizer|runtime error:' err.txt; then
		# A sanitizer build's report (exit status 1): a crash too.
		crashed=$((crashed + 1))
		echo "SANITIZER    $label: $(grep -m 1 -E 'Sanitizer|runtime error:' err.txt)"
	elif { [ $rc -eq 1 ] || [ $rc -eq 2 ]; } && [ -s err.txt ] ||
	     { [ "$kind" = warn ] && [ $rc -eq 0 ] &&
	       grep -q 'warning' err.txt out.txt; }; then
		clear=$((clear + 1))
		[ -z "$VERBOSE" ] ||
			echo "ok           $label: $(head -n 1 err.txt | cut -c 1-160)"
	else
		unclear=$((unclear + 1))
		echo "NOT REFUSED  $label (status $rc): $(head -n 1 err.txt | cut -c 1-160)"
	fi
}

cat > s.ini <<'EOF'
[machine]
mem = 64M
cpus = 1
disk_size = 2G
fs_size = 1G
swap_size = 256M
[run]
max_time = 2s
[task hog]
program = anonhog
size = 16M
passes = 1
EOF
scen() {	# NAME TEXT: a scenario file s.ini with TEXT in place of its [run]
	printf '[machine]\nmem = 64M\ncpus = 1\ndisk_size = 2G\nfs_size = 1G\nswap_size = 256M\n%s\n[task hog]\nprogram = anonhog\nsize = 16M\n' "$2" > "$1"
}

# ---- command-line numbers ------------------------------------------------
for v in 1us 0s 1000000000000s 60 -5s 1.5x; do
	try refuse "run --time $v" "\$M run --time $v"
done
try refuse "compare --time 999us" "\$M compare --time 999us"
try refuse "bisect --time 0s" "\$M bisect --time 0s"
try refuse "validate --sample-interval 2h" "\$M validate --sample-interval 2h"
try refuse "run --monitor-interval 0s" "\$M run --monitor vmstat --monitor-interval 0s"
try refuse "run --check-interval 0s" "\$M run --check --check-interval 0s"
for v in -1 1.5 99999999999999999999 ' 7'; do
	try refuse "run --seed '$v'" "\$M run --seed '$v'"
done
try refuse "compare --seeds 0" "\$M compare --seeds 0"
try refuse "compare --seeds 5K" "\$M compare --seeds 5K"
try refuse "compare -j 0" "\$M compare -j 0"
try refuse "validate --seeds 1" "\$M validate --seeds 1"
try refuse "validate --alpha 2" "\$M validate --alpha 2"
try refuse "show --mem 1.5Q" "\$M show zoneinfo --mem 1.5Q"
try refuse "show --mem 10M" "\$M show zoneinfo --mem 10M"
try refuse "show --cpus 0" "\$M show zoneinfo --cpus 0"
try refuse "show --nodes 99" "\$M show zoneinfo --nodes 99"
try refuse "run --hung-task-timeout 5s" "\$M run --hung-task-timeout 5s"
# A machine too large for this host, refused before it boots: 1T needs
# some 13 GiB of host memory for its page array, refused on a host of
# less than 26 GiB; on a larger one 4T (past x86_64's 1T) stands in.
host_kb=$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo 2>/dev/null)
if [ "${host_kb:-0}" -lt 27262976 ]; then big=1T; else big=4T; fi
try refuse "show --mem $big (before it allocates)" "\$M show zoneinfo --mem $big"

# ---- names -----------------------------------------------------------------
try refuse "an unknown command" "\$M frobnicate"
try refuse "an unknown option" "\$M run --kernal 2.6.30"
try refuse "an unknown kernel" "\$M run --kernel 2.6.99"
try refuse "an unknown kernel in a list" "\$M compare --kernels 2.6.30,bogus"
try refuse "an unknown /proc file" "\$M show zonenifo"
try refuse "an unknown report" "\$M report reclaimx s.ini"
try refuse "an unknown event" "\$M run --trace /dev/null --events mm_page_aloc"
try refuse "an unknown data set" "\$M validate --record 12nov"
try refuse "an unknown architecture" "\$M show zoneinfo --arch arm"
try refuse "an option given twice" "\$M run --seed 1 --seed 2"

# ---- scenario files ----------------------------------------------------------
scen cpu0.ini '[run]
max_time = 2s'
sed -i 's/cpus = 1/cpus = 0/' cpu0.ini
try refuse "scenario: cpus = 0" "\$M scenario --check cpu0.ini"
scen t1us.ini '[run]
max_time = 1us'
try refuse "scenario: max_time = 1us" "\$M scenario --check t1us.ini"
scen key.ini '[run]
max_tiem = 2s'
try refuse "scenario: an unknown key" "\$M scenario --check key.ini"
scen sec.ini '[rnu]'
try refuse "scenario: an unknown section" "\$M scenario --check sec.ini"
scen dirty.ini '[vm]
dirty_ratio = 200'
try refuse "scenario: dirty_ratio = 200" "\$M scenario --check dirty.ini"
scen prog.ini '[task x]
program = nosuch'
try refuse "scenario: an unknown program" "\$M scenario --check prog.ini"
scen twice.ini '[run]
max_time = 2s
max_time = 3s'
try refuse "scenario: a key given twice" "\$M scenario --check twice.ini"
printf '[machine]\ncpus = 1\n' > nomem.ini
try refuse "scenario: no mem" "\$M scenario --check nomem.ini"
scen fs.ini '[run]
max_time = 2s'
sed -i 's/fs_size = 1G/fs_size = 9G/' fs.ini
try refuse "scenario: a volume larger than the disk" "\$M scenario --check fs.ini"
head -c 4096 /dev/urandom > garbage.ini
try refuse "scenario: binary garbage" "\$M scenario --check garbage.ini"
: > empty.ini
try refuse "scenario: an empty file" "\$M run empty.ini"
mkdir adir
try refuse "scenario: a directory" "\$M run adir"
try refuse "scenario: no such file" "\$M run no-such.ini"

# ---- output paths ------------------------------------------------------------
try refuse "run --json /dev/full" "\$M run s.ini --json /dev/full"
try refuse "validate --out /dev/full (before any run)" \
	"\$M validate --record cover --seeds 2 --out /dev/full; rc=\$?; test ! -e /dev/full.runs || rc=0; exit \$rc"
try refuse "run --json into a missing folder" "\$M run s.ini --json no/such/dir/r.json"
try refuse "run --json into a folder" "\$M run s.ini --json adir"
try refuse "run --json ''" "\$M run s.ini --json ''"
try refuse "two outputs on stdout" "\$M run s.ini --trace - --json -"
try refuse "compare --out under a device" "\$M compare --kernels 2.6.30 --seeds 1 --out /dev/full/r"
try refuse "compare --out a file" "\$M compare --scenario s.ini --kernels 2.6.30 --seeds 1 --out s.ini"
# A folder held by another process: refused, naming that process.
try refuse "compare --out a folder in use" \
	"mkdir held; sleep 20 & h=\$!; echo \"\$h \$(uname -n)\" > held/.mmsim-lock; \
	 \$M compare --scenario s.ini --kernels 2.6.30 --seeds 1 --no-render --out held; rc=\$?; kill \$h; \
	 grep -q \"in use by another mmsim (pid \$h \" err.txt || rc=0; exit \$rc"

# ---- damaged traces ------------------------------------------------------------
"$M" run --time 5s --trace t.txt --events 'vmscan:*' > /dev/null 2>&1
"$M" run --time 2s --trace t.dat --trace-format dat \
	--events mm_page_alloc,mm_page_free_direct,mm_pagevec_free > /dev/null 2>&1
try refuse "report: no such file" "\$M report reclaim no-such.txt"
try refuse "report: a directory" "\$M report reclaim adir"
try refuse "report: binary garbage" "\$M report reclaim garbage.ini"
# A scan the report counts (isolate_mode 0: the inactive list; isolating
# from the active list is rotation, which it leaves out).
n=$(grep -n 'mm_vmscan_lru_isolate: isolate_mode=0 .*nr_scanned=32 ' t.txt |
	head -n 1 | cut -d: -f1)
sed "${n:-1}s/nr_scanned=32 /nr_scanned=-32 /" t.txt > neg.txt
try refuse "report: a negative count" "\$M report reclaim neg.txt"
sed "${n:-1}s/nr_scanned=32 /nr_scanned=18446744073709551615 /" t.txt > huge.txt
try refuse "report: a count of 2^64-1" "\$M report reclaim huge.txt"
{ head -n 3000 t.txt; sed -n 2000,2250p t.txt; sed -n '3001,$p' t.txt; } > again.txt
try warn "report: a block of lines repeated" "\$M report reclaim again.txt"
: > empty.dat
try refuse "report: a 0-byte trace.dat" "\$M report reclaim empty.dat"
if [ -s t.dat ]; then
	head -c $(($(wc -c < t.dat) / 2 + 123)) t.dat > half.dat
	try refuse "report: a trace.dat cut short" "\$M report pagealloc half.dat"
	# "latency" data (the latency tracers' text) where the records' pages
	# were: libtracecmd's tracecmd_read_data() crashes on it.
	LC_ALL=C sed 's/flyrecord/latency  /' t.dat > latency.dat
	try refuse "report: a trace.dat of latency text, not records" "\$M report pagealloc latency.dat"
	# Replay: the last line cut; the trace cut while the run reads it.
	head -n 2000 t.txt | head -c -20 > cutline.txt
	printf '[machine]\nmem = 512M\n[run]\nmax_time = 10s\n[task r]\nprogram = replay\ntrace = cutline.txt\n' > cutline.ini
	try warn "replay: a last line cut" "\$M run cutline.ini"
	cp t.dat cut.dat
	printf '[machine]\nmem = 512M\n[run]\nmax_time = 60s\n[task r]\nprogram = replay\ntrace = cut.dat\ntime_scale = 1\n' > cut.ini
	try refuse "replay: trace.dat truncated while the run reads it" \
		"\$M run cut.ini & p=\$!; sleep 0.7; truncate -s 1000000 cut.dat; wait \$p"
fi

echo "bad-inputs: $tried bad inputs tried: $clear refused clearly, $unclear not, $crashed crashed or hung"
[ $unclear -eq 0 ] && [ $crashed -eq 0 ]
