/*
 * summary: a scene's key numbers, each with an independent expected figure
 * where one exists, and a status.  Printed by --summary as
 *   scene<TAB>key<TAB>value<TAB>expected<TAB>status
 * and drawn by the UI's summary pane.
 */
#ifndef ATTNVIZ_SUMMARY_H
#define ATTNVIZ_SUMMARY_H

#include <stdint.h>
#include <stdio.h>

enum sum_status { SUM_NONE, SUM_OK, SUM_FAIL };

struct sum_item {
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
	enum sum_status status;
};

struct summary {
	int n, cap;
	struct sum_item *items;
	int oom;           /* an item could not be stored */
};

void summary_init(struct summary *s);
void summary_free(struct summary *s);

/* Values without an independent figure. */
void sum_int(struct summary *s, int64_t v, const char *keyfmt, ...) __attribute__((format(printf, 3, 4)));
void sum_real(struct summary *s, double v, const char *keyfmt, ...) __attribute__((format(printf, 3, 4)));
/* Values checked against a figure computed another way. */
void sum_int_check(struct summary *s, int64_t v, int64_t expected, const char *keyfmt, ...)
	__attribute__((format(printf, 4, 5)));
void sum_real_check(struct summary *s, double v, double expected, double tol, const char *keyfmt, ...)
	__attribute__((format(printf, 5, 6)));

struct sum_item *summary_find(struct summary *s, const char *key);
/* Counts of items with a status, and of those that failed. */
void summary_counts(const struct summary *s, int *checked, int *failed);
/* Format a value the way --summary does: integers in full, floats with %.9g. */
void summary_format_value(const struct sum_item *it, int expected, char *buf, size_t len);
void summary_print(const struct summary *s, const char *scene_id, FILE *out);

#endif
