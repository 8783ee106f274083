/* libFuzzer target: the config.json reader, on arbitrary file contents
 * (written as DIR/config.json and loaded through the directory). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "scratch.h"
#include "model/hfconfig.h"
#include "size/size.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct model m;
	char err[700];
	if (!scratch_write("hf", "config.json", data, size))
		return 0;
	if (model_load_hf(&m, scratch_dir, err, sizeof err) == 0) {
		/* A model that loads must give sizes without overflow and sane counts. */
		if (size_kv_bytes_token(&m) < 0 || m.layers < 1 || m.layers > MODEL_MAX_LAYERS ||
		    !(m.params >= 1) || m.active_params > m.params * (1 + 1e-9))
			__builtin_trap();
		(void)model_local_layers(&m);
	} else {
		/* A refusal is one line. */
		for (const char *p = err; *p; p++)
			if (*p == '\n')
				__builtin_trap();
	}
	return 0;
}
