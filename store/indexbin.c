/*
 * indexbin.c - index.bin read by pread() and searched; see indexbin.h
 * (indexbin_write.c writes it).
 */
#include "store/indexbin.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store/indexbin_fmt.h"
#include "util/fsutil.h"
#include "util/hash.h"
#include "util/util.h"

/* ---- reading ---- */

/* A block key as the tables hold it; -1 when it is not of the shape the import makes. */
int ibin_key_parse(const char *key, struct ibin_key *k)
{
	for (int i = 0; i < 20; i++) {
		int c = key[i], v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;

		if (v < 0)
			return -1;
		if (i % 2)
			k->h[i / 2] = (uint8_t)(k->h[i / 2] | v);
		else
			k->h[i / 2] = (uint8_t)(v << 4);
	}
	k->occ = 0;
	if (key[20] == '\0')
		return 0;
	if (key[20] == '.' && key[21] >= '1' && key[21] <= '9') {
		char *end;
		unsigned long n = strtoul(key + 21, &end, 10);

		if (!*end && n >= 2 && n <= 65535) {
			k->occ = (uint16_t)n;
			return 0;
		}
	}
	return -1;
}

/* Key order: the hash bytes, then the repeat. (A block starts with its key.) */
static int cmp_key(const struct ibin_key *k, const void *entry)
{
	struct ibin_key e;
	int c;

	memcpy(&e, entry, sizeof(e));
	c = memcmp(k->h, e.h, sizeof(e.h));
	return c ? c : (k->occ > e.occ) - (k->occ < e.occ);
}

int ibin_cmp_blocks(const void *a, const void *b)
{
	struct ibin_key k;

	memcpy(&k, a, sizeof(k));
	return cmp_key(&k, b);
}

