/*
 * weights: the --explain of a model's weights_bytes, for the scenes that
 * show it (memory, fit).
 */
#ifndef ATTNVIZ_SCENES_WEIGHTS_H
#define ATTNVIZ_SCENES_WEIGHTS_H

#include "model/model.h"
#include "scene/summary.h"

/* The words, origin and check of weights_bytes, after its summary_int:
 * each group of tensors with the rule it followed (its bytes summed), or
 * the estimate's formula (params x bytes a value). */
void weights_explain(struct summary *s, const struct model *m);

#endif
