#include "scene/lesson.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "panes.h"
#include "util/err.h"
#include "util/ini.h"
#include "util/num.h"
#include "util/pace.h"
#include "util/xmalloc.h"

/* The keys each kind of section takes: anything else is a typo to report. */
static const char *const lesson_keys[] = {"title", "model", "pace", NULL};
static const char *const item_keys[] = {"scene", "step", "set", "until", "note", NULL};

static int key_known(const char *const *keys, const char *key)
{
	for (; *keys; keys++)
		if (!strcmp(*keys, key))
			return 1;
	return 0;
}

/* An item's number from its section name: 1 .. LESSON_MAX_ITEMS written
 * plainly ("1", not "01"), else 0. */
static int item_number(const char *name)
{
	if (!isdigit((unsigned char)name[0]) || name[0] == '0' || strlen(name) > 3)
		return 0;
	for (const char *p = name; *p; p++)
		if (!isdigit((unsigned char)*p))
			return 0;
	int n = atoi(name);
	return n <= LESSON_MAX_ITEMS ? n : 0;
}

static int is_name_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Trim blanks at both ends of [s, e) into dst. */
static size_t trimmed(const char *s, const char *e, char *dst)
{
	while (s < e && isspace((unsigned char)*s))
		s++;
	while (e > s && isspace((unsigned char)e[-1]))
		e--;
	memcpy(dst, s, (size_t)(e - s));
	dst[e - s] = 0;
	return (size_t)(e - s);
}

int lesson_split_set(const char *value, char *buf, size_t bufsz, const char **out, int max)
{
	int n = 0;
	size_t used = 0;
	const char *start = value;
	if (strlen(value) + 1 > bufsz)
		return -1;
	for (const char *p = value;; p++) {
		int cut = !*p;
		if (*p == ',') {
			/* a comma starts the next assignment only when KEY= follows it */
			const char *q = p + 1;
			while (*q == ' ' || *q == '\t')
				q++;
			const char *k = q;
			while (is_name_char(*q))
				q++;
			cut = q > k && *q == '=';
		}
		if (!cut)
			continue;
		char *dst = buf + used;
		size_t len = trimmed(start, p, dst);
		if (len) {
			if (n == max)
				return -1;
			out[n++] = dst;
			used += len + 1;
		}
		if (!*p)
			break;
		start = p + 1;
	}
	return n;
}

/* A count of steps: digits only, within 0 .. INT_MAX / 2. */
static int parse_step(const char *v, int *out)
{
	char *end;
	errno = 0;
	long x = strtol(v, &end, 10);
	if (errno || end == v || *end || x < 0 || x > INT_MAX / 2 || !isdigit((unsigned char)v[0]))
		return -1;
	*out = (int)x;
	return 0;
}

int lesson_open_item(const struct lesson *l, int i, const struct model *m, struct run *r, char *err, size_t errlen)
{
	const struct lesson_item *it = &l->items[i];
	if (run_open(r, it->def, m ? m : l->use, err, errlen) < 0)
		return -1;
	if (it->nsets && run_set_many(r, it->sets, it->nsets, 0, err, errlen) < 0) {
		run_close(r);
		return -1;
	}
	run_goto(r, it->first);
	return 0;
}

/* One [N] section: its keys read and checked, its scene opened to check
 * the set and the steps.  0 or -1 with err. */
