/* Every scene's parameter table agrees with its enum: a name at every index
 * below the count, the terminator at the count. */
#include <stdio.h>
#include <string.h>

#include "scene/params.h"
#include "scene/registry.h"
#include "t.h"

/* NULL when specs[0 .. n] is a table of n parameters indexed 0 .. n-1 and
 * ended at n; else what is wrong, in buf. */
static const char *table_problem(const struct param_spec *specs, int n, char *buf, size_t len)
{
	if (n < 0 || n > PARAM_MAX)
		return snprintf(buf, len, "count %d is outside 0 .. PARAM_MAX (%d)", n, PARAM_MAX), buf;
	if (!specs)
		return snprintf(buf, len, "no table"), buf;
	for (int i = 0; i < n; i++) {
		const struct param_spec *s = &specs[i];
		if (!s->name || !s->name[0])
			return snprintf(buf, len, "index %d below the count %d has no entry", i, n), buf;
		if (!s->help)
			return snprintf(buf, len, "%s: no help", s->name), buf;
		if ((int)s->kind < PARAM_INT || s->kind > PARAM_WORDS)
			return snprintf(buf, len, "%s: kind %d", s->name, (int)s->kind), buf;
		if (s->kind != PARAM_INT && s->kind != PARAM_REAL && s->max_count < 1)
			return snprintf(buf, len, "%s: a list without .max_count", s->name), buf;
		if (s->kind == PARAM_VECS && s->dim < 1)
			return snprintf(buf, len, "%s: vectors without .dim", s->name), buf;
		for (int j = 0; j < i; j++)
			if (!strcmp(specs[j].name, s->name))
				return snprintf(buf, len, "%s: at indices %d and %d", s->name, j, i), buf;
	}
	if (specs[n].name)
		return snprintf(buf, len, "entry '%s' at the count %d: the terminator is not there", specs[n].name, n), buf;
	return NULL;
}

void test_param_tables(void)
{
	char why[200];
	for (size_t c = 0; c < scene_class_count; c++) {
		const struct scene_class *cls = scene_classes[c];
		const char *bad = table_problem(cls->params, cls->nparams, why, sizeof why);
		T_OK(!bad, "params: %s's table agrees with its enum (%d parameters)%s%s", cls->id, cls->nparams,
		     bad ? ": " : "", bad ? bad : "");
	}

	/* The checker catches what the designated initialisers alone would not. */
	enum { A, B, C, N };
	static const struct param_spec hole[N + 1] = {
		[A] = {.name = "a", .kind = PARAM_INT, .help = ""},
		[C] = {.name = "c", .kind = PARAM_INT, .help = ""},
		[N] = {0},
	};
	static const struct param_spec good[N + 1] = {
		[A] = {.name = "a", .kind = PARAM_INT, .help = ""},
		[B] = {.name = "b", .kind = PARAM_LIST, .max_count = 2, .help = ""},
		[C] = {.name = "c", .kind = PARAM_VECS, .max_count = 2, .dim = 2, .help = ""},
		[N] = {0},
	};
	static const struct param_spec twice[N + 1] = {
		[A] = {.name = "a", .kind = PARAM_INT, .help = ""},
		[B] = {.name = "b", .kind = PARAM_INT, .help = ""},
		[C] = {.name = "a", .kind = PARAM_INT, .help = ""},
		[N] = {0},
	};
	T_OK(!table_problem(good, N, why, sizeof why), "params: a table that agrees passes");
	T_OK(table_problem(hole, N, why, sizeof why) && strstr(why, "index 1"),
	     "params: an enum value without an entry is caught: %s", why);
	T_OK(table_problem(good, N - 1, why, sizeof why) && strstr(why, "terminator"),
	     "params: an entry past the enum's count is caught: %s", why);
	T_OK(table_problem(twice, N, why, sizeof why) && strstr(why, "indices 0 and 2"),
	     "params: a name at two indices is caught: %s", why);
}
