/*
 * label.c - variant labels, scenarios and section headings in prose; see
 * label.h. The reading is deliberately conservative: a sentence is never a
 * label, and a bare line needs a build word ("Release", "LTO", "PGO"...)
 * to name a variant.
 */
#include "parsers/label.h"

#include <string.h>

#include "util/text.h"

enum { RX_MODE, RX_SCENARIO_TAIL, RX_WITH, RX_RESULTS_FOR, RX_SUMMARY_TAG };

struct rx label_rx[] = {
	/* "... in the server mode", "... (client mode)" */
	[RX_MODE] = { "label mode", "(?i)\\s*\\(?(?:\\b(?:in|on|for|with|using)\\s+)?(?:the\\s+)?"
				    "(?<s>[\\w+-]+(?:\\s+[\\w+-]+)?\\s+mode)\\)?\\s*$", 0 },
	/* "... on the HTTP workload", "... for the write scenario" */
	[RX_SCENARIO_TAIL] = { "label scenario",
			       "(?i)\\s*\\(?\\b(?:in|on|for|with|under)\\s+(?:the\\s+|an?\\s+)?"
			       "(?<s>[\\w+./-]+(?:\\s+[\\w+./-]+)?\\s+(?:scenario|workload|benchmark|test|load|case))\\)?\\s*$",
			       0 },
	/* "... with 4 threads" */
	[RX_WITH] = { "label with", "(?i)\\s*\\(?\\b(?:with|using|at)\\s+(?<s>\\d+\\s+(?:threads?|connections?|"
				    "clients?|cores?|streams?|jobs?|workers?))\\)?\\s*$", 0 },
	/* "Results for Release + PGO" */
	[RX_RESULTS_FOR] = { "label results for",
			     "(?i)^(?:results?|numbers|benchmarks?|measurements?|outputs?|timings?|"
			     "figures)\\s+(?:for|of|with|from|on)\\s+(?:the\\s+)?", 0 },
	/* <summary>Release + PGO</summary> */
	[RX_SUMMARY_TAG] = { "label summary tag",
			     "(?i)^\\s*(?:<details[^>]*>\\s*)?<summary>\\s*(?<t>.*?)\\s*</summary>\\s*$", 0 },
};
const size_t label_nrx = sizeof(label_rx) / sizeof(label_rx[0]);

static int is_space(char c)
{
	return c == ' ' || c == '\t';
}

static void trim(const char **s, size_t *n)
{
	while (*n && is_space(**s))
		(*s)++, (*n)--;
	while (*n && is_space((*s)[*n - 1]))
		(*n)--;
}

static int is_word_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c >= 0x80;
}

static int in_list(const char *w, size_t n, const char *const *list)
{
	for (; *list; list++)
		if ((*list)[0] == w[0] && !strncmp(*list, w, n) && (*list)[n] == '\0')
			return 1;
	return 0;
}

/* Call fn for each word of s (letters and digits, lower-cased into a small buffer). */
static size_t words(const char *s, size_t n, int (*fn)(const char *w, size_t len, void *ctx),
		    void *ctx, int *stop)
{
	size_t count = 0, i = 0;

	*stop = 0;
	while (i < n) {
		char w[48];
		size_t len = 0;

		while (i < n && !is_word_char((unsigned char)s[i]))
			i++;
		if (i >= n)
			break;
		while (i < n && (is_word_char((unsigned char)s[i]) || s[i] == '\'')) {
			if (len + 1 < sizeof(w))
				w[len++] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] - 'A' + 'a' : s[i]);
			i++;
		}
		count++;
		if (fn && fn(w, len, ctx)) {
			*stop = 1;
			break;
		}
	}
	return count;
}

/* Words that make a line a sentence, not a label. */
static const char *const prose_words[] = {
	"i", "we", "you", "my", "our", "your", "me", "us", "here", "following", "below", "above",
	"got", "get", "see", "shows", "showed", "show", "looks", "seems", "is", "are", "was", "were",
	"have", "has", "had", "can", "could", "should", "would", "will", "did", "does", "do", "please",
	"let's", "lets", "let", "there", "these", "this", "that", "which", "what", "how", "why",
	"when", "where", "if", "so", "because", "but", "however", "also", "already", "it", "its",
	"it's", "i'm", "i've", "we've", "thanks", "thank", "hi", "hello", "think", "tried",
	"try", "measured", "collected", NULL,
};

