#!/bin/sh
# Shell completion: the candidates `benchdelta __complete` gives (commands,
# options, their values, names from the store), that they match every
# command's getopt table, the bash, zsh and fish scripts driving it, and
# `make install` putting the scripts where the shells look.
. "$(dirname "$0")/lib.sh"

BDABS=$(cd "$(dirname "$BD")" && pwd)/$(basename "$BD")
mkdir -p "$T/bin"
ln -s "$BDABS" "$T/bin/benchdelta"
PATH="$T/bin:$PATH"
export PATH

run import samples/issues/seed-llrt.txt samples/hyperfine/o0-vs-o2.txt
expect_rc 0 "import"
# complete WORD...: the candidates, on one line
complete() { benchdelta __complete -- "$@" | tr '\n' ' '; }
want() { # want GOT WANTED WHAT
	[ "$1" = "$2" ] || fail "$3: got [$1], want [$2]"
}

sed -n '/^static const struct cli_command commands\[\] = {/,/^};/p' main.c |
	sed -n 's/.*{ "\([a-z-]*\)", \(cmd_[a-z_]*\)[,} ].*/\1 \2/p' >"$T/commands"
[ "$(wc -l <"$T/commands")" -ge 6 ] || fail "main.c's command table not found"
want "$(complete '')" "$(cut -d' ' -f1 "$T/commands" | tr '\n' ' ')" "the commands of main.c's table"
want "$(complete ex)" "export " "a command's prefix"
want "$(complete --)" "--store --help --version " "global options"
want "$(complete --store '')" ":dirs " "--store's value"
want "$(complete import --d)" "--dry-run " "an option's prefix"
want "$(complete import '')" ":files " "import's arguments"
case "$(complete list '')" in
"experiments variants runs "*) ;;
*) fail "list's first argument: got [$(complete list '')]" ;;
esac
want "$(complete compare -e '')" "o0-vs-o2 Profile-Guided Optimization (PGO) benchmarks " "experiments"
want "$(complete compare --experiment P)" "Profile-Guided Optimization (PGO) benchmarks " "--experiment's value"
want "$(complete compare -e o0-vs-o2 '')" "fib_O0 fib_O2 " "the variants of -e's experiment"
want "$(complete merge-variants '')" "fib_O0 fib_O2 PGO-optimized Release " "every variant"
want "$(complete rename-experiment o)" "o0-vs-o2 " "an experiment to rename"
want "$(complete compare -f '')" "text markdown csv json " "compare's formats"
want "$(complete export --format=j)" "--format=json " "--format=VALUE as one word"
want "$(complete export --format = j)" "json " "--format=VALUE split by bash"
want "$(complete compare --correct '')" "holm " "a single literal value"
want "$(complete --store "$BENCHDELTA_STORE" list -e o)" "o0-vs-o2 " "--store before the command"
want "$(complete show fd)" "" "no such run"
run list runs
id=$(awk 'NR == 2 { print $1 }' "$T/out")
want "$(complete show "$(echo "$id" | cut -c1-6)")" "$(grep -o "^$(echo "$id" | cut -c1-6)[^ ]*" "$T/out" | tr '\n' ' ')" "run ids"

# the options offered are the getopt tables' options: each one offered is
# one its command's getopt knows (run with it, on no store, it is never
# "unrecognized"), and each long option of every table in cli/ is offered
: >"$T/offered"
while read -r name fn; do
	for o in $(benchdelta __complete -- "$name" -- | grep -v '^--help$'); do
		echo "$o" >>"$T/offered"
		BENCHDELTA_STORE="$T/nostore" benchdelta "$name" "$o" </dev/null >/dev/null 2>"$T/err" || true
		grep -q 'unrecognized option' "$T/err" && fail "$name offers $o, which its getopt does not know"
	done
done <"$T/commands"
[ ! -e "$T/nostore" ] || fail "trying the options made a store"
grep -ho '{ *"[a-z][a-z0-9-]*", *\(no\|required\|optional\)_argument' cli/*.c |
	sed 's/{ *"\([a-z0-9-]*\)".*/--\1/' | grep -v '^--help$' | sort -u >"$T/getopt"
