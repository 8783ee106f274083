/*
 * kv-quant (beyond the lesson): the KV cache stored as llama.cpp stores it
 * with -ctk / -ctv q8_0 or q4_0, in ggml's blocks (kern/quant.h): 32 values
 * of a row share one f16 scale d, and each value keeps only an int, 8 bits
 * (q8_0: d = amax / 127, q = round(x / d)) or 4 (q4_0: d = max / -8,
 * nibble = min(15, floor(x / d + 8.5)), value (nibble - 8) d).  A token's K
 * and V then take 34 or 18 bytes a block instead of f16's 64.
 *
 * Steps: 0 = the first block of key 0, as floats; 1 = its scale; 2 = its
 * ints; 3 = dequantized, and the error; 4 = the scores q.k / sqrt(d) of all
 * n keys from the f16 cache and from each quantized one; 5 = the attention
 * outputs, by the benchmark's decode kernel reading each cache; 6 = bytes a
 * token.  Errors are against the exact scores and output (float64 on the
 * unquantized floats) and are checked by a float64 reference on each
 * dequantized cache, which decodes the blocks itself.
 * Data: q, then K, then V from java.util.Random(seed).nextGaussian().
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "glyph.h"
#include "kern/fastattn.h"
#include "kern/half.h"
#include "kern/jrand.h"
#include "kern/quant.h"
#include "scene/scene.h"

#define KQ_MAX_N 32
#define KQ_MAX_D 128
#define KQ_NB (KQ_MAX_N * KQ_MAX_D / QUANT_BLOCK)
#define KQ_STEPS 7
/* How close each float32 path's error must come to the float64
 * reference's.  The output of a quantized cache is fastattn_decode's, which
 * rounds the query to int16 per block for its integer dot product: up to
 * about 2e-5 more at a few keys (measured), so it is held to the
 * benchmark's bound for quantized caches, 1e-4, still a hundredth of what
 * q8_0's own rounding moves the output. */
#define KQ_TOL 1e-5
#define KQ_TOL_OUT_Q 1e-4

/* Cache types in the order of enum quant_type: f16, q8_0, q4_0. */
struct kq_state {
	int n, d, type;                       /* type: the block the steps walk, QUANT_Q8_0 or QUANT_Q4_0 */
	long long seed;
	float q[KQ_MAX_D];                    /* [d] */
	float key[KQ_MAX_N * KQ_MAX_D];       /* [n][d] */
	float val[KQ_MAX_N * KQ_MAX_D];       /* [n][d] */
	uint16_t kh[KQ_MAX_N * KQ_MAX_D], vh[KQ_MAX_N * KQ_MAX_D];   /* [n][d] f16 cache */
	struct block_q8_0 k8[KQ_NB], v8[KQ_NB];                        /* [n][d / 32] */
	struct block_q4_0 k4[KQ_NB], v4[KQ_NB];                        /* [n][d / 32] */
	/* The walked block: key 0, values 0..31. */
	float x[QUANT_BLOCK];
	int top;                              /* index of the value that sets the scale */
	double amax, max;                     /* max |x|, and the signed value of largest magnitude */
	uint16_t dbits;                       /* the scale as stored */
	double dq;                            /* the scale as f16 read back */
	int ints[QUANT_BLOCK];                /* q8_0: qs; q4_0: the nibbles 0..15 */
	float back[QUANT_BLOCK];              /* dequantized */
	double back_err;                      /* max |x - back| */
	/* Scores q.k / sqrt(d) and outputs, per cache type. */
	double exact[KQ_MAX_N];               /* float64 on the floats */
	double score[QUANT_NTYPES][KQ_MAX_N]; /* float32: dequant_row then a float dot */
	double ref[QUANT_NTYPES][KQ_MAX_N];   /* float64 on the cache, decoded here */
	double out_exact[KQ_MAX_D];
	float out[QUANT_NTYPES][KQ_MAX_D];    /* fastattn_decode over the cache */
	double out_ref[QUANT_NTYPES][KQ_MAX_D];
	double err_s[QUANT_NTYPES], ref_err_s[QUANT_NTYPES], err_o[QUANT_NTYPES], ref_err_o[QUANT_NTYPES];
	int kernel_rc[QUANT_NTYPES];
	char kernel_err[160];
};

