#!/bin/sh
# --frame SCENE: one composed frame as txt, SVG or ANSI.  Its text is the
# golden frame's (tests/golden/80x24/ID.txt, written by the unit tests from
# the canvas the screen draws) at every scene's last step and at step 0;
# the SVG is valid XML (xmllint) whose <text> runs, put back at their
# columns, give the same text; the ANSI, without its SGR, too.  Bad steps,
# sizes and formats are one line and exit 2; data is escaped in the SVG.
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
have_xmllint=1
command -v xmllint >/dev/null 2>&1 || { have_xmllint=0; echo "skip - frames: SVG validity (xmllint is not installed; sh tools/deps.sh --test)"; }

# svgtext FILE: the SVG's text, each <text> put at column x / 9 of row (y - 14) / 18
cat >"$tmp/svgtext.py" <<'PY'
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
w, h = int(root.get("width")) // 9, int(root.get("height")) // 18
rows = [[" "] * w for _ in range(h)]
for t in root.iter(ns + "text"):
    x, y, text = int(t.get("x")) // 9, (int(t.get("y")) - 14) // 18, t.text or ""
    if int(t.get("textLength")) != 9 * len(text):
        print("a run of %d cells stretched over %s px" % (len(text), t.get("textLength"))); sys.exit(0)
    for i, ch in enumerate(text):
        rows[y][x + i] = ch
print("\n".join("".join(r).rstrip() for r in rows))
PY
# golden ID STEP: that step's frame out of the golden file
golden() { awk -v hdr="=== $1 step $2/" 'index($0, hdr) == 1 { on = 1; next } /^=== / { on = 0 } on' "tests/golden/80x24/$1.txt"; }

"$ATTNVIZ" --list >"$tmp/list"
scenes=$(awk -F'\t' '$1 == "scene" && $3 != "bench" { print $3 }' "$tmp/list")
# Every frame below from one process (tests/lib.sh answers): each scene's
# last step and step 0 as text, SVG and ANSI, and the title at 140 columns.
for id in $scenes; do
	echo "$id.txt --frame $id"
	echo "$id.0.txt --frame $id --step 0"
	echo "$id.svg --frame $id --format svg"
	echo "$id.ansi --frame $id --format ansi"
	echo "$id.140 --frame $id --size 140x30"
done | answers "$tmp"
n_txt=0 n_svg=0 n_ansi=0 n_zero=0 bad_txt="" bad_svg="" bad_ansi="" bad_zero=""
for id in $scenes; do
	[ -f "tests/golden/80x24/$id.txt" ] || { fail "frames: no golden frame for $id"; continue; }
	last=$(head -1 "$tmp/$id.txt" | sed 's/.*step [0-9]*\/\([0-9]*\).*/\1/')
	golden "$id" "$last" >"$tmp/$id.gold"
	if [ -s "$tmp/$id.gold" ] && cmp -s "$tmp/$id.txt" "$tmp/$id.gold"; then n_txt=$((n_txt + 1)); else bad_txt="$bad_txt $id"; fi
	golden "$id" 0 >"$tmp/$id.0.gold"
	if [ -s "$tmp/$id.0.gold" ] && cmp -s "$tmp/$id.0.txt" "$tmp/$id.0.gold"; then n_zero=$((n_zero + 1)); else bad_zero="$bad_zero $id"; fi
	if { [ $have_xmllint = 0 ] || xmllint --noout "$tmp/$id.svg" 2>/dev/null; } &&
	   python3 "$tmp/svgtext.py" "$tmp/$id.svg" >"$tmp/$id.svgtxt" && cmp -s "$tmp/$id.svgtxt" "$tmp/$id.gold"; then
		n_svg=$((n_svg + 1))
	else
		bad_svg="$bad_svg $id"
	fi
	sed 's/\x1b\[[0-9;]*m//g; s/ *$//' "$tmp/$id.ansi" >"$tmp/$id.ansitxt"
	if grep -q "$(printf '\033')\[0;38;5;" "$tmp/$id.ansi" && cmp -s "$tmp/$id.ansitxt" "$tmp/$id.gold"; then
		n_ansi=$((n_ansi + 1))
	else
		bad_ansi="$bad_ansi $id"
	fi
