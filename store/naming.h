/*
 * naming.h - the variants and scenarios of the runs one import adds, in
 * one pass over what the segmenter and the parsers found, by a written
 * precedence (strongest first; `naming_rules` in naming.c, HACKING.md):
 *
 *   1. the user's override (--set-variant, rename, merge; -V): applied on
 *      load by model_resolve(), over everything below
 *   2. a label attached to the block (heading, caption, bold line, a
 *      comment inside the fence)
 *   3. a legend of the prose naming the run's binary or file name
 *   4. the words that tell the runs' commands, binaries or files apart
 *   5. the source's name
 *
 * The import hands over evidence as it goes (naming_block per block,
 * naming_legends per text), gathers what needs every run but no
 * experiment (naming_gather, beside the experiments' names) and decides
 * once, in naming_finish().
 */
#ifndef BD_STORE_NAMING_H
#define BD_STORE_NAMING_H

#include "parsers/parser.h"
#include "parsers/segment.h"
#include "store/model.h"

/*
 * What is known about the runs of one block of the import before names
 * are decided: one entry a block, which its runs share (naming_entry()).
 */
struct naming_run {
	const char *label;    /* the label governing the block, or NULL */
	const char *scenario; /* the scenario a label or heading above names, or NULL */
	const char *input;    /* the name of its source ("release" for release.txt) */
	/*
	 * The prose line right above the block or its fence, below the
	 * label (block.caption, in nm->arena), or NULL; and its line.
	 */
	const char *caption;
	uint32_t caption_line;
	uint32_t block;       /* the block's number in the import: its index in nm->blocks */
	uint32_t label_line;  /* the label's line, 0 when none */
	/*
	 * Its runs' source, kept here: the passes that go over the runs of a
	 * large import by source then read this array, not every run again.
	 */
	uint32_t source;
};

/*
 * What each pass over the import's runs asks of a run first, one byte a
 * run (struct naming: flags): a pass over 300 k runs reads 300 kB of
 * these, not every run's block index and entry, and the entry (and run)
 * of only the runs it works on.
 */
enum naming_flag {
	NF_LABEL = 1,      /* a label governs its block (naming_run.label is not NULL) */
	NF_MULTI = 2,      /* its block's runs propose two names or more (size rows, commands) */
	NF_HEADING = 4,    /* the label is a section's heading */
	NF_BUILD = 8,      /* the label holds a build word or a change */
	NF_COMMAND = 16,   /* its run has a command (*run->command) */
	NF_PROPOSAL = 32,  /* its parser proposed a name (struct naming: proposal, not NULL) */
};

/*
 * Worked out for a run while the walk went on (naming_run_ahead()): the
 * name it will most likely be given (its block's label, the name its data
 * proposed, its source's) and that name's variant key, both free of
 * control characters; the pass uses the key when it decides the same
 * string. NULL both: not clean.
 */
struct naming_key {
	const char *text, *key;
};

struct naming {
	uint32_t first;          /* the import's first run */
	/*
	 * Per run from `first`: the index of its block's entry in `blocks`
	 * (NAMING_NO_BLOCK: `none`), and the line its command was read from
	 * (in its span, or above the block), or 0. A block's runs share its
	 * entry: 8 bytes a run, not an entry of 48 for each.
	 */
	uint32_t *run_block, *cmd_line;
	size_t n, cap, cmd_line_cap;
	struct naming_run *blocks; /* per block recorded (nblocks of them) */
	size_t blocks_cap;
	struct naming_run none;    /* the entry of a run recorded without a block: all zero */
	unsigned char *flags;    /* per run from `first` (as `run_block`): enum naming_flag */
	size_t flags_cap;
	uint32_t nblocks;
	/*
	 * Runs from `first` naming_run_ahead() has seen (at most n), and what
	 * it found for each: an array of its own, not in `runs`, which the
	 * pass's many passes over the runs then read without it
	 */
	uint32_t ahead;
	struct naming_key *keys;
	size_t keys_cap;
	/*
	 * Per run from `first` (as `run_block`): the name its parser
	 * proposed from its data (a label, a command, a file name; NULL:
	 * none) and its origin, taken as its block is recorded, while the
	 * run is in the cache, for naming_finish()'s rows (which may set one
	 * aside: NULL).
	 */
	const char **proposal;
	enum vorigin *prop_origin;
	size_t proposal_cap, prop_origin_cap;
	struct strmap legends;   /* "<source>\x1f<name>" → 1 + index in desc */
	const char **desc;
	uint32_t *desc_line;     /* the line of each legend */
	size_t ndesc, desc_cap, desc_line_cap;
	/*
	 * What a legend's name may be, to pass over the many names no legend
	 * gives without making their key: the lengths (bit min(len, 63)) and
	 * the first bytes (bit b of word b / 64) of every legend's name
	 */
	uint64_t legend_lens, legend_first[4];
	struct arena arena;      /* the legends' keys, the captions */
	const char *last_caption; /* the caption copied last, in arena */
	/*
	 * Per source: a command of its runs sets build variables
	 * (cmd_build_env()), asked as each block is recorded, while the
	 * command is still in the cache, not by a pass over the import's runs.
	 */
	unsigned char *env_sources;
	size_t env_cap;
	/* naming_gather()'s findings, until naming_finish() takes them (NULL: none) */
	struct naming_evidence *evidence;
};

