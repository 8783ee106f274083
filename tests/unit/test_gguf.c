/* GGUF reader: fixtures written by gguf_writer, loaded with model_load_gguf,
 * fields compared with values worked out by hand from llama.cpp's rules. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gguf_writer.h"
#include "model/gguf.h"
#include "size/size.h"
#include "t.h"

static char dir[64];

/* Write spec to DIR/name.gguf and load it; 0 or -1 (err filled). */
static int load(struct model *m, const char *name, const char *spec, char *err, size_t errlen)
{
	char path[128];
	snprintf(path, sizeof path, "%s/%s.gguf", dir, name);
	if (gguf_spec_write(spec, path, err, errlen) < 0) {
		T_OK(0, "gguf: writing fixture %s: %s", name, err);
		return -1;
	}
	return model_load_gguf(m, path, err, errlen);
}

/* A spec with `extra` lines added to a Llama-3-8B-shaped header (one layer's tensors). */
static char *llama_with(const char *arch, const char *extra)
{
	static char buf[4096];
	snprintf(buf, sizeof buf,
		 "version 2\n"
		 "kv general.architecture str %s\n"
		 "kv %s.block_count u32 32\n"
		 "kv %s.context_length u32 8192\n"
		 "kv %s.embedding_length u32 4096\n"
		 "kv %s.attention.head_count u32 32\n"
		 "arr tokenizer.ggml.tokens str t*1000\n"
		 "tensor token_embd.weight 4096 1000\n"
		 "tensor blk.0.attn_q.weight 4096 4096\n"
		 "%s",
		 arch, arch, arch, arch, arch, extra);
	return buf;
}

static void test_llama(void)
{
	struct model *m = calloc(1, sizeof *m);
	char err[400];
	const char *spec = "kv general.architecture str llama\n"
			   "kv general.name str Meta Llama 3 8B\n"
			   "kv llama.block_count u32 32\n"
			   "kv llama.context_length u32 8192\n"
			   "kv llama.embedding_length u32 4096\n"
			   "kv llama.attention.head_count u32 32\n"
			   "kv llama.attention.head_count_kv u32 8\n"
			   "kv llama.rope.freq_base f32 500000\n"
			   "arr tokenizer.ggml.tokens str t*128256\n"
			   "tensor token_embd.weight 4096 128256\n"
			   "tensor blk.0.attn_k.weight 4096 1024\n";
	int rc = load(m, "Meta-Llama-3-8B.Q4_K_M", spec, err, sizeof err);
	T_OK(rc == 0, "gguf: Llama-shaped header loads (%s)", rc ? err : "ok");
	if (rc == 0) {
		T_EQ_STR(m->id, "Meta-Llama-3-8B.Q4_K_M", "gguf: id is the file name without .gguf");
		T_EQ_STR(m->name, "Meta Llama 3 8B", "gguf: name from general.name");
		T_EQ_STR(m->arch, "llama", "gguf: arch from general.architecture");
		T_OK(m->format == MODEL_GGUF, "gguf: format is GGUF");
		T_OK(strstr(m->source, "GGUF header of Meta-Llama-3-8B.Q4_K_M.gguf") != NULL,
		     "gguf: source names the file (%s)", m->source);
		T_EQ_INT(m->layers, 32, "gguf: layers from llama.block_count");
		T_EQ_INT(m->heads, 32, "gguf: heads");
		T_EQ_INT(m->kv_heads, 8, "gguf: kv_heads from head_count_kv");
		T_OK(m->kind == ATTN_GQA, "gguf: 8 of 32 KV heads is GQA");
		/* No key_length: llama.cpp's n_embd / n_head = 4096 / 32. */
		T_EQ_INT(m->head_dim, 4096 / 32, "gguf: head_dim = embedding_length / head_count");
		T_EQ_INT(m->head_dim_v, 128, "gguf: head_dim_v likewise");
		T_EQ_INT(m->vocab, 128256, "gguf: vocab = tokenizer.ggml.tokens length");
		T_EQ_INT(m->ctx_train, 8192, "gguf: ctx_train");
		T_NEAR(m->rope_base, 500000, 0, "gguf: rope base");
		T_NEAR(m->rope_base_local, 500000, 0, "gguf: no local base: the global one");
		T_OK(m->scaling == ROPE_NONE && m->rope_factor == 1, "gguf: no scaling keys: none, factor 1");
		T_EQ_INT(m->orig_ctx, 8192, "gguf: orig_ctx defaults to context_length");
		/* 4096 x 128256 + 4096 x 1024 */
		T_NEAR(m->params, 4096.0 * 128256 + 4096.0 * 1024, 0, "gguf: params = sum of the tensors' elements");
		T_NEAR(m->active_params, m->params, 0, "gguf: dense: active = all");
		T_OK(m->k_type == CACHE_F16 && m->v_type == CACHE_F16, "gguf: cache f16 (llama.cpp's -ctk/-ctv default)");
		T_EQ_INT(m->sliding_window, 0, "gguf: no window");
		T_EQ_INT(size_kv_bytes_token(m), 2 * 8 * 128 * 2 * 32, "gguf: KV bytes 2 x 8 x 128 x 2 x 32");
		const char *o = model_field_origin(m, MF_KV_HEADS);
		T_EQ_STR(o, "GGUF llama.attention.head_count_kv", "gguf: kv_heads origin");
		o = model_field_origin(m, MF_VOCAB);
		T_OK(o && strstr(o, "tokenizer.ggml.tokens"), "gguf: vocab origin (%s)", o ? o : "none");
		static const enum model_field fields[] = {
			MF_NAME, MF_ARCH, MF_LAYERS, MF_HEADS, MF_KV_HEADS, MF_HEAD_DIM, MF_HEAD_DIM_V, MF_VOCAB,
			MF_CTX_TRAIN, MF_KIND, MF_SLIDING_WINDOW, MF_SWA_PATTERN, MF_LAYER_TYPES, MF_SINKS, MF_BASE,
			MF_BASE_LOCAL, MF_SCALING, MF_FACTOR, MF_ORIG_CTX, MF_BETA_FAST, MF_BETA_SLOW, MF_PARAMS,
			MF_ACTIVE_PARAMS, MF_EXPERTS, MF_EXPERTS_USED, MF_K_TYPE, MF_V_TYPE};
		const char *none = NULL;
		for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
			if (!model_field_origin(m, fields[i]) && !none)
				none = model_fields[fields[i]].key;
		T_OK(none == NULL, "gguf: every field has an origin (missing: %s)", none ? none : "none");
	}
	free(m);
}

