/*
 * handmetric.c - people's words for quantities; see handmetric.h.
 */
#include "parsers/handmetric.h"

#include <string.h>
#include <strings.h>

#include "parsers/label.h"
#include "util/util.h"

/*
 * Phrases (lower case, words joined by one space, without a unit in
 * brackets) and what they name: X(phrase, quantity, stat). The first that
 * matches the whole phrase wins.
 */
#define HAND_QUANTITIES(X)                                                                         \
	X("time", "time", STAT_VALUE)                                                              \
	X("runtime", "time", STAT_VALUE)                                                           \
	X("run time", "time", STAT_VALUE)                                                          \
	X("execution time", "time", STAT_VALUE)                                                    \
	X("duration", "time", STAT_VALUE)                                                          \
	X("elapsed", "wall_time", STAT_VALUE)                                                      \
	X("wall", "wall_time", STAT_VALUE)                                                         \
	X("wall time", "wall_time", STAT_VALUE)                                                    \
	X("wall clock", "wall_time", STAT_VALUE)                                                   \
	X("real", "wall_time", STAT_VALUE)                                                         \
	X("user", "user_time", STAT_VALUE)                                                         \
	X("sys", "system_time", STAT_VALUE)                                                        \
	X("real time", "wall_time", STAT_VALUE)                                                    \
	X("user time", "user_time", STAT_VALUE)                                                    \
	X("sys time", "system_time", STAT_VALUE)                                                   \
	X("system time", "system_time", STAT_VALUE)                                                \
	X("time real", "wall_time", STAT_VALUE) /* "time (real)": the shell's line it was copied from */ \
	X("time user", "user_time", STAT_VALUE)                                                    \
	X("time sys", "system_time", STAT_VALUE)                                                   \
	X("mean", "time", STAT_MEAN)                                                               \
	X("median", "time", STAT_MEDIAN)                                                           \
	X("min", "time", STAT_MIN)                                                                 \
	X("max", "time", STAT_MAX)                                                                 \
	X("build time", "build_time", STAT_VALUE)                                                  \
	X("build", "build_time", STAT_VALUE)                                                       \
	X("compile time", "build_time", STAT_VALUE)                                                \
	X("compilation time", "build_time", STAT_VALUE)                                            \
	X("link time", "build_time", STAT_VALUE)                                                   \
	X("finished release optimized target s in", "build_time", STAT_VALUE)                      \
	X("size", "file_size", STAT_VALUE)                                                         \
	X("binary size", "file_size", STAT_VALUE)                                                  \
	X("file size", "file_size", STAT_VALUE)                                                    \
	X("exe", "file_size", STAT_VALUE)                                                          \
	X("exe size", "file_size", STAT_VALUE)                                                     \
	X("executable size", "file_size", STAT_VALUE)                                              \
	X("binary", "file_size", STAT_VALUE)                                                       \
	X("bytes", "file_size", STAT_VALUE)                                                        \
	X("text", "text", STAT_VALUE)                                                              \
	X("data", "data", STAT_VALUE)                                                              \
	X("bss", "bss", STAT_VALUE)                                                                \
	X("dec", "dec", STAT_VALUE)                                                                \
	X("rss", "max_rss", STAT_VALUE)                                                            \
	X("max rss", "max_rss", STAT_VALUE)                                                        \
	X("maximum rss", "max_rss", STAT_VALUE)                                                    \
	X("peak rss", "max_rss", STAT_VALUE)                                                       \
	X("max memory", "max_rss", STAT_VALUE)                                                     \
	X("peak memory", "max_rss", STAT_VALUE)                                                    \
	X("avg memory", "avg_rss", STAT_VALUE)                                                     \
	X("average memory", "avg_rss", STAT_VALUE)                                                 \
	X("instructions", "instructions", STAT_VALUE)                                              \
	X("insns", "instructions", STAT_VALUE)                                                     \
	X("instret", "instructions", STAT_VALUE)                                                   \
	X("ir", "instructions", STAT_VALUE)                                                        \
	X("total ir", "instructions", STAT_VALUE)                                                  \
	X("cycles", "cycles", STAT_VALUE)                                                          \
	X("branch misses", "branch_misses", STAT_VALUE)                                            \
	X("cache misses", "cache_misses", STAT_VALUE)                                              \
	X("throughput", "throughput", STAT_VALUE)                                                  \
	X("ops s", "ops_per_sec", STAT_VALUE)                                                      \
	X("ops sec", "ops_per_sec", STAT_VALUE)                                                    \
	X("op s", "ops_per_sec", STAT_VALUE)                                                       \
	X("qps", "qps", STAT_VALUE)                                                                \
	X("req s", "qps", STAT_VALUE)                                                              \
	X("requests s", "qps", STAT_VALUE)                                                         \
	X("requests sec", "qps", STAT_VALUE)                                                       \
	X("rps", "qps", STAT_VALUE)                                                                \
	X("bytes s", "throughput", STAT_VALUE)                                                     \
	X("requests", "calls", STAT_VALUE)                                                         \
	X("total requests", "calls", STAT_VALUE)                                                   \
	X("errors", "errors", STAT_VALUE)                                                          \
	X("failed requests", "errors", STAT_VALUE)                                                 \
	X("successful requests", "calls.ok", STAT_VALUE)                                           \
	X("requests per second", "qps", STAT_VALUE)                                                \
	X("time taken for tests", "wall_time", STAT_VALUE)                                         \
	X("time per request", "latency.avg", STAT_VALUE)                                           \
	X("average time per request", "latency.avg", STAT_VALUE)                                   \
	X("mean time per request", "latency.avg", STAT_VALUE)                                      \
	X("median time per request", "latency.p50", STAT_VALUE)                                    \
	X("transfer s", "throughput", STAT_VALUE)                                                  \
	X("latency", "latency.avg", STAT_VALUE)                                                    \
	X("avg latency", "latency.avg", STAT_VALUE)                                                \
	X("mean latency", "latency.avg", STAT_VALUE)                                               \
	X("average latency", "latency.avg", STAT_VALUE)                                            \
	X("p50", "latency.p50", STAT_VALUE)                                                        \
	X("p75", "latency.p75", STAT_VALUE)                                                        \
	X("p90", "latency.p90", STAT_VALUE)                                                        \
	X("p95", "latency.p95", STAT_VALUE)                                                        \
	X("p99", "latency.p99", STAT_VALUE)                                                        \
	X("p99 9", "latency.p99.9", STAT_VALUE)                                                    \
	X("p99 5", "latency.p99.5", STAT_VALUE)                                                    \
	X("p999", "latency.p99.9", STAT_VALUE)                                                     \
	X("50 in", "latency.p50", STAT_VALUE)                                                      \
	X("75 in", "latency.p75", STAT_VALUE)                                                      \
	X("90 in", "latency.p90", STAT_VALUE)                                                      \
	X("95 in", "latency.p95", STAT_VALUE)                                                      \
	X("99 in", "latency.p99", STAT_VALUE)                                                      \
	X("iterations s", "iterations_per_sec", STAT_VALUE)                                        \
	X("cpu", "cpu_percent", STAT_VALUE)                                                        \
	X("cpu usage", "cpu_percent", STAT_VALUE)                                                  \
	X("avg cpu", "cpu_percent", STAT_MEAN)

