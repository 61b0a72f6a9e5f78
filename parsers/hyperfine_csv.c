/*
 * hyperfine_csv.c - hyperfine --export-csv: one run per row, each line
 * read with libcsv (util/csvio.h) → time.{mean,stddev,median,min,max},
 * user.mean and system.mean (seconds, as the export always writes them);
 * parameter_* columns as a note. Columns are found by their header names,
 * so every version's header works. Variants come from the commands, as
 * for hyperfine's other outputs.
 */
#include "parsers/bench.h"
#include "parsers/cmdsplit.h"
#include "parsers/units.h"
#include "util/buf.h"
#include "parsers/csvline.h"
#include "util/text.h"


/* The figure columns: header name → quantity and stat. */
static const struct {
	const char *column;
	const char *quantity;
	enum stat_kind stat;
} figures[] = {
	{ "mean", "time", STAT_MEAN },	  { "stddev", "time", STAT_SD },  { "median", "time", STAT_MEDIAN },
	{ "min", "time", STAT_MIN },	  { "max", "time", STAT_MAX },	  { "user", "user", STAT_MEAN },
	{ "system", "system", STAT_MEAN },
};

struct claim_state {
	size_t columns; /* in the header */
};

static size_t count_commas(const struct line *l)
{
	size_t n = 0;

	for (uint32_t i = l->indent; i < l->len; i++)
		n += l->s[i] == ',';
	return n;
}

/* What a line of a hyperfine CSV export is: its header by its first columns' names, or a row. */
enum kind {
	K_NONE,
	K_HEADER, /* "command,mean,stddev,median,user,system,min,max[,parameter_*]" */
	K_ROW,    /* a line with a comma: a row, garbled or cut included (the claim counts its fields) */
	K__COUNT
};

static const char *const kinds[] = { "none", "header", "row" };

/* The one classifier the claim and the parse share. */
static enum kind classify(const struct line *l)
{
	if (line_starts(l, "command,mean,stddev,"))
		return K_HEADER;
	return memchr(l->s + l->indent, ',', l->len - l->indent) ? K_ROW : K_NONE;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

/*
 * A row has a field per column; a row cut short still has commas with no
 * blank after them, where prose puts one.
 */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	struct claim_state *st = state;
	enum kind k = classify(l);
	const char *comma;

	if (k == K_HEADER) {
		st->columns = count_commas(l) + 1;
		return CLAIM_START;
	}
	if (!in_block || k == K_NONE)
		return CLAIM_NONE;
	if (count_commas(l) + 1 >= st->columns)
		return CLAIM_BODY;
	comma = memchr(l->s + l->indent, ',', l->len - l->indent);
	return comma + 1 < l->s + l->len && comma[1] != ' ' ? CLAIM_BODY : CLAIM_NONE;
}

struct columns {
	long command;
	long figure[countof(figures)];
	size_t n;
};

static void on_row(struct sink *s, const struct line *l, const struct columns *c,
		   const struct csv_record *head, struct csv_record *rec)
{
	double v[countof(figures)];
	const char *from, *quote;
	struct buf params = BUF_INIT;
	uint32_t run;

	if (csv_record_read(s, l, rec) < 0 || rec->n != c->n || !*csv_field(rec, (size_t)c->command)) {
		bench_lost(s, l, "garbled hyperfine CSV row");
		return;
	}
	for (size_t k = 0; k < countof(figures); k++) {
		const char *f = c->figure[k] >= 0 ? csv_field(rec, (size_t)c->figure[k]) : NULL;

		if (f && num_parse(f, strlen(f), &v[k]) < 0) {
			bench_lost(s, l, "garbled hyperfine CSV row");
			return;
		}
	}
	run = sink_run(s, l);
	s->rs->runs[run].command = sink_strndup(s, csv_field(rec, (size_t)c->command),
						strlen(csv_field(rec, (size_t)c->command)));
	/* numbers are never quoted: they are printed after the (maybe quoted) command */
	quote = NULL;
	for (const char *p = l->s + l->indent; p < l->s + l->len; p++)
		if (*p == '"')
			quote = p;
	from = quote ? quote + 1 : l->s + l->indent;
	/* in the order they are printed, so that each is found after the one before */
	for (size_t i = 0; i < c->n; i++) {
		for (size_t k = 0; k < countof(figures); k++) {
			const char *f, *at;

			if (c->figure[k] != (long)i)
				continue;
			f = csv_field(rec, i);
			at = csv_printed_at(l, &from, f);
			sink_measure(s, run, figures[k].quantity, figures[k].stat, UNIT_SECOND, v[k], 0, l, at,
				     at ? strlen(f) : 0);
		}
	}
	for (size_t i = 0; i < c->n; i++) {
		if (strncmp(csv_field(head, i), "parameter_", 10))
			continue;
		buf_addf(&params, "%s%s=%s", params.len ? ", " : "", csv_field(head, i) + 10, csv_field(rec, i));
	}
	if (params.len)
		sink_note(s, run, NOTE_INFO, l, "parameters: %s", params.s);
	buf_release(&params);
}

static int parse(const struct block *b, struct sink *s)
{
	struct csv_record head = CSV_RECORD_INIT, rec = CSV_RECORD_INIT;
	struct columns c;
	uint32_t first_run = (uint32_t)s->rs->nruns;

	memset(&c, 0, sizeof(c));
	if (csv_record_read(s, &b->lines[0], &head) < 0) {
		sink_warn(s, &b->lines[0], "hyperfine CSV header cannot be read; table skipped");
		goto out;
	}
	c.n = head.n;
	c.command = -1;
	for (size_t k = 0; k < countof(figures); k++)
		c.figure[k] = -1;
	for (size_t i = 0; i < head.n; i++) {
		if (!strcmp(csv_field(&head, i), "command"))
			c.command = (long)i;
		for (size_t k = 0; k < countof(figures); k++)
			if (!strcmp(csv_field(&head, i), figures[k].column))
				c.figure[k] = (long)i;
	}
	for (uint32_t i = 1; i < b->n; i++)
		if (classify(&b->lines[i]) == K_ROW)
			on_row(s, &b->lines[i], &c, &head, &rec);
	cmd_propose(s->rs, first_run, s->arena);
out:
	csv_record_release(&head);
	csv_record_release(&rec);
	return (int)(s->rs->nruns - first_run);
}

const struct parser hyperfine_csv_parser = {
	.fmt = FMT_HYPERFINE_CSV,
	.starts = "c",
	.claim = claim,
	.state_size = PARSER_STATE(struct claim_state),
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
