/*
 * hash.h - content hashes for deduplication of imported texts and blocks.
 * XXH3-128 (libxxhash): it hashes at memory speed, so hashing never slows an
 * import, and 128 bits make an accidental collision between two logs of one
 * store practically impossible. It is not a cryptographic hash: the store
 * trusts its own files. Written as 32 lowercase hex digits.
 */
#ifndef BD_UTIL_HASH_H
#define BD_UTIL_HASH_H

#include <stddef.h>

#define HASH_HEX_LEN 32

/* Hash `n` bytes into `out` (HASH_HEX_LEN hex digits and a NUL). */
void hash_hex(const void *p, size_t n, char out[HASH_HEX_LEN + 1]);
/* True when `s` is exactly HASH_HEX_LEN lowercase hex digits. */
int hash_is_hex(const char *s);

#endif
