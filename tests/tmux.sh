#!/bin/sh
# Real-terminal tests: attnviz in a tmux pane, driven by send-keys and read by
# capture-pane.  Each wait polls the screen for its condition (tests/tmuxlib.sh)
# instead of sleeping a fixed time, so a loaded machine only makes the tests
# slower, not flaky.
. tests/lib.sh
if ! command -v tmux >/dev/null 2>&1; then
	echo "skip - tmux tests (tmux is not installed)"
	exit 0
fi
sock="attnviz-test-$$"
. tests/tmuxlib.sh
trap 'T kill-server 2>/dev/null' EXIT
bin=$(cd "$(dirname "$ATTNVIZ")" && pwd)/$(basename "$ATTNVIZ")
# One idle session keeps the private server up between the others: a session
# started while the last one's server exits can be lost.
T new-session -d -s keep "sleep 3600"
start() {   # start NAME WIDTH HEIGHT ARGS...
	name=$1 w=$2 h=$3; shift 3
	T new-session -d -s "$name" -x "$w" -y "$h" \
		"env LC_ALL=C.UTF-8 TERM=screen-256color ATTNVIZ_SCENES='$ATTNVIZ_SCENES' ATTNVIZ_MODELS='$ATTNVIZ_MODELS' $bin $*; echo EXITED \$?; stty -a | tr ' ;' '\n\n' | grep -x -e icanon -e echo | tr '\n' ' '; echo; sleep 60"
}
expect_screen() {   # NAME PANE TEXT
	if wait_for "$2" "$3"; then ok "$1"; else fail "$1 (screen: $(screen "$2" | head -3 | tr '\n' '|'))"; fi
}

start a 100 30 -s online-softmax
expect_screen "tmux: starts on the chosen scene" a "Online softmax in one pass"
expect_screen "tmux: step counter at 0" a "step 0/8"
T send-keys -t a Right Right Right Right
expect_screen "tmux: four steps forward" a "step 4/8"
expect_screen "tmux: the rescale fires at x[3]" a "RESCALE"
expect_screen "tmux: narration with the step's numbers" a "raises the max from 3 to 5"
T send-keys -t a Left
expect_screen "tmux: one step back" a "step 3/8"
T send-keys -t a End
expect_screen "tmux: End goes to the last step" a "step 8/8"
expect_screen "tmux: summary pane all checks pass" a "✓ all 21 checks pass"
T send-keys -t a Home
expect_screen "tmux: Home goes to step 0" a "step 0/8"
T resize-window -t a -x 50 -y 12
expect_screen "tmux: too small screen" a "terminal too small (need 80×24)"
T resize-window -t a -x 70 -y 20
expect_screen "tmux: 70x20 is too small too (numbers would be cut)" a "terminal too small (need 80×24)"
# centred: (70 - 31) / 2 = 19 columns before it
expect_screen "tmux: the too-small message is centred" a "                   terminal too small (need 80×24)"
T resize-window -t a -x 79 -y 24
expect_screen "tmux: 79 columns is too small" a "terminal too small (need 80×24)"
T resize-window -t a -x 80 -y 24
expect_screen "tmux: recovers at 80x24" a "Online softmax in one pass"
T resize-window -t a -x 120 -y 40
expect_screen "tmux: recovers when it grows" a "Online softmax in one pass"
T send-keys -t a '?'
expect_screen "tmux: help overlay" a "keys (any key closes)"
T send-keys -t a x
if wait_gone a "keys (any key closes)"; then ok "tmux: any key closes help"; else fail "tmux: help did not close"; fi
T send-keys -t a w
expect_screen "tmux: w opens the explain pane" a "explain (↑↓ PgUp PgDn scroll"
expect_screen "tmux: the pane explains the max" a "second way: the two-pass method's first pass"
T send-keys -t a G
expect_screen "tmux: G scrolls the pane to its end" a "the probability of score 5"
T send-keys -t a w
if wait_gone a "explain (↑↓"; then ok "tmux: w closes the explain pane"; else fail "tmux: the explain pane did not close"; fi
T send-keys -t a Tab
expect_screen "tmux: Tab to the next scene" a "Online attention row"
T send-keys -t a e
expect_screen "tmux: parameter editor" a "parameters (type KEY=VALUE"
T send-keys -t a 'scores=oops' Enter
expect_screen "tmux: a bad value shows its error" a "scores: not a number: 'oops'"
T send-keys -t a Escape
T send-keys -t a l
expect_screen "tmux: the scene still runs after the error" a "step 1/7"
T send-keys -t a e
T send-keys -t a -l "scores=1,2,3,4 values=1:0,0:1,1:1,2:2"
T send-keys -t a Enter
expect_screen "tmux: scores and values change length in one line" a "parameters applied"
expect_screen "tmux: the scene has four keys now" a "step 1/5"
T send-keys -t a q
expect_screen "tmux: q quits with status 0" a "EXITED 0"
expect_screen "tmux: terminal restored (icanon, echo)" a "icanon echo"
if screen a | grep -q "attnviz ──"; then fail "tmux: screen left drawn after quit"; else ok "tmux: alternate screen left"; fi

