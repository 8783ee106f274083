#include "kern/fastattn.h"

#include "kern/half.h"
#include "kern/quant.h"
#include "util/fault.h"

#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#endif

/* Every function passing vectors here is static: no ABI crosses this file, so
 * GCC's note that 32-byte vectors are passed differently without AVX is moot. */
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wunknown-warning-option"
#endif
#pragma GCC diagnostic ignored "-Wpsabi"


typedef float v8f __attribute__((vector_size(32)));
typedef float v4f __attribute__((vector_size(16)));
typedef int v8si __attribute__((vector_size(32)));
typedef unsigned v8su __attribute__((vector_size(32)));
typedef short v8hi __attribute__((vector_size(16)));
typedef unsigned short v8hu __attribute__((vector_size(16)));
typedef signed char v8qi __attribute__((vector_size(8)));
typedef unsigned char v8qu __attribute__((vector_size(8)));
typedef char v16qi __attribute__((vector_size(16)));
typedef signed char v16qs __attribute__((vector_size(16)));
typedef unsigned char v16qu __attribute__((vector_size(16)));
typedef short v16hi __attribute__((vector_size(32)));
typedef long long v2di __attribute__((vector_size(16)));

#define V8(x) ((v8f){(x), (x), (x), (x), (x), (x), (x), (x)})
/* Unaligned vector access through memcpy (the compiler makes it one load
 * or store), defined in each build of the kernels (fastattn_impl.h): clang
 * refuses to pass a 32-byte vector between functions of different targets. */
#define LOAD(p) FN(load8)(p)
#define STORE(p, x) FN(store8)((p), (x))

/* Query rows and key columns per block: a 96x64 score tile is 24 KiB, so it,
 * the transposed key block and the accumulators stay in L1/L2. */
#define BR 96
#define BC 64

struct kernels {
	void (*scores)(const float *qs, int d, const float *kt, int ldk, float *s, int lds, int rows_p, int cols_p);
	void (*pv)(const float *p, int ldp, const float *v, int d, float *o, int rows_p, int cols);
	float (*row_exp)(float *s, int cols_p, int valid, float m_old, float *scale, float *sum);
	/* kt[c][j] = k[j][c]: a block of cols key rows of d floats
	 * transposed into kt (row stride ldk), 0 in columns cols..cols_p */
	void (*kt_block)(float *kt, int ldk, const float *k, int cols,
			 int cols_p, int d);
	/* ... for rows whose cols_p is a multiple of 16 */
	float (*tile_exp)(float *s, int cols_p, int valid, float m_old,
			  float *scale, float *sum);
	void (*row_scores)(const float *q, int d, const float *k, int cols, float *s, int cols_p);
	void (*row_pv)(const float *p, const float *v, int d, float *o, int cols);
	void (*cvt_row)(float *dst, const uint16_t *src, int n);
	void (*row_scores_h)(const float *q, int d, const uint16_t *k, int cols, float *s, int cols_p);
	void (*row_pv_h)(const float *p, const uint16_t *v, int d, float *o, int cols);
	void (*deq_row)(float *dst, const void *src, int d, int kv);
	/* [0] q8_0, [1] q4_0 */
	void (*row_scores_q[2])(const float *q, int d, const void *k, int cols, float *s, int cols_p);
	void (*row_pv_q[2])(const float *p, const void *v, int d, float *o, int cols);
	/* decode over quantized keys ([0] q8_0, [1] q4_0), the query quantized by quantize_query */
	void (*row_scores_qi[2])(const int16_t *qi, const float *dq, int d, const void *k, int cols, float *s, int cols_p);
	double (*fma_loop)(long iters);
	double (*read_loop)(const float *buf, size_t n);
	int lanes;          /* floats in fma_loop's vectors: the FMA peak counts them */
	const int *decode_keys;   /* keys a decode step takes, by kv */
	const char *name;   /* what fastattn_isa() says of this build */
};

/* Keys a decode step takes, by cache type: its K rows are read, then its
 * V rows, so a short step keeps the two streams close together (K and V a
 * few KiB apart, as when each key's V row follows its K row).  Measured
 * at n = 65536, 8 heads, cold caches, best of 5: f16 17.2 ms with 8 keys,
 * 19.0 with 16 and 19.2 with 64; f32 32 ms with 8, 37 with 16; q4_0,
 * bound more by its arithmetic, 9.4 ms with 16 against 10.5 with 8 (f16
 * with 64 keys and the old prefetch: 23 ms).  q8_0 took 16 too until
 * row_exp's exponentials stopped waiting on the step's max; since then 8
 * is the faster, 20.5 ns a key and head against 21.5 (five cold runs
 * each, interleaved).  A multiple of 8, at most BC: the scores are stored
 * 8 at a time.  The AVX-512 VNNI decode has its own (decode_keys_vnni). */
static const int decode_keys[] = {
	[FASTATTN_F32] = 8,
	[FASTATTN_F16] = 8,
	[FASTATTN_Q8_0] = 8,
	[FASTATTN_Q4_0] = 16,
};

/* 8 halves to 8 floats, portable: the exponent and mantissa shifted into
 * float position read as 2^-112 times the value (subnormals included), so
 * one multiply rescales them; infinities and NaNs get the float's all-ones
 * exponent.  The same rule as half_to_float, on 8 lanes, in unsigned
 * arithmetic: the sign moved to bit 31 would overflow an int. */
static inline v8f cvt8h_portable(const uint16_t *p)
{
	v8hu h;
	memcpy(&h, p, sizeof h);
	v8su x = __builtin_convertvector(h, v8su);
	v8su em = x & 0x7fffu, bits = em << 13, fb;
	v8f f;
	memcpy(&f, &bits, sizeof f);
	f = f * V8(0x1p112f);
	memcpy(&fb, &f, sizeof fb);
	v8su special = (v8su)(em >= 0x7c00u);   /* all ones where true */
	fb = (fb & ~special) | ((bits | 0x7f800000u) & special);
	fb |= (x & 0x8000u) << 16;
	memcpy(&f, &fb, sizeof f);
	return f;
}

/* The plain transpose of a key block (struct kernels' kt_block): the
 * AVX-512 build has its own, in 16 x 16 tiles. */
