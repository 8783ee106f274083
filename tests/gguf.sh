#!/bin/sh
# GGUF input (-m FILE.gguf): fixtures written by build/gguf_write into a temp
# dir, read through --summary; every expected figure is computed here by hand
# from llama.cpp's rules.  Then hostile headers: each must give one line
# naming the file and the byte offset, and exit 2.
cd "$(dirname "$0")/.." || exit 2
. tests/lib.sh
: "${GGUF_WRITE:=build/gguf_write}"
if [ ! -x "$GGUF_WRITE" ]; then
	fail "gguf: $GGUF_WRITE was not built (make $GGUF_WRITE)"
	exit 0
fi
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT

# mk NAME: the spec on stdin becomes $d/NAME.gguf
. tests/ggufs.sh
mk() { "$GGUF_WRITE" "$d/$1.gguf" || fail "gguf: writing fixture $1"; }
# near NAME GOT WANT: equal to 8 significant digits
near() {
	if awk -v g="$2" -v w="$3" 'BEGIN { d = g - w; if (d < 0) d = -d; exit !(g != "" && d <= 1e-8 * (w < 0 ? -w : w)) }'; then
		ok "$1"
	else
		fail "$1 (got '$2', want '$3')"
	fi
}

# ---- Llama 3 8B: the real shapes, no data ----------------------------------
# tests/ggufs.sh's Llama 3 8B (every tensor llama.cpp creates), as Meta's
# base model ships it: 8192 trained positions, a named GPT-2 vocabulary of
# 128256 tokens, which the reader passes over.  The header alone (no data
# offsets, no data), so that the cut and broken files below end where the
# header does.
llama_spec() {
	dense llama 32 4096 32 8 128 14336 128256 out "llama.rope.freq_base f32 500000" |
		sed -e 's/^kv llama.context_length u32 131072$/kv llama.context_length u32 8192/' \
			-e 's/^kv tokenizer.ggml.model str none$/kv tokenizer.ggml.model str gpt2/' \
			-e '/^sparse$/d' -e '/^offsets /c\
kv general.name str Meta Llama 3 8B\
arr tokenizer.ggml.tokens str t*128256\
arr tokenizer.ggml.token_type i32 1*128256'
}
llama_spec | mk llama3-8b
L="$d/llama3-8b.gguf"
# Parameters: embeddings 2 x 4096 x 128256 = 1,050,673,152; final norm 4096;
# per layer 2 x 4096 (norms) + 2 x 4096^2 (q, o) + 2 x 4096 x 1024 (k, v)
# + 3 x 4096 x 14336 (ffn) = 218,112,000, x 32 = 6,979,584,000.
# Total 8,030,261,248; weight TFLOPs at 4096 tokens: 2 x params x 4096 / 1e12.
params=$((2 * 4096 * 128256 + 4096 + 32 * (2 * 4096 + 2 * 4096 * 4096 + 2 * 4096 * 1024 + 3 * 4096 * 14336)))
expect_eq "gguf: Llama 3 8B shapes sum to 8,030,261,248 parameters (hand sum)" "$params" 8030261248
near "gguf: Llama 3 8B parameters counted from the tensor infos (cost weight_tflop.4096)" \
	"$(sval cost weight_tflop.4096 -m "$L")" "$(awk 'BEGIN { printf "%.12g", 2 * 8030261248 * 4096 / 1e12 }')"
# KV bytes per token: K and V x 8 KV heads x 128 x 2 bytes (f16, llama.cpp's default) x 32 layers.
expect_eq "gguf: Llama 3 8B KV bytes per token 2 x 8 x 128 x 2 x 32 = 131072" \
	"$(sval mla-bytes model_bytes_per_token -m "$L")" $((2 * 8 * 128 * 2 * 32))
# 32 query heads over 8 KV heads: groups of 4.
expect_eq "gguf: Llama 3 8B GQA group 32 / 8 = 4" "$(sval gqa group -m "$L")" 4
check "gguf: --print works on a GGUF model" sh -c '"$ATTNVIZ" --print gqa -m "$1" >/dev/null' _ "$L"