enum { KQ_SEED, KQ_N, KQ_D, KQ_TYPE, KQ_NPARAMS };
static const struct param_spec kq_params[KQ_NPARAMS + 1] = {
	[KQ_SEED] = {.name = "seed", .kind = PARAM_INT, .min = -9e15, .max = 9e15, .help = "java.util.Random seed of q, K, V"},
	[KQ_N] = {.name = "n", .kind = PARAM_INT, .min = 1, .max = KQ_MAX_N, .help = "keys in the cache"},
	[KQ_D] = {.name = "d", .kind = PARAM_INT, .min = 32, .max = KQ_MAX_D,
		.help = "head dimension, a multiple of 32 (one block of 32 values or more)"},
	[KQ_TYPE] = {.name = "type", .kind = PARAM_WORDS, .min = 0, .max = 1, .max_count = 1,
		.help = "q8_0|q4_0: the block the steps walk through"},
	[KQ_NPARAMS] = {0},
};

/* Element c of row j of K (which 0) or V (1) in cache type t, decoded here
 * from the stored bytes (not by quant.c): the reference's own reading. */
static double cache_value(const struct kq_state *st, int t, int which, int j, int c)
{
	int nb = st->d / QUANT_BLOCK, b = j * nb + c / QUANT_BLOCK, i = c % QUANT_BLOCK;
	if (t == QUANT_F16)
		return half_to_float((which ? st->vh : st->kh)[(size_t)j * st->d + c]);
	if (t == QUANT_Q8_0) {
		const struct block_q8_0 *blk = which ? &st->v8[b] : &st->k8[b];
		return (double)half_to_float(blk->d) * blk->qs[i];
	}
	const struct block_q4_0 *blk = which ? &st->v4[b] : &st->k4[b];
	int byte = blk->qs[i % 16], nib = i < 16 ? byte & 15 : byte >> 4;
	return (double)half_to_float(blk->d) * (nib - 8);
}

static const void *cache_rows(const struct kq_state *st, int t, int which)
{
	if (t == QUANT_F16)
		return which ? st->vh : st->kh;
	if (t == QUANT_Q8_0)
		return which ? (const void *)st->v8 : st->k8;
	return which ? (const void *)st->v4 : st->k4;
}

/* Float64 softmax over scores s[n], weighted sum of value rows val(j, c): out[d]. */
static void attend64(const struct kq_state *st, const double *s, int t, double *out)
{
	double mx = -INFINITY, sum = 0;
	for (int j = 0; j < st->n; j++)
		mx = fmax(mx, s[j]);
	for (int c = 0; c < st->d; c++)
		out[c] = 0;
	for (int j = 0; j < st->n; j++) {
		double w = exp(s[j] - mx);
		sum += w;
		for (int c = 0; c < st->d; c++)
			out[c] += w * (t < 0 ? (double)st->val[(size_t)j * st->d + c] : cache_value(st, t, 1, j, c));
	}
	for (int c = 0; c < st->d; c++)
		out[c] /= sum;
}

/* The walked block: its scale by the type's rule, its ints, and back. */
static void walk_block(struct kq_state *st)
{
	memcpy(st->x, st->key, sizeof st->x);
	for (int i = 0; i < QUANT_BLOCK; i++)
		if (fabs(st->x[i]) > st->amax)
			st->amax = fabs(st->x[i]), st->max = st->x[i], st->top = i;
	if (st->type == QUANT_Q8_0) {
		st->dbits = st->k8[0].d;
		for (int i = 0; i < QUANT_BLOCK; i++)
			st->ints[i] = st->k8[0].qs[i];
	} else {
		st->dbits = st->k4[0].d;
		for (int i = 0; i < QUANT_BLOCK; i++)
			st->ints[i] = quant_q4_0_nibble(&st->k4[0], i);
	}
	st->dq = half_to_float(st->dbits);
	dequant_row(st->type, st->back, st->type == QUANT_Q8_0 ? (const void *)st->k8 : st->k4, QUANT_BLOCK);
	for (int i = 0; i < QUANT_BLOCK; i++)
		st->back_err = fmax(st->back_err, fabs((double)st->x[i] - st->back[i]));
}