static void kt_block_plain(float *kt, int ldk, const float *k, int cols,
			   int cols_p, int d)
{
	for (int j = 0; j < cols; j++)
		for (int c = 0; c < d; c++)
			kt[(size_t)c * ldk + j] = k[(size_t)j * d + c];
	for (int c = 0; c < d; c++)
		for (int j = cols; j < cols_p; j++)
			kt[(size_t)c * ldk + j] = 0;
}

/* The AVX2+FMA+F16C build: every function from here to the end of the
 * region is compiled for that target (GCC's target pragma, clang's
 * attribute region), and only called when the CPU says it has all three. */
#if defined(__x86_64__) && defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,fma,f16c"))), apply_to = function)
#define AVX2_REGION 1
#elif defined(__x86_64__) && defined(__GNUC__)
#pragma GCC push_options
#pragma GCC target("avx2,fma,f16c")
#define AVX2_REGION 1
#endif
#ifdef AVX2_REGION
/* One half (a block's scale) to float with F16C. */
static inline float h2f_avx2(const void *p)
{
	uint16_t h;
	memcpy(&h, p, sizeof h);
	v8hi x = {(short)h};
	return __builtin_ia32_vcvtph2ps(x)[0];
}
/* A block's scale on all 8 lanes: the half broadcast (one instruction),
 * then widened (one more), instead of a scalar convert and a broadcast. */
static inline v8f h2f8_avx2(const void *p)
{
	uint16_t h;
	memcpy(&h, p, sizeof h);
	short x = (short)h;
	v8hi v = {x, x, x, x, x, x, x, x};
	return __builtin_ia32_vcvtph2ps256(v);
}
/* F16C: one instruction widens 8 halves. */
static inline v8f cvt8h_avx2(const uint16_t *p)
{
	v8hi h;
	memcpy(&h, p, sizeof h);
	return __builtin_ia32_vcvtph2ps256(h);
}
/* 8 bytes widened to 8 int lanes, signed (q8_0) or not (q4_0): one
 * instruction each (GCC scalarizes the generic byte-vector conversion). */
#if defined(__clang__)
static inline v8si widen8s_avx2(const void *p)
{
	v8qi a;
	memcpy(&a, p, sizeof a);
	return __builtin_convertvector(a, v8si);
}
static inline v8si widen8u_avx2(const void *p)
{
	v8qu a;
	memcpy(&a, p, sizeof a);
	return __builtin_convertvector(a, v8si);
}
#else
/* The 8 bytes go in as one 64-bit lane: built byte by byte, GCC turns the
 * whole chain back into scalar conversions. */
static inline v16qi low8_avx2(const void *p)
{
	long long x;
	memcpy(&x, p, sizeof x);
	return (v16qi)(v2di){x, 0};
}
static inline v8si widen8s_avx2(const void *p)
{
	return __builtin_ia32_pmovsxbd256(low8_avx2(p));
}
static inline v8si widen8u_avx2(const void *p)
{
	return __builtin_ia32_pmovzxbd256(low8_avx2(p));
}
#endif
/* 32 int8 keys (lo: elements 0..15, hi: 16..31) times 32 int16 query
 * ints, summed in pairs into 8 int32 lanes (the 8 lanes add up to the exact
 * dot product): each half sign-extended to 16 words (one instruction), then
 * pmaddwd, the integer multiply-add of word pairs, as ggml's int8 dot
 * products use it.  |sum| <= 4 x 128 x 32767 per lane: no overflow. */
static inline v8si dot32_i8_avx2(const int16_t *qi, v16qs lo, v16qs hi)
{
	v16hi q0, q1;
	memcpy(&q0, qi, sizeof q0);
	memcpy(&q1, qi + 16, sizeof q1);
#if defined(__clang__)
	v16hi k0 = __builtin_convertvector(lo, v16hi), k1 = __builtin_convertvector(hi, v16hi);
#else
	v16hi k0 = __builtin_ia32_pmovsxbw256((v16qi)lo), k1 = __builtin_ia32_pmovsxbw256((v16qi)hi);
#endif
	return __builtin_ia32_pmaddwd256(q0, k0) + __builtin_ia32_pmaddwd256(q1, k1);
}
#define SUFFIX _avx2
#define BUILD_NAME "avx2+fma+f16c"
#define VMAXPS(a, b) ((v8f)_mm256_max_ps((a), (b)))
#include "kern/fastattn_impl.h"
#undef VMAXPS
#undef SUFFIX
#undef BUILD_NAME
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
#define HAVE_AVX2 1
#include "kern/fastattn_avx512.h"

/* The AVX2 build with the micro-kernels and the FMA peak in 16 lanes
 * (fastattn_avx512.h), made from it once; and that with decode in 16
 * lanes too where the CPU has AVX-512BW, VL and VNNI. */
static struct kernels kernels_avx512, kernels_vnni;
static pthread_once_t kernels_avx512_once = PTHREAD_ONCE_INIT;

static void kernels_avx512_init(void)
{
	kernels_avx512 = kernels_avx2;
	kernels_avx512.scores = mk_scores_avx512;
	kernels_avx512.pv = mk_pv4_avx512;
	kernels_avx512.tile_exp = row_exp_avx512;
	kernels_avx512.kt_block = kt_block_avx512;
	kernels_avx512.fma_loop = fma_loop_avx512;
	kernels_avx512.lanes = 16;
	kernels_avx512.name = "avx512f/avx2";
	kernels_vnni = kernels_avx512;
	kernels_vnni.row_scores_h = row_scores_h_vnni;
	kernels_vnni.row_pv_h = row_pv_h_vnni;
	kernels_vnni.row_scores_qi[0] = row_scores_q8i_vnni;
	kernels_vnni.row_scores_qi[1] = row_scores_q4i_vnni;
	kernels_vnni.row_pv_q[0] = row_pv_q8_vnni;
	kernels_vnni.row_pv_q[1] = row_pv_q4_vnni;
	kernels_vnni.decode_keys = decode_keys_vnni;
	kernels_vnni.name = "avx512-vnni";
}
#endif

