#include "scene/driver.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scene/registry.h"
#include "util/err.h"
#include "util/paths.h"
#include "util/xmalloc.h"

static int refresh_compare(struct run *r, char *err, size_t errlen);

static int def_cmp(const void *a, const void *b)
{
	return ((const struct scene_def *)a)->file.order - ((const struct scene_def *)b)->file.order;
}

/* The scene files as a batch read them first (registry_keep): each of its
 * commands gets a copy, and none reads them again. */
static struct registry kept;
static int keeping;

static void kept_free(void)
{
	registry_free(&kept);
}

void registry_keep(void)
{
	if (!keeping)
		atexit(kept_free);
	keeping = 1;
}

static void registry_copy(struct registry *to, const struct registry *from)
{
	to->n = from->n;
	to->defs = xcalloc((size_t)from->n, sizeof *to->defs);
	memcpy(to->defs, from->defs, (size_t)from->n * sizeof *to->defs);
}

static int registry_read(struct registry *reg, char *err, size_t errlen);

int registry_load(struct registry *reg, char *err, size_t errlen)
{
	if (keeping && kept.n) {
		registry_copy(reg, &kept);
		return 0;
	}
	if (registry_read(reg, err, errlen) < 0)
		return -1;
	if (keeping)
		registry_copy(&kept, reg);
	return 0;
}

static int registry_read(struct registry *reg, char *err, size_t errlen)
{
	struct dirlist dirs;
	char path[PATHS_LEN + 80];
	memset(reg, 0, sizeof *reg);
	paths_scene_dirs(&dirs);
	reg->defs = xcalloc(scene_class_count, sizeof *reg->defs);
	for (size_t i = 0; i < scene_class_count; i++) {
		const struct scene_class *cls = scene_classes[i];
		int found = 0;
		for (int d = 0; d < dirs.n && !found; d++) {
			snprintf(path, sizeof path, "%s/%s.ini", dirs.dir[d], cls->id);
			if (!paths_is_file(path))
				continue;
			found = 1;
			if (scenefile_load(&reg->defs[reg->n].file, path, cls->params, err, errlen) < 0)
				goto fail;
			if (strcmp(reg->defs[reg->n].file.id, cls->id)) {
				err_set(err, errlen, path, 0, "scene", "id", "is '%s', the file name says '%s'",
					reg->defs[reg->n].file.id, cls->id);
				goto fail;
			}
			/* The order is the scene's number: two files with one number make "4" ambiguous. */
			for (int j = 0; j < reg->n; j++)
				if (reg->defs[j].file.order == reg->defs[reg->n].file.order) {
					err_set(err, errlen, path, 0, "scene", "order", "%d is also the order of %s",
						reg->defs[j].file.order, reg->defs[j].file.path);
					goto fail;
				}
		}
		if (!found) {
			err_set(err, errlen, NULL, 0, NULL, NULL,
				"scene file %s.ini not found (looked in %s%s; set ATTNVIZ_SCENES)", cls->id,
				dirs.n ? dirs.dir[0] : "", dirs.n > 1 ? " and others" : "");
			goto fail;
		}
		reg->defs[reg->n++].cls = cls;
	}
	qsort(reg->defs, (size_t)reg->n, sizeof *reg->defs, def_cmp);
	return 0;
fail:
	registry_free(reg);
	return -1;
}

void registry_free(struct registry *reg)
{
	free(reg->defs);
	memset(reg, 0, sizeof *reg);
}

const struct scene_def *registry_find(const struct registry *reg, const char *s)
{
	int all_digits = *s != 0;
	for (const char *p = s; *p; p++)
		all_digits &= isdigit((unsigned char)*p) != 0;
	for (int i = 0; i < reg->n; i++) {
		if (all_digits && strlen(s) < 4 && atoi(s) == reg->defs[i].file.order)
			return &reg->defs[i];
		if (!strcmp(s, reg->defs[i].cls->id))
			return &reg->defs[i];
	}
	return NULL;
}

int registry_index(const struct registry *reg, const struct scene_def *def)
{
	return (int)(def - reg->defs);
}

