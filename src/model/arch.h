/*
 * arch: the llama.cpp architectures attnviz knows how to size (DESIGN
 * section 5, "Architectures of 2026"), as one table.  Every reader (INI
 * [model] arch, GGUF general.architecture, config.json's family) refuses a
 * name that is not here: a model attnviz cannot size is never sized as if it
 * were plain attention.  A row also says which of the cache mechanisms
 * beyond plain attention attnviz reads for that architecture; a GGUF key
 * that switches on a mechanism the row does not list is refused the same way
 * (arch_keys).  Names and keys are llama.cpp's: src/llama-arch.cpp
 * LLM_ARCH_NAMES and LLM_KV_NAMES, release v0.5.0 (build/llama/release.json).
 */
#ifndef ATTNVIZ_ARCH_H
#define ATTNVIZ_ARCH_H

#include <stddef.h>

/* Cache mechanisms beyond plain (full or sliding) attention, as bits. */
enum arch_mech {
	AM_RECURRENT = 1 << 0,   /* recurrent layers keep a fixed state (llama-memory-recurrent.cpp) */
	AM_CHUNKED = 1 << 1,     /* chunked attention (LLAMA_SWA_TYPE_CHUNKED) */
	AM_SHARED_KV = 1 << 2,   /* layers reuse an earlier layer's cache (n_layer_kv_from_start) */
	AM_INDEXER = 1 << 3,     /* a sparse-attention indexer's K-only cache */
	AM_NEXTN = 1 << 4,       /* nextn / MTP layers, filtered out of the main cache */
	AM_SWA_HEADS = 1 << 5,   /* sliding layers with their own head sizes (key_length_swa) */
	/* the indexer cache only on the layers attention.indexer.types marks
	 * (GLM-5.2's, src/models/glm-dsa.cpp; gguf.c read_glm_dsa refuses it) */
	AM_INDEXER_TYPES = 1 << 10,
	/* Not a cache mechanism, a fact of the row kept beside them: its compute
	 * graph's peaks were checked against the real engine (src/model/buffers.c
	 * models its compute buffer; others are estimated). */
	AM_GRAPH_CHECKED = 1 << 6,
	/* gpt-oss's graph (src/models/openai-moe.cpp), whose compute buffer
	 * src/model/compute_moe.c replays through ggml-alloc's rules */
	AM_GRAPH_OAI_MOE = 1 << 7,
	/* Llama 4's graph (src/models/llama4.cpp), replayed likewise */
	AM_GRAPH_LLAMA4 = 1 << 8,
	/* Qwen3-MoE's graph (src/models/qwen3moe.cpp), replayed likewise */
	AM_GRAPH_QWEN3MOE = 1 << 9,
	/* GLM-4.5's graph (src/models/glm4-moe.cpp), replayed likewise */
	AM_GRAPH_GLM4MOE = 1 << 11,
	/* DeepSeek-V2/V3's graph with the MLA latent (src/models/deepseek2.cpp), likewise */
	AM_GRAPH_DEEPSEEK2 = 1 << 12,
	/* a dense MLP of ff_dense in every layer beside the experts, no
	 * dense_lead or moe_layer_step needed (src/models/gemma4.cpp: "normal
	 * FFN as shared expert") */
	AM_FFN_BESIDE_EXPERTS = 1 << 13,
	/* Gemma 4's graph (src/models/gemma4.cpp), replayed by
	 * src/model/compute_gemma4.c */
	AM_GRAPH_GEMMA4 = 1 << 14,
};

/* The rows of the table in its order, for other tables keyed by
 * architecture (gguf.c's rules from llama.cpp's load_hparams):
 * arch_id_of(arch_find(name)). */
enum arch_id {
	AR_LLAMA, AR_QWEN2, AR_QWEN3, AR_QWEN3MOE, AR_GEMMA2, AR_GEMMA3, AR_DEEPSEEK2, AR_GPT_OSS,
	AR_PHI3, AR_FALCON, AR_COHERE2, AR_OLMO2, AR_EXAONE4, AR_GEMMA3N, AR_MISTRAL3, AR_SMOLLM3,
	AR_DECI, AR_GEMMA4, AR_LLAMA4, AR_DEEPSEEK32, AR_GLM_DSA, AR_GLM4MOE, AR_QWEN3NEXT,
	AR_GRANITEHYBRID, AR_NEMOTRON_H, AR_QWEN35, AR_QWEN35MOE, AR_JAMBA, AR_FALCON_H1, AR_LFM2,
	AR_LFM2MOE, AR_COUNT
};

struct arch_info {
	const char *name;   /* llama.cpp's LLM_ARCH name (general.architecture) */
	unsigned mech;      /* enum arch_mech bits attnviz reads for it */
};

/* The row of architecture name, or NULL when attnviz does not size it. */
const struct arch_info *arch_find(const char *name);
/* The row of a model that names no architecture (an INI file without
 * [model] arch): plain attention as its fields describe it, with llama's graph. */
extern const struct arch_info arch_plain;
/* A row's enum arch_id; AR_COUNT for arch_plain. */
enum arch_id arch_id_of(const struct arch_info *ai);
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

#endif
