#!/bin/sh
# Architectures of 2026 (DESIGN section 5): each shipped family's sizes at
# -c 4096 and 131072 against figures derived here by hand from llama.cpp's
# rules (release v0.5.0, build/llama/release.json; files and functions named
# with each derivation), and the INI and GGUF forms giving identical numbers
# in every model scene but cost (whose weight FLOPs follow the parameter
# count, which a header without weights does not have).  tests/engine.sh
# holds the same GGUFs, with every tensor, against the real llama.cpp.
cd "$(dirname "$0")/.." || exit 2
. tests/lib.sh
: "${GGUF_WRITE:=build/gguf_write}"
if [ ! -x "$GGUF_WRITE" ]; then
	fail "families: $GGUF_WRITE was not built (make $GGUF_WRITE)"
	exit 0
fi
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT

# at CTX MODEL KEY: the iswa scene's value of KEY at -c CTX (the summary
# kept for the model's next key: each model file here is written once)
at() {
	f="$d/at.$1.$(printf '%s' "$2" | tr -c 'a-zA-Z0-9_.-' _)"
	[ -f "$f" ] || "$ATTNVIZ" --summary iswa -m "$2" --set ctx="$1" >"$f"
	awk -F'\t' -v k="$3" '$2 == k { print $3 }' "$f"
}
# same NAME INI GGUF: the model scenes' summaries of the two forms are
# identical (the ten from one process: tests/lib.sh answers)
same() {
	rm -rf "$d/same" && mkdir "$d/same"
	for sc in iswa gqa mla-bytes fa-engines score-matrix; do
		echo "a.$sc --summary $sc -m $2"
		echo "b.$sc --summary $sc -m $3"
	done | answers "$d/same"
	for sc in iswa gqa mla-bytes fa-engines score-matrix; do
		cp "$d/same/a.$sc" "$d/a"
		cp "$d/same/b.$sc" "$d/b"
		if [ -s "$d/a" ] && cmp -s "$d/a" "$d/b"; then ok "families: $1: INI and GGUF give the same $sc summary ($(wc -l <"$d/a") lines)"
		else fail "families: $1: INI and GGUF differ in $sc: $(diff "$d/a" "$d/b" | head -3 | tr '\n' ' ')"; fi
	done
}
# gen NAME GENERATOR [ARGS]: $d/NAME.gguf written from tests/ggufs.sh's
# generator (every key and tensor llama.cpp's loader reads for it, the one
# writer the engine tests load into the real llama.cpp too)
. tests/ggufs.sh
gen() {
	n=$1
	shift
	"$@" | "$GGUF_WRITE" "$d/$n.gguf" || fail "families: writing the $n GGUF"
}

# ---- Qwen3-Next-80B-A3B: hybrid, Gated DeltaNet ------------------------------
# llama.cpp (src/models/qwen3next.cpp load_arch_hparams): block_count 49 with
# nextn_predict_layers 1, so n_layer() = 48; layer il < 48 is recurrent when
# (il + 1) % full_attention_interval (4) != 0: 36 recurrent, 12 attention
# (il = 3, 7, ..., 47); the MTP block 48 keeps nothing (create_memory,
# filter_attn / filter_recr: il < n_layer()).
# KV (llama-kv-cache.cpp): 12 layers x (2 KV heads x 256) x (K + V) x 2 B (f16)
# = 24576 B a cell: at -c 4096, 4096 cells: 100663296; at 131072: 3221225472.
# Recurrent (llama-hparams.cpp, llama-memory-recurrent.cpp): n_embd_r =
# (d_conv - 1) x (d_inner + 2 x n_group x d_state) = 3 x (4096 + 2 x 16 x 128)
# = 24576, n_embd_s = d_state x d_inner = 128 x 4096 = 524288; f32, one row a
# sequence: 36 x 4 x (24576 + 524288) = 79036416 at any context.
gen qwen3next qwen3next
for m in qwen3-next-80b "$d/qwen3next.gguf"; do
	form=INI; case $m in *.gguf) form=GGUF ;; esac
	expect_eq "families: Qwen3-Next ($form): 12 attention layers" "$(at 4096 "$m" global_layers)" 12
	expect_eq "families: Qwen3-Next ($form): 36 recurrent layers" "$(at 4096 "$m" recurrent_layers)" 36
	expect_eq "families: Qwen3-Next ($form): KV at 4096 = 12 x 2 x 256 x 2 x 2 x 4096" "$(at 4096 "$m" total_bytes)" 100663296
	expect_eq "families: Qwen3-Next ($form): KV at 131072 = 3221225472" "$(at 131072 "$m" total_bytes)" 3221225472
	expect_eq "families: Qwen3-Next ($form): recurrent state at 4096 = 36 x 4 x (24576 + 524288)" \
		"$(at 4096 "$m" recurrent_bytes)" 79036416
	expect_eq "families: Qwen3-Next ($form): the same state at 131072" "$(at 131072 "$m" recurrent_bytes)" 79036416
	expect_eq "families: Qwen3-Next ($form): 3 sequences keep 3 rows" \
		"$(sval iswa recurrent_bytes -m "$m" --set ctx=4096 --set n_seq=3)" $((3 * 79036416))
