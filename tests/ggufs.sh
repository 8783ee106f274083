# GGUF fixtures written once, for every script that needs one (sourced by
# tests/engine.sh and tests/quant.sh): each function prints the spec of
# build/gguf_write for one architecture, with every tensor llama.cpp's
# load_tensors creates, so the file is the full size (sparse) and llama.cpp
# itself loads it.  The function names the family; its arguments (where it
# takes any) the shape.
# pattern_at PATTERN I: the I-th character of PATTERN (0-based)
pattern_at() { printf '%s' "$1" | cut -c$(($2 + 1)); }
# pattern_list PATTERN CHAR VALUE: a per-layer list, VALUE where PATTERN has
# CHAR, else 0 (hybrid_override_pattern, layer_types)
pattern_list() {
	printf '%s' "$1" | fold -w1 | awk -v c="$2" -v v="$3" '{ printf "%s%s", (NR > 1 ? "," : ""), ($0 == c ? v : 0) }'
}
# dense ARCH LAYERS EMBD HEADS KV_HEADS HEAD_DIM FF VOCAB FLAGS [KV LINES...]
# FLAGS: words of  out (own output.weight), bias (q/k/v biases), qknorm,
# post (gemma's post-attention and post-ffn norms), nopre (no attn_norm /
# ffn_norm: olmo2), noffnnorm (cohere2's one norm a layer), wideqk (olmo2's
# q/k norms over all heads), upgate (phi3: ffn_up holds gate and up, 2 x FF)
# qkv (phi3: one attn_qkv projection, as convert_hf_to_gguf.py writes Phi-3's qkv_proj)
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
		case " $fl " in *" nopre "*) ;; *) echo "tensor blk.$i.attn_norm.weight $E" ;; esac
		case " $fl " in *" nopre "* | *" noffnnorm "*) ;; *) echo "tensor blk.$i.ffn_norm.weight $E" ;; esac
		case " $fl " in *" wideqk "*)
			echo "tensor blk.$i.attn_q_norm.weight $((H * HD))"
			echo "tensor blk.$i.attn_k_norm.weight $((KV * HD))" ;;
		esac
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
		case " $fl " in
		*" qkv "*) echo "tensor blk.$i.attn_qkv.weight $E $(((H + 2 * KV) * HD))" ;;
		*) echo "tensor blk.$i.attn_q.weight $E $((H * HD))"
		   echo "tensor blk.$i.attn_k.weight $E $((KV * HD))"
		   echo "tensor blk.$i.attn_v.weight $E $((KV * HD))" ;;
		esac
		echo "tensor blk.$i.attn_output.weight $((H * HD)) $E"
		case " $fl " in
		*" upgate "*) echo "tensor blk.$i.ffn_up.weight $E $((2 * FF))" ;;
		*) echo "tensor blk.$i.ffn_gate.weight $E $FF"
		   echo "tensor blk.$i.ffn_up.weight $E $FF" ;;
		esac
		echo "tensor blk.$i.ffn_down.weight $FF $E"
		i=$((i + 1))
	done
}
# gpt-oss-20b: 24 layers alternating sliding (128) and full, learned sinks, 32 experts;
# q/k/v/o biases and the f32 router, as conversion/gpt_oss.py and base.py write them.
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
		tensor blk.$i.attn_q.bias 4096
		tensor blk.$i.attn_k.bias 512
		tensor blk.$i.attn_v.bias 512
		tensor blk.$i.attn_output.bias $E
		tensor blk.$i.ffn_gate_inp.weight $E $X
		tensor blk.$i.ffn_gate_inp.bias $X
		tensor blk.$i.ffn_gate_exps.bias $E $X
		tensor blk.$i.ffn_down_exps.bias $E $X
		tensor blk.$i.ffn_up_exps.bias $E $X
		type f16
		tensor blk.$i.attn_q.weight $E 4096
		tensor blk.$i.attn_k.weight $E 512
		tensor blk.$i.attn_v.weight $E 512
		tensor blk.$i.attn_output.weight 4096 $E
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
# DeciLM (Nemotron-51B-like blocks): per-layer heads, two attention-free
# layers with 0 heads and 0 KV heads, KV heads 4, 2 and 1 elsewhere.
deci() {
	E=4096 V=128256 FF=14336
	H="32,32,0,32,32,0,32,32" KV="4,2,0,1,4,0,2,1"
	cat <<-EOF
	kv general.architecture str deci
	kv general.alignment u32 32
	kv deci.block_count u32 8
	kv deci.context_length u32 131072
	kv deci.embedding_length u32 $E
	kv deci.feed_forward_length u32 $FF
	arr deci.attention.head_count u32 $H
	arr deci.attention.head_count_kv u32 $KV
	kv deci.attention.key_length u32 128
	kv deci.attention.value_length u32 128
	kv deci.attention.layer_norm_rms_epsilon f32 0.00001
	kv deci.rope.dimension_count u32 128
	kv deci.vocab_size u32 $V
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
	for kvh in $(echo "$KV" | tr , ' '); do
		echo "type f32"
		echo "tensor blk.$i.ffn_norm.weight $E"
		if [ "$kvh" -gt 0 ]; then
			echo "tensor blk.$i.attn_norm.weight $E"
			echo "type f16"
			echo "tensor blk.$i.attn_q.weight $E 4096"
			echo "tensor blk.$i.attn_k.weight $E $((kvh * 128))"
			echo "tensor blk.$i.attn_v.weight $E $((kvh * 128))"
			echo "tensor blk.$i.attn_output.weight 4096 $E"
		fi
		echo "type f16"
		echo "tensor blk.$i.ffn_gate.weight $E $FF"
		echo "tensor blk.$i.ffn_up.weight $E $FF"
		echo "tensor blk.$i.ffn_down.weight $FF $E"
		i=$((i + 1))
	done
}
# Qwen3-Next-80B-A3B (Qwen/Qwen3-Next-80B-A3B-Instruct config.json): 48
# blocks + 1 MTP block (convert: block_count 49, nextn_predict_layers 1),
# full attention every 4th layer, Gated DeltaNet elsewhere.
qwen3next() {
	E=2048 V=151936 X=512 F=512 H=16 KV=2 HD=256
	cat <<-EOF
	kv general.architecture str qwen3next
	kv general.alignment u32 32
	kv qwen3next.block_count u32 49
	kv qwen3next.nextn_predict_layers u32 1
	kv qwen3next.context_length u32 262144
	kv qwen3next.embedding_length u32 $E
	kv qwen3next.feed_forward_length u32 5120
	kv qwen3next.expert_feed_forward_length u32 $F
	kv qwen3next.expert_shared_feed_forward_length u32 $F
	kv qwen3next.expert_count u32 $X
	kv qwen3next.expert_used_count u32 10
	kv qwen3next.attention.head_count u32 $H
	kv qwen3next.attention.head_count_kv u32 $KV
	kv qwen3next.attention.key_length u32 $HD
	kv qwen3next.attention.value_length u32 $HD
	kv qwen3next.attention.layer_norm_rms_epsilon f32 0.000001
	kv qwen3next.rope.dimension_count u32 64
	kv qwen3next.rope.freq_base f32 10000000
	kv qwen3next.ssm.conv_kernel u32 4
	kv qwen3next.ssm.state_size u32 128
	kv qwen3next.ssm.group_count u32 16
	kv qwen3next.ssm.time_step_rank u32 32
	kv qwen3next.ssm.inner_size u32 4096
	kv qwen3next.full_attention_interval u32 4
	kv qwen3next.vocab_size u32 $V
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
	while [ $i -lt 49 ]; do
		cat <<-EOF
		type f32
		tensor blk.$i.attn_norm.weight $E
		tensor blk.$i.post_attention_norm.weight $E
		EOF
		if [ $((i % 4)) -eq 3 ] || [ $i -eq 48 ]; then
			cat <<-EOF
			tensor blk.$i.attn_q_norm.weight $HD
			tensor blk.$i.attn_k_norm.weight $HD
			type f16
			tensor blk.$i.attn_q.weight $E $((HD * H * 2))
			tensor blk.$i.attn_k.weight $E $((HD * KV))
			tensor blk.$i.attn_v.weight $E $((HD * KV))
			tensor blk.$i.attn_output.weight $((HD * H)) $E
			EOF
		else
			cat <<-EOF
			tensor blk.$i.ssm_dt.bias 32
			tensor blk.$i.ssm_a 32
			tensor blk.$i.ssm_norm.weight 128
			tensor blk.$i.ssm_conv1d.weight 4 8192
			type f16
			tensor blk.$i.attn_qkv.weight $E 8192
			tensor blk.$i.attn_gate.weight $E 4096
			tensor blk.$i.ssm_ba.weight $E 64
			tensor blk.$i.ssm_out.weight 4096 $E
			EOF
		fi
		cat <<-EOF
		type f32
		tensor blk.$i.ffn_gate_inp.weight $E $X
		tensor blk.$i.ffn_gate_inp_shexp.weight $E
		type f16
		tensor blk.$i.ffn_gate_exps.weight $E $F $X
		tensor blk.$i.ffn_down_exps.weight $F $E $X
		tensor blk.$i.ffn_up_exps.weight $E $F $X
		tensor blk.$i.ffn_gate_shexp.weight $E $F
		tensor blk.$i.ffn_up_shexp.weight $E $F
		tensor blk.$i.ffn_down_shexp.weight $F $E
		EOF
		if [ $i -eq 48 ]; then
			cat <<-EOF
			tensor blk.$i.nextn.eh_proj.weight $((2 * E)) $E
			type f32
			tensor blk.$i.nextn.enorm.weight $E
			tensor blk.$i.nextn.hnorm.weight $E
			EOF
		fi
		i=$((i + 1))
	done
}
# Llama 4 Scout (meta-llama/Llama-4-Scout-17B-16E-Instruct text_config): 48
# layers, 16 experts on every layer (interleave_moe_layer_step 1) with a
# shared expert; the converter writes no sliding_window, so llama.cpp makes
# three of every four layers chunked with n_swa 8192.
llama4scout() {
	E=5120 V=202048 X=16 F=8192 H=40 KV=8 HD=128
	cat <<-EOF
	kv general.architecture str llama4
	kv general.alignment u32 32
	kv llama4.block_count u32 48
	kv llama4.context_length u32 10485760
	kv llama4.embedding_length u32 $E
	kv llama4.feed_forward_length u32 16384
	kv llama4.expert_feed_forward_length u32 $F
	kv llama4.expert_count u32 $X
	kv llama4.expert_used_count u32 1
	kv llama4.interleave_moe_layer_step u32 1
	kv llama4.attention.head_count u32 $H
	kv llama4.attention.head_count_kv u32 $KV
	kv llama4.attention.key_length u32 $HD
	kv llama4.attention.value_length u32 $HD
	kv llama4.attention.layer_norm_rms_epsilon f32 0.00001
	kv llama4.rope.dimension_count u32 $HD
	kv llama4.rope.freq_base f32 500000
	kv llama4.vocab_size u32 $V
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
	while [ $i -lt 48 ]; do
		cat <<-EOF
		type f32
		tensor blk.$i.attn_norm.weight $E
		tensor blk.$i.ffn_norm.weight $E
		tensor blk.$i.ffn_gate_inp.weight $E $X
		type f16
		tensor blk.$i.attn_q.weight $E $((H * HD))
		tensor blk.$i.attn_k.weight $E $((KV * HD))
		tensor blk.$i.attn_v.weight $E $((KV * HD))
		tensor blk.$i.attn_output.weight $((H * HD)) $E
		tensor blk.$i.ffn_gate_exps.weight $E $F $X
		tensor blk.$i.ffn_down_exps.weight $F $E $X
		tensor blk.$i.ffn_up_exps.weight $E $F $X
		tensor blk.$i.ffn_gate_shexp.weight $E $F
		tensor blk.$i.ffn_down_shexp.weight $F $E
		tensor blk.$i.ffn_up_shexp.weight $E $F
		EOF
		i=$((i + 1))
	done
}
# Llama 4 Maverick (meta-llama/Llama-4-Maverick-17B-128E-Instruct text_config):
# 48 layers, interleave_moe_layer_step 2: the odd layers 128 experts (one a
# token, moe ffn 8192) and a shared expert, the even ones a dense MLP of
# intermediate_size_mlp 16384 (src/models/llama4.cpp load_arch_tensors:
# is_moe_layer = (i + 1) % n_moe_layer_step == 0); no q/k norm (type
# 17B_128E); experts as q4_0 to keep the sparse file smaller.
llama4maverick() {
	E=5120 V=202048 X=128 F=8192 H=40 KV=8 HD=128
	cat <<-EOF
	kv general.architecture str llama4
	kv general.alignment u32 32
	kv llama4.block_count u32 48
	kv llama4.context_length u32 1048576
	kv llama4.embedding_length u32 $E
	kv llama4.feed_forward_length u32 16384
	kv llama4.expert_feed_forward_length u32 $F
	kv llama4.expert_count u32 $X
	kv llama4.expert_used_count u32 1
	kv llama4.interleave_moe_layer_step u32 2
	kv llama4.attention.head_count u32 $H
	kv llama4.attention.head_count_kv u32 $KV
	kv llama4.attention.key_length u32 $HD
	kv llama4.attention.value_length u32 $HD
	kv llama4.attention.layer_norm_rms_epsilon f32 0.00001
	kv llama4.rope.dimension_count u32 $HD
	kv llama4.rope.freq_base f32 500000
	kv llama4.vocab_size u32 $V
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
	while [ $i -lt 48 ]; do
		cat <<-EOF
		type f32
		tensor blk.$i.attn_norm.weight $E
		tensor blk.$i.ffn_norm.weight $E
		type f16
		tensor blk.$i.attn_q.weight $E $((H * HD))
		tensor blk.$i.attn_k.weight $E $((KV * HD))
		tensor blk.$i.attn_v.weight $E $((KV * HD))
		tensor blk.$i.attn_output.weight $((H * HD)) $E
		EOF
		if [ $((i % 2)) -eq 1 ]; then
			cat <<-EOF
			type f32
			tensor blk.$i.ffn_gate_inp.weight $E $X
			type q4_0
			tensor blk.$i.ffn_gate_exps.weight $E $F $X
			tensor blk.$i.ffn_down_exps.weight $F $E $X
			tensor blk.$i.ffn_up_exps.weight $E $F $X
			type f16
			tensor blk.$i.ffn_gate_shexp.weight $E $F
			tensor blk.$i.ffn_down_shexp.weight $F $E
			tensor blk.$i.ffn_up_shexp.weight $E $F
			EOF
		else
			cat <<-EOF
			tensor blk.$i.ffn_gate.weight $E 16384
			tensor blk.$i.ffn_down.weight 16384 $E
			tensor blk.$i.ffn_up.weight $E 16384
			EOF
		fi
		i=$((i + 1))
	done
}
# Qwen3-30B-A3B (Qwen/Qwen3-30B-A3B config.json, arch qwen3moe): 48 layers,
# 128 experts (8 used, moe_intermediate_size 768), q/k norms, no shared expert.
qwen3moe() {
	E=2048 V=151936 X=128 F=768 H=32 KV=4 HD=128
	cat <<-EOF
	kv general.architecture str qwen3moe
	kv general.alignment u32 32
	kv qwen3moe.block_count u32 48
	kv qwen3moe.context_length u32 40960
	kv qwen3moe.embedding_length u32 $E
	kv qwen3moe.feed_forward_length u32 6144
	kv qwen3moe.expert_feed_forward_length u32 $F
	kv qwen3moe.expert_count u32 $X
	kv qwen3moe.expert_used_count u32 8
	kv qwen3moe.attention.head_count u32 $H
	kv qwen3moe.attention.head_count_kv u32 $KV
	kv qwen3moe.attention.key_length u32 $HD
	kv qwen3moe.attention.value_length u32 $HD
	kv qwen3moe.attention.layer_norm_rms_epsilon f32 0.000001
	kv qwen3moe.rope.dimension_count u32 $HD
	kv qwen3moe.rope.freq_base f32 1000000
	kv qwen3moe.vocab_size u32 $V
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
	while [ $i -lt 48 ]; do
		cat <<-EOF
		type f32
		tensor blk.$i.attn_norm.weight $E
		tensor blk.$i.ffn_norm.weight $E
		tensor blk.$i.attn_q_norm.weight $HD
		tensor blk.$i.attn_k_norm.weight $HD
		tensor blk.$i.ffn_gate_inp.weight $E $X
		type f16
		tensor blk.$i.attn_q.weight $E $((H * HD))
		tensor blk.$i.attn_k.weight $E $((KV * HD))
		tensor blk.$i.attn_v.weight $E $((KV * HD))
		tensor blk.$i.attn_output.weight $((H * HD)) $E
		tensor blk.$i.ffn_gate_exps.weight $E $F $X
		tensor blk.$i.ffn_down_exps.weight $F $E $X
		tensor blk.$i.ffn_up_exps.weight $E $F $X
		EOF
		i=$((i + 1))
	done
}
# GLM-4.5-Air (zai-org/GLM-4.5-Air config.json): 46 layers, the first dense,
# then 128 routed experts (8 used) and one shared; the converter appends the
# num_nextn_predict_layers 1 MTP block (block_count 47), which llama.cpp's
# create_memory filters out of the cache ("layer  46: filtered").
glm45air() {
	E=4096 V=151552 X=128 F=1408 H=96 KV=8 HD=128
	cat <<-EOF
	kv general.architecture str glm4moe
	kv general.alignment u32 32
	kv glm4moe.block_count u32 47
	kv glm4moe.nextn_predict_layers u32 1
	kv glm4moe.context_length u32 131072
	kv glm4moe.embedding_length u32 $E
	kv glm4moe.feed_forward_length u32 10944
	kv glm4moe.expert_feed_forward_length u32 $F
	kv glm4moe.expert_count u32 $X
	kv glm4moe.expert_used_count u32 8
	kv glm4moe.expert_shared_count u32 1
	kv glm4moe.leading_dense_block_count u32 1
	kv glm4moe.attention.head_count u32 $H
	kv glm4moe.attention.head_count_kv u32 $KV
	kv glm4moe.attention.key_length u32 $HD
	kv glm4moe.attention.value_length u32 $HD
	kv glm4moe.attention.layer_norm_rms_epsilon f32 0.00001
	kv glm4moe.rope.dimension_count u32 64
	kv glm4moe.rope.freq_base f32 1000000
	kv glm4moe.vocab_size u32 $V
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
	while [ $i -lt 47 ]; do
		cat <<-EOF
		type f32
		tensor blk.$i.attn_norm.weight $E
		tensor blk.$i.post_attention_norm.weight $E
		type f16
		tensor blk.$i.attn_q.weight $E $((H * HD))
		tensor blk.$i.attn_k.weight $E $((KV * HD))
		tensor blk.$i.attn_v.weight $E $((KV * HD))
		tensor blk.$i.attn_output.weight $((H * HD)) $E
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
			tensor blk.$i.exp_probs_b.bias $X
			type f16
			tensor blk.$i.ffn_gate_exps.weight $E $F $X
			tensor blk.$i.ffn_down_exps.weight $F $E $X
			tensor blk.$i.ffn_up_exps.weight $E $F $X
			tensor blk.$i.ffn_gate_shexp.weight $E $F
			tensor blk.$i.ffn_down_shexp.weight $F $E
			tensor blk.$i.ffn_up_shexp.weight $E $F
			EOF
		fi
		if [ $i -eq 46 ]; then
			cat <<-EOF
			tensor blk.$i.nextn.eh_proj.weight $((2 * E)) $E
			type f32
			tensor blk.$i.nextn.enorm.weight $E
			tensor blk.$i.nextn.hnorm.weight $E
			EOF
		fi
		i=$((i + 1))
	done
}
# DeepSeek-V3.2 (deepseek-ai/DeepSeek-V3.2 config.json): 61 layers + the MTP
# block (block_count 62, nextn_predict_layers 1; its tensors left out, which
# llama.cpp accepts as a trunk-only file), MLA with the *_mla keys, the
# lightning indexer (64 heads of 128, top 2048); experts as q4_0 to keep
# the sparse file smaller.
deepseek32() {
	E=7168 V=129280 X=256 F=2048 H=128 Q=1536 R=512
	cat <<-EOF
	kv general.architecture str deepseek32
	kv general.alignment u32 32
	kv deepseek32.block_count u32 62
	kv deepseek32.nextn_predict_layers u32 1
	kv deepseek32.context_length u32 163840
	kv deepseek32.embedding_length u32 $E
	kv deepseek32.feed_forward_length u32 18432
	kv deepseek32.expert_feed_forward_length u32 $F
	kv deepseek32.expert_count u32 $X
	kv deepseek32.expert_used_count u32 8
	kv deepseek32.expert_shared_count u32 1
	kv deepseek32.expert_gating_func u32 2
	kv deepseek32.leading_dense_block_count u32 3
	kv deepseek32.attention.head_count u32 $H
	kv deepseek32.attention.head_count_kv u32 1
	kv deepseek32.attention.key_length u32 576
	kv deepseek32.attention.value_length u32 512
	kv deepseek32.attention.key_length_mla u32 192
	kv deepseek32.attention.value_length_mla u32 128
	kv deepseek32.attention.q_lora_rank u32 $Q
	kv deepseek32.attention.kv_lora_rank u32 $R
	kv deepseek32.attention.indexer.head_count u32 64
	kv deepseek32.attention.indexer.key_length u32 128
	kv deepseek32.attention.indexer.top_k u32 2048
	kv deepseek32.attention.layer_norm_rms_epsilon f32 0.000001
	kv deepseek32.rope.dimension_count u32 64
	kv deepseek32.rope.freq_base f32 10000
	kv deepseek32.vocab_size u32 $V
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
	while [ $i -lt 61 ]; do
		cat <<-EOF
		type f32
		tensor blk.$i.attn_norm.weight $E
		tensor blk.$i.attn_q_a_norm.weight $Q
		tensor blk.$i.attn_kv_a_norm.weight $R
		tensor blk.$i.ffn_norm.weight $E
		tensor blk.$i.indexer.k_norm.weight 128
		tensor blk.$i.indexer.k_norm.bias 128
		type f16
		tensor blk.$i.attn_q_a.weight $E $Q
		tensor blk.$i.attn_q_b.weight $Q $((H * 192))
		tensor blk.$i.attn_kv_a_mqa.weight $E $((R + 64))
		tensor blk.$i.attn_k_b.weight 128 $R $H
		tensor blk.$i.attn_v_b.weight $R 128 $H
		tensor blk.$i.attn_output.weight $((H * 128)) $E
		tensor blk.$i.indexer.proj.weight $E 64
		tensor blk.$i.indexer.attn_k.weight $E 128
		tensor blk.$i.indexer.attn_q_b.weight $Q $((64 * 128))
		EOF
		if [ $i -lt 3 ]; then
			cat <<-EOF
			tensor blk.$i.ffn_gate.weight $E 18432
			tensor blk.$i.ffn_down.weight 18432 $E
			tensor blk.$i.ffn_up.weight $E 18432
			EOF
		else
			cat <<-EOF
			type f32
			tensor blk.$i.ffn_gate_inp.weight $E $X
			tensor blk.$i.exp_probs_b.bias $X
			type q4_0
			tensor blk.$i.ffn_gate_exps.weight $E $F $X
			tensor blk.$i.ffn_down_exps.weight $F $E $X
			tensor blk.$i.ffn_up_exps.weight $E $F $X
			type f16
			tensor blk.$i.ffn_gate_shexp.weight $E $F
			tensor blk.$i.ffn_down_shexp.weight $F $E
			tensor blk.$i.ffn_up_shexp.weight $E $F
			EOF
		fi
		i=$((i + 1))
	done
}
# GLM-5 (zai-org/GLM-5 config.json, arch glm-dsa): 78 layers + 1 nextn block
# (block_count 79, its tensors left out as llama.cpp skips them without
# MTP), MLA with kv_lora_rank 512 and 64 RoPE dimensions, a full indexer
# (32 heads of 128) on every layer (n_ctx_train 202752 < 1048576:
# src/models/glm-dsa.cpp), 256 experts (q4_0 to keep the sparse file small).
glm5() {
	E=6144 V=154880 X=256 F=2048 H=64 Q=2048 R=512 IH=32 ID=128
	cat <<-EOF
	kv general.architecture str glm-dsa
	kv general.alignment u32 32
	kv glm-dsa.block_count u32 79
	kv glm-dsa.nextn_predict_layers u32 1
	kv glm-dsa.context_length u32 202752
	kv glm-dsa.embedding_length u32 $E
	kv glm-dsa.feed_forward_length u32 12288
	kv glm-dsa.expert_feed_forward_length u32 $F
	kv glm-dsa.expert_count u32 $X
	kv glm-dsa.expert_used_count u32 8
	kv glm-dsa.expert_shared_count u32 1
	kv glm-dsa.expert_gating_func u32 2
	kv glm-dsa.leading_dense_block_count u32 3
	kv glm-dsa.attention.head_count u32 $H
	kv glm-dsa.attention.head_count_kv u32 1
	kv glm-dsa.attention.key_length u32 576
	kv glm-dsa.attention.value_length u32 512
	kv glm-dsa.attention.key_length_mla u32 256
	kv glm-dsa.attention.value_length_mla u32 256
	kv glm-dsa.attention.q_lora_rank u32 $Q
	kv glm-dsa.attention.kv_lora_rank u32 $R
	kv glm-dsa.attention.indexer.head_count u32 $IH
	kv glm-dsa.attention.indexer.key_length u32 $ID
	kv glm-dsa.attention.indexer.top_k u32 2048
	kv glm-dsa.attention.layer_norm_rms_epsilon f32 0.00001
	kv glm-dsa.rope.dimension_count u32 64
	kv glm-dsa.rope.freq_base f32 1000000
	kv glm-dsa.vocab_size u32 $V
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
	while [ $i -lt 78 ]; do
		cat <<-EOF
		type f32
		tensor blk.$i.attn_norm.weight $E
		tensor blk.$i.attn_q_a_norm.weight $Q
		tensor blk.$i.attn_kv_a_norm.weight $R
		tensor blk.$i.ffn_norm.weight $E
		tensor blk.$i.indexer.k_norm.weight $ID
		tensor blk.$i.indexer.k_norm.bias $ID
		type f16
		tensor blk.$i.attn_q_a.weight $E $Q
		tensor blk.$i.attn_q_b.weight $Q $((H * 256))
		tensor blk.$i.attn_kv_a_mqa.weight $E $((R + 64))
		tensor blk.$i.attn_k_b.weight 192 $R $H
		tensor blk.$i.attn_v_b.weight $R 256 $H
		tensor blk.$i.attn_output.weight $((H * 256)) $E
		tensor blk.$i.indexer.proj.weight $E $IH
		tensor blk.$i.indexer.attn_k.weight $E $ID
		tensor blk.$i.indexer.attn_q_b.weight $Q $((IH * ID))
		EOF
		if [ $i -lt 3 ]; then
			cat <<-EOF
			tensor blk.$i.ffn_gate.weight $E 12288
			tensor blk.$i.ffn_down.weight 12288 $E
			tensor blk.$i.ffn_up.weight $E 12288
			EOF
		else
			cat <<-EOF
			type f32
			tensor blk.$i.ffn_gate_inp.weight $E $X
			tensor blk.$i.exp_probs_b.bias $X
			type q4_0
			tensor blk.$i.ffn_gate_exps.weight $E $F $X
			tensor blk.$i.ffn_down_exps.weight $F $E $X
			tensor blk.$i.ffn_up_exps.weight $E $F $X
			type f16
			tensor blk.$i.ffn_gate_shexp.weight $E $F
			tensor blk.$i.ffn_down_shexp.weight $F $E
			tensor blk.$i.ffn_up_shexp.weight $E $F
			EOF
		fi
		i=$((i + 1))
	done
}
# Gemma 3n E4B (google/gemma-3n-E4B-it text_config): 35 layers, sliding
# window 512 on four of every five (load_swa_pattern(5)), layers from
# n_layer_kv_from_start = 20 on reuse layer 18's or 19's cache and keep
# none (src/models/gemma3n.cpp, create_memory's reuse callback); altup and
# laurel blocks, 256 per-layer embeddings; attention.shared_kv_layers 15 as
# conversion/gemma.py writes it, which gemma3n.cpp never reads.
gemma3n() {
	E=2048 V=262400 H=8 KV=2 HD=256 FF=16384 P=256 L=35
	cat <<-EOF
	kv general.architecture str gemma3n
	kv general.alignment u32 32
	kv gemma3n.block_count u32 $L
	kv gemma3n.context_length u32 32768
	kv gemma3n.embedding_length u32 $E
	kv gemma3n.feed_forward_length u32 $FF
	kv gemma3n.attention.head_count u32 $H
	kv gemma3n.attention.head_count_kv u32 $KV
	kv gemma3n.attention.key_length u32 $HD
	kv gemma3n.attention.value_length u32 $HD
	kv gemma3n.attention.sliding_window u32 512
	kv gemma3n.attention.shared_kv_layers u32 15
	kv gemma3n.attention.layer_norm_rms_epsilon f32 0.000001
	kv gemma3n.rope.dimension_count u32 $HD
	kv gemma3n.rope.freq_base f32 1000000
	kv gemma3n.vocab_size u32 $V
	kv tokenizer.ggml.model str none
	offsets 32
	sparse
	type f16
	tensor token_embd.weight $E $V
	tensor altup_proj.weight $E $E 3
	tensor altup_unembd_proj.weight $E $E 3
	tensor per_layer_token_embd.weight $((P * L)) $V
	tensor per_layer_model_proj.weight $E $((P * L))
	type f32
	tensor per_layer_proj_norm.weight $P
	tensor output_norm.weight $E
	EOF
	i=0
	while [ $i -lt $L ]; do
		cat <<-EOF
		type f32
		tensor blk.$i.attn_norm.weight $E
		tensor blk.$i.attn_q_norm.weight $HD
		tensor blk.$i.attn_k_norm.weight $HD
		tensor blk.$i.post_attention_norm.weight $E
		tensor blk.$i.ffn_norm.weight $E
		tensor blk.$i.post_ffw_norm.weight $E
		tensor blk.$i.post_norm.weight $E
		tensor blk.$i.altup_correct_coef.weight 4 4
		tensor blk.$i.altup_correct_scale.weight $E
		tensor blk.$i.altup_predict_coef.weight 4 16
		tensor blk.$i.altup_router_norm.weight $E
		tensor blk.$i.laurel_post_norm.weight $E
		type f16
		tensor blk.$i.attn_q.weight $E $((H * HD))
		tensor blk.$i.attn_k.weight $E $((KV * HD))
		tensor blk.$i.attn_v.weight $E $((KV * HD))
		tensor blk.$i.attn_output.weight $((H * HD)) $E
		tensor blk.$i.ffn_gate.weight $E $FF
		tensor blk.$i.ffn_up.weight $E $FF
		tensor blk.$i.ffn_down.weight $FF $E
		tensor blk.$i.inp_gate.weight $E $P
		tensor blk.$i.proj.weight $P $E
		tensor blk.$i.altup_router.weight $E 4
		tensor blk.$i.laurel_l.weight $E 64
		tensor blk.$i.laurel_r.weight 64 $E
		EOF
		i=$((i + 1))
	done
}
# Gemma 4 31B (google/gemma-4-31B-it text_config): 60 layers, five sliding
# (window 1024, 16 KV heads of 256) then one full (4 KV heads of 512:
# num_global_key_value_heads, global_head_dim), as the converter writes them
# (conversion/gemma.py Gemma4Model: a per-layer head_count_kv and
# sliding_window_pattern, key_length_swa); no shared KV layers
# (num_kv_shared_layers 0), no per-layer embeddings.  gemma4 L SHARED: the
# same layers, L of them, the last SHARED reusing layer L - SHARED - 2's or
# - 1's cache (create_memory's reuse; not a published size: the rule under test).
gemma4() {
	E=5376 V=262144 H=32 FF=21504 L=${1:-60} S=${2:-0}
	kvs="" pat="" i=0
	while [ $i -lt $L ]; do
		if [ $((i % 6)) -eq 5 ]; then kvs="$kvs,4" pat="$pat,0"; else kvs="$kvs,16" pat="$pat,1"; fi
		i=$((i + 1))
	done
	cat <<-EOF
	kv general.architecture str gemma4
	kv general.alignment u32 32
	kv gemma4.block_count u32 $L
	kv gemma4.context_length u32 262144
	kv gemma4.embedding_length u32 $E
	kv gemma4.embedding_length_per_layer_input u32 0
	kv gemma4.feed_forward_length u32 $FF
	kv gemma4.attention.head_count u32 $H
	arr gemma4.attention.head_count_kv u32 ${kvs#,}
	arr gemma4.attention.sliding_window_pattern bool ${pat#,}
	kv gemma4.attention.shared_kv_layers u32 $S
	kv gemma4.attention.key_length u32 512
	kv gemma4.attention.value_length u32 512
	kv gemma4.attention.key_length_swa u32 256
	kv gemma4.attention.value_length_swa u32 256
	kv gemma4.attention.sliding_window u32 1024
	kv gemma4.attention.layer_norm_rms_epsilon f32 0.000001
	kv gemma4.rope.dimension_count u32 512
	kv gemma4.rope.dimension_count_swa u32 256
	kv gemma4.rope.freq_base f32 1000000
	kv gemma4.rope.freq_base_swa f32 10000
	kv gemma4.vocab_size u32 $V
	kv tokenizer.ggml.model str none
	offsets 32
	sparse
	type f16
	tensor token_embd.weight $E $V
	type f32
	tensor output_norm.weight $E
	tensor rope_freqs.weight 256
	EOF
	i=0
	while [ $i -lt $L ]; do
		if [ $((i % 6)) -eq 5 ]; then HD=512 KV=4; else HD=256 KV=16; fi
		cat <<-EOF
		type f32
		tensor blk.$i.attn_norm.weight $E
		tensor blk.$i.attn_q_norm.weight $HD
		tensor blk.$i.attn_k_norm.weight $HD
		tensor blk.$i.post_attention_norm.weight $E
		tensor blk.$i.ffn_norm.weight $E
		tensor blk.$i.post_ffw_norm.weight $E
		type f16
		tensor blk.$i.attn_q.weight $E $((H * HD))
		tensor blk.$i.attn_k.weight $E $((KV * HD))
		tensor blk.$i.attn_v.weight $E $((KV * HD))
		tensor blk.$i.attn_output.weight $((H * HD)) $E
		tensor blk.$i.ffn_gate.weight $E $FF
		tensor blk.$i.ffn_up.weight $E $FF
		tensor blk.$i.ffn_down.weight $FF $E
		EOF
		i=$((i + 1))
	done
}
# Gemma 4 26B-A4B (google/gemma-4-26B-A4B-it text_config, tests/models/gemma4-26b-a4b):
# 30 layers, five sliding (window 1024, 8 KV heads of 256) then one full (2
# KV heads of 512); every layer keeps its dense MLP of intermediate_size
# 2112 and adds the router and 128 experts of moe_intermediate_size 704, 8
# a token (conversion/gemma.py Gemma4Model: expert_count, expert_used_count,
# expert_feed_forward_length; src/models/gemma4.cpp load_arch_tensors:
# ffn_gate_inp and its scale, pre_ffw_norm_2, post_ffw_norm_1 / _2,
# ffn_gate_up_exps, ffn_down_exps); attention_k_eq_v: the full layers have
# no attn_v (V is K, TENSOR_NOT_REQUIRED).
gemma4moe() {
	E=2816 V=262144 H=16 FF=2112 FE=704 X=128 L=30
	kvs="" pat="" i=0
	while [ $i -lt $L ]; do
		if [ $((i % 6)) -eq 5 ]; then kvs="$kvs,2" pat="$pat,0"; else kvs="$kvs,8" pat="$pat,1"; fi
		i=$((i + 1))
	done
	cat <<-EOF
	kv general.architecture str gemma4
	kv general.alignment u32 32
	kv gemma4.block_count u32 $L
	kv gemma4.context_length u32 262144
	kv gemma4.embedding_length u32 $E
	kv gemma4.embedding_length_per_layer_input u32 0
	kv gemma4.feed_forward_length u32 $FF
	kv gemma4.expert_feed_forward_length u32 $FE
	kv gemma4.expert_count u32 $X
	kv gemma4.expert_used_count u32 8
	kv gemma4.attention.head_count u32 $H
	arr gemma4.attention.head_count_kv u32 ${kvs#,}
	arr gemma4.attention.sliding_window_pattern bool ${pat#,}
	kv gemma4.attention.shared_kv_layers u32 0
	kv gemma4.attention.key_length u32 512
	kv gemma4.attention.value_length u32 512
	kv gemma4.attention.key_length_swa u32 256
	kv gemma4.attention.value_length_swa u32 256
	kv gemma4.attention.sliding_window u32 1024
	kv gemma4.attention.layer_norm_rms_epsilon f32 0.000001
	kv gemma4.rope.dimension_count u32 512
	kv gemma4.rope.dimension_count_swa u32 256
	kv gemma4.rope.freq_base f32 1000000
	kv gemma4.rope.freq_base_swa f32 10000
	kv gemma4.vocab_size u32 $V
	kv tokenizer.ggml.model str none
	offsets 32
	sparse
	type f16
	tensor token_embd.weight $E $V
	type f32
	tensor output_norm.weight $E
	tensor rope_freqs.weight 256
	EOF
	i=0
	while [ $i -lt $L ]; do
		if [ $((i % 6)) -eq 5 ]; then HD=512 KV=2; else HD=256 KV=8; fi
		cat <<-EOF
		type f32
		tensor blk.$i.attn_norm.weight $E
		tensor blk.$i.attn_q_norm.weight $HD
		tensor blk.$i.attn_k_norm.weight $HD
		tensor blk.$i.post_attention_norm.weight $E
		tensor blk.$i.ffn_norm.weight $E
		tensor blk.$i.post_ffw_norm.weight $E
		tensor blk.$i.pre_ffw_norm_2.weight $E
		tensor blk.$i.post_ffw_norm_1.weight $E
		tensor blk.$i.post_ffw_norm_2.weight $E
		tensor blk.$i.ffn_gate_inp.scale $E
		type f16
		tensor blk.$i.attn_q.weight $E $((H * HD))
		tensor blk.$i.attn_k.weight $E $((KV * HD))
		EOF
		[ "$HD" = 256 ] && echo "tensor blk.$i.attn_v.weight $E $((KV * HD))"
		cat <<-EOF
		tensor blk.$i.attn_output.weight $((H * HD)) $E
		tensor blk.$i.ffn_gate.weight $E $FF
		tensor blk.$i.ffn_up.weight $E $FF
		tensor blk.$i.ffn_down.weight $FF $E
		tensor blk.$i.ffn_gate_inp.weight $E $X
		tensor blk.$i.ffn_gate_up_exps.weight $E $((2 * FE)) $X
		tensor blk.$i.ffn_down_exps.weight $FE $E $X
		EOF
		i=$((i + 1))
	done
}
# A small Granite-4.0-H-shaped model (not a published one: the rule under
# test): 8 layers, attention on 3 and 7 (head_count_kv 0 marks the Mamba2
# layers, src/models/granite-hybrid.cpp), d_inner = 2 x n_embd as it asserts.
granitehybrid() {
	P=${1:-MMMAMMMA} E=${2:-1024} H=${3:-8} KV=${4:-2} DI=${5:-2048} NH=${6:-32} NG=${7:-1} FF=${8:-2048}
	V=${9:-32000} CTX=${10:-131072} X=${11:-0} XU=${12:-0} SH=${13:-0} HD=128 DS=128
	L=${#P}
	cat <<-EOF
	kv general.architecture str granitehybrid
	kv general.alignment u32 32
	kv granitehybrid.block_count u32 $L
	kv granitehybrid.context_length u32 $CTX
	kv granitehybrid.embedding_length u32 $E
	kv granitehybrid.feed_forward_length u32 $FF
	EOF
	if [ "$X" -gt 0 ]; then
		cat <<-EOF
		kv granitehybrid.expert_count u32 $X
		kv granitehybrid.expert_used_count u32 $XU
		kv granitehybrid.expert_shared_feed_forward_length u32 $SH
		EOF
	fi
	cat <<-EOF
	kv granitehybrid.attention.head_count u32 $H
	arr granitehybrid.attention.head_count_kv u32 $(pattern_list "$P" A "$KV")
	kv granitehybrid.attention.key_length u32 $HD
	kv granitehybrid.attention.value_length u32 $HD
	kv granitehybrid.attention.layer_norm_rms_epsilon f32 0.00001
	kv granitehybrid.rope.dimension_count u32 $HD
	kv granitehybrid.rope.freq_base f32 10000
	kv granitehybrid.ssm.conv_kernel u32 4
	kv granitehybrid.ssm.inner_size u32 $DI
	kv granitehybrid.ssm.state_size u32 $DS
	kv granitehybrid.ssm.time_step_rank u32 $NH
	kv granitehybrid.ssm.group_count u32 $NG
	kv granitehybrid.vocab_size u32 $V
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
	while [ $i -lt "$L" ]; do
		echo "type f32"
		echo "tensor blk.$i.attn_norm.weight $E"
		echo "tensor blk.$i.ffn_norm.weight $E"
		if [ "$(pattern_at "$P" $i)" = A ]; then
			cat <<-EOF
			type f16
			tensor blk.$i.attn_q.weight $E $((H * HD))
			tensor blk.$i.attn_k.weight $E $((KV * HD))
			tensor blk.$i.attn_v.weight $E $((KV * HD))
			tensor blk.$i.attn_output.weight $((H * HD)) $E
			EOF
		else
			cat <<-EOF
			tensor blk.$i.ssm_conv1d.weight 4 $((DI + 2 * NG * DS))
			tensor blk.$i.ssm_conv1d.bias $((DI + 2 * NG * DS))
			tensor blk.$i.ssm_dt.bias $NH
			tensor blk.$i.ssm_a 1 $NH
			tensor blk.$i.ssm_d 1 $NH
			tensor blk.$i.ssm_norm.weight $((DI / NG)) $NG
			type f16
			tensor blk.$i.ssm_in.weight $E $((2 * DI + 2 * NG * DS + NH))
			tensor blk.$i.ssm_out.weight $DI $E
			EOF
		fi
		if [ "$X" -gt 0 ]; then
			cat <<-EOF
			type f16
			tensor blk.$i.ffn_gate_inp.weight $E $X
			tensor blk.$i.ffn_gate_exps.weight $E $FF $X
			tensor blk.$i.ffn_down_exps.weight $FF $E $X
			tensor blk.$i.ffn_up_exps.weight $E $FF $X
			tensor blk.$i.ffn_gate_shexp.weight $E $SH
			tensor blk.$i.ffn_up_shexp.weight $E $SH
			tensor blk.$i.ffn_down_shexp.weight $SH $E
			EOF
		else
			cat <<-EOF
			type f16
			tensor blk.$i.ffn_gate.weight $E $FF
			tensor blk.$i.ffn_down.weight $FF $E
			tensor blk.$i.ffn_up.weight $E $FF
			EOF
		fi
		i=$((i + 1))
	done
}
# A small Nemotron-H-shaped model (not a published one: the rule under test):
# 6 blocks M - * - M - (hybrid_override_pattern): Mamba2 where head_count_kv
# and feed_forward_length are both 0, attention where head_count_kv > 0, an
# MLP block (keeps nothing) where feed_forward_length > 0
# (src/models/nemotron-h.cpp, create_memory's filter_attn / filter_recr).
# nemotronh [PATTERN EMBD HEADS KV_HEADS D_INNER GROUPS SSM_HEADS FF VOCAB
# CTX EXPERTS USED SHARED_FF]: with EXPERTS it is nemotron_h_moe, E in the
# pattern an MoE block of EXPERTS experts of FF and a shared one of
# SHARED_FF (load_arch_tensors' n_expert branch), as conversion/nemotron.py
# writes a config.json with num_experts_per_tok.
nemotronh() {
	P=${1:-M-*-M-} E=${2:-1024} H=${3:-8} KV=${4:-2} DI=${5:-2048} NG=${6:-8} NH=${7:-32} FF=${8:-4096}
	V=${9:-32000} CTX=${10:-131072} HD=128 DS=128
	X=${11:-0} XU=${12:-0} SF=${13:-0} A=nemotron_h F=-
	[ "$X" -gt 0 ] && A=nemotron_h_moe F=E
	L=${#P}
	cat <<-EOF
	kv general.architecture str $A
	kv general.alignment u32 32
	kv $A.block_count u32 $L
	kv $A.context_length u32 $CTX
	kv $A.embedding_length u32 $E
	arr $A.feed_forward_length u32 $(pattern_list "$P" $F "$FF")
	kv $A.attention.head_count u32 $H
	arr $A.attention.head_count_kv u32 $(pattern_list "$P" '*' "$KV")
	kv $A.attention.key_length u32 $HD
	kv $A.attention.value_length u32 $HD
	kv $A.attention.layer_norm_epsilon f32 0.00001
	kv $A.attention.layer_norm_rms_epsilon f32 0.00001
	kv $A.rope.dimension_count u32 $HD
	kv $A.ssm.conv_kernel u32 4
	kv $A.ssm.inner_size u32 $DI
	kv $A.ssm.state_size u32 $DS
	kv $A.ssm.time_step_rank u32 $NH
	kv $A.ssm.group_count u32 $NG
	kv $A.vocab_size u32 $V
	kv tokenizer.ggml.model str none
	EOF
	# conversion/nemotron.py NemotronHModel with experts (is_moe)
	[ "$X" -gt 0 ] && cat <<-EOF
	kv $A.expert_count u32 $X
	kv $A.expert_used_count u32 $XU
	kv $A.expert_feed_forward_length u32 $FF
	kv $A.expert_shared_feed_forward_length u32 $SF
	kv $A.expert_shared_count u32 1
	kv $A.expert_weights_norm bool 1
	kv $A.expert_weights_scale f32 2.5
	kv $A.expert_group_count u32 1
	EOF
	cat <<-EOF
	offsets 32
	sparse
	type f16
	tensor token_embd.weight $E $V
	tensor output.weight $E $V
	type f32
	tensor output_norm.weight $E
	EOF
	i=0
	while [ $i -lt "$L" ]; do
		echo "type f32"
		echo "tensor blk.$i.attn_norm.weight $E"
		case $(pattern_at "$P" $i) in
		M) cat <<-EOF
			tensor blk.$i.ssm_conv1d.weight 4 $((DI + 2 * NG * DS))
			tensor blk.$i.ssm_conv1d.bias $((DI + 2 * NG * DS))
			tensor blk.$i.ssm_dt.bias $NH
			tensor blk.$i.ssm_a 1 $NH
			tensor blk.$i.ssm_d 1 $NH
			tensor blk.$i.ssm_norm.weight $((DI / NG)) $NG
			type f16
			tensor blk.$i.ssm_in.weight $E $((2 * DI + 2 * NG * DS + NH))
			tensor blk.$i.ssm_out.weight $DI $E
			EOF
			;;
		'*') cat <<-EOF
			type f16
			tensor blk.$i.attn_q.weight $E $((H * HD))
			tensor blk.$i.attn_k.weight $E $((KV * HD))
			tensor blk.$i.attn_v.weight $E $((KV * HD))
			tensor blk.$i.attn_output.weight $((H * HD)) $E
			EOF
			;;
		E) cat <<-EOF
			tensor blk.$i.ffn_gate_inp.weight $E $X
			tensor blk.$i.exp_probs_b.bias $X
			type q4_0
			tensor blk.$i.ffn_down_exps.weight $FF $E $X
			tensor blk.$i.ffn_up_exps.weight $E $FF $X
			type f16
			tensor blk.$i.ffn_down_shexp.weight $SF $E
			tensor blk.$i.ffn_up_shexp.weight $E $SF
			EOF
			;;
		*) cat <<-EOF
			type f16
			tensor blk.$i.ffn_down.weight $FF $E
			tensor blk.$i.ffn_up.weight $E $FF
			EOF
			;;
		esac
		i=$((i + 1))
	done
}
# LFM2-1.2B (LiquidAI/LFM2-1.2B config.json): 16 blocks, attention on 2, 5,
# 8, 10, 12 and 14 (the converter writes head_count_kv 0 on the conv
# blocks, conversion/lfm2.py), short convolution with conv_L_cache 3
# elsewhere; the FFN width the converter derives from block_ff_dim 12288
# (auto-adjusted: 8192).
# lfm2 [LAYERS EMBD HEADS KV_HEADS FF VOCAB "ATTN_BLOCKS" SLIDING_WINDOW]: the
# LFM2.5-Audio tokenizer's LFM2 (tests/models/lfm2.5-audio-tokenizer, written by
# conversion/lfm2.py LFM25AudioTokenizer with attention.sliding_window) is
# lfm2 8 512 16 8 2304 65536 "2 4 6" 30.  EXPERTS USED EXPERT_FF LEADING_DENSE
# after those make it lfm2moe (its experts from the leading dense blocks on).
lfm2() {
	L=${1:-16} E=${2:-2048} H=${3:-32} KV=${4:-8} FF=${5:-8192} V=${6:-65536} at=${7:-2 5 8 10 12 14} W=${8:-0}
	X=${9:-0} XU=${10:-0} XF=${11:-0} LEAD=${12:-0} A=lfm2
	[ "$X" -gt 0 ] && A=lfm2moe
	HD=$((E / H)) kvs="" i=0
	while [ $i -lt "$L" ]; do
		case " $at " in *" $i "*) k=$KV ;; *) k=0 ;; esac
		kvs="$kvs${kvs:+,}$k" i=$((i + 1))
	done
	cat <<-EOF
	kv general.architecture str $A
	kv general.alignment u32 32
	kv $A.block_count u32 $L
	kv $A.context_length u32 128000
	kv $A.embedding_length u32 $E
	kv $A.feed_forward_length u32 $FF
	kv $A.attention.head_count u32 $H
	arr $A.attention.head_count_kv u32 $kvs
	kv $A.attention.layer_norm_rms_epsilon f32 0.00001
	kv $A.rope.freq_base f32 1000000
	kv $A.shortconv.l_cache u32 3
	kv $A.vocab_size u32 $V
	EOF
	[ "$W" -gt 0 ] && echo "kv $A.attention.sliding_window u32 $W"
	if [ "$X" -gt 0 ]; then
		cat <<-EOF
		kv $A.expert_count u32 $X
		kv $A.expert_used_count u32 $XU
		kv $A.expert_feed_forward_length u32 $XF
		kv $A.leading_dense_block_count u32 $LEAD
		EOF
	fi
	cat <<-EOF
	kv tokenizer.ggml.model str none
	offsets 32
	sparse
	type f16
	tensor token_embd.weight $E $V
	type f32
	tensor token_embd_norm.weight $E
	EOF
	i=0
	while [ $i -lt "$L" ]; do
		echo "type f32"
		echo "tensor blk.$i.attn_norm.weight $E"
		echo "tensor blk.$i.ffn_norm.weight $E"
		case " $at " in
		*" $i "*) cat <<-EOF
			tensor blk.$i.attn_q_norm.weight $HD
			tensor blk.$i.attn_k_norm.weight $HD
			type f16
			tensor blk.$i.attn_q.weight $E $((H * HD))
			tensor blk.$i.attn_k.weight $E $((KV * HD))
			tensor blk.$i.attn_v.weight $E $((KV * HD))
			tensor blk.$i.attn_output.weight $E $E
			EOF
			;;
		*) cat <<-EOF
			type f16
			tensor blk.$i.shortconv.conv.weight 3 $E
			tensor blk.$i.shortconv.in_proj.weight $E $((3 * E))
			tensor blk.$i.shortconv.out_proj.weight $E $E
			EOF
			;;
		esac
		if [ "$X" -gt 0 ] && [ $i -ge "$LEAD" ]; then
			cat <<-EOF
			tensor blk.$i.exp_probs_b.bias $X
			type f16
			tensor blk.$i.ffn_gate_inp.weight $E $X
			tensor blk.$i.ffn_gate_exps.weight $E $XF $X
			tensor blk.$i.ffn_down_exps.weight $XF $E $X
			tensor blk.$i.ffn_up_exps.weight $E $XF $X
			EOF
		else
			cat <<-EOF
			type f16
			tensor blk.$i.ffn_gate.weight $E $FF
			tensor blk.$i.ffn_down.weight $FF $E
			tensor blk.$i.ffn_up.weight $E $FF
			EOF
		fi
		i=$((i + 1))
	done
}
# Jamba-v0.1 (ai21labs/Jamba-v0.1 config.json): 32 layers, attention on
# 4, 12, 20, 28 (attn_layer_offset 4, period 8: head_count_kv 0 marks the
# Mamba-1 layers, src/models/jamba.cpp), 16 experts on the odd layers
# (expert_layer_offset 1, period 2), d_inner 8192 (mamba_expand 2),
# d_state 16, d_conv 4, dt_rank 256; no group_count (Mamba-1).
jamba() {
	E=4096 V=65536 H=32 KV=8 HD=128 FF=14336 DI=8192 DS=16 DT=256 X=16
	cat <<-EOF
	kv general.architecture str jamba
	kv general.alignment u32 32
	kv jamba.block_count u32 32
	kv jamba.context_length u32 262144
	kv jamba.embedding_length u32 $E
	kv jamba.feed_forward_length u32 $FF
	kv jamba.attention.head_count u32 $H
	arr jamba.attention.head_count_kv u32 0,0,0,0,$KV,0,0,0,0,0,0,0,$KV,0,0,0,0,0,0,0,$KV,0,0,0,0,0,0,0,$KV,0,0,0
	kv jamba.attention.layer_norm_rms_epsilon f32 0.000001
	kv jamba.expert_count u32 $X
	kv jamba.expert_used_count u32 2
	kv jamba.ssm.conv_kernel u32 4
	kv jamba.ssm.inner_size u32 $DI
	kv jamba.ssm.state_size u32 $DS
	kv jamba.ssm.time_step_rank u32 $DT
	kv jamba.vocab_size u32 $V
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
	while [ $i -lt 32 ]; do
		echo "type f32"
		echo "tensor blk.$i.attn_norm.weight $E"
		echo "tensor blk.$i.ffn_norm.weight $E"
		if [ $((i % 8)) -eq 4 ]; then
			cat <<-EOF
			type f16
			tensor blk.$i.attn_q.weight $E $E
			tensor blk.$i.attn_k.weight $E $((KV * HD))
			tensor blk.$i.attn_v.weight $E $((KV * HD))
			tensor blk.$i.attn_output.weight $E $E
			EOF
		else
			cat <<-EOF
			type f32
			tensor blk.$i.ssm_conv1d.weight 4 $DI
			tensor blk.$i.ssm_conv1d.bias $DI
			tensor blk.$i.ssm_dt_norm.weight $DT
			tensor blk.$i.ssm_dt.bias $DI
			tensor blk.$i.ssm_b_norm.weight $DS
			tensor blk.$i.ssm_c_norm.weight $DS
			tensor blk.$i.ssm_a $DS $DI
			tensor blk.$i.ssm_d $DI
			type f16
			tensor blk.$i.ssm_in.weight $E $((2 * DI))
			tensor blk.$i.ssm_x.weight $DI $((DT + 2 * DS))
			tensor blk.$i.ssm_dt.weight $DT $DI
			tensor blk.$i.ssm_out.weight $DI $E
			EOF
		fi
		if [ $((i % 2)) -eq 1 ]; then
			cat <<-EOF
			type f32
			tensor blk.$i.ffn_gate_inp.weight $E $X
			type f16
			tensor blk.$i.ffn_gate_exps.weight $E $FF $X
			tensor blk.$i.ffn_down_exps.weight $FF $E $X
			tensor blk.$i.ffn_up_exps.weight $E $FF $X
			EOF
		else
			cat <<-EOF
			type f16
			tensor blk.$i.ffn_gate.weight $E $FF
			tensor blk.$i.ffn_down.weight $FF $E
			tensor blk.$i.ffn_up.weight $E $FF
			EOF
		fi
		i=$((i + 1))
	done
}
# Falcon-H1-7B (tiiuae/Falcon-H1-7B-Instruct, the transformers FalconH1
# table): 44 layers, each with attention (12 heads, 2 KV heads of 128) and
# a Mamba2 mixer (24 heads of 128: d_ssm 3072, d_state 256, one group,
# d_conv 4) side by side (src/models/falcon-h1.cpp).
falconh1() {
	E=3072 V=130049 H=12 KV=2 HD=128 FF=12288 DI=3072 DS=256 NG=1 NH=24
	cat <<-EOF
	kv general.architecture str falcon-h1
	kv general.alignment u32 32
	kv falcon-h1.block_count u32 44
	kv falcon-h1.context_length u32 262144
	kv falcon-h1.embedding_length u32 $E
	kv falcon-h1.feed_forward_length u32 $FF
	kv falcon-h1.attention.head_count u32 $H
	kv falcon-h1.attention.head_count_kv u32 $KV
	kv falcon-h1.attention.key_length u32 $HD
	kv falcon-h1.attention.value_length u32 $HD
	kv falcon-h1.attention.layer_norm_rms_epsilon f32 0.00001
	kv falcon-h1.rope.dimension_count u32 $HD
	kv falcon-h1.rope.freq_base f32 100000000000
	kv falcon-h1.ssm.conv_kernel u32 4
	kv falcon-h1.ssm.inner_size u32 $DI
	kv falcon-h1.ssm.state_size u32 $DS
	kv falcon-h1.ssm.time_step_rank u32 $NH
	kv falcon-h1.ssm.group_count u32 $NG
	kv falcon-h1.vocab_size u32 $V
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
	while [ $i -lt 44 ]; do
		cat <<-EOF
		type f32
		tensor blk.$i.attn_norm.weight $E
		tensor blk.$i.ffn_norm $E
		tensor blk.$i.ssm_conv1d.weight 4 $((DI + 2 * NG * DS))
		tensor blk.$i.ssm_conv1d.bias $((DI + 2 * NG * DS))
		tensor blk.$i.ssm_dt.bias $NH
		tensor blk.$i.ssm_a 1 $NH
		tensor blk.$i.ssm_d 1 $NH
		tensor blk.$i.ssm_norm.weight $((DI / NG)) $NG
		type f16
		tensor blk.$i.ssm_in.weight $E $((2 * DI + 2 * NG * DS + NH))
		tensor blk.$i.ssm_out.weight $DI $E
		tensor blk.$i.attn_q.weight $E $((H * HD))
		tensor blk.$i.attn_k.weight $E $((KV * HD))
		tensor blk.$i.attn_v.weight $E $((KV * HD))
		tensor blk.$i.attn_output.weight $((H * HD)) $E
		tensor blk.$i.ffn_gate.weight $E $FF
		tensor blk.$i.ffn_down.weight $FF $E
		tensor blk.$i.ffn_up.weight $E $FF
		EOF
		i=$((i + 1))
	done
}
# Qwen3.5-27B (Qwen/Qwen3.5-27B text_config): 64 blocks + 1 MTP block
# (conversion/qwen.py _QwenMtpMixin: block_count 65, nextn_predict_layers
# 1), full attention every 4th layer (24 heads, 4 KV heads of 256), Gated
# DeltaNet elsewhere (16 key heads, 48 value heads of 128, conv kernel 4).
# qwen35 [LAYERS EMBD HEADS KV_HEADS FF V_HEADS EXPERTS USED EXPERT_FF
# SHARED_FF]: Qwen3.5 (qwen35moe with experts; the last block the MTP one)
qwen35() {
	L=${1:-65} E=${2:-5120} H=${3:-24} KV=${4:-4} FF=${5:-17408} NV=${6:-48}
	X=${7:-0} XU=${8:-0} XF=${9:-0} SH=${10:-0}
	V=248320 HD=256 NK=16 DK=128 A=qwen35
	[ "$X" -gt 0 ] && A=qwen35moe
	cat <<-EOF
	kv general.architecture str $A
	kv general.alignment u32 32
	kv $A.block_count u32 $L
	kv $A.nextn_predict_layers u32 1
	kv $A.context_length u32 262144
	kv $A.embedding_length u32 $E
	EOF
	if [ "$X" -gt 0 ]; then
		cat <<-EOF
		kv $A.expert_count u32 $X
		kv $A.expert_used_count u32 $XU
		kv $A.expert_feed_forward_length u32 $XF
		kv $A.expert_shared_feed_forward_length u32 $SH
		EOF
	else
		echo "kv $A.feed_forward_length u32 $FF"
	fi
	cat <<-EOF
	kv $A.attention.head_count u32 $H
	kv $A.attention.head_count_kv u32 $KV
	kv $A.attention.key_length u32 $HD
	kv $A.attention.value_length u32 $HD
	kv $A.attention.layer_norm_rms_epsilon f32 0.000001
	kv $A.rope.dimension_count u32 64
	arr $A.rope.dimension_sections i32 11,11,10,0
	kv $A.rope.freq_base f32 10000000
	kv $A.ssm.conv_kernel u32 4
	kv $A.ssm.state_size u32 $DK
	kv $A.ssm.group_count u32 $NK
	kv $A.ssm.time_step_rank u32 $NV
	kv $A.ssm.inner_size u32 $((NV * DK))
	kv $A.full_attention_interval u32 4
	kv $A.vocab_size u32 $V
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
	while [ $i -lt "$L" ]; do
		cat <<-EOF
		type f32
		tensor blk.$i.attn_norm.weight $E
		tensor blk.$i.post_attention_norm.weight $E
		EOF
		if [ $((i % 4)) -eq 3 ] || [ $i -eq $((L - 1)) ]; then
			cat <<-EOF
			tensor blk.$i.attn_q_norm.weight $HD
			tensor blk.$i.attn_k_norm.weight $HD
			type f16
			tensor blk.$i.attn_q.weight $E $((HD * H * 2))
			tensor blk.$i.attn_k.weight $E $((HD * KV))
			tensor blk.$i.attn_v.weight $E $((HD * KV))
			tensor blk.$i.attn_output.weight $((HD * H)) $E
			EOF
		else
			cat <<-EOF
			tensor blk.$i.ssm_dt.bias $NV
			tensor blk.$i.ssm_a $NV
			tensor blk.$i.ssm_norm.weight $DK
			tensor blk.$i.ssm_conv1d.weight 4 $((2 * NK * DK + NV * DK))
			type f16
			tensor blk.$i.attn_qkv.weight $E $((2 * NK * DK + NV * DK))
			tensor blk.$i.attn_gate.weight $E $((NV * DK))
			tensor blk.$i.ssm_beta.weight $E $NV
			tensor blk.$i.ssm_alpha.weight $E $NV
			tensor blk.$i.ssm_out.weight $((NV * DK)) $E
			EOF
		fi
		if [ "$X" -gt 0 ]; then
			cat <<-EOF
			tensor blk.$i.ffn_gate_inp_shexp.weight $E
			type f16
			tensor blk.$i.ffn_gate_inp.weight $E $X
			tensor blk.$i.ffn_gate_exps.weight $E $XF $X
			tensor blk.$i.ffn_down_exps.weight $XF $E $X
			tensor blk.$i.ffn_up_exps.weight $E $XF $X
			tensor blk.$i.ffn_gate_shexp.weight $E $SH
			tensor blk.$i.ffn_down_shexp.weight $SH $E
			tensor blk.$i.ffn_up_shexp.weight $E $SH
			EOF
		else
			cat <<-EOF
			type f16
			tensor blk.$i.ffn_gate.weight $E $FF
			tensor blk.$i.ffn_down.weight $FF $E
			tensor blk.$i.ffn_up.weight $E $FF
			EOF
		fi
		if [ $i -eq $((L - 1)) ]; then
			cat <<-EOF
			tensor blk.$i.nextn.eh_proj.weight $((2 * E)) $E
			type f32
			tensor blk.$i.nextn.enorm.weight $E
			tensor blk.$i.nextn.hnorm.weight $E
			EOF
		fi
		i=$((i + 1))
	done
}
# Kimi K2 (deepseek2 by architectures[0] DeepseekV3ForCausalLM), converted with
# the MLA keys: 61 layers, the first dense, 384 experts (mxfp4 to keep the sparse
# file near 0.6 TB of holes), q_lora_rank 1536, one shared expert.
# kimik2 HEADS EXPERTS VOCAB: the same blocks in another width (DeepSeek-V3:
# 128 256 129280).
kimik2() {
	H=${1:-64} X=${2:-384} V=${3:-163840}
	E=7168 R=512 Q=1536 F=2048
	cat <<-EOF
	kv general.architecture str deepseek2
	kv general.alignment u32 32
	kv deepseek2.block_count u32 61
	kv deepseek2.context_length u32 131072
	kv deepseek2.embedding_length u32 $E
	kv deepseek2.feed_forward_length u32 18432
	kv deepseek2.expert_feed_forward_length u32 $F
	kv deepseek2.expert_count u32 $X
	kv deepseek2.expert_used_count u32 8
	kv deepseek2.expert_shared_count u32 1
	kv deepseek2.leading_dense_block_count u32 1
	kv deepseek2.attention.head_count u32 $H
	kv deepseek2.attention.head_count_kv u32 1
	kv deepseek2.attention.key_length u32 576
	kv deepseek2.attention.value_length u32 512
	kv deepseek2.attention.key_length_mla u32 192
	kv deepseek2.attention.value_length_mla u32 128
	kv deepseek2.attention.q_lora_rank u32 $Q
	kv deepseek2.attention.kv_lora_rank u32 $R
	kv deepseek2.attention.layer_norm_rms_epsilon f32 0.000001
	kv deepseek2.rope.dimension_count u32 64
	kv deepseek2.rope.freq_base f32 50000
	kv deepseek2.rope.scaling.type str yarn
	kv deepseek2.rope.scaling.factor f32 32
	kv deepseek2.rope.scaling.original_context_length u32 4096
	kv deepseek2.rope.scaling.yarn_beta_fast f32 1
	kv deepseek2.rope.scaling.yarn_beta_slow f32 1
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
	while [ $i -lt 61 ]; do
		cat <<-EOF
		type f32
		tensor blk.$i.attn_norm.weight $E
		tensor blk.$i.attn_q_a_norm.weight $Q
		tensor blk.$i.attn_kv_a_norm.weight $R
		tensor blk.$i.ffn_norm.weight $E
		type f16
		tensor blk.$i.attn_q_a.weight $E $Q
		tensor blk.$i.attn_q_b.weight $Q $((H * 192))
		tensor blk.$i.attn_kv_a_mqa.weight $E $((R + 64))
		tensor blk.$i.attn_k_b.weight 128 $R $H
		tensor blk.$i.attn_v_b.weight $R 128 $H
		tensor blk.$i.attn_output.weight $((H * 128)) $E
		EOF
		if [ $i -eq 0 ]; then
			cat <<-EOF
			tensor blk.$i.ffn_gate.weight $E 18432
			tensor blk.$i.ffn_down.weight 18432 $E
			tensor blk.$i.ffn_up.weight $E 18432
			EOF
		else
			cat <<-EOF
			type f32
			tensor blk.$i.ffn_gate_inp.weight $E $X
			tensor blk.$i.exp_probs_b.bias $X
			type mxfp4
			tensor blk.$i.ffn_gate_exps.weight $E $F $X
			tensor blk.$i.ffn_down_exps.weight $F $E $X
			tensor blk.$i.ffn_up_exps.weight $E $F $X
			type f16
			tensor blk.$i.ffn_gate_shexp.weight $E $F
			tensor blk.$i.ffn_down_shexp.weight $F $E
			tensor blk.$i.ffn_up_shexp.weight $E $F
			EOF
		fi
		i=$((i + 1))
	done
}

