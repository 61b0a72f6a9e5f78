/*
 * model.c - the in-memory model and the resolution of user edits; see model.h.
 */
#include "store/model.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "parsers/label.h"
#include "util/buf.h"
#include "util/diag.h"
#include "util/fsutil.h"
#include "util/hash.h"
#include "util/mapped.h"
#include "util/text.h"

void model_init(struct model *m)
{
	static unsigned long serial;

	memset(m, 0, sizeof(*m));
	m->serial = ++serial;
}

static void release_indexes(struct model *m)
{
	byrun_release(&m->meas_by_run);
	byrun_release(&m->samples_by_run);
	byrun_release(&m->notes_by_run);
	byrun_release(&m->series_by_run);
	byrun_release(&m->runs_by_source);
}

void model_release(struct model *m)
{
	for (size_t i = 0; !m->shared && i < m->nsources; i++)
		mapped_free(m->sources[i].text);
	free(m->sources);
	free(m->overrides);
	free(m->aliases);
	free(m->tags);
	free(m->edits);
	free(m->figs);
	free(m->fig_quantity);
	strmap_release(&m->removed);
	if (m->shared)
		free(m->rs.runs); /* the rest is m->shared's */
	else
		recset_release(&m->rs);
	release_indexes(m);
	strmap_release(&m->blocks);
	arena_release(&m->arena);
	if (m->shared && !--m->shared->refs)
		m->shared->free(m->shared);
	memset(m, 0, sizeof(*m));
}

void model_derive(struct model *m, const struct model *from, struct model_shared *sh)
{
	size_t nruns = from->rs.nruns, nsources = from->nsources;

	m->shared = sh;
	sh->refs++;
	m->rs = from->rs; /* the arrays of every record but the runs: read where they are */
	m->rs.runs = xmalloc((nruns ? nruns : 1) * sizeof(*m->rs.runs));
	if (nruns) /* (an empty model's arrays are NULL) */
		memcpy(m->rs.runs, from->rs.runs, nruns * sizeof(*m->rs.runs));
	m->rs.runs_cap = nruns;
	m->sources = xmalloc((nsources ? nsources : 1) * sizeof(*m->sources));
	if (nsources)
		memcpy(m->sources, from->sources, nsources * sizeof(*m->sources));
	m->nsources = m->sources_cap = nsources;
	m->store_dir = from->store_dir;
}

uint32_t model_add_source(struct model *m, const char *hash, char *text, size_t len)
{
	struct source *s;

	ALLOC_GROW(m->sources, m->nsources + 1, m->sources_cap);
	s = &m->sources[m->nsources];
	memset(s, 0, sizeof(*s));
	snprintf(s->hash, sizeof(s->hash), "%s", hash);
	s->name = s->imported = s->title = s->flag_experiment = s->flag_variant = "";
	s->author = s->posted = s->address = s->thread = "";
	s->instance = "";
	s->text = text;
	s->len = len;
	return (uint32_t)m->nsources++;
}

long model_find_source(const struct model *m, const char *hash)
{
	for (size_t i = 0; i < m->nsources; i++)
		if (!strcmp(m->sources[i].hash, hash))
			return (long)i;
	return -1;
}

const char *model_source_text(struct model *m, uint32_t source, size_t *len)
{
	struct source *s = &m->sources[source];

	if (!s->text && m->store_dir) {
		struct buf path = BUF_INIT;
		struct diag d = DIAG_INIT;

		/* mapped when large: a compare reads the digits of a few of its numbers */
		buf_addf(&path, "%s/sources/%s", m->store_dir, s->hash);
		file_view(path.s, FILE_VIEW_MAP_MIN, &s->text, &s->len, &d); /* NULL when unreadable */
		buf_release(&path);
		diag_release(&d);
	}
	*len = s->text ? s->len : 0;
	return s->text;
}

size_t *model_meas_per_run(const struct model *m)
{
	size_t *n = xcalloc(m->rs.nruns ? m->rs.nruns : 1, sizeof(*n));

	if (model_indexes_fresh(m)) { /* the run index model_resolve() left counts them already */
		for (size_t r = 0; r < m->rs.nruns; r++)
			n[r] = model_meas_of_run(m, r);
		return n;
	}
	for (size_t i = 0; i < m->rs.nmeas; i++)
		n[m->rs.meas[i].run]++;
	for (size_t r = 0; r < m->rs.nruns; r++)
		n[r] += m->rs.runs[r].nmeas_out;
	return n;
}

void model_add_override(struct model *m, const char *kind, const char *target, const char *value,
			const char *created)
{
	struct override *o;

	ALLOC_GROW(m->overrides, m->noverrides + 1, m->overrides_cap);
	o = &m->overrides[m->noverrides++];
	o->kind = arena_strdup(&m->arena, kind);
	o->target = arena_strdup(&m->arena, target);
	o->value = arena_strdup(&m->arena, value);
	o->created = arena_strdup(&m->arena, created ? created : "");
}