# The pane's shell ignores SIGINT so that it outlives attnviz and prints its status.
T new-session -d -s b -x 100 -y 30 "trap '' INT; env LC_ALL=C.UTF-8 TERM=screen-256color ATTNVIZ_SCENES='$ATTNVIZ_SCENES' ATTNVIZ_MODELS='$ATTNVIZ_MODELS' $bin -s 2; echo EXITED \$?; stty -a | tr ' ;' '\n\n' | grep -x -e icanon -e echo | tr '\n' ' '; echo; sleep 60"
expect_screen "tmux: second session up" b "step 0/8"
T send-keys -t b C-c
expect_screen "tmux: Ctrl-C quits, dying by SIGINT (130)" b "EXITED 130"
expect_screen "tmux: terminal restored after Ctrl-C" b "icanon echo"

start c 100 30 -s 2
expect_screen "tmux: third session up" c "step 0/8"
pid=$(pgrep -f "^$bin -s 2" | head -1)
[ -n "$pid" ] && kill -TERM "$pid"
expect_screen "tmux: SIGTERM quits, dying by SIGTERM (143)" c "EXITED 143"
expect_screen "tmux: terminal restored after SIGTERM" c "icanon echo"

# Ctrl-\ (SIGQUIT) and a crash (SIGABRT, as an assert; a sanitizer build
# keeps its own SIGSEGV): the terminal restored at once (modes, the normal
# screen, the cursor shown, mouse reporting off), then death by the signal.
# The pane's shell catches SIGQUIT (to outlive attnviz) and writes no core.
# fatal NAME KEY-OR-SIGNAL STATUS [THE KEY'S BYTE, hex]
fatal() {
	T new-session -d -s "$1" -x 100 -y 30 "trap : QUIT; ulimit -c 0; env LC_ALL=C.UTF-8 TERM=screen-256color ATTNVIZ_SCENES='$ATTNVIZ_SCENES' ATTNVIZ_MODELS='$ATTNVIZ_MODELS' $bin -s 2; echo EXITED \$?; stty -a | tr ' ;' '\n\n' | grep -x -e icanon -e echo | tr '\n' ' '; echo; sleep 60"
	expect_screen "tmux: $1 session up" "$1" "step 0/8"
	case $2 in
	C-*) T send-keys -t "$1" -H "$4" ;;
	*) pid=$(pgrep -f "^$bin -s 2" | head -1); [ -n "$pid" ] && kill "-$2" "$pid" ;;
	esac
	expect_screen "tmux: $2 kills, dying by the signal ($3)" "$1" "EXITED $3"
	expect_screen "tmux: terminal modes restored after $2" "$1" "icanon echo"
	flags=$(T display -p -t "$1" '#{alternate_on} #{cursor_flag} #{mouse_any_flag}#{mouse_standard_flag}#{mouse_button_flag}')
	expect_eq "tmux: after $2: the normal screen, the cursor shown, mouse reporting off" "$flags" "0 1 000"
	T kill-session -t "$1"
}
fatal quit 'C-\\' 131 1c
fatal abrt ABRT 134

# Pasted text is taken before the next draw (one draw a character took 6 s
# for 50 KB): counted, not timed.  --record writes an event for each draw
# that changed the screen, and every character typed into the editor
# changes its line, so 200 characters arriving at once are about 200 events
# drawn one by one and a handful taken together.  Then 50 KB: the line keeps
# its bound and the keys after the paste still act.
pdir=$(mktemp -d)
start paste 100 30 -s 2 --record "$pdir/paste.cast"
expect_screen "tmux: paste session up" paste "step 0/8"
T send-keys -t paste e
wait_for paste "> █" || true
sleep 0.3
before=$(grep -c '^\[[0-9.]*, "o"' "$pdir/paste.cast")
T send-keys -t paste -l "$(head -c 199 /dev/zero | tr '\0' 'a')b"
wait_for paste "aab█" || true
sleep 0.3
draws=$(($(grep -c '^\[[0-9.]*, "o"' "$pdir/paste.cast") - before))
if [ "$draws" -ge 1 ] && [ "$draws" -le 20 ]; then
	ok "tmux: 200 pasted characters take $draws draws (not one a character)"
else
	fail "tmux: 200 pasted characters took $draws draws"
fi
chunk=$(head -c 1000 /dev/zero | tr '\0' 'a')
i=0
while [ $i -lt 50 ]; do T send-keys -t paste -l "$chunk"; i=$((i + 1)); done
T send-keys -t paste Escape q
expect_screen "tmux: 50 KB pasted into the editor, then Escape and q" paste "EXITED 0"
rm -rf "$pdir"

start d 100 30 -s 2
T send-keys -t d + + + + + + a
expect_screen "tmux: autoplay advances on its own" d "step 3/8"
expect_screen "tmux: autoplay stops at the end" d "autoplay: last step reached"
T send-keys -t d q
expect_screen "tmux: quit after autoplay" d "EXITED 0"

# NO_COLOR and a non-UTF-8 locale: ASCII glyphs, still usable.
T new-session -d -s e -x 100 -y 30 "env LC_ALL=C NO_COLOR=1 TERM=screen ATTNVIZ_SCENES='$ATTNVIZ_SCENES' ATTNVIZ_MODELS='$ATTNVIZ_MODELS' $bin -s 2; echo EXITED \$?; sleep 60"
expect_screen "tmux: ASCII fallback draws the title" e "Online softmax in one pass"
T send-keys -t e End
expect_screen "tmux: ASCII fallback shows + for a passing check" e "+ all 21 checks pass"
T send-keys -t e q
expect_screen "tmux: ASCII session quits" e "EXITED 0"

