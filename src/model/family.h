/*
 * family: one llama.cpp architecture as attnviz reads and sizes it, written
 * once, in src/families/ARCH.c: a `const struct family family_ARCH` of
 * designated initialisers, its file named after llama.cpp's LLM_ARCH name
 * ('-' in the name is '_' in the symbol).  The Makefile lists every file of
 * src/families/ in build/families.c, so a new architecture is one new file.
 *
 * Each part below is a rule read off llama.cpp's source for that family
 * (src/models/ARCH.cpp load_arch_hparams, load_tensors and graph;
 * src/llama-model.cpp create_memory); a part left out (NULL or 0) means the
 * family does not have the mechanism, or attnviz does not model it and
 * says so (an estimate, marked as one).
 */
#ifndef ATTNVIZ_FAMILY_H
#define ATTNVIZ_FAMILY_H

#include <stddef.h>
#include <stdint.h>

#include "model/arch.h"
#include "model/hfconv.h"

/* The sliding-window (iSWA) cache llama.cpp builds: load_hparams'
 * set_swa_pattern(pattern), layer il local when il % pattern < pattern - 1
 * (0: the file's per-layer pattern, or all alike). */
struct family_swa {
	int64_t pattern;
	int64_t default_window;   /* n_swa when the file says none (0: none) */
	int64_t kv_from_start;    /* layers from here on reuse earlier caches */
	double base_local;        /* the sliding layers' RoPE base (0: global) */
	/* LLAMA_SWA_TYPE_CHUNKED with n_swa fixed at default_window (a file's
	 * 0 turns it off) */
	int chunked;
	/* the window only for a model of this many layers (n_layer(), the
	 * nextn ones not counted), none for the others whatever the file
	 * says (exaone4.cpp: the 32B's 64); 0: every model */
	int64_t only_layers;
	/* set_swa_pattern(pattern, dense_first = true): layer il full when
	 * il % pattern == 0, the others sliding */
	int dense_first;
	/* n_swa set to this whenever the file's sliding_window is above 0
	 * (smallthinker.cpp), none when it is 0 or absent */
	int64_t fixed_window;
	/* sliding_window and the per-layer sliding_window_pattern array are
	 * required keys (get_key, get_arr), the window type always standard
	 * (maple.cpp, mimo2.cpp, ...) */
	int required;
	/* set_swa_pattern(pattern) whatever the file's
	 * attention.sliding_window_pattern says (deepseek4.cpp reads none) */
	int file_pattern_unread;
};

/* Hybrids (llm_arch_is_hybrid): which layers are recurrent
 * (create_memory's layer filters) and what their state holds
 * (llama-hparams.cpp n_embd_r / n_embd_s); src/model/gguf.c reads them. */
enum family_recr_rule {
	/* attention.recurrent_layers, else (il + 1) % full_attention_interval */
	RR_INTERVAL,
	RR_KV_ZERO,     /* recurrent iff head_count_kv(il) == 0 */
	/* ... and feed_forward_length(il) == 0; an FFN-only layer keeps none */
	RR_KV_FF_ZERO,
	RR_EVERY,       /* every layer both: attention beside the state */
	/* llm_arch_is_recurrent: create_memory's llama_memory_recurrent on
	 * every layer, no attention and no KV cache (mamba.cpp, mamba2.cpp) */
	RR_ALL,
};
enum family_recr_state {
	RS_MAMBA2, RS_MAMBA1, RS_SHORTCONV,
	/* Kimi's delta attention: ssm.conv_kernel and kda.head_dim
	 * (llama-hparams.cpp n_embd_r / n_embd_s, n_embd_head_kda) */
	RS_KDA,
	/* Qwen4exp: Mamba2's keys plus the PLE layer's conv history
	 * (ple_conv_state(), src/models/qwen4exp.cpp load_arch_hparams) */
	RS_MAMBA2_PLE,
	/* MiniMax-01's lightning attention: n_embd_head_la^2 x n_head(0), the
	 * head the key_length, no conv rows (llama-hparams.cpp n_embd_s) */
	RS_LINEAR,
};
struct family_recurrent {
	enum family_recr_rule rule;
	enum family_recr_state state;
	/* RR_INTERVAL: full_attention_interval when the file has none (0: 4) */
	int64_t interval;
};

