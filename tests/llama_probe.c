/*
 * llama_probe MODEL.gguf [DEPLOY...]: asks a real llama.cpp (fetched by
 * tools/fetch-llama.sh, compiled against its own headers by tests/engine.sh)
 * what KV cache it allocates.  The model is loaded with no_alloc (llama.cpp's
 * dry run: metadata and shapes only, no weights read, nothing allocated), so
 * a sparse header-only GGUF of the full size is enough.
 *
 * A deployment is one line (argument or stdin) of KEY=VALUE words:
 *   ctx=4096 n_seq=1 ubatch=512 batch=2048 unified=0 swa_full=0 fa=1 k=f16 v=f16
 * (these are the defaults, except swa_full, which is llama.cpp's default 1
 * and set explicitly here).  For each the probe prints tab-separated lines:
 *   D <n> deploy <the line>
 *   D <n> kv <cells> <layers> <seqs> <streams> <size MiB> <K type> <K MiB> <V type> <V MiB>
 *   D <n> iswa base|swa <cells>
 *   D <n> ctx n_ctx|n_ctx_seq|n_batch|n_ubatch|flash_attn <value>
 *   D <n> buffer <what> <MiB>            compute and output buffer sizes
 *   D <n> bytes <model> <context> <compute>   llama_get_memory_breakdown, summed
 *   D <n> error <text>                   the context was refused
 *   D <n> log <line>                     every other line llama.cpp logs
 * and after loading "model_size <bytes>" (llama_model_size: every tensor's bytes).
 * First line: "defaults ok" or "defaults bad ..." (llama_context_default_params
 * read through this header: the struct layout matches the library).
 *
 * With LLAMA_PROBE_RAW=1 in the environment it prints nothing of its own:
 * llama.cpp's log lines go to stdout as llama.cpp wrote them, loading
 * included (tests/reconcile-fixtures.sh keeps them as --reconcile fixtures).
 * LLAMA_PROBE_ALLOC=1 loads the model for real (weights read, every buffer
 * allocated): only for a small GGUF.
 */
#include <limits.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "llama.h"
#include "ggml-backend.h"

/* tests/llama_breakdown.cpp: llama_get_memory_breakdown is C++ only. */
void probe_breakdown(const struct llama_context *ctx, unsigned long long *model, unsigned long long *context,
		     unsigned long long *compute);

static int cur = -1;          /* deployment number, -1 while loading */
static int raw;               /* LLAMA_PROBE_RAW: llama.cpp's lines only, unchanged */
static char pend[4096];
static size_t npend;

static void line_out(const char *l)
{
	unsigned cells, seqs, streams;
	int layers;
	float mib, kmib, vmib;
	char kt[16], vt[16], what[64];
	const char *p;
	if (raw) {
		printf("%s\n", l);
		return;
	}
	if (cur < 0) {   /* the model's loading: to stderr */
		fprintf(stderr, "%s\n", l);
		return;
	}
	if ((p = strstr(l, "llama_kv_cache: size =")) &&
	    sscanf(p, "llama_kv_cache: size = %f MiB (%u cells, %d layers, %u/%u seqs), K (%15[^)]): %f MiB, V (%15[^)]): %f MiB",
		   &mib, &cells, &layers, &seqs, &streams, kt, &kmib, vt, &vmib) == 9) {
		printf("D\t%d\tkv\t%u\t%d\t%u\t%u\t%.2f\t%s\t%.2f\t%s\t%.2f\n", cur, cells, layers, seqs, streams, mib, kt, kmib,
		       vt, vmib);
	} else if ((p = strstr(l, "creating non-SWA KV cache, size = ")) && sscanf(p, "creating non-SWA KV cache, size = %u", &cells) == 1) {
		printf("D\t%d\tiswa\tbase\t%u\n", cur, cells);
	} else if ((p = strstr(l, "creating     SWA KV cache, size = ")) && sscanf(p, "creating     SWA KV cache, size = %u", &cells) == 1) {
		printf("D\t%d\tiswa\tswa\t%u\n", cur, cells);
	} else if ((p = strstr(l, " buffer size =")) && strchr(l, ':') && strchr(l, ':') < p) {
		/* "sched_reserve:        CPU compute buffer size =    12.34 MiB" */
		const char *q = strchr(l, ':') + 1;
		while (*q == ' ')
			q++;
		size_t n = (size_t)(p - q);
		if (n >= sizeof what)
			n = sizeof what - 1;
		memcpy(what, q, n);
		what[n] = 0;
		while (n && what[n - 1] == ' ')
			what[--n] = 0;
		char *w2 = what;   /* spaces, collapsed, become one '_' */
		for (char *c = what; *c; c++)
			if (*c != ' ')
				*w2++ = *c;
			else if (w2 > what && w2[-1] != '_')
				*w2++ = '_';
		*w2 = 0;
		if (sscanf(p, " buffer size = %f", &mib) == 1)
			printf("D\t%d\tbuffer\t%s\t%.2f\n", cur, what, mib);
	} else if (!strncmp(l, "llama_context: n_", 17) || !strncmp(l, "llama_context: flash_attn", 25)) {
		char key[64], val[64];
		if (sscanf(l, "llama_context: %63s = %63s", key, val) == 2)
			printf("D\t%d\tctx\t%s\t%s\n", cur, key, val);
	} else {
		printf("D\t%d\tlog\t%s\n", cur, l);
	}
}

