/*
 * PaddleOCR-VL's language model (src/models/paddleocr.cpp): plain attention,
 * a full cache on every layer; load_arch_hparams reads no window and no
 * other cache mechanism, only the generic keys (nextn layers filtered out).
 */
#include "model/family.h"

const struct family family_paddleocr = {
	.arch = "paddleocr",
	.mech = AM_NEXTN,
};
