#!/bin/sh
# libtest.sh - real Rust libtest #[bench] samples: Debian's rustc (1.63)
# on samples/src/libtest_bench.rs, with RUSTC_BOOTSTRAP=1 since #[bench]
# is unstable. Run by scripts/make-samples.sh.
set -eu
out=samples/libtest
bin=build/samples
mkdir -p "$out" "$bin"
RUSTC=${RUSTC:-/usr/bin/rustc}
RUSTC_BOOTSTRAP=1 "$RUSTC" -O --edition 2018 --test -o "$bin/libtest_bench" samples/src/libtest_bench.rs

# What `cargo bench` shows of a test binary: the benches and the ignored test.
"$bin/libtest_bench" --bench >"$out/bench.txt" 2>&1 || true
echo "wrote $out/bench.txt"
# Only the benches whose name matches, as `cargo bench fib` runs them.
"$bin/libtest_bench" --bench fib >"$out/filtered.txt" 2>&1 || true
echo "wrote $out/filtered.txt"
