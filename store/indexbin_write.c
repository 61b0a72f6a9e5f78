/*
 * indexbin_write.c - what an import adds to index.bin: gathered, then
 * appended as a segment or written with the rest as a new base; see
 * indexbin.h.
 */
#define _GNU_SOURCE /* qsort_r */
#include "store/indexbin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/cachefile.h"
#include "store/indexbin_fmt.h"
#include "util/fsutil.h"
#include "util/hash.h"
#include "util/util.h"

/* A new base reads the old one's blocks this many at a time. */
#define MERGE_CHUNK 2048

/* ---- what is added ---- */

void ibin_builder_init(struct ibin_builder *b, struct ibin *old)
{
	memset(b, 0, sizeof(*b));
	b->old = old;
}

void ibin_builder_release(struct ibin_builder *b)
{
	buf_release(&b->pool);
	strmap_release(&b->strs);
	free(b->seen_blocks);
	strmap_release(&b->seen_names);
	strmap_release(&b->seen_places);
	strmap_release(&b->seen_sources);
	arena_release(&b->scratch);
	free(b->blocks);
	free(b->names);
	free(b->sources);
	free(b->places);
	memset(b, 0, sizeof(*b));
}

/* The offset of `s` in the new pool, added when it is not there yet. */
static uint32_t intern(struct ibin_builder *b, const char *s)
{
	uint32_t off;

	for (unsigned i = 0; i < b->nrecent; i++)
		if (!strcmp(b->pool.s + b->recent[i], s))
			return b->recent[i];
	if (!strmap_get(&b->strs, s, &off)) {
		off = (uint32_t)b->pool.len;
		buf_add(&b->pool, s, strlen(s) + 1);
		strmap_put(&b->strs, arena_strdup(&b->scratch, s), off);
	}
	b->recent[b->next] = off;
	b->next = (b->next + 1) % 2;
	if (b->nrecent < 2)
		b->nrecent++;
	return off;
}

/* 1 the first time `s` is seen in `set`. */
static int first_time(struct ibin_builder *b, struct strmap *set, const char *s)
{
	if (strmap_get(set, s, NULL))
		return 0;
	strmap_put(set, arena_strdup(&b->scratch, s), 1);
	return 1;
}

void ibin_add_source(struct ibin_builder *b, const char *hash)
{
	if ((b->old && ibin_source(b->old, hash)) || !first_time(b, &b->seen_sources, hash))
		return;
	ALLOC_GROW(b->sources, b->nsources + 1, b->sources_cap);
	b->sources[b->nsources++] = intern(b, hash);
}

void ibin_add_place(struct ibin_builder *b, const char *place, const char *exp)
{
	if (strmap_get(&b->seen_places, place, NULL) || (b->old && ibin_place(b->old, place)))
		return;
	first_time(b, &b->seen_places, place);
	ALLOC_GROW(b->places, b->nplaces + 1, b->places_cap);
	b->places[b->nplaces].place = intern(b, place);
	b->places[b->nplaces].exp = intern(b, exp);
	b->nplaces++;
}

void ibin_add_name(struct ibin_builder *b, const char *name)
{
	if (strmap_get(&b->seen_names, name, NULL) || (b->old && ibin_name(b->old, name)))
		return;
	first_time(b, &b->seen_names, name);
	ALLOC_GROW(b->names, b->nnames + 1, b->names_cap);
	b->names[b->nnames++] = intern(b, name);
}

/*
 * The slot of key k in the builder's set of added blocks: the one that
 * holds it, else the empty one where it goes. A key's leading bytes are a
 * hash already: they are the slot's start.
 */
static size_t seen_slot(const struct ibin_builder *b, const struct ibin_key *k)
{
	uint64_t h;
	size_t mask = b->seen_cap - 1, at;

	memcpy(&h, k->h, sizeof(h));
	at = (size_t)((h ^ k->occ * 0x9e3779b97f4a7c15ull) & mask);
	for (;; at = (at + 1) & mask) {
		uint32_t v = b->seen_blocks[at];

		if (!v || (!memcmp(b->blocks[v - 1].h, k->h, sizeof(k->h)) && b->blocks[v - 1].occ == k->occ))
			return at;
	}
}

