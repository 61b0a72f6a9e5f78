/*
 * cmdsplit.c - the differing and the shared part of commands; see cmdsplit.h.
 * Commands are split into words at blanks. The words all commands share at
 * the start and at the end make the scenario; the words between name each
 * variant. When that middle is one path per command, the path components
 * all of them share are dropped too ("target/release/app" vs
 * "target/lto/app" → "release", "lto").
 */
#include "parsers/cmdsplit.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/label.h"
#include "util/buf.h"

/*
 * A command's words (or a path's components). The first WORDS_INLINE are
 * kept in the struct itself, which then must not move: most commands are
 * short, and a heap array per command was most of the work.
 */
#define WORDS_INLINE 16
struct words {
	const char **w;
	size_t *len;
	size_t n;
	const char *w_inline[WORDS_INLINE];
	size_t len_inline[WORDS_INLINE];
};

static void split_words(const char *s, struct words *out, const char sep_a, const char sep_b)
{
	size_t cap = WORDS_INLINE;

	memset(out, 0, sizeof(*out));
	out->w = out->w_inline;
	out->len = out->len_inline;
	while (*s) {
		const char *start;

		while (*s == sep_a || *s == sep_b)
			s++;
		if (!*s)
			break;
		start = s;
		while (*s && *s != sep_a && *s != sep_b)
			s++;
		if (out->n + 1 > cap) {
			cap *= 2;
			if (out->w == out->w_inline) {
				out->w = xmalloc(cap * sizeof(*out->w));
				out->len = xmalloc(cap * sizeof(*out->len));
				memcpy(out->w, out->w_inline, sizeof(out->w_inline));
				memcpy(out->len, out->len_inline, sizeof(out->len_inline));
			} else {
				out->w = xrealloc(out->w, cap * sizeof(*out->w));
				out->len = xrealloc(out->len, cap * sizeof(*out->len));
			}
		}
		out->w[out->n] = start;
		out->len[out->n++] = (size_t)(s - start);
	}
}

static void free_words(struct words *w)
{
	if (w->w != w->w_inline) {
		free(w->w);
		free(w->len);
	}
}

static int same(const struct words *a, size_t i, const struct words *b, size_t j)
{
	return a->len[i] == b->len[j] && !memcmp(a->w[i], b->w[j], a->len[i]);
}

/* Common leading (from_end = 0) or trailing words of all lists, at most `limit`. */
static size_t common(const struct words *w, size_t n, int from_end, const size_t *limit)
{
	size_t k = 0;

	for (;; k++) {
		for (size_t c = 0; c < n; c++) {
			if (k >= limit[c])
				return k;
			size_t i = from_end ? w[c].n - 1 - k : k;
			size_t j = from_end ? w[0].n - 1 - k : k;
			if (!same(&w[c], i, &w[0], j))
				return k;
		}
	}
}

static void join(struct buf *b, const struct words *w, size_t from, size_t to, char sep)
{
	for (size_t i = from; i < to; i++) {
		if (b->len)
			buf_addc(b, sep);
		buf_add(b, w->w[i], w->len[i]);
	}
}