/* The entry of sorted `t` (n blocks) with key `k`, or NULL. */
static const struct ibin_block *find_block(const struct ibin_block *t, size_t n,
					   const struct ibin_key *k)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = cmp_key(k, &t[mid]);

		if (!c)
			return &t[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

/* Check and place the segments of b->segbuf (`n` bytes). 0, or -1. */
static int read_segments(struct ibin *b, size_t n)
{
	for (size_t at = 0; at < n;) {
		struct seg_head sh;
		struct ibin_seg *g;
		const char *p = b->segbuf + at;
		uint64_t size, sum[2], left = n - at;

		if (left < sizeof(sh))
			return -1;
		memcpy(&sh, p, sizeof(sh));
		if (memcmp(sh.magic, SEG_MAGIC, 8) || sh.nblocks > left || sh.nnames > left ||
		    sh.nplaces > left || sh.nsources > left || sh.pool > left)
			return -1;
		size = sizeof(sh) + sh.nblocks * sizeof(struct ibin_block) + sh.nnames * 4 +
		       sh.nplaces * sizeof(struct ibin_place) + sh.nsources * 4 + sh.pool;
		if (size > left || size % 8 || (sh.pool && p[size - 1] != '\0'))
			return -1;
		hash_128(p + sizeof(sh), (size_t)(size - sizeof(sh)), sum);
		if (sum[0] != sh.sum[0] || sum[1] != sh.sum[1])
			return -1;
		ALLOC_GROW(b->segs, b->nsegs + 1, b->segs_cap);
		g = &b->segs[b->nsegs++];
		p += sizeof(sh);
		g->blocks = (const struct ibin_block *)(const void *)p;
		p += sh.nblocks * sizeof(struct ibin_block);
		g->names = (const uint32_t *)(const void *)p;
		p += sh.nnames * 4;
		g->places = (const struct ibin_place *)(const void *)p;
		p += sh.nplaces * sizeof(struct ibin_place);
		g->sources = (const uint32_t *)(const void *)p;
		p += sh.nsources * 4;
		g->pool = p;
		g->nblocks = sh.nblocks;
		g->nnames = sh.nnames;
		g->nplaces = sh.nplaces;
		g->nsources = sh.nsources;
		g->npool = sh.pool;
		at += (size_t)size;
	}
	return 0;
}

int ibin_open(struct ibin *b, const char *dir, const char *token, uint64_t len)
{
	struct buf path = BUF_INIT;
	struct bin_head h;
	struct stat sb;
	uint64_t size, at, tables;

	memset(b, 0, sizeof(*b));
	buf_addf(&path, "%s/" INDEXBIN_FILE, dir);
	/* never through a link: an index appended to is the store's own file (O_NOFOLLOW) */
	b->fd = open(path.s, O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
	b->writable = b->fd >= 0;
	if (b->fd < 0 && errno != ELOOP)
		b->fd = open(path.s, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
	b->opened = b->fd >= 0;
	buf_release(&path);
	if (b->fd < 0 || fstat(b->fd, &sb) < 0 || !S_ISREG(sb.st_mode))
		goto fail;
	size = (uint64_t)sb.st_size;
	if (size < sizeof(h) || fd_pread_all(b->fd, &h, sizeof(h), 0) < 0)
		goto fail;
	if (memcmp(h.magic, BIN_MAGIC, 8) || memcmp(h.token, token, 32) || h.nblocks > size ||
	    h.nnames > size || h.nplaces > size || h.nsources > size || h.pool > size ||
	    h.pool > UINT32_MAX || !h.step || h.step > FENCE_STEP * 64 ||
	    h.nfence != (h.nblocks + h.step - 1) / h.step)
		goto fail;
	b->nblocks = h.nblocks;
	b->nnames = h.nnames;
	b->nplaces = h.nplaces;
	b->nsources = h.nsources;
	b->npool = h.pool;
	b->nfence = h.nfence;
	b->step = h.step;
	at = sizeof(h);
	b->off_blocks = at;
	at += h.nblocks * sizeof(struct ibin_block);
	tables = h.nnames * 4 + h.nplaces * sizeof(struct ibin_place) + h.nsources * 4;
	b->tables = xmalloc(tables ? (size_t)tables : 1);
	if (at + tables > size || fd_pread_all(b->fd, b->tables, (size_t)tables, at) < 0)
		goto fail;
	b->names = b->tables;
	b->places = (struct ibin_place *)(void *)(b->names + h.nnames);
	b->sources = (uint32_t *)(void *)(b->places + h.nplaces);
	at += tables;
	b->off_pool = at;
	at += h.pool;
	if (at + h.nfence * sizeof(struct ibin_key) > size)
		goto fail;
	if (h.pool) {
		char last;

		if (fd_pread_all(b->fd, &last, 1, at - 1) < 0 || last != '\0')
			goto fail;
	}
	b->fence = xmalloc(h.nfence ? (size_t)h.nfence * sizeof(*b->fence) : 1);
	if (fd_pread_all(b->fd, b->fence, (size_t)h.nfence * sizeof(*b->fence), at) < 0)
		goto fail;
	at += h.nfence * sizeof(struct ibin_key);
	b->base_len = at;
	b->len = len ? len : at;
	if (b->len < at || b->len > size || b->len - at > SEGS_BYTES_HARD)
		goto fail;
	b->chunk = xmalloc(b->step * sizeof(*b->chunk));
	if (b->len > at) {
		size_t n = (size_t)(b->len - at);

		b->segbuf = xmalloc(n);
		if (fd_pread_all(b->fd, b->segbuf, n, at) < 0 || read_segments(b, n) < 0)
			goto fail;
	}
	return 0;
fail:
	ibin_close(b);
	return -1;
}

void ibin_close(struct ibin *b)
{
	if (b->opened)
		close(b->fd);
	free(b->fence);
	free(b->tables);
	free(b->chunk);
	free(b->segbuf);
	free(b->segs);
	free(b->found);
	strmap_release(&b->memo);
	buf_release(&b->scratch);
	arena_release(&b->arena);
	memset(b, 0, sizeof(*b));
}

/* The base pool's string at `off` ("" past its end), read once and kept for a while. */
static const char *base_str(struct ibin *b, uint32_t off)
{
	struct str_slot *sl = &b->strs[(off * 2654435761u) >> 26];
	size_t want = 64;

	if (off >= b->npool)
		return "";
	if (sl->s && sl->off == off)
		return sl->s;
	for (;;) {
		size_t n = b->npool - off < want ? (size_t)(b->npool - off) : want;
		const char *nul;

		buf_reset(&b->scratch);
		buf_grow(&b->scratch, n);
		if (fd_pread_all(b->fd, b->scratch.s, n, b->off_pool + off) < 0)
			return "";
		if ((nul = memchr(b->scratch.s, '\0', n))) {
			sl->off = off;
			sl->s = arena_strndup(&b->arena, b->scratch.s, (size_t)(nul - b->scratch.s));
			return sl->s;
		}
		if (n < want)
			return ""; /* no NUL before the pool's end: ibin_open() checked there is one */
		want *= 4;
	}
}

const char *ibin_seg_str(const struct ibin_seg *g, uint32_t off)
{
	return off < g->npool ? g->pool + off : "";
}

/*
 * Index of `s` in a sorted table of `n` pool offsets `stride` bytes apart
 * (each entry starts with its string's offset), or -1; `str` gives the
 * string at an offset of the pool the table is of.
 */
static long table_find(const void *table, size_t n, size_t stride, const char *s,
		       const char *(*str)(void *pool, uint32_t off), void *pool)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		uint32_t off;
		int c;

		memcpy(&off, (const char *)table + mid * stride, 4);
		c = strcmp(s, str(pool, off));
		if (!c)
			return (long)mid;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return -1;
}

static const char *base_pool_str(void *b, uint32_t off)
{
	return base_str(b, off);
}

static const char *seg_pool_str(void *g, uint32_t off)
{
	return ibin_seg_str(g, off);
}

/* The same in the base's tables, and in a segment's. */
static long base_find(struct ibin *b, const void *table, size_t n, size_t stride, const char *s)
{
	return table_find(table, n, stride, s, base_pool_str, b);
}

static long seg_find(const struct ibin_seg *g, const void *table, size_t n, size_t stride,
		     const char *s)
{
	return table_find(table, n, stride, s, seg_pool_str, (void *)g);
}

/* Block `k` in the base: the fence names the run of blocks it can be in, read in one piece. */
static int base_block(struct ibin *b, const struct ibin_key *k, struct ibin_block *out)
{
	size_t lo = 0, hi = (size_t)b->nfence, first, n;
	const struct ibin_block *x;

	while (lo < hi) { /* the first fence entry after k */
		size_t mid = lo + (hi - lo) / 2;

		if (cmp_key(k, &b->fence[mid]) < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	if (!lo)
		return 0; /* before the first block */
	first = (lo - 1) * (size_t)b->step;
	n = b->nblocks - first < b->step ? (size_t)(b->nblocks - first) : (size_t)b->step;
	if (fd_pread_all(b->fd, b->chunk, n * sizeof(*b->chunk), b->off_blocks + first * sizeof(*b->chunk)) < 0)
		return 0;
	if (!(x = find_block(b->chunk, n, k)))
		return 0;
	*out = *x;
	return 1;
}

int ibin_block(struct ibin *b, const char *key, const char **exp, const char **src,
	       uint32_t *line)
{
	struct ibin_key k;
	struct ibin_found *f;
	uint32_t at;

	if (ibin_key_parse(key, &k) < 0)
		return 0;
	if (!strmap_get(&b->memo, key, &at)) {
		struct ibin_block x;

		ALLOC_GROW(b->found, b->nfound + 1, b->found_cap);
		f = &b->found[b->nfound];
		memset(f, 0, sizeof(*f));
		if (base_block(b, &k, &x)) {
			f->found = 1;
			f->exp = base_str(b, x.exp);
			f->src = base_str(b, x.src);
			f->line = x.line;
		}
		for (size_t i = 0; i < b->nsegs && !f->found; i++) {
			const struct ibin_seg *g = &b->segs[i];
			const struct ibin_block *y = find_block(g->blocks, (size_t)g->nblocks, &k);

			if (y) {
				memcpy(&x, y, sizeof(x));
				f->found = 1;
				f->exp = ibin_seg_str(g, x.exp);
				f->src = ibin_seg_str(g, x.src);
				f->line = x.line;
			}
		}
		at = (uint32_t)b->nfound++;
		strmap_put(&b->memo, arena_strdup(&b->arena, key), at);
	}
	f = &b->found[at];
	if (!f->found)
		return 0;
	if (exp)
		*exp = f->exp;
	if (src)
		*src = f->src;
	if (line)
		*line = f->line;
	return 1;
}

const char *ibin_place(struct ibin *b, const char *place)
{
	long at = base_find(b, b->places, (size_t)b->nplaces, sizeof(struct ibin_place), place);
	struct ibin_place p;

	if (at >= 0)
		return base_str(b, b->places[at].exp);
	for (size_t i = 0; i < b->nsegs; i++) {
		const struct ibin_seg *g = &b->segs[i];

		at = seg_find(g, g->places, (size_t)g->nplaces, sizeof(struct ibin_place), place);
		if (at >= 0) {
			memcpy(&p, &g->places[at], sizeof(p));
			return ibin_seg_str(g, p.exp);
		}
	}
	return NULL;
}

int ibin_name(struct ibin *b, const char *name)
{
	if (base_find(b, b->names, (size_t)b->nnames, 4, name) >= 0)
		return 1;
	for (size_t i = 0; i < b->nsegs; i++)
		if (seg_find(&b->segs[i], b->segs[i].names, (size_t)b->segs[i].nnames, 4, name) >= 0)
			return 1;
	return 0;
}

int ibin_source(struct ibin *b, const char *hash)
{
	if (base_find(b, b->sources, (size_t)b->nsources, 4, hash) >= 0)
		return 1;
	for (size_t i = 0; i < b->nsegs; i++)
		if (seg_find(&b->segs[i], b->segs[i].sources, (size_t)b->segs[i].nsources, 4, hash) >= 0)
			return 1;
	return 0;
}

/* ---- every entry ---- */

/* One table's entries (`n` blocks, places or sources, as stored) to the visitor, strings of `pool`. */
static void visit_tables(const struct ibin_visit *v, const void *blocks, uint64_t nblocks,
			 const void *places, uint64_t nplaces, const void *sources, uint64_t nsources,
			 const char *pool, uint64_t npool)
{
#define POOL_STR(off) ((off) < npool ? pool + (off) : "")
	for (uint64_t i = 0; i < nblocks; i++) {
		struct ibin_block x;
		struct ibin_key k;

		memcpy(&x, (const char *)blocks + i * sizeof(x), sizeof(x));
		memcpy(k.h, x.h, sizeof(k.h));
		k.occ = x.occ;
		v->block(v->ctx, &k, POOL_STR(x.exp), POOL_STR(x.src), x.line);
	}
	for (uint64_t i = 0; i < nplaces; i++) {
		struct ibin_place p;

		memcpy(&p, (const char *)places + i * sizeof(p), sizeof(p));
		v->place(v->ctx, POOL_STR(p.place), POOL_STR(p.exp));
	}
	for (uint64_t i = 0; i < nsources; i++) {
		uint32_t off;

		memcpy(&off, (const char *)sources + i * 4, 4);
		v->source(v->ctx, POOL_STR(off));
	}
#undef POOL_STR
}

int ibin_each(struct ibin *b, const struct ibin_visit *v)
{
	size_t nb = (size_t)b->nblocks * sizeof(struct ibin_block);
	char *blocks = xmalloc(nb ? nb : 1), *pool = xmalloc(b->npool ? (size_t)b->npool : 1);
	int rc = -1;

	/* the base's pool ends in a NUL (ibin_open()): every string in it ends */
	if (fd_pread_all(b->fd, blocks, nb, b->off_blocks) < 0 ||
	    fd_pread_all(b->fd, pool, (size_t)b->npool, b->off_pool) < 0)
		goto out;
	visit_tables(v, blocks, b->nblocks, b->places, b->nplaces, b->sources, b->nsources, pool,
		     b->npool);
	for (size_t s = 0; s < b->nsegs; s++) {
		const struct ibin_seg *g = &b->segs[s];

		visit_tables(v, g->blocks, g->nblocks, g->places, g->nplaces, g->sources, g->nsources,
			     g->pool, g->npool);
	}
	rc = 0;
out:
	free(blocks);
	free(pool);
	return rc;
}
