#!/bin/sh
# A PNG of what a class sees: attnviz at 80x24 in a real xterm (on a virtual
# X display), on a scene and step, captured with ImageMagick's import.  For
# looking at colours and bars; the test suite never needs X (tests/cells.sh
# reads the same cells through tmux).  Needs Xvfb, xterm, ImageMagick and
# tmux (which steps the program): sh tools/deps.sh --shots.
#
#   sh tools/screenshot.sh SCENE STEP OUT.png [attnviz args...]
#   e.g. sh tools/screenshot.sh cost 3 assets/screenshots/cost-3.png
#        sh tools/screenshot.sh sinks 5 /tmp/s.png --set theme=projector
#   NO_COLOR=1 and TERM_IN=xterm (8 colours) pass through to the program.
set -eu
[ $# -ge 3 ] || { echo "usage: sh tools/screenshot.sh SCENE STEP OUT.png [ARGS...]" >&2; exit 2; }
scene=$1 step=$2 out=$3; shift 3
for t in Xvfb xterm import tmux; do
	command -v $t >/dev/null 2>&1 || { echo "screenshot: $t is missing (sh tools/deps.sh --shots)" >&2; exit 2; }
done
case $out in /*) ;; *) out=$PWD/$out ;; esac
cd "$(dirname "$0")/.."
bin=${ATTNVIZ:-$PWD/attnviz}
[ -x "$bin" ] || { echo "screenshot: $bin is not built (make)" >&2; exit 2; }
disp=:$((90 + $$ % 100))
sock="attnviz-shot-$$"
T() { tmux -L "$sock" -f /dev/null "$@"; }
Xvfb "$disp" -screen 0 1024x768x24 -wr -nolisten tcp >/dev/null 2>&1 &
xpid=$!
trap 'T kill-server 2>/dev/null; kill $xpid 2>/dev/null' EXIT
sleep 1
# The program runs in a tmux session (no status line) so that its steps can
# be sent as keys; xterm shows that session at 80x24, white on black.
T new-session -d -s shot -x 80 -y 24 "env LC_ALL=C.UTF-8 TERM=${TERM_IN:-xterm-256color} \
	${NO_COLOR:+NO_COLOR=1} ATTNVIZ_SCENES='$PWD/scenes' ATTNVIZ_MODELS='$PWD/assets/models' '$bin' -s '$scene' $*; sleep 60"
T set -g status off
DISPLAY=$disp xterm -geometry 80x24+8+8 -fa 'DejaVu Sans Mono' -fs 12 -bg black -fg grey90 -b 4 -bw 0 \
	-e env TERM=xterm-256color tmux -L "$sock" attach -t shot 2>/dev/null &
sleep 1.5
i=0
while [ $i -lt "$step" ]; do T send-keys -t shot Right; i=$((i + 1)); done
sleep 1
# The root window is white and the xterm sits off its corner: trimming the
# white leaves exactly the terminal.
DISPLAY=$disp import -window root -trim +repage -colors 64 "PNG8:$out"
echo "$out"
