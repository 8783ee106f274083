#!/bin/sh
# Fetch a real llama.cpp for tests/engine.sh, by pinned version, into a cache
# directory (default build/llama; LLAMA_DIR overrides), only when missing:
#   lib/      the prebuilt CPU libraries of @node-llama-cpp/linux-x64 (libllama, libggml*)
#   src/      the llama.cpp source they were built from (node-llama-cpp's
#             llama/gitRelease.bundle, cloned): include/llama.h, ggml/include/*.h
# Nothing fetched here is committed.  Exit 0 when ready, 1 (with a reason on
# stderr) when it cannot be had (no npm, no network).
set -u
VERSION=3.22.1
cd "$(dirname "$0")/.." || exit 1
dir=${LLAMA_DIR:-build/llama}
stamp="$dir/.ready-$VERSION"
[ -f "$stamp" ] && exit 0
command -v npm >/dev/null 2>&1 || { echo "fetch-llama: npm is not installed (sh tools/deps.sh --test)" >&2; exit 1; }
command -v git >/dev/null 2>&1 || { echo "fetch-llama: git is not installed" >&2; exit 1; }
rm -rf "$dir" && mkdir -p "$dir/pkg" || exit 1
if ! (cd "$dir/pkg" && npm pack --silent "@node-llama-cpp/linux-x64@$VERSION" "node-llama-cpp@$VERSION" >/dev/null 2>npm.err); then
	echo "fetch-llama: npm pack failed: $(tail -n 3 "$dir/pkg/npm.err" | tr '\n' ' ')" >&2
	exit 1
fi
mkdir -p "$dir/lib" "$dir/x" || exit 1
tar xzf "$dir/pkg/node-llama-cpp-linux-x64-$VERSION.tgz" -C "$dir/x" || exit 1
cp "$dir"/x/package/bins/linux-x64/lib*.so "$dir/lib/" || exit 1
tar xzf "$dir/pkg/node-llama-cpp-$VERSION.tgz" -C "$dir/x" package/llama/gitRelease.bundle package/llama/binariesGithubRelease.json || exit 1
git clone -q "$dir/x/package/llama/gitRelease.bundle" "$dir/src" 2>/dev/null || { echo "fetch-llama: git clone of the bundle failed" >&2; exit 1; }
[ -f "$dir/src/include/llama.h" ] && [ -f "$dir/src/ggml/include/ggml.h" ] || { echo "fetch-llama: the bundle has no include/llama.h" >&2; exit 1; }
cp "$dir/x/package/llama/binariesGithubRelease.json" "$dir/release.json"
rm -rf "$dir/x" "$dir/pkg"
touch "$stamp"
