/* ggml's q8_0 and q4_0 blocks: known blocks byte for byte, round-trip error
 * bounds, and the benchmark kernels over quantized K and V against a float64
 * reference on the dequantized cache. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kern/fastattn.h"
#include "kern/half.h"
#include "kern/jrand.h"
#include "kern/quant.h"
#include "t.h"

/* Blocks worked by hand (exact fractions), as ggml's reference quantizers make them. */
static void known_blocks(void)
{
	/* q8_0: x = -16..15 with ±8 replaced by ±9, so no x / d is a tie.
	 * amax 16, d = 16 / 127 -> f16 0x3008; q = round(x * 127 / 16). */
	static const int8_t q8[32] = {-127, -119, -111, -103, -95, -87, -79, -71, -71, -56, -48, -40, -32, -24, -16, -8,
				      0,    8,    16,   24,   32,  40,  48,  56,  71,  71,  79,  87,  95,  103, 111, 119};
	float x[32];
	for (int i = 0; i < 32; i++)
		x[i] = (float)(i - 16);
	x[8] = -9, x[24] = 9;
	struct block_q8_0 b8;
	quant_q8_0(&b8, x, 32);
	T_EQ_INT(b8.d, 0x3008, "quant: q8_0 scale is f16(16 / 127)");
	T_OK(!memcmp(b8.qs, q8, sizeof q8), "quant: q8_0 ints of the known block");
	unsigned char bytes[QUANT_Q8_0_BYTES];
	memcpy(bytes, &b8, sizeof bytes);
	T_OK(bytes[0] == 0x08 && bytes[1] == 0x30 && bytes[2] == 0x81 && bytes[33] == 119,
	     "quant: q8_0 block in memory: d little-endian, then the ints");

	/* q4_0: x = (i - 16) / 2; the largest magnitude is -8, so d = -8 / -8 = 1,
	 * q = min(15, (int)(x + 8.5)); 7.5 clamps to 15. */
	static const uint8_t q4[16] = {0x80, 0x91, 0x91, 0xa2, 0xa2, 0xb3, 0xb3, 0xc4,
				       0xc4, 0xd5, 0xd5, 0xe6, 0xe6, 0xf7, 0xf7, 0xf8};
	for (int i = 0; i < 32; i++)
		x[i] = (float)(i - 16) / 2;
	struct block_q4_0 b4;
	quant_q4_0(&b4, x, 32);
	T_EQ_INT(b4.d, 0x3c00, "quant: q4_0 scale is f16(1)");
	T_OK(!memcmp(b4.qs, q4, sizeof q4), "quant: q4_0 nibbles of the known block");
	T_EQ_INT(quant_q4_0_nibble(&b4, 31), 15, "quant: q4_0 element 31 is byte 15's high nibble, clamped to 15");
	float y[32];
	dequant_q4_0(y, &b4, 32);
	T_NEAR(y[0], -8, 0, "quant: q4_0 dequantizes (nibble - 8) d");
	T_NEAR(y[31], 7, 0, "quant: q4_0 the clamped 7.5 comes back as 7");

	T_EQ_INT(quant_block_bytes(QUANT_Q8_0), 34, "quant: ggml's block_q8_0 is 34 bytes");
	T_EQ_INT(quant_block_bytes(QUANT_Q4_0), 18, "quant: ggml's block_q4_0 is 18 bytes");
	T_EQ_INT(quant_row_bytes(QUANT_Q4_0, 128), 72, "quant: a 128-value q4_0 row is 4 blocks");
	float zero[32] = {0};
	quant_q8_0(&b8, zero, 32);
	dequant_q8_0(y, &b8, 32);
	T_OK(b8.d == 0 && y[5] == 0, "quant: an all-zero block has d = 0 and comes back zero");
}