# A 40 GB file (a real header, then a hole): only the header is read.
cp "$L" "$d/big.gguf"
if truncate -s 40G "$d/big.gguf" 2>/dev/null; then
	# Reading the 40 GB would take minutes (holes read at disk speed here):
	# the timeout, not a stopwatch, tells a header read from a whole one.
	got=$(timeout 60 "$ATTNVIZ" --summary mla-bytes -m "$d/big.gguf" 2>&1 | awk -F'\t' '$2 == "model_bytes_per_token" { print $3 }')
	expect_eq "gguf: a 40 GB sparse file loads from its header alone (within 60 s)" "$got" 131072
else
	echo "skip - gguf: truncate -s 40G not possible here"
fi

# ---- weight bytes: every tensor's ggml size --------------------------------
# A small Llama (tests/ggufs.sh's dense: every tensor llama.cpp loads) whose
# 21 tensors take 15 ggml types in turn, each row whole blocks of its type.
# attnviz's weights_bytes (the sum of ggml_nbytes from its own type table)
# against the writer's count (tests/unit/gguf_writer.c, blocks x block
# bytes of its own table), and one type by hand: 256 x 512 of q4_K is 512
# rows x 1 block x 144 bytes.
wspec() {
	dense llama 2 256 4 2 64 512 1000 out "llama.rope.freq_base f32 10000" |
		awk 'BEGIN { n = split("q6_K f32 q8_0 q4_K q3_K q5_K iq4_xs bf16 iq2_xxs tq2_0 q5_1 mxfp4 q4_0 f16 q2_K", t, " ") }
			/^type / { next }
			/^tensor / { print "type " t[i++ % n + 1] }
			{ print }'
}
wbytes=$(wspec | "$GGUF_WRITE" -n "$d/mixed.gguf") || fail "gguf: writing the mixed-type fixture"
wgot=$("$ATTNVIZ" --export-model -m "$d/mixed.gguf" | awk '$1 == "weights_bytes" { print $3 }')
expect_eq "gguf: weights_bytes is the sum of the tensors' ggml sizes (the writer's count)" "$wgot" "$wbytes"
"$ATTNVIZ" --export-model -m "$d/mixed.gguf" | grep -q '^weights_bytes .*; GGUF tensor infos.*exact' &&
	ok "gguf: weights_bytes says it is exact, from the tensor infos" || fail "gguf: weights_bytes origin"
# The same Llama with one layer, every tensor q4_K (256 values, 144 bytes a
# block), by hand: a block a row of 256 (token_embd's 1000 rows, attn_q's
# 256, attn_k's and attn_v's 128, attn_output's 256, ffn_gate's and ffn_up's
# 512, the three norms' one), two a row of 512 (ffn_down's 256 rows):
# (1000 + 256 + 128 + 128 + 256 + 512 + 512 + 3 + 2 x 256) x 144 bytes.
dense llama 1 256 4 2 64 512 1000 "" "llama.rope.freq_base f32 10000" | sed 's/^type .*/type q4_K/' | mk q4k
expect_eq "gguf: a Llama all of q4_K is 3307 blocks of 144 bytes" \
	"$("$ATTNVIZ" --export-model -m "$d/q4k.gguf" | awk '$1 == "weights_bytes" { print $3 }')" $((3307 * 144))
# gguf.cpp refuses a row that is not whole blocks: 100 values of q4_K (256 a block).
printf 'kv general.architecture str llama\nkv llama.block_count u32 1\ntype q4_K\ntensor blk.0.attn_q.weight 100 4\n' | mk partial
"$ATTNVIZ" --export-model -m "$d/partial.gguf" >/dev/null 2>"$d/err"
expect_eq "gguf: a row of q4_K that is not whole blocks: exit 2" "$?" 2
grep -q 'blk.0.attn_q.weight.*100 values a row of q4_K, not a multiple of its block of 256' "$d/err" &&
	ok "gguf: ... naming the tensor and the block" || fail "gguf: partial block: $(cat "$d/err")"

