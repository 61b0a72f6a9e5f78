#!/bin/sh
# fish-time.sh - real samples of fish 3.6's time builtin (Debian), timing
# the fib program built at -O0 and -O2 by scripts/make-samples.sh. Run by
# scripts/make-samples.sh.
set -eu
out=samples/fish-time
bin=build/samples
mkdir -p "$out"
(cd "$bin" && fish -c 'time ./fib_O2 32 >/dev/null' 2>&1) >"$out/one.txt"
echo "wrote $out/one.txt"
# the builds one after the other, each under its prompt line
(cd "$bin" && for b in fib_O0 fib_O2; do
	echo "> time ./$b 32"
	fish -c "time ./$b 32 >/dev/null" 2>&1
done) >"$out/builds.txt"
echo "wrote $out/builds.txt"
# a pipeline: the external column sums both processes
(cd "$bin" && fish -c 'time ./fib_O0 32 | cat >/dev/null' 2>&1) >"$out/pipeline.txt"
echo "wrote $out/pipeline.txt"
# a builtin: all of it is fish's own time
fish -c 'time for i in (seq 30000); end' >"$out/builtin.txt" 2>&1
echo "wrote $out/builtin.txt"
