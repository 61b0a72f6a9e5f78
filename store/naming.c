/*
 * naming.c - variants and scenarios of an import's runs; see naming.h.
 *
 * One pass decides each run's name from the evidence recorded while the
 * text was read, by the rows of `naming_rules`, strongest first. Only the
 * words that tell commands apart need the whole experiment (every run of
 * a tool lined up); they are computed before the pass.
 */
#include "store/naming.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "parsers/cmdsplit.h"
#include "parsers/factors.h"
#include "parsers/label.h"
#include "parsers/legend.h"
#include "parsers/names.h"
#include "store/cmdline.h"
#include "util/buf.h"
#include "util/text.h"

void naming_init(struct naming *nm, uint32_t first_run)
{
	memset(nm, 0, sizeof(*nm));
	nm->first = first_run;
}

struct naming_evidence;
static void evidence_free(struct naming_evidence *ev);

void naming_release(struct naming *nm)
{
	free(nm->run_block);
	free(nm->cmd_line);
	free(nm->blocks);
	free(nm->flags);
	free(nm->keys);
	free(nm->proposal);
	free(nm->prop_origin);
	free(nm->desc);
	strmap_release(&nm->legends);
	free(nm->desc_line);
	free(nm->env_sources);
	evidence_free(nm->evidence);
	arena_release(&nm->arena);
	memset(nm, 0, sizeof(*nm));
}

void naming_truncate(struct naming *nm, uint32_t to)
{
	if (to >= nm->first && to - nm->first < nm->n)
		nm->n = to - nm->first;
	if (nm->ahead > nm->n)
		nm->ahead = (uint32_t)nm->n;
}

void naming_remove(struct naming *nm, uint32_t a, uint32_t b)
{
	size_t lo, hi;

	if (b <= a || b <= nm->first)
		return;
	lo = a > nm->first ? a - nm->first : 0;
	hi = b - nm->first;
	if (lo >= nm->n)
		return;
	if (hi > nm->n)
		hi = nm->n;
	memmove(nm->run_block + lo, nm->run_block + hi, (nm->n - hi) * sizeof(*nm->run_block));
	memmove(nm->cmd_line + lo, nm->cmd_line + hi, (nm->n - hi) * sizeof(*nm->cmd_line));
	memmove(nm->flags + lo, nm->flags + hi, nm->n - hi);
	memmove(nm->proposal + lo, nm->proposal + hi, (nm->n - hi) * sizeof(*nm->proposal));
	memmove(nm->prop_origin + lo, nm->prop_origin + hi, (nm->n - hi) * sizeof(*nm->prop_origin));
	nm->n -= hi - lo;
	if (nm->ahead > hi) {
		memmove(nm->keys + lo, nm->keys + hi, (nm->ahead - hi) * sizeof(*nm->keys));
		nm->ahead -= (uint32_t)(hi - lo);
	} else if (nm->ahead > lo) {
		nm->ahead = (uint32_t)lo;
	}
}

void naming_run_ahead(struct naming *nm, struct model *m, uint32_t k)
{
	const struct run *r = &m->rs.runs[nm->first + k];
	const struct naming_run *e = naming_entry(nm, k);
	struct naming_key *nk;
	/* runs that name themselves keep their own name; else a label names them, else their source */
	const char *t = *r->variant.text && ((nm->flags[k] & NF_MULTI) || !e->label) ? r->variant.text
			: e->label                                     ? e->label
									: e->input;

	const char *key;
	int clean;

	ALLOC_GROW(nm->keys, (size_t)k + 1, nm->keys_cap);
	nk = &nm->keys[k];
	nk->text = nk->key = NULL;
	/* (a block's runs share their label: one key for them) */
	if (k && nm->keys[k - 1].text == t && t) {
		*nk = nm->keys[k - 1];
		return;
	}
	if (!t)
		return;
	key = model_variant_key_clean(m, t, &clean);
	/* a name with a control character is left to the pass, and to clean_records() */
	if (!clean)
		return;
	nk->text = t;
	nk->key = key;
}

const char *naming_label(const struct naming *nm, uint32_t r)
{
	return r >= nm->first && r - nm->first < nm->n ? naming_entry(nm, r - nm->first)->label : NULL;
}

static size_t distinct_variants(const struct run *runs, uint32_t from, uint32_t to)
{
	size_t distinct = 0;

	for (uint32_t i = from; i < to && distinct < 2; i++) {
		int seen = 0;

		if (!*runs[i].variant.text)
			continue;
		for (uint32_t j = from; j < i && !seen; j++)
			seen = !strcmp(runs[j].variant.text, runs[i].variant.text);
		distinct += !seen;
	}
	return distinct;
}

/* Lines [*lo, *end) of b: the span of run r (a block's lines come in order: by bisection). */
static void run_span(const struct block *b, const struct run *r, uint32_t *lo, uint32_t *end)
{
	uint32_t hi = b->n;

	*lo = 0;
	while (*lo < hi) {
		uint32_t mid = *lo + (hi - *lo) / 2;

		if (b->lines[mid].no < r->first_line)
			*lo = mid + 1;
		else
			hi = mid;
	}
	for (*end = *lo; *end < b->n && b->lines[*end].no <= r->last_line;)
		(*end)++;
}

/* Can run r's command be found in a line at all (not empty, no line end in it)? */
static int command_findable(const struct run *r)
{
	return *r->command && !strchr(r->command, '\n');
}

/*
 * command_line() once the line holding r's command in its span is known:
 * `hi` (end: none), else the prose line above the block.
 */
static uint32_t command_line_at(const struct block *b, const struct run *r, uint32_t hi, uint32_t end)
{
	if (hi < end)
		return b->lines[hi].no;
	if (b->context && b->above && b->above_line && text_contains(b->above, strlen(b->above), r->command))
		return b->above_line;
	return 0;
}

/*
 * The line run `r`'s command was read from: the first line of its span
 * that holds it, else the prose line above the block it was taken from
 * (the context line); 0 when neither does.
 */
static uint32_t command_line(const struct block *b, const struct run *r)
{
	uint32_t lo, end;

	if (!command_findable(r))
		return 0;
	run_span(b, r, &lo, &end);
	return command_line_at(b, r, cmdline_first(b, lo, end, r->command, strlen(r->command)), end);
}

/*
 * The command lines of runs [from, to) of block b, when they are many and
 * share one span (a JSON export's results, each spanning the whole
 * export): found together, one pass over the span for each length of
 * command (cmdline_first_all()), where one search a run read the span
 * once for each (quadratic). NULL when they do not; the caller frees it.
 */
#define SHARED_SPAN_RUNS 16

static uint32_t *shared_span_lines(const struct block *b, const struct run *runs, uint32_t from, uint32_t to)
{
	const char **cmds;
	uint32_t *at, *line, lo, end;
	size_t n = 0;

	if (to - from < SHARED_SPAN_RUNS)
		return NULL;
	for (uint32_t i = from + 1; i < to; i++)
		if (runs[i].first_line != runs[from].first_line || runs[i].last_line != runs[from].last_line)
			return NULL;
	run_span(b, &runs[from], &lo, &end);
	cmds = xcalloc(to - from, sizeof(*cmds));
	at = xcalloc(to - from, sizeof(*at));
	for (uint32_t i = from; i < to; i++)
		if (command_findable(&runs[i]))
			cmds[n++] = runs[i].command;
	if (cmdline_first_all(b, lo, end, cmds, n, at) < 0) {
		free(cmds);
		free(at);
		return NULL;
	}
	line = xcalloc(to - from, sizeof(*line));
	n = 0;
	for (uint32_t i = from; i < to; i++)
		line[i - from] = command_findable(&runs[i]) ? command_line_at(b, &runs[i], at[n++], end) : 0;
	free(cmds);
	free(at);
	return line;
}

/*
 * How many runs ahead of the one it works on a pass over the import's
 * runs asks for what it will read of them (BD_PREFETCH): after the walk
 * few of their entries and strings are still in a cache, and a pass that
 * waits for each in turn spends most of its time waiting.
 */
#define PREFETCH_RUNS 16

/* Does a command of source s's runs set build variables (naming.h: env_sources)? */
static int env_source(const struct naming *nm, uint32_t s)
{
	return s < nm->env_cap && nm->env_sources[s];
}

