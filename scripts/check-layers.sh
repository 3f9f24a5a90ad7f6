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
# Data flows scenario/ -> workload/: the parsed scenario the programs
# check their tasks against is declared below scenario/, in
# workload/scenario_types.h, and scenario/ includes workload/ to find the
# programs, never the reverse.
check workload   'scenario|report|experiment|cli'
check scenario   'report|experiment|cli'
check report     'sim|hw|kernel|linux|mmsim|trace|workload|scenario|experiment|cli'
check experiment 'cli'
# report/ formats records (metrics/: events.h, kstate.h, records.h) that
# the kernel and the trace parser fill and experiment/ wires to it: it
# includes no kernel header and nothing of the trace library.
hits=$(grep -rnE '^#include "(linux|mmsim|trace)/' src/report 2>/dev/null)
if [ -n "$hits" ]; then
	echo "layers: src/report reads metrics/ records, not linux/, mmsim/ or trace/:"
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
# The kernel's boot is the only writer of the running profile: it sets
# kprofile from struct boot_params (mmsim/boot_params.h, filled by
# experiment/), so outside src/kernel nothing assigns kprofile or a field
# of it, increments one, or passes &kprofile (or &kprofile.FIELD) to a
# function.  Reads may stay.  Comment lines aside.
hits=$(grep -rnE "(^|[^a-z_0-9])kprofile(\.[a-z_0-9]+|\[[^]]*\])*[[:space:]]*(([-+*/%|&^]|<<|>>)?=([^=]|$)|\+\+|--)|(\+\+|--)[[:space:]]*kprofile([^a-z_0-9]|$)|(^|[(,=])[[:space:]]*&[[:space:]]*kprofile([^a-z_0-9]|$)" \
	src --include='*.c' --include='*.h' 2>/dev/null |
       grep -v '^src/kernel/' |
       grep -vE '^[^:]*:[0-9]*:[[:space:]]*(\*|/\*|//)')
if [ -n "$hits" ]; then
	echo "layers: only the kernel's boot writes kprofile (struct boot_params):"
	echo "$hits"
	status=1
fi
# A program's names live in its own file: the reports and mmsim run learn
# what to call fake gitk, which flag says it finished and which list holds
# its processes from what workload/gitk.c declares on its "elapsed"
# measure (metrics.h .program_title, .done, .processes, .line_every), so
# that a scenario without gitk, or another cover program, needs no edit
# to them.  Hence: a string literal naming one of gitk's measures
# ("gitk_done", "gitk_instances", ...) appears only in workload/gitk.c and
# in validate.c's claims, which judge by the 2009 record's own figures;
# and report/ and metrics/ have no string literal naming gitk at all, but
# for the validation record's texts (metrics/validation.[ch],
# report/validation_md.c), which quote that record's "fake gitk".  Comments
# aside (a whole comment line, or a trailing one).
hits=$(grep -rnE '"gitk_[a-z_]*"' src --include='*.c' --include='*.h' 2>/dev/null |
       grep -vE '^src/(workload/gitk|experiment/validate)\.c:' |
       grep -vE '^[^:]*:[0-9]*:[[:space:]]*(\*|/\*|//)' |
       sed 's|/\*.*\*/||' | grep -E '"gitk_[a-z_]*"')
hits2=$(grep -rnE '"[^"]*gitk' src/report src/metrics 2>/dev/null |
	grep -vE '^src/(metrics/validation\.[ch]|report/validation_md\.c):' |
	grep -vE '^[^:]*:[0-9]*:[[:space:]]*(\*|/\*|//)' |
	sed 's|/\*.*\*/||' | grep -E '"[^"]*gitk')
if [ -n "$hits$hits2" ]; then
	echo "layers: gitk's names are gitk.c's: read them from its measures (metrics.h .program_title, .done, .processes):"
	[ -n "$hits" ] && echo "$hits"
	[ -n "$hits2" ] && echo "$hits2"
	status=1
fi
[ $status = 0 ] && echo "layers: every include goes downwards"
exit $status