# The model picker: bad files show their error and the loaded model stays.
mdir=$(mktemp -d)
sed 's/^layers .*/layers = 12abc/' "$ATTNVIZ_MODELS/llama3-8b.ini" > "$mdir/junk.ini"
sed 's/^name .*/name = %n%s%x evil/' "$ATTNVIZ_MODELS/llama3-8b.ini" > "$mdir/fmt.ini"
printf '[model:layers]\nx = 1\n' > "$mdir/colon.ini"
: > "$mdir/empty.ini"
mkdir "$mdir/dir.ini"
start f 120 40 -s gqa -m qwen2.5-7b
expect_screen "tmux: picker test starts with qwen2.5-7b" f "── qwen2.5-7b (loaded)"
picker_bad() {   # NAME PATH WANT
	T send-keys -t f m
	wait_for f "model (↑↓ choose" || true
	T send-keys -t f / 
	T send-keys -t f -l "$2"
	T send-keys -t f Enter
	expect_screen "tmux: picker refuses $1" f "$3"
	T send-keys -t f Escape
	if wait_for f "── qwen2.5-7b (loaded)"; then ok "tmux: after $1 the loaded model stays"; else fail "tmux: $1 lost the model"; fi
}
picker_bad "a junk number" "$mdir/junk.ini" "[model] layers: '12abc' is not a whole number"
picker_bad "a colon section" "$mdir/colon.ini" "':' is not allowed in a section name"
picker_bad "an empty file" "$mdir/empty.ini" "missing sections (required)"
picker_bad "a directory" "$mdir/dir.ini" "no config.json in this directory"
picker_bad "/dev/zero" "/dev/zero" "/dev/zero: not a regular file"
picker_bad "a missing model" "no-such-model" "no model 'no-such-model'"
# A good path loads; its name with % signs is shown as text.
T send-keys -t f m / 
T send-keys -t f -l "$mdir/fmt.ini"
T send-keys -t f Enter
expect_screen "tmux: picker loads a model by path" f "── fmt (loaded)"
expect_screen "tmux: a name with %n is shown as text" f "model: %n%s%x evil"
T send-keys -t f m
expect_screen "tmux: picker lists the models" f "llama3-70b"
T send-keys -t f d
expect_screen "tmux: d returns to the lesson's model" f "── llama3-8b "
T send-keys -t f q
expect_screen "tmux: picker session quits" f "EXITED 0"
rm -rf "$mdir"

# The picker's path is typed in view, with a cursor; after a failed load the
# text stays there to be corrected.
start j 80 24 -s gqa
expect_screen "tmux: 80x24 session up" j "step 0/"
T send-keys -t j m
wait_for j "model (↑↓ choose" || true
T send-keys -t j /
T send-keys -t j -l "no-such-mod"
expect_screen "tmux: the typed path is visible" j "path: no-such-mod█"
T send-keys -t j Enter
expect_screen "tmux: a failed load says why" j "no model 'no-such-mod'"
expect_screen "tmux: the failed path stays visible" j "path: no-such-mod█"
T send-keys -t j BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace
T send-keys -t j -l "llama3-70b"
expect_screen "tmux: the corrected path is what is shown" j "path: llama3-70b█"
T send-keys -t j Enter
expect_screen "tmux: the corrected path loads" j "model: Llama 3 70B"
# Scenes 10 and up: two digits; R puts the parameters back.
T send-keys -t j 1 1
expect_screen "tmux: 1 then 1 jumps to scene 11" j "11/"
T send-keys -t j 2
expect_screen "tmux: 2 jumps to scene 2 at once" j "2/"
T send-keys -t j 1 Enter
expect_screen "tmux: 1 Enter jumps to scene 1" j "  The n×n score matrix: size and traffic ─"
# A first digit alone: when its window closes the scene is 1 and the prompt
# for a second digit is gone with it (a 2 typed after it is scene 2).
T send-keys -t j 4
expect_screen "tmux: 4 jumps to scene 4 at once" j "┌ 4/"
T send-keys -t j 1
expect_screen "tmux: 1 offers a second digit" j "a second digit for 10"
on_one_unprompted() { shows j "  The n×n score matrix: size and traffic ─" && shows_not j "a second digit"; }
if wait_until on_one_unprompted; then ok "tmux: 1 alone goes to scene 1 and its prompt closes with the window"
else fail "tmux: the second-digit prompt outlives its window ($(screen j | tail -1))"; fi
T send-keys -t j s 1 2
expect_screen "tmux: a number in the scene list jumps (12)" j "12/"
T send-keys -t j 2 e
T send-keys -t j -l "x=1,2"
T send-keys -t j Enter
expect_screen "tmux: a parameter set" j "parameters applied"
T send-keys -t j R
expect_screen "tmux: R puts the defaults back" j "parameters back to the scene file's defaults"
expect_screen "tmux: the default scores are back" j "x[5]"
# The bottom-right corner of the frame is drawn.
if screen j | tail -1 | grep -q "┘$"; then ok "tmux: the frame's bottom-right corner"; else fail "tmux: no bottom-right corner ($(screen j | tail -1))"; fi
T send-keys -t j q
expect_screen "tmux: 80x24 session quits" j "EXITED 0"

