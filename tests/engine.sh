#!/bin/sh
# A real llama.cpp against attnviz: tools/fetch-llama.sh brings the pinned
# engine (node-llama-cpp 3.22.1's prebuilt CPU libllama and the llama.cpp
# source it was built from); tests/llama_probe.c is compiled here against
# that source's headers.  For each GGUF (written by build/gguf_write with
# every tensor of its architecture, as a sparse file of the full size) and a
# matrix of deployments, llama.cpp's own KV cache log lines (cells, layers,
# streams, MiB) are compared with `attnviz --summary iswa` for the same file.
# One ok / not ok line per GGUF x group; skip lines when the engine cannot
# be had.
cd "$(dirname "$0")/.." || exit 2
. tests/lib.sh
: "${GGUF_WRITE:=build/gguf_write}"
: "${LLAMA_DIR:=build/llama}"
export LLAMA_DIR
if ! sh tools/fetch-llama.sh 2>/tmp/engine-fetch.$$; then
	echo "skip - engine: llama.cpp not fetched ($(head -n 1 /tmp/engine-fetch.$$))"
	rm -f /tmp/engine-fetch.$$
	exit 0
fi
rm -f /tmp/engine-fetch.$$
if [ ! -x "$GGUF_WRITE" ]; then
	fail "engine: $GGUF_WRITE was not built (make $GGUF_WRITE)"
	exit 0
fi
lib=$(cd "$LLAMA_DIR/lib" && pwd)
src="$LLAMA_DIR/src"
probe=build/llama_probe
CC=${CC:-cc}
CXX=${CXX:-c++}
if ! $CC -std=c11 -D_POSIX_C_SOURCE=200809L -O1 -I"$src/include" -I"$src/ggml/include" -c -o $probe.o tests/llama_probe.c \
	2>build/llama_probe.err ||
	! $CXX -std=c++17 -O1 -I"$src/include" -I"$src/ggml/include" -I"$src/src" -c -o $probe-bd.o tests/llama_breakdown.cpp \
	2>>build/llama_probe.err ||
	! $CXX -o $probe $probe.o $probe-bd.o -L"$lib" -l:libllama.v0.5.0.so -l:libggml.v0.5.0.so -l:libggml-base.so \
	-Wl,-rpath,"$lib" 2>>build/llama_probe.err; then
	fail "engine: tests/llama_probe.c does not build against the fetched llama.h ($(head -n 1 build/llama_probe.err))"
	exit 0
fi
export LLAMA_LIBDIR="$lib"
d=$(mktemp -d)
[ -n "${ENGINE_KEEP:-}" ] && echo "# engine: files kept in $d" || trap 'rm -rf "$d"' EXIT