static void on_log(enum ggml_log_level level, const char *text, void *ud)
{
	static enum ggml_log_level last = GGML_LOG_LEVEL_INFO;
	(void)ud;
	if (level != GGML_LOG_LEVEL_CONT)
		last = level;
	if (last == GGML_LOG_LEVEL_DEBUG)   /* per-layer and per-tensor chatter */
		return;
	for (; *text; text++) {
		if (*text == '\n' || npend + 1 >= sizeof pend) {
			pend[npend] = 0;
			line_out(pend);
			npend = 0;
		} else {
			pend[npend++] = *text;
		}
	}
}

static int type_of(const char *s, enum ggml_type *t)
{
	static const struct {
		const char *name;
		enum ggml_type t;
	} types[] = {{"f32", GGML_TYPE_F32}, {"f16", GGML_TYPE_F16}, {"bf16", GGML_TYPE_BF16},
		     {"q8_0", GGML_TYPE_Q8_0}, {"q4_0", GGML_TYPE_Q4_0}, {"q4_1", GGML_TYPE_Q4_1},
		     {"q5_0", GGML_TYPE_Q5_0}, {"q5_1", GGML_TYPE_Q5_1}};
	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
		if (!strcmp(s, types[i].name)) {
			*t = types[i].t;
			return 0;
		}
	return -1;
}