static int load_item(struct lesson *l, const struct ini_file *f, const char *sec, int idx,
		     const struct registry *reg, char *err, size_t errlen)
{
	struct lesson_item *it = &l->items[idx];
	const char *path = l->path;
	int line, sline = ini_section_line(f, sec);
	const char *v = ini_get(f, sec, "scene", &line);
	char shown[300];
	it->line = sline;
	if (!v || !*v) {
		err_set(err, errlen, path, v ? line : sline, sec, "scene", "missing: every item names a scene (see attnviz --list)");
		return -1;
	}
	if (!(it->def = registry_find(reg, v))) {
		err_clean(shown, sizeof shown, v);
		err_set(err, errlen, path, line, sec, "scene", "unknown scene '%s' (see attnviz --list)", shown);
		return -1;
	}
	if (scene_measures(it->def)) {
		err_set(err, errlen, path, line, sec, "scene", "%s measures this machine and has no steps to play",
			it->def->cls->id);
		return -1;
	}
	int set_line = 0, step_line = 0, until_line = 0, until = -1;
	if ((v = ini_get(f, sec, "set", &set_line))) {
		it->nsets = lesson_split_set(v, it->set_text, sizeof it->set_text, it->sets, LESSON_MAX_SETS);
		if (it->nsets < 0) {
			err_set(err, errlen, path, set_line, sec, "set", "too many assignments (at most %d)", LESSON_MAX_SETS);
			return -1;
		}
	}
	if ((v = ini_get(f, sec, "step", &step_line)) && parse_step(v, &it->first) < 0) {
		err_clean(shown, sizeof shown, v);
		err_set(err, errlen, path, step_line, sec, "step", "not a step number: '%s'", shown);
		return -1;
	}
	if ((v = ini_get(f, sec, "until", &until_line)) && parse_step(v, &until) < 0) {
		err_clean(shown, sizeof shown, v);
		err_set(err, errlen, path, until_line, sec, "until", "not a step number: '%s'", shown);
		return -1;
	}
	if ((v = ini_get(f, sec, "note", &line))) {
		err_clean(it->note, sizeof it->note, v);
		/* whole on the projector, as every text: at most the narration pane at 80 columns */
		int rows = frame_note_rows(FRAME_MIN_W, it->note);
		if (rows > FRAME_NARRATION_ROWS || strlen(v) >= sizeof it->note) {
			err_set(err, errlen, path, line, sec, "note", "too long for the narration pane (%d rows at %d columns, at most %d)",
				rows, FRAME_MIN_W, FRAME_NARRATION_ROWS);
			return -1;
		}
	}
	/* The scene itself says what its set and steps mean. */
	struct run r;
	char why[600];
	if (run_open(&r, it->def, l->use, why, sizeof why) < 0) {
		err_set(err, errlen, path, sline, sec, "scene", "%s", why);
		return -1;
	}
	if (it->nsets && run_set_many(&r, it->sets, it->nsets, 0, why, sizeof why) < 0) {
		run_close(&r);
		err_set(err, errlen, path, set_line, sec, "set", "%s", why);
		return -1;
	}
	int nsteps = r.nsteps;
	run_close(&r);
	if (it->first > nsteps) {
		err_set(err, errlen, path, step_line, sec, "step", "%d is past the scene's end (%s has steps 0 to %d here)",
			it->first, it->def->cls->id, nsteps);
		return -1;
	}
	if (until > nsteps) {
		err_set(err, errlen, path, until_line, sec, "until", "%d is past the scene's end (%s has steps 0 to %d here)",
			until, it->def->cls->id, nsteps);
		return -1;
	}
	if (until >= 0 && until < it->first) {
		err_set(err, errlen, path, until_line, sec, "until", "%d is before the item's first step %d", until,
			it->first);
		return -1;
	}
	it->last = until >= 0 ? until : nsteps;
	return 0;
}

/* Every key is one the section takes; every section is [lesson] or an item. */
static int check_names(const struct lesson *l, const struct ini_file *f, char *err, size_t errlen)
{
	for (int i = 0; i < f->nsections; i++) {
		const char *s = f->sections[i].section;
		if (strcmp(s, "lesson") && !item_number(s)) {
			err_set(err, errlen, l->path, f->sections[i].line, s, NULL,
				"unknown section (a lesson has [lesson] and items [1], [2], … up to [%d])", LESSON_MAX_ITEMS);
			return -1;
		}
	}
	for (int i = 0; i < f->nkeys; i++) {
		const struct ini_key *k = &f->keys[i];
		int top = !strcmp(k->section, "lesson");
		if (!key_known(top ? lesson_keys : item_keys, k->key)) {
			err_set(err, errlen, l->path, k->line, k->section,
				k->key, "unknown key (%s)",
				top ? "[lesson] takes title, model and pace"
				    : "an item takes scene, step, set, until "
				      "and note");
			return -1;
		}
	}
	return 0;
}

/* The items are [1] .. [n], each once: the first number missing is named
 * at the section that comes after the gap. */