# ---- DeepSeek-V3 shapes, both key styles -------------------------------------
# tests/ggufs.sh's Kimi K2 blocks at DeepSeek-V3's width (128 heads, 256
# experts, 129280 tokens), as the converter writes them today (the *_mla
# keys: key_length the latent's 576, key_length_mla 192) and as older files
# did (no *_mla keys: key_length 192, value_length 128, a KV head a head).
kimik2 128 256 129280 | mk dsv3-mla
kimik2 128 256 129280 | sed '/_mla /d
	s/^kv deepseek2.attention.head_count_kv u32 1$/kv deepseek2.attention.head_count_kv u32 128/
	s/^kv deepseek2.attention.key_length u32 576$/kv deepseek2.attention.key_length u32 192/
	s/^kv deepseek2.attention.value_length u32 512$/kv deepseek2.attention.value_length u32 128/' | mk dsv3-old
# With the *_mla keys llama.cpp caches the latent: (kv_lora_rank 512 + rope 64) x 2 bytes x 61 layers.
expect_eq "gguf: DeepSeek-V3 (key_length_mla) caches the latent: (512 + 64) x 2 x 61 = 70272" \
	"$(sval mla-bytes mla_bytes_per_token -m "$d/dsv3-mla.gguf")" $(((512 + 64) * 2 * 61))
# The same model as MHA: 128 heads x (K 128 + 64, V 128) x 2 bytes x 61 layers.
expect_eq "gguf: DeepSeek-V3 as MHA: 128 x (192 + 128) x 2 x 61 = 4997120" \
	"$(sval mla-bytes mha_bytes_per_token -m "$d/dsv3-mla.gguf")" $((128 * (192 + 128) * 2 * 61))
expect_eq "gguf: DeepSeek-V3 in the old style (no *_mla keys): the same per-head sizes" \
	"$(sval mla-bytes mha_bytes_per_token -m "$d/dsv3-old.gguf")" $((128 * (192 + 128) * 2 * 61))

# ---- a key the architecture's loader does not read ---------------------------
# llama.cpp's saver writes leading_dense_block_count for every architecture;
# qwen3moe's loader (src/models/qwen3moe.cpp) reads none, so a file that
# carries 4 still routes every layer to experts, where deepseek2's reads it.
qwen3moe | sed 's/^\(\s*kv qwen3moe.expert_count u32 .*\)$/\1\
	kv qwen3moe.leading_dense_block_count u32 4/' | mk lead
exp=$("$ATTNVIZ" --export-model -m "$d/lead.gguf")
expect_eq "gguf: qwen3moe's leading_dense_block_count 4 is not read" \
	"$(echo "$exp" | grep -c '^dense_lead')/$(echo "$exp" | grep -c '^ff ')" 0/1

# ---- Gemma 3 27B shapes: interleaved sliding window ------------------------
# tests/ggufs.sh's Gemma 3 27B, with the linear RoPE scaling of its config
dense gemma3 62 5376 32 16 128 21504 262208 "post qknorm" "gemma3.attention.sliding_window u32 1024" \
	"gemma3.rope.freq_base f32 1000000" "gemma3.rope.scaling.type str linear" "gemma3.rope.scaling.factor f32 8" |
	sed '/^offsets /i\
arr tokenizer.ggml.tokens str t*262208' | mk gemma3
# llama.cpp gemma3: set_swa_pattern(6): layer il is local when il % 6 < 5.
# 62 layers: 10 full groups of 6 give 10 global layers; layers 60 and 61 are local.
expect_eq "gguf: Gemma 3 (pattern 6 from llama.cpp's gemma3 rule): 10 global layers" \
	"$(sval iswa global_layers -m "$d/gemma3.gguf")" 10
expect_eq "gguf: Gemma 3: 62 - 10 = 52 local layers" "$(sval iswa local_layers -m "$d/gemma3.gguf")" 52
# A local layer keeps pad256(min(ctx, window 1024 + ubatch 512)) = 1536 cells.
expect_eq "gguf: Gemma 3: sliding_window 1024 from the file (1536 cells)" \
	"$(sval iswa swa_cells -m "$d/gemma3.gguf")" 1536

