#!/bin/sh
# Proof that checks can fail (issue 11): build/fault/attnviz (make fault) has
# the hooks of src/util/fault.h compiled in; ATTNVIZ_FAULT=NAME perturbs one
# result in a kernel's value path.  For every scene, each fault that reaches
# it must make --summary report a FAIL and exit 1, both at the lesson's
# parameters and at other ones (where no lesson figure applies, so a
# formula or reference check must catch it), and --check must fail it.
# A scene whose checks survive a fault is a failing test.
. "$(dirname "$0")/lib.sh"
FAULTY=${ATTNVIZ_FAULTY:-build/fault/attnviz}
if [ ! -x "$FAULTY" ]; then
	fail "fault: $FAULTY is not built (make fault)"
	exit 0
fi

# scene | faults that reach its value path | arguments away from the lesson's
# (other parameters, and for the model-driven scenes another model).  Not
# size_buffers: the compute buffer has one model, shown by fa-engines and
# memory with its method, and no second way in the program; its check is
# the real llama.cpp (tests/engine.sh), which a wrong buffer fails.
table='online-softmax|softmax|--set x=2,-1,7,3,7.5,0
online-row|softmax attn_row|--set scores=0.5,1,4,2,3,-1
tiled|tiled tiled_traffic|--set seed=11 --set n=48
mla-absorb|mla mla_mul|--set seed=3
swa|ring|--set window=3 --set n=12
sinks|softmax attn_row stream|--set seed=5
rope|rope|--set base=500000
rope-pi|rope|--set s=8
rope-ntk|rope ntk|--set s=8
rope-yarn|rope yarn_ramp yarn_dims mscale|--set s=8
needle|needle|--set window=2000
score-matrix|size_scores|-m gpt-oss-20b --set ctx=1000,5000
fa-engines|size_scores size_logits size_cells|-m gemma3-27b --set ubatch=256,1024
gqa|cache_bytes size_token size_cells size_alloc|-m mistral-7b --set ctx=10000
mla-bytes|cache_bytes size_token size_cells size_alloc|-m gemma3-27b --set ctx=20000
iswa|cache_bytes size_cells size_swa_cells size_alloc|-m gpt-oss-20b --set ctx=20000 --set n_seq=2
cost|cache_bytes size_token size_cells size_alloc size_flops|-m gemma2-9b --set ctx=5000,70000
flash-decoding|splitk|--set seed=7 --set n=30 --set chunks=3
memory|cache_bytes size_cells size_swa_cells size_alloc|-m command-r7b --set ctx=20000 --set n_seq=2 --set k_type=q8_0 --set v_type=q8_0
kv-quant|quant dequant fastattn|--set seed=7 --set n=20 --set d=96 --set type=q4_0
fit|cache_bytes size_alloc fit_total fit_search|-m llama3-70b --set mem=160 --set ctx_max=131072 --set n_seq=2
bench|fastattn|--set n=200 --set kv=f16'

# The shipped program has no hook at all.
if grep -q ATTNVIZ_FAULT "$ATTNVIZ"; then fail "fault: $ATTNVIZ has fault hooks compiled in"
else ok "fault: $ATTNVIZ has no fault hooks"; fi

# Without a fault the faulty build passes every check: the hooks are inert.
out=$("$FAULTY" --check); rc=$?
expect_eq "fault: no fault selected, --check passes" "$rc" 0

covered=' '
echo "$table" | while IFS='|' read -r scene faults sets; do
	for f in $faults; do
		got=$(ATTNVIZ_FAULT=$f "$FAULTY" --summary "$scene" 2>&1); rc=$?
		n=$(printf '%s\n' "$got" | awk -F'\t' '$5 == "FAIL"' | wc -l)
		if [ "$rc" = 1 ] && [ "$n" -gt 0 ]; then ok "fault $f: $scene fails at the lesson's parameters ($n checks)"
		else fail "fault $f: $scene survives at the lesson's parameters (exit $rc)"; fi
		# shellcheck disable=SC2086
		got=$(ATTNVIZ_FAULT=$f "$FAULTY" --summary "$scene" $sets 2>&1); rc=$?
		n=$(printf '%s\n' "$got" | awk -F'\t' '$5 == "FAIL" && $6 != "lesson"' | wc -l)
		if [ "$rc" = 1 ] && [ "$n" -gt 0 ]; then ok "fault $f: $scene fails with $sets ($n formula/reference checks)"
		else fail "fault $f: $scene survives with $sets (exit $rc)"; fi
		line=$(ATTNVIZ_FAULT=$f "$FAULTY" --check | awk -F'\t' -v s="$scene" '$2 == s { print $1 }')
		expect_eq "fault $f: --check reports $scene" "$line" FAIL
	done
