/*
 * strmap.c - string → uint32 hash map; see strmap.h.
 */
#include "util/strmap.h"

#include <stdlib.h>
#include <string.h>

#include "util/util.h"

struct strmap_slot {
	const char *key; /* NULL: empty */
	uint64_t hash;
	uint32_t value;
};

static uint64_t hash_str(const char *s)
{
	uint64_t h = 1469598103934665603ull; /* FNV-1a: short keys, no need for more */

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

static struct strmap_slot *find(const struct strmap *m, const char *key, uint64_t h)
{
	size_t mask = m->cap - 1, i = (size_t)h & mask;

	for (;; i = (i + 1) & mask) {
		struct strmap_slot *s = &m->slots[i];

		if (!s->key || (s->hash == h && !strcmp(s->key, key)))
			return s;
	}
}

static void grow(struct strmap *m)
{
	struct strmap old = *m;

	m->cap = m->cap ? m->cap * 2 : 64;
	m->slots = xcalloc(m->cap, sizeof(*m->slots));
	m->n = 0;
	for (size_t i = 0; i < old.cap; i++) {
		if (old.slots[i].key) {
			*find(m, old.slots[i].key, old.slots[i].hash) = old.slots[i];
			m->n++;
		}
	}
	free(old.slots);
}

void strmap_put(struct strmap *m, const char *key, uint32_t value)
{
	uint64_t h = hash_str(key);
	struct strmap_slot *s;

	if ((m->n + 1) * 4 > m->cap * 3)
		grow(m);
	s = find(m, key, h);
	if (!s->key) {
		s->key = key;
		s->hash = h;
		m->n++;
	}
	s->value = value;
}

int strmap_get(const struct strmap *m, const char *key, uint32_t *value)
{
	struct strmap_slot *s;

	if (!m->cap)
		return 0;
	s = find(m, key, hash_str(key));
	if (!s->key)
		return 0;
	if (value)
		*value = s->value;
	return 1;
}

void strmap_release(struct strmap *m)
{
	free(m->slots);
	m->slots = NULL;
	m->cap = m->n = 0;
}