/* A sparse-attention indexer whose keys llama.cpp keeps in a cache of their
 * own beside the main one (the second llama_kv_cache of llama-kv-cache-
 * msa.cpp, llama-kv-cache-dsa.cpp, llama-memory-hybrid-idx.cpp), on the
 * layers its create_memory filter_idx / filter_lid keeps, with the cells
 * of the main cache.  src/model/gguf.c reads it; src/size/size.c sizes
 * it (the indexer_bytes key of --summary memory). */
enum family_idx_layers {
	/* every attention layer of the hybrid: il < n_layer() &&
	 * !is_recr(il) (Qwen4exp's QSA) */
	FI_ATTENTION,
	/* il >= leading_dense_block_count (MiniMax-M3's MSA) */
	FI_AFTER_DENSE_LEAD,
	/* hparams.is_indexer_full(il): attention.indexer.types, one bool a
	 * layer (Hunyuan V4) */
	FI_TYPES,
};
struct family_indexer {
	int with_v;   /* a V head of head_dim_v beside the K head (MSA) */
	enum family_idx_layers layers;
	/* indexer.top_k 0 is a checkpoint without the indexer, a plain cache
	 * (hy_v4: create_memory's indexer_top_k == 0) */
	int top_k_zero_none;
	/* FI_TYPES: layer 0 must own an indexer (hy-v4.cpp refuses the file
	 * else) */
	int first_required;
	/* create_memory's filters keep the nextn layers out of both caches
	 * (dots3note: filter_mla and filter_lid, il < n_layer()) */
	int nextn_out;
};

/* Caches kept beside the raw sliding one, compressed ratio : 1 along the
 * sequence, and the compressors' states that fill them: DeepSeek V4's
 * llama_kv_cache_dsv4 (src/llama-kv-cache-dsv4.cpp, its constructor).  A
 * layer keeps a cache, or a state, when its attention.compress_ratios
 * entry equals that cache's ratio (filter_csa, filter_hca); src/model/
 * gguf.c reads the ratios, src/size/size.c sizes them (the comp_bytes.NAME
 * and comp_state_bytes.NAME keys of --summary memory). */
enum family_comp_row {
	/* K only, the layer's n_embd_head_k x n_head_kv (dsv4_make_k_only:
	 * is_mla() faked, no V) */
	FC_HEAD,
	/* one K head of attention.indexer.key_length (hparams_lid) */
	FC_INDEXER,
};
struct family_comp_cache {
	const char *name;   /* NULL ends the list */
	/* the layers whose ratio it is; GGML_PAD(max(1, ceil(kv_size /
	 * ratio)), pad) cells a stream (dsv4_comp_size) */
	int64_t ratio;
	enum family_comp_row row;
};
/* llama_dsv4_comp_state: on each layer of its ratio, a kv and a score
 * tensor of f32, width x n_embd_head_k (or x indexer_head_size) by rows,
 * a plane a stream (n_rs_seq 0: no rollback planes) */
struct family_comp_state {
	const char *name;   /* NULL ends the list */
	int64_t ratio, rows, width;
	enum family_comp_row of;
};
struct family_compress {
	struct family_comp_cache cache[4];
	struct family_comp_state state[4];
	int64_t pad;   /* the compressed caches' cells are padded to it */
	/* the raw cache, compressed caches and states keep a stream a
	 * sequence even when -kvu asks for one (unified_raw = false,
	 * unified_compressed = false) */
	int streams_per_seq;
};

/* The tensors the loader creates (src/models/ARCH.cpp load_tensors), the
 * parts of a layer or of the model that not every loader has;
 * src/model/wshapes.c makes the shapes. */