# ---- GGUFs: every tensor llama.cpp's load_tensors creates ----------------------
# dense ARCH LAYERS EMBD HEADS KV_HEADS HEAD_DIM FF VOCAB FLAGS [KV LINES...]
# FLAGS: words of  out (own output.weight), bias (q/k/v biases), qknorm,
# post (gemma's post-attention and post-ffn norms)
dense() {
	a=$1 L=$2 E=$3 H=$4 KV=$5 HD=$6 FF=$7 V=$8 fl=$9
	shift 9
	cat <<-EOF
	kv general.architecture str $a
	kv general.alignment u32 32
	kv $a.block_count u32 $L
	kv $a.context_length u32 131072
	kv $a.embedding_length u32 $E
	kv $a.feed_forward_length u32 $FF
	kv $a.attention.head_count u32 $H
	kv $a.attention.head_count_kv u32 $KV
	kv $a.attention.key_length u32 $HD
	kv $a.attention.value_length u32 $HD
	kv $a.attention.layer_norm_rms_epsilon f32 0.000001
	kv $a.rope.dimension_count u32 $HD
	kv $a.vocab_size u32 $V
	kv tokenizer.ggml.model str none
	EOF
	for kv in "$@"; do echo "kv $kv"; done
	echo "offsets 32"
	echo "sparse"
	echo "type f16"
	echo "tensor token_embd.weight $E $V"
	case " $fl " in *" out "*) echo "tensor output.weight $E $V" ;; esac
	echo "type f32"
	echo "tensor output_norm.weight $E"
	i=0
	while [ $i -lt "$L" ]; do
		echo "type f32"
		echo "tensor blk.$i.attn_norm.weight $E"
		echo "tensor blk.$i.ffn_norm.weight $E"
		case " $fl " in *" post "*)
			echo "tensor blk.$i.post_attention_norm.weight $E"
			echo "tensor blk.$i.post_ffw_norm.weight $E" ;;
		esac
		case " $fl " in *" qknorm "*)
			echo "tensor blk.$i.attn_q_norm.weight $HD"
			echo "tensor blk.$i.attn_k_norm.weight $HD" ;;
		esac
		case " $fl " in *" bias "*)
			echo "tensor blk.$i.attn_q.bias $((H * HD))"
			echo "tensor blk.$i.attn_k.bias $((KV * HD))"
			echo "tensor blk.$i.attn_v.bias $((KV * HD))" ;;
		esac
		echo "type f16"
		echo "tensor blk.$i.attn_q.weight $E $((H * HD))"
		echo "tensor blk.$i.attn_k.weight $E $((KV * HD))"
		echo "tensor blk.$i.attn_v.weight $E $((KV * HD))"
		echo "tensor blk.$i.attn_output.weight $((H * HD)) $E"
		echo "tensor blk.$i.ffn_gate.weight $E $FF"
		echo "tensor blk.$i.ffn_up.weight $E $FF"
		echo "tensor blk.$i.ffn_down.weight $FF $E"
		i=$((i + 1))
	done
}
# gpt-oss-20b: 24 layers alternating sliding (128) and full, learned sinks, 32 experts.
gptoss() {
	E=2880 V=201088 X=32
	cat <<-EOF
	kv general.architecture str gpt-oss
	kv general.alignment u32 32
	kv gpt-oss.block_count u32 24
	kv gpt-oss.context_length u32 131072
	kv gpt-oss.embedding_length u32 $E
	kv gpt-oss.feed_forward_length u32 $E
	kv gpt-oss.expert_feed_forward_length u32 $E
	kv gpt-oss.expert_count u32 $X
	kv gpt-oss.expert_used_count u32 4
	kv gpt-oss.attention.head_count u32 64
	kv gpt-oss.attention.head_count_kv u32 8
	kv gpt-oss.attention.key_length u32 64
	kv gpt-oss.attention.value_length u32 64
	kv gpt-oss.attention.sliding_window u32 128
	kv gpt-oss.attention.layer_norm_rms_epsilon f32 0.00001
	kv gpt-oss.rope.dimension_count u32 64
	kv gpt-oss.rope.freq_base f32 150000
	kv gpt-oss.vocab_size u32 $V
	kv tokenizer.ggml.model str none
	offsets 32
	sparse
	type f16
	tensor token_embd.weight $E $V
	tensor output.weight $E $V
	type f32
	tensor output_norm.weight $E
	EOF
	i=0
	while [ $i -lt 24 ]; do
		cat <<-EOF
		type f32
		tensor blk.$i.attn_norm.weight $E
		tensor blk.$i.post_attention_norm.weight $E
		tensor blk.$i.attn_sinks.weight 64
		tensor blk.$i.attn_output.bias $E
		tensor blk.$i.ffn_gate_inp.bias $X
		tensor blk.$i.ffn_gate_exps.bias $E $X
		tensor blk.$i.ffn_down_exps.bias $E $X
		tensor blk.$i.ffn_up_exps.bias $E $X
		type f16
		tensor blk.$i.attn_q.weight $E 4096
		tensor blk.$i.attn_k.weight $E 512
		tensor blk.$i.attn_v.weight $E 512
		tensor blk.$i.attn_output.weight 4096 $E
		tensor blk.$i.ffn_gate_inp.weight $E $X
		type mxfp4
		tensor blk.$i.ffn_gate_exps.weight $E $E $X
		tensor blk.$i.ffn_down_exps.weight $E $E $X
		tensor blk.$i.ffn_up_exps.weight $E $E $X
		EOF
		i=$((i + 1))
	done
}
# DeepSeek-V2-Lite, converted with the MLA keys (*_mla): the cache keeps the
# latent (kv_lora_rank 512 + rope 64) as K and no V.  27 layers, 1 dense lead.
dsv2lite() {
	E=2048 V=102400 X=64 R=512 H=16
	cat <<-EOF
	kv general.architecture str deepseek2
	kv general.alignment u32 32
	kv deepseek2.block_count u32 27
	kv deepseek2.context_length u32 163840
	kv deepseek2.embedding_length u32 $E
	kv deepseek2.feed_forward_length u32 10944
	kv deepseek2.expert_feed_forward_length u32 1408
	kv deepseek2.expert_count u32 $X
	kv deepseek2.expert_used_count u32 6
	kv deepseek2.expert_shared_count u32 2
	kv deepseek2.leading_dense_block_count u32 1
	kv deepseek2.attention.head_count u32 $H
	kv deepseek2.attention.head_count_kv u32 1
	kv deepseek2.attention.key_length u32 576
	kv deepseek2.attention.value_length u32 512
	kv deepseek2.attention.key_length_mla u32 192
	kv deepseek2.attention.value_length_mla u32 128
	kv deepseek2.attention.kv_lora_rank u32 $R
	kv deepseek2.attention.layer_norm_rms_epsilon f32 0.000001
	kv deepseek2.rope.dimension_count u32 64
	kv deepseek2.rope.freq_base f32 10000
	kv deepseek2.vocab_size u32 $V
	kv tokenizer.ggml.model str none
	offsets 32
	sparse
	type f16
	tensor token_embd.weight $E $V
	tensor output.weight $E $V
	type f32
	tensor output_norm.weight $E
	EOF
	i=0
	while [ $i -lt 27 ]; do
		cat <<-EOF
		type f32
		tensor blk.$i.attn_norm.weight $E
		tensor blk.$i.attn_kv_a_norm.weight $R
		tensor blk.$i.ffn_norm.weight $E
		type f16
		tensor blk.$i.attn_q.weight $E $((H * 192))
		tensor blk.$i.attn_kv_a_mqa.weight $E $((R + 64))
		tensor blk.$i.attn_k_b.weight 128 $R $H
		tensor blk.$i.attn_v_b.weight $R 128 $H
		tensor blk.$i.attn_output.weight $((H * 128)) $E
		EOF
		if [ $i -eq 0 ]; then
			cat <<-EOF
			tensor blk.$i.ffn_gate.weight $E 10944
			tensor blk.$i.ffn_down.weight 10944 $E
			tensor blk.$i.ffn_up.weight $E 10944
			EOF
		else
			cat <<-EOF
			type f32
			tensor blk.$i.ffn_gate_inp.weight $E $X
			type f16
			tensor blk.$i.ffn_gate_exps.weight $E 1408 $X
			tensor blk.$i.ffn_down_exps.weight 1408 $E $X
			tensor blk.$i.ffn_up_exps.weight $E 1408 $X
			tensor blk.$i.ffn_gate_shexp.weight $E 2816
			tensor blk.$i.ffn_down_shexp.weight 2816 $E
			tensor blk.$i.ffn_up_shexp.weight $E 2816
			EOF
		fi
		i=$((i + 1))
	done
}
# The shapes of the shipped assets/models/*.ini.
models="llama3-8b mistral-7b gemma3-27b gemma2-9b qwen2.5-7b gpt-oss-20b deepseek-v2-lite"
gptoss >"$d/gpt-oss-20b.spec"
dsv2lite >"$d/deepseek-v2-lite.spec"
dense llama 32 4096 32 8 128 14336 128256 out "llama.rope.freq_base f32 500000" >"$d/llama3-8b.spec"
# Mistral 7B v0.1 under the llama architecture: a sliding_window key llama.cpp does not read.
dense llama 32 4096 32 8 128 14336 32000 out "llama.rope.freq_base f32 10000" \
	"llama.attention.sliding_window u32 4096" >"$d/mistral-7b.spec"
