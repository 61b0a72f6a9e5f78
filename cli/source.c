/*
 * source.c - `benchdelta source RUN...`: the stored text a run was read
 * from, around its block: line numbers, `>` on the block's lines, `=` on
 * the lines that named its variant, and under each line that held a
 * figure, carets under the bytes it was read from with the figures' names.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/common.h"
#include "cli/show.h"
#include "parsers/names.h"
#include "store/trace.h"
#include "util/text.h"

static const char usage[] =
	"usage: benchdelta source [-C N | --all] RUN...\n"
	"\n"
	"The text RUN was read from, as it was imported: N lines of context\n"
	"(default 3) around its block and the label that named its variant.\n"
	"  >   a line of the run's block\n"
	"  =   a line that named the run's variant (a label, a legend; in the block,\n"
	"      a command or a file name)\n"
	"  ^   under the bytes a figure was read from, with the figure's name\n"
	"\n"
	"  -C, --context N   lines of context\n"
	"      --all         the whole text\n";

/* Width in columns of text[0..n) as it is printed here (a tab is one column, as text_excerpt prints it). */
static int columns(const char *s, size_t n)
{
	struct buf b = BUF_INIT;
	int w;

	text_excerpt(&b, s, n, 1 << 20);
	w = text_width(buf_str(&b), b.len);
	buf_release(&b);
	return w;
}

/* The caret line under line `line` (start `s`, `n` bytes at offset `at`), or nothing when no figure is there. */
static void carets(const struct model *m, const struct run_records *rec, const char *s, size_t n,
		   size_t at, int gutter, FILE *fp)
{
	struct buf under = BUF_INIT, names = BUF_INIT;
	int col = 0;

	/* measurements come in the order they were printed in */
	for (size_t i = 0; i < rec->nmeas; i++) {
		const struct measurement *me = &m->rs.meas[rec->meas[i]];
		int from, w;

		if (!me->length || me->offset < at || me->offset + me->length > at + n)
			continue;
		from = columns(s, me->offset - at);
		w = columns(s + (me->offset - at), me->length);
		if (from < col) /* two figures from one number: name it once more, no new carets */
			from = col;
		for (; col < from; col++)
			buf_addc(&under, ' ');
		for (int k = 0; k < w; k++, col++)
			buf_addc(&under, '^');
		if (names.len)
			buf_adds(&names, ", ");
		buf_adds(&names, me->quantity);
		if (me->stat != STAT_VALUE)
			buf_addf(&names, " %s", stat_name(me->stat));
	}
	if (under.len)
		fprintf(fp, "%*s%s %s\n", gutter, "", under.s, names.s);
	buf_release(&under);
	buf_release(&names);
}

static int show_source(struct model *m, uint32_t ri, int context, FILE *fp)
{
	const struct run *r = &m->rs.runs[ri];
	const struct source *src = &m->sources[r->source];
	uint32_t named[8], from, to;
	size_t len, nnamed;
	const char *text = model_source_text(m, r->source, &len);
	struct line_index ix;
	struct run_records rec;
	int gutter;

	if (!text) {
		fprintf(stderr, "benchdelta: the text of run %s (%s) is not in the store\n", r->id,
			src->name);
		return BD_EXIT_INPUT;
	}
	trace_index_lines(&ix, text, len);
	trace_records(m, ri, &rec);
	nnamed = trace_variant_lines(m, ri, named, countof(named));
	from = r->first_line;
	to = r->last_line;
	for (size_t i = 0; i < nnamed; i++) {
		if (named[i] < from)
			from = named[i];
		if (named[i] > to)
			to = named[i];
	}
	if (context < 0) {
		from = 1;
		to = ix.nlines;
	} else {
		from = from > (uint32_t)context ? from - (uint32_t)context : 1;
		to = to + (uint32_t)context < ix.nlines ? to + (uint32_t)context : ix.nlines;
	}
	fprintf(fp, "%s, lines %u-%u of %u: run %s (%s, lines %u-%u)\n", src->name, (unsigned)from,
		(unsigned)to, (unsigned)ix.nlines, r->id, fmt_name(r->fmt), (unsigned)r->first_line,
		(unsigned)r->last_line);
	{
		struct buf who = BUF_INIT;

		if (trace_text_provenance(src, &who))
			fprintf(fp, "written by %s\n", who.s);
		buf_release(&who);
	}
	gutter = snprintf(NULL, 0, "%u", (unsigned)to) + 3;
	for (uint32_t l = from; l <= to; l++) {
		size_t n;
		const char *s = trace_line(&ix, text, l, &n);
		char mark = l >= r->first_line && l <= r->last_line ? '>' : ' ';
		struct buf line = BUF_INIT;

		for (size_t i = 0; i < nnamed; i++)
			if (named[i] == l)
				mark = '=';
		text_excerpt(&line, s, n, 1 << 20);
		fprintf(fp, "%*u %c %s\n", gutter - 3, (unsigned)l, mark, buf_str(&line));
		buf_release(&line);
		carets(m, &rec, s, n, (size_t)(s - text), gutter, fp);
	}
	trace_records_release(&rec);
	trace_index_release(&ix);
	return BD_EXIT_OK;
}

static int source_one(struct model *m, uint32_t run, void *arg)
{
	return show_source(m, run, *(int *)arg, stdout);
}

int cmd_source(struct cli *c, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "context", required_argument, NULL, 'C' },
		{ "all", no_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int opt, context = 3;
	char *end;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "C:h", opts, NULL)) != -1) {
		switch (opt) {
		case 'C':
			context = (int)strtol(optarg, &end, 10);
			if (*end || end == optarg || context < 0 || context > 100000)
				return cli_usage_error(c, "source", "-C needs a number of lines, not '%s'",
						       optarg);
			break;
		case 'a':
			context = -1;
			break;
		case 'h':
			fputs(usage, stdout);
			return BD_EXIT_OK;
		default:
			return cli_usage_error(c, "source", "unknown option");
		}
	}
	return cli_each_run(c, "source", argc - optind, argv + optind, source_one, &context);
}
