/* The model description: the INI loader's per-layer values, defaults and
 * origins, model_finish on a model as the GGUF and config.json readers fill
 * it, format detection and the export round trip. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/arch.h"
#include "model/family.h"
#include "model/model.h"
#include "t.h"

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static const char fixture[] = "[model]\n"
			      "name = Per-layer\n"
			      "params = 2e9\n"
			      "experts = 8\n"
			      "experts_used = 2\n"
			      "active_params = 5e8\n"
			      "layers = 6\n"
			      "heads = 16\n"
			      "kv_heads = 4,4,0,8,4,2\n"
			      "head_dim = 64\n"
			      "head_dim_v = 32\n"
			      "vocab = 1000\n"
			      "ctx_train = 4096\n"
			      "[attention]\n"
			      "kind = gqa\n"
			      "sliding_window = 512\n"
			      "layer_types = sliding,sliding,full,sliding,full,full\n"
			      "sinks = learned\n"
			      "[rope]\n"
			      "base = 10000\n"
			      "scaling = llama3\n"
			      "factor = 8\n"
			      "[cache]\n"
			      "type = q8_0\n"
			      "v_type = f16\n";

static void check_fixture(const struct model *m, const char *what)
{
	static const int kv[6] = {4, 4, 0, 8, 4, 2}, swa[6] = {1, 1, 0, 1, 0, 0};
	int same_kv = 1, same_swa = 1;
	for (int il = 0; il < 6; il++) {
		same_kv &= m->layer_kv_heads[il] == kv[il];
		same_swa &= m->layer_swa[il] == swa[il];
	}
	T_OK(same_kv, "model %s: kv_heads per layer 4,4,0,8,4,2", what);
	T_OK(same_swa, "model %s: layer types per layer", what);
	T_EQ_INT(m->kv_heads, 8, "model %s: kv_heads is the largest of the layers", what);
	T_EQ_INT(m->head_dim_v, 32, "model %s: head_dim_v", what);
	T_EQ_INT(m->experts * 10 + m->experts_used, 82, "model %s: 8 experts, 2 used", what);
	T_NEAR(m->active_params, 5e8, 0, "model %s: active params", what);
	T_EQ_INT(m->k_type, CACHE_Q8_0, "model %s: K type from [cache] type", what);
	T_EQ_INT(m->v_type, CACHE_F16, "model %s: V type overridden", what);
	T_EQ_INT(m->scaling, ROPE_LLAMA3, "model %s: llama3 scaling", what);
	T_NEAR(m->low_freq_factor * 10 + m->high_freq_factor, 14, 0, "model %s: llama3 defaults 1 and 4", what);
	T_EQ_INT(m->orig_ctx, 4096, "model %s: orig_ctx defaults to ctx_train", what);
	T_EQ_INT(m->sinks_learned, 1, "model %s: learned sinks", what);
	T_EQ_INT(model_local_layers(m), 3, "model %s: three local layers", what);
}

/* A family's file is named after the llama.cpp architecture it holds
 * (src/families/ARCH.c, build/families.c lists them), each name once, and
 * the name finds that family. */
static void test_families(void)
{
	T_OK(family_count >= 31, "families: %zu files in src/families/",
	     family_count);
	for (size_t i = 0; i < family_count; i++) {
		const struct family *f = families[i];
		T_EQ_STR(f->arch, family_files[i],
			 "families: %s.c holds %s", family_files[i], f->arch);
		T_OK(arch_find(f->arch) == f, "families: %s finds its family",
		     f->arch);
		size_t same = 0;
		for (size_t j = 0; j < family_count; j++)
			same += !strcmp(families[j]->arch, f->arch);
		T_EQ_INT(same, 1, "families: %s is one family", f->arch);
	}
	T_OK(arch_find("") == NULL && arch_find("llama2") == NULL,
	     "families: a name without a file finds none");
}

