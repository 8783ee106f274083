#include "util/paths.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef ATTNVIZ_DATADIR
#define ATTNVIZ_DATADIR "/usr/local/share/attnviz"
#endif

static void add(struct dirlist *l, const char *a, const char *b)
{
	if (l->n >= PATHS_MAX_DIRS || !a || !*a)
		return;
	int r = snprintf(l->dir[l->n], PATHS_LEN, "%s%s", a, b ? b : "");
	if (r < 0 || r >= PATHS_LEN)
		return;
	/* "$ATTNVIZ_MODELS/" names the same directory: every path joined to it gets one slash. */
	for (char *d = l->dir[l->n]; r > 1 && d[r - 1] == '/'; r--)
		d[r - 1] = 0;
	for (int i = 0; i < l->n; i++)
		if (!strcmp(l->dir[i], l->dir[l->n]))
			return;
	l->n++;
}

/* The directory holding the running executable, or "" when unknown. */
static void exe_dir(char *out, size_t len)
{
	ssize_t r = readlink("/proc/self/exe", out, len - 1);
	out[r > 0 ? r : 0] = 0;
	char *slash = strrchr(out, '/');
	if (slash)
		*slash = 0;
	else
		out[0] = 0;
}

/* The prefix an installed executable sits under: the parent of its bin/. */
static void exe_prefix(char *out, size_t len)
{
	exe_dir(out, len);
	char *slash = strrchr(out, '/');
	if (slash)
		*slash = 0;
	else
		out[0] = 0;
}

void paths_scene_dirs(struct dirlist *out)
{
	char exe[PATHS_LEN];
	out->n = 0;
	add(out, getenv("ATTNVIZ_SCENES"), NULL);
	exe_dir(exe, sizeof exe);
	add(out, exe, "/scenes");
	/* Installed under any PREFIX: bin/attnviz beside share/attnviz. */
	exe_prefix(exe, sizeof exe);
	add(out, exe, "/share/attnviz/scenes");
	add(out, ATTNVIZ_DATADIR, "/scenes");
	add(out, ".", "/scenes");
}

void paths_model_dirs(struct dirlist *out)
{
	char exe[PATHS_LEN];
	out->n = 0;
	add(out, getenv("ATTNVIZ_MODELS"), NULL);
	if (getenv("XDG_CONFIG_HOME") && *getenv("XDG_CONFIG_HOME"))
		add(out, getenv("XDG_CONFIG_HOME"), "/attnviz/models");
	else
		add(out, getenv("HOME"), "/.config/attnviz/models");
	exe_prefix(exe, sizeof exe);
	add(out, exe, "/share/attnviz/models");
	add(out, ATTNVIZ_DATADIR, "/models");
	exe_dir(exe, sizeof exe);
	add(out, exe, "/assets/models");
	add(out, ".", "/assets/models");
}

int paths_is_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int paths_join(char *buf, size_t len, const char *dir, const char *name)
{
	size_t l = strlen(dir);
	return snprintf(buf, len, "%s%s%s", dir, l && dir[l - 1] == '/' ? "" : "/", name);
}
