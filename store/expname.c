/*
 * expname.c - the experiment each imported text joins, or the new one it
 * gets; see expname.h.
 */
#include "store/expname.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/fsutil.h"

/* A source name that says where a text came from (not "<stdin>", "<paste>"). */
static int is_place(const char *name)
{
	return *name && *name != '<' && strcmp(name, "-");
}

/* Where a text came from: the thread's address for a fetched comment, else its name. */
static const char *place_of(const struct source *s)
{
	return s->thread && *s->thread ? s->thread : s->name;
}

const char *expname_place(const struct source *s)
{
	const char *place = place_of(s);

	return is_place(place) ? place : NULL;
}

/* The experiment a stored (or earlier in this import) run belongs to. */
static const char *exp_of_run(const struct model *m, uint32_t r, uint32_t first_run)
{
	const struct run *run = &m->rs.runs[r];

	return r < first_run ? run->eff_experiment : run->experiment;
}

/*
 * Where to look a text's thread up: the first run of each block and of each
 * place. The blocks' map is made when a repeated block is first looked up
 * (index_blocks()): most imports repeat none, and a large text's hundred
 * thousand blocks made it a tenth of the time after its walk.
 */
struct index {
	const struct model *m;
	const struct stored_lookup *stored; /* the store's answers, or NULL */
	struct strmap block; /* block key → run; made by index_blocks() */
	int have_blocks;
	struct strmap place; /* place_of(source) → run */
	/* each input's items (res->items), in order: one pass, not one an input */
	struct byrun items;
	/* each source's first stretch of runs from first_run: [from[s], to[s]) */
	uint32_t *from, *to;
	/*
	 * The names an experiment of the model has, and those expname_assign()
	 * has given runs so far: what taken() asks besides the store.
	 */
	struct strmap names;
};

/*
 * Each input's runs as spans, without reading a run: the batch appends a
 * text's runs after the last text's, in the inputs' order, and never moves
 * them afterwards (store/batch.c, end_text(): res->inputs[i].nruns of them,
 * from where the text began), so input i's new source holds runs [from[s],
 * to[s]) counted from first_run. 1 when the counts add up to the model's
 * runs, each input that has runs is a new text of its own source, and each
 * span's ends hold its source; else 0 (nothing set), and index_build()
 * reads every run instead. On 1 every run from first_run is in the span
 * of an input expname_assign() names, so none is left without a name.
 */
static int spans_from_counts(struct index *x, const struct model *m, const struct import_result *res,
			     uint32_t first_run)
{
	uint32_t nruns = (uint32_t)m->rs.nruns;
	size_t at = first_run;

	for (size_t i = 0; i < res->ninputs; i++) {
		const struct import_input_result *ir = &res->inputs[i];
		uint32_t s;

		if (!ir->nruns)
			continue;
		if (ir->source < 0 || ir->status != IMPORT_NEW || ir->nruns > nruns - at ||
		    x->from[ir->source] != nruns)
			goto none;
		s = (uint32_t)ir->source;
		if (m->rs.runs[at].source != s || m->rs.runs[at + ir->nruns - 1].source != s)
			goto none;
		x->from[s] = (uint32_t)at;
		x->to[s] = (uint32_t)(at + ir->nruns);
		at += ir->nruns;
	}
	if (at == nruns)
		return 1;
none:
	for (uint32_t s = 0; s < m->nsources; s++)
		x->from[s] = x->to[s] = nruns;
	return 0;
}

/*
 * The index: each place's first run from the runs before first_run and
 * the spans of the inputs' runs (spans_from_counts()); where the spans
 * cannot be had, in one pass over the runs (a million of them are read
 * from memory once, not three times), in which the runs from first_run
 * on lose their experiment, which expname_assign() gives them again.
 */