void model_add_alias(struct model *m, const char *experiment, const char *from, const char *to,
		     const char *created)
{
	struct alias *a;

	ALLOC_GROW(m->aliases, m->naliases + 1, m->aliases_cap);
	a = &m->aliases[m->naliases++];
	a->experiment = arena_strdup(&m->arena, experiment);
	a->from = arena_strdup(&m->arena, from);
	a->to = arena_strdup(&m->arena, to);
	a->created = arena_strdup(&m->arena, created ? created : "");
}

void model_add_tag(struct model *m, const char *experiment, const char *variant, const char *factor,
		   const char *level, const char *created)
{
	struct vtag *t;

	ALLOC_GROW(m->tags, m->ntags + 1, m->tags_cap);
	t = &m->tags[m->ntags++];
	t->experiment = arena_strdup(&m->arena, experiment);
	t->variant = arena_strdup(&m->arena, variant);
	t->factor = arena_strdup(&m->arena, factor);
	t->level = arena_strdup(&m->arena, level);
	t->value = arena_printf(&m->arena, "%s=%s", factor, level);
	t->created = arena_strdup(&m->arena, created ? created : "");
}

/*
 * The keys of recent variant texts, by a hash of the text: an import asks
 * for the same few texts once per run. A hash picks a set of VKEY_WAYS
 * slots, a new text taking them in turn, so that two texts of one
 * import whose hashes meet do not push each other out at every run (one
 * arena copy of the key each time: thousands for the 100 MB bench log's
 * fifteen variants with one slot a hash). Texts (and keys) too long for a
 * slot are worked out every time. Only the importing thread reaches the
 * model (the segmenter's own thread never does: parsers/segpipe.h). A
 * slot also keeps the key's copy in the arena of the model that asked
 * last (by its serial, which no other model has), handed out again to
 * that model instead of a copy per run, and whether the text and the key
 * are free of control characters (what cleaning the runs' names asks of
 * each run: store/clean.h), a fact of the text alone like its key.
 */
#define VKEY_SETS 64
#define VKEY_WAYS 4
#define VKEY_LEN 64
static struct vkey_slot {
	char text[VKEY_LEN], key[VKEY_LEN];
	size_t key_len;
	int clean; /* neither text nor key holds a control character */
	unsigned long serial; /* the model whose arena holds `copy` (0: none) */
	const char *copy;
} vkeys[VKEY_SETS][VKEY_WAYS];
static unsigned char vkey_next[VKEY_SETS]; /* the way of its set a new text takes next */

/* The slot holding `text` (n bytes, cacheable), or NULL. */
static struct vkey_slot *vkey_find(unsigned set, const char *text, size_t n)
{
	for (unsigned w = 0; w < VKEY_WAYS; w++)
		if (!memcmp(vkeys[set][w].text, text, n + 1))
			return &vkeys[set][w];
	return NULL;
}

const char *model_variant_key_clean(struct model *m, const char *text, int *clean)
{
	struct buf b = BUF_INIT;
	const char *k;
	size_t n = strlen(text);
	/* (hash_line(): a few dozen instructions for a name, where FNV-1a takes four or five a byte) */
	unsigned set = (unsigned)(hash_line(text, n) % VKEY_SETS);
	int cacheable = n && n < VKEY_LEN;
	struct vkey_slot *v = cacheable ? vkey_find(set, text, n) : NULL;

	if (v) {
		if (!m->serial || v->serial != m->serial) {
			v->copy = arena_strndup(&m->arena, v->key, v->key_len);
			v->serial = m->serial;
		}
		*clean = v->clean;
		return v->copy;
	}
	variant_key(text, n, &b);
	k = arena_strndup(&m->arena, buf_str(&b), b.len);
	/* (a look at both, small beside making the key) */
	*clean = !text_has_control(text, n) && !text_has_control(k, b.len);
	if (cacheable && b.len < VKEY_LEN) {
		v = &vkeys[set][vkey_next[set]++ % VKEY_WAYS];
		memcpy(v->text, text, n + 1);
		memcpy(v->key, buf_str(&b), b.len + 1);
		v->key_len = b.len;
		v->clean = *clean;
		v->serial = m->serial;
		v->copy = k;
	}
	buf_release(&b);
	return k;
}

const char *model_variant_key(struct model *m, const char *text)
{
	int clean;

	return model_variant_key_clean(m, text, &clean);
}

void model_now_iso(char out[32])
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	time_t t = sde && *sde ? (time_t)strtoll(sde, NULL, 10) : time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