struct phrase {
	const char *words, *quantity;
	enum stat_kind stat;
};

#define HQ_ROW_(w, q, s) { w, q, s },
static const struct phrase phrases[] = { HAND_QUANTITIES(HQ_ROW_) };
#undef HQ_ROW_

/* Words that say which statistic a figure is, dropped from a name of its own. */
static const struct {
	const char *word;
	enum stat_kind stat;
} stat_words[] = {
	{ "avg", STAT_MEAN },     { "average", STAT_MEAN }, { "mean", STAT_MEAN },  { "median", STAT_MEDIAN },
	{ "min", STAT_MIN },      { "minimum", STAT_MIN },  { "max", STAT_MAX },    { "maximum", STAT_MAX },
	{ "stddev", STAT_SD },    { "sd", STAT_SD },        { "std", STAT_SD },     { "\xcf\x83", STAT_SD },
	{ "\xc2\xb1", STAT_SD },  { "\xc2\xb1\xcf\x83", STAT_SD },
};

static int is_word_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c >= 0x80;
}

/*
 * The length of a percentile written at s[0..n): "50%", "99.9%", "p99",
 * "P99.9", "90th", "99.0'th"; 0 when s does not begin with one. *whole and
 * *frac receive its digits (frac empty when it has none).
 */
static size_t percentile_at(const char *s, size_t n, const char **whole, size_t *wn, const char **frac, size_t *fn)
{
	size_t i = 0, d;
	int p = n && (s[0] == 'p' || s[0] == 'P');

	i = (size_t)p;
	for (d = i; i < n && s[i] >= '0' && s[i] <= '9'; i++)
		;
	if (i == d)
		return 0;
	*whole = s + d, *wn = i - d;
	*frac = NULL, *fn = 0;
	if (i + 1 < n && s[i] == '.' && s[i + 1] >= '0' && s[i + 1] <= '9') {
		size_t f0 = ++i;

		while (i < n && s[i] >= '0' && s[i] <= '9')
			i++;
		*frac = s + f0, *fn = i - f0;
	}
	if (!p && i < n && s[i] == '%')
		i++;
	else if (!p && i + 1 < n && !memcmp(s + i, "th", 2))
		i += 2;
	else if (!p && i + 2 < n && !memcmp(s + i, "'th", 3)) /* "99.0'th" */
		i += 3;
	else if (!p)
		return 0;
	return i < n && is_word_byte((unsigned char)s[i]) ? 0 : i;
}