void registry_two_models(const struct registry *reg, char *buf, size_t len)
{
	size_t used = 0;
	if (len)
		buf[0] = 0;
	for (int i = 0; i < reg->n && used < len; i++)
		if (reg->defs[i].file.second != SECOND_NONE) {
			int n = snprintf(buf + used, len - used, "%s%s", used ? ", " : "", reg->defs[i].cls->id);
			used += n > 0 ? (size_t)n : 0;
		}
}

int scene_measures(const struct scene_def *def)
{
	return def->cls->measure != NULL;
}

/* The second model is shown here (a scene whose file says how). */
static int shows_second(const struct run *r)
{
	return r->have_model2 && r->def->file.second != SECOND_NONE;
}

/* The scene file's model; its error says where the scene file named it
 * ("memory.ini:7: [scene] model: gemma.gguf: ..."), as a lesson plan's does. */
static int scene_model_load(struct model *m, const struct scene_file *sf,
			    char *err, size_t errlen)
{
	char why[600];
	if (model_find_load(m, sf->model, why, sizeof why) == 0)
		return 0;
	err_set(err, errlen, sf->path, sf->model_line, "scene", "model", "%s",
		why);
	return -1;
}

/* The lesson's figures hold for m on this scene: the shipped INI of the scene's model. */
static int is_lesson_model(const struct run *r, const struct model *m)
{
	return !strcmp(m->id, r->def->file.model) && m->format == MODEL_INI;
}

/* A fresh state at step 0 for the given parameters and model m (NULL: none),
 * is_default saying m is the lesson's; the second model goes to a scene
 * that draws both itself. */
static void *state_new_as(const struct run *r, const struct params *p, const struct model *m, int is_default,
			  char *err, size_t errlen)
{
	const struct scene_class *cls = r->def->cls;
	void *st = xcalloc(1, cls->state_size);
	struct scene_env env = {
		.p = p,
		.model = m,
		.model_is_default = is_default,
		.lesson_defaults = params_at_default(p) && (!m || is_default),
		.preset = r->have_preset ? &r->preset : NULL,
		.model2 = m == &r->model && shows_second(r) && r->def->file.second == SECOND_SCENE ? &r->model2 : NULL,
		.runs_before = r->starts,
	};
	if (cls->init(st, &env, err, errlen) < 0) {
		if (cls->fini)
			cls->fini(st);
		free(st);
		return NULL;
	}
	return st;
}

/* err, prefixed with the second model's name: -1. */
static int second_failed(const struct run *r, char *err, size_t errlen)
{
	char why[600];
	snprintf(why, sizeof why, "%s", err);
	snprintf(err, errlen, "second model %s: %s", r->model2.name, why);
	return -1;
}

/* A fresh state at step 0 for the given parameters and the run's model. */
static void *state_new(const struct run *r, const struct params *p, char *err, size_t errlen)
{
	return state_new_as(r, p, r->have_model ? &r->model : NULL, r->model_is_default, err, errlen);
}

static void state_free(const struct run *r, void *st)
{
	if (!st)
		return;
	if (r->def->cls->fini)
		r->def->cls->fini(st);
	free(st);
}

/* 0, or -1 when out of memory. */
static int params_defaults(struct params *p, const struct scene_def *def)
{
	char why[600];
	memset(p, 0, sizeof *p);
	p->specs = def->cls->params;
	for (int i = 0; p->specs && p->specs[i].name && i < PARAM_MAX; i++) {
		/* scenefile_load already parsed these: they cannot fail here. */
		if (param_parse(&p->specs[i], def->file.param_text[i], &p->def[i], why, sizeof why) < 0)
			return -1;   /* out of memory */
		p->def[i].is_default = 1;
		if (param_value_copy(&p->val[i], &p->def[i],
				     p->specs[i].kind == PARAM_VECS ? p->specs[i].dim : 1) < 0)
			return -1;
		p->n++;
	}
	return 0;
}

