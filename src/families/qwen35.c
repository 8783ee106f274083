/*
 * Qwen3.5 dense (src/models/qwen35.cpp): Qwen3-Next's layout.
 *
 * Its graph: replayed, src/graph/compute_qwen3next.c (the gated Q,
 * Qcur_full [2 n_head head_dim], and its normed half under K.Q).
 */
#include "model/family.h"
#include "model/hfconv.h"

#define K(...) ((const char *const[]){__VA_ARGS__, NULL})

const struct family family_qwen35 = {
    .arch = "qwen35",
    .mech = AM_NEXTN | AM_RECURRENT,
    .recurrent =
	&(const struct family_recurrent){
	    .rule = RR_INTERVAL,
	    .state = RS_MAMBA2,
	},
    .gdn_graph =
	&(const struct family_gdn_graph){
	    .flags = GD_MROPE,
	    .modelled = 1,
	},
    /* conversion/qwen.py Qwen3_5TextModel: Qwen3NextModel's keys and
     * _Qwen35MRopeMixin's sections (hfc_qwen35); the defaults are
     * transformers' Qwen3_5TextConfig's (models/qwen3_5/
     * configuration_qwen3_5.py; Qwen3_5Config keeps it in text_config) */
    .conv =
	&(const struct family_conv){
	    .classes = K("Qwen3_5ForConditionalGeneration",
			 "Qwen3_5ForCausalLM"),
	    .converter = "conversion/qwen.py Qwen3_5TextModel",
	    .config = "Qwen3_5TextConfig",
	    .defaults =
		(const struct hfc_default[]){
		    {"vocab_size", 248320, NULL},
		    {"hidden_size", 4096, NULL},
		    {"intermediate_size", 12288, NULL},
		    {"num_hidden_layers", 32, NULL},
		    {"num_attention_heads", 16, NULL},
		    {"num_key_value_heads", 4, NULL},
		    {"max_position_embeddings", 32768, NULL},
		    {"rms_norm_eps", 1e-6, NULL},
		    {"tie_word_embeddings", 0, NULL},
		    {"rope_theta", 10000, NULL},
		    {"attention_bias", 0, NULL},
		    {"head_dim", 256, NULL},
		    {"linear_conv_kernel_dim", 4, NULL},
		    {"linear_key_head_dim", 128, NULL},
		    {"linear_value_head_dim", 128, NULL},
		    {"linear_num_key_heads", 16, NULL},
		    {"linear_num_value_heads", 32, NULL},
		    {NULL, 0, NULL},
		},
	    .convert = hfc_qwen35,
	    .delta_net = 1,
	},
};