const char *model_now(struct model *m)
{
	char s[32];

	model_now_iso(s);
	return arena_strdup(&m->arena, s);
}

/*
 * Does a "variant" override target fall on run r: "<hash>:<line>" names
 * the block holding that line, "<hash>:<line>.<k>" the one run of it
 * whose id ends so (an edit of one run from the TUI)?
 */
static int override_hits(const struct model *m, const struct override *o, const struct run *r,
			 uint32_t block_first, uint32_t block_last)
{
	const struct source *s = &m->sources[r->source];
	const char *colon = strrchr(o->target, ':');
	unsigned long line;
	char *end;

	if (!colon || (size_t)(colon - o->target) != strlen(s->hash) ||
	    memcmp(o->target, s->hash, strlen(s->hash)))
		return 0;
	line = strtoul(colon + 1, &end, 10);
	if (*end == '.') /* "<hash>:<line>.<k>": one run of the block, as its id ends */
		return strrchr(r->id, ':') && !strcmp(strrchr(r->id, ':') + 1, colon + 1);
	return line >= block_first && line <= block_last;
}

/*
 * What resolving needs of the edits, indexed once per model_resolve(): the
 * "variant" and "experiment" overrides by the source they target (in the
 * order they were made), and the keys of the variant names they set.
 */
struct resolve_ctx {
	struct strmap by_source; /* source hash → first override of it, + 1 */
	uint32_t *next;          /* override k → the next one of the same source, + 1; 0 none */
	struct strmap keys;      /* variant text → slot in key */
	const char **key;
	size_t nkeys, keys_cap;
	struct arena scratch;
	/* the source asked last and its first override (+ 1; 0 none): a block's runs share one */
	uint32_t asked_source, asked_first;
	int asked;
};

static void resolve_ctx_init(struct resolve_ctx *c, const struct model *m)
{
	uint32_t *last = xcalloc(m->noverrides + 1, sizeof(*last));

	memset(c, 0, sizeof(*c));
	c->next = xcalloc(m->noverrides + 1, sizeof(*c->next));
	for (size_t k = 0; k < m->noverrides; k++) {
		const struct override *o = &m->overrides[k];
		const char *colon, *hash = NULL;
		uint32_t head;

		if (!strcmp(o->kind, "variant") && (colon = strrchr(o->target, ':')))
			hash = arena_strndup(&c->scratch, o->target, (size_t)(colon - o->target));
		else if (!strcmp(o->kind, "experiment"))
			hash = o->target;
		if (!hash)
			continue;
		if (strmap_get(&c->by_source, hash, &head)) {
			c->next[last[head - 1]] = (uint32_t)k + 1;
		} else {
			head = (uint32_t)k + 1;
			strmap_put(&c->by_source, hash, head);
		}
		last[head - 1] = (uint32_t)k; /* the chain's tail, kept at its head's slot */
	}
	free(last);
}

static void resolve_ctx_release(struct resolve_ctx *c)
{
	strmap_release(&c->by_source);
	strmap_release(&c->keys);
	free(c->next);
	free(c->key);
	arena_release(&c->scratch);
}

/* model_variant_key(), once per distinct text in a resolve. */
static const char *variant_key_of(struct model *m, struct resolve_ctx *c, const char *text)
{
	uint32_t at;

	if (strmap_get(&c->keys, text, &at))
		return c->key[at];
	ALLOC_GROW(c->key, c->nkeys + 1, c->keys_cap);
	c->key[c->nkeys] = model_variant_key(m, text);
	strmap_put(&c->keys, text, (uint32_t)c->nkeys);
	return c->key[c->nkeys++];
}

static void resolve_run(struct model *m, struct resolve_ctx *c, uint32_t i, uint32_t block_first,
			uint32_t block_last)
{
	struct run *r = &m->rs.runs[i];
	const struct source *s = &m->sources[r->source];
	uint32_t k1 = 0;

	r->eff_experiment = *s->flag_experiment ? s->flag_experiment : r->experiment;
	r->eff_variant = r->variant;
	r->eff_scenario = r->scenario;
	if (*s->flag_variant) {
		r->eff_variant.text = s->flag_variant;
		r->eff_variant.key = variant_key_of(m, c, s->flag_variant);
		r->eff_variant.origin = VO_FLAG;
	}
	/* the overrides of this run's source, in the order they were made (asked once a source: a hash a run adds up) */
	if (!c->asked || c->asked_source != r->source) {
		c->asked = 1;
		c->asked_source = r->source;
		c->asked_first = 0;
		if (m->noverrides)
			strmap_get(&c->by_source, s->hash, &c->asked_first);
	}
	k1 = c->asked_first;
	for (; k1; k1 = c->next[k1 - 1]) {
		const struct override *o = &m->overrides[k1 - 1];

		if (!strcmp(o->kind, "variant") && override_hits(m, o, r, block_first, block_last)) {
			r->eff_variant.text = o->value;
			r->eff_variant.key = variant_key_of(m, c, o->value);
			r->eff_variant.origin = VO_OVERRIDE;
		} else if (!strcmp(o->kind, "experiment") && !strcmp(o->target, s->hash)) {
			r->eff_experiment = o->value;
		}
	}
	/* aliases apply in the order they were made, so a rename of a rename works */
	for (size_t k = 0; k < m->naliases; k++) {
		const struct alias *a = &m->aliases[k];

		if ((!*a->experiment || !strcmp(a->experiment, r->eff_experiment)) &&
		    !strcmp(a->from, r->eff_variant.key)) {
			r->eff_variant.text = a->to;
			r->eff_variant.key = variant_key_of(m, c, a->to);
			r->eff_variant.origin = VO_ALIAS;
		}
	}
}

