/*
 * ggml_type: the type traits table (see the header).  Block sizes and
 * bytes are those of llama.cpp's ggml at the source read by
 * tools/fetch-llama.sh: ggml/src/ggml.c type_traits[] gives each type's
 * blck_size and type_size = sizeof(block_*), the structs of
 * ggml/src/ggml-common.h (QK_K = 256; e.g. block_q4_K: two f16 scales, 12
 * bytes of 6-bit scales, 128 bytes of nibbles = 144).
 */
#include "model/ggml_type.h"

#include <stddef.h>

static const struct ggml_type_info types[GGML_TYPE_LIMIT] = {
	[0] = {"f32", 1, 4},         [1] = {"f16", 1, 2},          [2] = {"q4_0", 32, 18},
	[3] = {"q4_1", 32, 20},      [6] = {"q5_0", 32, 22},       [7] = {"q5_1", 32, 24},
	[8] = {"q8_0", 32, 34},      [9] = {"q8_1", 32, 36},       [10] = {"q2_K", 256, 84},
	[11] = {"q3_K", 256, 110},   [12] = {"q4_K", 256, 144},    [13] = {"q5_K", 256, 176},
	[14] = {"q6_K", 256, 210},   [15] = {"q8_K", 256, 292},    [16] = {"iq2_xxs", 256, 66},
	[17] = {"iq2_xs", 256, 74},  [18] = {"iq3_xxs", 256, 98},  [19] = {"iq1_s", 256, 50},
	[20] = {"iq4_nl", 32, 18},   [21] = {"iq3_s", 256, 110},   [22] = {"iq2_s", 256, 82},
	[23] = {"iq4_xs", 256, 136}, [24] = {"i8", 1, 1},          [25] = {"i16", 1, 2},
	[26] = {"i32", 1, 4},        [27] = {"i64", 1, 8},         [28] = {"f64", 1, 8},
	[29] = {"iq1_m", 256, 56},   [30] = {"bf16", 1, 2},
	/* 31-33 (Q4_0_4_4, _4_8, _8_8) and 36-38 (IQ4_NL_4_4, ...) were removed
	 * from GGUF files: blck_size 0 in type_traits, refused by gguf.cpp. */
	[34] = {"tq1_0", 256, 54},   [35] = {"tq2_0", 256, 66},    [39] = {"mxfp4", 32, 17},
	[40] = {"nvfp4", 64, 36},    [41] = {"q1_0", 128, 18},     [42] = {"q2_0", 64, 18},
};

const struct ggml_type_info *ggml_type_get(uint32_t t)
{
	return t < GGML_TYPE_LIMIT && types[t].name ? &types[t] : NULL;
}

int64_t ggml_type_tensor_bytes(uint32_t t, const int64_t *ne, int nd)
{
	const struct ggml_type_info *ti = ggml_type_get(t);
	int64_t r;
	if (!ti || nd < 1 || ne[0] < 0 || ne[0] % ti->blck)
		return -1;
	/* ggml_row_size: type_size * ne / blck_size, then every other dimension. */
	if (__builtin_mul_overflow(ne[0] / ti->blck, ti->bytes, &r))
		return -1;
	for (int d = 1; d < nd; d++)
		if (ne[d] < 0 || __builtin_mul_overflow(r, ne[d], &r))
			return -1;
	return r;
}
