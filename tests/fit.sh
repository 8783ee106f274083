#!/bin/sh
# --fit MEM: for every shipped model and several budgets, the max_ctx that
# --fit prints fits and the next step (256 x streams further) does not, by
# per-term closed forms worked out here from llama.cpp's rules:
#   weights  the memory scene's weights_bytes (a GGUF's against llama.cpp in
#            tests/engine.sh, a [weights] type's against the GGUF and
#            llama_model_quantize in tests/engine.sh and tests/quant.sh);
#   KV       per layer, cells x (kv_heads x head_dim x K bytes + kv_heads x
#            head_dim_v x V bytes) (llama-kv-cache.cpp ggml_row_size);
#            MLA's latent (kv_lora_rank + qk_rope_head_dim) in K, no V; a
#            full layer keeps n_ctx cells over its streams, a sliding one
#            pad256(min(stream, window + ubatch)) a stream
#            (llama-kv-cache-iswa.cpp); f16 2 bytes, q8_0 34 a 32, q4_0 18 a 32;
#            no cache on nextn, recurrent, shared layers; DeepSeek-V3.2's
#            indexer K head beside the latent (llama-kv-cache-dsa.cpp);
#   state    f32 (n_embd_r + n_embd_s) x n_seq a recurrent layer;
#   output   n_seq x vocab x 4 (llama-context.cpp output_reserve);
#   compute  --fit's own figure (modelled, checked against a real llama.cpp
#            in tests/engine.sh); with flash attention it does not grow with
#            n_ctx, so it is the same one step further.
# Then the bad MEM strings: one line, exit 2.
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The closed form of one TSV row of MODEL at BUDGET bytes with WEIGHTS:
# prints "ok" or what is wrong.  ini: the model's export; the row's columns
# after it.
judge() {
	awk -v budget="$2" -v margin=$((1024 * 1048576)) -v n_seq="$3" -v W="$4" -v ub=512 -F'\t' '
	function kbytes(t, n) { return t == "f16" ? 2 * n : t == "q8_0" ? int((n + 31) / 32) * 34 : int((n + 31) / 32) * 18 }
	function pad(x) { return int((x + 255) / 256) * 256 }
	# a per-layer list of the export, "8*46,0" written out: out[1..L]
	function expand(s, out,   n, i, j, w, parts) {
		n = 0
		split(s, w, ",")
		for (i = 1; i in w; i++) {
			if (split(w[i], parts, "*") == 2) for (j = 0; j < parts[2]; j++) out[++n] = parts[1]
			else out[++n] = w[i]
		}
		return n
	}
	function kv(n, t,   il, stream, cells, sum, local, kvh, k, v, lt) {
		stream = n / n_seq; sum = 0
		for (il = 0; il < L; il++) {
			kvh = (nkvh > 1) ? kvl[il + 1] : kvl[1]
			lt = nlt ? lts[il + 1] : ""
			# no cache: a nextn layer (create_memory), a recurrent or shared one, 0 KV heads (fa on)
			if (kvh == 0 || il >= L - nextn || lt == "recurrent" || lt == "shared" || lt == "none") continue
			local = nlt ? (lt == "sliding" || lt == "chunked") && win > 0 && used : win > 0 && used && (pat == 0 || il % pat < pat - 1)
			cells = local ? pad(stream < win + ub ? stream : win + ub) : stream
			# the indexer of DeepSeek-V3.2 (llama-kv-cache-dsa.cpp): one K head of its own beside the latent
			if (latent) { k = kbytes(t, lora + rope) + (idx ? kbytes(t, idx) : 0); v = 0 }
			else { k = kbytes(t, kvh * (local && hds ? hds : hd)); v = kbytes(t, kvh * (local && hdvs ? hdvs : hdv)) }
			sum += cells * n_seq * (k + v)
		}
		return sum
	}
	FNR == NR {
		sub(/ *;.*/, "")
		if ($0 ~ /=/) { split($0, kvp, / *= */); key = kvp[1]; val = kvp[2]; gsub(/ /, "", key); gsub(/ /, "", val); m[key] = val }
		next
	}
	FNR == 1 { L = m["layers"]; nkvh = expand(m["kv_heads"], kvl); hd = m["head_dim"]; hdv = m["head_dim_v"]
		nlt = m["layer_types"] != "" ? expand(m["layer_types"], lts) : 0; nextn = m["nextn_layers"] + 0
		idx = m["indexer_head_dim"] + 0; hds = m["head_dim_swa"] + 0; hdvs = m["head_dim_v_swa"] + 0
		# the recurrent state (llama-hparams.cpp n_embd_r, n_embd_s): f32, n_seq rows a recurrent layer
		nrec = 0; for (i = 1; i <= nlt; i++) nrec += lts[i] == "recurrent"
		# [recurrent] parallel (Falcon-H1, create_memory): every attention layer keeps the state too
		if (m["parallel"] == 1) for (i = 1; i <= L; i++)
			nrec += ((nkvh > 1) ? kvl[i] : kvl[1]) > 0 && i <= L - nextn && (nlt == 0 || lts[i] == "full" || lts[i] == "sliding" || lts[i] == "chunked")
		er = m["shortconv_l_cache"] > 0 ? m["embd"] * (m["shortconv_l_cache"] - 1) : \
			(m["ssm_d_conv"] > 0 ? m["ssm_d_conv"] - 1 : 0) * (m["ssm_d_inner"] + 2 * m["ssm_n_group"] * m["ssm_d_state"])
		R = nrec * 4 * n_seq * (er + m["ssm_d_state"] * m["ssm_d_inner"])
		win = m["sliding_window"] + 0; pat = m["swa_pattern"] + 0; used = (m["window_used"] == "" ? 1 : m["window_used"])
		latent = m["kind"] == "mla" && m["latent_cache"] == 1; lora = m["kv_lora_rank"]; rope = m["qk_rope_head_dim"]
		V = m["vocab"]; cap = m["ctx_train"]; step = 256 * n_seq; avail = budget - margin
		capk = int(cap / step) * step; if (capk < step) capk = step
		lo = cap < 4096 ? cap : 4096; lo = int((lo + step - 1) / step) * step; if (lo > capk) lo = capk
		next }
	{
		t = $1; n = $2; C = $6
		if ($8 == 0) {   # refused: only a head size that is not whole blocks of 32
			bad = (latent ? (lora + rope) % 32 : hd % 32) != 0
			print (t != "f16" && bad ? "ok" : t ": refused without a reason"); next
		}
		at = n ? n : lo
		want_kv = kv(at, t); want_total = W + want_kv + R + C + n_seq * V * 4
		if ($3 != W) { print t ": weights " $3 " != " W; next }
		if ($4 != want_kv) { print t ": kv " $4 " != " want_kv " at " at; next }
		if ($7 != n_seq * V * 4) { print t ": output " $7; next }
		if ($8 != want_total) { print t ": total " $8 " != " want_total; next }
		if (n == 0) { print (want_total > avail ? "ok" : t ": nothing fits, yet " want_total " <= " avail); next }
		if (n % step || n > capk || n < lo) { print t ": max_ctx " n " not a multiple of " step " in " lo ".." capk; next }
		if (want_total > avail) { print t ": " n " does not fit: " want_total " > " avail; next }
		if (n < capk) { nx = W + kv(n + step, t) + R + C + n_seq * V * 4
			if (nx <= avail) { print t ": the next step " n + step " fits too: " nx " <= " avail; next } }
		print "ok"
	}' "$1" -
}