enum family_wpart {
	WS_ATTN_NORM = 1u << 0,     /* attn_norm before attention */
	WS_FFN_NORM = 1u << 1,      /* ffn_norm before the FFN */
	WS_POST_ATTN = 1u << 2,     /* post_attention_norm */
	WS_POST_FFN = 1u << 3,      /* post_ffw_norm */
	WS_QK_NORM = 1u << 4,       /* attn_q_norm, attn_k_norm: a head wide */
	WS_QK_NORM_ALL = 1u << 5,   /* ... all heads wide (OLMo 2) */
	WS_QKV_BIAS = 1u << 6,      /* attn_q/k/v.bias */
	WS_OUT_BIAS = 1u << 7,      /* attn_output.bias */
	WS_QKV_FUSED = 1u << 8,     /* one attn_qkv for Q, K and V (Phi-3) */
	WS_UP_GATE = 1u << 9,       /* ffn_up holds gate and up, 2 x ff */
	WS_SINKS = 1u << 10,        /* attn_sinks, one a head */
	WS_EXPERT_BIAS = 1u << 11,  /* the router's and the experts' biases */
	WS_ROPE_FREQS = 1u << 12,   /* rope_freqs under llama3 scaling */
	WS_ROPE_FACTORS = 1u << 13, /* rope_factors_long/short, longrope */
	WS_MLA = 1u << 14,          /* DeepSeek's latent attention */
	/* dense lead layers, shared experts and the router's score bias */
	WS_LEAD_SHARED = 1u << 15,
};
#define WS_PLAIN (WS_ATTN_NORM | WS_FFN_NORM)
/* Whether the loader makes an output head. */
enum family_whead {
	WS_HEAD_UNLESS_TIED, /* TENSOR_NOT_REQUIRED: absent when tied */
	WS_HEAD_NEVER,       /* the head is always the token embeddings */
	WS_HEAD_ALWAYS       /* required */
};
struct family_weights {
	unsigned parts;   /* enum family_wpart */
	enum family_whead head;
	int tied;         /* tie_word_embeddings when the file does not say */
};

/* A dense llama-like reserve graph, replayed by
 * src/graph/compute_dense_replay.c: what its layer does beyond
 * llm_build_llama's. */
enum family_dense_flag {
	/* olmo2.cpp: no norm before the attention; the q/k norms on the
	 * projections and the post-norms in place; V's projection before K's */
	DR_OLMO2 = 1 << 0,
	/* phi3.cpp: Q, K and V from one attn_qkv, Q scaled in place after
	 * RoPE, ffn_up of 2 n_ff split by swiglu, l_out in place */
	DR_PHI3 = 1 << 1,
	/* cohere2.cpp: iSWA, RoPE on the sliding layers only, LayerNorm, the
	 * FFN beside the attention on the same norm, logits scaled in place */
	DR_COHERE2 = 1 << 2,
};
struct family_dense_graph {
	unsigned flags;   /* enum family_dense_flag */
	/* tests/engine.sh's buffers group holds the replay within 2 % over
	 * its whole matrix on the family's GGUF */
	int modelled;
	/* ... and that GGUF has a sliding window: a model with one is
	 * modelled too (without: the window's inputs are replayed, as an
	 * estimate) */
	int windowed;
};

/* build_moe_ffn's gating, as the families' builders ask for it. */
enum replay_gating {
	/* gpt-oss (LLAMA_EXPERT_GATING_FUNC_TYPE_SOFTMAX_WEIGHT): the probs are
	 * the logits; the selected weights get a soft_max of their own */
	GATE_SOFTMAX_WEIGHT,
	/* Llama 4 (SIGMOID, and build_moe_ffn selects on the logits for
	 * LLM_ARCH_LLAMA4): a new sigmoid beside the logits */
	GATE_SIGMOID_ON_LOGITS,
	/* Qwen3-MoE (SOFTMAX): a soft_max in place on the logits */
	GATE_SOFTMAX,
	/* GLM-4.5 (SIGMOID with exp_probs_b): the sigmoid in place on the
	 * logits, the argsort on a new biased copy, the weights from the
	 * unbiased probs (build_moe_ffn) */
	GATE_SIGMOID_BIASED,
};
/* What an MoE reserve graph does, read off its builder and ggml-alloc's
 * trace (tools/alloc-trace.sh); src/graph/compute_moe.c replays it. */