/*
 * s[0..n) as lower-case words joined by one space, without a trailing unit
 * in brackets. A percentile is written "p50" ("Latency (50%)", "99th",
 * "P99.9" as "p99 9"), a "second" after a '/' is "s" ("Req/Sec" is "req s").
 */
/* "real", "user", "sys": the words of the shell's time lines, which a header keeps in brackets */
static int shell_time_word(const char *s, size_t n)
{
	return (n == 4 && !strncasecmp(s, "real", 4)) || (n == 4 && !strncasecmp(s, "user", 4)) ||
	       (n == 3 && !strncasecmp(s, "sys", 3));
}

static void normalize(const char *s, size_t n, struct buf *out)
{
	size_t end = n;
	char before = ' ';

	while (end && (s[end - 1] == ' ' || s[end - 1] == ':' || s[end - 1] == '*'))
		end--;
	if (end && (s[end - 1] == ')' || s[end - 1] == ']')) {
		char open = s[end - 1] == ')' ? '(' : '[';

		for (size_t k = end - 1; k > 0; k--)
			if (s[k - 1] == open) {
				const char *w, *f;
				size_t wn, fn;

				/*
				 * "(ms)", "[KiB]": a unit, not a word; "(lto=thin)", "(50%)"
				 * and the shell's "(real)", "(user)", "(sys)" stay
				 */
				if (end - k <= 12 && !memchr(s + k, ' ', end - 1 - k) && !memchr(s + k, '=', end - 1 - k) &&
				    percentile_at(s + k, end - 1 - k, &w, &wn, &f, &fn) != end - 1 - k &&
				    !shell_time_word(s + k, end - 1 - k))
					end = k - 1;
				break;
			}
	}
	for (size_t i = 0; i < end;) {
		const char *w, *f;
		size_t wn, fn, pk;

		if (!is_word_byte((unsigned char)s[i])) {
			if (s[i] != ' ')
				before = s[i];
			i++;
			continue;
		}
		if (out->len)
			buf_addc(out, ' ');
		if ((pk = percentile_at(s + i, end - i, &w, &wn, &f, &fn)) > 0) {
			buf_addc(out, 'p');
			buf_add(out, w, wn);
			if (fn && strspn(f, "0") < fn) { /* "99.0%" is p99 */
				buf_addc(out, ' ');
				buf_add(out, f, fn);
			}
			i += pk;
			before = ' ';
			continue;
		}
		if (before == '/') {
			/* "/sec", "/second": per second */
			static const char *const secs[] = { "sec", "secs", "second", "seconds" };
			size_t k = i;

			while (k < end && is_word_byte((unsigned char)s[k]))
				k++;
			for (size_t j = 0; j < countof(secs); j++)
				if (strlen(secs[j]) == k - i && !strncasecmp(secs[j], s + i, k - i)) {
					buf_addc(out, 's');
					i = k;
					break;
				}
		}
		before = ' ';
		while (i < end && is_word_byte((unsigned char)s[i])) {
			char c = s[i++];

			buf_addc(out, c >= 'A' && c <= 'Z' ? (char)(c + 32) : c);
		}
	}
}