dense gemma3 62 5376 32 16 128 21504 262208 "post qknorm" "gemma3.attention.sliding_window u32 1024" \
	"gemma3.rope.freq_base f32 1000000" >"$d/gemma3-27b.spec"
dense gemma2 42 3584 16 8 256 14336 256000 post "gemma2.attention.sliding_window u32 4096" >"$d/gemma2-9b.spec"
dense qwen2 28 3584 28 4 128 18944 152064 "out bias" "qwen2.rope.freq_base f32 1000000" >"$d/qwen2.5-7b.spec"
# The lesson's tiny Qwen2-vocabulary model: small enough to load for real (a --reconcile fixture).
dense qwen2 2 64 8 2 8 256 151936 "out bias" "qwen2.rope.freq_base f32 10000" >"$d/tiny-qwen2vocab.spec"

# ---- the deployments -------------------------------------------------------------
# deploys SWA GROUP: f16 = f16 K and V, flash attention on, the whole matrix
# ctx x n_seq x unified x swa_full x ubatch; nofa = f16 without flash
# attention and q8_0 = q8_0 K and V with it, both on ctx 4096 and 131072.
deploys() {
	ctxs="1000 4096 32768 131072" kt=f16 fa=1
	case $2 in
	nofa) ctxs="4096 131072" fa=0 ;;
	q8_0) ctxs="4096 131072" kt=q8_0 ;;
	esac
	for ctx in $ctxs; do
		for ns in 1 3; do
			for un in 0 1; do
				for sf in 0 1; do
					[ "$1" = swa ] || [ $sf -eq 0 ] || continue
					for ub in 512 2048; do
						echo "ctx=$ctx n_seq=$ns unified=$un swa_full=$sf ubatch=$ub fa=$fa k=$kt v=$kt"
					done
				done
			done
		done
	done
}

