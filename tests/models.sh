#!/bin/sh
# Model files: every shipped model's KV bytes against a figure worked out by
# hand here from llama.cpp's rules, every class of bad input (exit 2 and one
# line naming file, line, section and key), the search path, and the
# --export-model round trip.
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# id, KV bytes per token with every layer global, f16/bf16 (2 bytes):
# llama.cpp allocates K and V per layer, n_embd_k_gqa = kv_heads x head_dim
# and n_embd_v_gqa = kv_heads x head_dim_v elements per token
# (llama-kv-cache.cpp), so 2 (K, V) x layers x kv_heads x head_dim x 2 bytes;
# MLA layers cache the latent kv_lora_rank + the shared RoPE key
# qk_rope_head_dim and no V: layers x (512 + 64) x 2 bytes.
while read -r id want why; do
	got=$(sval gqa kv_bytes_per_token -m "$id")
	expect_eq "models: $id KV bytes per token ($why)" "$got" "$want"
done <<'X'
llama3-8b 131072 2x32x8x128x2
llama3-70b 327680 2x80x8x128x2
deepseek-v3 70272 61x(512+64)x2
deepseek-v2-lite 31104 27x(512+64)x2
gemma3-27b 507904 2x62x16x128x2
gemma2-9b 344064 2x42x8x256x2
mistral-7b 131072 2x32x8x128x2
mixtral-8x7b 131072 2x32x8x128x2
qwen2.5-7b 57344 2x28x4x128x2
qwen3-4b 147456 2x36x8x128x2
gpt-oss-20b 49152 2x24x8x64x2
falcon-7b 8192 2x32x1x64x2
tiny-qwen2vocab 128 2x2x2x8x2
tiny-gemma3-swa 1536 2x6x2x32x2
gemma4-31b 901120 10x2x4x512x2+50x2x16x256x2
X
n=$("$ATTNVIZ" --list | grep -c '^model	')
[ "$n" -ge 14 ] && ok "models: at least 14 shipped ($n)" || fail "models: only $n shipped"
"$ATTNVIZ" --list | grep '^model' | grep -q error && fail "models: a shipped model does not load" || ok "models: every shipped model loads"

# Layer patterns, llama-hparams.cpp set_swa_pattern(n): layer il is local when
# il % n < n - 1.  Gemma 2 9B, n = 2 over 42 layers: 21 global; 4096 x 1 + 512
# = 4608 cells (a multiple of 256).  Gemma 3 27B, n = 6 over 62 layers: layers
# 5, 11, ..., 59 are global (10), 52 local.  gpt-oss-20b's layer_types
# alternate sliding, full from layer 0: 12 and 12.
expect_eq "models: gemma2-9b global layers" "$(sval iswa global_layers -m gemma2-9b)" 21
expect_eq "models: gemma2-9b swa cells" "$(sval iswa swa_cells -m gemma2-9b)" 4608
expect_eq "models: gemma2-9b local bytes" "$(sval iswa local_bytes -m gemma2-9b)" $((21 * 4608 * 2 * 8 * 256 * 2))
expect_eq "models: gemma3-27b local layers" "$(sval iswa local_layers -m gemma3-27b)" 52
expect_eq "models: gpt-oss-20b local layers from layer_types" "$(sval iswa local_layers -m gpt-oss-20b)" 12
# Mistral v0.1's config has sliding_window 4096, but llama.cpp runs it as
# LLM_ARCH_LLAMA, which reads no window: every layer keeps a full cache.
expect_eq "models: mistral-7b: llama.cpp ignores the window" "$(sval iswa local_layers -m mistral-7b)" 0
expect_eq "models: mla-bytes on deepseek-v2-lite" "$(sval mla-bytes mla_bytes_per_token -m deepseek-v2-lite)" 31104
expect_eq "models: cost kv_gib.131072 on qwen2.5-7b (57344 x 131072 / 2^30)" "$(sval cost kv_gib.131072 -m qwen2.5-7b)" 7
expect_eq "models: rope-yarn takes DeepSeek-V3's factor" "$(sval rope-yarn mscale -m deepseek-v3 | cut -c1-6)" "1.3688"

# A small model written here, so that line numbers below are this file's.
good=$tmp/fixture.ini
cat > "$good" <<'X'
[model]
name = Fixture
params = 8e9
layers = 4
heads = 32
kv_heads = 8
head_dim = 128
vocab = 1000
ctx_train = 8192

[attention]
kind = gqa

[rope]
base = 10000

[cache]
type = f16
X
expect_eq "models: the fixture loads (2x4x8x128x2)" "$(sval gqa kv_bytes_per_token -m "$good")" 16384