int run_open(struct run *r, const struct scene_def *def, const struct model *user_model,
	     char *err, size_t errlen)
{
	memset(r, 0, sizeof *r);
	r->def = def;
	if (params_defaults(&r->params, def) < 0) {
		params_free(&r->params);
		err_set(err, errlen, NULL, 0, NULL, NULL, "out of memory");
		return -1;
	}
	if (!strcmp(def->file.model, "-")) {
		/* A scene that uses a model only when one is loaded (its own parameters otherwise). */
		if (user_model) {
			r->model = *user_model;
			r->have_model = 1;
		}
		r->model_is_default = !user_model;
	} else if (def->file.model[0]) {
		if (user_model) {
			r->model = *user_model;
			/* The lesson's figures belong to the shipped INI description: a
			 * config.json or GGUF of the same model counts its parameters
			 * exactly (8030261248, not the lesson's 8.03e9). */
			r->model_is_default = !strcmp(user_model->id, def->file.model) && user_model->format == MODEL_INI;
		} else {
			if (scene_model_load(&r->model, &def->file, err,
					     errlen) < 0) {
				params_free(&r->params);
				return -1;
			}
			r->model_is_default = 1;
		}
		r->have_model = 1;
	}
	if (def->file.preset[0]) {
		/* Read once here, never in the scene's init (which replays on every step back).
		 * Without the file the scene still works, minus the preset. */
		char perr[600];
		r->have_preset = model_find_load(&r->preset, def->file.preset, perr, sizeof perr) == 0;
	}
	r->st = state_new(r, &r->params, err, errlen);
	if (!r->st) {
		params_free(&r->params);
		return -1;
	}
	r->nsteps = def->cls->nsteps(r->st);
	return 0;
}

static void drop_sums(struct run *r)
{
	if (r->sums) {
		summary_free(&r->sums[0]);
		summary_free(&r->sums[1]);
	}
	free(r->sums);
	r->sums = NULL;
}

void run_close(struct run *r)
{
	if (r->def)
		state_free(r, r->st);
	r->st = NULL;
	free(r->cmp);
	r->cmp = NULL;
	drop_sums(r);
	params_free(&r->params);
}

/* The run's steps: the scene's, or with two models compared as bars one
 * step for each compared key at least, so → reaches every row. */
static int steps_of(const struct run *r)
{
	int n = r->def->cls->nsteps(r->st);
	return r->cmp && r->cmp->n - 1 > n ? r->cmp->n - 1 : n;
}

/* Swap in a new state built from p (and the run's current model).  p is
 * the run's own parameters, or new ones the run takes over on success
 * (p is then left empty; on failure it stays the caller's). */
static int restart_with(struct run *r, struct params *p, char *err, size_t errlen)
{
	/* A second model compared as bars must open at these parameters too,
	 * or its rows could not be built: refused now, nothing changed. */
	if (shows_second(r) && r->def->file.second == SECOND_BARS) {
		void *st2 = state_new_as(r, p, &r->model2, is_lesson_model(r, &r->model2), err, errlen);
		if (!st2)
			return second_failed(r, err, errlen);
		state_free(r, st2);
	}
	void *st = state_new(r, p, err, errlen);
	if (!st)
		return -1;
	state_free(r, r->st);
	r->st = st;
	r->st_begun = 0;
	if (p != &r->params) {
		params_free(&r->params);
		r->params = *p;
		memset(p, 0, sizeof *p);
	}
	r->step = 0;
	r->nsteps = steps_of(r);
	return 0;
}

int run_set_many(struct run *r, const char *const *assignments, int n, int skip_unknown, char *err,
		 size_t errlen)
{
	struct params *p = xmalloc(sizeof *p);
	if (params_copy(p, &r->params) < 0) {
		free(p);
		err_set(err, errlen, NULL, 0, NULL, NULL, "out of memory");
		return -1;
	}
	int rc = 0;
	for (int i = 0; i < n && rc == 0; i++) {
		const char *eq = strchr(assignments[i], '=');
		char key[64];
		size_t kl = eq ? (size_t)(eq - assignments[i]) : 0;
		if (skip_unknown && eq && kl < sizeof key) {
			memcpy(key, assignments[i], kl);
			key[kl] = 0;
			if (params_find(p, key) < 0)
				continue;
		}
		rc = params_set(p, assignments[i], err, errlen);
	}
	/* Validated together: init sees every new value at once, so paired
	 * parameters (online-row's scores and values) can change length. */
	if (rc == 0) {
		int keep = r->step;
		rc = restart_with(r, p, err, errlen);
		if (rc == 0) {
			run_goto(r, keep);
			rc = refresh_compare(r, err, errlen);
		}
	}
	params_free(p);
	free(p);
	return rc;
}

