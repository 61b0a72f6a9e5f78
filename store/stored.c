/*
 * stored.c - an import's questions about the stored imports, answered
 * from a model of their runs; see stored.h.
 */
#include "store/stored.h"

#include <string.h>

#include "store/expname.h"
#include "store/load.h"

void stored_runs_init(struct stored_runs *k)
{
	memset(k, 0, sizeof(*k));
	model_init(&k->m);
}

/* k->blocks: each block key's first stored run. */
static const struct strmap *blocks(struct stored_runs *k)
{
	if (!k->have_blocks) {
		k->have_blocks = 1;
		for (uint32_t r = 0; r < k->m.rs.nruns; r++) {
			const struct run *run = &k->m.rs.runs[r];

			/* a block's runs follow one another and share its key */
			if (!r || run[-1].block != run->block)
				strmap_put_new(&k->blocks, run->block, r, NULL);
		}
	}
	return &k->blocks;
}

/* k->places: each place's (expname_place()) first stored run. */
static const struct strmap *places(struct stored_runs *k)
{
	if (!k->have_places) {
		k->have_places = 1;
		for (uint32_t r = 0; r < k->m.rs.nruns; r++) {
			const struct run *run = &k->m.rs.runs[r];
			const char *place;

			if (r && run[-1].source == run->source)
				continue;
			place = expname_place(&k->m.sources[run->source]);
			if (place)
				strmap_put_new(&k->places, place, r, NULL);
		}
	}
	return &k->places;
}

static int ask_source(void *ctx, struct model *m, const char *hash, uint32_t *source)
{
	struct stored_runs *k = ctx;
	struct diag d = DIAG_INIT;
	long s = -1, at = model_find_source(&k->m, hash);

	if (at >= 0 && !k->st) { /* runs held in memory (a quick comparison's): its description is there */
		s = model_add_source(m, hash, NULL, 0);
		m->sources[s] = k->m.sources[at];
		m->sources[s].text = NULL;
		m->sources[s].len = 0;
	} else if (at >= 0) {
		s = store_load_source_meta(k->st, m, hash, &d);
	}
	diag_release(&d);
	if (s < 0)
		return 0;
	*source = (uint32_t)s;
	return 1;
}

static int ask_block(void *ctx, const char *key, const char **experiment, const char **hash,
		     uint32_t *line)
{
	struct stored_runs *k = ctx;
	const struct run *run;
	uint32_t r;

	if (!strmap_get(blocks(k), key, &r))
		return 0;
	run = &k->m.rs.runs[r];
	if (experiment)
		*experiment = run->eff_experiment;
	if (hash)
		*hash = k->m.sources[run->source].hash;
	if (line)
		*line = run->first_line;
	return 1;
}

static const char *ask_place(void *ctx, const char *place)
{
	struct stored_runs *k = ctx;
	uint32_t r;

	return strmap_get(places(k), place, &r) ? k->m.rs.runs[r].eff_experiment : NULL;
}

static int ask_taken(void *ctx, const char *name)
{
	struct stored_runs *k = ctx;

	return model_experiment(&k->m, name) != NULL;
}

static int ask_line(void *ctx, const char *hash, uint32_t line, uint32_t run_k)
{
	struct stored_runs *k = ctx;
	long s = model_find_source(&k->m, hash);

	return s >= 0 && model_run_at(&k->m, (uint32_t)s, line, run_k) >= 0;
}

const struct stored_lookup *stored_runs_lookup(struct stored_runs *k, struct store *st)
{
	k->st = st;
	k->lookup = (struct stored_lookup){ k, ask_source, ask_block, ask_place, ask_taken, ask_line };
	return &k->lookup;
}

void stored_runs_release(struct stored_runs *k)
{
	strmap_release(&k->blocks);
	strmap_release(&k->places);
	model_release(&k->m);
	memset(k, 0, sizeof(*k));
}