/* Scores and outputs of cache type t: the float32 paths, the float64 reference, their errors. */
static void run_type(struct kq_state *st, int t)
{
	int d = st->d;
	size_t rb = quant_row_bytes(t, d);
	float row[KQ_MAX_D];
	for (int j = 0; j < st->n; j++) {
		dequant_row(t, row, (const char *)cache_rows(st, t, 0) + (size_t)j * rb, (size_t)d);
		float acc = 0;
		double r = 0;
		for (int c = 0; c < d; c++) {
			acc += st->q[c] * row[c];
			r += (double)st->q[c] * cache_value(st, t, 0, j, c);
		}
		st->score[t][j] = acc / sqrtf((float)d);
		st->ref[t][j] = r / sqrt((double)d);
		st->err_s[t] = fmax(st->err_s[t], fabs(st->score[t][j] - st->exact[j]));
		st->ref_err_s[t] = fmax(st->ref_err_s[t], fabs(st->ref[t][j] - st->exact[j]));
	}
	static const int kv[QUANT_NTYPES] = {FASTATTN_F16, FASTATTN_Q8_0, FASTATTN_Q4_0};
	struct fastattn_args a = {.q = st->q, .k = cache_rows(st, t, 0), .v = cache_rows(st, t, 1), .o = st->out[t],
				  .heads = 1, .nq = 1, .nkv = st->n, .d = d, .causal = 1, .threads = 1, .kv = kv[t]};
	struct fastattn_stats fs;
	st->kernel_rc[t] = fastattn_decode(&a, &fs, st->kernel_err, sizeof st->kernel_err);
	attend64(st, st->ref[t], t, st->out_ref[t]);
	for (int c = 0; c < d; c++) {
		st->err_o[t] = fmax(st->err_o[t], fabs((double)st->out[t][c] - st->out_exact[c]));
		st->ref_err_o[t] = fmax(st->ref_err_o[t], fabs(st->out_ref[t][c] - st->out_exact[c]));
	}
}

static int kq_init(void *vs, const struct scene_env *env, char *err, size_t errlen)
{
	struct kq_state *st = vs;
	int nt;
	st->seed = params_int(env->p, KQ_SEED);
	st->n = (int)params_int(env->p, KQ_N);
	st->d = (int)params_int(env->p, KQ_D);
	st->type = (int)params_list(env->p, KQ_TYPE, &nt)[0] == 1 ? QUANT_Q4_0 : QUANT_Q8_0;
	if (st->d % QUANT_BLOCK != 0) {
		snprintf(err, errlen, "d: %d is not a multiple of %d (ggml's blocks hold 32 values)", st->d, QUANT_BLOCK);
		return -1;
	}
	int d = st->d;
	size_t count = (size_t)st->n * d;
	struct jrand r;
	jrand_init(&r, st->seed);
	for (int c = 0; c < d; c++)
		st->q[c] = (float)jrand_gaussian(&r);
	for (size_t i = 0; i < count; i++)
		st->key[i] = (float)jrand_gaussian(&r);
	for (size_t i = 0; i < count; i++)
		st->val[i] = (float)jrand_gaussian(&r);
	/* The three caches of the same floats. */
	half_from_floats(st->kh, st->key, count), half_from_floats(st->vh, st->val, count);
	quant_q8_0(st->k8, st->key, count), quant_q8_0(st->v8, st->val, count);
	quant_q4_0(st->k4, st->key, count), quant_q4_0(st->v4, st->val, count);
	walk_block(st);
	for (int j = 0; j < st->n; j++) {
		double t = 0;
		for (int c = 0; c < d; c++)
			t += (double)st->q[c] * st->key[(size_t)j * d + c];
		st->exact[j] = t / sqrt((double)d);
	}
	attend64(st, st->exact, -1, st->out_exact);
	for (int t = 0; t < QUANT_NTYPES; t++)
		run_type(st, t);
	return 0;
}

static int kq_nsteps(const void *vs)
{
	(void)vs;
	return KQ_STEPS - 1;
}

/* The walked block's 32 numbers, 8 a row from row y: floats or ints.  The
 * value that sets the scale is marked by a pointer in the gap before it as
 * well as by its colour: among the ints, drawn in a colour of their own,
 * colour alone would not tell it, and two values may print alike.  On the
 * marked row the numbers before it move a column left and the rest a
 * column right, so that the pointer has a blank each side and the two
 * numbers beside it read apart (the row still fits 49 columns). */
