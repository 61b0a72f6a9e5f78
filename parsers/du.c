/*
 * du.c - `du` listings ("122M<TAB>./deno", one size and one path a line)
 * → one run per path, named by its file name (origin "filename", as GNU
 * size's rows are), with one file_size measurement in bytes. The unit is
 * what the `du` command above the listing asks for (-h powers of 1024,
 * --si powers of 1000, -b bytes, -k, -m, -B SIZE; none: GNU's 1024-byte
 * blocks); without a command, letters after the sizes say -h (a 'k' says
 * --si), a size unit in brackets on the line right above ("[ disc-usage
 * [MiB] ]") counts bare numbers, and a listing of bare numbers without
 * either is not read. `-h` prints a decimal
 * mark under the locale's rules ("9,8M" under de_DE): the whole listing's
 * mark is the first one printed, and a size with the other is damage. The
 * `-c` total is the sum of the rows: a note, never a run. A comment after
 * the command ("$ du -h ./deno # full LTO") names the build, as an `ls -l`
 * line's comment does in sizelist.c: the runs' variant (origin label),
 * and each file their scenario.
 */
#include "parsers/cmdsplit.h"
#include "parsers/sizefile.h"
#include "parsers/units.h"
#include "util/text.h"

/* What a line of a du listing is, by its shape: a size word, a separator, a path. */
enum kind {
	K_NONE,
	K_ROW,   /* "122M<TAB>./deno", "4.0K    b", "16163864<TAB>target/release/xh" */
	K_TOTAL, /* "12M<TAB>total" (-c) */
	K__COUNT
};

static const char *const kinds[] = { "none", "row", "total" };

static int unit_letter(char c)
{
	return c && strchr("KMGTPEk", c) != NULL;
}

/*
 * The size word of a line and where its path starts: the word (at most 20
 * bytes, a digit in it), then a tab, or blanks up to the tab stop of column
 * 8 (a tab a terminal or a page turned into spaces), or one blank before a
 * path that looks like one ('/' in it, or '.' or '~' first). Returns the
 * word's length and sets *path, or 0.
 */
static size_t split(const char *s, size_t n, const char **path)
{
	size_t t = 0, k, digits = 0;

	while (t < n && s[t] != ' ' && s[t] != '\t')
		digits += char_is_digit(s[t++]);
	if (!t || t > 20 || t >= n || !digits)
		return 0;
	if (s[t] == '\t') {
		k = t + 1;
	} else {
		for (k = t; k < n && s[k] == ' '; k++)
			;
		if (k >= n || s[k] == '\t')
			return 0;
		if (k % 8 != 0 && !(k == t + 1 && (s[k] == '.' || s[k] == '~' || memchr(s + k, '/', n - k))))
			return 0;
	}
	while (k < n && (s[k] == ' ' || s[k] == '\t'))
		k++;
	if (k >= n)
		return 0;
	*path = s + k;
	return t;
}

/*
 * By its shape alone (a digit garbled in the size keeps the line a row): a
 * size word of letters, digits and marks that begins with a digit or ends
 * in one or in a unit letter, its separator and a path.
 */
static enum kind classify(const struct line *l)
{
	const char *s = l->s + l->indent, *path;
	size_t n = line_end(l) - l->indent, t;

	if (n < 3)
		return K_NONE;
	t = split(s, n, &path);
	if (!t || !(char_is_digit(s[0]) || char_is_digit(s[t - 1]) || unit_letter(s[t - 1])))
		return K_NONE;
	for (size_t i = 0; i < t; i++)
		if (!(char_is_digit(s[i]) || s[i] == '.' || s[i] == ',' || ((s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'z')))
			return K_NONE;
	return (size_t)(s + n - path) == 5 && !memcmp(path, "total", 5) ? K_TOTAL : K_ROW;
}
PARSER_CLASSIFIER(classify, kinds, K__COUNT);

/*
 * Is `p[0..n)` what du prints after a size: a path, not more figures? No
 * tab and no gap of two blanks (the next cell of a table), and no digit
 * or sign first (a figure: "327.3ms").
 */
static int path_like(const char *p, size_t n)
{
	if (!n || char_is_digit(p[0]) || p[0] == '-' || p[0] == '+')
		return 0;
	for (size_t i = 0; i < n; i++)
		if (p[i] == '\t' || (i && p[i] == ' ' && p[i - 1] == ' '))
			return 0;
	return 1;
}

/*
 * Outside a listing, a line starts one only in du's own shape: the size
 * and a tab, as GNU du separates them ("4096<TAB>./lib"; a size without a
 * unit letter then needs a path with a '/' or a '.', so that "2<TAB>apples"
 * stays prose), or a size with a unit letter and a path where a terminal
 * turned the tab into blanks ("9,8M    target/app"; a bare size before an
 * absolute path: "15893   /home/src/git"). A row of figures
 * aligned with blanks (" 1024    327.3ms      1.23s") is a table's, never
 * du's. A size garbled in its first line is still claimed (and reported
 * by the parse).
 */
static enum claim claim(const struct line *l, int in_block, void *state)
{
	const char *s = l->s + l->indent, *path;
	size_t n = line_end(l) - l->indent, t, pn;