# Every model's export and its --fit at each budget and -np, asked of one
# process (tests/lib.sh answers).
models=$("$ATTNVIZ" --list | awk -F'\t' '$1 == "model" { print $2 }')
mems="8GiB 17GiB 24GiB 80GiB 200GiB 2000GiB"
mkdir "$tmp/a"
for id in $models; do
	echo "$id.ini --export-model -m $id"
	echo "$id.w --summary memory -m $id"
	for mem in $mems; do
		for np in 1 4; do
			echo "$id.$mem.$np --fit $mem -m $id --set n_seq=$np --format tsv"
		done
	done
done | answers "$tmp/a"
for id in $models; do
	[ "$(cat "$tmp/a/$id.ini.rc" 2>/dev/null)" = 0 ] || { fail "fit: export $id"; continue; }
	w=$(awk -F'\t' '$2 == "weights_bytes" { print $3 }' "$tmp/a/$id.w")
	for mem in $mems; do
		for np in 1 4; do
			budget=$(awk -v m="${mem%GiB}" 'BEGIN { printf "%.0f", m * 1073741824 }')
			out="$tmp/a/$id.$mem.$np"
			rc=$(cat "$out.rc" 2>/dev/null)
			[ "$rc" = 0 ] || { fail "fit: $id at $mem -np $np: exit ${rc:-none} ($(head -c 300 "$out"))"; continue; }
			got=$(tail -n +2 "$out" | judge "$tmp/a/$id.ini" "$budget" "$np" "$w" | sort -u | tr '\n' ' ')
			expect_eq "fit: $id at $mem, -np $np: max_ctx fits and the next step does not (closed forms)" "$got" "ok "
		done
	done
