/* deploy_params: the deployment as scene parameters (see the header). */
#include "scene/deploy_params.h"

#include <stdio.h>

#include <string.h>

static const struct param_spec specs[DP_COUNT] = {DEPLOY_SPECS};

const char *const deploy_params_flags[DP_COUNT] = {
	[DP_CTX] = "-c",         [DP_N_SEQ] = "-np",
	[DP_UNIFIED] = "-kvu",   [DP_SWA_FULL] = "--swa-full",
	[DP_N_BATCH] = "-b",     [DP_UBATCH] = "-ub",
	[DP_K_TYPE] = "-ctk",    [DP_V_TYPE] = "-ctv",
	[DP_FA] = "-fa",         [DP_WEIGHTS] = "quant type",
};

int deploy_params_in(const struct param_spec *t, int n)
{
	if (n < DP_COUNT)
		return 0;
	for (int i = 0; i < DP_COUNT; i++)
		if (!t[i].name || strcmp(t[i].name, specs[i].name))
			return 0;
	return 1;
}

int deploy_params_apply(const struct params *p, const struct model *m0,
			struct model *m, struct deploy *d, char *err,
			size_t errlen)
{
	*m = *m0;
	*d = deploy_default((int64_t)params_first(p, DP_CTX));
	d->n_seq = params_int(p, DP_N_SEQ);
	d->unified = (int)params_int(p, DP_UNIFIED);
	d->swa_full = (int)params_int(p, DP_SWA_FULL);
	d->n_batch = params_int(p, DP_N_BATCH);
	d->n_ubatch = (int64_t)params_first(p, DP_UBATCH);
	d->flash_attn = (int)params_int(p, DP_FA);
	/* "model" keeps the file's type and where it came from */
	int kt = (int)params_first(p, DP_K_TYPE);
	int vt = (int)params_first(p, DP_V_TYPE);
	if (kt != DP_TYPE_MODEL) {
		m->k_type = (enum cache_type)kt;
		model_set_origin(m, MF_K_TYPE, "parameter k_type (-ctk)");
	}
	if (vt != DP_TYPE_MODEL) {
		m->v_type = (enum cache_type)vt;
		model_set_origin(m, MF_V_TYPE, "parameter v_type (-ctv)");
	}
	/* what llama.cpp runs: flash attention off for a family that
	 * forces it off (Grok), so every scene shows the context made */
	d->flash_attn = size_flash_attn(m, d);
	return wquant_model_word(m, (int)params_first(p, DP_WEIGHTS), err,
				 errlen);
}

const char *deploy_params_names(unsigned unshown, char *buf, size_t len)
{
	size_t n = 0;
	buf[0] = 0;
	for (int i = 0; i < DP_COUNT && n < len; i++)
		if (unshown & DP_BIT(i))
			n += (size_t)snprintf(buf + n, len - n, "%s%s",
					      n ? ", " : "", specs[i].name);
	return buf;
}
