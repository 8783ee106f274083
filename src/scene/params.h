/*
 * params: a scene's parameters, declared by the scene, defaulted from its
 * scene file and overridden by --set KEY=VALUE or the TUI's editor.
 *
 * Every value is an array of doubles: a scalar has one element, a list many,
 * a list of vectors count * dim (components separated by ':' in text).  The
 * array is allocated for what it holds, so a struct params owns heap memory:
 * copy it with params_copy and release it with params_free.
 */
#ifndef ATTNVIZ_PARAMS_H
#define ATTNVIZ_PARAMS_H

#include <stddef.h>

enum param_type {
	PARAM_INT,    /* one whole number */
	PARAM_REAL,   /* one number */
	PARAM_INTS,   /* comma-separated whole numbers */
	PARAM_LIST,   /* comma-separated numbers */
	PARAM_VECS,   /* comma-separated vectors of `dim` components joined by ':' */
	PARAM_WORDS   /* comma-separated words; `help` begins with the accepted ones,
			 "f32|f16: ...", and each value is the word's index there */
};

/* One row of a scene's table: the table is indexed by the scene's enum of
 * its parameters and written with designated initialisers,
 *   [GQ_CTX] = {.name = "ctx", .kind = PARAM_INT, .min = 1, .max = 1 << 24, .help = "..."},
 * and ends with [XX_NPARAMS] = {0}, an entry whose name is NULL. */
struct param_spec {
	const char *name;
	enum param_type kind;
	double min, max;   /* range of every element */
	int max_count;     /* lists: most elements (scalars: ignored) */
	int dim;           /* PARAM_VECS: components per vector */
	const char *help;  /* one line for the editor and --help of the scene */
	const char *words; /* PARAM_WORDS: "w0|w1|...", when too many for help's
			      first field (the weights' 34 types) */
};

#define PARAM_MAX 20
/* Most numbers in one value, whatever its spec says: a bound on the text too. */
#define PARAM_MAX_VALUES 512

struct param_value {
	int count;                      /* elements (vectors for PARAM_VECS) */
	int is_default;                 /* equal to the scene file's default */
	double *v;                      /* [count][dim], heap, owned */
	char text[160];                 /* the value as last given, for display */
};

struct params {
	const struct param_spec *specs;   /* terminated by an entry with name NULL */
	int n;                            /* specs before it; val[i] is specs[i]'s value */
	struct param_value val[PARAM_MAX];
	struct param_value def[PARAM_MAX];   /* the scene file's defaults */
};

/* Parse text for one spec into a fresh value (out->v allocated; release
 * with param_value_free).  0, or -1 with a reason in why[whylen] (no key
 * prefix) and out untouched. */
int param_parse(const struct param_spec *spec, const char *text, struct param_value *out,
		char *why, size_t whylen);
void param_value_free(struct param_value *v);
/* A deep copy; 0 or -1 when out of memory (dst then empty). */
int param_value_copy(struct param_value *dst, const struct param_value *src, int dim);
/* A deep copy of every value; 0 or -1 when out of memory (dst then empty). */
int params_copy(struct params *dst, const struct params *src);
void params_free(struct params *p);
/* Index of a named parameter, or -1: for a key the user typed (--set, the
 * editor, a scene file), never for code asking for its own parameter. */
int params_find(const struct params *p, const char *name);
/* Apply "KEY=VALUE".  0, or -1 with the one-line error (naming the key) in err. */
int params_set(struct params *p, const char *assignment, char *err, size_t errlen);
/* All values equal their defaults. */
int params_at_default(const struct params *p);

/* Accessors for scene code, by the index of the parameter in the scene's
 * table (its enum value): params_int reads a PARAM_INT, params_real a
 * PARAM_REAL, params_list any list.  An index past the table, or a
 * parameter of another kind, is a bug in the program and aborts. */
long long params_int(const struct params *p, int i);
double params_real(const struct params *p, int i);
const double *params_list(const struct params *p, int i, int *count);
/* The first number of any parameter: a scalar's value, a list's first. */
double params_first(const struct params *p, int i);
/* Parameter i has its scene file's value. */
int params_is_default(const struct params *p, int i);

#endif