static inline float h2f_portable(const void *p)
{
	uint16_t h;
	memcpy(&h, p, sizeof h);
	return half_to_float(h);
}
static inline v8f h2f8_portable(const void *p)
{
	return V8(h2f_portable(p));
}
static inline v8si widen8s_portable(const void *p)
{
	v8qi a;
	memcpy(&a, p, sizeof a);
	return __builtin_convertvector(a, v8si);
}
static inline v8si widen8u_portable(const void *p)
{
	v8qu a;
	memcpy(&a, p, sizeof a);
	return __builtin_convertvector(a, v8si);
}
/* The same integer dot product in 8-lane pieces: exact, as the AVX2 one
 * (the lanes hold other partial sums, their total is the same). */
static inline v8si dot32_i8_portable(const int16_t *qi, v16qs lo, v16qs hi)
{
	signed char k[32];
	memcpy(k, &lo, 16);
	memcpy(k + 16, &hi, 16);
	v8si acc = {0, 0, 0, 0, 0, 0, 0, 0};
	for (int i = 0; i < 4; i++) {
		v8hi q;
		memcpy(&q, qi + 8 * i, sizeof q);
		acc += __builtin_convertvector(q, v8si) * widen8s_portable(k + 8 * i);
	}
	return acc;
}
#define SUFFIX _portable
#define BUILD_NAME "portable"
#include "kern/fastattn_impl.h"
#undef SUFFIX
#undef BUILD_NAME

#ifdef HAVE_AVX2
/* F16C from CPUID leaf 1 (ECX bit 29): not every compiler's
 * __builtin_cpu_supports knows its name. */
static int has_f16c(void)
{
	unsigned a, b, c, d;
	return __get_cpuid(1, &a, &b, &c, &d) && (c & bit_F16C);
}
#endif

/* CPUID is asked once: under a hypervisor each CPUID traps to it, tens of
 * microseconds (measured: a fifth of a small decode).  Racing threads store
 * the same answer.  0 neither, 1 AVX2+FMA+F16C, 2 that and AVX-512F, 3
 * that and AVX-512BW, VL and VNNI. */
static int cpu_level(void)
{
#ifdef HAVE_AVX2
	static atomic_int level = -1;
	int have = atomic_load_explicit(&level, memory_order_relaxed);
	if (have < 0) {
		have = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && has_f16c();
		if (have && __builtin_cpu_supports("avx512f"))
			have = 2;
		if (have == 2 && __builtin_cpu_supports("avx512bw") &&
		    __builtin_cpu_supports("avx512vl") &&
		    __builtin_cpu_supports("avx512vnni"))
			have = 3;
		atomic_store_explicit(&level, have, memory_order_relaxed);
	}
	return have;
#else
	return 0;
#endif
}

/* The build of the kernels to run: the best the CPU has, unless one below
 * it is asked (enum fastattn_build). */
static const struct kernels *pick(int build)
{
	int level = cpu_level();
#ifdef HAVE_AVX2
	if ((build == FASTATTN_BUILD_BEST || build == FASTATTN_BUILD_AVX512) &&
	    level >= 2) {
		pthread_once(&kernels_avx512_once, kernels_avx512_init);
		return level == 3 ? &kernels_vnni : &kernels_avx512;
	}
	if (build != FASTATTN_BUILD_PORTABLE && level >= 1)
		return &kernels_avx2;
#else
	(void)build, (void)level;
#endif
	return &kernels_portable;
}

/* The names come from the build pick() hands out, so a test that names
 * a build names the one that ran. */
const char *fastattn_isa(void)
{
	return pick(FASTATTN_BUILD_BEST)->name;
}

const char *fastattn_build_name(int build)
{
	return pick(build)->name;
}

int fastattn_build_native(int build)
{
	static const int level_of[FASTATTN_NBUILDS] = {
		[FASTATTN_BUILD_BEST] = 0,
		[FASTATTN_BUILD_PORTABLE] = 0,
		[FASTATTN_BUILD_AVX2] = 1,
		[FASTATTN_BUILD_AVX512] = 2,
	};
	return build >= 0 && build < FASTATTN_NBUILDS &&
	       cpu_level() >= level_of[build];
}

static int round_up(int x, int to)
{
	return (x + to - 1) / to * to;
}

static void *alloc_floats(size_t n)
{
	size_t bytes = (n * sizeof(float) + 63) / 64 * 64;
	void *p = aligned_alloc(64, bytes ? bytes : 64);
	if (p)
		memset(p, 0, bytes);
	return p;
}

/* One thread's workbench: the lesson's SRAM. */
struct bench_scratch {
	float *qs;    /* [BR][d] the query block, scaled by 1/sqrt(d) */
	float *kt;    /* [d][BC] the key block, transposed */
	float *s;     /* [BR][BC] the score tile, then P */
	float *acc;   /* [BR][d] output accumulators */
	float *vb;    /* [BC][d] the value block widened from f16 or dequantized (not f32) */
	float m[BR], l[BR];
};

static int64_t scratch_bytes(int d, int kv)
{
	int64_t floats = (int64_t)BR * d + (int64_t)d * BC + BR * BC + (int64_t)BR * d + 2 * BR;
	if (kv != FASTATTN_F32)
		floats += (int64_t)BC * d;
	return floats * (int64_t)sizeof(float);
}

static int scratch_init(struct bench_scratch *w, int d, int kv)
{
	w->qs = alloc_floats((size_t)BR * d);
	w->kt = alloc_floats((size_t)d * BC);
	w->s = alloc_floats((size_t)BR * BC);
	w->acc = alloc_floats((size_t)BR * d);
	w->vb = kv != FASTATTN_F32 ? alloc_floats((size_t)BC * d) : NULL;
	return w->qs && w->kt && w->s && w->acc && (kv == FASTATTN_F32 || w->vb) ? 0 : -1;
}

static void scratch_free(struct bench_scratch *w)
{
	free(w->qs);
	free(w->kt);
	free(w->s);
	free(w->acc);
	free(w->vb);
}

size_t fastattn_row_bytes(int kv, int d)
{
	switch (kv) {
	case FASTATTN_F16:
		return (size_t)d * sizeof(uint16_t);
	case FASTATTN_Q8_0:
		return (size_t)(d / QUANT_BLOCK) * QUANT_Q8_0_BYTES;
	case FASTATTN_Q4_0:
		return (size_t)(d / QUANT_BLOCK) * QUANT_Q4_0_BYTES;
	default:
		return (size_t)d * sizeof(float);
	}
}

static int quantized(int kv)
{
	return kv == FASTATTN_Q8_0 || kv == FASTATTN_Q4_0;
}