/* The middle is one word per command: drop path components they all share. */
static int split_paths(const struct words *cw, size_t n, size_t pre, struct arena *a,
		       const char **variants)
{
	struct words *pw = xcalloc(n, sizeof(*pw));
	char **copies = xcalloc(n, sizeof(*copies)); /* the words point into these */
	size_t *lim = xcalloc(n, sizeof(*lim));
	struct buf b = BUF_INIT;
	size_t lead, trail;
	int ok = 1;

	for (size_t c = 0; c < n; c++) {
		copies[c] = xstrndup(cw[c].w[pre], cw[c].len[pre]);
		split_words(copies[c], &pw[c], '/', '/');
		lim[c] = pw[c].n;
		if (!pw[c].n)
			ok = 0;
	}
	if (ok) {
		lead = common(pw, n, 0, lim);
		for (size_t c = 0; c < n; c++)
			lim[c] = pw[c].n - lead;
		trail = common(pw, n, 1, lim);
		for (size_t c = 0; c < n && ok; c++)
			if (lead + trail >= pw[c].n)
				ok = 0; /* one path is a prefix of another: keep whole words */
		for (size_t c = 0; c < n && ok; c++) {
			buf_reset(&b);
			/* "bin" is where binaries live, not which build they are: "result/bin" is "result" */
			for (size_t i = lead; i < pw[c].n - trail; i++) {
				if (pw[c].n - trail - lead > 1 && pw[c].len[i] == 3 && !memcmp(pw[c].w[i], "bin", 3))
					continue;
				if (b.len)
					buf_addc(&b, '/');
				buf_add(&b, pw[c].w[i], pw[c].len[i]);
			}
			variants[c] = arena_strndup(a, b.s, b.len);
		}
	}
	for (size_t c = 0; c < n; c++) {
		free_words(&pw[c]);
		free(copies[c]);
	}
	buf_release(&b);
	free(copies);
	free(pw);
	free(lim);
	return ok ? 0 : -1;
}

/* Is word `at` of every command a plain number (a parameter value)? */
static int all_numbers(const struct words *cw, size_t n, size_t at)
{
	for (size_t c = 0; c < n; c++) {
		const char *w = cw[c].w[at];
		size_t len = cw[c].len[at], i = 0, digits = 0;

		if (i < len && (w[i] == '-' || w[i] == '+'))
			i++;
		for (; i < len; i++) {
			if (w[i] >= '0' && w[i] <= '9')
				digits++;
			else if (w[i] != '.' && w[i] != ',')
				return 0;
		}
		if (!digits)
			return 0;
	}
	return 1;
}

/* A scenario cut out of a quoted command keeps half a quote pair: drop quotes left unpaired. */
static void balance_quotes(struct buf *b)
{
	for (const char *q = "'\""; *q; q++) {
		size_t count = 0, k = 0;

		for (size_t i = 0; i < b->len; i++)
			count += b->s[i] == *q;
		if (count % 2 == 0)
			continue;
		for (size_t i = 0; i < b->len; i++)
			if (b->s[i] != *q)
				b->s[k++] = b->s[i];
		b->len = k;
		b->s[k] = '\0';
	}
}

/*
 * Do the middles (words [pre, n - suf)) start with a binary's path, one
 * per command and all different, and are they the same length? Then the
 * binary names the build, and its arguments (a directory written two
 * ways) stay with the command.
 */
static int binaries_differ(const struct words *cw, size_t n, size_t pre, size_t suf)
{
	size_t m = cw[0].n - pre - suf;

	if (m < 2)
		return 0;
	for (size_t c = 0; c < n; c++) {
		if (cw[c].n - pre - suf != m || !memchr(cw[c].w[pre], '/', cw[c].len[pre]))
			return 0;
		for (size_t d = 0; d < c; d++)
			if (same(&cw[c], pre, &cw[d], pre))
				return 0;
	}
	return 1;
}

/*
 * Variants that are a binary's path alone ("./target/release/dumac" beside
 * "diskus" and "du -sh"): the binary's name says it, unless another
 * variant's binary has that name too.
 */
static void short_paths(const char **variants, size_t n, struct arena *a)
{
	for (size_t c = 0; c < n; c++) {
		const char *v = variants[c], *base = strrchr(v, '/');
		int clash = 0;

		if (!base || strchr(v, ' ') || !base[1])
			continue;
		base++;
		for (size_t d = 0; d < n && !clash; d++) {
			const char *o = strrchr(variants[d], '/');

			clash = d != c && !strcmp(o ? o + 1 : variants[d], base);
		}
		if (!clash)
			variants[c] = arena_strdup(a, base);
	}
}