int run_set(struct run *r, const char *assignment, char *err, size_t errlen)
{
	return run_set_many(r, &assignment, 1, 0, err, errlen);
}

int run_set_line(struct run *r, const char *line, char *err, size_t errlen)
{
	char buf[1024];
	const char *parts[PARAM_MAX * 2];
	int n = 0;
	if (strlen(line) >= sizeof buf) {
		err_set(err, errlen, NULL, 0, NULL, NULL, "line too long");
		return -1;
	}
	strcpy(buf, line);
	for (char *tok = strtok(buf, " \t"); tok; tok = strtok(NULL, " \t")) {
		if (n == (int)(sizeof parts / sizeof parts[0])) {
			err_set(err, errlen, NULL, 0, NULL, NULL, "too many assignments (at most %d)", n);
			return -1;
		}
		parts[n++] = tok;
	}
	return run_set_many(r, parts, n, 0, err, errlen);
}

int run_reset_params(struct run *r, char *err, size_t errlen)
{
	struct params *p = xmalloc(sizeof *p);
	if (params_copy(p, &r->params) < 0) {
		free(p);
		err_set(err, errlen, NULL, 0, NULL, NULL, "out of memory");
		return -1;
	}
	for (int i = 0; i < p->n; i++) {
		int dim = p->specs[i].kind == PARAM_VECS ? p->specs[i].dim : 1;
		param_value_free(&p->val[i]);
		if (param_value_copy(&p->val[i], &p->def[i], dim) < 0) {
			params_free(p);
			free(p);
			err_set(err, errlen, NULL, 0, NULL, NULL, "out of memory");
			return -1;
		}
	}
	int rc = restart_with(r, p, err, errlen);
	params_free(p);
	free(p);
	return rc == 0 ? refresh_compare(r, err, errlen) : rc;
}

int run_set_model(struct run *r, const struct model *m, char *err, size_t errlen)
{
	if (!r->def->file.model[0]) {
		err_set(err, errlen, NULL, 0, NULL, NULL, "this scene uses no model");
		return -1;
	}
	struct model *old = xmalloc(sizeof *old);
	*old = r->model;
	int old_default = r->model_is_default, old_have = r->have_model, rc = 0;
	if (!strcmp(r->def->file.model, "-")) {
		if (m)
			r->model = *m;
		r->have_model = m != NULL;
		r->model_is_default = m == NULL;
	} else if (m) {
		r->model = *m;
		r->model_is_default = !strcmp(m->id, r->def->file.model) && m->format == MODEL_INI;
	} else {
		rc = scene_model_load(&r->model, &r->def->file, err, errlen);
		r->model_is_default = 1;
	}
	if (rc == 0)
		rc = restart_with(r, &r->params, err, errlen);
	if (rc < 0) {
		r->model = *old;
		r->model_is_default = old_default;
		r->have_model = old_have;
	}
	free(old);
	return rc == 0 ? refresh_compare(r, err, errlen) : rc;
}

int run_set_model2(struct run *r, const struct model *m, char *err, size_t errlen)
{
	struct model *old = xmalloc(sizeof *old);
	*old = r->model2;
	int old_have = r->have_model2, keep = r->step, rc = 0;
	if (m)
		r->model2 = *m;
	r->have_model2 = m != NULL;
	/* The second model must open this scene on its own (its @2 keys come
	 * from such a run); only a scene that draws both itself has a state
	 * that depends on it. */
	if (m && r->def->file.second != SECOND_NONE) {
		void *st2 = state_new_as(r, &r->params, &r->model2, is_lesson_model(r, &r->model2), err, errlen);
		rc = st2 ? 0 : second_failed(r, err, errlen);
		state_free(r, st2);
	}
	if (rc == 0 && r->def->file.second == SECOND_SCENE)
		rc = restart_with(r, &r->params, err, errlen);
	if (rc == 0) {
		run_goto(r, keep);
		rc = refresh_compare(r, err, errlen);
	}
	if (rc < 0) {
		/* Back to the run without it (its comparison rebuilt as before). */
		char ignored[600];
		r->model2 = *old;
		r->have_model2 = old_have;
		if (r->def->file.second == SECOND_SCENE)
			restart_with(r, &r->params, ignored, sizeof ignored);
		refresh_compare(r, ignored, sizeof ignored);
		run_goto(r, keep);
	}
	free(old);
	return rc;
}

