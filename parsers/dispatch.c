/*
 * dispatch.c - the segmenter's table of which parsers to ask of a line,
 * made from the parsers' registry; see dispatch.h.
 */
#include "parsers/dispatch.h"

/* The first bytes of p's START lines: its words' first bytes, or its `starts`. */
static void first_bytes(const struct parser *p, unsigned char seen[256])
{
	memset(seen, 0, 256);
	if (p->words) {
		for (const char *const *w = p->words; *w; w++)
			seen[(unsigned char)(*w)[0]] = 1;
		return;
	}
	for (const char *c = p->starts; c && *c; c++)
		seen[(unsigned char)*c] = 1;
}

void dispatch_build(struct dispatch *d, const struct parser *const *ps, size_t n)
{
	static const char ones[] = "\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff";
	unsigned char seen[256];
	size_t nw = 0;

	memset(d->nrow, 0, sizeof(d->nrow));
	memset(d->worded, 0, sizeof(d->worded));
	memset(d->nvalued, 0, sizeof(d->nvalued));
	for (size_t p = 0; p < n; p++) {
		first_bytes(ps[p], seen);
		for (unsigned b = 0; b < 256; b++) {
			/* a row holds every parser (parser.h asserts it) */
			if (!seen[b] || d->nrow[b] >= PARSERS_PER_BYTE)
				continue;
			if (ps[p]->words && d->nrow[b] < DISPATCH_GATED)
				d->worded[b] |= (uint64_t)1 << d->nrow[b];
			if (ps[p]->claim_reads_values)
				d->valued[b][d->nvalued[b]++] = d->nrow[b];
			d->row[b][d->nrow[b]++] = (unsigned char)p;
		}
	}
	/* the words, by their first byte; each with its parser's position in that byte's row */
	for (unsigned b = 0; b < 256; b++) {
		d->first[b] = (uint16_t)nw;
		for (unsigned k = 0; k < d->nrow[b] && k < DISPATCH_GATED; k++) {
			const struct parser *p = ps[d->row[b][k]];

			for (const char *const *w = p->words; w && *w; w++) {
				if ((unsigned char)(*w)[0] != b)
					continue;
				if (nw >= DISPATCH_WORDS) { /* (parsers_init() refuses more) asked of every line, then */
					d->worded[b] &= ~((uint64_t)1 << k);
					continue;
				}
				d->words[nw].w = *w;
				d->words[nw].n = (uint32_t)strlen(*w);
				dispatch_head(*w, d->words[nw].n, d->words[nw].head);
				dispatch_head(ones, d->words[nw].n < 16 ? d->words[nw].n : 16, d->words[nw].head_mask);
				d->words[nw].bit = (uint64_t)1 << k;
				nw++;
			}
		}
	}
	d->first[256] = (uint16_t)nw;
	d->digits_read = 16;
	for (size_t k = 0; k < nw; k++)
		for (size_t j = 16; j < d->words[k].n; j++)
			if (d->words[k].w[j] >= '0' && d->words[k].w[j] <= '9' && d->digits_read < d->words[k].n)
				d->digits_read = d->words[k].n;
}

int dispatch_word_of(const struct parser *p, const char *s, size_t n)
{
	if (!p->words)
		return 1;
	for (const char *const *w = p->words; *w; w++)
		if (strlen(*w) <= n && !memcmp(*w, s, strlen(*w)))
			return 1;
	return 0;
}
