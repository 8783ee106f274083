/*
 * ggml_peer: the benchmark's side-by-side peer, the real ggml's CPU flash
 * attention, loaded at run time from ggml_peer.so (tools/ggml_peer.c, built
 * by the Makefile only where tools/fetch-llama.sh has fetched ggml).  The
 * program builds and runs without it: open says why it is absent.  Both
 * --bench (src/cli/bench.c) and the bench scene use it, so it lives beside
 * kern/fastbench.h, outside the CLI and the scenes; it knows no curses or INI.
 */
#ifndef ATTNVIZ_KERN_GGML_PEER_H
#define ATTNVIZ_KERN_GGML_PEER_H

#include <stddef.h>

#include "kern/fastbench.h"

struct ggml_peer;

/* Looks for the library in $ATTNVIZ_GGML_PEER, else build/ggml_peer.so and
 * ggml_peer.so beside the executable.  NULL with the reason in why (no
 * library, a library of another ABI, ggml without a CPU backend). */
struct ggml_peer *ggml_peer_open(char *why, size_t whylen);
/* The engine's view of it (kern/fastbench.h). */
const struct fastbench_peer *ggml_peer_bench(const struct ggml_peer *g);
/* ggml's name for the device it runs on; the library's path. */
const char *ggml_peer_device(const struct ggml_peer *g);
const char *ggml_peer_path(const struct ggml_peer *g);
void ggml_peer_close(struct ggml_peer *g);

#endif
