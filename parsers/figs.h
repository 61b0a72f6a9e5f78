/*
 * figs.h - the figures of one line, read whole or not at all: what the
 * system benchmark and size parsers share (redis-benchmark, memtier,
 * pgbench, sysbench, fio, du, bloaty, objdump -h). Each figure is read
 * from its printed number and unit through units.c; when one does not
 * read, the line is garbled and none of its figures is kept.
 */
#ifndef BD_PARSERS_FIGS_H
#define BD_PARSERS_FIGS_H

#include "parsers/parser.h"

#define FIGS_MAX 24

struct figs {
	size_t n;
	int bad; /* a figure did not read: the line is garbled */
	struct {
		const char *quantity; /* a literal, or in the sink's arena */
		enum stat_kind stat;
		enum unit unit;
		double v;
		const char *num; /* the printed number, inside the line */
		size_t len;
	} f[FIGS_MAX];
};

/* Start an empty set. */
void figs_init(struct figs *fs);
/*
 * Add the figure `num` printed in unit `unit` ("ms", "MiB/s"; converted by
 * units.c). A '+' before the number is dropped (bloaty's "+18"); a NULL
 * num (the pattern did not capture it) or a number or unit that does not
 * read marks the set bad.
 */
void figs_unit(struct figs *fs, const char *quantity, enum stat_kind stat, const char *num, size_t len,
	       const char *unit, size_t unit_len);
/* Add the plain number `num` times `factor`, stored in `unit` (a count, a rate: UNIT_COUNT, UNIT_PER_S). */
void figs_plain(struct figs *fs, const char *quantity, enum stat_kind stat, const char *num, size_t len,
		enum unit unit, double factor);
/*
 * Keep every figure of the set on `run` (each summarizing `count` samples,
 * 0 when unknown), read from line `l`. Returns the figures kept, or -1
 * when the set is bad: then nothing is kept and the caller reports the
 * line as damage.
 */
int figs_commit(struct figs *fs, struct sink *s, uint32_t run, const struct line *l, uint32_t count);

/* The word of `s[0..n)` that starts at `*i` (blanks skipped), its length in *len; NULL at the end. */
const char *figs_word(const char *s, size_t n, size_t *i, size_t *len);

#endif
