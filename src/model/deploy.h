/*
 * deploy: how a model is run (llama.cpp's -c, -ub, -np, -kvu, --swa-full,
 * -fa, -b) and the KV cache that deployment gives, as types: what the
 * size layer computes (src/size/size.c size_alloc) and the compute
 * graphs read, neither depending on the other for them.
 */
#ifndef ATTNVIZ_DEPLOY_H
#define ATTNVIZ_DEPLOY_H

#include <stdint.h>

#include "model/model.h"

/* The padding of n_ctx and of the SWA cache (llama-context.cpp,
 * llama-kv-cache-iswa.cpp). */
#define SIZE_PAD 256

/* How the model is run: llama.cpp's -c, -ub, -np, -kvu and --swa-full. */
struct deploy {
	int64_t n_ctx;	  /* -c, as asked */
	int64_t n_ubatch; /* -ub */
	int64_t n_seq;	  /* -np: parallel sequences */
	int unified;	  /* -kvu: one stream shared by all sequences */
	int swa_full;	  /* --swa-full: sliding layers get every cell */
	int flash_attn;	  /* 1: -fa on, 0: off (deploy_default: what -fa auto
			     gives on CPU, on) */
	int64_t n_batch;  /* -b, default 2048 */
};

/* What one layer keeps. */
enum layer_cache { LAYER_NONE, LAYER_GLOBAL, LAYER_LOCAL };

/* The KV cache llama.cpp allocates for a model and a deployment. */
struct kv_alloc {
	int64_t n_ctx; /* padded, and a multiple of n_seq streams when split */
	int64_t streams;    /* n_seq when split, 1 when unified */
	int64_t full_cells; /* cells per stream of a full-attention layer
			       (n_ctx_seq) */
	int64_t swa_cells;  /* cells per stream of a sliding layer; 0 when there
			       is none */
	int windowed;	    /* the model's window is honoured (a window, not
			       swa_ignored) */
	int64_t global_layers, local_layers; /* layers in each cache, as
						llama.cpp's log counts them */
	int64_t none_layers; /* layers without KV heads, in the cache or not
				(recurrent, shared, nextn) */
	int64_t k_bytes, v_bytes; /* all layers, all streams */
	int64_t global_bytes, local_bytes, total_bytes;
	int64_t full_bytes; /* what swa_full would allocate */
	int64_t global_k_bytes,
	    local_k_bytes; /* K part of the two caches (the rest is V) */
	int64_t layer_cells[MODEL_MAX_LAYERS]; /* per stream; 0 on a layer
						  without KV heads */
	int64_t layer_bytes[MODEL_MAX_LAYERS]; /* K + V, all streams (V padding
						  included) */
	/* A layer's kind is the model's (model->layer_type): not copied here.
	 */
	int64_t recurrent_layers, shared_layers;
	int64_t
	    state_bytes_layer; /* one recurrent layer's state, all sequences */
	int64_t recurrent_bytes; /* every recurrent layer's; not in total_bytes
				    (the KV) */
	int64_t indexer_bytes_cell,
	    indexer_bytes; /* the indexer's K-only cache, a cell and all (in
			      k_bytes) */
	/* an indexer cache apart (model indexer_apart): its layers and bytes,
	 * all streams; not in total_bytes, k_bytes, v_bytes, layer_bytes nor
	 * indexer_bytes (the layout scenes compare the main cache; the memory
	 * scene and --fit add it) */
	int64_t apart_layers, apart_bytes;
	/* DeepSeek V4's compressed caches and compressor states (struct
	 * family_compress, in its order): cells a stream, layers and bytes,
	 * all streams.  The caches are in apart_bytes, the states (fixed a
	 * sequence) in recurrent_bytes. */
	int64_t comp_cells[4], comp_layers[4], comp_bytes[4];
	int64_t comp_state_layers[4], comp_state_bytes[4];
};

#endif
