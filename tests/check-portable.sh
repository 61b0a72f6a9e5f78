#!/bin/sh
# check-portable.sh - the files that ask glibc or Linux for more (util/util.c:
# mallopt(), malloc_usable_size(), huge pages) guard every use and header, so
# that a C library without them builds: each is compiled as such a library
# would see it (__GLIBC__ undefined, a <malloc.h> that refuses to be
# included), with and without __linux__, warnings as errors.
cd "$(dirname "$0")/.." || exit 1
CC=${CC:-cc}
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT INT TERM
echo '#error "no <malloc.h> here"' >"$T/malloc.h"
printf '#include <features.h>\n#undef __GLIBC__\n' >"$T/noglibc.h"
status=0
for f in util/util.c; do
	for linux in "" -U__linux__; do
		# shellcheck disable=SC2086
		$CC -std=c11 -pthread -Wall -Wextra -Werror -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600 -I. -I"$T" \
			-include "$T/noglibc.h" $linux -c -o "$T/out.o" "$f" ||
			{ echo "check-portable: $f does not build without glibc${linux:+ or Linux}"; status=1; }
	done
done
exit $status
