/*
 * quant_probe MODEL.gguf FTYPE...: asks a real llama.cpp what
 * llama-quantize makes of an f16/bf16 GGUF, without writing anything
 * (llama_model_quantize with params.dry_run = true, llama.h).  FTYPE is a
 * llama_ftype number (15: Q4_K_M).  The dry run logs one line a tensor,
 *   [  1/291]  token_embd.weight - [ 4096, 128256, 1, 1], type = f16, size =
 * 1002.00 MiB -> 281.81 MiB (q4_K) (src/llama-quant.cpp
 * llama_model_quantize_impl) and the total in MiB to two decimals; the probe
 * reads each line's shape and final type and sizes it with ggml's own
 * ggml_row_size, so the total is exact to the byte. Prints for each FTYPE: T
 * <ftype> <tensor name> <type> <bytes>     one a tensor Q <ftype> <total bytes>
 * <quant size MiB as llama.cpp printed it> A sparse GGUF of the full size is
 * enough: a dry run reads no weights.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ggml.h"
#include "llama.h"

static char line[8192];
static size_t used;
static int ftype_now;
static unsigned long long total;
static char quant_mib[64];

static enum ggml_type type_of(const char *name)
{
	for (int t = 0; t < GGML_TYPE_COUNT; t++) {
		const char *n = ggml_type_name((enum ggml_type)t);
		if (n && !strcmp(n, name))
			return (enum ggml_type)t;
	}
	return GGML_TYPE_COUNT;
}

/* One whole line of the log. */
static void one_line(const char *s)
{
	const char *p;
	if ((p = strstr(s, "quant size  =")))
		sscanf(p + 13, " %63s", quant_mib);
	if (s[0] != '[' || !(p = strstr(s, " - [")))
		return;
	char name[512];
	const char *e = p, *q;
	while (e > s && e[-1] == ' ') /* the name is printed %-36s */
		e--;
	for (q = e; q > s && q[-1] != ' ' && q[-1] != ']';)
		q--;
	snprintf(name, sizeof name, "%.*s", (int)(e - q), q);
	long long ne[4] = {1, 1, 1, 1};
	if (sscanf(p + 4, "%lld, %lld, %lld, %lld", &ne[0], &ne[1], &ne[2],
		   &ne[3]) != 4)
		return;
	char type[32] = "";
	const char *ty = strstr(p, "type = ");
	if (!ty || sscanf(ty + 7, " %31[^,]", type) != 1)
		return;
	const char *arrow = strstr(p, "-> ");
	if (arrow) {
		const char *paren = strchr(arrow, '(');
		if (paren)
			sscanf(paren + 1, "%31[^)]", type);
	}
	enum ggml_type t = type_of(type);
	if (t == GGML_TYPE_COUNT) {
		printf("E %d unknown type %s of %s\n", ftype_now, type, name);
		return;
	}
	unsigned long long bytes = (unsigned long long)ggml_row_size(t, ne[0]) *
				   (unsigned long long)(ne[1] * ne[2] * ne[3]);
	total += bytes;
	printf("T %d %s %s %llu\n", ftype_now, name, type, bytes);
}

static void logger(enum ggml_log_level level, const char *text, void *ud)
{
	(void)level;
	(void)ud;
	for (const char *c = text; *c; c++) {
		if (*c == '\n' || used + 1 >= sizeof line) {
			line[used] = 0;
			one_line(line);
			used = 0;
		} else {
			line[used++] = *c;
		}
	}
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: quant_probe MODEL.gguf FTYPE...\n");
		return 2;
	}
	llama_log_set(logger, NULL);
	llama_backend_init();
	int status = 0;
	for (int i = 2; i < argc; i++) {
		struct llama_model_quantize_params p =
			llama_model_quantize_default_params();
		ftype_now = atoi(argv[i]);
		p.ftype = (enum llama_ftype)ftype_now;
		p.dry_run = true;
		p.nthread = 1;
		total = 0;
		quant_mib[0] = 0;
		used = 0;
		uint32_t rc = llama_model_quantize(argv[1], "/dev/null", &p);
		if (used) {
			line[used] = 0;
			one_line(line);
			used = 0;
		}
		if (rc) {
			printf("E %d llama_model_quantize returned %u\n",
			       ftype_now, (unsigned)rc);
			status = 1;
			continue;
		}
		printf("Q %d %llu %s\n", ftype_now, total, quant_mib);
	}
	llama_backend_free();
	return status;
}
