/*
 * label.c - variant labels, scenarios and section headings in prose; see
 * label.h. The reading is deliberately conservative: a sentence is never a
 * label, and a bare line needs a build word ("Release", "LTO", "PGO"...)
 * to name a variant.
 */
#include "parsers/label.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/factors.h"
#include "parsers/names.h"
#include "util/hash.h"
#include "util/text.h"
#include "util/util.h"

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
			     "figures|summary)\\s+(?:for|of|with|from|on)(?::\\s*|\\s+)(?:the\\s+)?", 0 },
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

/*
 * Each byte as words() keeps it: a letter in lower case, a digit or a
 * byte of a non-ASCII character as it is, 0 for a byte that is no part of
 * a word (the apostrophe is words()'s own case).
 */
#define W4(c) (c), (c) + 1, (c) + 2, (c) + 3
#define W16(c) W4(c), W4((c) + 4), W4((c) + 8), W4((c) + 12)
static const unsigned char word_byte[256] = {
	['0'] = '0', ['1'] = '1', ['2'] = '2', ['3'] = '3', ['4'] = '4',
	['5'] = '5', ['6'] = '6', ['7'] = '7', ['8'] = '8', ['9'] = '9',
	['A'] = W16('a'), W4('q'), W4('u'), 'y', 'z',
	['a'] = W16('a'), W4('q'), W4('u'), 'y', 'z',
	[0x80] = W16(0x80), W16(0x90), W16(0xa0), W16(0xb0), W16(0xc0), W16(0xd0), W16(0xe0), W16(0xf0),
};

/* Each byte as it is kept inside a word (next_word()): word_byte's, and the apostrophe. */
static const unsigned char split_byte[256] = {
	['\''] = '\'', ['0'] = '0', ['1'] = '1', ['2'] = '2', ['3'] = '3', ['4'] = '4',
	['5'] = '5', ['6'] = '6', ['7'] = '7', ['8'] = '8', ['9'] = '9',
	['A'] = W16('a'), W4('q'), W4('u'), 'y', 'z',
	['a'] = W16('a'), W4('q'), W4('u'), 'y', 'z',
	[0x80] = W16(0x80), W16(0x90), W16(0xa0), W16(0xb0), W16(0xc0), W16(0xd0), W16(0xe0), W16(0xf0),
};
#undef W16
#undef W4

static int is_word_char(unsigned char c)
{
	return word_byte[c] != 0;
}

/*
 * Word lists are asked once per word of every label candidate: each list
 * gets a small hash table of its words on first use, by the list's
 * address (the lists are constant). Shared by every thread: a set is built
 * once, under a lock, and published whole; it is read without one. A list
 * too long for a set, or met when every set is taken, is scanned.
 */
#define WORDSET_LISTS 48
#define WORDSET_SLOTS 512
#define WORDSET_INDEX 128 /* a power of two, above WORDSET_LISTS */
static struct wordset {
	const char *const *list;
	int scan;                     /* too long: the list is scanned */
	size_t longest;               /* the length of its longest word */
	uint16_t slot[WORDSET_SLOTS]; /* index + 1 into list; 0: empty */
} wordsets[WORDSET_LISTS];
static size_t nwordsets;                                  /* under wordsets_lock */
static pthread_mutex_t wordsets_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic(const struct wordset *) wordset_index[WORDSET_INDEX]; /* by list address: open addressing */

static unsigned wordset_home(const char *const *list)
{
	return (unsigned)(((uint64_t)(uintptr_t)list * 0x9e3779b97f4a7c15ull) >> 57) & (WORDSET_INDEX - 1);
}

/* The published set of `list` from its home slot on, or NULL; *free_at: the empty slot that ended the search. */
static const struct wordset *wordset_find(const char *const *list, unsigned *free_at)
{
	unsigned k = wordset_home(list);

	for (unsigned tries = 0; tries < WORDSET_INDEX; tries++, k = (k + 1) & (WORDSET_INDEX - 1)) {
		const struct wordset *ws = atomic_load_explicit(&wordset_index[k], memory_order_acquire);

		if (!ws) {
			*free_at = k;
			return NULL;
		}
		if (ws->list == list)
			return ws;
	}
	*free_at = WORDSET_INDEX;
	return NULL;
}

/* A miss: build the set of `list` under the lock, and publish it. */
static const struct wordset *wordset_build(const char *const *list)
{
	struct wordset *ws = NULL;
	const struct wordset *found;
	size_t count = 0;
	unsigned at;

	pthread_mutex_lock(&wordsets_lock);
	if ((found = wordset_find(list, &at)) || at == WORDSET_INDEX || nwordsets == WORDSET_LISTS)
		goto out;
	while (list[count])
		count++;
	ws = &wordsets[nwordsets++];
	ws->list = list;
	ws->scan = count * 2 > WORDSET_SLOTS;
	for (size_t k = 0; k < count; k++)
		if (strlen(list[k]) > ws->longest)
			ws->longest = strlen(list[k]);
	for (size_t k = 0; !ws->scan && k < count; k++) {
		unsigned h = hash_fnv1a(list[k], strlen(list[k])) % WORDSET_SLOTS;

		while (ws->slot[h])
			h = (h + 1) % WORDSET_SLOTS;
		ws->slot[h] = (uint16_t)(k + 1);
	}
	atomic_store_explicit(&wordset_index[at], ws, memory_order_release);
	found = ws;
out:
	pthread_mutex_unlock(&wordsets_lock);
	return found && !found->scan ? found : NULL;
}

static const struct wordset *wordset_of(const char *const *list)
{
	unsigned at;
	const struct wordset *ws = wordset_find(list, &at);

	if (ws)
		return ws->scan ? NULL : ws;
	return wordset_build(list);
}

/*
 * A word as words() hands it: lower case, at most 47 bytes, its hash
 * (in_list()'s), and the lists of the word table it is in (WL_ bits).
 */
struct word {
	const char *s;
	size_t len;
	uint32_t hash;
	unsigned lists;
};

/*
 * The lists asked of every word of a candidate (any_word(), all_words()
 * and the callbacks of words()), one bit each: a word's bits are found
 * once, when its text is split (wordtab_lists(): one table of every list's
 * words), and asking a list of it is a bit test.
 */
enum {
	WL_PROSE = 1u << 0,     /* prose_words */
	WL_SECTION = 1u << 1,   /* section_words */
	WL_BUILD = 1u << 2,     /* build_words */
	WL_ASIDE = 1u << 3,     /* aside_words */
	WL_CHANGE = 1u << 4,    /* change_words */
	WL_FILLER = 1u << 5,    /* change_filler */
	WL_ORDINAL = 1u << 6,   /* ordinal_words */
	WL_LEAD_IN = 1u << 7,   /* lead_in_words */
	WL_CONDITION = 1u << 8, /* condition_words */
	WL_OUTCOME = 1u << 9,   /* outcome_words */
	WL_FORMAT = 1u << 10,   /* a format's name (fmt_from_name()) */
	WL_TAIL_HEAD = 1u << 11, /* tail_heads: where sentence_tail() may cut */
	WL_RESULTS_HEAD = 1u << 12, /* results_heads: RX_RESULTS_FOR's first words */
};

static void wordtab_ready(void);
static unsigned wordtab_lists(const char *w, size_t n, uint32_t hash);
static int wordtab_numbers; /* a word of the table is a number (number_word()): set before the table is published */

/* Is w in `list`, whose set is ws (wordset_of(list): NULL to scan the list)? */
static int in_wordset(const struct wordset *ws, const char *const *list, const struct word *w)
{
	if (!ws) {
		for (; *list; list++)
			if ((*list)[0] == w->s[0] && !strncmp(*list, w->s, w->len) && (*list)[w->len] == '\0')
				return 1;
		return 0;
	}
	for (unsigned h = w->hash % WORDSET_SLOTS; ws->slot[h]; h = (h + 1) % WORDSET_SLOTS) {
		const char *e = list[ws->slot[h] - 1];

		if (!strncmp(e, w->s, w->len) && e[w->len] == '\0')
			return 1;
	}
	return 0;
}

static int in_list_word(const struct word *w, const char *const *list)
{
	return in_wordset(wordset_of(list), list, w);
}

static int in_list(const char *w, size_t n, const char *const *list)
{
	struct word x = { w, n, hash_fnv1a(w, n) };

	return in_list_word(&x, list);
}

/*
 * The words of a text, split once: a label candidate is asked for its
 * words a dozen times (which list each is in, how many there are), and
 * mostly of the same text, so the last few splits are kept by their text,
 * in the label memo of the struct label being read (its parse context's:
 * each thread its own). A text longer than SPLIT_TEXT, or read without a
 * memo (NULL splits), is split each time: the same words, only slower.
 */
#define SPLIT_TEXT 160
#define SPLIT_WORDS (SPLIT_TEXT / 2 + 1)
#define SPLITS 4

struct split {
	size_t n;                 /* the text's length; SIZE_MAX: an empty slot */
	char text[SPLIT_TEXT];    /* the text */
	char low[SPLIT_TEXT];     /* its words, lower-cased, one after the other */
	size_t count;
	struct word w[SPLIT_WORDS];
	uint8_t end[SPLIT_WORDS]; /* where each word ends in text (its last byte + 1) */
	unsigned any;             /* the WL_ bits of any word (any_word()) */
	unsigned all;             /* the WL_ bits every word but numbers has (all_words()) */
	int named;                /* a word that is no number is there */
};

/* The last SPLITS splits (label_memo_new() marks every slot empty). */
struct word_splits {
	struct split slot[SPLITS];
	unsigned next; /* the oldest slot: the next one taken */
	unsigned last; /* the slot last found or made: asked first (a text is asked of a dozen times in a row) */
};

/* The next word of s[0..n) from *i on into w (at most cap - 1 bytes kept); its length, or 0 at the end. */
static size_t next_word(const char *s, size_t n, size_t *i, char *w, size_t cap, size_t *len)
{
	size_t k = *i;

	*len = 0;
	while (k < n && !word_byte[(unsigned char)s[k]])
		k++;
	if (k >= n) {
		*i = k;
		return 0;
	}
	for (unsigned char c; k < n && ((c = word_byte[(unsigned char)s[k]]) || s[k] == '\''); k++)
		if (*len + 1 < cap)
			w[(*len)++] = (char)(c ? c : '\'');
	*i = k;
	return 1;
}

/* Is the word w[0..n) (as words() hands it) a number: digits only? (check_all()'s test) */
static int number_word(const char *w, size_t n)
{
	size_t i = 0;

	while (i < n && w[i] >= '0' && w[i] <= '9')
		i++;
	return n && i == n;
}

