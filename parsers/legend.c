/*
 * legend.c - read the legends of one prose line; see legend.h.
 *   "where llrt_release - usual Release version, llrt_optimized - PGO-optimized version"
 *   "app_release is the usual Release build and app_pgo the PGO one"
 *   "`app_opt` is the PGO build"
 *   "Default Release, binary called `app_z`"
 */
#include "parsers/legend.h"

#include <string.h>

#include "parsers/cmdsplit.h"
#include "util/text.h"

/* The bytes of a name: letters, digits, '_', '-', '.', '/' (a table: asked of every byte of a prose line). */
#define I4(c) [(c)] = 1, [(c) + 1] = 1, [(c) + 2] = 1, [(c) + 3] = 1
#define I16(c) I4(c), I4((c) + 4), I4((c) + 8), I4((c) + 12)
static const unsigned char ident_byte[256] = {
	I4('0'), I4('4'), ['8'] = 1, ['9'] = 1, I16('A'), I4('A' + 16), I4('A' + 20), ['Y'] = 1, ['Z'] = 1,
	I16('a'), I4('a' + 16), I4('a' + 20), ['y'] = 1, ['z'] = 1, ['_'] = 1, ['-'] = 1, ['.'] = 1, ['/'] = 1,
};
#undef I16
#undef I4

static int ident_char(unsigned char c)
{
	return ident_byte[c];
}

static int starts_with(const char *s, size_t n, const char *p)
{
	size_t k;

	/* most asked (the separators at every blank) fail at the first two bytes: no strlen and strncmp */
	if (p[0] && (!n || s[0] != p[0]))
		return 0;
	if (p[0] && p[1] && (n < 2 || s[1] != p[1]))
		return 0;
	k = strlen(p);
	return n >= k && !strncmp(s, p, k);
}

/* Does s[0..n) start with the literal `lit`? */
#define HAS(s, n, lit) ((n) >= sizeof(lit) - 1 && !memcmp((s), (lit), sizeof(lit) - 1))

/*
 * Skip what joins a name to its description: " is the ", " is a ",
 * " is an ", " is ", " - ", " -- ", an en or em dash between blanks, ": ",
 * " = ", " means ", " stands for ", " refers to " (the first of them that
 * s starts with, in that order). Asked at every blank of a prose line: the
 * byte after the blank picks the few to compare.
 */
static size_t separator(const char *s, size_t n)
{
	if (n < 2)
		return 0;
	if (s[0] == ':')
		return s[1] == ' ' ? 2 : 0;
	if (s[0] != ' ')
		return 0;
	switch ((unsigned char)s[1]) {
	case 'i':
		return HAS(s, n, " is the ") ? 8 : HAS(s, n, " is a ") ? 6 : HAS(s, n, " is an ") ? 7
		       : HAS(s, n, " is ") ? 4 : 0;
	case '-':
		return HAS(s, n, " - ") ? 3 : HAS(s, n, " -- ") ? 4 : 0;
	case 0xe2:
		return HAS(s, n, " \xe2\x80\x93 ") || HAS(s, n, " \xe2\x80\x94 ") ? 5 : 0;
	case '=':
		return HAS(s, n, " = ") ? 3 : 0;
	case 'm':
		return HAS(s, n, " means ") ? 7 : 0;
	case 's':
		return HAS(s, n, " stands for ") ? 12 : 0;
	case 'r':
		return HAS(s, n, " refers to ") ? 11 : 0;
	default:
		return 0;
	}
}

static int word_is(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w);

	if (n != k)
		return 0;
	for (size_t i = 0; i < k; i++) {
		char c = s[i] >= 'A' && s[i] <= 'Z' ? (char)(s[i] - 'A' + 'a') : s[i];

		if (c != w[i])
			return 0;
	}
	return 1;
}

/* "usual Release version" → "Release"; "the PGO-optimized one" → "PGO-optimized". */
static void clean_description(const char *s, size_t n, struct buf *out)
{
	static const char *const lead[] = { "the", "a", "an", "usual", "regular", "plain", "normal",
					    "standard", "our", "my", NULL };
	static const char *const trail[] = { "version", "build", "binary", "one", "variant",
					     "executable", NULL };
	int changed = 1;

	while (n && strchr(" \"'`*-", *s))
		s++, n--;
	while (n && strchr(" \"'`*,", s[n - 1]))
		n--;
	while (changed) {
		changed = 0;
		for (const char *const *w = lead; *w; w++) {
			size_t k = strlen(*w);

			if (n > k + 1 && word_is(s, k, *w) && s[k] == ' ') {
				s += k + 1;
				n -= k + 1;
				changed = 1;
			}
		}
		for (const char *const *w = trail; *w; w++) {
			size_t k = strlen(*w);

			if (n > k + 1 && word_is(s + n - k, k, *w) && s[n - k - 1] == ' ') {
				n -= k + 1;
				changed = 1;
			}
		}
	}
	buf_add(out, s, n);
}