/*
 * Is the word at `at` of each command a qualifier that needs the words it
 * qualifies ("With ThinLTO cache" beside "Without ThinLTO cache", "PGO on"
 * beside "PGO off")? Then it names no build alone.
 */
static int all_qualifiers(const struct words *cw, size_t n, size_t at)
{
	static const char *const qualifiers[] = { "with", "without", "no", "w/", "w/o", "on", "off", "enabled",
						  "disabled", "enable", "disable", "yes", "true", "false" };

	for (size_t c = 0; c < n; c++) {
		size_t k = 0;

		while (k < countof(qualifiers) && !(strlen(qualifiers[k]) == cw[c].len[at] &&
						     !strncasecmp(qualifiers[k], cw[c].w[at], cw[c].len[at])))
			k++;
		if (k == countof(qualifiers))
			return 0;
	}
	return 1;
}

int cmd_split(const char *const *cmds, size_t n, struct arena *a, const char **variants,
	      const char **scenario)
{
	struct words *cw;
	size_t *lim, pre, suf;
	struct buf b = BUF_INIT;
	int distinct = 0, one_word = 1;

	for (size_t c = 1; c < n; c++)
		if (strcmp(cmds[c], cmds[0]))
			distinct = 1;
	if (n < 2 || !distinct)
		return -1;
	cw = xcalloc(n, sizeof(*cw));
	lim = xcalloc(n, sizeof(*lim));
	for (size_t c = 0; c < n; c++) {
		split_words(cmds[c], &cw[c], ' ', '\t');
		lim[c] = cw[c].n;
	}
	pre = common(cw, n, 0, lim);
	for (size_t c = 0; c < n; c++)
		lim[c] = cw[c].n - pre;
	suf = common(cw, n, 1, lim);

	for (size_t c = 0; c < n; c++)
		if (cw[c].n - pre - suf != 1)
			one_word = 0;
	if (one_word && all_numbers(cw, n, pre)) {
		/* "./app 28" vs "./app 30" is a parameter scan, not build variants */
		for (size_t c = 0; c < n; c++)
			free_words(&cw[c]);
		free(cw);
		free(lim);
		return -1;
	}
	if (one_word && all_qualifiers(cw, n, pre)) {
		/* "With ThinLTO cache" and "Without ThinLTO cache": each whole names its build */
		for (size_t c = 0; c < n; c++)
			variants[c] = arena_strndup(a, cmds[c], strlen(cmds[c]));
		*scenario = arena_strndup(a, "", 0);
		for (size_t c = 0; c < n; c++)
			free_words(&cw[c]);
		free(cw);
		free(lim);
		return 0;
	}
	if (!one_word && binaries_differ(cw, n, pre, suf) && split_paths(cw, n, pre, a, variants) == 0) {
		/* "../ruff/target/release/ruff format ." vs "../ruff/ruff-main format ../airflow" */
	} else if (!one_word || split_paths(cw, n, pre, a, variants) < 0) {
		for (size_t c = 0; c < n; c++) {
			buf_reset(&b);
			if (cw[c].n - pre - suf == 0)
				buf_adds(&b, cmds[c]); /* "app" beside "app --lto": the whole command */
			else
				join(&b, &cw[c], pre, cw[c].n - suf, ' ');
			variants[c] = arena_strndup(a, b.s, b.len);
		}
		short_paths(variants, n, a);
	}
	buf_reset(&b);
	join(&b, &cw[0], 0, pre, ' ');
	join(&b, &cw[0], cw[0].n - suf, cw[0].n, ' ');
	if (b.len)
		balance_quotes(&b);
	*scenario = arena_strndup(a, buf_str(&b), b.len);

	for (size_t c = 0; c < n; c++)
		free_words(&cw[c]);
	free(cw);
	free(lim);
	buf_release(&b);
	return 0;
}

/*
 * The last split cmd_propose() asked for: a thread compares the same
 * commands block after block, and a split depends on the commands alone.
 * `cmds` holds the n commands and `out` the answer (the n variants, then
 * the scenario), each NUL-terminated, one after another; heap memory kept
 * for the process, under a lock (a parse on either thread may ask). rc is
 * cmd_split()'s.
 */