static void block_rows(struct canvas *c, int y, const struct kq_state *st, int ints, int mark)
{
	int mrow = mark ? st->top / 8 : -1, mcol = st->top % 8;
	for (int i = 0; i < QUANT_BLOCK; i++) {
		int row = i / 8, col = i % 8;
		int x = 1 + 6 * col + (row != mrow ? 0 : col < mcol ? -1 : 1);
		enum role role = mark && i == st->top ? ROLE_HOT : ints ? ROLE_ACCENT : ROLE_NORMAL;
		if (mark && i == st->top)
			canvas_put(c, 6 * col, y + row, GLYPH_POINTER,
				   ROLE_HOT);
		if (ints)
			canvas_printf_whole(c, x, y + row, role, "%5d",
					    st->ints[i]);
		else
			canvas_printf_whole(c, x, y + row, role, "%5.2f",
					    st->x[i]);
	}
}

static void render_block(const struct kq_state *st, struct canvas *c, int step)
{
	int q8 = st->type == QUANT_Q8_0;
	canvas_printf_whole(c, 0, 0, ROLE_LABEL, "key 0, values 0-31: one %s block", quant_name(st->type));
	block_rows(c, 1, st, 0, step >= 1);
	if (step >= 1) {
		if (q8)
			canvas_printf_whole(c, 0, 5, ROLE_NORMAL, "amax %.4f, d = amax / 127 = %.6f", st->amax, st->amax / 127);
		else
			canvas_printf_whole(c, 0, 5, ROLE_NORMAL, "max %.4f, d = max / -8 = %.6f", st->max, st->max / -8);
		canvas_printf_whole(c, 0, 6, ROLE_NORMAL, "stored as f16 0x%04X = %.6f (2 bytes)", st->dbits, st->dq);
	}
	if (step >= 2) {
		block_rows(c, 7, st, 1, 1);
		canvas_printf_whole(c, 0, 11, ROLE_DIM, "%s", q8 ? "q = round(x / d), 1 byte each"
							     : "nibble = min(15, floor(x / d + 8.5)), 4 bits each");
	}
	if (step >= 3) {
		canvas_printf_whole(c, 0, 12, ROLE_OK, "back: %s, max |x - back| %.4f", q8 ? "q × d" : "(nibble − 8) × d",
				    st->back_err);
		canvas_printf_whole(c, 0, 13, ROLE_NORMAL, "%d bytes for 32 values (f16: 64)", quant_block_bytes(st->type));
	}
}

/* Step 4: the scores' errors per key; step 5: the outputs' first components.
 * Two heading rows, each name right-aligned over its column. */
static void render_table(const struct kq_state *st, struct canvas *c, int outputs)
{
	canvas_printf_whole(c, 0, 0, ROLE_LABEL, "%-4s %11s   |error| with each cache", outputs ? "c" : "key",
			    outputs ? "out[c]" : "q.k/sqrt(d)");
	canvas_printf_whole(c, 5, 1, ROLE_LABEL, "%11s", "exact");
	for (int t = 0; t < QUANT_NTYPES; t++)
		canvas_printf_whole(c, 19 + 7 * t, 1, ROLE_LABEL, "%6s", quant_name(t));
	/* Rows that do not fit are counted on a row of their own above the
	 * max, which is over all of them. */
	int rows = outputs ? st->d : st->n, shown = rows <= c->h - 3 ? rows : c->h - 4;
	for (int i = 0; i < shown; i++) {
		double ex = outputs ? st->out_exact[i] : st->exact[i];
		canvas_printf_whole(c, 0, 2 + i, ROLE_NORMAL, "%-4d %11.6f", i, ex);
		for (int t = 0; t < QUANT_NTYPES; t++) {
			double e = outputs ? fabs(st->out[t][i] - ex) : fabs(st->score[t][i] - ex);
			canvas_printf_whole(c, 19 + 7 * t, 2 + i, t ? ROLE_ACCENT : ROLE_DIM, "%6.0e", e);
		}
	}
	int y = 2 + shown;
	if (rows > shown)
		canvas_printf_whole(c, 0, y++, ROLE_DIM, "+%d more (%s %d to %d)", rows - shown, outputs ? "c" : "keys", shown,
				    rows - 1);
	canvas_printf_whole(c, 0, y, ROLE_LABEL, "max%s", rows > shown ? " (all)" : "");
	for (int t = 0; t < QUANT_NTYPES; t++)
		canvas_printf_whole(c, 19 + 7 * t, y, ROLE_HOT, "%6.0e", outputs ? st->err_o[t] : st->err_s[t]);
}

