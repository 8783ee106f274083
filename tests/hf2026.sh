#!/bin/sh
# config.json of the 2026 families (DESIGN section 5, issue 20): each
# published config in tests/hf sized at -c 4096 and 131072 against figures
# derived by hand from llama.cpp's rules (release v0.5.0,
# build/llama/release.json), and identical, scene by scene, to the same model
# in another form: the INI file in assets/models (whose figures
# tests/families.sh derives), or a GGUF header written here with the keys
# llama.cpp's converter writes for that config (conversion/*.py, named with
# each one).  The memory scene's weights differ by design: config.json's are
# estimated from the architecture, the INI's are the model card's.
cd "$(dirname "$0")/.." || exit 2
. tests/lib.sh
: "${GGUF_WRITE:=build/gguf_write}"
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT

# fx NAME: the fixture's directory: tests/hf, or tests/models for the
# LFM2.5-Audio tokenizer, whose every attention layer is windowed, and Gemma
# 4 26B-A4B (tests/checks.sh walks tests/hf)
fx() { if [ -d "tests/hf/$1" ]; then echo "tests/hf/$1"; else echo "tests/models/$1"; fi; }
# at CTX MODEL KEY: the iswa scene's value of KEY at -c CTX (0 when absent)
at() { v=$(sval iswa "$3" -m "$2" --set ctx="$1"); echo "${v:-0}"; }
# same NAME A B: the model scenes' summaries of A and B are identical
# (weights, and the totals that add them, left out of the memory scene's)
# (the twelve summaries from one process: tests/lib.sh answers)
same() {
	rm -rf "$d/same" && mkdir "$d/same"
	for sc in iswa gqa mla-bytes fa-engines score-matrix memory; do
		echo "a.$sc --summary $sc -m $2"
		echo "b.$sc --summary $sc -m $3"
	done | answers "$d/same"
	for sc in iswa gqa mla-bytes fa-engines score-matrix memory; do
		grep -Ev '	(weights_bytes|total_bytes)	' "$d/same/a.$sc" >"$d/a"
		grep -Ev '	(weights_bytes|total_bytes)	' "$d/same/b.$sc" >"$d/b"
		if [ "$(wc -l <"$d/a")" -gt 3 ] && cmp -s "$d/a" "$d/b"; then
			ok "hf2026: $1: $sc summary the same from $(basename "$2") and $(basename "$3") ($(wc -l <"$d/a") lines)"
		else
			fail "hf2026: $1: $sc differs: $(diff "$d/a" "$d/b" | head -3 | tr '\n' ' ')"
		fi
	done
}

# Per model: attention layers, chunked layers, recurrent layers, KV bytes at
# 4096 and 131072, recurrent state bytes (one sequence, f16 cache, -ub 512).
# Qwen3-Next, Llama 4 Scout, GLM-4.5-Air, DeepSeek-V3.2: tests/families.sh
# derives these (the nextn block of 49 / 47 / 62 filtered out, chunked cells
# pad256(8192 + 512) = 8704, the indexer's K row of 128 beside the latent 576).
# Nemotron-H-8B (src/models/nemotron-h.cpp: a block is Mamba2 when its
# head_count_kv and feed_forward_length are both 0): the pattern
# M-M-M-M*-M-M-M-M-M*-... has 24 M, 4 *, 24 -; KV 4 layers x 8 heads x 128 x
# (K + V) x 2 B = 16384 B a cell: 67108864 at 4096, 2147483648 at 131072.
# Its state (llama-hparams.cpp n_embd_r, n_embd_s; d_inner = mamba_num_heads
# 128 x mamba_head_dim 64 = 8192, the converter's NemotronHModel):
# n_embd_r = (4 - 1) x (8192 + 2 x 8 groups x 128) = 30720, n_embd_s = 128 x
# 8192 = 1048576; f32: 24 x 4 x 1079296 = 103612416 at any context.
# Granite-4.0-H-Small: layer_types attention at 5, 15, 25, 35, mamba
# elsewhere: KV as Nemotron-H's (4 x 8 x 128): 67108864, 2147483648; d_inner
# = mamba_expand 2 x hidden_size 4096 = 8192 (GraniteHybridModel), 1 group:
# n_embd_r = 3 x (8192 + 2 x 128) = 25344, n_embd_s = 1048576; 36 x 4 x
# 1073920 = 154644480.
# Nemotron 3 Nano 30B-A3B (nemotron_h_moe: the same filters; its E blocks
# have feed_forward_length moe_intermediate_size, so keep nothing): the
# pattern MEMEM*EMEMEM*... has 23 M, 6 *, 23 E; KV 6 x 2 heads x 128 x 2 x
# 2 B = 6144 B a cell: 25165824 at 4096 (llama.cpp allocates 24.00 MiB),
# 805306368 at 131072; d_inner = 64 heads x 64 = 4096, 8 groups: n_embd_r =
# 3 x (4096 + 2 x 8 x 128) = 18432, n_embd_s = 128 x 4096 = 524288; 23 x 4
# x 542720 = 49930240 (llama.cpp's RS buffer: 47.62 MiB).
# Qwen3.5-27B (conversion/qwen.py Qwen3_5TextModel = Qwen3NextModel's keys,
# LLM_ARCH_QWEN35): layer_types full_attention at every fourth of 64, the MTP
# block appended and filtered; KV 16 layers x 4 heads x 256 x (K + V) x 2 B =
# 65536 B a cell: 268435456 at 4096, 8589934592 at 131072.  State: d_inner =
# linear_value_head_dim 128 x linear_num_value_heads 48 = 6144, n_embd_r =
# 3 x (6144 + 2 x 16 key heads x 128) = 30720, n_embd_s = 128 x 6144 =
# 786432; f32: 48 x 4 x 817152 = 156893184.
# LFM2-1.2B and LFM2-8B-A1B (conversion/lfm2.py: head_count_kv 0 on the
# layer_types "conv" blocks, shortconv.l_cache = conv_L_cache 3): 6
# attention blocks of 8 heads x 64 each: 6 x 8 x 64 x (K + V) x 2 B = 12288 B
# a cell, 50331648 at 4096, 1610612736 at 131072; the state n_embd 2048 x
# (3 - 1) f32 a conv block (llama-hparams.cpp n_embd_r; n_embd_s 0): 10 x
# 16384 = 163840, 18 x 16384 = 294912.
# Jamba-v0.1 (conversion/jamba.py): attention at attn_layer_offset 4 every
# attn_layer_period 8 (4, 12, 20, 28), Mamba-1 on the other 28; KV 4 x 8 x
# 128 x 2 x 2 B = 16384 B a cell: 67108864, 2147483648.  State, no groups:
# d_inner = mamba_expand 2 x 4096 = 8192, n_embd_r = (4 - 1) x 8192 = 24576,
# n_embd_s = mamba_d_state 16 x 8192 = 131072; f32: 28 x 4 x 155648 =
# 17432576.
# Falcon-H1-7B (conversion/falcon_h1.py; create_memory keeps KV and a state
# on every one of the 44 layers): KV 44 x 2 heads x 128 x 2 x 2 B = 45056 B a
# cell: 184549376, 5905580032.  State: d_inner mamba_d_ssm 3072, 1 group,
# d_state 256: n_embd_r = 3 x (3072 + 2 x 256) = 10752, n_embd_s = 256 x 3072
# = 786432; f32: 44 x 4 x 797184 = 140304384.
# GLM-5 (conversion/glm.py GlmMoeDsaModel over DeepseekV2Model, glm-dsa):
# the latent kv_lora_rank 512 + qk_rope_head_dim 64 and the indexer's K row
# index_head_dim 128, f16: (576 + 128) x 2 = 1408 B a layer, on the 78 main
# layers (the nextn block 79 filtered): 109824 B a cell, 449839104 at 4096,
# 14394851328 at 131072.
# Gemma 3n E4B (conversion/gemma.py Gemma3NModel; src/models/gemma3n.cpp:
# layer_types as sliding_window_pattern, n_layer_kv_from_start fixed at 20):
# of the 20 layers with a cache, 4 full and 16 sliding, 2 KV heads of 256:
# 2048 B a cell a layer; the sliding cells pad256(512 + 512) = 1024: 16 x
# 1024 x 2048 = 33554432 beside 4 x 2048 x ctx: 67108864 at 4096,
# 1107296256 at 131072; layers 20 to 34 shared, no cells.
# Gemma 4 31B (conversion/gemma.py Gemma4Model): 10 full layers of 4 KV
# heads of global_head_dim 512, K and V: 8192 B a cell a layer, 81920 B a
# cell; 50 sliding layers of 16 heads of 256: 16384 B a cell a layer on
# pad256(1024 + 512) = 1536 cells, 1258291200; 1593835520 at 4096,
# 11995709440 at 131072.
# The LFM2.5-Audio tokenizer (conversion/lfm2.py LFM25AudioTokenizer writes
# attention.sliding_window 30; src/models/lfm2.cpp then marks every
# attention block sliding, and create_memory builds a
# llama_memory_hybrid_iswa whose base cache has no layer): 3 sliding blocks
# of 8 KV heads of 512 / 16 = 32, K and V f16: 3 x 8 x 32 x 2 x 2 B = 3072 B
# a cell, on pad256(min(ctx, 30 + 512)) = pad256(542) = 768 cells
# (llama-kv-cache-iswa.cpp size_swa): 2359296 at 4096 and at 131072 alike;
# no full layer.  The state 512 x (3 - 1) f32 on 5 conv blocks: 20480.
# Gemma 4 26B-A4B (its experts leave the cache as it is): 5 full layers of 2
# KV heads of 512, K and V: 4096 B a cell a layer, 20480 B a cell; 25
# sliding layers of 8 heads of 256: 8192 B a cell a layer on pad256(1024 +
# 512) = 1536 cells, 314572800; 398458880 at 4096, 2998927360 at 131072.
# The figures, then the iswa summaries at both contexts of every model from
# one process (tests/lib.sh answers).
cat >"$d/layers" <<'X'
qwen3-next-80b 12 0 36 100663296 3221225472 79036416
llama4-scout 12 36 0 805306368 7725907968 0
glm-4.5-air 46 0 0 771751936 24696061952 0
deepseek-v3.2 61 0 0 351797248 11257511936 0
nemotron-h-8b 4 0 24 67108864 2147483648 103612416
granite-4.0-h-small 4 0 36 67108864 2147483648 154644480
nemotron-3-nano 6 0 23 25165824 805306368 49930240
qwen3.5-27b 16 0 48 268435456 8589934592 156893184
lfm2-1.2b 6 0 10 50331648 1610612736 163840
lfm2-8b-a1b 6 0 18 50331648 1610612736 294912
jamba-v0.1 4 0 28 67108864 2147483648 17432576
falcon-h1-7b 44 0 44 184549376 5905580032 140304384
glm-5 78 0 0 449839104 14394851328 0
gemma-3n-e4b 4 16 0 67108864 1107296256 0
gemma4-31b 10 50 0 1593835520 11995709440 0
lfm2.5-audio-tokenizer 0 3 5 2359296 2359296 20480
gemma4-26b-a4b 5 25 0 398458880 2998927360 0
X
mkdir "$d/at"
while read -r dir rest; do
	for c in 4096 131072; do echo "$dir.$c --summary iswa -m $(fx "$dir") --set ctx=$c"; done
