/*
 * Every model-driven scene over the deployments tests/engine.sh holds
 * against a real llama.cpp: -c 1000 and 32768, -ub 512, 2048 and 4096,
 * -np 1, 3 and 4, -kvu, --swa-full, -fa on and off, f16, q8_0 and q4_0 K and
 * V, with every shipped model and a DeciLM-shaped GGUF (per-layer KV heads,
 * layers without any).  A scene checks each of its numbers a second way;
 * no check may FAIL at any of these legal settings (a deployment llama.cpp
 * refuses, quantized V without -fa, is refused by the scene, and counted).
 * One process, each scene opened once a model and cache type: seconds
 * (walk_model says what each shipped model walks; the GGUF walks all).
 * ATTNVIZ_WALKDEPLOY_SCENE=ID walks that scene alone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gguf_writer.h"
#include "model/model.h"
#include "scene/driver.h"
#include "t.h"

/* The shape of a deployment: its dimensions, each a scene key and its
 * values (fa-engines takes one logged size per -ub, two by default: -ub
 * in pairs there). */
struct dim {
	const char *key;
	const char *const *vals;
	int n;
};
static const char *const ctxs[] = {"1000", "32768"};
static const char *const ubs[] = {"512", "2048", "4096"};
static const char *const ub_pairs[] = {"512,2048", "2048,4096"};
static const char *const nseqs[] = {"1", "3", "4"};
static const char *const bits[] = {"0", "1"};
enum { D_CTX, D_UB, D_NSEQ, D_UNIFIED, D_SWA_FULL, NDIMS };
static const struct dim dims[NDIMS] = {
	[D_CTX] = {"ctx", ctxs, 2},
	[D_UB] = {"ubatch", ubs, 3},
	[D_NSEQ] = {"n_seq", nseqs, 3},
	[D_UNIFIED] = {"unified", bits, 2},
	[D_SWA_FULL] = {"swa_full", bits, 2},
};
/* The cache types and flash attention, taken in turn along the shapes (5
 * is prime to every dimension's count, so each meets every value of each
 * dimension): the engine's f16 with -fa on and off, q8_0 and q4_0 K and V
 * (quantized V needs -fa), and q8_0 K beside f16 V without -fa. */
static const struct cache_combo {
	enum cache_type k, v;
	int fa;
} combos[] = {
	{CACHE_F16, CACHE_F16, 1},   {CACHE_F16, CACHE_F16, 0},
	{CACHE_Q8_0, CACHE_Q8_0, 1}, {CACHE_Q4_0, CACHE_Q4_0, 1},
	{CACHE_Q8_0, CACHE_F16, 0},
};
#define NCOMBOS (int)(sizeof combos / sizeof combos[0])
/* fit sweeps -c itself and draws every cache type, each of its runs costs
 * tens of milliseconds: its four dimensions (-ub, -np, -kvu, -fa) as an
 * orthogonal array L9(3^4), every pair of values once (two-valued ones
 * folded 2 -> 0), the model's own f16 cache. */
static const int l9[9][4] = {
	{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 2, 2, 2}, {1, 0, 1, 2}, {1, 1, 2, 0},
	{1, 2, 0, 1}, {2, 0, 2, 1}, {2, 1, 0, 2}, {2, 2, 1, 0},
};

/* The DeciLM of tests/engine.sh (Nemotron-51B-like blocks: 8 layers, KV
 * heads 4, 2, 0, 1, 4, 0, 2, 1, the 0-head layers without attention), as
 * the one writer of GGUF fixtures, tests/ggufs.sh's deci, prints it: every
 * tensor llama.cpp loads (written here without data).  0, or -1 when the
 * generator could not be run (from the project's top directory). */
static int deci_spec(char *buf, size_t len)
{
	FILE *p = popen(". tests/ggufs.sh && deci", "r");
	if (!p)
		return -1;
	size_t n = fread(buf, 1, len - 1, p);
	buf[n] = 0;
	return pclose(p) == 0 && n > 0 && n < len - 1 ? 0 : -1;
}

struct walk {
	const struct registry *reg;
	int summaries, refused, failed, reported;
};

