/*
 * arch: the table of architectures attnviz sizes (see the header).
 */
#include "model/arch.h"

#include <stdio.h>
#include <string.h>

/*
 * Plain attention, sized by src/model/size.c from head counts, head sizes,
 * the sliding window and MLA: the families whose llama.cpp create_memory
 * (src/llama-model.cpp, release v0.5.0) builds a llama_kv_cache or
 * llama_kv_cache_iswa from n_embd_k_gqa / n_embd_v_gqa alone.  Not here:
 * gemma-embedding (create_memory returns no memory at all) and every
 * llm_arch_is_recurrent / llm_arch_is_hybrid family until its state is read.
 * The rows are in enum arch_id's order (arch.h; test_model.c pins each id to
 * its name): a new row goes at the end of both.
 */
static const struct arch_info archs[] = {
	/* AM_GRAPH_CHECKED: tests/engine.sh holds their compute buffers within 2 % */
	{"llama", AM_NEXTN | AM_GRAPH_CHECKED},  {"qwen2", AM_NEXTN | AM_GRAPH_CHECKED}, {"qwen3", AM_NEXTN},
	{"qwen3moe", AM_NEXTN | AM_GRAPH_QWEN3MOE}, {"gemma2", AM_NEXTN | AM_GRAPH_CHECKED}, {"gemma3", AM_NEXTN | AM_GRAPH_CHECKED},
	{"deepseek2", AM_NEXTN | AM_GRAPH_DEEPSEEK2}, {"gpt-oss", AM_NEXTN | AM_GRAPH_OAI_MOE},
	{"phi3", AM_NEXTN},      {"falcon", AM_NEXTN},  {"cohere2", AM_NEXTN | AM_GRAPH_CHECKED}, {"olmo2", AM_NEXTN},
	{"exaone4", AM_NEXTN},   {"gemma3n", AM_NEXTN},
	{"mistral3", AM_NEXTN | AM_GRAPH_CHECKED}, {"smollm3", AM_NEXTN | AM_GRAPH_CHECKED},
	/* per-layer KV heads, 0 for its no-op attention blocks (src/models/deci.cpp) */
	{"deci", AM_NEXTN | AM_GRAPH_CHECKED},
	/* Gemma 4: per-layer KV heads and head sizes (key_length_swa), layers
	 * sharing an earlier layer's cache (src/models/gemma4.cpp) */
	{"gemma4", AM_NEXTN | AM_SHARED_KV | AM_SWA_HEADS | AM_FFN_BESIDE_EXPERTS | AM_GRAPH_GEMMA4},
	/* chunked attention (src/models/llama4.cpp) */
	{"llama4", AM_NEXTN | AM_CHUNKED | AM_GRAPH_LLAMA4},
	/* MLA's latent plus the lightning indexer's K-only cache (create_memory:
	 * llama_kv_cache_dsa, src/llama-kv-cache-dsa.cpp) */
	{"deepseek32", AM_NEXTN | AM_INDEXER},
	/* GLM-5 (GlmMoeDsaForCausalLM): the same llama_kv_cache_dsa
	 * (create_memory's LLM_ARCH_GLM_DSA case, src/models/glm-dsa.cpp); an
	 * indexer on every layer before GLM-5.2 (gguf.c read_glm_dsa) */
	{"glm-dsa", AM_NEXTN | AM_INDEXER | AM_INDEXER_TYPES},
	/* plain attention with a nextn (MTP) block (src/models/glm4-moe.cpp) */
	{"glm4moe", AM_NEXTN | AM_GRAPH_GLM4MOE},
	/* hybrids (llm_arch_is_hybrid): gguf.c read_recurrent */
	{"qwen3next", AM_NEXTN | AM_RECURRENT},
	{"granitehybrid", AM_NEXTN | AM_RECURRENT},
	{"nemotron_h", AM_NEXTN | AM_RECURRENT},
	/* Qwen3.5 dense and MoE: Qwen3-Next's layout (src/models/qwen35.cpp, qwen35moe.cpp) */
	{"qwen35", AM_NEXTN | AM_RECURRENT},
	{"qwen35moe", AM_NEXTN | AM_RECURRENT},
	/* Mamba-1 state between attention layers (src/models/jamba.cpp) */
	{"jamba", AM_NEXTN | AM_RECURRENT},
	/* Mamba2 beside attention in every layer (src/models/falcon-h1.cpp) */
	{"falcon-h1", AM_NEXTN | AM_RECURRENT},
	/* short-convolution state between attention layers (src/models/lfm2.cpp, lfm2moe.cpp) */
	{"lfm2", AM_NEXTN | AM_RECURRENT},
	{"lfm2moe", AM_NEXTN | AM_RECURRENT},
};