static int has_word(const char *key, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = key; (p = strstr(p, word)); p++)
		if ((p == key || p[-1] == ' ') && (p[n] == '\0' || p[n] == ' '))
			return 1;
	return 0;
}

/*
 * The variant of `e` that a saved baseline `key` is now: itself, or where
 * the renames and merges of `e` took it (in the order they were made, as
 * runs follow them), or NULL when `e` has none of these.
 */
static const char *renamed_baseline(const struct model *m, const struct experiment *e, const char *key)
{
	const struct variant_info *v = model_variant(e, key);
	struct buf b = BUF_INIT;

	for (size_t k = 0; !v && k < m->naliases; k++) {
		const struct alias *a = &m->aliases[k];

		if ((*a->experiment && strcmp(a->experiment, e->name)) || strcmp(a->from, key))
			continue;
		buf_reset(&b);
		variant_key(a->to, strlen(a->to), &b);
		v = model_variant(e, buf_str(&b));
	}
	buf_release(&b);
	return v ? v->key : NULL;
}

/* The variant a comparison starts from when the user named none. */
static const char *default_baseline(const struct model *m, const struct experiment *e)
{
	static const char *const words[] = { "release", "baseline", "base",    "default",
					     "before",  "vanilla",  "original", "stock",
					     "master",  "main",     "old",     "reference" };
	const char *best = NULL, *saved;
	size_t best_words = 0;

	for (size_t k = 0; k < m->noverrides; k++)
		if (!strcmp(m->overrides[k].kind, "baseline") && !strcmp(m->overrides[k].target, e->name) &&
		    (saved = renamed_baseline(m, e, m->overrides[k].value)))
			best = saved; /* the latest one wins */
	if (best)
		return best;
	for (size_t v = 0; v < e->nvariants; v++) {
		const char *key = e->variants[v].key;

		for (size_t w = 0; w < countof(words); w++) {
			if (has_word(key, words[w]) && (!best || text_words(key, strlen(key), 0) < best_words)) {
				best = key;
				best_words = text_words(key, strlen(key), 0);
			}
		}
	}
	return best ? best : e->nvariants ? e->variants[0].key : "";
}

static size_t key_hash(const char *key)
{
	return hash_fnv1a(key, strlen(key));
}

/* The variants' lookup table (at most half full), so that model_variant() is not a scan. */
static void index_variants(struct model *m, struct experiment *e)
{
	size_t cap = 8;

	while (cap < 2 * e->nvariants)
		cap *= 2;
	e->vslots = arena_alloc(&m->arena, cap * sizeof(*e->vslots));
	memset(e->vslots, 0, cap * sizeof(*e->vslots));
	e->nvslots = cap;
	for (size_t v = 0; v < e->nvariants; v++) {
		size_t at = key_hash(e->variants[v].key) & (cap - 1);

		while (e->vslots[at])
			at = (at + 1) & (cap - 1);
		e->vslots[at] = (uint32_t)v + 1;
	}
}

static int cmp_experiments(const void *a, const void *b)
{
	const struct experiment *x = a, *y = b;
	int c = strcmp(y->imported, x->imported);

	return c ? c : strcasecmp(x->name, y->name);
}

/*
 * Records by run and runs by source, for readers of one run or one source
 * (compare, store); src_of[r] is run r's source (model_resolve()'s copy:
 * the runs themselves are not read again).
 */
