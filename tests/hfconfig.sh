#!/bin/sh
# config.json models (-m DIR, -m DIR/config.json): the published fixtures of
# tests/hf through the scenes, KV bytes per token worked out by hand from
# llama.cpp's rules, and every class of bad file: exit 2 and one line naming
# the file with line:column where the file has one.
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# KV bytes per token with every layer global and an f16 cache:
# 2 (K, V) x layers x KV heads x head_dim x 2 bytes; MLA (llama.cpp caches the
# latent): layers x (kv_lora_rank + qk_rope_head_dim) x 2 bytes.
while read -r dir want why; do
	got=$(sval gqa kv_bytes_per_token -m "tests/hf/$dir")
	expect_eq "hf: $dir KV bytes per token ($why)" "$got" "$want"
done <<'X'
llama3-8b 131072 2x32x8x128x2
llama3.1-8b 131072 2x32x8x128x2
mistral-7b-v0.1 131072 2x32x8x128x2
mixtral-8x7b 131072 2x32x8x128x2
qwen2.5-7b 57344 2x28x4x128x2
qwen3-8b 147456 2x36x8x128x2
gemma2-9b 344064 2x42x8x256x2
gemma3-27b 507904 2x62x16x128x2_(text_config)
deepseek-v3 70272 61x(512+64)x2
gpt-oss-20b 49152 2x24x8x64x2
phi-3-mini-128k 393216 2x32x32x96x2
falcon-7b 8192 2x32x1x64x2_(multi_query)
kimi-k2 70272 61x(512+64)x2_(DeepseekV3ForCausalLM:_deepseek2's_latent)
mistral-small-3.1 163840 2x40x8x128x2_(text_config)
smollm3-3b 73728 2x36x4x128x2_(no-RoPE_layers_cache_too)
phi-4-mini 131072 2x32x8x128x2_(partial_rotary_changes_no_size)
command-r7b 131072 2x32x8x128x2
olmo2-7b 524288 2x32x32x128x2_(MHA)
X
# At 131072 cells (f16, one sequence, -ub 512), from llama.cpp's rules by hand:
# Command R7B (cohere2, set_swa_pattern 4): 8 full layers x 131072 x 4096 B =
# 4294967296, 24 sliding x pad256(min(131072, 4096 + 512)) = 4608 cells x 4096 B =
# 452984832; Kimi K2 61 x 131072 x 1152 B = 9210691584; Phi-4-mini: its
# sliding_window 262144 is dropped by llama.cpp's phi3, 32 x 131072 x 4096 B.
for row in command-r7b:4747952128 kimi-k2:9210691584 phi-4-mini:17179869184 olmo2-7b:68719476736 \
	mistral-small-3.1:21474836480 smollm3-3b:9663676416; do
	expect_eq "hf: ${row%%:*} KV bytes at -c 131072" \
		"$(sval iswa total_bytes -m "tests/hf/${row%%:*}" --set ctx=131072)" "${row##*:}"
done
expect_eq "hf: command-r7b sliding cells at -c 131072 (pad256(4096 + 512))" \
	"$(sval iswa swa_cells -m tests/hf/command-r7b --set ctx=131072)" 4608
# The memory scene at -c 131072 -np 3, K q8_0 and V q4_0 (flash attention on):
# streams of pad256(131072 / 3) = 43776 cells; a cell of 8 KV heads x 128 is
# 1024 values, K 32 blocks x 34 B + V 32 x 18 B = 1664 B.  Command R7B: 8 full
# layers x 3 x 43776 x 1664 + 24 sliding x 3 x pad256(4096 + 512) x 1664.
expect_eq "hf: command-r7b memory kv_bytes, -np 3, K q8_0, V q4_0" \
	"$(sval memory kv_bytes -m tests/hf/command-r7b --set n_seq=3 --set k_type=q8_0 --set v_type=q4_0)" \
	$((8 * 3 * 43776 * 1664 + 24 * 3 * 4608 * 1664))
"$ATTNVIZ" --summary memory -m tests/hf/command-r7b --set v_type=q8_0 --set fa=0 >/dev/null 2>"$tmp/err"; rc=$?
expect_eq "hf: memory refuses a quantized V cache without flash attention (exit 2)" "$rc" 2
grep -qF "quantized V cache requires flash_attn to be enabled" "$tmp/err" && ok "hf: memory gives llama.cpp's reason (size_refuse)" ||
	fail "hf: memory v_type: $(cat "$tmp/err")"
# llama.cpp (llama_init_from_model) refuses different K and V types for MLA.
"$ATTNVIZ" --summary memory -m tests/hf/kimi-k2 --set v_type=q8_0 >/dev/null 2>"$tmp/err"; rc=$?
expect_eq "hf: memory refuses K f16 with V q8_0 on Kimi K2's MLA (exit 2)" "$rc" 2
# Partial rotary: Phi-4-mini turns 96 of its 128 dims (int(0.75 x 3072) // 24), so
# the rope scene has 48 pairs and longrope's 48-entry lists are what it wants.
expect_eq "hf: phi-4-mini rope pairs (rope dims 96 / 2)" \
	"$("$ATTNVIZ" --summary rope -m tests/hf/phi-4-mini | grep -c '	theta\.')" 48
expect_eq "hf: mla-bytes on deepseek-v3 (61 x (512 + 64) x 2)" \
	"$(sval mla-bytes mla_bytes_per_token -m tests/hf/deepseek-v3)" 70272
# MHA on DeepSeek-V3's shapes: 61 x 128 heads x (192 + 128) x 2 bytes
expect_eq "hf: mla-bytes MHA row on deepseek-v3 (61 x 128 x 320 x 2)" \
	"$(sval mla-bytes mha_bytes_per_token -m tests/hf/deepseek-v3)" $((61 * 128 * 320 * 2))

# One deployment off the defaults, the same model as config.json and as the INI
# in assets/models: -c 100000 -np 3 -ub 513.  n_ctx pad256 = 100096; a stream
# pad256(100096 / 3 = 33365) = 33536 cells (n_ctx becomes 3 x 33536).
# Gemma 3 27B: 10 global layers x 3 x 33536 x 8192 B = 8,241,807,360; SWA
# pad256(min(33536, 1024 + 513)) = 1792 cells, 52 x 3 x 1792 x 8192 = 2,290,089,984.
# gpt-oss-20b: 12 x 3 x 33536 x 2048 = 2,472,542,208; SWA pad256(128 + 513) = 768,
# 12 x 3 x 768 x 2048 = 56,623,104.
for pair in gemma3-27b:10531897344 gpt-oss-20b:2529165312; do
	name=${pair%%:*} want=${pair##*:}
	for src in "tests/hf/$name" "assets/models/$name.ini"; do
		expect_eq "hf: $name -c 100000 -np 3 -ub 513 from $src" \
			"$(sval iswa total_bytes -m "$src" --set ctx=100000 --set n_seq=3 --set ubatch=513)" "$want"
	done
done
# Attention FLOPs of DeepSeek-V3 as llama.cpp runs MLA (absorbed: q·k over 512 + 64,
# p·v over 512 per head): 61 x 2 x 128 x 1088 x (4096 x 4097 / 2) / 1e12.
expect_eq "hf: deepseek-v3 attention TFLOP at 4096 over the latent" \
	"$(sval cost attn_tflop.4096 -m tests/hf/deepseek-v3)" 142.558991

# The ways to name one: the file, the directory, with a trailing slash, ./config.json.
for form in tests/hf/qwen2.5-7b/config.json tests/hf/qwen2.5-7b/ "$PWD/tests/hf/qwen2.5-7b"; do
	expect_eq "hf: -m $form" "$(sval gqa kv_bytes_per_token -m "$form")" 57344
done
mkdir "$tmp/qwen" && cp tests/hf/qwen2.5-7b/config.json "$tmp/qwen/"
abs=$(cd "$(dirname "$ATTNVIZ")" && pwd)/$(basename "$ATTNVIZ")
got=$(cd "$tmp/qwen" && "$abs" --summary gqa -m ./config.json | awk -F'\t' '$2 == "kv_bytes_per_token" { print $3 }')
expect_eq "hf: -m ./config.json" "$got" 57344

# bad NAME WANT: the JSON on stdin as NAME/config.json; exit 2, one line, WANT in it
bad() {
	name=$1 want=$2
	mkdir -p "$tmp/$name"
	cat > "$tmp/$name/config.json"
	"$ATTNVIZ" --summary gqa -m "$tmp/$name" >/dev/null 2>"$tmp/err"; rc=$?
	if [ $rc -eq 2 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -qF -- "$want" "$tmp/err"; then ok "hf: $name"
	else fail "hf: $name (rc $rc: $(cat "$tmp/err"))"; fi
}
good=tests/hf/llama3-8b/config.json
printf '{"model_type": "llama",\n "num_hidden_layers": 32,}\n' |
	bad syntax "syntax/config.json:2:26: string or '}' expected"
sed 's/"num_attention_heads": 32,/&\n  "num_attention_heads": 16,/' "$good" |
	bad duplicate-key "duplicate-key/config.json:16:23: duplicate object key"
sed 's/"rope_theta": 500000.0/"rope_theta": 1e400/' "$good" |
	bad huge-number "huge-number/config.json:21:21: real number overflow near '1e400'"
sed 's/"num_hidden_layers": 32/"num_hidden_layers": "32"/' "$good" |
	bad number-as-string "number-as-string/config.json:16:3: field num_hidden_layers: a string, want a number"
sed 's/"num_key_value_heads": 8/"num_key_value_heads": -8/' "$good" |
	bad negative-count "negative-count/config.json:17:3: field num_key_value_heads: -8 is out of range (0 to 4294967295: the converter writes it as attention.head_count_kv"
sed 's/"num_hidden_layers": 32/"num_hidden_layers": 100000/' "$good" |
	bad absurd-count "absurd-count/config.json:16:3: field num_hidden_layers: 100000 is out of range (0 to 1024) (written by conversion/llama.py LlamaModel as llama.block_count)"
sed 's/"hidden_size": 4096/"hidden_size": 1e308/' "$good" |
	bad real-past-count "real-past-count/config.json:10:3: field hidden_size: 1e+308 is not a whole number"
sed 's/"num_hidden_layers": 32/"num_hidden_layers": 32.5/' "$good" |
	bad fraction "fraction/config.json:16:3: field num_hidden_layers: 32.5 is not a whole number"
# LlamaConfig fills a missing field in; Mistral 4's file is read as it is
sed '/num_hidden_layers/d' tests/hfconv/mistral4/config.json |
	bad missing-field "missing-field/config.json: field n_layers: missing (required by conversion/mistral3.py"
sed 's/"num_key_value_heads": 8/"num_key_value_heads": 5/' "$good" |
	bad not-divisible "field num_key_value_heads: layer 0: 5 KV heads do not divide 32 query heads"
sed 's/"rope_theta": 500000.0/"rope_theta": true/' "$good" |
	bad boolean-number "field rope_theta: a boolean, want a number"
# The family comes from architectures[0], as convert_hf_to_gguf.py dispatches;
# model_type only in a file without architectures.
sed 's/"LlamaForCausalLM"/"BertModel"/' "$good" |
	bad unknown-arch "unknown-arch/config.json:2:3: field architectures: 'BertModel' is not an architecture attnviz reads (classes: "
# the known classes listed whole words, to a count where the line would
# run on (the list stops near 300 characters; the line once ended mid-name)
sed 's/"LlamaForCausalLM"/"BertModel"/' "$good" |
	bad unknown-arch-list " in all))"
sed '/"architectures"/,/\],/d; s/"model_type": "llama"/"model_type": "bert"/' "$good" |
	bad unknown-family "unknown-family/config.json:11:3: field model_type: 'bert' is not a family attnviz reads ("
sed '/"architectures"/,/\],/d; /model_type/d' "$good" | bad no-family "no-family/config.json: field model_type: missing"
sed 's/"model_type": "llama"/"model_type": "bert"/' "$good" >"$tmp/arch-wins.json"
mkdir -p "$tmp/arch-wins" && mv "$tmp/arch-wins.json" "$tmp/arch-wins/config.json"
expect_eq "hf: architectures[0] LlamaForCausalLM wins over model_type bert" \
	"$(sval gqa kv_bytes_per_token -m "$tmp/arch-wins")" 131072
# hfconfig.c's own reading (the families of its table, and of src/families/
# with a .hf: OLMo here): the rope scaling's and layer_types' rules
p3='{"model_type": "olmo", "num_hidden_layers": 2, "rope_scaling": '
printf '%s{"factor": 8.0}}' "$p3" |
	bad rope-no-type "rope-no-type/config.json:1:48: field rope_scaling: no rope_type"
printf '%s{"rope_type": "llama3", "factor": 8.0}}' "$p3" |
	bad llama3-no-freq "field rope_scaling.low_freq_factor: missing (required)"
printf '%s{"rope_type": "linear", "factor": 0.5}}' "$p3" |
	bad small-factor "field rope_scaling.factor: 0.5 is out of range"
printf '{"model_type": "olmo", "num_hidden_layers": 4,\n "layer_types": ["full_attention"]}' |
	bad layer-types-length "layer-types-length/config.json:2:2: field layer_types: 1 entries for 4 layers"
printf '{"model_type": "olmo", "num_hidden_layers": 2, "layer_types": ["sliding_attention", "chunked"]}' |
	bad layer-type-word "field layer_types: entry 1 is not \"sliding_attention\" or \"full_attention\""
# LlamaModel's (conversion/llama.py): llama3 without its frequency
# factors makes rope_freqs of the converter's defaults 1 and 4
sed 's/"rope_scaling": null/"rope_scaling": {"rope_type": "llama3", "factor": 8.0}/' "$good" >"$tmp/l3.json"
mkdir -p "$tmp/l3" && mv "$tmp/l3.json" "$tmp/l3/config.json"
expect_eq "hf: llama3 without low/high_freq_factor: the converter's 1 and 4" \
	"$("$ATTNVIZ" --export-model -m "$tmp/l3" | grep -E '^(scaling|low_freq_factor|high_freq_factor|orig_ctx) ' | sed 's/ *;.*//' | tr -s ' ' | tr '\n' ' ')" \
	"scaling = llama3 orig_ctx = 8192 low_freq_factor = 1 high_freq_factor = 4 "
# ... and a root original_max_position_embeddings, which TextModel
# mirrors into the rope parameters (4096.0: a whole number as a real)
sed 's/"rope_scaling": null/"rope_scaling": {"rope_type": "llama3", "factor": 8.0}, "original_max_position_embeddings": 4096.0/' "$good" >"$tmp/l3/config.json"
expect_eq "hf: llama3's original context from the root's key" \
	"$("$ATTNVIZ" --export-model -m "$tmp/l3" | grep '^orig_ctx' | sed 's/ *;.*//' | tr -s ' ')" "orig_ctx = 4096"
# Llama 4 Maverick's shape: every other layer MoE (interleave 2) of 128
# experts, about 400e9 parameters (the published 400B), not all layers
mkdir -p "$tmp/mav"
sed 's/"interleave_moe_layer_step": 1/"interleave_moe_layer_step": 2/; s/"num_local_experts": 16/"num_local_experts": 128/' \
	tests/hfconv/llama4/config.json >"$tmp/mav/config.json"
mav=$("$ATTNVIZ" --export-model -m "$tmp/mav" | awk '$1 == "params" { print ($3 > 3.9e11 && $3 < 4.1e11) ? "ok" : $3 }')
expect_eq "hf: Llama 4 Maverick's interleaved experts: params near 400e9" "$mav" ok
L='{"architectures": ["LlamaForCausalLM"], "model_type": "llama", '
printf '%s"num_hidden_layers": 2, "head_dim": 125}' "$L" |
	bad odd-head-dim "[rope] dims: 125 rotated dimensions: want an even number, at most the head's 125 (config.json head_dim -> rope.dimension_count)"
printf '{"architectures": ["MixtralForCausalLM"], "model_type": "mixtral", "num_hidden_layers": 2, "num_local_experts": 4, "num_experts_per_tok": 5}' |
	bad experts-used "field num_experts_per_tok: 5 experts used of 4"
printf '%s"num_hidden_layers": 2, "text_config": 5}' "$L" |
	bad text-config-type "text-config-type/config.json:1:88: field text_config: a number, want an object"
printf '{"architectures": ["Llama4ForConditionalGeneration"], "text_config": {"model_type": "llama4_text", "num_hidden_layers": "x"}, "model_type": "llama4"}' |
	bad text-config-field "text-config-field/config.json:1:100: field text_config.num_hidden_layers: a string, want a number"
printf '%s"num_hidden_layers": 1024, "hidden_size": 1000000, "intermediate_size": 10000000}' "$L" |
	bad absurd-params "field num_hidden_layers: the estimated parameter count"
printf '%s"num_hidden_layers": 1024, "num_attention_heads": 65536, "num_key_value_heads": 65536, "hidden_size": 1, "intermediate_size": 1, "head_dim": 65536, "vocab_size": 10}' "$L" |
	bad overflow "sizes derived from this model overflow 64-bit arithmetic"
printf '{"architectures": ["FalconForCausalLM"], "model_type": "falcon", "num_hidden_layers": 2, "alibi": true}' |
	bad falcon-alibi "field alibi: ALiBi Falcon models use no RoPE"
# conversion/falcon.py FalconModel: Falcon-7B's one KV head as its checkpoint
# holds it (multi_query), not FalconConfig's num_kv_heads 71, which the
# converter would write before its query_key_value view fails; without
# multi_query, num_attention_heads
mkdir -p "$tmp/f7mha"
sed 's/"multi_query": true/"multi_query": false/' tests/hf/falcon-7b/config.json >"$tmp/f7mha/config.json"
expect_eq "hf: falcon-7b without multi_query: FalconConfig's num_kv_heads, 71" \
	"$(sval gqa kv_bytes_per_token -m "$tmp/f7mha")" 581632
# ... and its LayerNorms with a bias (attn_norm_b, output_norm_b): one a
# layer beside parallel attention, 6921720704 parameters
expect_eq "hf: falcon-7b parameters: the LayerNorms' biases counted" \
	"$("$ATTNVIZ" --export-model -m tests/hf/falcon-7b | awk '$1 == "params" { print $3 }')" 6921720704
# Phi-4-mini's 48-entry lists are wrong for a whole rotated head (64 pairs):
# conversion/phi.py Phi3MiniModel.generate_extra_tensors' ValueError
sed 's/"partial_rotary_factor": 0.75/"partial_rotary_factor": 1.0/' tests/hf/phi-4-mini/config.json |
	bad phi4-full-rotary "field rope_scaling.long_factor: 48 long and 48 short factors: Phi3MiniModel wants rotated dims / 2 = 64 each"
# ... a type its factors are not for (NotImplementedError), and Phi3Config's
# num_key_value_heads None: the heads
sed 's/"longrope"/"dynamic"/' tests/hf/phi-4-mini/config.json |
	bad phi3-dynamic "field rope_scaling.type: 'dynamic': Phi3MiniModel's rope factors take su, longrope or yarn"
mkdir -p "$tmp/p3kv"
sed '/"num_key_value_heads"/d' tests/hf/phi-3-mini-128k/config.json >"$tmp/p3kv/config.json"
expect_eq "hf: phi3 without num_key_value_heads: Phi3Config's, the heads" \
	"$(sval gqa kv_bytes_per_token -m "$tmp/p3kv")" 393216
# The 2026 families (tests/hf2026.sh sizes them): a bad or missing field of
# theirs is one line naming the file, line:column and field, exit 2.
nh=tests/hf/nemotron-h-8b/config.json gr=tests/hf/granite-4.0-h-small/config.json
q3n=tests/hf/qwen3-next-80b/config.json
sed 's/"M-M-M-M\*-/"M-E-M-M*-/' "$nh" |
	bad nemotron-moe-block "field hybrid_override_pattern: entry 2 'E': \
the converter writes neither KV heads nor an FFN for it (its MLP blocks are \
\"-\" without num_experts_per_tok), so llama.cpp would take it for a \
Mamba2 block"
sed 's/"M-M-M-M\*-/"M-M-M*-/' "$nh" |
	bad nemotron-pattern-length "nemotron-pattern-length/config.json:19:3: \
field hybrid_override_pattern: 50 entries for 52 blocks (the converter \
asserts as many)"
# With num_experts_per_tok the class is nemotron_h_moe's, whose MLP blocks
# are "E": this file's "-" blocks are none of its kinds.
sed 's/"n_groups": 8,/&\n  "num_experts_per_tok": 6,/' "$nh" |
	bad nemotron-experts "field hybrid_override_pattern: entry 1 '-': the \
converter writes neither KV heads nor an FFN for it (its MLP blocks are \
\"E\" with num_experts_per_tok)"
sed 's/"MEMEM\*/"MEMEM*/; s/"n_routed_experts": 128,//' \
	tests/hf/nemotron-3-nano/config.json |
	bad nemotron-no-experts "field n_routed_experts: missing (required by \
conversion/nemotron.py NemotronHModel (num_experts_per_tok))"
# Nemotron 3 Nano (nemotron_h_moe): E marks its MoE blocks, and "-" is none
# of the converter's kinds there (NemotronHModel._mlp_layers)
sed 's/"MEMEM\*/"M-MEM*/' tests/hf/nemotron-3-nano/config.json |
	bad nemotron-moe-mlp "field hybrid_override_pattern: entry 1 '-': the \
converter writes neither KV heads nor an FFN for it"
sed '/"ssm_state_size"/d' "$nh" |
	bad nemotron-no-state "field state_size: missing (required by \
conversion/nemotron.py NemotronHModel; or any of d_state, state_dim, \
ssm_state_size,"
sed '/"attention_head_dim"/d' "$nh" |
	bad nemotron-no-head-dim "field head_dim: missing (required by \
conversion/nemotron.py NemotronHModel; or attention_head_dim)"
# NemotronHModel without a pattern: no attention, MLP or SSM list, so every
# block is written without KV heads or FFN (all Mamba2 to llama.cpp) and,
# with _ssm_layers empty, GraniteHybridModel keeps RoPE and the file's
# max_position_embeddings.  Nemotron 3 Nano with num_nextn_predict_layers 1:
# the MTP block appended (block_count 53), out of the cache.
mkdir -p "$tmp/nh-none" "$tmp/nano-mtp"
sed '/hybrid_override_pattern/d' "$nh" >"$tmp/nh-none/config.json"
expect_eq "hf: nemotron_h without a pattern: 52 Mamba2 blocks, its context" \
	"$(sval iswa recurrent_layers -m "$tmp/nh-none")/$("$ATTNVIZ" \
		--export-model -m "$tmp/nh-none" |
		awk '$1 == "ctx_train" { print $3 }')" 52/8192
sed 's/"num_experts_per_tok": 6,/&\n  "num_nextn_predict_layers": 1,/' \
	tests/hf/nemotron-3-nano/config.json >"$tmp/nano-mtp/config.json"
expect_eq "hf: nemotron_h_moe with an MTP layer: 53 blocks, 1 nextn" \
	"$("$ATTNVIZ" --export-model -m "$tmp/nano-mtp" |
		awk '$1 == "layers" || $1 == "nextn_layers" {
			printf "%s ", $3 }')" \
	"53 1 "
sed 's/"mamba_d_state": 128/"mamba_d_state": "128"/' "$gr" |
	bad granite-state-string "granite-state-string/config.json:63:3: \
field mamba_d_state: a string, want a number"
sed '/"mamba_d_conv"/d' "$gr" | bad granite-no-conv "field conv_kernel: \
missing (required by conversion/granite.py GraniteHybridModel; or any of \
d_conv,"
sed 's/"mamba"/"attention"/g' "$gr" |
	bad granite-no-mamba "field layer_types: no Mamba2 layer: llama.cpp's converter makes it a granite model"
sed '0,/"mamba"/s//"linear_attention"/' "$gr" |
	bad granite-layer-word "granite-layer-word/config.json:16:3: field \
layer_types: entry 0: \"linear_attention\" is not attention or mamba"
sed '/"layer_types": \[/,/\],/d' "$gr" | bad granite-no-layers "field \
attn_layer_period: missing (required by conversion/granite.py \
GraniteHybridModel without layer_types or attn_layer_indices)"
sed 's/"hidden_act": "silu"/"hidden_act": "gelu"/' "$gr" |
	bad granite-act "field hidden_act: 'gelu': the converter asserts silu"
# GraniteHybridModel keeps RoPE for BambaForCausalLM: context_length is
# max_position_embeddings then, not 2^20.
mkdir -p "$tmp/bamba"
sed 's/"GraniteMoeHybridForCausalLM"/"BambaForCausalLM"/' "$gr" \
	>"$tmp/bamba/config.json"
expect_eq "hf: BambaForCausalLM keeps RoPE: ctx_train max_position_embeddings" \
	"$("$ATTNVIZ" --export-model -m "$tmp/bamba" |
		awk '$1 == "ctx_train" { print $3 }')" 131072