/* The runs of one scene and model, one a cache combo, opened when first
 * walked (each deployment sets every key the scene takes). */
struct runs {
	struct run r[NCOMBOS];
	int open[NCOMBOS];
};

/* One deployment on scene def with model m0 in cache combo c: the
 * assignments as[na] (keys the scene lacks left out). */
static void walk_one(struct walk *w, struct runs *rs,
		     const struct scene_def *def, const struct model *m0,
		     const char *name, int c, const char *const *as, int na)
{
	static struct model m;
	struct run *r = &rs->r[c];
	char err[600], line[400] = "";
	for (int i = 0; i < na; i++) {
		strncat(line, as[i], sizeof line - strlen(line) - 2);
		strcat(line, " ");
	}
	if (!rs->open[c]) {
		m = *m0;
		m.k_type = combos[c].k;
		m.v_type = combos[c].v;
		/* another cache than the shipped file's: not the lesson's model
		 */
		if (m.k_type != m0->k_type || m.v_type != m0->v_type)
			snprintf(m.id, sizeof m.id, "%s", "walked");
		if (run_open(r, def, &m, err, sizeof err) < 0) {
			w->refused++;
			return;
		}
		rs->open[c] = 1;
	}
	/* the values straight into the run's parameters: run_summary builds
	 * its own state from them (run_set would build one more) */
	for (int i = 0; i < na; i++)
		if (params_set(&r->params, as[i], err, sizeof err) < 0) {
			T_OK(0, "walkdeploy: %s takes %s (%s)", def->file.id,
			     as[i], err);
			return;
		}
	struct summary s;
	int checked, failed;
	summary_init(&s);
	if (run_summary(r, &s, err, sizeof err) < 0) {
		/* a deployment llama.cpp refuses too (quantized V without -fa,
		 * ...) */
		w->refused++;
		summary_free(&s);
		return;
	}
	summary_counts(&s, &checked, &failed);
	const char *key = "?";
	w->summaries++;
	if (failed) {
		w->failed++;
		for (int i = 0; i < s.n; i++)
			if (s.items[i].status == SUMMARY_FAIL) {
				key = s.items[i].key;
				break;
			}
		if (w->reported++ < 10)
			T_OK(0,
			     "walkdeploy: %s -m %s -ctk %s -ctv %s %s: %d "
			     "FAIL, the first %s",
			     def->file.id, name, model_cache_name(combos[c].k),
			     model_cache_name(combos[c].v), line, failed, key);
	}
	summary_free(&s);
}

/* The scene's name for a key, or NULL when it lacks it (every model
 * scene takes the whole deployment, scene/deploy_params.h). */
static const char *key_of(const struct scene_def *def, const char *key)
{
	const struct param_spec *p = def->cls->params;
	for (int i = 0; p[i].name; i++)
		if (!strcmp(p[i].name, key))
			return p[i].name;
	return NULL;
}

/* Every shape of the matrix the scene takes (each dimension it lacks
 * walked once), the cache combos in turn along them. */
