/*
 * legend.h - legends in prose that say which build a name in the tool
 * output is ("where app_release - usual Release version, app_pgo -
 * PGO-optimized version"), before or after the block they explain.
 */
#ifndef BD_PARSERS_LEGEND_H
#define BD_PARSERS_LEGEND_H

#include <stddef.h>

#include "parsers/recset.h"
#include "util/arena.h"

/*
 * For runs [from, rs->nruns) named by a command or a file name, look for a
 * legend of that name in `text` and rename them to its description
 * ("Release", "PGO-optimized"), origin "legend". Strings go to `a`.
 */
void legend_apply(const char *text, size_t len, struct recset *rs, uint32_t from,
		  struct arena *a);

#endif