/* Words of headings that organise a report rather than name a build. */
static const char *const section_words[] = {
	"results", "result", "benchmark", "benchmarks", "benchmarking", "test", "tests", "testing",
	"environment", "env", "setup", "method", "methodology", "steps", "step", "further", "future",
	"possible", "next", "conclusion", "conclusions", "summary", "notes", "note", "description", "motivation", "hardware", "software", "configuration", "config",
	"details", "overview", "introduction", "background", "reproduce", "reproduction", "how", "to",
	"build", "builds", "building", "instructions", "commands", "command", "raw", "data",
	"output", "outputs", "numbers", "appendix", "update", "updates", "edit", "tldr", "tl",
	"dr", "measurements", "comparison", "compare", "performance", "size", "sizes", "binary",
	"binaries", "cpu", "usage", "memory", "timings", "timing", "system", "machine", "specs",
	"spec", "info", "information", "links", "link", "questions", "question", "discussion",
	"references",
	"the", "and", "of", "a", "an", "for", "in", "on", "with", "some", "other", "more", "my",
	"action", "points", "items", "todo", "bugs", "bug", "issue", "issues", "example", "examples",
	"time", "times", "training", "profile", "profiles", "workload", "load", "server", "client",
	"mode", "scenario", "scenarios", "cases", "case", NULL,
};

/* Words that name a build, for lines that are not marked as labels. */
static const char *const build_words[] = {
	"release", "debug", "lto", "thinlto", "fat", "thin", "pgo", "bolt", "plo", "instrumented",
	"instrumentation", "optimized", "optimised", "optimization", "optimisation", "baseline",
	"default", "native", "o0", "o1", "o2", "o3", "os", "oz", "og", "cgu", "codegen", "march",
	"mtune", "before", "after", "patched", "unpatched", "original", "vanilla", "stock", "master",
	"main", "head", "old", "new", "gcc", "clang", "rustc", "msvc", "icc", "jemalloc", "mimalloc",
	"tcmalloc", "glibc", "musl", "static", "dynamic", "stripped", "autofdo", "propeller", "fdo",
	"asan", "ubsan", "tsan", "sanitized", "profiled", "avx2", "avx512", "sse4", "simd", "nightly",
	"stable", "beta", "candidate", "reference", NULL,
};

/* Words a parenthetical aside may hold to be dropped from a label. */
static const char *const aside_words[] = {
	"just", "for", "reference", "again", "only", "fyi", "note", "measurements", "measurement",
	"runs", "run", "times", "samples", "iterations", "and", "the", "a", "an", "see", "below",
	"above", "as", "mentioned", "earlier", "before", "repeated", "once", "more", "partially",
	"cut", "truncated", "excerpt", "same", "results", "output", "of", NULL,
};

static int hit_list(const char *w, size_t len, void *ctx)
{
	return in_list(w, len, ctx);
}

struct all_in {
	const char *const *list;
	int all;
};

static int check_all(const char *w, size_t len, void *ctx)
{
	struct all_in *a = ctx;

	/* numbers may sit in an aside ("4 measurements") */
	if (len && w[0] >= '0' && w[0] <= '9')
		return 0;
	if (!in_list(w, len, a->list)) {
		a->all = 0;
		return 1;
	}
	return 0;
}

static int any_word(const char *s, size_t n, const char *const *list)
{
	int stop;

	words(s, n, hit_list, (void *)list, &stop);
	return stop;
}

static int all_words(const char *s, size_t n, const char *const *list)
{
	struct all_in a = { list, 1 };
	int stop;

	if (!words(s, n, check_all, &a, &stop))
		return 0;
	return a.all;
}

/* Remove "(just for reference)"-like asides, anywhere in the text. */
static void drop_asides(struct buf *b)
{
	for (size_t i = 0; i < b->len; i++) {
		char *close;
		size_t end;

		if (b->s[i] != '(' || !(close = memchr(b->s + i, ')', b->len - i)))
			continue;
		end = (size_t)(close - b->s) + 1;
		/* an aside: only aside words, or a whole sentence ("(the log got cut)") */
		if (!all_words(b->s + i + 1, end - i - 2, aside_words) &&
		    !any_word(b->s + i + 1, end - i - 2, prose_words))
			continue;
		memmove(b->s + i, b->s + end, b->len - end);
		b->len -= end - i;
		b->s[b->len] = '\0';
		i = i ? i - 1 : 0;
	}
}