void naming_block(struct naming *nm, struct model *m, const struct block *b, uint32_t from,
		  uint32_t to, const char *input_variant)
{
	struct run *runs = m->rs.runs;
	int multi = distinct_variants(runs, from, to) >= 2;
	int files = 0;
	uint32_t block = nm->nblocks++;
	const char *context = NULL; /* the block's command line, one copy for its runs */
	const char *caption = NULL; /* the line right above it, under its label: one copy */
	uint32_t *cmd_lines;
	/* what the block's runs share: their entry, and their flags (asked of b once, not for each run) */
	struct naming_run *shared;
	const unsigned block_flags = (b->label ? NF_LABEL : 0) | (multi ? NF_MULTI : 0) |
				     (b->label_heading ? NF_HEADING : 0) | (b->label_build ? NF_BUILD : 0);

	if (b->caption && b->caption_line > b->label_line) {
		/* one copy for blocks under the same line (a log repeats its captions) */
		if (nm->last_caption && !strcmp(nm->last_caption, b->caption))
			caption = nm->last_caption;
		else
			caption = nm->last_caption = arena_strdup(&nm->arena, b->caption);
	}

	for (uint32_t i = from; i < to; i++) {
		struct run *r = &runs[i];

		files |= r->variant.origin == VO_FILENAME;
		/* the command line above the block, when the tool did not print its own */
		if (!*r->command && b->context) {
			if (!context) {
				const char *cmd = b->context;

				if ((cmd[0] == '$' || cmd[0] == '#') && cmd[1] == ' ')
					cmd += 2;
				context = arena_strdup(&m->arena, cmd);
			}
			r->command = context;
		}
	}
	cmd_lines = shared_span_lines(b, runs, from, to);
	if (to > from) { /* room for the block's runs, made once */
		ALLOC_GROW(nm->run_block, (size_t)(to - nm->first), nm->cap);
		ALLOC_GROW(nm->cmd_line, (size_t)(to - nm->first), nm->cmd_line_cap);
		ALLOC_GROW(nm->flags, (size_t)(to - nm->first), nm->flags_cap);
		ALLOC_GROW(nm->proposal, (size_t)(to - nm->first), nm->proposal_cap);
		ALLOC_GROW(nm->prop_origin, (size_t)(to - nm->first), nm->prop_origin_cap);
		/* runs recorded before these without a block (none, as a rule): no evidence */
		for (; nm->n < (size_t)(from - nm->first); nm->n++) {
			nm->flags[nm->n] = 0;
			nm->proposal[nm->n] = NULL;
			nm->prop_origin[nm->n] = (enum vorigin)0;
			nm->run_block[nm->n] = NAMING_NO_BLOCK;
			nm->cmd_line[nm->n] = 0;
		}
		if (nm->n < (size_t)(to - nm->first))
			nm->n = to - nm->first; /* (each run's block and command line are set below) */
	}
	/* the block's entry, at its number (a block without runs has one too) */
	ALLOC_GROW(nm->blocks, (size_t)block + 1, nm->blocks_cap);
	shared = &nm->blocks[block];
	memset(shared, 0, sizeof(*shared));
	shared->label = b->label;
	shared->scenario = b->scenario;
	shared->input = input_variant;
	shared->block = block;
	shared->label_line = b->label_line;
	shared->caption = caption;
	shared->caption_line = caption ? b->caption_line : 0;
	shared->source = to > from ? runs[from].source : 0;
	for (uint32_t i = from; i < to; i++) {
		struct run *r = &runs[i];
		unsigned f;

		/*
		 * A run named after its command, or a row of a table of files
		 * ("size a b c"), does not meet others on that command.
		 */
		if (!*r->scenario && r->variant.origin != VO_COMMAND && !files)
			r->scenario = r->command;
		/* what the parser proposed (naming_finish()'s evidence; nothing renames a run before it) */
		if ((r->variant.origin == VO_COMMAND || r->variant.origin == VO_FILENAME ||
		     r->variant.origin == VO_LABEL) && *r->variant.text) {
			nm->proposal[i - nm->first] = r->variant.text;
			nm->prop_origin[i - nm->first] = r->variant.origin;
		} else {
			nm->proposal[i - nm->first] = NULL;
			nm->prop_origin[i - nm->first] = (enum vorigin)0;
		}
		f = block_flags | (nm->proposal[i - nm->first] ? NF_PROPOSAL : 0) | (*r->command ? NF_COMMAND : 0);
		nm->flags[i - nm->first] = (unsigned char)f;
		nm->run_block[i - nm->first] = block;
		nm->cmd_line[i - nm->first] = cmd_lines ? cmd_lines[i - from] : command_line(b, r);
		if ((f & NF_COMMAND) && !env_source(nm, r->source)) {
			struct buf name = BUF_INIT; /* (filled only when the command sets some) */
			const char *rest;

			if (cmd_build_env(r->command, &name, &rest)) {
				size_t was = nm->env_cap;

				ALLOC_GROW(nm->env_sources, (size_t)r->source + 1, nm->env_cap);
				memset(nm->env_sources + was, 0, nm->env_cap - was);
				nm->env_sources[r->source] = 1;
			}
			buf_release(&name);
		}
	}
	free(cmd_lines);
}

/*
 * "<n>\x1f<s>", as "%u\x1f%s" prints it, in *b (emptied first): the key of a
 * string within a source or a group, made without a format to read.
 * Returns b's string, valid until b changes: a map that keeps the key
 * keeps a copy.
 */
static const char *num_key(struct buf *b, uint32_t n, const char *s)
{
	buf_reset(b);
	buf_add_decimal(b, n);
	buf_addc(b, '\x1f');
	buf_adds(b, s);
	return b->s;
}

/* A legend's name: its length's bit (min(len, 63)) and its first byte's (bit c % 64 of word c / 64). */
static void legend_bits(const char *name, uint64_t *len_bit, unsigned *word, uint64_t *first_bit)
{
	size_t n = strlen(name);
	unsigned char c = (unsigned char)name[0];

	*len_bit = (uint64_t)1 << (n < 63 ? n : 63);
	*word = c / 64;
	*first_bit = (uint64_t)1 << (c % 64);
}

/* May a legend give `name`? A filter: 0 says no legend does (naming.h: legend_lens). */
static int legend_may_be(const struct naming *nm, const char *name)
{
	uint64_t len_bit, first_bit;
	unsigned w;

	legend_bits(name, &len_bit, &w, &first_bit);
	return (nm->legend_lens & len_bit) && (nm->legend_first[w] & first_bit);
}

void naming_legends(struct naming *nm, uint32_t source, const struct seg_legend *g, size_t n)
{
	struct buf key = BUF_INIT;

	for (size_t k = 0; k < n; k++) {
		uint64_t len_bit, first_bit;
		unsigned w;

		/* the key is copied only when it is new: the first legend of a name in a text holds */
		if (strmap_get(&nm->legends, num_key(&key, source, g[k].name), NULL))
			continue;
		ALLOC_GROW(nm->desc, nm->ndesc + 1, nm->desc_cap);
		ALLOC_GROW(nm->desc_line, nm->ndesc + 1, nm->desc_line_cap);
		nm->desc_line[nm->ndesc] = g[k].line;
		nm->desc[nm->ndesc++] = g[k].desc;
		legend_bits(g[k].name, &len_bit, &w, &first_bit);
		nm->legend_lens |= len_bit;
		nm->legend_first[w] |= first_bit;
		strmap_put(&nm->legends, arena_strndup(&nm->arena, key.s, key.len), (uint32_t)nm->ndesc);
	}
	buf_release(&key);
}

/* The description a legend of source `source` gives `name` (its line in *line), or NULL. */
static const char *legend_of(const struct naming *nm, uint32_t source, const char *name,
			     struct buf *scratch, uint32_t *line)
{
	uint32_t at;

	if (!nm->ndesc || !*name || !legend_may_be(nm, name))
		return NULL;
	if (!strmap_get(&nm->legends, num_key(scratch, source, name), &at))
		return NULL;
	*line = nm->desc_line[at - 1];
	return nm->desc[at - 1];
}

/* Is run r (flags f) one to line up with the other runs of its experiment and tool? */
static int alignable(const struct run *r, unsigned f)
{
	return (f & NF_COMMAND) && r->variant.origin != VO_COMMAND &&
	       (r->scenario == r->command || !strcmp(r->scenario, r->command));
}

/*
 * Runs `idx[0..n)` (one experiment, one tool), whose scenario is still their
 * whole command: the words that tell the variants apart leave the scenario,
 * and name the runs nothing else named. Returns 0, or -1 when the commands
 * do not line up.
 */
static int align(struct model *m, uint32_t first, const uint32_t *idx, size_t n,
		 const unsigned char *renamable)
{
	struct strmap groups = STRMAP_INIT, cmdset = STRMAP_INIT;
	const char **cmds = NULL, **scenario, **names;
	size_t *group = NULL, ncmds = 0, cap = 0, gcap = 0, ngroups = 0;
	uint32_t *cmd_of = xcalloc(n ? n : 1, sizeof(*cmd_of));
	struct buf gb = BUF_INIT, cb = BUF_INIT;
	int aligned;

	for (size_t k = 0; k < n; k++) {
		struct run *r = &m->rs.runs[idx[k]];
		int rename = renamable[idx[k] - first];
		/* the group: its name, or "\x01" and the command for a run the words may rename */
		const char *gk = r->variant.text;
		const char *ck;
		uint32_t g, c;

		if (rename) {
			buf_reset(&gb);
			buf_addc(&gb, '\x01');
			buf_adds(&gb, r->command);
			gk = gb.s;
		}
		if (!strmap_get(&groups, gk, &g)) {
			g = (uint32_t)ngroups++;
			strmap_put(&groups, rename ? arena_strndup(&m->arena, gb.s, gb.len) : gk, g);
		}
		ck = num_key(&cb, g, r->command);
		if (!strmap_get(&cmdset, ck, &c)) {
			ALLOC_GROW(cmds, ncmds + 1, cap);
			ALLOC_GROW(group, ncmds + 1, gcap);
			cmds[ncmds] = r->command;
			group[ncmds] = g;
			c = (uint32_t)ncmds++;
			strmap_put(&cmdset, arena_strndup(&m->arena, cb.s, cb.len), c);
		}
		cmd_of[k] = c;
	}
	scenario = xcalloc(ncmds ? ncmds : 1, sizeof(*scenario));
	names = xcalloc(ngroups ? ngroups : 1, sizeof(*names));
	aligned = ngroups >= 2 && cmd_align(cmds, group, ncmds, ngroups, &m->arena, scenario, names) == 0;
	for (size_t k = 0; aligned && k < n; k++) {
		struct run *r = &m->rs.runs[idx[k]];

		r->scenario = scenario[cmd_of[k]];
		if (renamable[idx[k] - first]) {
			r->variant.text = names[group[cmd_of[k]]];
			r->variant.origin = VO_COMMAND;
		}
	}
	free(scenario);
	free(names);
	free(cmds);
	free(group);
	free(cmd_of);
	buf_release(&gb);
	buf_release(&cb);
	strmap_release(&groups);
	strmap_release(&cmdset);
	return aligned ? 0 : -1;
}

/* A bucket of runs to line up: one experiment and tool. */
struct bucket {
	uint32_t *idx;
	size_t n, cap;
};

/* "experiment \x1f tool" of run r into *key: a bucket's key (the same tool: its formats, "hyperfine-json"). */
static const char *tool_key(struct buf *key, const struct run *r)
{
	buf_reset(key);
	buf_adds(key, r->experiment);
	buf_addc(key, '\x1f');
	buf_add(key, fmt_name(r->fmt), fmt_tool_len(r->fmt));
	return key->s;
}

/*
 * Runs whose whole command nothing lined up, in an experiment where the
 * tool's other runs have no scenario (a size table's rows beside one file
 * sized under a label): they meet those runs. The other runs of the
 * experiment and tool are the bucket's own and those in no bucket, whose
 * keys `lone` holds when one of them has no scenario.
 */
static void join_unscoped(struct model *m, const struct bucket *b, const struct strmap *lone,
			  struct buf *key, int lined_up)
{
	int unscoped = strmap_get(lone, tool_key(key, &m->rs.runs[b->idx[0]]), NULL);

	/* (where nothing lined up, every scenario is still its run's whole command: none is empty) */
	for (size_t k = 0; lined_up && k < b->n && !unscoped; k++)
		unscoped = !*m->rs.runs[b->idx[k]].scenario;
	if (!unscoped)
		return;
	for (size_t k = 0; k < b->n; k++) {
		struct run *r = &m->rs.runs[b->idx[k]];

		if (!strcmp(r->scenario, r->command))
			r->scenario = "";
	}
}