/* Row `row` of head h of K or V, as bytes: the caller knows the type. */
static const void *kv_row(const struct fastattn_args *a, const void *base, int h, int row)
{
	return (const char *)base + ((size_t)h * a->nkv + (size_t)row) * fastattn_row_bytes(a->kv, a->d);
}

/* s[cols_p] = q . k_j for one query row over `cols` key rows of any type. */
static void row_scores_any(const struct kernels *kn, int kv, const float *q, int d, const void *k, int cols, float *s, int cols_p)
{
	if (kv == FASTATTN_F16)
		kn->row_scores_h(q, d, k, cols, s, cols_p);
	else if (quantized(kv))
		kn->row_scores_q[kv == FASTATTN_Q4_0](q, d, k, cols, s, cols_p);
	else
		kn->row_scores(q, d, k, cols, s, cols_p);
}

/* o[d] += sum_j p[j] v_j for one output row over `cols` value rows of any type. */
static void row_pv_any(const struct kernels *kn, int kv, const float *p, const void *v, int d, float *o, int cols)
{
	if (kv == FASTATTN_F16)
		kn->row_pv_h(p, v, d, o, cols);
	else if (quantized(kv))
		kn->row_pv_q[kv == FASTATTN_Q4_0](p, v, d, o, cols);
	else
		kn->row_pv(p, v, d, o, cols);
}

static int stopped(const struct fastattn_args *a)
{
	return a->cancel && atomic_load_explicit(a->cancel, memory_order_relaxed);
}

/* Copy query rows [i0, i0 + rows) into qs, scaled, zero rows up to rows_p. */
static void load_queries(float *qs, const float *q, int i0, int rows, int rows_p, int d)
{
	float scale = 1.0f / sqrtf((float)d);
	for (int r = 0; r < rows; r++)
		for (int c = 0; c < d; c++)
			qs[(size_t)r * d + c] = q[(size_t)(i0 + r) * d + c] * scale;
	memset(qs + (size_t)rows * d, 0, sizeof(float) * (size_t)(rows_p - rows) * d);
}

/* Transpose key rows [0, cols) starting at k into kt[d][ldk], zero columns up
 * to cols_p.  f16 rows are widened and quantized rows dequantized first,
 * into tmp ([cols][d] floats). */
static void load_keys(const struct kernels *kn, float *kt, int ldk,
		      float *tmp, const void *k, int kv, int cols, int cols_p,
		      int d)
{
	const float *rows = k;
	if (kv == FASTATTN_F16) {
		kn->cvt_row(tmp, k, cols * d);
		rows = tmp;
	} else if (quantized(kv)) {
		size_t rb = fastattn_row_bytes(kv, d);
		for (int j = 0; j < cols; j++)
			kn->deq_row(tmp + (size_t)j * d,
				    (const char *)k + (size_t)j * rb, d, kv);
		rows = tmp;
	}
	kn->kt_block(kt, ldk, rows, cols, cols_p, d);
}

/* The value rows [0, cols) at v as floats: f32 in place, f16 widened and
 * q8_0 / q4_0 dequantized into vb (one block of BC rows, whatever n is). */
static const float *load_values(const struct kernels *kn, float *vb, const void *v, int kv, int cols, int d)
{
	if (kv == FASTATTN_F32)
		return v;
	if (kv == FASTATTN_F16) {
		kn->cvt_row(vb, v, cols * d);
		return vb;
	}
	size_t rb = fastattn_row_bytes(kv, d);
	for (int j = 0; j < cols; j++)
		kn->deq_row(vb + (size_t)j * d, (const char *)v + (size_t)j * rb, d, kv);
	return vb;
}

/* Keys a query row may see in a block starting at j0 (causal), or all cols. */
static int visible(const struct fastattn_args *a, int qi, int j0, int cols)
{
	if (!a->causal)
		return cols;
	int pos = a->nkv - a->nq + qi, v = pos - j0 + 1;
	return v < 0 ? 0 : v > cols ? cols : v;
}

/* Last key position a query block [i0, i0 + rows) may see. */
static int block_last_pos(const struct fastattn_args *a, int i0, int rows)
{
	return a->causal ? a->nkv - a->nq + i0 + rows - 1 : a->nkv - 1;
}

/* Scores of one row of a block: mask, exponentials, and the online update of
 * (m, l, acc).  Invariant after it: l == sum of exp(s - m) and
 * acc == sum of exp(s - m) v over the keys seen so far (acc gets the new
 * block's P V next). */
static void online_row(const struct kernels *kn, float *srow, int cols_p, int valid, float *m, float *l, float *acc, int d)
{
	if (valid == 0) {
		memset(srow, 0, sizeof(float) * (size_t)cols_p);   /* nothing to see: P row is 0 */
		return;
	}
	float scale, sum;
	/* 16 lanes where the build has them and the row takes them: the
	 * same bits either way (fastattn_exp.h) */
	float mn = (cols_p % 16 == 0 ? kn->tile_exp : kn->row_exp)(
		srow, cols_p, valid, *m, &scale, &sum);
	*l = *l * scale + sum;
	*m = mn;
	if (scale != 1.0f)
		for (int c = 0; c < d; c++)
			acc[c] *= scale;
}