_Static_assert(sizeof archs / sizeof archs[0] == AR_COUNT, "a row for every enum arch_id");

const struct arch_info arch_plain = {"", AM_GRAPH_CHECKED};

enum arch_id arch_id_of(const struct arch_info *ai)
{
	for (size_t i = 0; i < sizeof archs / sizeof archs[0]; i++)
		if (ai == &archs[i])
			return (enum arch_id)i;
	return AR_COUNT;
}

const struct arch_info *arch_find(const char *name)
{
	for (size_t i = 0; i < sizeof archs / sizeof archs[0]; i++)
		if (!strcmp(archs[i].name, name))
			return &archs[i];
	return NULL;
}

/* The leading letters of a name: the family a refusal groups it under. */
static size_t stem_len(const char *name)
{
	size_t n = 0;
	while (name[n] >= 'a' && name[n] <= 'z')
		n++;
	return n;
}

/* Appends text to list, cut (never overrun) when full. */
static void add(char *list, size_t size, size_t *n, const char *text, size_t len)
{
	for (size_t i = 0; i < len && *n + 1 < size; i++)
		list[(*n)++] = text[i];
	list[*n] = 0;
}

static int same_stem(const char *a, const char *b)
{
	return stem_len(a) == stem_len(b) && !strncmp(a, b, stem_len(a));
}

/* Names sharing a stem are written once, shell-brace style, so the refusal
 * stays a short line: "qwen{2,3,3moe}", "llama{,4}", "deci". */
const char *arch_known_list(void)
{
	enum { N = sizeof archs / sizeof archs[0] };
	static char list[512];
	if (list[0])
		return list;
	/* In alphabetical order, so one stem's names sit side by side. */
	const char *sorted[N];
	for (size_t i = 0; i < N; i++) {
		size_t j = i;
		for (; j > 0 && strcmp(sorted[j - 1], archs[i].name) > 0; j--)
			sorted[j] = sorted[j - 1];
		sorted[j] = archs[i].name;
	}
	size_t n = 0;
	for (size_t i = 0, end; i < N; i = end) {
		size_t stem = stem_len(sorted[i]);
		for (end = i + 1; end < N && same_stem(sorted[end], sorted[i]);)
			end++;
		if (n)
			add(list, sizeof list, &n, ", ", 2);
		if (end == i + 1) {
			add(list, sizeof list, &n, sorted[i], strlen(sorted[i]));
			continue;
		}
		add(list, sizeof list, &n, sorted[i], stem);
		for (size_t j = i; j < end; j++) {
			add(list, sizeof list, &n, j > i ? "," : "{", 1);
			add(list, sizeof list, &n, sorted[j] + stem, strlen(sorted[j] + stem));
		}
		add(list, sizeof list, &n, "}", 1);
	}
	return list;
}

/* src/llama-arch.cpp LLM_KV_NAMES; the generic ones are read for every
 * architecture by llama-model.cpp load_hparams (nextn_predict_layers,
 * key_length_swa, value_length_swa), the others by the families that have
 * the mechanism (qwen3next, mamba2, lfm2, rwkv, kimi-linear, deepseek32,
 * gemma4; not gemma3n, whose shared layers are fixed in its loader). */
const struct arch_key arch_keys[] = {
	{"ssm.conv_kernel", AM_RECURRENT, "a recurrent (Mamba / delta-net) state"},
	{"ssm.inner_size", AM_RECURRENT, "a recurrent (Mamba / delta-net) state"},
	{"ssm.state_size", AM_RECURRENT, "a recurrent (Mamba / delta-net) state"},
	{"ssm.group_count", AM_RECURRENT, "a recurrent (Mamba / delta-net) state"},
	{"shortconv.l_cache", AM_RECURRENT, "a short-convolution state"},
	{"wkv.head_size", AM_RECURRENT, "an RWKV state"},
	{"kda.head_dim", AM_RECURRENT, "a delta-attention state"},
	{"attention.recurrent_layers", AM_RECURRENT, "recurrent layers"},
	{"full_attention_interval", AM_RECURRENT, "recurrent layers between the attention ones"},
	{"attention.indexer.key_length", AM_INDEXER, "a sparse-attention indexer cache"},
	{"attention.indexer.head_count", AM_INDEXER, "a sparse-attention indexer cache"},
	{"attention.shared_kv_layers", AM_SHARED_KV, "layers that share another layer's cache"},
	{"nextn_predict_layers", AM_NEXTN, "nextn (MTP) layers"},
	{"attention.key_length_swa", AM_SWA_HEADS, "sliding layers with their own head size"},
	{"attention.value_length_swa", AM_SWA_HEADS, "sliding layers with their own head size"},
};
const size_t arch_key_count = sizeof arch_keys / sizeof arch_keys[0];
