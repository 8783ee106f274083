#!/bin/sh
# What the class sees (DESIGN section 3): every step of every scene at 80x24
# in the real program under tmux, read back with its attributes
# (capture-pane -e) and checked cell by cell by tests/cells.c: no glyph in
# its background's colour, no block glyph in reverse video, no dark blue on
# black, and the bars of cost, fa-engines and sinks in the order of their
# values.  Walked with 256 colours, with 8 (TERM=xterm), under NO_COLOR and
# in the projector theme with 256 colours and with 8 (a plain xterm's TERM); then the six comparing scenes beside a second
# model, and the 2026 models' screens (memory with Falcon-H1, Qwen3-Next,
# LFM2 and Gemma 4; Gemma 4 31B in iswa, gqa, fa-engines, cost and fit;
# gpt-oss in fa-engines: ~20 s more), in colour and in monochrome.  bench is
# checked at its first screen only (its measurements depend on the machine).
#
#   sh tests/cells.sh          the walk
#   sh tests/cells.sh fault    the fault build's broken theme
#                              (ATTNVIZ_FAULT=theme_reverse) must fail it
. tests/lib.sh
if ! command -v tmux >/dev/null 2>&1; then
	echo "skip - cells tests (tmux is not installed)"
	exit 0
fi
CELLS=${CELLS:-build/cells}
if [ ! -x "$CELLS" ]; then
	fail "cells: $CELLS is not built (make $CELLS)"
	exit 0
fi
sock="attnviz-cells-$$"
ATTNVIZ_TMUX_POLL=${ATTNVIZ_TMUX_POLL:-0.04}   # many steps: look often, not as often as a capture costs
. tests/tmuxlib.sh
tmp=$(mktemp -d)
trap 'T kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
abs() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
cells=$(abs "$CELLS")
# A session that stays: the server lives from one scene's session to the next.
T new-session -d -s keep "sleep 3600"
# alive: 0 when the server and its session are there; else a new server
# and session, said on stderr (tmux 3.3's server has exited under load,
# "server exited unexpectedly", taking every lane's walk with it), and 1.
alive() {
	T has-session -t keep 2>/dev/null && return 0
	echo "# cells: the tmux server had exited: a new one" >&2
	T new-session -d -s keep "sleep 3600" 2>/dev/null
	return 1
}
server() { T display-message -p -t keep '#{pid}' 2>/dev/null; }

# settle SESSION FILE [TEXT]: the screen with its attributes once two
# captures in a row agree and TEXT shows (as plain text): the title can show the new step
# while a slow build is still drawing the rest of the frame.  1 when that
# never happens within the deadline.
settle() {
	_until=$(($(date +%s) + ATTNVIZ_TMUX_WAIT))
	T capture-pane -e -p -t "$1" >"$2"
	while :; do
		sleep "$ATTNVIZ_TMUX_POLL"
		T capture-pane -e -p -t "$1" >"$2.next"
		if cmp -s "$2" "$2.next" && { [ -z "${3:-}" ] || shows "$1" "$3"; }; then
			[ -z "${_moving:-}" ] && return 0
			sleep 0.5   # a move's next change would have come by now (a streamed token holds 5 frames, 0.4 s)
			T capture-pane -e -p -t "$1" >"$2.next"
			cmp -s "$2" "$2.next" && return 0
		fi
		mv "$2.next" "$2"
		[ "$(date +%s)" -ge "$_until" ] && return 1
	done
}

# moves SCENE: the scene draws a move into its steps (frames 80 ms apart,
# SCENE_FRAME_MS; a streamed token holds 5 of them): its screen is settled
# only once it has stayed the same for longer than that, or the next →
# would land the move, not step on.
moves() {
	case $1 in
	rope|rope-pi|rope-ntk|rope-yarn|sinks|swa|flash-decoding) return 0 ;;
	needle) return 0 ;;   # its cells fill one by one between steps
	tiled) return 0 ;;   # a later query block's events, 5 frames each
	esac
	return 1
}

bars_of() {
	case $1 in
	cost|fa-engines|gqa|online-softmax) echo hbar ;;
	sinks) echo sinks ;;
	esac
}

