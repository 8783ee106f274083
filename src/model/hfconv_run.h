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
 * wrote, into m, and what the checkpoint's tensors would say (the tie,
 * the router's score bias, sinks, llama3's rope_freqs; no weights: the
 * caller estimates them).  0, or -1 with the one-line error. */
int hfc_convert(struct hfc *c, struct model *m);
/* "a number", "a list", ...: what a JSON value is, for errors. */
const char *hfc_json_kind(const json_t *v);
/* m's origins of written keys: "config.json KEY -> GGUF key" */
void hfc_origins(struct hfc *c, struct model *m);

#endif
