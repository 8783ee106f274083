/* weights: the --explain of weights_bytes (see the header). */
#include "scenes/lib/weights.h"

#include <stdio.h>
#include <string.h>

#include "model/ggml_type.h"
#include "model/wquant_model.h"
#include "scenes/lib/closed_form.h"

/* Groups of one rule and one type: a handful in practice. */
#define WE_GROUPS 48

static const char *how(const struct model *m)
{
	if (m->weights_from == WEIGHTS_GIVEN)
		return "stated by the model file's weights_bytes";
	if (m->weights_from == WEIGHTS_ESTIMATED)
		return "estimated (not counted from tensor types)";
	return m->format == MODEL_GGUF
		       ? "exact: every tensor of the GGUF at its type's size"
		       : "exact: every tensor its architecture's loader "
			 "creates, at its type's size";
}

/* A GGUF's own count is held against llama_model_size in tests/engine.sh,
 * a typed one against llama_model_quantize's dry run in tests/quant.sh
 * and tests/engine.sh. */
void weights_explain(struct summary *s, const struct model *m)
{
	const struct wq_ftype *f = wq_ftype_find(m->weights_type);
	const char *origin = model_field_origin(m, MF_WEIGHTS_BYTES);
	struct wq_group g[WE_GROUPS];
	char err[300], name[24], formula[WE_GROUPS * 11] = "", o[160];
	summary_words(s, "bytes of the weights, %s", how(m));
	summary_explain(s, "%s", origin ? origin : "-");
	if (m->weights_from == WEIGHTS_ESTIMATED && m->format == MODEL_INI) {
		const char *tname = "bf16";
		double bpv = f ? wq_ftype_bpv(f, &tname) : 2;
		summary_input(s, "params", m->params, "%s",
			      cf_origin(m, MF_PARAMS, o, sizeof o));
		summary_input(s, "bytes_per_param", bpv,
			      "%s%s%s's bytes a value",
			      f ? f->name : "16-bit weights: ",
			      f ? ": its default type " : "", tname);
		summary_formula(s, 0, "floor(params * bytes_per_param)");
		return;
	}
	int ng = wquant_model_groups(m, g, WE_GROUPS, err, sizeof err);
	for (int i = 0; i < ng; i++) {
		const struct ggml_type_info *t = ggml_type_get(g[i].type);
		size_t n = strlen(formula);
		snprintf(name, sizeof name, "group%d", i + 1);
		summary_input(s, name, (double)g[i].bytes,
			      "%d tensor%s in %s: %s", g[i].count,
			      g[i].count == 1 ? "" : "s", t ? t->name : "?",
			      wq_rule_words[g[i].rule]);
		snprintf(formula + n, sizeof formula - n, "%s%s",
			 i ? " + " : "", name);
	}
	if (ng > 0)
		summary_formula(s, 0, formula);
}