/* Gaussian rows: every value within its block's bound. */
static void round_trip(void)
{
	enum { N = 32 * 64 };
	float x[N], y[N];
	struct block_q8_0 b8[N / 32];
	struct block_q4_0 b4[N / 32];
	struct jrand r;
	jrand_init(&r, 3);
	for (int i = 0; i < N; i++)
		x[i] = (float)(jrand_gaussian(&r) * (1 + i / 512));
	quant_q8_0(b8, x, N);
	dequant_q8_0(y, b8, N);
	int bad8 = 0, bad4 = 0;
	double half_d = 0;
	for (int b = 0; b < N / 32; b++) {
		double amax = 0;
		for (int j = 0; j < 32; j++)
			amax = fmax(amax, fabs(x[32 * b + j]));
		/* Rounding to the nearest int is half a step; the f16 scale is off by
		 * at most 2^-11 of itself, times |q| <= 127. */
		double d = amax / 127, bound = d * (0.5 + 127.0 / 2048) + 1e-6;
		for (int j = 0; j < 32; j++)
			bad8 += fabs(x[32 * b + j] - y[32 * b + j]) > bound;
	}
	T_EQ_INT(bad8, 0, "quant: q8_0 round trip within d/2 plus the f16 scale's rounding");
	quant_q4_0(b4, x, N);
	dequant_q4_0(y, b4, N);
	int within_half = 0;
	for (int b = 0; b < N / 32; b++) {
		double d = fabs(half_to_float(b4[b].d));
		/* A step d; the one value that clamps (+8 d to +7 d) is a whole step off. */
		for (int j = 0; j < 32; j++) {
			double e = fabs(x[32 * b + j] - y[32 * b + j]);
			bad4 += e > d * (1 + 16.0 / 2048) + 1e-6;
			within_half += e <= d * (0.5 + 16.0 / 2048) + 1e-6;
			half_d = fmax(half_d, d);
		}
	}
	T_EQ_INT(bad4, 0, "quant: q4_0 round trip within one step d");
	T_OK(within_half >= N - N / 32, "quant: q4_0 all but at most one value a block within d/2 (%d of %d)", within_half, N);
}

/* The float64 reference over the dequantized cache: one query row. */
static void reference(const float *q, const float *kd, const float *vd, int n, int d, int vis, double *out)
{
	double mx = -INFINITY, sum = 0, *s = malloc((size_t)n * sizeof *s);
	for (int j = 0; j < vis; j++) {
		double t = 0;
		for (int c = 0; c < d; c++)
			t += (double)q[c] * kd[(size_t)j * d + c];
		s[j] = t / sqrt((double)d);
		mx = fmax(mx, s[j]);
	}
	for (int c = 0; c < d; c++)
		out[c] = 0;
	for (int j = 0; j < vis; j++) {
		double w = exp(s[j] - mx);
		sum += w;
		for (int c = 0; c < d; c++)
			out[c] += w * vd[(size_t)j * d + c];
	}
	for (int c = 0; c < d; c++)
		out[c] /= sum;
	free(s);
}

