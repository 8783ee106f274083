#include "scene/params.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/err.h"
#include "util/num.h"

static int spec_dim(const struct param_spec *spec)
{
	return spec->kind == PARAM_VECS ? spec->dim : 1;
}

static int parse_number(const struct param_spec *spec, const char *tok, double *out, char *why, size_t whylen)
{
	const char *reason;
	double v;
	if (spec->kind == PARAM_WORDS) {
		/* The words are help's first field, "w0|w1|w2: what it is",
		 * or spec->words whole. */
		const char *w = spec->words ? spec->words : spec->help;
		const char *end = spec->words ? w + strlen(w) : strchr(w, ':');
		char shown[40];
		for (int i = 0; w && end && w < end; i++) {
			size_t len = strcspn(w, "|:");
			/* case aside: F16 is f16, q4_k_m is Q4_K_M */
			if (strlen(tok) == len && !strncasecmp(tok, w, len)) {
				*out = i;
				return 0;
			}
			w += len + (w[len] == '|');
		}
		err_clean(shown, sizeof shown, tok);
		const char *all = spec->words ? spec->words : spec->help;
		int n = end ? (int)(end - all) : 0;
		n -= n > 0 && all[n - 1] == '|';   /* a list built "a|b|" */
		snprintf(why, whylen, "'%s' is not one of %.*s", shown, n, all);
		return -1;
	}
	if (num_real(tok, &v, &reason) < 0) {
		char shown[40];
		err_clean(shown, sizeof shown, tok);
		snprintf(why, whylen, "%s: '%s'", reason, shown);
		return -1;
	}
	if ((spec->kind == PARAM_INT || spec->kind == PARAM_INTS) && v != floor(v)) {
		char a[32];
		snprintf(why, whylen, "%s is not a whole number",
			 num_show(a, sizeof a, v));
		return -1;
	}
	if (v < spec->min || v > spec->max) {
		char a[32], b[32], c[32];
		snprintf(why, whylen, "%s is out of range (%s to %s)",
			 num_show(a, sizeof a, v),
			 num_show(b, sizeof b, spec->min),
			 num_show(c, sizeof c, spec->max));
		return -1;
	}
	*out = v;
	return 0;
}

int param_parse(const struct param_spec *spec, const char *text, struct param_value *out,
		char *why, size_t whylen)
{
	char buf[4096];
	int scalar = spec->kind == PARAM_INT || spec->kind == PARAM_REAL;
	int dim = spec->kind == PARAM_VECS ? spec->dim : 1;
	int max_count = scalar ? 1 : spec->max_count;
	if (max_count * dim > PARAM_MAX_VALUES)
		max_count = PARAM_MAX_VALUES / dim;
	if (strlen(text) >= sizeof buf) {
		snprintf(why, whylen, "value too long");
		return -1;
	}
	strcpy(buf, text);
	double *vals = malloc(sizeof *vals * (size_t)(max_count * dim));
	if (!vals) {
		snprintf(why, whylen, "out of memory");
		return -1;
	}
	int count = 0;
	char *item = buf;
	/* strtok would skip empty items; "1,,2" must be an error, so split by hand. */
	for (;;) {
		char *comma = strchr(item, ',');
		if (comma)
			*comma = 0;
		if (count >= max_count) {
			snprintf(why, whylen, scalar ? "takes one number" : "too many values (at most %d)", max_count);
			free(vals);
			return -1;
		}
		char *comp = item;
		for (int c = 0; c < dim; c++) {
			char *colon = strchr(comp, ':');
			if (colon && c == dim - 1) {
				snprintf(why, whylen, "a vector has %d components", dim);
				free(vals);
				return -1;
			}
			if (!colon && c < dim - 1) {
				snprintf(why, whylen, "a vector has %d components joined by ':'", dim);
				free(vals);
				return -1;
			}
			if (colon)
				*colon = 0;
			if (parse_number(spec, comp, &vals[count * dim + c], why, whylen) < 0) {
				free(vals);
				return -1;
			}
			comp = colon ? colon + 1 : NULL;
		}
		count++;
		if (!comma)
			break;
		item = comma + 1;
	}
	out->count = count;
	out->is_default = 0;
	out->v = vals;
	err_clean(out->text, sizeof out->text, text);
	return 0;
}

void param_value_free(struct param_value *v)
{
	free(v->v);
	v->v = NULL;
	v->count = 0;
}

