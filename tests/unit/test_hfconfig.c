/*
 * config.json: the published fixtures of tests/hf read into struct model,
 * each field against the published file or transformers' default, and the
 * estimated parameter counts against the published totals and against sums
 * worked out by hand here (weight by weight, as the comments show).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/hfconfig.h"
#include "t.h"

static int load(struct model *m, const char *dir)
{
	char err[700] = "";
	int rc = model_load_hf(m, dir, err, sizeof err);
	T_OK(rc == 0, "hf: %s loads (%s)", dir, err);
	return rc;
}

/* Load JSON text through a temporary DIR/config.json. */
static int load_text(struct model *m, const char *json, char *err, size_t errlen)
{
	char dir[] = "/tmp/attnviz-hf-XXXXXX", file[64];
	if (!mkdtemp(dir))
		return -2;
	snprintf(file, sizeof file, "%s/config.json", dir);
	FILE *f = fopen(file, "w");
	if (!f)
		return -2;
	fputs(json, f);
	fclose(f);
	int rc = model_load_hf(m, dir, err, errlen);
	unlink(file);
	rmdir(dir);
	return rc;
}

/* |got - want| within rel x want */
#define T_REL(got, want, rel, ...) T_NEAR((got), (want), (rel) * (want), __VA_ARGS__)

