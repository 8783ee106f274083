#!/bin/sh
# Command-line contract: --list, --print, --summary, --check, exit codes and error lines.
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$ATTNVIZ" --version | grep -q '^attnviz [0-9]' && ok "cli: --version" || fail "cli: --version"
"$ATTNVIZ" --help | grep -q -- '--summary SCENE|all' && ok "cli: --help lists --summary" || fail "cli: --help"
"$ATTNVIZ" --list > "$tmp/list"; expect_eq "cli: --list exits 0" $? 0
expect_eq "cli: --list first scene line" "$(grep -m1 '^scene' "$tmp/list")" "$(printf 'scene\t1\tscore-matrix\tThe n×n score matrix: size and traffic')"
grep -q "^model	llama3-8b	Llama 3 8B	" "$tmp/list" && ok "cli: --list shows models" || fail "cli: --list shows models"

# The lesson's Example 2 and 3 output, byte for byte (the lesson text is the reference).
"$ATTNVIZ" --print online-softmax > "$tmp/os"
cat > "$tmp/os.want" <<'X'
two-pass: max 5.0, sum 1.582426
step 0: x=1.0  m=1.0  s=1.000000
step 1: x=3.0  m=3.0  s=1.135335
step 2: x=2.0  m=3.0  s=1.503215
step 3: x=5.0  m=5.0  s=1.203438
step 4: x=0.5  m=5.0  s=1.214547
step 5: x=4.0  m=5.0  s=1.582426
p[0]  two-pass 0.011574  one-pass 0.011574
p[1]  two-pass 0.085524  one-pass 0.085524
p[2]  two-pass 0.031462  one-pass 0.031462
p[3]  two-pass 0.631941  one-pass 0.631941
p[4]  two-pass 0.007020  one-pass 0.007020
p[5]  two-pass 0.232478  one-pass 0.232478
exp(1000) without subtracting the max: Infinity
X
check "cli: --print online-softmax reproduces the lesson" cmp -s "$tmp/os" "$tmp/os.want"
"$ATTNVIZ" --print 3 > "$tmp/or"
cat > "$tmp/or.want" <<'X'
key 0: m=1.0 s=1.0000 acc=(1.0000, 0.0000)
key 1: m=3.0 s=1.1353 acc=(0.1353, 1.0000)
key 2: m=3.0 s=1.5032 acc=(0.5032, 1.3679)
key 3: m=5.0 s=1.2034 acc=(2.0681, 0.1851)
key 4: m=5.0 s=1.2145 acc=(2.0681, 0.2073)
key 5: m=5.0 s=1.5824 acc=(2.4360, -0.1605)
streaming output  (1.539397, -0.101451)
reference output  (1.539397, -0.101451)
X
check "cli: --print 3 (online-row) reproduces the lesson" cmp -s "$tmp/or" "$tmp/or.want"

expect_eq "cli: sum_one_pass" "$(sval online-softmax sum_one_pass | cut -c1-8)" "1.582426"
expect_eq "cli: p.3 status" "$(sstatus online-softmax p.3)" "ok"
expect_eq "cli: online-row out.0" "$(sval online-row out.0 | cut -c1-8)" "1.539396"
expect_eq "cli: online-row out.1" "$(sval online-row out.1 | cut -c1-9)" "-0.101451"
# Other scores: one pass still equals two pass, and every p.I is there.
"$ATTNVIZ" --summary online-softmax --set x=2,-1,7,3,7.5 > "$tmp/s2"; expect_eq "cli: --set x exits 0" $? 0
expect_eq "cli: --set x gives 5 p keys" "$(grep -c '	p\.[0-9]*	' "$tmp/s2")" 5
expect_eq "cli: --set x: no FAIL" "$(grep -c 'FAIL' "$tmp/s2")" 0
want=$(awk 'BEGIN { m = 7.5; s = exp(2-m)+exp(-1-m)+exp(7-m)+exp(3-m)+exp(0); printf "%.6f", s }')
expect_eq "cli: --set x: sum_one_pass against awk" "$(awk -F'\t' '$2=="sum_one_pass"{printf "%.6f", $3}' "$tmp/s2")" "$want"
expect_eq "cli: summary has 6 columns" "$(awk -F'\t' 'NF != 6' "$tmp/s2" | wc -l)" 0

"$ATTNVIZ" --check > "$tmp/check"; expect_eq "cli: --check exits 0" $? 0
expect_eq "cli: --check reports no failure" "$(grep -c '^FAIL' "$tmp/check")" 0