static void build_indexes(struct model *m, const uint32_t *src_of)
{
	const struct recset *rs = &m->rs;

	release_indexes(m);
	byrun_build(&m->meas_by_run, rs->meas, rs->nmeas, sizeof(*rs->meas),
		    offsetof(struct measurement, run), rs->nruns);
	byrun_build(&m->samples_by_run, rs->samples, rs->nsamples, sizeof(*rs->samples),
		    offsetof(struct sample, run), rs->nruns);
	byrun_build(&m->notes_by_run, rs->notes, rs->nnotes, sizeof(*rs->notes),
		    offsetof(struct note, run), rs->nruns);
	byrun_build(&m->series_by_run, rs->series, rs->nseries, sizeof(*rs->series),
		    offsetof(struct series_point, run), rs->nruns);
	byrun_build(&m->runs_by_source, src_of, rs->nruns, sizeof(*src_of), 0, m->nsources);
	m->byrun_nruns = rs->nruns;
	m->byrun_nmeas = rs->nmeas;
	m->byrun_nsamples = rs->nsamples;
	m->byrun_nnotes = rs->nnotes;
	m->byrun_nseries = rs->nseries;
	m->byrun_nsources = m->nsources;
}

int model_indexes_fresh(const struct model *m)
{
	const struct recset *rs = &m->rs;

	return m->meas_by_run.start && m->byrun_nruns == rs->nruns && m->byrun_nmeas == rs->nmeas &&
	       m->byrun_nsamples == rs->nsamples && m->byrun_nnotes == rs->nnotes &&
	       m->byrun_nseries == rs->nseries && m->byrun_nsources == m->nsources;
}

/*
 * A runs-only load (store_load_runs) counted each source's measurements
 * without reading them: they count for the experiment of its runs. A
 * source whose runs went to several experiments is not counted here; the
 * loader reads its measurements instead (model_split_sources).
 */
static void count_unloaded(struct model *m, const uint32_t *exp_of, const uint32_t *src_of)
{
	long *exp_of_source = xmalloc((m->nsources ? m->nsources : 1) * sizeof(*exp_of_source));

	for (size_t s = 0; s < m->nsources; s++)
		exp_of_source[s] = -1;
	for (size_t i = 0; i < m->rs.nruns; i++) {
		long *x = &exp_of_source[src_of[i]];

		if (*x == -1)
			*x = (long)exp_of[i];
		else if (*x != (long)exp_of[i])
			*x = -2;
	}
	for (size_t s = 0; s < m->nsources; s++)
		if (exp_of_source[s] >= 0)
			m->exps[exp_of_source[s]].nmeas += m->sources[s].meas_unloaded;
	free(exp_of_source);
}

long model_run_at(const struct model *m, uint32_t source, uint32_t line, uint32_t run_k)
{
	for (size_t r = 0; r < m->rs.nruns; r++) {
		const struct run *run = &m->rs.runs[r];
		const char *dot;

		if (run->source != source)
			continue;
		if (!run_k ? line >= run->first_line && line <= run->last_line
			   : run->first_line == line && (dot = strrchr(run->id, '.')) &&
				     strtoul(dot + 1, NULL, 10) == run_k)
			return (long)r;
	}
	return -1;
}

void model_split_sources(const struct model *m, unsigned char *split)
{
	const char **first = xcalloc(m->nsources ? m->nsources : 1, sizeof(*first));

	memset(split, 0, m->nsources);
	for (size_t i = 0; i < m->rs.nruns; i++) {
		const struct run *r = &m->rs.runs[i];

		if (!first[r->source])
			first[r->source] = r->eff_experiment;
		else if (strcmp(first[r->source], r->eff_experiment))
			split[r->source] = 1;
	}
	free(first);
}

/* "EXP\x1fKEY", the key of a variant within experiment slot `e` (no printf: once per run). */
static void variant_slot_key(struct buf *b, uint32_t e, const char *key)
{
	char digits[16];
	size_t n = 0;

	do
		digits[n++] = (char)('0' + e % 10);
	while ((e /= 10));
	buf_reset(b);
	while (n)
		buf_addc(b, digits[--n]);
	buf_addc(b, '\x1f');
	buf_adds(b, key);
}

void model_finish_experiments(struct model *m)
{
	for (size_t e = 0; e < m->nexps; e++) {
		index_variants(m, &m->exps[e]);
		m->exps[e].baseline = default_baseline(m, &m->exps[e]);
	}
	/* the latest imports first; experiments imported together by name */
	qsort(m->exps, m->nexps, sizeof(*m->exps), cmp_experiments);
}

#define RECENT_VARIANTS 64

/*
 * The experiments as model_resolve() files each run, in the one pass that
 * resolves it: grown on the heap (an experiment's variants and sources;
 * its runs only counted) and laid into the arena once every run is filed
 * (exps_lay()). Owned by the pass; exps_release() frees what is left.
 */
struct exps_build {
	struct experiment *v; /* by number, as exp_index numbers them */
	size_t n, cap;
	struct {
		size_t variants, sources;
	} *room;              /* per experiment: the room in its variants, in its sources */
	size_t room_cap;
	struct strmap vindex; /* "EXP\x1fKEY" → the variant's slot in EXP */
	struct buf vkey;
	const char *last_key; /* the run before's variant key and experiment */
	uint32_t last_exp;
	/* the variant slots of recent key strings, by address (valid for this call: the strings stay) */
	struct {
		const char *key;
		uint32_t exp, slot;
	} recent[RECENT_VARIANTS];
};