done
same Qwen3-Next qwen3-next-80b "$d/qwen3next.gguf"

# ---- Llama 4 Scout: chunked attention ----------------------------------------
# llama.cpp (src/models/llama4.cpp): no sliding_window key, so swa_type
# CHUNKED, n_swa = 8192, load_swa_pattern(4): il % 4 < 3 chunked (36), 12 full.
# Full layers: 8 KV heads x 128 x 2 x 2 B = 4096 B a cell a layer.
# Chunked layers are cached as iSWA (llama-kv-cache-iswa.cpp size_swa =
# GGML_PAD(min(n_ctx, n_swa + n_ubatch), 256)): at 4096, min(4096, 8704) =
# 4096 cells; at 131072, 8704.
#   4096:   12 x 4096 x 4096 + 36 x 4096 x 4096 = 805306368
#   131072: 12 x 4096 x 131072 + 36 x 4096 x 8704 = 6442450944 + 1283457024 = 7725907968
# Attention FLOPs (llama-hparams.cpp is_masked_swa, CHUNKED: query p sees
# p mod 8192 + 1 keys): at 131072 a chunked layer sees 16 chunks of
# 8192 x 8193 / 2 = 33558528 pairs, a full one 131072 x 131073 / 2 =
# 8590000128; 2 x 40 x 128 x 2 = 20480 FLOPs a pair:
# 20480 x (12 x 8590000128 + 36 x 536936448) / 1e12 = 2506.95093583872 TFLOP
# (the summary prints 9 significant digits).
gen llama4 llama4scout
for m in llama4-scout "$d/llama4.gguf"; do
	form=INI; case $m in *.gguf) form=GGUF ;; esac
	expect_eq "families: Llama 4 Scout ($form): 36 chunked, 12 full layers" \
		"$(at 4096 "$m" local_layers)/$(at 4096 "$m" global_layers)" 36/12
	expect_eq "families: Llama 4 Scout ($form): KV at 4096 = 48 x 4096 x 4096" "$(at 4096 "$m" total_bytes)" 805306368
	expect_eq "families: Llama 4 Scout ($form): chunked cells at 131072 = pad(8192 + 512)" "$(at 131072 "$m" swa_cells)" 8704
	expect_eq "families: Llama 4 Scout ($form): KV at 131072 = 7725907968" "$(at 131072 "$m" total_bytes)" 7725907968
done
expect_eq "families: Llama 4 Scout: attention at 131072 sees p mod 8192 + 1 keys on chunked layers" \
	"$(sval cost attn_tflop.131072 -m llama4-scout --set ctx=131072)" 2506.95094
same "Llama 4 Scout" llama4-scout "$d/llama4.gguf"

# ---- GLM-4.5-Air: a nextn block filtered out ---------------------------------
# llama.cpp create_memory (llama-model.cpp): n_layer_nextn 1 > 0, so the cache
# keeps il < n_layer() = 47 - 1 = 46 layers ("layer  46: filtered").
# 46 x 8 KV heads x 128 x 2 x 2 B = 188416 B a cell:
#   4096: 771751936; 131072: 24696061952.
gen glm4moe glm45air
for m in glm-4.5-air "$d/glm4moe.gguf"; do
	form=INI; case $m in *.gguf) form=GGUF ;; esac
	expect_eq "families: GLM-4.5-Air ($form): 46 of 47 layers cached" "$(at 4096 "$m" global_layers)" 46
	expect_eq "families: GLM-4.5-Air ($form): KV at 4096 = 46 x 8 x 128 x 2 x 2 x 4096" "$(at 4096 "$m" total_bytes)" 771751936
	expect_eq "families: GLM-4.5-Air ($form): KV at 131072 = 24696061952" "$(at 131072 "$m" total_bytes)" 24696061952
