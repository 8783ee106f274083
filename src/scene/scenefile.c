#include "scene/scenefile.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/err.h"
#include "util/ini.h"
#include "util/num.h"

int figure_parse(const char *text, double *value, double *tol)
{
	static const struct { const char *unit; double mult; } units[] = {
		{"KiB", 1024.0}, {"MiB", 1048576.0}, {"GiB", 1073741824.0}, {"TiB", 1099511627776.0}, {"%", 0.01},
	};
	char num[64];
	double mult = 1;
	const char *why;
	snprintf(num, sizeof num, "%s", text);
	size_t n = strlen(num);
	while (n && isspace((unsigned char)num[n - 1]))
		num[--n] = 0;
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
		size_t ul = strlen(units[i].unit);
		if (n > ul && !strcmp(num + n - ul, units[i].unit)) {
			mult = units[i].mult;
			num[n - ul] = 0;
			break;
		}
	}
	double v;
	if (num_real(num, &v, &why) < 0)
		return -1;
	/* Half a unit of the last printed digit. */
	int decimals = 0, exp10 = 0;
	const char *dot = strchr(num, '.'), *e = strpbrk(num, "eE");
	if (dot)
		for (const char *p = dot + 1; isdigit((unsigned char)*p); p++)
			decimals++;
	if (e)
		exp10 = atoi(e + 1);
	*value = v * mult;
	*tol = 0.5 * pow(10, exp10 - decimals) * mult * (1 + 1e-9);
	return 0;
}

static void copy_field(const struct ini_file *f, const char *key, char *dst, size_t len)
{
	int line;
	const char *s = ini_get(f, "scene", key, &line);
	err_clean(dst, len, s ? s : "");
}

int scenefile_load(struct scene_file *sf, const char *path, const struct param_spec *specs,
		   char *err, size_t errlen)
{
	struct ini_file *f = malloc(sizeof *f);
	int line, rc = -1;
	const char *why, *s;
	long long order;
	if (!f) {
		err_set(err, errlen, path, 0, NULL, NULL, "out of memory");
		return -1;
	}
	memset(sf, 0, sizeof *sf);
	snprintf(sf->path, sizeof sf->path, "%s", path);
	if (ini_open(f, path, err, errlen) < 0)
		goto out;
	copy_field(f, "id", sf->id, sizeof sf->id);
	copy_field(f, "title", sf->title, sizeof sf->title);
	copy_field(f, "lesson", sf->lesson, sizeof sf->lesson);
	copy_field(f, "model", sf->model, sizeof sf->model);
	ini_get(f, "scene", "model", &sf->model_line);
	copy_field(f, "preset", sf->preset, sizeof sf->preset);
	copy_field(f, "compare", sf->compare, sizeof sf->compare);
	s = ini_get(f, "scene", "second_model", &line);
	if (s) {
		static const char *const names[] = {[SECOND_NONE] = "none", [SECOND_BARS] = "bars", [SECOND_SCENE] = "scene"};
		int found = -1;
		for (int k = 0; k < (int)(sizeof names / sizeof names[0]); k++)
			if (!strcmp(s, names[k]))
				found = k;
		if (found < 0 || (found == SECOND_BARS && !sf->compare[0])) {
			err_set(err, errlen, path, line, "scene", "second_model",
				found < 0 ? "takes none, bars or scene" : "bars needs the keys to compare (compare = ...)");
			goto out;
		}
		sf->second = (enum second_model)found;
	}
	s = ini_get(f, "scene", "order", &line);
	if (!sf->id[0] || !sf->title[0]) {
		err_set(err, errlen, path, ini_section_line(f, "scene"), "scene", sf->id[0] ? "title" : "id",
			"missing (required)");
		goto out;
	}
	if (!s || num_int(s, 1, 99, &order, &why) < 0) {
		err_set(err, errlen, path, line, "scene", "order", "%s", s ? why : "missing (required)");
		goto out;
	}
	sf->order = (int)order;
	for (int i = 0; specs && specs[i].name; i++) {
		char why_buf[200];
		struct param_value pv;
		s = ini_get(f, "params", specs[i].name, &line);
		if (!s) {
			err_set(err, errlen, path, ini_section_line(f, "params"), "params", specs[i].name,
				"missing default");
			goto out;
		}
		if (param_parse(&specs[i], s, &pv, why_buf, sizeof why_buf) < 0) {
			err_set(err, errlen, path, line, "params", specs[i].name, "%s", why_buf);
			goto out;
		}
		param_value_free(&pv);   /* only validated here; the driver parses it per run */
		snprintf(sf->param_text[i], sizeof sf->param_text[i], "%s", s);
		sf->param_line[i] = line;
	}
	for (int i = 0; i < f->nkeys; i++) {
		const struct ini_key *k = &f->keys[i];
		if (!strcmp(k->section, "params")) {
			int known = 0;
			for (int j = 0; specs && specs[j].name; j++)
				known |= !strcmp(specs[j].name, k->key);
			if (!known) {
				err_set(err, errlen, path, k->line, "params", k->key, "not a parameter of this scene");
				goto out;
			}
		} else if (!strcmp(k->section, "figures")) {
			struct figure *fig = &sf->figures[sf->nfigures];
			if (sf->nfigures >= SCENEFILE_MAX_FIGURES) {
				err_set(err, errlen, path, k->line, "figures", k->key, "too many figures");
				goto out;
			}
			s = ini_get(f, "figures", k->key, &line);
			if (!s || figure_parse(s, &fig->value, &fig->tol) < 0) {
				err_set(err, errlen, path, k->line, "figures", k->key, "not a figure (a number and a unit)");
				goto out;
			}
			snprintf(fig->key, sizeof fig->key, "%s", k->key);
			snprintf(fig->text, sizeof fig->text, "%s", s);
			fig->line = k->line;
			sf->nfigures++;
		} else if (strcmp(k->section, "scene")) {
			err_set(err, errlen, path, k->line, k->section, k->key, "unknown section");
			goto out;
		}
	}
	rc = 0;
out:
	ini_close(f);
	free(f);
	return rc;
}