/*
 * Line up the runs of bucket b text by text, each text's runs in their
 * order, the texts in the order of their first runs: they are sorted by
 * source once (by counting), not gathered by a pass over the bucket for
 * each text. A text that is the whole bucket is not lined up again: it
 * was, and did not line up. Returns 1 when some text lined up.
 */
static int align_each_text(struct model *m, uint32_t first, const struct bucket *b,
			   const unsigned char *renamable)
{
	int lined_up = 0;
	uint32_t *start = xcalloc(m->nsources + 1, sizeof(*start)), *at, *sorted;
	unsigned char *done;

	for (size_t a = 0; a < b->n; a++)
		start[m->rs.runs[b->idx[a]].source + 1]++;
	if (!b->n || start[m->rs.runs[b->idx[0]].source + 1] == b->n) {
		free(start); /* one text: the whole bucket, lined up already */
		return 0;
	}
	at = xcalloc(m->nsources + 1, sizeof(*at));
	sorted = xcalloc(b->n, sizeof(*sorted));
	done = xcalloc(m->nsources ? m->nsources : 1, 1);
	for (size_t s = 0; s < m->nsources; s++)
		start[s + 1] += start[s];
	memcpy(at, start, (m->nsources + 1) * sizeof(*at));
	for (size_t a = 0; a < b->n; a++)
		sorted[at[m->rs.runs[b->idx[a]].source]++] = b->idx[a];
	for (size_t a = 0; a < b->n; a++) {
		uint32_t src = m->rs.runs[b->idx[a]].source, n = start[src + 1] - start[src];

		if (done[src])
			continue;
		done[src] = 1;
		if (n < b->n && align(m, first, sorted + start[src], n, renamable) == 0)
			lined_up = 1;
	}
	free(start);
	free(at);
	free(sorted);
	free(done);
	return lined_up;
}

/*
 * The runs to line up, put in buckets by experiment and tool as the pass
 * decides them (alignable() ones), and the experiments and tools of the
 * runs in no bucket that have no scenario (lining up changes none of
 * them): gathered in the pass that decides, which reads each run anyway.
 */
struct lineup {
	struct bucket *b;
	size_t nb, cap;
	struct strmap seen;  /* "experiment \x1f tool" -> bucket */
	uint32_t last, at;   /* the run put in a bucket last, and its bucket */
	struct strmap lone;  /* the keys of runs in no bucket without a scenario */
	struct arena keys;   /* lone's keys */
	struct buf key;
	/* per format, the experiment (its string) whose key was put last: a text's runs share one */
	const char *put[FMT__COUNT];
};

/* Run r, in no bucket: its key among the lone ones when it has no scenario. */
static void lineup_lone(struct lineup *l, const struct run *r)
{
	/*
	 * A run of an experiment and format put already has its key in:
	 * asked first, it spares reading most scenarios.
	 */
	if (l->put[r->fmt] == r->experiment || *r->scenario)
		return;
	l->put[r->fmt] = r->experiment;
	if (!strmap_get(&l->lone, tool_key(&l->key, r), NULL))
		strmap_put(&l->lone, arena_strdup(&l->keys, l->key.s), 1);
}

/* Run i (decided) into its bucket, or its key among the lone ones. */
static void lineup_add(struct model *m, struct lineup *l, unsigned f, uint32_t i)
{
	const struct run *r = &m->rs.runs[i];

	if (!alignable(r, f)) {
		lineup_lone(l, r);
		return;
	}
	/* the bucket of the last run put in one, when this run has its experiment and format */
	if (l->last == UINT32_MAX || r->experiment != m->rs.runs[l->last].experiment ||
	    r->fmt != m->rs.runs[l->last].fmt) {
		if (!strmap_get(&l->seen, tool_key(&l->key, r), &l->at)) {
			ALLOC_GROW(l->b, l->nb + 1, l->cap);
			memset(&l->b[l->nb], 0, sizeof(l->b[l->nb]));
			l->at = (uint32_t)l->nb++;
			strmap_put(&l->seen, arena_strdup(&m->arena, l->key.s), l->at);
		}
	}
	l->last = i;
	ALLOC_GROW(l->b[l->at].idx, l->b[l->at].n + 1, l->b[l->at].cap);
	l->b[l->at].idx[l->b[l->at].n++] = i;
}

/* Line up each bucket; where unrelated files imported together do not line up, each text alone. Frees l's. */
static void align_buckets(struct model *m, uint32_t first, struct lineup *l, const unsigned char *renamable)
{
	for (size_t k = 0; k < l->nb; k++) {
		int lined_up = align(m, first, l->b[k].idx, l->b[k].n, renamable) == 0 ||
			       align_each_text(m, first, &l->b[k], renamable);

		join_unscoped(m, &l->b[k], &l->lone, &l->key, lined_up);
	}
	for (size_t k = 0; k < l->nb; k++)
		free(l->b[k].idx);
	free(l->b);
	strmap_release(&l->seen);
	strmap_release(&l->lone);
	arena_release(&l->keys);
	buf_release(&l->key);
}

/* Is every word of `part` a word of `whole`? (A scenario cut out of a command.) */
static int words_within(const char *part, const char *whole)
{
	const char *p = part;

	while (*p) {
		size_t n;
		int found = 0;

		while (*p == ' ')
			p++;
		n = strcspn(p, " ");
		if (!n)
			break;
		for (const char *w = whole; *w && !found;) {
			size_t k;

			while (*w == ' ' || *w == '\t')
				w++;
			k = strcspn(w, " \t");
			found = k == n && !strncmp(w, p, n);
			w += k;
		}
		if (!found)
			return 0;
		p += n;
	}
	return 1;
}

/*
 * The evidence the rows read, per run: what the parser proposed (before
 * any row renamed the run), the words its command was told apart by, and
 * whether its block's label reaches it.
 */
struct pass {
	struct naming *nm;
	struct model *m;
	/*
	 * Where the strings the pass makes for runs go: the model's arena,
	 * or while naming_gather() runs, the evidence's own (naming.h)
	 */
	struct arena *strings;
	struct buf scratch;
	const char **proposal;    /* per run: the parser's name from the data, or NULL */
	enum vorigin *prop_origin;
	const char **words;       /* per run: the words its command differs by, or NULL */
	const char **built;       /* per run: the build its lone binary's path names, or NULL */
	unsigned char *attached;  /* per run: its block's label names it */
	unsigned char *env;       /* per run: its text's builds are told apart by variables */
	unsigned char *workload;  /* per run: its name comes again under another label naming no build */
	const char **same_cmd;    /* per run no label reaches: the one label its command had elsewhere */
	uint32_t *same_cmd_line;  /* that label's line */
	uint32_t line;            /* the line of the name the row asked last gave its run (0: none) */
	enum vorigin *line_origin; /* the origin that line is for */
	/*
	 * The legend row_legend() found last describes the run's own command
	 * or binary (not the name its data gave it, which it only explains)
	 */
	int legend_of_run;
	/* the program legend_program() found in the commands asked last (a run's command recurs) */
	struct {
		struct buf cmd, prog;
		int found;
	} progs[4];
	unsigned next_prog;
	struct conflict *conflicts; /* the runs whose evidence disagrees, in the order decided */
	size_t nconflicts, conflicts_cap;
};

typedef const char *(*rule_fn)(struct pass *p, uint32_t k);

/* One piece of evidence for a run's name: the row that gives it, the name, its line (0: none). */
struct evidence {
	enum vorigin origin;
	const char *name;
	uint32_t line;
};

/* Two pieces of evidence that name one run differently: the one taken, the one set aside. */
struct conflict {
	uint32_t run; /* index from nm->first */
	struct evidence taken, other;
	int agree;    /* the two name it alike: kept only to judge the others */
};

/*
 * Row 2: the label above the block; for a comparison's run no label
 * reaches, the label of the same command run elsewhere in the text (the
 * binary under "## Precalculate sizes", again beside another one in a
 * later comparison).
 */
static const char *row_label(struct pass *p, uint32_t k)
{
	/*
	 * A run labelled in the data itself ("• Release: 1.3 MiB", a table's
	 * column header): the line the parser said named it (a header above
	 * the row), else the run's own first line.
	 */
	if (p->proposal[k] && p->prop_origin[k] == VO_LABEL) {
		const struct run *r = &p->m->rs.runs[p->nm->first + k];

		p->line = r->name_line ? r->name_line : r->first_line;
		return p->proposal[k];
	}
	p->line = p->attached[k] ? naming_entry(p->nm, k)->label_line : p->same_cmd_line[k];
	return p->attached[k] ? naming_entry(p->nm, k)->label : p->same_cmd[k];
}

/* Row 3: a legend of the name the run's data gave it, or of the program it ran. */
/*
 * legend_program() of `cmd`, from the few commands asked last when it is
 * one of them: the program's name (valid until the fourth command after
 * this one is asked), or NULL when the command names none.
 */
static const char *program_of(struct pass *p, const char *cmd)
{
	unsigned k;

	for (k = 0; k < countof(p->progs); k++)
		if (p->progs[k].cmd.len && !strcmp(p->progs[k].cmd.s, cmd))
			return p->progs[k].found ? p->progs[k].prog.s : NULL;
	k = p->next_prog++ % countof(p->progs);
	buf_reset(&p->progs[k].cmd);
	buf_adds(&p->progs[k].cmd, cmd);
	buf_reset(&p->progs[k].prog);
	p->progs[k].found = legend_program(cmd, &p->progs[k].prog);
	return p->progs[k].found ? p->progs[k].prog.s : NULL;
}

static const char *row_legend(struct pass *p, uint32_t k)
{
	const struct run *r = &p->m->rs.runs[p->nm->first + k];
	const char *d = NULL;

	p->legend_of_run = 0;
	if (p->proposal[k])
		d = legend_of(p->nm, r->source, p->proposal[k], &p->scratch, &p->line);
	if (!d && p->words[k] && (d = legend_of(p->nm, r->source, p->words[k], &p->scratch, &p->line)))
		p->legend_of_run = 1;
	if (!d && *r->command && p->nm->ndesc) {
		const char *prog = program_of(p, r->command);

		if (prog && (d = legend_of(p->nm, r->source, prog, &p->scratch, &p->line)))
			p->legend_of_run = 1;
	}
	return d;
}

/*
 * Row 4: the words that tell the commands or binaries apart; for a text
 * with nothing to tell apart, the build its binary's path names
 * ("./target/debug/deno").
 */
static const char *row_words(struct pass *p, uint32_t k)
{
	p->line = p->nm->cmd_line[k];
	if (p->proposal[k] && p->prop_origin[k] == VO_COMMAND)
		return p->proposal[k];
	return p->words[k] ? p->words[k] : p->built[k];
}

