/*
 * gguf: reads a GGUF file's header (llama.cpp's model format, versions 2
 * and 3) into a model description.  Only the header is read: metadata and
 * tensor infos, never tensor data, so a file of any size loads at once.
 * Keys and defaults follow llama.cpp (src/llama-arch.cpp key names,
 * src/llama-model.cpp load_hparams).
 */
#ifndef ATTNVIZ_GGUF_H
#define ATTNVIZ_GGUF_H

#include <stddef.h>

#include "model/model.h"

/* Load and validate (ends with model_finish).  0, or -1 with a one-line
 * error in err naming the file and the byte offset of what is wrong; *m is
 * left untouched on error. */
int model_load_gguf(struct model *m, const char *path, char *err, size_t errlen);

struct gguf_file;
/* The model of keys and tensor totals a caller collected in r (llamalog.c
 * builds them from a llama.cpp log's print_info lines), read by the same
 * rules as a file's; r->path names the source in errors.  Ends with
 * model_finish.  0, or -1 with the one-line error in err. */
int model_from_gguf_keys(struct model *m, struct gguf_file *r, char *err, size_t errlen);

/* The same rules on keys a caller collected (hfconv.c: a config.json's),
 * without model_finish; r->err set by the caller; r->no_tensors leaves
 * the tensors' part (sinks, tie, parameters, weights) to the caller.
 * 0, or -1 with the error in r->err. */
int gguf_interpret_keys(struct gguf_file *r, struct model *m);

#endif
