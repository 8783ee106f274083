/*
 * llamalog: what a llama.cpp log says about memory (llama-server,
 * llama-cli or llama-bench stderr, as a user pastes it), for --reconcile.
 *
 * Each line is data: ANSI colour codes and a trailing CR are dropped, and a
 * line is recognised by the llama.cpp function tag it contains anywhere
 * ("llama_context: ", "print_info: ", ...), so llama-server's timestamp and
 * level prefixes ("0.01.234.567 I ") and anything else before the tag are
 * skipped.  Lines longer than LLOG_LINE_MAX bytes are read whole but only
 * their first LLOG_LINE_MAX - 1 bytes are looked at: a memory line cut so
 * is unreadable, as is one cut short, run into another line, or with a
 * negative or overlarge number (LLOG_UNREADABLE: shown, never dropped).
 * A NUL byte or more than LLOG_MAX_BYTES ends the read: not a log.  The lines
 * and their printf formats come from the llama.cpp source of tests/engine.sh:
 *   src/llama-model.cpp        print_info ("print_info: n_head_kv = 8")
 *   src/llama-context.cpp      llama_context constructor ("n_ctx = 4096", the
 *                              output buffer), sched_reserve (compute buffer)
 *   src/llama-kv-cache.cpp     llama_kv_cache ("size = %7.2f MiB (%6u cells,
 *                              %3d layers, %2u/%u seqs), K (%s): ..., V (%s):
 * ...",
 *                              "%10s KV buffer size = %8.2f MiB")
 *   src/llama-kv-cache-iswa.cpp  "creating non-SWA KV cache, size = %u cells",
 *                              "creating     SWA KV cache, ...", "using
 * full-size SWA cache" src/llama-memory-recurrent.cpp  "size = ... R (...)",
 * "RS buffer size" and the names of llama.cpp before split streams (2025):
 * llama_kv_cache_unified, n_ctx_per_seq, "%2u seqs" without streams, flash_attn
 * = 1 / 0.
 */
#ifndef ATTNVIZ_LLAMALOG_H
#define ATTNVIZ_LLAMALOG_H

#include <stdint.h>
#include <stdio.h>

#include "model/model.h"

#define LLOG_LINE_MAX 1024   /* bytes of a line looked at */
#define LLOG_MAX_BYTES                                                         \
	(64 << 20) /* a log larger than this is not read (/dev/zero,           \
		      /dev/urandom) */
#define LLOG_MAX_INFO 192    /* print_info lines kept */
#define LLOG_MAX_MEM 96      /* memory lines kept */
#define LLOG_MAX_CTX 16      /* contexts (llama_context: constructing ...) kept */
#define LLOG_TEXT 32         /* a number or a type as printed */
#define LLOG_BAD                                                               \
	(-2) /* a number of llama_context's that the log gives but that cannot \
		be read */

/* A memory line of the log. */
enum llog_kind {
	LLOG_CTX_SEQ, /* llama_context: n_ctx_seq = N (cells of a stream) */
	LLOG_BASE_CELLS, /* llama_kv_cache_iswa: creating non-SWA KV cache, size
			    = N cells */
	LLOG_SWA_CELLS, /* llama_kv_cache_iswa: creating     SWA KV cache, size
			   = N cells */
	LLOG_KV_SIZE, /* llama_kv_cache: size = MiB (cells, layers,
			 seqs/streams), K (t): MiB, V (t): MiB */
	LLOG_KV_BUFFER, /* llama_kv_cache: DEV KV buffer size = MiB */
	LLOG_OUTPUT, /* DEV output buffer size = MiB */
	LLOG_COMPUTE, /* DEV compute buffer size = MiB */
	LLOG_WEIGHTS, /* load_tensors: DEV model buffer size = MiB */
	LLOG_RECURRENT, /* llama_memory_recurrent: size = / RS buffer size = */
	LLOG_UNREADABLE, /* one of these lines (or a llama_context number) whose
			  * values cannot be read: cut, interleaved with another
			  * line, negative or too large (why says which) */
	LLOG_KIND_COUNT
};

