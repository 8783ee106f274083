#!/bin/sh
# --set weights=TYPE against the real llama-quantize: for f16/bf16 GGUFs of
# several families (written by build/gguf_write with every tensor of its
# architecture, sparse and full-size, the shapes of tests/engine.sh), each
# llama-quantize type's total in `attnviz --fit ... --set weights=TYPE`
# equals the bytes of llama_model_quantize's dry run (params.dry_run: the
# final size, nothing written), summed by tests/quant_probe.c from the
# type and shape of each tensor llama.cpp chose, to the byte.
cd "$(dirname "$0")/.." || exit 2
. tests/lib.sh
: "${GGUF_WRITE:=build/gguf_write}"
: "${LLAMA_DIR:=build/llama}"
lib=$(cd "$LLAMA_DIR/lib" 2>/dev/null && pwd)
src="$LLAMA_DIR/src"
if [ -z "$lib" ] || [ ! -f "$src/include/llama.h" ]; then
	echo "skip - quant: llama.cpp not fetched (sh tools/fetch-llama.sh)"
	exit 0
fi
[ -x "$GGUF_WRITE" ] || { fail "quant: $GGUF_WRITE was not built (make $GGUF_WRITE)"; exit 0; }
probe=build/quant_probe
if ! ${CC:-cc} -std=c11 -O1 -I"$src/include" -I"$src/ggml/include" -o $probe tests/quant_probe.c -L"$lib" \
	-l:libllama.v0.5.0.so -l:libggml.v0.5.0.so -l:libggml-base.so -Wl,-rpath,"$lib" 2>build/quant_probe.err; then
	fail "quant: tests/quant_probe.c does not build ($(head -n 1 build/quant_probe.err))"
	exit 0
fi
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
# The GGUF fixtures of tests/engine.sh (tests/ggufs.sh).
. tests/ggufs.sh
dense llama 32 4096 32 8 128 14336 128256 out "llama.rope.freq_base f32 500000" >"$d/llama3-8b.spec"
dense qwen2 28 3584 28 4 128 18944 152064 "out bias" "qwen2.rope.freq_base f32 1000000" >"$d/qwen2.5-7b.spec"
dense gemma3 62 5376 32 16 128 21504 262208 "post qknorm" "gemma3.attention.sliding_window u32 1024" \
	"gemma3.rope.freq_base f32 1000000" >"$d/gemma3-27b.spec"
gptoss >"$d/gpt-oss-20b.spec"
qwen3moe >"$d/qwen3-30b-a3b.spec"
dsv2lite >"$d/deepseek-v2-lite.spec"
qwen3next >"$d/qwen3-next-80b.spec"
# llama-quantize's names and llama_ftype numbers (llama.h)
types="Q4_0:2 Q4_1:3 Q5_0:8 Q5_1:9 Q8_0:7 Q2_K:10 Q2_K_S:21 Q3_K_S:11 Q3_K_M:12 Q3_K_L:13 Q4_K_S:14 Q4_K_M:15
Q5_K_S:16 Q5_K_M:17 Q6_K:18 IQ1_S:24 IQ1_M:31 IQ2_XXS:19 IQ2_XS:20 IQ2_S:28 IQ2_M:29 IQ3_XXS:23 IQ3_XS:22
IQ3_S:26 IQ3_M:27 IQ4_NL:25 IQ4_XS:30 TQ1_0:36 TQ2_0:37 MXFP4_MOE:38 F16:1 BF16:32 F32:0"
ids=$(for t in $types; do printf '%s ' "${t#*:}"; done)
for m in llama3-8b qwen2.5-7b gemma3-27b gpt-oss-20b qwen3-30b-a3b deepseek-v2-lite qwen3-next-80b; do
	if ! "$GGUF_WRITE" "$d/$m.gguf" <"$d/$m.spec" 2>"$d/err"; then
		fail "quant: $m: gguf_write: $(head -n 1 "$d/err")"
		continue
	fi
	nice $probe "$d/$m.gguf" $ids >"$d/$m.probe" 2>/dev/null
	bad="" n=0
	for t in $types; do
		name=${t%:*} id=${t#*:}
		want=$(awk -v id="$id" '$1 == "Q" && $2 == id { print $3 }' "$d/$m.probe")
		got=$("$ATTNVIZ" --fit 2000GiB -m "$d/$m.gguf" --set weights="$name" --format tsv 2>&1 | awk -F'\t' 'NR == 2 { print $3 }')
		n=$((n + 1))
		[ -n "$want" ] && [ "$got" = "$want" ] || bad="$bad $name (attnviz '$got', llama.cpp '$want')"
	done
	[ -z "$bad" ] && ok "quant: $m: all $n llama-quantize types equal llama_model_quantize's dry run to the byte" ||
		fail "quant: $m:$bad"
done
# A lower-case name is the same type; an unknown one is one line listing the valid ones.
expect_eq "quant: weights=q4_k_m is Q4_K_M" \
	"$("$ATTNVIZ" --fit 24GiB -m "$d/llama3-8b.gguf" --set weights=q4_k_m --format tsv)" \
	"$("$ATTNVIZ" --fit 24GiB -m "$d/llama3-8b.gguf" --set weights=Q4_K_M --format tsv)"
"$ATTNVIZ" --fit 24GiB --set weights=Q4_K_X >"$d/out" 2>"$d/err"
expect_eq "quant: weights=Q4_K_X: exit 2, one line naming the valid types, nothing on stdout" \
	"$? $(wc -l <"$d/err") $(wc -c <"$d/out") $(grep -c 'Q4_K_M, Q5_K_S.*IQ4_XS.*MXFP4_MOE, F16, BF16' "$d/err")" "2 1 0 1"