done

# A hybrid's recurrent state (the lesson's Gemma 3 has none, so not in the
# table): a fault in size.c's state fails memory's recurrent_bytes formula.
got=$(ATTNVIZ_FAULT=size_state "$FAULTY" --summary memory -m qwen3-next-80b --set n_seq=2 2>&1); rc=$?
n=$(printf '%s\n' "$got" | awk -F'\t' '$2 == "recurrent_bytes" && $5 == "FAIL" && $6 == "formula"' | wc -l)
if [ "$rc" = 1 ] && [ "$n" -eq 1 ]; then ok "fault size_state: memory -m qwen3-next-80b fails recurrent_bytes"
else fail "fault size_state: memory -m qwen3-next-80b survives (exit $rc, $n failing)"; fi

# Gemma 4 (each kind of layer its own cell in the closed forms): a fault in
# size.c's cells, bytes or allocation fails the scenes' formula checks of it,
# with and without flash attention (V rows padded to the widest).
g4='gqa|cache_bytes size_alloc|--set ctx=10000
mla-bytes|size_token size_alloc|--set ctx=20000
iswa|size_swa_cells size_alloc|--set ctx=20000 --set n_seq=2 --set fa=0
cost|size_alloc size_flops|--set ctx=5000,70000
memory|size_cells size_alloc|--set ctx=20000 --set n_seq=2 --set fa=0
fit|size_alloc fit_total|--set mem=68'
echo "$g4" | while IFS='|' read -r scene faults sets; do
	for f in $faults; do
		# shellcheck disable=SC2086
		got=$(ATTNVIZ_FAULT=$f "$FAULTY" --summary "$scene" -m gemma4-31b $sets 2>&1); rc=$?
		n=$(printf '%s\n' "$got" | awk -F'\t' '$5 == "FAIL" && $6 != "lesson"' | wc -l)
		if [ "$rc" = 1 ] && [ "$n" -gt 0 ]; then ok "fault $f: $scene -m gemma4-31b $sets fails $n checks"
		else fail "fault $f: $scene -m gemma4-31b survives with $sets (exit $rc)"; fi
	done
done

# Two models side by side: the second's checks (keys @2) fail under the
# same fault, by formula or reference (no lesson figure holds for it).
pairs='gqa|cache_bytes|mistral-7b
mla-bytes|size_token|deepseek-v2-lite
iswa|size_swa_cells|gemma2-9b
cost|size_flops|mixtral-8x7b
memory|size_alloc|qwen3-next-80b
fit|fit_total|llama3-8b'
echo "$pairs" | while IFS='|' read -r scene f m2; do
	got=$(ATTNVIZ_FAULT=$f "$FAULTY" --summary "$scene" -m llama3-70b -m "$m2" 2>&1); rc=$?
	n=$(printf '%s\n' "$got" | awk -F'\t' '$2 ~ /@2$/ && $5 == "FAIL" && $6 != "lesson"' | wc -l)
	if [ "$rc" = 1 ] && [ "$n" -gt 0 ]; then ok "fault $f: $scene -m llama3-70b -m $m2 fails $n @2 checks"
	else fail "fault $f: $scene's @2 checks survive beside $m2 (exit $rc)"; fi
done

# Every scene is in the table: a new scene needs a fault.
for scene in $("$FAULTY" --list | awk -F'\t' '$1 == "scene" { print $3 }'); do
	echo "$table" | grep -q "^$scene|" || fail "fault: $scene has no fault in tests/fault.sh"
done