static void dense_models(void)
{
	struct model m;
	if (load(&m, "tests/hf/llama3-8b") == 0) {
		T_EQ_STR(m.id, "llama3-8b", "hf llama3-8b: id is the directory name");
		T_EQ_STR(m.arch, "llama", "hf llama3-8b: arch");
		T_OK(m.format == MODEL_HF_CONFIG, "hf llama3-8b: format");
		T_EQ_INT(m.layers, 32, "hf llama3-8b: layers");
		T_EQ_INT(m.heads, 32, "hf llama3-8b: heads");
		T_EQ_INT(m.kv_heads, 8, "hf llama3-8b: kv_heads");
		T_EQ_INT(m.layer_kv_heads[31], 8, "hf llama3-8b: layer 31 kv heads");
		T_EQ_INT(m.head_dim, 128, "hf llama3-8b: head_dim = 4096 / 32");
		T_EQ_INT(m.vocab, 128256, "hf llama3-8b: vocab");
		T_EQ_INT(m.ctx_train, 8192, "hf llama3-8b: ctx_train");
		T_OK(m.kind == ATTN_GQA, "hf llama3-8b: GQA");
		T_NEAR(m.rope_base, 500000, 0, "hf llama3-8b: rope base");
		T_OK(m.scaling == ROPE_NONE, "hf llama3-8b: rope_scaling null");
		T_OK(m.k_type == CACHE_F16 && m.v_type == CACHE_F16, "hf llama3-8b: f16 cache");
		/* embed 128256 x 4096 = 525,336,576, twice (untied) = 1,050,673,152;
		 * layer: q, o 4096 x 4096 x 2 = 33,554,432; k, v 4096 x 1024 x 2 = 8,388,608;
		 * MLP 3 x 4096 x 14336 = 176,160,768; norms 2 x 4096 = 8,192 -> 218,112,000;
		 * x 32 = 6,979,584,000; + final norm 4096 = 8,030,261,248 */
		T_NEAR(m.params, 8030261248.0, 0.5, "hf llama3-8b: params by hand");
		T_REL(m.params, 8.03e9, 0.01, "hf llama3-8b: params within 1%% of the published 8.03e9");
		T_OK(m.params_estimated, "hf llama3-8b: params marked estimated");
		T_OK(strstr(m.source, "estimated") != NULL, "hf llama3-8b: source says estimated");
		T_EQ_STR(model_field_origin(&m, MF_KV_HEADS),
			 "config.json num_key_value_heads -> "
			 "attention.head_count_kv",
			 "hf llama3-8b: kv_heads origin, the converter's key");
		T_OK(model_field_origin(&m, MF_PARAMS) &&
			 !strncmp(model_field_origin(&m, MF_PARAMS),
				  "estimated", 9),
		     "hf llama3-8b: params origin");
	}
	if (load(&m, "tests/hf/llama3.1-8b") == 0) {
		T_OK(m.scaling == ROPE_LLAMA3, "hf llama3.1-8b: rope_type llama3");
		T_NEAR(m.rope_factor, 8, 0, "hf llama3.1-8b: factor");
		T_NEAR(m.low_freq_factor, 1, 0, "hf llama3.1-8b: low_freq_factor");
		T_NEAR(m.high_freq_factor, 4, 0, "hf llama3.1-8b: high_freq_factor");
		T_EQ_INT(m.orig_ctx, 8192, "hf llama3.1-8b: original_max_position_embeddings");
		T_EQ_INT(m.ctx_train, 131072, "hf llama3.1-8b: ctx_train");
	}
	if (load(&m, "tests/hf/qwen2.5-7b") == 0) {
		T_EQ_STR(m.arch, "qwen2", "hf qwen2.5-7b: arch");
		T_EQ_INT(m.kv_heads, 4, "hf qwen2.5-7b: kv_heads");
		T_EQ_INT(m.head_dim, 128, "hf qwen2.5-7b: head_dim = 3584 / 28");
		T_EQ_INT(m.sliding_window, 0, "hf qwen2.5-7b: use_sliding_window false: no window");
		T_OK(!m.swa_ignored && !m.note[0], "hf qwen2.5-7b: nothing ignored");
		/* embed 152064 x 3584 = 544,997,376, x 2 = 1,089,994,752;
		 * layer: q, o 3584^2 x 2 = 25,690,112; k, v 3584 x 512 x 2 = 3,670,016;
		 * q, k, v biases 3584 + 512 + 512 = 4,608; MLP 3 x 3584 x 18944 = 203,685,888;
		 * norms 7,168 -> 233,057,792; x 28 = 6,525,618,176; + 3584 = 7,615,616,512 */
		T_NEAR(m.params, 7615616512.0, 0.5, "hf qwen2.5-7b: params by hand");
		T_REL(m.params, 7.62e9, 0.01, "hf qwen2.5-7b: params within 1%% of the published 7.62e9");
	}
	/* -m ./config.json inside the directory: the id is still the directory's name. */
	char cwd[1024];
	if (getcwd(cwd, sizeof cwd) && chdir("tests/hf/qwen3-8b") == 0) {
		int rc = load(&m, "./config.json");
		T_OK(chdir(cwd) == 0, "hf: back to %s", cwd);
		if (rc == 0) {
			T_EQ_STR(m.id, "qwen3-8b", "hf ./config.json: id is the directory's name");
			T_EQ_STR(m.source, "config.json of qwen3-8b; params estimated from the architecture",
				 "hf ./config.json: source");
		}
	}
	if (load(&m, "tests/hf/qwen3-8b") == 0) {
		T_EQ_STR(m.arch, "qwen3", "hf qwen3-8b: arch");
		T_EQ_INT(m.layers, 36, "hf qwen3-8b: layers");
		T_EQ_INT(m.head_dim, 128, "hf qwen3-8b: head_dim");
		T_EQ_INT(m.ctx_train, 40960, "hf qwen3-8b: ctx_train");
		T_EQ_INT(m.sliding_window, 0, "hf qwen3-8b: sliding_window null");
		T_REL(m.params, 8.2e9, 0.01, "hf qwen3-8b: params within 1%% of the published 8.2e9");
	}
	if (load(&m, "tests/hf/falcon-7b") == 0) {
		T_EQ_STR(m.arch, "falcon", "hf falcon-7b: arch");
		T_EQ_INT(m.kv_heads, 1, "hf falcon-7b: multi_query: one KV head");
		T_OK(m.kind == ATTN_MQA, "hf falcon-7b: MQA");
		T_EQ_INT(m.head_dim, 64, "hf falcon-7b: head_dim = 4544 / 71");
		T_EQ_INT(m.ctx_train, 2048, "hf falcon-7b: context_length 2048 (FalconModel's own)");
		T_OK(strstr(model_field_origin(&m, MF_CTX_TRAIN), "not in config.json") != NULL,
		     "hf falcon-7b: ctx_train origin is FalconModel's 2048");
		/* tied embed 65024 x 4544 = 295,469,056; layer: qkv 4544 x (4544 + 2 x 64)
		 * = 21,229,568; dense 4544^2 = 20,647,936; MLP 2 x 4544 x 18176 = 165,183,488;
		 * LayerNorm 2 x 4544 = 9,088 -> 207,070,080; x 32 = 6,626,242,560; + ln_f 9,088
		 * = 6,921,720,704 */
		T_NEAR(m.params, 6921720704.0, 0.5, "hf falcon-7b: params by hand");
	}
	if (load(&m, "tests/hf/phi-3-mini-128k") == 0) {
		T_EQ_STR(m.name, "Phi-3-mini-128k-instruct", "hf phi-3: name from _name_or_path");
		T_OK(m.kind == ATTN_MHA, "hf phi-3: MHA (32 KV heads)");
		T_EQ_INT(m.head_dim, 96, "hf phi-3: head_dim = 3072 / 32");
		T_OK(m.scaling == ROPE_LONGROPE, "hf phi-3: longrope");
		T_EQ_INT(m.orig_ctx, 4096, "hf phi-3: original_max_position_embeddings at the root");
		T_NEAR(m.rope_factor, 32, 0, "hf phi-3: factor = 131072 / 4096");
		T_OK(m.swa_ignored, "hf phi-3: llama.cpp disables Phi SWA");
		T_EQ_INT(m.layer_swa[0], 0, "hf phi-3: layer 0 keeps a full cache");
		T_OK(strstr(m.note, "262144") != NULL, "hf phi-3: the note names the window");
		T_REL(m.params, 3.8e9, 0.01, "hf phi-3: params within 1%% of the published 3.8e9");
	}
}

