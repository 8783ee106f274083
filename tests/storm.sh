#!/bin/sh
# Storm: thousands of random keys (every key of the program, junk bytes and
# escape sequences) and resizes from 10x5 to 250x80 into a real terminal,
# with autoplay, every scene and the model picker in the mix.  attnviz must
# stay up and responsive, and q must then restore the terminal.
. tests/lib.sh
command -v tmux >/dev/null 2>&1 || { echo "skip - storm (tmux is not installed)"; exit 0; }
keys=${STORM_KEYS:-3000}
sock="attnviz-storm-$$"
. tests/tmuxlib.sh
trap 'T kill-server 2>/dev/null' EXIT
bin=$(cd "$(dirname "$ATTNVIZ")" && pwd)/$(basename "$ATTNVIZ")

T new-session -d -s s -x 120 -y 40 \
	"env LC_ALL=C.UTF-8 TERM=screen-256color ATTNVIZ_SCENES='$ATTNVIZ_SCENES' ATTNVIZ_MODELS='$ATTNVIZ_MODELS' $bin; echo EXITED \$?; stty -a | tr ' ;' '\n\n' | grep -x -e icanon -e echo | tr '\n' ' '; echo; sleep 120"
wait_for s "step 0/" || { fail "storm: attnviz did not start"; exit 0; }

# A batch of keys per line: tmux key names and literal junk.  q, Q and the
# signal keys (C-c, C-z, C-\) are left out: they end the storm early.
awk -v n="$keys" -v seed="${STORM_SEED:-7}" 'BEGIN {
	srand(seed)
	split("Right Left Up Down Home End Tab BTab Escape Enter Space BSpace PageUp PageDown F1 F5 IC DC", named, " ")
	split("l h g G ] [ 1 2 3 4 5 6 7 8 9 a + - = r m e ? s j k d / x 0 , . : %n %s", chars, " ")
	split("\033[ \033[1;5A \033OP \033[200~ \033[99;99R \033[M   \033[<0;3;1M \033]0;t\007 \001 \002 \006 \016 \030 \377 é ∞", junk, " ")
	line = ""
	for (i = 0; i < n; i++) {
		r = rand()
		if (r < 0.45)      line = line " " named[int(rand() * length(named)) + 1]
		else if (r < 0.85) line = line " L:" chars[int(rand() * length(chars)) + 1]
		else               line = line " L:" junk[int(rand() * length(junk)) + 1]
		if (i % 40 == 39) { print line; line = "" }
	}
	if (line != "") print line
}' > "${TMPDIR:-/tmp}/storm.$$"

sizes="10x5 250x80 80x24 33x7 200x60 70x20 12x40 250x5 120x40 69x19"
batch=0
while read -r line; do
	# a line's keys in one tmux command (";" parts them): the program gets
	# them as fast as it can read, one client started a line, not a key
	set --
	for k in $line; do
		[ $# -gt 0 ] && set -- "$@" ';'
		case $k in
		L:*) set -- "$@" send-keys -t s -l -- "${k#L:}" ;;
		*) set -- "$@" send-keys -t s "$k" ;;
		esac
	done
	T "$@"
	batch=$((batch + 1))
	if [ $((batch % 5)) -eq 0 ]; then
		set -- $sizes
		shift $(( (batch / 5) % 10 ))
		sz=${1:-120x40}
		T resize-window -t s -x "${sz%x*}" -y "${sz#*x}"
	fi
done < "${TMPDIR:-/tmp}/storm.$$"
rm -f "${TMPDIR:-/tmp}/storm.$$"

T resize-window -t s -x 120 -y 40
if T capture-pane -p -t s | grep -q "EXITED"; then
	fail "storm: attnviz exited during the storm: $(T capture-pane -p -t s | grep -A2 EXITED | tr '\n' ' ')"
	exit 0
fi
ok "storm: $keys keys and resizes survived"
# Responsive: close any overlay, then a step must show.  The program may
# still be working through the storm's keys: the help overlay, opened after
# them, says when it has (the keys are read in order), and only then is the
# footer's autoplay state (the storm may have left it on, "a stop") current.
# Each key alone, a tenth of a second apart: Escape and the next key sent
# together read as one Alt chord.
for k in Escape Escape Escape '?'; do T send-keys -t s "$k"; sleep 0.1; done
wait_for s "keys (" || true   # an editor the Escapes did not close takes '?' as text
T send-keys -t s Escape
wait_gone s "keys (" || true
# autoplay on would move the steps on by themselves after Home
if shows s 'a stop'; then T send-keys -t s a; wait_for s 'a play' || true; fi
T send-keys -t s Home
if wait_for s "step 0/"; then ok "storm: still responsive (Home shows step 0)"; else fail "storm: not responsive: $(screen s | head -3 | tr '\n' '|')"; fi
T send-keys -t s q
if wait_for s "EXITED 0"; then ok "storm: q quits with status 0"; else fail "storm: q did not quit cleanly: $(screen s | tail -5 | tr '\n' '|')"; fi
if wait_for s "icanon echo"; then ok "storm: terminal restored"; else fail "storm: terminal not restored"; fi