bad() {   # bad NAME WANT SED-SCRIPT : the fixture edited by sed
	name=$1 want=$2 script=$3
	sed "$script" "$good" > "$tmp/$name.ini"
	"$ATTNVIZ" --summary gqa -m "$tmp/$name.ini" >/dev/null 2>"$tmp/err"; rc=$?
	if [ $rc -eq 2 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -qF -- "$want" "$tmp/err"; then ok "models: $name"
	else fail "models: $name (rc $rc: $(cat "$tmp/err"))"; fi
}
bad missing-key "missing-key.ini:1: [model] layers: missing (required)" '/^layers/d'
bad missing-section "missing-section.ini: [rope] missing section (required)" '/^\[rope\]/d; /^base/d'
bad missing-sections "missing-sections.ini: [attention], [rope] missing sections (required)" '/^\[rope\]/d; /^base/d; /^\[attention\]/d; /^kind/d'
bad empty-name "empty-name.ini:2: [model] name: empty" 's/^name .*/name =/'
bad junk-number "junk-number.ini:4: [model] layers: '12abc' is not a whole number" 's/^layers .*/layers = 12abc/'
bad junk-hex "junk-hex.ini:5: [model] heads: '0x2g' is not a whole number" 's/^heads .*/heads = 0x2g/'
bad zero-count "zero-count.ini:5: [model] heads: '0' is out of range (1 to 65536)" 's/^heads .*/heads = 0/'
bad negative-count "negative-count.ini:6: [model] kv_heads: '-8' is out of range (1 to 65536)" 's/^kv_heads .*/kv_heads = -8/'
bad zero-layers "zero-layers.ini:4: [model] layers: '0' is out of range (1 to 1024)" 's/^layers .*/layers = 0/'
bad not-divisible "not-divisible.ini:6: [model] kv_heads: heads (32) is not a multiple of kv_heads (5)" 's/^kv_heads .*/kv_heads = 5/'
bad more-kv-than-q "more-kv-than-q.ini:6: [model] kv_heads: more KV heads (64) than query heads (32)" 's/^kv_heads .*/kv_heads = 64/'
bad list-length "list-length.ini:6: [model] kv_heads: 3 items for 4 layers (one number, or one per layer)" 's/^kv_heads .*/kv_heads = 8,8,8/'
bad list-divisible "list-divisible.ini:6: [model] kv_heads: layer 2: heads (32) is not a multiple of kv_heads (5)" 's/^kv_heads .*/kv_heads = 8,8,5,8/'
bad list-junk "list-junk.ini:6: [model] kv_heads: layer 2: 'x' is not a whole number" 's/^kv_heads .*/kv_heads = 8,8,x,8/'
bad list-negative "list-negative.ini:6: [model] kv_heads: layer 1: '-1' is out of range (0 to 65536)" 's/^kv_heads .*/kv_heads = 8,-1,8,8/'
bad list-empty-item "list-empty-item.ini:6: [model] kv_heads: an empty item" 's/^kv_heads .*/kv_heads = 8,,8,8/'
bad list-no-cache "list-no-cache.ini:6: [model] kv_heads: no layer keeps a KV cache (all 0)" 's/^kv_heads .*/kv_heads = 0,0,0,0/'
# [model] arch: a family without a file in src/families/ is refused, never sized as plain attention.
bad unknown-arch "unknown-arch.ini:3: [model] arch: 'llama9' is not an architecture attnviz sizes (known: " \
	's/^name .*/&\narch = llama9/'
# ... and stays a short line: one stem's names braced (src/model/arch.c
# arch_known_list over src/families/), the first ones, then how many in all.
msg=$(sed 's/^.*unknown-arch.ini:3: //' "$tmp/err")
nfam=$(ls src/families/*.c | wc -l)
if [ ${#msg} -le 300 ] && grep -qF "deepseek{,2,32,4}" "$tmp/err" && grep -qF "... ($nfam in all))" "$tmp/err"; then ok "models: unknown-arch line ${#msg} chars"
else fail "models: unknown-arch line ${#msg} chars (at most 300): $msg"; fi
bad unknown-kind "unknown-kind.ini:12: [attention] kind: unknown value 'banana' (one of mha | gqa | mqa | mla)" 's/^kind .*/kind = banana/'
bad mha-kv "mha-kv.ini:12: [attention] kind: mha needs kv_heads equal to heads" 's/^kind .*/kind = mha/'
bad layer-type-word "layer-type-word.ini:14: [attention] layer_types: unknown value 'local' (one of full | sliding | chunked | recurrent | shared | none)" 's/^kind .*/kind = gqa\nsliding_window = 8\nlayer_types = full,full,local,full/'
bad layer-type-length "layer-type-length.ini:13: [attention] layer_types: 2 items for 4 layers (one per layer)" 's/^kind .*/kind = gqa\nlayer_types = full,sliding/'
bad layer-type-window "layer-type-window.ini:13: [attention] layer_types: a sliding layer needs a sliding_window" 's/^kind .*/kind = gqa\nlayer_types = full,sliding,full,full/'
bad pattern-window "pattern-window.ini:13: [attention] swa_pattern: a layer pattern needs a sliding_window" 's/^kind .*/kind = gqa\nswa_pattern = 2/'
bad window-used "window-used.ini:13: [attention] window_used: '2' is out of range (0 to 1)" 's/^kind .*/kind = gqa\nwindow_used = 2/'
bad window-unused "window-unused.ini:13: [attention] window_used: there is no sliding_window to ignore" 's/^kind .*/kind = gqa\nwindow_used = 0/'
bad mla-key-not-mla "mla-key-not-mla.ini:20: [mla] kv_lora_rank: only for kind = mla" 's/^type .*/type = f16\n[mla]\nkv_lora_rank = 512/'
bad mla-missing "mla-missing.ini: [mla] missing section (required)" 's/^kind .*/kind = mla/'
bad mla-odd-rope "mla-odd-rope.ini:21: [mla] qk_rope_head_dim: RoPE rotates pairs: the dimension must be even" 's/^kind .*/kind = mla/; s/^type .*/type = f16\n[mla]\nkv_lora_rank = 512\nqk_rope_head_dim = 63\nqk_nope_head_dim = 64\nv_head_dim = 128/'
bad experts-used "experts-used.ini:5: [model] experts_used: 9 of 8 experts (1 to experts)" 's/^layers .*/experts = 8\nexperts_used = 9\nlayers = 4/'
bad experts-missing "experts-missing.ini:1: [model] experts_used: 0 of 8 experts (1 to experts)" 's/^layers .*/experts = 8\nlayers = 4/'
bad used-no-experts "used-no-experts.ini:4: [model] experts_used: experts_used without experts" 's/^layers .*/experts_used = 2\nlayers = 4/'
bad active-over-total "active-over-total.ini:4: [model] active_params: more than params (8e+09)" 's/^layers .*/active_params = 9e9\nlayers = 4/'
bad unknown-scaling "unknown-scaling.ini:16: [rope] scaling: unknown value 'dynamic' (one of none | linear | ntk | yarn | llama3 | longrope)" 's/^base .*/base = 10000\nscaling = dynamic/'
bad factor-no-scaling "factor-no-scaling.ini:16: [rope] factor: a factor other than 1 needs a scaling" 's/^base .*/base = 10000\nfactor = 4/'
bad beta-order "beta-order.ini:16: [rope] beta_slow: must not be larger than beta_fast" 's/^base .*/base = 10000\nbeta_slow = 40/'
bad absurd-size "absurd-size.ini:4: [model] layers: '99999999999999999999' is out of range" 's/^layers .*/layers = 99999999999999999999/'
bad past-double "past-double.ini:4: [model] layers: '1e400' is out of range (1 to 1024)" 's/^layers .*/layers = 1e400/'
bad past-double-real "past-double-real.ini:15: [rope] base: '1e400' is out of range (1.0000001 to 1000000000000)" 's/^base .*/base = 1e400/'
bad overflow "overflow.ini:4: [model] layers: sizes derived from this model overflow 64-bit arithmetic" 's/^layers .*/layers = 1000/; s/^heads .*/heads = 65536/; s/^kv_heads .*/kv_heads = 65536/; s/^head_dim .*/head_dim = 65536/; s/^kind .*/kind = mha/'
bad odd-head-dim "odd-head-dim.ini:7: [model] head_dim: RoPE rotates pairs: the dimension must be even" 's/^head_dim .*/head_dim = 127/'
bad colon-section "colon-section.ini:1: ':' is not allowed in a section name" 's/^\[model\]/[model:layers]/'
bad duplicate-key "duplicate-key.ini:6: [model] heads: duplicate key (first on line 5)" 's/^heads .*/heads = 32\nheads = 16/'
bad unknown-cache "unknown-cache.ini:18: [cache] type: unknown value 'f8'" 's/^type .*/type = f8/'
bad unknown-k-type "unknown-k-type.ini:19: [cache] k_type: unknown value 'q3_k'" 's/^type .*/type = f16\nk_type = q3_k/'
bad nan-value "nan-value.ini:15: [rope] base: 'nan' is not a number" 's/^base .*/base = nan/'
# llama-context.cpp llama_init_from_model refuses a quantized cache type whose
# block of 32 elements does not divide the head size (48 = 1.5 blocks; 80 = 2.5).
bad k-type-block "k-type-block.ini:19: [cache] k_type: K cache type q8_0 with block size 32 does not divide the K head size 48" 's/^head_dim .*/head_dim = 48/; s/^type .*/type = f16\nk_type = q8_0/'
bad v-type-block "v-type-block.ini:20: [cache] v_type: V cache type q5_0 with block size 32 does not divide the V head size 80" 's/^head_dim .*/head_dim = 128\nhead_dim_v = 80/; s/^type .*/type = f16\nv_type = q5_0/'
bad type-block "type-block.ini:18: [cache] type: K cache type q4_0 with block size 32 does not divide the K head size 48" 's/^head_dim .*/head_dim = 48/; s/^type .*/type = q4_0/'

# K and V types: q8_0 stores 32 elements in 34 bytes (ggml block_q8_0).
# K: 8 x 128 = 1024 elements = 32 blocks = 1088 bytes; V in f16: 2048 bytes.
sed 's/^type .*/type = q8_0\nv_type = f16/' "$good" > "$tmp/kv-types.ini"
# 4 x (1088 + 2048) = 12544 bytes a token; at 131072 tokens 12544 x 2^17 / 2^30 = 1.53125 GiB.
expect_eq "models: k_type q8_0, v_type f16 (4 x (1088 + 2048) x 2^17 / 2^30)" "$(sval cost kv_gib.131072 -m "$tmp/kv-types.ini")" 1.53125
# The memory scene keeps the file's types unless k_type / v_type name one
# (-ctk / -ctv over it): 12544 x 131072 bytes, then 4 x (2048 + 2048) x 131072.
expect_eq "models: memory keeps the INI's k_type q8_0 (12544 x 131072)" "$(sval memory kv_bytes -m "$tmp/kv-types.ini")" $((12544 * 131072))
expect_eq "models: memory --set k_type=f16 is -ctk over the INI (4096 x 4 x 131072)" \
	"$(sval memory kv_bytes -m "$tmp/kv-types.ini" --set k_type=f16)" $((4096 * 4 * 131072))
"$ATTNVIZ" --frame memory -m "$tmp/kv-types.ini" | grep -q 'K q8_0, V f16' &&
	ok "models: memory's side pane names the INI's K q8_0, V f16" || fail "models: memory side pane: $("$ATTNVIZ" --frame memory -m "$tmp/kv-types.ini" | grep -o 'K [a-z0-9_]*, V [a-z0-9_]*')"
"$ATTNVIZ" --export-model -m "$tmp/kv-types.ini" > "$tmp/kv-types-out.ini"
expect_eq "models: k_type and v_type exported" "$(grep -E '^(k|v)_type' "$tmp/kv-types-out.ini" | sed 's/ *;.*//; s/  *//g' | tr '\n' ' ')" "k_type=q8_0 v_type=f16 "
sed 's/^type .*/type = q4_0/' "$good" > "$tmp/q4.ini"
expect_eq "models: type q4_0 for K and V (4 x 2 x 32 x 18)" "$(sval gqa kv_bytes_per_token -m "$tmp/q4.ini")" 4608

# MLA without the latent cache (a DeepSeek GGUF converted before llama.cpp's
# MLA support): every head caches K (192) and V (128):
# 27 layers x 16 heads x (192 + 128) x 2 bytes = 276480 a token.
sed 's/^v_head_dim .*/v_head_dim = 128\nlatent_cache = 0/' assets/models/deepseek-v2-lite.ini > "$tmp/no-latent.ini"
expect_eq "models: MLA without the latent cache (27x16x(192+128)x2)" "$(sval gqa kv_bytes_per_token -m "$tmp/no-latent.ini")" 276480

: > "$tmp/empty.ini"
"$ATTNVIZ" --summary gqa -m "$tmp/empty.ini" 2>"$tmp/err" >/dev/null
expect_eq "models: empty file exit 2" $? 2
grep -qF "empty.ini: [model], [attention], [rope] missing sections (required)" "$tmp/err" && ok "models: empty file message" || fail "models: empty file message: $(cat "$tmp/err")"
head -c 3000 /dev/urandom > "$tmp/garbage.ini"; printf '\0' >> "$tmp/garbage.ini"
"$ATTNVIZ" --summary gqa -m "$tmp/garbage.ini" 2>"$tmp/err" >/dev/null
expect_eq "models: binary garbage exit 2" $? 2
grep -qF "binary data" "$tmp/err" && ok "models: binary garbage message" || fail "models: binary garbage: $(cat "$tmp/err")"
# a control byte on line 5 is reported on line 5, not 1
{ head -n 4 "$good"; printf 'x = \001\n'; tail -n +5 "$good"; } >"$tmp/ctl.ini"
"$ATTNVIZ" --summary gqa -m "$tmp/ctl.ini" 2>"$tmp/err" >/dev/null
grep -qF "ctl.ini:5: binary data (byte 0x01), not an INI file" "$tmp/err" && ok "models: binary data named at its own line" ||
	fail "models: binary data's line: $(cat "$tmp/err")"
# a UTF-8 byte order mark (Windows editors write one) is read past: the same model
{ printf '\357\273\277'; cat "$good"; } >"$tmp/bom.ini"
expect_eq "models: a UTF-8 byte order mark is read past" "$(sval gqa kv_bytes_per_token -m "$tmp/bom.ini" 2>&1)" \
	"$(sval gqa kv_bytes_per_token -m "$good")"
mkdir "$tmp/dir.ini"
"$ATTNVIZ" --summary gqa -m "$tmp/dir.ini" 2>"$tmp/err" >/dev/null
expect_eq "models: a directory exit 2" $? 2
grep -qF "dir.ini: no config.json in this directory" "$tmp/err" && ok "models: a directory message" || fail "models: directory: $(cat "$tmp/err")"
timeout 30 "$ATTNVIZ" --summary gqa -m /dev/zero 2>"$tmp/err" >/dev/null
expect_eq "models: /dev/zero exits 2 at once" $? 2
grep -qF "/dev/zero: not a regular file" "$tmp/err" && ok "models: /dev/zero message" || fail "models: /dev/zero: $(cat "$tmp/err")"
head -c 70000 /dev/zero | tr '\0' 'a' > "$tmp/big.ini"
"$ATTNVIZ" --summary gqa -m "$tmp/big.ini" 2>"$tmp/err" >/dev/null
grep -qF "file too large" "$tmp/err" && ok "models: a file over the size cap" || fail "models: big file: $(cat "$tmp/err")"
# A key in the wrong section loads with a warning, not an error.
sed 's/^\[cache\]/[cache]\nlayers = 4/' "$good" > "$tmp/stray.ini"
"$ATTNVIZ" --summary gqa -m "$tmp/stray.ini" 2>"$tmp/err" >/dev/null
expect_eq "models: a stray key still loads" $? 0
grep -qF "stray.ini:18: [cache] layers: unknown key, ignored (wrong section?)" "$tmp/err" && ok "models: stray key warned" || fail "models: stray key: $(cat "$tmp/err")"
# Text from files is data: a name with % and control bytes is shown as text.
sed 's/^name .*/name = %n%s%x evil/' "$good" > "$tmp/fmt.ini"
"$ATTNVIZ" --print cost -m "$tmp/fmt.ini" >/dev/null 2>&1; expect_eq "models: a name with %n prints safely" $? 0
# iniparser folds case: keys and sections in any case load the same model.
sed 's/^layers /LAYERS /; s/^\[model\]/[Model]/' "$good" > "$tmp/case.ini"
expect_eq "models: keys and sections in another case" "$(sval gqa kv_bytes_per_token -m "$tmp/case.ini")" 16384
# A line over the limit is refused with its line, before iniparser (whose own limit is 1024) sees it.
{ cat "$good"; printf 'source2 = '; head -c 600 /dev/zero | tr '\0' 'x'; echo; } > "$tmp/long.ini"
"$ATTNVIZ" --summary gqa -m "$tmp/long.ini" 2>"$tmp/err" >/dev/null
grep -qF "long.ini:19: [cache] line too long (the limit is 512 characters)" "$tmp/err" && ok "models: a long line refused with its line" || fail "models: long line: $(cat "$tmp/err")"

# The search path lists INI files, .gguf files and directories holding a
# config.json, each by its id; a .gguf path is never read as INI.
mkdir -p "$tmp/models/hf-model" "$tmp/models/not-a-model"
cp "$good" "$tmp/models/fixture.ini"
echo 'not an INI file' > "$tmp/models/weights.gguf"
echo '{}' > "$tmp/models/hf-model/config.json"
ids=$(ATTNVIZ_MODELS="$tmp/models" "$ATTNVIZ" --list | awk -F'\t' '$1 == "model" && $4 ~ /^'"$(echo "$tmp" | sed 's/[\/.]/\\&/g')"'/ { print $2 }' | tr '\n' ' ')
expect_eq "models: --list finds fixture.ini, weights.gguf and hf-model/config.json" "$ids" "fixture hf-model weights "
"$ATTNVIZ" --summary gqa -m "$tmp/models/weights.gguf" >/dev/null 2>"$tmp/err"; rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] && ! grep -q "key = value" "$tmp/err"; then ok "models: a .gguf path goes to the GGUF reader"
else fail "models: .gguf dispatch (rc $rc: $(cat "$tmp/err"))"; fi

# --export-model: every shipped model, exported and loaded again (under the
# same id, so the lesson's figures still apply), gives the same summary of
# every scene (bench times left out: they are measured).
"$ATTNVIZ" --export-model >/dev/null 2>"$tmp/err"
expect_eq "models: --export-model without -m is a usage error" "$?:$(cat "$tmp/err")" "2:attnviz: --export-model needs -m MODEL"
# Asked of two processes (tests/lib.sh answers): the exports, then the
# summaries of each model and its export and the export of the export.
mkdir "$tmp/rt" "$tmp/rt2" "$tmp/x" "$tmp/y"
ids=$(for f in assets/models/*.ini; do basename "$f" .ini; done)
for id in $ids; do echo "$id.ini --export-model -m $id"; done | answers "$tmp/x"
for id in $ids; do
	[ "$(cat "$tmp/x/$id.ini.rc" 2>/dev/null)" = 0 ] || continue
	cp "$tmp/x/$id.ini" "$tmp/rt/$id.ini"
	echo "$id.a --summary all -m $id"
	echo "$id.b --summary all -m $tmp/rt/$id.ini"
	echo "$id.ini --export-model -m $tmp/rt/$id.ini"
done | answers "$tmp/y"
for id in $ids; do
	if [ ! -f "$tmp/rt/$id.ini" ]; then
		fail "models: export $id ($(head -c 300 "$tmp/x/$id.ini"))"
		continue
	fi
	grep -v '^bench	' "$tmp/y/$id.a" > "$tmp/a"
	grep -v '^bench	' "$tmp/y/$id.b" > "$tmp/b"
	if grep -q '	FAIL	' "$tmp/a"; then fail "models: $id fails a check: $(grep '	FAIL	' "$tmp/a" | head -2)"
	else ok "models: every scene's checks pass on $id"; fi
	if [ -s "$tmp/a" ] && cmp -s "$tmp/a" "$tmp/b"; then ok "models: $id exported and loaded again: same summaries ($(wc -l < "$tmp/a") lines)"
	else fail "models: $id round trip: $(diff "$tmp/a" "$tmp/b" | head -3)"; fi
	# exporting the export gives the same values (comments aside)
	cp "$tmp/y/$id.ini" "$tmp/rt2/$id.ini"
	if [ "$(sed 's/ *;.*//; /^$/d' "$tmp/rt/$id.ini")" = "$(sed 's/ *;.*//; /^$/d' "$tmp/rt2/$id.ini")" ]; then
		ok "models: $id export is a fixed point"
	else fail "models: $id export changes when exported again"; fi
done
# every line an export writes says where its value came from
for f in "$tmp"/rt/*.ini; do
	expect_eq "models: every line of $(basename "$f" .ini)'s export has its origin" "$(unsourced "$f")" ""
done
val() { sed -n "s/^$2 *= *\([^ ;]*\).*/\1/p" "$tmp/rt/$1.ini" | head -1; }
expect_eq "models: export writes DeepSeek-V3's 37B active parameters" "$(val deepseek-v3 active_params)" 3.7e10
expect_eq "models: export writes DeepSeek-V3's experts" "$(val deepseek-v3 experts)/$(val deepseek-v3 experts_used)" 256/8
expect_eq "models: export writes DeepSeek-V3's V head" "$(val deepseek-v3 head_dim)/$(val deepseek-v3 head_dim_v)" 192/128
expect_eq "models: export writes gpt-oss's layer_types as pattern 2" "$(val gpt-oss-20b swa_pattern)" 2
expect_eq "models: export keeps Mistral's ignored window" "$(val mistral-7b sliding_window)/$(val mistral-7b window_used)" 4096/0
expect_eq "models: export keeps Gemma 3's local RoPE base" "$(val gemma3-27b base_local)" 10000
grep -q "^kv_heads *= 8 *; \[model\] kv_heads$" "$tmp/rt/llama3-8b.ini" && ok "models: export comments the origin" || fail "models: export origin comment"
# Per-layer lists survive the round trip; a uniform list is written as one number.
sed 's/^kv_heads .*/kv_heads = 8,0,8,4/' "$good" > "$tmp/list.ini"
"$ATTNVIZ" --export-model -m "$tmp/list.ini" > "$tmp/list-out.ini"
expect_eq "models: a per-layer kv_heads list is exported as a list" "$(sed -n 's/^kv_heads *= *\([^ ;]*\).*/\1/p' "$tmp/list-out.ini")" 8,0,8,4
sed 's/^kv_heads .*/kv_heads = 8,8,8,8/; s/^kind .*/kind = gqa\nsliding_window = 16\nlayer_types = sliding,full,full,sliding/' "$good" > "$tmp/uniform.ini"
"$ATTNVIZ" --export-model -m "$tmp/uniform.ini" > "$tmp/uniform-out.ini"
expect_eq "models: a uniform list is exported as one number" "$(sed -n 's/^kv_heads *= *\([^ ;]*\).*/\1/p' "$tmp/uniform-out.ini")" 8
expect_eq "models: layer types no pattern gives are exported as a list" "$(sed -n 's/^layer_types *= *\([^ ;]*\).*/\1/p' "$tmp/uniform-out.ini")" sliding,full*2,sliding
"$ATTNVIZ" --export-model -m "$tmp/uniform-out.ini" > "$tmp/uniform-out2.ini"
expect_eq "models: the exported layer types load again" "$(sed -n 's/^layer_types *= *\([^ ;]*\).*/\1/p' "$tmp/uniform-out2.ini")" sliding,full*2,sliding
# A run is ITEM*N only where that is shorter: 8,8 stays, 16,16 is 16*2.
sed 's/^kv_heads .*/kv_heads = 16,16,8,8/' "$good" > "$tmp/runs.ini"
"$ATTNVIZ" --export-model -m "$tmp/runs.ini" > "$tmp/runs-out.ini"
expect_eq "models: kv_heads runs written where shorter" "$(sed -n 's/^kv_heads *= *\([^ ;]*\).*/\1/p' "$tmp/runs-out.ini")" 16*2,8,8
# 62 layers that no pattern gives: the list written out is longer than an
# INI line (512), its runs are not, and the export loads with the same sizes.
sed 's/^swa_pattern .*/layer_types = full,sliding*40,full,full,sliding*19/' assets/models/gemma3-27b.ini > "$tmp/irregular.ini"
"$ATTNVIZ" --export-model -m "$tmp/irregular.ini" > "$tmp/irregular-out.ini"
expect_eq "models: a long irregular layer list is exported in runs" \
	"$(sed -n 's/^layer_types *= *\([^ ;]*\).*/\1/p' "$tmp/irregular-out.ini")" full,sliding*40,full*2,sliding*19
"$ATTNVIZ" --summary iswa -m "$tmp/irregular.ini" > "$tmp/a"
"$ATTNVIZ" --summary iswa -m "$tmp/irregular-out.ini" > "$tmp/b" 2>&1
if grep -q '^iswa	local_layers	59	' "$tmp/a" && cmp -s "$tmp/a" "$tmp/b"; then ok "models: the long irregular export loads again: same sizes (59 local layers)"
else fail "models: long irregular round trip: $(diff "$tmp/a" "$tmp/b" | head -3 | tr '\n' '|')"; fi

# Two independent inputs, one answer: a shipped INI and the published
# config.json of the same model (tests/hf, read by src/model/hfconfig.c) give
# the same KV, compute and output buffers at several deployments.  An INI
# without a field the compute model reads (embd, ff, ...) falls back to an
# estimate and differs here (issue 21: mixtral-8x7b 90703872 against
# 255866880 at the defaults before its embd and ff were given).
# (every summary from one process: tests/lib.sh answers)
hfpair() {   # hfpair: "ID CONFIG_DIR" of each INI with a config.json
	for f in assets/models/*.ini; do
		id=$(basename "$f" .ini)
		hf=tests/hf/$id
		[ "$id" = mistral-7b ] && hf=tests/hf/mistral-7b-v0.1   # the INI's id is shorter
		[ -f "$hf/config.json" ] && echo "$id $hf"
	done
}
deps="- ctx=32768,fa=0 ctx=4096,ubatch=2048,n_seq=2"
mkdir "$tmp/hfm"
hfpair | while read -r id hf; do
	for dep in $deps; do
		sets=$(echo "$dep" | tr , '\n' | sed '/^-$/d; s/^/--set /' | tr '\n' ' ')
		echo "$id.$dep.ini --summary memory -m $id $sets"
		echo "$id.$dep.hf --summary memory -m $hf $sets"
	done
done | answers "$tmp/hfm"
# bytes ANSWER: the buffers of one of those summaries
bytes() { awk -F'\t' '$2 ~ /^(kv|compute|output)_bytes$/ { printf "%s=%s ", $2, $3 }' "$tmp/hfm/$1"; }
hfpair | while read -r id hf; do
	for dep in $deps; do
		a=$(bytes "$id.$dep.ini") b=$(bytes "$id.$dep.hf")
		dep=$(echo "$dep" | sed 's/^-$//; s/,/ /g')
		case $a in *kv_bytes=*compute_bytes=*output_bytes=*) same=1 ;; *) same=0 ;; esac
		if [ "$same" -eq 1 ] && [ "$a" = "$b" ]; then ok "models: $id INI and $hf config.json agree${dep:+ at $dep}: $a"
		else fail "models: $id INI and $hf config.json${dep:+ at $dep}: INI $a, config.json $b"; fi
	done
done

# A model file without the widths the compute model reads says so: --explain
# memory's compute line and the memory scene name the missing keys (the
# fixture above gives neither embd nor ff; with both it is modelled).
"$ATTNVIZ" --explain memory -m "$good" | grep -A1 '^compute_bytes' >"$tmp/why"
grep -qF 'compute buffer, estimated: embd, ff not given (' "$tmp/why" && ok "models: --explain names the missing embd, ff" ||
	fail "models: --explain compute line: $(tail -n 1 "$tmp/why")"
"$ATTNVIZ" --frame memory --step 2 --size 80x24 -m "$good" >"$tmp/frame"
grep -qF '│   compute estimated: embd, ff not given ' "$tmp/frame" && ok "models: the memory scene names the missing embd, ff" ||
	fail "models: memory scene: $(grep 'compute' "$tmp/frame" | head -2 | tr '\n' '|')"
sed 's/^vocab .*/vocab = 1000\nff = 14336/' "$good" >"$tmp/ff.ini"
"$ATTNVIZ" --explain memory -m "$tmp/ff.ini" | grep -A1 '^compute_bytes' >"$tmp/why"
grep -qF 'compute buffer, estimated: embd not given (' "$tmp/why" && ok "models: --explain names embd alone when ff is given" ||
	fail "models: --explain with ff given: $(tail -n 1 "$tmp/why")"
sed 's/^vocab .*/vocab = 1000\nff = 14336\nembd = 4096/' "$good" >"$tmp/both.ini"
"$ATTNVIZ" --explain memory -m "$tmp/both.ini" | grep -A1 '^compute_bytes' >"$tmp/why"
grep -q 'not given' "$tmp/why" && fail "models: embd and ff given, still: $(tail -n 1 "$tmp/why")" ||
	ok "models: embd and ff given: no key named missing ($(tail -n 1 "$tmp/why" | cut -c1-60))"

# Layers kept (DESIGN section 8): a scene includes only the public headers
# of the model and size layers, never a compute model's,
# a graph's (src/graph/) or a family's (model/family.h, arch.h); only src/ui/
# and the frame draw, so no scene includes curses.
public="model/model.h size/size.h size/fit.h size/budget.h model/wquant_model.h model/ggml_type.h"
inner=$(grep -o '#include "\(model\|size\|graph\)/[a-z_0-9]*\.h"\|#include <n\?curses[a-z]*\.h>' scenes/*.c scenes/lib/*.[ch] |
	sed 's/#include [<"]//; s/[>"]$//' | while IFS=: read -r f h; do
		case " $public " in *" $h "*) ;; *) printf '%s ' "$f:$h" ;; esac
	done)
expect_eq "models: scenes include only the model and size layers' public headers ($public)" "$inner" ""

# The per-layer description (model_layer, model_kind_layer) is what sizes,
# graphs and scenes read: the readers' words behind it (a sliding layer's
# head sizes, the dense lead, the interleave step, the dense and shared
# widths) are read by the model layer alone.
words='head_dim_swa\|head_dim_v_swa\|dense_lead\|moe_layer_step'
words="$words\\|ff_dense\\|shared_experts"
read=$(grep -n "\(->\|\.\)\($words\)\b" src/size/*.c src/graph/*.c \
	scenes/*.c scenes/lib/*.c | cut -d: -f1,2 | tr '\n' ' ')
what="sizes, graphs and scenes ask model_layer, not the words behind it"
expect_eq "models: $what" "$read" ""

# Architectures: --archs names each once, sized or refused, never both; an
# architecture of the refusal table is refused with its reason, exit 2;
# README's table is the one tools/coverage.sh makes from the program.
"$ATTNVIZ" --archs >"$tmp/archs"
expect_eq "models: --archs: every name once, sized or refused ($(wc -l <"$tmp/archs") lines)" \
	"$(awk -F'\t' '$2 != "sized" && $2 != "refused" { print "bad status " $1 } ++n[$1] == 2 { print "twice " $1 }' "$tmp/archs")" ""
expect_eq "models: --archs: the sized are the families of src/families/" \
	"$(awk -F'\t' '$2 == "sized" { print $1 }' "$tmp/archs" | tr '\n' ' ')" \
	"$(ls src/families | sed 's/\.c$//' | sort | tr '\n' ' ')"
for x in "bert:an encoder (embeddings): llama.cpp keeps no cache" \
	"dream:a diffusion model: it decodes every position at once" \
	"qwen3tts:a speech model, not a text generator: text to speech"; do
	a=${x%%:*} why=${x#*:}
	sed "s/^\[model\]/[model]\narch = $a/" "$good" >"$tmp/arch-$a.ini"
	"$ATTNVIZ" --summary memory -m "$tmp/arch-$a.ini" >"$tmp/out" 2>"$tmp/err"
	r=$?
	expect_eq "models: arch = $a refused with its reason, exit 2" \
		"$r $(wc -l <"$tmp/err") $(grep -c "\[model\] arch: '$a' is not sized: $why" "$tmp/err")" "2 1 1"
done
"$ATTNVIZ" --archs -m "$good" >"$tmp/out" 2>"$tmp/err"
expect_eq "models: --archs takes no model: exit 2, one line" "$? $(wc -l <"$tmp/err")" "2 1"
ATTNVIZ=$ATTNVIZ sh tools/coverage.sh >"$tmp/table"
sed -n '/^<!-- coverage: made by/,/^<!-- coverage: end -->/p' README.md >"$tmp/readme"
if [ -s "$tmp/table" ] && cmp -s "$tmp/table" "$tmp/readme"; then
	ok "models: README's architecture table is tools/coverage.sh's ($(grep -c '^| ' "$tmp/table") rows)"
else
	fail "models: README's architecture table differs from tools/coverage.sh's (sh tools/coverage.sh --readme): $(diff "$tmp/readme" "$tmp/table" | head -3 | tr '\n' ' ')"
fi
