#!/bin/sh
# hyperfine.sh - real hyperfine samples: hyperfine 1.15 (Debian) on a tiny
# program built at -O0 and -O2. Run by scripts/make-samples.sh.
set -eu
out=samples/hyperfine
bin=build/samples
mkdir -p "$out"

# Run from inside $bin so the commands in the logs read ./fib_O0, ./fib_O2.
run() { # run OUTPUT.txt HYPERFINE-ARGS...
	f=$1; shift
	(cd "$bin" && hyperfine "$@") >"$out/$f" 2>&1 || true
	echo "wrote $out/$f"
}

# Two commands in one invocation: the commands tell the variants apart.
run o0-vs-o2.txt -N --warmup 3 --runs 20 './fib_O0 30' './fib_O2 30'
# One variant per file: the quick comparison names variants after the files.
run release.txt -N --warmup 3 --runs 15 './fib_O0 30'
run optimized.txt -N --warmup 3 --runs 15 './fib_O2 30'
# A single run: "Time (abs ≡)" and no Range line.
run single-run.txt -N --runs 1 './fib_O2 30'
# Warnings between blocks (too fast to measure well).
run warnings.txt --runs 30 './fib_O2 5'
# A failing command, without -i: an Error line and no figures.
run failure.txt -N --runs 3 'false'
# A parameter scan: three commands that differ in the argument.
run scan.txt -N --runs 10 -P n 28 30 './fib_O2 {n}'
# Colours forced on (as a terminal shows them): ANSI escapes inside the fields.
run color.txt -N --runs 8 --style color './fib_O2 30' './fib_O0 30'

# --export-json: every run's time kept (the compare engine's raw samples).
json() { # json OUTPUT.json HYPERFINE-ARGS...
	f=$1; shift
	(cd "$bin" && hyperfine --export-json "$OLDPWD/$out/$f" "$@") >/dev/null 2>&1 || true
	echo "wrote $out/$f"
}
json export.json -N --warmup 3 --runs 12 './fib_O0 30' './fib_O2 30'
json export-single.json -N --runs 1 './fib_O2 30'
json export-scan.json -N --runs 5 -P n 28 29 './fib_O2 {n}'
# A log cut off in the middle of the second result (as a truncated paste is).
head -n 40 "$out/export.json" >"$out/export-cut.json"
echo "wrote $out/export-cut.json"

# --export-csv and --export-markdown: the same figures as tables.
export_to() { # export_to --export-FORMAT OUTPUT HYPERFINE-ARGS...
	opt=$1 f=$2
	shift 2
	(cd "$bin" && hyperfine "$opt" "$OLDPWD/$out/$f" "$@") >/dev/null 2>&1 || true
	echo "wrote $out/$f"
}
export_to --export-csv csv-o0-vs-o2.csv -N --warmup 3 --runs 12 './fib_O0 30' './fib_O2 30'
export_to --export-csv csv-single.csv -N --runs 1 './fib_O2 30'
export_to --export-csv csv-scan.csv -N --runs 5 -P n 28 29 './fib_O2 {n}'
# Commands with a comma and quotes: RFC 4180 quoting (through the shell).
export_to --export-csv csv-quoted.csv --runs 5 './fib_O2 28,29' 'printf "%s" x'
export_to --export-markdown md-o0-vs-o2.md -N --warmup 3 --runs 12 './fib_O0 30' './fib_O2 30'
export_to --export-markdown md-single.md -N --runs 1 './fib_O2 30'
# A command with a '|', escaped as '\|' in the table.
export_to --export-markdown md-pipe.md --runs 5 './fib_O2 28 | cat' './fib_O0 28 | cat'