done

# The header and the rows, as DESIGN section 5 says.
expect_eq "fit: the TSV header" "$("$ATTNVIZ" --fit 24GiB --format tsv | head -1)" \
	"$(printf 'cache\tmax_ctx\tweights_bytes\tkv_bytes\trecurrent_bytes\tcompute_bytes\toutput_bytes\ttotal_bytes\tllama_flags')"
expect_eq "fit: one row per cache type" "$("$ATTNVIZ" --fit 24GiB --format tsv | tail -n +2 | cut -f1 | tr '\n' ' ')" "f16 q8_0 q4_0 "
# The flags give llama.cpp the row's context and cache types.
expect_eq "fit: qwen2.5-7b 17GiB -np 2: the flags of each row" \
	"$("$ATTNVIZ" --fit 17GiB -m qwen2.5-7b --set n_seq=2 --format tsv | awk -F'\t' 'NR > 1 && $9 != "-c " $2 " -ctk " $1 " -ctv " $1 " -fa on -np 2" { print $1 ": " $9 }')" ""
# Without flash attention V stays f16 (llama.cpp refuses a quantized V then).
expect_eq "fit: fa=0: q8_0 keeps V in f16" "$("$ATTNVIZ" --fit 24GiB -m llama3-8b --set fa=0 --format tsv | awk -F'\t' '$1 == "q8_0" { print $9 }')" \
	"-c 8192 -ctk q8_0 -ctv f16 -fa off -np 1"
# Two models side by side: the second's rows carry @2 and equal its own run's.
expect_eq "fit: -m A -m B: B's rows with @2" \
	"$("$ATTNVIZ" --fit 80GiB -m llama3-8b -m gemma3-27b --format tsv | awk -F'\t' '$1 ~ /@2$/ { sub(/@2$/, "", $1); print }' OFS='\t')" \
	"$("$ATTNVIZ" --fit 80GiB -m gemma3-27b --format tsv | tail -n +2)"
expect_eq "fit: -m A -m B: A's rows as its own run" \
	"$("$ATTNVIZ" --fit 80GiB -m llama3-8b -m gemma3-27b --format tsv | head -4)" "$("$ATTNVIZ" --fit 80GiB -m llama3-8b --format tsv)"
"$ATTNVIZ" --print gqa -m llama3-8b -m gemma3-27b >/dev/null 2>"$tmp/err"
expect_eq "fit: a second -m elsewhere: exit 2, one line" "$? $(wc -l < "$tmp/err")" "2 1"
# A named device is its published size: rtx4090 is 24 GiB.
expect_eq "fit: rtx4090 = 24GiB" "$("$ATTNVIZ" --fit rtx4090 -m qwen2.5-7b --format tsv)" "$("$ATTNVIZ" --fit 24GiB -m qwen2.5-7b --format tsv)"
expect_eq "fit: 80GB is 80e9 bytes" "$("$ATTNVIZ" --fit 80GB -m llama3-70b | head -1 | grep -o 'in [0-9]* bytes')" "in 80000000000 bytes"
"$ATTNVIZ" --fit 8GiB -m llama3-8b --set weights=BF16 | grep -q 'does not fit even at 4096 tokens: [0-9]* bytes' &&
	ok "fit: says when even 4096 tokens do not fit, and how much is missing" || fail "fit: no 'does not fit even at 4096'"
# Fast: the total is monotone in n_ctx, so --fit bisects (the unit tests
# count its totals: tests/unit/test_fit.c; no stopwatch here).
"$ATTNVIZ" --fit 2000GiB -m deepseek-v3 --set ctx_max=4000000 --format tsv >/dev/null
expect_eq "fit: DeepSeek-V3 up to 4M tokens exits 0" $? 0

