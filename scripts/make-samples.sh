#!/bin/sh
# make-samples.sh - regenerate the real samples in samples/ by running the
# real tools (installed from Debian by scripts/deps.sh samples). `make
# samples` runs every scripts/samples/TOOL.sh; `make samples TOOLS="hyperfine"`
# only some. `make check` only reads what they wrote and never runs a tool.
# Timings differ on every run: afterwards, `make golden-update` and review
# the diff.
set -eu
cd "$(dirname "$0")/.."

# the program the tools measure, built several ways
bin=build/samples
mkdir -p "$bin"
cc=${CC:-cc}
$cc -O0 -o "$bin/fib_O0" samples/src/fib.c
$cc -O2 -o "$bin/fib_O2" samples/src/fib.c

for tool in ${TOOLS:-$(cd scripts/samples && ls *.sh | sed 's/\.sh$//')}; do
	echo "== $tool"
	sh "scripts/samples/$tool.sh"
done
