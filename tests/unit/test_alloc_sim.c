/* ggml-alloc's replay (src/graph/alloc_sim.c) and the MoE graph on it
 * (src/graph/compute_moe.c) on sizes no real model has: too large is
 * refused (-1: the memory scene's "overflows 64-bit arithmetic"), never a
 * wrapped size. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "graph/alloc_sim.h"
#include "model/model.h"
#include "size/size.h"
#include "t.h"

static void t_limits(void)
{
	struct alloc_sim *s = alloc_sim_new(8, 32);
	/* two live inputs of 100 B: 128 each after the rounding, 256 */
	alloc_sim_input(s, 100);
	int b = alloc_sim_input(s, 100);
	alloc_sim_node(s, 64, 1, &b);
	T_EQ_INT(alloc_sim_run(s), 320, "alloc_sim: 128 + 128 + 64 B, the control");
	alloc_sim_free(s);

	s = alloc_sim_new(4, 32);
	alloc_sim_input(s, ALLOC_SIM_MAX_BYTES + 1);
	T_EQ_INT(alloc_sim_run(s), -1, "alloc_sim: one input past 2^62 B is refused");
	alloc_sim_free(s);

	/* three tensors of 2^61 B alive at once: each fits, their sum does not */
	s = alloc_sim_new(4, 32);
	int x = alloc_sim_input(s, INT64_C(1) << 61), y = alloc_sim_input(s, INT64_C(1) << 61);
	int src[2] = {x, y};
	alloc_sim_node(s, INT64_C(1) << 61, 2, src);
	T_EQ_INT(alloc_sim_run(s), -1, "alloc_sim: 3 x 2^61 B live is refused, not wrapped");
	alloc_sim_free(s);

	/* two of 2^61 B: 2^62 B exactly, the limit, is given */
	s = alloc_sim_new(4, 32);
	alloc_sim_input(s, INT64_C(1) << 61);
	alloc_sim_input(s, INT64_C(1) << 61);
	T_EQ_INT(alloc_sim_run(s), INT64_C(1) << 62, "alloc_sim: 2 x 2^61 B, at the limit");

	/* emptied for another graph: the refusal and the output mark of the
	 * last one are gone, and a larger graph gets room */
	alloc_sim_input(s, ALLOC_SIM_MAX_BYTES + 1);
	alloc_sim_output(s, 0);
	T_EQ_INT(alloc_sim_reset(s, 3), 0, "alloc_sim: emptied");
	int i0 = alloc_sim_input(s, 100), i1 = alloc_sim_input(s, 100);
	alloc_sim_node(s, 64, 1, &i1);
	T_EQ_INT(alloc_sim_run(s), 320,
		 "alloc_sim: emptied, 128 + 128 + 64 B again");
	T_EQ_INT(alloc_sim_node(s, 64, 1, &i0), -1,
		 "alloc_sim: emptied for 3 nodes, a 4th refused");
	T_EQ_INT(alloc_sim_reset(s, 40), 0, "alloc_sim: emptied for 40 nodes");
	int last = alloc_sim_input(s, 32);
	for (int i = 0; i < 39; i++)
		last = alloc_sim_node(s, 32, 1, &last);
	/* a chain: each node frees its source, so two live at once */
	T_EQ_INT(alloc_sim_run(s), 64,
		 "alloc_sim: a chain of 40 nodes of 32 B: 64 B");
	alloc_sim_free(s);
}

/* A shipped model, the hostile cases' starting point: 1 when loaded. */
static int load_shipped(struct model *m, const char *name)
{
	char err[256], path[512];
	const char *dir = getenv("ATTNVIZ_MODELS");
	snprintf(path, sizeof path, "%s/%s.ini", dir ? dir : "assets/models", name);
	int loaded = model_load(m, path, err, sizeof err) == 0;
	T_OK(loaded, "alloc_sim: %s.ini loads", name);
	return loaded;
}