/* Tiled attention for query block qb of head h, all in the thread's scratch. */
static void tiled_block(const struct kernels *kn, const struct fastattn_args *a, struct bench_scratch *w, int h, int qb)
{
	int d = a->d, i0 = qb * BR;
	int rows = a->nq - i0 < BR ? a->nq - i0 : BR, rows_p = round_up(rows, 6);
	const float *q = a->q + (size_t)h * a->nq * d;
	load_queries(w->qs, q, i0, rows, rows_p, d);
	memset(w->acc, 0, sizeof(float) * (size_t)rows_p * d);
	for (int r = 0; r < BR; r++)
		w->m[r] = -INFINITY, w->l[r] = 0;
	int last_pos = block_last_pos(a, i0, rows);
	for (int j0 = 0; j0 < a->nkv && j0 <= last_pos; j0 += BC) {
		int cols = a->nkv - j0 < BC ? a->nkv - j0 : BC, cols_p = round_up(cols, 16);
		const void *k = kv_row(a, a->k, h, j0), *v = kv_row(a, a->v, h, j0);
		if (rows == 1) {
			/* One query: no transpose and no 6-row tiles; K and V read once. */
			row_scores_any(kn, a->kv, w->qs, d, k, cols, w->s, cols_p);
		} else {
			/* K's rows as floats in vb first (its values
			 * come after the scores) */
			load_keys(kn, w->kt, BC, w->vb, k, a->kv, cols, cols_p,
				  d);
			kn->scores(w->qs, d, w->kt, BC, w->s, BC, rows_p, cols_p);
		}
		for (int r = 0; r < (rows == 1 ? 1 : rows_p); r++)
			online_row(kn, w->s + (size_t)r * BC, cols_p, r < rows ? visible(a, i0 + r, j0, cols) : 0, &w->m[r],
				   &w->l[r], w->acc + (size_t)r * d, d);
		if (rows == 1)
			row_pv_any(kn, a->kv, w->s, v, d, w->acc, cols);
		else
			kn->pv(w->s, BC, load_values(kn, w->vb, v, a->kv, cols, d), d, w->acc, rows_p, cols);
	}
	float *o = a->o + ((size_t)h * a->nq + i0) * d;
	for (int r = 0; r < rows; r++) {
		float l = (float)FAULT_REAL("fastattn", w->l[r]);
		for (int c = 0; c < d; c++)
			o[(size_t)r * d + c] = w->acc[(size_t)r * d + c] / l;
	}
}

struct job {
	const struct kernels *kn;
	const struct fastattn_args *a;
	int tid, nthreads;
	int head;            /* naive: the head being done; tiled: -1 (all) */
	float *s_full;       /* naive: the head's [nq_p][nkv_p] score matrix */
	int lds;
	float *part;         /* decode: this thread's [heads][d + 2] partial states (m, l, acc) */
	int failed, cancelled;
};

static void *tiled_worker(void *arg)
{
	struct job *j = arg;
	const struct fastattn_args *a = j->a;
	struct bench_scratch w;
	if (scratch_init(&w, a->d, a->kv) < 0) {
		j->failed = 1;
		scratch_free(&w);
		return NULL;
	}
	int nqb = (a->nq + BR - 1) / BR, items = a->heads * nqb;
	/* Interleaved items balance the causal triangle between threads. */
	for (int it = j->tid; it < items; it += j->nthreads) {
		if (stopped(a)) {
			j->cancelled = 1;
			break;
		}
		tiled_block(j->kn, a, &w, it / nqb, it % nqb);
	}
	scratch_free(&w);
	return NULL;
}

static int check_args(const struct fastattn_args *a, char *err, size_t errlen)
{
	if (a->heads < 1 || a->nq < 1 || a->nkv < 1 || a->d < 1 || a->d > FASTATTN_MAX_D || a->threads < 1 ||
	    a->threads > FASTATTN_MAX_THREADS || (a->causal && a->nq > a->nkv) ||
	    a->kv < FASTATTN_F32 || a->kv > FASTATTN_Q4_0) {
		snprintf(err, errlen, "bad sizes (heads %d, nq %d, nkv %d, d %d up to %d, threads %d, kv %d)", a->heads, a->nq,
			 a->nkv, a->d, FASTATTN_MAX_D, a->threads, a->kv);
		return -1;
	}
	if (a->build < FASTATTN_BUILD_BEST || a->build >= FASTATTN_NBUILDS) {
		snprintf(err, errlen, "no build %d of the kernels (0 to %d)", a->build, FASTATTN_NBUILDS - 1);
		return -1;
	}
	if (quantized(a->kv) && a->d % QUANT_BLOCK != 0) {
		snprintf(err, errlen, "kv %s needs d a multiple of %d (blocks of %d values), not %d",
			 a->kv == FASTATTN_Q8_0 ? "q8_0" : "q4_0", QUANT_BLOCK, QUANT_BLOCK, a->d);
		return -1;
	}
	return 0;
}

/* Run `worker` on n threads (the first on this one): 0, 1 when cancelled, -1. */
static int run_threads(struct job *jobs, int n, void *(*worker)(void *))
{
	pthread_t th[FASTATTN_MAX_THREADS];
	int started = 0;
	for (int t = 1; t < n; t++) {
		if (pthread_create(&th[t], NULL, worker, &jobs[t]) != 0)
			break;
		started = t;
	}
	worker(&jobs[0]);
	for (int t = 1; t <= started; t++)
		pthread_join(th[t], NULL);
	int failed = started != n - 1, cancelled = 0;
	for (int t = 0; t < n; t++)
		failed |= jobs[t].failed, cancelled |= jobs[t].cancelled;
	return failed ? -1 : cancelled ? 1 : 0;
}

/* FLOPs the tiled kernel performs: every block it visits costs rows x cols
 * dot products of length d for S and as many for P V (masked entries of a
 * diagonal block are computed too); padding rows and columns are not
 * counted.  *keys gets the key rows the query blocks read, all heads (each
 * block reads the K and V rows it visits). */
static double tiled_flops(const struct fastattn_args *a, double *keys)
{
	double f = 0;
	*keys = 0;
	for (int i0 = 0; i0 < a->nq; i0 += BR) {
		int rows = a->nq - i0 < BR ? a->nq - i0 : BR, last = block_last_pos(a, i0, rows);
		int seen = last < 0 ? 0 : round_up(last + 1, BC);
		seen = seen > a->nkv ? a->nkv : seen;
		f += 4.0 * rows * seen * a->d;
		*keys += seen;
	}
	*keys *= a->heads;
	return f * a->heads;
}

int fastattn_tiled(const struct fastattn_args *a, struct fastattn_stats *st, char *err, size_t errlen)
{
	struct job jobs[FASTATTN_MAX_THREADS];
	if (check_args(a, err, errlen) < 0)
		return -1;
	for (int t = 0; t < a->threads; t++)
		jobs[t] = (struct job){.kn = pick(a->build), .a = a, .tid = t, .nthreads = a->threads, .head = -1};
	st->peak_extra_bytes = scratch_bytes(a->d, a->kv) * a->threads;
	double keys;
	st->flops = tiled_flops(a, &keys);
	st->kv_bytes = keys * 2.0 * (double)fastattn_row_bytes(a->kv, a->d);
	int rc = run_threads(jobs, a->threads, tiled_worker);
	if (rc < 0)
		snprintf(err, errlen, "out of memory or threads");
	return rc;
}