# Usage errors: exit 2 and one line on stderr that names the problem.
err_case() {   # NAME WANT-IN-STDERR ARGS...
	name=$1 want=$2; shift 2
	"$ATTNVIZ" "$@" >/dev/null 2>"$tmp/err"; rc=$?
	if [ $rc -eq 2 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -qF -- "$want" "$tmp/err"; then ok "$name"
	else fail "$name (rc $rc, stderr: $(cat "$tmp/err"))"; fi
}
err_case "cli: unknown --set key" "bogus: unknown parameter (this scene has: x)" --summary online-softmax --set bogus=1
err_case "cli: malformed --set value" "attnviz: online-softmax: x: not a number: '1a'" --summary online-softmax --set x=1a,2
err_case "cli: out-of-range value" "x: 1000000 is out of range (-10000 to 10000)" --summary online-softmax --set x=1e6
# whole numbers in full, not %g's 1.67772e+07 on both sides of the range (-c is at most 2^24)
err_case "cli: a range's ends printed whole" "ctx: $(((1 << 24) + 1)) is out of range (1 to $((1 << 24)))" \
	--summary memory --set ctx=$(((1 << 24) + 1))
# Numbers as C reads them (DESIGN section 2): hexadecimal as strtod does, words not.
expect_eq "cli: --set n=0x10 is n=16 (tiled naive_reads)" \
	"$(sval tiled naive_reads --set n=0x10)" "$(sval tiled naive_reads --set n=16)"
expect_eq "cli: --set ctx=0x1000 is ctx=4096 (memory kv_bytes)" \
	"$(sval memory kv_bytes --set ctx=0x1000)" "$(sval memory kv_bytes --set ctx=4096)"
err_case "cli: inf is not a number" "attnviz: online-softmax: x: not a number: 'inf'" --summary online-softmax --set x=inf
err_case "cli: 0x alone is not a number" "attnviz: tiled: n: not a number: '0x'" --summary tiled --set n=0x
err_case "cli: unknown scene" "unknown scene 'nope'" --summary nope
err_case "cli: unknown option" "unknown option '--frobnicate'" --frobnicate
err_case "cli: missing argument" "needs an argument" --summary
err_case "cli: vectors and scores disagree" "values: 2 vectors for 6 scores" --summary online-row --set values=1:0,0:1
err_case "cli: vector with 3 components" "values: a vector has 2 components" --summary online-row --set values=1:0:2
err_case "cli: --set for all names no scene" "nope: unknown parameter" --summary all --set nope=1
# A second model that fails at the scene's deployment (llama-context.cpp
# llama_init_from_model: MLA refuses K and V of different types) is an
# error naming it, on every output, never a comparison silently dropped.
# The memory scene: Falcon-H1's layers are attention and Mamba2 side by side
# (marked P, full+recurrent, never F alone); the weights line says how they
# were had (its [weights] type's bytes a parameter), never "(not counted)".
"$ATTNVIZ" --frame memory --step 2 -m falcon-h1-7b > "$tmp/fh1"
expect_eq "cli: memory strip marks Falcon-H1's layers full+recurrent" \
	"$(grep -c 'P full+recurrent' "$tmp/fh1") $(grep -c 'PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPP ' "$tmp/fh1") $(grep -c 'F full' "$tmp/fh1")" "1 1 0"
expect_eq "cli: memory step 2 says what stands in for the weights" \
	"$(tr -d '\n│' < "$tmp/fh1" | grep -c 'weights estimated *(Q4_K_M: 0.5625 B a *parameter)')" 1
for out in --summary --frame; do
	err_case "cli: $out with a second model the deployment refuses" \
		"memory: second model DeepSeek-V2-Lite: llama_init_from_model: model does not support different K (q8_0)" \
		$out memory -m llama3-8b -m deepseek-v2-lite --set k_type=q8_0
done
err_case "cli: interactive without a terminal" "needs a terminal" -s 2 </dev/null
err_case "cli: unknown model" "no model 'no-such-model'" --summary online-softmax -m no-such-model
mkdir "$tmp/emptydir"
err_case "cli: a directory without config.json" "$tmp/emptydir: no config.json in this directory" --summary memory -m "$tmp/emptydir"
err_case "cli: dump under a missing dir" "No such file or directory" --dump-tensors "$tmp/missing/deeper" -s tiled
: > "$tmp/afile"
err_case "cli: dump into a file" "not a directory" --dump-tensors "$tmp/afile" -s tiled
"$ATTNVIZ" --dump-tensors "$tmp/made" -s tiled && [ -f "$tmp/made/q.npy" ]; expect_eq "cli: --dump-tensors makes a missing directory" $? 0
# Paired parameters change length together, in either order (DESIGN section 2).
"$ATTNVIZ" --summary online-row --set scores=1,2,3,4 --set values=1:0,0:1,1:1,2:2 >/dev/null
expect_eq "cli: online-row takes 4 scores and 4 values together" $? 0
"$ATTNVIZ" --summary online-row --set values=1:0,0:1 --set scores=1,2 >/dev/null
expect_eq "cli: online-row takes 2 values and 2 scores together" $? 0

# Every scene's --print reproduces the lesson's printed output (tests/lesson/, copied from the lesson text).
for f in tests/lesson/*.txt; do
	s=$(basename "$f" .txt)
	n=$(wc -l < "$f")
	"$ATTNVIZ" --print "$s" | head -n "$n" > "$tmp/p"
	check "cli: --print $s reproduces the lesson" cmp -s "$tmp/p" "$f"
done
"$ATTNVIZ" --print all > "$tmp/all"; expect_eq "cli: --print all exits 0" $? 0
nscenes=$(ls scenes/*.ini | wc -l)
expect_eq "cli: --print all has a header per scene" "$(grep -c '^== ' "$tmp/all")" "$nscenes"
"$ATTNVIZ" --summary all > "$tmp/sall"; expect_eq "cli: --summary all exits 0" $? 0
expect_eq "cli: --summary all covers every scene" "$(cut -f1 "$tmp/sall" | sort -u | wc -l)" "$nscenes"
expect_eq "cli: --summary all: no FAIL" "$(grep -c 'FAIL' "$tmp/sall")" 0

# DESIGN section 4's required keys, each present (indexed ones for every index).
need() { scene=$1; shift; for k in "$@"; do
	grep -q "^$scene	$k	" "$tmp/sall" && ok "cli: $scene has $k" || fail "cli: $scene lacks $k"; done; }
need score-matrix scores_per_head.4096 layer_bytes.131072 traffic_bytes.8192 model_traffic_bytes.32768 ubatch_slice_bytes decode_row_bytes
need online-softmax max sum_two_pass sum_one_pass p.0 p.5
need online-row out.0 out.1 ref.0 ref.1
need tiled naive_reads naive_writes tiled_reads tiled_writes max_abs_diff ratio.4096.128 ratio.131072.64
need fa-engines scores_mib.128 logits_mib.512
need gqa group kv_bytes_per_token mha_bytes_per_token mqa_bytes_per_token kv_gib_at_ctx
need mla-absorb c.0 c.1 score_direct.0 score_absorbed.1
need mla-bytes mla_bytes_per_token mha_bytes_per_token gqa8_bytes_per_token mha_over_mla
need swa slot.0 slot.9 evicted.4
need iswa global_layers local_layers swa_cells global_bytes local_bytes total_bytes full_bytes
need sinks recent_weight.full output.full output.last output.sinks
need rope unseen_pairs theta.0 theta.63 wavelength.45
need rope-pi theta_used.0 theta_used.63 angle_at_target.46
need rope-ntk ntk_base slowdown.0 slowdown.63
need rope-yarn yarn_low yarn_high ramp.0 ramp.63 theta_ratio.30 mscale
need cost weight_tflop.4096 attn_tflop.131072 attn_share.32768 kv_gib.131072
need needle correct.1000 correct.16000
expect_eq "cli: rope has theta for all 64 pairs" "$(grep -c '^rope	theta\.' "$tmp/sall")" 64

# Other parameters stay right: identities hold (no FAIL) away from the lesson's values.
other() { name=$1; shift; "$ATTNVIZ" --summary "$@" > "$tmp/o"; rc=$?
	if [ $rc -eq 0 ] && ! grep -q FAIL "$tmp/o" && [ -s "$tmp/o" ]; then ok "cli: $name"; else fail "cli: $name (rc $rc)"; fi; }
other "tiled n=128 d=16 tile=32 seed=11" tiled --set n=128 --set d=16 --set tile=32 --set seed=11
other "tiled ragged tile and causal" tiled --set n=100 --set tile=24 --set causal=1
other "score-matrix on llama3-70b" score-matrix -m llama3-70b
other "gqa kv_heads=4" gqa --set kv_heads=4
other "mla-absorb other sizes" mla-absorb --set seed=99 --set d_model=12 --set latent=4 --set heads=3
other "swa n=40 window=7" swa --set n=40 --set window=7
other "sinks seed 5 n 50" sinks --set seed=5 --set n=50 --set recent=16
other "sinks learned" sinks --set learned=1
other "rope d=64 base=500000" rope --set d=64 --set base=500000 --set train=8192 --set pairs=0,31
other "rope-pi s=8" rope-pi --set s=8
other "rope-ntk d=96 s=2" rope-ntk --set d=96 --set s=2 --set pairs=0,47
other "rope-yarn s=16 betas" rope-yarn --set s=16 --set beta_fast=16 --set beta_slow=2
other "needle other rule" needle --set window=500 --set head=10 --set lengths=600,3000
other "cost on deepseek-v3" cost -m deepseek-v3
other "iswa swa_full" iswa --set swa_full=1 --set ubatch=64
other "iswa n_seq=4 unified" iswa --set n_seq=4 --set unified=1
other "cost on gemma3-27b" cost -m gemma3-27b
other "fa-engines on llama3-8b" fa-engines -m llama3-8b
other "mla-bytes on llama3-8b" mla-bytes -m llama3-8b

# Model sizes against llama.cpp's allocation rules, worked out by hand (DESIGN section 5).
# -c 1000 pads to 1024 cells.
expect_eq "cli: iswa ctx=1000 allocates 1024 cells" "$(sval iswa n_ctx --set ctx=1000)" 1024
# -np 4, split: 4 streams of pad256(131072/4) = 32768 cells; SWA pad256(min(32768, 1024 + 512)) = 1536 a stream.
expect_eq "cli: iswa n_seq=4: 4 streams" "$(sval iswa streams --set n_seq=4)" 4
expect_eq "cli: iswa n_seq=4: 4 x 1536 = 6144 SWA cells" "$(sval iswa swa_cells_total --set n_seq=4)" 6144
# 52 local layers x 6144 cells x 8192 B (16 KV heads x 128 x 2 B x K and V) = 2,617,245,696.
expect_eq "cli: iswa n_seq=4: local bytes" "$(sval iswa local_bytes --set n_seq=4)" 2617245696
# -kvu: one stream; SWA pad256(min(131072, 1024 x 4 + 512)) = 4608.
expect_eq "cli: iswa n_seq=4 unified: 4608 SWA cells" "$(sval iswa swa_cells --set n_seq=4 --set unified=1)" 4608
"$ATTNVIZ" --print iswa --set ctx=1000 > "$tmp/ip"
grep -q "^what llama.cpp prints for these settings" "$tmp/ip" && grep -q "non-SWA KV cache, size = 1024 cells" "$tmp/ip" &&
	ok "cli: iswa --print away from the defaults labels llama.cpp's lines for these settings" ||
	fail "cli: iswa --print away from the defaults labels llama.cpp's lines for these settings"
# gemma3-27b in cost: the cache iswa shows, 10 x 131072 x 8192 + 52 x 1536 x 8192 = 11,391,729,664 B = 10.609375 GiB.
expect_eq "cli: cost on gemma3-27b: kv_gib.131072 is iswa's cache" "$(sval cost kv_gib.131072 -m gemma3-27b)" 10.609375
# DeepSeek-V3 in gqa: one latent, 61 x (512 + 64) x 2 B = 70,272; as MHA 61 x 128 x (192 + 128) x 2 B = 4,997,120.
expect_eq "cli: gqa on deepseek-v3 shows the latent" "$(sval gqa kv_bytes_per_token -m deepseek-v3)" 70272
expect_eq "cli: gqa on deepseek-v3: MHA with the V head size" "$(sval gqa mha_bytes_per_token -m deepseek-v3)" 4997120
# fa-engines shows the lesson's log only for its model: no logged differences on another.
"$ATTNVIZ" --summary fa-engines -m llama3-8b > "$tmp/fa"
! grep -q "minus" "$tmp/fa" && grep -q "^fa-engines	scores_mib.512	4096	" "$tmp/fa" &&
	ok "cli: fa-engines on llama3-8b: computed sizes (512 x 65536 x 32 x 4 B = 4096 MiB), no logged ones" ||
	fail "cli: fa-engines on llama3-8b: computed sizes, no logged ones"
# One deployment: every model scene takes every name of it (DESIGN section
# 2; iswa once called fa flash_attn, gqa, mla-bytes and cost took neither),
# and --explain names those its numbers do not depend on.
bad=""
for s in gqa mla-bytes iswa cost fa-engines memory fit; do
	for kv in ctx=4096 n_seq=2 unified=1 swa_full=1 n_batch=1024 ubatch=256 k_type=q8_0 v_type=f16 fa=0 \
		weights=Q8_0; do
		# taken: a value llama.cpp refuses for the scene's model says so, never "unknown"
		"$ATTNVIZ" --summary $s --set $kv >/dev/null 2>"$tmp/err" ||
			! grep -q 'unknown parameter' "$tmp/err" || bad="$bad $s:$kv"
	done
done
expect_eq "cli: every model scene takes ctx, n_seq, unified, swa_full, n_batch, ubatch, k_type, v_type, fa, weights" \
	"$bad" ""
expect_eq "cli: --explain names what a scene takes but does not show (gqa: weights; fit: ctx, k_type, v_type)" \
	"$("$ATTNVIZ" --explain gqa | grep -c '^taken, not shown: weights (')/$("$ATTNVIZ" --explain fit |
		grep -c '^taken, not shown: ctx, k_type, v_type (')/$("$ATTNVIZ" --explain memory | grep -c '^taken, not shown')" \
	"1/1/0"
# A row labelled by -ub 2048 at -c 1000 shows what llama.cpp allocates: it
# runs min(-ub, -b, -c) = 1000 tokens (llama-context.cpp), so the logits are
# 1000 x 152064 x 4 B (580.08 MiB, the reserved graph's), not 2048's.
# The lesson's logged sizes go with its two -ub: one -ub alone leaves them
# unshown, not refused; sizes given with it must be one a -ub.
"$ATTNVIZ" --summary fa-engines -m qwen2.5-7b --set ctx=1000 --set ubatch=2048 >"$tmp/fa"
"$ATTNVIZ" --summary fa-engines --set ubatch=2048 --set logged_on=1,2 >/dev/null 2>"$tmp/err"
expect_eq "cli: fa-engines: logged sizes given with -ub 2048 are one a -ub" \
	"$?:$(cat "$tmp/err")" \
	"2:attnviz: fa-engines: logged_on, logged_off: give one logged size per ubatch (1)"
expect_eq "cli: fa-engines -ub 2048 -c 1000: logits and scores of the 1000 tokens llama.cpp runs" \
	"$(awk -F'\t' '$2 ~ /^(logits|scores)_mib.2048$/ { printf "%s=%s:%s ", $2, $3, $5 }' "$tmp/fa")" \
	"$(awk 'BEGIN { printf "scores_mib.2048=%.9g:ok logits_mib.2048=%.9g:ok ", 1000 * 1024 * 28 * 4 / 2^20,
		1000 * 152064 * 4 / 2^20 }')"
# DeepSeek-V3 with its active parameters: 2 x 37e9 x 131072 = 9.699328e15 FLOPs = 9699.328 TFLOP.
# mla-bytes' comparison rows keep the model's windows: Gemma 3 27B as MHA (32 KV heads x 128 x 2 x 2 B
# = 16384 B a cell a layer) at 131072: (10 global x 131072 + 52 local x 1536 cells) x 16384 B = 21.21875 GiB.
expect_eq "cli: mla-bytes on gemma3-27b: the MHA comparison keeps the windows" \
	"$(sval mla-bytes mha_gib_at_ctx -m gemma3-27b --set ctx=131072)" 21.21875
w=$(sval cost weight_tflop.131072 -m deepseek-v3 2>/dev/null)
case "$w" in
9699.328*) ok "cli: cost uses active parameters (deepseek-v3: 9699.328 TFLOP at 131072)" ;;
*) fail "cli: cost uses active parameters (got '$w', want 9699.328)" ;;
esac
# Tiled at other sizes: the counts against the formulas, worked out here.
"$ATTNVIZ" --summary tiled --set n=128 --set d=16 --set tile=32 --set seed=11 > "$tmp/t"
expect_eq "cli: tiled n=128 d=16 B=32 reads" "$(awk -F'\t' '$2=="tiled_reads"{print $3}' "$tmp/t")" $((128*16 + 4*2*128*16))
expect_eq "cli: tiled n=128 naive writes" "$(awk -F'\t' '$2=="naive_writes"{print $3}' "$tmp/t")" $((2*128*128 + 128*16))
err_case "cli: tile larger than n" "tile: 64 is larger than n = 32" --summary tiled --set n=32 --set tile=64
err_case "cli: kv_heads must divide heads" "kv_heads: 5 does not divide" --summary gqa --set kv_heads=5
err_case "cli: pair past d/2" "pairs: 40 is not a pair of d = 64" --summary rope --set d=64 --set pairs=0,40
err_case "cli: sinks + recent past n" "sinks, recent: 4 + 8 is more than n = 10" --summary sinks --set n=10

# --dump-tensors writes .npy files that numpy's format reads: check the header and size.
mkdir "$tmp/npy"
"$ATTNVIZ" --dump-tensors "$tmp/npy" -s tiled; expect_eq "cli: --dump-tensors exits 0" $? 0
for t in q k v o_naive o_tiled; do
	f="$tmp/npy/$t.npy"
	head -c 6 "$f" | od -An -c | tr -d ' ' | grep -q '223NUMPY' && ok "cli: $t.npy magic" || fail "cli: $t.npy magic"
	expect_eq "cli: $t.npy is 128 + 64*8*4 bytes" "$(wc -c < "$f")" $((128 + 64 * 8 * 4))
done
grep -a -q "'shape': (64, 8)" "$tmp/npy/q.npy" && ok "cli: q.npy shape (64, 8)" || fail "cli: q.npy shape"
err_case "cli: a scene without tensors" "scene gqa has no tensors to dump" --dump-tensors "$tmp/npy" -s gqa

if command -v mandoc >/dev/null 2>&1; then
	out=$(mandoc -Tlint -W warning man/attnviz.1 2>&1)
	expect_eq "cli: man page clean under mandoc -Tlint" "$out" ""
	# The key table (drawn by --help and the help overlay) against the man page's KEYS.
	mankeys=$(mandoc -Tascii man/attnviz.1 | col -b | awk '/^KEYS/{k=1;next} /^[A-Z]/{k=0} k' |
		sed -n 's/^     \([^ \t][^\t]*\).*/\1/p' | sed 's/   .*//; s/, / /g; s/ - / /g')
	mantext=$(mandoc -Tascii man/attnviz.1 | col -b | awk '/^KEYS/{k=1;next} /^[A-Z]/{k=0} k')
	"$ATTNVIZ" --help | sed -n '/^Keys of the interactive program:/,$p' | sed 1d | cut -c3-16 |
	while read -r names; do
		for t in $(echo "$names" | sed 's/^\(.\)-\(.\)$/\1 \2/'); do
			case " $(echo $mankeys) $(echo "$mantext" | grep -o 'wheel') " in
			*" $t "*) ok "cli: man page names key $t" ;;
			*) fail "cli: man page names key $t (KEYS section)" ;;
			esac
		done
	done
