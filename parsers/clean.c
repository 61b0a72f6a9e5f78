/*
 * clean.c - the text of a raw line without the noise around it; see clean.h.
 */
#include "parsers/clean.h"

#include <string.h>

#include "util/util.h"

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int is_hex(unsigned char c)
{
	return is_digit((char)c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* Digits at s[0..n), exactly `k` of them; 1 when so. */
static int digits(const char *s, size_t n, size_t k)
{
	if (n < k)
		return 0;
	for (size_t i = 0; i < k; i++)
		if (!is_digit(s[i]))
			return 0;
	return 1;
}

/* "HH:MM:SS" with an optional fraction at s: its length, or 0. */
static size_t clock_len(const char *s, size_t n)
{
	size_t i = 8;

	if (!digits(s, n, 2) || n < 8 || s[2] != ':' || !digits(s + 3, n - 3, 2) || s[5] != ':' ||
	    !digits(s + 6, n - 6, 2))
		return 0;
	if (i < n && (s[i] == '.' || s[i] == ',')) {
		size_t j = i + 1;

		while (j < n && is_digit(s[j]))
			j++;
		if (j > i + 1)
			i = j;
	}
	return i;
}

/* "2024-04-04T02:16:17.8298213Z" at s: its length, or 0. */
static size_t iso_len(const char *s, size_t n)
{
	size_t c;

	if (n < 20 || !digits(s, n, 4) || s[4] != '-' || !digits(s + 5, n - 5, 2) || s[7] != '-' ||
	    !digits(s + 8, n - 8, 2) || s[10] != 'T' || !(c = clock_len(s + 11, n - 11)))
		return 0;
	c += 11;
	if (c < n && s[c] == 'Z')
		return c + 1;
	return 0;
}

size_t clean_ci_prefix(const char *raw, size_t n)
{
	size_t i = 0, k;

	if (!n)
		return 0;
	if ((k = iso_len(raw, n)) && k < n && raw[k] == ' ') {
		i = k + 1;
		/* GitLab: the stream and a continuation mark, "00O " or "01E+ " */
		if (i + 3 < n && is_hex((unsigned char)raw[i]) && is_hex((unsigned char)raw[i + 1]) &&
		    (raw[i + 2] == 'O' || raw[i + 2] == 'E')) {
			size_t j = i + 3 + (raw[i + 3] == '+');

			if (j < n && raw[j] == ' ')
				i = j + 1;
		}
	} else if (raw[0] == '[' && (k = clock_len(raw + 1, n - 1)) && k + 2 < n && raw[k + 1] == ']' &&
		   raw[k + 2] == ' ') {
		i = k + 3;
	}
	/* Actions' workflow commands: "##[group]Run cargo bench", "##[endgroup]" */
	if (n - i > 4 && !memcmp(raw + i, "##[", 3)) {
		size_t j = i + 3;

		while (j < n && ((raw[j] >= 'a' && raw[j] <= 'z') || (raw[j] >= 'A' && raw[j] <= 'Z')))
			j++;
		if (j > i + 3 && j < n && raw[j] == ']')
			i = j + 1;
	}
	return i;
}

/* A byte of a container's service name: a letter, a digit, '_', '-' or '.'. */
static int service_byte(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '_' || c == '-' || c == '.';
}

size_t clean_container_prefix(const char *raw, size_t n)
{
	size_t i = 0, name;

	/*
	 * asked of every line: most start with no name's byte (a blank, a
	 * bracket, a quote marker) or hold no bar at all
	 */
	if (!n || !service_byte(raw[0]) || !memchr(raw, '|', n))
		return 0;
	/* a service name, at most 64 bytes */
	while (i < n && i < 64 && service_byte(raw[i]))
		i++;
	name = i;
	if (!name || i >= n || raw[i] != ' ')
		return 0;
	while (i < n && raw[i] == ' ')
		i++;
	if (i >= n || raw[i] != '|')
		return 0;
	i++;
	if (i < n && raw[i] != ' ')
		return 0;
	if (i < n)
		i++;
	/* a table row ends with its bar: "| a  | b |" or "a  | b |" */
	for (size_t e = n; e > i; e--) {
		if (raw[e - 1] == ' ' || raw[e - 1] == '\t')
			continue;
		if (raw[e - 1] == '|')
			return 0;
		break;
	}
	return i;
}

/*
 * A code comment's marker before output kept in source code ("    //
 * 320.26 msec task-clock"): its length with the blanks before it and one
 * after it, 0 when there is none. "//" alone is an empty line.
 */
static size_t comment_marker(const char *s, size_t n)
{
	size_t j = 0;

	while (j < n && j < 12 && (s[j] == ' ' || s[j] == '\t'))
		j++;
	if (j + 2 > n || s[j] != '/' || s[j + 1] != '/' || (j + 2 < n && s[j + 2] == '/'))
		return 0;
	j += 2;
	return j < n && s[j] == ' ' ? j + 1 : j;
}

/* Every ASCII character once, for entities to point at. */
static const char ascii[128] = {
	0,   1,   2,   3,   4,   5,   6,   7,   8,   9,   10,  11,  12,  13,  14,  15,
	16,  17,  18,  19,  20,  21,  22,  23,  24,  25,  26,  27,  28,  29,  30,  31,
	' ', '!', '"', '#', '$', '%', '&', '\'', '(', ')', '*', '+', ',', '-', '.', '/',
	'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', ':', ';', '<', '=', '>', '?',
	'@', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O',
	'P', 'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z', '[', '\\', ']', '^', '_',
	'`', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o',
	'p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x', 'y', 'z', '{', '|', '}', '~', 127,
};

/*
 * A numeric entity of a printable ASCII character at s ("&#37;",
 * "&#x25;"): its code, with its length in *len; 0 when there is none.
 */
static int numeric_entity(const char *s, size_t n, size_t *len)
{
	size_t i = 2;
	int code = 0, hex;

	if (n < 4 || s[0] != '&' || s[1] != '#')
		return 0;
	hex = s[2] == 'x' || s[2] == 'X';
	i += (size_t)hex;
	for (size_t start = i; i < n && i < start + 4; i++) {
		int d = is_digit(s[i]) ? s[i] - '0'
			: hex && s[i] >= 'a' && s[i] <= 'f' ? s[i] - 'a' + 10
			: hex && s[i] >= 'A' && s[i] <= 'F' ? s[i] - 'A' + 10
			: -1;

		if (d < 0)
			break;
		code = code * (hex ? 16 : 10) + d;
	}
	if (i >= n || s[i] != ';' || code < 32 || code > 126 || i == 2 + (size_t)hex)
		return 0;
	*len = i + 1;
	return code;
}

/*
 * Where the scroll position a terminal copy leaves at a line's end
 * ("...   [136/4790]") begins in raw[from..n), blanks before it included;
 * n when there is none.
 */
static size_t residue_start(const char *raw, size_t from, size_t n)
{
	size_t e = n, j;

	while (e > from && (raw[e - 1] == ' ' || raw[e - 1] == '\t'))
		e--;
	if (e - from < 5 || raw[e - 1] != ']')
		return n;
	j = e - 1;
	while (j > from && is_digit(raw[j - 1]))
		j--;
	if (j == e - 1 || j == from || raw[j - 1] != '/')
		return n;
	j--;
	{
		size_t d = j;

		while (j > from && is_digit(raw[j - 1]))
			j--;
		if (j == d || j == from || raw[j - 1] != '[')
			return n;
	}
	j--;
	if (j > from && raw[j - 1] != ' ' && raw[j - 1] != '\t')
		return n;
	while (j > from && (raw[j - 1] == ' ' || raw[j - 1] == '\t'))
		j--;
	return j;
}

/* The bytes the loop of clean() acts on: NUL, ESC and '&'; all others are copied. */
/* Does s[0..n) open with a spinner glyph (Braille patterns, U+2800..U+28FF), blanks aside? */
static size_t spinner_at(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return i + 2 < n && (unsigned char)s[i] == 0xe2 && (unsigned char)s[i + 1] >= 0xa0 &&
			       (unsigned char)s[i + 1] <= 0xa3
		       ? i + 1
		       : 0;
}

/*
 * Length of a progress line a terminal overwrote and a copy kept in front
 * of the line that replaced it: a spinner, its text, a bar of block
 * elements (U+2580..U+259F), then the line ("\u2838 Current estimate:
 * 2.338 s  \u2588\u2588\u2588  Time (mean ...)"). 0 when there is none.
 */
static size_t progress_residue(const char *s, size_t n)
{
	size_t bar_end = 0;

	if (!spinner_at(s, n))
		return 0;
	for (size_t i = 0; i + 2 < n; i++)
		if ((unsigned char)s[i] == 0xe2 && (unsigned char)s[i + 1] == 0x96 && (unsigned char)s[i + 2] >= 0x80 &&
		    (unsigned char)s[i + 2] <= 0x9f)
			bar_end = i + 3;
	if (!bar_end)
		return 0;
	while (bar_end < n && (s[bar_end] == ' ' || s[bar_end] == '\t'))
		bar_end++;
	return bar_end < n ? bar_end : 0;
}

static int clean_special(unsigned char c)
{
	return c == 0 || c == 0x1b || c == '&';
}

/*
 * What cleaning drops at the ends of raw[0..n): the text it keeps lies in
 * raw[*from..*to) (the text after the last CR, without a CI prefix, quote
 * markers, a comment's marker or a terminal copy's residue). Sets *quoted
 * as clean() does.
 */
static void clean_bounds(const char *raw, size_t n, size_t *from, size_t *to, int *quoted, int no_cr)
{
	size_t i = 0;
	const char *cr;

	/* a terminal overwrite: only the text after the last CR is visible (no_cr: the caller knows of none) */
	while (!no_cr && (cr = memchr(raw + i, '\r', n - i)))
		i = (size_t)(cr - raw) + 1;
	i += clean_ci_prefix(raw + i, n - i);
	n = residue_start(raw, i, n);

	/*
	 * Markdown quote markers: "> " or ">", nested. Fortio histogram rows
	 * (">= 0.001 <= 0.002 , ...", "> -0.5 <= 0 , ...") start with '>'
	 * too; they are data, not quotes.
	 */
	for (;;) {
		size_t j = i;

		while (j < n && (raw[j] == ' ' || raw[j] == '\t') && j - i < 4)
			j++;
		if (j >= n || raw[j] != '>')
			break;
		size_t k = j + 1;
		if (k < n && raw[k] == '=')
			break;
		if (k < n && raw[k] == ' ')
			k++;
		if (k < n && ((raw[k] >= '0' && raw[k] <= '9') || raw[k] == '.' || raw[k] == '-')) {
			size_t m = k;
			while (m < n && raw[m] != ' ' && raw[m] != ',')
				m++;
			if (m + 3 < n && raw[m] == ' ' && raw[m + 1] == '<' && raw[m + 2] == '=')
				break;
		}
		i = k;
		if (quoted)
			*quoted = 1;
	}
	i += comment_marker(raw + i, n - i);
	i += progress_residue(raw + i, n - i);
	*from = i;
	*to = n;
}

/*
 * Clean one raw line. With out != NULL, append the cleaned text to it. With
 * stop != (size_t)-1, stop once `stop` cleaned bytes were produced and
 * return the raw offset reached; otherwise return the cleaned length. One
 * function does both so that offsets map back exactly.
 */
static size_t clean(const char *raw, size_t n, struct buf *out, size_t stop, int *quoted)
{
	size_t i, produced = 0;

	clean_bounds(raw, n, &i, &n, quoted, 0);
	while (i < n) {
		unsigned char c = (unsigned char)raw[i];
		size_t skip = 0;

		if (!clean_special(c)) {
			/*
			 * A run of plain bytes is copied at once. Looking for an offset,
			 * the run is read only up to it: one byte past `stop` tells that
			 * the run holds it (produced never passes stop).
			 */
			size_t j = i + 1, lim = n;

			if (stop != (size_t)-1 && stop - produced < n - i)
				lim = i + (stop - produced) + 1;
			while (j < lim && !clean_special((unsigned char)raw[j]))
				j++;
			if (stop != (size_t)-1 && produced + (j - i) > stop)
				return i + (stop - produced);
			if (out)
				buf_add(out, raw + i, j - i);
			produced += j - i;
			i = j;
			continue;
		}
		const char *emit = NULL;
		size_t emit_len = 0;

		if (c == 0) {
			skip = 1; /* a terminal capture's padding: nothing on the screen */
		} else if (c == 0x1b && i + 1 < n) {
			if (raw[i + 1] == '[') { /* CSI: ESC [ params intermediates final */
				size_t j = i + 2;
				while (j < n && (unsigned char)raw[j] >= 0x30 && (unsigned char)raw[j] <= 0x3f)
					j++;
				while (j < n && (unsigned char)raw[j] >= 0x20 && (unsigned char)raw[j] <= 0x2f)
					j++;
				skip = (j < n ? j + 1 : j) - i;
			} else if (raw[i + 1] == ']') { /* OSC: up to BEL or ESC \ */
				size_t j = i + 2;
				while (j < n && raw[j] != '\a' && !(raw[j] == 0x1b && j + 1 < n && raw[j + 1] == '\\'))
					j++;
				skip = (j < n ? (raw[j] == '\a' ? j + 1 : j + 2) : j) - i;
			} else {
				skip = 2;
			}
		} else if (c == '&') {
			static const struct {
				const char *ent, *text;
			} ents[] = {
				{ "&lt;", "<" }, { "&gt;", ">" }, { "&amp;", "&" }, { "&quot;", "\"" },
				{ "&#39;", "'" }, { "&#x27;", "'" }, { "&nbsp;", " " }, { "&#x2F;", "/" },
			};
			size_t len;
			int code = numeric_entity(raw + i, n - i, &len);

			if (code > 0) { /* "&#37;" is "%" */
				skip = len;
				emit = &ascii[code];
				emit_len = 1;
			}
			for (size_t e = 0; e < countof(ents) && !skip; e++) {
				size_t el = strlen(ents[e].ent);
				if (n - i >= el && !memcmp(raw + i, ents[e].ent, el)) {
					skip = el;
					emit = ents[e].text;
					emit_len = strlen(emit);
					break;
				}
			}
		}
		if (!skip) {
			skip = 1;
			emit = raw + i;
			emit_len = 1;
		}
		if (emit_len) {
			/* the raw byte that produces cleaned byte `stop` (escapes before it skipped) */
			if (stop != (size_t)-1 && produced + emit_len > stop)
				return i;
			if (out)
				buf_add(out, emit, emit_len);
			produced += emit_len;
		}
		i += skip;
	}
	return stop != (size_t)-1 ? i : produced;
}

int clean_needed_shape(const char *raw, size_t n)
{
	size_t i = 0;
	unsigned char c0 = n ? (unsigned char)raw[0] : 0;

	/* a line that begins with a letter (most lines) can need it only for its end */
	if ((c0 | 0x20) >= 'a' && (c0 | 0x20) <= 'z')
		return raw[n - 1] == ']' && residue_start(raw, 0, n) != n;
	while (i < n && (raw[i] == ' ' || raw[i] == '\t'))
		i++;
	if (i < n && (raw[i] == '>' || (raw[i] == '/' && comment_marker(raw, n))))
		return 1;
	if (n && (is_digit(raw[0]) || raw[0] == '[' || raw[0] == '#') && clean_ci_prefix(raw, n))
		return 1;
	if (n && raw[n - 1] == ']' && residue_start(raw, 0, n) != n)
		return 1;
	if (i + 2 < n && (unsigned char)raw[i] == 0xe2 && progress_residue(raw, n))
		return 1;
	return 0;
}

size_t clean_line(const char *raw, size_t n, struct buf *out, int *quoted)
{
	return clean(raw, n, out, (size_t)-1, quoted);
}

void clean_trim(const char *raw, size_t n, size_t *from, size_t *to, int *quoted)
{
	clean_bounds(raw, n, from, to, quoted, 1);
}

int clean_span(const char *raw, size_t n, size_t *from, size_t *to, int *quoted)
{
	clean_bounds(raw, n, from, to, quoted, 0);
	for (size_t i = *from; i < *to; i++)
		if (clean_special((unsigned char)raw[i]))
			return 0;
	return 1;
}

uint64_t clean_source_offset(const struct line *l, size_t clean_off)
{
	size_t want = clean_off + l->cut;

	if (l->s - l->cut == l->raw) /* the line needed no cleaning */
		return l->off + want;
	if (l->contiguous) /* cleaning dropped bytes before the text only */
		return l->off + (uint64_t)(l->s - l->cut - l->raw) + want;
	return l->off + clean(l->raw, l->raw_len, NULL, want, NULL);
}
