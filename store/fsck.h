/*
 * fsck.h - check every file of a store, and mend what can be mended. The
 * stored texts are the truth: an import whose files are damaged or lack
 * their manifest is rebuilt from its text; leftovers of interrupted writes
 * are removed; a damaged journal keeps the rows that still read.
 */
#ifndef BD_STORE_FSCK_H
#define BD_STORE_FSCK_H

#include "store/csvstore.h"

struct fsck_result {
	size_t problems; /* found */
	size_t repaired; /* of them, mended (with repair) */
};

/*
 * Check the store `st` (with `repair`, under the lock, mending as it
 * goes). Each problem is an error in *d naming its file; each repair a
 * note saying what was done. Returns 0, or -1 when the store cannot be
 * read at all.
 */
int store_fsck(struct store *st, int repair, struct fsck_result *res, struct diag *d);

#endif