# walk LABEL BIN ENV SCENE [ARGS [two]]: every step, in a session of its
# own ($lane names it: walks run side by side); prints the checker's
# failures, returns 1 on any
walk() {
	label=$1 bin=$2 envs=$3 scene=$4 args=${5:-}
	w=w${lane:-0}
	T new-session -d -s "$w" -x 80 -y 24 \
		"env -u NO_COLOR LC_ALL=C.UTF-8 ATTNVIZ_SCENES='$ATTNVIZ_SCENES' ATTNVIZ_MODELS='$ATTNVIZ_MODELS' $envs $bin -s $scene $args; sleep 600"
	want=" step 0/"
	[ "$scene" = bench ] && want="Benchmark"
	if ! wait_for "$w" "$want"; then
		echo "$label $scene: the program did not start"
		T kill-session -t "$w"
		return 1
	fi
	n=$(T capture-pane -p -t "$w" | sed -n '1s/.* step 0\/\([0-9]*\) .*/\1/p')
	[ "$scene" = bench ] && n=0
	[ -n "$n" ] || n=0
	bars=$(bars_of "$scene")
	_moving=
	moves "$scene" && _moving=1
	# two models: each pair of bars is scaled to its larger value (the
	# screen says so), so bars of different keys are not in one order
	[ "${6:-}" = two ] && bars=
	# every step, settled, checked and stepped on by one process (bounded:
	# a walk that hangs is a failure, not a suite that never ends)
	timeout 900 "$cells" --walk "$sock" keep "$w" "$n" ${_moving:+--moving} ${bars:+--bars "$bars"} "$label $scene"
	bad=$?
	[ $bad -eq 124 ] && echo "$label $scene: the walk did not end in 900 s"
	T kill-session -t "$w"
	return $bad
}

# Walks side by side, in $lanes lanes: `job LABEL-OF-OK WALK-ARGS...` adds
# one to the list, `run_jobs` walks them all and prints their lines in the
# order they were added.  A walk mostly waits on the terminal, so lanes
# overlap its waits rather than its work.
lanes=${CELLS_LANES:-3}
njobs=0
job() {
	njobs=$((njobs + 1))
	printf '%s\n' "$@" > "$tmp/job.$njobs"
}
run_one() {   # run_one N: the job's ok or not ok line into $tmp/res.N
	{ read -r okname; read -r label; read -r jbin; read -r jenvs; read -r jscene; read -r jargs; read -r jtwo; } \
		< "$tmp/job.$1"
	# a walk the server's exit broke (its pid changed, in any lane) is
	# walked again, once, on the new server
	alive
	pid=$(server)
	if walk "$label" "$jbin" "$jenvs" "$jscene" "$jargs" "$jtwo" >"$tmp/out.$1" ||
		{ { alive; [ "$(server)" != "$pid" ]; } &&
		  echo "# cells: $label $jscene walked again on a new tmux server" >&2 &&
		  walk "$label" "$jbin" "$jenvs" "$jscene" "$jargs" "$jtwo" >"$tmp/out.$1"; }; then
		ok "$okname"
	else
		fail "$okname: $(head -3 "$tmp/out.$1" | tr '\n' '|')"
	fi > "$tmp/res.$1"
}
run_jobs() {
	l=0
	while [ $l -lt "$lanes" ]; do
		(
			lane=$l i=$((l + 1))
			while [ $i -le $njobs ]; do
				run_one $i
				i=$((i + lanes))
			done
		) &
		l=$((l + 1))
	done
	wait
	i=1
	while [ $i -le $njobs ]; do
		cat "$tmp/res.$i"
		i=$((i + 1))
	done
	njobs=0
}

scenes=$("$ATTNVIZ" --list | awk -F'\t' '$1 == "scene" { print $3 }')
bin=$(abs "$ATTNVIZ")

if [ "${1:-}" = fault ]; then
	FAULTY=${ATTNVIZ_FAULTY:-build/fault/attnviz}
	if [ ! -x "$FAULTY" ]; then
		fail "cells: $FAULTY is not built (make fault)"
		exit 0
	fi
	faulty=$(abs "$FAULTY")
	for s in sinks cost fa-engines; do
		if walk fault "$faulty" "TERM=xterm-256color ATTNVIZ_FAULT=theme_reverse" "$s" >"$tmp/out"; then
			fail "cells: the broken theme (reverse-video bars) passes on $s"
		elif grep -q "reverse video" "$tmp/out"; then
			ok "cells: the broken theme (reverse-video bars) fails on $s"
		else
			fail "cells: the broken theme fails on $s, but not for its reverse video ($(head -1 "$tmp/out"))"
		fi
	done
	# the same build without the fault is clean: the failure was the fault's
	check "cells: the fault build without a fault passes on sinks" walk clean "$faulty" "TERM=xterm-256color" sinks
	exit 0
fi

start=$(date +%s)
# The themes walked (CELLS_THEMES, default all five); the scenes beside a
# second model and the 2026 models' screens in those of 256 and mono.
themes=${CELLS_THEMES:-256 8 mono projector projector8}
themes2=$(for t in $themes; do case $t in 256 | mono) printf '%s ' "$t" ;; esac; done)
for mode in $themes; do
	case $mode in
	256) envs="TERM=xterm-256color" args= ;;
	8) envs="TERM=xterm" args= ;;
	mono) envs="TERM=xterm-256color NO_COLOR=1" args= ;;
	projector) envs="TERM=xterm-256color" args="--set theme=projector" ;;
	projector8) envs="TERM=xterm" args="--set theme=projector" ;;
	esac
	for s in $scenes; do
		job "cells: $s, every step visible ($mode)" "$mode" "$bin" "$envs" "$s" "$args" ""
	done