static void test_deepseek(void)
{
	struct model *m = calloc(1, sizeof *m);
	char err[400], spec[4096];
	const char *common = "kv general.architecture str deepseek2\n"
			     "kv deepseek2.block_count u32 61\n"
			     "kv deepseek2.context_length u32 163840\n"
			     "kv deepseek2.embedding_length u32 7168\n"
			     "kv deepseek2.attention.head_count u32 128\n"
			     "kv deepseek2.attention.kv_lora_rank u32 512\n"
			     "kv deepseek2.rope.dimension_count u32 64\n"
			     "kv deepseek2.rope.scaling.type str yarn\n"
			     "kv deepseek2.rope.scaling.factor f32 40\n"
			     "kv deepseek2.rope.scaling.original_context_length u32 4096\n"
			     "kv deepseek2.rope.scaling.yarn_log_multiplier f32 0.1\n"
			     "kv deepseek2.expert_count u32 256\n"
			     "kv deepseek2.expert_used_count u32 8\n"
			     "kv deepseek2.vocab_size u32 129280\n"
			     "tensor token_embd.weight 7168 129280\n"
			     "tensor blk.3.ffn_up_exps.weight 7168 2048 256\n"
			     "tensor blk.3.ffn_up_shexp.weight 7168 2048\n";
	snprintf(spec, sizeof spec, "%s%s", common,
		 "kv deepseek2.attention.head_count_kv u32 1\n"
		 "kv deepseek2.attention.key_length u32 576\n"
		 "kv deepseek2.attention.value_length u32 512\n"
		 "kv deepseek2.attention.key_length_mla u32 192\n"
		 "kv deepseek2.attention.value_length_mla u32 128\n");
	int rc = load(m, "dsv3-new", spec, err, sizeof err);
	T_OK(rc == 0, "gguf: DeepSeek-V3 with *_mla keys loads (%s)", rc ? err : "ok");
	if (rc == 0) {
		T_OK(m->kind == ATTN_MLA && m->mla_latent_cache, "gguf: *_mla keys: MLA with the latent cache");
		T_EQ_INT(m->kv_lora_rank, 512, "gguf: kv_lora_rank");
		T_EQ_INT(m->qk_rope_head_dim, 64, "gguf: qk_rope_head_dim = rope.dimension_count");
		T_EQ_INT(m->qk_nope_head_dim, 192 - 64, "gguf: qk_nope = key_length_mla - rope dims");
		T_EQ_INT(m->v_head_dim, 128, "gguf: v_head_dim = value_length_mla");
		T_EQ_INT(m->head_dim, 192, "gguf: head_dim = key_length_mla");
		T_EQ_INT(m->kv_heads, 128, "gguf: kv_heads = heads (every head reads the latent)");
		/* (512 + 64) x 2 bytes x 61 layers */
		T_EQ_INT(size_kv_bytes_token(m), 70272, "gguf: latent KV bytes (512 + 64) x 2 x 61 = 70272");
		T_OK(m->scaling == ROPE_YARN && m->rope_factor == 40 && m->orig_ctx == 4096, "gguf: YaRN factor 40 from 4096");
		T_NEAR(m->yarn_mscale_all_dim, 1.0, 1e-6, "gguf: yarn_log_multiplier 0.1 = 0.1 x mscale_all_dim 1");
		T_EQ_INT(m->experts, 256, "gguf: experts");
		T_EQ_INT(m->experts_used, 8, "gguf: experts used");
		/* dense: 7168 x 129280 + 7168 x 2048 (shared expert); routed: 7168 x 2048 x 256, 8 of 256 used */
		double dense = 7168.0 * 129280 + 7168.0 * 2048, routed = 7168.0 * 2048 * 256;
		T_NEAR(m->params, dense + routed, 0, "gguf: MoE params count every expert");
		T_NEAR(m->active_params, dense + routed * 8 / 256, 1e-3, "gguf: active = dense + routed x 8/256");
		T_EQ_STR(m->note, "", "gguf: no note for a latent-cache file");
	}
	snprintf(spec, sizeof spec, "%s%s", common,
		 "kv deepseek2.attention.head_count_kv u32 128\n"
		 "kv deepseek2.attention.key_length u32 192\n"
		 "kv deepseek2.attention.value_length u32 128\n");
	rc = load(m, "dsv3-old", spec, err, sizeof err);
	T_OK(rc == 0, "gguf: DeepSeek-V3 without *_mla keys loads (%s)", rc ? err : "ok");
	if (rc == 0) {
		T_OK(m->kind == ATTN_MLA && !m->mla_latent_cache, "gguf: no *_mla keys: llama.cpp caches full K and V");
		T_EQ_INT(m->kv_heads, 128, "gguf: old style: 128 KV heads");
		T_EQ_INT(m->head_dim, 192, "gguf: old style: head_dim = key_length 192");
		T_EQ_INT(m->head_dim_v, 128, "gguf: old style: head_dim_v = value_length 128");
		T_EQ_INT(m->qk_nope_head_dim, 128, "gguf: old style: qk_nope = 192 - 64");
		/* llama.cpp without MLA: 128 heads x (K 192 + V 128) x 2 bytes x 61 layers = 4,997,120. */
		T_EQ_INT(m->kv_heads * (m->head_dim + m->head_dim_v) * 2 * m->layers, 4997120,
			 "gguf: old style caches 128 x (192 + 128) x 2 x 61 = 4997120 bytes per token");
		T_OK(strstr(m->note, "re-converted") != NULL, "gguf: old style: the note says a re-converted file caches the latent");
	}
	/* *_mla keys with a key_length that is not kv_lora_rank + rope dims */
	snprintf(spec, sizeof spec, "%s%s", common,
		 "kv deepseek2.attention.head_count_kv u32 1\n"
		 "kv deepseek2.attention.key_length u32 192\n"
		 "kv deepseek2.attention.key_length_mla u32 192\n"
		 "kv deepseek2.attention.value_length_mla u32 128\n");
	rc = load(m, "dsv3-mixed", spec, err, sizeof err);
	T_OK(rc < 0 && strstr(err, "not kv_lora_rank + rope.dimension_count"), "gguf: inconsistent MLA keys refused (%s)",
	     err);
	free(m);
}