static void index_build(struct index *x, struct model *m, const struct import_result *res,
			uint32_t first_run)
{
	uint32_t nruns = (uint32_t)m->rs.nruns, scan_to = nruns;

	memset(x, 0, sizeof(*x));
	x->m = m;
	byrun_build(&x->items, res->items, res->nitems, sizeof(*res->items),
		    offsetof(struct import_item, input), res->ninputs);
	x->from = xcalloc(m->nsources ? m->nsources : 1, sizeof(*x->from));
	x->to = xcalloc(m->nsources ? m->nsources : 1, sizeof(*x->to));
	for (uint32_t s = 0; s < m->nsources; s++)
		x->from[s] = x->to[s] = nruns; /* none: where runs_of()'s search ended */
	for (size_t e = 0; e < m->nexps; e++)
		strmap_put_new(&x->names, m->exps[e].name, 1, NULL);
	if (spans_from_counts(x, m, res, first_run))
		scan_to = first_run;
	for (uint32_t r = 0; r < scan_to; r++) {
		struct run *run = &m->rs.runs[r];
		uint32_t s = run->source;
		const char *place;

		if (r >= first_run) {
			run->experiment = NULL;
			/* a source's first stretch of runs: begun at its first run, grown while they follow */
			if (x->from[s] == nruns)
				x->from[s] = r, x->to[s] = r + 1;
			else if (x->to[s] == r)
				x->to[s] = r + 1;
		}
		/*
		 * A text's runs follow one another and share its source: the run
		 * before has put it in already (the map keeps the first run), and
		 * only a new source is looked up.
		 */
		if (r && run[-1].source == s)
			continue;
		place = place_of(&m->sources[s]);
		if (is_place(place))
			strmap_put_new(&x->place, place, r, NULL);
	}
	/* with the spans: each one's first run, in the runs' order (they follow one another) */
	for (size_t i = 0; scan_to < nruns && i < res->ninputs; i++) {
		const char *place;

		if (!res->inputs[i].nruns)
			continue;
		place = place_of(&m->sources[res->inputs[i].source]);
		if (is_place(place))
			strmap_put_new(&x->place, place, x->from[res->inputs[i].source], NULL);
	}
}

/* x->block, made on the first call; the model's runs must not have changed since index_build(). */
static const struct strmap *index_blocks(struct index *x)
{
	const struct model *m = x->m;

	if (x->have_blocks)
		return &x->block;
	x->have_blocks = 1;
	for (uint32_t r = 0; r < m->rs.nruns; r++) {
		const struct run *run = &m->rs.runs[r];

		/* a block's runs follow one another and share its key: only a new block is looked up */
		if (!r || run[-1].block != run->block)
			strmap_put_new(&x->block, run->block, r, NULL);
	}
	return &x->block;
}

static void index_release(struct index *x)
{
	strmap_release(&x->block);
	strmap_release(&x->place);
	strmap_release(&x->names);
	byrun_release(&x->items);
	free(x->from);
	free(x->to);
}

/*
 * The experiment of the same thread as input `i`, or NULL: the one holding
 * a block it repeats, else the one holding a text read from the same file
 * or address. Runs from `done_from` on have no experiment yet and do not
 * count. *why says which.
 */
static const char *same_thread(const struct model *m, struct index *x,
			       const struct import_result *res, size_t i, uint32_t first_run,
			       uint32_t done_from, const char **why)
{
	const struct import_input_result *ir = &res->inputs[i];
	const char *name = place_of(&m->sources[ir->source]);
	uint32_t r;

	for (uint32_t k = x->items.start[i]; k < x->items.start[i + 1]; k++) {
		const struct import_item *it = &res->items[x->items.order[k]];

		const char *exp, *hash;
		uint32_t line;

		if (!it->duplicate || !it->block)
			continue;
		/* stored runs come before every new one */
		if (x->stored && x->stored->block(x->stored->ctx, it->block, &exp, &hash, &line)) {
			*why = "it repeats blocks stored there";
			return exp;
		}
		if (strmap_get(index_blocks(x), it->block, &r) && r < done_from) {
			*why = "it repeats blocks stored there";
			return exp_of_run(m, r, first_run);
		}
	}
	/* the first run read from this place: another text's, unless it is this input's own */
	if (is_place(name) && x->stored) {
		const char *exp = x->stored->place(x->stored->ctx, name);

		if (exp) {
			*why = "it was read from the same place";
			return exp;
		}
	}
	if (is_place(name) && strmap_get(&x->place, name, &r) && r < done_from &&
	    (long)m->rs.runs[r].source != ir->source) {
		*why = "it was read from the same place";
		return exp_of_run(m, r, first_run);
	}
	return NULL;
}

/* Has an experiment of the store, of the model or of a run named so far this name? */
static int taken(const struct model *m, const struct index *x, const char *name)
{
	(void)m;
	if (x->stored && x->stored->taken(x->stored->ctx, name))
		return 1;
	return strmap_get(&x->names, name, NULL);
}

/* "owner/repo" of a GitHub address, into *out; 0 when `name` is not one. */
static int github_repo(const char *name, struct buf *out)
{
	const char *p = strstr(name, "github.com/");
	const char *slash, *end;

	if (!p)
		return 0;
	p += strlen("github.com/");
	slash = strchr(p, '/');
	if (!slash || slash == p)
		return 0;
	end = slash + 1 + strcspn(slash + 1, "/?#");
	if (end == slash + 1)
		return 0;
	buf_add(out, p, (size_t)(end - p));
	return 1;
}

