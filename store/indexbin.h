/*
 * indexbin.h - index.bin, the sorted tables an import searches instead of
 * the stored runs (storeindex.h). The file is read by pread(), never
 * mapped: a block is found by one read of FENCE_STEP entries after a
 * search of the fence (a sparse sample of the keys, held in memory), so
 * that an import into a large store does not bring the table's pages in.
 *
 * The file is a base, written whole (a temporary file renamed into place):
 *
 *   head     "bdindex2", the token of the index.csv written with it, the
 *            tables' counts, the pool's size, the fence's count and step
 *   blocks   every stored block: its key (the 20 hex digits of its hash as
 *            10 bytes, and the N of ".N" for a repeat, else 0), the pool
 *            offsets of the experiment and text of its first run, that
 *            run's first line; sorted by key
 *   names    pool offsets of the experiment names, sorted by name
 *   places   (place, experiment) pool offsets, sorted by place
 *   sources  pool offsets of the stored texts' hashes, sorted
 *   pool     NUL-terminated strings
 *   fence    the key of every FENCE_STEP-th block, from the first
 *
 * followed by segments, each what one import added: "bdindexs", the same
 * four tables' counts and pool size, an XXH3-128 of the rest, then the
 * tables (sorted) and their own pool, padded with NULs to 8 bytes. An
 * import appends one in place (index.csv, appended to after it, names
 * the length that holds it: bytes past that length are not the index);
 * when the segments would grow past a few hundred KiB, or past a quarter
 * of the base, the import writes a new base holding them all instead.
 */
#ifndef BD_STORE_INDEXBIN_H
#define BD_STORE_INDEXBIN_H

#include <stddef.h>
#include <stdint.h>

#include "store/indexbin_rec.h"
#include "util/arena.h"
#include "util/buf.h"
#include "util/strmap.h"

#define INDEXBIN_FILE "index.bin"

/* What a lookup of a block found (kept, so that asking again reads nothing). */
struct ibin_found {
	int found;
	const char *exp, *src;
	uint32_t line;
};

/* index.bin open for lookups (ibin_open()). */
struct ibin {
	int fd, opened, writable; /* fd: only when opened */
	uint64_t nblocks, nnames, nplaces, nsources, npool, nfence, step;
	uint64_t off_blocks, off_pool, base_len, len; /* len: the base and the segments in use */
	struct ibin_key *fence;
	uint32_t *names, *sources; /* the base's string tables, read whole (4 or 8 bytes a row) */
	struct ibin_place *places;
	void *tables;              /* their buffer */
	struct ibin_block *chunk;  /* a read of FENCE_STEP blocks */
	char *segbuf;              /* the segments, read whole */
	struct ibin_seg *segs;
	size_t nsegs, segs_cap;
	struct strmap memo;        /* block key → index in found[] */
	struct ibin_found *found;
	size_t nfound, found_cap;
	struct str_slot {
		uint32_t off;
		const char *s;
	} strs[64];                /* base pool strings read lately */
	struct buf scratch;
	struct arena arena;        /* what lookups return: valid until ibin_close() */
};

/*
 * Open `dir`/index.bin for lookups: a base of `token` (32 hex digits, not
 * NUL-terminated) and its segments up to byte `len` (0: the base alone).
 * Read-write when it can be (ibin_append()). Returns 0, or -1 when it is
 * missing, of another version or token, or does not add up (`b` closed).
 */
int ibin_open(struct ibin *b, const char *dir, const char *token, uint64_t len);
void ibin_close(struct ibin *b);

/*
 * Lookups. Strings returned are valid until ibin_close(). ibin_block():
 * 1 when a stored run has block `key`, with the first one's experiment,
 * text hash and line (each pointer may be NULL); ibin_place(): the
 * experiment of the first run read from `place`, or NULL; ibin_name():
 * 1 when an experiment is called `name`; ibin_source(): 1 when the text
 * `hash` is stored.
 */