static void window_models(void)
{
	struct model m;
	if (load(&m, "tests/hf/mistral-7b-v0.1") == 0) {
		T_EQ_STR(m.arch, "llama", "hf mistral v0.1: runs as LLM_ARCH_LLAMA");
		/* LlamaModel writes no window and llama.cpp's llama reads
		 * none: as the converted GGUF, none, and the note says so */
		T_EQ_INT(m.sliding_window, 0,
			 "hf mistral v0.1: no window kept");
		T_EQ_INT(m.layer_swa[0] + m.layer_swa[31], 0, "hf mistral v0.1: no layer is local");
		T_OK(strstr(m.note, "sliding_window 4096 is ignored") &&
			 strstr(m.note, "llama.cpp's llama reads none"),
		     "hf mistral v0.1: note says why");
		T_REL(m.params, 7.24e9, 0.01, "hf mistral v0.1: params within 1%% of the published 7.24e9");
	}
	if (load(&m, "tests/hf/gemma2-9b") == 0) {
		T_EQ_INT(m.head_dim, 256, "hf gemma2-9b: head_dim 256 (not 3584 / 16)");
		T_EQ_INT(m.sliding_window, 4096, "hf gemma2-9b: window");
		T_EQ_INT(m.swa_pattern, 2, "hf gemma2-9b: every other layer");
		T_OK(m.layer_swa[0] == 1 && m.layer_swa[1] == 0 && m.layer_swa[41] == 0, "hf gemma2-9b: even layers local");
		T_OK(!m.swa_ignored, "hf gemma2-9b: llama.cpp keeps the window");
		T_REL(m.params, 9.24e9, 0.01, "hf gemma2-9b: params within 1%% of the published 9.24e9");
	}
	if (load(&m, "tests/hf/gemma3-27b") == 0) {
		T_EQ_STR(m.arch, "gemma3", "hf gemma3-27b: arch from text_config.model_type");
		T_EQ_INT(m.layers, 62, "hf gemma3-27b: layers from text_config");
		T_EQ_INT(m.heads, 32, "hf gemma3-27b: heads from text_config");
		T_EQ_INT(m.kv_heads, 16, "hf gemma3-27b: kv_heads from text_config");
		T_EQ_INT(m.head_dim, 128, "hf gemma3-27b: head_dim from text_config");
		T_EQ_INT(m.vocab, 262208, "hf gemma3-27b: vocab default (Gemma3TextConfig)");
		T_EQ_INT(m.ctx_train, 131072, "hf gemma3-27b: ctx default (Gemma3TextConfig)");
		T_EQ_INT(m.sliding_window, 1024, "hf gemma3-27b: window");
		T_EQ_INT(m.swa_pattern, 6, "hf gemma3-27b: sliding_window_pattern default 6");
		T_OK(m.layer_swa[4] == 1 && m.layer_swa[5] == 0 && m.layer_swa[11] == 0, "hf gemma3-27b: layers 5, 11 global");
		T_NEAR(m.rope_base, 1e6, 0, "hf gemma3-27b: rope_theta default 1e6");
		T_NEAR(m.rope_base_local, 10000, 0, "hf gemma3-27b: rope_local_base_freq 10000");
		T_OK(m.scaling == ROPE_LINEAR && m.rope_factor == 8, "hf gemma3-27b: linear factor 8");
		T_EQ_STR(model_field_origin(&m, MF_LAYERS),
			 "config.json text_config.num_hidden_layers -> "
			 "block_count",
			 "hf gemma3-27b: layers origin in text_config, the "
			 "converter's key");
		T_EQ_STR(model_field_origin(&m, MF_VOCAB),
			 "config.json vocab_size (default) -> vocab_size",
			 "hf gemma3-27b: vocab origin is the class's default");
		/* text model only: tied embed 262208 x 5376 = 1,409,630,208; layer: q, o
		 * 5376 x 4096 x 2 = 44,040,192; k, v 5376 x 2048 x 2 = 22,020,096; q/k norms 256;
		 * MLP 3 x 5376 x 21504 = 346,816,512; 4 norms 21,504 -> 412,898,560; x 62 =
		 * 25,599,710,720; + 5376 = 27,009,346,304 (the card's 27.4e9 adds the vision tower) */
		T_NEAR(m.params, 27009346304.0, 0.5, "hf gemma3-27b: text params by hand");
	}
	if (load(&m, "tests/hf/gpt-oss-20b") == 0) {
		T_EQ_STR(m.arch, "gpt-oss", "hf gpt-oss-20b: arch");
		T_EQ_INT(m.sliding_window, 128, "hf gpt-oss-20b: window");
		T_EQ_INT(m.swa_pattern, 2, "hf gpt-oss-20b: layer_types alternate");
		T_OK(m.layer_swa[0] == 1 && m.layer_swa[1] == 0, "hf gpt-oss-20b: layer 0 sliding, 1 full");
		T_OK(m.sinks_learned, "hf gpt-oss-20b: learned sinks");
		T_EQ_INT(m.experts, 32, "hf gpt-oss-20b: num_local_experts");
		T_EQ_INT(m.experts_used, 4, "hf gpt-oss-20b: experts per token");
		T_EQ_INT(m.head_dim, 64, "hf gpt-oss-20b: head_dim 64");
		T_OK(m.scaling == ROPE_YARN && m.rope_factor == 32 && m.orig_ctx == 4096, "hf gpt-oss-20b: yarn 32 from 4096");
		T_REL(m.params, 20.9e9, 0.01, "hf gpt-oss-20b: params within 1%% of the published 20.9e9");
	}
}

