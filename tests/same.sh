#!/bin/sh
# The model layer's outputs kept byte for byte while it is rebuilt: every
# --summary and --explain line of every model-driven scene, --export-model
# and --fit, for every shipped model, config.json fixture and test GGUF, at
# the lesson's defaults and four other deployments, against the golden set
# tests/golden/same.xz.  A change meant to move a number regenerates it:
#   SAME_UPDATE=1 sh tests/group.sh plain same
# and the commit says which outputs moved and why (`xz -dc` the old and new
# files and diff them).
. tests/lib.sh
. tests/ggufs.sh
golden=tests/golden/same.xz
if [ ! -x "$GGUF_WRITE" ]; then
	fail "same: $GGUF_WRITE was not built (make $GGUF_WRITE)"
	exit 0
fi
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT

# The inputs, a path a line: shipped models, config.json fixtures, test
# models, and the GGUFs the real-engine group loads into llama.cpp.
ls assets/models/*.ini tests/models/*.ini >"$d/inputs"
for h in tests/hf/*/config.json tests/models/*/config.json; do
	dirname "$h"
done >>"$d/inputs"
mkdir "$d/g"
for m in $(model_specs "$d/g") ds32 glm5; do
	case $m in
	ds32) deepseek32 >"$d/g/deepseek-v3.2.spec"; m=deepseek-v3.2 ;;
	glm5) glm5 >"$d/g/glm-5.spec"; m=glm-5 ;;
	esac
	"$GGUF_WRITE" "$d/g/$m.gguf" <"$d/g/$m.spec" ||
		fail "same: writing the $m GGUF"
	echo "g/$m.gguf" >>"$d/inputs"
done

# The deployments: the defaults; flash attention off at -c 1000 with three
# sequences; q8_0 caches with a ubatch -c caps; a long context with split
# streams, a full SWA cache, q8_0 weights and a smaller batch.
cat >"$d/deploys" <<-'EOF'
	default
	ctx=1000 n_seq=3 fa=0
	ctx=1000 ubatch=2048 k_type=q8_0 v_type=q8_0
	ctx=131072 n_seq=2 unified=0 swa_full=1 weights=Q8_0 n_batch=1024 ubatch=256
EOF
scenes="fa-engines gqa mla-bytes iswa cost memory fit"

# One --batch for all: each command's answer under a line naming it.
while read -r m; do
	case $m in g/*) arg=$d/$m ;; *) arg=$m ;; esac
	echo "$m --export-model -m $arg"
	echo "$m --summary score-matrix -m $arg"
	echo "$m --explain score-matrix -m $arg"
	while read -r dep; do
		set=
		[ "$dep" = default ] || set=$(printf ' --set %s' $dep)
		for sc in $scenes; do
			echo "$m --summary $sc -m $arg$set"
			echo "$m --explain $sc -m $arg$set"
		done
		echo "$m --fit 24GiB -m $arg$set"
	done <"$d/deploys"
done <"$d/inputs" >"$d/named"
# two models side by side
echo "pair --summary memory -m llama3-8b -m gpt-oss-20b" >>"$d/named"
echo "pair --explain gqa -m llama3-8b -m gpt-oss-20b" >>"$d/named"
cut -d' ' -f2- "$d/named" >"$d/cmds"
"$ATTNVIZ" --batch <"$d/cmds" >"$d/out" 2>&1
# "### INPUT COMMAND" above each answer, its exit status below; the
# scratch directory's name put back as "g/" so the set does not move.
awk 'NR == FNR { name[++n] = $1; $1 = ""; cmd[n] = substr($0, 2); next }
	FNR == 1 { print "### " name[1] " " cmd[1] }
	/^\036/ { k++; print "### exit " substr($0, 2) + 0
		  if (k < n) print "### " name[k + 1] " " cmd[k + 1]; next }
	{ print }' "$d/named" "$d/out" | sed "s|$d/||g" >"$d/now"
answered=$(grep -c '^### exit ' "$d/now")
expect_eq "same: every command answered" "$answered" "$(wc -l <"$d/named")"

if [ -n "${SAME_UPDATE:-}" ]; then
	xz -9e -T1 -c "$d/now" >"$golden"
	echo "# same: $golden written, $(wc -l <"$d/now") lines"
	exit 0
fi
if ! xz -dc "$golden" >"$d/was" 2>"$d/err"; then
	fail "same: $golden does not read: $(head -1 "$d/err")"
	exit 0
fi
# One check an input: its every answer byte-identical, else the first
# command whose answer differs and the first lines that do.
split_by_input() {
	awk -v d="$1" '/^### / && $2 != "exit" { if (f) close(f)
		f = $2; gsub(/\//, "_", f); f = d "/" f }
		{ print >> f }' "$2"
}
mkdir "$d/A" "$d/B"
split_by_input "$d/A" "$d/was"
split_by_input "$d/B" "$d/now"
# every answer in one input's file (a split that lost some compares nothing)
expect_eq "same: the answers split by input, every one kept" \
	"$(cat "$d"/B/* | grep -c '^### exit ')" "$answered"
for f in "$d"/B/*; do
	n=${f##*/}
	if cmp -s "$d/A/$n" "$f"; then
		ok "same: $n: $(grep -c '^### exit' "$f") answers byte-identical ($(wc -l <"$f") lines)"
	elif [ ! -f "$d/A/$n" ]; then
		fail "same: $n is not in the golden set"
	else
		at=$(diff "$d/A/$n" "$f" | awk -F'[acd,]' 'NR == 1 { print $1 }')
		cmd=$(head -n "$at" "$d/A/$n" | grep '^### ' | grep -v '^### exit' | tail -1)
		fail "same: $n differs in '${cmd#\#\#\# }': $(diff "$d/A/$n" "$f" |
			grep '^[<>]' | head -4 | tr '\n\t' '| ')"
	fi
done
for f in "$d"/A/*; do
	[ -f "$d/B/${f##*/}" ] || fail "same: ${f##*/} of the golden set was not run"
done
