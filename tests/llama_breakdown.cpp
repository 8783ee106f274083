// llama_breakdown: the one C++ call tests/llama_probe.c needs.
// llama_get_memory_breakdown (llama.cpp src/llama-ext.h) returns a std::map,
// so a C program cannot call it; this gives its sums per kind, in bytes.
#include "llama-ext.h"

extern "C" void probe_breakdown(const struct llama_context *ctx, unsigned long long *model,
				unsigned long long *context, unsigned long long *compute)
{
	*model = *context = *compute = 0;
	for (const auto &kv : llama_get_memory_breakdown(ctx)) {
		*model += kv.second.model;
		*context += kv.second.context;
		*compute += kv.second.compute;
	}
}
