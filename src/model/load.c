/*
 * load: the one place that picks a model reader by the file's kind (an INI
 * file, a .gguf file, a config.json or a directory holding one), and the
 * search path and model list.  The readers (model.c for INI, gguf.c,
 * hfconfig.c) each fill a struct model and know nothing of one another.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "model/gguf.h"
#include "model/hfconfig.h"
#include "model/model.h"
#include "model/wquant_model.h"
#include "util/err.h"
#include "util/paths.h"

static int ends_with(const char *s, const char *suffix, int fold)
{
	size_t n = strlen(s), k = strlen(suffix);
	return n >= k && !(fold ? strcasecmp(s + n - k, suffix) : strcmp(s + n - k, suffix));
}

static int is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* path/config.json into buf; 0 when it is a regular file. */
static int config_in_dir(const char *dir, char *buf, size_t len)
{
	int n = paths_join(buf, len, dir, "config.json");
	return n > 0 && (size_t)n < len && paths_is_file(buf) ? 0 : -1;
}

enum model_format model_path_format(const char *path)
{
	char cfg[PATHS_LEN + 16];
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	if (ends_with(path, ".gguf", 1))
		return MODEL_GGUF;
	/* a config.json kept under another name (mixtral-config.json) is one too */
	if (!strcmp(base, "config.json") || ends_with(base, ".json", 1) ||
	    (is_dir(path) && config_in_dir(path, cfg, sizeof cfg) == 0))
		return MODEL_HF_CONFIG;
	return MODEL_INI;
}

/* The GGUF and config.json readers fill the same description (they end in model_finish). */
static int load_other(struct model *m, enum model_format fmt, const char *path, char *err, size_t errlen)
{
	return fmt == MODEL_GGUF ? model_load_gguf(m, path, err, errlen) : model_load_hf(m, path, err, errlen);
}

/* An INI model with its [weights] type sized (wquant_model) unless the
 * file states weights_bytes; m is untouched on error. */
static int load_ini(struct model *m, const char *path, char *err, size_t errlen)
{
	struct model *tmp = calloc(1, sizeof *tmp);
	if (!tmp) {
		err_set(err, errlen, path, 0, NULL, NULL, "out of memory");
		return -1;
	}
	int rc = model_load_ini(tmp, path, err, errlen);
	if (rc == 0 && tmp->weights_type[0] &&
	    tmp->weights_from != WEIGHTS_GIVEN)
		rc = wquant_model(tmp, wq_ftype_find(tmp->weights_type), err,
				  errlen);
	if (rc == 0)
		*m = *tmp;
	free(tmp);
	return rc;
}

int model_load(struct model *m, const char *path, char *err, size_t errlen)
{
	enum model_format fmt = model_path_format(path);
	/* a directory is a model only when it holds a config.json (DESIGN section 2) */
	if (fmt == MODEL_INI && is_dir(path)) {
		err_set(err, errlen, path, 0, NULL, NULL, "no config.json in this directory");
		return -1;
	}
	if (fmt == MODEL_INI)
		return load_ini(m, path, err, errlen);
	char cfg[PATHS_LEN + 16];
	const char *file = path;
	if (fmt == MODEL_HF_CONFIG && is_dir(path) && config_in_dir(path, cfg, sizeof cfg) == 0)
		file = cfg;
	struct model *tmp = calloc(1, sizeof *tmp);
	if (!tmp) {
		err_set(err, errlen, path, 0, NULL, NULL, "out of memory");
		return -1;
	}
	if (load_other(tmp, fmt, file, err, errlen) < 0) {
		free(tmp);
		return -1;
	}
	/* the id is the file name without .gguf, or the directory holding config.json */
	snprintf(tmp->path, sizeof tmp->path, "%s", path);
	char dir[sizeof tmp->path];
	snprintf(dir, sizeof dir, "%s", path);
	for (size_t n = strlen(dir); n > 1 && dir[n - 1] == '/'; n--)
		dir[n - 1] = 0;
	char *slash = strrchr(dir, '/');
	if (fmt == MODEL_HF_CONFIG && file == path && strcmp(slash ? slash + 1 : dir, "config.json") != 0) {
		dir[strlen(dir) - strlen(".json")] = 0;   /* .../NAME.json: NAME */
	} else if (fmt == MODEL_HF_CONFIG && file == path) {   /* .../NAME/config.json: NAME */
		if (slash)
			*slash = 0;
		else
			snprintf(dir, sizeof dir, "config");
	}
	model_set_id(tmp, dir);
	*m = *tmp;
	free(tmp);
	return 0;
}

int model_find_load(struct model *m, const char *name, char *err, size_t errlen)
{
	if (strchr(name, '/') || paths_is_file(name) || is_dir(name) || ends_with(name, ".ini", 0) ||
	    ends_with(name, ".gguf", 1) || !strcmp(name, "config.json"))
		return model_load(m, name, err, errlen);
	struct dirlist dirs;
	char path[PATHS_LEN + 96];
	paths_model_dirs(&dirs);
	for (int i = 0; i < dirs.n; i++) {
		/* the same order as model_list: id.ini, id.gguf, id/config.json */
		static const char *const ext[] = {".ini", ".gguf", "/config.json"};
		for (int k = 0; k < 3; k++) {
			snprintf(path, sizeof path, "%s/%.64s%s", dirs.dir[i], name, ext[k]);
			if (paths_is_file(path)) {
				if (k == 2)
					path[strlen(path) - strlen("/config.json")] = 0;
				return model_load(m, path, err, errlen);
			}
		}
	}
	err_set(err, errlen, NULL, 0, NULL, NULL, "no model '%s' (see attnviz --list)", name);
	return -1;
}

static int entry_cmp(const void *a, const void *b)
{
	return strcmp(((const struct model_entry *)a)->id, ((const struct model_entry *)b)->id);
}

/* The id and path of directory entry name in dir when it is a model; 0 if so. */
static int model_entry_of(const char *dir, const char *name, struct model_entry *e)
{
	size_t len = strlen(name), idlen;
	char cfg[PATHS_LEN + 96];
	if (name[0] == '.')
		return -1;
	if (snprintf(e->path, sizeof e->path, "%s/%s", dir, name) >= (int)sizeof e->path)
		return -1;
	if (ends_with(name, ".ini", 0) && paths_is_file(e->path))
		idlen = len - 4;
	else if (ends_with(name, ".gguf", 1) && paths_is_file(e->path))
		idlen = len - 5;
	else if (is_dir(e->path) && config_in_dir(e->path, cfg, sizeof cfg) == 0)
		idlen = len;
	else
		return -1;
	if (idlen == 0 || idlen >= sizeof e->id)
		return -1;
	memcpy(e->id, name, idlen);
	e->id[idlen] = 0;
	return 0;
}

int model_list(struct model_entry *out, int max)
{
	struct dirlist dirs;
	int n = 0;
	paths_model_dirs(&dirs);
	for (int i = 0; i < dirs.n; i++) {
		DIR *d = opendir(dirs.dir[i]);
		struct dirent *e;
		if (!d)
			continue;
		while ((e = readdir(d)) && n < max) {
			if (model_entry_of(dirs.dir[i], e->d_name, &out[n]) < 0)
				continue;
			int dup = 0;
			for (int j = 0; j < n && !dup; j++)
				dup = !strcmp(out[j].id, out[n].id);
			if (!dup)
				n++;
		}
		closedir(d);
	}
	qsort(out, (size_t)n, sizeof *out, entry_cmp);
	return n;
}