# compare M GROUP: probe llama.cpp on $d/M.gguf, then attnviz, one ok / not ok line.
# For q8_0 the bytes are not compared: attnviz's iswa scene takes no cache type
# for a GGUF (its bytes are f16's); cells, layers and streams are.
compare() {
	m=$1 g=$2 f="$d/$1.gguf" o="$d/$1.$2"
	swa=no
	grep -q sliding_window "$d/$m.spec" && swa=swa
	case $m in gemma2*) swa=swa ;; esac
	deploys $swa "$g" >"$o.deploys"
	if ! "$probe" "$f" <"$o.deploys" >"$o.out" 2>"$o.err"; then
		fail "engine: $m: llama.cpp does not load the GGUF ($(grep -i 'error\|failed\|exception' "$o.err" | head -n 2 | tr '\n' ' '))"
		return
	fi
	if ! grep -q '^defaults ok' "$o.out"; then
		fail "engine: llama_context_default_params through the fetched llama.h: $(head -n 1 "$o.out")"
		return
	fi
	# One line per deployment: its words | n_ctx | cells layers streams MiB of
	# the first (non-SWA) cache, then of the SWA cache | llama.cpp's refusal
	awk -F'\t' '
		$1 == "D" && $3 == "deploy" { n = $2; dep[n] = $4; nd = n + 1 }
		$1 == "D" && $3 == "ctx" && $4 == "n_ctx" { nctx[$2] = $5 }
		$1 == "D" && $3 == "kv" { k = $2; kvn[k]++; kv[k, kvn[k]] = $4 " " $5 " " $7 " " $8 }
		$1 == "D" && $3 == "error" { err[$2] = $4 }
		$1 == "D" && $3 == "log" && err[$2] == "" && $4 ~ /(failed|not supported|requires|cannot)/ { why[$2] = $4 }
		END {
			for (i = 0; i < nd; i++) {
				a = (i, 1) in kv ? kv[i, 1] : "- - - -"
				b = (i, 2) in kv ? kv[i, 2] : "0 0 - 0.00"
				e = (i in err) ? err[i] ((i in why) ? ": " why[i] : "") : ""
				printf "%s|%s|%s %s|%s\n", dep[i], (i in nctx) ? nctx[i] : "-", a, b, e
			}
		}' "$o.out" >"$o.llama"
	n=0 good=0 bad="" nbad=0
	while IFS='|' read -r dep lctx kvs err; do
		set -- $kvs
		lcells=$1 llayers=$2 lstreams=$3 lmib=$4 scells=$5 slayers=$6 smib=$8
		args=""
		for w in $dep; do
			case $w in ctx=* | n_seq=* | unified=* | swa_full=* | ubatch=*) args="$args --set $w" ;; esac
		done
		# attnviz's figures do not depend on the cache type or flash attention: once a deployment
		sum="$d/$m.sum.$(echo $args | tr -c 'a-z0-9_\n' _)"
		# shellcheck disable=SC2086
		[ -f "$sum" ] || "$ATTNVIZ" --summary iswa -m "$f" $args >"$sum" 2>&1
		eval "$(awk -F'\t' '
			$2 ~ /^(n_ctx|streams|global_layers|local_layers|swa_cells)$/ { print "s_" $2 "=" $3 }
			$2 ~ /^(global|local)_bytes$/ { printf "s_%s=%.2f\n", $2, $3 / 1048576 }' "$sum")"
		actx=$s_n_ctx ast=$s_streams agl=$s_global_layers all=$s_local_layers asw=$s_swa_cells
		gmib=$s_global_bytes lmibA=$s_local_bytes
		acells=$((actx / ast))
		pairs="n_ctx:$lctx:$actx cells:$lcells:$acells streams:$lstreams:$ast global_layers:$llayers:$agl"
		pairs="$pairs swa_cells:$scells:$asw local_layers:$slayers:$all"
		[ "$g" = q8_0 ] || pairs="$pairs global_MiB:$lmib:$gmib local_MiB:$smib:$lmibA"
		for pair in $pairs; do
			IFS=: read -r what lv av <<-EOF
			$pair
			EOF
			n=$((n + 1))
			if [ "$lv" = "$av" ]; then
				good=$((good + 1))
			else
				nbad=$((nbad + 1))
				[ $nbad -le 4 ] && bad="$bad; [$dep] $what llama.cpp $lv attnviz $av${err:+ (llama.cpp: $err)}"
			fi
		done
	done <"$o.llama"
	[ $nbad -gt 4 ] && bad="$bad; ... $((nbad - 4)) more"
	total=$((total + n)) agree=$((agree + good))
	nd=$(wc -l <"$o.llama")
	case $g in
	f16) what="f16, flash attention" ;;
	nofa) what="f16, no flash attention" ;;
	q8_0) what="q8_0 K and V, flash attention (cells, layers, streams)" ;;
	esac
	if [ -z "$bad" ]; then
		ok "engine: $m: $what: $nd deployments, $good of $n numbers agree with llama.cpp"
	else
		fail "engine: $m: $what: $nd deployments, $good of $n numbers agree with llama.cpp$bad"
	fi
}