/*
 * The split of s[0..n) (n <= SPLIT_TEXT): one kept in *splits, or a new
 * one in its oldest slot. Its words are next_word()'s (at most 47 bytes
 * kept of each), each hashed as it is copied and given its lists.
 * *count: how many of its words are s's. A kept split of a longer text
 * that s begins may serve as well, when the byte after s in it is no part
 * of a word (then s's words are its first ones, each whole).
 */
static const struct split *split_find(struct word_splits *splits, const char *s, size_t n, size_t *count)
{
	struct split *sp = &splits->slot[splits->last];
	size_t k = 0, used = 0;

	if (sp->n == n && (!n || sp->text[n - 1] == s[n - 1]) && !memcmp(sp->text, s, n)) {
		*count = sp->count;
		return sp;
	}
	for (unsigned j = 0; j < SPLITS; j++)
		if (splits->slot[j].n == n && (!n || splits->slot[j].text[n - 1] == s[n - 1]) &&
		    !memcmp(splits->slot[j].text, s, n)) {
			splits->last = j;
			*count = splits->slot[j].count;
			return &splits->slot[j];
		}
	for (unsigned j = 0; j < SPLITS; j++) {
		sp = &splits->slot[j];
		if (sp->n != SIZE_MAX && sp->n > n && !split_byte[(unsigned char)sp->text[n]] && !memcmp(sp->text, s, n)) {
			for (k = 0; k < sp->count && sp->end[k] <= n; k++)
				;
			*count = k;
			return sp;
		}
	}
	splits->last = splits->next;
	sp = &splits->slot[splits->next];
	splits->next = (splits->next + 1) % SPLITS;
	memcpy(sp->text, s, n);
	sp->n = n;
	wordtab_ready();
	{
		/* (kept in locals while bytes are stored: a char store may alias any field of *sp) */
		char *low = sp->low;
		size_t nw = 0;
		unsigned any = 0, all = ~0u;
		int named = 0;

		for (;;) {
			struct word *w;
			uint32_t h = 2166136261u; /* hash_fnv1a()'s, byte by byte */
			size_t len = 0, len_kept;
			unsigned char c;

			while (k < n && !word_byte[(unsigned char)s[k]])
				k++;
			if (k >= n)
				break;
			/* every byte is stored (the words' bytes fit in low: they are at most n) and hashed */
			for (; k < n && (c = split_byte[(unsigned char)s[k]]); k++, len++) {
				low[used + len] = (char)c;
				h = (h ^ c) * 16777619u;
			}
			len_kept = len < 47 ? len : 47;
			if (len > len_kept) { /* a long word: 47 bytes kept, and hashed */
				h = 2166136261u;
				for (size_t i = 0; i < len_kept; i++)
					h = (h ^ (unsigned char)low[used + i]) * 16777619u;
			}
			w = &sp->w[nw];
			w->s = low + used;
			w->len = len_kept;
			w->hash = h;
			w->lists = wordtab_lists(w->s, len_kept, h);
			sp->end[nw++] = (uint8_t)k;
			any |= w->lists;
			/* (a word of a list is no number, unless the table holds one) */
			if ((w->lists && !wordtab_numbers) || !number_word(w->s, len_kept)) {
				all &= w->lists;
				named = 1;
			}
			used += len_kept;
		}
		sp->count = nw;
		sp->any = any;
		sp->all = all;
		sp->named = named;
	}
	*count = sp->count;
	return sp;
}

/*
 * How many words next_word() finds in s[0..n): runs that start with a
 * word byte and go on over word bytes and apostrophes. Counted without
 * copying a word or hashing it; the count stops at `limit` + 1.
 */
static size_t count_words(const char *s, size_t n, size_t limit)
{
	size_t count = 0;
	int in = 0;

	for (size_t k = 0; k < n; k++) {
		unsigned char c = (unsigned char)s[k];

		if (word_byte[c]) {
			if (!in && ++count > limit)
				break;
			in = 1;
		} else if (c != '\'') {
			in = 0;
		}
	}
	return count;
}

/*
 * Call fn for each word of s (letters and digits, lower-cased); how many
 * words s has (all of them when fn stops none). `splits`: the kept splits
 * (the label memo's), or NULL to split s here.
 */