done
same GLM-4.5-Air glm-4.5-air "$d/glm4moe.gguf"

# ---- DeepSeek-V3.2: the latent and the indexer's K-only cache ----------------
# llama.cpp create_memory: llama_kv_cache_dsa (src/llama-kv-cache-dsa.cpp), a
# latent cache (K = kv_lora_rank + rope dims = 512 + 64, no V: is_mla()) and
# an indexer cache (one K head of indexer.key_length 128, no V), both on
# il < n_layer() = 62 - 1 = 61 layers.  f16: 61 x (576 + 128) x 2 = 85888 B a cell:
#   4096: 351797248; 131072: 11257511936.
gen deepseek32 deepseek32
for m in deepseek-v3.2 "$d/deepseek32.gguf"; do
	form=INI; case $m in *.gguf) form=GGUF ;; esac
	expect_eq "families: DeepSeek-V3.2 ($form): 61 of 62 layers cached" "$(at 4096 "$m" global_layers)" 61
	expect_eq "families: DeepSeek-V3.2 ($form): latent + indexer at 4096 = 61 x 1408 x 4096" "$(at 4096 "$m" total_bytes)" 351797248
	expect_eq "families: DeepSeek-V3.2 ($form): at 131072 = 11257511936" "$(at 131072 "$m" total_bytes)" 11257511936
done
same DeepSeek-V3.2 deepseek-v3.2 "$d/deepseek32.gguf"
# indexer.top_k (the compute buffer's top-k leaves) is read, and required as
# llama.cpp's load_arch_hparams requires it (get_key without a default)
expect_eq "families: DeepSeek-V3.2 (GGUF): indexer_top_k read" \
	"$("$ATTNVIZ" --export-model -m "$d/deepseek32.gguf" | awk '$1 == "indexer_top_k" { print $3 }')" 2048
deepseek32 | grep -v '^kv deepseek32.attention.indexer.top_k ' | "$GGUF_WRITE" "$d/notopk.gguf"
"$ATTNVIZ" --summary iswa -m "$d/notopk.gguf" >/dev/null 2>"$d/notopk.err" && rc=0 || rc=$?
expect_eq "families: DeepSeek-V3.2 GGUF without indexer.top_k: exit 2, one line naming the key" \
	"$rc:$(wc -l <"$d/notopk.err"):$(grep -c 'deepseek32.attention.indexer.top_k' "$d/notopk.err")" "2:1:1"

# ---- Qwen3.5-27B: Qwen3-Next's layout, dense ------------------------------------
# llama.cpp (src/models/qwen35.cpp load_arch_hparams): block_count 65 with
# nextn_predict_layers 1, n_layer() = 64; il < 64 is recurrent when (il + 1)
# % 4 != 0: 48 recurrent, 16 attention; the MTP block keeps nothing.
# KV: 16 x (4 x 256) x 2 x 2 B = 65536 B a cell: 4096: 268435456; 131072: 8589934592.
# Recurrent: n_embd_r = 3 x (48 x 128 + 2 x 16 x 128) = 30720, n_embd_s =
# 128 x 6144 = 786432: 48 x 4 x (30720 + 786432) = 156893184 at any context.
gen qwen35 qwen35
for m in qwen3.5-27b "$d/qwen35.gguf"; do
	form=INI; case $m in *.gguf) form=GGUF ;; esac
	expect_eq "families: Qwen3.5-27B ($form): 16 attention, 48 recurrent layers" \
		"$(at 4096 "$m" global_layers)/$(at 4096 "$m" recurrent_layers)" 16/48
	expect_eq "families: Qwen3.5-27B ($form): KV at 4096 = 16 x 4 x 256 x 2 x 2 x 4096" "$(at 4096 "$m" total_bytes)" 268435456
	expect_eq "families: Qwen3.5-27B ($form): KV at 131072 = 8589934592" "$(at 131072 "$m" total_bytes)" 8589934592
	expect_eq "families: Qwen3.5-27B ($form): state at 4096 and 131072 = 48 x 4 x (30720 + 786432)" \
		"$(at 4096 "$m" recurrent_bytes)/$(at 131072 "$m" recurrent_bytes)" 156893184/156893184
done
same "Qwen3.5-27B" qwen3.5-27b "$d/qwen35.gguf"

