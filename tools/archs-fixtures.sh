#!/bin/sh
# Keep the GGUFs tools/llama-archs.sh wrote as fixtures the suite can use
# without building llama.cpp: each file's header (everything before its
# tensor data, tools/gguf_head.py) as tests/archs/NAME.head.xz, and its full
# length in tests/archs/sizes.  tests/archs/recreate.sh makes the files
# again, sparse, of their full length: what attnviz and llama.cpp's dry run
# (no_alloc) read of them is byte for byte the original's.
#   sh tools/archs-fixtures.sh [DIR]     (default build/archs/gguf)
set -u
cd "$(dirname "$0")/.." || exit 1
dir=${1:-build/archs/gguf}
out=tests/archs
ls "$dir"/*.gguf >/dev/null 2>&1 || { echo "archs-fixtures: no GGUF in $dir" >&2; exit 1; }
mkdir -p "$out" && rm -f "$out"/*.head.xz || exit 1
: >"$out/sizes.new"
for f in "$dir"/*.gguf; do
	n=$(basename "$f" .gguf)
	len=$(python3 tools/gguf_head.py "$f") || exit 1
	head -c "$len" "$f" | xz -9e >"$out/$n.head.xz" || exit 1
	echo "$n $(wc -c <"$f")" >>"$out/sizes.new"
done
LC_ALL=C sort "$out/sizes.new" >"$out/sizes" && rm -f "$out/sizes.new"
echo "archs-fixtures: $(wc -l <"$out/sizes") files, headers $(cat "$out"/*.head.xz | wc -c) bytes compressed" >&2
