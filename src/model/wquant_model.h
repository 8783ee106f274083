/* wquant_model: a loaded model's weights for a llama-quantize type. */
#ifndef ATTNVIZ_WQUANT_MODEL_H
#define ATTNVIZ_WQUANT_MODEL_H

#include <stddef.h>

#include "model/model.h"
#include "model/wquant.h"

/* m->weights_bytes for type f: exact from a GGUF's tensor infos (each
 * tensor in llama-quantize's type, wquant.h), else estimated from the
 * parameter count at the type's default bytes a value; the origin says
 * which.  0, or -1 with the one-line error in err. */
int wquant_model(struct model *m, const struct wq_ftype *f, char *err,
		 size_t errlen);

#endif
