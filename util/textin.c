/*
 * textin.c - a text log read by its first bytes; see textin.h.
 */
#include "util/textin.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "util/hash.h"
#include "util/mapped.h"
#include "util/spread.h"
#include "util/text.h"

#define FIRST_BLOCK 65536
#define BINARY_WINDOW 8192

/* 1 LE, 2 BE, 0 not UTF-16: a BOM, or ASCII text with every other byte NUL. */
static int utf16_kind(const unsigned char *p, size_t n)
{
	size_t pairs = n / 2, zero_odd = 0, zero_even = 0;

	if (n >= 2 && p[0] == 0xff && p[1] == 0xfe)
		return 1;
	if (n >= 2 && p[0] == 0xfe && p[1] == 0xff)
		return 2;
	if (pairs < 8)
		return 0;
	for (size_t i = 0; i + 1 < n; i += 2) {
		zero_even += p[i] == 0;
		zero_odd += p[i + 1] == 0;
	}
	/* most of one side NUL, almost none of the other: ASCII as UTF-16 */
	if (zero_odd * 10 >= pairs * 9 && zero_even * 10 <= pairs)
		return 1;
	if (zero_even * 10 >= pairs * 9 && zero_odd * 10 <= pairs)
		return 2;
	return 0;
}

static void put_utf8(struct buf *out, unsigned cp)
{
	char b[4];

	if (cp < 0x80) {
		buf_addc(out, (char)cp);
		return;
	}
	if (cp < 0x800) {
		b[0] = (char)(0xc0 | cp >> 6);
		b[1] = (char)(0x80 | (cp & 0x3f));
		buf_add(out, b, 2);
	} else if (cp < 0x10000) {
		b[0] = (char)(0xe0 | cp >> 12);
		b[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		b[2] = (char)(0x80 | (cp & 0x3f));
		buf_add(out, b, 3);
	} else {
		b[0] = (char)(0xf0 | cp >> 18);
		b[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
		b[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
		b[3] = (char)(0x80 | (cp & 0x3f));
		buf_add(out, b, 4);
	}
}

void textin_utf16(const unsigned char *p, size_t n, int big_endian, struct buf *out)
{
	size_t i = 0;

#define UNIT(k) (big_endian ? (unsigned)p[k] << 8 | p[(k) + 1] : (unsigned)p[(k) + 1] << 8 | p[k])
	if (n >= 2 && UNIT(0) == 0xfeff)
		i = 2;
	for (; i + 1 < n; i += 2) {
		unsigned u = UNIT(i);

		if (u >= 0xd800 && u <= 0xdbff && i + 3 < n && UNIT(i + 2) >= 0xdc00 &&
		    UNIT(i + 2) <= 0xdfff) {
			put_utf8(out, 0x10000 + ((u - 0xd800) << 10) + (UNIT(i + 2) - 0xdc00));
			i += 2;
		} else if (u >= 0xd800 && u <= 0xdfff) {
			put_utf8(out, 0xfffd);
		} else {
			put_utf8(out, u);
		}
	}
#undef UNIT
	if (!out->s)
		buf_adds(out, "");
}

/* Lone CR line endings (no LF at all) become LF. 1 when it changed anything. */
static int lone_cr(struct buf *b)
{
	if (!b->len || memchr(b->s, '\n', b->len) || !memchr(b->s, '\r', b->len))
		return 0;
	for (size_t i = 0; i < b->len; i++)
		if (b->s[i] == '\r')
			b->s[i] = '\n';
	return 1;
}

/*
 * Is the window mostly not text? NUL bytes and control characters no log
 * holds (tabs, line ends, form feeds, escapes and backspaces aside) make up
 * a tenth of it or more.
 */
static int mostly_binary(const char *s, size_t n)
{
	size_t bad = 0;

	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		bad += c == 0 || (c < 0x20 && !strchr("\t\n\r\f\v\x1b\b", c));
	}
	return n && bad * 10 >= n;
}

/* Append up to five offsets of `what` to *b ("10, 11, 400 and 3 more"). */
static void offsets(struct buf *b, const size_t *at, size_t n, size_t total)
{
	for (size_t i = 0; i < n; i++)
		buf_addf(b, "%s%zu", i ? ", " : "", at[i]);
	if (total > n)
		buf_addf(b, " and %zu more", total - n);
}

/*
 * Where the first byte that may be a defect's (a NUL or a byte >= 0x80:
 * the only bytes textin_defects looks at) is among the SUSPECT_SPAN at s:
 * its offset, or SUSPECT_SPAN when all are plain ASCII. With SSE2 (every
 * x86-64) each byte less one, saturating as a signed byte, is negative
 * exactly for those: the eight vectors' signs joined say whether any is
 * there, one branch for the 128 bytes, and the first sign set says where.
 * Elsewhere sixteen words, each tested as a whole first.
 */
#define SUSPECT_SPAN 128

#if defined(__SSE2__) && defined(__GNUC__)
static __m128i less_one(const char *s)
{
	return _mm_subs_epi8(_mm_loadu_si128((const __m128i *)(const void *)s), _mm_set1_epi8(1));
}

/* The signs of four vectors as 64 bits, the first vector's lowest. */
static uint64_t signs(__m128i a, __m128i b, __m128i c, __m128i d)
{
	return (uint64_t)(unsigned)_mm_movemask_epi8(a) | (uint64_t)(unsigned)_mm_movemask_epi8(b) << 16 |
	       (uint64_t)(unsigned)_mm_movemask_epi8(c) << 32 | (uint64_t)(unsigned)_mm_movemask_epi8(d) << 48;
}

static size_t first_suspect(const char *s)
{
	__m128i a = less_one(s), b = less_one(s + 16), c = less_one(s + 32), d = less_one(s + 48);
	__m128i e = less_one(s + 64), f = less_one(s + 80), g = less_one(s + 96), h = less_one(s + 112);
	__m128i low = _mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(c, d));
	__m128i high = _mm_or_si128(_mm_or_si128(e, f), _mm_or_si128(g, h));
	uint64_t m;

	if (!_mm_movemask_epi8(_mm_or_si128(low, high)))
		return SUSPECT_SPAN;
	m = signs(a, b, c, d);
	return m ? (size_t)__builtin_ctzll(m) : 64 + (size_t)__builtin_ctzll(signs(e, f, g, h));
}
#else
static size_t first_suspect(const char *s)
{
	for (size_t at = 0; at < SUSPECT_SPAN; at += 8) {
		uint64_t w;

		memcpy(&w, s + at, 8);
		if (!((((w - 0x0101010101010101ull) & ~w) | w) & 0x8080808080808080ull))
			continue;
		while (s[at] && (unsigned char)s[at] < 0x80)
			at++;
		return at;
	}
	return SUSPECT_SPAN;
}
#endif

/*
 * The length of the character at s[0] (a byte >= 0x80) when it is valid
 * UTF-8, else 1, as text_char_len() says: the two- and three-byte ones
 * (µ, ±, ×, …, →, accented letters: most of what a log holds past ASCII)
 * are read here, without the call. Such a one is valid when its lead byte
 * starts no overlong form (0xc2 to 0xdf, 0xe1 to 0xef) and continuation
 * bytes follow; 0xe0 and 0xed, whose second byte is bounded (overlong
 * forms, surrogates), and four-byte ones go to the call.
 */
static size_t char_len(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;

	if (u[0] >= 0xc2 && u[0] <= 0xdf && n >= 2 && (u[1] & 0xc0) == 0x80)
		return 2;
	if (u[0] >= 0xe1 && u[0] <= 0xef && u[0] != 0xed && n >= 3 && (u[1] & 0xc0) == 0x80 &&
	    (u[2] & 0xc0) == 0x80)
		return 3;
	return text_char_len(s, n);
}

/* What the defect scan found so far: it may go over a text a piece at a time. */
struct defects {
	size_t nul[5], bad[5], nnul, nbad;
	size_t line_at; /* offset of the first defect; its line is counted at the end */
};

/*
 * Scan s[from..to) of the n-byte text s into *f. A character that starts
 * before `to` is read whole, so the scan may stop past `to`: returns the
 * offset where the next piece starts (>= to).
 */
static size_t defects_scan(struct defects *f, const char *s, size_t n, size_t from, size_t to)
{
	size_t i = from;

	while (i < to) {
		unsigned char c = (unsigned char)s[i];
		size_t k;

		/* plain ASCII (most of a log) is skipped to the next byte that may be a defect's, a span a step */
		if (c && c < 0x80) {
			i += i + SUSPECT_SPAN <= n ? first_suspect(s + i) : 1;
			continue;
		}
		k = c < 0x80 ? 1 : char_len(s + i, n - i);
		if (c == '\0' || (c >= 0x80 && k == 1)) {
			size_t *cnt = c ? &f->nbad : &f->nnul;
			size_t *at = c ? f->bad : f->nul;

			if (*cnt < 5)
				at[*cnt] = i;
			if (!f->nnul && !f->nbad)
				f->line_at = i;
			(*cnt)++;
		}
		i += k;
	}
	return i;
}

/* The warning for what *f found in text s, naming `name` and the line of the first defect; none when clean. */
static void defects_report(const struct defects *f, const char *name, const char *s, struct diag *d)
{
	struct buf b = BUF_INIT;
	uint32_t line = 1;

	if (!f->nnul && !f->nbad)
		return;
	for (size_t i = 0; i < f->line_at; i++)
		line += s[i] == '\n';
	if (f->nnul) {
		buf_addf(&b, "%zu NUL byte%s at offset%s ", f->nnul, f->nnul > 1 ? "s" : "", f->nnul > 1 ? "s" : "");
		offsets(&b, f->nul, f->nnul < 5 ? f->nnul : 5, f->nnul);
	}
	if (f->nbad) {
		buf_addf(&b, "%s%zu byte%s of invalid UTF-8 at offset%s ", f->nnul ? "; " : "", f->nbad,
			 f->nbad > 1 ? "s" : "", f->nbad > 1 ? "s" : "");
		offsets(&b, f->bad, f->nbad < 5 ? f->nbad : 5, f->nbad);
	}
	diag_warn(d, name, line, "%s; read on as text", buf_str(&b));
	buf_release(&b);
}

void textin_defects(const char *name, const char *s, size_t n, struct diag *d)
{
	struct defects f;

	memset(&f, 0, sizeof(f));
	defects_scan(&f, s, n, 0, n);
	defects_report(&f, name, s, d);
}

/*
 * A mapped text's defects and its hash in one pass, a piece at a time,
 * each piece's pages given back once both have read it: the text is
 * faulted in once for the two, not once for each (a 100 MB log: 42 → 27 ms).
 * Where a second thread is worth it (util/spread.h), it hashes while this
 * one scans, the two a few pieces apart at most, and this one gives back
 * the pages both have passed: 22 → 13 ms.
 */
#define CHECK_PIECE ((size_t)256 << 10)

struct hasher {
	const char *p;
	size_t n;
	atomic_size_t done; /* bytes hashed so far */
	char hash[HASH_HEX_LEN + 1];
};

static void *hash_pieces(void *arg)
{
	struct hasher *h = arg;
	struct hash_stream s;

	hash_stream_init(&s);
	for (size_t at = 0, k; at < h->n; at += k) {
		k = h->n - at > CHECK_PIECE ? CHECK_PIECE : h->n - at;
		hash_stream_add(&s, h->p + at, k);
		atomic_store_explicit(&h->done, at + k, memory_order_release);
	}
	hash_stream_hex(&s, h->hash);
	return NULL;
}

/* check_and_hash() with the hash on a second thread; 0 when none could be had (nothing done). */
static int check_beside_hash(const char *name, const char *p, size_t n, char hash[HASH_HEX_LEN + 1],
			     struct diag *d)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	struct hasher h;
	struct defects f;
	pthread_t th;
	size_t at = 0, dropped = 0;

	memset(&f, 0, sizeof(f));
	h.p = p;
	h.n = n;
	atomic_init(&h.done, 0);
	if (pthread_create(&th, NULL, hash_pieces, &h))
		return 0;
	while (at < n) {
		size_t next = defects_scan(&f, p, n, at, n - at > CHECK_PIECE ? at + CHECK_PIECE : n);
		size_t hashed = atomic_load_explicit(&h.done, memory_order_acquire);
		size_t both = hashed < next ? hashed : next;

		/* from a page boundary: the page the last piece ended in goes now */
		if (both > dropped) {
			mapped_drop(p + dropped, both - dropped);
			dropped = both & ~(size_t)(page - 1);
		}
		at = next;
	}
	pthread_join(th, NULL);
	mapped_drop(p + dropped, n - dropped);
	memcpy(hash, h.hash, sizeof(h.hash));
	defects_report(&f, name, p, d);
	return 1;
}