static struct {
	size_t n;
	int rc;
	struct buf cmds, out;
} last_split;

static int same_commands(const char *const *cmds, size_t n)
{
	const char *p = last_split.cmds.s, *end;

	/* nothing kept yet: no pointer to add the length to (NULL + 0 is undefined) */
	if (n != last_split.n || !p)
		return 0;
	end = p + last_split.cmds.len;
	for (size_t i = 0; i < n; i++) {
		size_t k = strlen(cmds[i]);

		if ((size_t)(end - p) <= k || memcmp(p, cmds[i], k + 1))
			return 0;
		p += k + 1;
	}
	return p == end;
}

static pthread_mutex_t last_split_lock = PTHREAD_MUTEX_INITIALIZER;

/* cmd_split(), answered from last_split when it holds the same commands; the strings go to `a` either way. */
static int split_memo(const char *const *cmds, size_t n, struct arena *a, const char **variants,
		      const char **scenario)
{
	const char *p;

	if (!same_commands(cmds, n)) {
		last_split.n = n;
		last_split.rc = cmd_split(cmds, n, a, variants, scenario);
		buf_reset(&last_split.cmds);
		buf_reset(&last_split.out);
		for (size_t i = 0; i < n; i++)
			buf_add(&last_split.cmds, cmds[i], strlen(cmds[i]) + 1);
		for (size_t i = 0; last_split.rc == 0 && i <= n; i++) {
			const char *v = i < n ? variants[i] : *scenario;

			buf_add(&last_split.out, v, strlen(v) + 1);
		}
		return last_split.rc;
	}
	if (last_split.rc)
		return last_split.rc;
	p = last_split.out.s;
	for (size_t i = 0; i <= n; i++) {
		const char *v = arena_strdup(a, p);

		if (i < n)
			variants[i] = v;
		else
			*scenario = v;
		p += strlen(p) + 1;
	}
	return 0;
}

/* split_memo() under its lock: a parse on either thread may ask (parsers/segpipe.h). */
static int split_once(const char *const *cmds, size_t n, struct arena *a, const char **variants,
		      const char **scenario)
{
	int rc;

	pthread_mutex_lock(&last_split_lock);
	rc = split_memo(cmds, n, a, variants, scenario);
	pthread_mutex_unlock(&last_split_lock);
	return rc;
}

void cmd_propose(struct recset *rs, uint32_t from, struct arena *a)
{
	size_t n = rs->nruns > from ? rs->nruns - from : 0;
	/* a block's few runs (hyperfine's two or three): arrays on the stack, not the heap */
	const char *few_cmds[16] = { 0 }, *few_variants[16] = { 0 };
	int few = n <= countof(few_cmds);
	const char **cmds, **variants, *scenario;
	int all_known = 1;

	if (n == 0)
		return;
	cmds = few ? few_cmds : xcalloc(n, sizeof(*cmds));
	variants = few ? few_variants : xcalloc(n, sizeof(*variants));
	for (size_t i = 0; i < n; i++) {
		cmds[i] = rs->runs[from + i].command;
		if (!*cmds[i])
			all_known = 0;
	}
	/* a run whose command was not printed cannot be told apart by it */
	if (all_known && split_once(cmds, n, a, variants, &scenario) == 0) {
		for (size_t i = 0; i < n; i++) {
			struct run *r = &rs->runs[from + i];

			r->variant.text = variants[i];
			r->variant.origin = VO_COMMAND;
			r->scenario = scenario;
		}
	} else {
		for (size_t i = 0; i < n; i++)
			rs->runs[from + i].scenario = rs->runs[from + i].command;
	}
	if (!few) {
		free(cmds);
		free(variants);
	}
}

