/*
 * trace.h - from a number down to what it rests on: the runs behind a
 * compare row or cell, one run's records and the figure it gives a
 * quantity, and the lines of its source that named its variant. Read by
 * the TUI's Runs and Source screens and by the `show` and `source`
 * commands, so that both point at the same bytes.
 */
#ifndef BD_STORE_TRACE_H
#define BD_STORE_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "store/model.h"
#include "util/buf.h"

/* One run's records: indexes into the model's arrays, in their stored order. Heap arrays. */
struct run_records {
	uint32_t *meas, *samples, *series, *notes;
	size_t nmeas, nsamples, nseries, nnotes;
};

/* Fill *out with the records of run `run` (one pass over each array). Release with trace_records_release(). */
void trace_records(const struct model *m, uint32_t run, struct run_records *out);
void trace_records_release(struct run_records *r);

/*
 * The run with this id, exactly, else the only one whose id starts with
 * it. Returns its index, -1 when there is none, -2 when the prefix names
 * several runs.
 */
long trace_find_run(const struct model *m, const char *id);

/*
 * The runs of experiment `e` behind one compare row or cell: of variant
 * key `variant` (NULL: every variant) and scenario `scenario` (NULL: any),
 * with `subject`, holding a measurement or a sample of `quantity`; in the
 * experiment's run order. *out is a heap array the caller frees (NULL when
 * none); returns how many.
 */
size_t trace_runs(const struct model *m, const struct experiment *e, const char *variant,
		  const char *scenario, const char *subject, const char *quantity, uint32_t **out);

/*
 * A variant's history: the runs of every experiment whose variant has key
 * `variant` (NULL: any variant), in `scenario` (NULL: any), with `subject`, holding a
 * measurement or sample of `quantity`, oldest import first (runs of one
 * import in their order). *out is a heap array the caller frees; returns
 * how many.
 */
size_t trace_history(const struct model *m, const char *variant, const char *scenario,
		     const char *subject, const char *quantity, uint32_t **out);

/* The figure run records `r` give `quantity` (struct run_figure: model.h). */
void trace_figure(const struct model *m, const struct run_records *r, const char *quantity,
		  struct run_figure *f);
/*
 * The figure run `run` gives `quantity`: from the model's figures when it
 * holds them instead of records (a snapshot of one metric, model.h), else
 * from its records (trace_records(), trace_figure()).
 */
void trace_run_figure(const struct model *m, uint32_t run, const char *quantity,
		      struct run_figure *f);

/*
 * The lines of run `run`'s source that named its variant, as the parser
 * and the naming pass saw it (before any edit): the line the naming pass
 * kept (run->name_line). In a store written before it was kept, where the
 * name is found: for a label, the nearest line above the block that holds
 * the variant's text; for a legend, every line outside the block that
 * holds it; for a command or a file name, the block's lines that hold it.
 * Up to `max` 1-based line numbers go into lines[]; returns how many (0
 * when the text cannot be read, or the name came from a flag or the
 * input's name).
 */
size_t trace_variant_lines(struct model *m, uint32_t run, uint32_t *lines, size_t max);

/*
 * Words for people, the same in the TUI and the CLI. trace_text_variant:
 * "Rathole Release (label, line 30)", or for an edited run "PGO (edited:
 * override; parsed as Release from label, line 30)". trace_text_spread:
 * "±1.02 ms", "[9.8 ms, 10.3 ms]", "9.1 ms … 11.9 ms", or nothing.
 */
void trace_text_variant(struct model *m, uint32_t run, struct buf *out);
/* Only where the name came from: "(label, line 30)", "(edited: ...)". */
void trace_text_origin(struct model *m, uint32_t run, struct buf *out);
void trace_text_spread(const struct run_figure *f, struct buf *out);
/* "2026-12-01T03:40:50Z" → "2026-12-01 03:40 UTC" (any other text is copied). */
char *trace_text_when(const char *iso, char *out, size_t size);
/*
 * Who wrote a text fetched from an issue thread, when and where:
 * "alice, 2024-03-02, https://github.com/o/r/issues/9#issuecomment-1".
 * Appends it to *out and returns 1; returns 0 and appends nothing for a
 * text that was not fetched.
 */
int trace_text_provenance(const struct source *s, struct buf *out);

/* A number in a JSON document: its bytes and its path ("results[1].mean"). */
struct json_hit {
	size_t offset, length;
	char path[128];
};

/*
 * The number tokens of the JSON text[from..to) that read back as exactly
 * `value` (num_parse), with their paths; with `element` >= 0, only those
 * inside that element of the document's (first) array of records
 * ("results[element]", or the top array's). Up to `max` into hits[];
 * returns how many. For figures whose parser kept no byte span: a view
 * marks a hit only when it is the only one.
 */
size_t trace_json_find(const char *text, size_t from, size_t to, double value, long element,
		       struct json_hit *hits, size_t max);

/*
 * The one place in run `run`'s JSON block that measurement `me` (kept
 * without a byte span) was read from: 1 with *hit, or 0 when the run is
 * not JSON, the figure has a span, or the value is found nowhere or in
 * more than one place.
 */
int trace_json_span(struct model *m, uint32_t run, const struct measurement *me,
		    struct json_hit *hit);

/* Where a figure was read from: its stored span, or in JSON the one place its value is (with its path). */
struct figure_span {
	size_t offset;
	size_t length; /* 0: not known */
	char path[128]; /* "" for a stored span; the JSON path of a place found by value */
};

/*
 * How finely f's center was printed (half a unit of its last digit, SI;
 * parsers/resolution.h) for unit_format_res(): read from the bytes of
 * measurement f->center_meas in its source. 0 when the center is not one
 * printed figure (a samples' mean), the text is not at hand, or it is a
 * whole count (exact).
 */
double trace_center_res(struct model *m, const struct run_figure *f);
/* The same for one measurement `me` of the model. */
double trace_meas_res(struct model *m, const struct measurement *me);

/* The span of each of the run's measurements rec->meas[i], as spans[i] (heap, caller frees). */
struct figure_span *trace_spans(struct model *m, uint32_t run, const struct run_records *rec);

/* Where each line of a text starts: line k (1-based) is text[start[k-1] .. end). */
struct line_index {
	size_t *start; /* heap, nlines + 1 entries: the last is len + 1 (as after a final newline) */
	uint32_t nlines;
};

/* Index the lines of text[0..len); a last line without a newline counts. */
void trace_index_lines(struct line_index *ix, const char *text, size_t len);
/* Line `line` (1-based) without its newline (nor a CR before it): its start, its length in *n; NULL past the end. */
const char *trace_line(const struct line_index *ix, const char *text, uint32_t line, size_t *n);
/* The line (1-based) holding byte `offset`; 0 when outside the text. */
uint32_t trace_line_of(const struct line_index *ix, size_t offset);
void trace_index_release(struct line_index *ix);

#endif