# A model's note (what llama.cpp does differently from its file) is on screen:
# under the state pane, and in the picker's preview.
start mn 80 24 -s gqa -m "$ATTNVIZ_MODELS/mistral-7b.ini"
expect_screen "tmux: the model's note under the state pane" mn "llama.cpp reads no"
T send-keys -t mn m
expect_screen "tmux: the picker opens on the loaded model" mn "▸ mistral-7b"
# a rule between the names and the facts: every list row ends in │ before
# the preview's column (the facts once read as the next model's)
if screen mn | awk '/▸ mistral-7b/ { exit !($0 ~ /▸ mistral-7b +│ /) }'; then
	ok "tmux: a rule parts the picker's names from the chosen one's facts"
else
	fail "tmux: no rule beside the picker's names ($(screen mn | grep -m1 '▸ '))"
fi
expect_screen "tmux: the picker's preview shows the note" mn "sliding window for this"
expect_screen "tmux: the preview says llama.cpp ignores the window" mn "window 4096, which llama.cpp ignores"
# Up until gemma3-27b (the models between it and mistral-7b grow with the
# shipped list), one key at a time: the next Up only once the last one moved
# the selection, so that a slow redraw cannot carry it past.
i=0
while [ $i -lt 40 ] && ! shows mn "▸ gemma3-27b"; do
	sel=$(screen mn | grep -m1 -- "▸ ")
	T send-keys -t mn Up
	wait_until line_differs mn "▸ " "$sel" || break
	i=$((i + 1))
done
expect_screen "tmux: the picker moves to gemma3-27b" mn "▸ gemma3-27b"
expect_screen "tmux: the preview counts the local layers" mn "window 1024 on 52 of 62 layers"
T send-keys -t mn Escape q
expect_screen "tmux: quit after the note" mn "EXITED 0"
# A second model from the picker (M): gqa shows both names, as rows and
# bars; D in the picker drops it and the one-model picture is back.
start m2 80 24 -s gqa
expect_screen "tmux: two-model session starts" m2 "step 0/2"
T send-keys -t m2 M
expect_screen "tmux: M opens the picker for a second model" m2 "second model (↑↓ choose"
i=0
while [ $i -lt 40 ] && ! screen m2 | grep -q "▸ qwen2.5-7b"; do
	# one row at a time: the next Down only once the highlight has moved
	here=$(screen m2 | grep -o '▸ [a-z0-9.-]*' | head -n 1)
	T send-keys -t m2 Down
	wait_gone m2 "$here" || true
	i=$((i + 1))
done
T send-keys -t m2 Enter
expect_screen "tmux: after M the first model is named" m2 "│ 1 Llama 3 8B"
expect_screen "tmux: after M the second model is named" m2 "│ 2 Qwen2.5 7B"
expect_screen "tmux: the second model's kv bytes a token" m2 "2 ████████▍           57344"
T send-keys -t m2 m
expect_screen "tmux: the picker names the second model" m2 "2nd model: Qwen2.5 7B"
# the highlighted model's weights as its users download them
expect_screen "tmux: the picker says Llama 3 8B's weights: Q4_K_M, exact" m2 \
	"weights $(awk -v b="$(sval memory weights_bytes -m llama3-8b)" 'BEGIN { printf "%.2f", b / 1073741824 }') GiB Q4_K_M, exact"
T send-keys -t m2 D
expect_screen "tmux: D drops the second model" m2 "second model dropped"
expect_screen "tmux: the one-model picture is back" m2 "tiny model: 8 query heads"
T send-keys -t m2 q
expect_screen "tmux: two-model session quits" m2 "EXITED 0"
# flash-decoding: a rescaled state carries a mark, not only a colour.
start fd 80 24 -s flash-decoding
expect_screen "tmux: flash-decoding starts" fd "step 0/6"
T send-keys -t fd Right Right
expect_screen "tmux: flash-decoding at step 2" fd "step 2/6"
expect_screen "tmux: a grown max is said in words on its row" fd "keys 0-5 max grew"
if screen fd | grep -q "^│  ↑ m "; then ok "tmux: a grown max is marked ↑"; else fail "tmux: no ↑ beside a rescaled state"; fi
T send-keys -t fd q
expect_screen "tmux: quit flash-decoding" fd "EXITED 0"

