#!/bin/sh
# Install the Debian packages attnviz needs, only those missing.
#   sh tools/deps.sh          to build and run (ncursesw, iniparser, jansson)
#   sh tools/deps.sh --test   also what the test suite uses (tmux, mandoc, valgrind, clang, asciinema)
#   sh tools/deps.sh --shots  also what tools/screenshot.sh uses (Xvfb, xterm, ImageMagick);
#                             never needed by the tests
set -e
pkgs="libncurses-dev libiniparser-dev libjansson-dev pkg-config"
if [ "${1:-}" = "--test" ]; then
	pkgs="$pkgs tmux mandoc procps valgrind clang asciinema"
elif [ "${1:-}" = "--shots" ]; then
	pkgs="$pkgs xvfb xterm imagemagick x11-apps"
fi
missing=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
echo "installing:$missing"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