sed 's/"full_attention_interval": 4,/&\n  "layer_types": ["linear_attention", "sliding_attention"],/' "$q3n" |
	bad qwen3next-layer-types "field layer_types: 2 entries, expected num_hidden_layers (48)"
sed 's/"partial_rotary_factor": 0.25/"partial_rotary_factor": 0.001/' "$q3n" |
	bad qwen3next-rotary "field partial_rotary_factor: 0 is out of range (1 to 65536) (written by conversion/qwen.py Qwen3NextModel as qwen3next.rope.dimension_count)"
sed 's/"linear_num_value_heads": 32/"linear_num_value_heads": 0/' "$q3n" |
	bad qwen3next-state-range "field linear_num_value_heads: 0 is out of range (1 to 65536)"
# conversion/qwen.py Qwen3NextModel writes nothing of mlp_only_layers or
# decoder_sparse_step, and qwen3next.cpp's loader wants experts on every
# layer; _QwenMtpMixin appends mtp_num_hidden_layers nextn blocks (without
# the key, the checkpoint's one), 0 counting as absent.
sed 's/"mlp_only_layers": \[\]/"mlp_only_layers": [0, 1]/' "$q3n" |
	bad qwen3next-dense-layers "field mlp_only_layers: dense layers among MoE layers: llama.cpp's loader wants experts on every layer"
