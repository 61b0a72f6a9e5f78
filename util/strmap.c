/*
 * strmap.c - string → uint32 hash map; see strmap.h.
 */
#include "util/strmap.h"

#include <stdlib.h>
#include <string.h>

#include "util/util.h"

/*
 * 16 bytes: four slots to a cache line. The hash's low 32 bits are kept,
 * enough to place a key in a map of up to 2^32 slots and to skip most
 * keys that differ without reading them.
 */
struct strmap_slot {
	const char *key; /* NULL: empty */
	uint32_t hash;
	uint32_t value;
};

/*
 * The keys are often long (a run's source, command and variant joined):
 * eight bytes at a time, each word mixed in by a multiply, the length first
 * and a final avalanche so that the low bits (the slot) depend on every
 * byte. Only the map's layout depends on it: nothing walks the slots.
 */
static uint64_t hash_str(const char *s)
{
	const uint64_t k = 0x9e3779b97f4a7c15ull;
	size_t n = strlen(s);
	uint64_t h = (uint64_t)n * k, w;

	for (; n >= 8; s += 8, n -= 8) {
		memcpy(&w, s, 8);
		h = (h ^ w) * k;
		h ^= h >> 31;
	}
	/*
	 * The last 1 to 7 bytes without a copy of a variable length (a call):
	 * 4 to 7 as two words of 4 that overlap, 1 to 3 as the first, middle
	 * and last byte. Either covers every byte, and the length is mixed in.
	 */
	if (n >= 4) {
		uint32_t lo, hi;

		memcpy(&lo, s, 4);
		memcpy(&hi, s + n - 4, 4);
		h = (h ^ (lo | (uint64_t)hi << 32)) * k;
	} else if (n) {
		w = (unsigned char)s[0] | (uint64_t)(unsigned char)s[n / 2] << 8 |
		    (uint64_t)(unsigned char)s[n - 1] << 16;
		h = (h ^ w) * k;
	}
	h ^= h >> 29;
	h *= 0xbf58476d1ce4e5b9ull;
	return h ^ (h >> 32);
}

static struct strmap_slot *find(const struct strmap *m, const char *key, uint32_t h)
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
	/*
	 * Zeroed by writing, not calloc(): a large calloc() is fresh zero
	 * pages, which the first look-up maps read-only and the first put
	 * then faults again to copy (with a TLB flush on every core).
	 */
	m->slots = xmalloc(m->cap * sizeof(*m->slots));
	memset(m->slots, 0, m->cap * sizeof(*m->slots));
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
	uint32_t h = (uint32_t)hash_str(key);
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

int strmap_put_new(struct strmap *m, const char *key, uint32_t value, uint32_t *old)
{
	uint32_t h = (uint32_t)hash_str(key);
	struct strmap_slot *s = m->cap ? find(m, key, h) : NULL;

	if (s && s->key) {
		if (old)
			*old = s->value;
		return 0;
	}
	/* the map grows as strmap_put() would grow it for a new key */
	if ((m->n + 1) * 4 > m->cap * 3) {
		grow(m);
		s = find(m, key, h);
	}
	s->key = key;
	s->hash = h;
	s->value = value;
	m->n++;
	return 1;
}

int strmap_get(const struct strmap *m, const char *key, uint32_t *value)
{
	struct strmap_slot *s;

	if (!m->cap)
		return 0;
	s = find(m, key, (uint32_t)hash_str(key));
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
