/*
 * manifest.c - sizes, row counts and checksums of a stored import's files;
 * see manifest.h.
 */
#include "store/manifest.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "util/csvio.h"
#include "util/fsutil.h"
#include "util/hash.h"
#include "util/mapped.h"

static const char *const cols[] = { "file", "bytes", "rows", "xxh3" };
#define SOURCE_ROW "../../sources" /* the row of the text: its size only */

/* Bit i set when bit i of `m` or of an odd number of the bits below it is: quotes opened up to i. */
static uint64_t prefix_xor(uint64_t m)
{
	m ^= m << 1;
	m ^= m << 2;
	m ^= m << 4;
	m ^= m << 8;
	m ^= m << 16;
	m ^= m << 32;
	return m;
}

#if defined(__SSE2__)
/* The quotes and the line ends of the 64 bytes at s, a bit each. */
static void block_marks(const char *s, uint64_t *quotes, uint64_t *ends)
{
	__m128i q = _mm_set1_epi8('"'), nl = _mm_set1_epi8('\n');

	*quotes = *ends = 0;
	for (int k = 0; k < 4; k++) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + 16 * k));

		*quotes |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, q)) << (16 * k);
		*ends |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, nl)) << (16 * k);
	}
}
#else
static void block_marks(const char *s, uint64_t *quotes, uint64_t *ends)
{
	*quotes = *ends = 0;
	for (int i = 0; i < 64; i++) {
		*quotes |= (uint64_t)(s[i] == '"') << i;
		*ends |= (uint64_t)(s[i] == '\n') << i;
	}
}
#endif

/*
 * Line ends outside quotes, 64 bytes at a time: a line end is inside
 * quotes when the quotes before it (in the block, and the block's start
 * state) are odd in number; "" inside a field counts twice, as it should.
 */
size_t manifest_rows(const char *s, size_t n)
{
	size_t rows = 0, i = 0;
	uint64_t inside = 0; /* all ones when the block starts inside quotes */

	for (; i + 64 <= n; i += 64) {
		uint64_t quotes, ends, open;

		block_marks(s + i, &quotes, &ends);
		open = prefix_xor(quotes) ^ inside;
		rows += (size_t)__builtin_popcountll(ends & ~open);
		inside = (uint64_t)0 - (open >> 63);
	}
	for (int quoted = inside != 0; i < n; i++) {
		if (s[i] == '"')
			quoted = !quoted;
		else if (s[i] == '\n' && !quoted)
			rows++;
	}
	return rows;
}

void manifest_render_files(struct buf *out, const struct manifest_file *files, size_t n,
			   size_t source_bytes)
{
	char bytes[32], rows[32];

	csvio_row(out, cols, countof(cols));
	for (size_t i = 0; i < n; i++) {
		snprintf(bytes, sizeof(bytes), "%zu", files[i].bytes);
		snprintf(rows, sizeof(rows), "%zu", files[i].rows);
		const char *f[] = { files[i].name, bytes, rows, files[i].xxh3 };
		csvio_row(out, f, countof(f));
	}
	snprintf(bytes, sizeof(bytes), "%zu", source_bytes);
	const char *f[] = { SOURCE_ROW, bytes, "", "" };
	csvio_row(out, f, countof(f));
}

void manifest_render(struct buf *out, const char *const *names, const struct buf *files, size_t n,
		     size_t source_bytes)
{
	struct manifest_file *mf = xcalloc(n ? n : 1, sizeof(*mf));

	for (size_t i = 0; i < n; i++) {
		mf[i].name = names[i];
		mf[i].bytes = files[i].len;
		mf[i].rows = manifest_rows(files[i].s ? files[i].s : "", files[i].len);
		hash_hex(files[i].s ? files[i].s : "", files[i].len, mf[i].xxh3);
	}
	manifest_render_files(out, mf, n, source_bytes);
	free(mf);
}

struct check {
	const char *dir, *source, *path;
	struct diag *d;
	int map[4];
	int bad;
	const char *const *full; /* with manifest_verify_some(): the files read in full */
	size_t nfull;
	size_t *meas_rows;       /* with manifest_verify_some(): measurements.csv's rows */
};

/* Is `name` a file manifest_verify_some() reads in full (all are, for manifest_verify())? */
static int read_in_full(const struct check *c, const char *name)
{
	if (!c->full)
		return 1;
	for (size_t i = 0; i < c->nfull; i++)
		if (!strcmp(c->full[i], name))
			return 1;
	return 0;
}