done
count=$(echo $scenes | wc -w | tr -d ' ')
expect_eq "frames: txt of every scene's last step is its 80x24 golden frame ($count scenes)" "$n_txt${bad_txt:+ bad:$bad_txt}" "$count"
expect_eq "frames: and step 0 too" "$n_zero${bad_zero:+ bad:$bad_zero}" "$count"
expect_eq "frames: SVG of every last step is valid XML with the golden frame's text" "$n_svg${bad_svg:+ bad:$bad_svg}" "$count"
expect_eq "frames: ANSI of every last step has colours and, without SGR, the golden text" "$n_ansi${bad_ansi:+ bad:$bad_ansi}" "$count"

# One shape of title for every scene: at 80 columns each keeps its number
# and none the program's name; at 140 each has both.
total=$(awk -F'\t' '$1 == "scene"' "$tmp/list" | wc -l | tr -d ' ')
bad80="" bad140=""
for id in $scenes; do
	n=$(awk -F'\t' -v id="$id" '$1 == "scene" && $3 == id { print $2 }' "$tmp/list")
	head -1 "$tmp/$id.txt" | grep -q "^┌ $n/$total  " || bad80="$bad80 $id"
	head -1 "$tmp/$id.140" | grep -q "^┌ attnviz ── $n/$total  " || bad140="$bad140 $id"
done
expect_eq "frames: at 80 columns every title starts with its scene's number" "${bad80:-none}" none
expect_eq "frames: at 140 columns every title starts with attnviz and the number" "${bad140:-none}" none

# Units on the columns a class reads aloud (issue 44): the RoPE angles in
# radians, the wavelength in tokens, the needle's lengths in words.
"$ATTNVIZ" --frame rope --step 3 >"$tmp/u.rope"
"$ATTNVIZ" --frame rope-pi --step 3 >"$tmp/u.pi"
"$ATTNVIZ" --frame rope-ntk --step 3 >"$tmp/u.ntk"
"$ATTNVIZ" --frame needle --step 3 >"$tmp/u.needle"
check "frames: rope's columns: wavelength in tokens, angle in rad" \
	grep -qE "│ +\(tokens\) +\(rad\) +│" "$tmp/u.rope"
check "frames: rope-pi's angles per token and at the target in rad" \
	sh -c 'grep -A1 -E "│ +angle \(rad\) +│" "$1" |
		grep -qF "│ pair per token at target │"' - "$tmp/u.pi"
check "frames: rope-ntk's angle at the target in rad" \
	sh -c 'grep -A1 -E "│ +angle \(rad\) +│" "$1" |
		grep -qF "│ pair slowdown at target  │"' - "$tmp/u.ntk"
check "frames: needle's lengths in words" \
	grep -qE "^│ \(words\) +│" "$tmp/u.needle"

# Step 0 sets up what the steps will show (issue 44): the lengths, layouts
# or caches to come with a ? for each number asked, the empty grid or the
# positions with their labels, the question.
for id in score-matrix mla-bytes sinks needle; do
	"$ATTNVIZ" --frame $id --step 0 >"$tmp/s0.$id"
done
check "frames: score-matrix step 0: the lengths, each with a ?" \
	grep -qE "│ +4096 +\? +\? +\? +│" "$tmp/s0.score-matrix"
check "frames: score-matrix step 0: the empty grid and how it is counted" \
	sh -c 'grep -qF "S of one head: n query rows × n key columns" "$1" &&
		grep -qF "··  = ? bytes a layer" "$1"' - "$tmp/s0.score-matrix"