done <"$d/layers" | answers "$d/at"
# at2 DIR CTX KEY: KEY of DIR's summary at -c CTX (0 when absent)
at2() { v=$(awk -F'\t' -v k="$3" '$2 == k { print $3 }' "$d/at/$1.$2"); echo "${v:-0}"; }
while read -r dir full chunked recurrent kv4k kv128k state; do
	expect_eq "hf2026: $dir: attention / chunked / recurrent layers" \
		"$(at2 $dir 4096 global_layers)/$(at2 $dir 4096 local_layers)/$(at2 $dir 4096 recurrent_layers)" \
		"$full/$chunked/$recurrent"
	expect_eq "hf2026: $dir: KV bytes at -c 4096" "$(at2 $dir 4096 total_bytes)" "$kv4k"
	expect_eq "hf2026: $dir: KV bytes at -c 131072" "$(at2 $dir 131072 total_bytes)" "$kv128k"
	expect_eq "hf2026: $dir: recurrent state at 4096 and 131072" \
		"$(at2 $dir 4096 recurrent_bytes)/$(at2 $dir 131072 recurrent_bytes)" "$state/$state"
done <"$d/layers"
expect_eq "hf2026: granite-4.0-h-small: 3 sequences keep 3 state rows" \
	"$(sval iswa recurrent_bytes -m tests/hf/granite-4.0-h-small --set n_seq=3)" $((3 * 154644480))
expect_eq "hf2026: llama4-scout: chunked cells at 131072 = pad256(8192 + 512)" \
	"$(at 131072 tests/hf/llama4-scout swa_cells)" 8704
expect_eq "hf2026: deepseek-v3.2: the indexer's K head (index_head_dim)" \
	"$("$ATTNVIZ" --export-model -m tests/hf/deepseek-v3.2 | awk '$1 == "indexer_head_dim" { print $3 }')" 128
expect_eq "hf2026: glm-5: the indexer's top-k (index_topk)" \
	"$("$ATTNVIZ" --export-model -m tests/hf/glm-5 | awk '$1 == "indexer_top_k" { print $3 }')" 2048
# Qwen3-Next's rotary dims: int(head_dim 256 x partial_rotary_factor 0.25)
# (conversion/qwen.py); GLM-4.5-Air's int(128 x 0.5) (conversion/glm.py).
# The rope scene shows one theta a rotated pair.  Gemma 4's full layers:
# rope.dimension_count is global_head_dim 512 (conversion/gemma.py
# Gemma4Model, "proportional"), 256 pairs at base^(-2i / 512) as ggml_rope_ext
# gets them in src/models/gemma4.cpp; rope_freqs 1e30 then freeze 192 of them.
for row in qwen3-next-80b:32 glm-4.5-air:32 llama4-scout:64 qwen3.5-27b:32 glm-5:32 gemma4-31b:256; do
	expect_eq "hf2026: ${row%%:*}: rotated pairs as the converter writes rope.dimension_count / 2" \
		"$("$ATTNVIZ" --summary rope -m "tests/hf/${row%%:*}" | grep -c '	theta\.')" "${row##*:}"
done
# Its rope screen at 80x24 keeps every number whole: pair i never turns in
# training when 2 pi x 1e6^(2i / 512) > 262144, i > 256 x ln(41721.5) / ln(1e6)
# = 197.1: pairs 198 to 255, 58 of 256.
fr=$("$ATTNVIZ" --frame rope -m tests/hf/gemma4-31b --format txt)
expect_eq "hf2026: gemma4-31b: rope's side panel whole at 80x24" \
	"$(printf '%s\n' "$fr" | grep -c -e 'train 262144, to 1048576 │' \
		-e '58/256 pairs: < 1 turn   │' -e '(tokens)   (rad)  │')" 3