/* Row 4 too: a size row's file name. */
static const char *row_file(struct pass *p, uint32_t k)
{
	p->line = p->m->rs.runs[p->nm->first + k].first_line; /* a size row is one line */
	return p->proposal[k] && p->prop_origin[k] == VO_FILENAME ? p->proposal[k] : NULL;
}

/* Row 5: the source's name. */
static const char *row_input(struct pass *p, uint32_t k)
{
	return naming_entry(p->nm, k)->input;
}

/* The rows of naming_rules, by their place in it. */
enum { ROW_LABEL, ROW_LEGEND, ROW_WORDS, ROW_FILE, ROW_INPUT };

/*
 * The precedence, strongest first. Row 1 (the user's override, -V) is not
 * here: model_resolve() applies it on load, over what this pass decided,
 * so that a reparse never undoes it. Each row's test is named beside it.
 */
static const struct naming_rule {
	enum vorigin origin;
	rule_fn name;
	const char *evidence;
	const char *test; /* tests/unit/test_naming.c */
} naming_rules[] = {
	[ROW_LABEL] = { VO_LABEL, row_label, "a label attached to the block", "test_row_label" },
	[ROW_LEGEND] = { VO_LEGEND, row_legend, "a legend naming the run's binary or file", "test_row_legend" },
	[ROW_WORDS] = { VO_COMMAND, row_words, "the words that tell the commands apart", "test_row_words" },
	[ROW_FILE] = { VO_FILENAME, row_file, "a size row's file name", "test_row_file" },
	[ROW_INPUT] = { VO_INPUT, row_input, "the source's name", "test_row_input" },
};

/*
 * The evidence rows [from, to) have for run `k`: the first row with a
 * name fills *ev and its index is returned; `to` when none.
 */
static size_t evidence_from(struct pass *p, uint32_t k, size_t from, size_t to, struct evidence *ev)
{
	for (size_t i = from; i < to; i++) {
		const char *name;

		p->line = 0;
		name = naming_rules[i].name(p, k);
		if (name && *name) {
			ev->origin = naming_rules[i].origin;
			ev->name = name;
			ev->line = p->line;
			return i;
		}
	}
	return to;
}

/* Do two names differ as names of a variant (variant_key(): "Release build" is "release")? */
static int names_differ(struct pass *p, const char *a, const char *b)
{
	struct buf kb = BUF_INIT;
	int differ;

	buf_reset(&p->scratch);
	variant_key(a, strlen(a), &p->scratch);
	variant_key(b, strlen(b), &kb);
	differ = strcmp(buf_str(&p->scratch), buf_str(&kb)) != 0;
	buf_release(&kb);
	return differ;
}

/*
 * Name run `k` by the strongest evidence, the first row of the precedence
 * that has a name for it; returns that row's origin. Where a label decides
 * and a legend of the same text describes the run's own binary or command
 * as another build, both are kept as a conflict, which naming_finish()
 * reports.
 */
static enum vorigin decide(struct pass *p, uint32_t k)
{
	struct run *r = &p->m->rs.runs[p->nm->first + k];
	struct evidence ev, other;
	size_t i = evidence_from(p, k, 0, countof(naming_rules), &ev);

	if (i == countof(naming_rules))
		return r->variant.origin;
	r->variant.text = ev.name;
	r->variant.origin = ev.origin;
	r->name_line = ev.line;
	p->line_origin[k] = ev.origin;
	/*
	 * (legends are asked again only in texts that have some; and only
	 * the rows down to the legend's: a row below it names no legend)
	 */
	if (ev.origin == VO_LABEL && p->nm->ndesc &&
	    evidence_from(p, k, i + 1, ROW_LEGEND + 1, &other) == ROW_LEGEND && p->legend_of_run) {
		/* (an agreement is kept too: it shows a legend shared by runs of different labels) */
		ALLOC_GROW(p->conflicts, p->nconflicts + 1, p->conflicts_cap);
		p->conflicts[p->nconflicts].run = k;
		p->conflicts[p->nconflicts].taken = ev;
		p->conflicts[p->nconflicts].other = other;
		p->conflicts[p->nconflicts].agree = !names_differ(p, ev.name, other.name);
		p->nconflicts++;
	}
	return ev.origin;
}

/*
 * Is `name` the program `first` names, with only a workload's size after
 * it ("train", "train_large", "bench-small")? Such names tell workloads
 * apart, not builds.
 */
static int workload_words(const char *name, const char *first)
{
	static const char *const sizes[] = { "large", "small", "medium", "big", "tiny", "huge",
					     "short", "long", "mini", "full", "xl", "xs", NULL };
	size_t head = strcspn(name, "_-. ");
	const char *w = name + head;

	if (head != strcspn(first, "_-. ") || strncmp(name, first, head))
		return 0;

	while (*w) {
		size_t n;
		int hit = 0;

		w += strspn(w, "_-. ");
		n = strcspn(w, "_-. ");
		if (!n)
			break;
		for (const char *const *z = sizes; *z && !hit; z++)
			hit = strlen(*z) == n && !strncasecmp(w, *z, n);
		if (!hit && !(*w >= '0' && *w <= '9'))
			return 0;
		w += n;
	}
	return 1;
}

/*
 * The runs with a proposal, grouped by a key (their block, or their
 * label): what the heading rule of attach_labels() asks of a run's group,
 * known for each group at once. "Some run of the group proposes a name
 * that is not a workload of this run's program" (workload_words()), for
 * a run of the group, is: a run whose name is more than a program and
 * size words, or two programs among the others (one program among them
 * is the asking run's own).
 */
struct workload_group {
	int not_shaped;   /* a run's name is more than its program and size words */
	const char *head; /* the program of the others (its first word), or NULL */
	size_t head_len;
	int heads;        /* a second program among them */
};

struct keyed_run {
	uintptr_t key;
	uint32_t k;
};

static int cmp_keyed_run(const void *a, const void *b)
{
	const struct keyed_run *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->k < y->k ? -1 : x->k > y->k;
}

/* Group the runs with a proposal by key_of[k]; *group_of[k] is each one's group (UINT32_MAX: none). */
static struct workload_group *workload_groups(const char *const *proposal, const uintptr_t *key_of, uint32_t n,
					      uint32_t **group_of)
{
	struct keyed_run *v = xcalloc(n ? n : 1, sizeof(*v));
	struct workload_group *g = xcalloc(n ? n : 1, sizeof(*g));
	uint32_t nv = 0, ng = 0;

	*group_of = xcalloc(n ? n : 1, sizeof(**group_of));
	for (uint32_t k = 0; k < n; k++) {
		(*group_of)[k] = UINT32_MAX;
		if (proposal[k])
			v[nv].key = key_of[k], v[nv++].k = k;
	}
	qsort(v, nv, sizeof(*v), cmp_keyed_run);
	for (uint32_t i = 0; i < nv; i++) {
		const char *p = proposal[v[i].k];
		size_t head = strcspn(p, "_-. ");
		struct workload_group *w;

		if (!i || v[i].key != v[i - 1].key)
			ng++;
		w = &g[ng - 1];
		(*group_of)[v[i].k] = ng - 1;
		if (!workload_words(p, p))
			w->not_shaped = 1;
		else if (!w->head)
			w->head = p, w->head_len = head;
		else if (w->head_len != head || strncmp(w->head, p, head))
			w->heads = 1;
	}
	free(v);
	return g;
}

/* Does group w, which holds the asking run, hold a run whose name is not a workload of its program? */
static int other_than_workload(const struct workload_group *w)
{
	return w->not_shaped || w->heads;
}

/*
 * The first run of `key` (made in a scratch buffer: copied into `keys` when
 * it is new to `seen`): k itself for the first, else the earlier run's.
 * A key that comes again costs a look-up, not a copy.
 */
static uint32_t first_with_key(struct strmap *seen, struct arena *keys, const char *key, uint32_t k)
{
	uint32_t at;

	if (strmap_get(seen, key, &at))
		return at;
	strmap_put(seen, arena_strdup(keys, key), k);
	return k;
}

/* An array of n runs, each UINT32_MAX (no key): the caller frees it. */
static uint32_t *no_keys(uint32_t n)
{
	uint32_t *first = xmalloc((n ? n : 1) * sizeof(*first));

	for (uint32_t k = 0; k < n; k++)
		first[k] = UINT32_MAX;
	return first;
}

/*
 * Runs that name themselves (a size row's file, a command) in blocks one
 * label that names no build governs: when they propose two names or more
 * across those blocks (ten "size" outputs of ten programs under the text's
 * title), the label is over a comparison of what they name, as it is
 * within one block.
 */
static void multi_across_blocks(struct pass *p)
{
	struct naming *nm = p->nm;
	struct arena keys = ARENA_INIT;
	struct strmap seen = STRMAP_INIT;
	unsigned char *differ;
	uint32_t *first = no_keys((uint32_t)nm->n), last = UINT32_MAX, last_source = 0, lo = UINT32_MAX, hi = 0;

	for (uint32_t k = 0; k < nm->n; k++) {
		const struct naming_run *e = naming_entry(nm, k);
		uint32_t source;

		/* a label that names a build ("With LTO:") still names what its outputs size */
		if ((nm->flags[k] & (NF_LABEL | NF_MULTI | NF_BUILD | NF_PROPOSAL)) != (NF_LABEL | NF_PROPOSAL) ||
		    p->prop_origin[k] == VO_LABEL)
			continue;
		if (lo == UINT32_MAX)
			lo = k;
		hi = k + 1;
		source = e->source;
		/* the key is the source and the label's address: a block's runs share it */
		if (last != UINT32_MAX && last_source == source && naming_entry(nm, last)->label == e->label) {
			first[k] = first[last];
		} else {
			buf_reset(&p->scratch);
			buf_addf(&p->scratch, "%u\x1f%p", (unsigned)source, (const void *)e->label);
			first[k] = first_with_key(&seen, &keys, p->scratch.s, k);
		}
		last = k;
		last_source = source;
	}
	strmap_release(&seen);
	/* (the runs with a key are [lo, hi)'s: none, in most imports) */
	differ = xcalloc(hi > lo ? hi - lo : 1, 1);
	for (uint32_t k = lo; k < hi; k++)
		if (first[k] != UINT32_MAX && strcmp(p->proposal[first[k]], p->proposal[k]))
			differ[first[k] - lo] = 1;
	for (uint32_t k = lo; k < hi; k++)
		if (first[k] != UINT32_MAX && differ[first[k] - lo])
			nm->flags[k] |= NF_MULTI;
	free(first);
	free(differ);
	arena_release(&keys);
}