static void deploy(struct llama_model *model, int n, const char *spec)
{
	struct llama_context_params cp = llama_context_default_params();
	char buf[1024], *save = NULL;
	cp.n_ctx = 4096;
	cp.n_seq_max = 1;
	cp.n_ubatch = 512;
	cp.n_batch = 2048;
	cp.kv_unified = false;
	cp.swa_full = true;   /* the library's default, set explicitly */
	cp.flash_attn_type = LLAMA_FLASH_ATTN_TYPE_ENABLED;
	cp.n_threads = cp.n_threads_batch = 1;
	snprintf(buf, sizeof buf, "%s", spec);
	buf[strcspn(buf, "\n")] = 0;
	cur = n;
	if (!raw)
		printf("D\t%d\tdeploy\t%s\n", n, buf);
	fflush(stdout);
	for (char *w = strtok_r(buf, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save)) {
		char *eq = strchr(w, '=');
		if (!eq) {
			printf("D\t%d\terror\tbad word %s\n", n, w);
			return;
		}
		*eq++ = 0;
		long v = strtol(eq, NULL, 0);
		if (!strcmp(w, "ctx"))
			cp.n_ctx = (uint32_t)v;
		else if (!strcmp(w, "n_seq"))
			cp.n_seq_max = (uint32_t)v;
		else if (!strcmp(w, "ubatch"))
			cp.n_ubatch = (uint32_t)v;
		else if (!strcmp(w, "batch"))
			cp.n_batch = (uint32_t)v;
		else if (!strcmp(w, "unified"))
			cp.kv_unified = v != 0;
		else if (!strcmp(w, "swa_full"))
			cp.swa_full = v != 0;
		else if (!strcmp(w, "fa"))
			cp.flash_attn_type = v ? LLAMA_FLASH_ATTN_TYPE_ENABLED : LLAMA_FLASH_ATTN_TYPE_DISABLED;
		else if ((!strcmp(w, "k") && !type_of(eq, &cp.type_k)) || (!strcmp(w, "v") && !type_of(eq, &cp.type_v)))
			;
		else {
			printf("D\t%d\terror\tbad word %s=%s\n", n, w, eq);
			return;
		}
	}
	struct llama_context *ctx = llama_init_from_model(model, cp);
	if (npend) {
		pend[npend] = 0;
		line_out(pend);
		npend = 0;
	}
	if (!ctx) {
		if (!raw)
			printf("D\t%d\terror\tllama_init_from_model failed\n", n);
	} else {
		unsigned long long mb, cb, xb;
		probe_breakdown(ctx, &mb, &cb, &xb);
		if (!raw)   /* raw: llama.cpp's lines only */
			printf("D\t%d\tbytes\t%llu\t%llu\t%llu\n", n, mb, cb, xb);
		llama_free(ctx);
	}
	fflush(stdout);
	cur = -1;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: llama_probe MODEL.gguf [DEPLOY...] (or deployments on stdin)\n");
		return 2;
	}
	/* A recurrent model's state is allocated and zeroed for real even in the
	 * dry run (llama-memory-recurrent.cpp, llama_memory_recurrent: the
	 * buffer from ggml_backend_alloc_ctx_tensors_from_buft, then
	 * ggml_backend_buffer_clear): 598.5 MiB a context for Qwen3.5 27B at
	 * n_seq 4.  glibc gives a block that large its own mmap and unmaps it
	 * at free, so every context faulted its pages in anew: 0.6 s a context,
	 * two thirds of the probe's time in tests/engine.sh.  Kept in the heap
	 * (no mmap, no trimming), the next context reuses the pages: the same
	 * numbers (every line alike but sched_reserve's timings), 34 s -> 5 s
	 * for that model's buffers group. */
	mallopt(M_MMAP_MAX, 0);
	mallopt(M_TRIM_THRESHOLD, INT_MAX);
	struct llama_context_params d = llama_context_default_params();
	struct llama_model_params mp = llama_model_default_params();
	raw = getenv("LLAMA_PROBE_RAW") && !strcmp(getenv("LLAMA_PROBE_RAW"), "1");
	if (d.n_ctx == 512 && d.n_batch == 2048 && d.n_ubatch == 512 && d.n_seq_max == 1 && d.type_k == GGML_TYPE_F16 &&
	    d.type_v == GGML_TYPE_F16 && d.flash_attn_type == LLAMA_FLASH_ATTN_TYPE_AUTO && d.swa_full && !d.kv_unified &&
	    d.offload_kqv && !d.embeddings && !mp.vocab_only && !mp.no_alloc && mp.kv_overrides == NULL) {
		if (!raw)
			printf("defaults ok\n");
	}
	else {
		printf("defaults bad n_ctx=%u n_batch=%u n_ubatch=%u n_seq_max=%u type_k=%d swa_full=%d kv_unified=%d\n", d.n_ctx,
		       d.n_batch, d.n_ubatch, d.n_seq_max, (int)d.type_k, d.swa_full, d.kv_unified);
		return 1;
	}
	llama_log_set(on_log, NULL);
	const char *libdir = getenv("LLAMA_LIBDIR");
	if (libdir)
		ggml_backend_load_all_from_path(libdir);
	else
		ggml_backend_load_all();
	llama_backend_init();
	mp.no_alloc = !(getenv("LLAMA_PROBE_ALLOC") && !strcmp(getenv("LLAMA_PROBE_ALLOC"), "1"));   /* llama.cpp's dry run */
	mp.n_gpu_layers = 0;
	mp.load_mode = LLAMA_LOAD_MODE_NONE;
	/* The plain CPU buffers, as on a CPU without AMX: where the host has
	 * AMX, ggml-cpu's extra buffer types (use_extra_bufts, llama-cli's
	 * --no-repack turns them off) move weights into an "AMX" buffer, a
	 * split of the same bytes that names the host in every log, and in
	 * this build DeepSeek-V2-Lite's graph then finds no backend for one of
	 * its ops (ggml-backend.cpp: GGML_ASSERT(*cur_backend_id != -1)).  The
	 * KV cache, compute and output buffers compared here do not depend on
	 * it. */
	mp.use_extra_bufts = false;
	struct llama_model *model = llama_model_load_from_file(argv[1], mp);
	if (npend) {
		pend[npend] = 0;
		npend = 0;
		if (!raw)
			printf("load\t%s\n", pend);
	}
	if (!model) {
		printf("load failed\n");
		return 1;
	}
	if (!raw) {
		printf("load ok\n");
		/* every tensor's ggml_nbytes, summed by llama.cpp (llama_model_size) */
		printf("model_size\t%llu\n", (unsigned long long)llama_model_size(model));
	}
	int n = 0;
	if (argc > 2) {
		for (int i = 2; i < argc; i++)
			deploy(model, n++, argv[i]);
	} else {
		char line[1024];
		while (fgets(line, sizeof line, stdin))
			if (line[0] != '#' && line[0] != '\n')
				deploy(model, n++, line);
	}
	llama_model_free(model);
	llama_backend_free();
	return 0;
}