sed 's/"decoder_sparse_step": 1/"decoder_sparse_step": 2/' "$q3n" |
	bad qwen3next-sparse-step "field decoder_sparse_step: 2: llama.cpp's loader wants experts on every layer (1)"
mkdir -p "$tmp/q3n-mtp2" "$tmp/q3n-mtp0"
sed 's/"num_hidden_layers": 48,/&\n  "mtp_num_hidden_layers": 2,/' "$q3n" >"$tmp/q3n-mtp2/config.json"
sed 's/"num_hidden_layers": 48,/&\n  "mtp_num_hidden_layers": 0,/' "$q3n" >"$tmp/q3n-mtp0/config.json"
expect_eq "hf: qwen3next: mtp_num_hidden_layers 2, 0 and absent: nextn blocks, layers" \
	"$(for m in "$tmp/q3n-mtp2" "$tmp/q3n-mtp0" "$q3n"; do
		"$ATTNVIZ" --export-model -m "$m" |
			awk '$1 == "nextn_layers" || $1 == "layers" { printf "%s ", $3 }'
	done)" "50 2 49 1 49 1 "
sed '/"index_head_dim"/d' tests/hf/deepseek-v3.2/config.json |
	bad deepseek32-no-indexer "deepseek32-no-indexer/config.json: field index_head_dim: missing (required by conversion/deepseek.py DeepseekV32Model)"