else
	echo "skip - man page lint (mandoc not installed)"
fi

# --bench: a tiny run checks the format and the accounting (the figures themselves are not asserted: timing is no test).
"$ATTNVIZ" --bench --format tsv --set n=128 --set heads=1 --set threads=1 --set runs=1 --set peer=0 > "$tmp/bench"
expect_eq "cli: --bench exits 0" $? 0
expect_eq "cli: --bench tsv header" "$(head -1 "$tmp/bench")" "$(printf 'kernel\tn\td\theads\tthreads\tcausal\tkv\tms\tgflops\tgbps\tpeak_extra_bytes\tmax_abs_diff')"
expect_eq "cli: --bench machine lines for 1 and 2 threads" "$(awk -F'\t' '$1=="machine"{printf "%s:%s ", $2, $5}' "$tmp/bench")" "fma_peak:1 read_bandwidth:1 fma_peak:2 read_bandwidth:2 path:- "
expect_eq "cli: --bench 12 columns everywhere" "$(awk -F'\t' 'NF != 12' "$tmp/bench" | wc -l)" 0
expect_eq "cli: --bench cases: kernels, causal off and on, f32 then f16, then decode" \
	"$(awk -F'\t' 'NR > 1 && $1 != "machine" {printf "%s:%s:%s ", $1, $6, $7}' "$tmp/bench")" \
	"tiled:0:f32 naive:0:f32 tiled:1:f32 naive:1:f32 tiled:0:f16 naive:0:f16 tiled:1:f16 naive:1:f16 decode:1:f32 decode:1:f16 "