# model_specs DIR: DIR/NAME.spec for every model the real engine loads:
# the shapes of the shipped assets/models/*.ini and more; the names on stdout.
model_specs() {
	# The shapes of the shipped assets/models/*.ini, and a DeciLM with layers without KV heads.
	models="llama3-8b mistral-7b gemma3-27b gemma2-9b qwen2.5-7b gpt-oss-20b deepseek-v2-lite deci-8l qwen3-next-80b llama4-scout glm-4.5-air qwen3-30b-a3b granite-hybrid-small nemotron-h-small"
	deci >"$1/deci-8l.spec"
	gptoss >"$1/gpt-oss-20b.spec"
	qwen3next >"$1/qwen3-next-80b.spec"
	llama4scout >"$1/llama4-scout.spec"
	glm45air >"$1/glm-4.5-air.spec"
	qwen3moe >"$1/qwen3-30b-a3b.spec"
	granitehybrid >"$1/granite-hybrid-small.spec"
	# Granite-4.0-H as conversion/granite.py writes it: no RoPE (rope.scaling.finetuned
	# false) and context_length 2^20, so no inp_pos and no RoPE nodes (src/graph/compute_mamba2.c)
	models="$models granite-hybrid-nope"
	granitehybrid | sed 's/^kv granitehybrid.context_length u32 131072$/kv granitehybrid.context_length u32 1048576\
kv granitehybrid.rope.scaling.finetuned bool 0/' >"$1/granite-hybrid-nope.spec"
	nemotronh >"$1/nemotron-h-small.spec"
	# Nemotron 3 Nano 30B-A3B (nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16
	# config.json): 23 Mamba2, 23 MoE (128 experts of 1856, 6 used, a
	# shared one of 3712) and 6 attention blocks (32 heads, 2 KV heads);
	# no RoPE: context_length 2^20 (conversion/granite.py GraniteHybridModel)
	models="$models nemotron-3-nano"
	nemotronh MEMEM*EMEMEM*EMEMEM*EMEMEM*EMEMEM*EMEMEMEM*EMEMEMEME 2688 32 2 \
		4096 8 64 1856 131072 1048576 128 6 3712 >"$1/nemotron-3-nano.spec"
	dsv2lite >"$1/deepseek-v2-lite.spec"
	dense llama 32 4096 32 8 128 14336 128256 out "llama.rope.freq_base f32 500000" >"$1/llama3-8b.spec"
	# Mistral 7B v0.1 under the llama architecture: a sliding_window key llama.cpp does not read.
	dense llama 32 4096 32 8 128 14336 32000 out "llama.rope.freq_base f32 10000" \
		"llama.attention.sliding_window u32 4096" >"$1/mistral-7b.spec"
	dense gemma3 62 5376 32 16 128 21504 262208 "post qknorm" "gemma3.attention.sliding_window u32 1024" \
		"gemma3.rope.freq_base f32 1000000" >"$1/gemma3-27b.spec"
	dense gemma2 42 3584 16 8 256 14336 256000 post "gemma2.attention.sliding_window u32 4096" >"$1/gemma2-9b.spec"
	dense qwen2 28 3584 28 4 128 18944 152064 "out bias" "qwen2.rope.freq_base f32 1000000" >"$1/qwen2.5-7b.spec"
	# The hybrids of issue 20 beyond Qwen3-Next: short conv, Mamba-1, Mamba2 in every layer, Qwen3.5.
	models="$models lfm2-1.2b jamba-v0.1 falcon-h1-7b qwen3.5-27b"
	lfm2 >"$1/lfm2-1.2b.spec"
	# LFM2 with a sliding window: every attention block windowed, the iSWA cache
	# beside the short-conv state (llama-memory-hybrid-iswa.cpp).
	models="$models lfm2.5-audio-tokenizer"
	lfm2 8 512 16 8 2304 65536 "2 4 6" 30 >"$1/lfm2.5-audio-tokenizer.spec"
	jamba >"$1/jamba-v0.1.spec"
	falconh1 >"$1/falcon-h1-7b.spec"
	qwen35 >"$1/qwen3.5-27b.spec"
	# Shared KV layers (n_layer_kv_from_start).
	models="$models gemma-3n-e4b gemma4-31b gemma4-shared"
	gemma3n >"$1/gemma-3n-e4b.spec"
	gemma4 >"$1/gemma4-31b.spec"
	gemma4 24 6 >"$1/gemma4-shared.spec"
	# Gemma 4's MoE (26B-A4B): experts beside the dense MLP of every layer.
	models="$models gemma4-26b-a4b"
	gemma4moe >"$1/gemma4-26b-a4b.spec"
	# Llama 4 Maverick: dense layers between the MoE ones (interleave_moe_layer_step 2).
	models="$models llama4-maverick"
	llama4maverick >"$1/llama4-maverick.spec"
	# The families whose config.json is dispatched on architectures[0] (tests/hf/*).
	models="$models kimi-k2 mistral-small-3.1 smollm3-3b phi-4-mini command-r7b olmo2-7b"
	kimik2 >"$1/kimi-k2.spec"
	dense mistral3 40 5120 32 8 128 32768 131072 out "mistral3.rope.freq_base f32 1000000000" >"$1/mistral-small-3.1.spec"
	dense smollm3 36 2048 16 4 128 11008 128256 "" "smollm3.rope.freq_base f32 5000000" >"$1/smollm3-3b.spec"
	# Phi-4-mini: rope.dimension_count 96 of a 128-wide head (partial_rotary_factor 0.75), Q, K and V in one attn_qkv.
	dense phi3 32 3072 24 8 128 8192 200064 "upgate qkv" "phi3.rope.freq_base f32 10000" \
		"phi3.rope.scaling.original_context_length u32 4096" "phi3.attention.sliding_window u32 262144" |
		sed 's/^kv phi3.rope.dimension_count u32 128$/kv phi3.rope.dimension_count u32 96/' >"$1/phi-4-mini.spec"
	# conversion/phi.py writes longrope's factors, one of 48 (96 / 2) each
	printf 'type f32\ntensor rope_factors_long.weight 48\ntensor rope_factors_short.weight 48\n' >>"$1/phi-4-mini.spec"
	dense cohere2 32 4096 32 8 128 14336 256000 noffnnorm "cohere2.attention.sliding_window u32 4096" \
		"cohere2.rope.freq_base f32 50000" "cohere2.logit_scale f32 0.25" "cohere2.attention.layer_norm_epsilon f32 0.00001" \
		>"$1/command-r7b.spec"
	dense olmo2 32 4096 32 32 128 11008 100352 "out nopre wideqk post" "olmo2.rope.freq_base f32 500000" >"$1/olmo2-7b.spec"
	# The lesson's tiny Qwen2-vocabulary model: small enough to load for real (a --reconcile fixture).
	dense qwen2 2 64 8 2 8 256 151936 "out bias" "qwen2.rope.freq_base f32 10000" >"$1/tiny-qwen2vocab.spec"
	echo $models
}
