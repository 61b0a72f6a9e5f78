#!/bin/sh
# deps.sh - make sure the system packages benchdelta needs are present.
# Called by the Makefile: `make` asks for the build set only, `make check`
# (and every test target) for the test set too.
#   scripts/deps.sh           what building ./benchdelta needs
#   scripts/deps.sh test      that, and what the tests need
#   scripts/deps.sh samples   that, and the tools `make samples` runs
#   scripts/deps.sh bench     that, and the references `make bench` measures against
# On Debian/Ubuntu missing packages are installed with apt-get (as root, or
# through sudo); elsewhere the script names what is missing and fails.
set -eu

# Debian package names, one list per set; each line: package, then how to
# tell it is there. A package goes in the test set when only tests use it.
packages_build='
pkg-config       cmd:pkg-config
make             cmd:make
gcc              cmd:cc
libncurses-dev   pc:ncursesw
libpcre2-dev     pc:libpcre2-8
libcsv-dev       hdr:csv.h
libjansson-dev   pc:jansson
libgsl-dev       pc:gsl
libxxhash-dev    pc:libxxhash
libcurl4-openssl-dev pc:libcurl
libsqlite3-dev   pc:sqlite3
'
packages_test='
libcmocka-dev    pc:cmocka
tmux             cmd:tmux
groff-base       cmd:groff
locales          file:/usr/share/i18n/locales/de_DE
zsh              cmd:zsh
fish             cmd:fish
strace           cmd:strace
cmark-gfm        cmd:cmark-gfm
'
packages_samples='
hyperfine        cmd:hyperfine
time             file:/usr/bin/time
iperf3           cmd:iperf3
golang-go        file:/usr/bin/go
rustc            file:/usr/bin/rustc
cargo            file:/usr/bin/cargo
librust-criterion-dev file:/usr/share/cargo/registry/criterion-0.3.6
binutils         cmd:size
linux-perf       cmd:perf
wrk              cmd:wrk
apache2-utils    cmd:ab
hey              cmd:hey
nghttp2-client   cmd:h2load
python3          file:/usr/bin/python3
redis-server     cmd:redis-server
redis-tools      cmd:redis-benchmark
postgresql       glob:/usr/lib/postgresql/*/bin/pgbench
sysbench         cmd:sysbench
fio              cmd:fio
'
# Not packaged in Debian (bookworm), so `make samples` has no script for
# them and their samples are real outputs from public threads: wrk2, oha,
# vegeta, k6, bombardier (Debian's package of that name is a game),
# memtier_benchmark, bloaty, benchstat, pyperf, asv,
# BenchmarkDotNet (NuGet) and JMH (Maven). Debian does package Google
# Benchmark's compare.py (libbenchmark-tools), pytest-benchmark
# (python3-pytest-benchmark) and benchmark.js (node-benchmark), but their
# samples come from public threads too: they need a benchmark program of
# each ecosystem built here first.

# make bench only: pcre2grep is the speed reference, VisiData the "open" one
packages_bench='
pcre2-utils      cmd:pcre2grep
time             file:/usr/bin/time
visidata         cmd:vd
'

want=$packages_build
case ${1:-} in
'') ;;
test) want="$want$packages_test" ;;
samples) want="$want$packages_samples" ;;
bench) want="$want$packages_bench" ;;
*) echo "usage: scripts/deps.sh [test|samples|bench]" >&2; exit 1 ;;
esac

present() {
	case $1 in
	cmd:*) command -v "${1#cmd:}" >/dev/null 2>&1 ;;
	pc:*) command -v pkg-config >/dev/null 2>&1 && pkg-config --exists "${1#pc:}" ;;
	hdr:*) for d in /usr/include /usr/local/include /usr/include/*-linux-gnu; do
		[ -f "$d/${1#hdr:}" ] && return 0; done; return 1 ;;
	file:*) [ -e "${1#file:}" ] ;;
	glob:*) for f in ${1#glob:}; do [ -e "$f" ] && return 0; done; return 1 ;;
	esac
}

missing=
for_each() {
	printf '%s\n' "$want" | while read -r pkg probe; do
		[ -n "$pkg" ] || continue
		present "$probe" || printf '%s ' "$pkg"
	done
}
# The tests also run under a comma-decimal locale (make check-locale): the
# test set makes sure de_DE.UTF-8 is generated, from the locales package.
test_locale=de_DE.UTF-8
locale_ready() {
	locale -a 2>/dev/null | grep -qix 'de_DE\.utf-\?8'
}
make_locale() {
	case $want in *locales*) ;; *) return 0 ;; esac
	locale_ready && return 0
	echo "benchdelta: generating the $test_locale locale for the tests" >&2
	$SUDO localedef -i de_DE -f UTF-8 "$test_locale" >&2 || true
	locale_ready || { echo "benchdelta: could not generate $test_locale" >&2; exit 1; }
}
if [ "$(id -u)" -eq 0 ]; then
	SUDO=
else
	SUDO=sudo
fi

missing=$(for_each)
if [ -z "$missing" ]; then
	make_locale
	exit 0
fi

echo "benchdelta: installing missing packages: $missing" >&2
if ! command -v apt-get >/dev/null 2>&1; then
	echo "benchdelta: this is not a Debian/Ubuntu system; please install the equivalents of: $missing" >&2
	exit 1
fi
if [ -n "$SUDO" ] && ! command -v sudo >/dev/null 2>&1; then
	echo "benchdelta: need root to install: $missing (run as root, or install sudo)" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086
if ! $SUDO apt-get install -y --no-install-recommends $missing >&2; then
	$SUDO apt-get update >&2
	$SUDO apt-get install -y --no-install-recommends $missing >&2
fi
missing=$(for_each)
if [ -n "$missing" ]; then
	echo "benchdelta: still missing after apt-get: $missing" >&2
	exit 1
fi
make_locale