/*
 * Do labels a and b state the same build ("Benchmark aes with -O3" and
 * "Benchmark qsort with -O3")? Then what tells them apart is what ran,
 * and the names under them are the builds. `memo` keeps the labels read,
 * by their text (a log repeats its labels), and the two asked last by
 * their address (the label of a name's first run, asked beside each
 * other's; a block's runs share theirs), each with its slot and what the
 * slot held then: while it holds that still, the reading is the label's.
 */
struct build_memo {
	const char *label[64];
	struct factor_reading r[64];
	struct {
		const char *label, *held;
		unsigned slot;
	} last[2];
	unsigned next; /* the entry of `last` to fill next */
};

static const struct factor_reading *reading_of(struct build_memo *memo, const char *label)
{
	unsigned h = 2166136261u, i;

	for (unsigned k = 0; k < countof(memo->last); k++)
		if (memo->last[k].label == label && memo->label[memo->last[k].slot] == memo->last[k].held)
			return &memo->r[memo->last[k].slot];
	for (const char *c = label; *c; c++)
		h = (h ^ (unsigned char)*c) * 16777619u;
	i = h & 63;
	if (!memo->label[i] || (memo->label[i] != label && strcmp(memo->label[i], label))) {
		memo->label[i] = label;
		factor_read(label, strlen(label), &memo->r[i]);
	}
	memo->last[memo->next].label = label;
	memo->last[memo->next].held = memo->label[i];
	memo->last[memo->next].slot = i;
	memo->next = (memo->next + 1) % countof(memo->last);
	return &memo->r[i];
}

static int same_build(struct build_memo **memo, const char *a, const char *b)
{
	const struct factor_reading *ra, *rb;

	if (!*memo)
		*memo = xcalloc(1, sizeof(**memo));
	ra = reading_of(*memo, a);
	rb = reading_of(*memo, b);

	return ra->nread && rb->nread && !memcmp(ra->level, rb->level, sizeof(ra->level));
}

/*
 * Does a block's label reach its runs? Always, unless the runs name
 * themselves (two size rows, two commands) — and even then when the same
 * names come again under another label: two size tables of the same files,
 * "Before:" and "After:", are told apart only by their labels.
 */
static void attach_labels(struct pass *p)
{
	struct naming *nm = p->nm;
	struct arena keys = ARENA_INIT;
	struct strmap seen = STRMAP_INIT;
	unsigned char *again = xcalloc(nm->n ? nm->n : 1, 1);
	uint32_t *first, *block_group = NULL, *label_group = NULL;
	struct workload_group *by_block = NULL, *by_label = NULL;
	const char *asked = NULL; /* the label asked last whether it names a build, and the answer */
	int asked_builds = 0, titled = 0;
	struct build_memo *memo = NULL;

	multi_across_blocks(p);

	first = no_keys((uint32_t)nm->n);
	for (uint32_t k = 0; k < nm->n; k++) {
		const unsigned want = NF_LABEL | NF_MULTI | NF_PROPOSAL;

		if (k + PREFETCH_RUNS < nm->n && (nm->flags[k + PREFETCH_RUNS] & want) == want) {
			BD_PREFETCH(p->proposal[k + PREFETCH_RUNS]);
			BD_PREFETCH(naming_entry(nm, k + PREFETCH_RUNS));
		}
		if ((nm->flags[k] & want) == want)
			first[k] = first_with_key(
				&seen, &keys, num_key(&p->scratch, naming_entry(nm, k)->source, p->proposal[k]),
				k);
	}
	strmap_release(&seen);
	for (uint32_t k = 0; k < nm->n; k++) {
		const struct naming_run *e;
		uint32_t at = first[k];

		/* (the entry of a run two steps ahead; one step ahead, its label, which the entry holds) */
		if (k + 2 * PREFETCH_RUNS < nm->n && first[k + 2 * PREFETCH_RUNS] != UINT32_MAX)
			BD_PREFETCH(naming_entry(nm, k + 2 * PREFETCH_RUNS));
		if (k + PREFETCH_RUNS < nm->n && first[k + PREFETCH_RUNS] != UINT32_MAX)
			BD_PREFETCH(naming_entry(nm, k + PREFETCH_RUNS)->label);
		if (at == UINT32_MAX || at == k)
			continue;
		e = naming_entry(nm, k);
		/*
		 * Only labels that name builds take over: under "trio.txt:"
		 * and "PDM:" the same four binaries are builds measured on
		 * two workloads, not two builds of the same things.
		 */
		if (!strcmp(naming_entry(nm, at)->label, e->label))
			continue;
		if (((nm->flags[k] | nm->flags[at]) & NF_BUILD) &&
		    !((nm->flags[k] & nm->flags[at] & NF_BUILD) && same_build(&memo, naming_entry(nm, at)->label, e->label)))
			again[k] = again[at] = 1;
		else
			p->workload[k] = p->workload[at] = 1;
	}
	for (uint32_t k = 0; k < nm->n; k++) {
		if (first[k] != UINT32_MAX) {
			again[k] |= again[first[k]];
			p->workload[k] |= p->workload[first[k]];
		}
	}
	free(first);
	/*
	 * A listing under a build's label some of whose names come again under
	 * another build's (vmlinux under "1. GCC" and "2. LLVM", beside package
	 * files whose names hold the compiler): the whole listing is that
	 * build's, each name its scenario.
	 */
	if (nm->nblocks) {
		unsigned char *blk = xcalloc(nm->nblocks, 1);
		int any = 0;

		for (uint32_t k = 0; k < nm->n; k++)
			if (again[k] && naming_entry(nm, k)->block < nm->nblocks)
				blk[naming_entry(nm, k)->block] = 1, any = 1;
		for (uint32_t k = 0; any && k < nm->n; k++) {
			const struct naming_run *e = naming_entry(nm, k);

			if (!again[k] &&
			    (nm->flags[k] & (NF_LABEL | NF_MULTI | NF_PROPOSAL)) == (NF_LABEL | NF_MULTI | NF_PROPOSAL) &&
			    e->block < nm->nblocks && blk[e->block])
				again[k] = 1;
		}
		free(blk);
	}
	/*
	 * A section's heading that names no build, over runs told apart only
	 * by the size of what they ran ("## Ryzen 7 9700x" over ./train and
	 * ./train_large): the runs are workloads measured on what the heading
	 * names. (Whether some run of its block or under its label names
	 * something else is known by group, once: asked run by run of every
	 * run, it made a text of many such sections quadratic.)
	 */
	for (uint32_t k = 0; k < nm->n; k++) {
		const unsigned want = NF_LABEL | NF_MULTI | NF_HEADING | NF_PROPOSAL;
		const struct naming_run *e;

		if ((nm->flags[k] & want) != want || again[k])
			continue;
		e = naming_entry(nm, k);
		if (e->label != asked) { /* (a block's runs share their label) */
			asked = e->label;
			asked_builds = label_names_build(e->label, strlen(e->label));
		}
		if (asked_builds)
			continue;
		if (!by_block) {
			uintptr_t *of = xcalloc(nm->n ? nm->n : 1, sizeof(*of));

			for (uint32_t j = 0; j < nm->n; j++)
				of[j] = naming_entry(nm, j)->block;
			by_block = workload_groups(p->proposal, of, nm->n, &block_group);
			for (uint32_t j = 0; j < nm->n; j++)
				of[j] = (uintptr_t)naming_entry(nm, j)->label;
			by_label = workload_groups(p->proposal, of, nm->n, &label_group);
			free(of);
		}
		again[k] = !other_than_workload(&by_block[block_group[k]]) &&
			   !other_than_workload(&by_label[label_group[k]]);
	}
	free(by_block);
	free(by_label);
	free(block_group);
	free(label_group);
	/* the import's texts come last, in the order of their runs: has one of them a title? */
	for (size_t s = nm->n ? p->m->rs.runs[nm->first].source : p->m->nsources; s < p->m->nsources && !titled;
	     s++)
		titled = *p->m->sources[s].title != '\0';
	for (uint32_t k = 0; k < nm->n; k++) {
		struct run *r;
		const char *title;

		p->attached[k] = (nm->flags[k] & NF_LABEL) && (!(nm->flags[k] & NF_MULTI) || again[k]);
		if (!again[k] && !(p->attached[k] && titled))
			continue; /* (nothing below reads the run) */
		r = &p->m->rs.runs[nm->first + k];
		title = p->m->sources[r->source].title;
		/* the text's title heading ("# opt: Enable LTO for release builds") names the experiment */
		if (p->attached[k] && *title && !strcmp(title, naming_entry(nm, k)->label) &&
		    text_words(title, strlen(title), 5) >= 5)
			p->attached[k] = 0;
		if (again[k]) {
			/* the file or command that was the name is what stays the same */
			r->scenario = *r->command ? r->command : p->proposal[k];
			p->proposal[k] = NULL;
			nm->flags[k] &= (unsigned char)~NF_PROPOSAL;
		}
	}
	free(again);
	free(memo);
	arena_release(&keys);
}

/*
 * Runs of a thread (a text with a title) still named after their source,
 * whose binary's path names a build ("./target/debug/deno"): that build
 * names them — unless texts of one
 * experiment would meet on it (release.txt and pgo.txt both running
 * "./target/release/app": their file names tell them apart, the path not).
 */
static void lone_builds(struct pass *p)
{
	struct model *m = p->m;
	struct strmap src = STRMAP_INIT;
	struct buf b = BUF_INIT;
	uint32_t first = p->nm->first;

	for (uint32_t k = 0; k < p->nm->n && first + k < m->rs.nruns; k++) {
		const struct run *r = &m->rs.runs[first + k];
		uint32_t s;

		if (r->variant.origin != VO_INPUT)
			continue;
		if (!strmap_get(&src, r->experiment, &s))
			strmap_put(&src, r->experiment, r->source);
		else if (s != r->source)
			strmap_put(&src, r->experiment, UINT32_MAX);
	}
	for (uint32_t k = 0; k < p->nm->n && first + k < m->rs.nruns; k++) {
		const struct run *r = &m->rs.runs[first + k];
		uint32_t s;

		/* a plain log's file name is its author's label; a thread's is only where it was saved */
		if (r->variant.origin != VO_INPUT || !(p->nm->flags[k] & NF_COMMAND) || !*m->sources[r->source].title ||
		    (strmap_get(&src, r->experiment, &s) && s == UINT32_MAX))
			continue;
		buf_reset(&b);
		if (cmd_build_name(r->command, &b))
			p->built[k] = arena_strndup(&m->arena, b.s, b.len);
	}
	buf_release(&b);
	strmap_release(&src);
}

