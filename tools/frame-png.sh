#!/bin/sh
# A PNG of one frame for a slide or the README: attnviz --frame's SVG (the
# cells the screen draws) rendered by rsvg-convert.  No terminal, no X.
# Needs librsvg2-bin: sh tools/deps.sh --frames.
#
#   sh tools/frame-png.sh OUT.png attnviz-args...
#   e.g. sh tools/frame-png.sh assets/screenshots/frame-tiled-11.png tiled --step 11 --set theme=projector
set -eu
[ $# -ge 2 ] || { echo "usage: sh tools/frame-png.sh OUT.png SCENE [--step N] [ARGS...]" >&2; exit 2; }
out=$1; shift
command -v rsvg-convert >/dev/null 2>&1 || { echo "frame-png: rsvg-convert is missing (sh tools/deps.sh --frames)" >&2; exit 2; }
bin=${ATTNVIZ:-$(dirname "$0")/../attnviz}
svg=$(mktemp)
trap 'rm -f "$svg"' EXIT
"$bin" --frame "$@" --format svg >"$svg"
rsvg-convert --format png -o "$out" "$svg"