enum llog_cache { LLOG_PLAIN, LLOG_BASE, LLOG_SWA };   /* which cache a KV line belongs to */

struct llog_mem {
	int line;                  /* 1-based line of the log */
	int ctx;                   /* index into llog.ctx */
	enum llog_kind kind;
	enum llog_cache cache;     /* LLOG_KV_SIZE, LLOG_KV_BUFFER: the iSWA cache it follows */
	char dev[LLOG_TEXT];       /* buffer lines: "CPU", "CUDA0", ... */
	char mib[LLOG_TEXT];       /* MiB as printed ("512.00"), or the count of a cells line */
	int64_t cells, layers, seqs, streams;          /* LLOG_KV_SIZE; cells also for the *_CELLS lines */
	char k_type[LLOG_TEXT], v_type[LLOG_TEXT];     /* LLOG_KV_SIZE */
	char k_mib[LLOG_TEXT], v_mib[LLOG_TEXT];
	char why[160]; /* LLOG_UNREADABLE: what could not be read */
};

/* One context's deployment, as llama_context's constructor prints it. */
struct llog_ctx {
	int line;
	int model;                 /* which model load it follows: 1 the first (whose print_info is read) */
	int64_t n_seq_max, n_ctx, n_ctx_seq, n_batch,
		n_ubatch; /* -1: not in the log, LLOG_BAD: unreadable */
	int bad_line; /* the first of its constructor lines that could not be
			 read, or 0 */
	int flash_attn;            /* 1 enabled, 0 disabled, -1 auto (resolved later when the log says) */
	int kv_unified;            /* -1: not in the log */
	int swa_full;              /* 1: "using full-size SWA cache" was logged */
	int old_kv_line;           /* 1: a KV line without streams ("1 seqs"): llama.cpp before split
				    * streams (2025), whose one cache all sequences share, as -kvu now */
	char refused[160];         /* llama_init_from_model's reason when the context was refused */
	int refused_line;
};

/* A "print_info: key = value" line (the model's hyperparameters). */
struct llog_info {
	char key[LLOG_TEXT];
	char val[160];
	int line;
};

struct llog {
	int lines;                 /* lines read */
	int tagged;                /* lines with a llama.cpp tag */
	int nul; /* a NUL byte was seen: binary, not a log (reading stops there)
		  */
	int too_big; /* more than LLOG_MAX_BYTES: not a log (reading stops
			there) */
	int cut; /* the line being read is longer than LLOG_LINE_MAX */
	int overlong; /* lines with a llama.cpp tag longer than LLOG_LINE_MAX
		       * (only their start is looked at) */
	char gguf_path[512];       /* llama_model_loader: loaded meta data ... from PATH (version ...) */
	int gguf_line;
	int models;                /* print_info: arch lines (models loaded) */
	struct llog_info info[LLOG_MAX_INFO];
	int ninfo;
	struct llog_ctx ctx[LLOG_MAX_CTX];
	int nctx;
	struct llog_mem mem[LLOG_MAX_MEM];
	int nmem;
	int dropped;               /* memory lines beyond LLOG_MAX_MEM or LLOG_MAX_CTX */
};

/* Read a log (g is large: allocate it).  0 when it is a llama.cpp log (a
 * print_info, llama_context or llama_kv_cache line), -1 when not. */
int llog_read(struct llog *g, FILE *f);
/* The value of the first model's "print_info: key = value", or NULL; *line its line. */
const char *llog_info(const struct llog *g, const char *key, int *line);

/* The model the print_info lines describe, read by the GGUF reader's own
 * rules (the lines are llama.cpp's hparams, each mapped back to the GGUF key
 * it was read from).  0, or -1 with "LOG:LINE: key: what" in err. */
int llog_model(const struct llog *g, const char *where, struct model *m, char *err, size_t errlen);

/* A llama.cpp cache type name ("f16", "q8_0") as attnviz's; -1 when unknown. */
int llog_cache_type(const char *name, enum cache_type *t);

#endif
