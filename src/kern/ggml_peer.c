#include "kern/ggml_peer.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The version of tools/ggml_peer.c's functions this loader calls. */
#define PEER_ABI 1

struct ggml_peer {
	void *lib, *ctx;
	char path[PATH_MAX];
	const char *device;
	struct fastbench_peer bench;
	void (*close)(void *ctx);
};

/* dlsym's object pointer into a function pointer: POSIX allows it, ISO C
 * has no cast for it, so the bytes are copied. */
static int sym(void *lib, const char *name, void *fnp, size_t size)
{
	void *p = dlsym(lib, name);
	if (!p)
		return -1;
	memcpy(fnp, &p, size);
	return 0;
}

/* Candidate paths in order: the environment's, then beside the executable. */
static int candidates(char out[][PATH_MAX], int max)
{
	int n = 0;
	const char *env = getenv("ATTNVIZ_GGML_PEER");
	if (env && *env) {
		snprintf(out[n++], PATH_MAX, "%s", env);
		return n;   /* asked for that one: no other is tried */
	}
	char exe[PATH_MAX];
	ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (len <= 0)
		return n;
	exe[len] = 0;
	char *slash = strrchr(exe, '/');
	if (!slash)
		return n;
	*slash = 0;
	if (n < max)
		snprintf(out[n++], PATH_MAX, "%.*s/build/ggml_peer.so", PATH_MAX - 24, exe);
	if (n < max)
		snprintf(out[n++], PATH_MAX, "%.*s/ggml_peer.so", PATH_MAX - 24, exe);
	return n;
}

struct ggml_peer *ggml_peer_open(char *why, size_t whylen)
{
	char paths[2][PATH_MAX];
	int n = candidates(paths, 2);
	void *lib = NULL;
	int at = -1;
	for (int i = 0; i < n && !lib; i++)
		if (access(paths[i], R_OK) == 0 && (lib = dlopen(paths[i], RTLD_NOW | RTLD_LOCAL)) != NULL)
			at = i;
		else if (access(paths[i], R_OK) == 0) {
			snprintf(why, whylen, "%s does not load: %s", paths[i], dlerror());
			return NULL;
		}
	if (!lib) {
		snprintf(why, whylen, "no %s (sh tools/fetch-llama.sh, then make)", n ? paths[0] : "ggml_peer.so");
		return NULL;
	}
	struct ggml_peer *g = calloc(1, sizeof *g);
	int (*abi)(void) = NULL;
	void *(*open)(char *, size_t) = NULL;
	const char *(*name)(void *) = NULL;
	if (!g || sym(lib, "attnviz_ggml_peer_abi", &abi, sizeof abi) < 0 || abi() != PEER_ABI ||
	    sym(lib, "attnviz_ggml_peer_open", &open, sizeof open) < 0 ||
	    sym(lib, "attnviz_ggml_peer_name", &name, sizeof name) < 0 ||
	    sym(lib, "attnviz_ggml_peer_prepare", &g->bench.prepare, sizeof g->bench.prepare) < 0 ||
	    sym(lib, "attnviz_ggml_peer_run", &g->bench.run, sizeof g->bench.run) < 0 ||
	    sym(lib, "attnviz_ggml_peer_output", &g->bench.output, sizeof g->bench.output) < 0 ||
	    sym(lib, "attnviz_ggml_peer_close", &g->close, sizeof g->close) < 0) {
		snprintf(why, whylen, "%s is not a peer of this attnviz (ABI %d wanted)", paths[at], PEER_ABI);
		free(g);
		dlclose(lib);
		return NULL;
	}
	char err[160] = "";
	g->ctx = open(err, sizeof err);
	if (!g->ctx) {
		snprintf(why, whylen, "%s: %s", paths[at], err);
		free(g);
		dlclose(lib);
		return NULL;
	}
	g->lib = lib;
	g->bench.ctx = g->ctx;
	g->device = name(g->ctx);
	memcpy(g->path, paths[at], sizeof g->path);
	return g;
}

const struct fastbench_peer *ggml_peer_bench(const struct ggml_peer *g)
{
	return &g->bench;
}

const char *ggml_peer_device(const struct ggml_peer *g)
{
	return g->device ? g->device : "?";
}

const char *ggml_peer_path(const struct ggml_peer *g)
{
	return g->path;
}

void ggml_peer_close(struct ggml_peer *g)
{
	if (!g)
		return;
	g->close(g->ctx);
	/* The library stays mapped: ggml's CPU backend keeps threads and
	 * atexit state that unmapping would leave dangling. */
	free(g);
}