static void render_bytes(const struct kq_state *st, struct canvas *c)
{
	canvas_printf_whole(c, 0, 0, ROLE_LABEL, "K and V bytes a token, one head of d = %d", st->d);
	double full = 2.0 * quant_row_bytes(QUANT_F16, st->d);
	for (int t = 0; t < QUANT_NTYPES; t++) {
		double b = 2.0 * quant_row_bytes(t, st->d);
		canvas_printf_whole(c, 0, 2 + 2 * t, ROLE_NORMAL, "%-4s %5.0f B", quant_name(t), b);
		if (c->w > 28)
			canvas_bar(c, 13, 2 + 2 * t, c->w - 28, b / full, t ? ROLE_BAR2 : ROLE_BAR);
		canvas_printf_whole(c, c->w - 13, 2 + 2 * t, ROLE_DIM, "%3.0f%% of f16", 100 * b / full);
	}
	canvas_printf_whole(c, 0, 9, ROLE_NORMAL, "max |err| of the output:");
	for (int t = 0; t < QUANT_NTYPES; t++)
		canvas_printf_whole(c, 2, 10 + t, ROLE_NORMAL, "%-4s %.1e", quant_name(t), st->err_o[t]);
}

static void kq_render(const void *vs, struct view *v)
{
	const struct kq_state *st = vs;
	int step = v->step;
	if (step <= 3)
		render_block(st, v->pic, step);
	else if (step <= 5)
		render_table(st, v->pic, step == 5);
	else
		render_bytes(st, v->pic);

	struct canvas *sd = v->side;
	canvas_printf_whole(sd, 0, 0, ROLE_LABEL, "ggml blocks of 32");
	canvas_printf_whole(sd, 0, 1, ROLE_NORMAL, "type  block  per value");
	/* a block holds 32 values: its bytes over 32, as a number */
	for (int t = 0; t < QUANT_NTYPES; t++)
		canvas_printf_whole(
		    sd, 0, 2 + t, t == st->type ? ROLE_ACCENT : ROLE_NORMAL,
		    "%-4s %4d B  %.5g B", quant_name(t), quant_block_bytes(t),
		    quant_block_bytes(t) / 32.0);
	canvas_printf_whole(sd, 0, 6, ROLE_LABEL, "cache");
	canvas_printf_whole(sd, 0, 7, ROLE_NORMAL, "%d keys, d %d, seed %lld", st->n, st->d, st->seed);
	if (step >= 4) {
		canvas_printf_whole(sd, 0, 9, ROLE_LABEL, "float64 reference");
		canvas_printf_whole(sd, 0, 10, ROLE_NORMAL, "on each dequantized");
		canvas_printf_whole(sd, 0, 11, ROLE_NORMAL, "cache: same errors");
		canvas_printf_whole(sd, 0, 12, ROLE_NORMAL, "to %.0e (out %.0e)", KQ_TOL, KQ_TOL_OUT_Q);
	}

	const char *rule = st->type == QUANT_Q8_0 ? "d = amax / 127, so the largest value becomes ±127"
						  : "d = max / -8, so the largest value becomes nibble 0, -8 d";
	switch (step) {
	case 0:
		snprintf(v->narration, VIEW_NARRATION,
			 "A KV cache row of d = %d values is cut into blocks of 32. Here is the first block of key 0, as floats "
			 "(4 bytes each; f16 keeps 2). %s stores each block as one scale and 32 small ints.",
			 st->d, quant_name(st->type));
		break;
	case 1:
		snprintf(v->narration, VIEW_NARRATION, "The scale: %s (marked). It is stored as f16, 2 bytes for the whole block.",
			 rule);
		break;
	case 2:
		snprintf(v->narration, VIEW_NARRATION,
			 st->type == QUANT_Q8_0 ? "Each value becomes q = round(x / d), an int8 from -127 to 127: 32 bytes, plus 2 for d."
						: "Each value becomes a nibble 0-15, min(15, floor(x / d + 8.5)): 16 bytes for 32 values, "
						  "low nibbles hold values 0-15, high nibbles 16-31, plus 2 for d.");
		break;
	case 3:
		snprintf(v->narration, VIEW_NARRATION,
			 "Read back, each value is %s: off by at most %.4f here. Scale and ints are all the cache keeps: %d "
			 "bytes for 32 values instead of 64.",
			 st->type == QUANT_Q8_0 ? "q × d" : "(nibble − 8) × d", st->back_err, quant_block_bytes(st->type));
		break;
	case 4:
		snprintf(v->narration, VIEW_NARRATION,
			 "Scores q.k / sqrt(d) of all %d keys from each cache against the exact ones: largest error f16 %.1e, "
			 "q8_0 %.1e, q4_0 %.1e. A float64 reference on each dequantized cache gives the same errors.",
			 st->n, st->err_s[0], st->err_s[1], st->err_s[2]);
		break;
	case 5:
		snprintf(v->narration, VIEW_NARRATION,
			 "The output, by the benchmark's decode kernel reading each cache (dequantizing in registers): "
			 "largest error f16 %.1e, q8_0 %.1e, q4_0 %.1e: the score errors move the weights, V's own errors add.",
			 st->err_o[0], st->err_o[1], st->err_o[2]);
		break;
	default:
		snprintf(v->narration, VIEW_NARRATION,
			 "q8_0 keeps %.0f%% of f16's bytes, q4_0 %.0f%%. In llama.cpp -ctk q8_0 works alone, but a quantized V "
			 "cache (-ctv) needs flash attention (-fa): without it V is stored transposed, which blocks cannot be.",
			 100.0 * quant_block_bytes(QUANT_Q8_0) / quant_block_bytes(QUANT_F16),
			 100.0 * quant_block_bytes(QUANT_Q4_0) / quant_block_bytes(QUANT_F16));
		break;
	}
}