static int check_row(char **f, size_t n, size_t row, void *ctx)
{
	struct check *c = ctx;
	const char *v[4];
	struct buf path = BUF_INIT;
	struct diag local = DIAG_INIT;
	char hex[HASH_HEX_LEN + 1];
	struct stat st;
	char *text = NULL;
	size_t len = 0;
	unsigned long long bytes;

	if (row == 1) {
		for (size_t k = 0; k < countof(cols); k++) {
			c->map[k] = -1;
			for (size_t i = 0; i < n; i++)
				if (!strcmp(f[i], cols[k]))
					c->map[k] = (int)i;
			if (c->map[k] < 0) {
				c->bad = diag_error(c->d, c->path, 1, "header has no column '%s'", cols[k]);
				return 1;
			}
		}
		return 0;
	}
	for (size_t k = 0; k < countof(cols); k++) {
		if ((size_t)c->map[k] >= n) {
			c->bad = diag_error(c->d, c->path, (uint32_t)row, "row has %zu fields, expected 4", n);
			return 0;
		}
		v[k] = f[c->map[k]];
	}
	bytes = strtoull(v[1], NULL, 10);
	if (!strcmp(v[0], SOURCE_ROW)) {
		if (stat(c->source, &st) < 0)
			c->bad = diag_error(c->d, c->source, 0, "the import's text is missing: %s",
					    strerror(errno));
		else if (file_check_regular(c->source, "a stored text", &local) < 0)
			c->bad = diag_error(c->d, c->source, 0, "%s", local.v[0].text);
		else if ((unsigned long long)st.st_size != bytes)
			c->bad = diag_error(c->d, c->source, 0,
					    "%llu bytes, the manifest says %s: the text was cut or changed",
					    (unsigned long long)st.st_size, v[1]);
		diag_release(&local);
		return 0;
	}
	if (strchr(v[0], '/')) {
		c->bad = diag_error(c->d, c->path, (uint32_t)row, "bad file name '%.40s'", v[0]);
		return 0;
	}
	buf_addf(&path, "%s/%s", c->dir, v[0]);
	if (c->meas_rows && !strcmp(v[0], "measurements.csv"))
		*c->meas_rows = (size_t)strtoull(v[2], NULL, 10);
	if (stat(path.s, &st) < 0) {
		c->bad = diag_error(c->d, path.s, 0, "%s", strerror(errno));
	} else if (!S_ISREG(st.st_mode) && file_check_regular(path.s, "a store file", &local) < 0) {
		/* a directory, a device, a link to one: never opened */
		c->bad = diag_error(c->d, path.s, 0, "%s", local.v[0].text);
	} else if (!read_in_full(c, v[0])) {
		/* not read by this load: its size says whether it was cut or grown */
		if ((unsigned long long)st.st_size != bytes)
			c->bad = diag_error(c->d, path.s, 0,
					    "%llu bytes, the manifest says %s: the file was cut or changed",
					    (unsigned long long)st.st_size, v[1]);
	} else if (file_view_max(path.s, FILE_VIEW_MAP_MIN, bytes < SIZE_MAX ? (size_t)bytes : SIZE_MAX - 1,
				 &text, &len, &local) < 0) {
		/* no further than the manifest's size and a byte: one larger is not read through */
		c->bad = diag_error(c->d, path.s, 0, "%s", local.n ? local.v[0].text : "cannot read");
	} else {
		char count[32];

		snprintf(count, sizeof(count), "%zu", len);
		if (len > bytes) /* read no further: its size is fstat's */
			c->bad = diag_error(c->d, path.s, 0,
					    "%llu bytes, the manifest says %s: the file was cut or changed",
					    stat(path.s, &st) == 0 ? (unsigned long long)st.st_size
								   : (unsigned long long)len,
					    v[1]);
		else if (strcmp(count, v[1]))
			c->bad = diag_error(c->d, path.s, 0,
					    "%zu bytes, the manifest says %s: the file was cut or changed",
					    len, v[1]);
		else if (strtoull(v[2], NULL, 10) != manifest_rows(text, len))
			c->bad = diag_error(c->d, path.s, 0, "%zu rows, the manifest says %s",
					    manifest_rows(text, len), v[2]);
		else if (hash_hex(text, len, hex), strcmp(hex, v[3])) /* summed only when all else holds */
			c->bad = diag_error(c->d, path.s, 0,
					    "checksum does not match the manifest: the file was changed");
	}
	diag_release(&local);
	mapped_free(text);
	buf_release(&path);
	return 0;
}

int manifest_verify(const char *dir, const char *source, struct diag *d)
{
	return manifest_verify_some(dir, source, NULL, 0, NULL, d);
}

int manifest_verify_some(const char *dir, const char *source, const char *const *full,
			 size_t nfull, size_t *meas_rows, struct diag *d)
{
	struct buf path = BUF_INIT;
	struct check c = { 0 };
	struct diag local = DIAG_INIT;

	c.full = full;
	c.nfull = nfull;
	c.meas_rows = meas_rows;

	buf_addf(&path, "%s/" MANIFEST_FILE, dir);
	if (!path_exists(path.s)) {
		buf_release(&path);
		return 1;
	}
	c.dir = dir;
	c.source = source;
	c.path = path.s;
	c.d = d;
	if (csvio_read(path.s, check_row, &c, &local) < 0 || local.n) {
		c.bad = diag_error(d, path.s, 0, "unreadable manifest: %s",
				   local.n ? local.v[0].text : "cannot read");
	}
	diag_release(&local);
	buf_release(&path);
	return c.bad < 0 ? -1 : 0;
}