expect_eq "hf2026: gemma4-31b: rope-pi's training length whole at 80x24" \
	"$("$ATTNVIZ" --frame rope-pi -m tests/hf/gemma4-31b --format txt | grep -c 'train 262144, to 1048576 │')" 1

# The other ways a config says its layers give the same model: Qwen3-Next's
# layer_types (newer transformers write it; the converter turns it into
# attention.recurrent_layers), Granite's attn_layer_indices (get_attn_layers);
# and a layer_types that says otherwise is followed.
mkdir -p "$d/q3n-lt" "$d/q3n-lt2" "$d/gr-ix"
lt=$(awk 'BEGIN { for (i = 0; i < 48; i++) printf "%s\"%s\"", i ? ", " : "", (i + 1) % 4 ? "linear_attention" : "full_attention" }')
lt2=$(awk 'BEGIN { for (i = 0; i < 48; i++) printf "%s\"%s\"", i ? ", " : "", (i + 1) % 2 ? "linear_attention" : "full_attention" }')
sed "s/\"full_attention_interval\": 4,/&\n  \"layer_types\": [$lt],/" tests/hf/qwen3-next-80b/config.json >"$d/q3n-lt/config.json"
sed "s/\"full_attention_interval\": 4,/&\n  \"layer_types\": [$lt2],/" tests/hf/qwen3-next-80b/config.json >"$d/q3n-lt2/config.json"
same "qwen3-next-80b (layer_types)" tests/hf/qwen3-next-80b "$d/q3n-lt"
expect_eq "hf2026: qwen3-next with every other layer full_attention: 24 attention, 24 recurrent layers" \
	"$(at 4096 "$d/q3n-lt2" global_layers)/$(at 4096 "$d/q3n-lt2" recurrent_layers)" 24/24
sed '/"layer_types": \[/,/\],/d; s/"logits_scaling": 16,/"attn_layer_indices": [5, 15, 25, 35],\n  &/' \
	tests/hf/granite-4.0-h-small/config.json >"$d/gr-ix/config.json"
same "granite-4.0-h-small (attn_layer_indices)" tests/hf/granite-4.0-h-small "$d/gr-ix"

# The same models as INI files.
for pair in qwen3-next-80b:qwen3-next-80b llama4-scout:llama4-scout glm-4.5-air:glm-4.5-air \
	deepseek-v3.2:deepseek-v3.2 qwen3.5-27b:qwen3.5-27b lfm2-1.2b:lfm2-1.2b \
	jamba-v0.1:jamba-v0.1 falcon-h1-7b:falcon-h1-7b glm-5:glm-5 gemma-3n-e4b:gemma-3n-e4b \
	nemotron-3-nano:nemotron-3-nano; do
	same "${pair%%:*}" "tests/hf/${pair%%:*}" "assets/models/${pair##*:}.ini"
done
same gemma4-31b tests/hf/gemma4-31b assets/models/gemma4-31b.ini
same lfm2.5-audio-tokenizer tests/models/lfm2.5-audio-tokenizer tests/models/lfm2.5-audio-tokenizer.ini
same gemma4-26b-a4b tests/models/gemma4-26b-a4b tests/models/gemma4-26b-a4b.ini

# Every fixture exported as INI and loaded again gives the same numbers.
for dir in qwen3-next-80b llama4-scout glm-4.5-air deepseek-v3.2 nemotron-h-8b nemotron-3-nano granite-4.0-h-small qwen3.5-27b lfm2-1.2b lfm2-8b-a1b \
	jamba-v0.1 falcon-h1-7b glm-5 gemma-3n-e4b gemma4-31b lfm2.5-audio-tokenizer \
	gemma4-26b-a4b; do
	if "$ATTNVIZ" --export-model -m "$(fx "$dir")" >"$d/$dir.ini" 2>"$d/err"; then
		same "$dir (export)" "$(fx "$dir")" "$d/$dir.ini"
	else
		fail "hf2026: export $dir: $(cat "$d/err")"
	fi
done

# Nemotron-H and Granite as GGUF headers, with the keys the converter writes
# for these configs (conversion/nemotron.py NemotronHModel and granite.py
# GraniteHybridModel over GraniteMoeModel / LlamaModel: head_count_kv and
# feed_forward_length per block, key_length, ssm.* as above, rope dims
# hidden_size / heads, context_length 2^20 for a model without RoPE), and one
# tensor so the header is a model.
if [ ! -x "$GGUF_WRITE" ]; then
	fail "hf2026: $GGUF_WRITE was not built (make $GGUF_WRITE)"
	exit 0
fi
# gen OUT GENERATOR [ARGS]: OUT written from tests/ggufs.sh's generator, the
# one writer of GGUF fixtures (every key and tensor llama.cpp reads for the
# architecture; the engine tests load its files into the real llama.cpp)
. tests/ggufs.sh
gen() {
	out=$1
	shift
	"$@" | "$GGUF_WRITE" "$out" || fail "hf2026: writing $out"
}
pat=$(sed -n 's/.*"hybrid_override_pattern": "\([^"]*\)".*/\1/p' tests/hf/nemotron-h-8b/config.json)
gen "$d/nemotron-h-8b.gguf" nemotronh "$pat" 4096 32 8 8192 8 128 21504 131072 1048576
gpat=$(grep -o '"attention"\|"mamba"' tests/hf/granite-4.0-h-small/config.json | sed 's/"attention"/A/; s/"mamba"/M/' | tr -d '\n')
gen "$d/granite-4.0-h-small.gguf" granitehybrid "$gpat" 4096 32 8 8192 128 1 768 100352 1048576 72 10 8192
pat=$(sed -n 's/.*"hybrid_override_pattern": "\([^"]*\)".*/\1/p' tests/hf/nemotron-3-nano/config.json)
gen "$d/nemotron-3-nano.gguf" nemotronh "$pat" 2688 32 2 4096 8 64 1856 131072 1048576 128 6 3712
for m in nemotron-h-8b granite-4.0-h-small nemotron-3-nano; do
	same "$m" "tests/hf/$m" "$d/$m.gguf"
done
# and their parameters: Nemotron-H's blocks one norm each, a Mamba-2
# block's conv1d, A, D, dt and norm, the MLP only where the pattern has one
for m in nemotron-h-8b nemotron-3-nano; do
	expect_eq "hf2026: $m: config.json's estimate is the GGUF's count" \
		"$("$ATTNVIZ" --export-model -m "tests/hf/$m" |
			awk '$1 == "params" { printf "%.0f", $3 }')" \
		"$("$ATTNVIZ" --export-model -m "$d/$m.gguf" |
			awk '$1 == "params" { printf "%.0f", $3 }')"
done


# Gemma 4 E2B's double-wide MLP: feed_forward_length one a layer, 12288 on
# the 20 shared layers, 6144 on the others (Gemma4Model); the estimate
# counts each layer at its own width, 20 x 3 x 1536 x 6144 more than
# without use_double_wide_mlp, and an exported INI keeps the widths
mkdir -p "$d/e2n"
sed 's/"use_double_wide_mlp": true/"use_double_wide_mlp": false/' \
	tests/hfconv/gemma4-e2b/config.json >"$d/e2n/config.json"