# ---- hostile and broken headers ---------------------------------------------
# bad NAME FILE WANT: exit 2, one line, naming the file and containing WANT
bad() {
	out=$("$ATTNVIZ" --summary gqa -m "$2" 2>&1 >/dev/null)
	st=$?
	lines=$(printf '%s\n' "$out" | wc -l)
	case "$out" in
	*"$2"*"$3"*)
		if [ $st -eq 2 ] && [ "$lines" -eq 1 ]; then ok "gguf: $1"; else fail "gguf: $1 (exit $st, $lines lines: $out)"; fi ;;
	*) fail "gguf: $1 (exit $st: '$out', want '$3')" ;;
	esac
}
# The offsets: the header is 24 bytes (magic 4, version 4, two u64 counts);
# a key is an u64 length and its bytes, then an u32 type, then the value.
: > "$d/empty.gguf"
bad "an empty file" "$d/empty.gguf" "byte 0: empty file"
mkdir "$d/dir.gguf"
bad "a directory" "$d/dir.gguf" "not a regular file"
bad "a missing file" "$d/none.gguf" "cannot open"
printf 'magic GGML\n' | mk magic
bad "bad magic" "$d/magic.gguf" "byte 0: bad magic 'GGML'"
printf 'version 1\n' | mk v1
bad "version 1 refused" "$d/v1.gguf" "byte 4: GGUF version 1"
printf 'version 4\n' | mk v4
bad "version 4 refused" "$d/v4.gguf" "byte 4: GGUF version 4"
printf 'magic GGUF\nversion 50331648\n' | mk bigendian
bad "a big-endian file" "$d/bigendian.gguf" "byte 4: version 50331648: a big-endian"
printf 'nkv 1000000\n' | mk nkv
bad "a metadata count past the end of the file" "$d/nkv.gguf" "byte 16: 1000000 metadata entries cannot fit"
printf 'ntensors 1000000\nkv general.architecture str llama\n' | mk ntensors
bad "a tensor count past the end of the file" "$d/ntensors.gguf" "byte 8: 1000000 tensor infos cannot fit"
# key "general.name": 24 + 8 + 12 = 44, its type at 44, the string's length at 48
printf 'strlen general.name 99999 abc\n' | mk strlen
bad "a string length past the end of the file" "$d/strlen.gguf" "byte 48: string length 99999 runs past the end"
# English for one byte and one entry: "1 byte left", "1 metadata entry".
# key "x": 24 + 8 + 1 = 33, type at 33, element type at 37, count at 41..49.
printf 'arr x str a,b,c,d\ntruncate 50\n' | mk arrcut
bad "an array of strings cut short, in words" "$d/arrcut.gguf" \
	"byte 41: x: array of 4 string values runs past the end of the file (1 byte left)"
printf 'nkv 1\n' | mk nkv1
bad "one metadata entry and no bytes for it" "$d/nkv1.gguf" "byte 16: 1 metadata entry cannot fit in the 0 bytes left"
# Cut 4 bytes before the end: the last tensor info's u64 data offset starts
# 8 bytes before the end and finds only 4.
size=$(wc -c < "$L")
{ llama_spec; echo "truncate $((size - 4))"; } | mk cut
bad "a file cut inside the tensor infos" "$d/cut.gguf" \
	"byte $((size - 8)): tensor data offset needs 8 bytes, 4 left: the file is cut short"
# key "a": 24 + 8 + 1 = 33, type at 33, the array at 37
printf 'nested a\n' | mk nested
bad "an array of arrays" "$d/nested.gguf" "byte 37: a: array of arrays"
# "x" u8 takes 8 + 1 + 4 + 1 = 14 bytes: the second key starts at 38
printf 'kv x u8 1\nkv x u8 2\n' | mk dup
bad "a duplicate key" "$d/dup.gguf" "byte 38: x: duplicate key (first at byte 24)"
# Floats are kept as ggml's gguf.cpp keeps them, inf and nan too: llama.cpp's
# saver writes kda.gate_lower_bound = -inf into every file (its default,
# llama-hparams.h), read by kimi-k3 alone.  A key attnviz does not read
# changes no size; one it reads is held to its range.
# (llama.cpp's own files, tests/archs: llama-dense carries the -inf; 2
# layers of 2 KV heads of 128, K and V in f16)
sh tests/archs/recreate.sh "$d" llama-dense gemma2-dense
expect_eq "gguf: llama.cpp's own file with kda.gate_lower_bound = -inf: sized" \
	"$(sval mla-bytes model_bytes_per_token -m "$d/llama-dense.gguf")" $((2 * 2 * 128 * 2 * 2))