static void test_swa(void)
{
	struct model *m = calloc(1, sizeof *m);
	char err[400];
	/* gemma3 with a window: llama.cpp set_swa_pattern(6), local RoPE base 10000. */
	int rc = load(m, "gemma3", llama_with("gemma3", "kv gemma3.attention.sliding_window u32 1024\n"
							 "kv gemma3.rope.freq_base f32 1000000\n"), err, sizeof err);
	T_OK(rc == 0, "gguf: gemma3 loads (%s)", rc ? err : "ok");
	if (rc == 0) {
		int agree = 1;
		for (int il = 0; il < 32; il++)
			agree &= m->layer_swa[il] == (il % 6 < 5);
		T_OK(agree, "gguf: gemma3 layers: local when il %% 6 < 5");
		T_EQ_INT(m->swa_pattern, 6, "gguf: gemma3 pattern 6 (llama.cpp default)");
		T_EQ_INT(m->sliding_window, 1024, "gguf: window from the file");
		T_NEAR(m->rope_base_local, 10000, 0, "gguf: gemma3 local RoPE base 10000");
		T_NEAR(m->rope_base, 1e6, 0, "gguf: gemma3 global base from the file");
	}
	/* A per-layer bool pattern (newer files): irregular, layers 0 and 5 global. */
	char extra[600];
	snprintf(extra, sizeof extra, "kv gemma3.attention.sliding_window u32 512\n"
				      "arr gemma3.attention.sliding_window_pattern bool 0,1,1,1,1,0,1*26\n");
	rc = load(m, "gemma3-arr", llama_with("gemma3", extra), err, sizeof err);
	T_OK(rc == 0, "gguf: per-layer bool pattern loads (%s)", rc ? err : "ok");
	if (rc == 0) {
		int local = 0;
		for (int il = 0; il < 32; il++)
			local += m->layer_swa[il];
		T_EQ_INT(local, 30, "gguf: bool pattern: 32 - 2 global = 30 local layers");
		T_OK(!m->layer_swa[0] && !m->layer_swa[5] && m->layer_swa[1], "gguf: bool pattern: layers 0 and 5 global");
		T_EQ_INT(m->swa_pattern, 0, "gguf: an irregular pattern has no period");
	}
	/* A numeric pattern key. */
	rc = load(m, "gemma3-num", llama_with("gemma3", "kv gemma3.attention.sliding_window u32 512\n"
							"kv gemma3.attention.sliding_window_pattern u32 4\n"), err, sizeof err);
	T_OK(rc == 0 && m->swa_pattern == 4 && m->layer_swa[3] == 0 && m->layer_swa[2] == 1,
	     "gguf: numeric pattern 4: layer 3 global, 2 local (%s)", rc ? err : "ok");
	/* gemma2 without the key: llama.cpp's default window 4096, pattern 2. */
	rc = load(m, "gemma2", llama_with("gemma2", ""), err, sizeof err);
	T_OK(rc == 0 && m->sliding_window == 4096 && m->swa_pattern == 2 && m->layer_swa[0] && !m->layer_swa[1],
	     "gguf: gemma2 defaults: window 4096, even layers local (%s)", rc ? err : "ok");
	/* Mistral v0.1 is arch llama: llama.cpp reads no window, full cache everywhere. */
	rc = load(m, "mistral", llama_with("llama", "kv llama.attention.sliding_window u32 4096\n"), err, sizeof err);
	T_OK(rc == 0 && m->swa_ignored && strstr(m->note, "reads none"), "gguf: llama with a window: ignored, said (%s)",
	     rc ? err : m->note);
	if (rc == 0) {
		int local = 0;
		for (int il = 0; il < 32; il++)
			local += m->layer_swa[il];
		T_EQ_INT(local, 0, "gguf: llama with a window: no local layer");
	}
	/* gpt-oss: pattern 2, learned sinks from the attn_sinks tensor. */
	rc = load(m, "gpt-oss", llama_with("gpt-oss", "kv gpt-oss.attention.sliding_window u32 128\n"
						      "tensor blk.0.attn_sinks.weight 64\n"), err, sizeof err);
	T_OK(rc == 0 && m->sinks_learned && m->swa_pattern == 2 && m->sliding_window == 128,
	     "gguf: gpt-oss: window 128, pattern 2, learned sinks (%s)", rc ? err : "ok");
	free(m);
}

