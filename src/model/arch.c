/*
 * arch: finding an architecture among the families (see the header).
 */
#include "model/arch.h"
#include "model/family.h"
#include "model/model.h"

#include <stdio.h>
#include <string.h>

/* A model whose file names no architecture: plain attention with llama's
 * graph, replayed (src/graph/compute_dense_replay.c). */
const struct family arch_plain = {
    .arch = "",
    .dense_graph = &(const struct family_dense_graph){.modelled = 1},
};

const struct family *arch_find(const char *name)
{
	for (size_t i = 0; i < family_count; i++)
		if (!strcmp(families[i]->arch, name))
			return families[i];
	return NULL;
}

int arch_tied_default(const char *name)
{
	const struct family *f = arch_find(name);
	const struct family_weights *w = f ? f->weights : NULL;
	return w ? w->tied || w->head == WS_HEAD_NEVER : 0;
}

const struct family *model_family(const struct model *m)
{
	return m->family ? m->family : arch_find(m->arch);
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
 * stays a short line: "qwen{2,3,3moe}", "llama{,4}", "deci"; past
 * KNOWN_SHOWN characters the list stops at a stem and says how many
 * families there are in all (README lists them). */
#define KNOWN_SHOWN 150
const char *arch_known_list(void)
{
	static char list[1024];
	if (list[0])
		return list;
	/* In alphabetical order, so one stem's names sit side by side. */
	const char *sorted[256];
	size_t N = family_count < 256 ? family_count : 256;
	for (size_t i = 0; i < N; i++) {
		size_t j = i;
		for (; j > 0 && strcmp(sorted[j - 1], families[i]->arch) > 0;
		     j--)
			sorted[j] = sorted[j - 1];
		sorted[j] = families[i]->arch;
	}
	size_t n = 0;
	for (size_t i = 0, end; i < N; i = end) {
		size_t stem = stem_len(sorted[i]);
		for (end = i + 1; end < N && same_stem(sorted[end], sorted[i]);)
			end++;
		if (n >= KNOWN_SHOWN) {
			char all[48];
			int k = snprintf(all, sizeof all, ", ... (%zu in all)",
					 family_count);
			add(list, sizeof list, &n, all, (size_t)k);
			break;
		}
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
	{"num_loops", AM_LOOPS, "the layers run more than once"},
};
const size_t arch_key_count = sizeof arch_keys / sizeof arch_keys[0];