# dots3note (llama.cpp's own file: layer 0 full with the indexer, layer 1
# sliding; llama.cpp logs a 4096-cell indexer cache of 1.00 MiB at -c
# 4096, one K head of 128 in f16 on one layer): its indexer cache keeps
# the layers attention.indexer.types marks, sliding or not, with the DSA
# cache's cells (filter_lid, not chained with !is_swa); layer 0 need not
# be one (that rule is hy-v4.cpp's alone)
sh tests/archs/recreate.sh "$d" dots3note-moe
python3 tools/gguf_header.py setarr "$d/dots3note-moe.gguf" "$d/dots3note.gguf" \
	dots3note.attention.indexer.types 0,1
mv "$d/dots3note.gguf" "$d/dots3note-moe.gguf"
expect_eq "gguf: dots3note with indexer.types [0, 1]: the sliding layer's indexer keeps the DSA cache's 4096 cells" \
	"$(sval memory indexer_bytes -m "$d/dots3note-moe.gguf" --set ctx=4096)" $((4096 * 128 * 2))
# A sliding_window_pattern array shorter than block_count (the converter's
# layer_types leave out the nextn layers: conversion/command_r.py
# Cohere2MoeModel): llama.cpp's get_arr fills is_swa_impl, zeroed before,
# from its values alone, the last layers full
sh tests/archs/recreate.sh "$d" cohere2moe-moe
python3 tools/gguf_header.py setarr "$d/cohere2moe-moe.gguf" \
	"$d/c2short.gguf" cohere2moe.attention.sliding_window_pattern 1
# (2 KV heads of 128, K and V in f16 at -c 4096: the full layer 4096 x
# 1024 B, the sliding one pad256(32 + 512) = 768 cells)
c2() { sval memory "layer_bytes.$1" -m "$d/c2short.gguf" --set ctx=4096; }
expect_eq "gguf: cohere2moe, a one-value sliding_window_pattern: layer 0 \
sliding, layer 1 full" "$(c2 0) $(c2 1)" "$((768 * 1024)) $((4096 * 1024))"
# DeepSeek V4's compressed caches are read from its GGUF alone: its INI
# (--export-model) is refused, not sized without them
sh tests/archs/recreate.sh "$d" deepseek4-moe
"$ATTNVIZ" --export-model -m "$d/deepseek4-moe.gguf" >"$d/dsv4.ini"
"$ATTNVIZ" --summary memory -m "$d/dsv4.ini" >/dev/null 2>"$d/dsv4.err"
expect_eq "gguf: deepseek4's INI export refused: its compressed caches come from the GGUF" \
	"$? $(grep -c 'compressed caches are read from its GGUF only' "$d/dsv4.err")" "2 1"
{ llama_spec | grep -v rope.freq_base; echo "kv llama.rope.freq_base f32 inf"; } | mk infbase
bad "an infinite RoPE base: out of range" "$d/infbase.gguf" "llama.rope.freq_base: inf is out of range"
# expert_feed_forward_length 0: llama.cpp's default n_ff_exp (no experts),
# which its saver writes for dense models: the FFN is feed_forward_length's
# (llama.cpp's saver writes it into gemma2-dense, feed_forward_length 384)
expect_eq "gguf: expert_feed_forward_length 0 (a dense model): ff is feed_forward_length's 384" \
	"$("$ATTNVIZ" --export-model -m "$d/gemma2-dense.gguf" | awk '$1 == "ff" { print $3 }')" 384
printf 'badtype x 13\n' | mk badtype
bad "an unknown value type" "$d/badtype.gguf" "byte 24: x: unknown value type 13"
printf 'kv x bool 2\n' | mk bool
bad "a bool that is neither 0 nor 1" "$d/bool.gguf" "byte 37: x: bool value 2"
# The per-layer array first: "llama.attention.head_count_kv" (29 bytes) ends at
# 24 + 8 + 29 = 61, its type at 61, the array at 65.
{ echo "arr llama.attention.head_count_kv u32 8*31"; llama_spec | grep -v head_count_kv; } | mk perlayer
bad "a per-layer array of the wrong length" "$d/perlayer.gguf" \
	"byte 65: llama.attention.head_count_kv: per-layer array of 31 values, but block_count is 32"