/* Room in the set for one block more: twice the slots, the blocks put again, when it is half full. */
static void seen_grow(struct ibin_builder *b)
{
	if (2 * (b->nblocks + 1) <= b->seen_cap)
		return;
	free(b->seen_blocks);
	b->seen_cap = b->seen_cap ? 2 * b->seen_cap : 1024;
	/* zeroed by writing: calloc()'s fresh zero pages fault twice, read then written (strmap.c) */
	b->seen_blocks = xmalloc(b->seen_cap * sizeof(*b->seen_blocks));
	memset(b->seen_blocks, 0, b->seen_cap * sizeof(*b->seen_blocks));
	for (size_t i = 0; i < b->nblocks; i++) {
		struct ibin_key k;

		memcpy(k.h, b->blocks[i].h, sizeof(k.h));
		k.occ = b->blocks[i].occ;
		b->seen_blocks[seen_slot(b, &k)] = (uint32_t)(i + 1);
	}
}

/* Add block `k` (its key `key`, for the old file's lookup, or NULL) unless it is there. */
static void add_block(struct ibin_builder *b, const struct ibin_key *kp, const char *key, const char *exp,
		      const char *src, uint32_t line)
{
	struct ibin_block *x;
	struct ibin_key k = *kp;
	size_t at;

	seen_grow(b);
	at = seen_slot(b, &k);
	if (b->seen_blocks[at] || (key && b->old && ibin_block(b->old, key, NULL, NULL, NULL)))
		return; /* the first run of a block is the one */
	ALLOC_GROW(b->blocks, b->nblocks + 1, b->blocks_cap);
	x = &b->blocks[b->nblocks];
	memset(x, 0, sizeof(*x));
	memcpy(x->h, k.h, sizeof(k.h));
	x->occ = k.occ;
	x->exp = intern(b, exp);
	x->src = intern(b, src);
	x->line = line;
	b->seen_blocks[at] = (uint32_t)++b->nblocks;
}

void ibin_add_block(struct ibin_builder *b, const char *key, const char *exp, const char *src,
		    uint32_t line)
{
	struct ibin_key k;

	if (!key || !*key)
		return;
	if (ibin_key_parse(key, &k) < 0) {
		b->unusable = 1;
		return;
	}
	add_block(b, &k, key, exp, src, line);
}

void ibin_add_block_key(struct ibin_builder *b, const struct ibin_key *k, const char *exp,
			const char *src, uint32_t line)
{
	add_block(b, k, NULL, exp, src, line);
}

static uint64_t seg_tables(const struct ibin_builder *b)
{
	return b->nblocks * sizeof(struct ibin_block) + b->nnames * 4 +
	       b->nplaces * sizeof(struct ibin_place) + b->nsources * 4;
}

/* A segment's pool: the new strings and the NULs that make the segment a multiple of 8 bytes. */
static uint64_t padded_pool(const struct ibin_builder *b)
{
	uint64_t t = seg_tables(b) + b->pool.len;

	return b->pool.len + (8 - t % 8) % 8;
}

uint64_t ibin_segment_size(const struct ibin_builder *b)
{
	return sizeof(struct seg_head) + seg_tables(b) + padded_pool(b);
}

int ibin_may_append(const struct ibin_builder *b)
{
	const struct ibin *o = b->old;
	uint64_t cap, after;

	if (!o || !o->writable || b->unusable || o->nsegs + 1 > SEGS_COUNT_MAX)
		return 0;
	cap = o->base_len / 4;
	cap = cap < SEGS_BYTES_MIN ? SEGS_BYTES_MIN : cap > SEGS_BYTES_MAX ? SEGS_BYTES_MAX : cap;
	after = o->len - o->base_len + ibin_segment_size(b);
	return after <= cap;
}

/* Strings of the tables being sorted or merged: below `split` the old pool's, above it the new one's. */
struct pools {
	const char *old, *add;
	uint64_t split;
};

static const char *pools_str(const struct pools *p, uint32_t off)
{
	return off < p->split ? p->old + off : p->add + (off - p->split);
}

static int cmp_pool_offsets(const void *a, const void *c, void *arg)
{
	uint32_t x, y;

	memcpy(&x, a, 4);
	memcpy(&y, c, 4);
	return strcmp(pools_str(arg, x), pools_str(arg, y));
}