/*
 * For the runs of a comparison (a block whose runs name themselves by
 * their commands) that no label reaches: the label that runs of the same
 * command (and text) had, when they all had one and the same. A lone run
 * of a command labelled elsewhere takes nothing: the same command before
 * and after a rebuild is two builds.
 */
static void labels_by_command(struct pass *p)
{
	struct naming *nm = p->nm;
	struct strmap cmds = STRMAP_INIT;
	struct arena keys = ARENA_INIT;
	const char **label;
	uint32_t *line;
	size_t nlabel = 0;
	int wanted = 0;

	/* the labelled runs' commands are gathered only for a run that may take one (a scan, not a map) */
	for (uint32_t k = 0; k < nm->n && !wanted; k++)
		wanted = (nm->flags[k] & (NF_COMMAND | NF_MULTI)) == (NF_COMMAND | NF_MULTI) && !p->attached[k];
	if (!wanted)
		return;
	label = xcalloc(nm->n ? nm->n : 1, sizeof(*label));
	line = xcalloc(nm->n ? nm->n : 1, sizeof(*line));
	/* (with no labelled run's command gathered, no run takes one) */
	for (int pass = 0; pass < 2 && (pass == 0 || nlabel); pass++) {
		for (uint32_t k = 0; k < nm->n; k++) {
			const struct run *r;
			const char *key;
			uint32_t at;

			/* only a comparison's runs, told apart by their commands, take it */
			if (!(nm->flags[k] & NF_COMMAND) || (pass == 0) != (p->attached[k] != 0) ||
			    (pass == 1 && !(nm->flags[k] & NF_MULTI)))
				continue;
			r = &p->m->rs.runs[nm->first + k];
			/* the key is copied only when the map keeps it: most commands come again */
			key = num_key(&p->scratch, r->source, r->command);
			if (pass == 1) {
				if (strmap_get(&cmds, key, &at) && label[at]) {
					p->same_cmd[k] = label[at];
					p->same_cmd_line[k] = line[at];
				}
			} else if (!strmap_get(&cmds, key, &at)) {
				strmap_put(&cmds, arena_strdup(&keys, key), (uint32_t)nlabel);
				line[nlabel] = naming_entry(nm, k)->label_line;
				label[nlabel++] = naming_entry(nm, k)->label;
			} else if (label[at] && strcmp(label[at], naming_entry(nm, k)->label)) {
				label[at] = NULL; /* "Before:" and "After:" ran it: it names nothing */
			}
		}
	}
	free(label);
	free(line);
	strmap_release(&cmds);
	arena_release(&keys);
}

/*
 * Runs still named after their source, whose program another tool's run
 * of the same text was named by ("perf stat ./target/release/app_pgo" and
 * a hyperfine comparison that named ./app_pgo "app_pgo"): that name.
 */
static void same_program(struct pass *p)
{
	struct model *m = p->m;
	struct strmap progs = STRMAP_INIT;
	struct arena keys = ARENA_INIT;
	struct buf prog = BUF_INIT;
	const char **name = xcalloc(p->nm->n ? p->nm->n : 1, sizeof(*name));
	size_t nname = 0;

	for (int pass = 0; pass < 2; pass++) {
		for (uint32_t k = 0; k < p->nm->n; k++) {
			const struct run *r = &m->rs.runs[p->nm->first + k];
			const char *key;
			uint32_t at;

			/* variables before a command name its build, not its program */
			if (!(p->nm->flags[k] & NF_COMMAND) || p->env[k] ||
			    (pass == 0 ? r->variant.origin != VO_COMMAND
				       : r->variant.origin != VO_INPUT || p->words[k]))
				continue;
			buf_reset(&prog);
			if (!legend_program(r->command, &prog))
				continue;
			key = arena_printf(&keys, "%u\x1f%s", (unsigned)r->source, prog.s);
			if (pass == 1) {
				if (strmap_get(&progs, key, &at) && name[at])
					p->words[k] = name[at];
			} else if (strmap_put_new(&progs, key, (uint32_t)nname, &at)) {
				name[nname++] = r->variant.text;
			} else if (name[at] && strcmp(name[at], r->variant.text)) {
				name[at] = NULL; /* one program, two names: it tells nothing */
			}
		}
	}
	free(name);
	buf_release(&prog);
	strmap_release(&progs);
	arena_release(&keys);
}

/*
 * Runs of a text whose commands differ by variables that configure the
 * build ("RUSTFLAGS='-Z thinlto' time cargo test" beside "time cargo
 * test"): the variables name the build, and the command after them is the
 * scenario, for every run of that text with a command (a run without them
 * is the text's other build, named by what names it otherwise).
 */
static void env_builds(struct pass *p)
{
	struct model *m = p->m;
	struct buf name = BUF_INIT;
	int any = 0;

	/* which texts have such commands was asked block by block (naming_block()) */
	for (size_t s = 0; s < p->nm->env_cap && !any; s++)
		any = p->nm->env_sources[s];
	for (uint32_t k = 0; any && k < p->nm->n && p->nm->first + k < m->rs.nruns; k++) {
		struct run *r = &m->rs.runs[p->nm->first + k];
		const char *rest = r->command;

		if (!(p->nm->flags[k] & NF_COMMAND) || !env_source(p->nm, r->source) || strcmp(r->scenario, r->command))
			continue;
		p->env[k] = 1;
		buf_reset(&name);
		if (cmd_build_env(r->command, &name, &rest) && !p->proposal[k])
			p->words[k] = arena_strndup(p->strings, name.s, name.len);
		r->scenario = arena_strdup(p->strings, rest);
	}
	buf_release(&name);
}

/*
 * Each conflict of the pass as a warning at its run's first line, naming
 * both pieces of evidence and the one taken (nothing without a diag).
 */
static void report_conflicts(const struct pass *p, struct diag *d)
{
	for (size_t i = 0; d && i < p->nconflicts; i++) {
		const struct conflict *c = &p->conflicts[i];
		const struct run *r = &p->m->rs.runs[p->nm->first + c->run];
		int shared = c->agree;

		/*
		 * A legend set against labels naming different builds describes
		 * the program they all ran ("# db: PGO and BOLT" over Release and
		 * PGO + BOLT), not the build of one: no conflict
		 */
		for (size_t j = 0; j < p->nconflicts && !shared; j++) {
			const struct conflict *o = &p->conflicts[j];

			shared = p->m->rs.runs[p->nm->first + o->run].source == r->source &&
				 !strcmp(o->other.name, c->other.name) && strcmp(o->taken.name, c->taken.name);
		}
		if (shared)
			continue;

		diag_warn(d, p->m->sources[r->source].name, r->first_line,
			  "the label \"%s\" (line %u) and the legend \"%s\" (line %u) name this run differently; "
			  "the label names it (a label comes first)",
			  c->taken.name, c->taken.line, c->other.name, c->other.line);
	}
}

/* Words that make a line above an output a repetition of the one before ("Run it again:"). */
static const char *const repeat_words[] = { "again", "rerun", "re-run", "repeat", "repeated", "retry", "second",
					    "another", "same", "run", "try", "attempt", "iteration", "round", NULL };

/* Does `s` hold a word of `list` (ASCII case aside; a counter glued after it too: "iteration1")? */
static int has_word(const char *s, const char *const *list)
{
	while (*s) {
		size_t n, w;

		while (*s && !(isalnum((unsigned char)*s) || *s == '-'))
			s++;
		for (n = 0; s[n] && (isalnum((unsigned char)s[n]) || s[n] == '-');)
			n++;
		for (w = n; w && isdigit((unsigned char)s[w - 1]);)
			w--;
		for (size_t i = 0; w && list[i]; i++)
			if (strlen(list[i]) == w && !strncasecmp(s, list[i], w))
				return 1;
		s += n;
	}
	return 0;
}

/*
 * The caption of run k's block as a name: without the words every
 * caption of its group begins with (`skip` bytes), the code marks and
 * the closing colon or stop. In the arena; NULL when nothing is left.
 */
static const char *caption_name(struct pass *p, const char *caption, size_t skip)
{
	struct buf b = BUF_INIT;
	const char *name = NULL;

	for (const char *c = caption + skip; *c; c++)
		if (*c != '`')
			buf_addc(&b, *c);
	while (b.len && strchr(" \t:.", b.s[b.len - 1]))
		b.len--;
	buf_str(&b);
	if (b.len && b.len <= 100)
		name = arena_strndup(&p->m->arena, b.s, b.len);
	buf_release(&b);
	return name;
}

/* Words a heading may hold beside a tool's name and still name only the tool ("Perf stat", "wrk output"). */
static const char *const tool_heading_words[] = { "stat", "output", "outputs", "result", "results", "run",
						  "runs", "log", NULL };

/* Is `label` a tool's name (format `fmt`'s) and such words alone? */
static int names_tool(const char *label, enum fmt fmt)
{
	int tool = 0;

	for (const char *w = label; *w;) {
		char word[32];
		size_t n = 0;
		int known = 0;

		while (*w && !isalnum((unsigned char)*w) && *w != '-' && *w != '_')
			w++;
		while (w[n] && (isalnum((unsigned char)w[n]) || w[n] == '-' || w[n] == '_'))
			n++;
		if (!n)
			break;
		if (n >= sizeof(word))
			return 0;
		for (size_t i = 0; i < n; i++)
			word[i] = (char)tolower((unsigned char)w[i]);
		word[n] = '\0';
		if (fmt_from_name(word) == (int)fmt)
			known = tool = 1;
		for (size_t i = 0; !known && tool_heading_words[i]; i++)
			known = !strcmp(word, tool_heading_words[i]);
		if (!known)
			return 0;
		w += n;
	}
	return tool;
}

/*
 * The file a label names ("Take the first benchmark, `benchmark/bm_life.rb`:"):
 * its last word with a '/' or a file's extension, code marks and
 * punctuation aside; its bytes in *n, NULL when it names none.
 */
