/*
 * loadexp.c - one experiment read alone, from the imports the store's
 * index names for it (loadexp.h).
 */
#include "store/loadexp.h"

#include <stdlib.h>

#include "store/load.h"
#include "util/util.h"

int store_load_experiment(struct store *st, const struct model *index, const struct experiment *e,
			  struct model *m)
{
	struct diag d = DIAG_INIT;
	const char **hashes = xmalloc((e->nsources ? e->nsources : 1) * sizeof(*hashes));
	size_t n = 0;
	int ok;

	for (size_t k = 0; k < e->nsources; k++)
		hashes[n++] = index->sources[e->sources[k]].hash;
	ok = store_load_imports(st, m, hashes, n, &d) == 0 && !m->damaged && !d.n &&
	     model_experiment(m, e->name);
	if (!ok) {
		model_release(m);
		model_init(m);
	}
	diag_release(&d);
	free(hashes);
	return ok;
}
