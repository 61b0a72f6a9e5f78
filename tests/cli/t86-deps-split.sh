#!/bin/sh
# `make` installs only the build packages; the test goals also the test-only
# ones. Run against stubs: pkg-config says cmocka is missing, tmux and groff
# are not on PATH, apt-get only writes down what it was asked for.
. "$(dirname "$0")/lib.sh"

mkdir -p "$T/bin"
for c in sh make mkdir mv rm cat sed cc dirname; do
	p=$(command -v "$c") || fail "no $c on PATH"
	ln -s "$p" "$T/bin/$c"
done
real_pc=$(command -v pkg-config) || fail "no pkg-config"
cat >"$T/bin/pkg-config" <<STUB
#!/bin/sh
case " \$* " in *" cmocka "*) exit 1 ;; esac
exec "$real_pc" "\$@"
STUB
printf '#!/bin/sh\necho 0\n' >"$T/bin/id"
printf '#!/bin/sh\necho "$*" >>"%s/apt.log"\n' "$T" >"$T/bin/apt-get"
chmod +x "$T/bin/pkg-config" "$T/bin/id" "$T/bin/apt-get"

# make -n still remakes the included configuration files, so deps.sh runs
PATH="$T/bin" make -n BUILD="$T/build" all >"$T/out" 2>"$T/err"
[ -f "$T/build/config.mk" ] || { cat "$T/err" >&2; fail "make did not configure"; }
[ ! -e "$T/build/test-config.mk" ] || fail "make configured the tests"
[ ! -s "$T/apt.log" ] || fail "make asked apt-get for: $(cat "$T/apt.log")"

PATH="$T/bin" make -n BUILD="$T/build" check-unit >"$T/out" 2>"$T/err"
grep -q 'install .*libcmocka-dev' "$T/apt.log" || fail "check-unit did not ask for cmocka: $(cat "$T/apt.log" 2>/dev/null)"
grep -q 'install .*tmux' "$T/apt.log" || fail "check-unit did not ask for tmux"
grep -q 'install .*groff-base' "$T/apt.log" || fail "check-unit did not ask for groff"

# the script itself: the default set is the build set
: >"$T/apt.log"
PATH="$T/bin" sh scripts/deps.sh >/dev/null 2>&1 || fail "deps.sh (build set) failed"
[ ! -s "$T/apt.log" ] || fail "deps.sh asked for: $(cat "$T/apt.log")"
PATH="$T/bin" sh scripts/deps.sh nonsense >/dev/null 2>&1 && fail "deps.sh took an unknown set"
exit 0
