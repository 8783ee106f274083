#!/bin/sh
# Lesson plans (--lesson FILE, DESIGN section 7) and step markers: bad plans
# are one line and exit 2; each example plan plays to its end as a cast, with
# one marker per step read by asciinema's own loader (tests/castmarks.py),
# and in a tmux pane with → alone, through the same steps; --cast SCENE and
# --record mark every step too.  The steps each item should show are read
# from the plan file here (awk) and from the scene's own step count
# (--frame's title), not from the program's lesson reader.
. tests/lib.sh
tmp=$(mktemp -d)
sock="attnviz-plans-$$"
. tests/tmuxlib.sh
trap 'T kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
bin=$(cd "$(dirname "$ATTNVIZ")" && pwd)/$(basename "$ATTNVIZ")
# One idle session keeps the private server up between the plans' sessions:
# a session started while the last one's server exits can be lost.
command -v tmux >/dev/null 2>&1 && T new-session -d -s keep "sleep 900"

# --- bad plans: one line naming file, line, section and key; exit 2 -----------
bad() {   # bad NAME WANT: the plan in $tmp/NAME.ini (written by the caller)
	"$ATTNVIZ" --lesson "$tmp/$1.ini" --cast >"$tmp/out" 2>"$tmp/err"
	rc=$?
	expect_eq "plans: $1: exit 2" "$rc" 2
	expect_eq "plans: $1: one line" "$(wc -l <"$tmp/err" | tr -d ' ')" 1
	expect_eq "plans: $1: names file, line, section and key" "$(cat "$tmp/err")" "attnviz: $tmp/$1.ini:$2"
	expect_eq "plans: $1: nothing on stdout" "$(wc -c <"$tmp/out" | tr -d ' ')" 0
}
printf '[lesson]\ntitle = T\n[1]\nscene = nosuch\n' >"$tmp/unknown-scene.ini"
bad unknown-scene "4: [1] scene: unknown scene 'nosuch' (see attnviz --list)"
printf '[lesson]\ntitle = T\n[1]\nscene = tiled\nset = n=64, d=abc\n' >"$tmp/bad-set.ini"
bad bad-set "5: [1] set: d: not a number: 'abc'"
printf '[lesson]\ntitle = T\n[1]\nscene = tiled\nset = n=64, zz=1\n' >"$tmp/set-unknown-key.ini"
bad set-unknown-key "5: [1] set: zz: unknown parameter (this scene has: n, d, tile, seed, causal)"
printf '[lesson]\ntitle = T\n[1]\nscene = gqa\n[3]\nscene = tiled\n' >"$tmp/missing-item.ini"
bad missing-item "5: [3] item 2 is missing (items are numbered 1, 2, 3, … without a gap)"
printf '[lesson]\ntitle = T\n[1]\nscene = gqa\n[2]\nscene = tiled\n[2]\nscene = swa\n' >"$tmp/duplicate-item.ini"
bad duplicate-item "7: [2] section given twice (first on line 5)"
printf '[lesson]\ntitle = T\n[1]\nscene = gqa\n[2]\nscene = tiled\nstep = 15\n' >"$tmp/step-past-end.ini"
bad step-past-end "7: [2] step: 15 is past the scene's end (tiled has steps 0 to 14 here)"
# the scene's end follows the set: n=32 with tile 16 is 2 x 2 blocks
printf '[lesson]\ntitle = T\n[1]\nscene = tiled\nset = n=32\nuntil = 41\n' >"$tmp/until-past-end.ini"
n32=$("$ATTNVIZ" --frame tiled --set n=32 | head -1 | sed 's/.*step [0-9]*\/\([0-9]*\).*/\1/')
bad until-past-end "6: [1] until: 41 is past the scene's end (tiled has steps 0 to $n32 here)"
printf '[lesson]\ntitle = T\n[1]\nscene = tiled\ncolour = red\n' >"$tmp/unknown-key.ini"
bad unknown-key "5: [1] colour: unknown key (an item takes scene, step, set, until and note)"
printf '[lesson]\ntitle = T\nauthor = me\n[1]\nscene = tiled\n' >"$tmp/unknown-lesson-key.ini"
bad unknown-lesson-key "3: [lesson] author: unknown key ([lesson] takes title, model and pace)"
printf '[lesson]\ntitle = T\npace = fast\n[1]\nscene = tiled\n' >"$tmp/pace-word.ini"
bad pace-word "3: [lesson] pace: not a number: 'fast' (a speed from 0.25 to 4; 1 reads at 150 words a minute)"
printf '[lesson]\ntitle = T\npace = 9\n[1]\nscene = tiled\n' >"$tmp/pace-range.ini"
bad pace-range "3: [lesson] pace: out of range: '9' (a speed from 0.25 to 4; 1 reads at 150 words a minute)"
printf '[lesson]\ntitle = T\n[1]\nscene = tiled\nstep = 3x\n' >"$tmp/bad-step.ini"
bad bad-step "5: [1] step: not a step number: '3x'"
printf '[lesson]\ntitle = T\nmodel = nosuchmodel\n[1]\nscene = gqa\n' >"$tmp/bad-model.ini"
"$ATTNVIZ" --lesson "$tmp/bad-model.ini" --cast >/dev/null 2>"$tmp/err"
expect_eq "plans: bad-model: exit 2" "$?" 2
check "plans: bad-model: names the plan's line and key" grep -qF "bad-model.ini:3: [lesson] model: " "$tmp/err"
printf '[lesson]\n[1]\nscene = gqa\n' >"$tmp/no-title.ini"
bad no-title "1: [lesson] title: missing: a lesson has a title"
printf '[lesson]\ntitle = T\n[1]\nstep = 2\n' >"$tmp/no-scene.ini"
bad no-scene "3: [1] scene: missing: every item names a scene (see attnviz --list)"
# the interactive program refuses it the same way, before the screen starts
"$ATTNVIZ" --lesson "$tmp/unknown-scene.ini" --frames 1 >/dev/null 2>"$tmp/err"
expect_eq "plans: the TUI refuses a bad plan: exit 2" "$?" 2
expect_eq "plans: with the same line" "$(cat "$tmp/err")" \
	"attnviz: $tmp/unknown-scene.ini:4: [1] scene: unknown scene 'nosuch' (see attnviz --list)"
