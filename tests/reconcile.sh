#!/bin/sh
# --reconcile LOG: a real llama.cpp's own logs (tests/reconcile/*.log, written
# by tests/llama_probe.c; sh tests/reconcile-fixtures.sh rewrites them) agree
# with attnviz row by row; edited logs name the cause; pasted forms
# (llama-server prefixes, colour, CRLF) read the same; non-logs exit 2.
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fx=tests/reconcile

# rows FILE: the rows' verdicts of a --reconcile output, one a line
rows() { grep -E '^ {0,4}[0-9]+  ' "$1" | sed -E 's/.*[0-9. -]  (agree|DIFFERS|not modelled|dry run|not compared)$/\1/'; }

# ---- every fixture: each row llama.cpp and attnviz both size agrees ---------
nfx=0 nrows=0 bad="" cbad="" crow=0
for f in "$fx"/*.log; do
	n=$(basename "$f" .log)
	nfx=$((nfx + 1))
	"$ATTNVIZ" --reconcile "$f" >"$tmp/$n.out" 2>"$tmp/$n.err"
	rc=$?
	# The KV, cells, layers, streams and output rows (not the compute buffer's, below).
	grep -E '^ {0,4}[0-9]+  ' "$tmp/$n.out" | grep -v 'compute buffer' >"$tmp/$n.rows"
	agree=$(grep -c '  agree$' "$tmp/$n.rows")
	differ=$(grep -c 'DIFFERS$' "$tmp/$n.rows")
	kv=$(grep -c 'KV.*MiB .*agree$\|context created .*agree$' "$tmp/$n.rows")
	nrows=$((nrows + agree))
	[ "$differ" -eq 0 ] && [ "$kv" -ge 1 ] || bad="$bad $n ($differ differ, $kv KV rows agree: $(grep -m1 DIFFERS "$tmp/$n.rows"))"
	# The exit status says whether any row, compute included, differs.
	any=$(grep -c 'DIFFERS$' "$tmp/$n.out")
	[ "$rc" -eq "$([ "$any" -gt 0 ] && echo 1 || echo 0)" ] || bad="$bad $n (exit $rc with $any rows differing)"
	# The compute buffer: modelled, within 2 %.
	if grep -q 'compute buffer' "$tmp/$n.out"; then
		crow=$((crow + 1))
		grep -A1 'compute buffer' "$tmp/$n.out" | grep -q '  agree$' ||
			cbad="$cbad $n $(grep -A1 'compute buffer' "$tmp/$n.out" | tail -n 1 | sed -n 's/.*: \([0-9.]* %\) off.*/\1/p');"
	fi
done
if [ -z "$bad" ] && [ "$nfx" -ge 15 ]; then
	ok "reconcile: $nfx llama.cpp logs, $nrows KV, cell, layer, stream, output and refusal rows, every one agrees"
else
	fail "reconcile: llama.cpp's logs against attnviz:$bad"
fi
if [ -z "$cbad" ]; then
	ok "reconcile: the compute buffer within 2 % in all $crow logs"
else
	fail "reconcile: the compute buffer (src/size/buffers.c's model) beyond 2 %:$cbad"
fi

# Figures of the logs read back whole (a parser that drops lines would still "agree").
expect_eq "reconcile: gemma3 n_seq 4: the SWA cache row" \
	"$(grep '[0-9]  SWA KV: size MiB' "$tmp/gemma3-27b-seq4.out" | tr -s ' ')" " 103 SWA KV: size MiB 2496.00 2496.00 agree"
expect_eq "reconcile: DeepSeek-V2-Lite MLA: the latent K row, no V" \
	"$(grep 'KV cache: [KV] (f16)' "$tmp/deepseek-v2-lite-fa.out" | awk '{ print $7, $8 }' | tr '\n' ' ')" "121.50 121.50 0.00 0.00 "
grep -q 'context created  *refused  *refused  agree' "$tmp/deepseek-v2-lite-q8k.out" &&
	grep -q 'different K (q8_0) and V (f16)' "$tmp/deepseek-v2-lite-q8k.out" &&
	ok "reconcile: MLA with K q8_0, V f16: both refuse, llama.cpp's reason shown" ||
	fail "reconcile: MLA K q8_0 V f16 refusal: $(grep -A1 'context created' "$tmp/deepseek-v2-lite-q8k.out" | tr '\n' ' ')"