/* Naive, one head: S = Q K^T / sqrt(d) written whole, softmax over whole rows,
 * then O = P V.  Threads split the query blocks of the one head. */
static void *naive_worker(void *arg)
{
	struct job *j = arg;
	const struct fastattn_args *a = j->a;
	const struct kernels *kn = j->kn;
	int d = a->d, h = j->head, nqb = (a->nq + BR - 1) / BR;
	struct bench_scratch w;
	if (scratch_init(&w, d, a->kv) < 0) {
		j->failed = 1;
		scratch_free(&w);
		return NULL;
	}
	const float *q = a->q + (size_t)h * a->nq * d;
	for (int qb = j->tid; qb < nqb; qb += j->nthreads) {
		if (stopped(a)) {
			j->cancelled = 1;
			break;
		}
		int i0 = qb * BR, rows = a->nq - i0 < BR ? a->nq - i0 : BR, rows_p = round_up(rows, 6);
		float *s = j->s_full + (size_t)i0 * j->lds;
		load_queries(w.qs, q, i0, rows, rows_p, d);
		/* Pass 1: write every score of these rows to the big matrix. */
		for (int j0 = 0; j0 < a->nkv; j0 += BC) {
			int cols = a->nkv - j0 < BC ? a->nkv - j0 : BC, cols_p = round_up(cols, 16);
			load_keys(kn, w.kt, BC, w.vb, kv_row(a, a->k, h, j0),
				  a->kv, cols, cols_p, d);
			kn->scores(w.qs, d, w.kt, BC, s + j0, j->lds, rows_p, cols_p);
		}
		/* Pass 2: read the rows back for the softmax, write P. */
		for (int r = 0; r < rows_p; r++) {
			float *row = s + (size_t)r * j->lds, scale, sum;
			if (r >= rows) {
				memset(row, 0, sizeof(float) * (size_t)j->lds);
				continue;
			}
			kn->row_exp(row, j->lds, visible(a, i0 + r, 0, a->nkv), -INFINITY, &scale, &sum);
			sum = (float)FAULT_REAL("fastattn", sum);
			for (int c = 0; c < j->lds; c++)
				row[c] /= sum;
		}
		/* Pass 3: read P again for O = P V, a block of value rows at a time. */
		memset(w.acc, 0, sizeof(float) * (size_t)rows_p * d);
		for (int j0 = 0; j0 < a->nkv; j0 += BC) {
			int cols = a->nkv - j0 < BC ? a->nkv - j0 : BC;
			kn->pv(s + j0, j->lds, load_values(kn, w.vb, kv_row(a, a->v, h, j0), a->kv, cols, d), d, w.acc, rows_p,
			       cols);
		}
		memcpy(a->o + ((size_t)h * a->nq + i0) * d, w.acc, sizeof(float) * (size_t)rows * d);
	}
	scratch_free(&w);
	return NULL;
}

int fastattn_naive(const struct fastattn_args *a, struct fastattn_stats *st, char *err, size_t errlen)
{
	struct job jobs[FASTATTN_MAX_THREADS];
	if (check_args(a, err, errlen) < 0)
		return -1;
	int lds = round_up(a->nkv, 16), rows = round_up(a->nq, BR);
	double need = (double)rows * lds * sizeof(float);
	double phys = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE);
	if (need > phys / 2) {
		snprintf(err, errlen, "naive: the %d x %d score matrix needs %.1f GiB, more than half of this machine's %.1f GiB",
			 a->nq, a->nkv, need / (1 << 30), phys / (1 << 30));
		return FASTATTN_ETOOBIG;
	}
	float *s = alloc_floats((size_t)rows * lds);
	if (!s) {
		snprintf(err, errlen, "naive: no memory for the %.1f GiB score matrix", need / (1 << 30));
		return FASTATTN_ETOOBIG;
	}
	st->peak_extra_bytes = (int64_t)need + scratch_bytes(a->d, a->kv) * a->threads;
	/* Every score is computed, masked or not, and P V runs over every key. */
	st->flops = 4.0 * a->nq * (double)a->nkv * a->d * a->heads;
	st->kv_bytes = (double)((a->nq + BR - 1) / BR) * a->nkv * 2.0 * (double)fastattn_row_bytes(a->kv, a->d) * a->heads;
	int rc = 0;
	for (int h = 0; h < a->heads && rc == 0; h++) {
		for (int t = 0; t < a->threads; t++)
			jobs[t] = (struct job){.kn = pick(a->build), .a = a, .tid = t, .nthreads = a->threads, .head = h, .s_full = s, .lds = lds};
		rc = run_threads(jobs, a->threads, naive_worker);
	}
	free(s);
	if (rc < 0)
		snprintf(err, errlen, "out of memory or threads");
	return rc;
}

/* Ask for every line of bytes at p, into L1 (prefetcht0): a hint that
 * never faults and never waits.  Into L1, not L2: the hardware's L2
 * streamer brings the lines to L2 anyway, and what decode's loads then
 * waited on was the last step, L2 to L1 (decode at n = 65536, cold,
 * interleaved: f32 18.4 GB/s against 14.9 into L2, q8_0 and q4_0 4-7 %
 * faster, f16 2-3 %, with the next step's keys asked for as well). */
/* Four lines a step: one line a step cost decode 16 instructions a key
 * and head for f16 (callgrind), as much as a sixth of the whole; a span
 * that is not a multiple of 256 bytes asks for up to three lines past its
 * end, which a prefetch may do (it never faults). */
static void prefetch_rows(const void *p, size_t bytes)
{
	uintptr_t at = (uintptr_t)p;
	for (size_t off = 0; off < bytes; off += 256) {
		__builtin_prefetch((const void *)(at + off), 0, 3);
		__builtin_prefetch((const void *)(at + off + 64), 0, 3);
		__builtin_prefetch((const void *)(at + off + 128), 0, 3);
		__builtin_prefetch((const void *)(at + off + 192), 0, 3);
	}
}

/* The decode query for q8_0 and q4_0 keys, in ints: per block of 32, the scale
 * dq = max|q| / 32767 and qi = round(q / dq), so |qi| <= 32767 fits the
 * int16 words pmaddwd multiplies.  ggml quantizes the query to q8_0 (int8,
 * max / 127) for the same integer dot product (ggml-cpu's
 * ggml_vec_dot_q8_0_q8_0); 16 bits keep the query's rounding 256 times
 * smaller: about 1e-5 of a score where the scores are of order one. */