int param_value_copy(struct param_value *dst, const struct param_value *src, int dim)
{
	*dst = *src;
	dst->v = NULL;
	if (!src->v)
		return 0;
	size_t n = (size_t)(src->count * dim);
	dst->v = malloc(sizeof *dst->v * (n ? n : 1));
	if (!dst->v) {
		dst->count = 0;
		return -1;
	}
	memcpy(dst->v, src->v, sizeof *dst->v * n);
	return 0;
}

int params_copy(struct params *dst, const struct params *src)
{
	memset(dst, 0, sizeof *dst);
	dst->specs = src->specs;
	dst->n = src->n;
	for (int i = 0; i < src->n; i++)
		if (param_value_copy(&dst->val[i], &src->val[i], spec_dim(&src->specs[i])) < 0 ||
		    param_value_copy(&dst->def[i], &src->def[i], spec_dim(&src->specs[i])) < 0) {
			params_free(dst);
			return -1;
		}
	return 0;
}

void params_free(struct params *p)
{
	for (int i = 0; i < PARAM_MAX; i++) {
		param_value_free(&p->val[i]);
		param_value_free(&p->def[i]);
	}
}

int params_find(const struct params *p, const char *name)
{
	for (int i = 0; i < p->n; i++)
		if (!strcmp(p->specs[i].name, name))
			return i;
	return -1;
}

int params_set(struct params *p, const char *assignment, char *err, size_t errlen)
{
	char key[64], why[600];
	const char *eq = strchr(assignment, '=');
	if (!eq || eq == assignment || (size_t)(eq - assignment) >= sizeof key) {
		err_set(err, errlen, NULL, 0, NULL, NULL, "--set takes KEY=VALUE, not '%.60s'", assignment);
		return -1;
	}
	memcpy(key, assignment, (size_t)(eq - assignment));
	key[eq - assignment] = 0;
	int i = params_find(p, key);
	if (i < 0) {
		char known[300] = "";
		for (int j = 0; j < p->n; j++) {
			if (j)
				strncat(known, ", ", sizeof known - strlen(known) - 1);
			strncat(known, p->specs[j].name, sizeof known - strlen(known) - 1);
		}
		err_set(err, errlen, NULL, 0, NULL, key, "unknown parameter (this scene has: %s)",
			p->n ? known : "none");
		return -1;
	}
	struct param_value nv;
	if (param_parse(&p->specs[i], eq + 1, &nv, why, sizeof why) < 0) {
		err_set(err, errlen, NULL, 0, NULL, key, "%s", why);
		return -1;
	}
	const struct param_value *def = &p->def[i];
	int dim = spec_dim(&p->specs[i]);
	nv.is_default = nv.count == def->count && def->v &&
			!memcmp(nv.v, def->v, sizeof(double) * (size_t)(nv.count * dim));
	param_value_free(&p->val[i]);
	p->val[i] = nv;
	return 0;
}

int params_at_default(const struct params *p)
{
	for (int i = 0; i < p->n; i++)
		if (!p->val[i].is_default)
			return 0;
	return 1;
}

#define KIND(k) (1u << (k))
#define KIND_LISTS (KIND(PARAM_INTS) | KIND(PARAM_LIST) | KIND(PARAM_VECS) | KIND(PARAM_WORDS))

/* Parameter i's value, checked against the table: a scene asking for an
 * index it did not declare, or for a kind not in kinds, is a bug in the program. */
static const struct param_value *value_at(const struct params *p, int i, const char *accessor, unsigned kinds)
{
	if (i < 0 || i >= p->n) {
		fprintf(stderr, "attnviz: internal error: %s: no parameter %d (the scene has %d)\n", accessor, i, p->n);
		abort();
	}
	if (!(kinds & KIND(p->specs[i].kind))) {
		fprintf(stderr, "attnviz: internal error: %s: parameter '%s' is of another kind\n", accessor,
			p->specs[i].name);
		abort();
	}
	return &p->val[i];
}

long long params_int(const struct params *p, int i)
{
	return (long long)value_at(p, i, "params_int", KIND(PARAM_INT))->v[0];
}

double params_real(const struct params *p, int i)
{
	return value_at(p, i, "params_real", KIND(PARAM_REAL))->v[0];
}

const double *params_list(const struct params *p, int i, int *count)
{
	const struct param_value *v = value_at(p, i, "params_list", KIND_LISTS);
	*count = v->count;
	return v->v;
}

double params_first(const struct params *p, int i)
{
	return value_at(p, i, "params_first", ~0u)->v[0];
}

int params_is_default(const struct params *p, int i)
{
	return value_at(p, i, "params_is_default", ~0u)->is_default;
}