# ---- LFM2-1.2B: short convolution ---------------------------------------------
# llama.cpp (src/models/lfm2.cpp): a block is recurrent when head_count_kv
# is 0: 10 conv blocks, 6 attention (2, 5, 8, 10, 12, 14).
# KV: 6 x (8 x 64) x 2 x 2 B = 12288 B a cell: 4096: 50331648; 131072: 1610612736.
# Recurrent (llama-hparams.cpp n_embd_r, LFM2: n_embd x (l_cache - 1); n_embd_s
# = d_state x d_inner = 0): 10 x 4 x 2048 x 2 = 163840 at any context.
gen lfm2 lfm2
for m in lfm2-1.2b "$d/lfm2.gguf"; do
	form=INI; case $m in *.gguf) form=GGUF ;; esac
	expect_eq "families: LFM2-1.2B ($form): 6 attention, 10 short-conv layers" \
		"$(at 4096 "$m" global_layers)/$(at 4096 "$m" recurrent_layers)" 6/10
	expect_eq "families: LFM2-1.2B ($form): KV at 4096 = 6 x 8 x 64 x 2 x 2 x 4096" "$(at 4096 "$m" total_bytes)" 50331648
	expect_eq "families: LFM2-1.2B ($form): KV at 131072 = 1610612736" "$(at 131072 "$m" total_bytes)" 1610612736
	expect_eq "families: LFM2-1.2B ($form): state at 4096 and 131072 = 10 x 4 x 2048 x (3 - 1)" \
		"$(at 4096 "$m" recurrent_bytes)/$(at 131072 "$m" recurrent_bytes)" 163840/163840
done
same "LFM2-1.2B" lfm2-1.2b "$d/lfm2.gguf"

# ---- Jamba-v0.1: Mamba-1 ------------------------------------------------------
# llama.cpp (src/models/jamba.cpp): recurrent when head_count_kv is 0: 28
# Mamba layers, attention on 4, 12, 20, 28; no ssm.group_count (n_group 0).
# KV: 4 x (8 x 128) x 2 x 2 B = 16384 B a cell: 4096: 67108864; 131072: 2147483648.
# Recurrent: n_embd_r = (4 - 1) x (8192 + 2 x 0 x 16) = 24576, n_embd_s =
# 16 x 8192 = 131072: 28 x 4 x (24576 + 131072) = 17432576 at any context.
gen jamba jamba
for m in jamba-v0.1 "$d/jamba.gguf"; do
	form=INI; case $m in *.gguf) form=GGUF ;; esac
	expect_eq "families: Jamba-v0.1 ($form): 4 attention, 28 Mamba layers" \
		"$(at 4096 "$m" global_layers)/$(at 4096 "$m" recurrent_layers)" 4/28
	expect_eq "families: Jamba-v0.1 ($form): KV at 4096 = 4 x 8 x 128 x 2 x 2 x 4096" "$(at 4096 "$m" total_bytes)" 67108864
	expect_eq "families: Jamba-v0.1 ($form): KV at 131072 = 2147483648" "$(at 131072 "$m" total_bytes)" 2147483648
	expect_eq "families: Jamba-v0.1 ($form): state at 4096 and 131072 = 28 x 4 x (24576 + 131072)" \
		"$(at 4096 "$m" recurrent_bytes)/$(at 131072 "$m" recurrent_bytes)" 17432576/17432576
done
same "Jamba-v0.1" jamba-v0.1 "$d/jamba.gguf"

# ---- Falcon-H1-7B: attention and Mamba2 in every layer ----------------------------
# llama.cpp create_memory (LLM_ARCH_FALCON_H1): filter_attn and filter_recr
# are true for every layer: 44 attention layers that also keep a state.
# KV: 44 x (2 x 128) x 2 x 2 B = 45056 B a cell: 4096: 184549376; 131072: 5905580032.
# Recurrent: n_embd_r = 3 x (3072 + 2 x 1 x 256) = 10752, n_embd_s = 256 x
# 3072 = 786432: 44 x 4 x (10752 + 786432) = 140304384 at any context.
gen falcon-h1 falconh1
for m in falcon-h1-7b "$d/falcon-h1.gguf"; do
	form=INI; case $m in *.gguf) form=GGUF ;; esac
	expect_eq "families: Falcon-H1-7B ($form): 44 attention layers, each with a state" \
		"$(at 4096 "$m" global_layers)/$(at 4096 "$m" recurrent_layers)" 44/44
	expect_eq "families: Falcon-H1-7B ($form): KV at 4096 = 44 x 2 x 128 x 2 x 2 x 4096" "$(at 4096 "$m" total_bytes)" 184549376
	expect_eq "families: Falcon-H1-7B ($form): KV at 131072 = 5905580032" "$(at 131072 "$m" total_bytes)" 5905580032
	expect_eq "families: Falcon-H1-7B ($form): state at 4096 and 131072 = 44 x 4 x (10752 + 786432)" \
		"$(at 4096 "$m" recurrent_bytes)/$(at 131072 "$m" recurrent_bytes)" 140304384/140304384