/* Collapse blanks, trim, and drop dangling punctuation left by removals. */
static void tidy(struct buf *b)
{
	size_t k = 0;

	for (size_t i = 0; i < b->len; i++) {
		char c = b->s[i] == '\t' ? ' ' : b->s[i];

		if (c == ' ' && (k == 0 || b->s[k - 1] == ' '))
			continue;
		b->s[k++] = c;
	}
	while (k && (b->s[k - 1] == ' ' || b->s[k - 1] == ',' || b->s[k - 1] == '-' ||
		     b->s[k - 1] == ':' || b->s[k - 1] == ';'))
		k--;
	b->len = k;
	if (b->s)
		b->s[k] = '\0';
}

/* "ThinLTO, as JSON from the export" → "ThinLTO": a clause after a comma that follows a build. */
static void cut_clause(struct buf *b)
{
	const char *comma = memchr(b->s ? b->s : "", ',', b->len);

	if (comma && any_word(b->s, (size_t)(comma - b->s), build_words)) {
		b->len = (size_t)(comma - b->s);
		b->s[b->len] = '\0';
		tidy(b);
	}
}

/* The words each scenario pattern needs: a cheap test before the pattern runs. */
static int may_match(const struct buf *t, int rx)
{
	static const char *const tails[] = { "scenario", "workload", "benchmark", "test", "load", "case" };

	switch (rx) {
	case RX_MODE:
		return text_contains_nocase(t->s, t->len, "mode");
	case RX_SCENARIO_TAIL:
		for (size_t k = 0; k < sizeof(tails) / sizeof(tails[0]); k++)
			if (text_contains_nocase(t->s, t->len, tails[k]))
				return 1;
		return 0;
	case RX_WITH:
		return strpbrk(t->s, "0123456789") != NULL;
	}
	return 1;
}

/* Move a trailing scenario phrase from `text` to `scenario`. */
static void take_scenario(struct buf *text, struct buf *scenario)
{
	static const int order[] = { RX_MODE, RX_SCENARIO_TAIL, RX_WITH };

	for (size_t k = 0; k < sizeof(order) / sizeof(order[0]); k++) {
		struct rx *p = &label_rx[order[k]];
		const char *s;
		size_t n;

		if (!text->len || !may_match(text, order[k]) || !rx_match(p, text->s, text->len) ||
		    !rx_named(p, "s", &s, &n))
			continue;
		if (scenario->len)
			buf_adds(scenario, ", ");
		buf_add(scenario, s, n);
		rx_group(p, 0, &s, &n);
		text->len = (size_t)(s - text->s);
		text->s[text->len] = '\0';
		tidy(text);
	}
	/* a scenario is matched case-insensitively: keep its words in lower case */
	for (size_t i = 0; i < scenario->len; i++)
		if (scenario->s[i] >= 'A' && scenario->s[i] <= 'Z')
			scenario->s[i] = (char)(scenario->s[i] - 'A' + 'a');
}

/* Strip Markdown marks; tell whether the line was marked as a label. */
static int unmark(const char **s, size_t *n)
{
	int marked = 0;

	trim(s, n);
	if (*n && **s == '#') {
		size_t h = 0;

		while (h < *n && (*s)[h] == '#')
			h++;
		if (h <= 6 && h < *n && is_space((*s)[h])) {
			*s += h;
			*n -= h;
			trim(s, n);
			marked = 1;
		}
	}
	/* a bullet: "- ", "* ", "+ ", "• ", or a number: "1. ", "2) " */
	if (*n > 2 && ((*s)[0] == '-' || (*s)[0] == '*' || (*s)[0] == '+') && is_space((*s)[1])) {
		*s += 2;
		*n -= 2;
		trim(s, n);
	} else if (*n > 4 && !memcmp(*s, "\xe2\x80\xa2", 3) && is_space((*s)[3])) {
		*s += 4;
		*n -= 4;
		trim(s, n);
	} else {
		size_t d = 0;

		while (d < *n && d < 3 && (*s)[d] >= '0' && (*s)[d] <= '9')
			d++;
		if (d && d + 1 < *n && ((*s)[d] == '.' || (*s)[d] == ')') && is_space((*s)[d + 1])) {
			*s += d + 1;
			*n -= d + 1;
			trim(s, n);
		}
	}
	for (int pass = 0; pass < 2; pass++) {
		if (*n && (*s)[*n - 1] == ':') {
			(*n)--;
			trim(s, n);
			marked = 1;
		}
		if (*n > 4 && ((!memcmp(*s, "**", 2) && !memcmp(*s + *n - 2, "**", 2)) ||
			       (!memcmp(*s, "__", 2) && !memcmp(*s + *n - 2, "__", 2)))) {
			*s += 2;
			*n -= 4;
			trim(s, n);
			marked = 1;
		}
	}
	return marked;
}

