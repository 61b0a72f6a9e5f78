/*
 * metrics.c - lookups in the METRICS table; see metrics.h.
 */
#include "parsers/metrics.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/hash.h"
#include "util/util.h"

#define METRIC_ROW_(e, q, u, d, f, desc) { METRIC_##e, q, u, d, f, desc },
static const struct metric_def rows[] = { METRICS(METRIC_ROW_) };
#undef METRIC_ROW_

#define MF_NAME_(e, name, desc) name,
static const char *const family_names[] = { METRIC_FAMILIES(MF_NAME_) };
#undef MF_NAME_
#define MF_DESC_(e, name, desc) desc,
static const char *const family_descs[] = { METRIC_FAMILIES(MF_DESC_) };
#undef MF_DESC_

/*
 * Rows without a '*', sorted by quantity for bsearch(), and the rows with
 * one, in table order. Built once, on first use by any thread, then only
 * read (shared by every thread).
 */
static const struct metric_def *exact[countof(rows)], *globs[countof(rows)];
static size_t nexact, nglobs;
static pthread_once_t built = PTHREAD_ONCE_INIT;

static int by_quantity(const void *a, const void *b)
{
	const struct metric_def *const *x = a, *const *y = b;

	return strcmp((*x)->quantity, (*y)->quantity);
}

static void build(void)
{
	for (size_t i = 0; i < countof(rows); i++) {
		if (strchr(rows[i].quantity, '*'))
			globs[nglobs++] = &rows[i];
		else
			exact[nexact++] = &rows[i];
	}
	qsort(exact, nexact, sizeof(exact[0]), by_quantity);
}

int metric_pattern_match(const char *p, const char *q)
{
	if (!*p)
		return !*q;
	if (*p == '*') {
		for (const char *s = q;; s++) {
			if (metric_pattern_match(p + 1, s))
				return 1;
			if (!*s)
				return 0;
		}
	}
	return *p == *q && metric_pattern_match(p + 1, q + 1);
}

static int key_cmp(const void *key, const void *elem)
{
	const struct metric_def *const *e = elem;

	return strcmp(key, (*e)->quantity);
}

/*
 * A perf event counted with modifiers ("cycles:u", as perf names its
 * events for a user without privileges, becomes "cycles_u"): the CPU row
 * of the event without them, or NULL. The modifiers are perf's letters.
 */
static const struct metric_def *perf_modified(const char *quantity)
{
	const char *us = strrchr(quantity, '_');
	const struct metric_def *const *hit;
	char base[64];

	if (!us || !us[1] || strspn(us + 1, PERF_MODIFIERS) != strlen(us + 1) ||
	    (size_t)(us - quantity) >= sizeof(base))
		return NULL;
	memcpy(base, quantity, (size_t)(us - quantity));
	base[us - quantity] = '\0';
	hit = bsearch(base, exact, nexact, sizeof(exact[0]), key_cmp);
	return hit && (*hit)->family == MF_CPU ? *hit : NULL;
}

static const struct metric_def *lookup_uncached(const char *quantity)
{
	const struct metric_def *const *hit;

	pthread_once(&built, build);
	hit = bsearch(quantity, exact, nexact, sizeof(exact[0]), key_cmp);
	if (hit)
		return *hit;
	for (size_t i = 0; i < nglobs; i++)
		if (metric_pattern_match(globs[i]->quantity, quantity))
			return globs[i];
	return perf_modified(quantity);
}

/* The answer by name, from the memo's slot for it (a name too long for a slot is looked up every time). */
static const struct metric_def *lookup_by_name(struct metric_memo *mm, const char *quantity)
{
	unsigned h;
	size_t n;

	n = strnlen(quantity, METRIC_MEMO_NAME);
	if (n >= METRIC_MEMO_NAME || n == 0)
		return lookup_uncached(quantity);
	h = hash_fnv1a(quantity, n) % METRIC_MEMO_SLOTS;
	if (strcmp(mm->by_name[h].name, quantity)) {
		memcpy(mm->by_name[h].name, quantity, n + 1);
		mm->by_name[h].def = lookup_uncached(quantity);
	}
	return mm->by_name[h].def;
}

/* A miss by address: the answer by name, kept at set `a`. Out of line, so that a hit stays a few instructions. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static const struct metric_def *lookup_miss(struct metric_memo *mm, const char *quantity, unsigned a)
{
	const struct metric_def *def = lookup_by_name(mm, quantity);

	if (strnlen(quantity, METRIC_MEMO_NAME) < METRIC_MEMO_NAME) {
		unsigned w = mm->next[a];

		mm->next[a] = (unsigned char)!w;
		mm->by_address[a][w].at = quantity;
		strcpy(mm->by_address[a][w].name, quantity);
		mm->by_address[a][w].def = def;
	}
	return def;
}

/*
 * By the name's address first: a hit is checked against the name kept (an
 * address may hold another name by now), which costs a strcmp and spares
 * the length and the hash.
 */
static const struct metric_def *lookup(struct metric_memo *mm, const char *quantity)
{
	unsigned a;

	if (!quantity)
		return NULL;
	if (!mm)
		return lookup_uncached(quantity);
	a = (unsigned)(((uint64_t)(uintptr_t)quantity * 0x9e3779b97f4a7c15ull) >> 58) % METRIC_MEMO_SETS;
	for (unsigned w = 0; w < 2; w++)
		if (mm->by_address[a][w].at == quantity && !strcmp(mm->by_address[a][w].name, quantity))
			return mm->by_address[a][w].def;
	return lookup_miss(mm, quantity, a);
}

const struct metric_def *metric_lookup_in(struct metric_memo *mm, const char *quantity)
{
	return lookup(mm, quantity);
}

const struct metric_def *metric_lookup(const char *quantity)
{
	return lookup(NULL, quantity);
}

const struct metric_def *metric_def(enum metric_id id)
{
	if (id <= METRIC_UNKNOWN || id >= METRIC__COUNT)
		return NULL;
	return &rows[id - 1];
}

enum unit metric_bare_unit(const struct metric_def *m)
{
	if (!m)
		return UNIT_NONE;
	switch (m->id) {
	case METRIC_MAX_RSS:
	case METRIC_AVG_RSS:
	case METRIC_HAND_RSS:
	case METRIC_AVG_SHARED_TEXT:
	case METRIC_AVG_UNSHARED_DATA:
	case METRIC_AVG_STACK:
	case METRIC_AVG_TOTAL:
		return UNIT_NONE;
	default:
		break;
	}
	return m->unit == UNIT_BYTE || m->unit == UNIT_COUNT || m->unit == UNIT_PER_S ? m->unit : UNIT_NONE;
}

enum metric_family metric_family(const char *quantity)
{
	const struct metric_def *m = metric_lookup(quantity);

	return m ? m->family : MF_NONE;
}

enum direction metric_direction_in(struct metric_memo *mm, const char *quantity, enum stat_kind stat)
{
	if (metric_stat_is_spread(stat))
		return DIR_NONE;
	return metric_def_direction(lookup(mm, quantity), stat);
}

enum direction metric_direction(const char *quantity, enum stat_kind stat)
{
	return metric_direction_in(NULL, quantity, stat);
}

const char *metric_family_name(enum metric_family f)
{
	return (unsigned)f < countof(family_names) ? family_names[f] : "?";
}

const char *metric_family_description(enum metric_family f)
{
	return (unsigned)f < countof(family_descs) ? family_descs[f] : "?";
}