static void moe_models(void)
{
	struct model m;
	if (load(&m, "tests/hf/mixtral-8x7b") == 0) {
		T_EQ_INT(m.experts, 8, "hf mixtral: num_local_experts");
		T_EQ_INT(m.experts_used, 2, "hf mixtral: num_experts_per_tok");
		T_EQ_INT(m.sliding_window, 0, "hf mixtral: sliding_window null");
		/* layer: attention 41,943,040; 8 experts x 3 x 4096 x 14336 = 1,409,286,144;
		 * router 8 x 4096 = 32,768; norms 8,192 -> 1,451,270,144; x 32 = 46,440,644,608;
		 * + embed and lm_head 2 x 32000 x 4096 = 262,144,000 + 4096 = 46,702,792,704.
		 * Active: 2 experts 352,321,536 per layer -> 394,305,536 x 32 = 12,617,777,152
		 * + 262,148,096 = 12,879,925,248 */
		T_NEAR(m.params, 46702792704.0, 0.5, "hf mixtral: params by hand");
		T_NEAR(m.active_params, 12879925248.0, 0.5, "hf mixtral: active params by hand");
		T_REL(m.params, 46.7e9, 0.01, "hf mixtral: params within 1%% of the published 46.7e9");
		T_REL(m.active_params, 12.9e9, 0.01, "hf mixtral: active within 1%% of the published 12.9e9");
	}
	if (load(&m, "tests/hf/deepseek-v3") == 0) {
		T_EQ_STR(m.arch, "deepseek2", "hf deepseek-v3: LLM_ARCH_DEEPSEEK2");
		T_OK(m.kind == ATTN_MLA && m.mla_latent_cache, "hf deepseek-v3: MLA with a latent cache");
		T_EQ_INT(m.kv_lora_rank, 512, "hf deepseek-v3: kv_lora_rank");
		T_EQ_INT(m.qk_rope_head_dim, 64, "hf deepseek-v3: qk_rope_head_dim");
		T_EQ_INT(m.head_dim, 192, "hf deepseek-v3: head_dim = 128 + 64");
		T_EQ_INT(m.head_dim_v, 128, "hf deepseek-v3: v_head_dim");
		T_EQ_INT(m.experts, 256, "hf deepseek-v3: routed experts");
		T_EQ_INT(m.experts_used, 8, "hf deepseek-v3: experts per token");
		T_OK(m.scaling == ROPE_YARN && m.rope_factor == 40 && m.orig_ctx == 4096, "hf deepseek-v3: yarn 40 from 4096");
		/* DeepseekV2Model writes mscale_all_dim alone (as
		 * yarn_log_multiplier): llama.cpp reads no mscale */
		T_NEAR(m.yarn_mscale, 0, 0, "hf deepseek-v3: mscale not read");
		T_NEAR(m.yarn_mscale_all_dim, 1, 0, "hf deepseek-v3: mscale_all_dim");
		T_OK(m.beta_fast == 32 && m.beta_slow == 1, "hf deepseek-v3: beta_fast, beta_slow");
		/* attention per layer: q_a 7168 x 1536 + norm 1536 + q_b 1536 x 128 x 192 +
		 * kv_a 7168 x 576 + norm 512 + kv_b 512 x 128 x 256 + o 128 x 128 x 7168 =
		 * 187,107,328, + 2 norms 14,336; x 61 = 11,414,421,504.  3 dense MLPs 3 x 7168 x
		 * 18432 = 1,189,085,184.  58 MoE layers: 257 experts (1 shared) x 44,040,192 +
		 * router 256 x 7168 + bias 256 = 11,320,164,608, x 58 = 656,569,547,264.
		 * Embed + lm_head 2 x 129280 x 7168 = 1,853,358,080, + 7168: 671,026,419,200.
		 * Active: 9 experts 396,361,728 + router 1,835,264 per MoE layer x 58 =
		 * 23,095,425,536 -> 37,552,297,472 */
		T_NEAR(m.params, 671026419200.0, 0.5, "hf deepseek-v3: params by hand");
		T_NEAR(m.active_params, 37552297472.0, 0.5, "hf deepseek-v3: active params by hand");
		T_REL(m.params, 671e9, 0.01, "hf deepseek-v3: params within 1%% of the published 671e9");
		/* The card's "37B activated" leaves out the 1.85e9 embedding and output
		 * matrices that this count (as DESIGN's GGUF count) includes: 1.5% above. */
		T_REL(m.active_params, 37e9, 0.02, "hf deepseek-v3: active within 2%% of the published 37e9");
		T_REL(m.active_params - 2 * 129280.0 * 7168, 37e9, 0.04, "hf deepseek-v3: active without embeddings near 37e9");
	}
}

