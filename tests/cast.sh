#!/bin/sh
# Recordings as asciicast v2: --cast (headless, deterministic) and --record
# (the interactive program in a tmux pane, ended by q, Ctrl-C and SIGTERM).
# asciinema itself parses them (`asciinema cat`, which wants a terminal: it
# runs under script(1)) and plays them in a tmux pane, whose screen is then
# read back; python3 (asciinema's own interpreter) checks the JSON lines.
. tests/lib.sh
for t in asciinema python3 script tmux; do
	if ! command -v $t >/dev/null 2>&1; then
		echo "skip - asciicast tests ($t is not installed; sh tools/deps.sh --test)"
		exit 0
	fi
done
tmp=$(mktemp -d)
sock="attnviz-cast-$$"
. tests/tmuxlib.sh
trap 'T kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
# One idle session keeps the private server up between the others.
T new-session -d -s keep "sleep 3600"
bin=$(cd "$(dirname "$ATTNVIZ")" && pwd)/$(basename "$ATTNVIZ")

# castinfo MODE FILE: facts about a recording, read with Python's json module.
cat > "$tmp/castinfo.py" <<'EOF'
import json, sys
mode, path = sys.argv[1], sys.argv[2]
lines = open(path, encoding="utf-8").read().split("\n")
if lines[-1] != "":
    print("unterminated last line"); sys.exit(0)
head = json.loads(lines[0])
ev = [json.loads(l) for l in lines[1:-1]]
out = [e for e in ev if e[1] == "o"]
if mode == "header":
    print(head.get("version"), head.get("width"), head.get("height"), head.get("title", "-"))
elif mode == "events":   # well-formed, times never go backwards
    bad = [e for e in ev if not (isinstance(e, list) and len(e) == 3 and isinstance(e[0], (int, float))
                                 and e[1] in ("o", "r", "m") and isinstance(e[2], str))]
    back = [i for i in range(1, len(ev)) if ev[i][0] < ev[i - 1][0]]
    print("ok" if ev and not bad and not back else "bad %s back %s" % (bad[:1], back[:1]))
elif mode == "count":
    print(len(out))
elif mode == "deltas":   # seconds between the frames
    print(" ".join("%.3f" % (b[0] - a[0]) for a, b in zip(out, out[1:])))
elif mode == "ascii":
    print("ok" if all(ord(ch) < 128 for e in ev for ch in e[2]) else "not ascii")
elif mode == "colours":   # SGR sequences that set a colour (3N)
    import re
    print(sum(len(re.findall(r"\x1b\[0[;0-9]*;(?:3[0-7]|38;5;\d+)m", e[2])) for e in out))
elif mode == "resize":
    print(" ".join(e[2] for e in ev if e[1] == "r"))
elif mode == "dwell":
    import re
    w, h = head["width"], head["height"]
    scr = [[" "] * w for _ in range(h)]
    tok = re.compile(r"\x1b\[(\d+);(\d+)H|\x1b\[[0-9;?]*[a-zA-Z]|(.)", re.S)
    for i in range(len(out) - 1):
        for m in tok.finditer(out[i][2]):
            if m.group(1):
                y, x = int(m.group(1)) - 1, int(m.group(2)) - 1
            elif m.group(3) is not None:
                scr[y][x] = m.group(3); x += 1
        rows = ["".join(r) for r in scr]
        seps = [k for k, r in enumerate(rows) if r.startswith("\u251c")]
        nar = [r[2:w - 2].rstrip() for r in rows[seps[0] + 1:seps[1]]]
        nar = [r for r in nar if r]
        n = len(" ".join(nar).split())
        want = max(3.0, n * 60 / 150)   # read aloud at 150 words a minute
        got = out[i + 1][0] - out[i][0]
        if abs(got - want) > 0.0005:
            print("step %d: held %.3f s, want %.3f s for %d words" % (i, got, want, n)); break
    else:
        print("ok")