# The benchmark scene: measures only when asked, in the background; the screen
# stays live, x cancels, leaving cancels.
nsc=$(env ATTNVIZ_SCENES="$ATTNVIZ_SCENES" "$bin" --list | awk -F'\t' '$1=="scene"' | wc -l | tr -d ' ')
start bt 80 24 -s 1
expect_screen "tmux: starts on scene 1" bt "1/$nsc"
T send-keys -t bt BTab
expect_screen "tmux: Shift-Tab from scene 1 reaches the bench" bt "$nsc/$nsc"
expect_screen "tmux: the bench waits to be asked" bt "waiting: r/Enter starts"
expect_screen "tmux: the bench says how to begin" bt "r or Enter: measure"
expect_screen "tmux: a bench not begun has checked nothing" bt "nothing checked yet"
sleep 1
if screen bt | grep -qF -e "progress" -e "measuring"; then fail "tmux: the bench began measuring unasked"; else ok "tmux: the bench does not measure unasked"; fi
T send-keys -t bt Tab
expect_screen "tmux: Tab from the bench wraps to scene 1" bt "1/$nsc"
T send-keys -t bt q
expect_screen "tmux: quit after passing the bench" bt "EXITED 0"
start g 120 40 -s bench --set n=64,128
expect_screen "tmux: bench scene waits at start" g "waiting: r/Enter starts"
T send-keys -t g Enter
expect_screen "tmux: bench scene finishes" g "done"
expect_screen "tmux: bench narration compares the kernels" g "faster than naive"
T send-keys -t g q
expect_screen "tmux: bench session quits" g "EXITED 0"
start h 120 40 -s bench --set n=4096,8192,16384 --set heads=4 --set runs=5
wait_for h "waiting: r/Enter starts"
T send-keys -t h r
expect_screen "tmux: a long bench shows it is measuring" h "measuring… (x cancels)"
T send-keys -t h '?'
expect_screen "tmux: the UI answers keys while measuring" h "keys (any key closes)"
T send-keys -t h Escape x
expect_screen "tmux: x cancels the bench" h "cancelled"
T send-keys -t h r
expect_screen "tmux: r measures the cancelled bench again" h "measuring… (x cancels)"
T send-keys -t h Tab
expect_screen "tmux: Tab leaves the measuring bench" h "1/$nsc"
T send-keys -t h BTab
expect_screen "tmux: leaving the bench cancelled it" h "cancelled (r: again)"
T send-keys -t h q
expect_screen "tmux: quit after a cancelled bench" h "EXITED 0"
start i 120 40 -s bench --set n=64 --set kernels=tiled --set kv=f32
wait_for i "waiting: r/Enter starts"
T send-keys -t i Right
expect_screen "tmux: bench done before a reset" i "done"
expect_screen "tmux: the first measurement is counted 1" i "done: measurement 1"
T send-keys -t i r
# A new state measures: the pane's counter rises (progress alone would read 1/1 again).
expect_screen "tmux: r measures the bench again" i "done: measurement 2"
T send-keys -t i q
expect_screen "tmux: quit after the reset bench" i "EXITED 0"
# At 80x24 the results outgrow the picture: counted, scrolled with the
# arrows and j/k, and the side pane's decode rates all on screen.
start bj 80 24 -s bench --set n=16,32 --set kernels=tiled,decode
wait_for bj "waiting: r/Enter starts"
T send-keys -t bj r
expect_screen "tmux: the 80x24 bench finishes" bj "done: measurement 1"
expect_screen "tmux: hidden bench results are counted" bj "more above (↑)"
if screen bj | grep -q "│ q8_0 *[0-9.]*  q4_0 *[0-9.]* *│$"; then ok "tmux: decode's rates fit the side pane at 80x24"
else fail "tmux: decode's rates fit the side pane at 80x24 ($(screen bj | grep -A2 'decode GB/s' | tr '\n' '|'))"; fi
T send-keys -t bj Right
expect_screen "tmux: → on a measured bench says what to do" bj "r measures again, Tab for the next scene"
for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32; do T send-keys -t bj k; done
expect_screen "tmux: k scrolls the bench back to its first result" bj "│ 16     tiled  f32 "
expect_screen "tmux: scrolled back, the rest is counted below" bj "more below (↓)"
if wait_gone bj "more above (↑)"; then ok "tmux: at the first result nothing is above"; else fail "tmux: at the first result nothing is above"; fi
for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32; do T send-keys -t bj Down; done
if wait_gone bj "more below (↓)"; then ok "tmux: Down scrolls back to the newest result"; else fail "tmux: Down scrolls back to the newest result"; fi
expect_screen "tmux: the newest result is the last decode" bj "│ 32     decode q4_0"
T send-keys -t bj q
expect_screen "tmux: quit after scrolling the bench" bj "EXITED 0"

# The teacher's walk at 80x24 (issue 19): the footer names w and ?, the help
# lists every key whole, → at a scene's end says where to go, t
# switches the theme.
start k 80 24 -s cost
expect_screen "tmux: the footer names w" k "w explain  ? help"
expect_screen "tmux: the summary pane explains its marks and points to w" k "L lesson, F formula, R reference  w explains"
T send-keys -t k '?'
# whole at 80x24 (issue 44): two columns, the first key and the last at once
expect_screen "tmux: help at 80x24 fits without scrolling" k \
	"keys (any key closes)"
expect_screen "tmux: help at 80x24 shows the first key" k \
	"→  l  space  next step"
expect_screen "tmux: help names the manual by its path" k "man ./man/attnviz.1"
expect_screen "tmux: help lists t" k "t            projector theme on/off"
expect_screen "tmux: help reaches the last key" k \
	"mouse wheel  step forward / back"
T send-keys -t k Escape
wait_gone k "keys (any key" && ok "tmux: Esc closes the help" ||
	fail "tmux: Esc did not close the help"
T send-keys -t k Right Right Right Right
expect_screen "tmux: cost reaches its last step" k "step 4/4"
T send-keys -t k Right
expect_screen "tmux: → at the last step says so" k "last step — Tab for the next scene"
T send-keys -t k t
expect_screen "tmux: t switches to the projector theme" k "theme: projector"
# its white page behind every cell: the bottom row's too, the corner written last
if T capture-pane -e -p -t k | tail -n 1 | grep -q '48;5;231m'; then
	ok "tmux: the projector theme paints the page white"
else
	fail "tmux: the projector theme paints no white page"
fi
T send-keys -t k t
expect_screen "tmux: t switches back" k "theme: classic"
T send-keys -t k q
expect_screen "tmux: the walk session quits" k "EXITED 0"