sed 's/"num_nextn_predict_layers": 1/"num_nextn_predict_layers": -1/' tests/hf/glm-4.5-air/config.json |
	bad glm-nextn-range "field num_nextn_predict_layers: -1 is out of range (0 to 4294967295: the converter writes it as nextn_predict_layers"
q35=tests/hf/qwen3.5-27b/config.json lf=tests/hf/lfm2-1.2b/config.json
sed 's/"linear_num_value_heads": 48/"linear_num_value_heads": -48/' "$q35" |
	bad qwen35-state-range "qwen35-state-range/config.json:88:5: field text_config.linear_num_value_heads: -48 is out of range (1 to 65536)"
# Qwen3NextModel marks a layer recurrent when its word is
# "linear_attention"; any other word is an attention layer in its GGUF
# (attention.recurrent_layers false): 17 attention layers, 47 recurrent.
mkdir -p "$tmp/q35-word"
sed '0,/"linear_attention",/s//"sliding_attention",/' "$q35" >"$tmp/q35-word/config.json"
expect_eq "hf: qwen35 layer_types' other words are attention layers" \
	"$(sval iswa global_layers -m "$tmp/q35-word")/$(sval iswa recurrent_layers -m "$tmp/q35-word")" 17/47
sed 's/"conv_L_cache": 3/"conv_L_cache": 1/' "$lf" |
	bad lfm2-conv-cache "lfm2-conv-cache/config.json:16:3: field conv_L_cache: 1 is out of range (2 to"