elif mode == "moves":   # the "position N" each frame shows, a run of one shown once
    import re
    w, h = head["width"], head["height"]
    scr = [[" "] * w for _ in range(h)]
    tok = re.compile(r"\x1b\[(\d+);(\d+)H|\x1b\[[0-9;?]*[a-zA-Z]|(.)", re.S)
    seen = []
    for e in out:
        for m in tok.finditer(e[2]):
            if m.group(1):
                y, x = int(m.group(1)) - 1, int(m.group(2)) - 1
            elif m.group(3) is not None:
                scr[y][x] = m.group(3); x += 1
        p = re.search(r"position (\d+)", "\n".join("".join(r) for r in scr))
        if p and (not seen or seen[-1] != p.group(1)):
            seen.append(p.group(1))
    print(" ".join(seen))
elif mode == "last":
    print(repr(ev[-1][2]))
EOF
info() { python3 "$tmp/castinfo.py" "$@" 2>&1 | head -1; }
# cat_ok FILE: asciinema cat parses it and exits 0; its text lands in FILE.txt
cat_ok() { script -qec "asciinema cat '$1'" /dev/null </dev/null >"$1.txt" 2>&1; }
# play FILE W H: asciinema plays it in a W x H+1 pane (pauses cut to 10 ms):
# the recording ends with the cursor on the line below its frame, which in a
# pane of exactly H rows would scroll the title away.
play() {
	T new-session -d -s play -x "$2" -y "$(($3 + 1))" "env LC_ALL=C.UTF-8 asciinema play -i 0.01 '$1'; sleep 60"
}

# --- --cast one scene -------------------------------------------------------
"$ATTNVIZ" --cast online-softmax >"$tmp/os.cast" 2>"$tmp/err"
expect_eq "cast: --cast online-softmax exits 0" "$?" 0
expect_eq "cast: nothing on stderr" "$(cat "$tmp/err")" ""
expect_eq "cast: header is v2, 80x24 by default, titled with the scene" "$(info header "$tmp/os.cast")" \
	"2 80 24 attnviz: Online softmax in one pass"
expect_eq "cast: events well-formed, times never go backwards" "$(info events "$tmp/os.cast")" ok
# Step 0, one step per score of the lesson's six, then the two-pass comparison:
# eight frames (steps 0..8), then the closing event that holds the last step.
expect_eq "cast: one frame per step 0..8 and a closing event" "$(info count "$tmp/os.cast")" 10
check "cast: asciinema cat parses and prints it" cat_ok "$tmp/os.cast"
check "cast: the printed text shows the last step" grep -qF "step 8/8" "$tmp/os.cast.txt"
check "cast: and the summary pane" grep -qF "✓ all 21 checks pass" "$tmp/os.cast.txt"
check "cast: and the last step's narration" grep -qF "the two-pass method finds max 5" "$tmp/os.cast.txt"
# Dwell: the time to read the step's narration aloud, 150 words a minute,
# at least 3 s; the narration is read off the screen the events draw
# (castinfo.py decodes the stream), so the check does not use the program's
# own count.
expect_eq "cast: each step held to read it aloud (150 words a minute, 3 s at least)" "$(info dwell "$tmp/os.cast")" ok
"$ATTNVIZ" --cast 2 >"$tmp/os2.cast"
check "cast: deterministic (the same bytes twice, by id and by number)" cmp -s "$tmp/os.cast" "$tmp/os2.cast"

play "$tmp/os.cast" 80 24
if wait_for play "step 8/8" && wait_for play "✓ all 21 checks pass"; then
	ok "cast: asciinema plays it; the pane ends on step 8/8 and the summary"
else
	fail "cast: played screen ($(T capture-pane -p -t play | head -3 | tr '\n' '|'))"