# The presenter's screen (issue 44): p folds the summary pane to one line,
# the count of checks as --summary counts them, and the picture gets the rows
# it gave up; the projector theme folds it too; w opens at the number the
# step shows (online-softmax's step 2: s = exp(1 - 3) + exp(0), far down).
# row_of PANE TEXT: the first screen row (from 1) holding TEXT, or nothing
row_of() { screen "$1" | grep -n -m1 -F -- "$2" | cut -d: -f1; }
# divider_rows PANE: the rows of the two dividers (├), the picture's and the summary's
divider_rows() { screen "$1" | grep -n '^├' | cut -d: -f1 | tr '\n' ' '; }
checked=$("$ATTNVIZ" --summary online-softmax | awk -F'\t' '$5 == "ok" || $5 == "FAIL"' | wc -l | tr -d ' ')
start pr 80 24 -s online-softmax
expect_screen "tmux: presenter session up" pr "step 0/8"
T send-keys -t pr Right Right
expect_screen "tmux: presenter at step 2" pr "step 2/8"
wait_for pr "checks pass"
set -- $(divider_rows pr)
open_pic=$1 open_sum=$2
T send-keys -t pr p
expect_screen "tmux: p folds the summary to its count, $checked checks as --summary counts" pr \
	"│ ✓ $checked checks pass · w explains"
wait_for pr "summary folded" >/dev/null
set -- $(divider_rows pr)
expect_eq "tmux: folded, the summary is the one row between its divider and the key bar" \
	"$(($(row_of pr "✓ $checked checks pass · w explains") - $2)) $(($(screen pr | grep -n -m1 '^└' | cut -d: -f1) - $2))" "1 2"
expect_eq "tmux: folded, the picture grows by the rows the summary gave up" "$(($1 - open_pic))" \
	"$((24 - 1 - open_sum - 1))"
check "tmux: folded at 80x24, the frame's corners" corner_at pr 24
expect_screen "tmux: folded, the narration stays whole" pr "exp(1 − 3) = 0.135335"
s1=$(awk 'BEGIN { printf "%.8f", exp(1 - 3) + exp(0) }')
T send-keys -t pr w
expect_screen "tmux: w at step 2 opens at s.1 = $s1, the sum the step prints" pr "explain: at s.1"
check "tmux: the w pane's first row is s.1's heading" sh -c "tmux -L '$sock' -f /dev/null capture-pane -p -t pr | sed -n 3p | grep -qF '│ s.1 = $s1'"
T send-keys -t pr w
wait_gone pr "explain (↑↓" >/dev/null
T send-keys -t pr p
expect_screen "tmux: p again shows the summary pane" pr "summary  ✓ all $checked checks pass"
set -- $(divider_rows pr)
expect_eq "tmux: unfolded, the picture has its rows back" "$1 $2" "$open_pic $open_sum"
T send-keys -t pr t
expect_screen "tmux: the projector theme folds the summary" pr "│ ✓ $checked checks pass · w explains"
T send-keys -t pr p
expect_screen "tmux: in the projector theme p still unfolds it" pr "summary  ✓ all $checked checks pass"
T send-keys -t pr t
expect_screen "tmux: back to classic, the summary shown" pr "theme: classic"
T send-keys -t pr Tab
expect_screen "tmux: Tab to the next scene, the summary shown" pr "Online attention row"
T send-keys -t pr p
expect_screen "tmux: p folds it on that scene" pr "checks pass · w explains"
T send-keys -t pr BTab
expect_screen "tmux: the fold is the program's: folded back on the first scene too" pr \
	"│ ✓ $checked checks pass · w explains"
T send-keys -t pr q
expect_screen "tmux: the presenter session quits" pr "EXITED 0"
start pj 80 24 -s online-softmax --set theme=projector
expect_screen "tmux: --set theme=projector starts folded" pj "│ ✓ $checked checks pass · w explains"
T send-keys -t pj q
expect_screen "tmux: the projector session quits" pj "EXITED 0"

# At 80 columns an error longer than the footer is shown whole in the picker,
# wrapped (a path after a '/').
wdir=$(mktemp -d)
mkdir -p "$wdir/a-rather-long-directory-name/with-models-inside"
printf 'GGUXxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' > "$wdir/a-rather-long-directory-name/with-models-inside/broken-model.gguf"
start ew 80 24 -s online-row
expect_screen "tmux: error session up" ew "step 0/7"
T send-keys -t ew m
wait_for ew "model (↑↓ choose" || true
T send-keys -t ew /
T send-keys -t ew -l "$wdir/a-rather-long-directory-name/with-models-inside/broken-model.gguf"
T send-keys -t ew Enter
expect_screen "tmux: a long picker error at 80 columns, its start" ew "│ $wdir/a-rather-long-directory-name/"
expect_screen "tmux: a long picker error at 80 columns, its middle" ew "bad magic 'GGUX'"
expect_screen "tmux: a long picker error at 80 columns, its end" ew "GGUF file)"
T send-keys -t ew Escape q
rm -rf "$wdir"
expect_screen "tmux: error session quits" ew "EXITED 0"

# A picker longer than its box: marks above and below, Home and End.
ldir=$(mktemp -d)
for i in 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25; do
	cp "$ATTNVIZ_MODELS/llama3-8b.ini" "$ldir/m$i.ini"