sed '0,/"conv",/s//"mamba",/' "$lf" |
	bad lfm2-layer-word "lfm2-layer-word/config.json:32:3: field \
layer_types: entry 0 'mamba' is no LFM2 layer (conv, full_attention or \
sliding_attention)"
sed 's/"block_multiple_of": 256/"block_multiple_of": 0/' "$lf" |
	bad lfm2-multiple-of "lfm2-multiple-of/config.json:10:3: field \
block_multiple_of: 0: the converter rounds the FFN up to a multiple of it"
lm=tests/hf/lfm2-8b-a1b/config.json
sed '0,/"conv",/s//"sliding_attention",/' "$lm" |
	bad lfm2moe-layer-word "lfm2moe-layer-word/config.json:12:3: field \
layer_types: entry 0 'sliding_attention' is no LFM2-MoE layer (conv or \
full_attention)"
sed 's/"use_expert_bias": true/"use_expert_bias": false/' "$lm" |
	bad lfm2moe-no-bias "lfm2moe-no-bias/config.json:54:3: field \
use_expert_bias: false: llama.cpp's lfm2moe loader wants the experts' \
score bias"
# Lfm2Config.__init__: without layer_types, the full_attn_idxs layers are
# attention and the others conv; an index past the last layer is no layer;
# with neither, every layer is attention (16 layers of 8 KV heads x 64, K
# and V f16: 32768 B a token).
mkdir -p "$tmp/lfm2-ix" "$tmp/lfm2-all"
sed '/"layer_types": \[/,/\],/d; s/^    14$/    16/' "$lf" \
	>"$tmp/lfm2-ix/config.json"
expect_eq "hf: lfm2 full_attn_idxs past the last layer: 5 attention layers" \
	"$("$ATTNVIZ" --export-model -m "$tmp/lfm2-ix" |
		awk '$1 == "kv_heads" { print $3 }')" \
	"0,0,8,0,0,8,0,0,8,0,8,0,8,0*3"
sed '/"layer_types": \[/,/\],/d; /"full_attn_idxs": \[/,/\],/d' "$lf" \
	>"$tmp/lfm2-all/config.json"
expect_eq "hf: lfm2 without layer_types or full_attn_idxs: all attention" \
	"$(sval gqa kv_bytes_per_token -m "$tmp/lfm2-all")" 32768
jb=tests/hf/jamba-v0.1/config.json fh=tests/hf/falcon-h1-7b/config.json
# conversion/jamba.py JambaModel: JambaConfig's defaults where the file is
# silent (attn_layer_period 8: the same layers), a period of 0 refused (the
# converter's ZeroDivisionError), mamba_dt_rank a number or "auto"
mkdir -p "$tmp/jb-per"
sed '/"attn_layer_period"/d' "$jb" >"$tmp/jb-per/config.json"
expect_eq "hf: jamba without attn_layer_period: JambaConfig's 8" \
	"$("$ATTNVIZ" --export-model -m "$tmp/jb-per" | awk '$1 == "kv_heads" { print $3 }')" \
	"0*4,8,0*7,8,0*7,8,0*7,8,0*3"
sed 's/"expert_layer_period": 2/"expert_layer_period": 0/' "$jb" |
	bad jamba-no-period "jamba-no-period/config.json:11:3: field expert_layer_period: 0: want 1 or more"
sed 's/"attn_layer_offset": 4/"attn_layer_offset": 32/' "$jb" |
	bad jamba-offset "field attn_layer_offset: 32: want a layer, 0 to 31"
sed 's/"mamba_dt_rank": 256/"mamba_dt_rank": "wide"/' "$jb" |
	bad jamba-dt-rank "jamba-dt-rank/config.json:19:3: field mamba_dt_rank: 'wide': want a number or \"auto\""
# the experts on the odd layers alone (expert_layer_offset 1, period 2),
# as the router tensors JambaModel keeps say: on every layer, 16 layers
# more would hold a router of 4096 x 16 and 15 more experts of 3 x 4096 x
# 14336, 51570323328 + 16 x 2642477056 = 93849956224
mkdir -p "$tmp/jb-all"
sed 's/"expert_layer_period": 2/"expert_layer_period": 1/; s/"expert_layer_offset": 1/"expert_layer_offset": 0/' \
	"$jb" >"$tmp/jb-all/config.json"
expect_eq "hf: jamba's experts on expert_layer_period's layers alone" \
	"$("$ATTNVIZ" --export-model -m "$jb" | awk '$1 == "params" { printf "%.0f ", $3 }')$("$ATTNVIZ" --export-model -m "$tmp/jb-all" | awk '$1 == "params" { printf "%.0f", $3 }')" \
	"51570323328 93849956224"
sed 's/"hidden_size": 4544/"hidden_size": 4545/' tests/hf/falcon-7b/config.json |
	bad falcon-hidden "field num_attention_heads: 71 heads do not divide \
hidden_size 4545 (FalconModel's query_key_value view)"
sed '/"head_dim"/d' "$fh" | bad falcon-h1-no-head-dim "falcon-h1-no-head-dim/\
config.json: field head_dim: missing (required by conversion/falcon_h1.py \
FalconH1Model)"
# FalconH1Model reads config.json as it is: FalconH1Config's "auto" is a
# string it divides by (Mamba2Model's time_step_rank), and mamba_d_ssm is
# required (no expand x hidden_size).
sed 's/"mamba_d_head": 128/"mamba_d_head": "auto"/' "$fh" |
	bad falcon-h1-auto "falcon-h1-auto/config.json:23:3: field \
mamba_d_head: 'auto', not a number: the converter divides the SSM inner \
size by it"
sed '/"mamba_d_ssm"/d' "$fh" | bad falcon-h1-no-d-ssm "field mamba_d_ssm: \
missing (required by conversion/falcon_h1.py FalconH1Model"
sed 's/"mamba_d_head": 128/"mamba_d_head": 1000/' "$fh" |
	bad falcon-h1-d-head "field mamba_d_head: 1000 does not divide the SSM inner size 3072"
