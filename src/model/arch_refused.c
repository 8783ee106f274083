/*
 * arch_refused: every architecture of the llama.cpp attnviz follows
 * (src/llama-arch.cpp LLM_ARCH_NAMES) that has no file in src/families/,
 * and why it is refused.  With the families it covers that list whole
 * (tests/engine.sh holds the two to llama.cpp's names), so a refusal always
 * says what the model is or which of llama.cpp's rules attnviz lacks, and
 * `attnviz --archs` prints both.  When a family file is added, its row
 * here goes.
 */
#include "model/arch.h"

#include <stdio.h>
#include <string.h>

/* What a kind of refusal says before the row's own words. */
static const char *const kind_text[] = {
	[AR_ENCODER] = "an encoder (embeddings): llama.cpp keeps no cache for "
		       "it (src/llama-model.cpp create_memory)",
	[AR_DIFFUSION] = "a diffusion model: it decodes every position at "
			 "once and llama.cpp keeps no cache for it "
			 "(src/llama-model.cpp create_memory)",
	[AR_SPEECH] = "a speech model, not a text generator",
	[AR_TOWER] = "not a model libllama runs",
	[AR_DRAFT] = "a draft head for speculative decoding, loaded beside "
		     "its target model",
	[AR_UNMODELLED] = "a text decoder whose memory attnviz does not "
			  "model yet",
	[AR_UNCHECKED] = "a text decoder llama.cpp's own saver writes no file "
			 "of (tests/test-llama-archs.cpp), so no size of it "
			 "could be checked against the engine",
};

/* Short names of the kinds, for --archs. */
static const char *const kind_name[] = {
	[AR_ENCODER] = "encoder",     [AR_DIFFUSION] = "diffusion",
	[AR_SPEECH] = "speech",       [AR_TOWER] = "not-a-model",
	[AR_DRAFT] = "draft-head",    [AR_UNMODELLED] = "not-modelled",
	[AR_UNCHECKED] = "no-fixture",
};

const struct arch_refused arch_refused[] = {
	/* create_memory returns nullptr: embeddings, no generation */
	{.arch = "bert", .kind = AR_ENCODER},
	{.arch = "eurobert", .kind = AR_ENCODER},
	{.arch = "gemma-embedding", .kind = AR_ENCODER},
	{.arch = "jina-bert-v2", .kind = AR_ENCODER},
	{.arch = "jina-bert-v3", .kind = AR_ENCODER},
	{.arch = "modern-bert", .kind = AR_ENCODER},
	{.arch = "neo-bert", .kind = AR_ENCODER},
	{.arch = "nomic-bert", .kind = AR_ENCODER},
	{.arch = "nomic-bert-moe", .kind = AR_ENCODER},
	{.arch = "t5encoder", .kind = AR_ENCODER,
	 .rule = "T5's encoder alone (src/models/t5encoder.cpp)"},
	{.arch = "llama-embed", .kind = AR_ENCODER,
	 .rule = "Llama's layers without the causal mask, for embeddings"},
	/* create_memory returns nullptr: diffusion language models */
	{.arch = "dream", .kind = AR_DIFFUSION},
	{.arch = "llada", .kind = AR_DIFFUSION},
	{.arch = "llada-moe", .kind = AR_DIFFUSION},
	{.arch = "rnd1", .kind = AR_DIFFUSION},
	/* speech */
	{.arch = "wavtokenizer-dec", .kind = AR_SPEECH,
	 .rule = "an audio codec's decoder, tokens to a waveform "
		 "(src/models/wavtokenizer-dec.cpp)"},
	{.arch = "pockettts", .kind = AR_SPEECH,
	 .rule = "text to speech (src/models/pockettts.cpp)"},
	{.arch = "qwen3tts", .kind = AR_SPEECH,
	 .rule = "text to speech (src/models/qwen3tts.cpp)"},
	/* llama-arch.cpp: "dummy, only used by llama-quantize" */
	{.arch = "clip", .kind = AR_TOWER,
	 .rule = "a vision or audio encoder, loaded by libmtmd "
		 "(tools/mtmd); llama-arch.cpp names it for "
		 "llama-quantize only"},
	{.arch = "eagle3", .kind = AR_DRAFT,
	 .rule = "EAGLE-3 (src/models/eagle3.cpp)"},
	{.arch = "dflash", .kind = AR_DRAFT,
	 .rule = "DFlash (src/models/dflash.cpp)"},
	{.arch = "gemma4-assistant", .kind = AR_DRAFT,
	 .rule = "Gemma 4's assistant (src/models/gemma4-assistant.cpp)"},
	/* text decoders, memory not modelled yet: the rule attnviz lacks */
	{.arch = "rwkv6", .kind = AR_UNMODELLED,
	 .rule = "RWKV's token-shift and wkv states "
		 "(src/llama-memory-recurrent.cpp)"},
	{.arch = "rwkv6qwen2", .kind = AR_UNMODELLED,
	 .rule = "RWKV's token-shift and wkv states "
		 "(src/llama-memory-recurrent.cpp)"},
	{.arch = "rwkv7", .kind = AR_UNMODELLED,
	 .rule = "RWKV's token-shift and wkv states "
		 "(src/llama-memory-recurrent.cpp)"},
	{.arch = "arwkv7", .kind = AR_UNMODELLED,
	 .rule = "RWKV's token-shift and wkv states "
		 "(src/llama-memory-recurrent.cpp)"},
	{.arch = "t5", .kind = AR_UNMODELLED,
	 .rule = "an encoder-decoder: the decoder's cache beside the "
		 "encoder's output (src/models/t5.cpp)"},
	/* loaded by llama.cpp, not written by its saver */
	{.arch = "apertus", .kind = AR_UNCHECKED},
	{.arch = "bitnet", .kind = AR_UNCHECKED},
	{.arch = "step35", .kind = AR_UNCHECKED},
	{.arch = "deepseek2-ocr", .kind = AR_UNCHECKED,
	 .rule = "test-llama-archs.cpp arch_supported: skipped"},
	{.arch = "plm", .kind = AR_UNCHECKED,
	 .rule = "test-llama-archs.cpp arch_supported: \"TODO tensor "
		 "shapes\""},
	{.arch = "graniteswitch", .kind = AR_UNCHECKED,
	 .rule = "test-llama-archs.cpp arch_supported: \"FIXME adapter "
		 "fixture\""},
	{.arch = "chameleon", .kind = AR_UNCHECKED,
	 .rule = "test-llama-archs.cpp: \"Only half-implemented and to be "
		 "removed\""},
	{.arch = "gptj", .kind = AR_UNCHECKED,
	 .rule = "test-llama-archs.cpp: \"These models don't have usable "
		 "implementations\""},
};
const size_t arch_refused_count = sizeof arch_refused / sizeof *arch_refused;

const struct arch_refused *arch_refused_find(const char *name)
{
	for (size_t i = 0; i < arch_refused_count; i++)
		if (!strcmp(arch_refused[i].arch, name))
			return &arch_refused[i];
	return NULL;
}

const char *arch_refusal_kind(enum arch_refusal kind)
{
	return kind_name[kind];
}

void arch_refusal(const char *name, char *buf, size_t size)
{
	const struct arch_refused *r = arch_refused_find(name);
	if (!r) {
		snprintf(buf, size,
			 "'%s' is not an architecture attnviz sizes "
			 "(known: %s)",
			 name, arch_known_list());
		return;
	}
	snprintf(buf, size, "'%s' is not sized: %s%s%s", name,
		 kind_text[r->kind], r->rule ? ": " : "",
		 r->rule ? r->rule : "");
}