/* A new experiment, the next number, with nothing filed yet. */
static void exps_add(struct exps_build *x)
{
	ALLOC_GROW(x->v, x->n + 1, x->cap);
	ALLOC_GROW(x->room, x->n + 1, x->room_cap);
	memset(&x->v[x->n], 0, sizeof(x->v[x->n]));
	x->v[x->n].imported = "";
	x->room[x->n].variants = x->room[x->n].sources = 0;
	x->n++;
}

/*
 * Run i (resolved) filed under experiment exp_of[i]: its variant (a map,
 * not a scan: a store may hold thousands; the run before's, then a recent
 * one of the same key string, asked first), its slot into slot_of[i], and
 * what the experiment counts of it. Reads run i alone.
 */
static void exps_file(struct exps_build *x, struct model *m, uint32_t i, const uint32_t *exp_of,
		      uint32_t *slot_of)
{
	uint32_t ex = exp_of[i];
	struct experiment *e = &x->v[ex];
	const struct run *r = &m->rs.runs[i];
	const char *when = m->sources[r->source].imported;
	uint32_t at, src = r->source, slot = UINT32_MAX;
	/* (the address's bits mixed: keys copied far apart in the arena may share their low bits) */
	size_t seen_at = (size_t)(((uint64_t)(uintptr_t)r->eff_variant.key * 0x9e3779b97f4a7c15u) >> 58) %
			 RECENT_VARIANTS;

	if (i && ex == x->last_exp && r->eff_variant.key == x->last_key) {
		slot = slot_of[i - 1];
	} else if (x->recent[seen_at].key && x->recent[seen_at].key == r->eff_variant.key &&
		   x->recent[seen_at].exp == ex) {
		slot = x->recent[seen_at].slot;
	} else {
		buf_reset(&x->vkey);
		variant_slot_key(&x->vkey, ex, r->eff_variant.key);
		if (strmap_get(&x->vindex, x->vkey.s, &at))
			slot = at;
	}
	e->name = r->eff_experiment;
	e->nruns++;
	e->fmts |= 1ul << r->fmt;
	if (when != e->imported && strcmp(when, e->imported) > 0)
		e->imported = when;
	if (slot == UINT32_MAX) {
		struct variant_info *vi;

		strmap_put(&x->vindex, arena_strndup(&m->arena, x->vkey.s, x->vkey.len), (uint32_t)e->nvariants);
		ALLOC_GROW(e->variants, e->nvariants + 1, x->room[ex].variants);
		slot = (uint32_t)e->nvariants++;
		vi = &e->variants[slot];
		vi->key = r->eff_variant.key;
		vi->text = r->eff_variant.text;
		vi->nruns = 0;
		vi->runs = NULL;
	}
	slot_of[i] = slot;
	x->recent[seen_at].key = x->last_key = r->eff_variant.key;
	x->recent[seen_at].exp = x->last_exp = ex;
	x->recent[seen_at].slot = slot;
	e->variants[slot].nruns++;
	e->nmeas += r->nmeas_out; /* an import's, written out as read (struct record_spool) */
	/* runs of one source are contiguous: a new source shows at a change */
	if (!e->nsources || e->sources[e->nsources - 1] != src) {
		size_t k = 0;

		while (k < e->nsources && e->sources[k] != src)
			k++;
		if (k == e->nsources) {
			ALLOC_GROW(e->sources, e->nsources + 1, x->room[ex].sources);
			e->sources[e->nsources++] = src;
		}
	}
}

/* A heap array of n elements of `size` copied into the arena (n may be 0), the heap's freed. */
static void *to_arena(struct model *m, void *heap, size_t n, size_t size)
{
	void *a = arena_alloc(&m->arena, (n ? n : 1) * size);

	if (n)
		memcpy(a, heap, n * size);
	else
		memset(a, 0, size);
	free(heap);
	return a;
}

/*
 * The experiments filed into m->exps, in the arena: their variants and
 * sources moved there, their runs and each variant's runs (ascending)
 * listed from exp_of and slot_of, no run read again.
 */