"$ATTNVIZ" --export-model -m tests/hfconv/gemma4-e2b >"$d/e2.ini"
expect_eq "hf2026: gemma4-e2b: each layer's FFN at its width, kept in an INI" \
	"$("$ATTNVIZ" --export-model -m tests/hfconv/gemma4-e2b |
		awk '$1 == "params" { p = $3 } END { printf "%.0f", p }') $(
	"$ATTNVIZ" --export-model -m "$d/e2.ini" |
		awk '$1 == "ff_layers" { print $3 }')" \
	"$("$ATTNVIZ" --export-model -m "$d/e2n" |
		awk -v x=$((20 * 3 * 1536 * 6144)) '$1 == "params" {
			printf "%.0f", $3 + x }') 6144*15,12288*20"

# ERNIE 4.5 MoE's shared experts are one block of the width its converter
# writes, intermediate_size / num_key_value_heads (ernie4-5.cpp
# load_arch_tensors: n_ff_shexp), whatever their count says
mkdir -p "$d/ernie1"
sed 's/"moe_num_shared_experts": 2/"moe_num_shared_experts": 1/' \
	tests/hfconv/ernie4_5-moe/config.json >"$d/ernie1/config.json"
expect_eq "hf2026: ernie4_5-moe: 2 shared experts or 1, one block of 3072" \
	"$("$ATTNVIZ" --export-model -m tests/hfconv/ernie4_5-moe |
		awk '$1 == "params" { printf "%.0f", $3 }')" \
	"$("$ATTNVIZ" --export-model -m "$d/ernie1" |
		awk '$1 == "params" { printf "%.0f", $3 }')"

# Parameters estimated from a config.json against the GGUF of every tensor
# the loader creates (tests/ggufs.sh): Gemma 3n E4B's per-layer inputs,
# AltUp and LAuReL beside the layers (6868990448 both); Qwen3-Next's and
# Qwen3.5's gated wq, Gated DeltaNet projections, shared expert's gate and
# nextn eh_proj (81324860672, 27320692736); Jamba's Mamba-1 and Falcon-H1's
# Mamba-2 layers whole, conv1d, dt, A, D and norms (51570323328,
# 7585654880)
for gm in gemma-3n-e4b:gemma3n qwen3-next-80b:qwen3next qwen3.5-27b:qwen35 \
	jamba-v0.1:jamba falcon-h1-7b:falconh1; do
	gen "$d/${gm%%:*}.gguf" "${gm#*:}"
	expect_eq "hf2026: ${gm%%:*}: config.json's estimate is the GGUF's count" \
		"$("$ATTNVIZ" --export-model -m "tests/hf/${gm%%:*}" |
			awk '$1 == "params" { printf "%.0f", $3 }')" \
		"$("$ATTNVIZ" --export-model -m "$d/${gm%%:*}.gguf" |
			awk '$1 == "params" { printf "%.0f", $3 }')"
done

# LFM2-1.2B's FFN as the converter derives it (_add_feed_forward_length):
# block_ff_dim 12288 auto-adjusted, int(2 x 12288 / 3) = 8192, a multiple of
# block_multiple_of 256 already; and an older file that gives full_attn_idxs
# without layer_types is the same model.
expect_eq "hf2026: lfm2-1.2b: feed_forward_length from block_ff_dim 12288" \
	"$("$ATTNVIZ" --export-model -m tests/hf/lfm2-1.2b | awk '$1 == "ff" { print $3 }')" 8192
mkdir -p "$d/lfm2-ix"
sed '/"layer_types": \[/,/\],/d' tests/hf/lfm2-1.2b/config.json >"$d/lfm2-ix/config.json"
same "lfm2-1.2b (full_attn_idxs)" tests/hf/lfm2-1.2b "$d/lfm2-ix"

# LFM2-8B-A1B as a GGUF header with the keys LFM2MoeModel writes: head_count_kv
# 0 on the conv blocks, expert_feed_forward_length = moe_intermediate_size,
# leading_dense_block_count = num_dense_layers, shortconv.l_cache.
lat=$(grep -o '"conv"\|"full_attention"' tests/hf/lfm2-8b-a1b/config.json | awk '/full/ { printf "%d ", NR - 1 }')
gen "$d/lfm2-8b-a1b.gguf" lfm2 24 2048 32 8 7168 65536 "$lat" 0 32 4 1792 2
same lfm2-8b-a1b tests/hf/lfm2-8b-a1b "$d/lfm2-8b-a1b.gguf"

# Gemma 4 26B-A4B as the GGUF header Gemma4Model writes for its config: the
# per-layer head_count_kv and sliding_window_pattern, key_length 512 and
# key_length_swa 256, rope.dimension_count global_head_dim, and the MoE keys
# (expert_count num_experts, expert_used_count top_k_experts,
# expert_feed_forward_length moe_intermediate_size); the sizes as its
# config.json's and INI's.
gen "$d/gemma4-26b-a4b.gguf" gemma4moe
same gemma4-26b-a4b tests/models/gemma4-26b-a4b "$d/gemma4-26b-a4b.gguf"
# Its weights, estimated from config.json layer by layer (src/models/gemma4.cpp
# load_arch_tensors): embedding 262144 x 2816 = 738197504 (tied); a sliding
# layer's attention q 2816 x 16 x 256 + k, v 2816 x 8 x 256 each + o 16 x 256
# x 2816 + q/k norms 2 x 256 = 34603520, a full layer's (attention_k_eq_v: no
# v) 2816 x 16 x 512 x 2 + 2816 x 2 x 512 + 2 x 512 = 49021952; every layer
# the dense MLP 3 x 2816 x 2112 = 17842176, the router 2816 x 128 + 128 =
# 360576, 128 experts of 3 x 2816 x 704 = 5947392 each, 4 norms of 2816:
#   25 x 34603520 + 5 x 49021952 = 1110197760
#   30 x (17842176 + 360576 + 4 x 2816) = 546420480
#   30 x 128 x 5947392 = 22837985280 (8 of them a token: 1427374080)
#   + 738197504 + 2816 (final norm)
# = 25232803840 total, 3822192640 active: the model card's 25.2B and 3.8B
# (the GGUF of tests/engine.sh counts 25233138176 and 3822526976, the
# router's scale and the extra norms included).
expect_eq "hf2026: gemma4-26b-a4b: estimated parameters, total and active" \
	"$("$ATTNVIZ" --export-model -m tests/models/gemma4-26b-a4b | awk '$1 == "params" || $1 == "active_params" { printf "%.0f ", $3 }')" \
	"25232803840 3822192640 "
expect_eq "hf2026: gemma4-26b-a4b: experts, a token, an expert's width" \
	"$("$ATTNVIZ" --export-model -m tests/models/gemma4-26b-a4b | awk '$1 == "experts" || $1 == "experts_used" || $1 == "ff" { printf "%s ", $3 }')" \
	"128 8 704 "

# per_layer_config (transformers 5 writes it beside layer_types): without
# global_head_dim and num_global_key_value_heads the converter takes them from
# the first entry, in the file's order, of a full_attention layer that has
# them (Gemma4Model.set_gguf_parameters): here "0" (a sliding layer) and "11"
# (a later full one) are passed over, "5" gives 512 and 2: the same model.
mkdir -p "$d/g4pl" "$d/g4pl2"
sed '/"global_head_dim"/d; /"num_global_key_value_heads"/d; s/"num_kv_shared_layers": 0,/&\n    "per_layer_config": {"0": {"head_dim": 128}, "5": {"head_dim": 512, "num_key_value_heads": 2}, "11": {"head_dim": 64}},/' \
	tests/models/gemma4-26b-a4b/config.json >"$d/g4pl/config.json"