done
same "Falcon-H1-7B" falcon-h1-7b "$d/falcon-h1.gguf"

# ---- GLM-5: DeepSeek-V3.2's sparse attention under glm-dsa ---------------------
# llama.cpp create_memory (LLM_ARCH_GLM_DSA, like DEEPSEEK32):
# llama_kv_cache_dsa, the latent (512 + 64, no V) and the indexer's K (128)
# on il < n_layer() = 79 - 1 = 78 layers; src/models/glm-dsa.cpp: with
# n_ctx_train 202752 < 1048576 every layer's indexer is full.
# 78 x (576 + 128) x 2 B = 109824 B a cell: 4096: 449839104; 131072: 14394851328.
glm5 >"$d/glm-dsa.spec"
"$GGUF_WRITE" "$d/glm-dsa.gguf" <"$d/glm-dsa.spec" || fail "families: writing the glm-dsa GGUF"
for m in glm-5 "$d/glm-dsa.gguf"; do
	form=INI; case $m in *.gguf) form=GGUF ;; esac
	expect_eq "families: GLM-5 ($form): 78 cached layers (the nextn one filtered)" "$(at 4096 "$m" global_layers)" 78
	expect_eq "families: GLM-5 ($form): latent + indexer at 4096 = 78 x (576 + 128) x 2 x 4096" "$(at 4096 "$m" total_bytes)" 449839104
	expect_eq "families: GLM-5 ($form): at 131072 = 14394851328" "$(at 131072 "$m" total_bytes)" 14394851328
done
same GLM-5 glm-5 "$d/glm-dsa.gguf"
# GLM-5.2 (n_ctx_train >= 1048576, or a file's attention.indexer.types with a
# shared layer) keeps the indexer on some layers only: refused, not guessed.
sed 's/^kv glm-dsa.context_length u32 202752$/kv glm-dsa.context_length u32 1048576/' "$d/glm-dsa.spec" |
	"$GGUF_WRITE" "$d/glm-dsa.gguf" || fail "families: writing the GLM-5.2 GGUF"
"$ATTNVIZ" --summary iswa -m "$d/glm-dsa.gguf" >/dev/null 2>"$d/err"
expect_eq "families: GLM-5.2's per-layer indexer types refused (exit 2, one line)" "$?/$(wc -l <"$d/err")/$(grep -c 'GLM-5.2' "$d/err")" 2/1/1

# ---- Gemma 3n E4B: shared KV layers --------------------------------------------
# llama.cpp (src/models/gemma3n.cpp): load_swa_pattern(5), n_swa 512,
# n_layer_kv_from_start = 20: layers 20-34 reuse an earlier layer's cache
# (create_memory's reuse callback) and have no tensors of their own
# (hparams.has_kv).  Layers 0-19: 16 sliding, 4 full; 2 x 256 x 2 x 2 B =
# 2048 B a cell a layer.  Sliding cells (llama-kv-cache-iswa.cpp):
# pad256(min(n_ctx, 512 + 512)) = 1024.
#   4096:   4 x 4096 x 2048 + 16 x 1024 x 2048 = 33554432 + 33554432 = 67108864
#   131072: 4 x 131072 x 2048 + 16 x 1024 x 2048 = 1073741824 + 33554432 = 1107296256
gen gemma3n gemma3n
for m in gemma-3n-e4b "$d/gemma3n.gguf"; do
	form=INI; case $m in *.gguf) form=GGUF ;; esac
	expect_eq "families: Gemma 3n E4B ($form): 4 full, 16 sliding, 15 shared layers" \
		"$(at 4096 "$m" global_layers)/$(at 4096 "$m" local_layers)/$(sval memory layers_shared -m "$m")" 4/16/15
	expect_eq "families: Gemma 3n E4B ($form): KV at 4096 = 67108864" "$(at 4096 "$m" total_bytes)" 67108864
	expect_eq "families: Gemma 3n E4B ($form): KV at 131072 = 1107296256" "$(at 131072 "$m" total_bytes)" 1107296256
done
same "Gemma 3n E4B" gemma-3n-e4b "$d/gemma3n.gguf"