enum family_moe_flag {
	MG_SHARED = 1 << 0,        /* a shared expert after the routed ones */
	MG_WEIGHT_BEFORE = 1 << 1, /* weight_before_ffn: x weights, then experts */
	MG_NOPE_SCALE = 1 << 2,    /* full layers without RoPE, Q x attn scale */
	MG_ROWS_LAST = 1 << 3,     /* out_ids' get_rows in the last layer */
	/* the last l_out is res->t_h_nextn, kept; out_ids' get_rows after it */
	MG_NEXTN_OUT = 1 << 4,
	/* q/k norms on the reshaped views (new tensors), RoPE in place */
	MG_QK_NORM = 1 << 5,
	MG_V_FIRST = 1 << 6,       /* V's projection before K's */
	MG_NORM_W = 1 << 7,        /* the weights over their (clamped) sum */
	/* the first dense_lead layers a dense FFN of ff_dense, the shared
	 * experts one FFN of ff x shared_experts */
	MG_DENSE_LEAD = 1 << 8,
	/* MLA with the latent cached: Q absorbed through wk_b, K the latent
	 * and its RoPE part, V a view of K, wv_b after the attention */
	MG_MLA = 1 << 9,
	/* the lightning indexer's top-k mask on the MLA attention */
	MG_DSA = 1 << 10,
};
struct family_moe_graph {
	enum replay_gating gating;
	unsigned flags;   /* enum family_moe_flag */
};

/* A Mamba2 hybrid's reserve graph, replayed by src/graph/compute_mamba2.c:
 * how its builder differs from the others'. */
enum family_m2_flag {
	/* RoPE on Q and K (granite: has_rope(); see compute_mamba2.c no_rope)
	 */
	M2_ROPE = 1 << 0,
	M2_PARALLEL = 1 << 1,	/* attention beside Mamba-2 in every layer */
	M2_FFN_GLU = 1 << 2,	/* every layer ends in a SwiGLU FFN */
	M2_MLP_BLOCKS = 1 << 3, /* LT_NONE layers are a ReLU^2 MLP block */
	/* the final norm is res->t_h_nextn, kept; out_ids' get_rows after it */
	M2_NEXTN_OUT = 1 << 4,
	/* no FFN, the last layer keeps the outputs' rows of the block's
	 * output and its input (mamba.cpp) */
	M2_ROWS_LAST = 1 << 5,
};
struct family_mamba2_graph {
	unsigned flags;   /* enum family_m2_flag */
	int modelled;     /* held within 2 % over tests/engine.sh's matrix */
};

/* A short-convolution or Mamba-1 hybrid's reserve graph, replayed by
 * src/graph/compute_hybrid_replay.c. */
enum family_recr_block {
	RECR_SHORTCONV, /* lfm2.cpp build_shortconv_block */
	RECR_MAMBA1,    /* mamba-base.cpp build_mamba_layer */
};
enum family_hybrid_flag {
	/* attention: q/k RMS norms (new tensors), RoPE in place (lfm2.cpp) */
	HF_QK_NORM_ROPE = 1 << 0,
	/* with experts, MoE FFNs where model_layer says (Jamba: the layers
	 * holding ffn_gate_inp, layer_dense_ffn); softmax gating */
	HF_MOE = 1 << 1,
};
struct family_hybrid_graph {
	enum family_recr_block recr;
	unsigned flags;   /* enum family_hybrid_flag */
	/* held to 2 % of the real engine over tests/engine.sh's buffers
	 * matrix: f16 caches (and a quantized one without flash attention),
	 * and a quantized cache with flash attention */
	int modelled, modelled_rot_fa;
};

/* A gated delta net hybrid's reserve graph, replayed by
 * src/graph/compute_qwen3next.c: what its builder does. */