same "gemma4-26b-a4b (per_layer_config)" tests/models/gemma4-26b-a4b "$d/g4pl"
# An entry of head_dim 256 for layer 11 first: layer 11 is full, so its
# 256 is the converter's key_length: 5 x 2 x 256 x 2 x 2 B = 10240 B a cell,
# 1342177280 at 131072 beside the sliding layers' 314572800.
sed '/"global_head_dim"/d; s/"num_kv_shared_layers": 0,/&\n    "per_layer_config": {"11": {"head_dim": 256}, "5": {"head_dim": 512}},/' \
	tests/models/gemma4-26b-a4b/config.json >"$d/g4pl2/config.json"
expect_eq "hf2026: gemma4-26b-a4b: per_layer_config's first full entry gives global_head_dim" \
	"$(at 131072 "$d/g4pl2" global_bytes) $(at 131072 "$d/g4pl2" local_bytes)" "1342177280 314572800"

# LFM2 with a sliding window: the LFM2.5-Audio tokenizer's GGUF header as
# LFM25AudioTokenizer writes it (LFM2Model's keys and attention.sliding_window).
gen "$d/lfm2.5-audio-tokenizer.gguf" lfm2 8 512 16 8 2304 65536 "2 4 6" 30
same lfm2.5-audio-tokenizer tests/models/lfm2.5-audio-tokenizer "$d/lfm2.5-audio-tokenizer.gguf"
# The window grows the cells, the full cache never comes: sliding_window 1000
# gives pad256(1000 + 512) = 1536 cells, 4718592 B; n_seq 3 unified keeps
# one stream of pad256(3 x 30 + 512) = 768 cells, and 3 state rows (61440).
lt=tests/models/lfm2.5-audio-tokenizer
mkdir -p "$d/lfmw"
sed 's/"sliding_window": 30/"sliding_window": 1000/' $lt/config.json >"$d/lfmw/config.json"
expect_eq "hf2026: lfm2.5-audio-tokenizer with sliding_window 1000: cells, KV bytes" \
	"$(at 131072 "$d/lfmw" swa_cells) $(at 131072 "$d/lfmw" total_bytes)" "1536 4718592"
expect_eq "hf2026: lfm2.5-audio-tokenizer: n_seq 3 unified: cells, KV, state" \
	"$(sval iswa swa_cells -m $lt --set n_seq=3 --set unified=1) $(sval iswa total_bytes -m $lt --set n_seq=3 --set unified=1) $(sval iswa recurrent_bytes -m $lt --set n_seq=3 --set unified=1)" \
	"768 2359296 61440"
# swa_full: the window's layers take the whole context (size_swa = size_base):
# 3072 B a cell (all 3 layers) x 131072 = 402653184.
expect_eq "hf2026: lfm2.5-audio-tokenizer: swa_full at 131072" \
	"$(sval iswa total_bytes -m $lt --set ctx=131072 --set swa_full=1)" 402653184
# A window of 0 is none (lfm2.cpp sets swa_type only for n_swa > 0): the
# full cache, 3072 x 4096 = 12582912.
mkdir -p "$d/lfm0"
sed 's/"sliding_window": 30/"sliding_window": 0/' $lt/config.json >"$d/lfm0/config.json"
expect_eq "hf2026: lfm2.5-audio-tokenizer with sliding_window 0: full layers, KV bytes" \
	"$(at 4096 "$d/lfm0" global_layers) $(at 4096 "$d/lfm0" total_bytes)" "3 12582912"
# Only LFM25AudioTokenizer writes the key: an Lfm2ForCausalLM file's
# sliding_window reaches no GGUF, so llama.cpp keeps a full cache (3072 x
# 4096 = 12582912) and says why.
mkdir -p "$d/lfmc"
sed 's/"Lfm25AudioTokenizer"/"Lfm2ForCausalLM"/' $lt/config.json >"$d/lfmc/config.json"
expect_eq "hf2026: Lfm2ForCausalLM with a sliding_window: full cache, and a note" \
	"$(at 4096 "$d/lfmc" global_layers) $(at 4096 "$d/lfmc" total_bytes) $("$ATTNVIZ" --export-model -m "$d/lfmc" | grep -c 'LFM2Model writes none')" \
	"3 12582912 1"
# The tokenizer itself: its window is read, so no "ignored" note is written.
expect_eq "hf2026: lfm2.5-audio-tokenizer: window used, no note" \
	"$("$ATTNVIZ" --export-model -m $lt | awk '$1 == "window_used" { print $3 } $1 == "note" { print "note" }')" 1

# "auto" as transformers computes it: Jamba's mamba_dt_rank ceil(4096 / 16) =
# 256: the same model.  (Falcon-H1's converter reads config.json as it is
# and cannot divide by "auto": tests/hfconfig.sh.)
mkdir -p "$d/jamba-auto"
sed 's/"mamba_dt_rank": 256/"mamba_dt_rank": "auto"/' tests/hf/jamba-v0.1/config.json >"$d/jamba-auto/config.json"
same "jamba-v0.1 (mamba_dt_rank auto)" tests/hf/jamba-v0.1 "$d/jamba-auto"
expect_eq "hf2026: gemma-3n-e4b: layers 20 to 34 reuse an earlier layer's cache" \
	"$(sval memory layers_shared -m tests/hf/gemma-3n-e4b)" 15

# Qwen3.5-35B-A3B (Qwen3_5MoeTextModel, LLM_ARCH_QWEN35MOE): 10 attention
# layers of 2 KV heads of 256: 20480 B a cell, 83886080 at 4096, 2684354560
# at 131072; state d_inner 128 x 32 = 4096, n_embd_r = 3 x (4096 + 2 x 16 x
# 128) = 24576, n_embd_s = 128 x 4096 = 524288; f32: 30 x 4 x 548864 =
# 65863680.  The estimated parameter count near its name's 35B (3 %).
q35m=tests/hf/qwen3.5-35b-a3b
expect_eq "hf2026: qwen3.5-35b-a3b: attention / recurrent layers, KV at 4096 and 131072, state" \
	"$(at 4096 $q35m global_layers)/$(at 4096 $q35m recurrent_layers) $(at 4096 $q35m total_bytes) $(at 131072 $q35m total_bytes) $(at 131072 $q35m recurrent_bytes)" \
	"10/30 83886080 2684354560 65863680"
p=$("$ATTNVIZ" --export-model -m $q35m | awk '$1 == "params" { print $3 }')
if [ -n "$p" ] && awk -v p="$p" 'BEGIN { exit !(p > 0.97 * 35e9 && p < 1.03 * 35e9) }'; then
	ok "hf2026: qwen3.5-35b-a3b: estimated parameters $p within 3 % of 35B"
else
	fail "hf2026: qwen3.5-35b-a3b: estimated parameters '$p' not within 3 % of 35B"