# ---- Gemma 4 31B: per-layer KV heads and head sizes --------------------------------
# llama.cpp (src/models/gemma4.cpp): the per-layer sliding_window_pattern
# (five sliding, one full), n_swa 1024, key/value_length 512 on the full
# layers and key/value_length_swa 256 on the sliding ones; head_count_kv per
# layer (16 sliding, 4 full).  A sliding layer: 16 x 256 x 2 x 2 B = 16384 B a
# cell, a full one 4 x 512 x 2 x 2 B = 8192 B.  Sliding cells: pad256(min(n_ctx,
# 1024 + 512)) = 1536.
#   4096:   10 x 4096 x 8192 + 50 x 1536 x 16384 = 335544320 + 1258291200 = 1593835520
#   131072: 10 x 131072 x 8192 + 1258291200 = 10737418240 + 1258291200 = 11995709440
# Without flash attention V is transposed and every layer's V row padded to
# the widest, n_embd_v_gqa_max() = max(16 x 256, 4 x 512) = 4096
# (llama-kv-cache.cpp): a full layer then keeps 4 x 512 x 2 + 4096 x 2 = 12288 B
# a cell: at 131072, 10 x 131072 x 12288 + 1258291200 = 17364418560.
gen gemma4 gemma4
for m in assets/models/gemma4-31b.ini "$d/gemma4.gguf"; do
	form=INI; case $m in *.gguf) form=GGUF ;; esac
	expect_eq "families: Gemma 4 31B ($form): 10 full, 50 sliding layers" \
		"$(at 4096 "$m" global_layers)/$(at 4096 "$m" local_layers)" 10/50
	expect_eq "families: Gemma 4 31B ($form): KV at 4096 = 1593835520" "$(at 4096 "$m" total_bytes)" 1593835520
	expect_eq "families: Gemma 4 31B ($form): KV at 131072 = 11995709440" "$(at 131072 "$m" total_bytes)" 11995709440
	expect_eq "families: Gemma 4 31B ($form): without flash attention V rows padded to 4096: 17364418560" \
		"$(sval iswa total_bytes -m "$m" --set ctx=131072 --set fa=0)" 17364418560
done
same "Gemma 4 31B" assets/models/gemma4-31b.ini "$d/gemma4.gguf"

# ---- INI: the new keys are validated ------------------------------------------
bad() {   # bad NAME WANT: the INI on stdin; exit 2, one line, WANT in it
	cat >"$d/$1.ini"
	"$ATTNVIZ" --summary iswa -m "$d/$1.ini" >/dev/null 2>"$d/err"; rc=$?
	if [ $rc -eq 2 ] && [ "$(wc -l <"$d/err")" -eq 1 ] && grep -qF -- "$2" "$d/err"; then ok "families: $1"
	else fail "families: $1 (rc $rc: $(cat "$d/err"))"; fi
}
base='[model]
name = t
params = 1e9
layers = 4
heads = 8
kv_heads = 2
head_dim = 64
vocab = 1000
ctx_train = 4096
[rope]
base = 10000'
printf '%s\n[attention]\nkind = gqa\nlayer_types = recurrent,full,recurrent,full\n' "$base" |
	bad recurrent-no-state "layer_types: recurrent layers need their state's size"
printf '%s\n[attention]\nkind = gqa\n[recurrent]\nssm_d_state = 16\n' "$base" |
	bad state-no-recurrent "[recurrent] ssm_d_state: a recurrent state size, but no layer_types is recurrent"
printf '%s\n[attention]\nkind = gqa\nsliding_window = 8\nlayer_types = sliding,chunked,full,full\n' "$base" |
	bad sliding-and-chunked "sliding and chunked layers in one model"
printf '%s\n[attention]\nkind = gqa\n[mla]\nindexer_head_dim = 128\n' "$base" |
	bad indexer-without-mla "[mla] indexer_head_dim: only for kind = mla"
printf '%s\n[attention]\nkind = gqa\n[mla]\nindexer_top_k = 2048\n' "$base" |
	bad topk-without-indexer "[mla] indexer_top_k: needs indexer_head_dim"
printf '%s\n[attention]\nkind = gqa\nlayer_types = full,full,full,mamba\n' "$base" |
	bad unknown-kind "unknown value 'mamba' (one of full | sliding | chunked | recurrent | shared | none)"