/* Configs written here: defaults, nulls and llama.cpp's rules on variants. */
static void variants(void)
{
	struct model m;
	char err[700];
	/* Qwen3-0.6B's published values: head_dim 128 differs from 1024 / 16 = 64. */
	int rc = load_text(
	    &m,
	    "{\"architectures\": [\"Qwen3ForCausalLM\"], "
	    "\"model_type\": \"qwen3\", \"hidden_size\": 1024, "
	    "\"num_attention_heads\": 16,"
	    " \"num_key_value_heads\": 8, \"head_dim\": 128, "
	    "\"num_hidden_layers\": 28,"
	    " \"intermediate_size\": 3072, \"vocab_size\": 151936, "
	    "\"max_position_embeddings\": 40960,"
	    " \"tie_word_embeddings\": true, \"rope_theta\": 1000000}",
	    err, sizeof err);
	T_OK(rc == 0, "hf qwen3-0.6b: loads (%s)", rc ? err : "");
	if (rc == 0) {
		T_EQ_INT(m.head_dim, 128, "hf qwen3-0.6b: explicit head_dim wins over hidden / heads");
		/* tied embed 151936 x 1024 = 155,582,464; layer: q, o 1024 x 2048 x 2 =
		 * 4,194,304; k, v 1024 x 1024 x 2 = 2,097,152; q/k norms 256; MLP 3 x 1024 x
		 * 3072 = 9,437,184; norms 2048 -> 15,730,944; x 28 = 440,466,432 (the card's
		 * 0.44B non-embedding); + 1024 + 155,582,464 = 596,049,920 */
		T_NEAR(m.params, 596049920.0, 0.5, "hf qwen3-0.6b: params by hand");
	}
	/* Mistral v0.2 and later: sliding_window null, nothing to ignore. */
	rc = load_text(&m,
		       "{\"architectures\": [\"MistralForCausalLM\"], "
		       "\"model_type\": \"mistral\", \"num_hidden_layers\": "
		       "32, \"sliding_window\": null,"
		       " \"rope_theta\": 1000000.0}",
		       err, sizeof err);
	T_OK(rc == 0, "hf mistral v0.2: loads (%s)", rc ? err : "");
	if (rc == 0) {
		T_OK(m.sliding_window == 0 && !m.swa_ignored && !m.note[0], "hf mistral v0.2: null window, no note");
		T_EQ_INT(m.kv_heads, 8, "hf mistral v0.2: num_key_value_heads default 8 (MistralConfig)");
		T_EQ_INT(m.ctx_train, 131072, "hf mistral v0.2: max_position_embeddings default 4096 x 32");
	}
	/* A Mistral file without sliding_window takes MistralConfig's 4096:
	 * ignored, and said. */
	rc = load_text(&m,
		       "{\"architectures\": [\"MistralForCausalLM\"], "
		       "\"model_type\": \"mistral\", \"num_hidden_layers\": 2}",
		       err, sizeof err);
	T_OK(rc == 0 && m.sliding_window == 0 &&
		 strstr(m.note, "sliding_window 4096 is ignored"),
	     "hf mistral: default window 4096, ignored");
	/* Qwen2 with use_sliding_window: conversion/qwen.py Qwen2Model writes
	 * no window and llama.cpp's qwen2 reads none: a full cache on every
	 * layer, and a note that says so. */
	rc = load_text(&m,
		       "{\"architectures\": [\"Qwen2ForCausalLM\"], "
		       "\"model_type\": \"qwen2\", \"num_hidden_layers\": 4, "
		       "\"use_sliding_window\": true,"
		       " \"sliding_window\": 32768, \"max_window_layers\": 2}",
		       err, sizeof err);
	T_OK(rc == 0 && m.sliding_window == 0 && !m.layer_swa[0] &&
		     strstr(m.note, "sliding_window 32768 is ignored"),
	     "hf qwen2: use_sliding_window ignored, and said");
	/* Llama without num_key_value_heads: LlamaConfig takes num_attention_heads. */
	rc = load_text(&m,
		       "{\"architectures\": [\"LlamaForCausalLM\"], "
		       "\"model_type\": \"llama\", \"num_hidden_layers\": 2, "
		       "\"num_attention_heads\": 16,"
		       " \"hidden_size\": 2048}",
		       err, sizeof err);
	T_OK(rc == 0 && m.kv_heads == 16 && m.kind == ATTN_MHA && m.head_dim == 128, "hf llama: kv_heads default = heads");
	/* Gemma 3 with layer_types (newer transformers) of another pattern:
	 * Gemma3Model writes no pattern and gemma3.cpp load_swa_pattern(ml,
	 * 6) takes 6, whatever the list says */
	char json[2048];
	int at = snprintf(json, sizeof json,
			  "{\"architectures\": [\"Gemma3ForCausalLM\"], "
			  "\"model_type\": \"gemma3_text\", "
			  "\"num_hidden_layers\": 12, "
			  "\"sliding_window\": 512, \"layer_types\": [");
	for (int il = 0; il < 12; il++)
		at += snprintf(json + at, sizeof json - (size_t)at, "%s\"%s\"",
			       il ? ", " : "",
			       (il + 1) % 4 ? "sliding_attention"
					    : "full_attention");
	snprintf(json + at, sizeof json - (size_t)at, "]}");
	rc = load_text(&m, json, err, sizeof err);
	T_OK(rc == 0 && m.swa_pattern == 6 && m.layer_swa[3] == 1 &&
		 m.layer_swa[5] == 0,
	     "hf gemma3: llama.cpp's pattern 6, not layer_types' 4");
	/* Falcon 40B style: new_decoder_architecture with num_kv_heads. */
	rc = load_text(&m, "{\"architectures\": [\"FalconForCausalLM\"], \"model_type\": \"falcon\","
			   " \"new_decoder_architecture\": true, \"num_attention_heads\": 128,"
			   " \"num_kv_heads\": 8, \"hidden_size\": 8192, \"num_hidden_layers\": 60}", err, sizeof err);
	T_OK(rc == 0 && m.kv_heads == 8 && m.head_dim == 64 && m.kind == ATTN_GQA, "hf falcon new arch: num_kv_heads");
	/* DeepSeek-V2-Lite: q_lora_rank null. */
	rc = load_text(&m,
		       "{\"architectures\": [\"DeepseekV2ForCausalLM\"], "
		       "\"model_type\": \"deepseek_v2\", "
		       "\"num_hidden_layers\": 27, \"hidden_size\": 2048,"
		       " \"num_attention_heads\": 16, \"num_key_value_heads\": "
		       "16, \"q_lora_rank\": null,"
		       " \"kv_lora_rank\": 512, \"n_routed_experts\": 64, "
		       "\"num_experts_per_tok\": 6,"
		       " \"n_shared_experts\": 2, \"moe_intermediate_size\": "
		       "1408, \"first_k_dense_replace\": 1,"
		       " \"intermediate_size\": 10944, \"vocab_size\": 102400}",
		       err, sizeof err);
	T_OK(rc == 0, "hf deepseek-v2-lite: loads (%s)", rc ? err : "");
	if (rc == 0)
		T_REL(m.params, 15.7e9, 0.01, "hf deepseek-v2-lite: params within 1%% of the published 15.7e9");
	/* Qwen3-30B-A3B's published values (qwen3_moe). */
	rc = load_text(&m, "{\"architectures\": [\"Qwen3MoeForCausalLM\"], "
			   "\"model_type\": \"qwen3_moe\", "
			   "\"hidden_size\": 2048, \"num_hidden_layers\": 48,"
			   " \"num_attention_heads\": 32, \"num_key_value_heads\": 4, \"head_dim\": 128,"
			   " \"intermediate_size\": 6144, \"moe_intermediate_size\": 768, \"num_experts\": 128,"
			   " \"num_experts_per_tok\": 8, \"vocab_size\": 151936, \"tie_word_embeddings\": false,"
			   " \"mlp_only_layers\": [], \"decoder_sparse_step\": 1}", err, sizeof err);
	T_OK(rc == 0, "hf qwen3-30b-a3b: loads (%s)", rc ? err : "");
	if (rc == 0) {
		T_EQ_STR(m.arch, "qwen3moe", "hf qwen3-30b-a3b: arch");
		/* layer: q, o 2048 x 4096 x 2 = 16,777,216; k, v 2048 x 512 x 2 = 2,097,152;
		 * q/k norms 256; norms 4096; router 128 x 2048 = 262,144; experts 128 x 3 x 2048 x
		 * 768 = 603,979,776 -> 623,120,640; x 48 = 29,909,790,720; + 2 x 151936 x 2048 =
		 * 622,329,856 + 2048 = 30,532,122,624.  Active: 8 experts 37,748,736 ->
		 * 56,889,600 x 48 = 2,730,700,800 + 622,331,904 = 3,353,032,704 */
		T_NEAR(m.params, 30532122624.0, 0.5, "hf qwen3-30b-a3b: params by hand");
		T_NEAR(m.active_params, 3353032704.0, 0.5, "hf qwen3-30b-a3b: active params by hand");
		T_REL(m.params, 30.5e9, 0.01, "hf qwen3-30b-a3b: params within 1%% of the published 30.5e9");
	}
	/* transformers 5: rope_theta inside rope_parameters. */
	rc = load_text(&m,
		       "{\"architectures\": [\"LlamaForCausalLM\"], "
		       "\"model_type\": \"llama\", \"num_hidden_layers\": 2,"
		       " \"rope_parameters\": {\"rope_type\": \"default\", "
		       "\"rope_theta\": 500000.0}}",
		       err, sizeof err);
	T_OK(rc == 0 && m.rope_base == 500000 && m.scaling == ROPE_NONE, "hf: rope_theta in rope_parameters");
	/* A refused file leaves the model as it was. */
	struct model keep = m;
	rc = load_text(&m, "{\"model_type\": \"llama\"}", err, sizeof err);
	T_OK(rc == -1 && strstr(err, "without architectures") &&
		 m.layers == keep.layers,
	     "hf: a failed load keeps the old model (%s)", err);
}

void test_hfconfig(void)
{
	dense_models();
	window_models();
	moe_models();
	variants();
}