grep -q 'context created  *refused  *refused  agree' "$tmp/llama3-8b-q8v-nofa.out" &&
	ok "reconcile: quantized V without flash attention: both refuse" ||
	fail "reconcile: quantized V without flash attention: $(grep -A1 'context created' "$tmp/llama3-8b-q8v-nofa.out" | tr '\n' ' ')"

# The model from -m (the shipped INI of the same shape) gives the same rows.
"$ATTNVIZ" --reconcile "$fx/gemma3-27b-iswa.log" -m gemma3-27b >"$tmp/m.out" 2>&1
grep -q 'from -m ' "$tmp/m.out" && [ "$(rows "$tmp/m.out" | grep -v agree | grep -vc 'dry run')" -le 1 ] &&
	[ "$(grep -v 'compute' "$tmp/m.out" | grep -c DIFFERS)" -eq 0 ] &&
	ok "reconcile: -m gemma3-27b (INI) agrees with the log too" ||
	fail "reconcile: -m gemma3-27b: $(grep -m1 DIFFERS "$tmp/m.out")"

# Each fixture with the shipped INI of its model (-m): every row agrees, the
# compute buffer included (issue 21: mistral-7b's INI without embd and ff gave
# 78.50 MiB against llama.cpp's 124.01).
mbad="" nm=0
while read -r n g _; do
	case $n in '#'* | '') continue ;; esac
	[ -f "assets/models/$g.ini" ] || continue
	nm=$((nm + 1))
	"$ATTNVIZ" --reconcile "$fx/$n.log" -m "$g" >"$tmp/mi.out" 2>&1
	mrc=$?
	[ "$mrc" -eq 0 ] && ! grep -q 'DIFFERS$' "$tmp/mi.out" || mbad="$mbad $n -m $g (exit $mrc: $(grep -m1 DIFFERS "$tmp/mi.out" | tr -s ' '))"
done <"$fx/fixtures.list"
[ -z "$mbad" ] && [ "$nm" -ge 15 ] && ok "reconcile: $nm logs with their shipped INI (-m): every row agrees, compute included" ||
	fail "reconcile: logs with their shipped INI ($nm):$mbad"

# ---- -m names a model that is not the log's: one line first, exit 1 ----------
# The log's print_info says llama, 32 layers, 32 heads, 8 KV heads, n_embd
# 4096, 128256 tokens; Qwen2.5 7B is qwen2, 28, 28, 4, 3584, 152064.
"$ATTNVIZ" --reconcile "$fx/llama3-8b-fa.log" -m qwen2.5-7b >"$tmp/w.out" 2>&1
r=$?
want="attnviz: $fx/llama3-8b-fa.log:24: the log's model is not qwen2.5-7b: arch llama (log) / qwen2 (-m), n_layer 32 (log) / 28 (-m), n_head 32 (log) / 28 (-m), n_head_kv 8 (log) / 4 (-m), n_embd 4096 (log) / 3584 (-m), n_vocab 128256 (log) / 152064 (-m)"
[ "$r" -eq 1 ] && [ "$(cat "$tmp/w.out")" = "$want" ] &&
	ok "reconcile: -m qwen2.5-7b against a Llama 3 8B log: exit 1, one line naming arch, layers, heads, KV heads, n_embd, vocab" ||
	fail "reconcile: a wrong -m: exit $r, $(head -c 400 "$tmp/w.out" | tr '\n' '|')"
# Mistral 7B v0.1 is a llama of the same shape but 32000 tokens: the vocabulary alone differs.
"$ATTNVIZ" --reconcile "$fx/llama3-8b-fa.log" -m mistral-7b >"$tmp/w.out" 2>&1
r=$?
[ "$r" -eq 1 ] && [ "$(wc -l <"$tmp/w.out")" -eq 1 ] && grep -q ":69: the log's model is not mistral-7b: n_vocab 128256 (log) / 32000 (-m)$" "$tmp/w.out" &&
	ok "reconcile: -m mistral-7b against a Llama 3 8B log: only n_vocab named" ||
	fail "reconcile: -m mistral-7b against Llama 3: exit $r, $(head -c 300 "$tmp/w.out")"

