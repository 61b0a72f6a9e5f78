# indexlib.sh - what the tests of the index after edits share (t93-index-edits.sh,
# t93-index-shared.sh): the readers of a store, the index said fresh or as a rebuild
# writes it, texts that share a block, and kills at an index file's replacement.
# Sourced after lib.sh; $S is the store asked, $IX its index.csv.
# shellcheck shell=sh
bd() { "$BD" "$@" >/dev/null 2>&1 || fail "$*"; }
# readers DIR OUT: what the readers print of store DIR
readers() {
	for cmd in "list" "list variants" "list imports" "list runs" "export"; do
		echo "== $cmd"
		BENCHDELTA_STORE=$1 "$BD" $cmd 2>&1
		echo "exit $?"
	done >"$2"
	# show of every run (ids from the data, so both stores are asked the same): each
	# on its own, so that a run the index places wrong is looked for where it says;
	# under the sanitizers (BD_SAN) all in one show, the same code at a fraction of
	# the processes (each costs the sanitizers' start)
	BENCHDELTA_STORE=$1 "$BD" list runs 2>/dev/null | awk 'NR > 1 && $1 ~ /^[0-9a-f]+:/ { print $1 }' >"$T/ids"
	if [ -n "${BD_SAN:-}" ]; then
		echo "== show all"
		# shellcheck disable=SC2046 # (run ids are single words)
		BENCHDELTA_STORE=$1 "$BD" show --ascii $(cat "$T/ids") 2>&1
		echo "exit $?"
	else
		while read -r id; do
			echo "== show $id"
			BENCHDELTA_STORE=$1 "$BD" show --ascii "$id" 2>&1
			echo "exit $?"
		done <"$T/ids"
	fi >>"$2"
}
# no_runs_read WHAT: `list` on the index reads no import's runs.csv (strace; skipped without it)
no_runs_read() {
	command -v strace >/dev/null || return 0
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" strace -f -o "$T/opens" -e trace=open,openat \
		"$BD" list >/dev/null 2>&1 || fail "$1: list under strace"
	! grep -q 'runs\.csv' "$T/opens" || fail "$1: the next reader read the imports' runs"
}
# same_as_rebuilt WHAT: the readers print the same with the index as without it
same_as_rebuilt() {
	rm -rf "$T/copy"
	cp -a "$S" "$T/copy"
	readers "$S" "$T/with"
	rm -f "$T/copy/index.csv" "$T/copy/index.bin"
	readers "$T/copy" "$T/without"
	cmp -s "$T/with" "$T/without" || { diff "$T/with" "$T/without" >&2; fail "$1: the index differs from the data"; }
}
# imported WHAT FILE: FILE imported into the store and into a copy without the index (an
# import looks its blocks and places up in index.bin) gives the same store to the readers
imported() {
	rm -rf "$T/copy"
	cp -a "$S" "$T/copy"
	rm -f "$T/copy/index.csv" "$T/copy/index.bin"
	"$BD" import "$2" >"$T/imp.with" 2>&1
	BENCHDELTA_STORE=$T/copy "$BD" import "$2" >"$T/imp.without" 2>&1
	grep -q 'into experiment' "$T/imp.with" || { cat "$T/imp.with" >&2; fail "$1: nothing imported"; }
	cmp -s "$T/imp.with" "$T/imp.without" || { diff "$T/imp.with" "$T/imp.without" >&2; fail "$1: the import differs with the index"; }
	readers "$S" "$T/with"
	readers "$T/copy" "$T/without"
	cmp -s "$T/with" "$T/without" || { diff "$T/with" "$T/without" >&2; fail "$1: the store after the import differs with the index"; }
	bd list
}
# fresh WHAT: `list` reads the index as it is (a stale one is written again, with a new token)
fresh() {
	cp "$IX" "$T/ix.before"
	bd list
	cmp -s "$IX" "$T/ix.before" || fail "$1: the index was stale after it"
}
import_id() { "$BD" list imports | awk -v f="$1" '$NF ~ f { print $1 }'; }
# changed WHAT: the next reader reads the index alone, and the index is the data's
changed() {
	expect_rc 0 "$1"
	no_runs_read "$1"
	fresh "$1"
	same_as_rebuilt "$1"
}
# rows_as_rebuilt WHAT: index.csv holds the rows a rebuild writes (its "L" rows too), in any order
# (the rows of the segments imports appended among them)
rows_as_rebuilt() {
	rm -rf "$T/copy"
	cp -a "$S" "$T/copy"
	rm -f "$T/copy/index.csv" "$T/copy/index.bin"
	BENCHDELTA_STORE=$T/copy "$BD" list >/dev/null 2>&1 || fail "$1: list of a copy"
	sed '1d;$d' "$IX" | grep -v '^"A",\|^"end",' | sort >"$T/rows.with" # (an import's segments)
	sed '1d;$d' "$T/copy/index.csv" | sort >"$T/rows.without"
	cmp -s "$T/rows.with" "$T/rows.without" || { diff "$T/rows.with" "$T/rows.without" >&2; fail "$1: the index's rows differ from a rebuild's"; }
}
# first_of A B: which of two import ids sorts first
first_of() { printf '%s\n%s\n' "$1" "$2" | LC_ALL=C sort | head -1; }
# sharing FROM OTHER WHICH OUT: into OUT, FROM's text, another block and a number told apart
# until its import sorts WHICH ("first" or "after") against import OTHER
sharing() {
	k=0
	while :; do
		{ cat "$1"; echo; cat samples/hyperfine/single-run.txt; [ $k -eq 0 ] || echo "($k)"; } >"$4"
		rm -rf "$T/idprobe"
		BENCHDELTA_STORE=$T/idprobe bd import "$4"
		w=$(BENCHDELTA_STORE=$T/idprobe "$BD" list imports | awk 'NR == 2 { print $1 }')
		case $3 in
		first) [ "$(first_of "$w" "$2")" = "$w" ] && break ;;
		*) [ "$(first_of "$w" "$2")" = "$2" ] && break ;;
		esac
		k=$((k + 1))
		[ $k -lt 64 ] || fail "no text imported while away sorts $3"
	done
}
# remove_id HASH: the id of the latest removal of import HASH
remove_id() { awk -F'"' -v h="$1" 'NR > 1 && $8 == "remove" && $12 == h { id = $2 } END { print id }' "$S/edits.csv"; }
full_id() { awk -F'"' -v h="$1" '$2 == "S" && index($4, h) == 1 { print $4 }' "$IX" | head -1; }
# on_store NAME: a fresh store of that name for what follows
on_store() {
	S=$T/$1
	IX=$S/index.csv
	export BENCHDELTA_STORE=$S
}
# exact WHAT: the next reader reads the index alone, as a rebuild would write it
exact() {
	changed "$1"
	rows_as_rebuilt "$1"
}
# (the leak check of a sanitizer build does not run under a tracer)
noleak="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
# kill_at WHICH WHAT FROM CMD...: CMD on a copy of store FROM ($T/killed, its index made fresh
# first: a copy's is stale, its files' identities) killed before it replaces WHICH (index.bin
# or index.csv): the journal holds the edit, the next `list` finds the index stale, and the
# readers print ($T/with) what they print with the index removed; $T/ix.killed is the
# index.csv the kill left
kill_at() {
	which=$1
	what=$2
	from=$3
	shift 3
	rm -rf "$T/probe"
	cp -a "$from" "$T/probe"
	BENCHDELTA_STORE=$T/probe bd list
	# shellcheck disable=SC2086
	[ -z "${kill_prep:-}" ] || BENCHDELTA_STORE=$T/probe bd $kill_prep
	BENCHDELTA_STORE=$T/probe ASAN_OPTIONS="$noleak" strace -f -o "$T/trace" -e trace=rename "$BD" "$@" >/dev/null 2>&1 ||
		fail "probe of the renames of $what"
	k=$(grep 'rename(' "$T/trace" | grep -n "/$which\")" | head -1 | cut -d: -f1)
	[ -n "$k" ] || fail "$what did not replace $which"
	rm -rf "$T/killed"
	cp -a "$from" "$T/killed"
	BENCHDELTA_STORE=$T/killed bd list
	# shellcheck disable=SC2086
	[ -z "${kill_prep:-}" ] || BENCHDELTA_STORE=$T/killed bd $kill_prep
	cp "$T/killed/edits.csv" "$T/journal.before" 2>/dev/null || : >"$T/journal.before"
	BENCHDELTA_STORE=$T/killed ASAN_OPTIONS="$noleak" strace -f -o /dev/null -e "inject=rename:signal=SIGKILL:when=$k" \
		"$BD" "$@" >/dev/null 2>&1
	[ $? -eq 137 ] || fail "$what was not killed at the rename of $which"
	[ -f "$T/killed/edits.csv" ] && ! cmp -s "$T/killed/edits.csv" "$T/journal.before" ||
		fail "$what killed before $which: not in the journal"
	cp "$T/killed/index.csv" "$T/ix.killed"
	BENCHDELTA_STORE=$T/killed bd list
	cmp -s "$T/killed/index.csv" "$T/ix.killed" && fail "$what killed before $which: the index read as fresh"
	readers "$T/killed" "$T/with"
	rm -rf "$T/copy"
	cp -a "$T/killed" "$T/copy"
	rm -f "$T/copy/index.csv" "$T/copy/index.bin"
	readers "$T/copy" "$T/without"
	cmp -s "$T/with" "$T/without" || { diff "$T/with" "$T/without" >&2; fail "$what killed before $which: the readers differ from the data"; }
}
