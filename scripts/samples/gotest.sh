#!/bin/sh
# gotest.sh - real `go test -bench` samples: Debian's Go (golang-go) on the
# benchmarks in samples/src/gobench. Run by scripts/make-samples.sh.
# Offline: the module has no dependencies; caches live under build/.
set -eu
out=samples/gotest
src=samples/src/gobench
mkdir -p "$out" build/samples/go
GOCACHE=$(pwd)/build/samples/go/cache GOPATH=$(pwd)/build/samples/go/path
GOPROXY=off GOFLAGS=-mod=mod GOTOOLCHAIN=local
export GOCACHE GOPATH GOPROXY GOFLAGS GOTOOLCHAIN
GO=${GO:-/usr/bin/go}

run() { # run OUTPUT.txt GO-TEST-ARGS...
	f=$1; shift
	(cd "$src" && "$GO" test -run '^$' "$@") >"$out/$f" 2>&1 || true
	echo "wrote $out/$f"
}

# Every benchmark once: ns/op, MB/s, B/op and allocs/op, custom units,
# sub-benchmarks, a b.Log block.
run all.txt -bench . -benchmem -benchtime 100ms
# -count 3: three runs of each benchmark.
run count.txt -bench 'Fib20|Alloc' -benchmem -count 3 -benchtime 100ms
# -cpu 1,2: the -N suffix is GOMAXPROCS, and absent when it is 1.
run cpu.txt -bench 'Fib20|Sort' -cpu 1,2 -benchtime 100ms
# -v prints each name alone on a line before its result.
run verbose.txt -v -bench 'Fib20|Logged' -benchtime 100ms
# A benchmark that fails: --- FAIL and a FAIL trailer.
(cd "$src" && BENCH_FAIL=1 "$GO" test -run '^$' -bench 'Tiny|MayFail' -benchtime 100ms) \
	>"$out/fail.txt" 2>&1 || true
echo "wrote $out/fail.txt"
