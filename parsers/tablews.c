/*
 * tablews.c - tables aligned with blanks; see tablews.h.
 */
#include "parsers/tablews.h"

#include <string.h>

#include "parsers/handnum.h"

#define WS_LINE_MAX 2000
#define WS_HEAD_BYTES 40 /* a column head longer than this is a sentence's piece */
#define WS_HEAD_WORDS 5

int ws_aligned(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	while (n > i && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	if (memchr(s + i, '\t', n - i))
		return 1;
	/* a blank after a blank: memchr from word to word (memmem's set-up costs more than such a line) */
	for (const char *p = s + i, *end = s + n; (p = memchr(p, ' ', (size_t)(end - p))) && p + 1 < end; p++)
		if (p[1] == ' ')
			return 1;
	return 0;
}

int ws_cells(const char *s, size_t n, struct ws_span *out, int max)
{
	int k = 0;
	uint16_t col = 0;
	size_t i = 0;

	if (n > WS_LINE_MAX)
		return 0;
	while (i < n) {
		size_t start;
		uint16_t a;

		/* the gap: blanks before the cell */
		while (i < n && (s[i] == ' ' || s[i] == '\t')) {
			col = (uint16_t)(col + (s[i] == '\t' ? 2 : 1));
			i++;
		}
		if (i >= n)
			break;
		if (k == max)
			return 0;
		start = i;
		a = col;
		/* the cell: up to two blanks or a tab */
		while (i < n && s[i] != '\t' && !(s[i] == ' ' && (i + 1 >= n || s[i + 1] == ' ' || s[i + 1] == '\t'))) {
			if (((unsigned char)s[i] & 0xc0) != 0x80)
				col++;
			i++;
		}
		out[k].a = a;
		out[k].b = col;
		out[k].off = (uint16_t)start;
		out[k].n = (uint16_t)(i - start);
		k++;
	}
	return k;
}

static int has_digit(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] >= '0' && s[i] <= '9')
			return 1;
	return 0;
}

/* Is the word at s[0..n) an option: "-G", "--min-speed=2"? */
static int option_word(const char *s, size_t n)
{
	size_t k = n >= 2 && s[1] == '-' ? 2 : 1;

	return n > k && s[0] == '-' && ((s[k] >= 'a' && s[k] <= 'z') || (s[k] >= 'A' && s[k] <= 'Z'));
}

/*
 * Is cell s[0..n) a command's arguments rather than a column's head: two
 * options ("-G --min-speed=2"), or a long option given a value
 * ("--warmup=3")? A head may be one flag ("-O2", "--release").
 */
static int options_cell(const char *s, size_t n)
{
	int options = 0;

	for (size_t i = 0, w; i < n; i = w + 1) {
		for (w = i; w < n && s[w] != ' '; w++)
			;
		if (option_word(s + i, w - i)) {
			options++;
			if (s[i + 1] == '-' && memchr(s + i, '=', w - i))
				return 1;
		}
	}
	return options >= 2;
}

/* Could cell s[0..n) head a column: a few words, not a figure? */
static int head_cell(const char *s, size_t n)
{
	int words = 1;
	struct handnum h;
	struct handnum_ctx ctx = { NUM_MARK_UNDECIDED, NULL, 0, 0 };

	if (n > WS_HEAD_BYTES)
		return 0;
	for (size_t i = 0; i < n; i++)
		words += s[i] == ' ';
	if (words > WS_HEAD_WORDS)
		return 0;
	/* "32", "1.5 ms", "1,234": a row's figures, not a head */
	return !(has_digit(s, n) && handnum_read(s, n, &ctx, &h) != HANDNUM_NONE);
}

