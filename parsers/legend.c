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

/* A word of a list, with its length. */
struct lword {
	const char *w;
	size_t n;
};
#define LW(lit) { lit, sizeof(lit) - 1 }

/* Is s[0..n) the word w[0..k) (lower case), in any case? */
static int word_is_n(const char *s, size_t n, const char *w, size_t k)
{
	if (n != k)
		return 0;
	for (size_t i = 0; i < k; i++) {
		char c = s[i] >= 'A' && s[i] <= 'Z' ? (char)(s[i] - 'A' + 'a') : s[i];

		if (c != w[i])
			return 0;
	}
	return 1;
}

static int word_is(const char *s, size_t n, const char *w)
{
	return word_is_n(s, n, w, strlen(w));
}

/* The bytes clean_description() strips from a description's start, and from its end (NUL too, as strchr() found it). */
static const unsigned char strip_head[256] = { ['\0'] = 1, [' '] = 1, ['"'] = 1, ['\''] = 1, ['`'] = 1, ['*'] = 1, ['-'] = 1 };
static const unsigned char strip_tail[256] = { ['\0'] = 1, [' '] = 1, ['"'] = 1, ['\''] = 1, ['`'] = 1, ['*'] = 1, [','] = 1 };

/*
 * "usual Release version" → "Release"; "the PGO-optimized one" → "PGO-optimized".
 * The description is a part of s[0..n): its span is left in *s, *n.
 */
static void clean_description(const char **sp, size_t *np)
{
	static const struct lword lead[] = { LW("the"), LW("a"), LW("an"), LW("usual"), LW("regular"),
					     LW("plain"), LW("normal"), LW("standard"), LW("our"), LW("my") };
	static const struct lword trail[] = { LW("version"), LW("build"), LW("binary"), LW("one"),
					      LW("variant"), LW("executable") };
	const char *s = *sp;
	size_t n = *np;
	int changed = 1;

	while (n && strip_head[(unsigned char)*s])
		s++, n--;
	while (n && strip_tail[(unsigned char)s[n - 1]])
		n--;
	while (changed) {
		changed = 0;
		for (size_t j = 0; j < sizeof(lead) / sizeof(lead[0]); j++) {
			size_t k = lead[j].n;

			if (n > k + 1 && s[k] == ' ' && word_is_n(s, k, lead[j].w, k)) {
				s += k + 1;
				n -= k + 1;
				changed = 1;
			}
		}
		for (size_t j = 0; j < sizeof(trail) / sizeof(trail[0]); j++) {
			size_t k = trail[j].n;

			if (n > k + 1 && s[n - k - 1] == ' ' && word_is_n(s + n - k, k, trail[j].w, k)) {
				n -= k + 1;
				changed = 1;
			}
		}
	}
	*sp = s;
	*np = n;
}

/* "`symlink-dir` is this one": a word that points, and names nothing. */
static int pointer_word(const char *s, size_t n)
{
	static const struct lword words[] = { LW("this"), LW("that"), LW("it"), LW("these"), LW("those"),
					      LW("mine"), LW("ours"), LW("here"), LW("there") };

	if (n < 2 || n > 5)
		return 0; /* (no word of the list is shorter or longer) */
	for (size_t j = 0; j < sizeof(words) / sizeof(words[0]); j++)
		if (word_is_n(s, n, words[j].w, words[j].n))
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
 * The bytes that end a description: ',', ';', ')', '(', a newline, NUL (as
 * strchr() found it), and '.' before a blank or the end (2); a blank may
 * start " and " (3).
 */
static const unsigned char desc_stop[256] = { ['\0'] = 1, [','] = 1, [';'] = 1, [')'] = 1, ['('] = 1, ['\n'] = 1, ['.'] = 2, [' '] = 3 };

/*
 * The description after a name that ends at `p` (the line ends at `end`):
 * its span, a part of the line, in *desc, *desc_len; 0 when there is none.
 * `after_and`: the name follows " and ", where "X is the A and Y the B"
 * lets " the " join Y to its description.
 */
static int describe(const char *p, const char *end, int after_and, const char **desc, size_t *desc_len)
{
	size_t sep = separator(p, (size_t)(end - p)), words = 0;

	if (!sep && after_and && starts_with(p, (size_t)(end - p), " the "))
		sep = 5;
	const char *d = p + sep, *e = d;

	if (!sep)
		return 0;
	/* up to a comma, semicolon, full stop, bracket, " and NAME" or the line's end; its words (as text_words() counts them) on the way */
	for (int blank = 1; e < end; e++) {
		unsigned char stop = desc_stop[(unsigned char)*e];

		if (stop == 1 || (stop == 2 && (e + 1 == end || e[1] == ' ')) ||
		    (stop == 3 && starts_with(e, (size_t)(end - e), " and ")))
			break;
		if (*e == ' ' || *e == '\t') {
			blank = 1;
		} else if (blank) {
			blank = 0;
			if (++words > 6)
				return 0;
		}
	}
	if (!words)
		return 0;
	/*
	 * a description that runs on ("`baseline`: statically typed, the
	 * population in ...") explains, it does not name (up to the line's
	 * end, what was counted to its end is at most 6 words)
	 */
	if (e < end && text_words(d, (size_t)(end - d), 11) > 10)
		return 0;
	*desc = d;
	*desc_len = (size_t)(e - d);
	clean_description(desc, desc_len);
	/* "ruff_old: 89a8c313a15c…": the commit it was built from is a version, not a name */
	if (text_is_commit_hash(*desc, *desc_len) || quantity(*desc, *desc_len) || pointer_word(*desc, *desc_len))
		return 0;
	return *desc_len > 0;
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
 * name's span and the description's (a part of the line) in *desc, *desc_len.
 */
static int describe_before(const char *s, const char *at, const char *end, const char **name,
			   size_t *name_len, const char **desc, size_t *desc_len)
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
		*desc = b;
		*desc_len = (size_t)(d - b);
		clean_description(desc, desc_len);
	}
	return *desc_len > 0 && *name_len > 0;
}