enum label_kind label_read(const char *s, size_t n, int plain_ok, struct label *out)
{
	struct rx *sum = &label_rx[RX_SUMMARY_TAG];
	int marked;
	size_t nwords;
	int stop;

	buf_reset(&out->variant);
	buf_reset(&out->scenario);
	out->kind = LABEL_NONE;
	if (n > 160)
		return LABEL_NONE;
	if (memchr(s, '<', n) && rx_match(sum, s, n)) {
		rx_named(sum, "t", &s, &n);
		marked = 1;
		trim(&s, &n);
	} else {
		marked = unmark(&s, &n);
	}
	out->marked = marked;
	if (!n || (!marked && !plain_ok))
		return LABEL_NONE;
	nwords = words(s, n, NULL, NULL, &stop);
	if (nwords == 0 || nwords > (marked ? 14u : 7u))
		return LABEL_NONE;
	if (!marked && strchr(".?!,;", s[n - 1]))
		return LABEL_NONE;

	buf_add(&out->variant, s, n);
	drop_asides(&out->variant);
	tidy(&out->variant);
	cut_clause(&out->variant);
	/* a sentence is never a label: decided before the patterns run */
	if (any_word(out->variant.s, out->variant.len, prose_words)) {
		buf_reset(&out->variant);
		return out->kind = LABEL_NONE;
	}
	if (rx_match(&label_rx[RX_RESULTS_FOR], out->variant.s, out->variant.len)) {
		const char *m;
		size_t mn;

		rx_group(&label_rx[RX_RESULTS_FOR], 0, &m, &mn);
		memmove(out->variant.s, out->variant.s + mn, out->variant.len - mn + 1);
		out->variant.len -= mn;
	}
	take_scenario(&out->variant, &out->scenario);

	if (!out->variant.len)
		return out->kind = out->scenario.len ? LABEL_SCENARIO : LABEL_SECTION;
	if (all_words(out->variant.s, out->variant.len, section_words)) {
		/* "Results", "Test environment"; "Server" of "Server mode" went to the scenario */
		buf_reset(&out->variant);
		return out->kind = out->scenario.len ? LABEL_SCENARIO : LABEL_SECTION;
	}
	if (!any_word(out->variant.s, out->variant.len, build_words) &&
	    words(out->variant.s, out->variant.len, NULL, NULL, &stop) > 5) {
		/* a long line that names no build is a caption, not a variant */
		buf_reset(&out->variant);
		return out->kind = LABEL_NONE;
	}
	if (!marked && !any_word(out->variant.s, out->variant.len, build_words)) {
		/* a bare short line without a build word: a heading, not a variant */
		buf_reset(&out->variant);
		return out->kind = out->scenario.len ? LABEL_SCENARIO : LABEL_SECTION;
	}
	return out->kind = LABEL_VARIANT;
}

void label_release(struct label *l)
{
	buf_release(&l->variant);
	buf_release(&l->scenario);
}

static const char *const filler_words[] = { "build", "builds", "version", "binary", "variant", NULL };

void variant_key(const char *s, size_t n, struct buf *out)
{
	struct buf norm = BUF_INIT;
	int pending_space = 0;
	size_t fillers = 0, total = 0;

	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == ' ' || c == '\t' || c == '-' || c == '_' || c == '.' || c == '/' ||
		    (c < 0x80 && !is_word_char(c) && c != '+')) {
			pending_space = 1;
			continue;
		}
		if (c == '+') { /* "a+b" and "a + b" meet */
			if (norm.len && norm.s[norm.len - 1] != ' ')
				buf_addc(&norm, ' ');
			buf_adds(&norm, "+ ");
			pending_space = 0;
			continue;
		}
		if (pending_space && norm.len && norm.s[norm.len - 1] != ' ')
			buf_addc(&norm, ' ');
		pending_space = 0;
		buf_addc(&norm, (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c));
	}
	/* words; filler words go when others remain */
	for (int pass = 0; pass < 2; pass++) {
		size_t first = out->len;

		for (size_t i = 0; i < norm.len;) {
			size_t j = i;

			while (j < norm.len && norm.s[j] != ' ')
				j++;
			if (j > i) {
				int filler = in_list(norm.s + i, j - i, filler_words);

				if (pass == 0) {
					fillers += filler;
					total++;
				} else if (!filler || fillers == total) {
					if (out->len > first)
						buf_addc(out, ' ');
					buf_add(out, norm.s + i, j - i);
				}
			}
			i = j + 1;
		}
	}
	if (!out->s)
		buf_grow(out, 0), out->s[0] = '\0';
	buf_release(&norm);
}