# print_info's sliding layers' sizes (n_embd_head_k_swa, n_rot_swa) are
# read: a rope wider than the sliding head is refused at its line.
sed 's/n_rot_swa             = 128/n_rot_swa             = 130/' \
	"$fx/gemma3-27b-iswa.log" >"$tmp/e.log"
"$ATTNVIZ" --reconcile "$tmp/e.log" >"$tmp/e.out" 2>&1
r=$?
want="attnviz: $tmp/e.log:67: gemma3.rope.dimension_count_swa: 130 rotated \
dimensions on a sliding layer: want an even number, at most its head's 128"
[ "$r" -eq 2 ] && [ "$(cat "$tmp/e.out")" = "$want" ] &&
	ok "reconcile: n_rot_swa 130 beside a 128 head: exit 2, its line" ||
	fail "reconcile: n_rot_swa 130: exit $r, $(head -c 300 "$tmp/e.out")"
sed 's/n_embd_head_k_swa     = 128/n_embd_head_k_swa     = 256/' \
	"$fx/gemma3-27b-iswa.log" >"$tmp/e.log"
"$ATTNVIZ" --reconcile "$tmp/e.log" >"$tmp/e.out" 2>&1
r=$?
[ "$r" -eq 2 ] && grep -q "e.log:65: gemma3.attention.key_length_swa: sliding \
layers with their own head size for gemma3" "$tmp/e.out" &&
	ok "reconcile: gemma3's n_embd_head_k_swa 256: exit 2, at line 65" ||
	fail "reconcile: n_embd_head_k_swa 256: exit $r, $(head -c 300 \
"$tmp/e.out")"

# ---- edited logs: the difference and its cause ---------------------------------
# edit NAME SED-SCRIPT: the fixture edited, reconciled into $tmp/e.out; its exit status in $erc
edit() { sed "$2" "$fx/$1.log" >"$tmp/e.log"; "$ATTNVIZ" --reconcile "$tmp/e.log" >"$tmp/e.out" 2>&1; erc=$?; }
# cause NAME WHAT ROW-PATTERN CAUSE-PATTERN: the row differs and the line under it names the cause
cause() {
	if [ "$erc" -eq 1 ] && grep -A1 "$2" "$tmp/e.out" | grep -q 'DIFFERS$' && grep -A1 "$2" "$tmp/e.out" | grep -q "$3"; then
		ok "reconcile: $1: exit 1, the row differs, cause: $3"
	else
		fail "reconcile: $1: exit $erc: $(grep -A1 "$2" "$tmp/e.out" | tr -s ' ' | tr '\n' '|')"
	fi
}
edit llama3-8b-fa 's/(  4096 cells/(  4352 cells/'
cause "cells edited 4096 -> 4352" 'KV cache: cells' 'padding: pad256'
edit llama3-8b-q8_0 's/K (q8_0): 1088.00 MiB/K (f16): 1088.00 MiB/'
cause "K type edited q8_0 -> f16" 'KV cache: K (f16) MiB' 'cache type: 1088.00 MiB is what q8_0 takes'
edit llama3-8b-fa 's/V (f16):  256.00 MiB/V (f16):  128.00 MiB/'
cause "V MiB edited 256 -> 128" 'KV cache: V (f16) MiB' 'no known cause'
edit gemma3-27b-seq4 's/kv_unified            = false/kv_unified            = true/'
cause "kv_unified edited false -> true" 'SWA KV: K (f16) MiB' 'streams: 1248.00 MiB is what a split cache takes'
edit gemma3-27b-iswa '/creating     SWA KV cache/i\
llama_kv_cache_iswa: using full-size SWA cache (ref: https://github.com/ggml-org/llama.cpp/pull/13194#issuecomment-2868343055)'
cause "--swa-full line added" 'SWA KV: K (f16) MiB' 'SWA formula: .* is what pad256(min'
edit llama3-8b-seq4 's/output buffer size =     1.96 MiB/output buffer size =     0.49 MiB/'
cause "output buffer edited 1.96 -> 0.49" 'output buffer MiB' 'n_seq x n_vocab x 4 B = 4 x 128256 x 4'
edit gemma3-27b-iswa 's/(  8192 cells,  10 layers/(  8192 cells,  12 layers/'
cause "layers edited 10 -> 12" 'non-SWA KV: layers' 'layer count'
edit deepseek-v2-lite-q8k 's/V (f16) cache types/V (q8_0) cache types/'
cause "a refusal attnviz does not make (K and V both q8_0)" 'context created' 'llama.cpp: model does not support different K (q8_0) and V (q8_0)'

