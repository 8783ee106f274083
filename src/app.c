#include "app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/err.h"
#include "util/xmalloc.h"

/* Every --set must name a parameter of at least one of the chosen scenes. */
static int sets_known(const struct app *a, const struct cli_options *o, char *err, size_t errlen)
{
	for (int i = 0; i < o->nsets; i++) {
		const char *eq = strchr(o->sets[i], '=');
		size_t kl = eq ? (size_t)(eq - o->sets[i]) : 0;
		int found = 0;
		if (!eq)
			continue;   /* params_set reports the malformed assignment */
		for (int s = 0; s < a->reg.n && !found; s++) {
			if (a->scene && &a->reg.defs[s] != a->scene)
				continue;
			for (const struct param_spec *p = a->reg.defs[s].cls->params; p && p->name; p++)
				if (strlen(p->name) == kl && !strncmp(p->name, o->sets[i], kl))
					found = 1;
		}
		if (!found) {
			char key[64];
			snprintf(key, sizeof key, "%.*s", (int)(kl < 60 ? kl : 60), o->sets[i]);
			err_set(err, errlen, NULL, 0, NULL, key, "unknown parameter (no chosen scene has it)");
			return -1;
		}
	}
	return 0;
}

int app_prepare(struct app *a, const struct cli_options *o, char *err, size_t errlen)
{
	memset(a, 0, sizeof *a);
	if (registry_load(&a->reg, err, errlen) < 0)
		return -1;
	if (o->model) {
		a->model = xmalloc(sizeof *a->model);
		if (model_find_load(a->model, o->model, err, errlen) < 0)
			goto fail;
		if (a->model->warning[0])
			err_print_warning(a->model->warning);
	}
	if (o->model2) {
		a->model2 = xmalloc(sizeof *a->model2);
		if (model_find_load(a->model2, o->model2, err, errlen) < 0)
			goto fail;
		if (a->model2->warning[0])
			err_print_warning(a->model2->warning);
	}
	/* --check runs every scene at its defaults; "all" names no one scene. */
	if (o->scene && o->mode != MODE_CHECK && (o->mode == MODE_TUI || strcmp(o->scene, "all"))) {
		if (!(a->scene = registry_find(&a->reg, o->scene))) {
			char shown[64];
			err_clean(shown, sizeof shown, o->scene);
			err_set(err, errlen, NULL, 0, NULL, NULL, "unknown scene '%s' (see attnviz --list)", shown);
			goto fail;
		}
	}
	if (o->lesson) {
		a->lesson = xmalloc(sizeof *a->lesson);
		if (lesson_load(a->lesson, o->lesson, &a->reg, a->model, err, errlen) < 0)
			goto fail;
	}
	/* On the command line a named scene that shows one model refuses a
	 * second (DESIGN section 2: -m twice on the model-driven scenes); "all"
	 * shows it on those that compare, the terminal program with a note. */
	if (a->model2 && a->scene && o->mode != MODE_TUI && o->mode != MODE_FIT && a->scene->file.second == SECOND_NONE) {
		char two[300];
		registry_two_models(&a->reg, two, sizeof two);
		err_set(err, errlen, NULL, 0, NULL, NULL, "a second -m goes with the scenes that compare two models "
			"(%s), not %s", two, a->scene->cls->id);
		goto fail;
	}
	/* One scene reports an unknown key itself, with its own id. */
	/* --fit validates its own keys (src/cli/fit.c). */
	if (o->mode != MODE_CHECK && o->mode != MODE_FIT && !a->scene && sets_known(a, o, err, errlen) < 0)
		goto fail;
	return 0;
fail:
	app_free(a);
	return -1;
}

void app_free(struct app *a)
{
	if (a->lesson)
		lesson_free(a->lesson);
	free(a->lesson);
	free(a->model);
	free(a->model2);
	registry_free(&a->reg);
	memset(a, 0, sizeof *a);
}

int app_open_run(const struct app *a, struct run *r, const struct scene_def *def, const struct cli_options *o,
		 int only_known, char *err, size_t errlen)
{
	if (run_open(r, def, a->model, err, errlen) < 0)
		return -1;
	if (a->model2 && run_set_model2(r, a->model2, err, errlen) < 0) {
		run_close(r);
		return -1;
	}
	if (o->nsets && run_set_many(r, o->sets, o->nsets, only_known, err, errlen) < 0) {
		char scoped[600];
		snprintf(scoped, sizeof scoped, "%s: %s", def->cls->id, err);
		snprintf(err, errlen, "%s", scoped);
		run_close(r);
		return -1;
	}
	return 0;
}