check "frames: mla-bytes step 0: the layouts compared, each with a ?" \
	sh -c 'grep -qE "│ MLA latent \+ RoPE key +\? +\? +│" "$1" &&
		grep -qE "│ same model as MHA +\? +\? +│" "$1"' - \
	"$tmp/s0.mla-bytes"
check "frames: sinks step 0: the caches compared and the positions' kinds" \
	sh -c 'grep -qF "│ full cache      recent ?      out ?" "$1" &&
		grep -qF "│ s s s s m m m m m m m m r r r r r r r r " "$1"' - \
	"$tmp/s0.sinks"
check "frames: needle step 0: a prompt as the fake model reads it, asked" \
	sh -c 'grep -qF "│ 16000 words, needle ◆ at 50%: found?" "$1" &&
		grep -qE "│ █░+◆░+█+ +│" "$1"' - "$tmp/s0.needle"

# An answer shows at the step that gives it, not before the question
# (issue 44): mla-bytes' MHA / MLA ratio with the MHA row (step 2), rope's
# pairs that never turn at the end of training (step 2), rope-ntk's ★ on a
# pair when its hand leaves the trained arc (pair 46 at step 3, 56 at 4).
for f in mla-bytes:0 mla-bytes:1 mla-bytes:2 rope:0 rope:1 rope:2 \
	rope-ntk:0 rope-ntk:2 rope-ntk:3 rope-ntk:4; do
	"$ATTNVIZ" --frame "${f%%:*}" --step "${f##*:}" >"$tmp/a.$f"
done
expect_eq "frames: mla-bytes: the MHA / MLA ratio from the MHA row on" \
	"$(grep -c "MHA / MLA = 71.1×" "$tmp/a.mla-bytes:0" \
		"$tmp/a.mla-bytes:1" "$tmp/a.mla-bytes:2" | cut -d: -f3 |
		tr '\n' ' ')" "0 0 1 "
expect_eq "frames: rope: 18 of 64 pairs never turn, from the end of training" \
	"$(grep -c "18 of 64 pairs: < 1 turn" "$tmp/a.rope:0" "$tmp/a.rope:1" \
		"$tmp/a.rope:2" | cut -d: -f3 | tr '\n' ' ')" "0 0 1 "
expect_eq "frames: rope-ntk: no ★ before a pair leaves its arc" \
	"$(grep -c "★" "$tmp/a.rope-ntk:0" "$tmp/a.rope-ntk:2" | cut -d: -f3 |
		tr '\n' ' ')" "0 0 "
check "frames: rope-ntk: pair 46's ★ when it leaves (step 3), not 56's" \
	sh -c 'grep -qE "│ +46 +2\.752 +7\.94★ │" "$1" &&
		grep -qE "│ +56 +3\.429 +1\.51  │" "$1"' - "$tmp/a.rope-ntk:3"
check "frames: rope-ntk: pair 56's ★ at step 4" \
	grep -qE "│ +56 +3\.429 +1\.51★ │" "$tmp/a.rope-ntk:4"