int run_second_ignored(const struct run *r)
{
	return r->have_model2 && r->def->file.second == SECOND_NONE;
}

void run_goto(struct run *r, int k)
{
	if (k < 0)
		k = 0;
	if (k > r->nsteps)
		k = r->nsteps;
	if (k < r->step) {
		char err[256];
		/* Back: rebuild step 0 and replay.  init succeeded before with these
		 * parameters, so it succeeds again. */
		if (restart_with(r, &r->params, err, sizeof err) < 0)
			return;
	}
	while (r->step < k) {
		/* past the scene's own last step (more compared keys than steps) the state stays */
		if (r->def->cls->step && r->step < r->def->cls->nsteps(r->st))
			r->def->cls->step(r->st);
		r->step++;
	}
}

/* The note that a second model is loaded but not shown: after the
 * narration when it fits the pane, else on the state pane's last row. */
static void note_ignored(const struct run *r, struct view *v)
{
	char note[256];
	int width = view_narration_width(v);
	size_t used = strlen(v->narration);
	int n = snprintf(note, sizeof note, "%s(%.127s, the second model, is not shown: this scene takes one model.)",
			 used ? " " : "", r->model2.name);
	if (n > 0 && used + (size_t)n < sizeof v->narration) {
		memcpy(v->narration + used, note, (size_t)n + 1);
		if (canvas_wrap_lines(width, v->narration) <= 3)
			return;
		v->narration[used] = 0;   /* it does not fit: the narration as it was */
	}
	canvas_fill(v->side, 0, v->side->h - 1, v->side->w, 1, ' ', ROLE_NORMAL);
	canvas_printf_whole(v->side, 0, v->side->h - 1, ROLE_HOT, "2nd model not shown here");
}

/* The scene's own frames into step k, none where it draws no move. */
static int tween_of(const struct run *r, int k)
{
	const struct scene_class *cls = r->def->cls;
	if (!cls->tween || r->cmp || k < 1 || k > cls->nsteps(r->st))
		return 0;
	int n = cls->tween(r->st, k);
	return n > 0 ? n : 0;
}

int run_tween_frames(const struct run *r)
{
	return tween_of(r, r->step);
}

long long run_tween_total(const struct run *r, int first, int last)
{
	long long n = 0;
	for (int k = first + 1; k <= last; k++)
		n += tween_of(r, k);
	return n;
}

void run_render(const struct run *r, struct view *v)
{
	run_render_tween(r, v, 0);
}

void run_render_tween(const struct run *r, struct view *v, int i)
{
	int n = run_tween_frames(r);
	/* the end state unless i is one of the frames in between */
	v->frames = i >= 1 && i <= n ? n + 1 : 0;
	v->frame = v->frames ? i : 0;
	canvas_clear(v->pic);
	canvas_clear(v->side);
	v->narration[0] = 0;
	/* past the scene's own last step (more compared keys than steps) the
	 * scene draws its last step: its state stays there */
	int own = r->def->cls->nsteps(r->st);
	v->step = r->step < own ? r->step : own;
	v->compared = r->cmp != NULL;
	r->def->cls->render(r->st, v);
	v->step = r->step;
	if (r->cmp) {
		/* Both models: the compared keys replace the one model's picture. */
		canvas_clear(v->pic);
		v->narration[0] = 0;
		compare_render(r->cmp, v, r->step);
	} else if (run_second_ignored(r))
		note_ignored(r, v);
}

