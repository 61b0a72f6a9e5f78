/*
 * legend.c - apply the legends of a text to the names its tool output
 * carries: ", where llrt_release - usual Release version, llrt_optimized -
 * PGO-optimized version" or "app_release is the usual Release build and
 * app_pgo the PGO one" rename runs named llrt_release/app_pgo (from
 * commands or file names) to the variant the author meant.
 */
#include "parsers/legend.h"

#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/text.h"
#include "util/strmap.h"

static int ident_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
	       c == '-' || c == '.' || c == '/';
}

static int starts_with(const char *s, size_t n, const char *p)
{
	size_t k = strlen(p);

	return n >= k && !strncmp(s, p, k);
}

/* Skip what joins a name to its description: " - ", " is the ", ": ", " = ", " the ". */
static size_t separator(const char *s, size_t n)
{
	static const char *const seps[] = { " is the ", " is a ", " is an ", " is ", " - ", " -- ",
					    " \xe2\x80\x93 ", " \xe2\x80\x94 ", ": ", " = ",
					    " means ", " stands for ", " refers to " };

	for (size_t k = 0; k < sizeof(seps) / sizeof(seps[0]); k++)
		if (starts_with(s, n, seps[k]))
			return strlen(seps[k]);
	return 0;
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
					    "standard", "default", "our", "my", NULL };
	static const char *const trail[] = { "version", "build", "binary", "one", "variant",
					     "executable", NULL };
	int changed = 1;

	while (n && (*s == ' ' || *s == '"' || *s == '\'' || *s == '`'))
		s++, n--;
	while (n && strchr(" \"'`", s[n - 1]))
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
	       !starts_with(e, (size_t)(end - e), " and "))
		e++;
	words = text_words(d, (size_t)(e - d), 6);
	if (!words || words > 6)
		return 0;
	clean_description(d, (size_t)(e - d), out);
	return out->len > 0;
}

/* Find a legend of `name` in the text; its description goes to *desc. */
static int find_legend(const char *text, size_t len, const char *name, struct buf *desc)
{
	size_t n = strlen(name);
	const char *p = text;

	if (n < 2)
		return 0;
	while (p + n <= text + len) {
		const char *hit = memchr(p, name[0], (size_t)(text + len - p));
		const char *eol;

		if (!hit || hit + n > text + len)
			return 0;
		p = hit + 1;
		if (memcmp(hit, name, n) || (hit > text && ident_char((unsigned char)hit[-1])) ||
		    (hit + n < text + len && ident_char((unsigned char)hit[n]) && hit[n] != '.' &&
		     hit[n] != '-'))
			continue;
		eol = memchr(hit, '\n', (size_t)(text + len - hit));
		if (!eol)
			eol = text + len;
		buf_reset(desc);
		if (describe(hit + n, eol, hit - text >= 5 && !memcmp(hit - 5, " and ", 5), desc))
			return 1;
	}
	return 0;
}

/* Rename every run of [from, nruns) called `name` with origin `o`. */
static void rename_all(struct recset *rs, uint32_t from, const char *name, enum vorigin o,
		       const char *text)
{
	for (uint32_t j = from; j < rs->nruns; j++) {
		struct run *r = &rs->runs[j];

		if (r->variant.origin == o && !strcmp(r->variant.text, name)) {
			r->variant.text = text;
			r->variant.origin = VO_LEGEND;
		}
	}
}

/* The program a command runs, as a legend would name it: "./bin/app_pgo x" → "app_pgo". */
static int program_of(const char *cmd, struct buf *out)
{
	static const char *const wrappers[] = { "taskset", "sudo", "nice", "numactl", "env", "time",
						"/usr/bin/time", "perf", NULL };
	const char *w = cmd;

	for (;;) {
		const char *end, *base;
		int wrapper = 0;

		while (*w == ' ' || *w == '\t')
			w++;
		if (!*w)
			return 0;
		end = w + strcspn(w, " \t");
		for (const char *const *k = wrappers; *k; k++)
			wrapper |= (size_t)(end - w) == strlen(*k) && !strncmp(w, *k, (size_t)(end - w));
		/* skip wrappers and their options ("taskset -c 0") */
		if (wrapper || *w == '-' || (*w >= '0' && *w <= '9')) {
			w = end;
			continue;
		}
		base = w;
		for (const char *q = w; q < end; q++)
			if (*q == '/' || *q == '\\')
				base = q + 1;
		buf_add(out, base, (size_t)(end - base));
		return out->len > 0;
	}
}

/* The names legends are looked for, and what was found for each. */
struct wanted {
	struct strmap index;  /* name → slot */
	const char **name;    /* slot → name (arena) */
	const char **desc;    /* slot → description (arena), or NULL */
	unsigned char *done;  /* slot → looked up already */
	size_t n, cap;
};

