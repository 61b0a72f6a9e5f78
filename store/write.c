/*
 * write.c - an import's CSV files written from the model (a new data/
 * directory renamed into place, or exchanged with the old one), and its
 * measurements spooled into them while it is read; see write.h.
 */
#define _GNU_SOURCE /* renameat2 */
#include "store/write.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "parsers/names.h"
#include "parsers/parser.h"
#include "store/clean.h"
#include "store/columns.h"
#include "store/journal.h"
#include "store/manifest.h"
#include "store/storeindex.h"
#include "parsers/units.h"
#include "util/bgwrite.h"
#include "util/buf.h"
#include "util/csvio.h"
#include "util/fmt.h"
#include "util/fsutil.h"

/* `v` in decimal in `tmp` (32 bytes), as "%llu" prints it: the store writes millions. */
static const char *u32s(char *tmp, uint64_t v)
{
	char *p = tmp + 31;

	*p = '\0';
	do
		*--p = (char)('0' + v % 10);
	while (v /= 10);
	return p;
}

static void flags_text(struct buf *b, unsigned flags)
{
	run_flags_words(b, flags, " ");
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * The indexes of the records (n of `size` bytes, the run index at
 * `run_offset`) whose run came from source `src`, ascending; *count of
 * them. With `by` (the model's fresh by-run index of these records) only
 * the source's runs are visited, so storing one source of many does not
 * read every record of the model. Heap array, the caller frees it.
 */
static uint32_t *records_of(const struct model *m, uint32_t src, const void *records, size_t n,
			    size_t size, size_t run_offset, const struct byrun *by, size_t *count)
{
	const unsigned char *p = records;
	uint32_t *out = NULL;
	size_t k = 0, cap = 0;

	if (by) {
		const struct byrun *rb = &m->runs_by_source;

		for (uint32_t i = rb->start[src]; i < rb->start[src + 1]; i++) {
			uint32_t run = rb->order[i];

			for (uint32_t j = by->start[run]; j < by->start[run + 1]; j++) {
				ALLOC_GROW(out, k + 1, cap);
				out[k++] = by->order[j];
			}
		}
		/* mostly in order already (one run after another): sort only when not */
		for (size_t i = 1; i < k; i++) {
			if (out[i - 1] > out[i]) {
				qsort(out, k, sizeof(*out), cmp_u32);
				break;
			}
		}
	} else {
		for (size_t i = 0; i < n; i++) {
			uint32_t run;

			memcpy(&run, p + i * size + run_offset, sizeof(run));
			if (m->rs.runs[run].source != src)
				continue;
			ALLOC_GROW(out, k + 1, cap);
			out[k++] = (uint32_t)i;
		}
	}
	*count = k;
	return out;
}

/*
 * A file of an import being written: rows gather in `b` and go to `fd`
 * in pieces of SPILL bytes or more, summed for the manifest on the way,
 * so that a large import never holds its files in memory.
 */
struct outfile {
	int fd;
	struct buf b;
	struct manifest_file sum; /* rows: counted by out_row() as they are made */
	struct hash_stream h;
	int err;       /* errno of a failed write, else 0 */
	uint64_t sent; /* bytes whose writeback was started (fd_start_writeback()) */
};

#define SPILL (1u << 20)
/* Once this much more is written, its writeback starts: the file's fsync then waits for less. */
#define KICK ((uint64_t)8 << 20)

/* Write what `o` gathered (all of it, or with `force` 0 only once it is SPILL bytes). */
static void spill(struct outfile *o, int force)
{
	if (!o->b.len || (!force && o->b.len < SPILL))
		return;
	o->sum.bytes += o->b.len;
	hash_stream_add(&o->h, o->b.s, o->b.len);
	if (!o->err && fd_write_all(o->fd, o->b.s, o->b.len) < 0)
		o->err = errno;
	buf_reset(&o->b);
	if (!o->err && !force && o->sum.bytes - o->sent >= KICK) {
		fd_start_writeback(o->fd, (off_t)o->sent, (size_t)(o->sum.bytes - o->sent));
		o->sent = o->sum.bytes;
	}
}

/* Write out what `o` holds, then sync and close its file (unless closed already). */
static void outfile_finish(struct outfile *o)
{
	spill(o, 1);
	if (o->fd < 0)
		return;
	if (!o->err && fsync(o->fd) < 0)
		o->err = errno;
	if (close(o->fd) < 0 && !o->err)
		o->err = errno;
	o->fd = -1;
}

/* Give up on `o`: its file closed, its sum's state and its rows freed. */
static void outfile_discard(struct outfile *o)
{
	if (o->fd >= 0)
		close(o->fd);
	o->fd = -1;
	if (o->h.state) {
		char scrap[HASH_HEX_LEN + 1];

		hash_stream_hex(&o->h, scrap); /* frees it */
	}
	buf_release(&o->b);
}

/* The row ends: counted for the manifest, written out once enough gathered. */
static void out_row_end(struct outfile *o)
{
	o->sum.rows++;
	if (o->b.len >= SPILL)
		spill(o, 0);
}

/* One row into `o`, counted for the manifest, written out once enough gathered. */
static void out_row(struct outfile *o, const char *const *fields, size_t n)
{
	csvio_row(&o->b, fields, n);
	out_row_end(o);
}

/*
 * Figures written lately, by their bits, with their text: a log repeats
 * many (a zero, a run's sample count, a size, a rate), and a text is the
 * same whenever the bits are. Zeroed to start (a slot of length 0 holds
 * nothing); the caller owns it.
 */
#define NUM_SLOTS 1024
struct num_memo {
	uint64_t bits[NUM_SLOTS];
	unsigned char len[NUM_SLOTS];
	char text[NUM_SLOTS][FMT_DOUBLE_SHORT_MAX];
};

/*
 * `v` as num_exact() writes it, as a field at `p` (put_plain(), below);
 * with `nm`, looked up in and kept in it.
 */
static inline char *put_num(char *p, struct num_memo *nm, double v, char sep)
{
	uint64_t bits;
	size_t h = 0, n;

	*p = '"';
	memcpy(&bits, &v, sizeof(bits));
	if (nm) {
		h = (size_t)((bits * 0x9e3779b97f4a7c15ull) >> 54); /* 10 bits: NUM_SLOTS */
		if (nm->len[h] && nm->bits[h] == bits) {
			memcpy(p + 1, nm->text[h], FMT_DOUBLE_SHORT_MAX); /* the bytes after it are overwritten */
			n = nm->len[h];
			goto put;
		}
	}
	n = fmt_double_short(p + 1, v); /* most figures: no printf, no long double */
	if (!n) {
		char t[32];

		n = strlen(num_exact(v, t));
		memcpy(p + 1, t, n); /* at most 24 bytes ("-1.2345678901234567e-308") */
	}
	if (nm && n <= FMT_DOUBLE_SHORT_MAX) {
		nm->bits[h] = bits;
		nm->len[h] = (unsigned char)n;
		memcpy(nm->text[h], p + 1, n);
	}
put:
	p += 1 + n;
	*p++ = '"';
	*p++ = sep;
	return p;
}

/* Room put_num() takes at most. */
#define PUT_NUM_ROOM (FMT_DOUBLE_SHORT_MAX + 3)

/* `v` as num_exact() writes it, as a field of the row being made in `b`; with `nm`, looked up in and kept in it. */
static inline void num_field(struct buf *b, struct num_memo *nm, double v, char sep)
{
	csvio_end(b, put_num(csvio_room(b, PUT_NUM_ROOM), nm, v, sep));
}

/*
 * The names of record.h's enums as the store writes them, made into
 * fields once ("name" and its length, from the same tables names.c
 * prints): none holds a quote. A value outside a table is written the
 * long way (names.c's "?").
 */
struct name_field {
	char text[16]; /* the name between quotes, zeros after it: copied 16 bytes at a time */
	size_t len;
};
#define NAME_FIELD2_(e, name) { "\"" name "\"", sizeof(name) + 1 },
#define NAME_FIELD3_(e, name, suffix) NAME_FIELD2_(e, name)
static const struct name_field stat_fields[] = { STATS(NAME_FIELD3_) };
static const struct name_field unit_fields[] = { UNITS(NAME_FIELD2_) };
static const struct name_field dir_fields[] = { DIRECTIONS(NAME_FIELD2_) };
#undef NAME_FIELD2_
#undef NAME_FIELD3_
/* every name fits its 16 bytes with its quotes (a longer one fails to compile here) */
#define NAME_FITS2_(p, e, name) char p##e[sizeof(name) + 1 <= 16 ? 1 : -1];
#define NAME_FITS_S_(e, name, suffix) NAME_FITS2_(s_, e, name)
#define NAME_FITS_U_(e, name) NAME_FITS2_(u_, e, name)
#define NAME_FITS_D_(e, name) NAME_FITS2_(d_, e, name)
struct name_fields_fit {
	STATS(NAME_FITS_S_) UNITS(NAME_FITS_U_) DIRECTIONS(NAME_FITS_D_)
};
#undef NAME_FITS2_
#undef NAME_FITS_S_
#undef NAME_FITS_U_
#undef NAME_FITS_D_

/* Name `i` of `t` (n names) as a field: 1, or 0 (nothing written) when `i` is not in it. */
static inline int name_field(struct buf *b, const struct name_field *t, size_t n, int i, char sep)
{
	char *p;

	if (i < 0 || (size_t)i >= n)
		return 0;
	p = csvio_room(b, sizeof(t[i].text) + 1);
	memcpy(p, t[i].text, sizeof(t[i].text));
	p += t[i].len;
	*p++ = sep;
	csvio_end(b, p);
	return 1;
}

/* Enum value `v` by its table `t`, or names.c's `name_of(v)` the long way (asked only then). */
#define NAME_FIELD(b, t, v, name_of, sep)                                                          \
	do {                                                                                       \
		if (!name_field((b), (t), countof(t), (int)(v), (sep)))                            \
			csvio_field((b), name_of(v), (sep));                                       \
	} while (0)

/*
 * The last string a column of a batch of rows was given, measured once:
 * one after another, rows repeat a run's id and a quantity. For one batch
 * (its strings stay where they are while it is written); zeroed to start.
 */
struct field_memo {
	const char *s;
	size_t len;
	int plain; /* no quote in it: copied as it is */
};

/* Measure `s` (not NULL) into `fm` unless it is the string measured last. */
static inline void memo_measure(struct field_memo *fm, const char *s)
{
	if (s != fm->s) {
		const char *q = strchrnul(s, '"');

		fm->s = s;
		fm->len = (size_t)(q - s);
		fm->plain = !*q;
	}
}

/* `s` as a field of a row in `b` (csvio_field()), measured once for the rows of a batch that repeat it. */
static inline void memo_field(struct buf *b, struct field_memo *fm, const char *s, char sep)
{
	if (!s)
		s = "";
	memo_measure(fm, s);
	if (fm->plain)
		csvio_field_plain(b, s, fm->len, sep);
	else
		csvio_field(b, s, sep);
}

/*
 * Pieces of a row written at `p`, in room the caller made for the whole
 * row (csvio_room()); each writes a field and `sep` and returns where the
 * row goes on.
 */
static inline char *put_plain(char *p, const char *s, size_t len, char sep)
{
	*p++ = '"';
	memcpy(p, s, len);
	p += len;
	*p++ = '"';
	*p++ = sep;
	return p;
}

static inline char *put_u64(char *p, unsigned long long v, char sep)
{
	*p++ = '"';
	p += fmt_decimal(p, v);
	*p++ = '"';
	*p++ = sep;
	return p;
}

static inline char *put_name(char *p, const struct name_field *f, char sep)
{
	memcpy(p, f->text, sizeof(f->text));
	p += f->len;
	*p++ = sep;
	return p;
}

/* Room put_u64() and put_name() take at most. */
#define PUT_U64_ROOM (FMT_DECIMAL_MAX + 3)
#define PUT_NAME_ROOM (sizeof(((struct name_field *)0)->text) + 1)

/* The memos of a batch of measurements.csv or series.csv rows: its run ids and names. */
struct row_memo {
	struct field_memo id, name;
	struct num_memo *nums; /* or NULL; not the batch's own */
};

/*
 * A row of measurements.csv, with `quantity` for the measurement's: the
 * bytes out_row() of its fields as strings writes, made in one room when
 * nothing in it needs quoting (its run id and quantity measured once for
 * the rows of `rm`'s batch that repeat them).
 */
static void meas_out_row(struct outfile *o, struct row_memo *rm, const struct recset *rs,
			 const struct measurement *me, const char *quantity)
{
	struct buf *b = &o->b;
	const char *id = rs->runs[me->run].id;
	char *p;

	if (id && quantity && (size_t)me->stat < countof(stat_fields) &&
	    (size_t)me->unit < countof(unit_fields) && (size_t)me->dir < countof(dir_fields)) {
		memo_measure(&rm->id, id);
		memo_measure(&rm->name, quantity);
		if (rm->id.plain && rm->name.plain) {
			/* the whole row in one room: every field's length is known or bounded */
			p = csvio_room(b, rm->id.len + rm->name.len + 6 + 3 * PUT_NAME_ROOM + PUT_NUM_ROOM +
						  3 * PUT_U64_ROOM);
			p = put_plain(p, id, rm->id.len, ',');
			p = put_plain(p, quantity, rm->name.len, ',');
			p = put_name(p, &stat_fields[me->stat], ',');
			p = put_name(p, &unit_fields[me->unit], ',');
			p = put_num(p, rm->nums, me->value, ',');
			p = put_u64(p, me->n, ',');
			p = put_name(p, &dir_fields[me->dir], ',');
			p = put_u64(p, me->offset, ',');
			p = put_u64(p, me->length, '\n');
			csvio_end(b, p);
			out_row_end(o);
			return;
		}
	}
	/* a quote to double, a NULL, a value no table names: field by field */
	memo_field(b, &rm->id, id, ',');
	memo_field(b, &rm->name, quantity, ',');
	NAME_FIELD(b, stat_fields, me->stat, stat_name, ',');
	NAME_FIELD(b, unit_fields, me->unit, unit_name, ',');
	num_field(b, rm->nums, me->value, ',');
	csvio_field_u64(b, me->n, ',');
	NAME_FIELD(b, dir_fields, me->dir, dir_name, ',');
	csvio_field_u64(b, me->offset, ',');
	csvio_field_u64(b, me->length, '\n');
	out_row_end(o);
}

/* A row of series.csv, with `name` for the point's series name (as meas_out_row()). */
static void series_out_row(struct outfile *o, struct row_memo *rm, const struct recset *rs,
			   const struct series_point *p, const char *name)
{
	struct buf *b = &o->b;

	memo_field(b, &rm->id, rs->runs[p->run].id, ',');
	memo_field(b, &rm->name, name, ',');
	csvio_field_u64(b, p->index, ',');
	num_field(b, rm->nums, p->x0, ',');
	num_field(b, rm->nums, p->x1, ',');
	num_field(b, rm->nums, p->y, ',');
	NAME_FIELD(b, unit_fields, p->unit, unit_name, '\n');
	out_row_end(o);
}

/* A row of notes.csv (as out_row() of its fields as strings). */
static void note_out_row(struct outfile *o, struct row_memo *rm, const struct recset *rs,
			 const struct note *nt)
{
	struct buf *b = &o->b;

	memo_field(b, &rm->id, rs->runs[nt->run].id, ',');
	memo_field(b, &rm->name, note_kind_name(nt->kind), ',');
	csvio_field_u64(b, nt->line, ',');
	csvio_field(b, nt->text, '\n');
	out_row_end(o);
}

/* The memos of a batch of runs.csv rows: the columns a block's runs share. */
struct run_memo {
	struct field_memo fmt, block, experiment, variant, key, origin, scenario, subject, command;
};

/* A row of runs.csv (as out_row() of its fields as strings); `fl` is room for its flags. */
static void run_out_row(struct outfile *o, struct run_memo *rm, struct buf *fl, const struct run *r)
{
	struct buf *b = &o->b;

	csvio_field(b, r->id, ',');
	memo_field(b, &rm->fmt, fmt_name(r->fmt), ',');
	csvio_field_u64(b, r->first_line, ',');
	csvio_field_u64(b, r->last_line, ',');
	memo_field(b, &rm->block, r->block, ',');
	memo_field(b, &rm->experiment, r->experiment, ',');
	memo_field(b, &rm->variant, r->variant.text, ',');
	memo_field(b, &rm->key, r->variant.key, ',');
	memo_field(b, &rm->origin, vorigin_name(r->variant.origin), ',');
	memo_field(b, &rm->scenario, r->scenario, ',');
	memo_field(b, &rm->subject, r->subject, ',');
	memo_field(b, &rm->command, r->command, ',');
	buf_reset(fl);
	flags_text(fl, r->flags);
	csvio_field_plain(b, buf_str(fl), fl->len, ','); /* flag names: no quote */
	csvio_field_u64(b, r->name_line, '\n');
	out_row_end(o);
}

/*
 * The CSV files of one source's records, each into its own file (see
 * spill()); with `spooled`, measurements.csv and series.csv are written
 * already (the spool's, below): their headers and rows are left out.
 */
static void render_source(const struct model *m, uint32_t src, struct outfile *out /* [7] */,
			  int spooled)
{
	const struct source *s = &m->sources[src];
	const struct recset *rs = &m->rs;
	int fresh = model_indexes_fresh(m);
	char a[32], c[32];
	struct buf fl = BUF_INIT;
	struct row_memo memo = { 0 };
	struct run_memo rmemo = { 0 };
	uint32_t *idx;
	size_t n;

	out_row(&out[0], source_cols, countof(source_cols));
	{
		const char *kv[][2] = {
			{ "name", s->name },
			{ "imported", s->imported },
			{ "title", s->title },
			{ "flag.experiment", s->flag_experiment },
			{ "flag.variant", s->flag_variant },
			{ "instance", s->instance },
			{ "lines", u32s(a, s->nlines) },
		};
		/* a fetched text's provenance, and flags set once in a while: written only when there is one */
		const char *origin[][2] = {
			{ "author", s->author },
			{ "posted", s->posted },
			{ "address", s->address },
			{ "thread", s->thread },
			{ "flag.no-hand-written", s->flag_no_hand ? "1" : "" },
		};
		for (size_t i = 0; i < countof(kv); i++)
			out_row(&out[0], kv[i], 2);
		for (size_t i = 0; i < countof(origin); i++)
			if (*origin[i][1])
				out_row(&out[0], origin[i], 2);
	}
	out_row(&out[1], run_cols, countof(run_cols));
	if (!spooled)
		out_row(&out[2], meas_cols, countof(meas_cols));
	out_row(&out[3], sample_cols, countof(sample_cols));
	if (!spooled)
		out_row(&out[4], series_cols, countof(series_cols));
	out_row(&out[5], note_cols, countof(note_cols));
	out_row(&out[6], fact_cols, countof(fact_cols));
	if (fresh) {
		n = m->runs_by_source.start[src + 1] - m->runs_by_source.start[src];
		idx = xmalloc((n ? n : 1) * sizeof(*idx));
		memcpy(idx, m->runs_by_source.order + m->runs_by_source.start[src], n * sizeof(*idx));
	} else {
		idx = NULL;
		n = 0;
		for (size_t i = 0; i < rs->nruns; i++) {
			if (rs->runs[i].source != src)
				continue;
			idx = xrealloc(idx, (n + 1) * sizeof(*idx));
			idx[n++] = (uint32_t)i;
		}
	}
	for (size_t k = 0; k < n; k++)
		run_out_row(&out[1], &rmemo, &fl, &rs->runs[idx[k]]);
	free(idx);
	idx = records_of(m, src, rs->meas, rs->nmeas, sizeof(*rs->meas),
			 offsetof(struct measurement, run), fresh ? &m->meas_by_run : NULL, &n);
	for (size_t k = 0; k < n && !spooled; k++)
		meas_out_row(&out[2], &memo, rs, &rs->meas[idx[k]], rs->meas[idx[k]].quantity);
	free(idx);
	idx = records_of(m, src, rs->samples, rs->nsamples, sizeof(*rs->samples),
			 offsetof(struct sample, run), fresh ? &m->samples_by_run : NULL, &n);
	for (size_t k = 0; k < n; k++) {
		const struct sample *sm = &rs->samples[idx[k]];
		const char *f[] = { rs->runs[sm->run].id, sm->quantity, unit_name(sm->unit),
				    u32s(a, sm->index), num_exact(sm->value, c) };
		out_row(&out[3], f, countof(f));
	}
	free(idx);
	idx = records_of(m, src, rs->series, rs->nseries, sizeof(*rs->series),
			 offsetof(struct series_point, run), fresh ? &m->series_by_run : NULL, &n);
	memset(&memo, 0, sizeof(memo));
	for (size_t k = 0; k < n && !spooled; k++)
		series_out_row(&out[4], &memo, rs, &rs->series[idx[k]], rs->series[idx[k]].name);
	free(idx);
	memset(&memo, 0, sizeof(memo));
	idx = records_of(m, src, rs->notes, rs->nnotes, sizeof(*rs->notes), offsetof(struct note, run),
			 fresh ? &m->notes_by_run : NULL, &n);
	for (size_t k = 0; k < n; k++)
		note_out_row(&out[5], &memo, rs, &rs->notes[idx[k]]);
	free(idx);
	for (size_t i = 0; i < rs->nfacts; i++) {
		const struct fact *ft = &rs->facts[i];

		if (ft->source != src)
			continue;
		const char *f[] = { ft->key, ft->value, u32s(a, ft->line) };
		out_row(&out[6], f, countof(f));
	}
	buf_release(&fl);
}

/* Remove temporary directories an interrupted import left behind, once per lock (we hold it). */
static void remove_stale_temps(struct store *st)
{
	if (st->lock_fd >= 0 && !st->swept)
		store_scan_data(st, NULL, NULL);
}

/* The temporary directory a source's files are written in before they are renamed into place. */
static void temp_dir_of(struct buf *out, const char *data, const struct source *s)
{
	buf_addf(out, "%s/.tmp-%s-%ld", data, s->hash, (long)getpid());
}

/* The file in a temporary directory `dir` that a source's text is written to before it is renamed into sources/. */
static void temp_text_of(struct buf *out, const char *dir)
{
	buf_addf(out, "%s/text", dir);
}

/* ---- an import's measurements, written as they are read (csvstore.h) ---- */

/* A kept text this large is written on a thread of its own while the import goes on. */
#define TEXT_WRITER_MIN ((size_t)1 << 20)

struct store_spool {
	struct record_spool hook; /* what store_spool_begin() returns */
	char *data;             /* the store's data directory */
	char *sources;          /* and its sources directory */
	struct num_memo *nums;  /* the figures written lately (owned) */
	struct spooled {
		uint32_t source;
		char *dir;          /* its temporary directory (temp_dir_of()) */
		struct outfile out;    /* its measurements.csv; out.err when it could not be made */
		struct outfile series; /* its series.csv, likewise */
		struct bgwrite *text;  /* its text, being written into dir/text (spool_keep_text()), or NULL */
		int taken;          /* write_source() took it */
	} *v;
	size_t n, cap;
};

static struct spooled *spooled_of(struct store_spool *sp, uint32_t source)
{
	for (size_t i = sp->n; i-- > 0;) /* the text being read is the last one */
		if (sp->v[i].source == source && !sp->v[i].taken)
			return &sp->v[i];
	return NULL;
}

/* A text's temporary directory, its measurements.csv and series.csv with their headers; err on failure. */
static struct spooled *spool_open_text(struct store_spool *sp, const struct model *m, uint32_t source)
{
	struct spooled *f;
	struct buf dir = BUF_INIT, path = BUF_INIT;

	ALLOC_GROW(sp->v, sp->n + 1, sp->cap);
	f = &sp->v[sp->n++];
	memset(f, 0, sizeof(*f));
	f->source = source;
	temp_dir_of(&dir, sp->data, &m->sources[source]);
	f->dir = buf_detach(&dir, NULL);
	dir_remove_flat(f->dir);
	{
		int made = mkdir(f->dir, 0755) == 0 ? 0 : errno;
		struct outfile *o[] = { &f->out, &f->series };
		const char *name[] = { "measurements.csv", "series.csv" };

		for (size_t i = 0; i < countof(o); i++) {
			o[i]->sum.name = name[i];
			o[i]->fd = -1;
			buf_reset(&path);
			buf_addf(&path, "%s/%s", f->dir, name[i]);
			if (made)
				o[i]->err = made;
			else if ((o[i]->fd = open(path.s, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644)) < 0)
				o[i]->err = errno;
			hash_stream_init(&o[i]->h);
		}
	}
	buf_release(&path);
	out_row(&f->out, meas_cols, countof(meas_cols));
	out_row(&f->series, series_cols, countof(series_cols));
	return f;
}

/*
 * clean_str() of the names of one block's records, each string (by its
 * address: a parser gives its rows the same few) cleaned once. For one
 * spool_take() (its strings stay put meanwhile); zeroed to start, where a
 * slot's NULL cleans to NULL.
 */
#define CLEAN_SLOTS 16
struct clean_memo {
	const char *in[CLEAN_SLOTS], *out[CLEAN_SLOTS];
};

static const char *clean_memo(struct clean_memo *cm, struct model *m, const char *s)
{
	size_t h = ((uintptr_t)s >> 3) % CLEAN_SLOTS;

	if (cm->in[h] != s) {
		cm->in[h] = s;
		cm->out[h] = clean_str(&m->arena, s);
	}
	return cm->out[h];
}

/* struct record_spool's take: the block's records as rows of its text's measurements.csv and series.csv. */
static void spool_take(void *ctx, struct model *m, uint32_t source, const struct recset_mark *from)
{
	struct store_spool *sp = ctx;
	struct spooled *f = spooled_of(sp, source);
	const struct recset *rs = &m->rs;
	struct row_memo memo = { 0 };
	struct clean_memo cm;

	if (!f)
		f = spool_open_text(sp, m, source);
	/* names cleaned as clean_records() cleans those it finds in memory */
	memset(&cm, 0, sizeof(cm));
	memo.nums = sp->nums;
	for (size_t i = from->meas; i < rs->nmeas; i++)
		meas_out_row(&f->out, &memo, rs, &rs->meas[i], clean_memo(&cm, m, rs->meas[i].quantity));
	memset(&memo, 0, sizeof(memo));
	memo.nums = sp->nums;
	for (size_t i = from->series; i < rs->nseries; i++)
		series_out_row(&f->series, &memo, rs, &rs->series[i], clean_memo(&cm, m, rs->series[i].name));
}

/*
 * struct record_spool's end_text: the text is read, so its two files are
 * whole: written out, synced and closed now, not held open (and their
 * rows in memory) while the other texts of the import are read.
 */
static void spool_end_text(void *ctx, struct model *m, uint32_t source)
{
	struct spooled *f = spooled_of(ctx, source);

	(void)m;
	if (!f)
		return;
	outfile_finish(&f->out);
	outfile_finish(&f->series);
	buf_release(&f->out.b);
	buf_release(&f->series.b);
}

/*
 * struct record_spool's keep_text: a large text the import keeps, not yet
 * in sources/, starts being written into its temporary directory now, on a
 * thread of its own, while the import names its runs; write_source() waits
 * for it and renames it into place. A text no thread took is written there.
 */
static void spool_keep_text(void *ctx, struct model *m, uint32_t source)
{
	struct store_spool *sp = ctx;
	struct spooled *f = spooled_of(sp, source);
	const struct source *s = &m->sources[source];
	struct buf path = BUF_INIT;

	if (!f || f->text || f->out.err || s->len < TEXT_WRITER_MIN)
		return;
	buf_addf(&path, "%s/%s", sp->sources, s->hash);
	if (!path_exists(path.s)) {
		buf_reset(&path);
		temp_text_of(&path, f->dir);
		f->text = bgwrite_start(path.s, s->text, s->len);
	}
	buf_release(&path);
}

const struct record_spool *store_spool_begin(struct store *st, struct diag *d)
{
	struct store_spool *sp = xcalloc(1, sizeof(*sp));

	sp->data = store_path_dup(st, "%s", "data");
	sp->sources = store_path_dup(st, "%s", "sources");
	if (dir_make(sp->data, d) < 0) {
		free(sp->data);
		free(sp->sources);
		free(sp);
		return NULL;
	}
	remove_stale_temps(st);
	sp->nums = xcalloc(1, sizeof(*sp->nums));
	sp->hook.ctx = sp;
	sp->hook.take = spool_take;
	sp->hook.end_text = spool_end_text;
	sp->hook.keep_text = spool_keep_text;
	st->spool = sp;
	return &sp->hook;
}

void store_spool_end(struct store *st)
{
	struct store_spool *sp = st->spool;

	if (!sp)
		return;
	for (size_t i = 0; i < sp->n; i++) {
		struct spooled *f = &sp->v[i];

		if (f->text) /* written for an import that stored nothing: removed with the directory */
			bgwrite_finish(f->text, NULL);
		if (!f->taken) {
			outfile_discard(&f->out);
			outfile_discard(&f->series);
			dir_remove_flat(f->dir);
		}
		free(f->dir);
	}
	free(sp->v);
	free(sp->data);
	free(sp->sources);
	free(sp->nums);
	free(sp);
	st->spool = NULL;
}

/* store_add_source(), or with `replace` store_replace_source(). */
static int write_source(struct store *st, struct model *m, uint32_t src, int replace, struct diag *d)
{
	/* in render_source's order */
	static const char *const names[] = { "source.csv", "runs.csv",  "measurements.csv",
					     "samples.csv", "series.csv", "notes.csv",
					     "facts.csv" };
	struct source *s = &m->sources[src];
	struct outfile out[countof(names)];
	struct manifest_file sums[countof(names)];
	struct buf tmp = BUF_INIT, final = BUF_INIT, path = BUF_INIT;
	char *data = store_path_dup(st, "%s", "data"), *sources = store_path_dup(st, "%s", "sources");
	struct spooled *spool;
	int rc = -1;

	memset(out, 0, sizeof(out));
	for (size_t i = 0; i < countof(out); i++)
		out[i].fd = -1;
	if (dir_make(data, d) < 0 || dir_make(sources, d) < 0)
		goto out;
	if (!st->spool) /* a spool's directories are in there, and it removed the stale ones */
		remove_stale_temps(st);

	if (!*s->instance) {
		char *inst = journal_instance_dup(s->hash);

		s->instance = arena_strdup(&m->arena, inst);
		free(inst);
	}
	temp_dir_of(&tmp, data, s);
	buf_addf(&final, "%s/%s", data, s->hash);
	spool = st->spool ? spooled_of(st->spool, src) : NULL;
	if (!spool) {
		dir_remove_flat(tmp.s);
		if (mkdir(tmp.s, 0755) < 0) {
			diag_error(d, tmp.s, 0, "cannot create: %s", strerror(errno));
			goto out;
		}
	}
	/*
	 * The text first: a data directory never refers to a missing source.
	 * It is written in the temporary directory and renamed into sources/,
	 * so that what an interrupted import leaves is all in one place.
	 */
	buf_addf(&path, "%s/%s", sources, s->hash);
	if ((spool && spool->text) || !path_exists(path.s)) {
		struct buf text = BUF_INIT;
		int bad;

		temp_text_of(&text, tmp.s);
		if (spool && spool->text) /* begun by spool_keep_text() */
			bad = bgwrite_finish(spool->text, d) < 0;
		else
			bad = file_write_new(text.s, s->text, s->len, d) < 0;
		if (spool)
			spool->text = NULL;
		if (!bad && rename(text.s, path.s) < 0) {
			diag_error(d, path.s, 0, "cannot store: %s", strerror(errno));
			bad = 1;
		}
		buf_release(&text);
		if (bad || dir_sync(sources, d) < 0)
			goto fail;
	}
	if (spool) {
		/* measurements.csv and series.csv are written: the directory is there, the files' state moves here */
		spool->taken = 1;
		out[2] = spool->out;
		out[4] = spool->series;
		memset(&spool->out, 0, sizeof(spool->out));
		memset(&spool->series, 0, sizeof(spool->series));
		for (size_t i = 2; i <= 4; i += 2) {
			if (out[i].err) {
				diag_error(d, tmp.s, 0, "cannot write %s: %s", names[i], strerror(out[i].err));
				goto fail;
			}
		}
	}
	for (size_t i = 0; i < countof(out); i++) {
		if (spool && (i == 2 || i == 4))
			continue;
		buf_reset(&path);
		buf_addf(&path, "%s/%s", tmp.s, names[i]);
		out[i].fd = open(path.s, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
		if (out[i].fd < 0) {
			diag_error(d, path.s, 0, "cannot create: %s", strerror(errno));
			goto fail;
		}
		out[i].sum.name = names[i];
		hash_stream_init(&out[i].h);
	}
	render_source(m, src, out, spool != NULL);
	for (size_t i = 0; i < countof(out); i++) {
		/* a spooled file was synced and closed when its text was read (spool_end_text()) */
		outfile_finish(&out[i]);
		hash_stream_hex(&out[i].h, out[i].sum.xxh3);
		sums[i] = out[i].sum;
	}
	for (size_t i = 0; i < countof(out); i++) {
		if (out[i].err) {
			diag_error(d, tmp.s, 0, "cannot write %s: %s", names[i], strerror(out[i].err));
			goto fail;
		}
	}
	{
		/* what the files must be, checked on every load (manifest.h) */
		struct buf man = BUF_INIT;
		int bad;

		manifest_render_files(&man, sums, countof(sums), s->len);
		buf_reset(&path);
		buf_addf(&path, "%s/%s", tmp.s, MANIFEST_FILE);
		bad = file_write_new(path.s, man.s, man.len, d) < 0;
		buf_release(&man);
		if (bad)
			goto fail;
	}
	if (dir_sync(tmp.s, d) < 0)
		goto fail;
	if (replace && path_exists(final.s)) {
		/* the index describes the old one: gone first (a crash leaves no index, not a wrong one) */
		storeindex_remove(st);
		/* one atomic swap: readers see the old directory or the new one */
		if (renameat2(AT_FDCWD, tmp.s, AT_FDCWD, final.s, RENAME_EXCHANGE) < 0) {
			diag_error(d, final.s, 0, "cannot replace atomically: %s", strerror(errno));
			goto fail;
		}
		dir_remove_flat(tmp.s); /* now the old files */
	} else if (rename(tmp.s, final.s) < 0) {
		diag_error(d, final.s, 0, "cannot store: %s", strerror(errno));
		goto fail;
	}
	rc = dir_sync(data, d);
	s->stored = 1;
	goto out;
fail:
	for (size_t i = 0; i < countof(out); i++)
		outfile_discard(&out[i]);
	dir_remove_flat(tmp.s);
out:
	for (size_t i = 0; i < countof(out); i++)
		buf_release(&out[i].b);
	buf_release(&tmp);
	buf_release(&final);
	buf_release(&path);
	free(data);
	free(sources);
	return rc;
}

int store_add_source(struct store *st, struct model *m, uint32_t src, struct diag *d)
{
	return write_source(st, m, src, 0, d);
}

int store_replace_source(struct store *st, struct model *m, uint32_t src, struct diag *d)
{
	return write_source(st, m, src, 1, d);
}
