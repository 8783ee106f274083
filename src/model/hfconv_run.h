/*
 * hfconv_run: the config.json reader's side of model/hfconv.h: a
 * conversion made, run and its keys read (hfconfig.c calls these for a
 * family with a .conv).
 */
#ifndef ATTNVIZ_HFCONV_RUN_H
#define ATTNVIZ_HFCONV_RUN_H

#include <jansson.h>
#include <stddef.h>

#include "model/hfconv.h"
#include "model/model.h"

struct family;
/* A conversion of root (text_config: its language model, or NULL) by
 * fam's .conv; file and text[len] name the file and find keys' lines in
 * errors.  NULL when out of memory. */
struct hfc *hfc_new(const struct family *fam, const char *file,
		    const char *text, size_t len, json_t *root,
		    json_t *text_config, char *err, size_t errlen);
void hfc_free(struct hfc *c);
/* The family's convert hook, then the GGUF reader's rules on the keys it
 * wrote, into m (no weights: the caller estimates them).  0, or -1 with
 * the one-line error. */
int hfc_convert(struct hfc *c, struct model *m);
/* The head tied to the embeddings (tie_word_embeddings, or the hook's). */
int hfc_tie(const struct hfc *c);
/* The configuration class's own key for the tie, when the hook read one
 * (hfc_tied: Lfm2Config's tie_embedding), else NULL. */
const char *hfc_tie_key(const struct hfc *c);
/* The configuration class's default for key (by model_type, else the
 * family's): 1 with it in *v and the class in *cls, 0 without one. */
int hfc_class_default(const struct hfc *c, const char *key, double *v,
		      const char **cls);
/* The llama3 scaling of a rope_freqs tensor made (hfc_rope_freqs_llama3):
 * 1 with factor, low, high, original context in v and the rope
 * parameters' path in *src (valid while c lives), *plain_orig set when
 * the original context was the root's key; 0 without. */
int hfc_llama3_of(const struct hfc *c, double v[4], const char **src,
		  int *plain_orig);
/* Why the router has a score bias (hfc_router_bias), NULL: none. */
const char *hfc_router_bias_of(const struct hfc *c);
/* "a number", "a list", ...: what a JSON value is, for errors. */
const char *hfc_json_kind(const json_t *v);
/* m's origins of written keys: "config.json KEY -> GGUF key" */
void hfc_origins(struct hfc *c, struct model *m);

#endif