int ibin_block(struct ibin *b, const char *key, const char **exp, const char **src,
	       uint32_t *line);
const char *ibin_place(struct ibin *b, const char *place);
int ibin_name(struct ibin *b, const char *name);
int ibin_source(struct ibin *b, const char *hash);

/* What is added to an index.bin: entries it does not hold yet. */
struct ibin_builder {
	struct ibin *old; /* or NULL: a new index */
	struct buf pool;  /* the new strings; offsets from 0 */
	struct strmap strs, seen_names, seen_places, seen_sources;
	/* the blocks added, by key: open addressing, a slot holds a block's index + 1 (0: empty) */
	uint32_t *seen_blocks;
	size_t seen_cap; /* slots, a power of two; kept at least twice nblocks */
	struct arena scratch;
	struct ibin_block *blocks;
	uint32_t *names, *sources;
	struct ibin_place *places;
	size_t nblocks, blocks_cap, nnames, names_cap, nplaces, places_cap, nsources, sources_cap;
	int unusable; /* a block key of another shape: no index.bin can be written */
	size_t sorted_size; /* 1 + the tables' entries when ibin_builder_sort() last sorted them; 0 never */
	/* pool offsets of the strings interned last (a block's experiment and text, over and over) */
	uint32_t recent[2];
	unsigned nrecent, next;
};

void ibin_builder_init(struct ibin_builder *b, struct ibin *old);
void ibin_builder_release(struct ibin_builder *b);
/* Each adds what neither `old` nor the builder holds yet. */
void ibin_add_source(struct ibin_builder *b, const char *hash);
void ibin_add_place(struct ibin_builder *b, const char *place, const char *exp);
void ibin_add_name(struct ibin_builder *b, const char *name);
void ibin_add_block(struct ibin_builder *b, const char *key, const char *exp, const char *src,
		    uint32_t line);
/* ibin_add_block() of a key as the tables hold it (not looked up in `old`: for a builder without one). */
void ibin_add_block_key(struct ibin_builder *b, const struct ibin_key *k, const char *exp,
			const char *src, uint32_t line);

/*
 * Every entry of open file `b` (its base, then its segments), each given
 * to the visitor's function with its strings (valid during the call).
 * 0, or -1 when the file cannot be read (the visit stops).
 */
struct ibin_visit {
	void *ctx;
	void (*block)(void *ctx, const struct ibin_key *k, const char *exp, const char *src,
		      uint32_t line);
	void (*place)(void *ctx, const char *place, const char *exp);
	void (*source)(void *ctx, const char *hash);
};
int ibin_each(struct ibin *b, const struct ibin_visit *v);

/*
 * Sort the tables by key and by string (their offsets into the new pool
 * alone), as writing them needs; done by ibin_append() and
 * ibin_write_base() when not done since the last add. Touches `b` alone
 * (not the old index): a thread of its own may call it.
 */
void ibin_builder_sort(struct ibin_builder *b);
/* The bytes the segment of what `b` adds would take. */
uint64_t ibin_segment_size(const struct ibin_builder *b);
/*
 * 1 when the old file's segments and the segment of `b` stay small enough
 * to be appended (see above), 0 when a new base should be written.
 */
int ibin_may_append(const struct ibin_builder *b);

/*
 * Write `dir`/index.bin anew with token `token` (32 hex digits): the old
 * base, its segments and what `b` adds, as one base (a temporary file
 * renamed into place, not fsync'ed: a cache). 0, or -1 (nothing replaced).
 */
int ibin_write_base(struct ibin_builder *b, const char *dir, const char *token);
/*
 * Append the segment of `b` to the old file at its length in use, in
 * place; *len is the length with it. 0, or -1 (the old file opened
 * read-only, or the write failed: what it wrote lies past the length in
 * use, so it is not the index).
 */
int ibin_append(struct ibin_builder *b, uint64_t *len);

#endif