static void quantize_query(int16_t *qi, float *dq, const float *q, int d)
{
	for (int b = 0; b < d / QUANT_BLOCK; b++) {
		const float *x = q + QUANT_BLOCK * b;
		float amax = 0;
		for (int i = 0; i < QUANT_BLOCK; i++)
			amax = fabsf(x[i]) > amax ? fabsf(x[i]) : amax;
		dq[b] = amax / 32767.0f;
		float id = amax > 0 ? 32767.0f / amax : 0.0f;
		for (int i = 0; i < QUANT_BLOCK; i++)
			qi[QUANT_BLOCK * b + i] = (int16_t)lrintf(x[i] * id);
	}
}

/* Whether a step, its scores taken, asks for the next step's value rows
 * too (its key rows it always asks for): the quantized types' steps are
 * about 1 KiB a stream, and for them the earlier start helped (q8_0 1-5 %
 * in four cold, interleaved rounds, q4_0 0-2 %); f16's 2 KiB steps were
 * 5 % slower with it, too many lines in flight at once. */
static const bool decode_values_ahead[] = {
	[FASTATTN_F32] = false,
	[FASTATTN_F16] = false,
	[FASTATTN_Q8_0] = true,
	[FASTATTN_Q4_0] = true,
};

/* Decode, one thread: for every head, stream keys [j_begin, j_end) a block
 * at a time with the online rule, keeping only (m, l, acc[d]) in L1; the
 * state goes to part[h] = {m, l, acc[0..d)} for the merge. */
static void *decode_worker(void *arg)
{
	struct job *j = arg;
	const struct fastattn_args *a = j->a;
	const struct kernels *kn = j->kn;
	int d = a->d;
	int j_begin = (int)((int64_t)a->nkv * j->tid / j->nthreads), j_end = (int)((int64_t)a->nkv * (j->tid + 1) / j->nthreads);
	float qs[FASTATTN_MAX_D], s[BC], dq[FASTATTN_MAX_D / QUANT_BLOCK];
	int16_t qi[FASTATTN_MAX_D];
	int step = kn->decode_keys[a->kv];
	size_t row_bytes = fastattn_row_bytes(a->kv, d);
	for (int h = 0; h < a->heads; h++) {
		if (stopped(a)) {
			j->cancelled = 1;
			break;
		}
		float *part = j->part + (size_t)h * (d + 2), *acc = part + 2, m = -INFINITY, l = 0;
		memset(acc, 0, sizeof(float) * (size_t)d);
		load_queries(qs, a->q + (size_t)h * d, 0, 1, 1, d);
		if (quantized(a->kv))
			quantize_query(qi, dq, qs, d);
		for (int j0 = j_begin; j0 < j_end; j0 += step) {
			int cols = j_end - j0 < step ? j_end - j0 : step, cols_p = round_up(cols, 8);
			const void *k = kv_row(a, a->k, h, j0), *v = kv_row(a, a->v, h, j0);
			/* Ask for the step's value rows now, while its scores are
			 * computed: both streams are then in flight at once, and P V
			 * finds V on its way (f16 at n = 65536, 8 keys a step, cold:
			 * 17.9 ms with this hint, 21.4 without, when it went to L2;
			 * later runs, 9 % slower without it).  Asking for every
			 * row 12 KiB ahead instead held f16 at 72 % of the read
			 * bandwidth, and 8 KiB ahead 25 % slower than this: the
			 * hints reach one step ahead, no further (measured on a
			 * Xeon with AVX-512, cold runs interleaved).  For q8_0 and
			 * q4_0 the previous step asked for these rows already; asking
			 * again is cheaper than it looks: without it, hot 1 % faster,
			 * cold 1-2 % slower (three interleaved pairs). */
			prefetch_rows(v, (size_t)cols * row_bytes);
			if (quantized(a->kv))
				kn->row_scores_qi[a->kv == FASTATTN_Q4_0](qi, dq, d, k, cols, s, cols_p);
			else
				row_scores_any(kn, a->kv, qs, d, k, cols, s, cols_p);
			/* This step's keys are read: ask for the next step's, so
			 * they are on their way while the exponentials and P V run
			 * (asked for before the scores instead, 5 % slower: this
			 * step's own loads then queue behind them). */
			if (j0 + step < j_end) {
				int next = j_end - j0 - step < step ? j_end - j0 - step : step;
				prefetch_rows(kv_row(a, a->k, h, j0 + step), (size_t)next * row_bytes);
				if (decode_values_ahead[a->kv])
					prefetch_rows(kv_row(a, a->v, h, j0 + step), (size_t)next * row_bytes);
			}
			online_row(kn, s, cols_p, cols, &m, &l, acc, d);
			row_pv_any(kn, a->kv, s, v, d, acc, cols);
		}
		part[0] = m, part[1] = l;
	}
	return NULL;
}