/*
 * The bytes after a blank that a separator begins with (separator()), a
 * join (" and ", " called ", " named ": NUL too, as strchr("acn", c) found
 * it), or " the ".
 */
enum { AFTER_SEPARATOR = 1, AFTER_JOIN = 2, AFTER_THE = 4 };
static const unsigned char after_blank[256] = {
	['i'] = AFTER_SEPARATOR, ['-'] = AFTER_SEPARATOR, [0xe2] = AFTER_SEPARATOR, ['='] = AFTER_SEPARATOR,
	['m'] = AFTER_SEPARATOR, ['s'] = AFTER_SEPARATOR, ['r'] = AFTER_SEPARATOR,
	['a'] = AFTER_JOIN, ['c'] = AFTER_JOIN, ['n'] = AFTER_JOIN, ['\0'] = AFTER_JOIN, ['t'] = AFTER_THE,
};

/*
 * Where the line may first hold a legend: the first place of a separator
 * where a description starts (separator()), of " and " (before "Y the B"),
 * or of " called "/" named " (describe_before()); n when it holds none.
 * One pass: most lines hold none, and the legends a line holds are all
 * at or after this place (legend_scan() starts there).
 */
static size_t first_hint(const char *s, size_t n)
{
	static const char *const joins[] = { " and ", " called ", " named ", NULL };

	for (size_t i = 0; i + 1 < n; i++) {
		unsigned char next;

		if (s[i] == ':') {
			if (s[i + 1] == ' ') /* separator(): ": " */
				return i;
			continue;
		}
		if (s[i] != ' ' || !(next = after_blank[(unsigned char)s[i + 1]] & (AFTER_SEPARATOR | AFTER_JOIN)))
			continue;
		if (next == AFTER_SEPARATOR ? separator(s + i, n - i) != 0 : starts_with(s + i, n - i, joins[0]) ||
		    starts_with(s + i, n - i, joins[1]) || starts_with(s + i, n - i, joins[2]))
			return i;
	}
	return n;
}

/* A closing quote or backtick between a name and its separator (and NUL, as strchr("`\"'*", c) found it). */
static int closing_mark(char c)
{
	return c == '`' || c == '"' || c == '\'' || c == '*' || c == '\0';
}

size_t legend_scan(const char *s, size_t n, legend_fn fn, void *ctx)
{
	const char *end = s + n, *desc;
	size_t found = 0, desc_len;

	size_t hint = first_hint(s, n);
	const char *from = s + hint;

	if (hint == n)
		return 0;
	/*
	 * Start at the name that may end at the first hint (back over its
	 * closing marks and its bytes): a name that ends before it has no
	 * separator after it, and " and " before a name is a hint itself.
	 */
	while (from > s && closing_mark(from[-1]))
		from--;
	while (from > s && ident_char((unsigned char)from[-1]))
		from--;
	for (const char *p = from; p < end;) {
		const char *t = p, *e, *name;
		size_t name_len;
		int after_and;

		if (!ident_char((unsigned char)*p) || (p > s && ident_char((unsigned char)p[-1]))) {
			/* describe_before()'s own first test, before the reset: most bytes are no " called " */
			if (*p == ' ' && end - p >= 2 && (p[1] == 'c' || p[1] == 'n') &&
			    describe_before(s, p, end, &name, &name_len, &desc, &desc_len)) {
				base_name(&name, &name_len);
				if (name_len >= 2 && has_letter(name, name_len)) {
					fn(ctx, name, name_len, desc, desc_len);
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
		while (e < end && closing_mark(*e))
			e++;
		/* describe()'s first test before the name is looked at: most words are followed by none */
		if (e == end || (*e != ' ' && *e != ':'))
			continue; /* (every separator, and " the ", starts with one of them) */
		if (*e == ' ' && (e + 1 == end || !(after_blank[(unsigned char)e[1]] & (AFTER_SEPARATOR | AFTER_THE))))
			continue; /* (nor with the byte after the blank) */
		after_and = t - s >= 5 && !memcmp(t - 5, " and ", 5);
		if (!separator(e, (size_t)(end - e)) && !(after_and && starts_with(e, (size_t)(end - e), " the ")))
			continue;
		base_name(&name, &name_len);
		if (name_len < 2 || !has_letter(name, name_len))
			continue;
		if (describe(e, end, after_and, &desc, &desc_len)) {
			fn(ctx, name, name_len, desc, desc_len);
			found++;
		}
	}
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