awk -F'\t' 'NR > 1 && $1 != "machine" { if ($12 == "-" || $12 == "nan" || $12 + 0 > 1e-5) bad = 1 } END { exit bad }' "$tmp/bench" \
	&& ok "cli: --bench every row agrees with float64 to 1e-5" || fail "cli: --bench max_abs_diff missing or too large"
awk -F'\t' 'NR > 1 && $1 != "machine" { if (($1 == "decode") != ($10 != "-")) bad = 1 } END { exit bad }' "$tmp/bench" \
	&& ok "cli: --bench gbps on decode rows only" || fail "cli: --bench gbps column"
# FLOPs credited are FLOPs computed: naive computes the whole 128 x 128 matrix even when causal,
# 4 n^2 d = 8388608 (gflops x ms, within the printed rounding); decode 4 n d = 65536.
awk -F'\t' '$1 == "naive" && $6 == 1 { f = $9 * $8 * 1e6; if (f < 8388608 * 0.97 || f > 8388608 * 1.03) bad = 1; seen = 1 }
	END { exit bad || !seen }' "$tmp/bench" && ok "cli: --bench credits naive causal with the whole matrix" || fail "cli: --bench naive FLOPs"
# Decode's gbps is the K and V bytes over the time: 2 n d 4 = 131072 bytes for f32, half for f16.
# (gbps is printed to 2 decimals and ms to 3: each rounding, half a unit of
# one times the other, is allowed for; a tiny decode takes a few µs.)
awk -F'\t' '$1 == "decode" { b = $10 * $8 * 1e6; r = (0.005 * $8 + 0.0005 * $10) * 1e6; w = $7 == "f16" ? 65536 : 131072; if (b < w * 0.9 - r || b > w * 1.1 + r) bad = 1 }
	END { exit bad }' "$tmp/bench" && ok "cli: --bench decode bytes are K and V once" || fail "cli: --bench decode bytes"