/* ggml's constants, the inputs of the byte formulas. */
static void in_block_constants(struct summary *s)
{
	summary_input(s, "qk", QUANT_BLOCK, "values a block (QK8_0 = QK4_0 = 32, ggml-common.h)");
	summary_input(s, "f16_bytes", 2, "bytes of one f16, sizeof(ggml_half): a value in f16, the scale d in q8_0 and q4_0");
}

static const char *const block_formula[QUANT_NTYPES] = {"qk * f16_bytes", "f16_bytes + qk", "f16_bytes + qk / 2"};

static void in_params(struct summary *s, const struct kq_state *st)
{
	summary_input(s, "seed", (double)st->seed, "parameter seed of java.util.Random: q, K, V");
	summary_input(s, "n", st->n, "parameter n, keys in the cache");
	summary_input(s, "d", st->d, "parameter d, head dimension");
}

static void kq_summary(const void *vs, struct summary *s)
{
	const struct kq_state *st = vs;
	char f[200];
	for (int t = 0; t < QUANT_NTYPES; t++) {
		const char *ty = quant_name(t);
		summary_int(s, quant_block_bytes(t), "block_bytes.%s", ty);
		summary_words(s, "bytes of one ggml block of 32 values stored as %s%s", ty,
			      t == QUANT_Q8_0 ? ": the f16 scale and 32 int8" : t == QUANT_Q4_0 ? ": the f16 scale and 32 nibbles" : " (32 halves)");
		in_block_constants(s);
		summary_formula(s, 0, block_formula[t]);

		summary_int(s, 2 * (int64_t)quant_row_bytes(t, st->d), "bytes_per_token.%s", ty);
		summary_words(s, "bytes a token of K and V for one head of d values in %s: d / 32 blocks each", ty);
		summary_input(s, "d", st->d, "parameter d, head dimension");
		in_block_constants(s);
		snprintf(f, sizeof f, "2 * d / qk * (%s)", block_formula[t]);
		summary_formula(s, 0, f);
	}
	for (int t = 0; t < QUANT_NTYPES; t++) {
		const char *ty = quant_name(t);
		summary_check_real(s, HOW_REFERENCE, st->err_s[t], st->ref_err_s[t], KQ_TOL, "max_abs_err_scores.%s", ty);
		summary_words(s, "largest |q·k/√d from the %s cache − the exact score| over the n keys (float32, the cache "
			      "dequantized by quant.c)", ty);
		in_params(s, st);
		summary_explain(s, "exact: float64 over the unquantized floats");
		summary_explain(s, "second way: the same error of a float64 dot product over the %s cache, its blocks decoded "
				   "by the reference itself (ints times the f16 scale)", ty);
		summary_check_real(s, HOW_REFERENCE, st->err_o[t], st->ref_err_o[t], t == QUANT_F16 ? KQ_TOL : KQ_TOL_OUT_Q,
				   "max_abs_err_out.%s", ty);
		summary_words(s, "largest |attention output from the %s cache − the exact output| over the d components "
			      "(fastattn_decode, dequantizing in registers)", ty);
		in_params(s, st);
		summary_explain(s, "exact: float64 softmax and weighted sum over the unquantized floats");
		summary_explain(s, "second way: a float64 two-pass softmax over the reference's %s scores and values", ty);
	}
	/* The walked block against the quantizer's rule written as a formula. */
	const char *ty = quant_name(st->type);
	double scale = st->type == QUANT_Q8_0 ? st->amax / 127 : st->max / -8;
	summary_real(s, st->dq, "scale.%s", ty);
	summary_words(s, "the f16 scale d of the first %s block of key 0", ty);
	summary_input(s, st->type == QUANT_Q8_0 ? "amax" : "max", st->type == QUANT_Q8_0 ? st->amax : st->max,
		      "%s of the block's 32 values", st->type == QUANT_Q8_0 ? "the largest |x|" : "the value of largest |x|, signed");
	summary_formula(s, fabs(scale) / 1024, st->type == QUANT_Q8_0 ? "amax / 127" : "max / -8");
	summary_explain(s, "within f16's rounding: half an ulp, 2^-11 of d");
	for (int i = 0; i < QUANT_BLOCK; i++) {
		summary_int(s, st->ints[i], "qs.%s.%d", ty, i);
		summary_words(s, "%s of value %d of the first %s block of key 0", st->type == QUANT_Q8_0 ? "the int8" : "the nibble",
			      i, ty);
		summary_input(s, "x", st->x[i], "value %d of key 0", i);
		summary_input(s, "d", scale, "the block's scale before f16 rounding");
		summary_formula(s, 0, st->type == QUANT_Q8_0 ? "floor(x / d + 0.5)" : "min(15, floor(x / d + 8.5))");
	}
}

