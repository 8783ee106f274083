# Shared by the shell tests: one line per check, as tests/report.sh counts them.
: "${ATTNVIZ:=./attnviz}"
ok() { echo "ok - $*"; }
fail() { echo "not ok - $*"; }
# check NAME COMMAND...: the command's exit status decides
check() { name=$1; shift; if "$@"; then ok "$name"; else fail "$name"; fi; }
# expect_eq NAME GOT WANT
expect_eq() { if [ "$2" = "$3" ]; then ok "$1"; else fail "$1 (got '$2', want '$3')"; fi; }
# summary value of SCENE KEY (extra attnviz args after)
sval() { scene=$1 key=$2; shift 2; "$ATTNVIZ" --summary "$scene" "$@" | awk -F'\t' -v k="$key" '$2 == k { print $3 }'; }
sstatus() { scene=$1 key=$2; shift 2; "$ATTNVIZ" --summary "$scene" "$@" | awk -F'\t' -v k="$key" '$2 == k { print $5 }'; }
# unsourced FILE: the keys of an --export-model output whose line carries no
# comment saying where the value came from (one line, blank when none).
unsourced() { grep -v '^;' "$1" | grep '=' | grep -v ' ; .' | sed 's/ *=.*//' | tr '\n' ' '; }
# batch CMDS: attnviz --batch over the file CMDS, one command line a line
# (no blank or comment lines), stdout and stderr together.  A command that
# exits non-zero adds a line `exit N: COMMAND`; a batch that answers fewer
# commands, or exits with another status than its worst command's (a
# sanitizer's report at exit), adds a line `batch: ...`.
batch() {
	"$ATTNVIZ" --batch < "$1" > "$1.out" 2>&1
	awk -v rc=$? 'NR == FNR { cmd[++n] = $0; next }
		/^\036/ { s = substr($0, 2) + 0; i++; if (s) print "exit " s ": " cmd[i]; if (s > w) w = s; next }
		{ print }
		END { if (rc != w) print "batch: exit " rc " (its commands: " w ")"
		      if (i != n) print "batch: " i " of " n " commands answered" }' "$1" "$1.out"
}
# answers DIR < LINES: each line `NAME ARGS...` one command of a single
# attnviz --batch (ARGS split as a shell splits words, no expansions; NAME a
# file name); the command's output, stdout and stderr together, goes into
# DIR/NAME and its exit status into DIR/NAME.rc.  A command the batch did
# not answer has no .rc file.  A batch that exits with another status than
# its worst command's (a sanitizer's report at exit) or prints after its
# last answer is a failed check of its own, named after DIR.
answers() {
	awk -v d="$1" '{ n = $1; sub(/^[^ ]+ */, ""); print n > (d "/.names"); print > (d "/.cmds") }'
	"$ATTNVIZ" --batch < "$1/.cmds" > "$1/.out" 2>&1
	awk -v d="$1" -v rc=$? 'NR == FNR { name[++n] = $0; next }
		k >= n { tail = tail $0 " "; next }
		# an answer that does not end its last line: that much, then the mark
		(i = index($0, "\036")) > 1 { printf "%s", substr($0, 1, i - 1) > (d "/" name[k + 1])
			seen[k + 1] = 1; $0 = substr($0, i) }
		/^\036/ { f = d "/" name[k + 1]; if (!(k + 1 in seen)) printf "" > f
			  close(f); s = substr($0, 2) + 0; print s > (f ".rc"); close(f ".rc")
			  if (s > w) w = s; k++; next }
		{ seen[k + 1] = 1; print > (d "/" name[k + 1]) }
		END { if (rc != w || tail != "") printf "not ok - batch %s: exit %d (its commands: %d) %s\n", d, rc, w, substr(tail, 1, 300) }' \
		"$1/.names" "$1/.out"
}