/*
 * A latency percentile in words w[0..n) (normalized): one "pNN" word and
 * otherwise only words that say latency ("Latency (50%)", "p99 latency",
 * "99th percentile response time"). The phrase table's quantity, or NULL.
 */
static const char *percentile_quantity(const char *w, size_t n)
{
	static const char *const also[] = { "latency", "lat", "response", "time", "times", "percentile", "in",
					    "request", "req", "pct" };
	char pw[16];
	size_t pn = 0;

	for (const char *p = w, *e = w + n; p < e;) {
		const char *q = memchr(p, ' ', (size_t)(e - p));
		size_t k = q ? (size_t)(q - p) : (size_t)(e - p);
		int known = 0;

		if (k >= 2 && p[0] == 'p' && p[1] >= '0' && p[1] <= '9' && strspn(p + 1, "0123456789") == k - 1) {
			if (pn || k >= sizeof(pw) - 4)
				return NULL;
			memcpy(pw, p, k);
			pn = k;
			p += k + 1;
			/* "p99 9": the decimals of p99.9 */
			if (p < e && *p >= '0' && *p <= '9') {
				const char *q2 = memchr(p, ' ', (size_t)(e - p));
				size_t k2 = q2 ? (size_t)(q2 - p) : (size_t)(e - p);

				if (k2 > 2 || strspn(p, "0123456789") < k2)
					return NULL;
				pw[pn++] = ' ';
				memcpy(pw + pn, p, k2);
				pn += k2;
				p += k2 + 1;
			}
			continue;
		}
		for (size_t j = 0; j < countof(also) && !known; j++)
			known = strlen(also[j]) == k && !memcmp(also[j], p, k);
		if (!known)
			return NULL;
		p += k + 1;
	}
	if (!pn)
		return NULL;
	pw[pn] = '\0';
	for (size_t i = 0; i < countof(phrases); i++)
		if (!strcmp(pw, phrases[i].words) && !strncmp(phrases[i].quantity, "latency.p", 9))
			return phrases[i].quantity;
	return NULL;
}

