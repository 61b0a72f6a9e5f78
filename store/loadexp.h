/*
 * loadexp.h - one experiment read alone: the imports the store's index
 * names for it, not the whole store. What `compare -e`, `export -e` and
 * the TUI's Enter on an experiment read.
 */
#ifndef BD_STORE_LOADEXP_H
#define BD_STORE_LOADEXP_H

#include "store/csvstore.h"
#include "store/model.h"
#include "util/diag.h"

/*
 * Fill empty model `m` with the imports that experiment `e` of summary
 * model `index` (storeindex_load()) names, resolved on their own. Returns
 * 1 when `m` holds experiment e->name whole, read without a warning; 0
 * when it does not (an import gone, damaged, or the experiment not among
 * what they give): `m` is left empty and the caller reads the whole
 * store, whose load says what is wrong. `m` owns what it holds; `index`
 * and `e` are only read.
 */
int store_load_experiment(struct store *st, const struct model *index, const struct experiment *e,
			  struct model *m);

#endif
