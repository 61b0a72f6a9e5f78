/*
 * comparer.c - the pieces the comparers' readers share; see comparer.h.
 */
#include "parsers/comparer.h"

#include <string.h>

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

uint32_t comparer_col(const struct line *l, const char *p)
{
	uint32_t col = l->cut;

	for (const char *q = l->s; q < p; q++)
		col += ((unsigned char)*q & 0xc0) != 0x80;
	return col;
}

/* The length of the HTML tag at p ("<b>", "</font>", "<font color=\"#859900\">"), 0 when none. */
static size_t tag_len(const char *p, const char *end)
{
	const char *q = p + 1;

	if (*p != '<' || q >= end || !(*q == '/' || (*q >= 'a' && *q <= 'z')))
		return 0;
	while (q < end && *q != '>' && *q != '<')
		q++;
	return q < end && *q == '>' ? (size_t)(q - p) + 1 : 0;
}

static size_t tokens(const struct line *l, size_t from, struct cmp_tok *t, size_t max, int html)
{
	const char *p = l->s + from, *end = l->s + l->len;
	uint32_t col = comparer_col(l, p);
	size_t n = 0, k;

	while (p < end) {
		const char *w;
		uint32_t wcol;

		while (p < end && (is_blank(*p) || (html && (k = tag_len(p, end)) > 0))) {
			if (is_blank(*p))
				p++, col++;
			else
				p += k, col += (uint32_t)k;
		}
		if (p == end)
			break;
		w = p;
		wcol = col;
		while (p < end && !is_blank(*p) && !(html && tag_len(p, end)))
			col += ((unsigned char)*p++ & 0xc0) != 0x80;
		if (n < max) {
			t[n].s = w;
			t[n].n = (size_t)(p - w);
			t[n].col = wcol;
			t[n].endcol = col;
		}
		n++;
	}
	return n;
}

size_t comparer_tokens(const struct line *l, size_t from, struct cmp_tok *t, size_t max)
{
	return tokens(l, from, t, max, 0);
}

size_t comparer_tokens_html(const struct line *l, size_t from, struct cmp_tok *t, size_t max)
{
	return tokens(l, from, t, max, 1);
}