/* A state of model m stepped to the end, for summary, print and dump. */
static void *state_at_end_as(const struct run *r, const struct model *m, int is_default, char *err, size_t errlen)
{
	void *st = state_new_as(r, &r->params, m, is_default, err, errlen);
	if (!st)
		return NULL;
	for (int i = r->def->cls->nsteps(st); i > 0 && r->def->cls->step; i--)
		r->def->cls->step(st);
	const struct scene_measure *ms =
		r->unmeasured ? NULL : r->def->cls->measure;
	if (ms && ms->start(st, err, errlen) < 0) {
		state_free(r, st);
		return NULL;
	}
	if (ms)
		ms->wait(st);
	return st;
}

static void *state_at_end(const struct run *r, char *err, size_t errlen)
{
	return state_at_end_as(r, r->have_model ? &r->model : NULL, r->model_is_default, err, errlen);
}

void run_summary_now(const struct run *r, struct summary *s)
{
	r->def->cls->summary(r->st, s);
}

int run_busy(const struct run *r)
{
	return scene_measures(r->def) && r->def->cls->measure->busy(r->st);
}

int run_restart(struct run *r, char *err, size_t errlen)
{
	int rc = restart_with(r, &r->params, err, errlen);
	return rc == 0 ? refresh_compare(r, err, errlen) : rc;
}

int run_start(struct run *r, char *err, size_t errlen)
{
	if (!scene_measures(r->def))
		return 0;
	if (r->def->cls->measure->start(r->st, err, errlen) < 0)
		return -1;
	/* A state begins once (a second start does nothing): counted once. */
	r->starts += !r->st_begun;
	r->st_begun = 1;
	return 0;
}

void run_cancel(struct run *r)
{
	if (scene_measures(r->def))
		r->def->cls->measure->cancel(r->st);
}

/*
 * At the lesson's parameters and model, the lesson's printed figures become
 * the expected values (how = lesson).  A value that also had a formula or
 * reference check keeps its verdict (a failure stays a failure) and says in
 * its explanation what that check found, since the lesson's figure now
 * takes the expected column.
 */
static void check_figures(const struct run *r, struct summary *s)
{
	const struct scene_file *f = &r->def->file;
	for (int i = 0; i < f->nfigures; i++) {
		const struct figure *fig = &f->figures[i];
		struct summary_item *it = summary_find(s, fig->key);
		if (!it) {
			/* A figure the scene does not compute is a broken scene file. */
			summary_check_real(s, HOW_LESSON, NAN, fig->value, fig->tol, "missing.%s", fig->key);
			summary_explain(s, "the scene file lists a lesson figure for %s, but the scene computes no such key", fig->key);
			continue;
		}
		if (it->has_expected && !it->from_lesson && it->how != HOW_LESSON) {
			char e[64];
			summary_format_value(it, 1, e, sizeof e);
			sum_explain_item(s, it, "also checked by %s: expected %s, %s", summary_how_name(it->how), e,
					 it->status == SUMMARY_FAIL ? "FAIL" : "ok");
		}
		int ok = fabs(it->val - fig->value) <= fig->tol || it->val == fig->value;
		it->has_expected = 1;
		it->from_lesson = 1;
		it->how = HOW_LESSON;
		it->exp = fig->value;
		it->exp_is_int = it->is_int && fig->value == floor(fig->value) && fig->tol <= 0.5 * (1 + 1e-9);
		it->iexp = (int64_t)fig->value;
		it->tol = fig->tol;
		if (it->status != SUMMARY_FAIL)
			it->status = ok ? SUMMARY_OK : SUMMARY_FAIL;
	}
}

/* One model's summary: a fresh state stepped to the end, the lesson's
 * figures checked where they hold for that model. */
static int summary_of(const struct run *r, const struct model *m, int is_default, struct summary *s, char *err,
		      size_t errlen)
{
	void *st = state_at_end_as(r, m, is_default, err, errlen);
	if (!st)
		return -1;
	r->def->cls->summary(st, s);
	state_free(r, st);
	if (params_at_default(&r->params) && (!m || is_default))
		check_figures(r, s);
	return 0;
}