/* tiled, naive and decode over kv (q8_0 or q4_0) against the reference, one head. */
static void kernels_agree(int kv, int n, int d, int threads, int build)
{
	int type = kv == FASTATTN_Q8_0 ? QUANT_Q8_0 : QUANT_Q4_0;
	size_t count = (size_t)n * d, rb = fastattn_row_bytes(kv, d);
	float *q = malloc(count * 4), *k = malloc(count * 4), *v = malloc(count * 4), *o = malloc(count * 4);
	float *kd = malloc(count * 4), *vd = malloc(count * 4);
	void *kq = malloc((size_t)n * rb), *vq = malloc((size_t)n * rb);
	struct jrand r;
	jrand_init(&r, 17 + n);
	for (size_t i = 0; i < count; i++)
		q[i] = (float)jrand_gaussian(&r), k[i] = (float)jrand_gaussian(&r), v[i] = (float)jrand_gaussian(&r);
	quant_row(type, kq, k, count), quant_row(type, vq, v, count);
	dequant_row(type, kd, kq, count), dequant_row(type, vd, vq, count);
	struct fastattn_args a = {.q = q, .k = kq, .v = vq, .o = o, .heads = 1, .nq = n, .nkv = n, .d = d, .causal = 1,
				  .threads = threads, .kv = kv, .build = build};
	struct fastattn_stats st;
	char err[300];
	const char *isa = fastattn_build_name(build);
	double ref[FASTATTN_MAX_D], worst[3] = {0, 0, 0};
	for (int kern = 0; kern < 3; kern++) {
		int rc;
		if (kern == 2) {
			a.q = q + (size_t)(n - 1) * d, a.nq = 1;
			rc = fastattn_decode(&a, &st, err, sizeof err);
			T_NEAR(st.kv_bytes, 2.0 * n * rb, 0, "quant: decode counts the %s bytes it reads", kv == FASTATTN_Q8_0 ? "q8_0" : "q4_0");
		} else {
			rc = kern == 0 ? fastattn_tiled(&a, &st, err, sizeof err) : fastattn_naive(&a, &st, err, sizeof err);
		}
		T_OK(rc == 0, "quant: kernel %d runs over %s (%s)", kern, quant_name(type), rc ? err : "ok");
		int rows = kern == 2 ? 1 : n;
		for (int i = 0; i < rows; i += kern == 2 ? 1 : 7) {
			int qi = kern == 2 ? n - 1 : i;
			reference(q + (size_t)qi * d, kd, vd, n, d, qi + 1, ref);
			for (int c = 0; c < d; c++)
				worst[kern] = fmax(worst[kern], fabs(o[(size_t)i * d + c] - ref[c]));
		}
	}
	T_NEAR(worst[0], 0, 1e-5, "quant: tiled over %s, n %d d %d, %d threads, %s", quant_name(type), n, d, threads, isa);
	T_NEAR(worst[1], 0, 1e-5, "quant: naive over %s, n %d d %d, %d threads, %s", quant_name(type), n, d, threads, isa);
	/* Decode rounds the query to int16 per block (1/65534 of the block's
	 * largest value) for an integer dot product with the keys' ints:
	 * measured up to 2e-5 at n ~ 100 over 20 seeds, 5e-7 at n = 65536; the
	 * bound is the 1e-4.  exact_query() pins the integer path. */
	T_NEAR(worst[2], 0, 1e-4, "quant: decode over %s, n %d d %d, %d threads, %s", quant_name(type), n, d, threads, isa);
	free(q), free(k), free(v), free(o), free(kd), free(vd), free(kq), free(vq);
}

/* Decode over q8_0 or q4_0 with a query the int16 rounding keeps exactly:
 * every q a multiple of a unit, one value of each block at 32767 units, so
 * each block's scale is the unit and its ints are the query's own.  At
 * d = 64 the unit is 8 x 2^-17 (1/sqrt(d) = 1/8 is exact, as 1/16 at
 * d = 256); at d = 128 sqrt(128) x 2^-17, whose scaled value is 2^-17
 * to within a float's
 * rounding, far less than the half an int16 step that would change an
 * int.  Then only float rounding is left: an integer dot product that
 * paired the wrong query and key values, dropped a block's scale or
 * overflowed would be off by far more than 1e-6. */
