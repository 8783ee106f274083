/*
 * split: a model across several devices as llama.cpp places it by default
 * (-sm layer, no -ts): src/llama-model.cpp llama_model_base::load_tensors
 * takes each device's free memory as its share ("default split, by free
 * memory"), sums the shares into split points normalised to 1, and gives
 * layer il of the n_layer + 1 (the repeating layers, then the output layer)
 * to the first device whose split point exceeds il / (n_layer + 1)
 * (std::upper_bound, in float).  The input layer (token embeddings) stays
 * on the CPU ("very little benefit to offloading the input layer").
 * Each layer's KV cache and recurrent state live on its device
 * (llama-kv-cache.cpp: the layer's buffer type); every device reserves its
 * own compute buffer for its part of the graph (ggml_backend_sched_reserve).
 */
#ifndef ATTNVIZ_SPLIT_H
#define ATTNVIZ_SPLIT_H

#include <stdint.h>

#include "size/budget.h"
#include "size/fit.h"
#include "model/model.h"

/* The weights by where they go: the input layer, each repeating layer,
 * the output layer (the output norm and head). */
struct split_weights {
	int64_t input, output;
	int64_t layer[MODEL_MAX_LAYERS];
	enum size_mark mark; /* exact from tensor shapes, else estimated */
};

struct split_device {
	int64_t budget; /* bytes */
	int64_t first, count; /* repeating layers [first, first + count) */
	int output; /* 1: it holds the output layer */
	int64_t bytes[FT_COUNT]; /* FT_OUTPUT stays 0: the output buffer is in
				    host memory */
	int64_t total;
};

struct split_plan {
	int n;
	struct split_device dev[BUDGET_MAX_DEVICES];
	int64_t host_input, host_output; /* token embeddings, the logits' output
					    buffer: host memory */
	int64_t n_ctx;
};

/* One cache type's answer over the devices. */
struct split_row {
	struct fit_row fit; /* the range, step, types, refusal, flags; at.n_ctx
			       the context */
	struct split_plan at,
		next; /* at max_ctx (or the floor), one step further */
	int worst; /* the device with the least room left at max_ctx (the floor)
		    */
};

/* The device of each layer: first[j], count[j], and which holds the output. */
void split_layers(int64_t n_layer, const struct budget *b, int64_t *first,
		  int64_t *count, int *out_dev);
/* The model's weights by layer (estimated from its totals unless tensor
 * shapes say): 0, or -1 on overflow. */
int split_weights_of(const struct model *m, struct split_weights *w);
/* Solve one cache type for the devices of b, margin per device.  0, or -1
 * on overflow (row->fit.why says so). */
int split_solve(const struct model *m, const struct fit_query *q,
		const struct budget *b, enum fit_cache c,
		struct split_row *row);

#endif