"$ATTNVIZ" --bench --format tsv --set n=64 --set heads=1 --set threads=2 --set runs=1 --set kernels=decode --set kv=f16 --set peer=0 > "$tmp/bench2"
expect_eq "cli: --bench kernels and kv choose the cases" "$(awk -F'\t' 'NR > 1 && $1 != "machine" {printf "%s:%s:%s ", $1, $5, $7}' "$tmp/bench2")" "decode:2:f16 "
err_case "cli: --bench bad parameter" "--bench: threads: 0 is out of range" --bench --set threads=0
"$ATTNVIZ" --bench --format tsv --set n=256 --set heads=1 --set threads=2 --set runs=1 --set kv=q8_0,q4_0 --set peer=0 > "$tmp/bench3"
expect_eq "cli: --bench kv q8_0 and q4_0 named in the kv column" \
	"$(awk -F'\t' 'NR > 1 && $1 != "machine" {printf "%s:%s ", $1, $7}' "$tmp/bench3" | tr ' ' '\n' | sort -u | tr '\n' ' ')" \
	"decode:q4_0 decode:q8_0 naive:q4_0 naive:q8_0 tiled:q4_0 tiled:q8_0 "
awk -F'\t' 'NR > 1 && $1 != "machine" { if ($12 == "-" || $12 == "nan" || $12 + 0 > 1e-4) bad = 1 } END { exit bad }' "$tmp/bench3" \
	&& ok "cli: --bench q8_0 and q4_0 agree with float64 on the dequantized cache to 1e-4" || fail "cli: --bench quantized max_abs_diff"
# ggml's blocks: 34 bytes a 32 values for q8_0, 18 for q4_0; 2 n d of them (n 256, d 128).
awk -F'\t' '$1 == "decode" { b = $10 * $8 * 1e6; r = (0.005 * $8 + 0.0005 * $10) * 1e6; w = 2 * 256 * 128 * ($7 == "q8_0" ? 34 : 18) / 32; if (b < w * 0.9 - r || b > w * 1.1 + r) bad = 1 }
	END { exit bad }' "$tmp/bench3" && ok "cli: --bench decode bytes are the blocks' bytes" || fail "cli: --bench quantized decode bytes"
err_case "cli: --bench unknown kv type" "--bench: kv: 'q5_0' is not one of f32|f16|q8_0|q4_0" --bench --set kv=q5_0
err_case "cli: --bench unknown kernel" "--bench: kernels: 'fast' is not one of tiled|naive|decode" --bench --set kernels=fast
# The kernels' path: the best this CPU's flags (/proc/cpuinfo) allow, named
# in a machine row before the cases; --set path runs every case on each.
flags=" $(awk -F': ' '/^flags/ { print $2; exit }' /proc/cpuinfo) "
has() { for f in "$@"; do case "$flags" in *" $f "*) ;; *) return 1 ;; esac; done; }
want_path=portable
has avx2 fma f16c && want_path=avx2+fma+f16c
has avx2 fma f16c avx512f && want_path=avx512f/avx2
has avx2 fma f16c avx512f avx512bw avx512vl avx512_vnni && want_path=avx512-vnni
expect_eq "cli: --bench names the path this CPU's flags allow" \
	"$(awk -F'\t' '$1 == "machine" && $2 == "path" { printf "%s ", $7 }' "$tmp/bench")" "$want_path "
"$ATTNVIZ" --bench --format tsv --set n=64 --set heads=1 --set threads=1 --set runs=1 --set kernels=decode --set kv=f16,q4_0 \
	--set peer=0 --set path=portable,avx2,avx512 > "$tmp/bpath"
want_rows="machine:portable decode:f16 decode:q4_0 "
has avx2 fma f16c && want_rows="${want_rows}machine:avx2+fma+f16c decode:f16 decode:q4_0 "
[ "$want_path" != avx2+fma+f16c ] && [ "$want_path" != portable ] && want_rows="${want_rows}machine:$want_path decode:f16 decode:q4_0 "
expect_eq "cli: --bench path=portable,avx2,avx512 runs every case on each path the CPU has" \
	"$(awk -F'\t' '($1 == "machine" && $2 == "path") || $1 == "decode" { printf "%s:%s ", $1, $7 }' "$tmp/bpath")" "$want_rows"
awk -F'\t' '$1 == "decode" { if ($12 == "-" || $12 == "nan" || $12 + 0 > 1e-4) bad = 1; seen = 1 } END { exit bad || !seen }' "$tmp/bpath" \
	&& ok "cli: --bench every path agrees with float64 to 1e-4" || fail "cli: --bench a path's max_abs_diff missing or too large"
"$ATTNVIZ" --bench --set n=64 --set heads=1 --set threads=1 --set runs=1 --set kernels=decode --set kv=f16 --set peer=0 \
	--set path=portable,avx512 > "$tmp/bpath2"
grep -q "^attnviz --bench: attention with d = 128, kernels' path portable" "$tmp/bpath2" \
	&& ok "cli: --bench's first line names the paths asked" || fail "cli: --bench first line ($(head -1 "$tmp/bpath2"))"