static void exps_lay(struct model *m, struct exps_build *x, const uint32_t *exp_of, const uint32_t *slot_of)
{
	size_t nruns = m->rs.nruns;

	m->nexps = x->n;
	m->exps = to_arena(m, x->v, x->n, sizeof(*x->v));
	x->v = NULL;
	x->n = x->cap = 0;
	for (size_t e = 0; e < m->nexps; e++) {
		struct experiment *ex = &m->exps[e];

		ex->runs = arena_alloc(&m->arena, (ex->nruns ? ex->nruns : 1) * sizeof(uint32_t));
		ex->nruns = 0;
		ex->variants = to_arena(m, ex->variants, ex->nvariants, sizeof(*ex->variants));
		ex->sources = to_arena(m, ex->sources, ex->nsources, sizeof(*ex->sources));
		for (size_t v = 0; v < ex->nvariants; v++) {
			struct variant_info *vi = &ex->variants[v];

			vi->runs = arena_alloc(&m->arena, (vi->nruns ? vi->nruns : 1) * sizeof(uint32_t));
			vi->nruns = 0;
		}
	}
	for (size_t i = 0; i < nruns; i++) {
		struct experiment *ex = &m->exps[exp_of[i]];
		struct variant_info *vi = &ex->variants[slot_of[i]];

		ex->runs[ex->nruns++] = (uint32_t)i;
		vi->runs[vi->nruns++] = (uint32_t)i;
	}
}

static void exps_release(struct exps_build *x)
{
	for (size_t e = 0; e < x->n; e++) {
		free(x->v[e].variants);
		free(x->v[e].sources);
	}
	free(x->v);
	free(x->room);
	strmap_release(&x->vindex);
	buf_release(&x->vkey);
}

void model_resolve(struct model *m)
{
	model_resolve_told(m, NULL, NULL);
}

#define RESOLVED_STEP 1024 /* runs resolved between two calls of model_resolve_told()'s `done` */

void model_resolve_told(struct model *m, void (*done)(void *ctx, size_t upto), void *ctx)
{
	struct strmap exp_index = STRMAP_INIT;
	size_t nruns = m->rs.nruns;
	/* (not zeroed: the pass below sets each run's entry of all three before any is read) */
	uint32_t *exp_of = xmalloc((nruns ? nruns : 1) * sizeof(*exp_of));
	uint32_t *slot_of = xmalloc((nruns ? nruns : 1) * sizeof(*slot_of)); /* its variant in its experiment */
	uint32_t *src_of = xmalloc((nruns ? nruns : 1) * sizeof(*src_of));   /* its source (build_indexes()) */
	size_t i = 0, told = 0;
	struct resolve_ctx rc;
	struct exps_build x;

	memset(&x, 0, sizeof(x));
	resolve_ctx_init(&rc, m);
	m->nexps = 0;
	m->exps = NULL;
	/*
	 * Runs of one block are contiguous: find each block's span, then resolve
	 * its runs, number their experiments as they come and file each under
	 * its experiment's variants, all in one pass: a pass over a million
	 * runs reads them all from memory again (what follows reads exp_of,
	 * slot_of and src_of, not the runs).
	 */
	while (i < nruns) {
		size_t j = i;
		uint32_t first = m->rs.runs[i].first_line, last = m->rs.runs[i].last_line;

		while (j + 1 < nruns && m->rs.runs[j + 1].source == m->rs.runs[i].source &&
		       (m->rs.runs[j + 1].block == m->rs.runs[i].block ||
			!strcmp(m->rs.runs[j + 1].block, m->rs.runs[i].block))) {
			j++;
			if (m->rs.runs[j].last_line > last)
				last = m->rs.runs[j].last_line;
		}
		for (size_t k = i; k <= j; k++) {
			uint32_t e;

			resolve_run(m, &rc, (uint32_t)k, first, last);
			src_of[k] = m->rs.runs[k].source;
			/* the runs of a text mostly share one experiment's string: asked of the map once */
			if (k && m->rs.runs[k].eff_experiment == m->rs.runs[k - 1].eff_experiment) {
				exp_of[k] = exp_of[k - 1];
			} else {
				if (strmap_put_new(&exp_index, m->rs.runs[k].eff_experiment, (uint32_t)x.n, &e))
					exps_add(&x), e = (uint32_t)(x.n - 1);
				exp_of[k] = e;
			}
			exps_file(&x, m, (uint32_t)k, exp_of, slot_of);
		}
		i = j + 1;
		if (done && (i - told >= RESOLVED_STEP || i == nruns))
			done(ctx, told = i);
	}
	resolve_ctx_release(&rc);
	exps_lay(m, &x, exp_of, slot_of);
	for (i = 0; i < m->rs.nmeas; i++)
		m->exps[exp_of[m->rs.meas[i].run]].nmeas++;
	if (m->runs_only)
		count_unloaded(m, exp_of, src_of);
	build_indexes(m, src_of);
	model_finish_experiments(m);
	exps_release(&x);
	strmap_release(&exp_index);
	free(exp_of);
	free(slot_of);
	free(src_of);
}