/* The directory a file was in, by its last component ("samples/time/x.txt" → "time"). */
static int file_dir(const char *name, struct buf *out)
{
	const char *slash = strrchr(name, '/');
	const char *start;

	if (!slash || slash == name || strstr(name, "://"))
		return 0;
	start = slash;
	while (start > name && start[-1] != '/')
		start--;
	if (slash - start == 0 || (slash - start == 1 && *start == '.') ||
	    (slash - start == 2 && !strncmp(start, "..", 2)))
		return 0;
	buf_add(out, start, (size_t)(slash - start));
	return 1;
}

/* A name for `base` that no experiment has: "base (owner/repo)", "base (dir)", "base (2)". */
static const char *distinct(struct model *m, const struct index *x, const char *base,
			    const char *source_name)
{
	struct buf what = BUF_INIT, b = BUF_INIT;
	const char *name = NULL;

	if (github_repo(source_name, &what) || file_dir(source_name, &what)) {
		buf_addf(&b, "%s (%s)", base, what.s);
		if (!taken(m, x, b.s))
			name = arena_strndup(&m->arena, b.s, b.len);
	}
	for (unsigned k = 2; !name; k++) {
		buf_reset(&b);
		buf_addf(&b, "%s (%u)", base, k);
		if (!taken(m, x, b.s))
			name = arena_strndup(&m->arena, b.s, b.len);
	}
	buf_release(&what);
	buf_release(&b);
	return name;
}

/* The runs [*from, *to) input i added (a source's runs are contiguous). */
static int runs_of(const struct index *x, long source, uint32_t *from, uint32_t *to)
{
	*from = x->from[source];
	*to = x->to[source];
	return *to > *from;
}

void expname_assign(struct model *m, const struct stored_lookup *stored,
		    const struct import_input *in, size_t n,
		    struct import_result *res, const struct import_opts *o, uint32_t first_run,
		    const char *group)
{
	const char *group_exp = NULL, *group_note = NULL;
	uint32_t done = first_run; /* runs before this have their experiment */
	size_t named = 0;          /* runs given one below (their sources' spans do not meet) */
	struct index x;

	(void)in;
	index_build(&x, m, res, first_run);
	x.stored = stored;
	/* untitled inputs are one group: it joins a thread one of them belongs to, else is new */
	for (size_t i = 0; i < n && !group_exp && !o->experiment; i++) {
		const char *why;

		if (res->inputs[i].source < 0 || res->inputs[i].status == IMPORT_SAME_TEXT ||
		    *m->sources[res->inputs[i].source].title)
			continue;
		if ((group_exp = same_thread(m, &x, res, i, first_run, first_run, &why)))
			group_note = arena_printf(&m->arena, "the same thread: %s", why);
	}
	for (size_t i = 0; i < n; i++) {
		struct import_input_result *ir = &res->inputs[i];
		const struct source *s;
		const char *base, *name = NULL, *why = NULL;
		uint32_t from, to;

		if (ir->source < 0 || ir->status == IMPORT_SAME_TEXT)
			continue;
		s = &m->sources[ir->source];
		base = *s->title ? s->title : group;
		if (o->experiment) {
			name = base; /* -e decides; the parsed name stays what it was */
		} else if (!*s->title && group_exp) {
			name = group_exp;
			ir->exp_note = group_note;
		} else if (*s->title && (name = same_thread(m, &x, res, i, first_run, done, &why))) {
			ir->exp_note = arena_printf(&m->arena, "the same thread: %s", why);
		} else {
			/* a group shares one name: an earlier untitled input may have set it */
			for (size_t k = 0; k < i && !*s->title && !name; k++)
				if (res->inputs[k].experiment && res->inputs[k].source >= 0 &&
				    !*m->sources[res->inputs[k].source].title)
					name = res->inputs[k].experiment;
			if (!name && taken(m, &x, base)) {
				name = distinct(m, &x, base, place_of(s));
				ir->exp_note = arena_printf(&m->arena, "new: \"%s\" holds another %s", base,
							    *s->title ? "thread" : is_place(s->name) ? "file"
												      : "text");
			} else if (!name) {
				name = base;
			}
		}
		ir->experiment = o->experiment ? s->flag_experiment : name;
		if (runs_of(&x, ir->source, &from, &to)) {
			for (uint32_t r = from; r < to; r++)
				m->rs.runs[r].experiment = name;
			named += to - from;
			if (to > done)
				done = to;
			strmap_put_new(&x.names, name, 1, NULL); /* (the arena's copy: it outlives x) */
		}
	}
	index_release(&x);
	/* runs of inputs that gave nothing new keep a name all the same */
	if (named == m->rs.nruns - first_run)
		return; /* none left: no pass */
	for (uint32_t r = first_run; r < m->rs.nruns; r++)
		if (!m->rs.runs[r].experiment)
			m->rs.runs[r].experiment = group;
}
