/*
 * model: a model config (DESIGN section 5), the one place that reads model
 * INI files.  Every value is validated; sizes derived from a model are
 * computed in 64 bits and refused, never wrapped, when they would overflow.
 */
#ifndef ATTNVIZ_MODEL_H
#define ATTNVIZ_MODEL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "model/fields.h"

enum attn_kind { ATTN_MHA, ATTN_GQA, ATTN_MQA, ATTN_MLA };
enum rope_scaling { ROPE_NONE, ROPE_LINEAR, ROPE_NTK, ROPE_YARN, ROPE_LLAMA3, ROPE_LONGROPE };
/* ggml's KV cache types; block-quantized ones cost their block bytes per 32 elements. */
enum cache_type { CACHE_F32, CACHE_F16, CACHE_BF16, CACHE_Q8_0, CACHE_Q4_0, CACHE_Q4_1, CACHE_Q5_0,
		  CACHE_Q5_1, CACHE_IQ4_NL };
/* What a layer is (DESIGN section 5, "Architectures of 2026"): full or
 * sliding attention, chunked attention (llama.cpp LLAMA_SWA_TYPE_CHUNKED),
 * a recurrent layer with a fixed state, a layer that reuses an earlier
 * layer's cache, or one with no memory at all (a nextn layer, an FFN-only
 * block).  The INI words are model_layer_type_words. */
enum layer_type { LT_FULL, LT_SLIDING, LT_CHUNKED, LT_RECURRENT, LT_SHARED, LT_NONE };
/* How the weight bytes were obtained: counted from a GGUF's tensor infos
 * (exact), stated by an INI file, or estimated from the parameter count. */
enum indexer_apart { INDEXER_IN_CELL, INDEXER_APART_K, INDEXER_APART_KV };
enum weights_from { WEIGHTS_ESTIMATED, WEIGHTS_COUNTED, WEIGHTS_GIVEN };
/* Where a model was read from. */
enum model_format { MODEL_INI, MODEL_GGUF, MODEL_HF_CONFIG };

/* Most layers a model may have: real models have at most a few hundred, and
 * the per-layer arrays are kept inline so a model copies by value. */
#define MODEL_MAX_LAYERS 1024
/* Largest context any size is computed for: keeps every product in 64 bits. */
#define MODEL_MAX_CTX (INT64_C(1) << 32)
/* Largest head count or head size a file may give. */
#define MODEL_MAX_DIM 65536
/* Most models --list and the picker show (model_list). */
#define MODEL_LIST_MAX 256
/* llama.cpp's YaRN ramp ends in turns (llama-cparams yarn_beta_fast, yarn_beta_slow):
 * every reader's default, and the rope-yarn scene's without a model. */
#define MODEL_YARN_BETA_FAST 32.0
#define MODEL_YARN_BETA_SLOW 1.0

/*
 * One model, whatever file it came from.  Counts are validated (model_check)
 * before a model is handed out; per-layer arrays hold `layers` entries.
 */
struct family;

