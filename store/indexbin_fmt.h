/*
 * indexbin_fmt.h - index.bin's bytes, shared by its reader (indexbin.c)
 * and its writer (indexbin_write.c); see indexbin.h. Not for other files.
 */
#ifndef BD_STORE_INDEXBIN_FMT_H
#define BD_STORE_INDEXBIN_FMT_H

#include <stdint.h>

#include "store/indexbin_rec.h"

#define BIN_MAGIC "bdindex2"
#define SEG_MAGIC "bdindexs"
#define FENCE_STEP 128
/* Segments are appended up to this many bytes, or a quarter of the base, and this many of them. */
#define SEGS_BYTES_MAX ((uint64_t)256 << 10)
#define SEGS_BYTES_MIN ((uint64_t)16 << 10)
#define SEGS_COUNT_MAX 32
/* More than any writer appends: not an index. */
#define SEGS_BYTES_HARD ((uint64_t)16 << 20)

struct bin_head {
	char magic[8];
	char token[32];
	uint64_t nblocks, nnames, nplaces, nsources, pool, nfence, step;
};

struct seg_head {
	char magic[8];
	uint64_t nblocks, nnames, nplaces, nsources, pool;
	uint64_t sum[2];
};

_Static_assert(sizeof(struct ibin_key) == 12, "a fence entry is 12 bytes");
_Static_assert(sizeof(struct ibin_block) == 24, "a block entry is 24 bytes");
_Static_assert(sizeof(struct bin_head) == 96, "the head is 96 bytes");
_Static_assert(sizeof(struct seg_head) == 64, "a segment's head is 64 bytes");

/* A block key as the tables hold it; -1 when it is not of the shape the import makes. */
int ibin_key_parse(const char *key, struct ibin_key *k);
/* qsort() order of blocks (and of keys, which start a block): the hash bytes, then the repeat. */
int ibin_cmp_blocks(const void *a, const void *b);
/* A segment's string at `off` ("" past its pool). */
const char *ibin_seg_str(const struct ibin_seg *g, uint32_t off);

#endif