static void exact_query(int kv, int D, int build)
{
	enum { N = 300 };
	int type = kv == FASTATTN_Q8_0 ? QUANT_Q8_0 : QUANT_Q4_0;
	size_t rb = fastattn_row_bytes(kv, D);
	size_t count = (size_t)N * D;
	float *k = malloc(count * 4), *v = malloc(count * 4), *kd = malloc(count * 4), *vd = malloc(count * 4);
	void *kq = malloc(N * rb), *vq = malloc(N * rb);
	float q[FASTATTN_MAX_D], o[FASTATTN_MAX_D];
	double ref[FASTATTN_MAX_D], worst = 0;
	/* The unit times 1/sqrt(D) is exactly 2^-17 at D = 64 and 256; at D =
	 * 128 within a float's rounding, so every q / dq is within 0.004 of its
	 * int and rounds to it. */
	float unit = D == 64 ? 8.0f * 0x1p-17f : (float)sqrt((double)D) * 0x1p-17f;
	struct jrand r;
	jrand_init(&r, 41);
	for (size_t i = 0; i < count; i++)
		k[i] = (float)jrand_gaussian(&r), v[i] = (float)jrand_gaussian(&r);
	for (int i = 0; i < D; i++)
		q[i] = (float)(jrand_int(&r) % 32767) * unit;
	for (int b = 0; b < D / 32; b++)
		q[32 * b + 5 + b] = (b % 2 ? -32767 : 32767) * unit;
	quant_row(type, kq, k, count), quant_row(type, vq, v, count);
	dequant_row(type, kd, kq, count), dequant_row(type, vd, vq, count);
	struct fastattn_args a = {.q = q, .k = kq, .v = vq, .o = o, .heads = 1, .nq = 1, .nkv = N, .d = D, .causal = 1,
				  .threads = 1, .kv = kv, .build = build};
	struct fastattn_stats st;
	char err[300];
	int rc = fastattn_decode(&a, &st, err, sizeof err);
	reference(q, kd, vd, N, D, N, ref);
	for (int c = 0; c < D; c++)
		worst = fmax(worst, fabs(o[c] - ref[c]));
	/* At d = 256 the scores are twice the sums and their float rounding
	 * reaches 1.1e-6 (the AVX2 build's as well): 2e-6 there. */
	double bound = D > 128 ? 2e-6 : 1e-6;
	T_OK(rc == 0 && worst < bound,
	     "quant: %s decode, d %d, with an exactly representable query "
	     "within %.0e (%.1e, %s)",
	     quant_name(type), D, bound, worst, fastattn_build_name(build));
	free(k), free(v), free(kd), free(vd), free(kq), free(vq);
}

void test_quant(void)
{
	known_blocks();
	round_trip();
	/* Every build this CPU has: tiled and naive differ between the
	 * AVX-512 and AVX2 ones (their micro-kernels), decode too where the
	 * CPU has VNNI (16 lanes, its integer scores four blocks a register).
	 */
	for (int build = 0; build < FASTATTN_NBUILDS; build++) {
		if (!fastattn_build_native(build))
			continue;
		kernels_agree(FASTATTN_Q8_0, 200, 128, 2, build);   /* ragged blocks, two threads */
		kernels_agree(FASTATTN_Q4_0, 200, 128, 3, build);
		kernels_agree(FASTATTN_Q8_0, 97, 96, 1, build);     /* an odd number of blocks a row */
		kernels_agree(FASTATTN_Q4_0, 97, 96, 1, build);
		kernels_agree(
			FASTATTN_Q4_0, 130, 256, 2,
			build); /* the largest d: two groups of 4 blocks */
		kernels_agree(FASTATTN_Q8_0, 130, 256, 2, build);
		/* d = 64 runs the loops over any d; d = 128 its own copies
		 * (scores128q, pv128q8_half; AVX-512: a group of 4 blocks);
		 * d = 256 two groups */
		for (int d = 64; d <= 256; d *= 2) {
			exact_query(FASTATTN_Q8_0, d, build);
			exact_query(FASTATTN_Q4_0, d, build);
		}
	}
	struct fastattn_args bad = {.heads = 1, .nq = 10, .nkv = 10, .d = 40, .threads = 1, .kv = FASTATTN_Q8_0};
	struct fastattn_stats st;
	char err[300];
	T_OK(fastattn_decode(&bad, &st, err, sizeof err) < 0 && strstr(err, "multiple of 32"),
	     "quant: d not a multiple of 32 refused for q8_0 (%s)", err);
}