static size_t words(struct word_splits *splits, const char *s, size_t n, int (*fn)(const struct word *w, void *ctx), void *ctx, int *stop)
{
	size_t count = 0, i = 0, len;
	char buf[48];

	*stop = 0;
	if (splits && n <= SPLIT_TEXT) {
		size_t of;
		const struct split *sp = split_find(splits, s, n, &of);

		if (!fn)
			return of;
		for (; count < of; count++)
			if (fn(&sp->w[count], ctx)) {
				*stop = 1;
				return count + 1;
			}
		return count;
	}
	while (next_word(s, n, &i, buf, sizeof(buf), &len)) {
		struct word w = { buf, len, 0, 0 };

		if (fn) {
			w.hash = hash_fnv1a(buf, len);
			wordtab_ready();
			w.lists = wordtab_lists(buf, len, w.hash);
		}

		count++;
		if (fn && fn(&w, ctx)) {
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
	"mode", "scenario", "scenarios", "cases", "case", "settings", "setting", "parameters",
	"params", "options", "flags", "args", "arguments", "input", "inputs", "log", "logs", "stats",
	"statistics", "invocation", "run", "runs", "running", NULL,
};

/*
 * Words that name a build, for lines that are not marked as labels: the
 * rows of the factor table (factors.h) marked L.
 */
#define LABEL_WORD_L(s) s,
#define LABEL_WORD__(s)
#define BUILD_WORD_(f, s, level, role, label) LABEL_WORD_##label(s)
static const char *const build_words[] = { FACTOR_WORDS(BUILD_WORD_) NULL };
#undef BUILD_WORD_
#undef LABEL_WORD__
#undef LABEL_WORD_L

/* Words a parenthetical aside may hold to be dropped from a label. */
static const char *const aside_words[] = {
	"just", "for", "reference", "again", "only", "fyi", "note", "measurements", "measurement",
	"runs", "run", "times", "samples", "iterations", "and", "the", "a", "an", "see", "below",
	"above", "as", "mentioned", "earlier", "before", "repeated", "once", "more", "partially",
	"cut", "truncated", "excerpt", "same", "results", "output", "of", NULL,
};

/* Is w[0..n) a word of `list` (lower-case words), in any case? */
static int word_in(const char *w, size_t n, const char *const *list)
{
	const struct wordset *ws;
	struct word x;
	char low[32];

	if (!n || n >= sizeof(low))
		return 0;
	ws = wordset_of(list);
	if (ws && n > ws->longest)
		return 0; /* longer than every word of the list */
	for (size_t i = 0; i < n; i++)
		low[i] = (char)(w[i] >= 'A' && w[i] <= 'Z' ? w[i] - 'A' + 'a' : w[i]);
	x = (struct word){ low, n, hash_fnv1a(low, n), 0 };
	return in_wordset(ws, list, &x);
}

int label_build_word(const char *w, size_t n)
{
	return word_in(w, n, build_words);
}

static int hit_list(const struct word *w, void *ctx)
{
	return (w->lists & *(const unsigned *)ctx) != 0;
}

struct all_in {
	unsigned list; /* a WL_ bit */
	int all, named;
};

static int check_all(const struct word *wd, void *ctx)
{
	struct all_in *a = ctx;
	const char *w = wd->s;
	size_t len = wd->len;

	/* numbers may sit in an aside ("4 measurements"); "20G" or "100M" names something */
	if (len && w[0] >= '0' && w[0] <= '9') {
		size_t i = 0;

		while (i < len && w[i] >= '0' && w[i] <= '9')
			i++;
		if (i == len)
			return 0;
	}
	a->named = 1;
	if (!(wd->lists & a->list)) {
		a->all = 0;
		return 1;
	}
	return 0;
}

/* Is a word of s[0..n) in the list of WL_ bit `list`? */
static int any_word(struct word_splits *splits, const char *s, size_t n, unsigned list)
{
	int stop;

	if (splits && n <= SPLIT_TEXT) {
		size_t of;
		const struct split *sp = split_find(splits, s, n, &of);

		if (of == sp->count)
			return (sp->any & list) != 0; /* (the bits of its words, found as it was split) */
		for (size_t k = 0; k < of; k++)
			if (sp->w[k].lists & list)
				return 1;
		return 0;
	}
	words(splits, s, n, hit_list, &list, &stop);
	return stop;
}

int label_names_build(const char *s, size_t n)
{
	return any_word(NULL, s, n, WL_BUILD); /* no memo at hand: split here */
}

/* Are the words of s[0..n) in the list of WL_ bit `list`, numbers aside, one at least? */
static int all_words(struct word_splits *splits, const char *s, size_t n, unsigned list)
{
	struct all_in a = { list, 1, 0 };
	int stop;

	if (splits && n <= SPLIT_TEXT) {
		size_t of;
		const struct split *sp = split_find(splits, s, n, &of);

		int named = 0;

		if (of == sp->count)
			return sp->named && (sp->all & list) == list; /* (found as it was split) */
		for (size_t k = 0; k < of; k++)
			if (!number_word(sp->w[k].s, sp->w[k].len)) {
				if (!(sp->w[k].lists & list))
					return 0;
				named = 1;
			}
		return named;
	}
	/* numbers alone ("2017-07-24") are in no list */
	if (!words(splits, s, n, check_all, &a, &stop))
		return 0;
	return a.all && a.named;
}

struct tool_words {
	int section, tool;
};

static int check_tool_word(const struct word *w, void *ctx)
{
	struct tool_words *t = ctx;

	if (w->lists & WL_SECTION) {
		t->section = 1;
		return 0;
	}
	if (w->lists & WL_BUILD) /* "with BOLT": bolt is a format too */
		return 1;
	if (w->lists & WL_FORMAT) {
		t->tool = 1;
		return 0;
	}
	return 1;
}

/* "K6 Output", "wrk results": a tool's name among the words that organise a report names no build. */
static int tool_section(struct word_splits *splits, const char *s, size_t n)
{
	struct tool_words t = { 0, 0 };
	int stop;

	/* it needs a section's word and a format's name: the bits of a kept split tell first */
	if (!any_word(splits, s, n, WL_SECTION) || !any_word(splits, s, n, WL_FORMAT))
		return 0;
	words(splits, s, n, check_tool_word, &t, &stop);
	return !stop && t.section && t.tool;
}

/* Remove "(just for reference)"-like asides, anywhere in the text. */
static void drop_asides(struct word_splits *splits, struct buf *b)
{
	for (size_t i = 0; i < b->len; i++) {
		char *close;
		size_t end;

		if (b->s[i] != '(' || !(close = memchr(b->s + i, ')', b->len - i)))
			continue;
		end = (size_t)(close - b->s) + 1;
		/* an aside: only aside words, or a whole sentence ("(the log got cut)") */
		if (!all_words(splits, b->s + i + 1, end - i - 2, WL_ASIDE) &&
		    !any_word(splits, b->s + i + 1, end - i - 2, WL_PROSE))
			continue;
		/* "(before)" alone names the build; "(as mentioned before)" is an aside */
		if (label_build_word(b->s + i + 1, end - i - 2))
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
	size_t i = 0, k;

	/* up to the first tab or blank that goes, the text stays as it is (found blank by blank) */
	if (b->len) {
		const char *t = b->s, *tab = memchr(t, '\t', b->len), *sp = t;
		size_t end = tab ? (size_t)(tab - t) : b->len;

		i = end;
		while ((sp = memchr(sp, ' ', end - (size_t)(sp - t)))) {
			size_t at = (size_t)(sp - t);

			if (at == 0 || t[at - 1] == ' ') {
				i = at;
				break;
			}
			sp++;
		}
	}
	for (k = i; i < b->len; i++) {
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

static int ascii_word_in(const char *s, size_t n, const char *const *words);

/*
 * "ThinLTO, as JSON from the export" → "ThinLTO": a clause after a comma
 * that follows a build, unless the clause is a setting of the build, in
 * at most four words from "with", "no", "new"...: "Before (8521dc91),
 * with LTO enabled", "Instrumentation attached, no intrinsics".
 */
static void cut_clause(struct word_splits *splits, struct buf *b)
{
	static const char *const setting_leads[] = { "with", "without", "no", "new", "old", "plus", "w/", "w/o", NULL };
	const char *comma = b->len ? memchr(b->s, ',', b->len) : NULL;
	int depth = 0;

	/* a comma inside brackets does not cut: "Release (cargo build --release, thin LTO)" */
	if (!comma)
		return;
	if (memchr(b->s, '(', (size_t)(comma - b->s)) || memchr(b->s, '[', (size_t)(comma - b->s)))
		comma = NULL; /* (brackets before it: walked below) */
	for (size_t i = 0; i < b->len && !comma; i++) {
		if (b->s[i] == '(' || b->s[i] == '[')
			depth++;
		else if ((b->s[i] == ')' || b->s[i] == ']') && depth)
			depth--;
		else if (b->s[i] == ',' && !depth)
			comma = b->s + i;
	}

	if (comma && any_word(splits, b->s, (size_t)(comma - b->s), WL_BUILD)) {
		const char *r = comma + 1, *e = b->s + b->len, *w;

		while (r < e && *r == ' ')
			r++;
		for (w = r; w < e && *w != ' ';)
			w++;
		if (w > r && ascii_word_in(r, (size_t)(w - r), setting_leads) && count_words(r, (size_t)(e - r), 5) <= 4)
			return;
		b->len = (size_t)(comma - b->s);
		b->s[b->len] = '\0';
		tidy(b);
	}
}

/* Is c a blank as the patterns' \s is one (ASCII: no PCRE2_UCP)? */
static int rx_blank(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

/* Is s[0..n), read in ASCII, one of `words` in either case? */
static int ascii_word_in(const char *s, size_t n, const char *const *words)
{
	char low[16];

	if (!n || n > sizeof(low))
		return 0; /* (no word of the lists is longer) */
	for (size_t i = 0; i < n; i++)
		low[i] = s[i] >= 'A' && s[i] <= 'Z' ? (char)(s[i] - 'A' + 'a') : s[i];
	for (; *words; words++)
		if ((*words)[0] == low[0] && !strncmp(*words, low, n) && !(*words)[n])
			return 1;
	return 0;
}

struct last_word {
	size_t b, e; /* t->s[b..e): the last word */
	int wide;    /* it holds a byte outside ASCII */
};

/* The last word of t as may_end_with() asks it: found once for the three patterns. */
static void last_word(const struct buf *t, struct last_word *lw)
{
	size_t e = t->len, b;

	while (e && rx_blank(t->s[e - 1]))
		e--;
	if (e && t->s[e - 1] == ')')
		e--;
	/* back to a blank (1, as rx_blank() tells it) or a byte outside ASCII (2) */
#define R4(v) v, v, v, v
#define R16(v) R4(v), R4(v), R4(v), R4(v)
	static const unsigned char stop[256] = {
		[' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\v'] = 1, ['\f'] = 1, ['\r'] = 1,
		[0x80] = R16(2), R16(2), R16(2), R16(2), R16(2), R16(2), R16(2), R16(2),
	};
#undef R16
#undef R4
	const unsigned char *s = (const unsigned char *)t->s;

	for (b = e; b && !stop[s[b - 1]]; b--)
		;
	lw->wide = b && stop[s[b - 1]] == 2;
	lw->b = b;
	lw->e = e;
}

/*
 * Can a scenario pattern that ends in one of `words` ("... server mode",
 * "... on the write workload", "with 4 threads"), a ')' and blanks after
 * it aside, match t? Its last word after a blank (lw) must be one of
 * them. A byte outside ASCII in that word leaves it to the pattern
 * (caseless, "ſ" is an "s").
 */
static int may_end_with(const struct buf *t, const struct last_word *lw, const char *const *words)
{
	return lw->wide || ascii_word_in(t->s + lw->b, lw->e - lw->b, words);
}

/* The heads of RX_RESULTS_FOR ("Results for ..."): may_be_results_for(). */
static const char *const results_heads[] = { "result", "results", "numbers", "benchmark", "benchmarks",
					     "measurement", "measurements", "output", "outputs", "timing",
					     "timings", "figures", "summary", NULL };

/*
 * Can RX_RESULTS_FOR match s[0..n)? Its first word must be one of the
 * pattern's heads, a blank after it; a byte outside ASCII leaves it to
 * the pattern. `splits`: the memo's kept splits, or NULL. (A run of
 * ASCII letters at the start, a blank after it, is the first word of the
 * split: when no word of the split is a head, it is none.)
 */
static int may_be_results_for(struct word_splits *splits, const char *s, size_t n)
{
	size_t k = 0;

	while (k < n && ((s[k] >= 'a' && s[k] <= 'z') || (s[k] >= 'A' && s[k] <= 'Z')))
		k++;
	if (k < n && (unsigned char)s[k] >= 0x80)
		return 1;
	return k < n && rx_blank(s[k]) && (!splits || n > SPLIT_TEXT || any_word(splits, s, n, WL_RESULTS_HEAD)) &&
	       ascii_word_in(s, k, results_heads);
}

/* The words each scenario pattern needs: a cheap test before the pattern runs; `lw`: t's last word. */
static int may_match(const struct buf *t, const struct last_word *lw, int rx)
{
	static const char *const tails[] = { "scenario", "workload", "benchmark", "test", "load", "case" };
	static const char *const last_tails[] = { "scenario", "workload", "benchmark", "test", "load", "case", NULL };
	static const char *const last_mode[] = { "mode", NULL };
	static const char *const last_counted[] = { "thread", "threads", "connection", "connections", "client",
						    "clients", "core", "cores", "stream", "streams", "job",
						    "jobs", "worker", "workers", NULL };

	/* first the word each pattern ends with, then the words it holds */
	if ((rx == RX_MODE || rx == RX_SCENARIO_TAIL || rx == RX_WITH) &&
	    !may_end_with(t, lw, rx == RX_MODE ? last_mode : rx == RX_SCENARIO_TAIL ? last_tails : last_counted))
		return 0;
	switch (rx) {
	case RX_MODE:
		return text_contains_nocase(t->s, t->len, "mode");
	case RX_SCENARIO_TAIL:
		for (size_t k = 0; k < sizeof(tails) / sizeof(tails[0]); k++)
			if (text_contains_nocase(t->s, t->len, tails[k]))
				return 1;
		return 0;
	case RX_WITH:
		/* a count, and the word before it ("with 4 threads", "using", "at") */
		return strpbrk(t->s, "0123456789") != NULL &&
		       (text_contains_nocase(t->s, t->len, "with") || text_contains_nocase(t->s, t->len, "using") ||
			text_contains_nocase(t->s, t->len, "at"));
	}
	return 1;
}

/* Move a trailing scenario phrase from `text` to `scenario`. */
static void take_scenario(struct rx_thread *rx, struct buf *text, struct buf *scenario)
{
	static const int order[] = { RX_MODE, RX_SCENARIO_TAIL, RX_WITH };
	struct last_word lw;

	last_word(text, &lw);
	for (size_t k = 0; k < sizeof(order) / sizeof(order[0]); k++) {
		struct rx *p = &label_rx[order[k]];
		const char *s;
		size_t n;

		if (!text->len || !may_match(text, &lw, order[k]) || !rx_match(rx, p, text->s, text->len) ||
		    !rx_named(rx, p, "s", &s, &n))
			continue;
		if (scenario->len)
			buf_adds(scenario, ", ");
		buf_add(scenario, s, n);
		if (!rx_group(rx, p, 0, &s, &n))
			continue; /* group 0 is the whole match: always there */
		text->len = (size_t)(s - text->s);
		text->s[text->len] = '\0';
		tidy(text);
		last_word(text, &lw);
	}
	/* a scenario is matched case-insensitively: keep its words in lower case */
	for (size_t i = 0; i < scenario->len; i++)
		if (scenario->s[i] >= 'A' && scenario->s[i] <= 'Z')
			scenario->s[i] = (char)(scenario->s[i] - 'A' + 'a');
}

/*
 * Emphasis around the whole text: "**With LTO**", "__PGO__", "*2017-07-24*",
 * "_old_", "***x***". The marks must hug the text ("* a *" is no emphasis).
 */
static int unemphasize(const char **s, size_t *n)
{
	size_t k = 0;
	char c;

	if (*n < 3 || ((*s)[0] != '*' && (*s)[0] != '_'))
		return 0;
	c = (*s)[0];
	while (k < 3 && 2 * k + 2 < *n && (*s)[k] == c && (*s)[*n - 1 - k] == c)
		k++;
	if (!k || is_space((*s)[k]) || is_space((*s)[*n - 1 - k]))
		return 0;
	*s += k;
	*n -= 2 * k;
	trim(s, n);
	return 1;
}

/*
 * A script's banner around a name: "-> old", "==> new", "=== PGO ===",
 * "--- LTO ---", "### BOLT ###". Marks the line as a label.
 */
/*
 * A script's progress message behind its arrow: "found old bench at:
 * /tmp/bench/old.txt" and "creating new bench.." name the old bench and
 * the new one. The verb of progress before the name, a path the message
 * reports after it and trailing dots go.
 */
static void script_message(const char **s, size_t *n)
{
	static const char *const verbs[] = { "found", "finding", "creating", "created", "running", "ran",
					     "building", "built", "using", "loading", "loaded", "testing",
					     "benchmarking", "measuring", "saving", "saved", "writing", "comparing",
					     NULL };
	const char *colon = memchr(*s, ':', *n);
	size_t w = 0;

	/* "...: /tmp/bench/old.txt", "... at: ./out": a path reported, not a name */
	if (colon && memchr(colon, '/', *n - (size_t)(colon - *s))) {
		size_t k = (size_t)(colon - *s);
		static const char *const preps[] = { " at", " in", " to", " from", NULL };

		for (const char *const *p = preps; *p; p++)
			if (k >= strlen(*p) && !memcmp(*s + k - strlen(*p), *p, strlen(*p)))
				k -= strlen(*p);
		*n = k;
	}
	while (*n && ((*s)[*n - 1] == '.' || is_space((*s)[*n - 1])))
		(*n)--;
	while (w < *n && (*s)[w] >= 'a' && (*s)[w] <= 'z')
		w++;
	if (w < *n && is_space((*s)[w]) && in_list(*s, w, verbs)) {
		*s += w;
		*n -= w;
		trim(s, n);
	}
}

static int unbanner(const char **s, size_t *n)
{
	static const char *const arrows[] = { "-> ", "=> ", "==> ", "--> ", ">> ", NULL };
	size_t lead = 0, tail = 0;
	char c;

	for (const char *const *a = arrows; *n && ((*s)[0] == '-' || (*s)[0] == '=' || (*s)[0] == '>') && *a; a++) {
		size_t k = strlen(*a);

		if (*n > k && !memcmp(*s, *a, k)) {
			*s += k;
			*n -= k;
			trim(s, n);
			script_message(s, n);
			return 1;
		}
	}
	if (*n < 7)
		return 0;
	c = (*s)[0];
	if (c != '=' && c != '-' && c != '#' && c != '*')
		return 0;
	while (lead < *n && (*s)[lead] == c)
		lead++;
	while (tail < *n - lead && (*s)[*n - 1 - tail] == c)
		tail++;
	if (lead < 3 || tail < 3 || lead + tail + 1 >= *n || !is_space((*s)[lead]) ||
	    !is_space((*s)[*n - 1 - tail]))
		return 0;
	*s += lead;
	*n -= lead + tail;
	trim(s, n);
	return 1;
}

/* Strip Markdown marks; tell whether the line was marked as a label. */
static int unmark(const char **s, size_t *n, int *level)
{
	int marked = 0;

	trim(s, n);
	if (*n && **s == '#') {
		size_t h = 0;

		while (h < *n && (*s)[h] == '#')
			h++;
		/*
		 * "## Title", or as older renderers took it, "###JSON" (two marks
		 * at least: "#include", "#42" and "#hashtag" are no headings)
		 */
		if (h <= 6 && h < *n &&
		    (is_space((*s)[h]) || (h >= 2 && (((*s)[h] | 0x20) >= 'a' && ((*s)[h] | 0x20) <= 'z')))) {
			size_t c = 0;

			*level = (int)h;
			*s += h;
			*n -= h;
			/* a closing sequence: "## Title ##" */
			while (c < *n && (*s)[*n - 1 - c] == '#')
				c++;
			if (c && c < *n && is_space((*s)[*n - 1 - c]))
				*n -= c;
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
	marked |= unbanner(s, n);
	for (int pass = 0; pass < 3; pass++) {
		if (*n && (*s)[*n - 1] == ':') {
			(*n)--;
			trim(s, n);
			marked = 1;
		}
		marked |= unemphasize(s, n);
	}
	return marked;
}

/* Case-blind compare of ASCII letters, whatever the locale. */
static int strncasecmp_ascii(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char x = a[i] >= 'A' && a[i] <= 'Z' ? (char)(a[i] - 'A' + 'a') : a[i];
		char y = b[i] >= 'A' && b[i] <= 'Z' ? (char)(b[i] - 'A' + 'a') : b[i];

		if (x != y)
			return x - y;
		if (!x)
			return 0;
	}
	return 0;
}

/* Words that name a change under test, for the end of a sentence ("with the patch applied"). */
static const char *const change_words[] = {
	"patch", "patches", "applied", "change", "changes", "fix", "pr", "branch", "commit", "flag",
	"option", NULL,
};

/*
 * Bytes whose absence from a line lets the reader skip a search for them:
 * the classes of the line's bytes (line_classes()), found in one pass. What
 * the reader cuts from the line later holds none the line did not; nor
 * any the text left of it after its marks did not (read_uncached()).
 */
enum {
	HAS_PAREN = 1 << 0,  /* '(' */
	HAS_COMMA = 1 << 1,  /* ',' */
	HAS_DIGIT = 1 << 2,  /* '0'-'9' */
	HAS_TICK = 1 << 3,   /* '`' */
	HAS_EQUALS = 1 << 4, /* '=' */
	HAS_BRACE = 1 << 5,  /* '{', '}' */
	HAS_COLON = 1 << 6,  /* ':' */
	HAS_F = 1 << 7,      /* 'f', 'F' (of "from") */
	HAS_DASH = 1 << 8,   /* '-' */
	HAS_APOSTROPHE = 1 << 9, /* '\'' */
};
static const unsigned short byte_class[256] = {
	['('] = HAS_PAREN, [','] = HAS_COMMA, ['`'] = HAS_TICK, ['='] = HAS_EQUALS,
	['{'] = HAS_BRACE, ['}'] = HAS_BRACE, [':'] = HAS_COLON, ['f'] = HAS_F, ['F'] = HAS_F, ['-'] = HAS_DASH, ['\''] = HAS_APOSTROPHE,
	['0'] = HAS_DIGIT, ['1'] = HAS_DIGIT, ['2'] = HAS_DIGIT, ['3'] = HAS_DIGIT, ['4'] = HAS_DIGIT,
	['5'] = HAS_DIGIT, ['6'] = HAS_DIGIT, ['7'] = HAS_DIGIT, ['8'] = HAS_DIGIT, ['9'] = HAS_DIGIT,
};

static unsigned line_classes(const char *s, size_t n)
{
	unsigned has = 0;

	for (size_t i = 0; i < n; i++)
		has |= byte_class[(unsigned char)s[i]];
	return has;
}

/* The words a label at the end of a sentence starts with (sentence_tail()). */
static const char *const tail_heads[] = { "with", "without", "using", "before", "after", NULL };

/*
 * "…and with the patch applied" → "with the patch applied": a label at the
 * end of a sentence, from its last "with"/"without"/"using"/"before"/"after"
 * on ("…gives, typically, before the change"), when that
 * phrase is short, holds no prose word and names a build or a change.
 * Returns 1 with *b cut to the phrase. `has`: line_classes() of a text *b
 * was cut from.
 */
static int sentence_tail(struct word_splits *splits, struct buf *b, unsigned has)
{
	const unsigned char *bs = (const unsigned char *)b->s;
	size_t at = (size_t)-1, len = b->len;

	/*
	 * A head is a run of word bytes: a word of the split, or a part of
	 * one between apostrophes. Without an apostrophe, a text whose split
	 * holds no head has none.
	 */
	if (splits && len <= SPLIT_TEXT && !(has & HAS_APOSTROPHE)) {
		size_t of;
		const struct split *sp = split_find(splits, b->s, len, &of);

		if (of == sp->count && !(sp->any & WL_TAIL_HEAD))
			return 0;
	}

	for (size_t i = 0; i < len;) {
		size_t j = i;

		while (j < len && word_byte[bs[j]])
			j++;
		/* the heads are of 4 to 7 letters, starting with a, b, u or w: most words are none */
		if (j - i >= 4 && j - i <= 7 && ((bs[i] | 0x20) == 'a' || (bs[i] | 0x20) == 'b' || (bs[i] | 0x20) == 'u' ||
						  (bs[i] | 0x20) == 'w') && (!i || !word_byte[bs[i - 1]])) {
			char w[16];
			size_t k;

			for (k = 0; k < j - i && k + 1 < sizeof(w); k++)
				w[k] = (char)(bs[i + k] >= 'A' && bs[i + k] <= 'Z' ? bs[i + k] - 'A' + 'a' : bs[i + k]);
			if (k == j - i && in_list(w, k, tail_heads))
				at = i;
		}
		i = j > i ? j : i + 1;
	}
	if (at == (size_t)-1 || at == 0)
		return 0;
	{
		const char *t = b->s + at;
		size_t tn = b->len - at, nw;
		int stop;

		size_t hl = 0;

		nw = words(splits, t, tn, NULL, NULL, &stop);
		/* "before"/"after" name builds only with what they are before or after: "after a restart" names none */
		if ((tn > 6 && !strncasecmp_ascii(t, "after ", 6)) || (tn > 7 && !strncasecmp_ascii(t, "before ", 7)))
			hl = t[0] == 'a' || t[0] == 'A' ? 6 : 7;
		if (nw < 2 || nw > 5 || any_word(splits, t, tn, WL_PROSE) ||
		    !(any_word(splits, t + hl, tn - hl, WL_BUILD) || any_word(splits, t + hl, tn - hl, WL_CHANGE)))
			return 0;
		memmove(b->s, t, tn);
		b->len = tn;
		b->s[tn] = '\0';
	}
	return 1;
}

/* Words a short label naming a change may hold beside it: "This PR", "With this patch", "On this branch". */
static const char *const change_filler[] = { "this", "that", "my", "our", "your", "the", "with",
					     "without", "on", "in", NULL };

static int change_or_filler(const struct word *w, void *ctx)
{
	(void)ctx;
	return !(w->lists & (WL_CHANGE | WL_FILLER));
}

/* "This PR", "with this patch": a marked label of a few words naming a change. */
static int change_label(struct word_splits *splits, const struct buf *b)
{
	int stop;
	size_t nw;

	if (!any_word(splits, b->s, b->len, WL_CHANGE)) /* (asked first: a bit of a kept split) */
		return 0;
	nw = words(splits, b->s, b->len, change_or_filler, NULL, &stop);
	return !stop && nw <= 4;
}

/*
 * "to this:", "and into that:": the other side of a change a label above
 * pointed at ("This PR changes this:"). It names nothing, but what the
 * label above named stops here: a section. At most three words, a
 * "to"/"into" (after "and" or "then") and a demonstrative to end.
 * `splits`: the memo's kept splits, or NULL.
 */
static int change_target(struct word_splits *splits, const char *s, size_t n)
{
	static const char *const lead[] = { "and", "then", NULL };
	static const char *const to[] = { "to", "into", NULL };
	static const char *const pointer[] = { "this", "that", "these", "those", NULL };
	const char *w[4];
	size_t wn[4], k = 0;
	int stop;

	/* the first word is a "to" word or a lead: it begins with t, i or a (a byte that is no word's is the loop's) */
	if (n && is_word_char((unsigned char)s[0]) && !strchr("tiaTIA", s[0]))
		return 0;
	/* at most three runs of word bytes: a word of the split holds one at least */
	if (splits && n <= SPLIT_TEXT && words(splits, s, n, NULL, NULL, &stop) > 3)
		return 0;
	for (size_t i = 0; i < n;) {
		size_t j = i;

		while (j < n && is_word_char((unsigned char)s[j]))
			j++;
		if (j > i) {
			if (k == 4)
				return 0;
			w[k] = s + i, wn[k++] = j - i;
		} else if (s[j] != ' ' && !(s[j] == ':' && j + 1 == n)) {
			return 0;
		}
		i = j > i ? j : i + 1;
	}
	if (k < 2 || k > 3 || !word_in(w[k - 1], wn[k - 1], pointer) || !word_in(w[k - 2], wn[k - 2], to))
		return 0;
	return k == 2 || word_in(w[0], wn[0], lead);
}

/* Where the ASCII letter `low` (lower case) or its capital is first in s[0..n) from `i` on; n if nowhere. */
static size_t next_letter(const char *s, size_t n, size_t i, char low)
{
	const char *a, *b;

	if (i >= n)
		return n;
	a = memchr(s + i, low, n - i);
	b = memchr(s + i, low - 'a' + 'A', a ? (size_t)(a - s) - i : n - i);
	return b ? (size_t)(b - s) : a ? (size_t)(a - s) : n;
}

/*
 * "going from thin to fat gives" → "fat": what a change went to is what
 * was measured. The phrase after the last "to" that follows a "from", its
 * quotes and a closing verb ("gives") dropped, when it is one to three
 * words. Returns 1 with *b cut to it.
 */
static int from_to(struct word_splits *splits, struct buf *b)
{
	static const char *const verbs[] = { "gives", "gave", "yields", "results", "shows", NULL };
	const char *from = NULL, *to = NULL, *t;
	size_t tn, nw;
	int stop;
	struct buf out = BUF_INIT;

	/* the first "from " that starts a word; then the last "to " after it */
	size_t i = 0;

	for (; i + 4 <= b->len && !from; i++) {
		i = next_letter(b->s, b->len, i, 'f');
		if (i + 4 <= b->len && (!i || !is_word_char((unsigned char)b->s[i - 1])) &&
		    !strncasecmp_ascii(b->s + i, "from ", 5))
			from = b->s + i;
	}
	for (; from && i + 4 <= b->len; i++) {
		i = next_letter(b->s, b->len, i, 't');
		if (i + 4 <= b->len && !is_word_char((unsigned char)b->s[i - 1]) && !strncasecmp_ascii(b->s + i, "to ", 3))
			to = b->s + i + 3;
	}
	if (!to)
		return 0;
	for (t = to; t < b->s + b->len; t++)
		if (*t != '"' && *t != '`' && *t != '\'')
			buf_addc(&out, *t);
	tidy(&out);
	/* a closing verb */
	for (const char *const *v = verbs; *v; v++) {
		size_t k = strlen(*v);

		if (out.len > k + 1 && !strncasecmp_ascii(out.s + out.len - k, *v, k) && out.s[out.len - k - 1] == ' ') {
			out.len -= k + 1;
			out.s[out.len] = '\0';
			tidy(&out);
		}
	}
	t = out.s;
	tn = out.len;
	nw = tn ? words(splits, t, tn, NULL, NULL, &stop) : 0;
	if (nw < 1 || nw > 3 || any_word(splits, t, tn, WL_PROSE)) {
		buf_release(&out);
		return 0;
	}
	buf_reset(b);
	buf_add(b, t, tn);
	buf_release(&out);
	return 1;
}

/* Does s[0..n) hold the byte a followed by the byte b ("()", "::")? */
static int holds_pair(const char *s, size_t n, char a, char b)
{
	const char *end = s + n;

	for (const char *p = memchr(s, a, n); p && p + 1 < end; p = memchr(p + 1, a, (size_t)(end - p - 1)))
		if (p[1] == b)
			return 1;
	return 0;
}

/*
 * cargo's status line before a test binary's output: "Running
 * target/release/deps/01_default-e8a3ee34fccb9d17" (cargo before 1.59),
 * "Running benches/parse.rs (target/release/deps/parse-0f1b...)" or
 * "Running unittests src/lib.rs (...)": the binary cargo built, in a
 * build directory, never the author's name for a build. s[0..n) starts
 * at the line's first word.
 */
static int cargo_running(const char *s, size_t n)
{
	size_t e;

	if (n < 16 || memcmp(s, "Running ", 8))
		return 0;
	s += 8, n -= 8;
	for (e = 0; e < n && s[e] != ' '; e++)
		;
	return text_find(s, e, "target/") || text_find(s, e, "/deps/") || (e == 9 && !memcmp(s, "unittests", 9)) ||
	       (e > 11 && !memcmp(s, "benches/", 8) && !memcmp(s + e - 3, ".rs", 3));
}

int label_elision_mark(const char *s, size_t n)
{
	static const char *const words[] = { "snip", "snipped", "cut", "trimmed", "elided", "omitted",
					     "truncated", "skipped", "redacted", NULL };
	size_t b = 0, e = n, w;
	int wrapped = 0;

	while (e && is_space(s[e - 1]))
		e--;
	if (e < 4 || e > 48)
		return 0;
	/* (strchr() finds a NUL in any set: none is asked of) */
	while (b < e && s[b] && strchr("[(<-=8", s[b]))
		wrapped |= s[b++] != '8';
	while (e > b && s[e - 1] && strchr("])>-=", s[e - 1]))
		e--;
	while (b < e && is_space(s[b]))
		b++;
	while (e > b && (is_space(s[e - 1]) || s[e - 1] == '.'))
		e--;
	if (e <= b)
		return 0;
	/* the last word counts: "snip", "output omitted", "12 lines skipped" */
	for (w = e; w > b && !is_space(s[w - 1]);)
		w--;
	if (!in_list(s + w, e - w, words))
		return 0;
	return wrapped || (w == b && e - b >= 4 && !memcmp(s + b, "snip", 4));
}

/*
 * A build tool's progress line: ninja's "[4790/4790] Linking CXX executable
 * bin/clang", CMake's makefiles' "[ 45%] Building CXX object ...". What it
 * builds is a step of a build, never the name of one. s[0..n) starts at the
 * line's first word.
 */
static int build_progress(const char *s, size_t n)
{
	size_t i = 1, d;

	if (n < 6 || s[0] != '[')
		return 0;
	while (i < n && s[i] == ' ')
		i++;
	for (d = i; i < n && s[i] >= '0' && s[i] <= '9';)
		i++;
	if (i == d || i + 2 >= n)
		return 0;
	if (s[i] == '%')
		return s[i + 1] == ']' && s[i + 2] == ' ';
	if (s[i] != '/')
		return 0;
	for (d = ++i; i < n && s[i] >= '0' && s[i] <= '9';)
		i++;
	return i > d && i + 1 < n && s[i] == ']' && s[i + 1] == ' ';
}

/*
 * Lines that look like labels and never are: `perf report`'s header
 * comments ("# Samples: 10K of event 'cycles'"), code ("main():",
 * "impl Foo {", "std::sort:"), cargo's "Running" lines (cargo_running()),
 * a build tool's progress (build_progress()), an author's mark of a cut
 * (label_elision_mark()). `has`: line_classes() of
 * s[0..n).
 */
static int never_label(const char *s, size_t n, unsigned has)
{
	static const char *const perf_report[] = {
		"Samples:", "Event count", "Overhead", "Children", "Total Lost", "To display",
		"Captured and counted", "dso:", "comm:", "Percent", "Sort order", "Samples", "Total ",
		"........", "cmdline", "arch", "nrcpus", "cpudesc", "event ", "hostname", "os release",
		"perf version", "total memory", "captured on", "header version", "data size", "feat", NULL,
	};
	size_t i = 0;

	while (i < n && is_space(s[i]))
		i++;
	if (n - i >= 2 && s[i] == '#' && is_space(s[i + 1])) {
		i += 2;
		while (i < n && is_space(s[i]))
			i++;
		for (const char *const *p = perf_report; *p; p++)
			if (n - i >= strlen(*p) && !memcmp(s + i, *p, strlen(*p)))
				return 1;
	}
	if ((s[i] == 'R' && cargo_running(s + i, n - i)) || label_elision_mark(s + i, n - i) ||
	    (s[i] == '[' && build_progress(s + i, n - i)))
		return 1;
	/* "Linux <list@example.org> wrote:": who wrote the quote below */
	while (n && (is_space(s[n - 1]) || s[n - 1] == ':'))
		n--;
	if ((n >= 5 && !memcmp(s + n - 5, "wrote", 5)) || (n >= 6 && !memcmp(s + n - 6, "writes", 6)))
		return 1;
	/* "Итоговый tps = 406.261459": a result stated, not a name ("k=v" glued is a setting) */
	for (const char *e = has & HAS_EQUALS ? text_find(s, n, " = ") : NULL; e;
	     e = text_find(e + 3, n - (size_t)(e + 3 - s), " = "))
		if (e + 3 < s + n && ((e[3] >= '0' && e[3] <= '9') || (e[3] == '-' && e + 4 < s + n && e[4] >= '0' && e[4] <= '9')))
			return 1;
	return ((has & HAS_PAREN) && holds_pair(s, n, '(', ')')) || ((has & HAS_COLON) && holds_pair(s, n, ':', ':')) ||
	       ((has & HAS_BRACE) && (memchr(s, '{', n) || memchr(s, '}', n))) || (n && s[n - 1] == ';');
}

static int is_month(const char *w, size_t n)
{
	static const char *const months[] = { "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug",
					      "sep", "sept", "oct", "nov", "dec", "january", "february",
					      "march", "april", "june", "july", "august", "september",
					      "october", "november", "december", NULL };
	char low[12];

	if (n < 3 || n >= sizeof(low))
		return 0;
	for (size_t i = 0; i < n; i++)
		low[i] = (char)(w[i] >= 'A' && w[i] <= 'Z' ? w[i] + 32 : w[i]);
	for (const char *const *m = months; *m; m++)
		if (strlen(*m) == n && !memcmp(*m, low, n))
			return 1;
	return 0;
}

/*
 * Is the blank-separated token t[0..n) (a comma after it aside) a date or
 * a part of one: "29-Jul-2020", "2020-07-29", "29/07/2020", "Jul", "29th",
 * "2020"? `month` says whether the line names a month elsewhere (then a
 * day or a year alone is one). Versions ("10.2.0-3", "v5.8") are none.
 */
static int date_token(const char *t, size_t n, int month)
{
	size_t parts = 0, digits = 0, year = 0, i = 0;
	int named = 0;

	while (n && (t[n - 1] == ',' || t[n - 1] == ':'))
		n--;
	if (!n)
		return 0;
	while (i < n) {
		size_t a = i, d = 0;

		while (i < n && ((t[i] >= '0' && t[i] <= '9') || (t[i] >= 'a' && t[i] <= 'z') || (t[i] >= 'A' && t[i] <= 'Z')))
			d += t[i] >= '0' && t[i] <= '9', i++;
		if (i == a || (i < n && t[i] != '-' && t[i] != '/' && t[i] != '.'))
			return 0;
		parts++;
		if (d == i - a) {
			digits++;
			if (d == 4 && (t[a] == '1' || t[a] == '2') && (t[a + 1] == '9' || t[a + 1] == '0'))
				year++;
			else if (d > 2)
				return 0;
		} else if (is_month(t + a, i - a)) {
			named = 1;
		} else if (!(d && d + 2 == i - a && (!memcmp(t + i - 2, "th", 2) || !memcmp(t + i - 2, "st", 2) ||
						  !memcmp(t + i - 2, "nd", 2) || !memcmp(t + i - 2, "rd", 2)))) {
			return 0; /* a word, not a date's part */
		}
		if (i < n)
			i++;
	}
	if (parts == 1)
		return named || (month && (digits || year));
	return parts == 3 && (named ? digits == 2 : (digits == 3 && year == 1));
}

/*
 * "Update 29-Jul-2020", "EDIT (2020-07-29)", "Updated on July 29, 2020": a
 * date an update's word heads (it comes first) is a part of the text, and
 * names no build (a date alone, "*2017-07-24*:", may name the build of
 * that day).
 */
static int dated_section(const char *s, size_t n)
{
	static const char *const update_words[] = { "update", "updated", "updates", "upd", "edit", "edited", NULL };
	static const char *const linking[] = { "on", "as", "of", NULL };
	int month = 0, dates = 0, updates = 0;
	const char *e = s + n;

	/* the update's word comes first: most lines end here */
	while (s < e && (*s == ' ' || *s == '('))
		s++;
	if (s == e || !strchr("uUeE", *s))
		return 0;
	for (const char *p = s; p < e; p++)
		if (((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')) && (p == s || !is_word_char((unsigned char)p[-1]))) {
			const char *q = p;

			while (q < e && ((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z')))
				q++;
			month |= is_month(p, (size_t)(q - p)) && (q == e || !is_word_char((unsigned char)*q));
			p = q - 1;
		}
	for (const char *p = s; p < e;) {
		const char *q;

		while (p < e && (*p == ' ' || *p == '(' || *p == ')'))
			p++;
		for (q = p; q < e && *q != ' ' && *q != '(' && *q != ')'; q++)
			;
		if (q == p)
			break;
		if (date_token(p, (size_t)(q - p), month))
			dates++;
		else if (word_in(p, (size_t)(q - p - (q[-1] == ':')), update_words))
			updates++;
		else if (!word_in(p, (size_t)(q - p), linking))
			return 0;
		p = q;
	}
	return dates > 0 && updates > 0;
}

/* Words that count a heading rather than name a build: "Run 2", "Test 1", "Attempt 3". */
static const char *const ordinal_words[] = {
	"run", "test", "attempt", "round", "step", "try", "trial", "case", "part", "pass",
	"iteration", "experiment", "config", "configuration", "setup", "option", NULL,
};

/*
 * "Run 2: with BOLT" → "with BOLT", "Run 2" → "": a counting head (ordinal
 * words and a number) before ": " or alone goes. Returns 1 when it went.
 * `has`: line_classes() of a text *b was cut from (no ':' in it: no ": ").
 */
static int cut_ordinal(struct word_splits *splits, struct buf *b, unsigned has)
{
	const char *colon = b->len && (has & HAS_COLON) ? text_find(b->s, b->len, ": ") : NULL;
	size_t head = colon ? (size_t)(colon - b->s) : b->len;
	int digit = 0;

	/* (the words first: most heads hold a word that counts nothing) */
	if (!head || !all_words(splits, b->s, head, WL_ORDINAL) || !is_word_char((unsigned char)b->s[0]))
		return 0;
	for (size_t i = 0; i < head && !digit; i++)
		digit = b->s[i] >= '0' && b->s[i] <= '9';
	if (!digit)
		return 0;
	if (!colon) {
		b->len = 0;
		b->s[0] = '\0';
		return 1;
	}
	memmove(b->s, colon + 2, b->len - head - 2);
	b->len -= head + 2;
	b->s[b->len] = '\0';
	tidy(b);
	return 1;
}

/*
 * "1a. Without lto" → "Without lto", "2) With LTO" → "With LTO": an
 * outline's number before a label goes (a number and at most one letter,
 * then '.' or ')' and a blank, before a letter). Returns 1 when it went.
 */
static int cut_outline_number(struct buf *b)
{
	size_t i = 0;

	while (i < b->len && i < 3 && b->s[i] >= '0' && b->s[i] <= '9')
		i++;
	if (!i || i == 3)
		return 0;
	if (i < b->len && b->s[i] >= 'a' && b->s[i] <= 'z')
		i++;
	if (i + 2 >= b->len || (b->s[i] != '.' && b->s[i] != ')') || b->s[i + 1] != ' ' ||
	    !((b->s[i + 2] >= 'a' && b->s[i + 2] <= 'z') || (b->s[i + 2] >= 'A' && b->s[i + 2] <= 'Z')))
		return 0;
	memmove(b->s, b->s + i + 2, b->len - i - 2);
	b->len -= i + 2;
	b->s[b->len] = '\0';
	return 1;
}

/*
 * "iteration1", "run2", "try3": an ordinal word with its number glued on,
 * alone, counts a repetition as "Run 2" does. 1 when s[0..n) is one.
 */
static int glued_ordinal(const char *s, size_t n)
{
	size_t d = n;

	while (d && s[d - 1] >= '0' && s[d - 1] <= '9')
		d--;
	return d && d < n && word_in(s, d, ordinal_words);
}

size_t label_repetition_stem(const char *s, size_t n)
{
	static const char *const counts[] = { "run", "rerun", "try", "attempt", "trial", "round", NULL };
	size_t e = n, d, b, k;
	int paren = 0;

	while (e && s[e - 1] == ' ')
		e--;
	if (e && s[e - 1] == ')')
		paren = 1, e--;
	for (d = e; d && s[d - 1] >= '0' && s[d - 1] <= '9';)
		d--;
	if (d == e || e - d > 3 || d < 2 || s[d - 1] != ' ')
		return n;
	for (b = d - 1; b && ((s[b - 1] | 0x20) >= 'a' && (s[b - 1] | 0x20) <= 'z');)
		b--;
	if (b == d - 1 || !b || !word_in(s + b, d - 1 - b, counts))
		return n;
	/* before the word: a blank, after "(" when a ")" closes the count, or after "," or " -" */
	k = b;
	if (paren) {
		if (s[k - 1] != '(')
			return n;
		k--;
	} else if (s[k - 1] != ' ') {
		return n;
	}
	while (k && s[k - 1] == ' ')
		k--;
	if (!paren && k && (s[k - 1] == ',' || (s[k - 1] == '-' && k >= 2 && s[k - 2] == ' ')))
		k--;
	while (k && s[k - 1] == ' ')
		k--;
	for (size_t i = 0; i < k; i++)
		if (is_word_char((unsigned char)s[i]))
			return k;
	return n;
}

/*
 * "RK3399 Spec", "Test machine specs": the heading of a machine's
 * description (its last word says so), whatever names the machine.
 */
static int spec_heading(const char *s, size_t n)
{
	static const char *const tails[] = { "spec", "specs", "specification", "specifications", NULL };
	size_t e = n, b;

	while (e && !is_word_char((unsigned char)s[e - 1]))
		e--;
	for (b = e; b && is_word_char((unsigned char)s[b - 1]);)
		b--;
	return e > b && b > 0 && word_in(s + b, e - b, tails);
}

/* Does the line end with ':' (emphasis and blanks aside)? */
static int ends_colon(const char *s, size_t n)
{
	while (n && (is_space(s[n - 1]) || s[n - 1] == '*' || s[n - 1] == '_'))
		n--;
	return n && s[n - 1] == ':';
}

/* Words that say where or with what a test ran (names_test()). */
static const char *const condition_words[] = {
	"on", "in", "at", "with", "without", "under", "over", "across", "between", "using", "via",
	"from", "to", NULL,
};

/*
 * Does the text name a test rather than a build: a bare noun phrase whose
 * last word, a bracketed aside after it aside, is "test" or "benchmark"
 * ("TCP bandwidth test", "反向测试（测下载带宽）", 测试 being "test")? Not
 * when it says where or with what the test ran ("test on the same node",
 * "在同一个节点上进行测试"): that condition is what is compared; nor when it
 * holds a quantity ("a 1G test": the rate compared). Only asked of a text
 * that names no build.
 */
static int names_test(struct word_splits *splits, const char *s, size_t n)
{
	static const char *const test_words[] = { "test", "tests", "benchmark", "benchmarks", NULL };
	static const char cjk_test[] = "\xe6\xb5\x8b\xe8\xaf\x95"; /* 测试 */
	size_t w;

	if (strpbrk(s, "0123456789") || text_find(s, n, "\xe5\x9c\xa8") || /* 在: at, on */
	    text_find(s, n, "\xe8\xbf\x9b\xe8\xa1\x8c") ||              /* 进行: carry out */
	    any_word(splits, s, n, WL_CONDITION))
		return 0;

	while (n && is_space(s[n - 1]))
		n--;
	if (n && s[n - 1] == ')') { /* "(download)" */
		const char *open = memchr(s, '(', n);

		n = open ? (size_t)(open - s) : n;
	} else if (n >= 3 && !memcmp(s + n - 3, "\xef\xbc\x89", 3)) { /* "（…）" */
		const char *open = text_find(s, n, "\xef\xbc\x88");

		n = open ? (size_t)(open - s) : n;
	}
	while (n && is_space(s[n - 1]))
		n--;
	if (n >= 6 && !memcmp(s + n - 6, cjk_test, 6))
		return 1;
	for (w = n; w && is_word_char((unsigned char)s[w - 1]); w--)
		;
	if (w == n || !w)
		return 0;
	return word_in(s + w, n - w, test_words);
}

/* Words of a comparison's outcome (drop_outcome()). */
static const char *const outcome_words[] = {
	"loss", "faster", "slower", "better", "worse", "improvement", "regression", "speedup",
	"smaller", "larger", "bigger", "gain", NULL,
};

/*
 * "Results - 55% loss", "Ruff (19.8x faster)": a figure of the outcome after
 * the name, not part of it. Removes a tail after " - ", ": " or "(" that
 * holds a digit and a percentage, a factor or a word of comparison.
 */
static void drop_outcome(struct word_splits *splits, struct buf *b)
{
	size_t cut = b->len;

	for (size_t i = 0; i + 2 < b->len; i++)
		if ((b->s[i] == ' ' && (b->s[i + 1] == '-' || b->s[i + 1] == ':') && b->s[i + 2] == ' ') ||
		    (b->s[i] == '(' && i > 0))
			cut = i;
	if (cut == b->len || !strpbrk(b->s + cut, "0123456789"))
		return;
	if (!memchr(b->s + cut, '%', b->len - cut) && !any_word(splits, b->s + cut, b->len - cut, WL_OUTCOME) &&
	    !text_contains(b->s + cut, b->len - cut, "x "))
		return;
	b->len = cut;
	b->s[b->len] = '\0';
	tidy(b);
}

/* Remove the first `k` bytes of *b and the blanks after them. */
static void drop_head(struct buf *b, size_t k)
{
	while (k < b->len && is_space(b->s[k]))
		k++;
	memmove(b->s, b->s + k, b->len - k + 1);
	b->len -= k;
}

/* Words that lead into a label before a comma (trim_connectives()). */
static const char *const lead_in_words[] = {
	"for", "instance", "example", "also", "then", "next", "finally", "similarly", "here",
	"now", "so", "e", "g", "first", "second", "third", "last", NULL,
};

/*
 * What leads into a label without naming anything: "For instance, a 1G
 * test" → "a 1G test", "and a 20G test" → "a 20G test", "For x86_64
 * defconfig (before)" → "x86_64 defconfig (before)"; an article before a
 * quantity ("a 1G test") goes too.
 */
static void trim_connectives(struct word_splits *splits, struct buf *b)
{
	static const char *const joins[] = { "and", "or", "then", "also", "for", NULL };
	const char *comma = b->len ? memchr(b->s, ',', b->len) : NULL;
	int again = 1;

	if (comma && comma > b->s && all_words(splits, b->s, (size_t)(comma - b->s), WL_LEAD_IN))
		drop_head(b, (size_t)(comma - b->s) + 1);
	while (again) {
		size_t w = 0;

		again = 0;
		while (w < b->len && is_word_char((unsigned char)b->s[w]) && (unsigned char)b->s[w] < 0x80)
			w++;
		if (!w || w >= b->len || !is_space(b->s[w]))
			break;
		/* a join ("and", of at most four letters), or "a 1G test": an article before a number */
		if (!(w <= 4 && word_in(b->s, w, joins)) &&
		    !((w == 1 || w == 2) && !strncasecmp_ascii(b->s, w == 1 ? "a" : "an", w) && w + 1 < b->len &&
		      b->s[w + 1] >= '0' && b->s[w + 1] <= '9'))
			break;
		/* (asked last: the head goes only when another word stays) */
		if (text_words(b->s, b->len, 3) < 2)
			break;
		drop_head(b, w);
		again = 1;
	}
}

/* "1G test", "100M run": a quantity and the word "test" name the quantity compared. */
static void quantity_test(struct buf *b)
{
	static const char *const tail[] = { "test", "tests", "run", "runs", "benchmark", NULL };
	size_t w = b->len;

	while (w && is_word_char((unsigned char)b->s[w - 1]))
		w--;
	if (!w || w == b->len || !is_space(b->s[w - 1]) || !strpbrk(b->s, "0123456789"))
		return;
	if (word_in(b->s + w, b->len - w, tail)) {
		b->len = w;
		b->s[b->len] = '\0';
		tidy(b);
	}
}

/*
 * The word table behind struct word's `lists`: every word of the lists
 * with a WL_ bit, and every format's name, each with the bits of the
 * lists that hold it. Built once, before the first word is asked of it
 * (pthread_once: the reading threads share it), and read without a lock.
 * A word is in a list here exactly when in_list_word() finds it there.
 */
#define WORDTAB_SLOTS 2048 /* a power of two, over twice the words (396 at this writing) */
static struct wordtab_slot {
	const char *w; /* NULL: empty */
	size_t len;
	uint32_t hash; /* hash_fnv1a() of w */
	unsigned lists;
} wordtab[WORDTAB_SLOTS];
static pthread_once_t wordtab_once = PTHREAD_ONCE_INIT;
static atomic_int wordtab_built; /* set, with release, once the table is whole */

/* Every word of every list, and every format's name, fit with room to spare: wordtab_add() probes for an empty slot. */
_Static_assert(countof(prose_words) + countof(section_words) + countof(build_words) + countof(aside_words) +
		       countof(change_words) + countof(change_filler) + countof(ordinal_words) +
		       countof(lead_in_words) + countof(condition_words) + countof(outcome_words) +
		       countof(tail_heads) + countof(results_heads) + FMT__COUNT <=
	       WORDTAB_SLOTS / 2,
	       "the word table stays at most half full");

static void wordtab_add(const char *w, unsigned bit)
{
	size_t len = strlen(w);
	unsigned h = hash_fnv1a(w, len) & (WORDTAB_SLOTS - 1);

	while (wordtab[h].w && (wordtab[h].len != len || memcmp(wordtab[h].w, w, len)))
		h = (h + 1) & (WORDTAB_SLOTS - 1);
	wordtab[h].w = w;
	wordtab[h].len = len;
	wordtab[h].hash = hash_fnv1a(w, len);
	wordtab[h].lists |= bit;
	wordtab_numbers |= number_word(w, len);
}

static void wordtab_build(void)
{
	static const struct {
		const char *const *list;
		unsigned bit;
	} lists[] = {
		{ prose_words, WL_PROSE },       { section_words, WL_SECTION },     { build_words, WL_BUILD },
		{ aside_words, WL_ASIDE },       { change_words, WL_CHANGE },       { change_filler, WL_FILLER },
		{ ordinal_words, WL_ORDINAL },   { lead_in_words, WL_LEAD_IN },     { condition_words, WL_CONDITION },
		{ outcome_words, WL_OUTCOME },   { tail_heads, WL_TAIL_HEAD },     { results_heads, WL_RESULTS_HEAD },
	};

	for (size_t k = 0; k < sizeof(lists) / sizeof(lists[0]); k++)
		for (const char *const *w = lists[k].list; *w; w++)
			wordtab_add(*w, lists[k].bit);
	for (int f = FMT_NONE + 1; f < FMT__COUNT; f++)
		if (fmt_from_name(fmt_name((enum fmt)f)) > 0) /* as check_tool_word() asks ("none" is none) */
			wordtab_add(fmt_name((enum fmt)f), WL_FORMAT);
	atomic_store_explicit(&wordtab_built, 1, memory_order_release);
}

/* The word table, built (once) before it is read. */
static void wordtab_ready(void)
{
	if (!atomic_load_explicit(&wordtab_built, memory_order_acquire))
		pthread_once(&wordtab_once, wordtab_build);
}

/*
 * The WL_ bits of the word w[0..n) (lower case, as words() hands it);
 * `hash`: its hash_fnv1a(). The table must be ready (wordtab_ready()).
 */
static unsigned wordtab_lists(const char *w, size_t n, uint32_t hash)
{
	for (unsigned h = hash & (WORDTAB_SLOTS - 1); wordtab[h].w; h = (h + 1) & (WORDTAB_SLOTS - 1))
		if (wordtab[h].hash == hash && wordtab[h].len == n) {
			size_t i = 0;

			while (i < n && wordtab[h].w[i] == w[i]) /* (short words: no call to memcmp()) */
				i++;
			if (i == n)
				return wordtab[h].lists;
		}
	return 0;
}

/* label_read() without its memo of lines; `splits`: the memo's kept splits, or NULL. */
static enum label_kind read_uncached(struct word_splits *splits, const char *s, size_t n, int plain_ok,
				    struct label *out)
{
	struct rx *sum = &label_rx[RX_SUMMARY_TAG];
	int marked = 0, level = 0, summary;
	unsigned has, hasv; /* line_classes() of the line, and of the text its marks leave */
	const char *s0 = s;
	size_t nwords, n0 = n;
	int stop, names_build;

	buf_reset(&out->variant);
	buf_reset(&out->scenario);
	out->kind = LABEL_NONE;
	out->marked = 0;
	out->level = 0;
	out->handle = 0;
	out->build = 0;
	out->summary = 0;
	out->bare = 0;
	if (n > 160)
		return LABEL_NONE;
	/*
	 * The gate: a line no mark makes a label (no '<' for a <summary>
	 * either) reads as nothing unless it stands alone, short, and ends
	 * without a sentence's punctuation. Such a line reads as nothing
	 * with every field clear whatever never_label() says, so it is
	 * turned away before the passes below.
	 */
	summary = memchr(s, '<', n) != NULL;
	if (!summary) {
		size_t words_n;

		marked = unmark(&s, &n, &level);
		if (!marked && (!n || !plain_ok || (words_n = count_words(s, n, 7)) == 0 || words_n > 7 ||
				strchr(".?!,;", s[n - 1])))
			return LABEL_NONE;
		/*
		 * every text below is cut from the line: it holds no byte the
		 * line does not; and from the text unmark() left, s0's bytes
		 * [s - s0, s - s0 + n) (hasv): no byte it does not
		 */
		hasv = line_classes(s, n);
		has = hasv | line_classes(s0, (size_t)(s - s0)) | line_classes(s + n, n0 - (size_t)(s - s0) - n);
	} else {
		hasv = has = line_classes(s0, n0);
	}
	if (never_label(s0, n0, has))
		return LABEL_NONE;
	if (summary && rx_match(out->rx, sum, s, n)) {
		if (!rx_named(out->rx, sum, "t", &s, &n))
			return LABEL_NONE;
		marked = 1;
		out->summary = 1;
		trim(&s, &n);
	} else if (summary) {
		marked = unmark(&s, &n, &level);
	}
	out->level = level;
	out->marked = marked;
	if (!n || (!marked && !plain_ok))
		return LABEL_NONE;
	nwords = words(splits, s, n, NULL, NULL, &stop);
	if (nwords == 0 || (nwords > (marked ? 14u : 7u) && !(marked && ends_colon(s0, n0))))
		return LABEL_NONE;
	if (!marked && strchr(".?!,;", s[n - 1]))
		return LABEL_NONE;

	/* code marks around a name: "`master`" is master */
	if (!(hasv & HAS_TICK))
		buf_add(&out->variant, s, n);
	else
		for (size_t i = 0; i < n; i++)
			if (s[i] != '`')
				buf_addc(&out->variant, s[i]);
	/* a long sentence ending with a colon: only its end may be a label ("…gives, typically, before the change:") */
	if (nwords > 14u && !sentence_tail(splits, &out->variant, hasv)) {
		buf_reset(&out->variant);
		return LABEL_NONE;
	}
	/* (each step below changes nothing in a text without the bytes it looks for) */
	if (hasv & HAS_PAREN)
		drop_asides(splits, &out->variant);
	tidy(&out->variant);
	/* an outcome follows " - ", " : " or "(" */
	if ((hasv & HAS_DIGIT) && (hasv & (HAS_DASH | HAS_COLON | HAS_PAREN)))
		drop_outcome(splits, &out->variant);
	if (hasv & HAS_COMMA)
		cut_clause(splits, &out->variant);
	cut_outline_number(&out->variant);
	if ((((hasv & HAS_DIGIT) && cut_ordinal(splits, &out->variant, hasv) && !out->variant.len) ||
	     glued_ordinal(out->variant.s, out->variant.len)) && !out->level && ends_colon(s0, n0)) {
		buf_reset(&out->variant);
		return out->kind = LABEL_NONE; /* "Run 2:" counts repetitions of what is labelled already */
	}
	if ((hasv & HAS_DIGIT) && out->variant.len) {
		out->variant.len = label_repetition_stem(out->variant.s, out->variant.len);
		out->variant.s[out->variant.len] = '\0';
	}
	if (marked && ends_colon(s0, n0) && change_target(splits, s, n)) {
		buf_reset(&out->variant);
		return out->kind = LABEL_SECTION; /* "to this:" */
	}
	/* a sentence is never a label (but its end may be one): decided before the patterns run */
	if ((marked && (hasv & HAS_F) && from_to(splits, &out->variant)) || !any_word(splits, out->variant.s, out->variant.len, WL_PROSE)) {
		/* a label, or the end of a change a sentence names ("from thin to fat") */
	} else if (!(marked && (change_label(splits, &out->variant) || sentence_tail(splits, &out->variant, hasv)))) {
		buf_reset(&out->variant);
		return out->kind = LABEL_NONE;
	}
	/* the pattern is anchored on a word that begins with one of these letters, in either case */
	if (out->variant.len && strchr("rnbmotfsRNBMOTFS", out->variant.s[0]) &&
	    may_be_results_for(splits, out->variant.s, out->variant.len) &&
	    rx_match(out->rx, &label_rx[RX_RESULTS_FOR], out->variant.s, out->variant.len)) {
		const char *m;
		size_t mn;

		if (!rx_group(out->rx, &label_rx[RX_RESULTS_FOR], 0, &m, &mn))
			mn = 0; /* group 0 is the whole match: always there */
		memmove(out->variant.s, out->variant.s + mn, out->variant.len - mn + 1);
		out->variant.len -= mn;
	}
	trim_connectives(splits, &out->variant);
	quantity_test(&out->variant);
	take_scenario(out->rx, &out->variant, &out->scenario);

	if (!out->variant.len)
		return out->kind = out->scenario.len ? LABEL_SCENARIO : LABEL_SECTION;
	if (marked && names_test(splits, out->variant.s, out->variant.len) &&
	    !any_word(splits, out->variant.s, out->variant.len, WL_BUILD) &&
	    !any_word(splits, out->variant.s, out->variant.len, WL_CHANGE) &&
	    !all_words(splits, out->variant.s, out->variant.len, WL_SECTION)) {
		/* "## TCP bandwidth test": what was measured, not a build */
		if (out->scenario.len)
			buf_adds(&out->scenario, ", ");
		buf_add(&out->scenario, out->variant.s, out->variant.len);
		buf_reset(&out->variant);
		return out->kind = LABEL_SCENARIO;
	}
	if (all_words(splits, out->variant.s, out->variant.len, WL_SECTION) || tool_section(splits, out->variant.s, out->variant.len) ||
	    dated_section(out->variant.s, out->variant.len) ||
	    spec_heading(out->variant.s, out->variant.len)) {
		/* "Results", "Test environment", "K6 Output"; "Server" of "Server mode" went to the scenario */
		buf_reset(&out->variant);
		return out->kind = out->scenario.len ? LABEL_SCENARIO : LABEL_SECTION;
	}
	/* a long line ending a sentence with a colon: its end names the build ("...processes before the patch:") */
	if (marked && !out->level && ends_colon(s0, n0) && text_words(out->variant.s, out->variant.len, 6) > 5)
		sentence_tail(splits, &out->variant, hasv);
	/* the text no longer changes: whether it names a build is asked once */
	names_build = any_word(splits, out->variant.s, out->variant.len, WL_BUILD) ||
		      text_is_commit_hash(out->variant.s, out->variant.len); /* the build of that commit */
	/* (words between blanks: "v4.8.4" and "CONFIG_X86_5LEVEL=y" are one each) */
	if (!names_build && !out->level && text_words(out->variant.s, out->variant.len, 6) > 5 &&
	    !(marked && ends_colon(s0, n0) && sentence_tail(splits, &out->variant, hasv))) {
		/* a long line that names no build is a caption, not a variant (its end may be one) */
		buf_reset(&out->variant);
		return out->kind = LABEL_NONE;
	}
	if (!marked && !names_build && !change_label(splits, &out->variant)) {
		/* a bare short line without a build word: a heading, not a variant (its text kept: bare) */
		if (out->scenario.len) {
			buf_reset(&out->variant);
			return out->kind = LABEL_SCENARIO;
		}
		out->bare = 1;
		return out->kind = LABEL_SECTION;
	}
	out->build = names_build || any_word(splits, out->variant.s, out->variant.len, WL_CHANGE);
	/* "alice:": one word that names no build may be who wrote what follows */
	out->handle = !out->level && text_words(out->variant.s, out->variant.len, 2) == 1 &&
		      !names_build && !strpbrk(out->variant.s, "0123456789");
	return out->kind = LABEL_VARIANT;
}

/*
 * What label_read() made of recent lines, by a hash of the line: a log
 * repeats its captions ("Results:", "After the change:") block after
 * block. Every field of *out is kept; no line is kept while a pattern
 * failure is pending (it may be this line's), so that a failing line is
 * read (and reported) again. One slot a hash: a log's dozen recurring
 * captions and the lines that differ each time (a round's number) must
 * rarely meet in one, so there are many (about 550 KB a parse context,
 * calloc'd: a slot's pages are touched when it is first used). With 256,
 * a caption that comes back every seventh round of the bench log was
 * pushed out by the rounds' new lines one time in four.
 * A pure cache: a line is read the same with or without it.
 */
#define LABEL_MEMO_SLOTS 1024
#define LABEL_MEMO_TEXT 161 /* label_read() reads lines of up to 160 bytes */
struct label_memo {
	struct label_memo_slot {
		uint32_t len; /* 0: empty slot */
		int plain_ok;
		char text[LABEL_MEMO_TEXT];
		enum label_kind kind;
		int marked, level, handle, build, summary, bare;
		uint32_t variant_len, scenario_len;
		char variant[LABEL_MEMO_TEXT], scenario[LABEL_MEMO_TEXT];
	} slot[LABEL_MEMO_SLOTS];
	struct word_splits splits; /* words()'s last splits, of any line read (read_uncached()) */
};

struct label_memo *label_memo_new(void)
{
	struct label_memo *lm = xcalloc(1, sizeof(struct label_memo));

	for (unsigned k = 0; k < SPLITS; k++)
		lm->splits.slot[k].n = SIZE_MAX;
	return lm;
}

void label_memo_free(struct label_memo *lm)
{
	free(lm);
}

enum label_kind label_read(const char *s, size_t n, int plain_ok, struct label *out)
{
	struct label_memo_slot *m;
	enum label_kind k;

	if (!out->memo)
		return read_uncached(NULL, s, n, plain_ok, out);
	if (n == 0 || n >= LABEL_MEMO_TEXT)
		return read_uncached(&out->memo->splits, s, n, plain_ok, out);
	m = &out->memo->slot[(hash_line(s, n) ^ (unsigned)!!plain_ok) % LABEL_MEMO_SLOTS];
	if (m->len == n && m->plain_ok == !!plain_ok && !memcmp(m->text, s, n)) {
		buf_reset(&out->variant);
		buf_add(&out->variant, m->variant, m->variant_len);
		buf_reset(&out->scenario);
		buf_add(&out->scenario, m->scenario, m->scenario_len);
		out->kind = m->kind;
		out->marked = m->marked;
		out->level = m->level;
		out->handle = m->handle;
		out->build = m->build;
		out->summary = m->summary;
		out->bare = m->bare;
		return m->kind;
	}
	k = read_uncached(&out->memo->splits, s, n, plain_ok, out);
	m->len = 0;
	if (out->variant.len < LABEL_MEMO_TEXT && out->scenario.len < LABEL_MEMO_TEXT &&
	    !rx_failed(out->rx)) {
		m->len = (uint32_t)n;
		m->plain_ok = !!plain_ok;
		memcpy(m->text, s, n);
		m->kind = out->kind;
		m->marked = out->marked;
		m->level = out->level;
		m->handle = out->handle;
		m->build = out->build;
		m->summary = out->summary;
		m->bare = out->bare;
		m->variant_len = (uint32_t)out->variant.len;
		memcpy(m->variant, buf_str(&out->variant), out->variant.len);
		m->scenario_len = (uint32_t)out->scenario.len;
		memcpy(m->scenario, buf_str(&out->scenario), out->scenario.len);
	}
	return k;
}

void label_release(struct label *l)
{
	buf_release(&l->variant);
	buf_release(&l->scenario);
}

static const char *const filler_words[] = { "build", "builds", "version", "binary", "variant", NULL };

/* One spelling for the forms of a word an author switches between ("PGO optimization", "PGO optimized"). */
static const struct {
	const char *form, *key;
} word_forms[] = {
	{ "optimization", "optimized" }, { "optimisation", "optimized" }, { "optimised", "optimized" },
	{ "optimize", "optimized" },     { "optimise", "optimized" },     { "instrumentation", "instrumented" },
	{ "instrument", "instrumented" },
};

static void add_word(struct buf *out, const char *w, size_t n)
{
	for (size_t k = 0; k < sizeof(word_forms) / sizeof(word_forms[0]); k++)
		if (strlen(word_forms[k].form) == n && !memcmp(word_forms[k].form, w, n)) {
			buf_adds(out, word_forms[k].key);
			return;
		}
	buf_add(out, w, n);
}

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
					add_word(out, norm.s + i, j - i);
				}
			}
			i = j + 1;
		}
	}
	if (!out->s)
		buf_grow(out, 0), out->s[0] = '\0';
	buf_release(&norm);
}
