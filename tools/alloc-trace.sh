#!/bin/sh
# alloc-trace.sh MODEL.gguf "DEPLOY WORDS": where llama.cpp's CPU compute
# buffer comes from.  ggml-alloc.c of the fetched llama.cpp source
# (tools/fetch-llama.sh) is built here with one trace line per placement
# (A name op offset bytes), per free (F ...) and per in-place reuse (I node
# op <- parent offset), preloaded into tests/llama_probe (built by
# tests/engine.sh), and the last reserved graph is replayed: the buffer is
# the highest offset + size ggml_dyn_tallocr_alloc handed out, and the
# tensors live at that moment (with the holes between them) are what
# src/size/buffers.c has to account for.  A diagnostic for extending the
# compute model; nothing here is a test.
# Example: sh tools/alloc-trace.sh /tmp/x/gpt-oss-20b.gguf "ctx=32768 n_seq=4 ubatch=2048 fa=1"
set -u
[ $# -eq 2 ] || { echo "usage: alloc-trace.sh MODEL.gguf \"DEPLOY WORDS\"" >&2; exit 2; }
cd "$(dirname "$0")/.." || exit 2
dir=${LLAMA_DIR:-build/llama}
src="$dir/src/ggml/src/ggml-alloc.c"
[ -f "$src" ] && [ -x build/llama_probe ] ||
	{ echo "alloc-trace: needs $src (sh tools/fetch-llama.sh) and build/llama_probe (sh tests/engine.sh)" >&2; exit 2; }
so=build/alloc-trace.so
if [ ! -f $so ] || [ "$src" -nt $so ]; then
	# the trace lines go in after the lines they follow (or precede), found by their text
	sed -e '/chunk->max_size = MAX(chunk->max_size, addr.offset + size);/a\
    fprintf(stderr, "A %s %s %zu %zu\\n", tensor->name, ggml_op_desc(tensor), addr.offset, size);' \
		-e '/ggml_dyn_tallocr_free_bytes(alloc, hn->addr, size);/i\
    fprintf(stderr, "F %s %s %zu %zu\\n", node->name, ggml_op_desc(node), hn->addr.offset, size);' \
		-e '/AT_PRINTF("reusing parent %s for %s\\n", parent->name, node->name);/a\
                        fprintf(stderr, "I %s %s <- %s %zu\\n", node->name, ggml_op_desc(node), parent->name, p_hn->addr.offset);' \
		-e '/\/\/ reset allocators/i\
    fprintf(stderr, "RESERVE %d nodes\\n", graph->n_nodes);' \
		"$src" >build/alloc-trace.c || exit 1
	[ "$(grep -c 'fprintf(stderr, "[AFIR]' build/alloc-trace.c)" -eq 4 ] ||
		{ echo "alloc-trace: $src no longer has the lines the trace follows" >&2; exit 1; }
	${CC:-cc} -O1 -shared -fPIC -I"$dir/src/ggml/include" -I"$dir/src/ggml/src" -o $so build/alloc-trace.c || exit 1
fi
LLAMA_LIBDIR=${LLAMA_LIBDIR:-$(cd "$dir/lib" && pwd)} LD_PRELOAD=$PWD/$so build/llama_probe "$1" "$2" 2>&1 >build/alloc-trace.out |
	awk '
	/^RESERVE/ { n = 0; delete at; delete nm; delete sz; top = 0; next }
	$1 == "A" { at[$4] = 1; nm[$4] = $2 " (" $3 ")"; sz[$4] = $5
		if ($4 + $5 > top) { top = $4 + $5; why = $2; snap = ""
			for (o in at) snap = snap sprintf("%14d %12d  %s\n", o, sz[o], nm[o]) } next }
	$1 == "F" { delete at[$4]; next }
	END { printf "buffer %d B, set by %s; live then (offset, bytes, tensor; the name is the first tensor in the slot):\n%s", top, why, snap }' |
	sort -k1,1n
awk -F'\t' '$3 == "bytes" { print "llama.cpp compute buffer (llama_get_memory_breakdown): " $6 " B" }' build/alloc-trace.out