static void kq_print(const void *vs, FILE *out)
{
	const struct kq_state *st = vs;
	fprintf(out, "n = %d keys, d = %d, seed %lld; the walked block: key 0, values 0-31, %s\n", st->n, st->d, st->seed,
		quant_name(st->type));
	fprintf(out, "scale d = %.6f (f16 0x%04X)\n", st->dq, st->dbits);
	for (int i = 0; i < QUANT_BLOCK; i++)
		fprintf(out, "  x %8.4f  int %4d  back %8.4f%s", st->x[i], st->ints[i], st->back[i], i % 2 ? "\n" : "   ");
	fprintf(out, "type  block_bytes  bytes_per_token  max|err| scores  max|err| out\n");
	for (int t = 0; t < QUANT_NTYPES; t++)
		fprintf(out, "%-4s  %11d  %15zu  %15.3e  %12.3e\n", quant_name(t), quant_block_bytes(t),
			2 * quant_row_bytes(t, st->d), st->err_s[t], st->err_o[t]);
	fprintf(out, "llama.cpp: a quantized V cache (-ctv q8_0, q4_0) needs flash attention (-fa)\n");
}

const struct scene_class scene_kv_quant = {
	.id = "kv-quant",
	.params = kq_params,
	.nparams = KQ_NPARAMS,
	.state_size = sizeof(struct kq_state),
	.init = kq_init,
	.nsteps = kq_nsteps,
	.render = kq_render,
	.summary = kq_summary,
	.print = kq_print,
};