g5=tests/hf/glm-5/config.json
sed 's/"index_topk": 2048,/&\n  "indexer_types": ["full", "shared", "full"],/' "$g5" |
	bad glm5-indexer-types "field indexer_types: GLM-5.2's per-layer indexer types (some layers without an indexer cache)"
sed 's/"max_position_embeddings": 202752/"max_position_embeddings": 1048576/' "$g5" |
	bad glm5-long-ctx "field max_position_embeddings: GLM-5.2's per-layer indexer types"
sed 's/"index_head_dim": 128/"index_head_dim": 0/' "$g5" |
	bad glm5-indexer-dim "glm5-indexer-dim/config.json:18:3: field index_head_dim: 0 is none here, and the key is required"
# The LFM2.5-Audio tokenizer: LFM25AudioTokenizer indexes sliding_window
# (conversion/lfm2.py), so it must be there, a window of 0 (none) or more.
lft=tests/models/lfm2.5-audio-tokenizer/config.json
sed '/"sliding_window": 30,/d' "$lft" |
	bad lfm2-window-missing "lfm2-window-missing/config.json: field sliding_window: missing"
sed 's/"sliding_window": 30/"sliding_window": -30/' "$lft" |
	bad lfm2-window-negative "lfm2-window-negative/config.json:29:3: field sliding_window: -30 is out of range (0 to"
sed 's/"sliding_window": 30/"sliding_window": "30"/' "$lft" |
	bad lfm2-window-string "lfm2-window-string/config.json:29:3: field \
sliding_window: a string, want a number"
sed 's/"sliding_attention"/"local_attention"/' "$lft" |
	bad lfm2-window-word "field layer_types: entry 2 'local_attention' is \
no LFM2 layer (conv, full_attention or sliding_attention)"
g3n=tests/hf/gemma-3n-e4b/config.json
# Gemma3NModel writes layer_types as sliding_window_pattern; gemma3n.cpp
# shares from layer 20 on (n_layer_kv_from_start), reusing layer 18's
# (sliding) and 19's (full) caches: a layer 19 sliding aborts llama.cpp.
awk '/"full_attention"/ && ++n == 4 { sub(/full_attention/, "sliding_attention") } 1' "$g3n" |
	bad gemma3n-reuse "field text_config.layer_types: llama.cpp's gemma3n shares layers 20 on with layer 18 (sliding) and 19 (full)"
# intermediate_size one width a layer: feed_forward_length an array, as
# TextModel writes it; the widest is the one that counts (the GGUF
# reader's rule), a narrower layer 7 included.
mkdir -p "$tmp/g3n-ff"
awk '/^ *16384,?$/ && ++n == 8 { sub(/16384/, "8192") } 1' "$g3n" >"$tmp/g3n-ff/config.json"
expect_eq "hf: gemma3n: intermediate_size a layer, the widest counts" \
	"$("$ATTNVIZ" --export-model -m "$tmp/g3n-ff" | awk '$1 == "ff" { print $3 }')" 16384
# Gemma3NModel.__init__ asserts altup_num_inputs 4
sed 's/"altup_num_inputs": 4/"altup_num_inputs": 2/' "$g3n" |
	bad gemma3n-altup "field text_config.altup_num_inputs: 2: \"Current conversion only supports 4 altup inputs\""
g4=tests/hf/gemma4-31b/config.json
# Without global_head_dim (nor per_layer_config) the full layers' head is
# Gemma4TextConfig's 512, the 31B's own: the same KV bytes.
mkdir -p "$tmp/g4-hd"
sed '/"global_head_dim"/d' "$g4" >"$tmp/g4-hd/config.json"
expect_eq "hf: gemma4 without global_head_dim: Gemma4TextConfig's 512" \
	"$("$ATTNVIZ" --export-model -m "$tmp/g4-hd" | awk '$1 == "head_dim" { print $3 }')" 512
# Gemma 4's MoE: with enable_moe_block the checkpoint has the experts, and
# llama.cpp's gemma4 loader needs the count, the count a token and an
# expert's width (the keys TextModel and Gemma4Model write).
sed 's/"enable_moe_block": false/"enable_moe_block": true/' "$g4" |
	bad gemma4-moe-no-experts "field num_local_experts: missing (required by conversion/gemma.py Gemma4Model; or any of num_experts, n_routed_experts)"
g4m=tests/models/gemma4-26b-a4b/config.json
sed '/"top_k_experts"/d' "$g4m" |
	bad gemma4-moe-no-topk "field num_experts_per_tok: missing (required by conversion/gemma.py Gemma4Model; or any of num_experts_per_token, top_k_experts)"
sed 's/"top_k_experts": 8/"top_k_experts": 129/' "$g4m" |
	bad gemma4-moe-topk "field text_config.top_k_experts: 129 experts used of 128"
sed 's/"moe_intermediate_size": 704/"moe_intermediate_size": 0/' "$g4m" |
	bad gemma4-moe-width "field text_config.moe_intermediate_size: 0: enable_moe_block wants 1 or more"
# per_layer_config: an object of layer indices (int() in the converter)
sed '/"global_head_dim"/d; s/"num_kv_shared_layers": 0,/&\n    "per_layer_config": {"five": {"head_dim": 512}},/' "$g4m" |
	bad gemma4-per-layer-key "field text_config.per_layer_config: key 'five' is not a layer index"
sed '/"global_head_dim"/d; s/"num_kv_shared_layers": 0,/&\n    "per_layer_config": [512],/' "$g4m" |
	bad gemma4-per-layer-list "field text_config.per_layer_config: a list, want an object"
sed '/"global_head_dim"/d; s/"num_kv_shared_layers": 0,/&\n    "per_layer_config": {"5": {"head_dim": 511}},/' "$g4m" |
	bad gemma4-per-layer-odd "field text_config.per_layer_config.5.head_dim: 511 is odd"
sed '/"global_head_dim"/d; s/"num_kv_shared_layers": 0,/&\n    "per_layer_config": {"0": {"head_dim": 512}},/' "$g4m" |
	bad gemma4-per-layer-sliding "field global_head_dim: missing, and no full layer's head_dim in per_layer_config (Gemma4Model asserts one)"
sed 's/"enable_moe_block": true/"enable_moe_block": "yes"/' "$g4m" |
	bad gemma4-moe-flag "field text_config.enable_moe_block:"
