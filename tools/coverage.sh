#!/bin/sh
# The README's table of llama.cpp's architectures, made from the program
# itself: `attnviz --archs` (the family files and the refusal table) and
# the files the suite holds against the real engine (tests/engine.sh):
# llama.cpp's own saver's tiny models (tests/archs/sizes) and the
# full-size GGUFs of tests/ggufs.sh; and the config.json files whose
# converted header llama.cpp's converter wrote (tests/hfconv, held by
# tests/hf2026.sh).
#   sh tools/coverage.sh            the table on stdout
#   sh tools/coverage.sh --readme   README.md's table replaced by it
# tests/models.sh fails when README's table is not this one.
set -u
cd "$(dirname "$0")/.." || exit 2
: "${ATTNVIZ:=./attnviz}"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

table() {
	"$ATTNVIZ" --archs >"$tmp/archs" || return 1
	awk '{ n = $1; sub(/-(dense|moe)(-nopattern)?$/, "", n); print n }' \
		tests/archs/sizes | sort -u >"$tmp/saver"
	# shellcheck source=tests/ggufs.sh
	(. tests/ggufs.sh && model_specs "$tmp" >/dev/null) || return 1
	awk '$1 == "kv" && $2 == "general.architecture" { print $4 }' \
		"$tmp"/*.spec | sort -u >"$tmp/full"
	for c in tests/hfconv/*/converted.gguf; do
		basename "$(dirname "$c")"
	done >"$tmp/conv"
	echo "<!-- coverage: made by tools/coverage.sh; do not edit -->"
	printf '| %s | %s | %s | %s | %s | %s |\n' "llama.cpp architecture" \
		attnviz caches "compute buffer" "read from" \
		"held to llama.cpp"
	echo "|---|---|---|---|---|---|"
	awk -F'\t' -v saver="$tmp/saver" -v full="$tmp/full" -v conv="$tmp/conv" '
		BEGIN {
			while ((getline n < saver) > 0) s[n] = 1
			while ((getline n < full) > 0) f[n] = 1
			while ((getline n < conv) > 0) c[n] = 1
		}
		$2 == "sized" {
			e = ""
			if ($1 in s) e = "llama.cpp'"'"'s own file"
			if ($1 in f)
				e = e (e != "" ? ", " : "") "a full-size GGUF"
			if ($1 in c)
				e = e (e != "" ? ", " : "") "its converter"
			if (e == "") e = "no"
			r = $5
			sub(/,/, ", ", r)
			printf "| %s | sized | %s | %s | %s | %s |\n", $1, $3, $4, r, e
			next
		}
		{ printf "| %s | refused: %s | | | | |\n", $1, $4 }
	' "$tmp/archs"
	awk -F'\t' '{ n[$2]++ } END {
		printf "\n%d architectures: %d sized, %d refused.\n",
			NR, n["sized"], n["refused"] }' "$tmp/archs"
	echo "<!-- coverage: end -->"
}

if [ "${1:-}" = --readme ]; then
	table >"$tmp/table" || exit 1
	awk -v t="$tmp/table" '
		/^<!-- coverage: made by/ {
			while ((getline l < t) > 0) print l
			skip = 1
			next
		}
		skip && /^<!-- coverage: end -->/ { skip = 0; next }
		!skip
	' README.md >"$tmp/README" && cp "$tmp/README" README.md
else
	table
fi
