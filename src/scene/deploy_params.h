/*
 * deploy_params: the deployment as scene parameters (DESIGN section 2), one
 * set of names as llama.cpp's flags, read one way by every model-driven
 * scene.  A scene's table holds these rows at these indices, its own
 * parameters numbered from DP_COUNT on:
 *
 *   enum { GQ_KV_HEADS = DP_COUNT, ..., GQ_NPARAMS };
 *   static const struct param_spec gq_params[GQ_NPARAMS + 1] = {
 *       DEPLOY_SPECS,
 *       [GQ_KV_HEADS] = {...},
 *   };
 *
 * A scene that lists contexts or micro-batches (cost, fa-engines) writes
 * that row as a list itself.  A scene whose numbers a parameter does not
 * change still takes it, and its class says which (scene_class.unshown):
 * --explain names them.
 */
#ifndef ATTNVIZ_SCENE_DEPLOY_PARAMS_H
#define ATTNVIZ_SCENE_DEPLOY_PARAMS_H

#include <stddef.h>

#include "model/model.h"
#include "size/size.h"
#include "model/wquant_model.h"
#include "scene/params.h"

enum deploy_param {
	DP_CTX,      /* -c */
	DP_N_SEQ,    /* -np */
	DP_UNIFIED,  /* -kvu */
	DP_SWA_FULL, /* --swa-full */
	DP_N_BATCH,  /* -b */
	DP_UBATCH,   /* -ub */
	DP_K_TYPE,   /* -ctk */
	DP_V_TYPE,   /* -ctv */
	DP_FA,       /* -fa */
	DP_WEIGHTS,  /* the weights' llama-quantize type */
	DP_COUNT
};

/* enum cache_type's words, then "model": the file's own type */
#define DP_CACHE_WORDS "f32|f16|bf16|q8_0|q4_0|q4_1|q5_0|q5_1|iq4_nl|model"
#define DP_TYPE_MODEL (CACHE_IQ4_NL + 1)

#define DP_SPEC_CTX                                                        \
	{.name = "ctx", .kind = PARAM_INT, .min = 1, .max = 1 << 24,          \
	 .help = "-c context size"}
#define DP_SPEC_N_SEQ                                                      \
	{.name = "n_seq", .kind = PARAM_INT, .min = 1, .max = 256,            \
	 .help = "-np parallel sequences"}
#define DP_SPEC_UNIFIED                                                    \
	{.name = "unified", .kind = PARAM_INT, .min = 0, .max = 1,            \
	 .help = "1: -kvu, one cache stream for all sequences"}
#define DP_SPEC_SWA_FULL                                                   \
	{.name = "swa_full", .kind = PARAM_INT, .min = 0, .max = 1,           \
	 .help = "1: --swa-full (sliding layers get every cell)"}
#define DP_SPEC_N_BATCH                                                    \
	{.name = "n_batch", .kind = PARAM_INT, .min = 1, .max = 1 << 20,      \
	 .help = "-b logical batch (caps -ub; -c caps it)"}
#define DP_SPEC_UBATCH                                                     \
	{.name = "ubatch", .kind = PARAM_INT, .min = 1, .max = 65536,         \
	 .help = "-ub micro-batch"}
#define DP_SPEC_K_TYPE                                                     \
	{.name = "k_type", .kind = PARAM_WORDS, .max = DP_TYPE_MODEL,         \
	 .max_count = 1, .words = DP_CACHE_WORDS,                             \
	 .help = "-ctk, the K cache type: f16, q8_0, ... (model: the file's)"}
#define DP_SPEC_V_TYPE                                                     \
	{.name = "v_type", .kind = PARAM_WORDS, .max = DP_TYPE_MODEL,         \
	 .max_count = 1, .words = DP_CACHE_WORDS,                             \
	 .help = "-ctv, the V cache type (quantized only with fa = 1)"}
#define DP_SPEC_FA                                                         \
	{.name = "fa", .kind = PARAM_INT, .min = 0, .max = 1,                 \
	 .help = "1: -fa on, flash attention"}
#define DP_SPEC_WEIGHTS                                                    \
	{.name = "weights", .kind = PARAM_WORDS, .max = WQ_FTYPE_N,           \
	 .max_count = 1, .words = WQ_WEIGHTS_WORDS,                           \
	 .help = "llama-quantize type of the weights (model: the file's)"}

#define DEPLOY_SPECS_AFTER_CTX                                             \
	[DP_N_SEQ] = DP_SPEC_N_SEQ, [DP_UNIFIED] = DP_SPEC_UNIFIED,          \
	[DP_SWA_FULL] = DP_SPEC_SWA_FULL, [DP_N_BATCH] = DP_SPEC_N_BATCH,    \
	[DP_UBATCH] = DP_SPEC_UBATCH, [DP_K_TYPE] = DP_SPEC_K_TYPE,          \
	[DP_V_TYPE] = DP_SPEC_V_TYPE, [DP_FA] = DP_SPEC_FA,                  \
	[DP_WEIGHTS] = DP_SPEC_WEIGHTS
#define DEPLOY_SPECS [DP_CTX] = DP_SPEC_CTX, DEPLOY_SPECS_AFTER_CTX

/* The budget's rows beside the deployment, the fit scene's and --fit's. */
#define DP_SPEC_MARGIN                                                     \
	{.name = "margin", .kind = PARAM_INT, .min = 0, .max = 1 << 24,       \
	 .help = "MiB kept free (llama.cpp's --fit keeps 1024)"}
#define DP_SPEC_CTX_MAX                                                    \
	{.name = "ctx_max", .kind = PARAM_INT, .min = 0,                      \
	 .max = (double)MODEL_MAX_CTX,                                        \
	 .help = "largest context considered (0: the trained context)"}

/* Bits of the deployment parameters a scene's numbers do not depend on
 * (scene_class.unshown). */
#define DP_BIT(p) (1u << (p))

/* The deployment the parameters give (ctx and ubatch: a list's first
 * value; llama.cpp's caps are applied where sizes are made, size.h), and
 * m0 as deployed into m: k_type and v_type as -ctk and -ctv over the
 * file's, the weights in the weights parameter's type.  0, or -1 with the
 * one-line reason in err. */
int deploy_params_apply(const struct params *p, const struct model *m0,
			struct model *m, struct deploy *d, char *err,
			size_t errlen);

/* Each parameter's llama.cpp flag ("-c", "-np", ...; the weights' "type"),
 * for the editor's short form. */
extern const char *const deploy_params_flags[DP_COUNT];
/* 1 when a table starts with the deployment's rows (a model scene's). */
int deploy_params_in(const struct param_spec *specs, int n);

/* "fa, weights" for the bits of unshown, into buf[len] (empty when none). */
const char *deploy_params_names(unsigned unshown, char *buf, size_t len);

#endif
