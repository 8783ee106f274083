#!/bin/sh
# Build llama.cpp's tests/test-llama-archs from the fetched source
# (tools/fetch-llama.sh) and let it save a tiny model of every architecture
# its llama_model_saver supports, dense and MoE variants:
#   sh tools/llama-archs.sh [OUTDIR]     (default build/archs/gguf)
# The build goes to build/archs/cmake and is reused; it takes minutes, so
# the suite does not need it: tests/archs/ keeps the files' headers
# (tools/archs-fixtures.sh).  Exit 0 when OUTDIR holds the files.
set -u
cd "$(dirname "$0")/.." || exit 1
src=${LLAMA_DIR:-build/llama}/src
bdir=build/archs/cmake
out=${1:-build/archs/gguf}
[ -f "$src/tests/test-llama-archs.cpp" ] || {
	echo "llama-archs: no $src/tests/test-llama-archs.cpp" \
		"(sh tools/fetch-llama.sh)" >&2; exit 1; }
command -v cmake >/dev/null 2>&1 || {
	echo "llama-archs: cmake is not installed" >&2; exit 1; }
bin=$bdir/bin/test-llama-archs
if [ ! -x "$bin" ]; then
	start=$(date +%s)
	nice -n 19 cmake -S "$src" -B "$bdir" -DCMAKE_BUILD_TYPE=Release \
		-DLLAMA_BUILD_TESTS=ON -DGGML_NATIVE=OFF -DLLAMA_CURL=OFF \
		>"$bdir.log" 2>&1 &&
	nice -n 19 cmake --build "$bdir" --target test-llama-archs -j2 \
		>>"$bdir.log" 2>&1 || {
		echo "llama-archs: build failed, see $bdir.log" >&2; exit 1; }
	echo "llama-archs: built in $(( $(date +%s) - start )) s" >&2
fi
rm -rf "$out" && mkdir -p "$out" || exit 1
"$bin" -o "$out" >"$out.log" 2>&1 || {
	echo "llama-archs: test-llama-archs -o failed, see $out.log" >&2
	exit 1; }
echo "llama-archs: $(ls "$out" | wc -l) files in $out" >&2
