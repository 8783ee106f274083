#!/bin/sh
# Model files: every shipped model's KV bytes against a figure worked out by
# hand here, and every class of bad input: exit 2 and one line naming file,
# line, section and key.
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# id, KV bytes per token: 2 (K, V) x layers x kv_heads x head_dim x 2 bytes, or
# for MLA layers x (kv_lora_rank + qk_rope_head_dim) x 2 bytes.
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
qwen2.5-7b 57344 2x28x4x128x2
gpt-oss-20b 49152 2x24x8x64x2
falcon-7b 8192 2x32x1x64x2
tiny-qwen2vocab 128 2x2x2x8x2
tiny-gemma3-swa 1536 2x6x2x32x2
X
n=$("$ATTNVIZ" --list | grep -c '^model	')
[ "$n" -ge 10 ] && ok "models: at least 10 shipped ($n)" || fail "models: only $n shipped"
"$ATTNVIZ" --list | grep '^model' | grep -q error && fail "models: a shipped model does not load" || ok "models: every shipped model loads"

# The iswa scene for a model file matches the rule worked out here: Gemma 2 9B,
# pattern 2 over 42 layers = 21 global; 4096 x 1 + 512 = 4608 cells (a multiple of 256).
expect_eq "models: gemma2-9b global layers" "$(sval iswa global_layers -m gemma2-9b)" 21
expect_eq "models: gemma2-9b swa cells" "$(sval iswa swa_cells -m gemma2-9b)" 4608
expect_eq "models: gemma2-9b local bytes" "$(sval iswa local_bytes -m gemma2-9b)" $((21 * 4608 * 2 * 8 * 256 * 2))
expect_eq "models: mistral-7b every layer local" "$(sval iswa local_layers -m mistral-7b)" 32
expect_eq "models: mla-bytes on deepseek-v2-lite" "$(sval mla-bytes mla_bytes_per_token -m deepseek-v2-lite)" 31104
expect_eq "models: cost kv_gib on qwen2.5-7b at 131072" "$(sval cost kv_gib.131072 -m qwen2.5-7b)" 7
expect_eq "models: rope-yarn takes DeepSeek-V3's factor" "$(sval rope-yarn mscale -m deepseek-v3 | cut -c1-6)" "1.3688"