#define NAMING_NO_BLOCK UINT32_MAX

/* The entry of run first + k's block (k < nm->n); valid until the next naming_block(). */
static inline const struct naming_run *naming_entry(const struct naming *nm, size_t k)
{
	uint32_t b = nm->run_block[k];

	return b == NAMING_NO_BLOCK ? &nm->none : &nm->blocks[b];
}

/* The same, to change: what is set there is set for every run of the block. */
static inline struct naming_run *naming_entry_mut(struct naming *nm, size_t k)
{
	return (struct naming_run *)naming_entry(nm, k); /* (nm is not const here) */
}

void naming_init(struct naming *nm, uint32_t first_run);
/*
 * Record the runs [from, to) of block `b`; `input_variant` (arena-owned)
 * is the name of their source. The command line above the block becomes
 * the command of runs that printed none.
 */
void naming_block(struct naming *nm, struct model *m, const struct block *b, uint32_t from,
		  uint32_t to, const char *input_variant);
/*
 * The per-run part of the pass done ahead, for run first + k (k < n,
 * recorded by naming_block()): the variant key of the name it will most
 * likely be given. The importing thread calls it while it waits for the
 * walk (store/batch.c); whether it did changes no decision, only what the
 * pass has left to work out.
 */
void naming_run_ahead(struct naming *nm, struct model *m, uint32_t k);
/* Record the legends the segmenter read in source `source` (strings must outlive nm). */
void naming_legends(struct naming *nm, uint32_t source, const struct seg_legend *g, size_t n);
/* Forget runs from `to` on (their source was dropped). */
void naming_truncate(struct naming *nm, uint32_t to);
/* Forget runs [a, b): the runs after them move down (recset_remove_runs()). */
void naming_remove(struct naming *nm, uint32_t a, uint32_t b);
/* The label governing run `r`'s block (naming_block()), or NULL. */
const char *naming_label(const struct naming *nm, uint32_t r);
/*
 * The evidence over the import's runs that the experiments' names do not
 * change: which labels reach their runs (a label over runs that name
 * themselves, the same names under another label, a heading that is the
 * tool's name), the labels of commands run elsewhere, the build
 * variables of commands. Kept in nm for naming_finish(), which does it
 * itself when it was not done. Call it once every run is recorded and
 * none will be removed. It reads the runs and sources of m and writes
 * only the runs' scenarios, nm, and memory of its own (never m's arena
 * nor a diag): a second thread may run it while the importing thread
 * names the experiments (expname_assign(), which writes the runs'
 * experiments) and hands over the legends (naming_legends()).
 */
void naming_gather(struct naming *nm, struct model *m);
/*
 * Decide every run's variant and scenario by the precedence, and set its
 * variant key. Where two pieces of evidence name a run differently (a
 * label and a legend of the same text), the stronger one names it and a
 * warning naming both goes to `d` (NULL: none). `then` (NULL: none) is
 * called with `then_ctx` and each run (its index in the model, in order,
 * from the first; the runs of the import the naming state recorded) once
 * the pass will change it no more, while it is in the cache: the next
 * stage's work on it (store/batch.c cleans it) costs no pass of its own.
 * `name_clean` says the variant text and key the pass gave it are known
 * to hold no control character (0: not known).
 */
typedef void (*naming_then_fn)(void *ctx, size_t r, int name_clean);
void naming_finish(struct naming *nm, struct model *m, struct diag *d, naming_then_fn then, void *then_ctx);
void naming_release(struct naming *nm);

#endif