fi
# and as the GGUF header the converter writes for it (Qwen3NextModel over
# Qwen2MoeModel: expert_feed_forward_length, expert_shared_feed_forward_length)
gen "$d/qwen3.5-35b-a3b.gguf" qwen35 41 2048 16 2 0 32 256 8 512 512
same qwen3.5-35b-a3b $q35m "$d/qwen3.5-35b-a3b.gguf"
# llama.cpp's gemma3n shares from layer 20 whatever num_kv_shared_layers says
# (Gemma3NModel writes it as attention.shared_kv_layers, which gemma3n.cpp
# does not read): a file saying 10 keeps 15 shared layers, and says why.
mkdir -p "$d/g3n-shared"
sed 's/"num_kv_shared_layers": 15/"num_kv_shared_layers": 10/' tests/hf/gemma-3n-e4b/config.json >"$d/g3n-shared/config.json"
expect_eq "hf2026: gemma-3n-e4b with num_kv_shared_layers 10: still 15 shared layers, and a note" \
	"$(sval memory layers_shared -m "$d/g3n-shared") $("$ATTNVIZ" --export-model -m "$d/g3n-shared" | grep -c 'shared_kv_layers .*not read by llama.cpp.s gemma3n loader')" "15 1"

# The families of src/families/ that read a config.json (their .hf): each
# tests/hfconv/NAME/config.json against converted.gguf, the header llama.cpp's
# converter wrote for it (tools/hf-gguf-header.py runs the converter's own
# class and set_gguf_parameters; not run here).  The memory scene's summary
# (every cache: KV layer by layer, recurrent, indexer and compressed; compute
# and output buffers) at three deployments, and the exported fields that
# describe the layers, must agree.  Not compared: the weights (config.json's
# are estimated, the header holds one tensor) and the totals that add them;
# rope scaling (the converter moves llama3's into a rope_freqs tensor), the
# base (a float32 in the GGUF) and sliding_window (config.json's, kept with
# the note that llama.cpp ignores it).
# (every answer from one process: tests/lib.sh answers)
hfconv_keep='^(layers|heads|kv_heads|head_dim|head_dim_v|ctx_train|experts|'\
'experts_used|embd|ff|kind|dims|vocab) '
# hfconv_fields FILE: the exported fields that describe the layers
hfconv_fields() {
	grep -v '^;' "$1" | sed 's/ *;.*//' | grep -E "$hfconv_keep"
}
# hfconv_memory FILE: a memory summary without the weights
hfconv_memory() {
	grep -Ev '	(weights_bytes|total_bytes)	' "$1"
}
hfconv_deps="|--set ctx=100000 --set n_seq=3 --set ubatch=513|\
--set ctx=131072 --set k_type=q8_0 --set v_type=q4_0|\
--set ctx=131072 --set k_type=q8_0 --set v_type=q8_0"
rm -rf "$d/hc" && mkdir "$d/hc"
for hc in tests/hfconv/*/; do
	n=$(basename "$hc")
	echo "$n.fa --export-model -m $hc"
	echo "$n.fb --export-model -m $hc/converted.gguf"
	i=0
	IFS='|'
	for dep in $hfconv_deps; do
		unset IFS
		i=$((i + 1))
		echo "$n.a$i --summary memory -m $hc $dep"
		echo "$n.b$i --summary memory -m $hc/converted.gguf $dep"
		IFS='|'
	done
	unset IFS
done | answers "$d/hc"
for hc in tests/hfconv/*/; do
	n=$(basename "$hc")
	# an MLA cache keeps K and V of one type (llama_init_from_model
	# refuses q8_0 beside q4_0): its third deployment is the fourth
	hfconv_fields "$d/hc/$n.fa" > "$d/fa"
	hfconv_fields "$d/hc/$n.fb" > "$d/fb"
	third=3
	grep -q '^kind *= mla$' "$d/fa" && third=4
	for i in 1 2 $third; do
		hfconv_memory "$d/hc/$n.a$i" > "$d/a"
		hfconv_memory "$d/hc/$n.b$i" > "$d/b"
		dep=$(echo "$hfconv_deps" | cut -d'|' -f"$i")
		# a cache whose V is a view of K (MLA's latent, DeepSeek V4's
		# K-only caches) takes no V type of its own: llama.cpp refuses
		# the mix, from either form alike; then V q8_0 beside K's
		if grep -q 'does not support different K (q8_0) and V (q4_0)' \
			"$d/a" && cmp -s "$d/a" "$d/b"; then
			ok "hfconv: $n refuses K q8_0 beside V q4_0 as its GGUF does"
			dep=$(echo "$hfconv_deps" | cut -d'|' -f4)
			hfconv_memory "$d/hc/$n.a4" > "$d/a"
			hfconv_memory "$d/hc/$n.b4" > "$d/b"
		fi
		# a model llama.cpp runs without flash attention (Grok)
		# refuses a quantized V from either form alike
		if grep -q 'quantized V cache requires flash_attn' "$d/a" &&
			cmp -s "$d/a" "$d/b"; then
			ok "hfconv: $n refuses a quantized V as its GGUF does [$dep]"
		elif grep -q '^memory	kv_bytes	[0-9]' "$d/a" &&
			cmp -s "$d/a" "$d/b"; then
			ok "hfconv: $n memory as the converter's GGUF [$dep] ($(wc -l < "$d/a") lines)"
		else
			fail "hfconv: $n memory [$dep]: $(diff "$d/a" "$d/b" | head -4 | tr '\n' ' ')"
		fi
	done
	if [ -s "$d/fa" ] && cmp -s "$d/fa" "$d/fb"; then
		ok "hfconv: $n fields as the converter's GGUF"
	else
		fail "hfconv: $n fields: $(diff "$d/fa" "$d/fb" | tr '\n' ' ')"
	fi
done
# TextModel.set_gguf_parameters writes rope.freq_base_swa from
# rope_parameters["sliding_attention"]["rope_theta"] when rope_parameters
# is split by layer type (Spark 2.5's fixture: 1000000 full, 10000 sliding),
# as the converter's GGUF holds it
base_local() {
	"$ATTNVIZ" --export-model -m "$1" |
		awk '$1 == "base_local" { print $3 }'
}
expect_eq "hfconv: spark2_5's sliding layers' base: sliding_attention's" \
	"$(base_local tests/hfconv/spark2_5) $(base_local \
		tests/hfconv/spark2_5/converted.gguf)" "10000 10000"

# A value a family's converter rule reads, made bad: one line naming the
# file, the key's line (found here by grep) and the key, exit 2.
# hfconv_bad NAME KEY PATH SED: PATH is the key's config.json path
hfconv_bad() {
	mkdir -p "$d/bad"
	sed "$4" "tests/hfconv/$1/config.json" > "$d/bad/config.json"
	l=$(grep -n "\"$2\"" "$d/bad/config.json" | head -1 | cut -d: -f1)
	"$ATTNVIZ" --summary memory -m "$d/bad/config.json" > "$d/out" 2>&1
	rc=$?
	n=$(grep -c "config.json:$l:[0-9]*: field $3: " "$d/out")
	expect_eq "hfconv: $1 with a bad $3: one line at its line $l, exit 2" \
		"$rc $(wc -l < "$d/out") $n" "2 1 1"
}
hfconv_bad deepseek4 compress_ratios compress_ratios \
	's/0, 0, 4, 128,/0, 0, "4", 128,/'
hfconv_bad deepseek4 hc_mult hc_mult 's/"hc_mult": 4/"hc_mult": 4.5/'
hfconv_bad minimax-m3 sparse_block_size \
	sparse_attention_config.sparse_block_size \
	's/"sparse_block_size": 128/"sparse_block_size": "128"/'