int cmd_align(const char *const *cmds, const size_t *group, size_t n, size_t ngroups,
	      struct arena *a, const char **scenario, const char **names)
{
	struct words *cw = xcalloc(n ? n : 1, sizeof(*cw));
	struct words *rep = xcalloc(ngroups ? ngroups : 1, sizeof(*rep));
	unsigned char *naming = NULL;
	size_t *first = xcalloc(ngroups ? ngroups : 1, sizeof(*first));
	size_t words = 0, picked = 0, at = 0;
	struct buf b = BUF_INIT;
	int rc = -1;

	for (size_t i = 0; i < n; i++) {
		split_words(cmds[i], &cw[i], ' ', '\t');
		if (i && cw[i].n != cw[0].n)
			goto out; /* only commands of one shape line up word by word */
	}
	if (ngroups < 2 || !n)
		goto out;
	words = cw[0].n;
	for (size_t g = 0; g < ngroups; g++)
		first[g] = (size_t)-1;
	for (size_t i = 0; i < n; i++)
		if (first[group[i]] == (size_t)-1)
			first[group[i]] = i;
	for (size_t g = 0; g < ngroups; g++)
		if (first[g] == (size_t)-1)
			goto out;
	/* the words constant within every group that differ between groups */
	naming = xcalloc(words ? words : 1, 1);
	for (size_t p = 0; p < words; p++) {
		int within = 1, across = 0;

		for (size_t i = 0; i < n && within; i++)
			within = same(&cw[i], p, &cw[first[group[i]]], p);
		for (size_t g = 1; g < ngroups && !across; g++)
			across = !same(&cw[first[g]], p, &cw[first[0]], p);
		if (within && across) {
			naming[p] = 1;
			picked++;
			at = p;
		}
	}
	if (!picked)
		goto out;
	for (size_t g = 0; g < ngroups; g++)
		rep[g] = cw[first[g]];
	if (picked == 1 && all_numbers(rep, ngroups, at))
		goto out; /* a parameter scan */
	if (picked > 1 || split_paths(rep, ngroups, at, a, names) < 0) {
		for (size_t g = 0; g < ngroups; g++) {
			buf_reset(&b);
			for (size_t p = 0; p < words; p++) {
				if (!naming[p])
					continue;
				if (b.len)
					buf_addc(&b, ' ');
				buf_add(&b, rep[g].w[p], rep[g].len[p]);
			}
			names[g] = arena_strndup(a, b.s, b.len);
		}
	}
	for (size_t i = 0; i < n; i++) {
		buf_reset(&b);
		for (size_t p = 0; p < words; p++) {
			if (naming[p])
				continue;
			if (b.len)
				buf_addc(&b, ' ');
			buf_add(&b, cw[i].w[p], cw[i].len[p]);
		}
		if (b.len)
			balance_quotes(&b);
		scenario[i] = arena_strndup(a, buf_str(&b), b.len);
	}
	rc = 0;
out:
	for (size_t i = 0; i < n; i++)
		free_words(&cw[i]);
	free(cw);
	free(rep);
	free(first);
	free(naming);
	buf_release(&b);
	return rc;
}

/* Does s[0..n) hold a build word, its words split at '.', '-', '_'? */
static int has_build_word(const char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		size_t j = i;

		while (j < n && !strchr("._-", s[j]))
			j++;
		if (label_build_word(s + i, j - i))
			return 1;
		i = j + 1;
	}
	return 0;
}