static int is_letter(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Does a name end its part with this byte ("_01", "-record", "dir/")? */
static int is_separator(char c)
{
	return c == '_' || c == '-' || c == '/';
}

/* The length of the extension of s[0..n) (".txt": 4), letters only and not all of it; 0 when none. */
static size_t extension(const char *s, size_t n)
{
	size_t k = n;

	while (k > 0 && is_letter(s[k - 1]))
		k--;
	if (k == n || n - k > 9 || k < 2 || s[k - 1] != '.' || s[k - 2] == '/')
		return 0;
	return n - k + 1;
}

void comparer_names(struct sink *s, const char *const *in, const size_t *lens, size_t n,
		    const char **out, const char **scenario)
{
	size_t from[16], to[16], ext, pre, suf;
	int all;

	*scenario = "";
	if (!n)
		return; /* (a header naming no column: "name \ time/op" alone) */
	if (n > countof(from)) {
		for (size_t i = 0; i < n; i++)
			out[i] = sink_strndup(s, in[i], lens[i]);
		return;
	}
	for (size_t i = 0; i < n; i++)
		from[i] = 0, to[i] = lens[i];
	/* an extension every name has, the same one */
	ext = extension(in[0], lens[0]);
	all = ext > 0;
	for (size_t i = 1; i < n && all; i++)
		all = extension(in[i], lens[i]) == ext && !memcmp(in[i] + lens[i] - ext, in[0] + lens[0] - ext, ext);
	for (size_t i = 0; i < n && all; i++)
		to[i] -= ext;
	/* separators ending a name: "snappy/cpp/", "dense::" */
	for (size_t i = 0; i < n; i++)
		while (to[i] > from[i] + 1 && (in[i][to[i] - 1] == '/' || in[i][to[i] - 1] == ':'))
			to[i]--;
	if (n >= 2) {
		/* a leading directory all share: "/tmp/c69b1373", "/tmp/edfc86ac" */
		pre = 0;
		for (size_t k = 0;; k++) {
			int same = k < to[0];

			for (size_t i = 1; i < n && same; i++)
				same = k < to[i] && in[i][k] == in[0][k];
			if (!same)
				break;
			if (in[0][k] == '/')
				pre = k + 1;
		}
		for (size_t i = 0; i < n && pre; i++)
			if (to[i] <= pre)
				pre = 0;
		for (size_t i = 0; i < n; i++)
			from[i] = pre;
		/* what all end with after a separator: "_01" of "go1.9.2_01", "goDevel_01" */
		suf = 0;
		for (size_t k = 1;; k++) {
			int same = to[0] >= from[0] + k;
			char c;

			for (size_t i = 1; i < n && same; i++)
				same = to[i] >= from[i] + k && in[i][to[i] - k] == in[0][to[0] - k];
			if (!same)
				break;
			c = in[0][to[0] - k];
			if (is_separator(c))
				suf = k;
		}
		for (size_t i = 0; i < n && suf; i++)
			if (to[i] - from[i] <= suf)
				suf = 0;
		if (suf > 1)
			*scenario = sink_strndup(s, in[0] + to[0] - suf + 1, suf - 1);
		for (size_t i = 0; i < n; i++)
			to[i] -= suf;
	}
	for (size_t i = 0; i < n; i++)
		out[i] = sink_strndup(s, in[i] + from[i], to[i] - from[i]);
}

/* The options of benchstat (v1, v2) and cargo benchcmp that take a value. */
static const char *const valued[] = {
	"-alpha", "-delta-test", "-sort", "-split", "-confidence", "-filter", "-table",
	"-row",   "-col",        "-ignore", "-format", "--threshold", "-t", "--color",
};

static int takes_value(const char *w, size_t n)
{
	for (size_t i = 0; i < countof(valued); i++)
		if (strlen(valued[i]) == n && !memcmp(valued[i], w, n))
			return 1;
	return 0;
}

/* Does a shell operator start at w ("|", ">", "&&", ";", "2>&1")? */
static int is_operator(const char *w, size_t n)
{
	return w[0] == '|' || w[0] == '>' || w[0] == ';' || w[0] == '&' || w[0] == '<' ||
	       (n >= 2 && w[0] == '2' && w[1] == '>');
}

size_t comparer_command_files(const char *cmd, const char *tool, const char **files,
			      size_t *lens, size_t max)
{
	size_t tn = strlen(tool), k = 0;
	const char *p = cmd, *at = NULL;
	int skip = 0;

	for (const char *q = cmd; (q = strstr(q, tool)) != NULL; q += tn) {
		if ((q == cmd || is_blank(q[-1]) || q[-1] == '/') && (!q[tn] || is_blank(q[tn]))) {
			at = q + tn;
			break;
		}
	}
	if (!at)
		return 0;
	for (p = at; *p;) {
		const char *w, *eq;
		size_t n;

		while (is_blank(*p))
			p++;
		if (!*p)
			break;
		for (w = p; *p && !is_blank(*p); p++)
			;
		n = (size_t)(p - w);
		if (is_operator(w, n))
			break;
		if (skip) {
			skip = 0;
			continue;
		}
		if (w[0] == '-' && n > 1) {
			skip = takes_value(w, n);
			continue;
		}
		if (n >= 2 && (w[0] == '\'' || w[0] == '"') && w[n - 1] == w[0])
			w++, n -= 2;
		/* benchstat v2's "label=path" names a column "label" */
		eq = memchr(w, '=', n);
		if (eq && eq > w && !memchr(w, '/', (size_t)(eq - w))) {
			n = (size_t)(eq - w);
		} else if (!memchr(w, '.', n) && !memchr(w, '/', n)) {
			return 0; /* a word of a sentence ("benchstat can compare them"), not a file */
		}
		if (!n)
			continue;
		if (k == max)
			return 0; /* more files than columns: not this table's command */
		files[k] = w;
		lens[k] = n;
		k++;
	}
	return k;
}

void comparer_old_new(struct sink *s, const char *tool, const char **names, uint32_t *line,
		      const char **scenario)
{
	const struct block *b = s->block;
	const char *files[2];
	size_t lens[2];

	*line = 0;
	*scenario = "";
	/* the command above: its line is the prose line right above, or the context kept with it */
	if ((b->above && comparer_command_files(b->above, tool, files, lens, 2) == 2) ||
	    (b->context && comparer_command_files(b->context, tool, files, lens, 2) == 2)) {
		comparer_names(s, files, lens, 2, names, scenario);
		*line = b->above_line;
		return;
	}
	names[0] = "old";
	names[1] = "new";
}

size_t comparer_number_len(const char *s, size_t n)
{
	size_t i = 0, digits = 0;

	if (i < n && (s[i] == '-' || s[i] == '+'))
		i++;
	for (; i < n && (char_is_digit(s[i]) || s[i] == '.' || s[i] == ','); i++)
		digits += char_is_digit(s[i]);
	return digits ? i : 0;
}

int comparer_counts(const char *text, size_t n, uint32_t *base, uint32_t *cand)
{
	const char *p = NULL, *end = text + n;
	uint64_t v[2] = { 0, 0 };
	int k = 0, digits = 0;

	for (const char *q = text; q + 1 < end; q++)
		if (q[0] == 'n' && q[1] == '=' && (q == text || q[-1] == '(' || is_blank(q[-1]))) {
			p = q + 2;
			break;
		}
	if (!p)
		return 0;
	for (; p < end && *p != ')' && !is_blank(*p); p++) {
		if (char_is_digit(*p)) {
			v[k] = v[k] * 10 + (uint64_t)(*p - '0');
			if (v[k] > UINT32_MAX)
				return -1;
			digits++;
		} else if (*p == '+' && k == 0 && digits) {
			k = 1;
			digits = 0;
		} else {
			return -1;
		}
	}
	if (!digits)
		return -1;
	*base = (uint32_t)v[0];
	*cand = (uint32_t)(k ? v[1] : v[0]);
	return 1;
}

uint32_t comparer_run(struct sink *s, struct sink_txn *t, const struct line *l, const char *name,
		      size_t n, const char *variant, uint32_t name_line, const char *scenario)
{
	uint32_t run = sink_txn_begin(s, t, l);
	struct run *r = &s->rs->runs[run];

	r->subject = sink_strndup(s, name, n);
	if (variant && *variant) {
		r->variant.text = variant;
		r->variant.origin = VO_LABEL;
		r->name_line = name_line;
	}
	r->scenario = scenario;
	return run;
}

int comparer_footnote(const char *s, size_t n, unsigned *num)
{
	unsigned v = 0;
	size_t i = 0;

	while (i < n) {
		unsigned char a = (unsigned char)s[i], b = i + 1 < n ? (unsigned char)s[i + 1] : 0;
		int d;

		if (a == 0xc2 && (b == 0xb9 || b == 0xb2 || b == 0xb3))
			d = b == 0xb9 ? 1 : b - 0xb0, i += 2;
		else if (a == 0xe2 && b == 0x81 && i + 2 < n && ((unsigned char)s[i + 2] == 0xb0 ||
							       ((unsigned char)s[i + 2] >= 0xb4 &&
								(unsigned char)s[i + 2] <= 0xb9)))
			d = (unsigned char)s[i + 2] - 0xb0, i += 3;
		else
			return 0;
		v = v * 10 + (unsigned)d;
		if (v > 999)
			return 0;
	}
	if (!n)
		return 0;
	*num = v;
	return 1;
}

/* "pkg:encoding/gob goos:darwin": words that are all "key:value". */
int comparer_group_line(const struct line *l)
{
	const char *s = l->s + l->indent, *end = l->s + line_end(l);

	if (s == end || *s < 'a' || *s > 'z')
		return 0;
	while (s < end) {
		const char *w = s, *colon;

		while (s < end && !is_blank(*s))
			s++;
		colon = memchr(w, ':', (size_t)(s - w));
		if (!colon || colon == w || colon + 1 == s)
			return 0;
		while (s < end && is_blank(*s))
			s++;
	}
	return 1;
}