sed 's/"num_kv_shared_layers": 0/"num_kv_shared_layers": 3/' "$g4" |
	bad gemma4-shared "field text_config.num_kv_shared_layers: 3 shared layers: layer 56 must be full and 55 sliding"
sed 's/"num_global_key_value_heads": 4/"num_global_key_value_heads": 5/' "$g4" |
	bad gemma4-global-kv "field text_config.num_global_key_value_heads: layer 5: 5 KV heads do not divide 32 query heads"
# generate_extra_tensors asserts the full layers' rope "proportional"
sed 's/"rope_type": "proportional"/"rope_type": "default"/' "$g4" |
	bad gemma4-rope-type "field text_config.rope_parameters: want full_attention: {\"rope_type\": \"proportional\", ...}"
# Without enable_moe_block transformers builds no experts: the checkpoint
# has no router, and gemma4.cpp (ffn_gate_inp TENSOR_NOT_REQUIRED) runs
# the dense MLP alone, whatever num_experts says.
mkdir -p "$tmp/g4-dense" "$tmp/g4-last"
sed 's/"enable_moe_block": true/"enable_moe_block": false/' "$g4m" >"$tmp/g4-dense/config.json"
expect_eq "hf: gemma4 without enable_moe_block: dense, the MLP's width" \
	"$("$ATTNVIZ" --export-model -m "$tmp/g4-dense" | awk '$1 == "experts" || $1 == "ff" { printf "%s ", $3 }')" "0 2112 "
# Gemma4TextConfig makes the last layer full_attention, and says so: the
# 31B with its last layer sliding keeps its 10 full layers.
awk '/^ *"full_attention",?$/ && ++n == 10 { sub(/full_attention/, "sliding_attention") } 1' "$g4" >"$tmp/g4-last/config.json"
expect_eq "hf: gemma4 with its last layer sliding: still 10 full, and a note" \
	"$("$ATTNVIZ" --summary iswa -m "$tmp/g4-last" | awk '$2 == "global_layers" { print $3 }') $("$ATTNVIZ" --export-model -m "$tmp/g4-last" | grep -c 'Gemma4TextConfig makes it full_attention')" "10 1"
# Families read by their converter's rules (src/families/*.c .conv): a bad
# value, a missing key or one the converter refuses is one line naming
# the file, line and key.
hc=tests/hfconv
sed 's/"kv_n_heads": 8/"kv_n_heads": "8"/' "$hc/dbrx/config.json" |
	bad dbrx-nested "dbrx-nested/config.json:12:5: field \
attn_config.kv_n_heads: a string, want a number"
sed '/"embedding_multiplier_scale"/d' "$hc/grok/config.json" |
	bad grok-no-embedding-scale "grok-no-embedding-scale/config.json: \
field embedding_multiplier_scale: missing (required by conversion/grok.py \
GrokModel)"
sed 's/"head_wise"/"element_wise"/' "$hc/bailingmoe3/config.json" |
	bad bailingmoe3-gates "bailingmoe3-gates/config.json:23:3: field \
gated_attention_proj_granularity_type: the converter requires \"head_wise\""
sed 's/"score_func": "sigmoid"/"score_func": "relu"/' "$hc/afmoe/config.json" |
	bad afmoe-gating "afmoe-gating/config.json:24:3: field score_func: \
unsupported expert score gating function"
sed 's/"average"/"sum"/' "$hc/cohere2moe/config.json" |
	bad cohere2moe-shared-sum "cohere2moe-shared-sum/config.json:48:3: \
field shared_expert_combination_strategy: the converter supports only \
\"average\""
sed 's/^    48, 64, 64, 64, /    /' "$hc/laguna/config.json" |
	bad laguna-heads-per-layer "laguna-heads-per-layer/config.json:11:3: \
field num_attention_heads_per_layer: 36 entries, but num_hidden_layers is 40"
# Qwen3-MoE: llama.cpp's qwen3moe loader wants experts on every layer
sed 's/"mlp_only_layers": \[\]/"mlp_only_layers": [0, 47]/' \
	"$hc/qwen3moe/config.json" |
	bad qwen3moe-dense-layers "qwen3moe-dense-layers/config.json:14:3: \
field mlp_only_layers: dense layers among MoE layers"
sed 's/"decoder_sparse_step": 1/"decoder_sparse_step": 2/' \
	"$hc/qwen3moe/config.json" |
	bad qwen3moe-sparse-step "qwen3moe-sparse-step/config.json:7:3: \
field decoder_sparse_step: 2: llama.cpp's qwen3moe loader wants experts"
# Llama 4 with every layer full_attention: the converter writes sliding_window
# 0, llama.cpp runs no chunked attention (conversion/llama.py Llama4Model).
mkdir -p "$tmp/llama4-full"
sed 's/"attention_chunk_size": 8192,/&\n    "layer_types": ["full_attention", "full_attention"],/; s/"num_hidden_layers": 48,/"num_hidden_layers": 2,/' \
	tests/hf/llama4-scout/config.json >"$tmp/llama4-full/config.json"
expect_eq "hf: llama4 with all layer_types full_attention: no chunked layers (global/local)" \
	"$(sval iswa global_layers -m "$tmp/llama4-full")/$(sval iswa local_layers -m "$tmp/llama4-full")" 2/0
echo '[1, 2]' | bad not-an-object "not-an-object/config.json:1:1: the file is a list, want an object"
: | bad empty "empty/config.json:1: empty: a config.json holds one JSON object"
printf '\n \n' | bad blank "blank/config.json:1: empty: a config.json holds one JSON object"
mkdir -p "$tmp/bom"
{ printf '\357\273\277'; cat "$good"; } >"$tmp/bom/config.json"
expect_eq "hf: a UTF-8 byte order mark is read past: the same model" "$(sval gqa kv_bytes_per_token -m "$tmp/bom" 2>&1)" \
	"$(sval gqa kv_bytes_per_token -m "$good")"
python3 -c "print('[' * 3000 + ']' * 3000)" 2>/dev/null | bad deep-nesting "deep-nesting/config.json:1:2049: maximum parsing depth reached" ||
	true
printf '{"model_type": "llama", "x": "a\0b"}' | bad nul-byte "nul-byte/config.json:1:31: control character 0x0"
head -c 3000 /dev/urandom | tr -d '{[ \t\n' | bad binary-garbage "binary-garbage/config.json:1:"

# -m DIR/: the messages and origins join one slash, not DIR//config.json.
"$ATTNVIZ" --summary gqa -m "$tmp/syntax/" >/dev/null 2>"$tmp/err"
grep -qF "$tmp/syntax/config.json:2:26:" "$tmp/err" && ok "hf: -m DIR/ names DIR/config.json in an error" ||
	fail "hf: -m DIR/ error: $(cat "$tmp/err")"
expect_eq "hf: -m DIR/: no // in --explain or --export-model" \
	"$( ("$ATTNVIZ" --explain all -m tests/hf/llama3-8b/; "$ATTNVIZ" --export-model -m tests/hf/llama3-8b/) 2>&1 | grep -c '//')" 0