static void check_and_hash(const char *name, const char *p, size_t n, char hash[HASH_HEX_LEN + 1],
			   struct diag *d)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	struct hash_stream h;
	struct defects f;
	size_t at = 0, dropped = 0;

	if (spread_worth(n) && check_beside_hash(name, p, n, hash, d))
		return;
	memset(&f, 0, sizeof(f));
	hash_stream_init(&h);
	while (at < n) {
		size_t next = defects_scan(&f, p, n, at, n - at > CHECK_PIECE ? at + CHECK_PIECE : n);

		hash_stream_add(&h, p + at, next - at);
		/* from a page boundary: the page the last piece ended in goes now */
		mapped_drop(p + dropped, next - dropped);
		dropped = next & ~(size_t)(page - 1);
		at = next;
	}
	hash_stream_hex(&h, hash);
	defects_report(&f, name, p, d);
}

/*
 * A regular file of TEXTIN_MAP_MIN bytes or more that is not UTF-16 and
 * not binary, mapped: 1 and the text in *text (mapped.h: it is released by
 * mapped_free()). 0 when the file is to be read instead (small, a pipe,
 * UTF-16, lone CRs to rewrite, a size that ends on a page, which leaves no
 * byte after the text to read as its end, or the mapping failed); -1 for a
 * binary file (an error in *d).
 */