fi
T kill-session -t play 2>/dev/null
# After playback the frame is whole (its bottom-right corner drawn) and the
# cursor waits on the line below it, where the shell's prompt will go.
T new-session -d -s play -x 80 -y 27 "env LC_ALL=C.UTF-8 asciinema play -i 0.01 '$tmp/os.cast'; echo PLAYED; sleep 60"
if wait_for play PLAYED; then
	expect_eq "cast: the frame's bottom-right corner is drawn" "$(T capture-pane -p -t play | sed -n 24p | tail -c 4)" "┘"
	expect_eq "cast: after playback the prompt goes below the frame" \
		"$(T capture-pane -p -t play | grep -n PLAYED | cut -d: -f1)" 25
else
	fail "cast: asciinema play did not finish"
fi
T kill-session -t play 2>/dev/null

# --- a scene whose steps move: the hands sweep between the stops --------------
# rope stops at the lesson's positions (Ex. 12); between two stops the
# recording draws the hands on their way, SCENE_FRAME_MS (80 ms) apart, then
# the stop itself and its dwell; one marker a step, on the move's first frame.
"$ATTNVIZ" --cast rope >"$tmp/rope.cast" 2>"$tmp/err"
expect_eq "cast: --cast rope exits 0, nothing on stderr" "$?:$(cat "$tmp/err")" "0:"
last=$("$ATTNVIZ" --frame rope --step 0 | head -1 | sed 's/.*step 0\/\([0-9]*\).*/\1/')
steps=$((last + 1))
expect_eq "cast: rope: one marker a step ($steps), none for the frames between" \
	"$(python3 tests/castmarks.py "$tmp/rope.cast" | grep -c 'step')" "$steps"
moves=$(info moves "$tmp/rope.cast")
echo "# rope positions drawn: $(echo "$moves" | wc -w)"
in_order=$(echo "$moves" | tr ' ' '\n' | awk 'NR > 1 && $1 < last { bad = 1 } { last = $1 } END { print bad ? "no" : "yes" }')
expect_eq "cast: rope: the positions drawn only rise" "$in_order" yes
has=1
for p in 0 4095 4096 4712 16383; do echo " $moves " | grep -q " $p " || has=0; done
expect_eq "cast: rope: it stops at 0, 4095, 4096, 4712 (pair 46's turn) and 16383" "$has" 1
between=$(echo "$moves" | tr ' ' '\n' | awk '$1 > 4712 && $1 < 11174' | wc -l)
[ "$between" -ge 5 ] && ok "cast: rope: the hands sweep from 4712 to 11174 ($between positions between)" \
	|| fail "cast: rope: $between positions drawn between 4712 and 11174"
frames=$(info count "$tmp/rope.cast")
quick=$(info deltas "$tmp/rope.cast" | tr ' ' '\n' | grep -c '^0\.080$')
expect_eq "cast: rope: every frame between two steps is held 80 ms (all but a step's own and the close)" \
	"$quick" "$((frames - steps - 1))"

