/*
 * Phi-3 and Phi-4-mini (src/models/phi3.cpp): one attn_qkv, ffn_up of 2
 * n_ff, longrope factors.
 *
 * The graph: a Phi-3 GGUF with separate attn_q, attn_k, attn_v (not what
 * convert_hf_to_gguf.py writes) builds another one, up to 8 % apart, and
 * struct model does not tell the two apart.
 *
 * Its graph: replayed with the fused attn_qkv,
 * src/graph/compute_dense_replay.c (the peak formulas before it were 2.9 %
 * off: the residual's slot moves with the deployment).
 */
#include "model/family.h"
#include "model/hfconv.h"

/* conversion/phi.py Phi3MiniModel: its set_gguf_parameters
 * (hfc_phi3_mini), then generate_extra_tensors' rope_factors_long and
 * _short of a LongRoPE config with rope.scaling.attn_factor, the tensors
 * kept as longrope scaling (hfc_phi3_rope_factors). */
static int phi3_convert(struct hfc *c)
{
	return hfc_phi3_mini(c) < 0 || hfc_phi3_rope_factors(c) < 0 ? -1 : 0;
}

const struct family family_phi3 = {
    .arch = "phi3",
    .mech = AM_NEXTN,
    /* phi3.cpp load_arch_hparams */
    .window_dropped = "reads it and drops it (\"Phi SWA is currently "
		      "disabled\")",
    .weights =
	&(const struct family_weights){
	    .parts = WS_PLAIN | WS_QKV_FUSED | WS_UP_GATE | WS_ROPE_FACTORS,
	},
    .dense_graph =
	&(const struct family_dense_graph){
	    .flags = DR_PHI3,
	    .modelled = 1,
	},
    /* transformers' Phi3Config's defaults (models/phi3/
     * configuration_phi3.py; num_key_value_heads None: the heads) */
    .conv =
	&(const struct family_conv){
	    .classes = (const char *const[]){"Phi3ForCausalLM", NULL},
	    .converter = "conversion/phi.py Phi3MiniModel",
	    .config = "Phi3Config",
	    .defaults =
		(const struct hfc_default[]){
		    {"vocab_size", 32064, NULL},
		    {"hidden_size", 3072, NULL},
		    {"intermediate_size", 8192, NULL},
		    {"num_hidden_layers", 32, NULL},
		    {"num_attention_heads", 32, NULL},
		    {"max_position_embeddings", 4096, NULL},
		    {"original_max_position_embeddings", 4096, NULL},
		    {"rms_norm_eps", 1e-5, NULL},
		    {"tie_word_embeddings", 0, NULL},
		    {"rope_theta", 10000, NULL},
		    {"partial_rotary_factor", 1, NULL},
		    {NULL, 0, NULL},
		},
	    .convert = phi3_convert,
	},
};