int run_summary_last(struct run *r, struct summary *s, char *err, size_t errlen)
{
	const struct scene_class *cls = r->def->cls;
	if (r->sums || shows_second(r) || !r->st || r->step != 0 || r->st_begun)
		return run_summary(r, s, err, errlen);
	/* The run's state was made as state_at_end would make it (state_new:
	 * the run's parameters and model, nothing measured yet): stepped to its
	 * end here, it is that state, built once instead of twice. */
	for (int i = cls->nsteps(r->st); i > 0 && cls->step; i--)
		cls->step(r->st);
	r->step = cls->nsteps(r->st);
	const struct scene_measure *ms = r->unmeasured ? NULL : cls->measure;
	if (ms) {
		if (ms->start(r->st, err, errlen) < 0)
			return -1;
		ms->wait(r->st);
		r->starts++;
		r->st_begun = 1;
	}
	cls->summary(r->st, s);
	if (params_at_default(&r->params) &&
	    (!r->have_model || r->model_is_default))
		check_figures(r, s);
	return 0;
}

int run_summary(const struct run *r, struct summary *s, char *err, size_t errlen)
{
	if (r->sums) {
		/* Both models' summaries as refresh_compare made them at these
		 * parameters: never computed a second time. */
		struct summary c1, c2;
		if (summary_copy(&c1, &r->sums[0]) < 0 || summary_copy(&c2, &r->sums[1]) < 0) {
			summary_free(&c1);
			err_set(err, errlen, NULL, 0, NULL, NULL, "out of memory");
			return -1;
		}
		summary_take(s, &c1, "");
		summary_take(s, &c2, "@2");
		return 0;
	}
	if (summary_of(r, r->have_model ? &r->model : NULL, r->model_is_default, s, err, errlen) < 0)
		return -1;
	if (shows_second(r)) {
		/* The second model's keys are a run of that model alone, renamed:
		 * checked exactly as its own --summary checks them. */
		struct summary s2;
		summary_init(&s2);
		if (summary_of(r, &r->model2, is_lesson_model(r, &r->model2), &s2, err, errlen) < 0) {
			summary_free(&s2);
			return -1;
		}
		summary_take(s, &s2, "@2");
	}
	return 0;
}

/* Rebuild the comparison of the two models' keys (second_model = bars),
 * once per change of parameters or models, never per step.  A summary that
 * cannot be made is the caller's error (the TUI shows it, the command line
 * exits 2): the run is left without a comparison. */
static int refresh_compare(struct run *r, char *err, size_t errlen)
{
	struct summary a, b;
	int rc = 0;
	free(r->cmp);
	r->cmp = NULL;
	drop_sums(r);
	if (!shows_second(r) || r->def->file.second != SECOND_BARS || !r->have_model) {
		r->nsteps = steps_of(r);
		run_goto(r, r->step);   /* clamped to the steps left */
		return 0;
	}
	summary_init(&a);
	summary_init(&b);
	if (summary_of(r, &r->model, r->model_is_default, &a, err, errlen) < 0)
		rc = -1;
	else if (summary_of(r, &r->model2, is_lesson_model(r, &r->model2), &b, err, errlen) < 0)
		rc = second_failed(r, err, errlen);
	else {
		r->cmp = xmalloc(sizeof *r->cmp);
		compare_build(r->cmp, r->def->file.compare, &a, &b, r->model.name, r->model2.name);
		r->sums = xmalloc(2 * sizeof *r->sums);
		r->sums[0] = a;
		r->sums[1] = b;
	}
	r->nsteps = steps_of(r);
	if (!r->sums) {
		summary_free(&a);
		summary_free(&b);
	}
	return rc;
}

int run_print(const struct run *r, FILE *out, char *err, size_t errlen)
{
	void *st = state_at_end(r, err, errlen);
	if (!st)
		return -1;
	r->def->cls->print(st, out);
	state_free(r, st);
	return 0;
}

int run_dump(const struct run *r, const char *dir, char *err, size_t errlen)
{
	if (!r->def->cls->dump) {
		err_set(err, errlen, NULL, 0, NULL, NULL, "scene %s has no tensors to dump", r->def->cls->id);
		return -1;
	}
	void *st = state_at_end(r, err, errlen);
	if (!st)
		return -1;
	int rc = r->def->cls->dump(st, dir, err, errlen);
	state_free(r, st);
	return rc;
}