# The look: classic and projector colours as the theme table has them, bold in projector
"$ATTNVIZ" --frame tiled --format svg >"$tmp/classic.svg"
"$ATTNVIZ" --frame tiled --format svg --set theme=projector >"$tmp/proj.svg"
# the title (ROLE_LABEL) is xterm 87 (#5fffff) in classic, 25 (#005faf) bold
# in projector, on its white page (231)
check "frames: classic labels in xterm colour 87" grep -qF 'fill="#5fffff"> 4/22  Tiled' "$tmp/classic.svg"
check "frames: projector labels in colour 25, bold" grep -qF 'fill="#005faf" font-weight="bold"> 4/22  Tiled' "$tmp/proj.svg"
check "frames: the projector's page is white" grep -qF '<rect width="720" height="432" fill="#ffffff"/>' "$tmp/proj.svg"
if grep -qF 'font-weight="bold">┌' "$tmp/classic.svg"; then fail "frames: classic frame lines bold"; else ok "frames: classic frame lines not bold"; fi
check "frames: one <rect> background at least" grep -qF '<rect width="720" height="432" fill="#000000"/>' "$tmp/classic.svg"
"$ATTNVIZ" --frame tiled --format txt --size 120x40 >"$tmp/big.txt"
expect_eq "frames: --size 120x40 gives 40 rows" "$(wc -l <"$tmp/big.txt" | tr -d ' ')" 40
expect_eq "frames: of 120 columns" "$(head -1 "$tmp/big.txt" | python3 -c 'import sys; print(len(sys.stdin.readline().rstrip("\n")))')" 120
"$ATTNVIZ" --frame tiled --format svg --size 120x40 >"$tmp/big.svg"
check "frames: the 120x40 SVG is 1080 x 720 px" grep -qF 'width="1080" height="720"' "$tmp/big.svg"
"$ATTNVIZ" --frame gqa -m qwen2.5-7b --size 120x30 >"$tmp/m.txt"
check "frames: -m names the model in the title" grep -qF "qwen2.5-7b (loaded)" "$tmp/m.txt"
"$ATTNVIZ" --frame tiled --set n=32 >"$tmp/set.txt"
check "frames: --set applies (n 32)" grep -qF "this run: n 32, d 8, B 16" "$tmp/set.txt"
NO_COLOR=1 "$ATTNVIZ" --frame tiled --format ansi >"$tmp/mono.ansi"
if grep -q "$(printf '\033')\[0;38;5;" "$tmp/mono.ansi"; then fail "frames: NO_COLOR ANSI has colours"; else ok "frames: NO_COLOR ANSI has no colours"; fi

# Data is text: a scene title with < & " stays valid XML, shown as written
mkdir "$tmp/scenes"
cp "$ATTNVIZ_SCENES"/*.ini "$tmp/scenes/"
sed -i 's/^title *=.*/title = A <b> \& "c" %s/' "$tmp/scenes/gqa.ini"
ATTNVIZ_SCENES="$tmp/scenes" "$ATTNVIZ" --frame gqa --format svg >"$tmp/esc.svg" 2>"$tmp/err"
expect_eq "frames: a title with < & \" exits 0" "$?" 0
if [ $have_xmllint = 1 ]; then check "frames: and the SVG is valid XML" xmllint --noout "$tmp/esc.svg"; fi
check "frames: the title escaped in the <title>" grep -qF '<title>attnviz: A &lt;b&gt; &amp; &quot;c&quot; %s, step' "$tmp/esc.svg"
python3 "$tmp/svgtext.py" "$tmp/esc.svg" >"$tmp/esc.txt"
check "frames: and shown as written in the title bar" grep -qF 'A <b> & "c" %s' "$tmp/esc.txt"

# Bad input: one line, exit 2
badarg() {   # NAME WANT ARGS...
	name=$1 want=$2; shift 2
	"$ATTNVIZ" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	expect_eq "frames: $name: exit 2, one line" "$rc $(wc -l <"$tmp/err" | tr -d ' ') $(wc -c <"$tmp/out" | tr -d ' ')" "2 1 0"
	expect_eq "frames: $name: says why" "$(cat "$tmp/err")" "attnviz: $want"
}
badarg "a step past the end" "--frame tiled: --step 15 is past the scene's end (steps 0 to 14)" --frame tiled --step 15
badarg "a negative step" "--step takes a step number from 0" --frame tiled --step -1
badarg "a bad size" "--size takes WxH from 80x24 to 1000x1000" --frame tiled --size 79x24
badarg "a bad format" "--frame --format takes svg, ansi or txt" --frame tiled --format png
badarg "an unknown scene" "unknown scene 'nosuch' (see attnviz --list)" --frame nosuch
badarg "all" "--frame draws one scene, not all" --frame all
badarg "--step without --frame" "--step goes with --frame" --print tiled --step 2
