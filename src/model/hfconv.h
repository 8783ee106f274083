/*
 * hfconv: a config.json read the way llama.cpp's converter reads it.
 *
 * A family file's `.conv` names the classes its converter registers
 * (conversion/NAME.py, @ModelBase.register) and, in `convert`, does what
 * that class's set_gguf_parameters does: hparams looked up with the calls
 * below (self.hparams, find_hparam), GGUF keys written with hfc_put_*
 * (gguf_writer.add_*).  The keys written are then read by the GGUF reader
 * (src/model/gguf.c) as it reads a converted file's header, so a
 * config.json and the GGUF the converter makes of it are sized by the same
 * rules, the ones held to the real llama.cpp.  Weights, which no
 * config.json gives, are estimated from the layers and marked so.
 *
 * Errors name the config.json key and its line ("FILE:LINE:COL: field
 * KEY: what"), for a bad value and for a GGUF rule the written key breaks.
 */
#ifndef ATTNVIZ_HFCONV_H
#define ATTNVIZ_HFCONV_H

#include <stddef.h>
#include <stdint.h>

struct hfc;

/* A value transformers fills in when config.json leaves the key out (the
 * keyword default of the configuration class's __init__, which AutoConfig
 * puts into the converter's hparams): a number (a boolean: 0 or 1), or
 * a string when str is set. */
struct hfc_default {
	const char *key;
	double value;
	const char *str;
};

/*
 * self.hparams: text_config's keys over the root's (TextModel.__init__),
 * then the family's defaults.  A dotted key ("attn_config.kv_n_heads")
 * walks nested objects.  Lookups return 1 read, 0 absent or null (*out =
 * def), -1 a value of the wrong kind or out of range (the error is set).
 */
int hfc_has(struct hfc *c, const char *key);
/* find_hparam(keys, optional=True): the first of the NULL-terminated list
 * present.  Integral reals (4096.0) are accepted as counts. */
int hfc_int(struct hfc *c, const char *const *keys, int64_t def,
	    int64_t *out);
int hfc_real(struct hfc *c, const char *const *keys, double def,
	     double *out);
int hfc_bool(struct hfc *c, const char *key, int def, int *out);
/* find_hparam(keys) without optional: absent is "missing (required)" */
int hfc_need(struct hfc *c, const char *const *keys, int64_t *out);
/* self.rope_parameters.get(key) (TextModel.__init__: rope_parameters,
 * else rope_scaling, with rope_theta, partial_rotary_factor (or rope_pct,
 * rope_percent), original_max_position_embeddings and rope_type mirrored
 * in from the plain keys when absent there). */
int hfc_rope(struct hfc *c, const char *key, double def, double *out);
/* A string value, or NULL when absent or not a string. */
const char *hfc_str(struct hfc *c, const char *key);
/* self.hf_arch: the root's architectures[0], the class the converter
 * picked (and the family was found by); NULL without one. */
const char *hfc_class(struct hfc *c);
/* A list of numbers (integral) into out[max]: its length, 0 absent, -1
 * an error (not a list, an entry not a whole number, more than max). */
int hfc_ints(struct hfc *c, const char *key, int64_t *out, size_t max);
/* A list of numbers, reals too, into out[max]: as hfc_ints. */
int hfc_reals(struct hfc *c, const char *key, double *out, size_t max);
/* The config path looked up last ("text_config.KEY" when found there),
 * for a source naming it beside others. */
const char *hfc_where(const struct hfc *c);
/* The keys of the object at key, in the file's order (keys[i] valid
 * while c lives): their number, 0 absent or null, -1 an error (not an
 * object, more than max). */
int hfc_keys(struct hfc *c, const char *key, const char **keys,
	     size_t max);
/* A list of strings: its length (words[i] valid while c lives), 0
 * absent, -1 an error. */
int hfc_words(struct hfc *c, const char *key, const char **words,
	      size_t max);
/* One field of each object of the list at key, at a dotted path inside
 * it (block_configs[il]["attention"]["n_heads_in_group"]): the list's
 * length, 0 absent, -1 an error (an entry not an object, its field not a
 * number or boolean, absent when required: the converter's KeyError).
 * out[i] is NAN where the field is null (None) or absent; a boolean is 0
 * or 1. */
int hfc_each(struct hfc *c, const char *key, const char *field,
	     int required, double *out, size_t max);
