/* wquant_model: a loaded model's weights for a llama-quantize type. */
#ifndef ATTNVIZ_WQUANT_MODEL_H
#define ATTNVIZ_WQUANT_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "model/model.h"
#include "model/wquant.h"

/* m->weights_bytes for type f: exact from a GGUF's tensor infos (each
 * tensor in llama-quantize's type, wquant.h), else estimated from the
 * parameter count at the type's default bytes a value; the origin says
 * which.  0, or -1 with the one-line error in err. */
int wquant_model(struct model *m, const struct wq_ftype *f, char *err,
		 size_t errlen);

/* Tensors of one rule and one type, for --explain. */
struct wq_group {
	enum wq_rule rule;
	uint32_t type;   /* ggml type id */
	int count;
	int64_t bytes;
};
/* m's tensors under its weights_type (wquant_model), grouped by the rule
 * each followed and the type it got, into g[max]: the count of groups; 0
 * when m's weights are not counted tensor by tensor; -1 with err. */
int wquant_model_groups(const struct model *m, struct wq_group *g, int max,
			char *err, size_t errlen);

/* A scene's weights parameter (scene/params.h PARAM_WORDS): "model" keeps
 * the file's own weights, word i > 0 is wq_ftypes[i - 1]. */
#define WQ_WEIGHTS_WORDS "model|" WQ_FTYPES(WQ_FTYPE_WORD)
/* wquant_model for word w of WQ_WEIGHTS_WORDS; 0 leaves m as it is. */
int wquant_model_word(struct model *m, int w, char *err, size_t errlen);

#endif
