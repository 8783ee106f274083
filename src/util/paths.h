/*
 * paths: where attnviz finds its data (scene files, model files).
 *
 * Scenes: $ATTNVIZ_SCENES, then scenes/ beside the executable (a source
 * tree), then the installed data dir.  Models: DESIGN section 5's search
 * path, with the source tree beside the executable before ./assets/models.
 */
#ifndef ATTNVIZ_PATHS_H
#define ATTNVIZ_PATHS_H

#include <stddef.h>

#define PATHS_MAX_DIRS 8
#define PATHS_LEN 512

struct dirlist {
	int n;
	char dir[PATHS_MAX_DIRS][PATHS_LEN];
};

void paths_scene_dirs(struct dirlist *out);
void paths_model_dirs(struct dirlist *out);
/* 1 when path names an existing regular file. */
int paths_is_file(const char *path);
/* dir/name into buf, with one slash between them even when dir ends in one
 * ("DIR/" and "config.json": "DIR/config.json").  snprintf's count. */
int paths_join(char *buf, size_t len, const char *dir, const char *name);

#endif