static int map_text(int fd, const struct stat *st, const char *name, char **text, size_t *len,
		    char hash[HASH_HEX_LEN + 1], struct diag *d)
{
	size_t n = (size_t)st->st_size, window = n < BINARY_WINDOW ? n : BINARY_WINDOW;
	const char *nul;
	char *p;

	if (!S_ISREG(st->st_mode) || n < TEXTIN_MAP_MIN || n > TEXTIN_MAX || !(p = mapped_file(fd, n, 1)))
		return 0;
	if (utf16_kind((const unsigned char *)p, n < FIRST_BLOCK ? n : FIRST_BLOCK) ||
	    (!memchr(p, '\n', n) && memchr(p, '\r', n))) {
		mapped_free(p);
		return 0;
	}
	nul = mostly_binary(p, window) ? memchr(p, '\0', window) : NULL;
	if (nul) {
		diag_error(d, name, 0, "binary file (NUL byte at offset %zu), not a text log; skipped",
			   (size_t)(nul - p));
		mapped_free(p);
		return -1;
	}
	check_and_hash(name, p, n, hash, d); /* its pages given back: read again a piece at a time */
	mapped_keep_source(p, fd); /* stored, it is copied from the file (file_write_new()) */
	*text = p;
	*len = n;
	return 1;
}

