#!/bin/sh
# The layers include downwards only (docs/architecture.md): for each
# directory under src/, the directories of src/ its files may not include.
# Kernel headers are linux/ and mmsim/ (src/kernel/include): report's text
# formatters read kernel records with them, read only.  The kernel's own
# trace/events/ headers (src/kernel/include/trace/events/, the trace
# points) are not src/trace/.  Prints every offending line and fails if
# there is one.
cd "$(dirname "$0")/.." || exit 2
status=0
check() {	# DIR FORBIDDEN-REGEX [ALLOWED-REGEX]
	hits=$(grep -rnE "^#include \"($2)/" "src/$1" 2>/dev/null |
	       grep -vE "^[^:]*:[0-9]*:#include \"(${3:-^})")
	if [ -n "$hits" ]; then
		echo "layers: src/$1 may not include $2:"
		echo "$hits"
		status=1
	fi
}
# util/ (host allocations, directories) is below everything: any layer
# may include it, and it includes none.
check util       'sim|hw|kernel|linux|mmsim|trace|metrics|workload|scenario|report|experiment|cli'
check sim        'hw|kernel|linux|mmsim|trace|metrics|workload|scenario|report|experiment|cli'
check hw         'kernel|linux|mmsim|trace|metrics|workload|scenario|report|experiment|cli'
check kernel     'trace|workload|scenario|report|experiment|cli' 'trace/events/'
check metrics    'sim|hw|kernel|linux|mmsim|trace|workload|scenario|report|experiment|cli'
check trace      'hw|metrics|workload|scenario|report|experiment|cli'
check workload   'report|experiment|cli'
check scenario   'report|experiment|cli'
check report     'hw|workload|scenario|experiment|cli'
check experiment 'cli'
# The state formatters of report/ format the records the kernel hands
# over (metrics/kstate.h): they include no kernel header.
hits=$(grep -nE '^#include "(linux|mmsim)/' \
	src/report/kern_log.[ch] src/report/procfs.[ch] \
	src/report/explain.[ch] 2>/dev/null)
if [ -n "$hits" ]; then
	echo "layers: src/report's state formatters may not include linux/ or mmsim/:"
	echo "$hits"
	status=1
fi
# The simulated kernel and the programs read a profile switch through
# kprofile_get(FIELD) only, so that every read is counted (switch_reads:
# mmsim bisect skips the switches a run never read).  Comment lines aside.
hits=$(grep -rnE 'kprofile\.[a-z_0-9]+' src/kernel src/workload 2>/dev/null |
       grep -v '^src/kernel/profile\.c:' |
       grep -vE '^[^:]*:[0-9]*:[[:space:]]*(\*|/\*|//)' |
       grep -vE 'kprofile\.(name|base|release|patches|commits|revert_8aa7e847|field)\b|"kprofile\.' |
       sed 's|/\*.*\*/||' | grep -E 'kprofile\.[a-z_0-9]+')
if [ -n "$hits" ]; then
	echo "layers: read profile switches with kprofile_get(FIELD), not kprofile.FIELD:"
	echo "$hits"
	status=1
fi
[ $status = 0 ] && echo "layers: every include goes downwards"
exit $status
