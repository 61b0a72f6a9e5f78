/*
 * textin.h - reading an input that should be a text log: the decision is
 * made from its first bytes, before the rest is read, so /dev/zero or a
 * binary piped in costs one block, not all of it. UTF-16 (what
 * PowerShell's '>' writes) is converted to UTF-8 and lone-CR line endings
 * (old Mac editors) to LF, each said in a note.
 */
#ifndef BD_UTIL_TEXTIN_H
#define BD_UTIL_TEXTIN_H

#include <stddef.h>

#include "util/buf.h"
#include "util/diag.h"
#include "util/hash.h"

/* Inputs larger than this are refused: no log a person pastes is. */
#define TEXTIN_MAX ((size_t)1 << 30)

/*
 * Append the text of `path` ("-": standard input) to *out, as UTF-8.
 * Returns 0; -1 with an error naming the input in *d for a missing or
 * unreadable file, a directory, a binary (NULs and control bytes are a
 * tenth of the first 8 KiB of what is not UTF-16) or an input over
 * TEXTIN_MAX. Conversions are notes; a few NULs or bytes of invalid UTF-8
 * are warned about with their offsets (textin_defects).
 */
int textin_read(const char *path, struct buf *out, struct diag *d);

/*
 * The same as a text of its own: *text and *len (a NUL follows the text),
 * and its content hash (util/hash.h) in `hash`. A regular file of
 * TEXTIN_MAP_MIN bytes or more is mapped instead of read (util/mapped.h),
 * and hashed as it is checked; either way the caller releases *text with
 * mapped_free().
 */
#define TEXTIN_MAP_MIN ((size_t)4 << 20)
int textin_read_text(const char *path, char **text, size_t *len, char hash[HASH_HEX_LEN + 1],
		     struct diag *d);

/*
 * Warn (naming `name`, the line of the first one) about the NUL bytes and
 * the bytes of invalid UTF-8 in s[0..n), with their offsets: a terminal
 * capture or a `script` log may hold a few, and is read on as text.
 */
void textin_defects(const char *name, const char *s, size_t n, struct diag *d);

/* Convert UTF-16 (`big_endian` or not; a BOM is dropped) to UTF-8; unpaired surrogates become U+FFFD. */
void textin_utf16(const unsigned char *p, size_t n, int big_endian, struct buf *out);

#endif
