#!/bin/sh
# valgrind: no leaks and no memory errors at exit, for --check and for a
# scripted run of the real UI (keys from a file, no terminal needed).
. tests/lib.sh
command -v valgrind >/dev/null 2>&1 || { echo "skip - valgrind (not installed)"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
vg() { valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=99 "$@"; }
# Every scene's numbers and checks, then the benchmark scene's real kernels
# (every kernel and K/V type, at a size valgrind runs in seconds), in one
# process (--batch): what the first command leaves behind shows at exit.
printf '%s\n' "--summary all" "--summary bench --set n=64 --set peer=0" > "$tmp/cmds"
vg "$ATTNVIZ" --batch < "$tmp/cmds" > "$tmp/out" 2> "$tmp/vg1"
rc=$?; [ $rc -eq 0 ] && [ "$(grep -c "$(printf '^\036')0$" "$tmp/out")" -eq 2 ] && ok "valgrind: every scene and the kernels clean" ||
	fail "valgrind: every scene and the kernels (rc $rc): $(head -5 "$tmp/vg1")"
# Every scene, a few steps each, the help, the editor with a bad value, the picker.
printf 'llll?xGg\tllle\033x=oops\r\033\tllm\033\tlll\tGhh\tl\tl\tl\tl\tl\tl\tl\tl\tl\tl\tl\tlq' > "$tmp/keys"
TERM=xterm vg "$ATTNVIZ" --keys "$tmp/keys" > /dev/null 2> "$tmp/vg2"
rc=$?; [ $rc -eq 0 ] && ok "valgrind: scripted TUI run clean" || fail "valgrind: scripted TUI (rc $rc): $(head -5 "$tmp/vg2")"