/* Fewer blocks than this are sorted as they are: the piles' counts would cost more than they save. */
#define PILES_MIN 4096

/*
 * Sort the new blocks by key: dealt by their first two bytes (a hash's, so
 * evenly spread) into 65,536 piles in one counting pass, each pile of more
 * than one then sorted by the whole key. The set of added blocks is
 * emptied (its indexes would be stale).
 */
static void sort_blocks(struct ibin_builder *b)
{
	size_t n = b->nblocks, *start;
	struct ibin_block *out;

	free(b->seen_blocks);
	b->seen_blocks = NULL;
	b->seen_cap = 0;
	if (n < PILES_MIN) {
		qsort(b->blocks, n, sizeof(*b->blocks), ibin_cmp_blocks);
		return;
	}
	start = xcalloc(65536 + 1, sizeof(*start));
	out = xmalloc(n * sizeof(*out));

	for (size_t i = 0; i < n; i++)
		start[((size_t)b->blocks[i].h[0] << 8 | b->blocks[i].h[1]) + 1]++;
	for (size_t p = 0; p < 65536; p++)
		start[p + 1] += start[p];
	for (size_t i = 0; i < n; i++)
		out[start[(size_t)b->blocks[i].h[0] << 8 | b->blocks[i].h[1]]++] = b->blocks[i];
	/* start[p] is now where pile p ends, the start of pile p + 1 */
	for (size_t p = 0, from = 0; p < 65536; from = start[p++])
		if (start[p] - from > 1)
			qsort(out + from, start[p] - from, sizeof(*out), ibin_cmp_blocks);
	free(b->blocks);
	b->blocks = out;
	b->blocks_cap = n;
	free(start);
}

/* The entries of the new tables, all together. */
static size_t table_entries(const struct ibin_builder *b)
{
	return b->nblocks + b->nnames + b->nplaces + b->nsources;
}

void ibin_builder_sort(struct ibin_builder *b)
{
	struct pools p = { "", b->pool.s ? b->pool.s : "", 0 };

	if (b->sorted_size == table_entries(b) + 1)
		return; /* nothing added since (every add or absorb grows a table) */
	b->sorted_size = table_entries(b) + 1;
	if (b->nblocks)
		sort_blocks(b);
	if (b->nnames)
		qsort_r(b->names, b->nnames, 4, cmp_pool_offsets, &p);
	if (b->nplaces)
		qsort_r(b->places, b->nplaces, sizeof(*b->places), cmp_pool_offsets, &p);
	if (b->nsources)
		qsort_r(b->sources, b->nsources, 4, cmp_pool_offsets, &p);
}

int ibin_append(struct ibin_builder *b, uint64_t *len)
{
	struct ibin *o = b->old;
	struct buf seg = BUF_INIT;
	struct seg_head sh;
	size_t body;
	int rc;

	if (!o || !o->writable || b->unusable)
		return -1;
	ibin_builder_sort(b);
	memset(&sh, 0, sizeof(sh));
	memcpy(sh.magic, SEG_MAGIC, 8);
	sh.nblocks = b->nblocks;
	sh.nnames = b->nnames;
	sh.nplaces = b->nplaces;
	sh.nsources = b->nsources;
	sh.pool = padded_pool(b);
	buf_add(&seg, &sh, sizeof(sh));
	buf_add(&seg, b->blocks ? (const void *)b->blocks : "", b->nblocks * sizeof(*b->blocks));
	buf_add(&seg, b->names ? (const void *)b->names : "", b->nnames * 4);
	buf_add(&seg, b->places ? (const void *)b->places : "", b->nplaces * sizeof(*b->places));
	buf_add(&seg, b->sources ? (const void *)b->sources : "", b->nsources * 4);
	buf_add(&seg, b->pool.s ? b->pool.s : "", b->pool.len);
	while (seg.len < ibin_segment_size(b))
		buf_addc(&seg, '\0');
	body = seg.len - sizeof(sh);
	hash_128(seg.s + sizeof(sh), body, sh.sum);
	memcpy(seg.s, &sh, sizeof(sh));
	rc = fd_pwrite_all(o->fd, seg.s, seg.len, o->len);
	if (rc == 0)
		*len = o->len + seg.len;
	buf_release(&seg);
	return rc;
}