/* self.hparams.get(key) is not None: the value written as the GGUF key
 * gkey (hfc_get, 1 written, 0 absent); self.hparams[key] (hfc_item:
 * absent is "missing (required)"). */
enum hfc_type { HFC_U32, HFC_F32, HFC_BOOL };
int hfc_get(struct hfc *c, const char *key, const char *gkey,
	    enum hfc_type type);
int hfc_item(struct hfc *c, const char *key, const char *gkey,
	     enum hfc_type type);
/* A config key and the GGUF key the converter writes it as. */
struct hfc_copy {
	const char *from, *key;
};
/* Counts copied as the config gives them, a row a key: self.hparams[from]
 * (required: absent is "missing (required by CLASS)") or .get(from)
 * (absent: not written), written as u32.  0, or -1 at the first error. */
int hfc_copy(struct hfc *c, const struct hfc_copy *rows, size_t n,
	     int required);
#define HFC_COPY(c, rows, required)                                        \
	hfc_copy((c), (rows), sizeof(rows) / sizeof(rows)[0], (required))
/* The converters' "these layers are X" lists: the layer numbers at
 * config key from (counted from first, 0 or 1; required), written as
 * key, one 0 or 1 a layer for n layers.  0, or -1. */
int hfc_put_layer_set(struct hfc *c, const char *from, int64_t first,
		      int64_t n, const char *key);
/* The converters' per-layer flags from a list of layer kinds, "[t ==
 * word for t in hparams[from]]": one bool a layer, written as key. */
struct hfc_layer_words {
	const char *from;   /* the config key: "layer_types" */
	const char *word;   /* the kind flagged: "sliding_attention" */
	const char *other;  /* when set, the one other kind allowed: any
			     * third is an error (else any is unflagged) */
	const char *key;    /* "attention.sliding_window_pattern"; NULL:
			     * not written, only out */
	const char *source; /* the written value's source; NULL: from as
			     * found (text_config.from when nested) */
	/* the list's length: any, layers ("num_hidden_layers" in the
	 * error), or at least layers (the first layers kept) */
	enum { HFC_ANY_LENGTH, HFC_EXACTLY, HFC_AT_LEAST } length;
	int64_t layers;
	/* From absent: "missing (required by CONVERTER)" when required;
	 * else, with a period, the configuration class's default over the
	 * block count (an empty list too, as absent): every period-th layer
	 * unflagged, counted from the first, or back from the last when
	 * from_last, the others flagged, written with absent_source; else
	 * nothing. */
	int required;
	int64_t period;
	int from_last;
	const char *absent_source;
};
/* The number of flags, written as key and copied to out when set (room
 * for layers, or for 1024 with any length); 0 when there are none (from
 * absent without a default, or an empty list: add_array writes none); -1
 * at an error, at from's line. */
int hfc_put_layer_words(struct hfc *c, const struct hfc_layer_words *w,
			int64_t *out);
/* hparams.get("head_dim"), else hparams["hidden_size"] //
 * hparams["num_attention_heads"] (the rope dimension of many classes) */
int hfc_head_dim(struct hfc *c, int64_t *out);
/* The one-line error at config.json's key (NULL: the key looked up
 * last); returns -1. */
