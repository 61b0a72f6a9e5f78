/*
 * strmap.h - a hash map from strings to 32-bit values (open addressing).
 * Keys are borrowed: the caller keeps them alive as long as the map (they
 * usually live in the model's arena).
 */
#ifndef BD_UTIL_STRMAP_H
#define BD_UTIL_STRMAP_H

#include <stddef.h>
#include <stdint.h>

struct strmap_slot;

struct strmap {
	struct strmap_slot *slots;
	size_t cap, n;
};

#define STRMAP_INIT { NULL, 0, 0 }

/* Set key → value; replaces the value of an existing key. */
void strmap_put(struct strmap *m, const char *key, uint32_t value);
/*
 * Set key → value only when the key is absent: 1 when it was put, 0 (and
 * its value in *old, when old is not NULL) when the key was there. One
 * look-up where strmap_get() then strmap_put() of the same key made two.
 */
int strmap_put_new(struct strmap *m, const char *key, uint32_t value, uint32_t *old);
/* 1 and *value when the key is present, else 0. */
int strmap_get(const struct strmap *m, const char *key, uint32_t *value);
void strmap_release(struct strmap *m);

#endif
