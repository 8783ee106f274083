/*
 * closed_form: the second way the model-driven scenes check their sizes.
 * These closed forms are written apart from src/size/size.c and call none
 * of it (nor model_cache_bytes): a per-layer allocation walk there, a product
 * of counts here.  They hold for uniform models (every cached layer with the
 * same KV heads, layers local by the swa_pattern rule); cf_uniform says
 * whether a model is one (layers without a cache, a hybrid's recurrent
 * ones, are left out of "layers" when the model has no window).
 */
#ifndef ATTNVIZ_SCENES_CLOSED_FORM_H
#define ATTNVIZ_SCENES_CLOSED_FORM_H

#include <stdint.h>

#include "model/model.h"
#include "size/size.h"
#include "scene/summary.h"

/*
 * Formula text for summary_formula, over inputs of these names (the cf_in_*
 * helpers add them with their origins):
 *   a K and V cell of a layer, bytes a token: kv_heads, d_k, d_v and the
 *   types' k_block, k_block_bytes, v_block, v_block_bytes; MLA's latent:
 *   kv_lora_rank, qk_rope_head_dim and K's type;
 *   cells a stream: ctx (-c), n_seq; a sliding layer's: also window, ubatch
 *   and batch (-b).
 */
#define CF_CELL "(ceil(kv_heads * d_k / k_block) * k_block_bytes + ceil(kv_heads * d_v / v_block) * v_block_bytes)"
/* K only, no V (DeepSeek V4's raw cache) */
#define CF_CELL_K "ceil(kv_heads * d_k / k_block) * k_block_bytes"
#define CF_CELL_MLA "ceil((kv_lora_rank + qk_rope_head_dim) / k_block) * k_block_bytes"
/* llama-context.cpp: n_ctx = GGML_PAD(-c, 256); a split cache gives each of
 * n_seq streams GGML_PAD(n_ctx / n_seq, 256) (integer division) cells. */
#define CF_STREAM_SPLIT "pad(floor(pad(ctx, 256) / n_seq), 256)"
#define CF_STREAM_UNIFIED "pad(ctx, 256)"

/* 1: every layer has kv_heads KV heads and is local exactly when
 * il % swa_pattern < swa_pattern - 1 (or all local when the pattern is 0). */
int cf_uniform(const struct model *m);
/* The closed forms of a model whose cached layers come in two kinds (Gemma
 * 4): every full layer with kv_full KV heads of head_dim (head_dim_v), every
 * sliding one with kv_swa of head_dim_swa (head_dim_v_swa), layers local by
 * the swa_pattern rule.  cf_kinds fills the two counts and returns 1 when the
 * model is such (a uniform one too: then kv_full == kv_swa == kv_heads). */
int cf_kinds(const struct model *m, int64_t *kv_full, int64_t *kv_swa);
/* 1: the sliding layers' cell differs from the full ones' (other KV heads or
 * other head sizes), so each kind needs its own cell in the formulas. */
int cf_split(const struct model *m, int64_t kv_full, int64_t kv_swa);
/* The two cells' formula texts of a split model (cf_split), and their inputs:
 * kv_heads, d_k, d_v of the full layers, kv_heads_swa, d_k_swa, d_v_swa of the
 * sliding ones, and the types'.  Without flash attention (fa 0) V is stored
 * transposed and every layer's V row is padded to the widest layer's
 * (llama-kv-cache.cpp, hparams.n_embd_v_gqa_max()): the V term of both cells
 * is then max(kv_heads * d_v, kv_heads_swa * d_v_swa).  kv_origin and
 * swa_origin may be NULL (the model's own). */
struct cf_cells {
	char full[320], swa[320];
};
void cf_in_cells(struct summary *s, const struct model *m, int64_t kv_full, int64_t kv_swa, const char *kv_origin,
		 const char *swa_origin, int fa, struct cf_cells *c);
/* "(G * stream * full + (layers - G) * swa_cells * swa)" into buf: the
 * cells of every cached layer of a split model, a stream. */
const char *cf_f_split(char *buf, size_t len, const struct model *m, const char *stream, const char *swa_cells,
		       const struct cf_cells *c);
/* Layers that keep a KV cache (the "layers" input of the formulas), and
 * where that count comes from, into buf[len]. */
int64_t cf_cached_layers(const struct model *m);
const char *cf_layers_origin(const struct model *m, char *buf, int len);
/* The formula text of one stream's cells. */
const char *cf_f_stream(int unified);
/* The formula text of a sliding layer's cells a stream, into buf
 * (llama-kv-cache-iswa.cpp size_swa): GGML_PAD(min(stream, window ×
 * (unified ? n_seq : 1) + n_ubatch), 256), or the stream's cells with
 * swa_full.  n_ubatch is -ub after llama-context.cpp's caps, n_batch =
 * min(-c, -b) and n_ubatch = min(n_batch, -ub): min(ubatch, batch, ctx). */
const char *cf_f_swa(char *buf, size_t len, int unified, int swa_full);
/* The K and V bytes of every stream at deployment d, into buf: a split
 * model's with cells c (cf_in_cells), or a uniform one's with one cell's
 * formula (windowed: the model keeps its sliding window).  Over the inputs
 * of cf_in_deploy and the layer counts. */
const char *cf_f_split_at(char *buf, size_t len, const struct model *m,
			  const struct deploy *d, const struct cf_cells *c);
const char *cf_f_uniform_at(char *buf, size_t len, const struct model *m,
			    const struct deploy *d, int windowed,
			    const char *cell);
/* The formula text of the global-layer count (inputs layers, swa_pattern). */
const char *cf_f_global(const struct model *m);
/* The streams factor of a cache, " * n_seq" or "" under -kvu, and the
 * sliding cells a stream (cf_f_swa): a model whose cache keeps a stream a
 * sequence whatever -kvu (DeepSeek V4: model streams_per_seq) has n_seq
 * streams of pad(ctx, 256) cells under -kvu, the window once a stream. */
const char *cf_f_streams(const struct model *m, const struct deploy *d);
const char *cf_f_swa_of(char *buf, size_t len, const struct model *m,
			const struct deploy *d);
/* Add the inputs k_block, k_block_bytes, v_block, v_block_bytes: ggml's
 * block of each cache type (values and bytes), written out again here. */
void cf_in_types(struct summary *s, const struct model *m);
/* Add the inputs d_k and d_v: a head's K and V sizes (an MLA model's full
 * K and V, not its latent). */
void cf_in_dims(struct summary *s, const struct model *m);
/* Add the inputs of one layer's cell bytes a token with kv KV heads (the
 * model's origin when kv_origin is NULL), and return its formula text:
 * CF_CELL_MLA for a latent cache, else CF_CELL with d_k and d_v (full K
 * and V of an MLA model too when full is set). */
const char *cf_in_cell(struct summary *s, const struct model *m, int64_t kv, const char *kv_origin, int full);
/* Add the inputs ubatch (-ub as asked, from ub_origin) and batch (-b). */
void cf_in_ubatch(struct summary *s, int64_t ub, int64_t batch,
		  const char *ub_origin);
/* Add the deployment inputs ctx and n_seq (and window, ubatch and batch
 * when w > 0). */
void cf_in_deploy(struct summary *s, int64_t ctx, int64_t n_seq, int64_t w,
		  int64_t ub, int64_t batch, const struct model *m);
/* Where a model value came from: the reader's word, else its INI key
 * ("[model] kv_heads").  field: MF_KV_HEADS, ... (model/fields.h). */
const char *cf_origin(const struct model *m, enum model_field field, char *buf, int len);

#endif
