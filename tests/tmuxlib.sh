# Shared by the tests that drive attnviz in a tmux pane (tmux.sh, storm.sh,
# cells.sh, cast.sh, plans.sh): their private server, and waits that poll
# the screen for a condition until a deadline instead of sleeping a fixed
# time, so that a loaded machine (two cores, ASan) makes them slower, never
# flaky.  Set sock (the server's name) before sourcing it.
#   ATTNVIZ_TMUX_WAIT  seconds a condition is given (default 90)
#   ATTNVIZ_TMUX_POLL  seconds between two looks at the screen (default 0.05)
: "${ATTNVIZ_TMUX_WAIT:=90}" "${ATTNVIZ_TMUX_POLL:=0.05}"
T() { tmux -L "$sock" -f /dev/null "$@"; }
# screen PANE: its text as shown now
screen() { T capture-pane -p -t "$1" 2>/dev/null; }
# wait_until COMMAND...: 0 as soon as COMMAND succeeds, 1 when it still
# fails at the deadline
# (the clock is read every 16th look: a process less for each of the others)
wait_until() {
	_until=$(($(date +%s) + ATTNVIZ_TMUX_WAIT)) _look=0
	while :; do
		"$@" && return 0
		_look=$((_look + 1))
		[ $((_look % 16)) -eq 0 ] && [ "$(date +%s)" -ge "$_until" ] && return 1
		sleep "$ATTNVIZ_TMUX_POLL"
	done
}
shows() { screen "$1" | grep -qF -- "$2"; }
shows_not() { ! shows "$1" "$2"; }
# wait_for PANE TEXT: 1 when TEXT never shows; wait_gone PANE TEXT: 1 when it stays
wait_for() { wait_until shows "$1" "$2"; }
wait_gone() { wait_until shows_not "$1" "$2"; }
# line_differs PANE PATTERN OLD: the first line matching PATTERN is not OLD
line_differs() { [ "$(screen "$1" | grep -m1 -- "$2")" != "$3" ]; }
# corner_at PANE ROW: row ROW of the pane ends with the frame's bottom-right corner
corner_at() { screen "$1" | sed -n "$2p" | grep -q '┘$'; }