# ---- damaged lines: shown as unreadable, the rest still compared ----------------
# damaged NAME SED WHAT: llama3-8b-fa's log edited; exit 1, an UNREADABLE row naming
# WHAT, the report counting it, and (KV line damaged) the output buffer still agrees
damaged() {
	edit llama3-8b-fa "$2"
	if [ "$erc" -eq 1 ] && grep -A1 'unreadable line .*UNREADABLE$' "$tmp/e.out" | grep -q "$3" &&
		grep -q ', 1 unreadable$' "$tmp/e.out" && { [ -n "$4" ] || grep -q 'output buffer MiB .*0.49  agree$' "$tmp/e.out"; }; then
		ok "reconcile: $1: exit 1, shown as unreadable ($3), the rest compared"
	else
		fail "reconcile: $1: exit $erc: $(grep -A1 'unreadable\|agree, ' "$tmp/e.out" | tr -s ' ' | tr '\n' '|')"
	fi
}
damaged "a KV size line cut" 's/^\(llama_kv_cache: size = .*cells,  32 lay\).*/\1/' 'KV cache size line'
damaged "a KV size line run into another" 's/^\(llama_kv_cache: size = .*cells,\).*/\1llama_context: n_ctx = 4096/' 'KV cache size line'
damaged "a negative KV size" 's/^llama_kv_cache: size =  512.00/llama_kv_cache: size = -512.00/' 'KV cache size line'
damaged "a KV line's cells past 2^63" 's/(  4096 cells/(99999999999999999999 cells/' 'KV cache size line'
damaged "n_ctx 2^64-1" 's/^\(llama_context: n_ctx  *= \)4096$/\118446744073709551615/' "n_ctx: '18446744073709551615' is not a count" ctx
grep -q 'n_ctx, n_seq, n_batch or n_ubatch unreadable (line 76)' "$tmp/e.out" &&
	ok "reconcile: n_ctx 2^64-1: the context says its n_ctx is unreadable, not missing" ||
	fail "reconcile: n_ctx 2^64-1: $(grep 'context 1' "$tmp/e.out")"
awk 'NR == 76 { printf "llama_context: n_ctx"; for (i = 0; i < 1100; i++) printf " "; print "= 4096"; next } { print }' \
	"$fx/llama3-8b-fa.log" >"$tmp/e.log"
"$ATTNVIZ" --reconcile "$tmp/e.log" >"$tmp/e.out" 2>&1
erc=$?
[ "$erc" -eq 1 ] && grep -A1 '^ *76  unreadable line' "$tmp/e.out" | grep -q 'longer than 1024 bytes' &&
	grep -q 'n_ctx, n_seq, n_batch or n_ubatch unreadable (line 76)' "$tmp/e.out" &&
	ok "reconcile: n_ctx's value past 1 KB: its line shown as unreadable (longer than 1024 bytes)" ||
	fail "reconcile: n_ctx past 1 KB: exit $erc: $(grep -A1 'context 1\|unreadable' "$tmp/e.out" | tr '\n' '|')"

# ---- pasted forms: llama-server's prefixes, colour, CRLF, a huge line ---------
awk '{ printf "\033[34m0.%02d.%03d.%03d\033[0m \033[32mI \033[0m%s\r\n", NR % 60, NR % 1000, (NR * 7) % 1000, $0 }' \
	"$fx/gemma3-27b-seq4.log" >"$tmp/server.log"