# ---- devices as people write them, --fit list ----------------------------------
for name in "RTX 4090" rtx-4090 4090 RTX4090 "NVIDIA GeForce RTX 4090" "geforce rtx 4090"; do
	expect_eq "fit: '$name' is the RTX 4090's 24 GiB" "$("$ATTNVIZ" --fit "$name" -m qwen2.5-7b --format tsv 2>&1)" \
		"$("$ATTNVIZ" --fit 24GiB -m qwen2.5-7b --format tsv)"
done
"$ATTNVIZ" --fit list >"$tmp/list" 2>&1
expect_eq "fit: --fit list: exit 0, a header and one line a device with its bytes, GiB and source" \
	"$? $(awk -F'\t' 'NR == 1 { h = $0; next } $2 ~ /^[0-9]+$/ && $2 == $3 * 1073741824 && $6 ~ /GB/ { n++ } END { print h "|" n }' "$tmp/list")" \
	"0 device	bytes	GiB	name	also written	source|$(($(wc -l <"$tmp/list") - 1))"
lbad=""
awk -F'\t' 'NR > 1 { print $1 "|" $2 "|" $4 "|" $5 }' "$tmp/list" >"$tmp/names"
while IFS='|' read -r dev bytes title aliases; do
	# each name the list gives reads back as that device's size (a title
	# with a comma, "Apple M4 Max, 128 GB", would be two devices)
	case $title in *,*) title=$dev ;; esac
	for n in "$dev" "$title" $(printf '%s' "$aliases" | tr ', ' '\n_'); do
		n=$(printf '%s' "$n" | tr _ ' ')
		got=$("$ATTNVIZ" --fit "$n" -m llama3-8b 2>&1 | head -1 | sed -n 's/.* in \([0-9]*\) bytes.*/\1/p')
		[ "$got" = "$bytes" ] || lbad="$lbad '$n' ($got, want $bytes)"
	done
done <"$tmp/names"
[ -z "$lbad" ] && ok "fit: every name --fit list gives (device, name, also written) is that device's bytes" ||
	fail "fit: names of --fit list:$lbad"

# ---- several devices: llama.cpp's default split (-sm layer) -----------------------
# src/llama-model.cpp llama_model_base::load_tensors: split points are the
# running sums of the devices' memory over the total; layer il of the
# n_layer + 1 (the output layer last) goes to the first device whose split
# point exceeds il / (n_layer + 1).  Each layer's KV on its device: Qwen2.5
# 7B keeps 4 KV heads of 128 a layer, f16 2048 B a token a layer, q8_0
# 1088, q4_0 576.  Every device within its budget less 1024 MiB at max_ctx;
# one step (256) further, the device's KV grows by layers x 256 x that and
# some device goes over (flash attention: the compute buffer does not grow).
split_judge() {
	awk -F'\t' -v n=28 -v margin=$((1024 * 1048576)) -v spec="$1" '
	BEGIN { nd = split(spec, B, ","); tot = 0; for (j = 1; j <= nd; j++) { tot += B[j]; S[j] = tot }
		for (j = 1; j <= nd; j++) S[j] /= tot
		for (il = 0; il <= n; il++) { for (j = 1; j < nd && !(il / (n + 1) < S[j]); j++); if (il == n) out = j; else cnt[j]++ } }
	NR == 1 { next }
	{ t = $1; j = $2 + 1; per = t == "f16" ? 2048 : t == "q8_0" ? 1088 : 576
	  if ($6 != cnt[j] || $7 != (j == out)) { print t " dev " j - 1 ": layers " $6 " out " $7 ", want " cnt[j] " out " (j == out); next }
	  if ($5 != f[t]) { print t " dev " j - 1 ": first layer " $5 " want " f[t] + 0; next }
	  f[t] += cnt[j]
	  if ($9 != cnt[j] * $4 * per) { print t " dev " j - 1 ": kv " $9 " != " cnt[j] " x " $4 " x " per; next }
	  if ($12 != $8 + $9 + $10 + $11) { print t " dev " j - 1 ": total is not the sum"; next }
	  if ($13 != B[j]) { print t " dev " j - 1 ": budget " $13; next }
	  if ($12 > B[j] - margin) { print t " dev " j - 1 ": " $12 " over " B[j] - margin; next }
	  if ($12 + cnt[j] * 256 * per > B[j] - margin) over[t] = 1
	  ctx[t] = $4 }
	END { for (t in ctx) if (ctx[t] < 131072 && !over[t]) print t ": the next step fits every device too"; print "ok" }'
}
for spec in "9GiB,9GiB 9663676416,9663676416" "10GiB,8GiB 10737418240,8589934592" "3x6GiB 6442450944,6442450944,6442450944" \
	"rtx3060,8GiB 12884901888,8589934592" "2x8GiB,12GiB 8589934592,8589934592,12884901888"; do
	mem=${spec% *}
	got=$("$ATTNVIZ" --fit "$mem" -m qwen2.5-7b --format tsv 2>&1 | split_judge "${spec#* }" | tr '\n' ' ')
	expect_eq "fit: qwen2.5-7b on $mem: layers split as llama.cpp's load_tensors, KV per device, each within its budget" "$got" "ok "
