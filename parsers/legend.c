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

/*
 * The legend of a name, looked up once: a text holds thousands of runs but
 * few names. Returns the description (arena) or NULL.
 */
static const char *legend_of(const char *text, size_t len, const char *name, struct strmap *cache,
			     const char ***found, size_t *nfound, size_t *cap, struct arena *a)
{
	struct buf desc = BUF_INIT;
	uint32_t at;
	const char *result = NULL;

	if (strmap_get(cache, name, &at))
		return at ? (*found)[at - 1] : NULL;
	if (find_legend(text, len, name, &desc)) {
		ALLOC_GROW(*found, *nfound + 1, *cap);
		(*found)[(*nfound)++] = result = arena_strndup(a, desc.s, desc.len);
	}
	strmap_put(cache, arena_strdup(a, name), result ? (uint32_t)*nfound : 0);
	buf_release(&desc);
	return result;
}

void legend_apply(const char *text, size_t len, struct recset *rs, uint32_t from,
		  struct arena *a)
{
	struct buf prog = BUF_INIT;
	struct strmap cache = STRMAP_INIT;
	const char **found = NULL;
	size_t nfound = 0, cap = 0;

	for (uint32_t i = from; i < rs->nruns; i++) {
		struct run *r = &rs->runs[i];
		enum vorigin o = r->variant.origin;
		const char *name = r->variant.text;

		const char *d;

		if (o == VO_INPUT && *r->command) {
			/* not named yet: the program it ran may be what a legend describes */
			buf_reset(&prog);
			if (program_of(r->command, &prog) &&
			    (d = legend_of(text, len, prog.s, &cache, &found, &nfound, &cap, a))) {
				r->variant.text = d;
				r->variant.origin = VO_LEGEND;
			}
			continue;
		}
		if ((o == VO_COMMAND || o == VO_FILENAME) &&
		    (d = legend_of(text, len, name, &cache, &found, &nfound, &cap, a)))
			rename_all(rs, i, name, o, d);
	}
	buf_release(&prog);
	strmap_release(&cache);
	free(found);
}
