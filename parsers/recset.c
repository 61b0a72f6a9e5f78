/*
 * recset.c - growable record arrays; see recset.h.
 */
#include "parsers/recset.h"

#include <stdlib.h>
#include <string.h>

#include "util/util.h"

uint32_t recset_add_run(struct recset *rs)
{
	struct run *r;

	ALLOC_GROW(rs->runs, rs->nruns + 1, rs->runs_cap);
	r = &rs->runs[rs->nruns];
	memset(r, 0, sizeof(*r));
	r->id = r->block = r->experiment = r->scenario = r->subject = r->command = "";
	r->variant.key = r->variant.text = "";
	r->eff_experiment = r->eff_scenario = "";
	r->eff_variant.key = r->eff_variant.text = "";
	return (uint32_t)rs->nruns++;
}

#define ADD_ZEROED(arr, n, cap)                                                                    \
	do {                                                                                       \
		ALLOC_GROW(arr, n + 1, cap);                                                       \
		memset(&arr[n], 0, sizeof(arr[n]));                                                \
		return &arr[n++];                                                                  \
	} while (0)

struct measurement *recset_add_meas(struct recset *rs)
{
	ADD_ZEROED(rs->meas, rs->nmeas, rs->meas_cap);
}

struct sample *recset_add_sample(struct recset *rs)
{
	ADD_ZEROED(rs->samples, rs->nsamples, rs->samples_cap);
}

struct series_point *recset_add_series(struct recset *rs)
{
	ADD_ZEROED(rs->series, rs->nseries, rs->series_cap);
}

struct note *recset_add_note(struct recset *rs)
{
	ADD_ZEROED(rs->notes, rs->nnotes, rs->notes_cap);
}

struct fact *recset_add_fact(struct recset *rs)
{
	ADD_ZEROED(rs->facts, rs->nfacts, rs->facts_cap);
}

struct recset_mark recset_mark(const struct recset *rs)
{
	struct recset_mark m = { rs->nruns, rs->nmeas, rs->nsamples, rs->nseries, rs->nnotes, rs->nfacts };

	return m;
}

void recset_rollback(struct recset *rs, const struct recset_mark *m)
{
	rs->nruns = m->runs;
	rs->nmeas = m->meas;
	rs->nsamples = m->samples;
	rs->nseries = m->series;
	rs->nnotes = m->notes;
	rs->nfacts = m->facts;
}

/* Keep the records of arr[from..*len) whose run is outside [a, b), those past b moved down to follow a. */
#define REMOVE_RUNS(arr, len, from, a, b)                                                          \
	do {                                                                                       \
		size_t o_ = (from);                                                                \
		for (size_t i_ = (from); i_ < (len); i_++) {                                       \
			if (arr[i_].run >= (a) && arr[i_].run < (b))                               \
				continue;                                                          \
			arr[o_] = arr[i_];                                                         \
			if (arr[o_].run >= (b))                                                    \
				arr[o_].run -= (b) - (a);                                          \
			o_++;                                                                      \
		}                                                                                  \
		(len) = o_;                                                                        \
	} while (0)

void recset_remove_runs(struct recset *rs, uint32_t a, uint32_t b, const struct recset_mark *from)
{
	if (b <= a || b > rs->nruns)
		return;
	memmove(rs->runs + a, rs->runs + b, (rs->nruns - b) * sizeof(*rs->runs));
	rs->nruns -= b - a;
	REMOVE_RUNS(rs->meas, rs->nmeas, from->meas, a, b);
	REMOVE_RUNS(rs->samples, rs->nsamples, from->samples, a, b);
	REMOVE_RUNS(rs->series, rs->nseries, from->series, a, b);
	REMOVE_RUNS(rs->notes, rs->nnotes, from->notes, a, b);
}

/* Append src[from..to) to arr (of *len, *cap), each one's run moved from `first` on to `base` on. */
#define APPEND_SHIFTED(arr, len, cap, src, from, to, first, base)                                 \
	do {                                                                                       \
		ALLOC_GROW(arr, len + ((to) - (from)), cap);                                       \
		for (size_t i_ = (from); i_ < (to); i_++) {                                        \
			arr[len] = src[i_];                                                        \
			arr[len++].run = src[i_].run - (first) + (base);                           \
		}                                                                                  \
	} while (0)

void recset_append_range(struct recset *dst, const struct recset *src, const struct recset_mark *from,
			 const struct recset_mark *to)
{
	uint32_t base = (uint32_t)dst->nruns, first = (uint32_t)from->runs;
	size_t nruns = to->runs - from->runs, nfacts = to->facts - from->facts;

	ALLOC_GROW(dst->runs, dst->nruns + nruns, dst->runs_cap);
	if (nruns)
		memcpy(dst->runs + dst->nruns, src->runs + from->runs, nruns * sizeof(*src->runs));
	dst->nruns += nruns;
	APPEND_SHIFTED(dst->meas, dst->nmeas, dst->meas_cap, src->meas, from->meas, to->meas, first, base);
	APPEND_SHIFTED(dst->samples, dst->nsamples, dst->samples_cap, src->samples, from->samples, to->samples,
		       first, base);
	APPEND_SHIFTED(dst->series, dst->nseries, dst->series_cap, src->series, from->series, to->series,
		       first, base);
	APPEND_SHIFTED(dst->notes, dst->nnotes, dst->notes_cap, src->notes, from->notes, to->notes, first, base);
	ALLOC_GROW(dst->facts, dst->nfacts + nfacts, dst->facts_cap);
	if (nfacts)
		memcpy(dst->facts + dst->nfacts, src->facts + from->facts, nfacts * sizeof(*src->facts));
	dst->nfacts += nfacts;
}

void recset_append(struct recset *dst, const struct recset *src)
{
	struct recset_mark from, to = recset_mark(src);

	memset(&from, 0, sizeof(from));
	recset_append_range(dst, src, &from, &to);
}

static int stated_before(const struct recset *rs, size_t upto, const struct fact *f)
{
	for (size_t i = 0; i < upto; i++)
		if (rs->facts[i].source == f->source && !strcmp(rs->facts[i].key, f->key) &&
		    !strcmp(rs->facts[i].value, f->value))
			return 1;
	return 0;
}

void recset_settle_once_facts(struct recset *rs, size_t from)
{
	size_t k = from;

	for (size_t i = from; i < rs->nfacts; i++) {
		if (rs->facts[i].once && stated_before(rs, k, &rs->facts[i]))
			continue;
		rs->facts[k++] = rs->facts[i];
	}
	rs->nfacts = k;
}

void recset_release(struct recset *rs)
{
	free(rs->runs);
	free(rs->meas);
	free(rs->samples);
	free(rs->series);
	free(rs->notes);
	free(rs->facts);
	memset(rs, 0, sizeof(*rs));
}