static void walk_scene(struct walk *w, const struct scene_def *def,
		       const struct model *m, const char *name, int k)
{
	const char *keys[NDIMS], *fa = key_of(def, "fa");
	int n[NDIMS], at[NDIMS] = {0},
		      pairs = !strcmp(def->file.id, "fa-engines");
	static struct runs rs;
	char set[NDIMS + 1][48];
	const char *as[NDIMS + 1];
	memset(&rs, 0, sizeof rs);
	for (int i = 0; i < NDIMS; i++) {
		keys[i] = key_of(def, dims[i].key);
		n[i] = !keys[i] ? 1 : i == D_UB && pairs ? 2 : dims[i].n;
	}
	if (!strcmp(def->file.id, "fit")) {
		for (int j = 0; j < (k < 0 ? 9 : 3); j++) {
			int r = k < 0 ? j : (3 * k + j) % 9;
			snprintf(set[0], sizeof set[0], "ubatch=%s",
				 ubs[l9[r][0]]);
			snprintf(set[1], sizeof set[1], "n_seq=%s",
				 nseqs[l9[r][1]]);
			snprintf(set[2], sizeof set[2], "unified=%d",
				 l9[r][2] & 1);
			snprintf(set[3], sizeof set[3], "fa=%d", l9[r][3] & 1);
			for (int i = 0; i < 4; i++)
				as[i] = set[i];
			walk_one(w, &rs, def, m, name, l9[r][3] & 1, as, 4);
		}
	} else {
		int total = 1;
		for (int i = 0; i < NDIMS; i++)
			total *= n[i];
		for (int row = 0;; row++) {
			int c = (row + (k > 0 ? k : 0)) % NCOMBOS, na = 0;
			for (int i = 0; i < NDIMS; i++)
				if (keys[i]) {
					snprintf(set[na], sizeof set[na],
						 "%s=%s", keys[i],
						 i == D_UB && pairs
							 ? ub_pairs[at[i]]
							 : dims[i].vals[at[i]]);
					as[na] = set[na];
					na++;
				}
			if (fa) {
				snprintf(set[na], sizeof set[na], "%s=%d", fa,
					 combos[c].fa);
				as[na] = set[na];
				na++;
			}
			if (total <= 12 || k < 0 || (row + k) % 2 == 0)
				walk_one(w, &rs, def, m, name, c, as, na);
			int i = NDIMS - 1;
			while (i >= 0 && ++at[i] == n[i])
				at[i--] = 0;
			if (i < 0)
				break;
		}
	}
	for (int c = 0; c < NCOMBOS; c++)
		if (rs.open[c])
			run_close(&rs.r[c]);
}

/* Every model-driven scene with model m, the k-th walked (-1: every
 * deployment; else, to stay within seconds, the larger scenes walk every
 * other shape, k's half, and fit three rows of its array from k's on:
 * over the shipped models every shape and row is walked many times). */
static void walk_model(struct walk *w, const struct model *m, const char *name,
		       int k)
{
	for (int i = 0; i < w->reg->n; i++) {
		const struct scene_def *def = &w->reg->defs[i];
		if (!def->file.model[0] || scene_measures(def))
			continue;
		if (getenv("ATTNVIZ_WALKDEPLOY_SCENE") &&
		    strcmp(getenv("ATTNVIZ_WALKDEPLOY_SCENE"), def->file.id))
			continue;
		walk_scene(w, def, m, name, k);
	}
}

void test_walkdeploy(void)
{
	struct registry reg;
	char err[600];
	if (registry_load(&reg, err, sizeof err) < 0) {
		T_OK(0, "walkdeploy: scenes load (%s)", err);
		return;
	}
	struct walk w = {.reg = &reg};
	static struct model_entry ents[MODEL_LIST_MAX];
	static struct model m;
	int nm = model_list(ents, MODEL_LIST_MAX), models = 0;
	for (int i = 0; i < nm; i++)
		if (model_find_load(&m, ents[i].path, err, sizeof err) == 0) {
			walk_model(&w, &m, ents[i].id, models);
			models++;
		}
	char dir[] = "/tmp/attnviz-walkdeploy-XXXXXX", path[64];
	if (mkdtemp(dir)) {
		snprintf(path, sizeof path, "%s/deci.gguf", dir);
		static char spec[8192];
		snprintf(err, sizeof err, "tests/ggufs.sh's deci did not run");
		if (deci_spec(spec, sizeof spec) == 0 &&
		    gguf_spec_write(spec, path, err, sizeof err) == 0 &&
		    model_find_load(&m, path, err, sizeof err) == 0) {
			walk_model(&w, &m, "deci-8l.gguf", -1);
			models++;
		} else {
			T_OK(0, "walkdeploy: the DeciLM-shaped GGUF loads (%s)",
			     err);
		}
		unlink(path);
		rmdir(dir);
	}
	T_OK(models > 20 && w.summaries > 2000 && w.failed == 0,
	     "walkdeploy: %d models x every model scene x the engine's "
	     "deployments: %d summaries, %d refused, %d with a "
	     "FAIL",
	     models, w.summaries, w.refused, w.failed);
	registry_free(&reg);
}