enum family_gdn_flag {
	/* build_moe_ffn (softmax, norm_w) and a shared expert times the
	 * sigmoid of its gate (ffn_gate_inp_shexp) */
	GD_MOE = 1 << 0,
	/* beta and alpha from one projection (ssm_beta_alpha), each half a
	 * ggml_cont; alpha's bias, softplus and A in place on its cont */
	GD_BA_FUSED = 1 << 1,
	/* q and k repeated to the V heads before the delta net whenever the
	 * head counts differ (qwen35.cpp skips it with the fused op) */
	GD_REPEAT = 1 << 2,
	/* ggml_rope_multi, four positions a token in inp_pos */
	GD_MROPE = 1 << 3,
};
struct family_gdn_graph {
	unsigned flags;   /* enum family_gdn_flag */
	int modelled;     /* held within 2 % over tests/engine.sh's matrix */
};

/* How llama.cpp's converter reads this family's config.json (the class
 * conversion/NAME.py registers for architectures[0], its set_gguf_parameters
 * over TextModel's): src/model/hfconfig.c reads any family that has one.
 * The converter loads the file through transformers' AutoConfig, so a
 * field the file leaves out takes the configuration class's default,
 * given here (0: none, the field is required). */
enum family_hf_rot {
	HF_ROT_HEAD,        /* the whole head: no rope.dimension_count */
	/* int(head_dim x partial_rotary_factor), head_dim else n_embd / n_head
	 * (Glm4Model) */
	HF_ROT_HEAD_FACTOR,
	/* int(partial_rotary_factor x (hidden_size // heads)) (ExaoneModel,
	 * StableLMModel) */
	HF_ROT_EMBD_FACTOR,
	HF_ROT_KEY,         /* rotary_dim as written (MiniMaxM2Model) */
};
struct family_hf {
	const char *const *classes;  /* architectures[0], NULL-terminated */
	const char *converter;       /* "conversion/glm.py Glm4Model" */
	const char *model_type;      /* config.json model_type */
	const char *config;          /* the transformers configuration class */
	int64_t vocab, hidden, inter, heads, max_pos;
	/* the context's key before TextModel's list (CommandR2Model's
	 * model_max_length) */
	const char *ctx_key;
	int64_t kv_heads;   /* 0: num_attention_heads */
	int64_t head_dim;   /* 0: hidden_size / num_attention_heads */
	double rope_theta;
	int tie;            /* tie_word_embeddings */
	int no_head_dim;    /* the converter drops head_dim (GraniteModel) */
	enum family_hf_rot rot;
	double rot_factor;  /* partial_rotary_factor absent (0: required) */
	/* routed experts: the keys expert_count and expert_used_count come
	 * from (NULL: TextModel's find_hparam lists), their defaults (0: a
	 * dense model without them), an expert's width (NULL:
	 * intermediate_size) */
	const char *experts_key, *used_key, *expert_ff_key;
	int64_t experts, experts_used;
	/* the factor's key ahead of TextModel's (GPTNeoXModel's rotary_pct) */
	const char *rot_key;
	/* the KV heads under this key (CodeShellModel's num_query_groups;
	 * NULL: TextModel's), or always kv_fixed (StarCoderModel's 1; -1:
	 * num_attention_heads, GPT2Model's none) */
	const char *kv_key;
	int64_t kv_fixed;
	/* feed_forward_length ff_embd x hidden_size, intermediate_size not
	 * read (the 4 * n_embd of GPT2Model, BloomModel, ...; 0: read) */
	int64_t ff_embd;
};

/* A configuration class AutoConfig picks by a config's model_type
 * (text_config's over the root's), when one converter class reads files
 * of several (LlamaModel: LlamaConfig, MistralConfig, MixtralConfig). */
struct family_conv_config {
	const char *model_type;
	const char *config;
	const struct hfc_default *defaults;   /* until .key NULL */
};

/* config.json through the converter's own rules (model/hfconv.h): the
 * classes its converter registers, the class cited, the transformers
 * configuration class whose defaults AutoConfig fills in (NULL: the file
 * is read as it is, as for a model that needs trust_remote_code), those
 * defaults, and set_gguf_parameters (NULL: TextModel's alone). */
