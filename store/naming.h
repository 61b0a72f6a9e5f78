/*
 * naming.h - the variants and scenarios of the runs one import adds.
 * Block by block (naming_block): the parser's own variants when it found
 * several in the block, else the label above it, else the input's name.
 * Then across each experiment (naming_finish): the commands that tell
 * unlabelled runs apart name them, what the variants' commands share is
 * the scenario, and a label's or heading's scenario comes first.
 */
#ifndef BD_STORE_NAMING_H
#define BD_STORE_NAMING_H

#include "parsers/parser.h"
#include "store/model.h"

struct naming {
	uint32_t first;               /* the import's first run */
	const char **block_scenario;  /* per run from `first`: what the label/heading named, or NULL */
	size_t n, cap;
};

void naming_init(struct naming *nm, uint32_t first_run);
/*
 * Name runs [from, to) of block `b`; `input_variant` (arena-owned) names
 * what nothing else names.
 */
void naming_block(struct naming *nm, struct model *m, const struct block *b, uint32_t from,
		  uint32_t to, const char *input_variant);
/* Forget runs from `to` on (their source was dropped). */
void naming_truncate(struct naming *nm, uint32_t to);
/* Settle names across experiments and set every run's variant key. */
void naming_finish(struct naming *nm, struct model *m);
void naming_release(struct naming *nm);

#endif
