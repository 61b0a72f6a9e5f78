/*
 * indexbin_rec.h - the records of index.bin's tables (indexbin.h) as they
 * are on disk and in memory: shared by indexbin.h's readers and writers
 * and by indexbin_fmt.h, which includes no more than these.
 */
#ifndef BD_STORE_INDEXBIN_REC_H
#define BD_STORE_INDEXBIN_REC_H

#include <stdint.h>

/* A block's key as the tables hold it. */
struct ibin_key {
	uint8_t h[10];
	uint16_t occ;
};

struct ibin_block {
	uint8_t h[10];
	uint16_t occ;
	uint32_t exp, src, line; /* pool offsets of the experiment and text hash; its first run's line */
};

struct ibin_place {
	uint32_t place, exp; /* pool offsets */
};

/* A segment, in memory (pointers into struct ibin's segs buffer). */
struct ibin_seg {
	const struct ibin_block *blocks;
	const uint32_t *names, *sources;
	const struct ibin_place *places;
	const char *pool;
	uint64_t nblocks, nnames, nplaces, nsources, npool;
};

#endif