# --- sizes, colours, ASCII, data as text ---------------------------------------
"$ATTNVIZ" --cast tiled --size 120x40 >"$tmp/big.cast"
expect_eq "cast: --size 120x40 in the header" "$(info header "$tmp/big.cast" | cut -d' ' -f1-3)" "2 120 40"
check "cast: its frames address row 40" grep -qF '\u001b[40;1H' "$tmp/big.cast"
if grep -qF '\u001b[41;1H' "$tmp/big.cast"; then fail "cast: a row past 40"; else ok "cast: no row past 40"; fi
n=$(info colours "$tmp/os.cast")
[ "$n" -gt 0 ] && ok "cast: colours by default ($n colour changes)" || fail "cast: no colours ($n)"
NO_COLOR=1 "$ATTNVIZ" --cast 2 >"$tmp/mono.cast"
expect_eq "cast: NO_COLOR leaves colours out" "$(info colours "$tmp/mono.cast")" 0
check "cast: NO_COLOR keeps the attributes (bold, reverse)" grep -qF '\u001b[0;1' "$tmp/mono.cast"
LC_ALL=C "$ATTNVIZ" --cast 2 >"$tmp/ascii.cast"
expect_eq "cast: LC_ALL=C draws the ASCII fallback" "$(info ascii "$tmp/ascii.cast")" ok
check "cast: the ASCII recording parses" cat_ok "$tmp/ascii.cast"
check "cast: ASCII box corners and check marks" grep -qF "+ all 21 checks pass" "$tmp/ascii.cast.txt"
mkdir "$tmp/scenes"
cp "$ATTNVIZ_SCENES"/*.ini "$tmp/scenes/"
sed -i 's/^title *=.*/title = Fmt %s%n%x "q" \\ end/' "$tmp/scenes/online-softmax.ini"
ATTNVIZ_SCENES="$tmp/scenes" "$ATTNVIZ" --cast 2 >"$tmp/fmt.cast" 2>&1
expect_eq "cast: a title with % and quotes exits 0" "$?" 0
expect_eq "cast: it is text in the header, not a format" "$(info header "$tmp/fmt.cast")" \
	'2 80 24 attnviz: Fmt %s%n%x "q" \ end'
check "cast: and text on the screen" grep -qF 'Fmt %s%n%x \"q\" \\ end' "$tmp/fmt.cast"

# --- the whole lesson -----------------------------------------------------------
"$ATTNVIZ" --cast all --size 100x30 >"$tmp/all.cast"
expect_eq "cast: --cast all exits 0" "$?" 0
expect_eq "cast: all: header 100x30" "$(info header "$tmp/all.cast")" "2 100 30 attnviz: the lesson"
expect_eq "cast: all: times never go backwards" "$(info events "$tmp/all.cast")" ok
check "cast: all: asciinema cat parses it" cat_ok "$tmp/all.cast"
# Every scene of the lesson in order, the benchmark not at all.
"$ATTNVIZ" --list | awk -F'\t' '$1 == "scene" && $3 != "bench" { print $4 }' >"$tmp/titles"
prev=0 inorder=1
while IFS= read -r title; do
	at=$(grep -obF -- "$title" "$tmp/all.cast.txt" | head -1 | cut -d: -f1)
	if [ -z "$at" ] || [ "$at" -lt "$prev" ]; then inorder=0; echo "# missing or out of order: $title"; fi
	prev=${at:-0}
done <"$tmp/titles"
expect_eq "cast: all: the lesson's $(wc -l <"$tmp/titles") scenes, in order" "$inorder" 1
if grep -qF "Benchmark" "$tmp/all.cast.txt"; then fail "cast: all: includes the benchmark"; else ok "cast: all: no benchmark"; fi
play "$tmp/all.cast" 100 30
# Pauses are cut to 10 ms, so only the last frame stays long enough to be seen for sure.
last=$(tail -1 "$tmp/titles")
if wait_for play "$last"; then
	ok "cast: all: asciinema plays the whole lesson to its last scene ($last)"
else
	fail "cast: all: played screen ($(T capture-pane -p -t play | head -3 | tr '\n' '|'))"
fi
T kill-session -t play 2>/dev/null

# --- refusals: one line, exit 2, nothing on stdout ---------------------------------
refuse() {   # NAME WANT ARGS...
	name=$1 want=$2; shift 2
	"$ATTNVIZ" "$@" >"$tmp/o" 2>"$tmp/e"; rc=$?
	if [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/e")" -eq 1 ] && grep -qF -- "$want" "$tmp/e" && [ ! -s "$tmp/o" ]; then
		ok "$name"
	else
		fail "$name (rc $rc, stderr '$(cat "$tmp/e")', stdout $(wc -c <"$tmp/o") bytes)"
	fi
}
refuse "cast: bench is refused (no steps)" "has no steps to play" --cast bench
refuse "cast: unknown scene" "unknown scene 'nope'" --cast nope
refuse "cast: --size below 80x24" "--size takes WxH" --cast 2 --size 70x20
refuse "cast: --size not WxH" "--size takes WxH" --cast 2 --size 80by24
refuse "cast: --size without --cast" "--size goes with --cast" --print 2 --size 80x24
refuse "cast: a bad --set before any output" "x: not a number" --cast 2 --set x=oops
refuse "cast: all: an unknown --set" "unknown parameter" --cast all --set zzz=1
refuse "record: not with a print mode" "--record goes with the interactive program" --print 2 --record "$tmp/x"
refuse "record: an unwritable file, before the screen" "/nonexistent/dir/r.cast" \
	--frames 1 --record /nonexistent/dir/r.cast