"$ATTNVIZ" --lesson assets/lessons/context-cost.ini -s tiled >/dev/null 2>"$tmp/err"
expect_eq "plans: --lesson with -s is a usage error" "$?" 2

# --- what each plan should show: scene order, steps first..last -------------
order() { "$ATTNVIZ" --list | awk -F'\t' -v id="$1" '$1 == "scene" && $3 == id { print $2 }'; }
# expected_markers PLAN: "scene N/step K · item I/M" for every step, the note on each item's first
expected_markers() {
	awk '
		function flush() { if (scene != "") print scene "|" step "|" until "|" set "|" note }
		/^[ \t]*[;#]/ { next }
		/^\[[0-9]+\]/ { flush(); scene = ""; step = 0; until = -1; set = ""; note = ""; next }
		/^\[/ { next }
		/=/ { k = $0; sub(/[ \t]*=.*/, "", k); v = $0; sub(/^[^=]*=[ \t]*/, "", v); sub(/[ \t]*;.*$/, "", v)
		      if (k == "scene") scene = v; else if (k == "step") step = v; else if (k == "until") until = v
		      else if (k == "set") set = v; else if (k == "note") note = v }
		END { flush() }' "$1" >"$tmp/items"
	total=$(wc -l <"$tmp/items" | tr -d ' ')
	# the plan's model, as every item opens with it (none: each scene's own)
	model=$(awk -F' *= *' '/^\[/ { top = $0 == "[lesson]" } top && $1 == "model" { print "-m " $2 }' "$1")
	i=0
	while IFS='|' read -r scene step until set note; do   # "|": empty fields stay fields
		i=$((i + 1))
		args=""
		[ -n "$set" ] && args=$(echo "$set" | sed 's/, *\([a-z_]*=\)/\n\1/g' | sed 's/^/--set /' | tr '\n' ' ')
		# shellcheck disable=SC2086
		last=$("$ATTNVIZ" --frame "$scene" $args $model | head -1 | sed 's/.*step [0-9]*\/\([0-9]*\).*/\1/')
		[ "$until" -ge 0 ] && last=$until
		n=$(order "$scene")
		k=$step
		while [ "$k" -le "$last" ]; do
			if [ "$k" -eq "$step" ] && [ -n "$note" ]; then
				echo "scene $n/step $k · item $i/$total · $note"
			else
				echo "scene $n/step $k · item $i/$total"
			fi
			k=$((k + 1))
		done
	done <"$tmp/items"
}

# --- each example plan as a cast, then live in tmux with → only -------------
# title_of FILE: a captured screen's title as "scene N/step K · item I/M";
# where a long title left no room for the scene's number, the number is
# the one --list gives that title
"$ATTNVIZ" --list | awk -F'\t' '$1 == "scene"' >"$tmp/scene_list"
title_of() {
	_t=$(sed -n '1s/^┌ item \([0-9]*\/[0-9]*\)\( ── \([0-9]*\)\/[0-9]*\)\?  \(.*[^ ─]\)[ ─]* step \([0-9]*\)\/.*/\1|\3|\4|\5/p' "$1")
	[ -n "$_t" ] || return 0
	IFS='|' read -r _item _scene _title _step <<-EOF
	$_t
	EOF
	[ -n "$_scene" ] || _scene=$(awk -F'\t' -v t="$_title" '$4 == t { print $2 }' "$tmp/scene_list")
	echo "scene $_scene/step $_step · item $_item"
}
# title_is PANE WANT: the pane's title says WANT, or WANT is the lesson's
# end and the pane says so (the screen read is left in $tmp/scr.PANE)
title_is() {
	screen "$1" >"$tmp/scr.$1"
	[ "$(title_of "$tmp/scr.$1")" = "$2" ] || { [ "$2" = "end of the lesson" ] && grep -qF "$2" "$tmp/scr.$1"; }
}
# took_effect PANE WANT BEFORE BEFORE_TITLE: a key took effect on the
# screen saved in BEFORE, whose title is BEFORE_TITLE: the title is WANT,
# or it is BEFORE's and the screen changed
took_effect() {
	title_is "$1" "$2" ||
		{ [ "$(title_of "$tmp/scr.$1")" = "$4" ] && ! cmp -s "$tmp/scr.$1" "$3"; }
}
for plan in assets/lessons/*.ini; do
	pname=$(basename "$plan" .ini)
	"$ATTNVIZ" --lesson "$plan" --cast >"$tmp/$pname.cast" 2>"$tmp/err"
	expect_eq "plans: $pname: --cast exits 0" "$?" 0
	expect_eq "plans: $pname: nothing on stderr" "$(cat "$tmp/err")" ""
	expected_markers "$plan" >"$tmp/$pname.want"
	/usr/bin/python3 tests/castmarks.py "$tmp/$pname.cast" >"$tmp/$pname.got" 2>&1
	steps=$(wc -l <"$tmp/$pname.want" | tr -d ' ')
	if [ "$steps" -gt 10 ] && cmp -s "$tmp/$pname.want" "$tmp/$pname.got"; then
		ok "plans: $pname: one marker per step, in time order, labelled with the step and note ($steps)"
	else
		fail "plans: $pname: markers ($(diff "$tmp/$pname.want" "$tmp/$pname.got" | head -3 | tr '\n' '|'))"
	fi
	title=$(sed -n 's/^title *= *//p' "$plan")
	check "plans: $pname: the cast's title is the plan's" grep -qF "\"title\": \"attnviz: $title\"" "$tmp/$pname.cast"
	"$ATTNVIZ" --lesson "$plan" --cast >"$tmp/$pname.2.cast"
	check "plans: $pname: the cast is deterministic" cmp -s "$tmp/$pname.cast" "$tmp/$pname.2.cast"

	if ! command -v tmux >/dev/null 2>&1; then
		echo "skip - plans: $pname in tmux (tmux is not installed)"
		continue
	fi
	T new-session -d -s "$pname" -x 80 -y 24 \
		"env LC_ALL=C.UTF-8 TERM=screen-256color ATTNVIZ_SCENES='$ATTNVIZ_SCENES' ATTNVIZ_MODELS='$ATTNVIZ_MODELS' $bin --lesson $plan; echo EXITED \$?; sleep 60"
	# press → until the lesson says it ended, noting the title's item and step
	# after each key.  A key is sent only once the last one took effect: the
	# title shows the step the plan has next (or the lesson's end), or, at an
	# item's note, the same step with the screen changed (→ first shows the
	# step's narration).  So a slow redraw is waited for, never taken for a
	# step, and no key is sent ahead of the screen.
	sed 's/ · item \([0-9]*\/[0-9]*\) · .*/ · item \1/' "$tmp/$pname.want" >"$tmp/$pname.steps"
	: >"$tmp/$pname.seen"
	presses=0
	# the steps read in order: $want the one on screen, $next the one after
	exec 3<"$tmp/$pname.steps"
	read -r want <&3
	read -r next <&3 || next=
	wait_until title_is "$pname" "$want"
	cp "$tmp/scr.$pname" "$tmp/scr"
	while :; do
		title=$(title_of "$tmp/scr")
		[ -z "$title" ] || echo "$title" >>"$tmp/$pname.seen"
		grep -qF "end of the lesson" "$tmp/scr" && break
		[ "$title" = "$want" ] && [ $presses -lt 400 ] || break
		T send-keys -t "$pname" Right
		presses=$((presses + 1))
		wait_until took_effect "$pname" "${next:-end of the lesson}" "$tmp/scr" "$title"
		cp "$tmp/scr.$pname" "$tmp/scr"
		if [ -n "$next" ] && [ "$(title_of "$tmp/scr")" = "$next" ]; then
			want=$next
			read -r next <&3 || next=
		fi
	done
	exec 3<&-
	uniq "$tmp/$pname.seen" >"$tmp/$pname.useen"
	if grep -qF "end of the lesson" "$tmp/scr" && cmp -s "$tmp/$pname.steps" "$tmp/$pname.useen"; then
		ok "plans: $pname: → alone plays every step of every item to the end in tmux ($presses presses)"
	else
		fail "plans: $pname: tmux ($(diff "$tmp/$pname.steps" "$tmp/$pname.useen" | head -3 | tr '\n' '|'))"
	fi
	T send-keys -t "$pname" q
	T kill-session -t "$pname" 2>/dev/null
done

# --- in tmux: the note, ← back across items, L and its jump --------------------
if command -v tmux >/dev/null 2>&1; then
	plan=assets/lessons/why-flashattention.ini
	T new-session -d -s nav -x 80 -y 24 \
		"env LC_ALL=C.UTF-8 TERM=screen-256color ATTNVIZ_SCENES='$ATTNVIZ_SCENES' ATTNVIZ_MODELS='$ATTNVIZ_MODELS' $bin --lesson $plan --record $tmp/nav.cast; echo EXITED \$?; sleep 60"
	nscenes=$("$ATTNVIZ" --list | awk -F'\t' '$1 == "scene"' | wc -l | tr -d ' ')
	note1=$(sed -n '/^\[1\]/,/^\[2\]/s/^note *= *//p' "$plan")
	check "plans: the title shows item 1/5 at the start" wait_for nav "┌ item 1/5 ── 1/$nscenes"
	check "plans: the first item's note heads the narration pane" wait_for nav "Note: $note1"
	check "plans: at the item's first step (step 3 of the plan)" wait_for nav "step 3/6"
	T send-keys -t nav Right
	check "plans: → shows the step's own narration under a long note" wait_for nav "n = 32768: 1073741824 scores"
	T send-keys -t nav Right Right Right Right
	check "plans: → past the item's last step goes to item 2" wait_for nav "┌ item 2/5 ── 2/$nscenes"
	T send-keys -t nav Left
	check "plans: ← before item 2's start goes back to item 1's last step" wait_for nav "step 6/6"
	check "plans: the title says item 1/5 again" wait_for nav "┌ item 1/5"
	T send-keys -t nav L
	check "plans: L lists the items" wait_for nav "Why FlashAttention (↑↓ Enter go, Esc)"
	check "plans: with each item's scene and steps" wait_for nav "tiled            0–11"
	T send-keys -t nav Down Down Down Enter
	check "plans: Enter goes to the item chosen" wait_for nav "┌ item 4/5 ── 4/$nscenes  Tiled attention"
	check "plans: its set applied (n 64, d 8, B 16)" wait_for nav "n 64  d 8  B 16"
	T send-keys -t nav End
	check "plans: End stops at the item's until (step 11 of 14)" wait_for nav "step 11/14"
	T send-keys -t nav q
	check "plans: q quits with status 0" wait_for nav "EXITED 0"
	# --record: a marker for each step shown, in the order the class saw them
	/usr/bin/python3 tests/castmarks.py "$tmp/nav.cast" >"$tmp/nav.got" 2>&1
	printf '%s\n' "scene 1/step 3 · item 1/5 · $note1" "scene 1/step 4 · item 1/5" "scene 1/step 5 · item 1/5" \
		"scene 1/step 6 · item 1/5" "scene 2/step 0 · item 2/5 · $(sed -n '/^\[2\]/,/^\[3\]/s/^note *= *//p' "$plan")" \
		"scene 1/step 6 · item 1/5" "scene 4/step 0 · item 4/5 · $(sed -n '/^\[4\]/,/^\[5\]/s/^note *= *//p' "$plan")" \
		"scene 4/step 11 · item 4/5" >"$tmp/nav.want"
	if cmp -s "$tmp/nav.want" "$tmp/nav.got"; then
		ok "plans: --record marks each step taken, once, in order (8 markers)"
	else
		fail "plans: --record markers ($(diff "$tmp/nav.want" "$tmp/nav.got" | head -4 | tr '\n' '|'))"
	fi
	T kill-session -t nav 2>/dev/null
fi

# --- the whole lesson as one plan ------------------------------------------
# Examples 1 to 17 in order, each item's note naming its example as
# "Example N of 17." (the bar counts items, 19: the note says which count
# it is) and asking a question, the scene of Example N being scene N of
# --list (the lesson's order); the items the lesson has no example of say
# "Beyond the lesson, after Example N." of the example before them; and
# the recording within an hour: 30 minutes of a 90-minute class left for
# talk.
whole=assets/lessons/whole-lesson.ini
awk -F' *= *' '/^\[[0-9]+\]/ { item = $0 } $1 == "scene" { scene[item] = $2 }
	$1 == "note" {
		q = $2 ~ /\?/
		if ($2 ~ /^Example [0-9]+ of 17\. /) {
			split($2, w, " "); last = w[2]
			print "ex", w[2], scene[item], q
		} else if ($2 ~ /^Beyond the lesson, after Example [0-9]+\. /) {
			split($2, w, " "); n = w[6]; sub(/\.$/, "", n)
			print "beyond", n, n == last ? "after" : "elsewhere", q
		} else
			print "bad", item, "-", 0
	}' "$whole" >"$tmp/whole.examples"
"$ATTNVIZ" --list | awk -F'\t' '$1 == "scene" { print $2, $3 }' >"$tmp/whole.order"
if awk 'NR == FNR { id[$1] = $2; next }
	$1 == "ex" { n++
		if ($2 != n || id[$2] != $3 || !$4) bad = bad " " $0
		next }
	$1 == "beyond" { b++; if ($3 != "after" || !$4) bad = bad " " $0; next }
	{ bad = bad " " $0 }
	END { exit !(n == 17 && b == 2 && bad == "") }' \
	"$tmp/whole.order" "$tmp/whole.examples"; then
	ok "plans: whole-lesson: Examples 1 to 17 of 17 in order, each at its" \
		"scene, the 2 others beyond the lesson, each note a question"
else
	fail "plans: whole-lesson: examples ($(tr '\n' '|' <"$tmp/whole.examples"))"
fi
# The notes ask what the item's screens show: mla-absorb rebuilds a head's
# key (never a value: the note asks of keys alone), kv-quant shows how far
# off the scores and the output are (the note asks of both).
note_of() {
	awk -F' *= *' -v sc="$1" '$1 == "scene" { cur = $2 }
		$1 == "note" && cur == sc { print $2 }' "$whole"
}
# narr SCENE STEP [ARGS]: the frame, wide enough for a narration on one row
narr() {
	sc=$1 st=$2
	shift 2
	"$ATTNVIZ" --frame "$sc" --step "$st" --size 200x50 "$@"
}
mla=$(note_of mla-absorb)
kvq=$(note_of kv-quant)
if printf '%s' "$mla" | grep -q "key" &&
	! printf '%s' "$mla" | grep -qi "value" &&
	narr mla-absorb 3 | grep -q "Keys are never rebuilt"; then
	ok "plans: whole-lesson: mla-absorb's note asks of the key the" \
		"screen rebuilds, not of values"
else
	fail "plans: whole-lesson: mla-absorb's note: $mla"
fi
if printf '%s' "$kvq" | grep -q "scores and the output" &&
	narr kv-quant 4 --set type=q8_0 |
	grep -q "Scores q.k / sqrt(d) of all 8 keys .*: largest error" &&
	narr kv-quant 5 --set type=q8_0 |
	grep -q "The output, .*largest error"; then
	ok "plans: whole-lesson: kv-quant's note asks how far off the scores" \
		"and the output are, as its screens show"
else
	fail "plans: whole-lesson: kv-quant's note: $kvq"
fi
# The lesson's points the plan's items must put on screen, each as the
# lesson states it: Example 1's GiB for 32 layers (1024, 16384, 262144),
# Example 8's product 576 x 61 x 2 = 70,272, Example 10's reason for
# --swa-full (prefix reuse), Example 15's ramp from pair 20 to pair 46 and
# Example 16's FLOPs that FlashAttention leaves and windows cut.
# flat SCENE STEP: the frame's text in one line, its panes' bars and
# no-break spaces (1024\u00a0GiB) as spaces, squeezed
flat() { narr "$@" | sed 's/[│┆ ]/ /g' | tr '\n' ' ' | tr -s ' '; }
miss=
flat score-matrix 2 | grep -q "1024 GiB for all 32 layers" || miss="$miss score-matrix.8192"
flat score-matrix 3 | grep -q "16384 GiB for all 32 layers" || miss="$miss score-matrix.32768"
flat score-matrix 4 | grep -q "262144 GiB for all 32 layers" || miss="$miss score-matrix.131072"
flat mla-bytes 1 | grep -q "(512 latent + 64 RoPE = 576 values) × 61 layers × 2 bytes = 70272 bytes per token" ||
	miss="$miss mla-bytes"
flat iswa 4 | grep -q "The flag is for prefix reuse" || miss="$miss iswa"
flat rope-yarn 0 | grep -q "pair 0 ↑20 ↑46 63" || miss="$miss rope-yarn"
flat cost 4 | grep -q "FlashAttention leaves these FLOPs as they are.* Sliding windows and sparse attention are what cut the FLOPs" ||
	miss="$miss cost"
if [ -z "$miss" ]; then
	ok "plans: whole-lesson: the lesson's points of Examples 1, 8, 10, 15" \
		"and 16 on its items' screens"
else
	fail "plans: whole-lesson: points missing from:$miss"
fi
end=$(tail -1 "$tmp/whole-lesson.cast" | sed 's/^\[\([0-9.]*\),.*/\1/')
if awk -v t="$end" 'BEGIN { exit !(t > 600 && t <= 3600) }'; then
	ok "plans: whole-lesson: the recording plays in $end s, within an hour"
else
	fail "plans: whole-lesson: the recording plays in $end s"
fi

# --- [lesson] pace: one reading pace, scaled ----------------------------------
# The same two items at pace 1 and pace 2: every step held half as long, so
# the recording's end (its last event's time) is half, to a millisecond a
# step of rounding.  The note is held on its own frame too.  (No item moves
# through in-between frames: those keep their own frame rate.)
cat >"$tmp/pace1.ini" <<'EOF'
[lesson]
title = Pace
[1]
scene = online-softmax
until = 3
note = The running max and sum: watch them change as each score arrives.
[2]
scene = swa
until = 1
EOF
sed 's/^title = Pace$/title = Pace\npace = 2/' "$tmp/pace1.ini" >"$tmp/pace2.ini"
"$ATTNVIZ" --lesson "$tmp/pace1.ini" --cast >"$tmp/pace1.cast"
"$ATTNVIZ" --lesson "$tmp/pace2.ini" --cast >"$tmp/pace2.cast"
end1=$(tail -1 "$tmp/pace1.cast" | sed 's/^\[\([0-9.]*\),.*/\1/')
end2=$(tail -1 "$tmp/pace2.cast" | sed 's/^\[\([0-9.]*\),.*/\1/')
if awk -v a="$end1" -v b="$end2" 'BEGIN { d = a / 2 - b; exit !(a >= 20 && d < 0.01 && d > -0.01) }'; then
	ok "plans: pace = 2 plays the plan in half the time ($end1 s, $end2 s)"
else
	fail "plans: pace = 2 plays in $end2 s, pace 1 in $end1 s"
fi

# --- --cast SCENE and --cast all: a marker per step ---------------------------
"$ATTNVIZ" --cast online-softmax >"$tmp/os.cast"
n=$(order online-softmax)
last=$("$ATTNVIZ" --frame online-softmax | head -1 | sed 's/.*step [0-9]*\/\([0-9]*\).*/\1/')
k=0; : >"$tmp/os.want"
while [ $k -le "$last" ]; do echo "scene $n/step $k" >>"$tmp/os.want"; k=$((k + 1)); done
/usr/bin/python3 tests/castmarks.py "$tmp/os.cast" >"$tmp/os.got" 2>&1
check "plans: --cast online-softmax: markers scene $n/step 0..$last, once each" cmp -s "$tmp/os.want" "$tmp/os.got"
"$ATTNVIZ" --cast all >"$tmp/all.cast"
: >"$tmp/all.want"
"$ATTNVIZ" --list | awk -F'\t' '$1 == "scene" && $3 != "bench" { print $2 "\t" $3 }' | while IFS='	' read -r n id; do
	last=$("$ATTNVIZ" --frame "$id" | head -1 | sed 's/.*step [0-9]*\/\([0-9]*\).*/\1/')
	k=0
	while [ $k -le "$last" ]; do echo "scene $n/step $k" >>"$tmp/all.want"; k=$((k + 1)); done
done
/usr/bin/python3 tests/castmarks.py "$tmp/all.cast" >"$tmp/all.got" 2>&1
check "plans: --cast all: a marker per step of every scene ($(wc -l <"$tmp/all.want" | tr -d ' '))" \
	cmp -s "$tmp/all.want" "$tmp/all.got"
# asciinema's own cat still reads a recording with markers
if command -v asciinema >/dev/null 2>&1 && command -v script >/dev/null 2>&1; then
	script -qec "asciinema cat '$tmp/os.cast'" /dev/null </dev/null >"$tmp/os.txt" 2>&1
	check "plans: asciinema cat reads a cast with markers" grep -qF "step 8/8" "$tmp/os.txt"
fi
