/* libFuzzer target: the model-file loader, on arbitrary file contents. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "scratch.h"
#include "model/model.h"
#include "size/size.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct model m;
	char err[700];
	const char *path = scratch_write("model", "input.ini", data, size);
	if (!path)
		return 0;
	if (model_load(&m, path, err, sizeof err) == 0) {
		/* A model that loads must give sizes without overflow. */
		if (size_kv_bytes_token(&m) < 0)
			__builtin_trap();
		(void)model_local_layers(&m);
	}
	return 0;
}
