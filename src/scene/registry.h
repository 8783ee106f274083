/* registry: the compiled scene classes, one line each in registry.c. */
#ifndef ATTNVIZ_REGISTRY_H
#define ATTNVIZ_REGISTRY_H

#include <stddef.h>

#include "scene/scene.h"

extern const struct scene_class *const scene_classes[];
extern const size_t scene_class_count;

#endif