# sliding_window_pattern is read by get_arr into a std::array of
# LLAMA_MAX_LAYERS (llama-model-loader.cpp): any length up to 512, the
# layers past its end full, entries past block_count unread.  exaone-moe's
# own file: 2 layers of 2 KV heads x 128, K and V f16: 1024 B a cell; a
# sliding layer (window 32) keeps pad256(32 + 512) = 768 cells at -c 4096
sh tests/archs/recreate.sh "$d" exaone-moe-moe
for v in 1 1,1,1 "$(seq 513 | sed 's/.*/1/' | paste -sd, -)"; do
	python3 tools/gguf_header.py setarr "$d/exaone-moe-moe.gguf" \
		"$d/swa-${#v}.gguf" \
		exaone-moe.attention.sliding_window_pattern "$v"
done
expect_eq "gguf: sliding_window_pattern [1] over 2 layers: layer 1 full" \
	"$(sval memory kv_bytes -m "$d/swa-1.gguf" --set ctx=4096)" \
	$(((768 + 4096) * 1024))
expect_eq "gguf: sliding_window_pattern [1, 1, 1] over 2 layers: both slide" \
	"$(sval memory kv_bytes -m "$d/swa-5.gguf" --set ctx=4096)" \
	$((2 * 768 * 1024))
bad "a sliding_window_pattern of 513 entries: above llama.cpp's 512" \
	"$d/swa-1025.gguf" \
	"sliding_window_pattern: array length 513 exceeds max 512"
# "llama.block_count" (17 bytes): the value at 24 + 8 + 17 + 4 = 53
{ echo "kv llama.block_count u32 0"; llama_spec | grep -v block_count; } | mk zero
bad "zero layers" "$d/zero.gguf" "byte 53: llama.block_count: zero layers"
# A missing required key is reported where the header ends: here the file's end.
llama_spec | grep -v 'llama.attention.head_count u32' | mk nohead
bad "a missing required key" "$d/nohead.gguf" \
	"byte $(wc -c < "$d/nohead.gguf"): llama.attention.head_count: missing"
llama_spec | grep -v 'general.architecture' | mk noarch
bad "no general.architecture" "$d/noarch.gguf" "general.architecture: missing"
# The second blk.0.attn_q.weight info starts where the file ended before it.
size=$(wc -c < "$L")
{ llama_spec; echo "tensor blk.0.attn_q.weight 4096 4096"; } | mk duptensor
bad "a duplicate tensor name" "$d/duptensor.gguf" \
	"byte $size: blk.0.attn_q.weight: duplicate tensor name (first at byte"
{ llama_spec; echo "tensor blk.0.huge 4294967296 4294967296 4294967296"; } | mk huge
bad "a tensor whose size overflows 64 bits" "$d/huge.gguf" "blk.0.huge: tensor size overflows 64 bits"
{ echo "kv llama.attention.head_count_kv u32 5"; llama_spec | grep -v head_count_kv; } | mk kv5
bad "KV heads that do not divide the query heads" "$d/kv5.gguf" "5 KV heads do not divide 32"


# ---- architectures attnviz does not size: refused, never plain attention ----
# An unknown name: one line naming it and the known families; a real
# llama.cpp one whose create_memory builds no KV cache (bert): one line
# saying so; exit 2.
for x in "llama9:is not an architecture attnviz sizes (known: " \
	"bert:is not sized: an encoder (embeddings): llama.cpp keeps no cache"; do
	a=${x%%:*}
	llama_spec | sed "s/^kv general.architecture str llama/kv general.architecture str $a/; s/ llama\./ $a./" | mk "arch-$a"
	bad "architecture '$a' refused" "$d/arch-$a.gguf" \
		"general.architecture: '$a' ${x#*:}"
