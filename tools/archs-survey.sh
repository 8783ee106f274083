#!/bin/sh
# archs-survey.sh [DIR]: for every GGUF in DIR (default: tests/archs'
# fixtures, recreated), attnviz's answer against the real llama.cpp's dry
# run (build/llama_probe, built by tests/engine.sh) at two deployments,
# ctx=4096 and ctx=32768 n_seq=2 (flash attention, swa_full 0).  One
# tab-separated line a file:
#   NAME ARCH ATTNVIZ(sized|refused: why) A_KV A_RS L_KV_MiB L_RS_MiB L_CTX_BYTES ...
# A_ and L_ for each deployment; L_CTX_BYTES is llama_get_memory_breakdown's
# context bytes (every cache), "-" where llama.cpp creates no context.
set -u
cd "$(dirname "$0")/.." || exit 1
dir=${1:-}
if [ -z "$dir" ]; then
	dir=$(mktemp -d) && trap 'rm -rf "$dir"' EXIT
	sh tests/archs/recreate.sh "$dir" || exit 1
fi
lib=$(cd build/llama/lib && pwd)
deps="ctx=4096 n_seq=1 fa=1 swa_full=0|ctx=32768 n_seq=2 fa=1 swa_full=0"
for f in "$dir"/*.gguf; do
	n=$(basename "$f" .gguf)
	arch=$(strings -n 3 "$f" | head -c 4000 | awk 'p { print; exit } /general\.architecture/ { p = 1 }')
	line="$n	$arch"
	err=$(./attnviz --summary memory -m "$f" --set ctx=4096 2>&1 >/dev/null | head -n 1)
	if [ -n "$err" ]; then
		line="$line	refused: ${err#*: byte }"
	else
		line="$line	sized"
	fi
	probe=$(LLAMA_LIBDIR=$lib build/llama_probe "$f" "${deps%|*}" "${deps#*|}" 2>/dev/null)
	i=0
	IFS='|'
	for dep in $deps; do
		unset IFS
		args=""
		for w in $dep; do args="$args --set $w"; done
		# shellcheck disable=SC2086
		a=$(./attnviz --summary memory -m "$f" $args 2>/dev/null |
			awk -F'\t' '$2 == "kv_bytes" { k = $3 } $2 == "recurrent_bytes" { r = $3 } END { print (k == "" ? "-" : k) "\t" (r == "" ? "-" : r) }')
		l=$(printf '%s\n' "$probe" | awk -F'\t' -v i=$i '
			$1 == "D" && $2 == i && $3 == "kv" { kv += $8; nk++ }
			$1 == "D" && $2 == i && $3 == "log" && $4 ~ /llama_memory_recurrent: size =/ { s = $4; sub(/.*size = */, "", s); rs += s + 0 }
			$1 == "D" && $2 == i && $3 == "bytes" { ctx = $5 }
			$1 == "D" && $2 == i && $3 == "error" { e = 1 }
			END { if (e || ctx == "") print "-\t-\t-"; else printf "%.2f\t%.2f\t%s\n", kv, rs, ctx }')
		line="$line	$a	$l"
		i=$((i + 1))
		IFS='|'
	done
	unset IFS
	printf '%s\n' "$line"
done
