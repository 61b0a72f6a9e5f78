/*
 * factors.c - a variant's name read into build factors with the
 * FACTOR_WORDS table; see factors.h.
 */
#include "parsers/factors.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/text.h"

#define FACTOR_NAME_(e, name, levels, desc) name,
static const char *const names[] = { FACTORS(FACTOR_NAME_) };
#undef FACTOR_NAME_
#define FACTOR_LEVELS_(e, name, levels, desc) levels,
static const char *const level_lists[] = { FACTORS(FACTOR_LEVELS_) };
#undef FACTOR_LEVELS_
#define FACTOR_DESC_(e, name, levels, desc) desc,
static const char *const descs[] = { FACTORS(FACTOR_DESC_) };
#undef FACTOR_DESC_

#define LABEL_L 1
#define LABEL__ 0
#define WORD_ROW_(f, s, level, role, label) { FACTOR_##f, s, level, FW_##role, LABEL_##label },
const struct factor_word factor_words[] = { FACTOR_WORDS(WORD_ROW_) };
#undef WORD_ROW_
#undef LABEL_L
#undef LABEL__
const size_t factor_nwords = sizeof(factor_words) / sizeof(factor_words[0]);

const char *factor_name(enum factor_id f)
{
	return (unsigned)f < FACTOR__COUNT ? names[f] : "";
}

const char *factor_description(enum factor_id f)
{
	return (unsigned)f < FACTOR__COUNT ? descs[f] : "";
}

const char *factor_levels(enum factor_id f)
{
	return (unsigned)f < FACTOR__COUNT ? level_lists[f] : "";
}

const char *factor_base(enum factor_id f, char *out, size_t size)
{
	const char *l = factor_levels(f);

	snprintf(out, size, "%.*s", (int)strcspn(l, "|"), l);
	return out;
}

int factor_level_rank(enum factor_id f, const char *level)
{
	const char *l = factor_levels(f);
	int rank = 0;

	if (!*l)
		return -1;
	if (!*level)
		return 0;
	for (;;) {
		size_t n = strcspn(l, "|");

		if (n == strlen(level) && !strncasecmp(l, level, n))
			return rank;
		if (!l[n])
			return -1;
		l += n + 1;
		rank++;
	}
}

/* ---- tokens ---- */

#define MAX_TOKENS 40
#define TOKEN_MAX 48

struct token {
	char s[TOKEN_MAX];
	unsigned char part; /* '+' ',' ';' '&' '|' start a new part */
	char sep;           /* the byte before it: ' ', '-', '=', '.', '/', or 0 at the start */
	unsigned char used; /* read as part of a spelling */
};