sed 's/^ctx_train = 4096/&\nnextn_layers = 4/' <<-EOF | bad all-nextn "[model] nextn_layers: 4 of 4 layers"
$base
[attention]
kind = gqa
EOF
# the MoE graph's dense lead and shared experts (llama-model.cpp LLM_ARCH_DEEPSEEK2)
sed 's/^ctx_train = 4096/&\ndense_lead = 1/' <<-EOF | bad dense-lead-no-experts "[model] dense_lead: without experts"
$base
[attention]
kind = gqa
EOF
sed 's/^ctx_train = 4096/&\nexperts = 8\nexperts_used = 2\ndense_lead = 4/' <<-EOF | bad all-dense-lead "[model] dense_lead: 4 of 4 layers dense"
$base
[attention]
kind = gqa
EOF
# the nextn layer is not in the graph: 3 dense of 3 graph layers leaves no MoE layer
sed 's/^ctx_train = 4096/&\nexperts = 8\nexperts_used = 2\nnextn_layers = 1\ndense_lead = 3/' <<-EOF | bad dense-lead-nextn "[model] dense_lead: 3 of 3 layers dense"
$base
[attention]
kind = gqa
EOF
sed 's/^ctx_train = 4096/&\nexperts = 8\nexperts_used = 2\nff_dense = 1024/' <<-EOF | bad ff-dense-no-lead "[model] ff_dense: without dense_lead"
$base
[attention]
kind = gqa
EOF
sed 's/^ctx_train = 4096/&\nexperts = 8\nexperts_used = 2\nshared_experts = x/' <<-EOF | bad shared-experts-word "[model] shared_experts: 'x' is not a whole number"
$base
[attention]
kind = gqa
EOF
# ffn_types: moe or dense a layer (Jamba's routers on some layers alone)
sed 's/^ctx_train = 4096/&\nexperts = 8\nexperts_used = 2\nffn_types = moe,dense/' <<-EOF |
$base
[attention]
kind = gqa
EOF
	bad ffn-types-count "[model] ffn_types: 2 items for 4 layers"
sed 's/^ctx_train = 4096/&\nexperts = 8\nexperts_used = 2\nffn_types = moe*3,sparse/' <<-EOF |
$base
[attention]
kind = gqa
EOF
	bad ffn-types-word "[model] ffn_types: unknown value 'sparse' (one of moe | dense)"
"$ATTNVIZ" --export-model -m tests/hf/jamba-v0.1 >"$d/jb.ini"
"$ATTNVIZ" --export-model -m "$d/jb.ini" >"$d/jb2.ini"
expect_eq "families: Jamba's ffn_types, from its routers, exported and read back" \
	"$(grep -c '^ffn_types *= dense,moe,dense,moe,' "$d/jb.ini") $(
	grep '^ffn_types' "$d/jb.ini" | sed 's/ *;.*//') $(
	grep '^ffn_types' "$d/jb2.ini" | sed 's/ *;.*//')" \
	"1 $(grep '^ffn_types' "$d/jb.ini" | sed 's/ *;.*//') $(
	grep '^ffn_types' "$d/jb.ini" | sed 's/ *;.*//')"
# A short-conv state (LFM2's rule, llama-hparams.cpp n_embd_r = n_embd x
# (L_cache - 1), no n_embd_s): 2 recurrent layers x 4 B x 1024 x 2 = 16384.
printf '%s\n[attention]\nkind = gqa\nlayer_types = recurrent,full,recurrent,full\n[recurrent]\nshortconv_l_cache = 3\n' "$(echo "$base" | sed 's/^ctx_train = 4096$/&\nembd = 1024/')" >"$d/sc.ini"
expect_eq "families: a short-conv state: 2 x 4 x 1024 x (3 - 1)" "$(sval iswa recurrent_bytes -m "$d/sc.ini")" 16384
"$ATTNVIZ" --export-model -m "$d/sc.ini" >"$d/sc-out.ini" && "$ATTNVIZ" --export-model -m "$d/sc-out.ini" >"$d/sc-out2.ini"
expect_eq "families: layer kinds and the state survive --export-model" \
	"$(sed 's/ *;.*//' "$d/sc-out.ini" | grep -E '^(layer_types|shortconv_l_cache|embd) ' | tr -s ' ' | tr '\n' '|')" \
	"embd = 1024|layer_types = recurrent,full,recurrent,full|shortconv_l_cache = 3|"
expect_eq "families: the export of the export is the same" "$(grep -v '^;' "$d/sc-out.ini" | sed 's/ *;.*//')" \
	"$(grep -v '^;' "$d/sc-out2.ini" | sed 's/ *;.*//')"

