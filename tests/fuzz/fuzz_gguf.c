/* libFuzzer target: the GGUF header reader, on arbitrary file contents. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "scratch.h"
#include "model/gguf.h"
#include "size/size.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct model m;
	char err[700];
	const char *path = scratch_write("gguf", "input.gguf", data, size);
	if (!path)
		return 0;
	if (model_load_gguf(&m, path, err, sizeof err) == 0) {
		/* A model that loads must give sizes without overflow. */
		if (size_kv_bytes_token(&m) < 0 || m.layers < 1 || m.kv_heads < 1)
			__builtin_trap();
		(void)model_local_layers(&m);
	}
	return 0;
}