int textin_read_text(const char *path, char **text, size_t *len, char hash[HASH_HEX_LEN + 1],
		     struct diag *d)
{
	struct buf b = BUF_INIT;
	struct stat st;
	int fd, rc;

	if (strcmp(path, "-") && (fd = open(path, O_RDONLY | O_CLOEXEC)) >= 0) {
		rc = fstat(fd, &st) == 0 ? map_text(fd, &st, path, text, len, hash, d) : 0;
		close(fd);
		if (rc)
			return rc > 0 ? 0 : -1;
	}
	if (textin_read(path, &b, d) < 0) {
		buf_release(&b);
		return -1;
	}
	*text = buf_detach(&b, len);
	hash_hex(*text ? *text : "", *len, hash);
	return 0;
}

int textin_read(const char *path, struct buf *out, struct diag *d)
{
	int is_stdin = !strcmp(path, "-");
	const char *name = is_stdin ? "<stdin>" : path;
	struct buf raw = BUF_INIT;
	struct stat st;
	int fd = is_stdin ? 0 : open(path, O_RDONLY | O_CLOEXEC);
	int rc = -1, kind = -1;

	if (fd < 0)
		return diag_error(d, name, 0, "cannot open: %s", strerror(errno));
	if (fstat(fd, &st) != 0)
		memset(&st, 0, sizeof(st));
	if (S_ISDIR(st.st_mode)) {
		diag_error(d, name, 0, "is a directory, not a log file");
		goto out;
	}
	/*
	 * A regular file is read into one buffer of its size (and a block more,
	 * for the read that finds its end), in as few read() calls as it takes.
	 */
	if (!is_stdin && S_ISREG(st.st_mode) && st.st_size > 0 && (size_t)st.st_size <= TEXTIN_MAX)
		buf_grow(&raw, (size_t)st.st_size + FIRST_BLOCK);
	for (;;) {
		size_t want = raw.len < FIRST_BLOCK ? FIRST_BLOCK - raw.len : FIRST_BLOCK * 4;
		ssize_t r;

		/* past the first block, read into whatever room is left before asking for more */
		if (raw.len >= FIRST_BLOCK && raw.cap > raw.len + 1)
			want = raw.cap - raw.len - 1;
		buf_grow(&raw, want);
		r = read(fd, raw.s + raw.len, want);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			diag_error(d, name, 0, "cannot read: %s", strerror(errno));
			goto out;
		}
		raw.len += (size_t)r;
		if (kind < 0 && (r == 0 || raw.len >= FIRST_BLOCK)) {
			/* decided from the first block, before reading on */
			const char *nul;

			kind = utf16_kind((const unsigned char *)raw.s, raw.len);
			nul = kind || !mostly_binary(raw.s, raw.len < BINARY_WINDOW ? raw.len : BINARY_WINDOW)
				      ? NULL
				      : memchr(raw.s, '\0', raw.len < BINARY_WINDOW ? raw.len : BINARY_WINDOW);
			if (nul) {
				/* mostly not text: a terminal capture's few NULs are not that */
				diag_error(d, name, 0,
					   "binary file (NUL byte at offset %zu), not a text log; skipped",
					   (size_t)(nul - raw.s));
				goto out;
			}
		}
		if (r == 0)
			break;
		if (raw.len > TEXTIN_MAX) {
			diag_error(d, name, 0, "larger than %zu MiB: not a log; skipped", TEXTIN_MAX >> 20);
			goto out;
		}
	}
	if (kind > 0) {
		textin_utf16((const unsigned char *)raw.s, raw.len, kind == 2, out);
		diag_add(d, DIAG_NOTE, name, 0, "UTF-16%s text converted to UTF-8", kind == 2 ? "BE" : "LE");
	} else if (!out->len && raw.s) {
		/* the common case: hand the buffer read over instead of copying it */
		struct buf t = *out;

		*out = raw;
		raw = t;
	} else {
		buf_add(out, raw.s ? raw.s : "", raw.len);
	}
	if (kind == 0)
		textin_defects(name, out->s ? out->s : "", out->len, d);
	if (lone_cr(out))
		diag_add(d, DIAG_NOTE, name, 0, "lone CR line endings read as line ends");
	rc = 0;
out:
	if (!is_stdin)
		close(fd);
	buf_release(&raw);
	return rc;
}