const char *cmd_program(const char *cmd, size_t *len)
{
	static const char *const wrappers[] = { "taskset", "sudo", "nice", "numactl", "env", "time",
						"/usr/bin/time", "perf", "stat", "$", "#", NULL };
	const char *w = cmd, *end;

	for (;;) {
		int wrapper = 0;

		while (*w == ' ' || *w == '\t')
			w++;
		if (!*w)
			return NULL;
		end = w + strcspn(w, " \t");
		/* a variable's quoted value may hold blanks: A='x y' */
		{
			const char *eq = memchr(w, '=', (size_t)(end - w));

			if (eq && (eq[1] == '\'' || eq[1] == '"') && strchr(eq + 2, eq[1]) &&
			    strchr(eq + 2, eq[1]) >= end) {
				end = strchr(eq + 2, eq[1]) + 1;
				end += strcspn(end, " \t");
			}
		}
		for (const char *const *k = wrappers; *k; k++)
			wrapper |= (size_t)(end - w) == strlen(*k) && !strncmp(w, *k, (size_t)(end - w));
		/* skip wrappers and their options ("taskset -c 0"), variables ("A=1") */
		if (!wrapper && *w != '-' && !(*w >= '0' && *w <= '9') && !memchr(w, '=', (size_t)(end - w))) {
			*len = (size_t)(end - w);
			return w;
		}
		w = end;
	}
}

int cmd_build_name(const char *cmd, struct buf *out)
{
	size_t len;
	const char *w = cmd_program(cmd, &len), *end, *base;

	if (!w)
		return 0;
	end = w + len;
	/* a directory that is a build word */
	base = w;
	for (const char *c = w; c < end; c++) {
		if (*c != '/')
			continue;
		if (c > base && label_build_word(base, (size_t)(c - base))) {
			buf_add(out, base, (size_t)(c - base));
			return 1;
		}
		base = c + 1;
	}
	/* after the program's own name: "app-pgo", "rg.non-lto" */
	for (const char *c = base + 1; c < end; c++) {
		if (!strchr("._-", *c))
			continue;
		if (has_build_word(c + 1, (size_t)(end - c - 1))) {
			buf_add(out, c + 1, (size_t)(end - c - 1));
			return 1;
		}
		break;
	}
	return 0;
}

/* Does a variable of this name configure a build? */
static int build_variable(const char *v, size_t n)
{
	static const char *const names[] = { "CC", "CXX", "GOAMD64", "GOEXPERIMENT", NULL };

	if (n > 5 && !memcmp(v + n - 5, "FLAGS", 5))
		return 1;
	if (n > 14 && !memcmp(v, "CARGO_PROFILE_", 14))
		return 1;
	for (const char *const *k = names; *k; k++)
		if (strlen(*k) == n && !memcmp(*k, v, n))
			return 1;
	return 0;
}

/*
 * The length of the variable's name `w` starts with: ASCII letters, digits
 * and '_' (strspn() of those 63 bytes built its table on every call, a
 * tenth of the naming pass of a large import).
 */
static size_t var_name_len(const char *w)
{
	size_t n = 0;

	for (;; n++) {
		unsigned char c = (unsigned char)w[n];

		if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
			return n;
	}
}

int cmd_build_env(const char *cmd, struct buf *name, const char **rest)
{
	const char *w = cmd;
	int found = 0;

	for (;;) {
		const char *eq, *val, *end;
		size_t vn, vlen;

		while (*w == ' ' || *w == '\t')
			w++;
		if (*w == '$' && (w[1] == ' ' || w[1] == '\t')) { /* a prompt */
			w++;
			continue;
		}
		vn = var_name_len(w);
		if (!vn || w[vn] != '=')
			break;
		eq = w + vn;
		val = eq + 1;
		if (*val == '\'' || *val == '"') {
			const char *close = strchr(val + 1, *val);

			if (!close)
				break;
			end = close + 1;
			vlen = (size_t)(close - val - 1);
			val++;
		} else {
			end = val + strcspn(val, " \t");
			vlen = (size_t)(end - val);
		}
		if (build_variable(w, vn) && vlen) {
			if (found)
				buf_addc(name, ' ');
			if (has_build_word(val, vlen) || memchr(val, ' ', vlen)) {
				buf_add(name, val, vlen);
			} else {
				buf_add(name, w, vn + 1);
				buf_add(name, val, vlen);
			}
			found = 1;
		}
		w = end;
	}
	if (found)
		*rest = w + strspn(w, " \t");
	return found;
}