done
T new-session -d -s lp -x 80 -y 24 "env LC_ALL=C.UTF-8 TERM=screen-256color XDG_CONFIG_HOME='$ldir/none' ATTNVIZ_SCENES='$ATTNVIZ_SCENES' ATTNVIZ_MODELS='$ldir' $bin -s online-row; echo EXITED \$?; sleep 60"
expect_screen "tmux: long picker session up" lp "step 0/7"
T send-keys -t lp m
expect_screen "tmux: a long picker says how many are below" lp "more ↓"
if screen lp | grep -q "more ↓[^ │]"; then fail "tmux: text left after the more mark"; else ok "tmux: nothing left after the more mark"; fi
# the first and last ids of that search path, as --list sorts them
lfirst=$(env XDG_CONFIG_HOME="$ldir/none" ATTNVIZ_MODELS="$ldir" "$bin" --list | awk -F'\t' '$1 == "model" { print $2 }' | head -n 1)
llast=$(env XDG_CONFIG_HOME="$ldir/none" ATTNVIZ_MODELS="$ldir" "$bin" --list | awk -F'\t' '$1 == "model" { print $2 }' | tail -n 1)
T send-keys -t lp End
expect_screen "tmux: End goes to the last model" lp "▸ $llast"
expect_screen "tmux: entries above are marked" lp "↑ "
T send-keys -t lp Home
expect_screen "tmux: Home goes to the first model" lp "▸ $lfirst"
if screen lp | grep -q "↑ [0-9]* more"; then fail "tmux: an up mark at the top"; else ok "tmux: no up mark at the top"; fi
T send-keys -t lp Escape q
expect_screen "tmux: long picker session quits" lp "EXITED 0"
rm -rf "$ldir"

# ':' then a number and Enter goes to that step; a bad one says so; the
# title shows where the step is as a bar.
start gs 80 24 -s online-softmax
expect_screen "tmux: goto session up" gs "step 0/8 ░░░░░░░░"
T send-keys -t gs : 5
expect_screen "tmux: ':' shows the number typed" gs "go to step: 5█"
T send-keys -t gs Enter
expect_screen "tmux: ':5' Enter goes to step 5" gs "step 5/8 █████░░░"
T send-keys -t gs : 9 9 Enter
expect_screen "tmux: a step past the end says so" gs "no step 99 in this scene (0 to 8)"
expect_screen "tmux: the bad number leaves the step" gs "step 5/8"
T send-keys -t gs : 2 Escape
wait_gone gs "go to step:" && ok "tmux: Esc cancels ':'" || fail "tmux: Esc did not cancel ':'"
expect_screen "tmux: the cancelled ':' leaves the step" gs "step 5/8"
T send-keys -t gs q
expect_screen "tmux: goto session quits" gs "EXITED 0"

# The editor begins with the parameters set; ← → Home End move its cursor,
# typing inserts there, Ctrl-U clears.
start ed 80 24 -s online-row
expect_screen "tmux: editor session up" ed "step 0/7"
T send-keys -t ed e
T send-keys -t ed -l "scores=1,2,3,4 values=1:0,0:1,1:1,2:2"
T send-keys -t ed Enter
expect_screen "tmux: editor applies" ed "parameters applied"
T send-keys -t ed e
expect_screen "tmux: the editor begins with the values set" ed "> scores=1,2,3,4 values=1:0,0:1,1:1,2:2█"
T send-keys -t ed Home Right Right
expect_screen "tmux: Home and → move the cursor" ed "> sc█ores=1,2,3,4"
T send-keys -t ed End Left Left BSpace
expect_screen "tmux: End, ← and Backspace edit inside the line" ed "values=1:0,0:1,1:1,█:2"
T send-keys -t ed -l "2"
expect_screen "tmux: typing inserts at the cursor" ed "values=1:0,0:1,1:1,2█:2"
T send-keys -t ed C-u
expect_screen "tmux: Ctrl-U clears the line" ed "│ │ > █ "
T send-keys -t ed -l "scores=5,6"
T send-keys -t ed Enter
expect_screen "tmux: the cleared line takes new text" ed "values: 4 vectors for 2 scores"
T send-keys -t ed Escape q
expect_screen "tmux: editor session quits" ed "EXITED 0"

# Autoplay at the reading pace --cast holds (150 words a minute, 3 s at
# least), + speeding it up: six presses make it 1.25^6 = 3.81 times as fast.
start ap 80 24 -s online-softmax
expect_screen "tmux: autoplay session up" ap "step 0/8"
T send-keys -t ap + + + + + +
expect_screen "tmux: + says the pace it set" ap \
	"autoplay: 572 words a minute (pace 3.81), at least 0.8 s a step"
# steps 0 and 1 read aloud at that pace, their words counted off --frame
words=0
for k in 0 1; do
	n=$("$ATTNVIZ" --frame online-softmax --step $k --format txt |
		awk '/^├/ { n++; next } n == 1' | sed 's/^│//; s/│$//' | wc -w)
	words=$((words + n))
done
want=$(awk -v w="$words" 'BEGIN { printf "%.1f", w * 0.4 / 1.25 ^ 6 }')
t0=$(date +%s)
T send-keys -t ap a
expect_screen "tmux: the footer says how to stop and pace autoplay" ap "a stop  +/- speed"
expect_screen "tmux: autoplay reaches step 2" ap "step 2/8"
t1=$(date +%s)
# whole seconds: at least the pace's less one, and not stuck (a loaded machine)
if awk -v got=$((t1 - t0)) -v want="$want" 'BEGIN { exit !(got >= want - 1 && got <= want + 15) }'; then
	ok "tmux: autoplay takes 2 steps in $((t1 - t0)) s (their $words words: $want s)"
