#!/bin/sh
# A log of 4 MiB or more is mapped instead of read (util/mapped.h), and its
# pages are given back as the import goes: what it stores must be what the
# same text read from standard input stores, byte for byte (both write
# their measurements out block by block, through the spool). Also the
# cases the mapping leaves to reading: lone CRs (rewritten), UTF-16, a
# size that ends on a page, a binary file.
. "$(dirname "$0")/lib.sh"

awk -f tests/bench/gen.awk -v mode=mixed -v kb=5000 -v seed=11 >"$T/big.log"
[ "$(wc -c <"$T/big.log")" -ge 4194304 ] || fail "the generated log is under 4 MiB"

# said FILE: what an import printed but its plan's lines (which may be thousands), for a failure
said() { grep -v ' measurements$' "$1" | head -20 >&2; }

# same_import NAME FILE: FILE imported by name and from stdin export the same
same_import() {
	BENCHDELTA_STORE="$T/s.$1.file" "$BD" import -e "$1" "$2" >"$T/out.file" 2>"$T/err.file" ||
		{ cat "$T/err.file" >&2; fail "import of $2 failed"; }
	BENCHDELTA_STORE="$T/s.$1.stdin" "$BD" import -e "$1" - <"$2" >"$T/out.stdin" 2>"$T/err.stdin" ||
		{ cat "$T/err.stdin" >&2; fail "import of $2 from stdin failed"; }
	for w in file stdin; do
		BENCHDELTA_STORE="$T/s.$1.$w" "$BD" export -f tsv >"$T/export.$w" ||
			fail "export after the import of $2 ($w)"
	done
	[ -s "$T/export.file" ] || fail "$1: nothing exported"
	cmp -s "$T/export.file" "$T/export.stdin" || {
		diff "$T/export.file" "$T/export.stdin" | head -5 >&2
		fail "$1: the mapped file and stdin stored different measurements"
	}
	# the plan names the input, otherwise the same lines
	sed "s|^<stdin>|$2|; s|imported <stdin>|imported $2|" "$T/out.stdin" >"$T/out.stdin.named"
	cmp -s "$T/out.file" "$T/out.stdin.named" || {
		diff "$T/out.file" "$T/out.stdin.named" | head -5 >&2
		fail "$1: the plans differ"
	}
	# under the same hash (the mapped text's is taken on a second thread, util/textin.c)
	[ "$(ls "$T/s.$1.file/sources")" = "$(ls "$T/s.$1.stdin/sources")" ] ||
		fail "$1: the mapped file and stdin stored the text under different hashes"
	# the source text is stored whole
	cmp -s "$2" "$(ls "$T/s.$1.file"/sources/* | head -1)" || fail "$1: the stored text differs from the file"
	rm -rf "$T/s.$1.stdin" # (each store of the large text takes 17 MB: kept only while needed)
}

same_import big "$T/big.log"
# its pages given back, the text is copied from the file (util/mapped.h: mapped_source()), not faulted in again
if command -v strace >/dev/null 2>&1; then
	# LeakSanitizer cannot work under ptrace (check-san)
	BENCHDELTA_STORE="$T/s.traced" ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		strace -f -e trace=copy_file_range -o "$T/trace" "$BD" import -e big "$T/big.log" >/dev/null 2>&1 ||
		fail "the traced import failed"
	grep -q 'copy_file_range(' "$T/trace" || fail "the mapped text was not copied from its file"
	cmp -s "$T/big.log" "$(ls "$T/s.traced"/sources/* | head -1)" || fail "the copied text differs from the file"
	rm -rf "$T/s.traced"
fi
# a text on another file system (a tmpfs, where there is one): the kernel may refuse to copy
# across (EXDEV), and the text is written from its pages instead; stored whole either way
if [ -d /dev/shm ] && shm=$(mktemp -d /dev/shm/bd-t96.XXXXXX 2>/dev/null); then
	trap 'rm -rf "$T" "$shm"' EXIT INT TERM
	cp "$T/big.log" "$shm/big.log"
	BENCHDELTA_STORE="$T/s.shm" "$BD" import -e big "$shm/big.log" >"$T/out" 2>&1 ||
		{ said "$T/out"; fail "the import of a text on /dev/shm failed"; }
	cmp -s "$T/big.log" "$(ls "$T/s.shm"/sources/* | head -1)" || fail "the text from /dev/shm was not stored whole"
	rm -rf "$shm" "$T/s.shm"