void test_model(void)
{
	test_families();
	char dir[] = "/tmp/attnviz-unit-model-XXXXXX", path[96], out[96], err[700];
	static struct model m, back;
	if (!mkdtemp(dir)) {
		T_OK(0, "model: temporary directory");
		return;
	}
	snprintf(path, sizeof path, "%s/per-layer.ini", dir);
	write_file(path, fixture);
	int rc = model_load(&m, path, err, sizeof err);
	T_EQ_INT(rc, 0, "model: the per-layer fixture loads (%s)", rc ? err : "");
	if (rc == 0) {
		check_fixture(&m, "loaded");
		T_EQ_STR(m.id, "per-layer", "model: id is the file name without .ini");
		T_EQ_INT(m.format, MODEL_INI, "model: format INI");
		T_EQ_STR(model_field_origin(&m, MF_KV_HEADS), "[model] kv_heads", "model: origin of a value read");
		T_EQ_STR(model_field_origin(&m, MF_V_TYPE), "[cache] v_type", "model: origin of an override");
		T_EQ_STR(model_field_origin(&m, MF_K_TYPE), "[cache] type", "model: origin of K's type");
		T_EQ_STR(model_field_origin(&m, MF_ORIG_CTX), "default: ctx_train", "model: origin of a default");
		/* 2 x layers x kv x head_dim bytes would be the uniform rule; per layer
		 * (q8_0 K: 34 bytes per 32, f16 V: 2): K (4+4+0+8+4+2) x 64 = 1408
		 * elements = 44 blocks = 1496 bytes, V 22 x 32 x 2 = 1408 bytes. */
		int64_t k = 0, v = 0;
		for (int il = 0; il < 6; il++) {
			k += model_cache_bytes(m.k_type, m.layer_kv_heads[il] * m.head_dim);
			v += model_cache_bytes(m.v_type, m.layer_kv_heads[il] * m.head_dim_v);
		}
		T_EQ_INT(k + v, 1496 + 1408, "model: per-layer K and V bytes a token by hand");

		/* export, load again: the same model */
		snprintf(out, sizeof out, "%s/per-layer-out.ini", dir);
		FILE *f = fopen(out, "w");
		if (f) {
			model_export(&m, f);
			fclose(f);
		}
		rc = model_load(&back, out, err, sizeof err);
		T_EQ_INT(rc, 0, "model: the export loads (%s)", rc ? err : "");
		if (rc == 0)
			check_fixture(&back, "exported");
	}

	/* A bad model leaves the loaded one as it was. */
	snprintf(out, sizeof out, "%s/bad.ini", dir);
	write_file(out, "[model]\nname = x\n");
	T_EQ_INT(model_load(&m, out, err, sizeof err), -1, "model: a bad file is refused");
	T_EQ_STR(m.name, "Per-layer", "model: a bad file leaves the model as it was");
	unlink(out);

	/* model_finish on a model filled as a GGUF or config.json reader does:
	 * one kv_heads, a window and a pattern, no per-layer arrays. */
	memset(&m, 0, sizeof m);
	m.params = 1e9;
	m.layers = 12;
	m.heads = 8;
	m.kv_heads = 2;
	m.head_dim = 64;
	m.vocab = 100;
	m.ctx_train = 8192;
	m.kind = ATTN_GQA;
	m.sliding_window = 1024;
	m.swa_pattern = 6;
	m.rope_base = 10000;
	m.k_type = m.v_type = CACHE_F16;
	rc = model_finish(&m, "reader", err, sizeof err);
	T_EQ_INT(rc, 0, "model_finish: a reader's model completes (%s)", rc ? err : "");
	T_EQ_INT(m.layer_kv_heads[11], 2, "model_finish: kv_heads copied to every layer");
	T_EQ_INT(model_local_layers(&m), 10, "model_finish: pattern 6 over 12 layers: 10 local");
	T_EQ_INT(m.head_dim_v, 64, "model_finish: head_dim_v defaults to head_dim");
	T_NEAR(m.active_params, 1e9, 0, "model_finish: active params default to params");
	m.swa_ignored = 1;
	T_EQ_INT(model_local_layers(&m), 0, "model: an ignored window leaves every layer global");
	m.swa_ignored = 0;
	m.layer_kv_heads[3] = 3;
	T_EQ_INT(model_finish(&m, "reader", err, sizeof err), -1, "model_finish: 3 KV heads do not divide 8");
	T_OK(strstr(err, "reader: kv_heads: layer 3") != NULL, "model_finish: the error names the layer (%s)", err);

	T_EQ_INT(model_path_format("a/b.gguf"), MODEL_GGUF, "model: .gguf is GGUF");
	T_EQ_INT(model_path_format("a/config.json"), MODEL_HF_CONFIG, "model: config.json is a Hugging Face config");
	T_EQ_INT(model_path_format("a/b.ini"), MODEL_INI, "model: anything else is INI");
	T_EQ_INT(model_path_format(dir), MODEL_INI, "model: a directory without config.json is not a config");
	snprintf(out, sizeof out, "%s/config.json", dir);
	write_file(out, "{}");
	T_EQ_INT(model_path_format(dir), MODEL_HF_CONFIG, "model: a directory holding config.json is a config");
	unlink(out);

	/* ggml-common.h block sizes per 32 elements */
	static const int block[] = {0, 0, 0, 34, 18, 20, 22, 24, 18};
	int blocks_ok = model_cache_bytes(CACHE_F32, 64) == 256 && model_cache_bytes(CACHE_F16, 64) == 128 &&
			model_cache_bytes(CACHE_BF16, 64) == 128;
	for (int t = CACHE_Q8_0; t <= CACHE_IQ4_NL; t++)
		blocks_ok &= model_cache_bytes((enum cache_type)t, 64) == 2 * block[t] &&
			     model_cache_bytes((enum cache_type)t, 33) == 2 * block[t];
	T_OK(blocks_ok, "model: cache bytes per ggml block, rounded up per 32");
	unlink(path);
	snprintf(out, sizeof out, "%s/per-layer-out.ini", dir);
	unlink(out);
	rmdir(dir);
}