# --- --record: the interactive program in tmux ------------------------------------
# start NAME ARGS...: attnviz in a 100x30 pane; its pid in $tmp/NAME.pid.  The pane's
# shell ignores SIGINT, so Ctrl-C ends only the program (which sets its own handler).
start() {
	name=$1; shift
	T new-session -d -s "$name" -x 100 -y 30 \
		"trap '' INT; env LC_ALL=C.UTF-8 TERM=screen-256color ATTNVIZ_SCENES='$ATTNVIZ_SCENES' ATTNVIZ_MODELS='$ATTNVIZ_MODELS' sh -c 'echo \$\$ >$tmp/$name.pid; exec $bin $*'; echo EXITED \$?; sleep 60"
}
for how in q cc term; do
	start "$how" --record "$tmp/$how.cast" -s online-softmax
	wait_for "$how" "step 0/8" || fail "record: $how: the program did not start"
	T send-keys -t "$how" End
	wait_for "$how" "step 8/8" || fail "record: $how: End did not reach step 8/8"
done
T resize-window -t q -x 120 -y 40
# The recorder flushes every event: q only once the frame at the new size is
# in the file itself (the later checks say when it never came).
q_at_40() { grep -qF '\u001b[40;1H' "$tmp/q.cast"; }
wait_until q_at_40 || true
T send-keys -t q q
T send-keys -t cc C-c
kill -TERM "$(cat "$tmp/term.pid")"
for how in q cc term; do
	wait_for "$how" "EXITED" || fail "record: $how: the program did not exit"
	f="$tmp/$how.cast"
	expect_eq "record: $how: header v2 with the pane's size" "$(info header "$f" | cut -d' ' -f1-3)" "2 100 30"
	expect_eq "record: $how: a complete file, times never go backwards" "$(info events "$f")" ok
	expect_eq "record: $how: ends with the closing event" "$(info last "$f" | grep -c '?25h')" 1
	check "record: $how: asciinema cat parses it" cat_ok "$f"
	check "record: $how: shows the last step" grep -qF "step 8/8" "$f.txt"
	check "record: $how: and the summary" grep -qF "✓ all 21 checks pass" "$f.txt"
done
expect_eq "record: a resize is an r event with the new size" "$(info resize "$tmp/q.cast")" "120x40"
check "record: and a whole frame at the new size (row 40)" grep -qF '\u001b[40;1H' "$tmp/q.cast"
play "$tmp/q.cast" 120 40
if wait_for play "step 8/8" && wait_for play "✓ all 21 checks pass"; then
	ok "record: asciinema plays the recording"
else
	fail "record: played screen ($(T capture-pane -p -t play | head -3 | tr '\n' '|'))"
fi
T kill-session -t play 2>/dev/null
start nowrite --record /nonexistent/dir/r.cast -s 2
if wait_for nowrite "EXITED 2" && T capture-pane -p -t nowrite | grep -qF "attnviz: /nonexistent/dir/r.cast: No such file"; then
	if T capture-pane -p -t nowrite | grep -qF "attnviz ──"; then fail "record: the screen started"; else ok "record: an unwritable file is one line and exit 2, before the screen"; fi
else
	fail "record: unwritable file ($(T capture-pane -p -t nowrite | head -3 | tr '\n' '|'))"
fi
