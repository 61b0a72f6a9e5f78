/*
 * sharers.h - which imports hold a block another import holds too: what
 * the index's "L" rows say of an import brought back by an undo
 * (storeindex.h), worked out one way for a rebuild of the index
 * (storeindex_mark_shared()) and for an undo that keeps it fresh
 * (storeindex_restored()).
 */
#ifndef BD_STORE_SHARERS_H
#define BD_STORE_SHARERS_H

#include <stddef.h>
#include <stdint.h>

#include "util/buf.h"

/* One import holding one block: the block's key, and the import's rank in the order a load reads imports. */
struct sharer_hold {
	const char *block;
	uint32_t rank;
};

/*
 * For each rank r < nranks with back[r] set, every other rank holding a
 * block r holds, named names[rank], into with[r]: ' '-separated, in the
 * order of the blocks' keys and then of the ranks, each once (with[r]
 * reset first; left empty when no other holds one; the others are left
 * alone). h[0..n) is sorted here; it may hold a pair more than once.
 */
void sharers_with(struct sharer_hold *h, size_t n, const unsigned char *back, const char *const *names,
		  size_t nranks, struct buf *with);

#endif