struct model {
	char id[64];            /* file name without extension (or the directory's name for config.json) */
	char path[512];
	char name[128];
	char source[256];       /* where the numbers come from; says "estimated" for computed parameter counts */
	char arch[32];          /* family: llama, qwen2, gemma3, deepseek2, gpt-oss, ... (GGUF general.architecture,
				 * config.json model_type); empty for an INI file that names none */
	unsigned arch_mech;     /* enum arch_mech bits of arch's family (src/families/; arch_plain's when none
				 * is named), kept by model_finish so that sizing never looks a name up */
	/* arch's family itself (model/family.h; arch_plain when none is
	 * named), kept by model_finish: read through model_family() */
	const struct family *family;
	enum model_format format;
	double params;          /* total parameter count */
	double active_params;   /* per token: MoE counts shared + experts_used routed experts; default params */
	int params_estimated;   /* params computed from the architecture, not read */
	int64_t weights_bytes;  /* bytes of every tensor as stored (ggml_nbytes summed) */
	enum weights_from weights_from;
	/* INI [weights] type: the llama-quantize type its users download
	 * (wquant.h), sized when no weights_bytes is stated; empty: none */
	char weights_type[16];
	/* the output head is the token embeddings (no output.weight) */
	int tied_embd;
	/* Q, K and V projected apart, as a GGUF's tensors say (no
	 * blk.0.attn_qkv): the graph's build_qkv takes its unfused path.  0
	 * where no tensors were read (an INI, a config.json): the family's
	 * usual form. */
	int qkv_split;
	int64_t experts, experts_used;   /* MoE routed experts and those used per token; 0 for dense */
	int64_t layers, heads;
	int64_t kv_heads;       /* KV heads of the layers that have a cache (the largest when they differ) */
	int64_t head_dim;       /* K (and Q) head size */
	int64_t head_dim_v;     /* V head size */
	int64_t vocab, ctx_train;
	int64_t embd, ff;       /* hidden size (n_embd) and the FFN's intermediate size (an expert's for
				 * MoE); 0 when the file does not say: the compute buffer is then estimated */
	int32_t layer_kv_heads[MODEL_MAX_LAYERS];   /* [layers] KV heads per layer; 0: the layer keeps no cache */
	/* [layers] query heads a layer, llama.cpp's n_head(il), where a GGUF
	 * gives them layer by layer and they differ (OpenELM); all 0: heads
	 * on every layer */
	int32_t layer_heads[MODEL_MAX_LAYERS];
	/* [layers] n_ff(il) where a file gives the dense FFN's width layer
	 * by layer and they differ (Gemma 4 E2B's double-wide MLP on its
	 * shared layers; 0 on a block without an FFN, Nemotron-H's); ff is
	 * then the widest.  All 0: ff on every layer (model_layer's ff) */
	int32_t layer_ff[MODEL_MAX_LAYERS];
	uint8_t layer_swa[MODEL_MAX_LAYERS];        /* [layers] 1: a sliding-window (local) layer, or a chunked one */
	uint8_t layer_type[MODEL_MAX_LAYERS];       /* [layers] enum layer_type; model_finish keeps it, layer_swa and
						     * layer_kv_heads in step (no KV heads on recurrent, shared, none) */
	int swa_chunked;        /* the windowed layers are chunked (llama.cpp LLAMA_SWA_TYPE_CHUNKED): a query
				 * sees p mod sliding_window + 1 keys */
	int64_t nextn_layers;   /* the last nextn_layers layers are nextn / MTP blocks: no cache */
	int64_t moe_layer_step; /* Llama 4: every moe_layer_step-th layer is MoE (0: not given, every layer) */
	/* [layers] 1: no router on the layer though the model has experts,
	 * which no key says but the checkpoint's tensors do (Jamba: no
	 * ffn_gate_inp off expert_layer_offset + k x expert_layer_period;
	 * jamba.cpp builds a dense FFN where it is absent): the GGUF's
	 * routers, a config.json's converter, an INI's ffn_types; read by
	 * model_layer.  All 0: the keys' rule. */
	uint8_t layer_dense_ffn[MODEL_MAX_LAYERS];
	/* ... and of the norms: norms_said a layer (0: the estimate's two),
	 * LayerNorms with a bias when norm_bias (Falcon: attn_norm_b,
	 * output_norm_b) */
	int norms_said, norm_bias;
	/* DeepSeek-V2/V3, GLM-4.5 MoE graphs (llama-model.cpp load_hparams
	 * LLM_ARCH_DEEPSEEK2 / LLM_ARCH_GLM4_MOE): the first dense_lead layers
	 * are dense FFNs of ff_dense (n_layer_dense_lead, n_ff), the others
	 * experts of ff plus shared_experts shared ones (n_expert_shared,
	 * n_ff_exp); 0: not given.  These, moe_layer_step and the sliding
	 * head sizes are the files' words: every size, graph and scene asks
	 * model_layer (tests/models.sh keeps it so). */
	int64_t dense_lead, shared_experts, ff_dense;
	/* the router adds a per-expert score bias to choose experts
	 * (exp_probs_b: DeepSeek-V3's noaux_tc e_score_correction_bias) */
	int router_bias;
	int64_t embd_per_layer;   /* Gemma 4 E2B/E4B: per-layer input embeddings of this width; 0: none */
	int64_t head_dim_swa, head_dim_v_swa;   /* K and V head sizes of the sliding layers (default head_dim, _v) */
	int64_t indexer_head_dim;   /* sparse attention's indexer K row per token per layer; 0: none */
	int64_t indexer_top_k;      /* the keys the indexer selects a query; 0: unknown (no compute term) */
	/* Where the indexer's rows live: 0 in the latent's cell
	 * (DeepSeek-V3.2's llama_kv_cache_dsa on every cached layer), else a
	 * cache of its own beside the main one on the layers layer_indexer
	 * marks, one K head of indexer_head_dim (INDEXER_APART_K) or a K and a
	 * V head (INDEXER_APART_KV: llama-kv-cache-msa.cpp keeps V) a cell */
	int indexer_apart;
	uint8_t layer_indexer[MODEL_MAX_LAYERS];
	int64_t q_lora_rank, indexer_heads;   /* DSA: wq_a's rank and the indexer's heads; 0: not given */
	/* The recurrent state (llama-hparams.cpp n_embd_r, n_embd_s): Mamba /
	 * gated delta net sizes, or the short-conv cache length; 0 when not given. */
	int64_t ssm_d_conv, ssm_d_inner, ssm_d_state, ssm_n_group, ssm_dt_rank, shortconv_l_cache;   /* embd: above */
	/* Kimi's delta attention (KDA) state, llama-hparams.cpp
	 * n_embd_head_kda: conv rows 3 (d_conv - 1) heads kda_head_dim, state
	 * heads kda_head_dim^2; 0: not a KDA state */
	int64_t kda_head_dim;
	/* Qwen4exp's PLE conv history (llama-hparams.cpp ple_conv_state()): f32
	 * values a sequence in the one PLE layer's own row of the recurrent
	 * cache (llama-memory-recurrent.cpp cache_ple_r_l); 0: none */
	int64_t ple_state;
	/* The cache keeps K only, no V (DeepSeek V4's dsv4_make_k_only:
	 * is_mla() faked on the raw cache) */
	int k_only;
	/* The cache keeps a stream a sequence even under -kvu, of n_ctx
	 * cells each then (DeepSeek V4's unified_raw = false) */
	int streams_per_seq;
	/* DeepSeek V4's attention.compress_ratios, one a layer: a layer whose
	 * ratio is a compressed cache's (struct family_compress) keeps it; 0
	 * without */
	int32_t layer_comp_ratio[MODEL_MAX_LAYERS];
	int ssm_parallel;       /* every attention layer also keeps the recurrent state (Falcon-H1: Mamba2
				 * beside attention in each block); its layer_type stays full or sliding */
	enum attn_kind kind;
	int64_t sliding_window; /* 0: none */
	int64_t swa_pattern;    /* n: layer il is local when il % n < n - 1; 0: all layers alike */
	int swa_ignored;        /* llama.cpp allocates a full cache on every layer despite the window
				 * (Mistral v0.1: LLM_ARCH_LLAMA reads no sliding_window) */
	int sinks_learned;
	int64_t kv_lora_rank, qk_rope_head_dim, qk_nope_head_dim, v_head_dim;   /* kind mla */
	int mla_latent_cache;   /* kind mla: llama.cpp caches the latent (a GGUF with the *_mla keys, or INI/config) */
	double rope_base;
	double rope_base_local; /* sliding layers (Gemma 3); default rope_base */
	enum rope_scaling scaling;
	double rope_factor;
	int64_t orig_ctx;
	double beta_fast, beta_slow;          /* YaRN ramp ends, llama.cpp defaults MODEL_YARN_BETA_FAST and _SLOW */
	double yarn_mscale, yarn_mscale_all_dim;   /* DeepSeek's YaRN attention factors; 0 when not given */
	double low_freq_factor, high_freq_factor;  /* llama3 scaling */
	int64_t rope_dims;      /* dimensions of a head that RoPE rotates (llama.cpp n_rot): head_dim, or
				 * fewer with a partial_rotary_factor (Phi-4-mini: 96 of 128); an MLA
				 * model's qk_rope_head_dim.  Longrope lists have rope_dims / 2 entries. */
	/* a sliding layer's (llama-model.cpp load_hparams n_rot_swa,
	 * rope.dimension_count_swa; a GGUF without it: rope_dims, an INI's
	 * default model_finish's): Gemma 4's full layers rotate their 512 by
	 * rope_freqs, its sliding ones their 256 (gemma.py Gemma4Model),
	 * Laguna's and Spark's each their own part */
	int64_t rope_dims_swa;
	enum cache_type k_type, v_type;       /* llama.cpp -ctk / -ctv */
	char note[256];         /* what llama.cpp does differently from the file (shown on screen); empty when none */
	char warning[256];      /* non-fatal remarks (unknown keys); empty when none */
	/* [MF_COUNT] where each field's value came from, for --explain and
	 * --export-model ("[model] kv_heads", "GGUF llama.attention.head_count_kv",
	 * "config.json num_key_value_heads", "default of family qwen2"); empty
	 * when no reader said. */
	char origin[MF_COUNT][96];
};

