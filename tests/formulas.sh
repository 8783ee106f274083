#!/bin/sh
# The formula shown is the formula checked (DESIGN section 6): every
# formula check's `= EXPR` line in --explain, for every scene with every
# shipped model, every config.json fixture and a few parameter sets, is
# evaluated by tests/expr_check.c (an evaluator of the test's own, sharing
# no code with attnviz or muparser) and must give the expected value the
# check prints.  An item checked by formula has exactly one such line.
. "$(dirname "$0")/lib.sh"
: "${EXPR_CHECK:=build/expr_check}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# judge LABEL FILE: run the evaluator over one --explain text; a command
# of a batch that failed (tests/lib.sh batch) fails it too.
judge() {
	if grep -q '^exit [0-9]*: \|^batch: ' "$2"; then
		fail "formulas: $1: $(grep -m1 '^exit [0-9]*: \|^batch: ' "$2")"
		return
	fi
	"$EXPR_CHECK" < "$2" > "$tmp/verdict"; rc=$?
	if [ "$rc" -eq 0 ]; then ok "formulas: $1: $(tail -n 1 "$tmp/verdict")"
	else fail "formulas: $1: $(head -n 1 "$tmp/verdict") ($(tail -n 1 "$tmp/verdict"))"; fi
}

"$ATTNVIZ" --explain all > "$tmp/all"
judge "the lesson's parameters and models, every scene" "$tmp/all"

scenes=$("$ATTNVIZ" --list | awk -F'\t' '$1 == "scene" && $3 != "bench" { print $3 }')
for m in assets/models/*.ini tests/hf/*/; do
	m=${m%/}
	for s in $scenes; do echo "--explain $s -m '$m'"; done > "$tmp/cmds"
	batch "$tmp/cmds" > "$tmp/m"
	judge "$m" "$tmp/m"
done

# Parameter sets that move the padding, the streams and the windows.
echo 'iswa|--set tiny_ctx=1000
iswa|--set ctx=70000 --set n_seq=2 --set unified=1
iswa|--set ctx=5000 --set n_seq=3 --set swa_full=1 --set ubatch=100
cost|--set ctx=300,5000,70000 --set ubatch=100
gqa|--set ctx=5000 --set kv_heads=1
fa-engines|--set ctx=70000 --set ubatch=256,1024
score-matrix|--set ctx=5000,300 --set bytes_per_score=2 --set ubatch=100
swa|--set n=13 --set window=5
needle|--set window=500' | while IFS='|' read -r s args; do
	# shellcheck disable=SC2086
	"$ATTNVIZ" --explain "$s" $args > "$tmp/p" 2>&1
	judge "$s $args" "$tmp/p"
done

# Two models side by side: the second's @2 checks, explained the same way.
for s in gqa mla-bytes iswa cost memory fit; do "$ATTNVIZ" --explain "$s" -m llama3-8b -m qwen3-next-80b 2>&1; done > "$tmp/two"
judge "two models (-m llama3-8b -m qwen3-next-80b), the six scenes that compare" "$tmp/two"

# Gemma 4: its sliding and full layers differ in KV heads and head sizes, so
# each kind has a cell of its own; without flash attention every V row is
# padded to the widest (max(16 x 256, 4 x 512)).  The deployments that move
# the padding, the streams, the windows and the fit.
echo 'iswa|--set fa=0 --set n_seq=3
iswa|--set fa=0 --set unified=1 --set n_seq=2 --set swa_full=1
memory|--set fa=0 --set ctx=70000 --set unified=1 --set n_seq=2
memory|--set n_seq=3 --set k_type=q8_0 --set v_type=q4_0
fit|--set mem=68
fit|--set mem=70 --set unified=1 --set n_seq=2
cost|--set swa_full=1 --set ubatch=100
gqa|--set kv_heads=1' | while IFS='|' read -r s args; do
	# shellcheck disable=SC2086
	"$ATTNVIZ" --explain "$s" -m gemma4-31b $args > "$tmp/p" 2>&1
	judge "gemma4-31b: $s $args" "$tmp/p"
done
for s in gqa mla-bytes iswa cost memory fit; do "$ATTNVIZ" --explain "$s" -m gemma4-31b -m llama3-8b 2>&1; done > "$tmp/two"
judge "two models (-m gemma4-31b -m llama3-8b), the six scenes that compare" "$tmp/two"

# The evaluator can fail: one number changed in one `= EXPR` line.
awk '!done && /^    = [0-9]/ { sub(/^    = [0-9]+/, "    = 999999"); done = 1 } { print }' "$tmp/all" > "$tmp/bad"
if "$EXPR_CHECK" < "$tmp/bad" > /dev/null; then fail "formulas: a changed number in an = EXPR line goes unnoticed"
else ok "formulas: a changed number in an = EXPR line is caught"; fi
# ... and so can a formula check without its `= EXPR` line.
awk '!done && /^    = / { done = 1; next } { print }' "$tmp/all" > "$tmp/bad"
if "$EXPR_CHECK" < "$tmp/bad" > /dev/null; then fail "formulas: a formula check without its = EXPR line goes unnoticed"
else ok "formulas: a formula check without its = EXPR line is caught"; fi