else
	fail "tmux: autoplay took $((t1 - t0)) s for 2 steps (their $words words: $want s)"
fi
T send-keys -t ap a
expect_screen "tmux: a stops autoplay, the footer says play" ap "a play  m model"
T send-keys -t ap q
expect_screen "tmux: autoplay session quits" ap "EXITED 0"

# Sequences the terminfo entry does not name (screen-256color has no \e[F,
# no SGR mouse): each whole, never read as '[' (previous scene) and digits
# (a scene jump).
start es 80 24 -s online-softmax
expect_screen "tmux: escape-sequence session up" es "step 0/8"
T send-keys -t es -l "$(printf '\033[F')"
expect_screen "tmux: xterm's End (ESC [ F) goes to the last step" es "step 8/8"
T send-keys -t es -l "$(printf '\033[1~')"
expect_screen "tmux: vt220's Home (ESC [ 1 ~) goes to step 0" es "step 0/8"
T send-keys -t es -l "$(printf '\033[<65;10;10M')"
expect_screen "tmux: an SGR wheel-down report steps forward" es "step 1/8"
T send-keys -t es -l "$(printf '\033[1;5X\033[99;7~')"
T send-keys -t es Right
expect_screen "tmux: unknown sequences are swallowed, the scene stays" es "step 2/8"
if screen es | grep -q "Online softmax in one pass"; then ok "tmux: still on online-softmax after unknown sequences"; else fail "tmux: unknown sequences moved the scene: $(screen es | head -1)"; fi
# ESC then a key curses reads as a key code, in one write (Escape, Home):
# both keys, Home not lost as a character
T send-keys -t es Right Right
expect_screen "tmux: two steps on before Escape Home" es "step 4/8"
T send-keys -t es Escape Home
expect_screen "tmux: Escape then Home in one write still goes to step 0" es "step 0/8"
T send-keys -t es Escape
T send-keys -t es -l "?"
expect_screen "tmux: a plain Escape then a key still reads the key" es \
	"keys (any key closes)"
T send-keys -t es x q
expect_screen "tmux: escape-sequence session quits" es "EXITED 0"

# Steps that move (rope, lesson Ex. 12): → draws the hands on their way to
# the next stop, a frame each 80 ms, then lands on the stop; a key during
# the sweep lands on the stop at once and is used up (a second → does not
# step on).  A move of a few positions (0 to 7) is drawn at once.
start rp 80 24 -s rope
expect_screen "tmux: rope opens at step 0" rp "step 0/6"
T send-keys -t rp Right
expect_screen "tmux: rope: → to step 1's stop, position 7, at once" rp "position 7  (trained"
T send-keys -t rp Right Right
expect_screen "tmux: rope: → → lands on step 2's stop, position 4095" rp "position 4095  (trained"
if shows rp "step 2/6"; then ok "tmux: rope: the second → ended the sweep, it did not step on"; else fail "tmux: rope: $(screen rp | head -1)"; fi
T send-keys -t rp Right
expect_screen "tmux: rope: → to 4096" rp "position 4096  (trained"
T send-keys -t rp Right
# 4096 to 4712 over 18 frames: the first look after the counter changes
# sees the hands on their way (1.4 s of sweep)
wait_for rp "step 4/6"
at=$(screen rp | grep -o 'position [0-9]*' | head -1 | cut -d' ' -f2)
if [ "${at:-0}" -gt 4096 ] && [ "${at:-0}" -lt 4712 ]; then
	ok "tmux: rope: the hands seen on their way, at position $at"
else
	fail "tmux: rope: on the way from 4096 to 4712, position '$at'"
fi
expect_screen "tmux: rope: the sweep ends on the stop, position 4712" rp "position 4712  (trained"
T send-keys -t rp q
expect_screen "tmux: rope session quits" rp "EXITED 0"

# tiled (lesson Ex. 4): query block 0 is walked an event a step (steps 1 to
# 10), each later query block is one step whose events sweep first, 5
# frames an event (3.6 s): → at step 10 shows Q[1] with a key/value block
# streaming in on the way, then lands on O[1] written; a key during the
# sweep lands at once and is used up.
start tl 80 24 -s tiled
expect_screen "tmux: tiled opens at step 0 of 14" tl "step 0/14"
T send-keys -t tl -l ":10"
T send-keys -t tl Enter
expect_screen "tmux: tiled: step 10 writes O[0]" tl "◀─O0─"
T send-keys -t tl Right
wait_for tl "step 11/14"
if wait_for tl "─KV" && shows tl "Q[1]  K["; then
	ok "tmux: tiled: → sweeps query block 1, a K/V block on the way"
else
	fail "tmux: tiled: on the way to O[1]:" \
		"$(screen tl | sed -n 3,5p | tr '\n' '|')"
fi
expect_screen "tmux: tiled: the sweep ends on step 11, O[1] written" tl "◀─O1─"
T send-keys -t tl Right Right
expect_screen "tmux: tiled: → → lands on step 12, O[2] written" tl "◀─O2─"
if shows tl "step 12/14"; then
	ok "tmux: tiled: the second → ended the sweep, it did not step on"
else
	fail "tmux: tiled: $(screen tl | head -1)"
fi
T send-keys -t tl q
expect_screen "tmux: tiled session quits" tl "EXITED 0"