good=assets/models/llama3-8b.ini
bad() {   # bad NAME WANT SED-SCRIPT : a copy of llama3-8b edited by sed
	name=$1 want=$2 script=$3
	sed "$script" "$good" > "$tmp/$name.ini"
	"$ATTNVIZ" --summary gqa -m "$tmp/$name.ini" >/dev/null 2>"$tmp/err"; rc=$?
	if [ $rc -eq 2 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -qF -- "$want" "$tmp/err"; then ok "models: $name"
	else fail "models: $name (rc $rc: $(cat "$tmp/err"))"; fi
}
bad missing-key "missing-key.ini:2: [model] layers: missing (required)" '/^layers/d'
bad junk-number "junk-number.ini:6: [model] layers: '12abc' is not a whole number" 's/^layers .*/layers = 12abc/'
bad octal-looking "octal-looking.ini:7: [model] heads: '0x20' is not a whole number" 's/^heads .*/heads = 0x20/'
bad zero-count "zero-count.ini:7: [model] heads: '0' is out of range (1 to 65536)" 's/^heads .*/heads = 0/'
bad negative-count "negative-count.ini:8: [model] kv_heads: '-8' is out of range" 's/^kv_heads .*/kv_heads = -8/'
bad not-divisible "[model] kv_heads: heads (32) is not a multiple of kv_heads (5)" 's/^kv_heads .*/kv_heads = 5/'
bad unknown-kind "[attention] kind: unknown value 'banana' (one of mha | gqa | mqa | mla)" 's/^kind .*/kind = banana/'
bad absurd-size "[model] layers: '99999999999999999999' is out of range" 's/^layers .*/layers = 99999999999999999999/'
bad overflow "sizes derived from this model overflow 64-bit arithmetic" 's/^layers .*/layers = 1000/; s/^heads .*/heads = 65536/; s/^kv_heads .*/kv_heads = 65536/; s/^head_dim .*/head_dim = 65536/; s/^kind .*/kind = mha/'
bad odd-head-dim "[model] head_dim: RoPE rotates pairs: the dimension must be even" 's/^head_dim .*/head_dim = 127/'
bad colon-section "colon-section.ini:2: ':' is not allowed in a section name" 's/^\[model\]/[model:layers]/'
bad duplicate-key "[model] heads: duplicate key (first on line 7)" 's/^heads .*/heads = 32\nheads = 16/'
bad unknown-cache "[cache] type: unknown value 'f8'" 's/^type .*/type = f8/'
bad nan-value "[rope] base: 'nan' is not a number" 's/^base .*/base = nan/'

: > "$tmp/empty.ini"
"$ATTNVIZ" --summary gqa -m "$tmp/empty.ini" 2>"$tmp/err" >/dev/null
expect_eq "models: empty file exit 2" $? 2
grep -qF "empty.ini: [model] missing section (required)" "$tmp/err" && ok "models: empty file message" || fail "models: empty file message: $(cat "$tmp/err")"
head -c 3000 /dev/urandom > "$tmp/garbage.ini"; printf '\0' >> "$tmp/garbage.ini"
"$ATTNVIZ" --summary gqa -m "$tmp/garbage.ini" 2>"$tmp/err" >/dev/null
expect_eq "models: binary garbage exit 2" $? 2
grep -qF "binary data" "$tmp/err" && ok "models: binary garbage message" || fail "models: binary garbage: $(cat "$tmp/err")"
mkdir "$tmp/dir.ini"
"$ATTNVIZ" --summary gqa -m "$tmp/dir.ini" 2>"$tmp/err" >/dev/null
expect_eq "models: a directory exit 2" $? 2
grep -qF "is a directory, not an INI file" "$tmp/err" && ok "models: a directory message" || fail "models: directory: $(cat "$tmp/err")"
timeout 5 "$ATTNVIZ" --summary gqa -m /dev/zero 2>"$tmp/err" >/dev/null
expect_eq "models: /dev/zero exits 2 at once" $? 2
grep -qF "/dev/zero: not a regular file" "$tmp/err" && ok "models: /dev/zero message" || fail "models: /dev/zero: $(cat "$tmp/err")"
head -c 70000 /dev/zero | tr '\0' 'a' > "$tmp/big.ini"
"$ATTNVIZ" --summary gqa -m "$tmp/big.ini" 2>"$tmp/err" >/dev/null
grep -qF "file too large" "$tmp/err" && ok "models: a file over the size cap" || fail "models: big file: $(cat "$tmp/err")"
# A key in the wrong section loads with a warning, not an error.
sed 's/^\[cache\]/[cache]\nlayers = 4/' "$good" > "$tmp/stray.ini"
"$ATTNVIZ" --summary gqa -m "$tmp/stray.ini" 2>"$tmp/err" >/dev/null
expect_eq "models: a stray key still loads" $? 0
grep -qF "[cache] layers: unknown key, ignored (wrong section?)" "$tmp/err" && ok "models: stray key warned" || fail "models: stray key: $(cat "$tmp/err")"
# Text from files is data: a name with % and control bytes is shown as text.
sed 's/^name .*/name = %n%s%x evil/' "$good" > "$tmp/fmt.ini"
"$ATTNVIZ" --print cost -m "$tmp/fmt.ini" >/dev/null 2>&1; expect_eq "models: a name with %n prints safely" $? 0
# iniparser folds case: keys and sections in any case load the same model.
sed 's/^layers /LAYERS /; s/^\[model\]/[Model]/' "$good" > "$tmp/case.ini"
expect_eq "models: keys and sections in another case" "$(sval gqa kv_bytes_per_token -m "$tmp/case.ini")" 131072
# A line over the limit is refused with its line, before iniparser (whose own limit is 1024) sees it.
{ cat "$good"; printf 'source2 = '; head -c 600 /dev/zero | tr '\0' 'x'; echo; } > "$tmp/long.ini"
"$ATTNVIZ" --summary gqa -m "$tmp/long.ini" 2>"$tmp/err" >/dev/null
grep -qF "long.ini:27: [cache] line too long (the limit is 512 characters)" "$tmp/err" && ok "models: a long line refused with its line" || fail "models: long line: $(cat "$tmp/err")"
