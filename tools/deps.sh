#!/bin/sh
# Install the Debian packages attnviz needs, only those missing.
#   sh tools/deps.sh          to build and run (ncursesw, iniparser, jansson, muparser)
#   sh tools/deps.sh --test   also what the test suite uses (tmux, mandoc, valgrind, clang, asciinema, xmllint, xz,
#                             npm and git for tools/fetch-llama.sh, then runs it: a real llama.cpp;
#                             g++ for tests/llama_breakdown.cpp, the probe's one C++ call)
#   sh tools/deps.sh --shots  also what tools/screenshot.sh uses (Xvfb, xterm, ImageMagick);
#                             never needed by the tests
#   sh tools/deps.sh --frames also what tools/frame-png.sh uses (rsvg-convert, to turn
#                             --frame's SVG into the README's PNG); never needed by the tests
set -e
pkgs="libncurses-dev libiniparser-dev libjansson-dev libmuparser-dev pkg-config"
if [ "${1:-}" = "--test" ]; then
	pkgs="$pkgs tmux mandoc procps valgrind clang asciinema git libxml2-utils g++ xz-utils"
	# npm: Debian's, unless node's own npm is already there
	command -v npm >/dev/null 2>&1 || pkgs="$pkgs npm"
elif [ "${1:-}" = "--shots" ]; then
	pkgs="$pkgs xvfb xterm imagemagick x11-apps"
elif [ "${1:-}" = "--frames" ]; then
	pkgs="$pkgs librsvg2-bin"
fi
missing=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
fetch() { [ "${1:-}" = "--test" ] && { sh "$(dirname "$0")/fetch-llama.sh" || echo "deps: no llama.cpp engine (tests/engine.sh will skip)"; }; return 0; }
if [ -z "$missing" ]; then fetch "${1:-}"; exit 0; fi
if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
echo "installing:$missing"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
fetch "${1:-}"