expect_eq "hf: ATTNVIZ_MODELS=DIR/: no // in --list" "$(ATTNVIZ_MODELS="$ATTNVIZ_MODELS/" "$ATTNVIZ" --list | grep -c '//')" 0

mkdir -p "$tmp/dirjson/config.json"
"$ATTNVIZ" --summary gqa -m "$tmp/dirjson/config.json" >/dev/null 2>"$tmp/err"; rc=$?
expect_eq "hf: a directory named config.json exits 2" $rc 2
grep -qF "dirjson/config.json: is a directory, not a config.json file" "$tmp/err" && ok "hf: directory named config.json message" ||
	fail "hf: directory named config.json: $(cat "$tmp/err")"
"$ATTNVIZ" --summary gqa -m "$tmp/nothere/config.json" >/dev/null 2>"$tmp/err"; rc=$?
expect_eq "hf: a missing config.json exits 2" $rc 2
grep -qF "nothere/config.json: cannot open" "$tmp/err" && ok "hf: missing file message" || fail "hf: missing: $(cat "$tmp/err")"
# An INI file and a directory without config.json are not read as config.json.
mkdir "$tmp/plain.ini"
"$ATTNVIZ" --summary gqa -m "$tmp/plain.ini" >/dev/null 2>"$tmp/err"
grep -qF "plain.ini: no config.json in this directory" "$tmp/err" && ok "hf: a directory without config.json is not read as one" ||
	fail "hf: plain directory: $(cat "$tmp/err")"

# Origins: every line --export-model writes says where its value came from,
# and a config.json value names its own field, not the INI key.
for dir in tests/hf/*/; do
	id=$(basename "$dir")
	if "$ATTNVIZ" --export-model -m "$dir" > "$tmp/export-$id.ini" 2>"$tmp/err"; then
		expect_eq "hf: every line of $id's export has its origin" "$(unsourced "$tmp/export-$id.ini")" ""
	else
		fail "hf: export $id ($(cat "$tmp/err"))"
	fi
done
grep -q '^base *= 500000 *; config.json rope_theta -> rope.freq_base$' "$tmp/export-llama3-8b.ini" &&
	ok "hf: export says base came from config.json rope_theta" || fail "hf: base origin: $(grep '^base ' "$tmp/export-llama3-8b.ini")"
grep -q '^k_type *= f16 *; .*-ctk' "$tmp/export-llama3-8b.ini" && grep -q '^v_type *= f16 *; .*-ctv' "$tmp/export-llama3-8b.ini" &&
	ok "hf: export says where k_type and v_type came from" || fail "hf: cache type origins: $(grep '_type' "$tmp/export-llama3-8b.ini")"
grep -q '^base_local *= 10000 *; .*rope_local_base_freq\|^base_local *= 10000 *; default of family gemma3' "$tmp/export-gemma3-27b.ini" &&
	ok "hf: export says where Gemma 3's base_local came from" || fail "hf: base_local origin: $(grep '^base_local' "$tmp/export-gemma3-27b.ini")"
"$ATTNVIZ" --explain rope -m tests/hf/llama3-8b/config.json > "$tmp/explain" 2>&1
if grep -q '^    base = 500000: model llama3-8b: config.json rope_theta -> rope.freq_base$' "$tmp/explain" && ! grep -q '\[rope\] base' "$tmp/explain"; then
	ok "hf: --explain rope says base came from config.json rope_theta"
else
	fail "hf: --explain rope base origin: $(grep -m1 'base = ' "$tmp/explain")"
fi

# Weights, estimated from torch_dtype or quantization_config (the tensor
# list is not read): bfloat16 2 bytes a parameter, float32 4; DeepSeek-V3's
# fp8 1 byte a weight (+ an f32 scale a 128 x 128 block) with the
# embeddings in bf16, so between 1 and 1.05 bytes a parameter.
# (--export-model leaves out the loader's own params x 2 estimate: it is read
# here from --fit's weights column.)
wparams() {
	p=$("$ATTNVIZ" --export-model -m "tests/hf/$1" | awk '$1 == "params" { printf "%.0f", $3 }')
	echo "$p $("$ATTNVIZ" --fit 1TiB -m "tests/hf/$1" --format tsv | awk -F'\t' '$1 == "f16" { print $3 }')"
}
set -- $(wparams llama3-8b)
expect_eq "hf: llama3-8b (bfloat16): weights_bytes = 2 x params" "$2" "$(awk -v p="$1" 'BEGIN { printf "%.0f", int(p * 2) }')"
set -- $(wparams gemma2-9b)
expect_eq "hf: gemma2-9b (float32): weights_bytes = 4 x params" "$2" "$(awk -v p="$1" 'BEGIN { printf "%.0f", int(p * 4) }')"
set -- $(wparams deepseek-v3)
check "hf: deepseek-v3 (fp8): 1 to 1.05 bytes a parameter ($2 for $1)" awk -v p="$1" -v w="$2" 'BEGIN { exit !(w > p && w < 1.05 * p) }'
"$ATTNVIZ" --export-model -m tests/hf/deepseek-v3 | grep -q '^weights_bytes .*; estimated: quantization_config fp8' &&
	ok "hf: deepseek-v3's weights say they are estimated from quantization_config" || fail "hf: fp8 weights origin"
# A config.json kept under another name (people save mixtral-config.json):
# read as a config.json, its id the name without .json, not parsed as an INI.
cp tests/hf/mixtral-8x7b/config.json "$TMPDIR/mixtral-config.json"
expect_eq "hf: a config.json named mixtral-config.json gives the directory's memory summary" \
	"$("$ATTNVIZ" --summary memory -m "$TMPDIR/mixtral-config.json" | grep -v bench)" \
	"$("$ATTNVIZ" --summary memory -m tests/hf/mixtral-8x7b | grep -v bench)"
expect_eq "hf: its id is the file name without .json" \
	"$("$ATTNVIZ" --export-model -m "$TMPDIR/mixtral-config.json" | sed -n 's/^name *= *\([^ ;]*\).*/\1/p')" "mixtral-config"
expect_eq "hf: its name's origin says the file's name, not the directory's" \
	"$("$ATTNVIZ" --export-model -m "$TMPDIR/mixtral-config.json" | sed -n 's/^name *=[^;]*; *//p')" "the file's name without .json"
expect_eq "hf: in a directory the name's origin is the directory's name" \
	"$("$ATTNVIZ" --export-model -m tests/hf/mixtral-8x7b | sed -n 's/^name *=[^;]*; *//p')" "the directory's name"
printf '{"hidden_size": 4096,\n' >"$TMPDIR/cut.json"
"$ATTNVIZ" --summary memory -m "$TMPDIR/cut.json" >/dev/null 2>"$TMPDIR/cut.err"
expect_eq "hf: a cut .json is a JSON error with its line, exit 2" "$?:$(grep -c "^attnviz: $TMPDIR/cut.json:[0-9]" "$TMPDIR/cut.err")" "2:1"