static void test_per_layer(void)
{
	struct model *m = calloc(1, sizeof *m);
	char err[400];
	/* Per-layer KV heads with layers that keep no cache (0). */
	int rc = load(m, "kvarr", llama_with("llama", "arr llama.attention.head_count_kv i32 8*16,0*8,4*8\n"), err,
		      sizeof err);
	T_OK(rc == 0, "gguf: per-layer head_count_kv loads (%s)", rc ? err : "ok");
	if (rc == 0) {
		T_EQ_INT(m->layer_kv_heads[0], 8, "gguf: layer 0 has 8 KV heads");
		T_EQ_INT(m->layer_kv_heads[16], 0, "gguf: layer 16 keeps no cache");
		T_EQ_INT(m->layer_kv_heads[31], 4, "gguf: layer 31 has 4");
		T_EQ_INT(m->kv_heads, 8, "gguf: kv_heads is the largest");
	}
	/* Explicit key and value lengths, vocab_size winning over the tokenizer. */
	rc = load(m, "lengths", llama_with("qwen3", "kv qwen3.attention.key_length u32 256\n"
						  "kv qwen3.attention.value_length u32 64\n"
						  "kv qwen3.vocab_size u32 1234\n"),
		  err, sizeof err);
	T_OK(rc == 0 && m->head_dim == 256 && m->head_dim_v == 64 && m->vocab == 1234,
	     "gguf: key_length, value_length, vocab_size read (%s)", rc ? err : "ok");
	free(m);
}

