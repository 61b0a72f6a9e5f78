/*
 * comparer.h - what the readers of benchmark comparers share (benchstat
 * v1 and v2, benchcmp, critcmp, cargo benchcmp): a table's cells by their
 * display columns, one run per benchmark and column named by the column,
 * the names of the columns (the files or baselines compared), the file
 * names a comparer's command line gives, and the comparer's own verdicts
 * kept as notes.
 *
 * A comparer's table compares builds: each of its columns is a variant.
 * The name a parser proposes for a column (origin label, the line that
 * named it kept) is, strongest first: the column's own header (benchstat
 * v2's file columns, critcmp's baselines, cargo benchcmp's names), the
 * files the comparer's command line above the table names ("benchstat
 * before.txt after.txt"), then the comparer's "old" and "new". The naming
 * pass (store/naming.c) takes them as a label of the data.
 */
#ifndef BD_PARSERS_COMPARER_H
#define BD_PARSERS_COMPARER_H

#include "parsers/parser.h"

/* One blank-separated token of a line, with its display columns. */
struct cmp_tok {
	const char *s;
	size_t n;
	uint32_t col;    /* display column of its first byte, from the start of the cleaned line */
	uint32_t endcol; /* one past its last character */
};

/*
 * The display column of byte `p` of l->s, counted from the start of the
 * cleaned line (the block's common indentation included): one column per
 * character, UTF-8 continuation bytes counting none.
 */
uint32_t comparer_col(const struct line *l, const char *p);

/*
 * The tokens of l->s[from..len) (blanks are spaces and tabs), at most
 * `max` of them; returns how many there are (which may exceed `max`:
 * only the first `max` are filled in).
 */
size_t comparer_tokens(const struct line *l, size_t from, struct cmp_tok *t, size_t max);

/*
 * The same, inline HTML tags ("<pre>", "<font color=...>", "</b>") read as
 * blanks: a table pasted into a thread inside <pre> with its colours.
 */
size_t comparer_tokens_html(const struct line *l, size_t from, struct cmp_tok *t, size_t max);

/*
 * Variant names for the columns of a comparison from what the comparer
 * printed for them in[0..n) (file names, baselines, prefixes): an
 * extension of letters every name has ("old.txt", "new.txt"), separators
 * ending them ("snappy/cpp/", "dense::"), a leading directory they all
 * share, and what they all end with after a '_', '-' or '/' are dropped
 * when each name keeps something ("go1.9.2_01.txt", "goDevel_01.txt" →
 * "go1.9.2", "goDevel"); what they shared at their end is *scenario
 * ("01"), else "". Strings are the sink's (arena).
 */
void comparer_names(struct sink *s, const char *const *in, const size_t *lens, size_t n,
		    const char **out, const char **scenario);

/*
 * The files (or labels, "label=path" naming a column "label") a
 * comparer's command line `cmd` gives after the word `tool` ("benchstat",
 * "benchcmp"), options and their values skipped, up to a shell operator,
 * as pointers into `cmd` and lengths. Returns how many; 0 when the line
 * does not run `tool`, gives more than `max`, or gives a word that is no
 * file (a path or a name with an extension) and no "label=path": a
 * sentence that mentions the tool.
 */
size_t comparer_command_files(const char *cmd, const char *tool, const char **files,
			      size_t *lens, size_t max);

/*
 * The names of a two-column comparison that prints only "old" and "new"
 * (benchstat v1, benchcmp): the two files the command line above the
 * block gives when it runs `tool` (comparer_names() of them, *line its
 * line), else "old" and "new" (*line 0: the caller's header names them).
 * *scenario is what the files shared, or "".
 */
void comparer_old_new(struct sink *s, const char *tool, const char **names, uint32_t *line,
		      const char **scenario);

/* The length of the number s[0..n) starts with ("7.79" of "7.79µs", "-1" of "-1,234"), 0 when none. */
size_t comparer_number_len(const char *s, size_t n);

/*
 * The comparer's sample counts "n=10" or "n=9+10" in text[0..n) (a
 * "(p=0.000 n=9+10)" cell): *base and *cand are set (equal for "n=10").
 * Returns 1 when the counts read, 0 when there is no "n=", -1 when it
 * is garbled.
 */
int comparer_counts(const char *text, size_t n, uint32_t *base, uint32_t *cand);

/*
 * Begin a run of benchmark `name` (copied) at line `l` inside transaction
 * `t`, the column's name proposed as its variant (origin label, `name_line`
 * the line that named it, 0 for the run's own; "" or NULL proposes none) and
 * `scenario` ("" for none) set. A comparer's runs have no command: it ran none.
 */
uint32_t comparer_run(struct sink *s, struct sink_txn *t, const struct line *l, const char *name,
		      size_t n, const char *variant, uint32_t name_line, const char *scenario);

/*
 * Is s[0..n) a superscript footnote marker (benchstat's ¹, ², ³, ⁴ …,
 * one or more digits)? Its number is set in *num.
 */
int comparer_footnote(const char *s, size_t n, unsigned *num);

/*
 * Is `l` a benchstat v1 group line, "pkg:hash/crc32 goos:darwin
 * goarch:amd64": words that are all "key:value", the first lowercase?
 */
int comparer_group_line(const struct line *l);

#endif