/* ---- a new base ---- */

/* The blocks being written: every FENCE_STEP-th key goes to the fence. */
struct blocks_out {
	struct cachefile *w;
	struct ibin_key *fence;
	size_t nfence, written;
};

static void put_blocks(struct blocks_out *o, const struct ibin_block *x, size_t n)
{
	for (size_t i = 0; i < n; i++, o->written++)
		if (o->written % FENCE_STEP == 0)
			memcpy(&o->fence[o->nfence++], &x[i], sizeof(*o->fence));
	cachefile_add(o->w, x, n * sizeof(*x));
}

/*
 * The old base's blocks (read MERGE_CHUNK at a time) and the new sorted
 * ones, in key order, into `o`. 0, or -1 when the old ones do not read.
 */
static int merge_blocks(struct blocks_out *o, const struct ibin *old, const struct ibin_block *add,
			size_t k)
{
	struct ibin_block *chunk = xmalloc(MERGE_CHUNK * sizeof(*chunk));
	size_t n = old ? (size_t)old->nblocks : 0, j = 0;
	int rc = 0;

	for (size_t c = 0; c < n && !rc; c += MERGE_CHUNK) {
		size_t m = n - c < MERGE_CHUNK ? n - c : MERGE_CHUNK, i = 0;

		if (fd_pread_all(old->fd, chunk, m * sizeof(*chunk), old->off_blocks + c * sizeof(*chunk)) < 0) {
			rc = -1;
			break;
		}
		/* each new block before this chunk's last goes after the old ones not above it */
		while (j < k && ibin_cmp_blocks(&add[j], &chunk[m - 1]) < 0) {
			size_t lo = i, hi = m;

			while (lo < hi) {
				size_t mid = lo + (hi - lo) / 2;

				if (ibin_cmp_blocks(&chunk[mid], &add[j]) <= 0)
					lo = mid + 1;
				else
					hi = mid;
			}
			put_blocks(o, chunk + i, lo - i);
			put_blocks(o, &add[j++], 1);
			i = lo;
		}
		put_blocks(o, chunk + i, m - i);
	}
	if (!rc)
		put_blocks(o, add + j, k - j);
	free(chunk);
	return rc;
}

/*
 * Merge sorted old table `t` (n) and sorted new table `y` (k), `stride`
 * bytes each, into w; on a tie the old entry goes first. Each new entry's
 * place is searched, and the old ones before it go out as one piece.
 */
