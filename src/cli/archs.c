/*
 * --archs: every architecture of the llama.cpp attnviz follows, one a line,
 * as the family files and the refusal table say (nothing typed here):
 *   NAME<TAB>sized<TAB>MEMORY<TAB>COMPUTE<TAB>READS
 *   NAME<TAB>refused<TAB>KIND<TAB>WHY
 * MEMORY names the caches attnviz reads for the family ("kv": K and V,
 * or MLA's latent as the file says, or "recurrent" alone, a state on every
 * layer; plus "+swa", "+chunked", "+shared", "+recurrent", "+indexer",
 * "+compressed"); READS is "gguf" or "gguf,config.json" (the files it is
 * read from besides an INI).
 * COMPUTE says whether its reserve graph is described, replayed and held
 * to the engine ("replayed, checked"), or replayed as the nearest
 * described graph ("estimated").
 */
#include "cli/cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/arch.h"
#include "model/family.h"
#include "model/hfconfig.h"

struct row {
	const char *arch;
	const struct family *fam;      /* sized, or NULL */
	const struct arch_refused *no; /* refused, or NULL */
};

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct row *)a)->arch,
		      ((const struct row *)b)->arch);
}

static void memory_of(const struct family *f, char *buf, size_t size)
{
	static const struct {
		unsigned mech;
		const char *name;
	} bits[] = {
		{AM_CHUNKED, "+chunked"},   {AM_SHARED_KV, "+shared"},
		{AM_RECURRENT, "+recurrent"}, {AM_INDEXER, "+indexer"},
	};
	/* a recurrent model (mamba): the states alone, no attention cache */
	if (f->recurrent && f->recurrent->rule == RR_ALL) {
		snprintf(buf, size, "recurrent");
		return;
	}
	/* kv: the attention layers' cache, K and V, or MLA's latent where
	 * the file gives kv_lora_rank (a fact of the file, not the family) */
	size_t n = (size_t)snprintf(buf, size, "kv");
	if (f->swa && !(f->mech & AM_CHUNKED) && n < size)
		n += (size_t)snprintf(buf + n, size - n, "+swa");
	for (size_t i = 0; i < sizeof bits / sizeof *bits && n < size; i++)
		if (f->mech & bits[i].mech)
			n += (size_t)snprintf(buf + n, size - n, "%s",
					      bits[i].name);
	/* DeepSeek V4's caches compressed along the sequence */
	if (f->compress && n < size)
		snprintf(buf + n, size - n, "+compressed");
}

/* Whether the family's reserve graph is described, and held to the
 * engine by tests/engine.sh's buffers group. */
static const char *compute_of(const struct family *f)
{
	int described = 0, checked = 0;
#define SEE(part)                                                              \
	if (f->part) {                                                         \
		described = 1;                                                 \
		checked |= f->part->modelled;                                  \
	}
	SEE(dense_graph)
	SEE(mamba2_graph)
	SEE(hybrid_graph)
	SEE(gdn_graph)
#undef SEE
	if (f->moe_graph) /* compute_moe_modelled: held whenever it runs */
		described = checked = 1;
	if (f->mech & (AM_GRAPH_GEMMA3N | AM_GRAPH_GEMMA4))
		described = checked = 1;
	if (described)
		return checked ? "replayed, checked" : "replayed";
	return "estimated";
}

int cli_archs(void)
{
	size_t n = family_count + arch_refused_count;
	struct row *rows = calloc(n, sizeof *rows);
	if (!rows) {
		fprintf(stderr, "attnviz: --archs: out of memory\n");
		return 2;
	}
	for (size_t i = 0; i < family_count; i++)
		rows[i] = (struct row){.arch = families[i]->arch,
				       .fam = families[i]};
	for (size_t i = 0; i < arch_refused_count; i++)
		rows[family_count + i] = (struct row){
			.arch = arch_refused[i].arch, .no = &arch_refused[i]};
	qsort(rows, n, sizeof *rows, by_name);
	for (size_t i = 0; i < n; i++) {
		if (rows[i].fam) {
			char mem[96];
			memory_of(rows[i].fam, mem, sizeof mem);
			printf("%s\tsized\t%s\t%s\t%s\n", rows[i].arch, mem,
			       compute_of(rows[i].fam),
			       hfconfig_reads_arch(rows[i].arch)
				       ? "gguf,config.json"
				       : "gguf");
			continue;
		}
		char why[400];
		const char *w;
		arch_refusal(rows[i].arch, why, sizeof why);
		/* the reason alone, after "'NAME' is not sized: " */
		w = strstr(why, "is not sized: ");
		printf("%s\trefused\t%s\t%s\n", rows[i].arch,
		       arch_refusal_kind(rows[i].no->kind),
		       w ? w + strlen("is not sized: ") : why);
	}
	free(rows);
	return fflush(stdout) == 0 ? 0 : 2;
}
