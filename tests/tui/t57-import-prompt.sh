#!/bin/sh
# The prompt of `i`: Tab completes a path as a shell does (the common
# beginning, the names listed when several fit, a folder's '/', ~ for
# $HOME); `-` reads standard input when the keys come from the terminal
# and says why not when standard input is the terminal; a discussion's
# address is refused plainly; Up and Down recall what was entered before.
# The empty store says how to begin.
. "$(dirname "$0")/lib.sh"

mkdir -p "$TMP/logs/old"
cp samples/hyperfine/hand-new-us.txt "$TMP/logs/run-a.txt"
cp samples/issues/seed-rathole.txt "$TMP/logs/run-b.txt"
cp samples/hyperfine/hand-new-us.txt "$TMP/logs/other.md"

tui_start 80 24 -- ""
tui_wait "No experiments yet."
tui_wait "Paste a thread here, or press i to import a file, -, an issue's"
tui_expect t57-empty
# ---- Tab: ~ is $HOME (the test's folder); a folder that alone fits gets its /
tui_keys i
tui_wait "file, -, or issue address: _"
tui_keys -l "~/lo"
tui_keys Tab
tui_wait "file, -, or issue address: ~/logs/_"
# several fit: as far as they agree, and the names shown
tui_keys -l "r"
tui_keys Tab
tui_wait "file, -, or issue address: ~/logs/run-_"
tui_wait "2 paths fit: type more, then Tab"
tui_wait "run-a.txt  run-b.txt"
tui_expect t57-tab
# none fits: said, the text kept
tui_keys -l "z"
tui_keys Tab
tui_wait "no file or folder begins so"
tui_wait "file, -, or issue address: ~/logs/run-z_"
tui_keys BSpace
tui_keys -l "b"
tui_keys Tab
tui_wait "file, -, or issue address: ~/logs/run-b.txt_"
tui_keys Enter
# (the line begins with the scratch folder, whose length is TMPDIR's: its end may be cut at 80 columns)
tui_wait "/logs/run-b.txt: 77 lines · would import 8 runs, 40 fig"
tui_keys Escape
tui_wait "nothing imported"
# ---- -: standard input is this terminal here
tui_prompt i 'address: '
tui_keys -l "-"
tui_keys Enter
tui_wait "standard input is this terminal"
[ "$(tui_snap | grep -c 'standard input is this terminal')" = 1 ] || fail "said more than once"
tui_keys Escape
# ---- a discussion is not an issue
tui_prompt i 'address: '
tui_keys -l "https://github.com/rust-lang/rust/discussions/123"
tui_keys Enter
tui_wait "discussions/123: a discussion, which is"
tui_wait "not read (only issues and pull requests are): copy its text and paste it"
# ---- Up and Down recall what was entered before, newest first; Down past it, what was typed
tui_keys Escape
tui_prompt i 'address: '
tui_keys -l "sam"
tui_keys Up
tui_wait "file, -, or issue address: https://github.com/rust-lang/rust/discussions/123_"
tui_keys Up
tui_wait "file, -, or issue address: -_"
tui_keys Up
tui_wait "file, -, or issue address: ~/logs/run-b.txt_"
tui_keys Up
tui_wait "file, -, or issue address: ~/logs/run-b.txt_"
tui_keys Down Down Down
tui_wait "file, -, or issue address: sam_"
tui_keys Up Up
tui_keys Enter
tui_wait "standard input is this terminal"
tui_stop

# ---- -: with a file piped in, the keys come from the terminal and `-` reads the pipe
tui_start 80 24 -- "< $TMP/logs/other.md"
tui_wait "No experiments yet."
tui_prompt i 'address: '
tui_keys -l "-"
tui_keys Enter
tui_wait "<stdin>: 18 lines · would import 3 runs, 21 figures"
tui_keys Enter
tui_wait "imported 3 runs, 21 figures · u takes it back"
[ -n "$(ls "$STORE/data" 2>/dev/null)" ] || fail "standard input was not stored"
# read to its end: a second `-` finds nothing
tui_prompt i 'address: '
tui_keys -l "-"
tui_keys Enter
tui_wait "standard input is empty"
tui_stop

# ---- -: a pipe that stays open (its writer never ends) is read on the side: the screen lives, Esc gives up
mkfifo "$TMP/pipe"
sleep 60 >"$TMP/pipe" &
WRITER=$!
trap 'kill "$WRITER" 2>/dev/null; $T kill-server 2>/dev/null; rm -rf "$TMP"' EXIT INT TERM
tui_start 80 24 -- "< $TMP/pipe"
tui_wait "3 variants · baseline app_release"
tui_prompt i 'address: '
tui_keys -l "-"
tui_keys Enter
tui_wait "reading standard input to its end…"
tui_keys x
tui_wait "fetching <stdin>: Esc cancels"
tui_keys Escape
tui_wait "cancelled: <stdin> not fetched, nothing imported"
tui_wait "3 variants · baseline app_release"
# the read given up still waits on the pipe: a second one would split its bytes, and is refused
tui_prompt i 'address: '
tui_keys -l "-"
tui_keys Enter
tui_wait "standard input is still being read by the - given up before"
kill "$WRITER"
tui_stop