static int is_alnum(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c >= 0x80;
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static size_t tokenize(const char *s, size_t n, struct token *t)
{
	size_t nt = 0, i = 0;
	unsigned char part = 0;
	char sep = 0;

	while (i < n && nt < MAX_TOKENS) {
		unsigned char c = (unsigned char)s[i];

		if (!is_alnum(c)) {
			if (c == '+' || c == ',' || c == ';' || c == '&' || c == '|')
				part++;
			/* "#123": a pull request */
			if (c == '#' && i + 1 < n && is_digit(s[i + 1]) && nt + 1 < MAX_TOKENS) {
				memset(&t[nt], 0, sizeof(t[nt]));
				strcpy(t[nt].s, "pr");
				t[nt].part = part;
				t[nt].sep = sep;
				nt++;
				sep = ' ';
			} else if (c != ' ' || !sep || sep == ' ') {
				sep = c == ' ' || c == '\t' ? ' ' : (char)c;
			}
			i++;
			continue;
		}
		memset(&t[nt], 0, sizeof(t[nt]));
		t[nt].part = part;
		t[nt].sep = sep;
		for (size_t k = 0; i < n; i++) {
			c = (unsigned char)s[i];
			/* a '.' between digits stays: "1.72" */
			if (c == '.' && k && is_digit(t[nt].s[k - 1]) && i + 1 < n && is_digit(s[i + 1]))
				;
			else if (!is_alnum(c))
				break;
			if (k + 1 < TOKEN_MAX)
				t[nt].s[k++] = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
		}
		nt++;
		sep = 0;
	}
	return nt;
}

/* ---- the table ---- */

/* Does spelling `sp` (words, one space between) match tokens t[i..)? Returns how many. */
static size_t spelling_at(const char *sp, const struct token *t, size_t nt, size_t i)
{
	size_t k = 0;

	while (*sp) {
		size_t w = strcspn(sp, " ");

		if (i + k >= nt || t[i + k].used || strlen(t[i + k].s) != w || strncmp(t[i + k].s, sp, w))
			return 0;
		k++;
		sp += w;
		if (*sp == ' ')
			sp++;
	}
	return k;
}

/* The longest row matching at token i (*len its tokens), or NULL. */
static const struct factor_word *row_at(const struct token *t, size_t nt, size_t i, size_t *len)
{
	const struct factor_word *best = NULL;

	*len = 0;
	for (size_t r = 0; r < factor_nwords; r++) {
		size_t k;

		if (factor_words[r].spelling[0] != t[i].s[0])
			continue;
		k = spelling_at(factor_words[r].spelling, t, nt, i);
		if (k > *len) {
			*len = k;
			best = &factor_words[r];
		}
	}
	return best;
}

static const struct factor_word *word_row(const char *w)
{
	for (size_t r = 0; r < factor_nwords; r++)
		if (!strcmp(factor_words[r].spelling, w))
			return &factor_words[r];
	return NULL;
}

/* "gcc13", "cgu1", "pr123", "node20": a value word glued to its value. */
static int split_glued(struct token *t, size_t *nt, size_t i)
{
	char word[TOKEN_MAX];
	size_t k = 0;
	const struct factor_word *w;

	while (t[i].s[k] >= 'a' && t[i].s[k] <= 'z')
		k++;
	if (!k || !is_digit(t[i].s[k]) || *nt >= MAX_TOKENS)
		return 0;
	for (size_t j = k; t[i].s[j]; j++)
		if (!is_digit(t[i].s[j]) && t[i].s[j] != '.')
			return 0;
	memcpy(word, t[i].s, k);
	word[k] = '\0';
	if (!(w = word_row(word)) || w->role != FW_VALUE)
		return 0;
	memmove(&t[i + 2], &t[i + 1], (*nt - i - 1) * sizeof(*t));
	t[i + 1] = t[i];
	memmove(t[i + 1].s, t[i].s + k, strlen(t[i].s + k) + 1);
	t[i + 1].sep = 0;
	t[i].s[k] = '\0';
	(*nt)++;
	return 1;
}

/* "v1", "v2.3": a version of the code itself. */
static int is_version(const char *s)
{
	if (s[0] != 'v' || !is_digit(s[1]))
		return 0;
	for (s++; *s; s++)
		if (!is_digit(*s) && *s != '.')
			return 0;
	return 1;
}

/* A level read: at token `at` for factor f (the factor word's place, for qualifiers). */
struct hit {
	int factor;
	size_t at, len;
	char level[FACTOR_LEVEL_MAX];
	int qualified; /* a qualifier set its level */
};

static void set_level(char *dst, const char *level)
{
	snprintf(dst, FACTOR_LEVEL_MAX, "%s", level);
}

/*
 * The value of factor `factor`'s VALUE word, at t[i..): the next token,
 * and those glued to it by '-' or '.' ("x86-64-v3"); "" when the next
 * token is in another part, read already, or no value. Marks them used.
 */
static void value_after(struct token *t, size_t nt, size_t i, int factor, char *out, size_t size)
{
	size_t k = 0;

	out[0] = '\0';
	if (i >= nt || t[i].used || (i && t[i].part != t[i - 1].part))
		return;
	/*
	 * a version ("13", "1.72"); for a CPU or the code's branch or commit,
	 * a word too ("x86-64-v3", "native", "feature-x"), but none of the
	 * table's other roles ("branch with" has no value)
	 */
	for (size_t j = i; j < nt; j++) {
		size_t len;

		if (j > i && (t[j].part != t[i].part || (t[j].sep != '-' && t[j].sep != '.' && t[j].sep != 0)))
			break;
		if (j == i && !is_digit(t[j].s[0]) &&
		    !(factor == FACTOR_OPT && strlen(t[j].s) == 1 && strchr("sgz", t[j].s[0])) &&
		    ((factor != FACTOR_CPU && factor != FACTOR_REVISION) ||
		     (row_at(t, nt, j, &len) && row_at(t, nt, j, &len)->role != FW_WORD)))
			break;
		if (j > i && !is_digit(t[j].s[0]) && row_at(t, nt, j, &len))
			break;
		k += (size_t)snprintf(out + k, k < size ? size - k : 0, "%s%s", j > i ? "-" : "", t[j].s);
		t[j].used = 1;
		if (k >= size)
			break;
	}
}

static int accepts(int factor, const char *level)
{
	if (factor < 0 || factor >= FACTOR__COUNT)
		return 0;
	if (!strcmp(level, "@base") || !strcmp(level, "@on") || !strcmp(level, "@not"))
		return 1;
	return factor_level_rank((enum factor_id)factor, level) > 0;
}

/* Apply qualifier `level` to hit h (the factor word's own level `own`). */
static void qualify(struct hit *h, const char *level, const char *own)
{
	char base[FACTOR_LEVEL_MAX];

	if (!strcmp(level, "@base") || !strcmp(level, "@not"))
		set_level(h->level, factor_base((enum factor_id)h->factor, base, sizeof(base)));
	else if (!strcmp(level, "@on"))
		set_level(h->level, own);
	else
		set_level(h->level, level);
	h->qualified = 1;
}

static int cmp_words(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void factor_read(const char *s, size_t n, struct factor_reading *out)
{
	struct token t[MAX_TOKENS + 1];
	struct hit hits[MAX_TOKENS];
	const struct factor_word *role[MAX_TOKENS];
	char own[MAX_TOKENS][FACTOR_LEVEL_MAX];
	const char *rest[MAX_TOKENS];
	size_t nt, nh = 0, nrest = 0, w = 0;

	memset(out, 0, sizeof(*out));
	memset(role, 0, sizeof(role));
	nt = tokenize(s, n, t);
	for (size_t i = 0; i < nt; i++) {
		size_t len;
		const struct factor_word *r = row_at(t, nt, i, &len);

		if (!r && split_glued(t, &nt, i))
			r = row_at(t, nt, i, &len);
		if (!r)
			continue;
		if (r->role == FW_LABEL)
			continue; /* names a build, but no factor: one of the other words */
		role[i] = r;
		for (size_t k = 0; k < len; k++)
			t[i + k].used = 1;
		if (r->role == FW_WORD || r->role == FW_VALUE) {
			struct hit *h = &hits[nh];

			memset(h, 0, sizeof(*h));
			h->factor = r->factor;
			h->at = i;
			h->len = len;
			set_level(h->level, r->level);
			if (r->role == FW_VALUE) {
				char v[FACTOR_LEVEL_MAX];

				value_after(t, nt, i + len, r->factor, v, sizeof(v));
				if (*v && r->factor == FACTOR_OPT)
					snprintf(h->level, sizeof(h->level), "O%s", v);
				else if (*v && *r->level)
					snprintf(h->level, sizeof(h->level), "%s %s", r->level, v);
				else if (*v)
					set_level(h->level, v);
			}
			set_level(own[nh], h->level);
			if (*h->level)
				nh++;
		}
		out->nread += r->role != FW_FILLER;
		i += len - 1;
	}
	/* qualifiers: of the factor word before them, else of the one after, else alone */
	for (size_t i = 0; i < nt; i++) {
		const struct factor_word *q = role[i];
		struct hit *before = NULL, *after = NULL;

		if (!q || q->role != FW_QUAL)
			continue;
		for (size_t k = 0; k < nh; k++) {
			if (hits[k].at + hits[k].len == i && t[hits[k].at].part == t[i].part)
				before = &hits[k];
			if (hits[k].at == i + 1 && t[hits[k].at].part == t[i].part)
				after = &hits[k];
		}
		if (strcmp(q->level, "@not") && before && !before->qualified && accepts(before->factor, q->level))
			qualify(before, q->level, own[before - hits]);
		else if (after && !after->qualified && accepts(after->factor, q->level))
			qualify(after, q->level, own[after - hits]);
		else if (q->factor != FACTOR_NONE && nh < MAX_TOKENS) {
			memset(&hits[nh], 0, sizeof(hits[nh]));
			hits[nh].factor = q->factor;
			hits[nh].at = i;
			hits[nh].len = 1;
			set_level(hits[nh].level, q->level);
			nh++;
		} else {
			t[i].used = 0; /* alone, it says nothing of a factor: one of the other words */
			out->nread--;
		}
	}
	for (size_t k = 0; k < nh; k++)
		set_level(out->level[hits[k].factor], hits[k].level);
	/* the rest: hashes and versions name the code; other words are kept, sorted */
	for (size_t i = 0; i < nt; i++) {
		if (t[i].used)
			continue;
		if (text_is_commit_hash(t[i].s, strlen(t[i].s)) || is_version(t[i].s)) {
			set_level(out->level[FACTOR_REVISION], t[i].s);
			out->nread++;
			continue;
		}
		rest[nrest++] = t[i].s;
	}
	qsort(rest, nrest, sizeof(rest[0]), cmp_words);
	for (size_t i = 0; i < nrest && w < sizeof(out->words); i++)
		w += (size_t)snprintf(out->words + w, sizeof(out->words) - w, "%s%s", i ? " " : "", rest[i]);
}

/* ---- what users type ---- */

static const struct {
	const char *alias;
	enum factor_id f;
} aliases[] = {
	{ "allocator", FACTOR_ALLOC }, { "malloc", FACTOR_ALLOC },       { "opt-level", FACTOR_OPT },
	{ "optlevel", FACTOR_OPT },    { "codegen-units", FACTOR_CGU },  { "debug-info", FACTOR_DEBUGINFO },
	{ "debug", FACTOR_DEBUGINFO }, { "cpu", FACTOR_CPU },            { "march", FACTOR_CPU },
	{ "branch", FACTOR_REVISION }, { "commit", FACTOR_REVISION },    { "pr", FACTOR_REVISION },
	{ "version", FACTOR_RUNTIME }, { "toolchain", FACTOR_COMPILER }, { "post-link", FACTOR_BOLT },
	{ "plo", FACTOR_BOLT },        { "sanitizers", FACTOR_SANITIZER },
};

int factor_lookup(const char *name)
{
	struct factor_reading r;
	int found = -1;

	for (int f = 0; f < FACTOR__COUNT; f++)
		if (!strcasecmp(names[f], name))
			return f;
	for (size_t i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++)
		if (!strcasecmp(aliases[i].alias, name))
			return (int)aliases[i].f;
	/* a spelling that states one factor: "ThinLTO", "BOLT", "-flto" */
	factor_read(name, strlen(name), &r);
	if (r.words[0])
		return -1;
	for (int f = 0; f < FACTOR__COUNT; f++) {
		if (!r.level[f][0])
			continue;
		if (found >= 0)
			return -1;
		found = f;
	}
	return found;
}

const char *factor_normalize_level(int f, const char *level, char *out, size_t size)
{
	const struct factor_word *w;
	char low[FACTOR_LEVEL_MAX];
	size_t k = 0;

	for (; level[k] && k + 1 < sizeof(low); k++)
		low[k] = (char)(level[k] >= 'A' && level[k] <= 'Z' ? level[k] - 'A' + 'a' : level[k]);
	low[k] = '\0';
	if (f >= 0 && f < FACTOR__COUNT) {
		int rank = factor_level_rank((enum factor_id)f, low);

		if (rank >= 0) { /* a known level, in the table's case ("o3" is "O3") */
			const char *l = factor_levels((enum factor_id)f);

			for (int i = 0; i < rank; i++)
				l += strcspn(l, "|") + 1;
			snprintf(out, size, "%.*s", (int)strcspn(l, "|"), l);
			return out;
		}
		if (f == FACTOR_OPT && (is_digit(low[0]) || !strcmp(low, "s") || !strcmp(low, "z"))) {
			snprintf(out, size, "O%s", low);
			return out;
		}
		if ((w = word_row(low)) && w->role == FW_QUAL) {
			if (!strcmp(w->level, "@base") || !strcmp(w->level, "@not"))
				return factor_base((enum factor_id)f, out, size);
			if (strcmp(w->level, "@on") && accepts(f, w->level)) {
				snprintf(out, size, "%s", w->level);
				return out;
			}
		}
		if (!strcmp(low, "none") || !strcmp(low, "off"))
			return factor_base((enum factor_id)f, out, size);
	}
	snprintf(out, size, "%s", low);
	return out;
}