done
# A known architecture with a key of a mechanism its llama.cpp loader never
# reads (llama-arch.cpp LLM_KV_SSM_STATE_SIZE, LLM_KV_ATTENTION_INDEXER_KEY_LENGTH,
# LLM_KV_ATTENTION_SHARED_KV_LAYERS for llama; conversion/gemma.py writes
# shared_kv_layers for every Gemma 3n, which src/models/gemma3n.cpp never
# reads): llama.cpp loads it as its architecture says, and so does attnviz,
# naming the key in --explain (tests/engine.sh's Gemma 3n file carries it).
for x in "ssm.state_size u32 128:ssm" "attention.indexer.key_length u32 128:idx" \
	"attention.shared_kv_layers u32 16:shared"; do
	kv=${x%:*} n=${x##*:}
	{ llama_spec; echo "kv llama.$kv"; } | mk "llama-$n"
	expect_eq "gguf: llama with llama.${kv%% *}: sized as llama (131072 B a token), the key named as ignored" \
		"$(sval mla-bytes model_bytes_per_token -m "$d/llama-$n.gguf") $("$ATTNVIZ" --explain gqa -m "$d/llama-$n.gguf" |
			grep -c "^llama.cpp: llama.${kv%% *} (.*): not read by llama.cpp's llama loader, ignored")" \
		"$((2 * 8 * 128 * 2 * 32)) 1"
done
# key_length_swa unlike key_length would give sliding layers their own size.
{ llama_spec; echo "kv llama.attention.key_length_swa u32 256"; } | mk llama-kswa
bad "llama with a sliding head size of its own refused" "$d/llama-kswa.gguf" \
	"llama.attention.key_length_swa: sliding layers with their own head size for llama"
# The same keys at 0 (or key_length_swa equal to the head size) switch nothing on.
{ llama_spec; echo "kv llama.ssm.state_size u32 0"; echo "kv llama.attention.key_length_swa u32 128"; } | mk llama-zero
expect_eq "gguf: llama with ssm.state_size 0 and key_length_swa = head size: sized as before (131072 B a token)" \
	"$(sval mla-bytes model_bytes_per_token -m "$d/llama-zero.gguf")" $((2 * 8 * 128 * 2 * 32))
# nextn: llama-model.cpp create_memory keeps il < n_layer() = block_count -
# nextn_predict_layers; the last layer keeps no cache: 2 x 8 x 128 x 2 x 31.
{ llama_spec; echo "kv llama.nextn_predict_layers u32 1"; } | mk llama-nextn
expect_eq "gguf: a nextn layer is filtered out of the cache (2 x 8 x 128 x 2 x 31 B a token)" \
	"$(sval mla-bytes model_bytes_per_token -m "$d/llama-nextn.gguf")" $((2 * 8 * 128 * 2 * 31))
{ llama_spec; echo "kv llama.nextn_predict_layers u32 32"; } | mk llama-allnextn
bad "every layer nextn refused" "$d/llama-allnextn.gguf" "llama.nextn_predict_layers: 32 is out of range (0 to 31)"

# ---- the picker's path prompt (tmux) ----------------------------------------
# 2^28 empty strings in a 2 GiB sparse file: the file could hold them, but no
# tokenizer has so many; refused before they are walked (that took 12 s).
{ printf 'GGUF\003\000\000\000\000\000\000\000\000\000\000\000\002\000\000\000\000\000\000\000'
  printf '\025\000\000\000\000\000\000\000tokenizer.ggml.tokens\011\000\000\000\010\000\000\000'
  printf '\000\000\000\020\000\000\000\000'; } >"$d/strings.gguf"
truncate -s $((69 + 8 * 268435456)) "$d/strings.gguf"
t0=$(date +%s)
timeout 60 "$ATTNVIZ" --summary memory -m "$d/strings.gguf" >/dev/null 2>"$d/strings.err"
src=$? t1=$(date +%s)
[ "$src" -eq 2 ] && [ $((t1 - t0)) -le 2 ] &&
	grep -q "strings.gguf: byte 61: tokenizer.ggml.tokens: array of 268435456 strings: more than 16777216" "$d/strings.err" &&
	ok "gguf: 2^28 strings in an array: refused at once ($((t1 - t0)) s)" ||
	fail "gguf: 2^28 strings: exit $src after $((t1 - t0)) s: $(cat "$d/strings.err")"
