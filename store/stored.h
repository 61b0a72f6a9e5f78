/*
 * stored.h - what an import asks of the stored imports (model.h: struct
 * stored_lookup), answered from a model of the stored runs: for the
 * imports the store's index cannot answer (a dry run, which holds no
 * lock; a store whose index is stale and could not be written again).
 * The runs stay in that model, beside the import's batch (batch.h), never
 * in it: it answers as the index would (storeindex.h), with the first
 * stored run of a block or a place in the order the store was read.
 */
#ifndef BD_STORE_STORED_H
#define BD_STORE_STORED_H

#include "store/csvstore.h"
#include "store/model.h"

struct stored_runs {
	struct model m; /* the stored runs, resolved (flows.c reads them: store_load_runs()) */
	struct store *st; /* where a text's description is read (store_load_source_meta()) */
	struct stored_lookup lookup;
	struct strmap blocks, places; /* key → first run; made on the first question */
	int have_blocks, have_places;
};

void stored_runs_init(struct stored_runs *k);
/*
 * The lookup over k->m, once it holds the stored runs; `st` is asked for
 * a stored text's description (it must stay open while the lookup is
 * asked), or NULL: k->m holds runs of no store (a quick comparison's),
 * and its own sources describe the texts. Strings it returns live as
 * long as `k`.
 */
const struct stored_lookup *stored_runs_lookup(struct stored_runs *k, struct store *st);
void stored_runs_release(struct stored_runs *k);

#endif
