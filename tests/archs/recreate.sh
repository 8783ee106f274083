#!/bin/sh
# recreate.sh OUTDIR [NAME...]: the GGUFs llama.cpp's test-llama-archs -o
# wrote (tools/llama-archs.sh), made again from the headers kept here
# (tools/archs-fixtures.sh): OUTDIR/NAME.gguf, the header then a hole to
# the file's full length.  Every NAME of ./sizes when none is given.
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=$1
shift
[ $# -gt 0 ] || set -- $(awk '{ print $1 }' "$here/sizes")
mkdir -p "$out" || exit 1
for n in "$@"; do
	len=$(awk -v n="$n" '$1 == n { print $2 }' "$here/sizes")
	[ -n "$len" ] || { echo "recreate: no $n in $here/sizes" >&2; exit 1; }
	xz -dc "$here/$n.head.xz" >"$out/$n.gguf" && truncate -s "$len" "$out/$n.gguf" || exit 1
done
