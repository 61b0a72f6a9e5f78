/*
 * batch.h - an import's working set and the one pipeline that fills it:
 *
 *   read → segment → parse → name → experiment (→ names decided once)
 *
 *   read        each input's text: its hash; a text the batch or the store
 *               has already is not read again; else a new source
 *   segment     the text cut into blocks (parsers/segpipe.h: the walk on a
 *               thread of its own for a large text, joined before the
 *               next text)
 *   parse       each block: its key, a block seen before is a duplicate,
 *               else its parser's runs and records (store/import.c); the
 *               measurements go to the spool block by block
 *   name        the evidence of each block (labels, commands, legends,
 *               captions) gathered as it is read (store/naming.c)
 *   experiment  the experiment each text joins (store/expname.c); then the
 *               names are decided once over the whole batch (naming runs
 *               line up per experiment), the --set-variant fixes become
 *               overrides, and the model is resolved
 *
 * What of the stages after the parse is per run and fixed once a block is
 * recorded (the variant key of the name a run will most likely get, its
 * subject cleaned, its command looked at) is done ahead, a step at a time,
 * by the importing thread while it waits for the walker's next blocks
 * (segpipe.h: seg_idle_fn); the decisions at the end use it and do the
 * rest. Their result does not depend on how much was done ahead.
 *
 * The batch owns what the pipeline needs while it runs and after, until
 * its texts are written: the naming evidence, a text's tool figures, the
 * spool (store/write.h: each new text's measurements.csv and series.csv
 * written as the blocks are read, a large kept text written on a thread of
 * its own) and the thread that renders the store index's part of what is
 * written (storeindex.h). batch_release() joins every thread and lets all
 * of it go at once; the model and result it filled are the caller's.
 *
 * What the batch fills is only what this import read: its texts (sources,
 * the texts the store has already as sources without runs), their runs,
 * records, facts and the --set-variant overrides; never a stored run.
 * What the store knows is asked through b->stored (model.h: struct
 * stored_lookup): the store's index, or where it cannot answer (a dry
 * run, a store whose index could not be written) a model of the stored
 * runs beside the batch (stored.h). flows.c sets it before batch_run().
 */
#ifndef BD_STORE_BATCH_H
#define BD_STORE_BATCH_H

#include "store/clean.h"
#include "store/csvstore.h"
#include "store/import.h"
#include "store/naming.h"
#include "store/repeats.h"

struct storeindex_import;
struct storeindex_render;

struct batch {
	struct model *m;           /* the working set (the caller's): what the writer writes */
	struct import_result *res; /* what each input and block gave (the caller's) */
	const struct import_opts *o;
	struct diag *d;            /* the texts' warnings */
	/* the pipeline's own, released by batch_release() */
	struct naming naming;      /* each block's naming evidence, decided once */
	struct repeats rp;         /* the tool figures of the text being read */
	struct clean_ahead clean;  /* what was cleaned of the runs while the walk went on */
	/*
	 * What the store knows (model.h: the index, or a model of the stored
	 * runs: stored.h), or NULL: none. The caller sets it before batch_run().
	 */
	const struct stored_lookup *stored;
	/* where the measurements go as blocks are read (model.h), or NULL: kept in the model */
	const struct record_spool *spool;
	struct store *spool_st;    /* the store the spool writes into, or NULL (none begun) */
	struct storeindex_render *render; /* the index's part rendered beside the writes, or NULL */
	/*
	 * Told as the model is resolved, the last stage (model.h:
	 * model_resolve_told()'s `done`, with its rules for what may be read
	 * meanwhile), or NULL. The caller sets it before batch_run().
	 */
	void (*resolved)(void *ctx, size_t upto);
	void *resolved_ctx;
	/*
	 * What the writer writes (set by batch_run()): writes[s] is 1 for each
	 * source s of the model the import stores (new runs, or every block
	 * stored before: the text is kept); nwrites of them. Heap, m->nsources
	 * entries (at least one).
	 */
	unsigned char *writes;
	size_t nwrites;
	uint32_t first_run;        /* the model's runs before the batch's */
	struct recset_mark first_mark;
	const char *now;           /* the time of the import (arena) */
	/*
	 * Each kept text's legends (the segmenter's array, taken over; its
	 * strings the model's), handed to the naming pass once the texts are
	 * read and the experiments named.
	 */
	struct batch_legends {
		uint32_t source;
		struct seg_legend *v;
		size_t n;
	} *legends;
	size_t nlegends, legends_cap;
};

/*
 * A batch that fills `m` and `res` (res is zeroed; `m` may hold what the
 * store told already) with options `o`, warnings into *d. Nothing is
 * spooled: the records stay in `m` (batch_count_only(), batch_spool()).
 */
void batch_init(struct batch *b, struct model *m, struct import_result *res,
		const struct import_opts *o, struct diag *d);
/* A dry run's measurements: counted per run (run->nmeas_out), not kept. */
void batch_count_only(struct batch *b);
/*
 * The measurements read leave memory block by block into the new texts'
 * files of `st` (locked; store_spool_begin()). Returns 0, or -1 with the
 * reason in *d (then they are kept in memory, as without a spool).
 */
int batch_spool(struct batch *b, struct store *st, struct diag *d);

/*
 * The pipeline: `n` inputs (their texts adopted in every case) read,
 * segmented, parsed, named, their experiments found, into the batch's
 * model; each input's result in b->res, what the writer writes in
 * b->writes.
 */
void batch_run(struct batch *b, struct import_input *in, size_t n);

/*
 * The index's part of the texts the import will store (b->writes; `ix`:
 * the index the import asked, or NULL) rendered on a thread of the batch's own while
 * they are written; b->render is handed to storeindex_import_end() or
 * storeindex_refresh(), which join it.
 */
void batch_render_begin(struct batch *b, struct storeindex_import *ix);

/* Join the batch's threads and let go of what it owns (the spool's unwritten files with it). */
void batch_release(struct batch *b);

#endif
