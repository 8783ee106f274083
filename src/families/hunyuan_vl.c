/*
 * HunyuanOCR's text model (src/models/hunyuan-vl.cpp): XD-RoPE
 * (load_arch_hparams reads rope.dimension_sections and raises the RoPE base
 * by rope_scaling_alpha), a full cache on every layer: no window and no
 * other cache mechanism, only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_hunyuan_vl = {
	.arch = "hunyuan_vl",
	.mech = AM_NEXTN,
};
