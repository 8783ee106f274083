/*
 * fields: the fields of a model description (DESIGN sections 5 and 6) as
 * one table indexed by enum model_field.  A row says where the field sits in
 * an INI model file (section, key), how it is read (type, range, default),
 * where it goes in struct model, and which GGUF key and config.json field it
 * comes from.  The INI reader, the GGUF and config.json readers' origins,
 * --export-model and --explain all name a field by its enum, never by a
 * string.  Adding a field: one row here (and its member of struct model),
 * plus whatever logic is special to it in the readers.
 */
#ifndef ATTNVIZ_FIELDS_H
#define ATTNVIZ_FIELDS_H

#include <stddef.h>

/* In the INI file's order: the INI reader walks the rows in this order, so
 * `layers` is known when the per-layer `kv_heads` list is read. */
enum model_field {
	MF_NAME,
	MF_SOURCE,
	MF_ARCH,
	MF_NOTE,
	MF_PARAMS,
	MF_ACTIVE_PARAMS,
	MF_EXPERTS,
	MF_EXPERTS_USED,
	MF_LAYERS,
	MF_HEADS,
	MF_KV_HEADS,
	MF_HEAD_DIM,
	MF_HEAD_DIM_V,
	MF_VOCAB,
	MF_CTX_TRAIN,
	MF_NEXTN,
	MF_MOE_STEP,
	MF_DENSE_LEAD,
	MF_SHARED_EXPERTS, /* [model] dense_lead, shared_experts: the MoE graph
			    */
	MF_FFN_TYPES, /* [model] ffn_types: which layers route to experts */
	MF_FF_LAYERS, /* [model] ff_layers: each layer's FFN width */
	MF_ROUTER_BIAS,	   /* [model] router_bias: exp_probs_b */
	MF_TIED_EMBD,	   /* [model] tied_embeddings: no output head */
	MF_WEIGHTS_BYTES,
	MF_WEIGHTS_TYPE, /* [weights] type: a llama-quantize type */
	MF_KIND,
	MF_SLIDING_WINDOW,
	MF_SWA_PATTERN,
	MF_LAYER_TYPES,
	MF_WINDOW_USED,
	MF_SINKS,
	MF_HEAD_DIM_SWA,
	MF_HEAD_DIM_V_SWA,
	MF_KV_LORA_RANK,
	MF_QK_ROPE_HEAD_DIM,
	MF_QK_NOPE_HEAD_DIM,
	MF_V_HEAD_DIM,
	MF_LATENT_CACHE,
	MF_INDEXER_HEAD_DIM,
	MF_INDEXER_TOP_K,
	MF_Q_LORA_RANK,
	MF_INDEXER_HEADS, /* [mla] the DSA graph's query latent and indexer
			     heads */
	MF_SSM_D_CONV,
	MF_SSM_D_INNER,
	MF_SSM_D_STATE,
	MF_SSM_N_GROUP,
	MF_SSM_DT_RANK,
	MF_SHORTCONV_L_CACHE,
	MF_KDA_HEAD_DIM,
	MF_PLE_STATE,	 /* [recurrent] KDA heads' size, Qwen4exp's PLE row */
	MF_SSM_PARALLEL, /* [recurrent] parallel: attention layers keep the
			    state too (Falcon-H1) */
	MF_BASE,
	MF_BASE_LOCAL,
	MF_SCALING,
	MF_FACTOR,
	MF_ORIG_CTX,
	MF_BETA_FAST,
	MF_BETA_SLOW,
	MF_MSCALE,
	MF_MSCALE_ALL_DIM,
	MF_LOW_FREQ_FACTOR,
	MF_HIGH_FREQ_FACTOR,
	MF_ROPE_DIMS, /* [rope] dims: the rotated dimensions of a head (partial
			 rotary) */
	MF_ROPE_DIMS_SWA, /* [rope] dims_swa: a sliding layer's */
	MF_EMBD,
	MF_FF,	     /* [model] embd, ff: optional, for the compute buffer
		      * (size_buffers) and       the short-conv state (n_embd) */
	MF_FF_DENSE, /* [model] ff_dense: a MoE model's dense layers' FFN width
		      */
	MF_EMBD_PER_LAYER, /* [model] embd_per_layer: Gemma 4 E2B/E4B's
			      per-layer input width */
	MF_CACHE_TYPE,	   /* [cache] type: both K and V, read into k_type and
			      v_type */
	MF_K_TYPE,
	MF_V_TYPE,
	MF_COUNT
};

/* How a field's INI value is read. */
enum mf_type {
	MFT_TEXT,        /* copied, control bytes shown as '?' */
	MFT_INT,         /* int64_t in [min, max] */
	MFT_REAL,        /* double in [min, max] */
	MFT_WORD,        /* one of words[]: its index, stored in an int-sized enum or int */
	MFT_FLAG,        /* 0 or 1, stored in an int */
	MFT_NOT_FLAG,    /* 0 or 1, stored negated in an int (window_used -> swa_ignored) */
	MFT_KV_HEADS,    /* one number, or one per layer: layer_kv_heads */
	MFT_HEADS,       /* one number, or one per layer: layer_heads */
	MFT_LAYER_TYPES, /* full | sliding | chunked | recurrent | shared | none per layer: layer_type */
	MFT_FFN_TYPES,   /* moe | dense per layer: layer_dense_ffn */
	MFT_FF_LAYERS,   /* one number per layer: layer_ff */
};
/* Whether an INI file must give the field. */
enum mf_need { MFN_OPT, MFN_REQ, MFN_REQ_MLA /* required when kind = mla, refused otherwise */ };

struct model_field_info {
	const char *section, *key;   /* INI: [section] key */
	enum mf_type type;
	enum mf_need need;
	double min, max, def;        /* range, and the default of an optional number or word */
	const char *const *words;    /* MFT_WORD: the words, NULL-terminated */
	size_t off, size;            /* the member of struct model */
	const char *gguf;            /* llama.cpp's GGUF key ("{arch}." for the architecture
				      * prefix); NULL when no key gives it */
	const char *hf;              /* the config.json field (dotted when nested); NULL when none */
};

/* [MF_COUNT] every row, indexed by enum model_field. */
extern const struct model_field_info model_fields[MF_COUNT];

/* The words of the enumerations, as written in files (NULL-terminated). */
extern const char *const model_kind_words[];
extern const char *const model_scaling_words[];
extern const char *const model_sink_words[];
extern const char *const model_cache_words[];
extern const char *const model_layer_type_words[];   /* enum layer_type */
extern const char *const model_ffn_type_words[];     /* moe, dense */

/* The GGUF key of f with {arch} put in, into buf[len]; NULL when f has none. */
const char *model_field_gguf_key(enum model_field f, const char *arch, char *buf, size_t len);

#endif