hfconv_bad minimax-01 layernorm_mlp_beta layernorm_mlp_beta \
	's/"layernorm_mlp_beta": 1.0/"layernorm_mlp_beta": 0.5/'
hfconv_bad hunyuan-moe moe_topk moe_topk '/"moe_topk"/,/\]/s/^    8,/    4,/'
hfconv_bad kimi-linear full_attn_layers linear_attn_config.full_attn_layers \
	's/"full_attn_layers": \[4,/"full_attn_layers": [true,/'
hfconv_bad qwen4exp hc_count text_config.hc_count \
	's/"hc_count": 4/"hc_count": "4"/'
hfconv_bad hunyuan_vl xdrope_section rope_scaling.xdrope_section \
	's/"xdrope_section": \[16,/"xdrope_section": [16.5,/'
hfconv_bad minicpm3 kv_lora_rank kv_lora_rank \
	's/"kv_lora_rank": 256/"kv_lora_rank": null/'
# MiniCPM3's weights (minicpm3.cpp load_arch_tensors): 62 layers of wq_a
# 2560 x 768, wq_b 768 x 40 x 96, wkv_a_mqa 2560 x (256 + 32), wkv_b 256 x
# 40 x (64 + 64), wo 40 x 64 x 2560, the FFN 3 x 2560 x 6400 and four norms
# (2560, 2560, 768, 256); token_embd and output 73448 x 2560; output_norm
p=$((62 * (2560 * 768 + 768 * 40 * 96 + 2560 * 288 + 256 * 40 * 128 + \
	40 * 64 * 2560 + 3 * 2560 * 6400 + 2 * 2560 + 768 + 256) + \
	2 * 73448 * 2560 + 2560))
expect_eq "hfconv: minicpm3's estimate counts its low-rank projections ($p)" \
	"$("$ATTNVIZ" --export-model -m tests/hfconv/minicpm3 |
		awk '$1 == "params" { print $3 }')" "$p"
hfconv_bad dots1 norm_topk_prob norm_topk_prob \
	's/"norm_topk_prob": true/"norm_topk_prob": 1/'
hfconv_bad hy_v3 num_nextn_predict_layers num_nextn_predict_layers \
	's/"num_nextn_predict_layers": 1/"num_nextn_predict_layers": [1]/'
hfconv_bad kimi-k3 hidden_act text_config.hidden_act \
	's/"hidden_act": "situ"/"hidden_act": "silu"/'
hfconv_bad hy_v4 indexer_types indexer_types \
	'/"indexer_types"/,/\]/s/^    "full", "full",/    "shared", "full",/'
hfconv_bad deci block_configs block_configs \
	's/"n_heads_in_group": 16/"n_heads_in_group": "16"/'
hfconv_bad deci block_configs block_configs \
	's/"n_heads_in_group": 16/"n_heads_in_group": 3/'
hfconv_bad deci block_configs block_configs \
	's/"ffn_mult": 1.95/"ffn_mult": 1e300/'
hfconv_bad deci-7b num_key_value_heads_per_layer \
	num_key_value_heads_per_layer 's/^    1,$/    1, 1,/'
hfconv_bad mistral4 qk_rope_head_dim text_config.qk_rope_head_dim \
	's/"qk_rope_head_dim": 64/"qk_rope_head_dim": "64"/'
hfconv_bad dots3note swa_kv_lora_rank swa_kv_lora_rank \
	's/"swa_kv_lora_rank": 512/"swa_kv_lora_rank": 256/'

# OpenELM's query heads differ layer by layer: exported to INI as a
# per-layer list, read back to the same caches and buffers
"$ATTNVIZ" --export-model -m tests/hfconv/openelm > "$d/openelm.ini"
expect_eq "hfconv: openelm's config.json exported to INI reads back alike" \
	"$(grep -c '^heads *= 12\*5,16\*7,20\*4 ' "$d/openelm.ini") $("$ATTNVIZ" \
		--summary memory -m "$d/openelm.ini" --set ctx=1000 --set fa=0 |
		grep -v weights_ | cksum)" \
	"1 $("$ATTNVIZ" --summary memory -m tests/hfconv/openelm \
		--set ctx=1000 --set fa=0 | grep -v weights_ | cksum)"

# ... and an MLA model's (dots3note: 32 and 64 query heads), whose latent
# counts the widest layer's heads on every layer: it loads back
"$ATTNVIZ" --export-model -m tests/hfconv/dots3note/converted.gguf > "$d/d3.ini"
expect_eq "hfconv: dots3note's GGUF exported to INI (heads 32*3,64,...) loads back" \
	"$(grep -c '^heads *= 32\*3,64,' "$d/d3.ini") $("$ATTNVIZ" --summary memory \
		-m "$d/d3.ini" 2>&1 | grep -c '^memory	kv_bytes	[0-9]')" "1 1"

# What the fixtures, written out in full, leave to a default or another
# form (the header tool runs without transformers, which fills these in):
# hfconv_variant NAME WHAT EXPR: the config.json EXPR (python, c the file's
# object) makes sizes as NAME's fixture does
hfconv_variant() {
	mkdir -p "$d/var"
	python3 -c "import json, sys
c = json.load(open(sys.argv[1]))
$3
json.dump(c, open(sys.argv[2], 'w'))" "tests/hfconv/$1/config.json" \
		"$d/var/config.json"
	"$ATTNVIZ" --summary memory -m "$d/var" > "$d/va" 2>&1
	"$ATTNVIZ" --summary memory -m "tests/hfconv/$1" > "$d/vb" 2>&1
	hfconv_memory "$d/va" > "$d/a"
	hfconv_memory "$d/vb" > "$d/b"
	if grep -q '^memory	kv_bytes	[0-9]' "$d/a" && cmp -s "$d/a" "$d/b"; then
		ok "hfconv: $1 $2: memory as the fixture's"
	else
		fail "hfconv: $1 $2: $(diff "$d/a" "$d/b" | head -4 | tr '\n' ' ')"
	fi
}
# DeepseekV4Config: qk_rope_head_dim int(head_dim 512 x 64 / 512) = 64
hfconv_variant deepseek4 "without qk_rope_head_dim (DeepseekV4Config's 64)" \
	'del c["qk_rope_head_dim"]'
dims=$("$ATTNVIZ" --export-model -m "$d/var" |
	sed -n 's/^dims *= *\([0-9]*\).*/\1/p')
expect_eq "hfconv: deepseek4 without qk_rope_head_dim: RoPE on 512 x 0.125" \
	"$dims" 64
# HYV4Config's lists: one leading dense layer, indexer_types full on layer 0
# and every fourth from 1 (the fixture's lists are those written out), no
# expert groups
hfconv_variant hy_v4 "without its lists (HYV4Config's)" \
	'for k in ("mlp_layer_types", "indexer_types", "n_group",
		  "topk_group"):
	del c[k]'
# no layer_types: Qwen4ExpTextConfig's, a full layer every fourth (10 of 40)
hfconv_variant qwen4exp "without layer_types (every fourth full)" \
	'del c["text_config"]["layer_types"]'
# transformers 5 writes XD-RoPE as dynamic with an mrope_section, which the
# converter's __init__ turns back
hfconv_variant hunyuan_vl "as transformers 5 writes XD-RoPE" \
	'r = c["rope_scaling"]
r["type"] = "dynamic"
r["mrope_section"] = r.pop("xdrope_section")'