"$ATTNVIZ" --reconcile "$tmp/server.log" | tail -n +2 >"$tmp/server.out"
tail -n +2 "$tmp/gemma3-27b-seq4.out" >"$tmp/plain.out"
check "reconcile: llama-server timestamps, level letters, ANSI colour and CRLF read the same" cmp -s "$tmp/server.out" "$tmp/plain.out"
{ head -n 40 "$fx/llama3-8b-fa.log"; awk 'BEGIN { for (i = 0; i < 200000; i++) printf "x"; print "" }'; tail -n +41 "$fx/llama3-8b-fa.log"; } >"$tmp/long.log"
"$ATTNVIZ" --reconcile "$tmp/long.log" | tail -n +2 | sed -E -e 's/^ *([0-9]+) /L /' -e 's/\(line [0-9]+\)/(line L)/' >"$tmp/long.out"
tail -n +2 "$tmp/llama3-8b-fa.out" | sed -E -e 's/^ *([0-9]+) /L /' -e 's/\(line [0-9]+\)/(line L)/' >"$tmp/short.out"
check "reconcile: a 200,000-byte line is read past, nothing else changes" cmp -s "$tmp/long.out" "$tmp/short.out"
sed 's/print_info: general.name          = n\/a/print_info: general.name          = %s%n%s%n %x/' "$fx/llama3-8b-fa.log" >"$tmp/fmt.log"
"$ATTNVIZ" --reconcile "$tmp/fmt.log" >"$tmp/fmt.out" 2>&1
grep -q "^model: %s%n%s%n %x: llama, 32 layers" "$tmp/fmt.out" && ok "reconcile: a log's text is shown as text, never a format" ||
	fail "reconcile: format text in the log: $(head -n 2 "$tmp/fmt.out" | tr '\n' '|')"

# ---- refused: what attnviz does not size, what is not a log --------------------
# refused NAME FILE PATTERN: exit 2, one line on stderr matching PATTERN, nothing on stdout
refused() {
	timeout 60 "$ATTNVIZ" --reconcile "$2" >"$tmp/r.out" 2>"$tmp/r.err"
	r=$?
	if [ $r -eq 2 ] && [ "$(wc -l <"$tmp/r.err")" -eq 1 ] && [ ! -s "$tmp/r.out" ] && grep -q "$3" "$tmp/r.err"; then
		ok "reconcile: $1: exit 2, $(cat "$tmp/r.err")"
	else
		fail "reconcile: $1: exit $r, stderr '$(head -c 300 "$tmp/r.err")', stdout $(wc -c <"$tmp/r.out") bytes"
	fi
}
sed 's/print_info: arch                  = llama/print_info: arch                  = llama9/' "$fx/llama3-8b-fa.log" >"$tmp/llama9.log"
refused "an architecture attnviz does not know" "$tmp/llama9.log" "llama9.log:[0-9]*: general.architecture: 'llama9' is not an architecture attnviz sizes (known: "
sed 's/print_info: arch                  = llama/print_info: arch                  = rwkv7/' "$fx/llama3-8b-fa.log" >"$tmp/rwkv.log"
refused "an architecture attnviz does not size yet, with the rule it lacks" "$tmp/rwkv.log" \
	"rwkv.log:[0-9]*: general.architecture: 'rwkv7' is not sized: a text decoder whose memory attnviz does not model yet: RWKV's token-shift and wkv states"
{ cat "$fx/llama3-8b-fa.log"; echo "llama_memory_recurrent: size =    0.25 MiB (     1 cells,  32 layers,  1 seqs  1 rs_seq), R (f32):    0.06 MiB, S (f32):    0.19 MiB, P (f32):    0.00 MiB"; } >"$tmp/rec.log"
# A plain Llama has no recurrent layers: a recurrent state line is a difference, its cause named.
"$ATTNVIZ" --reconcile "$tmp/rec.log" >"$tmp/r.out" 2>"$tmp/r.err"
r=$?
if [ $r -eq 1 ] && grep -q "recurrent state MiB *0.25 *0.00  DIFFERS" "$tmp/r.out" &&
	grep -q "recurrent state: 0 layers x f32 (n_embd_r + n_embd_s) x 1 sequences" "$tmp/r.out"; then
	ok "reconcile: a recurrent state where attnviz sizes none: exit 1, the row and its cause"
else
	fail "reconcile: a recurrent state: exit $r, $(grep -i recurrent "$tmp/r.out" | head -n 2 | tr '\n' ' ')"
