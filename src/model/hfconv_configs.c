/*
 * hfconv_configs: the defaults of transformers configuration classes whose
 * files several families' converter classes read (AutoConfig fills them
 * into the converter's hparams): tabled once, named by the families'
 * .conv.
 */
#include "model/hfconv.h"

/* transformers' DeepseekV3Config __init__ defaults (the remote code's
 * configuration_deepseek.DeepseekV3Config of DeepSeek-V3, V3.2 and Kimi
 * K2 has the same; None: absent) */
const struct hfc_default hfc_deepseek_v3_defaults[] = {
    {"vocab_size", 129280, NULL},
    {"hidden_size", 7168, NULL},
    {"intermediate_size", 18432, NULL},
    {"moe_intermediate_size", 2048, NULL},
    {"num_hidden_layers", 61, NULL},
    {"num_attention_heads", 128, NULL},
    {"num_key_value_heads", 128, NULL},
    {"n_shared_experts", 1, NULL},
    {"n_routed_experts", 256, NULL},
    {"routed_scaling_factor", 2.5, NULL},
    {"kv_lora_rank", 512, NULL},
    {"q_lora_rank", 1536, NULL},
    {"qk_rope_head_dim", 64, NULL},
    {"v_head_dim", 128, NULL},
    {"qk_nope_head_dim", 128, NULL},
    {"num_experts_per_tok", 8, NULL},
    {"first_k_dense_replace", 3, NULL},
    {"norm_topk_prob", 1, NULL},
    {"max_position_embeddings", 4096, NULL},
    {"rms_norm_eps", 1e-6, NULL},
    {"tie_word_embeddings", 0, NULL},
    {"rope_theta", 10000, NULL},
    {"attention_bias", 0, NULL},
    {NULL, 0, NULL},
};

/* transformers' MistralConfig __init__ defaults: Mistral's and Mistral
 * Small 3.1's text_config (LlamaModel, Mistral3Model) */
const struct hfc_default hfc_mistral_defaults[] = {
    {"vocab_size", 32000, NULL},
    {"hidden_size", 4096, NULL},
    {"intermediate_size", 14336, NULL},
    {"num_hidden_layers", 32, NULL},
    {"num_attention_heads", 32, NULL},
    {"num_key_value_heads", 8, NULL},
    {"max_position_embeddings", 131072, NULL},
    {"rms_norm_eps", 1e-6, NULL},
    {"tie_word_embeddings", 0, NULL},
    {"rope_theta", 10000, NULL},
    {"sliding_window", 4096, NULL},
    {NULL, 0, NULL},
};
