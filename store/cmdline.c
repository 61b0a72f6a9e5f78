/*
 * cmdline.c - the line a run's command was read from; see cmdline.h.
 */
#include "store/cmdline.h"

#include <stdlib.h>
#include <string.h>

#include "util/text.h"
#include "util/util.h"

/*
 * Is the text of line `l` the source's own bytes (l->s points into l->raw:
 * the raw line, or a span of it that cleaning trimmed), not a cleaned copy?
 */
static int line_is_raw(const struct line *l)
{
	return l->contiguous || l->s == l->raw + l->cut;
}

/*
 * A stretch of lines that are the source's own bytes is searched as one
 * piece of the source, and a find is kept only when it lies inside one
 * line's cleaned text (not in the indentation cut before it, nor the CR
 * after it): the same answer as asking line by line, with one search
 * instead of one a line (an iperf3 or fortio run spans 15).
 */
uint32_t cmdline_first(const struct block *b, uint32_t i, uint32_t end, const char *cmd, size_t n)
{
	while (i < end) {
		uint32_t j = i;
		const char *from, *to, *p;

		if (!line_is_raw(&b->lines[i])) {
			if (text_contains(b->lines[i].s, b->lines[i].len, cmd))
				return i;
			i++;
			continue;
		}
		while (j + 1 < end && line_is_raw(&b->lines[j + 1]))
			j++;
		from = b->lines[i].raw;
		to = b->lines[j].raw + b->lines[j].raw_len;
		for (uint32_t k = i; (p = text_find(from, (size_t)(to - from), cmd)); from = p + 1) {
			const struct line *l;

			while (b->lines[k].raw + b->lines[k].raw_len < p + n) /* the line the find ends in */
				k++;
			l = &b->lines[k];
			if (p >= l->s && p + n <= l->s + l->len)
				return k;
		}
		i = j + 1;
	}
	return end;
}

#define RK_BASE 0x100000001b3ull /* the rolling hash's base (odd: every byte counts) */

static uint64_t rk_hash(const char *s, size_t n)
{
	uint64_t h = 0;

	for (size_t i = 0; i < n; i++)
		h = h * RK_BASE + (unsigned char)s[i];
	return h;
}

struct sized_cmd {
	size_t len;
	uint32_t c;
};

static int by_length(const void *a, const void *b)
{
	const struct sized_cmd *x = a, *y = b;

	if (x->len != y->len)
		return x->len < y->len ? -1 : 1;
	return x->c < y->c ? -1 : x->c > y->c;
}

/*
 * The commands g[0..m), all n bytes long, found over the stretch [from,
 * to) of lines i.. of b (Rabin-Karp: a rolling hash of every n bytes,
 * looked up among the commands' hashes). A find is the command's only
 * when it lies inside one line's cleaned text, as in cmdline_first(); the
 * first such find of each command, in the text's order, is its line.
 */
static void find_length(const struct block *b, uint32_t i, const char *from, const char *to,
			const char *const *cmds, const uint32_t *g, size_t m, size_t n, uint32_t end,
			uint32_t *at)
{
	size_t cap = 16, left = m, len = (size_t)(to - from);
	uint32_t *head, *next;
	uint64_t *hash, h, top = 1;
	uint32_t k = i;

	if (n > len)
		return; /* none of them fits */
	next = xcalloc(m, sizeof(*next));
	hash = xcalloc(m, sizeof(*hash));
	while (cap < 2 * m)
		cap *= 2;
	head = xmalloc(cap * sizeof(*head));
	for (size_t c = 0; c < cap; c++)
		head[c] = UINT32_MAX;
	for (size_t c = 0; c < m; c++) {
		size_t slot;

		hash[c] = rk_hash(cmds[g[c]], n);
		slot = (size_t)(hash[c] ^ (hash[c] >> 29)) & (cap - 1);
		next[c] = head[slot];
		head[slot] = (uint32_t)c;
	}
	for (size_t c = 1; c < n; c++)
		top *= RK_BASE;
	h = rk_hash(from, n);
	for (size_t p = 0; left; p++) {
		for (uint32_t c = head[(size_t)(h ^ (h >> 29)) & (cap - 1)]; c != UINT32_MAX; c = next[c]) {
			const char *q = from + p;
			const struct line *l;

			if (hash[c] != h || at[g[c]] != end || memcmp(q, cmds[g[c]], n))
				continue;
			while (b->lines[k].raw + b->lines[k].raw_len < q + n) /* the line the find ends in */
				k++;
			l = &b->lines[k];
			if (q >= l->s && q + n <= l->s + l->len) {
				at[g[c]] = k;
				left--;
			}
		}
		if (p + n >= len)
			break;
		h = (h - top * (unsigned char)from[p]) * RK_BASE + (unsigned char)from[p + n];
	}
	free(head);
	free(next);
	free(hash);
}

int cmdline_first_all(const struct block *b, uint32_t i, uint32_t end, const char *const *cmds,
		      size_t ncmds, uint32_t *at)
{
	struct sized_cmd *order;
	uint32_t *g;
	const char *from, *to;

	for (uint32_t k = i; k < end; k++)
		if (!line_is_raw(&b->lines[k]))
			return -1;
	for (size_t c = 0; c < ncmds; c++)
		at[c] = end;
	if (i >= end || !ncmds)
		return 0;
	from = b->lines[i].raw;
	to = b->lines[end - 1].raw + b->lines[end - 1].raw_len;
	/* the commands by length: each length is one pass */
	order = xmalloc(ncmds * sizeof(*order));
	g = xmalloc(ncmds * sizeof(*g));
	for (size_t c = 0; c < ncmds; c++) {
		order[c].len = strlen(cmds[c]);
		order[c].c = (uint32_t)c;
	}
	qsort(order, ncmds, sizeof(*order), by_length);
	for (size_t c = 0; c < ncmds; c++)
		g[c] = order[c].c;
	for (size_t c = 0, d; c < ncmds; c = d) {
		for (d = c + 1; d < ncmds && order[d].len == order[c].len; d++)
			;
		find_length(b, i, from, to, cmds, g + c, d - c, order[c].len, end, at);
	}
	free(order);
	free(g);
	return 0;
}