int hand_quantity(const char *s, size_t n, const char **quantity, enum stat_kind *stat, struct buf *own)
{
	struct buf w = BUF_INIT;
	int found = 0;

	*stat = STAT_VALUE;
	if (own)
		buf_reset(own);
	normalize(s, n, &w);
	for (size_t i = 0; i < countof(phrases) && !found; i++)
		if (!strcmp(w.s ? w.s : "", phrases[i].words)) {
			*quantity = phrases[i].quantity;
			*stat = phrases[i].stat;
			found = 1;
		}
	if (!found && w.len) {
		const char *pq = percentile_quantity(w.s, w.len);

		if (pq)
			*quantity = pq, found = 1;
	}
	if (!found && w.len) {
		/* "RSS at slot 3,440", "latency at 64 threads": a quantity, then the point it was taken at */
		const char *at = strstr(w.s, " at ");

		for (size_t i = 0; at && i < countof(phrases) && !found; i++)
			if (phrases[i].stat == STAT_VALUE && strlen(phrases[i].words) == (size_t)(at - w.s) &&
			    !memcmp(w.s, phrases[i].words, (size_t)(at - w.s))) {
				*quantity = phrases[i].quantity;
				found = 1;
			}
	}
	if (!found && own && w.len) {
		/* a name of its own: the words, a statistic's word aside */
		const char *p = w.s, *e = w.s + w.len;

		while (p < e) {
			const char *q = memchr(p, ' ', (size_t)(e - p));
			size_t k = q ? (size_t)(q - p) : (size_t)(e - p);
			int is_stat = 0;

			for (size_t j = 0; j < countof(stat_words); j++)
				if (strlen(stat_words[j].word) == k && !memcmp(stat_words[j].word, p, k)) {
					/* "mean ± σ": the figure is the mean, σ its spread beside it */
					if (stat_words[j].stat != STAT_SD || *stat == STAT_VALUE || *stat == STAT_SD)
						*stat = stat_words[j].stat;
					is_stat = 1;
				}
			if (!is_stat) {
				if (own->len)
					buf_addc(own, '_');
				buf_add(own, p, k);
			}
			p += k + 1;
		}
		/* what is left may be a phrase of the table ("benchmark time avg" stays its own) */
		for (size_t i = 0; i < countof(phrases) && own->len; i++) {
			size_t k = strlen(phrases[i].words);
			int same = k == own->len;

			for (size_t j = 0; same && j < k; j++)
				same = own->s[j] == (phrases[i].words[j] == ' ' ? '_' : phrases[i].words[j]);
			if (same && phrases[i].stat == STAT_VALUE) {
				*quantity = phrases[i].quantity;
				found = 1;
				buf_reset(own);
			}
		}
	}
	buf_release(&w);
	return found;
}

const char *hand_quantity_of_unit(enum unit u)
{
	switch (u) {
	case UNIT_SECOND: return "time";
	case UNIT_BYTE: return "file_size";
	case UNIT_PER_S: return "ops_per_sec";
	case UNIT_BYTE_PER_S: return "throughput";
	case UNIT_NS_PER_DAY: return "throughput";
	default: return NULL;
	}
}

const char *hand_quantity_of_spelling(const char *u, size_t n)
{
	if (n >= 2 && n <= 3 && !memcmp(u + n - 2, "Hz", 2) && (n == 2 || strchr("kKMG", u[0])))
		return "frequency";
	if (n <= 12) {
		/* "25,866 rps", "980 req/s": a rate of requests is requests per second */
		struct buf w = BUF_INIT;
		const char *q = NULL;

		normalize(u, n, &w);
		for (size_t i = 0; i < countof(phrases) && !q && w.len; i++)
			if (!strcmp(w.s, phrases[i].words) && !strcmp(phrases[i].quantity, "qps"))
				q = phrases[i].quantity;
		buf_release(&w);
		return q;
	}
	return NULL;
}

const char *hand_quantity_after(const char *after, const char *end)
{
	const char *e;

	if (!after)
		return NULL;
	while (after < end && *after == ' ')
		after++;
	for (e = after; e < end && *e && !strchr(" |(,;\n", *e); e++)
		;
	return e > after ? hand_quantity_of_spelling(after, (size_t)(e - after)) : NULL;
}

int hand_per_second(const char *s, size_t n)
{
	static const char *const secs[] = { "s", "sec", "secs", "second", "seconds" };

	for (size_t i = 0; i < n; i++) {
		size_t k, j;

		if (s[i] == '/')
			k = i + 1;
		else if (i + 4 <= n && !strncasecmp(s + i, "per ", 4) && (i == 0 || !is_word_byte((unsigned char)s[i - 1])))
			k = i + 4;
		else
			continue;
		while (k < n && s[k] == ' ')
			k++;
		for (j = k; j < n && is_word_byte((unsigned char)s[j]); j++)
			;
		for (size_t w = 0; w < countof(secs); w++)
			if (strlen(secs[w]) == j - k && !strncasecmp(secs[w], s + k, j - k))
				return 1;
	}
	return 0;
}

