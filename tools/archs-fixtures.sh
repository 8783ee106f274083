#!/bin/sh
# Keep the GGUFs tools/llama-archs.sh wrote as fixtures the suite can use
# without building llama.cpp: each file's header (everything before its
# tensor data, tools/gguf_header.py head) as tests/archs/NAME.head.xz, and its full
# length in tests/archs/sizes, and a few files derived from them
# (NAME-nopattern).  tests/archs/recreate.sh makes the files
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
	len=$(python3 tools/gguf_header.py head "$f") || exit 1
	head -c "$len" "$f" | xz -9e >"$out/$n.head.xz" || exit 1
	echo "$n $(wc -c <"$f")" >>"$out/sizes.new"
done
# The saver writes every window a per-layer pattern; these files without it
# show each loader's own default (load_swa_pattern(ml, N[, dense_first])).
for n in afmoe-moe cohere2moe-moe exaone-moe-moe laguna-moe mellum-moe muse-glimmer-dense plamo3-dense; do
	a=$(python3 -c 'import sys; print(sys.argv[1].rsplit("-", 1)[0])' "$n")
	v="$n-nopattern"
	python3 tools/gguf_header.py dropkey "$dir/$n.gguf" "$dir/../$v.gguf" "$a.attention.sliding_window_pattern" || exit 1
	len=$(python3 tools/gguf_header.py head "$dir/../$v.gguf") || exit 1
	head -c "$len" "$dir/../$v.gguf" | xz -9e >"$out/$v.head.xz" || exit 1
	echo "$v $(wc -c <"$dir/../$v.gguf")" >>"$out/sizes.new"
	rm -f "$dir/../$v.gguf"
done
# A value the saver does not write: nanbeige's num_loops (its layers run
# three times, a cache for each pass), a SmallThinker window other than
# the 4096 its loader fixes, Mamba-2's head_count 0 (conversion/mamba.py).
for v in "nanbeige-dense nanbeige.num_loops 3 loops" \
	"smallthinker-moe smallthinker.attention.sliding_window 32 window32" \
	"mamba2-dense mamba2.attention.head_count 0 heads0"; do
	set -- $v
	python3 tools/gguf_header.py setkey "$dir/$1.gguf" \
		"$dir/../$1-$4.gguf" "$2" "$3" || exit 1
	len=$(python3 tools/gguf_header.py head "$dir/../$1-$4.gguf") || exit 1
	head -c "$len" "$dir/../$1-$4.gguf" | xz -9e >"$out/$1-$4.head.xz" || exit 1
	echo "$1-$4 $(wc -c <"$dir/../$1-$4.gguf")" >>"$out/sizes.new"
	rm -f "$dir/../$1-$4.gguf"
done
LC_ALL=C sort "$out/sizes.new" >"$out/sizes" && rm -f "$out/sizes.new"
echo "archs-fixtures: $(wc -l <"$out/sizes") files, headers $(cat "$out"/*.head.xz | wc -c) bytes compressed" >&2
