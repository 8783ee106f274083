/* libFuzzer target: the model-file loader, on arbitrary file contents. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#include "model/model.h"
#include "model/size.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[64];
	static struct model m;
	char err[700];
	if (!path[0])
		snprintf(path, sizeof path, "/tmp/attnviz-fuzz-model-%d.ini", (int)getpid());
	FILE *f = fopen(path, "wb");
	if (!f)
		return 0;
	fwrite(data, 1, size, f);
	fclose(f);
	if (model_load(&m, path, err, sizeof err) == 0) {
		/* A model that loads must give sizes without overflow. */
		if (size_kv_bytes_token(&m) < 0)
			__builtin_trap();
		(void)model_local_layers(&m);
	}
	return 0;
}