fi
: >"$tmp/empty.log"
refused "an empty file" "$tmp/empty.log" "empty.log: not a llama.cpp log"
head -c 4096 tests/fuzz/corpus/gguf/llama.gguf >"$tmp/bin.log"
refused "a binary file" "$tmp/bin.log" "bin.log:1: not a llama.cpp log (binary"
{ head -n 50 "$fx/llama3-8b-fa.log"; printf 'print_info: x\000y\n'; tail -n +51 "$fx/llama3-8b-fa.log"; } >"$tmp/nul.log"
refused "a NUL byte on line 51 of a log" "$tmp/nul.log" "nul.log:51: not a llama.cpp log (binary"
# /dev/zero and /dev/urandom end: the first NUL byte stops the read; a stream of
# text with no NUL stops at 64 MiB
refused "/dev/zero" /dev/zero "/dev/zero:1: not a llama.cpp log (binary"
refused "/dev/urandom" /dev/urandom "/dev/urandom:[0-9]*: not a llama.cpp log (binary"
yes "llama_context: a line" | head -c 70000000 >"$tmp/big.log"
refused "a 70 MB log" "$tmp/big.log" "big.log:[0-9]*: not a llama.cpp log (larger than 64 MiB)"
rm -f "$tmp/big.log"
refused "a model INI" assets/models/llama3-8b.ini "llama3-8b.ini: not a llama.cpp log"
# a file the log names is no model: its error says where the log named it
printf 'root:x:0:0:root:/root:/bin/sh\n' >"$tmp/passwd"
sed "1s|from /tmp/attnviz-engine/llama3-8b.gguf|from $tmp/passwd|" "$fx/llama3-8b-fa.log" >"$tmp/named.log"
refused "the GGUF path it names is no model" "$tmp/named.log" "named.log:1: loaded meta data from: $tmp/passwd:1: not a 'key = value' line"
refused "a missing file" "$tmp/none.log" "none.log: No such file"
grep -v '^print_info: \(n_head_kv\|n_head \)' "$fx/llama3-8b-fa.log" | sed 's/n_embd                = 4096/n_embd                = 4096x/' >"$tmp/bad.log"
refused "a print_info value that is not a number" "$tmp/bad.log" "bad.log:[0-9]*: n_embd: '4096x' is not a number"

# ---- two models in one log (a draft model, a second run) -----------------------
cat "$fx/llama3-8b-fa.log" "$fx/gemma3-27b-iswa.log" >"$tmp/two.log"
"$ATTNVIZ" --reconcile "$tmp/two.log" >"$tmp/two.out" 2>&1
grep -q "context 2 (line [0-9]*): of the log's model 2, not compared" "$tmp/two.out" && ! grep -q DIFFERS "$tmp/two.out" &&
	[ "$(grep -c 'model buffer' "$tmp/two.out")" -eq 1 ] &&
	ok "reconcile: a second model's context is named and not held against the first's print_info" ||
	fail "reconcile: two models in one log: $(grep -m1 'context 2\|DIFFERS' "$tmp/two.out")"

# ---- a log of llama.cpp before split streams (2025): its names, one shared cache -----
sed -e 's/llama_kv_cache:/llama_kv_cache_unified:/' -e 's#  4/1 seqs)#  4 seqs)#' -e 's/n_ctx_seq     /n_ctx_per_seq /' \
	-e 's/flash_attn            = disabled/flash_attn            = 0/' -e '/kv_unified            = /d' \
	"$fx/llama3-8b-unified.log" >"$tmp/old.log"
"$ATTNVIZ" --reconcile "$tmp/old.log" >"$tmp/old.out" 2>&1
[ "$(grep -v compute "$tmp/old.out" | grep -c '  agree$')" -eq 8 ] && grep -q 'n_seq 4 (unified)' "$tmp/old.out" &&
	ok "reconcile: llama_kv_cache_unified, n_ctx_per_seq, \"4 seqs\", flash_attn = 0: read as one shared cache" ||
	fail "reconcile: an older llama.cpp's log: $(grep -m1 'DIFFERS\|context 1' "$tmp/old.out")"

# ---- README's example is what --reconcile prints ---------------------------------
"$ATTNVIZ" --reconcile "$fx/tiny-alloc.log" >"$tmp/readme.out"
awk '/^attnviz --reconcile tests\/reconcile\/tiny-alloc.log$/ { on = 1 } on && /^```$/ { exit } on' README.md >"$tmp/readme.want"
check "reconcile: README's example is today's output" cmp -s "$tmp/readme.out" "$tmp/readme.want"
