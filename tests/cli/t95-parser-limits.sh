#!/bin/sh
# The segmenter's limits hold when the program is compiled: a parser whose
# claim state is larger than PARSER_STATE_MAX does not build, one within it
# does (parsers/parser.h). Needs the C compiler the build used.
. "$(dirname "$0")/lib.sh"

CC=${CC:-cc}
command -v "$CC" >/dev/null 2>&1 || { echo "  SKIP    $test_name: no C compiler"; exit 0; }
compile() { # compile BYTES: a claim state of BYTES bytes, given its size with PARSER_STATE()
	cat >"$T/p.c" <<SRC
#include "parsers/parser.h"
struct claim_state { char b[$1]; };
size_t state_size = PARSER_STATE(struct claim_state);
SRC
	"$CC" -std=c11 -I. -fsyntax-only "$T/p.c" 2>"$T/err"
}
compile 256 || { cat "$T/err" >&2; fail "a state of PARSER_STATE_MAX bytes does not compile"; }
compile 257 && fail "a state of PARSER_STATE_MAX + 1 bytes compiles"
grep -q "claim state over PARSER_STATE_MAX" "$T/err" || { cat "$T/err" >&2; fail "the error does not say which limit"; }
exit 0