fi
# the measurements were written as they were read (csvstore.h: the spool): no directory of it is left
ls -a "$T/s.big.file/data" | grep -q '^\.tmp-' && fail "a temporary directory is left in data/"
# the text was written on a thread of its own (util/bgwrite.h) and renamed into sources/: no copy stays in data/
[ -z "$(find "$T/s.big.file/data" -name text)" ] || fail "a copy of the text is left in data/"
BENCHDELTA_STORE="$T/s.big.file" "$BD" fsck >"$T/out" 2>&1 || { cat "$T/out" >&2; fail "fsck after the large import"; }
# a repeat adds nothing and leaves nothing behind either
BENCHDELTA_STORE="$T/s.big.file" "$BD" import -e big "$T/big.log" >"$T/out" 2>&1 || { said "$T/out"; fail "re-import failed"; }
grep -q 'already imported (the same text); nothing added' "$T/out" || { cat "$T/out" >&2; fail "re-import added something"; }
ls -a "$T/s.big.file/data" | grep -q '^\.tmp-' && fail "a temporary directory is left by the repeat"
runs=$(BENCHDELTA_STORE="$T/s.big.file" "$BD" list -e big | awk 'NR == 2 { print $4 }')
[ "${runs:-0}" -gt 1000 ] || fail "only ${runs:-0} runs read from the mapped log"
rm -rf "$T/s.big.file"

# many texts in one import: each one's spooled files are closed once it is read, so
# a low limit of open files is enough, and each text is stored
mkdir "$T/many"
i=0
while [ $i -lt 60 ]; do
	awk -f tests/bench/gen.awk -v mode=mixed -v kb=8 -v seed=$((500 + i)) -v title="Text $i of many" >"$T/many/t$i.md"
	i=$((i + 1))
done
(ulimit -n 40 && BENCHDELTA_STORE="$T/s.many" "$BD" import "$T"/many/*.md >"$T/out" 2>"$T/err") ||
	{ tail -3 "$T/err" >&2; fail "60 texts in one import under 40 open files"; }
[ "$(ls "$T/s.many/data" | wc -l)" -eq 60 ] || fail "not every one of 60 texts was stored"
ls -a "$T/s.many/data" | grep -q '^\.tmp-' && fail "a temporary directory is left by the 60 texts"

# NULs and invalid UTF-8 in a large file, one byte before a piece of 256 KiB ends and two
# across its end: found while a second thread hashes the text (util/textin.c), said as
# on one thread and as when the text is read from stdin
{ head -c 262143 "$T/big.log"; printf '\000'; head -c 524287 "$T/big.log" | tail -c 262142
  printf '\342\202'; cat "$T/big.log"; printf 'tail \377\n'; } >"$T/defects.log"
BENCHDELTA_STORE="$T/s.def" "$BD" import -n "$T/defects.log" >"$T/def.two" 2>&1
BENCHDELTA_STORE="$T/s.def" BENCHDELTA_PIPE_MIN=999999999999 "$BD" import -n "$T/defects.log" >"$T/def.one" 2>&1
BENCHDELTA_STORE="$T/s.def" "$BD" import -n - <"$T/defects.log" 2>&1 | sed "s|<stdin>|$T/defects.log|g" |
	grep 'read on as text' >"$T/def.stdin"
grep -q 'defects.log:[0-9]*: warning: 1 NUL byte at offset 262143; 3 bytes of invalid UTF-8 at offsets 524286, 524287, [0-9]*; read on as text' \
	"$T/def.two" || { head -3 "$T/def.two" >&2; fail "the defects of a large file, hashed beside, are not said"; }
cmp -s "$T/def.two" "$T/def.one" || fail "a large file's defects and plan differ on one thread"
grep 'read on as text' "$T/def.two" | cmp -s - "$T/def.stdin" || fail "a large file's defects differ from stdin's"
rm -f "$T/defects.log"

# a size that is a whole number of pages: read, not mapped, with the same result
page=$(getconf PAGESIZE)
size=$(wc -c <"$T/big.log")
head -c $((size / page * page)) "$T/big.log" >"$T/paged.log"
same_import paged "$T/paged.log"
rm -rf "$T/paged.log" "$T/s.paged.file"

# lone CR line endings in a large file: rewritten as line ends
tr '\n' '\r' <"$T/big.log" >"$T/mac.log"
run import -n "$T/mac.log"
expect_rc 0 "lone CR, large"
expect_err 'mac.log: note: lone CR line endings read as line ends'
expect_re 'would import .*mac.log: [0-9]{4,} runs'
rm -f "$T/mac.log"

# UTF-16 of a large file: converted
if command -v iconv >/dev/null; then
	iconv -f UTF-8 -t UTF-16 "$T/big.log" >"$T/ps.log"
	run import -n "$T/ps.log"
	expect_rc 0 "UTF-16, large"
	expect_err 'ps.log: note: UTF-16LE text converted to UTF-8'
	expect_re 'would import .*ps.log: [0-9]{4,} runs'
fi

# a large binary file: refused by its first bytes
head -c 5000000 /dev/zero >"$T/zeros.bin"
run import "$T/zeros.bin"
expect_rc 2 "large binary"
expect_err 'zeros.bin: error: binary file (NUL byte at offset 0), not a text log; skipped'
exit 0