static void merge_table(struct cachefile *w, const void *t, size_t n, const void *y, size_t k, size_t stride,
			const struct pools *p)
{
	const char *old = t, *add = y;
	size_t i = 0;

	for (size_t j = 0; j < k; j++) {
		const char *c = add + j * stride;
		size_t lo = i, hi = n;

		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (cmp_pool_offsets(old + mid * stride, c, (void *)p) <= 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		cachefile_add(w, old + i * stride, (lo - i) * stride);
		cachefile_add(w, c, stride);
		i = lo;
	}
	cachefile_add(w, old + i * stride, (n - i) * stride);
}

/* Take the old file's segments into `b`, as if they were added now (a new base holds them). */
static void absorb_segments(struct ibin_builder *b)
{
	const struct ibin *o = b->old;

	for (size_t s = 0; o && s < o->nsegs; s++) {
		const struct ibin_seg *g = &o->segs[s];

		for (uint64_t i = 0; i < g->nsources; i++) {
			uint32_t off;

			memcpy(&off, &g->sources[i], 4);
			ALLOC_GROW(b->sources, b->nsources + 1, b->sources_cap);
			b->sources[b->nsources++] = intern(b, ibin_seg_str(g, off));
		}
		for (uint64_t i = 0; i < g->nnames; i++) {
			uint32_t off;

			memcpy(&off, &g->names[i], 4);
			ALLOC_GROW(b->names, b->nnames + 1, b->names_cap);
			b->names[b->nnames++] = intern(b, ibin_seg_str(g, off));
		}
		for (uint64_t i = 0; i < g->nplaces; i++) {
			struct ibin_place p;

			memcpy(&p, &g->places[i], sizeof(p));
			ALLOC_GROW(b->places, b->nplaces + 1, b->places_cap);
			b->places[b->nplaces].place = intern(b, ibin_seg_str(g, p.place));
			b->places[b->nplaces].exp = intern(b, ibin_seg_str(g, p.exp));
			b->nplaces++;
		}
		for (uint64_t i = 0; i < g->nblocks; i++) {
			struct ibin_block x;

			memcpy(&x, &g->blocks[i], sizeof(x));
			x.exp = intern(b, ibin_seg_str(g, x.exp));
			x.src = intern(b, ibin_seg_str(g, x.src));
			ALLOC_GROW(b->blocks, b->nblocks + 1, b->blocks_cap);
			b->blocks[b->nblocks++] = x;
		}
	}
}

int ibin_write_base(struct ibin_builder *b, const char *dir, const char *token)
{
	const struct ibin *o = b->old;
	struct cachefile w;
	struct bin_head h;
	struct blocks_out bo;
	struct pools p = { "", "", 0 };
	char *old_pool = NULL;
	uint64_t shift = o ? o->npool : 0;
	int rc = -1;

	if (b->unusable)
		return -1;
	absorb_segments(b);
	ibin_builder_sort(b);
	if (shift + b->pool.len > UINT32_MAX)
		return -1;
	/* the new strings follow the old pool: their offsets move by its size */
	for (size_t i = 0; i < b->nblocks; i++) {
		b->blocks[i].exp += (uint32_t)shift;
		b->blocks[i].src += (uint32_t)shift;
	}
	for (size_t i = 0; i < b->nnames; i++)
		b->names[i] += (uint32_t)shift;
	for (size_t i = 0; i < b->nplaces; i++) {
		b->places[i].place += (uint32_t)shift;
		b->places[i].exp += (uint32_t)shift;
	}
	for (size_t i = 0; i < b->nsources; i++)
		b->sources[i] += (uint32_t)shift;
	if (o) {
		old_pool = xmalloc(o->npool ? (size_t)o->npool : 1);
		if (fd_pread_all(o->fd, old_pool, (size_t)o->npool, o->off_pool) < 0)
			goto out;
	}
	p.old = old_pool ? old_pool : "";
	p.add = b->pool.s ? b->pool.s : "";
	p.split = shift;

	memset(&h, 0, sizeof(h));
	memcpy(h.magic, BIN_MAGIC, 8);
	memcpy(h.token, token, 32);
	h.nblocks = (o ? o->nblocks : 0) + b->nblocks;
	h.nnames = (o ? o->nnames : 0) + b->nnames;
	h.nplaces = (o ? o->nplaces : 0) + b->nplaces;
	h.nsources = (o ? o->nsources : 0) + b->nsources;
	h.pool = shift + b->pool.len;
	h.step = FENCE_STEP;
	h.nfence = (h.nblocks + FENCE_STEP - 1) / FENCE_STEP;

	if (cachefile_open(&w, dir, INDEXBIN_FILE) < 0)
		goto out;
	cachefile_add(&w, &h, sizeof(h));
	memset(&bo, 0, sizeof(bo));
	bo.w = &w;
	bo.fence = xmalloc(h.nfence ? (size_t)h.nfence * sizeof(*bo.fence) : 1);
	if (merge_blocks(&bo, o, b->blocks, b->nblocks) < 0)
		w.err = 1;
	merge_table(&w, o ? (const void *)o->names : "", o ? (size_t)o->nnames : 0,
		    b->names ? (const void *)b->names : "", b->nnames, 4, &p);
	merge_table(&w, o ? (const void *)o->places : "", o ? (size_t)o->nplaces : 0,
		    b->places ? (const void *)b->places : "", b->nplaces, sizeof(*b->places), &p);
	merge_table(&w, o ? (const void *)o->sources : "", o ? (size_t)o->nsources : 0,
		    b->sources ? (const void *)b->sources : "", b->nsources, 4, &p);
	cachefile_add(&w, p.old, (size_t)shift);
	cachefile_add(&w, p.add, b->pool.len);
	cachefile_add(&w, bo.fence, bo.nfence * sizeof(*bo.fence));
	if (bo.nfence != h.nfence)
		w.err = 1;
	free(bo.fence);
	rc = cachefile_close(&w);
out:
	free(old_pool);
	return rc;
}