expect_eq "cli: --bench text output heads each path's rows" "$(grep '^path ' "$tmp/bpath2" | head -1)" "path portable:"
err_case "cli: --bench unknown path" "--bench: path: 'sse' is not one of best|portable|avx2|avx512" --bench --set path=sse
# ATTNVIZ_BENCH_LIMITS: figures for this CPU at 1 thread are reused, not
# measured; 2 threads, missing, are measured and appended.
cpu=$(awk -F': ' '/^model name/ { gsub(/\t/, " ", $2); print $2; exit }' /proc/cpuinfo)
printf 'Some Other CPU\t1\t9.5\t9.25\n%s\t1\t123.5\t45.25\n' "${cpu:-?}" > "$tmp/limits"
ATTNVIZ_BENCH_LIMITS="$tmp/limits" "$ATTNVIZ" --bench --format tsv --set n=16 --set heads=1 --set threads=1 --set runs=1 \
	--set kernels=tiled --set kv=f32 --set peer=0 > "$tmp/blim"
expect_eq "cli: --bench reuses the limits ATTNVIZ_BENCH_LIMITS holds for this CPU" \
	"$(awk -F'\t' '$1 == "machine" && $5 == 1 { printf "%s%s ", $9, $10 }' "$tmp/blim")" "123.50- -45.25 "
expect_eq "cli: --bench measures and appends the thread count the file lacks" \
	"$(awk -F'\t' -v c="${cpu:-?}" '$1 == c { printf "%s ", $2 }' "$tmp/limits")" "1 2 "
# The ggml peer: absent, --bench says why and prints its own rows alone.
small="--set n=64 --set heads=1 --set threads=1 --set runs=1 --set kv=f32 --set kernels=decode"
ATTNVIZ_GGML_PEER="$tmp/none.so" "$ATTNVIZ" --bench $small > "$tmp/bench4"
expect_eq "cli: --bench without ggml_peer.so exits 0" $? 0
expect_eq "cli: --bench says why ggml is not measured" "$(grep '^peer:' "$tmp/bench4")" \
	"peer: ggml not measured: no $tmp/none.so (sh tools/fetch-llama.sh, then make)"
expect_eq "cli: --bench without ggml: our decode row alone" "$(grep -c '^decode\|^ggml' "$tmp/bench4")" 1
printf 'not a library\n' > "$tmp/junk.so"
ATTNVIZ_GGML_PEER="$tmp/junk.so" "$ATTNVIZ" --bench $small > "$tmp/bench5"
expect_eq "cli: --bench with a junk peer exits 0" $? 0
grep -q "^peer: ggml not measured: $tmp/junk.so does not load: " "$tmp/bench5" && ok "cli: --bench names a peer that does not load" \
	|| fail "cli: --bench junk peer line ($(grep '^peer' "$tmp/bench5"))"
# Present (built where tools/fetch-llama.sh fetched ggml): the real ggml on the same inputs agrees
# with the float64 reference (f32 K/V exactly as ours; q8_0 within ggml's own rounding of Q to
# q8_0 blocks, vec_dot_type of q8_0), one row after each tiled and decode row.
peer="$(dirname "$ATTNVIZ")/build/ggml_peer.so"
if [ -f "$peer" ]; then
	ATTNVIZ_GGML_PEER="$peer" "$ATTNVIZ" --bench --format tsv --set n=128 --set heads=2 --set threads=1 --set runs=1 \
		--set kv=f32,q8_0 --set causal=1 --set kernels=tiled,decode > "$tmp/bench6"
	expect_eq "cli: --bench ggml rows follow tiled and decode" \
		"$(awk -F'\t' 'NR > 1 && $1 != "machine" {printf "%s:%s ", $1, $7}' "$tmp/bench6")" \
		"tiled:f32 ggml_prefill:f32 tiled:q8_0 ggml_prefill:q8_0 decode:f32 ggml_decode:f32 decode:q8_0 ggml_decode:q8_0 "
	expect_eq "cli: --bench ggml rows have 12 columns" "$(awk -F'\t' 'NF != 12' "$tmp/bench6" | wc -l)" 0
	awk -F'\t' '$1 ~ /^ggml_/ { t = $7 == "f32" ? 1e-5 : 2e-2; if ($12 == "-" || $12 == "nan" || $12 + 0 > t) bad = 1; seen++ }
		END { exit bad || seen != 4 }' "$tmp/bench6" \
		&& ok "cli: --bench ggml's output agrees with the float64 reference" || fail "cli: --bench ggml max_abs_diff"
else
	echo "skip - cli: --bench ggml peer ($peer not built: sh tools/fetch-llama.sh, then make)"
fi
# The bench scene, the same peer: absent, it says why and shows our rows alone; present, ggml's
# row follows each tiled and decode row, and its time is a summary key.
scn="--set n=64 --set kernels=tiled,naive,decode --set kv=f32,q8_0"
ATTNVIZ_GGML_PEER="$tmp/none.so" "$ATTNVIZ" --print bench $scn > "$tmp/scene1"
expect_eq "cli: bench scene says why ggml is not measured" "$(grep '^peer:' "$tmp/scene1")" \
	"peer: ggml not measured: no $tmp/none.so (sh tools/fetch-llama.sh, then make)"
expect_eq "cli: bench scene without ggml: no ggml rows" "$(awk '$1 == "ggml"' "$tmp/scene1" | wc -l)" 0
if [ -f "$peer" ]; then
	ATTNVIZ_GGML_PEER="$peer" "$ATTNVIZ" --print bench $scn > "$tmp/scene2"
	expect_eq "cli: bench scene: ggml rows follow tiled and decode, not naive" \
		"$(awk '$1 == "64" {printf "%s:%s ", $2, $3} $1 == "ggml" {printf "ggml:%s ", $2}' "$tmp/scene2")" \
		"tiled:f32 ggml:f32 naive:f32 decode:f32 ggml:f32 tiled:q8_0 ggml:q8_0 naive:q8_0 decode:q8_0 ggml:q8_0 "
	ATTNVIZ_GGML_PEER="$peer" "$ATTNVIZ" --summary bench $scn > "$tmp/scene3"
	expect_eq "cli: bench scene: ggml's times are summary keys" \
		"$(awk -F'\t' '$2 ~ /^ggml_ms\./ {printf "%s ", $2}' "$tmp/scene3")" \
		"ggml_ms.tiled.f32.64 ggml_ms.decode.f32.64 ggml_ms.tiled.q8_0.64 ggml_ms.decode.q8_0.64 "
fi