# --reconcile's fixtures: the probe's own logs (tests/reconcile-fixtures.sh).
. tests/reconcile-fixtures.sh
[ "${ENGINE_FIXTURES:-}" = write ] && exit 0

total=0 agree=0
for m in $models; do
	if ! "$GGUF_WRITE" "$d/$m.gguf" <"$d/$m.spec"; then
		fail "engine: $m: writing the GGUF"
		continue
	fi
	for g in f16 nofa q8_0; do
		compare "$m" $g
	done
done
# What llama.cpp refuses (attnviz's iswa scene takes no cache type for a GGUF,
# so there is no attnviz figure to hold against these: noted, not counted).
for m in llama3-8b deepseek-v2-lite; do
	[ -f "$d/$m.gguf" ] || continue
	"$probe" "$d/$m.gguf" "ctx=4096 fa=0 k=q8_0 v=q8_0" "ctx=4096 fa=1 k=f16 v=q8_0" 2>/dev/null |
		awk -F'\t' -v m="$m" '$3 == "deploy" { dep[$2] = $4 } $3 == "log" && $4 ~ /llama_init_from_model: / { sub(/^llama_init_from_model: /, "", $4); why[$2] = $4 }
			$3 == "error" { print "# engine: " m ": llama.cpp refuses [" dep[$2] "]: " why[$2] }
			$3 == "kv" { print "# engine: " m ": llama.cpp accepts [" dep[$2] "]: " $4 " cells, K " $9 " " $10 " MiB, V " $11 " " $12 " MiB" }'
done
echo "# engine: $agree of $total numbers agree"