static int load_gpt_oss(struct model *m)
{
	return load_shipped(m, "gpt-oss-20b");
}

/* gpt-oss-20b's replayed graph with a hostile GGUF's widths: 65536 query
 * heads (8 KV heads), n_embd 2^24 and a vocabulary of 1e8, at -c 2^32
 * -ub 65536.  K·Q alone is 4 x 2^32 cells x 65536 tokens x 65536 heads =
 * 2^66 B: it must be refused, not wrapped into a small number. */
static void t_hostile_moe(void)
{
	static struct model m;
	struct buffer_sizes b;
	if (!load_gpt_oss(&m))
		return;
	struct deploy d = deploy_default(4096);
	T_OK(size_buffers(&m, &d, &b) == 0 && b.compute_bytes > 0, "alloc_sim: gpt-oss-20b at 4096 is sized, the control");
	m.heads = 65536;
	m.embd = INT64_C(1) << 24;
	m.vocab = 100000000;
	d = deploy_default(INT64_C(1) << 32);
	d.n_ubatch = 65536;
	d.n_batch = 65536;
	b.compute_bytes = 0;
	T_EQ_INT(size_buffers(&m, &d, &b), -1, "alloc_sim: a hostile gpt-oss (2^66 B of K·Q) is too large, not wrapped");
}

/* 65536 experts, all used, in 1024 layers: llama.cpp stops at 1024 experts
 * (LLAMA_MAX_EXPERTS); the replay refuses it rather than allocate the
 * (40 + 65536) x 1024 nodes such a graph would take (4 GB). */
static void t_hostile_experts(void)
{
	static struct model m;
	struct buffer_sizes b;
	if (!load_gpt_oss(&m))
		return;
	struct deploy d = deploy_default(4096);
	m.experts = 1024, m.experts_used = 1024;
	T_OK(size_buffers(&m, &d, &b) == 0 && b.compute_bytes > 0, "alloc_sim: gpt-oss with 1024 experts, all used, is replayed");
	m.experts = 65536, m.experts_used = 65536;
	m.layers = 1024;
	for (int64_t il = 24; il < m.layers; il++)
		m.layer_kv_heads[il] = m.layer_kv_heads[0], m.layer_swa[il] = m.layer_swa[il % 2];
	T_EQ_INT(size_buffers(&m, &d, &b), -1, "alloc_sim: 65536 experts (llama.cpp stops at 1024) are not replayed");
}

/* The widths only some replayed graphs have: GLM-4.5-Air's shared experts
 * (2^50 of them: an FFN of 1408 x 2^50 a token) and DeepSeek-V2-Lite's
 * latent (kv_lora_rank 2^50: the absorbed Q of 16 heads is 2^54 a token).
 * Each must be refused before a size wraps (UBSan names the overflow). */
static void t_hostile_widths(void)
{
	static struct model m;
	struct buffer_sizes b;
	struct deploy d = deploy_default(4096);
	if (load_shipped(&m, "glm-4.5-air")) {
		T_OK(size_buffers(&m, &d, &b) == 0 && b.compute_bytes > 0, "alloc_sim: glm-4.5-air at 4096 is replayed, the control");
		m.shared_experts = INT64_C(1) << 50;
		T_EQ_INT(size_buffers(&m, &d, &b), -1, "alloc_sim: 2^50 shared experts are too wide, not wrapped");
	}
	if (load_shipped(&m, "deepseek-v2-lite")) {
		T_OK(size_buffers(&m, &d, &b) == 0 && b.compute_bytes > 0, "alloc_sim: deepseek-v2-lite at 4096 is replayed, the control");
		m.kv_lora_rank = INT64_C(1) << 50;
		T_EQ_INT(size_buffers(&m, &d, &b), -1, "alloc_sim: a latent of 2^50 is too wide, not wrapped");
	}
}

void test_alloc_sim(void)
{
	t_limits();
	t_hostile_moe();
	t_hostile_experts();
	t_hostile_widths();
}