done
expect_eq "fit: 2x24GiB, 2xrtx3090 and rtx3090,rtx3090 are one budget" \
	"$("$ATTNVIZ" --fit 2x24GiB -m llama3-8b --format tsv | cut -f1,2,4-)" \
	"$("$ATTNVIZ" --fit 'rtx3090, RTX 3090' -m llama3-8b --format tsv | cut -f1,2,4-)"
expect_eq "fit: 2xrtx3090 names each device" \
	"$("$ATTNVIZ" --fit 2xrtx3090 -m llama3-8b --format tsv | cut -f3 | sort -u | tr '\n' ' ')" "name rtx3090 "
# Llama 3 8B on two equal devices: il / 33 < 0.5 for il 0..16, so 17 layers
# on the first, 15 and the output layer on the second.
"$ATTNVIZ" --fit 2x24GiB -m llama3-8b >"$tmp/two" 2>&1
grep -q '^  0 .* 0-16  ' "$tmp/two" && grep -q '^  1 .* 17-31+out ' "$tmp/two" && grep -q 'the largest share: device 1' "$tmp/two" &&
	grep -q 'load_tensors' "$tmp/two" && ok "fit: 2x24GiB: Llama 3 8B's layers 0-16 and 17-31 with the output, the largest share named" ||
	fail "fit: 2x24GiB: $(grep -m3 '^  [01] \|largest' "$tmp/two" | tr '\n' '|')"
for bad in 0x24GiB 17x1GiB 2x rtx3090, ,24GiB 2x24GiB,rtx9999; do
	"$ATTNVIZ" --fit "$bad" >"$tmp/out" 2>"$tmp/err"
	expect_eq "fit: bad devices '$bad': exit 2, one line on stderr, nothing on stdout" \
		"$? $(wc -l < "$tmp/err") $(wc -c < "$tmp/out")" "2 1 0"
done

# Bad MEM: one line naming it, exit 2.
for bad in 12abc 24XB '' -5GiB 0GiB 1e30GB GiB rtx9999 24gib; do
	"$ATTNVIZ" --fit "$bad" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	expect_eq "fit: bad MEM '$bad': exit 2, one line on stderr, nothing on stdout" \
		"$rc $(wc -l < "$tmp/err") $(wc -c < "$tmp/out")" "2 1 0"
done
# A bare number is bytes: 24 is under 1 MiB, and the line says what was meant.
"$ATTNVIZ" --fit 24 -m llama3-8b >/dev/null 2>"$tmp/err"
expect_eq "fit: a bare 24 is 24 bytes, and the error suggests 24GiB" "$? $(cat "$tmp/err")" \
	"2 attnviz: --fit '24': 24 bytes is under 1 MiB (a bare number is bytes): did you mean 24GiB?"
"$ATTNVIZ" --fit 24B >/dev/null 2>"$tmp/err"
expect_eq "fit: 24B written with its unit gets no suggestion" "$? $(cat "$tmp/err")" \
	"2 attnviz: --fit '24B': out of range (1 MiB to 1 PiB)"
# The units of the range's ends are units too: 1 PiB is the most, 1 PB under it
for u in 1PiB 1PB 1024TiB; do
	"$ATTNVIZ" --fit "$u" -m llama3-8b >/dev/null 2>"$tmp/err"
	expect_eq "fit: $u is a budget (the most is 1 PiB)" "$? $(cat "$tmp/err")" "0 "
