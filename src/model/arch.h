/*
 * arch: the llama.cpp architectures attnviz knows how to size (DESIGN
 * section 5, "Architectures of 2026"), a file each in src/families/
 * (model/family.h).  Every reader (INI [model] arch, GGUF
 * general.architecture, config.json's family) refuses a name that has no
 * file there: a model attnviz cannot size is never sized as if it were
 * plain attention.  A family also says which of the cache mechanisms beyond
 * plain attention attnviz reads for it; a GGUF key that switches on a
 * mechanism the family does not list is refused the same way (arch_keys).
 * Names and keys are llama.cpp's: src/llama-arch.cpp LLM_ARCH_NAMES and
 * LLM_KV_NAMES, release v0.5.0 (build/llama/release.json).
 */
#ifndef ATTNVIZ_ARCH_H
#define ATTNVIZ_ARCH_H

#include <stddef.h>

/* Cache mechanisms beyond plain (full or sliding) attention, as bits. */
enum arch_mech {
	AM_RECURRENT = 1 << 0, /* recurrent layers keep a fixed state
				  (llama-memory-recurrent.cpp) */
	AM_CHUNKED = 1 << 1,   /* chunked attention (LLAMA_SWA_TYPE_CHUNKED) */
	AM_SHARED_KV = 1 << 2, /* layers reuse an earlier layer's cache
				  (n_layer_kv_from_start) */
	AM_INDEXER = 1 << 3,   /* a sparse-attention indexer's K-only cache */
	AM_NEXTN =
	    1 << 4, /* nextn / MTP layers, filtered out of the main cache */
	AM_SWA_HEADS = 1 << 5, /* sliding layers with their own head sizes
				  (key_length_swa) */
	/* the indexer cache only on the layers attention.indexer.types marks
	 * (GLM-5.2's, src/models/glm-dsa.cpp; gguf.c read_glm_dsa refuses it)
	 */
	AM_INDEXER_TYPES = 1 << 10,
	/* a dense MLP of ff_dense in every layer beside the experts, no
	 * dense_lead or moe_layer_step needed (src/models/gemma4.cpp: "normal
	 * FFN as shared expert") */
	AM_FFN_BESIDE_EXPERTS = 1 << 13,
	/* Gemma 4's graph (src/models/gemma4.cpp), replayed by
	 * src/graph/compute_gemma4.c */
	AM_GRAPH_GEMMA4 = 1 << 14,
	/* Gemma 3n's graph (src/models/gemma3n.cpp), replayed by
	 * src/graph/compute_gemma3n.c */
	AM_GRAPH_GEMMA3N = 1 << 15,
	/* the block_count layers run num_loops times over, each pass with a
	 * cache of its own (src/models/nanbeige.cpp load_arch_hparams) */
	AM_LOOPS = 1 << 16,
	/* kv_lora_rank compresses the projections only: no key_length_mla read,
	 * hparams.is_mla() false, full K and V cached (src/models/minicpm3.cpp)
	 */
	AM_LORA_FULL_KV = 1 << 17,
	/* Not a cache mechanism: flash attention is forced off whatever the
	 * deployment asks (llama-context.cpp llama_init_from_model: "not
	 * compatible with Grok"), size_flash_attn */
	AM_NO_FLASH_ATTN = 1 << 18,
	/* Its loader reads leading_dense_block_count (n_layer_dense_lead:
	 * src/models/deepseek2.cpp, glm4-moe.cpp, ... load_arch_hparams);
	 * another's leaves it 0 whatever the file says, and llama.cpp's
	 * saver writes the key for every architecture */
	AM_DENSE_LEAD = 1 << 19,
	/* Its loader makes a layer MoE where the file holds
	 * blk.N.ffn_gate_inp (jamba.cpp load_arch_tensors:
	 * TENSOR_NOT_REQUIRED), a dense FFN elsewhere: the tensors say which
	 * (model layer_dense_ffn) */
	AM_ROUTER_LAYERS = 1 << 20,
};

struct family;

/* The family of llama.cpp architecture name (src/families/NAME.c), or NULL
 * when attnviz does not size it. */
const struct family *arch_find(const char *name);
/* Whether arch ties its output head to the token embeddings when the file
 * does not say: the transformers class's tie_word_embeddings default, or
 * llama.cpp's loader when it never makes an output head (the family's
 * .weights); 0 for an architecture without them. */
int arch_tied_default(const char *name);
/* The family of a model that names no architecture (an INI file without
 * [model] arch): plain attention as its fields describe it, with llama's
 * graph. */
extern const struct family arch_plain;
/* The known names, comma-separated, those of one stem braced
 * ("gemma{2,3,3n,4}"), for the one-line refusal. */
const char *arch_known_list(void);

/* A GGUF key ("{arch}." + suffix) that switches on a mechanism when its
 * value is not 0 (llama-model.cpp load_hparams and the models' load_arch_hparams). */
struct arch_key {
	const char *suffix;
	unsigned mech;
	const char *what;   /* the mechanism, named when the key is ignored */
};
extern const struct arch_key arch_keys[];
extern const size_t arch_key_count;

/* Why a llama.cpp architecture without a family file is refused
 * (src/model/arch_refused.c). */
enum arch_refusal {
	AR_ENCODER,     /* embeddings only: create_memory builds no cache */
	AR_DIFFUSION,   /* diffusion decoding: create_memory builds no cache */
	AR_SPEECH,      /* text to speech, an audio codec */
	AR_TOWER,       /* a name llama.cpp keeps for another tool */
	AR_DRAFT,       /* a draft head loaded beside its target */
	AR_UNMODELLED,  /* a decoder with a memory rule attnviz lacks */
	AR_UNCHECKED,   /* a decoder no file of llama.cpp's saver checks */
};
struct arch_refused {
	const char *arch;
	enum arch_refusal kind;
	const char *rule; /* the model or the rule, with its source; or NULL */
};
extern const struct arch_refused arch_refused[];
extern const size_t arch_refused_count;
const struct arch_refused *arch_refused_find(const char *name);
/* The kind's short name ("encoder", "not-modelled", ...). */
const char *arch_refusal_kind(enum arch_refusal kind);
/* The one line that refuses NAME: what it is and why attnviz does not
 * size it, or, for a name llama.cpp does not have, the known families. */
void arch_refusal(const char *name, char *buf, size_t size);

#endif
