#!/bin/sh
# Two models side by side (-m A -m B): the second's summary keys carry @2
# and are, line for line, what a run of that model alone prints; the first's
# are its own run's; the scenes that take one model refuse a second on the
# command line; the frames, casts and explanations name both.
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
A=llama3-8b B=qwen2.5-7b

for scene in gqa mla-bytes iswa cost memory fit; do
	"$ATTNVIZ" --summary "$scene" -m $A -m $B > "$tmp/two"; rc=$?
	"$ATTNVIZ" --summary "$scene" -m $B > "$tmp/b"
	"$ATTNVIZ" --summary "$scene" -m $A > "$tmp/a"
	# the second's lines with @2 taken off the key: value, expected, status and how alike
	awk -F'\t' -v OFS='\t' '$2 ~ /@2$/ { sub(/@2$/, "", $2); print }' "$tmp/two" > "$tmp/two.b"
	awk -F'\t' '$2 !~ /@2$/' "$tmp/two" > "$tmp/two.a"
	n=$(wc -l < "$tmp/two.b")
	if [ "$rc" = 0 ] && [ "$n" -gt 0 ] && cmp -s "$tmp/two.b" "$tmp/b"; then
		ok "compare: $scene -m $A -m $B: the $n keys @2 equal --summary $scene -m $B"
	else fail "compare: $scene: the @2 keys differ from -m $B alone (exit $rc, $n keys)"; fi
	check "compare: $scene -m $A -m $B: the first model's keys equal -m $A alone" cmp -s "$tmp/two.a" "$tmp/a"
done

# The second model's GQA bytes a token against Qwen2.5 7B's published
# config (28 layers, 4 KV heads of 128, f16 K and V): 28 x 4 x 128 x 2 x 2.
expect_eq "compare: kv_bytes_per_token@2 of $B is 28·4·128·2·2" \
	"$(sval gqa kv_bytes_per_token@2 -m $A -m $B)" "$((28 * 4 * 128 * 2 * 2))"
expect_eq "compare: kv_bytes_per_token@2 is checked by formula" "$(sstatus gqa kv_bytes_per_token@2 -m $A -m $B)" ok

# "all": the @2 keys exactly on the six scenes that compare two models.
expect_eq "compare: --summary all: @2 keys only on the scenes that compare" \
	"$("$ATTNVIZ" --summary all -m $A -m $B | awk -F'\t' '$2 ~ /@2$/ { print $1 }' | sort -u | tr '\n' ' ')" \
	"cost fit gqa iswa memory mla-bytes "

# One model only: a named scene that takes one refuses a second (exit 2,
# one line naming the scenes that compare); so do the modes that print one.
"$ATTNVIZ" --summary swa -m $A -m $B > /dev/null 2> "$tmp/err"; rc=$?
expect_eq "compare: --summary swa -m A -m B: exit 2, one line" "$rc $(wc -l < "$tmp/err")" "2 1"
grep -q 'gqa, mla-bytes, iswa, cost, memory, fit' "$tmp/err" && ok "compare: the refusal names the scenes that compare" ||
	fail "compare: the refusal does not name the scenes ($(cat "$tmp/err"))"
"$ATTNVIZ" --print gqa -m $A -m $B > /dev/null 2> "$tmp/err"; rc=$?
expect_eq "compare: --print with two models: exit 2, one line" "$rc $(wc -l < "$tmp/err")" "2 1"
"$ATTNVIZ" --summary gqa -m $A -m $B -m mistral-7b > /dev/null 2> "$tmp/err"; rc=$?
expect_eq "compare: -m three times: exit 2" "$rc $(wc -l < "$tmp/err")" "2 1"
"$ATTNVIZ" --summary gqa -m $A -m no-such-model > /dev/null 2> "$tmp/err"; rc=$?
expect_eq "compare: an unknown second model: exit 2, one line" "$rc $(wc -l < "$tmp/err")" "2 1"

# --explain names the second model and explains its keys like the first's.
"$ATTNVIZ" --explain gqa -m $A -m $B > "$tmp/x"
grep -q "^second model: $B (Qwen2.5 7B); its numbers carry the suffix @2" "$tmp/x" &&
	ok "compare: --explain names the second model" || fail "compare: --explain does not name the second model"
expect_eq "compare: --explain has one '= EXPR' line for kv_bytes_per_token@2" \
	"$(awk '/^kv_bytes_per_token@2 = /{f=1; next} /^[^ ]/{f=0} f && /^    = /' "$tmp/x" | wc -l)" 1

# The frame: both names as the legend, the narration comparing the step's
# key from the real numbers: 131072 / 57344 = 2.29 and 73728 more.
"$ATTNVIZ" --frame gqa --step 0 -m $A -m $B > "$tmp/f"
grep -q '│ 1 Llama 3 8B ' "$tmp/f" && grep -q '│ 2 Qwen2.5 7B ' "$tmp/f" && ok "compare: --frame gqa shows both models' names" ||
	fail "compare: --frame gqa lacks a model's name"
tr -d '│\n' < "$tmp/f" | tr -s ' ' | grep -q 'Llama 3 8B is 2.29 times Qwen2.5 7B (73728 more)' &&
	ok "compare: the narration says which is larger and by how much" || fail "compare: the narration's comparison"
# every compared key is reached by a step
expect_eq "compare: gqa has a step for each of its 5 compared keys" \
	"$("$ATTNVIZ" --frame gqa --step 4 -m $A -m $B | grep -c '▸group')" 1
# the fit scene's plot: both curves' glyphs and both crossings
"$ATTNVIZ" --frame fit --step 1 -m $B -m $A > "$tmp/fit"
grep -q '│ # Qwen2.5 7B' "$tmp/fit" && grep -q '│ \* Llama 3 8B' "$tmp/fit" && ok "compare: fit's legend names both models" ||
	fail "compare: fit's legend"
# The f16 crossing of each model by its own --fit at the scene's 8 GiB: the
# same numbers marked on the plot (Llama 3 8B at its trained 8192).
set -- $("$ATTNVIZ" --fit 8GiB -m $B -m $A --format tsv | awk -F'\t' '$1 ~ /^f16/ { print $2 }')
expect_eq "compare: --fit 8GiB: Qwen2.5 7B's and Llama 3 8B's f16 max_ctx" "$*" "43776 8192"
expect_eq "compare: fit marks both crossings (# $1 and * $2), --fit's max_ctx of each model" \
	"$(grep -c -e "# $1" -e "\* $2" "$tmp/fit")" 2

# A cast of a two-model scene plays both.
"$ATTNVIZ" --cast gqa -m $A -m $B > "$tmp/c"; rc=$?
expect_eq "compare: --cast gqa -m A -m B exits 0" $rc 0
grep -q 'Qwen2.5 7B' "$tmp/c" && ok "compare: the cast shows the second model" || fail "compare: the cast lacks the second model"