struct family_conv {
	const char *const *classes;   /* architectures[0], NULL-terminated */
	const char *converter;        /* "conversion/mpt.py MPTModel" */
	const char *config;
	const struct hfc_default *defaults;   /* until .key NULL */
	int (*convert)(struct hfc *c);
	/* set: a class another family reads too, taken here only when
	 * self.hparams' model_type (text_config's over the root's) is this
	 * (conversion/mistral3.py Mistral3Model picks its impl so) */
	const char *model_type;
	/* set: a class another family reads too, taken here only when
	 * self.hparams hold this key, null or not (conversion/nemotron.py
	 * NemotronHModel.__init__: "num_experts_per_tok" in llm_config makes
	 * NemotronHForCausalLM MODEL_ARCH.NEMOTRON_H_MOE) */
	const char *when_key;
	/* the configuration class by model_type, over config and
	 * defaults (NULL: those alone), until .model_type NULL */
	const struct family_conv_config *by_type;
	/* the FFN is up and down alone, no gate (build_ffn without
	 * ffn_gate: mpt.cpp, bloom.cpp, nemotron.cpp), for the estimate of
	 * the weights */
	int ungated;
	/* the loader makes a shared expert on every MoE layer,
	 * expert_shared_feed_forward_length wide (else an expert's), which
	 * no GGUF key counts (qwen3next.cpp, qwen35moe.cpp
	 * load_arch_tensors), for the estimate of the weights */
	int shared_expert;
	/* Qwen3-Next's layers (qwen3next.cpp, qwen35.cpp, qwen35moe.cpp
	 * load_arch_tensors), for the estimate: the attention layers' wq
	 * twice as wide (the output gate), q/k norms; the Gated DeltaNet
	 * layers' qkv {n_embd, 2 key_dim + value_dim}, gate z {n_embd,
	 * value_dim}, alpha and beta {n_embd, v_heads}, conv1d, A, dt, norm
	 * and ssm_out; a nextn block's eh_proj {2 n_embd, n_embd}, enorm,
	 * hnorm; the shared expert's gate ffn_gate_inp_shexp {n_embd} */
	int delta_net;
	/* the loader's shared-expert block is expert_shared_feed_forward_
	 * length x expert_shared_count wide (bailingmoe2.cpp), not the
	 * length alone */
	int shexp_by_count;
};

struct family {
	const char *arch;   /* llama.cpp's LLM_ARCH name (general.architecture) */
	unsigned mech;      /* enum arch_mech: what attnviz reads for it */
	const struct family_swa *swa;             /* NULL: no window read */
	/* without .swa, what its loader does with a file's window, where
	 * it reads one (phi3.cpp: disables it); NULL: reads none */
	const char *window_dropped;
	const struct family_recurrent *recurrent; /* NULL: not a hybrid */
	const struct family_indexer *indexer;     /* NULL: none apart */
	const struct family_compress *compress;   /* NULL: none */
	const struct family_weights *weights;     /* NULL: weights estimated */
	const struct family_dense_graph *dense_graph;
	const struct family_moe_graph *moe_graph;
	const struct family_mamba2_graph *mamba2_graph;
	const struct family_hybrid_graph *hybrid_graph;
	const struct family_gdn_graph *gdn_graph;
	const struct family_hf *hf;   /* NULL: no config.json read */
	const struct family_conv *conv;   /* NULL: none (or .hf) */
};

struct model;
/* m's family: the one model_finish kept, else found by m->arch (a model
 * put together without a reader, as the unit tests do); NULL for none. */
const struct family *model_family(const struct model *m);
/* A part of m's family (a member of struct family), NULL without one. */
#define FAMILY_PART(m, part)                                                   \
	(model_family(m) ? model_family(m)->part : NULL)

/* Every file of src/families/, in the order of their names
 * (build/families.c, generated), and the names of those files. */
extern const struct family *const families[];
extern const char *const family_files[];
extern const size_t family_count;

#endif