int hfc_fail(struct hfc *c, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * gguf_writer.add_*: key without the "ARCH." prefix
 * ("attention.sliding_window"); "general." and "tokenizer." keys as they
 * are.  A key written again replaces the first value (a subclass
 * overriding its base class).  The key looked up last is kept as the
 * value's source, for errors and --explain.  0, or -1 out of memory.
 */
int hfc_put_u32(struct hfc *c, const char *key, int64_t v);
int hfc_put_f32(struct hfc *c, const char *key, double v);
int hfc_put_bool(struct hfc *c, const char *key, int v);
int hfc_put_str(struct hfc *c, const char *key, const char *v);
/* an array of integers (INT32), or of bools when bools */
int hfc_put_ints(struct hfc *c, const char *key, const int64_t *v,
		 size_t n);
int hfc_put_bools(struct hfc *c, const char *key, const int64_t *v,
		  size_t n);
/* the source named for the next put: "KEY" or "KEY x OTHER" */
void hfc_source(struct hfc *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Drop a key written earlier (a class that writes it only sometimes). */
void hfc_drop(struct hfc *c, const char *key);
/* A key written so far: 1 and its number, 0 when not written. */
int hfc_written(struct hfc *c, const char *key, double *v);
/* A window transformers would apply (sliding_window, where the boolean
 * gate, when named, is true: use_sliding_window) that the converter
 * writes no key for and llama.cpp's loader reads none of: said in the
 * note, not kept.  0, or -1 at a bad value. */
int hfc_window_unread(struct hfc *c, const char *gate);
/* What the file says that neither the converter nor llama.cpp keeps,
 * said on screen (m->note, after any note of the GGUF reader's; its
 * origin "config.json KEY vs llama.cpp ARCH"). */
void hfc_note(struct hfc *c, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* TextModel.set_gguf_parameters (conversion/base.py), which most classes
 * call first: block_count, context_length, embedding_length,
 * feed_forward_length, head_count(_kv), rope scaling and bases, norm
 * epsilons, expert counts and gating, key/value_length from head_dim. */
int hfc_text_model(struct hfc *c);
/* conversion/llama.py LlamaModel.set_gguf_parameters, which its
 * subclasses call first (SmolLM3Model, Ministral3Model, Llama4Model,
 * AfmoeModel): TextModel's keys, vocab_size (required), the rotated
 * dimensions head_dim, else hidden_size // num_attention_heads. */
int hfc_llama_model(struct hfc *c);
/* conversion/gemma.py Gemma3Model.set_gguf_parameters, which Gemma3NModel
 * and Gemma4Model call first (src/model/hfconv_gemma.c): TextModel's keys,
 * then its own with their fallbacks, the window unless
 * sliding_window_pattern is 1, the head tied to the embeddings. */
int hfc_gemma3_model(struct hfc *c);
/* conversion/deepseek.py DeepseekV2Model.set_gguf_parameters (the
 * DeepSeek-OCR branch aside), TextModel's first: one KV head, the latent's
 * and MLA's head sizes, the leading dense blocks, the experts' keys
 * (src/model/hfconv_deepseek.c). */
int hfc_deepseek_v2(struct hfc *c);
/* ... and what DeepseekV32Model and GlmMoeDsaModel add to it alike: the
 * nextn (MTP) layers appended to block_count (their __init__, without
 * --no-mtp), nextn_predict_layers, the lightning indexer's heads, K head
 * and top-k (required), the gate's score bias. */
int hfc_deepseek_dsa(struct hfc *c);
/* conversion/lfm2.py's layer kinds (src/model/hfconv_lfm2.c):
 * Lfm2Config.__init__'s layer_types (the file's, else full_attention for
 * the layers full_attn_idxs lists, conv for the others, every layer
 * attention when it lists none), written as num_key_value_heads a layer,
 * 0 on a conv block (lfm2.cpp: is_recr = n_head_kv(il) == 0).  A word
 * not among kinds (NULL-terminated) is refused, named for the family
 * name. */
int hfc_lfm2_kv_heads(struct hfc *c, const char *const *kinds,
		      const char *name);
/* conversion/qwen.py Qwen3NextModel.set_gguf_parameters, over
 * _QwenMtpMixin, Qwen2MoeModel and TextModel
 * (src/model/hfconv_qwen3next.c): the nextn blocks appended (the
 * checkpoint's one where config.json gives no mtp_num_hidden_layers), the
 * gated delta net's ssm.* sizes, layer_types as
 * attention.recurrent_layers, full_attention_interval, the rotated
 * dimensions int(head_dim x partial_rotary_factor). */
int hfc_qwen3next(struct hfc *c);
/* ... and Qwen3_5TextModel's, Qwen3_5MoeTextModel's _Qwen35MRopeMixin:
 * rope.dimension_sections [11, 11, 10, 0] unless rope_parameters has
 * mrope_section. */
int hfc_qwen35(struct hfc *c);
/* conversion/phi.py Phi3MiniModel.set_gguf_parameters, which PhiMoeModel
 * calls first (src/model/hfconv_phi3.c): its keys written itself, each
 * required (not TextModel's): the context, the original context of
 * rope_parameters, the widths and heads, the rms epsilon, the rope
 * dimension int(partial_rotary_factor x hidden_size) // heads, the base,
 * sliding_window (0 when absent). */
int hfc_phi3_mini(struct hfc *c);
/* ... and its generate_extra_tensors: with a long_factor list, the
 * rope_factors_long and _short tensors of rope dims / 2 each and
 * rope.scaling.attn_factor, under rope_type su, longrope or yarn; kept
 * as longrope scaling of max_position_embeddings / the original context
 * (hfc_rope_factors).  1 made, 0 no long_factor, -1 an error. */
int hfc_phi3_rope_factors(struct hfc *c);
/* conversion/granite.py GraniteHybridModel.find_hparam: keys, then each
 * with its hparam prefix "mamba_" (FalconH1Model's alike); required
 * unless opt (absent: 0).  name[len], when set, gets the key found. */
int hfc_mamba_find(struct hfc *c, const char *const *keys, int opt,
		   int64_t *out, char *name, size_t len);
/* ... and both converters' assertion: hidden_act None or silu
 * (granite.py GraniteHybridModel, falcon_h1.py FalconH1Model) */
int hfc_silu(struct hfc *c);
/* conversion/granite.py GraniteHybridModel, whose keys NemotronHModel
 * writes first too (src/model/hfconv_granite.c): its __init__'s widths
 * and set_gguf_parameters over GraniteMoeModel's (TextModel's keys
 * without head_dim, vocab_size, the multipliers as scales, the shared
 * expert), the ssm.* keys, head_count_kv a layer (0 on the Mamba2
 * ones), RoPE (rope.scaling.finetuned) for Bamba or without Mamba2
 * layers, else context_length 2^20. */
struct hfc_granite {
	int64_t layers;            /* block_count */
	const uint8_t *attn;       /* [layers] 1: attention (get_attn_layers) */
	const char *source;        /* the config key attn came from */
	const char *const *inner;  /* d_inner: find_hparam(inner) x d_model */
	int64_t ssm_layers;        /* the class's _ssm_layers at the end */
};
int hfc_granite_hybrid(struct hfc *c, const struct hfc_granite *g);
/* conversion/nemotron.py NemotronHModel: its blocks (hybrid_override_pattern
 * or layers_block_type; the MTP block with experts), GraniteHybridModel's
 * keys over them, then key_length head_dim (else attention_head_dim),
 * feed_forward_length a block (0 but on the MLP blocks) and, moe (MODEL_ARCH
 * NEMOTRON_H_MOE), the experts' keys (src/model/hfconv_granite.c). */
int hfc_nemotron_h(struct hfc *c, int moe);
/* Configuration classes' defaults several families read
 * (src/model/hfconv_configs.c): DeepseekV3Config's, MistralConfig's. */
extern const struct hfc_default hfc_deepseek_v3_defaults[];
extern const struct hfc_default hfc_mistral_defaults[];
/* TextModel's self.block_count: find_hparam(["n_layers",
 * "num_hidden_layers", "n_layer", "num_layers"]) */
int hfc_block_count(struct hfc *c, int64_t *out);
/* LlamaModel.generate_extra_tensors: under rope_type llama3 (of
 * rope_parameters, or its full_attention), the rope_freqs tensor of
 * the converter's defaults factor 8, low 1, high 4 and original context
 * 8192, which llama.cpp's rope uses: kept as llama3 scaling.  1 made, 0
 * not llama3, -1 an error. */
int hfc_rope_freqs_llama3(struct hfc *c);
/* What the tensors would say, for the weights' estimate: the head tied
 * to the embeddings (no output.weight), and the vocabulary's size (the
 * tokenizer's, from vocab_size by default). */
void hfc_tied(struct hfc *c, int tied);
/* ... read from this config key (Lfm2Config's tie_embedding), said as its
 * origin */
void hfc_tied_by(struct hfc *c, const char *key, int tied);
/* ... and a per-expert score bias beside the router (exp_probs_b: the
 * checkpoint's e_score_correction_bias), said with its reason */
void hfc_router_bias(struct hfc *c, const char *why);
void hfc_vocab(struct hfc *c, int64_t vocab);
/* ... and a layer without the experts' router (ffn_gate_inp) in a model
 * with experts: a dense FFN there (JambaModel.modify_tensors) */
void hfc_dense_ffn(struct hfc *c, int64_t il);
/* ... and the norms a layer holds, LayerNorms with a bias when bias */
void hfc_norms(struct hfc *c, int per_layer, int bias);
/* ... and LongRoPE's rope_factors_long / _short tensors (Phi3MiniModel's),
 * which scale the context by factor: read from the list at src */
void hfc_rope_factors(struct hfc *c, double factor, const char *src);

#endif
