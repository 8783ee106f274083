#include "scene/explain.h"

#include <stdlib.h>
#include <string.h>

#include "scene/deploy_params.h"
#include "scene/formula.h"

/* The check line of one item, from how it was checked and what came out. */
static void check_line(const struct summary_item *it, const struct scene_file *f, FILE *out)
{
	char e[64], tol[32] = "";
	if (it->status == SUMMARY_NONE) {
		fprintf(out, "    check: none (no second way here: shown, not verified)\n");
		return;
	}
	summary_format_value(it, 1, e, sizeof e);
	if (!it->exp_is_int && it->tol > 0)
		snprintf(tol, sizeof tol, " +- %.2g", it->tol);
	const char *verdict = it->status == SUMMARY_OK ? "ok" : "FAIL";
	switch (it->how) {
	case HOW_LESSON:
		fprintf(out, "    check: lesson (%s prints it): expected %s%s, %s\n", f->lesson[0] ? f->lesson : "the lesson", e,
			tol, verdict);
		break;
	case HOW_FORMULA:
		if (it->formula_err)
			fprintf(out, "    check: formula: cannot be evaluated (%s), FAIL\n", it->formula_err);
		else
			fprintf(out, "    check: formula (the line above, evaluated): expected %s%s, %s\n", e, tol, verdict);
		break;
	default:   /* HOW_REFERENCE: a checked item always names its way */
		fprintf(out, "    check: reference (another algorithm): expected %s%s, %s\n", e, tol, verdict);
		break;
	}
}

static void header(const struct run *r, const struct summary *s, FILE *out)
{
	const struct scene_file *f = &r->def->file;
	const struct params *p = &r->params;
	int checked, failed;
	fprintf(out, "== %d %s: %s", f->order, r->def->cls->id, f->title);
	if (f->lesson[0])
		fprintf(out, " (lesson %s)", f->lesson);
	fprintf(out, " ==\n");
	int set = 0;
	fprintf(out, "parameters:%s", p->n ? "" : " none");
	for (int i = 0; i < p->n; i++) {
		fprintf(out, "%s %s = %s%s", i ? ";" : "", p->specs[i].name, p->val[i].text, p->val[i].is_default ? "" : " (set)");
		/* 0 standing for the model's value: say so, or "heads = 0" reads
		 * as no heads beside the model's 8 further down */
		const char *help = p->specs[i].help, *zero = help ? strstr(help, "(0: ") : NULL;
		if (!strcmp(p->val[i].text, "0") && zero)
			fprintf(out, " (%.*s)", (int)strcspn(zero + 4, ");"), zero + 4);
		set += !p->val[i].is_default;
	}
	fprintf(out, "%s\n", p->n == 0 ? "" : set ? " (the others: the scene file's defaults)"
					 : " (the scene file's defaults, the lesson's)");
	char unshown[160];
	/* the one deployment: taken everywhere, shown where it matters */
	if (r->def->cls->unshown)
		fprintf(out,
			"taken, not shown: %s (this scene's numbers do not "
			"depend on them)\n",
			deploy_params_names(r->def->cls->unshown, unshown,
					    sizeof unshown));
	if (r->have_model)
		fprintf(out, "model: %s (%s), %s\n", r->model.id, r->model.name,
			r->model_is_default ? "the lesson's model for this scene" : "loaded");
	/* what llama.cpp does otherwise than the file says */
	if (r->have_model && r->model.note[0])
		fprintf(out, "llama.cpp: %s\n", r->model.note);
	if (r->have_model && !strcmp(f->model, "-"))
		fprintf(out, "the model supplies the values of parameters left at their defaults; each number's\n"
			     "inputs line says where its values came from\n");
	else if (!r->have_model && f->model[0])
		fprintf(out, "model: none loaded (the scene's own parameters)\n");
	if (r->have_model2 && f->second != SECOND_NONE)
		fprintf(out, "second model: %s (%s); its numbers carry the suffix @2, each a run of that model alone,\n"
			     "checked the same way\n", r->model2.id, r->model2.name);
	else if (r->have_model2)
		fprintf(out, "second model: %s (%s), not shown: this scene takes one model\n", r->model2.id, r->model2.name);
	summary_counts(s, &checked, &failed);
	int lesson = params_at_default(p) && (!r->have_model || r->model_is_default);
	fprintf(out, "checks: %d, %d failed; the lesson's figures %s\n", checked, failed,
		lesson ? "apply (the lesson's parameters and model)" : "do not apply (other parameters or model)");
}

/* Text from scenes and model files is data: written, never a format. */
static void put_line(FILE *out, const char *lead, const char *text)
{
	fputs(lead, out);
	fputs(text, out);
	fputc('\n', out);
}

/* The record: words, the formula, each input with its origin, and the
 * formula with the values put in, the very text the check evaluated. */
static void record_lines(const struct summary_item *it, FILE *out)
{
	if (it->words)
		put_line(out, "    ", it->words);
	if (it->formula)
		put_line(out, "    formula: ", it->formula);
	for (int i = 0; i < it->nin; i++) {
		char v[40];
		formula_number(it->in[i].value, v, sizeof v);
		fprintf(out, "    %s = %s", it->in[i].name, v);
		if (it->in[i].origin && it->in[i].origin[0])
			put_line(out, ": ", it->in[i].origin);
		else
			fputc('\n', out);
	}
	if (it->expr) {
		char e[40];
		formula_number(it->formula_value, e, sizeof e);
		fprintf(out, "    = %s = %s\n", it->expr, e);
	}
}

void explain_write(const struct run *r, const struct summary *s, FILE *out)
{
	header(r, s, out);
	for (int i = 0; i < s->n; i++) {
		const struct summary_item *it = &s->items[i];
		char v[64];
		summary_format_value(it, 0, v, sizeof v);
		fprintf(out, "\n%s = %s\n", it->key, v);
		record_lines(it, out);
		/* Explanation lines are the scene's text: written as data, indented. */
		for (const char *line = it->explain; line && *line;) {
			const char *nl = strchr(line, '\n');
			size_t len = nl ? (size_t)(nl - line) : strlen(line);
			fputs("    ", out);
			fwrite(line, 1, len, out);
			fputc('\n', out);
			line += len + (nl != NULL);
		}
		check_line(it, &r->def->file, out);
	}
}

char *explain_text(const struct run *r, const struct summary *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	explain_write(r, s, f);
	if (fclose(f) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}
