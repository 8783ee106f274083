#!/bin/sh
# Every number explains itself (issue 11): --summary for every scene with
# every shipped model, every config.json fixture and a few parameter sets.
# No line may FAIL, none may say `?`, and none may be `ok` without naming
# its second way (how `-`).  The model-driven numbers (bytes, cells, FLOPs,
# GiB and MiB of the model scenes) must always be checked: status ok with
# how formula or reference (lesson only at the lesson's parameters and model).
. "$(dirname "$0")/lib.sh"

model_scenes='score-matrix fa-engines gqa mla-bytes iswa cost memory'
# Parameter sets of the model scenes (each scene refuses keys it lacks).
sets='score-matrix|--set ctx=5000,300 --set bytes_per_score=2 --set ubatch=100
fa-engines|--set ctx=70000 --set ubatch=256,1024
gqa|--set ctx=5000 --set kv_heads=1
gqa|--set ctx=300
mla-bytes|--set ctx=70000
iswa|--set ctx=70000 --set n_seq=2 --set unified=1
iswa|--set ctx=5000 --set n_seq=3 --set swa_full=1 --set ubatch=100
cost|--set ctx=300,5000,70000 --set ubatch=100
cost|--set ctx=20000 --set swa_full=1
memory|--set ctx=70000 --set n_seq=3 --set ubatch=100 --set k_type=bf16 --set v_type=bf16
memory|--set ctx=5000 --set n_seq=2 --set unified=1 --set swa_full=1 --set fa=0'

# bad_lines: reads --summary lines on stdin, prints the bad ones.
bad_lines() {
	awk -F'\t' -v ms=" $model_scenes " '
		NF != 6 { print "malformed: " $0; next }
		$5 == "FAIL" { print "FAIL: " $0; next }
		$6 == "?" || $5 == "?" { print "unclassified: " $0; next }
		$5 == "ok" && $6 == "-" { print "ok without a way: " $0; next }
		# memory shows two plain values: the compute buffer (one compute model, held against
		# llama.cpp by tests/engine.sh) and weights not estimated from params
		# (a GGUF count, held against llama_model_size in tests/engine.sh; a stated or config.json value)
		$1 == "memory" && ($2 == "compute_bytes" || $2 == "weights_bytes") && $5 == "-" { next }
		# and the total when its compute part is estimated (held below: it
		# says so, and only then)
		$1 == "memory" && $2 == "total_bytes" && $5 == "-" { next }
		# fa-engines shows the memory scene compute buffer plainly, its method named
		# (a replay, or the peaks of src/size/buffers.c): not a second copy
		# of the compute model; tests/engine.sh holds it against llama.cpp
		$1 == "fa-engines" && $2 ~ /^compute_o(n|ff)_bytes\./ && $5 == "-" { next }
		index(ms, " " $1 " ") && $2 ~ /bytes|cells|flop|gib|_mib/ && $3 != "-" && !($5 == "ok" && $6 ~ /^(formula|reference|lesson)$/) {
			print "model number unchecked: " $0 }'
}

# The lesson's parameters and models, every scene with the benchmark.
out=$("$ATTNVIZ" --summary all 2>&1); rc=$?
expect_eq "checks: --summary all exits 0" "$rc" 0
bad=$(printf '%s\n' "$out" | bad_lines)
if [ -z "$bad" ]; then ok "checks: --summary all: $(printf '%s\n' "$out" | wc -l) lines, each checked or plainly shown"
else fail "checks: --summary all: $(printf '%s\n' "$bad" | head -3)"; fi

# Every model and fixture: every scene at its defaults, then the model
# scenes with each parameter set (the benchmark uses no model: it ran above).
scenes=$("$ATTNVIZ" --list | awk -F'\t' '$1 == "scene" && $3 != "bench" { print $3 }')
# One process a model (attnviz --batch): a failing command adds an `exit`
# line, which bad_lines reports as malformed.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for m in assets/models/*.ini tests/hf/*/; do
	m=${m%/}
	{
		for s in $scenes; do echo "--summary $s -m '$m'"; done
		echo "$sets" | while IFS='|' read -r s args; do echo "--summary $s -m '$m' $args"; done
	} > "$tmp/cmds"
	all=$(batch "$tmp/cmds")
	bad=$(printf '%s\n' "$all" | bad_lines)
	n=$(printf '%s\n' "$all" | awk -F'\t' -v ms=" $model_scenes " 'index(ms, " " $1 " ") && $2 ~ /bytes|cells|flop|gib|_mib/' | wc -l)
	if [ -z "$bad" ] && [ "$n" -gt 0 ]; then
		ok "checks: $m: every scene passes, with $(echo "$sets" | wc -l) parameter sets; $n model numbers checked"
	else
		fail "checks: $m: $(printf '%s\n' "$bad" | head -3)"
	fi
done

# A total left unchecked is one whose compute part is estimated, and it
# says so: a tick on every other total, none on a sum of an estimate.
odd=""
unchecked=0
for m in assets/models/*.ini tests/hf/*/; do
	m=${m%/}
	st=$("$ATTNVIZ" --summary memory -m "$m" | awk -F'\t' '$2 == "total_bytes" { print $5 }')
	"$ATTNVIZ" --explain memory -m "$m" >"$tmp/ex"
	est=$(grep -A1 '^compute_bytes' "$tmp/ex" | grep -c "compute buffer, estimated")
	says=$(grep -A1 '^total_bytes' "$tmp/ex" | grep -c "not checked: its compute part is estimated")
	case "$st $est $says" in
	"ok 0 0") ;;
	"- 1 1") unchecked=$((unchecked + 1)) ;;
	*) odd="$odd $m ($st $est $says)" ;;
	esac
done
expect_eq "checks: memory total_bytes unchecked exactly where the compute buffer is estimated ($unchecked models), and says so" "$odd" ""