const struct experiment *model_experiment(const struct model *m, const char *name)
{
	for (size_t e = 0; e < m->nexps; e++)
		if (!strcmp(m->exps[e].name, name))
			return &m->exps[e];
	return NULL;
}

int model_experiment_whole(const struct model *m, const struct experiment *e)
{
	for (size_t k = 0; k < e->nsources; k++)
		if (m->sources[e->sources[k]].figures_only)
			return 0;
	return 1;
}

const struct experiment *model_match_experiment(const struct model *m, const char *name,
						size_t *hits)
{
	const struct experiment *found = NULL, *exact = model_experiment(m, name);

	*hits = 0;
	if (exact)
		return exact;
	for (size_t e = 0; e < m->nexps; e++) {
		if (text_contains_nocase(m->exps[e].name, strlen(m->exps[e].name), name)) {
			found = &m->exps[e];
			(*hits)++;
		}
	}
	return *hits == 1 ? found : NULL;
}

int model_fact_in(const struct experiment *e, const struct fact *f)
{
	for (size_t k = 0; k < e->nsources; k++)
		if (e->sources[k] == f->source)
			return 1;
	return 0;
}

const struct variant_info *model_variant(const struct experiment *e, const char *key)
{
	if (e->nvslots) {
		/* keys are unique within an experiment: the first hit is the one */
		for (size_t at = key_hash(key) & (e->nvslots - 1); e->vslots[at];
		     at = (at + 1) & (e->nvslots - 1))
			if (!strcmp(e->variants[e->vslots[at] - 1].key, key))
				return &e->variants[e->vslots[at] - 1];
		return NULL;
	}
	for (size_t v = 0; v < e->nvariants; v++)
		if (!strcmp(e->variants[v].key, key))
			return &e->variants[v];
	return NULL;
}

void byrun_build(struct byrun *b, const void *records, size_t n, size_t size, size_t run_offset,
		 size_t nruns)
{
	const unsigned char *p = records;
	uint32_t *fill, last = 0;
	int in_order = 1;

	b->start = xcalloc(nruns + 1, sizeof(*b->start));
	b->order = xcalloc(n ? n : 1, sizeof(*b->order));
	if (!n)
		return; /* every range empty, as the zeroed starts say (a dry import keeps no measurements) */
	for (size_t i = 0; i < n; i++) {
		uint32_t run;

		memcpy(&run, p + i * size + run_offset, sizeof(run));
		b->start[run + 1]++;
		in_order &= run >= last;
		last = run;
	}
	for (size_t r = 0; r < nruns; r++)
		b->start[r + 1] += b->start[r];
	if (in_order) {
		/* records in the order of their runs (as parsed, as loaded): each run's are one stretch */
		for (size_t i = 0; i < n; i++)
			b->order[i] = (uint32_t)i;
		return;
	}
	fill = xcalloc(nruns ? nruns : 1, sizeof(*fill));
	for (size_t i = 0; i < n; i++) {
		uint32_t run;

		memcpy(&run, p + i * size + run_offset, sizeof(run));
		b->order[b->start[run] + fill[run]++] = (uint32_t)i;
	}
	free(fill);
}

void byrun_release(struct byrun *b)
{
	free(b->start);
	free(b->order);
	b->start = b->order = NULL;
}

int model_pair_experiment(struct model *m, const struct experiment *a, const char *akey,
			  const struct experiment *b, const char *bkey, struct experiment *out)
{
	const struct variant_info *va = model_variant(a, akey), *vb = model_variant(b, bkey);
	struct variant_info *v;
	const char *btext;

	memset(out, 0, sizeof(*out));
	if (!va || !vb)
		return -1;
	btext = vb->text;
	if (!strcmp(model_variant_key(m, va->text), model_variant_key(m, vb->text)))
		btext = arena_printf(&m->arena, "%s (2)", vb->text);
	out->name = arena_printf(&m->arena, "%s | %s", a->name, b->name);
	out->variants = v = arena_alloc(&m->arena, 2 * sizeof(*v));
	out->nvariants = 2;
	v[0] = *va;
	v[0].key = model_variant_key(m, va->text);
	v[1] = *vb;
	v[1].text = btext;
	v[1].key = model_variant_key(m, btext);
	out->baseline = v[0].key;
	out->imported = !b->imported || (a->imported && strcmp(a->imported, b->imported) > 0) ? a->imported
											: b->imported;
	out->fmts = a->fmts | b->fmts;
	out->nruns = va->nruns + vb->nruns;
	out->runs = arena_alloc(&m->arena, (out->nruns + 1) * sizeof(*out->runs));
	memcpy(out->runs, va->runs, va->nruns * sizeof(*out->runs));
	memcpy(out->runs + va->nruns, vb->runs, vb->nruns * sizeof(*out->runs));
	return 0;
}