done
"$ATTNVIZ" --fit 2PiB >/dev/null 2>"$tmp/err"
expect_eq "fit: 2PiB is past the range, not an unknown unit" "$? $(cat "$tmp/err")" \
	"2 attnviz: --fit '2PiB': out of range (1 MiB to 1 PiB)"
# A budget the margin takes whole: one line, naming both, exit 2 (no rows
# against a budget below zero).
"$ATTNVIZ" --fit 2000000 -m llama3-8b >"$tmp/out" 2>"$tmp/err"
expect_eq "fit: 2000000 bytes under the 1024 MiB margin: exit 2, one line, nothing on stdout" \
	"$? $(wc -l < "$tmp/err") $(wc -c < "$tmp/out") $(grep -c '2000000 bytes.*margin of 1024 MiB' "$tmp/err")" "2 1 0 1"
"$ATTNVIZ" --fit 2GiB --set margin=2048 >/dev/null 2>"$tmp/err"
expect_eq "fit: 2GiB with a 2048 MiB margin: exit 2" "$? $(grep -c 'margin of 2048 MiB' "$tmp/err")" "2 1"
"$ATTNVIZ" --fit 2GiB --set margin=2047 --format tsv >/dev/null 2>&1
expect_eq "fit: 2GiB with a 2047 MiB margin still runs" $? 0
"$ATTNVIZ" --fit 24GiB --set bogus=1 >/dev/null 2>"$tmp/err"
expect_eq "fit: an unknown --set key: exit 2" "$? $(grep -c bogus "$tmp/err")" "2 1"

# The fit scene's step 4: where the f16 KV cache overtakes the weights, read
# from its narration, against the memory scene's kv_bytes (llama.cpp's cells,
# windows and all) one token either side; or, where it says the weights
# dominate the whole range, the cache at the range's end is the smaller.
# Gemma 4 31B once read "below 68803 tokens" (weights / bytes a token, its
# sliding layers counted as full).
for m in phi-4-mini llama4-scout gemma4-31b gemma3-27b qwen2.5-7b; do
	story=$("$ATTNVIZ" --frame fit --step 4 --size 200x40 -m "$m" | tr '\n' ' ' | sed 's/│/ /g; s/  */ /g')
	w=$(sval memory weights_bytes -m "$m")
	n=$(printf '%s\n' "$story" | sed -n 's/.*dominate below \([0-9]*\) tokens.*/\1/p')
	if [ -n "$n" ]; then
		at=$(sval memory kv_bytes -m "$m" --set ctx=$n --set k_type=f16 --set v_type=f16)
		before=$(sval memory kv_bytes -m "$m" --set ctx=$((n - 1)) --set k_type=f16 --set v_type=f16)
		if [ "$at" -ge "$w" ] && [ "$before" -lt "$w" ]; then
			ok "fit: $m: the f16 cache reaches the weights at -c $n, not at $((n - 1))"
		else
			fail "fit: $m: at -c $n the f16 cache takes $at bytes, at $((n - 1)) $before; the weights $w"
		fi
	else
		cap=$(printf '%s\n' "$story" | sed -n 's/.*whole range: even at \([0-9]*\) tokens.*/\1/p')
		at=$(sval memory kv_bytes -m "$m" --set ctx=${cap:-0} --set k_type=f16 --set v_type=f16)
		if [ -n "$cap" ] && [ -n "$at" ] && [ "$at" -lt "$w" ]; then
			ok "fit: $m: the weights dominate up to -c $cap, where the f16 cache takes $at bytes"
		else
			fail "fit: $m: the weights ($w bytes) said to dominate up to -c '$cap', where the f16 cache takes '$at'"
		fi
	fi
done

# Two models: the axis reaches the larger trained context, so the second
# model's crossing is drawn where it is (Llama 3 8B stops at 8K; Qwen2.5 7B
# fits -c 43776 in the scene's 8 GiB), not pinned at the first one's end.
frame=$("$ATTNVIZ" --frame fit --step 1 -m llama3-8b -m qwen2.5-7b --size 80x24)
want=$("$ATTNVIZ" --summary fit -m qwen2.5-7b | awk -F'\t' '$2 == "max_ctx.f16" { print $3 }')
if printf '%s\n' "$frame" | grep -q 'up to 128K' && [ -n "$want" ] && printf '%s\n' "$frame" | grep -q "\* $want"; then
	ok "fit: beside Llama 3 8B the axis reaches 128K and marks Qwen2.5 7B's -c $want"
