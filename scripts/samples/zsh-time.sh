#!/bin/sh
# zsh-time.sh - real samples of zsh 5.9's time report (Debian), timing the
# fib program built at -O0 and -O2 by scripts/make-samples.sh. Only what
# time writes is kept. Run by scripts/make-samples.sh.
set -eu
out=samples/zsh-time
bin=build/samples
mkdir -p "$out"
# one line per run, the binaries telling the builds apart
# (zsh names a job by its text: the commands are written out, not looped over)
(cd "$bin" && zsh -c 'time ./fib_O0 32 >/dev/null; time ./fib_O0 32 >/dev/null; time ./fib_O2 32 >/dev/null; time ./fib_O2 32 >/dev/null' 2>&1) >"$out/builds.txt"
echo "wrote $out/builds.txt"
# a loop under a label per build, as pasted in a thread
(cd "$bin" && for b in fib_O0 fib_O2; do
	echo "$b:"
	zsh -c "for i in 1 2; do time ./$b 32 >/dev/null; done" 2>&1 # the loop's text names the job: the labels name the builds
	echo
done) >"$out/labels.txt"
echo "wrote $out/labels.txt"
# a command that fails: zsh still reports its time
(cd "$bin" && zsh -c 'time ./fib_O2 nope >/dev/null; time ls /no/such/dir' 2>&1) >"$out/failing.txt" || true
echo "wrote $out/failing.txt"
# a run past a minute of CPU (sleep is not CPU: the total is what goes past it)
(cd "$bin" && zsh -c 'time (sleep 61; ./fib_O2 30 >/dev/null)' 2>&1) >"$out/minute.txt"
echo "wrote $out/minute.txt"