done
# Two models side by side: every step of the six scenes that compare, each
# beside a second model, in colour and in monochrome.
for mode in $themes2; do
	case $mode in
	256) envs="TERM=xterm-256color" ;;
	mono) envs="TERM=xterm-256color NO_COLOR=1" ;;
	esac
	for pair in gqa:llama3-8b:qwen2.5-7b mla-bytes:deepseek-v3:deepseek-v2-lite iswa:gemma3-27b:gemma2-9b \
		cost:llama3-8b:mixtral-8x7b memory:gemma3-27b:qwen3-next-80b fit:qwen2.5-7b:llama3-8b; do
		s=${pair%%:*} ms=${pair#*:}
		job "cells: $s beside ${ms#*:}, every step visible ($mode)" "$mode" "$bin" "$envs" "$s" \
			"-m ${ms%%:*} -m ${ms#*:}" two
	done
done
# The screens the 2026 models brought (hybrids' layer strips, Gemma 4's two
# kinds of layer, gpt-oss's sinks in fa-engines), one model each, in colour
# and in monochrome.
for mode in $themes2; do
	case $mode in
	256) envs="TERM=xterm-256color" ;;
	mono) envs="TERM=xterm-256color NO_COLOR=1" ;;
	esac
	for pair in memory:falcon-h1-7b memory:qwen3-next-80b memory:lfm2-1.2b memory:gemma4-31b iswa:gemma4-31b \
		gqa:gemma4-31b fa-engines:gemma4-31b cost:gemma4-31b fit:gemma4-31b fa-engines:gpt-oss-20b; do
		s=${pair%%:*} mdl=${pair#*:}
		job "cells: $s with $mdl, every step visible ($mode)" "$mode" "$bin" "$envs" "$s" "-m $mdl" ""
	done
done
run_jobs
echo "# cells: the walk took $(($(date +%s) - start)) s"
# The presenter's screen (p; the projector theme folds by itself): the
# summary's one line, its mark, count and "· w explains", shown and visible
# cell by cell in every look, and in ASCII where the locale is not UTF-8.
# The count: online-softmax's checks as --summary gives them.
n=$("$ATTNVIZ" --summary online-softmax | awk -F'\t' '$5 == "ok" || $5 == "FAIL"' | wc -l | tr -d ' ')
for mode in $themes ascii; do
	want="✓ $n checks pass · w explains" envs= args=
	case $mode in
	256) envs="TERM=xterm-256color" ;;
	8) envs="TERM=xterm" ;;
	mono) envs="TERM=xterm-256color NO_COLOR=1" ;;
	projector) envs="TERM=xterm-256color" args="--set theme=projector" ;;
	projector8) envs="TERM=xterm" args="--set theme=projector" ;;
	ascii) envs="TERM=xterm-256color LC_ALL=C" want="+ $n checks pass . w explains" ;;
	esac
	T new-session -d -s fold -x 80 -y 24 \
		"env -u NO_COLOR LC_ALL=C.UTF-8 ATTNVIZ_SCENES='$ATTNVIZ_SCENES' ATTNVIZ_MODELS='$ATTNVIZ_MODELS' $envs $bin -s online-softmax $args; sleep 600"
	wait_for fold " step 0/" >/dev/null
	case $mode in projector*) ;; *) T send-keys -t fold p ;; esac
	if settle fold "$tmp/fold" "$want"; then
		check "cells: the folded summary line, visible cell by cell ($mode)" "$cells" "folded $mode" <"$tmp/fold"
	else
		fail "cells: the folded summary line '$want' never showed ($mode)"
	fi
	T kill-session -t fold
done

# The bar checks can fail: a sink shorter than a later bar, and a larger
# number with a shorter bar, drawn by hand.
printf '┌──────────────────────────┐\n│ ▂ █ █ █ █                │\n│ ▂ █ █ █ █                │\n└──────────────────────────┘\n' > "$tmp/short-sink"
if "$cells" --bars sinks short-sink < "$tmp/short-sink" > /dev/null; then fail "cells: a short sink bar goes unnoticed"
else ok "cells: a sink bar shorter than a later one is caught"; fi
printf '┌──────────────────────────┐\n│ █ ▂ ▂ ▂ ▂                │\n│ █ █ █ █ █                │\n└──────────────────────────┘\n' > "$tmp/tall-sink"
if "$cells" --bars sinks tall-sink < "$tmp/tall-sink" > /dev/null; then ok "cells: the tallest sink bar passes"
else fail "cells: a tallest sink bar is refused"; fi
# On the projector's white page: yellow is caught, its dark blue passes.
printf '\033[38;5;226m\033[48;5;231m█ step\n' > "$tmp/yellow-on-white"
if "$cells" yellow-on-white < "$tmp/yellow-on-white" > /dev/null; then fail "cells: yellow on white goes unnoticed"
else ok "cells: a light glyph on a light background is caught"; fi
printf '\033[38;5;25m\033[48;5;231m█ step\n' > "$tmp/blue-on-white"
check "cells: dark blue on white passes" "$cells" blue-on-white < "$tmp/blue-on-white"