/* "`symlink-dir` is this one": a word that points, and names nothing. */
static int pointer_word(const char *s, size_t n)
{
	static const char *const words[] = { "this", "that", "it", "these", "those", "mine", "ours",
					     "here", "there", NULL };

	for (const char *const *w = words; *w; w++)
		if (word_is(s, n, *w))
			return 1;
	return 0;
}

/* "36KB", "1.3 MiB", "4.2s": a figure the prose states, not a name ("2bwm is 36KB"). */
static int quantity(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.' || s[i] == ','))
		i++;
	if (!i || !(s[0] >= '0' && s[0] <= '9'))
		return 0;
	if (i < n && s[i] == ' ')
		i++;
	while (i < n && ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') || s[i] == '%'))
		i++;
	return i == n;
}

/*
 * The description after a name that ends at `p` (the line ends at `end`)
 * into *out; 0 when there is none. `after_and`: the name follows " and ",
 * where "X is the A and Y the B" lets " the " join Y to its description.
 */
static int describe(const char *p, const char *end, int after_and, struct buf *out)
{
	size_t sep = separator(p, (size_t)(end - p)), words = 0;

	if (!sep && after_and && starts_with(p, (size_t)(end - p), " the "))
		sep = 5;
	const char *d = p + sep, *e = d;

	if (!sep)
		return 0;
	/* up to a comma, semicolon, full stop, bracket, " and NAME" or the line's end */
	while (e < end && !strchr(",;)(\n", *e) && !(*e == '.' && (e + 1 == end || e[1] == ' ')) &&
	       !(*e == ' ' && starts_with(e, (size_t)(end - e), " and ")))
		e++;
	words = text_words(d, (size_t)(e - d), 6);
	if (!words || words > 6)
		return 0;
	/* a description that runs on ("`baseline`: statically typed, the population in ...") explains, it does not name */
	if (text_words(d, (size_t)(end - d), 11) > 10)
		return 0;
	clean_description(d, (size_t)(e - d), out);
	/* "ruff_old: 89a8c313a15c…": the commit it was built from is a version, not a name */
	if (text_is_commit_hash(out->s, out->len) || quantity(out->s, out->len) || pointer_word(out->s, out->len))
		buf_reset(out);
	return out->len > 0;
}

/* A name's base: "./bin/app_pgo" → "app_pgo"; a trailing '.' or '-' of the sentence goes. */
static void base_name(const char **s, size_t *n)
{
	while (*n && ((*s)[*n - 1] == '.' || (*s)[*n - 1] == '-' || (*s)[*n - 1] == '/'))
		(*n)--;
	for (size_t i = *n; i > 0; i--)
		if ((*s)[i - 1] == '/') {
			*n -= i;
			*s += i;
			break;
		}
}

static int has_letter(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z'))
			return 1;
	return 0;
}

/*
 * "Default Release, binary called `app_z`": a description before
 * "[binary|executable|build] called|named NAME". Returns 1 with the
 * name's span and the description in *desc.
 */
static int describe_before(const char *s, const char *at, const char *end, const char **name,
			   size_t *name_len, struct buf *desc)
{
	static const char *const joins[] = { " called ", " named ", NULL };
	static const char *const nouns[] = { "binary", "executable", "build", "file", "the", "a", NULL };
	const char *d = at, *n0;
	size_t k = 0;

	if (end - at < 2 || (at[1] != 'c' && at[1] != 'n')) /* " called ", " named " */
		return 0;
	for (const char *const *j = joins; *j && !k; j++)
		if (starts_with(at, (size_t)(end - at), *j))
			k = strlen(*j);
	if (!k)
		return 0;
	n0 = at + k;
	while (n0 < end && strchr("`\"'", *n0))
		n0++;
	*name = n0;
	while (n0 < end && ident_char((unsigned char)*n0))
		n0++;
	*name_len = (size_t)(n0 - *name);
	/* back over "binary", ", the binary" to the description */
	for (int again = 1; again;) {
		again = 0;
		while (d > s && (d[-1] == ' ' || d[-1] == ','))
			d--;
		for (const char *const *w = nouns; *w; w++) {
			size_t wl = strlen(*w);

			if ((size_t)(d - s) >= wl && word_is(d - wl, wl, *w) &&
			    (d - wl == s || d[-(long)wl - 1] == ' ' || d[-(long)wl - 1] == ',')) {
				d -= wl;
				again = 1;
				break;
			}
		}
	}
	{
		const char *b = d;

		/* from the start of the clause: the line, a bullet, a sentence or a bracket */
		while (b > s && !strchr(".;:(", b[-1]))
			b--;
		while (b < d && (*b == ' ' || *b == '-' || *b == '*' || *b == '+'))
			b++;
		if (text_words(b, (size_t)(d - b), 6) > 5 || d == b)
			return 0;
		clean_description(b, (size_t)(d - b), desc);
	}
	return desc->len > 0 && *name_len > 0;
}

/*
 * Can the line hold a legend at all? Each one needs a separator where a
 * description starts (separator()), " and " (before "Y the B"), or
 * " called "/" named " (describe_before()): one pass finds whether any is
 * there.
 */
static int may_hold_legend(const char *s, size_t n)
{
	static const char *const joins[] = { " and ", " called ", " named ", NULL };

	for (size_t i = 0; i + 1 < n; i++) {
		if (s[i] != ' ' && s[i] != ':')
			continue;
		if (separator(s + i, n - i))
			return 1;
		/* the joins' first letters (and the NUL strchr("acn", c) found) */
		if (s[i] != ' ' || !(s[i + 1] == 'a' || s[i + 1] == 'c' || s[i + 1] == 'n' || s[i + 1] == '\0'))
			continue;
		for (const char *const *j = joins; *j; j++)
			if (starts_with(s + i, n - i, *j))
				return 1;
	}
	return 0;
}

size_t legend_scan(const char *s, size_t n, legend_fn fn, void *ctx)
{
	struct buf desc = BUF_INIT;
	const char *end = s + n;
	size_t found = 0;

	if (!may_hold_legend(s, n))
		return 0;

	for (const char *p = s; p < end;) {
		const char *t = p, *e, *name;
		size_t name_len;
		int after_and;

		if (!ident_char((unsigned char)*p) || (p > s && ident_char((unsigned char)p[-1]))) {
			/* describe_before()'s own first test, before the reset: most bytes are no " called " */
			if (*p == ' ' && end - p >= 2 && (p[1] == 'c' || p[1] == 'n') &&
			    (buf_reset(&desc), describe_before(s, p, end, &name, &name_len, &desc))) {
				base_name(&name, &name_len);
				if (name_len >= 2 && has_letter(name, name_len)) {
					fn(ctx, name, name_len, desc.s, desc.len);
					found++;
				}
			}
			p++;
			continue;
		}
		e = t;
		while (e < end && ident_char((unsigned char)*e))
			e++;
		p = e;
		name = t;
		name_len = (size_t)(e - t);
		/* a closing quote or backtick sits between a name and its separator */
		while (e < end && (*e == '`' || *e == '"' || *e == '\'' || *e == '*' || *e == '\0')) /* strchr("`\"'*", *e) */
			e++;
		after_and = t - s >= 5 && !memcmp(t - 5, " and ", 5);
		/* describe()'s first test before the name is looked at: most words are followed by none */
		if (!separator(e, (size_t)(end - e)) && !(after_and && starts_with(e, (size_t)(end - e), " the ")))
			continue;
		base_name(&name, &name_len);
		if (name_len < 2 || !has_letter(name, name_len))
			continue;
		buf_reset(&desc);
		if (describe(e, end, after_and, &desc)) {
			fn(ctx, name, name_len, desc.s, desc.len);
			found++;
		}
	}
	buf_release(&desc);
	return found;
}

int legend_program(const char *cmd, struct buf *out)
{
	size_t len;
	const char *w = cmd_program(cmd, &len), *base = w;

	if (!w)
		return 0;
	for (const char *q = w; q < w + len; q++)
		if (*q == '/' || *q == '\\')
			base = q + 1;
	buf_add(out, base, (size_t)(w + len - base));
	return out->len > 0;
}
