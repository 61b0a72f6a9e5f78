/*
 * sharers.c - the other holders of an import's blocks, as the index's "L"
 * rows name them (sharers.h).
 */
#include "store/sharers.h"

#include <stdlib.h>
#include <string.h>

static int cmp_hold(const void *a, const void *b)
{
	const struct sharer_hold *x = a, *y = b;
	int c = strcmp(x->block, y->block);

	return c ? c : (x->rank > y->rank) - (x->rank < y->rank);
}

/* 1 when `name` is one of the ' '-separated names of `list` (each of length len). */
static int listed(const struct buf *list, const char *name, size_t len)
{
	for (size_t at = 0; at + len <= list->len; at += len + 1)
		if (!memcmp(list->s + at, name, len) && (at + len == list->len || list->s[at + len] == ' '))
			return 1;
	return 0;
}

void sharers_with(struct sharer_hold *h, size_t n, const unsigned char *back, const char *const *names,
		  size_t nranks, struct buf *with)
{
	for (size_t r = 0; r < nranks; r++)
		if (back[r])
			buf_reset(&with[r]);
	if (n > 1)
		qsort(h, n, sizeof(*h), cmp_hold);
	for (size_t g = 0, end; g < n; g = end) {
		for (end = g + 1; end < n && !strcmp(h[end].block, h[g].block); end++)
			;
		for (size_t i = g; i < end; i++) {
			struct buf *w = &with[h[i].rank];

			if ((i > g && h[i].rank == h[i - 1].rank) || !back[h[i].rank])
				continue;
			for (size_t k = g; k < end; k++) {
				const char *o = names[h[k].rank];
				size_t len = strlen(o);

				if (h[k].rank == h[i].rank || (k > g && h[k].rank == h[k - 1].rank) || listed(w, o, len))
					continue;
				buf_addf(w, "%s%s", w->len ? " " : "", o);
			}
		}
	}
}
