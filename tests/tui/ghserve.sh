# ghserve.sh - for the TUI's `i` with an issue's address: tests/cli/ghlib.sh's
# local GitHub-like server (tests/http/replay.c on 127.0.0.1, recorded API
# answers, started and stopped by its PID), its files in the test's
# scratch folder. Sourced after lib.sh; nothing here touches the network.
GH_TMP=$TMP
. tests/cli/ghlib.sh
# lib.sh's $T is the terminal: stop it too, and the server, on the way out
trap 'for p in $SERVERS; do kill "$p" 2>/dev/null; done; $T kill-server 2>/dev/null; rm -rf "$TMP"' EXIT INT TERM
# routes TARGET FILE...: what server gh answers (FILE in tests/cli/github/, absolute, or -: never)
routes() { route gh "$@"; }