	(void)state;
	if (classify(l) == K_NONE)
		return CLAIM_NONE;
	if (in_block)
		return CLAIM_BODY;
	t = split(s, n, &path);
	pn = (size_t)(s + n - path);
	if (!path_like(path, pn))
		return CLAIM_NONE;
	if (s[t] == ' ')
		/* a bare size needs an absolute path ("15893   /home/src/git", -m under a caption) */
		return (size_t)(path - s) % 8 == 0 && (unit_letter(s[t - 1]) || path[0] == '/') ? CLAIM_START
												 : CLAIM_NONE;
	if (!unit_letter(s[t - 1]) && !(path[0] == '~' || memchr(path, '/', pn) || memchr(path, '.', pn)))
		return CLAIM_NONE;
	return CLAIM_START;
}

/* The unit the sizes of a listing are in. */
struct du_unit {
	int human;     /* 1024 (-h) or 1000 (--si): a letter says the power; 0: sizes are `block`s */
	double block;  /* bytes a bare number counts (-b 1, -k 1024, -m 1048576, -B SIZE) */
	const char *why; /* what told it, for the note; NULL when nothing did */
};

/* "-B SIZE" / "--block-size=SIZE": "1", "K", "1K", "KiB" (1024s), "KB" (1000s), "512". */
static int block_size(const char *s, size_t n, double *out)
{
	size_t d = 0;
	double f = 1, v = 1;

	while (d < n && char_is_digit(s[d]))
		d++;
	if (d && num_parse(s, d, &v) < 0)
		return -1;
	if (d < n) {
		static const char letters[] = "KMGTPE";
		const char *p = strchr(letters, s[d] == 'k' ? 'K' : s[d]);
		int si = n - d == 2 && s[d + 1] == 'B';

		if (!p || !s[d] || (n - d > 1 && !si && !(n - d == 3 && s[d + 1] == 'i' && s[d + 2] == 'B')))
			return -1;
		for (const char *q = letters; q <= p; q++)
			f *= si ? 1000 : 1024;
	}
	*out = v * f;
	return *out > 0 ? 0 : -1;
}

/*
 * Read the unit from a `du` command line: its options, the last of each
 * kind winning as in GNU du. Returns 0 when `cmd` runs du (the unit set,
 * GNU's 1024-byte blocks when no option says), -1 otherwise.
 */
static int unit_of_command(const char *cmd, struct du_unit *u)
{
	size_t pn, i;
	const char *p = cmd ? cmd_program(cmd, &pn) : NULL, *end;

	if (!p || !((pn == 2 && !memcmp(p, "du", 2)) || (pn > 3 && !memcmp(p + pn - 3, "/du", 3))))
		return -1;
	u->human = 0;
	u->block = 1024;
	u->why = "du's default, 1024-byte blocks";
	end = p + strlen(p);
	for (i = pn; p + i < end;) {
		size_t w, wn;
		const char *a;

		while (p + i < end && p[i] == ' ')
			i++;
		a = p + i;
		for (wn = 0; p + i < end && p[i] != ' '; i++)
			wn++;
		if (wn && a[0] == '#')
			break; /* a comment: "$ du -h ./deno # full LTO" */
		if (wn < 2 || a[0] != '-')
			continue;
		if (a[1] == '-') {
			if (wn == 16 && !memcmp(a, "--human-readable", 16))
				u->human = 1024, u->why = "du -h";
			else if (wn == 4 && !memcmp(a, "--si", 4))
				u->human = 1000, u->why = "du --si";
			else if (wn == 7 && !memcmp(a, "--bytes", 7))
				u->human = 0, u->block = 1, u->why = "du -b";
			else if (wn > 13 && !memcmp(a, "--block-size=", 13) && block_size(a + 13, wn - 13, &u->block) == 0)
				u->human = 0, u->why = "du --block-size";
			continue;
		}
		for (w = 1; w < wn; w++) {
			switch (a[w]) {
			case 'h': u->human = 1024, u->why = "du -h"; break;
			case 'b': u->human = 0, u->block = 1, u->why = "du -b"; break;
			case 'k': u->human = 0, u->block = 1024, u->why = "du -k"; break;
			case 'm': u->human = 0, u->block = 1048576, u->why = "du -m"; break;
			case 'B': {
				/* "-BM", or "-B" and the next word */
				const char *v = a + w + 1;
				size_t vn = wn - w - 1;

				if (!vn) {
					while (p + i < end && p[i] == ' ')
						i++;
					v = p + i;
					for (vn = 0; p + i < end && p[i] != ' '; i++)
						vn++;
				}
				if (block_size(v, vn, &u->block) == 0)
					u->human = 0, u->why = "du -B";
				w = wn;
				break;
			}
			case 'd': case 'X': /* their value is the rest of the word, or the next word */
				if (w + 1 == wn) {
					while (p + i < end && p[i] == ' ')
						i++;
					while (p + i < end && p[i] != ' ')
						i++;
				}
				w = wn;
				break;
			default: break;
			}
		}
	}
	return 0;
}

/*
 * The size s[0..t) in bytes under unit `u` and decimal mark `mark`: its
 * number's span in *num, *num_len. -1 when it does not read (a garbled
 * digit, the other mark, a letter where the unit has none).
 */
static int size_of(const char *s, size_t t, const struct du_unit *u, char mark, double *v, size_t *num_len)
{
	char plain[32], spelled[4];
	size_t k = t;
	enum unit su;

	if (u->human && unit_letter(s[t - 1]))
		k--;
	*num_len = k;
	if (k >= sizeof(plain) || !k)
		return -1;
	for (size_t i = 0; i < k; i++) {
		if (s[i] == '.' || s[i] == ',') {
			if (s[i] != mark || !u->human)
				return -1;
			plain[i] = '.';
		} else {
			plain[i] = s[i];
		}
	}
	if (!u->human) {
		double n;

		if (num_parse(plain, k, &n) < 0)
			return -1;
		*v = n * u->block;
		return 0;
	}
	if (k == t)
		return num_parse(plain, k, v);
	/* -h prints "K", "M"... for powers of 1024; --si "k", "M"... for powers of 1000 */
	spelled[0] = s[t - 1];
	if (u->human == 1024) {
		if (spelled[0] == 'k')
			return -1;
		spelled[1] = 'i', spelled[2] = 'B', spelled[3] = '\0';
	} else {
		spelled[0] = spelled[0] == 'K' ? 'k' : spelled[0];
		spelled[1] = 'B', spelled[2] = '\0';
	}
	return unit_value(plain, k, spelled, strlen(spelled), &su, v) == 0 && su == UNIT_BYTE ? 0 : -1;
}

/* The comment after a command ("# full LTO"), without its '#' and blanks; NULL when none. */
static const char *command_comment(const char *cmd, size_t *len)
{
	const char *h = cmd ? strstr(cmd, " #") : NULL, *e;

	if (!h)
		return NULL;
	for (h += 2; *h == ' ' || *h == '#'; h++)
		;
	for (e = h + strlen(h); e > h && (e[-1] == ' ' || e[-1] == '\t'); e--)
		;
	*len = (size_t)(e - h);
	return *len ? h : NULL;
}

/* Name the runs [first, nruns) by the command's comment: the build; each file is its scenario. */
static void name_by_comment(struct sink *s, const struct block *b, uint32_t first)
{
	size_t n;
	const char *c = command_comment(b->context, &n);

	if (!c)
		return;
	c = sink_strndup(s, c, n);
	for (uint32_t i = first; i < s->rs->nruns; i++) {
		struct run *r = &s->rs->runs[i];

		r->scenario = r->variant.text;
		r->variant.text = c;
		r->variant.origin = VO_LABEL;
		if (b->above && b->above_line && !strcmp(b->above, b->context))
			r->name_line = b->above_line;
	}
}

/*
 * Without a du command: a size unit in brackets on the line right above
 * the listing ("[ disc-usage [MiB] ]", "Sizes (KiB):") counts its bare
 * numbers. 0 when it gives one.
 */
static int unit_of_caption(const char *above, struct du_unit *u)
{
	for (const char *p = above; p && (p = strpbrk(p, "([")) != NULL; p++) {
		const char *e = strchr(p + 1, *p == '(' ? ')' : ']'), *a = p + 1;
		enum unit un;
		double f;

		if (!e)
			return -1;
		while (a < e && *a == ' ')
			a++;
		while (e > a && e[-1] == ' ')
			e--;
		if (e > a && unit_lookup_hand(a, (size_t)(e - a), &un, &f) == 0 && un == UNIT_BYTE) {
			u->human = 0;
			u->block = f;
			u->why = "the unit in brackets on the line above";
			return 0;
		}
	}
	return -1;
}

static int parse(const struct block *b, struct sink *s)
{
	uint32_t first = (uint32_t)s->rs->nruns;
	struct size_names names = { first, NULL, 0, 0 };
	struct du_unit u = { 0, 0, NULL };
	char mark = 0;
	int letters = 0, si = 0, commanded = unit_of_command(b->context, &u) == 0;

	/* the listing's own evidence: letters after its sizes, and its decimal mark */
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		const char *w = l->s + l->indent, *path;
		size_t t;

		if (classify(l) == K_NONE || !(t = split(w, line_end(l) - l->indent, &path)))
			continue;
		letters |= unit_letter(w[t - 1]);
		si |= w[t - 1] == 'k';
		for (size_t k = 1; !mark && k + 1 < t; k++)
			if ((w[k] == '.' || w[k] == ',') && char_is_digit(w[k - 1]) && char_is_digit(w[k + 1]))
				mark = w[k];
	}
	if (!commanded && letters) {
		u.human = si ? 1000 : 1024;
		u.why = si ? "a 'k' after a size: du --si" : "letters after the sizes: du -h";
	} else if (!commanded && b->above && b->above_line + 1 == b->lines[0].no) {
		unit_of_caption(b->above, &u);
	}
	if (!u.why) {
		sink_warn(s, &b->lines[0], "du listing without its unit (no du command above, no letter after "
			  "a size): not read");
		return 0;
	}
	for (uint32_t i = 0; i < b->n; i++) {
		const struct line *l = &b->lines[i];
		const char *w = l->s + l->indent, *path;
		size_t n = line_end(l) - l->indent, t, num_len;
		enum kind k = classify(l);
		double v;
		uint32_t run;

		if (k == K_NONE)
			continue;
		t = split(w, n, &path);
		if (size_of(w, t, &u, mark ? mark : '.', &v, &num_len) < 0) {
			sink_lost(s, l, "garbled du line");
			continue;
		}
		if (k == K_TOTAL) {
			if (s->rs->nruns > first)
				sink_note(s, first, NOTE_SUMMARY, l, "du total of the listing: %.*s", (int)t, w);
			continue;
		}
		run = sink_run(s, l);
		size_name_run(s, &names, run, path, (size_t)(w + n - path), NULL, 0);
		sink_measure(s, run, "file_size", STAT_VALUE, UNIT_BYTE, v, 0, l, w, num_len);
		if (run == first)
			sink_note(s, run, NOTE_INFO, l, "du sizes: %s", u.why);
	}
	size_names_finish(s, &names);
	name_by_comment(s, b, first);
	return (int)(s->rs->nruns - first);
}

const struct parser du_parser = {
	.fmt = FMT_DU,
	.starts = "0123456789",
	.claim = claim,
	.state_size = 0,
	.classify = classify_hook,
	.kinds = kinds,
	.nkinds = countof(kinds),
	.parse = parse,
	.rx = NULL,
	.nrx = 0,
};