static void test_bad(void)
{
	struct model *m = calloc(1, sizeof *m), *before = calloc(1, sizeof *m);
	char err[400];
	snprintf(m->name, sizeof m->name, "kept");
	*before = *m;
	int rc = load(m, "dup", "kv x u8 1\nkv x u8 2\n", err, sizeof err);
	T_OK(rc < 0 && strstr(err, "byte 38: x: duplicate key (first at byte 24)"), "gguf: duplicate key at byte 38 (%s)",
	     err);
	T_OK(!memcmp(m, before, sizeof *m), "gguf: a failed load leaves the model as it was");
	rc = load(m, "wrongtype", llama_with("llama", "kv llama.attention.head_count_kv str eight\n"), err, sizeof err);
	T_OK(rc < 0 && strstr(err, "head_count_kv: is string, want an integer"),
	     "gguf: a string where a number belongs (%s)", err);
	rc = load(m, "scaling", llama_with("llama", "kv llama.rope.scaling.type str wobbly\n"), err, sizeof err);
	T_OK(rc < 0 && strstr(err, "unknown scaling 'wobbly'"), "gguf: unknown scaling (%s)", err);
	rc = load(m, "experts", llama_with("llama", "kv llama.expert_count u32 8\nkv llama.expert_used_count u32 9\n"), err,
		  sizeof err);
	T_OK(rc < 0 && strstr(err, "9 experts used of 8"), "gguf: more experts used than exist (%s)", err);
	rc = load(m, "notensors", "kv general.architecture str llama\n", err, sizeof err);
	T_OK(rc < 0 && strstr(err, "llama.block_count: missing"), "gguf: no block_count (%s)", err);
	rc = load(m, "dims", llama_with("llama", "tensor blk.1.x 1 1 1 1 1\n"), err, sizeof err);
	T_OK(rc < 0 && strstr(err, "5 dimensions (1 to 4)"), "gguf: five dimensions (%s)", err);
	free(m);
	free(before);
}

void test_gguf(void)
{
	snprintf(dir, sizeof dir, "/tmp/attnviz-gguf-%d", (int)getpid());
	char cmd[128];
	snprintf(cmd, sizeof cmd, "mkdir -p %s", dir);
	if (system(cmd) != 0) {
		T_OK(0, "gguf: cannot make %s", dir);
		return;
	}
	test_llama();
	test_deepseek();
	test_swa();
	test_per_layer();
	test_bad();
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		T_OK(0, "gguf: cannot remove %s", dir);
}
