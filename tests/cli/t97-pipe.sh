#!/bin/sh
# A large text is walked on a second thread, which also parses blocks while
# the import is behind (parsers/segpipe.h). Whoever reads a block, the
# import must say and store what one thread does, byte for byte: every
# corpus case and sample, and a generated log of every tool, read on one
# thread, then piped with the walker parsing every block, with the
# importing thread parsing every block, with the walker parsing the blocks
# of the batch the importing thread takes next, and shared as it comes.
# check-slow: every text's dry run each way (every fourth text's in check)
. "$(dirname "$0")/lib.sh"

one() { env BENCHDELTA_PIPE_MIN=999999999999 "$@"; }
walker() { env BENCHDELTA_PIPE_MIN=0 BENCHDELTA_PIPE_PARSE=walker "$@"; }
caller() { env BENCHDELTA_PIPE_MIN=0 BENCHDELTA_PIPE_PARSE=caller "$@"; }
queued() { env BENCHDELTA_PIPE_MIN=0 BENCHDELTA_PIPE_PARSE=queued "$@"; }
shared() { env BENCHDELTA_PIPE_MIN=0 "$@"; }

awk -f tests/bench/gen.awk -v mode=mixed -v kb=300 -v seed=21 >"$T/mixed.log"
# the same with control characters in labels, commands and benchmark names:
# what the importing thread cleans and keys while it waits for the walk
# (store/batch.c) must come out as when the names are cleaned at the end
sed 's/app_v1/app\tv1/; s/Release + PGO/Release \x01+ PGO/; s/parse_2/parse\x7f2/' "$T/mixed.log" >"$T/control.log"
grep -q "$(printf 'parse\1772')" "$T/control.log" || fail "no control character in the generated log"
find tests/corpus/cases samples -type f | sort >"$T/files"
echo "$T/mixed.log" >>"$T/files"
echo "$T/control.log" >>"$T/files"
[ "$(wc -l <"$T/files")" -gt 100 ] || fail "too few texts to compare: $(wc -l <"$T/files")"
# (under the sanitizers, BD_SAN, every sixteenth: each process pays their start five times)
every=$(trials 4 1)
[ -z "${BD_SAN:-}" ] || every=16
awk -v every="$every" 'NR % every == 0 || /(mixed|control).log$/' "$T/files" >"$T/each"

# the dry run's plan and warnings, text by text
while read -r f; do
	one "$BD" import -n "$f" >"$T/one" 2>&1
	echo "exit $?" >>"$T/one"
	for how in walker caller queued shared; do
		$how "$BD" import -n "$f" >"$T/$how" 2>&1
		echo "exit $?" >>"$T/$how"
		cmp -s "$T/one" "$T/$how" || {
			diff "$T/one" "$T/$how" | head -5 >&2
			fail "$f: the dry run differs when piped ($how parses)"
		}
	done
done <"$T/each"
grep -q 'fact (fortio)' "$T/one" || fail "the mixed log's fortio version is not one fact"
one "$BD" import -n "$T/control.log" >"$T/one" 2>&1
grep -q 'variant "Release ?+ PGO build 1"' "$T/one" || fail "a label's control character is not cleaned"
grep -q 'benchmark "parse?2/' "$T/one" || fail "a benchmark name's control character is not cleaned"

# all of them imported together (one experiment, names decided across texts): the same store
for how in one walker caller queued shared; do
	# shellcheck disable=SC2046 # one argument per file
	BENCHDELTA_STORE="$T/s.$how" $how "$BD" import -e all $(cat "$T/files") >"$T/plan.$how" 2>&1 ||
		{ cat "$T/plan.$how" >&2; fail "the import failed ($how)"; }
	BENCHDELTA_STORE="$T/s.$how" "$BD" export -f tsv >"$T/export.$how" || fail "export ($how)"
	# the runs as stored, their commands and benchmark names too
	(cd "$T/s.$how" && find data -name runs.csv | sort | xargs cat) >"$T/runs.$how"
done
[ "$(wc -l <"$T/export.one")" -gt 1000 ] || fail "too little stored: $(wc -l <"$T/export.one") rows"
for how in walker caller queued shared; do
	cmp -s "$T/plan.one" "$T/plan.$how" || {
		diff "$T/plan.one" "$T/plan.$how" | head -5 >&2
		fail "the import's plan differs when piped ($how parses)"
	}
	cmp -s "$T/export.one" "$T/export.$how" || {
		diff "$T/export.one" "$T/export.$how" | head -5 >&2
		fail "the stored measurements differ when piped ($how parses)"
	}
	cmp -s "$T/runs.one" "$T/runs.$how" || {
		diff "$T/runs.one" "$T/runs.$how" | head -5 >&2
		fail "the stored runs differ when piped ($how parses)"
	}
done
exit 0
