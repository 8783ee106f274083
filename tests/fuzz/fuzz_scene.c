/* libFuzzer target: the scene-file loader, checked against every scene's parameters. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "scratch.h"
#include "scene/registry.h"
#include "scene/scenefile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct scene_file sf;
	char err[700];
	if (size < 1)
		return 0;
	const char *path = scratch_write("scene", "input.ini", data + 1, size - 1);
	if (!path)
		return 0;
	/* The first byte picks whose parameters the file must declare. */
	const struct scene_class *cls = scene_classes[data[0] % scene_class_count];
	scenefile_load(&sf, path, cls->params, err, sizeof err);
	return 0;
}