rm -f "$d/strings.gguf"

# A FIFO named as a GGUF (-m, a lesson's model =) is refused before it is
# read: opening one for reading would wait for a writer forever.
mkfifo "$d/fifo.gguf"
timeout 20 "$ATTNVIZ" --summary memory -m "$d/fifo.gguf" >/dev/null 2>"$d/fifo.err"
frc=$?
[ "$frc" -eq 2 ] && grep -q "fifo.gguf: byte 0: not a regular file" "$d/fifo.err" &&
	ok "gguf: -m FIFO: exit 2 at once, not a regular file" || fail "gguf: -m FIFO: exit $frc: $(cat "$d/fifo.err")"
printf '[lesson]\ntitle = T\nmodel = %s\n[1]\nscene = gqa\n' "$d/fifo.gguf" >"$d/fifo-plan.ini"
timeout 20 "$ATTNVIZ" --lesson "$d/fifo-plan.ini" --cast >/dev/null 2>"$d/fifo.err"
frc=$?
[ "$frc" -eq 2 ] && grep -q "fifo-plan.ini:3: \[lesson\] model: .*not a regular file" "$d/fifo.err" &&
	ok "gguf: a lesson's model = FIFO: exit 2 at once, at the plan's line" || fail "gguf: lesson model = FIFO: exit $frc: $(cat "$d/fifo.err")"

if command -v tmux >/dev/null 2>&1; then
	sock="attnviz-gguf-$$"
	T() { tmux -L "$sock" -f /dev/null "$@"; }
	trap 'T kill-server 2>/dev/null; rm -rf "$d"' EXIT
	bin=$(cd "$(dirname "$ATTNVIZ")" && pwd)/$(basename "$ATTNVIZ")
	on_screen() {   # TEXT: 1 when it never shows (60 s)
		i=0
		while [ $i -lt 600 ]; do
			T capture-pane -p -t g | grep -qF -- "$1" && return 0
			sleep 0.1; i=$((i + 1))
		done
		return 1
	}
	pick() { T send-keys -t g m; on_screen "model (↑↓ choose" || true; T send-keys -t g /; T send-keys -t g -l "$1"; T send-keys -t g Enter; }
	T new-session -d -s g -x 120 -y 40 \
		"env LC_ALL=C.UTF-8 TERM=screen-256color ATTNVIZ_SCENES='$ATTNVIZ_SCENES' ATTNVIZ_MODELS='$ATTNVIZ_MODELS' $bin -s gqa -m qwen2.5-7b; echo EXITED \$?; sleep 60"
	on_screen "── qwen2.5-7b (loaded)" || fail "gguf: picker session did not start"
	pick "$d/magic.gguf"
	if on_screen "byte 0: bad magic 'GGML'"; then ok "gguf: the picker shows a bad header's error"; else fail "gguf: the picker shows a bad header's error"; fi
	T send-keys -t g Escape
	if on_screen "── qwen2.5-7b (loaded)"; then ok "gguf: after a bad header the loaded model stays"; else fail "gguf: a bad header lost the model"; fi
	# a FIFO is refused at once (it would wait for a writer), and q still quits
	mkfifo "$d/pipe.gguf"
	pick "$d/pipe.gguf"
	if on_screen "not a regular file"; then ok "gguf: the picker refuses a FIFO at once"; else fail "gguf: the picker and a FIFO ($(T capture-pane -p -t g | grep -m1 'gguf\|model' ))"; fi
	T send-keys -t g Escape
	cp "$L" "$d/picked.gguf"
	pick "$d/picked.gguf"
	if on_screen "── picked (loaded)" && on_screen "Meta Llama 3 8B"; then ok "gguf: the picker loads a GGUF file by path"; else fail "gguf: the picker loads a GGUF file by path ($(T capture-pane -p -t g | head -3 | tr '\n' '|'))"; fi
	T send-keys -t g q
	if on_screen "EXITED 0"; then ok "gguf: picker session quits"; else fail "gguf: picker session quits"; fi
else
	echo "skip - gguf: picker test (tmux is not installed)"
fi