# The converters' rules beyond the fixtures (K and V f16, 2 bytes an
# element, at -c 4096).  kv4k DIR: the KV bytes; field DIR NAME: the
# exported field.
kv4k() { at 4096 "$1" total_bytes; }
field() {
	"$ATTNVIZ" --export-model -m "$1" | awk -v k="$2" '$1 == k { print $3 }'
}
# MPTModel reads the KV heads under the nested attn_config only, and writes
# none for 0: MPT-7B as published keeps 32 layers x 32 heads x 128 x 2 x
# 2 B x 4096 = 2147483648; attn_config.kv_n_heads 8 makes it 536870912;
# kv_n_heads at the root, or 0, leaves it.  Without max_seq_len the
# context is MptConfig's 2048.
m=tests/hfconv/mpt
mkdir -p "$d/mpt-gqa" "$d/mpt-root" "$d/mpt-0" "$d/mpt-ctx"
sed 's/"alibi": true,/&\n    "kv_n_heads": 8,/' $m/config.json \
	>"$d/mpt-gqa/config.json"
sed 's/"d_model": 4096,/&\n  "kv_n_heads": 8,/' $m/config.json \
	>"$d/mpt-root/config.json"
sed 's/"alibi": true,/&\n    "kv_n_heads": 0,/' $m/config.json \
	>"$d/mpt-0/config.json"
sed '/"max_seq_len"/d' $m/config.json >"$d/mpt-ctx/config.json"
got="$(kv4k $m) $(kv4k "$d/mpt-gqa") $(kv4k "$d/mpt-root")"
expect_eq "hfconv: mpt: KV heads only under attn_config (MPTModel)" \
	"$got $(kv4k "$d/mpt-0")" "2147483648 536870912 2147483648 2147483648"
expect_eq "hfconv: mpt: no max_seq_len: MptConfig's 2048" \
	"$(field "$d/mpt-ctx" ctx_train)" 2048
# Nemotron's rotary dimensions int(partial_rotary_factor x 3072) // 24:
# 64 at the published 0.5, NemotronConfig's default when absent; 32 at 0.25.
m=tests/hfconv/nemotron
mkdir -p "$d/nem-none" "$d/nem-q"
sed '/"partial_rotary_factor"/d' $m/config.json >"$d/nem-none/config.json"
sed 's/"partial_rotary_factor": 0.5/"partial_rotary_factor": 0.25/' \
	$m/config.json >"$d/nem-q/config.json"
expect_eq "hfconv: nemotron: rotary dims int(factor x n_embd) // n_head" \
	"$(field "$d/nem-none" dims) $(field "$d/nem-q" dims)" "64 32"
# Mellum: 7 full layers of 4 KV heads x 128 (2048 B a cell) at 4096 cells,
# 21 sliding ones on pad256(1024 + 512) = 1536: 58720256 + 66060288 =
# 124780544.  use_sliding_window false writes no window: 28 full layers,
# 234881024.  The bases: rope_parameters' full_attention and
# sliding_attention entries.
m=tests/hfconv/mellum
mkdir -p "$d/mel-off"
sed 's/"sliding_window": 1024,/&\n  "use_sliding_window": false,/' \
	$m/config.json >"$d/mel-off/config.json"
expect_eq "hfconv: mellum: the window as MellumModel writes it" \
	"$(kv4k $m) $(kv4k "$d/mel-off")" "124780544 234881024"
expect_eq "hfconv: mellum: the bases of rope_parameters' layer types" \
	"$(field $m base) $(field $m base_local)" "500000 10000"
# Without layer_types, MellumConfig's full_attention on every layer: the
# window is written, its pattern all false, so no layer slides (llama.cpp's
# is_swa_impl): 234881024 as without a window.
mkdir -p "$d/mel-lt"
sed '/^  "layer_types": \[/,/\],/d' $m/config.json >"$d/mel-lt/config.json"
expect_eq "hfconv: mellum: no layer_types, no layer sliding" \
	"$(kv4k "$d/mel-lt")" 234881024
# MuseGlimmerTextConfig's layer_types: full every fourth layer counted back
# from the last (13 of 52), as the fixture writes them out
hfconv_variant muse-glimmer "without layer_types (full every fourth)" \
	'del c["text_config"]["layer_types"]'
hfconv_bad mpt alibi_bias_max attn_config.alibi_bias_max \
	's/"alibi_bias_max": 8/"alibi_bias_max": "8"/'
hfconv_bad bloom n_head n_head 's/"n_head": 32/"n_head": "32"/'
hfconv_bad jais activation_function activation_function 's/"swiglu"/"gelu"/'
hfconv_bad refact n_embd n_embd 's/"n_embd": 2048/"n_embd": 2048.5/'
hfconv_bad chatglm multi_query_group_num multi_query_group_num \
	's/"multi_query_group_num": 2/"multi_query_group_num": 3/'
hfconv_bad nemotron num_key_value_heads num_key_value_heads \
	's/"num_key_value_heads": 8/"num_key_value_heads": 7/'
hfconv_bad qwen2vl num_hidden_layers num_hidden_layers \
	's/"num_hidden_layers": 28/"num_hidden_layers": -1/'
hfconv_bad cogvlm vocab_size vocab_size \
	's/"vocab_size": 32000/"vocab_size": "32000"/'
hfconv_bad maincoder head_dim head_dim 's/"head_dim": 128/"head_dim": "128"/'
hfconv_bad talkie num_attention_heads num_attention_heads \
	's/"num_attention_heads": 40/"num_attention_heads": 0/'
hfconv_bad mellum layer_types layer_types 's/"full_attention",/3,/'
# hfc_put_layer_words' own checks: a kind Spark2_5Model refuses, and a
# list longer than num_hidden_layers (Qwen3NextModel's check), in
# text_config
hfconv_bad spark2_5 layer_types layer_types \
	's/"full_attention"/"chunked_attention"/'
hfconv_bad qwen4exp layer_types text_config.layer_types \
	's/^ *"full_attention"$/&, "full_attention"/'
hfconv_bad muse-glimmer sliding_window text_config.sliding_window \
	's/"sliding_window": 2048/"sliding_window": true/'

# OpenELM (conversion/openelm.py): query and KV heads differ layer by layer,
# n_head_kv(il) = 3 x 5, 4 x 7, 5 x 4 = 63 KV heads of 64: 63 x 64 x (K + V)
# x 2 B = 16128 B a cell, 66060288 at -c 4096, from the config.json and
# from the converter's header alike; a layer whose KV heads do not divide
# its own query heads (5 of layer 0's 12) is refused as llama.cpp's GQA
# cannot split them
expect_eq "hfconv: openelm: per-layer heads, KV bytes at -c 4096 (config.json, converted)" \
	"$(sval memory kv_bytes -m tests/hfconv/openelm --set ctx=4096) $(sval memory kv_bytes -m tests/hfconv/openelm/converted.gguf --set ctx=4096)" \
	"66060288 66060288"
python3 tools/gguf_header.py setarr tests/hfconv/openelm/converted.gguf \
	"$d/openelm-bad.gguf" openelm.attention.head_count_kv \
	5,3,3,3,3,4,4,4,4,4,4,4,5,5,5,5 >/dev/null 2>&1
"$ATTNVIZ" --summary memory -m "$d/openelm-bad.gguf" > "$d/out" 2>&1
expect_eq "hfconv: openelm: 5 KV heads on layer 0 of 12 query heads refused" \
	"$? $(grep -c 'layer 0: 5 KV heads do not divide 12 query heads' "$d/out")" "2 1"
