#!/bin/sh
# criterion.sh - real Criterion.rs samples: Debian's cargo and Criterion
# 0.3.6 (librust-criterion-dev) on samples/src/criterion, built offline
# against Debian's vendored crates. Run by scripts/make-samples.sh.
set -eu
out=samples/criterion
work=build/samples/criterion
mkdir -p "$out" "$work"
cp -r samples/src/criterion/. "$work/"
# Offline, from /usr/share/cargo/registry only.
mkdir -p "$work/.cargo"
cat >"$work/.cargo/config.toml" <<'TOML'
[source.crates-io]
replace-with = "debian"
[source.debian]
directory = "/usr/share/cargo/registry"
[net]
offline = true
TOML
CARGO=${CARGO:-/usr/bin/cargo}
# cargo runs the rustc first in PATH: make it Debian's too
RUSTC=${RUSTC:-/usr/bin/rustc}
export RUSTC
export CARGO_HOME="$(pwd)/$work/.cargo-home"
(cd "$work" && "$CARGO" bench --no-run -q) >/dev/null
bench() { # bench OUTPUT.txt CRITERION-ARGS...
	f=$1; shift
	(cd "$work" && "$CARGO" bench -q --bench fib -- "$@") >"$out/$f" 2>&1 || true
	echo "wrote $out/$f"
}

# First run: no saved baseline, so no change lines.
rm -rf "$work/target/criterion"
bench first.txt
# Second run: Criterion compares with the first (change lines and verdicts).
bench second.txt
# Colours forced on, as a terminal shows them.
bench color.txt --color always
# --verbose: slope, mean and median lines.
bench verbose.txt --verbose 'fib 10'
# The libtest-compatible form (read by the libtest parser).
bench bencher.txt --output-format bencher