static int check_numbers(const struct lesson *l, const struct ini_file *f, int *n, char *err, size_t errlen)
{
	int line_of[LESSON_MAX_ITEMS + 1] = {0}, max = 0;
	for (int i = 0; i < f->nsections; i++) {
		int k = item_number(f->sections[i].section);
		if (k) {
			line_of[k] = f->sections[i].line;   /* a second [k] is refused by ini_open */
			max = k > max ? k : max;
		}
	}
	if (!max) {
		err_set(err, errlen, l->path, 0, NULL, NULL, "no items: a lesson has [1], [2], … each with a scene");
		return -1;
	}
	for (int k = 1; k <= max; k++)
		if (!line_of[k]) {
			int after = k + 1;
			while (!line_of[after])
				after++;
			char sec[16];
			snprintf(sec, sizeof sec, "%d", after);
			err_set(err, errlen, l->path, line_of[after], sec, NULL,
				"item %d is missing (items are numbered 1, 2, 3, … without a gap)", k);
			return -1;
		}
	*n = max;
	return 0;
}

/* [lesson] pace: a speed within the range a teacher may set, 1 when the
 * file has none. */
static int read_pace(struct lesson *l, const struct ini_file *f, char *err,
		     size_t errlen)
{
	int line;
	const char *why = NULL;
	const char *v = ini_get(f, "lesson", "pace", &line);
	l->pace = 1;
	if (!v)
		return 0;
	if (num_real(v, &l->pace, &why) == 0 &&
	    (l->pace < PACE_SPEED_MIN || l->pace > PACE_SPEED_MAX))
		why = "out of range";
	if (!why)
		return 0;
	char shown[64];
	err_clean(shown, sizeof shown, v);
	err_set(err, errlen, l->path, line, "lesson", "pace",
		"%s: '%s' (a speed from %g to %g; 1 reads at %d words a "
		"minute)",
		why, shown, PACE_SPEED_MIN, PACE_SPEED_MAX,
		PACE_WORDS_PER_MINUTE);
	return -1;
}

int lesson_load(struct lesson *l, const char *path, const struct registry *reg, const struct model *cli_model,
		char *err, size_t errlen)
{
	struct ini_file *f = xmalloc(sizeof *f);
	int line, rc = -1;
	memset(l, 0, sizeof *l);
	snprintf(l->path, sizeof l->path, "%s", path);
	if (ini_open(f, path, err, errlen) < 0) {
		free(f);
		return -1;
	}
	if (check_names(l, f, err, errlen) < 0 || check_numbers(l, f, &l->n, err, errlen) < 0)
		goto out;
	const char *v = ini_get(f, "lesson", "title", &line);
	if (!v || !*v) {
		int sl = ini_section_line(f, "lesson");
		err_set(err, errlen, path, v ? line : sl, "lesson", "title", "missing: a lesson has a title");
		goto out;
	}
	err_clean(l->title, sizeof l->title, v);
	if ((v = ini_get(f, "lesson", "model", &line)) && *v && !cli_model) {
		char why[600];
		l->model = xmalloc(sizeof *l->model);
		if (model_find_load(l->model, v, why, sizeof why) < 0) {
			err_set(err, errlen, path, line, "lesson", "model", "%s", why);
			goto out;
		}
	}
	l->use = cli_model ? cli_model : l->model;
	if (read_pace(l, f, err, errlen) < 0)
		goto out;
	for (int i = 0; i < l->n; i++) {
		char sec[16];
		snprintf(sec, sizeof sec, "%d", i + 1);
		if (load_item(l, f, sec, i, reg, err, errlen) < 0)
			goto out;
	}
	rc = 0;
out:
	ini_close(f);
	free(f);
	if (rc < 0)
		lesson_free(l);
	return rc;
}

void lesson_free(struct lesson *l)
{
	free(l->model);
	l->model = NULL;
	l->use = NULL;
}

void lesson_marker(char *buf, size_t len, const struct run *r, const struct lesson *l, int item)
{
	int o = snprintf(buf, len, "scene %d/step %d", r->def->file.order, r->step);
	if (!l || item < 0 || o < 0 || (size_t)o >= len)
		return;
	const struct lesson_item *it = &l->items[item];
	o += snprintf(buf + o, len - (size_t)o, " · item %d/%d", item + 1, l->n);
	if (r->step == it->first && it->note[0] && o > 0 && (size_t)o < len)
		snprintf(buf + o, len - (size_t)o, " · %s", it->note);   /* data: an argument, never the format */
}
