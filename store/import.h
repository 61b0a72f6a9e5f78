/*
 * import.h - the one place where segmenter, parsers and model meet: texts
 * in, runs in the model out. The CLI's `import` and the TUI's Paste go
 * through store_import() (flows.h), the quick comparison and reparse call
 * import_texts(); both run the one pipeline of store/batch.h. Storing is
 * the caller's next step (write.h), so a dry run is an import that is not
 * stored. import.c is the pipeline's segment and parse stages of one text
 * (import_text()); batch.c the rest.
 */
#ifndef BD_STORE_IMPORT_H
#define BD_STORE_IMPORT_H

#include "store/model.h"
#include "util/diag.h"
#include "util/hash.h"

/*
 * Where a fetched text came from (a comment of an issue thread): kept with
 * its source, so views can say who wrote a block, when and where. The
 * strings are copied by import_texts().
 */
struct import_origin {
	const char *title;   /* the thread's title: names the experiment */
	const char *author;  /* the comment's author (never used as a variant) */
	const char *posted;  /* when it was written, ISO 8601 UTC */
	const char *address; /* the comment's web address */
	const char *thread;  /* the thread's web address */
	const char *unnamed; /* the variant of runs nothing in the text names */
};

struct import_input {
	const char *name; /* for messages and as the variant of unlabelled runs ("-" for stdin) */
	char *text;       /* heap or mapped (util/mapped.h); adopted by import_texts() in every case */
	size_t len;
	const struct import_origin *origin; /* a fetched text's provenance, or NULL */
	/* the hash of text[0..len) when the reader took it (util/textin.h), else "": import_texts() takes it */
	char hash[HASH_HEX_LEN + 1];
};

/*
 * `import --set-variant LINE=NAME`: the block at LINE of the text is NAME;
 * with `run` k > 0, only its run whose id ends "LINE.k" (the run starting
 * at LINE, the k-th of its block: the TUI's plan edits one row).
 */
struct set_variant {
	uint32_t line;
	const char *name;
	uint32_t run;
	uint32_t input; /* 1 + the one input it is of (the TUI's plan of a thread); 0: each text */
};

struct import_opts {
	const char *experiment; /* `-e`, or NULL */
	const char *variant;    /* `-V`, or NULL */
	const struct set_variant *set;
	size_t nset;
	/*
	 * 1: the caller imports nothing more into this model, so the last
	 * text's blocks are not put in m->blocks (only a later text or import
	 * asks it; 3 % of a 100 MB import -n).
	 */
	int last_import;
	/*
	 * 1: leave out the runs a person typed (flagged RUN_HAND: a table's
	 * figures, a size list's hand-written items), each stretch of them with
	 * a warning; tool output only, an `ls -l` line of a size list too.
	 */
	int no_hand;
	/*
	 * The time of the import (ISO 8601 UTC) its sources keep, or NULL:
	 * now. A quick comparison's texts read again keep the time they came.
	 */
	const char *imported;
};

enum import_status {
	IMPORT_NEW,       /* new runs were added */
	IMPORT_SAME_TEXT, /* this exact text is in the model already */
	IMPORT_ALL_DUP,   /* every block of it is in the model already */
	IMPORT_EMPTY,     /* no measurement found */
};

/* One block found in an input. */
struct import_item {
	uint32_t input;
	uint32_t first_line, last_line;
	enum fmt fmt;
	int duplicate;             /* stored before: not parsed again */
	uint32_t repeat_of;        /* repeats the block at this line of the same text (a quote): skipped */
	uint32_t run_from, run_to; /* its new runs: [run_from, run_to) in m->rs.runs */
	/*
	 * A table that repeats the figures of this tool's output in the same
	 * text (repeats.h): no runs of its own; FMT_NONE otherwise.
	 * repeats_where: -1 the output is above it, 1 below, 0 both.
	 */
	enum fmt repeats;
	int repeats_where;
	/*
	 * A table's runs each give one figure: the metric of each run's
	 * (arena-owned, [run_to - run_from] of them, "build_time",
	 * "time.mean"), for the plan to tell a row's runs apart; NULL for
	 * other blocks.
	 */
	const char **metrics;
	const char *block;         /* its dedup key (arena-owned) */
};

struct import_result {
	struct import_item *items;
	size_t nitems, items_cap;
	struct import_input_result {
		enum import_status status;
		long source; /* its index in the model, or -1 */
		size_t nruns, nmeas, ndup;
		const char *experiment; /* the experiment it went to (expname.h), or NULL */
		const char *exp_note;   /* why, when it joined a thread or got a new name; or NULL */
		int not_stored;         /* set by the caller whose storing of it failed */
	} *inputs;
	size_t ninputs;
	/*
	 * the overrides --set-variant added to the model: [overrides_from,
	 * m->noverrides); they target new texts, a text stored already, or
	 * the stored block a duplicate block repeats
	 */
	size_t overrides_from;
};

/*
 * Import `n` texts into `m`: segment, parse, drop blocks the model holds
 * already, name variants and experiments, record --set-variant fixes as
 * overrides, then model_resolve(). Warnings about the texts go to *d.
 * Sources added are marked unstored; the caller stores them and the new
 * overrides (or not, for a dry run or a quick comparison). A batch of its
 * own (batch.h) run once, without a spool: the records stay in `m`.
 * Defined in store/batch.c.
 */
void import_texts(struct model *m, struct import_input *in, size_t n,
		  const struct import_opts *o, struct import_result *res, struct diag *d);
void import_result_release(struct import_result *res);

/* ---- one text's segment and parse stages (store/batch.c runs them) ---- */

struct naming;
struct parse_ctx;
struct repeats;
struct seg_result;

struct import_text {
	struct model *m;           /* the batch's model, holding the text as source `source` */
	struct import_result *res; /* items are added to it; inputs[input].ndup counted */
	struct naming *naming;     /* each block's naming evidence goes here */
	struct repeats *rp;        /* the text's tool figures (reset for each text) */
	const struct import_opts *o;
	const struct record_spool *spool; /* takes each block's measurements (model.h), or NULL */
	const struct stored_lookup *stored; /* the store's answers (model.h), or NULL */
	uint32_t input, source;
	const char *name;          /* the text's name in messages */
	const char *input_variant; /* the variant of runs nothing names (arena) */
	int keep_blocks;           /* put the text's block keys in m->blocks: a later text may ask */
	size_t meas_out;           /* set: the text's measurements t->spool took */
	struct parse_ctx *pc;      /* the importing thread's parse context (parsers/parse_ctx.h) */
	/*
	 * The batch's work for while the importing thread waits for the walk
	 * (parsers/segpipe.h: seg_idle_fn), or NULL: none.
	 */
	int (*idle)(void *arg);
	void *idle_arg;
};

/*
 * Segment source t->source's text and parse its blocks into t->m: each
 * block keyed (a repeat in the text, a block the model or t->stored holds
 * already: no runs), parsed (on the walker's thread when it ran ahead:
 * parsers/segpipe.h), its runs' ids set, its evidence given to t->naming,
 * its measurements to t->spool; once the text is read its tables that
 * repeat its tool figures give no runs (repeats.h). `mark` is where the
 * text's records begin; *sr gets the segmenter's result (the caller
 * releases it); warnings go to *d.
 */
void import_text(struct import_text *t, const struct recset_mark *mark, struct seg_result *sr,
		 struct diag *d);

#endif