/* Load and validate the model file at path, whatever its format (load.c): a `.gguf`
 * file, a file named config.json or a directory holding one, else an INI
 * file.  0, or -1 with the one-line error in err; m is untouched on error. */
int model_load(struct model *m, const char *path, char *err, size_t errlen);
/* The format model_load reads path as (by its name; a directory holding a
 * config.json is MODEL_HF_CONFIG). */
enum model_format model_path_format(const char *path);
/* Load an INI model file (DESIGN section 5).  0, or -1 with the error. */
int model_load_ini(struct model *m, const char *path, char *err, size_t errlen);
/* m->id from a model file's path: its last part without .ini or .gguf. */
void model_set_id(struct model *m, const char *path);
/* Print m as an INI model file (DESIGN section 5) that loads to the same
 * model: every field, a comment with the origin of each value (export.c).
 * 0, or -1 when out of memory or out could not be written. */
int model_export(const struct model *m, FILE *out);
/* Complete and validate a model that a reader filled in: every reader (INI,
 * GGUF, config.json) ends with it.  Fills kv_heads from layer_kv_heads,
 * checks the rules that tie values together and that every derived size fits
 * 64 bits.  0, or -1 with a one-line error in err naming `where` (the file). */
int model_finish(struct model *m, const char *where, char *err, size_t errlen);
/* Remember where field f's value came from (for --explain and --export-model);
 * the last call for a field wins.  Text from a file goes in through "%s". */