static const char *label_file(const char *label, size_t *n)
{
	const char *found = NULL;

	*n = 0;
	for (const char *w = label; *w;) {
		const char *e, *dot;

		while (*w == ' ' || *w == '`' || *w == '(' || *w == '"')
			w++;
		for (e = w; *e && *e != ' '; e++)
			;
		while (e > w && strchr("`,:;.)\"", e[-1]))
			e--;
		dot = e > w ? memchr(w, '.', (size_t)(e - w)) : NULL;
		if (e - w >= 4 && (memchr(w, '/', (size_t)(e - w)) || (dot && dot > w && e - dot >= 2 && e - dot <= 5 &&
									isalpha((unsigned char)dot[1]))))
			found = w, *n = (size_t)(e - w);
		while (*w && *w != ' ')
			w++;
	}
	return found;
}

/* Does word w[0..n) stand in every command of runs [a, b)? */
static int word_in_all(struct pass *p, uint32_t a, uint32_t b, const char *w, size_t n)
{
	for (uint32_t k = a; k < b; k++) {
		const char *q = p->m->rs.runs[p->nm->first + k].command;
		int found = 0;

		while (*q && !found) {
			const char *e;

			while (*q == ' ')
				q++;
			for (e = q; *e && *e != ' '; e++)
				;
			found = e > q && (size_t)(e - q) == n && !memcmp(q, w, n);
			q = e;
		}
		if (!found)
			return 0;
	}
	return 1;
}

/*
 * The names of runs [a, b), each its command less the words of the
 * workload the label names (its file, and any word holding the file's
 * stem: "benchmark/bm_life.rb" and "./bm_life"), less the words every one
 * of the commands holds ("time"), and less a shell's joints left at either
 * end ("&&"): "./spinel benchmark/bm_life.rb && time ./bm_life" is
 * "./spinel", "time ruby --yjit benchmark/bm_life.rb" is "ruby --yjit".
 * Sets p->words[] and returns 1 when every run gets a name and two differ;
 * 0 (nothing set) otherwise.
 */
static int workload_names(struct pass *p, uint32_t a, uint32_t b, const char *file, size_t fn)
{
	const char *stem = file, *dot;
	char stemz[64];
	size_t sn;
	const char **names = xcalloc(b - a, sizeof(*names));
	struct buf out = BUF_INIT;
	int ok = 1, differ = 0;

	for (const char *q = file; q < file + fn; q++)
		if (*q == '/')
			stem = q + 1;
	dot = memchr(stem, '.', (size_t)(file + fn - stem));
	sn = dot ? (size_t)(dot - stem) : (size_t)(file + fn - stem);
	if (sn >= sizeof(stemz))
		sn = 0;
	memcpy(stemz, stem, sn);
	stemz[sn] = '\0';
	for (uint32_t k = a; ok && k < b; k++) {
		const char *c = p->m->rs.runs[p->nm->first + k].command;

		buf_reset(&out);
		for (const char *w = c; *w;) {
			const char *e;

			while (*w == ' ')
				w++;
			for (e = w; *e && *e != ' '; e++)
				;
			if (e == w)
				break;
			if (!(sn >= 3 && text_find(w, (size_t)(e - w), stemz)) &&
			    !word_in_all(p, a, b, w, (size_t)(e - w))) {
				if (out.len)
					buf_addc(&out, ' ');
				buf_add(&out, w, (size_t)(e - w));
			}
			w = e;
		}
		/* a shell's joints at either end: "./spinel &&" */
		for (int again = 1; again;) {
			static const char *const joints[] = { "&&", "||", ";", "|" };

			again = 0;
			for (size_t j = 0; j < countof(joints) && out.len; j++) {
				size_t jn = strlen(joints[j]);

				if (out.len >= jn && !memcmp(out.s + out.len - jn, joints[j], jn) &&
				    (out.len == jn || out.s[out.len - jn - 1] == ' ')) {
					out.len -= jn;
					while (out.len && out.s[out.len - 1] == ' ')
						out.len--;
					again = 1;
				} else if (out.len > jn && !memcmp(out.s, joints[j], jn) && out.s[jn] == ' ') {
					memmove(out.s, out.s + jn + 1, out.len - jn - 1);
					out.len -= jn + 1;
					again = 1;
				}
			}
			if (out.s)
				out.s[out.len] = '\0';
		}
		ok = out.len > 0;
		if (ok)
			names[k - a] = arena_strndup(p->strings, out.s, out.len);
		differ |= ok && k > a && strcmp(names[k - a], names[0]);
	}
	ok = ok && differ;
	for (uint32_t k = a; ok && k < b; k++)
		p->words[k] = names[k - a];
	free(names);
	buf_release(&out);
	return ok;
}

/*
 * A heading that is the name of the tool whose outputs it reaches ("#
 * Perf stat" over "perf stat ./one" and "perf stat ./two"), or a label
 * naming the file every one of their commands runs ("`benchmark/bm_life.rb`:"
 * over "time ruby bm_life.rb" and "time ruby --yjit bm_life.rb"), says what
 * was run, not which build: where those outputs ran different commands,
 * the commands tell them apart, and the label is their scenario.
 */
static void tool_headings(struct pass *p, struct diag *d)
{
	struct naming *nm = p->nm;
	struct model *m = p->m;

	for (uint32_t a = 0, b; a < nm->n; a = b) {
		const struct naming_run *ea = naming_entry(nm, a);
		const struct run *ra = &m->rs.runs[nm->first + a];
		int differ = 0, ok = ea->label && p->attached[a] && (nm->flags[a] & NF_COMMAND),
		    tool = ok && names_tool(ea->label, ra->fmt);
		size_t fn = 0;
		const char *file = ok && !tool ? label_file(ea->label, &fn) : NULL;
		char *f = file ? xstrndup(file, fn) : NULL;

		ok = ok && (tool || (f && strstr(ra->command, f)));
		for (b = a + 1; b < nm->n && naming_entry(nm, b)->label_line == ea->label_line &&
				naming_entry(nm, b)->source == ea->source;
		     b++) {
			const struct run *r = &m->rs.runs[nm->first + b];

			ok = ok && p->attached[b] && (nm->flags[b] & NF_COMMAND) && r->fmt == ra->fmt &&
			     (tool || strstr(r->command, f));
			differ |= ok && naming_entry(nm, b)->block != ea->block && strcmp(r->command, ra->command);
		}
		/* a label naming the file: the commands less that workload name the runs */
		ok = ok && differ && (tool || workload_names(p, a, b, file, fn));
		free(f);
		if (!ok)
			continue;
		if (d && tool)
			diag_warn(d, m->sources[ra->source].name, ea->label_line,
				  "the heading \"%s\" (line %u) is the name of the tool its outputs ran, and their "
				  "commands differ: the commands name them, the heading is their scenario",
				  ea->label, ea->label_line);
		else if (d)
			diag_warn(d, m->sources[ra->source].name, ea->label_line,
				  "the label \"%s\" (line %u) names the file every command under it runs, and the "
				  "commands differ: the commands name them, the label is their scenario",
				  ea->label, ea->label_line);
		for (uint32_t k = a; k < b; k++) {
			struct naming_run *e = naming_entry_mut(nm, k);

			p->attached[k] = 0;
			if (!e->scenario)
				e->scenario = e->label;
		}
	}
}

/*
 * Outputs that one label reaches and that the lines right above them tell
 * apart ("Measuring the load time of the C++ library" and "Now, for the
 * load time of the Go library" under one "## Measuring the library load
 * time"): the nearest evidence decides, each line names its output and the
 * label becomes their scenario; the import warns, naming both. Only where
 * every output the label reaches has such a line of its own, no two alike,
 * none a repetition ("Run it again:") nor a section ("Results:"), and no
 * output's runs name themselves.
 */
static void sibling_captions(struct pass *p, uint32_t n, struct diag *d)
{
	struct naming *nm = p->nm;
	struct model *m = p->m;
	struct rx_thread rx = { 0 }; /* lane 0, the importing thread's (a walker matches with lane 1) */
	struct label lab = { .rx = &rx };
	const char **names = NULL;
	size_t names_cap = 0;
	struct strmap captions = STRMAP_INIT; /* the lines of the group asked, each once */

	for (uint32_t a = 0, b; a < n; a = b) {
		const struct naming_run *ea = naming_entry(nm, a);
		uint32_t src = ea->source, blocks = 0, distinct = 0;
		size_t skip = (size_t)-1;
		int ok = 1;

		for (b = a + 1; b < n && naming_entry(nm, b)->label_line == ea->label_line &&
				naming_entry(nm, b)->source == src;)
			b++;
		strmap_release(&captions);
		for (uint32_t k = a; ok && k < b; k++) {
			const struct naming_run *e = naming_entry(nm, k);
			const struct run *r = &m->rs.runs[nm->first + k];

			int seen = 0;

			/* runs the label names, or with no label, runs still named after their source */
			ok = e->caption && !(nm->flags[k] & NF_MULTI) &&
			     (e->label ? r->variant.origin == VO_LABEL && !strcmp(r->variant.text, e->label)
				       : r->variant.origin == VO_INPUT);
			if (!ok || (k > a && e->block == naming_entry(nm, k - 1)->block))
				continue;
			blocks++;
			/* the same line again names the same build */
			seen = !strmap_put_new(&captions, e->caption, 1, NULL);
			distinct += !seen;
			/*
			 * Where no label reaches them, a line says more than the source's
			 * name only as prose: four words at least, no comment (a tool's own
			 * section lines, "NETWORK", "# Event count (approx.): 123", stay out)
			 */
			if (!e->label && (e->caption[0] == '#' || text_words(e->caption, strlen(e->caption), 4) < 4))
				ok = 0;
			else if (has_word(e->caption, repeat_words))
				ok = 0;
			else if (label_read(e->caption, strlen(e->caption), 1, &lab) == LABEL_VARIANT ||
				 lab.kind == LABEL_SCENARIO || (lab.kind == LABEL_SECTION && !lab.bare))
				ok = 0;
			else if (skip == (size_t)-1)
				skip = strlen(e->caption);
			else {
				/* the words every caption so far begins with */
				size_t i = 0, w = 0;
				const char *c0 = naming_entry(nm, a)->caption;

				while (i < skip && c0[i] && c0[i] == e->caption[i])
					if (c0[i++] == ' ')
						w = i;
				skip = w;
			}
		}
		if (!ok || distinct < 2)
			continue;
		/* every output's name first: a line that is nothing but what the others share leaves the group as it is */
		ALLOC_GROW(names, (size_t)(b - a), names_cap);
		for (uint32_t k = a; ok && k < b; k++)
			ok = (names[k - a] = k > a && naming_entry(nm, k)->block == naming_entry(nm, k - 1)->block
						    ? names[k - a - 1]
						    : caption_name(p, naming_entry(nm, k)->caption, skip)) != NULL;
		for (uint32_t k = a; ok && k < b; k++) {
			struct naming_run *e = naming_entry_mut(nm, k);
			struct run *r = &m->rs.runs[nm->first + k];

			if (e->label && !(k > a && e->block == naming_entry(nm, k - 1)->block) && d)
				diag_warn(d, m->sources[r->source].name, e->caption_line,
					  "the line \"%s\" (line %u) and the label \"%s\" (line %u) name this output "
					  "differently; the line right above it names it (the label reaches %u outputs "
					  "their own lines tell apart, and becomes their scenario)",
					  names[k - a], e->caption_line, e->label, e->label_line, blocks);
			if (!e->scenario)
				e->scenario = e->label;
			r->variant.text = names[k - a];
			r->variant.origin = VO_LABEL;
			r->name_line = e->caption_line;
			p->line_origin[k] = VO_LABEL;
		}
	}
	free(names);
	strmap_release(&captions);
	label_release(&lab);
}