/* A name made of identifier characters only can be found by tokens (want_scan). */
static int ident_name(const char *name)
{
	if (!*name)
		return 0;
	for (const char *p = name; *p; p++)
		if (!ident_char((unsigned char)*p))
			return 0;
	return 1;
}

static void want(struct wanted *w, const char *name, struct arena *a)
{
	if (strlen(name) < 2 || strmap_get(&w->index, name, NULL))
		return;
	if (w->n == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 16;
		w->name = xrealloc(w->name, w->cap * sizeof(*w->name));
		w->desc = xrealloc(w->desc, w->cap * sizeof(*w->desc));
		w->done = xrealloc(w->done, w->cap);
	}
	w->name[w->n] = arena_strdup(a, name);
	w->desc[w->n] = NULL;
	w->done[w->n] = 0;
	strmap_put(&w->index, w->name[w->n], (uint32_t)w->n);
	w->n++;
}

/*
 * Every wanted identifier name's first legend, in one pass over the text.
 * Such a name is found where find_legend() would find it: a whole token
 * (no identifier character before it; a separator, which starts with ' '
 * or ':', right after it), the first one whose description reads.
 */
static void want_scan(struct wanted *w, const char *text, size_t len, struct arena *a)
{
	struct buf tok = BUF_INIT, desc = BUF_INIT;
	const char *end = text + len;
	size_t left = 0;
	uint32_t at;

	for (size_t k = 0; k < w->n; k++)
		left += ident_name(w->name[k]);
	for (const char *p = text; p < end && left;) {
		const char *e = p, *eol;

		if (!ident_char((unsigned char)*p)) {
			p++;
			continue;
		}
		while (e < end && ident_char((unsigned char)*e))
			e++;
		if (e < end && (*e == ' ' || *e == ':') && e - p >= 2) {
			buf_reset(&tok);
			buf_add(&tok, p, (size_t)(e - p));
			if (strmap_get(&w->index, tok.s, &at) && !w->done[at]) {
				eol = memchr(e, '\n', (size_t)(end - e));
				buf_reset(&desc);
				if (describe(e, eol ? eol : end, p - text >= 5 && !memcmp(p - 5, " and ", 5),
					     &desc)) {
					w->desc[at] = arena_strndup(a, desc.s, desc.len);
					w->done[at] = 1;
					left--;
				}
			}
		}
		p = e;
	}
	/* the rest was looked for and not found; names of other characters are looked up alone */
	for (size_t k = 0; k < w->n; k++) {
		if (w->done[k])
			continue;
		w->done[k] = 1;
		if (!ident_name(w->name[k]) && find_legend(text, len, w->name[k], &desc))
			w->desc[k] = arena_strndup(a, desc.s, desc.len);
	}
	buf_release(&tok);
	buf_release(&desc);
}

/* The legend found for a name (NULL: none). */
static const char *legend_of(const struct wanted *w, const char *name)
{
	uint32_t at;

	return strmap_get(&w->index, name, &at) ? w->desc[at] : NULL;
}

void legend_apply(const char *text, size_t len, struct recset *rs, uint32_t from,
		  struct arena *a)
{
	struct buf prog = BUF_INIT;
	struct wanted w;

	memset(&w, 0, sizeof(w));
	/* first the names that could have a legend, then one pass over the text for them all */
	for (uint32_t i = from; i < rs->nruns; i++) {
		const struct run *r = &rs->runs[i];
		enum vorigin o = r->variant.origin;

		if (o == VO_INPUT && *r->command) {
			buf_reset(&prog);
			if (program_of(r->command, &prog))
				want(&w, prog.s, a);
		} else if (o == VO_COMMAND || o == VO_FILENAME) {
			want(&w, r->variant.text, a);
		}
	}
	if (!w.n)
		goto out;
	want_scan(&w, text, len, a);
	for (uint32_t i = from; i < rs->nruns; i++) {
		struct run *r = &rs->runs[i];
		enum vorigin o = r->variant.origin;
		const char *name = r->variant.text;

		const char *d;

		if (o == VO_INPUT && *r->command) {
			/* not named yet: the program it ran may be what a legend describes */
			buf_reset(&prog);
			if (program_of(r->command, &prog) && (d = legend_of(&w, prog.s))) {
				r->variant.text = d;
				r->variant.origin = VO_LEGEND;
			}
			continue;
		}
		if ((o == VO_COMMAND || o == VO_FILENAME) && (d = legend_of(&w, name)))
			rename_all(rs, i, name, o, d);
	}
out:
	buf_release(&prog);
	strmap_release(&w.index);
	free(w.name);
	free(w.desc);
	free(w.done);
}