# Unattended runs of the real UI (no terminal): every scene by autoplay, every model, odd sizes, junk keys.
TERM=xterm "$ATTNVIZ" --frames 1500 > /dev/null 2> "$tmp/err"; rc=$?
expect_eq "cli: --frames 1500 across every scene exits 0" "$rc" 0
expect_eq "cli: --frames prints nothing on stderr" "$(cat "$tmp/err")" ""
# 3000x1000 is three million cells a frame: a few frames show it holds.
for sz in 10x5:600 250x80:600 70x20:600 1x1:600 3000x1000:40; do
	n=${sz#*:} sz=${sz%:*}
	TERM=xterm COLUMNS=${sz%x*} LINES=${sz#*x} "$ATTNVIZ" --frames "$n" > /dev/null 2>&1
	expect_eq "cli: --frames at $sz" $? 0
done
for m in $("$ATTNVIZ" --list | awk -F'\t' '$1=="model"{print $2}'); do
	TERM=xterm "$ATTNVIZ" --frames 700 -m "$m" > /dev/null 2>&1
	expect_eq "cli: --frames with model $m" $? 0
done
awk 'BEGIN { srand(3); for (i = 0; i < 4000; i++) { c = int(rand() * 256); if (c != 113 && c != 81) printf "%c", c } }' > "$tmp/junk"
TERM=xterm "$ATTNVIZ" --keys "$tmp/junk" > /dev/null 2>&1
expect_eq "cli: --keys with 4000 junk bytes exits 0" $? 0
printf 'e' > "$tmp/k"; head -c 300 /dev/urandom | tr -d '\r\n\033qQ' >> "$tmp/k"; printf '\r\033mjjjj\r\033/nope\r\033dq' >> "$tmp/k"
TERM=xterm "$ATTNVIZ" --keys "$tmp/k" > /dev/null 2>&1
expect_eq "cli: --keys through the editor and picker exits 0" $? 0
err_case "cli: --keys from a missing file" "nope: No such file or directory" --keys "$tmp/nope"
err_case "cli: --frames needs a count" "--frames takes a count" --frames abc

# make install / uninstall with DESTDIR and PREFIX (the plain build only: it installs ./attnviz).
if [ "$ATTNVIZ" = "./attnviz" ]; then
	make -s install DESTDIR="$tmp/root" PREFIX=/opt/av > /dev/null 2>&1
	expect_eq "cli: make install DESTDIR PREFIX" $? 0
	check "cli: installed binary" test -x "$tmp/root/opt/av/bin/attnviz"
	check "cli: installed man page" test -f "$tmp/root/opt/av/share/man/man1/attnviz.1"
	expect_eq "cli: installed scene files" "$(ls "$tmp/root/opt/av/share/attnviz/scenes" | wc -l)" "$(ls scenes/*.ini | wc -l)"
	(cd "$tmp" && env -u ATTNVIZ_SCENES -u ATTNVIZ_MODELS "$tmp/root/opt/av/bin/attnviz" --list) > "$tmp/ilist"
	expect_eq "cli: the installed program finds its scenes" "$(grep -c '^scene' "$tmp/ilist")" "$(ls scenes/*.ini | wc -l)"
	grep -q "^model	llama3-8b	.*/opt/av/share/attnviz/models/llama3-8b.ini" "$tmp/ilist" && ok "cli: the installed program finds its models" || fail "cli: installed models"
	make -s uninstall DESTDIR="$tmp/root" PREFIX=/opt/av > /dev/null 2>&1
	check "cli: make uninstall removes the program and data" test ! -e "$tmp/root/opt/av/bin/attnviz" -a ! -e "$tmp/root/opt/av/share/attnviz"
fi

# A check can fail: a wrong lesson figure in a copy of the scene files makes --check and --summary exit 1.
cp -r scenes "$tmp/scenes"
sed -i 's/^sum_one_pass = 1.582426/sum_one_pass = 1.582427/' "$tmp/scenes/online-softmax.ini"
ATTNVIZ_SCENES="$tmp/scenes" "$ATTNVIZ" --check > "$tmp/chk"
expect_eq "cli: --check exits 1 on a wrong figure" $? 1
grep -q "^FAIL	online-softmax	21 checks	1 failed" "$tmp/chk" && ok "cli: --check names the failing scene" || fail "cli: --check output: $(grep FAIL "$tmp/chk")"
ATTNVIZ_SCENES="$tmp/scenes" "$ATTNVIZ" --summary online-softmax > "$tmp/chk"
expect_eq "cli: --summary exits 1 on a failed check" $? 1
expect_eq "cli: the failed key is marked FAIL" "$(awk -F'\t' '$2=="sum_one_pass"{print $4, $5}' "$tmp/chk")" "1.582427 FAIL"
sed -i 's/^x = .*/x = 1,oops/' "$tmp/scenes/online-softmax.ini"
saved=$ATTNVIZ_SCENES
export ATTNVIZ_SCENES="$tmp/scenes"
err_case "cli: a bad default in a scene file" "online-softmax.ini:9: [params] x: not a number: 'oops'" --list
export ATTNVIZ_SCENES="$saved"
# Two scenes with one number: refused at start-up, naming both files.
rm -rf "$tmp/dup" && cp -r scenes "$tmp/dup"
sed -i 's/^order  = 5$/order  = 4/' "$tmp/dup/fa-engines.ini"
ATTNVIZ_SCENES="$tmp/dup" "$ATTNVIZ" --print 5 >/dev/null 2>"$tmp/err"; rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -qF "dup/tiled.ini: [scene] order: 4 is also the order of $tmp/dup/fa-engines.ini" "$tmp/err"; then
	ok "cli: a duplicate scene order is refused, naming both files"
else fail "cli: a duplicate scene order (rc $rc, stderr: $(cat "$tmp/err"))"; fi

# The how column (issue 11): every ok names its second way; my scenes have none left unclassified.
own='online-softmax online-row tiled mla-absorb swa sinks rope rope-pi rope-ntk rope-yarn needle'
expect_eq "cli: --summary all: no ok without a way" "$(awk -F'\t' '$5 == "ok" && $6 == "-"' "$tmp/sall" | wc -l)" 0
expect_eq "cli: --summary all: a key without a check shows - three times" \
	"$(awk -F'\t' '$5 == "-" && ($4 != "-" || $6 != "-")' "$tmp/sall" | wc -l)" 0
for s in $own; do
	expect_eq "cli: $s: every check classified" "$(awk -F'\t' -v s="$s" '$1 == s && $6 == "?"' "$tmp/sall" | wc -l)" 0
done
# Off the lesson's parameters the checks that remain are formula or reference ones, and they pass.
"$ATTNVIZ" --summary rope-yarn --set s=8 > "$tmp/y"
expect_eq "cli: rope-yarn s=8: no lesson check" "$(awk -F'\t' '$6 == "lesson"' "$tmp/y" | wc -l)" 0
expect_eq "cli: rope-yarn s=8: ramp.30 checked by formula" "$(awk -F'\t' '$2 == "ramp.30" { print $5, $6 }' "$tmp/y")" "ok formula"
expect_eq "cli: rope-yarn s=8: yarn_low by the per-pair walk" "$(awk -F'\t' '$2 == "yarn_low" { print $3, $4, $6 }' "$tmp/y")" "20 20 reference"
"$ATTNVIZ" --summary rope-ntk --set s=8 > "$tmp/y"
# base' = 10000 * 8^(128/126): by hand, 8^(64/63) = 8 * 8^(1/63) = 8 * 1.033556...
awk -F'\t' '$2 == "ntk_base" { exit !($3 > 82684 && $3 < 82686 && $5 == "ok" && $6 == "reference") }' "$tmp/y" \
	&& ok "cli: rope-ntk s=8: ntk_base 82685, checked against the slowdown" || fail "cli: rope-ntk s=8 ntk_base: $(grep ntk_base "$tmp/y")"
"$ATTNVIZ" --summary swa --set window=3 --set n=7 > "$tmp/y"
expect_eq "cli: swa W=3: slot and eviction of position 5 by the queue" \
	"$(awk -F'\t' '$2 == "slot.5" || $2 == "evicted.5" { printf "%s %s %s;", $3, $5, $6 }' "$tmp/y")" "2 ok reference;2 ok reference;"

# --explain: each key once, with a check line; the lesson's figure named at defaults.
"$ATTNVIZ" --explain online-softmax > "$tmp/e"; expect_eq "cli: --explain exits 0" $? 0
"$ATTNVIZ" --summary online-softmax > "$tmp/s"
expect_eq "cli: --explain has a heading per key" "$(grep -c '^[a-z_.0-9]* = ' "$tmp/e")" "$(wc -l < "$tmp/s")"
expect_eq "cli: --explain has a check line per key" "$(grep -c '^    check: ' "$tmp/e")" "$(wc -l < "$tmp/s")"
grep -q '^    check: lesson (Example 2 prints it): expected 1.582426 +- 5e-07, ok$' "$tmp/e" && ok "cli: --explain names the lesson's figure" || fail "cli: --explain lesson check line"
grep -q '^    second way: the two-pass sum' "$tmp/e" && ok "cli: --explain says the second way" || fail "cli: --explain second way"
"$ATTNVIZ" --explain rope-pi --set s=2 > "$tmp/e"
grep -q '^    = (10000^(-2 / 128))^0 / 2 = 0.5$' "$tmp/e" && ok "cli: --explain substitutes the values" || fail "cli: --explain substitution"
grep -q '^    s = 2: parameter s (set)$' "$tmp/e" && ok "cli: --explain says where an input came from" || fail "cli: --explain origin"
"$ATTNVIZ" --explain all > "$tmp/e"; expect_eq "cli: --explain all exits 0" $? 0
expect_eq "cli: --explain all: a header per scene" "$(grep -c '^== ' "$tmp/e")" "$nscenes"
err_case "cli: --explain an unknown scene" "unknown scene 'nope'" --explain nope
"$ATTNVIZ" --help | grep -q -- '--explain SCENE|all' && ok "cli: --help lists --explain" || fail "cli: --help --explain"
# --cast is bounded: a recording of more than 2^26 cells (frames x W x H) is
# refused before its first byte (tiled at n = 1024 on 1000x1000 wrote 235 MB).
# Its frames: one a step, and between them its 63 later query blocks
# (64 blocks of 16) each swept in at most 60 frames (4.8 s).
nt=$("$ATTNVIZ" --frame tiled --set n=1024 | head -1 | sed 's/.*step [0-9]*\/\([0-9]*\).*/\1/')
timeout 30 "$ATTNVIZ" --cast tiled --size 1000x1000 --set n=1024 >"$tmp/big.cast" 2>"$tmp/err"; rc=$?
nf=$(sed -n 's/.*--cast: \([0-9]*\) frames of 1000x1000.*/\1/p' "$tmp/err")
[ $rc -eq 2 ] && [ ! -s "$tmp/big.cast" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && [ "${nf:-0}" -eq $((nt + 1 + 63 * 60)) ] &&
	grep -qF "$nf frames of 1000x1000 are $((nf * 1000000)) cells, more than a recording takes (67108864)" "$tmp/err" &&
	ok "cli: --cast past 2^26 cells is refused before it writes ($nf frames, $((nt + 1)) steps)" ||
	fail "cli: --cast bound: rc $rc, $(wc -c <"$tmp/big.cast") bytes, $(cat "$tmp/err")"
rm -f "$tmp/big.cast"
"$ATTNVIZ" --cast all --size 300x100 | tail -n 1 | grep -q '^\[' && ok "cli: --cast all at 300x100 stays within the bound" ||
	fail "cli: --cast all at 300x100 refused"
# a scene file's model = that is no model: the error says where the scene file named it
mkdir -p "$tmp/scenes"
cp "$ATTNVIZ_SCENES"/*.ini "$tmp/scenes/"
printf 'root:x:0:0:root:/root:/bin/sh\n' >"$tmp/passwd"
sed -i "s|^model  = gemma3-27b|model  = $tmp/passwd|" "$tmp/scenes/memory.ini"
ml=$(grep -n '^model  =' "$tmp/scenes/memory.ini" | cut -d: -f1)
ATTNVIZ_SCENES="$tmp/scenes" err_case "cli: a scene file's model = names its own line" \
	"memory.ini:$ml: [scene] model: $tmp/passwd:1: not a 'key = value' line" --summary memory

# --batch answers each command as it would be answered alone (the scene
# files read once a batch): every scene's summary with two models and a
# --set, every frame, a set that fails and a scene that is not there, from
# one process and from one process each.
scenes=$("$ATTNVIZ" --list | awk -F'\t' '$1 == "scene" && $3 != "bench" { print $3 }')
for s in $scenes; do
	echo "--summary $s -m gemma4-31b"
	echo "--summary $s -m qwen2.5-7b --set ctx=5000"
	echo "--frame $s"
done >"$tmp/cmds"
printf '%s\n' "--summary tiled --set n=abc" "--summary nosuch" "--summary gqa" >>"$tmp/cmds"
"$ATTNVIZ" --batch <"$tmp/cmds" >"$tmp/one" 2>&1
while read -r l; do
	# shellcheck disable=SC2086
	"$ATTNVIZ" $l
	printf '\036%d\n' $?
done <"$tmp/cmds" >"$tmp/each" 2>&1
if [ "$(grep -c '^' "$tmp/one")" -gt 3000 ] && cmp -s "$tmp/one" "$tmp/each"; then
	ok "cli: --batch answers $(wc -l <"$tmp/cmds") commands as each alone"
else
	fail "cli: --batch differs from the commands alone: $(diff "$tmp/one" "$tmp/each" | head -3 | tr '\n' ' ')"
fi
