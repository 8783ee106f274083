/*
 * hfconv_lfm2: the layer kinds of conversion/lfm2.py's classes, which
 * LFM2Model and LFM2MoeModel write alike (src/families/lfm2.c,
 * lfm2moe.c).
 */
#include <stdio.h>
#include <string.h>

#include "model/hfconv.h"
#include "model/model.h"

int hfc_lfm2_kv_heads(struct hfc *c, const char *const *kinds,
		      const char *name)
{
	static const char *const heads_key[] = {"num_key_value_heads", NULL};
	static const char *words[MODEL_MAX_LAYERS];
	static int64_t kv[MODEL_MAX_LAYERS], idx[MODEL_MAX_LAYERS];
	char list[96] = "";
	int64_t heads, n;
	int nw = hfc_words(c, "layer_types", words, MODEL_MAX_LAYERS), ni;
	if (nw < 0)
		return -1;
	if (nw == 0 && hfc_has(c, "layer_types"))
		return hfc_fail(c, NULL, "an empty list (no layer)");
	for (size_t k = 0; kinds[k]; k++)
		snprintf(list + strlen(list), sizeof list - strlen(list),
			 "%s%s", k ? (kinds[k + 1] ? ", " : " or ") : "",
			 kinds[k]);
	for (int i = 0; i < nw; i++) {
		size_t k = 0;
		while (kinds[k] && strcmp(words[i], kinds[k]))
			k++;
		if (!kinds[k])
			return hfc_fail(c, NULL, "entry %d '%.40s' is no %s "
					"layer (%s)", i, words[i], name, list);
	}
	if (nw == 0) {
		if (hfc_block_count(c, &n) < 0)
			return -1;
		if (n < 1 || n > MODEL_MAX_LAYERS)
			return hfc_fail(c, NULL, "%lld layers (1 to %d)",
					(long long)n, MODEL_MAX_LAYERS);
		if ((ni = hfc_ints(c, "full_attn_idxs", idx,
				   MODEL_MAX_LAYERS)) < 0)
			return -1;
		int listed = ni > 0 || hfc_has(c, "full_attn_idxs");
		for (int64_t il = 0; il < n; il++) {
			words[il] = listed ? "conv" : "full_attention";
			for (int i = 0; i < ni; i++)
				if (idx[i] == il)
					words[il] = "full_attention";
		}
		nw = (int)n;
		hfc_source(c, listed ? "full_attn_idxs x num_key_value_heads"
				     : "num_hidden_layers x "
				       "num_key_value_heads");
	}
	if (hfc_need(c, heads_key, &heads) < 0)
		return -1;
	for (int i = 0; i < nw; i++)
		kv[i] = strcmp(words[i], "conv") ? heads : 0;
	if (hfc_has(c, "layer_types"))
		hfc_source(c, "layer_types x num_key_value_heads");
	return hfc_put_ints(c, "attention.head_count_kv", kv, (size_t)nw);
}