int ws_header(const char *s, size_t n, unsigned cut, struct ws_span *cols, int *ncols)
{
	int k;
	size_t i = 0, end = n;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	while (end > i && (s[end - 1] == ' ' || s[end - 1] == '\t'))
		end--;
	if (i == end || strchr("#-*>|+=:", s[i]) || s[end - 1] == ':' || s[end - 1] == '.' || s[end - 1] == ',' ||
	    memchr(s + i, '|', end - i))
		return 0;
	k = ws_cells(s, end, cols, WS_MAX_COLS);
	/* three heads, or two over a column of names left blank ("        before   after") */
	if (k < 2 || (k == 2 && cols[0].a + cut < 4))
		return 0;
	for (int c = 0; c < k; c++)
		if (!head_cell(s + cols[c].off, cols[c].n) || options_cell(s + cols[c].off, cols[c].n))
			return 0; /* a figure, a sentence, or a command spaced by hand ("x compare_to  a  b  -G --min=2") */
	*ncols = k;
	return 1;
}

int ws_column_of(const struct ws_span *c, const struct ws_span *cols, int ncols)
{
	int best = -1, most = 0;

	for (int k = 0; k < ncols; k++) {
		int lo = c->a > cols[k].a ? c->a : cols[k].a;
		int hi = c->b < cols[k].b ? c->b : cols[k].b;

		if (hi - lo > most) {
			most = hi - lo;
			best = k;
		}
	}
	if (best >= 0)
		return best;
	/* a figure a column wider than its head, one place beside it */
	for (int k = 0; k < ncols; k++)
		if (c->b + 1 >= cols[k].a && c->a <= cols[k].b + 1)
			return k;
	return -1;
}

int ws_row_fits(const char *s, size_t n, const struct ws_span *cols, int ncols)
{
	struct ws_span cell[WS_MAX_COLS + 1];
	int k = ws_cells(s, n, cell, WS_MAX_COLS + 1), last, digits = 0;

	if (k < 2)
		return 0;
	/* the name: under the first head, or left of every head */
	last = ws_column_of(&cell[0], cols, ncols);
	if (last > 0 || (last < 0 && cell[0].b > cols[0].a))
		return 0;
	for (int c = 1; c < k; c++) {
		int col = ws_column_of(&cell[c], cols, ncols);

		if (col <= last)
			return 0;
		last = col;
		digits |= has_digit(s + cell[c].off, cell[c].n);
	}
	return digits;
}

static int letter(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

int ws_key_figure(const char *s, size_t n, int loose, struct ws_span *key, struct ws_span *fig)
{
	struct ws_span cell[3];
	size_t i = 0, end = n, k, words = 1;
	int nc;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	while (end > i && (s[end - 1] == ' ' || s[end - 1] == '\t'))
		end--;
	/* the first line begins with a word; later ones may begin with a percentile ("99.0'th percentile") */
	if (i >= end || !(letter(s[i]) || (loose && s[i] >= '0' && s[i] <= '9')) || end - i > 120)
		return 0;
	nc = ws_cells(s, end, cell, 3);
	if (nc == 2) {
		key->off = cell[0].off, key->n = cell[0].n;
		fig->off = cell[1].off, fig->n = cell[1].n;
	} else if (loose && nc == 1) {
		/* the first word that begins with a digit begins the figure */
		for (k = i; k < end; k++)
			if (s[k] == ' ' && k + 1 < end && s[k + 1] >= '0' && s[k + 1] <= '9')
				break;
		if (k >= end)
			return 0;
		key->off = (uint16_t)i, key->n = (uint16_t)(k - i);
		fig->off = (uint16_t)(k + 1), fig->n = (uint16_t)(end - k - 1);
	} else {
		return 0;
	}
	if (key->n > WS_HEAD_BYTES || !fig->n || !(s[fig->off] >= '0' && s[fig->off] <= '9') ||
	    s[key->off + key->n - 1] == ':')
		return 0;
	for (k = key->off; k < (size_t)key->off + key->n; k++) {
		words += s[k] == ' ';
		nc |= letter(s[k]) ? 8 : 0;
	}
	/* a report's first key is two words at least ("size  12 MB" alone is no report) */
	return words <= 6 && (nc & 8) && (loose || words >= 2);
}