# ---- a long model's per-layer lists: ITEM*N, and the GGUF round trip ----------
# A GGUF exported as INI and loaded again gives the same numbers; its lists
# (49 layers of recurrent,recurrent,recurrent,full) fit one INI line as ITEM*N.
for g in qwen3next llama4 deepseek32; do
	"$ATTNVIZ" --export-model -m "$d/$g.gguf" >"$d/$g-rt.ini" 2>"$d/err" || fail "families: export $g ($(cat "$d/err"))"
	for sc in iswa gqa mla-bytes; do
		"$ATTNVIZ" --summary $sc -m "$d/$g.gguf" >"$d/a" 2>&1
		"$ATTNVIZ" --summary $sc -m "$d/$g-rt.ini" >"$d/b" 2>&1
		if cmp -s "$d/a" "$d/b"; then ok "families: $g GGUF exported and loaded again: same $sc summary"
		else fail "families: $g round trip, $sc: $(diff "$d/a" "$d/b" | head -2 | tr '\n' ' ')"; fi
	done
done
expect_eq "families: Qwen3-Next's export writes its layer kinds as ITEM*N" \
	"$(sed -n 's/^layer_types *= *\([^ ;]*\).*/\1/p' "$d/qwen3next-rt.ini" | cut -c1-34)" "recurrent*3,full,recurrent*3,full,"
printf '%s\n[attention]\nkind = gqa\nlayer_types = recurrent*2,full*2\n[recurrent]\nshortconv_l_cache = 3\n' "$(echo "$base" | sed 's/^ctx_train = 4096$/&\nembd = 1024/')" >"$d/star.ini"
expect_eq "families: layer_types recurrent*2,full*2 reads as four layers" "$(sval iswa recurrent_layers -m "$d/star.ini")/$(sval iswa global_layers -m "$d/star.ini")" 2/2
printf '%s\n[attention]\nkind = gqa\nlayer_types = full*5\n' "$base" | bad star-too-many "layer_types: 5 items for 4 layers"
printf '%s\n[attention]\nkind = gqa\nlayer_types = full*x,full*3\n' "$base" | bad star-junk "layer_types: an empty item, a bad ITEM*N"
# Sliding layers' own K and V head sizes are sized (n_embd_head_k_swa,
# n_embd_head_v_swa); without flash attention llama.cpp pads V rows to the widest.
printf '%s\n[attention]\nkind = gqa\nsliding_window = 8\nswa_pattern = 2\nhead_dim_swa = 32\n' "$base" >"$d/kswa.ini"
# 2 sliding layers x 2 KV heads x (32 + 64) x 2 B + 2 full x 2 x (64 + 64) x 2 B = 768 + 1024 a token
expect_eq "families: head_dim_swa sizes the sliding layers' K (768 + 1024 B a token)" \
	"$(sval mla-bytes model_bytes_per_token -m "$d/kswa.ini")" 1792
printf '%s\n[attention]\nkind = gqa\nsliding_window = 8\nswa_pattern = 2\nhead_dim_v_swa = 32\n' "$base" >"$d/vswa.ini"
# n_rot_swa: a sliding layer's rope turns at most its head, in pairs
# (the whole 32 by default, as Gemma 4's sliding layers)
sed 's/^\[rope\]$/[rope]\ndims_swa = 48/' "$d/kswa.ini" |
	bad dims-swa-wide "[rope] dims_swa: 48 rotated dimensions on a \
sliding layer: want an even number, at most its head's 32"
sed 's/^\[rope\]$/[rope]\ndims_swa = 16/' "$d/kswa.ini" >"$d/kswa16.ini"
expect_eq "families: dims_swa 16 exported; the default (the head whole) not" \
	"$("$ATTNVIZ" --export-model -m "$d/kswa16.ini" |
		awk '$1 == "dims_swa" { print $3 }')/$("$ATTNVIZ" --export-model \
		-m "$d/kswa.ini" | grep -c '^dims_swa')" 16/0
# -c 256: every layer 256 cells (pad256(min(256, 8 + 512))); -fa on: 2 sliding x 2 x (64 + 32) x 2 B
# + 2 full x 2 x (64 + 64) x 2 B = 1792 B a cell; -fa off, V padded to 2 x 64: 4 x 2 x 128 x 2 x 2 B = 2048
expect_eq "families: head_dim_v_swa sizes the sliding layers' V, padded without flash attention" \
	"$(sval iswa total_bytes -m "$d/vswa.ini" --set ctx=256)/$(sval iswa total_bytes -m "$d/vswa.ini" --set ctx=256 --set fa=0)" \
	$((256 * 1792))/$((256 * 2048))