sort -u "$T/offered" | comm -23 "$T/getopt" - >"$T/hidden"
[ ! -s "$T/hidden" ] || fail "getopt knows $(tr '\n' ' ' <"$T/hidden")but no command offers it: document it in its --help"

# bash: as `complete -F` calls it
cat >"$T/try.bash" <<'EOF'
. completions/benchdelta.bash
t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _benchdelta benchdelta; printf '%s|' "${COMPREPLY[@]}"; echo; }
t benchdelta comp
t benchdelta compare -e ""
t benchdelta compare -e "'Profile-G"
t benchdelta compare -e "Profile-Guided\ O"
t benchdelta show "$1" : ""
t benchdelta import completions/benchdelta.b
EOF
id_head=${id%%:*}
bash "$T/try.bash" "$id_head" >"$T/bash.out" 2>&1 || fail "bash: $(cat "$T/bash.out")"
cat >"$T/bash.want" <<EOF
compare|
o0-vs-o2|Profile-Guided\\ Optimization\\ \\(PGO\\)\\ benchmarks|
Profile-Guided\\ Optimization\\ \\(PGO\\)\\ benchmarks|
Profile-Guided\\ Optimization\\ \\(PGO\\)\\ benchmarks|
$(grep -o "^$id_head:[^ ]*" "$T/out" | sed "s/^$id_head://" | tr '\n' '|')
completions/benchdelta.bash|
EOF
diff "$T/bash.want" "$T/bash.out" >&2 || fail "bash completion"

# zsh: the function, with compadd and _files standing in for the completion system
command -v zsh >/dev/null || fail "zsh is missing (scripts/deps.sh test installs it)"
zsh -f -c '
	compadd() { [[ $1 == -- ]] && shift; print -rl -- "$@"; }
	_files() { print -r -- "(files $*)"; }
	source completions/_benchdelta >/dev/null
	words=(benchdelta compare -e ""); CURRENT=4; _benchdelta
	words=(benchdelta compare -e "Profile-Guided\ Opt"); CURRENT=4; _benchdelta
	words=(benchdelta import ""); CURRENT=3; _benchdelta
	words=(benchdelta --store ""); CURRENT=3; _benchdelta
' >"$T/zsh.out" 2>&1 || fail "zsh: $(cat "$T/zsh.out")"
printf '%s\n' o0-vs-o2 'Profile-Guided Optimization (PGO) benchmarks' \
	'Profile-Guided Optimization (PGO) benchmarks' '(files )' '(files -/)' >"$T/zsh.want"
diff "$T/zsh.want" "$T/zsh.out" >&2 || fail "zsh completion"

# fish: its own completion engine, asked as the prompt would
command -v fish >/dev/null || fail "fish is missing (scripts/deps.sh test installs it)"
HOME=$T fish --no-config -c '
	source completions/benchdelta.fish
	complete -C"benchdelta compare -e "
	complete -C"benchdelta merge-variants fib"
	complete -C"benchdelta export --format "
	complete -C"benchdelta import completions/benchdelta.f"
' >"$T/fish.out" 2>&1 || fail "fish: $(cat "$T/fish.out")"
printf '%s\n' o0-vs-o2 'Profile-Guided Optimization (PGO) benchmarks' fib_O0 fib_O2 tsv csv json \
	completions/benchdelta.fish >"$T/fish.want"
diff "$T/fish.want" "$T/fish.out" >&2 || fail "fish completion"

# make install puts each where its shell looks; uninstall takes them away
make --no-print-directory -s -o "$BDABS" install DESTDIR="$T/root" PREFIX=/usr BIN="$BDABS" >"$T/make.out" 2>&1 ||
	fail "make install: $(cat "$T/make.out")"
for f in usr/share/bash-completion/completions/benchdelta usr/share/zsh/site-functions/_benchdelta \
	usr/share/fish/vendor_completions.d/benchdelta.fish usr/bin/benchdelta usr/share/man/man1/benchdelta.1; do
	[ -f "$T/root/$f" ] || fail "make install did not install /$f"
done
make --no-print-directory -s uninstall DESTDIR="$T/root" PREFIX=/usr >"$T/make.out" 2>&1 ||
	fail "make uninstall: $(cat "$T/make.out")"
[ -z "$(find "$T/root" -type f)" ] || fail "make uninstall left: $(find "$T/root" -type f)"
exit 0
