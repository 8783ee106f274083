/*
 * DeepSeek V4 (src/models/deepseek4.cpp): every layer slides
 * (load_arch_hparams: set_swa_pattern(0), the file's pattern unread), and
 * create_memory makes llama_kv_cache_dsv4 (src/llama-kv-cache-dsv4.cpp):
 *  - a raw llama_kv_cache_iswa of K only (dsv4_make_k_only), a stream a
 *    sequence even under -kvu (unified_raw = false);
 *  - on the layers whose attention.compress_ratios is DSV4_CSA_RATIO (4)
 *    or DSV4_HCA_RATIO (128), a K-only llama_kv_cache of
 *    GGML_PAD(dsv4_comp_size(kv_size, ratio), 256) cells, and on the CSA
 *    layers the lightning indexer's, one head of indexer.key_length;
 *  - the compressors' states (llama_dsv4_comp_state): csa of 2 x ratio
 *    rows by 2 n_embd_head_k, hca of ratio rows by n_embd_head_k, lid of
 *    2 x ratio rows by 2 indexer_head_size, each a kv and a score tensor
 *    of f32.
 * With nextn layers the raw and compressed caches keep them
 * (n_layer_nextn = 0 in their hparams) but the states do not: such a file
 * is refused (src/model/gguf.c).
 */
#include "model/family.h"

const struct family family_deepseek4 = {
	.arch = "deepseek4",
	.mech = AM_NEXTN | AM_INDEXER,
	.swa = &(const struct family_swa){.pattern = 0,
					  .file_pattern_unread = 1},
	.compress = &(const struct family_compress){
		.cache = {
			{.name = "csa", .ratio = 4, .row = FC_HEAD},
			{.name = "hca", .ratio = 128, .row = FC_HEAD},
			{.name = "lid", .ratio = 4, .row = FC_INDEXER},
		},
		/* rows: state_size; width: n_embd_state in head sizes */
		.state = {
			{.name = "csa", .ratio = 4, .rows = 8, .width = 2,
			 .of = FC_HEAD},
			{.name = "hca", .ratio = 128, .rows = 128, .width = 1,
			 .of = FC_HEAD},
			{.name = "lid", .ratio = 4, .rows = 8, .width = 2,
			 .of = FC_INDEXER},
		},
		.pad = 256,
		.streams_per_seq = 1,
	},
};
