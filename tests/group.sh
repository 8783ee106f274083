#!/bin/sh
# One group of the suite against one build: `sh tests/group.sh BUILD GROUP`.
# BUILD is plain (./attnviz), clang (build/clang), san (build/san, with
# AddressSanitizer and UBSan) or fault (build/fault); GROUP is a test script
# of tests/ without .sh, or unit or replay.  Every check prints its `ok - `,
# `not ok - ` or `skip - ` line; the last line is `# time BUILD GROUP SECONDS`,
# which tests/report.sh gathers into the time table.  make runs the groups
# side by side (the Makefile's check target); each is also a command of its
# own: `make check-group G=fit` (plain) or `sh tests/group.sh san fit`.
cd "$(dirname "$0")/.." || exit 2
build=$1 group=$2
export LC_ALL=C.UTF-8 ATTNVIZ_SCENES="$PWD/scenes" ATTNVIZ_MODELS="$PWD/assets/models"
unset XDG_CONFIG_HOME NO_COLOR
# The machine's limits (--bench, the bench scene) measured once a suite run
# and reused: no test times anything (src/kern/limits.h).
export ATTNVIZ_BENCH_LIMITS="$PWD/build/check/limits"
case $build in
plain) dir=build bin=./attnviz ;;
clang) dir=build/clang bin=build/clang/attnviz ;;
san)   dir=build/san bin=build/san/attnviz
       export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
       export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
       # The cell walk's themes differ in colours only: the plain build
       # checks all four, the sanitizers watch the walk in one.
       export CELLS_THEMES=256 ;;
fault) dir=build/fault bin=build/fault/attnviz ;;
*) echo "not ok - group.sh: unknown build '$build'"; exit 0 ;;
esac
start=$(date +%s.%N)
echo "# $build: $group"

# replay: the fuzz seeds and kept crashers, each target in a directory of
# its own, which it must leave as it found it.
replay() {
	for t in model scene set hf gguf lesson log; do
		r="$dir/replay_$t"
		if [ ! -x "$r" ]; then
			echo "not ok - $r was not built"
			continue
		fi
		scratch=$(mktemp -d)
		find tests/fuzz/corpus/$t tests/fuzz/regress/$t -type f 2>/dev/null | sort |
			TMPDIR="$scratch" xargs "$r" 2>&1
		left=$(ls -A "$scratch")
		if [ -z "$left" ]; then echo "ok - replay $t leaves no scratch files"
		else echo "not ok - replay $t left $left in \$TMPDIR"; fi
		rm -rf "$scratch"
	done
}

if [ ! -x "$bin" ]; then
	echo "not ok - $build: $bin was not built, so $group did not run"
else
	case $group in
	unit)   "$dir/unit_tests" 2>&1 ;;
	replay) replay ;;
	fault)  sh tests/fault.sh 2>&1
		echo "# fault: the broken theme is seen in the cells"
		CELLS=build/cells sh tests/cells.sh fault 2>&1 ;;
	*)      if [ -f "tests/$group.sh" ] && ! err=$(sh -n "tests/$group.sh" 2>&1); then
			# a script that does not parse runs no check at all
			echo "not ok - tests/$group.sh does not parse: $err"
		elif [ -f "tests/$group.sh" ]; then
			ATTNVIZ="$bin" EXPR_CHECK="$dir/expr_check" GGUF_WRITE="$dir/gguf_write" \
				CELLS=build/cells sh "tests/$group.sh" 2>&1
		else
			echo "not ok - group.sh: no group '$group'"
		fi ;;
	esac
fi
# wall seconds, then the CPU seconds of every process the group ran
# (user and system, from the shell's `times`: its second line)
# (a builtin's output redirected, not piped: a pipe would run it in a
# subshell of its own, which has no children)
times > "${TMPDIR:-/tmp}/times.$$"
cpu=$(awk 'NR == 2 { for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); s += t[1] * 60 + t[2] } }
	END { printf "%.1f", s }' "${TMPDIR:-/tmp}/times.$$")
rm -f "${TMPDIR:-/tmp}/times.$$"
echo "# time $build $group $(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') $cpu"