static int phrase_in(const char *s, size_t n, const char *const *list, size_t count, int prefix)
{
	struct buf w = BUF_INIT;
	int hit = 0;

	normalize(s, n, &w);
	for (size_t i = 0; i < count && !hit; i++) {
		size_t k = strlen(list[i]);

		hit = w.len >= k && !memcmp(w.s, list[i], k) && (w.len == k || (prefix && w.s[k] == ' '));
	}
	buf_release(&w);
	return hit;
}

int hand_derived(const char *s, size_t n)
{
	static const char *const words[] = { "delta", "diff", "difference", "change", "changes", "speedup",
					     "speed up", "ratio", "vs", "vs base", "p", "p value", "pvalue",
					     "improvement", "gain", "relative", "net delta", "decrease",
					     "increase", "faster", "slower", "percentage", "factor", "growth rate",
					     "reduction", "saving", "savings", "geomean", "geo mean" };
	const char *e = s + n;

	while (s < e && (*s == ' ' || *s == '*'))
		s++;
	while (e > s && (e[-1] == ' ' || e[-1] == '*'))
		e--;
	/* "Δ", "%", "Δ%", "% Decrease", "x" */
	if (e - s >= 2 && !memcmp(s, "\xce\x94", 2))
		return 1;
	if (s < e && *s == '%')
		return 1;
	if (e - s == 1 && (*s == 'x' || *s == '%'))
		return 1;
	return phrase_in(s, (size_t)(e - s), words, countof(words), 1);
}

int hand_repeat(const char *s, size_t n)
{
	static const char *const words[] = { "run", "try", "iteration", "attempt", "round", "trial", "sample", "pass" };
	struct buf w = BUF_INIT;
	int hit = 0;

	normalize(s, n, &w);
	for (size_t i = 0; i < countof(words) && !hit; i++) {
		size_t k = strlen(words[i]);

		hit = w.len > k + 1 && !memcmp(w.s, words[i], k) && w.s[k] == ' ' && strspn(w.s + k + 1, "0123456789") == w.len - k - 1;
	}
	if (!hit && w.len && n && s[0] == '#')
		hit = strspn(w.s, "0123456789") == w.len;
	buf_release(&w);
	return hit;
}

int hand_build_header(const char *s, size_t n)
{
	static const char *const words[] = { "build", "builds", "build type", "build config", "variant", "variants",
					     "config", "configuration", "configurations", "profile", "profiles",
					     "allocator", "allocators", "compiler", "compilers", "toolchain", "setup",
					     "type", "version", "versions", "flags", "options" };

	return phrase_in(s, n, words, countof(words), 0);
}

int hand_named_build_header(const char *s, size_t n)
{
	static const char *const build_kinds[] = { "build", "builds", "version", "versions" };
	const char *sp = memchr(s, ' ', n);
	size_t tail;

	if (!sp || sp == s || memchr(sp + 1, ' ', n - (size_t)(sp + 1 - s)) || label_build_word(s, (size_t)(sp - s)))
		return 0;
	tail = n - (size_t)(sp + 1 - s);
	for (size_t k = 0; k < countof(build_kinds); k++)
		if (strlen(build_kinds[k]) == tail && !strncasecmp(build_kinds[k], sp + 1, tail))
			return 1;
	return 0;
}

int hand_build_kind_header(const char *s, size_t n)
{
	static const char *const words[] = { "compiler", "compilers", "toolchain", "toolchains", "allocator",
					     "allocators", "linker", "linkers", "runtime", "runtimes", "interpreter",
					     "interpreters", "malloc", "cc" };

	return phrase_in(s, n, words, countof(words), 0);
}

int hand_subject_header(const char *s, size_t n)
{
	static const char *const words[] = { "benchmark", "benchmarks", "bench", "test", "tests", "query", "queries",
					     "item", "project", "projects", "stage", "sequence", "case", "workload",
					     "scenario", "file", "function", "operation", "op", "task", "dataset",
					     "input", "crate", "package", "suite", "method", "endpoint", "program",
					     "workload metric", "test case", "filename" };

	return phrase_in(s, n, words, countof(words), 0);
}
