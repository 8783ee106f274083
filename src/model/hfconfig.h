/*
 * hfconfig: a Hugging Face config.json read into struct model (DESIGN
 * section 5).  Parsing is strict (jansson, duplicate keys refused); the
 * fields of `text_config` (Gemma 3, multimodal models) are merged over the
 * root's; a field the file leaves out takes the default of its family's
 * transformers configuration class, and each value remembers its origin.
 * Parameter counts, which config.json never gives, are estimated from the
 * architecture and marked so.
 */
#ifndef ATTNVIZ_HFCONFIG_H
#define ATTNVIZ_HFCONFIG_H

#include <stddef.h>

#include "model/model.h"

/* path: a config.json file, or a directory holding one.  0, or -1 with the
 * one-line error in err ("FILE:LINE:COL: what", "FILE: field NAME: what");
 * *m is replaced only by a model that passed every check. */
int model_load_hf(struct model *m, const char *path, char *err, size_t errlen);
/* 1 when a config.json of llama.cpp architecture arch is read: its
 * family file in src/families/ has a converter class (.conv) or a field
 * mapping (.hf). */
int hfconfig_reads_arch(const char *arch);

#endif