else
	fail "fit: two models: axis or mark missing (want '* $want', 'up to 128K')"
fi

# The weights people download: a shipped INI states its type ([weights]
# type), sized tensor by tensor (src/model/wshapes.c; held against the GGUF
# and llama_model_quantize in tests/engine.sh and tests/quant.sh).
# gpt-oss-20b in MXFP4_MOE runs its whole trained context in 16 GiB.
"$ATTNVIZ" --fit 16GiB -m gpt-oss-20b --format tsv >"$tmp/oss" 2>&1
expect_eq "fit: gpt-oss-20b (MXFP4_MOE, its INI's type) in 16GiB: every cache type reaches -c 131072" \
	"$(awk -F'\t' 'NR > 1 { printf "%s:%s ", $1, $2 }' "$tmp/oss")" "f16:131072 q8_0:131072 q4_0:131072 "
"$ATTNVIZ" --fit 16GiB -m gpt-oss-20b | grep -q '^weights: exact (MXFP4_MOE: each of a gpt-oss model.s 459 tensors' &&
	ok "fit: gpt-oss-20b: the weights said exact, in MXFP4_MOE, from the 459 tensors of its architecture" ||
	fail "fit: gpt-oss-20b: the weights' line: $("$ATTNVIZ" --fit 16GiB -m gpt-oss-20b | grep '^weights:')"
# weights= overrides the file's type: in BF16 not even 4096 tokens fit
expect_eq "fit: gpt-oss-20b --set weights=bf16 in 16GiB: does not fit (max_ctx 0)" \
	"$("$ATTNVIZ" --fit 16GiB -m gpt-oss-20b --set weights=bf16 --format tsv | awk -F'\t' 'NR == 2 { print $2 }')" 0
# a type that is not llama-quantize's: the file, line, section and key, exit 2
sed 's/^type = MXFP4_MOE$/type = Q9_K/' assets/models/gpt-oss-20b.ini >"$tmp/bad.ini"
line=$(grep -n '^type = Q9_K$' "$tmp/bad.ini" | cut -d: -f1)
"$ATTNVIZ" --fit 16GiB -m "$tmp/bad.ini" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_eq "fit: [weights] type = Q9_K: exit 2, one line at its file, line, section and key, nothing on stdout" \
	"$rc $(wc -l <"$tmp/err") $(wc -c <"$tmp/out") $(cut -d"'" -f1-2 "$tmp/err")" \
	"2 1 0 attnviz: $tmp/bad.ini:$line: [weights] type: 'Q9_K"
# weights_bytes stated wins over the type; the type still names the file's
sed 's/^\[weights\]$/[weights]\n; stated/' assets/models/qwen2.5-7b.ini | sed 's/^params .*/&\nweights_bytes = 4683073536/' >"$tmp/q.ini"
expect_eq "fit: weights_bytes stated beside [weights] type: the stated bytes" \
	"$(sval memory weights_bytes -m "$tmp/q.ini")" 4683073536
# tied embeddings: one vocab x embd matrix fewer (Qwen3-4B's head is its token embeddings)
sed 's/^tied_embeddings = 1 .*/tied_embeddings = 0/' assets/models/qwen3-4b.ini >"$tmp/untied.ini"
tied=$(sval memory weights_bytes -m qwen3-4b --set weights=BF16)
untied=$(sval memory weights_bytes -m "$tmp/untied.ini" --set weights=BF16)
expect_eq "fit: qwen3-4b: an output head of its own adds vocab x embd x 2 bytes in BF16" \
	"$((untied - tied))" "$((151936 * 2560 * 2))"
# One deployment: --fit takes every model scene's names; those it cannot
# show (it searches -c and gives each cache type a row) are said, once.
"$ATTNVIZ" --fit 24GiB -m qwen2.5-7b --set k_type=q8_0 --set ctx=8192 --format tsv >"$tmp/kt" 2>"$tmp/kterr"
expect_eq "fit: --set k_type=q8_0 ctx=8192: taken, the rows as without them, one line saying they are not shown" \
	"$? $("$ATTNVIZ" --fit 24GiB -m qwen2.5-7b --format tsv | cmp -s - "$tmp/kt" && echo same) $(cat "$tmp/kterr")" \
	"0 same attnviz: warning: --fit: ctx, k_type: taken, not shown (--fit searches -c and gives each cache type a row)"
