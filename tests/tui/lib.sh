# lib.sh - drive benchdelta in a real terminal through a private tmux server
# (sourced by the tNN-*.sh scenarios). Screens are compared with
# expect/NAME.screen; UPDATE=1 rewrites them, a missing one is written and fails.
cd "$(dirname "$0")/../.." || exit 1
BD=$(cd "$(dirname "${BENCHDELTA:-./benchdelta}")" && pwd)/$(basename "${BENCHDELTA:-./benchdelta}")
test_name=$(basename "$0" .sh)
TMP=$(mktemp -d) || exit 1
STORE=$TMP/.local/share/benchdelta # the default store of HOME=$TMP
SOCK=bdtest$$
T="tmux -L $SOCK -f /dev/null"
trap '$T kill-server 2>/dev/null; rm -rf "$TMP"' EXIT INT TERM

fail() { echo "FAIL $test_name: $*" >&2; tui_snap >&2 2>/dev/null; exit 1; }

# tui_start COLS ROWS [ENV=VALUE...] -- ARGS...
tui_start() {
	c=$1 r=$2; shift 2
	envs="TERM=tmux-256color LC_ALL=C.UTF-8 TZ=UTC NO_COLOR=1 SOURCE_DATE_EPOCH=1767225600 HOME=$TMP"
	while [ $# -gt 0 ] && [ "$1" != -- ]; do envs="$envs $1"; shift; done
	[ "${1:-}" = -- ] && shift
	# a server just killed may still hold the socket: try again for a while
	n=0
	until $T new-session -d -s t -x "$c" -y "$r" \
		"env -u BENCHDELTA_STORE -u XDG_DATA_HOME $envs ASAN_OPTIONS=detect_leaks=0 '$BD' $*; sleep 30" 2>/dev/null; do
		n=$((n + 1))
		[ $n -gt 40 ] && fail "tmux could not start"
		sleep 0.05
	done
	$T set-option -g window-size manual >/dev/null 2>&1
}
tui_keys() { $T send-keys -t t "$@"; }
# open a prompt with KEY and wait for it (LABEL and the cursor's `_`) before
# its text is typed: keys that pile up while the TUI is busy come as one burst,
# and a burst with blanks where no prompt is open is planned as a paste
tui_prompt() { tui_keys "$1"; tui_wait "$2_"; }
# quit the TUI and end its terminal, before the next tui_start
tui_stop() { tui_keys q; $T kill-server 2>/dev/null; }
tui_snap() { $T capture-pane -p -t t | sed 's/[[:space:]]*$//'; }
# poll until TEXT is on the screen; fail after ~20 s (tests run side by side, some under ASan)
tui_wait() {
	n=0
	until tui_snap | grep -qF -- "$1"; do
		n=$((n + 1))
		[ $n -gt 400 ] && fail "\"$1\" never appeared"
		sleep 0.05
	done
}
# tui_wait_no_whole TEXT WHOLE [WHAT]: poll until TEXT shows, failing if a
# progress line matching the ERE WHOLE (" of 4 · Esc: cancel": a read of
# every import; WHAT names it, "a read of the whole store" unless given)
# shows first; the screen of each poll is left in $TMP/snap
tui_wait_no_whole() {
	n=0
	until tui_snap >"$TMP/snap" && grep -qF -- "$1" "$TMP/snap"; do
		grep -qE -- "$2" "$TMP/snap" && fail "${3:-a read of the whole store} before \"$1\""
		n=$((n + 1))
		[ $n -gt 400 ] && fail "\"$1\" never appeared"
		sleep 0.02
	done
}
# poll until TEXT is gone
tui_gone() {
	n=0
	while tui_snap | grep -qF -- "$1"; do
		n=$((n + 1))
		[ $n -gt 400 ] && fail "\"$1\" did not go away"
		sleep 0.05
	done
}
# poll until line N of the screen reads exactly TEXT (after a resize, the new layout)
tui_wait_line() {
	n=0
	until [ "$(tui_snap | sed -n "$1p")" = "$2" ]; do
		n=$((n + 1))
		[ $n -gt 400 ] && fail "line $1 never became \"$2\""
		sleep 0.05
	done
}
# poll until the bottom line matches the grep pattern PATTERN
tui_wait_bottom() {
	n=0
	until tui_snap | tail -1 | grep -q -- "$1"; do
		n=$((n + 1))
		[ $n -gt 400 ] && fail "the bottom line never matched \"$1\""
		sleep 0.05
	done
}
tui_resize() { $T resize-window -t t -x "$1" -y "$2"; }
# compare the screen with expect/NAME.screen (after waiting for TEXT)
tui_expect() {
	name=$1
	want=tests/tui/expect/$name.screen
	# a redraw may be half on the screen when we look: let it settle (~8 s) before judging
	n=0
	while [ -z "${UPDATE:-}" ] && [ -f "$want" ] && ! tui_snap | cmp -s - "$want" && [ $n -lt 160 ]; do
		n=$((n + 1))
		sleep 0.05
	done
	tui_snap >"$TMP/$name.screen"
	if [ -n "${UPDATE:-}" ]; then
		cp "$TMP/$name.screen" "$want"
		return 0
	fi
	if [ ! -f "$want" ]; then
		cp "$TMP/$name.screen" "$want"
		fail "$want created: review it and commit it"
	fi
	diff -u "$want" "$TMP/$name.screen" || fail "screen $name differs"
}
import() { BENCHDELTA_STORE=$STORE LC_ALL=C.UTF-8 SOURCE_DATE_EPOCH=1767225600 "$BD" import "$@" >/dev/null 2>&1 || fail "import $*"; }
# x10 BUTTON COL ROW (1-based): a mouse event as xterm's X10 encoding sends it
# (ESC [ M, then button, column and row, each plus 32): button 0 press, 3
# release, 64 and 65 the wheel up and down. Send with tui_keys -l "$(x10 ...)".
x10() { printf '\033[M%b%b%b' "\\$(printf %o $((32 + $1)))" "\\$(printf %o $((32 + $2)))" "\\$(printf %o $((32 + $3)))"; }
