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
#include <stdint.h>

#define HASH_HEX_LEN 32

/* Hash `n` bytes into `out` (HASH_HEX_LEN hex digits and a NUL). */
void hash_hex(const void *p, size_t n, char out[HASH_HEX_LEN + 1]);
/* The same hash as two numbers: out[0] its first 16 hex digits, out[1] the last 16. */
void hash_128(const void *p, size_t n, uint64_t out[2]);
/*
 * The same hash of bytes given in pieces: hash_stream_init(), then
 * hash_stream_add() for each piece, then hash_stream_hex() (which frees
 * the state; init again to reuse).
 */
struct hash_stream {
	void *state;
};
void hash_stream_init(struct hash_stream *h);
void hash_stream_add(struct hash_stream *h, const void *p, size_t n);
void hash_stream_hex(struct hash_stream *h, char out[HASH_HEX_LEN + 1]);

/* True when `s` is exactly HASH_HEX_LEN lowercase hex digits. */
int hash_is_hex(const char *s);

/*
 * A quick 32-bit FNV-1a of `n` bytes, for the small in-memory lookup tables
 * and caches (metric names, word lists, variant keys): never for content
 * that is stored or compared across runs.
 */
static inline uint32_t hash_fnv1a(const void *p, size_t n)
{
	const unsigned char *c = p;
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < n; i++)
		h = (h ^ c[i]) * 16777619u;
	return h;
}

/*
 * A 64-bit XXH3 of `n` bytes, for the per-line caches of the walk (the
 * segmenter's asked lines, label_read()'s memo): a few dozen instructions
 * for a line, where FNV-1a takes four or five a byte. Like hash_fnv1a(),
 * never for content that is stored or compared across runs.
 */
uint64_t hash_line(const void *p, size_t n);

#endif
