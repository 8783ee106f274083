#!/bin/sh
# The whole test suite: unit tests (kernels, golden frames), CLI tests and
# real-terminal tests in tmux, then the same again built with ASan+UBSan
# (unless ATTNVIZ_NO_SANITIZE=1).  Every check prints "ok - ...",
# "not ok - ..." or "skip - ..."; the last line counts them.
set -u
cd "$(dirname "$0")/.." || exit 2
export LC_ALL=C.UTF-8 ATTNVIZ_SCENES="$PWD/scenes" ATTNVIZ_MODELS="$PWD/assets/models"
unset XDG_CONFIG_HOME NO_COLOR
log=$(mktemp)
trap 'rm -f "$log"' EXIT

suite() {   # suite LABEL BIN UNIT
	label=$1 bin=$2 unit=$3
	echo "# $label: unit tests"
	"$unit" 2>&1 | tee -a "$log"
	echo "# $label: fuzz seeds and kept crashers, replayed"
	for t in model scene set hf gguf lesson log; do
		replay="$(dirname "$unit")/replay_$t"
		if [ ! -x "$replay" ]; then
			echo "not ok - $replay was not built" | tee -a "$log"
			continue
		fi
		# In a directory of their own, which they must leave as they found it.
		scratch=$(mktemp -d)
		find tests/fuzz/corpus/$t tests/fuzz/regress/$t -type f 2>/dev/null | sort |
			TMPDIR="$scratch" xargs "$replay" 2>&1 | tee -a "$log"
		left=$(ls -A "$scratch")
		if [ -z "$left" ]; then
			echo "ok - replay $t leaves no scratch files" | tee -a "$log"
		else
			echo "not ok - replay $t left $left in \$TMPDIR" | tee -a "$log"
		fi
		rm -rf "$scratch"
	done
	echo "# $label: command line"
	ATTNVIZ="$bin" sh tests/cli.sh 2>&1 | tee -a "$log"
	echo "# $label: model files"
	ATTNVIZ="$bin" sh tests/models.sh 2>&1 | tee -a "$log"
	echo "# $label: every number checked or plainly shown, every model"
	ATTNVIZ="$bin" sh tests/checks.sh 2>&1 | tee -a "$log"
	echo "# $label: every formula shown is the formula checked"
	ATTNVIZ="$bin" EXPR_CHECK="$(dirname "$unit")/expr_check" sh tests/formulas.sh 2>&1 | tee -a "$log"
	echo "# $label: config.json models"
	ATTNVIZ="$bin" sh tests/hfconfig.sh 2>&1 | tee -a "$log"
	echo "# $label: what fits a budget (--fit)"
	ATTNVIZ="$bin" sh tests/fit.sh 2>&1 | tee -a "$log"
	echo "# $label: two models side by side (-m A -m B)"
	ATTNVIZ="$bin" sh tests/compare.sh 2>&1 | tee -a "$log"
	echo "# $label: --reconcile against real llama.cpp logs"
	ATTNVIZ="$bin" sh tests/reconcile.sh 2>&1 | tee -a "$log"
	echo "# $label: GGUF files"
	ATTNVIZ="$bin" GGUF_WRITE="$(dirname "$unit")/gguf_write" sh tests/gguf.sh 2>&1 | tee -a "$log"
	echo "# $label: architectures of 2026: hand-derived sizes, INI and GGUF alike"
	ATTNVIZ="$bin" GGUF_WRITE="$(dirname "$unit")/gguf_write" sh tests/families.sh 2>&1 | tee -a "$log"
	echo "# $label: config.json of the 2026 families: hand-derived sizes, INI and GGUF alike"
	ATTNVIZ="$bin" GGUF_WRITE="$(dirname "$unit")/gguf_write" sh tests/hf2026.sh 2>&1 | tee -a "$log"
	echo "# $label: terminal (tmux)"
	ATTNVIZ="$bin" sh tests/tmux.sh 2>&1 | tee -a "$log"
	echo "# $label: key and resize storm (tmux)"
	ATTNVIZ="$bin" sh tests/storm.sh 2>&1 | tee -a "$log"
	echo "# $label: what the class sees, cell by cell (tmux capture-pane -e)"
	ATTNVIZ="$bin" CELLS=build/cells sh tests/cells.sh 2>&1 | tee -a "$log"
	echo "# $label: recordings (--cast, --record) in asciinema"
	ATTNVIZ="$bin" sh tests/cast.sh 2>&1 | tee -a "$log"
	echo "# $label: lesson plans (--lesson) and a marker per step"
	ATTNVIZ="$bin" sh tests/plans.sh 2>&1 | tee -a "$log"
	echo "# $label: --frame as txt, SVG and ANSI against the golden frames"
	ATTNVIZ="$bin" sh tests/frames.sh 2>&1 | tee -a "$log"
}

suite plain ./attnviz build/unit_tests
echo "# plain: a real llama.cpp's KV cache against attnviz's (tests/engine.sh)"
ATTNVIZ=./attnviz GGUF_WRITE=build/gguf_write sh tests/engine.sh 2>&1 | tee -a "$log"
echo "# plain: valgrind"
ATTNVIZ=./attnviz sh tests/valgrind.sh 2>&1 | tee -a "$log"
# The second compiler: clang builds everything warning-free and passes the same suite.
if command -v clang >/dev/null 2>&1; then
	echo "# building with clang"
	if make -s clang >/dev/null 2>&1; then
		suite clang build/clang/attnviz build/clang/unit_tests
	else
		echo "not ok - the clang build (make clang) failed" | tee -a "$log"
	fi
else
	echo "not ok - clang is not installed (sh tools/deps.sh --test installs it)" | tee -a "$log"
fi
echo "# fault injection: every scene's checks can fail"
if make -s fault >/dev/null 2>&1; then
	sh tests/fault.sh 2>&1 | tee -a "$log"
	echo "# fault injection: the broken theme is seen in the cells"
	CELLS=build/cells sh tests/cells.sh fault 2>&1 | tee -a "$log"
else
	echo "not ok - the fault build (make fault) failed" | tee -a "$log"
fi
if [ -z "${ATTNVIZ_NO_SANITIZE:-}" ]; then
	echo "# building with AddressSanitizer and UndefinedBehaviorSanitizer"
	if make -s sanitize >/dev/null 2>&1; then
		ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
			suite sanitized build/san/attnviz build/san/unit_tests
	else
		echo "not ok - the sanitizer build (make sanitize) failed" | tee -a "$log"
	fi
fi

# The failures again, last: CI shows only the tail of a long run.
if grep -q '^not ok - ' "$log"; then
	echo "# what failed:"
	grep '^not ok - ' "$log"
fi
passed=$(grep -c '^ok - ' "$log")
failed=$(grep -c '^not ok - ' "$log")
skipped=$(grep -c '^skip - ' "$log")
if [ "$skipped" -gt 0 ]; then
	echo "$passed passed, $failed failed, $skipped skipped"
else
	echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
