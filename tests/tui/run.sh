#!/bin/sh
# run.sh [TEST...] - run every TUI scenario (or those named). Without tmux
# they are skipped on a developer's machine, but under CI=true a missing
# tmux is a failure.
cd "$(dirname "$0")/../.." || exit 1
if ! command -v tmux >/dev/null 2>&1; then
	if [ "${CI:-}" = true ]; then
		echo "  TUI     tmux is missing: TUI tests cannot run (scripts/deps.sh installs it)" >&2
		exit 1
	fi
	echo "  TUI     SKIP: tmux is not installed"
	exit 0
fi
status=0
for t in ${*:-tests/tui/t*.sh}; do
	echo "  TUI     $t"
	sh "$t" || status=1
done
exit $status