/*
 * What naming_gather() found, held for naming_finish(): the pass with the
 * evidence of its first passes, over `n` runs; the strings those made
 * (the model's once naming_finish() takes them) and their warnings.
 */
struct naming_evidence {
	struct pass p;
	uint32_t n;
	struct arena strings;
	struct diag warnings;
};

/* The runs of the import the pass decides: those recorded, from the first. */
static uint32_t pass_runs(const struct naming *nm, const struct model *m)
{
	uint32_t n = (uint32_t)(m->rs.nruns - nm->first);

	return n > nm->n ? (uint32_t)nm->n : n;
}

/* The pass over runs [nm->first, + n), its per-run arrays zeroed (pass_release() frees them). */
static void pass_begin(struct pass *p, struct naming *nm, struct model *m, uint32_t n)
{
	memset(p, 0, sizeof(*p));
	p->nm = nm;
	p->m = m;
	p->strings = &m->arena;
	p->proposal = nm->proposal; /* (taken with each block: naming_block()) */
	p->prop_origin = nm->prop_origin;
	p->words = xcalloc(n ? n : 1, sizeof(*p->words));
	p->built = xcalloc(n ? n : 1, sizeof(*p->built));
	p->attached = xcalloc(n ? n : 1, 1);
	p->env = xcalloc(n ? n : 1, 1);
	p->workload = xcalloc(n ? n : 1, 1);
	p->same_cmd = xcalloc(n ? n : 1, sizeof(*p->same_cmd));
	p->same_cmd_line = xcalloc(n ? n : 1, sizeof(*p->same_cmd_line));
	p->line_origin = xcalloc(n ? n : 1, sizeof(*p->line_origin));
}

static void pass_release(struct pass *p)
{
	free(p->words);
	free(p->built);
	free(p->attached);
	free(p->env);
	free(p->workload);
	free(p->same_cmd);
	free(p->same_cmd_line);
	free(p->line_origin);
	free(p->conflicts);
	for (size_t k = 0; k < countof(p->progs); k++) {
		buf_release(&p->progs[k].cmd);
		buf_release(&p->progs[k].prog);
	}
	buf_release(&p->scratch);
}

static void evidence_free(struct naming_evidence *ev)
{
	if (!ev)
		return;
	pass_release(&ev->p);
	arena_release(&ev->strings);
	diag_release(&ev->warnings);
	free(ev);
}

void naming_gather(struct naming *nm, struct model *m)
{
	struct naming_evidence *ev;

	if (nm->evidence)
		return;
	ev = xcalloc(1, sizeof(*ev));
	ev->n = pass_runs(nm, m);
	pass_begin(&ev->p, nm, m, ev->n);
	ev->p.strings = &ev->strings; /* (the model's arena is the experiments' meanwhile) */
	/* the evidence: which labels reach their runs */
	attach_labels(&ev->p);
	tool_headings(&ev->p, &ev->warnings);
	labels_by_command(&ev->p);
	env_builds(&ev->p);
	nm->evidence = ev;
}

void naming_finish(struct naming *nm, struct model *m, struct diag *d, naming_then_fn then, void *then_ctx)
{
	uint32_t first = nm->first, n;
	unsigned char *renamable, *names = xcalloc(m->nsources ? m->nsources : 1, 1);
	const char **cmd1 = xcalloc(m->nsources ? m->nsources : 1, sizeof(*cmd1));
	struct naming_evidence *ev;
	struct lineup lineup;
	struct pass p;
	size_t ninput = 0; /* runs the first decisions named after their source */

	naming_gather(nm, m); /* (when the import has not had it done beside the experiments' names) */
	ev = nm->evidence;
	nm->evidence = NULL;
	p = ev->p; /* (the pass's arrays are taken over) */
	n = ev->n;
	arena_take(&m->arena, &ev->strings); /* the strings the evidence gave runs live as the model's */
	p.strings = &m->arena;
	if (d) /* (in the order they were found: before the pass's own) */
		diag_take(d, &ev->warnings);
	diag_release(&ev->warnings);
	free(ev);
	renamable = xcalloc(n ? n : 1, 1);
	memset(&lineup, 0, sizeof(lineup));
	lineup.last = UINT32_MAX;

	/*
	 * The pass without the words of commands, which need every run named
	 * so far; beside it, what those words are for: a text that names some
	 * of its variants, or whose runs ran different commands, lets them name
	 * its unnamed runs (each pass over a million runs reads them from
	 * memory again: one pass for the two).
	 */
	for (uint32_t k = 0; k < n; k++) {
		const struct run *r = &m->rs.runs[first + k];

		decide(&p, k);
		ninput += r->variant.origin == VO_INPUT;
		renamable[k] = r->variant.origin == VO_INPUT; /* (when its text names some: below) */
		if (r->variant.origin != VO_INPUT && r->variant.origin != VO_NONE)
			names[r->source] = 1;
		lineup_add(m, &lineup, nm->flags[k], first + k);
		if (!(nm->flags[k] & NF_COMMAND))
			continue;
		if (!cmd1[r->source])
			cmd1[r->source] = r->command;
		else if (!names[r->source] && cmd1[r->source] != r->command && strcmp(cmd1[r->source], r->command))
			names[r->source] = 1; /* (a text already known to name some needs no comparison) */
	}
	for (uint32_t i = first + n; i < m->rs.nruns; i++) /* (none the import recorded: in no bucket) */
		lineup_lone(&lineup, &m->rs.runs[i]);
	/* the runs those words may rename */
	for (uint32_t k = 0; k < n; k++)
		renamable[k] = renamable[k] && names[naming_entry(nm, k)->source];
	align_buckets(m, first, &lineup, renamable);

	/*
	 * What follows renames runs still named after their source, and
	 * only those: renamable runs were, and lining up makes none. With no
	 * such run left after the first decisions, there is nothing to do.
	 */
	if (ninput) {
		lone_builds(&p);

		/* the runs the words named: a legend of those words still comes first */
		for (uint32_t k = 0; k < n; k++) {
			struct run *r = &m->rs.runs[first + k];

			if (renamable[k] && r->variant.origin == VO_COMMAND)
				p.words[k] = r->variant.text;
		}
		same_program(&p);
		for (uint32_t k = 0; k < n; k++) {
			struct run *r = &m->rs.runs[first + k];

			if ((renamable[k] && r->variant.origin == VO_COMMAND) ||
			    (r->variant.origin == VO_INPUT && (nm->ndesc || p.built[k] || p.words[k])))
				decide(&p, k);
		}
	}

	sibling_captions(&p, n, d);

	/* the last scenario joined to a heading's, and from what: the next run's is often the same */
	const char *joined_bs = NULL, *joined_from = NULL, *joined_cmd = NULL, *joined = NULL;
	/* the run before's variant and key, as decided: the same variant string has the same key */
	const char *keyed_text = NULL, *keyed_key = NULL;
	int keyed_clean = 0;

	for (uint32_t k = 0; k < n; k++) {
		struct run *r = &m->rs.runs[first + k];
		const char *bs = naming_entry(nm, k)->scenario;
		const struct naming_run *e = naming_entry(nm, k);

		/*
		 * A label that names no build, over runs that name themselves
		 * ("First, trio.txt:" over four binaries), says what they ran on.
		 */
		const char *on = p.workload[k] &&
					 (nm->flags[k] & (NF_LABEL | NF_BUILD | NF_MULTI)) == (NF_LABEL | NF_MULTI) &&
					 !p.attached[k] &&
					 r->variant.origin != VO_LABEL && strcmp(r->variant.text, e->label) &&
					 strcmp(m->sources[r->source].title, e->label)
				 ? e->label
				 : NULL;

		/*
		 * What the commands share says more than a heading ("Client mode"),
		 * but a whole command that nothing lined up says less; a scenario
		 * the parser read from the output ("tcp") goes with the heading's.
		 */
		if (bs && (!*r->scenario || !strcmp(r->scenario, r->command)))
			r->scenario = bs;
		else if (bs && bs == joined_bs && r->scenario == joined_from && r->command == joined_cmd)
			r->scenario = joined; /* as the run before: one copy for a section's runs */
		else if (bs && !words_within(r->scenario, r->command)) {
			joined_bs = bs;
			joined_from = r->scenario;
			joined_cmd = r->command;
			r->scenario = joined = arena_printf(&m->arena, "%s, %s", bs, r->scenario);
		}
		if (on)
			r->scenario = *r->scenario ? arena_printf(&m->arena, "%s, %s", on, r->scenario) : on;
		/*
		 * its key, and whether text and key are free of control
		 * characters (`then` is told: the cleaning then reads neither)
		 */
		if (keyed_text && keyed_text == r->variant.text) {
			r->variant.key = keyed_key;
		} else if (k < nm->ahead && nm->keys[k].text && nm->keys[k].text == r->variant.text) {
			r->variant.key = nm->keys[k].key; /* worked out during the walk, both found clean */
			keyed_clean = 1;
		} else {
			r->variant.key = model_variant_key_clean(m, r->variant.text, &keyed_clean);
		}
		keyed_text = r->variant.text;
		keyed_key = r->variant.key;
		/* named by the words of commands after its row had named it (align): that command's line */
		if (r->variant.origin != p.line_origin[k] || r->variant.origin == VO_INPUT ||
		    r->variant.origin == VO_NONE)
			r->name_line = r->variant.origin == VO_COMMAND ? nm->cmd_line[k] : 0;
		if (then) /* decided: nothing below changes it */
			then(then_ctx, first + k, keyed_clean);
	}
	free(renamable);
	free(names);
	free(cmd1);
	report_conflicts(&p, d);
	pass_release(&p);
}