int fastattn_decode(const struct fastattn_args *a, struct fastattn_stats *st, char *err, size_t errlen)
{
	struct job jobs[FASTATTN_MAX_THREADS];
	if (check_args(a, err, errlen) < 0)
		return -1;
	if (a->nq != 1) {
		snprintf(err, errlen, "decode takes one query per head, not %d", a->nq);
		return -1;
	}
	/* More threads than keys would leave ranges empty; they merge fine, but
	 * starting them is waste. */
	int threads = a->threads < a->nkv ? a->threads : a->nkv, d = a->d;
	size_t per = (size_t)a->heads * (d + 2);
	float *part = alloc_floats(per * threads);   /* [threads][heads][d + 2] */
	if (!part) {
		snprintf(err, errlen, "decode: no memory for the partial states");
		return -1;
	}
	/* Each thread's stack holds qs, s and the int16 query with its block
	 * scales, whatever the type (quantized blocks are widened in registers
	 * only). */
	st->peak_extra_bytes = (int64_t)(per * threads * sizeof(float)) +
			       (int64_t)threads * ((FASTATTN_MAX_D + BC + FASTATTN_MAX_D / QUANT_BLOCK) * (int64_t)sizeof(float) +
						   FASTATTN_MAX_D * (int64_t)sizeof(int16_t));
	st->flops = 4.0 * a->nkv * (double)d * a->heads;
	st->kv_bytes = 2.0 * a->nkv * (double)fastattn_row_bytes(a->kv, d) * a->heads;
	for (int t = 0; t < threads; t++)
		jobs[t] = (struct job){.kn = pick(a->build), .a = a, .tid = t, .nthreads = threads, .head = -1,
				       .part = part + per * (size_t)t};
	int rc = run_threads(jobs, threads, decode_worker);
	if (rc != 0) {
		free(part);
		if (rc < 0)
			snprintf(err, errlen, "out of threads");
		return rc;
	}
	/* The merge, thread by thread in key order: each step moves both states
	 * to the larger max and adds them, which is exactly the state one thread
	 * would have after streaming both ranges (up to rounding). */
	for (int h = 0; h < a->heads; h++) {
		float *o = a->o + (size_t)h * d;
		float m = -INFINITY, l = 0;
		memset(o, 0, sizeof(float) * (size_t)d);
		for (int t = 0; t < threads; t++) {
			const float *p = part + per * (size_t)t + (size_t)h * (d + 2);
			if (p[0] == -INFINITY)
				continue;   /* an empty range adds nothing */
			float mn = p[0] > m ? p[0] : m;
			float fa = m == -INFINITY ? 0.0f : expf(m - mn), fb = expf(p[0] - mn);
			l = l * fa + p[1] * fb;
			for (int c = 0; c < d; c++)
				o[c] = o[c] * fa + p[2 + c] * fb;
			m = mn;
		}
		l = (float)FAULT_REAL("fastattn", l);
		for (int c = 0; c < d; c++)
			o[c] /= l;
	}
	free(part);
	return 0;
}

void fastattn_f16_to_f32(float *dst, const uint16_t *src, size_t n, int portable)
{
	const struct kernels *kn = pick(portable ? FASTATTN_BUILD_PORTABLE : FASTATTN_BUILD_BEST);
	while (n > 0) {
		int chunk = n > (1 << 20) ? 1 << 20 : (int)n;
		kn->cvt_row(dst, src, chunk);
		dst += chunk, src += chunk, n -= (size_t)chunk;
	}
}

double fastattn_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

struct fma_job {
	long iters;
	double sink;
};

static void *fma_worker(void *arg)
{
	struct fma_job *j = arg;
	j->sink = pick(FASTATTN_BUILD_BEST)->fma_loop(j->iters);
	return NULL;
}

double fastattn_fma_peak(int threads, double seconds)
{
	long iters = 1 << 20;
	double t0, t1;
	/* Every result is consumed (as the bandwidth probe's): a loop whose
	 * result is thrown away may be deleted (clang does), and then no
	 * iteration count ever takes long enough. */
	volatile double sink = 0;
	/* Grow the loop until it takes long enough to time. */
	for (;;) {
		struct fma_job j = {.iters = iters};
		t0 = fastattn_now();
		fma_worker(&j);
		t1 = fastattn_now();
		sink += j.sink;
		if (t1 - t0 > seconds / 4 || iters > (1L << 40))
			break;
		iters *= 2;
	}
	if (threads < 1)
		threads = 1;
	if (threads > FASTATTN_MAX_THREADS)
		threads = FASTATTN_MAX_THREADS;
	pthread_t th[FASTATTN_MAX_THREADS];
	struct fma_job jobs[FASTATTN_MAX_THREADS];
	/* The best of three timings: on a shared machine a slower one holds
	 * other work's time too (the benchmark's runs are judged the same way). */
	double best = 0;
	for (int round = 0; round < 3; round++) {
		t0 = fastattn_now();
		int started = 0;
		for (int t = 1; t < threads; t++) {
			jobs[t].iters = iters;
			if (pthread_create(&th[t], NULL, fma_worker, &jobs[t]) != 0)
				break;
			started = t;
		}
		jobs[0].iters = iters;
		fma_worker(&jobs[0]);
		for (int t = 1; t <= started; t++)
			pthread_join(th[t], NULL);
		t1 = fastattn_now();
		for (int t = 0; t <= started; t++)
			sink += jobs[t].sink;
		double gflops = 2.0 * pick(FASTATTN_BUILD_BEST)->lanes * 12 * (double)iters * (started + 1) / (t1 - t0) / 1e9;
		best = gflops > best ? gflops : best;
	}
	(void)sink;
	return best;
}

struct read_job {
	const float *buf;
	size_t n;
	double sink;
};

static void *read_worker(void *arg)
{
	struct read_job *j = arg;
	j->sink = pick(FASTATTN_BUILD_BEST)->read_loop(j->buf, j->n);
	return NULL;
}

double fastattn_read_bandwidth(int threads, double seconds)
{
	size_t n = (size_t)64 << 20;   /* 256 MiB of floats: far past every cache */
	if (threads < 1)
		threads = 1;
	if (threads > FASTATTN_MAX_THREADS)
		threads = FASTATTN_MAX_THREADS;
	float *buf = alloc_floats(n);   /* written (zeroed) whole: every page is real */
	if (!buf)
		return 0;
	for (size_t i = 0; i < n; i += 1024)
		buf[i] = 1;
	double best = 0, t_end = fastattn_now() + seconds;
	volatile double sink = 0;
	struct read_job jobs[FASTATTN_MAX_THREADS];
	pthread_t th[FASTATTN_MAX_THREADS];
	/* Whole turns of read_loop's four 1 KiB chunks, so it reads all of it. */
	size_t slice = n / (size_t)threads / 1024 * 1024;
	do {
		for (int t = 0; t < threads; t++)
			jobs[t] = (struct read_job){.buf = buf + slice * (size_t)t, .n = slice};
		double t0 = fastattn_now();
		int started = 0;
		for (int t = 1; t < threads; t++) {
			if (pthread_create(&th[t], NULL, read_worker, &jobs[t]) != 0)
				break;
			started = t;
		}
		read_worker(&jobs[0]);
		for (int t = 1; t <= started; t++)
			pthread_join(th[t], NULL);
		double dt = fastattn_now() - t0;
		for (int t = 0; t <= started; t++)
			sink += jobs[t].sink;
		double gbs = (double)slice * (started + 1) * sizeof(float) / dt / 1e9;
		best = gbs > best ? gbs : best;
	} while (fastattn_now() < t_end);
	(void)sink;
	free(buf);
	return best;
}
