/*
 * summary: a scene's key numbers, each with an independent expected figure
 * where one exists, and a status.  Printed by --summary as
 *   scene<TAB>key<TAB>value<TAB>expected<TAB>status<TAB>how
 * and drawn by the UI's summary pane.  `how` names the second way the
 * expected figure was obtained (DESIGN section 2): the lesson's printed
 * figure, a closed form written apart from the code that computed the value
 * (calling none of it), or another algorithm for the same quantity.  A value
 * recomputed through the same code, or an identity of it, is no check: emit
 * it with summary_int / summary_real.
 *
 * An item is a record (DESIGN section 6): its key and value, what it is in
 * words (summary_words), its named inputs with value and origin each
 * (summary_input), and for a formula check the formula as text
 * (summary_formula), whose evaluation by the expression library over the
 * inputs gives the expected value.  --explain and the TUI's w pane print
 * from the record, so the formula shown is the formula checked.  Notes
 * that are no formula (a llama.cpp rule cited, what a reference algorithm
 * does) go in with summary_explain.
 */
#ifndef ATTNVIZ_SUMMARY_H
#define ATTNVIZ_SUMMARY_H

#include <stdint.h>
#include <stdio.h>

enum summary_status { SUMMARY_NONE, SUMMARY_OK, SUMMARY_FAIL };
enum summary_how { HOW_NONE, HOW_LESSON, HOW_FORMULA, HOW_REFERENCE };

/* A named input of an item: the name its formula uses, and where it came from. */
struct summary_input {
	char name[24];
	double value;
	char *origin;      /* heap */
};

struct summary_item {
	char key[48];
	int is_int;
	int64_t ival;
	double val;
	int has_expected;
	int exp_is_int;
	int64_t iexp;
	double exp;
	double tol;
	int from_lesson;   /* the expected figure is the lesson's printed one */
	int unknown;       /* attnviz cannot size it yet: the value prints as `-`, never a number */
	enum summary_how how;
	enum summary_status status;
	char *words;       /* what it is, in words (heap; NULL when none) */
	int nin;
	struct summary_input *in;   /* heap, nin of them */
	char *formula;     /* formula checks: the formula over the inputs' names (heap) */
	char *expr;        /* the formula with the values put in: what was evaluated (heap) */
	double formula_value;   /* what expr evaluated to (the lesson's figure may take exp) */
	char *formula_err; /* why the formula could not be evaluated: the check fails (heap) */
	char *explain;     /* notes, lines ending in '\n'; NULL when none */
};

struct summary {
	int n, cap;
	struct summary_item *items;
	int oom;           /* an item could not be stored */
};

void summary_init(struct summary *s);
void summary_free(struct summary *s);

/* Values without an independent figure. */
void summary_int(struct summary *s, int64_t v, const char *keyfmt, ...) __attribute__((format(printf, 3, 4)));
void summary_real(struct summary *s, double v, const char *keyfmt, ...) __attribute__((format(printf, 3, 4)));
/* A key whose value attnviz does not know how to compute yet: printed `-`
 * (words say why), so no made-up number stands in for it. */
void summary_unknown(struct summary *s, const char *keyfmt, ...) __attribute__((format(printf, 2, 3)));
/* Checks by another algorithm (how is HOW_REFERENCE; formula checks are
 * summary_formula, lesson figures are added by the driver from the scene
 * file).  HOW_FORMULA here is refused: the item fails. */
void summary_check_int(struct summary *s, enum summary_how how, int64_t v, int64_t expected, const char *keyfmt, ...)
	__attribute__((format(printf, 5, 6)));
void summary_check_real(struct summary *s, enum summary_how how, double v, double expected, double tol,
		    const char *keyfmt, ...) __attribute__((format(printf, 6, 7)));
/* What the item added last is, in words. */
void summary_words(struct summary *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A named input of the item added last, its value and where it came from. */
void summary_input(struct summary *s, const char *name, double value, const char *origin_fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Check the item added last against FORMULA (its inputs' names, numbers,
 * + - * / ^ ( ), min max floor ceil pad exp ln sqrt) evaluated by the
 * expression library with the inputs put in.  An integer item must equal
 * the result exactly; a real one within tol.  A formula that cannot be
 * evaluated fails the check, with the reason in the explanation. */
void summary_formula(struct summary *s, double tol, const char *formula);
/* Append one line of notes to the explanation of the item added last. */
void summary_explain(struct summary *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same, for a given item of s (the driver's notes on lesson figures). */
void sum_explain_item(struct summary *s, struct summary_item *it, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* "lesson", "formula", "reference" or "-". */
const char *summary_how_name(enum summary_how how);

struct summary_item *summary_find(struct summary *s, const char *key);
/* Move every item of src to the end of dst, its key followed by suffix (the
 * second model's "@2"); src is left empty.  A key that would not fit is
 * stored as "key-too-long" and fails, so no key is cut silently. */
void summary_take(struct summary *dst, struct summary *src, const char *suffix);
/* dst (initialised, empty) becomes a deep copy of src; 0, or -1 when out of
 * memory (dst is then left empty). */
int summary_copy(struct summary *dst, const struct summary *src);
/* Counts of items with a status, and of those that failed. */
void summary_counts(const struct summary *s, int *checked, int *failed);
/* Format a value the way --summary does: integers in full, floats with %.9g. */
void summary_format_value(const struct summary_item *it, int expected, char *buf, size_t len);
void summary_print(const struct summary *s, const char *scene_id, FILE *out);

#endif