void model_set_origin(struct model *m, enum model_field f, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Where field f's value came from, or NULL when no reader said. */
const char *model_field_origin(const struct model *m, enum model_field f);
/* Find by path or by id along the search path, then load. */
int model_find_load(struct model *m, const char *name_or_path, char *err, size_t errlen);

struct model_entry {
	char id[64];
	char path[512];
};
/* Models along the search path (INI and .gguf files, directories holding a
 * config.json), first of each id wins, sorted by id.  Returns the count (at
 * most max; MODEL_LIST_MAX entries are enough for --list and the picker). */
int model_list(struct model_entry *out, int max);

const char *model_kind_name(enum attn_kind k);
const char *model_cache_name(enum cache_type c);
/* The INI words of the enumerations (lower case, as written in files). */
const char *model_kind_word(enum attn_kind k);
const char *model_scaling_word(enum rope_scaling s);

/* How the weight bytes were had, as one word: exact, stated or estimated. */
const char *model_weights_word(const struct model *m);
/* Bytes of `elems` cache elements (block-quantized types round up per block). */
int64_t model_cache_bytes(enum cache_type c, int64_t elems);
/* 0 when llama.cpp accepts the K and V cache types for these head sizes (a
 * quantized type needs whole blocks of 32 per head), else 'K' or 'V' with
 * the reason in why[len]. */
int model_cache_blocks_ok(const struct model *m, char *why, size_t len);
/* An upper bound of the KV-cache bytes per token (every layer with the most
 * KV heads), for the overflow guards; -1 when it overflows.  The real sizes
 * are src/size/size.c's. */
int64_t model_kv_bytes_bound(const struct model *m);
/* Layer il keeps a sliding-window (local) cache in llama.cpp: layer_swa[il],
 * and never when llama.cpp ignores the window (swa_ignored). */
int model_layer_is_local(const struct model *m, int64_t il);

/* Layer il as llama.cpp's llama_hparams answers for it
 * (llama-hparams.cpp: n_head_kv(il), n_embd_head_k(il), n_embd_head_v(il),
 * is_swa(il), n_swa): the one statement of the per-layer rules, which every
 * size, graph and scene reads instead of the members behind them.  The
 * heads are the cache's: the MLA latent is one head of kv_lora_rank +
 * qk_rope_head_dim and no V (V is read as a view of K).  No answer costs
 * more than a few operations: it is asked for every layer, often. */
struct model_layer {
	enum layer_type type;
	int64_t heads;           /* query heads, n_head(il) */
	int64_t kv_heads;        /* 0: the layer keeps no K and V */
	int64_t k_head, v_head; /* the cache's K and V head sizes */
	/* is_swa(il): the sliding layers' sizes.  A shared layer keeps no
	 * cache but follows the cached layers' pattern (llama.cpp's
	 * swa_layers cover every layer; model_swa_pattern_of). */
	int swa;
	/* n_swa when the keys it attends over are windowed, else 0 */
	int64_t window;
	/* It runs attention: over its own cache, or a shared layer over an
	 * earlier layer's (gemma3n.cpp, gemma4.cpp: il >=
	 * n_layer_kv_from_start reads the KV of one before it) */
	int attends;
	double rope_base;        /* the sliding layers' base on a local layer */
	/* The head sizes a query attends with, on every layer (a shared one
	 * too): n_embd_head_k(il) and n_embd_head_v(il); an MLA model's
	 * qk_nope_head_dim + qk_rope_head_dim and v_head_dim, whatever its
	 * cache keeps. */
	int64_t attn_k, attn_v;
	/* the dimensions RoPE rotates, n_rot(il) (is_swa(il) ? n_rot_swa :
	 * n_rot_full) */
	int64_t rope_dims;
	/* The FFN (llama-model.cpp load_hparams): the layer routes to
	 * experts unless it is one of the n_layer_dense_lead first or
	 * between Llama 4's interleaved MoE layers ((il + 1) %
	 * n_moe_layer_step != 0).  ff is a dense FFN's width (n_ff(il): a
	 * dense layer's, or Gemma 4's MLP beside the experts; 0 when the
	 * file does not say, or on a layer with experts and nothing
	 * beside), ff_exp an expert's (n_ff_exp), ff_shexp the shared
	 * experts' together (n_ff_exp x n_expert_shared, 0: none). */
	int moe;
	int64_t ff, ff_exp, ff_shexp;
	/* The layer keeps a recurrent state (llama-memory-recurrent.cpp): a
	 * recurrent layer, or an attention layer with a cache of its own of
	 * a model whose every block runs both (Falcon-H1's ssm_parallel) */
	int state;
};
struct model_layer model_layer(const struct model *m, int64_t il);
/* The first layer with a cache of its own that is sliding (swa 1) or
 * full (swa 0), as model_layer answers for it: the sizes a layer of that
 * kind has (a shared layer of the kind attends with them).  Without one,
 * the sizes such a layer would have. */
struct model_layer model_kind_layer(const struct model *m, int swa);
/* The widest of every layer's attn_k, attn_v, ff and ff_shexp (the
 * graphs' overflow bounds); the other members 0. */
struct model_layer model_layer_widest(const struct model *m);

/* Values per token of a recurrent layer's state, llama-hparams.cpp n_embd_r
 * (the convolution's rows) and n_embd_s (the SSM / delta-net state). */
int64_t model_embd_r(const struct model *m);
int64_t model_embd_s(const struct model *m);
/* Layers of each kind (enum layer_type). */
int64_t model_layers_of(const struct model *m, enum layer_type t);
const char *model_layer_type_word(enum layer_type t);
/* The Hadamard rotation llama.cpp gives a block-quantized cache
 * (llama-kv-cache.cpp llama_kv_cache: attn_rot_k, attn_rot_v;
 * build_input_k_rot, build_input_v_rot), the one statement of the rule:
 * K's matrix is n x n, n doubling from 64 while it divides the head size
 * hd (0: K not block-quantized, or hd not a multiple of 64); V's is 64
 * when V is block-quantized and hd a multiple of 64, else 0. */
int64_t model_rot_k_n_at(const struct model *m, int64_t hd);
int64_t model_rot_v_n_at(const struct model *m, int64_t hd);
/* ... at m's head sizes; none on the MLA latent cache (K the latent, no
 * V: its graph is estimated). */
int64_t model_rot_k_n(const struct model *m);
int64_t model_rot_v_n(const struct model *m);
/* V elements of layer il a cell, n_embd_v_gqa(il) = n_embd_head_v x
 * n_head_kv(il); 0 on the latent cache (V is read as a view of K). */
int64_t model_v_elems_layer(const struct model *m, int64_t il);
/* 1 when m's family is a hybrid (recurrent layers beside attention:
 * llama.cpp's llm_arch_is_hybrid), whose memory filters drop a block with
 * neither KV heads nor a state. */
int model_is_hybrid(const struct model *m);

/* The swa_pattern that marks exactly the layers of layer_swa (0: every
 * layer, 1: none, n: il % n < n - 1), or -1 when no pattern does; a tail
 * of layers without a cache of their own (shared, none, nextn) is left out. */
int64_t model_swa_pattern_of(const struct model *m);
/* Layers that are local (sliding window) under the model's pattern. */
int64_t model_local_layers(const struct model *m);

#endif
